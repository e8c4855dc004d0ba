"""The store: one SQLite database of sessions and their answers.

Each accepted answer is committed (WAL, synchronous=FULL) before the caller
moves on, so a fight killed at any moment resumes with nothing lost. Undone
answers stay in the table, marked, so redo survives a restart too; a new
answer after an undo drops them. Whether a fight is over is written in the same
transaction as the answer that ends it.

Opening the store tells its faults apart (issue 19):

- a damaged file (SQLite says it is corrupt, or not a database at all) is moved
  aside, never overwritten, and a new one is started; :attr:`Store.notice` says so;
- a full disk, a lock held by another program, a folder that cannot be made or
  read, an SQLite file of another program, or a store written by a newer
  companion: :class:`StoreError`, saying which, with nothing changed;
- a store that can be read but not written opens read-only: :attr:`Store.read_only`
  says why, and every change is refused with that reason.

The file is marked as companion's (``PRAGMA application_id``) with its format
version (``PRAGMA user_version``). One app writes a fight at a time: an app holds
each fight it has open (:meth:`Store.claim`, a lock the system drops when the app
ends, however it ends), and each write checks the fight's revision in the same
transaction, so a write made from a stale copy of the fight is refused by the
database (:class:`StoreConflict`), never interleaved with another's.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from companion.ruleset import Answer

DB_NAME = "companion.db"
APPLICATION_ID = 0x4344436F
"""``PRAGMA application_id`` of companion's store ("CDCo"): a file without it is not ours."""
STORE_VERSION = 2
"""``PRAGMA user_version``: 2 adds each session's revision (``rev``); 1 is a store made
before issue 19 (no application id, the version in ``meta``), upgraded when opened."""
SCHEMA_VERSION = 1
"""The ``schema`` kept in ``meta``: version 2 only adds a column with a default, so an
earlier companion still reads and writes a version-2 store."""

WRITE_WAIT = 2.0
"""Seconds a change waits for another program's lock on the store before it is refused."""
OPEN_WAIT = 5.0
"""Seconds opening the store waits, in all, for another program's lock to go."""
LOW_SPACE = 256 * 1024
"""Free bytes under which a disk error is said as a full disk."""

_STATEMENTS = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    title TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    result TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    rev INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE IF NOT EXISTS answers (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    virtual INTEGER NOT NULL DEFAULT 0,
    clock REAL,
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
)""",
)
_AMENDMENTS = """CREATE TABLE IF NOT EXISTS amendments (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    who TEXT NOT NULL,
    old TEXT NOT NULL,
    new TEXT NOT NULL,
    at REAL NOT NULL,
    record TEXT NOT NULL,
    rev INTEGER NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
)"""
"""Each amendment of a past answer (issue 23): ``seq`` the amended answer's (0-based), who
answered it, the old and new text, when (wall clock), ``record`` (JSON: the answers from ``seq``
on and the redo stack as they were, and how many later answers were kept), and ``rev``, the
fight's revision the amendment left: while the fight's is still that, nothing was done since, and
undo takes the amendment back. Added to a store of any version when missing (a table alone: an
earlier companion reads and writes the store as before and never looks at it)."""

_FREE_ROLLS = """CREATE TABLE IF NOT EXISTS free_rolls (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    expression TEXT NOT NULL,
    faces TEXT NOT NULL,
    total INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
)"""
"""The free roller's rolls made during a fight (issue 23 item 3): kept with the fight, apart from
its answers (no fold reads them; undo and redo never touch them). Added to a store of any version
when it is opened for writing: an earlier companion reads the store as before and leaves the table
be, so the store's version does not change."""
_CLOCK_MARKS = """CREATE TABLE IF NOT EXISTS clock_marks (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    clock REAL NOT NULL,
    line TEXT NOT NULL,
    after TEXT,
    at REAL NOT NULL
)"""
"""What the table did with a round clock between answers (FO-7), kept with the fight apart from its
answers as the free rolls are (no fold reads them): ``seq`` how many answers were given then,
``after`` the last of them (JSON ``[text, clock]``, null before the first) so a mark whose answer
was undone and typed otherwise no longer applies, ``clock`` the reading (seconds gone in the round),
``line`` the play-by-play's line: a clock set by hand, or empty for a clock paused as the fight was
left. Added to a store of any version when it is opened for writing, as the free rolls are."""
ADDED_TABLES = {"amendments": _AMENDMENTS, "free_rolls": _FREE_ROLLS, "clock_marks": _CLOCK_MARKS}
"""Tables made, where missing, in a store of any version opened for writing (one transaction, with
the store's own tables: two apps starting together, the second finds them made)."""
_SESSION_COLUMNS = {"id", "game", "setup", "title", "status", "result", "created", "updated"}
_ANSWER_COLUMNS = {"session_id", "seq", "text", "virtual", "clock", "undone", "at"}

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR = 3, 5, 6, 8, 10
_CORRUPT, _FULL, _CANTOPEN, _AUTH, _NOTADB = 11, 13, 14, 23, 26


FORGOTTEN = "forgotten"
"""The status of a fight forgotten from the home screen: out of the lists until brought back."""


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the database and the user's cards live: ``--data-dir``, else
    ``COMPANION_DATA_DIR``, else the platform's user data directory."""
    chosen = (
        override or os.environ.get("COMPANION_DATA_DIR") or platformdirs.user_data_dir("companion", appauthor=False)
    )
    return Path(chosen).expanduser()


