"""The simulator (``companion simulate``): the table's own engine, exact odds, seeds,
the figures, stopping early, and the command line."""

from __future__ import annotations

import io
import json
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from companion import cli
from companion.clock import seconds_of
from companion.ruleset import Result, Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET, TOURNAMENT
from companion.session import Session
from companion.simulate import Chain, Tally, plan, run, run_job, wilson

RED = NhbCard(name="Red", control=12, standup=12, ground=5, finishing=5, toughness=5)
BLUE = NhbCard(name="Blue", control=10, standup=10, ground=5, finishing=4, toughness=6)
"""Both strikers by the NHB-6 rule of thumb (standup >= ground + 3)."""


# --- the same engine as the table ---------------------------------------------------


@pytest.mark.parametrize(
    "options, n", [({}, 1500), ({"fight_die": "d10!", "segments": 1}, 300), ({"exact_time": False}, 300)]
)
def test_a_simulated_bout_is_the_bout_the_app_rolls_with_the_same_generator(options, n):
    """Issue 5: "using exactly the rules engine the table uses". With one generator, the
    chain plays each bout exactly as a session does when the app rolls every prompt
    (ruling D-6) and takes the advised place. Bouts late in the run take the chain's
    remembered steps, so this also checks that the states ``memo_key`` merges go on alike."""
    cards = (
        NhbCard(name="Even A", control=10, standup=10, ground=10, finishing=5, toughness=5),
        NhbCard(name="Even B", control=11, standup=10, ground=10, finishing=6, toughness=4),
    )
    setup = Setup("nhb", cards, options)  # equal standup and ground: no place is advised, one is drawn
    chain = Chain(RULESET, setup)
    by_chain, by_session = random.Random(11), random.Random(11)
    for _ in range(n):
        result, loss = chain.results[chain.bout(by_chain.randint)]
        session = Session(RULESET, setup, rng=by_session)
        while not session.over:
            session.roll()
        assert result == session.prompt.result
        assert loss == RULESET.injury(session.state)[0]  # the NHB-9 loss a tournament would carry on
    assert by_chain.random() == by_session.random()  # the same dice were drawn, no more, no fewer


@pytest.mark.parametrize("options", [{}, {"segments": 2, "exact_time": False}])
def test_a_single_bouts_chain_merges_more_states_and_still_plays_the_apps_bout(options):
    """Without tournament injuries the chain merges states that differ only in the NHB-9
    loss (and a finish's dominance, a segment's earlier winner): each bout must still be
    the session's. Different ground and submission charts, advised places, a draw possible."""
    cards = (
        NhbCard(name="Grappler", control=14, standup=6, ground=15, finishing=7, toughness=6, sub_chart="jiu-jitsu"),
        NhbCard(name="Brawler", control=12, standup=13, ground=8, finishing=6, toughness=7),
    )
    setup = Setup("nhb", cards, options)
    single, night = Chain(RULESET, setup, injuries=False), Chain(RULESET, setup)
    by_chain, by_session, by_night = random.Random(3), random.Random(3), random.Random(3)
    for _ in range(1500):
        result, loss = single.results[single.bout(by_chain.randint)]
        session = Session(RULESET, setup, rng=by_session)
        while not session.over:
            session.roll()
        assert (result, loss) == (session.prompt.result, 0)
        assert night.results[night.bout(by_night.randint)][0] == result
    assert by_chain.random() == by_session.random() == by_night.random()
    assert len(single.states) < len(night.states)  # it did merge


# --- exact odds by enumeration --------------------------------------------------------


def exploding_d10(depth: int = 8) -> dict[int, Fraction]:
    """The total of an exploding d10 (ruling D-4), to ``depth`` explosions (remainder 10**-depth)."""
    out: dict[int, Fraction] = {}
    for k in range(depth):
        for face in range(1, 10):
            out[10 * k + face] = Fraction(1, 10 ** (k + 1))
    return out


STANDUP = [(1, 4, "tko"), (5, 9, "ko"), (10, 99, "ko")]
STRIKER = [(1, 6, "tko"), (7, 9, "submission"), (10, 99, "ko")]


