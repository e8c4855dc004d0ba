"""Cage Match!: a turn's rolls: one attack roll, or a roll-off (CM-2, CMD-6).

Every roll is 2d6 with its modifiers stated in its prompt: the move's dice, the focus spent on
dice (CM-4), the sheet's bonuses here, the position's modifiers (CMD-1), the penalty (CM-3). A
roll-off is both corners rolling, red then blue, read by a :class:`~companion.rulesets.cage_match.rules.Clash`
function; the attacker's total is also his attack roll (CMD-6).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.ruleset import RollPrompt
from companion.rulesets.cage_match.reveal import Reveal
from companion.rulesets.cage_match.rules import TWO_D6, Clash, Roll
from companion.rulesets.cage_match.tables import Move
from companion.rulesets.cage_match.turn import ENDS


class RollOffs(Reveal):
    """The dice of a turn: an attack roll or a roll-off, each with every modifier."""

    def modifier(self, side: int, move: Move | None) -> tuple[int, tuple[tuple[str, int], ...]]:
        parts: list[tuple[str, int]] = []
        if move is not None and move.dice:
            parts.append((move.name, move.dice))
        pick = self.picks[side]
        if pick.dice:
            parts.append(("focus on dice", pick.dice * self.tables.focus.dice_each))
        for bonus in self.bonuses(side, self.moves[side].type):
            if bonus.dice:
                parts.append((bonus.name, bonus.dice))
        if move is not None:
            rule = self.tables.positions[self.position]
            extra = rule.dice.get(self.role(side), {}).get(move.type, 0)
            if extra:
                parts.append((rule.label, extra))
        if self.pen[side]:
            parts.append(("hurt (CM-3)", self.pen[side]))
        return sum(value for _, value in parts), tuple(parts)

    def roll(
        self, side: int, move: Move | None, why: str, *, attack_on: int | None = None, rolloff: bool = False
    ) -> Roll:
        """Prompt ``side`` for 2d6 (CM-2); ``attack_on``: the total is read as an attack
        roll against that fighter; ``rolloff``: it is compared with the other corner's first."""
        key = (
            side,
            id(move),  # the move itself: kept with the prompt, so its id is its own while kept (checked all the same)
            self.moves[side].type,
            self.picks[side].dice,
            self.position,
            self.roles[side],
            self.pen[side],
            why,
            attack_on,
            rolloff,
        )
        prompts = self.sheets[side].prompts
        kept: tuple[Move | None, RollPrompt, str, str] | None = prompts.get(key)
        if kept is None or kept[0] is not move:
            # the prompt is made of the values in its key and the fight's sheets and card alone
            made = self.roll_prompt(side, move, why, attack_on, rolloff)
            # with the words its log line says of the roll (the modifier, the move): the same each time
            kept = prompts[key] = (
                move,
                made,
                f"{made.modifier:+d}" if made.modifier else "",
                move.name.lower() if move is not None else "defence",
            )
        _, asked, plus, what = kept
        if attack_on is not None:
            rating = self.sheets[attack_on].rating
            self.reading = (rating, None)
        if not rolloff:  # one attack roll, read in full (a roll-off has set its own)
            self.will_roll(why, (side,), (move, None) if side == 0 else (None, move), side, None)
        faces = self.take(lambda: asked)
        first, second = faces
        rolled = Roll(faces, first + second + asked.modifier)
        if attack_on is not None:
            self.reading = (rating, rolled)
        mark = " — double 6s!" if faces == (6, 6) else " — double 1s" if faces == (1, 1) else ""
        self.log.append(f"{self.names[side]} rolls {first}+{second}{plus} = {rolled.total} for {what}{mark}")
        return rolled

    def roll_prompt(self, side: int, move: Move | None, why: str, attack_on: int | None, rolloff: bool) -> RollPrompt:
        """The prompt for :meth:`roll`: the dice with every modifier, and what the total is read against."""
        mod, parts = self.modifier(side, move)
        what = move.name.lower() if move is not None else "defence"
        against, target, note = "the other corner's roll-off", None, "double 6s beat any other roll"
        if attack_on is not None:
            rating = self.sheets[attack_on].rating
            aim = move.target if move is not None and move.target != "none" else "head/body"
            reading = (
                f"3+ hits muscles, {rating}+ the {aim}; double 6s double it, double 1s miss"
                if move is None or move.damage > 0
                else "it lands on 3 or more; double 1s miss"
            )
            if not rolloff and move is not None and move.damage == 0:
                against, target, note = "3 or more to land", 3, reading  # a position move: no damage to read
            elif not rolloff:
                against, target, note = f"{self.names[attack_on]}'s muscle rating", rating, reading
            elif move is not None and move.damage > 0:
                note = f"double 6s beat any other roll; the total is also the attack roll: {reading}"
        return RollPrompt(
            self.names[side],
            side,
            TWO_D6,
            f"{what} ({why})",
            mod,
            parts,
            against=against,
            target=target,
            note=note,
            also=(ENDS,),
        )

    def rolloff(
        self,
        moves: tuple[Move | None, Move | None],
        why: str,
        *,
        lead: int,
        reading: Callable[[Roll, Roll], Clash],
        attacker: int | None = None,
        strikes: bool = True,
    ) -> tuple[tuple[Roll, Roll], Clash]:
        """Both roll, red then blue; the attacker's total is also its attack roll (CMD-6).

        Returns:
            The two rolls and how they read: ``reading`` of ``lead``'s roll and the other's,
            the same function the odds of these prompts count with.
        """
        # red then blue, each asked with the rolls already in (for the odds)
        self.will_roll(why, (0, 1), moves, lead, reading, strikes, ())
        red = self.roll(0, moves[0], why, attack_on=1 if attacker == 0 else None, rolloff=True)
        self.will_roll(why, (0, 1), moves, lead, reading, strikes, (red,))
        blue = self.roll(1, moves[1], why, attack_on=0 if attacker == 1 else None, rolloff=True)
        return (red, blue), reading(blue, red) if lead else reading(red, blue)
