"""Simultaneous Combat for Fudge: the ladder (FU-1) and the character sheets (design section 3).

Ladder fields are words, held as int levels; a number or a YAML boolean is
refused with the words allowed. Every problem of a sheet is reported at once
with the file, the fighter and the field (``companion.cards``), and
``check_against`` names unknown weapon and armor keys with the keys allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import load_file, load_roster
from companion.rulesets.fudge.cards import FudgeCard, check_against
from companion.rulesets.fudge.rules import ALLOWED, LADDER, POOR, ladder_level, ladder_name, ladder_show
from companion.rulesets.fudge.tables import load, parse

NAMES = [
    "Sir Aldric of Wendham",
    "Maeve Ashdown",
    "Thorgrim Axebreaker",
    "Wat Miller",
    "Nell Quickfingers",
    "Grukk the Ogre",
    "Old Tyrant",
    "Officer Dana Reyes",
    "Sergeant Marcus Cole",
    "Vinnie Russo",
    "Pete Harlan",
    "Jonas Whitfield",
]

GOOD_CARD = """\
  - name: Test Subject
    setting: primitive
    skills: {Sword: Good, Bow: Fair}
    dodge: Fair
    strength: Fair
    health: Fair
    weapons:
      - {weapon: broadsword, skill: Sword}
"""


def card_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text("game: fudge\nfighters:\n" + body, encoding="utf-8")
    return path


def problems_of(tmp_path: Path, body: str) -> list:
    """The problems of a card file holding ``body``; its only card must be refused."""
    path = card_file(tmp_path, body)
    cards, problems = load_file(path, "fudge", FudgeCard)
    assert cards == [] and problems, "the card should have been refused"
    assert all(p.file == str(path) for p in problems)
    return problems


def one(problems: list, field: str):
    """The single problem about ``field``."""
    found = [p for p in problems if p.field == field]
    assert len(found) == 1, [str(p) for p in problems]
    return found[0]


# --- the ladder (FU-1) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "word"),
    [
        (-5, "Terrible-2"),
        (-4, "Terrible-1"),
        (-3, "Terrible"),
        (-2, "Poor"),
        (-1, "Mediocre"),
        (0, "Fair"),
        (1, "Good"),
        (2, "Great"),
        (3, "Superb"),
        (4, "Legendary"),
        (5, "Legendary+1"),
        (6, "Legendary+2"),
    ],
)
def test_ladder_words_and_levels(level, word):
    """FU-1: Terrible -3 ... Legendary +4, beyond written Legendary+1, below Terrible-1."""
    assert ladder_name(level) == word
    assert ladder_level(word) == level
    assert ladder_level(word.upper()) == level


def test_ladder_show_and_poor():
    assert ladder_show(2) == "Great (+2)" and ladder_show(0) == "Fair (0)" and ladder_show(-4) == "Terrible-1 (-4)"
    assert POOR == LADDER["Poor"] == -2
    assert ladder_level(" legendary + 1 ") == 5


@pytest.mark.parametrize("word", ["Goodish", "Legendary-1", "Terrible+1", "Fair+1", "Legendary+0", "", "+2"])
def test_ladder_refuses_other_words_with_the_list(word):
    with pytest.raises(ValueError) as caught:
        ladder_level(word)
    assert str(caught.value) == f"{word!r} is not a ladder word; allowed: {ALLOWED}"
    assert "Terrible, Poor, Mediocre, Fair, Good, Great, Superb, Legendary" in ALLOWED


# --- the shipped roster -----------------------------------------------------------


@pytest.fixture(scope="module")
def roster():
    return load_roster("fudge", FudgeCard)


def test_shipped_roster_loads_without_problems(roster):
    assert roster.problems == []
    assert roster.names() == NAMES
    assert {c.setting for c in roster.cards} == {"primitive", "modern"}
    assert {c.experience for c in roster.cards} == {"green", "fair", "veteran"}
    assert any(c.hurt_boxes > 1 for c in roster.cards)
    assert any(c.gifts for c in roster.cards)


def test_shipped_cards_fit_the_shipped_tables(roster):
    tables = parse(load(None))
    for card in roster.cards:
        assert check_against(card, tables) == []
        for w in card.weapons:  # every shipped fighter can wield what he carries (minimum Strength)
            need = tables.min_strength(w.weapon)
            if tables.weapon(w.weapon).kind == "bow":
                need = w.strength
            if need is not None:
                assert card.strength + (1 if w.two_handed else 0) >= need, (card.name, w.weapon)


def test_shipped_archetypes(roster):
    """The brief's characters: the knight in plate, the soldier with AP rounds in kevlar III, ..."""
    knight, soldier = roster.find("Sir Aldric of Wendham"), roster.find("Sergeant Marcus Cole")
    assert knight.armor == "plate" and knight.skills["Sword"] == LADDER["Great"]
    assert (soldier.weapons[0].weapon, soldier.weapons[0].rounds, soldier.armor) == ("m16", "ap", "kevlar-iii")
    assert roster.find("Officer Dana Reyes").armor == "kevlar-ii"
    assert roster.find("Pete Harlan").weapons[0].weapon == "pistol-22"
    assert roster.find("Pete Harlan").experience == "green"
    assert roster.find("Old Tyrant").scale == 10
    assert 3 <= roster.find("Grukk the Ogre").scale <= 6
    assert roster.find("Maeve Ashdown").weapons[0].strength == LADDER["Good"]


