"""Amending a past answer (issue 23, item 1): the fight folded again from the amended answer,
the later answers kept while they still fit, the first that no longer fits asked again; the
amendment recorded (who, when, old and new) and undone by undo right after; saved in one
transaction, so a fight killed during an amend resumes as it was; ``amend N TEXT`` in
``companion script``, in every game, with fixed dice."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.register_assert_rewrite("scripting")
import scripting

import companion.store as store_module
from companion.dice import Refused
from companion.ruleset import Answer, Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import NotSaved, Session, resume, start
from companion.store import DB_NAME, Store

RED = NhbCard(name="Red Rover", control=10, standup=10, ground=10, finishing=5, toughness=5)
BLUE = NhbCard(name="Blue Moon", control=9, standup=10, ground=10, finishing=5, toughness=5)
SETUP = Setup("nhb", (RED, BLUE), {"segments": 1})
# control 5+10=15 v 5+9=14: Red Rover; ground; fight points 15+10+2=27 v 5+10=15; finish 9+5+2=16 v
# toughness 1+5=6: margin 10, GNP TKO at 0:50 (tests/test_store.py's fight)
FIGHT = ["5", "5", "ground", "15", "5", "9", "1"]


@pytest.fixture
def store(tmp_path: Path):
    s = Store.open(tmp_path)
    yield s
    s.close()


def played(store: Store | None = None, answers: list[str] = FIGHT) -> Session:
    session = Session(RULESET, SETUP, rng=random.Random(1)) if store is None else start(store, RULESET, SETUP)
    for text in answers:
        session.submit(text)
    return session


def seen(session: Session) -> tuple[Any, ...]:
    """Everything the table sees of a fight, and what undo and redo would do."""
    return (session.answers, session.log(), session.prompt, list(session.redo_stack), session.state)


def texts(answers: Any) -> list[str]:
    return [answer.text for answer in answers]


# --- the re-fold -----------------------------------------------------------------------


def test_a_later_answer_whose_prompt_changed_is_asked_again_and_the_rest_dropped() -> None:
    session = played()
    amendment = session.amend(0, "1")  # Red Rover 1+10 = 11 < 14: Blue Moon takes control
    assert (amendment.number, amendment.who, amendment.old.text, amendment.new) == (1, "Red Rover", "5", "1")
    # Blue Moon's control roll is asked the same and kept; the choice of where is now Blue Moon's
    assert texts(amendment.kept_answers) == ["5"]
    assert texts(amendment.dropped) == ["ground", "15", "5", "9", "1"]
    assert texts(session.answers) == ["1", "5"]
    assert session.prompt.headline() == "Blue Moon: choose where the segment is fought"
    assert [line for line, _ in session.log()] == [
        "Red Rover rolls 1 (d10!) + 10 (control) = 11 for control",
        "Blue Moon rolls 5 (d10!) + 9 (control) = 14 for control",
        "Blue Moon takes control (14 to 11)",
    ]
    assert not session.over and session.redo_stack == []


def test_later_answers_that_still_fit_are_kept_and_refolded_with_the_new_numbers() -> None:
    session = played()
    amendment = session.amend(3, "7")  # fight points 7+12 = 19 v 15: a difference of 4
    assert amendment.kept == 3 and amendment.dropped == ()
    assert texts(session.answers) == ["5", "5", "ground", "7", "5", "9", "1"]
    lines = [line for line, _ in session.log()]
    assert "Red Rover rolls 7 (d20) + 10 (ground) + 2 (control) = 19 for fight points" in lines
    assert "Red Rover wins the segment on fight points, 19 to 15" in lines
    # the finish now adds 19 // 10 = 1, and a difference under 10 asks for the exact seconds (NHB-7)
    assert "Red Rover rolls 9 (d10) + 5 (finishing) + 1 (fight points / 10) = 15 for the finish" in lines
    assert session.prompt.headline().startswith("Red Rover: roll d6 d10 for the exact seconds")
    assert not session.over
    # the same as undoing to answer 4 and typing the rest again
    again = played(answers=["5", "5", "ground", "7", "5", "9", "1"])
    assert seen(session)[:3] == seen(again)[:3]


def test_an_exploding_die_typed_in_one_go_amends_as_one_answer_a_die() -> None:
    session = played()
    amendment = session.amend(0, "10 2")  # 10 explodes, then 2: 22 + 10 = 32
    assert texts(amendment.given) == ["10", "2"] and amendment.new == "10 2"
    assert texts(session.answers)[:3] == ["10", "2", "5"]
    assert "Red Rover rolls 10 + 2 (d10!) + 10 (control) = 22 for control" in [line for line, _ in session.log()]


def test_a_refused_amendment_changes_nothing_and_says_why() -> None:
    session = played(answers=FIGHT[:4])
    session.undo()  # something to redo, which a refusal keeps too
    before = seen(session)
    for index, text, reason in [
        (0, "11", "a d10 shows 1-10"),  # the reader's own message
        (2, "sideways", "choose one of standup, ground"),
        (0, "5", "answer 1 is 5 already"),
        (3, "7", "there is no answer 4: the answers are numbered 1 to 3"),
        (-1, "7", "there is no answer 0"),
    ]:
        with pytest.raises(Refused) as refused:
            session.amend(index, text)
        assert reason in refused.value.reason
        assert seen(session) == before
    with pytest.raises(Refused, match="no answer to amend yet"):
        played(answers=[]).amend(0, "5")


def test_roll_in_place_of_a_past_answer_has_the_app_roll_it() -> None:
    session = played(answers=FIGHT[:3])
    amendment = session.amend(1, "roll")
    assert amendment.given[0].virtual and amendment.old.text == "5"
    assert session.log()[1][1]  # marked as the app's roll


# --- undo ------------------------------------------------------------------------------


def test_undo_right_after_an_amend_gives_the_fight_back_exactly() -> None:
    session = played()
    session.undo()
    session.undo()  # two answers waiting to be redone: the amend empties the redo stack
    before = seen(session)
    session.amend(0, "1")
    assert session.redo_stack == [] and session.amended is not None
    session.undo()
    assert seen(session) == before  # the dropped answers and the redo stack too
    assert session.amendments == [] and session.amended is None
    session.redo()
    session.redo()
    assert session.over and texts(session.answers) == FIGHT


def test_undo_after_answering_again_takes_back_that_answer_only() -> None:
    session = played()
    session.amend(0, "1")
    session.submit("standup")  # Blue Moon's choice, asked again
    session.undo()
    assert texts(session.answers) == ["1", "5"] and session.amended is None  # something was done since
    session.undo()  # now an ordinary undo: Blue Moon's control roll
    assert texts(session.answers) == ["1"]


def test_undo_walks_back_through_amendments_in_order() -> None:
    """Play-testing backlog: two amendments one after the other, then two undos: the second undo
    takes back the first amendment (it had taken back only the latest, then dropped an answer);
    a third undo is the usual undo of the last answer."""
    session = played()
    before = seen(session)
    session.amend(0, "6")  # Red Rover 6 + 10 = 16 v 14: everything after still fits
    first = seen(session)
    session.amend(1, "4")
    assert texts(session.answers) == ["6", "4", *FIGHT[2:]]
    session.undo()
    assert seen(session) == first and session.amended is not None and session.amended.new == "6"
    session.undo()
    assert seen(session) == before and session.amendments == [] and session.amended is None
    session.undo()  # no amendment left: the last answer, as ever
    assert texts(session.answers) == FIGHT[:-1] and texts(session.redo_stack) == [FIGHT[-1]]


def test_an_answer_between_two_amendments_stops_the_walk_there() -> None:
    """An amendment is taken back only while nothing was done since it: with an answer given and
    taken back between two amendments, undo takes back the second, then is the usual undo."""
    session = played(answers=FIGHT[:3])
    session.amend(0, "6")
    session.submit("15")
    session.undo()  # the answer waits to be redone: the first amendment is no longer undoable
    session.amend(1, "4")
    session.undo()
    assert texts(session.answers) == ["6", "5", "ground"] and session.amended is None
    session.undo()
    assert texts(session.answers) == ["6", "5"]


# --- the store ---------------------------------------------------------------------------


def test_two_amendments_are_walked_back_after_a_restart_too(store: Store, tmp_path: Path) -> None:
    """The walk back is saved: after two amendments and a restart, undo takes back the second, and
    after another restart the first."""
    session = played(store)
    session.amend(0, "6")
    session.amend(1, "4")
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert again.amended is not None and again.amended.new == "4"
    again.undo()
    assert texts(again.answers) == ["6", *FIGHT[1:]]
    again.close()
    third = resume(Store.open(tmp_path), session.id)
    assert third.amended is not None and third.amended.new == "6"
    third.undo()
    assert third.over and texts(third.answers) == FIGHT and third.amendments == []
    assert [row[5] for row in amendment_rows(tmp_path / DB_NAME, session.id)] == [1, 1]
    third.close()


def amendment_rows(path: Path, session_id: int) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT seq, who, old, new, at, undone FROM amendments WHERE session_id=? ORDER BY id", (session_id,)
        ).fetchall()


def test_an_amend_is_saved_and_recorded_and_resumes(store: Store, tmp_path: Path) -> None:
    session = played(store)
    clock = time.time()
    session.amend(0, "1")
    after = seen(session)
    (row,) = amendment_rows(tmp_path / DB_NAME, session.id)
    assert row[:4] == (0, "Red Rover", "5", "1") and abs(row[4] - clock) < 5 and row[5] == 0
    assert store.status(session.id) == "open"  # the fight it ended is no longer over
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert seen(again) == after
    (amendment,) = again.amendments
    assert (amendment.who, amendment.old.text, amendment.new, texts(amendment.dropped)) == (
        "Red Rover",
        "5",
        "1",
        ["ground", "15", "5", "9", "1"],
    )
    again.undo()  # nothing was done since: undo takes the amendment back, after a restart too
    assert again.over and texts(again.answers) == FIGHT
    assert amendment_rows(tmp_path / DB_NAME, session.id)[0][5] == 1  # kept in the record, marked undone
    again.close()
    third = resume(Store.open(tmp_path), session.id)
    assert third.over and texts(third.answers) == FIGHT and third.amendments == [] and third.redo_stack == []


def test_an_amend_answered_past_is_not_undone_after_a_restart(store: Store, tmp_path: Path) -> None:
    session = played(store)
    session.amend(0, "1")
    session.submit("standup")
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert again.amended is None and len(again.amendments) == 1
    again.undo()
    assert texts(again.answers) == ["1", "5"]


def test_a_redo_stack_given_back_by_undoing_an_amend_survives_a_restart(store: Store, tmp_path: Path) -> None:
    session = played(store)
    for _ in range(3):
        session.undo()
    session.amend(1, "6")
    session.undo()
    before = seen(session)
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert seen(again) == before and texts(again.redo_stack) == ["1", "9", "5"]


def test_a_failure_inside_the_amends_write_changes_nothing(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answers rewritten, then the write fails before the record is in: all rolled back."""
    session = played(store)
    before = seen(session)
    real = Store._rewrite

    def half_done(self: Store, *args: Any) -> None:
        real(self, *args)  # the answers are rewritten inside the transaction ...
        raise sqlite3.OperationalError("disk I/O error")  # ... and then the write fails

    monkeypatch.setattr(Store, "_rewrite", half_done)
    with pytest.raises(NotSaved, match="not saved"):
        session.amend(0, "1")
    assert seen(session) == before
    monkeypatch.undo()
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert seen(again) == before and again.amendments == [] and again.over


