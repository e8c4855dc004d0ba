"""The store under faults (issue 19): a full disk, a lock, two apps, a failed write, a bad data
folder, a foreign file, a kill between the last answer and marking the fight over.

Each fault leaves every accepted answer where it was, moves nothing aside that is not damaged,
and is said in words (never a traceback). Faults a test cannot make for real in this process are
made with SQLite's own errors (a real SQLITE_FULL, SQLITE_READONLY, SQLITE_BUSY); the real full
disk, the real second app and the real unprivileged user are in the slow tests below, each in a
process of its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

pytest.register_assert_rewrite("scripting")

import scripting

import companion.store as store_module
from companion.dice import Refused
from companion.ruleset import Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import NotSaved, resume, start
from companion.store import (
    APPLICATION_ID,
    DB_NAME,
    STORE_VERSION,
    FightOpenElsewhere,
    Store,
    StoreError,
    StoreLocked,
)

RED = NhbCard(name="Red Rover", control=10, standup=10, ground=10, finishing=5, toughness=5)
BLUE = NhbCard(name="Blue Moon", control=9, standup=10, ground=10, finishing=5, toughness=5)
SETUP = Setup("nhb", (RED, BLUE), {"segments": 1})
FIGHT = ["5", "5", "ground", "15", "5", "9", "1"]
"""A whole fight with these cards: red wins by GNP TKO at 0:50 (tests/test_store.py)."""


def stored(path: Path, session_id: int) -> list[tuple[int, str, int]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT seq, text, undone FROM answers WHERE session_id=? ORDER BY seq", (session_id,)
        ).fetchall()


def status(path: Path, session_id: int) -> str:
    with sqlite3.connect(path) as conn:
        return str(conn.execute("SELECT status FROM sessions WHERE id=?", (session_id,)).fetchone()[0])


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".unreadable-" in p.name)


def real_error(kind: str) -> sqlite3.Error:
    """An error SQLite itself raised, of the kind a fault gives: ``full``, ``readonly``, ``busy``."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (x)")
    try:
        if kind == "full":
            conn.execute("PRAGMA max_page_count=2")
            conn.execute("INSERT INTO t VALUES (zeroblob(100000))")
        elif kind == "readonly":
            conn.execute("PRAGMA query_only=1")
            conn.execute("INSERT INTO t VALUES (1)")
        raise AssertionError(f"no {kind} error")
    except sqlite3.Error as exc:
        return exc
    finally:
        conn.close()


class Faulty:
    """A store's connection that fails every statement starting with ``start`` with ``error``
    (rolling back what the transaction did, as SQLite does), while ``on``."""

    def __init__(self, conn: sqlite3.Connection, start: str, error: sqlite3.Error) -> None:
        self.conn, self.start, self.error, self.on = conn, start, error, True

    def execute(self, sql: str, *args: Any) -> Any:
        if self.on and sql.lstrip().upper().startswith(self.start):
            raise self.error
        return self.conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def faulty(store: Store, start: str, kind: str) -> Faulty:
    wrapper = Faulty(store.conn, start, real_error(kind))
    store.conn = wrapper  # type: ignore[assignment]
    return wrapper


# --- 1, 2, 6: opening -----------------------------------------------------------------


def test_a_new_store_is_marked_as_companions(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == STORE_VERSION


@pytest.mark.parametrize(
    "make",
    [
        "CREATE TABLE sessions (x INTEGER)",
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
        "PRAGMA application_id=1234",
    ],
    ids=["a-sessions-table", "another-table", "another-application-id"],
)
def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path: Path, make: str) -> None:
    """Item 6: a database of another program named companion.db is never written into."""
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute(make)
        conn.execute("CREATE TABLE IF NOT EXISTS other (v)")
        conn.execute("INSERT INTO other VALUES ('theirs')")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program, not companion's saved fights: it was left untouched"):
        Store.open(tmp_path)
    assert path.read_bytes() == before
    assert aside(tmp_path) == [] and sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]


def test_a_store_of_a_newer_companion_is_refused_untouched(tmp_path: Path) -> None:
    s = Store.open(tmp_path)
    start(s, RULESET, SETUP).submit("5")
    s.conn.execute(f"PRAGMA user_version={STORE_VERSION + 1}")
    s.close()
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(StoreError, match=r"written by a newer companion \(store version 3; this one reads up to 2\)"):
        Store.open(tmp_path)
    assert (tmp_path / DB_NAME).read_bytes() == before and aside(tmp_path) == []


