"""Simultaneous Combat for Fudge, a round's fourth phase: damage (design 6.4, FU-3, FU-4).

Each hit in the order found: kevlar's stop roll against a bullet (all '-' and it gets through,
else a Scratch), the damage roll (the weapon's BD, the options' and maneuvers' modifiers, the
attack's RD bonus, less the armor's DR) read on the damage results (FU-3), the wound's box or
the next worse free one (FU-4), and with ``health_rolls`` the Health roll that shrugs a wound
off until the scene ends (FU-6).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.ruleset import RollPrompt
from companion.rulesets.fudge.resolution import Resolution
from companion.rulesets.fudge.rules import POOR, ladder_name, ladder_show
from companion.rulesets.fudge.state import (
    ACTION_WORDS,
    BOXES,
    BULLET_RANK,
    DAMAGE_BONUS,
    FOUR_DF,
    RD_SHIFT,
    ROUNDS_DR,
    WOUND_WORDS,
    Arm,
    Decl,
    Hit,
    SceneEnded,
    faces_words,
    fudge_dice,
    listed,
    possessive,
    sum_words,
)
from companion.rulesets.fudge.tables import Armor


class Damage(Resolution):
    """Each hit's stop roll, damage roll, wound box and Health roll."""

    # --- the damage roll (FU-3) -----------------------------------------------------------

    def damage(self, hit: Hit) -> None:
        attacker, defender = hit.attacker, hit.defender
        if self.stopped(hit):
            self.wound(defender, "scratch", None)
            return
        dr, kevlar = self.dr(hit)
        note = (
            f"{possessive(self.names[defender])} armor DR {dr}" + (" (never below a Scratch)" if kevlar else "")
            if dr
            else ""
        )
        self.hitting = hit
        self.asking = "damage"

        def make() -> RollPrompt:
            parts = self.damage_parts(hit)  # the GM's modifiers typed at it among them (FU-10, FU-11)
            return self.roll_kept(
                attacker,
                self.options.damage_dice,
                f"damage to {self.names[defender]}",
                parts,
                "the damage results",
                None,
                note,
            )

        def whole() -> RollPrompt:
            return self.whole_damage(hit, note, make)

        faces = self.ask_roll(("damage", attacker, defender), whole)
        self.asking = None
        prompt = self.asked if isinstance(self.asked, RollPrompt) else whole()  # as it was answered, else made again
        parts = prompt.modifier_parts
        total = prompt.modifier + sum(faces)
        degree, wound = self.wound_of(hit, total)
        self.last_degree = degree
        text = (
            f"{self.names[attacker]} rolls {faces_words(faces)} for damage: {sum_words(parts, faces, level=False)} = "
            f"{ladder_show(total)}"
        )
        if dr:
            text += f", DR {dr}: {ladder_show(degree)}"
        self.log.append(f"{text}: {WOUND_WORDS[wound]}")
        self.wound(defender, wound, degree)

    def whole_damage(self, hit: Hit, note: str, make: Callable[[], RollPrompt]) -> RollPrompt:
        """The prompt of the damage roll of ``hit``, as ``make`` works it out (:meth:`damage_parts`,
        :meth:`RoundBase.roll_kept`), kept a fight on the attacker's sheet (beside his rolls kept
        whole, :meth:`Rolls.whole_roll`): the same blow lands round after round.

        Its key is everything ``make`` reads: the hit (who hits whom, its RD, whether it is a blow
        back), the attacker's declaration (his weapon, maneuver, targets and location; none for a
        blow back, which is his weapon alone), the note (the defender's armor DR), the GM's
        modifiers typed at it, whether the scene is on, the scene's sheets (names, weapons,
        Strength, scale: :meth:`scene_id`), and by identity the options and tables (kept with the
        prompt, so their ids are another's never while it is kept)."""
        typed = self.gm.get(("damage", hit.attacker, hit.defender))
        options, tables = self.options, self.tables
        key = (
            "damage",
            hit,
            None if hit.back else self.decl[hit.attacker],
            note,
            tuple(typed) if typed else None,
            self.in_scene,
            self.scene_id(hit.attacker),
            id(options),
            id(tables),
        )
        kept = self.sheets[hit.attacker].kept_whole
        found = kept.get(key)
        if found is None or found[0] is not options or found[1] is not tables:
            found = kept[key] = (options, tables, make())
        return found[2]

    def hit_arm(self, hit: Hit) -> Arm:
        """The weapon of a hit: the attack's, or the one a defender hits back with
        (:meth:`back_arm`)."""
        if hit.back:
            arm = self.back_arm(hit.attacker)
            assert arm is not None  # a blow back is found only with a weapon to strike it
            return arm
        return self.arm(hit.attacker)

    def wound_of(self, hit: Hit, total: int) -> tuple[int, str]:
        """(degree, wound) of a damage total against the defender: less the armor's DR, read on
        the damage results (FU-3); kevlar never below a Scratch (text)."""
        dr, kevlar = self.dr(hit)
        degree = total - dr
        wound = self.tables.wound_for(degree)
        if kevlar and wound == "none" and self.tables.wound_for(total) != "none":
            wound = "scratch"  # kevlar is flexible: never below a Scratch (text)
        return degree, wound

    def damage_parts(self, hit: Hit) -> list[tuple[str, int]]:
        """BD and every damage modifier (FU-3, text's options and maneuvers). A blow back is the
        defender's weapon alone: no maneuver or location of an attack of his (FU-2, FU-11)."""
        attacker, defender = hit.attacker, hit.defender
        arm, card = self.hit_arm(hit), self.sheets[attacker].card
        decl = Decl("defend") if hit.back else self.decl[attacker]
        assert decl is not None
        parts = [(f"{arm.name} BD", arm.spec.bd)]
        if self.options.base_damage:
            parts.append(("base damage", self.options.base_damage))
        if self.options.strength_damage:
            if arm.kind in ("melee", "thrown"):
                parts.append((f"Strength {ladder_name(card.strength)}", card.strength))
            elif arm.kind in ("bow", "crossbow"):
                own = getattr(arm.entry, "strength", None)
                if own is not None:
                    parts.append((f"{arm.name} Strength {ladder_name(own)}", own))
        maneuver = DAMAGE_BONUS.get(decl.action)
        if maneuver:
            parts.append((ACTION_WORDS[decl.action], maneuver))
        if decl.action == "empty-the-clip" and len(decl.targets) > 1:
            parts.append((f"{len(decl.targets)} targets", -(len(decl.targets) - 1)))
        if decl.location is not None:
            location = self.tables.hit_locations[decl.location]
            if location.damage:
                parts.append((location.name.lower(), location.damage))
        if self.options.scale:
            diff = card.scale - self.sheets[defender].card.scale
            _, dmg = self.tables.scale_mods(diff)
            if dmg:
                parts.append((f"scale {diff:+d}", dmg))
        bonus = self.rd_bonus(hit.rd)
        if bonus:
            shift = RD_SHIFT[self.options.rd_bonus] or 0
            parts.append((f"RD {hit.rd}" + (f" - {shift}" if shift else ""), bonus))  # the option's RD-1, RD-2
        return parts + self.gm_parts("damage", attacker, defender)

    def rd_bonus(self, rd: int) -> int:
        """The attack RD bonus (text: RD-1, RD or RD-2; a penalty too only with ``rd_penalty``)."""
        shift = RD_SHIFT[self.options.rd_bonus]
        if shift is None:
            return 0
        bonus = rd - shift
        return bonus if self.options.rd_penalty else max(0, bonus)

    # --- armor: DR and kevlar's stop roll (text) ------------------------------------------

    def armor_against(self, hit: Hit) -> Armor | None:
        """The defender's armor if it counts against this hit (``armor_dr``): primitive armor
        against melee, thrown, bows, crossbows and small-caliber guns, and against SP/HP
        rounds [D]; kevlar against everything [R]; none at a location that bypasses it."""
        attacker, defender = hit.attacker, hit.defender
        armor = self.sheets[defender].armor
        if not self.options.armor_dr or armor is None:
            return None
        loc = None if hit.back else self.decl[attacker].location  # type: ignore[union-attr]
        if loc is not None and self.tables.hit_locations[loc].bypasses_armor:
            return None
        arm = self.hit_arm(hit)
        if armor.kind == "primitive" and arm.kind == "gun":
            if not (arm.spec.small_caliber or arm.rounds in ("sp", "hp")):
                return None
        return armor

    def dr(self, hit: Hit) -> tuple[int, bool]:
        """(DR, whether it is kevlar's): AP -1, SP/HP +2 (text)."""
        armor = self.armor_against(hit)
        if armor is None:
            return 0, False
        dr = armor.dr
        arm = self.hit_arm(hit)
        if arm.kind == "gun":
            dr += ROUNDS_DR.get(arm.rounds, 0)
        return max(0, dr), armor.kind == "kevlar"

    def stop_dice(self, hit: Hit) -> int:
        """Kevlar's stopping dF against this bullet: the armor's dice less 1 against SMGs, 2
        against rifles; AP counts one type higher; SP/HP: any armor gets at least 1 (text)."""
        armor = self.armor_against(hit)
        if armor is None:
            return 0
        arm = self.hit_arm(hit)
        if arm.kind != "gun":
            return 0
        count = armor.stop_dice or 0
        if count:
            count -= BULLET_RANK.get(arm.spec.bullet or "pistol", 0) + (1 if arm.rounds == "ap" else 0)
        if arm.rounds in ("sp", "hp"):
            count = max(count, 1)
        return max(0, count)

    def stopped(self, hit: Hit) -> bool:
        """The stop roll: all '-' and the bullet is through; otherwise a Scratch (text)."""
        count = self.stop_dice(hit)
        if not count:
            return False
        defender = hit.defender
        armor = self.sheets[defender].armor
        assert armor is not None
        self.hitting = hit
        prompt = RollPrompt(
            self.names[defender],
            self.sheets[defender].side,
            fudge_dice(count),
            f"{armor.name} stops the bullet",
            0,
            against="all '-': the bullet gets through",
            note="anything else stops it: a Scratch",
            closed=self.closed(),
            also=self.also(),  # it reads the faces, not a total: no GM's modifier
        )
        faces = self.take(lambda: prompt)
        through = all(face == -1 for face in faces)
        self.log.append(
            f"{possessive(self.names[defender])} {armor.name} rolls {faces_words(faces)}: "
            + ("the bullet gets through" if through else "stops the bullet, a Scratch")
        )
        return not through

    # --- the wound boxes and the Health roll (FU-4, FU-6) ---------------------------------

    def wound(self, defender: int, wound: str, degree: int | None) -> None:
        """Mark the wound's box, else the next worse free one (FU-4); no box left: dead [R]."""
        who = self.names[defender]
        if wound == "none":
            return
        me = self.f[defender]
        level = next((free for free in range(BOXES.index(wound), len(BOXES)) if 0 in me.boxes[free]), None)
        if level is None:
            me.dead = True
            self.log.append(f"{who} has no wound box left at {WOUND_WORDS[wound]} or worse: dead")
            self.fall(defender)
            return
        if BOXES[level] != wound:
            full = listed([WOUND_WORDS[box] for box in BOXES[BOXES.index(wound) : level]])
            self.log.append(f"{possessive(who)} {full} boxes are full: marks {WOUND_WORDS[BOXES[level]]}")
        mark = 1
        if level > 0 and self.options.health_rolls:
            assert self.hitting is not None  # a Health roll follows a hit's damage or stop roll
            try:
                mark = 2 if self.health_roll(self.hitting.attacker, defender, level, degree, wound) else 1
            except SceneEnded:  # the GM ends the scene at the Health roll: the wound rolled stands (FU-6)
                self.unrolled = (defender, level, wound)
                raise
        me.mark(level, mark)
        if level > 0 and mark == 1:
            me.lost_aim = True  # damaged and not shrugged off: the aim is lost (text)
        was = me.fell
        if mark == 1 and not me.able and not was:
            self.fall(defender)
        word = WOUND_WORDS[BOXES[level]]
        status = me.status
        self.log.append(
            f"{who} marks {'an' if word[0] in 'AEIOU' else 'a'} {word} box"
            + (" (shrugged off)" if mark == 2 else "")
            + (f": {status}" if status != "fighting" and mark == 1 else "")
        )

    def health_roll(self, attacker: int, defender: int, level: int, degree: int | None, wound: str) -> bool:
        """The Health roll of ``defender`` hit by ``attacker``: at least the damage degree and the
        wound is shrugged off until the scene ends (text; FU-6 then gives it in full). A wound moved
        to a worse box (FU-4) must be shrugged off at that box's least degree on the damage results
        [D]; the prompt says which."""
        need = degree if degree is not None else POOR
        against = f"the damage degree, {ladder_name(need)}"
        floor = self.least_degree(BOXES[level])
        if floor is not None and floor > need:
            need = floor
            box = WOUND_WORDS[BOXES[level]]
            rolled = f"damage degree {ladder_name(degree)}" if degree is not None else "a stopped bullet"
            against = (
                f"{ladder_name(need)}, the least degree of a {box}: the {WOUND_WORDS[wound]} ({rolled}) "
                f"takes a {box} box, its own being full (FU-4)"
            )
        health = self.sheets[defender].card.health

        def parts() -> list[tuple[str, int]]:
            return [(f"Health {ladder_name(health)}", health)] + self.gm_parts("health", attacker, defender)

        def make() -> RollPrompt:
            return RollPrompt(
                self.names[defender],
                self.sheets[defender].side,
                FOUR_DF,
                "health roll",
                sum(value for _, value in parts()),
                tuple(parts()),
                against=against,
                target=need,
                note="made: no penalty from this wound until the scene ends (then it takes full effect, FU-6)",
                also=self.also(roll=True),
                closed=self.closed(roll=True),
            )

        faces = self.ask_roll(("health", attacker, defender), make)
        total = sum(value for _, value in parts()) + sum(faces)
        ok = total >= need
        self.log.append(
            f"{self.names[defender]} rolls {faces_words(faces)} for Health: {ladder_show(total)} vs "
            f"{ladder_name(need)}: " + ("shrugs it off" if ok else "feels it")
        )
        return ok

    def least_degree(self, wound: str) -> int | None:
        rows = [row.at_least for row in self.tables.damage_results if row.wound == wound]
        return min(rows) if rows else None

    def fall(self, combatant: int) -> None:
        self.f[combatant].fell = 1 + max(fighter.fell for fighter in self.f)