KILLED = """
import os, random, sys
from pathlib import Path
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import resume
from companion.store import Store
store = Store.open(Path(sys.argv[1]))
session = resume(store, int(sys.argv[2]))
real = Store._rewrite
def killed(self, *args):
    real(self, *args)
    os._exit(9)  # killed between rewriting the answers and recording the amendment
Store._rewrite = killed
session.amend(0, "1")
"""


@pytest.mark.slow
def test_a_fight_killed_during_an_amend_resumes_with_nothing_lost(store: Store, tmp_path: Path) -> None:
    session = played(store)
    before = seen(session)
    session.close()
    killed = subprocess.run([sys.executable, "-c", KILLED, str(tmp_path), str(session.id)], check=False, timeout=60)
    assert killed.returncode == 9
    again = resume(Store.open(tmp_path), session.id)
    assert seen(again) == before and again.amendments == [] and again.over
    again.amend(0, "1")  # and the amend can be made again
    assert texts(again.answers) == ["1", "5"]


def test_a_store_made_before_amendments_gets_the_table_and_its_fights_load(tmp_path: Path) -> None:
    old = Store.open(tmp_path)
    session = played(old)
    session.close()
    old.close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("DROP TABLE amendments")  # as a store of an earlier companion has it
    reopened = Store.open(tmp_path)
    again = resume(reopened, session.id)
    assert again.over and texts(again.answers) == FIGHT and again.amendments == []
    again.amend(0, "1")
    assert len(amendment_rows(tmp_path / DB_NAME, session.id)) == 1
    again.close()
    reopened.close()