def test_ladder_fields_hold_levels_and_dump_words(roster):
    """The engine reads ints; a stored card (model_dump) validates back the same."""
    knight = roster.find("Sir Aldric of Wendham")
    assert (knight.dodge, knight.strength, knight.health) == (0, 1, 1)
    assert knight.skill_level("Sword") == 2 and knight.skill_level("Dancing") == POOR
    stored = knight.model_dump(mode="json", exclude_none=True)
    assert stored["skills"]["Sword"] == "Great" and stored["strength"] == "Good"
    assert FudgeCard.model_validate(stored) == knight
    assert FudgeCard.model_validate(stored, strict=True) == knight


def test_sheet_lines(roster):
    lines = roster.find("Sergeant Marcus Cole").sheet_lines()
    assert lines[0] == "modern, scale 0, veteran combat experience, 2 Hurt boxes"
    assert lines[1] == "Dodge Good (+1), Strength Good (+1), Health Good (+1)"
    assert "weapon: M-16 assault rifle (Rifle Great, AP rounds, 6 reloads)" in lines
    assert "armor: Kevlar infantry armor, level III" in lines
    assert "gifts: high pain threshold" in roster.find("Thorgrim Axebreaker").sheet_lines()


def test_a_good_card_loads_with_defaults(tmp_path):
    cards, problems = load_file(card_file(tmp_path, GOOD_CARD), "fudge", FudgeCard)
    assert problems == []
    (card,) = cards
    assert (card.scale, card.experience, card.gifts, card.hurt_boxes, card.armor) == (0, "veteran", [], 1, None)
    assert card.weapons[0].rounds is None and card.weapons[0].reloads is None


def test_extended_and_lowercase_ladder_words(tmp_path):
    body = GOOD_CARD.replace("strength: Fair", "strength: legendary+1").replace("dodge: Fair", "dodge: Terrible-1")
    cards, problems = load_file(card_file(tmp_path, body), "fudge", FudgeCard)
    assert problems == [] and (cards[0].strength, cards[0].dodge) == (5, -4)


# --- bad cards: file, fighter, field, what is allowed ----------------------------------


def test_a_number_for_a_ladder_word(tmp_path):
    p = one(problems_of(tmp_path, GOOD_CARD.replace("dodge: Fair", "dodge: 2")), "dodge")
    assert p.fighter == "Test Subject"
    assert p.message == f"2 is a number, not a ladder word: write 'Great' for 2; allowed: {ALLOWED}"


def test_no_for_a_ladder_word(tmp_path):
    p = one(problems_of(tmp_path, GOOD_CARD.replace("health: Fair", "health: no")), "health")
    assert p.message == f"False is not a ladder word (YAML reads no/yes/on/off as false/true); allowed: {ALLOWED}"


def test_a_skill_level_that_is_not_a_word(tmp_path):
    p = one(problems_of(tmp_path, GOOD_CARD.replace("Sword: Good", "Sword: Goodish")), "skills.Sword")
    assert p.message == f"'Goodish' is not a ladder word; allowed: {ALLOWED}"


def test_an_unknown_weapon_or_armor_is_named_with_the_keys(tmp_path):
    """Design 3: keys are checked against the scene's tables (a GM's may add keys)."""
    body = GOOD_CARD.replace("weapon: broadsword", "weapon: lightsaber") + "    armor: mithril\n"
    cards, problems = load_file(card_file(tmp_path, body), "fudge", FudgeCard)
    assert problems == []  # the sheet alone cannot know the scene's tables
    found = check_against(cards[0], load(None))
    assert len(found) == 2
    assert found[0].startswith(
        "fighter Test Subject: weapons.0.weapon: 'lightsaber' is not a weapon of the "
        "tables (weapons: fist, dagger, short-sword, broadsword,"
    )
    assert found[1] == (
        "fighter Test Subject: armor: 'mithril' is not an armor of the tables "
        "(armor: leather, chain, scale, plate, kevlar-i, kevlar-ii, kevlar-iii)"
    )


