"""Simultaneous Combat for Fudge: a scene of 2-16 combatants on two sides,
declarations, simultaneous 4dF combat rolls and dodges, damage rolls read on
the damage results, wound boxes.

Rules: ``shared/rules/source/fudge_simultaneous_combat.txt`` as settled by
rulings FU-1 to FU-11; the engine follows ``docs/fudge_design.md`` (sections 2,
5-8). What neither says is decided here, each decision marked [D] where built.
The tables (weapons' BD, armor, hit locations, scale, reload turns, the damage
results of FU-3) are data (``tables.yaml``, checked by ``tables.py``).

A round: every able combatant declares (action, weapon, target(s), location,
whether a shot's target is aware) in scene order; then each rolls his combat
roll and/or his dodge (4dF, FU-1) in scene order, each prompt stating every
modifier of the roll (FU-10); then every attack is resolved at once (FU-2,
FU-7) and each hit gets its kevlar stop roll, damage roll and Health roll
(FU-3, FU-4) in the order found; then the round closes (aim, all-out attack's
penalty, ammunition, reloads). At any prompt the GM may end the scene
(``end``) and at a roll add a situational modifier with its reason
(``gm +1 uphill``, FU-11). When the scene ends, every wound shrugged off takes
full effect (FU-6) and the fighters see the elephant (FU-8). As Cage Match
does, the state keeps the answers given so far in the round and replays them
through :class:`Round`, which asks for the next answer where they run out.

The code, by phase (``docs/fudge_design.md``), in the game's package: ``rules.py`` (the trait
ladder), ``state.py`` (the rules' words, the options, the sheets, the state), ``round.py`` (the
round's numbers and its prompts' plumbing), then one module a phase, each class built on the one
before: ``declarations``, ``rolls``, ``resolution``, ``damage``, ``round_end``, ``scene_end``;
here the :class:`Round` that plays them, and the ruleset; ``reference.py`` the rules reference,
``odds.py`` the odds, ``cards.py`` the sheets, ``tables.py`` the tables.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from companion.replay import SceneRuleset, slug
from companion.ruleset import SIDES, Outcome, Reference, Setup, evolve
from companion.rulesets.fudge import tables as tables_mod
from companion.rulesets.fudge.cards import FudgeCard, check_against, unknown_keys
from companion.rulesets.fudge.reference import damage_reference, ladder_reference, locations_reference
from companion.rulesets.fudge.rules import ladder_show
from companion.rulesets.fudge.scene_end import SceneEnd
from companion.rulesets.fudge.state import (
    ATTACKS,
    BOXES,
    LEGACY_MANEUVERS,
    MANEUVERS,
    MARK_WORDS,
    OPTIONS,
    STALLED,
    WOUND_WORDS,
    Fighter,
    FudgeState,
    Options,
    SceneEnded,
    Sheet,
    arms_of,
)
from companion.rulesets.fudge.tables import parse as parse_tables
from companion.rulesets.fudge.view import combatant_view
from companion.views import CardView, CombatantView

__all__ = [
    "ATTACKS",
    "BOXES",
    "MANEUVERS",
    "RULESET",
    "WOUND_WORDS",
    "FudgeState",
    "Round",
]
"""What this module has always offered (the names now defined in ``state.py`` and
``reference.py`` among them)."""


# --- one round ---------------------------------------------------------------------


def _out_of_action(card: FudgeCard) -> str:
    """Why ``card`` comes into a scene out (FU-4: dead, or the worst wound he carries), else ""."""
    if card.dead:
        return "dead"
    for level in ("near_death", "incapacitated"):
        if card.wounds.get(level):
            return level.replace("_", " ")
    return ""


class Round(SceneEnd):
    """One round played from its start over the answers given so far: its phases in order
    (declarations, rolls, resolution, damage, the round's end), then the scene's end when a
    side has fallen or the GM ended it.

    ``run()`` stops at the first answer still missing (``need``) or at the
    round's end (``done``); the log and the numbers are as far as the answers go.
    """

    def play(self) -> None:
        try:
            self.declarations()
            if not self.ended:
                self.rolls()
                hits = self.resolve()
                self.phase = "damage"
                for hit in hits:
                    self.damage(hit)
                self.close()
        except SceneEnded:
            self.ended = True
            self.log.append(f"The GM ends the scene during the {self.phase}")
        fallen = None if self.ended else self.fallen_side()
        if self.ended or fallen is not None:
            self.finish(fallen)


# --- the ruleset ------------------------------------------------------------------------


class Fudge(SceneRuleset):
    """Simultaneous Combat for Fudge (registered in ``companion.ruleset.GAMES``)."""

    key = "fudge"
    title = "Simultaneous Combat for Fudge"
    short_title = "Fudge"
    card_model = FudgeCard
    has_sheet = True
    """The card editor made from the card model (issue 23): ladder words and the tables' keys to choose."""

    def card_choices(self, tables: Any) -> dict[str, tuple[str, ...]]:
        from companion.rulesets.fudge.sheet import choices

        return choices(tables)

    def card_figures(self, card: FudgeCard, tables: Any) -> tuple[Any, ...]:
        from companion.rulesets.fudge.sheet import figures

        return figures(card, tables)

    options = OPTIONS
    round_class = Round
    tables: ClassVar[Any] = tables_mod

    def roster_note(self, card: FudgeCard) -> str:
        """The setting, and why he cannot fight if he cannot (``dead``: a roster row looked alive)."""
        out = _out_of_action(card)
        return " · ".join(part for part in (str(card.setting or ""), out) if part)

    def can_fight(self, card: FudgeCard) -> bool:
        return not _out_of_action(card)

    reserved = ("done", "end", "gm", "other")
    """'done' ends a list of targets; 'end' ends the scene and 'gm' adds a GM's modifier at any
    prompt; 'other' names a gift: no combatant may be named so."""

    def card_check(self, card: Any, tables: Any) -> list[str]:
        return check_against(card, tables)

    def keys_check(self, tables: Any) -> Any:
        """A sheet's weapons and armor against the tables in play (parsed once for a whole roster)."""
        parsed = parse_tables(tables)
        return lambda entry: unknown_keys(entry, parsed)

    def total_text(self, prompt: Any, total: int, faces: tuple[int, ...] = ()) -> str:
        """A roll of Fudge dice reads on the ladder (FU-1): ``+2 Great``."""
        return ladder_show(total) if prompt.dice.fudge else str(total)

    def card_view(self, card: FudgeCard, tables: Any = None) -> CardView:
        """The whole character sheet: attributes, skills, gifts, faults, wound boxes."""
        return replace(super().card_view(card, tables), rows=(), sheet=tuple(card.sheet_lines()))

    """A card's keys against the tables in play (``companion fighters check``; a scene checks them at its start)."""
    most = 16
    """A scene of up to 16 (issue 17: "at least 12"): the side panels scroll."""
    copies = True
    """The same card several times is an NPC group: "Orc Guard 1", "Orc Guard 2" ..."""
    simulated = True
    """``companion simulate fudge --red A --blue B`` and the scene's simulator play its scenes (issue 21)."""

    def scene_figures(self) -> Any:
        """What a simulated scene counts: :mod:`rulesets.fudge.simulation`."""
        from companion.rulesets.fudge.simulation import FIGURES  # the simulator loads when first wanted

        return FIGURES

    def new(self, setup: Setup) -> FudgeState:
        given = dict(setup.options)
        legacy = given.pop(LEGACY_MANEUVERS, None)
        if legacy is not None:  # a fight saved before FU-9: its one switch is each maneuver's own
            for maneuver in MANEUVERS:
                given.setdefault(maneuver.replace("-", "_"), legacy)
        options = Options.of(given)
        tables, cards, sides = self.begin(setup)
        sheets = tuple(
            Sheet(
                card,
                side,
                slug(card.name),
                arms_of(card, tables),
                tables.armor(card.armor) if getattr(card, "armor", None) else None,
            )
            for card, side in zip(cards, sides)
        )
        fighters = tuple(_fresh(sheet) for sheet in sheets)
        state = FudgeState(tables, options, fighters, sheets=sheets)
        rnd = Round(state)
        fallen = rnd.fallen_side()
        if fallen is not None:  # a side comes in already out (its cards' wounds): over at once (design 6.5)
            over: FudgeState = evolve(state, result=rnd.out_from_the_start(fallen))
            return over
        started: FudgeState = evolve(state, stalled=not rnd.can_wound())
        return started

    def answered(self, state: FudgeState, after: Any, log: tuple[str, ...], done: Any) -> Outcome:
        """:meth:`SceneRuleset.answered`; when a round ends with no hit able to wound any more, the log
        says so once (issue 17), so the GM knows to end the scene."""
        if done is None and not after.stalled:  # most answers: the round waits on, the scene as ever
            return Outcome(after, log)
        out = SceneRuleset.answered(self, state, after, log, done)  # named, not super()
        new: FudgeState = out.state
        if not new.stalled:  # the scene goes on as ever (an answer asks nothing more)
            return out
        first = state.round == 1 and not state.inputs  # stalled from the start: said with the first answer
        if (first or not state.stalled) and new.result is None:
            return Outcome(new, out.log + (STALLED,))
        return out

    def round_end(self, rnd: Any) -> dict[str, Any]:
        """What a finished round sets beside the numbers: whether any hit can still wound; what the
        scene's end changed (FU-6, FU-8), for the result panel."""
        return {"stalled": rnd.result is None and not rnd.can_wound(), "after": tuple(rnd.after)}

    def status(self, state: FudgeState) -> str:
        line = super().status(state)
        return line + " · no hit can wound any more: end ends the scene" if state.stalled and not state.result else line

    def summary(self, state: FudgeState) -> list[str]:
        """Lines for the result panel and an export: what the scene's end changed (wounds in full,
        FU-6; experience and gifts, FU-8). The key that writes them to the cards is the fight
        screen's to say (an export or plain mode has none)."""
        if state.result is None:
            return []
        return list(state.after)

    # --- after the scene: what goes back on the cards (issue 17) -----------------------

    def write_back(self, state: FudgeState) -> dict[str, dict[str, Any]]:
        """What the scene changed on each combatant's card, by name: ``experience`` (seeing the
        elephant), ``gifts`` (the card's with those gained, FU-8), ``wounds`` (each level's marked
        boxes, all felt once the scene is over, FU-6), ``dead`` (he died: a wound with no box left,
        FU-4; his boxes alone would bring him back Near Death). Only fields that differ from the card; empty
        before the scene is over, and for a combatant the scene left as he came."""
        if state.result is None:
            return {}
        out: dict[str, dict[str, Any]] = {}
        for sheet, me in zip(state.sheets, state.fighters):
            card = sheet.card
            change: dict[str, Any] = {}
            if me.experience != (getattr(card, "experience", None) or "veteran"):
                change["experience"] = me.experience
            if me.gained:
                change["gifts"] = list(getattr(card, "gifts", None) or ()) + list(me.gained)
            wounds = {BOXES[level]: sum(1 for mark in me.boxes[level] if mark) for level in range(len(BOXES))}
            wounds = {box: count for box, count in wounds.items() if count}
            if wounds != dict(getattr(card, "wounds", None) or {}):
                change["wounds"] = wounds
            if me.dead and not getattr(card, "dead", False):
                change["dead"] = True
            if change:
                out[sheet.name] = change
        return out

    # --- what the screens show ---------------------------------------------------------

    def combatants(self, state: Any) -> tuple[CombatantView, ...]:
        """Each combatant from his trackers, as the side panels show him (:mod:`rulesets.fudge.view`)."""
        return tuple(combatant_view(name, numbers) for name, numbers in self.trackers(state).items())

    def trackers(self, state: FudgeState) -> dict[str, dict[str, Any]]:
        rnd = self.live(state)
        out = {}
        for combatant, sheet in enumerate(state.sheets):
            me = rnd.f[combatant]
            boxes = {BOXES[level]: [mark != 0 for mark in me.boxes[level]] for level in range(len(BOXES))}
            row: dict[str, Any] = {
                "side": SIDES[sheet.side],
                "boxes": boxes,
                # each box felt, shrugged off (no penalty till the scene ends, FU-6) or free: the panel draws these
                "marks": {BOXES[level]: [MARK_WORDS[mark] for mark in me.boxes[level]] for level in range(len(BOXES))},
                "suppressed": [BOXES[level] for level in range(len(BOXES)) for mark in me.boxes[level] if mark == 2],
                "penalty": rnd.penalty(combatant),
                "status": me.status,
                "aim": 1 if me.aim is not None else 0,
                "tired": me.tired,
                # short: the side panel's line holds the target, the location and the weapon
                "action": rnd.declared_words(combatant, decl, short=True)
                if (decl := rnd.decl[combatant]) is not None
                else None,
                "experience": me.experience,
                "gifts": list(getattr(sheet.card, "gifts", None) or ()) + list(me.gained),
            }
            if state.options.reloading:
                counted = [(weapon, arm) for weapon, arm in enumerate(sheet.arms) if arm.counted]
                row["ammo"] = {arm.key: me.loaded[weapon] for weapon, arm in counted}
                row["reloads"] = {arm.key: me.spare[weapon] for weapon, arm in counted}
                row["reload_turns"] = {
                    arm.key: me.reloading[weapon] for weapon, arm in counted if me.reloading[weapon] is not None
                }
                # the weapon declared this round, the one in hand: the panel shows its loads alone
                decl = rnd.decl[combatant]
                weapon = decl.weapon if decl is not None else None
                row["in_hand"] = sheet.arms[weapon].key if weapon is not None and sheet.arms[weapon].counted else None
            out[sheet.name] = row
        return out

    def odds(self, state: FudgeState, *, wait: bool = False) -> Any:
        """The odds of the roll asked for (issue 8): at a combat roll or a dodge, the chance of each
        exchange it takes part in to hit and of each wound; at a stop or damage roll, of each wound."""
        if state.result is not None:
            return None
        from companion.rulesets.fudge.odds import roll_odds  # the odds load only when asked for

        return roll_odds(self.live(state))

    def reference(self, state: FudgeState) -> Reference | None:
        rnd = self.live(state)
        if rnd.asking == "location":
            return locations_reference(state.tables)
        if rnd.phase == "damage" and (rnd.asking == "damage" or rnd.last_degree is not None):
            return damage_reference(state.tables, None if rnd.asking == "damage" else rnd.last_degree)
        return ladder_reference(rnd.last_result)


def _fresh(sheet: Sheet) -> Fighter:
    """A combatant as he comes into the scene: the wounds his card carries from earlier scenes
    marked (felt), dead if he died in one, his weapons loaded, his spare loads."""
    carried = dict(getattr(sheet.card, "wounds", None) or {})
    boxes = tuple(
        tuple(
            1 if place < carried.get(box, 0) else 0
            for place in range(3 if box == "scratch" else sheet.hurt_boxes if box == "hurt" else 1)
        )
        for box in BOXES
    )
    loaded = tuple(arm.spec.capacity if arm.counted else None for arm in sheet.arms)
    spare = tuple(getattr(arm.entry, "reloads", None) if arm.counted else None for arm in sheet.arms)
    exp = getattr(sheet.card, "experience", None) or "veteran"
    dead = bool(getattr(sheet.card, "dead", False))
    return Fighter(boxes, dead, loaded, spare, tuple(None for _ in sheet.arms), None, False, exp, False, 0, None)


RULESET = Fudge()
