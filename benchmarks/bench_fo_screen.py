"""A whole FO fight played through the screens headless: the time from an
accepted answer to the updated screen (target: median under 50 ms).

Each answer is typed into the dice tray and submitted with Enter; the clock
starts when the session accepts it and stops when the screen has refreshed
after re-rendering (``call_after_refresh``). Run:

    python benchmarks/bench_fo_screen.py
"""

from __future__ import annotations

import asyncio
import os
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from textual.widgets import Input

from companion.screens.app import make_app
from companion.screens.fight import FightScreen

CARDS = """\
game: fo
fighters:
  - {name: Red Fox, punch: 9, kick: 7, takedown: 5, block: 6, check: 5, td_defence: 6, gnp: 6, submission: 4, guard: 5, sub_defence: 5}
  - {name: Blue Jay, punch: 7, kick: 8, takedown: 4, block: 8, check: 7, td_defence: 8, gnp: 6, submission: 4, guard: 7, sub_defence: 7}
"""


async def floor(samples: list[float]) -> None:
    """The framework's own floor: one Static's text changed, timed the same way."""
    from textual.app import App
    from textual.widgets import Static

    class One(App):
        def compose(self):
            yield Static("0", id="s")

    app = One()
    async with app.run_test(size=(100, 30)) as pilot:
        widget = app.query_one("#s", Static)
        for n in range(60):
            start = time.perf_counter()
            widget.update(str(n))
            app.call_after_refresh(lambda start=start: samples.append(time.perf_counter() - start))
            await pilot.pause()


async def fight(samples: list[float]) -> int:
    data = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    (data / "fighters").mkdir()
    (data / "fighters" / "fo.yaml").write_text(CARDS)
    app = make_app(data, rng=random.Random(5))
    original = FightScreen._changed

    def timed(self, session):
        start = time.perf_counter()
        original(self, session)
        self.call_after_refresh(lambda: samples.append(time.perf_counter() - start))

    FightScreen._changed = timed
    rng = random.Random(11)
    answers = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        for name in ("red fox", "blue jay"):
            app.screen.query_one("#filter", Input).value = name
            await pilot.pause()
            await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        while not screen.session.over and answers < 400:
            prompt = screen.session.prompt
            if prompt.kind == "choice":
                text = rng.choice([o.key for o in prompt.options])
            else:
                text = f"{rng.randint(1, 6)} {rng.randint(1, 6)}"
            if answers and answers % 25 == 0:
                text = "bell"
            screen.query_one("#faces", Input).value = text
            await pilot.press("enter")
            await pilot.pause()
            answers += 1
    FightScreen._changed = original
    return answers


def main() -> None:
    samples: list[float] = []
    total = 0
    for _ in range(3):
        total += asyncio.run(fight(samples))
    ms = sorted(s * 1000 for s in samples)
    median = statistics.median(ms)
    p90 = ms[int(len(ms) * 0.9)]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}"
    )
    print(f"{total} answers over 3 fights, {len(ms)} screen updates timed")
    print(f"answer to updated screen: median {median:.1f} ms, 90th percentile {p90:.1f} ms, worst {ms[-1]:.1f} ms")
    print(f"target 50 ms: the median is {median / 50:.2f}x the target")
    base: list[float] = []
    asyncio.run(floor(base))
    floor_ms = statistics.median(base) * 1000
    print(
        f"floor (one Static changed in a bare app, timed the same way): median {floor_ms:.1f} ms;"
        f" an answer costs {median / floor_ms:.1f}x that"
    )


if __name__ == "__main__":
    main()