LEGACY = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions (id INTEGER PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL, title TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open', result TEXT, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE answers (session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    text TEXT NOT NULL, virtual INTEGER NOT NULL DEFAULT 0, clock REAL, undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL, PRIMARY KEY (session_id, seq));
INSERT INTO meta VALUES ('schema', '1');
"""


def legacy_store(folder: Path, answers: list[str], status: str = "open") -> int:
    """A store as companion wrote it before issue 19 (no application id, no revisions)."""
    from companion.session import setup_to_json

    folder.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(folder / DB_NAME) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.executescript(LEGACY)
        conn.execute(
            "INSERT INTO sessions (id, game, setup, title, status, created, updated) VALUES (7, 'nhb', ?, 'x', ?, 0, 0)",
            (__import__("json").dumps(setup_to_json(SETUP)), status),
        )
        for seq, text in enumerate(answers):
            conn.execute("INSERT INTO answers (session_id, seq, text, at) VALUES (7, ?, ?, 0)", (seq, text))
    return 7


def test_a_store_made_before_issue_19_is_upgraded_with_every_fight(tmp_path: Path) -> None:
    legacy_store(tmp_path, ["5", "5"])
    s = Store.open(tmp_path)
    assert s.notice is None and [x.id for x in s.sessions()] == [7]
    session = resume(s, 7)
    session.submit("ground")
    s.close()
    assert stored(tmp_path / DB_NAME, 7) == [(0, "5", 0), (1, "5", 0), (2, "ground", 0)]
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == "1"


def test_a_lock_is_not_corruption(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 2: another program holding the whole store locked: wait, then say so; nothing moved, nothing lost."""
    monkeypatch.setattr(store_module, "OPEN_WAIT", 0.5)
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    session.submit("5")
    s.close()
    other = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta VALUES ('held', 'by another program')")
    try:
        began = time.monotonic()
        with pytest.raises(StoreLocked, match=r"locked by another program: waited 0.5 s. Nothing was changed"):
            Store.open(tmp_path)
        assert time.monotonic() - began >= 0.5
        assert aside(tmp_path) == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    again = Store.open(tmp_path)
    assert again.notice is None and [a.text for a in resume(again, session.id).answers] == ["5"]
    again.close()


def test_a_damaged_file_is_still_moved_aside(tmp_path: Path) -> None:
    """Only a file SQLite cannot read whole is moved aside (tests/test_store.py has the rest)."""
    s = Store.open(tmp_path)
    start(s, RULESET, SETUP).submit("5")
    s.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page
    path.write_bytes(bytes(data))
    again = Store.open(tmp_path)
    assert again.notice is not None and "could not be read" in again.notice and len(aside(tmp_path)) == 1
    again.close()


# --- 3: two apps ----------------------------------------------------------------------------


def test_a_write_from_a_stale_copy_of_a_fight_is_refused_by_the_database(tmp_path: Path) -> None:
    """Item 3: two apps on the same fight (here two stores of one process, which share its hold): the
    second write made from a copy the first has since changed is refused, never interleaved, and the
    fight stays resumable with every accepted answer."""
    first = Store.open(tmp_path)
    a = start(first, RULESET, SETUP)
    a.submit("5")
    second = Store.open(tmp_path)
    b = resume(second, a.id)
    a.submit("5")
    a.submit("ground")
    with pytest.raises(NotSaved, match="changed by another companion since it was opened here"):
        b.submit("3")  # b still thinks the fight is at blue's control roll
    assert [x.text for x in b.answers] == ["5"]  # nothing shown as accepted
    with pytest.raises(NotSaved):
        b.undo()
    a.submit("15")
    assert stored(tmp_path / DB_NAME, a.id) == [(0, "5", 0), (1, "5", 0), (2, "ground", 0), (3, "15", 0)]
    third = Store.open(tmp_path)
    assert [x.text for x in resume(third, a.id).answers] == ["5", "5", "ground", "15"]
    for s in (first, second, third):
        s.close()


HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from companion.session import resume
    from companion.store import Store
    store = Store.open(Path(sys.argv[1]))
    session = resume(store, int(sys.argv[2]))
    print("holding", flush=True)
    for line in sys.stdin:
        session.submit(line.strip())
        print("accepted", flush=True)
    """
)


def hold(folder: Path, session_id: int) -> subprocess.Popen[str]:
    """Another app (a real process) with the fight open; it submits each line given on its stdin."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder), str(session_id)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline() == "holding\n"
    return proc


@pytest.mark.slow
def test_a_fight_open_in_another_app_is_refused_here_until_it_lets_go(tmp_path: Path) -> None:
    """Item 3: one writer per fight. Open in another app (a real process): resuming it here is refused with
    that reason, and forgetting it too; when that app ends, however it ends (SIGKILL here), it opens here."""
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    session.submit("5")
    session.close()
    other = hold(tmp_path, session.id)
    try:
        assert s.held_elsewhere(session.id)
        with pytest.raises(FightOpenElsewhere, match="another companion has this fight open"):
            resume(s, session.id)
        with pytest.raises(FightOpenElsewhere):
            s.delete(session.id)
        assert other.stdin is not None and other.stdout is not None
        other.stdin.write("5\n")
        other.stdin.flush()
        assert other.stdout.readline() == "accepted\n"
    finally:
        other.kill()
        other.wait()
    assert not s.held_elsewhere(session.id)
    resumed = resume(s, session.id)
    assert [a.text for a in resumed.answers] == ["5", "5"]
    resumed.submit("ground")
    s.close()


STARTER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from companion.store import Store
    from companion.session import start
    from companion.ruleset import Setup
    from companion.rulesets.nhb.ruleset import RULESET
    from companion.rulesets.nhb.cards import NhbCard
    go = float(sys.argv[2])
    while time.time() < go:
        pass
    store = Store.open(Path(sys.argv[1]))
    red = NhbCard(name="Red", control=10, standup=10, ground=10, finishing=5, toughness=5)
    blue = NhbCard(name="Blue", control=9, standup=10, ground=10, finishing=5, toughness=5)
    session = start(store, RULESET, Setup("nhb", (red, blue), {}))
    session.submit("5")
    print(session.id, store.notice, flush=True)
    """
)


@pytest.mark.slow
def test_apps_started_together_on_a_new_folder_all_keep_their_fights(tmp_path: Path) -> None:
    """Item 3: apps started at the same instant on one empty folder (the attack: 4 of 153 pairs moved
    the database aside, "UNIQUE constraint failed: meta.key", and a fight went missing)."""
    for round_ in range(12):
        folder = tmp_path / f"round{round_}"
        go = time.time() + 1.0
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", STARTER, str(folder), str(go)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        outs = [p.communicate(timeout=60) for p in procs]
        for proc, (out, err) in zip(procs, outs):
            assert proc.returncode == 0 and "Traceback" not in err, err
            assert out.split(" ", 1)[1].strip() == "None", out  # no notice: nothing moved aside
        assert aside(folder) == []
        s = Store.open(folder)
        assert len(s.sessions()) == 4 and all(x.answers == 1 for x in s.sessions())
        s.close()


# --- 4: a failed write ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, said",
    [("full", "the disk holding .* is full"), ("readonly", ".* is read-only")],
)
def test_a_failed_write_refuses_the_answer_and_changes_nothing(tmp_path: Path, kind: str, said: str) -> None:
    """Item 4: a write that fails is a refused answer with the reason; nothing is shown as accepted that
    is not stored, and once the fault is gone the same answer is taken."""
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    session.submit("5")
    fault = faulty(s, "INSERT INTO ANSWERS", kind)
    with pytest.raises(NotSaved, match=f"not saved, so not taken: {said}") as info:
        session.submit("5")
    assert isinstance(info.value, Refused)
    assert [a.text for a in session.answers] == ["5"] and session.prompt.who == "Blue Moon"
    assert stored(tmp_path / DB_NAME, session.id) == [(0, "5", 0)]
    fault.start = "UPDATE ANSWERS"
    with pytest.raises(NotSaved):
        session.undo()
    assert [a.text for a in session.answers] == ["5"] and session.redo_stack == []
    fault.on = False
    session.submit("5")
    session.undo()
    fault.on = True
    with pytest.raises(NotSaved):
        session.redo()
    assert len(session.answers) == 1 and len(session.redo_stack) == 1
    fault.on = False
    session.redo()
    assert stored(tmp_path / DB_NAME, session.id) == [(0, "5", 0), (1, "5", 0)]
    s.close()


def test_a_lock_held_too_long_refuses_the_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "WRITE_WAIT", 0.3)
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    s.conn.execute("PRAGMA busy_timeout=300")
    other = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(NotSaved, match="another program has the saved fights locked"):
            session.submit("5")
        assert session.answers == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    session.submit("5")
    assert stored(tmp_path / DB_NAME, session.id) == [(0, "5", 0)]
    s.close()


def test_a_read_only_store_opens_to_be_read_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 4: a store the app may not write (its file or folder read-only) is read, said read-only at
    start, and every change is refused with that reason."""
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    session.submit("5")
    s.close()
    real = os.access
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: real(p, mode) and not (mode & os.W_OK))
    ro = Store.open(tmp_path)
    assert ro.read_only is not None and "read-only" in ro.read_only
    resumed = resume(ro, session.id)
    assert [a.text for a in resumed.answers] == ["5"]
    with pytest.raises(NotSaved, match="read-only"):
        resumed.submit("5")
    with pytest.raises(StoreError, match="read-only"):
        start(ro, RULESET, SETUP)
    ro.close()
    assert stored(tmp_path / DB_NAME, session.id) == [(0, "5", 0)]


