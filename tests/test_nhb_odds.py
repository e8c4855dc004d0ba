"""NHB's odds (issue 8, docs/odds_design.md 4.1) against brute force: every face of every
die typed through ``apply`` as a player types it, exploding dice followed to the same depth
(ruling D-4), re-rolls (NHB-2, NHB-4) unrolled, sums kept as exact fractions. The odds walk
``advance`` over a coarser key with the re-rolls solved as a series; they must agree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from companion.odds import faces
from companion.ruleset import Answer, Setup
from companion.rulesets.nhb import odds as nhb_odds
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.rulesets.nhb.state import NhbState

GRAPPLER = NhbCard(name="Grappler", control=12, standup=8, ground=14, finishing=6, toughness=6, sub_chart="jiu-jitsu")
STRIKER = NhbCard(name="Striker", control=12, standup=13, ground=8, finishing=6, toughness=7)
"""Equal control ratings: a control tie is re-rolled (NHB-2), a loop back to red's roll.
The grappler's chart is the submission chart (NHB-6), the striker's the striker chart."""
HIGHER = NhbCard(name="Higher", control=13, standup=11, ground=11, finishing=5, toughness=6)
"""A higher control rating than the grappler's less one: a tie is his (NHB-2); no place advised
over another by the differences alone."""

CUT = "cut"
UNROLLED = "unrolled"
UNROLL = 8
"""Re-rolls followed one after another; the chance of more is left over (under 0.15**8)."""


def start(red: NhbCard = GRAPPLER, blue: NhbCard = STRIKER, **options) -> NhbState:
    return RULESET.new(Setup("nhb", (red, blue), options))


def play(state: NhbState, *answers: str) -> NhbState:
    for text in answers:
        state = RULESET.apply(state, Answer(text)).state
    return state


def brute(state: NhbState, read: Callable[[NhbState, NhbState], object], depth: int = 3) -> Counter:
    """{label: Fraction}: every face of the prompted dice typed through ``apply``, on and on
    until ``read(before, after)`` gives a label. An exploding roll past ``depth`` explosions
    in a row is ``cut``; a re-roll past :data:`UNROLL` re-rolls in a row is ``unrolled``. At
    the controller's choice, the advised place (each at even chances where none is)."""
    memo: dict = {}

    def go(state: NhbState, ties: int) -> Counter:
        key = (state, ties)
        if key in memo:
            return memo[key]
        out: Counter = Counter()
        prompt = RULESET.prompt(state)
        if prompt.kind == "choice":
            picks = (prompt.advised,) if prompt.advised else tuple(o.key for o in prompt.options)
            for pick in picks:
                for label, q in go(RULESET.apply(state, Answer(pick)).state, 0).items():
                    out[label] += q / len(picks)
        else:
            for face, q in faces(prompt.dice).items():
                after = RULESET.apply(state, Answer(" ".join(map(str, face)))).state
                if len(after.exploded) > depth:
                    out[CUT] += q
                    continue
                label = read(state, after)
                if label is not None:
                    out[label] += q
                    continue
                re_roll = (
                    after.step == state.step
                    and state.roller == 1
                    and after.roller == 0
                    and after.totals == (None, None)
                    and not after.exploded
                )
                if re_roll and ties == UNROLL:
                    out[UNROLLED] += q
                    continue
                later = ties + 1 if re_roll else ties if after.step == state.step else 0
                for label2, q2 in go(after, later).items():
                    out[label2] += q * q2
        memo[key] = out
        return out

    return go(state, 0)


def close(odds_p: float, exact: Fraction, slack: Fraction = Fraction(0)) -> bool:
    """The odds' float equals the brute force's fraction, up to rounding and ``slack``."""
    return abs(Fraction(odds_p) - exact) <= slack + Fraction(1, 10**12)


def control_read(before: NhbState, after: NhbState):
    return ("control", after.controller) if after.step == "where" else None


def fp_read(before: NhbState, after: NhbState):
    return ("fp", after.winner) if before.step == "fight" and after.step == "finish" else None


def end_read(before: NhbState, after: NhbState):
    """How the segment ends: a finish found on the chart, or the distance (NHB-5)."""
    if before.step == "finish" and after.finish is not None:
        return ("finish", after.winner, after.finish.method)
    if after.result is not None or after.segment != before.segment:
        return ("distance", before.winner)
    return None


