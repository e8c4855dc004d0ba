"""Issue 23, its parts together: an exported fight carries its amendments (item 1) and the free
roller's rolls kept with it (item 3), and still replays exactly (item 2).

A two-fighter bout (NHB) and a scene (Fudge), played with the goldens' typed faces into a store,
an answer amended as ``amend N TEXT`` amends it, a free roll of fixed dice kept with the fight as
the dice roller keeps it; then ``companion export`` and ``companion script --from``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")
import scripting
from test_export import data_dir, item, lines_of, markdown, replayed, stored_fight

from companion import cli, roller
from companion.amending import standing
from companion.store import FreeRoll, Store

WHEN = r"\d{4}-\d\d-\d\d \d\d:\d\d"
__all__ = ["data_dir"]  # test_export's fixture: the data folder, COMPANION_DATA_DIR set to it


def free_roll(data_dir: Path, session_id: int, text: str, seed: int) -> FreeRoll:
    """A roll of the free roller with fixed dice, kept with the fight as the roller keeps it."""
    roll = roller.parse(text).roll(random.Random(seed))
    store = Store.open(data_dir)
    try:
        return store.add_free_roll(session_id, roll.expression.text, roll.faces, roll.total)
    finally:
        store.close()


def exported_json(data_dir: Path, session_id: int) -> tuple[Path, dict]:
    out = data_dir / "fight.json"
    proc = scripting.run(data_dir, "export", str(session_id), "--format", "json", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out, json.loads(out.read_text(encoding="utf-8"))


def test_a_bout_exports_its_amendment_and_free_roll_and_replays_as_amended(data_dir: Path):
    """NHB: Ken's control roll 4 amended to 3 (Royce still controls: every later answer kept), and
    a free 2d6+3 of seed 7 ([3 2] +3 = 8)."""
    session = stored_fight(
        data_dir, "nhb", ["7", "4", "g", "roll", "12"], ["--red", "Royce Gracie", "--blue", "Ken Shamrock"], seed=2
    )
    assert cli.amend_line(session, "amend 2 3")["kept"] == ["g", "2", "12"]
    kept = free_roll(data_dir, session.id, "2d6+3", 7)
    assert (kept.faces, kept.total) == ("[3 2] +3", 8)
    session.close()

    text = markdown(data_dir, session)
    assert item(text, 2).splitlines()[0] == "2. Ken Shamrock: roll d10! for control, +16: `3`, typed, amended: was `4`"
    assert "amended" not in item(text, 1) + item(text, 3)  # only the amended answer is marked
    amendments = text[text.index("## Amendments") :].split("\n\n")[1]
    assert re.fullmatch(
        rf"- Answer 2 \(Ken Shamrock\), {WHEN}: `4` → `3`; kept `ground`, `2`, `12`; dropped none", amendments
    ), amendments
    rolls = text[text.index("## Free rolls") :].split("\n\n")
    assert re.sub(WHEN, "WHEN", rolls[2].strip()) == "- WHEN `2d6+3`: `[3 2] +3` = **8**"

    path, data = exported_json(data_dir, session.id)
    assert [a["text"] for a in data["answers"]] == ["7", "3", "g", "2", "12"]  # the fight as amended
    assert data["amendments"] == [
        {
            "answer": 2,
            "who": "Ken Shamrock",
            "at": data["amendments"][0]["at"],
            "was": "4",
            "now": "3",
            "kept": ["g", "2", "12"],
            "dropped": [],
            "was_shown": "4",
            "now_shown": "3",
            "kept_shown": ["ground", "2", "12"],  # as the choice's prompt showed it
            "dropped_shown": [],
        }
    ]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", data["amendments"][0]["at"])
    assert [{k: v for k, v in r.items() if k != "at"} for r in data["free_rolls"]] == [
        {"seq": 1, "expression": "2d6+3", "faces": "[3 2] +3", "total": 8}
    ]
    # the replay plays the amended answers; the amendments and free rolls are a record, not replayed
    proc, emitted = replayed(data_dir, path)
    assert proc.returncode == 0, proc.stderr
    accepted = [line for line in emitted if "accepted" in line]
    assert [line["accepted"] for line in accepted] == ["7", "3", "g", "2", "12"]
    assert [line["log"] for line in accepted] == data["log"]
    assert "Ken Shamrock rolls 3 (d10!) + 16 (control) = 19 for control" in data["log"][1]
    assert emitted[-1]["final"]["trackers"] == data["trackers"]


def test_a_scene_exports_its_amendment_with_what_was_dropped_and_replays_as_amended(data_dir: Path):
    """Fudge: Pete's first attack roll (answer 7) amended from a Great to a miss; the answers that
    still fit are kept, the first that no longer fits and those after it dropped; two free rolls."""
    args, lines = lines_of("fudge")
    session = stored_fight(data_dir, "fudge", lines[:11], args)
    out = cli.amend_line(session, "amend 7 - - - -")
    assert out["amended"] == 7 and out["who"] == "Pete Cole" and out["was"] == "+ + + 0"
    amendment = session.amendments[-1]
    assert amendment.dropped, "the miss changes what is asked after it"
    assert standing(session) == {6: amendment}
    free_roll(data_dir, session.id, "4dF", 3)
    free_roll(data_dir, session.id, "d%", 4)
    answers, log = session.answers, [list(step.log) for step in session.steps]
    session.close()

    text = markdown(data_dir, session)
    assert item(text, 7).splitlines()[0].endswith(": `- - - -`, typed, amended: was `+ + + 0`")
    said = text[text.index("## Amendments") :].split("\n\n")[1]
    # Dina's roll and Bruno's dodge still fit; Pete's damage no longer does (he missed)
    assert re.sub(WHEN, "WHEN", said) == (
        "- Answer 7 (Pete Cole), WHEN: `+ + + 0` → `- - - -`; kept `+ 0 0 0`, `0 0 0 -`; dropped `0 0 0 0`, `- - - 0`"
    )
    assert "`4dF`" in text and "`d%`" in text and text.index("`4dF`") < text.index("`d%`")

    path, data = exported_json(data_dir, session.id)
    assert data["answers"] == [{"text": a.text, "virtual": a.virtual, "clock": a.clock} for a in answers]
    assert data["log"] == log
    (entry,) = data["amendments"]
    assert (entry["answer"], entry["who"], entry["was"], entry["now"]) == (7, "Pete Cole", "+ + + 0", "- - - -")
    assert entry["kept"] == [a.text for a in amendment.kept_answers]
    assert entry["dropped"] == [a.text for a in amendment.dropped]
    assert [(r["seq"], r["expression"]) for r in data["free_rolls"]] == [(1, "4dF"), (2, "d%")]
    proc, emitted = replayed(data_dir, path)
    assert proc.returncode == 0, proc.stderr
    assert [line["log"] for line in emitted if "accepted" in line] == log


def test_a_fight_with_no_amendment_and_no_free_roll_has_neither_section(data_dir: Path):
    args, lines = lines_of("nhb")
    session = stored_fight(data_dir, "nhb", lines[:3], args)
    session.close()
    text = markdown(data_dir, session)
    assert "## Amendments" not in text and "## Free rolls" not in text and "amended" not in text
    _, data = exported_json(data_dir, session.id)
    assert data["amendments"] == [] and data["free_rolls"] == []


def test_an_amendment_taken_back_is_not_exported(data_dir: Path):
    session = stored_fight(data_dir, "nhb", ["7", "4", "g"], ["--red", "Royce Gracie", "--blue", "Ken Shamrock"])
    session.amend(1, "3")
    session.undo()  # right after: the amendment is taken back
    session.close()
    text = markdown(data_dir, session)
    assert "## Amendments" not in text and "amended" not in text
    _, data = exported_json(data_dir, session.id)
    assert data["amendments"] == [] and [a["text"] for a in data["answers"]] == ["7", "4", "g"]
