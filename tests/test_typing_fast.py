"""Typing fast (issue 19, item 8): each Enter submits exactly what the answer box held, and a key
typed while the screen takes the last answer is never lost, replaced or merged.

The attack: in FO, ``3 2`` Enter then ``kick`` Enter within 10-30 ms stored the advised ``punch``
(the box was emptied when the screen drew the new prompt, after ``kick`` was typed; Enter on an
empty box takes the advised choice); also seen ``7`` stored as ``10`` (a ``1`` wiped, the ``0``
kept). Here the keys of many answers reach the app at once, with no pause between them (as from a
fast typist, or a paste): Pilot's own ``press`` waits for the app to go idle after every key,
which hides the race.

A script of answers is first played headless (the same cards and options), so the answers are
known before they are typed; some are wrong (refused: the box gets the refused text back, and the
next keys replace it) and some are an empty Enter (a choice's advised option).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from table_cards import FO_CARDS, NHB_CARDS
from textual import events
from textual.app import App
from textual.pilot import Pilot

from companion.dice import Refused
from companion.ruleset import ChoicePrompt, RollPrompt, Setup, default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.session import Session

pytestmark = pytest.mark.slow


def cards(game: str, text: str) -> tuple:
    model = get_ruleset(game).card_model
    return tuple(model.model_validate(card) for card in yaml.safe_load(text)["fighters"])


def script(setup: Setup, rng: random.Random, most: int) -> list[tuple[str, str | None]]:
    """Up to ``most`` answers to type in a fight of ``setup``, each with the answer stored for it (None:
    refused). The fight they make is played headless, each answer stamped 0:00 as the frozen clock
    below stamps it."""
    ruleset = get_ruleset(setup.game)
    session = Session(ruleset, setup, rng=random.Random(0))
    typed: list[tuple[str, str | None]] = []
    while not session.over and len(typed) < most:
        prompt = session.prompt
        if isinstance(prompt, RollPrompt):
            faces = [str(rng.randint(die.low, die.high)) for die in prompt.dice.dice]
            text = " ".join(faces)
            if rng.random() < 0.08:
                text = "13" if len(faces) == 1 else "7 7 7"  # refused: no such face, or too many
        elif isinstance(prompt, ChoicePrompt):
            text = rng.choice([o.key for o in prompt.options])
            if prompt.advised and rng.random() < 0.3:
                text = ""  # Enter alone: the advised option
        else:
            raise AssertionError(f"a {prompt.kind} prompt")
        answer = text or (prompt.advised if isinstance(prompt, ChoicePrompt) else None) or ""
        try:
            step = session.submit(answer, clock=0.0 if setup.game == "fo" else None)
        except Refused:
            typed.append((text, None))
        else:
            typed.append((text, step.answer.text))
    return typed


def burst(app: App[None], texts: list[str]) -> None:
    """The keys of ``texts``, each followed by Enter, put to the app at once, in order."""
    for text in texts:
        for char in text:
            event = events.Key("space", " ") if char == " " else events.Key(char, char)
            event.set_sender(app)
            app.post_message(event)
        enter = events.Key("enter", "\r")
        enter.set_sender(app)
        app.post_message(enter)


async def settle(pilot: Pilot[None], screen: FightScreen, count: int) -> None:
    """Wait for the screen to have taken ``count`` answers in all (and a little more: any extra would show)."""
    for _ in range(500):
        await pilot.pause(0.02)
        if len(screen.session.answers) >= count:
            await pilot.pause(0.1)
            return
    raise AssertionError(f"{len(screen.session.answers)} answers after the burst, {count} expected")


@pytest.mark.parametrize("game, text, seed", [("fo", FO_CARDS, 1), ("nhb", NHB_CARDS, 2)], ids=["fo", "nhb"])
async def test_keys_typed_with_no_pause_are_each_submitted_as_typed(
    tmp_path: Path, game: str, text: str, seed: int
) -> None:
    rng = random.Random(seed)
    setup = Setup(game, cards(game, text), default_options(get_ruleset(game)))
    app = make_app(tmp_path, rng=random.Random(seed), now=lambda: 1000.0)  # a frozen clock: no bell, no stalling
    typed_in_all = 0
    async with app.run_test(size=(100, 30)) as pilot:
        while typed_in_all < 120:  # ten bursts a game: each outruns the screen by a dozen answers
            assert app.new_fight(setup)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, FightScreen)
            typed = script(setup, rng, most=60)
            for at in range(0, len(typed), 12):  # a dozen answers a burst: the screen falls well behind
                chunk = typed[at : at + 12]
                before = len(screen.session.answers)
                burst(app, [t for t, _ in chunk])
                await settle(pilot, screen, before + sum(stored is not None for _, stored in chunk))
            want = [stored for _, stored in typed if stored is not None]
            assert [a.text for a in screen.session.answers] == want, f"typed {[t for t, _ in typed]}"
            assert app.store.load(screen.session.id)[2] == screen.session.answers
            typed_in_all += len(typed)
