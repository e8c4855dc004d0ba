"""The store: one SQLite database of sessions and their answers.

Each accepted answer is committed (WAL, synchronous=FULL) before the caller
moves on, so a fight killed at any moment resumes with nothing lost. Undone
answers stay in the table, marked, so redo survives a restart too; a new
answer after an undo drops them.

A database that cannot be read is moved aside, never overwritten, and a new
one is started; :attr:`Store.notice` says so for the screen to show.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from companion.ruleset import Answer

DB_NAME = "companion.db"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    title TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    result TEXT,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    virtual INTEGER NOT NULL DEFAULT 0,
    clock REAL,
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
);
"""


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


class Store:
    """The SQLite database of one data directory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: str | None = None
        """A message for the player when an unreadable database was moved aside."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = self._connect()
        except sqlite3.DatabaseError as exc:
            moved = self._move_aside()
            self.notice = (
                f"The saved fights in {path} could not be read ({exc}). "
                f"The file was moved to {moved} and a new one started."
            )
            self.conn = self._connect()

    @classmethod
    def open(cls, directory: Path) -> Store:
        return cls(directory / DB_NAME)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {check}")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif row[0] != str(SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"schema version {row[0]}, this app reads {SCHEMA_VERSION}")
            # a file that is a database but not ours fails here rather than mid-fight
            conn.execute("SELECT id, game, setup, title, status, result, created, updated FROM sessions LIMIT 1")
            conn.execute("SELECT session_id, seq, text, virtual, clock, undone, at FROM answers LIMIT 1")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{n}")
        os.replace(self.path, target)
        for suffix in ("-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.replace(side, Path(str(target) + suffix))
        return target

    def close(self) -> None:
        self.conn.close()

    def _transaction(self) -> sqlite3.Connection:
        """Begin a write transaction, for ``with``: committed at the end, rolled back on an error.

        The connection is in autocommit mode (``isolation_level=None``), where
        ``with conn:`` alone begins nothing and each statement commits by itself.
        """
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    # --- settings ------------------------------------------------------------

    SETTINGS = ("odds",)
    """The player's settings kept in ``meta`` beside the schema version: ``odds`` (shown | hidden)."""

    def setting(self, key: str, default: str) -> str:
        """A setting as last saved (``default`` if never saved)."""
        if key not in self.SETTINGS:
            raise KeyError(f"{key!r} is not a setting ({', '.join(self.SETTINGS)})")
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (f"setting.{key}",)).fetchone()
        return default if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        """Save a setting at once (it outlives the app, like the answers)."""
        if key not in self.SETTINGS:
            raise KeyError(f"{key!r} is not a setting ({', '.join(self.SETTINGS)})")
        with self._transaction():
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting.{key}", value))

    # --- sessions ------------------------------------------------------------

    def create(self, game: str, setup: dict[str, Any], title: str) -> int:
        now = time.time()
        with self._transaction():
            cur = self.conn.execute(
                "INSERT INTO sessions (game, setup, title, created, updated) VALUES (?, ?, ?, ?, ?)",
                (game, json.dumps(setup), title, now, now),
            )
        rowid = cur.lastrowid
        assert rowid is not None  # an INSERT sets it
        return rowid

    def append(self, session_id: int, seq: int, answer: Answer) -> None:
        """Save the answer at ``seq``, dropping undone answers from there on."""
        now = time.time()
        with self._transaction():
            self.conn.execute("DELETE FROM answers WHERE session_id=? AND seq>=?", (session_id, seq))
            self.conn.execute(
                "INSERT INTO answers (session_id, seq, text, virtual, clock, at) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, seq, answer.text, int(answer.virtual), answer.clock, now),
            )
            self.conn.execute("UPDATE sessions SET updated=? WHERE id=?", (now, session_id))

    def undo(self, session_id: int, seq: int) -> None:
        with self._transaction():
            self.conn.execute("UPDATE answers SET undone=1 WHERE session_id=? AND seq=?", (session_id, seq))
            self.conn.execute(
                "UPDATE sessions SET status='open', result=NULL, updated=? WHERE id=?", (time.time(), session_id)
            )

    def redo(self, session_id: int, seq: int) -> None:
        with self._transaction():
            self.conn.execute("UPDATE answers SET undone=0 WHERE session_id=? AND seq=?", (session_id, seq))
            self.conn.execute("UPDATE sessions SET updated=? WHERE id=?", (time.time(), session_id))

    def finish(self, session_id: int, result: dict[str, Any]) -> None:
        with self._transaction():
            self.conn.execute(
                "UPDATE sessions SET status='over', result=?, updated=? WHERE id=?",
                (json.dumps(result), time.time(), session_id),
            )

    def delete(self, session_id: int) -> None:
        with self._transaction():
            self.conn.execute("DELETE FROM answers WHERE session_id=?", (session_id,))
            self.conn.execute("DELETE FROM sessions WHERE id=?", (session_id,))

    def load(self, session_id: int) -> tuple[str, dict[str, Any], list[Answer], list[Answer]]:
        """A session's game, setup, live answers and redo stack (next to redo last)."""
        row = self.conn.execute("SELECT game, setup FROM sessions WHERE id=?", (session_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved session {session_id}")
        rows = self.conn.execute(
            "SELECT text, virtual, clock, undone FROM answers WHERE session_id=? ORDER BY seq", (session_id,)
        ).fetchall()
        live = [Answer(t, bool(v), c) for t, v, c, u in rows if not u]
        redo = [Answer(t, bool(v), c) for t, v, c, u in rows if u]
        return row[0], json.loads(row[1]), live, list(reversed(redo))

    def sessions(self, status: str | None = None, limit: int = 50) -> list[SavedSession]:
        """Saved sessions, latest first; ``status`` 'open' or 'over' to filter."""
        query = (
            "SELECT s.id, s.game, s.title, s.status, s.result, s.updated,"
            " (SELECT COUNT(*) FROM answers a WHERE a.session_id=s.id AND a.undone=0)"
            " FROM sessions s"
        )
        params: tuple[Any, ...] = ()
        if status:
            query += " WHERE s.status=?"
            params = (status,)
        query += " ORDER BY s.updated DESC, s.id DESC LIMIT ?"
        rows = self.conn.execute(query, params + (limit,)).fetchall()
        return [SavedSession(i, g, t, s, _result(r), u, n) for i, g, t, s, r, u, n in rows]
