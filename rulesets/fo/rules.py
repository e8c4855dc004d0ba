"""Fighters Only featherweight: the rules as pure functions of the dice and the numbers, which
the ruleset's steps (``ruleset.py``) and the odds (``odds.py``) read: what a 2d6 attack or
defence roll does, its chances, the score cards and attacking time."""

from __future__ import annotations

from itertools import product

from companion.dice import Dice, d
from companion.rulesets.fo.state import FoState
from companion.rulesets.fo.tables import GROUND_ATTACKS_BEFORE_STANDUP, ROUND_SECONDS, STRIKES_FOR_KNOCKDOWN

TWO_D6 = Dice.of(d(6), d(6))

# --- 2d6 --------------------------------------------------------------------

_ROLLS = tuple(product(range(1, 7), repeat=2))


def chance_under(rating: int) -> float:
    """P(2d6 <= rating and not a double): the roll that simply succeeds."""
    return sum(1 for first, second in _ROLLS if first != second and first + second <= rating) / 36


def chance_lands(attack: int, defence: int) -> float:
    """P(an attack is thrown, not a double, and the defence fails without a double)."""
    fails = sum(1 for first, second in _ROLLS if first != second and first + second > defence) / 36
    return chance_under(attack) * fails


def attack_reading(first: int, second: int, rating: int, ground: bool) -> str:
    """What an attack roll of ``first`` and ``second`` against ``rating`` does, in one word (FO-3, FO-6):
    ``snake eyes`` (a KO), ``knockdown`` (a double standing), ``submission`` (a double on
    the ground), ``defended`` (over the rating standing), ``stand-up`` (over it on the
    ground) or ``thrown`` (the defender rolls)."""
    if first == second == 1:
        return "snake eyes"
    if first == second:
        return "submission" if ground else "knockdown"
    if first + second > rating:
        return "stand-up" if ground else "defended"
    return "thrown"


def defence_reading(
    first: int, second: int, value: int, ground: bool, move: str, streak: int, ground_attacks: int
) -> str:
    """What a defence roll of ``first`` and ``second`` against ``value`` does, in one word (FO-4, FO-6):
    ``snake eyes`` (the defender's KO), ``counter`` or ``scramble`` (a double standing or on the
    ground), ``defended`` (held standing), ``fended off`` or ``stand-up`` (held on the ground:
    the third is a stand-up), and when it fails, the attack lands: ``finish`` on the ground,
    ``takedown``, ``knockdown`` (the third strike in a row) or ``lands``."""
    if first == second == 1:
        return "snake eyes"
    if first == second:
        return "scramble" if ground else "counter"
    if first + second <= value:
        if ground:
            return "stand-up" if ground_attacks + 1 >= GROUND_ATTACKS_BEFORE_STANDUP else "fended off"
        return "defended"
    if ground:
        return "finish"
    if move == "takedown":
        return "takedown"
    return "knockdown" if streak + 1 >= STRIKES_FOR_KNOCKDOWN else "lands"


LANDS = ("lands", "knockdown", "takedown", "finish")
"""The defence words of an attack that lands (the defence failed without a double)."""


# --- the score cards and attacking time (FO-7) ---------------------------------


def scores(rounds: tuple[tuple[float, float], ...]) -> tuple[int, int]:
    """Score card totals: each round 10-9 to more attacking time, 10-10 when equal (FO-7)."""
    red = blue = 0
    for red_seconds, blue_seconds in rounds:
        red += 10 if red_seconds >= blue_seconds else 9
        blue += 10 if blue_seconds >= red_seconds else 9
    return red, blue


def rounds_won(rounds: tuple[tuple[float, float], ...]) -> tuple[int, int]:
    """Rounds won by each side: more attacking time (FO-7)."""
    return sum(1 for red, blue in rounds if red > blue), sum(1 for red, blue in rounds if blue > red)


def accrue(state: FoState, until: float) -> tuple[float, float]:
    """Attacking time with the holder's time from ``since`` to ``until`` added (FO-7)."""
    if state.attacker is None:
        return state.attack_seconds
    red, blue = state.attack_seconds
    extra = max(0.0, until - state.since)
    return (red + extra, blue) if state.attacker == 0 else (red, blue + extra)


def live_attack_seconds(state: FoState, elapsed: float) -> tuple[float, float]:
    """This round's attacking time with the holder's running time added up to ``elapsed``."""
    if state.result is not None:
        return state.attack_seconds
    return accrue(state, min(elapsed, ROUND_SECONDS))


def stall_open(state: FoState) -> bool:
    """Whether the attacker holds the dice now, so ``stall`` applies (FO-8: "accepted whenever the
    attacker holds the dice"): at his choice, his roll and the defender's roll, whose time is his
    (:func:`holder`'s reading); not during the roll-off, when nobody holds them."""
    return state.result is None and state.step in ("choose", "attack", "defend")
