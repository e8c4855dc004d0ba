"""Paul's Adventures In Fantasy: the melee round of the combat module, for a scene
of 2-8 beings (characters and monsters) on two sides.

Rules: ``shared/rules/source/paf_combat_module.txt`` as settled by rulings
PA-1 to PA-12; the engine follows docs/paf_design.md, "Engine design" (binding).
What neither says is decided here, each decision marked [D] where built.
The tables are data (``paf.yaml``, checked by ``paf_tables``); the formulas are
``paf_stats``; a card's numbers come from ``paf_cards.derived``.

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
they run out.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from companion.clock import mmss
from companion.dice import PERCENT, Dice, Refused, d, parse_roll
from companion.replay import ReplayRound, SceneRuleset, read_answer, slug
from companion.ruleset import (
    SIDES,
    Answer,
    Choice,
    ChoicePrompt,
    GameOptions,
    Outcome,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Setup,
    evolve,
    option,
)
from companion.rulesets import paf_stats as ps
from companion.rulesets import paf_tables as pt
from companion.rulesets.paf_cards import (
    HELM_MODS,
    PafCard,
    check_against,
    derived,
    is_melee,
    is_missile,
    is_shot,
    takes_strength,
    two_handed,
)
from companion.rulesets.paf_tables import Effect, Tables

ROUND_SECONDS = 10
"""PA-6: a melee round is 10 seconds."""
ACTIONS = (
    "attack",
    "shoot",
    "pummel",
    "grapple",
    "overbear",
    "break",
    "move",
    "wait",
    "help",
    "fix",
    "recover",
    "condition",
)
ACTION_WHY = {
    "attack": "a melee attack: percentile against AF + DF (PA-2)",
    "shoot": "shoot (sling, bow, crossbow) or throw a missile weapon (its rate of fire a round, range modifier)",
    "pummel": "non-lethal: PAF + PDF, 25% of the damage real (PA-7)",
    "grapple": "non-lethal: GOAF + GODF; a hit puts a hold on the target (PA-7)",
    "overbear": "non-lethal: GOAF + GODF, 50% of the damage real (PA-7)",
    "break": "held: a grapple roll; a category equal to or above the hold's breaks it (PA-7)",
    "move": "move instead of attacking (PA-6); lets go of a hold",
    "wait": "do nothing this round (braced against an overbear)",
    "help": "help a fallen friend below 0: he can heal (PA-5)",
    "fix": "roll dexterity or less on d20 to fix the slipped helm",
    "recover": "pick up the dropped weapon (no attack this round)",
    "condition": "the GM: a being is slowed or hastened (magic), or no longer; it holds until changed",
}
END = Choice("end", "end", "the GM ends the scene here (no winner)")
"""Taken at any prompt of the scene, typed in full (Fudge's word too): the GM ends it there. Never an
option of a choice, where a start of it (``e``) would be taken for it."""
GM = Choice(
    "gm",
    "gm +N REASON",
    "the GM's modifier to the number needed, with its reason: + is harder (like that tree in the way), "
    "- easier (PA-1's sign)",
)
"""Taken at a roll to hit (attack, shot, pummel, grapple, overbear, break): N added to the number needed
and logged with its reason [D]. The text's DF has "Misc. Bonuses (Like that tree in the way)": the GM's
word for what no card can know, added as PA-1 adds every term, to the chance to miss."""
GM_MOD = re.compile(r"^gm\s*([+-]?\s*\d{1,3})(?:\s+(.*)|)$", re.IGNORECASE)
GM_MOST = 100
"""The largest GM's modifier (a percentile need runs 1 to 100)."""
NON_LETHAL = {"pummel": "pummeling", "grapple": "grappling", "overbear": "overbear"}
"""An action and the table it reads."""
REST = {
    "none": "no rest given",
    "bed": "in bed, 3 a day",
    "resting": "resting (just walking), 2 a day",
    "working": "working or fighting, 1 a day",
}
MAX_DAYS = 30
EMPTY_ROUNDS = 100
"""Rounds that may pass by themselves in a row, nobody able to act (every stun ends long before)."""


# --- options ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    monster_death: int = option(
        ps.MONSTER_DEATH,
        "Monsters die at",
        (-10, -5, 0, -15, -20),
        "PA-5: the negative constant at which a monster dies (the text: arbitrarily -10)",
    )
    character_death: str = option(
        "constitution",
        "Characters die at",
        ("constitution", "-10"),
        "PA-5: minus their constitution (the author's use), or -10 like monsters",
        ("minus constitution", "-10, as monsters"),
    )
    hit_probability: int = option(
        4,
        "Hit probability point",
        (4, 1),
        'R-14: the percent of one point of the tables\' "hit probability -2" and "+3" '
        "(4: the text's conversion of other systems' pluses, +1 -> 4%; 1: read as percent)",
        ("4% a point", "1% a point"),
    )
    turn_rounds: int = option(
        1,
        "A turn is",
        (1, 6),
        'melee rounds in the tables\' "turn" (death in 2-12 turns, half speed for 1 turn)',
        ("1 round", "6 rounds"),
    )
    shield_row: str = option(
        "no_shield",
        "Shield destroyed rows",
        ("no_shield", "printed"),
        'R-13: edged critical 63 "shield destroyed (no effect if shielded)": no effect only '
        "without a shield, as row 64 and the blunt table read (no_shield), or as printed (it never acts)",
        ("no effect without a shield", "as printed: never acts"),
    )


OPTIONS = Options.specs()


# --- dice ------------------------------------------------------------------------


def dice_of(dice: str) -> tuple[Dice, int]:
    """The dice to type for ``dice`` (its faces) and the number added to them (``1d6+1``)."""
    return parse_roll(dice)


D6 = Dice.of(d(6))
D20 = Dice.of(d(20))
D_PERCENT = Dice.of(PERCENT)


# --- state ------------------------------------------------------------------------


@dataclass(frozen=True)
class Being:
    """A combatant's card and place in the scene (never changes)."""

    card: PafCard
    side: int
    slug: str
    weapon_keys: tuple[str, ...]
    """Each weapon's key in prompts (its name as a slug)."""
    numbers: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """The card's derived numbers by (weapon, stats lost, monster death): a replay reads them often."""

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def character(self) -> bool:
        return self.card.kind == "character"


@dataclass(frozen=True, slots=True)
class Fighter:
    """A being's numbers between rounds. Rounds are numbered from 1; ``*_until`` is the
    last round an effect lasts (0: none)."""

    hp: int
    """Current hit points, temporary (non-lethal) damage included (PA-5, PA-7)."""
    max_hp: int
    dead_at: int
    temporary: tuple[tuple[int, int], ...] = ()
    """Non-lethal damage still to recover: (round taken, points), oldest first (PA-7)."""
    dead: bool = False
    stunned_until: int = 0
    """The last round it is stunned: "stunned N rounds" costs exactly N of its turns (PA-12)."""
    no_action_rounds: tuple[int, ...] = ()
    """The rounds in which it can do nothing ("no action next round": that round alone, PA-9)."""
    no_attack_rounds: tuple[int, ...] = ()
    """The rounds in which it cannot attack ("neither attacks next round": that round alone, PA-9)."""
    no_attacks: bool = False
    """Lasting: a broken or lost weapon arm (until healed, beyond the scene)."""
    no_attacks_why: str = ""
    """What took the attacks away, as the table's row says it (PA-12's end names it)."""
    penalty: int = 0
    """Lasting: the printed "hit probability -N" (R-14), in percent to the chance to miss."""
    slipped: str | None = None
    """Helm slipped (fumble 93-97): ``penalty`` (hit prob. -6) or ``no_attacks``, until fixed."""
    shield: bool = False
    shield_off_until: int = 0
    helm: str = "none"
    weapons: tuple[str, ...] = ()
    """Per card weapon: ``ready``, ``dropped`` (may be recovered) or ``gone``."""
    in_hand: int | None = None
    """The weapon last taken in hand (the card's first at the start): a two-handed one leaves the
    shield no defense while it is used (PA-10)."""
    ammo: tuple[int | None, ...] = ()
    next_shot: tuple[int, ...] = ()
    """Per weapon: the first round it may shoot again (heavy crossbow, R-4)."""
    stat_loss: tuple[tuple[str, int], ...] = ()
    injuries: tuple[str, ...] = ()
    movement: str = "normal"
    """``normal``, ``halved`` or ``none`` (lasting)."""
    halved_until: int = 0
    dying_at: int | None = None
    """The round at whose close it dies (death in N turns)."""
    dies_in_days: int | None = None
    exposed: int = 0
    """The fumbler's "opponents next attack is at +3", in percent off the next attack on it."""
    held_by: tuple[int, int] | None = None
    """(holder, category) of a grapple hold (PA-7)."""
    feet_held_by: tuple[int, ...] = ()
    """Who holds each held foot (overbear's "Grab Leg"; two at most) [D]."""
    last_action: str | None = None
    condition: str | None = None
    """``slowed`` or ``hastened`` (the GM's condition choice)."""
    fell: int = 0
    """The order in which it stopped being able (0: still able)."""
    helped: bool = False
    """Below 0 and helped (PA-5 "unable to heal without outside help"): it heals in the aftermath."""

    @property
    def feet_held(self) -> int:
        return len(self.feet_held_by)


FIELDS = tuple(f.name for f in fields(Fighter))


class _Live:
    """A mutable copy of a :class:`Fighter` while a round is replayed."""

    def __init__(self, f: Fighter) -> None:
        self.__dict__.update({k: getattr(f, k) for k in FIELDS})

    def frozen(self) -> Fighter:
        return Fighter(**{k: self.__dict__[k] for k in FIELDS})

    @property
    def temp_total(self) -> int:
        return sum(p for _, p in self.temporary)

    @property
    def real_hp(self) -> int:
        """The hit points without the temporary damage, which comes back by itself (PA-7): what PA-5's
        "below 0" and "dead at" read."""
        return self.hp + self.temp_total

    @property
    def feet_held(self) -> int:
        return len(self.feet_held_by)

    @property
    def able(self) -> bool:
        """Conscious and alive (PA-5: at 0 hit points unconscious)."""
        return not self.dead and self.hp > 0


@dataclass(frozen=True)
class PafState:
    tables: Tables
    beings: tuple[Being, ...]
    options: Options
    fighters: tuple[Fighter, ...]
    round: int = 1
    inputs: tuple[Any, ...] = ()
    """This round's answers, read (faces, choice keys), or just typed (``Typed``)."""
    shown: int = 0
    result: Result | None = None
    healed: tuple[str, ...] = ()
    """The aftermath, in words (PA-5 healing)."""


class _End(Exception):
    """The GM ended the scene."""


@dataclass(frozen=True, slots=True)
class GmModifier:
    """A GM's modifier typed at a roll to hit (``gm +5 tree``): added to the number needed [D]."""

    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class EndScene:
    """``end`` typed at any prompt of the scene: the GM ends it there."""


def read_gm(text: str) -> GmModifier | None:
    """``gm +5 tree`` read as a GM's modifier; None when ``text`` is not one (``gmork`` is a name).

    Raises:
        Refused: it begins with ``gm`` but does not say a modifier and its reason (D-5).
    """
    t = text.strip()
    if not t.lower().startswith("gm") or (len(t) > 2 and t[2].isalpha()):
        return None
    form = "a GM's modifier is gm, a number and its reason: gm +5 tree in the way, gm -10 asleep on watch"
    match = GM_MOD.match(t)
    if match is None:
        raise Refused(form)
    value = int(match[1].replace(" ", ""))
    reason = " ".join((match[2] or "").split())
    if not value or abs(value) > GM_MOST:
        raise Refused(f"{form} (from -{GM_MOST} to +{GM_MOST}, not 0)")
    if not reason:
        raise Refused(f"{form} (the reason is logged with it: say why)")
    return GmModifier(value, reason[:60])


# --- one round ---------------------------------------------------------------------


