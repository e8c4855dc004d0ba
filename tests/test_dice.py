"""Dice as typed at the table: rulings D-1 to D-6 (shared/rules/RULINGS.md)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from companion.dice import (
    DIGIT,
    FUDGE,
    PERCENT,
    Dice,
    Die,
    Kind,
    Refused,
    d,
    parse_roll,
    read_faces,
    roll_faces,
    roll_text,
)

D6 = d(6)
D10 = d(10)
D10X = d(10, explodes=True)
D20 = d(20)
FOUR_DF = Dice.of(FUDGE, FUDGE, FUDGE, FUDGE)
SECONDS = Dice.of(D6, DIGIT)  # NHB exact seconds: d6 then a d10 digit (NHB-7)

D10_SAYS = "a d10 shows 1-10 (0 for 10)"
DIGIT_SAYS = "a d10 read as a digit shows 0-9"
PERCENT_SAYS = "percentile dice show 01-100 (00 for 100)"
FUDGE_SAYS = "a Fudge die shows +, - or 0"


def one(die: Die, text: str) -> tuple[int, ...]:
    return read_faces(Dice.of(die), text)


def refusal(dice: Dice, text: str) -> str:
    with pytest.raises(Refused) as info:
        read_faces(dice, text)
    assert info.value.reason == str(info.value)
    return info.value.reason


# --- D-1: a d10 read as 1-10, and a d10 read as a digit ----------------------


@pytest.mark.parametrize("die", [D10, D10X], ids=["d10", "d10!"])
@pytest.mark.parametrize("text, value", [("0", 10), ("10", 10), ("1", 1), ("9", 9), ("  7 ", 7), ("00", 10)])
def test_d10_reads_0_and_10_as_ten(die: Die, text: str, value: int) -> None:
    assert one(die, text) == (value,)


def test_d10_kind_and_range() -> None:
    assert D10.kind == Kind.D10 and (D10.low, D10.high) == (1, 10)
    assert D6.kind == Kind.PLAIN and (D6.low, D6.high) == (1, 6)
    assert D10X.explodes and not D10.explodes


@pytest.mark.parametrize("text, value", [("0", 0), ("10", 0), ("1", 1), ("5", 5), ("9", 9)])
def test_digit_d10_reads_0_as_zero_and_10_as_zero(text: str, value: int) -> None:
    assert one(DIGIT, text) == (value,)
    assert (DIGIT.low, DIGIT.high) == (0, 9)


def test_exact_seconds_answer_reads_d6_then_digit() -> None:
    assert read_faces(SECONDS, "4 6") == (4, 6)
    assert read_faces(SECONDS, "4 0") == (4, 0)
    assert read_faces(SECONDS, "4 10") == (4, 0)
    assert read_faces(SECONDS, "6,9") == (6, 9)
    assert refusal(SECONDS, "0 6") == "0 is not a face: a d6 shows 1-6"  # only a d10 reads 0 as 10


# --- D-2: percentile ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, value", [("00", 100), ("100", 100), ("05", 5), ("5", 5), ("01", 1), ("50", 50), ("99", 99)]
)
def test_percentile_reads_00_and_100_as_hundred(text: str, value: int) -> None:
    assert one(PERCENT, text) == (value,)
    assert (PERCENT.low, PERCENT.high) == (1, 100)


@pytest.mark.parametrize("text", ["0", "101", "200"])
def test_percentile_refuses_faces_it_lacks(text: str) -> None:
    assert refusal(Dice.of(PERCENT), text) == f"{text} is not a face: {PERCENT_SAYS}"


# --- D-3: Fudge dice ---------------------------------------------------------


@pytest.mark.parametrize(
    "text, values",
    [
        ("+ - 0 +", (1, -1, 0, 1)),
        ("+-0+", (1, -1, 0, 1)),
        ("  -+-+  ", (-1, 1, -1, 1)),
        ("+ - . +", (1, -1, 0, 1)),
        ("+-.+", (1, -1, 0, 1)),
        ("....", (0, 0, 0, 0)),
        (". . . .", (0, 0, 0, 0)),
        ("+,-,0,+", (1, -1, 0, 1)),
        ("+, -, 0, +", (1, -1, 0, 1)),
        ("-,-,-,-,", (-1, -1, -1, -1)),
        ("+,,-,+", (1, 0, -1, 1)),  # a blank face between commas is 0
        ("+, , -, +", (1, 0, -1, 1)),
        (",+,-,+", (0, 1, -1, 1)),
        ("+,-,+,", (1, -1, 1, 0)),
        (",,,", (0, 0, 0, 0)),
    ],
)
def test_fudge_faces(text: str, values: tuple[int, ...]) -> None:
    assert read_faces(FOUR_DF, text) == values


def test_fudge_die_range_and_typed_faces() -> None:
    assert (FUDGE.low, FUDGE.high) == (-1, 1)
    assert [FUDGE.face_text(v) for v in (1, -1, 0)] == ["+", "-", "0"]
    assert one(FUDGE, "+") == (1,) and one(FUDGE, "-") == (-1,) and one(FUDGE, ".") == (0,)


@pytest.mark.parametrize("text, bad", [("+ - x +", "'x'"), ("+ - 2 +", "'2'"), ("+ -- 0 ?", "'--'")])
def test_fudge_refuses_non_faces(text: str, bad: str) -> None:
    assert refusal(FOUR_DF, text) == f"{bad} is not a face: {FUDGE_SAYS}"


@pytest.mark.parametrize("text, got", [("+-0", 3), ("+-0++", 5), ("+ - 0", 3), ("+ - ++ +", 5), ("+,,-", 2)])
def test_fudge_refuses_wrong_count(text: str, got: int) -> None:
    assert refusal(FOUR_DF, text) == f"expected 4 faces for 4dF ({FUDGE_SAYS}), got {got}"


def test_fudge_empty_answer_asks_for_the_faces() -> None:
    assert refusal(FOUR_DF, "   ") == f"type the 4 faces rolled for 4dF ({FUDGE_SAYS})"


# --- D-5: refusals say what was expected --------------------------------------


@pytest.mark.parametrize(
    "die, text, reason",
    [
        (D10, "11", f"11 is not a face: {D10_SAYS}"),
        (D10X, "12", f"12 is not a face: {D10_SAYS}"),
        (D6, "7", "7 is not a face: a d6 shows 1-6"),
        (D6, "0", "0 is not a face: a d6 shows 1-6"),
        (D20, "0", "0 is not a face: a d20 shows 1-20"),
        (D20, "21", "21 is not a face: a d20 shows 1-20"),
        (DIGIT, "11", f"11 is not a face: {DIGIT_SAYS}"),
        (FUDGE, "3", f"'3' is not a face: {FUDGE_SAYS}"),
    ],
)
def test_refuses_faces_the_die_lacks(die: Die, text: str, reason: str) -> None:
    assert refusal(Dice.of(die), text) == reason


@pytest.mark.parametrize("text", ["seven", "3.5", "-1", "+4", "1d6", "x", "7!", "²", "٣", "½"])
def test_refuses_text_that_is_no_face(text: str) -> None:
    assert refusal(Dice.of(D10), text) == f"{text!r} is not a face: {D10_SAYS}"


def test_refuses_an_absurdly_long_number_as_a_refusal_not_a_crash() -> None:
    # int() refuses more than 4300 digits with a plain ValueError; that must not escape as a crash
    reason = refusal(Dice.of(D10), "9" * 5000)
    assert reason.endswith(f"is not a face: {D10_SAYS}")
    assert refusal(Dice.of(PERCENT), "0" * 5000).endswith(f"is not a face: {PERCENT_SAYS}")


@pytest.mark.parametrize(
    "dice, text, reason",
    [
        (Dice.of(D6, D6), "3", "expected 2 faces for 2d6 (a d6 shows 1-6), got 1"),
        (Dice.of(D6, D6), "3 4 5", "expected 2 faces for 2d6 (a d6 shows 1-6), got 3"),
        (Dice.of(D6, D6), "", "type the 2 faces rolled for 2d6 (a d6 shows 1-6)"),
        (Dice.of(D10), "3 4", f"expected one face ({D10_SAYS}), got 2"),
        (Dice.of(D10), "", f"type the face rolled: {D10_SAYS}"),
        (Dice.of(D10), " , ", f"type the face rolled: {D10_SAYS}"),
        (SECONDS, "4", f"expected 2 faces for d6 d10 (a d6 shows 1-6, {DIGIT_SAYS}), got 1"),
    ],
)
def test_refuses_the_wrong_count_of_dice(dice: Dice, text: str, reason: str) -> None:
    assert refusal(dice, text) == reason


def test_refused_is_a_value_error_carrying_the_reason() -> None:
    exc = Refused("why")
    assert isinstance(exc, ValueError) and exc.reason == "why" and str(exc) == "why"


def test_faces_may_be_separated_by_spaces_or_commas() -> None:
    assert read_faces(Dice.of(D6, D6), "3,5") == (3, 5)
    assert read_faces(Dice.of(D6, D6), " 3 ,  5 ") == (3, 5)
    assert read_faces(Dice.of(D6, D6), "3\t5") == (3, 5)


# --- notation --------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice, notation",
    [
        (Dice.of(D10X), "d10!"),
        (Dice.of(D10), "d10"),
        (Dice.of(D20), "d20"),
        (Dice.of(D6, D6), "2d6"),
        (FOUR_DF, "4dF"),
        (Dice.of(FUDGE), "dF"),
        (Dice.of(PERCENT), "d%"),
        (SECONDS, "d6 d10"),
        (Dice.of(D6, D6, D10), "2d6 d10"),
        (Dice.of(D10, D10X), "d10 d10!"),
        (Dice.of(D6, D10, D6), "d6 d10 d6"),
        (Dice.of(d(6, explodes=True), d(6, explodes=True)), "2d6!"),
    ],
)
def test_notation(dice: Dice, notation: str) -> None:
    assert dice.notation == notation


def test_every_face_text_reads_back_to_its_value() -> None:
    for die in (D6, D10, D10X, D20, DIGIT, PERCENT, FUDGE, d(4), d(8), d(12)):
        for value in range(die.low, die.high + 1):
            assert one(die, die.face_text(value)) == (value,), (die, value)


# --- D-6: the app's roll reads back exactly as a typed one -------------------

ANY_DIE = st.sampled_from([d(4), D6, d(8), D10, D10X, d(12), D20, DIGIT, PERCENT, FUDGE])


@settings(max_examples=examples(200), deadline=None)
@given(dice=st.lists(ANY_DIE, min_size=1, max_size=6).map(lambda ds: Dice(tuple(ds))), seed=st.integers(0, 2**32))
def test_roll_text_reads_back_to_the_rolled_values(dice: Dice, seed: int) -> None:
    text = roll_text(dice, random.Random(seed))
    values = read_faces(dice, text)
    assert values == roll_faces(dice, random.Random(seed))
    assert len(values) == len(dice.dice)
    for die, value in zip(dice.dice, values):
        assert die.low <= value <= die.high


@settings(max_examples=examples(150), deadline=None)
@given(n=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_fudge_roll_text_reads_back(n: int, seed: int) -> None:
    dice = Dice((FUDGE,) * n)
    text = roll_text(dice, random.Random(seed))
    assert set(text.split()) <= {"+", "-", "0"}
    assert read_faces(dice, text) == roll_faces(dice, random.Random(seed))


@settings(max_examples=examples(200), deadline=None)
@given(dice=st.lists(ANY_DIE, min_size=1, max_size=4).map(lambda ds: Dice(tuple(ds))), text=st.text(max_size=12))
def test_any_text_is_read_or_refused_never_crashes(dice: Dice, text: str) -> None:
    try:
        values = read_faces(dice, text)
    except Refused as exc:
        assert exc.reason
    else:
        assert len(values) == len(dice.dice)
        assert all(die.low <= v <= die.high for die, v in zip(dice.dice, values))


@pytest.mark.parametrize("dice, text, faces", [(Dice.of(D6, D6), "34", (3, 4)), (SECONDS, "40", (4, 0))])
def test_single_digit_dice_may_be_typed_run_together(dice: Dice, text: str, faces: tuple[int, ...]) -> None:
    """ "34" for 2d6 can only mean 3 and 4: every die shows one digit."""
    assert read_faces(dice, text) == faces


@pytest.mark.parametrize(
    "dice, text", [(Dice.of(D6, D6), "37"), (Dice.of(d(20), d(20)), "34"), (Dice.of(D6, D6), "345")]
)
def test_run_together_faces_are_still_checked(dice: Dice, text: str) -> None:
    """A d6 has no 7; a d20's faces can have two digits, so "34" is one face there; three digits are three faces."""
    with pytest.raises(Refused):
        read_faces(dice, text)


