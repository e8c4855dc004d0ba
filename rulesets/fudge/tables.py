"""Simultaneous Combat for Fudge: the tables as data, and the check that refuses a bad table file.

The text names a weapon base damage table, armor DR tables, a hit location
table and a scale table but never prints them (ruling FU-5); its damage results
table is missing too and ruling FU-3 reconstructs it. ``tables.yaml`` beside
this module holds those tables: the numbers the text states (FU-3's damage
results, leather PD 1, plate PD 2, scale +10 -> -2 to hit and +5 damage, the
guns' minimum Strength, the reload turns) and THE PROJECT'S RECONSTRUCTION of
the rest, labelled so in its header (docs/fudge_design.md section 4).

A GM replaces any section with their own by putting a file with those sections
in ``<data dir>/tables/fudge.yaml``: each section given there replaces the
shipped one whole, and the merged tables are checked here, every problem
reported at once with the file and the section/key, before a scene starts.

The engine's entry points: :func:`load` (checked tables as plain JSON-able data,
stored with the fight like Cage Match's ``Setup.tables``), :func:`parse` (that
data back into a :class:`Tables`), and the helpers on :class:`Tables`.
Ladder fields hold int levels (see :mod:`rulesets.fudge.rules`).
"""

from __future__ import annotations

import itertools
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from companion.rulesets.fudge.rules import Level, ladder_name
from companion.tables import TablesError as TablesError
from companion.tables import TablesFile

SHIPPED = Path(__file__).with_name("tables.yaml")

WOUNDS = ("none", "scratch", "hurt", "very_hurt", "incapacitated", "near_death")
"""The standard Fudge wound levels, least first (FU-4); ``none`` is no wound."""
KINDS = ("melee", "thrown", "bow", "crossbow", "gun")
RANGED = ("thrown", "bow", "crossbow", "gun")
"""Kinds that are loaded, fired and reloaded (text: "Reloading Weapons")."""
GUN_CLASSES = ("small-pistol", "small-rifle", "large-pistol", "smg", "rifle", "big")
"""The text's firearm classes for minimum Strength ("Minimum Strength to Use Weapons")."""
BULLETS = ("pistol", "smg", "rifle")
"""What kevlar is rated against: pistol rounds, SMG (-1dF), rifle (-2dF)."""
RELOADS = ("standard", "integral", "revolver-simultaneous", "revolver-single", "black-powder")
FIRE = ("single", "semi", "auto", "auto-cutoff")
ARMOR_KINDS = ("primitive", "kevlar")
SETTINGS = ("primitive", "modern")

