"""Paul's Adventures In Fantasy: character and monster cards (``fighters/paf.yaml``; issue 7).

One model, :class:`PafCard`, with ``kind: character`` or ``kind: monster``
(docs/paf_design.md, "Cards"):

- a character gives its race, all twelve stats (4..20: 3d4+1d8), combat level,
  the d20 of its natural base (rolled once), weight, movement, size, armor (a
  key of the tables' ``armor`` section, the project's reconstruction [R];
  ``none`` when omitted), armor magic, shield, helm, weapons and the misc
  adjustments (hp, attack, defense);
- a monster gives its level on the Monster Conversion Chart (``"1-1"``, ``"1"``,
  ``"1+"``, ``"2"`` .. ``"16"``), AC, the d20 of its defense factor (rolled
  once), its hit points as rolled, size, weapons, and optionally the monster
  table's key it was rolled from, shield, helm, weight and the three stats its
  rolls can read (strength, agility, dexterity).

Monsters in non-lethal combat (a decision [D], docs/decisions.md): the text
gives monsters no stats, yet pummeling, grappling and overbear read agility,
strength, weight, armor bonus and combat level (PA-7). A monster's missing
stat reads as 12 (the middle of 4..20, as its dexterity checks do), its weight
when not given by its size (:data:`MONSTER_WEIGHT`), its combat level is its
chart level's LVL (R-11), and its armor bonus ``(10 - AC) x 3``, the AC term of
the text's own monster defense formula.

Levels (a decision): the card holds the level as the chart's text. YAML reads
``1-1`` and ``1+`` as text but ``1`` or ``7`` as whole numbers, so a whole
number (not yes/no) is taken as the level it spells (``7`` -> ``"7"``); anything
else must be the chart's text.

Keys (race, armor, weapon, monster, level) are not refused by the card itself:
a GM's ``<data dir>/tables/paf.yaml`` may add rows. :func:`check_against`
holds a card to the tables a scene plays with, and :func:`roster_problems`
turns that into problems naming the file, the fighter, the field and the keys
allowed. Everything else is refused at load, every problem at once, one
``field: message`` a line, which ``companion.cards`` reports with the file and
the fighter (Fudge's convention, ``rulesets/fudge/cards.py``).

:func:`derived` gives a card's numbers (MHP, AF melee and missile, DF, PAF/PDF,
GOAF/GODF, dead at) through :mod:`rulesets.paf.rules`; :func:`to_yaml_entry`
writes a card back as the mapping a card file holds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

import yaml
from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from companion.cards import Problem, Roster, allowed, problems_against
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.tables import STATS, Tables, TablesError

KINDS = ("character", "monster")
SIZES = pt.SIZES
HELMS = ("none", "open", "nasal", "visored")
"""``none`` is unhelmed; any other is "helmed" (PA-3), and its pummeling damage mod (PA-7)."""
HELM_MODS = {"open": "open_faced_helm", "nasal": "nasaled_helm", "visored": "visored_helm"}
"""The pummeling table's damage mod key for each helm."""
STAT_SHORT = {
    "strength": "STR",
    "intelligence": "INT",
    "wisdom": "WIS",
    "constitution": "CON",
    "dexterity": "DEX",
    "charisma": "CHA",
    "comeliness": "COM",
    "ego": "EGO",
    "agility": "AGI",
    "swim": "SWI",
    "mechanical": "MEC",
    "stamina": "STA",
}
NORMAL_MOVEMENT = 12
"""The text: a 12" movement base is normal."""
MONSTER_STATS = ("strength", "agility", "dexterity")
"""The stats a monster card may give: the ones its rolls read (PA-7, the dexterity checks)."""
MONSTER_STAT = 12
"""[D] A stat a monster card does not give: the middle of 4..20."""
MONSTER_WEIGHT = {"small": 50, "medium": 150, "large": 500}
"""[D] Pounds, for GOAF/GODF, of a monster card that gives no weight, by its size."""
CHARACTER_WEIGHT_MAX = 2000
"""Pounds a character card may give (a monster's up to 20,000)."""
MAX_WEAPONS = 20
"""Weapons a card may carry (the sheet adds rows up to this)."""

