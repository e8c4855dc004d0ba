"""Every game played through the screens headless: the time from an accepted answer to the
updated screen (issue 21, item 3; target: median at most 16 ms, one frame at 60 Hz, and the
90th percentile at most 33 ms).

For each game (NHB, FO, Cage Match, Fudge, PAF) whole fights (a scene for Fudge and PAF) are
played from the shipped rosters, seeded: each roll's faces are typed into the dice tray and
submitted with Enter, each choice's key likewise, and a Cage Match turn's secret picks are made
on the action pad with its keys (the cover, the arrow keys, Enter to lock, ``b`` for blue's
cover, Enter to reveal). The clock starts when the session accepts the answer (the fight
screen's ``_changed``) and stops when the screen has refreshed after re-rendering
(``call_after_refresh``, the "first" figure, which the retired ``bench_fo_screen.py`` measured
for FO alone), and has nothing more to draw: a part that
Textual draws a frame later (the play-by-play scrolled to its new line) is counted in. The floor is one ``Static`` changed in a
bare app, timed the same way. Run:

    python benchmarks/bench_screens.py [--answers N] [--games nhb,fo,...] [--profile GAME]

Two figures an answer: *first*, the first refresh of the fight screen after the answer (when
Textual next runs the screen's callbacks), and *settled*, once nothing more is asked for. The
frames between are Textual's own: a scroll view repaints its scroll bar a frame after every
layout (``ScrollView._size_updated``: unchanged to the eye), and the footer, when the keys on
offer change, is composed again after a refresh (shown blank in between). Each such frame waits
for Textual's next 60 Hz tick, so *settled* is *first* plus one to two frame periods.

``--profile GAME`` plays that game's fights under cProfile and prints where the time of the
answers goes (the top functions by cumulative time).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import platform
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.widgets import Input

from companion.dice import roll_text
from companion.ruleset import ChoicePrompt, RollPrompt, SecretPrompt, Setup, default_options, get_ruleset
from companion.screens.app import make_app
from companion.screens.fight import FightScreen
from companion.screens.pad import ActionPad

MEDIAN_TARGET = 16.0
P90_TARGET = 33.0
SIZE = (100, 30)

GAMES: dict[str, dict[str, Any]] = {
    # the two first cards of each duel game's roster (Cage Match's two first are both middleweights)
    "nhb": {"red": ["Royce Gracie"], "blue": ["Ken Shamrock"]},
    "fo": {"red": ["Conor McGregor"], "blue": ["José Aldo"], "bell_every": 25},
    "cage_match": {"red": ["Greg O'Connor"], "blue": ["Frank Duke"]},
    # scenes of three a side
    "fudge": {
        "red": ["Sir Aldric of Wendham", "Maeve Ashdown", "Thorgrim Axebreaker"],
        "blue": ["Grukk the Ogre", "Vinnie Russo", "Pete Harlan"],
    },
    "paf": {
        "red": ["Sir Roderick Vane", "Durin Stonefist", "Aelindra Swiftshadow"],
        "blue": ["Orc Raider", "Goblin Skulker", "Gnoll Brute"],
    },
}
KEY_GAP = 0.05
"""Seconds between the typed answer and its Enter (a player's keys come tens of milliseconds
apart at the quickest): Enter does not come in the frame the typing drew, whose next frame
Textual holds back to its 60 a second (``TEXTUAL_FPS``)."""
LIMIT = 150
"""The most answers a fight is given (a scene the dice keep going is cut there)."""


async def floor(samples: list[float]) -> None:
    """The framework's own floor: one Static's text changed, timed the same way."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("0", id="s")

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        widget = app.query_one("#s", Static)
        for n in range(60):
            start = time.perf_counter()
            widget.update(str(n))
            app.call_after_refresh(lambda start=start: samples.append(time.perf_counter() - start))
            await pilot.pause()


def settling(screen: FightScreen) -> bool:
    """Whether the fight screen is yet to be drawn as the answer left it: not on top yet (the
    action pad closing), or with a change asked for after the refresh just done (``scroll_end``
    scrolls the log after a refresh). Textual's own flags, private: a benchmark's reading."""
    return screen is not screen.app.screen or bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    )


def choose(prompt: ChoicePrompt, rng: random.Random) -> str:
    """A choice as a player would make it: the advised one half the time, else any."""
    if prompt.advised and rng.random() < 0.5:
        return prompt.advised
    return rng.choice(prompt.options).key


async def on_pad(pilot: Any, rng: random.Random) -> None:
    """A Cage Match turn on the action pad: each corner past its cover, a move it can do
    highlighted with the arrow keys, locked with Enter; then Enter reveals both."""
    await pilot.press("enter")  # the fight screen opens the pad
    await pilot.pause()
    pad = pilot.app.screen.query_one(ActionPad)  # laid over the fight screen
    for side in (0, 1):
        assert pad.is_open, pad
        await pilot.press("enter" if side == 0 else "b")
        await pilot.pause()
        shown = pad.shown
        allowed = [i for i, o in enumerate(shown) if o.allowed and o.focus_cost <= pad.pad.focus]
        first = next(i for i, o in enumerate(shown) if o.allowed)
        target = rng.choice(allowed) if allowed else first
        steps = target - first
        await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
        await pilot.pause()
        if pad.side == side:  # not locked (a greyed move between): the app picks for this corner
            await pilot.press("ctrl+r")
            await pilot.pause()
    await asyncio.sleep(KEY_GAP)
    await pilot.press("enter")  # reveal


