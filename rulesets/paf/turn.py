"""Paul's Adventures In Fantasy: a being's turn, what it declares.

When its initiative group comes (PA-6), each being chooses its action (the GM may set a
condition there first), then the weapon, the range and the target it needs, keeps or lets
go of a hold, and goes on to the rolls of that action (the other phases' mixins). Helping a
fallen friend (PA-5), fixing a slipped helm and picking up a dropped weapon are turns too.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from companion.ruleset import Choice
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.state import ACTION_WHY, D20, NON_LETHAL

ACTION_CHOICES = {key: Choice(key, key, why) for key, why in ACTION_WHY.items()}
"""Each action as an option (a Choice is immutable: the same one in every prompt that offers it)."""


class Turns(LiveNumbers):
    """A being's turn: its action, weapon, target (design 2, PA-6), and the turns without a roll to hit."""

    def conditions(self) -> None:
        """The GM's conditions from magic (design 3 [D]), chosen at any being's action: slowed,
        hastened, cleared; ``none`` goes back to the action. A condition holds until changed."""
        while True:
            options = [Choice("none", "no change", "back to the action")]
            for being in self.everyone:
                if self.f[being].dead:
                    continue
                place, condition = self.beings[being], self.f[being].condition
                if condition is None:
                    options.append(
                        Choice(
                            f"slowed:{place.slug}",
                            f"{place.name} is slowed",
                            "easier to pummel, grapple or overbear: -10 to the number needed (PA-11)",
                        )
                    )
                    options.append(
                        Choice(
                            f"hastened:{place.slug}",
                            f"{place.name} is hastened",
                            "harder to pummel (+10 to the number needed), grapple or overbear (+20) (PA-11)",
                        )
                    )
                else:
                    options.append(Choice(f"clear:{place.slug}", f"{place.name} is no longer {condition}"))
            key = self.choose(None, "condition", options, "none")
            if key == "none":
                return
            what, _, whose = key.partition(":")
            being = next(index for index, place in enumerate(self.beings) if place.slug == whose)
            old, self.f[being].condition = self.f[being].condition, None if what == "clear" else what
            self.log.append(f"{self.names[being]} is " + (f"no longer {old}" if what == "clear" else what))

    def turn(self, being: int) -> None:
        self.had_turn[being] = True
        if not self.can_act(being):
            self.log.append(f"{self.names[being]} cannot act ({self.status_words(being)})")
            return
        while True:
            keys = self.action_keys(being)
            action = self.choose_kept(being, "action", keys, self.offer_actions)
            if action != "condition":
                break
            self.conditions()  # the GM's magic, then the same being's action again
        self.action[being] = action
        me = self.f[being]
        previous, me.last_action = me.last_action, action
        if action in ("attack", "shoot"):
            weapon = self.pick_weapon(being, action)
            band = self.pick_range(being, weapon) if action == "shoot" else None
            target = self.pick_target(
                being,
                self.targets(being, action),
                # PA-11: no condition list for a lethal attack, a helpless target's neither ("Helpless HIT"
                # is the pummeling list's): every target needs its roll
                lambda enemy: (
                    self.needed(being, enemy, weapon, "missile", self.range_extra(band))
                    if band
                    else self.needed(being, enemy, weapon, "melee", [])
                ),
            )
            self.keep_or_release(being, action, target)
            me.in_hand = weapon
            if action == "attack":
                self.log.append(
                    f"{self.names[being]} attacks {self.names[target]} with the {self.weapon(being, weapon)}"
                )
                self.strike(being, target, weapon, "melee")
            else:
                self.shoot(being, target, weapon, band or "short")
        elif action in NON_LETHAL:
            target = self.pick_target(
                being,
                self.targets(being, action),
                lambda enemy: (
                    None
                    if action == "pummel" and not self.f[enemy].able  # Helpless HIT
                    else self.nl_needed(being, enemy, action)
                ),
            )
            self.keep_or_release(being, action, target)
            self.log.append(f"{self.names[being]} tries to {action} {self.names[target]}")
            self.nonlethal(being, target, action, rushing=previous == "move")
        elif action == "break":
            self.break_hold(being)
        elif action == "fix":
            self.fix_helm(being)
        elif action == "recover":
            weapon = next(index for index, status in enumerate(me.weapons) if status == "dropped")
            self.pending.append(lambda: self._recover(being, weapon))
            self.log.append(f"{self.names[being]} picks up the {self.weapon(being, weapon)}")
        elif action == "help":
            self.help(being)
        else:
            self.keep_or_release(being, action, None)
            self.log.append(f"{self.names[being]} {'moves' if action == 'move' else 'waits'}")

    def _recover(self, being: int, weapon: int) -> None:
        weapons = list(self.f[being].weapons)
        weapons[weapon] = "ready"
        self.f[being].weapons = tuple(weapons)

    @staticmethod
    def offer_actions(keys: tuple[str, ...]) -> tuple[list[Choice], str]:
        """The actions ``keys`` as options, and the one advised."""
        # a dropped weapon is picked up before fists are used [D]
        advised = next(key for key in ("attack", "shoot", "break", "recover", "pummel", "wait") if key in keys)
        return [ACTION_CHOICES[key] for key in keys], advised

    def action_keys(self, being: int) -> tuple[str, ...]:
        """What ``being`` may do now (design 2): a held being only breaks or waits [D]; the GM's
        ``condition`` (magic) at every action (and ``end``, typed in full, at every prompt)."""
        me = self.f[being]
        keys: list[str] = []
        if me.held_by is not None:
            keys = ["break", "wait"]
        else:
            # every action's targets are the enemies (:meth:`targets`): asked once, not once an action
            if self.may_attack(being) and self.enemies(being):
                melee, missiles = self.at_hand(being)
                if melee:
                    keys.append("attack")
                if missiles:
                    keys.append("shoot")
                keys += ("pummel", "grapple", "overbear")  # bare hands (weapons_for): always at hand
            if me.movement != "none":
                keys.append("move")
            keys.append("wait")
            if self.fallen_friends(being):
                keys.append("help")
            if me.slipped:
                keys.append("fix")
            if "dropped" in me.weapons:
                keys.append("recover")
        keys.append("condition")
        return tuple(keys)

    def fallen_friends(self, being: int) -> list[int]:
        """The friends of ``being`` below 0 and alive, not yet helped (PA-5: they cannot heal without help)."""
        mine, sides, f = self.sides[being], self.sides, self.f
        return [
            friend
            for friend in self.everyone
            if sides[friend] == mine
            and friend != being
            # the real points are the hit points and the temporary damage still to come back: never
            # below 0 unless the hit points are (the quicker test first)
            and f[friend].hp < 0
            and f[friend].real_hp < 0
            and not f[friend].dead
            and not f[friend].helped
        ]

    def help(self, being: int) -> None:
        """PA-5 "At negative hit points they are unable to heal without outside help": ``being`` spends his
        action helping a fallen friend (asked which when more than one), who can then heal [D]."""
        fallen = self.fallen_friends(being)
        friend = fallen[0]
        if len(fallen) > 1:
            options = [
                Choice(self.beings[other].slug, self.names[other], self.target_why(other), self.names[other])
                for other in fallen
            ]
            key = self.choose(being, "ally", options, self.beings[fallen[0]].slug)
            friend = next(other for other in fallen if self.beings[other].slug == key)
        self.keep_or_release(being, "help", None)
        self.log.append(f"{self.names[being]} helps {self.names[friend]}: {self.names[friend]} can heal (PA-5)")
        self.pending.append(lambda: setattr(self.f[friend], "helped", True))

    def weapons_for(self, being: int, action: str) -> list[int]:
        """The card's weapons that can do ``action`` now (non-lethal: [None], bare hands)."""
        if action in NON_LETHAL:
            return [-1]  # bare hands; a monster's factors read its card's stats or 12 [D]
        if action == "attack":
            return self.at_hand(being)[0]
        if action == "shoot":
            return self.at_hand(being)[1]
        return []

    def at_hand(self, being: int) -> tuple[list[int], list[int]]:
        """The card's weapons that can attack now, and those that can shoot (:meth:`weapons_for`): both at
        once, as an action's options ask them."""
        melee, missiles = self.weapon_kinds(being)
        me = self.f[being]
        weapons = me.weapons
        # in hand: ready, and not just dropped by a fumble of this group (it lands with the group's effects)
        dropped = self.left_hand[being][0] if being in self.left_hand else None
        at_hand = [weapon for weapon in melee if weapons[weapon] == "ready" and weapon != dropped]
        if not missiles:  # most cards: no list made of none
            return at_hand, []
        return at_hand, [
            weapon
            for weapon in missiles
            if weapons[weapon] == "ready"
            and weapon != dropped
            and ((left := me.ammo[weapon]) is None or left > 0)  # None: the card does not count it
            and self.round >= me.next_shot[weapon]
        ]

    def weapon_kinds(self, being: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The card's melee weapons (``cards.is_melee``) and missile weapons (``cards.is_missile``), each
        in the card's order: found once a fight (the card and the tables never change), kept with the
        being's needs; every action asks them twice."""
        needs = self.beings[being].needs
        kinds: tuple[tuple[int, ...], tuple[int, ...]] | None = needs.get("weapon kinds")
        if kinds is None:
            names = [entry.weapon for entry in self.beings[being].card.weapons]
            melee, missiles = self.lookups.melee, self.lookups.missiles
            kinds = needs["weapon kinds"] = (
                tuple(weapon for weapon, name in enumerate(names) if name in melee),
                tuple(weapon for weapon, name in enumerate(names) if name in missiles),
            )
        return kinds

    def targets(self, being: int, action: str) -> list[int]:
        return self.enemies(being)

    def pick_weapon(self, being: int, action: str) -> int:
        weapons = self.weapons_for(being, action)
        if len(weapons) == 1:
            return weapons[0]
        keys = self.beings[being].weapon_keys
        me = self.f[being]
        held = me.in_hand
        advised = held if held in weapons else weapons[0]  # [D] the weapon in his hand, else the card's first

        def offer(_: object) -> tuple[list[Choice], str]:
            options = [
                # a list shows the weapon's name ("Sword, Long"), not its key (as Fudge's weapons do)
                Choice(keys[weapon], name, self.weapon_why(being, weapon, action), name)
                for weapon in weapons
                for name in (self.weapon(being, weapon),)
            ]
            return options, keys[advised]

        # the options say the weapons, the one advised and (shooting) the ammunition left: kept a fight by them
        ammo = tuple(me.ammo[weapon] for weapon in weapons) if action == "shoot" else ()
        key = self.choose_kept(being, "weapon", (action, tuple(weapons), advised, ammo), offer)
        return next(weapon for weapon in weapons if keys[weapon] == key)

    def weapon_why(self, being: int, weapon: int, action: str) -> str:
        key = self.weapon(being, weapon)
        if action == "shoot":
            missile = self.tables.missiles[key]
            bits = [
                f"{missile.printed_rate or ps.show(Fraction(missile.per_round).limit_denominator(10))} a round",
                f"{missile.ammunition} {self.tables.weapons[missile.ammunition].small_medium}",
            ]
            if self.f[being].ammo[weapon] is not None:
                bits.append(f"{self.f[being].ammo[weapon]} left")
            return ", ".join(bits)
        return f"damage {self.tables.weapons[key].small_medium} / large {self.tables.weapons[key].large}"

    def pick_target(self, being: int, targets: list[int], need: Callable[[int], ps.Figure | None] | None = None) -> int:
        """The target, each offered with its hit points and ``need(target)``, the roll it would need
        (``None``: helpless, hit without a roll)."""
        if len(targets) == 1:
            return targets[0]  # [D] one enemy: not asked (design 2: "asked only when more than one")
        held = self.holding(being)
        # [D] the held one if he still fights, else one still standing (PA-11: the helpless need a roll too)
        able = [target for target in targets if self.f[target].able]
        advised = held if held in targets and (held in able or not able) else next(iter(able), targets[0])
        whys = tuple(self.target_why(target, need(target) if need else None, need is not None) for target in targets)

        def offer(_: object) -> tuple[list[Choice], str]:
            options = [
                Choice(
                    self.beings[target].slug,
                    self.names[target],
                    why,
                    self.names[target],  # a list shows the name, not its key (as Fudge's targets do)
                )
                for target, why in zip(targets, whys)
            ]
            return options, self.beings[advised].slug

        # the options say the targets, each in words, and the one advised: kept a fight by them (the same
        # enemies with the same hit points and needs are offered again turn after turn)
        key = self.choose_kept(being, "target", (tuple(targets), whys, advised), offer)
        return next(target for target in targets if self.beings[target].slug == key)

    def target_why(self, being: int, needed: ps.Figure | None = None, asked: bool = False) -> str:
        """``being`` as a target list says it: the roll ``needed`` to hit it (``asked`` without one:
        helpless), its hit points and its status.

        Kept with the being's needs by all it says (the need kept with it, as :meth:`roll_needed` keeps
        needs a fight): a target list says every enemy, turn after turn, mostly as it said it before."""
        me = self.f[being]
        status = self.status_of(being)
        key = ("target words", id(needed), asked, me.hp, me.max_hp, status, me.helped)
        needs = self.beings[being].needs
        kept = needs.get(key)
        if kept is not None and kept[0] is needed:
            words: str = kept[1]
            return words
        bits = []
        if needed is not None:
            low = ps.lowest_hit(needed)
            bits.append("cannot be hit" if low > 100 else f"needs {low}+")
        elif asked:
            bits.append("helpless: hit without a roll")
        bits.append(f"{me.hp}/{me.max_hp} hp")
        if status != "fighting":
            bits.append(self.status_words(being))
        words = ", ".join(bits)
        needs[key] = (needed, words)
        return words

    def keep_or_release(self, holder: int, action: str, target: int | None) -> None:
        """[D] A holder keeps his hold while he waits or attacks, pummels or grapples the held being;
        anything else lets go (the text: "the hold continues until loosened or broken"). A leg
        grabbed (overbear's "Grab Leg") is kept while he waits or overbears or grapples that being."""
        if action == "wait":
            return  # a waiting holder keeps every hold and every leg (as below): none looked for
        held = self.holding(holder)
        if held is not None and not (action in ("attack", "pummel", "grapple") and target == held):
            self.f[held].held_by = None
            self.log.append(f"{self.names[holder]} lets go of {self.names[held]}")
        for other in self.legs_held(holder):
            if not (action in ("overbear", "grapple") and target == other):
                self.let_go_legs(holder, other)
                self.log.append(f"{self.names[holder]} lets go of {self.names[other]}'s leg")

    def fix_helm(self, being: int) -> None:
        dex = self.dexterity(being)
        (roll,) = self.roll(being, D20, "dexterity check", against=self.dexterity_against(being, " fixes the helm"))
        if roll <= dex:
            self.log.append(f"{self.names[being]} rolls {roll}: fixes the helm")
            self.pending.append(lambda: setattr(self.f[being], "slipped", None))
        else:
            self.log.append(f"{self.names[being]} rolls {roll}: the helm is still askew")