class Round(ReplayRound):
    """One round played from its start over the answers given so far."""

    def __init__(self, state: PafState) -> None:
        self.st = state
        self.t = state.tables
        self.o = state.options
        self.beings = state.beings
        self.n = len(state.beings)
        self.r = state.round
        self.i = 0
        self.taken: list[Any] = []
        self.log: list[str] = []
        self.f = [_Live(f) for f in state.fighters]
        self.initiative: list[int | None] = [None] * self.n
        self.action: list[str | None] = [None] * self.n
        self.had_turn: list[bool] = [False] * self.n
        """Its turn of this round has come (acted, or could not): a stun now costs the next rounds (PA-12)."""
        self.pending: list[Callable[[], None]] = []
        self.phase = "initiative"
        self.rolling: Attack | None = None
        """The attack last asked for (its odds, issue 8)."""
        self.fumbled = False
        """The being shooting now has fumbled (the rest of his shots this round are lost) [D]."""
        self.outright = False
        """The critical row just read kills outright: no damage roll follows [D]."""
        self.wrestling: Wrestle | None = None
        """The pummel, grapple, overbear or break last asked for (its odds, issue 8)."""
        self.ref: tuple[Any, ...] | None = None
        """What the reference view shows: ("attack", needed), ("critical", kind, roll), ("fumble", roll),
        (table, index) for the non-lethal tables."""
        self.ended = False
        self.stood_off = False
        """Nobody can attack any more: the melee ends by itself (PA-12)."""
        self.result: Result | None = None
        self.healed: list[str] = []
        self.need: Prompt | None = None
        self.done = False
        self.fallen = 0
        self._wielding: dict[int, int] = {}
        self._mode: tuple[int, str] | None = None
        self.cause = ""
        """The critical or fumble row being read, in words (what a lasting "no attacks" came of)."""
        self.left_hand: dict[int, tuple[int, str]] = {}
        """A being's weapon a fumble's row has just dropped, knocked away or broken (until the group's
        effects land): a later row of that fumble on it does nothing [D]."""

    # --- plumbing -------------------------------------------------------------

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        """The next answer (:meth:`ReplayRound.take`); the GM's ``end`` stops the round here."""
        value = super().take(prompt)
        if isinstance(value, EndScene):
            p = prompt()
            assert isinstance(p, (RollPrompt, ChoicePrompt))
            whose = "the GM's" if p.who == "GM" else f"{p.who}'s"
            what = f"roll for {p.reason}" if isinstance(p, RollPrompt) else f"choice of {p.reason}"
            self.log.append(f"The GM ends the scene at {whose} {what}")
            raise _End
        return value

    def read(self, prompt: Prompt, text: str) -> Any:
        """A typed answer read against its prompt: the GM's words first (``end`` at any prompt of the
        scene, ``gm +5 tree`` at a roll to hit), then the option or the faces (D-5: anything else is
        refused with what fits)."""
        also = {c.key for c in getattr(prompt, "also", ())}
        if text.strip().lower() == "end" and "end" in also:
            return EndScene()
        gm = read_gm(text)
        if gm is not None:
            if "gm" not in also:
                raise Refused(
                    "a GM's modifier is added to a roll to hit (an attack, a shot, a pummel, grapple, "
                    "overbear or break), not here"
                )
            return gm
        return read_answer(prompt, text)

    def also(self, *, gm: bool = False) -> tuple[Choice, ...]:
        """The GM's words a prompt takes besides its faces or options: ``end`` while the scene is on
        (not in the aftermath); ``gm`` at a roll to hit."""
        if self.phase in ("aftermath", "over"):
            return ()
        return (END, GM) if gm else (END,)

    def choose(self, x: int | None, reason: str, options: list[Choice], advised: str | None) -> str:
        who, side = ("GM", 0) if x is None else (self.name(x), self.beings[x].side)
        also = self.also()
        key: str = self.take(lambda: ChoicePrompt(who, side, reason, tuple(options), advised, also))
        return key

    def roll(self, x: int, dice: Dice, reason: str, *, gm: bool = False, **kw: Any) -> Any:
        """The faces of a roll (a tuple); at a roll to hit (``gm``) perhaps a :class:`GmModifier`."""
        also = self.also(gm=gm)
        return self.take(lambda: RollPrompt(self.name(x), self.beings[x].side, dice, reason, also=also, **kw))

    def gm_term(self, x: int, y: int, value: GmModifier) -> tuple[str, Fraction]:
        """A GM's modifier typed at ``x``'s roll to hit ``y``: a term of the need, logged with its reason."""
        self.log.append(
            f"GM: {value.value:+d} to the number {self.name(x)} needs against {self.name(y)} ({value.reason})"
        )
        return (f"GM: {value.reason}", Fraction(value.value))

    def name(self, x: int) -> str:
        return self.beings[x].name

    def side(self, x: int) -> int:
        return self.beings[x].side

    def enemies(self, x: int) -> list[int]:
        """Targets: the beings of the other side not dead (design 2)."""
        return [y for y in range(self.n) if self.side(y) != self.side(x) and not self.f[y].dead]

    def stunned(self, x: int) -> bool:
        return self.r <= self.f[x].stunned_until

    def can_act(self, x: int) -> bool:
        me = self.f[x]
        return me.able and not self.stunned(x) and self.r not in me.no_action_rounds

    def may_attack(self, x: int) -> bool:
        me = self.f[x]
        return not me.no_attacks and me.slipped != "no_attacks" and self.r not in me.no_attack_rounds

    def may_attack_again(self, x: int) -> bool:
        """``x`` can attack now or later in the scene: alive, arms to attack with (no lasting "no
        attacks"), and conscious or coming to (temporary damage recovers, PA-7)."""
        me = self.f[x]
        return not me.dead and not me.no_attacks and (me.able or me.real_hp > 0)

    def nobody_can_attack(self) -> bool:
        """PA-12: no being can attack any more (weapon arms lost or broken, "no attacks")."""
        return not any(self.may_attack_again(x) for x in range(self.n))

    # --- the round ------------------------------------------------------------

    def play(self) -> None:
        try:
            self.roll_initiative()
            for value in sorted({v for v in self.initiative if v is not None}, reverse=True):
                group = [x for x in range(self.n) if self.initiative[x] == value]
                self.phase = f"initiative {value}" + (
                    f", {len(group)} tied: damage lands after all strike (PA-6)" if len(group) > 1 else ""
                )
                for x in group:
                    self.turn(x)
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

    def conditions(self) -> None:
        """The GM's conditions from magic (design 3 [D]), chosen at any being's action: slowed,
        hastened, cleared; ``none`` goes back to the action. A condition holds until changed."""
        while True:
            options = [Choice("none", "no change", "back to the action")]
            for x in range(self.n):
                if self.f[x].dead:
                    continue
                b, c = self.beings[x], self.f[x].condition
                if c is None:
                    options.append(
                        Choice(
                            f"slowed:{b.slug}",
                            f"{b.name} is slowed",
                            "easier to pummel, grapple or overbear: -10 to the number needed (PA-11)",
                        )
                    )
                    options.append(
                        Choice(
                            f"hastened:{b.slug}",
                            f"{b.name} is hastened",
                            "harder to pummel (+10 to the number needed), grapple or overbear (+20) (PA-11)",
                        )
                    )
                else:
                    options.append(Choice(f"clear:{b.slug}", f"{b.name} is no longer {c}"))
            key = self.choose(None, "condition", options, "none")
            if key == "none":
                return
            what, _, slug = key.partition(":")
            x = next(i for i, b in enumerate(self.beings) if b.slug == slug)
            old, self.f[x].condition = self.f[x].condition, None if what == "clear" else what
            self.log.append(f"{self.name(x)} is " + (f"no longer {old}" if what == "clear" else what))

    def roll_initiative(self) -> None:
        """PA-6: every being able to act rolls 1d6, in scene order."""
        self.phase = "initiative"
        for x in range(self.n):
            me = self.f[x]
            if not me.able:
                continue
            if not self.can_act(x):
                why = "stunned" if self.stunned(x) else "no action this round"
                self.log.append(f"{self.name(x)}: {why}, no initiative")
                continue
            (v,) = self.roll(x, D6, "initiative", note="higher acts first; equal rolls act together (PA-6)")
            self.initiative[x] = v
            self.log.append(f"{self.name(x)} rolls {v} for initiative")

    # --- a being's turn -----------------------------------------------------------

    def turn(self, x: int) -> None:
        self.had_turn[x] = True
        if not self.can_act(x):
            self.log.append(f"{self.name(x)} cannot act ({self.status_words(x)})")
            return
        while True:
            options = self.actions(x)
            keys = [c.key for c in options]
            # a dropped weapon is picked up before fists are used [D]
            advised = next(k for k in ("attack", "shoot", "break", "recover", "pummel", "wait") if k in keys)
            action = self.choose(x, "action", options, advised)
            if action != "condition":
                break
            self.conditions()  # the GM's magic, then the same being's action again
        self.action[x] = action
        me = self.f[x]
        previous, me.last_action = me.last_action, action
        if action in ("attack", "shoot"):
            w = self.pick_weapon(x, action)
            rng = self.pick_range(x, w) if action == "shoot" else None
            y = self.pick_target(
                x,
                self.targets(x, action),
                # PA-11: no condition list for a lethal attack, a helpless target's neither ("Helpless HIT"
                # is the pummeling list's): every target needs its roll
                lambda y: (
                    self.needed(x, y, w, "missile", self.range_extra(rng)) if rng else self.needed(x, y, w, "melee", [])
                ),
            )
            self.keep_or_release(x, action, y)
            me.in_hand = w
            if action == "attack":
                self.log.append(f"{self.name(x)} attacks {self.name(y)} with the {self.weapon(x, w)}")
                self.strike(x, y, w, "melee")
            else:
                self.shoot(x, y, w, rng or "short")
        elif action in NON_LETHAL:
            y = self.pick_target(
                x,
                self.targets(x, action),
                lambda y: (
                    None
                    if action == "pummel" and not self.f[y].able  # Helpless HIT
                    else self.nl_needed(x, y, action)
                ),
            )
            self.keep_or_release(x, action, y)
            self.log.append(f"{self.name(x)} tries to {action} {self.name(y)}")
            self.nonlethal(x, y, action, rushing=previous == "move")
        elif action == "break":
            self.break_hold(x)
        elif action == "fix":
            self.fix_helm(x)
        elif action == "recover":
            w = next(i for i, s in enumerate(me.weapons) if s == "dropped")
            self.pending.append(lambda: self._recover(x, w))
            self.log.append(f"{self.name(x)} picks up the {self.weapon(x, w)}")
        elif action == "help":
            self.help(x)
        else:
            self.keep_or_release(x, action, None)
            self.log.append(f"{self.name(x)} {'moves' if action == 'move' else 'waits'}")

    def _recover(self, x: int, w: int) -> None:
        ws = list(self.f[x].weapons)
        ws[w] = "ready"
        self.f[x].weapons = tuple(ws)

    def actions(self, x: int) -> list[Choice]:
        """What ``x`` may do now (design 2): a held being only breaks or waits [D]; the GM's
        ``condition`` (magic) at every action (and ``end``, typed in full, at every prompt)."""
        me = self.f[x]
        keys: list[str] = []
        if me.held_by is not None:
            keys = ["break", "wait"]
        else:
            if self.may_attack(x):
                for a in ("attack", "shoot", "pummel", "grapple", "overbear"):
                    if self.weapons_for(x, a) and self.targets(x, a):
                        keys.append(a)
            if me.movement != "none":
                keys.append("move")
            keys.append("wait")
            if self.fallen_friends(x):
                keys.append("help")
            if me.slipped:
                keys.append("fix")
            if "dropped" in me.weapons:
                keys.append("recover")
        keys.append("condition")
        return [Choice(k, k, ACTION_WHY[k]) for k in keys]

    def fallen_friends(self, x: int) -> list[int]:
        """The friends of ``x`` below 0 and alive, not yet helped (PA-5: they cannot heal without help)."""
        return [
            z
            for z in range(self.n)
            if z != x
            and self.side(z) == self.side(x)
            and not self.f[z].dead
            and self.f[z].real_hp < 0
            and not self.f[z].helped
        ]

    def help(self, x: int) -> None:
        """PA-5 "At negative hit points they are unable to heal without outside help": ``x`` spends his
        action helping a fallen friend (asked which when more than one), who can then heal [D]."""
        ys = self.fallen_friends(x)
        y = ys[0]
        if len(ys) > 1:
            options = [Choice(self.beings[z].slug, self.name(z), self.target_why(z)) for z in ys]
            key = self.choose(x, "ally", options, self.beings[ys[0]].slug)
            y = next(z for z in ys if self.beings[z].slug == key)
        self.keep_or_release(x, "help", None)
        self.log.append(f"{self.name(x)} helps {self.name(y)}: {self.name(y)} can heal (PA-5)")
        self.pending.append(lambda: setattr(self.f[y], "helped", True))

    def weapons_for(self, x: int, action: str) -> list[int]:
        """The card's weapons that can do ``action`` now (non-lethal: [None], bare hands)."""
        b, me = self.beings[x], self.f[x]
        if action in NON_LETHAL:
            return [-1]  # bare hands; a monster's factors read its card's stats or 12 [D]
        out = []
        for w, entry in enumerate(b.card.weapons):
            if me.weapons[w] != "ready" or self.left_hand.get(x, (None, ""))[0] == w:
                continue  # not ready, or just dropped by a fumble of this group (it lands with the group's effects)
            if action == "attack" and is_melee(self.t, entry.weapon):
                out.append(w)
            if (
                action == "shoot"
                and is_missile(self.t, entry.weapon)
                and (me.ammo[w] is None or me.ammo[w] > 0)
                and self.r >= me.next_shot[w]
            ):
                out.append(w)
        return out

    def targets(self, x: int, action: str) -> list[int]:
        return self.enemies(x)

    def weapon(self, x: int, w: int) -> str:
        return self.beings[x].card.weapons[w].weapon

    def pick_weapon(self, x: int, action: str) -> int:
        ws = self.weapons_for(x, action)
        if len(ws) == 1:
            return ws[0]
        b = self.beings[x]
        options = [Choice(b.weapon_keys[w], self.weapon(x, w), self.weapon_why(x, w, action)) for w in ws]
        held = self.f[x].in_hand
        advised = held if held in ws else ws[0]  # [D] the weapon in his hand, else the card's first
        key = self.choose(x, "weapon", options, b.weapon_keys[advised])
        return next(w for w in ws if b.weapon_keys[w] == key)

    def weapon_why(self, x: int, w: int, action: str) -> str:
        key = self.weapon(x, w)
        if action == "shoot":
            m = self.t.missiles[key]
            bits = [
                f"{m.printed_rate or ps.show(Fraction(m.per_round).limit_denominator(10))} a round",
                f"{m.ammunition} {self.t.weapons[m.ammunition].small_medium}",
            ]
            if self.f[x].ammo[w] is not None:
                bits.append(f"{self.f[x].ammo[w]} left")
            return ", ".join(bits)
        return f"damage {self.t.weapons[key].small_medium} / large {self.t.weapons[key].large}"

    def pick_range(self, x: int, w: int) -> str:
        """Short, medium or long (R-6), each with the weapon's distance (units as printed: none)."""
        m, shot = self.t.missile_range_modifiers, self.t.missiles[self.weapon(x, w)]
        options = [
            Choice(
                band,
                f"{band} range",
                f"out to {ps.show(Fraction(getattr(shot, band)).limit_denominator(10))}, {getattr(m, band):+d} to miss",
            )
            for band in ("short", "medium", "long")
        ]
        return self.choose(x, "range", options, "short")

    def range_extra(self, rng: str) -> list[tuple[str, Fraction]]:
        """The range band's modifier to the chance to miss, as a term of the need (R-6)."""
        mod = getattr(self.t.missile_range_modifiers, rng)
        return [(f"{rng} range", Fraction(mod))] if mod else []

    def pick_target(self, x: int, ys: list[int], need: Callable[[int], ps.Figure | None] | None = None) -> int:
        """The target, each offered with its hit points and ``need(y)``, the roll it would need
        (``None``: helpless, hit without a roll)."""
        if len(ys) == 1:
            return ys[0]  # [D] one enemy: not asked (design 2: "asked only when more than one")
        held = self.holding(x)
        # [D] the held one if he still fights, else one still standing (PA-11: the helpless need a roll too)
        able = [y for y in ys if self.f[y].able]
        advised = held if held in ys and (held in able or not able) else next(iter(able), ys[0])
        options = [
            Choice(self.beings[y].slug, self.name(y), self.target_why(y, need(y) if need else None, need is not None))
            for y in ys
        ]
        key = self.choose(x, "target", options, self.beings[advised].slug)
        return next(y for y in ys if self.beings[y].slug == key)

    def target_why(self, y: int, needed: ps.Figure | None = None, asked: bool = False) -> str:
        me = self.f[y]
        bits = []
        if needed is not None:
            low = ps.lowest_hit(needed)
            bits.append("cannot be hit" if low > 100 else f"needs {low}+")
        elif asked:
            bits.append("helpless: hit without a roll")
        bits.append(f"{me.hp}/{me.max_hp} hp")
        if self.status_of(y) != "fighting":
            bits.append(self.status_words(y))
        return ", ".join(bits)

    def holding(self, x: int) -> int | None:
        return next((y for y in range(self.n) if self.f[y].held_by and self.f[y].held_by[0] == x), None)

    def keep_or_release(self, x: int, action: str, y: int | None) -> None:
        """[D] A holder keeps his hold while he waits or attacks, pummels or grapples the held being;
        anything else lets go (the text: "the hold continues until loosened or broken"). A leg
        grabbed (overbear's "Grab Leg") is kept while he waits or overbears or grapples that being."""
        held = self.holding(x)
        if held is not None and not (action == "wait" or (action in ("attack", "pummel", "grapple") and y == held)):
            self.f[held].held_by = None
            self.log.append(f"{self.name(x)} lets go of {self.name(held)}")
        for z in self.legs_held(x):
            if not (action == "wait" or (action in ("overbear", "grapple") and y == z)):
                self.let_go_legs(x, z)
                self.log.append(f"{self.name(x)} lets go of {self.name(z)}'s leg")

    def legs_held(self, x: int) -> list[int]:
        """The beings one of whose legs ``x`` holds."""
        return [z for z in range(self.n) if x in self.f[z].feet_held_by]

    def let_go_legs(self, x: int, z: int) -> None:
        self.f[z].feet_held_by = tuple(h for h in self.f[z].feet_held_by if h != x)

    # --- numbers ------------------------------------------------------------------------

    def card(self, x: int) -> PafCard:
        """The card with the stats lost this scene taken off (design: re-derive, not patch)."""
        card = self.beings[x].card
        loss = self.f[x].stat_loss
        if not loss or card.stats is None:
            return card
        low = self.t.characteristics[0].score
        stats = card.stats.model_dump()
        for stat, points in loss:
            stats[stat] = max(low, stats[stat] - points)  # [D] the numbers read no lower than the table
        return card.model_copy(update={"stats": card.stats.model_copy(update=stats)})

    def numbers(self, x: int, w: int | None = None) -> Any:
        cache = self.beings[x].numbers
        key = (w, self.f[x].stat_loss, self.o.monster_death, id(self.t))
        if key not in cache:
            cache[key] = derived(self.card(x), self.t, weapon=w, monster_death=self.o.monster_death)
        return cache[key]

    def strength(self, x: int) -> int | None:
        """The strength card gives (``None``: a monster's not given, no damage adjustment)."""
        return self.card(x).stat("strength")

    def dexterity(self, x: int) -> int:
        return self.card(x).score("dexterity")

    def dexterity_against(self, x: int, then: str = "") -> str:
        """``dexterity 14 or less``; for a monster whose card gives none, why it is 12 [D]."""
        given = self.card(x).stat("dexterity") is not None
        return f"dexterity {self.dexterity(x)} or less{then}" + (
            "" if given else " (12: a monster's card gives no dexterity)"
        )

    def shielded(self, y: int) -> bool:
        return self.f[y].shield

    def helmed(self, y: int) -> bool:
        return self.f[y].helm != "none"

    def df(self, y: int) -> ps.Figure:
        """DF as it stands: the card's, less the shield's bonus while it gives none (:meth:`shield_off`)."""
        fig = self.numbers(y).df
        for why, amount in self.shield_off(y):
            fig = ps.Figure("DF", fig.value + amount, fig.parts + (ps.Part(why, amount),))
        return fig

    def shield_off(self, y: int) -> list[tuple[str, Fraction]]:
        """The card's shield bonus [R] taken off DF, with why, while the shield gives no defense: lost
        (broken, destroyed, its arm gone), out of use (a struck shield arm's rounds), or beside a weapon
        that requires two hands while it is used (PA-10). A need shows it as a term of its own."""
        b, me = self.beings[y], self.f[y]
        if not (b.character and b.card.shield):
            return []
        if not me.shield:
            why = "no shield: lost"
        elif self.r <= me.shield_off_until:
            why = f"no shield defense till round {me.shield_off_until}"
        elif (w := self.two_hands_on(y)) is not None:
            why = f"no shield: two hands on the {self.weapon(y, w)}, PA-10"
        else:
            return []
        return [(why, -Fraction(self.t.armor.shield))]

    def two_hands_on(self, y: int) -> int | None:
        """The weapon in hand if it requires two hands (PA-10; the bastard sword too: its row says so, and
        the ruling wins over R-3's one-handed reading), else None."""
        w = self.f[y].in_hand
        if w is None or self.f[y].weapons[w] != "ready" or not two_handed(self.t, self.weapon(y, w)):
            return None
        return w

    def move_base(self, y: int) -> Fraction:
        me = self.f[y]
        base = Fraction(self.beings[y].card.movement)
        if me.movement == "none":
            return Fraction(0)
        if me.movement == "halved" or self.r <= me.halved_until:
            return base / 2
        return base

    def af(self, x: int, w: int, mode: str) -> ps.Figure:
        """AF with the weapon's magic; a weapon that shoots without the strength term unless made for
        it (PA-8, :func:`rulesets.paf_cards.takes_strength`)."""
        n = self.numbers(x, w)
        return n.af if mode == "melee" else n.af_missile

    def shot(self, x: int, w: int) -> bool:
        """A missile weapon that shoots (sling, bow, crossbow), not thrown (PA-8)."""
        return is_shot(self.t, self.weapon(x, w))

    def defender_mods(self, x: int, y: int, table: str) -> list[tuple[str, Fraction]]:
        """To-hit modifications of the defender's state: the list printed for pummeling (``pummel``)
        or grappling and overbear (``grapple``). PA-11: they serve those attacks only, never a lethal
        one. Pummeling's "Helpless HIT" is handled by the caller."""
        rows = {m.key: m for m in (self.t.pummeling.to_hit if table == "pummel" else self.t.grapple_overbear_to_hit)}
        out: list[tuple[str, Fraction]] = []
        me = self.f[y]
        if me.condition == "slowed" and "slowed" in rows:
            out.append(("defender slowed", Fraction(rows["slowed"].value or 0)))
        if me.condition == "hastened" and "hastened" in rows:
            out.append(("defender hastened", Fraction(rows["hastened"].value or 0)))
        if self.stunned(y) and "stunned" in rows:
            out.append(("defender stunned", Fraction(rows["stunned"].value or 0)))
        if table == "grapple" and not me.able and "helpless" in rows and rows["helpless"].value is not None:
            out.append(("defender helpless", Fraction(rows["helpless"].value)))
        for m in rows.values():
            if m.per_inches is None:
                continue
            above = self.move_base(x) if m.above == "attacker" else Fraction(m.above or 0)
            steps = math.floor((self.move_base(y) - above) / m.per_inches)
            if steps > 0:
                out.append((f"defender's movement {ps.show(self.move_base(y))}\"", Fraction((m.value or 0) * steps)))
        return out

    def attacker_mods(self, x: int, y: int) -> list[tuple[str, Fraction]]:
        """PA-11: the attacker's own penalties and bonuses, on every attack he makes, lethal or not: a
        struck weapon arm's "hit probability", a slipped helm, the defender's distraction (fumble 98)."""
        me, unit = self.f[x], self.o.hit_probability
        out: list[tuple[str, Fraction]] = []
        if me.penalty:
            out.append(("hit probability", Fraction(me.penalty)))
        if me.slipped == "penalty":
            out.append(("helm slipped, hit prob. -6", Fraction(6 * unit)))
        if self.f[y].exposed:
            out.append(("defender distracted", Fraction(-self.f[y].exposed)))
        return out

    def own_bonuses(self, x: int, action: str) -> list[tuple[str, Fraction]]:
        """PA-11: the bonuses AF holds for a lethal attack, on a pummel, grapple or overbear too: the
        card's misc attack bonus, and the magic of the weapon a pummel strikes with."""
        out: list[tuple[str, Fraction]] = []
        misc = self.beings[x].card.misc
        if misc is not None and misc.attack:
            out.append((f"misc attack bonus {misc.attack:+d}", Fraction(-misc.attack)))
        if action == "pummel":
            tool = self.pummel_tool(x)
            if tool is not None and tool.weapon is not None:
                magic = self.beings[x].card.weapons[tool.weapon].magic
                if magic:
                    out.append(
                        (f"magic {magic:+d} x 4 ({self.weapon(x, tool.weapon)})", Fraction(ps.ATTACK_PER_PLUS * magic))
                    )
        return out

    def pummel_tool(self, x: int) -> Tool | None:
        """What ``x`` pummels with (PA-11, R-22): the best of a ready weapon's metal pommel ("Metal Pummel
        +10%"), its wooden butt or a mailed fist ("Wooded Butt or Mailed Fist +5%"); None: a bare fist."""
        mods = {m.key: m for m in self.t.pummeling.damage_mods}
        found: list[Tool] = []
        me, card = self.f[x], self.beings[x].card
        for w, entry in enumerate(card.weapons):
            row = self.t.weapons.get(entry.weapon)
            if me.weapons[w] != "ready" or row is None or not is_melee(self.t, entry.weapon):
                continue
            key = POMMEL_MODS.get(row.pummel or "")
            if key in mods:
                found.append(Tool(f"{mods[key].text} ({entry.weapon})", mods[key].value or 0, w, entry.magic))
        suit = self.t.armor.suits.get(card.armor or "none")
        if suit is not None and suit.mailed_fist and "mailed_fist" in mods:
            found.append(Tool(f"{mods['mailed_fist'].text} ({card.armor})", mods["mailed_fist"].value or 0, None, 0))
        return max(found, key=lambda tool: (tool.mod, tool.magic), default=None)

    # --- the attack roll (PA-2, PA-3) --------------------------------------------------------

    def shoot(self, x: int, y: int, w: int, rng: str) -> None:
        """Missiles: the rate per round gives that many shots; a heavy crossbow every other
        round (R-4); ammunition counted where the card counts it."""
        m = self.t.missiles[self.weapon(x, w)]
        me = self.f[x]
        shots = max(1, int(m.per_round))
        if me.ammo[w] is not None and me.ammo[w] > 0:
            shots = min(shots, me.ammo[w])  # the last dagger is one throw, not "1 of 2"
        one = me.ammo[w] is None and not self.shot(x, w)
        if one:  # [D] a thrown weapon the card does not count is the one in hand: thrown once, then gone
            shots = 1
            ws = list(me.weapons)
            ws[w] = "gone"
            me.weapons = tuple(ws)
        if m.per_round < 1:
            nxt = list(me.next_shot)
            nxt[w] = self.r + round(1 / m.per_round)
            me.next_shot = tuple(nxt)
        verb = "shoots the" if self.shot(x, w) else "throws the"
        self.log.append(f"{self.name(x)} {verb} {self.weapon(x, w)} at {self.name(y)} ({rng} range)")
        self.fumbled = False
        for k in range(shots):
            if self.fumbled:  # [D] a fumble ends the volley: its effects (a dropped bow, a fall) come first
                self.log.append(f"{self.name(x)}'s fumble ends the volley: no shot {k + 1} of {shots}")
                break
            if me.ammo[w] is not None:
                if me.ammo[w] <= 0:
                    self.log.append(f"{self.name(x)} has nothing left to shoot")
                    break
                ammo = list(me.ammo)
                ammo[w] -= 1
                me.ammo = tuple(ammo)
                if ammo[w] == 0 and not self.shot(x, w):  # [D] the last of a thrown weapon is gone
                    ws = list(me.weapons)
                    ws[w] = "gone"
                    me.weapons = tuple(ws)
            self.strike(x, y, w, "missile", self.range_extra(rng), shot=(k + 1, shots) if shots > 1 else None)

    def needed(self, x: int, y: int, w: int, mode: str, extra: list[tuple[str, Fraction]]) -> ps.Figure:
        """PA-2: AF + DF (the card's, the shield's loss a term of its own, PA-10), the range, and the
        attacker's own penalties (PA-11); no condition list (PA-11)."""
        return ps.needed_to_hit(
            self.af(x, w, mode), self.numbers(y).df, self.shield_off(y) + self.attacker_mods(x, y) + extra
        )

    def strike(
        self,
        x: int,
        y: int,
        w: int,
        mode: str,
        extra: list[tuple[str, Fraction]] | None = None,
        shot: tuple[int, int] | None = None,
    ) -> None:
        """One attack (PA-2): percentile >= AF + DF + modifiers hits; a critical or a fumble by the
        thresholds (PA-3); then the damage (PA-4)."""
        kind = "missile" if mode == "missile" else self.t.weapons[self.weapon(x, w)].critical
        what = "shot" if mode == "missile" else "attack"
        if shot:
            what += f" {shot[0]} of {shot[1]}"
        gm: list[tuple[str, Fraction]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.needed(x, y, w, mode, (extra or []) + gm)
            crit, fumble = ps.thresholds(self.t, needed)
            low = ps.lowest_hit(needed)
            self.ref = ("attack", needed.value)
            self.rolling = Attack(x, y, w, mode, kind, needed.value, crit, fumble)
            terms = " ".join(
                f"{'-' if p.amount < 0 else '+'} {ps.show(abs(p.amount))} ({p.label})" for p in needed.parts[2:]
            )
            against = (
                f"{hits_words(low)} {self.name(y)} (needed {ps.show(needed.value)} = AF "
                f"{ps.show(needed.parts[0].amount)} + DF {ps.show(needed.parts[1].amount)}"
                + (f" {terms}" if terms else "")
                + ")"
            )
            note = (
                (("critical on 00" if crit >= 100 else f"critical on {crit}+") if crit is not None else "no critical")
                + ", "
            ) + (f"fumble on {fumble} or less" if fumble is not None else "no fumble")
            value = self.roll(x, D_PERCENT, what, gm=True, target=low, against=against, note=note)
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(x, y, value))
        (roll,) = value
        self.spend_distraction(x, y)
        shown = pct(roll)
        if roll >= needed.value:
            self.log.append(f"{self.name(x)} rolls {shown}, needs {low}: hits {self.name(y)}")
            if crit is not None and roll >= crit:
                self.log.append(f"{self.name(x)} rolls {shown}: a critical hit ({crit}+, PA-3)")
                self.critical(x, y, w, mode, kind)
            else:
                self.wound(x, y, w, mode, 1, [])
        else:
            self.log.append(f"{self.name(x)} rolls {shown}, needs {low}: misses {self.name(y)}")
            if fumble is not None and roll <= fumble:
                self.log.append(f"{self.name(x)} fumbles ({fumble} or less, PA-3)")
                self.fumble(x, y, w, mode)

    def spend_distraction(self, x: int, y: int) -> None:
        """Fumble 98 "opponents next attack is at +3": the next attack on ``y`` has had it, and it alone
        (PA-11: any attack, lethal or not). Spent at once, as that attack is rolled: a volley's next shot,
        a pummel's "strike again" and the others of the same initiative attack without it."""
        if self.f[y].exposed:
            self.log.append(f"{self.name(y)}'s distraction is spent on {self.name(x)}'s attack (fumble 98)")
            self.f[y].exposed = 0

    def critical(self, x: int, y: int, w: int, mode: str, kind: str) -> None:
        """PA-3: percentile on the weapon's critical table; the row's effect on ``y`` and the
        damage (a multiplier row multiplies it; every other row deals normal damage too [D])."""
        while True:
            self.ref = ("critical", kind, None)
            (roll,) = self.roll(
                x, D_PERCENT, "critical", against=f"the {kind} critical table", note=f"on {self.name(y)}"
            )
            row = pt.critical_row(self.t, kind, roll)
            self.ref = ("critical", kind, roll)
            self.log.append(f"critical {pct(roll)} ({kind}): {row.words}")
            self.cause = f"{row.words}: {kind} critical {pct(roll)}"
            if row.roll_again_if == "no_shield" and not self.shielded(y):
                self.log.append(f"{self.name(y)} has no shield: roll again")
                continue
            break
        self.outright = False
        ops, mult = self.effect(y, row, src=x, foe=x)
        if self.outright:  # [D] killed outright: no damage to roll on the dead
            self.log.append("no damage roll: the blow kills outright")
            self.pending.extend(ops)
            return
        self.wound(x, y, w, mode, mult, ops)

    def damage(self, x: int, y: int, w: int, mode: str, mult: float, reason: str = "damage") -> int:
        """PA-4: the weapon's dice for the defender's size (shot: the ammunition's) + strength
        damage adjustment; a multiplier multiplies the weapon's damage, not the strength [D];
        at least 1 [D]."""
        key, dice_text, dice, plus, strength, adj = self.damage_terms(x, y, w, mode)
        parts = ((f"{key} {dice_text}", plus),) if plus else ()
        if adj:
            parts += ((f"strength {strength}", adj),)
        note = f"on {self.name(y)} ({self.beings[y].card.size})"
        if mult != 1:
            note += f"; the weapon's damage x{ps.show(Fraction(mult).limit_denominator(10))}" + (
                ", then the strength" if adj else ""
            )
        faces = self.roll(x, dice, reason, modifier=plus + adj if mult == 1 else 0, modifier_parts=parts, note=note)
        total = damage_total(sum(faces), plus, mult, adj)
        words = " + ".join(map(str, faces)) + (f" {plus:+d}" if plus else "")
        if mult != 1:
            words = f"({words}) x{ps.show(Fraction(mult).limit_denominator(10))}"
        if adj:
            words += f" {adj:+d} (strength)"
        self.log.append(f"{self.name(x)} rolls {words} = {total} damage to {self.name(y)}")
        return total

    def damage_terms(self, x: int, y: int, w: int, mode: str) -> tuple[str, str, Dice, int, int | None, int]:
        """PA-4: (the weapon or ammunition, its dice as printed for the defender's size, the dice to
        roll, the number added to them, the attacker's strength, its damage adjustment: none for a
        weapon that shoots unless its card says it was made for that strength, PA-8)."""
        key = self.weapon(x, w)
        if mode == "missile":
            key = self.t.missiles[key].ammunition
        dice_text = pt.weapon_damage(self.t, key, self.beings[y].card.size)
        dice, plus = dice_of(dice_text)
        strength = self.strength(x)
        adj = 0
        if strength is not None and not (
            mode == "missile" and not takes_strength(self.t, self.beings[x].card.weapons[w])
        ):
            adj = pt.strength_adjustment(self.t, strength, "damage")
        return key, dice_text, dice, plus, strength, adj

    def wound(self, x: int, y: int, w: int, mode: str, mult: float, ops: list[Callable[[], None]]) -> None:
        points = self.damage(x, y, w, mode, mult)
        self.pending.append(lambda: self.hurt(y, points, 0))
        self.pending.extend(ops)

    # --- effects of critical and fumble rows (PA-3) --------------------------------------------

    def effect(self, v: int, eff: Effect, *, src: int, foe: int | None) -> tuple[list[Callable[[], None]], float]:
        """The effect of a row on ``v``: its dice rolled now (by ``src``), the changes returned to be
        applied with the group's damage; and the damage multiplier it gives."""
        ops: list[Callable[[], None]] = []
        condition = self.no_effect_if(eff)
        if condition != eff.no_effect_if:
            self.log.append(
                'read as "no effect if no shield" (R-13: as printed it could never act; '
                "the option shield_row=printed plays it so)"
            )
        if condition is not None and blocked(eff, self.helmed(v), self.shielded(v), condition):
            why = {"helmed": "helmed", "shielded": "shielded", "no_shield": "has no shield"}[condition]
            self.log.append(
                f"no effect: {self.name(v)} is {why}"
                if condition != "no_shield"
                else f"no effect: {self.name(v)} {why}"
            )
            return ops, 1
        # PA-9: a fumble acts only on what its row names: a helm that slips needs a helm, a shield
        # tangled a shield (as row 60-61 says for the shield), else no effect at all
        if eff.helm == "slips" and not self.helmed(v):
            self.log.append(f"no effect: {self.name(v)} has no helm (PA-9)")
            return ops, 1
        if eff.shield == "tangled" and not self.shielded(v):
            self.log.append(f"no effect: {self.name(v)} has no shield (PA-9)")
            return ops, 1
        if eff.if_helmed is not None and self.helmed(v):
            self.log.append(f"{self.name(v)} is helmed")
            return self.effect(v, eff.if_helmed, src=src, foe=foe)
        on_fail = eff.dex_check.on_fail if eff.dex_check is not None else None
        if (eff.weapon is not None or (on_fail is not None and on_fail.weapon is not None)) and v in self.left_hand:
            # [D] a fumble's later row on a weapon an earlier row of it dropped, knocked away or broke
            w, how = self.left_hand[v]
            self.log.append(f"no effect: the {self.weapon(v, w)} is no longer in {self.name(v)}'s hand ({how})")
            return ops, 1
        mult = critical_multiplier(eff, self.helmed(v), self.shielded(v))
        r = self.r
        late = r + 1  # "next round"
        words: list[str] = []
        injuries: list[str] = []

        def later(fn: Callable[[], None]) -> None:
            ops.append(fn)

        if eff.dex_check is not None:
            dex = self.dexterity(v)
            (roll,) = self.roll(
                v, dice_of(eff.dex_check.die)[0], "dexterity check", target=None, against=self.dexterity_against(v)
            )
            made = roll <= dex
            self.log.append(f"{self.name(v)} rolls {roll} against dexterity {dex}: " + ("made" if made else "failed"))
            if eff.dex_check.purpose == "fix":
                if made:
                    self.log.append(f"{self.name(v)} fixes the helm at once")
                    return ops, 1
            elif eff.dex_check.on_fail is not None:
                if not made:  # made: only the check's failure is avoided (twist ankle still halves speed)
                    more, _ = self.effect(v, eff.dex_check.on_fail, src=src, foe=foe)
                    ops += more
        if eff.stunned is not None:
            dice, plus = dice_of(eff.stunned)
            n = sum(self.roll(src, dice, "stunned", note=f"rounds {self.name(v)} is stunned")) + plus
            self.log.append(f"{self.name(v)} is stunned for {n} round{'s' * (n != 1)}")
            later(lambda: self.stun(v, n))
        if eff.fall:
            words.append("falls down")
            later(lambda: self.no_action_in(v, late))  # [D] falls: no action next round (that round alone)
        if eff.death == "immediate":
            self.outright = True
            later(lambda: self.kill(v, "killed outright"))
        if eff.death_in is not None:
            dice, plus = dice_of(eff.death_in.dice)
            n = sum(self.roll(src, dice, "death in", note=f"{eff.death_in.unit} until {self.name(v)} dies")) + plus
            if eff.death_in.unit == "days":
                self.log.append(f"{self.name(v)} will die in {n} days")
                later(lambda: self._days(v, n))
            else:
                rounds = n * (self.o.turn_rounds if eff.death_in.unit == "turns" else 1)
                self.log.append(f"{self.name(v)} will die in {n} {eff.death_in.unit} ({rounds} rounds)")
                later(lambda: self._dying(v, r + rounds - 1))
        if eff.movement is not None:
            if eff.duration == "1_turn":
                until = r + self.o.turn_rounds
                later(lambda: setattr(self.f[v], "halved_until", until))
                words.append(f"half speed till round {until}")
            else:
                later(lambda: self._movement(v, eff.movement))
                injuries.append("no movement" if eff.movement == "none" else "movement halved")
        if eff.carrying_capacity:
            injuries.append("carrying capacity halved")
        if eff.attacks is not None or eff.actions is not None:
            self._attacks(v, eff, ops, words, injuries)
        if eff.opponent_attacks == "none" and foe is not None and foe != v:
            # PA-9: "neither attacks next round" is the next round alone, whether the foe has acted yet or not
            later(lambda: self.no_attack_in(foe, late))
            words.append(f"{self.name(foe)} cannot attack next round")
        for part in eff.lost:
            injuries.append("lost " + part.replace("_", " "))
            if part.startswith("weapon_arm"):
                later(functools.partial(self.no_attacks, v, self.cause))
            if part.startswith("shield_arm"):
                later(lambda: setattr(self.f[v], "shield", False))
            if part.startswith("leg"):
                later(lambda: self._movement(v, "none"))
        for part in eff.broken:
            injuries.append("broken " + part.replace("_", " "))
        if eff.struck:
            pass  # the row's words say where
        if eff.stat_loss is not None:
            dice, plus = dice_of(eff.stat_loss.dice)
            hint = "; a d5: a d10 halved, rounded up" if any(d.sides == 5 for d in dice.dice) else ""
            n = (
                sum(
                    self.roll(
                        src,
                        dice,
                        f"{eff.stat_loss.stat} loss",
                        note=f"the {eff.stat_loss.stat} {self.name(v)} loses{hint}",
                    )
                )
                + plus
            )
            stat = eff.stat_loss.stat
            until = " until healed" if eff.stat_loss.until_healed else ""
            self.log.append(f"{self.name(v)} loses {n} {stat}{until}")
            later(lambda: self._stat(v, stat, n))
            injuries.append(f"{stat} -{n}" + (" until healed" if eff.stat_loss.until_healed else ""))
        if eff.shield in ("broken", "destroyed", "lost") and self.shielded(v):
            later(lambda: setattr(self.f[v], "shield", False))
            words.append(f"shield {eff.shield}")
        if eff.no_shield_defense is not None:
            dice, plus = dice_of(eff.no_shield_defense)
            n = sum(self.roll(src, dice, "shield defense", note=f"rounds without {self.name(v)}'s shield")) + plus
            later(lambda: setattr(self.f[v], "shield_off_until", r + n))
            words.append(f"no shield defense for {n} rounds")
        if eff.helm == "removed" and self.helmed(v):
            later(lambda: setattr(self.f[v], "helm", "none"))
            words.append("helm removed")
        if eff.helm == "slips":
            kind = "no_attacks" if eff.attacks == "none" else "penalty"
            later(lambda: setattr(self.f[v], "slipped", kind))
        if eff.weapon is not None:
            self._weapon(v, eff, ops, words)
        if eff.no_talking:
            injuries.append("cannot talk")
        if eff.opponent_next_attack:
            amount = eff.opponent_next_attack * self.o.hit_probability
            later(lambda: setattr(self.f[v], "exposed", amount))
            words.append(f"the next attack on {self.name(v)} -{amount} to the chance to miss")
        if injuries:
            later(lambda: self._injure(v, injuries))
        if words:
            self.log.append(f"{self.name(v)}: " + ", ".join(words))
        if eff.hit is not None:
            self.misdirected(src, eff.hit, mult, foe)
            mult = 1
        if eff.critical is not None:
            self.misdirected_critical(src, eff.critical)
        if eff.roll_again is not None:
            self.fumble_again(src, eff.roll_again.times, eff.roll_again.ignore, foe)
        return ops, mult

    def _attacks(
        self, v: int, eff: Effect, ops: list[Callable[[], None]], words: list[str], injuries: list[str]
    ) -> None:
        late = self.r + 1
        if eff.duration == "until_fixed":
            return  # the slipped helm (its row's helm: slips) holds it
        if eff.actions == "none":
            ops.append(lambda: self.no_action_in(v, late))  # PA-9: the next round alone
            words.append("no action next round")
        if eff.attacks == "none":
            if eff.duration == "next_round":
                ops.append(lambda: self.no_attack_in(v, late))  # PA-9: the next round alone
                words.append("no attack next round")
            else:
                ops.append(functools.partial(self.no_attacks, v, self.cause))
                injuries.append("no attacks")
        elif isinstance(eff.attacks, int):
            amount = -eff.attacks * self.o.hit_probability  # R-14 [D]: hit probability -2 -> +8 to miss
            ops.append(lambda: setattr(self.f[v], "penalty", self.f[v].penalty + amount))
            injuries.append(f"hit probability {eff.attacks} (+{amount} to miss)")

    def no_attacks(self, v: int, why: str) -> None:
        """Lasting "no attacks" (a weapon arm broken, struck or lost), and why: the row that did it."""
        me = self.f[v]
        if not me.no_attacks:
            me.no_attacks, me.no_attacks_why = True, why

    def no_action_in(self, v: int, r: int) -> None:
        me = self.f[v]
        me.no_action_rounds = tuple(sorted({*me.no_action_rounds, r}))

    def no_attack_in(self, v: int, r: int) -> None:
        me = self.f[v]
        me.no_attack_rounds = tuple(sorted({*me.no_attack_rounds, r}))

    def no_effect_if(self, eff: Effect) -> str | None:
        """The row's "no effect if ..." as played: R-13 [D], a row that destroys the shield "(no effect
        if shielded)" could never act; by default it reads "no effect if no shield" (option
        ``shield_row``)."""
        if eff.no_effect_if == "shielded" and eff.shield == "destroyed" and self.o.shield_row == "no_shield":
            return "no_shield"
        return eff.no_effect_if

    def _weapon(self, v: int, eff: Effect, ops: list[Callable[[], None]], words: list[str]) -> None:
        w = self.in_hand(v)
        if w is None:
            return
        name = self.weapon(v, w)
        if self.f[v].weapons[w] == "gone":
            # [D] the last of a thrown weapon has left the hand: nothing to drop, break or tangle
            words.append(f"nothing in hand (the last {name} was thrown)")
            return
        if eff.weapon in ("dropped", "knocked_away"):
            if eff.knocked_away is not None:
                faces = self.roll(
                    v,
                    Dice.of(*dice_of(eff.knocked_away.direction)[0].dice, *dice_of(eff.knocked_away.feet)[0].dice),
                    "knocked away",
                    note="d8 for direction, d10 for the distance in feet",
                )
                words.append(f"the {name} lands {faces[-1]} feet away, direction {faces[0]}")
                self.left_hand[v] = (w, "knocked away")
            else:
                words.append(f"drops the {name}")
                self.left_hand[v] = (w, "dropped")
            ops.append(lambda: self._set_weapon(v, w, "dropped"))
        elif eff.weapon == "breaks":
            magic = self.beings[v].card.weapons[w].magic
            chance = 100
            if eff.break_chance is not None:
                chance = eff.break_chance.base + eff.break_chance.per_plus * max(0, magic)
            breaks = chance >= 100
            if 0 < chance < 100:
                (roll,) = self.roll(
                    v, D_PERCENT, "weapon breaks", target=None, against=f"{chance} or less breaks the {name}"
                )
                breaks = roll <= chance
            elif chance <= 0:
                breaks = False
            words.append(f"the {name} {'breaks' if breaks else 'holds'}")
            if breaks:
                self.left_hand[v] = (w, "broken")
                ops.append(lambda: self._set_weapon(v, w, "gone"))
        elif eff.weapon == "tangled":
            words.append(f"the {name} is tangled")

    def in_hand(self, v: int) -> int | None:
        """The weapon the being fights with: the one of its action this round, else its first ready."""
        me = self.f[v]
        ws = [w for w, s in enumerate(me.weapons) if s == "ready"]
        return self._wielding.get(v, ws[0] if ws else None)

    def _set_weapon(self, v: int, w: int, how: str) -> None:
        ws = list(self.f[v].weapons)
        ws[w] = how
        self.f[v].weapons = tuple(ws)

    def _days(self, v: int, n: int) -> None:
        me = self.f[v]
        me.dies_in_days = n if me.dies_in_days is None else min(me.dies_in_days, n)

    def _dying(self, v: int, at: int) -> None:
        me = self.f[v]
        me.dying_at = at if me.dying_at is None else min(me.dying_at, at)

    def _movement(self, v: int, how: str) -> None:
        me = self.f[v]
        if how == "none" or me.movement == "none":
            me.movement = "none"
        else:
            me.movement = "halved"

    def _stat(self, v: int, stat: str, n: int) -> None:
        self.f[v].stat_loss = self.f[v].stat_loss + ((stat, n),)

    def _injure(self, v: int, words: list[str]) -> None:
        self.f[v].injuries = self.f[v].injuries + tuple(words)

    def stun(self, v: int, n: int) -> None:
        """PA-12: "stunned N rounds" costs exactly N of its turns: this round's and the next N - 1 when
        its turn of this round is still to come, else the next N (it is stunned from now on either way)."""
        me = self.f[v]
        first = self.r if self.initiative[v] is not None and not self.had_turn[v] else self.r + 1
        me.stunned_until = max(me.stunned_until, first + n - 1)

    # --- fumbles (PA-3) ---------------------------------------------------------------------

    def fumble(self, x: int, y: int, w: int, mode: str) -> None:
        self.fumbled = True
        self._wielding = {**self._wielding, x: w}
        self._mode = (w, mode)
        self.ref = ("fumble", None)  # f1 shows the fumble table while its roll is asked for
        (roll,) = self.roll(x, D_PERCENT, "fumble", against="the fumble table")
        self.fumble_row(x, roll, y)

    def fumble_row(self, x: int, roll: int, y: int | None) -> None:
        row = pt.fumble_row(self.t, roll)
        self.ref = ("fumble", roll)
        self.log.append(f"fumble {pct(roll)}: {row.words}")  # R-21: "daamage" shown "damage"
        self.cause = f"{row.words}: fumble {pct(roll)}"
        ops, _ = self.effect(x, row, src=x, foe=y)
        self.pending.extend(ops)

    def fumble_again(self, x: int, times: int, ignore: list[int], foe: int | None) -> None:
        """Fumble 99/00: roll twice / 3 times more, ignoring (rolling again) 99 and 00 [D]."""
        done = 0
        skip = ", ".join(pct(i) for i in ignore)
        while done < times:
            (roll,) = self.roll(
                x, D_PERCENT, "fumble", against="the fumble table", note=f"roll {done + 1} of {times}, ignoring {skip}"
            )
            if roll in ignore:
                self.log.append(f"fumble {pct(roll)}: ignored, roll again")
                continue
            done += 1
            self.fumble_row(x, roll, foe)

    def friend(self, x: int) -> int | None:
        """[D] design 5: the first able being of his side other than himself."""
        return next((z for z in range(self.n) if z != x and self.side(z) == self.side(x) and self.f[z].able), None)

    def misdirected(self, x: int, whom: str, mult: float, foe: int | None) -> None:
        """Fumble "hit self/friend": the damage of his own weapon, halved, normal or doubled."""
        v = x if whom == "self" else self.friend(x)
        if v is None:
            self.log.append(f"{self.name(x)} has no friend near to hit")
            return
        w, mode = self._mode or (self.in_hand(x), "melee")
        if w is None or w < 0:
            return
        points = self.damage(x, v, w, mode, mult, reason=f"damage to {'himself' if v == x else 'a friend'}")
        self.pending.append(lambda: self.hurt(v, points, 0))

    def misdirected_critical(self, x: int, whom: str) -> None:
        """Fumble "critical hit, self/friend": his weapon's critical table on himself or a friend."""
        v = x if whom == "self" else self.friend(x)
        if v is None:
            self.log.append(f"{self.name(x)} has no friend near to hit")
            return
        w, mode = self._mode or (self.in_hand(x), "melee")
        if w is None or w < 0:
            return
        kind = "missile" if mode == "missile" else self.t.weapons[self.weapon(x, w)].critical
        self.log.append(f"{self.name(x)} strikes {'himself' if v == x else self.name(v)} critically")
        self.critical(x, v, w, mode, kind)

    # --- non-lethal (PA-7) -----------------------------------------------------------------

    def nl_needed(self, x: int, y: int, action: str, gm: list[tuple[str, Fraction]] | None = None) -> ps.Figure:
        """PA-7: PAF + PDF or GOAF + GODF, the defender's state by the list printed for it, and (PA-11)
        the attacker's own penalties and bonuses; ``gm``: the GM's modifiers typed at the roll."""
        nx, ny = self.numbers(x), self.numbers(y)
        own = self.attacker_mods(x, y) + self.own_bonuses(x, action) + (gm or [])
        if action == "pummel":
            return _named(ps.needed_to_hit(nx.paf, ny.pdf, self.defender_mods(x, y, "pummel") + own), "PAF", "PDF")
        return _named(ps.needed_to_hit(nx.goaf, ny.godf, self.defender_mods(x, y, "grapple") + own), "GOAF", "GODF")

    def damage_mods(self, x: int, y: int, table: str, rushing: bool) -> list[tuple[str, int]]:
        """PA-7 damage modifications: the pummeling attacker's metal pommel, wooden butt or mailed fist
        (PA-11, R-22), and the defender's card and state."""
        mods = {m.key: m.value or 0 for m in getattr(self.t, table).damage_mods}
        me, card = self.f[y], self.beings[y].card
        out: list[tuple[str, int]] = []
        if table == "pummeling" and (tool := self.pummel_tool(x)) is not None:
            out.append((tool.words, tool.mod))
        if table == "pummeling" and me.helm in HELM_MODS and HELM_MODS[me.helm] in mods:
            out.append((f"{me.helm} helm", mods[HELM_MODS[me.helm]]))
        if table == "grappling":
            suit = self.t.armor.suits.get(card.armor or "none")
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

    def nonlethal(self, x: int, y: int, action: str, *, rushing: bool = False, extra: str = "") -> None:
        """One pummel, grapple or overbear roll (PA-7); ``extra``: ``again`` (strike again) or ``counter``.
        No critical or fumble [D]: the text's critical tables are by weapon (blunt, edged, missile) and
        these attacks read their own damage tables, whose rows are their best and worst."""
        again = bool(extra)
        table = NON_LETHAL[action]
        auto = action == "pummel" and not self.f[y].able  # text: Helpless HIT
        mods = self.damage_mods(x, y, table, rushing)
        strength = self.card(x).score("strength")
        gm: list[tuple[str, Fraction]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.nl_needed(x, y, action, gm)
            low = ps.lowest_hit(needed)
            self.ref = (table, None)
            terms = " ".join(
                f"{'-' if p.amount < 0 else '+'} {ps.show(abs(p.amount))} ({p.label})" for p in needed.parts[2:]
            )
            a, dfn = needed.parts[0], needed.parts[1]
            against = (
                f"{hits_words(low)} {self.name(y)} (needed {ps.show(needed.value)} = {a.label} "
                f"{ps.show(a.amount)} + {dfn.label} {ps.show(dfn.amount)}" + (f" {terms}" if terms else "") + ")"
            )
            if auto:
                against = f"{self.name(y)} is helpless: a hit whatever the roll (the roll gives the damage)"
            note = index_note(needed, mods) + NO_CRITICAL
            self.wrestling = Wrestle(x, y, table, needed.value, sum(v for _, v in mods), strength, auto)
            value = self.roll(
                x,
                D_PERCENT,
                action + (f" {extra}" if extra else ""),
                gm=True,
                target=None if auto else low,
                against=against,
                note=note,
            )
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(x, y, value))
        (roll,) = value
        self.spend_distraction(x, y)
        if table == "pummeling" and (tool := self.pummel_tool(x)) is not None and tool.weapon is not None:
            self.f[x].in_hand = tool.weapon  # he strikes with it: it is in his hand
        shown = pct(roll)
        if roll < needed.value and not auto:
            self.log.append(f"{self.name(x)} rolls {shown}, needs {low}: misses")
            return
        index = ps.nonlethal_index(roll, needed, [v for _, v in mods])
        said = f"index {index}"
        if auto and index < 1:
            # [D] an automatic hit is never a Total Miss: the index below the table's first hit reads as 1
            said = f"index {index}, read as 1 (helpless: a hit)"
            index = 1
        res = ps.nonlethal_damage(self.t, table, index, strength)
        self.ref = (table, index)
        self.log.append(
            f"{self.name(x)} rolls {shown}, needs {low}: {said}, {res.row.text}"
            + (
                f": {res.points} point{'s' * (res.points != 1)} ({res.real} real, {res.temporary} temporary)"
                if res.points
                else ""
            )
        )
        row = res.row
        if res.points:
            self.pending.append(lambda: self.hurt(y, res.real, res.temporary))
        if row.stunned:
            self.pending.append(lambda: self.stun(y, 1))  # design 6 [D]: 1 round
            self.log.append(f"{self.name(y)} is stunned for 1 round")
        if table == "grappling" and row.category is not None and not row.miss:
            cat = row.category
            if row.hold:
                self.log.append(f"{self.name(x)} holds {self.name(y)}: {row.attacker or row.text} (category {cat})")
                self.pending.append(lambda: self.hold(x, y, cat))
            else:  # [D] the row names blows, not a grip (no //, no hold named): it holds nothing
                self.log.append(f"{row.attacker or row.text}: blows, not a hold (category {cat}, no hold put on)")
        if table == "overbear" and "Grab Leg" in row.text:
            # [D] a leg grabbed, up to the two a character has
            self.log.append(
                f"{self.name(x)} grabs {self.name(y)}'s leg: he holds it while he keeps at {self.name(y)} "
                "(+10 a foot held to overbear)"
            )
            self.pending.append(lambda: self.grab_leg(x, y))
        # [D] one more roll, once: a strike-again or counter roll neither strikes again nor is countered
        # (the tables never say they chain, and a low need would chain them without end)
        if row.strike_again and not again:
            self.log.append(f"{self.name(x)} strikes again")
            self.nonlethal(x, y, action, extra="again")
        elif row.strike_again:
            self.log.append("no third blow: a strike-again roll does not strike again")
        if row.opponent_may_counter and not again:
            self.counter(y, x)

    def grab_leg(self, x: int, y: int) -> None:
        """[D] Overbear's "Grab Leg": ``x`` holds one of ``y``'s feet, of the two ``y`` has, while
        ``x`` is able and keeps at ``y`` (:meth:`keep_or_release`)."""
        me = self.f[y]
        if self.f[x].able and not me.dead and me.feet_held < 2:
            me.feet_held_by = me.feet_held_by + (x,)
        elif me.feet_held >= 2 and not me.dead:
            self.log.append(f"{self.name(x)} gets no leg of {self.name(y)}'s: both are held already")

    def hold(self, x: int, y: int, cat: int) -> None:
        me = self.f[y]
        if me.dead or not self.f[x].able:
            return
        if me.held_by is None or me.held_by[0] == x or me.held_by[1] < cat:
            old = me.held_by[1] if me.held_by and me.held_by[0] == x else 0
            me.held_by = (x, max(cat, old))  # [D] grappling again raises the hold, never lowers it
            self.let_go(x, but=y)  # [D] one hold at a time: a new one (a counter's) lets go of the other

    def counter(self, y: int, x: int) -> None:
        """ "Opponent may counter": the defender may make one attack at once (design 6 [D])."""
        if not self.can_act(y) or not self.may_attack(y) or self.f[y].held_by is not None:
            return
        options = [Choice("none", "no counter")]
        melee = self.weapons_for(y, "attack")
        if melee:
            options.append(
                Choice(
                    "attack",
                    "attack",
                    f"with the {self.weapon(y, melee[0])}"
                    if len(melee) == 1
                    else "with a weapon: " + ", ".join(self.weapon(y, w) for w in melee),
                )
            )
        options += [
            Choice("pummel", "pummel", ACTION_WHY["pummel"]),
            Choice("grapple", "grapple", ACTION_WHY["grapple"]),
        ]
        key = self.choose(y, "counter", options, options[1].key)
        if key == "none":
            self.log.append(f"{self.name(y)} does not counter")
            return
        if key == "attack":
            w = self.pick_weapon(y, "attack")  # asked when he has more than one, the one in hand advised
            self.f[y].in_hand = w
            self.log.append(f"{self.name(y)} counters: attacks {self.name(x)} with the {self.weapon(y, w)}")
            self.strike(y, x, w, "melee")
        else:
            self.log.append(f"{self.name(y)} counters: tries to {key} {self.name(x)}")
            self.nonlethal(y, x, key, extra="counter")

    def break_hold(self, x: int) -> None:
        """PA-7: the held being's grapple roll; a category equal to or above the hold's breaks it,
        dealing the right of the // (the row's points) to the holder."""
        h, cat = self.f[x].held_by  # type: ignore[misc]
        self.log.append(f"{self.name(x)} tries to break {self.name(h)}'s hold (category {cat})")
        mods = self.damage_mods(x, h, "grappling", False)
        gm: list[tuple[str, Fraction]] = []
        while True:  # the GM's modifiers typed at the roll, each a term of the need, then the faces
            needed = self.nl_needed(x, h, "grapple", gm)
            low = ps.lowest_hit(needed)
            self.ref = ("grappling", None)
            self.wrestling = Wrestle(
                x, h, "grappling", needed.value, sum(v for _, v in mods), self.card(x).score("strength"), False, cat
            )
            terms = " ".join(
                f"{'-' if p.amount < 0 else '+'} {ps.show(abs(p.amount))} ({p.label})" for p in needed.parts[2:]
            )
            a, dfn = needed.parts[0], needed.parts[1]
            value = self.roll(
                x,
                D_PERCENT,
                "break",
                gm=True,
                target=low,
                against=f"{low} or more, then category {cat} or better breaks the hold (needed "
                f"{ps.show(needed.value)} = {a.label} {ps.show(a.amount)} + {dfn.label} {ps.show(dfn.amount)}"
                + (f" {terms}" if terms else "")
                + ")",
                note=index_note(needed, mods) + NO_CRITICAL,
            )
            if not isinstance(value, GmModifier):
                break
            gm.append(self.gm_term(x, h, value))
        (roll,) = value
        self.spend_distraction(x, h)
        shown = pct(roll)
        if roll < needed.value:
            self.log.append(f"{self.name(x)} rolls {shown}, needs {low}: the hold holds")
            return
        index = ps.nonlethal_index(roll, needed, [v for _, v in mods])
        res = ps.nonlethal_damage(self.t, "grappling", index, self.card(x).score("strength"))
        self.ref = ("grappling", index)
        row = res.row
        if (row.category or 0) < cat:
            self.log.append(
                f"{self.name(x)} rolls {shown}: index {index}, category {row.category}, "
                f"below the hold's {cat}: the hold holds"
            )
            return
        blow = row.defender or row.attacker or row.text
        self.log.append(
            f"{self.name(x)} rolls {shown}: index {index}, category {row.category}: breaks the hold "
            f"({blow}, {res.points} point{'s' * (res.points != 1)}: {res.real} real, "
            f"{res.temporary} temporary)"
        )
        self.pending.append(lambda: setattr(self.f[x], "held_by", None))
        if res.points:
            self.pending.append(lambda: self.hurt(h, res.real, res.temporary))
        if row.stunned:  # a row of blows alone (Kick/Knee/Gouge & Stunned): its stun too, on the holder
            self.pending.append(lambda: self.stun(h, 1))  # design 6 [D]: 1 round
            self.log.append(f"{self.name(h)} is stunned for 1 round")

    def fix_helm(self, x: int) -> None:
        dex = self.dexterity(x)
        (roll,) = self.roll(x, D20, "dexterity check", against=self.dexterity_against(x, " fixes the helm"))
        if roll <= dex:
            self.log.append(f"{self.name(x)} rolls {roll}: fixes the helm")
            self.pending.append(lambda: setattr(self.f[x], "slipped", None))
        else:
            self.log.append(f"{self.name(x)} rolls {roll}: the helm is still askew")

    # --- hit points (PA-5) ----------------------------------------------------------------

    def hurt(self, y: int, real: int, temporary: int) -> None:
        me = self.f[y]
        if me.dead:
            return
        was = me.able
        me.hp -= real + temporary
        if temporary:
            me.temporary = me.temporary + ((self.r, temporary),)
        self.log.append(
            f"{self.name(y)} loses {real + temporary} hit point{'s' * (real + temporary != 1)}"
            + (f" ({temporary} temporary)" if temporary else "")
            + f": {me.hp}/{me.max_hp}"
        )
        # [D] non-lethal damage never kills: death is read on the real hit points; and only real hit
        # points below 0 need help to heal (PA-5, PA-7: the temporary part comes back by itself)
        if me.real_hp <= me.dead_at:
            self.kill(y, f"dead at {me.dead_at} hit points (PA-5)", was=was)
        elif was and not me.able:
            self.fall(y, "unconscious, needs help to heal (PA-5)" if me.real_hp < 0 else "unconscious (PA-5)")

    def fall(self, y: int, words: str) -> None:
        self.fallen += 1
        self.f[y].fell = self.fallen + 100 * self.r
        self.log.append(f"{self.name(y)} is {words}")
        held = [z for z in range(self.n) if self.f[z].held_by and self.f[z].held_by[0] == y] + self.legs_held(y)
        if held:
            self.log.append(f"{self.name(y)} lets go of {' & '.join(self.name(z) for z in dict.fromkeys(held))}")
        self.let_go(y)  # [D] an unconscious (or dead) holder's hold is loosened

    def let_go(self, x: int, but: int | None = None) -> None:
        """Every hold ``x`` has, but on ``but``, is let go (a fallen holder also lets go of legs)."""
        for z in range(self.n):
            if z != but and self.f[z].held_by and self.f[z].held_by[0] == x:
                self.f[z].held_by = None
        if but is None:
            for z in self.legs_held(x):
                self.let_go_legs(x, z)

    def kill(self, y: int, words: str, was: bool | None = None) -> None:
        """Dead; ``was``: able before the blow that kills (the caller has taken the hit points)."""
        me = self.f[y]
        if me.dead:
            return
        was = me.able if was is None else was
        me.dead = True
        me.held_by = None
        if was:
            self.fall(y, words)
        else:
            self.log.append(f"{self.name(y)} is {words}")

    def settle(self) -> None:
        """The group's damage and effects, after all its attacks (PA-6: ties simultaneous)."""
        ops, self.pending = self.pending, []
        for op in ops:
            op()
        self._wielding = {}
        self.left_hand = {}

    def close(self) -> None:
        """The round's end: temporary damage recovers 1 a round from the 11th round after it was
        taken (PA-7); death countdowns run."""
        for y in range(self.n):
            me = self.f[y]
            if me.dead:
                continue
            ready = [k for k, (taken, pts) in enumerate(me.temporary) if self.r - taken >= 11 and pts > 0]
            if ready:
                k = ready[0]  # [D] 1 point a round in all, the oldest first
                taken, pts = me.temporary[k]
                temp = list(me.temporary)
                temp[k] = (taken, pts - 1)
                me.temporary = tuple(t for t in temp if t[1] > 0)
                was = me.able
                me.hp += 1
                self.log.append(f"{self.name(y)} recovers 1 temporary hit point: {me.hp}/{me.max_hp}")
                if not was and me.able:
                    self.log.append(f"{self.name(y)} comes to")
            if me.dying_at is not None and self.r >= me.dying_at:
                self.kill(y, "dead of the wound")
            me.no_action_rounds = tuple(r for r in me.no_action_rounds if r > self.r)
            me.no_attack_rounds = tuple(r for r in me.no_attack_rounds if r > self.r)

    # --- the scene's end -------------------------------------------------------------------

    def fallen_side(self) -> int | None:
        down = [s for s in (0, 1) if not any(self.f[i].able for i in range(self.n) if self.side(i) == s)]
        if not down:
            return None
        return down[0] if len(down) == 1 else -1

    def finish(self, fallen: int | None) -> None:
        """The aftermath (design 8, PA-5): rest and days, help for the fallen below 0; then the result."""
        self.phase = "aftermath"
        if fallen is not None:
            side = "both sides" if fallen == -1 else f"the {SIDES[fallen]} side"
            self.log.append(f"The scene is over: nobody on {side} can fight. The aftermath: rest and healing")
        elif self.stood_off:
            self.log.append(
                f"The scene is over: nobody can attack any more (PA-12): {self.why_no_attacks()}. "
                "The aftermath: rest and healing"
            )
        for y in range(self.n):
            me = self.f[y]
            if me.dying_at is not None and not me.dead:
                self.kill(y, "dead of the wound (after the scene)")  # [D] the countdown runs out
        # the result says how the last of the losing side fell, as he fell: the aftermath's
        # healing (temporary damage back) must not turn "unconscious" into "fighting"
        detail = None
        if fallen is not None and fallen != -1:
            last = max((i for i in range(self.n) if self.side(i) == fallen), key=lambda i: self.f[i].fell)
            detail = self.status_words(last)
        options = [Choice(k, k, w) for k, w in REST.items()]
        rest = self.choose(None, "rest", options, "none")
        days = 0
        if rest != "none":
            options = [Choice(str(n), f"{n} day{'s' * (n != 1)}") for n in range(1, MAX_DAYS + 1)]
            days = int(self.choose(None, "days", options, "1"))
            self.help_after()
        for y in range(self.n):
            self.heal(y, rest, days)
        names = [" & ".join(b.name for b in self.beings if b.side == s) for s in (0, 1)]
        when = dict(period=self.r, fight_time=mmss(self.r * ROUND_SECONDS))
        if self.stood_off:
            self.result = Result(None, None, "draw", "nobody can attack any more (PA-12)", **when)
        elif fallen is None:
            self.result = Result(None, None, "ended", "the GM ended the scene", **when)
        elif fallen == -1:
            self.result = Result(None, None, "incapacitated", "both sides fell", **when)
        else:
            self.result = PafResult(names[1 - fallen], names[fallen], "incapacitated", detail, **when)
        self.phase = "over"
        self.log.append(self.result.headline("round"))

    def why_no_attacks(self) -> str:
        """Who of the beings still standing cannot attack, and why (PA-12's end says it)."""
        out = []
        for x in range(self.n):
            me = self.f[x]
            if me.dead:
                continue
            if me.no_attacks:
                why = me.no_attacks_why or "no attacks"
            else:  # fallen, with no temporary damage to bring him round (PA-7)
                why = self.status_words(x)
            out.append(f"{self.name(x)} ({why})")
        return "; ".join(out) or "no being left can attack"

    def help_after(self) -> None:
        """PA-5 after the scene: the GM says who of the fallen below 0 is helped (each, ``all``, or
        ``none`` to go on); a being not helped does not heal."""
        while True:
            fallen = [y for y in range(self.n) if not self.f[y].dead and self.f[y].real_hp < 0 and not self.f[y].helped]
            if not fallen:
                return
            options = [Choice("none", "nobody more is helped", "the rest stay below 0 and do not heal")]
            if len(fallen) > 1:
                options.append(Choice("all", "all of them are helped", ", ".join(self.name(y) for y in fallen)))
            options += [
                Choice(f"help:{self.beings[y].slug}", f"{self.name(y)} is helped", self.target_why(y)) for y in fallen
            ]
            key = self.choose(None, "help", options, "none")
            if key == "none":
                return
            for y in fallen if key == "all" else [next(y for y in fallen if f"help:{self.beings[y].slug}" == key)]:
                self.f[y].helped = True
                self.log.append(f"{self.name(y)} is helped after the scene: {self.name(y)} can heal (PA-5)")

    def heal(self, y: int, rest: str, days: int) -> None:
        """PA-5: temporary damage all recovered [D]; then 3/2/1 a day, not above MHP; a being below
        0 heals only when helped ("unable to heal without outside help"); "death in N days" comes
        true within the days [D]."""
        me = self.f[y]
        if me.dead:
            return
        back = me.temp_total
        if back:
            me.hp += back
            me.temporary = ()
        if me.dies_in_days is not None and days >= me.dies_in_days:
            self.kill(y, f"dead of the wound on day {me.dies_in_days}")
            self.healed.append(f"{self.name(y)} dies on day {me.dies_in_days}")
            return
        if rest == "none" or days <= 0:
            if back:
                self.healed.append(f"{self.name(y)} gets {back} temporary back: {me.hp}/{me.max_hp}")
                self.log.append(self.healed[-1])
            return
        if me.hp < 0 and not me.helped:
            self.healed.append(f"{self.name(y)} is below 0 and needs help: no healing ({me.hp}/{me.max_hp})")
            self.log.append(self.healed[-1])
            return
        before = me.hp
        me.hp = min(me.max_hp, me.hp + ps.healing_per_day(rest) * days)  # type: ignore[arg-type]
        got_back = f" (and {back} temporary back)" if back else ""
        if me.helped and before < 0:
            got_back += ", helped"
        how = {"bed": "in bed", "resting": "resting", "working": "working"}.get(rest, rest)
        if me.hp == before and not back:
            self.healed.append(f"{self.name(y)} has nothing to heal: {me.hp}/{me.max_hp}")
        else:
            self.healed.append(
                f"{self.name(y)} heals {me.hp - before} in {days} day{'s' * (days != 1)} {how}"
                f"{got_back}: {me.hp}/{me.max_hp}"
            )
        self.log.append(self.healed[-1])

    def status_words(self, y: int) -> str:
        """The status as a player reads it (``below 0, needs help``; ``below 0, helped``)."""
        status = self.status_of(y)
        if status == "needs_help" and self.f[y].helped:
            return "below 0, helped"
        return STATUS_WORDS.get(status, status)

    def status_of(self, y: int) -> str:
        me = self.f[y]
        if me.dead:
            return "dead"
        if me.real_hp < 0:  # PA-5: below 0 the real hit points, not the temporary damage (PA-7)
            return "needs_help"
        if me.hp <= 0:
            return "unconscious"
        if me.dying_at is not None:
            return "dying"
        if self.stunned(y):
            return "stunned"
        return "fighting"


