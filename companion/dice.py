"""Dice as the five games use them, and reading what a player typed.

A :class:`Dice` is what one prompt asks for: one or more dice of given kinds,
typed in order. :func:`read_faces` turns the typed text into face values or
refuses it with a message that says what was expected (rulings D-1 to D-5).
:func:`roll_text` makes the text a player would have typed for a virtual roll
(ruling D-6), so a virtual roll goes through exactly the same path.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from companion.words import excerpt


class Refused(ValueError):
    """An answer that does not fit the prompt. The state does not change."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Kind:
    """How a die's faces are read (plain strings: hashing them is cheap, and
    reading faces is the hot path of folding a long session)."""

    PLAIN = "plain"
    """Faces 1..sides (d6, d20)."""
    D10 = "d10"
    """A d10 read as 1-10: ``0`` or ``10`` means 10 (ruling D-1)."""
    DIGIT = "digit"
    """A d10 read as a digit 0-9: ``0`` means 0, ``10`` is read as 0 (ruling D-1)."""
    PERCENT = "percent"
    """Two d10 read as 01-100, ``00`` or ``100`` means 100 (ruling D-2)."""
    FUDGE = "dF"
    """A Fudge die: ``+`` is +1, ``-`` is -1, ``0``, ``.`` or blank is 0 (ruling D-3)."""


def _shown(token: str) -> str:
    """A typed token for a message, cut short if it is long."""
    return repr(token if len(token) <= 12 else token[:12] + "...")


_FUDGE_FACES = {"+": 1, "-": -1, "0": 0, ".": 0, "": 0}


@dataclass(frozen=True, slots=True)
class Die:
    """One die of a prompt."""

    kind: str
    """One of the :class:`Kind` values."""
    sides: int = 6
    explodes: bool = False
    """Shows its top face: the ruleset asks for one more roll (ruling D-4)."""
    low: int = field(init=False, compare=False, repr=False)
    """The lowest value the die reads as."""
    high: int = field(init=False, compare=False, repr=False)
    """The highest value the die reads as."""

    def __post_init__(self) -> None:
        kind = self.kind
        low = 0 if kind == Kind.DIGIT else -1 if kind == Kind.FUDGE else 1
        high = 9 if kind == Kind.DIGIT else 1 if kind == Kind.FUDGE else self.sides
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", high)

    @property
    def notation(self) -> str:
        """The die in standard notation: ``d10!``, ``d20``, ``d%``, ``dF``."""
        if self.kind == Kind.FUDGE:
            return "dF"
        if self.kind == Kind.PERCENT:
            return "d%"
        return f"d{self.sides}" + ("!" if self.explodes else "")

    def describe(self) -> str:
        """What faces the player may type, for refusal messages."""
        if self.kind == Kind.D10:
            return "a d10 shows 1-10 (0 for 10)"
        if self.kind == Kind.DIGIT:
            return "a d10 read as a digit shows 0-9"
        if self.kind == Kind.PERCENT:
            return "percentile dice show 01-100 (00 for 100)"
        if self.kind == Kind.FUDGE:
            return "a Fudge die shows +, - or 0"
        return f"a d{self.sides} shows 1-{self.sides}"

    def read(self, token: str) -> int:
        """Read one typed face; raise :class:`Refused` if the die has no such face."""
        kind = self.kind
        if kind == Kind.FUDGE:
            value = _FUDGE_FACES.get(token)
            if value is None:
                raise Refused(f"{_shown(token)} is not a face: {self.describe()}")
            return value
        if len(token) > 3 or not (token.isascii() and token.isdigit()):  # "²".isdigit() is True
            raise Refused(f"{_shown(token)} is not a face: {self.describe()}")
        n = int(token)
        if kind == Kind.D10:
            if n == 0:
                return 10
        elif kind == Kind.DIGIT:
            if n == 10:
                return 0
        elif kind == Kind.PERCENT and n == 0 and len(token) >= 2:  # "00"
            return 100
        if n < self.low or n > self.high:
            raise Refused(f"{token} is not a face: {self.describe()}")
        return n

    def face_text(self, value: int) -> str:
        """The text a player would type for ``value``."""
        if self.kind == Kind.FUDGE:
            return {1: "+", -1: "-", 0: "0"}[value]
        return str(value)


