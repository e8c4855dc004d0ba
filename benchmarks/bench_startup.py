"""App start to the home screen, as a ratio to a minimal Textual app started
the same way (target: at most 1.5x).

Each run is a fresh interpreter (imports count, as they do for a player):
`python -c` builds the app, runs it headless, and exits from the first
screen's mount. Run:

    python benchmarks/bench_startup.py [runs]
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Header, Label
class Minimal(App):
    def compose(self):
        yield Header(); yield Label("hello"); yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Minimal().run(headless=True)
"""

COMPANION = """
import sys
from companion.screens.app import CompanionApp
from companion.screens.home import HomeScreen
original = HomeScreen.on_mount
def on_mount(self):
    original(self)
    self.call_after_refresh(self.app.exit)
HomeScreen.on_mount = on_mount
run = CompanionApp.run
CompanionApp.run = lambda self, **kw: run(self, headless=True)
from companion.cli import main  # the same path as the companion command
main(["--data-dir", sys.argv[1]])
"""


def time_run(code: str, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, env=dict(os.environ, TEXTUAL=""))
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    data = tempfile.mkdtemp(prefix="companion-bench-")
    time_run(MINIMAL)  # warm the file cache and bytecode
    time_run(COMPANION, data)
    minimal = [time_run(MINIMAL) for _ in range(runs)]
    companion = [time_run(COMPANION, data) for _ in range(runs)]
    m, c = statistics.median(minimal), statistics.median(companion)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}"
    )
    print(f"minimal Textual app to first screen: median {m * 1000:.0f} ms over {runs} runs")
    print(f"companion to the home screen:        median {c * 1000:.0f} ms over {runs} runs")
    print(f"ratio: {c / m:.2f}x (target at most 1.5x)")


if __name__ == "__main__":
    main()
