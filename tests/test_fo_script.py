"""``companion script fo`` run as a real subprocess, with fixed dice and fixed clock stamps.

Golden scripts: each ``tests/golden/fo_*.txt`` is a script of answers, most of
them stamped ``@M:SS`` (the time elapsed in the round, ruling FO-7), with its
command-line arguments and expected exit status in header comments::

    # args: --red "Fo Striker" --blue "Fo Grappler" --option rounds=5
    # exit: 0

It is played with ``--fighters tests/golden/fo_cards.yaml`` (fixed test
cards, not the shipped roster fighters/fo.yaml) and an empty
``COMPANION_DATA_DIR``, and the JSON Lines on standard output are compared
line by line with ``fo_<name>.jsonl``.

To regenerate the expected output after a deliberate change to the engine or
to a script, run (then read the diff line by line before committing it; the
scripts' comments say what every line should show):

    /tmp/venv/bin/python tests/test_fo_script.py regen
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")

import scripting
from scripting import GOLDEN, TIMEOUT, LineReader, assert_usage_error, logs, run, spawn

CARDS = GOLDEN / "fo_cards.yaml"
CARD_NAMES = ["Fo Striker", "Fo Grappler", "Fo Brawler"]
PATTERN = "fo_*.txt"
SCRIPTS = sorted(GOLDEN.glob(PATTERN))


# --- running the command (the harness is tests/scripting.py) ---------------------


def script(data_dir: Path, *args: str, stdin: str = "", red="Fo Striker", blue="Fo Grappler"):
    """``companion script fo`` with the golden cards; (process, parsed JSON lines)."""
    return scripting.script("fo", CARDS, data_dir, *args, stdin=stdin, red=red, blue=blue)


def golden_lines(name: str, data_dir: Path) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    return scripting.golden_lines("fo", CARDS, name, data_dir)


# --- golden scripts ----------------------------------------------------------------


def test_there_are_fo_golden_scripts():
    assert {p.stem for p in SCRIPTS} >= {"fo_decision", "fo_submission", "fo_stall_knockdown", "fo_draw_five"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_fo_golden_script(path: Path, tmp_path: Path):
    """Each FO golden script gives exactly its recorded JSON Lines and exit status."""
    scripting.assert_matches_golden("fo", CARDS, path, tmp_path)


def test_golden_decision_reads_as_the_rules_say(tmp_path: Path):
    """The decision golden, checked against the rulings rather than against itself (FO-2, FO-4, FO-7)."""
    proc, lines = golden_lines("fo_decision", tmp_path)
    text = logs(lines)
    assert "Roll-off tied at 7: both re-roll" in text  # FO-2
    assert "Fo Striker attacks first (4 to 12)" in text  # FO-2: 2-2 is just a 4
    assert "Double 2s: Fo Striker counters and takes the dice" in text  # FO-4
    assert [t for t in text if t.startswith("Bell")] == [  # FO-7: times from the stamps
        "Bell: end of round 1, Fo Grappler 10-9 on attacking time (2:01 to 2:52)",
        "Bell: end of round 2, Fo Striker 10-9 on attacking time (3:01 to 1:58)",
        "Bell: end of round 3, Fo Striker 10-9 on attacking time (2:30 to 2:18)",
    ]
    # every round opens with Red's roll-off (FO-2, FO-7)
    prompts = [line["prompt"] for line in lines if "prompt" in line]
    rolloffs = [(p["reason"], p["who"]) for p in prompts if "roll-off" in p.get("reason", "")]
    assert [who for reason, who in rolloffs if "round 2 roll-off" in reason] == ["Fo Striker", "Fo Grappler"]
    assert [who for reason, who in rolloffs if "round 3 roll-off" in reason] == [
        "Fo Striker",
        "Fo Grappler",
    ] * 2  # a tie
    # every accepted answer says its reading, as the app stamps every answer: the stamp-less ones
    # the latest reading (round 3's kick and its roll at 0:12), a bell the round's end
    assert all("clock" in line for line in lines if "accepted" in line)
    given = scripting.answers_of(GOLDEN / "fo_decision.txt")
    accepted = [line for line in lines if "accepted" in line]
    assert len(given) == len(accepted)  # one accepted line an answer, in order: none refused
    unstamped = [line for text, line in zip(given, accepted, strict=True) if not text.startswith("@")]
    assert [(line["accepted"], line["clock"]) for line in unstamped] == [
        ("bell", 300),
        ("bell", 300),
        ("kick", 12),
        ("1 2", 12),
    ]
    final = lines[-1]["final"]
    assert final["result"] == {
        "winner": "Fo Striker",
        "loser": "Fo Grappler",
        "method": "decision",
        "detail": "29-28",
        "period": 3,
        "time": "5:00",
        "fight_time": "15:00",
    }
    assert (final["trackers"]["Fo Striker"]["rounds_won"], final["trackers"]["Fo Grappler"]["rounds_won"]) == (2, 1)
    assert (final["trackers"]["Fo Striker"]["score"], final["trackers"]["Fo Grappler"]["score"]) == (29, 28)
    assert final["trackers"]["Fo Striker"]["attack_seconds"] == 150.0  # round 3: 0:12 to 2:42
    assert proc.returncode == 0


def test_golden_submission_reads_as_the_rules_say(tmp_path: Path):
    """The submission golden: three ground attacks and a stand-up (FO-6), a finish in round 2 at 1:07 = 6:07 (FO-7)."""
    proc, lines = golden_lines("fo_submission", tmp_path)
    text = logs(lines)
    assert "Fo Grappler takes Fo Striker down: on the ground, Fo Grappler on top" in text
    assert text.count("Fo Striker fends it off; Fo Grappler attacks again from the top") == 2
    assert "Fo Striker survives a third ground attack: the referee stands them up" in text
    assert "Nothing doing on the ground: the referee stands them up" in text
    assert "Bell: end of round 1, Fo Grappler 10-9 on attacking time (0:26 to 4:33)" in text
    # after the stand-ups the OTHER fighter chooses a standing attack
    prompts = [line["prompt"] for line in lines if "prompt" in line]
    choices = [(p["who"], p["options"]) for p in prompts if p["kind"] == "choice"]
    assert choices[4] == ("Fo Striker", ["punch", "kick", "takedown"])  # after the third ground attack
    assert choices[7] == ("Fo Striker", ["gnp", "submission"])  # round 2: Striker on top
    assert choices[8] == ("Fo Grappler", ["punch", "kick", "takedown"])  # after Striker's failed gnp
    assert lines[-1]["final"]["result"] == {
        "winner": "Fo Grappler",
        "loser": "Fo Striker",
        "method": "submission",
        "detail": "submission",
        "period": 2,
        "time": "1:07",
        "fight_time": "6:07",
    }
    assert proc.returncode == 0


STALL_REFUSED = "a stall is called on the attacker holding the dice: nobody holds them during the roll-off"


def test_golden_stall_knockdown_reads_as_the_rules_say(tmp_path: Path):
    """The stall golden: refusals (D-5, FO-7, FO-8) on their own lines, exit 1; stalls, knockdowns, a KO."""
    proc, lines = golden_lines("fo_stall_knockdown", tmp_path)
    assert [line for line in lines if "refused" in line] == [
        {"refused": "stall", "reason": STALL_REFUSED},
        {"refused": "7 1", "reason": "7 is not a face: a d6 shows 1-6 (or type bell)"},
        {"refused": "4", "reason": "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type bell)"},
        {"refused": "punch", "reason": "the clock runs forward: this answer is stamped 0:20, the last was 0:30"},
        {"refused": "kick", "reason": "the round is over at 5:00: ring the bell (answer 'bell')"},
    ]
    text = logs(lines)
    assert "Fo Brawler stalls: the dice turn over to Fo Striker" in text
    assert "The punch lands: three in a row, a knockdown" in text
    assert "Fo Striker stalls: the dice turn over to Fo Brawler and the referee stands them up" in text
    assert "Double 4s: Fo Brawler scores a knockdown" in text
    final = lines[-1]["final"]
    assert final["result"] == {
        "winner": "Fo Brawler",
        "loser": "Fo Striker",
        "method": "ko",
        "detail": "snake-eyes haymaker",
        "period": 1,
        "time": "2:11",
        "fight_time": "2:11",
    }
    # FO-7: Brawler 0:04-0:30 and 1:30-2:11, Striker 0:30-1:30
    assert final["trackers"]["Fo Brawler"]["attack_seconds"] == 67.0
    assert final["trackers"]["Fo Striker"]["attack_seconds"] == 60.0
    assert proc.returncode == 1


def test_golden_draw_five_reads_as_the_rules_say(tmp_path: Path):
    """The five-round golden (option rounds=5): 2-2 with a 10-10 round is a draw, 48-48, at 25:00 (FO-7)."""
    proc, lines = golden_lines("fo_draw_five", tmp_path)
    text = logs(lines)
    assert "Bell: end of round 3, 10-10 on attacking time (2:30 to 2:30)" in text
    assert "Fo Brawler attacks first (2 to 10)" in text  # snake eyes in a roll-off is no KO (FO-2)
    assert text[-1] == "Draw (48-48), round 5, 5:00"
    final = lines[-1]["final"]
    assert final["result"] == {
        "winner": None,
        "loser": None,
        "method": "draw",
        "detail": "48-48",
        "period": 5,
        "time": "5:00",
        "fight_time": "25:00",
    }
    assert (final["trackers"]["Fo Grappler"]["rounds_won"], final["trackers"]["Fo Brawler"]["rounds_won"]) == (2, 2)
    assert proc.returncode == 0


# --- the protocol --------------------------------------------------------------------


@pytest.mark.slow  # a real process
def test_fo_prompt_is_flushed_before_the_answer_is_read(tmp_path: Path):
    """DESIGN, FO-9: the roll-off prompts are written and flushed before their answers are read."""
    with spawn(
        tmp_path, "script", "fo", "--fighters", str(CARDS), "--red", "Fo Striker", "--blue", "Fo Grappler"
    ) as proc:
        out = LineReader(proc.stdout)
        first = json.loads(out.line())  # nothing has been written to stdin yet
        assert first == {
            "prompt": {
                "kind": "roll",
                "who": "Fo Striker",
                "side": "red",
                "dice": "2d6",
                "reason": "the round 1 roll-off: the lower total attacks first",
                "modifier": 0,
                "modifier_parts": [],
                "against": "the other fighter's roll-off",
                "also": ["bell"],  # the words the prompt takes besides the faces (issue 21)
            }
        }
        assert proc.poll() is None
        proc.stdin.write(b"@0:02 3 5\n")
        proc.stdin.flush()
        assert json.loads(out.line()) == {
            "accepted": "3 5",
            "virtual": False,
            "log": ["Fo Striker rolls 3 + 5 = 8 in the roll-off"],
            "clock": 2,
        }
        second = json.loads(out.line())["prompt"]
        assert (second["who"], second["side"], second["target"]) == ("Fo Grappler", "blue", 8)
        proc.stdin.write(b"@0:03 2 1\n")
        proc.stdin.flush()
        assert json.loads(out.line())["log"][-1] == "Fo Grappler attacks first (3 to 8)"
        third = json.loads(out.line())["prompt"]
        assert (third["kind"], third["who"], third["options"]) == (
            "choice",
            "Fo Grappler",
            ["punch", "kick", "takedown"],
        )
        proc.stdin.close()
        final = json.loads(out.line())["final"]
        assert final["over"] is False and final["result"] is None
        assert final["trackers"]["Fo Grappler"]["holds_dice"] is True
        assert proc.wait(timeout=TIMEOUT) == 0


def test_final_line_mid_round_has_fo_trackers(tmp_path: Path):
    """DESIGN: the final line when the input ends has each fighter's FO trackers by name."""
    proc, lines = script(tmp_path, stdin="@0:00 1 2\n@0:00 3 4\n@0:15 stall\n")  # within the 20 s limit
    final = lines[-1]["final"]
    assert final["over"] is False
    assert final["trackers"] == {
        "Fo Striker": {
            "attack_seconds": 15.0,
            "rounds_won": 0,
            "score": None,
            "holds_dice": False,
            "position": None,
            "streak": None,
        },
        "Fo Grappler": {
            "attack_seconds": 0.0,
            "rounds_won": 0,
            "score": None,
            "holds_dice": True,
            "position": None,
            "streak": None,
        },
    }
    assert proc.returncode == 0


