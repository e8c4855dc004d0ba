"""Paul's Adventures In Fantasy: the derived numbers with fixed numbers (issue 7).

Each formula is checked against a sum worked by hand from the printed text and
the rulings it cites (PA-1 signs: the adjustments change the chance to MISS).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt

# --- hit points (PA-5) ------------------------------------------------------------------------


def test_mhp_untrained(paf_tables):
    """PA-5: constitution + stamina adjustment + level + race + misc; no +8 at level 0."""
    f = ps.mhp(paf_tables, constitution=12, stamina=4, combat_level=0, race="Elf")
    assert f.value == 12 - 2 + 0 - 1
    assert [p.label for p in f.parts] == ["constitution", "stamina 4", "combat level", "race Elf"]


def test_mhp_trained_gets_eight(paf_tables):
    """PA-5: "+ 8 (Combat Level > 0)"."""
    f = ps.mhp(paf_tables, constitution=14, stamina=17, combat_level=3, race="Dwarf", misc=1)
    assert f.value == 14 + 3 + 3 + 2 + 1 + 8 == 31
    assert f.parts[-1] == ps.Part("trained in combat", Fraction(8))
    assert f.text() == (
        "MHP 31 = 14 (constitution) + 3 (stamina 17) + 3 (combat level) + 2 (race Dwarf) "
        "+ 1 (misc) + 8 (trained in combat)"
    )


def test_death_and_status():
    """PA-5: 0 unconscious, below 0 needs help, dead at -constitution (characters) or -10 (monsters)."""
    assert ps.death_at(13) == -13
    assert ps.death_at(monster=True) == -10
    assert ps.death_at(monster=True, monster_death=-5) == -5
    assert [ps.status(hp, -13) for hp in (5, 1, 0, -1, -12, -13, -20)] == [
        "fighting",
        "fighting",
        "unconscious",
        "needs_help",
        "needs_help",
        "dead",
        "dead",
    ]
    with pytest.raises(ValueError):
        ps.death_at()


def test_healing():
    """PA-5: 3 a day in bed, 2 resting, 1 working; 8, 12 and 24 hours a point."""
    assert [ps.healing_per_day(a) for a in ("bed", "resting", "working")] == [3, 2, 1]
    assert [ps.hours_per_point(a) for a in ("bed", "resting", "working")] == [8, 12, 24]


# --- attack factor (PA-1, PA-2) ----------------------------------------------------------------------


def test_natural_base():
    assert ps.natural_base(1) == 31 and ps.natural_base(20) == 50
    with pytest.raises(ValueError):
        ps.natural_base(21)


def test_af_weak_fighter_is_worse(paf_tables):
    """PA-1: strength 4 gives +15% to the chance to miss: AF = 30 + d20 - 4 x level + 15."""
    f = ps.attack_factor(paf_tables, natural_d20=10, combat_level=2, strength=4)
    assert f.value == 30 + 10 - 8 + 15 == 47
    assert f.text() == "AF 47 = 40 (natural base 30 + d20 10) - 8 (combat level 2 x 4) + 15 (strength 4)"


def test_af_strong_fighter_is_better(paf_tables):
    """PA-1: strength 18 is -7%; level 5 is -20."""
    assert ps.attack_factor(paf_tables, natural_d20=5, combat_level=5, strength=18).value == 35 - 20 - 7 == 8


def test_af_missile_adds_dexterity_only_for_missiles(paf_tables):
    """PA-1: the dexterity missile adjustment counts for missiles only (dex 16: -8%)."""
    melee = ps.attack_factor(paf_tables, natural_d20=12, combat_level=1, strength=12, dexterity=16)
    missile = ps.attack_factor(paf_tables, natural_d20=12, combat_level=1, strength=12, dexterity=16, missile=True)
    assert melee.value == 42 - 4 + 0 == 38
    assert missile.value == 38 - 8 == 30
    with pytest.raises(ValueError):
        ps.attack_factor(paf_tables, natural_d20=12, combat_level=1, strength=12, missile=True)


def test_af_strength_only_if_the_missile_weapon_is_made_for_it(paf_tables):
    """The text: the strength bonus only applies if the (missile) weapon was made for that strength."""
    f = ps.attack_factor(
        paf_tables, natural_d20=10, combat_level=0, strength=18, dexterity=12, missile=True, strength_applies=False
    )
    assert f.value == 40


def test_af_magic_four_per_plus(paf_tables):
    """PA-2: magic +1 = 4% attack, lowering the chance to miss (R-18); misc as given."""
    f = ps.attack_factor(paf_tables, natural_d20=10, combat_level=0, strength=12, magic=2, misc=5)
    assert f.value == 40 - 8 + 5 == 37


# --- defense factor (PA-1, PA-2) -------------------------------------------------------------------


def test_df_exact_halves(paf_tables):
    """PA-1: DF = race base + agility + armor + 2.5 x level + misc; PA-2 magic 2.5 per plus."""
    f = ps.defense_factor(paf_tables, agility=16, combat_level=3, armor_bonus=20, misc=-5)
    assert f.value == 0 + 7 + 20 + Fraction(15, 2) - 5 == Fraction(59, 2)
    assert f.number() == 29.5 and ps.show(f.value) == "29.5"
    assert ps.defense_factor(paf_tables, agility=16, combat_level=3, armor_bonus=20, magic=1, misc=-5).value == 32


def test_df_agility_18_as_printed_and_race_base(paf_tables):
    """R-9: agility 18 is +19% as printed; PA-1: race base is data, 0 by default."""
    assert ps.defense_factor(paf_tables, agility=18, combat_level=0).value == 19
    assert ps.defense_factor(paf_tables, agility=4, combat_level=0).value == -12
    data = pt.load()
    data["races"]["Elf"]["defense_base"] = 5
    assert ps.defense_factor(pt.parse(data), agility=12, combat_level=0, race="Elf").value == 5
    with pytest.raises(LookupError):
        ps.defense_factor(paf_tables, agility=12, combat_level=0, race="Martian")


# --- to hit, criticals, fumbles (PA-2, PA-3) ---------------------------------------------------------


def test_needed_and_hits(paf_tables):
    """PA-2: needed = AF + DF + modifiers; a roll equal to or above it hits."""
    af = ps.attack_factor(paf_tables, natural_d20=10, combat_level=2, strength=4)  # 47
    df = ps.defense_factor(paf_tables, agility=13, combat_level=1)  # 2 + 2.5 = 4.5
    need = ps.needed_to_hit(af, df, [("medium range", 10)])
    assert need.value == Fraction(123, 2)  # 61.5
    assert ps.lowest_hit(need) == 62
    assert not ps.hits(61, need) and ps.hits(62, need) and ps.hits("00", need)
    assert ps.hits(50, 50) and not ps.hits(49, 50)


def test_lowest_hit_bounds():
    assert ps.lowest_hit(-20) == 1 and ps.lowest_hit(100) == 100 and ps.lowest_hit(130) == 101


def test_thresholds_n_41_to_50(paf_tables):
    """PA-3: N 41-50 crits on 95+, fumbles on 8 or less."""
    assert ps.thresholds(paf_tables, 45) == (95, 8)
    assert ps.is_critical(paf_tables, 95, 45) and not ps.is_critical(paf_tables, 94, 45)
    assert ps.is_fumble(paf_tables, 8, 45) and not ps.is_fumble(paf_tables, 9, 45)


def test_no_critical_at_100_and_no_fumble_below_6(paf_tables):
    """PA-3: the tables' "---"."""
    assert ps.thresholds(paf_tables, 100) == (None, 9)
    assert not ps.is_critical(paf_tables, "00", 100) and ps.hits("00", 100)
    assert ps.thresholds(paf_tables, 5) == (91, None)
    assert not ps.is_fumble(paf_tables, 1, 5) and ps.is_critical(paf_tables, 91, 5)


