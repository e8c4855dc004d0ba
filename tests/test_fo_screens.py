"""The FO round stopwatch as players drive it, on a fake clock: start, pause,
the bell at 5:00, stalling, the big stopwatch screen, undo and resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import FO_CARDS, open_fight, text_of
from textual.widgets import Digits, Input, RichLog, Static

from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.stopwatch import RoundTimer, StopwatchScreen
from companion.screens.widgets import DiceTray


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    return tmp_path


def timer_text(screen) -> str:
    return str(screen.query_one(RoundTimer).render())


def log_lines(screen) -> list[str]:
    return [strip.text for strip in screen.query_one("#log", RichLog).lines]


async def answer(pilot, text: str) -> None:
    pilot.app.screen.query_one("#faces", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def start_fo(pilot, stall_limit: int | None = None) -> FightScreen:
    """From home: FO, Red Fox against Blue Jay, the stall limit if given."""
    options = {} if stall_limit is None else {"stall_limit": stall_limit}
    screen = await open_fight(pilot, 1, "red fox", "blue jay", options)
    assert screen.session.setup.game == "fo"
    return screen


async def test_the_roster_filter_ignores_accents_and_case(data_dir: Path) -> None:
    """Issue 22: "jose" finds José Aldo (a player types a name as the keyboard allows)."""
    from companion.screens.select import FighterSelectScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # the second game: FO
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FighterSelectScreen)
        await pilot.press(*"JOSE")
        await pilot.pause()
        assert [c.name for c in screen.shown] == ["José Aldo"]


async def test_the_clock_waits_for_f2_then_stamps_answers(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        assert (
            not screen.clock.running
            and "5:00" in timer_text(screen)
            and "f2 or the roll-off starts" in timer_text(screen)
        )
        fake.advance(40)  # a paused clock does not move
        assert screen.clock.elapsed == 0
        await pilot.press("f2")
        fake.advance(12)
        screen.tick()
        assert "4:48" in timer_text(screen)
        await answer(pilot, "3 4")
        fake.advance(3)
        await answer(pilot, "5 6")  # Red Fox 7 to 11: Red attacks first, from 0:15
        assert [a.clock for a in screen.session.answers] == [12.0, 15.0]
        fake.advance(20)
        screen.tick()
        assert screen.timer_view().attack == (20.0, 0.0)  # live: Red holds the dice (20 s is no stall, FO-8)
        assert "0:20" in timer_text(screen)


async def test_the_clock_is_set_by_hand_when_paused(data_dir: Path) -> None:
    """Issue 22: a table timing on its own stopwatch pauses the clock (f2) and types its reading as
    the clock shows it, counting down, 3:12 (1:48 gone): the tray says what Enter will do, the clock
    shows it, and the next answer is stamped there; a reading with more time left than at the latest
    answer, or with the clock running, is refused and sets nothing."""
    from companion.screens.widgets import DiceTray

    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        fake.advance(12)
        await answer(pilot, "3 4")
        fake.advance(3)
        await answer(pilot, "5 6")  # Red attacks from 0:15
        box = screen.query_one("#faces", Input)
        box.value = "3:12"  # the clock runs: pause it first
        await pilot.pause()
        assert screen.query_one(DiceTray).has_class("-refused")
        await pilot.press("f2")  # paused: the reading still in the box is previewed again
        await pilot.pause()
        assert "set to 3:12 left" in str(screen.query_one("#hint").render())
        box.value = ""
        await pilot.pause()
        box.value = "3:12"
        await pilot.pause()
        tray = screen.query_one(DiceTray)
        assert not tray.has_class("-refused")
        assert "set to 3:12 left" in str(screen.query_one("#hint").render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.clock.elapsed == 108.0 and not screen.clock.running and len(screen.session.answers) == 2
        assert "Round 1/3  3:12" in timer_text(screen)  # the clock shows what was typed
        await answer(pilot, "4:50")  # more left than at the latest answer (4:45 left): refused
        assert screen.clock.elapsed == 108.0 and tray.has_class("-refused")
        assert "the latest answer was at 4:45 left" in str(screen.query_one("#hint").render())
        await pilot.press("f2")
        fake.advance(2)
        await answer(pilot, "punch")
        assert screen.session.answers[-1].clock == 110.0
        # the time to the reading ran at the table with Red Fox holding the dice: his, 0:15 to 1:50 (FO-7)
        assert screen.session.ruleset.live_attack_seconds(screen.session.state, 110.0) == (95.0, 0.0)


async def test_pausing_pauses_attacking_time(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        await answer(pilot, "3 4")
        await answer(pilot, "5 6")
        fake.advance(10)
        await pilot.press("f2")  # pause at 0:10
        fake.advance(100)
        screen.tick()
        assert screen.clock.elapsed == 10 and screen.timer_view().attack == (10.0, 0.0)
        assert "paused" in timer_text(screen)
        await answer(pilot, "punch")  # stamped at the paused reading
        assert screen.session.answers[-1].clock == 10.0


async def test_the_bell_ends_the_round_by_itself_and_waits(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        await pilot.press("f2")
        await answer(pilot, "3 4")
        await answer(pilot, "5 6")  # Red attacks from 0:00
        fake.advance(301)
        screen.tick()
        await pilot.pause()
        state = screen.session.state
        assert screen.session.answers[-1].text == "bell" and screen.session.answers[-1].clock == 300
        assert state.round == 2 and state.step == "rolloff"
        assert state.rounds == ((300.0, 0.0),)
        assert any("Bell: end of round 1, Red Fox 10-9" in line for line in log_lines(screen))
        assert not screen.clock.running and screen.clock.elapsed == 0  # waits for round 2 to be started
        assert "Round 2/3" in timer_text(screen) and "f2 or the roll-off starts" in timer_text(screen)
        trackers = screen.session.ruleset.trackers(state)
        assert trackers["Red Fox"]["score"] == 10 and trackers["Blue Jay"]["score"] == 9


@pytest.mark.parametrize("paused", [False, True])
async def test_a_typed_bell_leaves_the_next_round_waiting_to_be_started(data_dir: Path, paused: bool) -> None:
    """FO-7 and the README: after the bell "the clock waits for you to start the next round". A bell typed
    (the table's own stopwatch rang first) started round 2's clock at once, as if it were its roll-off (the
    new-user trial); now it waits, as the clock's own bell does, and round 2's roll-off starts it."""
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        await pilot.press("f2")
        await answer(pilot, "2 2")
        await answer(pilot, "5 5")
        fake.advance(30)
        screen.tick()
        if paused:
            await pilot.press("f2")
        await answer(pilot, "bell")
        state = screen.session.state
        assert state.round == 2 and state.step == "rolloff"
        fake.advance(3)
        screen.tick()
        await pilot.pause()
        assert not screen.clock.running and screen.clock.elapsed == 0
        assert "Round 2/3" in timer_text(screen) and "f2 or the roll-off starts" in timer_text(screen)
        await answer(pilot, "3 4")  # round 2's roll-off starts its clock
        assert screen.clock.running


async def test_the_stall_limit_turns_the_dice_over_and_f3_calls_it(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await pilot.press("f2")
        await answer(pilot, "3 4")
        await answer(pilot, "5 6")  # Red holds the dice from 0:00
        fake.advance(19)
        screen.tick()
        assert screen.session.state.attacker == 0 and "stall 19/20 s" in timer_text(screen)
        fake.advance(1.5)  # longer than the limit (FO-8): turned over, stamped at the limit
        screen.tick()
        assert screen.session.answers[-1].text == "stall" and screen.session.state.attacker == 1
        assert screen.session.answers[-1].clock == 20
        assert "Red Fox stalls: the dice turn over to Blue Jay" in log_lines(screen)
        fake.advance(5)
        await pilot.press("f3")  # called at once by the players
        assert screen.session.answers[-1].text == "stall" and screen.session.answers[-1].clock == 25.5
        assert screen.session.state.attacker == 0
        await pilot.press("ctrl+z")  # a stall is an answer: it can be undone
        await pilot.pause()
        assert screen.session.state.attacker == 1
        assert screen.clock.running and screen.clock.elapsed == 25.5  # within a round, time goes on


async def test_the_stopwatch_screen_shows_the_countdown_and_toggles(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f4")
        await pilot.pause()
        watch = app.screen
        assert isinstance(watch, StopwatchScreen)
        assert watch.query_one(Digits).value == "5:00"
        await pilot.press("space")
        fake.advance(275)
        watch._tick()
        assert watch.query_one(Digits).value == "0:25"
        assert watch.query_one(Digits).has_class("-warning")  # the last 30 seconds
        await pilot.press("space")
        assert not screen.clock.running
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_undo_across_the_bell_takes_the_clock_back_to_that_round(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        await answer(pilot, "3 4")  # the roll-off starts the clock
        fake.advance(50)
        await answer(pilot, "5 6")  # stamped 0:50
        fake.advance(260)
        screen.tick()  # the bell
        await pilot.pause()
        assert screen.session.state.round == 2 and screen.clock.elapsed == 0
        await pilot.press("ctrl+z")
        await pilot.pause()
        state = screen.session.state
        assert (state.round, state.step) == (1, "choose")
        assert not screen.clock.running and screen.clock.elapsed == 50  # round 1 at its last answer, waiting


async def test_a_resumed_fight_has_its_clock_paused_where_it_was_left(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        fake.advance(65)
        await answer(pilot, "3 4")
        fake.advance(30)  # running on past the last answer, then the app is left
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.resume_fight(screen.session.id)
        await pilot.pause()
        resumed = app.screen
        assert resumed is not screen and not resumed.clock.running
        # paused where escape was pressed, the 30 s since the last answer not lost (the new-user trial)
        assert resumed.clock.elapsed == 95
        assert "3:25" in timer_text(resumed)


async def test_the_result_shows_the_score_cards(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        for _round in (1, 2, 3):
            await pilot.press("f2")
            await answer(pilot, "3 4")
            await answer(pilot, "5 6")  # Red attacks first each round
            fake.advance(40)
            await answer(pilot, "stall")  # Blue holds the dice from 0:40 to the bell
            fake.advance(300)
            screen.tick()
            await pilot.pause()
        assert screen.session.over
        result = str(screen.query_one("#result", Static).render())
        assert "Blue Jay def. Red Fox by decision (30-27), round 3, 5:00" in result
        assert "R1 9-10 (0:40-4:20)" in result
        assert "total Red Fox 27, Blue Jay 30" in result


async def test_the_roll_off_starts_a_clock_still_at_five_minutes(data_dir: Path) -> None:
    """FO text: "When the clock starts, both players take turns to roll the dice"."""
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        assert not screen.clock.running
        await answer(pilot, "3 4")
        assert screen.clock.running and screen.session.answers[0].clock == 0.0
        fake.advance(10)
        await pilot.press("f2")  # paused mid-round: the next answer does not restart it
        await answer(pilot, "5 6")
        assert not screen.clock.running and screen.session.answers[1].clock == 10.0


async def test_an_undo_does_not_set_off_the_stall_limit(data_dir: Path) -> None:
    """After an undo the hold counts afresh from the undo, not from the earlier answer."""
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await answer(pilot, "3 4")  # the roll-off starts the clock at 0:00
        await answer(pilot, "5 6")  # Red holds the dice from 0:00
        fake.advance(15)
        await answer(pilot, "punch")  # 0:15
        fake.advance(15)
        await pilot.press("ctrl+z")  # at 0:30, back to Red's choice (held since 0:00 by the stamps)
        await pilot.pause()
        screen.tick()
        assert screen.session.answers[-1].text == "5 6" and len(screen.session.redo_stack) == 1
        assert "stall 0/20 s" in timer_text(screen)
        fake.advance(20)
        screen.tick()  # twenty seconds after the undo: the limit, not longer (FO-8)
        assert screen.session.answers[-1].text == "5 6"
        fake.advance(0.5)
        screen.tick()  # longer than the limit after the undo: now it is stalling, stamped at the limit
        assert screen.session.answers[-1].text == "stall" and screen.session.answers[-1].clock == 50


async def test_a_paused_clock_rings_and_stalls_nothing(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await answer(pilot, "3 4")
        await answer(pilot, "5 6")
        await pilot.press("f2")  # paused at 0:00
        fake.advance(400)
        screen.tick()
        assert [a.text for a in screen.session.answers] == ["3 4", "5 6"]


async def test_the_tray_shows_as_taken_what_enter_takes(data_dir: Path) -> None:
    """Issue 21 (one reader): ``stall`` and ``bell`` were shown refused in the tray ("not a face") though
    Enter took them; the tray now asks the session what the answer would do, so it agrees with Enter:
    ``stall`` is taken while the attacker holds the dice (FO-8) and refused, with the rules' reason, at
    the roll-off; a face the dice do not have stays refused with the dice's reason."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        tray, box = screen.query_one(DiceTray), screen.query_one("#faces", Input)

        async def typed(text: str) -> tuple[bool, str]:
            box.value = text
            await pilot.pause()
            return not tray.has_class("-refused"), text_of(screen.query_one("#hint", Static))

        fits, said = await typed("stall")  # the roll-off: nobody holds the dice yet
        assert not fits and "nobody holds them during the roll-off" in said
        fits, said = await typed("7 7")
        assert not fits and "7 is not a face" in said
        await answer(pilot, "3 4")
        await answer(pilot, "5 6")  # Red Fox attacks first
        fits, said = await typed("stall")
        assert fits and said.startswith("= stall: ") and "stall" in said.lower()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.answers[-1].text == "stall"  # Enter took what the tray showed as taken
        fits, said = await typed("bell")
        assert fits and said.startswith("= bell")


async def test_the_clock_waits_while_an_answer_is_amended(data_dir: Path) -> None:
    """Play-testing backlog: a referee fixing a typo is a timeout. ctrl+g pauses the running round
    clock, attacking time and the stall count with it, for as long as the list of answers is open
    and the new value is typed; Escape or the amendment runs it again from where it stood. A clock
    paused before ctrl+g stays paused."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        fake.advance(12)
        await answer(pilot, "3 4")
        fake.advance(3)
        await answer(pilot, "5 6")  # Red Fox attacks from 0:15
        fake.advance(10)
        await pilot.press("ctrl+g")  # the list of answers: the clock stops at 0:25
        await pilot.pause()
        fake.advance(60)
        screen.tick()
        assert not screen.clock.running and screen.clock.elapsed == 25.0
        assert "4:35" in timer_text(screen)
        await pilot.press("escape")  # nothing amended: the clock runs on from 0:25
        await pilot.pause()
        assert screen.clock.running and screen.clock.elapsed == 25.0
        fake.advance(5)
        await pilot.press("ctrl+g")  # at 0:30 again, and this time an answer is amended
        await pilot.pause()
        await pilot.press("enter")  # the last answer, Blue Jay's roll-off 5 6
        await pilot.pause()
        fake.advance(90)  # the new value found and typed: still the timeout
        assert not screen.clock.running and screen.clock.elapsed == 30.0
        await answer(pilot, "5 5")  # Red 7 to 10: Red still attacks first
        assert screen.session.amendments and screen.session.answers[1].text == "5 5"
        assert screen.clock.running and screen.clock.elapsed == 30.0
        fake.advance(4)
        screen.tick()
        # Red Fox held the dice from 0:15 to 0:34 on the clock: the 150 s of timeouts are nobody's
        assert screen.timer_view().attack == (19.0, 0.0)
        await pilot.press("f2")  # the table pauses the clock itself
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.clock.running and screen.clock.elapsed == 34.0  # paused it stays


async def test_a_script_stamped_past_the_stall_limit_plays_as_the_screen_played_it(data_dir: Path) -> None:
    """The new-user trial: ``@0:05 3 4``, ``@0:10 2 2``, ``@0:50 punch`` took the punch after a 40 s
    hold, where the screen turns the dice over at the limit (FO-8). The same answers typed at the
    same readings on the screen, its clock ticking, and given to ``companion script``: the same
    answers at the same readings (a stall at 0:30, then the punch by Blue, who has held the dice 20 s at
    0:50: the limit, not longer than it)."""
    import scripting

    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await pilot.press("f2")
        at = 0.0
        for when, text in ((5, "3 4"), (10, "2 2"), (50, "punch")):
            while at < when:  # the clock ticks ten times a second, as it runs
                fake.advance(0.5)
                at += 0.5
                screen.tick()
            await answer(pilot, text)
        played = [(a.text, a.clock) for a in screen.session.answers]
    assert played == [("3 4", 5), ("2 2", 10), ("stall", 30), ("punch", 50)]
    cards = data_dir / "fighters" / "fo.yaml"
    proc, lines = scripting.script(
        "fo", cards, data_dir, stdin="@0:05 3 4\n@0:10 2 2\n@0:50 punch\n", red="Red Fox", blue="Blue Jay"
    )
    assert proc.returncode == 0, proc.stderr
    scripted = [(line["accepted"], line["clock"]) for line in lines if "accepted" in line]
    assert scripted == played
    stalls = [line for line in lines if line.get("accepted") == "stall"]
    assert [line["by"] for line in stalls] == ["stall limit"]  # the clock's, not typed
    # the punch answers the prompt the screen asked by then, said before it
    asked = lines[lines.index(stalls[-1]) + 1]["prompt"]
    assert asked["kind"] == "choice" and asked["who"] == lines[-2]["prompt"]["who"]