def test_a_bow_without_its_strength(tmp_path):
    body = GOOD_CARD.replace("{weapon: broadsword, skill: Sword}", "{weapon: longbow, skill: Bow}")
    p = one(problems_of(tmp_path, body), "weapons.0.strength")
    assert p.fighter == "Test Subject"
    assert p.message == "longbow is a bow: give its own Strength (a ladder word, e.g. Good)"


def test_rounds_on_a_sword(tmp_path):
    body = GOOD_CARD.replace("{weapon: broadsword, skill: Sword}", "{weapon: broadsword, skill: Sword, rounds: ap}")
    p = one(problems_of(tmp_path, body), "weapons.0.rounds")
    assert p.message == "broadsword is a melee weapon: rounds (standard, ap, sp, hp) are for guns only"


def test_any_number_of_hurt_boxes_up_to_twenty(tmp_path):
    """FU-4: the sheet may add Hurt boxes; issue 17: any number a card names, not only 1-3."""
    cards, problems = load_file(card_file(tmp_path, GOOD_CARD + "    hurt_boxes: 12\n"), "fudge", FudgeCard)
    assert problems == [] and cards[0].hurt_boxes == 12
    p = one(problems_of(tmp_path, GOOD_CARD + "    hurt_boxes: 21\n"), "hurt_boxes")
    assert p.message == "21 is not allowed: a whole number from 1 to 20"


def test_wounds_carried_from_an_earlier_scene(tmp_path):
    """Issue 17: a card may carry marked wound boxes into the next scene (written back after one)."""
    body = GOOD_CARD + "    hurt_boxes: 2\n    wounds: {scratch: 2, hurt: 2}\n"
    cards, problems = load_file(card_file(tmp_path, body), "fudge", FudgeCard)
    assert problems == [] and cards[0].wounds == {"scratch": 2, "hurt": 2}
    assert "wounds carried: 2 scratch, 2 hurt" in cards[0].sheet_lines()
    p = one(problems_of(tmp_path, GOOD_CARD + "    wounds: {hurt: 2}\n"), "wounds.hurt")
    assert p.message == "2 is not allowed: 0 to 1 (the sheet's hurt boxes)"
    p = one(problems_of(tmp_path, GOOD_CARD + "    wounds: {bruised: 1}\n"), "wounds")
    assert p.message == "'bruised' is not a wound level: one of scratch, hurt, very_hurt, incapacitated, near_death"


def test_any_gift_by_key_and_a_misspelt_one_named(tmp_path):
    """FU-8: a Veteran's gift is named by the GM, so a sheet keeps any gift; one a letter from a gift
    the app knows is a typo, named with the spelling."""
    body = GOOD_CARD + "    gifts: [combat-reflexes, iron-will]\n"
    cards, problems = load_file(card_file(tmp_path, body), "fudge", FudgeCard)
    assert problems == [] and cards[0].gifts == ["combat-reflexes", "iron-will"]
    p = one(problems_of(tmp_path, GOOD_CARD + "    gifts: [high-pain-treshold]\n"), "gifts")
    assert p.message == "'high-pain-treshold' is not 'high-pain-threshold': spell it so, or name a gift of your own"


def test_an_unknown_field(tmp_path):
    p = one(problems_of(tmp_path, GOOD_CARD + "    speed: Great\n"), "speed")
    assert p.message == (
        "unknown field; fields allowed: name, setting, skills, dodge, strength, health, scale, "
        "weapons, armor, experience, gifts, hurt_boxes, wounds, dead, notes"
    )


def test_a_weapons_skill_must_be_on_the_sheet(tmp_path):
    body = GOOD_CARD.replace("skill: Sword}", "skill: Swords}")
    p = one(problems_of(tmp_path, body), "weapons.0.skill")
    assert p.message == "'Swords' is not one of this sheet's skills (skills: Sword, Bow)"