def test_stamp_at_5_00_with_bell_is_accepted_but_not_with_a_roll(tmp_path: Path):
    """FO-7: "@5:00 bell" ends the round; "@5:00 1 2" is refused, and "@5:60" is no stamp at all."""
    proc, lines = script(tmp_path, stdin="@5:00 1 2\n@5:60 1 2\n@5:00 bell\n")
    assert lines[1] == {"refused": "1 2", "reason": "the round is over at 5:00: ring the bell (answer 'bell')"}
    assert lines[2]["refused"] == "@5:60 1 2"
    assert lines[3] == {
        "accepted": "bell",
        "virtual": False,
        "log": ["Bell: end of round 1, 10-10 on attacking time (0:00 to 0:00)"],
        "clock": 300,
    }
    assert "round 2 roll-off" in lines[4]["prompt"]["reason"]
    assert proc.returncode == 1


def test_roll_with_seed_is_reproducible_and_virtual(tmp_path: Path):
    """D-6: "roll" has the app roll two d6 faces; the same seed gives the same fight."""
    stdin = "@0:00 roll\n@0:00 roll\n"
    first, lines = script(tmp_path, "--seed", "77", stdin=stdin)
    second, _ = script(tmp_path, "--seed", "77", stdin=stdin)
    assert first.stdout == second.stdout
    accepted = [line for line in lines if "accepted" in line]
    assert [line["virtual"] for line in accepted] == [True, True]
    for line in accepted:
        faces = [int(f) for f in line["accepted"].split()]
        assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
        assert line["clock"] == 0
    assert first.returncode == 0


