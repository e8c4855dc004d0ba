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
    for name in [
        "health_rolls",
        "armor_dr",
        "armor_pd",
        "strength_damage",
        "scale",
        "reloading",
        "minimum_strength",
        "rd_penalty",
        "combat_experience",
        "aim",
        "all_out_attack",
        "all_out_defense",
        "empty_the_clip",
        "hit_location",
        "suicidal_aggression",
        "three_round_burst",
        "wild_swing",
    ]
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
            text = rng.choice(asked.options).key if rng.random() < 0.3 else None  # else the app's choice
        try:
            session.roll() if text is None else session.submit(text)
        except Refused:
            continue
        said.append((session.prompt, session.steps[-1].log))
    return said


@pytest.mark.parametrize("cast", sorted(CASTS))
def test_fights_folded_on_sheets_that_keep_nothing_say_what_the_fights_said(cast):
    """Every prompt (each combat roll, melee defence and dodge among them, with its modifiers, what
    it is against and its note) and every log line of fights played live, everything kept, is what
    the same answers say folded again by sheets that keep nothing (worked out afresh every time).
    Many short fights (Fudge is deadly): wounds, aims, tiredness and the cap come and go between
    rounds of the same declarations."""
    rolls = 0
    for seed in range(24):
        session = session_of(CASTS[cast], seed)
        said = play(session)
        rolls += sum(
            isinstance(asked, RollPrompt) and asked.reason.startswith(("combat", "dodge")) for asked, _ in said
        )
        start = session.start
        sheets = forgetful(start.sheets)
        fresh = Fudge()
        steps = fold(fresh, evolve(start, sheets=sheets), session.answers)
        assert [(fresh.prompt(step.state), step.log) for step in steps] == said, seed
        assert not any(sheet.__dict__[name] for sheet in sheets for name in KEPT)  # nothing was kept
    assert rolls > 100  # the fights came to their rolls


@pytest.mark.parametrize(
    ("cast", "first", "then"),
    [
        ('--red "Pete Cole" --red "Dina Marsh" --blue "Bruno"', "", "--option scale=on --option combat_experience=on"),
        ('--red "Kit Swale" --red "Ada Fenn" --blue "Hal Brandt" --blue "Vera Lund"', "", EVERY_OPTION),
        ('--red "Kit Swale" --red "Ada Fenn" --blue "Hal Brandt" --blue "Vera Lund"', EVERY_OPTION, ""),
    ],
)
def test_fights_folded_on_sheets_another_fight_filled_say_what_they_say_on_fresh_ones(cast, first, then):
    """The same cast fought with other options, its answers folded on the sheets a fight with the
    first options filled (its prompts, rolls whole, lines kept on them), says what it says on sheets
    of its own: what a sheet keeps is keyed by the options (and tables) too."""
    for seed in range(12):
        filler = session_of(f"{cast} {first}", seed)
        play(filler)
        filled = filler.start.sheets
        assert any(sheet.kept_whole for sheet in filled)
        second = session_of(f"{cast} {then}", seed)
        said = play(second)
        fresh = Fudge()
        # the tables are the filler's too (the same tables read anew are equal, another object)
        steps = fold(fresh, evolve(second.start, sheets=filled, tables=filler.start.tables), second.answers)
        assert [(fresh.prompt(step.state), step.log) for step in steps] == said, seed


def test_a_sheet_another_scene_filled_among_other_sheets_says_what_a_fresh_one_says():
    """A combatant's sheet that kept his rolls in one scene (against Bruno), put in a scene with
    others (against Dina Marsh: another name, skill, armor), rolls against them, not as he did: what
    his sheet keeps is keyed by the scene's sheets, not his own alone."""
    for seed in range(12):
        filler = session_of('--red "Pete Cole" --blue "Bruno" --option scale=on', seed)
        play(filler)
        second = session_of('--red "Pete Cole" --blue "Kit Swale" --option scale=on', seed)
        said = play(second)
        mixed = (filler.start.sheets[0], *second.start.sheets[1:])
        assert mixed[0].kept_whole and mixed[0].name == "Pete Cole"
        fresh = Fudge()
        # the tables and options the filler's (equal: read anew they are other objects)
        start = evolve(second.start, sheets=mixed, tables=filler.start.tables, options=filler.start.options)
        steps = fold(fresh, start, second.answers)
        assert [(fresh.prompt(step.state), step.log) for step in steps] == said, seed


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