COMMON = ("name", "kind", "size", "weapons", "shield", "helm", "movement", "weight", "notes")
CHARACTER_ONLY = ("race", "stats", "combat_level", "natural_d20", "armor", "armor_magic", "misc")
CHARACTER_REQUIRED = ("race", "stats", "combat_level", "natural_d20", "weight", "movement", "size", "weapons")
MONSTER_ONLY = ("monster", "level", "ac", "df_d20", "hp", "hp_off_table", *MONSTER_STATS)
MONSTER_REQUIRED = ("level", "ac", "df_d20", "hp", "size", "weapons")
CHARACTER_DEFAULTS: dict[str, Any] = {"armor": "none", "armor_magic": 0, "misc": {}}
"""Filled in for a character that omits them (a monster never has them)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Stats(_Strict):
    """The text's twelve stats, each 4..20 (3d4+1d8)."""

    strength: int = Field(ge=4, le=20)
    intelligence: int = Field(ge=4, le=20)
    wisdom: int = Field(ge=4, le=20)
    constitution: int = Field(ge=4, le=20)
    dexterity: int = Field(ge=4, le=20)
    charisma: int = Field(ge=4, le=20)
    comeliness: int = Field(ge=4, le=20)
    ego: int = Field(ge=4, le=20)
    agility: int = Field(ge=4, le=20)
    swim: int = Field(ge=4, le=20)
    mechanical: int = Field(ge=4, le=20)
    stamina: int = Field(ge=4, le=20)


assert tuple(Stats.model_fields) == STATS


class Misc(_Strict):
    """A character's misc bonuses, each read as a bonus: hit points (MHP); ``attack``, a bonus to
    hit (``attack: 5`` lowers the chance to miss by 5: the card's bonus is converted here, the
    tables keep their printed signs, PA-1); ``defense``, a bonus to DF (the chance to miss against
    him, "like that tree in the way")."""

    hp: int = Field(default=0, ge=-50, le=50)
    attack: int = Field(default=0, ge=-100, le=100)
    """A bonus to hit, in percent: AF takes it off the chance to miss (CHANGELOG: it used to be added)."""
    defense: int = Field(default=0, ge=-100, le=100)


class CardWeapon(_Strict):
    """A weapon carried: a key of the tables' weapons (melee) or missiles (shot or thrown)."""

    weapon: str = Field(min_length=1, max_length=40)
    magic: int = Field(default=0, ge=-5, le=10)
    """+N: AF -4 x N (PA-2, R-18)."""
    ammo: int | None = Field(default=None, ge=0, le=999, validation_alias=AliasChoices("ammo", "arrows"))
    """Missiles only: arrows, quarrels, stones, bullets, darts, or how many of a thrown weapon;
    omitted: not counted (a bow's arrows never run out) but a thrown weapon is then the one in
    hand: thrown once, it is gone [D]. ``arrows`` is read as another name for it (the design's
    example); a card is written back with ``ammo``. A weapon that shoots (sling, bow, crossbow)
    is never spent by shooting; where its ammunition is not counted it never runs out (PA-8)."""
    made_for_strength: bool | None = None
    """PA-8: a weapon that shoots takes the wielder's strength (attack and damage) only when the
    card says it was made for that strength ("the Strength Bonus only applies if the weapon was
    made for that strength"); only a sling, bow or crossbow may say so."""


