"""``companion play --plain``: a fight as lines of text, for a screen reader (issue 23, item 5).

Played as a table plays it: answers typed a line at a time on standard input, the prompt, the
log lines and the refusals read back from standard output; the fight checked in the store the
app reads. Every golden script of ``companion script`` is played through it too (plain_golden).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting", "plain_golden")

import plain_golden
from scripting import header, run

from companion.ruleset import get_ruleset
from companion.session import resume
from companion.store import Store


def fight_in(data_dir: Path, session_id: int = 1):
    """The fight as the app would resume it from the store: (session, store)."""
    store = Store.open(data_dir)
    return resume(store, session_id), store


# --- the golden scripts -----------------------------------------------------------------


def test_every_game_has_golden_scripts_to_play():
    assert {game for game, _ in plain_golden.SCRIPTS} == {"nhb", "fo", "cage_match", "fudge", "paf"}


@pytest.mark.parametrize(("game", "path"), plain_golden.SCRIPTS, ids=[p.stem for _, p in plain_golden.SCRIPTS])
def test_golden_script_in_plain_mode(game: str, path: Path, tmp_path: Path):
    """Each golden script typed in plain mode prints its answers' log lines (and refusals) as the
    script does, ends with the same result, trackers and exit status, and the log command says
    the whole golden log."""
    answers, final = plain_golden.expected(path)
    typed = [line for answer in answers for line in answer.typed] + ["log"]
    proc = run(tmp_path, *plain_golden.arguments(game, path, tmp_path), stdin="\n".join(typed) + "\n")
    assert "Traceback" not in proc.stderr, proc.stderr
    out = proc.stdout.splitlines()
    at = 0
    for number, answer in enumerate(answers, start=1):
        for _ in answer.typed:  # each line typed is asked for after the marker
            while at < len(out) and not out[at].startswith("> "):
                at += 1
            at += 1
        at -= 1
        assert at < len(out) and out[at] == "> " + answer.echo, f"answer {number} ({answer.typed}) not echoed"
        got = out[at + 1 : at + 1 + len(answer.printed)]
        assert got == answer.printed, f"answer {number}: {answer.typed}"
        at += 1 + len(answer.printed)
    log = [line for answer in answers for line in answer.log]
    asked = out.index("> log", at)
    assert out[asked + 1 : asked + 1 + len(log)] == (log or ["Nothing logged yet."]), "the log command"
    _, status = header(path)
    assert proc.returncode == status, proc.stdout[-2000:]
    session, store = fight_in(tmp_path)
    try:
        assert [line for line, _ in session.log()] == [line.removesuffix(" (app roll)") for line in log]
        assert session.over == final["over"]
        if final["result"] is not None:
            assert session.prompt.result.to_json() == final["result"]
            assert store.status(1) == "over"
        assert json.loads(json.dumps(session.ruleset.trackers(session.state))) == final["trackers"]
    finally:
        session.close()
        store.close()
