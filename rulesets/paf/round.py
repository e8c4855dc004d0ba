"""Paul's Adventures In Fantasy: what every phase of a round stands on.

:class:`RoundBase` holds a round's state while it is replayed (the beings' live numbers,
initiative, what waits for the group's end) and its plumbing: each answer taken from the
replay or asked for (the GM's ``end`` at any prompt, ``gm +5 REASON`` at a roll to hit), and
what the state says of a being (its name, side, weapon, whether it may act or attack).
The phases (:mod:`rulesets.paf.ruleset`) are mixins over it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from companion.dice import Dice
from companion.reader import Said
from companion.replay import EndScene, GmModifier, GmModifiers, ReplayRound
from companion.ruleset import Choice, ChoicePrompt, Prompt, Result, RollPrompt
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.state import Being, Options, PafState, _Live
from companion.rulesets.paf.tables import Effect, Lookups, Tables, lookups

if TYPE_CHECKING:
    from companion.rulesets.paf.attack import Attack
    from companion.rulesets.paf.nonlethal import Wrestle

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
GM_NOT_HERE = Choice(
    "gm",
    "gm +N REASON",
    "a GM's modifier is added to a roll to hit (an attack, a shot, a pummel, grapple, overbear or break), not here",
)
"""``gm`` at any other prompt: refused, saying where it is taken."""
GM_MOST = 100
"""The largest GM's modifier (a percentile need runs 1 to 100)."""
GM_MODIFIERS = GmModifiers(GM_MOST, "gm +5 tree in the way, gm -10 asleep on watch")
"""A GM's modifier typed at a roll to hit (``gm +5 tree``): added to the number needed [D]."""
read_gm = GM_MODIFIERS.read
ALSO_END = (END,)
"""What a prompt of the scene takes besides its faces or options (:meth:`RoundBase.also`)."""
ALSO_GM = (END, GM)
"""What a roll to hit takes besides its faces."""


STATUS_WORDS = {"needs_help": "below 0, needs help"}
"""A status as a result's detail says it."""


class _End(Exception):
    """The GM ended the scene."""


