"""Fudge's screens as a game master drives them (design issue 6): a scene of
many picked on two sides, the options, the side panels with the wound
tracker filling as typed wounds land, undo and resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import assert_odds_hide_and_show, screen_shows, screen_text, text_of, type_answer
from textual.content import Content
from textual.widgets import Button, Input, OptionList, Select, Static

from companion.ruleset import Setup, default_options, get_ruleset
from companion.rulesets.fudge.ruleset import MANEUVERS
from companion.rulesets.fudge.view import combatant_view, wound_track
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.scene import SceneSelectScreen
from companion.screens.setup import OptionsScreen
from companion.screens.sides import SidePanel
from companion.screens.wounds import combatant_lines, wound_boxes

FUDGE_CARDS = """\
game: fudge
fighters:
  - {name: Ash Redhand, setting: primitive, skills: {Sword: Great}, dodge: Fair, strength: Good, health: Good,
     weapons: [{weapon: broadsword, skill: Sword}]}
  - {name: Bryn Redhand, setting: primitive, skills: {Sword: Good}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: broadsword, skill: Sword}], hurt_boxes: 2}
  - {name: Cole Redhand, setting: primitive, skills: {Sword: Fair}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: broadsword, skill: Sword}]}
  - {name: Dag Bluecoat, setting: primitive, skills: {Spear: Mediocre}, dodge: Poor, strength: Fair, health: Fair,
     weapons: [{weapon: spear, skill: Spear, two_handed: true}]}
  - {name: Eli Bluecoat, setting: primitive, skills: {Spear: Mediocre}, dodge: Poor, strength: Fair, health: Fair,
     weapons: [{weapon: spear, skill: Spear, two_handed: true}]}
  - {name: Finn Bluecoat, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: spear, skill: Spear, two_handed: true}]}
  - {name: Gil Redhand, setting: primitive, skills: {Sword: Fair}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: broadsword, skill: Sword}]}
  - {name: Hal Redhand, setting: primitive, skills: {Sword: Fair}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: broadsword, skill: Sword}]}
"""
"""Eight plain melee fighters, each with one weapon: a declaration is action then target."""

RED = ["Ash Redhand", "Bryn Redhand", "Cole Redhand"]
BLUE = ["Dag Bluecoat", "Eli Bluecoat"]
FUDGE_ROW = 3
"""Fudge's row in the home screen's games list."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    return tmp_path


async def pick(pilot, names: list[str]) -> None:
    """Put ``names`` on the side being filled, each by filtering and Enter."""
    screen = pilot.app.screen
    for name in names:
        screen.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()


