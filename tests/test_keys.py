"""The keys of issue 23 on the fight screen (ctrl+d the dice roller, ctrl+e export, ctrl+g amend):
``?`` lists them, none is swallowed by the answer box, and no screen binds a key twice.

A key bound twice on one screen (the app's keys counted with each screen's) does one thing only
where the screen says which of the two is on now (its ``check_action``), or where the screen
answers a key the app also has and means to: a priority key of the app is never a screen's.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
from collections import defaultdict
from pathlib import Path

import pytest
from table_cards import NHB_CARDS, open_fight, type_answer
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

import companion.screens
from companion.screens.app import CompanionApp, make_app
from companion.screens.fight_amend import AnswerList
from companion.screens.keys import KeysScreen
from companion.screens.roller import RollerScreen
from companion.screens.widgets import TakesTheKeys

ALTERNATES = {
    # the two-corner selection: Start for a bout or for a tournament night, one of them on
    ("FighterSelectScreen", "ctrl+s"): {"start", "start_tournament"},
    ("SceneSelectScreen", "ctrl+s"): {"start", "start_tournament"},  # a scene's: start_tournament never on
}
"""Keys one screen binds to two actions of which its ``check_action`` turns one on at a time."""
ANSWERED_HERE = {
    ("KeysScreen", "question_mark"): "? closes the list of keys it opened",
}
"""The app's (non-priority) keys a screen answers itself, on purpose."""


def screens() -> list[type[Screen]]:
    """Every screen of the app's package, and every part of a screen that takes all its keys while it
    shows, as a screen would (``TakesTheKeys``: the action pad)."""
    found: dict[str, type[Screen]] = {}
    for info in pkgutil.iter_modules(companion.screens.__path__, "companion.screens."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            standing_in = issubclass(cls, TakesTheKeys) and cls is not TakesTheKeys
            if (issubclass(cls, Screen) or standing_in) and cls.__module__.startswith("companion."):
                found[cls.__qualname__] = cls
    return sorted(found.values(), key=lambda cls: cls.__qualname__)


def declared(cls: type) -> list[Binding]:
    """The bindings the app's own classes declare for ``cls`` (its bases' too, as Textual merges
    them), each key of ``"f2,space"`` apart; Textual's own (tab, ctrl+c) left to Textual."""
    out = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("companion."):
            continue
        for binding in klass.__dict__.get("BINDINGS", []):
            if isinstance(binding, Binding):
                out += [
                    Binding(key.strip(), binding.action, priority=binding.priority) for key in binding.key.split(",")
                ]
    return out


def action_name(binding: Binding, of_app: bool = False) -> str:
    """The action without its parameters, named as the app's (``app.keys`` is the app's ``keys``)."""
    name = binding.action.split("(", 1)[0]
    return name if of_app or not name.startswith("app.") else name.removeprefix("app.")


def test_there_are_screens_to_check():
    names = {cls.__qualname__ for cls in screens()}
    assert {"FightScreen", "FighterSelectScreen", "SceneSelectScreen", "ActionPad", "RollerScreen"} <= names
    assert {"MatchupScreen", "BracketScreen", "StopwatchScreen", "KeysScreen"} <= names


@pytest.mark.parametrize("screen", screens(), ids=lambda cls: cls.__qualname__)
def test_no_two_bindings_of_a_screen_share_a_key(screen: type[Screen]):
    app_keys = {b.key: b for b in declared(CompanionApp)}
    by_key: dict[str, set[str]] = defaultdict(set)
    for binding in declared(screen):
        by_key[binding.key].add(action_name(binding))
        ours = app_keys.get(binding.key)
        if ours is None or action_name(ours, of_app=True) == action_name(binding):
            continue
        assert not ours.priority, (
            f"{binding.key} is the app's {ours.action} on every screen: {binding.action} never runs"
        )
        assert (screen.__qualname__, binding.key) in ANSWERED_HERE, (
            f"{binding.key}: the app's {ours.action} and {screen.__qualname__}'s {binding.action}"
        )
    for key, actions in by_key.items():
        if len(actions) > 1:
            assert ALTERNATES.get((screen.__qualname__, key)) == actions, f"{key} is bound to {sorted(actions)}"


def test_the_fight_keys_of_issue_23_are_bound_before_the_answer_box():
    """ctrl+e and ctrl+d are the answer box's own keys too (end of line, delete): the fight's and the
    app's are priority bindings, so they reach the fight whatever has the focus; ctrl+g likewise."""
    fight = {b.key: b for b in declared(importlib.import_module("companion.screens.fight").FightScreen)}
    app = {b.key: b for b in declared(CompanionApp)}
    assert fight["ctrl+e"].action == "export" and fight["ctrl+e"].priority
    assert fight["ctrl+g"].action == "amend" and fight["ctrl+g"].priority
    assert app["ctrl+d"].action == "roller" and app["ctrl+d"].priority


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)
    return tmp_path


async def test_question_mark_lists_them_and_each_works_from_the_answer_box(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        await type_answer(pilot, "5")
        box = screen.query_one("#faces", Input)
        box.value = "3"
        assert box.has_focus
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        rows = set(app.screen.rows)
        assert {("^d", "Dice roller"), ("^e", "Export"), ("^g", "Amend an answer")} <= rows
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and box.has_focus and box.value == "3"
        await pilot.press("ctrl+e")  # not the box's end of line: the fight is written
        await pilot.pause()
        assert sorted(p.suffix for p in (data_dir / "exports").iterdir()) == [".json", ".md"]
        assert box.value == "3"
        await pilot.press("ctrl+d")  # not the box's delete: the roller
        await pilot.pause()
        assert isinstance(app.screen, RollerScreen)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert app.screen is screen and box.value == "3"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert screen.query_one(AnswerList).display and screen.amending.picking
