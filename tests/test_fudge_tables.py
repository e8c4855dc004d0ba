"""Simultaneous Combat for Fudge: the tables as data (docs/fudge_design.md section 4).

The shipped ``rulesets/fudge.yaml`` must hold the numbers the text states
(FU-5: leather PD 1, plate PD 2, scale +10 gives -2 to hit and +5 damage, the
guns' minimum Strength, the reload turns) and FU-3's damage results; the rest
is the project's reconstruction, checked only for shape. A GM's own file
replaces whole sections and is refused with every problem at once, each
naming the file and the section/key.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from companion.rulesets.fudge import tables as fudge_tables
from companion.rulesets.fudge.rules import LADDER
from companion.rulesets.fudge.tables import (
    GUN_CLASSES,
    SECTIONS,
    SHIPPED,
    Tables,
    TablesError,
    check,
    dump,
    load,
    parse,
)


@pytest.fixture(scope="module")
def tables() -> Tables:
    return parse(load(None))


def refused(tmp_path: Path, text: str) -> list[str]:
    """The problems of a GM's own table file holding ``text``; it must be refused."""
    path = tmp_path / "fudge.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TablesError) as caught:
        load(path)
    assert caught.value.problems, "the file should have been refused"
    return caught.value.problems


# --- the shipped tables -----------------------------------------------------------


def test_shipped_tables_load_as_plain_data():
    """Design 4: ``load`` returns JSON-able data (stored with a fight) that ``parse`` reads back the same."""
    data = load(None)
    assert (
        tuple(data)
        == SECTIONS
        == ("damage_results", "weapons", "armor", "hit_locations", "scale", "reload_turns", "gun_strength")
    )
    again = json.loads(json.dumps(data))
    assert parse(again) == parse(data)
    assert dump(parse(again)) == data
    # ladder values are stored as words, so the stored tables validate strictly again
    assert data["gun_strength"]["big"] == "Good"
    assert data["damage_results"][0] == {"at_least": "Great", "wound": "near_death"}


@pytest.mark.parametrize(
    ("degree", "wound"),
    [
        (-5, "none"),  # Terrible-2
        (-4, "none"),  # Terrible-1
        (LADDER["Terrible"], "none"),
        (LADDER["Poor"], "scratch"),
        (LADDER["Mediocre"], "hurt"),
        (LADDER["Fair"], "very_hurt"),
        (LADDER["Good"], "incapacitated"),
        (LADDER["Great"], "near_death"),
        (LADDER["Superb"], "near_death"),
        (LADDER["Legendary"], "near_death"),
        (7, "near_death"),  # Legendary+3
    ],
)
def test_damage_results_are_ruling_fu3(tables, degree, wound):
    """FU-3: Terrible or below no wound, Poor Scratch, Mediocre Hurt, Fair Very Hurt, Good
    Incapacitated, Great or better Near Death."""
    assert tables.wound_for(degree) == wound


def test_armor_passive_defence_is_the_texts(tables):
    """FU-5, text "Armor Passive Defense": leather PD 1, plate PD 2."""
    assert tables.armor("leather").pd == 1
    assert tables.armor("plate").pd == 2
    assert tables.armor("leather").kind == tables.armor("plate").kind == "primitive"


def test_kevlar_levels_roll_one_two_three_dice(tables):
    """Design 4 [R]: kevlar I, II, III stop with 1, 2, 3 dF; primitive armor rolls none."""
    assert [tables.armor(k).stop_dice for k in ("kevlar-i", "kevlar-ii", "kevlar-iii")] == [1, 2, 3]
    assert all(tables.armor(k).kind == "kevlar" for k in ("kevlar-i", "kevlar-ii", "kevlar-iii"))
    assert tables.armor("chain").stop_dice is None
    assert all(1 <= a.dr <= 3 for a in tables.armors.values())  # text: DR typically 1 to 3