def test_roll_on_the_attack_choice_takes_the_advised_attack(tmp_path: Path):
    """D-6, FO-9: at the attack choice "roll" answers with the advised attack, marked virtual, at its stamp."""
    proc, lines = script(tmp_path, stdin="@0:00 1 2\n@0:00 3 4\n@0:09 roll\n")
    choice, answer = lines[-4]["prompt"], lines[-3]
    assert (choice["kind"], choice["who"], choice["advised"]) == ("choice", "Fo Striker", "punch")  # punch 9 v block 5
    assert answer == {"accepted": "punch", "virtual": True, "log": ["Fo Striker goes for the punch"], "clock": 9}
    assert lines[-2]["prompt"]["target"] == 9
    assert proc.returncode == 0


# --- options and setup errors ----------------------------------------------------------


def test_option_rounds_5_is_accepted(tmp_path: Path):
    """FO-7: --option rounds=5: three bells do not end the fight."""
    proc, lines = script(tmp_path, "--option", "rounds=5", stdin="bell\nbell\nbell\n")
    assert lines[-1]["final"]["over"] is False
    assert "round 4 roll-off" in lines[-2]["prompt"]["reason"]
    assert proc.returncode == 0


def test_three_bells_are_a_draw_by_default(tmp_path: Path):
    """FO-7: three rounds by default; three 10-10 rounds are a 30-30 draw."""
    _proc, lines = script(tmp_path, stdin="bell\nbell\nbell\n")
    assert lines[-1]["final"]["result"]["detail"] == "30-30"
    assert lines[-1]["final"]["result"]["method"] == "draw"


