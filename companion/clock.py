"""The round stopwatch, read from an injectable time source.

The screens own one :class:`RoundClock` per timed fight and stamp every answer
with its reading; the ruleset only ever sees those stamps (ruling FO-7), so a
replayed or resumed fight scores the same. Tests pass a fake ``now`` and drive
minutes of play in milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def mmss(seconds: float) -> str:
    """``M:SS`` of a number of seconds, rounded down."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def seconds_of(text: str) -> int:
    """The seconds in an ``M:SS`` time (the inverse of :func:`mmss`)."""
    minutes, _, seconds = text.partition(":")
    return int(minutes) * 60 + int(seconds)


class RoundClock:
    """Elapsed time in a round of ``length`` seconds; starts paused.

    Args:
        length: the round's length in seconds (FO: 300).
        now: the time source, seconds as a float (``time.monotonic`` by default).
    """

    def __init__(self, length: float, now: Callable[[], float] = time.monotonic) -> None:
        self.length = length
        self._now = now
        self._base = 0.0
        self._started: float | None = None

    @property
    def running(self) -> bool:
        return self._started is not None

    @property
    def elapsed(self) -> float:
        """Seconds elapsed in the round, at most ``length``."""
        total = self._base
        if self._started is not None:
            total += self._now() - self._started
        return min(total, self.length)

    @property
    def remaining(self) -> float:
        return self.length - self.elapsed

    @property
    def expired(self) -> bool:
        return self.elapsed >= self.length

    def start(self) -> None:
        """Run from the current reading (a no-op when running or expired)."""
        if self._started is None and not self.expired:
            self._started = self._now()

    def pause(self) -> None:
        """Stop at the current reading."""
        if self._started is not None:
            self._base = self.elapsed
            self._started = None

    def toggle(self) -> bool:
        """Start if paused, pause if running; whether it now runs."""
        if self.running:
            self.pause()
        else:
            self.start()
        return self.running

    def set(self, elapsed: float) -> None:
        """Pause at ``elapsed`` (after undo, a resume, or a new round)."""
        self._started = None
        self._base = max(0.0, min(float(elapsed), self.length))
