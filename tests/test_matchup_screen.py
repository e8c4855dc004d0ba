"""The matchup simulator screen, driven with Pilot: it shows the engine's own
figures for a seed (the same as ``run(plan(...)).summary()``), stops cleanly
with partial figures, simulates tournaments, and never shows a traceback."""

from __future__ import annotations

import asyncio
import random
import threading
from collections import Counter
from pathlib import Path

import pytest
import tiers
from table_cards import pick_corners, screen_text
from textual.widgets import Input, Select

import companion.screens.matchup as matchup
import companion.simulate as simulate
from companion.ruleset import default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.home import HomeScreen
from companion.screens.matchup import MatchupScreen, finish_chart
from companion.simulate import plan, run

ROSTER = tiers.shipped_roster("nhb")
ROYCE, KEN = ROSTER.find("Royce Gracie"), ROSTER.find("Ken Shamrock")
OPTIONS = default_options(get_ruleset("nhb"))


def pc(share: float) -> str:
    """A share as a player reads it (one decimal), computed here, not by the screen."""
    return f"{100 * share:.1f}%"


def span(bounds) -> str:
    lo, hi = bounds
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def figure_row(text: str, name: str) -> str:
    """The one row of figures that begins with ``name`` (not the line naming the corners)."""
    found = [line for line in text.splitlines() if line.lstrip().startswith(name + " ") and "%" in line]
    assert len(found) == 1, f"{name!r} on {len(found)} rows:\n{text}"
    return found[0]


def notices(app) -> str:
    """The notifications on show, with their titles (toasts are not in a headless screen's text)."""
    return "\n".join(f"{n.title}: {n.message}" for n in app._notifications)


def line_with(text: str, needle: str) -> str:
    """The one screen line that holds ``needle``."""
    found = [line for line in text.splitlines() if needle in line]
    assert len(found) == 1, f"{needle!r} on {len(found)} lines:\n{text}"
    return found[0]


async def open_simulator(pilot, cards: tuple, *, tournament: bool = False, n: int, seed: int) -> MatchupScreen:
    """Push the screen over home, choose ``n`` in the count box and type ``seed``, as a player."""
    await pilot.pause()
    screen = MatchupScreen("nhb", cards, tournament=tournament)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    screen.query_one("#count", Select).value = n
    screen.query_one("#seed", Input).value = str(seed)
    await pilot.pause()
    assert (screen.count, screen.seed) == (n, seed)
    return screen


async def run_to_end(pilot) -> None:
    await pilot.press("r")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def wait_for(pilot, condition, what: str) -> None:
    for _ in range(400):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}:\n{screen_text(pilot.app)}")


@pytest.fixture
def app(tmp_path: Path):
    return make_app(tmp_path, rng=random.Random(11))


async def test_the_figures_on_screen_are_the_engines(app) -> None:
    want = run(plan("nhb", (ROYCE, KEN), 1_000, 4242, options=OPTIONS), ("Royce Gracie", "Ken Shamrock")).summary()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, KEN), n=1_000, seed=4242)
        before = screen_text(app)
        assert "Royce Gracie" in before and "Ken Shamrock" in before  # who is simulated
        assert "%" not in line_with(before, "Royce Gracie")  # no figures before the run
        await run_to_end(pilot)
        text = screen_text(app)
    assert screen.summary == want
    assert "1,000 bouts, seed 4242" in text and "PARTIAL" not in text
    for name in ("Royce Gracie", "Ken Shamrock"):
        row = figure_row(text, name)
        assert pc(want["wins"][name]) in row and span(want["wins_interval"][name]) in row
    assert pc(want["draws"]) in line_with(text, "draws")
    for key, word in (
        ("ko", "KO "),
        ("tko", "TKO"),
        ("submission", "submission "),
        ("decision", "decision "),
        ("draw", "draw "),
    ):
        row = line_with(text, f" {word}")
        assert pc(want["methods"][key]) in row.split(word, 1)[1], row
        if want["methods"][key] >= 0.1:
            assert "█" in row  # a bar for each method that happened often
    assert f"median {want['median_finish']}" in text
    for mark, label in (("1", "inside  1:00"), ("5", "inside  5:00"), ("10", "inside 10:00")):
        assert pc(want["inside"][mark]) in line_with(text, label)
    assert f"decisions {pc(want['methods']['decision']):>6}" in text
    top = list(want["submissions"].items())[:5]
    for name, share in top:
        assert pc(share) in figure_row(text, name)
    assert f"{len(want['submissions']) - 5} more" in text
    assert "Finishes by minute" in text and "25 min" in text


