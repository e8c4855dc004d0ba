"""FO-8's stall count as the ruling words it, on the fight screen as players drive it (the app's fake
clock) and in the session: "when the attacker holds the dice longer than the stall limit without rolling".

The count runs from where the dice came to the attacker (the roll-off's deciding answer, a pass, a
stand-up, the defender's answer that gives him the next attack) through his choice of attack, which is
no roll, until he rolls; a hold of exactly the limit is not longer than it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from table_cards import FO_CARDS
from test_fo_rules import RED_FIRST, bout, play
from test_fo_screens import FakeTime, answer, log_lines, start_fo, timer_text

from companion.rulesets.fo.ruleset import RULESET
from companion.screens.app import make_app


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """Red Fox and Blue Jay in the data folder's roster."""
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    return tmp_path


async def test_a_choice_does_not_restart_the_count_and_only_a_hold_longer_than_the_limit_stalls(data_dir: Path) -> None:
    """The dice come to Red Fox at 0:02 (the roll-off's deciding answer); he names his punch at 0:15: the
    count runs on (13 s). At 0:22 he has held them 20 s, the limit: not turned over. At 0:22.1 he has
    held them longer: the screen turns them over, stamped at the limit, 0:22, as companion script does."""
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await pilot.press("f2")
        fake.advance(1)
        await answer(pilot, "3 4")  # 0:01
        fake.advance(1)
        await answer(pilot, "5 6")  # 0:02: Red Fox 7 to 11, he attacks first
        assert screen.session.state.attacker == 0
        fake.advance(13)
        await answer(pilot, "punch")  # 0:15: named, not rolled
        screen.tick()
        assert screen.session.answers[-1].text == "punch"
        assert "stall 13/20 s" in timer_text(screen)  # not 0: the choice is no roll
        fake.advance(7)
        screen.tick()  # 0:22: held 20 s, the limit, not longer
        assert screen.session.answers[-1].text == "punch" and screen.session.state.attacker == 0
        assert "stall 20/20 s" in timer_text(screen)
        fake.advance(0.1)
        screen.tick()  # 0:22.1: longer than the limit
        stall = screen.session.answers[-1]
        assert (stall.text, stall.clock) == ("stall", 22.0)
        assert screen.session.state.attacker == 1
        assert "Red Fox stalls: the dice turn over to Blue Jay" in log_lines(screen)
        assert screen.session.state.attack_seconds == (20.0, 0.0)  # Red's time runs to the stall's stamp
        await pilot.press("ctrl+z")  # the stall is an answer: undone, the punch is Red's again
        await pilot.pause()
        assert screen.session.answers[-1].text == "punch" and screen.session.state.attacker == 0


async def test_a_roll_at_the_limit_is_the_attackers_own(data_dir: Path) -> None:
    """The same hold, rolled at 0:22 exactly (20 s after the dice came, through the choice): his roll
    stands, no stall before it; the defender's roll after it is outside the count."""
    fake = FakeTime()
    app = make_app(data_dir, now=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_fo(pilot, stall_limit=20)
        await pilot.press("f2")
        fake.advance(1)
        await answer(pilot, "3 4")
        fake.advance(1)
        await answer(pilot, "5 6")  # 0:02
        fake.advance(13)
        await answer(pilot, "punch")  # 0:15
        fake.advance(7)
        screen.tick()
        await answer(pilot, "1 3")  # 0:22: thrown (4, punch 9), rolled on the limit
        assert [(a.text, a.clock) for a in screen.session.answers[-2:]] == [("punch", 15.0), ("1 3", 22.0)]
        assert screen.session.state.step == "defend"
        fake.advance(40)
        screen.tick()  # Blue Jay slow to roll his block: his wait, not Red's hold
        assert screen.session.answers[-1].text == "1 3"


def test_the_hold_begins_where_the_dice_came_to_him_not_at_his_choice():
    """The session reads it (Session.stall_due_by): the roll-off decided at 0:00, a kick named at 0:15;
    by a line stamped 0:20 nothing is due (20 s, the limit); by 0:21 the stall is due at 0:20. After
    a landed strike the next hold begins at the defender's answer that gives Red the next attack."""
    s = bout(stall_limit=20)
    play(s, *RED_FIRST, "@0:15 kick")
    assert RULESET.hold_began(s.state) == 0
    assert s.stall_due_by(20) is None
    assert s.stall_due_by(21) == 20
    play(s, "@0:18 1 2", "@0:30 5 6")  # the kick thrown (3, kick 6), Blue's check fails (11, check 4): it lands
    assert s.state.attacker == 0 and s.state.step == "choose"
    assert RULESET.hold_began(s.state) == 30
    play(s, "@0:45 punch")
    assert RULESET.hold_began(s.state) == 30 and s.stall_due_by(50) is None and s.stall_due_by(51) == 50
