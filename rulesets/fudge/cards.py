"""Simultaneous Combat for Fudge: character sheets (``fighters/fudge.yaml``; design section 3).

A sheet gives the character's skills, Dodge, Strength and Health as ladder
words (FU-1; held as int levels, see :mod:`rulesets.fudge.rules`), his scale,
the weapons he carries (each a key of the tables' weapons, with the skill it
is used with), his armor, combat experience, gifts and Hurt boxes (FU-4: the
sheet may add Hurt boxes).

The card checks itself: every weapon's skill is one of its skills; bows and
crossbows give their own Strength; rounds only on guns, spare loads only on
ranged weapons. Those kind checks use the shipped tables for the keys they
know; a key they do not know may come from a GM's own tables, so
:func:`check_against` checks weapon and armor keys (and the kinds again)
against the scene's tables when a scene starts. Every problem is reported at
once, one ``field: message`` a line, which ``companion.cards`` turns into
problems naming the file, the fighter, the field and what is allowed.
"""

from __future__ import annotations

import difflib
import functools
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from companion.cards import allowed
from companion.rulesets.fudge.rules import ALLOWED, LADDER_ERROR, POOR, Level, is_ladder, ladder_name, ladder_show
from companion.rulesets.fudge.tables import Key, Tables, TablesError, parse

EXPERIENCE = ("green", "fair", "veteran")
"""Combat experience (text: "Combat Experience")."""
GIFTS = ("high-pain-threshold", "low-pain-threshold")
"""The gifts that change a roll here (wound penalties, design 6.2); a sheet may list any other gift
by its key (a Veteran's after seeing the elephant, FU-8: ``combat-reflexes``), kept and shown."""
KNOWN_GIFTS = GIFTS + ("combat-reflexes", "danger-sense", "hard-to-kill", "rapid-healing", "tough-hide", "ambidextrous")
"""Gifts spelled as this app spells them: a key a letter or two from one of these is a typo."""
WOUND_LEVELS = ("scratch", "hurt", "very_hurt", "incapacitated", "near_death")
"""The wound boxes a sheet may carry marked into a scene (FU-4): 3 Scratch, its Hurt boxes, one of each worse."""
MOST_HURT_BOXES = 20
"""Hurt boxes a sheet may have ("any number", issue 17; the wound panel shows up to this many)."""
ROUNDS = ("standard", "ap", "sp", "hp")
"""Bullets (text: armor piercing, soft-point, hollow-point); a gun without ``rounds`` fires standard."""
SETTINGS = ("primitive", "modern")