async def build_scene(pilot, red: list[str], blue: list[str]) -> SceneSelectScreen:
    """From home: Fudge, ``red`` on the red side, ctrl+o, ``blue`` on the blue side."""
    await pilot.press(*["down"] * FUDGE_ROW, "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SceneSelectScreen), screen
    await pick(pilot, red)
    await pilot.press("ctrl+o")
    await pick(pilot, blue)
    return screen


def start_scene(app, red: list[str], blue: list[str], options: dict | None = None) -> None:
    """Start a scene straight from the cards (the selection is tested on its own)."""
    roster = app.roster("fudge")
    ruleset = get_ruleset("fudge")
    cards = tuple(roster.find(name) for name in red + blue)
    chosen = default_options(ruleset) | (options or {})
    assert app.new_fight(Setup("fudge", cards, chosen, sides=(0,) * len(red) + (1,) * len(blue)))


async def answer_until(pilot, screen: FightScreen, done, limit: int = 80) -> None:
    """Answer as the table would until ``done()``: Enter takes each advised choice;
    the red side's dice land ``+ + + +``, the blue side's ``- - - -``."""
    for _ in range(limit):
        if done() or screen.session.over:
            return
        prompt = screen.session.prompt
        if prompt.kind == "roll":
            await type_answer(pilot, "+ + + +" if prompt.side == 0 else "- - - -")
        else:
            await type_answer(pilot, "")
    raise AssertionError("the scene did not get there")


def marked(screen: FightScreen, name: str) -> int:
    """How many wound boxes of ``name`` are marked, by the ruleset's trackers."""
    boxes = screen.session.ruleset.trackers(screen.session.state)[name]["boxes"]
    return sum(sum(row) for row in boxes.values())


def side_text(screen: FightScreen, side: str) -> str:
    return text_of(screen.query_one(f"#{side}-side", SidePanel))


# --- selection and options ----------------------------------------------------------


async def test_a_three_against_two_scene_is_picked_on_two_sides(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await build_scene(pilot, RED, BLUE)
        assert [(c.name, s) for c, s in screen.placed] == [(n, 0) for n in RED] + [(n, 1) for n in BLUE]
        red = text_of(screen.query_one("#red-side", Static))
        blue = text_of(screen.query_one("#blue-side", Static))
        assert all(n in red for n in RED) and all(n in blue for n in BLUE)
        assert "Enter adds here" in blue and "Enter adds here" not in red
        # the same card again is one more of an NPC group (issue 17), numbered when the scene starts
        await pick(pilot, ["Ash Redhand"])
        assert len(screen.placed) == 6 and "6 Ash Redhand" in text_of(screen.query_one("#blue-side", Static))
        assert "Ash Redhand [b]x2[/b]" in screen.entry(screen.roster.find("Ash Redhand"))  # its roster line
        screen.query_one("#filter", Input).value = "Ash Redhand"
        await pilot.pause()
        await pilot.press("ctrl+u", "ctrl+u")  # clears the filter, then takes back one of the group
        await pilot.pause()
        assert len(screen.placed) == 5 and [c.name for c, _ in screen.placed].count("Ash Redhand") == 1
        # the card shows the sheet (FudgeCard.sheet_lines)
        screen.query_one("#filter", Input).value = "Bryn Redhand"
        await pilot.pause()
        card = text_of(screen.query_one("#card", Static))
        assert "Bryn Redhand" in card and "Sword Good" in card and "2 Hurt boxes" in card
        # ctrl+u first clears what is typed in the filter (as in a shell), keeping the card highlighted
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert screen.query_one("#filter", Input).value == "" and len(screen.shown) > 1
        assert screen.highlighted_card().name == "Bryn Redhand" and len(screen.placed) == 5
        # then takes back the highlighted card when it is in the scene
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert [c.name for c, _ in screen.placed] == ["Ash Redhand", "Cole Redhand", *BLUE]
        await pilot.press("ctrl+o")  # back to red: Bryn again, now last in the red side's order
        await pick(pilot, ["Bryn Redhand"])
        await pilot.press("ctrl+s")
        await pilot.pause()
        options = app.screen
        assert isinstance(options, OptionsScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = app.screen
        assert isinstance(fight, FightScreen)
        setup = fight.session.setup
        assert setup.names == ("Ash Redhand", "Cole Redhand", "Bryn Redhand", *BLUE)
        assert setup.sides == (0, 0, 0, 1, 1)
        assert "Ash Redhand & Cole Redhand & Bryn Redhand vs Dag Bluecoat & Eli Bluecoat" in fight.sub_title


async def test_a_scene_needs_someone_on_each_side(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await build_scene(pilot, RED, [])
        assert screen.ready() is not None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # not on to the options: the blue side is empty
        await pick(pilot, ["Dag Bluecoat"])
        for name in ("Eli Bluecoat", "Finn Bluecoat", "Gil Redhand", "Hal Redhand", "Maeve Ashdown"):
            await pick(pilot, [name])
        await pick(pilot, ["Dag Bluecoat"] * 8)  # an NPC group of Dag Bluecoats
        assert len(screen.placed) == 16  # the seventeenth is refused: 2 to 16 in a scene (issue 17)
        assert screen.ready() is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = app.screen
        assert isinstance(fight, FightScreen)
        names = fight.session.setup.names
        assert names.count("Dag Bluecoat") == 0 and [n for n in names if n.startswith("Dag")] == [
            f"Dag Bluecoat {i}" for i in range(1, 9)
        ]


async def test_the_twenty_options_fit_and_scroll_at_80x24(data_dir: Path) -> None:
    """FU-9: each maneuver its own option: twenty in all, scrolled at 80x24."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await build_scene(pilot, RED[:1], BLUE[:1])
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        selects = list(screen.query(Select))
        assert len(selects) == len(get_ruleset("fudge").options) == 20
        assert app.focused is selects[0]  # the keys change the first option at once
        scroll = screen.query_one("#options")
        assert scroll.max_scroll_y > 0  # more than fits: they scroll
        start = screen.query_one("#start", Button)
        assert 0 <= start.region.y < 24 and start.region.height  # the Start button stays in view
        # no two option rows take the same cells
        rows = [s.region for s in selects if s.region.height]
        assert all(not a.overlaps(b) for i, a in enumerate(rows) for b in rows[i + 1 :])
        # Tab to the last option scrolls it into view; its list opens framed, over the rows below
        for _ in range(19):
            await pilot.press("tab")
        await pilot.pause()
        last = selects[-1]
        assert app.focused is last and scroll.region.contains_region(last.region)
        await pilot.press("enter")
        await pilot.pause()
        assert last.expanded
        await pilot.press("down", "enter")
        await pilot.pause()
        key = selects[-1].id.removeprefix("opt-")
        assert screen.chosen[key] != get_ruleset("fudge").options[-1].default


async def test_the_options_start_as_at_the_last_scene_and_ctrl_b_gives_the_defaults(data_dir: Path) -> None:
    """A new-user trial set six options again for every scene: the options screen starts from those the
    game's last fight was started with (said under its title), in a new app too; ctrl+b sets the defaults."""
    first = get_ruleset("fudge").options[0]
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await build_scene(pilot, RED[:1], BLUE[:1])
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen) and not screen.query("#kept")  # nothing kept yet: the defaults
        assert app.focused is screen.query(Select).first()
        rows = list(screen.query(".option"))  # the option the keys change is marked, its row and its name
        assert rows[0].styles.background != rows[1].styles.background
        assert rows[0].query_one(".name").styles.text_style != rows[1].query_one(".name").styles.text_style
        await pilot.press("enter", "down", "enter")  # the first option's next value
        await pilot.pause()
        changed = screen.chosen[first.key]
        assert changed != first.default
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen) and app.screen.session.setup.options[first.key] == changed
    app = make_app(data_dir, rng=random.Random(1))  # another evening
    async with app.run_test(size=(100, 30)) as pilot:
        await build_scene(pilot, RED[:1], BLUE[:1])
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptionsScreen)
        assert screen.query_one(f"#opt-{first.key}", Select).value == changed == screen.chosen[first.key]
        assert "as at your last fight of this game; ctrl+b: back to the defaults" in screen_text(app)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert screen.query_one(f"#opt-{first.key}", Select).value == first.default == screen.chosen[first.key]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FightScreen) and app.screen.session.setup.options[first.key] == first.default