def exact_one_segment() -> tuple[dict[str, Fraction], Fraction]:
    """(winner, method) odds of RED v BLUE over one segment without exact seconds, from
    the rules text alone (NHB-2 to NHB-6), and the odds of a finish by 5:00 (NHB-7)."""
    d10x = exploding_d10()
    red_controls = sum(
        p * q for x, p in d10x.items() for y, q in d10x.items() if x + 12 >= y + 10
    )  # NHB-2: a tie to the higher control
    odds: Counter = Counter()
    inside_5 = Fraction(0)
    for controller, p_control in ((0, red_controls), (1, 1 - red_controls)):
        place = "standup" if controller == 0 else "ground"  # NHB-3 advice: +2 standing for red; 0 v -2 for blue
        rating = [getattr(RED, place), getattr(BLUE, place)]
        rating[controller] += 2  # NHB-4
        pairs = [
            (a + rating[0], b + rating[1]) for a, b in product(range(1, 21), repeat=2) if a + rating[0] != b + rating[1]
        ]
        for red_fp, blue_fp in pairs:  # a tie re-rolls: the rest are equally likely
            p_pair = p_control / len(pairs)
            w = 0 if red_fp > blue_fp else 1
            fw, fl = (red_fp, blue_fp) if w == 0 else (blue_fp, red_fp)
            winner, loser = (RED, BLUE) if w == 0 else (BLUE, RED)
            chart = STANDUP if place == "standup" else STRIKER
            for a, b in product(range(1, 11), repeat=2):  # NHB-5: plain d10s
                p = p_pair / 100
                margin = (a + winner.finishing + fw // 10) - (b + loser.toughness)
                if margin <= 0:
                    odds[(winner.name, "decision")] += p  # one segment: the segment's winner
                    continue
                method = next(m for lo, hi, m in chart if lo <= margin <= hi)
                odds[(winner.name, method)] += p
                if fw - fl >= 6:  # NHB-7: minute 10 - d (4:00 at most), or under a minute from d = 10
                    inside_5 += p
    return odds, inside_5


def test_the_simulators_shares_agree_with_exact_odds():
    """Issue 5: shares within 4.5 standard errors of the odds enumerated from the text."""
    odds, inside_5 = exact_one_segment()
    n = 20_000
    options = {"segments": 1, "exact_time": False}
    tally = run(plan("nhb", (RED, BLUE), n, seed=5, options=options), ("Red", "Blue"))
    seen: Counter = Counter()
    finished_by_5 = 0
    for result, count in tally.bouts.items():
        seen[(result.winner, result.method)] += count
        if result.method != "decision" and seconds_of(result.fight_time) < 300:
            finished_by_5 += count
    assert sum(odds.values()) == pytest.approx(1, abs=1e-7)
    checks = list(odds.items()) + [(("inside", "5"), inside_5)]
    seen[("inside", "5")] = finished_by_5
    for key, exact in checks:
        p = float(exact)
        share = seen[key] / n
        assert abs(share - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9, (key, share, p)
    red_wins = sum(float(p) for (who, _), p in odds.items() if who == "Red")
    assert tally.summary()["wins"]["Red"] == pytest.approx(red_wins, abs=4.5 * math.sqrt(red_wins * (1 - red_wins) / n))


# --- seeds and cores -------------------------------------------------------------------


def test_the_same_seed_gives_the_same_figures_and_another_seed_others():
    def figures(seed):
        return run(plan("nhb", (RED, BLUE), 3_000, seed, chunk=1_000), ("Red", "Blue")).summary()

    assert figures(7) == figures(7)
    assert figures(7) != figures(8)


def test_chunks_have_their_own_generators_so_the_split_among_cores_does_not_matter():
    """A run's figures are the sum of its chunks whichever process plays each chunk."""
    jobs = plan("nhb", (RED, BLUE), 3_000, 7, chunk=1_000)
    whole = run(jobs, ("Red", "Blue"))
    backwards = Tally(("Red", "Blue"))
    for job in reversed(jobs):
        backwards.add(run_job(job))
    assert backwards.bouts == whole.bouts


@pytest.mark.slow
def test_two_processes_give_the_same_figures_as_one():
    jobs = plan("nhb", (RED, BLUE), 4_000, 3, chunk=1_000)
    assert run(jobs, ("Red", "Blue"), workers=2).summary() == run(jobs, ("Red", "Blue"), workers=1).summary()


@pytest.mark.slow
def test_any_number_of_processes_gives_the_same_figures_bouts_and_nights():
    """Issue 21: the same seed, the same figures on 1, 2 or 3 processes, for a run long enough for
    batches of several chunks, and for tournament nights (which cross as tallies)."""
    jobs = plan("nhb", (RED, BLUE), 30_000, 5)
    one = run(jobs, ("Red", "Blue"), workers=1)
    for workers in (2, 3):
        assert run(jobs, ("Red", "Blue"), workers=workers).summary() == one.summary()
    four = tuple(
        NhbCard(name=f"F{i}", control=8 + 2 * i, standup=10, ground=10, finishing=5, toughness=5) for i in range(4)
    )
    names = tuple(c.name for c in four)
    nights = plan("nhb", four, 2_000, 5, tournament=True, chunk=250)
    assert run(nights, names, workers=2).summary() == run(nights, names, workers=1).summary()


@pytest.mark.slow
def test_a_run_on_two_processes_shows_the_figures_so_far_and_a_stop_keeps_the_first_chunks_whole():
    """Issue 21: while two workers play, the figures so far (the progress bar's) are those of the
    chunks done; stopped, the run keeps them: the first chunks, whole, as one process plays them."""
    jobs = plan("nhb", (RED, BLUE), 40_000, 11, chunk=2_000)
    so_far = Tally(("Red", "Blue"))
    seen: list[tuple[int, int, str]] = []

    def progress(done: int) -> None:
        seen.append((done, so_far.n, so_far.leaders()))

    tally = run(
        jobs, ("Red", "Blue"), workers=2, progress=progress, cancelled=lambda: seen[-1][0] >= 12_000, into=so_far
    )
    done = seen[-1][0]
    assert tally is so_far and tally.stopped and 12_000 <= done < 40_000 and tally.n == done
    assert all(n == done for done, n, _ in seen) and [d for d, _, _ in seen] == sorted({d for d, _, _ in seen})
    alone = run(jobs[: done // 2_000], ("Red", "Blue"), workers=1)
    assert seen[-1][2] == alone.leaders() and "Red" in seen[-1][2]
    assert tally.summary() == {**alone.summary(), "stopped": True}
    assert tally.bouts == alone.bouts


def test_a_runs_batches_start_at_one_chunk_grow_and_shrink_to_one_chunk_at_the_end():
    """Issue 21: the first batch is one chunk (figures so far from the start), the batches grow to
    at most an eighth of a worker's share, and the last are a chunk each (no worker alone at the
    end); every chunk is played once, in order."""
    from companion.simulate import BATCH_BOUTS, _batch_bouts, _batches

    for n in (3_000, 100_000, 1_000_000):
        jobs = plan("nhb", (RED, BLUE), n, 1)
        batches = list(_batches(iter(jobs), _batch_bouts(n, 2), n, 2))
        sizes = [sum(job.count for job in batch) for batch in batches]
        assert [job.index for batch in batches for job in batch] == list(range(len(jobs)))
        assert len(batches[0]) == 1 and len(batches[-1]) == 1 and sum(sizes) == n
        assert max(sizes) <= max(2_000, min(BATCH_BOUTS, n // 16) + 2_000)
        assert len(batches) >= min(len(jobs), 16)  # several a worker
    assert sizes[:4] == [2_000, 4_000, 8_000, 16_000] and sizes[-3:] == [2_000, 2_000, 2_000]


def _fails_on_two(task: int) -> int:
    if task == 2:
        raise ValueError("no chart for a roll of 2")
    return task


@pytest.mark.slow
def test_a_workers_error_reaches_the_parent_and_every_worker_is_ended():
    """An error in a worker's task is raised in the parent, in the tasks' order, and no worker is
    left running (each has a pipe of its own, and is ended at once)."""
    import multiprocessing

    from companion.simulate import pooled

    taken: list[int] = []
    before = set(multiprocessing.active_children())
    with pytest.raises(ValueError, match="no chart for a roll of 2"):
        pooled(
            iter(range(6)),
            _fails_on_two,
            lambda task, value: taken.append(value),
            multiprocessing.get_context("fork"),
            2,
            None,
        )
    assert taken == [0, 1]
    assert set(multiprocessing.active_children()) <= before


# --- tournaments ------------------------------------------------------------------------


def test_a_simulated_tournament_plays_every_bout_of_the_bracket():
    four = tuple(
        NhbCard(name=f"F{i}", control=8 + 2 * i, standup=10, ground=10, finishing=5, toughness=5) for i in range(4)
    )
    tally = run(plan("nhb", four, 500, 2, tournament=True), tuple(c.name for c in four))
    summary = tally.summary()
    assert summary["n"] == 500 and summary["bouts"] == 1_500  # 3 bouts a night of 4
    assert sum(summary["champions"].values()) == pytest.approx(1)
    assert summary["champions"]["F3"] > summary["champions"]["F0"]  # control 14 against 8


def test_memo_key_keeps_apart_states_whose_decision_costs_differ():
    """NHB-9 after a decision: the bout's loser may have won the last segment, so the
    winner's loss comes from the points of whoever lost the bout. Two last segments
    with the same difference but different points must not be merged."""
    from companion.ruleset import evolve

    start = RULESET.new(Setup("nhb", (RED, BLUE)))
    at = dict(
        segment=3,
        segments_won=(2, 0),
        last_winner=0,
        step="finish",
        winner=1,
        roller=0,
        place="standup",
        totals=(None, 12),
    )  # blue won the segment and has rolled 12; red rolls to survive
    a = evolve(start, fight_points=(15, 22), **at)  # red would win the decision; blue's 22 cost him 2
    b = evolve(start, fight_points=(11, 18), **at)  # blue's 18 cost him 1
    assert RULESET.memo_key(a) != RULESET.memo_key(b)
    ends = [RULESET.advance(s, (10,)) for s in (a, b)]  # 10 + 5 = 15 against 12: no finish, a decision
    assert [e.result.method for e in ends] == ["decision", "decision"]
    assert [RULESET.injury(e)[0] for e in ends] == [2, 1]


def test_a_simulated_night_carries_injuries_as_the_table_does():
    """The simulator's bracket is companion.tournament.Bracket with the game's own injury:
    the chain keeps each ending's rating loss from the bout's last state (NHB-9)."""
    chain = Chain(RULESET, Setup("nhb", (RED, BLUE)))
    rng = random.Random(4)
    for _ in range(200):
        chain.bout(rng.randint)
    assert {loss for _, loss in chain.results} <= {0, 1, 2}
    assert any(loss == 2 for _, loss in chain.results)  # 20 or more fight points for the loser happen here
    tournament_state = TOURNAMENT.new(
        Setup(
            "nhb_tournament", (RED, BLUE, RED.model_copy(update={"name": "R2"}), BLUE.model_copy(update={"name": "B2"}))
        )
    )
    assert tournament_state.bracket.losses == (0, 0, 0, 0)


# --- the figures --------------------------------------------------------------------------


def _r(winner, method, detail, fight_time):
    loser = "B" if winner == "A" else "A"
    return Result(winner, loser, method, detail, 1, fight_time, fight_time)


def test_summary_shares_median_and_inside():
    tally = Tally(("A", "B"))
    tally.bouts = Counter(
        {
            _r("A", "submission", "armbar", "0:45"): 3,
            _r("A", "ko", "KO", "4:10"): 2,
            _r("B", "tko", "TKO", "9:30"): 4,
            Result("A", "B", "decision", "segments 2-1", 3, "10:00", "30:00"): 1,
        }
    )
    s = tally.summary()
    assert s["n"] == 10
    assert s["wins"] == {"A": 0.6, "B": 0.4}
    assert s["methods"] == {"ko": 0.2, "tko": 0.4, "submission": 0.3, "decision": 0.1, "draw": 0.0}
    assert s["submissions"] == {"armbar": 0.3}
    assert s["median_finish"] == "4:10"  # finishes at 0:45 x3, 4:10 x2, 9:30 x4: the 5th of 9
    assert s["inside"] == {"1": 0.3, "5": 0.5, "10": 0.9}
    lo, hi = s["wins_interval"]["A"]
    assert lo < 0.6 < hi and (lo, hi) == tuple(round(x, 4) for x in wilson(6, 10))
    assert tally.finish_minutes() == Counter({0: 3, 4: 2, 9: 4})


def test_wilson_interval_known_value():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)


# --- stopping --------------------------------------------------------------------------------


def test_a_cancelled_run_keeps_the_chunks_done():
    jobs = plan("nhb", (RED, BLUE), 5_000, 1, chunk=1_000)
    done = []
    tally = run(jobs, ("Red", "Blue"), progress=done.append, cancelled=lambda: done[-1] >= 2_000)
    assert tally.stopped and tally.n == 2_000 and tally.summary()["stopped"] is True
    assert done == [0, 1_000, 2_000]  # the progress shows at once, then after each chunk


def test_ctrl_c_stops_cleanly_with_the_partial_figures():
    jobs = plan("nhb", (RED, BLUE), 5_000, 1, chunk=1_000)

    def progress(done):
        if done >= 3_000:
            raise KeyboardInterrupt

    tally = run(jobs, ("Red", "Blue"), progress=progress)
    assert tally.stopped and tally.n == 3_000


# --- the command line ---------------------------------------------------------------------------


def simulate(tmp_path: Path, monkeypatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    status = cli.main(["simulate", *args])
    return status, out.getvalue(), err.getvalue()


def test_cli_json_has_every_field_and_repeats_with_the_seed(tmp_path, monkeypatch):
    args = ("nhb", "Royce Gracie", "Ken Shamrock", "-n", "2000", "--seed", "9", "--json")
    status, out, err = simulate(tmp_path, monkeypatch, *args)
    assert status == 0 and err == ""
    data = json.loads(out)
    assert set(data) >= {"n", "wins", "draws", "methods", "submissions", "median_finish", "inside", "seed"}
    assert data["n"] == 2000 and data["seed"] == 9
    assert set(data["methods"]) == {"ko", "tko", "submission", "decision", "draw"}
    assert set(data["inside"]) == {"1", "5", "10"}
    assert sum(data["wins"].values()) + data["draws"] == pytest.approx(1, abs=1e-3)
    assert data == json.loads(simulate(tmp_path, monkeypatch, *args)[1])


def test_cli_table_names_both_fighters_and_the_finish_times(tmp_path, monkeypatch):
    status, out, _ = simulate(tmp_path, monkeypatch, "nhb", "Royce Gracie", "Ken Shamrock", "-n", "500", "--seed", "1")
    assert status == 0
    assert "500 bouts, seed 1" in out and "Royce Gracie" in out and "Ken Shamrock" in out
    assert "Finishes: median" in out and "inside 5:00" in out


def test_cli_tournament_reports_champions(tmp_path, monkeypatch):
    names = ["Royce Gracie", "Art Jimmerson", "Ken Shamrock", "Patrick Smith"]
    status, out, _ = simulate(
        tmp_path, monkeypatch, "nhb", "--tournament", *names, "-n", "300", "--seed", "2", "--json"
    )
    data = json.loads(out)
    assert status == 0 and data["n"] == 300 and data["bouts"] == 900
    assert set(data["champions"]) == set(names) and sum(data["champions"].values()) == pytest.approx(1)


@pytest.mark.parametrize(
    "args, message",
    [
        (("nhb", "Royce Gracie"), "name two fighters"),
        (("nhb", "Royce Gracie", "Nobody Atall"), "no fighter called 'Nobody Atall'"),
        (("nhb", "--tournament", "Royce Gracie", "Ken Shamrock", "Dan Severn"), "4, 8 or 16 entrants, not 3"),
        (("nhb", "Royce Gracie", "Royce Gracie"), "cannot fight himself"),
        (("nhb", "Royce Gracie", "Ken Shamrock", "-n", "0"), "-n must be at least 1"),
        (("nhb", "Royce Gracie", "Ken Shamrock", "--option", "segments=9"), "segments"),
        (
            (
                "nhb",
                "--tournament",
                "Royce Gracie",
                "Ken Shamrock",
                "Dan Severn",
                "Bas Rutten",
                "--option",
                "segments=2",
            ),
            "odd number of segments",
        ),
    ],
)
def test_cli_mistakes_exit_2_with_a_reason(tmp_path, monkeypatch, args, message):
    status, out, err = simulate(tmp_path, monkeypatch, *args)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_game_that_cannot_be_simulated_is_named_with_those_that_can(tmp_path, monkeypatch):
    """Every shipped game is simulated now (issue 21); a game whose ruleset says it is not (a plug-in's,
    here FO with its flag turned off) is refused with the games that are."""
    from companion.ruleset import get_ruleset

    monkeypatch.setattr(type(get_ruleset("fo")), "simulated", False)
    status, out, err = simulate(tmp_path, monkeypatch, "fo", "Conor McGregor", "José Aldo")
    assert status == 2 and out == "" and "Traceback" not in err
    assert "'fo' cannot be simulated yet; simulated games: nhb, cage_match, fudge, paf" in err


def test_cli_ctrl_c_prints_the_partial_figures_and_exits_130(tmp_path, monkeypatch):
    import companion.simulate as simulate_module

    real = simulate_module.run_job
    calls = []

    def interrupted(job):
        calls.append(job.index)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the player presses Ctrl+C during the third chunk
        return real(job)

    monkeypatch.setattr(simulate_module, "run_job", interrupted)
    status, out, err = simulate(
        tmp_path,
        monkeypatch,
        "nhb",
        "Royce Gracie",
        "Ken Shamrock",
        "-n",
        "10000",
        "--seed",
        "1",
        "--json",
        "--workers",
        "1",
    )
    data = json.loads(out)
    assert status == 130 and "Traceback" not in err
    assert data["stopped"] is True and data["n"] == 4_000  # two chunks of 2,000 were done


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cli_shows_a_progress_bar_on_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    out, err = io.StringIO(), _Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    assert cli.main(["simulate", "nhb", "Royce Gracie", "Ken Shamrock", "-n", "4000", "--seed", "1"]) == 0
    bar = err.getvalue()
    assert "2,000/4,000 bouts" in bar and "4,000/4,000 bouts" in bar and "Ctrl+C stops" in bar
    assert bar.endswith("\r\033[K")  # the bar is wiped before the figures are printed
    assert "4,000 bouts, seed 1" in out.getvalue()
    # issue 21: the figures so far stand in the bar, so stopping early keeps what was seen: at the end
    # they are the run's own
    data = json.loads(
        simulate(tmp_path, monkeypatch, "nhb", "Royce Gracie", "Ken Shamrock", "-n", "4000", "--seed", "1", "--json")[1]
    )
    wins = data["wins"]
    assert bar.count("Royce Gracie ") >= 2  # the first chunk's figures, then the last's
    assert (
        f"4,000/4,000 bouts · Royce Gracie {100 * wins['Royce Gracie']:.1f}%, Ken Shamrock "
        f"{100 * wins['Ken Shamrock']:.1f}%" in bar
    )


# --- a run of any length (issue 19) ---------------------------------------------------------------


def test_the_plan_of_a_run_of_any_length_is_made_as_it_is_played():
    """``-n 1000000000000`` once built every chunk first (4.4 GB in 90 s, no bout run): the plan is a
    sequence whose chunks are made when asked for."""
    import tracemalloc

    tracemalloc.start()
    jobs = plan("nhb", (RED, BLUE), 10**12, 1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 1_000_000
    assert len(jobs) == 5 * 10**8 and jobs[0].count == 2_000 and jobs[-1].index == 5 * 10**8 - 1
    assert [job.index for job in jobs[3:6]] == [3, 4, 5] and next(iter(reversed(jobs))).index == len(jobs) - 1
    assert [job.count for job in plan("nhb", (RED, BLUE), 4_500, 1)] == [2_000, 2_000, 500]


def test_a_run_of_a_trillion_bouts_counts_as_it_goes_and_stops_with_its_figures(tmp_path, monkeypatch):
    """Ctrl+C during the third chunk of a run of 10**12: the figures of the two chunks done, exit 130;
    the progress bar was on the terminal before the first chunk was played."""
    import companion.simulate as simulate_module

    real = simulate_module.run_job
    calls = []

    def interrupted(job):
        calls.append(job.index)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(simulate_module, "run_job", interrupted)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    out, err = io.StringIO(), _Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    args = ["simulate", "nhb", "Royce Gracie", "Ken Shamrock", "-n", "1000000000000", "--seed", "1", "--workers", "1"]
    assert cli.main(args) == 130
    bar = err.getvalue()
    assert bar.startswith("\r[..............................] 0/1,000,000,000,000 bouts")
    assert "4,000/1,000,000,000,000 bouts" in bar
    assert "4,000 bouts (stopped at 4,000 of 1,000,000,000,000: partial figures), seed 1" in out.getvalue()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.slow
def test_ctrl_c_on_a_parallel_run_ends_every_worker_at_once_and_exits_130(tmp_path):
    """The attack: after Ctrl+C the workers ran on to the end of the run (28 s for 2M bouts), and a second
    Ctrl+C exited 0. Now the figures so far are printed, every worker is ended at once, exit status 130."""
    import signal
    import subprocess
    import sys
    import time

    if not Path("/proc/self/stat").exists():
        pytest.skip("reads the processes from /proc")
    # Ctrl+C as at a terminal: a test run started in the background by a shell (as CI may be) has SIGINT
    # ignored, which a child inherits, and Python then installs no handler for it (the flake of stop 25)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "simulate", "nhb", "Royce Gracie", "Ken Shamrock"]
            + ["-n", "20000000", "--workers", "2", "--seed", "3", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(__import__("os").environ, COMPANION_DATA_DIR=str(tmp_path)),
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        workers: set[int] = set()
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "no workers started"
        time.sleep(1.0)  # the workers are busy with their chunks
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=15)  # the run was to take minutes
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130 and "Traceback" not in err, err
    data = json.loads(out)
    assert data["stopped"] is True and 0 < data["n"] < 20_000_000
    left = {pid for pid in workers if Path(f"/proc/{pid}").exists()}
    assert not left, f"workers still running: {left}"


def test_a_chunks_figures_cross_to_the_parent_whole_and_each_ending_read_back_once():
    """Issue 21: a worker's tally is sent as plain tuples (pickling its result objects cost a fifth of
    playing the chunk); read back it is the same tally, and the same ending is the same object."""
    import pickle

    tally = run_job(plan("nhb", (RED, BLUE), 500, seed=3)[0])
    tally.champions["Red"] = 2
    tally.tournaments, tally.stopped = 2, True
    back = pickle.loads(pickle.dumps(tally))
    assert back == tally and back.bouts == tally.bouts and len(back.bouts) > 10
    again = pickle.loads(pickle.dumps(tally))
    assert all(a is b for a, b in zip(sorted(back.bouts, key=repr), sorted(again.bouts, key=repr)))
    assert all(type(result) is Result for result in back.bouts)


def test_the_rules_exact_figures_are_printed_beside_the_sampled_ones(tmp_path, monkeypatch):
    """Issue 21: NHB's bout figures as the odds engine works them out from the rules (its whole-bout
    table) stand beside the Monte Carlo's, in the JSON and the table; the sampled shares fall within
    4.5 standard errors of them; a tournament (no single bout to enumerate) has none."""
    n = 20_000
    args = ("nhb", "Royce Gracie", "Ken Shamrock", "-n", str(n), "--seed", "4", "--json")
    status, out, _ = simulate(tmp_path, monkeypatch, *args)
    data = json.loads(out)
    exact = data["exact"]
    assert status == 0 and set(exact) == {"wins", "methods", "remainder"}
    assert set(exact["methods"]) == set(data["methods"]) and exact["remainder"] < 1e-3
    assert sum(exact["methods"].values()) + exact["remainder"] == pytest.approx(1, abs=1e-3)
    assert sum(exact["wins"].values()) + exact["methods"]["draw"] == pytest.approx(1, abs=1e-3)
    for sampled, worked in [(data["wins"][k], exact["wins"][k]) for k in exact["wins"]] + [
        (data["methods"][m], exact["methods"][m]) for m in exact["methods"]
    ]:
        assert abs(sampled - worked) <= 4.5 * math.sqrt(worked * (1 - worked) / n) + 1e-3, (sampled, worked)
    status, out, _ = simulate(tmp_path, monkeypatch, *args[:-1])
    assert "exact, from the rules" in out and f"exact {100 * exact['wins']['Royce Gracie']:5.1f}%" in out
    night = ("nhb", "--tournament", "Royce Gracie", "Ken Shamrock", "Dan Severn", "Gerard Gordeau")
    status, out, _ = simulate(tmp_path, monkeypatch, *night, "-n", "50", "--seed", "1", "--json")
    assert status == 0 and "exact" not in json.loads(out)


def test_a_workers_bouts_cross_as_its_totals_so_far_with_only_the_endings_new_to_the_parent():
    """Issue 21 (two processes at least 1.6x one): after each batch a worker sends its bouts so far
    as one dense array of counts by ending in its own numbering, and only the endings it has not
    sent before, as plain values; the parent keeps the latest array (adding nothing while the
    workers play) and reads the endings by value once, when the figures are read. The figures are
    those of the chunks' own tallies."""
    import pickle

    from companion.simulate import Counts, _Endings, _play_batch

    jobs = plan("nhb", (RED, BLUE), 3_000, seed=5, chunk=1_000)
    sent = [pickle.loads(pickle.dumps(_play_batch(("run 1", (job,))))) for job in jobs]
    assert all(len(batch) == 1 and isinstance(batch[0], Counts) for batch in sent)
    first, second, third = (batch[0] for batch in sent)
    assert first.known == 0 and len(first.new) > 50
    assert second.source == first.source and second.known == len(first.new)
    assert third.known == second.known + len(second.new)
    assert len(second.new) < len(first.new)  # the chain's endings are mostly met in the first chunk
    assert (sum(first.totals), sum(second.totals), sum(third.totals)) == (1_000, 2_000, 3_000)  # so far
    assert len(third.totals) == third.known + len(third.new)  # one count for every ending sent

    total, endings = Tally(("Red", "Blue")), _Endings()
    for chunk in (first, second):
        endings.add(total, chunk)
    assert total.n == 2_000  # the latest totals in place of the first's, not added to them
    endings.add(total, third)
    alone = Tally(("Red", "Blue"))
    for job in jobs:
        alone.add(run_job(job))
    assert total.summary() == alone.summary() and total.n == 3_000
    assert total.leaders() == alone.leaders()
    assert total.bouts == alone.bouts
    assert all(type(result) is Result for result in total.bouts)

    with pytest.raises(RuntimeError, match="came with endings from"):
        _Endings().add(Tally(("Red", "Blue")), second)  # the parent never met the first chunk's endings
    again = _play_batch(("run 2", (jobs[0],)))[0]  # a new run: everything is new to its parent
    assert again.known == 0 and sum(again.totals) == 1_000


def test_the_workers_figures_read_mid_run_are_not_counted_twice():
    """The figures read between two batches (a progress bar's) fold the workers' counts in; the next
    batch's totals replace the last, and only what is new since the reading is added."""
    from companion.simulate import _Endings, _play_batch

    jobs = plan("nhb", (RED, BLUE), 3_000, seed=6, chunk=1_000)
    total, endings = Tally(("Red", "Blue")), _Endings()
    for job in jobs:
        for chunk in _play_batch(("run 3", (job,))):
            endings.add(total, chunk)
        assert sum(total.bouts.values()) == total.n == 1_000 * (job.index + 1)  # read after every batch
    alone = Tally(("Red", "Blue"))
    for job in jobs:
        alone.add(run_job(job))
    assert total.bouts == alone.bouts and total.summary() == alone.summary()


def test_the_chains_own_draw_is_random_randint_face_for_face():
    """Issue 21: a chain draws its dice from ``getrandbits`` as CPython's ``Random.randint`` does
    (checked when the module loads), without randint's calls: the same bouts from the same seed as
    drawing with ``randint`` itself (a subclass of Random takes that path)."""
    from companion.simulate import RANDINT_FROM_BITS

    class Plain(random.Random):
        """A generator the fast path leaves alone: the chain draws with its randint."""

    assert RANDINT_FROM_BITS
    setup = Setup("nhb", (RED, BLUE))
    fast, slow = Chain(RULESET, setup, injuries=False), Chain(RULESET, setup, injuries=False)
    assert fast.run(3_000, random.Random(11)) == slow.run(3_000, Plain(11))