def _result(text: str | None) -> dict[str, Any] | None:
    """A stored result, or None if it is missing or damaged (the fight itself still folds)."""
    try:
        value = json.loads(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _storable(session_id: int) -> bool:
    """Whether ``session_id`` can be a fight's id at all: SQLite's ids are signed 64-bit (a larger
    one typed by hand, ``companion export 99999999999999999999``, is no fight, not an overflow)."""
    return -(2**63) <= session_id < 2**63


class StoreError(Exception):
    """The saved fights cannot be opened, or a change cannot be saved, said in words; nothing
    was changed. (A damaged file is not one of these: it is moved aside.)"""


class StoreLocked(StoreError):
    """Another program held the store locked for longer than companion waits."""


class FightOpenElsewhere(StoreError):
    """Another companion has this fight open: it alone writes it."""


class StoreConflict(StoreError):
    """The stored fight changed since this app read it (another app wrote it): the write is refused."""


class _Damaged(Exception):
    """The file is companion's, or no database at all, and SQLite cannot read it whole."""


@dataclass(frozen=True, slots=True)
class FreeRoll:
    """A roll of the free roller, as its history shows it (issue 23 item 3)."""

    seq: int
    """1 for the fight's first free roll, and on."""
    expression: str
    """As the roller tidied it: ``2d6+3``."""
    faces: str
    """The faces as shown: ``[4 2] +3``."""
    total: int
    at: float
    """When it was rolled (seconds since the epoch)."""


@dataclass(frozen=True, slots=True)
class ClockMark:
    """The round clock set by hand, or paused as the fight was left, between two answers (FO-7)."""

    seq: int
    """How many answers had been given."""
    after: tuple[str, float | None] | None
    """The last of them, as typed and stamped (None before the first)."""
    clock: float
    """The clock's reading: seconds gone in the round."""
    line: str
    """The play-by-play's line; empty for a clock paused as the fight was left."""


@dataclass(frozen=True, slots=True)
class SavedSession:
    """A stored session as the home screen lists it."""

    id: int
    game: str
    title: str
    status: str
    result: dict[str, Any] | None
    updated: float
    answers: int


@dataclass(frozen=True, slots=True)
class SavedFight:
    """A stored fight's header: what an export heads it with (:meth:`Store.describe`)."""

    id: int
    game: str
    title: str
    status: str
    created: float
    """When it began (seconds since the epoch)."""
    updated: float
    """When it last changed: an answer, an undo, a redo."""


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _low_on_space(folder: Path) -> bool:
    try:
        stat = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return stat.f_bavail * stat.f_frsize < LOW_SPACE


def _said(exc: BaseException, path: Path) -> str:
    """What went wrong with the store at ``path``, in words."""
    code = _code(exc)
    if code == _FULL or (code == _IOERR and _low_on_space(path.parent)):
        return f"the disk holding {path.parent} is full (free some space, then try again)"
    if code in (_BUSY, _LOCKED):
        return "another program has the saved fights locked (another companion saving an answer?)"
    if code == _READONLY:
        return f"{path} is read-only"
    if code in (_CANTOPEN, _PERM, _AUTH):
        return f"{path} cannot be opened (permission denied, or the folder is gone)"
    if code == _IOERR:
        return f"the disk reported an error ({exc})"
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else "")
    return str(exc)


def _failure(exc: sqlite3.Error, path: Path) -> StoreError:
    kind = StoreLocked if _code(exc) in (_BUSY, _LOCKED) else StoreError
    return kind(_said(exc, path))


# --- the folder ------------------------------------------------------------------


def _make_folder(folder: Path) -> list[Path]:
    """Make the data folder (and its parents) if missing; the folders made, outermost first.

    Raises:
        StoreError: it is a file, is inside a file, or cannot be made or read.
    """
    if folder.exists():
        if not folder.is_dir():
            raise StoreError(f"the data folder {folder} is a file, not a folder")
        if not os.access(folder, os.R_OK | os.X_OK):
            raise StoreError(f"the data folder {folder} cannot be read (permission denied)")
        return []
    missing = []
    parent = folder
    while not parent.exists():
        missing.append(parent)
        if parent.parent == parent:
            break
        parent = parent.parent
    if parent.exists() and not parent.is_dir():
        raise StoreError(f"the data folder {folder} cannot be made: {parent} is a file")
    made: list[Path] = []
    try:
        for path in reversed(missing):
            try:
                path.mkdir()
            except FileExistsError:
                if path.is_dir():
                    continue  # another app made it this very moment: it is not ours to remove
                raise
            made.append(path)
    except OSError as exc:
        _remove_folders(made)
        why = "permission denied" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
        raise StoreError(f"the data folder {folder} cannot be made ({why})") from None
    return made


def _remove_folders(made: list[Path]) -> None:
    for path in reversed(made):
        with suppress(OSError):
            path.rmdir()


# --- holding a fight -------------------------------------------------------------

_HELD: dict[str, list[int]] = {}
"""Lock file to [descriptor, holds]: a fight held by this process (any of its stores)."""
_HELD_LOCK = threading.Lock()


def _try_lock(fd: int) -> bool:
    """Lock the open file ``fd`` for this process, without waiting; False if another has it."""
    if sys.platform == "win32":  # pragma: no cover - the project's CI is POSIX
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks: the revision check still guards each write
        return True
    return True