@pytest.fixture(autouse=True)
def fresh_walks():
    """Each test computes its own walks, and no table is left running into the next."""
    nhb_odds.BOUT_TABLES.wait()
    nhb_odds.BOUT_TABLES.clear()
    nhb_odds.SEGMENT_WALKS.clear()
    yield
    nhb_odds.BOUT_TABLES.wait()


# --- one roll at a time, against every face typed ------------------------------------


@pytest.mark.parametrize(
    "red, blue, answers",
    [
        (GRAPPLER, STRIKER, ()),  # red's roll: equal ratings, a tie re-rolls (a loop)
        (GRAPPLER, STRIKER, ("7",)),  # blue's roll, given red's total
        (GRAPPLER, STRIKER, ("10",)),  # red's explosion (ruling D-4)
        (GRAPPLER, STRIKER, ("4", "10", "10")),  # blue's second explosion, a tie still possible
        (HIGHER, GRAPPLER, ()),  # unequal ratings: a tie is the higher rating's
    ],
    ids=["red", "blue", "red-explodes", "blue-explodes-twice", "tie-to-higher"],
)
def test_control_is_every_face_typed(red, blue, answers) -> None:
    """NHB-2: the chance each fighter takes control, given the totals so far."""
    state = play(start(red, blue), *answers)
    odds = nhb_odds.odds(RULESET, state, start_table=False)
    exact = brute(state, control_read)
    slack = exact[UNROLLED]
    by = {line.key: line.p for line in odds.section("this segment")}
    for side in (0, 1):
        assert close(by[f"control:{side}"], exact[("control", side)] / (1 - slack), slack)
    assert close(odds.line("control").p, exact[("control", state.roller)] / (1 - slack), slack)
    assert "takes control" in odds.line("control").label and odds.title == "control, segment 1"
    assert odds.pending == ("the bout",) and odds.line("bout") is None  # the table was not asked for


def test_fight_points_and_the_finish_are_every_face_typed() -> None:
    """NHB-4 to NHB-6 at red's fight-points roll (a tie re-rolls): the chance each wins the
    segment's fight points, and of each finish by each fighter and method, or the distance."""
    state = play(start(), "5", "3", "ground")  # the grappler takes control and the ground
    assert state.step == "fight" and state.place == "ground"
    odds = nhb_odds.odds(RULESET, state, start_table=False)
    by = {line.key: line.p for line in odds.section("this segment")}
    fp = brute(state, fp_read)
    for side in (0, 1):
        assert close(by[f"fp:{side}"], fp[("fp", side)], fp[UNROLLED])
    ends = brute(state, end_read)
    slack = ends[UNROLLED]
    for side in (0, 1):
        for method in ("ko", "tko", "submission"):
            assert close(by[f"finish:{side}:{method}"], ends[("finish", side, method)], slack)
    distance = ends[("distance", 0)] + ends[("distance", 1)]
    assert close(by["distance"], distance, slack)
    assert ends[CUT] == 0 and odds.remainder == 0  # a d20 does not explode
    # the compact view: the roller's fight points, and the finish with its methods
    assert odds.line("fp").p == by["fp:0"] and odds.line("finish").p == pytest.approx(1 - by["distance"])


@pytest.mark.parametrize(
    "answers",
    [("5", "3", "ground", "12"), ("5", "3", "ground", "12", "4")],
    ids=["blue's fight points", "the winner's finish roll"],
)
def test_later_rolls_of_the_segment_given_the_totals_so_far(answers) -> None:
    state = play(start(), *answers)
    odds = nhb_odds.odds(RULESET, state, start_table=False)
    by = {line.key: line.p for line in odds.section("this segment")}
    ends = brute(state, end_read)
    for side in (0, 1):
        for method in ("ko", "tko", "submission"):
            assert close(by[f"finish:{side}:{method}"], ends[("finish", side, method)], ends[UNROLLED])