# --- 5: a bad data folder ------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["a-file", "inside-a-file", "db-is-a-folder"])
def test_a_bad_data_folder_is_said_with_exit_status_2_and_nothing_written(tmp_path: Path, where: str) -> None:
    """Item 5: the app does not start; the reason, exit status 2, no traceback, nothing written."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    folder = {"a-file": blocker, "inside-a-file": blocker / "data", "db-is-a-folder": tmp_path / "data"}[where]
    if where == "db-is-a-folder":
        (folder / DB_NAME).mkdir(parents=True)
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    proc = scripting.run(tmp_path, "--data-dir", str(folder))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert proc.stderr.startswith("companion: ") and str(folder) in proc.stderr
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


# --- 7: the end of a fight ----------------------------------------------------------------------------


def test_a_fight_killed_as_its_last_answer_is_saved_is_over_when_it_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 7: the answer that ends the fight and the fight marked over are one transaction: a kill
    just after the answer is stored (here: anything else the store is asked) cannot leave it open."""
    s = Store.open(tmp_path)
    session = start(s, RULESET, SETUP)
    for text in FIGHT[:-1]:
        session.submit(text)

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(Store, "finish", killed)
    with contextlib.suppress(KeyboardInterrupt):
        session.submit(FIGHT[-1])
    monkeypatch.undo()
    assert status(tmp_path / DB_NAME, session.id) == "over"
    again = Store.open(tmp_path)
    assert [x.id for x in again.sessions("over")] == [session.id] and again.sessions("open") == []
    again.close()


