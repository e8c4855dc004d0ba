"""A scene's cards after a write-back, and a scene over at its start (the third new-user trial).

1. A rematch after writing a scene back started from the cards as the first scene began (the stored
   setup), and writing the rematch back then erased the first scene's wounds: a rematch starts from the
   cards as the roster has them now, and a write-back leaves out a card whose written fields changed on
   disk since the fight began, saying so (docs/decisions.md).
2. A scene whose first state is already over (a card ``dead: true``, FU-4, or Near Death) was listed as
   unfinished with 0 answers: it is finished when made, with its result.
3. ``f5`` again on a written scene with an NPC group lost "The cards already say what this scene
   changed." behind the group's lines: both are said.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from table_cards import screen_text, text_of, type_answer
from test_fudge_screens import FUDGE_CARDS, answer_until, marked, pick, start_scene
from textual.widgets import OptionList, Static

from companion.replay import number_copies
from companion.ruleset import Setup, default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.home import HomeScreen
from companion.screens.scene import SceneSelectScreen
from companion.screens.writeback import WriteBackScreen


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fudge_test.yaml").write_text(FUDGE_CARDS)
    return tmp_path


def said(app) -> str:
    """Every notice on screen now, one a line."""
    return "\n".join(f"{n.title}: {n.message}" for n in app._notifications)


async def write_back(pilot) -> None:
    """``f5`` then ``y``: the scene written to the cards."""
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(pilot.app.screen, WriteBackScreen), said(pilot.app)
    await pilot.press("y")
    await pilot.pause()


# --- 1. a rematch after a write-back ---------------------------------------------------------------


async def zeros_until(pilot, screen: FightScreen, done) -> None:
    """Answer as the table would until ``done()``: every die lands ``0 0 0 0``, Enter takes each advised
    choice."""
    for _ in range(80):
        if done() or screen.session.over:
            return
        await type_answer(pilot, "0 0 0 0" if screen.session.prompt.kind == "roll" else "")
    raise AssertionError("the scene did not get there")


async def test_a_rematch_after_writing_back_starts_from_the_cards_as_written_and_keeps_their_wounds(
    data_dir: Path,
) -> None:
    """The trial's steps: a scene played, ``f5`` ``y``; ``ctrl+t``: Dag comes in with the wound just
    written (his box marked), not as the first scene began, and the GM is told the rematch takes the cards
    as they are now. Played and written again, the diff goes from the first scene's wounds to both
    scenes': nothing is lost."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        first = app.screen
        await zeros_until(pilot, first, lambda: marked(first, "Dag Bluecoat") > 0)
        await type_answer(pilot, "end")
        await write_back(pilot)
        written = app.roster("fudge").find("Dag Bluecoat")
        assert written.wounds == {"very_hurt": 1}
        await pilot.press("ctrl+t")
        await pilot.pause()
        second = app.screen
        assert isinstance(second, FightScreen) and second is not first and not second.session.over
        assert second.session.setup.fighters[1] == written  # the card as it is now
        assert marked(second, "Dag Bluecoat") == 1  # his Very Hurt box marked as the card says
        assert "from the cards as they are now: Dag Bluecoat changed" in said(app)
        await zeros_until(pilot, second, lambda: marked(second, "Dag Bluecoat") > 1)
        await type_answer(pilot, "end")
        await pilot.press("f5")
        await pilot.pause()
        diff = text_of(app.screen.query_one("#diff", Static)).splitlines()
        assert [line[0] for line in diff if "wounds: {" in line] == ["-", "+"], diff
        assert any(line.startswith("-") and "wounds: {very_hurt: 1}" in line for line in diff), diff
        assert any(line.startswith("+") and "wounds: {very_hurt: 1, incapacitated: 1}" in line for line in diff)
        await pilot.press("y")
        await pilot.pause()
        assert app.roster("fudge").find("Dag Bluecoat").wounds == {"very_hurt": 1, "incapacitated": 1}


