"""The ruleset protocol: a game is a pure state machine over typed answers.

    new(setup)            -> state
    prompt(state)         -> what the table must do next
    apply(state, answer)  -> Outcome(next state, log lines), or raise Refused

Rulesets never read the clock, the keyboard, the disk or a random generator;
everything random arrives in answers (shared/DESIGN.md).
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from companion.dice import Dice, Refused

if TYPE_CHECKING:  # pydantic is only needed once a card is read: keep start-up light
    from pydantic import BaseModel

__all__ = [
    "Answer",
    "Choice",
    "ChoicePrompt",
    "OptionSpec",
    "Outcome",
    "OverPrompt",
    "Prompt",
    "Reference",
    "Refused",
    "Result",
    "RollPrompt",
    "Ruleset",
    "Setup",
    "SIDES",
    "evolve",
    "get_ruleset",
    "GAMES",
]

SIDES = ("red", "blue")
"""Corner names, by side index."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What the table entered for one prompt."""

    text: str
    virtual: bool = False
    """The app rolled it for the player (ruling D-6)."""
    clock: float | None = None
    """Seconds elapsed in the round when it was entered (timed games only)."""


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
            how = self.method.upper() if self.method in ("ko", "tko") else self.method
            head = f"{self.winner} def. {self.loser} by {how}"
            if self.detail and self.detail.lower() != how.lower():
                head += f" ({self.detail})"
        return f"{head}, {period_word} {self.period}, {self.time}"


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
    kind: ClassVar[str] = "roll"

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
        return out


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a choice prompt."""

    key: str
    label: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class ChoicePrompt:
    """Choose one of these options (the advised one marked)."""

    who: str
    side: int
    reason: str
    options: tuple[Choice, ...]
    advised: str | None = None
    kind: ClassVar[str] = "choice"

    def headline(self) -> str:
        return f"{self.who}: choose {self.reason}"

    def find(self, text: str) -> Choice | None:
        """The option ``text`` names: its key, or an unambiguous start of it."""
        t = text.strip().lower()
        if not t:
            return None
        exact = [o for o in self.options if o.key == t]
        if exact:
            return exact[0]
        starts = [o for o in self.options if o.key.startswith(t)]
        return starts[0] if len(starts) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "who": self.who,
            "side": SIDES[self.side],
            "reason": self.reason,
            "options": [o.key for o in self.options],
            "advised": self.advised,
        }


@dataclass(frozen=True, slots=True)
class OverPrompt:
    """The fight is over."""

    result: Result
    period_word: str = "period"
    """What the game calls a period (``segment``, ``round``), for the headline."""
    kind: ClassVar[str] = "over"

    def headline(self) -> str:
        return self.result.headline(self.period_word)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "result": self.result.to_json()}


Prompt = RollPrompt | ChoicePrompt | OverPrompt


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


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A named rules option shown on the setup screen and in ``--option``."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""

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


def show_value(value: Any) -> str:
    """An option's value as typed: ``on``/``off`` for a switch, else as it is."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a fight starts from: the game, the two cards, the options."""

    game: str
    fighters: tuple["BaseModel", ...]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(getattr(f, "name") for f in self.fighters)


class Ruleset(Protocol):
    """What every game module provides (one instance, registered in :data:`GAMES`)."""

    key: str
    """``nhb``, ``fo``, ``cage_match``, ``fudge``, ``paf``."""
    title: str
    period_word: str
    """What the game calls a period: ``segment``, ``round``."""
    card_model: type["BaseModel"]
    options: tuple[OptionSpec, ...]

    def new(self, setup: Setup) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, answer: Answer) -> Outcome: ...

    def trackers(self, state: Any) -> dict[str, dict[str, Any]]:
        """Each fighter's current numbers by name."""
        ...

    def reference(self, state: Any) -> Reference | None:
        """The table the current step uses, with the rolled row marked."""
        ...

    # Optional: ``status(state) -> str``, a short line for the fight screen
    # ("Segment 1 of 3"); games with a round clock show the round there instead.


class TimedRuleset(Ruleset, Protocol):
    """A game played against a round clock (FO): what the fight screen's stopwatch reads.

    Every answer carries the clock's reading (``Answer.clock``); the ruleset
    computes everything timed from those stamps.
    """

    round_seconds: float
    """A round's length (FO: 300)."""

    def clock_reading(self, state: Any) -> float:
        """The round clock at the latest answer: where a resumed fight's clock stands."""
        ...

    def holder(self, state: Any) -> int | None:
        """The side accruing time now (FO: the attacker holding the dice), or None."""
        ...

    def live_attack_seconds(self, state: Any, elapsed: float) -> tuple[float, float]:
        """Each side's time this round, with the holder's running time up to ``elapsed``."""
        ...

    def stall_open(self, state: Any) -> bool:
        """Whether ``stall`` would be accepted now."""
        ...

    def stall_due(self, state: Any, held: float) -> bool:
        """Whether holding the dice ``held`` seconds without rolling is stalling."""
        ...

    def round_verdict(self, seconds: tuple[float, float], fighters: tuple[Any, Any]) -> str:
        """A finished round's score in words, for the bell's notice."""
        ...

    def summary(self, state: Any) -> list[str]:
        """Lines for the result panel (FO: the score cards)."""
        ...


GAMES: dict[str, str] = {
    "nhb": "rulesets.nhb",
    "fo": "rulesets.fo",
}
"""Playable games: key to the module that defines ``RULESET``."""

GAME_TITLES: dict[str, str] = {
    "nhb": "Bradu's SIMple NHB",
    "fo": "Fighters Only featherweight",
    "cage_match": "Cage Match!",
    "fudge": "Simultaneous Combat for Fudge",
    "paf": "Paul's Adventures In Fantasy",
}
"""Every game the companion will referee, playable or not yet."""


def evolve(state: Any, **changes: Any) -> Any:
    """A copy of a frozen dataclass (without slots) with ``changes``.

    ``dataclasses.replace`` re-runs ``__init__`` field by field; copying the
    instance dict is several times faster, and folding a long session is
    mostly this.
    """
    if not hasattr(state, "__dict__"):
        return dataclasses.replace(state, **changes)  # a slots class: the slow, general way
    unknown = changes.keys() - state.__dict__.keys()
    if unknown:
        raise TypeError(f"{type(state).__name__} has no field(s) {sorted(unknown)}")
    new = object.__new__(type(state))
    attrs = new.__dict__
    attrs.update(state.__dict__)
    attrs.update(changes)
    return new


def get_ruleset(game: str) -> Ruleset:
    """The ruleset for ``game``; ``KeyError`` with the playable games if unknown."""
    try:
        module = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r} (playable: {', '.join(GAMES)})") from None
    return importlib.import_module(module).RULESET


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
