"""Properties of Simultaneous Combat for Fudge scenes over any sequence of answers.

As the other games' property tests do (tests/test_cage_match_properties.py): a
fight is a log of answers (shared/DESIGN.md); whatever is typed, a session
either accepts it or refuses it (ruling D-5) and nothing else happens; an
answer that fits the prompt (any faces of the dice, typed in any allowed
form; any offered key or an unambiguous start of one) is never refused; an
answer made not to fit is refused and changes nothing; the live state is
always the fold of the answers; undo and redo never change where the fight
stands; a stored scene resumes to the same place.

For Fudge (docs/fudge_design.md, FU-4): the scenes are random, 2 to 16 cards
of the shipped roster and the golden cards on two sides (a card drawn twice is
an NPC group, numbered), with random options; wound boxes only fill, never empty, and keep their count (3
Scratch, the sheet's Hurt boxes, one of each worse); ammunition stays between
0 and the weapon's capacity and spare loads never go below 0; random play
ends (a side down, or the GM's end) within a bound, unless nobody on either
side can attack any more (a stand-off only the GM can end).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

pytest.register_assert_rewrite("session_checks")

import session_checks

from companion.cards import load_roster
from companion.dice import Refused
from companion.replay import number_copies
from companion.ruleset import ChoicePrompt, RollPrompt, Setup
from companion.rulesets.fudge import ATTACKS, BOXES, RULESET
from companion.session import Session

HERE = Path(__file__).resolve().parent
SETTINGS = settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])

ROSTER = load_roster("fudge", RULESET.card_model, extra_files=[HERE / "golden" / "fudge_cards.yaml"])
assert not ROSTER.problems, ROSTER.problems
CARDS = list(ROSTER.cards)
TABLES = RULESET.tables_for(None)
"""The shipped tables, checked once (every Setup carries them, as ``companion script`` does)."""
CAPACITY = {key: w.get("capacity") for key, w in TABLES["weapons"].items()}


@st.composite
def setups(draw) -> Setup:
    n = draw(st.integers(2, RULESET.most))
    # the same card more than once is an NPC group, numbered as the app numbers it (issue 17)
    cards = list(number_copies(draw(st.lists(st.sampled_from(CARDS), min_size=n, max_size=n))))
    reds = draw(st.integers(1, n - 1))
    sides = tuple([0] * reds + [1] * (n - reds))
    order = draw(st.permutations(range(n)))
    options = {spec.key: draw(st.sampled_from(spec.choices)) for spec in RULESET.options}
    return Setup("fudge", tuple(cards[i] for i in order), options, TABLES, tuple(sides[i] for i in order))


SETUPS = setups()

VOCAB = [
    "attack",
    "defend",
    "end",
    "reload",
    "aim",
    "aware",
    "unaware",
    "done",
    "torso",
    "a",
    "d",
    "e",
    "+ - 0 +",
    "+-0+",
    "0 0 0 0",
    "+",
    "- -",
    "+ + +",
    "++++",
    "+ + + + +",
    "2 2 2 2",
    "roll",
    "ROLL",
    "",
    " ",
    "undo",
    "sir-aldric-of-wendham",
    "hal-brandt",
    "bruno",
    "7",
    "gm +1 uphill",
    "gm -2 in the dark",
    "gm +1",
    "other iron will",
    "combat-reflexes",
    "Grukk the Ogre 2",
    "Sir Aldric",
]
"""Typed answers: keys (offered or not), names, faces of any count, the app's roll, nothing at all, the GM's
words (a modifier with and without its reason, a gift named)."""


OPS = session_checks.play_steps(VOCAB, 200)


# --- answers that fit, and answers made to be wrong ------------------------------------


def faces_text(n: int, rng: random.Random) -> str:
    """``n`` dF faces as a player may type them: spaced, run together, with commas, '.' for 0."""
    faces = [rng.choice("+-0") for _ in range(n)]
    form = rng.randrange(4)
    if form == 0:
        return " ".join(faces)
    if form == 1:
        return "".join(faces)
    if form == 2:
        return ", ".join(faces)
    return " ".join("." if f == "0" and rng.random() < 0.5 else f for f in faces)


def fitting(prompt: Any, rng: random.Random, *, no_end: bool = False) -> str:
    """Text that answers a roll or choice prompt and must be accepted."""
    if isinstance(prompt, RollPrompt):
        return faces_text(len(prompt.dice.dice), rng)
    return session_checks.fitting_choice(prompt, rng, no_end=no_end)


def wrong(prompt: Any, rng: random.Random) -> str:
    """Text made to be refused at ``prompt``."""
    if isinstance(prompt, RollPrompt):
        n = len(prompt.dice.dice)
        ways = [faces_text(n + 1, rng), " ".join("2" * n), "attack", "+ x" * n, "1 " * n, "gm", "gm 0 x", "gm +1"]
        if n > 1:
            ways.append(faces_text(n - 1, rng))
        if not any(c.key == "gm" for c in prompt.also):
            ways.append("gm +1 uphill")  # a roll that reads no total (a stop roll, seeing the elephant)
        if not prompt.also:
            ways.append("end")  # the rolls after the scene's end
        return rng.choice(ways)
    if isinstance(prompt, ChoicePrompt):
        ways = [
            w
            for w in [
                "zzz",
                "+ - 0 +",
                "-",
                "attack",
                "defend",
                "reload",
                "aware",
                "done",
                "nobody-at-all",
                "torso",
                "x",
            ]
            if prompt.find(w) is None and prompt.find_shown(w) is None
        ]
        ways += ["gm +1 uphill"] + ([] if prompt.also and prompt.also[0].key == "end" else ["end"])
        return rng.choice([w for w in ways if w != "end" or prompt.find("end") is None])
    return rng.choice(["attack", "+ - 0 +", "end", "roll"])  # the scene is over


# --- the checks --------------------------------------------------------------------------


def check_numbers(setup: Setup, state: Any) -> None:
    """FU-4: each combatant's boxes keep their count; ammunition within 0..capacity, spares >= 0."""
    trackers = RULESET.trackers(state)
    assert list(trackers) == list(setup.names)
    for card, side in zip(setup.fighters, setup.sides):
        t = trackers[card.name]
        assert t["side"] == ("red", "blue")[side]
        counts = {level: len(marks) for level, marks in t["boxes"].items()}
        assert counts == {"scratch": 3, "hurt": card.hurt_boxes, "very_hurt": 1, "incapacitated": 1, "near_death": 1}, (
            card.name,
            counts,
        )
        assert all(isinstance(m, bool) for marks in t["boxes"].values() for m in marks)
        assert set(t["suppressed"]) <= set(BOXES)
        for level in t["suppressed"]:
            assert any(t["boxes"][level]), (card.name, level)
        assert t["status"] in ("fighting", "incapacitated", "near death", "dead")
        if setup.options.get("reloading"):
            for key, loaded in t["ammo"].items():
                capacity = CAPACITY[key.rsplit("-", 1)[0] if key not in CAPACITY else key]
                assert loaded is not None and 0 <= loaded <= capacity, (card.name, key, loaded)
            for key, spare in t["reloads"].items():
                assert spare is None or spare >= 0, (card.name, key, spare)
            for key, left in t["reload_turns"].items():
                assert left >= 1, (card.name, key, left)
        else:
            assert "ammo" not in t