class PafCard(_Strict):
    """A PAF character or monster card (docs/paf_design.md "Cards").

    Character-only fields are ``None`` on a monster and monster-only fields ``None`` on a
    character; a character always has ``armor`` (``none`` when omitted), ``armor_magic`` and
    ``misc`` after loading."""

    name: str = Field(min_length=1, max_length=60)
    kind: Literal[KINDS]  # type: ignore[valid-type]
    size: Literal[SIZES]  # type: ignore[valid-type]
    """small | medium | large: the damage column used against this being (PA-4)."""
    weapons: list[CardWeapon] = Field(min_length=1, max_length=MAX_WEAPONS)
    shield: bool = False
    """Shielded: criticals' "no effect if shielded"; a character's DF +5 [R]."""
    helm: Literal[HELMS] = "none"  # type: ignore[valid-type]
    movement: int = Field(default=NORMAL_MOVEMENT, ge=1, le=48)
    """Inches, base (12" normal); a character must give it, a monster may (12 when omitted)."""
    notes: str | None = None
    # --- a character
    race: str | None = Field(default=None, min_length=1, max_length=30)
    stats: Stats | None = None
    combat_level: int | None = Field(default=None, ge=0, le=30)
    natural_d20: int | None = Field(default=None, ge=1, le=20)
    """The d20 of the natural base (AF = 30 + d20 ...), rolled once."""
    weight: int | None = Field(default=None, ge=10, le=20000)
    """Pounds, for GOAF/GODF (weight / 10): a character's up to 2,000; a monster's (a giant, a
    horse) up to 20,000, by its size when not given [D]."""
    armor: str | None = Field(default=None, min_length=1, max_length=30)
    """A key of the tables' armor [R]."""
    armor_magic: int | None = Field(default=None, ge=-5, le=10)
    """+N armor: DF +2.5 x N (PA-2); in PDF (R-19), never in GOAF/GODF."""
    misc: Misc | None = None
    # --- a monster
    monster: str | None = Field(default=None, min_length=1, max_length=40)
    """A key of the monster table (where its hit points dice come from), optional."""
    level: str | None = Field(default=None, min_length=1, max_length=10)
    """A level of the Monster Conversion Chart (AF), as printed: ``1-1``, ``1``, ``1+``, ``2``..``16``."""
    ac: int | None = Field(default=None, ge=-10, le=10)
    df_d20: int | None = Field(default=None, ge=1, le=20)
    """The d20 of the monster defense factor, rolled once."""
    hp: int | None = Field(default=None, ge=1, le=999)
    """Its MHP as rolled: with ``monster`` given, within the monster table's dice (a Kobold's 4+D4
    is 5 to 8) unless ``hp_off_table`` says otherwise (:func:`check_against`)."""
    hp_off_table: bool | None = None
    """``true``: the hit points are meant to lie off the monster table's dice (a chieftain, a
    runt); the text: "more play may prove wrong"."""
    strength: int | None = Field(default=None, ge=4, le=20)
    """Optional: its pummel, grapple and overbear factors and its damage adjustment read it
    (12 when not given, and then no damage adjustment) [D]."""
    agility: int | None = Field(default=None, ge=4, le=20)
    """Optional: its pummel, grapple and overbear factors read it (12 when not given) [D]."""
    dexterity: int | None = Field(default=None, ge=4, le=20)
    """Optional: its dexterity checks (critical and fumble rows) read it (12 when not given) [D]."""

    @field_validator("level", mode="before")
    @classmethod
    def _level_as_text(cls, value: Any) -> Any:
        """YAML reads ``level: 7`` as a number: take it as the level it spells (not yes/no)."""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return value

    @model_validator(mode="wrap")
    @classmethod
    def _every_problem(cls, data: Any, handler: Any) -> PafCard:
        """The fields' problems and the kind's (missing and foreign fields, weapons) together."""
        if not isinstance(data, dict):
            return handler(data)
        problems: list[str] = []
        card = None
        filled = dict(data)
        if data.get("kind") == "character":
            for key, value in CHARACTER_DEFAULTS.items():
                filled.setdefault(key, value)
        foreign = {"character": MONSTER_ONLY, "monster": CHARACTER_ONLY}.get(data.get("kind"), ())
        try:
            card = handler(filled)
        except ValidationError as exc:
            for err in exc.errors():
                if err["loc"] and err["loc"][0] in foreign:
                    continue  # said once below: the field does not belong to this kind
                problems += [f"{where}: {message}" for where, message in _explain(err)]
        problems += _kind_problems(data)
        if problems:
            raise ValueError("\n".join(problems))
        return card

    # --- reading the card ---------------------------------------------------------------

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"

    @property
    def helmed(self) -> bool:
        """PA-3: "helmed" (any helm but none)."""
        return self.helm != "none"

    def stat(self, name: str) -> int | None:
        """A stat by name: a character's, or one a monster card gives (``None`` if it does not)."""
        if self.stats is not None:
            return getattr(self.stats, name)
        return getattr(self, name) if name in MONSTER_STATS else None

    def score(self, name: str) -> int:
        """A stat as the rolls read it: a monster's missing stat is 12 [D]."""
        value = self.stat(name)
        return MONSTER_STAT if value is None else value

    @property
    def pounds(self) -> int:
        """The weight GOAF/GODF read: the card's, else a monster's by its size [D]."""
        return self.weight if self.weight is not None else MONSTER_WEIGHT[self.size]

    def sheet_lines(self, tables: Tables | dict[str, Any] | None = None) -> list[str]:
        """The card as plain text lines, for a card display; with ``tables`` (the scene's, or
        the plain data ``tables.load`` returns) its derived numbers too, each with its terms."""
        t = _tables(tables) if tables is not None else None
        lines: list[str] = []
        gear = [f"helm {self.helm}" if self.helmed else "no helm", "shield" if self.shield else "no shield"]
        if self.kind == "character":
            assert self.stats is not None
            lines.append(
                f"{self.race} character, combat level {self.combat_level}, {self.size}, "
                f'{self.weight} lbs, movement {self.movement}"'
            )
            lines.append(" ".join(f"{STAT_SHORT[s]} {getattr(self.stats, s)}" for s in STATS))
            armor = self.armor if self.armor != "none" else "no armor"
            if self.armor_magic:
                armor += f" {self.armor_magic:+d}"
            lines.append(f"natural d20 {self.natural_d20}; {armor}, " + ", ".join(gear))
            if self.misc is not None and (self.misc.hp or self.misc.attack or self.misc.defense):
                lines.append(
                    f"misc: hp {self.misc.hp:+d}, attack {self.misc.attack:+d}, defense {self.misc.defense:+d}"
                )
        else:
            what = f"monster ({self.monster})" if self.monster else "monster"
            weight = f"{self.weight} lbs" if self.weight is not None else f"{self.pounds} lbs (by size)"
            lines.append(f'{what}, level {self.level}, AC {self.ac}, {self.size}, {weight}, movement {self.movement}"')
            lines.append(f"hit points {self.hp}; defense d20 {self.df_d20}; " + ", ".join(gear))
            scores = " ".join(f"{STAT_SHORT[s]} {self.score(s)}" for s in MONSTER_STATS)
            missing = [STAT_SHORT[s] for s in MONSTER_STATS if self.stat(s) is None]
            lines.append(scores + (f" ({', '.join(missing)} not on the card: 12)" if missing else ""))
        for w in self.weapons:
            lines.append("weapon: " + _weapon_line(self, w, t))
        if t is not None:
            try:
                n = derived(self, t)
            except (LookupError, ValueError) as exc:
                lines.append(f"(numbers not derived: {exc})")
            else:
                lines.append(f"{n.mhp.text()}; dead at {n.dead_at}")
                lines.append(n.af.text() + ("" if self.is_monster else " (melee)"))
                if not self.is_monster:
                    for i, w in enumerate(self.weapons):
                        if is_missile(t, w.weapon):  # each its own: a bow takes no strength, a dagger does
                            lines.append(derived(self, t, weapon=i).af_missile.text() + f" ({w.weapon})")
                lines.append(n.df.text())
                for fig in (n.paf, n.pdf, n.goaf, n.godf):
                    if fig is not None:
                        lines.append(fig.text())
        if self.notes:
            lines.append(self.notes)
        return lines


