"""Cage Match!: what a fight keeps so that an answer costs less (issue 21, item 2), and that what it
keeps never changes what a fight says.

A turn is played at every answer and works the same things out again and again, so the fight's sheets
keep them, each by what it depends on (``state.Sheet``): each corner's side of the pad with its
default move and every pick read on it (``reveal.PadEntry``), a roll's prompt with its log line's
words (by the move itself, its identity checked), the outcome of two moves with its line (the same),
the follow-up and combo offers; and on each pad side, the words typed for a pick read (``PadSide.picks``).
Checked here three ways: fights folded on sheets that many other
fights have filled say what they said on fresh ones; a kept prompt or outcome line whose move is not
the very one asked about (as when a freed move's id is another's) is never used; and at every point
of many fights, the offers (and picks) kept are those worked out afresh.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
import tiers

from companion.dice import Refused
from companion.ruleset import SecretPrompt, Setup, evolve
from companion.rulesets.cage_match.ruleset import RULESET, Turn
from companion.rulesets.cage_match.state import Sheet
from companion.session import Session, fold

ROSTER = tiers.shipped_roster("cage_match")
TABLES = tiers.shipped_tables("cage_match")
PAIRS = [(a, b) for a in ROSTER.cards for b in ROSTER.cards if a.name != b.name][::8]
OPTIONS = [{}, {"muscle_spill": True}, {"table_end": "decision"}, {"first_fight": True}]


def setup_of(pair: tuple[Any, Any], options: dict[str, Any]) -> Setup:
    return Setup("cage_match", pair, {"catchweight": True, **options}, TABLES)


def played(setup: Setup, seed: int) -> Session:
    """A fight on fresh sheets (its own ``new``): the app rolls, and at most secret choices both corners
    are typed with focus put on dice and damage (a move that cannot be done among them, and now and
    then a pick that is refused); ended by the table after 60 answers if nobody is down."""
    session = Session(RULESET, setup, rng=random.Random(seed))
    rng = random.Random(seed + 1)
    while not session.over:
        prompt = session.prompt
        if len(session.steps) >= 60:
            session.submit("end")
        elif isinstance(prompt, SecretPrompt) and rng.random() < 0.7:
            picks = []
            for pad in prompt.sides:
                option = rng.choice(pad.options)
                spend = f"+d{rng.randint(0, 2)}" * (rng.random() < 0.4) + f"+x{rng.randint(0, 2)}" * (
                    rng.random() < 0.4
                )
                picks.append(f"{('red', 'blue')[pad.side]}={option.key}{spend}")
            try:
                session.submit(" ".join(picks))
            except Refused:  # more focus than held: the app picks instead
                session.roll()
        else:
            session.roll()
    return session


def said(steps: list[Any]) -> list[Any]:
    """What a fight says at each answer: its log lines, where the fight stands, what it asks next."""
    return [
        (
            step.log,
            step.state.bodies,
            step.state.position,
            step.state.dominant,
            step.state.result,
            RULESET.prompt(step.state),
        )
        for step in steps
    ]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: ",".join(options) or "default")
def test_fights_folded_on_sheets_many_fights_have_used_say_what_they_said_on_fresh_ones(
    options: dict[str, Any],
) -> None:
    for pair in PAIRS:
        setup = setup_of(pair, options)
        used = RULESET.new(setup)  # one start: its sheets keep what every fight below works out
        for seed in range(5):
            fresh = played(setup, seed)
            again = fold(RULESET, used, [answer.typed() for answer in fresh.answers])
            assert said(again) == said(fresh.steps), (pair[0].name, pair[1].name, seed)
        assert used.sheets[0].pads and used.sheets[0].prompts and used.sheets[0].outcomes  # it was kept


def test_a_kept_prompt_or_outcome_line_serves_only_the_very_moves_it_was_kept_for() -> None:
    setup = setup_of(PAIRS[0], {})
    fresh = played(setup, 7)
    answers = [answer.typed() for answer in fresh.answers]
    used = RULESET.new(setup)
    fold(RULESET, used, answers)
    stale = object()  # another move where the kept one was (a freed move's id given to a new one)
    for sheet in used.sheets:
        for key, (_, prompt, plus, _) in list(sheet.prompts.items()):
            sheet.prompts[key] = (stale, prompt, plus, "a stale move")
        for key, (_, _, cell, _) in list(sheet.outcomes.items()):
            sheet.outcomes[key] = (stale, stale, cell, "a stale outcome")
    again = fold(RULESET, used, answers)
    assert said(again) == said(fresh.steps)
    assert not [line for step in again for line in step.log if "stale" in line]


FOLLOW_UPS = ((("jab", "strike", "throw", "shoot"), ()), (("jab", "strike", "throw", "takedown"), ("takedown",)))
"""What SLICK MOVE and SPRAWL N' BRAWL offer to follow up with (``outcomes.py``), and where anywhere."""