def d(sides: int, *, explodes: bool = False) -> Die:
    """A plain die; a d10 reads ``0`` as 10."""
    kind = Kind.D10 if sides == 10 else Kind.PLAIN
    return Die(kind, sides, explodes)


DIGIT = Die(Kind.DIGIT, 10)
PERCENT = Die(Kind.PERCENT, 100)
FUDGE = Die(Kind.FUDGE, 3)


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice one prompt asks for, typed in this order."""

    dice: tuple[Die, ...]

    @classmethod
    def of(cls, *dice: Die) -> Dice:
        return cls(tuple(dice))

    @property
    def fudge(self) -> bool:
        """Every die a Fudge die (``4dF``): typed ``+ - 0``, their total read as the game reads it."""
        return bool(self.dice) and all(die.kind == Kind.FUDGE for die in self.dice)

    @property
    def notation(self) -> str:
        """Standard notation: ``d10!``, ``2d6``, ``4dF``, ``d6 d10``."""
        parts: list[str] = []
        i = 0
        while i < len(self.dice):
            die = self.dice[i]
            j = i
            while j < len(self.dice) and self.dice[j] == die:
                j += 1
            count = j - i
            parts.append((str(count) if count > 1 else "") + die.notation)
            i = j
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """The dice ``text`` names in standard notation, as :attr:`notation` writes them:
        ``2d6``, ``d10!``, ``d20``, ``4dF``, ``d%``, ``d6 d10`` (a ``1`` before a single die may be
        written: ``1d8``). A d10 read as a digit (:data:`DIGIT`) has no notation of its own:
        ``d10`` is a d10 read as 1-10.

        Raises:
            ValueError: ``text`` is not dice in standard notation, or adds a number to them
                (:func:`parse_roll` reads ``1d6+1``).
        """
        dice, _ = parse_roll(text)
        if "+" in text or "-" in text:
            raise ValueError(f"{excerpt(text)} adds a number to the dice: give the dice alone (like 2d6)")
        return dice

    def expected(self) -> str:
        """What to type, for refusal messages."""
        if len(self.dice) == 1:
            return self.dice[0].describe()
        faces = ", ".join(die.describe() for die in dict.fromkeys(self.dice))
        return f"{len(self.dice)} faces for {self.notation} ({faces})"


_SPLIT = re.compile(r"[\s,]+")

_GROUP = r"(?:[1-9][0-9]*)?d(?:[1-9][0-9]*!?|%|F)"
_ROLL = re.compile(rf"(?P<dice>{_GROUP}(?: {_GROUP})*)(?P<plus>[+-][0-9]+)?")
_ONE_GROUP = re.compile(r"(?P<count>[0-9]*)d(?P<die>[0-9]+|%|F)(?P<explodes>!?)")
MOST_DICE = 100
"""The most dice a notation may name (a tables file's ``99999999d6`` is refused, not built)."""
MOST_SIDES = 1000


def parse_roll(text: str) -> tuple[Dice, int]:
    """Dice in standard notation and the number added to their total: ``2d6`` is (2d6, 0),
    ``1d6+1`` (d6, 1), ``1d10+11`` (d10, 11), ``d6 d10`` (d6 then d10, 0); the dice as
    :meth:`Dice.parse` reads them (every game's notation: ``d10!``, ``4dF``, ``d%``).

    Raises:
        ValueError: ``text`` is not dice in standard notation, or names more than
            :data:`MOST_DICE` dice or a die of more than :data:`MOST_SIDES` sides.
    """
    match = _ROLL.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"{excerpt(text)} is not dice in standard notation (like 2d6, d10!, 4dF, d%, 1d6+1)")
    dice: list[Die] = []
    for group in match["dice"].split():
        part = _ONE_GROUP.fullmatch(group)
        assert part is not None  # _ROLL matched it
        count = int(part["count"] or 1)
        if len(dice) + count > MOST_DICE:
            raise ValueError(f"{excerpt(text)} names more than {MOST_DICE} dice")
        kind = part["die"]
        if kind == "%":
            die = PERCENT
        elif kind == "F":
            die = FUDGE
        elif int(kind) > MOST_SIDES:
            raise ValueError(f"{excerpt(text)}: a die has at most {MOST_SIDES} sides")
        else:
            die = d(int(kind), explodes=bool(part["explodes"]))
        dice += [die] * count
    return Dice(tuple(dice)), int(match["plus"] or 0)


