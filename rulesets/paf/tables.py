"""Paul's Adventures In Fantasy: every table of the combat module as checked data (issue 7).

``tables.yaml`` beside this module transcribes the text's tables as printed
(rulings PA-1 to PA-12; the readings the print forced are in its header,
R-1 to R-16, R-21 and R-22, and all of R-1 to R-22 in docs/paf_design.md). A GM replaces any section with their own
printed table by putting a file with those sections in
``<data dir>/tables/paf.yaml``; each section given there replaces the shipped
one whole, and the merged whole is checked here, every problem reported at
once with the file and the section.

``load`` gives the checked tables as plain JSON-able data (stored with a
fight's setup); ``parse`` turns that data back into :class:`Tables`, which the
lookup helpers below read.
"""

from __future__ import annotations

import itertools
import math
import re
import weakref
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.dice import parse_roll
from companion.tables import TablesError as TablesError
from companion.tables import TablesFile

SHIPPED = Path(__file__).with_name("tables.yaml")

DICE = r"^[1-9][0-9]*d[1-9][0-9]*([+-][1-9][0-9]*)?$"
Dice = Annotated[str, Field(pattern=DICE)]
"""Standard notation: ``1d8``, ``1d6+1``, ``3d3`` (ruling PA-4)."""

SIZES = ("small", "medium", "large")
"""The defender's sizes the text names (PA-4: small and medium share a column)."""
CRITICAL_KINDS = ("blunt", "edged", "missile")
NON_LETHAL = ("pummeling", "grappling", "overbear")
STATS = (
    "strength",
    "intelligence",
    "wisdom",
    "constitution",
    "dexterity",
    "charisma",
    "comeliness",
    "ego",
    "agility",
    "swim",
    "mechanical",
    "stamina",
)
"""The text's twelve stats (its preface), for stat losses."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# --- weapons -------------------------------------------------------------------------------


class Weapon(_Strict):
    """A row of Weapons Weight and Damage."""

    weight: int = Field(ge=0)
    weight_max: int | None = Field(default=None, ge=0)
    """Spear "40-60" (R-2): the top of a printed weight range."""
    small_medium: Dice
    """Damage against a small or medium defender (PA-4)."""
    large: Dice
    printed: list[str] | None = Field(default=None, min_length=2, max_length=2)
    """The printed ranges (small/medium, large); the check holds the dice to them (R-1)."""
    min_str: int | None = Field(default=None, ge=1, le=25)
    two_hands: bool = False
    one_hand: bool = False
    """R-3: may also be wielded in one hand (the bastard sword)."""
    misc: str | None = None
    critical: Literal["blunt", "edged", "missile"]
    """The critical table used in melee (R-10); thrown or shot, the missile table."""
    pummel: Literal["butt", "pommel"] | None = None
    """[R] R-22, not printed: what the weapon pummels with, for the pummeling damage mods (PA-11):
    ``butt`` a wooden butt or haft ("Wooded Butt or Mailed Fist +5%"), ``pommel`` a metal pommel
    ("Metal Pummel +10%"); none: it gives no pummeling mod."""


class Missile(_Strict):
    """A row of Missile Rate and Distance."""

    per_round: float = Field(gt=0, le=10)
    printed_rate: str | None = None
    short: float = Field(gt=0)
    medium: float = Field(gt=0)
    long: float = Field(gt=0)
    ammunition: str
    """The weapons-table row that gives the damage (R-7)."""
    shoots: bool | None = None
    """PA-8: a sling, bow or crossbow shoots (not thrown: no strength unless made for it, never
    spent by shooting). ``None`` reads the name: a row whose name begins with Bow, Crossbow or
    Sling shoots (:func:`shoots`)."""


class RangeModifiers(_Strict):
    short: int
    medium: int
    long: int


# --- adjustments -------------------------------------------------------------------------


class CharacteristicRow(_Strict):
    """A row of Characteristic Adjustments (percent unless said; PA-1 signs)."""

    score: int = Field(ge=1, le=30)
    languages: int
    """Int: additional languages."""
    saving_throws: int
    """Wis."""
    missile: int
    """Dex: to the chance to miss with missiles (PA-1)."""
    defense: int
    """Agi: to the defense factor (PA-1)."""
    reaction: int
    """Cha."""
    hit_points: int
    """Sta: points to MHP (PA-5)."""


CHARACTERISTIC_COLUMNS = ("languages", "saving_throws", "missile", "defense", "reaction", "hit_points")


class StrengthRow(_Strict):
    """A row of Strength Adjustments."""

    score: int = Field(ge=1, le=30)
    attack: int
    """Attack Bonus, percent to the chance to miss (PA-1: strength 4 is +15)."""
    damage: int
    """Damage Adjustment, points (PA-4)."""
    weight_allowance: int
    open_doors: int
    bend_bars: int


STRENGTH_COLUMNS = ("attack", "damage", "weight_allowance", "open_doors", "bend_bars")


class Race(_Strict):
    hp_bonus: int
    """Hit Points (Race), PA-5."""
    defense_base: float = 0
    """PA-1: the DF race base, 0 for every race unless the data says otherwise."""


class MonsterLevel(_Strict):
    level: str = Field(min_length=1)
    """As printed: ``1-1``, ``1``, ``1+``, ``2``..."""
    lvl: int = Field(ge=0)
    """The LVL of the defense factor formula (R-11)."""
    attack_factor: int


class Monster(_Strict):
    mhp: Dice
    printed: str | None = None


class Armor(_Strict):
    """A suit of the armor section: the project's reconstruction [R] (the text prints no armor table)."""

    bonus: int = Field(ge=0, le=100)
    """The "Armor Bonus" of DF (PA-1), PDF, GOAF and GODF (PA-7): DF points."""
    plate_or_banded: bool = False
    """The grappling damage mod "Defender Plate or Banded Mail" applies."""
    mailed_fist: bool = False
    """[R] R-22: the suit has mail or plate on the hands, the pummeling damage mod "Wooded Butt or
    Mailed Fist +5%" (PA-11)."""
    text: str | None = None


