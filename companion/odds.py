"""Exact odds of a roll (issue 8, docs/odds_design.md): the distributions of dice, and
what an odds answer is. The core never imports Textual.

A ruleset that shows odds has ``odds(state) -> Odds | None`` and computes them from its
own rule functions (the ones ``apply`` calls), over these distributions: never a second
copy of the rules. Probabilities are exact ``Fraction`` here; the answer's lines carry
floats for display and JSON.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, Callable, Iterable

from companion.dice import Dice, Die

Dist = dict[Any, Fraction]
"""An outcome to its probability."""


@dataclass(frozen=True, slots=True)
class Line:
    """One figure of the odds: a chance (0..1) or an expected value."""

    key: str
    """A stable id, for tests and JSON: ``hit``, ``critical``, ``damage``."""
    label: str
    """In the game's words: ``hits Orc Raider``."""
    p: float
    kind: str = "chance"
    """``chance`` or ``expected``."""

    def shown(self) -> str:
        """``42%`` for a chance, ``4.5`` for an expected value."""
        if self.kind == "expected":
            return f"{self.p:.1f}"
        if 0 < self.p < 0.005:
            return "<1%"
        if 0.995 < self.p < 1:
            return ">99%"
        return f"{self.p:.0%}"


@dataclass(frozen=True, slots=True)
class Odds:
    """The odds of the prompt in play."""

    title: str
    """What is rolled for: ``Sir Roderick's attack on Orc Raider``."""
    lines: tuple[Line, ...]
    """The compact view: the few figures that matter."""
    sections: tuple[tuple[str, tuple[Line, ...]], ...] = ()
    """The detail view: whole distributions, each under its heading."""
    remainder: float = 0.0
    """The probability cut off (exploding dice past the stated depth)."""
    basis: str = "exact"

    def to_json(self) -> dict[str, Any]:
        def lines(ls: Iterable[Line]) -> list[dict[str, Any]]:
            return [{"key": x.key, "label": x.label, "p": x.p, "kind": x.kind} for x in ls]

        return {"title": self.title, "lines": lines(self.lines),
                "sections": [{"title": t, "lines": lines(ls)} for t, ls in self.sections],
                "remainder": self.remainder, "basis": self.basis}


def die_faces(die: Die) -> list[int]:
    """The values a die reads as, each equally likely (a d10's 0 reads 10, percentile 00 reads 100)."""
    return list(range(die.low, die.high + 1))


def faces(dice: Dice) -> Dist:
    """Every combination of the dice's faces (the full product), each with its chance."""
    each = [die_faces(die) for die in dice.dice]
    n = 1
    for values in each:
        n *= len(values)
    return {combo: Fraction(1, n) for combo in product(*each)}


def sum_dist(dice: Dice) -> Dist:
    """The distribution of the dice's total (2d6: 11 sums; 4dF: 9), by convolution."""
    out: Dist = {0: Fraction(1)}
    for die in dice.dice:
        values = die_faces(die)
        p = Fraction(1, len(values))
        nxt: Counter[int] = Counter()
        for total, q in out.items():
            for v in values:
                nxt[total + v] += q * p
        out = dict(nxt)
    return out


def exploding_dist(die: Die, depth: int = 3) -> tuple[Dist, Fraction]:
    """An exploding die's total (ruling D-4: its top face adds one more roll), followed to
    ``depth`` explosions; the chance left beyond that depth is returned as the remainder.

    Returns:
        (total to chance, remainder): the chances sum to 1 - remainder.
    """
    values = die_faces(die)
    p = Fraction(1, len(values))
    top = die.high
    out: Counter[int] = Counter()
    carried = {0: Fraction(1)}  # totals so far that rolled the top face every time
    for _ in range(depth + 1):
        again: Counter[int] = Counter()
        for total, q in carried.items():
            for v in values:
                if v == top:
                    again[total + v] += q * p
                else:
                    out[total + v] += q * p
        carried = dict(again)
    return dict(out), sum(carried.values(), Fraction(0))


def expect(dist: Dist, value: Callable[[Any], Fraction | int | float]) -> Fraction:
    """The expected value of ``value(outcome)`` over ``dist``."""
    return sum((q * Fraction(value(o)) for o, q in dist.items()), Fraction(0))


def chance(dist: Dist, event: Callable[[Any], bool]) -> Fraction:
    """The chance of ``event(outcome)`` over ``dist``."""
    return sum((q for o, q in dist.items() if event(o)), Fraction(0))
