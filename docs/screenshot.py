"""Save docs/screenshot.svg: the app mid-fight, saved by the app itself.

python docs/screenshot.py
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from textual.widgets import Input

from companion.screens.app import make_app


async def main() -> None:
    app = make_app(Path(tempfile.mkdtemp()), rng=random.Random(7))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for name in ("royce", "ken sh"):
            app.screen.query_one("#filter", Input).value = name
            await pilot.pause()
            await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        for face in ("0", "4", "7", "g", "12", "9", "8"):
            app.screen.query_one("#faces", Input).value = face
            await pilot.press("enter")
        app.screen.query_one("#faces", Input).value = "3"
        app.screen.query_one("#faces", Input).cursor_blink = False
        await pilot.pause()
        app.save_screenshot("screenshot.svg", str(Path(__file__).parent))


asyncio.run(main())
