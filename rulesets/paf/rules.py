"""Paul's Adventures In Fantasy: the derived numbers as pure functions (issue 7).

Every formula is the text's, as printed, with the signs of ruling PA-1: the
adjustment tables are changes to the chance to MISS (strength 4: +15%), so a
positive amount is worse for the attacker and better for the defender.

Exact numbers (design R-17): the text's half points (2.5% per combat level,
2.5% per magic plus) and tenths (weight / 10) are kept exact as
:class:`~fractions.Fraction`; nothing is rounded until a percentile roll is
compared with the number needed: a roll equal to or above it hits (PA-2), so
57.5 is hit by 58 and up (:func:`lowest_hit`). :func:`show` writes them for the
screen (``57.5``). The tables are read through :mod:`rulesets.paf.tables`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import ClassVar, Literal

from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.tables import Tables

Number = int | float | Fraction

NATURAL_BASE = 30
"""AF natural base: 30 + 1d20 ("50 +/- 10%")."""
ATTACK_PER_LEVEL = -4
"""AF: "- 4% / Combat Level" (to the chance to miss)."""
DEFENSE_PER_LEVEL = Fraction(5, 2)
"""DF and PDF: "+ 2.5% / Combat Level"."""
ATTACK_PER_PLUS = -4
"""PA-2: magic +1 -> 4% on attack: a +1 weapon lowers the chance to miss by 4 (R-18)."""
DEFENSE_PER_PLUS = Fraction(5, 2)
"""PA-2: magic +1 -> 2.5% on defense: +1 armor raises DF by 2.5."""
TRAINED_HP = 8
"""MHP: "+ 8 (Combat Level > 0)"."""
MONSTER_DEATH = -10
"""PA-5: monsters die at -10 (an option); characters at minus their constitution."""
HEALING_PER_DAY = {"bed": 3, "resting": 2, "working": 1}
"""PA-5: in bed 3 a day, not exerting (just walking) 2, combat or hard work 1."""
HOURS_PER_POINT = {"bed": 8, "resting": 12, "working": 24}
"""The text's hours per hit point: "8 per hour if resting, 12 if normal, 24 if exerting"."""

Activity = Literal["bed", "resting", "working"]


@dataclass(frozen=True, slots=True)
class Part:
    """One term of a formula, for display: ``Part("strength 4", 15)``."""

    label: str
    amount: Fraction


@dataclass(frozen=True, slots=True)
class Figure:
    """A derived number with the terms it is the sum of."""

    name: str
    value: Fraction
    parts: tuple[Part, ...]

    def text(self) -> str:
        """``AF 47 = 40 (natural base 30 + d20 10) - 8 (combat level 2 x 4) + 15 (strength 4)``."""
        terms = []
        for i, p in enumerate(self.parts):
            sign = ("-" if p.amount < 0 else "") if i == 0 else (" - " if p.amount < 0 else " + ")
            terms.append(f"{sign}{show(abs(p.amount))} ({p.label})")
        return f"{self.name} {show(self.value)} = " + "".join(terms)

    def number(self) -> int | float:
        return number(self.value)


def exact(x: Number) -> Fraction:
    """``x`` as a Fraction: a Fraction as it is (``Fraction(x)`` of a Fraction is the same value, built
    again through the numbers ABCs: the replay asks this of every term of every figure)."""
    return x if type(x) is Fraction else Fraction(x)


def number(x: Number) -> int | float:
    """A JSON-able number: whole values as int, others as float."""
    x = exact(x)
    return int(x) if x.denominator == 1 else float(x)


def show(x: Number) -> str:
    """``47``, ``57.5``, ``17.3``: exact for halves and tenths, else two decimals."""
    if type(x) is int:
        return str(x)  # Fraction(x) would show its numerator, x itself
    x = exact(x)
    if x.denominator == 1:
        return str(x.numerator)
    if 10**6 % x.denominator == 0:
        return f"{float(x):.6f}".rstrip("0").rstrip(".")
    return f"{float(x):.2f}"


