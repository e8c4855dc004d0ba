"""Paul's Adventures In Fantasy: the melee round of the combat module, for a scene
of 2-8 beings (characters and monsters) on two sides.

Rules: ``shared/rules/source/paf_combat_module.txt`` as settled by rulings
PA-1 to PA-12; the engine follows docs/paf_design.md, "Engine design" (binding).
What neither says is decided here, each decision marked [D] where built.
The tables are data (``tables.yaml``, checked by ``tables.py``); the formulas are
``rules.py``; a card's numbers come from ``cards.derived``.

A round (PA-6, 10 seconds): initiative 1d6 for every being that can act, in
scene order; then the initiative groups, highest first: each being of a
group, in scene order, chooses its action (and weapon, range, target; the GM
may set slowed or hastened there, magic the module has no rules for, which
holds until changed) and
makes all its rolls at once (attack percentile, critical or fumble percentile,
damage dice, the dice of the effects); a group's damage and effects are applied
only after every attack of the group is rolled (ties are simultaneous). Then
the round closes (temporary damage recovers from the 11th round after it was
taken, countdowns run). When a side has no being able to fight, when nobody
can attack any more (PA-12), or when the GM ends the scene (``end``, typed at
any prompt of it), the aftermath: help for the fallen below 0, rest and days
of healing (PA-5). At a roll to hit the GM may type ``gm +5 REASON``: a term
of the number needed (the text's DF: "Misc. Bonuses (Like that tree in the
way)").

As Fudge does, the state keeps the answers given so far in the round and
replays them through :class:`Round`, which asks for the next answer where
they run out. :class:`Round` here is the round's order (initiative, the
groups, each group's effects landing, the round's close); each phase's rules
are a mixin in a module of their own:

- ``round.RoundBase``: the round's state, the answers taken or asked for (the GM's ``end``
  and ``gm +N``), what the state says of a being (side, weapon, status, holds);
- ``numbers.LiveNumbers``: a being's numbers as they stand (AF, DF, the shield, PA-10, PA-11);
- ``turn.Turns``: a being's turn: action, weapon, target, holds kept, help, fix, recover;
- ``missiles.Missiles``: the range band and the volley (R-4, R-6, PA-8);
- ``attack.Attacks``: the attack roll, the critical roll, the damage (PA-2 to PA-4);
- ``effects.Effects``: what a critical or fumble row does (PA-3, PA-9, PA-12);
- ``fumbles.Fumbles``: the fumble roll, blows on self or a friend, rolling again;
- ``nonlethal.NonLethal``: pummel, grapple, overbear, counter, break (PA-7, PA-11);
- ``hit_points.HitPoints``: damage landing, falling, death (PA-5);
- ``aftermath.Aftermath``: the scene's end, help, rest and healing, the result.

Each phase is a subclass of ``LiveNumbers`` (over ``RoundBase``); what one phase asks of
another is declared on ``RoundBase`` for the type checker. The state, the options and the
dice are ``state.py``'s, the rules reference ``reference.py``'s. This module keeps the names other
modules import from it (``PafState``, ``PafResult``, ``dice_of``...).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.replay import Played, SceneRuleset, slug
from companion.ruleset import (
    SIDES,
    Outcome,
    Reference,
    Setup,
    evolve,
)
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import sheet as paf_sheet
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.aftermath import Aftermath, PafResult
from companion.rulesets.paf.attack import Attacks
from companion.rulesets.paf.cards import PafCard, check_against, derived, unknown_keys
from companion.rulesets.paf.effects import Effects
from companion.rulesets.paf.fumbles import Fumbles
from companion.rulesets.paf.hit_points import HitPoints
from companion.rulesets.paf.missiles import Missiles
from companion.rulesets.paf.nonlethal import NonLethal
from companion.rulesets.paf.reference import (
    critical_reference,
    fumble_reference,
    nonlethal_reference,
    thresholds_reference,
)
from companion.rulesets.paf.round import _End
from companion.rulesets.paf.state import (
    ACTIONS,
    D6,
    OPTIONS,
    Being,
    Fighter,
    Options,
    PafState,
)
from companion.rulesets.paf.tables import Tables
from companion.rulesets.paf.turn import Turns
from companion.rulesets.paf.view import combatant_view
from companion.sheet import SheetSpec
from companion.views import CardView, CombatantView

__all__ = [  # the names other modules have imported from here, wherever they live now
    "ACTIONS",
    "RULESET",
    "PafResult",
    "PafState",
    "Round",
    "fumble_reference",
]

EMPTY_ROUNDS = 100
"""Rounds that may pass by themselves in a row, nobody able to act (every stun ends long before)."""


# --- one round ---------------------------------------------------------------------


class Round(Turns, Missiles, Attacks, Effects, Fumbles, NonLethal, HitPoints, Aftermath):
    """One round played from its start over the answers given so far: its order (PA-6), each phase
    a mixin (see the module's docstring)."""

    def play(self) -> None:
        try:
            self.roll_initiative()
            groups: dict[int, list[int]] = {}  # each initiative rolled and its beings, in scene order (one pass)
            for being, rolled in enumerate(self.initiative):
                if rolled is not None:
                    groups.setdefault(rolled, []).append(being)
            for value in sorted(groups, reverse=True):
                group = groups[value]
                self.phase = f"initiative {value}" + (
                    f", {len(group)} tied: damage lands after all strike (PA-6)" if len(group) > 1 else ""
                )
                for being in group:
                    self.turn(being)
                self.settle()
                if self.fallen_side() is not None or self.nobody_can_attack():
                    break
            self.phase = "close"
            self.close()
        except _End:
            self.ended = True
            self.settle()
        fallen = self.fallen_side()
        if not self.ended and fallen is None and self.nobody_can_attack():
            self.stood_off = True
        if self.ended or self.stood_off or fallen is not None:
            self.finish(fallen)

    def roll_initiative(self) -> None:
        """PA-6: every being able to act rolls 1d6, in scene order."""
        self.phase = "initiative"
        for being in self.everyone:
            me = self.f[being]
            if not me.able:
                continue
            if not self.can_act(being):
                why = "stunned" if self.stunned(being) else "no action this round"
                self.log.append(f"{self.names[being]}: {why}, no initiative")
                continue
            (roll,) = self.roll(being, D6, "initiative", note="higher acts first; equal rolls act together (PA-6)")
            self.initiative[being] = roll
            self.log.append(f"{self.names[being]} rolls {roll} for initiative")

    def settle(self) -> None:
        """The group's damage and effects, after all its attacks (PA-6: ties simultaneous)."""
        ops, self.pending = self.pending, []
        for op in ops:
            op()
        if self._wielding:  # most groups leave both empty: none made anew then
            self._wielding = {}
        if self.left_hand:
            self.left_hand = {}

    def close(self) -> None:
        """The round's end: temporary damage recovers 1 a round from the 11th round after it was
        taken (PA-7); death countdowns run."""
        for being in self.everyone:
            me = self.f[being]
            if me.dead:
                continue
            ready = (
                [index for index, (taken, points) in enumerate(me.temporary) if self.round - taken >= 11 and points > 0]
                if me.temporary
                else []
            )
            if ready:
                index = ready[0]  # [D] 1 point a round in all, the oldest first
                taken, points = me.temporary[index]
                temporary = list(me.temporary)
                temporary[index] = (taken, points - 1)
                me.temporary = tuple(entry for entry in temporary if entry[1] > 0)
                was = me.able
                me.hp += 1
                self.log.append(f"{self.names[being]} recovers 1 temporary hit point: {me.hp}/{me.max_hp}")
                if not was and me.able:
                    self.log.append(f"{self.names[being]} comes to")
            if me.dying_at is not None and self.round >= me.dying_at:
                self.kill(being, "dead of the wound")
            if me.no_action_rounds:  # rarely any: most beings keep their empty tuples
                me.no_action_rounds = tuple(when for when in me.no_action_rounds if when > self.round)
            if me.no_attack_rounds:
                me.no_attack_rounds = tuple(when for when in me.no_attack_rounds if when > self.round)


class _Finished(Round):
    """A scene that is over, for the trackers: its beings as they ended."""

    def __init__(self, state: PafState) -> None:
        super().__init__(evolve(state, inputs=()))
        self.phase = "over"


def b_name(state: PafState, being: int) -> str:
    return state.beings[being].name


def _weapon_keys(card: PafCard) -> tuple[str, ...]:
    return tuple(slug(entry.weapon) for entry in card.weapons)


def _fresh(being: Being, tables: Tables, options: Options) -> Fighter:
    numbers = derived(being.card, tables, monster_death=options.monster_death)
    dead_at = numbers.dead_at
    if being.character and options.character_death != "constitution":
        dead_at = int(options.character_death)
    hp = int(numbers.mhp.value)
    return Fighter(
        hp=hp,
        max_hp=hp,
        dead_at=dead_at,
        shield=being.card.shield,
        helm=being.card.helm,
        weapons=tuple("ready" for _ in being.card.weapons),
        in_hand=0,
        ammo=tuple(entry.ammo for entry in being.card.weapons),
        next_shot=tuple(0 for _ in being.card.weapons),
    )


# --- the ruleset ------------------------------------------------------------------------


class Paf(SceneRuleset):
    """Paul's Adventures In Fantasy (registered in ``companion.ruleset.GAMES``)."""

    key = "paf"
    title = "Paul's Adventures In Fantasy"
    short_title = "PAF"
    being_word = "being"
    card_model = PafCard
    options = OPTIONS
    result_type = PafResult
    has_sheet = True

    def card_view(self, card: PafCard, tables: Any = None) -> CardView:
        """The character sheet; with the tables in play, its derived numbers too, each with its terms."""
        sheet = None
        if tables is not None:
            try:
                sheet = card.sheet_lines(tables)
            except (LookupError, ValueError):
                sheet = None  # the tables' own problems show when the fight starts
        return replace(super().card_view(card, tables), rows=(), sheet=tuple(sheet or card.sheet_lines()))

    round_class = Round
    tables = pt
    reserved = ("none", "gm", "end")
    """'none' is an option of several choices; 'end' ends the scene and 'gm' adds a GM's modifier at a
    roll to hit: no being may be named so (its key would read as the word)."""
    card_check = staticmethod(check_against)
    """A card's keys against the tables in play (``companion fighters check``; a scene checks them at its start)."""

    def keys_check(self, tables: Any) -> Any:
        """A card's race, armor, monster, level and weapons against the tables in play (parsed once
        for a whole roster)."""
        parsed = pt.parse(tables)
        return lambda entry: unknown_keys(entry, parsed)

    copies = True
    """The same card several times is an NPC group, each copy numbered: "Orc Raider 1", "Orc Raider 2" ..."""
    simulated = True
    """``companion simulate paf --red A --blue B`` and the scene's simulator play its scenes (issue 21)."""

    def scene_figures(self) -> Any:
        """What a simulated scene counts: :mod:`rulesets.paf.simulation`."""
        from companion.rulesets.paf.simulation import FIGURES  # the simulator loads when first wanted

        return FIGURES

    def sheet(self, tables: dict[str, Any] | None) -> SheetSpec:
        """The character sheet (``ctrl+n`` in the scene selection): :mod:`rulesets.paf.sheet`."""
        return paf_sheet.sheet(tables)

    def new(self, setup: Setup) -> PafState:
        options = Options.of(setup.options)
        tables, cards, sides = self.begin(setup)
        beings = tuple(Being(card, side, slug(card.name), _weapon_keys(card)) for card, side in zip(cards, sides))
        fighters = tuple(_fresh(being, tables, options) for being in beings)
        return PafState(tables, options, fighters, beings=beings)

    def odds(self, state: PafState, *, wait: bool = False) -> Any:
        """The odds of the roll asked for (issue 8): an attack's chance to hit, critical and fumble,
        and the damage to expect; a pummel's, grapple's, overbear's or break's chance to hit, to
        hold or break, and the points to expect; None at other prompts."""
        if state.result is not None:
            return None
        from companion.rulesets.paf.odds import attack_odds, wrestle_odds  # the odds load only when asked for

        rnd = self.live(state)
        return attack_odds(rnd) or wrestle_odds(rnd)

    def round_end(self, rnd: Round) -> dict[str, Any]:
        return {"healed": tuple(rnd.healed)}

    def answered(self, state: PafState, after: Any, log: tuple[str, ...], done: Any) -> Outcome:
        """What the answer comes to (:meth:`SceneRuleset.answered`); then a round in which nobody can act
        (every being able is stunned or may do nothing) and nothing is asked passes by itself, its log
        said, up to the next round that asks something or the scene's end."""
        out = SceneRuleset.answered(self, state, after, log, done)  # the base's, named: no super() at every answer
        end, log = out.state, out.log
        if end.inputs or end.result is not None:
            return out  # the round waits at its next prompt (most answers), or the scene is over
        for _ in range(EMPTY_ROUNDS):
            if end.result is not None or end.inputs:
                break
            played = Played(self.round_class(end))  # the next round, live: as far as it goes by itself
            rnd = played.round
            if not rnd.done:
                # it waits at its first prompt: kept as the round of ``end`` (the state returned), so the
                # next answer goes on from there instead of replaying the round's start again
                self._rounds.keep(end, played)
                break
            log += tuple(rnd.log)
            end = evolve(
                end,
                fighters=tuple(live.frozen() for live in rnd.f),
                round=end.round + (rnd.result is None),
                shown=0,
                result=rnd.result,
                **self.round_end(rnd),
            )
            if rnd.result is None:
                log += (f"Round {end.round}",)
        return Outcome(end, log)

    # --- what the screens show -------------------------------------------------------------

    def live(self, state: PafState) -> Round:
        return self.run(state) if state.result is None else _Finished(state)

    def combatants(self, state: Any) -> tuple[CombatantView, ...]:
        """Each combatant from his trackers, as the side panels show him (:mod:`rulesets.paf.view`)."""
        return tuple(combatant_view(name, numbers) for name, numbers in self.trackers(state).items())

    def trackers(self, state: PafState) -> dict[str, dict[str, Any]]:
        rnd = self.live(state)
        out = {}
        for being, place in enumerate(state.beings):
            me = rnd.f[being]
            held = me.held_by
            holding = rnd.holding(being)
            # the rounds after this one still lost, as the log says it ("stunned for 2 rounds"); 0 with
            # the status stunned: this round only
            stunned = max(0, me.stunned_until - rnd.round) if me.stunned_until >= rnd.round else 0
            try:
                numbers = rnd.numbers(being)
                af, df = ps.number(numbers.af.value), ps.number(rnd.df(being).value)
            except (LookupError, ValueError):
                af = df = None
            out[place.name] = {
                "side": SIDES[place.side],
                "kind": place.card.kind,
                "hp": me.hp,
                "max_hp": me.max_hp,
                "temporary": me.temp_total,
                "dead_at": me.dead_at,
                "status": rnd.status_of(being),
                "helped": me.helped,
                "stunned": stunned,
                "dying": None if me.dying_at is None else max(0, me.dying_at - rnd.round + 1),
                "injuries": list(me.injuries) + ([f"dies in {me.dies_in_days} days"] if me.dies_in_days else []),
                "held_by": None if held is None else {"name": b_name(state, held[0]), "category": held[1]},
                "holding": None
                if holding is None
                else {"name": b_name(state, holding), "category": rnd.f[holding].held_by[1]},  # type: ignore[index]
                "legs_held_by": [b_name(state, holder) for holder in me.feet_held_by],
                "holding_legs": [b_name(state, other) for other in rnd.legs_held(being)],
                "initiative": rnd.initiative[being],
                "action": rnd.action[being],
                "af": af,
                "df": df,
                "shield": me.shield,
                "helm": me.helm,
                "condition": me.condition,
                "ammo": {entry.weapon: ammo for entry, ammo in zip(place.card.weapons, me.ammo) if ammo is not None},
                "weapons": {entry.weapon: status for entry, status in zip(place.card.weapons, me.weapons)},
            }
        return out

    def reference(self, state: PafState) -> Reference | None:
        rnd = self.live(state)
        ref = rnd.ref
        if ref is None:
            return None
        if ref[0] == "attack":
            return thresholds_reference(state.tables, ref[1])
        if ref[0] == "critical":
            return critical_reference(state.tables, ref[1], ref[2])
        if ref[0] == "fumble":
            return fumble_reference(state.tables, ref[1])
        return nonlethal_reference(state.tables, ref[0], ref[1])


RULESET = Paf()