async def test_the_roster_says_who_is_dead_and_a_random_pick_takes_one_who_can_fight(data_dir: Path) -> None:
    """A new-user trial: a dead card's roster row looked alive, and ctrl+r picked him. His row says ``dead``
    (one carrying Near Death says so too), and a random pick takes him only when no one else is left."""
    (data_dir / "fighters" / "fudge_zed.yaml").write_text(
        "game: fudge\nfighters:\n"
        "  - {name: Zed Gone, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
        " health: Fair, weapons: [{weapon: spear, skill: Spear}], wounds: {near_death: 1}, dead: true}\n"
        "  - {name: Zed Low, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
        " health: Fair, weapons: [{weapon: spear, skill: Spear}], wounds: {near_death: 1}}\n"
        "  - {name: Zed Able, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
        " health: Fair, weapons: [{weapon: spear, skill: Spear}]}\n"
    )
    for seed in range(6):
        app = make_app(data_dir, rng=random.Random(seed))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press(*["down"] * FUDGE_ROW, "enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SceneSelectScreen)
            roster = app.roster("fudge")
            rows = {name: screen.entry(roster.find(name)) for name in ("Zed Gone", "Zed Low", "Zed Able")}
            assert rows["Zed Gone"].endswith("(primitive · dead)[/dim]"), rows
            assert rows["Zed Low"].endswith("(primitive · near death)[/dim]"), rows
            assert rows["Zed Able"].endswith("(primitive)[/dim]"), rows
            screen.query_one("#filter", Input).value = "Zed"
            await pilot.pause()
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert [card.name for card, _ in screen.placed] == ["Zed Able"], seed
            await pilot.press("ctrl+r")  # none left who can fight: one who cannot, as asked
            await pilot.pause()
            assert len(screen.placed) == 2


# --- the fight ---------------------------------------------------------------------


async def test_the_wound_tracker_fills_as_typed_wounds_land(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen)
        assert "■" not in side_text(screen, "blue")
        assert "Scratch □□□ Hurt □ V.Hurt □ Inc □ ND □" in side_text(screen, "blue")
        assert "Hurt □□ " in side_text(screen, "red")  # Bryn's two Hurt boxes
        # the combatant whose prompt it is is marked
        assert f"▶ {screen.session.prompt.who}" in side_text(screen, "red")
        await answer_until(pilot, screen, lambda: any(marked(screen, n) for n in BLUE))
        wounded = [n for n in BLUE if marked(screen, n)]
        text = side_text(screen, "blue")
        assert text.count("■") == sum(marked(screen, n) for n in BLUE)
        trackers = screen.session.ruleset.trackers(screen.session.state)
        for name in wounded:
            plain, _ = wound_boxes(wound_track(trackers[name]["boxes"], trackers[name]["suppressed"]))
            assert plain in text
            if trackers[name]["penalty"]:
                assert f"{trackers[name]['penalty']:+d}" in text
            if trackers[name]["status"] != "fighting":
                assert trackers[name]["status"].upper() in text


async def test_undo_takes_the_wound_back_and_redo_puts_it_again(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: any(marked(screen, n) for n in BLUE))
        before = side_text(screen, "blue")
        undone = 0
        while any(marked(screen, n) for n in BLUE):
            await pilot.press("ctrl+z")
            await pilot.pause()
            undone += 1
        assert "■" not in side_text(screen, "blue")
        for _ in range(undone):
            await pilot.press("ctrl+y")
            await pilot.pause()
        assert side_text(screen, "blue") == before


async def test_a_scene_resumes_from_home_as_it_was(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: any(marked(screen, n) for n in BLUE))
        red, blue, steps = side_text(screen, "red"), side_text(screen, "blue"), len(screen.session.steps)
        await pilot.press("escape")
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        unfinished = home.query_one("#unfinished", OptionList)
        assert "Ash Redhand & Bryn Redhand & Cole Redhand vs Dag Bluecoat & Eli Bluecoat · Fudge" in str(
            unfinished.get_option_at_index(0).prompt
        )
        unfinished.focus()
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, FightScreen) and resumed is not screen
        assert len(resumed.session.steps) == steps
        assert side_text(resumed, "red") == red and side_text(resumed, "blue") == blue


