"""The screens as a player drives them, with Pilot: keys in, what shows out."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import NHB_CARDS, log_lines, open_fight, screen_text, text_of, type_answer
from textual.widgets import DataTable, Input, OptionList, RichLog, Static

from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.reference import ReferenceScreen
from companion.screens.select import FighterSelectScreen
from companion.session import CorruptSave, resume

KO_BOUT = ("5", "3", "g", "15", "4", "9", "1")
"""Alpha controls 17-13, takes it down, 31-13 on fight points, margin 10 on the
submission chart: a GNP KO at 0:20 (rulings NHB-2 to NHB-7)."""


async def start_fight(pilot, red: str = "Alpha", blue: str = "Bravo") -> FightScreen:
    """From home: NHB, pick two fighters by filtering, accept the default options."""
    return await open_fight(pilot, 0, red, blue)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    return tmp_path


async def test_home_lists_games_and_which_are_playable(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        games = app.screen.query_one("#games", OptionList)
        assert games.option_count == 5
        assert not games.get_option("nhb").disabled
        assert not games.get_option("fo").disabled
        assert not games.get_option("cage_match").disabled
        assert not games.get_option("fudge").disabled
        assert not games.get_option("paf").disabled
        unfinished = app.screen.query_one("#unfinished", OptionList)
        assert unfinished.get_option_at_index(0).id == "none"


async def test_fighter_select_filters_shows_card_and_fills_corners(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FighterSelectScreen)
        assert "Alpha One" in screen.roster.names() and "Royce Gracie" in screen.roster.names()
        await pilot.press(*"bravo")
        await pilot.pause()
        assert [c.name for c in screen.shown] == ["Bravo Two"]
        card = text_of(screen.query_one("#card", Static))
        assert "Bravo Two" in card and "standup" in card and "12" in card
        await pilot.press("enter")
        assert screen.corners[0].name == "Bravo Two" and screen.corners[1] is None
        assert screen.query_one("#filter", Input).value == ""
        await pilot.press("ctrl+r")  # random pick for blue, never the same fighter
        assert screen.corners[1] is not None and screen.corners[1].name != "Bravo Two"
        await pilot.press(*"roy")  # ctrl+u clears the typed filter first, then takes back the last pick
        await pilot.pause()
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert screen.query_one("#filter", Input).value == "" and screen.corners[1] is not None
        await pilot.press("ctrl+u")
        assert screen.corners[1] is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_fighter_select_warns_of_cards_that_did_not_load(data_dir: Path) -> None:
    (data_dir / "fighters" / "broken.yaml").write_text(
        "game: nhb\nfighters:\n  - {name: Broken Card, control: 25, standup: 5, ground: 5, finishing: 5, toughness: 5}\n"
    )
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        warning = text_of(screen.query_one("#problems", Static))
        assert "broken.yaml" in warning and "Broken Card" in warning and "control" in warning
        assert "from 1 to 20" in warning
        assert "Broken Card" not in screen.roster.names()
        assert "Alpha One" in screen.roster.names()


async def test_a_bout_typed_at_the_table_to_the_result(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "Alpha One: roll d10! for control, +12" in prompt
        # a face the die does not have: refused inline, nothing changes (ruling D-5)
        await type_answer(pilot, "11")
        assert "a d10 shows 1-10" in text_of(screen.query_one("#hint", Static))
        assert screen.session.steps == []
        await type_answer(pilot, "5")  # Alpha 17
        await type_answer(pilot, "3")  # Bravo 13: Alpha takes control
        assert "Alpha One takes control (17 to 13)" in log_lines(screen)
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "advised" in prompt
        await type_answer(pilot, "")  # Enter takes the advised place: ground (+5 vs -2)
        assert screen.session.state.place == "ground"
        await type_answer(pilot, "15")  # Alpha 15 + 14 + 2 = 31
        await type_answer(pilot, "4")  # Bravo 4 + 9 = 13
        await type_answer(pilot, "9")  # Alpha 9 + 6 + 3 = 18
        # Bravo 1 + 7 = 8: margin 10 on Alpha's submission chart (ground 14 >= standup 10 + 3,
        # ruling NHB-6) is a GNP KO; fight points 31 to 13 differ by 18: 0:20, no seconds roll (NHB-7)
        await type_answer(pilot, "1")
        assert screen.session.over
        result = text_of(screen.query_one("#result", Static))
        assert "Alpha One def. Bravo Two by KO (GNP KO), segment 1, 0:20" in result
        assert screen.query_one("#result").display
        # the result is saved as finished
        saved = app.store.sessions("over")
        assert saved and saved[0].result["method"] == "ko"


async def test_undo_and_redo_keys(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        await type_answer(pilot, "5")
        await type_answer(pilot, "3")
        assert screen.session.state.step == "where"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.state.step == "control" and len(screen.session.steps) == 1
        assert "Alpha One takes control (17 to 13)" not in log_lines(screen)
        assert "Bravo Two: roll d10!" in text_of(screen.query_one("#prompt", Static))
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert screen.session.state.step == "where"
        assert "Alpha One takes control (17 to 13)" in log_lines(screen)
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # past the first roll: nothing more to undo
        await pilot.pause()
        assert screen.session.steps == []


async def test_roll_for_me_is_marked_as_the_apps_roll(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        (step,) = screen.session.steps
        assert step.answer.virtual
        assert log_lines(screen)[0].startswith("Alpha One rolls") and "(by the app)" in log_lines(screen)[0]


async def test_rules_reference_marks_the_row_in_use(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        for face in ("5", "3", "g", "15", "4", "9"):
            await type_answer(pilot, face)
        await pilot.press("f1")
        await pilot.pause()
        ref = app.screen
        assert isinstance(ref, ReferenceScreen)
        assert ref.reference.title == "Submission ground chart"  # the winner's chart, not yet rolled
        await pilot.press("escape")
        await pilot.pause()
        await type_answer(pilot, "7")  # Bravo 7 + 7 = 14; margin 4: submission
        await type_answer(pilot, "6")  # generic chart 6: armbar; difference 18: 0:20, the bout is over
        await pilot.press("f1")
        await pilot.pause()
        ref = app.screen
        table = ref.query_one(DataTable)
        assert ref.reference.title == "Generic submission chart"
        assert table.cursor_row == 1 and ref.reference.rows[1] == ("5-7", "armbar")
        assert screen.session.over


async def test_f1_shows_the_text_of_each_ruling_the_step_cites(data_dir: Path) -> None:
    """Issue 22: a ruling id is something a player can read: at the choice of where to fight, f1's
    table notes "ruling NHB-3", and the view shows NHB-3's own text under it."""
    from companion.rulings import ruling

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        for face in ("5", "3"):
            await type_answer(pilot, face)
        await pilot.press("f1")
        await pilot.pause()
        ref = app.screen
        assert isinstance(ref, ReferenceScreen)
        assert [ruling_id for ruling_id, _ in ref.rulings][:1] == ["NHB-3"]
        shown = " ".join(str(static.render()) for static in ref.query(".ruling"))
        text = ruling("NHB-3")
        assert text is not None and text.startswith("Where: the controller chooses standup or ground")
        assert "NHB-3" in shown and "the controller chooses standup or ground" in shown
        # the rulings have rows of their own at 80x24, beside a long table (they had one)
        rulings = ref.query_one("#rulings")
        assert rulings.size.height >= 6 and ref.query_one("#table").size.height >= 6