class ArmorTable(_Strict):
    """The ``armor`` section [R]: the suits by key (``none`` among them) and the shield's DF bonus."""

    shield: int = Field(ge=0, le=100)
    """DF points a shield adds [R] (DF only, not the non-lethal factors)."""
    suits: dict[str, Armor]


class Threshold(_Strict):
    """A row of the To Critically Hit / To Fumble tables: needed rolls low..high."""

    low: int = Field(ge=0, le=100)
    high: int = Field(ge=0, le=100)
    threshold: int | None = Field(ge=1, le=100)
    """``None`` is the printed "---": no critical (fumble) at all."""


# --- critical and fumble rows --------------------------------------------------------------


class DeathIn(_Strict):
    dice: Dice
    unit: Literal["days", "turns", "rounds"]


class StatLoss(_Strict):
    stat: Literal[STATS]  # type: ignore[valid-type]
    dice: Dice
    until_healed: bool = False
    """``True``: "until healed"; otherwise the loss is lasting."""


class KnockedAway(_Strict):
    direction: Dice
    feet: Dice


class BreakChance(_Strict):
    base: int = Field(ge=0, le=100)
    per_plus: int


class RollAgain(_Strict):
    times: int = Field(ge=1, le=5)
    ignore: list[int] = []


class DexCheck(_Strict):
    """Roll dexterity or less on the die (R-15)."""

    die: Dice = "1d20"
    purpose: Literal["avoid", "fix"] = "avoid"
    """``avoid``: failing brings ``on_fail``; ``fix``: succeeding ends the row's effect."""
    on_fail: Effect | None = None


Part = Literal[
    "ear",
    "eye",
    "sight_of_eye",
    "fingers",
    "leg_at_ankle",
    "leg_at_knee",
    "leg_at_hip",
    "shield_arm_at_wrist",
    "shield_arm_at_elbow",
    "shield_arm_at_shoulder",
    "weapon_arm_at_wrist",
    "weapon_arm_at_elbow",
    "weapon_arm_at_shoulder",
]
Broken = Literal["shield_arm", "weapon_arm", "ribs", "leg"]