def test_every_offer_a_sheet_keeps_is_the_offer_worked_out_afresh() -> None:
    """At every point of many fights after the reveal, each corner's follow-up offers and the combos
    his revealed move starts, as the fight's sheets keep them, against the same turn replayed on
    fresh sheets (nothing kept): the same moves, options and advice."""
    looked = 0
    for pair in PAIRS:
        for options in OPTIONS[:2]:
            for seed in range(3):
                fight = played(setup_of(pair, options), seed)
                for step in fight.steps:
                    state = step.state
                    if not state.inputs or state.result is not None:
                        continue
                    kept = RULESET.live(state)
                    if len(kept.moves) < 2:
                        continue
                    fresh_sheets = tuple(Sheet.of(sheet.card, state.rules) for sheet in state.sheets)
                    fresh = Turn(evolve(state, sheets=fresh_sheets)).run()
                    for actor in (0, 1):
                        for types, anywhere in FOLLOW_UPS:
                            assert kept.followup_offer(actor, types, anywhere) == fresh.followup_offer(
                                actor, types, anywhere
                            )
                        for move in kept.sheets[actor].moves:
                            assert kept.combo_offers(actor, move) == fresh.combo_offers(actor, move)
                    looked += 1
    assert looked > 100


def test_every_read_of_a_turns_roles_is_what_its_position_gives_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each corner's role (on top, underneath, even) is worked out where the position changes
    (``Positions.move_to``) and kept on the turn, and the pads, roll prompts and offers the sheets
    keep are keyed by it: wherever it is read, in many fights, it must be what the position gives
    at that moment (``roles_now``), or a kept pad would be served for the wrong role (review of
    issue 21). Each read is checked by a property put in the attribute's place."""
    reads = 0

    def read(turn: Any) -> tuple[str, str]:
        nonlocal reads
        kept: tuple[str, str] = turn.__dict__["_roles_read"]
        assert kept == turn.roles_now(), (turn.position, turn.dominant, kept)
        reads += 1
        return kept

    def keep(turn: Any, roles: tuple[str, str]) -> None:
        turn.__dict__["_roles_read"] = roles

    monkeypatch.setattr(Turn, "roles", property(read, keep), raising=False)
    for pair in PAIRS[:6]:
        for options in OPTIONS:
            played(setup_of(pair, options), 11)
    assert reads > 1000


def test_every_pick_a_pad_side_keeps_reads_as_the_words_read_afresh() -> None:
    """Each corner's pick is kept on his pad side by the words typed for it (``PadSide.picks``: the
    side comes back turn after turn, and whenever a fight is folded). At every secret choice of many
    fights, the words typed there and others (a start of a move, focus put on dice and damage, more
    focus than held, a move not on the pad, ``roll``), read on the kept sides and on the same sides
    made afresh (nothing kept), read the same or are refused in the same words; a refused one is
    not kept."""
    looked = 0
    for pair in PAIRS[:8]:
        for seed in range(3):
            rng = random.Random(seed)
            fight = played(setup_of(pair, {}), seed)
            for step in fight.steps:
                prompt = RULESET.prompt(step.state)
                if not isinstance(prompt, SecretPrompt):
                    continue
                fresh = SecretPrompt(
                    prompt.turn, prompt.position, prompt.pad, tuple(dataclasses.replace(s) for s in prompt.sides)
                )
                assert not any(side.picks for side in fresh.sides)
                for _ in range(6):
                    words = []
                    for pad in prompt.sides:
                        key = rng.choice([*(o.key for o in pad.options), "roll", "zz"])
                        key = key[: rng.choice([len(key), 2, 3])]
                        spend = f"+d{rng.randint(0, 3)}" * (rng.random() < 0.4) + f"+x{rng.randint(0, 3)}" * (
                            rng.random() < 0.4
                        )
                        words.append(f"{('red', 'blue')[pad.side]}={key}{spend}")
                    line = " ".join(words)
                    for _ in range(2):  # the second time, from what is kept
                        try:
                            kept: Any = prompt.parse(line)
                        except Refused as refused:
                            kept = refused.reason
                        try:
                            afresh: Any = fresh.parse(line)
                        except Refused as refused:
                            afresh = refused.reason
                        assert kept == afresh, line
                        looked += 1
                for side in prompt.sides:  # every pick kept (the fight's own among them) is its words read afresh
                    assert not [typed for typed in side.picks if typed.startswith("zz")]  # refused: not kept
                    for typed, pick in side.picks.items():
                        assert pick == prompt._pick(dataclasses.replace(side), typed), typed
    assert looked > 1000
