"""Amending a past answer on the fight screen, as a player drives it (issue 23): ctrl+g lists the
answers in the play-by-play's place, arrows move, Enter picks one, its new value is typed in the
answer box and Enter amends it; Escape amends nothing; ctrl+z right after takes it back. A bout of
two fighters (NHB) and a scene of many (Fudge)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import NHB_CARDS, log_lines, open_fight, text_of, type_answer
from test_fudge_screens import BLUE, FUDGE_CARDS, RED, answer_until, start_scene
from textual.widgets import Input, RichLog, Static

from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.fight_amend import AnswerList

KO_BOUT = ("5", "3", "g", "15", "4", "9", "1")
"""Alpha controls 17-13, takes it down, 31-13 on fight points, a GNP KO at 0:20 (tests/test_screens.py)."""


def said(app) -> str:
    return "\n".join(f"{n.title}: {n.message}" for n in app._notifications)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    return tmp_path


async def pick_answer(pilot, screen: FightScreen, number: int) -> AnswerList:
    """ctrl+g, then up from the last answer to answer ``number``, as a player moves to it."""
    await pilot.press("ctrl+g")
    await pilot.pause()
    answers = screen.query_one(AnswerList)
    assert answers.display and not screen.query_one("#log", RichLog).display
    assert answers.highlighted == len(screen.session.steps) - 1  # the last answer first
    await pilot.press(*["up"] * (len(screen.session.steps) - number))
    await pilot.pause()
    assert answers.highlighted == number - 1
    return answers


async def test_a_bout_amended_from_its_log_keeps_what_fits_and_asks_again(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        for text in KO_BOUT:
            await type_answer(pilot, text)
        assert screen.session.over
        answers = await pick_answer(pilot, screen, 2)
        lines = [str(answers.get_option_at_index(i).prompt) for i in range(answers.option_count)]
        assert lines[0] == "#1 Alpha One: roll d10! for control, +12 → 5"
        assert lines[1] == "#2 Bravo Two: roll d10! for control, +10 → 3"
        assert "Amend an answer" in text_of(screen.query_one("#prompt", Static))
        await pilot.press("enter")
        await pilot.pause()
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "Amending answer #2 (was 3)" in prompt and "Bravo Two: roll d10! for control" in prompt
        box = screen.query_one("#faces", Input)
        assert box.has_focus and screen.query_one("#log", RichLog).display
        # a face the die lacks: the reader's message under the box, nothing changes
        await type_answer(pilot, "11")
        assert "a d10 shows 1-10" in text_of(screen.query_one("#hint", Static))
        assert screen.session.over and len(screen.session.steps) == 7
        # Bravo 9 + 10 = 19 beats Alpha's 17: the choice of where is Bravo's now, asked again
        await type_answer(pilot, "9")
        assert [a.text for a in screen.session.answers] == ["5", "9"]
        assert not screen.session.over
        assert "Bravo Two: choose where" in text_of(screen.query_one("#prompt", Static))
        log = log_lines(screen)
        assert "Bravo Two takes control (19 to 17)" in " ".join(log)
        assert not any("GNP KO" in line for line in log)
        notice = said(app)
        assert "Answer #2 (Bravo Two) amended: 3 → 9." in notice
        assert "Dropped 5 answers that no longer fit (ground, 15, 4, 9, 1)." in notice  # g as its list shows it
        assert "Asked again: Bravo Two: choose where the segment is fought." in notice
        # ctrl+z right after: the fight as it was, the KO and its result
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.over and [a.text for a in screen.session.answers] == list(KO_BOUT)
        assert "Amendment undone: answer #2 is 3 again" in said(app)
        assert "Alpha One def. Bravo Two by KO" in text_of(screen.query_one("#result", Static))
        assert app.store.sessions("over")  # saved as over again


async def amend(pilot, screen: FightScreen, number: int, text: str) -> None:
    """ctrl+g, up to answer ``number``, Enter, ``text`` typed and Enter."""
    await pick_answer(pilot, screen, number)
    await pilot.press("enter")
    await pilot.pause()
    await type_answer(pilot, text)


async def test_ctrl_z_walks_back_through_two_amendments_in_order(data_dir: Path) -> None:
    """Play-testing backlog: two answers amended one after the other; ctrl+z takes back the second,
    and a second ctrl+z the first (it had dropped the bout's last answer), each said; a third ctrl+z
    is the usual undo."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        for text in KO_BOUT:
            await type_answer(pilot, text)
        await amend(pilot, screen, 1, "6")  # Alpha 18 v 13: the rest still fits
        await amend(pilot, screen, 2, "2")  # Bravo 12 v 18: the rest still fits
        assert [a.text for a in screen.session.answers] == ["6", "2", *KO_BOUT[2:]]
        app.clear_notifications()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Amendment undone: answer #2 is 3 again" in said(app)
        assert [a.text for a in screen.session.answers] == ["6", *KO_BOUT[1:]]
        app.clear_notifications()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Amendment undone: answer #1 is 5 again" in said(app)
        assert [a.text for a in screen.session.answers] == list(KO_BOUT) and screen.session.over
        assert not any("(amended)" in line for line in log_lines(screen))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert [a.text for a in screen.session.answers] == list(KO_BOUT[:-1])


async def test_escape_amends_nothing_and_stays_in_the_fight(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.press("ctrl+g")  # nothing to amend yet
        await pilot.pause()
        assert "Nothing to amend yet" in said(app) and not screen.query_one(AnswerList).display
        for text in KO_BOUT[:3]:
            await type_answer(pilot, text)
        await pick_answer(pilot, screen, 1)
        await pilot.press("escape")  # out of the list: the log is back, still the fight screen
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#log", RichLog).display
        assert not screen.query_one(AnswerList).display
        await pick_answer(pilot, screen, 1)
        await pilot.press("enter")
        await pilot.pause()
        screen.query_one("#faces", Input).value = "1"
        await pilot.press("escape")  # out of typing the new value
        await pilot.pause()
        assert app.screen is screen and "Nothing amended." in said(app)
        assert [a.text for a in screen.session.answers] == ["5", "3", "g"]
        assert screen.query_one("#faces", Input).value == ""  # the value typed for the amendment is gone
        assert "Alpha One: roll d20 for fight points" in text_of(screen.query_one("#prompt", Static))
        await type_answer(pilot, "15")  # the box answers the fight's own prompt again
        assert len(screen.session.steps) == 4


async def test_a_scene_amended_from_its_log_plays_the_round_again(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen)
        session = screen.session
        # the first round's declarations and rolls: red's dice land + + + +, blue's - - - -
        await answer_until(pilot, screen, lambda: "Round 2" in " ".join(line for line, _ in session.log()))
        rolls = [i for i, step in enumerate(session.steps) if step.answer.text == "+ + + +"]
        first = rolls[0]  # Ash Redhand's combat roll
        before = [a.text for a in session.answers]
        await pick_answer(pilot, screen, first + 1)
        await pilot.press("enter")
        await pilot.pause()
        prompt = text_of(screen.query_one("#prompt", Static))
        assert f"Amending answer #{first + 1} (was + + + +)" in prompt
        await type_answer(pilot, "- - - -")
        answers = [a.text for a in session.answers]
        assert answers[first] == "- - - -"
        assert answers[:first] == before[:first]
        amendment = session.amendments[-1]
        assert amendment.old.text == "+ + + +" and amendment.new == "- - - -"
        assert len(answers) == first + 1 + amendment.kept
        lines = " ".join(log_lines(screen))
        assert "rolls - - - -" in lines
        assert f"Answer #{first + 1} ({amendment.who}) amended: + + + + → - - - -." in said(app)
        # the same as typing the amended round by hand
        from companion.session import Session

        again = Session(session.ruleset, session.setup)
        for text in answers:
            again.submit(text)
        assert again.log() == session.log() and again.prompt == session.prompt


async def test_the_play_by_play_marks_an_amended_answer_and_keeps_the_mark_on_resume(data_dir: Path) -> None:
    """Issue 23: the first line of an amended answer's step ends "(amended)", as an app roll's ends
    "(by the app)"; undoing the amendment takes the mark away; a resumed fight shows it again."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        for text in KO_BOUT[:4]:
            await type_answer(pilot, text)
        assert not any("(amended)" in line for line in log_lines(screen))
        await pick_answer(pilot, screen, 2)
        await pilot.press("enter")
        await pilot.pause()
        await type_answer(pilot, "1")  # Bravo 1 + 10 = 11: Alpha still controls, every later answer kept
        assert [a.text for a in screen.session.answers] == ["5", "1", "g", "15"]
        marked = [line for line in log_lines(screen) if "(amended)" in line]
        assert [line.rstrip() for line in marked] == [
            "Bravo Two rolls 1 (d10!) + 10 (control) = 11 for control (amended)"
        ]
        assert "Alpha One takes control (17 to 11)" in [
            line.rstrip() for line in log_lines(screen)
        ]  # its next line: no mark
        await pilot.press("ctrl+z")  # the amendment taken back: the mark goes with it
        await pilot.pause()
        assert [a.text for a in screen.session.answers] == ["5", "3", "g", "15"]
        assert not any("(amended)" in line for line in log_lines(screen))
        await pick_answer(pilot, screen, 2)
        await pilot.press("enter")
        await pilot.pause()
        await type_answer(pilot, "1")
        await type_answer(pilot, "roll")  # an app roll after it: marked as the app's, not amended
        lines = [line.rstrip() for line in log_lines(screen)]
        rolled = screen.session.steps[-1]
        assert rolled.answer.virtual and f"{rolled.log[0]} (by the app)" in lines
        assert sum("(amended)" in line for line in lines) == 1
        session_id = screen.session.id
        await pilot.press("escape")  # home; then the fight resumed, folded afresh from the store
        await pilot.pause()
        assert app.resume_fight(session_id)
        await pilot.pause()
        resumed = [line.rstrip() for line in log_lines(app.screen)]
        assert "Bravo Two rolls 1 (d10!) + 10 (control) = 11 for control (amended)" in resumed
        assert sum("(amended)" in line for line in resumed) == 1


PAF_SCENE = ("2", "1", "1", "attack", "sword-long", "goblin-skulker", "50")
"""Sir Roderick Vane (red) against an Orc Raider and a Goblin Skulker: his initiative 2 to their 1s,
so he acts first: attack, with his long sword (typed by its key), at the goblin (by its key), 50."""


async def test_the_list_and_its_notices_say_a_choice_as_its_prompt_shows_it_not_its_key(data_dir: Path) -> None:
    """The new-user trial: the list showed ``choose weapon → sword-long`` and the notice dropped
    ``attack, goblin-skulker``; a player reads the names the choice list showed him."""
    from test_paf_screens import start_scene as start_paf_scene

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = start_paf_scene(app, ["Sir Roderick Vane"], ["Orc Raider", "Goblin Skulker"])
        await pilot.pause()
        for text in PAF_SCENE:
            await type_answer(pilot, text)
        session = screen.session
        assert [a.text for a in session.answers] == list(PAF_SCENE)  # kept as typed: only the words change
        answers = await pick_answer(pilot, screen, 5)
        lines = [str(answers.get_option_at_index(i).prompt) for i in range(answers.option_count)]
        assert lines[3] == "#4 Sir Roderick Vane: choose action → attack"
        assert lines[4] == "#5 Sir Roderick Vane: choose weapon → Sword, Long"
        assert lines[5] == "#6 Sir Roderick Vane: choose target → Goblin Skulker"
        assert not any("sword-long" in line or "goblin-skulker" in line for line in lines)
        await pilot.press("enter")
        await pilot.pause()
        assert "Amending answer #5 (was Sword, Long)" in text_of(screen.query_one("#prompt", Static))
        await type_answer(pilot, "dagger")
        assert "Answer #5 (Sir Roderick Vane) amended: Sword, Long → Dagger. Kept 2 later answers." in said(app)
        await pilot.press("ctrl+z")  # the amendment taken back: the long sword again, by its name
        await pilot.pause()
        assert "answer #5 is Sword, Long again" in said(app)
        # the orc's initiative 6 puts him first: Sir Roderick's choices no longer fit, told by name
        await pick_answer(pilot, screen, 2)
        await pilot.press("enter")
        await pilot.pause()
        await type_answer(pilot, "6")
        assert "Orc Raider: choose action" in text_of(screen.query_one("#prompt", Static))
        assert (
            "Dropped 4 answers that no longer fit (attack / Sword, Long / Goblin Skulker / 50). "
            "Asked again: Orc Raider: choose action." in said(app)
        )
