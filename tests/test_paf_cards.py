"""Paul's Adventures In Fantasy: the cards (docs/paf_design.md "Cards"; rulings PA-1, PA-2, PA-5, PA-7).

The shipped roster loads with no problem; the derived numbers of four of its
cards are worked out by hand from the formulas and the printed tables; every
kind of bad input is named with the file, the fighter, the field and what is
allowed; a card written back with ``to_yaml_entry`` loads back equal.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from companion.cards import SHIPPED_DIR, load_file, load_roster
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.cards import (
    Numbers,
    PafCard,
    cards_yaml,
    check_against,
    derived,
    roster_problems,
    to_yaml_entry,
)


@pytest.fixture(scope="module")
def paf_roster(shipped_roster):
    return shipped_roster("paf")


CHARACTERS = ["Sir Roderick Vane", "Durin Stonefist", "Aelindra Swiftshadow", "Pip Underbough", "Brother Anselm"]
MONSTERS = ["Orc Raider", "Orc Bowman", "Goblin Skulker", "Kobold Cutthroat", "Gnoll Brute", "Ogre Thug", "Hill Giant"]

STATS = (
    "    stats: {strength: 12, intelligence: 12, wisdom: 12, constitution: 12, dexterity: 12,\n"
    "            charisma: 12, comeliness: 12, ego: 12, agility: 12, swim: 12, mechanical: 12, stamina: 12}\n"
)
CHARACTER = (
    """\
  - name: Test Hero
    kind: character
    race: Human
"""
    + STATS
    + """\
    combat_level: 1
    natural_d20: 10
    weight: 150
    movement: 12
    size: medium
    weapons:
      - {weapon: "Sword, Long"}
"""
)
MONSTER = """\
  - name: Test Orc
    kind: monster
    monster: Orc
    level: "1"
    ac: 6
    df_d20: 10
    hp: 15
    size: medium
    weapons: [{weapon: Scimitar}]