async def test_fudge_dice_are_typed_and_refused_without_a_traceback(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.prompt.kind == "roll")
        box = screen.query_one("#faces", Input)
        assert box.placeholder == "faces, e.g. + - 0 +"
        hint = screen.query_one("#hint", Static)
        assert "+ - or 0" in text_of(hint)
        steps = len(screen.session.steps)
        for wrong, why in (("+ - 0", "expected 4 faces"), ("+ - 0 3", "'3' is not a face")):
            await type_answer(pilot, wrong)
            assert why in text_of(hint)
            assert len(screen.session.steps) == steps
        # as typed, the result reads on the ladder (FU-1)
        prompt = screen.session.prompt
        box.value = "+ + 0 0"
        await pilot.pause()
        from companion.rulesets.fudge.rules import ladder_show

        assert text_of(hint) == f"= {ladder_show(prompt.modifier + 2)}"
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.steps) == steps + 1


async def test_a_choice_shows_its_keys_and_the_advised_one(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        prompt = screen.session.prompt
        assert prompt.kind == "choice"
        shown = text_of(screen.query_one("#prompt", Static))
        assert all(option.key in shown for option in prompt.options)
        assert "◀ advised" in shown
        await type_answer(pilot, "zzz")
        assert "choose one of" in text_of(screen.query_one("#hint", Static))
        assert screen.session.steps == []


async def test_a_long_list_of_maneuvers_scrolls_and_the_answer_box_stays_in_view(data_dir: Path) -> None:
    """With the maneuvers on, the actions (each with its why) are more than the prompt's
    box holds at 80x24: Up and Down scroll them, the answer box and a refusal stay on
    screen, and typing a choice shows its why."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE, {m.replace("-", "_"): True for m in MANEUVERS})
        await pilot.pause()
        screen = app.screen
        prompt = screen.session.prompt
        assert prompt.kind == "choice" and len(prompt.options) > 3
        box = screen.query_one("#prompt-box")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        assert "↑↓ Choices" in await screen_shows(pilot, "↑↓ Choices")  # the footer says how to see the rest
        await pilot.press("down")
        await pilot.pause()
        assert box.scroll_y > 0 and app.focused is screen.query_one("#faces", Input)
        await pilot.press("up")
        await pilot.pause()
        assert box.scroll_y == 0
        await type_answer(pilot, "zzz")
        hint = screen.query_one("#hint", Static)
        assert "choose one of" in text_of(hint) and screen.session.steps == []
        for widget in (screen.query_one("#faces", Input), hint):
            assert widget.region.y > 0 and widget.region.bottom <= 23, widget  # above the footer
        screen.query_one("#faces", Input).value = "all-out-d"
        await pilot.pause()
        assert text_of(hint).startswith("= all-out-defense: +1")


async def test_eight_combatants_fit_at_80x24(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    red = ["Ash Redhand", "Bryn Redhand", "Cole Redhand", "Gil Redhand", "Hal Redhand"]
    blue = ["Dag Bluecoat", "Eli Bluecoat", "Finn Bluecoat"]
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, red, blue)
        await pilot.pause()
        screen = app.screen
        # a round's declarations: each line then holds the name and the declaration
        await answer_until(pilot, screen, lambda: screen.session.prompt.kind == "roll")
        shown = screen_text(app)
        for name in red + blue:
            assert name in shown, name
        assert shown.count("Scratch") == 8 and "▶" in shown
        for side in ("red", "blue"):
            panel = screen.query_one(f"#{side}-side", SidePanel)
            assert panel.region.bottom <= 23  # above the footer
        assert screen.query_one("#sides").max_scroll_y == 0  # nothing scrolled out of view


# --- the widgets alone ----------------------------------------------------------------


def test_wound_boxes_mark_shrugged_off_wounds_apart() -> None:
    boxes = {
        "scratch": [True, True, False],
        "hurt": [True],
        "very_hurt": [False],
        "incapacitated": [False],
        "near_death": [False],
    }
    plain, markup = wound_boxes(wound_track(boxes))
    assert plain == "Scratch ■■□ Hurt ■ V.Hurt □ Inc □ ND □"
    assert "$text-error" in markup and "$text-warning" in markup  # theme variables, not colours
    plain, markup = wound_boxes(wound_track(boxes, ["hurt"]))
    assert plain == "Scratch ■■□ Hurt ▣ V.Hurt □ Inc □ ND □" and "$text-success" in markup


def fudge_lines(card, numbers, acting, **how):
    """A combatant's panel lines from his trackers, through the ruleset's view of him."""
    return combatant_lines(combatant_view(card.name, numbers), acting, **how)


class _Card:
    name = "Sergeant Marcus Cole of the Night Watch"


def test_a_combatant_line_keeps_to_its_width() -> None:
    from rich.text import Text

    numbers = {
        "boxes": {
            "scratch": [True, False, False],
            "hurt": [True, True, True],
            "very_hurt": [False],
            "incapacitated": [False],
            "near_death": [False],
        },
        "penalty": -1,
        "status": "fighting",
        "aim": 1,
        "action": "attacks Vinnie Russo with the Rifle",
        "ammo": {"rifle": 3},
        "reloads": {"rifle": 2},
        "reload_turns": {},
    }
    for roomy in (False, True):
        lines = fudge_lines(_Card(), numbers, True, roomy=roomy)
        assert len(lines) == (3 if roomy else 2)
        for line in lines:
            width = Text.from_markup(line.replace("$", "")).cell_len
            assert width <= 44, line
        assert "rifle 3+2" in lines[0] and "aim" in lines[0]
        assert lines[-1].rstrip().endswith("-1[/]")
    # two guns: both loads while nothing is declared, the declared one's alone once it is (in hand)
    two = {**numbers, "ammo": {"rifle": 3, "pistol": 6}, "reloads": {"rifle": 2, "pistol": 12}}
    assert "rifle 3+2" in fudge_lines(_Card(), two, True)[0] and "pistol 6+12" in fudge_lines(_Card(), two, True)[0]
    line = fudge_lines(_Card(), {**two, "in_hand": "pistol"}, True)[0]
    assert "pistol 6+12" in line and "rifle" not in line.split("attacks")[0]
    out = fudge_lines(_Card(), {**numbers, "status": "incapacitated"}, False)
    assert "INCAPACITATED" in out[0] and "attacks" not in out[0]
    # last round's all-out attack: -2 to everything this round, said beside the name
    tired = fudge_lines(_Card(), {**numbers, "tired": True}, False, roomy=True)
    assert "tired -2" in tired[0] and "tired" not in fudge_lines(_Card(), numbers, False, roomy=True)[0]


async def test_the_odds_appear_at_a_combat_roll_update_and_hide(data_dir: Path) -> None:
    """Issue 8: at a combat roll, by the tray, the chance of each exchange to hit and of a Hurt or worse,
    as the ruleset computes them; none at a declaration; the next roll's odds replace them (an enemy
    whose roll is made is read as made); ctrl+o hides and shows them."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        screen = app.screen
        odds = screen.query_one("#odds", Static)
        assert screen.session.prompt.reason == "action" and not odds.display
        await answer_until(pilot, screen, lambda: screen.session.prompt.kind == "roll")
        first = screen.session.ruleset.odds(screen.session.state)
        assert first is not None and odds.display
        shown = text_of(odds)
        for line in first.lines:
            assert line.label in shown and line.shown() in shown
        assert any(line.label.startswith("hits ") for line in first.lines)
        await type_answer(pilot, "+ + + +")
        now = screen.session.ruleset.odds(screen.session.state)
        assert now is not None and now.title != first.title and text_of(odds) != shown
        assert all(line.label in text_of(odds) and line.shown() in text_of(odds) for line in now.lines)
        await assert_odds_hide_and_show(pilot, odds)


