"""Paul's Adventures In Fantasy: the tables as data (issue 7, rulings PA-1 to PA-7).

Every table of source/paf_combat_module.txt is transcribed in rulesets/paf.yaml;
these tests hold at least three rows of each against the printed text, the
edges included, and break copies of the file to read the check's messages.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.tables import SECTIONS, SHIPPED, TablesError, check, load, parse

SHIPPED_DATA = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def shipped() -> dict:
    return copy.deepcopy(SHIPPED_DATA)


def problems(data) -> list[str]:
    t, found = check(data, "paf.yaml")
    assert t is None and found, "the tables should have been refused"
    return found


# --- the shipped file -------------------------------------------------------------------------


def test_shipped_file_loads_as_json_data(paf_tables):
    data = load()
    assert set(data) == set(SECTIONS)
    again = json.loads(json.dumps(data))  # stored with a fight's setup and read back
    assert parse(again) == paf_tables
    assert load(Path("/nonexistent/paf.yaml")) == data  # no user file: the shipped tables
    assert check(SHIPPED_DATA)[1] == []


def test_every_section_is_in_the_shipped_file():
    assert set(SHIPPED_DATA) == set(SECTIONS)


# --- weapons (PA-4) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, weight, sm, lg, printed, min_str",
    [
        ("Arrow", 2, "1d6", "1d6", ["1-6", "1-6"], None),
        ("Axe, Battle", 75, "1d12", "1d12", ["1-12", "1-12"], 10),
        ("Flail, Footmans", 130, "1d6+1", "2d4", ["2-7", "2-8"], 15),  # PA-4: 2-7 is 1d6+1
        ("Flail, Horsemans", 35, "1d4+1", "1d4+1", ["2-5", "2-5"], None),
        ("Lance, Heavy", 150, "3d3", "3d6", ["3-9", "3-18"], 15),  # PA-4: 3-18 is 3d6; R-1: 3-9 read 3d3
        ("Lance, Medium", 100, "1d6+1", "2d6", ["2-7", "2-12"], 12),
        ("Sword, Bastard", 100, "2d4", "2d8", ["2-8", "2-16"], 13),  # PA-4: 2-16 is 2d8
        ("Sword, Great", 275, "1d12", "2d10", ["1-12", "2-20"], 18),
        ("Sword, Long", 60, "1d8", "1d12", ["1-8", "1-12"], 8),  # PA-4: 1-8 is 1d8
        ("Sword, Two-Handed", 250, "1d10", "3d6", ["1-10", "3-18"], 17),
        ("Dart", 5, "1d3", "1d2", ["1-3", "1-2"], None),
        ("Staff", 50, "1d6", "1d6", ["1-6", "1-6"], None),
    ],
)
def test_weapon_rows(name, weight, sm, lg, printed, min_str, paf_tables):
    w = paf_tables.weapons[name]
    assert (w.weight, w.small_medium, w.large, w.printed, w.min_str) == (weight, sm, lg, printed, min_str)


def test_weapon_readings(paf_tables):
    assert len(paf_tables.weapons) == 34  # every row of page 11, the Staff included
    spear = paf_tables.weapons["Spear"]
    assert (spear.weight, spear.weight_max, spear.min_str) == (40, 60, 8)  # "40-60"
    bastard = paf_tables.weapons["Sword, Bastard"]
    assert bastard.two_hands and bastard.one_hand and bastard.misc == "Requires Two Hands / As Bastard 1 Hand"
    assert paf_tables.weapons["Axe, Battle"].two_hands and not paf_tables.weapons["Sword, Long"].two_hands
    assert [paf_tables.weapons[n].critical for n in ("Club", "Sword, Long", "Arrow", "Spear")] == [
        "blunt",
        "edged",
        "missile",
        "edged",
    ]


def test_every_weapon_dice_give_the_printed_range(paf_tables):
    for name, w in paf_tables.weapons.items():
        assert f"{pt.dice_range(w.small_medium)[0]}-{pt.dice_range(w.small_medium)[1]}" == w.printed[0], name
        assert f"{pt.dice_range(w.large)[0]}-{pt.dice_range(w.large)[1]}" == w.printed[1], name


def test_weapon_damage_by_size(paf_tables):
    """PA-4: small and medium share a column."""
    assert (
        pt.weapon_damage(paf_tables, "Sword, Long", "small")
        == pt.weapon_damage(paf_tables, "Sword, Long", "medium")
        == "1d8"
    )
    assert pt.weapon_damage(paf_tables, "Sword, Long", "large") == "1d12"
    assert pt.weapon_damage(paf_tables, "Hammer, Lucern", "large") == "1d6"
    with pytest.raises(ValueError):
        pt.weapon_damage(paf_tables, "Sword, Long", "huge")
    with pytest.raises(LookupError):
        pt.weapon_damage(paf_tables, "Lightsaber", "medium")


def test_dice_helpers():
    assert pt.dice_range("1d6+1") == (2, 7) and pt.dice_range("3d3") == (3, 9) and pt.dice_range("1d10+11") == (12, 21)
    assert pt.add_to_dice("1d6+1", -1) == "1d6"
    assert pt.add_to_dice("1d8", 2) == "1d8+2"
    assert pt.add_to_dice("1d4", -1) == "1d4-1"
    with pytest.raises(ValueError):
        pt.dice_range("1-8")


# --- missiles ------------------------------------------------------------------------------------


def test_missile_rows(paf_tables):
    bow = paf_tables.missiles["Bow, Long"]
    assert (bow.per_round, bow.short, bow.medium, bow.long, bow.ammunition) == (2, 7, 14, 21, "Arrow")
    heavy = paf_tables.missiles["Crossbow, Heavy"]
    assert (heavy.per_round, heavy.printed_rate, heavy.long, heavy.ammunition) == (
        0.5,
        "1/2",
        24,
        "Quarl, Heavy",
    )
    dart = paf_tables.missiles["Dart"]
    assert (dart.per_round, dart.short, dart.medium, dart.long) == (3, 1.5, 3, 4.5)  # "1 1/2 3 4 1/2"
    spear = paf_tables.missiles["Spear"]
    assert (spear.per_round, spear.short, spear.medium, spear.long) == (1, 1, 2, 3)
    assert paf_tables.missiles["Axe"].ammunition == "Axe, Hand"
    assert len(paf_tables.missiles) == 15


def test_missile_range_bands(paf_tables):
    """ "* +10% Attack Modification", "** +25%" (R-6)."""
    assert (
        paf_tables.missile_range_modifiers.short,
        paf_tables.missile_range_modifiers.medium,
        paf_tables.missile_range_modifiers.long,
    ) == (
        0,
        10,
        25,
    )
    assert pt.range_modifier(paf_tables, "Bow, Long", 7) == 0
    assert pt.range_modifier(paf_tables, "Bow, Long", 8) == 10
    assert pt.range_modifier(paf_tables, "Bow, Long", 21) == 25
    assert pt.range_modifier(paf_tables, "Bow, Long", 22) is None


# --- characteristic and strength adjustments (PA-1) ----------------------------------------------------


def test_characteristic_rows(paf_tables):
    row = pt.characteristic_row(paf_tables, 4)
    assert (row.languages, row.saving_throws, row.missile, row.defense, row.reaction, row.hit_points) == (
        0,
        15,
        15,
        -12,
        -25,
        -2,
    )
    row = pt.characteristic_row(paf_tables, 12)
    assert (row.languages, row.saving_throws, row.missile, row.defense, row.reaction, row.hit_points) == (
        2,
        0,
        0,
        0,
        0,
        0,
    )
    row = pt.characteristic_row(paf_tables, 20)
    assert (row.languages, row.saving_throws, row.missile, row.defense, row.reaction, row.hit_points) == (
        8,
        -20,
        -20,
        12,
        40,
        6,
    )
    assert pt.characteristic_adjustment(paf_tables, 9, "saving_throws") == 3  # printed "+3" without "%"
    assert pt.characteristic_adjustment(paf_tables, 18, "defense") == 19  # "+19%" as printed
    assert [pt.characteristic_adjustment(paf_tables, s, "defense") for s in (16, 17, 18, 19)] == [7, 8, 19, 11]
    assert pt.characteristic_adjustment(paf_tables, 15, "hit_points") == 1
    assert [r.score for r in paf_tables.characteristics] == list(range(4, 21))
    with pytest.raises(LookupError):
        pt.characteristic_row(paf_tables, 3)
    with pytest.raises(ValueError):
        pt.characteristic_adjustment(paf_tables, 12, "luck")


def test_strength_rows(paf_tables):
    assert pt.strength_adjustment(paf_tables, 4) == 15  # PA-1: strength 4 is +15% to the chance to miss
    row = pt.strength_row(paf_tables, 4)
    assert (row.attack, row.damage, row.weight_allowance, row.open_doors, row.bend_bars) == (15, -1, -350, 17, 0)
    row = pt.strength_row(paf_tables, 15)
    assert (row.attack, row.damage, row.weight_allowance, row.open_doors, row.bend_bars) == (-3, 0, 275, 40, 9)
    row = pt.strength_row(paf_tables, 18)
    assert (row.attack, row.damage, row.weight_allowance, row.open_doors, row.bend_bars) == (-7, 2, 750, 55, 16)
    row = pt.strength_row(paf_tables, 20)
    assert (row.attack, row.damage, row.weight_allowance, row.open_doors, row.bend_bars) == (-10, 3, 1250, 65, 25)
    assert [r.score for r in paf_tables.strength] == list(range(4, 21))
    with pytest.raises(LookupError):
        pt.strength_row(paf_tables, 21)


def test_races(paf_tables):
    assert {k: r.hp_bonus for k, r in paf_tables.races.items()} == {
        "Dwarf": 2,
        "Elf": -1,
        "Gnome": 1,
        "Half-Elf": 0,
        "Half-Ork": 1,
        "Hobbit": -1,
        "Human": 0,
    }
    assert {r.defense_base for r in paf_tables.races.values()} == {0}  # PA-1: race base 0 for every race


# --- monster conversion chart -------------------------------------------------------------------


def test_monster_conversion(paf_tables):
    assert pt.monster_attack_factor(paf_tables, "1-1") == 56
    assert pt.monster_attack_factor(paf_tables, "1") == 52
    assert pt.monster_attack_factor(paf_tables, "1+") == 48
    assert pt.monster_attack_factor(paf_tables, "13") == 0
    assert pt.monster_attack_factor(paf_tables, "16") == -12
    assert [pt.monster_lvl(paf_tables, lv) for lv in ("1-1", "1", "1+", "2", "16")] == [1, 1, 1, 2, 16]
    assert len(paf_tables.monster_levels) == 18
    assert (paf_tables.monsters["Orc"].mhp, paf_tables.monsters["Orc"].printed) == ("1d10+11", "11+D10")
    assert paf_tables.monsters["Kobold"].mhp == "1d4+4"
    assert paf_tables.monsters["Giant, Storm"].mhp == "1d20+55"
    assert paf_tables.monsters["Horse, Hvy War"].mhp == "1d6+18"
    assert len(paf_tables.monsters) == 18
    assert paf_tables.monster_defense_factor == "(10 - AC)*3 + 2*LVL - 10 + D20"
    with pytest.raises(LookupError):
        pt.monster_attack_factor(paf_tables, "17")


# --- thresholds (PA-3) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "needed, crit, fumble",
    [
        (41, 95, 8),
        (45, 95, 8),
        (50, 95, 8),  # PA-3: N 41-50 crits on 95+, fumbles on 8 or less
        (0, 91, None),
        (5, 91, None),
        (6, 91, 1),
        (10, 91, 1),
        (11, 92, 2),
        (17, 92, 3),
        (19, 92, 4),
        (24, 93, 5),
        (34, 94, 6),
        (40, 94, 7),
        (51, 96, 8),
        (70, 97, 8),
        (71, 98, 9),
        (90, 99, 9),
        (91, 100, 9),
        (99, 100, 9),
        (100, None, 9),
    ],
)
def test_thresholds(needed, crit, fumble, paf_tables):
    assert pt.critical_threshold(paf_tables, needed) == crit
    assert pt.fumble_threshold(paf_tables, needed) == fumble


def test_thresholds_out_of_range_and_fractions(paf_tables):
    """R-16: the needed roll rounds up to a whole roll and is held within 0..100."""
    assert pt.critical_threshold(paf_tables, 50.5) == 96 and pt.fumble_threshold(paf_tables, 50.5) == 8
    assert pt.critical_threshold(paf_tables, 40.5) == 95 and pt.fumble_threshold(paf_tables, 40.5) == 8
    assert pt.critical_threshold(paf_tables, -12) == 91 and pt.fumble_threshold(paf_tables, -12) is None
    assert pt.critical_threshold(paf_tables, 130) is None and pt.fumble_threshold(paf_tables, 130) == 9


# --- critical and fumble tables (PA-3) -----------------------------------------------------------------


def test_blunt_criticals(paf_tables):
    assert pt.critical_row(paf_tables, "blunt", 1).damage_multiplier == 2
    assert pt.critical_row(paf_tables, "blunt", 31).damage_multiplier == 2
    assert pt.critical_row(paf_tables, "blunt", 32).damage_multiplier == 3
    row = pt.critical_row(paf_tables, "blunt", 65)
    assert (row.text, row.shield, row.no_effect_if) == ("shield broken (no effect if no shield)", "broken", "no_shield")
    assert pt.critical_row(paf_tables, "blunt", 68).roll_again_if == "no_shield"
    assert pt.critical_row(paf_tables, "blunt", 69).no_shield_defense == "1d6"
    assert pt.critical_row(paf_tables, "blunt", 74).attacks == -2
    assert pt.critical_row(paf_tables, "blunt", 77).attacks == "none"
    loss = pt.critical_row(paf_tables, "blunt", 80).stat_loss
    assert (loss.stat, loss.dice, loss.until_healed) == ("dexterity", "1d5", True)
    assert pt.critical_row(paf_tables, "blunt", 81).stat_loss.until_healed is False
    assert pt.critical_row(paf_tables, "blunt", 84).stunned == "1d6"
    assert pt.critical_row(paf_tables, "blunt", 92).movement == "halved"
    assert pt.critical_row(paf_tables, "blunt", 97).stat_loss.dice == "2d6"
    r99, r00 = pt.critical_row(paf_tables, "blunt", 99), pt.critical_row(paf_tables, "blunt", "00")
    assert (r99.text, r99.death, r99.no_effect_if) == (
        "skull crushed, dead (no effect if helmed)",
        "immediate",
        "helmed",
    )
    assert (r00.text, r00.death, r00.no_effect_if) == ("skull crushed, dead", "immediate", None)
    assert pt.critical_row(paf_tables, "blunt", 100) == r00


def test_edged_criticals(paf_tables):
    assert pt.critical_row(paf_tables, "edged", 62).damage_multiplier == 3
    assert pt.critical_row(paf_tables, "edged", 63).no_effect_if == "shielded"  # as printed
    r65 = pt.critical_row(paf_tables, "edged", 65)
    assert (r65.lost, r65.stunned, r65.if_helmed.helm) == (["ear"], "1d6", "removed")
    r70 = pt.critical_row(paf_tables, "edged", 70)
    assert (r70.lost, r70.if_helmed.helm) == (["ear"], "removed")
    assert pt.critical_row(paf_tables, "edged", 76).stat_loss.dice == "1d5"
    assert pt.critical_row(paf_tables, "edged", 82).lost == ["shield_arm_at_shoulder"]
    death = pt.critical_row(paf_tables, "edged", 93).death_in
    assert (death.dice, death.unit) == ("2d6", "turns")
    assert pt.critical_row(paf_tables, "edged", 92).death_in.dice == "1d4"
    assert pt.critical_row(paf_tables, "edged", "00").text == "decapitated, immediate death"
    assert pt.critical_row(paf_tables, "edged", 99).no_effect_if == "helmed"


def test_missile_criticals(paf_tables):
    assert pt.critical_row(paf_tables, "missile", 34).damage_multiplier == 2
    assert pt.critical_row(paf_tables, "missile", 35).damage_multiplier == 3
    assert pt.critical_row(paf_tables, "missile", 70).damage_multiplier == 3
    assert pt.critical_row(paf_tables, "missile", 71).no_effect_if == "shielded"
    assert pt.critical_row(paf_tables, "missile", 78).attacks == -4
    assert pt.critical_row(paf_tables, "missile", 81).death_in.unit == "days"
    assert pt.critical_row(paf_tables, "missile", 95).no_talking is True
    assert pt.critical_row(paf_tables, "missile", "00").text == "struck in head, immediate death"


def test_fumbles(paf_tables):
    slip = pt.fumble_row(paf_tables, 1)
    assert slip.dex_check.die == "1d20" and slip.dex_check.on_fail.stunned == "1d4" and slip.dex_check.on_fail.fall
    assert pt.fumble_row(paf_tables, 33).dex_check.on_fail.stunned == "1d6"  # the d20 read in
    assert pt.fumble_row(paf_tables, 57).weapon == "dropped"
    tangled = pt.fumble_row(paf_tables, 62)
    assert (tangled.attacks, tangled.opponent_attacks, tangled.duration) == ("none", "none", "next_round")
    away = pt.fumble_row(paf_tables, 66).knocked_away
    assert (away.direction, away.feet) == ("1d8", "1d10")
    assert pt.fumble_row(paf_tables, 72).break_chance.per_plus == -20
    assert (pt.fumble_row(paf_tables, 75).hit, pt.fumble_row(paf_tables, 75).damage_multiplier) == ("self", 0.5)
    assert (pt.fumble_row(paf_tables, 86).hit, pt.fumble_row(paf_tables, 86).damage_multiplier) == ("friend", 2)
    assert pt.fumble_row(paf_tables, 89).critical == "friend"
    helm = pt.fumble_row(paf_tables, 95)
    assert (helm.helm, helm.attacks, helm.duration, helm.dex_check.purpose) == ("slips", -6, "until_fixed", "fix")
    assert pt.fumble_row(paf_tables, 98).opponent_next_attack == 3
    r99, r00 = pt.fumble_row(paf_tables, 99), pt.fumble_row(paf_tables, "00")
    assert (r99.roll_again.times, r99.roll_again.ignore) == (2, [99, 100])
    assert r00.text == "roll 3 times, ignoring rolls of 99 or 00"
    assert (r00.roll_again.times, r00.roll_again.ignore) == (3, [99, 100])


def test_percentile_reading():
    """Ruling D-2: 00 is 100."""
    assert pt.percentile("00") == 100 and pt.percentile("07") == 7 and pt.percentile(100) == 100
    for bad in (0, 101, "x", "-3"):
        with pytest.raises(ValueError):
            pt.percentile(bad)


# --- non-lethal tables (PA-7) ----------------------------------------------------------------------


def test_pummeling_table(paf_tables):
    p = paf_tables.pummeling
    assert p.share == 0.25
    assert [(m.key, m.value, m.automatic_hit) for m in p.to_hit][:4] == [
        ("slowed", -10, False),
        ("stunned", -20, False),
        ("helpless", None, True),
        ("hastened", 10, False),
    ]
    fast = p.to_hit[4]
    assert (fast.value, fast.per_inches, fast.above) == (5, 6, 12)
    assert [m.value for m in p.damage_mods] == [5, 10, -5, -10, -20]
    assert pt.nonlethal_row(paf_tables, "pummeling", 0).miss
    assert pt.nonlethal_row(paf_tables, "pummeling", -7).text == "Total Miss"
    assert (
        pt.nonlethal_row(paf_tables, "pummeling", 1).strike_again
        and pt.nonlethal_row(paf_tables, "pummeling", 1).points is None
    )
    row = pt.nonlethal_row(paf_tables, "pummeling", 41)
    assert (row.points, row.strike_again, row.plus_strength) == (4, True, True)
    assert pt.nonlethal_row(paf_tables, "pummeling", 100).points == 8
    crush = pt.nonlethal_row(paf_tables, "pummeling", 101)
    assert (crush.points, crush.stunned) == (10, True)


def test_grappling_and_overbear_tables(paf_tables):
    assert [(m.key, m.value) for m in paf_tables.grapple_overbear_to_hit][:4] == [
        ("slowed", -10),
        ("stunned", -20),
        ("helpless", -30),
        ("hastened", 20),
    ]
    assert paf_tables.grapple_overbear_to_hit[4].above == "attacker"
    g = paf_tables.grappling
    assert g.share == 0.25 and [m.value for m in g.damage_mods] == [-10, -10, -10]
    clinch = pt.nonlethal_row(paf_tables, "grappling", 20)
    assert (clinch.category, clinch.attacker, clinch.defender, clinch.points, clinch.opponent_may_counter) == (
        1,
        "Waist Clinch",
        None,
        1,
        True,
    )
    arm = pt.nonlethal_row(paf_tables, "grappling", 21)
    assert (arm.category, arm.attacker, arm.defender, arm.points) == (2, "Arm Lock", "Forearm/Elbow Smash", 2)
    assert pt.nonlethal_row(paf_tables, "grappling", 55).defender == "Bite"
    assert pt.nonlethal_row(paf_tables, "grappling", 95).attacker == "Strangle Hold"
    kick = pt.nonlethal_row(paf_tables, "grappling", 96)
    assert (kick.category, kick.points, kick.stunned) == (7, 8, True)
    o = paf_tables.overbear
    assert o.share == 0.5 and [m.value for m in o.damage_mods] == [-10, 15, 10]
    assert pt.nonlethal_row(paf_tables, "overbear", -5).opponent_may_counter
    assert pt.nonlethal_row(paf_tables, "overbear", 40).points is None
    staggered = pt.nonlethal_row(paf_tables, "overbear", 41)
    assert (staggered.points, staggered.strike_again) == (1, True)
    assert pt.nonlethal_row(paf_tables, "overbear", 100).points == 3
    flat = pt.nonlethal_row(paf_tables, "overbear", 150)
    assert (flat.points, flat.stunned) == (4, True)


# --- the check: one kind of problem each ------------------------------------------------------------


def test_dice_that_do_not_give_the_printed_range():
    data = shipped()
    data["weapons"]["Sword, Long"]["large"] = "2d6"
    assert problems(data) == ["paf.yaml: weapons.Sword, Long.large: 2d6 gives 2-12 but the printed range is 1-12"]


def test_a_gap_in_a_critical_table():
    data = shipped()
    data["criticals"]["blunt"][1]["high"] = 63
    found = problems(data)
    assert found == ["paf.yaml: criticals.blunt[2]: starts at 65 but the rows before end at 63 (a gap)"]


def test_thresholds_must_reach_100():
    data = shipped()
    del data["critical_thresholds"][-1]
    assert problems(data) == ["paf.yaml: critical_thresholds: the rows must end at 100 (they end at 99)"]


def test_many_problems_at_once_with_section_and_key():
    data = shipped()
    data["strength"][0]["attack"] = "15%"
    data["criticals"]["edged"][0]["stunned"] = "1-6"
    data["fumbles"][0]["colour"] = "red"
    del data["races"]
    found = problems(data)
    assert len(found) == 4
    assert any(p.startswith("paf.yaml: strength.0.attack: '15%' is not allowed") for p in found)
    assert any(p.startswith("paf.yaml: criticals.edged.0.stunned: '1-6' is not allowed") for p in found)
    assert any(p.startswith("paf.yaml: fumbles.0.colour: unknown field; fields: damage_multiplier, ") for p in found)
    assert "paf.yaml: races: missing" in found


def test_duplicate_score_and_unknown_ammunition():
    data = shipped()
    data["characteristics"][5]["score"] = 8
    data["missiles"]["Bow, Long"]["ammunition"] = "Arrows"
    found = problems(data)
    assert "paf.yaml: characteristics: score 8 is given twice" in found
    assert any(p.startswith("paf.yaml: missiles.Bow, Long.ammunition: 'Arrows' is not a weapon") for p in found)


def test_grappling_categories_and_open_ends():
    data = shipped()
    data["grappling"]["damage"][0]["low"] = 0
    data["grappling"]["damage"][3]["category"] = 9
    found = problems(data)
    assert "paf.yaml: grappling.damage[0]: the first row must have low: null (it takes every lower index)" in found
    assert any(p.startswith("paf.yaml: grappling.damage: categories must be 1, 2, 3") for p in found)


# --- a GM's own file ----------------------------------------------------------------------------------


def test_user_file_replaces_whole_sections(tmp_path, paf_tables):
    user = tmp_path / "paf.yaml"
    rows = copy.deepcopy(SHIPPED_DATA["characteristics"])
    rows[14]["defense"] = 10  # play the Agility 18 entry as +10%
    user.write_text(yaml.safe_dump({"characteristics": rows}), encoding="utf-8")
    data = load(user)
    t = parse(data)
    assert pt.characteristic_adjustment(t, 18, "defense") == 10
    assert t.weapons == paf_tables.weapons  # the other sections are the shipped ones


def test_bad_user_file_is_reported_with_file_and_section(tmp_path):
    user = tmp_path / "paf.yaml"
    user.write_text(yaml.safe_dump({"fumbles": [{"low": 1, "high": 99, "text": "slip"}]}), encoding="utf-8")
    with pytest.raises(TablesError) as err:
        load(user)
    assert err.value.problems == [
        f"{user} (over the shipped tables): fumbles: the rows must end at 100 (they end at 99)"
    ]


def test_user_file_with_unknown_section_or_bad_yaml(tmp_path):
    user = tmp_path / "paf.yaml"
    user.write_text("weapon:\n  Club: {}\n", encoding="utf-8")
    with pytest.raises(TablesError) as err:
        load(user)
    assert err.value.problems[0].startswith(f"{user}: weapon: unknown section; sections: version, weapons, ")
    user.write_text("weapons: [\n", encoding="utf-8")
    with pytest.raises(TablesError) as err:
        load(user)
    assert err.value.problems[0].startswith(f"{user}: is not valid YAML")
    user.write_text("- a list\n", encoding="utf-8")
    with pytest.raises(TablesError) as err:
        load(user)
    assert err.value.problems[0].startswith(f"{user}: should be a mapping of some of the sections")


def test_parse_refuses_bad_stored_data():
    data = load()
    data["version"] = 2
    with pytest.raises(TablesError) as err:
        parse(data, "stored setup")
    assert err.value.problems[0].startswith("stored setup: version:")


# --- armor: the project's reconstruction [R] (the text prints no armor table) ----------------------


def test_armor_section_is_labelled_a_reconstruction():
    text = SHIPPED.read_text(encoding="utf-8")
    head = text[text.index("# --- Armor") : text.index("armor:\n")]
    assert "NOT PRINTED" in head and "RECONSTRUCTION" in head and "<data dir>/tables/paf.yaml" in head


@pytest.mark.parametrize(
    ("key", "bonus", "plate_or_banded"),
    [
        ("none", 0, False),
        ("leather", 5, False),
        ("studded leather", 10, False),
        ("ring mail", 15, False),
        ("scale", 20, False),
        ("chain", 25, False),
        ("banded", 30, True),
        ("plate", 35, True),
    ],
)
def test_armor_rows(key, bonus, plate_or_banded, paf_tables):
    """docs/paf_design.md "Cards": none 0 ... plate 35, 5 a step; plate and banded for grappling."""
    assert pt.armor_bonus(paf_tables, key) == bonus
    assert pt.armor(paf_tables, key).plate_or_banded is plate_or_banded


def test_armor_lookups(paf_tables):
    assert list(paf_tables.armor.suits) == [
        "none",
        "leather",
        "studded leather",
        "ring mail",
        "scale",
        "chain",
        "banded",
        "plate",
    ]
    assert pt.shield_bonus(paf_tables) == 5
    with pytest.raises(LookupError, match=r"'mithril' is not an armor .*none, leather"):
        pt.armor(paf_tables, "mithril")


def test_armor_needs_none_and_sound_rows():
    data = shipped()
    del data["armor"]["suits"]["none"]
    data["armor"]["suits"]["plate"]["bonus"] = -5
    data["armor"]["shield"] = "five"
    found = problems(data)
    assert any(p.startswith("paf.yaml: armor.suits.plate.bonus: -5 is not allowed") for p in found)
    assert any(p.startswith("paf.yaml: armor.shield: 'five' is not allowed") for p in found)
    data = shipped()
    del data["armor"]["suits"]["none"]
    assert problems(data) == ["paf.yaml: armor.suits: needs a suit 'none' (the armor of a card that names none)"]
    data = shipped()
    data["armor"]["suits"]["none"]["bonus"] = 3
    assert problems(data) == ["paf.yaml: armor.suits.none.bonus: 3 is not allowed: no armor gives 0"]


def test_user_file_replaces_the_armor(tmp_path):
    """A GM's own armor table replaces the reconstruction whole."""
    user = tmp_path / "paf.yaml"
    user.write_text(
        yaml.safe_dump(
            {"armor": {"shield": 10, "suits": {"none": {"bonus": 0}, "mithril": {"bonus": 40, "text": "elven mail"}}}},
            sort_keys=False,
        ),
        encoding="utf-8",
    )
    t = parse(load(user))
    assert list(t.armor.suits) == ["none", "mithril"] and pt.armor_bonus(t, "mithril") == 40
    assert pt.shield_bonus(t) == 10 and not pt.armor(t, "mithril").plate_or_banded
    with pytest.raises(LookupError):
        pt.armor_bonus(t, "chain")


