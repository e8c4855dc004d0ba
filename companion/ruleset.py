"""The ruleset protocol: a game is a pure state machine over typed answers.

    new(setup)            -> state
    prompt(state)         -> what the table must do next
    apply(state, answer)  -> Outcome(next state, log lines), or raise Refused

Rulesets never read the clock, the keyboard, the disk or a random generator;
everything random arrives in answers (docs/design.md).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, TypeVar, cast

from companion.dice import Dice, Refused
from companion.games import GAMES
from companion.views import CardView, CombatantView, Field, Mark, PanelLine, Tone

if TYPE_CHECKING:  # pydantic is only needed once a card is read: keep start-up light
    from pathlib import Path
    from typing import Self

    from pydantic import BaseModel

    from companion.odds import Odds
    from companion.sheet import DerivedFigure, SheetSpec
    from companion.simulate_scenes import SceneFigures
    from companion.tables import TablesFile

__all__ = [
    "GAMES",
    "SIDES",
    "Answer",
    "Choice",
    "ChoicePrompt",
    "GameOptions",
    "Gauge",
    "OptionSpec",
    "Outcome",
    "OverPrompt",
    "PadOption",
    "PadSide",
    "Pick",
    "Prompt",
    "Reference",
    "Refused",
    "Result",
    "RollPrompt",
    "Ruleset",
    "SecretPrompt",
    "Setup",
    "TimedRuleset",
    "card_name",
    "evolve",
    "get_ruleset",
    "option",
]

SIDES = ("red", "blue")
"""Corner names, by side index."""


def side_index(word: Any) -> int:
    """A side's index from the word a tracker gives it (``side``: ``red`` 0, ``blue`` 1); red
    where a tracker names none."""
    return SIDES.index(word) if word in SIDES else 0


@dataclass(frozen=True, slots=True)
class Answer:
    """What the table entered for one prompt."""

    text: str
    virtual: bool = False
    """The app rolled it for the player (ruling D-6)."""
    clock: float | None = None
    """Seconds elapsed in the round when it was entered (timed games only)."""
    reading: Any = field(default=None, compare=False, repr=False)
    """What the one reader (:func:`companion.reader.read`) made of ``text`` at the prompt it answers,
    where the session read it there (issue 21: the session reads an answer once, and the ruleset
    takes the typed value). None where nobody has read it yet (a saved fight folded on resume, a
    simulated roll): the ruleset reads ``text`` then, by the same reader. Never saved, and not part
    of an answer's equality: it is what ``text`` says at that prompt, nothing more."""

    def typed(self) -> Answer:
        """This answer as typed, its reading let go: to give at another prompt than the one it was
        read at (an amended fight's later answers, asked again)."""
        return self if self.reading is None else Answer(self.text, self.virtual, self.clock)


METHOD_WORDS = {"incapacitated": "incapacitation"}
"""A method as the headline says it after "by" (a scene's side wins when the other's last falls)."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a fight ended (the ``result`` of the script protocol)."""

    winner: str | None
    loser: str | None
    method: str
    detail: str = ""
    period: int = 0
    time: str = ""
    fight_time: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "loser": self.loser,
            "method": self.method,
            "detail": self.detail,
            "period": self.period,
            "time": self.time,
            "fight_time": self.fight_time,
        }

    def headline(self, period_word: str = "period") -> str:
        """One line: ``Royce Gracie def. Ken Shamrock by submission (armbar), segment 1, 1:16``."""
        if self.winner is None:
            head = f"Draw ({self.detail})" if self.detail else "Draw"
        else:
            how = self.method.upper() if self.method in ("ko", "tko") else METHOD_WORDS.get(self.method, self.method)
            head = f"{self.winner} def. {self.loser} by {how}"
            if self.detail and self.detail.lower() not in (how.lower(), self.method):
                head += f" ({self.detail})"
        when = f"{period_word} {self.period}"
        return f"{head}, {when}, {self.time}" if self.time else f"{head}, {when}"  # Cage Match keeps no clock