def test_an_odds_bar_is_five_cells_in_eighths() -> None:
    """The bar leaves the label room in a scene's narrow column: 5 cells, 40 steps."""
    from rich.text import Text

    from companion.screens.widgets import odds_bar

    def plain(p: float) -> str:
        return Text.from_markup(odds_bar(p).replace("$text-success", "green")).plain

    assert plain(0.73) == "███▋░" and plain(0.0) == "░░░░░" and plain(1.0) == "█████"
    assert plain(0.01) == "░░░░░" and plain(0.02) == "▏░░░░" and all(len(plain(p / 100)) == 5 for p in range(101))


# --- issue 17 -----------------------------------------------------------------------------


def test_each_box_is_drawn_felt_or_shrugged_off() -> None:
    """Issue 17 point 7: one felt Hurt and one shrugged off is ``Hurt ■▣`` beside a -1, not ``Hurt ▣▣``."""
    boxes = {"scratch": [False] * 3, "hurt": [True, True], "very_hurt": [False], "incapacitated": [False]}
    boxes["near_death"] = [False]
    marks = {k: ["free"] * len(v) for k, v in boxes.items()} | {"hurt": ["felt", "shrugged"]}
    plain, _ = wound_boxes(wound_track(boxes, ["hurt"], marks))
    assert plain == "Scratch □□□ Hurt ■▣ V.Hurt □ Inc □ ND □"
    assert (
        wound_boxes(wound_track(boxes, ["hurt"]))[0] == plain
    )  # without the marks: the count of shrugged boxes, not all
    numbers = {"boxes": boxes, "marks": marks, "suppressed": ["hurt"], "penalty": -1, "status": "fighting"}
    last = fudge_lines(_Card(), numbers, False)[-1]
    assert "Hurt [b $text-error]■[/][$text-success]▣[/]" in last and last.endswith("-1[/]")


