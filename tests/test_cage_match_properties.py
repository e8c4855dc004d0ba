"""Properties of Cage Match! sessions over any sequence of answers.

As tests/test_properties.py (NHB) and tests/test_fo_properties.py (FO) do: a
fight is a log of answers (shared/DESIGN.md); whatever is typed, a session
either accepts it or refuses it (ruling D-5) and nothing else happens; an
answer that fits the prompt is never refused; the live state is always the
fold of the answers; undoing and redoing never change where the fight stands.

On top of that, for Cage Match: the secret answer in any of the forms a player
may type it (design 5.2: either order, r=/b=, any unambiguous start of a move,
upper case, +dN/+xN in either order, ``roll`` for a corner or both) is
accepted whenever its focus fits, and a move the fighter cannot do now is
accepted too (the text: the default move is done); the focus it spends is
the move's own cost (only when it can be done) plus the extras (CM-4); hit
points stay between 0 and the start and never go up; focus stays 0 to 10
(CM-1); random play always ends, by KO, double knockout or submission; and an
answer made to be wrong (a corner missing or twice, a move not on the pad, an
ambiguous start, more focus than held or allowed, a face no d6 has, a choice
not offered) is refused and changes nothing.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
import tiers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

pytest.register_assert_rewrite("session_checks")

import session_checks

from companion.dice import Refused, read_faces
from companion.ruleset import SIDES, ChoicePrompt, PadSide, RollPrompt, SecretPrompt, Setup
from companion.rulesets.cage_match import RULESET
from companion.session import Session, resume, start
from companion.store import Store

SETTINGS = settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])

ROSTER = tiers.shipped_roster("cage_match")
TABLES = tiers.shipped_tables("cage_match")
"""The shipped card, checked once (every Setup carries it, as ``companion script`` does)."""
START = TABLES["start"]
FOCUS_MAX = TABLES["focus"]["max"]
PAIRS = [(a, b) for a in ROSTER.cards for b in ROSTER.cards if a.name != b.name]

SETUPS = st.builds(
    lambda pair, first_fight, spill: Setup(
        "cage_match",
        pair,
        {
            "first_fight": first_fight,
            "muscle_spill": spill,
            "catchweight": pair[0].weight_class != pair[1].weight_class,
        },
        TABLES,
    ),
    st.sampled_from(PAIRS),
    st.booleans(),
    st.booleans(),
)

VOCAB = (
    ["red=jab blue=jab", "red=protect blue=focus", "blue=taunt red=taunt", "r=j b=p", "red=roll blue=roll", "roll"]
    + [
        "red=jab",
        "blue=jab",
        "red=jab red=jab",
        "red=jab+d1 blue=jab+x1",
        "red=jab+d9 blue=jab",
        "red= blue=",
        "red=+d1 blue=jab",
        "red=jab++d1 blue=jab",
        "red=jab+d-1 blue=jab",
        "=jab =jab",
        "red=jab,blue=jab",
    ]
    + ["3 4", "1 1", "6 6", "6,6", " 2  5 ", "0 3", "7 1", "3", "1 2 3", "d6", "9" * 40]
    + ["stop", "go", "s", "g", "STOP", "stay", "st", "cross", "jab", "armbar", "ground-and-pound", "x", "combo"]
    + ["", " ", "#", "undo", "ROLL", "roll 5", "red=ROLL BLUE=ROLL"]
)
"""Typed answers: secret answers (fitting or not), faces, choice keys, no answer at all."""


OPS = session_checks.play_steps(VOCAB, 160)


# --- answers that fit, and answers made to be wrong ------------------------------------


def starts(pad: PadSide, key: str) -> list[str]:
    """Every start of ``key`` that names it on ``pad`` (the key itself always does)."""
    return [
        key[:i]
        for i in range(1, len(key) + 1)
        if pad.find(key[:i]) is not None and not isinstance(pad.find(key[:i]), tuple) and pad.find(key[:i]).key == key
    ]


def budget(pad: PadSide, key: str) -> int:
    """Focus left for extras after ``key``'s own cost (not paid when it cannot be done: CMD-3)."""
    move = next(o for o in pad.options if o.key == key)
    return pad.focus - (move.focus_cost if move.allowed else 0)


def fitting_pick(pad: PadSide, rng: random.Random) -> tuple[str, str | None, int, int]:
    """(text, move key or None for ``roll``, focus on dice, focus on damage): a pick that must be accepted."""
    if rng.random() < 0.08:
        return "roll", None, 0, 0
    options = [o for o in pad.options if budget(pad, o.key) >= 0]  # any move, possible now or not
    move = rng.choice(options)
    left = budget(pad, move.key)
    dice = rng.randint(0, min(pad.max_dice, left)) if rng.random() < 0.5 else 0
    damage = rng.randint(0, min(pad.max_damage, left - dice)) if rng.random() < 0.5 else 0
    spends = []
    if dice or rng.random() < 0.1:
        spends.append(f"+d{dice}")
    if damage or rng.random() < 0.1:
        spends.append(f"+x{damage}")
    rng.shuffle(spends)
    return rng.choice(starts(pad, move.key)) + "".join(spends), move.key, dice, damage


