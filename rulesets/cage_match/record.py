"""Cage Match!: Record, after the outcome: focus and knockouts (CM-1, CM-4, CMD-15).

Each fighter gains his move's focus (a Focus move its full charge, less when it was hit; no
taunt pays when the crowd boos), and each follow-up's; a taunt that lands drains the other's
focus (CMD-15); a fighter whose head or body nerves are 0 is knocked out (CM-1; both: a double
knockout, CMD-21). The penalties are read again for the combos (CMD-11).
"""

from __future__ import annotations

from companion.ruleset import Result
from companion.rulesets.cage_match.outcomes import Outcomes
from companion.rulesets.cage_match.tables import CROWD_BOOS, TAUNTS


class Record(Outcomes):
    """Record: focus gained and drained, knockouts."""

    def record(self) -> None:
        """Focus gains (CM-4), taunts (CMD-15), then KO (CM-1)."""
        focus = self.tables.focus
        assert self.cell is not None  # Record follows the reveal
        outcome = self.cell.outcome
        for side in (0, 1):
            move = self.moves[side]
            if move.type == "focus":
                gain = focus.focus_action_damaged if self.damaged[side] else focus.focus_action
            elif move.type == "taunt" and outcome == CROWD_BOOS:
                gain = 0  # the crowd wants action: no taunt pays
            else:
                gain = move.focus_gain
            if gain > 0:  # most moves gain none: no call
                self.gain(side, gain, move.name)
            for follow in self.followups[side]:
                self.gain(side, follow.focus_gain, f"{follow.name}, follow-up")
        if outcome == TAUNTS:
            for side in (0, 1):
                move, other = self.moves[side], 1 - side
                if move.type == "taunt" and self.moves[other].type != "focus" and move.drain:
                    before = self.hp[other].focus
                    self.hp[other].focus = max(0, before - move.drain)
                    if before != self.hp[other].focus:
                        self.log.append(
                            f"{self.names[side]}'s taunt gets to {self.names[other]}: "
                            f"focus {before} → {self.hp[other].focus}"
                        )
        self.knockout()
        if self.damaged[0] or self.damaged[1]:  # only damage (deal) changes the muscles and nerves
            self.pen = [self.penalty(0), self.penalty(1)]  # CMD-11: combos roll with the new penalties

    def gain(self, side: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        hp = self.hp[side]
        before = hp.focus
        hp.focus = min(self.tables.focus.max, before + amount)
        if hp.focus != before:
            self.log.append(f"{self.names[side]} +{hp.focus - before} focus ({why}): {before} → {hp.focus}")

    def knockout(self) -> None:
        if not self.down():
            return
        out = [side for side in (0, 1) if self.hp[side].head <= 0 or self.hp[side].body <= 0]
        if len(out) == 2:
            self.log.append("Both fighters go down: a double knockout")
            self.result = Result(None, None, "draw", "double knockout", self.st.turn)  # CMD-21
        elif out:
            loser = out[0]
            where = "head" if self.hp[loser].head <= 0 else "body"
            self.log.append(f"{self.names[loser]} is knocked out ({where} nerves 0)")
            self.result = Result(self.names[1 - loser], self.names[loser], "ko", where, self.st.turn)
