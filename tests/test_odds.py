"""The core of the odds (issue 8, companion/odds.py): the dice's exact distributions,
checked against brute-force enumeration of every face."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from companion.dice import FUDGE, PERCENT, Dice, Die, Kind, d
from companion.odds import (
    EACH,
    SUM,
    SUM_DOUBLE,
    Background,
    Line,
    Memo,
    Odds,
    Same,
    Walk,
    chance,
    classes,
    expect,
    exploding_dist,
    faces,
    sum_dist,
)


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


@pytest.mark.parametrize(
    "dice",
    [
        Dice.of(d(6), d(6)),
        Dice.of(*(FUDGE,) * 4),
        Dice.of(d(8)),
        Dice.of(d(4), d(4), d(4)),
        Dice.of(PERCENT),
        Dice.of(d(20)),
        Dice.of(d(6), d(10)),
    ],
    ids=lambda dice: dice.notation,
)
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
    assert odds.to_json() == {
        "title": "t",
        "lines": [{"key": "hit", "label": "hits", "p": 0.5, "kind": "chance"}],
        "sections": [{"title": "the roll", "lines": [{"key": "miss", "label": "miss", "p": 0.5, "kind": "chance"}]}],
        "remainder": 0.0,
        "basis": "exact",
    }
    # a fighter's figure names its corner; what is still being worked out is said, never guessed
    odds = Odds("t", (Line("bout", "Red wins", 0.69, side=0),), remainder=0.0003, pending=("the bout",))
    assert odds.to_json()["lines"][0]["side"] == 0 and odds.to_json()["pending"] == ["the bout"]
    assert odds.line("bout").p == 0.69 and odds.line("nope") is None and odds.section("x") == ()
    text = odds.text()
    assert "69%  Red wins" in text and "0.0003 of the chance not followed" in text and "still working: the bout" in text


# --- face classes -------------------------------------------------------------


def test_classes_group_faces_by_what_the_game_reads() -> None:
    """2d6 read by the sum: 11 classes; by the sum and "is it a double": 15 (a sum of 2
    is only 1-1, 12 only 6-6); 4dF by the sum: 9. Each class weighs what its faces weigh."""
    two_d6 = Dice.of(d(6), d(6))
    assert len(classes(two_d6, SUM)) == 11 and len(classes(two_d6, SUM_DOUBLE)) == 15
    assert len(classes(Dice.of(*(FUDGE,) * 4), SUM)) == 9 and len(classes(two_d6, EACH)) == 36
    for grouping in (EACH, SUM, SUM_DOUBLE):
        cls = classes(two_d6, grouping)
        assert sum(q for _, q in cls) == 1
        for rep, q in cls:  # the weight is the count of faces that read as the representative does

            def reads(f, rep=rep, grouping=grouping):
                if grouping == EACH:
                    return f == rep
                same_sum = sum(f) == sum(rep)
                return same_sum and (grouping == SUM or (f[0] == f[1]) == (rep[0] == rep[1]))

            assert q == Fraction(sum(1 for f in faces(two_d6) if reads(f)), 36)
    doubles = {rep: q for rep, q in classes(two_d6, SUM_DOUBLE) if rep[0] == rep[1]}
    assert doubles[(1, 1)] == Fraction(1, 36) and len(doubles) == 6


# --- the walker ----------------------------------------------------------------


def coin_game(p_tie: Fraction, p_red: Fraction):
    """A toy ruleset: a roll-off that red wins with ``p_red``, blue with the rest but ``p_tie``,
    and a tie re-rolls. Red's win then leads to a second roll-off of its own, with its own
    ties (a nested loop), which red wins at even chances."""

    def expand(state):
        if state == "start":
            return [
                (float(p_red), (("red",),), "second", None),
                (float(1 - p_red - p_tie), (("blue",),), None, None),
                (float(p_tie), (), "start", None),
            ]
        if state == "second":
            return [(0.25, (("red twice",),), None, None), (0.25, (), None, None), (0.5, (), "second:tie", None)]
        if state == "second:tie":  # the second roll-off's tie passes through one more state back to its head
            return [(1.0, (), "second", None)]
        raise AssertionError(state)

    return expand


def test_the_walker_solves_re_rolls_as_the_geometric_series() -> None:
    p_tie, p_red = Fraction(1, 10), Fraction(3, 10)
    walk = Walk(coin_game(p_tie, p_red), key=lambda s: s)
    v = walk.value("start")
    red = p_red / (1 - p_tie)  # the series p_red * (1 + p_tie + p_tie^2 + ...)
    assert v[("red",)] == pytest.approx(float(red), abs=1e-15)
    assert v[("blue",)] == pytest.approx(float((1 - p_red - p_tie) / (1 - p_tie)), abs=1e-15)
    # the nested loop: red wins the second roll-off half the time it ends
    assert v[("red twice",)] == pytest.approx(float(red / 2), abs=1e-15)
    # a state inside a loop, asked for later, is resolved against its head's value
    assert walk.known("second:tie") == pytest.approx({("red twice",): 0.5})
    assert walk.known("nowhere") is None and walk.states["second"] == "second"


def test_a_walk_started_inside_a_loop_agrees() -> None:
    """Asked first at a state inside the loop (a prompt after a resume), the walk reaches the
    loop's head as a child and still solves both exactly."""
    walk = Walk(coin_game(Fraction(1, 10), Fraction(3, 10)), key=lambda s: s)
    assert walk.value("second:tie") == pytest.approx({("red twice",): 0.5})
    assert walk.value("second") == pytest.approx({("red twice",): 0.5})
    assert walk.value("start")[("red twice",)] == pytest.approx(1 / 6)