@dataclass(frozen=True, slots=True)
class RollPrompt:
    """Roll these dice for this fighter."""

    who: str
    side: int
    dice: Dice
    reason: str
    modifier: int = 0
    modifier_parts: tuple[tuple[str, int], ...] = ()
    """What makes up the modifier, e.g. (("control", 18), ("winning so far", 2))."""
    running: int | None = None
    """For an exploding roll's extra die: the total so far, before this die."""
    against: str = ""
    """What the total is compared with, in words."""
    target: int | None = None
    """The number the total is compared with, where known."""
    note: str = ""
    """What else the roll can do (e.g. FO: "a double is a knockdown"), in words."""
    also: tuple[Choice, ...] = ()
    """Words the prompt takes besides the faces, each by its first word (Fudge: ``end``, the GM
    ends the scene; ``gm +1 uphill``, a GM's modifier); none for most games."""
    closed: tuple[Choice, ...] = ()
    """Words the game takes at other prompts but not this one, each with ``why`` it is not taken
    here (FO's ``stall`` during the roll-off): the reader refuses them with that (ruling D-5)."""
    kind: ClassVar[Literal["roll"]] = "roll"

    def headline(self) -> str:
        """``Royce Gracie: roll d10! for control, +18``."""
        text = f"{self.who}: roll {self.dice.notation} for {self.reason}"
        if self.running is not None:
            text += f", {self.running} so far"
        elif self.modifier:
            text += f", {self.modifier:+d}"
        return text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "who": self.who,
            "side": SIDES[self.side],
            "dice": self.dice.notation,
            "reason": self.reason,
            "modifier": self.modifier,
            "modifier_parts": [list(p) for p in self.modifier_parts],
        }
        if self.running is not None:
            out["running"] = self.running
        if self.against:
            out["against"] = self.against
        if self.target is not None:
            out["target"] = self.target
        if self.note:
            out["note"] = self.note
        if self.also:
            out["also"] = [c.key for c in self.also]
        return out


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a choice prompt."""

    key: str
    label: str
    why: str = ""
    shown: str = ""
    """What a list shows for it in place of the key (a combatant's name for the key
    ``grukk-the-ogre``); empty: the key."""


@dataclass(frozen=True, slots=True)
class ChoicePrompt:
    """Choose one of these options (the advised one marked)."""

    who: str
    side: int
    reason: str
    options: tuple[Choice, ...]
    advised: str | None = None
    also: tuple[Choice, ...] = ()
    """Words the prompt takes besides its options, each by its first word (as for a roll)."""
    closed: tuple[Choice, ...] = ()
    """Words the game takes at other prompts but not this one, with why (as for a roll)."""
    kind: ClassVar[Literal["choice"]] = "choice"

    def headline(self) -> str:
        return f"{self.who}: choose {self.reason}"

    def find(self, text: str) -> Choice | None:
        """The option ``text`` names: its key, or an unambiguous start of it."""
        t = text.strip().lower()
        if not t:
            return None
        for option in self.options:  # a key typed in full, most often: the first of it
            if option.key == t:
                return option
        starts = [o for o in self.options if o.key.startswith(t)]
        return starts[0] if len(starts) == 1 else None

    def find_shown(self, text: str) -> Choice | None:
        """The option whose shown name ``text`` is, or the one whose name alone it begins,
        case-insensitively (``Grukk the`` for ``Grukk the Ogre``); None for options shown by key."""
        t = " ".join(text.lower().split())
        if not t:
            return None
        named = [o for o in self.options if o.shown]
        exact = [o for o in named if o.shown.lower() == t]
        if exact:
            return exact[0]
        starts = [o for o in named if o.shown.lower().startswith(t)]
        return starts[0] if len(starts) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "who": self.who,
            "side": SIDES[self.side],
            "reason": self.reason,
            "options": [o.key for o in self.options],
            "advised": self.advised,
            **({"also": [c.key for c in self.also]} if self.also else {}),
        }


@dataclass(frozen=True, slots=True)
class OverPrompt:
    """The fight is over."""

    result: Result
    period_word: str = "period"
    """What the game calls a period (``segment``, ``round``), for the headline."""
    kind: ClassVar[Literal["over"]] = "over"

    def headline(self) -> str:
        return self.result.headline(self.period_word)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "result": self.result.to_json()}


@dataclass(frozen=True, slots=True)
class PadOption:
    """One move a fighter may name at a secret choice (Cage Match's action pad)."""

    key: str
    name: str
    type: str
    """The action type the fight card is read by (``jab``, ``strike``, ``protect`` ...)."""
    focus_cost: int
    """Focus the move itself spends (a power move's or a special's), 0 for most."""
    dice: int
    damage: int
    target: str
    focus_gain: int
    kind: str
    """``move``, ``power``, ``special`` or ``generic``."""
    allowed: bool = True
    why: str = ""
    """Why it cannot be done now ("needs 2 focus, holds 1"); choosing it anyway gives the default move."""
    effect: str = ""
    """Where a special puts the fight when it lands ("to GROUND, underneath")."""
    here: bool = True
    """Whether the move belongs to this position at all: False when it is not done from here (or
    a First Fight rules it out); a move only short of focus is here. The pad lists those."""
    gives: str = ""
    """What the move gives beyond its figures, in the game's words ("+6 focus, 3 if hit")."""

    def figures(self) -> list[str]:
        """What the move costs and does, in words, each a phrase: ``costs 2 focus``, ``+1 dice``,
        ``13 head``, ``+1 focus``, then what it gives and where it puts the fight."""
        bits = []
        if self.focus_cost:
            bits.append(f"costs {self.focus_cost} focus")
        if self.dice:
            bits.append(f"{self.dice:+d} dice")
        if self.damage:
            bits.append(f"{self.damage} {self.target}")
        if self.focus_gain:
            bits.append(f"+{self.focus_gain} focus")
        return bits + [bit for bit in (self.gives, self.effect) if bit]

    def to_json(self) -> dict[str, Any]:
        out = {
            k: getattr(self, k)
            for k in ("key", "name", "type", "focus_cost", "dice", "damage", "target", "focus_gain", "kind", "allowed")
        }
        if self.why:
            out["why"] = self.why
        if self.effect:
            out["effect"] = self.effect
        return out


@dataclass(frozen=True, slots=True)
class PadSide:
    """One corner's action pad this turn: everything on it is public at the table."""

    who: str
    side: int
    role: str | None
    """``dominant``, ``submissive`` or None where the position has no sides."""
    focus: int
    """Focus held before anything is spent."""
    options: tuple[PadOption, ...]
    default: str
    """The move done in place of one that cannot be done."""
    max_dice: int = 2
    max_damage: int = 2
    notes: tuple[str, ...] = ()
    """What else changes this corner's rolls this turn (penalty, bonuses, position), in words."""
    dice_each: int = 0
    """What a point of focus on the dice adds to each roll (the game's figure; 0: not said)."""
    damage_each: int = 0
    """What a point of focus on damage adds, once, to the damage of a hit (0: not said)."""
    by_key: dict[str, PadOption] = field(init=False, repr=False, compare=False)
    """Each option by its key (the first of a key given twice): a pick is most often typed in full,
    once a turn for each corner, and read again whenever the fight is folded."""
    picks: dict[str, Pick | None] = field(init=False, repr=False, compare=False)
    """Each pick read on this side so far, by the words typed for it (``jab+d1``; ``roll``: None), as
    :meth:`SecretPrompt.parse` read them: a reading is the side's and the words' alone (the side is
    frozen), and the same pad side comes back turn after turn (a sheet keeps it) and whenever the
    fight is folded, read again at each. Words that do not read as a pick are not kept."""

    def __post_init__(self) -> None:
        by_key: dict[str, PadOption] = {}
        for option in self.options:
            by_key.setdefault(option.key, option)
        object.__setattr__(self, "by_key", by_key)  # frozen: set once, here
        object.__setattr__(self, "picks", {})

    def find(self, text: str) -> PadOption | tuple[PadOption, ...] | None:
        """The option ``text`` names (its key or an unambiguous start); a tuple when ambiguous."""
        t = text.strip().lower()
        exact = self.by_key.get(t)
        if exact is not None:
            return exact
        starts = tuple(o for o in self.options if o.key.startswith(t)) if t else ()
        if len(starts) == 1:
            return starts[0]
        here = tuple(o for o in starts if o.here)  # a start is read among the pad's own moves first
        if len(here) == 1:
            return here[0]
        return (here or starts) or None


@dataclass(frozen=True, slots=True)
class Pick:
    """One corner's secret choice: a move and the focus put on dice and damage."""

    move: str
    dice: int = 0
    damage: int = 0
    by_app: bool = False
    """The app picked it for the corner (ruling D-6), marked ``@app`` in the answer (CM-12)."""

    def text(self) -> str:
        spend = (f"+d{self.dice}" if self.dice else "") + (f"+x{self.damage}" if self.damage else "")
        return self.move + spend + (APP_MARK if self.by_app else "")


PREFER = "prefer"
"""The simulator's strategy of a list of moves, ``prefer:A,B,...`` (:meth:`Ruleset.pick`)."""

APP_MARK = "@app"
"""Ends a corner's pick the app made for it: ``red=jab@app blue=low-kick`` (ruling CM-12: only
that corner's pick is the app's)."""


_CORNERS = {"red": 0, "r": 0, "blue": 1, "b": 1}
"""The words a corner's pick begins with (``red=``, ``r=``, ``blue=``, ``b=``)."""
_USAGE = "name both corners once: red=MOVE blue=MOVE (e.g. red=jab+d1 blue=protect)"
_PICKS: dict[tuple[str, int, int, bool], Pick] = {}
"""Each pick read so far, by its figures (:meth:`SecretPrompt._pick`)."""
_SPEND = re.compile(r"\+([dx])(\d+)")
_UNREAD: Any = object()
"""What :attr:`PadSide.picks` gives for words not read there yet."""


@dataclass(frozen=True, slots=True)
class SecretPrompt:
    """Both corners choose in secret, then reveal together (Cage Match, ruling CM-5).

    Answered with one line holding both picks, ``red=jab+d1 blue=head-kick+x2``:
    the screens compose it only once both are locked in.
    """

    turn: int
    position: str
    """The position's label, ``STANDING``."""
    pad: str
    sides: tuple[PadSide, PadSide]
    kind: ClassVar[Literal["secret"]] = "secret"
    who: ClassVar[str] = "both"
    END: ClassVar[str] = "end"
    """Typed in place of the picks: the table ends the fight before this turn (ruling CM-12)."""

    def headline(self) -> str:
        return f"Turn {self.turn}, {self.position}: both choose a move in secret"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "who": self.who,
            "turn": self.turn,
            "position": self.position,
            "pad": self.pad,
            "sides": {
                SIDES[s.side]: {
                    "who": s.who,
                    "role": s.role,
                    "focus": s.focus,
                    "default": s.default,
                    "max_dice": s.max_dice,
                    "max_damage": s.max_damage,
                    "options": [o.to_json() for o in s.options],
                    **({"notes": list(s.notes)} if s.notes else {}),
                }
                for s in self.sides
            },
        }

    def parse(self, text: str) -> tuple[Pick | None, Pick | None]:
        """Both picks from ``red=MOVE[+dN][+xN] blue=...``; a side's ``roll`` reads as None.

        Raises:
            Refused: the line does not name both corners once, a move is not on
                the fighter's pad, or the focus placed is more than allowed or held.
        """
        picks: list[Pick | None] = [None, None]
        given = [False, False]
        for part in text.lower().split():
            # ``red=MOVE``: a corner's word, ``=`` and the pick (partition, not a pattern: read once a turn
            # for each corner, and again whenever the fight is folded)
            corner, _, typed = part.partition("=")
            side = _CORNERS.get(corner)
            if side is None or not typed or given[side]:
                raise Refused(_USAGE)
            given[side] = True
            pad = self.sides[side]
            read = pad.picks.get(typed, _UNREAD)
            if read is _UNREAD:
                read = pad.picks[typed] = self._pick(pad, typed)  # Refused: nothing kept
            picks[side] = read
        if not all(given):
            raise Refused(_USAGE)
        return picks[0], picks[1]

    def _pick(self, pad: PadSide, text: str) -> Pick | None:
        corner = SIDES[pad.side]
        if text == "roll":
            return None
        by_app = text.endswith(APP_MARK)
        if by_app:
            text = text[: -len(APP_MARK)]
        cut = text.find("+")
        word, rest = (text, "") if cut < 0 else (text[:cut], text[cut:])
        found = pad.find(word)
        if found is None:
            keys = ", ".join(o.key for o in pad.options)
            raise Refused(f"{corner}: {word!r} is not one of {pad.who}'s moves ({keys})")
        if isinstance(found, tuple):
            raise Refused(f"{corner}: {word!r} could be {' or '.join(o.key for o in found)}")
        dice = damage = 0
        if rest:  # most picks spend no focus
            spend = {"d": 0, "x": 0}
            pos = 0
            seen = set()
            for m in _SPEND.finditer(rest):
                if m.start() != pos:
                    break
                if m[1] in seen:
                    what = "dice" if m[1] == "d" else "damage"
                    raise Refused(f"{corner}: focus on {what} given twice; write it once (+{m[1]}2 for two)")
                seen.add(m[1])
                spend[m[1]] = int(m[2])
                pos = m.end()
            if pos != len(rest):
                raise Refused(
                    f"{corner}: after the move write +dN for focus on dice and +xN for focus on damage "
                    f"(e.g. {found.key}+d1+x2)"
                )
            dice, damage = spend["d"], spend["x"]
            if dice > pad.max_dice:
                raise Refused(f"{corner}: at most {pad.max_dice} focus on dice (+d0 to +d{pad.max_dice})")
            if damage > pad.max_damage:
                raise Refused(f"{corner}: at most {pad.max_damage} focus on damage (+x0 to +x{pad.max_damage})")
        cost = found.focus_cost if found.allowed else 0  # a move that cannot be done is defaulted, unpaid
        if cost + dice + damage > pad.focus:
            spent = Pick(found.key, dice, damage, by_app).text()
            raise Refused(f"{corner}: {spent} spends {cost + dice + damage} focus, {pad.who} holds {pad.focus}")
        # picks are immutable and few (a move, its focus, whose): one of each, not one a reading
        key = (found.key, dice, damage, by_app)
        pick = _PICKS.get(key)
        if pick is None:
            pick = _PICKS[key] = Pick(*key)
        return pick

    def legal(self, side: int, text: str) -> bool:
        """Whether corner ``side`` may pick ``text`` (``jab``, ``jab+d1+x2``) now: a move on his
        pad that he can do here, with the focus it and the extras spend held."""
        pad = self.sides[side]
        try:
            pick = self._pick(pad, text.strip().lower())
        except Refused:
            return False
        return pick is not None and any(o.key == pick.move and o.allowed for o in pad.options)

    def revealed(self, text: str) -> str:
        """The answer ``text`` as the picks revealed, in words (an export's play-by-play, issue 23):
        each corner's move by its name on the pad, the focus put on dice and on damage, a pick the
        app made for a corner marked; ``end``: the table ends the fight (ruling CM-12). Text that
        does not read as picks is given back as it is."""
        if text.strip().lower() == self.END:
            return "the table ends the fight"
        try:
            picks = self.parse(text)
        except Refused:
            return text
        said = []
        for pad, pick in zip(self.sides, picks):
            if pick is None:
                said.append(f"{pad.who}: the app's pick")
                continue
            names = {o.key: o.name for o in pad.options}
            words = names.get(pick.move, pick.move)
            spent = [f"{n} focus on {what}" for n, what in ((pick.dice, "dice"), (pick.damage, "damage")) if n]
            if spent:
                words += f" with {' and '.join(spent)}"
            if pick.by_app:
                words += " (picked by the app)"
            said.append(f"{pad.who}: {words}")
        return "; ".join(said)

    def fill(self, text: str, rng: Any) -> tuple[str, bool]:
        """``text`` with each ``side=roll`` replaced by a random move the fighter can do, with
        no extra focus and marked ``@app`` (ruling D-6); and whether both corners' picks are the
        app's, the answer then being the app's (CM-12: a corner's pick alone is only that
        corner's). ``roll`` alone picks for both."""
        if text.strip().lower() == self.END:
            return text, False  # the table ends the fight: no picks to fill (CM-12)
        if text.strip().lower() == "roll":
            text = "red=roll blue=roll"
        picks = self.parse(text)
        if all(p is not None for p in picks):
            return text, False
        out = []
        for pad, pick in zip(self.sides, picks):
            if pick is None:
                doable = [o for o in pad.options if o.allowed] or [o for o in pad.options if o.key == pad.default]
                pick = Pick(rng.choice(doable).key, by_app=True)
            out.append(f"{SIDES[pad.side]}={pick.text()}")
        return " ".join(out), all(p is None for p in picks)


