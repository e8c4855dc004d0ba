"""Properties of Cage Match! sessions over any sequence of answers.

What every game keeps (a refusal changes nothing, an answer that fits is never
refused and one made to be wrong always is, the fold of the answers is the live
state, undoing and redoing and resuming never change where the fight stands) is
checked for Cage Match with the other games in tests/test_contract.py, with the
answers of tests/strategies.py: the secret answer in any of the forms a player
may type it (design 5.2: either order, r=/b=, any unambiguous start of a move,
upper case, +dN/+xN in either order, ``roll`` for a corner or both), accepted
whenever its focus fits, a move the fighter cannot do now accepted too (the
text: the default move is done); an answer made to be wrong (a corner missing
or twice, a move not on the pad, an ambiguous start, more focus than held or
allowed, a face no d6 has, a choice not offered) refused.

Here, the rules' own invariants over the same random play: the focus a pick
spends is the move's own cost (only when it can be done) plus the extras (CM-4);
the app's picks for a corner are marked on it (CM-12); hit points stay between 0
and the start and never go up; focus stays 0 to 10 (CM-1); random play always
ends, by KO, double knockout or submission.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import tiers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import CM_WORDS, cm_fitting, cm_fitting_secret, cm_wrong
from tiers import examples

pytest.register_assert_rewrite("session_checks")

import session_checks

from companion.dice import Refused, read_faces
from companion.ruleset import RollPrompt, SecretPrompt, Setup
from companion.rulesets.cage_match.ruleset import RULESET
from companion.session import Session

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

OPS = session_checks.play_steps(list(CM_WORDS), 160)
"""Random play: the answers of tests/strategies.py (cm_fitting_secret, cm_fitting, cm_wrong) and CM_WORDS."""


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
            text, picks = cm_fitting_secret(prompt, rng)
        elif kind == "fit" and not over:
            text = cm_fitting(prompt, rng)
        elif kind == "fit" or kind == "wrong":
            text = cm_wrong(prompt, rng)
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
            session.submit(cm_fitting_secret(prompt, rng)[0])
        else:
            session.submit(cm_fitting(prompt, rng))
        answers += 1
        check_numbers(session.state)
    check_result(session)
    after = snapshot(session)
    for text in ("roll", "red=jab blue=jab", "3 4", "stop"):
        with pytest.raises(Refused):
            session.submit(text)
    assert snapshot(session) == after
