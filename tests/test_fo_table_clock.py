"""FO's round clock at the table, as players drive it (the new-user trials): an amended roll
before a bell keeps the bell (FO-7), the clock set by hand says whose time it credits, escape
keeps the clock's reading, a refused script line changes nothing, and the odds in words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_cards import FO_CARDS, log_lines, text_of, type_answer
from test_amend import fo_session
from test_amend_screens import pick_answer, said
from test_fo_screens import FakeTime, start_fo, timer_text
from textual.widgets import Input, Static

from companion.amending import standing, summary
from companion.rulesets.fo.ruleset import RULESET as FO
from companion.screens.app import make_app
from companion.session import resume, start
from companion.store import Store

ROUND_ONE = [(0.0, "3 4"), (2.0, "5 6"), (5.0, "punch"), (8.0, "2 3"), (12.0, "5 6"), (300.0, "bell")]
"""Fo Striker attacks first (7 to 11), throws a punch (2 + 3) that lands (5 + 6), and the bell."""
ROUND_TWO = [(1.0, "3 4"), (3.0, "5 6")]
"""Round 2's roll-off: Fo Striker attacks first again."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    return tmp_path


def logged(screen: Any) -> str:
    """The play-by-play as one text: a line wrapped to the log's width joined again."""
    return "".join(line for line in log_lines(screen))


def texts(session: Any) -> list[str]:
    return [answer.text for answer in session.answers]


def played(store: Store | None = None) -> Any:
    session = fo_session(FO)
    if store is not None:
        session = start(store, FO, session.setup)
    for clock, text in ROUND_ONE + ROUND_TWO:
        session.submit(text, clock=clock)
    return session


# --- 1. an amended roll before a bell keeps the bell (FO-7) ------------------------------------------


def test_an_amended_roll_before_the_bell_keeps_the_bell_and_the_next_round() -> None:
    """The trial: 2 3 amended to 6 5 makes the punch defended, so Fo Grappler's block (5 6) no
    longer fits and is dropped; the bell is the clock's, not the dice's: it still ends round 1, and
    round 2's roll-off, which fits as it was, is kept."""
    session = played()
    amendment = session.amend(3, "6 5")
    assert texts(session) == ["3 4", "5 6", "punch", "6 5", "bell", "3 4", "5 6"]
    assert session.state.round == 2 and session.state.step == "choose"
    # Fo Grappler held the dice from the amended roll (0:08) to the bell: round 1 is his
    assert session.state.rounds[0] == (6.0, 292.0)
    assert [a.text for a in amendment.dropped] == ["5 6"] and amendment.kept == 3
    assert [a.text for a in amendment.kept_answers] == ["bell", "3 4", "5 6"]
    told = summary(amendment, session)
    assert "Dropped 1 answer that no longer fit (5 6)." in told
    assert "The bell after them still stands: the clock ran on, whatever the dice said." in told
    assert "Asked again" not in told  # nothing is: round 2 goes on where it was
    assert "Bell: end of round 1, Fo Grappler 10-9" in " ".join(line for step in session.steps for line in step.log)


def test_undo_gives_back_the_fight_before_the_amendment() -> None:
    session = played()
    before = texts(session)
    session.amend(3, "6 5")
    session.undo()
    assert texts(session) == before and session.state.round == 2