def test_a_read_only_store_without_the_table_still_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = Store.open(tmp_path)
    session = played(old)
    session.close()
    old.close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("DROP TABLE amendments")
    real = os.access  # the store may not be written (as tests/test_store_faults.py makes it)
    monkeypatch.setattr(store_module.os, "access", lambda p, mode: real(p, mode) and not (mode & os.W_OK))
    ro = Store.open(tmp_path)
    assert ro.read_only is not None
    again = resume(ro, session.id)
    assert again.over and again.amendments == []
    with pytest.raises(NotSaved, match="read-only"):
        again.amend(0, "1")
    assert texts(again.answers) == FIGHT


def test_deleting_a_fight_deletes_its_amendments(store: Store, tmp_path: Path) -> None:
    session = played(store)
    session.amend(0, "1")
    session.close()
    store.delete(session.id)
    assert amendment_rows(tmp_path / DB_NAME, session.id) == []


# --- companion script, every game ---------------------------------------------------------

GOLDEN = scripting.GOLDEN


def script(tmp_path: Path, game: str, cards: str, args: list[str], lines: list[str]) -> list[dict[str, Any]]:
    proc = scripting.run(
        tmp_path, "script", game, "--fighters", str(GOLDEN / cards), *args, stdin="\n".join(lines) + "\n"
    )
    assert proc.stderr == ""
    return [json.loads(line) for line in proc.stdout.splitlines()]


