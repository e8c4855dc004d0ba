"""Simultaneous Combat for Fudge, a round's last phase: its end (design 6.5).

Each combatant's round closes: in danger (combat experience's improvement roll after the
scene), fought back against (his cap then holds, FU-8), all-out attack's penalty for the next
round, ammunition spent, a turn of reloading, the aim kept or lost (text: Aim). Then whether any
hit could still wound anyone (issue 17), which the ruleset tells the GM once.
"""

from __future__ import annotations

from typing import Any

from companion.rulesets.fudge.damage import Damage
from companion.rulesets.fudge.rules import POOR
from companion.rulesets.fudge.state import ATTACKS, BULLET_RANK, MAX_GANG, ROUNDS_DR, Arm, Decl


class RoundEnd(Damage):
    """The round's close for each combatant; whether a hit can still wound."""

    # --- the round's end (design 6.5) -----------------------------------------------------

    def close(self) -> None:
        for combatant in self.everyone:
            self.close_for(combatant)

    def close_for(self, combatant: int) -> None:
        me, decl = self.f[combatant], self.decl[combatant]
        if self.in_danger(combatant):  # the same test as the skill cap: capped in a round, he rolls after the scene
            me.in_danger = True
        if self.able0[combatant] and self.fought_back(combatant):
            me.fought = True  # from now on his combat experience caps him to the scene's end (FU-8)
        me.tired = decl is not None and decl.action == "all-out-attack"
        if decl is not None and self.options.reloading:
            self.spend(combatant, decl)
            if decl.action == "reload":
                self.reload_turn(combatant, decl.weapon)  # type: ignore[arg-type]
        keep = decl is not None and (decl.action == "aim" or self.aimed(combatant))
        if decl is not None and decl.action == "aim":
            me.aim = (decl.weapon, decl.targets[0])  # type: ignore[assignment]
        if not keep or me.lost_aim or combatant in self.dodged or not me.able:
            if me.aim is not None and keep and me.able:  # said, not lost silently
                why = "made to dodge" if combatant in self.dodged else "wounded and not shrugged off"
                self.log.append(f"{self.names[combatant]} loses the aim: {why} (text: Aim)")
            me.aim = None  # made to dodge, or damaged and not shrugged off: the aim is lost (text)

    def spend(self, combatant: int, decl: Decl) -> None:
        """Ammunition: 1 a shot, 3 for a burst or an automatic pistol's all-out attack, all for
        empty the clip (text)."""
        if decl.action not in ATTACKS:
            return
        arm = self.arm(combatant)
        weapon = decl.weapon
        loaded = self.f[combatant].loaded[weapon]  # type: ignore[index]
        if not arm.counted or loaded is None:
            return
        used = 1
        if decl.action == "three-round-burst" or (decl.action == "all-out-attack" and arm.spec.automatic_pistol):
            used = 3
        elif decl.action == "empty-the-clip":
            used = loaded
        self.f[combatant].loaded[weapon] = max(0, loaded - used)  # type: ignore[index]

    def reload_turn(self, combatant: int, weapon: int) -> None:
        """One turn of reloading; when the weapon's turns are done it is full and a spare load
        is used. Turns already spent are kept if he does something else meanwhile [D]."""
        me = self.f[combatant]
        left = me.reloading[weapon]
        if left is None:
            left = self.reload_turns(combatant, weapon) or 1
        left -= 1
        arm = self.sheets[combatant].arms[weapon]
        if left > 0:
            me.reloading[weapon] = left
            self.log.append(f"{self.names[combatant]} reloads the {arm.name}: {left} turn{'s' * (left != 1)} to go")
            return
        me.reloading[weapon] = None
        me.loaded[weapon] = arm.spec.capacity
        if me.spare[weapon] is not None:
            me.spare[weapon] -= 1  # type: ignore[operator]
        self.log.append(f"{self.names[combatant]} has reloaded the {arm.name} ({arm.spec.capacity} loaded)")

    # --- whether any hit can still wound (issue 17) ---------------------------------------

    def can_wound(self) -> bool:
        """Whether any hit by the rules could still wound anyone: an able combatant with a weapon he
        can use (loaded, or to be reloaded) whose best damage against a foe still alive reaches a
        wound after the foe's armor (or a kevlar stop roll, a Scratch). An upper bound over every
        maneuver, location and RD bonus in play, with no GM's modifier: False means no hit can.

        Asked at every round's end, and changed only when someone falls or a weapon's loads run
        out: worked out once a fight for who is able and alive and, with ``reloading``, every
        weapon's loads. Kept in the state's ``__dict__`` (not a field) with the sheets, options and
        tables it was read from, as :attr:`FudgeState.cast` is: every state of the fight copies it."""
        f = self.f
        key = (
            tuple([(me.dead, me.able) for me in f]),
            tuple([(tuple(me.loaded), tuple(me.reloading), tuple(me.spare)) for me in f])
            if self.options.reloading
            else None,
        )
        st = self.st
        kept = st.__dict__.get("_wounding")
        if kept is None or kept[0] is not st.sheets or kept[1] is not st.options or kept[2] is not st.tables:
            kept = st.__dict__["_wounding"] = (st.sheets, st.options, st.tables, {})  # frozen: as cached_property does
        found: dict[Any, bool] = kept[3]
        can = found.get(key)
        if can is None:
            can = found[key] = self._can_wound()
        return can

    def _can_wound(self) -> bool:
        for combatant in self.everyone:
            if not self.f[combatant].able:
                continue
            arms = []
            for weapon, arm in enumerate(self.sheets[combatant].arms):
                if not self.strong_enough(combatant, weapon):
                    continue
                if self.options.reloading and arm.counted and (self.f[combatant].loaded[weapon] or 0) < 1:
                    if not self.can_reload(combatant, weapon):
                        continue
                arms.append(arm)
            foes = self.enemies(combatant)
            if any(self.may_wound(combatant, enemy, arm) for arm in arms for enemy in foes):
                return True
            # his weapon for a blow back, bare hands too (FU-2, FU-11): sought only when no weapon of his can wound
            back = self.back_arm(combatant)
            if back is not None and any(self.may_wound(combatant, enemy, back) for enemy in foes):
                return True
        return False

    def may_wound(self, combatant: int, enemy: int, arm: Arm) -> bool:
        """Whether ``arm`` in the hands of ``combatant`` could wound ``enemy`` at best
        (:meth:`can_wound`)."""
        card, options = self.sheets[combatant].card, self.options
        top = arm.spec.bd + options.base_damage + options.damage_dice
        if options.strength_damage:
            if arm.kind in ("melee", "thrown"):
                top += card.strength
            elif arm.kind in ("bow", "crossbow"):
                top += getattr(arm.entry, "strength", None) or 0
        bonus = 0
        if options.all_out_attack and (arm.kind in ("melee", "bow") or arm.spec.automatic_pistol):
            bonus = 1
        if options.three_round_burst and arm.spec.fire in ("auto", "auto-cutoff"):
            bonus = max(bonus, 1)
        if options.empty_the_clip and arm.spec.fire == "auto":
            bonus = 2
        top += bonus
        diff = card.scale - self.sheets[enemy].card.scale
        if options.scale:
            top += self.tables.scale_mods(diff)[1]
        if options.rd_bonus != "off":
            attack = arm.level + 4 + 2 + (max(0, self.tables.scale_mods(diff)[0]) if options.scale else 0)
            other = self.sheets[enemy].card
            lowest = min([other.dodge, POOR, *other.skills.values()]) - 4 - (MAX_GANG - 1) - 2 - 3
            top += max(0, self.rd_bonus(attack - lowest))
        places = [(0, False)]
        if options.hit_location:
            places += [(location.damage, location.bypasses_armor) for location in self.tables.hit_locations.values()]
        armor = self.sheets[enemy].armor
        for extra, bypass in places:
            total = top + extra
            counts = options.armor_dr and armor is not None and not bypass
            if counts and armor is not None and armor.kind == "primitive" and arm.kind == "gun":
                counts = arm.spec.small_caliber or arm.rounds in ("sp", "hp")
            if not counts or armor is None:
                if self.tables.wound_for(total) != "none":
                    return True
                continue
            if arm.kind == "gun":
                stop = (armor.stop_dice or 0) and max(
                    0, (armor.stop_dice or 0) - BULLET_RANK.get(arm.spec.bullet or "pistol", 0) - (arm.rounds == "ap")
                )
                if stop or arm.rounds in ("sp", "hp"):
                    return True  # a bullet stopped is a Scratch (text)
            dr = armor.dr + (ROUNDS_DR.get(arm.rounds, 0) if arm.kind == "gun" else 0)
            if self.tables.wound_for(total - max(0, dr)) != "none":
                return True
            if armor.kind == "kevlar" and self.tables.wound_for(total) != "none":
                return True  # kevlar never below a Scratch (text)
        return False
