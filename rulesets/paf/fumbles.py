"""Paul's Adventures In Fantasy: fumbles (PA-3).

A miss at or below the fumble threshold rolls on the fumble table; its row acts on the
fumbler (:mod:`rulesets.paf.effects`): his weapon dropped or broken, a blow on himself or a
friend (design 5), a critical hit on himself or a friend, rolling again (99, 00).
"""

from __future__ import annotations

from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.state import D_PERCENT, pct


class Fumbles(LiveNumbers):
    """The fumble roll and the rows that turn the blow on the fumbler or his friends (PA-3)."""

    def fumble(self, attacker: int, defender: int, weapon: int, mode: str) -> None:
        self.fumbled = True
        self._wielding = {**self._wielding, attacker: weapon}
        self._mode = (weapon, mode)
        self.ref = ("fumble", None)  # f1 shows the fumble table while its roll is asked for
        (roll,) = self.roll(attacker, D_PERCENT, "fumble", against="the fumble table")
        self.fumble_row(attacker, roll, defender)

    def fumble_row(self, fumbler: int, roll: int, foe: int | None) -> None:
        row = pt.fumble_row(self.tables, roll)
        self.ref = ("fumble", roll)
        self.log.append(f"fumble {pct(roll)}: {row.words}")  # "daamage" shown "damage"
        self.cause = f"{row.words}: fumble {pct(roll)}"
        ops, _ = self.effect(fumbler, row, roller=fumbler, foe=foe)
        self.pending.extend(ops)

    def fumble_again(self, fumbler: int, times: int, ignore: list[int], foe: int | None) -> None:
        """Fumble 99/00: roll twice / 3 times more, ignoring (rolling again) 99 and 00 [D]."""
        done = 0
        skip = ", ".join(pct(face) for face in ignore)
        while done < times:
            (roll,) = self.roll(
                fumbler,
                D_PERCENT,
                "fumble",
                against="the fumble table",
                note=f"roll {done + 1} of {times}, ignoring {skip}",
            )
            if roll in ignore:
                self.log.append(f"fumble {pct(roll)}: ignored, roll again")
                continue
            done += 1
            self.fumble_row(fumbler, roll, foe)

    def friend(self, being: int) -> int | None:
        """[D] design 5: the first able being of his side other than himself."""
        return next(
            (
                other
                for other in self.everyone
                if other != being and self.side(other) == self.side(being) and self.f[other].able
            ),
            None,
        )

    def _turned_on(self, fumbler: int, whom: str) -> tuple[int, int, str] | None:
        """Whom a misdirected blow strikes (himself or a friend) and with which weapon and mode;
        None where there is no friend near (said in the log) or no weapon in hand."""
        victim = fumbler if whom == "self" else self.friend(fumbler)
        if victim is None:
            self.log.append(f"{self.name(fumbler)} has no friend near to hit")
            return None
        weapon, mode = self._mode or (self.in_hand(fumbler), "melee")
        if weapon is None or weapon < 0:
            return None
        return victim, weapon, mode

    def misdirected(self, fumbler: int, whom: str, mult: float, foe: int | None) -> None:
        """Fumble "hit self/friend": the damage of his own weapon, halved, normal or doubled."""
        turned = self._turned_on(fumbler, whom)
        if turned is None:
            return
        victim, weapon, mode = turned
        points = self.damage(
            fumbler, victim, weapon, mode, mult, reason=f"damage to {'himself' if victim == fumbler else 'a friend'}"
        )
        self.pending.append(lambda: self.hurt(victim, points, 0))

    def misdirected_critical(self, fumbler: int, whom: str) -> None:
        """Fumble "critical hit, self/friend": his weapon's critical table on himself or a friend."""
        turned = self._turned_on(fumbler, whom)
        if turned is None:
            return
        victim, weapon, mode = turned
        kind = "missile" if mode == "missile" else self.tables.weapons[self.weapon(fumbler, weapon)].critical
        self.log.append(
            f"{self.name(fumbler)} strikes {'himself' if victim == fumbler else self.name(victim)} critically"
        )
        self.critical(fumbler, victim, weapon, mode, kind)