def test_a_long_hurt_track_fits_its_panel() -> None:
    """Issue 17: any number of Hurt boxes: the words shorten, then the track wraps, within the width."""
    from rich.text import Text

    for n in (6, 12, 20):
        boxes = {"scratch": [True] * 3, "hurt": [True] + [False] * (n - 1), "very_hurt": [False]}
        boxes |= {"incapacitated": [False], "near_death": [False]}
        lines = fudge_lines(_Card(), {"boxes": boxes, "penalty": -1, "status": "fighting"}, False)
        for line in lines:
            assert Text.from_markup(line.replace("$", "")).cell_len <= 44, (n, line)
        assert "".join(lines).count("□") == n - 1 + 3 and "■" in lines[1]
    assert len(lines) == 3  # 20 Hurt boxes: the track takes two lines


async def test_twelve_combatants_scroll_and_the_one_acting_stays_in_view(data_dir: Path) -> None:
    """Issue 17: scenes larger than 8 (an NPC group of copies): the side panels scroll, and the combatant
    whose prompt it is is scrolled into view at 80x24."""
    from companion.replay import number_copies

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        roster = app.roster("fudge")
        cards = number_copies([roster.find("Ash Redhand")] * 6 + [roster.find("Dag Bluecoat")] * 6)
        setup = Setup("fudge", cards, default_options(get_ruleset("fudge")), sides=(0,) * 6 + (1,) * 6)
        assert app.new_fight(setup)
        await pilot.pause()
        screen = app.screen
        sides = screen.query_one("#sides")
        assert sides.max_scroll_y > 0
        await answer_until(pilot, screen, lambda: screen.session.prompt.who == "Dag Bluecoat 6")
        await pilot.pause()
        assert "▶ Dag Bluecoat 6" in screen_text(app) and sides.scroll_y > 0


