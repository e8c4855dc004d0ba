"""Words for numbers, as the screens and the command line say them; and text from a file
shown safely: control characters escaped, a long value cut to an excerpt (issue 19)."""

from __future__ import annotations

import unicodedata
from typing import Any

EXCERPT = 80
"""The most characters of a quoted value a message shows."""


def folded(text: str) -> str:
    """``text`` as a search compares it: without case or accents (``José`` is ``jose``, ``Ærø`` is
    ``ærø``'s letters less their marks), so a player types a name as a keyboard allows (issue 22)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_UNMARKED)


_UNMARKED = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "þ": "th", "\u0131": "i"}
)  # \u0131: the dotless i
"""Letters whose mark NFKD does not take off (Bjørn, Łukasz, Đorđe), as a keyboard types them."""


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, singular for one: ``1 answer``, ``2 answers``, ``0 problems``.

    Args:
        n: how many.
        noun: the singular.
        plural: the plural where it is not the noun and an ``s``.
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def spelled(n: int) -> str:
    """``n`` as prose writes a small count: ``four``, up to twelve; in figures above (``13``)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def shown(text: str, limit: int | None = None) -> str:
    """``text`` safe to print on a terminal: control and format characters (ESC, BEL, NUL, a
    right-to-left override, line breaks ...) written as escapes (``\\x1b``), and, with ``limit``,
    cut to that many characters, saying how many more there were."""
    out = []
    for char in text:
        if unicodedata.category(char)[0] == "C" or (unicodedata.category(char)[0] == "Z" and char != " "):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(char)
    safe = "".join(out)
    if limit is not None and len(safe) > limit:
        safe = f"{safe[:limit]}... ({len(safe) - limit:,} more characters)"
    return safe


def excerpt(value: Any, limit: int = EXCERPT, *, quote: bool = True) -> str:
    """A value as a message quotes it: its ``repr`` (text: the text itself, with ``quote=False``),
    at most ``limit`` characters of it, safe to print. A value too large to write out whole (a
    huge structure) is never written out whole: :func:`reprlib.repr` builds only what it shows."""
    import reprlib

    if isinstance(value, str):
        text = repr(value) if quote else value
        return shown(text, limit)
    r = reprlib.Repr()
    r.maxstring = r.maxother = limit
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = 6
    r.maxlevel = 3
    return shown(r.repr(value), limit)