def marks(state: Any) -> dict[str, dict[str, list[bool]]]:
    return {name: t["boxes"] for name, t in RULESET.trackers(state).items()}


def check_boxes_only_fill(before: Any, after: Any) -> None:
    """A marked box stays marked (nothing heals within a scene, FU-4)."""
    old, new = marks(before), marks(after)
    for name in old:
        for level in BOXES:
            for was, now in zip(old[name][level], new[name][level]):
                assert now or not was, (name, level, old[name][level], new[name][level])


def run(setup: Setup, session: Session, ops: list[tuple[Any, ...]]) -> None:
    """Apply ``ops`` (session_checks.apply_ops); the numbers stay sane and boxes only fill."""

    def after(before: Any, now: Any) -> None:
        check_numbers(setup, now)
        check_boxes_only_fill(before, now)

    session_checks.apply_ops(session, ops, fitting=fitting, wrong=wrong, after=after)


# --- properties --------------------------------------------------------------------


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_any_answers_are_accepted_or_refused_and_a_refusal_changes_nothing(setup, ops, seed) -> None:
    """Nothing but Refused escapes from submit; a refusal changes nothing; a fitting answer is accepted;
    one made to be wrong is refused; boxes keep their count and only fill; ammunition stays in range."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    check_numbers(setup, session.state)
    run(setup, session, ops)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_the_fold_of_the_answers_is_the_live_state(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(setup, session, ops)
    session_checks.assert_fold_is_the_live_state(RULESET, setup, session)
    for before, after in zip([session.start] + [s.state for s in session.steps], [s.state for s in session.steps]):
        check_boxes_only_fill(before, after)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_undo_all_then_redo_all_gives_the_same_fight(setup, ops, seed) -> None:
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(setup, session, ops)
    session_checks.assert_undo_all_redo_all_round_trips(RULESET, setup, session)


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16), back=st.integers(1, 8))
def test_undo_then_redo_returns_the_same_state(setup, ops, seed, back) -> None:
    """Undo a few answers then redo them: the same state, prompt, log and trackers, at every step."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    run(setup, session, ops)
    trail = [(session.state, session.prompt, session.log(), RULESET.trackers(session.state))]
    for _ in range(min(back, len(session.steps))):
        session.undo()
        trail.append((session.state, session.prompt, session.log(), RULESET.trackers(session.state)))
    trail.pop()
    while trail:
        session.redo()
        assert (session.state, session.prompt, session.log(), RULESET.trackers(session.state)) == trail.pop()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_store_and_resume_give_the_same_scene(tmp_path_factory, setup, ops, seed) -> None:
    """The setup (sides, options, tables) is stored with the answers; a resumed scene folds to the same place."""
    directory = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp()))
    session_checks.assert_resumes_as_it_was(RULESET, setup, directory, seed, lambda session: run(setup, session, ops))