def test_scale_plus_ten_is_the_t_rex(tables):
    """FU-5, text "Scale Modifiers": a T-Rex (scale 10) gets -2 to hit, +5 damage against a human;
    the human against it, +2 and -5."""
    assert tables.scale_mods(10) == (-2, 5)
    assert tables.scale_mods(-10) == (2, -5)
    assert tables.scale_mods(0) == (0, 0)


def test_scale_rows_cover_minus_twenty_to_twenty_and_clamp(tables):
    """Design 4: rows for every difference -20..+20; beyond, the end rows."""
    assert sorted(r.difference for r in tables.scale) == list(range(-20, 21))
    assert tables.scale_mods(35) == tables.scale_mods(20) == (-4, 10)
    assert tables.scale_mods(-99) == tables.scale_mods(-20) == (4, -10)
    # bigger never makes it easier to hit a smaller target, nor does less damage
    rows = sorted(tables.scale, key=lambda r: r.difference)
    assert all(a.attack >= b.attack and a.damage <= b.damage for a, b in itertools.pairwise(rows))


@pytest.mark.parametrize(
    ("gun_class", "level"),
    [
        ("small-pistol", "Mediocre"),
        ("small-rifle", "Mediocre"),
        ("large-pistol", "Fair"),
        ("smg", "Fair"),
        ("rifle", "Fair"),
        ("big", "Good"),
    ],
)
def test_gun_minimum_strength_is_the_texts(tables, gun_class, level):
    """Text "Firearms": Mediocre for small-caliber pistols and rifles, Fair for large pistols,
    SMGs and rifles, Good for really big guns."""
    assert tables.gun_strength[gun_class] == LADDER[level]


def test_weapons_minimum_strength(tables):
    """A gun's minimum Strength is its class's; melee its own; bows and crossbows the sheet's."""
    assert tables.min_strength("pistol-22") == LADDER["Mediocre"]
    assert tables.min_strength("m16") == LADDER["Fair"]
    assert tables.min_strength("sniper-50") == LADDER["Good"]
    assert tables.min_strength("baseball-bat") == LADDER["Good"]  # text: Good one-handed, Fair with two
    assert tables.min_strength("dagger") == LADDER["Poor"]
    assert tables.min_strength("longbow") is None
    assert {w.gun_class for w in tables.weapons.values() if w.kind == "gun"} == set(GUN_CLASSES)


def test_reload_turns_are_the_texts(tables):
    """Text "Reloading Weapons": 1 turn most, 3 integral magazine or simultaneous-eject revolver, 6
    single-eject revolver; crossbows 1, 2 (one level short), 6 (two short); black powder 5-20."""
    assert tables.reload_turns_for("pistol-9mm") == 1
    assert tables.reload_turns_for("longbow") == 1
    assert tables.reload_turns_for("hunting-rifle") == 3
    assert tables.reload_turns_for("revolver-357") == 3
    assert tables.reload_turns_for("single-action") == 6
    assert [tables.reload_turns_for("heavy-crossbow", short) for short in (-1, 0, 1, 2, 3)] == [1, 1, 2, 6, None]
    assert 5 <= tables.reload_turns_for("musket") <= 20
    assert tables.reload_turns_for("broadsword") is None


def test_weapon_kinds_and_fire_modes(tables):
    """Design 4: the M-16 has the 3-round cutoff, the AK is automatic, revolvers eject as named."""
    assert tables.weapon("m16").fire == "auto-cutoff"
    assert tables.weapon("ak-47").fire == "auto"
    assert tables.weapon("smg").fire == "auto" and tables.weapon("smg").bullet == "smg"
    assert tables.weapon("revolver-357").reload == "revolver-simultaneous"
    assert tables.weapon("single-action").reload == "revolver-single"
    assert tables.weapon("pistol-9mm").automatic_pistol is True
    assert tables.weapon("pistol-22").small_caliber is True and tables.weapon("revolver-357").small_caliber is False
    # issue 17: the .22 rifle is a rifle, not a small-caliber pistol: primitive armor does not count against it
    assert tables.weapon("rifle-22").small_caliber is False
    assert [k for k, w in tables.weapons.items() if w.small_caliber] == ["pistol-22"]
    assert tables.weapon("greatsword").bd > tables.weapon("broadsword").bd > tables.weapon("dagger").bd
    assert {w.kind for w in tables.weapons.values()} == {"melee", "thrown", "bow", "crossbow", "gun"}
    with pytest.raises(KeyError, match="'laser' is not a weapon of the tables"):
        tables.weapon("laser")
    with pytest.raises(KeyError, match="armor: leather"):
        tables.armor("mithril")


