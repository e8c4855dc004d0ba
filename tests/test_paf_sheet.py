"""PAF's character sheet as data (issue 20, deliverable 3: ``rulesets/paf_sheet.py``): the fields
and their ranges, the derived figures with fixed values, the checks, the card and its file.

The rules cited: ``shared/rules/source/paf_combat_module.txt`` (the stats: "I use 3D4+1D8 to
determine each one"; the natural base "30 + 1D20") and rulings PA-1 (AF, DF), PA-5 (MHP, dead at)
and PA-7 (the pummel and grapple factors) in shared/rules/RULINGS.md."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from companion.ruleset import get_ruleset
from companion.rulesets.paf.cards import PafCard
from companion.sheet import CardProblems, Roll, SheetSpec, read_stat

STATS = {
    "strength": 14,
    "intelligence": 12,
    "wisdom": 15,
    "constitution": 13,
    "dexterity": 10,
    "charisma": 10,
    "comeliness": 9,
    "ego": 12,
    "agility": 14,
    "swim": 8,
    "mechanical": 7,
    "stamina": 15,
}

CHARACTER: dict[str, Any] = {
    "name": "Brother Test",
    "kind": "character",
    "size": "medium",
    "helm": "none",
    "shield": True,
    "race": "Human",
    "armor": "chain",
    "combat_level": 2,
    "weight": 170,
    "movement": 12,
    "armor_magic": 0,
    "natural_d20": 12,
    "weapon": ({"weapon": "Mace, Footmans", "magic": 0}, None, None),
    **STATS,
}
"""The values a sheet reads for a level-2 human in chain with a shield (an empty row is None)."""

GOBLIN: dict[str, Any] = {
    "name": "Grot",
    "kind": "monster",
    "size": "small",
    "helm": "none",
    "shield": False,
    "monster": "Goblin",
    "level": "1+",
    "ac": 6,
    "df_d20": 7,
    "hp": 9,
    "hp_off_table": False,
    "m-movement": 12,
    "weapon": ({"weapon": "Spear", "magic": 0},),
}


@pytest.fixture(scope="module")
def spec() -> SheetSpec:
    paf = get_ruleset("paf")
    found = paf.sheet(paf.tables_for(None))
    assert found is not None
    return found


def figures(spec: SheetSpec, values: dict[str, Any]) -> dict[str, Any]:
    return {f.key: f for f in spec.derive(values).figures}


def test_the_sheet_has_a_character_and_a_monster(spec: SheetSpec) -> None:
    assert spec.kinds == ("character", "monster")
    assert [s.kind for s in spec.sections] == ["", "character", "monster", ""]


def test_each_number_has_the_range_a_card_allows(spec: SheetSpec) -> None:
    ranges = {
        "combat_level": (0, 30),
        "weight": (10, 2000),  # a character's; a monster's (a giant, a horse) up to 20,000
        "m-weight": (10, 20000),
        "movement": (1, 48),
        "armor_magic": (-5, 10),
        "natural_d20": (1, 20),  # the natural base is 30 + 1D20 (PA-1)
        "ac": (-10, 10),
        "df_d20": (1, 20),
        "hp": (1, 999),
        "m-strength": (4, 20),
        "magic": (-5, 10),
        "ammo": (0, 999),
    }
    assert {key: (spec.field(key).low, spec.field(key).high) for key in ranges} == ranges
    assert spec.field("weight").read("2001")[1] == "weight: 2001 is out of range (10 to 2000)"
    assert spec.field("armor_magic").read("")[0] == 0  # blank: +0
    assert spec.field("m-strength").optional  # blank: the monster's rolls read 12


def test_a_stat_is_3d4_plus_1d8(spec: SheetSpec) -> None:
    """The text: "I use 3D4+1D8 to determine each one" (twelve stats, 4 to 20)."""
    stats = [f for f in spec.fields() if f.kind == "stat"]
    assert [f.key for f in stats] == list(STATS)
    assert {f.dice for f in stats} == {"3d4+1d8"}
    assert [f.label for f in stats[:3]] == ["STR", "INT", "WIS"] and spec.field("constitution").named == "CON"
    assert read_stat("4 4 4 8", "3d4+1d8") == (20, "4 + 4 + 4 + 8 = 20")
    assert read_stat("4", "3d4+1d8") == (4, "4 (the total)")
    assert read_stat("3", "3d4+1d8")[1] == "3 is not a stat: 3d4+1d8 makes 4 to 20"


def test_a_characters_figures_with_fixed_values(spec: SheetSpec) -> None:
    got = figures(spec, CHARACTER)
    # PA-5: MHP = CON 13 + stamina 15's +1 + combat level 2 + race 0 + 8 (combat level > 0)
    assert got["mhp"].value == "24" and got["mhp"].label == "MHP"
    # PA-1: AF = natural base (30 + d20 12) - 4 x 2 + strength 14's -2; the missile AF adds dexterity 10's +2
    assert (got["af"].label, got["af"].value, got["af_missile"].value) == ("AF (melee)", "32", "34")
    assert got["af"].terms == "42 (natural base 30 + d20 12) - 8 (combat level 2 x 4) - 2 (strength 14)"
    # PA-1: DF = race base 0 + agility 14's +3 + chain 25 + 2.5 x 2, and the shield's 5 [R]
    assert got["df"].value == "38" and "(armor)" in got["df"].terms and "(shield)" in got["df"].terms
    # PA-7: the pummel and grapple factors
    assert [got[k].value for k in ("paf", "pdf", "goaf", "godf")] == ["64", "69", "30", "20"]
    assert got["paf"].label == "PAF (pummel attack)" and got["godf"].label == "GODF (grapple defense)"
    # PA-5: a character dies at -constitution; in the summary alone
    assert got["dead_at"].value == "-13" and not got["dead_at"].listed
    assert spec.derive(CHARACTER).summary[0] == "MHP {mhp}   dead at {dead_at}"


def test_each_figure_names_the_fields_it_reads(spec: SheetSpec) -> None:
    """Worked out with stand-ins while a field is missing; the sheet shows ? until each it reads is given."""
    blank = {k: v for k, v in CHARACTER.items() if k not in ("constitution", "combat_level", "weight")}
    got = figures(spec, blank)
    assert got["mhp"].needs == ("constitution", "stamina", "combat_level")
    assert got["dead_at"].needs == ("constitution",)
    assert got["goaf"].needs == ("agility", "strength", "weight")
    assert got["df"].needs == ("agility", "combat_level")
    named = [spec.field(key).named for key in got["mhp"].needs]
    assert named == ["CON", "STA", "combat level"]


def test_a_monsters_figures_with_fixed_values(spec: SheetSpec) -> None:
    got = figures(spec, GOBLIN)
    assert got["mhp"].value == "9" and got["mhp"].needs == ("hp",)  # its hit points as rolled
    assert got["af"].value == "48" and got["af"].needs == ()  # the Monster Conversion Chart's 1+
    assert got["df"].value == "11" and got["df"].needs == ("ac", "df_d20")  # (10 - 6) x 3 + 2 - 10 + 7
    assert got["dead_at"].value == "-10" and got["dead_at"].needs == ()  # PA-5's option for monsters


def test_a_monsters_hit_points_are_rolled_on_its_tables_dice(spec: SheetSpec) -> None:
    hp = spec.field("hp")
    assert hp.roll(GOBLIN) == Roll("1d4+6", "6+D4")
    assert hp.roll({**GOBLIN, "monster": None}) == "choose the monster of the table to roll its hit points"
    assert spec.field("df_d20").roll(GOBLIN) == Roll("d20") and spec.field("ac").roll(GOBLIN) is None


def test_the_weapons_are_checked_across_rows(spec: SheetSpec) -> None:
    assert spec.check(CHARACTER) == []
    mace = {"weapon": "Mace, Footmans", "magic": 0}
    twice = {**CHARACTER, "weapon": (mace, None, {**mace, "ammo": 3})}
    assert spec.check(twice) == [
        "weapon 3 ammo: Mace, Footmans is not shot or thrown (no missiles row)",
        "weapon 3: Mace, Footmans is listed twice",
    ]
    assert spec.check({**CHARACTER, "weapon": (None, None, None)}) == ["weapons: choose at least one"]


def test_the_card_and_its_file(spec: SheetSpec) -> None:
    card = spec.to_card(CHARACTER)
    assert isinstance(card, PafCard) and card.stats is not None
    assert (card.stats.stamina, card.armor, card.shield, card.weapons[0].weapon) == (
        15,
        "chain",
        True,
        "Mace, Footmans",
    )
    assert spec.file_name(card) == "paf_brother_test.yaml"
    written = yaml.safe_load(spec.card_text(card))
    assert written["game"] == "paf" and PafCard.model_validate(written["fighters"][0]) == card
    monster = spec.to_card(GOBLIN)
    assert monster.kind == "monster" and monster.hp_off_table is None and monster.weight is None


def test_a_card_the_model_or_the_tables_refuse_says_every_problem(spec: SheetSpec) -> None:
    with pytest.raises(CardProblems) as refused:
        spec.to_card({**GOBLIN, "hp": 30})
    assert refused.value.problems[0].startswith("hp: 30 is off the monster table's 6+D4 for a Goblin (7 to 10)")
    spec.to_card({**GOBLIN, "hp": 30, "hp_off_table": True})  # meant off the dice
    with pytest.raises(CardProblems) as refused:
        spec.to_card({k: v for k, v in CHARACTER.items() if k != "strength"})
    assert any(p.startswith("stats.strength") for p in refused.value.problems)


def test_without_tables_the_sheet_shows_and_has_no_numbers() -> None:
    """The tables do not load at all: the sheet still opens (the shipped ones' keys unknown)."""
    spec = get_ruleset("paf").sheet(None)
    assert spec is not None
    assert spec.field("race").choices == ("Human",) and spec.field("weapon").choices == ()
    assert spec.derive(CHARACTER).problem == "The tables do not load: no numbers."