async def test_targets_are_listed_by_name_and_the_gm_words_are_shown(data_dir: Path) -> None:
    """Issue 17: a choice lists the combatants' names (no slugs); every prompt of the scene says the GM may
    type end, and a roll that he may add his modifier (FU-11); end at a roll ends the scene."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        await type_answer(pilot, "attack")
        shown = text_of(screen.query_one("#prompt", Static))
        assert "Dag Bluecoat" in shown and "dag-bluecoat" not in shown and "or type: end" in shown
        assert screen.query_one("#faces", Input).placeholder == "Dag Bluecoat / Eli Bluecoat"
        await type_answer(pilot, "Eli Bluecoat")
        assert screen.session.steps[-1].log == ("Ash Redhand: attacks Eli Bluecoat with the Broadsword",)
        await answer_until(pilot, screen, lambda: screen.session.prompt.kind == "roll")
        assert "or type: end · gm +N REASON" in text_of(screen.query_one("#prompt", Static))
        screen.query_one("#faces", Input).value = "gm +1 high ground"
        await pilot.pause()
        assert text_of(screen.query_one("#hint", Static)).startswith("= gm +N REASON: a GM's situational modifier")
        await pilot.press("enter")
        await pilot.pause()
        assert ("GM: high ground", 1) in screen.session.prompt.modifier_parts
        await type_answer(pilot, "end")
        assert screen.session.over and screen.session.prompt.result.method == "ended"


async def test_after_the_scene_f5_writes_the_wounds_to_the_cards_once_confirmed(data_dir: Path) -> None:
    """Issue 17: after the scene, on request (f5), the wounds and experience go on the cards in the data
    folder as a diff the GM confirms (y) or not (n); the next scene starts with them."""
    from companion.screens.writeback import WriteBackScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.over)
        assert screen.check_action("write_back", ())
        assert "f5 writes what the scene changed to the cards" in screen_text(app)
        before = (data_dir / "fighters" / "fudge_test.yaml").read_text()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, WriteBackScreen)
        diff = text_of(app.screen.query_one("#diff", Static)).splitlines()
        assert any(line.startswith("+") and "wounds: {" in line for line in diff)  # the card's own lines
        assert not any(line.startswith("-") and "Ash Redhand" in line for line in diff)  # no other card
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and (data_dir / "fighters" / "fudge_test.yaml").read_text() == before
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        after = (data_dir / "fighters" / "fudge_test.yaml").read_text()
        assert after != before and after.count("wounds:") == 1
        dag = app.roster("fudge").find("Dag Bluecoat")
        want = {
            k: sum(v) for k, v in screen.session.ruleset.trackers(screen.session.state)["Dag Bluecoat"]["boxes"].items()
        }
        assert dag.wounds == {k: v for k, v in want.items() if v}


def test_the_scene_order_keeps_an_npc_groups_copies_together():
    """Issue 17: the copies of a card picked at different times act together, where the first was picked."""
    from companion.replay import number_copies
    from companion.screens.scene import scene_order

    class Card:
        def __init__(self, name: str) -> None:
            self.name = name

        def model_copy(self, update: dict) -> Card:
            return Card(update["name"])

    orc, ash, dag = Card("Orc Guard"), Card("Ash"), Card("Dag")
    cards, sides = scene_order(((orc, 0), (ash, 0), (dag, 1), (orc, 0), (orc, 0)))
    assert [c.name for c in number_copies(cards)] == ["Orc Guard 1", "Orc Guard 2", "Orc Guard 3", "Ash", "Dag"]
    assert sides == (0, 0, 0, 0, 1)


async def test_end_is_the_whole_word_at_the_first_declaration_and_a_side_out_opens_over(data_dir: Path) -> None:
    """The issue 17 audit: ``e`` alone at a round's first declaration ended the whole scene (a start of the
    option "end"). The GM's end is a word of every prompt now, typed whole; a start of it does not fit. A
    scene whose side comes in already out (its card's wounds) opens over, with the result (design 6.5)."""
    (data_dir / "fighters" / "fudge_out.yaml").write_text(
        "game: fudge\nfighters:\n"
        "  - {name: Ivo Bluecoat, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
        " health: Fair, weapons: [{weapon: spear, skill: Spear, two_handed: true}], wounds: {near_death: 1}}\n"
    )
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, RED, BLUE)
        await pilot.pause()
        screen = app.screen
        shown = text_of(screen.query_one("#prompt", Static))
        assert "or type: end" in shown and "  end" not in shown  # a word of the prompt, not an option
        await type_answer(pilot, "e")
        assert not screen.session.over and screen.session.steps == []
        screen.query_one("#faces", Input).value = "end"
        await pilot.pause()
        assert text_of(screen.query_one("#hint", Static)).startswith("= end: the GM ends the scene")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.over and screen.session.prompt.result.detail == "the GM ended the scene before round 1"
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Ivo Bluecoat"])
        await pilot.pause()
        screen = app.screen
        assert screen.session.over
        shown = screen_text(app)  # the result panel wraps its lines
        assert "Round 0: over" in shown and "Ash Redhand def. Ivo" in shown and "(near death before the" in shown