async def test_stop_keeps_the_bouts_played_and_says_they_are_partial(app, monkeypatch) -> None:
    """The second chunk waits until the test has pressed s: the run stops after it, at
    4,000 of 10,000, every time."""
    release = threading.Event()
    calls = []
    real = simulate.run_job

    def gated(job):
        calls.append(job.index)
        if job.index >= 1:
            assert release.wait(10)
        return real(job)

    want = run(plan("nhb", (ROYCE, KEN), 10_000, 99, options=OPTIONS)[:2], ("Royce Gracie", "Ken Shamrock")).summary()
    first = run(plan("nhb", (ROYCE, KEN), 10_000, 99, options=OPTIONS)[:1], ("Royce Gracie", "Ken Shamrock"))
    monkeypatch.setattr(simulate, "run_job", gated)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, KEN), n=10_000, seed=99)
        await pilot.press("r")
        await wait_for(pilot, lambda: "2,000 of 10,000 bouts" in screen_text(app), "the first chunk")
        assert screen.running
        # issue 21: the figures so far are said while the run goes on
        assert f"so far {first.leaders()}" in screen_text(app)
        await pilot.press("s")
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert not screen.running
    assert calls == [0, 1]  # the third chunk was never started
    assert screen.tally.stopped and screen.summary["stopped"] is True
    assert "PARTIAL: stopped after 4,000 of 10,000 bouts (seed 99)" in text
    assert screen.summary == {**want, "stopped": True}
    row = figure_row(text, "Royce Gracie")
    assert pc(want["wins"]["Royce Gracie"]) in row and span(want["wins_interval"]["Royce Gracie"]) in row


async def test_a_tournament_of_four_shows_each_entrants_share_of_titles(app) -> None:
    cards = tuple(ROSTER.find(name) for name in ("Royce Gracie", "Ken Shamrock", "Dan Severn", "Oleg Taktarov"))
    names = tuple(card.name for card in cards)
    want = run(plan("nhb", cards, 100, 5, options=OPTIONS, tournament=True), names).summary()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, cards, tournament=True, n=100, seed=5)
        before = screen_text(app)
        assert "Tournament of 4" in before and "Dan Severn  v  Oleg Taktarov" in before  # the bracket as entered
        await run_to_end(pilot)
        text = screen_text(app)
    assert screen.summary == want
    assert f"100 tournaments ({want['bouts']:,} bouts), seed 5" in text
    assert "Tournament wins" in text
    ranked = sorted(names, key=lambda name: -want["champions"][name])
    rows = [figure_row(text, name) for name in ranked]
    assert [text.splitlines().index(row) for row in rows] == sorted(text.splitlines().index(row) for row in rows)
    for name, row in zip(ranked, rows):
        assert pc(want["champions"][name]) in row and span(want["champions_interval"][name]) in row
    assert sum(want["champions"].values()) == pytest.approx(1.0)


async def test_escape_goes_back_and_stops_a_run(app, monkeypatch) -> None:
    release = threading.Event()
    calls = []
    real = simulate.run_job

    finished = threading.Event()
    tallies = []

    def gated(job):
        calls.append(job.index)
        if job.index >= 1:
            assert release.wait(10)
        return real(job)

    def recorded(*args, **kwargs):
        try:
            tallies.append(run(*args, **kwargs))
            return tallies[-1]
        except BaseException as exc:
            tallies.append(exc)
            raise
        finally:
            finished.set()

    monkeypatch.setattr(simulate, "run_job", gated)
    monkeypatch.setattr(matchup, "run", recorded)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, KEN), n=10_000, seed=3)
        await pilot.press("r")
        await wait_for(pilot, lambda: "2,000 of 10,000" in screen_text(app), "the first chunk")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        release.set()
        assert await asyncio.to_thread(finished.wait, 10)  # the run returns (the app's loop goes on meanwhile)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert calls == [0, 1]  # stopped at the next chunk, not played on in the background
    assert not isinstance(tallies[0], BaseException), repr(tallies[0])
    assert tallies[0].stopped and tallies[0].n == 4_000
    assert screen.tally is None  # nothing was drawn on the screen that had gone