# --- companion tables check --game paf ------------------------------------------------------


def test_tables_check_accepts_a_gm_armor_section(tmp_path: Path):
    """A GM's own armor bonuses (the text never prints them, [R]) replace the shipped section."""
    from scripting import run

    path = tmp_path / "paf.yaml"
    armor = shipped()["armor"]
    armor["suits"]["chain"]["bonus"] = 20
    path.write_text(yaml.safe_dump({"armor": armor}), encoding="utf-8")
    proc = run(tmp_path, "tables", "check", "--game", "paf", str(path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == f"{path}: OK, a playable PAF tables file (replaces armor of the shipped tables)\n"


def test_tables_check_reports_every_problem_of_a_paf_file(tmp_path: Path):
    from scripting import run

    path = tmp_path / "paf.yaml"
    armor = shipped()["armor"]
    armor["suits"]["chain"]["bonus"] = "lots"
    armor["shield"] = -5
    path.write_text(yaml.safe_dump({"armor": armor}), encoding="utf-8")
    proc = run(tmp_path, "tables", "check", "--game", "paf", str(path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) >= 3 and all(line.startswith(str(path)) for line in out)
    assert any("armor" in line and "chain" in line for line in out[:-1])
    assert any("shield" in line for line in out[:-1])
    assert out[-1].endswith(f"not playable, {len(out) - 1} problem{'s' * (len(out) > 2)}")


# --- issue 18: the readings R-21 and R-22, and PA-8's shooting weapons -------------------------------


def test_the_daamage_misprint_is_kept_as_printed_and_shown_corrected(paf_tables):
    """R-21: fumble 77-78 is printed "hit self, normal daamage": ``text`` keeps the print, ``shown`` (and
    ``words``) the correction; every other row shows its printed words."""
    row = pt.fumble_row(paf_tables, 78)
    assert (row.text, row.shown, row.words) == (
        "hit self, normal daamage",
        "hit self, normal damage",
        "hit self, normal damage",
    )
    assert [r.low for r in paf_tables.fumbles if r.shown is not None] == [77]
    assert all(r.words == r.text for kind in pt.CRITICAL_KINDS for r in getattr(paf_tables.criticals, kind))


def test_which_weapons_pummel_with_a_butt_or_a_pommel(paf_tables):
    """R-22 [R], not printed: swords, daggers and the scimitar have a metal pommel ("Metal Pummel +10%");
    hafted weapons a wooden butt ("Wooded Butt or Mailed Fist +5%"); clubs, cudgels and missiles neither;
    the mail and plate suits have mailed fists."""
    pommel = sorted(k for k, w in paf_tables.weapons.items() if w.pummel == "pommel")
    assert pommel == [
        "Dagger",
        "Scimitar",
        "Sword, Bastard",
        "Sword, Broad",
        "Sword, Great",
        "Sword, Long",
        "Sword, Short",
        "Sword, Two-Handed",
    ]
    assert {paf_tables.weapons[k].pummel for k in ("Spear", "Staff", "Axe, Battle", "Mace, Footmans")} == {"butt"}
    assert {paf_tables.weapons[k].pummel for k in ("Club", "Cudgel", "Arrow", "Sling, Bullet")} == {None}
    fists = sorted(k for k, a in paf_tables.armor.suits.items() if a.mailed_fist)
    assert fists == ["banded", "chain", "plate", "ring mail", "scale"]
    text = SHIPPED.read_text(encoding="utf-8")
    assert "R-22 NOT PRINTED, the project's reading [R]" in text and "R-21 Fumbles 77-78" in text


def test_slings_bows_and_crossbows_shoot(paf_tables):
    """PA-8: every sling, bow and crossbow row says ``shoots``; a GM's missiles section without the field
    is read by the name's first word."""
    shooting = sorted(k for k in paf_tables.missiles if pt.shoots(paf_tables, k))
    assert shooting == sorted(
        k for k in paf_tables.missiles if k.split(",")[0].split()[0] in ("Bow", "Crossbow", "Sling")
    )
    assert len(shooting) == 8
    data = shipped()
    for row in data["missiles"].values():
        row.pop("shoots", None)
    t = parse(data)
    assert sorted(k for k in t.missiles if pt.shoots(t, k)) == shooting
