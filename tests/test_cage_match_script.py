"""``companion script cage_match`` and ``companion tables check``, run as a real subprocess.

Golden scripts: each ``tests/golden/cage_match_*.txt`` is a script of answers
(the secret choice of both corners on one line, ``red=jab+d1 blue=low-kick``,
then the faces as rolled and the choice keys), with its command-line arguments,
expected exit status and any file to put in the data dir in header comments::

    # copy: cage_match_user_tables.yaml tables/cage_match.yaml
    # args: --red "Greg O'Connor" --blue "Frank Duke" --option first_fight=on
    # exit: 0

It is played with ``--fighters tests/golden/cage_match_cards.yaml`` (a frozen
copy of the shipped sheets, so tuning a sheet does not move the goldens) and
an otherwise empty ``COMPANION_DATA_DIR``, and the JSON Lines on standard
output are compared line by line with ``cage_match_<name>.jsonl``. The tables
are the shipped card (rulesets/cage_match/tables.yaml): a change there shows here.

To regenerate the expected output after a deliberate change to the engine or
to a script, run (then read the diff line by line before committing it; the
scripts' comments are the engine's log when they were written):

    /tmp/venv/bin/python tests/test_cage_match_script.py regen
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.register_assert_rewrite("scripting")

import itertools

import scripting
from scripting import (
    GOLDEN,
    TIMEOUT,
    LineReader,
    answers_of,
    assert_usage_error,
    logs,
    prompts,
    run,
    spawn,
)

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CARDS = GOLDEN / "cage_match_cards.yaml"
SHIPPED_TABLES = REPO / "rulesets" / "cage_match" / "tables.yaml"
SHIPPED_ROSTER = REPO / "fighters" / "cage_match.yaml"
USER_TABLES = GOLDEN / "cage_match_user_tables.yaml"
PATTERN = "cage_match_*.txt"
SCRIPTS = sorted(GOLDEN.glob(PATTERN))
GREG, FRANK = "Greg O'Connor", "Frank Duke"


# --- running the command (the harness is tests/scripting.py) ---------------------


def script(data_dir: Path, *args: str, stdin: str = "", red: str | None = GREG, blue: str | None = FRANK):
    """``companion script cage_match`` with the golden sheets; (process, parsed JSON lines)."""
    return scripting.script("cage_match", CARDS, data_dir, *args, stdin=stdin, red=red, blue=blue)


def golden_lines(name: str, data_dir: Path) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    return scripting.golden_lines("cage_match", CARDS, name, data_dir)


def option(side: dict, key: str) -> dict:
    """One move of a corner's action pad in a secret prompt's JSON."""
    return next(o for o in side["options"] if o["key"] == key)


def tables_file(directory: Path, data: dict) -> Path:
    """``data`` written as a player's own card, ``<directory>/tables/cage_match.yaml``."""
    path = directory / "tables" / "cage_match.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def shipped_fight_card() -> dict:
    return yaml.safe_load(SHIPPED_TABLES.read_text(encoding="utf-8"))["fight_card"]


# --- golden scripts ----------------------------------------------------------------


def test_there_are_cage_match_golden_scripts():
    assert {p.stem for p in SCRIPTS} >= {
        "cage_match_ko",
        "cage_match_submission",
        "cage_match_first_fight",
        "cage_match_refusals",
        "cage_match_roll",
        "cage_match_user_tables",
    }


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_cage_match_golden_script(path: Path, tmp_path: Path):
    """Each Cage Match golden script gives exactly its recorded JSON Lines and exit status."""
    scripting.assert_matches_golden("cage_match", CARDS, path, tmp_path)