async def test_a_new_fight_after_writing_back_picks_the_cards_as_written(data_dir: Path) -> None:
    """``ctrl+n`` after ``f5`` ``y``: the roster the GM picks from is read again, so Dag comes into the new
    scene with the wound just written."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        first = app.screen
        await zeros_until(pilot, first, lambda: marked(first, "Dag Bluecoat") > 0)
        await type_answer(pilot, "end")
        await write_back(pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SceneSelectScreen)
        await pick(pilot, ["Ash Redhand"])
        await pilot.press("ctrl+o")
        await pick(pilot, ["Dag Bluecoat"])
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = app.screen
        assert isinstance(fight, FightScreen) and fight is not first
        assert fight.session.setup.fighters[1].wounds == {"very_hurt": 1} and marked(fight, "Dag Bluecoat") == 1


async def test_a_rematch_of_a_card_gone_or_broken_is_refused_and_says_which(data_dir: Path) -> None:
    """A card removed from the roster, or one that no longer loads, is not fought from the stored copy:
    the rematch does not start, and the notice names the card and what is wrong."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.over)
        cards = data_dir / "fighters" / "fudge_test.yaml"
        cards.write_text(FUDGE_CARDS.replace("Dag Bluecoat", "Dag Greycoat"))
        fights = len(app.store.sessions())
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.screen is screen and len(app.store.sessions()) == fights
        shown = said(app)
        assert "No rematch" in shown and "Dag Bluecoat: no card of this name in the roster now" in shown, shown
        assert "ctrl+n" in shown
        app.clear_notifications()
        cards.write_text(FUDGE_CARDS.replace("dodge: Poor, strength: Fair, health: Fair,\n", "dodge: Awful!,\n", 1))
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.screen is screen and len(app.store.sessions()) == fights
        shown = said(app)
        assert "Dag Bluecoat: the card does not load now" in shown and "dodge" in shown, shown


def test_a_rematch_takes_each_game_s_cards_from_the_roster_by_name(tmp_path: Path) -> None:
    """Every game (the contract, no game named): a rematch's cards are the roster's cards of the same
    names, each as it is now; an unchanged roster gives the same setup back, and an NPC group's numbered
    copies are each a copy of their card."""
    from companion.cards import load_roster
    from companion.games import GAMES
    from companion.rematch import fresh_setup
    from companion.session import setup_from_json, setup_to_json

    for game in GAMES.listed():
        ruleset = get_ruleset(game.key)
        roster = load_roster(ruleset.roster, ruleset.card_model, user_dir=tmp_path)
        cards = tuple(roster.cards[:2])
        setup = Setup(game.key, cards, default_options(ruleset))
        fresh, changed = fresh_setup(setup, roster)
        assert fresh == setup and changed == [], game.key
        resumed = setup_from_json(json.loads(json.dumps(setup_to_json(setup))))  # a fight resumed, then over
        assert fresh_setup(resumed, roster) == (setup, []), game.key  # no card said to have changed
        if ruleset.copies:
            group = number_copies((cards[0], cards[0], cards[1]))
            setup = Setup(game.key, group, default_options(ruleset), sides=(0, 0, 1))
            fresh, changed = fresh_setup(setup, roster)
            assert fresh == setup and changed == [], game.key


def test_a_card_whose_name_ends_in_a_number_is_not_taken_for_a_copy(data_dir: Path) -> None:
    """Only an NPC group's copies are numbered (``number_copies``): a card ``Dag Bluecoat 2`` fought alone
    and since removed is gone, not a copy of ``Dag Bluecoat``; the two copies of a group are each the
    group's card as it is now, numbered."""
    from companion.cards import load_roster
    from companion.rematch import CardsGone, fresh_setup

    ruleset = get_ruleset("fudge")
    roster = load_roster(ruleset.roster, ruleset.card_model, user_dir=data_dir / "fighters")
    ash, dag = roster.find("Ash Redhand"), roster.find("Dag Bluecoat")
    alone = Setup("fudge", (ash, dag.model_copy(update={"name": "Dag Bluecoat 2"})), {}, sides=(0, 1))
    with pytest.raises(CardsGone) as refused:
        fresh_setup(alone, roster)
    assert refused.value.lines == [
        "Dag Bluecoat 2: no card of this name in the roster now (removed, renamed, or its file moved)"
    ]
    group = Setup("fudge", number_copies((ash, dag, dag)), {}, sides=(0, 1, 1))
    hurt = dag.model_copy(update={"wounds": {"hurt": 1}})
    roster.add([hurt], roster.source["Dag Bluecoat"])  # his card written back since
    fresh, changed = fresh_setup(group, roster)
    assert [(c.name, c.wounds) for c in fresh.fighters[1:]] == [
        ("Dag Bluecoat 1", {"hurt": 1}),
        ("Dag Bluecoat 2", {"hurt": 1}),
    ]
    assert changed == ["Dag Bluecoat 1", "Dag Bluecoat 2"]