async def test_escape_without_a_run_goes_back(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await open_simulator(pilot, (ROYCE, KEN), n=1_000, seed=1)
        assert isinstance(app.screen, MatchupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_seed_shown_repeats_the_figures_and_n_draws_another(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = MatchupScreen("nhb", (ROYCE, KEN))
        await app.push_screen(screen)
        await pilot.pause()
        shown = screen.query_one("#seed", Input).value
        assert shown.isdigit() and int(shown) == screen.seed  # a seed from the app's generator, on screen
        assert screen.count == 10_000  # the default
        screen.query_one("#count", Select).value = 1_000
        await run_to_end(pilot)
        first = screen.summary
        await run_to_end(pilot)
        assert screen.summary == first
        assert (
            first
            == run(
                plan("nhb", (ROYCE, KEN), 1_000, int(shown), options=OPTIONS), ("Royce Gracie", "Ken Shamrock")
            ).summary()
        )
        await pilot.press("n")
        await pilot.pause()
        assert screen.query_one("#seed", Input).value != shown
        await run_to_end(pilot)
        assert screen.summary != first


async def test_a_setup_the_game_refuses_is_a_notification(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, ROYCE), n=1_000, seed=1)
        await run_to_end(pilot)
        assert "cannot fight himself" in notices(app)
        assert screen.tally is None and not screen.running
        assert isinstance(app.screen, MatchupScreen)


async def test_an_error_in_the_run_is_a_notification_not_a_traceback(app, monkeypatch) -> None:
    def broken(job):
        raise ValueError("no such option: rounds")

    monkeypatch.setattr(simulate, "run_job", broken)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, KEN), n=1_000, seed=1)
        await run_to_end(pilot)
        text = screen_text(app)
        assert "no such option: rounds" in notices(app) and "The run failed" in text
        assert "Traceback" not in text + notices(app)
        assert app.is_running and isinstance(app.screen, MatchupScreen)
        assert not screen.running and screen.tally is None


async def test_an_empty_seed_is_refused(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_simulator(pilot, (ROYCE, KEN), n=1_000, seed=1)
        screen.query_one("#seed", Input).value = ""
        await run_to_end(pilot)
        assert "Type a seed" in notices(app)
        assert screen.tally is None


def test_finish_chart_bars_rise_with_the_finishes() -> None:
    """Three rows of rising bars scaled to the tallest minute, and a minute axis."""
    rows = finish_chart(Counter({0: 24, 5: 12, 10: 3}))
    assert len(rows) == 4 and rows[-1].startswith("0    5    10   15   20   25")
    column = lambda k: [row[k] if k < len(row) else " " for row in rows[:3]]  # noqa: E731
    assert column(0) == ["█", "█", "█"]  # the tallest minute fills every row
    assert column(5) == [" ", "▄", "█"]  # half as tall
    assert column(10) == [" ", " ", "▃"]  # an eighth of the tallest
    assert column(1) == [" ", " ", " "]  # no finish, no bar
    long = finish_chart(Counter({0: 1, 59: 1}))  # beyond 30 minutes: two minutes a column
    assert long[-1].startswith("0    10   20   30   40   50")


async def test_a_game_the_simulator_cannot_play_is_refused(tmp_path: Path, monkeypatch) -> None:
    from table_cards import FO_CARDS

    monkeypatch.setattr(type(get_ruleset("fo")), "simulated", False)  # a game the simulator does not play
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.roster("fo")
        screen = MatchupScreen("fo", (roster.find("Red Fox"), roster.find("Blue Jay")))
        await app.push_screen(screen)
        await pilot.pause()
        await run_to_end(pilot)
        assert "Fighters Only featherweight bouts cannot be simulated yet." in notices(app)
        assert screen.tally is None and not screen.running and isinstance(app.screen, MatchupScreen)


# --- the games of a clock and of secret choices (issue 21, item 4) ----------------------------------


async def open_from_selection(pilot, game_row: int, red: str, blue: str) -> MatchupScreen:
    """From home, as a player: the game ``game_row`` rows down, the corners picked by filtering,
    then f5."""
    await pilot.pause()
    await pick_corners(pilot, game_row, red, blue)
    await pilot.press("f5")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, MatchupScreen)
    return screen


async def choose_count_and_seed(pilot, screen: MatchupScreen, n: int, seed: int) -> None:
    screen.query_one("#count", Select).value = n
    screen.query_one("#seed", Input).value = str(seed)
    await pilot.pause()