# --- the numbers --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Numbers:
    """A card's derived numbers, each a :class:`rules.Figure` with its terms.

    Characters: as :class:`rules.Derived` (PA-1, PA-5, PA-7), DF with the shield [R].
    Monsters: MHP the card's hit points, AF from the chart (``af_missile`` the same), DF by
    the printed formula with the card's d20, dead at -10 (PA-5 option); PAF/PDF/GOAF/GODF by
    the printed formulas with the monster's stats, weight, LVL and ``(10 - AC) x 3`` for its
    armor bonus [D] (module docstring). ``None`` is kept for cards from elsewhere."""

    mhp: ps.Figure
    af: ps.Figure
    af_missile: ps.Figure
    df: ps.Figure
    paf: ps.Figure | None
    pdf: ps.Figure | None
    goaf: ps.Figure | None
    godf: ps.Figure | None
    dead_at: int
    figures: ClassVar[tuple[str, ...]] = ps.Derived.figures

    @property
    def parts(self) -> dict[str, tuple[ps.Part, ...]]:
        return {name: getattr(self, name).parts for name in self.figures if getattr(self, name) is not None}

    def to_json(self) -> dict[str, int | float | None]:
        out: dict[str, int | float | None] = {
            name: (None if getattr(self, name) is None else getattr(self, name).number()) for name in self.figures
        }
        out["dead_at"] = self.dead_at
        return out


def _tables(tables: Tables | dict[str, Any]) -> Tables:
    return tables if isinstance(tables, Tables) else pt.parse(tables)


def _entry(card: PafCard, weapon: int | str | None) -> CardWeapon | None:
    if weapon is None:
        return None
    if isinstance(weapon, int):
        return card.weapons[weapon]
    for w in card.weapons:
        if w.weapon == weapon:
            return w
    raise LookupError(f"{card.name} carries no {weapon!r} ({', '.join(w.weapon for w in card.weapons)})")


def is_melee(t: Tables, key: str) -> bool:
    """A weapon wielded in melee: a weapons-table row whose critical is not the missile table
    (arrows, quarrels, sling shot and darts are ammunition, R-10)."""
    row = t.weapons.get(key)
    return row is not None and row.critical != "missile"


def is_missile(t: Tables, key: str) -> bool:
    """A weapon shot or thrown: a row of the missiles table."""
    return key in t.missiles


def is_shot(t: Tables, key: str) -> bool:
    """PA-8: a missile weapon that shoots (sling, bow, crossbow), not thrown (:func:`tables.shoots`):
    its attack and damage take no strength unless its card says it was made for that strength
    (:func:`takes_strength`), and shooting never spends it."""
    return pt.shoots(t, key)


def takes_strength(t: Tables, w: CardWeapon) -> bool:
    """PA-8: the strength adjustments apply to this weapon's attack and damage: any weapon but one
    that shoots, and one that shoots when the card says it was made for that strength."""
    return not is_shot(t, w.weapon) or bool(w.made_for_strength)