def _figure(name: str, parts: Iterable[tuple[str, Number]]) -> Figure:
    ps = tuple(Part(label, exact(amount)) for label, amount in parts)
    if all(p.amount.denominator == 1 for p in ps):  # whole terms: their sum as ints, the same value
        return Figure(name, Fraction(sum(p.amount.numerator for p in ps)), ps)
    return Figure(name, sum((p.amount for p in ps), Fraction(0)), ps)


# --- hit points (PA-5) -------------------------------------------------------------------------


def mhp(t: Tables, *, constitution: int, stamina: int, combat_level: int, race: str = "Human", misc: int = 0) -> Figure:
    """MHP = Constitution + Stamina Bonus + Combat Level + Racial Bonus + Misc + 8 (Combat Level > 0).

    Ruling PA-5; the stamina bonus is the characteristic table's Hitpoints (Sta) column."""
    parts: list[tuple[str, Number]] = [
        ("constitution", constitution),
        (f"stamina {stamina}", pt.characteristic_adjustment(t, stamina, "hit_points")),
        ("combat level", combat_level),
        (f"race {race}", _race(t, race).hp_bonus),
    ]
    if misc:
        parts.append(("misc", misc))
    if combat_level > 0:
        parts.append(("trained in combat", TRAINED_HP))
    return _figure("MHP", parts)


def death_at(constitution: int | None = None, *, monster: bool = False, monster_death: int = MONSTER_DEATH) -> int:
    """The hit points at which a being dies (PA-5): minus its constitution (characters),
    ``monster_death`` (-10) for monsters."""
    if monster:
        return monster_death
    if constitution is None:
        raise ValueError("a character dies at minus their constitution: give the constitution")
    return -constitution


def status(hp: int, dead_at: int) -> Literal["fighting", "unconscious", "needs_help", "dead"]:
    """PA-5: at 0 unconscious, below 0 unable to heal without help, dead at ``dead_at``."""
    if hp <= dead_at:
        return "dead"
    if hp < 0:
        return "needs_help"
    if hp == 0:
        return "unconscious"
    return "fighting"


def healing_per_day(activity: Activity) -> int:
    """PA-5: 3 in bed, 2 resting (not exerting, just walking), 1 working (combat, hard work)."""
    return HEALING_PER_DAY[activity]


def hours_per_point(activity: Activity) -> int:
    """The text's hours per hit point recovered: 8 in bed, 12 resting, 24 working."""
    return HOURS_PER_POINT[activity]


# --- attack and defense (PA-1, PA-2) -----------------------------------------------------------


def natural_base(d20: int) -> int:
    """The natural base: 30 + 1d20 (the text: "50 +/- 10%")."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 shows 1-20, not {d20}")
    return NATURAL_BASE + d20


def attack_factor(
    t: Tables,
    *,
    natural_d20: int,
    combat_level: int,
    strength: int,
    dexterity: int | None = None,
    missile: bool = False,
    strength_applies: bool = True,
    magic: int = 0,
    misc: Number = 0,
) -> Figure:
    """AF = natural base (30 + d20) - 4 x combat level + strength attack adjustment
    (+ dexterity missile adjustment, missiles only) + magic and misc (ruling PA-1).

    ``strength_applies``: the text, for missiles, "the Strength Bonus only applies if the
    weapon was made for that strength". ``magic``: the weapon's pluses, 4% each, lowering the
    chance to miss (PA-2). ``misc``: a change to the chance to miss, as given."""
    parts: list[tuple[str, Number]] = [
        (f"natural base 30 + d20 {natural_d20}", natural_base(natural_d20)),
        (f"combat level {combat_level} x 4", ATTACK_PER_LEVEL * combat_level),
    ]
    if strength_applies:
        parts.append((f"strength {strength}", pt.strength_adjustment(t, strength, "attack")))
    if missile:
        if dexterity is None:
            raise ValueError("a missile attack factor needs the dexterity (PA-1)")
        parts.append((f"dexterity {dexterity} (missile)", pt.characteristic_adjustment(t, dexterity, "missile")))
    if magic:
        parts.append((f"magic {magic:+d} x 4", ATTACK_PER_PLUS * magic))
    if misc:
        parts.append(("misc", misc))
    return _figure("AF", parts)


def defense_factor(
    t: Tables,
    *,
    agility: int,
    combat_level: int,
    race: str = "Human",
    armor_bonus: Number = 0,
    magic: int = 0,
    misc: Number = 0,
) -> Figure:
    """DF = race base + agility defense adjustment + armor bonus + 2.5 x combat level + misc
    (ruling PA-1), with magic pluses at 2.5% each (PA-2).

    The race base is data (``races.<race>.defense_base``, 0 for every race, PA-1). The text
    prints no armor table: ``armor_bonus`` is the armor's own (non-magical) bonus, as given."""
    parts: list[tuple[str, Number]] = [
        (f"race {race}", _race(t, race).defense_base),
        (f"agility {agility}", pt.characteristic_adjustment(t, agility, "defense")),
        ("armor", armor_bonus),
        (f"combat level {combat_level} x 2.5", DEFENSE_PER_LEVEL * combat_level),
    ]
    if magic:
        parts.append((f"magic {magic:+d} x 2.5", DEFENSE_PER_PLUS * magic))
    if misc:
        parts.append(("misc", misc))
    return _figure("DF", parts)


