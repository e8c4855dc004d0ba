"""Card files with problems, as a new player meets them: every problem of every card at once, in
the words of ``companion fighters check``, when the cards are loaded (the roster, the selection
screen's problem list, ``fighters check``), not when a fight starts.

- a card naming what the game's tables lack (a Fudge weapon, a PAF armor) is refused as the roster
  loads, against the tables in play (the shipped ones with the player's own over them);
- such a name is said with the card's other problems (a ladder word misspelt), not after them;
- a missing Fudge ladder field says the ladder words it allows;
- a number not in decimal (``010``) refuses its card, not the file: the file's good cards load;
  a file that cannot be read at all says the line where the part left open began;
- each game's selection screen shows only its own files' problems.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml
from scripting import run
from table_cards import text_of
from textual.widgets import Static

from companion.cards import keys_check_for, load_file, load_roster
from companion.ruleset import get_ruleset
from companion.rulesets.fudge.cards import FudgeCard
from companion.rulesets.fudge.rules import ALLOWED
from companion.rulesets.fudge.tables import load as fudge_tables
from companion.rulesets.paf.cards import PafCard
from companion.screens.app import make_app
from companion.screens.select import FighterSelectScreen

SABER_SAM = """\
game: fudge
fighters:
  - name: Saber Sam
    setting: primitive
    skills: {Sword: Great}
    dodge: Fair
    strength: Fair
    health: Good
    weapons:
      - {weapon: lightsaber, skill: Sword}
  - name: Good Gina
    setting: primitive
    skills: {Sword: Fair}
    dodge: Fair
    strength: Fair
    health: Fair
    weapons:
      - {weapon: broadsword, skill: Sword}
"""
"""The new player's file: a weapon the shipped tables lack, and a good card beside it."""

BAD_BOB = """\
game: fudge
fighters:
  - name: Bad Bob
    setting: primitive
    skills: {Sword: Amazing}
    dodge: Fair
    strength: 010
    health: Good
    weapons:
      - {weapon: lightsaber, skill: Sword}
  - name: Good Gary
    setting: primitive
    skills: {Sword: Fair}
    dodge: Fair
    strength: Fair
    health: Fair
    weapons:
      - {weapon: broadsword, skill: Sword}
"""
"""Three problems in one card (a number not in decimal, a word not on the ladder, a weapon the
tables lack) and a good card after it."""

PAF_CARD = """\
game: paf
fighters:
  - name: Tessa Odd
    kind: character
    size: medium
    race: Martian
    weapons:
      - {weapon: 'Blaster, Heavy'}
    shield: false
    helm: none
    movement: 12
    combat_level: 0
    natural_d20: 4
    weight: 150
    armor: mithril-weave
    stats: {strength: 13, intelligence: 13, wisdom: 14, constitution: 5, dexterity: 12, charisma: 13,
      comeliness: 14, ego: 16, agility: 11, swim: 10, mechanical: 13, stamina: 13}
  - name: Tessa Plain
    kind: character
    size: medium
    race: Human
    weapons:
      - {weapon: Dagger}
    shield: false
    helm: none
    movement: 12
    combat_level: 0
    natural_d20: 4
    weight: 150
    armor: none
    stats: {strength: 13, intelligence: 13, wisdom: 14, constitution: 5, dexterity: 12, charisma: 13,
      comeliness: 14, ego: 16, agility: 11, swim: 10, mechanical: 13, stamina: 13}
"""
"""A card naming a race, a weapon and an armor the PAF tables lack (the new player's Tessa Test's
fields), and a good card after it."""


def data_with(tmp_path: Path, **files: str) -> Path:
    """A data folder whose ``fighters/`` holds ``files`` (name: text)."""
    (tmp_path / "fighters").mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / "fighters" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def roster_of(game: str, data: Path):
    ruleset = get_ruleset(game)
    return load_roster(game, ruleset.card_model, user_dir=data / "fighters", keys_check=keys_check_for(ruleset, data))


