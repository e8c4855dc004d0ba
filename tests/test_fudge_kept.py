"""Simultaneous Combat for Fudge: what a fight keeps so that an answer costs less (issue 21, item 2),
and that what it keeps never changes what a fight says.

A round goes on at every answer, and much of what it works out comes back round after round the
same: the prompts (choices and rolls), a roll's line in the log, what a combatant can declare, a
declaration's words, and a combat roll, melee defence or dodge whole (its modifiers, what it is
against, its note: :meth:`Rolls.whole_roll`). Each is kept on the combatant's sheet (a fight's
sheets are its own) by everything it reads. Checked here: seeded fights of varied casts and options,
played live (everything kept), say what the same answers say folded on sheets that keep nothing,
and what they say folded on sheets another fight (other options) filled first.
"""

from __future__ import annotations

import dataclasses
import random
import shlex

import pytest

from companion import cli
from companion.dice import Refused, roll_text
from companion.ruleset import ChoicePrompt, RollPrompt, evolve, get_ruleset
from companion.rulesets.fudge.ruleset import Fudge
from companion.rulesets.fudge.state import Sheet
from companion.session import Session, fold

CARDS = "tests/golden/fudge_cards.yaml"

EVERY_OPTION = " ".join(
    f"--option {name}=on"
    for name in (
        "health_rolls armor_dr armor_pd strength_damage scale reloading minimum_strength rd_penalty "
        "combat_experience aim all_out_attack all_out_defense empty_the_clip hit_location "
        "suicidal_aggression three_round_burst wild_swing"
    ).split()
)

CASTS = {
    "duel": '--red "Aldo Reyne" --blue "Bors Holt"',
    "three": '--red "Pete Cole" --red "Dina Marsh" --blue "Bruno" --option scale=on --option combat_experience=on',
    "gang": '--red "Hal Brandt" --blue "Bors Holt" --blue "Bors Holt" --blue "Kit Swale" --option health_rolls=on',
    "guns": '--red "Kit Swale" --red "Ada Fenn" --red "Gus Varga" --blue "Hal Brandt" --blue "Vera Lund" '
    "--option armor_pd=on --option aim=on --option all_out_attack=on --option reloading=on",
    "everything": '--red "Kit Swale" --red "Ada Fenn" --red "Gus Varga" --red "Pete Cole" --blue "Hal Brandt" '
    f'--blue "Vera Lund" --blue "Bruno" --blue "Dina Marsh" {EVERY_OPTION} --option rd_bonus=rd',
    "maneuvers": '--red "Gus Varga" --red "Vera Lund" --blue "Kit Swale" --blue "Hal Brandt" --blue "Aldo Reyne" '
    "--option empty_the_clip=on --option three_round_burst=on --option suicidal_aggression=on --option wild_swing=on "
    "--option all_out_defense=on --option reloading=on --option minimum_strength=on --option combat_experience=on",
}

KEPT = ("kept_prompts", "kept_rolls", "kept_lines", "kept_actions", "kept_words", "kept_whole", "kept_targets")
"""What a sheet keeps for a fight (:class:`Sheet`'s ``kept_*``)."""