def amended(out: list[dict[str, Any]]) -> dict[str, Any]:
    (line,) = [o for o in out if "amended" in o]
    return line


NHB_ARGS = ["--red", "Gold Grappler", "--blue", "Gold Striker"]
NHB_LINES = ["10", "3", "9", "ground", "12", "16"]  # tests/golden/nhb_armbar.txt, segment 1


def test_script_nhb_amend_keeps_what_fits(tmp_path: Path) -> None:
    out = script(tmp_path, "nhb", "cards.yaml", NHB_ARGS, NHB_LINES + ["amend 2 5"])
    line = amended(out)
    assert (line["amended"], line["who"], line["was"], line["now"]) == (2, "Gold Grappler", "3", "5")
    assert line["kept"] == ["9", "ground", "12", "16"] and line["dropped"] == [] and line["asked_again"] is None
    assert line["log"][0] == "Gold Grappler rolls 10 + 5 (d10!) + 15 (control) = 30 for control"
    assert "Gold Grappler takes control (30 to 18)" in line["log"]
    # the prompt now asked follows, as after any answer
    assert out[out.index(line) + 1]["prompt"]["reason"] == "the finish"
    assert out[-1]["final"]["trackers"]["Gold Grappler"]["fight_points"] == 30


def test_script_nhb_amend_asks_again_at_the_first_that_no_longer_fits(tmp_path: Path) -> None:
    out = script(
        tmp_path, "nhb", "cards.yaml", NHB_ARGS, NHB_LINES + ["amend 1 4", "amend 1 11", "amend 7 3", "amend x"]
    )
    line = amended(out)
    # 4 does not explode: the explosion's extra die ("3") goes with the 10 it followed, and the rest
    # still fits (final review: it was all dropped): Grappler 4+15 = 19 still beats Striker's 9+9 = 18
    assert line["kept"] == ["9", "ground", "12", "16"] and line["dropped"] == []
    assert line["log"][:3] == [
        "Gold Grappler rolls 4 (d10!) + 15 (control) = 19 for control",
        "Gold Striker rolls 9 (d10!) + 9 (control) = 18 for control",
        "Gold Grappler takes control (19 to 18)",
    ]
    assert line["asked_again"] is None
    refusals = [o for o in out if "refused" in o]
    assert [r["refused"] for r in refusals] == ["amend 1 11", "amend 7 3", "amend x"]
    assert "a d10 shows 1-10" in refusals[0]["reason"]
    assert refusals[1]["reason"] == "there is no answer 7: the answers are numbered 1 to 5"
    assert refusals[2]["reason"].startswith("write amend N TEXT")
    assert out[-1]["final"]["trackers"]["Gold Grappler"]["controller"] is True