def test_an_exploding_fight_die_to_the_stated_depth() -> None:
    """NHB-4's d10! option: fight points explode, followed to 3 explosions in a row; the
    chance beyond is the remainder, the same as enumeration to that depth leaves over."""
    state = play(start(fight_die="d10!"), "5", "3", "ground")
    odds = nhb_odds.odds(RULESET, state, start_table=False)
    fp = brute(state, fp_read)
    by = {line.key: line.p for line in odds.section("this segment")}
    assert fp[CUT] > 0
    for side in (0, 1):
        assert close(by[f"fp:{side}"], fp[("fp", side)], fp[UNROLLED])
    # the remainder is the cut mass of the segment, re-rolls solved (the brute force's cut, unrolled)
    assert close(odds.remainder, fp[CUT], fp[UNROLLED] + Fraction(1, 10**9))


def test_the_remainder_falls_tenfold_a_depth() -> None:
    """Each exploding roll leaves 10**-(depth + 1) beyond its depth: one more depth, a tenth."""
    state = start(segments=1)
    rests = [nhb_odds.odds(RULESET, state, depth=d, start_table=False).remainder for d in (1, 2, 3)]
    assert rests[0] > 0 and rests[1] / rests[0] == pytest.approx(0.1, rel=0.02)
    assert rests[2] / rests[1] == pytest.approx(0.1, rel=0.02)


def test_the_submission_prompt_gives_each_hold() -> None:
    """NHB-6: once a submission is found, the bout is settled, and the d20 on the winner's
    chart says which hold: each hold's chance is its faces typed."""
    state = play(start(), "5", "3", "ground", "20", "1", "10", "1")  # margin 19 - 8 = 11: submission*
    assert state.step == "sub", state.step
    odds = nhb_odds.odds(RULESET, state, start_table=False)
    holds = Counter()
    for (face,), q in faces(RULESET.prompt(state).dice).items():
        holds[RULESET.apply(state, Answer(str(face))).state.finish.detail] += q
    by = {line.label: line.p for line in odds.section("jiu-jitsu chart")}
    assert by.keys() == holds.keys() and all(close(by[h], q) for h, q in holds.items())
    assert odds.line("bout").p == 1 and "Grappler wins by submission" in odds.line("bout").label


# --- the bout ---------------------------------------------------------------------------


def test_a_one_segment_bout_matches_the_odds_worked_from_the_rules_text() -> None:
    """An independent check: tests/test_simulate.py works out one segment's (winner, method)
    from the rules text alone (NHB-2 to NHB-6, d10! to 8 explosions); the bout table, walked
    through the engine to 3 explosions, agrees within its remainder."""
    from test_simulate import BLUE, RED, exact_one_segment

    expected, _ = exact_one_segment()
    state = RULESET.new(Setup("nhb", (RED, BLUE), {"segments": 1, "exact_time": False}))
    odds = nhb_odds.odds(RULESET, state, wait=True)
    by = {line.key: line.p for line in odds.section("the bout")}
    names = ("Red", "Blue")
    for (name, method), q in expected.items():
        assert abs(Fraction(by[f"bout:{names.index(name)}:{method}"]) - q) <= Fraction(odds.remainder) + Fraction(
            1, 10**7
        )
    assert 0 < odds.remainder < 3e-4


def settles(before: NhbState, after: NhbState, depth: int):
    """The events of one step and whether the walk goes on, read off the states as the odds
    must read them (written here from NHB-2 to NHB-8, not taken from the walker)."""
    if len(after.exploded) > depth:
        return [("cut",), ("seg", "cut")], False
    if before.step == "finish" and after.finish is not None:
        return [
            ("seg", "finish", after.winner, after.finish.method),
            ("bout", after.winner, after.finish.method),
        ], False
    if after.result is not None:
        w = None if after.result.winner is None else [f.name for f in after.fighters].index(after.result.winner)
        return [("bout", w, after.result.method)], False
    events = []
    if before.step == "control" and after.step == "where":
        events.append(("seg", "control", after.controller))
    if before.step == "fight" and after.step == "finish":
        events.append(("seg", "fp", after.winner))
    return events, True