class _Forgets(dict):  # type: ignore[type-arg]
    """A sheet's keeping that keeps nothing: everything is worked out the long way, every time."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def forgetful(sheets: tuple[Sheet, ...]) -> tuple[Sheet, ...]:
    """New sheets as ``sheets`` that keep nothing (each ``kept_*`` a dict that forgets)."""
    out = []
    for sheet in sheets:
        new = dataclasses.replace(sheet)
        for name in KEPT:
            new.__dict__[name] = _Forgets()
        out.append(new)
    return tuple(out)


def session_of(cast: str, seed: int) -> Session:
    argv = ["script", "fudge", "--fighters", CARDS, *shlex.split(cast)]
    session = cli.session_for(get_ruleset("fudge"), cli.build_parser().parse_args(argv))
    session.rng = random.Random(seed)
    return session


def play(session: Session, most: int = 250) -> list[tuple[object, tuple[str, ...]]]:
    """Play on at random, as a table would: the choices now advised, now not, the dice rolled, a GM's
    modifier typed at a roll now and then (FU-11); each answer's prompt after it and log."""
    rng = session.rng
    said = []
    while not session.over and len(said) < most:
        asked = session.prompt
        if isinstance(asked, RollPrompt):
            gm = rng.random() < 0.08 and any(word.key == "gm" for word in asked.also)
            text = f"gm {rng.choice(['+1', '-2', '+3'])} uphill" if gm else roll_text(asked.dice, rng)
        else:
            assert isinstance(asked, ChoicePrompt)
            text = rng.choice(asked.options).key if rng.random() < 0.5 else (asked.advised or asked.options[0].key)
        try:
            session.submit(text)
        except Refused:
            continue
        said.append((session.prompt, session.steps[-1].log))
    return said


@pytest.mark.parametrize("cast", sorted(CASTS))
@pytest.mark.parametrize("seed", [1, 7])
def test_a_fight_folded_on_sheets_that_keep_nothing_says_what_the_fight_said(cast, seed):
    """Every prompt (each combat roll, melee defence and dodge among them, with its modifiers, what
    it is against and its note) and every log line of a fight played live, everything kept, is what
    the same answers say folded again by sheets that keep nothing (worked out afresh every time)."""
    session = session_of(CASTS[cast], seed)
    said = play(session)
    rolls = [asked for asked, _ in said if isinstance(asked, RollPrompt) and asked.reason.startswith(("combat", "dodge"))]
    assert rolls  # the fight came to its rolls
    start = session.start
    sheets = forgetful(start.sheets)
    fresh = Fudge()
    steps = fold(fresh, evolve(start, sheets=sheets), session.answers)
    assert [(fresh.prompt(step.state), step.log) for step in steps] == said
    assert not any(sheet.__dict__[name] for sheet in sheets for name in KEPT)  # nothing was kept


@pytest.mark.parametrize("seed", [2, 5])
def test_a_fight_folded_on_sheets_another_fight_filled_says_what_it_says_on_fresh_ones(seed):
    """The same cast fought twice with other options (the first fight's sheets fill with what it
    keeps: its prompts, rolls whole, lines): the second fight's answers folded on those sheets say
    what they say on sheets of its own. What a sheet keeps is keyed by the options and tables too."""
    cast = '--red "Kit Swale" --red "Ada Fenn" --blue "Hal Brandt" --blue "Vera Lund"'
    first = session_of(cast, seed)
    play(first)
    second = session_of(f"{cast} {EVERY_OPTION}", seed + 100)
    said = play(second)
    filled = first.start.sheets
    assert any(sheet.kept_whole for sheet in filled)
    fresh = Fudge()
    steps = fold(fresh, evolve(second.start, sheets=filled), second.answers)
    assert [(fresh.prompt(step.state), step.log) for step in steps] == said


def test_a_roll_kept_whole_is_the_roll_worked_out_afresh():
    """A combat roll asked again with the same declarations is the very prompt kept (not made again),
    and equal to the one a round on sheets that keep nothing works out."""
    session = session_of(CASTS["duel"], 3)
    rolls: dict[object, list[RollPrompt]] = {}
    while not session.over and len(session.answers) < 200:
        asked = session.prompt
        if isinstance(asked, RollPrompt) and asked.reason.startswith("combat roll"):
            fresh = Fudge()
            again = fresh.prompt(evolve(session.state, sheets=forgetful(session.state.sheets)))
            assert again == asked
            rolls.setdefault((asked.who, asked.reason, asked.modifier_parts, asked.against), []).append(asked)
        session.roll()
    assert any(len(same) > 1 and all(each is same[0] for each in same) for same in rolls.values())
