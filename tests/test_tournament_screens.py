"""Tournament nights (ruling NHB-9) as players drive them: entering the
fighters, the draw, bouts typed or rolled by the app, the bracket, undo across
bouts, and a night resumed after the app is closed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import (
    NHB_CARDS,
    NHB_MORE_CARDS,
    choose_options,
    enter_tournament,
    log_lines,
    open_fight,
    screen_text,
    text_of,
    type_answer,
)
from textual.widgets import Input, OptionList, RichLog, Static

from companion.screens.app import make_app
from companion.screens.bracket import BracketScreen
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.select import DrawScreen, FighterSelectScreen

FOUR = ["Alpha One", "Bravo Two", "Charlie Three", "Delta Four"]
"""Entered in this order: in the order entered, Alpha One meets Bravo Two first."""

KO_BOUT = ("5", "3", "", "15", "4", "9", "1")
"""Alpha One v Bravo Two as in test_screens: Alpha controls 17-13, Enter takes the
advised ground, 31-13 on fight points, margin 10 on the submission chart: a GNP
KO at 0:20 (rulings NHB-2 to NHB-7)."""


def notices(app) -> str:
    """The notifications on show, one a line (toasts are not in a headless screen's text)."""
    return "\n".join(n.message for n in app._notifications)


async def start_tournament(pilot, names: list[str] | None, draw: str = "o", options: dict | None = None) -> FightScreen:
    """Enter ``names`` from home (None: they are entered already), start, choose the
    draw (``o`` in order, ``r`` at random) and the options."""
    if names is not None:
        await enter_tournament(pilot, names)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, DrawScreen)
    await pilot.press(draw)
    await pilot.pause()
    return await choose_options(pilot, options)


def panel_titles(screen: FightScreen) -> tuple[str, str]:
    """The corners' panels' titles (the panels stand beside the prompt from 90 columns: these tests
    that read them run at 100x30)."""
    return tuple(str(screen.query_one(f"#{side}").border_title) for side in ("red", "blue"))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    (tmp_path / "fighters" / "more.yaml").write_text(NHB_MORE_CARDS)
    return tmp_path


async def bout_one(pilot) -> None:
    """Enter begins the first semi-final; Alpha One knocks Bravo Two out (:data:`KO_BOUT`)."""
    await type_answer(pilot, "")
    for face in KO_BOUT:
        await type_answer(pilot, face)


# --- entering the fighters -------------------------------------------------------


