"""Words for numbers, as the screens and the command line say them."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, singular for one: ``1 answer``, ``2 answers``, ``0 problems``.

    Args:
        n: how many.
        noun: the singular.
        plural: the plural where it is not the noun and an ``s``.
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