def two_handed(t: Tables, key: str) -> bool:
    """PA-10: a weapon whose row says "Requires Two Hands": while it is used, a shield gives no defense.
    The bastard sword too: its row requires two hands, and the ruling wins over R-3's reading of its
    "As Bastard 1 Hand" (held in one hand, it does the same printed dice; docs/decisions.md)."""
    row = t.weapons.get(key)
    return row is not None and row.two_hands


def _magic(card: PafCard, t: Tables, chosen: CardWeapon | None, use: str) -> int:
    """The magic of the chosen weapon, else of the first melee (missile) weapon."""
    if chosen is not None:
        return chosen.magic
    test = is_melee if use == "melee" else is_missile
    return next((w.magic for w in card.weapons if test(t, w.weapon)), 0)


def character_of(card: PafCard, t: Tables, *, weapon_magic: int = 0) -> ps.Character:
    """What :func:`rules.derive` reads from a character card (armor bonus without the shield)."""
    if card.kind != "character" or card.stats is None:
        raise ValueError(f"{card.name} is a monster, not a character")
    misc = card.misc or Misc()
    s = card.stats
    return ps.Character(
        strength=s.strength,
        constitution=s.constitution,
        dexterity=s.dexterity,
        agility=s.agility,
        stamina=s.stamina,
        combat_level=card.combat_level or 0,
        natural_d20=card.natural_d20 or 10,
        race=card.race or "Human",
        armor_bonus=pt.armor_bonus(t, card.armor or "none"),
        armor_magic=card.armor_magic or 0,
        weapon_magic=weapon_magic,
        weight_lbs=card.weight or 150,
        hp_misc=misc.hp,
        attack_misc=-misc.attack,  # a bonus on the card lowers the chance to miss (PA-1 signs)
        defense_misc=misc.defense,
    )


def derived(
    card: PafCard,
    tables: Tables | dict[str, Any],
    *,
    weapon: int | str | None = None,
    monster_death: int = ps.MONSTER_DEATH,
) -> Numbers:
    """A card's numbers with the scene's tables.

    Args:
        card: a loaded card.
        tables: :class:`Tables` or the plain data ``tables.load`` returned.
        weapon: the weapon (index or key) whose magic the AF takes; ``None``: the melee AF
            takes the first melee weapon's (:func:`is_melee`), the missile AF the first
            missile weapon's (:func:`is_missile`), 0 if none.
        monster_death: where a monster dies (PA-5 option, -10).

    Raises:
        LookupError: a key the tables do not have (:func:`check_against` names them first).
    """
    t = _tables(tables)
    chosen = _entry(card, weapon)
    if card.kind == "monster":
        level = card.level or ""
        af = ps.monster_af(t, level, magic=_magic(card, t, chosen, "melee"))
        af_missile = ps.monster_af(t, level, magic=_magic(card, t, chosen, "missile"))
        df = ps.monster_df(ac=card.ac or 0, lvl=pt.monster_lvl(t, level), d20=card.df_d20 or 1)
        hp = ps.Figure("MHP", Fraction(card.hp or 0), (ps.Part("hit points as rolled", Fraction(card.hp or 0)),))
        lvl = pt.monster_lvl(t, level)
        armor = monster_armor_bonus(card.ac or 0)
        agility, strength, pounds = card.score("agility"), card.score("strength"), card.pounds
        return Numbers(
            hp,
            af,
            af_missile,
            df,
            ps.pummel_af(agility=agility, strength=strength, combat_level=lvl),
            ps.pummel_df(armor_bonus=armor, agility=agility, combat_level=lvl),
            ps.grapple_af(armor_bonus=armor, agility=agility, strength=strength, weight_lbs=pounds),
            ps.grapple_df(agility=agility, strength=strength, weight_lbs=pounds, armor_bonus=armor),
            ps.death_at(monster=True, monster_death=monster_death),
        )
    melee = ps.derive(t, character_of(card, t, weapon_magic=_magic(card, t, chosen, "melee")))
    missile = ps.derive(t, character_of(card, t, weapon_magic=_magic(card, t, chosen, "missile")))
    af_missile = missile.af_missile
    shooting = (
        chosen
        if chosen is not None and is_missile(t, chosen.weapon)
        else next((w for w in card.weapons if is_missile(t, w.weapon)), None)
    )
    if shooting is not None and not takes_strength(t, shooting):  # PA-8
        parts = tuple(p for p in af_missile.parts if not p.label.startswith("strength"))
        af_missile = ps.Figure("AF", sum((p.amount for p in parts), Fraction(0)), parts)
    df = melee.df
    if card.shield:
        bonus = Fraction(pt.shield_bonus(t))
        df = ps.Figure("DF", df.value + bonus, df.parts + (ps.Part("shield", bonus),))
    return Numbers(melee.mhp, melee.af, af_missile, df, melee.paf, melee.pdf, melee.goaf, melee.godf, melee.dead_at)