def test_a_kept_bell_survives_a_restart_and_a_later_amendment_keeps_its_mark(tmp_path: Path) -> None:
    """The store records which answers were dropped before the kept bell: a resumed fight folds the
    same, its amendment is still undoable, and the marks of amended answers follow the gap."""
    store = Store.open(tmp_path)
    session = played(store)
    session.amend(6, "2 5")  # round 2's blue roll-off 5 6 → 2 5: 7 to 7, a tie, re-rolled
    session.undo()
    first = session.amend(4, "1 2")  # Fo Grappler's block 5 6 → 1 2: the punch is blocked (3 <= block)
    assert texts(session) == ["3 4", "5 6", "punch", "2 3", "1 2", "bell", "3 4", "5 6"]
    assert first.skipped == ()
    second = session.amend(3, "6 5")  # now the block no longer fits at all
    assert second.skipped == (0,) and texts(session) == ["3 4", "5 6", "punch", "6 5", "bell", "3 4", "5 6"]
    assert set(standing(session)) == {3}  # the block amended first is dropped with its mark
    again = resume(store, session.id)
    assert texts(again) == texts(session) and again.state.rounds == session.state.rounds
    assert again.amendments[-1].skipped == (0,) and again.amended is not None
    again.undo()
    assert texts(again) == ["3 4", "5 6", "punch", "2 3", "1 2", "bell", "3 4", "5 6"]
    assert set(standing(again)) == {4}


def test_a_bell_after_a_knockout_is_dropped_and_the_players_are_told_why() -> None:
    """Snake eyes in place of the punch roll ends the fight before the bell: it cannot ring, and
    the notice says so plainly."""
    session = played()
    amendment = session.amend(3, "1 1")
    assert session.over and texts(session) == ["3 4", "5 6", "punch", "1 1"]
    told = summary(amendment, session)
    assert "Dropped 4 answers that no longer fit (5 6, bell, 3 4, 5 6)." in told
    assert "The bell was dropped with them: the fight is over before it." in told


def test_a_bell_rung_at_the_prompt_that_changed_is_kept_as_it_is() -> None:
    """A counter in place of the landed block: the bell was rung at Fo Striker's choice, now Fo
    Grappler's; it still ends the round, and nothing is dropped."""
    session = played()
    amendment = session.amend(4, "6 6")
    assert texts(session) == ["3 4", "5 6", "punch", "2 3", "6 6", "bell", "3 4", "5 6"]
    assert amendment.dropped == () and session.state.round == 2
    assert "Dropped" not in summary(amendment, session)


