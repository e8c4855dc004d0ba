"""``companion script`` and friends, run as a real subprocess.

Golden scripts: each ``tests/golden/*.txt`` is a script of answers, with its
command-line arguments and expected exit status in header comments::

    # args: --red "Gold Grappler" --blue "Gold Striker" --option segments=2
    # exit: 0

It is played with ``--fighters tests/golden/cards.yaml`` (fixed test cards,
not the shipped roster) and an empty ``COMPANION_DATA_DIR``, and the JSON
Lines on standard output are compared line by line with ``<name>.jsonl``.

To regenerate the expected output after a deliberate change to the engine or
to a script, run (then read the diff line by line before committing it; the
scripts' comments say what every line should show):

    /tmp/venv/bin/python tests/test_script.py regen
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.register_assert_rewrite("scripting")

import scripting
from scripting import GOLDEN, TIMEOUT, LineReader, assert_usage_error, run, spawn

HERE = Path(__file__).resolve().parent
CARDS = GOLDEN / "cards.yaml"
SHIPPED_ROSTER = HERE.parent / "fighters" / "nhb.yaml"
GOLDEN_NAMES = ["Gold Grappler", "Gold Striker", "Gold Wrestler"]
PATTERN = "nhb_*.txt"
SCRIPTS = sorted(GOLDEN.glob(PATTERN))


# --- running the command (the harness is tests/scripting.py) ---------------------


def script(data_dir: Path, *args: str, stdin: str = "", red="Gold Grappler", blue="Gold Striker"):
    """``companion script nhb`` with the golden cards; (process, parsed JSON lines)."""
    return scripting.script("nhb", CARDS, data_dir, *args, stdin=stdin, red=red, blue=blue)


def play_golden(path: Path, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return scripting.play_golden("nhb", CARDS, path, data_dir)


# --- golden scripts ----------------------------------------------------------------


def test_there_are_golden_scripts():
    assert {p.stem for p in SCRIPTS} >= {"nhb_armbar", "nhb_decision", "nhb_draw_refused", "nhb_ko_d10"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_golden_script(path: Path, tmp_path: Path):
    """Each golden script gives exactly its recorded JSON Lines and exit status."""
    scripting.assert_matches_golden("nhb", CARDS, path, tmp_path)


def test_golden_armbar_reads_as_the_rules_say(tmp_path: Path):
    """The armbar golden, checked against the rulings rather than against itself (NHB-2..NHB-7)."""
    proc = play_golden(GOLDEN / "nhb_armbar.txt", tmp_path)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    logs = [entry for line in lines if "accepted" in line for entry in line["log"]]
    assert "Gold Grappler rolls 10 + 3 (d10!) + 15 (control) = 28 for control" in logs
    assert "Gold Grappler rolls 12 (d20) + 16 (ground) + 2 (control) = 30 for fight points" in logs
    assert "Margin 5 on the submission ground chart: submission" in logs
    assert "Gold Grappler rolls 9 on the jiu-jitsu submission chart: armbar" in logs
    assert lines[-1]["final"]["result"] == {
        "winner": "Gold Grappler",
        "loser": "Gold Striker",
        "method": "submission",
        "detail": "armbar",
        "period": 1,
        "time": "3:17",
        "fight_time": "3:17",
    }
    assert proc.returncode == 0


def test_golden_draw_refusals_are_reported(tmp_path: Path):
    """D-5: the refused answers of the draw golden are lines of their own, and the exit status is 1."""
    proc = play_golden(GOLDEN / "nhb_draw_refused.txt", tmp_path)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    refused = [line for line in lines if "refused" in line]
    assert refused == [
        {"refused": "11", "reason": "11 is not a face: a d10 shows 1-10 (0 for 10)"},
        {"refused": "sideways", "reason": "where the segment is fought: choose one of standup, ground"},
    ]
    assert lines[-1]["final"]["result"]["method"] == "draw"
    assert lines[-1]["final"]["result"]["fight_time"] == "20:00"
    assert proc.returncode == 1


# --- the protocol --------------------------------------------------------------------


@pytest.mark.slow  # a real process
def test_prompt_is_flushed_before_the_answer_is_read(tmp_path: Path):
    """DESIGN: each prompt is written and flushed BEFORE its answer is read, so a pipe can drive it."""
    with spawn(
        tmp_path, "script", "nhb", "--fighters", str(CARDS), "--red", "Gold Grappler", "--blue", "Gold Striker"
    ) as proc:
        out = LineReader(proc.stdout)
        first = json.loads(out.line())  # nothing has been written to stdin yet
        assert first == {
            "prompt": {
                "kind": "roll",
                "who": "Gold Grappler",
                "side": "red",
                "dice": "d10!",
                "reason": "control",
                "modifier": 15,
                "modifier_parts": [["control", 15]],
                "against": "the other fighter's control total",
            }
        }
        assert proc.poll() is None  # still waiting for the answer
        proc.stdin.write(b"5\n")
        proc.stdin.flush()
        accepted = json.loads(out.line())
        assert accepted == {
            "accepted": "5",
            "virtual": False,
            "log": ["Gold Grappler rolls 5 (d10!) + 15 (control) = 20 for control"],
        }
        second = json.loads(out.line())
        assert (second["prompt"]["who"], second["prompt"]["target"]) == ("Gold Striker", 20)
        proc.stdin.close()
        final = json.loads(out.line())
        assert final["final"]["over"] is False
        assert proc.wait(timeout=TIMEOUT) == 0


def test_refused_answers_exit_1_and_leave_the_fight_where_it_was(tmp_path: Path):
    """D-5: refused answers give {"refused", "reason"} lines, exit status 1; the next answer still fits."""
    proc, lines = script(tmp_path, stdin="11\nx\n3 4\n5\n")
    assert lines[1:4] == [
        {"refused": "11", "reason": "11 is not a face: a d10 shows 1-10 (0 for 10)"},
        {"refused": "x", "reason": "'x' is not a face: a d10 shows 1-10 (0 for 10)"},
        {"refused": "3 4", "reason": "expected one face (a d10 shows 1-10 (0 for 10)), got 2"},
    ]
    assert lines[4]["accepted"] == "5"
    assert lines[4]["log"] == ["Gold Grappler rolls 5 (d10!) + 15 (control) = 20 for control"]
    assert sum("prompt" in line for line in lines) == 2  # a refusal does not repeat the prompt
    assert lines[-1]["final"]["over"] is False
    assert proc.returncode == 1


def test_refused_d20_face(tmp_path: Path):
    """D-5: a 0 is not a d20 face (the d10's 0-for-10 does not carry over)."""
    proc, lines = script(tmp_path, stdin="5\n1\nground\n0\n")
    assert {"refused": "0", "reason": "0 is not a face: a d20 shows 1-20"} in lines
    assert proc.returncode == 1


def test_clock_stamp_is_accepted(tmp_path: Path):
    """DESIGN: a line may begin with @M:SS; the answer is accepted with its clock in seconds."""
    proc, lines = script(tmp_path, stdin="@1:30 7\n")
    assert lines[1] == {
        "accepted": "7",
        "virtual": False,
        "log": ["Gold Grappler rolls 7 (d10!) + 15 (control) = 22 for control"],
        "clock": 90,
    }
    assert proc.returncode == 0


def test_malformed_clock_stamp_is_refused(tmp_path: Path):
    """D-5: "@1:75 7" is not a stamp (seconds 00-59), so it is refused as an answer."""
    proc, lines = script(tmp_path, stdin="@1:75 7\n")
    assert lines[1]["refused"] == "@1:75 7"
    assert proc.returncode == 1


def test_comments_and_blank_lines_are_skipped(tmp_path: Path):
    """DESIGN: # starts a comment; blank lines are skipped (no refusal, no extra prompt)."""
    proc, lines = script(tmp_path, stdin="# a comment\n\n   \n5   # Grappler\n")
    assert [next(iter(line)) for line in lines] == ["prompt", "accepted", "prompt", "final"]
    assert proc.returncode == 0


def test_final_line_with_trackers_when_input_ends(tmp_path: Path):
    """DESIGN: the final line comes when the input ends, with each fighter's trackers by name."""
    proc, lines = script(tmp_path, stdin="5\n1\n")  # Grappler 20 v Striker 10: Grappler controls
    final = lines[-1]["final"]
    assert final["over"] is False
    assert final["result"] is None
    assert set(final["trackers"]) == {"Gold Grappler", "Gold Striker"}
    grappler = final["trackers"]["Gold Grappler"]
    assert {k: grappler[k] for k in ("control", "standup", "ground", "finishing", "toughness", "segments_won")} == {
        "control": 15,
        "standup": 6,
        "ground": 16,
        "finishing": 7,
        "toughness": 6,
        "segments_won": 0,
    }
    assert final["trackers"]["Gold Striker"]["standup"] == 15
    assert lines[-2]["prompt"]["kind"] == "choice"
    assert proc.returncode == 0


def test_final_line_when_over_has_result_and_segments_won(tmp_path: Path):
    """DESIGN, NHB-8: the final line of a finished decision has the result and segments_won."""
    proc = play_golden(GOLDEN / "nhb_decision.txt", tmp_path)
    final = json.loads(proc.stdout.splitlines()[-1])["final"]
    assert final["over"] is True
    assert final["result"]["method"] == "decision"
    assert final["result"]["winner"] == "Gold Wrestler"
    assert final["trackers"]["Gold Wrestler"]["segments_won"] == 2
    assert final["trackers"]["Gold Striker"]["segments_won"] == 1


def test_roll_with_seed_is_reproducible_and_virtual(tmp_path: Path):
    """D-6: "roll" has the app roll; with --seed the same seed gives the same fight, marked virtual."""
    stdin = "roll\nroll\nground\nroll\nroll\n"  # control, control, the choice, fight points, fight points
    first, lines = script(tmp_path, "--seed", "1234", stdin=stdin)
    second, _ = script(tmp_path, "--seed", "1234", stdin=stdin)
    assert first.stdout == second.stdout
    accepted = [line for line in lines if "accepted" in line]
    assert [line["virtual"] for line in accepted] == [True, True, False, True, True]
    assert all(line["accepted"] != "roll" for line in accepted)
    assert 1 <= int(accepted[3]["accepted"]) <= 20
    assert 1 <= int(accepted[0]["accepted"]) <= 10
    assert accepted[0]["log"][0].startswith(f"Gold Grappler rolls {accepted[0]['accepted']}")
    assert first.returncode == second.returncode == 0


def test_roll_on_a_choice_takes_the_advised_place(tmp_path: Path):
    """D-6: at the where choice the app answers with the advised place (NHB-3), marked virtual."""
    proc, lines = script(tmp_path, stdin="5\n1\nroll\n")
    choice, where = lines[-4]["prompt"], lines[-3]  # then the next prompt and the final line
    assert choice["kind"] == "choice" and choice["advised"] in ("standup", "ground")
    assert where["accepted"] == choice["advised"] and where["virtual"] is True
    assert proc.returncode == 0


# --- setup errors: exit 2 -------------------------------------------------------------


def test_unknown_fighter_exits_2(tmp_path: Path):
    proc, _ = script(tmp_path, red="Nobody At All", blue="Gold Striker", stdin="5\n")
    assert_usage_error(proc, "companion: ", "no fighter called 'Nobody At All'")


def test_misspelt_fighter_gets_a_suggestion(tmp_path: Path):
    proc, _ = script(tmp_path, red="Gold Grapler", blue="Gold Striker", stdin="5\n")
    assert_usage_error(proc, "did you mean Gold Grappler")


def test_one_corner_only_exits_2(tmp_path: Path):
    proc = run(tmp_path, "script", "nhb", "--fighters", str(CARDS), "--red", "Gold Striker", stdin="5\n")
    assert_usage_error(proc, "--red NAME --blue NAME")


@pytest.mark.parametrize(
    "option, fragment",
    [
        ("segments=9", "option segments: '9' is not allowed"),
        ("segments=three", "option segments"),
        ("nosuch=1", "unknown option 'nosuch'"),
        ("segments", "--option takes KEY=VALUE"),
        ("exact_time=maybe", "option exact_time"),
        ("fight_die=d12", "option fight_die"),
    ],
)
def test_bad_option_exits_2(tmp_path: Path, option: str, fragment: str):
    proc, _ = script(tmp_path, "--option", option, stdin="5\n")
    assert_usage_error(proc, fragment)


@pytest.mark.parametrize(
    "game, fragment",
    [("chess", "unknown game 'chess'"), ("go", "unknown game 'go'")],
)
def test_unknown_game_exits_2(tmp_path: Path, game: str, fragment: str):
    proc = run(tmp_path, "script", game, stdin="5\n")
    assert_usage_error(proc, fragment, "playable: nhb")


def test_missing_card_file_exits_2(tmp_path: Path):
    proc = run(tmp_path, "script", "nhb", "--fighters", str(tmp_path / "nope.yaml"), stdin="")
    assert_usage_error(proc, "nope.yaml does not exist")


# --- cards: where they come from ------------------------------------------------------


def write_user_card(data_dir: Path, **card) -> None:
    folder = data_dir / "fighters"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.yaml").write_text(yaml.safe_dump({"game": "nhb", "fighters": [card]}), encoding="utf-8")


def test_cards_file_takes_precedence_over_user_cards(tmp_path: Path):
    """DESIGN: --fighters cards take precedence; a user card of the same name does not leak in."""
    write_user_card(tmp_path, name="Gold Grappler", control=1, standup=1, ground=1, finishing=1, toughness=1)
    proc, lines = script(tmp_path, stdin="")
    assert lines[0]["prompt"]["modifier"] == 15
    assert proc.returncode == 0


def test_fighters_list_prints_names_one_a_line(tmp_path: Path):
    """DESIGN: `companion fighters list nhb` prints the roster's names, one a line."""
    shipped = [c["name"] for c in yaml.safe_load(SHIPPED_ROSTER.read_text(encoding="utf-8"))["fighters"]]
    proc = run(tmp_path, "fighters", "list", "nhb")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == shipped
    assert len(shipped) >= 2

    proc = run(tmp_path, "fighters", "list", "nhb", "--fighters", str(CARDS))
    assert proc.stdout.splitlines() == shipped + GOLDEN_NAMES


def test_fighters_list_includes_cards_from_the_data_dir(tmp_path: Path):
    """COMPANION_DATA_DIR is honoured: a user card there is listed (so the goldens' empty dir isolates them)."""
    write_user_card(tmp_path, name="Tmp User Card", control=5, standup=5, ground=5, finishing=5, toughness=5)
    proc = run(tmp_path, "fighters", "list", "nhb")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "Tmp User Card"


def test_default_corners_are_the_first_two_roster_cards(tmp_path: Path):
    """DESIGN: with no fighters named, the first two cards of the roster meet, red and blue."""
    shipped = [c["name"] for c in yaml.safe_load(SHIPPED_ROSTER.read_text(encoding="utf-8"))["fighters"]]
    _proc, lines = script(tmp_path, red=None, stdin="5\n")
    assert lines[0]["prompt"]["who"] == shipped[0]
    assert lines[2]["prompt"]["who"] == shipped[1]


# --- help ------------------------------------------------------------------------------


def test_top_level_help_mentions_every_command(tmp_path: Path):
    proc = run(tmp_path, "--help")
    assert proc.returncode == 0
    for word in ("play", "script", "fighters", "options", "--data-dir"):
        assert word in proc.stdout, word


def test_script_help_mentions_every_flag(tmp_path: Path):
    proc = run(tmp_path, "script", "--help")
    assert proc.returncode == 0
    for word in (
        "GAME",
        "--red",
        "--blue",
        "--fighter ",
        "--fighters",
        "--option",
        "--seed",
        "@M:SS",
        '"roll"',
        "Exit status",
    ):
        assert word in proc.stdout, word


def test_fighters_help_mentions_list_and_check(tmp_path: Path):
    proc = run(tmp_path, "fighters", "--help")
    assert proc.returncode == 0
    assert "list" in proc.stdout and "check" in proc.stdout


# --- regenerating the goldens -----------------------------------------------------------


def test_the_same_fighter_in_both_corners_is_a_setup_error(tmp_path) -> None:
    """A card cannot meet itself: exit 2 with the reason, not a bout with one set of trackers."""
    proc = run(tmp_path, "script", "nhb", "--red", "Royce Gracie", "--blue", "Royce Gracie")
    assert proc.returncode == 2
    assert "Royce Gracie cannot fight himself" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""


@pytest.mark.slow  # real processes
@pytest.mark.parametrize(
    "args",
    [("fighters", "list", "nhb"), ("options", "paf"), ("--help",), ("script", "nhb", "--seed", "1")],
    ids=["fighters-list", "options", "help", "script"],
)
def test_a_reader_that_has_gone_ends_the_command_quietly(tmp_path: Path, args: tuple[str, ...]):
    """``companion fighters list nhb | head -1``: the pipe closes before the command writes; it
    stops (status 141, as a shell says of a command a closed pipe stopped) and writes nothing to standard error (no traceback, no message at exit)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before the first line
    env = scripting.environment(tmp_path)
    env.pop("PYTHONUNBUFFERED", None)  # buffered, as in a user's shell: the last flush is at exit
    proc = subprocess.Popen(
        scripting.command(*args),
        stdin=subprocess.PIPE,
        stdout=write_end,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    os.close(write_end)
    _, err = proc.communicate(input=b"roll\n" * 50, timeout=TIMEOUT)
    assert (proc.returncode, err.decode()) == (141, "")  # 128 + SIGPIPE, apart from 1 (refusals)


@pytest.mark.slow  # a real process
def test_a_command_started_with_standard_output_closed_does_not_crash(tmp_path: Path):
    """``companion options nhb >&-``: no standard output at all is no traceback."""
    proc = subprocess.run(  # noqa: PLW1510 - the exit status is asserted
        scripting.command("options", "nhb"),
        stderr=subprocess.PIPE,
        env=scripting.environment(tmp_path),
        cwd=tmp_path,
        timeout=TIMEOUT,
        preexec_fn=lambda: os.close(1),
    )
    assert b"Traceback" not in proc.stderr and proc.returncode in (0, 141), proc.stderr


@pytest.mark.slow  # real processes
@pytest.mark.parametrize(
    "game, answers",
    [("nhb", "11\n"), ("fo", "7 7\n"), ("cage_match", "red=nothing\n"), ("fudge", "9\n"), ("paf", "500\n")],
)
def test_a_real_process_exits_1_on_a_refused_answer_and_2_on_a_usage_error(tmp_path: Path, game: str, answers: str):
    """The exit status a shell sees, for every game (the in-process runs give the same by main)."""
    refused = scripting.run_process(tmp_path, "script", game, stdin=answers)
    assert refused.returncode == 1, refused.stderr
    assert '"refused"' in refused.stdout and "Traceback" not in refused.stderr
    usage = scripting.run_process(tmp_path, "script", game, "--red", "Nobody At All", "--blue", "Nor Him")
    assert usage.returncode == 2 and "no fighter called 'Nobody At All'" in usage.stderr, usage.stderr


if __name__ == "__main__":
    if sys.argv[1:] == ["regen"]:
        scripting.regen("nhb", CARDS, PATTERN)
    else:
        print(__doc__)


def test_an_exploded_d10_may_be_typed_in_one_go(tmp_path: Path) -> None:
    """Issue 21: ``10 4`` at an exploding d10 is the 10 and the die it adds, answered in turn; ``10 0 3``
    two explosions (0 reads 10, ruling D-1); a refused die stores none of them; ``3 4`` (no 10 first)
    is still two faces where one is asked."""
    proc, lines = script(tmp_path, stdin="10 11\n3 4\n10 4\n10 0 3\n")
    assert proc.returncode == 1, proc.stderr  # two lines were refused
    assert lines[1] == {"refused": "10 11", "reason": "11 is not a face: a d10 shows 1-10 (0 for 10)"}
    assert lines[2] == {"refused": "3 4", "reason": "expected one face (a d10 shows 1-10 (0 for 10)), got 2"}
    red = lines[3]
    assert red["accepted"] == "10 4" and red["log"][0].endswith("rolls 10 for control: it explodes, roll again")
    assert " 10 + 4 (d10!) + " in red["log"][1]
    blue = lines[5]
    assert blue["accepted"] == "10 0 3" and " 10 + 10 + 3 (d10!) + " in blue["log"][2]


def test_an_exploded_d10_typed_in_one_go_is_stored_a_die_an_answer() -> None:
    """The session keeps one answer a die, as if typed apart: undo takes back the last die, the fold of
    the stored answers is the fight, and the tray's dry run agrees with Enter."""
    from companion.cards import load_roster
    from companion.ruleset import Setup
    from companion.rulesets.nhb.ruleset import RULESET as NHB
    from companion.session import Session, fold

    cards = tuple(load_roster("nhb", NHB.card_model).find(name) for name in ("Royce Gracie", "Ken Shamrock"))
    session = Session(NHB, Setup("nhb", cards, {}))
    assert session.check("10 4").log[-1].endswith("for control")
    session.submit("10 4")
    assert [a.text for a in session.answers] == ["10", "4"]
    assert fold(NHB, session.start, session.answers)[-1].state == session.state
    session.undo()
    assert [a.text for a in session.answers] == ["10"] and session.prompt.running == 30
