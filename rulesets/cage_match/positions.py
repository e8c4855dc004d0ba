"""Cage Match!: what a move that lands does: the position changes, the take-down, the hold.

A landed move deals its damage, then its type does what the text says: a special's own position
(CMD-5), a shoot to CLINCHING and the take-down offer, a take-down to GROUND on top, a collar tie,
a pass, sweep or escape up the ground ladder (CMD-19, CM-7), a break up to STANDING (CM-8), a
submission's hold that taps on one more won roll-off (CMD-20). In a First Fight the fight stays
STANDING.
"""

from __future__ import annotations

from companion.ruleset import Choice, Result
from companion.rulesets.cage_match.damage import Damage
from companion.rulesets.cage_match.rules import Roll, chance_to_win, must_win
from companion.rulesets.cage_match.tables import Move

LADDER = (("past_guard", False), ("ground", False), ("ground", True), ("past_guard", True))
"""The ground seen from one fighter: (position, on top), one rung per won
escape, sweep or pass (CMD-19)."""


MOVING_TYPES = frozenset(("shoot", "takedown", "collar_tie", "pass_guard", "sweep", "escape", "break", "submission"))
"""The types whose landing does more than its damage (:meth:`Positions.effects`); a special does
what its own effect says."""


class Positions(Damage):
    """Moves that land: damage, then the position, the take-down or the hold their type gives."""

    # --- position changes -----------------------------------------------------------------

    def move_to(self, position: str, actor: int | None = None, role: str = "even") -> None:
        if self.st.options.first_fight and position != "standing":
            return  # the text's First Fight sticks to STANDING
        rule = self.tables.positions[position]
        if rule.sides == "even" or actor is None:
            dominant = None
        else:
            dominant = actor if role in ("dominant", "even") else 1 - actor
        if (position, dominant) == (self.position, self.dominant):
            return
        self.position, self.dominant, self.rule = position, dominant, rule
        self.roles = self.roles_now()
        top = ""
        if dominant is not None:
            top = f", {self.names[dominant]} {'holds the tie' if position == 'collar_tie' else 'on top'}"
        self.log.append(f"Position: {rule.label}{top}")

    def climb(self, climber: int, rungs: int, cap: int | None = None) -> None:
        """Escape, sweep and pass: one rung of the ground ladder, two on double 6s (CMD-19), to
        rung ``cap`` at most."""
        if self.position not in ("ground", "past_guard"):
            return
        now = LADDER.index((self.position, self.dominant == climber))
        to = min(len(LADDER) - 1 if cap is None else cap, now + rungs)
        position, top = LADDER[to]
        self.move_to(position, climber, "dominant" if top else "submissive")

    # --- landing moves --------------------------------------------------------------------

    def land(self, actor: int, move: Move, roll: Roll, *, takedown: bool = True, auto: bool = False) -> bool:
        """``move`` hits with ``roll``: damage, then what its type does. False on a miss."""
        if self.strike(actor, move, roll) is None:
            return False
        self.effects(actor, move, roll, takedown=takedown, auto=auto)
        return True

    def effects(self, actor: int, move: Move, roll: Roll | None, *, takedown: bool = True, auto: bool = False) -> None:
        if move.effect is None and move.type not in MOVING_TYPES:
            return  # a strike, a jab, a ground punch: the damage was all it does (most hits)
        if move.effect is not None:
            self.move_to(move.effect.to, actor, move.effect.role)  # a special's own position (CMD-5)
        elif move.type == "shoot":
            if self.position == "standing":
                self.move_to("clinching")
            if takedown and not self.down():
                self.takedown_offer(actor, auto)
        elif move.type == "takedown":
            self.move_to("ground", actor, "dominant")
        elif move.type == "collar_tie":
            self.move_to("collar_tie", actor, "dominant")
        elif move.type in ("pass_guard", "sweep", "escape"):
            # ruling CM-7: a won escape goes "back to GROUND (guard closed)", double 6s or not
            self.climb(actor, 2 if roll is not None and roll.d6 else 1, cap=1 if move.type == "escape" else None)
        elif move.type == "break":
            self.move_to("standing")  # a won break roll-off or race: up off the ground (CM-8)
        elif move.type == "submission":
            self.hold(actor, move, roll)

    def unopposed(self, actor: int, move: Move) -> None:
        """Automatic success, no rolls (TRIES THE TAKE-DOWN v Focus): base damage to muscles (CMD-14)."""
        if move.damage > 0:
            amount, parts = self.damage_of(actor, move)
            self.deal(1 - actor, move, amount, False, parts)
        self.effects(actor, move, None)

    def takedown_offer(self, shooter: int, auto: bool) -> None:
        """Shoot & Clinch + Take-Down: after a shoot lands, the shooter may try for GROUND."""
        other = 1 - shooter
        if self.st.options.first_fight:
            return
        moves = [
            takedown
            for takedown in self.sheets[shooter].of_type("takedown")
            if takedown.cost <= self.hp[shooter].focus
            and (takedown.positions is None or self.position in takedown.positions)
        ]
        if not moves:
            return
        mod_shooter = self.modifier(shooter, moves[0])[0]
        mod_other = self.modifier(other, None)[0]
        odds = 1.0 if auto else chance_to_win(mod_shooter, mod_other)
        options = [
            Choice(
                takedown.key,
                takedown.name,
                "automatic: Focus gives no defence" if auto else f"win (not tie) a roll-off: {odds:.0%}",
            )
            for takedown in moves
        ]
        options.append(Choice("stay", "Stay in the clinch"))
        # ruling CM-10: a lost take-down roll-off costs nothing, so the advice is always to try
        key = self.choose(shooter, "the take-down after the shoot (to GROUND on top)", options, moves[0].key)
        if key == "stay":
            self.log.append(f"{self.names[shooter]} stays in the clinch")
            return
        move = self.sheets[shooter].by_key[key]
        self.hp[shooter].focus -= move.cost
        self.followups[shooter].append(move)
        if auto:
            self.log.append(f"{move.name}: automatic against {self.moves[other].name}")
            self.unopposed(shooter, move)
            return
        rolls, clash = self.rolloff(
            (move, None) if shooter == 0 else (None, move),
            "take-down roll-off",
            lead=shooter,
            reading=must_win,
            attacker=shooter,
        )
        if clash.by is not None:
            self.land(shooter, move, rolls[shooter])
        else:
            self.log.append(f"{self.names[other]} stops the take-down: they stay in the clinch")

    def hold(self, holder: int, move: Move, roll: Roll | None) -> None:
        """A submission that lands is the first of the two straight wins that tap;
        double 6s count as both (text; CMD-20)."""
        held = 1 - holder
        if self.down():
            return
        if roll is not None and roll.d6:
            self.log.append(f"{move.name} locked in with double 6s: two straight wins")
            self.tap(holder, move)
            return
        self.log.append(
            f"{self.names[holder]} has the {move.name.lower()} on: one more won roll-off and {self.names[held]} taps"
        )
        _, clash = self.rolloff(
            (move, None) if holder == 0 else (None, move),
            "the hold",  # the log line before names the move: "Red has the heel hooks on"
            lead=holder,
            reading=must_win,
            strikes=False,
        )
        if clash.by is not None:
            self.tap(holder, move)
        else:
            self.log.append(f"{self.names[held]} escapes the {move.name.lower()}")

    def tap(self, holder: int, move: Move) -> None:
        self.log.append(f"{self.names[1 - holder]} taps to the {move.name.lower()}!")
        self.result = Result(self.names[holder], self.names[1 - holder], "submission", move.name, self.st.turn)