class Effect(_Strict):
    """What a critical or fumble row does, read from its printed words (PA-3)."""

    damage_multiplier: float | None = Field(default=None, gt=0, le=10)
    no_effect_if: Literal["helmed", "shielded", "no_shield"] | None = None
    roll_again_if: Literal["no_shield"] | None = None
    if_helmed: Effect | None = None
    """What happens instead when the defender wears a helm."""
    struck: Literal["shield_arm", "weapon_arm", "hand", "chest", "leg", "head", "abdomen"] | None = None
    stunned: Dice | None = None
    """Rounds stunned."""
    fall: bool = False
    death: Literal["immediate"] | None = None
    death_in: DeathIn | None = None
    movement: Literal["halved", "none"] | None = None
    carrying_capacity: Literal["halved"] | None = None
    attacks: Literal["none"] | int | None = None
    """``none``, or the printed "hit probability" change (R-14)."""
    actions: Literal["none"] | None = None
    opponent_attacks: Literal["none"] | None = None
    duration: Literal["next_round", "until_fixed", "1_turn"] | None = None
    lost: list[Part] = []
    broken: list[Broken] = []
    stat_loss: StatLoss | None = None
    shield: Literal["broken", "destroyed", "lost", "tangled"] | None = None
    helm: Literal["removed", "slips"] | None = None
    weapon: Literal["dropped", "tangled", "knocked_away", "breaks"] | None = None
    knocked_away: KnockedAway | None = None
    break_chance: BreakChance | None = None
    no_shield_defense: Dice | None = None
    """Rounds without shield defense."""
    no_talking: bool = False
    hit: Literal["self", "friend"] | None = None
    critical: Literal["self", "friend"] | None = None
    dex_check: DexCheck | None = None
    roll_again: RollAgain | None = None
    opponent_next_attack: int | None = None


class Row(Effect):
    """A percentile row of a critical or the fumble table: rolls low..high (00 = 100)."""

    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    text: str = Field(min_length=1)
    """The printed words."""
    shown: str | None = None
    """The words as the app shows them where the print misspells (R-21: fumble 77-78 "daamage"
    shows "damage"); ``text`` stays as printed."""

    @property
    def words(self) -> str:
        """The row's words as shown: ``shown`` where the print is corrected, else the printed text."""
        return self.shown or self.text


DexCheck.model_rebuild()
Effect.model_rebuild()


class Criticals(_Strict):
    blunt: list[Row]
    edged: list[Row]
    missile: list[Row]


# --- non-lethal ----------------------------------------------------------------------------


class Modifier(_Strict):
    """A to-hit or damage modification (PA-7)."""

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    text: str
    value: int | None = None
    automatic_hit: bool = False
    """The printed "HIT": no roll needed."""
    per_inches: int | None = Field(default=None, ge=1)
    above: int | Literal["attacker"] | None = None
    each: str | None = None


class NonLethalRow(_Strict):
    """A row of a non-lethal damage table: indexes low..high (``None``: open end, R-12)."""

    low: int | None
    high: int | None
    text: str
    category: int | None = Field(default=None, ge=1)
    """Grappling: a hold is broken by tying or beating its category (PA-7)."""
    attacker: str | None = None
    """Grappling: the left of the ``//``, what the attacker does."""
    defender: str | None = None
    """Grappling: the right of the ``//``, what the defender does."""
    hold: bool = True
    """Grappling: the row puts a hold of its category on the defender (PA-7). ``false`` for a row that
    names blows and no grip (">95 Kick/Knee/Gouge & Stunned": no ``//``, no hold named); its category
    still ranks it, so a break that reaches it breaks any hold."""
    points: int | None = Field(default=None, ge=0)
    plus_strength: bool = False
    """"+ Str Bonus": the strength Damage Adjustment is added (R-12)."""
    strike_again: bool = False
    stunned: bool = False
    opponent_may_counter: bool = False
    miss: bool = False


class NonLethal(_Strict):
    share: float = Field(gt=0, le=1)
    """The part of the points that is real damage (PA-7)."""
    damage_mods: list[Modifier]
    damage: list[NonLethalRow]


class Pummeling(NonLethal):
    to_hit: list[Modifier]


class Tables(_Strict):
    """The whole file (``tables.yaml``)."""

    version: Literal[1]
    weapons: dict[str, Weapon]
    missiles: dict[str, Missile]
    missile_range_modifiers: RangeModifiers
    characteristics: list[CharacteristicRow]
    strength: list[StrengthRow]
    races: dict[str, Race]
    monster_levels: list[MonsterLevel]
    monsters: dict[str, Monster]
    monster_defense_factor: str
    armor: ArmorTable
    """The project's reconstruction [R]: the text prints no armor table."""
    critical_thresholds: list[Threshold]
    fumble_thresholds: list[Threshold]
    criticals: Criticals
    fumbles: list[Row]
    pummeling: Pummeling
    grapple_overbear_to_hit: list[Modifier]
    grappling: NonLethal
    overbear: NonLethal