def test_several_problems_at_once(tmp_path):
    """Field problems and the sheet's own checks are reported together."""
    body = """\
  - name: Bad Bob
    setting: medieval
    skills: {Sword: 2, no: Good, Bow: Fair}
    dodge: no
    strength: Good
    health: Good
    weapons:
      - {weapon: broadsword, skill: Sword, rounds: ap}
      - {weapon: longbow, skill: Archery}
      - {weapon: dagger, skill: Sword, reloads: 3, colour: red}
    armor: Plate
    hurt_boxes: 21
    gifts: [Tough, high-pain-threshold, low-pain-threshold]
    speed: 3
"""
    found = problems_of(tmp_path, body)
    assert {p.fighter for p in found} == {"Bad Bob"}
    assert {p.field: p.message for p in found} == {
        "setting": "'medieval' is not allowed: one of primitive, modern",
        "skills.Sword": f"2 is a number, not a ladder word: write 'Great' for 2; allowed: {ALLOWED}",
        "skills": "False is not allowed as a skill name: text of 1 to 30 characters "
        "(YAML reads no/yes/on/off as false/true: quote it)",
        "dodge": f"False is not a ladder word (YAML reads no/yes/on/off as false/true); allowed: {ALLOWED}",
        "weapons.2.colour": "unknown field; fields allowed: weapon, skill, two_handed, strength, reloads, rounds",
        "armor": "'Plate' is not allowed: a key of the tables' armor (lowercase words joined by '-', "
        "like 'kevlar-ii') (optional)",
        "gifts.0": "'Tough' is not allowed: a gift is a key, lowercase words joined by '-' "
        "(like high-pain-threshold, low-pain-threshold, combat-reflexes)",
        "hurt_boxes": "21 is not allowed: a whole number from 1 to 20",
        "speed": "unknown field; fields allowed: name, setting, skills, dodge, strength, health, scale, weapons, "
        "armor, experience, gifts, hurt_boxes, wounds, dead, notes",
        "weapons.0.rounds": "broadsword is a melee weapon: rounds (standard, ap, sp, hp) are for guns only",
        "weapons.1.skill": "'Archery' is not one of this sheet's skills (skills: Sword, Bow)",
        "weapons.1.strength": "longbow is a bow: give its own Strength (a ladder word, e.g. Good)",
        "weapons.2.reloads": "dagger is a melee weapon: reloads are spare loads for ranged weapons "
        "(thrown, bow, crossbow, gun)",
        "gifts": "high-pain-threshold and low-pain-threshold cannot both be taken",
    }
    assert len(found) == 14


def test_strength_and_two_hands_on_the_wrong_weapons(tmp_path):
    body = GOOD_CARD.replace(
        "      - {weapon: broadsword, skill: Sword}\n",
        "      - {weapon: broadsword, skill: Sword, strength: Good}\n"
        "      - {weapon: pistol-9mm, skill: Sword, two_handed: true}\n"
        "      - {weapon: broadsword, skill: Sword}\n",
    )
    found = problems_of(tmp_path, body)
    assert {p.field: p.message for p in found} == {
        "weapons.0.strength": "broadsword is a melee weapon: only bows and crossbows have a Strength of their own",
        "weapons.1.two_handed": "pistol-9mm is a gun: two_handed is for melee and thrown weapons "
        "(+1 Strength to wield them)",
        "weapons.2.weapon": "broadsword is already weapons.0; list each weapon once",
    }


def test_a_gms_tables_decide_the_kind_of_a_new_key(tmp_path):
    """A key the shipped tables lack passes the sheet; the scene's tables check its kind."""
    body = GOOD_CARD.replace("{weapon: broadsword, skill: Sword}", "{weapon: elven-bow, skill: Bow}")
    cards, problems = load_file(card_file(tmp_path, body), "fudge", FudgeCard)
    assert problems == []
    tables = load(None)
    tables["weapons"] = dict(
        tables["weapons"],
        **{
            "elven-bow": {
                "name": "Elven bow",
                "kind": "bow",
                "bd": 0,
                "setting": "primitive",
                "capacity": 1,
                "reload": "standard",
            }
        },
    )
    assert check_against(cards[0], tables) == [
        "fighter Test Subject: weapons.0.strength: elven-bow is a bow: give its own Strength (a ladder word, e.g. Good)"
    ]


def test_a_bad_card_is_skipped_and_the_rest_load(tmp_path):
    user = tmp_path / "fighters"
    user.mkdir()
    (user / "mine.yaml").write_text(
        "game: fudge\nfighters:\n"
        + GOOD_CARD
        + GOOD_CARD.replace("Test Subject", "Broken").replace("dodge: Fair", "dodge: 0"),
        encoding="utf-8",
    )
    roster = load_roster("fudge", FudgeCard, user_dir=user)
    assert roster.names() == NAMES + ["Test Subject"]
    assert [str(p) for p in roster.problems] == [
        f"{user / 'mine.yaml'}: fighter Broken: dodge: 0 is a number, not a ladder word: write 'Fair' for 0; "
        f"allowed: {ALLOWED}"
    ]


def test_fighters_check_names_a_weapon_the_tables_lack(tmp_path: Path):
    """`companion fighters check` holds a sheet's weapon keys to the tables in play (a GM's
    <data dir>/tables/fudge.yaml may add rows): a misspelt weapon is named, exit 1."""
    from scripting import run

    path = card_file(tmp_path, GOOD_CARD.replace("weapon: broadsword", "weapon: brodsword"))
    proc = run(tmp_path, "fighters", "check", str(path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert out[0].startswith(
        f"{path}: fighter Test Subject: weapons.0.weapon: 'brodsword' is not a weapon of the tables"
    )
    assert out[-1] == f"{path}: 0 cards loaded, 1 problem"  # the card is refused: it cannot fight