def test_branches_to_the_same_state_are_walked_once_and_kept_events_filtered() -> None:
    seen = []

    def expand(state):
        seen.append(state)
        if state == "a":
            keep = lambda v: {e: p for e, p in v.items() if e[0] != "local"}  # noqa: E731
            return [(0.5, (), "b", None), (0.25, (), "b", None), (0.25, (("x",),), "b", keep)]
        return [(1.0, (("local",), ("y",)), None, None)]

    v = Walk(expand, key=lambda s: s).value("a")
    assert seen == ["a", "b"] and v == {("x",): 0.25, ("local",): 0.75, ("y",): 1.0}


# --- tables and memory --------------------------------------------------------


def test_a_table_is_computed_once_in_the_background_then_looked_up() -> None:
    calls = []

    def compute():
        calls.append(1)
        return {"value": 42}

    tables = Background(keep=2)
    assert tables.peek("k") is None
    tables.start("k", compute)
    tables.start("k", compute)  # already running or done: not started again
    tables.wait()
    assert tables.peek("k") == {"value": 42} and calls == [1]
    assert tables.get("k", compute) == {"value": 42} and calls == [1]
    assert tables.get("j", compute) == {"value": 42} and calls == [1, 1]  # computed here when asked to wait
    tables.get("i", compute)
    assert tables.peek("k") is None  # the least recently asked for went first
    tables.clear()
    assert tables.peek("j") is None


class Slow:
    """A fake slow table: each value waits until the test lets it go, and the calls are counted."""

    def __init__(self) -> None:
        import threading

        self.go: dict[str, threading.Event] = {}
        self.calls: list[str] = []
        self.began: dict[str, threading.Event] = {}

    def __call__(self, key: str):
        import threading

        self.go.setdefault(key, threading.Event())
        self.began.setdefault(key, threading.Event())

        def compute() -> str:
            self.calls.append(key)
            self.began[key].set()
            assert self.go[key].wait(10), f"{key} was never let go"
            if key.startswith("bad"):
                raise ValueError(f"no {key} today")
            return key.upper()

        return compute


def test_a_background_value_is_pending_until_ready_then_kept() -> None:
    slow, cache = Slow(), Background(keep=4)
    cache.start("a", slow("a"))
    assert slow.began["a"].wait(10)
    assert cache.peek("a") is None and not cache.ready("a") and cache.failed("a") is None  # pending: no guess
    cache.start("a", slow("a"))  # being computed: not started again
    slow.go["a"].set()
    cache.wait(10)
    assert cache.peek("a") == "A" and cache.ready("a") and slow.calls == ["a"]
    assert cache.get("a", slow("a")) == "A" and slow.calls == ["a"]  # a lookup now