def monster_af(t: Tables, level: str, *, magic: int = 0, misc: Number = 0) -> Figure:
    """A monster's AF from the Monster Conversion Chart (level -> attack factor)."""
    parts: list[tuple[str, Number]] = [(f"level {level}", pt.monster_attack_factor(t, level))]
    if magic:
        parts.append((f"magic {magic:+d} x 4", ATTACK_PER_PLUS * magic))
    if misc:
        parts.append(("misc", misc))
    return _figure("AF", parts)


def monster_df(*, ac: int, lvl: int, d20: int, misc: Number = 0) -> Figure:
    """Defense Factor = (10 - AC)*3 + 2*LVL - 10 + D20, as printed (LVL of a printed level: R-11)."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 shows 1-20, not {d20}")
    parts: list[tuple[str, Number]] = [
        (f"(10 - AC {ac}) x 3", (10 - ac) * 3),
        (f"level {lvl} x 2", 2 * lvl),
        ("constant", -10),
        ("d20", d20),
    ]
    if misc:
        parts.append(("misc", misc))
    return _figure("DF", parts)


# --- the roll (PA-2, PA-3) ---------------------------------------------------------------------


def needed_to_hit(af: Figure | Number, df: Figure | Number, modifiers: Iterable[tuple[str, Number]] = ()) -> Figure:
    """PA-2: the chance to miss, AF + DF + range and condition modifiers; a percentile roll
    equal to or above it hits."""
    a = af.value if isinstance(af, Figure) else exact(af)
    d = df.value if isinstance(df, Figure) else exact(df)
    return _figure("needed", [("AF", a), ("DF", d), *modifiers])


def _value(needed: Figure | Number) -> Fraction:
    return needed.value if isinstance(needed, Figure) else exact(needed)


def lowest_hit(needed: Figure | Number) -> int:
    """The lowest percentile roll that hits (1..101; 101: no roll can hit)."""
    return min(101, max(1, math.ceil(_value(needed))))


def hits(roll: int | str, needed: Figure | Number) -> bool:
    """PA-2: the roll (01-100, 00 = 100) equals or exceeds the number needed."""
    return pt.percentile(roll) >= _value(needed)


def thresholds(t: Tables, needed: Figure | Number) -> tuple[int | None, int | None]:
    """PA-3: (critical threshold, fumble threshold) for the needed roll (``None``: "---")."""
    n = _value(needed)
    return pt.critical_threshold(t, n), pt.fumble_threshold(t, n)


def is_critical(t: Tables, roll: int | str, needed: Figure | Number) -> bool:
    """PA-3: a hit at or above the critical threshold."""
    crit = pt.critical_threshold(t, _value(needed))
    return hits(roll, needed) and crit is not None and pt.percentile(roll) >= crit


def is_fumble(t: Tables, roll: int | str, needed: Figure | Number) -> bool:
    """PA-3: a miss at or below the fumble threshold."""
    fumble = pt.fumble_threshold(t, _value(needed))
    return not hits(roll, needed) and fumble is not None and pt.percentile(roll) <= fumble


def range_modifier(t: Tables, missile: str, distance: float) -> int | None:
    """The missile range band's modifier to the chance to miss (R-6; ``None``: out of range)."""
    return pt.range_modifier(t, missile, distance)