# --- 1. a write-back over a card changed since the fight began ------------------------------------


async def test_a_write_back_leaves_out_a_card_changed_on_disk_since_the_scene_began(data_dir: Path) -> None:
    """The trial's loss: the rematch began from the old card and its write-back would have replaced the
    wounds the first scene wrote. A card whose written fields changed on disk since the scene began is left
    out, said in words (the field, then and now); it stays as it is on disk."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.over)
        cards = data_dir / "fighters" / "fudge_test.yaml"
        changed = FUDGE_CARDS.replace(
            "{name: Dag Bluecoat, setting: primitive,", "{name: Dag Bluecoat, wounds: {hurt: 1}, setting: primitive,"
        )
        assert changed != FUDGE_CARDS
        cards.write_text(changed)  # another scene's write-back, or the sheet, while this one was played
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is screen, "nothing left to write: no diff to confirm"
        shown = said(app)
        assert "Dag Bluecoat: not written: the card's wounds changed since this fight began" in shown, shown
        assert "then {}, now {hurt: 1}" in shown, shown
        assert cards.read_text() == changed


async def test_the_write_back_of_a_stale_rematch_cannot_erase_the_written_wounds(data_dir: Path) -> None:
    """The trial exactly: a fight begun from the card as it was before the first scene was written (the
    stored setup the old rematch reused) is written back after the first: its card is left out, the first
    scene's wounds stay; Ash, whose card did not change on disk, is still offered."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        first = app.screen
        await zeros_until(pilot, first, lambda: marked(first, "Dag Bluecoat") > 0)
        await type_answer(pilot, "end")
        stale = first.session.setup
        await write_back(pilot)
        written = app.roster("fudge").find("Dag Bluecoat")
        assert written.wounds == {"very_hurt": 1}  # the first scene's wound, on his card
        assert app.new_fight(stale)  # as ctrl+t did: the stored setup, the card as the first scene began
        await pilot.pause()
        second = app.screen
        await answer_until(pilot, second, lambda: second.session.over)  # this time Ash's dice land + + + +
        assert "Dag Bluecoat" in second.session.ruleset.write_back(second.session.state)
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is second, "Dag's card left out: nothing else to write"
        shown = said(app)
        assert "Dag Bluecoat: not written: the card's wounds changed since this fight began" in shown, shown
        assert app.roster("fudge").find("Dag Bluecoat") == written  # the first scene's wounds kept


# --- 2. a scene over at its start ---------------------------------------------------------------


OUT_CARD = (
    "game: fudge\nfighters:\n"
    "  - {name: Ivo Bluecoat, setting: primitive, skills: {Spear: Fair}, dodge: Fair, strength: Fair,"
    " health: Fair, weapons: [{weapon: spear, skill: Spear, two_handed: true}], dead: true,"
    " wounds: {near_death: 1}}\n"
)


async def test_a_scene_over_at_its_start_is_finished_when_made_and_listed_with_the_finished(data_dir: Path) -> None:
    """FU-4: a card ``dead: true`` against Ash: the fight screen says it is over, and home lists it under
    the finished fights with its result, not under "Unfinished fights" with 0 answers; the store has its
    status and result from the start. Leaving it keeps it (it has a result)."""
    (data_dir / "fighters" / "fudge_out.yaml").write_text(OUT_CARD)
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Ivo Bluecoat"])
        await pilot.pause()
        screen = app.screen
        assert screen.session.over and screen.session.steps == []
        fight = screen.session.id
        assert app.store.status(fight) == "over"
        (saved,) = app.store.sessions("over")
        assert saved.id == fight and saved.result["loser"] == "Ivo Bluecoat" and saved.answers == 0
        assert app.store.sessions("open") == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        unfinished = app.screen.query_one("#unfinished", OptionList)
        assert [unfinished.get_option_at_index(i).id for i in range(unfinished.option_count)] == ["none"]
        finished = app.screen.query_one("#finished", OptionList)
        assert any(finished.get_option_at_index(i).id == str(fight) for i in range(finished.option_count))
        assert "dead before the scene began" in screen_text(app)
    assert [s.id for s in make_app(data_dir).store.sessions("over")] == [fight]  # kept once the app is gone


