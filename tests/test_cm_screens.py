"""Cage Match! as players drive it: the action pad keeps each corner's pick
secret until both are locked in (CM-5), the trackers draw muscle, nerves and
focus, and a fight plays to its end on the keyboard."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from table_cards import CM_CARDS, open_fight, screen_text
from textual.widgets import OptionList, RichLog, Static

from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.pad import ActionPad

CAGE_MATCH_ROW = 2


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    return tmp_path


def log_text(screen) -> str:
    return "\n".join(strip.text for strip in screen.query_one("#log", RichLog).lines)


async def start_cm(pilot) -> FightScreen:
    screen = await open_fight(pilot, CAGE_MATCH_ROW, "red rooster", "blue heron")
    assert screen.session.setup.game == "cage_match"
    return screen


def open_pad(app) -> ActionPad:
    """The action pad shown over the fight screen (it fails where none is shown)."""
    screen = app.screen
    assert isinstance(screen, FightScreen), screen
    pad = screen.query_one(ActionPad)
    assert pad.is_open and pad.display
    return pad


def pad_closed(app) -> bool:
    """The fight screen on top with no action pad shown over it."""
    screen = app.screen
    return isinstance(screen, FightScreen) and not any(pad.display for pad in screen.query(ActionPad))


async def red_pad(pilot) -> None:
    """From the fight screen: open the action pad and pass red's cover."""
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def pick(pilot, key: str, dice: int = 0, damage: int = 0) -> None:
    """On an open pad: the cover, then highlight ``key`` with the arrow keys, set the dials, lock in."""
    pad = open_pad(pilot.app)
    await pilot.press("enter" if pad.side == 0 else "b")  # past the cover: blue's has its own key
    await pilot.pause()
    keys = [o.key for o in pad.shown]
    moves = pad.query_one("#moves", OptionList)
    while keys[moves.highlighted] != key:
        await pilot.press("down")
    await pilot.press(*["d"] * dice, *["x"] * damage, "enter")
    await pilot.pause()


async def test_a_hidden_pick_never_shows_before_the_reveal(data_dir: Path) -> None:
    """CM-5: red's move and spend appear nowhere (screen, log, store) until both lock in."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        session = screen.session
        for _ in range(2):  # two turns of Focus v Focus (TAUNTS): 6 + 6, held at 10
            session.submit("red=focus blue=focus")
        await pilot.pause()
        answers = len(session.steps)
        stored = len(app.store.load(session.id)[2])
        seen = []

        await pilot.press("enter")
        await pilot.pause()
        seen.append(screen_text(app))  # red's cover
        pad = open_pad(app)
        await pilot.press("enter")  # past red's cover
        await pilot.pause()
        await pilot.press(*["down"] * [o.key for o in pad.shown].index("hammer-right"), "x", "x")
        await pilot.press("d", "enter")  # 2 + 1 + 2 = 5 focus of the 10 held
        await pilot.pause()
        assert open_pad(app) is pad and pad.side == 1  # locked: hammer right, +x2, +d1
        seen.append(screen_text(app))  # blue's cover
        assert not app._notifications  # nothing said on red's pad outlives it
        await pilot.press("b")
        await pilot.pause()
        seen.append(screen_text(app))  # blue's own pad
        await pilot.press("enter")  # blue locks in the first move (the teep)
        await pilot.pause()
        seen.append(screen_text(app))  # both locked: Enter reveals
        for text in seen:
            assert "Hammer" not in text and "hammer" not in text
            assert "damage 2" not in text and "+x2" not in text
            assert "Red Rooster 10" in text  # the focus held, before anything is spent
        assert "RED has locked in" in seen[1]
        assert len(session.steps) == answers and len(app.store.load(session.id)[2]) == stored
        assert "Hammer" not in log_text(screen)

        await pilot.press("enter")  # reveal
        await pilot.pause()
        assert pad_closed(app)
        assert session.steps[-1].answer.text == "red=hammer-right+d1+x2 blue=teep"
        reveal = session.steps[-1].log[0]
        assert "Red Rooster: Hammer right hand (2 focus, +1 focus on dice, +2 focus on damage)" in reveal
        assert "Hammer right hand" in log_text(screen)  # now in the play-by-play
        assert session.ruleset.trackers(session.state)["Red Rooster"]["focus"] == 5


async def test_blue_gets_a_fresh_pad(data_dir: Path) -> None:
    """Nothing of red's pick is left for blue: the cursor on the first move, the dials at 0."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        screen.session.submit("red=focus blue=focus")
        await pilot.pause()
        await pilot.press("enter")
        await pick(pilot, "cross", dice=1)
        await pilot.press("b")  # past blue's cover
        await pilot.pause()
        pad = open_pad(app)
        assert pad.side == 1 and pad.stage == "pick"
        assert pad.query_one("#moves", OptionList).highlighted == 0
        assert "focus on dice 0" in screen_text(app) and "focus on damage 0" in screen_text(app)