def _asked(ruleset: Fudge, state: object) -> object:
    """The prompt of ``state``, or what stopped its round (a round given other numbers may not take
    its answers as they were given: the same either way, kept or not)."""
    try:
        return ruleset.prompt(state)
    except Exception as stopped:  # noqa: BLE001
        return f"{type(stopped).__name__}: {stopped}"


@pytest.mark.parametrize("cast", ["three", "everything", "guns"])
def test_states_given_other_numbers_on_the_sheets_their_fight_filled_say_what_fresh_sheets_say(cast):
    """Each state of a fight given other numbers (every combatant Green, and already fought back
    against: FU-8's cap holds), its round replayed from its start on the sheets the fight filled,
    asks what it asks on sheets that keep nothing: what a sheet keeps is keyed by his numbers too."""
    cast = CASTS[cast] + " --option combat_experience=on"
    asked = 0
    for seed in range(12):
        session = session_of(cast, seed)
        play(session)
        fresh_sheets = forgetful(session.start.sheets)
        for step in session.steps:
            state = step.state
            numbers = tuple(dataclasses.replace(me, experience="green", fought=True) for me in state.fighters)
            kept = _asked(Fudge(), evolve(state, fighters=numbers))
            fresh = _asked(Fudge(), evolve(state, fighters=numbers, sheets=fresh_sheets))
            assert kept == fresh, (seed, step.answer)
            asked += isinstance(kept, RollPrompt)
    assert asked > 100


def _crowded(cast: str) -> Session:
    """A scene of five on one, played (the app's choices: each attacks) to the fifth's action prompt,
    when his one foe already has the most melee attackers (FU-2)."""
    session = session_of(cast, 0)
    while not session.prompt.reason.startswith("action (no melee attack"):
        assert len(session.answers) < 20
        session.roll()
    return session


def test_a_crowded_action_prompt_kept_names_the_foe_of_its_own_scene():
    """The action prompt kept with what a combatant can declare says who is crowded by name (FU-2):
    his sheet put among other sheets (another foe) says the other foe's name, as fresh sheets do."""
    reds = ' --red "Bors Holt"' * 5
    filler = _crowded(reds + ' --blue "Aldo Reyne"')
    assert "Aldo Reyne already has 4 melee attackers" in filler.prompt.reason
    second = _crowded(reds + ' --blue "Hal Brandt"')
    mixed = (*filler.start.sheets[:5], second.start.sheets[5])
    start = evolve(second.start, sheets=mixed, tables=filler.start.tables, options=filler.start.options)
    steps = fold(Fudge(), start, second.answers)
    asked = Fudge().prompt(steps[-1].state)
    assert asked == second.prompt and "Hal Brandt already has 4 melee attackers" in asked.reason


def test_a_combatants_numbers_frozen_at_a_rounds_end_are_his_fighter_made_the_long_way():
    """Every combatant's numbers are frozen at every round's end (``Live.frozen``: its dict written out,
    not made through the dataclass): each field is there, in the fields' order, and the fighter is the
    one ``Fighter(...)`` makes of the same numbers, in many rounds of many fights (wounds, loads, aims)."""
    from companion.rulesets.fudge.state import Fighter

    names = [each.name for each in dataclasses.fields(Fighter)]
    frozen = 0
    for cast in ("guns", "everything"):
        for seed in range(4):
            session = session_of(CASTS[cast], seed)
            play(session, most=120)
            ruleset = session.ruleset
            for step in session.steps:
                for live in ruleset.live(step.state).f:
                    made = live.frozen()
                    assert list(made.__dict__) == names
                    numbers = {name: getattr(live, name) for name in names}  # his live numbers, as tuples
                    numbers["boxes"] = tuple(tuple(row) for row in live.boxes)
                    for name in ("loaded", "spare", "reloading"):
                        numbers[name] = tuple(numbers[name])
                    long_way = Fighter(**numbers)
                    assert made == long_way and repr(made) == repr(long_way)
                    frozen += 1
    assert frozen > 1000