# --- dice ------------------------------------------------------------------------------------


def dice_range(dice: str) -> tuple[int, int]:
    """The lowest and highest total of ``dice`` (``2d4`` -> (2, 8), ``1d6+1`` -> (2, 7))."""
    parsed, add = parse_roll(dice)
    return sum(die.low for die in parsed.dice) + add, sum(die.high for die in parsed.dice) + add


def add_to_dice(dice: str, add: int) -> str:
    """``dice`` with ``add`` more on the total: ``add_to_dice("1d6+1", -1) == "1d6"``."""
    parsed, plus = parse_roll(dice)
    total = plus + add
    return f"{len(parsed.dice)}{parsed.dice[0].notation}" + (f"{total:+d}" if total else "")


def _printed_range(text: str) -> tuple[int, int] | None:
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    return (int(match[1]), int(match[2])) if match else None


# --- the check ---------------------------------------------------------------------------------


def _consistency(t: Tables) -> list[str]:
    out: list[str] = []
    for name, w in t.weapons.items():
        where = f"weapons.{name}"
        if w.weight_max is not None and w.weight_max <= w.weight:
            out.append(f"{where}.weight_max: {w.weight_max} is not above weight {w.weight}")
        if w.printed is not None:
            for column, dice, text in (
                ("small_medium", w.small_medium, w.printed[0]),
                ("large", w.large, w.printed[1]),
            ):
                printed = _printed_range(text)
                if printed is None:
                    out.append(f"{where}.printed: {text!r} is not a range like 1-8")
                elif dice_range(dice) != printed:
                    lo, hi = dice_range(dice)
                    out.append(f"{where}.{column}: {dice} gives {lo}-{hi} but the printed range is {text}")
    for name, m in t.missiles.items():
        where = f"missiles.{name}"
        if m.ammunition not in t.weapons:
            out.append(f"{where}.ammunition: {m.ammunition!r} is not a weapon (weapons: {', '.join(t.weapons)})")
        if not m.short < m.medium < m.long:
            out.append(f"{where}: ranges must grow short < medium < long ({m.short}, {m.medium}, {m.long})")
    for section in ("characteristics", "strength"):
        scores = [row.score for row in getattr(t, section)]
        if not scores:
            out.append(f"{section}: no rows")
            continue
        for s in sorted({s for s in scores if scores.count(s) > 1}):
            out.append(f"{section}: score {s} is given twice")
        if scores != list(range(scores[0], scores[0] + len(scores))):
            out.append(f"{section}: scores must run one by one upward (has {', '.join(map(str, scores))})")
    levels = [row.level for row in t.monster_levels]
    for lv in sorted({lv for lv in levels if levels.count(lv) > 1}):
        out.append(f"monster_levels: level {lv!r} is given twice")
    if "none" not in t.armor.suits:
        out.append("armor.suits: needs a suit 'none' (the armor of a card that names none)")
    elif t.armor.suits["none"].bonus != 0:
        out.append(f"armor.suits.none.bonus: {t.armor.suits['none'].bonus} is not allowed: no armor gives 0")
    for section in ("critical_thresholds", "fumble_thresholds"):
        out += _cover(section, [(r.low, r.high) for r in getattr(t, section)], 0, 100)
    for kind in CRITICAL_KINDS:
        out += _cover(f"criticals.{kind}", [(r.low, r.high) for r in getattr(t.criticals, kind)], 1, 100)
    out += _cover("fumbles", [(r.low, r.high) for r in t.fumbles], 1, 100)
    for kind in NON_LETHAL:
        rows = getattr(t, kind).damage
        out += _open_cover(f"{kind}.damage", [(r.low, r.high) for r in rows])
        if kind == "grappling":
            cats = [r.category for r in rows]
            if cats != list(range(1, len(rows) + 1)):
                out.append(f"grappling.damage: categories must be 1, 2, 3... in order (has {cats})")
    return out


