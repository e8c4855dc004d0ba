"""Cage Match!: how a roll and a roll-off read (CM-2, CMD-7, CMD-8).

Pure functions of the dice, which the turn acts on and the odds count (docs/odds_design.md 4.3),
so that each rule is written once: a 2d6 :class:`Roll` (double 6s, a miss), who wins a roll-off
(:func:`beats`), how each kind of roll-off reads (:class:`Clash`: a race, a defended attack, a
must-win, a break, a combo's block), the roll being asked for and its reading
(:class:`Rolling`), and the chances the prompts advise with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

from companion.dice import Dice, d
from companion.rulesets.cage_match.tables import Move

TWO_D6 = Dice.of(d(6), d(6))


class Roll(NamedTuple):
    """2d6 as rolled and their total with every modifier (a named tuple: one is made at every roll,
    and the odds make thousands; a frozen dataclass's ``__init__`` costs twice as much)."""

    faces: tuple[int, ...]
    total: int

    @property
    def d6(self) -> bool:
        """Double 6s: an automatic hit (CM-2)."""
        return self.faces == (6, 6)

    @property
    def miss(self) -> bool:
        """Double 1s or a total of 2 or less (CM-2); double 6s always hit."""
        return not self.d6 and (self.faces == (1, 1) or self.total <= 2)


def beats(mine: Roll, theirs: Roll) -> bool:
    """``mine`` wins a roll-off against ``theirs``: double 6s beat any other roll, two
    double 6s tie (CMD-8); otherwise the higher total."""
    if mine.d6 or theirs.d6:
        return mine.d6 and not theirs.d6
    return mine.total > theirs.total


@dataclass(frozen=True, slots=True)
class Clash:
    """How a roll-off reads: a pure function of the two rolls, which the turn acts on and the
    odds count (docs/odds_design.md 4.3), so the rule is written once."""

    word: str
    """What happened: ``faster``, ``tie``, ``covered``, ``half``, ``wins``, ``stopped``..."""
    by: int | None = None
    """Whose move is read on the attack dice table with his own total: 0 the lead (the
    attacker, or red in a race), 1 the other; None when no move goes through."""
    half: bool = False
    to_muscle: bool = False
    """Half damage, to the muscles (text: "1/2 damage to muscle") unless double 6s made it nerves."""


# Every way a roll-off reads, made once: a roll-off is read at every one rolled, and the odds read
# thousands; each function below returns one of these.
FASTER_LEAD = Clash("faster", 0)
FASTER_OTHER = Clash("faster", 1)
TIE = Clash("tie")
NEGATED = Clash("negated")
MISS = Clash("miss")
HALF = Clash("half", 0, half=True)
"""Half damage, where the attacker's double 6s put it (to the nerves)."""
HALF_TO_MUSCLE = Clash("half", 0, half=True, to_muscle=True)
COVERED = Clash("covered")
WINS = Clash("wins", 0)
STOPPED = Clash("stopped")
CLEAN_BREAK = Clash("clean break")
BREAKS_FREE = Clash("breaks free", 0, half=True)
LANDS = Clash("lands", 0)
BLOCKED = Clash("blocked", 0, half=True)


def race(lead: Roll, other: Roll) -> Clash:
    """WHO FASTER: only the high roll hits (text); a tie lands nothing (CMD-7)."""
    if beats(lead, other):
        return FASTER_LEAD
    if beats(other, lead):
        return FASTER_OTHER
    return TIE


def defence(attack: Roll, guard: Roll) -> Clash:
    """A defended attack (PROTECTS, SLICK MOVE): the defender beats or ties the attack roll to
    take nothing, else half to muscles; the attacker's double 6s still hit, half of double to
    the nerves, and the defender's double 6s take none (CM-2).

    Ruling CM-9: the text's defence rolls disagree (the results table against the Slick Move
    example and the Combine step); they are read by outcome, and for SLICK MOVE! and PROTECTS!
    the results table rules: beat or tie for no damage, lose for half to muscle."""
    if guard.d6:
        return NEGATED
    if attack.miss:
        return MISS
    if attack.d6:
        return HALF
    if guard.total >= attack.total:
        return COVERED
    return HALF_TO_MUSCLE


def must_win(lead: Roll, other: Roll) -> Clash:
    """A take-down, a trip, a position move or a hold: win, not tie, the roll-off (text)."""
    return WINS if beats(lead, other) else STOPPED


def break_free(attack: Roll, breaker: Roll) -> Clash:
    """BRUTAL HIT v Break: the breaker who wins stands up taking half (none with double 6s);
    a tie or below, the attack goes through in full (text; CM-2, CMD-8)."""
    if beats(breaker, attack):
        return CLEAN_BREAK if breaker.d6 else BREAKS_FREE
    if breaker.d6:  # both double 6s: a tie, but "a defender who also rolls double 6s takes none" (CM-2)
        return NEGATED
    return LANDS


def block(attack: Roll, guard: Roll) -> Clash:
    """A combo stage against the block: a miss ends it, the blocker's double 6s take none, a
    blocker who wins or ties takes half, else full damage (text "Combine").

    Ruling CM-9: read by outcome, a combo's block is the Combine step's own: win or tie for
    half, lose for full (not the no-damage tie of PROTECTS! and SLICK MOVE!)."""
    if attack.miss:
        return MISS
    if guard.d6:
        return NEGATED
    if not beats(attack, guard):
        return BLOCKED
    return LANDS


@dataclass(frozen=True, slots=True)
class Rolling:
    """The roll the turn asks for and how it will read it: what the odds of the prompt need."""

    why: str
    sides: tuple[int, ...]
    """Who rolls, in order: one attack roll, or a roll-off (red, then blue)."""
    moves: tuple[Move | None, Move | None]
    """Each corner's move for this roll (None: a defence roll)."""
    lead: int
    """Whose roll the reading takes first: the attacker, or red in a race."""
    reading: Callable[[Roll, Roll], Clash] | None
    """How the roll-off reads (:class:`Clash`); None: one attack roll, read in full."""
    strikes: bool = True
    """Whether the move that goes through is read on the attack table (a hold only taps)."""
    got: tuple[Roll, ...] = ()
    """The rolls already in (red's, when blue is asked)."""


_PAIRS = tuple(product(range(1, 7), repeat=2))


@lru_cache(maxsize=512)
def chance_to_win(mine: int, theirs: int) -> float:
    """P(a roll-off with these modifiers is won, not tied)."""
    wins = 0
    for my_faces in _PAIRS:
        for their_faces in _PAIRS:
            wins += beats(Roll(my_faces, sum(my_faces) + mine), Roll(their_faces, sum(their_faces) + theirs))
    return wins / 1296


@lru_cache(maxsize=512)
def expected_damage(modifier: int, damage: int, rating: int) -> float:
    """The damage an undefended attack roll deals on average (muscles and nerves alike)."""
    total = 0.0
    for faces in _PAIRS:
        roll = Roll(faces, sum(faces) + modifier)
        if not roll.miss:
            total += damage * (2 if roll.d6 else 1)
    return total / 36