def monster_armor_bonus(ac: int) -> int:
    """[D] A monster's "Armor Bonus" for the non-lethal factors (PA-7): ``(10 - AC) x 3``, the AC
    term of the text's monster defense formula (AC 6: 12; a character's chain is 15 [R])."""
    return (10 - ac) * 3


def _weapon_line(card: PafCard, w: CardWeapon, t: Tables | None) -> str:
    shown = w.weapon + (f" {w.magic:+d}" if w.magic else "")
    extra = []
    if w.ammo is not None:
        extra.append(f"ammo {w.ammo}")
    if t is not None:
        strength = card.stat("strength")
        row = t.weapons.get(w.weapon)
        if row is not None and is_melee(t, w.weapon):
            dmg = (
                ps.damage_dice(t, w.weapon, "medium", strength)
                + " / large "
                + ps.damage_dice(t, w.weapon, "large", strength)
            )
            extra.append(f"melee {dmg}")
            if row.min_str is not None:
                extra.append(f"min str {row.min_str}")
            if two_handed(t, w.weapon):
                extra.append(
                    ("two hands (or one, same dice, R-3)" if row.one_hand else "two hands")
                    + (": no shield defense while used (PA-10)" if card.shield else "")
                )
        shot = t.missiles.get(w.weapon)
        if shot is not None and shot.ammunition in t.weapons:
            rate = shot.printed_rate or f"{ps.show(Fraction(shot.per_round).limit_denominator(10))}"
            thrown = not is_shot(t, w.weapon)
            strong = strength if takes_strength(t, w) else None  # PA-8: a shot weapon only if made for it
            medium, large = (ps.damage_dice(t, shot.ammunition, size, strong) for size in ("medium", "large"))
            if not thrown and w.made_for_strength:
                extra.append("made for its strength (PA-8)")
            extra.append(
                f"{'throws' if thrown else 'shoots ' + shot.ammunition} {medium} / large {large}, "
                f"{rate} a round, "
                f"range {ps.show(Fraction(shot.short).limit_denominator(10))}/"
                f"{ps.show(Fraction(shot.medium).limit_denominator(10))}/"
                f"{ps.show(Fraction(shot.long).limit_denominator(10))}"
            )
    return shown + (f" ({', '.join(extra)})" if extra else "")


# --- the checks ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _shipped() -> Tables | None:
    """The shipped tables, for the words of what is allowed (``None`` if broken: their own check says so)."""
    try:
        return pt.parse(pt.load(None))
    except TablesError:
        return None


def _keys(section: str) -> str:
    t = _shipped()
    if t is None:
        return "see rulesets/paf/tables.yaml"
    if section == "armor":
        return ", ".join(t.armor.suits)
    if section == "monster_levels":
        return ", ".join(r.level for r in t.monster_levels)
    if section == "weapons":
        return ", ".join(sorted(set(t.weapons) | set(t.missiles)))
    return ", ".join(getattr(t, section))


SPECIAL = {
    "race": lambda: f"a key of the tables' races ({_keys('races')})",
    "armor": lambda: f"a key of the tables' armor [R] ({_keys('armor')}); omitted: none",
    "weapon": lambda: f"a key of the tables' weapons or missiles ({_keys('weapons')})",
    "monster": lambda: f"a key of the tables' monsters ({_keys('monsters')}) (optional)",
    "level": lambda: (
        f'a level of the Monster Conversion Chart ({_keys("monster_levels")}); write "1-1" and "1+" in quotes'
    ),
    "stats": lambda: "all twelve stats, each a whole number from 4 to 20: " + ", ".join(STATS),
    "weapons": lambda: (
        f"a list of 1 to {MAX_WEAPONS} weapons, each {{weapon: KEY, magic: N, ammo: N (missiles), "
        "made_for_strength: true (a sling, bow or crossbow made for its wielder's strength)}"
    ),
    "misc": lambda: (
        "{hp: N, attack: N, defense: N} (whole numbers, each a bonus: attack 5 helps to hit, defense 5 "
        "makes him harder to hit; optional)"
    ),
}


def _model_at(loc: tuple[Any, ...]) -> tuple[type[BaseModel], str]:
    """The model holding the field at ``loc`` and the field's name."""
    names = [str(p) for p in loc if not isinstance(p, int)]
    if not names:
        return PafCard, ""
    if len(names) >= 2 and names[0] in ("stats", "misc", "weapons"):
        return {"stats": Stats, "misc": Misc, "weapons": CardWeapon}[names[0]], names[-1]
    return PafCard, names[-1]