def _cover(section: str, spans: list[tuple[int, int]], first: int, last: int) -> list[str]:
    """Rows in order, each low <= high, from ``first`` to ``last`` with no gap or overlap."""
    out = []
    expect = first
    for i, (low, high) in enumerate(spans):
        if low > high:
            out.append(f"{section}[{i}]: low {low} is above high {high}")
        if low != expect:
            word = "a gap" if low > expect else "an overlap"
            out.append(f"{section}[{i}]: starts at {low} but the rows before end at {expect - 1} ({word})")
        expect = high + 1
    if expect != last + 1:
        out.append(f"{section}: the rows must end at {last} (they end at {expect - 1})")
    return out


def _open_cover(section: str, spans: list[tuple[int | None, int | None]]) -> list[str]:
    """Rows in order covering every index: the first open below, the last open above."""
    if not spans:
        return [f"{section}: no rows"]
    out = []
    if spans[0][0] is not None:
        out.append(f"{section}[0]: the first row must have low: null (it takes every lower index)")
    if spans[-1][1] is not None:
        out.append(f"{section}[{len(spans) - 1}]: the last row must have high: null (it takes every higher index)")
    for i, ((low, high), (nlow, _)) in enumerate(itertools.pairwise(spans)):
        if high is None or nlow is None or nlow != high + 1:
            out.append(f"{section}[{i + 1}]: must start right after row {i} ends ({high} then {nlow})")
        if low is not None and high is not None and low > high:
            out.append(f"{section}[{i}]: low {low} is above high {high}")
    return out


# --- reading and loading -------------------------------------------------------------------------

TABLES = TablesFile(
    SHIPPED,
    Tables,
    consistency=_consistency,
    dump={"mode": "json", "exclude_defaults": True},
    patterns={DICE: "dice in standard notation, like 1d8 or 1d6+1 (ruling PA-4)"},
    name="paf.yaml",
)
"""The tables: the shipped file, a GM's sections over it (companion.tables)."""
SECTIONS = TABLES.sections
check = TABLES.check
"""Validate the whole tables; (the tables, []) or (None, every problem found)."""
load = TABLES.load
"""The shipped tables with the sections of a GM's file (if it exists) put over them, checked, as
plain JSON-able data (stored with each fight's setup); TablesError with every problem, each
naming the file and the section."""
parse = TABLES.parse
"""Checked :class:`Tables` from plain data (what :func:`load` returned, or a stored setup's);
TablesError with every problem."""


# --- lookups -----------------------------------------------------------------------------------


class Lookups:
    """What a round looks up in a fight's tables again and again, found once: the threshold rows by
    needed roll, the strength rows by score, the non-lethal tables' modifications by key.

    A fight's tables never change (a frozen model, parsed at its start), and a replay asks the
    same rows at every roll it makes: :func:`lookups` finds them once a fight. A row the tables
    lack is left out, so its lookup goes the long way and says what is missing as it always did.
    """

    def __init__(self, t: Tables) -> None:
        # by needed roll (0-100) and by score, the first row that has it, as a search of the rows finds
        # it (a checked table has each once)
        self.critical: dict[int, int | None] = {}
        for row in t.critical_thresholds:
            for n in range(max(0, row.low), min(100, row.high) + 1):
                self.critical.setdefault(n, row.threshold)
        self.fumble: dict[int, int | None] = {}
        for row in t.fumble_thresholds:
            for n in range(max(0, row.low), min(100, row.high) + 1):
                self.fumble.setdefault(n, row.threshold)
        self.strength: dict[int, StrengthRow] = {}
        for srow in t.strength:
            self.strength.setdefault(srow.score, srow)
        self.to_hit = {
            "pummel": {row.key: row for row in t.pummeling.to_hit},
            "grapple": {row.key: row for row in t.grapple_overbear_to_hit},
        }
        """The to-hit modifications of the defender's state, by the list they are printed in (PA-11)."""
        self.by_movement = {
            table: tuple(row for row in rows.values() if row.per_inches is not None)
            for table, rows in self.to_hit.items()
        }
        """The modifications of those lists that go by the defender's movement (per so many inches), in order."""
        self.damage_mods = {kind: {mod.key: mod for mod in getattr(t, kind).damage_mods} for kind in NON_LETHAL}
        """Each non-lethal table's damage modifications by key (PA-7)."""
        self.damage_values = {
            kind: {key: mod.value or 0 for key, mod in mods.items()} for kind, mods in self.damage_mods.items()
        }
        """Each non-lethal table's damage modifications' values by key (a blank value: 0)."""
        self.melee = frozenset(key for key, row in t.weapons.items() if row.critical != "missile")
        """The weapons wielded in melee (``cards.is_melee``: not ammunition, R-10)."""
        self.missiles = frozenset(t.missiles)
        """The weapons shot or thrown (``cards.is_missile``)."""


