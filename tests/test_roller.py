"""The free dice roller's core (issue 23 item 3): reading the notation of the five games, rolling
with a seeded generator, the exact odds against hand-worked values and brute force, the refusals,
the store's table of a fight's free rolls, and ``companion roll``."""

from __future__ import annotations

import json
import os
import random
import sqlite3
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")

import scripting

import companion.store as store_module
from companion import roller
from companion.dice import FUDGE, PERCENT, Kind, d
from companion.odds import exploding_dist
from companion.roller import BadExpression, parse
from companion.store import DB_NAME, Store, StoreError


class Faces:
    """A generator that gives these faces, in order (``randint`` is all the roller asks of one)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        face = self.faces.pop(0)
        assert low <= face <= high, (face, low, high)
        return face


# --- reading -------------------------------------------------------------------------


def test_the_notation_of_the_five_games_is_read() -> None:
    two = parse("2d6")
    assert [(t.count, t.die) for t in two.terms] == [(2, d(6))]
    assert parse("3d10").terms[0].die.kind == Kind.D10  # a d10's 0 reads 10 (ruling D-1)
    assert parse("d%").terms[0].die == PERCENT and parse("d%").high == 100  # 00 is 100 (ruling D-2)
    assert parse("d100").high == 100 and parse("d100").low == 1
    assert parse("4dF").terms[0].die == FUDGE and (parse("4dF").low, parse("4dF").high) == (-4, 4)
    explode = parse("d10!").terms[0]
    assert explode.die.explodes and explode.die.high == 10 and parse("d10!").high is None
    kept = parse("4d6kh3").terms[0]
    assert (kept.count, kept.keep, kept.lowest) == (4, 3, False)
    assert parse("4d6k3").terms[0].keep == 3 and not parse("4d6k3").terms[0].lowest
    assert parse("2d20kl1").terms[0].lowest and parse("2d20kl1").terms[0].keep == 1


def test_sums_and_differences_of_terms_and_numbers() -> None:
    e = parse("2d6+3")
    assert [(t.sign, t.text) for t in e.terms] == [(1, "2d6"), (1, "3")]
    assert (e.low, e.high) == (5, 15)
    assert [(t.sign, t.text) for t in parse("d20-2").terms] == [(1, "d20"), (-1, "2")]
    assert (parse("d20-2").low, parse("d20-2").high) == (-1, 18)
    assert parse("1d10!+18").text == "d10!+18" and parse("1d10!+18").low == 19
    assert (parse("d20-d4").low, parse("d20-d4").high) == (-3, 19)
    assert parse("-2+d6").text == "-2+d6" and parse("-2+d6").low == -1


def test_spaces_and_capitals_are_read_and_tidied() -> None:
    assert parse(" 2D6 + 3 ").text == "2d6+3"
    assert parse("4df").text == "4dF" and parse("4DF").terms[0].die == FUDGE
    assert parse("4d6KH3").text == "4d6kh3" and parse("4d6k3").text == "4d6kh3"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("2d0", "'2d0': a die has 2 to 1000 sides"),
        ("d1", "a die has 2 to 1000 sides"),
        ("d1001", "a die has 2 to 1000 sides"),
        ("d7x", "'x' is not dice notation; terms are numbers and dice (2d6+3, d%, d10!"),
        ("d7q", "'q' is not dice notation"),
        ("d6*2", "'*' is not dice notation"),
        ("1000d6", "'1000d6' is too many dice: at most 100 dice in all"),
        ("60d6+60d6", "too many dice: at most 100 dice in all (this is 120)"),
        ("0d6", "'0d6': roll 1 to 100 dice"),
        ("", "type dice to roll, like 2d6+3"),
        ("   ", "type dice to roll"),
        ("2d6+", "a + or - with no term after it"),
        ("2d6++3", "a + or - with no term after it"),
        ("3", "'3' rolls no dice: name some"),
        ("d", "'d' is not dice: a group of dice is a count, d and the sides"),
        ("dh", "is not dice: a group of dice is a count, d and the sides"),
        ("d6!!", "'!!' is not dice notation; after a die, ! explodes it (d10!) and kh3, k3 or kl1 keeps"),
        ("d6kh3l", "'kh3l' is not dice notation"),
        ("4dF!", "'4dF!': a Fudge die does not explode (a die that does: d6!, d10!)"),
        ("d20-d10!", "'-d10!': an exploding die is added, not taken away"),
        ("4d10!k3", "kept dice do not explode"),
        ("4d6k", "say how many dice to keep (4d6kh3, 2d20kl1)"),
        ("4d6k5", "'4d6k5': keeps 1 to 4 of its 4 dice"),
        ("4d6k0", "keeps 1 to 4 of its 4 dice"),
        ("d6+10001", "a number added or taken away is at most 10,000"),
        ("+".join(["d6"] * 21), "at most 20 terms (this one has 21)"),
        ("d6" + "+1" * 200, "an expression has at most 200 characters"),
        ("30d1000", "too many faces to work out the odds exactly: at most 20,000 in all"),
        ("10d1000!", "an exploding die's 4 times; this is 40,000"),
        ("50d20k25", "too many kept dice to work out exactly: dice x kept² x sides² is at most 10,000,000"),
    ],
)
def test_a_bad_expression_is_refused_saying_what_is_wrong_and_what_is_allowed(text: str, said: str) -> None:
    with pytest.raises(BadExpression) as refused:
        parse(text)
    assert said in str(refused.value)


def test_the_limits_themselves_are_allowed() -> None:
    assert sum(t.count for t in parse("100d6").terms) == 100
    assert parse("d1000").high == 1000
    assert parse("20d1000").high == 20_000
    assert parse("d6+10000").high == 10_006
    assert len(parse("+".join(["d6"] * 20)).terms) == 20
    assert parse("100d6k50").terms[0].keep == 50  # dice x kept² x sides² = 9,000,000


# --- rolling -------------------------------------------------------------------------


def test_a_seeded_roll_is_the_generator_s_faces() -> None:
    rng = random.Random(7)
    faces = [rng.randint(1, 6) for _ in range(2)]
    roll = parse("2d6+3").roll(random.Random(7))
    assert roll.parts[0].dice == tuple((f,) for f in faces)
    assert roll.total == sum(faces) + 3
    assert roll.line == f"2d6+3: [{faces[0]} {faces[1]}] +3 = {sum(faces) + 3}"
    again = parse("2d6+3").roll(random.Random(7))
    assert again == roll  # the same seed, the same roll


def test_an_exploding_die_rolls_again_on_its_top_face_and_adds() -> None:
    roll = parse("1d10!+18").roll(Faces(10, 10, 4))  # ruling D-4: 10, again 10, again 4
    assert roll.parts[0].dice == ((10, 10, 4),)
    assert roll.total == 42
    assert roll.faces == "[10!+10!+4] +18"
    assert parse("2d6!").roll(Faces(6, 1, 3)).faces == "[6!+1 3]"


def test_kept_dice_keep_the_highest_or_the_lowest_and_show_the_dropped() -> None:
    high = parse("4d6kh3").roll(Faces(3, 1, 6, 5))
    assert high.total == 14 and high.parts[0].kept == (True, False, True, True)
    assert high.faces == "[3 (1) 6 5]"
    low = parse("2d20kl1").roll(Faces(17, 4))
    assert low.total == 4 and low.faces == "[(17) 4]"
    ties = parse("3d6k2").roll(Faces(2, 2, 2))
    assert ties.total == 4 and ties.parts[0].kept.count(False) == 1


def test_fudge_and_percentile_faces_are_read_as_the_games_read_them() -> None:
    fudge = parse("4dF").roll(Faces(1, -1, 0, 1))
    assert fudge.faces == "[+ - 0 +]" and fudge.total == 1
    percent = parse("d%").roll(Faces(100))  # 00 read as 100 (ruling D-2)
    assert percent.total == 100


def test_differences_take_away() -> None:
    roll = parse("d20-d4-2").roll(Faces(14, 3))
    assert roll.total == 9 and roll.faces == "[14] - [3] -2"


def test_a_number_first_is_shown_as_written() -> None:
    """``5-2d6`` was shown ``+5 - [2 5]``: a leading number has no sign to show unless negative."""
    assert parse("5-2d6").roll(Faces(2, 5)).faces == "5 - [2 5]"
    assert parse("-2+d6").roll(Faces(4)).faces == "-2 + [4]"
    assert parse("3+d6+1").roll(Faces(4)).faces == "3 + [4] +1"


def test_the_app_s_generator_rolls_every_face_and_only_faces() -> None:
    rng = random.Random(3)
    seen = {parse("d%").roll(rng).total for _ in range(3000)}
    assert seen == set(range(1, 101))
    fudge = {parse("dF").roll(rng).total for _ in range(100)}
    assert fudge == {-1, 0, 1}


# --- the exact odds --------------------------------------------------------------------


def figures(text: str, total: int) -> roller.Figures:
    e = parse(text)
    return e.chances(total).figures(total)


def test_hand_worked_odds() -> None:
    seven = figures("2d6", 7)
    assert seven.exactly == Fraction(6, 36) and seven.ways == (6, 36)
    assert seven.at_least == Fraction(21, 36) and seven.at_most == Fraction(21, 36)
    assert figures("4dF", 0).exactly == Fraction(19, 81)
    assert figures("4dF", 4).exactly == Fraction(1, 81) and figures("4dF", -4).at_most == Fraction(1, 81)
    assert figures("2d6+3", 15).exactly == Fraction(1, 36) and figures("2d6+3", 5).at_least == 1
    assert figures("d20-2", 18).exactly == Fraction(1, 20) and figures("d20-2", -1).at_most == Fraction(1, 20)
    assert figures("2d20kl1", 1).exactly == 1 - Fraction(19, 20) ** 2  # at least one 1: 39/400
    assert figures("2d20kh1", 20).exactly == Fraction(39, 400)
    assert figures("d%", 100).exactly == Fraction(1, 100)
    assert figures("2d6", 1).exactly == 0 and figures("2d6", 13).at_least == 0 and figures("2d6", 13).at_most == 1


def test_four_d6_keep_three_has_the_known_mean() -> None:
    e = parse("4d6kh3")
    assert e.mean == Fraction(15869, 1296)  # 12.2446...
    assert float(e.mean) == pytest.approx(12.2446, abs=1e-4)
    assert figures("4d6kh3", 18).exactly == Fraction(21, 1296)  # 6 6 6 and any, counted once
    assert figures("4d6kh3", 3).exactly == Fraction(1, 1296)  # all ones


def test_an_exploding_d10_as_nhb_rolls_it() -> None:
    assert figures("d10!", 11).at_least == Fraction(1, 10)  # a 10, then anything
    assert figures("d10!", 12).at_least == Fraction(1, 10) * Fraction(9, 10)  # a 10, then not a 1
    assert figures("d10!", 15).exactly == Fraction(1, 100)  # 10 then 5
    assert figures("d10!", 10).exactly == 0  # a 10 always rolls again
    assert figures("d10!", 20).exactly == 0
    assert figures("d10!", 35).at_least == Fraction(1, 1000) * Fraction(6, 10)  # three 10s, then 5+
    assert figures("1d10!+18", 35).at_least == Fraction(1, 10) * Fraction(4, 10)  # d10! 17+: a 10, then 7+
    assert parse("d10!").mean == Fraction(55, 9)  # 5.5 / (1 - 1/10)
    chances = parse("d10!").chances()
    assert chances.depth == roller.DEPTH and chances.tail == Fraction(1, 10**4)  # as companion odds says it


def test_a_total_past_the_depth_is_followed_deeper_and_stays_exact() -> None:
    e = parse("d6!")
    chances = e.chances(50)  # eight 6s, then a 2
    assert chances.depth == 8
    f = chances.figures(50)
    assert f.exactly == Fraction(1, 6**9)
    assert f.at_least == Fraction(1, 6**8) * Fraction(5, 6)  # eight 6s then 2 or more (a 6 too)
    assert f.at_least + f.at_most - f.exactly == 1
    with pytest.raises(ValueError, match="past the depth followed"):
        e.chances().figures(50)


def test_exploding_dice_agree_with_the_core_s_exploding_distribution() -> None:
    for sides in (6, 10):
        die = d(sides, explodes=True)
        dist, tail = exploding_dist(die, roller.DEPTH)
        chances = parse(f"d{sides}!").chances()
        assert chances.tail == tail
        for total, p in dist.items():
            assert Fraction(chances.counts[total - chances.offset], chances.denominator) == p


@pytest.mark.parametrize(
    "text", ["3d6kh2", "4d4kl2", "3dFkh1", "5d3k3", "2d8kl1", "3d5k3", "4d6kh3+2d4-3", "d6-2d4kh1"]
)
def test_kept_dice_agree_with_every_face_counted(text: str) -> None:
    e = parse(text)
    brute: dict[int, int] = {}
    each = []
    for term in e.terms:
        if term.die is None:
            each.append([(term.sign * term.number,)])
            continue
        faces = range(term.die.low, term.die.high + 1)
        rolls = []
        for combo in product(faces, repeat=term.count):
            kept = sorted(combo, reverse=not term.lowest)[: term.keep or term.count]
            rolls.append((term.sign * sum(kept),))
        each.append(rolls)
    n = 0
    for parts in product(*each):
        total = sum(p[0] for p in parts)
        brute[total] = brute.get(total, 0) + 1
        n += 1
    chances = e.chances()
    assert chances.denominator == n and chances.tail == 0
    for total, ways in brute.items():
        assert chances.figures(total).exactly == Fraction(ways, n), total
    assert sum(chances.counts) == n
    assert e.mean == Fraction(sum(t * w for t, w in brute.items()), n)
    assert (e.low, e.high) == (min(brute), max(brute))


def test_the_biggest_expressions_allowed_are_worked_out() -> None:
    assert parse("100d100").chances().figures(5050).exactly > 0
    assert parse("100d6k50").mean > 50 * 3.5


def test_chances_are_said_as_percentages() -> None:
    assert roller.percent(Fraction(1, 9)) == "11.1%"
    assert roller.percent(Fraction(1, 10**4)) == "0.01%"
    assert roller.percent(Fraction(1, 10**5)) == "< 0.01%"
    assert roller.percent(Fraction(99999, 10**5)) == "> 99.99%"
    assert roller.percent(Fraction(1, 130)) == "0.77%"
    assert roller.percent(0) == "0%" and roller.percent(1) == "100%"


def test_the_odds_lines_of_a_roll() -> None:
    roll = parse("2d6+3").roll(Faces(4, 2))
    assert roller.odds_lines(roll) == [
        "chance of exactly 9: 13.9% (5 of 36)",  # 6 on 2d6: 1 5, 2 4, 3 3, 4 2, 5 1
        "chance of 9 or more: 72.2%",  # 26 of 36
        "chance of 9 or less: 41.7%",  # 15 of 36
        "mean 10, range 5 to 15",
    ]
    deep = parse("1d10!+18").roll(Faces(10, 10, 4))
    lines = roller.odds_lines(deep)
    assert lines[0] == "chance of exactly 42: 0.1%"  # 10, 10, then 4
    assert lines[1] == "chance of 42 or more: 0.7%"  # 10, 10, then 4 or more
    assert lines[3] == "mean 24.11, range 19 and up (it explodes)"
    assert lines[4] == "exact: followed to 3 explosions a die; the chance beyond, 0.01%, is counted in 'or more'"


# --- the store ---------------------------------------------------------------------------


def test_a_fight_s_free_rolls_are_kept_apart_from_its_answers(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    fight = store.create("nhb", {}, "A vs B")
    other = store.create("nhb", {}, "C vs D")
    first = store.add_free_roll(fight, "2d6+3", "[4 2] +3", 9)
    store.add_free_roll(other, "d%", "[42]", 42)
    second = store.add_free_roll(fight, "4dF", "[+ - 0 +]", 1)
    assert (first.seq, second.seq) == (1, 2)
    assert [(r.seq, r.expression, r.faces, r.total) for r in store.free_rolls(fight)] == [
        (1, "2d6+3", "[4 2] +3", 9),
        (2, "4dF", "[+ - 0 +]", 1),
    ]
    assert store.load(fight)[2] == []  # no answer
    store.close()
    again = Store.open(tmp_path)
    assert [r.total for r in again.free_rolls(fight)] == [9, 1]
    with pytest.raises(StoreError, match="there is no saved fight 99"):
        again.add_free_roll(99, "d6", "[1]", 1)
    again.delete(fight)
    assert again.free_rolls(fight) == [] and len(again.free_rolls(other)) == 1
    again.close()


def test_a_store_made_before_the_roller_gets_its_table_and_keeps_its_version(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    fight = store.create("nhb", {}, "A vs B")
    store.close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("DROP TABLE free_rolls")  # as a store from before issue 23 is
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.commit()
    conn.close()
    store = Store.open(tmp_path)
    assert store.notice is None and store.free_rolls(fight) == []
    store.add_free_roll(fight, "d6", "[5]", 5)
    assert [r.total for r in store.free_rolls(fight)] == [5]
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == version
    store.close()


def test_a_read_only_store_from_before_the_roller_has_no_free_rolls_and_refuses_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    fight = store.create("nhb", {}, "A vs B")
    store.close()
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("DROP TABLE free_rolls")
    conn.commit()
    conn.close()
    real = os.access  # as tests/test_store_faults.py makes a store read-only, root or not
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: real(p, mode) and not (mode & os.W_OK))
    store = Store.open(tmp_path)
    assert store.read_only
    assert store.free_rolls(fight) == []
    with pytest.raises(StoreError, match="read-only"):
        store.add_free_roll(fight, "d6", "[5]", 5)
    store.close()


# --- companion roll ------------------------------------------------------------------------


def test_companion_roll_prints_the_faces_the_total_and_the_odds(tmp_path: Path) -> None:
    proc = scripting.run(tmp_path, "roll", "2d6+3", "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    rng = random.Random(7)
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    lines = proc.stdout.splitlines()
    assert lines[0] == f"2d6+3: [{a} {b}] +3 = {a + b + 3}"
    assert lines[1].startswith(f"chance of exactly {a + b + 3}: ")
    assert lines[-1] == "mean 10, range 5 to 15"
    assert scripting.run(tmp_path, "roll", "2d6+3", "--seed", "7").stdout == proc.stdout


def test_companion_roll_many_times_and_as_json(tmp_path: Path) -> None:
    proc = scripting.run(tmp_path, "roll", "4dF", "--times", "5", "--seed", "1")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and len(lines) == 6
    assert all(line.startswith("4dF: [") and "or more" in line for line in lines[:5])
    assert lines[5] == "mean 0, range -4 to 4"
    proc = scripting.run(tmp_path, "roll", "2d6", "--json", "--times", "2", "--seed", "1")
    data = json.loads(proc.stdout)
    assert data["expression"] == "2d6" and data["mean"] == 7 and (data["low"], data["high"]) == (2, 12)
    assert len(data["rolls"]) == 2
    one = data["rolls"][0]
    faces = [f for (f,) in one["terms"][0]["dice"]]
    assert one["total"] == sum(faces)
    assert Fraction(one["exactly"]["exact"]) == Fraction(6 - abs(7 - one["total"]), 36)
    assert data["rolls"][0]["tail"] == 0 and data["rolls"][0]["depth"] is None


def test_companion_roll_says_the_exploding_tail(tmp_path: Path) -> None:
    proc = scripting.run(tmp_path, "roll", "d10!", "--json", "--seed", "1")
    one = json.loads(proc.stdout)["rolls"][0]
    assert one["depth"] >= 3 and one["tail"] > 0
    text = scripting.run(tmp_path, "roll", "d10!", "--seed", "1").stdout
    assert "the chance beyond, 0.01%, is counted in 'or more'" in text
    assert "range 1 and up (it explodes)" in text


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("2d0",), "companion: '2d0': a die has 2 to 1000 sides"),
        (("d7x",), "'x' is not dice notation"),
        (("1000d6",), "too many dice: at most 100 dice in all"),
        (("2d6", "--times", "0"), "--times 0: roll 1 to 1,000 times"),
        (("2d6", "--times", "1001"), "roll 1 to 1,000 times"),
    ],
)
def test_companion_roll_refuses_a_bad_expression_with_status_2(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    proc = scripting.run(tmp_path, "roll", *args)
    scripting.assert_usage_error(proc, said)


def test_an_expression_that_begins_with_a_minus_is_not_taken_for_an_option(capsys) -> None:
    """``companion roll -d6`` (issue 23 review): argparse read ``-d6`` as an unknown option; it is the
    expression, with the options after it read as options, and elsewhere nothing is rewritten."""
    from companion import cli

    assert cli.main(["roll", "-d6", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("-d6: - [")
    assert cli.main(["--data-dir", "/nowhere", "roll", "-2d6+10", "--seed", "3"]) == 0
    assert "chance of exactly" in capsys.readouterr().out
    assert cli._roll_expressions(["script", "nhb", "roll", "-d6"]) == ["script", "nhb", "roll", "-d6"]


@pytest.mark.parametrize("text", ["2d6 3", "1 0d6", "4 d6", "d1 0", "3d6k h2"])
def test_a_space_inside_a_term_is_refused_not_joined(text: str) -> None:
    """Final review: ``2d6 3`` rolled two 63-sided dice, ``1 0d6`` ten dice: a typo became another
    roll. Spaces stay allowed around ``+`` and ``-``."""
    with pytest.raises(roller.BadExpression, match="a space inside a term"):
        roller.parse(text)
    assert roller.parse(" 2d6 + 3 ").text == roller.parse("2d6+3").text