def test_values_are_worked_out_in_turn_and_get_waits_for_the_one_running() -> None:
    import threading

    slow, cache = Slow(), Background()
    cache.start("a", slow("a"))
    cache.start("b", slow("b"))
    assert slow.began["a"].wait(10)
    got: list[str] = []
    waiter = threading.Thread(target=lambda: got.append(cache.get("a", slow("a"))))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive() and got == []  # waits for the worker's "a", does not compute a second
    slow.go["a"].set()
    waiter.join(10)
    assert got == ["A"]
    assert slow.began["b"].wait(10) and cache.peek("b") is None  # then "b", in turn
    slow.go["b"].set()
    cache.wait(10)
    assert cache.peek("b") == "B" and slow.calls == ["a", "b"]


def test_only_the_latest_value_asked_for_waits_when_latest() -> None:
    """Cage Match's pad: a turn answered before its pad was begun is dropped."""
    slow, cache = Slow(), Background(latest=True)
    cache.start("turn 1", slow("turn 1"))
    assert slow.began["turn 1"].wait(10)  # begun: it goes on
    cache.start("turn 2", slow("turn 2"))
    cache.start("turn 3", slow("turn 3"))  # turn 2 not begun: dropped
    for key in ("turn 1", "turn 2", "turn 3"):
        slow.go[key].set()
    cache.wait(10)
    assert slow.calls == ["turn 1", "turn 3"]
    assert cache.peek("turn 2") is None and not cache.ready("turn 2")


def test_a_failed_value_is_ready_with_its_reason_and_never_retried() -> None:
    slow, cache = Slow(), Background()
    slow("bad")
    slow.go["bad"].set()
    cache.start("bad", slow("bad"))
    cache.wait(10)
    assert cache.ready("bad") and cache.peek("bad") is None and cache.failed("bad") == "ValueError: no bad today"
    cache.start("bad", slow("bad"))
    assert cache.get("bad", slow("bad")) is None
    cache.wait(10)
    assert slow.calls == ["bad"]


def test_a_value_begun_before_clear_is_not_kept() -> None:
    slow, cache = Slow(), Background()
    cache.start("a", slow("a"))
    assert slow.began["a"].wait(10)
    cache.clear()
    slow.go["a"].set()
    cache.start("b", slow("b"))
    slow.go["b"].set()
    cache.wait(10)
    assert cache.peek("a") is None and cache.peek("b") == "B"


def test_same_is_equal_to_the_very_object_only() -> None:
    one, other = [1, 2], [1, 2]
    assert Same(one) == Same(one) and hash(Same(one)) == hash(Same(one))
    assert Same(one) != Same(other) and Same(one) != one
    assert {(Same(one), 3): "kept"}.get((Same(one), 3)) == "kept"


def test_memo_keeps_the_most_recent() -> None:
    memo = Memo(keep=2)
    assert memo.get_or("a", lambda: 1) == 1 and memo.get_or("a", lambda: 2) == 1
    memo.get_or("b", lambda: 2)
    memo.get_or("a", lambda: 0)  # a is now the most recent
    memo.get_or("c", lambda: 3)
    assert list(memo) == ["a", "c"]


# --- companion odds -------------------------------------------------------------


def odds_cli(monkeypatch, capsys, tmp_path, *args: str, answers: str = "") -> tuple[int, str, str]:
    import io

    from companion import cli

    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    status = cli.main(["--data-dir", str(tmp_path), "odds", *args] + (["--answers", "-"] if answers else []))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_companion_odds_prints_the_odds_the_ruleset_gives(monkeypatch, capsys, tmp_path) -> None:
    """The same odds as the fight screen's, at the prompt the answers reach: NHB's with the
    bout's table computed first (no "working" on the command line)."""
    import json

    from companion.ruleset import Setup
    from companion.rulesets.nhb.ruleset import RULESET as NHB
    from companion.session import Session

    status, out, _ = odds_cli(
        monkeypatch,
        capsys,
        tmp_path,
        "nhb",
        "--red",
        "Royce Gracie",
        "--blue",
        "Ken Shamrock",
        "--json",
        answers="# Royce's control roll\n7\n",
    )
    got = json.loads(out)
    from companion.cards import load_roster

    roster = load_roster("nhb", NHB.card_model)
    session = Session(NHB, Setup("nhb", (roster.find("Royce Gracie"), roster.find("Ken Shamrock")), {}))
    session.submit("7")
    assert status == 0 and got["prompt"] == session.prompt.to_json()
    assert got["odds"] == NHB.odds(session.state, wait=True).to_json() and "pending" not in got["odds"]
    assert got["odds"]["lines"][0]["label"] == "takes control" and got["odds"]["lines"][0]["side"] == 1

    status, out, _ = odds_cli(monkeypatch, capsys, tmp_path, "nhb", "--red", "Royce Gracie", "--blue", "Ken Shamrock")
    assert status == 0 and out.splitlines()[:2] == ["Royce Gracie: roll d10! for control, +20", "control, segment 1"]
    assert "69%  wins the bout" in out and "exact to 3 explosions in a row" in out


