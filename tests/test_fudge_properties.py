"""Properties of Simultaneous Combat for Fudge scenes over any sequence of answers.

What every game keeps (a refusal changes nothing, an answer that fits is never
refused and one made to be wrong always is, the fold of the answers is the live
state, undo and redo and a stored scene resumed never change where the fight
stands) is checked for Fudge with the other games in tests/test_contract.py,
with the answers of tests/strategies.py (any faces of the dice, typed in any
allowed form; any offered key or an unambiguous start of one).

Here, the rules' own invariants (docs/fudge_design.md, FU-4) over random scenes,
2 to 16 cards of the shipped roster and the golden cards on two sides (a card
drawn twice is an NPC group, numbered), with random options: wound boxes only
fill, never empty, and keep their count (3 Scratch, the sheet's Hurt boxes, one
of each worse); ammunition stays between 0 and the weapon's capacity and spare
loads never go below 0; random play ends (a side down, or the GM's end) within
a bound, unless nobody on either side can attack any more (a stand-off only
the GM can end).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FUDGE_WORDS, fudge_fitting, fudge_wrong
from tiers import examples

pytest.register_assert_rewrite("session_checks")

import session_checks

from companion.cards import load_roster
from companion.dice import Refused
from companion.replay import number_copies
from companion.ruleset import ChoicePrompt, Setup
from companion.rulesets.fudge.ruleset import ATTACKS, BOXES, RULESET
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

OPS = session_checks.play_steps(list(FUDGE_WORDS), 200)


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
    check_marks_only_fill(marks(before), marks(after))


def check_marks_only_fill(old: dict[str, dict[str, list[bool]]], new: dict[str, dict[str, list[bool]]]) -> None:
    """The marks of a state and of the next: a marked box stays marked."""
    for name in old:
        for level in BOXES:
            for was, now in zip(old[name][level], new[name][level]):
                assert now or not was, (name, level, old[name][level], new[name][level])


def run(setup: Setup, session: Session, ops: list[tuple[Any, ...]]) -> None:
    """Apply ``ops`` (session_checks.apply_ops); the numbers stay sane and boxes only fill."""

    def after(before: Any, now: Any) -> None:
        check_numbers(setup, now)
        check_boxes_only_fill(before, now)

    session_checks.apply_ops(session, ops, fitting=fudge_fitting, wrong=fudge_wrong, after=after)


# --- properties --------------------------------------------------------------------


@SETTINGS
@given(setup=SETUPS, ops=OPS, seed=st.integers(0, 2**16))
def test_in_any_play_boxes_keep_their_count_and_only_fill_and_ammunition_stays_in_range(setup, ops, seed) -> None:
    """Random play (session_checks.apply_ops, with the checks every answer gets): after every answer and
    every redo, each combatant's boxes keep their count and only fill; ammunition stays in range."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    check_numbers(setup, session.state)
    run(setup, session, ops)


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
        # read once a step, in the order the states come: the ruleset keeps the last state's round
        before = marks(state)
        now = sum(sum(row) for boxes in before.values() for row in boxes.values())
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
            step = session.submit(fudge_fitting(prompt, rng, no_end=True))
        check_numbers(setup, step.state)
        check_marks_only_fill(before, marks(step.state))
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
