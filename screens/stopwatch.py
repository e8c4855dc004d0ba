"""The round stopwatch: a compact timer for the fight screen and a screen of
its own with the big countdown. Both render what the fight screen's
:class:`~companion.clock.RoundClock` and session say; the fight screen owns
the clock, rings the bell and calls stalling."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Digits, Static

from companion.clock import mmss
from companion.screens.widgets import escape, show_text

if TYPE_CHECKING:  # the fight screen imports this module
    from companion.screens.fight import FightScreen

WARNING_SECONDS = 30
"""The last seconds of a round shown as a warning."""
BAR = 16


STRIP_FITS = ((16, 10, " attacking "), (12, 6, "attacking"), (10, 0, "attacking"), (7, 0, "·"))
"""The timer's line at narrower and narrower widths: a name's cells, a bar's cells, the word
between the times."""


@dataclass(frozen=True, slots=True)
class TimerView:
    """What a timer shows at one moment."""

    round: int
    rounds: int
    elapsed: float
    length: float
    running: bool
    names: tuple[str, str]
    attack: tuple[float, float]
    """Attacking time this round, live."""
    holder: int | None
    """Who holds the dice as attacker, or None."""
    stall: float | None
    """Seconds the holder has held the dice without rolling (None: no stall count)."""
    stall_limit: int
    over: bool

    @property
    def remaining(self) -> float:
        """Seconds left, rounded up as a countdown shows them (4:59.5 left reads 5:00)."""
        return float(math.ceil(max(0.0, self.length - self.elapsed)))

    @property
    def warning(self) -> bool:
        return not self.over and self.remaining <= WARNING_SECONDS

    def state_word(self) -> str:
        if self.over:
            return "the fight is over"
        if self.running:
            return "running (f2 pauses)"
        if self.elapsed == 0:
            return "f2 or the roll-off starts the clock"
        return "paused (f2 resumes)"

    def bar(self, side: int, width: int = BAR) -> str:
        """One fighter's attacking time as a bar, growing from the outside in."""
        seconds = self.attack[side]
        filled = round(width * min(seconds, self.length) / self.length)
        colour = "$text-error" if side == 0 else "$text-primary"
        full, empty = f"[{colour}]{'█' * filled}[/]", f"[dim]{'░' * (width - filled)}[/dim]"
        return full + empty if side == 0 else empty + full

    def bars(self) -> list[str]:
        """Each fighter on a line: name, bar, time, and a mark on the one holding the dice."""
        width = max(len(n) for n in self.names)
        lines = []
        for side, name in enumerate(self.names):
            mark = "[b $text-accent]◀ dice[/]" if side == self.holder and not self.over else ""
            lines.append(f"{escape(name):<{width}} {self.bar(side)} {mmss(self.attack[side])} {mark}")
        return lines

    def strip(self, room: int = 80) -> str:
        """Both fighters on one line, red from the left and blue from the right, in ``room``
        cells: on a narrow screen the names are cut and the bars shortened, then left out, so
        both fighters' attacking time stays in view (issue 22: at 60 columns blue's was cut off)."""
        red, blue = self.names
        hold = ["◀" if self.holder == side and not self.over else " " for side in (0, 1)]
        line = ""
        for name_cells, bar_cells, word in STRIP_FITS:
            bars = [f" {self.bar(side, bar_cells)}" if bar_cells else "" for side in (0, 1)]
            names = [escape(name[:name_cells].rstrip()) for name in (red, blue)]
            line = (
                f"[b]{names[0]}[/b]{bars[0]} {mmss(self.attack[0])}{hold[0]}"
                f" [dim]{word}[/dim] "
                f"{hold[1]}{mmss(self.attack[1])}{bars[1]} [b]{names[1]}[/b]"
            )
            if Content.from_markup(line).cell_length <= room:
                break
        return line

    def stall_line(self) -> str:
        if self.stall is None or self.over:
            return ""
        if self.stall_limit:
            return f"stall {int(self.stall)}/{self.stall_limit} s"
        return f"stall {int(self.stall)} s"


class RoundTimer(Static):
    """The compact timer on the fight screen."""

    DEFAULT_CSS = """
    RoundTimer {
        height: 2;
        padding: 0 1;
        text-align: center;
    }
    RoundTimer.-warning {
        color: $text-warning;
    }
    RoundTimer.-paused {
        color: $text-muted;
    }
    """

    _view: TimerView | None = None

    def show(self, view: TimerView) -> None:
        self._view = view
        head = f"[b]Round {view.round}/{view.rounds}  {mmss(view.remaining)}[/b]  [dim]{view.state_word()}[/dim]"
        stall = view.stall_line()
        if stall:
            head += f"  [dim]· {stall}[/dim]"
        room = self.content_size.width if self.content_size.width > 0 else self.app.size.width - 2
        show_text(self, f"{head}\n{view.strip(room)}")
        self.set_class(view.warning, "-warning")
        self.set_class(not view.running and not view.over, "-paused")

    def on_resize(self) -> None:
        if self._view is not None:  # a paused clock is not drawn again by its ticks
            self.show(self._view)


class StopwatchScreen(ModalScreen[None]):
    """The big 5:00 countdown with the attacking time of each fighter.

    Args:
        fight: the fight screen, which owns the clock and the session.
    """

    CSS_PATH = "stopwatch.tcss"
    BINDINGS = [
        # not "toggle": that is Textual's own action (DOMNode.action_toggle flips an attribute)
        Binding("f2,space", "toggle_clock", "Start/pause"),
        Binding("f3,s", "stall", "Call stalling"),
        Binding("f4,escape", "dismiss", "Back to the fight"),
    ]

    def __init__(self, fight: FightScreen) -> None:
        super().__init__()
        self.fight = fight

    def compose(self) -> ComposeResult:
        with Vertical(id="watch"):
            yield Static(id="round")
            yield Digits("5:00", id="digits")
            yield Static(id="bars")
            yield Static(id="stall")
            yield Static("[dim]f2/space start/pause · f3/s stall · f4/escape back[/dim]", id="keys")

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(0.1, self._tick)  # 10 Hz: a round clock needs no more

    def _tick(self) -> None:
        self.fight.tick()
        self.refresh_view()

    def refresh_view(self) -> None:
        view = self.fight.timer_view()
        if view is None:
            return
        self.query_one("#round", Static).update(f"[b]Round {view.round} of {view.rounds}[/b] · {view.state_word()}")
        digits = self.query_one("#digits", Digits)
        digits.update(mmss(view.remaining))
        digits.set_class(view.warning, "-warning")
        self.query_one("#bars", Static).update("\n".join(view.bars()))
        self.query_one("#stall", Static).update(view.stall_line())

    def action_toggle_clock(self) -> None:
        self.fight.action_clock()
        self.refresh_view()

    def action_stall(self) -> None:
        self.fight.action_stall()
        self.refresh_view()
