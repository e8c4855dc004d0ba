"""Paul's Adventures In Fantasy: the effect of a critical or fumble row (PA-3, PA-9).

A row read on a being: its "no effect if" first (R-13), its dice rolled now (stunned
rounds, death in turns or days, a stat lost, rounds without the shield, a dexterity
check, a weapon knocked away or breaking), its changes returned to land with the group's
damage (PA-6), and its damage multiplier. "Next round" effects cover that round alone
(PA-9); a fumble's misdirected blows and further rolls go to :mod:`rulesets.paf.fumbles`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from companion.dice import Dice
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.state import D_PERCENT, dice_of
from companion.rulesets.paf.tables import Effect


def blocked(row: Effect, helmed: bool, shielded: bool, condition: str | None = None) -> bool:
    """A row's "no effect if helmed / shielded / no shield" holds for this defender (PA-3);
    ``condition``: the row's as played (:meth:`Round.no_effect_if`), else as printed."""
    condition = condition or row.no_effect_if
    if condition is None:
        return False
    return {"helmed": helmed, "shielded": shielded, "no_shield": not shielded}[condition]


def critical_multiplier(row: Effect, helmed: bool, shielded: bool) -> float:
    """The damage multiplier a critical row gives this defender: none when the row has no effect
    on him, the helmed line's when he is helmed (PA-3)."""
    if blocked(row, helmed, shielded):
        return 1
    if row.if_helmed is not None and helmed:
        return critical_multiplier(row.if_helmed, helmed, shielded)
    return row.damage_multiplier or 1