def test_script_fo_amend_keeps_the_answers_clock(tmp_path: Path) -> None:
    lines = ["@0:00 3 4", "@0:02 5 2", "@0:05 2 2", "@0:07 6 6", "@0:15 punch", "amend 2 1 1"]
    out = script(tmp_path, "fo", "fo_cards.yaml", ["--red", "Fo Striker", "--blue", "Fo Grappler"], lines)
    line = amended(out)
    # no tie now: the re-roll is not asked, Fo Grappler attacks first (FO-2)
    assert (line["who"], line["was"], line["now"]) == ("Fo Grappler", "5 2", "1 1")
    assert line["log"] == ["Fo Grappler rolls 1 + 1 = 2 in the roll-off", "Fo Grappler attacks first (2 to 7)"]
    assert line["kept"] == [] and line["dropped"] == ["2 2", "6 6", "punch"]
    assert line["asked_again"]["who"] == "Fo Grappler" and line["asked_again"]["kind"] == "choice"
    assert out[-1]["final"]["trackers"]["Fo Grappler"]["holds_dice"] is True


def test_fo_amend_keeps_the_clock_stamp_of_the_amended_answer() -> None:
    from companion.rulesets.fo.ruleset import RULESET as FO

    session = fo_session(FO)
    for clock, text in [(0.0, "3 4"), (2.0, "5 2"), (5.0, "2 2")]:
        session.submit(text, clock=clock)
    session.amend(1, "1 1")
    assert session.answers == [Answer("3 4", False, 0.0), Answer("1 1", False, 2.0)]


def fo_session(ruleset: Any) -> Session:
    import yaml

    data = yaml.safe_load((GOLDEN / "fo_cards.yaml").read_text())
    cards = {c["name"]: ruleset.card_model.model_validate(c) for c in data["fighters"]}
    return Session(ruleset, Setup("fo", (cards["Fo Striker"], cards["Fo Grappler"]), {}))


CM_ARGS = ["--red", "Greg O'Connor", "--blue", "Frank Duke", "--option", "first_fight=on"]
CM_LINES = ["red=dodge blue=throw", "3 2", "red=dodge+d1 blue=shoot", "red=taunt blue=focus+x1"]


def test_script_cage_match_amend_a_roll_and_a_secret_pick(tmp_path: Path) -> None:
    out = script(
        tmp_path,
        "cage_match",
        "cage_match_cards.yaml",
        CM_ARGS,
        CM_LINES + ["amend 2 1 1", "amend 1 red=dodge blue=protect"],
    )
    first, second = [o for o in out if "amended" in o]
    # Duke's throw 1+1-1 = 1, double 1s: it misses, O'Connor keeps his 60 muscle; turns 2 and 3 kept
    assert first["who"] == "Frank Duke" and first["log"][:2] == [
        "Frank Duke rolls 1+1-1 = 1 for throw — double 1s",
        "Throw: a miss",
    ]
    assert first["kept"] == ["red=dodge+d1 blue=shoot", "red=taunt blue=focus+x1"] and first["dropped"] == []
    # both corners' picks: Dodge v Protect taunts, no roll: the throw's roll no longer fits, turn 2 is asked
    assert second["who"] == "Greg O'Connor and Frank Duke" and second["now"] == "red=dodge blue=protect"
    assert second["kept"] == [] and second["dropped"] == ["1 1", "red=dodge+d1 blue=shoot", "red=taunt blue=focus+x1"]
    assert (second["asked_again"]["kind"], second["asked_again"]["turn"]) == ("secret", 2)
    trackers = out[-1]["final"]["trackers"]
    assert (trackers["Greg O'Connor"]["muscle"], trackers["Greg O'Connor"]["focus"]) == (60, 1)


FUDGE_ARGS = [
    *("--red", "Kit Swale", "--red", "Ada Fenn", "--red", "Gus Varga", "--blue", "Hal Brandt", "--blue", "Vera Lund"),
    *("--option", "health_rolls=on", "--option", "armor_dr=on", "--option", "armor_pd=on"),
    *("--option", "aim=on", "--option", "all_out_attack=on", "--option", "reloading=on"),
]


def golden_answers(name: str, most: int) -> list[str]:
    lines = [line.split("#", 1)[0].strip() for line in (GOLDEN / f"{name}.txt").read_text().splitlines()]
    return [line for line in lines if line][:most]


