"""The fight screen's round clock, for a game played against one (a ``TimedRuleset``: FO).

The clock is the table's stopwatch, not the rules' state: the ruleset computes everything timed
from the readings stamped on the answers (FO-7), and this part keeps the stopwatch in step with
them, rings the bell at 0:00 and calls stalling at the limit (FO-8).
"""

from __future__ import annotations

import math
import re
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from companion.clock import RoundClock, mmss, seconds_of
from companion.dice import Refused
from companion.ruleset import TimedRuleset
from companion.screens.stopwatch import RoundTimer, TimerView
from companion.screens.widgets import DiceTray
from companion.store import ClockMark, StoreError

if TYPE_CHECKING:
    from textual.timer import Timer

    from companion.screens.fight import FightScreen
    from companion.session import Session


TYPED_READING = re.compile(r"(\d{1,2}):([0-5]\d)")
"""A clock reading typed into the tray, ``3:12``."""


class FightClock:
    """The round stopwatch of one fight screen: made on mount, ticking at 10 Hz while it runs.

    Args:
        screen: the fight screen it belongs to (for notices, the tray and its keys).
        ruleset: the timed game's ruleset.
    """

    def __init__(self, screen: FightScreen, ruleset: TimedRuleset) -> None:
        self.screen = screen
        self.ruleset = ruleset
        self.clock: RoundClock | None = None
        """The stopwatch (None for a game whose rounds have no length)."""
        self.period: int | None = None
        """The round the clock is counting, to notice a new one."""
        self.stall_from = 0.0
        """The stall count starts where the dice came to the attacker (the ruleset's ``hold_began``),
        or at the latest undo/redo, resume or clock set by hand if later."""
        self.reminded = False
        """Whether the players were told that the clock is paused (once per pause)."""
        self.held_in: int | None = None
        """The round whose running clock an amendment paused (a referee's timeout), to run again
        when it is done; None when no amendment holds it."""
        self._ticker: Timer | None = None
        self.marks: list[ClockMark] = []
        self._amendments: tuple[int | None, ...] = ()
        """The fight's amendments when the marks were read (they move the marks: read again on a change)."""
        """The clock set by hand between answers, and paused as the fight was left, kept with the
        fight in the store (FO-7): the play-by-play's lines, and where a resumed fight's clock stands."""

    def mount(self) -> None:
        """The app's time source (a fake one in tests); a resumed fight's clock stands paused at
        the reading of its last answer (FO-7)."""
        if not self.ruleset.round_seconds:
            return
        from companion.screens.app import CompanionApp

        app = self.screen.app
        assert isinstance(app, CompanionApp)  # its time source: a fake one in tests
        session = self.screen.session
        state = session.state
        self.clock = RoundClock(self.ruleset.round_seconds, app.now)
        self.clock.set(self.ruleset.clock_reading(state))
        self._read_marks(session)
        left_at = [mark for mark in self.marks if mark.seq == len(session.steps) and self._applies(mark)]
        if left_at and not session.over:  # left (or set by hand) after the last answer: it stands there
            self.clock.set(max(self.clock.elapsed, left_at[-1].clock))
            self.stall_from = self.clock.elapsed  # the hold counts afresh from the resume, as after an undo
        self.period = self.ruleset.round_of(state)
        self._ticker = self.screen.set_interval(0.1, self.tick, pause=True)  # 10 Hz at most

    def _pause_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.pause()

    def changed(self, session: Session) -> None:
        """The fight moved on (an answer, an undo, a redo): the stopwatch follows its readings."""
        clock = self.clock
        if clock is None:
            return
        if tuple(a.id for a in session.amendments) != self._amendments:
            self._read_marks(session)  # an amendment made or undone moved them with their answers (Session.amend)
        reading = self.ruleset.clock_reading(session.state)
        period = self.ruleset.round_of(session.state)
        if period != self.period:
            # a new round, or an undo back across the bell: the clock stands at the
            # state's own reading and waits for f2
            clock.set(reading)
            self._pause_ticker()
            self.stall_from = reading
        elif clock.elapsed < reading:
            # a redo of an answer stamped later than the clock reads: catch up, still running if it was
            running = clock.running
            clock.set(reading)
            if running:
                clock.start()
        self.period = period

    def view(self) -> TimerView | None:
        """What the timers show now."""
        if self.clock is None:
            return None
        session, ruleset = self.screen.session, self.ruleset
        state = session.state
        elapsed = self.clock.elapsed
        stall = None
        if ruleset.stall_counting(state):
            stall = max(0.0, elapsed - self.held_since())
        return TimerView(
            round=ruleset.round_of(state),
            rounds=ruleset.rounds(state),
            elapsed=elapsed,
            length=self.clock.length,
            running=self.clock.running,
            names=(session.setup.names[0], session.setup.names[1]),
            attack=ruleset.live_attack_seconds(state, elapsed),
            holder=ruleset.holder(state),
            stall=stall,
            stall_limit=ruleset.stall_limit(state),
            over=session.over,
        )

    def held_since(self) -> float:
        """When the attacker's hold began, for the stall count (FO-8): where the dice came to him, his
        choice of attack being no roll (:meth:`TimedRuleset.hold_began`), or the latest undo/redo if later."""
        return max(self.ruleset.hold_began(self.screen.session.state), self.stall_from)

    def render(self) -> None:
        view = self.view()
        if view is not None:
            self.screen.query_one(RoundTimer).show(view)

    def tick(self) -> None:
        """Ten times a second while the clock runs: the bell at 0:00, stalling at the limit."""
        clock, screen = self.clock, self.screen
        if clock is None or not clock.running:
            return  # the stopwatch screen ticks too; a paused clock rings and stalls nothing
        session = screen.session
        if session.over:
            clock.pause()
            self._pause_ticker()
        elif clock.expired:
            # FO-7: at 0:00 the roll in progress is void and the round ends
            clock.pause()
            self._pause_ticker()
            try:
                session.submit("bell", clock=clock.length)
            except Refused as exc:  # not saved (a full disk, ...): the clock stays at 0:00
                screen.notify(
                    f"The bell was not rung: {exc.reason}. Type bell and Enter to ring it.",
                    severity="error",
                    timeout=15,
                    markup=False,
                )
                return
            if not session.over:
                ended, verdict = self.ruleset.bell(session.state)
                screen.notify(
                    f"End of round {ended}: {verdict}.\n"
                    f"f2 (or the roll-off) starts round {self.ruleset.round_of(session.state)}.",
                    title="Bell",
                    timeout=8,
                    markup=False,
                )
        elif self.ruleset.stall_due(session.state, clock.elapsed - self.held_since()):
            # FO-8: held longer than the limit, the screen turns the dice over, stamped at the limit as
            # companion script and the simulator stamp it (never before the latest answer)
            at = max(
                self.held_since() + self.ruleset.stall_limit(session.state), self.ruleset.clock_reading(session.state)
            )
            try:
                session.submit("stall", clock=at)
            except Refused as exc:  # not saved: said once, counted afresh from now
                self.stall_from = clock.elapsed
                screen.notify(f"Stalling was not called: {exc.reason}", severity="error", timeout=10, markup=False)
            else:
                screen.notify("Stalling: the dice turn over.", severity="warning")
        self.render()

    def hold(self) -> None:
        """An answer is being amended (ctrl+g): a referee fixing a typo is a timeout, so a running
        clock pauses, attacking time and the stall count with it, until the amendment is done or
        given up (:meth:`release`). A paused clock stays as it is."""
        clock = self.clock
        if clock is None or not clock.running:
            return
        clock.pause()
        self._pause_ticker()
        self.held_in = self.period
        self.render()

    def release(self) -> None:
        """The amendment is done or given up: the clock an amendment paused runs again, from where
        it stood. Not if the fight is over or the amended fight is now in another round (its clock
        then waits for f2, as every new round's does), nor if f2 was pressed meanwhile."""
        held_in, self.held_in = self.held_in, None
        clock = self.clock
        if held_in is None or clock is None or clock.running or clock.expired:
            return
        if self.screen.session.over or self.period != held_in:
            return
        clock.start()
        if self._ticker is not None:
            self._ticker.resume()
        self.render()

    def toggle(self) -> None:
        """Start, pause or resume the round clock; pausing pauses attacking time."""
        if self.clock is None or self.screen.session.over:
            return
        self.held_in = None  # the table runs the clock by hand now, amending or not
        if self.clock.toggle():
            if self._ticker is not None:
                self._ticker.resume()
        else:
            self._pause_ticker()
        self.render()

    def stall(self) -> None:
        """Call stalling now (FO-8): the answer ``stall``, logged and undoable."""
        if self.clock is None:
            return
        try:
            self.screen.session.submit("stall", clock=self.clock.elapsed)
        except Refused as exc:
            self.screen.query_one(DiceTray).refuse(exc.reason)
            self.screen.notify(exc.reason, severity="warning", timeout=4)  # seen on the stopwatch screen too

    def remind_paused(self) -> None:
        """An answer typed while the round clock is paused mid-round: say so, once."""
        clock = self.clock
        if clock is not None and not clock.running and clock.elapsed > 0 and not self.screen.session.over:
            if not self.reminded:
                self.screen.notify("The round clock is paused: f2 resumes it.", severity="warning", timeout=4)
                self.reminded = True
        else:
            self.reminded = False

    def round_begins(self, before: Any) -> bool:
        """Whether the answer just taken at ``before`` begins a round whose clock is still at 0:00
        (its roll-off): "when the clock starts, both players take turns to roll" (FO text), so the
        clock starts. Not a bell typed (FO-7): it leaves the next round at 0:00 waiting to be
        started, as the clock's own bell does (it had started round 2 at once: the new-user trial)."""
        clock = self.clock
        session = self.screen.session
        if clock is None or clock.running or clock.elapsed != 0 or session.over:
            return False
        ruleset = session.ruleset
        return not isinstance(ruleset, TimedRuleset) or ruleset.round_of(before) == ruleset.round_of(session.state)

    def typed_reading(self, text: str) -> float | None:
        """A reading typed to set the clock by hand, ``3:12``, as the clock shows it: the time left
        in the round, since it counts down (issue 22: a table timing on its own stopwatch; 3:12
        had been read as time gone, and the holder credited minutes he never held). None if
        ``text`` is no reading (no answer of a timed game looks like one)."""
        if self.clock is None:
            return None
        typed = text.strip()
        return float(seconds_of(typed)) if TYPED_READING.fullmatch(typed) else None

    def setting_said(self, left: float) -> str:
        """What setting the clock to show ``left`` does, in words, with the attacking time it credits
        (:meth:`credit_said`); Refused (and nothing set) where it cannot: the clock runs (pause it
        first), the round is longer than that, it is the bell's 0:00, or it is more than was left at
        the latest answer (the clock counts down)."""
        clock = self.clock
        assert clock is not None  # a reading is read only where there is a clock
        if self.screen.session.over:
            raise Refused("the fight is over: its clock stands")
        if clock.running:
            raise Refused(f"pause the round clock first (f2), then type its reading ({mmss(left)})")
        if left > clock.length:
            raise Refused(f"a round is {mmss(clock.length)}: type the time left on your clock")
        if left <= 0:
            raise Refused("at 0:00 the round is over: ring the bell (answer 'bell')")
        latest = self.ruleset.clock_reading(self.screen.session.state)
        if clock.length - left < latest:
            raise Refused(f"the clock counts down: the latest answer was at {mmss(clock.length - latest)} left")
        return f"the round clock is set to {mmss(left)} left ({self.credit_said(clock.length - left)}); f2 starts it"

    def credit_said(self, elapsed: float) -> str:
        """Whose attacking time moving the clock from its reading to ``elapsed`` changes, and by how
        much (FO-7: the fighter holding the dice accrues it): ``0:48 more attacking time to Red Fox,
        who holds the dice``; the new-user trial found it credited without a word."""
        clock = self.clock
        assert clock is not None
        state = self.screen.session.state
        holder = self.ruleset.holder(state)
        gap = elapsed - clock.elapsed
        if holder is None:
            moved = "on" if gap >= 0 else "back"
            return f"it moves {moved} {mmss(abs(gap))} with nobody holding the dice: nobody's attacking time"
        name = self.screen.session.setup.names[holder]
        before = self.ruleset.live_attack_seconds(state, clock.elapsed)[holder]
        after = self.ruleset.live_attack_seconds(state, elapsed)[holder]
        credit = round(after - before)  # whole seconds, as the two readings show them (4:23 → 3:12: 1:11)
        if credit == 0:
            return f"no change to {name}'s attacking time"
        more = "more" if credit > 0 else "less"
        return f"{mmss(abs(credit))} {more} attacking time to {name}, who holds the dice: {mmss(after)} this round"

    def set_by_hand(self, left: float) -> str:
        """Set the paused clock to show ``left`` (:meth:`setting_said` says what, or why not): the time
        from the latest answer to it is the holder's, as it ran at the table (FO-7); the stall
        count starts afresh there. The play-by-play says it, who was credited and how much, and the
        store keeps that line with the fight."""
        said = self.setting_said(left)
        clock = self.clock
        assert clock is not None
        elapsed = clock.length - left
        line = f"Clock set by hand: {mmss(math.ceil(clock.remaining))} → {mmss(left)} left; {self.credit_said(elapsed)}"
        clock.set(elapsed)
        self.stall_from = elapsed
        self._mark(elapsed, line)
        self.screen.rewrite_log()
        self.render()
        return said

    def _mark(self, elapsed: float, line: str) -> None:
        """Keep a mark of the clock at ``elapsed`` after the latest answer, in the store too (a store
        that cannot save it leaves it for this screen alone: the clock is not an answer)."""
        session = self.screen.session
        last = session.steps[-1].answer if session.steps else None
        mark = ClockMark(len(session.steps), None if last is None else (last.text, last.clock), elapsed, line)
        self.marks.append(mark)
        if session.store is not None and session.id is not None:
            # a store that cannot save it (read-only, full): the fight and its answers are saved as ever,
            # and this screen shows the line; only a resume will not
            with suppress(StoreError):
                session.store.add_clock_mark(session.id, mark)

    def _read_marks(self, session: Session) -> None:
        """The fight's marks as the store keeps them, and the amendments they were read under."""
        if session.store is not None and session.id is not None:
            self.marks = session.store.clock_marks(session.id)
        self._amendments = tuple(a.id for a in session.amendments)

    def _applies(self, mark: ClockMark) -> bool:
        """Whether ``mark`` still follows the answers it followed (not undone and typed otherwise)."""
        steps = self.screen.session.steps
        if mark.seq > len(steps):
            return False
        if mark.seq == 0:
            return mark.after is None
        last = steps[mark.seq - 1].answer
        return mark.after == (last.text, last.clock)

    def lines_after(self, answers: int) -> list[str]:
        """The play-by-play's lines of the clock set by hand after the first ``answers`` answers."""
        return [mark.line for mark in self.marks if mark.line and mark.seq == answers and self._applies(mark)]

    def left(self) -> None:
        """The fight screen is left (escape, a new fight, quitting): the clock's reading is kept with
        the fight, so a resumed fight's clock stands where it was left, not at the latest answer's
        reading (the new-user trial lost the seconds since)."""
        clock = self.clock
        session = self.screen.session
        if clock is None or session.over:
            return
        if clock.elapsed > self.ruleset.clock_reading(session.state) and not self._stands_at(clock.elapsed):
            self._mark(clock.elapsed, "")

    def _stands_at(self, elapsed: float) -> bool:
        """Whether the latest mark after the latest answer already keeps the clock at ``elapsed``
        (a fight resumed and left again without a tick: one mark, not two)."""
        seq = len(self.screen.session.steps)
        at = [mark for mark in self.marks if mark.seq == seq and self._applies(mark)]
        return bool(at) and at[-1].clock == elapsed

    def given_back(self) -> None:
        """An undo or a redo: the hold given back starts counting afresh."""
        if self.clock is not None:
            self.stall_from = self.clock.elapsed