def _allowed(model: type[BaseModel], name: str) -> str:
    if name in SPECIAL and (model is PafCard or name == "weapon"):
        return SPECIAL[name]()
    if name == "level":
        return SPECIAL["level"]()
    text = allowed(model, name)
    if model is PafCard and name in CHARACTER_REQUIRED + MONSTER_REQUIRED:
        text = text.replace(" (optional)", "")
    return text


def _explain(err: dict[str, Any]) -> list[tuple[str, str]]:
    """One pydantic error as (field, message): what was given and what is allowed."""
    loc = tuple(err["loc"])
    where = ".".join(str(p) for p in loc)
    model, name = _model_at(loc)
    kind = err["type"]
    got = err.get("input")
    if kind == "extra_forbidden":
        fields = (
            ", ".join(model.model_fields)
            if model is not PafCard
            else "common "
            + ", ".join(COMMON)
            + "; character "
            + ", ".join(CHARACTER_ONLY)
            + "; monster "
            + ", ".join(MONSTER_ONLY)
        )
        return [(where, f"unknown field; fields allowed: {fields}")]
    if kind == "missing":
        return [(where, "missing; " + _allowed(model, name))]
    shown = repr(got)
    if isinstance(got, bool):
        shown += " (YAML reads yes/no/on/off as true/false)"
    return [(where, f"{shown} is not allowed: " + _allowed(model, name))]


def _kind_problems(data: dict[str, Any]) -> list[str]:
    """Fields a kind must have or cannot have, and the weapons' consistency (raw data)."""
    out: list[str] = []
    kind = data.get("kind")
    if kind in KINDS:
        required, foreign = (
            (CHARACTER_REQUIRED, MONSTER_ONLY) if kind == "character" else (MONSTER_REQUIRED, CHARACTER_ONLY)
        )
        for name in required:
            if name not in data and name not in ("size", "weapons"):  # those the model reports missing
                out.append(f"{name}: missing; a {kind} needs it: {_allowed(PafCard, name)}")
        weight = data.get("weight")
        if (
            kind == "character"
            and isinstance(weight, int)
            and not isinstance(weight, bool)
            and weight > CHARACTER_WEIGHT_MAX
        ):
            out.append(
                f"weight: {weight} lbs is more than a character weighs: 10 to {CHARACTER_WEIGHT_MAX} "
                "(up to 20000 for a monster)"
            )
        for name in foreign:
            if name in data:
                other = "monster" if kind == "character" else "character"
                mine = CHARACTER_ONLY if kind == "character" else MONSTER_ONLY
                out.append(
                    f"{name}: a {other}'s field, not allowed on a {kind} ({kind} fields: {', '.join(COMMON + mine)})"
                )
    weapons = data.get("weapons") if isinstance(data.get("weapons"), list) else []
    shipped = _shipped()
    seen: dict[str, int] = {}
    for i, w in enumerate(weapons):
        if not isinstance(w, dict) or not isinstance(w.get("weapon"), str):
            continue
        key = w["weapon"]
        if key in seen:
            out.append(f"weapons.{i}.weapon: {key} is already weapons.{seen[key]}; list each weapon once")
        seen.setdefault(key, i)
        if (
            shipped is not None
            and key in shipped.weapons
            and key not in shipped.missiles
            and ("ammo" in w or "arrows" in w)
        ):
            out.append(_ammo_problem(i, key))
        if (
            shipped is not None
            and w.get("made_for_strength") is True
            and _known(shipped, key)
            and not is_shot(shipped, key)
        ):
            out.append(_made_for_problem(i, key))
    return out


def _known(t: Tables, key: str) -> bool:
    return key in t.weapons or key in t.missiles


def _made_for_problem(i: int, key: str) -> str:
    return (
        f"weapons.{i}.made_for_strength: {key} does not shoot: only a sling, bow or crossbow is made for a "
        "strength (PA-8); a thrown or melee weapon always takes its wielder's strength"
    )


def _ammo_problem(i: int, key: str) -> str:
    return (
        f"weapons.{i}.ammo: {key} is a melee weapon (no missiles row): ammo is for weapons shot "
        "or thrown (the tables' missiles)"
    )