def test_script_fudge_amend_a_roll_refolds_the_round(tmp_path: Path) -> None:
    lines = golden_answers("fudge_skirmish", 20)  # round 1: declarations, then the rolls
    assert lines[14] == "+ + + +"  # Ada Fenn's combat roll, answer 15
    out = script(tmp_path, "fudge", "fudge_cards.yaml", FUDGE_ARGS, lines + ["amend 15 0 0 0 0"])
    line = amended(out)
    assert (line["amended"], line["who"], line["was"], line["now"]) == (15, "Ada Fenn", "+ + + +", "0 0 0 0")
    assert line["dropped"] == [] and len(line["kept"]) == 5
    # Ada now misses, so Hal beats both his attackers and hits Kit (the gang-up rule, FU-2)
    assert "Ada Fenn's Fair vs Hal Brandt's Great: Ada Fenn misses (RD -2)" in line["log"]
    assert "Hal Brandt's Great vs Kit Swale's Good: Hal Brandt hits (RD 1)" in line["log"]


def test_script_paf_amend_initiative_asks_the_other_first(tmp_path: Path) -> None:
    lines = golden_answers("paf_melee", 7)  # round 1
    out = script(
        tmp_path,
        "paf",
        "paf_cards.yaml",
        ["--red", "Wulf Ironhand", "--blue", "Orc Grunt"],
        lines + ["amend 4 40", "amend 1 1"],
    )
    miss, first = [o for o in out if "amended" in o]
    assert miss["log"] == ["Wulf Ironhand rolls 40, needs 43: misses Orc Grunt"]
    assert miss["dropped"] == ["5", "attack", "30"]  # no damage to roll: the orc's action is asked
    # Wulf's initiative 1 against the orc's 2: the orc strikes first (PA-6); his roll kept, the actions asked
    assert first["kept"] == ["2"] and first["dropped"] == ["attack", "40"]
    assert (first["asked_again"]["who"], first["asked_again"]["reason"]) == ("Orc Grunt", "action")
    assert out[-1]["final"]["trackers"]["Orc Grunt"]["hp"] == 12


def test_the_readme_sample_of_amend_is_what_the_script_prints(tmp_path: Path) -> None:
    import re
    import shlex

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Amending a past roll", 1)[1]
    match = re.search(r"```sh\nprintf '([^']*)' \| (companion [^\n]*)\n```\n\n```json\n(.*?)```", section, re.DOTALL)
    assert match is not None
    stdin = match.group(1).replace("\\n", "\n")
    proc = scripting.run(tmp_path, *shlex.split(match.group(2))[1:], stdin=stdin)
    shown = match.group(3).rstrip("\n").splitlines()
    out = proc.stdout.splitlines()
    start = out.index(shown[0])
    assert out[start : start + len(shown)] == shown


def test_a_clock_stamp_in_an_amend_is_refused_saying_the_answer_keeps_its_own(tmp_path: Path) -> None:
    """FO: ``amend 2 @0:03 1 1`` was read as three faces ("expected 2 faces for 2d6 ..., got 3"); the
    amended answer keeps its stamp (session.amend), so the stamp is refused, saying so, and nothing changes."""
    lines = ["@0:00 3 4", "@0:02 5 2", "amend 2 @0:03 1 1", "amend 2 1 1"]
    out = script(tmp_path, "fo", "fo_cards.yaml", ["--red", "Fo Striker", "--blue", "Fo Grappler"], lines)
    (refused,) = [o for o in out if "refused" in o]
    assert refused == {
        "refused": "amend 2 @0:03 1 1",
        "reason": "an amended answer keeps the clock stamp it was given: write amend 2 and the answer alone, "
        "without @M:SS",
    }
    assert amended(out)["was"] == "5 2"  # the refusal changed nothing


def test_the_list_of_answers_says_a_secret_choice_by_its_moves_names() -> None:
    """Issue 23 review: the list a player picks an answer to amend from (the fight screen's, plain
    mode's ``answers``) showed a Cage Match turn as ``red=jab blue=body-kick@app`` alone; the
    picks follow in words, as the export says them."""
    from companion import cli
    from companion.amending import answer_line

    parsed = cli.build_parser().parse_args(
        ["script", "cage_match", "--fighters", str(scripting.GOLDEN / "cage_match_cards.yaml"), *CM_ARGS]
    )
    session = cli.session_for(cli.ruleset_for("cage_match"), parsed)
    session.submit("red=dodge blue=throw@app")
    line = answer_line(session, 0)
    assert line.startswith("#1 ") and "red=dodge blue=throw@app (" in line
    assert "Greg O'Connor: Dodge;" in line and "Frank Duke: Throw (picked by the app)" in line


