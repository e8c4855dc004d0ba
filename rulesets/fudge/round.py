"""Simultaneous Combat for Fudge: what every phase of a round stands on.

:class:`RoundBase` holds a round's numbers as its answers change them, and the plumbing of its
prompts: an answer taken (or the GM's ``end``), a typed answer read (a GM's modifier, a gift he
names, a combatant by the name the list shows), a choice, a roll with the GM's modifiers typed
at it (FU-11). The phases build on it, each a subclass of the one before, in the order a round
plays them (design 6):

- ``declarations.Declarations``: every able combatant declares, in scene order (6.1);
  what the declarations make of each one (who attacks whom with what, who can hit back);
- ``rolls.Rolls``: combat rolls, melee defences and dodges in scene order, each prompt
  stating every modifier of its roll (6.2, FU-1, FU-10, FU-11);
- ``resolution.Resolution``: every attack at once, gang-ups and dodges, a defender's
  blow back (6.3, FU-2, FU-7);
- ``damage.Damage``: kevlar's stop roll, the damage roll, the wound box, the Health roll
  (6.4, FU-3, FU-4);
- ``round_end.RoundEnd``: aim, all-out attack, ammunition and reloads (6.5); whether a
  hit can still wound (issue 17);
- ``scene_end.Experience`` and ``SceneEnd``: seeing the elephant (FU-8); the wounds in
  full (FU-6) and the result;

and ``fudge.Round`` plays them. A chain, not mixins side by side: each phase calls only what it
or an earlier one defines, so each module reads (and type-checks) on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.dice import Refused
from companion.reader import Said
from companion.replay import EndScene, GmModifier, ReplayRound, slug
from companion.ruleset import Choice, ChoicePrompt, Prompt, Result, RollPrompt
from companion.rulesets.fudge.state import (
    END,
    END_AFTER,
    GM,
    GM_NOT_HERE,
    Decl,
    FudgeState,
    Hit,
    Live,
    NamedGift,
    SceneEnded,
    fudge_dice,
    possessive,
    read_gm,
)

_ALSO = {
    (scene, roll): ((END,) if scene else ()) + ((GM,) if roll else ())
    for scene in (True, False)
    for roll in (True, False)
}
"""What :meth:`RoundBase.also` says, by (the scene is on, a roll that reads its total): four tuples, made once."""
_CLOSED = {
    (scene, roll): (() if scene else (END_AFTER,)) + (() if roll else (GM_NOT_HERE,))
    for scene in (True, False)
    for roll in (True, False)
}
"""What :meth:`RoundBase.closed` says, likewise."""


class RoundBase(ReplayRound):
    """A round's numbers as its answers change them, and its prompts' plumbing (the phases
    are its subclasses; ``fudge.Round`` plays them).

    ``run()`` stops at the first answer still missing (``need``) or at the
    round's end (``done``); the log and the numbers are as far as the answers go.
    """

    # what a round starts from and most rounds keep, said once here rather than set at every round's
    # start (each is replaced, never changed in place: a round is a tenth of an answer's cost to begin)
    phase = "declarations"
    asking: str | None = None
    """What the current prompt is for (``location``, ``damage``), for the reference view."""
    last_degree: int | None = None
    rolling: tuple[int, str] | None = None
    """(who, ``combat``, ``guard`` or ``dodge``) of the last combat roll or dodge asked for (its odds, issue 8)."""
    hitting: Hit | None = None
    """The hit whose stop or damage roll was last asked for (its odds, issue 8)."""
    last_result: int | None = None
    ended = False
    in_scene = True
    """The scene is still on: ``end`` is taken at its prompts (not at the rolls after it, FU-8)."""
    result: Result | None = None
    unrolled: tuple[int, int, str] | None = None
    """(who, box level, wound) of a wound whose Health roll the GM's end cut off: it stands, felt
    when the scene ends (FU-6)."""

    def __init__(self, state: FudgeState) -> None:
        self.st = state
        self.tables = state.tables
        self.options = state.options
        self.sheets = state.sheets
        self.everyone = range(len(state.sheets))
        """Every combatant of the scene, in scene order (by his index in ``sheets``)."""
        self.names, self.others = state.cast
        """Each one's name, as his sheet's card has it, and his enemies, dead or alive, in scene order
        (:attr:`FudgeState.cast`: read once a scene)."""
        self.taken: list[Any] = []
        self.log: list[str] = []
        counted = state.options.reloading  # the loads change only with it (:meth:`Live.of`)
        self.f = [Live.of(fighter, counted) for fighter in state.fighters]
        self.able0 = [fighter.able for fighter in self.f]
        """Who could act when the round began: they declare and roll; the others are helpless targets."""
        self.decl: list[Decl | None] = [None] * len(self.sheets)
        self.combat: dict[int, int] = {}
        """Each one's combat roll: his attack's, or (when he makes no attack) his melee defence."""
        self.guard: dict[int, int] = {}
        """The melee defence of one who attacks with a ranged weapon while attacked in melee: a roll of
        its own, his best melee skill or his Dodge (FU-11) [D]."""
        self.dodge: dict[int, int] = {}
        self.dodged: set[int] = set()
        self.gm: dict[tuple[Any, ...], list[tuple[str, int]]] = {}
        """The GM's modifiers typed at each roll (FU-11), by the roll: ("combat", who), ("guard",
        who), ("dodge", who), ("damage", attacker, defender), ("health", attacker, defender)."""
        self.tied: set[tuple[int, int]] = set()
        """(attacker, defender) exchanges that were ties this round."""
        self.after: list[str] = []
        """What the scene's end changed (FU-6's wounds, FU-8's experience), for the result panel."""

    # --- plumbing -------------------------------------------------------------------------

    def take(self, prompt: Callable[[], Prompt]) -> Any:
        """The next answer (:meth:`ReplayRound.take`); the GM's ``end`` stops the round here."""
        value = ReplayRound.take(self, prompt)  # named, not super(): at every answer
        if isinstance(value, EndScene):
            raise SceneEnded
        return value

    def value(self, prompt: Prompt, reading: Any) -> Any:
        """A typed answer as the one reader read it (:func:`companion.reader.read`: a choice by its
        key or by the name it shows, ``Grukk the Ogre``; the faces), and the GM's words the prompt
        declares, read on here: ``end``, ``gm +1 uphill`` (FU-11), ``other iron will`` (a named gift)."""
        if isinstance(reading, Said):
            if reading.key == END.key:
                return EndScene()
            if reading.key == GM.key:
                return read_gm(f"gm {reading.rest}")
            name = slug(reading.rest)  # OTHER_GIFT
            if name == "x" or not reading.rest:
                raise Refused("name the gift after 'other': other iron will")
            return NamedGift(name[:30])
        return ReplayRound.value(self, prompt, reading)  # named, not super(): at every answer

    def also(self, *, roll: bool = False) -> tuple[Choice, ...]:
        """The GM's words a prompt of the scene takes besides its faces or options: ``end`` while
        the scene is on; ``gm`` at a roll that reads its total (FU-11)."""
        return _ALSO[self.in_scene, roll]

    def closed(self, *, roll: bool = False) -> tuple[Choice, ...]:
        """The GM's words a prompt does not take here, each with why (the reader refuses them so):
        ``end`` once the scene is over; ``gm`` but at a roll that reads its total."""
        return _CLOSED[self.in_scene, roll]

    def choose(self, combatant: int, reason: str, options: Sequence[Choice], advised: str | None) -> str:
        also, closed = _ALSO[self.in_scene, False], _CLOSED[self.in_scene, False]  # :meth:`also`, :meth:`closed`
        key: str = self.take(
            lambda: ChoicePrompt(
                self.names[combatant], self.sheets[combatant].side, reason, tuple(options), advised, also, closed
            )
        )
        return key

    def choose_kept(
        self,
        combatant: int,
        reason: str,
        options: Callable[[], Sequence[Choice]],
        advised: str | None,
        kept: tuple[Any, ...],
    ) -> str:
        """:meth:`choose`, at a prompt made once a fight for what its options are made of (``kept``:
        the same ``kept``, the same options, and ``options()`` is asked only the first time): the
        action, weapon and awareness prompts come back round after round as they were. Kept on his
        sheet (its ``__dict__``, as :meth:`Sheet.as_target` keeps its choices): a fight's sheets are
        its own, and so are the options its prompts are made of."""
        prompt = self.choice_prompt(combatant, reason, options, advised, kept)
        choice: str = self.take(lambda: prompt)
        return choice

    def choice_prompt(
        self,
        combatant: int,
        reason: str,
        options: Callable[[], Sequence[Choice]],
        advised: str | None,
        kept: tuple[Any, ...],
    ) -> ChoicePrompt:
        """The prompt :meth:`choose_kept` asks, made once a fight for what it is made of."""
        sheet = self.sheets[combatant]
        prompts = sheet.kept_prompts
        in_scene = self.in_scene
        key = (kept, reason, advised, in_scene)
        prompt: ChoicePrompt | None = prompts.get(key)
        if prompt is None:
            also, closed = _ALSO[in_scene, False], _CLOSED[in_scene, False]
            prompt = prompts[key] = ChoicePrompt(
                self.names[combatant], sheet.side, reason, tuple(options()), advised, also, closed
            )
        return prompt

    def roll_kept(
        self,
        combatant: int,
        count: int,
        reason: str,
        parts: Sequence[tuple[str, int]],
        against: str,
        target: int | None,
        note: str,
    ) -> RollPrompt:
        """The prompt of a roll of ``count`` Fudge dice by ``combatant`` that reads its total (the GM's
        modifiers taken at it), with its modifiers ``parts``. The same roll asked again (most are, round after round: the same
        modifiers against the same foe) is the same prompt, made once a fight and kept on his sheet
        (its ``__dict__``, as :meth:`choose_kept` keeps his choices): what it is made of is its key."""
        sheet = self.sheets[combatant]
        modifiers = tuple(parts)
        in_scene = self.in_scene
        key = (count, reason, modifiers, against, target, note, in_scene)
        prompts = sheet.kept_rolls
        prompt = prompts.get(key)
        if prompt is None:
            # every field in order, by position (a frozen dataclass's ``__init__`` takes keywords
            # slower): who, side, dice, reason, modifier, its parts, running (none: no die of a
            # scene's rolls explodes), against, target, note, also, closed
            prompt = prompts[key] = RollPrompt(
                self.names[combatant],
                sheet.side,
                fudge_dice(count),
                reason,
                sum([value for _, value in modifiers]),
                modifiers,
                None,
                against,
                target,
                note,
                _ALSO[in_scene, True],
                _CLOSED[in_scene, True],
            )
        return prompt

    def scene_id(self, combatant: int) -> int:
        """The id of the scene's sheets, for a key of what the sheet of ``combatant`` keeps that reads
        the others' sheets too (their names, skills, armor): the same sheet put among others (a state
        given other sheets) is asked anew. The sheets are kept with his (:attr:`Sheet.kept_scenes`),
        so their id is never another's while anything keyed by it is kept."""
        sheets = self.sheets
        scene = id(sheets)
        scenes = sheets[combatant].kept_scenes
        if scenes.get(scene) is not sheets:
            scenes[scene] = sheets
        return scene

    def ask_roll(self, key: tuple[Any, ...], make: Callable[[], RollPrompt]) -> tuple[int, ...]:
        """The faces of a roll, after any GM's modifiers typed at it (FU-11): each is logged with
        its reason and the roll is asked again with it among its modifiers (FU-10). ``make`` builds
        the prompt with the GM's modifiers of ``key`` so far (:meth:`gm_parts`)."""
        while True:
            value = self.take(make)
            if not isinstance(value, GmModifier):
                faces: tuple[int, ...] = value
                return faces
            self.gm.setdefault(key, []).append((f"GM: {value.reason}", value.value))
            prompt = make()
            self.log.append(f"GM: {value.value:+d} to {possessive(prompt.who)} {prompt.reason} ({value.reason})")

    def gm_parts(self, *key: Any) -> list[tuple[str, int]]:
        typed = self.gm.get(key)
        return list(typed) if typed else []

    def name(self, combatant: int) -> str:
        return self.names[combatant]

    def enemies(self, combatant: int) -> list[int]:
        """The enemies that can be attacked: any not dead (design 6.1)."""
        f = self.f
        return [enemy for enemy in self.others[combatant] if not f[enemy].dead]