_READ: dict[tuple[int, str], tuple[Dice, tuple[int, ...]]] = {}
"""Faces already read, by the dice's identity and the text (with the dice, so a key is never taken
for other dice made where freed ones were): a fight, and every fold of it, types the same few faces
at the same dice again and again. Only what was taken is kept; a refusal is read afresh."""

READ_MOST = 4096
"""Readings kept (a few kilobytes); when full, they are let go and read afresh."""


def read_faces(dice: Dice, text: str) -> tuple[int, ...]:
    """Read what a player typed for ``dice``.

    Faces are separated by spaces or commas. Fudge dice may also be typed run
    together (``+-0+``), and a blank or ``.`` face is 0 (ruling D-3).

    Raises:
        Refused: the wrong count of dice, or a face a die does not have (D-5).
    """
    key = (id(dice), text)
    kept = _READ.get(key)
    if kept is not None and kept[0] is dice:
        return kept[1]
    faces = _read_faces(dice, text)
    if len(_READ) >= READ_MOST:
        _READ.clear()
    _READ[key] = (dice, faces)
    return faces


def _read_faces(dice: Dice, text: str) -> tuple[int, ...]:
    text = text.strip()
    dies = dice.dice
    n = len(dies)
    if dies and dies[0].kind == Kind.FUDGE and dice.fudge:  # the first die alone, for every other game's dice
        tokens = _fudge_tokens(text, n)
    elif "," in text:
        tokens = [t for t in _SPLIT.split(text) if t]
    else:
        tokens = text.split()
    if n == 1 and len(tokens) == 1:
        return (dies[0].read(tokens[0]),)
    if len(tokens) == 1 and len(tokens[0]) == n and n > 1 and all(die.high <= 9 for die in dies):
        tokens = list(tokens[0])  # "34" for 2d6: with single-digit dice it can only be 3 and 4
    if len(tokens) != n:
        if not tokens:
            if n == 1:
                raise Refused(f"type the face rolled: {dice.expected()}")
            faces = ", ".join(die.describe() for die in dict.fromkeys(dies))
            raise Refused(f"type the {n} faces rolled for {dice.notation} ({faces})")
        wanted = f"one face ({dice.expected()})" if n == 1 else dice.expected()
        raise Refused(f"expected {wanted}, got {len(tokens)}")
    return tuple(map(Die.read, dies, tokens))


def _fudge_tokens(text: str, n: int) -> list[str]:
    compact = text.replace(" ", "").replace(",", "")
    if all(c in "+-0." for c in compact):
        if "," in text and len(compact) < n:
            # a blank between commas is a blank face (ruling D-3): "+,,-,+" or "+, , -, +"
            parts = [p.strip() for p in text.split(",")]
            if len(parts) == n and all(len(p) <= 1 for p in parts):
                return parts
        if compact:
            return list(compact)
    return [t for t in _SPLIT.split(text) if t]


def roll_faces(dice: Dice, rng: random.Random) -> tuple[int, ...]:
    """Roll ``dice`` with ``rng`` (the session's generator, never a global one)."""
    return tuple(rng.randint(die.low, die.high) for die in dice.dice)


def roll_text(dice: Dice, rng: random.Random) -> str:
    """Roll ``dice`` and return the text a player would type for it (ruling D-6)."""
    return " ".join(die.face_text(v) for die, v in zip(dice.dice, roll_faces(dice, rng)))
