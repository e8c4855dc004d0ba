"""Cage Match!: damage to the muscles and to the head or body nerves (CM-2, CM-3, CM-11).

An attack roll is read on the attack dice table against the defender's muscle rating: a miss,
damage to the muscles, or (at the rating, or with double 6s, doubled) to the move's head or body
nerves; half rounds down. Muscles take a hit first until they are 0; the rest of a muscles hit
is lost, or with ``muscle_spill`` goes on to the nerves (CM-11). The focus spent on damage is
dealt once, with the first damaging hit of the turn (CM-4, CMD-9).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.rulesets.cage_match.rolls import RollOffs
from companion.rulesets.cage_match.rules import Roll
from companion.rulesets.cage_match.tables import Move


class Blow(NamedTuple):
    """An attack roll read on the attack dice table (CM-2): the damage and where it goes (a named
    tuple: one is made at every hit, and the odds make thousands)."""

    amount: int
    nerves: bool
    """To the move's head or body nerves; else to the muscles."""


def blow(roll: Roll, rating: int, base: int, *, half: bool = False, to_muscle: bool = False) -> Blow | None:
    """``roll`` read against the defender's muscle rating for a move doing ``base`` damage: None
    on a miss; double 6s double it to the nerves, a halved hit rounds down (CM-2)."""
    if roll.miss:
        return None
    nerves = roll.d6 or roll.total >= rating
    amount = base * 2 if roll.d6 else base
    if half:
        amount //= 2  # CM-2: half rounds down
        if to_muscle and not roll.d6:
            nerves = False  # text: "take 1/2 damage to muscle"
    return Blow(amount, nerves)


def aim(move: Move) -> str:
    """The nerves a move's damage goes to: its target, the body for a move with none."""
    return move.target if move.target in ("head", "body") else "body"


def harm(muscle: int, left: int, amount: int, nerves: bool, spill: bool) -> tuple[int, int]:
    """What a hit of ``amount`` takes from the muscles and from the target nerves (``left`` of
    them): muscles first unless it reads as nerves; once muscles are 0 all goes to the nerves
    (CM-2); the rest of a muscles hit is lost, or spills to the nerves with ``spill`` (CM-11)."""
    if amount <= 0:
        return 0, 0
    if not nerves and muscle > 0:
        took = min(muscle, amount)
        rest = amount - took
        return took, min(left, rest) if rest and spill else 0
    return 0, min(left, amount)


class Damage(RollOffs):
    """A hit read on the attack dice table, and the damage it deals."""

    def strike(
        self, attacker: int, move: Move, roll: Roll, *, half: bool = False, to_muscle: bool = False
    ) -> int | None:
        """Read ``roll`` on the attack dice table against the other fighter and deal
        ``move``'s damage (CM-2); None on a miss, else the damage dealt."""
        defender = 1 - attacker
        if roll.miss:
            self.log.append(
                f"{move.name}: a miss"
            )  # a name is never a verb's subject: "Ground punches" (docs/decisions.md)
            return None
        if move.damage <= 0:
            return 0  # a position move: its "Position:" line says it landed
        # as hit_of() reads it, with the damage worked out once: the focus on damage is dealt now (CM-4: once)
        base, parts = self.damage_of(attacker, move)
        hit = blow(roll, self.sheets[defender].rating, base, half=half, to_muscle=to_muscle)
        assert hit is not None  # not a miss
        if roll.d6:
            parts.append("doubled")
        if half:
            parts.append("halved")
        self.deal(defender, move, hit.amount, hit.nerves, parts)
        if not half and hit.amount > 0:
            self.full[attacker] = True
            self.landed_full[attacker] = move
        return hit.amount

    def hit_of(
        self, attacker: int, move: Move, roll: Roll, *, half: bool = False, to_muscle: bool = False
    ) -> Blow | None:
        """How ``roll`` reads for the ``attacker``'s ``move`` against the other fighter, dealing
        nothing: None on a miss; a position move lands for no damage (for :meth:`strike` and the
        odds)."""
        if roll.miss:
            return None
        if move.damage <= 0:
            return Blow(0, False)
        base, _ = self.damage_of(attacker, move, spend=False)
        return blow(roll, self.sheets[1 - attacker].rating, base, half=half, to_muscle=to_muscle)

    def damage_of(self, attacker: int, move: Move, *, spend: bool = True) -> tuple[int, list[str]]:
        """``move``'s damage before doubling and halving: the sheet's damage bonuses for
        its type, and the focus on damage with the first damaging hit of the turn
        (CM-4: "dealt only once"; CMD-9), marked as dealt unless ``spend`` is False."""
        amount = move.damage
        for bonus in self.bonuses(attacker, move.type):  # most sheets have none here: no generator made
            amount += bonus.damage
        parts = []
        if not self.focus_dealt[attacker] and self.picks[attacker].damage:
            if spend:
                self.focus_dealt[attacker] = True
            extra = self.picks[attacker].damage * self.tables.focus.damage_each
            amount += extra
            parts.append(f"+{extra} focus")
        return amount, parts

    def deal(self, defender: int, move: Move, amount: int, nerves: bool, parts: list[str]) -> None:
        """Record damage, muscles before nerves (CM-2), as :func:`harm` reads it."""
        hp = self.hp[defender]
        target = aim(move)
        how = f" ({', '.join(parts)})" if parts else ""
        if amount <= 0:
            self.log.append(f"{move.name}: a hit, no damage{how}")
            return
        self.damaged[defender] = True
        old = getattr(hp, target)
        muscles, lost = harm(hp.muscle, old, amount, nerves, self.st.options.muscle_spill)
        if not nerves and hp.muscle > 0:
            before = hp.muscle
            hp.muscle -= muscles
            text = f"{move.name}: {amount} to {self.names[defender]}'s muscles{how} ({before} → {hp.muscle})"
            rest = amount - muscles
            if rest and self.st.options.muscle_spill:
                setattr(hp, target, old - lost)
                text += f", {rest} spills to the {target} ({old} → {getattr(hp, target)})"
            elif rest:
                text += f", the other {rest} is lost (CM-11)"
            self.log.append(text)
            return
        setattr(hp, target, old - lost)
        spot = "" if nerves else " (no muscles left)"
        self.log.append(
            f"{move.name}: {amount} to {self.names[defender]}'s {target}{spot}{how} ({old} → {getattr(hp, target)})"
        )
