"""Paul's Adventures In Fantasy: pummeling, grappling and overbearing (PA-7).

A non-lethal attack's roll against PAF + PDF or GOAF + GODF, with the defender's state by
the list printed for it and the attacker's own bonuses (PA-11); the damage index (the roll
less the need, plus the damage modifications, R-17) reads the attack's damage table: the
real share of the points and the temporary rest, a stun, a hold (grappling), a leg grabbed
(overbear), a blow again, the opponent's counter. A held being's break roll, and the holds
let go.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from companion.replay import GmModifier
from companion.ruleset import Choice
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.cards import HELM_MODS, is_melee
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.state import ACTION_WHY, D_PERCENT, NON_LETHAL, hits_words, pct, roll_target

POMMEL_MODS = {"butt": "mailed_fist", "pommel": "metal_pummel"}
"""A weapon's ``pummel`` (R-22) and the pummeling damage mod it gives ("Wooded Butt or Mailed Fist",
"Metal Pummel")."""


@dataclass(frozen=True, slots=True)
class Tool:
    """What a pummel strikes with (PA-11, R-22): its words, its damage mod, the weapon (None: a mailed
    fist) and that weapon's magic."""

    words: str
    mod: int
    weapon: int | None
    magic: int


class Wrestle(NamedTuple):
    """The pummel, grapple, overbear or break whose percentile roll is asked for (its odds, issue 8);
    a named tuple, as :class:`rulesets.paf.attack.Attack` is (one is made at every such roll)."""

    attacker: int
    defender: int
    """The defender (for a break, the holder)."""
    table: str
    """``pummeling``, ``grappling`` or ``overbear``."""
    needed: Fraction
    mods: int
    """The damage modifications' sum."""
    strength: int
    auto: bool
    """A helpless defender: a hit whatever the roll (the roll gives the damage)."""
    hold: int | None = None
    """A break: the hold's category, which the roll's row must tie or beat."""


def index_note(needed: ps.Figure, mods: list[tuple[str, int]]) -> str:
    """How a non-lethal roll's damage index is read (PA-7: the roll less the need, R-17)."""
    value = needed.value
    rounded = " (rounded down)" if value.denominator != 1 else ""
    return (
        (f"damage index = roll - {ps.show(value)}" if value >= 0 else f"damage index = roll + {ps.show(-value)}")
        + rounded
        + "".join(f" {mod:+d} ({label})" for label, mod in mods)
    )


NO_CRITICAL = "; no critical or fumble (decided: the damage table's own rows)"
"""Said on every pummel, grapple, overbear and break roll (docs/decisions.md)."""