async def test_on_the_screen_an_amended_roll_of_round_one_leaves_round_two_running(data_dir: Path) -> None:
    """The trial on the fight screen: in round 2, ctrl+g amends Red Fox's punch roll of round 1;
    the bell stays in the play-by-play, the fight stays in round 2 and its clock runs on after the
    amendment's timeout, and the notice says the bell still stands."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        for text in ("3 4", "5 6", "punch", "2 3", "5 6"):  # Red Fox's punch lands (11 over block 8)
            await type_answer(pilot, text)
            fake.advance(5)
        fake.advance(300)
        screen.tick()  # the bell at 0:00
        await pilot.pause()
        await type_answer(pilot, "3 4")  # round 2's roll-off starts its clock
        fake.advance(4)
        await type_answer(pilot, "5 6")
        fake.advance(6)
        assert screen.session.state.round == 2 and screen.clock.running
        await pick_answer(pilot, screen, 4)
        await pilot.press("enter")
        await pilot.pause()
        await type_answer(pilot, "6 5")  # 11 over punch 9: defended, Blue Jay takes the dice
        state = screen.session.state
        assert state.round == 2 and state.step == "choose"
        assert screen.clock.running and screen.clock.elapsed == pytest.approx(10.0)
        assert any(line.startswith("Bell: end of round 1, Blue Jay 10-9") for line in log_lines(screen))
        assert "The bell after them still stands" in said(app)


# --- 2. the clock set by hand says whose attacking time it credits, and how much ------------------


async def test_the_clock_set_by_hand_says_who_is_credited_and_how_much(data_dir: Path) -> None:
    """The trial: Red Fox holds the dice from 0:15; the table pauses at 0:25 (4:35 left) and types
    its own stopwatch's 3:12. The tray says before Enter, the notice after it, and the play-by-play
    keeps it among the answers (through an undo and a resume): 1:23 more attacking time to Red Fox,
    1:33 this round."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        fake.advance(12)
        await type_answer(pilot, "3 4")
        fake.advance(3)
        await type_answer(pilot, "5 6")  # Red Fox attacks from 0:15
        fake.advance(10)
        await pilot.press("f2")  # paused at 0:25
        screen.query_one("#faces", Input).value = "3:12"
        await pilot.pause()
        credit = "1:23 more attacking time to Red Fox, who holds the dice: 1:33 this round"
        assert credit in text_of(screen.query_one("#hint", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert f"The round clock is set to 3:12 left ({credit}); f2 starts it." in said(app)
        line = f"Clock set by hand: 4:35 → 3:12 left; {credit}"
        assert logged(screen).endswith(line)
        await pilot.press("f2")
        fake.advance(2)
        await type_answer(pilot, "punch")
        assert logged(screen).endswith(line + "Red Fox goes for the punch")
        await pilot.press("ctrl+z")  # the punch undone: the clock's line stays after the answer it follows
        await pilot.pause()
        assert logged(screen).endswith(line)
        await pilot.press("ctrl+z")  # Blue Jay's roll-off undone: the line goes with it
        await pilot.pause()
        assert line not in logged(screen) and "Clock set by hand" not in logged(screen)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert logged(screen).endswith(line)
        session_id = screen.session.id
        await pilot.press("escape")
        await pilot.pause()
        assert app.resume_fight(session_id)
        await pilot.pause()
        assert logged(app.screen).endswith(line)


async def test_the_clock_set_by_hand_in_the_roll_off_is_nobodys_time(data_dir: Path) -> None:
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fo(pilot)
        await type_answer(pilot, "4:50")  # before the first roll: the clock stands at 5:00, paused
        assert "it moves on 0:10 with nobody holding the dice: nobody's attacking time" in said(app)
        assert logged(screen) == (
            "Clock set by hand: 5:00 → 4:50 left; it moves on 0:10 with nobody holding the dice: nobody's attacking time"
        )
        assert screen.clock.elapsed == 10 and screen.session.answers == []


# --- 3. escape keeps the clock's reading ----------------------------------------------------------


async def test_escape_keeps_the_clock_where_it_was_and_a_new_app_resumes_it_there(data_dir: Path) -> None:
    """The trial: the clock ran 30 s past the last answer and escape lost them. The fight resumed,
    in this app and in the next, stands paused at the reading escape was pressed at, Red Fox's
    attacking time with it; an answer then given after more play is stamped from there."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot)
        await type_answer(pilot, "3 4")  # the roll-off starts the clock
        fake.advance(20)
        await type_answer(pilot, "5 6")  # Red Fox holds the dice from 0:20
        fake.advance(30)
        session_id = screen.session.id
        await pilot.press("escape")
        await pilot.pause()
        fake.advance(600)  # away from the fight: the clock does not run
        assert app.resume_fight(session_id)
        await pilot.pause()
        resumed = app.screen
        assert not resumed.clock.running and resumed.clock.elapsed == 50
        assert resumed.timer_view().attack == (30.0, 0.0)
        await pilot.press("ctrl+q")
    again = make_app(data_dir, rng=random.Random(1), now=fake)
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.resume_fight(session_id)
        await pilot.pause()
        screen = again.screen
        assert screen.clock.elapsed == 50 and "Round 1/3  4:10" in timer_text(screen)
        await pilot.press("f2")
        fake.advance(5)
        await type_answer(pilot, "punch")
        assert screen.session.answers[-1].clock == 55.0


# --- 4. a refused script line changes nothing, the stalls before it neither ------------------------


def test_a_mistyped_stamped_line_is_refused_with_its_stalls_and_changes_nothing(tmp_path: Path) -> None:
    """The trial: ``@0:50 pnch`` stamped past two stall limits (0:30, 0:50) was refused, but the two
    stalls stayed applied. Now nothing is taken, the refusal says which stalls went with it, and the
    line typed right (``@0:51 punch``) meets them as it would have. (0:51: the second hold, from 0:30,
    is longer than the limit only after 0:50, FO-8.)"""
    import scripting

    cards = Path(__file__).parent / "golden" / "fo_cards.yaml"
    stdin = "@0:05 3 4\n@0:10 2 2\n@0:51 pnch\n@0:51 punch\n"
    proc, lines = scripting.script("fo", cards, tmp_path, stdin=stdin, red="Fo Striker", blue="Fo Grappler")
    assert proc.returncode == 1  # a line was refused
    said = [next(iter(line)) for line in lines]
    refusal = said.index("refused")
    assert said[refusal - 2 : refusal + 1] == ["accepted", "prompt", "refused"]  # no stall before it
    assert lines[refusal]["refused"] == "pnch"
    assert lines[refusal]["reason"] == (
        "a standing attack: choose one of punch, kick, takedown (or type stall, bell); by 0:51 the clock calls "
        "2 stalls first, so this line answers Fo Grappler: choose a standing attack: nothing is taken, the stalls neither"
    )
    taken = [(line["accepted"], line["clock"], line.get("by")) for line in lines if "accepted" in line]
    assert taken == [
        ("3 4", 5, None),
        ("2 2", 10, None),
        ("stall", 30, "stall limit"),
        ("stall", 50, "stall limit"),
        ("punch", 51, None),
    ]
    assert lines[-1]["final"]["trackers"]["Fo Grappler"]["attack_seconds"] == 20.0


def test_plain_mode_refuses_the_line_and_its_stalls_alike(tmp_path: Path) -> None:
    from test_plain import after, plain

    stdin = "@0:05 3 4\n@0:10 2 2\n@0:35 pnch\nanswers\n"
    proc = plain(tmp_path, "--red", "Fo Striker", "--blue", "Fo Grappler", game="fo", stdin=stdin)
    said = after(proc.stdout, "@0:35 pnch")
    assert said[0].startswith("Refused: a standing attack: choose one of punch, kick, takedown")
    assert "by 0:35 the clock calls 1 stall first" in said[0] and "nothing is taken, the stall neither" in said[0]
    assert not any("stalls: the dice turn over" in line for line in said)
    assert not any("stall" in line for line in after(proc.stdout, "answers"))  # no stall among the answers


# --- 5. the odds and the prompt in words, naming whose KO -----------------------------------------


async def test_the_odds_say_counter_and_scramble_in_words_and_whose_ko(data_dir: Path) -> None:
    """The trial: the odds by the tray said ``ctr`` and ``scr``, and "1-1 is a KO" named nobody.
    Standing, on the ground, at the attack roll and at the defence roll, as the tray shows them."""
    app = make_app(data_dir, rng=random.Random(1), now=FakeTime())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_fo(pilot, stall_limit=0)
        for text in ("3 4", "5 6"):  # Red Fox attacks first
            await type_answer(pilot, text)
        odds = text_of(screen.query_one("#odds", Static))
        assert "punch lands, a counter 10%" in odds and "ctr" not in odds
        await type_answer(pilot, "punch")
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "a double is a knockdown; 1-1 is a KO for Red Fox" in prompt
        odds = screen.session.ruleset.odds(screen.session.state)
        assert odds.line("countered").label == "Blue Jay's counter"
        assert odds.line("snake_eyes").label == "snake eyes: a KO for Red Fox or, defending, Blue Jay"
        await type_answer(pilot, "2 3")  # thrown: Blue Jay blocks
        prompt = text_of(screen.query_one("#prompt", Static))
        assert "a double is a counter for Blue Jay; 1-1 is a KO for Blue Jay" in prompt
        odds = screen.session.ruleset.odds(screen.session.state)
        assert odds.line("snake_eyes").label == "snake eyes: a KO for Blue Jay"
        for text in ("6 6", "takedown", "1 2", "6 5"):  # Blue Jay counters, takes Red Fox down
            await type_answer(pilot, text)
        assert screen.session.state.ground
        odds = text_of(screen.query_one("#odds", Static))
        assert "ends it, a scramble" in odds and "scr " not in odds
        await type_answer(pilot, "gnp")
        odds = screen.session.ruleset.odds(screen.session.state)
        assert odds.line("countered").label == "Red Fox's scramble"


def test_script_amend_before_a_bell_keeps_it_and_asks_nothing_again(tmp_path: Path) -> None:
    """``companion script fo``'s ``amend N TEXT`` alike: the block dropped, the bell and round 2's
    roll-off kept, nothing asked again (``asked_again`` null)."""
    from test_amend import amended, script

    stamped = [f"@{int(c) // 60}:{int(c) % 60:02d} {t}" if t != "bell" else t for c, t in ROUND_ONE + ROUND_TWO]
    out = script(
        tmp_path, "fo", "fo_cards.yaml", ["--red", "Fo Striker", "--blue", "Fo Grappler"], [*stamped, "amend 4 6 5"]
    )
    line = amended(out)
    assert line["dropped"] == ["5 6"] and line["kept"] == ["bell", "3 4", "5 6"]
    assert line["asked_again"] is None
    assert any(said.startswith("Bell: end of round 1, Fo Grappler 10-9") for said in line["log"])


def test_an_amendment_past_a_kept_bell_is_told_with_the_skipped_answers_dropped_not_kept() -> None:
    """The review: amending answer 3 skips Grappler's block before the bell, kept with round 2 after it. The
    export's Markdown, its JSON ``kept_shown``/``dropped_shown`` and the script's ``amend`` line said the
    skipped block as kept and round 2's roll as dropped (the kept answers read as one run)."""
    from companion.amending import amendment_shown

    session = played()
    amendment = session.amend(3, "6 5")
    assert [a.text for a in amendment.kept_answers] == ["bell", "3 4", "5 6"]
    assert [a.text for a in amendment.dropped] == ["5 6"]
    words = amendment_shown(session, amendment)
    assert words["kept"] == ["bell", "3 4", "5 6"]
    assert words["dropped"] == ["5 6"]
    assert amendment.skipped  # the case: a gap before the bell


async def test_a_fight_whose_clock_was_set_by_hand_before_the_first_roll_is_kept_when_left(data_dir: Path) -> None:
    """The review: a fight left with nothing answered is not kept, but the clock set by hand before the first
    roll (the table's own stopwatch read 4:50) is something typed: the fight and its mark stay."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fo(pilot)
        await type_answer(pilot, "4:50")
        assert "Clock set by hand" in logged(screen)
        session_id = screen.session.id
        await pilot.press("escape")
        await pilot.pause()
        assert app.store.status(session_id) == "open" and app.store.clock_marks(session_id)


async def test_a_fight_whose_clock_ran_before_the_first_roll_is_kept_with_its_reading(data_dir: Path) -> None:
    """The review: the clock started (f2) and run 40 s before the roll-off, then Escape: the reading was to be
    kept as the fight was let go, and the fight with it; it was let go first, so both were gone. It resumes
    at 0:40, paused."""
    fake = FakeTime()
    app = make_app(data_dir, rng=random.Random(1), now=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fo(pilot)
        await pilot.press("f2")
        fake.advance(40)
        await pilot.pause()
        session_id = screen.session.id
        await pilot.press("escape")
        await pilot.pause()
        assert [mark.clock for mark in app.store.clock_marks(session_id)] == [40.0]
        assert app.resume_fight(session_id)
        await pilot.pause()
        assert "4:20" in timer_text(app.screen)


def follows(session: Any, mark: Any) -> bool:
    """Whether ``mark`` follows the answers it was made after, as the fight screen reads it."""
    steps = session.steps
    if not 0 < mark.seq <= len(steps):
        return False
    answer = steps[mark.seq - 1].answer
    return mark.after == (answer.text, answer.clock)


def test_a_clock_mark_moves_with_the_answer_it_follows_when_an_amendment_skips_answers_and_back_on_undo(
    tmp_path: Path,
) -> None:
    """The review: amending answer 3 drops Grappler's block before the bell (kept with round 2): round 2's
    answers move down a place, and the clock set by hand after round 2's roll-off (0:40) was left behind,
    its line gone from the play-by-play and the reading lost on resume. It moves with the answer it
    follows, and back when the amendment is undone."""
    from companion.store import ClockMark

    store = Store.open(tmp_path)
    session = played(store)
    last = session.steps[-1].answer
    store.add_clock_mark(session.id, ClockMark(8, (last.text, last.clock), 40.0, "Clock set by hand"))
    session.amend(3, "6 5")
    (mark,) = store.clock_marks(session.id)
    assert mark.seq == len(session.steps) == 7 and follows(session, mark)
    session.undo()  # the amendment taken back: the mark where it was
    (mark,) = store.clock_marks(session.id)
    assert mark.seq == len(session.steps) == 8 and follows(session, mark)


def test_a_clock_mark_right_after_an_amended_roll_follows_its_new_faces(tmp_path: Path) -> None:
    """The review: the clock set by hand right after Striker's roll (answer 4, ``2 3`` at 0:08); the faces
    were mistyped and amended to ``2 2`` (the time did not change): the mark follows the roll as amended."""
    from companion.store import ClockMark

    store = Store.open(tmp_path)
    session = played(store)
    store.add_clock_mark(session.id, ClockMark(4, ("2 3", 8.0), 9.0, "Clock set by hand"))
    session.amend(3, "2 2")
    (mark,) = store.clock_marks(session.id)
    assert mark.seq == 4 and mark.after == ("2 2", 8.0) and follows(session, mark)


async def test_a_fight_left_in_round_two_resumes_at_its_reading_after_round_one_was_amended(data_dir: Path) -> None:
    """The review: left at 0:40 of round 2, then a roll of round 1 amended (the bell kept, answers skipped
    before it): resumed, the clock stands at 0:40 (it stood at round 2's last answer, 0:03)."""
    from companion.store import ClockMark

    store = Store.open(data_dir)
    session = played(store)
    last = session.steps[-1].answer
    store.add_clock_mark(session.id, ClockMark(8, (last.text, last.clock), 40.0, ""))  # escape at 0:40
    session.amend(3, "6 5")
    session.close()
    app = make_app(data_dir, rng=random.Random(1), now=FakeTime())
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.resume_fight(session.id)
        await pilot.pause()
        assert app.screen.round_clock.clock.elapsed == 40


async def test_the_clock_set_by_hand_stays_in_the_play_by_play_through_an_amendment_and_its_undo(
    data_dir: Path,
) -> None:
    """The review: the line "Clock set by hand" after round 2's roll-off went from the play-by-play at once when
    a roll of round 1 was amended (its answer moved down a place). It stays, and stays through the undo."""
    from companion.store import ClockMark

    store = Store.open(data_dir)
    session = played(store)
    last = session.steps[-1].answer
    store.add_clock_mark(session.id, ClockMark(8, (last.text, last.clock), 40.0, "Clock set by hand: 4:57 → 4:20 left"))
    session.close()
    app = make_app(data_dir, rng=random.Random(1), now=FakeTime())
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.resume_fight(session.id)
        await pilot.pause()
        screen = app.screen
        assert "Clock set by hand: 4:57 → 4:20 left" in logged(screen)
        screen.session.amend(3, "6 5")
        await pilot.pause()
        assert "Clock set by hand: 4:57 → 4:20 left" in logged(screen)
        screen.session.undo()
        await pilot.pause()
        assert "Clock set by hand: 4:57 → 4:20 left" in logged(screen)