class RoundBase(ReplayRound):
    """A round's state while it is replayed, and what every phase asks of it.

    Beings are their index in the scene (``being``, ``attacker``, ``defender``...); ``f`` (the name
    :class:`companion.replay.SceneRuleset` reads) holds each one's live numbers.
    """

    # What every round starts from, as class attributes: a round sets its own when it changes them (a
    # round is made every round, and these are a dozen attributes it would set one by one)
    phase = "initiative"
    rolling: Attack | None = None
    """The attack last asked for (its odds, issue 8)."""
    fumbled = False
    """The being shooting now has fumbled (the rest of his shots this round are lost) [D]."""
    outright = False
    """The critical row just read kills outright: no damage roll follows [D]."""
    wrestling: Wrestle | None = None
    """The pummel, grapple, overbear or break last asked for (its odds, issue 8)."""
    ref: tuple[Any, ...] | None = None
    """What the reference view shows: ("attack", needed), ("critical", kind, roll), ("fumble", roll),
    (table, index) for the non-lethal tables."""
    ended = False
    stood_off = False
    """Nobody can attack any more: the melee ends by itself (PA-12)."""
    result: Result | None = None
    need: Prompt | None = None
    done = False
    fallen = 0
    _mode: tuple[int, str] | None = None
    cause = ""
    """The critical or fumble row being read, in words (what a lasting "no attacks" came of)."""

    def __init__(self, state: PafState) -> None:
        self.st = state
        self.tables: Tables = state.tables
        self.lookups: Lookups = lookups(state.tables)
        self.options: Options = state.options
        beings: tuple[Being, ...] = state.beings
        self.beings = beings
        count = len(beings)
        self.everyone = range(count)
        """Every being of the scene, in scene order."""
        # each being's name and side as lists: every prompt, log line and target list of a round asks
        # them, and a list item is read faster than the Being's attribute behind a method call
        self.names: list[str] = [place.name for place in beings]
        self.sides: list[int] = [place.side for place in beings]
        self.round: int = state.round
        self.taken: list[Any] = []
        self.log: list[str] = []
        self.f = [_Live(fighter) for fighter in state.fighters]
        self.initiative: list[int | None] = [None] * count
        self.action: list[str | None] = [None] * count
        self.had_turn: list[bool] = [False] * count
        """Its turn of this round has come (acted, or could not): a stun now costs the next rounds (PA-12)."""
        self.pending: list[Callable[[], None]] = []
        self.healed: list[str] = []
        self._wielding: dict[int, int] = {}
        self.left_hand: dict[int, tuple[int, str]] = {}
        """A being's weapon a fumble's row has just dropped, knocked away or broken (until the group's
        effects land): a later row of that fumble on it does nothing [D]."""

    if TYPE_CHECKING:
        # What one phase asks of another, declared for the type checker alone (nothing of it exists
        # at run time): each is built by the phase named, and mypy checks that the two agree.

        # turn.Turns
        def target_why(self, being: int, needed: ps.Figure | None = None, asked: bool = False) -> str: ...
        def weapons_for(self, being: int, action: str) -> list[int]: ...
        def pick_weapon(self, being: int, action: str) -> int: ...

        # missiles.Missiles
        def pick_range(self, being: int, weapon: int) -> str: ...
        def range_extra(self, band: str) -> list[tuple[str, ps.Number]]: ...
        def shoot(self, attacker: int, defender: int, weapon: int, band: str) -> None: ...

        # attack.Attacks
        def needed(
            self, attacker: int, defender: int, weapon: int, mode: str, extra: list[tuple[str, ps.Number]]
        ) -> ps.Figure: ...
        def strike(
            self,
            attacker: int,
            defender: int,
            weapon: int,
            mode: str,
            extra: list[tuple[str, ps.Number]] | None = None,
            shot: tuple[int, int] | None = None,
        ) -> None: ...
        def spend_distraction(self, attacker: int, defender: int) -> None: ...
        def critical(self, attacker: int, defender: int, weapon: int, mode: str, kind: str) -> None: ...
        def damage(
            self, attacker: int, defender: int, weapon: int, mode: str, mult: float, reason: str = "damage"
        ) -> int: ...

        # effects.Effects
        def effect(
            self, being: int, row: Effect, *, roller: int, foe: int | None
        ) -> tuple[list[Callable[[], None]], float]: ...
        def stun(self, being: int, rounds: int) -> None: ...

        # fumbles.Fumbles
        def fumble(self, attacker: int, defender: int, weapon: int, mode: str) -> None: ...
        def fumble_again(self, fumbler: int, times: int, ignore: list[int], foe: int | None) -> None: ...
        def misdirected(self, fumbler: int, whom: str, mult: float, foe: int | None) -> None: ...
        def misdirected_critical(self, fumbler: int, whom: str) -> None: ...

        # nonlethal.NonLethal
        def nl_needed(
            self, attacker: int, defender: int, action: str, gm: list[tuple[str, ps.Number]] | None = None
        ) -> ps.Figure: ...
        def nonlethal(
            self, attacker: int, defender: int, action: str, *, rushing: bool = False, extra: str = ""
        ) -> None: ...
        def break_hold(self, held: int) -> None: ...

        # hit_points.HitPoints
        def hurt(self, being: int, real: int, temporary: int) -> None: ...
        def kill(self, being: int, words: str, was: bool | None = None) -> None: ...

    # --- plumbing -------------------------------------------------------------

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        """The next answer (:meth:`ReplayRound.take`); the GM's ``end`` stops the round here."""
        value = ReplayRound.take(self, prompt)  # the base's, named (no super() made at every answer)
        if value.__class__ is EndScene:
            self.end_at(prompt())
        return value

    def end_at(self, asked: Prompt) -> None:
        """The GM's ``end`` taken at ``asked``: logged, and the round stops here (:class:`_End`)."""
        assert isinstance(asked, (RollPrompt, ChoicePrompt))
        whose = "the GM's" if asked.who == "GM" else f"{asked.who}'s"
        what = f"roll for {asked.reason}" if isinstance(asked, RollPrompt) else f"choice of {asked.reason}"
        self.log.append(f"The GM ends the scene at {whose} {what}")
        raise _End

    def value(self, prompt: Prompt, reading: Any) -> Any:
        """A typed answer as the one reader read it (:func:`companion.reader.read`), and the GM's
        words the prompt declares, read on here: ``end`` at any prompt of the scene, ``gm +5 tree``
        at a roll to hit."""
        if isinstance(reading, Said):
            return EndScene() if reading.key == END.key else read_gm(f"gm {reading.rest}")
        return reading.key if isinstance(reading, Choice) else reading  # as ReplayRound.value takes it

    def also(self, *, gm: bool = False) -> tuple[Choice, ...]:
        """The GM's words a prompt takes besides its faces or options: ``end`` while the scene is on
        (not in the aftermath); ``gm`` at a roll to hit."""
        if self.phase in ("aftermath", "over"):
            return ()
        return ALSO_GM if gm else ALSO_END

    def choose(self, being: int | None, reason: str, options: list[Choice], advised: str | None) -> str:
        """The key of the option chosen by ``being`` (None: the GM)."""
        who, side = ("GM", 0) if being is None else (self.names[being], self.sides[being])
        also = self.also()
        key: str = self.take(lambda: ChoicePrompt(who, side, reason, tuple(options), advised, also, (GM_NOT_HERE,)))
        return key

    def choose_kept(
        self, being: int, reason: str, kept: Any, offer: Callable[[Any], tuple[list[Choice], str | None]]
    ) -> str:
        """:meth:`choose`, where ``kept`` says the options and the advice in full (an action's keys): the
        prompt is kept with the being's prompts a fight (:attr:`state.Being.prompts`), and ``offer(kept)``,
        the options and the advised key, made only the first time it is asked."""
        also = () if self.phase in ("aftermath", "over") else ALSO_END  # :meth:`also`, read without a call
        prompts = self.beings[being].prompts
        key = (reason, kept, len(also))  # the words taken: none, end, or end and gm (a Choice hashes slowly)
        found = prompts.get(key)
        if found is None:
            options, advised = offer(kept)
            made = ChoicePrompt(
                self.names[being], self.sides[being], reason, tuple(options), advised, also, (GM_NOT_HERE,)
            )
            found = prompts[key] = (made, lambda: made)
        asked, ask = found
        # :meth:`take`, inline at the two prompts of every answer (kept prompts): a call less an answer
        value = ReplayRound.take(self, ask)
        if value.__class__ is EndScene:
            self.end_at(asked)
        chosen: str = value
        return chosen

    def roll(
        self,
        being: int,
        dice: Dice,
        reason: str,
        *,
        gm: bool = False,
        modifier: int = 0,
        modifier_parts: tuple[tuple[str, int], ...] = (),
        against: str = "",
        target: int | None = None,
        note: str = "",
    ) -> Any:
        """The faces of a roll (a tuple); at a roll to hit (``gm``) perhaps a :class:`GmModifier`. The
        rest is what the prompt says (:class:`companion.ruleset.RollPrompt`).

        The prompt is kept with the being's prompts a fight, by all it says: the same roll asked again
        (its initiative every round, its attack on the same defender) is the same immutable prompt, not
        a new one of a dozen fields."""
        also = () if self.phase in ("aftermath", "over") else (ALSO_GM if gm else ALSO_END)  # :meth:`also`
        # the dice by identity (a Dice hashes field by field, die by die), the prompt kept holding them;
        # the words taken besides by how many (none, end, or end and gm: a Choice hashes slowly too)
        key = (id(dice), reason, gm, len(also), modifier, modifier_parts, against, target, note)
        prompts = self.beings[being].prompts
        found = prompts.get(key)
        if found is None or found[0].dice is not dice:
            closed = () if gm else (GM_NOT_HERE,)
            made = RollPrompt(
                self.names[being],
                self.sides[being],
                dice,
                reason,
                modifier,
                modifier_parts,
                against=against,
                target=target,
                note=note,
                also=also,
                closed=closed,
            )
            found = prompts[key] = (made, lambda: made)  # the prompt, and the callable take asks it of
        asked, ask = found
        value = ReplayRound.take(self, ask)  # :meth:`take`, inline (as in :meth:`choose_kept`)
        if value.__class__ is EndScene:
            self.end_at(asked)
        return value

    def gm_term(self, attacker: int, defender: int, value: GmModifier) -> tuple[str, Fraction]:
        """A GM's modifier typed at ``attacker``'s roll to hit ``defender``: a term of the need, logged with its
        reason."""
        self.log.append(
            f"GM: {value.value:+d} to the number {self.name(attacker)} needs against {self.name(defender)} "
            f"({value.reason})"
        )
        return (f"GM: {value.reason}", Fraction(value.value))

    # --- what the state says of a being -------------------------------------------

    def name(self, being: int) -> str:
        return self.names[being]

    def side(self, being: int) -> int:
        return self.sides[being]

    def weapon(self, being: int, weapon: int) -> str:
        """The name of the card's weapon ``weapon`` (its index)."""
        return self.beings[being].card.weapons[weapon].weapon

    def in_hand(self, being: int) -> int | None:
        """The weapon the being fights with: the one of its action this round, else its first ready."""
        me = self.f[being]
        ready = [weapon for weapon, status in enumerate(me.weapons) if status == "ready"]
        return self._wielding.get(being, ready[0] if ready else None)

    def enemies(self, being: int) -> list[int]:
        """Targets: the beings of the other side not dead (design 2)."""
        mine, sides, f = self.sides[being], self.sides, self.f
        return [other for other in self.everyone if sides[other] != mine and not f[other].dead]

    def stunned(self, being: int) -> bool:
        return self.round <= self.f[being].stunned_until

    def can_act(self, being: int) -> bool:
        me = self.f[being]
        # not stunned (:meth:`stunned`, read here without a call: every being's initiative and turn ask)
        return me.able and self.round > me.stunned_until and self.round not in me.no_action_rounds

    def may_attack(self, being: int) -> bool:
        me = self.f[being]
        return not me.no_attacks and me.slipped != "no_attacks" and self.round not in me.no_attack_rounds

    def may_attack_again(self, being: int) -> bool:
        """``being`` can attack now or later in the scene: alive, arms to attack with (no lasting "no
        attacks"), and conscious or coming to (temporary damage recovers, PA-7)."""
        me = self.f[being]
        return not me.dead and not me.no_attacks and (me.able or me.real_hp > 0)

    def nobody_can_attack(self) -> bool:
        """PA-12: no being can attack any more (weapon arms lost or broken, "no attacks")."""
        for being in self.everyone:  # noqa: SIM110 (a loop, not all() over a generator: asked after every group)
            if self.may_attack_again(being):
                return False
        return True

    def holding(self, holder: int) -> int | None:
        """The being ``holder`` holds in a grapple (PA-7), if any."""
        f = self.f
        for held in self.everyone:  # a loop, not next() over a generator: asked at every action
            hold = f[held].held_by
            if hold and hold[0] == holder:
                return held
        return None

    def legs_held(self, holder: int) -> list[int]:
        """The beings one of whose legs ``holder`` holds."""
        return [other for other in self.everyone if holder in self.f[other].feet_held_by]

    def let_go(self, holder: int, but: int | None = None) -> None:
        """Every hold ``holder`` has, but on ``but``, is let go (a fallen holder also lets go of legs)."""
        for other in self.everyone:
            hold = self.f[other].held_by
            if other != but and hold and hold[0] == holder:
                self.f[other].held_by = None
        if but is None:
            for other in self.legs_held(holder):
                self.let_go_legs(holder, other)

    def let_go_legs(self, holder: int, held: int) -> None:
        self.f[held].feet_held_by = tuple(grabber for grabber in self.f[held].feet_held_by if grabber != holder)

    def status_words(self, being: int) -> str:
        """The status as a player reads it (``below 0, needs help``; ``below 0, helped``)."""
        status = self.status_of(being)
        if status == "needs_help" and self.f[being].helped:
            return "below 0, helped"
        return STATUS_WORDS.get(status, status)

    def status_of(self, being: int) -> str:
        me = self.f[being]
        if me.dead:
            return "dead"
        if me.real_hp < 0:  # PA-5: below 0 the real hit points, not the temporary damage (PA-7)
            return "needs_help"
        if me.hp <= 0:
            return "unconscious"
        if me.dying_at is not None:
            return "dying"
        if self.stunned(being):
            return "stunned"
        return "fighting"