def fitting_secret(prompt: SecretPrompt, rng: random.Random) -> tuple[str, list[tuple[str | None, int, int]]]:
    if rng.random() < 0.05:
        return rng.choice(["roll", "ROLL", " roll "]), [(None, 0, 0), (None, 0, 0)]
    parts, picks = [], []
    for pad in prompt.sides:
        text, key, dice, damage = fitting_pick(pad, rng)
        corner = SIDES[pad.side]
        parts.append(f"{rng.choice([corner, corner[0]])}={text}")
        picks.append((key, dice, damage))
    if rng.random() < 0.5:
        parts.reverse()
    line = " ".join(parts)
    return (line.upper() if rng.random() < 0.1 else line), picks


def fitting(prompt: Any, rng: random.Random) -> str:
    """Text that answers a roll or choice prompt, typed as a player might type it."""
    if isinstance(prompt, RollPrompt):
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        return rng.choice([f"{a} {b}", f"{a},{b}", f" {a}  {b} ", f"{a}, {b}"])
    key = rng.choice(prompt.options).key
    names = [
        key[:i] for i in range(1, len(key) + 1) if prompt.find(key[:i]) is not None and prompt.find(key[:i]).key == key
    ]
    text = rng.choice(names)
    return text.upper() if rng.random() < 0.2 else text


def wrong_pick(pad: PadSide, rng: random.Random) -> str:
    """A pick that cannot be accepted for ``pad``: more focus than held (when it can be), more
    than the pad allows, a move not on the pad, an ambiguous start, a spend that is not one."""
    move = rng.choice(pad.options)
    left = budget(pad, move.key)
    if left < pad.max_dice + pad.max_damage and rng.random() < 0.4:  # more focus than held
        dice = rng.randint(max(0, left + 1 - pad.max_damage), min(pad.max_dice, left + 1))
        return f"{move.key}+d{dice}+x{left + 1 - dice}"
    ways = [
        f"{move.key}zz",  # not a move of this fighter
        "no-such-move",
        f"{move.key}+d{pad.max_dice + 1}",  # more on dice than allowed
        f"{move.key}+x{pad.max_damage + 1 + rng.randint(0, 5)}",
        f"{move.key}+q1",  # not a spend
        f"{move.key}+d1x1",
        f"{move.key}+",
    ]
    ambiguous = sorted({o.key[0] for o in pad.options if isinstance(pad.find(o.key[0]), tuple)})
    if ambiguous:
        ways.append(rng.choice(ambiguous))
    return rng.choice(ways)


def wrong(prompt: Any, rng: random.Random) -> str:
    """Text made to be refused at ``prompt``."""
    if isinstance(prompt, SecretPrompt):
        red, blue = (fitting_pick(pad, rng)[0] for pad in prompt.sides)
        if rng.random() < 0.6:  # a well-formed line with one bad pick
            picks = [red, blue]
            bad = rng.randrange(2)
            picks[bad] = wrong_pick(prompt.sides[bad], rng)
            return rng.choice([f"red={picks[0]} blue={picks[1]}", f"b={picks[1]} r={picks[0]}"])
        return rng.choice(
            [
                f"red={red}",  # a corner missing
                f"blue={blue}",
                f"red={red} red={red}",  # a corner twice
                f"red={red} blue={blue} blue={blue}",
                f"green={red} blue={blue}",
                f"red = {red} blue = {blue}",
                f"{red} {blue}",
                "",
            ]
        )
    if isinstance(prompt, RollPrompt):
        return rng.choice(
            ["0 3", "7 1", "3", "1 2 3", "6 60", "-1 2", "a b", "2.5 3", "jab", "stop", "red=jab blue=jab"]
        )
    if isinstance(prompt, ChoicePrompt):
        return rng.choice(["zzz", "red=jab blue=jab", "3 4", "-", "stopp", "gone", "x"])
    return rng.choice(["red=jab blue=jab", "3 4", "stop", "roll"])  # the fight is over


# --- the checks --------------------------------------------------------------------------


snapshot = session_checks.snapshot


def numbers(state: Any) -> dict[str, tuple[int, int, int, int]]:
    """Each fighter's (muscle, body, head, focus) as the trackers show them now (mid-turn too)."""
    return {
        name: (t["muscle"], t["body_nerves"], t["head_nerves"], t["focus"])
        for name, t in RULESET.trackers(state).items()
    }