class Effects(LiveNumbers):
    """What a critical or fumble row does to a being (PA-3, PA-9, PA-12), and the changes it leaves."""

    def effect(
        self, being: int, row: Effect, *, roller: int, foe: int | None
    ) -> tuple[list[Callable[[], None]], float]:
        """The effect of a row on ``being``: its dice rolled now (by ``roller``), the changes returned to be
        applied with the group's damage; and the damage multiplier it gives."""
        ops: list[Callable[[], None]] = []
        condition = self.no_effect_if(row)
        if condition != row.no_effect_if:
            self.log.append(
                'read as "no effect if no shield" (R-13: as printed it could never act; '
                "the option shield_row=printed plays it so)"
            )
        if condition is not None and blocked(row, self.helmed(being), self.shielded(being), condition):
            why = {"helmed": "helmed", "shielded": "shielded", "no_shield": "has no shield"}[condition]
            self.log.append(
                f"no effect: {self.name(being)} is {why}"
                if condition != "no_shield"
                else f"no effect: {self.name(being)} {why}"
            )
            return ops, 1
        # PA-9: a fumble acts only on what its row names: a helm that slips needs a helm, a shield
        # tangled a shield (as row 60-61 says for the shield), else no effect at all
        if row.helm == "slips" and not self.helmed(being):
            self.log.append(f"no effect: {self.name(being)} has no helm (PA-9)")
            return ops, 1
        if row.shield == "tangled" and not self.shielded(being):
            self.log.append(f"no effect: {self.name(being)} has no shield (PA-9)")
            return ops, 1
        if row.if_helmed is not None and self.helmed(being):
            self.log.append(f"{self.name(being)} is helmed")
            return self.effect(being, row.if_helmed, roller=roller, foe=foe)
        on_fail = row.dex_check.on_fail if row.dex_check is not None else None
        if (row.weapon is not None or (on_fail is not None and on_fail.weapon is not None)) and being in self.left_hand:
            # [D] a fumble's later row on a weapon an earlier row of it dropped, knocked away or broke
            weapon, how = self.left_hand[being]
            self.log.append(
                f"no effect: the {self.weapon(being, weapon)} is no longer in {self.name(being)}'s hand ({how})"
            )
            return ops, 1
        mult = critical_multiplier(row, self.helmed(being), self.shielded(being))
        now = self.round
        late = now + 1  # "next round"
        words: list[str] = []
        injuries: list[str] = []

        def later(change: Callable[[], None]) -> None:
            ops.append(change)

        # `count` and `until` are each shared by the changes below, which read them when the group's
        # effects land (late binding), as they always have: a row with two of the effects that set one
        # would give both its last value; no shipped row has two
        if row.dex_check is not None:
            dex = self.dexterity(being)
            (roll,) = self.roll(
                being,
                dice_of(row.dex_check.die)[0],
                "dexterity check",
                target=None,
                against=self.dexterity_against(being),
            )
            made = roll <= dex
            self.log.append(
                f"{self.name(being)} rolls {roll} against dexterity {dex}: " + ("made" if made else "failed")
            )
            if row.dex_check.purpose == "fix":
                if made:
                    self.log.append(f"{self.name(being)} fixes the helm at once")
                    return ops, 1
            elif row.dex_check.on_fail is not None:
                if not made:  # made: only the check's failure is avoided (twist ankle still halves speed)
                    more, _ = self.effect(being, row.dex_check.on_fail, roller=roller, foe=foe)
                    ops += more
        if row.stunned is not None:
            dice, plus = dice_of(row.stunned)
            count = sum(self.roll(roller, dice, "stunned", note=f"rounds {self.name(being)} is stunned")) + plus
            self.log.append(f"{self.name(being)} is stunned for {count} round{'s' * (count != 1)}")
            later(lambda: self.stun(being, count))
        if row.fall:
            words.append("falls down")
            later(lambda: self.no_action_in(being, late))  # [D] falls: no action next round (that round alone)
        if row.death == "immediate":
            self.outright = True
            later(lambda: self.kill(being, "killed outright"))
        if row.death_in is not None:
            dice, plus = dice_of(row.death_in.dice)
            count = (
                sum(self.roll(roller, dice, "death in", note=f"{row.death_in.unit} until {self.name(being)} dies"))
                + plus
            )
            if row.death_in.unit == "days":
                self.log.append(f"{self.name(being)} will die in {count} days")
                later(lambda: self._days(being, count))
            else:
                rounds = count * (self.options.turn_rounds if row.death_in.unit == "turns" else 1)
                self.log.append(f"{self.name(being)} will die in {count} {row.death_in.unit} ({rounds} rounds)")
                later(lambda: self._dying(being, now + rounds - 1))
        if row.movement is not None:
            if row.duration == "1_turn":
                until = now + self.options.turn_rounds
                later(lambda: setattr(self.f[being], "halved_until", until))
                words.append(f"half speed till round {until}")
            else:
                movement = row.movement
                later(lambda: self._movement(being, movement))
                injuries.append("no movement" if row.movement == "none" else "movement halved")
        if row.carrying_capacity:
            injuries.append("carrying capacity halved")
        if row.attacks is not None or row.actions is not None:
            self._attacks(being, row, ops, words, injuries)
        if row.opponent_attacks == "none" and foe is not None and foe != being:
            # PA-9: "neither attacks next round" is the next round alone, whether the foe has acted yet or not
            later(lambda: self.no_attack_in(foe, late))
            words.append(f"{self.name(foe)} cannot attack next round")
        for part in row.lost:
            injuries.append("lost " + part.replace("_", " "))
            if part.startswith("weapon_arm"):
                later(functools.partial(self.no_attacks, being, self.cause))
            if part.startswith("shield_arm"):
                later(lambda: setattr(self.f[being], "shield", False))
            if part.startswith("leg"):
                later(lambda: self._movement(being, "none"))
        for broken in row.broken:
            injuries.append("broken " + broken.replace("_", " "))
        if row.struck:
            pass  # the row's words say where
        if row.stat_loss is not None:
            dice, plus = dice_of(row.stat_loss.dice)
            hint = "; a d5: a d10 halved, rounded up" if any(die.sides == 5 for die in dice.dice) else ""
            count = (
                sum(
                    self.roll(
                        roller,
                        dice,
                        f"{row.stat_loss.stat} loss",
                        note=f"the {row.stat_loss.stat} {self.name(being)} loses{hint}",
                    )
                )
                + plus
            )
            stat = row.stat_loss.stat
            until = " until healed" if row.stat_loss.until_healed else ""  # type: ignore[assignment]  # shared, above
            self.log.append(f"{self.name(being)} loses {count} {stat}{until}")
            later(lambda: self._stat(being, stat, count))
            injuries.append(f"{stat} -{count}" + (" until healed" if row.stat_loss.until_healed else ""))
        if row.shield in ("broken", "destroyed", "lost") and self.shielded(being):
            later(lambda: setattr(self.f[being], "shield", False))
            words.append(f"shield {row.shield}")
        if row.no_shield_defense is not None:
            dice, plus = dice_of(row.no_shield_defense)
            count = (
                sum(self.roll(roller, dice, "shield defense", note=f"rounds without {self.name(being)}'s shield"))
                + plus
            )
            later(lambda: setattr(self.f[being], "shield_off_until", now + count))
            words.append(f"no shield defense for {count} rounds")
        if row.helm == "removed" and self.helmed(being):
            later(lambda: setattr(self.f[being], "helm", "none"))
            words.append("helm removed")
        if row.helm == "slips":
            kind = "no_attacks" if row.attacks == "none" else "penalty"
            later(lambda: setattr(self.f[being], "slipped", kind))
        if row.weapon is not None:
            self._weapon(being, row, ops, words)
        if row.no_talking:
            injuries.append("cannot talk")
        if row.opponent_next_attack:
            amount = row.opponent_next_attack * self.options.hit_probability
            later(lambda: setattr(self.f[being], "exposed", amount))
            words.append(f"the next attack on {self.name(being)} -{amount} to the chance to miss")
        if injuries:
            later(lambda: self._injure(being, injuries))
        if words:
            self.log.append(f"{self.name(being)}: " + ", ".join(words))
        if row.hit is not None:
            self.misdirected(roller, row.hit, mult, foe)
            mult = 1
        if row.critical is not None:
            self.misdirected_critical(roller, row.critical)
        if row.roll_again is not None:
            self.fumble_again(roller, row.roll_again.times, row.roll_again.ignore, foe)
        return ops, mult

    def _attacks(
        self, being: int, row: Effect, ops: list[Callable[[], None]], words: list[str], injuries: list[str]
    ) -> None:
        late = self.round + 1
        if row.duration == "until_fixed":
            return  # the slipped helm (its row's helm: slips) holds it
        if row.actions == "none":
            ops.append(lambda: self.no_action_in(being, late))  # PA-9: the next round alone
            words.append("no action next round")
        if row.attacks == "none":
            if row.duration == "next_round":
                ops.append(lambda: self.no_attack_in(being, late))  # PA-9: the next round alone
                words.append("no attack next round")
            else:
                ops.append(functools.partial(self.no_attacks, being, self.cause))
                injuries.append("no attacks")
        elif isinstance(row.attacks, int):
            amount = -row.attacks * self.options.hit_probability  # R-14 [D]: hit probability -2 -> +8 to miss
            ops.append(lambda: setattr(self.f[being], "penalty", self.f[being].penalty + amount))
            injuries.append(f"hit probability {row.attacks} (+{amount} to miss)")

    def no_attacks(self, being: int, why: str) -> None:
        """Lasting "no attacks" (a weapon arm broken, struck or lost), and why: the row that did it."""
        me = self.f[being]
        if not me.no_attacks:
            me.no_attacks, me.no_attacks_why = True, why

    def no_action_in(self, being: int, in_round: int) -> None:
        me = self.f[being]
        me.no_action_rounds = tuple(sorted({*me.no_action_rounds, in_round}))

    def no_attack_in(self, being: int, in_round: int) -> None:
        me = self.f[being]
        me.no_attack_rounds = tuple(sorted({*me.no_attack_rounds, in_round}))

    def no_effect_if(self, row: Effect) -> str | None:
        """The row's "no effect if ..." as played: R-13 [D], a row that destroys the shield "(no effect
        if shielded)" could never act; by default it reads "no effect if no shield" (option
        ``shield_row``)."""
        if row.no_effect_if == "shielded" and row.shield == "destroyed" and self.options.shield_row == "no_shield":
            return "no_shield"
        return row.no_effect_if

    def _weapon(self, being: int, row: Effect, ops: list[Callable[[], None]], words: list[str]) -> None:
        weapon = self.in_hand(being)
        if weapon is None:
            return
        name = self.weapon(being, weapon)
        if self.f[being].weapons[weapon] == "gone":
            # [D] the last of a thrown weapon has left the hand: nothing to drop, break or tangle
            words.append(f"nothing in hand (the last {name} was thrown)")
            return
        if row.weapon in ("dropped", "knocked_away"):
            if row.knocked_away is not None:
                faces = self.roll(
                    being,
                    Dice.of(*dice_of(row.knocked_away.direction)[0].dice, *dice_of(row.knocked_away.feet)[0].dice),
                    "knocked away",
                    note="d8 for direction, d10 for the distance in feet",
                )
                words.append(f"the {name} lands {faces[-1]} feet away, direction {faces[0]}")
                self.left_hand[being] = (weapon, "knocked away")
            else:
                words.append(f"drops the {name}")
                self.left_hand[being] = (weapon, "dropped")
            ops.append(lambda: self._set_weapon(being, weapon, "dropped"))
        elif row.weapon == "breaks":
            magic = self.beings[being].card.weapons[weapon].magic
            chance = 100
            if row.break_chance is not None:
                chance = row.break_chance.base + row.break_chance.per_plus * max(0, magic)
            breaks = chance >= 100
            if 0 < chance < 100:
                (roll,) = self.roll(
                    being, D_PERCENT, "weapon breaks", target=None, against=f"{chance} or less breaks the {name}"
                )
                breaks = roll <= chance
            elif chance <= 0:
                breaks = False
            words.append(f"the {name} {'breaks' if breaks else 'holds'}")
            if breaks:
                self.left_hand[being] = (weapon, "broken")
                ops.append(lambda: self._set_weapon(being, weapon, "gone"))
        elif row.weapon == "tangled":
            words.append(f"the {name} is tangled")

    def _set_weapon(self, being: int, weapon: int, how: str) -> None:
        weapons = list(self.f[being].weapons)
        weapons[weapon] = how
        self.f[being].weapons = tuple(weapons)

    def _days(self, being: int, days: int) -> None:
        me = self.f[being]
        me.dies_in_days = days if me.dies_in_days is None else min(me.dies_in_days, days)

    def _dying(self, being: int, at: int) -> None:
        me = self.f[being]
        me.dying_at = at if me.dying_at is None else min(me.dying_at, at)

    def _movement(self, being: int, how: str) -> None:
        me = self.f[being]
        if how == "none" or me.movement == "none":
            me.movement = "none"
        else:
            me.movement = "halved"

    def _stat(self, being: int, stat: str, points: int) -> None:
        self.f[being].stat_loss = self.f[being].stat_loss + ((stat, points),)

    def _injure(self, being: int, words: list[str]) -> None:
        self.f[being].injuries = self.f[being].injuries + tuple(words)

    def stun(self, being: int, rounds: int) -> None:
        """PA-12: "stunned N rounds" costs exactly N of its turns: this round's and the next N - 1 when
        its turn of this round is still to come, else the next N (it is stunned from now on either way)."""
        me = self.f[being]
        first = self.round if self.initiative[being] is not None and not self.had_turn[being] else self.round + 1
        me.stunned_until = max(me.stunned_until, first + rounds - 1)