_LOOKUPS: dict[int, tuple[weakref.ref[Tables], Lookups]] = {}
"""The lookups of the tables in play by their identity, each kept while its tables are (a weak
reference: the tables let go, at a fight's end, take their lookups with them)."""


def lookups(t: Tables) -> Lookups:
    """The :class:`Lookups` of the tables ``t``, found the first time they are asked for."""
    kept = _LOOKUPS.get(id(t))
    if kept is not None and kept[0]() is t:
        return kept[1]
    made = Lookups(t)
    key = id(t)
    _LOOKUPS[key] = (weakref.ref(t, lambda _: _LOOKUPS.pop(key, None)), made)
    return made


def needed_index(needed: int | float | Fraction) -> int:
    """The needed roll as the threshold tables read it (R-16): rounded up to the lowest
    whole roll that hits, held within 0..100."""
    return min(100, max(0, math.ceil(needed if type(needed) is Fraction else Fraction(needed))))


def _threshold(rows: list[Threshold], needed: int | float | Fraction) -> int | None:
    n = needed_index(needed)
    for row in rows:
        if row.low <= n <= row.high:
            return row.threshold
    raise LookupError(f"no threshold row for a needed roll of {n}")


def critical_threshold(t: Tables, needed: int | float | Fraction) -> int | None:
    """The roll at or above which a hit is critical, for the needed roll (PA-3);
    ``None`` where the table says "---" (needed 100)."""
    found = lookups(t).critical
    n = needed_index(needed)
    return found[n] if n in found else _threshold(t.critical_thresholds, needed)


def fumble_threshold(t: Tables, needed: int | float | Fraction) -> int | None:
    """The roll at or below which a miss is a fumble, for the needed roll (PA-3);
    ``None`` where the table says "---" (needed 0-5)."""
    found = lookups(t).fumble
    n = needed_index(needed)
    return found[n] if n in found else _threshold(t.fumble_thresholds, needed)


def percentile(roll: int | str) -> int:
    """A percentile roll as 1..100: ``00`` (typed) or 100 is 100 (ruling D-2)."""
    if isinstance(roll, str):
        text = roll.strip()
        if not text.isdigit():
            raise ValueError(f"{roll!r} is not a percentile roll (01-100, 00 = 100)")
        value = 100 if text in ("00", "100") else int(text)
    else:
        value = roll
    if not 1 <= value <= 100:
        raise ValueError(f"{roll!r} is not a percentile roll (01-100, 00 = 100)")
    return value


def _row(rows: list[Row], roll: int | str) -> Row:
    value = percentile(roll)
    for row in rows:
        if row.low <= value <= row.high:
            return row
    raise LookupError(f"no row for a roll of {value}")


def critical_row(t: Tables, kind: str, roll: int | str) -> Row:
    """The row of the ``blunt``, ``edged`` or ``missile`` critical table for a percentile roll."""
    if kind not in CRITICAL_KINDS:
        raise ValueError(f"{kind!r} is not a critical table ({', '.join(CRITICAL_KINDS)})")
    return _row(getattr(t.criticals, kind), roll)


def fumble_row(t: Tables, roll: int | str) -> Row:
    """The row of the fumble table for a percentile roll."""
    return _row(t.fumbles, roll)


def nonlethal_row(t: Tables, kind: str, index: int) -> NonLethalRow:
    """The row of the ``pummeling``, ``grappling`` or ``overbear`` damage table for a damage
    index (PA-7: the roll less the lowest roll that hit, plus the damage modifications)."""
    if kind not in NON_LETHAL:
        raise ValueError(f"{kind!r} is not a non-lethal table ({', '.join(NON_LETHAL)})")
    for row in getattr(t, kind).damage:
        if (row.low is None or row.low <= index) and (row.high is None or index <= row.high):
            return row
    raise LookupError(f"no {kind} row for index {index}")


