"""Simultaneous Combat for Fudge's pure rules: the trait ladder (ruling FU-1) and the ``Level`` type
for card and table fields.

Levels are ints: Terrible -3, Poor -2, Mediocre -1, Fair 0, Good +1, Great +2,
Superb +3, Legendary +4; beyond the ends the text writes ``Legendary+1`` (5),
``Legendary+2`` (6) ... and ``Terrible-1`` (-4) ...

``Level`` is the annotated type for a ladder field of a pydantic model. In a
file it must be a ladder WORD (``Good``, ``legendary+1``: case-insensitive);
a number (``1``) or a YAML boolean (``no``, ``yes``) is refused with the words
allowed, so a sheet never means something by accident. The model's value is
the INT level (``card.dodge == 1``), so the engine adds and compares levels
directly; dumping the model writes the word back (``"Good"``), so a stored
card or table validates again the same.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer
from pydantic_core import PydanticCustomError

LADDER: dict[str, int] = {
    "Terrible": -3,
    "Poor": -2,
    "Mediocre": -1,
    "Fair": 0,
    "Good": 1,
    "Great": 2,
    "Superb": 3,
    "Legendary": 4,
}
"""The ladder's words and their levels (FU-1), lowest first."""

TIRED = -2
"""To every roll in the turn after an all-out attack (the text)."""

TOP = LADDER["Legendary"]
BOTTOM = LADDER["Terrible"]
POOR = LADDER["Poor"]
"""The default skill (standard Fudge) and the least result that hits an equal-sized target (FU-2)."""

ALLOWED = ", ".join(LADDER) + " (beyond them Legendary+1, Legendary+2 ...; below them Terrible-1 ...)"
"""What a ladder field allows, in words, for problem messages."""

_WORD = re.compile(r"^\s*([A-Za-z]+)\s*(?:([+-])\s*(\d{1,3}))?\s*$")
_BY_CASEFOLD = {word.casefold(): level for word, level in LADDER.items()}
_BY_LEVEL = {level: word for word, level in LADDER.items()}
"""The ladder's words by level (a round names a level at every roll: looked up, not searched)."""


@lru_cache(maxsize=256, typed=True)  # pure, and asked at every roll and its log line: looked up once
def ladder_name(level: int) -> str:
    """The ladder word for ``level``: ``Good`` for 1, ``Legendary+1`` for 5, ``Terrible-1`` for -4."""
    word = _BY_LEVEL.get(level)
    if word is not None:
        return word
    if level > TOP:
        return f"Legendary+{level - TOP}"
    if level < BOTTOM:
        return f"Terrible-{BOTTOM - level}"
    raise AssertionError(level)  # every int between the ends is on the ladder


@lru_cache(maxsize=256, typed=True)  # likewise
def ladder_show(level: int) -> str:
    """A result as the table reads it: ``Great (+2)``, ``Fair (0)``, ``Terrible-1 (-4)``."""
    return f"{ladder_name(level)} ({level:+d})" if level else f"{ladder_name(level)} (0)"


def ladder_level(word: str) -> int:
    """The level of a ladder word (case-insensitive): ``good`` is 1, ``Legendary+2`` is 6.

    Raises:
        ValueError: ``word`` is not a ladder word; the message lists the words allowed.
    """
    match = _WORD.match(word) if isinstance(word, str) else None
    if match is not None:
        base = _BY_CASEFOLD.get(match[1].casefold())
        sign, count = match[2], match[3]
        if base is not None and sign is None:
            return base
        # only the ends extend: Legendary+n upwards, Terrible-n downwards (FU-1)
        if base == TOP and sign == "+" and int(count) >= 1:
            return TOP + int(count)
        if base == BOTTOM and sign == "-" and int(count) >= 1:
            return BOTTOM - int(count)
    raise ValueError(f"{word!r} is not a ladder word; allowed: {ALLOWED}")


def _to_level(value: Any) -> int:
    """Read a ladder field: a word only (a YAML number or boolean is refused)."""
    if isinstance(value, bool):
        raise PydanticCustomError(
            "ladder",
            "{got} is not a ladder word (YAML reads no/yes/on/off as false/true); allowed: {allowed}",
            {"got": repr(value), "allowed": ALLOWED},
        )
    if isinstance(value, int):
        raise PydanticCustomError(
            "ladder",
            "{got} is a number, not a ladder word: write '{word}' for {got}; allowed: {allowed}",
            {"got": value, "word": ladder_name(value), "allowed": ALLOWED},
        )
    if not isinstance(value, str):
        raise PydanticCustomError(
            "ladder", "{got} is not a ladder word; allowed: {allowed}", {"got": repr(value), "allowed": ALLOWED}
        )
    try:
        return ladder_level(value)
    except ValueError as exc:
        raise PydanticCustomError("ladder", "{why}", {"why": str(exc)}) from None


Level = Annotated[int, BeforeValidator(_to_level), PlainSerializer(ladder_name, return_type=str)]
"""A ladder field: written as a word, held as the int level, dumped as the word."""


def is_ladder(metadata: list[Any]) -> bool:
    """Whether a model field with this metadata (pydantic's ``FieldInfo.metadata``) is a ladder
    field (:data:`Level`): held as an int, written as a word."""
    return any(getattr(meta, "func", None) is _to_level for meta in metadata)


LADDER_ERROR = "ladder"
"""The pydantic error type a refused ladder field carries (its message says what is allowed)."""
