"""The store: every accepted answer saved at once, resume, undo/redo across restarts,
a corrupt database moved aside (another program's refused), corrupt saves refused, the data
directory. Faults (a full disk, a lock, two apps) are in tests/test_store_faults.py."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import platformdirs
import pytest

import companion.store as store_module
from companion import cli
from companion.dice import Refused
from companion.ruleset import Answer, Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import CorruptSave, Session, resume, setup_to_json, start
from companion.store import DB_NAME, Store, StoreError, data_dir

RED = NhbCard(name="Red Rover", control=10, standup=10, ground=10, finishing=5, toughness=5, notes="red")
BLUE = NhbCard(name="Blue Moon", control=9, standup=10, ground=10, finishing=5, toughness=5)
SETUP = Setup("nhb", (RED, BLUE), {"segments": 1})

# With these cards and one segment: red 5+10=15 beats blue 5+9=14 for control; ground;
# fight points 27 to 15 (difference 12, so no seconds roll); finish 16 vs 6, margin 10
# on the hybrid ground chart: GNP TKO at 0:50.
FIGHT = ["5", "5", "ground", "15", "5", "9", "1"]
RESULT = {
    "winner": "Red Rover",
    "loser": "Blue Moon",
    "method": "tko",
    "detail": "GNP TKO",
    "period": 1,
    "time": "0:50",
    "fight_time": "0:50",
}


@pytest.fixture
def store(tmp_path: Path):
    s = Store.open(tmp_path)
    yield s
    s.close()


def new_session(store: Store, answers: list[str] = (), seed: int = 1) -> Session:
    session = start(store, RULESET, SETUP, rng=random.Random(seed))
    for text in answers:
        session.submit(text)
    return session


def rows(path: Path, session_id: int) -> list[tuple[int, str, int, int]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT seq, text, virtual, undone FROM answers WHERE session_id=? ORDER BY seq", (session_id,)
        ).fetchall()


def saved(store: Store, session_id: int):
    (row,) = [s for s in store.sessions() if s.id == session_id]
    return row


# --- saving ------------------------------------------------------------------------


def test_a_new_store_has_no_notice_and_no_sessions(tmp_path: Path) -> None:
    s = Store.open(tmp_path / "deep" / "dir")
    assert s.path == tmp_path / "deep" / "dir" / DB_NAME and s.path.is_file()
    assert s.notice is None and s.sessions() == []
    s.close()


def test_start_saves_the_setup_before_any_answer(store: Store, tmp_path: Path) -> None:
    session = new_session(store)
    game, setup, live, redo = Store.open(tmp_path).load(session.id)
    assert (game, live, redo) == ("nhb", [], [])
    assert setup == setup_to_json(SETUP)
    assert setup["fighters"][0] == {
        "name": "Red Rover",
        "control": 10,
        "standup": 10,
        "ground": 10,
        "finishing": 5,
        "toughness": 5,
        "notes": "red",
    }
    row = saved(store, session.id)
    assert (row.game, row.title, row.status, row.result, row.answers) == (
        "nhb",
        "Red Rover vs Blue Moon",
        "open",
        None,
        0,
    )


def test_answers_persist_immediately(store: Store, tmp_path: Path) -> None:
    session = new_session(store)
    other = Store.open(tmp_path)  # a second connection while the first is still open
    try:
        session.submit("5")
        assert other.load(session.id)[2] == [Answer("5", False, None)]
        step = session.submit("roll")  # a virtual roll is saved as one, marked virtual
        assert step.answer.virtual and step.answer.text.isdigit()
        assert other.load(session.id)[2] == [Answer("5", False, None), Answer(step.answer.text, True, None)]
        session.submit("  ground ")
        assert other.load(session.id)[2][-1] == Answer("ground", False, None)
        assert saved(other, session.id).answers == 3
        assert rows(tmp_path / DB_NAME, session.id) == [
            (0, "5", 0, 0),
            (1, step.answer.text, 1, 0),
            (2, "ground", 0, 0),
        ]
    finally:
        other.close()


def test_a_refused_answer_is_not_saved(store: Store, tmp_path: Path) -> None:
    session = new_session(store, ["5"])
    for text in ("11", "ground", "", "roll roll"):
        with pytest.raises(Refused):
            session.submit(text)
    assert rows(tmp_path / DB_NAME, session.id) == [(0, "5", 0, 0)]


def test_the_clock_of_an_answer_is_saved(store: Store, tmp_path: Path) -> None:
    session = new_session(store)
    session.submit("5", clock=83.5)
    assert Store.open(tmp_path).load(session.id)[2] == [Answer("5", False, 83.5)]


# --- resume ------------------------------------------------------------------------


def test_resume_folds_to_the_same_state_prompt_and_log(tmp_path: Path) -> None:
    first = Store.open(tmp_path)
    session = new_session(first, ["5", "roll", "ground", "roll"], seed=7)
    first.close()  # as if the app were closed here

    again = Store.open(tmp_path)
    resumed = resume(again, session.id, rng=random.Random(7))
    assert resumed.id == session.id
    assert resumed.answers == session.answers
    assert [a.virtual for a in resumed.answers] == [False, True, False, True]
    assert resumed.state == session.state
    assert resumed.prompt == session.prompt
    assert resumed.log() == session.log()
    assert resumed.prompt.kind == "roll" and resumed.prompt.who == "Blue Moon"
    # the resumed session carries on saving
    resumed.submit("1")
    assert again.load(session.id)[2][-1] == Answer("1", False, None)
    again.close()


def test_resume_an_unknown_session_is_a_corrupt_save(store: Store) -> None:
    with pytest.raises(CorruptSave, match="no saved session 999"):
        resume(store, 999)


# --- undo and redo ------------------------------------------------------------------


def test_undo_and_redo_persist_across_reopening(tmp_path: Path) -> None:
    first = Store.open(tmp_path)
    session = new_session(first, FIGHT[:5])
    states = [session.start] + [s.state for s in session.steps]
    answers = session.answers
    assert [session.undo() for _ in range(3)] == [answers[4], answers[3], answers[2]]
    assert rows(tmp_path / DB_NAME, session.id) == [
        (0, "5", 0, 0),
        (1, "5", 0, 0),
        (2, "ground", 0, 1),
        (3, "15", 0, 1),
        (4, "5", 0, 1),
    ]
    first.close()

    second = Store.open(tmp_path)
    resumed = resume(second, session.id)
    assert resumed.answers == answers[:2]
    assert resumed.redo_stack == [answers[4], answers[3], answers[2]]  # the next to redo last
    assert resumed.state == states[2]
    step = resumed.redo()
    assert step is not None and step.answer == answers[2]
    assert resumed.state == states[3]
    second.close()

    third = Store.open(tmp_path)
    resumed = resume(third, session.id)
    assert resumed.answers == answers[:3]
    assert resumed.redo_stack == [answers[4], answers[3]]
    assert resumed.redo().answer == answers[3] and resumed.redo().answer == answers[4]
    assert resumed.redo() is None
    assert resumed.state == states[5]
    assert resume(third, session.id).state == states[5]
    third.close()


def test_a_new_answer_after_undo_drops_the_undone_ones(store: Store, tmp_path: Path) -> None:
    session = new_session(store, ["5", "5", "ground"])
    session.undo()
    session.undo()
    assert len(session.redo_stack) == 2
    session.submit("7")
    assert session.redo_stack == [] and session.redo() is None
    assert rows(tmp_path / DB_NAME, session.id) == [(0, "5", 0, 0), (1, "7", 0, 0)]
    resumed = resume(Store.open(tmp_path), session.id)
    assert resumed.answers == [Answer("5"), Answer("7")]
    assert resumed.redo_stack == []
    assert resumed.state == session.state


def test_undo_with_nothing_to_undo(store: Store) -> None:
    session = new_session(store)
    assert session.undo() is None and session.redo() is None
    assert saved(store, session.id).status == "open"


def test_store_writes_are_atomic(store: Store, tmp_path: Path) -> None:
    """A write that fails half way leaves nothing half done (each method is one transaction)."""
    session = new_session(store, ["5", "5", "ground"])
    session.undo()
    before = rows(tmp_path / DB_NAME, session.id)
    store.conn.execute("CREATE TRIGGER no_insert BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(StoreError, match="disk full"):
        store.append(session.id, 2, Answer("standup"))  # would drop the undone answer, then fail to insert
    assert rows(tmp_path / DB_NAME, session.id) == before == [(0, "5", 0, 0), (1, "5", 0, 0), (2, "ground", 0, 1)]
    assert not store.conn.in_transaction

    store.conn.execute("CREATE TRIGGER no_update BEFORE UPDATE ON sessions BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(StoreError):
        store.undo(session.id, 1)  # would mark the answer undone, then fail to reopen the session
    assert rows(tmp_path / DB_NAME, session.id) == before
    assert not store.conn.in_transaction


# --- the end of a fight ----------------------------------------------------------


def test_finishing_marks_the_session_over_with_its_result(store: Store, tmp_path: Path) -> None:
    session = new_session(store, FIGHT)
    assert session.over and session.prompt.result.to_json() == RESULT
    row = saved(store, session.id)
    assert (row.status, row.result, row.answers) == ("over", RESULT, len(FIGHT))
    assert [s.id for s in store.sessions(status="over")] == [session.id]
    assert store.sessions(status="open") == []

    resumed = resume(Store.open(tmp_path), session.id)
    assert resumed.over and resumed.prompt.result.to_json() == RESULT


def test_undo_after_the_end_reopens_the_session(store: Store, tmp_path: Path) -> None:
    session = new_session(store, FIGHT)
    session.undo()
    assert not session.over
    row = saved(store, session.id)
    assert (row.status, row.result, row.answers) == ("open", None, len(FIGHT) - 1)
    assert [s.id for s in store.sessions(status="open")] == [session.id]

    session.redo()
    row = saved(store, session.id)
    assert (row.status, row.result) == ("over", RESULT)

    session.undo()
    session.submit("9")  # another toughness roll: 16 vs 9 + 5 = 14, margin 2: a submission, its d20 still to roll
    assert not session.over and session.prompt.reason == "the submission (generic chart)"
    row = saved(store, session.id)
    assert (row.status, row.result, row.answers) == ("open", None, len(FIGHT))
    resumed = resume(Store.open(tmp_path), session.id)
    assert resumed.state == session.state and resumed.prompt == session.prompt
    assert resumed.redo_stack == []


def test_sessions_are_listed_latest_first(store: Store) -> None:
    a = new_session(store, ["5"])
    b = new_session(store, ["5"])
    a.submit("5")
    assert [s.id for s in store.sessions()] == [a.id, b.id]
    store.delete(a.id)
    assert [s.id for s in store.sessions()] == [b.id]
    with pytest.raises(KeyError):
        store.load(a.id)


# --- an unreadable database is moved aside, never overwritten --------------------------

GARBAGE = b"not a database" * 100


def test_a_garbage_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(GARBAGE)
    s = Store.open(tmp_path)
    moved = [p for p in tmp_path.iterdir() if p.name.startswith(f"{DB_NAME}.unreadable-")]
    assert len(moved) == 1
    assert moved[0].read_bytes() == GARBAGE
    assert s.notice is not None
    assert str(path) in s.notice and str(moved[0]) in s.notice
    assert "could not be read" in s.notice and "a new one started" in s.notice
    # the fresh database works, and keeps working after a restart
    session = new_session(s, ["5", "5"])
    s.close()
    again = Store.open(tmp_path)
    assert again.notice is None
    assert resume(again, session.id).state == session.state
    assert moved[0].read_bytes() == GARBAGE
    again.close()


def test_a_moved_aside_file_is_never_overwritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module.time, "strftime", lambda fmt, *a: "20240101-120000")
    earlier = tmp_path / f"{DB_NAME}.unreadable-20240101-120000"
    earlier.write_bytes(b"an earlier casualty")
    (tmp_path / DB_NAME).write_bytes(GARBAGE)
    first = Store.open(tmp_path)
    first.close()
    (tmp_path / DB_NAME).write_bytes(b"more garbage" * 100)
    second = Store.open(tmp_path)
    assert earlier.read_bytes() == b"an earlier casualty"
    assert (tmp_path / f"{DB_NAME}.unreadable-20240101-120000-2").read_bytes() == GARBAGE
    assert (tmp_path / f"{DB_NAME}.unreadable-20240101-120000-3").read_bytes() == b"more garbage" * 100
    assert f"{DB_NAME}.unreadable-20240101-120000-3" in second.notice
    second.close()


def test_a_database_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    """Issue 19: an SQLite file that is not companion's is never written into, nor moved (tests/test_store_faults.py)."""
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE sessions (x INTEGER)")  # someone else's database
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program"):
        Store.open(tmp_path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == [DB_NAME]


def test_a_database_of_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    s = Store.open(tmp_path)
    session = new_session(s, ["5"])
    s.conn.execute("PRAGMA user_version=3")
    s.close()
    with pytest.raises(StoreError, match="written by a newer companion"):
        Store.open(tmp_path)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("SELECT COUNT(*) FROM answers WHERE session_id=?", (session.id,)).fetchone()[0] == 1


def test_a_good_database_is_not_moved(tmp_path: Path) -> None:
    s = Store.open(tmp_path)
    new_session(s, ["5"])
    s.close()
    again = Store.open(tmp_path)
    assert again.notice is None and len(again.sessions()) == 1
    assert [p.name for p in tmp_path.iterdir() if "unreadable" in p.name] == []
    again.close()


# --- corrupt saves -------------------------------------------------------------------


def tamper(path: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql, params)


@pytest.mark.parametrize(
    "sql, message",
    [
        (
            "UPDATE answers SET text='banana' WHERE seq=0",
            "a saved answer no longer fits the game: 'banana' is not a face: a d10 shows 1-10 (0 for 10)",
        ),
        (
            "UPDATE answers SET text='11' WHERE seq=1",
            "a saved answer no longer fits the game: 11 is not a face: a d10 shows 1-10 (0 for 10)",
        ),
        (
            "UPDATE answers SET text='sideways' WHERE seq=2",
            "a saved answer no longer fits the game: where the segment is fought: choose one of standup, ground",
        ),
        (
            "DELETE FROM answers WHERE seq=1",  # 'ground' now answers blue's control roll
            "a saved answer no longer fits the game: 'ground' is not a face: a d10 shows 1-10 (0 for 10)",
        ),
        (
            "UPDATE answers SET text=X'35' WHERE seq=0",  # stored as a blob, read back as bytes
            "a saved answer cannot be replayed: TypeError",
        ),
    ],
    ids=["not-a-face", "out-of-range", "bad-choice", "gap", "blob"],
)
def test_tampered_answers_raise_corrupt_save(store: Store, tmp_path: Path, sql: str, message: str) -> None:
    session = new_session(store, ["5", "5", "ground", "15"])
    tamper(tmp_path / DB_NAME, sql)
    with pytest.raises(CorruptSave) as info:
        resume(Store.open(tmp_path), session.id)
    assert str(info.value).startswith(message)


def test_an_answer_after_the_end_is_a_corrupt_save(store: Store, tmp_path: Path) -> None:
    session = new_session(store, FIGHT)
    tamper(
        tmp_path / DB_NAME,
        "INSERT INTO answers (session_id, seq, text, virtual, at) VALUES (?, ?, '3', 0, 0)",
        session.id,
        len(FIGHT),
    )
    with pytest.raises(CorruptSave, match="the bout is over: nothing more to roll"):
        resume(store, session.id)


@pytest.mark.parametrize(
    "setup, message",
    [
        ("not json", "Expecting value"),
        (
            json.dumps({"game": "nhb", "fighters": [], "options": {}}),
            "the saved setup cannot be used: an NHB bout needs exactly two fighters",
        ),
        (
            json.dumps({"game": "chess", "fighters": [], "options": {}}),
            "the saved setup cannot be read: \"unknown game 'chess'",
        ),
        (json.dumps({"game": "nhb", "fighters": [{"name": "X"}, {"name": "Y"}]}), "the saved setup cannot be read"),
        (json.dumps([1, 2]), "the saved setup cannot be read"),
    ],
    ids=["not-json", "one-fighter-short", "unknown-game", "bad-card", "not-a-mapping"],
)
def test_a_tampered_setup_raises_corrupt_save(store: Store, tmp_path: Path, setup: str, message: str) -> None:
    session = new_session(store, ["5"])
    tamper(tmp_path / DB_NAME, "UPDATE sessions SET setup=? WHERE id=?", setup, session.id)
    with pytest.raises(CorruptSave) as info:
        resume(store, session.id)
    assert message in str(info.value)


def test_a_corrupt_save_leaves_the_database_alone(store: Store, tmp_path: Path) -> None:
    session = new_session(store, ["5", "5"])
    tamper(tmp_path / DB_NAME, "UPDATE answers SET text='banana' WHERE seq=1")
    before = rows(tmp_path / DB_NAME, session.id)
    with pytest.raises(CorruptSave):
        resume(store, session.id)
    assert rows(tmp_path / DB_NAME, session.id) == before
    assert saved(store, session.id).status == "open"


# --- where the data lives ----------------------------------------------------------------


def test_data_dir_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(str(tmp_path / "arg")) == tmp_path / "arg"
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    assert data_dir(None) == tmp_path / "env"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    assert data_dir() == Path(platformdirs.user_data_dir("companion", appauthor=False))
    monkeypatch.setenv("COMPANION_DATA_DIR", "")  # empty is unset
    assert data_dir() == Path(platformdirs.user_data_dir("companion", appauthor=False))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir("~/games") == tmp_path / "home" / "games"


def write_cards(directory: Path, name: str) -> None:
    (directory / "fighters").mkdir(parents=True)
    (directory / "fighters" / "mine.yaml").write_text(
        f"game: nhb\nfighters:\n  - {{name: {name}, control: 1, standup: 1, ground: 1, finishing: 1, toughness: 1}}\n"
    )


def test_the_command_line_uses_the_data_dir_precedence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_cards(tmp_path / "arg", "Arg Fighter")
    write_cards(tmp_path / "env", "Env Fighter")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "env"))

    assert cli.main(["--data-dir", str(tmp_path / "arg"), "fighters", "list", "nhb"]) == 0
    names = capsys.readouterr().out.splitlines()
    assert names[-1] == "Arg Fighter" and "Env Fighter" not in names

    assert cli.main(["fighters", "list", "nhb"]) == 0
    names = capsys.readouterr().out.splitlines()
    assert names[-1] == "Env Fighter" and "Arg Fighter" not in names


