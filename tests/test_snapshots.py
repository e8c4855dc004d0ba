"""A few pictures of the screens at 80x24, compared with the saved SVGs.

Refresh after a deliberate change with `pytest tests/test_snapshots.py --snapshot-update`
and look at the report before committing the new pictures.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import CM_CARDS, FO_CARDS, NHB_CARDS, NHB_MORE_CARDS, enter_tournament, open_fight
from textual.widgets import Input

from companion.screens.app import make_app

CARDS = """\
game: nhb
fighters:
  - {name: Alpha One, nickname: The First, style: catch wrestling, control: 12, standup: 10, ground: 14, finishing: 6, toughness: 6, notes: "a test card"}
  - {name: Bravo Two, control: 10, standup: 12, ground: 9, finishing: 5, toughness: 7}
"""


@pytest.fixture
def app(tmp_path: Path):
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(CARDS)
    return make_app(tmp_path, rng=random.Random(7))


async def _no_blink(pilot) -> None:
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False
    await pilot.pause()


def test_home(app, snap_compare) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=_no_blink)


def test_fighter_selection(app, snap_compare) -> None:
    async def pick(pilot) -> None:
        await pilot.press("enter")
        await pilot.pause()
        pilot.app.screen.query_one("#filter", Input).value = "alpha"
        await pilot.pause()
        await pilot.press("enter")
        pilot.app.screen.query_one("#filter", Input).value = "bravo"
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=pick)


def test_fight_mid_segment(app, snap_compare) -> None:
    async def fight(pilot) -> None:
        from companion.rulesets.nhb import odds as nhb_odds

        await open_fight(pilot, 0, "alpha", "bravo")
        nhb_odds.BOUT_TABLES.wait()  # the bout's odds table (a background thread): the same screen every run
        for face in ("10", "2", "3", "ground", "15"):
            pilot.app.screen.query_one("#faces", Input).value = face
            await pilot.press("enter")
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=fight)


class _Still:
    """A time source that stands still: the round clock reads the same in every run."""

    def __call__(self) -> float:
        return 100.0


def test_fo_fight_with_the_round_clock(tmp_path: Path, snap_compare) -> None:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)
    app = make_app(tmp_path, rng=random.Random(7), now=_Still())

    async def fight(pilot) -> None:
        await open_fight(pilot, 1, "red fox", "blue jay")
        for text in ("3 4", "5 6", "punch", "2 3"):  # the clock stands still: every stamp is 0:00
            pilot.app.screen.query_one("#faces", Input).value = text
            await pilot.press("enter")
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=fight)


def _cage_match(tmp_path: Path):
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    return make_app(tmp_path, rng=random.Random(7))


def test_cage_match_trackers_after_a_turn(tmp_path: Path, snap_compare) -> None:
    """Muscle, body and head bars with the 30 marks, focus pips, the position (CM-1, CM-3)."""
    app = _cage_match(tmp_path)

    async def fight(pilot) -> None:
        screen = await open_fight(pilot, 2, "red rooster", "blue heron")
        for text in ("red=focus blue=focus", "red=jab+d1 blue=low-kick", "5 6", "2 2"):
            screen.session.submit(text)
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=fight)


def test_cage_match_action_pad(tmp_path: Path, snap_compare) -> None:
    """Red's pad: the moves with their numbers, the one he cannot afford greyed, the dials."""
    app = _cage_match(tmp_path)

    async def pad(pilot) -> None:
        await open_fight(pilot, 2, "red rooster", "blue heron")
        await pilot.press("enter", "enter", "d")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=pad)


def test_tournament_bracket(tmp_path: Path, snap_compare) -> None:
    """A night of 8 (ruling NHB-9) after five bouts: winners, methods, times, losses, the next bout."""
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    (tmp_path / "fighters" / "more.yaml").write_text(NHB_MORE_CARDS)
    app = make_app(tmp_path, rng=random.Random(7))

    async def bracket(pilot) -> None:
        names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
        await enter_tournament(pilot, names)
        await pilot.press("ctrl+s", "o")  # the draw in the order entered
        await pilot.pause()
        await pilot.press("ctrl+s")  # the default options
        await pilot.pause()
        session = pilot.app.screen.session
        while len(session.state.bracket.done) < 5:
            session.roll()  # the app's dice, from the seeded generator (no toast, unlike f8)
        await pilot.press("f6")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=bracket)