def test_golden_ko_reads_as_the_rules_say(tmp_path: Path):
    """The whole O'Connor v Duke fight, checked against the rulings rather than against itself."""
    proc, lines = golden_lines("cage_match_ko", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # the secret answers are accepted as typed (prefixes, either order, r=/b=, upper case) ...
    accepted = [line["accepted"] for line in lines if "accepted" in line]
    assert accepted[:3] == ["red=upper blue=focus", "6 6", "blue=spin red=protect"]
    assert "RED=SPRAWL BLUE=BODY-KICK+D2" in accepted and "r=dodge b=low" in accepted
    assert not any(line["virtual"] for line in lines if "accepted" in line)
    # ... and read as the full moves they name
    assert "Turn 1, STANDING. Greg O'Connor: Uppercut · Frank Duke: Focus" in text
    assert "Turn 2, STANDING. Greg O'Connor: Protect · Frank Duke: Spinning back kick (2 focus)" in text
    assert (
        "Turn 8, STANDING. Greg O'Connor: Cross · Frank Duke: Shoot & Clinch (+1 focus on dice, +2 focus on damage)"
    ) in text
    # CM-2: double 6s hit the head/body for double; double 1s miss; below the rating 9 is muscles
    assert "Uppercut: 16 to Frank Duke's head (doubled) (40 → 24)" in text
    assert "Frank Duke rolls 1+1-1 = 1 for throw — double 1s" in text and "Throw: a miss" in text
    assert "Body kick: 8 to Greg O'Connor's muscles (60 → 52)" in text  # 1+6-1+2 = 8 < 9
    # CM-4: focus on damage is +4 each, dealt once; the Focus action gains 3 when hit; protect gains 1
    assert "Jab: 12 to Frank Duke's head (+8 focus) (13 → 1)" in text
    assert "Frank Duke +3 focus (Focus): 0 → 3" in text
    assert "Greg O'Connor +1 focus (Protect): 0 → 1" in text
    # CM-5: Combine, stage 2 for 1 focus after a full-damage jab, against the block roll-off
    assert "Greg O'Connor: Stage 2, Jab (1 focus)" in text
    assert text[-2:] == ["Jab: 4 to Frank Duke's head (1 → 0)", "Frank Duke is knocked out (head nerves 0)"]
    final = lines[-1]["final"]
    assert final["over"] is True
    assert final["result"] == {
        "winner": GREG,
        "loser": FRANK,
        "method": "ko",
        "detail": "head",
        "period": 13,
        "time": "",
        "fight_time": "",
    }
    assert final["trackers"][FRANK]["head_nerves"] == 0
    assert final["trackers"][GREG] == {
        "muscle": 39,
        "body_nerves": 60,
        "head_nerves": 40,
        "focus": 1,
        "position": "STANDING",
        "side": None,
        "penalty": None,
    }
    secrets = prompts(lines, "secret")
    assert [p["turn"] for p in secrets] == list(range(1, 14))
    assert all(p["position"] == "STANDING" and p["who"] == "both" for p in secrets)


def test_golden_submission_reads_as_the_rules_say(tmp_path: Path):
    """Brandão v Reyes on the ground: the ladder of CMD-19 (the escape race of CM-7), the hold of CMD-20,
    to a tap."""
    proc, lines = golden_lines("cage_match_submission", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    moves = [t for t in text if t.startswith("Position: ")]
    assert moves == [
        "Position: GROUND, Marcus Reyes on top",  # pull guard: Brandão's special, on his back
        "Position: GROUND - PAST GUARD, Marcus Reyes on top",  # the pass wins its roll-off 8 to 6
        "Position: GROUND, Marcus Reyes on top",  # the escape recovers guard
        "Position: GROUND, Tiago Brandão on top",  # the sweep wins its roll-off against Focus, 10 to 4
    ]
    assert "Tiago Brandão rolls 4+4+2 = 10 for scissor sweep" in text  # no automatic sweep v Focus (text)
    assert "Marcus Reyes is faster" in text  # CM-7: the escape raced the ground punches, and lost
    assert "Marcus Reyes: Stage 2, Ground and pound (1 focus)" in text
    assert "Tiago Brandão has the armbar on: one more won roll-off and Marcus Reyes taps" in text
    assert text[-1] == "Marcus Reyes taps to the armbar!"
    secrets = prompts(lines, "secret")
    assert [(p["position"], p["sides"]["red"]["role"], p["sides"]["blue"]["role"]) for p in secrets] == [
        ("STANDING", None, None),
        ("GROUND", "submissive", "dominant"),
        ("GROUND - PAST GUARD", "submissive", "dominant"),
        ("GROUND - PAST GUARD", "submissive", "dominant"),
        ("GROUND", "submissive", "dominant"),
        ("GROUND", "dominant", "submissive"),
    ]
    # under past the guard only escape, protect and focus can be done (the POSITION table)
    under = secrets[2]["sides"]["red"]
    assert sorted(o["key"] for o in under["options"] if o["allowed"]) == ["escape", "focus", "protect"]
    assert all(o["why"] for o in under["options"] if not o["allowed"])
    assert lines[-1]["final"]["result"] == {
        "winner": "Tiago Brandão",
        "loser": "Marcus Reyes",
        "method": "submission",
        "detail": "Armbar",
        "period": 6,
        "time": "",
        "fight_time": "",
    }


def test_golden_first_fight_reads_as_the_text_says(tmp_path: Path):
    """First Fight: STANDING only, no Shoot & Clinch (the default is done instead), no combos."""
    proc, lines = golden_lines("cage_match_first_fight", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    assert all(p["position"] == "STANDING" for p in prompts(lines, "secret"))
    assert not any(t.startswith("Position:") for t in text)
    # the shoot is offered greyed out with the reason, accepted, and done as Protect (the text)
    for p in prompts(lines, "secret"):
        for side in p["sides"].values():
            shoot = option(side, "shoot")
            assert (shoot["allowed"], shoot["why"]) == (False, "no Shoot & Clinch in a First Fight")
    cannot = [t for t in text if "cannot do" in t]
    assert (
        cannot
        == [
            "Frank Duke cannot do Shoot & Clinch (no Shoot & Clinch in a First Fight): Protect, the default in STANDING",
        ]
        * 2
    )
    assert "Throw v Protect: PROTECTS!" in " ".join(text)
    # no combos, though full-damage jabs landed (turns 7 and 12)
    assert "Jab: 8 to Frank Duke's head (+4 focus) (16 → 8)" in text
    assert not any("combo" in p["reason"] for p in prompts(lines, "choice"))
    assert not any("Stage 2" in t for t in text)
    assert lines[-1]["final"]["result"] == {
        "winner": GREG,
        "loser": FRANK,
        "method": "ko",
        "detail": "head",
        "period": 12,
        "time": "",
        "fight_time": "",
    }


def test_golden_refusals_change_nothing(tmp_path: Path):
    """D-5: every refused answer has its reason and leaves the fight as it was; exit status 1."""
    path = GOLDEN / "cage_match_refusals.txt"
    proc, lines = golden_lines("cage_match_refusals", tmp_path)
    assert proc.returncode == 1
    refused = [line for line in lines if "refused" in line]
    reasons = {line["refused"]: line["reason"] for line in refused}
    usage = "name both corners once: red=MOVE blue=MOVE (e.g. red=jab+d1 blue=protect)"
    assert reasons["red=jab"] == usage  # a side missing
    assert reasons["red=jab red=cross"] == usage  # a side twice
    assert reasons["green=jab blue=protect"] == usage
    assert reasons["red=jabb blue=protect"].startswith("red: 'jabb' is not one of Greg O'Connor's moves (jab, cross,")
    assert reasons["red=jab blue=c"] == "blue: 'c' could be cross or check"
    assert reasons["red=jab+d1 blue=protect"] == "red: jab+d1 spends 1 focus, Greg O'Connor holds 0"  # overspend
    assert reasons["red=liver-hook+d1 blue=low-kick"] == "red: liver-hook+d1 spends 2 focus, Greg O'Connor holds 1"
    assert reasons["red=jab+d3 blue=protect"] == "red: at most 2 focus on dice (+d0 to +d2)"
    assert reasons["red=jab blue=protect+x3"] == "blue: at most 2 focus on damage (+x0 to +x2)"
    assert reasons["7 1"] == "7 is not a face: a d6 shows 1-6 (or type end)"  # a bad face
    assert reasons["3"] == "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type end)"
    assert reasons["x"] == "a combo after the jab: choose one of one-two-hook, double-jab-cross, stop (or type end)"
    # a move that cannot be done now is not refused: the default is done, and the log says why
    text = logs(lines)
    assert (
        "Greg O'Connor cannot do Hammer right hand (needs 2 focus, holds 0): Protect, the default in STANDING" in text
    )
    assert "Frank Duke cannot do Knee (not from STANDING): Protect, the default in STANDING" in text
    # nothing refused changed anything: without the refused lines the output is the same, less the refusals
    kept = [a for a in answers_of(path) if a not in reasons]
    again, clean = script(tmp_path, stdin="\n".join(kept) + "\n")
    assert again.returncode == 0, again.stderr
    assert [line for line in lines if "refused" not in line] == clean
    assert len(refused) == len(answers_of(path)) - len(kept)


def test_golden_user_tables_replace_a_section(tmp_path: Path):
    """CM-6: the player's card's `start` section replaces the shipped one (40/40/20, 4 focus)."""
    proc, lines = golden_lines("cage_match_user_tables", tmp_path)
    assert proc.returncode == 0, proc.stderr
    first = lines[0]["prompt"]
    assert (first["sides"]["red"]["focus"], first["sides"]["blue"]["focus"]) == (4, 4)
    assert option(first["sides"]["red"], "hammer-right")["allowed"] is True
    assert "Hammer right hand: 26 to Frank Duke's head (doubled) (20 → 0)" in logs(lines)
    assert lines[-1]["final"]["result"]["period"] == 1
    assert lines[-1]["final"]["trackers"][FRANK]["muscle"] == 40
    # the same answers on the shipped card: 0 focus, so the first is an overspend
    (tmp_path / "empty").mkdir()
    shipped, plain = script(
        tmp_path / "empty", stdin="".join(a + "\n" for a in answers_of(GOLDEN / "cage_match_user_tables.txt"))
    )
    assert plain[1] == {
        "refused": "red=hammer-right+d2 blue=head-kick+x2",
        "reason": "red: hammer-right+d2 spends 2 focus, Greg O'Connor holds 0",
    }
    assert shipped.returncode == 1


def test_golden_roll_is_virtual_and_fits(tmp_path: Path):
    """D-6, CMD-28, ruling CM-12: the app's picks are moves the corner can do now, with no extra focus,
    each marked ``@app``; the answer is virtual only where both corners' picks are the app's."""
    proc, lines = golden_lines("cage_match_roll", tmp_path)
    assert proc.returncode == 0, proc.stderr
    for before, after in itertools.pairwise(lines):
        if "prompt" in before and before["prompt"]["kind"] == "secret" and "accepted" in after:
            picks = dict(part.split("=") for part in after["accepted"].split())
            assert list(picks) == ["red", "blue"]
            assert after["virtual"] is all(move.endswith("@app") for move in picks.values())
            for side, move in picks.items():
                assert "+" not in move
                assert option(before["prompt"]["sides"][side], move.removesuffix("@app"))["allowed"] is True
    assert lines[1]["accepted"].endswith(" blue=jab")  # the typed corner is kept as typed
    assert lines[1]["virtual"] is False


# --- the protocol ----------------------------------------------------------------


@pytest.mark.slow  # a real process
def test_secret_prompt_is_flushed_before_the_answer_is_read(tmp_path: Path):
    """DESIGN 5.1: the secret prompt, with each corner's options and why some cannot be done, comes first."""
    with spawn(tmp_path, "script", "cage_match", "--fighters", str(CARDS), "--red", GREG, "--blue", FRANK) as proc:
        out = LineReader(proc.stdout)
        first = json.loads(out.line())["prompt"]  # nothing has been written to stdin yet
        assert (first["kind"], first["who"], first["turn"], first["position"], first["pad"]) == (
            "secret",
            "both",
            1,
            "STANDING",
            "standing",
        )
        red, blue = first["sides"]["red"], first["sides"]["blue"]
        assert (red["who"], red["focus"], red["default"], red["max_dice"], red["max_damage"]) == (
            GREG,
            0,
            "protect",
            2,
            2,
        )
        assert option(red, "jab") == {
            "key": "jab",
            "name": "Jab",
            "type": "jab",
            "focus_cost": 0,
            "dice": 1,
            "damage": 4,
            "target": "head",
            "focus_gain": 1,
            "kind": "move",
            "allowed": True,
        }
        assert option(red, "hammer-right")["why"] == "needs 2 focus, holds 0"
        assert option(blue, "knee")["why"] == "not from STANDING"
        assert proc.poll() is None
        proc.stdin.write(b"red=jab blue=low-kick\n")
        proc.stdin.flush()
        accepted = json.loads(out.line())
        assert accepted["accepted"] == "red=jab blue=low-kick" and accepted["virtual"] is False
        assert accepted["log"][0] == "Turn 1, STANDING. Greg O'Connor: Jab · Frank Duke: Low kick"
        roll = json.loads(out.line())["prompt"]
        assert (roll["kind"], roll["who"], roll["dice"], roll["modifier"]) == ("roll", GREG, "2d6", 1)
        proc.stdin.close()
        final = json.loads(out.line())["final"]
        assert final["over"] is False and final["trackers"][GREG]["focus"] == 0
        assert proc.wait(timeout=TIMEOUT) == 0


@pytest.mark.parametrize("answer", ["red=roll blue=jab", "blue=jab red=roll", "roll", "red=roll blue=roll", "ROLL"])
def test_roll_for_a_corner_is_reproducible_and_virtual(tmp_path: Path, answer: str):
    """D-6, ruling CM-12: the app picks a move the corner can do, reproducibly with --seed; each pick it
    made is marked ``@app``, and the answer is virtual only when both picks are the app's."""
    first, lines = script(tmp_path, "--seed", "5", stdin=answer + "\n")
    second, _ = script(tmp_path, "--seed", "5", stdin=answer + "\n")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    accepted = lines[1]
    picks = dict(part.split("=") for part in accepted["accepted"].split())
    assert list(picks) == ["red", "blue"]
    by_app = {side: move.endswith("@app") for side, move in picks.items()}
    for side, move in picks.items():
        assert option(lines[0]["prompt"]["sides"][side], move.removesuffix("@app"))["allowed"] is True
    if "jab" in answer:
        assert picks["blue"] == "jab" and by_app == {"red": True, "blue": False}
        assert accepted["virtual"] is False
        assert accepted["log"][0].startswith(f"Turn 1, STANDING. {GREG} (the app's pick): ")
    else:
        assert by_app == {"red": True, "blue": True} and accepted["virtual"] is True


def test_the_seed_decides_the_apps_picks(tmp_path: Path):
    seen = {script(tmp_path, "--seed", str(seed), stdin="roll\n")[1][1]["accepted"] for seed in range(5)}
    assert len(seen) > 1


def test_typed_answers_are_not_virtual(tmp_path: Path):
    _proc, lines = script(tmp_path, "--seed", "5", stdin="red=jab blue=jab\n")
    assert lines[1]["virtual"] is False and lines[1]["accepted"] == "red=jab blue=jab"


def test_no_names_is_the_texts_first_fight_pair(tmp_path: Path):
    """The text recommends O'Connor v Duke: the shipped roster's first two cards."""
    proc = run(tmp_path, "script", "cage_match", stdin="")
    assert proc.returncode == 0, proc.stderr
    first = json.loads(proc.stdout.splitlines()[0])["prompt"]
    assert (first["sides"]["red"]["who"], first["sides"]["blue"]["who"]) == (GREG, FRANK)
    shipped = [c["name"] for c in yaml.safe_load(SHIPPED_ROSTER.read_text(encoding="utf-8"))["fighters"]]
    assert shipped[:2] == [GREG, FRANK]


# --- the player's own card (tables) -----------------------------------------------------


def test_user_tables_via_data_dir_option(tmp_path: Path):
    """--data-dir DIR: DIR/tables/cage_match.yaml is put over the shipped card."""
    mine = tmp_path / "mine"
    (mine / "tables").mkdir(parents=True)
    shutil.copy(USER_TABLES, mine / "tables" / "cage_match.yaml")
    proc = run(
        tmp_path,
        "--data-dir",
        str(mine),
        "script",
        "cage_match",
        "--fighters",
        str(CARDS),
        "--red",
        GREG,
        "--blue",
        FRANK,
        stdin="",
    )
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["prompt"]["sides"]["red"]["focus"] == 4
    assert lines[-1]["final"]["trackers"][GREG] == {
        "muscle": 40,
        "body_nerves": 40,
        "head_nerves": 20,
        "focus": 4,
        "position": "STANDING",
        "side": None,
        "penalty": None,
    }


def test_user_tables_can_replace_the_fight_card(tmp_path: Path):
    """A whole fight_card section replaces the shipped one; with text_anchors off a printed card may
    differ from the text (CMD-25): here jab v jab is WHO FASTER, not TRADE BLOWS."""
    card = shipped_fight_card()
    assert card["standing"]["jab"]["jab"] == "TRADE BLOWS"
    card["standing"]["jab"]["jab"] = "WHO FASTER"
    tables_file(tmp_path, {"text_anchors": False, "fight_card": card})
    proc, lines = script(tmp_path, stdin="red=jab blue=jab\n")
    assert proc.returncode == 0, proc.stderr
    assert lines[1]["log"][1].startswith("Jab v Jab: WHO FASTER!")
    assert lines[2]["prompt"]["reason"] == "jab (WHO FASTER roll-off)"


def test_a_broken_user_card_is_refused_naming_file_and_cell(tmp_path: Path):
    """CM-6, design 4.2: a card that cannot be played stops the fight before it starts (exit 2),
    with every problem, each naming the file and the cell."""
    card = shipped_fight_card()
    card["standing"]["jab"]["parry"] = "SLICK MOVES: them"  # not an outcome
    card["standing"]["strike"]["jab"] = "TRADE BLOWS"  # jab v strike is WHO FASTER: no longer one outcome
    path = tables_file(tmp_path, {"fight_card": card})
    proc, _ = script(tmp_path, stdin="red=jab blue=jab\n")
    assert_usage_error(
        proc,
        "the Cage Match! card cannot be played (",
        f"{path} (over the shipped card): fight_card.standing.jab.parry: 'SLICK MOVES: them' is not an outcome",
        f"{path} (over the shipped card): fight_card.standing: (jab, strike) is 'WHO FASTER' but (strike, jab) is "
        "'TRADE BLOWS'",
    )


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("fight_card: [\n", "is not valid YAML at line"),
        ("- just a list\n", "should be a mapping of some of the sections"),
        ("pad: {}\n", "pad: unknown section; sections: version, text_anchors, start"),
        ("start: {muscle: 0, body: 60, head: 40, focus: 0}\n", "start.muscle: 0 is not allowed"),
    ],
)
def test_an_unreadable_user_card_is_a_usage_error(tmp_path: Path, text: str, fragment: str):
    path = tmp_path / "tables" / "cage_match.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    proc, _ = script(tmp_path, stdin="")
    assert_usage_error(proc, str(path), fragment)


def test_other_games_ignore_a_broken_cage_match_card(tmp_path: Path):
    """Only a game with tables (tables_for) reads them: NHB plays on."""
    tables_file(tmp_path, {"fight_card": {}})
    proc = run(tmp_path, "script", "nhb", stdin="")
    assert proc.returncode == 0, proc.stderr


# --- companion tables check ---------------------------------------------------------


def test_tables_check_accepts_a_good_card(tmp_path: Path):
    proc = run(tmp_path, "tables", "check", str(USER_TABLES))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == f"{USER_TABLES}: OK, a playable Cage Match card (replaces start of the shipped card)\n"


def test_tables_check_accepts_the_shipped_card_itself(tmp_path: Path):
    proc = run(tmp_path, "tables", "check", str(SHIPPED_TABLES))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.count("\n") == 1 and "OK" in proc.stdout


def test_tables_check_reports_every_problem_naming_file_and_cell(tmp_path: Path):
    card = shipped_fight_card()
    del card["ground"]["sweep"]["pass_guard"]  # a missing cell
    card["standing"]["sprawl"]["shoot"] = "PROTECTS: me"  # against the text, and not resolvable
    card["standing"]["shoot"]["sprawl"] = "PROTECTS: them"
    path = tmp_path / "my_card.yaml"
    path.write_text(yaml.safe_dump({"fight_card": card}), encoding="utf-8")
    proc = run(tmp_path, "tables", "check", str(path))
    assert proc.returncode == 1
    out = proc.stdout.splitlines()
    where = f"{path} (over the shipped card): "
    assert (
        where
        + (
            "fight_card.ground: no cell for (sweep, pass_guard): every ordered pair of the pad's 7 types "
            "needs one (49 cells, 48 given)"
        )
        in out
    )
    assert (
        where + ("fight_card.standing.sprawl.shoot: 'PROTECTS: me' cannot be resolved with sprawl acting against shoot")
        in out
    )
    assert (
        where
        + (
            'fight_card.standing.sprawl.shoot must be "SPRAWL N\' BRAWL: me" (the text: sprawl against '
            "a shoot is sprawl n' brawl); set text_anchors: false to play your printed card as printed"
        )
        in out
    )
    assert all(line.startswith(str(path)) for line in out)
    assert out[-1] == f"{path}: not playable, {len(out) - 1} problems"


def test_tables_check_of_a_missing_file_is_a_usage_error(tmp_path: Path):
    proc = run(tmp_path, "tables", "check", str(tmp_path / "nope.yaml"))
    assert_usage_error(proc, f"card file {tmp_path / 'nope.yaml'} does not exist")


def test_tables_check_of_a_file_that_is_not_yaml(tmp_path: Path):
    path = tmp_path / "card.yaml"
    path.write_text("pads: [\n", encoding="utf-8")
    proc = run(tmp_path, "tables", "check", str(path))
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[0].startswith(f"{path}: is not valid YAML at line")
    assert "Traceback" not in proc.stderr


# --- help, options, setup errors ---------------------------------------------------------


def test_script_help_documents_the_secret_syntax(tmp_path: Path):
    proc = run(tmp_path, "script", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    for words in (
        "red=MOVE[+dN][+xN] blue=MOVE[+dN][+xN]",
        "either order",
        "e.g. red=jab+d1 blue=head-kick+x2",
        "unambiguous start",
        "+dN puts N focus (0-2) on the dice",
        "+xN N focus (0-2) on damage",
        "own focus cost is paid automatically",
        '"red=roll"',
        '"roll" both',
        '"allowed"',
        '"why"',
        "default move (Protect)",
        "more focus than the fighter holds is refused",
    ):
        assert words in text, words


def test_top_level_help_lists_tables_and_its_check(tmp_path: Path):
    proc = run(tmp_path, "--help")
    assert proc.returncode == 0 and "tables" in proc.stdout
    proc = run(tmp_path, "tables", "check", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert (
        "check your own tables file (a game's fight card, weapons, armor, monsters or charts) over the shipped "
        "one and report every problem" in text
    )
    assert "--game GAME" in text
    # the games that have a tables file are the registry's (issue 20): a game without one is told which have
    proc = run(tmp_path, "tables", "check", str(tmp_path / "x.yaml"), "--game", "nhb")
    assert (
        proc.returncode == 2
        and "'nhb' has no tables file to check; games with one: cage_match, fudge, paf" in proc.stderr
    )


def test_options_lists_the_cage_match_options(tmp_path: Path):
    proc = run(tmp_path, "options", "cage_match")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("first_fight=off|on  (default off)")
    assert "catchweight=off|on  (default off)" in proc.stdout
    assert "muscle_spill=off|on  (default off)" in proc.stdout  # ruling CM-11
    assert "table_end=draw|decision  (default draw)" in proc.stdout  # ruling CM-12


def test_different_weight_classes_are_refused_unless_catchweight(tmp_path: Path):
    """Text "Pick ... 2 fighters of matching weight class"; CMD-22: the catchweight option allows it."""
    proc, _ = script(tmp_path, red=GREG, blue="Anan Sorprasert", stdin="")
    assert_usage_error(
        proc,
        "Greg O'Connor is a middleweight and Anan Sorprasert a featherweight",
        "turn on the catchweight option to allow it",
    )
    proc, lines = script(
        tmp_path, "--option", "catchweight=on", red=GREG, blue="Anan Sorprasert", stdin="red=jab blue=jab\n"
    )
    assert proc.returncode == 0, proc.stderr
    assert lines[0]["prompt"]["sides"]["blue"]["who"] == "Anan Sorprasert"
    # each attack is read against the defender's own muscle rating (8 featherweight, 9 middleweight)
    assert lines[2]["prompt"]["target"] == 8 and "Anan Sorprasert's muscle rating" in lines[2]["prompt"]["against"]


def test_the_same_fighter_in_both_corners_is_a_setup_error(tmp_path: Path):
    proc, _ = script(tmp_path, red=GREG, blue=GREG, stdin="")
    assert_usage_error(proc, "Greg O'Connor cannot fight himself")


@pytest.mark.parametrize(
    "option, fragment",
    [
        ("first_fight=maybe", "option first_fight: 'maybe' is not allowed (one of off, on)"),
        ("rounds=3", "unknown option 'rounds' for cage_match"),
    ],
)
def test_bad_cage_match_option_exits_2(tmp_path: Path, option: str, fragment: str):
    proc, _ = script(tmp_path, "--option", option, stdin="")
    assert_usage_error(proc, fragment)


def test_golden_sheets_load_cleanly(tmp_path: Path):
    """The frozen copy of the sheets is a valid Cage Match card file of seven fighters."""
    proc = run(tmp_path, "fighters", "check", str(CARDS))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith("7 cards loaded, 0 problems")


if __name__ == "__main__":
    if sys.argv[1:] == ["regen"]:
        scripting.regen("cage_match", CARDS, PATTERN)
    else:
        print(__doc__)