@dataclass(frozen=True, slots=True)
class Gauge:
    """One tracker drawn as a bar or as pips: hit points, muscle and nerves, focus.

    Rulesets offer them through an optional ``gauges(state)`` hook; the fight
    screen draws them for any game that has it.
    """

    key: str
    """The tracker it draws (a key of ``trackers()``), so it is not written twice."""
    label: str
    value: int
    maximum: int
    mark: int | None = None
    """A threshold drawn on the bar (Cage Match: 30, below which penalties start)."""
    pips: bool = False
    """Drawn as pips (focus out of 10) rather than a bar."""
    low: bool = False
    """In the danger zone: drawn in the theme's error colour."""


Prompt = RollPrompt | ChoicePrompt | SecretPrompt | OverPrompt


class Outcome(NamedTuple):
    """An accepted answer: the next state and what happened, in the game's words.

    A named tuple rather than a frozen dataclass: one is made per answer, and
    folding a long session is mostly making them.
    """

    state: Any
    log: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Reference:
    """A rules table for the reference view, with the row in use marked."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: int | None = None
    note: str = ""
    compact: bool = False
    """Many narrow columns (Cage Match's Fight Card): drawn one space apart to fit 80 columns."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A named rules option shown on the setup screen and in ``--option``."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""
    words: tuple[str, ...] = ()
    """What each choice means, in the game's words, shown beside it on the setup screen
    (``no_shield``: "no effect without a shield"); none: the choice says it."""

    def shown(self, choice: Any) -> str:
        """A choice as the setup screen lists it: the value typed, and its words if any."""
        if self.words and choice in self.choices:
            return f"{show_value(choice)}: {self.words[self.choices.index(choice)]}"
        return show_value(choice)

    def parse(self, text: str) -> Any:
        """Read ``text`` as one of the choices, or raise ``ValueError`` saying what is allowed."""
        for choice in self.choices:
            if isinstance(choice, bool):
                if text.lower() in (("on", "true", "yes", "1") if choice else ("off", "false", "no", "0")):
                    return choice
            elif str(choice) == text:
                return choice
        allowed = ", ".join(show_value(c) for c in self.choices)
        raise ValueError(f"option {self.key}: {text!r} is not allowed (one of {allowed})")


T = TypeVar("T")

_OPTION = "companion.option"
"""Where :func:`option` keeps an option's words in its field's metadata."""


def option(default: T, label: str, choices: tuple[T, ...], help: str = "", words: tuple[str, ...] = ()) -> T:
    """A rules option, declared once as a field of a game's :class:`GameOptions`: its default
    (the field's), what the setup screen and ``--option`` show (:class:`OptionSpec`'s label,
    choices, help and words). The field's name is the option's key, its type the option's::

        @dataclass(frozen=True, slots=True)
        class Options(GameOptions):
            rounds: int = option(3, "Rounds of 5:00", (3, 5), "three, or five for a title fight")

        options = Options.specs()          # the ruleset's OptionSpec tuple
        Options.of(setup.options)          # the typed options of a fight
    """
    if default not in choices:
        raise ValueError(f"option {label!r}: its default {default!r} is not one of its choices {choices!r}")
    return field(default=default, metadata={_OPTION: (label, choices, help, words)})


class GameOptions:
    """The rules options of a game: a frozen dataclass whose fields are each an :func:`option`,
    so the options shown (:meth:`specs`) and the options read (:meth:`of`) are one list."""

    __slots__ = ()
    _specs: ClassVar[dict[type, tuple[OptionSpec, ...]]] = {}

    def __init__(self, **values: Any) -> None:  # the dataclass's own, field by field (for the type checker)
        raise TypeError(f"{type(self).__name__} is not a dataclass")

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """Each option as the setup screen and the command line show it, in field order."""
        found = GameOptions._specs.get(cls)
        if found is None:
            made = []
            for f in dataclasses.fields(cast(Any, cls)):
                if _OPTION not in f.metadata:
                    raise TypeError(f"{cls.__name__}.{f.name} is not declared with option()")
                label, choices, help_, words = f.metadata[_OPTION]
                made.append(OptionSpec(f.name, label, f.default, choices, help_, words))
            found = GameOptions._specs[cls] = tuple(made)
        return found

    @classmethod
    def of(cls, given: dict[str, Any]) -> Self:
        """The options of a fight: ``given`` read as each option's own type, the rest their defaults.

        Raises:
            ValueError: an unknown option, or a value that is not one of its choices.
        """
        return cls(**resolve_options(cls.specs(), given))


def show_value(value: Any) -> str:
    """An option's value as typed: ``on``/``off`` for a switch, else as it is."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a fight starts from: the game, the two cards, the options."""

    game: str
    fighters: tuple[BaseModel, ...]
    options: dict[str, Any] = field(default_factory=dict)
    tables: dict[str, Any] | None = None
    """The game's checked tables (Cage Match's fight card) as they were when the
    fight began: stored with it, so a saved fight folds the same after the file changes."""
    sides: tuple[int, ...] = ()
    """Each fighter's side (0 red, 1 blue) in ``fighters`` order, for a scene of
    many (Fudge); empty for the two-corner games, where red meets blue."""

    def side_of(self, index: int) -> int:
        """The side of ``fighters[index]``: as given, else red then blue."""
        return self.sides[index] if self.sides else index

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(card_name(f) for f in self.fighters)


def card_name(card: BaseModel) -> str:
    """The name on a fighter card. Every game's card model has a ``name: str`` field, but the
    core knows a card only as a ``BaseModel``, which does not declare it."""
    name: str = card.name  # type: ignore[attr-defined]  # each game's card model declares it (above)
    return name


class Ruleset:
    """What every game provides: a pure state machine over typed answers, and its capabilities.

    The four hooks a game must write are :meth:`new`, :meth:`prompt`, :meth:`apply` and
    :meth:`trackers`. Everything else is a capability with a default that means "this game has
    none" (as python-chess variants override hooks with defaults): the screens, the command line
    and the simulator call them on every game and never ask whether a game has one. A game
    turns a capability on by overriding the hook, and where a screen must know beforehand (to
    lay itself out, to offer a key) by setting the flag beside it.
    """

    key: str
    """The game's key in the registry (``companion.games`` entry points)."""
    title: str
    period_word: str = "period"
    """What the game calls a period: ``segment``, ``round``."""
    card_model: type[BaseModel]
    options: tuple[OptionSpec, ...] = ()

    # --- the four hooks every game writes ------------------------------------------------

    def new(self, setup: Setup) -> Any:
        raise NotImplementedError

    def prompt(self, state: Any) -> Prompt:
        raise NotImplementedError

    def apply(self, state: Any, answer: Answer) -> Outcome:
        raise NotImplementedError

    def outcomes(self, state: Any, answers: Sequence[Answer]) -> list[Outcome]:
        """Each of ``answers``' outcomes in turn from ``state``, as :meth:`apply` gives them one by one
        (a fold: :func:`companion.session.fold`); ``Refused`` at the first that does not fit. A game
        whose rounds are replayed plays each round once over its answers
        (:meth:`companion.replay.Rounds.outcomes`): the same outcomes, made cheaper."""
        out = []
        apply = self.apply
        for answer in answers:
            outcome = apply(state, answer)
            out.append(outcome)
            state = outcome.state
        return out

    def trackers(self, state: Any) -> dict[str, dict[str, Any]]:
        """Each fighter's current numbers by name."""
        raise NotImplementedError

    # --- what the fight screen shows -----------------------------------------------------

    def reference(self, state: Any) -> Reference | None:
        """The table the current step uses, with the rolled row marked; None: no table."""
        return None

    def total_text(self, prompt: RollPrompt, total: int, faces: tuple[int, ...] = ()) -> str:
        """A roll's total as the game reads it, for the dice tray as the faces are typed (``faces``, all
        of them so far; ``total`` their sum with the prompt's modifier); the number. A game whose roll is
        not read as a sum (NHB's exact seconds) reads the faces."""
        return str(total)

    def status(self, state: Any) -> str:
        """A short line for the fight screen ("Segment 1 of 3"); empty: none."""
        return ""

    has_gauges: ClassVar[bool] = False
    """The fight screen lays out room for :meth:`gauges`."""

    def gauges(self, state: Any) -> dict[str, tuple[Gauge, ...]]:
        """Each fighter's trackers drawn as bars or pips, by name (where :attr:`has_gauges`)."""
        return {}

    result_type: ClassVar[type[Result]] = Result
    """How the game's results read (a stored result is read back as one for the saved-fights list)."""

    def summary(self, state: Any) -> list[str]:
        """Lines for the result panel once the fight is over (FO: the score cards)."""
        return []

    def clock_event(self, answer: Answer) -> bool:
        """Whether ``answer`` is the table's clock speaking, not a fighter (FO's ``bell``, FO-7): an
        amendment of an earlier answer that drops the answers after it still gives this one where
        it still applies (:meth:`companion.session.Session.amend`), since the clock ran on whatever
        the dice said. None in a game without a round clock."""
        return False

    def answer_words(self, prompt: Prompt, answer: Answer) -> str:
        """An answer in the game's words, for an export's play-by-play (issue 23): at a secret choice
        the picks revealed (:meth:`SecretPrompt.revealed`), at a choice the option's label, else
        the text as typed (the faces); a word the prompt takes besides (its ``also``: FO's ``bell``,
        a scene's ``end``) with what it does, so the table's bell does not read as the fighter's
        answer. A game whose answers need other words overrides this."""
        from companion.reader import said  # the reader reads against this module's prompts

        if isinstance(prompt, SecretPrompt):
            return prompt.revealed(answer.text)
        if isinstance(prompt, (RollPrompt, ChoicePrompt)):
            word = said(prompt.also, answer.text)
            found = next((w for w in prompt.also if word is not None and w.key == word.key), None)
            if found is not None and found.why:
                return f"{answer.text.strip()}: {found.why}"
        if isinstance(prompt, ChoicePrompt):
            found = prompt.find(answer.text) or prompt.find_shown(answer.text)
            if found is not None:
                return found.label or found.key
        return answer.text

    # --- odds ----------------------------------------------------------------------------

    has_odds: ClassVar[bool] = False
    """The game shows the odds of each roll (``ctrl+o``, ``companion odds``)."""

    def odds(self, state: Any, *, wait: bool = False) -> Odds | None:
        """The odds at ``state``'s prompt; None where there are none (``wait``: compute a slow
        table now rather than in the background)."""
        return None

    def exact_figures(self, state: Any) -> dict[str, Any] | None:
        """A bout's figures worked out from the rules rather than sampled, from its first state,
        for the simulator to print beside its own: ``wins`` (each side's share), ``methods`` (each
        way a bout ends: ``ko``, ``decision``, ``draw``...) and ``remainder`` (what the enumeration
        leaves unexplored). None where the game cannot enumerate a bout (the default)."""
        return None

    def odds_prepare(self, state: Any) -> None:
        """Start computing a slow odds table in the background (NHB's whole bout); default none."""
        return None

    # --- a fighter's panel and card, in the game's words -----------------------------------

    words: ClassVar[dict[str, str]] = {}
    """The game's words for its trackers' and cards' keys where they are not the key itself
    (``fight_points``: ``fight points`` is the default; ``td_defence``: ``TD defence`` is not)."""
    standing: ClassVar[frozenset[str]] = frozenset()
    """Tracker keys shown as a word standing alone, in bold (a position: ``PAST GUARD``)."""

    def label(self, key: str) -> str:
        """A tracker's or card field's key in the game's words."""
        return self.words.get(key, key.replace("_", " "))

    def panel_lines(self, card: Any, numbers: dict[str, Any]) -> tuple[PanelLine, ...]:
        """A fighter's panel under his gauges: ``numbers`` (his trackers, less those shown
        elsewhere) in the game's words. The default: nothing for None or False, a flag for True, a
        position as itself (:attr:`standing`), seconds as m:ss, every other figure labelled."""
        from companion.clock import mmss

        lines: list[PanelLine] = []
        for key, value in numbers.items():
            if value is None or value is False:
                continue
            if value is True:
                lines.append(Mark(f"● {self.label(key)}", Tone.NOTE, strong=True))
            elif key in self.standing:
                lines.append(Mark(str(value), strong=True))
            elif key.endswith("_seconds"):
                lines.append(Field(self.label(key), mmss(value)))
            else:
                lines.append(Field(self.label(key), str(value)))
        return tuple(lines)

    def card_view(self, card: Any, tables: Any = None) -> CardView:
        """A card as the selection screen shows it: the default lists every field the card gives
        in the game's words, under its name, nickname and style, its notes last; a game with a
        character sheet shows that instead (``tables``: the tables in play, where its numbers
        are derived from them)."""
        data = card.model_dump(exclude_none=True)
        name = str(data.pop("name"))
        nickname, style, notes = (str(data.pop(key, None) or "") for key in ("nickname", "style", "notes"))
        rows = tuple((self.label(key), str(value)) for key, value in data.items())
        return CardView(name, nickname, style, rows, notes=notes)

    def card_words(self, card: Any) -> tuple[str, ...]:
        """Words the roster filter finds a card by besides its name: its nickname and style."""
        data = card.model_dump(include={"nickname", "style"}, exclude_none=True)
        return tuple(str(value) for value in data.values() if value)

    # --- cards and tables ----------------------------------------------------------------

    @property
    def roster(self) -> str:
        """The game whose cards a fight of this ruleset enters (a tournament: its game's)."""
        return self.key

    has_tables: ClassVar[bool] = False
    """A GM may put a tables file over the shipped tables (``tables check``, the data folder)."""
    tables_what: ClassVar[str] = "tables file"
    """What the game calls that file (Cage Match: its fight ``card``)."""

    def tables_file(self) -> TablesFile[Any] | None:
        """The game's tables (:class:`companion.tables.TablesFile`: the shipped file, its model,
        its checks), which :meth:`tables_for` and :meth:`check_tables` read; None: none."""
        return None

    def tables_for(self, data_dir: Path | None) -> dict[str, Any] | None:
        """The tables in play: shipped, with ``<data dir>/tables/<game>.yaml`` over them, checked,
        as plain data; None for a game without tables of its own. Raises ``TablesError`` (a
        ``ValueError``, with ``problems``) for a bad file."""
        tables = self.tables_file()
        if tables is None:
            return None
        from companion.tables import user_file  # pydantic: only for a game with tables

        return tables.load(user_file(data_dir, self.key))

    def check_tables(self, path: Path) -> tuple[list[str], list[str]]:
        """A GM's tables file put over the shipped one: every problem, and the sections it replaces."""
        tables = self.tables_file()
        if tables is None:
            raise ValueError(f"{self.title} has no tables file")
        return tables.check_file(path)

    has_sheet: ClassVar[bool] = False
    """The fighter selection offers a character sheet to make a card and to edit one (:meth:`sheet`;
    ``ctrl+n``, ``ctrl+e``)."""

    def sheet(self, tables: dict[str, Any] | None) -> SheetSpec | None:
        """The character sheet (where :attr:`has_sheet`): its fields in the game's words and what it
        makes of them (:class:`companion.sheet.SheetSpec`), with ``tables`` the tables in play
        (:meth:`tables_for`'s, None without); None: the game has none. The default, for a game with
        :attr:`has_sheet`: the sheet made from its card model (:func:`companion.cardsheet.spec_from_model`,
        issue 23), with :meth:`card_choices` and :meth:`card_figures`; a game may write a richer one."""
        if not self.has_sheet:
            return None
        from companion.cardsheet import spec_from_model  # pydantic's field types: only for a sheet

        return spec_from_model(
            self.card_model,
            self.roster,
            label=self.label,
            choices=self.card_choices(tables),
            figures=lambda card: self.card_figures(card, tables),
        )

    def card_choices(self, tables: dict[str, Any] | None) -> dict[str, tuple[str, ...]]:
        """The values a card's field may take where its model types it only as text or a number
        (Fudge's ladder words, the keys of the tables in play), by the sheet's key of the field
        (``weapons__weapon``: :mod:`companion.cardsheet`); none."""
        return {}

    def card_figures(self, card: Any, tables: dict[str, Any] | None) -> tuple[DerivedFigure, ...]:
        """What the game makes of a whole card, shown beside its sheet (NHB's charts, Cage Match's
        hit points), each with its terms; none."""
        return ()

    def ratings(self, card: Any) -> dict[str, int]:
        """A card's ratings by name, as a panel lists them when no fight state has numbers for it
        (a tournament's entrant between bouts); none."""
        return {}

    def roster_note(self, card: Any) -> str:
        """A word or two the roster shows beside a card's name (Cage Match: the weight class the
        fighters are paired by); empty: none."""
        return ""

    def can_fight(self, card: Any) -> bool:
        """Whether ``card`` comes into a fight able to act (Fudge: not dead, no Incapacitated or Near
        Death wound carried): a random pick takes only such cards while there are any; default True."""
        return True

    def may_meet(self, red: Any, blue: Any) -> bool:
        """Whether the app's random pick may put ``blue`` against ``red`` (Cage Match: the same
        weight class); the game's own check at the start has the last word."""
        return True

    def card_check(self, card: Any, tables: dict[str, Any] | None) -> list[str]:
        """A card against the tables in play: ``fighter NAME: FIELD: message`` lines; none."""
        return []

    def keys_check(self, tables: dict[str, Any] | None) -> Callable[[dict[str, Any]], list[str]] | None:
        """A check of a card as written (its fields as the file gives them, checked or not) for what
        it names that ``tables``, the tables in play, lack (a weapon, an armor): ``FIELD: message``
        lines in :meth:`card_check`'s words. The roster runs it on every card as it loads, so a card
        naming what the tables lack is refused there with its other problems, not when a fight
        starts; None: the game's cards name nothing of its tables."""
        return None

    def write_back(self, state: Any) -> Any:
        """After a fight: what it changed on its cards, to write to their files (Fudge's wounds
        and experience); empty for most games."""
        return ()

    # --- scenes of many, clocks, tournaments ----------------------------------------------

    scenes: ClassVar[bool] = False
    """A fight is a scene of two sides of several (Fudge, PAF); else red meets blue."""
    most: ClassVar[int] = 2
    """The most combatants a fight takes."""
    copies: ClassVar[bool] = False
    """The same card may be in a scene several times (an NPC group), each copy numbered."""

    def combatants(self, state: Any) -> tuple[CombatantView, ...]:
        """A scene's combatants as its side panels show them, in scene order (where :attr:`scenes`):
        each with his marks and his track (wound boxes, a hit point bar) in the game's words and
        tones. The default: each name on its side, nothing more."""
        return tuple(
            CombatantView(name, side_index(numbers.get("side"))) for name, numbers in self.trackers(state).items()
        )

    round_seconds: ClassVar[float | None] = None
    """A round's length where the game runs against a round clock (a :class:`TimedRuleset`)."""

    def corners(self, state: Any) -> tuple[Any, Any] | None:
        """The two cards to show now, where they change during the fight (a tournament's bouts);
        None: the setup's cards."""
        return None

    def in_bout(self, state: Any) -> bool:
        """Whether a bout is being fought (a tournament between bouts is not)."""
        return True

    # --- the simulator -------------------------------------------------------------------

    simulated: ClassVar[bool] = False
    """``companion simulate`` and the matchup screen play this game's bouts."""

    def draw(self, state: Any) -> tuple[str, Any]:
        """What the next step asks for, for the simulator: ``("over", result)``, ``("roll",
        ((low, high), ...))`` or ``("choice", (keys, advised))``; read from :meth:`prompt`. (A
        game of secret choices is walked, not chained: see :attr:`memo`.)"""
        prompt = self.prompt(state)
        if isinstance(prompt, OverPrompt):
            return "over", prompt.result
        if isinstance(prompt, RollPrompt):
            return "roll", tuple((die.low, die.high) for die in prompt.dice.dice)
        if isinstance(prompt, ChoicePrompt):
            return "choice", (tuple(o.key for o in prompt.options), prompt.advised)
        raise ValueError(f"a {prompt.kind} prompt cannot be chained (only rolls and choices): walk it")

    def advance(self, state: Any, taken: tuple[int, ...] | str) -> Any:
        """The state after ``taken`` (the faces, or a choice's key), for the simulator: by
        :meth:`apply` on the text a player would type, unless a game has a faster way."""
        text = taken if isinstance(taken, str) else " ".join(map(str, taken))
        return self.apply(state, Answer(text, virtual=True)).state

    def memo_key(self, state: Any, injuries: bool = True) -> Any:
        """What the rest of the fight depends on: equal keys, equal futures (the state itself)."""
        return state

    def injury(self, state: Any) -> tuple[int, str]:
        """The rating loss a bout's winner carries on in a tournament, and why; none."""
        return 0, ""

    def injured(self, card: Any, loss: int) -> Any:
        """``card`` as it fights on in a tournament after ``loss`` (:meth:`injury`); unchanged."""
        return card

    def draws_possible(self, state: Any) -> bool:
        """Whether a bout begun at ``state`` can end in a draw (a bracket cannot go on from one)."""
        return False

    def scene_figures(self) -> SceneFigures | None:
        """What the simulator counts at the end of a scene (where :attr:`scenes` and
        :attr:`simulated`): which side won and each combatant's ending, in the game's words, and
        what the GM types to end a scene that cannot end by itself
        (:class:`companion.simulate_scenes.SceneFigures`); None: the game's scenes are not simulated."""
        return None

    memo: ClassVar[bool] = True
    """The simulator keeps each state its bouts reach and where each roll leads from it
    (:class:`companion.simulate.Chain`). False where states seldom repeat (a round clock's
    readings, a whole turn's numbers): each bout is then walked afresh, nothing kept
    (:class:`companion.simulate.Walk`)."""
    strategies: ClassVar[tuple[str, ...]] = ()
    """How a corner may play in a simulation (``companion simulate --strategy``, the matchup
    screen), the default first; empty: as the app plays for a player (:meth:`pick` with none).
    The words :meth:`pick` knows: ``advice``, ``random`` and ``prefer`` (``prefer:A,B,...``)."""
    simulated_turns: ClassVar[int] = 0
    """A simulated bout still going after this many turns is ended by the table
    (:meth:`table_end`); 0: bouts of this game always end on their own."""

    def advise(self, state: Any, prompt: SecretPrompt, side: int) -> str | None:
        """The pick the app advises corner ``side`` at a secret choice, as typed (``jab``,
        ``jab+d1``); None: no advice (the ``advice`` strategy then picks as ``random`` does)."""
        return None

    def pick(self, state: Any, prompt: Prompt, side: int, strategy: str, randint: Callable[[int, int], int]) -> str:
        """What corner ``side`` answers at ``prompt`` (a choice of his, or his half of a secret
        choice) playing ``strategy``, any chance drawn with ``randint`` (a ``Random.randint``):

        - ``random`` (and no strategy): as :meth:`companion.session.Session.roll` answers: the
          advised choice, else one at random; at a secret choice a random move the pad allows,
          no extra focus;
        - ``advice``: the advised choice, and at a secret choice :meth:`advise` (else as ``random``);
        - ``prefer:A,B,...``: the first of these the corner may take (a choice's key, or a move on
          the pad with its focus, ``jab+d1``); none: as ``random`` at a choice, the pad's default
          move at a secret choice (what a move that cannot be done gives).

        A random pick draws ``randint(0, n - 1)`` as ``Random.choice`` draws, so two corners
        playing ``random`` draw the dice :meth:`SecretPrompt.fill` draws."""
        kind, _, items = strategy.partition(":")
        wanted = [item.strip() for item in items.split(",") if item.strip()] if kind == PREFER else []
        if isinstance(prompt, ChoicePrompt):
            keys = [o.key for o in prompt.options]
            for item in wanted:
                if item.lower() in keys:
                    return item.lower()
            return prompt.advised or keys[randint(0, len(keys) - 1)]
        if not isinstance(prompt, SecretPrompt):
            raise ValueError(f"a {prompt.kind} prompt is not a corner's to pick")
        pad = prompt.sides[side]
        if kind == "advice":
            advised = self.advise(state, prompt, side)
            if advised is not None:
                return advised
        for item in wanted:
            if prompt.legal(side, item):
                return item
        if wanted:
            return pad.default
        doable = [o for o in pad.options if o.allowed] or [o for o in pad.options if o.key == pad.default]
        return doable[randint(0, len(doable) - 1)].key

    def table_end(self, state: Any, prompt: Prompt) -> str | None:
        """The answer with which the table ends a simulated bout at ``prompt``; None: play on.
        The default: ``end`` at the secret choice of the turn after :attr:`simulated_turns`
        (ruling CM-12's answer), never where that is 0."""
        if self.simulated_turns and isinstance(prompt, SecretPrompt) and prompt.turn > self.simulated_turns:
            return SecretPrompt.END
        return None


class TimedRuleset(Ruleset):
    """A game played against a round clock (FO): what the fight screen's stopwatch reads.

    Every answer carries the clock's reading (``Answer.clock``); the ruleset
    computes everything timed from those stamps.
    """

    round_seconds: ClassVar[float | None] = 300.0
    """A round's length (FO: 300)."""
    clock_keys: ClassVar[tuple[str, ...]] = ()
    """Trackers the round clock shows (FO's attacking time), left out of the fighters' panels."""
    answer_seconds: ClassVar[tuple[int, int]] = (5, 15)
    """The simulator's pace: each answer (a roll) is stamped a whole number of seconds after the
    one before, drawn evenly from this range (``companion simulate --seconds LOW-HIGH`` changes
    it); the bell and stalling then come as the clock and the rules bring them."""
    choice_seconds: ClassVar[tuple[int, int] | None] = None
    """The simulator's seconds for an answer at a choice (a :class:`ChoicePrompt`: FO's attack
    named), drawn evenly from this range; None: as any other answer (:attr:`answer_seconds`)."""

    def clock_reading(self, state: Any) -> float:
        """The round clock at the latest answer: where a resumed fight's clock stands."""
        raise NotImplementedError

    def holder(self, state: Any) -> int | None:
        """The side accruing time now (FO: the attacker holding the dice), or None."""
        raise NotImplementedError

    def live_attack_seconds(self, state: Any, elapsed: float) -> tuple[float, float]:
        """Each side's time this round, with the holder's running time up to ``elapsed``."""
        raise NotImplementedError

    def stall_open(self, state: Any) -> bool:
        """Whether ``stall`` would be accepted now."""
        raise NotImplementedError

    def stall_counting(self, state: Any) -> bool:
        """Whether the stall count runs now, toward turning the dice over (the clock shows it):
        by default whenever ``stall`` would be accepted."""
        return self.stall_open(state)

    def stall_due(self, state: Any, held: float) -> bool:
        """Whether holding the dice ``held`` seconds without rolling is stalling (FO-8: "longer
        than the stall limit", so a hold of exactly the limit is not)."""
        raise NotImplementedError

    def hold_began(self, state: Any) -> float:
        """The reading the stall count runs from (FO-8: the attacker "holds the dice ... without
        rolling"): where the dice came to him. By default the latest answer's reading; a game whose
        holder answers more than once before he rolls (FO: he names his attack first) keeps the
        reading at which the dice came to him, since an answer that is no roll does not restart it.
        The session's clock, the fight screen's and the simulator all count from it."""
        return self.clock_reading(state)

    def round_verdict(self, seconds: tuple[float, float], fighters: tuple[Any, Any]) -> str:
        """A finished round's score in words, for the bell's notice."""
        raise NotImplementedError

    def round_of(self, state: Any) -> int:
        """The round being fought (the stopwatch's round)."""
        raise NotImplementedError

    def stall_limit(self, state: Any) -> int:
        """Seconds the attacker may hold the dice before it is stalling; 0: no stall count."""
        raise NotImplementedError

    def bell(self, state: Any) -> tuple[int, str]:
        """Just after a bell: the round it ended, and that round's score in words."""
        raise NotImplementedError

    def rounds(self, state: Any) -> int:
        """How many rounds the fight has."""
        raise NotImplementedError


def evolve(state: Any, **changes: Any) -> Any:
    """A copy of a frozen dataclass (without slots) with ``changes``.

    ``dataclasses.replace`` re-runs ``__init__`` field by field; copying the
    instance dict is several times faster, and folding a long session (or
    simulating a hundred thousand bouts) is mostly this.
    """
    try:
        attrs = state.__dict__.copy()
    except AttributeError:
        return dataclasses.replace(state, **changes)  # a slots class: the slow, general way
    fields = len(attrs)
    attrs.update(changes)
    if len(attrs) != fields:
        unknown = sorted(changes.keys() - state.__dict__.keys())
        raise TypeError(f"{type(state).__name__} has no field(s) {unknown}")
    new = _new(state.__class__)
    _set(new, "__dict__", attrs)  # a frozen dataclass refuses plain setattr
    return new


def waiting_at(state: Any, inputs: tuple[Any, ...], shown: int) -> Any:
    """``evolve(state, inputs=inputs, shown=shown)`` for a state whose round waits on (a round's
    every answer makes one: without the keyword arguments and the check, a third cheaper)."""
    attrs = state.__dict__.copy()
    attrs["inputs"] = inputs
    attrs["shown"] = shown
    new = _new(state.__class__)
    _set(new, "__dict__", attrs)
    return new


_new = object.__new__
_set = object.__setattr__


def get_ruleset(game: str) -> Ruleset:
    """The ruleset for ``game``; ``KeyError`` with the playable games if unknown."""
    try:
        found = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r} (playable: {', '.join(GAMES)})") from None
    return found.load()


def default_options(ruleset: Ruleset) -> dict[str, Any]:
    return {spec.key: spec.default for spec in ruleset.options}


def resolve_options(specs: tuple[OptionSpec, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Every option's value: ``given`` read as each option's own type, else its default.

    Raises:
        ValueError: an unknown option, or a value that is not one of its choices.
    """
    known = {spec.key: spec for spec in specs}
    unknown = set(given) - set(known)
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; options: {', '.join(known) or 'none'}")
    chosen = {spec.key: spec.default for spec in specs}
    for key, value in given.items():
        spec = known[key]
        if type(value) is type(spec.default) and value in spec.choices:
            chosen[key] = value
        else:  # e.g. "1" or "off" from a stored or typed setup: read it as the option's own type
            chosen[key] = spec.parse(show_value(value))
    return chosen