def test_the_bout_table_is_exact_by_induction() -> None:
    """Every state of the whole-bout table (3 segments) holds the rules' own one-step
    equation: its figures are the chance-weighted sum, over every face typed through
    ``apply``, of what that face makes happen and the figures of the state it leads to
    (a tie's state is the same state: the equation of the series). With the one-roll checks
    above, this makes the table exact. The advised place is taken, as the table takes it."""
    table = nhb_odds.bout_table(RULESET, start())
    depth = table.depth
    checked = 0
    for state in list(table.walk.states.values()):
        v = table.walk.known(state)
        prompt = RULESET.prompt(state)
        want: Counter = Counter()
        if prompt.kind == "choice":
            picks = (prompt.advised,) if prompt.advised else tuple(o.key for o in prompt.options)
            branches = [(1.0 / len(picks), RULESET.apply(state, Answer(k)).state) for k in picks]
        else:
            branches = [
                (float(q), RULESET.apply(state, Answer(" ".join(map(str, f)))).state)
                for f, q in faces(prompt.dice).items()
            ]
        for q, after in branches:
            events, on = settles(state, after, depth) if prompt.kind != "choice" else ([], True)
            for e in events:
                want[e] += q
            if on:
                child = table.walk.known(after)
                assert child is not None, after
                new_segment = after.segment != state.segment
                for e, p in child.items():
                    if not (new_segment and e[0] == "seg"):
                        want[e] += q * p
        assert set(want) - set(v) <= {e for e in want if abs(want[e]) < 1e-15}
        for e, p in v.items():
            assert want[e] == pytest.approx(p, abs=1e-12), (state, e)
        checked += 1
    assert checked == len(table.walk.memo) > 1500


def test_the_bout_odds_of_a_classic() -> None:
    """Royce Gracie v Ken Shamrock (UFC 1): the table's 69.1% for Royce, as the design
    measured it and ``companion simulate`` gives; the figures sum to 1 with the remainder."""
    from companion.cards import load_roster

    roster = load_roster("nhb", RULESET.card_model)
    state = RULESET.new(Setup("nhb", (roster.find("Royce Gracie"), roster.find("Ken Shamrock")), {}))
    odds = nhb_odds.odds(RULESET, state, wait=True)
    assert odds.line("bout").p == pytest.approx(0.69093, abs=5e-5) and odds.line("bout").label == "wins the bout"
    assert odds.line("bout").side == 0  # the roller's: Royce Gracie, red
    by = {line.key: line.p for line in odds.section("the bout")}
    assert by["bout:0"] + by["bout:1"] + by["bout:draw"] + odds.remainder == pytest.approx(1, abs=1e-12)
    assert odds.pending == () and "exact to 3 explosions" in odds.basis


def test_the_segment_first_then_the_bout_the_same_figures() -> None:
    """Before the table is ready, the segment's figures come from a walk of the segment
    alone, the bout is pending; after, the table's figures for the segment are the same."""
    state = play(start(), "6")
    early = nhb_odds.odds(RULESET, state)
    assert early.pending == ("the bout",) and early.line("bout") is None
    nhb_odds.BOUT_TABLES.wait()
    late = nhb_odds.odds(RULESET, state)
    assert late.pending == () and late.line("bout") is not None
    for a, b in zip(early.section("this segment"), late.section("this segment")):
        assert a.key == b.key and a.p == pytest.approx(b.p, abs=1e-12)


def test_table_lookups_equal_fresh_walks_through_a_bout() -> None:
    """At every prompt of an app-rolled bout, the table's figures (a lookup) equal a fresh
    walk from that state alone: this checks the keys the table merges states by and the
    loops it resolves when asked for a state inside a re-roll."""
    import random

    from companion.session import Session

    session = Session(RULESET, Setup("nhb", (GRAPPLER, STRIKER), {}), rng=random.Random(8))
    table = nhb_odds.bout_table(RULESET, session.state)
    prompts = 0
    while not session.over:
        state = session.state
        if state.step in ("control", "where", "fight", "finish"):
            fresh = nhb_odds.NhbWalk(RULESET, state, bout=False).value(state)
            got = table.walk.known(state)
            assert got is not None
            for e, p in fresh.items():
                if e[0] == "seg":
                    assert got.get(e, 0.0) == pytest.approx(p, abs=1e-12), e
            prompts += 1
        session.roll()
    assert prompts >= 6