def test_a_fudge_card_naming_a_weapon_the_tables_lack_is_refused_as_the_roster_loads(tmp_path: Path) -> None:
    data = data_with(tmp_path, lightsaber=SABER_SAM)
    roster = roster_of("fudge", data)
    assert "Saber Sam" not in roster.names() and "Good Gina" in roster.names()
    [problem] = roster.problems
    assert (problem.file, problem.fighter, problem.field) == (
        str(data / "fighters" / "lightsaber.yaml"),
        "Saber Sam",
        "weapons.0.weapon",
    )
    assert problem.message.startswith("'lightsaber' is not a weapon of the tables (weapons: fist, dagger, ")


def test_a_second_card_of_a_name_naming_a_weapon_the_tables_lack_leaves_the_first_in_the_roster(
    tmp_path: Path,
) -> None:
    second = SABER_SAM.split("  - name: Good Gina")[1].replace("broadsword", "lightsaber")
    data = data_with(tmp_path, twice=SABER_SAM + "  - name: Good Gina" + second)
    roster = roster_of("fudge", data)
    assert "Good Gina" in roster.names() and "Saber Sam" not in roster.names()
    assert [(p.fighter, p.field) for p in roster.problems] == [
        ("Saber Sam", "weapons.0.weapon"),
        ("Good Gina", "name"),  # a second card with this name (the first is kept)
    ]


def test_a_weapon_the_players_own_tables_add_is_a_weapon_of_the_tables_in_play(tmp_path: Path) -> None:
    data = data_with(tmp_path, lightsaber=SABER_SAM)
    weapons = fudge_tables(None)["weapons"]
    weapons["lightsaber"] = dict(weapons["broadsword"], name="Lightsaber")
    (data / "tables").mkdir()
    (data / "tables" / "fudge.yaml").write_text(yaml.safe_dump({"weapons": weapons}), encoding="utf-8")
    roster = roster_of("fudge", data)
    assert roster.problems == [] and "Saber Sam" in roster.names()


def test_a_paf_card_naming_a_race_weapon_and_armor_the_tables_lack_is_refused_with_all_three(
    tmp_path: Path,
) -> None:
    data = data_with(tmp_path, odd=PAF_CARD)
    roster = roster_of("paf", data)
    assert "Tessa Odd" not in roster.names() and "Tessa Plain" in roster.names()
    said = [(p.fighter, p.field, p.message.split(" (")[0]) for p in roster.problems]
    assert said == [
        ("Tessa Odd", "race", "'Martian' is not a race of the tables"),
        ("Tessa Odd", "armor", "'mithril-weave' is not an armor of the tables"),
        ("Tessa Odd", "weapons.0.weapon", "'Blaster, Heavy' is not a weapon of the tables"),
    ]


