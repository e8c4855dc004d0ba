"""The fight screen's footer (issue 21 item 3): it shows what Textual's own footer composed afresh
would show, every answer, while keys are hidden, shown again and greyed in place; it is composed
again only for a key it never showed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_cards import CM_CARDS, NHB_CARDS, open_fight, type_answer
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from companion.ruleset import OverPrompt, SecretPrompt
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.pad import ActionPad
from companion.screens.widgets import KeyFooter

CAGE_MATCH_ROW = 2


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "nhb.yaml").write_text(NHB_CARDS)
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    return tmp_path


def offered(screen: FightScreen) -> list[tuple[str, str, bool]]:
    """What Textual's footer composed now would show: the first shown binding of each action,
    (key as displayed, description, on offer or greyed), in the order it composes them."""
    keys: dict[str, tuple[str, str, bool]] = {}
    for _, binding, enabled, _ in screen.active_bindings.values():
        if binding.show:
            keys.setdefault(binding.action, (screen.app.get_key_display(binding), binding.description, enabled))
    return list(keys.values())


def footer_keys(screen: FightScreen) -> list[FooterKey]:
    return list(screen.query_one(Footer).query(FooterKey))


def shown(screen: FightScreen) -> list[tuple[str, str, bool]]:
    """The footer's keys as drawn: those displayed, each greyed (``-disabled``) or not."""
    return [(k.key_display, k.description, not k.has_class("-disabled")) for k in footer_keys(screen) if k.display]


async def test_the_pad_key_goes_and_comes_back_in_place(data_dir: Path) -> None:
    """Cage Match: the action pad's key is shown at a secret choice and hidden at a roll, the pad
    opened and closed over the screen; each time the footer draws what Textual's would. The pad's
    own keys are composed the first time it opens, the fight's kept hidden among them; from then on
    the same key widgets are shown and hidden (nothing composed again, the reveal's frame included)."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, CAGE_MATCH_ROW, "red rooster", "blue heron")
        assert isinstance(screen.query_one(Footer), KeyFooter)
        assert isinstance(screen.session.prompt, SecretPrompt)
        await pilot.pause()
        before = footer_keys(screen)
        assert ("enter", "Action pad", True) in [(k.key, k.description, True) for k in before if k.display]
        assert shown(screen) == offered(screen)

        await pilot.press("enter")  # the pad over the fight screen, then backed out of
        await pilot.pause()
        assert screen.query_one(ActionPad).is_open
        assert "Go on" in [d for _, d, _ in shown(screen)] and shown(screen) == offered(screen)
        # the fight's keys composed again with the pad's, hidden while it shows
        keys = {(k.key, k.description) for k in footer_keys(screen)}
        assert {(k.key, k.description) for k in before} <= keys
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.query_one(ActionPad).display
        assert shown(screen) == offered(screen)

        kinds = set()
        widgets = None  # the footer's keys once a turn has been picked on the pad: every key composed
        for _ in range(14):  # every turn picked on the pad (blue's first move: a teep); the rolls typed in
            if isinstance(screen.session.prompt, OverPrompt):
                break
            secret = isinstance(screen.session.prompt, SecretPrompt)
            kinds.add(secret)
            if secret:
                await pilot.press("enter", "enter", "enter", "b")
                await pilot.pause()
                assert shown(screen) == offered(screen)  # blue's pad
                await pilot.press("enter")
                await pilot.pause()
                assert shown(screen) == offered(screen)  # "Both corners have locked in"
                if widgets is not None:
                    assert footer_keys(screen) == widgets
                widgets = widgets or footer_keys(screen)
                await pilot.press("enter")  # the reveal
            else:
                await type_answer(pilot, "roll")
            await pilot.pause()
            assert shown(screen) == offered(screen)
            assert widgets is None or footer_keys(screen) == widgets  # shown and hidden in place
            pad_key = [k for k in footer_keys(screen) if k.action == "pad"]
            assert pad_key and pad_key[0].display == isinstance(screen.session.prompt, SecretPrompt)
        assert kinds == {True, False}, "a secret choice and a roll were both answered"
        assert len(screen.session.steps) >= 5


async def test_undo_is_offered_in_place_and_new_keys_are_composed(data_dir: Path) -> None:
    """NHB: undo is greyed before the first answer and offered after it, restyled in place; the
    keys a finished fight brings (rematch, new fight) are composed, and drawn as Textual's would."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.pause()
        widgets = footer_keys(screen)
        assert ("Undo", False) in [(d, on) for _, d, on in shown(screen)]
        assert shown(screen) == offered(screen)

        await type_answer(pilot, "5")
        await pilot.pause()
        assert ("Undo", True) in [(d, on) for _, d, on in shown(screen)]
        assert footer_keys(screen) == widgets and shown(screen) == offered(screen)

        for _ in range(400):  # the app rolls to the fight's end
            if screen.session.over:
                break
            await pilot.press("ctrl+r")
            await pilot.pause()
        assert screen.session.over
        await pilot.pause()
        assert {"Rematch", "New fight"} <= {d for _, d, _ in shown(screen)}
        assert shown(screen) == offered(screen)
        await pilot.press("ctrl+z")  # the fight on again: the finished fight's keys go
        await pilot.pause()
        assert "Rematch" not in {d for _, d, _ in shown(screen)}
        assert shown(screen) == offered(screen)


async def test_a_greyed_key_clicked_does_nothing_and_once_offered_does_its_work(data_dir: Path) -> None:
    """NHB: Undo, greyed before the first answer, does nothing when clicked; offered after it (the
    same key widget, restyled in place), a click undoes the answer, as ctrl+z would."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, 0, "Alpha", "Bravo")
        await pilot.pause()
        undo = next(key for key in footer_keys(screen) if key.action == "undo")
        assert undo.has_class("-disabled")
        await pilot.click(undo)
        await pilot.pause()
        assert not screen.session.steps and not screen.session.redo_stack
        await type_answer(pilot, "5")
        await pilot.pause()
        assert next(key for key in footer_keys(screen) if key.action == "undo") is undo
        assert not undo.has_class("-disabled")
        await pilot.click(undo)
        await pilot.pause()
        assert not screen.session.steps and len(screen.session.redo_stack) == 1  # undone by the click