# --- damage (PA-4) -----------------------------------------------------------------------------


def damage_dice(t: Tables, weapon: str, size: str, strength: int | None = None) -> str:
    """PA-4: the weapon's dice for the defender's size plus the strength damage adjustment
    (``strength`` None: none added, e.g. a missile not made for that strength)."""
    dice = pt.weapon_damage(t, weapon, size)
    if strength is None:
        return dice
    return pt.add_to_dice(dice, pt.strength_adjustment(t, strength, "damage"))


# --- non-lethal (PA-7) -------------------------------------------------------------------------


def pummel_af(*, agility: int, strength: int, combat_level: int) -> Figure:
    """PAF = 100 - Agility - Strength - 4% / Combat Level (scores, not adjustments)."""
    return _figure(
        "PAF",
        [
            ("base", 100),
            ("agility", -agility),
            ("strength", -strength),
            (f"combat level {combat_level} x 4", ATTACK_PER_LEVEL * combat_level),
        ],
    )


def pummel_df(
    *, armor_bonus: Number, agility: int, combat_level: int, armor_magic: int = 0, magic_armor_counts: bool = True
) -> Figure:
    """PDF = 2 * Armor Bonus + Agility + 2.5% / Combat Level.

    R-19: unlike GOAF/GODF the text does not exclude magical armor here, so by default the
    armor bonus includes its magic (2.5 per plus) before it is doubled."""
    armor = Fraction(armor_bonus) + (DEFENSE_PER_PLUS * armor_magic if magic_armor_counts else 0)
    return _figure(
        "PDF",
        [
            ("armor x 2", 2 * armor),
            ("agility", agility),
            (f"combat level {combat_level} x 2.5", DEFENSE_PER_LEVEL * combat_level),
        ],
    )


def grapple_af(*, armor_bonus: Number, agility: int, strength: int, weight_lbs: Number) -> Figure:
    """GOAF = 3 * Armor Bonus - Agility - Strength - Weight/10 (lbs); magical armor bonuses do
    NOT apply (the text): ``armor_bonus`` is the armor's own bonus."""
    return _figure(
        "GOAF",
        [
            ("armor x 3", 3 * Fraction(armor_bonus)),
            ("agility", -agility),
            ("strength", -strength),
            (f"weight {show(weight_lbs)} lbs / 10", -Fraction(weight_lbs) / 10),
        ],
    )


def grapple_df(*, agility: int, strength: int, weight_lbs: Number, armor_bonus: Number) -> Figure:
    """GODF = Agility + Strength + Weight/10 (lbs) - Armor Bonus; magical armor bonuses do NOT apply."""
    return _figure(
        "GODF",
        [
            ("agility", agility),
            ("strength", strength),
            (f"weight {show(weight_lbs)} lbs / 10", Fraction(weight_lbs) / 10),
            ("armor", -Fraction(armor_bonus)),
        ],
    )


def nonlethal_index(roll: int | str, needed: Figure | Number, damage_mods: Iterable[Number] = ()) -> int:
    """PA-7: the damage index, what was rolled less what was needed ("subtract what the
    attacker needed to roll from what he did"), plus the damage modifications. A fractional
    difference is rounded down (R-17); a need below 1 counts as it is (need -12, roll 40: 52)."""
    need = _value(needed)
    # the roll less the need, rounded down, in whole numbers (the same as the exact difference floored);
    # whole modifications summed as ints
    below = (pt.percentile(roll) * need.denominator - need.numerator) // need.denominator
    return below + int(sum(m if type(m) is int else Fraction(m) for m in damage_mods))


def split_damage(points: int, share: float) -> tuple[int, int]:
    """PA-7: (real, temporary) of non-lethal points: the real share rounded down (R-20); the
    temporary rest recovers at 1 a round after 10 rounds."""
    part = _share(share)
    real = points * part.numerator // part.denominator if points > 0 else 0  # rounded down, exact
    return real, max(0, points) - real