def test_a_damaged_result_is_listed_without_one(tmp_path) -> None:
    """The home screen lists saved fights: a result that is not JSON must not stop it."""
    from companion.store import Store

    store = Store.open(tmp_path)
    session_id = store.create("nhb", {"game": "nhb", "fighters": [], "options": {}}, "A vs B")
    store.conn.execute("UPDATE sessions SET status='over', result='{not json' WHERE id=?", (session_id,))
    (saved,) = store.sessions("over")
    assert saved.id == session_id and saved.result is None
    store.close()


def test_a_setting_is_kept_across_reopening_and_only_known_ones(tmp_path: Path) -> None:
    """The odds shown or hidden (issue 8) outlive the app, beside the schema version; a key that is not a
    setting is a programming error, refused."""
    store = Store.open(tmp_path)
    assert store.setting("odds", "shown") == "shown"
    store.set_setting("odds", "hidden")
    store.close()
    again = Store.open(tmp_path)
    assert again.setting("odds", "shown") == "hidden" and again.notice is None
    with pytest.raises(KeyError):
        again.set_setting("schema", "99")
    with pytest.raises(KeyError):
        again.setting("colour", "red")
    again.close()


def test_a_forgotten_fight_is_out_of_the_lists_until_brought_back(store: Store) -> None:
    """Issue 22: forgetting keeps the answers; bringing back restores the list it was in; a purge
    (the app's quit) deletes forgotten fights for good."""
    a = new_session(store, ["5"])
    b = new_session(store, ["5"])
    store.forget(a.id)
    assert store.status(a.id) == "forgotten" and [s.id for s in store.sessions()] == [b.id]
    assert [s.id for s in store.sessions("open")] == [b.id]
    store.bring_back(a.id)
    assert store.status(a.id) == "open" and {s.id for s in store.sessions("open")} == {a.id, b.id}
    with pytest.raises(KeyError):
        store.bring_back(a.id)  # not forgotten now
    store.forget(b.id)
    other = Store.open(store.path.parent)  # another app on the same folder, with a fight it forgot
    try:
        store.forget(a.id)
        other.bring_back(a.id)
        other.forget(a.id)
        assert store.purge_forgotten() == 1 and store.status(b.id) is None  # its own, not the other's
        assert store.status(a.id) == "forgotten"
        other.bring_back(a.id)
        assert store.status(a.id) == "open"
    finally:
        other.close()


def test_an_id_too_large_for_sqlite_is_no_fight(tmp_path: Path) -> None:
    """Final review: ``companion export 99999999999999999999999`` ended in SQLite's OverflowError and a
    traceback; such an id is no saved fight, said as for any other unknown id."""
    import subprocess
    import sys

    store = Store.open(tmp_path)
    huge = 10**23
    assert store.describe(huge) is None and store.status(huge) is None
    with pytest.raises(KeyError, match="no saved session"):
        store.load(huge)
    store.close()
    for args in (["export", str(huge)], ["play", "--plain", "nhb", "--resume", str(huge)]):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--data-dir", str(tmp_path), *args],
            check=False,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert f"{huge}" in done.stderr and f"'no saved session {huge}'" not in done.stderr