def test_a_fight_left_open_by_an_earlier_companion_is_marked_over_when_resumed(tmp_path: Path) -> None:
    """Item 7, for stores an earlier companion left so: whether a fight is over comes from its log."""
    legacy_store(tmp_path, FIGHT)  # every answer stored, the fight still marked open
    s = Store.open(tmp_path)
    assert [x.id for x in s.sessions("open")] == [7]
    session = resume(s, 7)
    assert session.over
    assert s.sessions("open") == [] and s.sessions("over")[0].result == session.prompt.result.to_json()
    s.close()


# --- slow: real faults in processes of their own -------------------------------------------------------


def _unshare() -> list[str]:
    """A command prefix giving the command a mount namespace of its own, to mount a small disk; skip without."""
    if sys.platform != "linux" or shutil.which("unshare") is None:
        pytest.skip("needs Linux's unshare to mount a small disk")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("unprivileged mount namespaces are not allowed here")
    return ["unshare", "-rm", "sh", "-c"]


FULL_DISK = textwrap.dedent(
    """
    set -e
    mount -t tmpfs -o size={size} tmpfs "$DISK"
    cd "$DISK"
    {before}
    set +e
    {python} -m companion --data-dir "$DISK/data" > "$REPORT/out.txt" 2> "$REPORT/err.txt"
    echo $? > "$REPORT/status.txt"
    ls -a "$DISK/data" > "$REPORT/listing.txt"
    {after}
    """
)


def fill(path: str) -> str:
    """Shell lines filling the disk with one file, ``path``."""
    return (
        f"dd if=/dev/zero of={path} bs=4096 2>/dev/null || true; dd if=/dev/zero of={path}.2 bs=512 2>/dev/null || true"
    )