async def test_four_entered_fighters_start_a_tournament_in_the_order_entered(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await enter_tournament(pilot, FOUR)
        select = app.screen
        assert [c.name for c in select.entrants] == FOUR
        shown = text_of(select.query_one("#entrants", Static))
        assert "4 entered" in shown and "1 Alpha One · 2 Bravo Two · 3 Charlie Three · 4 Delta Four" in shown
        assert not select.query_one("#corners").display  # the two corners are not what is picked now
        await pilot.press("ctrl+u")  # unpick takes back the last entered
        assert [c.name for c in select.entrants] == FOUR[:3]
        select.query_one("#filter", Input).value = "Delta"
        await pilot.pause()
        await pilot.press("enter")
        screen = await start_tournament(pilot, None)
        setup = screen.session.setup
        assert setup.game == "nhb_tournament" and setup.names == tuple(FOUR)
        assert panel_titles(screen) == ("Alpha One", "Bravo Two")
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "Next: the semi-final 1 of 2" in prompt and "Alpha One (red) v Bravo Two (blue)" in prompt
        assert app.store.sessions("open")[0].game == "nhb_tournament"  # saved from the start


async def test_a_fighter_cannot_be_entered_twice(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_tournament(pilot, ["Alpha One", "Alpha One"])
        assert [c.name for c in app.screen.entrants] == ["Alpha One"]
        assert "Alpha One is already entered" in notices(app)


@pytest.mark.parametrize("count", [3, 5])
async def test_a_bracket_of_other_than_4_8_or_16_is_refused_with_a_message(data_dir: Path, count: int) -> None:
    names = FOUR + ["Echo Five", "Foxtrot Six"]
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_tournament(pilot, names[:count])
        assert len(app.screen.entrants) == count
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen)  # no draw, no options, nothing saved
        assert f"A tournament needs 4, 8 or 16 fighters: {count} are entered" in notices(app)
        assert app.store.sessions("open") == []


async def test_random_picks_and_the_random_draw_use_the_apps_generator(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(5))
    async with app.run_test(size=(100, 30)) as pilot:
        await enter_tournament(pilot, ["Alpha"])  # the filter narrows the roster: the random picks are not from it
        app.screen.query_one("#filter", Input).value = ""
        await pilot.pause()
        await pilot.press("ctrl+r", "ctrl+r", "ctrl+r")
        entered = [c.name for c in app.screen.entrants]
        assert len(set(entered)) == 4 and entered[0] == "Alpha One"
        # the same generator, replayed: three picks from those not yet entered, then the shuffle
        rng = random.Random(5)
        pool = [c.name for c in app.screen.roster.cards]
        expected = ["Alpha One"]
        for _ in range(3):
            expected.append(rng.choice([n for n in pool if n not in expected]))
        assert entered == expected
        screen = await start_tournament(pilot, None, draw="r")
        drawn = list(entered)
        rng.shuffle(drawn)
        assert screen.session.setup.names == tuple(drawn) and drawn != entered
        assert panel_titles(screen) == tuple(drawn[:2])


async def test_an_even_number_of_segments_is_refused_by_the_rules(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_tournament(pilot, FOUR)
        await pilot.press("ctrl+s", "o")
        await pilot.pause()
        segments = next(spec for spec in app.screen.ruleset.options if spec.key == "segments")
        assert segments.choices == (1, 3, 5)  # the options screen offers odd counts only
        app.screen.chosen["segments"] = 2  # and the rules refuse an even one that gets through
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen)
        assert "choose an odd number of segments" in notices(app)
        assert app.store.sessions("open") == []


async def test_the_tournament_and_simulate_keys_are_offered_where_they_apply(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_fight(pilot, 0, "Alpha", "Bravo")  # a bout: no bracket, nothing to roll a night of
        fight = app.screen
        footer = screen_text(app).splitlines()[-1]
        assert "Bracket" not in footer and "Night" not in footer
        assert fight.check_action("bracket", ()) is False
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        select = app.screen
        footer = screen_text(app).splitlines()[-1]
        assert "^t Tournament" in footer and "f5 Simulate" in footer and footer.rstrip().endswith("^q Quit")
        await pilot.press("f5")  # no corners yet: nothing to simulate
        await pilot.pause()
        assert app.screen is select and "Pick both corners first" in notices(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down", "enter")  # Fighters Only has no tournament nights
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen) and app.screen.game == "fo"
        footer = screen_text(app).splitlines()[-1]
        assert "Tournament" not in footer and "f5 Simulate" in footer  # FO bouts are simulated (issue 21)
        await pilot.press("ctrl+t")
        assert app.screen.tournament is False


async def test_simulate_opens_the_matchup_with_the_entrants(data_dir: Path) -> None:
    matchup = pytest.importorskip("companion.screens.matchup")
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_tournament(pilot, FOUR)
        await pilot.press("f5")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, matchup.MatchupScreen)
        assert shown.tournament and [c.name for c in shown.cards] == FOUR


# --- the night on the fight screen ------------------------------------------------


async def test_a_bout_of_the_night_shows_its_odds_and_whose_they_are(data_dir: Path) -> None:
    """Issue 22: a tournament's bout shows the odds of each roll as a single bout does, each chance
    saying whose it is; between bouts there are none."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        odds = screen.query_one("#odds", Static)
        assert not odds.display  # between bouts: the choice to begin has no odds
        await type_answer(pilot, "")  # begin the first semi-final
        shown = text_of(odds)
        assert odds.display and "Alpha: takes control" in shown, shown


async def test_a_typed_bout_shows_its_result_and_enter_begins_the_next(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await type_answer(pilot, "")  # Enter on the empty tray begins the bout
        assert "Semi-final 1 of 2: Alpha One (red) v Bravo Two (blue)" in log_lines(screen)
        assert "Alpha One: roll d10! for control, +12" in text_of(screen.query_one("#prompt", Static))
        for face in KO_BOUT:
            await type_answer(pilot, face)
        bracket = screen.session.state.bracket
        assert len(bracket.done) == 1 and bracket.done[0].loss == 1  # Bravo scored 13 fight points (NHB-9)
        result = screen.query_one("#result", Static)
        assert result.display
        shown = text_of(result)
        assert "Semi-final 1 of 2: Alpha One def. Bravo Two by KO (GNP KO), segment 1, 0:20" in shown
        assert "Alpha One goes on at -1 on every rating" in shown
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "Next: the semi-final 2 of 2" in prompt and "Charlie Three (red) v Delta Four (blue)" in prompt
        assert panel_titles(screen) == ("Charlie Three", "Delta Four")
        await type_answer(pilot, "")
        assert screen.session.state.pairing == (2, 3)
        assert not result.display  # in a bout the result panel makes way for the prompt
        assert "Charlie Three: roll d10! for control" in text_of(screen.query_one("#prompt", Static))


async def test_the_winner_fights_on_at_the_rating_loss(data_dir: Path) -> None:
    """NHB-9: the final shows Alpha One's ratings one lower, and says so."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await bout_one(pilot)
        await pilot.press("f7")  # the app rolls the second semi-final
        await pilot.pause()
        assert screen.session.state.bracket.next_bout == 2
        red = text_of(screen.query_one("#red", Static))
        assert screen.query_one("#red").border_title == "Alpha One"
        assert "rating loss: -1" in red and "control: 11" in red and "ground: 13" in red
        assert "wins: 1" in red


async def test_undo_from_the_first_roll_of_bout_two_goes_back_into_bout_one(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await bout_one(pilot)
        await type_answer(pilot, "")  # begin the second semi-final
        await type_answer(pilot, "6")  # its first roll
        assert panel_titles(screen) == ("Charlie Three", "Delta Four")
        await pilot.press("ctrl+z", "ctrl+z")  # the roll, then the begin
        await pilot.pause()
        assert "Next: the semi-final 2 of 2" in text_of(screen.query_one("#prompt", Static))
        await pilot.press("ctrl+z")  # Bravo Two's toughness roll: back into the first bout
        await pilot.pause()
        assert panel_titles(screen) == ("Alpha One", "Bravo Two")
        assert screen.session.state.bracket.done == ()
        assert "Bravo Two: roll d10 for toughness" in text_of(screen.query_one("#prompt", Static))
        assert not screen.query_one("#result").display
        assert "Alpha One def. Bravo Two by KO (GNP KO), segment 1, 0:20" not in log_lines(screen)
        assert len(app.store.load(screen.session.id)[2]) == len(KO_BOUT)  # begin + the bout but its last roll
        await pilot.press("ctrl+y", "ctrl+y", "ctrl+y")
        await pilot.pause()
        assert panel_titles(screen) == ("Charlie Three", "Delta Four") and len(screen.session.state.bracket.done) == 1


async def test_the_bracket_shows_winners_methods_times_and_losses(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await bout_one(pilot)
        await pilot.press("f6")
        await pilot.pause()
        bracket = app.screen
        assert isinstance(bracket, BracketScreen)
        semis = text_of(bracket.query_one("#round-0", Static))
        assert "Semi-finals" in semis
        assert "▶ Alpha One" in semis and "KO (GNP KO)" in semis and "segment 1, 0:20" in semis
        assert "▶ Bravo Two" not in semis
        assert "Charlie Three" in semis and "next" in semis
        final = text_of(bracket.query_one("#round-1", Static))
        assert "Alpha One -1" in final and "winner of SF 2" in final
        assert "1 of 3 bouts fought" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_app_rolls_a_bout_then_the_rest_of_the_night_to_a_champion(data_dir: Path) -> None:
    names = FOUR + ["Echo Five", "Foxtrot Six", "Golf Seven", "Hotel Eight"]
    app = make_app(data_dir, rng=random.Random(2))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_tournament(pilot, names)
        session = screen.session
        await pilot.press("f7")  # from the begin: the whole first quarter-final, and no further
        await pilot.pause()
        bracket = session.state.bracket
        assert len(bracket.done) == 1 and not session.ruleset.in_bout(session.state)
        assert all(step.answer.virtual for step in session.steps)
        assert "Quarter-final 1 of 4:" in text_of(screen.query_one("#result", Static))
        await pilot.press("f8")
        await pilot.pause()
        assert session.over
        bracket = session.state.bracket
        champion = bracket.entrants[bracket.champion].name
        assert len(bracket.done) == 7
        assert f"{champion} wins the tournament!" in text_of(screen.query_one("#result", Static))
        assert champion in panel_titles(screen)
        saved = app.store.sessions("over")
        assert saved and saved[0].result["winner"] == champion
        assert len(app.store.load(session.id)[2]) == len(session.steps)  # every roll saved as it went
        footer = screen_text(app).splitlines()[-1]
        assert "Night" not in footer and "Bracket" in footer
        await pilot.press("ctrl+z")  # undo still works after the app's run
        await pilot.pause()
        assert not session.over and session.redo_stack
        assert "Final" in text_of(screen.query_one("#status", Static))
        await pilot.press("ctrl+y", "ctrl+n")  # over again; a new night opens the entry of a tournament
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen)
        assert app.screen.game == "nhb" and app.screen.tournament and app.screen.entrants == ()


async def test_a_tournament_resumes_with_the_same_bracket(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await pilot.press("f7")
        await pilot.pause()
        await type_answer(pilot, "")  # the second semi-final begins; the app is closed in it
        await type_answer(pilot, "4")
        await pilot.press("f6")
        await pilot.pause()
        before = screen_text(app)
        answers = len(screen.session.steps)
    assert "▶" in before

    app = make_app(data_dir, rng=random.Random(99))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        label = str(home.query_one("#unfinished", OptionList).get_option_at_index(0).prompt)
        assert label.startswith("4 entrants: Alpha One, Bravo Two, ... · NHB tournament")
        home.query_one("#unfinished", OptionList).focus()
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, FightScreen) and len(resumed.session.steps) == answers
        assert panel_titles(resumed) == ("Charlie Three", "Delta Four")
        await pilot.press("f6")
        await pilot.pause()
        assert screen_text(app) == before


async def test_typing_a_name_finds_that_fighter_before_a_nickname_that_holds_it(data_dir: Path) -> None:
    """Found at the table: "dan" entered Ken Shamrock, "the World's Most Dangerous Man",
    listed before Dan Severn. A name that matches comes first."""
    (data_dir / "fighters" / "nick.yaml").write_text(
        "game: nhb\nfighters:\n"
        "  - {name: Able Nick, nickname: The Quill, control: 9, standup: 9, ground: 9, finishing: 5, toughness: 5}\n"
        "  - {name: Quillon Zed, control: 9, standup: 9, ground: 9, finishing: 5, toughness: 5}\n"
    )
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_tournament(pilot, ["quill"])
        assert [c.name for c in app.screen.entrants] == ["Quillon Zed"]
        assert "Able Nick" in [c.name for c in app.screen.roster.cards]


async def test_after_the_app_rolls_a_semi_final_the_log_is_at_its_end(data_dir: Path) -> None:
    """Issue 22: at 80x24, after f7 rolled a semi-final the play-by-play stopped short of its last
    lines (the result box took its rows after it had scrolled): its last line is the bout's end."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_tournament(pilot, FOUR)
        await pilot.press("f7")
        await pilot.pause()
        log = screen.query_one("#log", RichLog)
        assert log.max_scroll_y > 0  # more lines than rows: the end must be scrolled to
        assert log.scroll_y == log.max_scroll_y
        last = screen.session.steps[-1].log[-1]
        shown = [
            strip.text.rstrip() for strip in log.lines[int(log.scroll_y) :][: log.scrollable_content_region.height]
        ]
        assert last.split()[0] in " ".join(shown[-3:])