def check_against(card: PafCard, tables: Tables | dict[str, Any]) -> list[str]:
    """A card's keys (race, armor, weapons, monster, level) against a scene's tables.

    Returns:
        Problems, each ``fighter NAME: FIELD: message`` with the keys allowed; [] if it fits.
    """
    t = _tables(tables)
    out = unknown_keys(card.model_dump(), t)
    for i, w in enumerate(card.weapons):
        if _known(t, w.weapon):
            if w.ammo is not None and w.weapon not in t.missiles:
                out.append(_ammo_problem(i, w.weapon))
            if w.made_for_strength and not is_shot(t, w.weapon):
                out.append(_made_for_problem(i, w.weapon))
            out += _strength_problems(card, t, i, w)
    out += _hp_problems(card, t)
    return [f"fighter {card.name}: {line}" for line in out]


def unknown_keys(entry: dict[str, Any], tables: Tables | dict[str, Any]) -> list[str]:
    """The race, armor, monster, level and weapons a card names, as written (checked or not), that
    the tables lack: ``FIELD: message`` lines with the keys allowed; [] if the tables have them all.
    A card with other problems is checked so too, so that every problem is said at once."""
    t = _tables(tables)
    out: list[str] = []
    race, armor, monster, level = (entry.get(key) for key in ("race", "armor", "monster", "level"))
    if isinstance(race, str) and race not in t.races:
        out.append(f"race: {race!r} is not a race of the tables (races: {', '.join(t.races)})")
    if isinstance(armor, str) and armor not in t.armor.suits:
        out.append(f"armor: {armor!r} is not an armor of the tables (armor: {', '.join(t.armor.suits)})")
    if isinstance(monster, str) and monster not in t.monsters:
        out.append(f"monster: {monster!r} is not a monster of the tables (monsters: {', '.join(t.monsters)})")
    levels = [r.level for r in t.monster_levels]
    if isinstance(level, str) and level not in levels:
        out.append(f"level: {level!r} is not a level of the Monster Conversion Chart (levels: {', '.join(levels)})")
    known = sorted(set(t.weapons) | set(t.missiles))
    weapons = entry.get("weapons")
    for i, w in enumerate(weapons if isinstance(weapons, list) else []):
        key = w.get("weapon") if isinstance(w, dict) else None
        if isinstance(key, str) and not _known(t, key):
            out.append(
                f"weapons.{i}.weapon: {key!r} is not a weapon of the tables (weapons and missiles: {'; '.join(known)})"
            )
    return out


def _strength_problems(card: PafCard, t: Tables, i: int, w: CardWeapon) -> list[str]:
    """PA-10: a weapon whose Min. Str is above the wielder's strength is refused, naming both."""
    row = t.weapons.get(w.weapon)
    if row is None or row.min_str is None or not is_melee(t, w.weapon):
        return []
    strength = card.score("strength")
    if strength >= row.min_str:
        return []
    whose = f"strength {strength}" + (" (12: the card gives no strength)" if card.stat("strength") is None else "")
    return [
        f"weapons.{i}.weapon: {w.weapon} needs strength {row.min_str} (Min. Str, PA-10); {card.name} has {whose}: "
        f"choose a weapon of min. str {strength} or less, or give the card the strength"
    ]


def _hp_problems(card: PafCard, t: Tables) -> list[str]:
    """A monster's hit points against its monster table's dice (a Kobold's 4+D4 is 5 to 8), unless the
    card says they are meant to lie off them (``hp_off_table: true``)."""
    if card.kind != "monster" or card.monster is None or card.hp is None or card.hp_off_table:
        return []
    row = t.monsters.get(card.monster)
    if row is None:
        return []
    low, high = pt.dice_range(row.mhp)
    if low <= card.hp <= high:
        return []
    printed = row.printed or row.mhp
    return [
        f"hp: {card.hp} is off the monster table's {printed} for a {card.monster} ({low} to {high}); "
        "roll it on those dice, or say hp_off_table: true if it is meant"
    ]


def roster_problems(roster: Roster, tables: Tables | dict[str, Any]) -> list[Problem]:
    """:func:`check_against` for every card of a loaded roster, as problems naming the file
    (the card's source), the fighter, the field and the keys allowed."""
    return problems_against(roster.cards, roster.source, lambda card: check_against(card, tables))


# --- writing a card back ---------------------------------------------------------------------


def to_yaml_entry(card: PafCard) -> dict[str, Any]:
    """The card as the plain mapping a card file lists under ``fighters:`` (loads back equal).

    Fields of the other kind and unset optional fields are left out; a missile's ``ammo``
    only when counted."""
    return card.model_dump(mode="python", exclude_none=True)


def cards_yaml(cards: list[PafCard]) -> str:
    """A whole card file (``game: paf``) holding ``cards``, for ``<data dir>/fighters/paf_*.yaml``."""
    return yaml.safe_dump(
        {"game": "paf", "fighters": [to_yaml_entry(c) for c in cards]},
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )
