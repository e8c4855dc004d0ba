"""Cage Match!: Combine, the turn's last step: combos (text "Combine", CMD-12, CMD-13).

A fighter whose Stage 1 hit landed in full (and who took no full hit himself) may go on with a
combo of his sheet that starts with that move: each further stage costs focus (CMD-13) and is a
roll-off against the block (CM-9: win or tie for half, lose for full); a stage that does not
land in full ends the combo.
"""

from __future__ import annotations

from companion.ruleset import Choice
from companion.rulesets.cage_match.cards import Combo
from companion.rulesets.cage_match.record import Record
from companion.rulesets.cage_match.rules import block
from companion.rulesets.cage_match.tables import (
    BRUTAL_HIT,
    SHOOTS_IN,
    SLICK_MOVE,
    SPRAWL_N_BRAWL,
    SWIFT_ATTACK,
    WHO_FASTER,
    Move,
)

COMBO_OUTCOMES = frozenset((WHO_FASTER, SWIFT_ATTACK, SLICK_MOVE, SPRAWL_N_BRAWL, BRUTAL_HIT, SHOOTS_IN))
"""Outcomes whose full-damage hit may start a combo (text; CMD-12). Not TRADE
BLOWS or PROTECTS (text), and in SHOOTS IN only a throw."""


class Combos(Record):
    """Combine: the second and third stages of a combo."""

    def combine(self) -> None:
        """Stage 2 and 3 combos after a full-damage Stage 1 hit (text "Combine")."""
        assert self.cell is not None  # Combine follows the reveal
        if self.st.options.first_fight or self.cell.outcome not in COMBO_OUTCOMES:
            return
        for side in (0, 1):
            start = self.combo_from[side]
            if start is None or self.full[1 - side]:
                continue
            sheet = self.sheets[side]
            offered = [
                (combo, option)
                for combo, option in self.combo_offers(side, start)
                if (combo.positions is None or self.position in combo.positions)
                and not self.stage_blocked(side, sheet.by_key[combo.stages[1]])
            ]
            if not offered:
                continue
            combos = [combo for combo, _ in offered]
            options = [option for _, option in offered]
            options.append(Choice("stop", "No combo"))
            keys = sheet.combo_keys
            key = self.choose(side, f"a combo after the {start.name.lower()}", options, None)
            if key == "stop":
                return
            combo = next(candidate for candidate in combos if keys[candidate.name] == key)
            if not self.stage(side, combo.stages[1], 2) or self.result is not None or len(combo.stages) < 3:
                return
            third = self.sheets[side].by_key[combo.stages[2]]
            if self.stage_blocked(side, third):
                self.log.append(f"{self.names[side]} cannot go on to the {third.name.lower()}")
                return
            cost = self.tables.focus.combo_stage + third.cost
            go = self.choose(
                side,
                f"stage 3, the {third.name.lower()} ({cost} focus)",
                [Choice("go", f"{third.name}, stage 3"), Choice("stop", "Stop the combo")],
                None,
            )
            if go == "go":
                self.stage(side, third.key, 3)
            return

    def combo_offers(self, side: int, start: Move) -> tuple[tuple[Combo, Choice], ...]:
        """The combos of ``side``'s sheet that start with ``start``, each with its option as a combo
        offer shows it (its stages and the focus stage 2 costs): they depend on the sheet and the card
        alone, so they are said once a fight (``Sheet.combo_offers``), not at every offer."""
        sheet = self.sheets[side]
        found: tuple[tuple[Combo, Choice], ...] | None = sheet.combo_offers.get(start.key)
        if found is None:
            by_key, stage_cost = sheet.by_key, self.tables.focus.combo_stage
            found = sheet.combo_offers[start.key] = tuple(
                (
                    combo,
                    Choice(
                        sheet.combo_keys[combo.name],
                        combo.name,
                        " → ".join(by_key[stage_key].name for stage_key in combo.stages)
                        + f" (stage 2: {stage_cost + by_key[combo.stages[1]].cost} focus)",
                    ),
                )
                for combo in sheet.card.combos
                if combo.stages[0] == start.key
            )
        return found

    def stage_blocked(self, side: int, move: Move) -> str:
        cost = self.tables.focus.combo_stage + move.cost  # CMD-13
        if cost > self.hp[side].focus:
            return f"needs {cost} focus"
        why = self.cannot(side, move)
        return "" if why.startswith("needs") else why

    def stage(self, side: int, key: str, number: int) -> bool:
        """One combo stage: pay, roll-off against the block; True if it hit in full."""
        other = 1 - side
        move = self.sheets[side].by_key[key]
        cost = self.tables.focus.combo_stage + move.cost
        self.hp[side].focus -= cost
        self.log.append(f"{self.names[side]}: Stage {number}, {move.name} ({cost} focus)")
        moves = (move, None) if side == 0 else (None, move)
        rolls, clash = self.rolloff(
            moves, f"combo stage {number}, the block roll-off", lead=side, reading=block, attacker=side
        )
        own_roll = rolls[side]
        full = False
        if clash.word == "miss":
            self.log.append(f"{move.name}: a miss, the combo ends")
        elif clash.word == "negated":  # CM-2: "a defender who also rolls double 6s takes none"
            self.log.append(f"{self.names[other]}'s double 6s block it all: the combo ends")
        elif clash.word == "blocked":
            self.log.append(f"{self.names[other]} blocks: half damage, the combo ends")
            self.strike(side, move, own_roll, half=clash.half)  # and no take-down (text)
        else:
            self.land(side, move, own_roll)
            full = True
        self.knockout()
        self.pen = [self.penalty(0), self.penalty(1)]  # CMD-11: stage 3 rolls with what stage 2 left
        return full