@pytest.mark.parametrize(
    "option, fragment",
    [
        ("rounds=4", "option rounds: '4' is not allowed"),
        ("stall_limit=7", "option stall_limit: '7' is not allowed"),
        ("segments=2", "unknown option 'segments'"),
    ],
)
def test_bad_fo_option_exits_2(tmp_path: Path, option: str, fragment: str):
    proc, _ = script(tmp_path, "--option", option, stdin="")
    assert_usage_error(proc, fragment)


def test_unknown_fo_fighter_exits_2(tmp_path: Path):
    proc, _ = script(tmp_path, red="Fo Strikr", stdin="")
    assert_usage_error(proc, "no fighter called 'Fo Strikr'", "did you mean Fo Striker")


def test_same_fo_fighter_twice_exits_2(tmp_path: Path):
    proc, _ = script(tmp_path, red="Fo Striker", blue="Fo Striker", stdin="")
    assert_usage_error(proc, "Fo Striker cannot fight himself")


def test_options_lists_rounds_and_stall_limit(tmp_path: Path):
    """FO-7, FO-8: `companion options fo` names both options and their choices."""
    proc = run(tmp_path, "options", "fo")
    assert proc.returncode == 0, proc.stderr
    assert "rounds=3|5  (default 3)" in proc.stdout
    assert "stall_limit=0|10|15|20|30|45|60  (default 20)" in proc.stdout


def test_fo_card_file_checks_clean_and_lists(tmp_path: Path):
    """FO-9: the golden card file is a valid FO file; its cards are listed after the shipped roster."""
    proc = run(tmp_path, "fighters", "check", str(CARDS))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith("3 cards loaded, 0 problems")
    proc = run(tmp_path, "fighters", "list", "fo", "--fighters", str(CARDS))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-3:] == CARD_NAMES


# --- regenerating the goldens -----------------------------------------------------------


@pytest.mark.parametrize("line", ["@0:5 1 2", "@0:61 p", "@1:30"])
def test_a_malformed_stamp_is_refused_saying_how_to_write_it(tmp_path: Path, line: str):
    """A stamp is @M:SS; anything else starting with @ is refused as a stamp, not read as faces."""
    proc, lines = script(tmp_path, stdin=f"{line}\n")
    assert {"refused": line, "reason": "write the time as @M:SS before the answer, e.g. @1:05 3 4"} in lines
    assert proc.returncode == 1


if __name__ == "__main__":
    if sys.argv[1:] == ["regen"]:
        scripting.regen("fo", CARDS, PATTERN)
    else:
        print(__doc__)