def test_hit_locations(tables):
    """Text "Hit Location": torso is the plain hit; vitals -3/+3 at the cap; an armor gap bypasses armor."""
    torso, vitals, gap = (tables.hit_locations[k] for k in ("torso", "vitals", "gap"))
    assert (torso.attack, torso.damage, torso.bypasses_armor) == (0, 0, False)
    assert (vitals.attack, vitals.damage) == (-3, 3)
    assert gap.bypasses_armor is True
    assert {"head", "arm", "leg", "hand", "weapon"} <= set(tables.hit_locations)
    assert all(-3 <= h.attack <= 0 and -3 <= h.damage <= 3 for h in tables.hit_locations.values())


# --- a GM's own tables -------------------------------------------------------------


def test_a_gms_section_replaces_the_shipped_one_whole(tmp_path):
    path = tmp_path / "fudge.yaml"
    path.write_text("armor:\n  mithril: {name: Mithril shirt, kind: primitive, dr: 2, pd: 1}\n", encoding="utf-8")
    data = load(path)
    assert list(data["armor"]) == ["mithril"]
    assert data["weapons"] == load(None)["weapons"]


def test_a_missing_user_file_means_the_shipped_tables(tmp_path):
    assert load(tmp_path / "nowhere.yaml") == load(None)


def test_unknown_section_is_named_with_the_sections(tmp_path):
    found = refused(tmp_path, "weapon_table: {}\n")
    assert found == [f"{tmp_path / 'fudge.yaml'}: weapon_table: unknown section; sections: " + ", ".join(SECTIONS)]


def test_a_number_for_a_ladder_word(tmp_path):
    found = refused(
        tmp_path,
        "gun_strength: {small-pistol: -1, small-rifle: Mediocre, large-pistol: Fair,"
        " smg: Fair, rifle: Fair, big: Good}\n",
    )
    assert len(found) == 1
    assert found[0].startswith(
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): gun_strength.small-pistol: -1 is a number"
    )
    assert "write 'Mediocre' for -1" in found[0] and "Legendary+1" in found[0]


def test_yaml_no_yes_and_old_numbers_are_refused(tmp_path):
    """YAML 1.1: ``no`` is false (a strict field refuses it, saying so); ``1:30`` is 90 and ``010`` is 8: the
    file reader refuses a number not in decimal, naming where (companion/yamlfile.py)."""
    path = tmp_path / "fudge.yaml"
    row = "kind: melee, bd: 0, min_strength: Poor, setting: primitive}"
    found = refused(
        tmp_path, "weapons:\n  knife: {name: Knife, kind: melee, bd: no, min_strength: Poor, setting: primitive}\n"
    )
    assert found == [
        f"{path} (over the shipped tables): weapons.knife.bd: False (YAML reads no/yes/on/off as false/true: quote it) is not allowed: "
        "Input should be a valid integer"
    ]
    found = refused(tmp_path, f"weapons:\n  knife: {{name: 1:30, {row}\n")
    assert len(found) == 1 and found[0].startswith(f"{path}: at line 2, column 17: '1:30' is not a decimal number")
    assert "quote it if it is text" in found[0]
    found = refused(tmp_path, f"weapons:\n  010: {{name: Eight, {row}\n")
    assert len(found) == 1 and found[0].startswith(f"{path}: at line 2, column 3: '010' is not a decimal number")


def test_a_bad_key_says_what_a_key_is(tmp_path):
    found = refused(tmp_path, "armor:\n  Chain Mail: {name: Chain, kind: primitive, dr: 2, pd: 1}\n")
    assert found == [
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): armor.Chain Mail: 'Chain Mail' is not allowed: a key is lowercase "
        "letters and digits joined by '-' (like 'short-sword'), at most 30 characters"
    ]


