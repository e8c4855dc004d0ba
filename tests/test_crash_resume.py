"""Kill the real app with SIGKILL mid-fight and relaunch it: the same prompt,
every answer kept. The app runs as a process under a pseudo-terminal; pyte
plays the terminal so the test reads the screen a player would see."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyte
import pytest
from table_cards import CM_CARDS, FO_CARDS, NHB_CARDS

from companion.session import resume
from companion.store import Store

pytestmark = pytest.mark.slow


DOWN = "\x1b[B"
ENTER = "\r"
TAB = "\t"
CTRL_S = "\x13"


class Terminal:
    """The app in a pseudo-terminal of 100x30, its screen read through pyte."""

    def __init__(self, data_dir: Path) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = pty.openpty()
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30", COMPANION_DATA_DIR=str(data_dir))
        env.pop("TEXTUAL", None)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.1)
            if needle in self.text():
                return self.text()
        raise AssertionError(f"{needle!r} never showed; the screen was:\n{self.text()}")

    def type(self, keys: str, settle: float = 0.4) -> None:
        os.write(self.master, keys.encode())
        self.pump(settle)

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.master)


def test_sigkill_mid_fight_resumes_at_the_same_prompt(tmp_path: Path) -> None:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(NHB_CARDS)

    term = Terminal(tmp_path)
    try:
        term.wait_for("Games")
        term.type(ENTER)  # NHB
        term.wait_for("type to filter")
        term.type("Alpha")
        term.type(ENTER)
        term.type("Bravo")
        term.type(ENTER)
        term.wait_for("BLUE corner: Bravo Two")
        term.type(ENTER)  # both corners full: set up the fight
        term.wait_for("rules options")
        term.type(CTRL_S)
        term.wait_for("Alpha One: roll d10! for control")
        term.type("5" + ENTER)
        term.wait_for("Bravo Two: roll d10! for control")
        term.type("3" + ENTER)
        term.wait_for("choose where")
        term.wait_for("Alpha One takes control (17 to 13)")  # the log may paint a frame after the prompt
    finally:
        term.kill()  # SIGKILL: no chance to save anything on the way out

    store = Store.open(tmp_path)
    (saved,) = store.sessions("open")
    session = resume(store, saved.id)
    assert [a.text for a in session.answers] == ["5", "3"]
    assert session.state.step == "where"
    store.close()

    term = Terminal(tmp_path)
    try:
        home = term.wait_for("Alpha One vs Bravo Two")
        assert "2 answers" in home
        term.type(TAB)  # to the unfinished fights
        term.type(ENTER)
        term.wait_for("choose where")
        after = term.wait_for("Alpha One takes control (17 to 13)")
        assert "Alpha One rolls 5 (d10!) + 12 (control) = 17 for control" in after
        term.type("g" + ENTER)
        term.wait_for("roll d20 for fight points (ground)")
    finally:
        term.kill()
    store = Store.open(tmp_path)
    assert [a.text for a in resume(store, saved.id).answers] == ["5", "3", "g"]
    store.close()


def test_sigkill_mid_round_resumes_with_the_clock_paused_at_the_last_answer(tmp_path: Path) -> None:
    """FO-7: after a crash the round clock stands paused at the reading of the last answer."""
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "fo.yaml").write_text(FO_CARDS)

    term = Terminal(tmp_path)
    try:
        term.wait_for("Games")
        term.type(DOWN + ENTER)  # Fighters Only
        term.wait_for("type to filter")
        term.type("Red Fox")
        term.type(ENTER)
        term.type("Blue Jay")
        term.type(ENTER)
        term.wait_for("BLUE corner: Blue Jay")
        term.type(ENTER)
        term.wait_for("rules options")
        term.type(CTRL_S)
        term.wait_for("Red Fox: roll 2d6")
        term.type("3 4" + ENTER)  # the roll-off starts the clock
        term.wait_for("running")
        time.sleep(2.2)
        term.type("5 6" + ENTER)  # stamped about 0:02
        term.wait_for("Red Fox attacks first")
        time.sleep(1.5)  # the clock runs on past the last answer before the crash
    finally:
        term.kill()

    store = Store.open(tmp_path)
    (saved,) = store.sessions("open")
    session = resume(store, saved.id)
    stamps = [a.clock for a in session.answers]
    store.close()
    assert [a.text for a in session.answers] == ["3 4", "5 6"]
    assert stamps[0] is not None and stamps[1] is not None and 1.5 <= stamps[1] - stamps[0] < 10
    reading = int(stamps[1])
    left = 300 - reading

    term = Terminal(tmp_path)
    try:
        term.wait_for("Red Fox vs Blue Jay")
        term.type(TAB + ENTER)
        screen = term.wait_for("paused (f2 resumes)")
        assert (
            f"Round 1/3  {left // 60}:{left % 60:02d}" in screen
            or f"Round 1/3  {(left + 1) // 60}:{(left + 1) % 60:02d}" in screen
        )
        assert "Red Fox: choose a standing attack" in screen
    finally:
        term.kill()


def test_sigkill_mid_turn_and_mid_pick_resumes_with_the_fights_own_card(tmp_path: Path) -> None:
    """Cage Match: a turn killed between two rolls comes back at the next roll; picks
    locked on the pad but not revealed were never saved (CM-5); and the fight keeps
    the card it began with though the player's card file is gone (CM-6)."""
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "cm.yaml").write_text(CM_CARDS)
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "cage_match.yaml").write_text("start: {muscle: 60, body: 60, head: 12, focus: 0}\n")

    term = Terminal(tmp_path)
    try:
        term.wait_for("Games")
        term.type(DOWN + DOWN + ENTER)  # Cage Match!
        term.wait_for("type to filter")
        term.type("Red Rooster")
        term.type(ENTER)
        term.type("Blue Heron")
        term.type(ENTER)
        term.wait_for("BLUE corner: Blue Heron")
        term.type(ENTER)
        term.wait_for("rules options")
        term.type(CTRL_S)
        term.wait_for("both choose a move in secret")
        term.type(ENTER)  # the pad: red's cover
        term.wait_for("RED (Red Rooster) picks now")
        term.type(ENTER)
        term.type(ENTER)  # red locks the jab
        term.wait_for("RED has locked in")
        term.type("b")  # blue's own key past the cover
        term.type(ENTER)  # blue locks the teep (the first move on the pad: jab type)
        term.wait_for("Both corners have locked in")
        term.type(ENTER)  # reveal
        term.wait_for("Red Rooster: roll 2d6 for jab")
        term.type("4 5" + ENTER)
        term.wait_for("Blue Heron: roll 2d6")
    finally:
        term.kill()

    store = Store.open(tmp_path)
    (saved,) = store.sessions("open")
    assert [a.text for a in resume(store, saved.id).answers] == ["red=jab blue=teep", "4 5"]
    store.close()
    (tmp_path / "tables" / "cage_match.yaml").unlink()

    term = Terminal(tmp_path)
    try:
        term.wait_for("Red Rooster vs Blue Heron")
        term.type(TAB + ENTER)
        term.wait_for("Blue Heron: roll 2d6")
        term.wait_for("Red Rooster rolls 4+5+1 = 10 for jab")
        term.type("2 3" + ENTER)
        screen = term.wait_for("both choose a move in secret")
        assert "8/12" in screen  # the jab's 4 on the stored card's 12 head nerves
        term.type(ENTER)
        term.wait_for("RED (Red Rooster) picks now")
        term.type(ENTER)
        term.wait_for("Enter locks in")
        term.type(ENTER)  # red locks a pick ...
        term.wait_for("RED has locked in")
    finally:
        term.kill()  # ... and the app dies before the reveal

    store = Store.open(tmp_path)
    session = resume(store, saved.id)
    assert [a.text for a in session.answers] == ["red=jab blue=teep", "4 5", "2 3"]  # no pick saved
    assert session.prompt.kind == "secret"
    store.close()