def test_fighters_check_says_every_problem_of_every_card_at_once(tmp_path: Path) -> None:
    """The new player's trial: the lightsaber was not said until 'Amazing' was mended; and the
    '010' dropped the whole file, Good Gary with it."""
    data = data_with(tmp_path, broken=BAD_BOB)
    path = data / "fighters" / "broken.yaml"
    proc = run(data, "fighters", "check", str(path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert [line.split(" (")[0] for line in out] == [
        f"{path}: fighter Bad Bob: strength: at line 7: '010' is not a decimal number",
        f"{path}: fighter Bad Bob: skills.Sword: 'Amazing' is not a ladder word; allowed: Terrible, Poor, Mediocre, "
        "Fair, Good, Great, Superb, Legendary",
        f"{path}: fighter Bad Bob: weapons.0.weapon: 'lightsaber' is not a weapon of the tables",
        f"{path}: 1 card loaded, 3 problems",
    ]
    assert "YAML 1.1 reads it as 8, octal" in out[0]
    roster = roster_of("fudge", data)
    assert "Good Gary" in roster.names() and "Bad Bob" not in roster.names()
    assert [p.field for p in roster.problems] == ["strength", "skills.Sword", "weapons.0.weapon"]


def test_a_number_not_in_decimal_refuses_its_card_and_the_files_other_cards_load(tmp_path: Path) -> None:
    path = data_with(tmp_path, broken=BAD_BOB.replace("skills: {Sword: Amazing}", "skills: {Sword: Good}"))
    path = path / "fighters" / "broken.yaml"
    cards, problems = load_file(path, "fudge", FudgeCard)
    assert [c.name for c in cards] == ["Good Gary"]
    assert [(p.fighter, p.field) for p in problems] == [("Bad Bob", "strength")]  # not a second word on it
    assert problems[0].message == (
        "at line 7: '010' is not a decimal number (YAML 1.1 reads it as 8, octal): numbers in card and tables "
        "files are written in decimal; quote it if it is text"
    )


def test_a_file_that_cannot_be_read_says_where_the_part_left_open_began(tmp_path: Path) -> None:
    path = data_with(tmp_path, paf_broken="game: paf\nfighters:\n  - name: Oops\n    stats: [12, 12\n")
    cards, [problem] = load_file(path / "fighters" / "paf_broken.yaml", "paf", PafCard)
    assert cards == [] and problem.fighter is None
    assert problem.message == (
        "is not valid YAML at line 5, column 1: did not find expected ',' or ']' "
        "(while parsing a flow sequence, begun at line 4, column 12)"
    )


def test_a_missing_ladder_field_says_the_ladder_words_it_allows(tmp_path: Path) -> None:
    path = data_with(tmp_path, mine=SABER_SAM.replace("    health: Good\n", "", 1)) / "fighters" / "mine.yaml"
    _, problems = load_file(path, "fudge", FudgeCard)
    [missing] = [p for p in problems if p.fighter == "Saber Sam"]
    assert (missing.field, missing.message) == ("health", f"missing; a ladder word: {ALLOWED}")


async def test_the_selection_screen_lists_the_refused_cards_and_only_its_own_games_files(tmp_path: Path) -> None:
    data = data_with(
        tmp_path,
        lightsaber=SABER_SAM,
        broken=BAD_BOB,
        paf_broken="game: paf\nfighters:\n  - name: Oops\n    stats: [12, 12\n",
    )
    app = make_app(data, rng=random.Random(1))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("down", "down", "down", "enter")  # Fudge
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FighterSelectScreen) and screen.game == "fudge"
        said = text_of(screen.query_one("#problems", Static))
        assert said.startswith("4 problems in card files; left out of the roster: Bad Bob, Saber Sam:")
        assert "paf_broken.yaml" not in said  # a PAF file: said on PAF's screen
        assert "'lightsaber' is not a weapon of the tables" in said
        assert "Saber Sam" not in screen.roster.names() and "Good Gina" in screen.roster.names()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "enter")  # PAF
        await pilot.pause()
        said = text_of(app.screen.query_one("#problems", Static))
        assert said.startswith("1 problem in card files; left out of the roster: every card of paf_broken.yaml:")
        assert "broken.yaml: fighter" not in said and "lightsaber" not in said
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("up", "up", "up", "up", "enter")  # NHB
        await pilot.pause()
        assert app.screen.roster.problems == []
        assert not app.screen.query_one("#problems", Static).display


async def test_the_card_editor_says_the_ladder_words_for_a_health_left_unchosen(tmp_path: Path) -> None:
    from test_card_editor import NEW_CARDS, fill

    from companion.screens.select import selection_screen
    from companion.screens.sheet import SheetScreen

    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(selection_screen("fudge"))
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        fill(screen, **{k: v for k, v in NEW_CARDS["fudge"].items() if k != "health"})
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # not saved
        path = tmp_path / "fighters" / "fudge.yaml"
        assert screen.problems == [f"{path}: fighter Ada Brawl: health: missing; a ladder word: {ALLOWED}"]
        assert "a whole number" not in text_of(screen.query_one("#sheet-message", Static))
    assert not path.exists()