MAX_ROUNDS = 1000
"""Most random scenes end within a few rounds, but armor DR, scale and a lowered base damage can make a
legitimately long one: Grukk the Ogre v Sir Aldric of Wendham with health rolls, armor DR, scale and base
damage -2 took 8 to 299 rounds (median about 100) in 40 trial plays. 1000 leaves room."""


def can_attack(prompt: Any) -> bool:
    return (
        isinstance(prompt, ChoicePrompt) and prompt.reason == "action" and any(o.key in ATTACKS for o in prompt.options)
    )


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), app=st.booleans())
def test_random_play_ends_every_scene(setup, seed, app) -> None:
    """Random fitting answers (never the GM's end), or the app's own 'roll' everywhere (the advised
    action: attack), end the scene with a side down within MAX_ROUNDS rounds, unless nobody can attack
    any more (every weapon empty: a stand-off only the GM can end) or no hit has wounded for a long
    while (weak weapons with the options' base damage shifted down and one damage die: every result
    below the least wound, FU-3; found by this property with two daggers at BD -2, base damage -2 and
    1dF, and with guns that scratched until their reloads ran out, then a dagger and a fist)."""
    rng = random.Random(seed)
    session = Session(RULESET, setup, rng=random.Random(seed))
    attack_seen_at = 1
    wounds, wounded_at = 0, 0
    while not session.over:
        state = session.state
        now = sum(sum(row) for boxes in marks(state).values() for row in boxes.values())
        if now != wounds:
            wounds, wounded_at = now, state.round
        if state.round > MAX_ROUNDS:
            assert state.round - attack_seen_at > 5 or state.round - wounded_at > MAX_ROUNDS // 2, (
                f"not over after {MAX_ROUNDS} rounds though attacks are offered and wound (last in {wounded_at})"
            )
            return
        prompt = session.prompt
        if can_attack(prompt):
            attack_seen_at = state.round
        if app:
            step = session.roll()
            assert step.answer.virtual and step.answer.text != "end"
        else:
            step = session.submit(fitting(prompt, rng, no_end=True))
        check_numbers(setup, step.state)
        check_boxes_only_fill(state, step.state)
    result = session.prompt.result
    assert result.method == "incapacitated", result
    trackers = RULESET.trackers(session.state)
    # FU-6: every wound shrugged off has taken full effect once the scene is over
    assert all(t["suppressed"] == [] for t in trackers.values()), trackers
    names = {side: " & ".join(n for n, t in trackers.items() if t["side"] == side) for side in ("red", "blue")}
    if result.winner is None:
        assert result.loser is None and result.detail.startswith("both sides fell")
        assert all(t["status"] != "fighting" for t in trackers.values())
    else:
        (lost,) = [side for side in ("red", "blue") if names[side] == result.loser]
        won = {"red": "blue", "blue": "red"}[lost]
        assert all(t["status"] != "fighting" for t in trackers.values() if t["side"] == lost), trackers
        # the dead are not among the winners (issue 17)
        alive = " & ".join(n for n, t in trackers.items() if t["side"] == won and t["status"] != "dead")
        assert result.winner == alive, (result, trackers)
    assert result.period == session.state.round
    after = session_checks.snapshot(session)
    for text in ("roll", "attack", "+ - 0 +", "end"):
        with pytest.raises(Refused):
            session.submit(text)
    assert session_checks.snapshot(session) == after


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120), tries=st.integers(1, 6))
def test_a_wrong_answer_anywhere_is_refused_and_changes_nothing(setup, seed, steps, tries) -> None:
    """Play ``steps`` fitting answers, then answers made to be wrong there: each is refused, nothing changes."""
    session_checks.assert_wrong_answers_change_nothing(
        RULESET, setup, seed, steps, tries, fitting=lambda p, r: fitting(p, r, no_end=True), wrong=wrong
    )
