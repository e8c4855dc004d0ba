"""Cage Match! character sheets (``fighters/cage_match.yaml``).

The text shows two sample sheets (Greg O'Connor, boxing; Frank Duke,
kickboxing; both middleweight) without their numbers: every sheet shipped is
the project's own, as ruling CM-6 asks. A sheet lists its moves, power moves,
specials, bonuses and combos; a move has the five printed entries (focus cost,
dice modifier, damage, Head/Body, focus generated) and an action type that the
fight card is read by.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.rulesets.cage_match.tables import ATTACKS, Move, PositionName, TypeName

COMBO_TYPES = ("jab", "strike", "throw", "gnp", "takedown")
"""Move types a combo stage may be (design 4.3: no shoots or holds as stages)."""
WEIGHT_CLASSES = ("featherweight", "middleweight")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Bonus(_Strict):
    """A character bonus: a dice and/or damage modifier for some move types and positions."""

    name: str = Field(min_length=1)
    dice: int = Field(default=0, ge=-3, le=3)
    damage: int = Field(default=0, ge=-5, le=5)
    types: list[TypeName] = []
    """The revealed move's types it applies to; empty: any."""
    positions: list[PositionName] = []
    """Where it applies; empty: anywhere."""
    side: Literal["dominant", "submissive"] | None = None
    """In a position with sides, the one it applies to: ``dominant`` (on top, holding the tie)
    or ``submissive`` (underneath, held); none: either side, and even positions."""
    note: str | None = None


class Combo(_Strict):
    """Stage 1, stage 2 (and stage 3) move keys of the sheet (text: "Combine")."""

    name: str = Field(min_length=1)
    stages: list[str] = Field(min_length=2, max_length=3)
    positions: list[PositionName] | None = None


class CmCard(_Strict):
    """A Cage Match! character sheet."""

    name: str = Field(min_length=1)
    nickname: str | None = None
    weight_class: Literal[WEIGHT_CLASSES]  # type: ignore[valid-type]
    muscle_rating: int | None = Field(default=None, ge=2, le=12)
    """The head/body threshold of attacks against this fighter; by default the
    weight class's (8 featherweight, 9 middleweight; CM-2)."""
    style: str = Field(min_length=1)
    specialty: str | None = None
    bonuses: list[Bonus] = []
    moves: list[Move] = Field(min_length=1)
    power_moves: list[Move] = []
    specials: list[Move] = []
    combos: list[Combo] = []
    notes: str | None = None

    @model_validator(mode="after")
    def _sheet_fits(self) -> CmCard:
        problems = []
        seen: dict[str, str] = {}
        for section in ("moves", "power_moves", "specials"):
            for i, move in enumerate(getattr(self, section)):
                where = f"{section}.{i}.{move.key}"
                if move.key in seen:
                    problems.append(f"{where}.key: {move.key!r} is also in {seen[move.key]}; keys must be unique")
                seen[move.key] = section
                attack_like = move.type in ATTACKS or move.type == "takedown"
                if move.damage > 0 and move.target == "none":
                    problems.append(f"{where}.target: a move that does damage needs head or body")
                if move.damage == 0 and move.target != "none" and attack_like:
                    problems.append(f"{where}.target: a move with no damage has target none")
                if section == "power_moves" and move.focus_cost > -1:
                    problems.append(f"{where}.focus_cost: a power move costs focus (-1 or less, as printed)")
                if move.effect is not None and section != "specials":
                    problems.append(f"{where}.effect: only specials change position by themselves")
                if move.drain is not None and move.type != "taunt":
                    problems.append(f"{where}.drain: only a taunt drains focus")
        for i, combo in enumerate(self.combos):
            for n, key in enumerate(combo.stages, start=1):
                where = f"combos.{i}.{combo.name}.stages"
                if key not in seen:
                    problems.append(f"{where}: stage {n} {key!r} is not a move key on this sheet ({', '.join(seen)})")
                    continue
                move = self.move(key)
                if move is not None and move.type not in COMBO_TYPES:
                    problems.append(f"{where}: stage {n} {key!r} is a {move.type}; stages are {', '.join(COMBO_TYPES)}")
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def move(self, key: str) -> Move | None:
        """The sheet's own move with this key (moves, power moves, specials)."""
        for section in (self.moves, self.power_moves, self.specials):
            for move in section:
                if move.key == key:
                    return move
        return None

    def kind(self, key: str) -> str:
        for section, kind in ((self.moves, "move"), (self.power_moves, "power"), (self.specials, "special")):
            if any(m.key == key for m in section):
                return kind
        return "generic"

    def sheet_lines(self) -> list[str]:
        """The sheet as plain text lines, for a card display (the generic moves are not listed)."""
        rating = self.muscle_rating or {"featherweight": 8, "middleweight": 9}[self.weight_class]
        lines = [f"{self.weight_class}, muscle rating {rating}"]
        if self.specialty:
            lines.append(f"specialty: {self.specialty}")
        for bonus in self.bonuses:
            parts = [f"{bonus.dice:+d} dice" if bonus.dice else "", f"{bonus.damage:+d} damage" if bonus.damage else ""]
            where = (
                ", ".join(bonus.types + bonus.positions + ([f"{bonus.side} side"] if bonus.side else [])) or "always"
            )
            lines.append(f"bonus {bonus.name}: {' '.join(p for p in parts if p)} ({where})")
        for title, moves in (("moves", self.moves), ("power moves", self.power_moves), ("specials", self.specials)):
            if not moves:
                continue
            lines.append(f"{title}:  cost dice dmg target +focus")
            for m in moves:
                lines.append(
                    f"  {m.key:<18}{m.focus_cost:>3} {m.dice:>+3} {m.damage:>3} {m.target:<5} "
                    f"{'+' + str(m.focus_gain) if m.focus_gain else ''}"
                )
        for combo in self.combos:
            lines.append(f"combo {combo.name}: {' → '.join(combo.stages)}")
        return lines