KEY = r"^[a-z0-9]+(-[a-z0-9]+)*$"
Key = Annotated[str, StringConstraints(pattern=KEY, min_length=1, max_length=30)]
"""A table key: lowercase words joined by '-' (``short-sword``); what cards name."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class DamageRow(_Strict):
    """One row of the damage results (FU-3): a damage degree at least ``at_least`` gives ``wound``."""

    at_least: Level
    wound: Literal[WOUNDS]  # type: ignore[valid-type]


class Weapon(_Strict):
    """A weapon of the base damage tables [R]: its kind, base damage and how it is loaded."""

    name: str = Field(min_length=1, max_length=60)
    kind: Literal[KINDS]  # type: ignore[valid-type]
    bd: int = Field(ge=-10, le=20)
    """Base damage: the damage roll is BD + dF, read on the ladder (FU-3)."""
    setting: Literal[SETTINGS]  # type: ignore[valid-type]
    min_strength: Level | None = None
    """Melee and thrown only: Strength needed to wield it one-handed (bows and
    crossbows have their own Strength on the sheet; guns go by ``gun_class``)."""
    gun_class: Literal[GUN_CLASSES] | None = None  # type: ignore[valid-type]
    bullet: Literal[BULLETS] | None = None  # type: ignore[valid-type]
    small_caliber: bool = False
    """Small-caliber pistols only: primitive armor's DR still counts against it (text: "effective
    against small-caliber pistols ... it can be safely ignored by anything larger, such as magnum
    revolvers, submachine guns and rifles")."""
    capacity: int | None = Field(default=None, ge=1, le=200)
    """Ranged: shots loaded at once (1 for bows, crossbows, thrown weapons)."""
    reload: Literal[RELOADS] | None = None  # type: ignore[valid-type]
    reload_turns: int | None = Field(default=None, ge=5, le=20)
    """Black powder only: the text's 5 to 20 turns, by the gun's period."""
    fire: Literal[FIRE] | None = None  # type: ignore[valid-type]
    automatic_pistol: bool = False
    """Three trigger pulls make its all-out attack (text: "All-out Attack")."""
    note: str | None = None

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Weapon:
        problems = []
        gun_only = ("gun_class", "bullet", "fire")
        if self.kind in ("melee", "thrown") and self.min_strength is None:
            problems.append(f"min_strength: a {self.kind} weapon needs its minimum Strength (a ladder word)")
        if self.kind not in ("melee", "thrown") and self.min_strength is not None:
            problems.append(
                f"min_strength: only for melee and thrown weapons (a {self.kind} goes by "
                + ("its gun_class" if self.kind == "gun" else "the Strength on the sheet")
                + ")"
            )
        if self.kind == "gun":
            for name in gun_only:
                if getattr(self, name) is None:
                    problems.append(f"{name}: a gun needs it")
            if self.small_caliber and self.gun_class not in (None, "small-pistol"):
                problems.append(
                    f"small_caliber: only a small-caliber pistol (gun_class small-pistol) is one; a {self.gun_class} "
                    "is larger, and primitive armor does not count against it (text)"
                )
        else:
            for name in gun_only:
                if getattr(self, name) is not None:
                    problems.append(f"{name}: only for guns")
            for name in ("small_caliber", "automatic_pistol"):
                if getattr(self, name):
                    problems.append(f"{name}: only for guns")
        if self.kind in RANGED:
            for name in ("capacity", "reload"):
                if getattr(self, name) is None:
                    problems.append(f"{name}: a {self.kind} weapon needs it")
            if self.kind != "gun" and self.capacity not in (None, 1):
                problems.append(f"capacity: a {self.kind} holds 1")
            if self.kind != "gun" and self.reload not in (None, "standard"):
                problems.append(
                    f"reload: a {self.kind} reloads 'standard' (crossbows by the reload_turns' crossbow row)"
                )
        else:
            for name in ("capacity", "reload"):
                if getattr(self, name) is not None:
                    problems.append(f"{name}: a melee weapon is not loaded")
        if (self.reload == "black-powder") != (self.reload_turns is not None):
            problems.append("reload_turns: give it (5 to 20) exactly when reload is black-powder")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Armor(_Strict):
    """An armor of the DR tables [R]; the text binds leather PD 1 and plate PD 2."""

    name: str = Field(min_length=1, max_length=60)
    kind: Literal[ARMOR_KINDS]  # type: ignore[valid-type]
    dr: int = Field(ge=0, le=6)
    pd: int = Field(ge=0, le=4)
    stop_dice: int | None = Field(default=None, ge=0, le=6)
    """Kevlar only: dF rolled to stop a pistol round (the text's "dF" column)."""
    setting: Literal[SETTINGS] | None = None  # type: ignore[valid-type]
    note: str | None = None

    @model_validator(mode="after")
    def _fits_its_kind(self) -> Armor:
        if self.kind == "kevlar" and self.stop_dice is None:
            raise ValueError("stop_dice: kevlar needs its stopping dice (I 1, II 2, III 3)")
        if self.kind != "kevlar" and self.stop_dice is not None:
            raise ValueError("stop_dice: only kevlar rolls to stop a bullet")
        return self


class HitLocation(_Strict):
    """A row of the hit location table [R] (maneuver "Hit Location"; the text caps it at +/-3)."""

    name: str = Field(min_length=1, max_length=60)
    attack: int = Field(ge=-3, le=0)
    damage: int = Field(ge=-3, le=3)
    bypasses_armor: bool = False
    note: str | None = None


class ScaleRow(_Strict):
    """Attack and damage modifiers for the attacker's scale minus the defender's [R; +10 text]."""

    difference: int = Field(ge=-40, le=40)
    attack: int = Field(ge=-10, le=10)
    damage: int = Field(ge=-20, le=20)