def test_companion_odds_fo_with_detail_and_stamps(monkeypatch, capsys, tmp_path) -> None:
    status, out, _ = odds_cli(monkeypatch, capsys, tmp_path, "fo", "--detail", answers="@0:05 3 4\n@0:09 5 6\n")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "Conor McGregor: choose a standing attack"
    assert any(line.endswith("punch lands, a counter 10%") for line in lines)
    assert "punch:" in lines and "takedown:" in lines and any("the kick is thrown" in line for line in lines)


def test_companion_odds_refusals_and_usage(monkeypatch, capsys, tmp_path) -> None:
    """A refused answer: exit 1, the odds of the prompt before it. No odds for a game that
    shows none, or an unknown game: exit 2. A fight over: no odds, exit 0."""
    status, out, err = odds_cli(monkeypatch, capsys, tmp_path, "fo", answers="3 4\n7 7\n")
    assert status == 1 and "refused '7 7'" in err and "José Aldo: roll 2d6 for the round 1 roll-off" in out
    assert "José Aldo attacks first" in out
    from companion.ruleset import get_ruleset

    with monkeypatch.context() as patch:  # a game that shows none (every shipped game shows odds now)
        patch.setattr(type(get_ruleset("fo")), "has_odds", False)
        status, out, err = odds_cli(monkeypatch, capsys, tmp_path, "fo")
    assert status == 2 and "shows no odds" in err
    status, out, err = odds_cli(monkeypatch, capsys, tmp_path, "chess")
    assert status == 2 and "unknown game" in err
    status, out, err = odds_cli(monkeypatch, capsys, tmp_path, "fo", answers="3 4\n5 6\npunch\n1 1\n")
    assert status == 0 and "by KO (snake-eyes haymaker)" in out and "(no odds at this prompt)" in out


def test_a_table_that_fails_says_so_and_is_not_tried_again() -> None:
    """A background table that raises is not "working" for ever: it is marked failed with its error,
    not started again, and NHB's odds then carry no pending bout (the screen stops looking again)."""
    from companion.cards import load_roster
    from companion.ruleset import Setup

    calls = []

    def broken():
        calls.append(1)
        raise ValueError("no table today")

    tables = Background()
    tables.start("k", broken)
    tables.wait()
    assert tables.peek("k") is None and tables.failed("k") == "ValueError: no table today"
    tables.start("k", broken)
    tables.wait()
    assert len(calls) == 1

    from companion.rulesets.nhb import odds as nhb_odds
    from companion.rulesets.nhb.ruleset import RULESET as NHB

    roster = load_roster("nhb", NHB.card_model)
    state = NHB.new(Setup("nhb", (roster.find("Royce Gracie"), roster.find("Ken Shamrock")), {}))
    key = nhb_odds.matchup(state, nhb_odds.DEPTH)
    nhb_odds.BOUT_TABLES.clear()
    with nhb_odds.BOUT_TABLES._lock:
        nhb_odds.BOUT_TABLES._failed[key] = "MemoryError: "
    try:
        odds = NHB.odds(state)
        assert odds.pending == () and "the bout's table failed: MemoryError" in odds.basis
        assert odds.line("bout") is None and odds.line("control") is not None
    finally:
        nhb_odds.BOUT_TABLES.clear()