SkillName = Annotated[str, StringConstraints(min_length=1, max_length=30)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CardWeapon(_Strict):
    """One weapon carried: a key of the tables' weapons and the skill it is used with."""

    weapon: Key
    skill: SkillName
    """A key of the sheet's ``skills``."""
    two_handed: bool = False
    """Melee and thrown: held in both hands, +1 effective Strength to wield it (not for damage)."""
    strength: Level | None = None
    """Bows and crossbows only (required for them): the weapon's own Strength."""
    reloads: int | None = Field(default=None, ge=0, le=999)
    """Ranged only: spare loads (arrows, magazines, knives); omitted: unlimited."""
    rounds: Literal[ROUNDS] | None = None  # type: ignore[valid-type]
    """Guns only; omitted: standard."""


class FudgeCard(_Strict):
    """A Fudge character sheet (design section 3). Ladder fields hold int levels."""

    name: str = Field(min_length=1, max_length=60)
    setting: Literal[SETTINGS]  # type: ignore[valid-type]
    """For the roster list: primitive or modern."""
    skills: dict[SkillName, Level] = {}
    dodge: Level
    strength: Level
    health: Level
    scale: int = Field(default=0, ge=-10, le=30)
    """Humans 0 (text: a Tyrannosaurus Rex is scale 10)."""
    weapons: list[CardWeapon] = Field(min_length=1, max_length=8)
    armor: Key | None = None
    """A key of the tables' armor; omitted: none."""
    experience: Literal[EXPERIENCE] = "veteran"  # type: ignore[valid-type]
    gifts: list[Key] = []
    """Gifts by key: ``high-pain-threshold`` and ``low-pain-threshold`` change the wound penalties;
    any other (``combat-reflexes``) is kept on the sheet."""
    hurt_boxes: int = Field(default=1, ge=1, le=MOST_HURT_BOXES)
    """FU-4: 1 Hurt box, the sheet may add any number (up to 20 here)."""
    wounds: dict[Literal[WOUND_LEVELS], int] = {}  # type: ignore[valid-type]
    """Boxes marked from earlier scenes, by level (``{hurt: 1, scratch: 2}``): the scene starts with
    them (written back after a scene on request, issue 17)."""
    dead: bool = False
    """Died in an earlier scene (a wound with no box left, FU-4), written back with his wounds: he
    comes into a scene dead, as his wounds would bring him in out, and fights no more."""
    notes: str | None = None

    @model_validator(mode="wrap")
    @classmethod
    def _every_problem(cls, data: Any, handler: Any) -> FudgeCard:
        """Report the fields' problems and the sheet's consistency problems together."""
        if not isinstance(data, dict):
            return handler(data)
        problems: list[str] = []
        card = None
        try:
            card = handler(data)
        except ValidationError as exc:
            for err in exc.errors():
                problems += [f"{where}: {message}" for where, message in _explain(err)]
        problems += _sheet_problems(data)
        if problems:
            raise ValueError("\n".join(problems))
        return card

    def skill_level(self, skill: str) -> int:
        """The level of ``skill``; Poor if the sheet lacks it (standard Fudge default)."""
        return self.skills.get(skill, POOR)

    def sheet_lines(self) -> list[str]:
        """The sheet as plain text lines, for a card display."""
        kinds = _shipped()
        head = [self.setting, f"scale {self.scale}", f"{self.experience} combat experience"]
        if self.hurt_boxes > 1:
            head.append(f"{self.hurt_boxes} Hurt boxes")
        lines = [", ".join(head)]
        if self.dead:
            lines.append("dead (died in an earlier scene)")
        if self.wounds:
            lines.append(
                "wounds carried: "
                + ", ".join(f"{n} {level.replace('_', ' ')}" for level, n in self.wounds.items() if n)
            )
        lines.append(
            f"Dodge {ladder_show(self.dodge)}, Strength {ladder_show(self.strength)}, Health {ladder_show(self.health)}"
        )
        if self.skills:
            lines.append("skills: " + ", ".join(f"{name} {ladder_show(level)}" for name, level in self.skills.items()))
        for w in self.weapons:
            shown = kinds.weapons[w.weapon].name if w.weapon in kinds.weapons else w.weapon
            extra = [f"{w.skill} {ladder_name(self.skill_level(w.skill))}"]
            if w.two_handed:
                extra.append("two-handed")
            if w.strength is not None:
                extra.append(f"Strength {ladder_name(w.strength)}")
            if w.rounds not in (None, "standard"):
                extra.append(f"{w.rounds.upper()} rounds")
            if w.reloads is not None:
                extra.append(f"{w.reloads} reloads")
            lines.append(f"weapon: {shown} ({', '.join(extra)})")
        if self.armor is not None:
            lines.append("armor: " + (kinds.armors[self.armor].name if self.armor in kinds.armors else self.armor))
        if self.gifts:
            lines.append("gifts: " + ", ".join(g.replace("-", " ") for g in self.gifts))
        if self.notes:
            lines.append(self.notes)
        return lines


# --- the checks -------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _shipped() -> Tables:
    """The shipped tables, for the kinds of the keys they know (empty-handed if they are broken:
    the tables' own check reports that)."""
    from companion.rulesets.fudge.tables import load

    try:
        return parse(load(None))
    except TablesError:
        return Tables.model_construct(weapons={}, armors={})


def _explain(err: dict[str, Any]) -> list[tuple[str, str]]:
    """One pydantic error as (field, message): what was given and what is allowed."""
    loc = err["loc"]
    where = ".".join(str(p) for p in loc if p != "[key]")
    kind = err["type"]
    got = err.get("input")
    model: type[BaseModel] = CardWeapon if loc and loc[0] == "weapons" and len(loc) >= 3 else FudgeCard
    if loc and loc[0] == "gifts" and len(loc) == 2:
        return [
            (
                where,
                f"{got!r} is not allowed: a gift is a key, lowercase words joined by '-' "
                f"(like {', '.join(KNOWN_GIFTS[:3])})",
            )
        ]
    if loc and loc[0] == "wounds":
        if "[key]" in loc or kind == "literal_error":
            return [("wounds", f"{got!r} is not a wound level: one of {', '.join(WOUND_LEVELS)}")]
        return [(where, f"{got!r} is not allowed: the count of marked boxes, a whole number")]
    name = str(loc[-1]) if loc and not isinstance(loc[-1], int) else (str(loc[0]) if loc else "")
    if kind == LADDER_ERROR:
        return [(where, err["msg"])]
    if "[key]" in loc:
        return [
            (
                str(loc[0]),
                f"{got!r} is not allowed as a skill name: text of 1 to 30 characters"
                + (" (YAML reads no/yes/on/off as false/true: quote it)" if isinstance(got, bool) else ""),
            )
        ]
    if kind == "extra_forbidden":
        return [(where, "unknown field; fields allowed: " + ", ".join(model.model_fields))]
    shown = repr(got)
    if isinstance(got, bool):
        shown += " (YAML reads no/yes/on/off as false/true)"
    if kind == "missing":
        return [(where, "missing; " + _allowed(model, name))]
    return [(where, f"{shown} is not allowed: " + _allowed(model, name))]


def _allowed(model: type[BaseModel], name: str) -> str:
    """What a field allows, in words (companion.cards' words, with this game's own types)."""
    special = {
        "skills": "a mapping of skill name to ladder word, e.g. {Sword: Great, Brawling: Fair}",
        "gifts": "a list of gift keys, e.g. [high-pain-threshold, combat-reflexes]",
        "wounds": "a mapping of wound level to boxes marked, e.g. {hurt: 1, scratch: 2}",
        "weapons": "a list of 1 to 8 weapons, each {weapon: KEY, skill: SKILL, ...}",
        "weapon": "a key of the tables' weapons (lowercase words joined by '-', like 'short-sword')",
        "armor": "a key of the tables' armor (lowercase words joined by '-', like 'kevlar-ii') (optional)",
    }
    if name in special:
        return special[name]
    info = model.model_fields.get(name)
    if info is not None and is_ladder(info.metadata):
        # a ladder field is held as an int level but written as a word (FU-1): say the words
        return f"a ladder word: {ALLOWED}" + (" (optional)" if not info.is_required() else "")
    return allowed(model, name)


def _kind_problems(i: int, key: str, kind: str, w: dict[str, Any]) -> list[str]:
    """A carried weapon's fields that do not fit its kind (``w``: the entry's fields as given)."""
    out = []
    where = f"weapons.{i}"
    if kind in ("bow", "crossbow") and w.get("strength") is None:
        out.append(f"{where}.strength: {key} is a {kind}: give its own Strength (a ladder word, e.g. Good)")
    if kind not in ("bow", "crossbow") and w.get("strength") is not None:
        out.append(f"{where}.strength: {key} is a {kind} weapon: only bows and crossbows have a Strength of their own")
    if kind != "gun" and w.get("rounds") is not None:
        out.append(f"{where}.rounds: {key} is a {kind} weapon: rounds ({', '.join(ROUNDS)}) are for guns only")
    if kind == "melee" and w.get("reloads") is not None:
        out.append(
            f"{where}.reloads: {key} is a melee weapon: reloads are spare loads for ranged weapons "
            "(thrown, bow, crossbow, gun)"
        )
    if kind in ("bow", "crossbow", "gun") and w.get("two_handed"):
        out.append(
            f"{where}.two_handed: {key} is a {kind}: two_handed is for melee and thrown weapons "
            "(+1 Strength to wield them)"
        )
    return out


def _sheet_problems(data: dict[str, Any]) -> list[str]:
    """The sheet's consistency, read from the raw data so it is reported with the fields' problems."""
    out: list[str] = []
    skills = data.get("skills") if isinstance(data.get("skills"), dict) else {}
    names = [s for s in skills if isinstance(s, str)]
    weapons = data.get("weapons") if isinstance(data.get("weapons"), list) else []
    shipped = _shipped()
    seen: dict[str, int] = {}
    for i, w in enumerate(weapons):
        if not isinstance(w, dict):
            continue
        skill = w.get("skill")
        if isinstance(skill, str) and skill not in skills:
            have = f"skills: {', '.join(names)}" if names else "this sheet has no skills: add it under skills"
            out.append(f"weapons.{i}.skill: {skill!r} is not one of this sheet's skills ({have})")
        key = w.get("weapon")
        if not isinstance(key, str):
            continue
        if key in seen:
            out.append(f"weapons.{i}.weapon: {key} is already weapons.{seen[key]}; list each weapon once")
        seen.setdefault(key, i)
        if key in shipped.weapons:  # unknown keys wait for the scene's tables (check_against)
            out += _kind_problems(i, key, shipped.weapons[key].kind, w)
    gifts = data.get("gifts") if isinstance(data.get("gifts"), list) else []
    if "high-pain-threshold" in gifts and "low-pain-threshold" in gifts:
        out.append("gifts: high-pain-threshold and low-pain-threshold cannot both be taken")
    for gift in sorted({g for g in gifts if isinstance(g, str) and gifts.count(g) > 1}):
        out.append(f"gifts: {gift} is listed twice")
    for gift in gifts:
        if isinstance(gift, str) and gift not in KNOWN_GIFTS:
            close = difflib.get_close_matches(gift, KNOWN_GIFTS, n=1, cutoff=0.85)
            if close:
                out.append(f"gifts: {gift!r} is not {close[0]!r}: spell it so, or name a gift of your own")
    wounds = data.get("wounds") if isinstance(data.get("wounds"), dict) else {}
    hurt = data.get("hurt_boxes", 1)
    room = {"scratch": 3, "hurt": hurt if isinstance(hurt, int) else 1, "very_hurt": 1}
    for level, n in wounds.items():
        most = room.get(level, 1)
        if isinstance(n, int) and not isinstance(n, bool) and not 0 <= n <= most:
            out.append(f"wounds.{level}: {n} is not allowed: 0 to {most} (the sheet's {level.replace('_', ' ')} boxes)")
    return out


def check_against(card: FudgeCard, tables: Tables | dict[str, Any]) -> list[str]:
    """A sheet's weapon and armor keys (and the weapons' kinds) against a scene's tables.

    Args:
        card: a checked sheet.
        tables: the scene's tables (:class:`Tables`, or the plain data ``load`` returned).

    Returns:
        Problems, each ``fighter NAME: FIELD: message`` with the keys allowed; [] if it fits.
    """
    t = tables if isinstance(tables, Tables) else parse(tables)
    out = unknown_keys(card.model_dump(), t)
    for i, w in enumerate(card.weapons):
        weapon = t.weapons.get(w.weapon)
        if weapon is not None:
            out += _kind_problems(i, w.weapon, weapon.kind, w.model_dump())
    return [f"fighter {card.name}: {line}" for line in out]


def unknown_keys(entry: dict[str, Any], tables: Tables | dict[str, Any]) -> list[str]:
    """The weapons and armor a sheet names, as written (checked or not), that the tables lack:
    ``FIELD: message`` lines with the keys allowed; [] if the tables have them all. A sheet with
    other problems is checked so too, so that every problem is said at once."""
    t = tables if isinstance(tables, Tables) else parse(tables)
    out: list[str] = []
    weapons = entry.get("weapons")
    for i, w in enumerate(weapons if isinstance(weapons, list) else []):
        key = w.get("weapon") if isinstance(w, dict) else None
        if isinstance(key, str) and key not in t.weapons:
            out.append(f"weapons.{i}.weapon: {key!r} is not a weapon of the tables (weapons: {', '.join(t.weapons)})")
    armor = entry.get("armor")
    if isinstance(armor, str) and armor not in t.armors:
        out.append(f"armor: {armor!r} is not an armor of the tables (armor: {', '.join(t.armors)})")
    return out