def test_weapon_fields_must_fit_its_kind(tmp_path):
    found = refused(
        tmp_path,
        "weapons:\n"
        "  blaster: {name: Blaster, kind: gun, bd: 2, setting: modern, capacity: 10,"
        " reload: standard}\n"
        "  elven-bow: {name: Elven bow, kind: bow, bd: 0, setting: primitive, min_strength: Good,"
        " capacity: 2, reload: standard}\n"
        "  rapier: {name: Rapier, kind: melee, bd: 0, setting: primitive, capacity: 1}\n"
        "  arquebus: {name: Arquebus, kind: gun, bd: 1, setting: primitive, gun_class: rifle,"
        " bullet: pistol, fire: single, capacity: 1, reload: black-powder}\n",
    )
    f = f"{tmp_path / 'fudge.yaml'} (over the shipped tables): weapons"
    assert f"{f}.blaster.gun_class: a gun needs it" in found
    assert f"{f}.blaster.bullet: a gun needs it" in found
    assert f"{f}.blaster.fire: a gun needs it" in found
    assert (
        f"{f}.elven-bow.min_strength: only for melee and thrown weapons (a bow goes by the Strength on the sheet)"
        in found
    )
    assert f"{f}.elven-bow.capacity: a bow holds 1" in found
    assert f"{f}.rapier.min_strength: a melee weapon needs its minimum Strength (a ladder word)" in found
    assert f"{f}.rapier.capacity: a melee weapon is not loaded" in found
    assert f"{f}.arquebus.reload_turns: give it (5 to 20) exactly when reload is black-powder" in found
    assert len(found) == 8


def test_only_a_small_caliber_pistol_is_small_caliber(tmp_path):
    """Text: primitive armor's DR counts against small-caliber pistols; "anything larger, such as magnum
    revolvers, submachine guns and rifles" ignores it (issue 17: the .22 rifle was marked small)."""
    found = refused(
        tmp_path,
        "weapons:\n"
        "  rifle-22: {name: .22 rifle, kind: gun, bd: -1, setting: modern, gun_class: small-rifle, bullet: pistol,"
        " small_caliber: true, capacity: 15, reload: integral, fire: semi}\n",
    )
    assert found == [
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): weapons.rifle-22.small_caliber: only a small-caliber pistol (gun_class "
        "small-pistol) is one; a small-rifle is larger, and primitive armor does not count against it (text)"
    ]


def test_kevlar_needs_its_dice(tmp_path):
    found = refused(
        tmp_path,
        "armor:\n"
        "  vest: {name: Vest, kind: kevlar, dr: 1, pd: 0}\n"
        "  hide: {name: Hide, kind: primitive, dr: 1, pd: 0, stop_dice: 1}\n",
    )
    assert found == [
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): armor.vest.stop_dice: kevlar needs its stopping dice (I 1, II 2, III 3)",
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): armor.hide.stop_dice: only kevlar rolls to stop a bullet",
    ]


def test_damage_results_read_top_down(tmp_path):
    found = refused(
        tmp_path,
        "damage_results:\n"
        "  - {at_least: Good, wound: near_death}\n"
        "  - {at_least: Great, wound: incapacitated}\n"
        "  - {at_least: Mediocre, wound: near_death}\n",
    )
    f = f"{tmp_path / 'fudge.yaml'} (over the shipped tables): damage_results"
    assert found == [
        f"{f}.1.at_least: Great is not below the row above (Good); rows are read top-down, highest first",
        f"{f}.2.wound: near_death is worse than the row above (incapacitated) for less damage",
    ]