# --- standard notation (issue 20: one parser for every game) -------------------------------------

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden_notations() -> set[str]:
    """Every notation a roll prompt of the golden scripts (all five games) names."""
    found = set()
    for path in sorted(GOLDEN.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            prompt = json.loads(line).get("prompt") if line.strip() else None
            if prompt and prompt.get("kind") == "roll":
                found.add(prompt["dice"])
    return found


def test_every_games_notation_reads_back_as_the_dice_it_names() -> None:
    """The notations the five games' prompts write (FO and Cage Match 2d6; NHB d10!, d20, d10 and
    d6 d10; Fudge 4dF and 2dF; PAF d%, d20, d8, d6 ...) read back as dice that write them again."""
    notations = golden_notations()
    assert {"2d6", "d10!", "d20", "d6 d10", "4dF", "d%", "d8"} <= notations
    for text in notations:
        assert Dice.parse(text).notation == text


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("2d6", Dice.of(D6, D6)),  # FO's and Cage Match's roll
        ("d10!", Dice.of(D10X)),  # NHB's control and d10! fight die (ruling D-4)
        ("d20", Dice.of(D20)),
        ("d10", Dice.of(D10)),  # read 1-10, 0 for 10 (ruling D-1)
        ("d6 d10", Dice.of(D6, D10)),  # a digit d10 has no notation of its own: NHB's seconds are built
        ("4dF", FOUR_DF),  # Fudge
        ("dF", Dice.of(FUDGE)),
        ("d%", Dice.of(PERCENT)),  # PAF's percentile roll (ruling D-2)
        ("1d8", Dice.of(d(8))),  # PAF's tables write the 1
        ("3d3", Dice.of(d(3), d(3), d(3))),
        ("d100", Dice.of(d(100))),  # not percentile dice: 1-100 on one die
    ],
)
def test_standard_notation_reads_as_dice(text: str, dice: Dice) -> None:
    assert Dice.parse(text) == dice
    assert parse_roll(text) == (dice, 0)