def check_numbers(state: Any) -> None:
    """CM-1: hit points between 0 and the start, focus between 0 and 10, in every state."""
    for name, (muscle, body, head, focus) in numbers(state).items():
        assert 0 <= muscle <= START["muscle"], (name, muscle)
        assert 0 <= body <= START["body"], (name, body)
        assert 0 <= head <= START["head"], (name, head)
        assert 0 <= focus <= FOCUS_MAX, (name, focus)


def check_result(session: Session) -> None:
    """A finished fight ended as CM-1 says: a KO has a fighter at 0 head or body nerves,
    a double knockout both, a submission was on the ground."""
    result = session.prompt.result
    trackers = RULESET.trackers(session.state)
    down = {name for name, t in trackers.items() if t["head_nerves"] == 0 or t["body_nerves"] == 0}
    assert result.method in ("ko", "draw", "submission"), result
    assert result.period == session.state.turn - 1 >= 1
    if result.method == "ko":
        assert down == {result.loser} and result.winner != result.loser
        assert result.detail in ("head", "body")
    elif result.method == "draw":
        assert down == set(trackers) and result.detail == "double knockout" and result.winner is None
    else:
        assert not down and {result.winner, result.loser} == set(trackers)
        assert all(t["position"] in ("GROUND", "PAST GUARD") for t in trackers.values())


def run(session: Session, ops: list[tuple[Any, ...]]) -> list[Any]:
    """Apply ``ops``; every refusal must leave the session as it was, every fitting answer must
    be accepted, and a secret answer spends what it says. Returns every state reached."""
    seen: list[Any] = []
    for op in ops:
        if op[0] == "undo":
            session.undo()
            continue
        if op[0] == "redo":
            step = session.redo()
            if step is not None:
                seen.append(step.state)
            continue
        kind, code = op
        rng = random.Random(code)
        prompt, state = session.prompt, session.state
        over = prompt.kind == "over"
        picks = None
        if kind == "fit" and isinstance(prompt, SecretPrompt):
            text, picks = fitting_secret(prompt, rng)
        elif kind == "fit" and not over:
            text = fitting(prompt, rng)
        elif kind == "fit" or kind == "wrong":
            text = wrong(prompt, rng)
        elif kind == "roll":
            text = rng.choice(["roll", "ROLL", " roll "])
            picks = [(None, 0, 0), (None, 0, 0)]
        else:
            text = code
        before = snapshot(session)
        try:
            step = session.submit(text)
        except Refused as exc:
            assert exc.reason, "a refusal says why"
            assert snapshot(session) == before, f"refusing {text!r} changed the session"
            assert over or kind not in ("fit", "roll"), f"{text!r} fits {prompt} but was refused: {exc.reason}"
            continue
        seen.append(step.state)
        assert not over, f"{text!r} accepted after the end"
        assert kind != "wrong", f"{text!r} was made to be refused at {prompt} but was accepted"
        assert session.steps[-1] is step and session.redo_stack == []
        check_numbers(step.state)
        # D-6, ruling CM-12: the answer is the app's when it rolled, or picked for both corners; a pick
        # it made for one corner only is marked on that corner (@app), the answer is not virtual
        corners = text.lower().count("=roll") if isinstance(prompt, SecretPrompt) else 0
        is_roll = text.strip().lower() == "roll" or corners > 0
        assert step.answer.virtual == (text.strip().lower() == "roll" or corners == 2), (text, step.answer)
        if corners:
            assert step.answer.text.count("@app") == corners, (text, step.answer)
        if not is_roll:
            assert step.answer.text == text.strip()
        elif isinstance(prompt, RollPrompt):
            read_faces(prompt.dice, step.answer.text)
        if isinstance(prompt, SecretPrompt):
            check_spend(prompt, state, step, picks)
    return seen


def check_spend(prompt: SecretPrompt, state: Any, step: Any, picks: list[tuple[str | None, int, int]] | None) -> None:
    """CM-4, CMD-3: a revealed pick spends its move's cost (if it can be done) plus its extras,
    before anything else happens in the turn; the app's picks are moves it can do, with no extras."""
    filled = prompt.parse(step.answer.text)
    assert all(p is not None for p in filled), step.answer.text
    if picks is not None:
        for pad, pick, (key, dice, damage) in zip(prompt.sides, filled, picks):
            if key is not None:
                assert (pick.move, pick.dice, pick.damage) == (key, dice, damage)
            else:
                assert pick.dice == pick.damage == 0 and next(o for o in pad.options if o.key == pick.move).allowed
    focus_before = [pad.focus for pad in prompt.sides]
    after = step.state
    if after.turn != state.turn:
        return  # the turn ended with this answer: its gains are recorded too
    trackers = list(RULESET.trackers(after).values())
    for pad, pick, held, t in zip(prompt.sides, filled, focus_before, trackers):
        move = next(o for o in pad.options if o.key == pick.move)
        spent = (move.focus_cost if move.allowed else 0) + pick.dice + pick.damage
        assert t["focus"] == held - spent, (pad.who, step.answer.text, held, t["focus"])