async def test_escape_throws_the_picks_away(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await pilot.press("enter")
        await pick(pilot, "cross")
        await pilot.press("escape")
        await pilot.pause()
        assert pad_closed(app)
        assert screen.session.steps == []
        await pilot.press("enter")  # the pad again: red picks afresh
        await pilot.pause()
        assert open_pad(app).side == 0 and "RED (Red Rooster) picks now" in screen_text(app)


async def test_moves_that_cannot_be_done_are_greyed_with_why(data_dir: Path) -> None:
    """At 0 focus the hammer right (2 focus) is shown but cannot be picked, and
    focus on dice beyond what is held is refused (CM-4)."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_cm(pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
        pad = open_pad(app)
        hammer = next(o for o in pad.pad.options if o.key == "hammer-right")
        assert not hammer.allowed and hammer.why == "needs 2 focus, holds 0"
        text = screen_text(app)
        assert "Hammer right hand" in text and "needs 2 focus" in text
        assert (
            pad.query_one("#moves", OptionList)
            .get_option_at_index([o.key for o in pad.shown].index("hammer-right"))
            .disabled
        )
        await pilot.press("d", "enter")  # +1 on dice, holding none
        await pilot.pause()
        assert pad.side == 0 and pad.stage == "pick"  # not locked
        assert "spends 1 focus, holds 0" in screen_text(app)
        await pilot.press("d", "d", "enter")  # back to 0 on dice: locks
        await pilot.pause()
        assert (pad.side, pad.stage) == (1, "cover")
        assert not app._notifications and "spends" not in screen_text(app)  # nothing of red's try is left


async def test_the_trackers_show_damage_and_focus(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await start_cm(pilot)
        session = screen.session
        session.submit("red=cross blue=focus")  # BRUTAL HIT on a focusing fighter
        session.submit("6 5")  # 11 >= 9: 7 to the head
        await pilot.pause()
        text = screen_text(app)
        assert "head        33/40" in text
        assert "focus ●●●○○○○○○○ 3" in text  # Focus gains only 3 when hit (CM-4)
        assert "████████┊████████" in text  # muscle and body still full, the 30 mark drawn


async def test_a_whole_fight_on_the_keyboard(data_dir: Path) -> None:
    """ctrl+r answers every prompt (the app picks and rolls, D-6) until a KO or a tap.
    The players' own card (CM-6) starts both at 12 hit points, so it ends soon."""
    (data_dir / "tables").mkdir()
    (data_dir / "tables" / "cage_match.yaml").write_text("start: {muscle: 12, body: 12, head: 12, focus: 0}\n")
    app = make_app(data_dir, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        assert screen.session.setup.tables["start"]["head"] == 12
        for _ in range(300):
            if screen.session.over:
                break
            await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.session.over
        result = screen.session.prompt.result
        assert result.method in ("ko", "submission", "draw")
        assert str(screen.query_one("#result", Static).content).startswith(f"[b]{result.headline('turn')}[/b]")
        assert all(step.answer.virtual for step in screen.session.steps)


async def test_undoing_a_reveal_gives_empty_pads(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await pilot.press("enter")
        await pick(pilot, "cross")
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")  # blue: teep... the first move
        await pilot.pause()
        await pilot.press("enter")  # reveal
        await pilot.pause()
        assert len(screen.session.steps) == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.session.steps == []
        await pilot.press("enter", "enter")
        await pilot.pause()
        pad = open_pad(app)
        assert pad.side == 0
        assert pad.query_one("#moves", OptionList).highlighted == 0  # not the undone cross


async def test_red_pressing_on_cannot_pick_for_blue(data_dir: Path) -> None:
    """Blue's cover opens with blue's own key: Enter pressed on by red locks nothing for blue."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await red_pad(pilot)
        await pilot.press("enter", "enter", "enter", "enter")
        await pilot.pause()
        pad = open_pad(app)
        assert (pad.side, pad.stage) == (1, "cover")
        assert "Press b when only blue is looking" in screen_text(app)
        assert screen.session.steps == []


async def test_the_app_picks_for_a_corner_on_the_pad(data_dir: Path) -> None:
    """ctrl+r on a corner's pad: the app picks at the reveal, marked as its own on that corner alone (rulings
    D-6, CM-12: the answer is not the app's, blue's pick being typed), and the log names whose pick it was."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await red_pad(pilot)
        await pilot.press("ctrl+r")  # red: the app picks
        await pilot.pause()
        await pick(pilot, "low-kick")
        await pilot.press("enter")  # reveal
        await pilot.pause()
        answer = screen.session.steps[-1].answer
        assert not answer.virtual and answer.text.endswith(" blue=low-kick")
        red = answer.text.split()[0]
        assert red.endswith("@app")
        assert red.removesuffix("@app") in {f"red={o.key}" for o in screen.session.steps[0].state.sheets[0].moves}
        assert "Red Rooster (the app's pick): " in log_text(screen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("red, count", [("greg", 15), ("frank", 15)])
async def test_the_pad_uses_the_height_it_has(size: tuple[int, int], red: str, count: int) -> None:
    """Issue 16: every move of the standing pad shows, Protect, Focus and Taunt at its foot included, at
    80x24 as on a tall terminal (the list was once held to 12 rows); a move not done from this position
    (Frank Duke's knees) is not listed, one short of focus is, greyed."""
    app = make_app(Path(tempfile.mkdtemp()), rng=random.Random(1))
    async with app.run_test(size=size) as pilot:
        await open_fight(pilot, CAGE_MATCH_ROW, red, "marcus" if red == "frank" else "frank")
        await red_pad(pilot)
        pad = open_pad(app)
        moves = pad.query_one("#moves", OptionList)
        assert moves.option_count == count == len(pad.shown)
        assert moves.scrollable_content_region.height >= moves.option_count
        text = screen_text(app)
        for name in ("Protect", "Focus", "Taunt"):
            assert name in text
        assert "Knee" not in text and "not from STANDING" not in text
        if red == "frank":
            assert "Head kick" in text and "needs 1 focus" in text


async def test_the_table_ends_a_fight_from_the_pad(data_dir: Path) -> None:
    """Ruling CM-12: at red's cover ctrl+e ends the fight, after asking (n keeps it going); a draw by
    default, the log saying how many turns were fought. Not once red has passed his cover."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        screen.session.submit("red=protect blue=protect")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("n")  # not after all: back on the pad's cover
        await pilot.pause()
        assert open_pad(app).stage == "cover" and not screen.session.over
        await pilot.press("enter")  # red's pad: the key is gone
        await pilot.pause()
        assert open_pad(app).check_action("end_fight", ()) is False
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert screen.session.over
        result = screen.session.prompt.result
        assert (result.method, result.detail, result.period) == ("draw", "ended by the table", 1)
        assert "The table ends the fight after 1 turn" in log_text(screen)


async def test_the_pad_lies_over_the_fight_and_its_keys_are_the_only_ones(data_dir: Path) -> None:
    """Issue 21 item 3: the action pad is a part of the fight screen, laid over its title, ring and
    play-by-play (the keys under it stay; it looks as the pad's own screen did), hidden at the reveal and shown
    afresh the next turn, one pad all fight. While it shows, only its keys and the app's answer:
    ctrl+z (the fight's undo) undoes nothing on the pad, as on the screen it was."""
    from companion.ruleset import SecretPrompt

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await pilot.press("enter")
        await pilot.pause()
        pad = open_pad(app)
        for part in ("#ring", "#log", "#corners"):
            shown = screen.query_one(part)
            assert not shown.region or pad.region.contains_region(shown.region), part  # covered
        assert pad.region.y == 0 and pad.region.bottom == 23  # over the title, above the keys
        text = screen_text(app)
        assert "Turn 1" in text.splitlines()[0] and "Go on" in text.splitlines()[-1]
        assert "both choose a move in secret" not in text  # the fight's prompt is under the pad
        for active in screen.active_bindings.values():  # the pad's, or the app's own (? lists the keys)
            ours = active.node is app or active.binding.action.startswith("app.")
            assert ours or active.node is pad or pad in active.node.ancestors, active

        await pick(pilot, "cross")
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter", "enter")  # blue's first move, then the reveal
        await pilot.pause()
        assert pad_closed(app) and len(screen.session.steps) == 1
        assert "Red Rooster: Cross" in screen_text(app)  # the reveal in the play-by-play, in view
        for _ in range(40):  # the turn's rolls, by the app, to the next secret choice
            if isinstance(screen.session.prompt, SecretPrompt):
                break
            await pilot.press("ctrl+r")
            await pilot.pause()
        assert isinstance(screen.session.prompt, SecretPrompt)
        answers = len(screen.session.steps)
        await pilot.press("enter")
        await pilot.pause()
        assert open_pad(app) is pad and (pad.side, pad.stage) == (0, "cover")  # the same pad, afresh
        assert "RED (Red Rooster) picks now" in screen_text(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(screen.session.steps) == answers and open_pad(app) is pad
        await pilot.press("escape")
        await pilot.pause()
        assert pad_closed(app) and list(screen.query(ActionPad)) == [pad]


async def test_question_mark_on_the_pad_lists_the_pads_keys(data_dir: Path) -> None:
    """? on the pad lists what the table can press there (the pad's keys and the app's), not the
    fight screen's keys under it; closing the list leaves the pad where it was."""
    from companion.screens.keys import KeysScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_cm(pilot)
        await red_pad(pilot)
        pad = open_pad(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        words = {does for _, does in app.screen.rows}
        assert {"Focus on dice", "Focus on damage", "App picks", "Back", "Quit"} <= words
        assert not words & {"Undo", "Home", "Export", "Action pad", "Amend an answer"}
        await pilot.press("escape")
        await pilot.pause()
        assert open_pad(app) is pad and pad.stage == "pick"
        await pilot.press("down", "enter")  # the keys still the pad's: red locks the second move
        await pilot.pause()
        assert (pad.side, pad.stage) == (1, "cover")


async def test_a_turns_picks_amended_on_the_pad(data_dir: Path) -> None:
    """Issue 23 on the pad: ctrl+g, the turn's answer picked, and its picks made again on the action
    pad (never typed where the other corner reads them), each corner's in turn; the reveal amends
    the answer. Escape on the pad amends nothing."""
    from companion.screens.fight_amend import AnswerList

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await red_pad(pilot)
        await pilot.press("enter", "b", "enter", "enter")  # red's first move (the jab), blue's (the teep)
        await pilot.pause()
        assert [a.text for a in screen.session.answers] == ["red=jab blue=teep"]
        for escape_first in (True, False):
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert screen.query_one(AnswerList).highlighted == 0
            await pilot.press("enter")  # the turn's picks: the pad, red's cover
            await pilot.pause()
            pad = open_pad(app)
            assert (pad.side, pad.stage) == (0, "cover")
            if escape_first:
                await pilot.press("escape")
                await pilot.pause()
                assert pad_closed(app) and not screen.amending.active
                assert [a.text for a in screen.session.answers] == ["red=jab blue=teep"]
        await pick(pilot, "cross")
        await pick(pilot, "low-kick")
        await pilot.press("enter")  # the reveal amends it
        await pilot.pause()
        assert pad_closed(app)
        assert screen.session.answers[0].text == "red=cross blue=low-kick"
        assert "Cross" in log_text(screen) and not screen.amending.active


async def test_a_pad_opened_to_amend_keeps_the_keys_when_the_terminal_is_resized(data_dir: Path) -> None:
    """While a turn's picks are amended on the pad, the live prompt is a roll: a resize that lays
    the fight screen out again (80 to 60 columns, compact) must not give the answer box under the
    pad the focus, or the faces typed next would go there and Escape would not close the pad."""
    from companion.screens.fight_amend import AnswerList

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_cm(pilot)
        await red_pad(pilot)
        await pilot.press("enter", "b", "enter", "enter")  # the turn's picks: the reveal, a roll asked next
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen.query_one(AnswerList).highlighted == 0
        await pilot.press("enter")  # the turn's picks again: the pad, red's cover
        await pilot.pause()
        pad = open_pad(app)
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        assert app.focused is not None and pad in (app.focused, *app.focused.ancestors), app.focused
        await pilot.press("escape")
        await pilot.pause()
        assert pad_closed(app) and not screen.amending.active


async def test_a_turn_on_the_pad_at_60_columns(data_dir: Path) -> None:
    """Issue 22 with the pad laid over the fight screen: at 60x20 it covers all but the keys, a move
    a line (cut, never wrapped), the last move (Taunt) reached by the arrows; the reveal
    then shows the fight screen's narrow layout with both picks in the play-by-play."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await start_cm(pilot)
        await red_pad(pilot)
        pad = open_pad(app)
        assert pad.region == screen.region.shrink((0, 0, 1, 0))  # all but the footer's line
        rows = [row.strip(" ▊▎") for row in screen_text(app).splitlines() if row.startswith(" ▊ ")]
        names = [o.name[:18] for o in pad.shown]
        assert len(rows) >= pad.query_one("#moves", OptionList).option_count and all(
            any(row.startswith(name) for name in names) for row in rows if row
        )
        await pilot.press("escape", "enter")  # again from red's cover, as pick() starts
        await pilot.pause()
        await pick(pilot, "taunt")
        assert "Taunt" not in screen_text(app)  # blue's cover: nothing of red's pick
        await pick(pilot, "focus")
        await pilot.press("enter")
        await pilot.pause()
        assert pad_closed(app) and screen.has_class("compact")
        assert "Red Rooster: Taunt" in log_text(screen) and "Blue Heron: Focus" in log_text(screen)
