"""A free dice roller (issue 23 item 3): an expression in the notation of the five games, rolled,
with the exact odds of what it rolled. The core never imports Textual.

The notation: terms joined by ``+`` and ``-``, each a number or a group of dice:

- ``NdS``: N dice of S sides (``d6``, ``2d6``, ``3d10``; a d10 reads ``0`` as 10, ruling D-1);
- ``d%`` (or ``d100``): percentile dice, read 1-100 (``00`` is 100, ruling D-2);
- ``NdS!``: exploding dice, as NHB's ``d10!``: a die showing its top face is rolled again and
  added, and can explode again (ruling D-4);
- ``NdF``: Fudge dice, each -1, 0 or +1 (ruling D-3);
- ``NdSkhK``, ``NdSkK`` (keep the K highest), ``NdSklK`` (keep the K lowest): kept dice.

The dice are the core's own (:class:`companion.dice.Die`: a d10, percentile and Fudge dice
read as every game reads them), and so are its limits (:data:`companion.dice.MOST_DICE`,
:data:`companion.dice.MOST_SIDES`).

The odds are exact: each total's count of ways over a common denominator (big integers), dice
added one at a time by a sliding window over the totals so far, kept dice counted face by face
(a dynamic programme over how many dice show each face, with binomial coefficients), never by
sampling. An exploding die has no top: it is followed to :data:`DEPTH` explosions a die (further
where the total rolled needs it, so that every figure of a roll is exact), and the chance left
beyond is said (:attr:`Chances.tail`).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from companion.dice import FUDGE, MOST_DICE, MOST_SIDES, PERCENT, Die, Kind, d
from companion.words import excerpt

DEPTH = 3
"""Explosions in a row an exploding die is followed to for the odds of the expression (as
``companion odds`` follows NHB's ``d10!``); the chance beyond is the tail."""
MOST_TERMS = 20
"""The most terms (dice groups and numbers) an expression may have."""
MOST_NUMBER = 10_000
"""The largest number an expression may add or take away."""
MOST_TEXT = 200
"""The longest expression read, in characters."""
MOST_FACES = 20_000
"""The most faces the dice of an expression may have in all (each die's sides added up, an
exploding die's counted :data:`DEPTH` + 1 times): the odds are worked out by a pass over every
total for each die, and this bounds the totals."""
MOST_KEPT_WORK = 10_000_000
"""The most work a kept group's exact odds may take: dice x kept² x sides² (``4d6kh3``: 1,296;
``10d10k5``: 250,000; ``100d6k50``: 9,000,000, half a second)."""
MOST_ROLLS = 1000
"""The most rolls ``companion roll --times`` makes at once."""

EXAMPLES = "2d6+3, d%, d10!, 4dF, 4d6kh3, 2d20kl1"
"""What an expression looks like, for messages."""


class BadExpression(ValueError):
    """An expression the roller does not read: the message names what is wrong and what is allowed."""


@dataclass(frozen=True, slots=True)
class Term:
    """One term of an expression: a number, or a group of like dice."""

    sign: int
    """+1 added, -1 taken away."""
    text: str
    """The term as written, tidied: ``4d6kh3``, ``d10!``, ``3``."""
    die: Die | None = None
    """The group's die; None for a number."""
    count: int = 0
    """How many dice."""
    keep: int = 0
    """How many dice are kept (0: all of them, added up)."""
    lowest: bool = False
    """The kept dice are the lowest (``kl``), else the highest."""
    number: int = 0
    """A number's value (without its sign)."""

    @property
    def faces(self) -> int:
        """How many faces the group's die has (a Fudge die: 3)."""
        assert self.die is not None
        return self.die.high - self.die.low + 1


@dataclass(frozen=True, slots=True)
class Rolled:
    """What one term rolled."""

    term: Term
    dice: tuple[tuple[int, ...], ...]
    """Each die's faces in the order rolled: one face, or an exploding die's chain (``(10, 10, 3)``)."""
    kept: tuple[bool, ...]
    """Which dice count (kept dice: the others are dropped)."""
    value: int
    """The term's value, its sign applied."""

    def shown(self) -> str:
        """The faces as the roller shows them: ``[4 2]``, ``[10!+3]``, ``[+ - 0 +]``, ``[6 5 (1) 4]``
        (a dropped die in parentheses), ``+3``."""
        term = self.term
        if term.die is None:
            return f"{'-' if term.sign < 0 else '+'}{term.number}"
        die = term.die
        out = []
        for chain, kept in zip(self.dice, self.kept):
            if die.kind == Kind.FUDGE:
                one = die.face_text(chain[0])
            else:
                one = "+".join(f"{face}!" for face in chain[:-1])
                one += ("+" if len(chain) > 1 else "") + str(chain[-1])
            out.append(one if kept else f"({one})")
        return f"[{' '.join(out)}]"


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of an expression."""

    expression: Expression
    parts: tuple[Rolled, ...]
    total: int

    @property
    def faces(self) -> str:
        """Every term's faces as shown, in order: ``[4 2] +3``, ``[14] - [3]``."""
        out = []
        for i, part in enumerate(self.parts):
            shown = part.shown()
            if part.term.die is not None and (i or part.term.sign < 0):
                shown = f"{'-' if part.term.sign < 0 else '+'} {shown}"
            elif not i and part.term.sign > 0:  # a number first, as written: "5 - [2 5]", not "+5"
                shown = shown.removeprefix("+")
            out.append(shown)
        return " ".join(out)

    @property
    def line(self) -> str:
        """The roll in one line: ``2d6+3: [4 2] +3 = 9``."""
        return f"{self.expression.text}: {self.faces} = {self.total}"


@dataclass(frozen=True, slots=True)
class Figures:
    """The exact chances of one total of an expression."""

    total: int
    exactly: Fraction
    at_least: Fraction
    at_most: Fraction
    ways: tuple[int, int] | None
    """``(ways to roll exactly this, ways in all)`` where the dice have a finite count of ways
    (no exploding die), else None."""


@dataclass(frozen=True, slots=True)
class Chances:
    """The exact distribution of an expression's total, followed to ``depth`` explosions a die."""

    offset: int
    """The total of ``counts[0]``."""
    counts: tuple[int, ...]
    """Ways of each total from ``offset`` on, over :attr:`denominator`."""
    denominator: int
    depth: int
    tail: Fraction
    """The chance beyond ``depth`` explosions (0 without exploding dice): its totals are all
    above :attr:`tail_from` - 1, so it is counted in every "or more" below that."""
    tail_from: int | None
    """The least total the tail can reach (None: no tail)."""

    def figures(self, total: int) -> Figures:
        """The chance of exactly ``total``, of at least and at most it.

        Raises:
            ValueError: ``total`` is where the tail begins (:meth:`Expression.chances` goes deep enough).
        """
        if self.tail_from is not None and total >= self.tail_from:
            raise ValueError(f"{total} is past the depth followed ({self.depth} explosions a die)")
        i = total - self.offset
        below = sum(self.counts[: max(0, min(i, len(self.counts)))])
        here = self.counts[i] if 0 <= i < len(self.counts) else 0
        den = self.denominator
        exactly = Fraction(here, den)
        at_most = Fraction(below + here, den)
        at_least = 1 - Fraction(below, den)
        ways = (here, den) if self.tail_from is None else None
        return Figures(total, exactly, at_least, at_most, ways)


@dataclass(frozen=True, slots=True)
class Expression:
    """An expression of dice and numbers, as :func:`parse` read it."""

    text: str
    """As written, tidied (no spaces; ``df`` as ``dF``)."""
    terms: tuple[Term, ...]

    @property
    def explodes(self) -> bool:
        return any(t.die is not None and t.die.explodes for t in self.terms)

    @property
    def low(self) -> int:
        """The least total."""
        return sum(_term_low(t) if t.sign > 0 else -_term_high(t) for t in self.terms)

    @property
    def high(self) -> int | None:
        """The greatest total (None: an exploding die has no top)."""
        if self.explodes:
            return None
        return sum(_term_high(t) if t.sign > 0 else -_term_low(t) for t in self.terms)

    @property
    def mean(self) -> Fraction:
        """The exact mean of the total (an exploding die's too: its mean face over 1 - 1/faces)."""
        return sum((t.sign * _term_mean(t) for t in self.terms), Fraction(0))

    def roll(self, rng: random.Random) -> Roll:
        """Roll the dice with ``rng`` (the app's or the command's generator, never a global one)."""
        parts = tuple(_roll_term(t, rng) for t in self.terms)
        return Roll(self, parts, sum(p.value for p in parts))

    def chances(self, total: int | None = None) -> Chances:
        """The exact distribution, followed to :data:`DEPTH` explosions a die, or deeper where
        ``total`` needs it (every figure of ``total`` is then exact)."""
        depth = DEPTH
        if total is not None and self.explodes:
            while (start := _tail_from(self, depth)) is not None and total >= start:
                depth += 1
        return _chances(self, depth)


def _term_low(t: Term) -> int:
    if t.die is None:
        return t.number
    n = t.keep or t.count
    return n * t.die.low


def _term_high(t: Term) -> int:
    if t.die is None:
        return t.number
    n = t.keep or t.count
    return n * t.die.high


def _term_mean(t: Term) -> Fraction:
    if t.die is None:
        return Fraction(t.number)
    die = t.die
    face = Fraction(die.low + die.high, 2)
    if die.explodes:  # E = face + E/faces: a top face rolls again
        return t.count * face / (1 - Fraction(1, t.faces))
    if not t.keep:
        return t.count * face
    counts = _kept_counts(_ordered_faces(t), t.count, t.keep)
    return Fraction(sum(v * w for v, w in counts.items()), t.faces**t.count)


def _tail_from(expression: Expression, depth: int) -> int | None:
    """The least total an outcome past ``depth`` explosions can reach: one exploding die shows
    its top face ``depth`` + 1 times and then its least, every other die its least."""
    if not expression.explodes:
        return None
    low = expression.low
    least = None
    for t in expression.terms:
        if t.die is not None and t.die.explodes:
            beyond = (depth + 1) * t.die.high  # and then its least face, already in ``low``
            least = beyond if least is None else min(least, beyond)
    assert least is not None
    return low + least


# --- reading --------------------------------------------------------------------------

_DICE = re.compile(r"(?P<count>[0-9]*)d(?P<die>[0-9]+|%|f)(?P<rest>.*)")
_REST = re.compile(r"(?P<explodes>!?)(?:k(?P<side>[hl]?)(?P<keep>[0-9]*))?")


def parse(text: str) -> Expression:
    """Read an expression: dice groups and numbers joined by ``+`` and ``-`` (spaces between are
    allowed; ``D`` and ``F`` in either case).

    Raises:
        BadExpression: it is not an expression, or is past a limit; the message says which
            part and what is allowed.
    """
    if not isinstance(text, str) or not text.strip():
        raise BadExpression(f"type dice to roll, like {EXAMPLES}")
    if len(text) > MOST_TEXT:
        raise BadExpression(f"an expression has at most {MOST_TEXT} characters (this one {len(text)})")
    inside = re.search(r"[^\s+\-]\s+[^\s+\-]", text.strip())
    if inside:  # "2d6 3" is no 2d63: a space inside a term would join two numbers (final review)
        raise BadExpression(
            f"{excerpt(text)}: a space inside a term ({inside.group()!r}); join terms with + or -, like 2d6+3"
        )
    tidy = re.sub(r"\s+", "", text)
    bad = re.search(r"[^0-9d%f!khl+\-]", tidy, re.IGNORECASE)
    if bad:
        raise BadExpression(
            f"{excerpt(text)}: {bad.group()!r} is not dice notation; terms are numbers and dice "
            f"({EXAMPLES}) joined by + and -"
        )
    pieces = re.split(r"([+-])", tidy)
    terms: list[Term] = []
    sign = 1
    if pieces[0] == "" and len(pieces) > 1:  # a leading sign: "-2+d6"
        sign = -1 if pieces[1] == "-" else 1
        pieces = pieces[2:]
    for i in range(0, len(pieces), 2):
        word = pieces[i]
        if not word:
            raise BadExpression(f"{excerpt(text)}: a + or - with no term after it (like {EXAMPLES})")
        terms.append(_term(word, sign))
        if i + 1 < len(pieces):
            sign = -1 if pieces[i + 1] == "-" else 1
    if len(terms) > MOST_TERMS:
        raise BadExpression(f"{excerpt(text)}: at most {MOST_TERMS} terms (this one has {len(terms)})")
    dice = sum(t.count for t in terms)
    if dice > MOST_DICE:
        raise BadExpression(f"{excerpt(text)} is too many dice: at most {MOST_DICE} dice in all (this is {dice})")
    if not dice:
        raise BadExpression(f"{excerpt(text)} rolls no dice: name some, like {EXAMPLES}")
    faces = sum(t.count * t.faces * ((DEPTH + 1) if t.die.explodes else 1) for t in terms if t.die is not None)
    if faces > MOST_FACES:
        raise BadExpression(
            f"{excerpt(text)} is too many faces to work out the odds exactly: at most {MOST_FACES:,} in all "
            f"(each die's sides added up, an exploding die's {DEPTH + 1} times; this is {faces:,})"
        )
    written = "".join(("-" if t.sign < 0 else "+" if i else "") + t.text for i, t in enumerate(terms))
    return Expression(written, tuple(terms))


def _term(word: str, sign: int) -> Term:
    """One term, as written between the signs."""
    if word.isdigit():
        number = int(word)
        if number > MOST_NUMBER:
            raise BadExpression(f"{excerpt(word)}: a number added or taken away is at most {MOST_NUMBER:,}")
        return Term(sign, str(number), number=number)
    match = _DICE.fullmatch(word.lower())
    if match is None:
        raise BadExpression(
            f"{excerpt(word)} is not dice: a group of dice is a count, d and the sides (d6, 2d6, d%, 4dF, d10!, 4d6kh3)"
        )
    count = int(match["count"]) if match["count"] else 1
    if count < 1:
        raise BadExpression(f"{excerpt(word)}: roll 1 to {MOST_DICE} dice")
    if count > MOST_DICE:
        raise BadExpression(f"{excerpt(word)} is too many dice: at most {MOST_DICE} dice in all")
    rest = _REST.fullmatch(match["rest"])
    if rest is None:
        raise BadExpression(
            f"{excerpt(word)}: {match['rest']!r} is not dice notation; after a die, ! explodes it (d10!) "
            "and kh3, k3 or kl1 keeps the highest or lowest dice (4d6kh3)"
        )
    explodes = bool(rest["explodes"])
    kind = match["die"]
    if kind == "%":
        die, name = PERCENT, "d%"
    elif kind == "f":
        die, name = FUDGE, "dF"
    else:
        sides = int(kind)
        if not 2 <= sides <= MOST_SIDES:
            raise BadExpression(f"{excerpt(word)}: a die has 2 to {MOST_SIDES} sides")
        die, name = d(sides), f"d{sides}"
    if explodes:
        if die.kind == Kind.FUDGE:
            raise BadExpression(f"{excerpt(word)}: a Fudge die does not explode (a die that does: d6!, d10!)")
        if sign < 0:
            raise BadExpression(f"{excerpt('-' + word)}: an exploding die is added, not taken away (like 1d10!+18)")
        die = Die(die.kind, die.sides, explodes=True)
        name += "!"
    keep = 0
    lowest = False
    if rest.group(2) is not None:  # "k" written
        if explodes:
            raise BadExpression(f"{excerpt(word)}: kept dice do not explode (roll d10! or 4d6kh3)")
        if not rest["keep"]:
            raise BadExpression(f"{excerpt(word)}: say how many dice to keep (4d6kh3, 2d20kl1)")
        keep = int(rest["keep"])
        if not 1 <= keep <= count:
            raise BadExpression(f"{excerpt(word)}: keeps 1 to {count} of its {count} dice")
        lowest = rest["side"] == "l"
        faces = die.high - die.low + 1
        work = count * keep * keep * faces * faces
        if work > MOST_KEPT_WORK:
            raise BadExpression(
                f"{excerpt(word)} is too many kept dice to work out exactly: dice x kept² x sides² is at most "
                f"{MOST_KEPT_WORK:,} (this is {work:,}); fewer dice, fewer kept or fewer sides"
            )
        name += f"k{'l' if lowest else 'h'}{keep}"
    return Term(sign, (str(count) if count > 1 else "") + name, die, count, keep, lowest)


# --- rolling ------------------------------------------------------------------------


def _roll_die(die: Die, rng: random.Random) -> tuple[int, ...]:
    faces = [rng.randint(die.low, die.high)]
    while die.explodes and faces[-1] == die.high:  # ruling D-4: a top face rolls again, and adds
        faces.append(rng.randint(die.low, die.high))
    return tuple(faces)


def _roll_term(term: Term, rng: random.Random) -> Rolled:
    if term.die is None:
        return Rolled(term, (), (), term.sign * term.number)
    dice = tuple(_roll_die(term.die, rng) for _ in range(term.count))
    kept = [True] * term.count
    if term.keep:
        order = sorted(range(term.count), key=lambda i: dice[i][0], reverse=not term.lowest)
        for i in order[term.keep :]:
            kept[i] = False
    value = sum(sum(chain) for chain, k in zip(dice, kept) if k)
    return Rolled(term, dice, tuple(kept), term.sign * value)


# --- the exact odds --------------------------------------------------------------------


def _ordered_faces(term: Term) -> list[int]:
    """The die's faces in the order a kept group keeps them: highest first (``kh``), else lowest."""
    assert term.die is not None
    faces = list(range(term.die.low, term.die.high + 1))
    return faces if term.lowest else faces[::-1]


@lru_cache(maxsize=64)
def _kept_counts_cached(faces: tuple[int, ...], n: int, k: int) -> tuple[tuple[int, int], ...]:
    """Ways of each total of the ``k`` first-kept of ``n`` dice, faces in the order they are kept.

    Faces are taken one at a time, best first; a state is (dice placed so far, all kept, and the
    sum of them). Placing ``c`` of the dice still free on this face is ``comb(free, c)`` ways; once
    ``k`` are placed the rest are dropped, and each of them shows one of the faces after this one.
    """
    out: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for index, face in enumerate(faces):
        after = len(faces) - index - 1
        following: dict[tuple[int, int], int] = {}
        for (placed, held), ways in states.items():
            free = n - placed
            for c in range(free + 1):
                w = ways * math.comb(free, c)
                if placed + c >= k:
                    total = held + (k - placed) * face
                    out[total] = out.get(total, 0) + w * after ** (free - c)
                else:
                    key = (placed + c, held + c * face)
                    following[key] = following.get(key, 0) + w
        states = following
    return tuple(sorted(out.items()))


def _kept_counts(faces: list[int], n: int, k: int) -> dict[int, int]:
    return dict(_kept_counts_cached(tuple(faces), n, k))


def _add_blocks(offset: int, counts: list[int], blocks: list[tuple[int, int, int]]) -> tuple[int, list[int]]:
    """Add one die to the totals so far: the die's values are blocks ``(first, width, weight)``,
    each of ``width`` values from ``first`` on, each ``weight`` ways. A block spreads the totals
    over a window: prefix sums make it one pass over the totals."""
    lo = min(b[0] for b in blocks)
    hi = max(b[0] + b[1] - 1 for b in blocks)
    n = len(counts)
    prefix = [0]
    for x in counts:
        prefix.append(prefix[-1] + x)
    out = [0] * (n + hi - lo)
    for first, width, weight in blocks:
        shift = first - lo
        for i in range(shift, shift + n + width - 1):
            top = i - shift + 1
            bottom = top - width
            out[i] += weight * (prefix[min(top, n)] - prefix[max(bottom, 0)])
    return offset + lo, out


def _add_table(offset: int, counts: list[int], table: dict[int, int]) -> tuple[int, list[int]]:
    """Add a term of any distribution (``value: ways``) to the totals so far (a kept group)."""
    lo = min(table)
    hi = max(table)
    out = [0] * (len(counts) + hi - lo)
    for value, ways in table.items():
        if not ways:
            continue
        shift = value - lo
        for i, c in enumerate(counts):
            if c:
                out[i + shift] += c * ways
    return offset + lo, out


def _die_blocks(die: Die, sign: int, depth: int) -> tuple[list[tuple[int, int, int]], int]:
    """A die's values as blocks, and its ways in all. An exploding die shows ``k`` top faces, then
    one of the others: ``k * top + face`` with chance (1/faces)^(k+1), for ``k`` up to ``depth``;
    beyond is the tail (1 way in faces^(depth+1) left out)."""
    faces = die.high - die.low + 1
    if not die.explodes:
        blocks = [(die.low, faces, 1)]
        den = faces
    else:
        blocks = [(k * die.high + die.low, faces - 1, faces ** (depth - k)) for k in range(depth + 1)]
        den = faces ** (depth + 1)
    if sign < 0:
        blocks = [(-(first + width - 1), width, weight) for first, width, weight in blocks]
    return blocks, den


@lru_cache(maxsize=32)
def _chances(expression: Expression, depth: int) -> Chances:
    offset, counts, den = 0, [1], 1
    for term in expression.terms:
        if term.die is None:
            offset += term.sign * term.number
            continue
        if term.keep:
            table = _kept_counts(_ordered_faces(term), term.count, term.keep)
            if term.sign < 0:
                table = {-v: w for v, w in table.items()}
            offset, counts = _add_table(offset, counts, table)
            den *= term.faces**term.count
            continue
        blocks, one = _die_blocks(term.die, term.sign, depth)
        for _ in range(term.count):
            offset, counts = _add_blocks(offset, counts, blocks)
            den *= one
    # no way lost at either end: trim the zeros an exploding die's gaps leave there
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    first = next(i for i, c in enumerate(counts) if c)
    counts = counts[first:]
    offset += first
    tail = 1 - Fraction(sum(counts), den)
    return Chances(offset, tuple(counts), den, depth, tail, _tail_from(expression, depth))


# --- saying it ---------------------------------------------------------------------------


def percent(p: Fraction | float) -> str:
    """A chance as the roller says it: ``11.1%``, ``0.46%``, ``< 0.01%``, ``100%``."""
    p = float(p)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.0001:
        return "< 0.01%"
    if p > 0.9999:
        return "> 99.99%"
    if p >= 0.01:
        return f"{p * 100:.1f}%"
    return f"{p * 100:.2g}%"


def number(value: Fraction) -> str:
    """A mean as said: ``10``, ``12.24``, ``6.11``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


def span(expression: Expression) -> str:
    """The range and mean: ``mean 10, range 5 to 15``; ``mean 6.11, range 1 and up (it explodes)``."""
    high = expression.high
    reach = f"{expression.low} to {high}" if high is not None else f"{expression.low} and up (it explodes)"
    return f"mean {number(expression.mean)}, range {reach}"


def tail_said(chances: Chances) -> str | None:
    """What the exploding dice's tail is: None without one."""
    if chances.tail_from is None:
        return None
    return (
        f"exact: followed to {chances.depth} explosions a die; the chance beyond, {percent(chances.tail)}, "
        f"is counted in 'or more'"
    )


def odds_lines(roll: Roll) -> list[str]:
    """The odds of a roll's total, a line each: exactly, or more, or less, then the mean and range,
    and the exploding dice's tail."""
    chances = roll.expression.chances(roll.total)
    f = chances.figures(roll.total)
    ways = f" ({f.ways[0]:,} of {f.ways[1]:,})" if f.ways is not None and f.ways[1] <= 10**9 else ""
    lines = [
        f"chance of exactly {roll.total}: {percent(f.exactly)}{ways}",
        f"chance of {roll.total} or more: {percent(f.at_least)}",
        f"chance of {roll.total} or less: {percent(f.at_most)}",
        span(roll.expression),
    ]
    tail = tail_said(chances)
    if tail:
        lines.append(tail)
    return lines


def short_odds(roll: Roll) -> str:
    """The odds of a roll's total in one line: ``exactly 11.1%, 9 or more 27.8%, 9 or less 83.3%``."""
    f = roll.expression.chances(roll.total).figures(roll.total)
    t = roll.total
    return f"exactly {percent(f.exactly)}, {t} or more {percent(f.at_least)}, {t} or less {percent(f.at_most)}"


def report(expression: Expression, rolls: list[Roll]) -> list[str]:
    """What ``companion roll`` prints: one roll as its faces, total and odds; many as a line each
    (faces, total, the chances of that total), then the mean and range."""
    if len(rolls) == 1:
        roll = rolls[0]
        return [roll.line, *odds_lines(roll)]
    out = [f"{roll.line}  ({short_odds(roll)})" for roll in rolls]
    out.append(span(expression))
    deepest = max((expression.chances(r.total) for r in rolls), key=lambda c: c.depth)
    tail = tail_said(deepest)
    if tail:
        out.append(tail)
    return out


def to_json(expression: Expression, rolls: list[Roll]) -> dict[str, object]:
    """``companion roll --json``: the expression, each roll (terms' faces, total, exact chances as
    floats and fractions), the mean and range."""

    def fig(p: Fraction) -> dict[str, object]:
        return {"p": float(p), "exact": str(p)}

    out_rolls = []
    for roll in rolls:
        chances = expression.chances(roll.total)
        f = chances.figures(roll.total)
        out_rolls.append(
            {
                "faces": roll.faces,
                "terms": [
                    {"term": p.term.text, "sign": p.term.sign, "dice": [list(c) for c in p.dice], "kept": list(p.kept)}
                    for p in roll.parts
                ],
                "total": roll.total,
                "exactly": fig(f.exactly),
                "at_least": fig(f.at_least),
                "at_most": fig(f.at_most),
                "depth": chances.depth if chances.tail_from is not None else None,
                "tail": float(chances.tail),
            }
        )
    return {
        "expression": expression.text,
        "rolls": out_rolls,
        "mean": float(expression.mean),
        "low": expression.low,
        "high": expression.high,
    }