class NonLethal(LiveNumbers):
    """Pummel, grapple, overbear, the counter and the break of a hold (PA-7, PA-11, R-22, R-23)."""

    # --- the numbers -------------------------------------------------------------------

    def defender_mods(self, attacker: int, defender: int, table: str) -> list[tuple[str, ps.Number]]:
        """To-hit modifications of the defender's state: the list printed for pummeling (``pummel``)
        or grappling and overbear (``grapple``). PA-11: they serve those attacks only, never a lethal
        one. Pummeling's "Helpless HIT" is handled by the caller. Whole amounts are ints, as
        :meth:`rulesets.paf.numbers.LiveNumbers.attacker_mods` says why."""
        rows = self.lookups.to_hit[table]
        out: list[tuple[str, ps.Number]] = []
        me = self.f[defender]
        if me.condition == "slowed" and "slowed" in rows:
            out.append(("defender slowed", rows["slowed"].value or 0))
        if me.condition == "hastened" and "hastened" in rows:
            out.append(("defender hastened", rows["hastened"].value or 0))
        if self.stunned(defender) and "stunned" in rows:
            out.append(("defender stunned", rows["stunned"].value or 0))
        if table == "grapple" and not me.able and "helpless" in rows and rows["helpless"].value is not None:
            out.append(("defender helpless", rows["helpless"].value))
        moving = self.lookups.by_movement[table]
        if moving:
            moves = self.move_base(defender)
            for row in moving:
                above = self.move_base(attacker) if row.above == "attacker" else (row.above or 0)
                steps = (moves - above) // row.per_inches  # type: ignore[operator]  # rounded down, exact
                if steps > 0:
                    out.append((f"defender's movement {ps.show(moves)}\"", (row.value or 0) * steps))
        return out

    def own_bonuses(self, attacker: int, action: str) -> list[tuple[str, ps.Number]]:
        """PA-11: the bonuses AF holds for a lethal attack, on a pummel, grapple or overbear too: the
        card's misc attack bonus, and the magic of the weapon a pummel strikes with (ints)."""
        out: list[tuple[str, ps.Number]] = []
        misc = self.beings[attacker].card.misc
        if misc is not None and misc.attack:
            out.append((f"misc attack bonus {misc.attack:+d}", -misc.attack))
        if action == "pummel":
            tool = self.pummel_tool(attacker)
            if tool is not None and tool.weapon is not None:
                magic = self.beings[attacker].card.weapons[tool.weapon].magic
                if magic:
                    out.append(
                        (
                            f"magic {magic:+d} x 4 ({self.weapon(attacker, tool.weapon)})",
                            ps.ATTACK_PER_PLUS * magic,
                        )
                    )
        return out

    def pummel_tool(self, attacker: int) -> Tool | None:
        """What ``attacker`` pummels with (PA-11, R-22): the best of a ready weapon's metal pommel ("Metal Pummel
        +10%"), its wooden butt or a mailed fist ("Wooded Butt or Mailed Fist +5%"); None: a bare fist.

        Kept a fight by the state of his weapons (his card and the tables never change): a pummel asks it
        for its need, its damage and the weapon in hand, the target list for every enemy."""
        me, card = self.f[attacker], self.beings[attacker].card
        kept_as = ("tool", me.weapons)
        kept: tuple[Tool | None] | None = self.beings[attacker].needs.get(kept_as)
        if kept is not None:
            return kept[0]
        mods = self.lookups.damage_mods["pummeling"]
        found: list[Tool] = []
        for weapon, entry in enumerate(card.weapons):
            row = self.tables.weapons.get(entry.weapon)
            if me.weapons[weapon] != "ready" or row is None or not is_melee(self.tables, entry.weapon):
                continue
            key = POMMEL_MODS.get(row.pummel or "")
            if key in mods:
                found.append(Tool(f"{mods[key].text} ({entry.weapon})", mods[key].value or 0, weapon, entry.magic))
        suit = self.tables.armor.suits.get(card.armor or "none")
        if suit is not None and suit.mailed_fist and "mailed_fist" in mods:
            found.append(Tool(f"{mods['mailed_fist'].text} ({card.armor})", mods["mailed_fist"].value or 0, None, 0))
        tool = max(found, key=lambda tool: (tool.mod, tool.magic), default=None)
        self.beings[attacker].needs[kept_as] = (tool,)
        return tool

    def nl_needed(
        self, attacker: int, defender: int, action: str, gm: list[tuple[str, ps.Number]] | None = None
    ) -> ps.Figure:
        """PA-7: PAF + PDF or GOAF + GODF, the defender's state by the list printed for it, and (PA-11)
        the attacker's own penalties and bonuses; ``gm``: the GM's modifiers typed at the roll."""
        attacking, defending = self.numbers(attacker), self.numbers(defender)
        own = self.attacker_mods(attacker, defender) + self.own_bonuses(attacker, action) + (gm or [])
        if action == "pummel":
            mods = self.defender_mods(attacker, defender, "pummel") + own
            return self.roll_needed(attacker, attacking.paf, defending.pdf, mods, ("PAF", "PDF"))
        mods = self.defender_mods(attacker, defender, "grapple") + own
        return self.roll_needed(attacker, attacking.goaf, defending.godf, mods, ("GOAF", "GODF"))

    def damage_mods(self, attacker: int, defender: int, table: str, rushing: bool) -> list[tuple[str, int]]:
        """PA-7 damage modifications: the pummeling attacker's metal pommel, wooden butt or mailed fist
        (PA-11, R-22), and the defender's card and state."""
        mods = self.lookups.damage_values[table]
        me, card = self.f[defender], self.beings[defender].card
        out: list[tuple[str, int]] = []
        if table == "pummeling" and (tool := self.pummel_tool(attacker)) is not None:
            out.append((tool.words, tool.mod))
        if table == "pummeling" and me.helm in HELM_MODS and HELM_MODS[me.helm] in mods:
            out.append((f"{me.helm} helm", mods[HELM_MODS[me.helm]]))
        if table == "grappling":
            suit = self.tables.armor.suits.get(card.armor or "none")
            if suit is not None and suit.plate_or_banded and "plate_or_banded" in mods:
                out.append(("plate or banded", mods["plate_or_banded"]))
            if me.helm != "none" and "helmet" in mods:
                out.append(("helmet", mods["helmet"]))
            if me.shield and "shield" in mods:
                out.append(("shield", mods["shield"]))
        if table == "overbear":
            if me.last_action == "wait" and "braced" in mods:
                out.append(("braced (waited)", mods["braced"]))  # [D] a waiting defender is braced
            if rushing and "rushing" in mods:
                out.append(("rushing (moved last round)", mods["rushing"]))  # [D]
            if me.feet_held and "foot_held" in mods:
                out.append(
                    (f"{me.feet_held} {'foot' if me.feet_held == 1 else 'feet'} held", mods["foot_held"] * me.feet_held)
                )
        return out

    # --- the rolls ---------------------------------------------------------------------

    def nonlethal(self, attacker: int, defender: int, action: str, *, rushing: bool = False, extra: str = "") -> None:
        """One pummel, grapple or overbear roll (PA-7); ``extra``: ``again`` (strike again) or ``counter``.
        No critical or fumble [D]: the text's critical tables are by weapon (blunt, edged, missile) and
        these attacks read their own damage tables, whose rows are their best and worst."""
        again = bool(extra)
        table = NON_LETHAL[action]
        auto = action == "pummel" and not self.f[defender].able  # text: Helpless HIT
        mods = self.damage_mods(attacker, defender, table, rushing)
        strength = self.card(attacker).score("strength")
        gm: list[tuple[str, ps.Number]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.nl_needed(attacker, defender, action, gm)
            low, against, note = self.wrestle_words(attacker, defender, needed, mods, auto)
            self.ref = (table, None)
            self.wrestling = Wrestle(
                attacker, defender, table, needed.value, sum(mod for _, mod in mods), strength, auto
            )
            value = self.roll(
                attacker,
                D_PERCENT,
                action + (f" {extra}" if extra else ""),
                gm=True,
                target=None if auto else roll_target(low),
                against=against,
                note=note,
            )
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(attacker, defender, value))
        (roll,) = value
        self.spend_distraction(attacker, defender)
        if table == "pummeling" and (tool := self.pummel_tool(attacker)) is not None and tool.weapon is not None:
            self.f[attacker].in_hand = tool.weapon  # he strikes with it: it is in his hand
        shown = pct(roll)
        if roll < low and not auto:  # below the lowest roll that hits: an int compared
            self.log.append(f"{self.name(attacker)} rolls {shown}, needs {low}: misses")
            return
        index = ps.nonlethal_index(roll, needed, [mod for _, mod in mods])
        said = f"index {index}"
        if auto and index < 1:
            # [D] an automatic hit is never a Total Miss: the index below the table's first hit reads as 1
            said = f"index {index}, read as 1 (helpless: a hit)"
            index = 1
        res = ps.nonlethal_damage(self.tables, table, index, strength)
        self.ref = (table, index)
        self.log.append(
            f"{self.name(attacker)} rolls {shown}, needs {low}: {said}, {res.row.text}"
            + (
                f": {res.points} point{'s' * (res.points != 1)} ({res.real} real, {res.temporary} temporary)"
                if res.points
                else ""
            )
        )
        row = res.row
        if res.points:
            self.pending.append(lambda: self.hurt(defender, res.real, res.temporary))
        if row.stunned:
            self.pending.append(lambda: self.stun(defender, 1))  # design 6 [D]: 1 round
            self.log.append(f"{self.name(defender)} is stunned for 1 round")
        if table == "grappling" and row.category is not None and not row.miss:
            category = row.category
            if row.hold:
                self.log.append(
                    f"{self.name(attacker)} holds {self.name(defender)}: {row.attacker or row.text} "
                    f"(category {category})"
                )
                self.pending.append(lambda: self.hold(attacker, defender, category))
            else:  # [D] the row names blows, not a grip (no //, no hold named): it holds nothing
                self.log.append(f"{row.attacker or row.text}: blows, not a hold (category {category}, no hold put on)")
        if table == "overbear" and "Grab Leg" in row.text:
            # [D] a leg grabbed, up to the two a character has
            self.log.append(
                f"{self.name(attacker)} grabs {self.name(defender)}'s leg: he holds it while he keeps at "
                f"{self.name(defender)} (+10 a foot held to overbear)"
            )
            self.pending.append(lambda: self.grab_leg(attacker, defender))
        # [D] one more roll, once: a strike-again or counter roll neither strikes again nor is countered
        # (the tables never say they chain, and a low need would chain them without end)
        if row.strike_again and not again:
            self.log.append(f"{self.name(attacker)} strikes again")
            self.nonlethal(attacker, defender, action, extra="again")
        elif row.strike_again:
            self.log.append("no third blow: a strike-again roll does not strike again")
        if row.opponent_may_counter and not again:
            self.counter(defender, attacker)

    def wrestle_words(
        self, attacker: int, defender: int, needed: ps.Figure, mods: list[tuple[str, int]], auto: bool
    ) -> tuple[int, str, str]:
        """A pummel's, grapple's or overbear's roll in words: the lowest roll that hits, what it is
        against (the need's terms; a helpless defender's automatic hit) and how its damage index reads.

        Kept with the need (which :meth:`roll_needed` keeps a fight), as an attack roll's words are
        (:meth:`rulesets.paf.attack.Attacks.attack_words`): the same need against the same defender, with
        the same damage modifications, reads the same blow after blow."""
        key = ("wrestle words", id(needed), defender, auto, *mods)
        kept = self.beings[attacker].needs.get(key)
        if kept is not None and kept[0] is needed:  # kept, the need kept with it
            words: tuple[int, str, str] = kept[1]
            return words
        low = ps.lowest_hit(needed)
        terms = " ".join(
            f"{'-' if part.amount < 0 else '+'} {ps.show(abs(part.amount))} ({part.label})" for part in needed.parts[2:]
        )
        factor, guard = needed.parts[0], needed.parts[1]
        against = (
            f"{hits_words(low)} {self.name(defender)} (needed {ps.show(needed.value)} = {factor.label} "
            f"{ps.show(factor.amount)} + {guard.label} {ps.show(guard.amount)}" + (f" {terms}" if terms else "") + ")"
        )
        if auto:
            against = f"{self.name(defender)} is helpless: a hit whatever the roll (the roll gives the damage)"
        words = (low, against, index_note(needed, mods) + NO_CRITICAL)
        self.beings[attacker].needs[key] = (needed, words)
        return words

    def counter(self, defender: int, attacker: int) -> None:
        """ "Opponent may counter": the defender may make one attack at once (design 6 [D])."""
        if not self.can_act(defender) or not self.may_attack(defender) or self.f[defender].held_by is not None:
            return
        options = [Choice("none", "no counter")]
        melee = self.weapons_for(defender, "attack")
        if melee:
            options.append(
                Choice(
                    "attack",
                    "attack",
                    f"with the {self.weapon(defender, melee[0])}"
                    if len(melee) == 1
                    else "with a weapon: " + ", ".join(self.weapon(defender, weapon) for weapon in melee),
                )
            )
        options += [
            Choice("pummel", "pummel", ACTION_WHY["pummel"]),
            Choice("grapple", "grapple", ACTION_WHY["grapple"]),
        ]
        key = self.choose(defender, "counter", options, options[1].key)
        if key == "none":
            self.log.append(f"{self.name(defender)} does not counter")
            return
        if key == "attack":
            weapon = self.pick_weapon(defender, "attack")  # asked when he has more than one, the one in hand advised
            self.f[defender].in_hand = weapon
            self.log.append(
                f"{self.name(defender)} counters: attacks {self.name(attacker)} with the {self.weapon(defender, weapon)}"
            )
            self.strike(defender, attacker, weapon, "melee")
        else:
            self.log.append(f"{self.name(defender)} counters: tries to {key} {self.name(attacker)}")
            self.nonlethal(defender, attacker, key, extra="counter")

    def break_hold(self, held: int) -> None:
        """PA-7: the held being's grapple roll; a category equal to or above the hold's breaks it,
        dealing the right of the // (the row's points) to the holder."""
        holder, category = self.f[held].held_by  # type: ignore[misc]
        self.log.append(f"{self.name(held)} tries to break {self.name(holder)}'s hold (category {category})")
        mods = self.damage_mods(held, holder, "grappling", False)
        gm: list[tuple[str, ps.Number]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.nl_needed(held, holder, "grapple", gm)
            low = ps.lowest_hit(needed)
            self.ref = ("grappling", None)
            self.wrestling = Wrestle(
                held,
                holder,
                "grappling",
                needed.value,
                sum(mod for _, mod in mods),
                self.card(held).score("strength"),
                False,
                category,
            )
            terms = " ".join(
                f"{'-' if part.amount < 0 else '+'} {ps.show(abs(part.amount))} ({part.label})"
                for part in needed.parts[2:]
            )
            factor, guard = needed.parts[0], needed.parts[1]
            value = self.roll(
                held,
                D_PERCENT,
                "break",
                gm=True,
                target=roll_target(low),
                against=f"{low} or more, then category {category} or better breaks the hold (needed "
                f"{ps.show(needed.value)} = {factor.label} {ps.show(factor.amount)} + {guard.label} "
                f"{ps.show(guard.amount)}" + (f" {terms}" if terms else "") + ")",
                note=index_note(needed, mods) + NO_CRITICAL,
            )
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(held, holder, value))
        (roll,) = value
        self.spend_distraction(held, holder)
        shown = pct(roll)
        if roll < low:  # below the lowest roll that hits
            self.log.append(f"{self.name(held)} rolls {shown}, needs {low}: the hold holds")
            return
        index = ps.nonlethal_index(roll, needed, [mod for _, mod in mods])
        res = ps.nonlethal_damage(self.tables, "grappling", index, self.card(held).score("strength"))
        self.ref = ("grappling", index)
        row = res.row
        if (row.category or 0) < category:
            self.log.append(
                f"{self.name(held)} rolls {shown}: index {index}, category {row.category}, "
                f"below the hold's {category}: the hold holds"
            )
            return
        blow = row.defender or row.attacker or row.text
        self.log.append(
            f"{self.name(held)} rolls {shown}: index {index}, category {row.category}: breaks the hold "
            f"({blow}, {res.points} point{'s' * (res.points != 1)}: {res.real} real, "
            f"{res.temporary} temporary)"
        )
        self.pending.append(lambda: setattr(self.f[held], "held_by", None))
        if res.points:
            self.pending.append(lambda: self.hurt(holder, res.real, res.temporary))
        if row.stunned:  # a row of blows alone (Kick/Knee/Gouge & Stunned): its stun too, on the holder
            self.pending.append(lambda: self.stun(holder, 1))  # design 6 [D]: 1 round
            self.log.append(f"{self.name(holder)} is stunned for 1 round")

    # --- holds ---------------------------------------------------------------------------

    def grab_leg(self, attacker: int, defender: int) -> None:
        """[D] Overbear's "Grab Leg": ``attacker`` holds one of ``defender``'s feet, of the two ``defender``
        has, while ``attacker`` is able and keeps at ``defender`` (:meth:`rulesets.paf.turn.Turns.keep_or_release`)."""
        me = self.f[defender]
        if self.f[attacker].able and not me.dead and me.feet_held < 2:
            me.feet_held_by = me.feet_held_by + (attacker,)
        elif me.feet_held >= 2 and not me.dead:
            self.log.append(f"{self.name(attacker)} gets no leg of {self.name(defender)}'s: both are held already")

    def hold(self, holder: int, held: int, category: int) -> None:
        me = self.f[held]
        if me.dead or not self.f[holder].able:
            return
        if me.held_by is None or me.held_by[0] == holder or me.held_by[1] < category:
            old = me.held_by[1] if me.held_by and me.held_by[0] == holder else 0
            me.held_by = (holder, max(category, old))  # [D] grappling again raises the hold, never lowers it
            self.let_go(holder, but=held)  # [D] one hold at a time: a new one (a counter's) lets go of the other