async def test_escape_leaves_the_fight_saved_and_home_resumes_it(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_answer(pilot, "5")
        await type_answer(pilot, "3")
        await pilot.press("escape")
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        unfinished = home.query_one("#unfinished", OptionList)
        assert "Alpha One vs Bravo Two" in str(unfinished.get_option_at_index(0).prompt)
        assert " · 2 answers · " in str(unfinished.get_option_at_index(0).prompt)
        unfinished.focus()
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, FightScreen)
        assert resumed.session.state.step == "where"
        assert "Alpha One takes control (17 to 13)" in log_lines(resumed)


async def test_a_fight_of_one_answer_is_listed_as_one_answer(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_answer(pilot, "5")
        await pilot.press("escape")
        await pilot.pause()
        label = str(app.screen.query_one("#unfinished", OptionList).get_option_at_index(0).prompt)
        assert " · 1 answer · " in label, label


async def test_rematch_and_new_fight_after_the_result(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        for face in KO_BOUT:
            await type_answer(pilot, face)
        assert screen.session.over
        first_id = screen.session.id
        await pilot.press("ctrl+t")
        await pilot.pause()
        rematch = app.screen
        assert isinstance(rematch, FightScreen) and rematch.session.id != first_id
        assert rematch.session.setup.names == ("Alpha One", "Bravo Two") and rematch.session.steps == []
        assert app.store.sessions("over")[0].id == first_id
        await pilot.press("ctrl+n")  # not over yet: does nothing
        await pilot.pause()
        assert app.screen is rematch


async def test_unreadable_database_is_moved_aside_and_the_app_starts(tmp_path: Path) -> None:
    (tmp_path / "companion.db").write_bytes(b"this is not a database" * 200)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.store.notice and "moved" in app.store.notice
        moved = [p for p in tmp_path.iterdir() if p.name.startswith("companion.db.unreadable-")]
        assert moved and moved[0].read_bytes() == b"this is not a database" * 200


async def test_a_corrupt_saved_fight_shows_a_message_not_a_traceback(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        await type_answer(pilot, "5")
        session_id = screen.session.id
        app.store.conn.execute("UPDATE answers SET text='99' WHERE session_id=?", (session_id,))
        await pilot.press("escape")
        await pilot.pause()
        assert app.resume_fight(session_id) is False
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        with pytest.raises(CorruptSave) as info:
            resume(app.store, session_id)
        assert "no longer fits" in str(info.value)


async def test_forgetting_a_saved_fight_asks_first(data_dir: Path) -> None:
    from companion.screens.confirm import ConfirmScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_answer(pilot, "5")
        await pilot.press("escape")
        await pilot.pause()
        home = app.screen
        home.query_one("#unfinished", OptionList).focus()
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        # the whole question is read, wrapped in its box (the new-user trial: cut to its first line)
        boxed = [
            row[row.index("█") + 1 : row.rindex("█")] for row in screen_text(app).splitlines() if row.count("█") >= 2
        ]
        shown = " ".join(" ".join(boxed).split())
        assert " ".join(app.screen.question.split()) in shown, shown
        await pilot.press("n")  # no: nothing is lost
        await pilot.pause()
        assert len(app.store.sessions("open")) == 1
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.store.sessions("open") == []
        assert home.query_one("#unfinished", OptionList).get_option_at_index(0).id == "none"


async def test_home_highlights_the_fight_left_and_a_forgotten_fight_comes_back(data_dir: Path) -> None:
    """Issue 22: back from a resumed fight, home highlights that fight in its list (so del names the
    one meant); forgetting names it and asks; ctrl+z brings it back; quitting deletes it for good."""
    from companion.screens.confirm import ConfirmScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_answer(pilot, "5")
        await pilot.press("escape")
        await pilot.pause()
        first = app.store.sessions("open")[0].id
        await start_fight(pilot)  # a second fight, newer: listed first
        await type_answer(pilot, "6")  # a fight left with nothing answered is not kept
        await pilot.press("escape")
        await pilot.pause()
        assert app.resume_fight(first)  # the older one resumed, then left
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        home = app.screen
        unfinished = home.query_one("#unfinished", OptionList)
        await pilot.press("tab")  # from the games to the unfinished fights: the one just left
        assert home.focused is unfinished
        assert unfinished.get_option_at_index(unfinished.highlighted).id == str(first)
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert [s.id for s in app.store.sessions("open")] != [] and first not in [s.id for s in app.store.sessions()]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert first in [s.id for s in app.store.sessions("open")]
        assert unfinished.get_option_at_index(unfinished.highlighted).id == str(first)
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.store.status(first) == "forgotten"
    again = make_app(data_dir)
    async with again.run_test(size=(80, 24)):
        assert again.store.status(first) is None  # the quit deleted it for good


async def test_question_mark_lists_the_keys_of_the_screen_you_are_on(data_dir: Path) -> None:
    """Issue 22: ``?`` shows the keys of the screen the player is on, apart from the rules table
    (f1), the footer's hidden ones too; in the fight it is not typed into the answer box."""
    from companion.screens.keys import KeysScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert {("del", "Forget fight"), ("^z", "Bring back"), ("^q", "Quit")} <= set(keys.rows)
        assert not any(words == "Page Down" for _, words in keys.rows)  # the list's own keys go unsaid
        await pilot.press("escape")
        await pilot.pause()
        screen = await start_fight(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        said = {words: key for key, words in keys.rows}
        assert said["Rules"] == "f1" and said["Undo (not now)"] == "^z" and "Odds detail" in said
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#faces", Input).value == ""


async def test_the_theme_chosen_is_kept_across_launches(data_dir: Path) -> None:
    """Issue 22: the theme chosen in the palette is the one the next launch starts with."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme != "solarized-light"
        app.theme = "solarized-light"
        await pilot.pause()
    again = make_app(data_dir)
    async with again.run_test(size=(80, 24)):
        assert again.theme == "solarized-light"


async def test_the_palette_offers_the_apps_own_commands(data_dir: Path) -> None:
    """Issue 22: the command palette (ctrl+p) offers a new fight of each game, the latest unfinished
    fight and the keys of the screen, beside Textual's theme and quit; a new fight opens its selection."""
    from companion.screens.select import FighterSelectScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_answer(pilot, "5")
        await pilot.press("escape")
        await pilot.pause()
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert {"Theme", "Quit", "Keys of this screen", "Resume the latest fight"} <= set(commands)
        assert "New fight: Cage Match!" in commands and "New fight: Bradu's SIMple NHB" in commands
        commands["New fight: Fighters Only featherweight"].callback()
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen) and app.screen.game == "fo"


async def test_a_resize_wraps_the_play_by_play_afresh_and_the_title_fits(data_dir: Path) -> None:
    """Issue 22: lines written at 60 columns are wrapped again when the terminal grows (they stayed
    narrow); the header takes the game's short name where its whole title and the fighters' names
    would not fit ("Bradu's SIMple NHB — Alpha One vs Bravo Two" at 50)."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start_fight(pilot)
        for _ in range(2):
            await pilot.press("ctrl+r")  # the app's roll: its line says "(by the app)", longer than 60
            await pilot.pause()
        log = screen.query_one("#log", RichLog)
        written = len([line for step in screen.session.steps for line in step.log])

        def widest() -> int:
            return max(len(strip.text.rstrip()) for strip in log.lines)

        narrow = widest()
        assert narrow <= 60 and len(log.lines) > written  # wrapped to 60
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert widest() > 60 and len(log.lines) == written  # each line whole again
        assert screen.title == "Bradu's SIMple NHB"  # it fits at 120
        await pilot.resize_terminal(50, 20)
        await pilot.pause()
        assert screen.title == "NHB"


async def test_a_finished_fight_reopens_from_home_with_its_result(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fight(pilot)
        for face in KO_BOUT:
            await type_answer(pilot, face)
        assert screen.session.over
        await pilot.press("escape")
        await pilot.pause()
        finished = app.screen.query_one("#finished", OptionList)
        assert "Alpha One def. Bravo Two by KO (GNP KO), segment 1, 0:20" in str(finished.get_option_at_index(0).prompt)
        finished.focus()
        await pilot.press("enter")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, FightScreen) and shown.session.over
        assert "Alpha One def. Bravo Two by KO (GNP KO)" in text_of(shown.query_one("#result", Static))


async def test_the_finished_list_says_whose_fight_a_draw_was_and_each_fight_s_game(data_dir: Path) -> None:
    """A draw names nobody ("Draw (the GM ended the scene), round 1", a new-user trial could not tell whose
    scene it was): its line says the fight's title first; every finished line says its game, as the
    unfinished list does."""
    from companion.ruleset import Answer

    app = make_app(data_dir, rng=random.Random(1))
    store = app.store
    draw = store.create("fudge", {}, "Sir Aldric of Wendham vs Old Tyrant")
    ended = {"winner": None, "loser": None, "method": "draw", "detail": "the GM ended the scene", "period": 1}
    store.append(draw, 0, Answer("end"), ended)
    won = store.create("nhb", {}, "Alpha One vs Bravo Two")
    ko = {"winner": "Alpha One", "loser": "Bravo Two", "method": "KO", "period": 1, "time": "0:20"}
    store.append(won, 0, Answer("7"), ko)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        finished = app.screen.query_one("#finished", OptionList)
        lines = [str(finished.get_option_at_index(i).prompt) for i in range(finished.option_count)]
        assert any(
            line.startswith("Sir Aldric of Wendham vs Old Tyrant: Draw (the GM ended the scene)")
            and " · Fudge · " in line
            for line in lines
        ), lines
        assert any(line.startswith("Alpha One def. Bravo Two by KO") and " · NHB · " in line for line in lines), lines


async def test_names_with_brackets_are_shown_as_written(tmp_path: Path) -> None:
    """A card name is text, never markup: "[The]" stays, "[/]" does not crash a screen."""
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "odd.yaml").write_text(
        "game: nhb\nfighters:\n"
        "  - {name: 'Kid [The] Dynamite', control: 12, standup: 10, ground: 14, finishing: 6, toughness: 6}\n"
        "  - {name: 'Red [/] Fox', control: 10, standup: 12, ground: 9, finishing: 5, toughness: 7}\n"
    )
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fight(pilot, red="Kid [The]", blue="Red [/]")
        assert "Kid [The] Dynamite: roll d10! for control" in text_of(screen.query_one("#prompt", Static))
        await type_answer(pilot, "5")
        await type_answer(pilot, "3")
        assert "Kid [The] Dynamite takes control (17 to 13)" in log_lines(screen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        home = app.screen
        label = str(home.query_one("#unfinished", OptionList).get_option_at_index(0).prompt)
        assert label.startswith("Kid \\[The] Dynamite vs Red \\[/] Fox")  # escaped markup, shown as written


@pytest.mark.parametrize("width", [12, 20, 30])
async def test_home_at_a_very_narrow_terminal_draws_its_lists(data_dir: Path, width: int) -> None:
    """Issue 22: at 20 columns home crashed (a list pushed to no width cannot be drawn); the panes
    keep 14 columns each and scroll, and Enter still opens the game highlighted."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(width, 20)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        assert games.size.width >= 8 and games.option_count == 5
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FighterSelectScreen)


async def test_a_long_table_leaves_its_rulings_rows_to_be_read_at_80x24(data_dir: Path) -> None:
    """Issue 22 review: at PAF's critical roll f1 showed the table and one line of PA-3's text, and
    nothing scrolled to the rest: the table and the rulings now share the screen."""
    from companion.ruleset import Reference

    rows = tuple((str(n), f"result {n}") for n in range(1, 31))
    reference = Reference("Criticals (PA-3)", ("roll", "result"), rows, highlight=20, note="see PA-3 and PA-5")
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReferenceScreen(reference))
        await pilot.pause()
        ref = app.screen
        assert [ruling_id for ruling_id, _ in ref.rulings] == ["PA-3", "PA-5"]
        sheet, rulings = ref.query_one("#sheet"), ref.query_one("#rulings")
        assert rulings.size.height >= 6 and ref.query_one("#table").size.height >= 8
        # in view, with the line that says how to close it under them (both were below the sheet's edge)
        assert rulings.region.bottom < sheet.content_region.bottom


@pytest.mark.parametrize(("fights", "all_in_view"), [(6, True), (12, False)])
async def test_home_says_how_many_fights_each_list_holds(data_dir: Path, fights: int, all_in_view: bool) -> None:
    """The new-user trial: with six unfinished fights home showed four, with no word of the others. The list
    now takes up to 65% of the pane (six show whole at 80x24), its heading says how many it holds, and a
    longer list scrolls with the finished fights still in view below it."""
    from textual.widgets import Label

    from companion.ruleset import Setup, default_options, get_ruleset

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.roster("nhb")
        names = [card.name for card in roster.cards] * 3
        for i in range(fights):
            assert app.new_fight(
                Setup("nhb", (roster.find(names[i]), roster.find(names[i + 1])), default_options(get_ruleset("nhb")))
            )
            await pilot.pause()
            await type_answer(pilot, "7")  # a fight left with nothing answered is not kept
            await pilot.press("escape")
            await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        heading = str(home.query_one("#unfinished-heading", Label).render())
        assert heading == f"Unfinished fights ({fights}): Enter resumes"
        assert str(home.query_one("#finished-heading", Label).render()) == "Finished fights"
        unfinished = home.query_one("#unfinished", OptionList)
        assert unfinished.option_count == fights
        assert (unfinished.max_scroll_y == 0) is all_in_view
        finished = home.query_one("#finished", OptionList)
        assert finished.region.height and finished.region.bottom <= app.size.height - 1  # above the footer