@dataclass(frozen=True, slots=True)
class PafResult(Result):
    """A PAF scene's result: the protocol's as any game's (a side whose last being fell loses "by
    incapacitation", the detail saying how he fell); a side whose last being was killed reads
    ``Aldric def. Grak (dead), round 3`` [D]: a death is said as one, not as incapacitation."""

    def headline(self, period_word: str = "period") -> str:
        if self.winner is None or self.method != "incapacitated" or not self.detail.startswith("dead"):
            return Result.headline(self, period_word)
        return f"{self.winner} def. {self.loser} ({self.detail}), {period_word} {self.period}"


def damage_total(dice_sum: int, plus: int, mult: float, adj: int) -> int:
    """PA-4: the weapon's dice and its plus, times a critical's multiplier, then the strength
    adjustment [D]; at least 1 [D]."""
    return max(1, math.floor((dice_sum + plus) * Fraction(mult).limit_denominator(10)) + adj)


def blocked(eff: Effect, helmed: bool, shielded: bool, condition: str | None = None) -> bool:
    """A row's "no effect if helmed / shielded / no shield" holds for this defender (PA-3);
    ``condition``: the row's as played (:meth:`Round.no_effect_if`), else as printed."""
    condition = condition or eff.no_effect_if
    if condition is None:
        return False
    return {"helmed": helmed, "shielded": shielded, "no_shield": not shielded}[condition]


