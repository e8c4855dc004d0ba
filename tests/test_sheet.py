"""The character sheet as data in the core (issue 20, deliverable 3: ``companion/sheet.py``): reading
a box as any game's sheet reads it, and what a spec must be."""

from __future__ import annotations

import pytest

from companion.sheet import (
    Derived,
    Repeated,
    Roll,
    Row,
    Section,
    SheetField,
    SheetSpec,
    card_file,
    read_stat,
    read_whole,
    roll_said,
    slug,
    stat_dice,
)
from companion.words import spelled


def test_a_whole_number_is_read_in_its_range() -> None:
    assert read_whole(" +7 ", 0, 10, "level") == (7, "")
    assert read_whole("-3", -5, 10, "magic") == (-3, "")
    assert read_whole("", 0, 30, "combat level") == (None, "combat level: missing (0 to 30)")
    assert read_whole("", -5, 10, "magic", blank=0) == (0, "")
    assert read_whole("x", 1, 20, "d20") == (None, "d20: 'x' is not a whole number (1 to 20)")
    assert read_whole("21", 1, 20, "d20") == (None, "d20: 21 is out of range (1 to 20)")


def test_a_stat_is_read_on_its_own_dice() -> None:
    assert [die.notation for die in stat_dice("3d4+1d8").dice] == ["d4", "d4", "d4", "d8"]
    assert read_stat("6 5", "2d6") == (11, "6 + 5 = 11")
    assert read_stat("65", "2d6") == (11, "6 + 5 = 11")  # 65 cannot be a total of 2d6: its faces run together
    assert read_stat("12", "2d6") == (12, "12 (the total)")  # a total it can be
    assert read_stat("7 1", "2d6") == (None, "die 1 is a d6: 7 is not a face (1-6)")
    assert read_stat("1 2 3", "2d6") == (None, "3 faces: 2d6 is two dice (d6 d6)")
    assert read_stat("", "1d6+1d10") == (None, "type the two faces (d6 d10) or the total")
    assert read_stat("6 10", "1d6+1d10") == (16, "6 + 10 = 16")
    assert read_stat("1", "2d6") == (None, "1 is not a stat: 2d6 makes 2 to 12")
    assert read_stat("a b", "2d6") == (None, "'a b': faces are whole numbers")


def test_a_roll_is_said_with_its_faces() -> None:
    assert roll_said("defense d20", Roll("d20"), (7,)) == (7, "defense d20 7")
    assert roll_said("hit points", Roll("1d4+6", "6+D4"), (3,)) == (9, "hit points 6+D4: 3 + 6 = 9")
    assert roll_said("might", Roll("1d6-1"), (4,)) == (3, "might 1d6-1: 4 - 1 = 3")
    assert roll_said("gold", Roll("2d6"), (2, 5)) == (7, "gold 2d6: 2 + 5 = 7")


def test_a_field_is_named_in_the_games_words() -> None:
    stat = SheetField("constitution", "CON", "stat", "constitution", dice="3d4+1d8")
    level = SheetField("combat_level", "Level", "number", "combat level", low=0, high=30)
    assert (stat.said, stat.named) == ("constitution", "CON")  # a stat by its label in a list
    assert (level.said, level.named) == ("combat level", "combat level")
    assert SheetField("name", "Name").said == "Name"  # no words: the label
    weapons = Repeated("weapon", (SheetField("weapon", kind="choice"), SheetField("magic", "+", "number", "magic")))
    assert [weapons.said(1, f) for f in weapons.fields] == ["weapon 2", "weapon 2 magic"]
    assert level.roll({}) is None and SheetField("d", kind="number", dice="d20").roll({}) == Roll("d20")
    assert SheetField("hp", kind="number", dice=lambda values: "choose first").roll({}) == "choose first"


def _spec(*sections: Section, kind_key: str = "") -> SheetSpec:
    return SheetSpec(sections, Derived, dict, str, str, kind_key=kind_key)


def test_a_spec_names_each_field_once_and_each_kind_in_one_section() -> None:
    kind = SheetField("kind", kind="choice", choices=("hero", "beast"))
    spec = _spec(Section((Row((kind,)),)), Section((Row((SheetField("fur"),)),), "beast"), kind_key="kind")
    assert spec.kinds == ("hero", "beast") and [f.key for f in spec.fields()] == ["kind", "fur"]
    assert _spec(Section((Row((SheetField("name"),)),))).kinds == ("character",)  # one kind, no kind field
    with pytest.raises(ValueError, match="once"):
        _spec(Section((Row((SheetField("name"), SheetField("name"))),)))
    with pytest.raises(ValueError, match="one section"):
        _spec(Section((), "beast"), Section((), "beast"), Section((Row((kind,)),)), kind_key="kind")
    with pytest.raises(ValueError, match="kinds the sheet does not have"):
        _spec(Section((), "dragon"), Section((Row((kind,)),)), kind_key="kind")


def test_a_card_file_is_named_by_the_game_and_the_card() -> None:
    assert slug("Brother Anselm (the Elder)") == "brother_anselm_the_elder"
    assert slug("???") == "character"
    assert card_file("dice_duel", "Ada Lovelace") == "dice_duel_ada_lovelace.yaml"


def test_a_small_count_is_spelled() -> None:
    assert [spelled(n) for n in (1, 4, 12, 13)] == ["one", "four", "twelve", "13"]