@pytest.mark.slow
def test_a_full_disk_at_start_moves_nothing_and_every_fight_is_there_once_space_is_freed(tmp_path: Path) -> None:
    """Item 1 for real: a data folder on a full disk (a 1 MB tmpfs, filled). The app says the disk is full,
    exits 2, renames nothing; once space is freed, every saved fight is there."""
    prefix = _unshare()
    report = tmp_path / "report"
    report.mkdir()
    good = tmp_path / "good"
    s = Store.open(good)
    session = start(s, RULESET, SETUP)
    for text in FIGHT[:3]:
        session.submit(text)
    s.close()
    before = f'mkdir data && cp "{good / DB_NAME}" data/ && {fill("filler")}'
    after = f'rm -f filler filler.2 && {sys.executable} -c "{CHECK}" "$DISK/data" > "$REPORT/after.txt" 2>&1'
    script = FULL_DISK.format(size="1m", before=before, after=after, python=sys.executable)
    disk = tmp_path / "disk"
    disk.mkdir()
    env = dict(os.environ, DISK=str(disk), REPORT=str(report))
    subprocess.run([*prefix, script], env=env, check=True, timeout=120)
    err = (report / "err.txt").read_text()
    assert (report / "status.txt").read_text().strip() == "2", err
    assert "Traceback" not in err and "is full" in err and "Nothing was changed" in err, err
    assert ".unreadable-" not in (report / "listing.txt").read_text()
    assert (report / "after.txt").read_text().split() == ["5", "5", "ground"]


CHECK = (
    "import sys; from pathlib import Path; from companion.store import Store; from companion.session import resume; "
    "s = Store.open(Path(sys.argv[1])); (f,) = s.sessions(); print(*[a.text for a in resume(s, f.id).answers])"
)


@pytest.mark.slow
def test_a_data_folder_on_a_tiny_disk_is_said_and_leaves_nothing(tmp_path: Path) -> None:
    """Item 5: a disk too small to hold the store: the reason, exit status 2, and no file left behind."""
    prefix = _unshare()
    report = tmp_path / "report"
    report.mkdir()
    disk = tmp_path / "disk"
    disk.mkdir()
    script = FULL_DISK.format(size="16k", before="mkdir data", after="", python=sys.executable)
    env = dict(os.environ, DISK=str(disk), REPORT=str(report))
    subprocess.run([*prefix, script], env=env, check=True, timeout=120)
    err = (report / "err.txt").read_text()
    assert (report / "status.txt").read_text().strip() == "2", err
    assert "Traceback" not in err and err.startswith("companion: ") and "is full" in err, err
    assert (report / "listing.txt").read_text().split() == [".", ".."]


def _unprivileged() -> list[str]:
    """A command prefix running the command without the power to read every file (root has it): in a user
    namespace as an ordinary user who owns what root owns here, so the files' owner bits apply."""
    if os.name != "posix":
        pytest.skip("POSIX permissions")
    if os.geteuid() != 0:
        return []
    probe = subprocess.run(["unshare", "-U", "--map-user=1000", "--map-group=1000", "true"], check=False)
    if probe.returncode != 0:
        pytest.skip("running as root, and no user namespace to run as an ordinary user")
    return ["unshare", "-U", "--map-user=1000", "--map-group=1000"]


@pytest.mark.slow
@pytest.mark.parametrize("case", ["no-permission", "read-only-folder"])
def test_a_folder_the_app_may_not_use_is_said(case: str) -> None:
    """Item 5: a data folder without permission: exit status 2 and the reason; item 4: a store in a folder
    the app may read but not write opens read-only (checked here by the store itself)."""
    import tempfile

    top = Path(tempfile.mkdtemp())
    try:
        top.chmod(0o755)
        folder = top / "data"
        folder.mkdir()
        if case == "read-only-folder":
            s = Store.open(folder)
            start(s, RULESET, SETUP).submit("5")
            s.close()
        user = _unprivileged()
        folder.chmod(0o000 if case == "no-permission" else 0o555)
        code = (
            "import sys; from pathlib import Path; from companion.store import Store; "
            "s = Store.open(Path(sys.argv[1])); print(s.read_only); print(len(s.sessions()))"
        )
        if case == "no-permission":
            proc = subprocess.run(
                [*user, sys.executable, "-m", "companion", "--data-dir", str(folder)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
            assert proc.stderr == f"companion: the data folder {folder} cannot be read (permission denied)\n"
        else:
            proc = subprocess.run(
                [*user, sys.executable, "-c", code, str(folder)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert proc.returncode == 0, proc.stderr
            said, count = proc.stdout.splitlines()
            assert "read-only" in said and count == "1"
        folder.chmod(0o755)
        assert sorted(p.name for p in folder.iterdir()) == ([] if case == "no-permission" else [DB_NAME])
    finally:
        for path in [top, *top.rglob("*")]:
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(top)