def test_matchup_simulator(app, snap_compare) -> None:
    """The simulator after 1,000 bouts of Royce Gracie v Ken Shamrock with seed 7: win
    shares with intervals, the method bars, finishes and the finish-time chart."""
    from textual.widgets import Select

    from companion.screens.matchup import MatchupScreen

    async def simulate(pilot) -> None:
        roster = pilot.app.roster("nhb")
        screen = MatchupScreen("nhb", (roster.find("Royce Gracie"), roster.find("Ken Shamrock")))
        await pilot.app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#count", Select).value = 1_000
        screen.query_one("#seed", Input).value = "7"
        await pilot.press("r")
        await pilot.app.workers.wait_for_complete()
        # settled whatever the load (the final review saw it differ once in a loaded serial run):
        # the run's last figures drawn and the progress bar's animation to 100% over
        while screen.running:
            await pilot.pause(0.05)
        await pilot.wait_for_scheduled_animations()
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=simulate)


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
"""
"""Five plain melee fighters for a Fudge scene, three against two."""


def _fudge(tmp_path: Path):
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fudge.yaml").write_text(FUDGE_CARDS)
    return make_app(tmp_path, rng=random.Random(7))


def test_fudge_scene_selection(tmp_path: Path, snap_compare) -> None:
    """Three on the red side, one on the blue, the second blue card highlighted (design issue 6)."""
    app = _fudge(tmp_path)

    async def pick(pilot) -> None:
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        screen = pilot.app.screen
        for name in ("Ash Redhand", "Bryn Redhand", "Cole Redhand", "ctrl+o", "Dag Bluecoat", "Eli Bluecoat"):
            if name == "ctrl+o":
                await pilot.press("ctrl+o")
                continue
            screen.query_one("#filter", Input).value = name
            await pilot.pause()
            if name != "Eli Bluecoat":
                await pilot.press("enter")
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=pick)


def test_fudge_scene_wounds(tmp_path: Path, snap_compare) -> None:
    """A 3-v-2 scene at round 2's first roll: the round's declarations on the side
    panels, Dag Bluecoat's Scratch and Hurt boxes marked, his -1 in force (FU-4)."""
    from companion.ruleset import Setup, default_options, get_ruleset

    app = _fudge(tmp_path)

    async def fight(pilot) -> None:
        await pilot.pause()
        roster = pilot.app.roster("fudge")
        names = ("Ash Redhand", "Bryn Redhand", "Cole Redhand", "Dag Bluecoat", "Eli Bluecoat")
        setup = Setup(
            "fudge", tuple(roster.find(n) for n in names), default_options(get_ruleset("fudge")), sides=(0, 0, 0, 1, 1)
        )
        pilot.app.new_fight(setup)
        await pilot.pause()
        session = pilot.app.screen.session
        damage = iter(["- - 0 0", "- 0 0 0", "- - - 0"] * 3)
        # round 1 with the faces as typed: red's combat dice 0 0 0 0, blue's - 0 0 0;
        # then round 2's declarations, each the advised one, to its first roll
        while (session.state.round == 1 or session.prompt.kind != "roll") and not session.over:
            prompt = session.prompt
            if prompt.kind == "roll" and prompt.reason.startswith("damage"):
                session.submit(next(damage))
            elif prompt.kind == "roll":
                session.submit("0 0 0 0" if prompt.side == 0 else "- 0 0 0")
            else:
                session.submit(prompt.advised or prompt.options[0].key)
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=fight)


def test_paf_character_sheet(tmp_path: Path, snap_compare) -> None:
    """The PAF character sheet (issue 7): the stats rolled by the app (seeded), the
    name, level, weight, chain and shield, a mace; the derived numbers with their parts."""
    from companion.screens.sheet import SheetScreen

    (tmp_path / "fighters").mkdir()
    app = make_app(tmp_path, rng=random.Random(7))

    async def sheet(pilot) -> None:
        await pilot.pause()
        pilot.app.push_screen(SheetScreen("paf"))
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("ctrl+r")
        for wid, value in (("name", "Brother Snapshot"), ("combat_level", "2"), ("weight", "170")):
            screen.query_one(f"#{wid}", Input).value = value
        screen.query_one("#armor").value = "chain"
        screen.query_one("#shield").value = True
        screen.query_one("#weapon-0").value = "Mace, Footmans"
        screen.query_one("#name", Input).focus()
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=sheet)


def test_paf_hit_point_trackers(tmp_path: Path, snap_compare) -> None:
    """A PAF scene, a party of three against four monsters, played by the app's
    seeded rolls until someone is hurt: the hit point bars, status and holds."""
    from companion.ruleset import Setup, default_options, get_ruleset

    (tmp_path / "fighters").mkdir()
    app = make_app(tmp_path, rng=random.Random(7))

    async def fight(pilot) -> None:
        await pilot.pause()
        roster = pilot.app.roster("paf")
        names = (
            "Sir Roderick Vane",
            "Durin Stonefist",
            "Brother Anselm",
            "Orc Raider",
            "Orc Bowman",
            "Goblin Skulker",
            "Kobold Cutthroat",
        )
        ruleset = get_ruleset("paf")
        setup = Setup(
            "paf", tuple(roster.find(n) for n in names), default_options(ruleset), sides=(0, 0, 0, 1, 1, 1, 1)
        )
        pilot.app.new_fight(setup)
        await pilot.pause()
        session = pilot.app.screen.session
        for _ in range(300):
            trackers = ruleset.trackers(session.state)
            if session.over or sum(t["hp"] < t["max_hp"] for t in trackers.values()) >= 2:
                break
            prompt = session.prompt
            if prompt.kind == "choice":
                session.submit(prompt.advised or prompt.options[0].key)
            else:
                session.roll()
        await _no_blink(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=fight)