async def test_cage_match_corners_play_the_strategies_chosen_on_screen(app) -> None:
    """Each corner's strategy is chosen beside his colour; a preference list is typed in the box
    the choice opens (r, s and n there are letters, not keys); Enter runs; the figures are the
    engine's for those strategies, and say them."""
    cm = get_ruleset("cage_match")
    roster = tiers.shipped_roster("cage_match")
    cards = (roster.find("Greg O'Connor"), roster.find("Frank Duke"))
    want = run(
        plan(
            "cage_match",
            cards,
            100,
            31,
            options=default_options(cm),
            tables=cm.tables_for(None),
            strategies=("advice", "prefer:parry,jab"),
        ),
        ("Greg O'Connor", "Frank Duke"),
    ).summary()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_selection(pilot, 2, "Greg O'Connor", "Frank Duke")
        await choose_count_and_seed(pilot, screen, 100, 31)
        text = screen_text(app)
        assert "Red" in text and "Blue" in text and "advice" in line_with(text, "Blue")
        box = screen.query_one("#blue-prefer", Input)
        assert box.disabled
        screen.query_one("#blue-strategy", Select).value = "prefer"
        await pilot.pause()
        assert not box.disabled and screen.focused is box
        await pilot.press(*"parry,jab")
        assert box.value == "parry,jab" and not screen.running
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
    assert screen.summary == want
    assert "100 bouts, seed 31 · red advice, blue prefer:parry,jab" in text
    for name in ("Greg O'Connor", "Frank Duke"):
        assert pc(want["wins"][name]) in figure_row(text, name)
    if want["median_finish_period"] is not None:
        assert f"median turn {want['median_finish_period']}" in text and "Finishes by turn" in text
    assert f"bouts end at median turn {want['median_period']}" in text and "inside" not in text


async def test_a_strategy_the_corner_cannot_play_is_a_notification(app) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_selection(pilot, 2, "Greg O'Connor", "Frank Duke")
        await choose_count_and_seed(pilot, screen, 100, 1)
        screen.query_one("#red-strategy", Select).value = "prefer"
        await pilot.pause()
        await pilot.press(*"flying-knee", "enter")
        await pilot.pause()
        assert "Red: 'flying-knee' is not one of Greg O'Connor's moves" in notices(app)
        assert screen.tally is None and not screen.running


async def test_fo_bouts_run_at_the_pace_typed_beside_the_seed(app) -> None:
    fo = get_ruleset("fo")
    roster = tiers.shipped_roster("fo")
    cards = (roster.find("Conor McGregor"), roster.find("José Aldo"))
    want = run(
        plan("fo", cards, 1_000, 12, options=default_options(fo), seconds=(10, 25)), ("Conor McGregor", "José Aldo")
    ).summary()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_selection(pilot, 1, "Conor McGregor", "José Aldo")
        await choose_count_and_seed(pilot, screen, 1_000, 12)
        seconds = screen.query_one("#seconds", Input)
        assert seconds.value == "5-15"  # the game's own pace, to start with
        assert not screen.query("#strategies")  # FO's corners have no strategies
        seconds.value = "15-5"
        await run_to_end(pilot)
        assert "Seconds: '15-5': write LOW-HIGH" in notices(app) and screen.tally is None
        seconds.value = "10-25"
        await run_to_end(pilot)
        text = screen_text(app)
    assert screen.summary == want
    assert "1,000 bouts, seed 12 · 10-25 s a roll, 1-4 s a choice" in text
    assert f"median {want['median_finish']}" in text and "Finishes by minute" in text
    assert pc(want["methods"]["decision"]) in line_with(text, "decision ")


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_the_preference_boxes_hint_is_read_whole(app, size) -> None:
    """The new-user trial: at 100 columns the box beside a corner's strategy said ``moves, first
    choic``; its hint is whole at 100 and at 80 columns, in both corners' boxes."""
    async with app.run_test(size=size) as pilot:
        screen = await open_from_selection(pilot, 2, "Greg O'Connor", "Frank Duke")
        hint = screen.query_one("#blue-prefer", Input).placeholder
        assert hint and hint == screen.query_one("#red-prefer", Input).placeholder
        row = line_with(screen_text(app), "Blue")
        assert row.count(hint) == 2, row
