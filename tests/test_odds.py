"""The core of the odds (issue 8, companion/odds.py): the dice's exact distributions,
checked against brute-force enumeration of every face."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from companion.dice import FUDGE, PERCENT, Dice, Die, Kind, d
from companion.odds import Line, Odds, chance, exploding_dist, expect, faces, sum_dist


def brute_sums(dice: Dice) -> dict[int, Fraction]:
    """Every face of every die listed by hand from the die's printed range, summed."""
    ranges = []
    for die in dice.dice:
        if die.kind == Kind.FUDGE:
            ranges.append((-1, 0, 1))
        elif die.kind == Kind.DIGIT:
            ranges.append(tuple(range(10)))
        else:
            ranges.append(tuple(range(1, die.sides + 1)))
    combos = list(product(*ranges))
    counts = Counter(sum(c) for c in combos)
    return {total: Fraction(n, len(combos)) for total, n in counts.items()}


@pytest.mark.parametrize("dice", [
    Dice.of(d(6), d(6)), Dice.of(*(FUDGE,) * 4), Dice.of(d(8)), Dice.of(d(4), d(4), d(4)), Dice.of(PERCENT),
    Dice.of(d(20)), Dice.of(d(6), d(10)),
], ids=lambda dice: dice.notation)
def test_sum_dist_is_the_brute_force_count(dice: Dice) -> None:
    dist = sum_dist(dice)
    assert dist == brute_sums(dice) and sum(dist.values()) == 1


def test_known_sums() -> None:
    two_d6 = sum_dist(Dice.of(d(6), d(6)))
    assert two_d6[7] == Fraction(6, 36) and two_d6[2] == two_d6[12] == Fraction(1, 36) and len(two_d6) == 11
    four_df = sum_dist(Dice.of(*(FUDGE,) * 4))
    assert len(four_df) == 9 and four_df[0] == Fraction(19, 81) and four_df[4] == Fraction(1, 81)
    assert sum_dist(Dice.of(PERCENT))[100] == Fraction(1, 100)  # 00 reads 100


def test_faces_is_the_full_product() -> None:
    dist = faces(Dice.of(d(6), d(6)))
    assert len(dist) == 36 and dist[(1, 6)] == dist[(6, 1)] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_an_exploding_d10_to_a_depth_with_its_remainder() -> None:
    """Ruling D-4: a 10 adds one more roll. To depth 1: 1-9 (1/10 each), then 10 + 1..9
    (1/100 each); what is left, two 10s in a row, is the remainder 1/100."""
    d10 = Die(Kind.D10, 10, explodes=True)
    dist, rest = exploding_dist(d10, depth=1)
    assert rest == Fraction(1, 100)
    assert dist[5] == Fraction(1, 10) and dist[15] == Fraction(1, 100) and 10 not in dist and 20 not in dist
    assert sum(dist.values()) + rest == 1
    for depth in (0, 2, 3):
        dist, rest = exploding_dist(d10, depth)
        assert rest == Fraction(1, 10) ** (depth + 1) and sum(dist.values()) + rest == 1
        # brute force: every sequence of depth + 1 rolls, read until the first face below 10
        seqs = product(range(1, 11), repeat=depth + 1)
        count: Counter[int] = Counter()
        for seq in seqs:
            total = 0
            for v in seq:
                total += v
                if v != 10:
                    count[total] += 1
                    break
        assert dist == {t: Fraction(n, 10 ** (depth + 1)) for t, n in count.items()}


def test_expect_and_chance() -> None:
    d6 = sum_dist(Dice.of(d(6)))
    assert expect(d6, lambda v: v) == Fraction(7, 2)
    assert chance(d6, lambda v: v >= 5) == Fraction(1, 3)


def test_lines_are_shown_as_players_read_them() -> None:
    assert Line("hit", "hits", 0.56).shown() == "56%"
    assert Line("x", "x", 0.001).shown() == "<1%" and Line("x", "x", 0.999).shown() == ">99%"
    assert Line("damage", "damage", 2.787, "expected").shown() == "2.8"
    odds = Odds("t", (Line("hit", "hits", 0.5),), (("the roll", (Line("miss", "miss", 0.5),)),))
    assert odds.to_json() == {"title": "t", "lines": [{"key": "hit", "label": "hits", "p": 0.5, "kind": "chance"}],
                              "sections": [{"title": "the roll", "lines": [
                                  {"key": "miss", "label": "miss", "p": 0.5, "kind": "chance"}]}],
                              "remainder": 0.0, "basis": "exact"}