# --- properties --------------------------------------------------------------------


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_any_answers_are_accepted_or_refused_and_a_refusal_changes_nothing(setup, ops, seed) -> None:
    """Properties 1 and 2: nothing but Refused escapes from submit; a refusal changes nothing;
    a fitting answer (a secret answer in any allowed form whose focus fits, even naming a move
    that cannot be done now, faces, a choice's key or start, roll) is accepted; an answer made
    to be wrong is refused; every state keeps hit points in 0..start and focus in 0..10."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    check_numbers(session.state)
    run(session, ops)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_hit_points_never_go_up_and_the_end_is_a_ko_or_a_submission(setup, ops, seed) -> None:
    """Nothing heals in Cage Match: along the answers every hit point count only goes down;
    focus stays 0..10; a finished fight ended as CM-1 says."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    for state in run(session, ops):
        check_numbers(state)
    last = numbers(session.start)
    for step in session.steps:
        now = numbers(step.state)
        for name in now:
            assert all(n <= b for n, b in zip(now[name][:3], last[name][:3])), (name, last[name], now[name])
        last = now
    if session.over:
        check_result(session)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_the_fold_of_the_answers_is_the_live_state(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    session_checks.assert_fold_is_the_live_state(RULESET, setup, session)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_undo_all_then_redo_all_gives_the_same_fight(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    session_checks.assert_undo_all_redo_all_round_trips(RULESET, setup, session)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16), back=st.integers(1, 6))
def test_undo_then_redo_returns_the_same_state(setup, ops, seed, back) -> None:
    """Undo a few answers then redo them: the same state, prompt, log and trackers, at every step."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    trail = [(session.state, session.prompt, session.log())]
    for _ in range(min(back, len(session.steps))):
        session.undo()
        trail.append((session.state, session.prompt, session.log()))
    trail.pop()
    while trail:
        session.redo()
        state, prompt, log = trail.pop()
        assert (session.state, session.prompt, session.log()) == (state, prompt, log)
        assert RULESET.trackers(session.state) == RULESET.trackers(state)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_save_and_reload_gives_the_same_fight(tmp_path_factory, setup, ops, seed) -> None:
    """The setup is stored with its tables; a resumed fight folds to the same place."""
    directory = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp()))
    store = Store.open(directory)
    session = start(store, RULESET, setup, rng=random.Random(seed))
    run(session, ops)
    store.close()
    again = Store.open(directory)
    try:
        resumed = resume(again, session.id)
        assert resumed.answers == session.answers
        assert resumed.state == session.state
        assert resumed.prompt == session.prompt
        assert resumed.log() == session.log()
        assert resumed.redo_stack == session.redo_stack
        assert RULESET.trackers(resumed.state) == RULESET.trackers(session.state)
        (row,) = again.sessions()
        assert row.status == ("over" if session.over else "open")
    finally:
        again.close()


MAX_TURNS = 300
"""Random play has ended within 90 turns in every one of hundreds of trial fights; 300 leaves room."""


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), app=st.booleans())
def test_random_play_ends_every_fight(setup, seed, app) -> None:
    """Random picks (with random focus spends) and random faces and choices, or the app's own
    'roll' everywhere, end the fight by KO, double knockout or submission within MAX_TURNS turns."""
    rng = random.Random(seed)
    session = Session(RULESET, setup, rng=random.Random(seed))
    answers = 0
    while not session.over:
        assert session.state.turn <= MAX_TURNS, f"not over after {MAX_TURNS} turns"
        prompt = session.prompt
        if app:
            step = session.roll()
            assert step.answer.virtual
        elif isinstance(prompt, SecretPrompt):
            session.submit(fitting_secret(prompt, rng)[0])
        else:
            session.submit(fitting(prompt, rng))
        answers += 1
        check_numbers(session.state)
    check_result(session)
    after = snapshot(session)
    for text in ("roll", "red=jab blue=jab", "3 4", "stop"):
        with pytest.raises(Refused):
            session.submit(text)
    assert snapshot(session) == after


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 80), tries=st.integers(1, 8))
def test_a_wrong_answer_anywhere_is_refused_and_changes_nothing(setup, seed, steps, tries) -> None:
    """Play ``steps`` random answers, then give answers made to be wrong for the prompt there:
    each is refused with a reason and nothing changes (D-5)."""
    session_checks.assert_wrong_answers_change_nothing(
        RULESET,
        setup,
        seed,
        steps,
        tries,
        wrong=wrong,
        fitting=lambda p, r: fitting_secret(p, r)[0] if isinstance(p, SecretPrompt) else fitting(p, r),
    )
