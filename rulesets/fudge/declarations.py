"""Simultaneous Combat for Fudge, a round's first phase: the declarations (design 6.1).

Every able combatant declares in scene order: his action (attack, a maneuver whose option is on,
FU-9, defend, reload), the weapon, the target or targets, the hit location, whether a shot's
target is aware. Then what the declarations make of each one, which the later phases read: who
attacks whom in melee or shoots at whom, what each weapon can do (loaded, not too heavy,
reloadable), and whether a defender can hit back (FU-2, FU-11).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from companion.ruleset import Choice
from companion.rulesets.fudge.cards import CardWeapon
from companion.rulesets.fudge.round import RoundBase
from companion.rulesets.fudge.rules import LADDER
from companion.rulesets.fudge.state import (
    ACTION_CHOICES,
    ACTION_WORDS,
    ATTACKS,
    BRAWLING,
    MAX_CLIP_TARGETS,
    MAX_GANG,
    Arm,
    Decl,
    listed,
)

D = TypeVar("D", bound="Declarations")

NO_MORE_TARGETS = Choice("done", "no more targets")
"""Ends a list of targets (empty the clip): the same every time it is offered (made once)."""


def declared(question: Callable[[D, int], bool]) -> Callable[[D, int], bool]:
    """``question`` about a combatant answered once for the declarations made so far: the later
    phases (each prompt, the resolution, the odds) ask it again and again, and only a declaration
    changes the answer (the memo is dropped when one is made). For questions that read nothing but
    the declarations and what is fixed for the round (the sheets, the options, who could act)."""
    asked = question.__name__

    @wraps(question)
    def answer(self: D, combatant: int) -> bool:
        said = self._said
        if said is None:
            said = self._said = {}
        key = (asked, combatant)
        found = said.get(key)
        if found is None:
            found = said[key] = question(self, combatant)
        return found

    return answer


class Declarations(RoundBase):
    """The round's declarations, and what they make of each combatant."""

    # --- asking (design 6.1) --------------------------------------------------------------

    def declarations(self) -> None:
        self.offered = self.options.offered()
        for combatant in self.everyone:
            if not self.able0[combatant]:
                continue
            decl = self.declare(combatant)
            self.decl[combatant] = decl
            # what can reach whom, and what the declarations say, changed: worked out again when asked
            self._melee_targets = self._shots_on = self._said = None
            self._melee_declared(combatant)
            if decl.action in ATTACKS and decl.targets:
                self.f[combatant].foe = decl.targets[0]
            self.log.append(f"{self.names[combatant]}: {self.declared_words(combatant, decl)}")

    def declare(self, combatant: int) -> Decl:
        kept = self._can(combatant)  # [tables, the actions he can take now and their weapons, their prompt]
        can: dict[str, list[int]] = kept[1]
        asked = kept[2]
        if asked is None:  # the first time these actions are offered him (among these sheets)
            # an empty bow advises its reload, not defending (issue 17)
            advised = (
                "attack" if "attack" in can else "reload" if "reload" in can else "defend"
            )  # defend: always offered
            keys = tuple(can)  # the prompt's options are the actions' own choices, made once (ACTION_CHOICES)
            asked = kept[2] = self.choice_prompt(
                combatant,
                "action" + self.crowded(combatant),
                lambda: [ACTION_CHOICES[key] for key in keys],
                advised,
                ("action", keys),
            )
        action: str = self.take(lambda: asked)
        if action in ("defend", "all-out-defense"):
            return Decl(action)
        arms = can[action]
        weapon = arms[0] if len(arms) == 1 else self.pick_weapon(combatant, action, arms)
        if action == "reload":
            return Decl(action, weapon)
        arm = self.sheets[combatant].arms[weapon]
        first_target = self.pick_target(combatant, arm, action, "target", ())
        assert first_target is not None  # the action is offered only with a target to turn it on
        targets = [first_target]
        while action == "empty-the-clip" and len(targets) < MAX_CLIP_TARGETS:
            more = self.pick_target(combatant, arm, action, "another target", tuple(targets))
            if more is None:
                break
            targets.append(more)
        location = self.pick_location(combatant) if action == "hit-location" else None
        unaware: list[int] = []
        if arm.ranged and action != "aim":
            for target in targets:
                if self.able0[target] and self.pick_aware(combatant, target) == "unaware":
                    unaware.append(target)
        return Decl(action, weapon, tuple(targets), location, tuple(unaware))

    offered: tuple[str, ...] = ()
    """The actions a declaration may offer this round (:meth:`Options.offered`)."""

    def crowded(self, combatant: int) -> str:
        """Why no melee attack is offered when every foe in reach already has the most melee
        attackers (FU-2: no more than 4), said with the action's reason; else nothing."""
        sheet = self.sheets[combatant]
        melee = [weapon for weapon in sheet.melee_weapons if self.usable(combatant, weapon)]
        if not melee:
            return ""
        if self.targets(combatant, sheet.arms[melee[0]]):
            return ""
        foes = self.foes(combatant)
        if not foes:
            return ""
        full = [self.names[foe] for foe in foes if len(self.melee_attackers(foe)) >= MAX_GANG]
        verb = "has" if len(full) == 1 else "have"
        return f" (no melee attack: {listed(full)} already {verb} {MAX_GANG} melee attackers, the most: FU-2)"

    def _can(self, combatant: int) -> list[Any]:
        """What :meth:`declare` offers ``combatant``, kept as ``[tables, actions, prompt or None]``:
        each action he can take now, in the prompt's order (:attr:`offered`), with the weapons that
        can do it: none for defend and all-out defense, which need none; the others
        only with a weapon usable now (:meth:`usable`), with a target to turn it on (:meth:`targets`,
        an attack) and fit for the action (:meth:`fits`) or being reloaded (:meth:`can_reload`).

        Found in one pass (:meth:`_can_for`), kept for the fight by what it reads. It reads the
        declarations so far (through :meth:`targets`), who is dead and what is loaded, and is asked
        during the combatant's own declaration alone, before anyone can fall or fire this round: it
        is never stale. The lists it gives are kept: read them, never change them.

        Kept with it, the action prompt that offers them (made at the declaration, :meth:`declare`):
        its reason says who is crowded (:meth:`crowded`), which reads the same (whom his weapons
        reach, their loads and weight), and the names of the scene's sheets (in the key,
        :meth:`scene_id`); its GM's words whether the scene is on (in the key, though always on
        at a declaration)."""
        sheet, options, me = self.sheets[combatant], self.options, self.f[combatant]
        # what it reads besides his sheet and the tables: the actions offered, whom his weapons can be
        # turned on, and his loads where they are counted. Mostly the same round after round: worked
        # out once a fight for each, kept on his sheet (its ``__dict__``, as his prompts are)
        key = (
            self.offered,
            options.reloading,
            options.minimum_strength,
            tuple(self.foes(combatant)),
            tuple(self.targets(combatant, sheet.arms[sheet.melee_weapons[0]])) if sheet.melee_weapons else None,
            (tuple(me.loaded), tuple(me.reloading), tuple(me.spare)) if options.reloading else None,
            self.scene_id(combatant),
            self.in_scene,
        )
        # the tables (a weapon's minimum Strength, its reload turns) by identity: kept with it, so
        # their id is another's never while it is kept
        tables = self.tables
        kept_actions = sheet.kept_actions
        found = kept_actions.get(key)
        if found is None or found[0] is not tables:
            found = kept_actions[key] = [tables, self._can_for(combatant), None]
        return found

    def _can_for(self, combatant: int) -> dict[str, list[int]]:
        arms = self.sheets[combatant].arms
        # usable with a target: what every action but reload asks first, whatever the action
        ready = [
            weapon for weapon, arm in enumerate(arms) if self.usable(combatant, weapon) and self.targets(combatant, arm)
        ]
        can: dict[str, list[int]] = {}
        for action in self.offered:
            if action in ("defend", "all-out-defense"):
                can[action] = []
                continue
            if action == "reload":
                weapons = [weapon for weapon in range(len(arms)) if self.can_reload(combatant, weapon)]
            else:
                weapons = [weapon for weapon in ready if self.fits(combatant, arms[weapon], action, weapon)]
            if weapons:
                can[action] = weapons
        return can

    def fits(self, combatant: int, arm: Arm, action: str, weapon: int) -> bool:
        """Whether the maneuver can be done with ``arm`` (text: each maneuver's own limits)."""
        spec = arm.spec
        loaded = self.f[combatant].loaded[weapon] if self.options.reloading and arm.counted else None
        if action in ("attack", "hit-location"):
            return True
        if action == "aim":
            return arm.ranged
        if action == "all-out-attack":
            if spec.automatic_pistol:
                return loaded is None or loaded >= 3
            return arm.kind in ("melee", "bow")
        if action == "empty-the-clip":
            return spec.fire == "auto"
        if action == "three-round-burst":
            return spec.fire in ("auto", "auto-cutoff") and (loaded is None or loaded >= 3)  # [D] needs 3 loaded
        if action == "suicidal-aggression":
            return arm.kind == "melee"
        if action == "wild-swing":
            return arm.kind == "melee" and arm.level < LADDER["Fair"]  # the sheet's skill, before any cap [D]
        return False

    def usable(self, combatant: int, weapon: int) -> bool:
        """Loaded (``reloading``) and not too heavy (``minimum_strength``: melee and thrown
        weapons by the wielder's Strength, +1 two-handed; bows by the bow's Strength)."""
        arm = self.sheets[combatant].arms[weapon]
        if self.options.reloading and arm.counted and (self.f[combatant].loaded[weapon] or 0) < 1:
            return False
        return not self.options.minimum_strength or self.strong_enough(combatant, weapon)

    def strong_enough(self, combatant: int, weapon: int) -> bool:
        """Not too heavy to use (``minimum_strength``; text)."""
        arm = self.sheets[combatant].arms[weapon]
        if self.options.minimum_strength:
            card = self.sheets[combatant].card
            if arm.kind in ("melee", "thrown"):
                need = self.tables.min_strength(arm.entry.weapon)
                have = card.strength + (1 if getattr(arm.entry, "two_handed", False) else 0)
                return need is None or have >= need
            if arm.kind == "bow":
                own = getattr(arm.entry, "strength", None)
                return own is None or card.strength >= own
        return True

    _foes: list[list[int] | None] | None = None
    """Each one's enemies alive (:meth:`enemies`), found once a round, when his declaration first
    asks: asked during the declarations alone, before anyone can fall this round."""

    def foes(self, combatant: int) -> list[int]:
        """The enemies ``combatant`` can declare an attack on (:meth:`enemies`, at the declarations)."""
        found = self._foes
        if found is None:
            found = self._foes = [None] * len(self.sheets)
        foes = found[combatant]
        if foes is None:
            foes = found[combatant] = self.enemies(combatant)
        return foes

    def targets(self, combatant: int, arm: Arm) -> list[int]:
        """The enemies ``arm`` can be turned on: in melee, not one already attacked by 4 (FU-2), as
        the declarations so far make it."""
        foes = self.foes(combatant)
        if arm.kind != "melee":
            return foes
        kept = self._melee_targets
        if kept is None or kept[0] != combatant:
            attackers = self._melee()[0]
            kept = self._melee_targets = (combatant, [enemy for enemy in foes if len(attackers[enemy]) < MAX_GANG])
        return kept[1]

    _melee_targets: tuple[int, list[int]] | None = None
    """(combatant, his melee :meth:`targets`) of the declaration being asked: each of its prompts asks
    (dropped when a declaration is made, which may crowd a defender)."""

    def pick_weapon(self, combatant: int, action: str, arms: list[int]) -> int:
        sheet = self.sheets[combatant]
        advised = sheet.arms[self.advised_weapon(combatant, action, arms)].key
        if self.options.reloading and any(sheet.arms[weapon].counted for weapon in arms):
            options = []
            for weapon in arms:
                arm = sheet.arms[weapon]
                if arm.counted:  # its loads are said: the round's
                    options.append(Choice(arm.key, arm.name, self.weapon_why(combatant, weapon), arm.name))
                else:  # the same every round: made once
                    options.append(arm.choice)
            key = self.choose(combatant, "weapon", options, advised)
        else:  # each the same every round (:attr:`Arm.choice`): the prompt too
            weapons = tuple(arms)
            key = self.choose_kept(
                combatant,
                "weapon",
                lambda: [sheet.arms[weapon].choice for weapon in weapons],
                advised,
                ("weapon", weapons),
            )
        return next(weapon for weapon in arms if sheet.arms[weapon].key == key)

    def advised_weapon(self, combatant: int, action: str, arms: list[int]) -> int:
        """The first that fits; to reload, the one whose reload is under way (finish it: the turns
        spent are kept, [D]), else the one with the smallest share of its capacity loaded."""
        if action != "reload":
            return arms[0]
        me = self.f[combatant]

        def order(weapon: int) -> tuple[bool, float]:
            capacity = self.sheets[combatant].arms[weapon].spec.capacity or 1
            return me.reloading[weapon] is None, (me.loaded[weapon] or 0) / capacity

        return min(arms, key=order)

    def weapon_why(self, combatant: int, weapon: int) -> str:
        arm = self.sheets[combatant].arms[weapon]
        why = arm.why
        loaded = self.f[combatant].loaded[weapon]
        if self.options.reloading and arm.counted:
            why += f", {loaded} loaded"
            left = self.f[combatant].reloading[weapon]
            if left is not None:
                why += f", reloading: {left} turn{'s' * (left != 1)} to go"
        return why

    def pick_target(self, combatant: int, arm: Arm, action: str, reason: str, chosen: tuple[int, ...]) -> int | None:
        candidates = [enemy for enemy in self.targets(combatant, arm) if enemy not in chosen]
        if not candidates and chosen:
            return None
        if len(candidates) == 1 and not chosen:
            return candidates[0]  # [D] one enemy to turn on: not asked, as a weapon is not when only one fits
        # the list shows each one's name; the key is the name as typed (issue 17)
        whys = tuple([(enemy, self.target_why(combatant, enemy)) for enemy in candidates])
        if chosen:
            advised = "done"
        else:
            advised = self.sheets[self.advised_target(combatant, candidates)].slug

        def options() -> list[Choice]:
            made = [self.sheets[enemy].as_target(why) for enemy, why in whys]
            return made + [NO_MORE_TARGETS] if chosen else made

        # each target's choice is the same for the same words (:meth:`Sheet.as_target`): the prompt too
        # (the choices are the targets' sheets': the scene's sheets are in the key, :meth:`scene_id`)
        kept = ("target", whys, bool(chosen), self.scene_id(combatant))
        key = self.choose_kept(combatant, reason, options, advised, kept)
        if key == "done":
            return None
        return next(enemy for enemy in candidates if self.sheets[enemy].slug == key)

    def advised_target(self, combatant: int, candidates: list[int]) -> int:
        """The aimed-at target, else an enemy already attacking him this round, else the one
        he fought last (his foe), else the first (design 6.1) [D]; never one already out of the
        fight while a foe still fights (issue 17), who is advised only when none does."""
        able = [enemy for enemy in candidates if self.f[enemy].able]
        pool = able or candidates
        aim = self.f[combatant].aim
        if aim is not None and aim[1] in pool:
            return aim[1]
        for enemy in pool:
            decl = self.decl[enemy]
            if decl is not None and decl.action in ATTACKS and combatant in decl.targets:
                return enemy
        foe = self.f[combatant].foe
        return foe if foe in pool else pool[0]

    def target_why(self, combatant: int, enemy: int) -> str:
        bits = []
        decl = self.decl[enemy]
        if decl is not None and decl.action in ATTACKS and combatant in decl.targets:
            bits.append("attacking you")
        attackers = len(self.melee_attackers(enemy))
        if attackers:
            bits.append(f"attacked in melee by {attackers}")
        status = self.f[enemy].status
        if status != "fighting":
            bits.append(status)
        return ", ".join(bits)

    def pick_location(self, combatant: int) -> str:
        self.asking = "location"
        options = [
            Choice(
                place,
                location.name,
                f"{location.attack:+d} to hit, {location.damage:+d} damage"
                + (", bypasses armor" if location.bypasses_armor else ""),
            )
            for place, location in self.tables.hit_locations.items()
        ]
        key = self.choose(combatant, "location", options, "torso" if "torso" in self.tables.hit_locations else None)
        self.asking = None
        return key

    def pick_aware(self, combatant: int, target: int) -> str:
        reason, options = self.sheets[target].awareness  # made once: the prompt too
        return self.choose_kept(combatant, reason, lambda: options, "aware", ("aware", target))

    def declared_words(self, combatant: int, decl: Decl, short: bool = False) -> str:
        """The declaration in words, without the name: ``attacks Grak with the broadsword``;
        ``short`` (a side panel's line): ``attacks Grak (head), broadsword``."""
        # the same declaration is said in the same words round after round (the log, the side
        # panels): worked out once a fight, kept on his sheet (its ``__dict__``, as his prompts are)
        # (the targets' names are their sheets': the scene's sheets are in the key, :meth:`scene_id`;
        # a hit location's name is the tables': by identity, kept with the words as the other keeps are)
        said = self.sheets[combatant].kept_words
        tables = self.tables
        key = (decl, short, self.scene_id(combatant), id(tables))
        found = said.get(key)
        if found is None or found[0] is not tables:
            found = said[key] = (tables, self._declared_words(combatant, decl, short))
        words: str = found[1]
        return words

    def _declared_words(self, combatant: int, decl: Decl, short: bool) -> str:
        if decl.action in ("defend", "all-out-defense"):
            return ACTION_WORDS[decl.action]
        arm = self.sheets[combatant].arms[decl.weapon]  # type: ignore[index]
        if decl.action == "reload":
            return f"reloads the {arm.name}"
        at = " & ".join(
            self.names[target] + (" (unaware)" if target in decl.unaware else "") for target in decl.targets
        )
        verb = (
            "aims at"
            if decl.action == "aim"
            else "attacks"
            if decl.action == "attack"
            else f"{ACTION_WORDS[decl.action]} on"
        )
        where = self.tables.hit_locations[decl.location].name.lower() if decl.location else None
        if short:
            return f"{verb} {at}" + (f" ({where})" if where else "") + f", {arm.name.lower()}"
        return f"{verb} {at} with the {arm.name}" + (f", at the {where}" if where else "")

    # --- what the declarations say --------------------------------------------------------

    _said: dict[tuple[str, int], bool] | None = None
    """The answers of :func:`declared` questions, by (question, combatant)."""

    _melee_on: tuple[dict[int, tuple[int, ...]], frozenset[int]] | None = None
    """Each defender's melee attackers, and who attacks in melee, as the declarations so far make
    them (asked often, in every phase; worked out again when a declaration is made)."""

    def _melee(self) -> tuple[dict[int, tuple[int, ...]], frozenset[int]]:
        on = self._melee_on
        if on is None:
            melee = [attacker for attacker in self.everyone if self.declares_melee(attacker)]  # in scene order
            attackers = {
                target: tuple(
                    [
                        attacker
                        for attacker in melee
                        if target in self.decl[attacker].targets  # type: ignore[union-attr]
                    ]
                )
                for target in self.everyone
            }
            on = self._melee_on = (attackers, frozenset(melee))
        return on

    def _melee_declared(self, combatant: int) -> None:
        """Who attacks whom in melee, with the declaration of ``combatant`` just made: added to what
        the declarations before made of it, not worked out again from every one (each declaration
        asks it for its targets). The declarations come in scene order, so each defender's
        attackers stay in scene order, as :meth:`_melee` finds them."""
        on = self._melee_on
        decl = self.decl[combatant]
        assert decl is not None
        if on is None or decl.action not in ATTACKS or self.sheets[combatant].arms[decl.weapon].kind != "melee":  # type: ignore[index]
            return  # nothing worked out yet (it is, when first asked), or no melee attack (:meth:`declares_melee`)
        attackers, melee = on
        for target in decl.targets:
            attackers[target] += (combatant,)
        self._melee_on = (attackers, melee | {combatant})

    def melee_attackers(self, defender: int) -> tuple[int, ...]:
        """Who has declared a melee attack on ``defender`` this round (scene order)."""
        on = self._melee_on
        return (self._melee() if on is None else on)[0][defender]

    def is_attack(self, combatant: int) -> bool:
        decl = self.decl[combatant]
        return decl is not None and decl.action in ATTACKS

    def is_melee(self, combatant: int) -> bool:
        """He has declared a melee attack (:meth:`declares_melee`, as the declarations so far make it)."""
        on = self._melee_on
        return combatant in (self._melee() if on is None else on)[1]

    def declares_melee(self, combatant: int) -> bool:
        return self.is_attack(combatant) and self.arm(combatant).kind == "melee"

    def arm(self, combatant: int) -> Arm:
        return self.sheets[combatant].arms[self.decl[combatant].weapon]  # type: ignore[union-attr,index]

    _shots_on: dict[tuple[int, bool], tuple[int, ...]] | None = None
    """Who shoots at each target, by (target, aware), as the declarations so far make them (asked at
    the rolls, the round's end and the odds; worked out again when a declaration is made)."""

    def shot_at(self, target: int, *, aware: bool) -> tuple[int, ...]:
        """Who shoots at ``target`` this round (``aware``: of those ``target`` knows of), in scene order."""
        shots = self._shots_on
        if shots is None:
            found: dict[tuple[int, bool], list[int]] = {}
            for shooter in self.everyone:
                decl = self.decl[shooter]  # an attack (is_attack) that is not a melee one
                if decl is None or decl.action not in ATTACKS or self.is_melee(shooter):
                    continue
                for each in self.everyone:
                    if each in decl.targets:
                        found.setdefault((each, False), []).append(shooter)
                        if each not in decl.unaware:
                            found.setdefault((each, True), []).append(shooter)
            # tuples: each asker reads them as they are, none is handed a copy
            shots = self._shots_on = {key: tuple(shooters) for key, shooters in found.items()}
        return shots.get((target, aware), ())

    def suicidal(self, combatant: int) -> bool:
        decl = self.decl[combatant]
        return decl is not None and decl.action == "suicidal-aggression"

    # --- reloading: whether a weapon can be reloaded now ----------------------------------

    def reload_turns(self, combatant: int, weapon: int) -> int | None:
        """Turns to reload (text): crossbows by how far the user's Strength is below theirs."""
        arm = self.sheets[combatant].arms[weapon]
        short = 0
        if arm.kind == "crossbow":
            own = getattr(arm.entry, "strength", None)
            short = max(0, own - self.sheets[combatant].card.strength) if own is not None else 0
        return self.tables.reload_turns_for(arm.entry.weapon, short)

    def can_reload(self, combatant: int, weapon: int) -> bool:
        arm = self.sheets[combatant].arms[weapon]
        if not self.options.reloading or not arm.counted:
            return False
        me = self.f[combatant]
        if me.reloading[weapon] is not None:
            return True
        if (me.loaded[weapon] or 0) >= (arm.spec.capacity or 0) or me.spare[weapon] == 0:
            return False
        return self.reload_turns(combatant, weapon) is not None

    # --- whether a defender can hit back (FU-2, FU-11) ------------------------------------

    @declared
    def hits_back(self, defender: int) -> bool:
        """Whether ``defender`` can hit back this round: he declared ``defend`` (no attack of his
        own: one who attacks has his blow where he aimed it; aim and reload spend the turn [D];
        all-out defense deals no damage, text), he is attacked in melee, and he defends with a melee
        skill and a weapon for it (FU-11: "defending with Dodge never hits back"). Then the opposed
        roll's victor hits (FU-2: "a RD of 1 or more is a hit by the victor")."""
        decl = self.decl[defender]
        return (
            self.able0[defender]
            and decl is not None
            and decl.action == "defend"
            and bool(self.melee_attackers(defender))
            and self.back_arm(defender) is not None
        )

    def back_arm(self, defender: int) -> Arm | None:
        """The weapon a defender hits back with: of his melee weapons with the skill he defends with
        (FU-11) and not too heavy (``minimum_strength``), the one of the highest BD; an unarmed
        skill with no weapon of its own, the tables' ``fist`` [D]; None when he defends with his
        Dodge or has nothing to hit with."""
        sheet = self.sheets[defender]
        if sheet.defends_with_dodge():
            return None
        skill, level = sheet.melee_defence()
        usable = [
            arm
            for weapon, arm in enumerate(sheet.arms)
            if arm.kind == "melee" and arm.skill == skill and self.strong_enough(defender, weapon)
        ]
        if usable:
            return max(usable, key=lambda arm: arm.spec.bd)
        if any(arm.kind == "melee" and arm.skill == skill for arm in sheet.arms) or "fist" not in self.tables.weapons:
            return None  # his weapon for it is too heavy, or the tables have no bare hands
        if not any(word in skill.lower() for word in BRAWLING):
            return None
        return Arm("fist", self.tables.weapon("fist"), CardWeapon(weapon="fist", skill=skill), level)
