"""Paul's Adventures In Fantasy: the attack roll, the critical hit and the damage.

One lethal attack, melee or a missile's shot (PA-2): a percentile roll equal to or above
AF + DF + the modifiers hits; at or above the critical threshold a critical hit (PA-3),
rolled on the weapon's critical table (its row's effect: :mod:`rulesets.paf.effects`); at
or below the fumble threshold a fumble (:mod:`rulesets.paf.fumbles`). A hit deals the
weapon's dice for the defender's size and the strength adjustment (PA-4), applied with the
group's other damage (PA-6).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from companion.dice import Dice
from companion.replay import GmModifier
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.cards import takes_strength
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.state import D_PERCENT, dice_of, hits_words, pct, roll_target


class Attack(NamedTuple):
    """The attack whose percentile roll is asked for (for its odds, issue 8).

    A named tuple, not a frozen dataclass: one is made at every roll to hit, and a frozen dataclass
    sets its eight fields one call each."""

    attacker: int
    defender: int
    weapon: int
    mode: str
    kind: str
    """Its critical table: blunt, edged or missile."""
    needed: Fraction
    crit: int | None
    fumble: int | None


def damage_total(dice_sum: int, plus: int, mult: float, adj: int) -> int:
    """PA-4: the weapon's dice and its plus, times a critical's multiplier, then the strength
    adjustment [D]; at least 1 [D]."""
    if mult == 1:  # most blows: the product is the sum itself, without an exact multiplier made for it
        return max(1, dice_sum + plus + adj)
    return max(1, math.floor((dice_sum + plus) * Fraction(mult).limit_denominator(10)) + adj)


class Attacks(LiveNumbers):
    """The lethal attack roll, its critical and its damage (PA-2, PA-3, PA-4)."""

    def needed(
        self, attacker: int, defender: int, weapon: int, mode: str, extra: list[tuple[str, ps.Number]]
    ) -> ps.Figure:
        """PA-2: AF + DF (the card's, the shield's loss a term of its own, PA-10), the range, and the
        attacker's own penalties (PA-11); no condition list (PA-11)."""
        mods: list[tuple[str, ps.Number]] = [
            *self.shield_off(defender),
            *self.attacker_mods(attacker, defender),
            *extra,
        ]
        return self.roll_needed(attacker, self.af(attacker, weapon, mode), self.numbers(defender).df, mods)

    def strike(
        self,
        attacker: int,
        defender: int,
        weapon: int,
        mode: str,
        extra: list[tuple[str, ps.Number]] | None = None,
        shot: tuple[int, int] | None = None,
    ) -> None:
        """One attack (PA-2): percentile >= AF + DF + modifiers hits; a critical or a fumble by the
        thresholds (PA-3); then the damage (PA-4)."""
        kind = "missile" if mode == "missile" else self.tables.weapons[self.weapon(attacker, weapon)].critical
        what = "shot" if mode == "missile" else "attack"
        if shot:
            what += f" {shot[0]} of {shot[1]}"
        gm: list[tuple[str, ps.Number]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.needed(attacker, defender, weapon, mode, (extra or []) + gm)
            low, crit, fumble, against, note = self.attack_words(attacker, defender, needed)
            self.ref = ("attack", needed.value)
            self.rolling = Attack(attacker, defender, weapon, mode, kind, needed.value, crit, fumble)
            value = self.roll(attacker, D_PERCENT, what, gm=True, target=roll_target(low), against=against, note=note)
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(attacker, defender, value))
        (roll,) = value
        self.spend_distraction(attacker, defender)
        shown = pct(roll)
        if roll >= low:  # the lowest roll that hits: an int compared, the same as with the exact need
            self.log.append(f"{self.names[attacker]} rolls {shown}, needs {low}: hits {self.names[defender]}")
            if crit is not None and roll >= crit:
                self.log.append(f"{self.names[attacker]} rolls {shown}: a critical hit ({crit}+, PA-3)")
                self.critical(attacker, defender, weapon, mode, kind)
            else:
                self.wound(attacker, defender, weapon, mode, 1, [])
        else:
            self.log.append(f"{self.names[attacker]} rolls {shown}, needs {low}: misses {self.names[defender]}")
            if fumble is not None and roll <= fumble:
                self.log.append(f"{self.names[attacker]} fumbles ({fumble} or less, PA-3)")
                self.fumble(attacker, defender, weapon, mode)

    def attack_words(
        self, attacker: int, defender: int, needed: ps.Figure
    ) -> tuple[int, int | None, int | None, str, str]:
        """PA-2, PA-3: the lowest roll that hits ``defender`` with ``needed``, the critical and fumble
        thresholds, and the roll's words: what it is against (the need's terms) and what else it can do.

        Kept with the need (which :meth:`roll_needed` keeps a fight): the same need against the same
        defender reads the same, attack after attack, and the words are a dozen numbers written out."""
        key = ("words", id(needed), defender)
        kept = self.beings[attacker].needs.get(key)
        if kept is not None and kept[0] is needed:  # kept, the need kept with it
            words: tuple[int, int | None, int | None, str, str] = kept[1]
            return words
        crit, fumble = ps.thresholds(self.tables, needed)
        low = ps.lowest_hit(needed)
        terms = " ".join(
            f"{'-' if part.amount < 0 else '+'} {ps.show(abs(part.amount))} ({part.label})" for part in needed.parts[2:]
        )
        against = (
            f"{hits_words(low)} {self.names[defender]} (needed {ps.show(needed.value)} = AF "
            f"{ps.show(needed.parts[0].amount)} + DF {ps.show(needed.parts[1].amount)}"
            + (f" {terms}" if terms else "")
            + ")"
        )
        note = (
            (("critical on 00" if crit >= 100 else f"critical on {crit}+") if crit is not None else "no critical")
            + ", "
        ) + (f"fumble on {fumble} or less" if fumble is not None else "no fumble")
        words = (low, crit, fumble, against, note)
        self.beings[attacker].needs[key] = (needed, words)
        return words

    def spend_distraction(self, attacker: int, defender: int) -> None:
        """Fumble 98 "opponents next attack is at +3": the next attack on ``defender`` has had it, and it alone
        (PA-11: any attack, lethal or not). Spent at once, as that attack is rolled: a volley's next shot,
        a pummel's "strike again" and the others of the same initiative attack without it."""
        if self.f[defender].exposed:
            self.log.append(
                f"{self.names[defender]}'s distraction is spent on {self.names[attacker]}'s attack (fumble 98)"
            )
            self.f[defender].exposed = 0

    def critical(self, attacker: int, defender: int, weapon: int, mode: str, kind: str) -> None:
        """PA-3: percentile on the weapon's critical table; the row's effect on ``defender`` and the
        damage (a multiplier row multiplies it; every other row deals normal damage too [D])."""
        while True:
            self.ref = ("critical", kind, None)
            (roll,) = self.roll(
                attacker, D_PERCENT, "critical", against=f"the {kind} critical table", note=f"on {self.names[defender]}"
            )
            row = pt.critical_row(self.tables, kind, roll)
            self.ref = ("critical", kind, roll)
            self.log.append(f"critical {pct(roll)} ({kind}): {row.words}")
            self.cause = f"{row.words}: {kind} critical {pct(roll)}"
            if row.roll_again_if == "no_shield" and not self.shielded(defender):
                self.log.append(f"{self.names[defender]} has no shield: roll again")
                continue
            break
        self.outright = False
        ops, mult = self.effect(defender, row, roller=attacker, foe=attacker)
        if self.outright:  # [D] killed outright: no damage to roll on the dead
            self.log.append("no damage roll: the blow kills outright")
            self.pending.extend(ops)
            return
        self.wound(attacker, defender, weapon, mode, mult, ops)

    def damage(self, attacker: int, defender: int, weapon: int, mode: str, mult: float, reason: str = "damage") -> int:
        """PA-4: the weapon's dice for the defender's size (shot: the ammunition's) + strength
        damage adjustment; a multiplier multiplies the weapon's damage, not the strength [D];
        at least 1 [D]."""
        dice, plus, adj, parts, note = self.damage_words(attacker, defender, weapon, mode, mult)
        faces = self.roll(
            attacker, dice, reason, modifier=plus + adj if mult == 1 else 0, modifier_parts=parts, note=note
        )
        total = damage_total(sum(faces), plus, mult, adj)
        words = " + ".join(map(str, faces)) + (f" {plus:+d}" if plus else "")
        if mult != 1:
            words = f"({words}) x{ps.show(Fraction(mult).limit_denominator(10))}"
        if adj:
            words += f" {adj:+d} (strength)"
        self.log.append(f"{self.names[attacker]} rolls {words} = {total} damage to {self.names[defender]}")
        return total

    def damage_words(
        self, attacker: int, defender: int, weapon: int, mode: str, mult: float
    ) -> tuple[Dice, int, int, tuple[tuple[str, int], ...], str]:
        """A damage roll's dice, the number added to them, the strength adjustment, and the prompt's words
        (the modifier's parts, the note) for a blow of ``weapon`` on ``defender`` (:meth:`damage_terms`).

        Kept a fight with the attacker's needs by the blow and the stats he has lost (his card, the
        defender's and the tables never change): the same blow on the same defender reads the same."""
        key = ("damage words", defender, weapon, mode, mult, self.f[attacker].stat_loss)
        needs = self.beings[attacker].needs
        kept: tuple[Dice, int, int, tuple[tuple[str, int], ...], str] | None = needs.get(key)
        if kept is not None:
            return kept
        name, dice_text, dice, plus, strength, adj = self.damage_terms(attacker, defender, weapon, mode)
        parts: tuple[tuple[str, int], ...] = ((f"{name} {dice_text}", plus),) if plus else ()
        if adj:
            parts += ((f"strength {strength}", adj),)
        note = f"on {self.names[defender]} ({self.beings[defender].card.size})"
        if mult != 1:
            note += f"; the weapon's damage x{ps.show(Fraction(mult).limit_denominator(10))}" + (
                ", then the strength" if adj else ""
            )
        kept = needs[key] = (dice, plus, adj, parts, note)
        return kept

    def damage_terms(
        self, attacker: int, defender: int, weapon: int, mode: str
    ) -> tuple[str, str, Dice, int, int | None, int]:
        """PA-4: (the weapon or ammunition, its dice as printed for the defender's size, the dice to
        roll, the number added to them, the attacker's strength, its damage adjustment: none for a
        weapon that shoots unless its card says it was made for that strength, PA-8)."""
        key = self.weapon(attacker, weapon)
        if mode == "missile":
            key = self.tables.missiles[key].ammunition
        dice_text = pt.weapon_damage(self.tables, key, self.beings[defender].card.size)
        dice, plus = dice_of(dice_text)
        strength = self.strength(attacker)
        adj = 0
        if strength is not None and not (
            mode == "missile" and not takes_strength(self.tables, self.beings[attacker].card.weapons[weapon])
        ):
            adj = pt.strength_adjustment(self.tables, strength, "damage")
        return key, dice_text, dice, plus, strength, adj

    def wound(
        self, attacker: int, defender: int, weapon: int, mode: str, mult: float, ops: list[Callable[[], None]]
    ) -> None:
        points = self.damage(attacker, defender, weapon, mode, mult)
        self.pending.append(lambda: self.hurt(defender, points, 0))
        self.pending.extend(ops)