"""


def card_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "paf_mine.yaml"
    path.write_text("game: paf\nfighters:\n" + body, encoding="utf-8")
    return path


def refused(tmp_path: Path, body: str) -> list:
    """The problems of a card file whose only card must be refused, each naming the file and fighter."""
    path = card_file(tmp_path, body)
    cards, problems = load_file(path, "paf", PafCard)
    assert cards == [] and problems, "the card should have been refused"
    assert all(p.file == str(path) for p in problems)
    return problems


def one(problems: list, field: str):
    found = [p for p in problems if p.field == field]
    assert len(found) == 1, [str(p) for p in problems]
    return found[0]


def loaded(tmp_path: Path, body: str) -> PafCard:
    cards, problems = load_file(card_file(tmp_path, body), "paf", PafCard)
    assert problems == [] and len(cards) == 1, [str(p) for p in problems]
    return cards[0]


# --- the shipped roster -------------------------------------------------------------------------


def test_roster_loads_with_no_problems(paf_roster, paf_tables):
    assert paf_roster.problems == []
    assert paf_roster.names() == CHARACTERS + MONSTERS
    assert roster_problems(paf_roster, paf_tables) == []
    assert all(check_against(c, pt.load()) == [] for c in paf_roster.cards)  # plain data works too
    assert {c.kind for c in paf_roster.cards if c.name in CHARACTERS} == {"character"}
    assert {c.kind for c in paf_roster.cards if c.name in MONSTERS} == {"monster"}


def test_roster_header_says_the_cards_are_the_projects_own():
    head = (SHIPPED_DIR / "paf.yaml").read_text(encoding="utf-8").split("game: paf")[0]
    assert "THESE CARDS ARE THE PROJECT'S OWN" in head and "rolled honestly" in head


def test_roster_covers_the_brief(paf_roster, paf_tables):
    cards = {c.name: c for c in paf_roster.cards}
    assert cards["Sir Roderick Vane"].shield and cards["Sir Roderick Vane"].weapons[0].weapon == "Sword, Long"
    assert cards["Durin Stonefist"].race == "Dwarf" and cards["Durin Stonefist"].weapons[0].weapon == "Axe, Battle"
    assert (
        cards["Aelindra Swiftshadow"].race == "Elf" and cards["Aelindra Swiftshadow"].weapons[0].weapon == "Bow, Long"
    )
    assert cards["Pip Underbough"].race == "Hobbit"
    assert [w.weapon for w in cards["Pip Underbough"].weapons] == ["Sling, Stone", "Dagger"]
    assert len({cards[n].combat_level for n in CHARACTERS}) >= 3
    for name in CHARACTERS:
        stats = cards[name].stats.model_dump()
        assert len(stats) == 12 and all(4 <= v <= 20 for v in stats.values())
    for name in MONSTERS:  # hit points within the monster table's dice
        card = cards[name]
        low, high = pt.dice_range(paf_tables.monsters[card.monster].mhp)
        assert low <= card.hp <= high, name


def fig(x) -> Fraction:
    return x.value


def test_sir_roderick_by_hand(paf_roster, paf_tables):
    """PA-5: MHP = CON 10 + stamina 7 (+0) + level 3 + Human 0 + 8 = 21, dead at -CON.
    PA-1: AF = 30 + d20 9 - 4 x 3 + strength 12 (0) = 27; missile + dexterity 16 (-8) = 19.
    DF = 0 + agility 12 (0) + chain 25 [R] + 2.5 x 3 + shield 5 [R] = 37.5.
    PA-7: PAF = 100 - 12 - 12 - 12 = 64; PDF = 2 x 25 + 12 + 7.5 = 69.5;
    GOAF = 3 x 25 - 12 - 12 - 180/10 = 33; GODF = 12 + 12 + 18 - 25 = 17 (no shield in these)."""
    n = derived(paf_roster.find("Sir Roderick Vane"), paf_tables)
    assert n.to_json() == {
        "mhp": 21,
        "af": 27,
        "af_missile": 19,
        "df": 37.5,
        "paf": 64,
        "pdf": 69.5,
        "goaf": 33,
        "godf": 17,
        "dead_at": -10,
    }
    assert n.df.parts[-1].label == "shield" and fig(n.df) == Fraction(75, 2)


def test_aelindra_by_hand(paf_roster, paf_tables):
    """PA-5: MHP = 13 + stamina 8 (0) + 1 + Elf -1 + 8 = 21, dead at -13.
    PA-1/PA-2: AF = 30 + 13 - 4 + strength 8 (+4) = 43; missile with the +1 long bow, a weapon that
    shoots, takes no strength [D]: 39 + dexterity 18 (-14) - 4 = 21. DF = agility 17 (+8) + leather 5 + 2.5 = 15.5.
    PAF = 100 - 17 - 8 - 4 = 71; PDF = 10 + 17 + 2.5 = 29.5; GOAF = 15 - 17 - 8 - 11 = -21;
    GODF = 17 + 8 + 11 - 5 = 31."""
    card = paf_roster.find("Aelindra Swiftshadow")
    n = derived(card, paf_tables)
    assert n.to_json() == {
        "mhp": 21,
        "af": 43,
        "af_missile": 21,
        "df": 15.5,
        "paf": 71,
        "pdf": 29.5,
        "goaf": -21,
        "godf": 31,
        "dead_at": -13,
    }
    # with the dagger chosen (thrown: the strength counts), no magic: the missile AF is 29
    assert derived(card, paf_tables, weapon="Dagger").af_missile.number() == 29
    assert derived(card, paf_tables, weapon=0).af.number() == 39


def test_pip_by_hand(paf_roster, paf_tables):
    """PA-5: combat level 0, no +8: MHP = 9 + 0 + 0 - 1 = 8, dead at -9.
    AF = 30 + 5 + 0 + strength 15 (-3) = 32; DF = agility 10 (-3) = -3. PA-8: his sling shoots, so its AF
    takes no strength: 30 + 5 + dexterity 9 (+3) = 38 (the thrown dagger's takes it: 35)."""
    card = paf_roster.find("Pip Underbough")
    n = derived(card, paf_tables)
    assert (n.mhp.number(), n.af.number(), n.af_missile.number(), n.df.number(), n.dead_at) == (8, 32, 38, -3, -9)
    assert derived(card, paf_tables, weapon="Dagger").af_missile.number() == 35


def test_brother_anselm_magic_mace(paf_roster, paf_tables):
    """PA-2: the +1 mace lowers the melee AF by 4: 30 + 12 - 8 + strength 14 (-2) - 4 = 28;
    the short bow has no magic and, shooting, takes no strength [D]: 30 + 12 - 8 + dexterity 11 (+1) = 35.
    DF = agility 10 (-3) + chain 25 + 5 + shield 5 = 32; MHP = 13 + 0 + 2 + 0 + 8 = 23."""
    n = derived(paf_roster.find("Brother Anselm"), paf_tables)
    assert (n.af.number(), n.af_missile.number(), n.df.number(), n.mhp.number()) == (28, 35, 32, 23)


def test_orc_raider_by_hand(paf_roster, paf_tables):
    """Monster: AF from the chart (level 1: 52); DF = (10 - AC 6) x 3 + 2 x LVL 1 - 10 + d20 18 = 22;
    MHP the card's 20; dead at -10 (PA-5); a monster's shield is not DF (AC has it).
    Non-lethal [D]: no stats on the card, so agility and strength 12; armor bonus (10 - 6) x 3 = 12; LVL 1;
    160 lbs. PAF 100 - 12 - 12 - 4 = 72; PDF 2 x 12 + 12 + 2.5 = 38.5; GOAF 3 x 12 - 12 - 12 - 16 = -4;
    GODF 12 + 12 + 16 - 12 = 28."""
    n = derived(paf_roster.find("Orc Raider"), paf_tables)
    assert n.to_json() == {
        "mhp": 20,
        "af": 52,
        "af_missile": 52,
        "df": 22,
        "paf": 72,
        "pdf": 38.5,
        "goaf": -4,
        "godf": 28,
        "dead_at": -10,
    }
    assert isinstance(n, Numbers) and set(n.parts) == set(Numbers.figures)
    assert derived(paf_roster.find("Orc Raider"), paf_tables, monster_death=-20).dead_at == -20


def test_a_monster_s_stats_and_weight_in_its_non_lethal_factors(tmp_path, paf_tables):
    """[D] strength, agility and weight from the card; a weight not given is by size (small 50 lbs):
    AC 6 armor 12, LVL 1. Given agility 8, strength 16, 200 lbs: GOAF 36 - 8 - 16 - 20 = -8, GODF 8 + 16 + 20
    - 12 = 32, PAF 100 - 8 - 16 - 4 = 72. Small, none given: GODF 12 + 12 + 5 - 12 = 17."""
    mighty = loaded(tmp_path, MONSTER + "    strength: 16\n    agility: 8\n    weight: 200\n")
    assert (mighty.stat("strength"), mighty.score("dexterity"), mighty.pounds) == (16, 12, 200)
    n = derived(mighty, paf_tables)
    assert (n.goaf.number(), n.godf.number(), n.paf.number()) == (-8, 32, 72)
    small = loaded(tmp_path, MONSTER.replace("size: medium", "size: small"))
    assert (small.stat("strength"), small.pounds, derived(small, paf_tables).godf.number()) == (None, 50, 17)
    assert "STR 16 AGI 8 DEX 12 (DEX not on the card: 12)" in mighty.sheet_lines()
    assert 'monster (Orc), level 1, AC 6, small, 50 lbs (by size), movement 12"' in small.sheet_lines()


def test_a_monster_s_stats_and_weight_are_held_to_their_ranges(tmp_path):
    """Strength, agility and dexterity 4..20 as a character's; a monster weighs up to 20,000 lbs, a
    character up to 2,000."""
    problems = refused(tmp_path, MONSTER + "    strength: 25\n    dexterity: no\n    weight: 30000\n")
    assert one(problems, "strength").message.startswith("25 is not allowed: a whole number from 4 to 20")
    assert one(problems, "dexterity").message.startswith("False (YAML reads yes/no/on/off as true/false)")
    assert one(problems, "weight").message.startswith("30000 is not allowed: a whole number from 10 to 20000")
    assert loaded(tmp_path, MONSTER + "    weight: 9000\n").pounds == 9000
    problems = refused(tmp_path, CHARACTER.replace("weight: 150", "weight: 9000"))
    assert (
        one(problems, "weight").message
        == "9000 lbs is more than a character weighs: 10 to 2000 (up to 20000 for a monster)"
    )


def test_goblin_ogre_and_giant_by_hand(paf_roster, paf_tables):
    """R-11: level "1-1" is AF 56 with LVL 1: DF = 12 + 2 - 10 + 7 = 11.
    Ogre level 4: AF 36; DF = 15 + 8 - 10 + 19 = 32. Hill giant level 8: AF 20; DF = 18 + 16 - 10 + 2 = 26."""
    got = {
        name: (
            derived(paf_roster.find(name), paf_tables).af.number(),
            derived(paf_roster.find(name), paf_tables).df.number(),
        )
        for name in ("Goblin Skulker", "Ogre Thug", "Hill Giant")
    }
    assert got == {"Goblin Skulker": (56, 11), "Ogre Thug": (36, 32), "Hill Giant": (20, 26)}


def test_sheet_lines(paf_roster, paf_tables):
    card = paf_roster.find("Brother Anselm")
    plain = card.sheet_lines()
    assert plain[0] == 'Human character, combat level 2, medium, 170 lbs, movement 12"'
    assert plain[1] == "STR 14 INT 12 WIS 15 CON 13 DEX 11 CHA 10 COM 9 EGO 12 AGI 10 SWI 8 MEC 7 STA 12"
    assert plain[2] == "natural d20 12; chain, helm nasal, shield"
    assert "weapon: Mace, Footmans +1" in plain and "weapon: Bow, Short (ammo 20)" in plain
    full = card.sheet_lines(paf_tables)
    assert "weapon: Mace, Footmans +1 (melee 1d6+1 / large 1d6, min str 10)" in full
    assert any(line.startswith("MHP 23 = 13 (constitution)") and line.endswith("dead at -13") for line in full)
    assert (
        "AF 28 = 42 (natural base 30 + d20 12) - 8 (combat level 2 x 4) - 2 (strength 14) - 4 (magic +1 x 4) (melee)"
        in full
    )
    assert "DF 32 = 0 (race Human) - 3 (agility 10) + 25 (armor) + 5 (combat level 2 x 2.5) + 5 (shield)" in full
    assert any(line.startswith("PAF 68") for line in full) and any(line.startswith("GODF 16") for line in full)
    orc = paf_roster.find("Orc Raider").sheet_lines(pt.load())
    assert orc[0] == 'monster (Orc), level 1, AC 6, medium, 160 lbs, movement 12"'
    assert "DF 22 = 12 ((10 - AC 6) x 3) + 2 (level 1 x 2) - 10 (constant) + 18 (d20)" in orc
    assert "GOAF -4 = 36 (armor x 3) - 12 (agility) - 12 (strength) - 16 (weight 160 lbs / 10)" in orc


# --- bad input: every problem at once, with file, fighter, field and what is allowed --------------


def test_stat_out_of_range_not_a_number_and_missing(tmp_path):
    body = (
        CHARACTER.replace("strength: 12,", "strength: 21,")
        .replace("wisdom: 12,", "wisdom: no,")
        .replace(" swim: 12,", "")
    )
    problems = refused(tmp_path, body)
    assert {p.fighter for p in problems} == {"Test Hero"}
    assert one(problems, "stats.strength").message == "21 is not allowed: a whole number from 4 to 20"
    assert (
        one(problems, "stats.wisdom").message
        == "False (YAML reads yes/no/on/off as true/false) is not allowed: a whole number from 4 to 20"
    )
    assert one(problems, "stats.swim").message == "missing; a whole number from 4 to 20"
    assert str(one(problems, "stats.strength")).startswith(
        f"{tmp_path / 'paf_mine.yaml'}: fighter Test Hero: stats.strength: 21"
    )


def test_helm_yes_and_bad_size_kind(tmp_path):
    problems = refused(tmp_path, CHARACTER + "    helm: yes\n")
    assert (
        one(problems, "helm").message
        == "True (YAML reads yes/no/on/off as true/false) is not allowed: one of none, open, nasal, visored"
    )
    problems = refused(
        tmp_path,
        CHARACTER.replace("size: medium", "size: huge").replace(
            "kind: character\n", "kind: character\n    colour: red\n"
        ),
    )
    assert one(problems, "size").message == "'huge' is not allowed: one of small, medium, large"
    assert one(problems, "colour").message.startswith("unknown field; fields allowed: common name, kind")
    problems = refused(tmp_path, CHARACTER.replace("kind: character", "kind: dragon"))
    assert one(problems, "kind").message == "'dragon' is not allowed: one of character, monster"


def test_character_with_monster_fields_and_missing_ones(tmp_path):
    body = (
        CHARACTER.replace("    race: Human\n", "").replace("    natural_d20: 10\n", "") + '    level: "2"\n    hp: 12\n'
    )
    problems = refused(tmp_path, body)
    assert one(problems, "race").message.startswith(
        "missing; a character needs it: a key of the tables' races (Dwarf, Elf"
    )
    assert one(problems, "natural_d20").message == "missing; a character needs it: a whole number from 1 to 20"
    assert one(problems, "level").message.startswith(
        "a monster's field, not allowed on a character (character fields: name,"
    )
    assert one(problems, "hp").message.startswith("a monster's field, not allowed on a character")


def test_monster_with_character_fields(tmp_path):
    body = MONSTER.replace("    df_d20: 10\n", "") + "    armor: chain\n    stats: {strength: 30}\n"
    problems = refused(tmp_path, body)
    assert one(problems, "armor").message.startswith("a character's field, not allowed on a monster (monster fields:")
    assert one(problems, "stats").message.startswith("a character's field, not allowed on a monster")
    assert one(problems, "df_d20").message == "missing; a monster needs it: a whole number from 1 to 20"
    assert len(problems) == 3  # the stats' own faults are not listed: the field does not belong here


def test_monster_levels(tmp_path):
    """A level is the chart's text; a whole number is the level it spells (YAML reads 2 as a number)."""
    assert loaded(tmp_path, MONSTER.replace('level: "1"', "level: 1")).level == "1"
    assert loaded(tmp_path, MONSTER.replace('level: "1"', "level: 12")).level == "12"
    assert loaded(tmp_path, MONSTER.replace('level: "1"', "level: 1-1")).level == "1-1"
    assert loaded(tmp_path, MONSTER.replace('level: "1"', 'level: "1+"')).level == "1+"
    problems = refused(tmp_path, MONSTER.replace('level: "1"', "level: 1.5"))
    assert one(problems, "level").message.startswith(
        "1.5 is not allowed: a level of the Monster Conversion Chart (1-1, 1, 1+, 2, 3,"
    )
    problems = refused(tmp_path, MONSTER.replace('level: "1"', "level: yes"))
    assert one(problems, "level").message.startswith("True (YAML reads yes/no/on/off as true/false) is not allowed")


def test_unknown_keys_named_against_the_tables(tmp_path, paf_tables):
    """Keys wait for the scene's tables (a GM's file may add rows); roster_problems names them with
    file, fighter, field and the keys allowed."""
    body = (
        CHARACTER.replace("race: Human", "race: Orc").replace('"Sword, Long"', '"Sword, Lnog"')
        + "    armor: mithril\n"
        + MONSTER.replace('level: "1"', 'level: "17"').replace("monster: Orc", "monster: Dragon")
    )
    path = card_file(tmp_path, body)
    roster = load_roster("paf", PafCard, user_dir=tmp_path, shipped_dir=tmp_path / "none")
    assert [str(p) for p in roster.problems] == [
        f"{tmp_path / 'none' / 'paf.yaml'}: cannot be read: No such file or directory"
    ]
    problems = roster_problems(roster, paf_tables)
    assert all(p.file == str(path) for p in problems)
    by = {(p.fighter, p.field): p.message for p in problems}
    assert (
        by[("Test Hero", "race")]
        == "'Orc' is not a race of the tables (races: Dwarf, Elf, Gnome, Half-Elf, Half-Ork, Hobbit, Human)"
    )
    assert by[("Test Hero", "armor")] == (
        "'mithril' is not an armor of the tables (armor: none, leather, studded leather, "
        "ring mail, scale, chain, banded, plate)"
    )
    assert by[("Test Hero", "weapons.0.weapon")].startswith(
        "'Sword, Lnog' is not a weapon of the tables (weapons and missiles: Arrow; Axe; Axe, Battle;"
    )
    assert by[("Test Orc", "monster")].startswith("'Dragon' is not a monster of the tables (monsters: Orc, Kobold,")
    assert by[("Test Orc", "level")] == (
        "'17' is not a level of the Monster Conversion Chart (levels: 1-1, 1, 1+, 2, 3, 4, 5, "
        "6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)"
    )
    assert len(problems) == 5
    hero = roster.find("Test Hero")
    assert (
        check_against(hero, paf_tables)[0] == "fighter Test Hero: race: 'Orc' is not a race of the tables "
        "(races: Dwarf, Elf, Gnome, Half-Elf, Half-Ork, Hobbit, Human)"
    )
    with pytest.raises(LookupError):
        derived(hero, paf_tables)
    assert any(line.startswith("(numbers not derived:") for line in hero.sheet_lines(paf_tables))


def test_a_gms_armor_table_is_what_the_card_is_held_to(tmp_path, paf_roster):
    tables = tmp_path / "tables.yaml"
    tables.write_text(
        yaml.safe_dump({"armor": {"shield": 5, "suits": {"none": {"bonus": 0}, "mithril": {"bonus": 40}}}}),
        encoding="utf-8",
    )
    mine = pt.parse(pt.load(tables))
    card = loaded(tmp_path, CHARACTER + "    armor: mithril\n")
    assert check_against(card, mine) == []
    assert derived(card, mine).df.number() == 0 + 0 + 40 + 2.5
    assert check_against(paf_roster.find("Brother Anselm"), mine) == [
        "fighter Brother Anselm: armor: 'chain' is not an armor of the tables (armor: mithril, none)"
    ]


def test_weapons_ammo_duplicates_and_the_arrows_name(tmp_path):
    body = CHARACTER.replace(
        '      - {weapon: "Sword, Long"}\n',
        '      - {weapon: "Sword, Long", ammo: 3}\n      - {weapon: "Sword, Long"}\n'
        '      - {weapon: "Bow, Long", magic: 11}\n',
    )
    problems = refused(tmp_path, body)
    assert (
        one(problems, "weapons.0.ammo").message
        == "Sword, Long is a melee weapon (no missiles row): ammo is for weapons shot or thrown (the tables' missiles)"
    )
    assert one(problems, "weapons.1.weapon").message == "Sword, Long is already weapons.0; list each weapon once"
    assert one(problems, "weapons.2.magic").message == "11 is not allowed: a whole number from -5 to 10"
    card = loaded(tmp_path, CHARACTER.replace('{weapon: "Sword, Long"}', '{weapon: "Bow, Short", arrows: 20}'))
    assert card.weapons[0].ammo == 20 and to_yaml_entry(card)["weapons"] == [
        {"weapon": "Bow, Short", "magic": 0, "ammo": 20}
    ]
    problems = refused(
        tmp_path, CHARACTER.replace('    weapons:\n      - {weapon: "Sword, Long"}\n', "    weapons: []\n")
    )
    assert one(problems, "weapons").message.startswith("[] is not allowed: a list of 1 to 20 weapons")


def test_many_problems_at_once(tmp_path):
    body = (
        CHARACTER.replace("combat_level: 1", "combat_level: -1")
        .replace("natural_d20: 10", "natural_d20: 21")
        .replace("movement: 12", "movement: fast")
        + "    helm: yes\n    misc: {hp: x}\n"
    )
    problems = refused(tmp_path, body)
    assert {p.field for p in problems} == {"combat_level", "natural_d20", "movement", "helm", "misc.hp"}
    assert one(problems, "combat_level").message == "-1 is not allowed: a whole number from 0 to 30"
    assert one(problems, "misc.hp").message == "'x' is not allowed: a whole number from -50 to 50"


# --- writing a card back --------------------------------------------------------------------------


def test_every_shipped_card_round_trips(tmp_path, paf_roster):
    """to_yaml_entry -> a card file in <data dir>/fighters/paf_*.yaml -> loads back equal."""
    folder = tmp_path / "fighters"
    folder.mkdir()
    (folder / "paf_saved.yaml").write_text(cards_yaml(paf_roster.cards), encoding="utf-8")
    again = load_roster("paf", PafCard, user_dir=folder, shipped_dir=tmp_path)
    assert list(again.cards) == paf_roster.cards
    assert [str(p) for p in again.problems] == [f"{tmp_path / 'paf.yaml'}: cannot be read: No such file or directory"]


def test_a_new_card_saved_and_loaded(tmp_path, paf_roster):
    card = PafCard.model_validate(
        {
            "name": "Saved Sally",
            "kind": "character",
            "race": "Half-Elf",
            "stats": dict.fromkeys(pt.STATS, 11),
            "combat_level": 4,
            "natural_d20": 1,
            "weight": 130,
            "movement": 12,
            "size": "medium",
            "helm": "visored",
            "shield": True,
            "weapons": [{"weapon": "Sword, Broad", "magic": 2}, {"weapon": "Crossbow, Light", "ammo": 12}],
        },
        strict=True,
    )
    entry = to_yaml_entry(card)
    assert entry["armor"] == "none" and entry["misc"] == {"hp": 0, "attack": 0, "defense": 0}
    assert "level" not in entry and "hp" not in entry
    path = tmp_path / "paf_sally.yaml"
    path.write_text(yaml.safe_dump({"game": "paf", "fighters": [entry]}, sort_keys=False), encoding="utf-8")
    cards, problems = load_file(path, "paf", PafCard)
    assert problems == [] and cards == [card]
    monster = paf_roster.find("Goblin Skulker")
    entry = to_yaml_entry(monster)
    assert entry["level"] == "1-1" and "armor" not in entry and "stats" not in entry
    path.write_text(cards_yaml([monster]), encoding="utf-8")
    assert load_file(path, "paf", PafCard) == ([monster], [])


def test_fighters_check_names_keys_the_tables_lack(tmp_path):
    """`companion fighters check` holds a PAF card's keys to the tables in play: a misspelt weapon
    and an armor the tables lack are named with file, fighter, field and what is allowed; exit 1."""
    from scripting import run

    body = CHARACTER.replace('"Sword, Long"', '"Stafff"') + "    armor: mithril\n"
    path = card_file(tmp_path, body)
    proc = run(tmp_path, "fighters", "check", str(path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert out[0].startswith(f"{path}: fighter Test Hero: ") and len(out) == 3
    assert any(
        "weapons.0.weapon: 'Stafff' is not a weapon of the tables" in line and "; Staff; " in line for line in out
    )
    assert any("armor: 'mithril' is not an armor of the tables" in line for line in out)
    assert out[-1] == f"{path}: 0 cards loaded, 2 problems"  # the card is refused: it cannot fight


# --- issue 18: PA-8, PA-10, monster hit points, the misc bonus -----------------------------------------


def test_fighters_check_names_a_weapon_too_heavy_and_a_monsters_hit_points(tmp_path):
    """PA-10: a weapon whose Min. Str is above the wielder's strength is refused by the card check, naming
    both; a monster's hit points are held to the monster table's dice (a Kobold's 4+D4 is 5 to 8) unless
    the card says they are meant to lie off them. Every problem names the file, the fighter and the field."""
    from scripting import run

    weak = CHARACTER.replace("strength: 12", "strength: 4").replace('"Sword, Long"', '"Sword, Two-Handed"')
    kobold = (
        MONSTER.replace("Test Orc", "Big Kobold")
        .replace("monster: Orc", "monster: Kobold")
        .replace("hp: 15", "hp: 999")
    )
    chief = kobold.replace("Big Kobold", "Kobold Chief").replace("hp: 999", "hp: 30\n    hp_off_table: true")
    path = card_file(tmp_path, weak + kobold + chief)
    proc = run(tmp_path, "fighters", "check", str(path))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert out == [
        f"{path}: fighter Test Hero: weapons.0.weapon: Sword, Two-Handed needs strength 17 (Min. Str, PA-10); "
        "Test Hero has strength 4: choose a weapon of min. str 4 or less, or give the card the strength",
        f"{path}: fighter Big Kobold: hp: 999 is off the monster table's 4+D4 for a Kobold (5 to 8); roll it on "
        "those dice, or say hp_off_table: true if it is meant",
        f"{path}: 3 cards loaded, 2 problems",
    ]


def test_a_monster_without_strength_is_held_to_12_for_min_str(paf_tables):
    """PA-10 with the [D] of monsters' missing stats: a monster card with no strength reads 12."""
    giant = PafCard.model_validate(
        dict(
            name="Giant",
            kind="monster",
            level="8",
            ac=4,
            df_d20=2,
            hp=50,
            size="large",
            weapons=[{"weapon": "Sword, Great"}],
        )
    )
    assert check_against(giant, paf_tables) == [
        "fighter Giant: weapons.0.weapon: Sword, Great needs strength 18 (Min. Str, PA-10); Giant has strength 12 "
        "(12: the card gives no strength): choose a weapon of min. str 12 or less, or give the card the strength"
    ]
    strong = PafCard.model_validate({**giant.model_dump(exclude_none=True), "strength": 20})
    assert check_against(strong, paf_tables) == []


def test_made_for_strength_is_for_a_weapon_that_shoots(tmp_path):
    """PA-8: only a sling, bow or crossbow is "made for that strength"; a thrown or melee weapon takes its
    wielder's strength anyway, so the card may not say it of them."""
    problems = refused(
        tmp_path, CHARACTER.replace('{weapon: "Sword, Long"}', "{weapon: Dagger, made_for_strength: true}")
    )
    assert one(problems, "weapons.0.made_for_strength").message.startswith(
        "Dagger does not shoot: only a sling, bow or crossbow is made for a strength (PA-8)"
    )
    card = loaded(
        tmp_path, CHARACTER.replace('{weapon: "Sword, Long"}', '{weapon: "Bow, Long", made_for_strength: true}')
    )
    assert to_yaml_entry(card)["weapons"] == [{"weapon": "Bow, Long", "magic": 0, "made_for_strength": True}]


def test_the_misc_attack_bonus_reads_as_a_bonus(tmp_path, paf_tables):
    """The GM's expectation: ``misc: {attack: 5}`` helps the attacker: AF 36 (30 + d20 10 - 4 for level 1)
    becomes 31; ``defense: 5`` raises DF 2.5 (level 1) to 7.5 (harder to hit). The tables keep their printed
    signs (PA-1); the card's bonus is converted at the card."""
    plain = loaded(tmp_path, CHARACTER)
    bonus = loaded(tmp_path, CHARACTER + "    misc: {attack: 5, defense: 5}\n")
    a, b = derived(plain, paf_tables), derived(bonus, paf_tables)
    assert (a.af.number(), b.af.number(), b.af_missile.number()) == (36, 31, 31)
    assert (a.df.number(), b.df.number()) == (2.5, 7.5)
    assert b.af.text() == "AF 31 = 40 (natural base 30 + d20 10) - 4 (combat level 1 x 4) + 0 (strength 12) - 5 (misc)"


def test_sheet_lines_say_two_hands_and_made_for_strength(paf_tables):
    card = PafCard.model_validate(
        dict(
            name="Hero",
            kind="character",
            race="Human",
            stats=dict.fromkeys(pt.STATS, 18),
            combat_level=0,
            natural_d20=10,
            weight=150,
            movement=12,
            size="medium",
            shield=True,
            weapons=[
                {"weapon": "Sword, Two-Handed"},
                {"weapon": "Sword, Bastard"},
                {"weapon": "Sling, Bullet", "made_for_strength": True},
                {"weapon": "Bow, Short"},
            ],
        )
    )
    lines = card.sheet_lines(paf_tables)
    assert any("two hands: no shield defense while used (PA-10)" in line for line in lines)
    # PA-10 wins over R-3: the bastard sword's row requires two hands; held in one it does the same dice
    assert any(
        "Sword, Bastard" in line and "two hands (or one, same dice, R-3): no shield defense while used (PA-10)" in line
        for line in lines
    )
    assert any(line.startswith("weapon: Sling, Bullet (made for its strength (PA-8), shoots") for line in lines)
    assert any(line.startswith("weapon: Bow, Short (shoots Arrow 1d6 / large 1d6") for line in lines)