def test_companion_fights_list_says_a_scene_over_at_its_start_is_over(data_dir: Path) -> None:
    """The command line's list of fights: the same scene is ``over`` with its result, not ``unfinished, 0
    answers``."""
    import scripting

    from companion.session import start
    from companion.store import Store

    (data_dir / "fighters" / "fudge_out.yaml").write_text(OUT_CARD.replace(" dead: true,", ""))
    roster = make_app(data_dir).roster("fudge")
    ruleset = get_ruleset("fudge")
    cards = (roster.find("Ash Redhand"), roster.find("Ivo Bluecoat"))
    store = Store.open(data_dir)
    assert start(store, ruleset, Setup("fudge", cards, default_options(ruleset), sides=(0, 1))).over
    store.close()
    proc = scripting.run(data_dir, "fights", "list")
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()
    assert "unfinished" not in proc.stdout and "over" in rows[1].split(), proc.stdout
    assert "near death before the scene began" in proc.stdout, proc.stdout


# --- 3. f5 again with an NPC group -----------------------------------------------------------------


async def test_f5_again_says_both_the_group_s_lines_and_that_the_cards_say_it_already(data_dir: Path) -> None:
    """The trial: Ash against Dag and two Wat Millers (``Wat Miller 1`` and ``2``, no card of those names):
    written once, ``f5`` again says the copies are not written and that the cards already say what the
    scene changed."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        roster = app.roster("fudge")
        cards = number_copies(
            [roster.find(name) for name in ("Ash Redhand", "Dag Bluecoat", "Wat Miller", "Wat Miller")]
        )
        ruleset = get_ruleset("fudge")
        assert app.new_fight(Setup("fudge", cards, default_options(ruleset), sides=(0, 1, 1, 1)))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.over)
        changes = screen.session.ruleset.write_back(screen.session.state)
        assert "Dag Bluecoat" in changes and "Wat Miller 1" in changes, changes  # a card, and a copy
        await write_back(pilot)
        app.clear_notifications()
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is screen
        shown = said(app)
        assert "Wat Miller 1: no card of this name" in shown and "Wat Miller 2: no card" in shown, shown
        assert "The cards already say what this scene changed." in shown, shown


async def test_a_scene_written_back_then_amended_writes_its_corrected_wounds(data_dir: Path) -> None:
    """The review: written back (f5 y), then the GM amends a mistyped last roll and the scene's wounds come out
    otherwise; f5 again refused, "the card's wounds changed since this fight began": the change it meant was
    this scene's own write-back. The fight keeps what it wrote, and a second write-back compares the card
    with that: the corrected wounds are written, and the card left says the scene as amended."""
    from companion.store import Store

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        start_scene(app, ["Ash Redhand"], ["Dag Bluecoat"])
        await pilot.pause()
        screen = app.screen
        await answer_until(pilot, screen, lambda: screen.session.over)
        session = screen.session
        first = session.ruleset.write_back(session.state)
        await write_back(pilot)
        assert app.roster("fudge").find("Dag Bluecoat").wounds == first["Dag Bluecoat"]["wounds"]
        assert Store.open(data_dir).written_back(session.id)["Dag Bluecoat"] == first["Dag Bluecoat"]
        session.amend(len(session.steps) - 1, "+ 0 0 0")  # the GM's fix: the last roll was mistyped
        await pilot.pause()
        await answer_until(pilot, screen, lambda: screen.session.over)
        now = session.ruleset.write_back(session.state)
        assert now["Dag Bluecoat"]["wounds"] != first["Dag Bluecoat"]["wounds"]  # the case: other wounds
        await write_back(pilot)
        assert "changed since this fight began" not in said(app)
        assert app.roster("fudge").find("Dag Bluecoat").wounds == now["Dag Bluecoat"]["wounds"]
