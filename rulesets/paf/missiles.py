"""Paul's Adventures In Fantasy: missile fire.

A being that shoots (sling, bow, crossbow) or throws chooses the range band (R-6); the
weapon's rate of fire gives that many shots a round, a heavy crossbow one every other round
(R-4); ammunition is counted where the card counts it, and a thrown weapon leaves the hand
(PA-8). Each shot is an attack roll (:meth:`rulesets.paf.attack.Attacks.strike`).
"""

from __future__ import annotations

from fractions import Fraction

from companion.ruleset import Choice
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.cards import is_shot
from companion.rulesets.paf.numbers import LiveNumbers


class Missiles(LiveNumbers):
    """Shooting and throwing: the range band, the volley (R-4, R-6, PA-8)."""

    def pick_range(self, being: int, weapon: int) -> str:
        """Short, medium or long (R-6), each with the weapon's distance (units as printed: none)."""
        modifiers, missile = self.tables.missile_range_modifiers, self.tables.missiles[self.weapon(being, weapon)]

        def offer(_: object) -> tuple[list[Choice], str]:
            options = [
                Choice(
                    band,
                    f"{band} range",
                    f"out to {ps.show(Fraction(getattr(missile, band)).limit_denominator(10))}, "
                    f"{getattr(modifiers, band):+d} to miss",
                )
                for band in ("short", "medium", "long")
            ]
            return options, "short"

        # the same weapon's bands every time (its card and the tables never change): kept a fight
        return self.choose_kept(being, "range", weapon, offer)

    def range_extra(self, band: str) -> list[tuple[str, ps.Number]]:
        """The range band's modifier to the chance to miss, as a term of the need (R-6): an int, as
        :meth:`rulesets.paf.numbers.LiveNumbers.attacker_mods` says why."""
        mod: int = getattr(self.tables.missile_range_modifiers, band)
        return [(f"{band} range", mod)] if mod else []

    def shot(self, being: int, weapon: int) -> bool:
        """A missile weapon that shoots (sling, bow, crossbow), not thrown (PA-8)."""
        return is_shot(self.tables, self.weapon(being, weapon))

    def shoot(self, attacker: int, defender: int, weapon: int, band: str) -> None:
        """Missiles: the rate per round gives that many shots; a heavy crossbow every other
        round (R-4); ammunition counted where the card counts it."""
        missile = self.tables.missiles[self.weapon(attacker, weapon)]
        me = self.f[attacker]
        shots = max(1, int(missile.per_round))
        left = me.ammo[weapon]  # None: the card does not count it
        if left is not None and left > 0:
            shots = min(shots, left)  # the last dagger is one throw, not "1 of 2"
        one = left is None and not self.shot(attacker, weapon)
        if one:  # [D] a thrown weapon the card does not count is the one in hand: thrown once, then gone
            shots = 1
            weapons = list(me.weapons)
            weapons[weapon] = "gone"
            me.weapons = tuple(weapons)
        if missile.per_round < 1:
            next_shot = list(me.next_shot)
            next_shot[weapon] = self.round + round(1 / missile.per_round)
            me.next_shot = tuple(next_shot)
        verb = "shoots the" if self.shot(attacker, weapon) else "throws the"
        self.log.append(
            f"{self.name(attacker)} {verb} {self.weapon(attacker, weapon)} at {self.name(defender)} ({band} range)"
        )
        self.fumbled = False
        for number in range(shots):
            if self.fumbled:  # [D] a fumble ends the volley: its effects (a dropped bow, a fall) come first
                self.log.append(f"{self.name(attacker)}'s fumble ends the volley: no shot {number + 1} of {shots}")
                break
            left = me.ammo[weapon]
            if left is not None:
                if left <= 0:
                    self.log.append(f"{self.name(attacker)} has nothing left to shoot")
                    break
                ammo = list(me.ammo)
                ammo[weapon] = left - 1
                me.ammo = tuple(ammo)
                if ammo[weapon] == 0 and not self.shot(attacker, weapon):  # [D] the last of a thrown weapon is gone
                    weapons = list(me.weapons)
                    weapons[weapon] = "gone"
                    me.weapons = tuple(weapons)
            self.strike(
                attacker,
                defender,
                weapon,
                "missile",
                self.range_extra(band),
                shot=(number + 1, shots) if shots > 1 else None,
            )