@pytest.mark.parametrize("hurt", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("penalty", [None, -1, -3])
@pytest.mark.parametrize("roomy", [False, True])
def test_no_wound_row_overflows_its_side_panel(hurt: int, penalty: int | None, roomy: bool) -> None:
    """Issue 22: a wound row with 3 Hurt boxes and a penalty was reported past the panel's edge at
    120x40. Every line of a combatant, each box marked, a long name, a status and a declaration,
    stays within the panel's 44 cells (the panel is 48 wide with its border and padding)."""
    from companion.screens.wounds import LINE_WIDTH
    from companion.views import Box, BoxRow, CombatantView, Mark, Tone, WoundTrack

    levels = (("Scratch", "Scr", 3), ("Hurt", "Hurt", hurt), ("V.Hurt", "VH", 1), ("Inc", "Inc", 1), ("ND", "ND", 1))
    rows = tuple(BoxRow(word, short, (Box.FELT,) * n, Tone.DANGER) for word, short, n in levels)
    shown = None if penalty is None else Mark(f"{penalty:+d}", Tone.DANGER, strong=True)
    view = CombatantView(
        "Thorgrim Axebreaker of the Long Hall",
        0,
        tags=(Mark("STUNNED", Tone.WARNING),),
        action="attacks Grukk the Ogre with the Greatsword",
        track=WoundTrack(rows, shown),
    )
    lines = combatant_lines(view, acting=True, roomy=roomy)
    plain = [Content.from_markup(line).plain for line in lines]
    assert all(len(line) <= LINE_WIDTH for line in plain), plain
    boxes = "".join(plain[1 + roomy :])
    assert boxes.count("■") == 3 + hurt + 3  # every box shown, none cut
    if penalty is not None:
        assert plain[1 + roomy].rstrip().endswith(f"{penalty:+d}")


async def test_enter_again_after_a_pick_puts_one_more_of_the_same(data_dir: Path) -> None:
    """Issue 22 review: after a pick the filter clears and the highlight went to the roster's top, so
    Enter again put Ash Redhand on the side instead of a second Dag Bluecoat: the card just put
    stays highlighted, and Enter again makes an NPC group of it."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await build_scene(pilot, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        assert screen.query_one("#filter", Input).value == ""
        await pilot.press("enter")  # again: one more Dag Bluecoat
        await pilot.pause()
        assert [(card.name, side) for card, side in screen.placed] == [
            ("Ash Redhand", 0),
            ("Dag Bluecoat", 1),
            ("Dag Bluecoat", 1),
        ]


async def test_f5_writes_one_who_died_back_dead_and_his_next_scene_opens_over(data_dir: Path) -> None:
    """FU-4 and design 6.5 (the audit, played as a GM plays it): Kit comes in Near Death from an earlier
    scene, Ash strikes him again, no box is left: dead. f5 and y write ``dead: true`` on his card in the data
    folder (his boxes stand as his card had them), and the next scene with him alone on his side opens over:
    "dead before the scene began"."""
    (data_dir / "fighters" / "fudge_kit.yaml").write_text(
        "game: fudge\nfighters:\n"
        "  - {name: Kit Bluecoat, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
        " health: Fair, weapons: [{weapon: spear, skill: Spear, two_handed: true}], wounds: {near_death: 1}}\n"
    )
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat", "Kit Bluecoat"])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen)
        await type_answer(pilot, "attack")
        await type_answer(pilot, "Kit Bluecoat")  # one out of the fight may be struck (design 6.1)
        await type_answer(pilot, "attack")  # Dag at Ash
        await type_answer(pilot, "+ + + +")  # Ash: Great + 4, Legendary+2
        await type_answer(pilot, "- - - -")  # Dag: Mediocre - 4, he misses Ash
        await type_answer(pilot, "+ + + +")  # Ash's damage to Kit: BD 0 + 4 = Legendary: Near Death, and his is full
        log = [line for line, _ in screen.session.log()]
        assert "Kit Bluecoat has no wound box left at Near Death or worse: dead" in log
        assert screen.session.ruleset.trackers(screen.session.state)["Kit Bluecoat"]["status"] == "dead"
        await type_answer(pilot, "end")
        assert screen.session.over
        await pilot.press("f5")
        await pilot.pause()
        diff = text_of(app.screen.query_one("#diff", Static)).splitlines()
        assert any(line.startswith("+") and "dead: true" in line for line in diff), diff  # his card's line
        await pilot.press("y")
        await pilot.pause()
        kit = app.roster("fudge").find("Kit Bluecoat")
        assert kit.dead and kit.wounds == {"near_death": 1}
        start_scene(app, ["Ash Redhand"], ["Kit Bluecoat"])
        await pilot.pause()
        result = app.screen.session.prompt.result
        assert (result.winner, result.loser, result.detail, result.period) == (
            "Ash Redhand",
            "Kit Bluecoat",
            "dead before the scene began",
            0,
        )