async def fight(
    game: str, seed: int, samples: list[float], settled: list[float], profiler: cProfile.Profile | None = None
) -> int:
    """One fight (or scene) of ``game`` played through the screens; the answers given."""
    spec = GAMES[game]
    data = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    (data / "fighters").mkdir()
    app = make_app(data, rng=random.Random(seed))
    rng = random.Random(seed * 7919 + 11)
    answers = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ruleset = get_ruleset(game)
        roster = app.roster(game)
        names = spec["red"] + spec["blue"]
        cards = tuple(roster.find(name) for name in names)
        sides = (0,) * len(spec["red"]) + (1,) * len(spec["blue"]) if ruleset.scenes else ()
        assert app.new_fight(Setup(game, cards, default_options(ruleset), sides=sides))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen), screen
        original = screen._changed

        def timed(session: Any) -> None:
            if profiler is not None:
                profiler.enable()  # the span alone: from the accepted answer to the refreshed screen
            start = time.perf_counter()
            original(session)
            screen.call_after_refresh(done, start)

        def done(start: float, first: float | None = None) -> None:
            now = time.perf_counter()
            if screen is not app.screen:  # the action pad still closing: the fight screen is not drawn yet
                screen.call_after_refresh(done, start)
                return
            if first is None:
                first = now - start
            if settling(screen):  # more asked for since (a scroll bar, the footer's keys): those frames too
                screen.call_after_refresh(done, start, first)
                return
            samples.append(first)
            settled.append(now - start)
            if profiler is not None:
                profiler.disable()

        screen.session.unwatch(original)
        screen.session.watch(timed)
        bell = spec.get("bell_every")
        while not screen.session.over and answers < LIMIT:
            prompt = screen.session.prompt
            if isinstance(prompt, SecretPrompt):
                await on_pad(pilot, rng)
                await pilot.pause()
                answers += 1
                continue
            if bell and answers and answers % bell == 0:
                text = "bell"
            elif isinstance(prompt, RollPrompt):
                text = roll_text(prompt.dice, rng)
            else:
                assert isinstance(prompt, ChoicePrompt), prompt
                text = choose(prompt, rng)
            screen.query_one("#faces", Input).value = text  # typed: the tray previews it
            await pilot.pause()
            await asyncio.sleep(KEY_GAP)  # then Enter, a moment later
            await pilot.press("enter")
            await pilot.pause()
            answers += 1
    return answers


def play(
    game: str, answers: int, samples: list[float], settled: list[float], profiler: cProfile.Profile | None = None
) -> tuple[int, int]:
    """Fights of ``game`` (seeds 1, 2, ...) until ``answers`` are given: (answers, fights)."""
    total = fights = 0
    while total < answers:
        fights += 1
        total += asyncio.run(fight(game, fights, samples, settled, profiler))
    return total, fights


def figures(ms: list[float]) -> tuple[float, float, float]:
    ms = sorted(ms)
    return statistics.median(ms), ms[int(len(ms) * 0.9)], ms[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--answers", type=int, default=150, help="fights (scenes) are played until a game has this many"
    )
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game keys")
    parser.add_argument("--profile", metavar="GAME", help="profile one game's fights with cProfile")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (cumulative, tottime)")
    parser.add_argument("--top", type=int, default=40, help="rows of the profile shown")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    base: list[float] = []
    asyncio.run(floor(base))
    floor_ms = statistics.median(base) * 1000
    print(f"floor (one Static changed in a bare app, timed the same way): median {floor_ms:.1f} ms")
    if args.profile:
        profiler = cProfile.Profile()
        samples: list[float] = []
        play(args.profile, args.answers, samples, [], profiler)
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
        return
    print(f"target: median <= {MEDIAN_TARGET:.0f} ms, 90th percentile <= {P90_TARGET:.0f} ms")
    print("first: the first refresh of the fight screen after the answer;")
    print("settled: until the screen has nothing more to draw (frames Textual asks for after it too)")
    print(
        f"{'game':<11}{'fights':>7}{'answers':>8}{'median':>9}{'p90':>9}{'worst':>9}{'x floor':>9}"
        f"{'med/tgt':>9}{'p90/tgt':>9}  {'settled median':>14}{'p90':>9}{'wall':>7}"
    )
    for game in args.games.split(","):
        samples, settled = list[float](), list[float]()
        started = time.perf_counter()
        total, fights = play(game, args.answers, samples, settled)
        took = time.perf_counter() - started
        median, p90, worst = figures([s * 1000 for s in samples])
        still, still90, _ = figures([s * 1000 for s in settled])
        print(
            f"{game:<11}{fights:>7}{total:>8}{median:>7.1f}ms{p90:>7.1f}ms{worst:>7.1f}ms"
            f"{median / floor_ms:>8.1f}x{median / MEDIAN_TARGET:>8.2f}x{p90 / P90_TARGET:>8.2f}x"
            f"  {still:>12.1f}ms{still90:>7.1f}ms{took:>6.0f}s",
            flush=True,
        )


if __name__ == "__main__":
    main()
