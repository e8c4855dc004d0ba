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
from companion.screens.pad import ActionPadScreen
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
    opened and closed over the screen; each time the footer draws what Textual's would, with the
    same key widgets (nothing composed again)."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_fight(pilot, CAGE_MATCH_ROW, "red rooster", "blue heron")
        assert isinstance(screen.query_one(Footer), KeyFooter)
        assert isinstance(screen.session.prompt, SecretPrompt)
        await pilot.pause()
        widgets = footer_keys(screen)
        assert ("enter", "Action pad", True) in [(k.key, k.description, True) for k in widgets if k.display]
        assert shown(screen) == offered(screen)

        await pilot.press("enter")  # the pad over the fight screen, then backed out of
        await pilot.pause()
        assert isinstance(app.screen, ActionPadScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert footer_keys(screen) == widgets and shown(screen) == offered(screen)

        kinds = set()
        for _ in range(12):  # the app picks for both corners; the rolls after a reveal typed in
            if isinstance(screen.session.prompt, OverPrompt):
                break
            secret = isinstance(screen.session.prompt, SecretPrompt)
            kinds.add(secret)
            if secret:
                await pilot.press("ctrl+r")
                await pilot.pause()
            else:
                await type_answer(pilot, "roll")
            await pilot.pause()
            assert shown(screen) == offered(screen)
            pad_key = [k for k in footer_keys(screen) if k.action == "pad"]
            assert pad_key and pad_key[0].display == isinstance(screen.session.prompt, SecretPrompt)
        assert kinds == {True, False}, "a secret choice and a roll were both answered"
        assert footer_keys(screen) == widgets  # the same widgets all along: shown and hidden in place


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