def test_amending_an_exploded_d10_to_a_face_that_does_not_explode_keeps_the_rest(store: Store) -> None:
    """Final review: ``10 4`` typed in one go is two answers; amending the 10 to 7 left the old 4
    asked against Blue Moon's control roll, and the whole fight was dropped. The old answer's own
    exploding dice go with it (neither kept nor dropped), the later answers are kept as they fit,
    and undo after a resume gives the chain back (NHB-4: a d10's 10 explodes)."""
    # control: Red Rover 10+4+10 = 24 v Blue Moon 5+9 = 14; then the FIGHT from the choice on
    session = played(store, ["10 4", *FIGHT[1:]])
    assert texts(session.answers) == ["10", "4", "5", "ground", "15", "5", "9", "1"]
    amendment = session.amend(0, "7")  # 7+10 = 17 v 14: Red Rover still controls
    assert (amendment.new, amendment.chained) == ("7", 1)
    assert texts(amendment.kept_answers) == ["5", "ground", "15", "5", "9", "1"] and amendment.dropped == ()
    assert texts(session.answers) == ["7", *FIGHT[1:]] and session.over
    assert session.log()[0][0] == "Red Rover rolls 7 (d10!) + 10 (control) = 17 for control"
    again = session.amend(1, "6")  # Blue Moon's control roll, after the chain that went: marks stay right
    assert standing_texts(session) == {0: "7", 1: "6"} and again.kept == 5
    session.close()
    resumed = resume(store, session.id)
    assert [(a.chained, a.kept) for a in resumed.amendments] == [(1, 6), (0, 5)]
    resumed.undo()  # the latest amendment is taken back, after a resume too
    assert texts(resumed.answers) == ["7", *FIGHT[1:]] and standing_texts(resumed) == {0: "7"}
    fresh = played(None, ["10 4", *FIGHT[1:]])
    fresh.amend(0, "7")
    fresh.undo()  # right after: the chain comes back whole
    assert texts(fresh.answers) == ["10", "4", *FIGHT[1:]] and fresh.over


def test_amending_a_face_to_an_exploding_one_typed_in_one_go_keeps_the_rest() -> None:
    """The other way (final review): 5 amended to ``10 3`` (one answer a die) keeps every later answer."""
    session = played()
    amendment = session.amend(0, "10 3")
    assert texts(amendment.given) == ["10", "3"] and amendment.kept == 6 and amendment.dropped == ()
    assert texts(session.answers) == ["10", "3", *FIGHT[1:]] and session.over


def standing_texts(session: Session) -> dict[int, str]:
    from companion.amending import standing

    return {i: session.answers[i].text for i in standing(session)}


def test_an_amended_answer_undone_and_typed_otherwise_is_no_longer_marked() -> None:
    """Final review: nothing held ``standing`` to its last check. Answer 4 amended, one more answer,
    both undone, and answer 4 typed otherwise: it is the table's own answer now, not the amendment's
    (the log, the list of answers and the export would say "amended: was 15")."""
    session = played(None, FIGHT[:4])
    session.amend(3, "16")
    assert standing_texts(session) == {3: "16"}
    session.submit("5")
    session.undo()
    session.undo()
    session.submit("17")
    assert texts(session.answers) == FIGHT[:3] + ["17"]
    assert standing_texts(session) == {}


@pytest.mark.parametrize("undone_before_restart", [1, 2])
def test_three_amendments_are_walked_back_after_a_restart(
    store: Store, tmp_path: Path, undone_before_restart: int
) -> None:
    """The review of the walk back: with three amendments in a row, undone once or twice and then the app
    restarted, undo goes on taking them back, latest first, as it does without the restart (each
    amendment's record names the one it was made right after; linking them by revision broke once an undo
    had made the one before undoable again)."""
    session = played(store)
    session.amend(0, "6")
    session.amend(1, "4")
    session.amend(3, "14")
    for _ in range(undone_before_restart):
        session.undo()
    live = [a.new for a in [*session._under, session.amended] if a is not None]
    session.close()
    again = resume(Store.open(tmp_path), session.id)
    assert [a.new for a in [*again._under, again.amended] if a is not None] == live
    for _ in range(3 - undone_before_restart):
        assert again.amended is not None
        again.undo()
    assert texts(again.answers) == FIGHT and again.amendments == [] and again.amended is None
    again.close()