@pytest.mark.parametrize(
    "options",
    [{"segments": 2}, {"fight_die": "d10!", "exact_time": False, "segments": 5}],
    ids=["two segments", "d10! five segments"],
)
def test_every_prompt_of_app_rolled_bouts(options) -> None:
    """At every prompt of bouts the app rolls: odds for each roll and choice, every chance
    within 0 and 1, the bout's figures (a draw possible with two segments, NHB-8) and the
    remainder summing to 1, and so do the control and fight points figures while they are to
    be rolled for; none once the bout is over."""
    import random

    from companion.session import Session

    setup = Setup("nhb", (GRAPPLER, STRIKER), options)
    nhb_odds.odds(RULESET, RULESET.new(setup), wait=True)
    steps = Counter()
    for seed in range(12):
        session = Session(RULESET, setup, rng=random.Random(seed))
        while True:
            odds = RULESET.odds(session.state)
            if session.over:
                assert odds is None
                break
            assert odds.pending == () and all(-1e-12 <= x.p <= 1 + 1e-12 for x in odds.lines)
            steps[session.state.step] += 1
            if session.state.step in ("control", "fight", "finish"):
                by = {line.key: line.p for line in odds.section("the bout")}
                assert by["bout:0"] + by["bout:1"] + by["bout:draw"] + odds.remainder == pytest.approx(1, abs=1e-9)
                seg = {line.key: line.p for line in odds.section("this segment")}
                if "control:0" in seg:
                    assert seg["control:0"] + seg["control:1"] <= 1 + 1e-12
                    assert seg["control:0"] + seg["control:1"] == pytest.approx(1, abs=2e-3)  # but the cut
            session.roll()
    assert set(steps) >= {"control", "where", "fight", "finish"}


def test_the_controllers_choice_shows_each_place() -> None:
    """NHB-3: at the choice, each place's chance to win the bout (the compact line), and its fight
    points and finishes in the detail, whatever is advised (the prompt says which is)."""
    state = play(start(), "5", "3")
    assert state.step == "where"
    odds = nhb_odds.odds(RULESET, state, wait=True)
    table = nhb_odds.BOUT_TABLES.peek(nhb_odds.matchup(state, nhb_odds.DEPTH))
    for place in ("standup", "ground"):
        v = table.walk.value(RULESET.apply(state, Answer(place)).state)
        line = odds.line(f"place:{place}")
        assert line.p == pytest.approx(sum(p for e, p in v.items() if e[:2] == ("bout", 0)), abs=1e-12)
        assert line.label == f"{place}: wins the bout" and line.side == 0
        fp = next(x for x in odds.section(place) if x.key == "fp:0")
        assert fp.p == pytest.approx(v[("seg", "fp", 0)], abs=1e-12)
    assert odds.line("place:ground").p != odds.line("place:standup").p


def test_no_odds_once_the_bout_is_over() -> None:
    state = play(start(segments=1, exact_time=False), "5", "3", "ground", "20", "1", "10", "1")
    state = play(state, "3")
    assert state.result is not None and RULESET.odds(state) is None


# --- by the dice tray -------------------------------------------------------------------


async def test_the_odds_by_the_tray_appear_update_and_hide(tmp_path) -> None:
    """Issue 8 on the fight screen: at the first control roll the tray shows the segment's
    figures (the bout's table working meanwhile); after an answer, the next roll's figures,
    with the bout's; ctrl+o hides them and shows them again."""
    import random

    from table_cards import NHB_CARDS, assert_odds_hide_and_show, open_fight, text_of, type_answer
    from textual.widgets import Static

    from companion.screens.app import make_app

    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "nhb.yaml").write_text(NHB_CARDS)
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_fight(pilot, 0, "alpha one", "bravo two")
        await pilot.pause()
        box = screen.query_one("#odds", Static)
        expected = nhb_odds.odds(RULESET, screen.session.state, start_table=False)
        shown = text_of(box)
        assert box.display
        for key in ("control", "fp", "finish"):
            line = expected.line(key)
            assert line.label in shown and line.shown() in shown
        assert "takes control" in shown  # the roller's: the prompt names him, the bar takes his colour
        nhb_odds.BOUT_TABLES.wait()  # the bout's table, started by the first prompt
        await type_answer(pilot, "7")
        assert screen.session.prompt.who == "Bravo Two"
        now = RULESET.odds(screen.session.state)
        shown = text_of(box)
        assert box.display and now.line("bout") is not None
        for line in now.lines:
            assert line.label in shown and line.shown() in shown
        assert "takes control" in shown and "wins the bout" in shown
        await assert_odds_hide_and_show(pilot, box)