@lru_cache(maxsize=16)
def _share(share: float) -> Fraction:
    """A table's real share as the exact fraction it prints (0.25: 1/4): the tables print few, and a
    non-lethal blow asks it every time."""
    return Fraction(share).limit_denominator(1000)


@dataclass(frozen=True, slots=True)
class NonLethalResult:
    row: pt.NonLethalRow
    points: int
    real: int
    temporary: int


def nonlethal_damage(t: Tables, kind: str, index: int, strength: int) -> NonLethalResult:
    """The row of a non-lethal damage table for the index, its points with the strength
    damage adjustment ("+ Str Bonus", R-12), and their real and temporary shares (PA-7)."""
    row = pt.nonlethal_row(t, kind, index)
    points = 0
    if row.points is not None:
        points = max(0, row.points + (pt.strength_adjustment(t, strength, "damage") if row.plus_strength else 0))
    real, temporary = split_damage(points, getattr(t, kind).share)
    return NonLethalResult(row, points, real, temporary)


# --- a character's numbers ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Character:
    """What the formulas read from a character card."""

    strength: int
    constitution: int
    dexterity: int
    agility: int
    stamina: int
    combat_level: int = 0
    natural_d20: int = 10
    race: str = "Human"
    armor_bonus: Number = 0
    """The armor's own bonus (no armor table is printed: the card gives it)."""
    armor_magic: int = 0
    """Pluses of magic armor, shield, rings: 2.5% each on DF; not in GOAF/GODF."""
    weapon_magic: int = 0
    weight_lbs: Number = 150
    hp_misc: int = 0
    attack_misc: Number = 0
    defense_misc: Number = 0


@dataclass(frozen=True, slots=True)
class Derived:
    """A character's numbers, each with the terms that make it."""

    mhp: Figure
    af: Figure
    af_missile: Figure
    df: Figure
    paf: Figure
    pdf: Figure
    goaf: Figure
    godf: Figure
    dead_at: int
    figures: ClassVar[tuple[str, ...]] = ("mhp", "af", "af_missile", "df", "paf", "pdf", "goaf", "godf")

    @property
    def parts(self) -> dict[str, tuple[Part, ...]]:
        """Each number's terms by name, for the card and the reference screen."""
        return {name: getattr(self, name).parts for name in self.figures}

    def to_json(self) -> dict[str, int | float]:
        out: dict[str, int | float] = {name: getattr(self, name).number() for name in self.figures}
        out["dead_at"] = self.dead_at
        return out


def derive(t: Tables, c: Character) -> Derived:
    """Every derived number of a character (PA-1, PA-5, PA-7)."""
    af_args = dict(
        natural_d20=c.natural_d20,
        combat_level=c.combat_level,
        strength=c.strength,
        dexterity=c.dexterity,
        magic=c.weapon_magic,
        misc=c.attack_misc,
    )
    return Derived(
        mhp=mhp(
            t, constitution=c.constitution, stamina=c.stamina, combat_level=c.combat_level, race=c.race, misc=c.hp_misc
        ),
        af=attack_factor(t, **af_args),
        af_missile=attack_factor(t, missile=True, **af_args),
        df=defense_factor(
            t,
            agility=c.agility,
            combat_level=c.combat_level,
            race=c.race,
            armor_bonus=c.armor_bonus,
            magic=c.armor_magic,
            misc=c.defense_misc,
        ),
        paf=pummel_af(agility=c.agility, strength=c.strength, combat_level=c.combat_level),
        pdf=pummel_df(
            armor_bonus=c.armor_bonus, agility=c.agility, combat_level=c.combat_level, armor_magic=c.armor_magic
        ),
        goaf=grapple_af(armor_bonus=c.armor_bonus, agility=c.agility, strength=c.strength, weight_lbs=c.weight_lbs),
        godf=grapple_df(agility=c.agility, strength=c.strength, weight_lbs=c.weight_lbs, armor_bonus=c.armor_bonus),
        dead_at=death_at(c.constitution),
    )


def _race(t: Tables, race: str) -> pt.Race:
    try:
        return t.races[race]
    except KeyError:
        raise LookupError(f"{race!r} is not a race on the table ({', '.join(t.races)})") from None