def test_range_modifier(paf_tables):
    """R-6: medium range +10%, long +25% to the chance to miss."""
    assert ps.range_modifier(paf_tables, "Crossbow, Light", 10) == 10
    assert ps.range_modifier(paf_tables, "Dart", 4.5) == 25


# --- damage (PA-4) --------------------------------------------------------------------------------


def test_damage_with_strength(paf_tables):
    """PA-4: weapon dice for the size + the strength damage adjustment."""
    assert ps.damage_dice(paf_tables, "Sword, Long", "medium", 18) == "1d8+2"
    assert ps.damage_dice(paf_tables, "Flail, Footmans", "small", 4) == "1d6"  # 1d6+1 - 1
    assert ps.damage_dice(paf_tables, "Sword, Two-Handed", "large", 12) == "3d6"
    assert ps.damage_dice(paf_tables, "Arrow", "large") == "1d6"


# --- monsters ------------------------------------------------------------------------------------


def test_monster_af_and_df(paf_tables):
    """Monster Conversion Chart; Defense Factor = (10 - AC)*3 + 2*LVL - 10 + D20."""
    assert ps.monster_af(paf_tables, "1-1").value == 56
    assert ps.monster_af(paf_tables, "7", magic=1).value == 24 - 4
    assert ps.monster_df(ac=6, lvl=1, d20=11).value == 12 + 2 - 10 + 11 == 15
    assert ps.monster_df(ac=-2, lvl=10, d20=1).value == 36 + 20 - 10 + 1 == 47
    with pytest.raises(ValueError):
        ps.monster_df(ac=6, lvl=1, d20=0)


