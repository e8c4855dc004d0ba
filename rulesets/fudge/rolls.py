"""Simultaneous Combat for Fudge, a round's second phase: the rolls (design 6.2).

Each able combatant in scene order rolls 4dF (FU-1): his combat roll (his attack's; or, making
no attack, his melee defence: his best melee skill or his Dodge, FU-11), the melee defence of
one who shoots while attacked in melee, his dodge if shot at. Every modifier of a roll is
found here, the GM's too, so that its prompt states them before it is rolled (FU-10) and the
odds read them: the skill capped by combat experience (FU-8), wounds (FU-4), gang-up (FU-2),
the maneuvers, aim, scale, hit location, what it is against (armor PD).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.ruleset import RollPrompt
from companion.rulesets.fudge.declarations import Declarations, declared
from companion.rulesets.fudge.rules import POOR, TIRED, ladder_name
from companion.rulesets.fudge.state import (
    ACTION_WORDS,
    ATTACK_BONUS,
    ATTACKS,
    EXPERIENCE_CAP,
    PAIN,
    WOUND_WORDS,
    faces_words,
    listed,
    possessive,
    sum_words,
)


class Rolls(Declarations):
    """The round's combat rolls, melee defences and dodges, and every modifier of each."""

    # --- asking, in scene order (design 6.2) ----------------------------------------------

    def rolls(self) -> None:
        """Each in scene order: his combat roll (his attack's; or, making no attack, his melee
        defence), the melee defence of one who shoots while attacked in melee (FU-11), his dodge if
        shot at."""
        self.phase = "rolls"
        for combatant in self.everyone:
            if not self.able0[combatant]:
                continue
            if self.is_attack(combatant) or self.defence_read(combatant):
                self.combat[combatant] = self.combat_roll(combatant)
            if self.guards(combatant):
                self.guard[combatant] = self.guard_roll(combatant)
            if self.shot_at(combatant, aware=True):
                self.dodged.add(combatant)
                self.dodge[combatant] = self.dodge_roll(combatant)

    @declared
    def guards(self, combatant: int) -> bool:
        """He attacks with a ranged (or thrown) weapon and is attacked in melee: his melee defence
        is a roll of its own, his best melee skill or his Dodge (FU-11), not his shot [D]. A melee
        attacker's roll is his defence in that melee too (the text: one weapon skill against the
        other; in a gang-up, "everyone involved ... makes an attack roll")."""
        return self.is_attack(combatant) and not self.is_melee(combatant) and self.defence_read(combatant)

    @declared
    def defence_read(self, defender: int) -> bool:
        """Whether anything reads the roll ``defender`` meets melee attacks with [D: a roll is asked
        only when it counts]: an attack on him that is not suicidal aggression (its blow lands
        whatever he rolls, text), a blow back, or a gang-up he must beat to hit anyone (FU-7)."""
        attackers = self.melee_attackers(defender)
        if not attackers:
            return False
        if self.hits_back(defender) or (len(attackers) > 1 and self.is_attack(defender)):
            return True
        return any(not (self.suicidal(attacker) or self.suicidal(defender)) for attacker in attackers)

    def held(self, defender: int) -> int:
        """The roll ``defender`` meets melee attacks with: his melee defence if it is a roll of its
        own, else his combat roll."""
        return self.guard[defender] if defender in self.guard else self.combat[defender]

    def held_kind(self, defender: int) -> str:
        return "guard" if self.guards(defender) else "combat"

    # --- combat experience's cap (FU-8) ---------------------------------------------------

    def in_danger(self, combatant: int) -> bool:
        """Combat experience caps skills while his life is at risk; not an ambusher whose
        targets are all unaware and who is attacked by nobody (text) [D]."""
        decl = self.decl[combatant]
        # every target unaware (an attack has one at least): read target by target, no sets made
        ambush = (
            decl is not None
            and decl.action in ATTACKS
            and bool(decl.unaware)
            and all(target in decl.unaware for target in decl.targets)
        )
        if not ambush:
            return True
        return bool(self.melee_attackers(combatant) or self.shot_at(combatant, aware=False))  # attacked

    def capped(self, combatant: int) -> bool:
        """His combat experience caps him now: in danger this round, or ever since an opponent first
        fought back against him this scene (FU-8: the cap then holds to the scene's end)."""
        return self.f[combatant].fought or self.in_danger(combatant)

    def fought_back(self, combatant: int) -> bool:
        """An opponent fought back against ``combatant`` this round: one attacked him, or one of his
        targets met his attack with a roll (a combat roll or a dodge) (FU-8)."""
        if self.melee_attackers(combatant) or self.shot_at(combatant, aware=False):
            return True
        decl = self.decl[combatant]
        if decl is None or decl.action not in ATTACKS:
            return False
        if self.is_melee(combatant):  # his target met it with a roll of its own (none when nothing reads it)
            return any(target in self.combat or target in self.guard for target in decl.targets)
        return any(target in self.dodge and target not in decl.unaware for target in decl.targets)

    # --- the modifiers (FU-10) ------------------------------------------------------------

    def skill_part(self, combatant: int, label: str, level: int) -> tuple[str, int]:
        """The skill rolled, capped by combat experience (text: Green Poor, Fair Fair; FU-8)."""
        if self.options.combat_experience:
            exp = self.f[combatant].experience
            cap = EXPERIENCE_CAP.get(exp)
            if cap is not None and level > cap and self.capped(combatant):
                return f"{label} {ladder_name(level)}, capped {ladder_name(cap)} ({exp})", cap
        return f"{label} {ladder_name(level)}", level

    def personal(self, combatant: int, *, melee: bool = True) -> list[tuple[str, int]]:
        """Modifiers of the combatant himself: wounds (FU-4), gang-up (FU-2; on the combat
        roll only [D]: it is a melee rule, and a dodge is against shots), last round's
        all-out attack, all-out defense (text)."""
        parts: list[tuple[str, int]] = []
        me = self.f[combatant]
        worst = me.worst()
        pen = PAIN[self.sheets[combatant].gift].get(worst or "", 0)  # :meth:`penalty`, the worst read once
        if pen:
            parts.append((WOUND_WORDS[worst or "hurt"], pen))
        gang = len(self.melee_attackers(combatant)) if melee else 0
        if gang > 1:
            parts.append((f"gang-up of {gang}", -(gang - 1)))
        if me.tired:
            parts.append(("all-out attack last turn", TIRED))
        decl = self.decl[combatant]
        if decl is not None and decl.action == "all-out-defense":
            parts.append(("all-out defense", 1))
        return parts

    def penalty(self, combatant: int) -> int:
        """The worst wound not shrugged off: Hurt -1, Very Hurt -2 (FU-4), by pain threshold [R]."""
        worst = self.f[combatant].worst()
        return PAIN[self.sheets[combatant].gift].get(worst or "", 0)

    def attack_parts(self, attacker: int) -> list[tuple[str, int]]:
        """Modifiers of the attack itself (text: the maneuvers, aim, firearm Strength)."""
        decl = self.decl[attacker]
        assert decl is not None
        parts: list[tuple[str, int]] = []
        if self.f[attacker].aim is not None and self.aimed(attacker):
            parts.append(("aim", 1))
        bonus = ATTACK_BONUS.get(decl.action)
        if bonus:
            parts.append((ACTION_WORDS[decl.action], bonus))
        if decl.action == "empty-the-clip" and len(decl.targets) > 1:
            parts.append((f"{len(decl.targets)} targets", -(len(decl.targets) - 1)))
        arm = self.arm(attacker)
        if self.options.minimum_strength and arm.kind == "gun":
            need = self.tables.min_strength(arm.entry.weapon) or 0
            short = need - self.sheets[attacker].card.strength
            if short > 0:
                parts.append((f"Strength {short} short", -short))
        return parts

    def scale_part(self, attacker: int, target: int) -> tuple[str, int] | None:
        """The attacker's scale modifier to hit ``target`` (``scale``: attacker's scale minus
        defender's, text)."""
        if not self.options.scale:
            return None
        diff = self.sheets[attacker].card.scale - self.sheets[target].card.scale
        attack, _ = self.tables.scale_mods(diff)
        return (f"scale {diff:+d}", attack) if attack else None

    def target_parts(self, attacker: int) -> list[tuple[str, int]]:
        """The modifiers his attack has against its targets that are the same for every one of them,
        so part of the roll itself and stated in its prompt (FU-10): the hit location (text), the
        scale (text) when his targets are all of one size. [D] One roll, one result: they count in
        every comparison the roll takes part in this round (a vitals attack leaves him open)."""
        decl = self.decl[attacker]
        assert decl is not None
        parts: list[tuple[str, int]] = []
        if decl.location is not None:
            location = self.tables.hit_locations[decl.location]
            if location.attack:
                parts.append((location.name.lower(), location.attack))
        if self.options.scale:
            scales = {self.scale_part(attacker, target) for target in decl.targets}
            if len(scales) == 1:
                (one,) = scales
                if one is not None:
                    parts.append(one)
        return parts

    def aimed(self, combatant: int) -> bool:
        """The aim bonus holds for a ranged attack on the target aimed at, with that weapon (text:
        Aim)."""
        decl, aim = self.decl[combatant], self.f[combatant].aim
        return (
            aim is not None
            and decl is not None
            and decl.action in ATTACKS
            and decl.weapon == aim[0]
            and aim[1] in decl.targets
            and self.arm(combatant).ranged
        )

    def combat_parts(self, combatant: int) -> tuple[list[tuple[str, int]], str, str, int | None]:
        """The combat roll of ``combatant``: (its modifiers, what it is for, what it is against, the
        level it must reach when every comparison it takes part in is against a fixed level). Every
        modifier is here, the GM's too, so the prompt states them before the roll (FU-10) and the
        odds read them before the roll is asked for."""
        decl = self.decl[combatant]
        if decl is not None and decl.action in ATTACKS:  # :meth:`is_attack`
            arm = self.sheets[combatant].arms[decl.weapon]  # type: ignore[index]
            parts = [self.skill_part(combatant, arm.skill, arm.level)]
            # the gang-up is a melee rule: on a shooter's melee defence, not on his shot [D]
            parts += self.personal(combatant, melee=not self.guards(combatant))
            parts += self.attack_parts(combatant)
            if decl.location is not None or self.options.scale:  # else it has none (:meth:`target_parts`)
                parts += self.target_parts(combatant)
            what = f"combat roll, {arm.skill}"
        else:
            name, level = self.sheets[combatant].melee_defence()  # his best melee skill or his Dodge (FU-11)
            parts = [self.skill_part(combatant, name, level)]
            parts += self.personal(combatant)
            what = f"combat roll, {name} (defending)"
        against, target = self.against(combatant, "combat")
        typed = self.gm.get(("combat", combatant))  # :meth:`gm_parts`
        if typed:
            parts += typed
        return parts, what, against, target

    def guard_parts(self, combatant: int) -> list[tuple[str, int]]:
        """The melee defence of a shooter attacked in melee (:meth:`guards`): his best melee skill
        or his Dodge (FU-11), his own modifiers (the gang-up among them), the GM's."""
        name, level = self.sheets[combatant].melee_defence()
        return [self.skill_part(combatant, name, level)] + self.personal(combatant) + self.gm_parts("guard", combatant)

    def pairing(self, attacker: int, target: int) -> list[tuple[str, int]]:
        """Modifiers of the attack of ``attacker`` on ``target`` alone, not already in his roll: the
        scale when his targets differ in size (Empty the Clip at several), stated in the roll's
        prompt (FU-10) and applied when the pair is compared. Every other modifier is in the roll
        (:meth:`target_parts`)."""
        decl = self.decl[attacker]
        if not self.options.scale or decl is None:  # no scale: no modifier of a pair alone
            return []
        if len({self.scale_part(attacker, each) for each in decl.targets}) <= 1:
            return []
        part = self.scale_part(attacker, target)
        return [part] if part is not None else []

    def pd(self, defender: int) -> int:
        """The defender's armor Passive Defense (``armor_pd``): RD must reach it to hit (text)."""
        armor = self.sheets[defender].armor
        return armor.pd if self.options.armor_pd and armor is not None else 0

    def fixed(self, attacker: int, target: int) -> tuple[int, str] | None:
        """The level the roll of ``attacker`` must reach to hit ``target`` whatever ``target``
        rolls, in words; None when the two rolls are compared. Unopposed (an unaware or helpless
        target: Poor, FU-2) or suicidal aggression in melee (Poor, text), plus the target's armor PD
        (text: "including passive defense", FU-10), less any modifier of the pair alone (the scale
        of Empty the Clip)."""
        decl = self.decl[attacker]
        assert decl is not None
        melee = self.is_melee(attacker)
        if self.able0[target] and (melee or target not in decl.unaware):
            if not (melee and (self.suicidal(attacker) or self.suicidal(target))):
                return None
            why = "suicidal aggression"
        else:
            who = "the target" if len(decl.targets) == 1 else self.names[target]
            why = f"unopposed: {who} cannot defend"
        pd = self.pd(target)
        pair = sum(value for _, value in self.pairing(attacker, target))
        level = POOR + pd - pair
        if pd:
            why += f"; Poor + {possessive(self.names[target])} armor PD {pd}"
        if pair:
            why += f"; scale {pair:+d}"
        return level, f"{ladder_name(level)} ({why})"

    def against(self, combatant: int, kind: str) -> tuple[str, int | None]:
        """What the roll ``kind`` (``combat`` or ``guard``) of ``combatant`` is compared with, in
        words, and the level it must reach when every comparison it takes part in is against a fixed
        level (:meth:`fixed`). An attack roll names its targets; a defence, the melee attackers it
        meets: those whose blow it can stop (a suicidal attack lands whatever it rolls, text), those
        it can hit back (FU-2) and, ganged up on, every attacker it must beat (FU-7)."""
        levels: list[int | None] = []
        words: list[str] = []
        if kind == "combat" and self.is_attack(combatant):
            decl = self.decl[combatant]
            assert decl is not None
            kinds = "combat roll" if self.is_melee(combatant) else "dodge"
            for enemy in decl.targets:
                one = self.fixed(combatant, enemy)
                levels.append(one[0] if one else None)
                words.append(one[1] if one else f"{possessive(self.names[enemy])} {kinds}")
        defence: list[str] = []
        attackers = self.melee_attackers(combatant)
        if attackers and (kind == "guard" or not self.guards(combatant)):
            ganged = len(attackers) > 1 and (self.is_attack(combatant) or self.hits_back(combatant))
            for attacker in attackers:
                if ganged or not (self.suicidal(attacker) or self.suicidal(combatant)):
                    levels.append(None)
                    defence.append(f"{possessive(self.names[attacker])} combat roll")
                elif self.hits_back(combatant):  # he hits back a suicidal attacker on Poor + PD, whatever he rolls
                    level = POOR + self.pd(attacker)
                    levels.append(level)
                    defence.append(
                        f"{ladder_name(level)} (hitting back {possessive(self.names[attacker])} suicidal aggression)"
                    )
        if not words:
            words = defence
        shown = words[0] if len(words) == 1 else " & ".join(dict.fromkeys(words))
        first = levels[0] if levels else None
        target = first if first is not None and levels.count(first) == len(levels) else None
        return shown, target

    # --- the prompts' notes ---------------------------------------------------------------

    def combat_note(self, combatant: int) -> str:
        """What else the prompt of the combat roll says: the scale against each target when his
        targets differ in size (applied to each comparison, FU-10); FU-7 when ganged up on; a
        shooter's melee defence to come (FU-11); whether a defender hits back (FU-2, FU-11)."""
        notes = []
        decl = self.decl[combatant]
        who = self.names[combatant]
        if (
            self.options.scale
            and decl is not None
            and decl.action in ATTACKS
            and len({self.scale_part(combatant, target) for target in decl.targets}) > 1
        ):
            each = [
                f"{self.names[target]} {(self.scale_part(combatant, target) or ('', 0))[1]:+d}"
                for target in decl.targets
            ]
            notes.append("scale to hit each target: " + ", ".join(each))
        attackers = self.melee_attackers(combatant)
        if self.guards(combatant):
            names = listed([self.names[attacker] for attacker in attackers])
            notes.append(f"the defence against {possessive(names)} melee attack is a roll of its own, next (FU-11)")
        elif len(attackers) > 1 and self.is_attack(combatant):
            notes.append(f"ganged up on: {who} hits no one unless this roll beats every attacker (FU-7)")
        elif not self.is_attack(combatant) and attackers:
            notes.append(self.back_note(combatant))
        return "; ".join(notes)

    def back_note(self, defender: int) -> str:
        """Whether a defender who makes no attack hits back, and with what (FU-2, FU-11, text)."""
        decl = self.decl[defender]
        who = self.names[defender]
        if self.sheets[defender].defends_with_dodge():
            return "defending with Dodge: no hit back (FU-11)"
        if decl is not None and decl.action == "all-out-defense":
            return "all-out defense: no damage dealt, even beating the attacker (text)"
        if decl is not None and decl.action in ("aim", "reload"):
            return f"no hit back: the turn goes to {'aiming' if decl.action == 'aim' else 'reloading'} (our reading, docs/decisions.md)"
        arm = self.back_arm(defender)
        if arm is None:
            return "no melee weapon to hit back with"
        if len(self.melee_attackers(defender)) > 1:
            return (
                f"ganged up on: beating every attacker, {who} hits back the attacker of {possessive(who)} choice "
                f"with the {arm.name} (FU-2), else no one (FU-7)"
            )
        return f"beating the attacker, {who} hits back with the {arm.name} (FU-2)"

    def guard_note(self, combatant: int) -> str:
        who = self.names[combatant]
        bits = [f"{possessive(who)} attack this round is the shot: no hit back (our reading, docs/decisions.md)"]
        if len(self.melee_attackers(combatant)) > 1:
            bits.append(
                f"ganged up on: unless this roll beats every attacker, {possessive(who)} shot hits no one (FU-7)"
            )
        return "; ".join(bits)

    # --- the rolls ------------------------------------------------------------------------

    def combat_roll(self, combatant: int) -> int:
        self.rolling = (combatant, "combat")

        def make() -> RollPrompt:
            parts, what, against, target = self.combat_parts(combatant)
            return self.roll_prompt(combatant, what, parts, against, target, self.combat_note(combatant))

        return self.roll4(combatant, ("combat", combatant), lambda: self.whole_roll("combat", combatant, make))

    def guard_roll(self, combatant: int) -> int:
        """A shooter's melee defence, a roll of its own (FU-11; :meth:`guards`)."""
        self.rolling = (combatant, "guard")
        name, _ = self.sheets[combatant].melee_defence()

        def make() -> RollPrompt:
            against, target = self.against(combatant, "guard")
            what = f"combat roll, {name} (defending)"
            return self.roll_prompt(
                combatant, what, self.guard_parts(combatant), against, target, self.guard_note(combatant)
            )

        return self.roll4(combatant, ("guard", combatant), lambda: self.whole_roll("guard", combatant, make))

    def dodge_parts(self, combatant: int) -> list[tuple[str, int]]:
        """The dodge's modifiers, the GM's too (read by the odds before the dodge is asked for)."""
        return (
            [self.skill_part(combatant, "Dodge", self.sheets[combatant].card.dodge)]
            + self.personal(combatant, melee=False)
            + self.gm_parts("dodge", combatant)
        )

    def dodge_roll(self, combatant: int) -> int:
        self.rolling = (combatant, "dodge")

        def make() -> RollPrompt:
            against = " & ".join(
                possessive(self.names[shooter]) + " shot" for shooter in self.shot_at(combatant, aware=True)
            )
            decl = self.decl[combatant]
            aiming = self.f[combatant].aim is not None or (decl is not None and decl.action == "aim")
            note = "being made to dodge loses the aim (text: Aim)" if aiming else ""
            return self.roll_prompt(combatant, "dodge", self.dodge_parts(combatant), against, None, note)

        return self.roll4(combatant, ("dodge", combatant), lambda: self.whole_roll("dodge", combatant, make))

    def whole_roll(self, kind: str, combatant: int, make: Callable[[], RollPrompt]) -> RollPrompt:
        """The prompt of the roll ``kind`` (``combat``, ``guard`` or ``dodge``) of ``combatant``, as
        ``make`` works it out (its modifiers, what it is against, its note), kept a fight: the same
        declarations bring the same rolls round after round, and working one out reads much (each
        one's declaration, who attacks whom, the wounds, the cap).

        Its key is everything ``make`` reads (:meth:`combat_parts`, :meth:`against`,
        :meth:`combat_note`, :meth:`guard_parts`, :meth:`guard_note`, :meth:`dodge_parts`, and what
        they ask): every one's declaration (who attacks whom, shoots at whom, how, where; and who
        could act when the round began, for a helpless target is hit unopposed: exactly those whose
        declaration is None, so the declarations say it), his own numbers the modifiers read (his
        worst wound, last turn's all-out attack, his aim, his experience and whether an opponent
        fought back: the cap, FU-8), the GM's modifiers typed at this roll, whether the scene is on
        (the GM's words it takes: always, at these rolls, but read); the scene's sheets (names,
        skills, weapons, armor, scale of all: :meth:`scene_id`), and by identity the options and
        tables, which a fight never changes but a state may be given others (they are kept with the
        prompt, so their ids are another's never while it is kept). Nothing else of the round is
        read: not the rolls made so far, nor the phase."""
        me = self.f[combatant]
        typed = self.gm.get((kind, combatant))
        options, tables = self.options, self.tables
        key = (
            kind,
            combatant,
            self.scene_id(combatant),
            id(options),
            id(tables),
            tuple(self.decl),
            me.worst(),
            me.tired,
            me.aim,
            me.experience,
            me.fought,
            tuple(typed) if typed else None,
            self.in_scene,
        )
        kept = self.sheets[combatant].kept_whole
        found = kept.get(key)
        if found is None or found[0] is not options or found[1] is not tables:
            found = kept[key] = (options, tables, make())
        return found[2]

    def roll_prompt(
        self, combatant: int, what: str, parts: list[tuple[str, int]], against: str, target: int | None, note: str = ""
    ) -> RollPrompt:
        return self.roll_kept(combatant, 4, what, parts, against, target, note)  # 4dF (FU-1)

    def roll4(self, combatant: int, key: tuple[Any, ...], make: Callable[[], RollPrompt]) -> int:
        """A combat roll or a dodge: its faces (after any GM's modifiers), its total on the ladder,
        logged."""
        faces = self.ask_roll(key, make)
        prompt = self.asked if isinstance(self.asked, RollPrompt) else make()  # as it was answered, else made again
        total = prompt.modifier + sum(faces)
        self.last_result = total
        # the same roll's line for the same faces is the same round after round: made once a fight,
        # kept on his sheet by the prompt's identity with the prompt itself (so the identity is the
        # prompt's while kept; :meth:`roll_kept` keeps the prompts too)
        lines = self.sheets[combatant].kept_lines
        said = lines.get((id(prompt), faces))
        if said is None or said[0] is not prompt:
            line = (
                f"{self.names[combatant]} rolls {faces_words(faces)}: {sum_words(prompt.modifier_parts, faces)} = "
                f"{ladder_name(total)} ({prompt.reason})"
            )
            said = lines[id(prompt), faces] = (prompt, line)
        self.log.append(said[1])
        return total