class ReloadTurns(_Strict):
    """Turns to reload (text: "Reloading Weapons"); black powder is the weapon's own ``reload_turns``."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    standard: int = Field(ge=1, le=30)
    integral: int = Field(ge=1, le=30)
    revolver_simultaneous: int = Field(alias="revolver-simultaneous", ge=1, le=30)
    revolver_single: int = Field(alias="revolver-single", ge=1, le=30)
    crossbow: list[int] = Field(min_length=1, max_length=6)
    """Turns by how many levels the user's Strength is below the crossbow's: 0, 1, 2 ...;
    further below, he cannot reload it (text: 1 turn, 2, 6 with a goat's foot)."""

    def of(self, reload: str) -> int | None:
        """Turns for a ``reload`` kind; None for black powder (the weapon's own turns)."""
        return {
            "standard": self.standard,
            "integral": self.integral,
            "revolver-simultaneous": self.revolver_simultaneous,
            "revolver-single": self.revolver_single,
        }.get(reload)


class Tables(_Strict):
    """The whole table file (``tables.yaml``), checked.

    The ``armor`` section is the attribute ``armors`` (``armor(key)`` is the helper
    that returns one); everywhere else the attribute is the section's name.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    damage_results: list[DamageRow] = Field(min_length=1, max_length=20)
    """Read top-down: the first row whose ``at_least`` the degree reaches; below the last: no wound."""
    weapons: dict[Key, Weapon] = Field(min_length=1)
    armors: dict[Key, Armor] = Field(alias="armor")
    hit_locations: dict[Key, HitLocation] = Field(min_length=1)
    scale: list[ScaleRow] = Field(min_length=1, max_length=81)
    reload_turns: ReloadTurns
    gun_strength: dict[Literal[GUN_CLASSES], Level]  # type: ignore[valid-type]

    def wound_for(self, degree: int) -> str:
        """The wound of a damage ``degree`` (after DR), read on ``damage_results`` (FU-3): ``very_hurt``."""
        for row in self.damage_results:
            if degree >= row.at_least:
                return row.wound
        return "none"

    def scale_mods(self, difference: int) -> tuple[int, int]:
        """(attack, damage) modifiers for the attacker's scale minus the defender's; beyond the
        table's ends, its end rows."""
        low, high, by_difference = self._scale_rows
        return by_difference[max(low, min(high, difference))]

    @cached_property
    def _scale_rows(self) -> tuple[int, int, dict[int, tuple[int, int]]]:
        """The scale rows' ends and each row's (attack, damage) by its difference: read at every
        roll and damage roll with ``scale``, so worked out once (the tables are frozen; kept in
        the model's ``__dict__``, not a field: equality and the dump are the fields alone)."""
        rows = sorted(self.scale, key=lambda r: r.difference)
        by_difference: dict[int, tuple[int, int]] = {}
        for row in rows:  # the first row of a difference, as a search of the sorted rows finds it
            by_difference.setdefault(row.difference, (row.attack, row.damage))
        return rows[0].difference, rows[-1].difference, by_difference

    def weapon(self, key: str) -> Weapon:
        """The weapon ``key``; KeyError naming the keys there are."""
        try:
            return self.weapons[key]
        except KeyError:
            raise KeyError(f"{key!r} is not a weapon of the tables (weapons: {', '.join(self.weapons)})") from None

    def armor(self, key: str) -> Armor:
        """The armor ``key``; KeyError naming the keys there are."""
        try:
            return self.armors[key]
        except KeyError:
            raise KeyError(f"{key!r} is not an armor of the tables (armor: {', '.join(self.armors)})") from None

    def min_strength(self, key: str) -> int | None:
        """The weapon's minimum Strength: its own (melee, thrown), its gun class's (guns,
        text); None for bows and crossbows (the sheet gives the weapon's Strength)."""
        w = self.weapon(key)
        if w.kind == "gun":
            return self.gun_strength[w.gun_class]
        return w.min_strength

    def reload_turns_for(self, key: str, short: int = 0) -> int | None:
        """Turns to reload the weapon ``key``; None when it cannot be reloaded.

        Args:
            key: a weapon key (a melee weapon is never reloaded: None).
            short: crossbows only: levels the user's Strength is below the crossbow's.
        """
        w = self.weapon(key)
        if w.kind == "melee":
            return None
        if w.kind == "crossbow":
            row = self.reload_turns.crossbow
            return row[max(0, short)] if max(0, short) < len(row) else None
        if w.reload == "black-powder":
            return w.reload_turns
        return self.reload_turns.of(w.reload or "standard")

    # Each section checks its own rows, so its problems come with every other section's.

    @field_validator("damage_results")
    @classmethod
    def _read_top_down(cls, rows: list[DamageRow]) -> list[DamageRow]:
        out = []
        for i, (above, row) in enumerate(itertools.pairwise(rows), start=1):
            if row.at_least >= above.at_least:
                out.append(
                    f"{i}.at_least: {ladder_name(row.at_least)} is not below the row above "
                    f"({ladder_name(above.at_least)}); rows are read top-down, highest first"
                )
            elif WOUNDS.index(row.wound) > WOUNDS.index(above.wound):
                out.append(f"{i}.wound: {row.wound} is worse than the row above ({above.wound}) for less damage")
        return _refuse(out, rows)

    @field_validator("hit_locations")
    @classmethod
    def _torso(cls, rows: dict[str, HitLocation]) -> dict[str, HitLocation]:
        torso = rows.get("torso")
        if torso is None:
            return _refuse(["torso: missing (the text: every hit is to the torso unless a location is named)"], rows)
        if (torso.attack, torso.damage, torso.bypasses_armor) != (0, 0, False):
            return _refuse(["torso: the text's plain hit: attack 0, damage 0, armor counts"], rows)
        return rows

    @field_validator("scale")
    @classmethod
    def _every_difference(cls, rows: list[ScaleRow]) -> list[ScaleRow]:
        out = []
        diffs = [row.difference for row in rows]
        for d in sorted({d for d in diffs if diffs.count(d) > 1}):
            out.append(f": difference {d} is given twice")
        zero = [row for row in rows if row.difference == 0]
        if not zero:
            out.append(": the row for difference 0 is missing (equal scales: attack 0, damage 0)")
        elif (zero[0].attack, zero[0].damage) != (0, 0):
            out.append(": difference 0 (equal scales) must give attack 0, damage 0")
        missing = sorted(set(range(min(diffs), max(diffs) + 1)) - set(diffs))
        if missing:
            out.append(
                f": differences {', '.join(map(str, missing))} are missing; give every difference "
                f"from {min(diffs)} to {max(diffs)}"
            )
        return _refuse(out, rows)

    @field_validator("gun_strength")
    @classmethod
    def _every_class(cls, rows: dict[str, int]) -> dict[str, int]:
        missing = [c for c in GUN_CLASSES if c not in rows]
        if missing:
            return _refuse([f"{c}: missing (classes: {', '.join(GUN_CLASSES)})" for c in missing], rows)
        return rows


def _refuse(problems: list[str], value: Any) -> Any:
    """Raise the problems of a section's own check, else pass it on.

    Each problem is a line ``where: message``, ``where`` inside the section (empty: the section).
    """
    if problems:
        raise ValueError("\n".join(problems))
    return value


KEY_WORDS = "a key is lowercase letters and digits joined by '-' (like 'short-sword'), at most 30 characters"
"""What a table key is, said for a key that is not one."""

TABLES = TablesFile(
    SHIPPED,
    Tables,
    dump={"mode": "json", "by_alias": True, "exclude_none": True},
    patterns={KEY: KEY_WORDS},
    name="fudge.yaml",
)
"""The tables: the shipped file, a GM's sections over it (companion.tables)."""
SECTIONS = TABLES.sections
"""The sections of a table file, as written in it."""
check = TABLES.check
"""Validate whole tables: (the tables, []) or (None, every problem found)."""
load = TABLES.load
"""The shipped tables with the sections of a GM's file (if it exists) put over them, checked, as
plain JSON-able data (ladder words, not levels) to store with a fight's setup; :func:`parse` reads
them back. TablesError with every problem found, each naming the file and the section/key."""
dump = TABLES.plain
"""The tables as plain JSON-able data, as :func:`load` returns them."""
parse = TABLES.parse
"""Tables from plain data (what :func:`load` returned, e.g. stored with a fight); TablesError
with every problem found."""