def _acquire(path: Path) -> int | None:
    """The locked descriptor of ``path``; None when no lock file can be made (a read-only or
    full folder: the revision check still guards each write).

    Raises:
        FightOpenElsewhere: another process holds it.
    """
    for _ in range(10):
        try:
            path.parent.mkdir(exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except FileNotFoundError:
            continue  # the folder was removed by another app letting go of its last fight: make it again
        except OSError:
            return None
        if not _try_lock(fd):
            os.close(fd)
            raise FightOpenElsewhere(
                "another companion has this fight open; close it there (Escape goes home), then open it here"
            )
        try:
            same = os.name == "nt" or os.fstat(fd).st_ino == os.stat(path).st_ino
        except OSError:
            same = False
        if same:
            return fd
        os.close(fd)  # its holder let go and removed the file meanwhile: lock the new one
    return None


# --- amendments (issue 23) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavedAmendment:
    """An amendment as stored: see ``_AMENDMENTS``; ``undoable`` while nothing was done since."""

    id: int
    seq: int
    who: str
    old: str
    new: str
    at: float
    record: dict[str, Any]
    undoable: bool


def _mark_after(after: str | None) -> tuple[str, float | None] | None:
    """A clock mark's ``after`` column read back: the answer it follows as ``(text, clock)``, None before
    the first (ValueError, TypeError or IndexError where it is damaged)."""
    if after is None:
        return None
    last = json.loads(after)
    return (str(last[0]), None if last[1] is None else float(last[1]))


def _follows(record: str) -> int | None:
    """The id of the amendment a stored amendment was made right after (``follows``), or None."""
    try:
        data = json.loads(record)
    except ValueError:
        return None
    follows = data.get("follows") if isinstance(data, dict) else None
    return follows if isinstance(follows, int) else None


def _answer_row(answer: Answer) -> list[Any]:
    return [answer.text, answer.virtual, answer.clock]


def answer_of_row(row: Any) -> Answer:
    """An answer kept in an amendment's record as ``[text, virtual, clock]``."""
    text, virtual, clock = row
    return Answer(str(text), bool(virtual), None if clock is None else float(clock))


class Store:
    """The SQLite database of one data directory.

    Raises:
        StoreError: the store cannot be opened (see the module's docstring); nothing was changed.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: str | None = None
        """A message for the player: an unreadable database moved aside, or a nearly full disk."""
        self.read_only: str | None = None
        """Why the store can be read but not written, or None when it can be written."""
        self._rev: dict[int, int] = {}
        """Each fight's revision as this store last read or wrote it."""
        self._claims: Counter[int] = Counter()
        self._has_rev = True
        self._forgetter = f"{os.getpid()}:{id(self):x}"
        """Who forgets fights here: an app quitting deletes its own forgotten fights, not another's."""
        made = _make_folder(path.parent)
        existed = path.exists()
        try:
            self.conn = self._open()
        except StoreLocked:
            raise  # another app is at work on a file it may have made this very moment
        except BaseException:
            if not existed:
                for suffix in ("", "-wal", "-shm", "-journal"):
                    with suppress(OSError):
                        Path(str(path) + suffix).unlink()
            _remove_folders(made)
            raise
        if self.read_only is None and self.notice is None and _low_on_space(path.parent):
            self.notice = f"The disk holding {path.parent} is nearly full: an answer that cannot be saved is refused."

    @classmethod
    def open(cls, directory: Path) -> Store:
        return cls(directory / DB_NAME)

    # --- opening -----------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if path.exists() and not path.is_file():
            raise StoreError(f"{path} is not a file: companion keeps its saved fights in a file of that name")
        existed = path.exists()
        writable = os.access(path.parent, os.W_OK) and (not existed or os.access(path, os.W_OK))
        if not existed and not writable:
            raise StoreError(f"the saved fights cannot be made in {path.parent} (permission denied)")
        deadline = time.monotonic() + OPEN_WAIT
        moved = False
        while True:
            try:
                return self._open_once(writable)
            except _Damaged as exc:
                if moved or not writable:
                    where = "" if writable else "; the folder is read-only, so it cannot be moved aside"
                    raise StoreError(f"{path} cannot be read ({exc}){where}") from None
                target = self._move_aside()
                moved = True
                self.notice = (
                    f"The saved fights in {path} could not be read ({exc}). "
                    f"The file was moved to {target} and a new one started."
                )
            except sqlite3.Error as exc:
                if _code(exc) not in (_BUSY, _LOCKED):
                    raise StoreError(
                        f"the saved fights in {path} cannot be opened: {_said(exc, path)}. Nothing was changed."
                    ) from None
                if time.monotonic() >= deadline:
                    raise StoreLocked(
                        f"the saved fights in {path} are locked by another program"
                        f"{self._elsewhere()}: waited {OPEN_WAIT:g} s. Nothing was changed; try again."
                    ) from None
                time.sleep(0.1)
            except OSError as exc:
                raise StoreError(f"the saved fights in {path} cannot be opened: {_said(exc, path)}") from None

    def _elsewhere(self) -> str:
        """`` (another companion ...)`` when a fight of this folder is held by another app."""
        folder = self._locks()
        try:
            names = [p.name for p in folder.iterdir()] if folder.is_dir() else []
        except OSError:
            names = []
        for name in names:
            if name.startswith("fight-") and name[6:].isdigit() and self.held_elsewhere(int(name[6:])):
                return " (another companion has a fight open in this folder)"
        return ""

    def _open_once(self, writable: bool) -> sqlite3.Connection:
        """One try at opening: a damaged file raises _Damaged; a lock, sqlite3.Error to try again."""
        try:
            return self._open_connection(writable)
        except sqlite3.Error as exc:
            if _code(exc) in (_CORRUPT, _NOTADB):
                raise _Damaged(str(exc)) from None
            raise

    def _open_connection(self, writable: bool) -> sqlite3.Connection:
        conn = self._connect(writable)
        try:
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            # one read transaction: another app making the store commits its id, version and
            # tables at once, and the three reads must see all or none of them (issue 19)
            conn.execute("BEGIN")
            try:
                kind = self._identify(conn)
            finally:
                conn.execute("COMMIT")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise _Damaged(f"integrity check: {check}")
            if not writable:
                if kind == "new":
                    raise StoreError(f"{self.path} is empty and read-only: no fight can be saved in it")
                self.read_only = f"the saved fights in {self.path} are read-only (permission denied)"
                self._has_rev = "rev" in self._columns(conn, "sessions")
                return conn
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            if kind != "ours" or not self._has_added_tables(conn):
                self._initialise(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _connect(self, writable: bool) -> sqlite3.Connection:
        if writable:
            return sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=WRITE_WAIT)
        uri = self.path.resolve().as_uri()
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA application_id").fetchone()
            return conn
        except sqlite3.Error as exc:
            conn.close()
            if _code(exc) not in (_READONLY, _CANTOPEN):
                raise
        # a WAL store in a folder it cannot write: read the file as it stands, unless answers
        # are still waiting in its write-ahead log (reading it would show the fight without them)
        wal = Path(f"{self.path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise StoreError(
                f"the saved fights in {self.path} are read-only and their last answers are still in "
                f"{wal.name}, which cannot be read without writing; nothing was changed"
            )
        return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None, check_same_thread=False)

    @staticmethod
    def _has_table(conn: sqlite3.Connection, name: str) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)).fetchone() is not None

    @classmethod
    def _has_added_tables(cls, conn: sqlite3.Connection) -> bool:
        """The tables issue 23 added (each added to a store of any version that lacks it)."""
        return all(cls._has_table(conn, name) for name in ADDED_TABLES)

    @staticmethod
    def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}

    def _identify(self, conn: sqlite3.Connection) -> str:
        """``new`` (an empty file), ``ours``, or ``legacy`` (ours, made before issue 19).

        Raises:
            StoreError: an SQLite file of another program, or of a newer companion: left untouched.
            _Damaged: ours, but its tables are not what companion wrote.
        """
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        foreign = StoreError(
            f"{self.path} is an SQLite database of another program, not companion's saved fights: "
            "it was left untouched. Move it away, or choose another folder with --data-dir."
        )
        if app_id == APPLICATION_ID:
            if version > STORE_VERSION:
                raise StoreError(
                    f"the saved fights in {self.path} were written by a newer companion (store version "
                    f"{version}; this one reads up to {STORE_VERSION}): they were left untouched"
                )
            kind = "ours" if version == STORE_VERSION else "legacy"
        elif app_id != 0:
            raise foreign
        elif not tables and version == 0:
            return "new"
        elif version == 0 and {"meta", "sessions", "answers"} <= tables:
            row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None or row[0] != str(SCHEMA_VERSION):
                raise foreign
            kind = "legacy"
        else:
            raise foreign
        if not (
            self._columns(conn, "sessions") >= _SESSION_COLUMNS and self._columns(conn, "answers") >= _ANSWER_COLUMNS
        ):
            if app_id == 0:
                raise foreign
            raise _Damaged("its tables are not the ones companion writes")
        return kind

    def _initialise(self, conn: sqlite3.Connection) -> None:
        """Make the tables of a new store, or upgrade one made before issue 19, and mark it as ours,
        in one transaction (two apps starting together: the second finds it done)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            kind = self._identify(conn)
            if kind == "new":
                for statement in _STATEMENTS:
                    conn.execute(statement)
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif kind == "legacy" and "rev" not in self._columns(conn, "sessions"):
                conn.execute("ALTER TABLE sessions ADD COLUMN rev INTEGER NOT NULL DEFAULT 0")
            for table in ADDED_TABLES.values():  # a store of any version made before issue 23 gets them here
                conn.execute(table)
            if kind != "ours":
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version={STORE_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{n}")
        try:
            os.replace(self.path, target)
            for suffix in ("-wal", "-shm"):
                side = Path(str(self.path) + suffix)
                if side.exists():
                    os.replace(side, Path(str(target) + suffix))
        except OSError as exc:
            raise StoreError(
                f"{self.path} cannot be read and cannot be moved aside ({_said(exc, self.path)})"
            ) from None
        return target

    def close(self) -> None:
        for session_id in list(self._claims):
            while self._claims[session_id]:
                self.release(session_id)
        self.conn.close()

    # --- writing -----------------------------------------------------------------

    @contextmanager
    def _write(self, session_id: int | None = None) -> Iterator[sqlite3.Connection]:
        """One write transaction, for ``with``: committed at the end, rolled back on an error.

        With ``session_id``, the fight's revision is checked and moved on first: a fight written
        by another app since this one read it is refused (:class:`StoreConflict`).

        Raises:
            StoreError: the write could not be made (read-only, full disk, locked, ...); nothing changed.
        """
        if self.read_only is not None:
            raise StoreError(self.read_only)
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")  # autocommit mode: ``with conn:`` alone would begin nothing
        except sqlite3.Error as exc:
            raise _failure(exc, self.path) from None
        revision = None
        try:
            if session_id is not None:
                revision = self._bump(session_id)
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise _failure(exc, self.path) from None
            raise
        if session_id is not None and revision is not None:
            self._rev[session_id] = revision

    def _bump(self, session_id: int) -> int:
        """Move the fight's revision on (and its time); refused if another app moved it first."""
        known = self._rev.get(session_id)
        if known is None:
            row = self.conn.execute("SELECT rev FROM sessions WHERE id=?", (session_id,)).fetchone()
            if row is None:
                raise StoreError(f"there is no saved fight {session_id}")
            known = int(row[0])
        cursor = self.conn.execute(
            "UPDATE sessions SET rev=rev+1, updated=? WHERE id=? AND rev=?", (time.time(), session_id, known)
        )
        if cursor.rowcount != 1:
            raise StoreConflict(
                "this fight was changed by another companion since it was opened here, so nothing was saved: "
                "go home (Escape) and open it again to see it as it is now"
            )
        return known + 1

    # --- holding a fight -------------------------------------------------------------

    def _locks(self) -> Path:
        return self.path.with_name(f"{self.path.name}.open")

    def claim(self, session_id: int) -> None:
        """Hold the fight for this app while it is open here: another app cannot write it.
        The system lets go when the app ends, however it ends. Claims nest (:meth:`release`).

        Raises:
            FightOpenElsewhere: another app holds it.
        """
        if self.read_only is not None:
            return  # nothing can be written here anyway
        key = str(self._locks() / f"fight-{session_id}")
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is not None:
                held[1] += 1
            else:
                fd = _acquire(Path(key))
                if fd is not None:
                    _HELD[key] = [fd, 1]
        self._claims[session_id] += 1

    def release(self, session_id: int) -> None:
        """Let go of a fight claimed with :meth:`claim` (once per claim)."""
        if not self._claims[session_id]:
            return
        self._claims[session_id] -= 1
        if not self._claims[session_id]:
            del self._claims[session_id]
        key = str(self._locks() / f"fight-{session_id}")
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is None:
                return
            held[1] -= 1
            if held[1] > 0:
                return
            del _HELD[key]
            if os.name != "nt":  # remove the file while it is still locked: see _acquire
                try:
                    os.unlink(key)
                    os.rmdir(os.path.dirname(key))  # the last fight let go: no empty folder left
                except OSError:
                    pass
            os.close(held[0])

    def held_elsewhere(self, session_id: int) -> bool:
        """Whether another app has the fight open (it then alone writes it)."""
        key = str(self._locks() / f"fight-{session_id}")
        with _HELD_LOCK:
            if key in _HELD:
                return False
            try:
                fd = os.open(key, os.O_RDWR)
            except OSError:
                return False
            try:
                return not _try_lock(fd)
            finally:
                os.close(fd)  # lets go of the lock just taken, if taken

    # --- settings ------------------------------------------------------------

    SETTINGS = ("odds", "theme", "options")
    """The player's settings kept in ``meta`` beside the schema version: ``odds`` (shown | hidden),
    ``theme`` (the name of the theme chosen last), ``options`` (each game's rules options as chosen for
    its last fight, a JSON object by game: the next fight's options screen starts from them)."""

    def setting(self, key: str, default: str) -> str:
        """A setting as last saved (``default`` if never saved)."""
        if key not in self.SETTINGS:
            raise KeyError(f"{key!r} is not a setting ({', '.join(self.SETTINGS)})")
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (f"setting.{key}",)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        """Save a setting at once (it outlives the app, like the answers).

        Raises:
            StoreError: it cannot be saved.
        """
        if key not in self.SETTINGS:
            raise KeyError(f"{key!r} is not a setting ({', '.join(self.SETTINGS)})")
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting.{key}", value))

    def last_options(self, game: str) -> dict[str, Any]:
        """The rules options ``game``'s last fight was started with (the ``options`` setting), as kept;
        none kept, or a damaged setting: empty. The game reads them against its own options."""
        kept = self._options_kept().get(game)
        return dict(kept) if isinstance(kept, dict) else {}

    def keep_options(self, game: str, options: dict[str, Any]) -> None:
        """Keep ``options`` as ``game``'s last chosen, beside every other game's.

        Raises:
            StoreError: it cannot be saved.
        """
        self.set_setting("options", json.dumps({**self._options_kept(), game: options}, sort_keys=True))

    def _options_kept(self) -> dict[str, Any]:
        try:
            kept = json.loads(self.setting("options", "{}"))
        except ValueError:  # damaged: as if none
            return {}
        return kept if isinstance(kept, dict) else {}

    # --- sessions ------------------------------------------------------------
    # Each change below raises StoreError when it cannot be saved, with nothing changed.

    def create(self, game: str, setup: dict[str, Any], title: str, result: dict[str, Any] | None = None) -> int:
        """A new fight's row, open; with ``result``, a fight over before its first answer (a scene whose
        side comes in out, FU-4): over with its result in the same transaction, so that it is listed
        with the finished fights from the start."""
        now = time.time()
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO sessions (game, setup, title, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, json.dumps(setup), title, now, now),
            )
            rowid = cur.lastrowid
            assert rowid is not None  # an INSERT sets it
            if result is not None:
                self._set_status(rowid, result)
        self._rev[rowid] = 0
        return rowid

    def append(self, session_id: int, seq: int, answer: Answer, result: dict[str, Any] | None = None) -> None:
        """Save the answer at ``seq``, dropping undone answers from there on; with ``result``, the
        answer ended the fight: it is marked over in the same transaction (else open)."""
        with self._write(session_id) as conn:
            conn.execute("DELETE FROM answers WHERE session_id=? AND seq>=?", (session_id, seq))
            conn.execute(
                "INSERT INTO answers (session_id, seq, text, virtual, clock, at) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, seq, answer.text, int(answer.virtual), answer.clock, time.time()),
            )
            self._set_status(session_id, result)

    def undo(self, session_id: int, seq: int) -> None:
        with self._write(session_id) as conn:
            conn.execute("UPDATE answers SET undone=1 WHERE session_id=? AND seq=?", (session_id, seq))
            self._set_status(session_id, None)

    def redo(self, session_id: int, seq: int, result: dict[str, Any] | None = None) -> None:
        """Put the undone answer at ``seq`` back; ``result`` as for :meth:`append`."""
        with self._write(session_id) as conn:
            conn.execute("UPDATE answers SET undone=0 WHERE session_id=? AND seq=?", (session_id, seq))
            self._set_status(session_id, result)

    def finish(self, session_id: int, result: dict[str, Any] | None) -> None:
        """Mark the fight over with ``result`` (None: open again), e.g. a fight whose last answer was
        saved by an earlier companion that was killed before it marked the fight over."""
        with self._write(session_id):
            self._set_status(session_id, result)

    def _set_status(self, session_id: int, result: dict[str, Any] | None) -> None:
        if result is None:
            self.conn.execute("UPDATE sessions SET status='open', result=NULL WHERE id=?", (session_id,))
        else:
            self.conn.execute(
                "UPDATE sessions SET status='over', result=? WHERE id=?", (json.dumps(result), session_id)
            )

    def delete(self, session_id: int) -> None:
        """Forget a fight; refused (:class:`FightOpenElsewhere`) while another app has it open."""
        self.claim(session_id)
        try:
            with self._write() as conn:
                conn.execute("DELETE FROM answers WHERE session_id=?", (session_id,))
                conn.execute("DELETE FROM amendments WHERE session_id=?", (session_id,))
                conn.execute("DELETE FROM sessions WHERE id=?", (session_id,))
            self._rev.pop(session_id, None)
        finally:
            self.release(session_id)

    def forget(self, session_id: int) -> None:
        """Put a fight out of the lists, its answers kept, so that :meth:`bring_back` can restore it
        (issue 22: a fight forgotten by mistake); :meth:`purge_forgotten` deletes them for good.
        Refused (:class:`FightOpenElsewhere`) while another app has it open."""
        self.claim(session_id)
        try:
            with self._write() as conn:
                row = conn.execute("SELECT status FROM sessions WHERE id=?", (session_id,)).fetchone()
                if row is None:
                    raise KeyError(f"no saved fight {session_id}")
                if row[0] == FORGOTTEN:
                    return
                conn.execute(
                    "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                    (f"forgotten.{session_id}", f"{row[0]} {self._forgetter}"),
                )
                conn.execute("UPDATE sessions SET status=? WHERE id=?", (FORGOTTEN, session_id))
        finally:
            self.release(session_id)

    def bring_back(self, session_id: int) -> None:
        """Put a forgotten fight back in its list (``open`` or ``over``, as it was)."""
        with self._write() as conn:
            key = f"forgotten.{session_id}"
            row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row is None:
                raise KeyError(f"fight {session_id} is not forgotten")
            conn.execute("UPDATE sessions SET status=? WHERE id=?", (str(row[0]).split()[0], session_id))
            conn.execute("DELETE FROM meta WHERE key=?", (key,))

    def purge_forgotten(self) -> int:
        """Delete for good the fights forgotten through this store (the app does so as it quits;
        another app's stay for it to bring back), and any whose forgetter is unknown; how many."""
        rows = self.conn.execute(
            "SELECT s.id, m.value FROM sessions s LEFT JOIN meta m ON m.key = 'forgotten.' || s.id WHERE s.status=?",
            (FORGOTTEN,),
        ).fetchall()
        purged = 0
        for session_id, value in rows:
            by = str(value).split()[1] if value is not None and len(str(value).split()) > 1 else None
            if (by is not None and by != self._forgetter) or self.held_elsewhere(session_id):
                continue
            self.delete(session_id)
            with self._write() as conn:
                conn.execute("DELETE FROM meta WHERE key=?", (f"forgotten.{session_id}",))
            purged += 1
        return purged

    KEPT_WITH_A_FIGHT = ("answers", "amendments", "free_rolls", "clock_marks")
    """What is kept with a fight besides its setup: a fight with none of it had nothing typed (a round clock
    set by hand or run before the first roll is kept: the review)."""

    def drop_unanswered(self, session_id: int | None = None) -> int:
        """Delete a fight still open with nothing kept with it (no answer, undone ones included, no
        amendment, no free roll): one left as it began, a rematch never played, leaves no unfinished
        fight in the lists; nothing typed is lost. Without ``session_id``, every such fight no other
        app has open (one killed before its first answer, or kept by an earlier companion). How many
        were deleted; none in a store that cannot be written.
        """
        if self.read_only is not None:
            return 0
        try:
            with self._write() as conn:
                rows = conn.execute(
                    "SELECT id FROM sessions WHERE status='open'" + (" AND id=?" if session_id is not None else ""),
                    () if session_id is None else (session_id,),
                ).fetchall()
                empty = [
                    int(row[0])
                    for row in rows
                    if not any(
                        conn.execute(f"SELECT 1 FROM {table} WHERE session_id=? LIMIT 1", (row[0],)).fetchone()
                        for table in self.KEPT_WITH_A_FIGHT
                    )
                    and (session_id is not None or not self.held_elsewhere(int(row[0])))
                ]
                for gone in empty:
                    conn.execute("DELETE FROM sessions WHERE id=?", (gone,))
        except (StoreError, sqlite3.Error):  # full, locked, or closed as the app ends: the fight stays listed
            return 0
        for gone in empty:
            self._rev.pop(gone, None)
        return len(empty)

    # --- reading ---------------------------------------------------------------

    def load(self, session_id: int) -> tuple[str, dict[str, Any], list[Answer], list[Answer]]:
        """A session's game, setup, live answers and redo stack (next to redo last)."""
        rev = ", rev" if self._has_rev else ""
        row = (
            self.conn.execute(f"SELECT game, setup{rev} FROM sessions WHERE id=?", (session_id,)).fetchone()
            if _storable(session_id)
            else None
        )
        if row is None:
            raise KeyError(f"no saved session {session_id}")
        rows = self.conn.execute(
            "SELECT text, virtual, clock, undone FROM answers WHERE session_id=? ORDER BY seq", (session_id,)
        ).fetchall()
        if self._has_rev:
            self._rev[session_id] = int(row[2])
        live = [Answer(t, bool(v), c) for t, v, c, u in rows if not u]
        redo = [Answer(t, bool(v), c) for t, v, c, u in rows if u]
        return row[0], json.loads(row[1]), live, list(reversed(redo))

    def status(self, session_id: int) -> str | None:
        """``open``, ``over`` or ``forgotten`` as stored (None: no such fight)."""
        if not _storable(session_id):
            return None
        row = self.conn.execute("SELECT status FROM sessions WHERE id=?", (session_id,)).fetchone()
        return None if row is None else str(row[0])

    def sessions(self, status: str | None = None, limit: int = 50) -> list[SavedSession]:
        """Saved sessions, latest first (forgotten ones left out); ``status`` 'open' or 'over' to filter."""
        query = (
            "SELECT s.id, s.game, s.title, s.status, s.result, s.updated,"
            " (SELECT COUNT(*) FROM answers a WHERE a.session_id=s.id AND a.undone=0)"
            " FROM sessions s"
        )
        params: tuple[Any, ...] = ()
        if status:
            query += " WHERE s.status=?"
            params = (status,)
        else:
            query += " WHERE s.status<>?"
            params = (FORGOTTEN,)
        query += " ORDER BY s.updated DESC, s.id DESC LIMIT ?"
        rows = self.conn.execute(query, params + (limit,)).fetchall()
        return [SavedSession(i, g, t, s, _result(r), u, n) for i, g, t, s, r, u, n in rows]

    # --- amendments (issue 23) ---------------------------------------------------------

    def _rewrite(self, session_id: int, seq: int, live: list[Answer], redo: list[Answer]) -> None:
        """Inside a write: the answers from ``seq`` on become ``live``, then ``redo`` (next to redo last)
        marked undone, as :meth:`Store.load` reads them back."""
        conn = self.conn
        conn.execute("DELETE FROM answers WHERE session_id=? AND seq>=?", (session_id, seq))
        now = time.time()
        rows = [(a, 0) for a in live] + [(a, 1) for a in reversed(redo)]
        for n, (answer, undone) in enumerate(rows):
            conn.execute(
                "INSERT INTO answers (session_id, seq, text, virtual, clock, undone, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session_id, seq + n, answer.text, int(answer.virtual), answer.clock, undone, now),
            )

    def amend(
        self,
        session_id: int,
        seq: int,
        answers: list[Answer],
        result: dict[str, Any] | None,
        *,
        who: str,
        at: float,
        old: str,
        new: str,
        before: list[Answer],
        redo: list[Answer],
        kept: int,
        chained: int = 0,
        skipped: tuple[int, ...] = (),
        follows: int | None = None,
    ) -> int:
        """Save an amendment in one transaction: the answers from ``seq`` on become ``answers`` (the
        redo stack is emptied), the fight is open or over by ``result``, and the amendment is recorded
        with what it replaced (``before``, ``redo``) so that it can be undone, and the amendment it
        ``follows`` (by id: the one undoable when it was made, which undo takes back after it). Its id.

        Raises:
            StoreError: it could not be saved; nothing changed.
        """
        record = {
            "before": [_answer_row(a) for a in before],
            "redo": [_answer_row(a) for a in redo],
            "kept": kept,
            "given": [_answer_row(a) for a in answers[: max(0, len(answers) - kept)]],
            "chained": chained,
        }
        if follows is not None:
            record["follows"] = follows
        if skipped:  # the later answers dropped before a clock event kept (FO's bell)
            record["skipped"] = list(skipped)
        with self._write(session_id) as conn:
            self._rewrite(session_id, seq, answers, [])
            self._set_status(session_id, result)
            rev = conn.execute("SELECT rev FROM sessions WHERE id=?", (session_id,)).fetchone()[0]
            cur = conn.execute(
                "INSERT INTO amendments (session_id, seq, who, old, new, at, record, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, seq, who, old, new, at, json.dumps(record), rev),
            )
        rowid = cur.lastrowid
        assert rowid is not None  # an INSERT sets it
        return rowid

    def unamend(
        self,
        session_id: int,
        amendment_id: int,
        seq: int,
        answers: list[Answer],
        redo: list[Answer],
        result: dict[str, Any] | None,
    ) -> None:
        """Take an amendment back in one transaction: the answers from ``seq`` on and the redo stack
        as they were (``answers``, ``redo``), the fight open or over by ``result``, the amendment
        marked undone (kept, so the record says it was made and taken back).

        Raises:
            StoreError: it could not be saved; nothing changed.
        """
        with self._write(session_id) as conn:
            self._rewrite(session_id, seq, answers, redo)
            self._set_status(session_id, result)
            row = conn.execute("SELECT record FROM amendments WHERE id=? AND session_id=?", (amendment_id, session_id))
            made = row.fetchone()
            conn.execute("UPDATE amendments SET undone=1 WHERE id=? AND session_id=?", (amendment_id, session_id))
            follows = _follows(made[0]) if made is not None else None
            if follows is not None:
                # the amendment it was made right after is undoable again, as the fight is now as that
                # one left it (undo walks back through amendments: the play-testing backlog)
                now = conn.execute("SELECT rev FROM sessions WHERE id=?", (session_id,)).fetchone()[0]
                conn.execute(
                    "UPDATE amendments SET rev=? WHERE session_id=? AND undone=0 AND id=?", (now, session_id, follows)
                )

    def amendments(self, session_id: int) -> list[SavedAmendment]:
        """The fight's amendments not taken back, oldest first; none from a store without the table
        (an earlier companion's, opened read-only)."""
        if not self._has_table(self.conn, "amendments"):
            return []
        rows = self.conn.execute(
            "SELECT a.id, a.seq, a.who, a.old, a.new, a.at, a.record, a.rev = s.rev"
            " FROM amendments a JOIN sessions s ON s.id = a.session_id"
            " WHERE a.session_id=? AND a.undone=0 ORDER BY a.id",
            (session_id,),
        ).fetchall()
        out = []
        for i, seq, who, old, new, at, record, undoable in rows:
            try:
                data = json.loads(record)
            except ValueError:
                data = {}
            out.append(
                SavedAmendment(i, seq, who, old, new, at, data if isinstance(data, dict) else {}, bool(undoable))
            )
        return out

    def describe(self, session_id: int) -> SavedFight | None:
        """A saved fight's title, status and dates (None: no such fight), for an export and for
        ``companion fights list`` (issue 23): :meth:`sessions` lists fights without their first date."""
        if not _storable(session_id):
            return None
        row = self.conn.execute(
            "SELECT id, game, title, status, created, updated FROM sessions WHERE id=?", (session_id,)
        ).fetchone()
        if row is None:
            return None
        return SavedFight(int(row[0]), str(row[1]), str(row[2]), str(row[3]), float(row[4]), float(row[5]))

    # --- the free roller's rolls (issue 23 item 3) ---------------------------------------

    def add_free_roll(self, session_id: int, expression: str, faces: str, total: int) -> FreeRoll:
        """Keep a free roll with the fight ``session_id``, after its others. The fight's answers and
        revision are not touched: a free roll is never an answer (undo does not see it).

        Raises:
            StoreError: it cannot be saved (read-only, full disk, no such fight); nothing changed.
        """
        at = time.time()
        try:
            with self._write() as conn:
                row = conn.execute(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM free_rolls WHERE session_id=?", (session_id,)
                ).fetchone()
                seq = int(row[0])
                conn.execute(
                    "INSERT INTO free_rolls (session_id, seq, expression, faces, total, at) VALUES (?, ?, ?, ?, ?, ?)",
                    (session_id, seq, expression, faces, total, at),
                )
        except StoreError as exc:
            if "FOREIGN KEY" in str(exc):
                raise StoreError(f"there is no saved fight {session_id}") from None
            raise
        return FreeRoll(seq, expression, faces, total, at)

    def free_rolls(self, session_id: int) -> list[FreeRoll]:
        """The free rolls kept with the fight ``session_id``, first first (none in a read-only store
        made before issue 23, which has no table for them)."""
        try:
            rows = self.conn.execute(
                "SELECT seq, expression, faces, total, at FROM free_rolls WHERE session_id=? ORDER BY seq",
                (session_id,),
            ).fetchall()
        except sqlite3.OperationalError:  # no such table: a read-only store from before issue 23
            return []
        return [FreeRoll(int(q), str(e), str(f), int(t), float(a)) for q, e, f, t, a in rows]

    # --- what a fight wrote back on the cards ------------------------------------------------

    def written_back(self, session_id: int) -> dict[str, dict[str, Any]]:
        """The fields the fight's write-backs (f5) last put on each card, by card name (none yet: empty):
        a second write-back, after an amendment, compares the card with what this fight wrote on it, not
        with the card it began from, which it changed itself (the review). A record left by an earlier
        fight of the same id (an id is given again once the newest fight is deleted) is not this one's."""
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key=?", (f"written.{session_id}",)).fetchone()
            began = self.conn.execute("SELECT created FROM sessions WHERE id=?", (session_id,)).fetchone()
        except sqlite3.Error:
            return {}
        if row is None or began is None:
            return {}
        try:
            record = json.loads(row[0])
        except ValueError:  # damaged: as if none
            return {}
        if (
            not isinstance(record, dict)
            or record.get("created") != began[0]
            or not isinstance(record.get("cards"), dict)
        ):
            return {}
        return {str(name): dict(fields) for name, fields in record["cards"].items() if isinstance(fields, dict)}

    def keep_written_back(self, session_id: int, cards: dict[str, dict[str, Any]]) -> None:
        """Keep ``cards`` (fields by card name) as what the fight ``session_id`` last wrote on them.

        Raises:
            StoreError: it cannot be saved; nothing changed.
        """
        began = self.conn.execute("SELECT created FROM sessions WHERE id=?", (session_id,)).fetchone()
        if began is None:
            return
        record = {"created": began[0], "cards": {**self.written_back(session_id), **cards}}
        with self._write() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"written.{session_id}", json.dumps(record)))

    # --- the round clock between answers (FO-7) ------------------------------------------

    def add_clock_mark(self, session_id: int, mark: ClockMark) -> None:
        """Keep ``mark`` with the fight ``session_id``, after its others. The fight's answers and
        revision are not touched: the clock is not an answer.

        Raises:
            StoreError: it cannot be saved (read-only, full disk); nothing changed.
        """
        after = None if mark.after is None else json.dumps(list(mark.after))
        with self._write() as conn:
            conn.execute(
                "INSERT INTO clock_marks (session_id, seq, clock, line, after, at) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, mark.seq, mark.clock, mark.line, after, time.time()),
            )

    def move_clock_marks(
        self,
        session_id: int,
        moves: dict[tuple[int, tuple[str, float | None]], tuple[int, tuple[str, float | None]]],
    ) -> None:
        """Move each mark that follows an answer an amendment (or its undo) moved: a mark kept after
        ``(seq, (text, clock))`` of ``moves`` is kept after the answer given for it; the others stay.

        Raises:
            StoreError: it cannot be saved; nothing changed.
        """
        rows = self.conn.execute(
            "SELECT rowid, seq, after FROM clock_marks WHERE session_id=?", (session_id,)
        ).fetchall()
        changes = []
        for rowid, seq, after in rows:
            try:
                key = (int(seq), _mark_after(after))
            except (ValueError, TypeError, IndexError):
                continue
            if key in moves:  # a mark before the first answer (after None) is never moved
                to_seq, to_after = moves[key]
                changes.append((to_seq, json.dumps(list(to_after)), rowid))
        if changes:
            with self._write() as conn:
                conn.executemany("UPDATE clock_marks SET seq=?, after=? WHERE rowid=?", changes)

    def clock_marks(self, session_id: int) -> list[ClockMark]:
        """The clock marks kept with the fight ``session_id``, oldest first (none in a read-only
        store made before them, which has no table for them; a damaged one is left out)."""
        try:
            rows = self.conn.execute(
                "SELECT seq, after, clock, line FROM clock_marks WHERE session_id=? ORDER BY rowid", (session_id,)
            ).fetchall()
        except sqlite3.OperationalError:  # no such table: a read-only store from before them
            return []
        marks = []
        for seq, after, clock, line in rows:
            try:
                marks.append(ClockMark(int(seq), _mark_after(after), float(clock), str(line)))
            except (ValueError, TypeError, IndexError):
                continue
        return marks