def strength_row(t: Tables, score: int) -> StrengthRow:
    found = lookups(t).strength.get(score)
    if found is not None:
        return found
    raise LookupError(f"strength {score} is not on the table ({t.strength[0].score}-{t.strength[-1].score})")


def strength_adjustment(t: Tables, score: int, column: str = "attack") -> int:
    """A column of Strength Adjustments for a score: ``attack`` (percent, PA-1), ``damage``, ..."""
    if column not in STRENGTH_COLUMNS:
        raise ValueError(f"{column!r} is not a strength column ({', '.join(STRENGTH_COLUMNS)})")
    return getattr(strength_row(t, score), column)


def characteristic_row(t: Tables, score: int) -> CharacteristicRow:
    for row in t.characteristics:
        if row.score == score:
            return row
    raise LookupError(
        f"score {score} is not on the characteristic table ({t.characteristics[0].score}-{t.characteristics[-1].score})"
    )


def characteristic_adjustment(t: Tables, score: int, column: str) -> int:
    """A column of Characteristic Adjustments for a score: ``languages`` (Int), ``saving_throws``
    (Wis), ``missile`` (Dex), ``defense`` (Agi), ``reaction`` (Cha), ``hit_points`` (Sta)."""
    if column not in CHARACTERISTIC_COLUMNS:
        raise ValueError(f"{column!r} is not a characteristic column ({', '.join(CHARACTERISTIC_COLUMNS)})")
    return getattr(characteristic_row(t, score), column)


def weapon(t: Tables, name: str) -> Weapon:
    try:
        return t.weapons[name]
    except KeyError:
        raise LookupError(f"{name!r} is not a weapon ({', '.join(t.weapons)})") from None


def weapon_damage(t: Tables, name: str, size: str) -> str:
    """The weapon's damage dice against a defender of ``size`` (small, medium or large; PA-4)."""
    if size not in SIZES:
        raise ValueError(f"{size!r} is not a size ({', '.join(SIZES)})")
    w = weapon(t, name)
    return w.large if size == "large" else w.small_medium


SHOOTING = ("Bow", "Crossbow", "Sling")
"""PA-8: the missile weapons that shoot, by the first word of their name (a row may say ``shoots``)."""


def shoots(t: Tables, key: str) -> bool:
    """PA-8: a missile weapon that shoots (sling, bow, crossbow), not thrown: the row's ``shoots``,
    else its name's first word (Bow, Crossbow, Sling)."""
    m = t.missiles.get(key)
    if m is None:
        return False
    if m.shoots is not None:
        return m.shoots
    return re.split(r"[\s,]+", key.strip(), maxsplit=1)[0] in SHOOTING


def range_modifier(t: Tables, missile: str, distance: float) -> int | None:
    """The attack modification at ``distance`` (R-6): short 0, medium +10, long +25;
    ``None`` beyond long range."""
    m = t.missiles[missile]
    mods = t.missile_range_modifiers
    if distance <= m.short:
        return mods.short
    if distance <= m.medium:
        return mods.medium
    if distance <= m.long:
        return mods.long
    return None


def monster_attack_factor(t: Tables, level: str) -> int:
    """The Monster Conversion Chart's attack factor for a printed level (``1-1``, ``1+``, ``7``)."""
    for row in t.monster_levels:
        if row.level == str(level).strip():
            return row.attack_factor
    raise LookupError(
        f"level {level!r} is not on the conversion chart ({', '.join(r.level for r in t.monster_levels)})"
    )


def monster_lvl(t: Tables, level: str) -> int:
    """The LVL the defense factor formula takes for a printed level (R-11)."""
    for row in t.monster_levels:
        if row.level == str(level).strip():
            return row.lvl
    raise LookupError(f"level {level!r} is not on the conversion chart")


def armor(t: Tables, key: str) -> Armor:
    """A suit of the armor section [R] by key (``none``, ``leather``, ``chain``...)."""
    try:
        return t.armor.suits[key]
    except KeyError:
        raise LookupError(f"{key!r} is not an armor ({', '.join(t.armor.suits)})") from None


def armor_bonus(t: Tables, key: str) -> int:
    """The armor bonus of a suit [R] (DF points, PA-1; the non-lethal factors' "Armor Bonus", PA-7)."""
    return armor(t, key).bonus


def shield_bonus(t: Tables) -> int:
    """The DF points a shield adds [R]."""
    return t.armor.shield