def critical_multiplier(eff: Effect, helmed: bool, shielded: bool) -> float:
    """The damage multiplier a critical row gives this defender: none when the row has no effect
    on him, the helmed line's when he is helmed (PA-3)."""
    if blocked(eff, helmed, shielded):
        return 1
    if eff.if_helmed is not None and helmed:
        return critical_multiplier(eff.if_helmed, helmed, shielded)
    return eff.damage_multiplier or 1


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


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack whose percentile roll is asked for (for its odds, issue 8)."""

    x: int
    y: int
    w: int
    mode: str
    kind: str
    """Its critical table: blunt, edged or missile."""
    needed: Fraction
    crit: int | None
    fumble: int | None


@dataclass(frozen=True, slots=True)
class Wrestle:
    """The pummel, grapple, overbear or break whose percentile roll is asked for (its odds, issue 8)."""

    x: int
    y: int
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


def pct(roll: int) -> str:
    """A percentile roll as the dice show it: ``07``, ``45``, ``00`` for 100 (D-2)."""
    return "00" if roll == 100 else f"{roll:02d}"


def hits_words(low: int) -> str:
    """``45 or more hits``; ``no roll hits`` when the need is above 100 (PA-2: 00 is 100)."""
    return "no roll hits" if low > 100 else f"{low} or more hits"


def index_note(needed: ps.Figure, mods: list[tuple[str, int]]) -> str:
    """How a non-lethal roll's damage index is read (PA-7: the roll less the need, R-17)."""
    value = needed.value
    rounded = " (rounded down)" if value.denominator != 1 else ""
    return (
        (f"damage index = roll - {ps.show(value)}" if value >= 0 else f"damage index = roll + {ps.show(-value)}")
        + rounded
        + "".join(f" {v:+d} ({k})" for k, v in mods)
    )