def test_scale_needs_every_difference(tmp_path):
    found = refused(
        tmp_path,
        "scale:\n"
        "  - {difference: -2, attack: 0, damage: -1}\n"
        "  - {difference: 0, attack: 0, damage: 1}\n"
        "  - {difference: 3, attack: 0, damage: 1}\n"
        "  - {difference: 3, attack: 0, damage: 2}\n",
    )
    f = f"{tmp_path / 'fudge.yaml'} (over the shipped tables): scale"
    assert found == [
        f"{f}: difference 3 is given twice",
        f"{f}: difference 0 (equal scales) must give attack 0, damage 0",
        f"{f}: differences -1, 1, 2 are missing; give every difference from -2 to 3",
    ]


def test_gun_strength_needs_every_class_and_torso_is_plain(tmp_path):
    found = refused(
        tmp_path,
        "gun_strength: {small-pistol: Mediocre, big: Good}\n"
        "hit_locations:\n  torso: {name: Torso, attack: -1, damage: 0}\n",
    )
    f = f"{tmp_path / 'fudge.yaml'} (over the shipped tables)"
    assert f"{f}: gun_strength.smg: missing (classes: {', '.join(GUN_CLASSES)})" in found
    assert f"{f}: hit_locations.torso: the text's plain hit: attack 0, damage 0, armor counts" in found
    assert len(found) == 5


def test_every_problem_at_once_each_with_its_file_and_key(tmp_path):
    """TablesError lists every problem of every section together."""
    found = refused(
        tmp_path,
        "moves: {}\n"
        "armor:\n  plate: {name: Plate, kind: primitive, dr: 3, pd: two}\n"
        "reload_turns: {standard: 1, integral: 3, revolver-simultaneous: 3,"
        " revolver-single: 6}\n"
        "damage_results:\n  - {at_least: Fair, wound: dead}\n",
    )
    mine = str(tmp_path / "fudge.yaml")
    f = f"{mine} (over the shipped tables)"  # the whole, the GM's sections over the shipped ones
    assert found[0] == f"{mine}: moves: unknown section; sections: {', '.join(SECTIONS)}"
    assert f"{f}: armor.plate.pd: 'two' is not allowed: Input should be a valid integer" in found
    assert any(
        p.startswith(
            f"{f}: reload_turns.crossbow: missing; fields: standard, integral, "
            "revolver-simultaneous, revolver-single, crossbow"
        )
        for p in found
    )
    assert any(p.startswith(f"{f}: damage_results.0.wound: 'dead' is not allowed") for p in found)
    assert len(found) == 4


def test_problems_of_merged_tables_name_the_gms_file(tmp_path):
    """Merged tables: every problem of the whole names the GM's file over the shipped tables (one
    wording for every game, companion.tables); tables checked alone name the file given."""
    found = refused(tmp_path, "armor:\n  plate: {name: Plate, kind: primitive, dr: 9, pd: 2}\n")
    assert found == [
        f"{tmp_path / 'fudge.yaml'} (over the shipped tables): armor.plate.dr: 9 is not allowed: "
        "Input should be less than or equal to 6"
    ]
    data = load(None)
    data["scale"] = []
    t, found = check(data)
    assert t is None
    assert found == ["fudge.yaml: scale: [] is not allowed: List should have at least 1 item after validation, not 0"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- just\n- a list\n", "should be a mapping of some of the sections"),
        ("weapons: {dagger: [\n", "is not valid YAML at line"),
    ],
)
def test_a_file_that_is_not_tables(tmp_path, text, expected):
    found = refused(tmp_path, text)
    assert len(found) == 1 and found[0].startswith(str(tmp_path / "fudge.yaml")) and expected in found[0]


def test_parse_refuses_damaged_stored_tables():
    data = load(None)
    data["gun_strength"] = dict(data["gun_strength"], big=1)
    with pytest.raises(TablesError) as caught:
        parse(data)
    assert caught.value.problems[0].startswith("the fight's stored tables: gun_strength.big: 1 is a number")


def test_shipped_file_is_the_one_beside_the_module():
    assert Path(fudge_tables.__file__).with_name("tables.yaml") == SHIPPED
    assert "THE PROJECT'S RECONSTRUCTION" in SHIPPED.read_text(encoding="utf-8")