@pytest.mark.parametrize(
    ("text", "dice", "plus"),
    [("1d6+1", Dice.of(D6), 1), ("1d10+11", Dice.of(D10), 11), ("2d4-1", Dice.of(d(4), d(4)), -1)],
)
def test_a_roll_adds_a_number_to_its_dice(text: str, dice: Dice, plus: int) -> None:
    """PAF's damage and hit points (ruling PA-4): dice and a number added to their total."""
    assert parse_roll(text) == (dice, plus)
    with pytest.raises(ValueError, match="adds a number to the dice"):
        Dice.parse(text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("1-8", "'1-8' is not dice in standard notation (like 2d6, d10!, 4dF, d%, 1d6+1)"),
        ("2D6", "is not dice in standard notation"),
        ("0d6", "is not dice in standard notation"),
        ("d0", "is not dice in standard notation"),
        ("dF!", "is not dice in standard notation"),
        ("2d6 + 1", "is not dice in standard notation"),
        ("", "is not dice in standard notation"),
        ("101d6", "'101d6' names more than 100 dice"),
        ("99999999d6", "names more than 100 dice"),
        ("d1001", "a die has at most 1000 sides"),
    ],
)
def test_what_is_not_notation_is_refused_saying_so(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=re.escape(said)):
        parse_roll(text)


@given(st.lists(st.sampled_from([D6, D10, D10X, D20, d(4), d(8), d(12), FUDGE, PERCENT]), min_size=1, max_size=8))
@settings(max_examples=examples(200))
def test_any_dice_a_prompt_asks_for_read_back_from_their_notation(dice: list[Die]) -> None:
    """What a prompt writes, the parser reads: every dice but a d10 read as a digit (NHB's seconds)."""
    asked = Dice(tuple(dice))
    assert Dice.parse(asked.notation) == asked