NO_CRITICAL = "; no critical or fumble (decided: the damage table's own rows)"
"""Said on every pummel, grapple, overbear and break roll (docs/decisions.md)."""
STATUS_WORDS = {"needs_help": "below 0, needs help"}
"""A status as a result's detail says it."""


def _named(fig: ps.Figure, a: str, b: str) -> ps.Figure:
    parts = (ps.Part(a, fig.parts[0].amount), ps.Part(b, fig.parts[1].amount)) + fig.parts[2:]
    return ps.Figure(fig.name, fig.value, parts)


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
    hit_point_panels = True
    has_sheet = True
    round_class = Round
    tables = pt
    reserved = ("none", "gm", "end")
    """'none' is an option of several choices; 'end' ends the scene and 'gm' adds a GM's modifier at a
    roll to hit: no being may be named so (its key would read as the word)."""
    card_check = staticmethod(check_against)
    """A card's keys against the tables in play (``companion fighters check``; a scene checks them at its start)."""
    copies = True
    """The same card several times is an NPC group, each copy numbered: "Orc Raider 1", "Orc Raider 2" ..."""

    def new(self, setup: Setup) -> PafState:
        options = Options.of(setup.options)
        tables, cards, sides = self.begin(setup)
        beings = tuple(Being(card, side, slug(card.name), _weapon_keys(card)) for card, side in zip(cards, sides))
        fighters = tuple(_fresh(b, tables, options) for b in beings)
        return PafState(tables, beings, options, fighters)

    def odds(self, state: PafState, *, wait: bool = False) -> Any:
        """The odds of the roll asked for (issue 8): an attack's chance to hit, critical and fumble,
        and the damage to expect; a pummel's, grapple's, overbear's or break's chance to hit, to
        hold or break, and the points to expect; None at other prompts."""
        if state.result is not None:
            return None
        from companion.rulesets.paf_odds import attack_odds, wrestle_odds  # the odds load only when asked for

        rnd = self.live(state)
        return attack_odds(rnd) or wrestle_odds(rnd)

    def round_end(self, rnd: Round) -> dict[str, Any]:
        return {"healed": tuple(rnd.healed)}

    def apply(self, state: PafState, answer: Answer) -> Outcome:
        """The answer applied (:meth:`SceneRuleset.apply`); then a round in which nobody can act (every
        being able is stunned or may do nothing) and nothing is asked passes by itself, its log said, up
        to the next round that asks something or the scene's end."""
        out = super().apply(state, answer)
        end, log = out.state, out.log
        for _ in range(EMPTY_ROUNDS):
            if end.result is not None or end.inputs:
                break
            rnd = self.round_class(end).run()
            if not rnd.done:
                break
            log += tuple(rnd.log)
            end = evolve(
                end,
                fighters=tuple(f.frozen() for f in rnd.f),
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

    def trackers(self, state: PafState) -> dict[str, dict[str, Any]]:
        rnd = self.live(state)
        out = {}
        for x, b in enumerate(state.beings):
            me = rnd.f[x]
            held = me.held_by
            holding = rnd.holding(x)
            # the rounds after this one still lost, as the log says it ("stunned for 2 rounds"); 0 with
            # the status stunned: this round only
            stunned = max(0, me.stunned_until - rnd.r) if me.stunned_until >= rnd.r else 0
            try:
                n = rnd.numbers(x)
                af, df = ps.number(n.af.value), ps.number(rnd.df(x).value)
            except (LookupError, ValueError):
                af = df = None
            out[b.name] = {
                "side": SIDES[b.side],
                "kind": b.card.kind,
                "hp": me.hp,
                "max_hp": me.max_hp,
                "temporary": me.temp_total,
                "dead_at": me.dead_at,
                "status": rnd.status_of(x),
                "helped": me.helped,
                "stunned": stunned,
                "dying": None if me.dying_at is None else max(0, me.dying_at - rnd.r + 1),
                "injuries": list(me.injuries) + ([f"dies in {me.dies_in_days} days"] if me.dies_in_days else []),
                "held_by": None if held is None else {"name": b_name(state, held[0]), "category": held[1]},
                "holding": None
                if holding is None
                else {"name": b_name(state, holding), "category": rnd.f[holding].held_by[1]},  # type: ignore[index]
                "legs_held_by": [b_name(state, h) for h in me.feet_held_by],
                "holding_legs": [b_name(state, z) for z in rnd.legs_held(x)],
                "initiative": rnd.initiative[x],
                "action": rnd.action[x],
                "af": af,
                "df": df,
                "shield": me.shield,
                "helm": me.helm,
                "condition": me.condition,
                "ammo": {w.weapon: a for w, a in zip(b.card.weapons, me.ammo) if a is not None},
                "weapons": {w.weapon: s for w, s in zip(b.card.weapons, me.weapons)},
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


class _Finished(Round):
    """A scene that is over, for the trackers: its beings as they ended."""

    def __init__(self, state: PafState) -> None:
        super().__init__(evolve(state, inputs=()))
        self.phase = "over"


def b_name(state: PafState, x: int) -> str:
    return state.beings[x].name


def _weapon_keys(card: PafCard) -> tuple[str, ...]:
    return tuple(slug(w.weapon) for w in card.weapons)


def _fresh(b: Being, t: Tables, o: Options) -> Fighter:
    n = derived(b.card, t, monster_death=o.monster_death)
    dead_at = n.dead_at
    if b.character and o.character_death != "constitution":
        dead_at = int(o.character_death)
    hp = int(n.mhp.value)
    return Fighter(
        hp=hp,
        max_hp=hp,
        dead_at=dead_at,
        shield=b.card.shield,
        helm=b.card.helm,
        weapons=tuple("ready" for _ in b.card.weapons),
        in_hand=0,
        ammo=tuple(w.ammo for w in b.card.weapons),
        next_shot=tuple(0 for _ in b.card.weapons),
    )


# --- reference tables ----------------------------------------------------------------------


def thresholds_reference(t: Tables, needed: Any) -> Reference:
    """PA-3: the critical and fumble thresholds by the needed roll, the row in use marked."""
    cuts = sorted({r.low for r in t.critical_thresholds} | {r.low for r in t.fumble_thresholds})
    rows = []
    n = pt.needed_index(needed)
    highlight = None
    for i, low in enumerate(cuts):
        high = cuts[i + 1] - 1 if i + 1 < len(cuts) else 100
        crit, fum = pt.critical_threshold(t, low), pt.fumble_threshold(t, low)
        rows.append(
            (
                f"{low}-{high}" if high != low else str(low),
                f"{crit}+" if crit else "---",
                f"{fum} or less" if fum else "---",
            )
        )
        if low <= n <= high:
            highlight = i
    return Reference(
        "To critically hit / to fumble (PA-3)",
        ("needed", "critical", "fumble"),
        tuple(rows),
        highlight,
        f"Needed {ps.show(Fraction(needed))}: a roll equal to or above it hits (PA-2).",
    )


def _span(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return pct(low) if low == high else f"{pct(low)}-{pct(high)}"


def critical_reference(t: Tables, kind: str, roll: int | None) -> Reference:
    rows = getattr(t.criticals, kind)
    hl = next((i for i, r in enumerate(rows) if roll is not None and r.low <= roll <= r.high), None)
    return Reference(
        f"Critical hits ({kind} weapons) (PA-3)",
        ("roll", "effect"),
        tuple((_span(r.low, r.high), r.words) for r in rows),
        hl,
    )


def fumble_reference(t: Tables, roll: int | None) -> Reference:
    rows = t.fumbles
    hl = next((i for i, r in enumerate(rows) if roll is not None and r.low <= roll <= r.high), None)
    return Reference("Fumbles (PA-3)", ("roll", "effect"), tuple((_span(r.low, r.high), r.words) for r in rows), hl)


def nonlethal_reference(t: Tables, table: str, index: int | None) -> Reference:
    nl = getattr(t, table)
    rows = []
    hl = None
    for i, r in enumerate(nl.damage):
        pts = "" if r.points is None else f"{r.points}" + (" + Str" if r.plus_strength else "")
        rows.append((_span(r.low, r.high), r.text, pts))
        if index is not None and (r.low is None or r.low <= index) and (r.high is None or index <= r.high):
            hl = i
    return Reference(
        f"{table.capitalize()} damage ({int(nl.share * 100)}% actual, PA-7)",
        ("index", "result", "points"),
        tuple(rows),
        hl,
        "Index = roll - needed + damage modifications; the rest is temporary, recovered 1 a round "
        "after 10 rounds (PA-7).",
    )


RULESET = Paf()