# --- non-lethal (PA-7) ---------------------------------------------------------------------------------


def test_pummeling_factors():
    """PAF = 100 - Agility - Strength - 4 x level; PDF = 2 x Armor + Agility + 2.5 x level."""
    assert ps.pummel_af(agility=14, strength=16, combat_level=2).value == 100 - 14 - 16 - 8 == 62
    assert ps.pummel_df(armor_bonus=10, agility=12, combat_level=1).value == Fraction(20 + 12) + Fraction(5, 2)
    # magic armor counts in PDF (2.5 per plus, doubled) unless turned off
    assert ps.pummel_df(armor_bonus=10, agility=12, combat_level=0, armor_magic=2).value == 20 + 10 + 12
    assert ps.pummel_df(armor_bonus=10, agility=12, combat_level=0, armor_magic=2, magic_armor_counts=False).value == 32


def test_grapple_overbear_factors():
    """GOAF = 3 x Armor - Agility - Strength - Weight/10; GODF = Agility + Strength + Weight/10 - Armor;
    weight/10 kept exact (R-17)."""
    goaf = ps.grapple_af(armor_bonus=10, agility=12, strength=15, weight_lbs=173)
    assert goaf.value == 30 - 12 - 15 - Fraction(173, 10) and ps.show(goaf.value) == "-14.3"
    godf = ps.grapple_df(agility=12, strength=15, weight_lbs=180, armor_bonus=10)
    assert godf.value == 12 + 15 + 18 - 10 == 35
    # GOAF + GODF + modifiers is the number needed, as for weapons (PA-7)
    assert ps.needed_to_hit(goaf, godf, [("defender stunned", -20)]).value == Fraction(-143, 10) + 35 - 20


def test_nonlethal_index_and_damage(paf_tables):
    """PA-7: index = roll - needed + damage modifiers; only the share is real damage."""
    assert ps.nonlethal_index(90, 40, [5]) == 55
    assert ps.nonlethal_index(90, Fraction(81, 2), []) == 49  # needed 40.5: 49.5 rounded down
    assert ps.nonlethal_index(40, -12, []) == 52  # a need below 1 counts as it is
    assert ps.nonlethal_index(30, 0, []) == 30
    result = ps.nonlethal_damage(paf_tables, "pummeling", 85, strength=18)  # Solid Punch, Strike Again 8 + 2
    assert (result.row.text, result.points, result.real, result.temporary) == ("Solid Punch, Strike Again", 10, 2, 8)
    glance = ps.nonlethal_damage(paf_tables, "pummeling", 30, strength=4)  # Glance 2 - 1
    assert (glance.points, glance.real, glance.temporary) == (1, 0, 1)
    miss = ps.nonlethal_damage(paf_tables, "pummeling", 0, strength=18)
    assert (miss.row.miss, miss.points) == (True, 0)
    flat = ps.nonlethal_damage(paf_tables, "overbear", 120, strength=16)  # 4 + 1, 50% actual
    assert (flat.points, flat.real, flat.temporary, flat.row.stunned) == (5, 2, 3, True)
    assert ps.split_damage(8, 0.25) == (2, 6) and ps.split_damage(3, 0.5) == (1, 2)


# --- a character's numbers ----------------------------------------------------------------------------


def test_derive_a_character(paf_tables):
    c = ps.Character(
        strength=4,
        constitution=12,
        dexterity=14,
        agility=18,
        stamina=16,
        combat_level=2,
        natural_d20=10,
        armor_bonus=10,
        armor_magic=1,
        weight_lbs=173,
    )
    d = ps.derive(paf_tables, c)
    assert d.to_json() == {
        "mhp": 12 + 2 + 2 + 0 + 8,
        "af": 47,
        "af_missile": 43,
        "df": 36.5,
        "paf": 70,
        "pdf": 48,
        "goaf": -9.3,
        "godf": 29.3,
        "dead_at": -12,
    }
    assert set(d.parts) == {"mhp", "af", "af_missile", "df", "paf", "pdf", "goaf", "godf"}
    assert sum(p.amount for p in d.parts["df"]) == d.df.value
    assert [p.label for p in d.parts["af_missile"]][-1] == "dexterity 14 (missile)"
