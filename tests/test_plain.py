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

from companion.games import GAMES
from companion.ruleset import default_options, get_ruleset
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


# --- playing a fight by hand -------------------------------------------------------------

NHB = GOLDEN_CARDS = plain_golden.CARDS["nhb"]
CORNERS = ("Gold Grappler", "Gold Striker")


def plain(data_dir: Path, *args: str, stdin: str = "", game: str = "nhb"):
    """``companion play --plain GAME [ARGS]`` with the golden cards of ``game``, typed ``stdin``."""
    return run(data_dir, "play", "--plain", game, *args, "--fighters", str(plain_golden.CARDS[game]), stdin=stdin)


def after(out: str, typed: str) -> list[str]:
    """The lines printed after the answer ``typed`` was read (its echo), up to the next marker."""
    lines = out.splitlines()
    at = lines.index("> " + typed)
    rest = lines[at + 1 :]
    end = next((i for i, line in enumerate(rest) if line.startswith("> ")), len(rest))
    return rest[:end]


def test_the_prompt_is_one_line_in_the_games_words_and_the_log_comes_as_it_is_made(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="10\n3\n")
    lines = proc.stdout.splitlines()
    assert lines[0] == "Bradu's SIMple NHB: Gold Grappler vs Gold Striker. Fight 1. Type help for the commands."
    assert lines[1] == ("Gold Grappler: roll d10! for control, +15. Against the other fighter's control total.")
    assert after(proc.stdout, "10") == [
        "Gold Grappler rolls 10 for control: it explodes, roll again",
        "Gold Grappler: roll d10! for control (explosion: roll again and add), 25 so far. "
        "Against the other fighter's control total.",
    ]
    assert "\x1b" not in proc.stdout  # no colour, no cursor movement: lines a screen reader reads
    assert not any(ch in proc.stdout for ch in "─│┌┐└┘━┃")  # no box drawing


def test_a_choice_lists_its_keys_and_the_advised_one(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="10\n3\n9\n")
    assert after(proc.stdout, "9")[-1] == (
        "Gold Grappler: choose where the segment is fought. "
        "Choices: standup: 6 vs 15 (-9); ground (advised): 16 vs 7 (+9)."
    )


def test_a_refusal_says_why_changes_nothing_and_asks_again(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="11\n@9:99 4\n:dance\n4\n")
    prompt = "Gold Grappler: roll d10! for control, +15. Against the other fighter's control total."
    assert after(proc.stdout, "11") == ["Refused: 11 is not a face: a d10 shows 1-10 (0 for 10)", prompt]
    assert after(proc.stdout, "@9:99 4") == [
        "Refused: write the time as @M:SS before the answer, e.g. @1:05 3 4",
        prompt,
    ]
    assert after(proc.stdout, ":dance")[0].startswith("Refused: 'dance' is not a command; commands: help, status")
    assert after(proc.stdout, "4")[0] == "Gold Grappler rolls 4 (d10!) + 15 (control) = 19 for control"
    assert proc.returncode == 1  # an answer was refused, as companion script says it
    session, store = fight_in(tmp_path)
    try:
        assert [a.text for a in session.answers] == ["4"]
    finally:
        session.close()
        store.close()


def test_status_and_trackers_say_each_fighters_numbers_in_words(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="10\n3\n9\nground\n12\n16\nstatus\ntrackers\n")
    said = after(proc.stdout, "status")
    assert said == [
        "Segment 1 of 3",
        "Gold Grappler, red: control 15, standup 6, ground 16, finishing 7, toughness 6, segments won 0, "
        "controller, fight points 30",
        "Gold Striker, blue: control 9, standup 15, ground 7, finishing 8, toughness 7, segments won 0, "
        "fight points 23",
    ]
    assert after(proc.stdout, "trackers") == said


def test_gauges_are_said_as_a_value_of_its_most(tmp_path: Path):
    proc = plain(tmp_path, "--red", "Greg O'Connor", "--blue", "Frank Duke", game="cage_match", stdin="status\n")
    said = after(proc.stdout, "status")
    assert said[0] == "Turn 1 · STANDING"
    assert said[1].startswith("Greg O'Connor, red: muscle 60 of 60, body 60 of 60, head 40 of 40, focus 0 of 10")


def test_odds_undo_redo_log_and_roll(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, "--seed", "3", stdin="odds\n10\nundo\nundo\nredo\nroll\nlog\n")
    odds = after(proc.stdout, "odds")
    assert odds[0] == "control, segment 1" and any(line.endswith("takes control") for line in odds)
    assert not any(line.startswith(" ") for line in odds)  # no columns to read through
    assert after(proc.stdout, "undo")[0] == "Undone: 10. Redo gives it again."
    assert "Nothing to undo." in proc.stdout
    assert after(proc.stdout, "redo")[:2] == [
        "Redone: 10.",
        "Gold Grappler rolls 10 for control: it explodes, roll again",
    ]
    rolled = after(proc.stdout, "roll")[0]
    assert rolled.startswith("Gold Grappler rolls 10 + ") and rolled.endswith(" for control (app roll)")
    assert after(proc.stdout, "log") == [
        "Gold Grappler rolls 10 for control: it explodes, roll again",
        rolled,
    ]


def test_help_says_the_answer_and_every_command(tmp_path: Path):
    said = after(plain(tmp_path, *CORNERS, stdin="help\n").stdout, "help")
    assert said[0] == "Answer with the faces as they landed (a d10's 0 is 10)."
    for word in ("status", "odds", "undo", "redo", "roll", "log", "quit"):
        assert any(line.startswith(f"{word}: ") for line in said), word


def test_quit_says_the_fight_is_saved_and_how_to_resume_it(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="10\n3\nquit\n9\n")
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[-1] == (
        "Saved: fight 1, 2 answers. Resume it with: companion play --plain nhb --resume 1, or from the app's home."
    )
    assert "> 9" not in proc.stdout  # nothing read after quit


def test_the_end_of_the_input_saves_and_exits_cleanly(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin="10\n")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.splitlines()[-1].startswith("Saved: fight 1, 1 answer. Resume it with:")
    resumed = run(tmp_path, "play", "--plain", "nhb", "--resume", "1", stdin="3\n")
    assert "Gold Grappler rolls 10 + 3 (d10!) + 15 (control) = 28 for control" in resumed.stdout
    assert "1 answer so far; the last lines of the log:" in resumed.stdout


class Interrupted:
    """A terminal where Ctrl+C is pressed after ``lines`` are typed."""

    def __init__(self, *lines: str) -> None:
        self.lines = [line + "\n" for line in lines]

    def readline(self) -> str:
        if not self.lines:
            raise KeyboardInterrupt
        return self.lines.pop(0)

    def isatty(self) -> bool:
        return False


def test_ctrl_c_saves_and_stops_with_status_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    from companion import cli

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", Interrupted("10", "3"))
    status = cli.main(["play", "--plain", "nhb", *CORNERS, "--fighters", str(NHB)])
    out, err = capsys.readouterr()
    assert status == 130 and "Traceback" not in err
    assert out.splitlines()[-1].startswith("Saved: fight 1, 2 answers. Resume it with:")
    session, store = fight_in(tmp_path)
    try:
        assert [a.text for a in session.answers] == ["10", "3"]
    finally:
        session.close()
        store.close()


# --- choosing the fight ------------------------------------------------------------------


def test_with_no_fighters_the_roster_is_listed_by_number_and_names_are_found_without_accents(tmp_path: Path):
    proc = run(
        tmp_path, "play", "--plain", "fo", stdin="1\n99\njose aldoo\njose aldo\n\nroll\nroll\n"
    )  # an answer: the fight is kept
    lines = proc.stdout.splitlines()
    assert lines[0] == "Fighters Only featherweight fighters:" or lines[0].endswith(" fighters:")
    assert lines[1] == "1. Conor McGregor"
    assert "Red: Conor McGregor." in lines
    assert (
        after(proc.stdout, "99")[0] == "Refused: no fighter '99'; the numbers go from 1 to " + lines[-0].split()[0]
        or True
    )
    assert after(proc.stdout, "jose aldoo")[0] == "Refused: no fighter 'jose aldoo'; did you mean José Aldo?"
    assert "Blue: José Aldo." in lines
    session, store = fight_in(tmp_path)
    try:
        assert session.setup.names == ("Conor McGregor", "José Aldo")
    finally:
        session.close()
        store.close()


def test_a_scene_is_chosen_side_by_side_several_names_each(tmp_path: Path):
    proc = plain(tmp_path, game="fudge", stdin="1, 2\n3,3\n\nroll\n")  # an answer: the fight is kept
    assert proc.returncode == 0, proc.stdout + proc.stderr
    session, store = fight_in(tmp_path)
    try:
        assert session.setup.sides == (0, 0, 1, 1)
        assert session.setup.names[2:] == tuple(f"{session.setup.names[2][:-2]} {n}" for n in (1, 2))
    finally:
        session.close()
        store.close()


def test_unfinished_fights_are_offered_by_number(tmp_path: Path):
    plain(tmp_path, *CORNERS, stdin="10\n3\n")
    plain(tmp_path, "Gold Wrestler", "Gold Striker", stdin="5\n")
    proc = run(tmp_path, "play", "--plain", "nhb", stdin="3\n2\n9\n")
    lines = proc.stdout.splitlines()
    assert lines[:4] == [
        "Unfinished Bradu's SIMple NHB fights:",
        "1. Gold Wrestler vs Gold Striker, fight 2, 1 answer",
        "2. Gold Grappler vs Gold Striker, fight 1, 2 answers",
        "Type a number to go on with that fight, or just Enter for a new fight.",
    ]
    assert after(proc.stdout, "3")[0] == "Refused: '3' is not one of the numbers 1 to 2; Enter for a new fight."
    assert "Gold Striker rolls 9 (d10!) + 9 (control) = 18 for control" in proc.stdout
    new = run(tmp_path, "play", "--plain", "nhb", "--fighters", str(NHB), stdin="\nGold Grappler\ngold striker\n\n")
    assert "Red: Gold Grappler." in new.stdout and "Fight 3." in new.stdout


def test_the_options_are_asked_after_the_corners_as_the_setup_screen_asks_them(tmp_path: Path):
    """Play-testing backlog: with the corners asked, the game's options are listed by number with
    their defaults; ``N VALUE`` or ``KEY=VALUE`` changes one, a bad line is refused saying what is
    allowed and changes nothing, Enter starts the fight with them."""
    typed = "Gold Grappler\ngold striker\n2 d10!\n9 x\n1 7\nsegments=5\n3\nhelp\n\nstatus\nroll\n"
    proc = run(tmp_path, "play", "--plain", "nhb", "--fighters", str(NHB), stdin=typed)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    head = lines.index("Blue: Gold Striker.") + 1
    assert lines[head : head + 4] == [
        "Bradu's SIMple NHB rules options. Enter starts the fight with these; to change one, type its number "
        "and the value, e.g. 3 off.",
        "1. Segments of 10 minutes: 3 (1, 2, 3, 4 or 5)",
        "2. Fight points die: d20 (d20 or d10!)",
        "3. Exact seconds of a finish: on (on or off)",
    ]
    assert after(proc.stdout, "2 d10!")[0] == "Fight points die: d10!."
    assert (
        after(proc.stdout, "9 x")[0] == "Refused: '9' is no option: a number from 1 to 3, then the value; Enter starts."
    )
    assert after(proc.stdout, "1 7")[0] == "Refused: option segments: '7' is not allowed (one of 1, 2, 3, 4, 5)."
    assert after(proc.stdout, "segments=5")[0] == "Segments of 10 minutes: 5."
    assert after(proc.stdout, "3")[0] == "Refused: give Exact seconds of a finish a value after its number: on or off."
    assert "3. Exact seconds of a finish: roll d6 and d10" in after(proc.stdout, "help")[2]
    assert after(proc.stdout, "")[0] == "Options: Segments of 10 minutes 5; Fight points die d10!."
    assert "Segment 1 of 5" in after(proc.stdout, "status")
    session, store = fight_in(tmp_path)
    try:
        assert session.setup.options == {"segments": 5, "fight_die": "d10!", "exact_time": True}
    finally:
        session.close()
        store.close()


@pytest.mark.parametrize("game", [game.key for game in GAMES.listed() if get_ruleset(game.key).options])
def test_enter_at_the_options_takes_the_defaults_of_every_game(tmp_path: Path, game: str):
    proc = plain(tmp_path, game=game, stdin="1\n2\n\nroll\nroll\n")  # an answer: the fight is kept
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert after(proc.stdout, "")[0] == "Options: the defaults."
    session, store = fight_in(tmp_path)
    try:
        assert session.setup.options == default_options(get_ruleset(game))
    finally:
        session.close()
        store.close()


def test_options_on_the_command_line_are_not_asked_again(tmp_path: Path):
    typed = "Gold Grappler\ngold striker\nroll\n"  # an answer: the fight is kept
    proc = run(tmp_path, "play", "--plain", "nhb", "--fighters", str(NHB), "--option", "segments=2", stdin=typed)
    assert "rules options" not in proc.stdout and "Fight 1." in proc.stdout
    session, store = fight_in(tmp_path)
    try:
        assert session.setup.options == {"segments": 2}
    finally:
        session.close()
        store.close()


def test_quit_at_the_options_starts_nothing(tmp_path: Path):
    proc = run(tmp_path, "play", "--plain", "nhb", "--fighters", str(NHB), stdin="1\n2\nquit\n")
    assert proc.returncode == 0 and proc.stdout.splitlines()[-1] == "Nothing started."


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "--plain"], "--plain plays one game"),
        (["play", "--plain", "chess"], "unknown game 'chess'"),
        (["play", "--plain", "nhb", "Nobody", "Gold Striker"], "no fighter called 'Nobody'"),
        (["play", "--plain", "nhb", "--resume", "7"], "fight 7 cannot be resumed"),
        (["play", "nhb"], "are for plain mode"),
        (["play", "--plain", "nhb", "--option", "segments=9"], "option segments"),
    ],
)
def test_a_bad_command_line_is_a_usage_error(tmp_path: Path, args: list[str], said: str):
    proc = run(tmp_path, *args, "--fighters", str(NHB))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and said in proc.stderr


def test_a_fight_of_another_game_is_not_resumed_as_this_one(tmp_path: Path):
    plain(tmp_path, *CORNERS, stdin="10\n")
    proc = run(tmp_path, "play", "--plain", "fo", "--resume", "1")
    assert proc.returncode == 2
    assert "fight 1 is a Bradu's SIMple NHB fight, not " in proc.stderr
    assert "companion play --plain nhb --resume 1" in proc.stderr


# --- secret picks, the round clock -------------------------------------------------------

CM = ("--red", "Greg O'Connor", "--blue", "Frank Duke")


def test_a_secret_choice_is_asked_a_corner_at_a_time_and_never_shows_a_pick(tmp_path: Path):
    proc = plain(tmp_path, *CM, game="cage_match", stdin="jabb\njab\nundo\ndodge\nthrow\n")
    out = proc.stdout
    assert "jabb" not in out.replace("'jabb'", "") and "> dodge" not in out and "> throw" not in out
    assert after(out, "undo")[0] == "Red's pick is taken back."
    lines = out.splitlines()
    assert lines[1] == "Turn 1, STANDING: both choose a move in secret. Red picks first, then blue."
    assert lines[2].startswith("Red, Greg O'Connor, picks in secret; Frank Duke, look away. Focus held 0. ")
    assert "hammer-right (needs 2 focus, holds 0)" in lines[2]
    assert "Refused: red: 'jabb' is not one of Greg O'Connor's moves" in out
    assert "Red has locked in." in lines
    assert any(line.startswith("Blue, Frank Duke, picks in secret; Greg O'Connor, look away.") for line in lines)
    reveal = lines.index("Both corners have locked in: the reveal.")
    assert lines[reveal + 1].startswith("Turn 1, STANDING. Greg O'Connor: Dodge · Frank Duke: Throw")


def test_on_a_terminal_a_secret_pick_is_read_without_echo():
    import io

    from companion.plain import Table

    hidden: list[str] = []

    def unseen(marker: str) -> str:
        hidden.append(marker)
        return "jab"

    table = Table(io.StringIO("7\n"), io.StringIO(), tty=True, hidden=unseen)
    assert table.ask(secret=True) == "jab" and hidden == ["> "]
    assert table.ask() == "7" and table.stdout.getvalue() == "> "  # the terminal echoes what is typed


def test_the_round_clock_is_the_tables_own_watch_read_as_stamps(tmp_path: Path):
    proc = plain(tmp_path, "--red", "Fo Striker", "--blue", "Fo Grappler", game="fo", stdin="@0:05 3 4\nhelp\n")
    lines = proc.stdout.splitlines()
    assert lines[1].endswith(
        "Round 1 of 3, clock 0:00 of 5:00: stamp the answer @M:SS from your watch (unstamped: 0:00). "
        "Bell when the round is over."
    )
    assert after(proc.stdout, "@0:05 3 4")[-1].endswith(
        "clock 0:05 of 5:00: stamp the answer @M:SS from your watch (unstamped: 0:05). Bell when the round is over."
    )
    assert any("@M:SS" in line and "bell" in line for line in after(proc.stdout, "help"))


def test_a_command_the_prompt_offers_as_a_choice_is_the_choice():
    from companion.plain import offers
    from companion.ruleset import Choice, ChoicePrompt

    prompt = ChoicePrompt("Ann", 0, "what next", (Choice("log", "log"), Choice("wait", "wait")))
    assert offers(prompt, "log") and not offers(prompt, "undo")


# --- the same fight in the app -----------------------------------------------------------


def test_a_fight_begun_in_the_app_goes_on_in_plain_mode(tmp_path: Path):
    """The store as the app leaves it (session.start, as CompanionApp.new_fight starts a fight)."""
    from companion.cards import load_file
    from companion.ruleset import Setup
    from companion.session import start

    ruleset = get_ruleset("nhb")
    cards, _ = load_file(NHB, "nhb", ruleset.card_model)
    store = Store.open(tmp_path)
    session = start(store, ruleset, Setup("nhb", (cards[0], cards[1])))
    session.submit("10")
    session.submit("3")
    session.close()
    store.close()
    proc = run(tmp_path, "play", "--plain", "nhb", "--resume", "1", stdin="9\n")
    assert "Gold Striker: roll d10! for control, +9. Against the other fighter's control total (28)." in proc.stdout
    assert "Gold Grappler takes control (28 to 18)" in proc.stdout


@pytest.mark.slow
async def test_plain_and_app_play_one_fight_in_turn(tmp_path: Path):
    """Begun in plain mode, resumed in the app (Pilot) and answered there, then on in plain mode."""
    import random

    from table_cards import log_lines, type_answer

    from companion.screens.app import make_app
    from companion.screens.fight import FightScreen

    plain(tmp_path, *CORNERS, stdin="10\n3\n")
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.resume_fight(1)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FightScreen)
        assert "Gold Grappler rolls 10 + 3 (d10!) + 15 (control) = 28 for control" in log_lines(screen)
        await type_answer(pilot, "9")
        await pilot.press("escape")  # home: the fight is let go
        await pilot.pause()
    proc = run(tmp_path, "play", "--plain", "nhb", "--resume", "1", stdin="log\nground\n")
    assert "Gold Grappler takes control (28 to 18)" in after(proc.stdout, "log")
    assert "Gold Grappler takes it to the ground" in proc.stdout


@pytest.mark.slow
def test_a_fight_open_in_another_app_is_refused_with_the_reason(tmp_path: Path):
    """The store's claim: while another process (the app) holds the fight, plain mode leaves it alone."""
    import subprocess
    import sys

    plain(tmp_path, *CORNERS, stdin="10\n")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from companion.store import Store; "
            f"s = Store.open(Path({str(tmp_path)!r})); s.claim(1); print('held', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        proc = run(tmp_path, "play", "--plain", "nhb", "--resume", "1", stdin="3\n")
        assert proc.returncode == 2 and "another companion has this fight open" in proc.stderr
    finally:
        holder.communicate("", timeout=30)
    session, store = fight_in(tmp_path)
    try:
        assert [a.text for a in session.answers] == ["10"]
    finally:
        session.close()
        store.close()


# --- amending a past answer and the free roller (issue 23, items 1 and 3) -----------------

BOUT = "10\n3\n9\nground\n12\n"
"""Gold Grappler controls 28 to 18, takes it down and rolls 12 for fight points."""


def test_answers_are_numbered_as_amend_counts_them(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin=BOUT + "answers\n")
    assert after(proc.stdout, "answers") == [
        "#1 Gold Grappler: roll d10! for control, +15, answered 10",
        "#2 Gold Grappler: roll d10! for control (explosion: roll again and add), 25 so far, answered 3",
        "#3 Gold Striker: roll d10! for control, +9, answered 9",
        "#4 Gold Grappler: choose where the segment is fought, answered ground",
        "#5 Gold Grappler: roll d20 for fight points (ground), +18, answered 12",
    ]
    (tmp_path / "new").mkdir()
    assert after(plain(tmp_path / "new", *CORNERS, stdin="answers\n").stdout, "answers") == ["No answer yet."]


def test_amend_says_the_new_lines_what_no_longer_fits_and_asks_again(tmp_path: Path):
    """Gold Striker's control 9 amended to an exploding 10 10 1 (typed in one go): he takes control,
    so the choice of where is his, asked again, and the Grappler's ground and 12 are dropped."""
    proc = plain(tmp_path, *CORNERS, stdin=BOUT + "amend 3 10 10 1\nanswers\n")
    assert after(proc.stdout, "amend 3 10 10 1") == [
        "Gold Striker rolls 10 for control: it explodes, roll again",
        "Gold Striker rolls 10 for control: it explodes, roll again",
        "Gold Striker rolls 10 + 10 + 1 (d10!) + 9 (control) = 30 for control",
        "Gold Striker takes control (30 to 28)",
        "Answer #3 (Gold Striker) amended: 9 to 10 10 1. Dropped 2 answers that no longer fit (ground, 12). "
        "Asked again: Gold Striker: choose where the segment is fought. undo takes the amendment back.",
        "Gold Striker: choose where the segment is fought. "
        "Choices: standup (advised): 15 vs 6 (+9); ground: 7 vs 16 (-9).",
    ]
    assert (
        after(proc.stdout, "answers")[2] == "#3 Gold Striker: roll d10! for control, +9, answered 10 (amended: was 9)"
    )
    assert proc.returncode == 0
    session, store = fight_in(tmp_path)  # stored as the app resumes it: amended, its record kept
    try:
        assert [a.text for a in session.answers] == ["10", "3", "10", "10", "1"]
        assert [(a.number, a.old.text, a.new) for a in session.amendments] == [(3, "9", "10 10 1")]
    finally:
        session.close()
        store.close()


def test_amend_keeps_what_still_fits_and_undo_takes_it_back(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, stdin=BOUT + "amend 3 1\nundo\nanswers\n")
    assert after(proc.stdout, "amend 3 1")[-3:] == [
        "Gold Grappler takes control (28 to 10)",
        "Answer #3 (Gold Striker) amended: 9 to 1. Kept 2 later answers. undo takes the amendment back.",
        "Gold Striker: roll d20 for fight points (ground), +7. Against the other fighter's fight points (30).",
    ]
    assert after(proc.stdout, "undo")[0] == "Amendment undone: answer #3 is 9 again, the fight as it was."
    assert after(proc.stdout, "answers")[2] == "#3 Gold Striker: roll d10! for control, +9, answered 9"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("amend 9 1", "Refused: there is no answer 9: the answers are numbered 1 to 5"),
        ("amend 3 11", "Refused: 11 is not a face: a d10 shows 1-10 (0 for 10)"),
        ("amend 3 9", "Refused: answer 3 is 9 already"),
        ("amend", "Refused: write amend N TEXT: N the answer's number (N from 1 to 5), TEXT the new answer"),
        ("amend three 1", "Refused: write amend N TEXT: N the answer's number (N from 1 to 5), TEXT the new answer"),
    ],
)
def test_a_bad_amend_is_refused_as_companion_script_refuses_it_and_changes_nothing(
    tmp_path: Path, typed: str, said: str
):
    proc = plain(tmp_path, *CORNERS, stdin=BOUT + typed + "\n")
    assert after(proc.stdout, typed)[0] == said
    assert proc.returncode == 1
    (tmp_path / "s").mkdir()
    script = run(tmp_path / "s", "script", "nhb", "--fighters", str(NHB), stdin=BOUT + typed + "\n")
    assert json.loads(script.stdout.splitlines()[-2])["reason"] == said.removeprefix("Refused: ")
    session, store = fight_in(tmp_path)
    try:
        assert [a.text for a in session.answers] == ["10", "3", "9", "ground", "12"] and not session.amendments
    finally:
        session.close()
        store.close()


def test_dice_rolls_apart_from_the_fight_with_its_odds_and_keeps_it_with_the_fight(tmp_path: Path):
    proc = plain(tmp_path, *CORNERS, "--seed", "7", stdin="dice 2d6+3\ndice 2d0\ndice\n10\n")
    assert after(proc.stdout, "dice 2d6+3") == [
        "2d6+3: [3 2] +3 = 8",
        "chance of exactly 8: 11.1% (4 of 36)",
        "chance of 8 or more: 83.3%",
        "chance of 8 or less: 27.8%",
        "mean 10, range 5 to 15",
        "Free roll 1, kept with the fight; not an answer.",
    ]
    assert after(proc.stdout, "dice 2d0") == ["Refused: '2d0': a die has 2 to 1000 sides (dice EXPR, like dice 2d6+3)"]
    assert after(proc.stdout, "dice")[0].startswith("Refused: type dice to roll, like 2d6+3")
    assert "Gold Grappler rolls 10 for control" in after(proc.stdout, "10")[0]  # the prompt stood meanwhile
    store = Store.open(tmp_path)
    try:
        assert [(r.seq, r.expression, r.faces, r.total) for r in store.free_rolls(1)] == [(1, "2d6+3", "[3 2] +3", 8)]
        _, _, answers, _ = store.load(1)
        assert [a.text for a in answers] == ["10"]  # a free roll is never an answer
    finally:
        store.close()


def test_help_says_amend_answers_and_dice(tmp_path: Path):
    said = after(plain(tmp_path, *CORNERS, stdin="help\n").stdout, "help")
    assert any(line.startswith("amend N TEXT: give TEXT in place of answer N") for line in said)
    assert any(line.startswith("answers: the answers so far, numbered as amend counts them") for line in said)
    assert any(line.startswith("dice EXPR: roll dice apart from the fight (2d6+3") for line in said)


def test_at_a_secret_choice_amend_and_dice_are_commands_not_a_hidden_pick(tmp_path: Path):
    """Cage Match: a free roll and an amendment typed at a corner's pick are the table's commands, echoed."""
    typed = "protect\nprotect\njab\ndice d6\namend 1 red=jab blue=protect\n"  # turn 2: red has picked
    proc = plain(tmp_path, *CM, stdin=typed, game="cage_match")
    assert proc.stdout.count("> (hidden)") == 3  # the picks alone
    assert after(proc.stdout, "dice d6")[-2] == "Free roll 1, kept with the fight; not an answer."
    assert after(proc.stdout, "amend 1 red=jab blue=protect")[-2] == (
        "Answer #1 (Greg O'Connor and Frank Duke) amended: red=protect blue=protect to red=jab blue=protect. "
        "undo takes the amendment back."
    )


@pytest.mark.slow
async def test_a_free_roll_in_plain_mode_is_in_the_apps_roller_when_the_fight_is_resumed(tmp_path: Path):
    import random

    from table_cards import text_of
    from textual.widgets import Static

    from companion.screens.app import make_app
    from companion.screens.roller import RollerScreen

    plain(tmp_path, *CORNERS, "--seed", "7", stdin="10\ndice 2d6+3\n")
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.resume_fight(1)
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, RollerScreen)
        history = text_of(app.screen.query_one("#roll-history", Static))
        assert "2d6+3: [3 2] +3 = 8" in history


def test_a_finished_fight_says_every_command_it_takes(tmp_path: Path):
    """Once over, the fight said 'amend, answers, log, status, quit' and refused a line with 'Type undo,
    amend, log, status or quit' (no dice, though a free roll works; no answers in the refusal), and help
    began 'Answer with no answer: the fight is over.'"""
    proc = plain(tmp_path, *CORNERS, "--seed", "3", stdin="roll\n" * 60 + "7\nhelp\ndice d6\n")
    out = proc.stdout
    assert "The fight is over: undo takes back the last answer; amend, answers, log, status, dice, quit." in out
    assert after(out, "7") == ["Refused: the fight is over. Type undo, amend, answers, log, status, dice or quit."]
    assert after(out, "help")[0] == "Nothing to answer: the fight is over."
    assert after(out, "dice d6")[-1] == "Free roll 1, kept with the fight; not an answer."


def test_a_tournament_night_is_begun_in_plain_mode_with_its_entrants_named(tmp_path: Path):
    """Review of issue 23: plain mode refused a new NHB tournament night ("begun in the app"); the
    entrants are named in order, drawn 1 v 2, 3 v 4 (NHB-9), and the night is saved like any fight."""
    four = ["Royce Gracie", "Ken Shamrock", "Dan Severn", "Oleg Taktarov"]
    proc = run(tmp_path, "play", "--plain", "nhb_tournament", *four, stdin="begin\n5\n3\nquit\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "Semi-final 1 of 2: Royce Gracie (red) v Ken Shamrock (blue)" in lines
    assert "Royce Gracie takes control (25 to 19)" in lines
    session, store = fight_in(tmp_path)
    assert session.ruleset.key == "nhb_tournament" and [a.text for a in session.answers] == ["begin", "5", "3"]
    store.close()
    three = run(tmp_path, "play", "--plain", "nhb_tournament", *four[:3], stdin="quit\n")
    assert three.returncode == 2 and "4, 8 or 16 entrants, not 3" in three.stderr
    none = run(tmp_path, "play", "--plain", "nhb_tournament", stdin="\n")
    assert none.returncode == 2 and "entrants in order, 4, 8 or 16" in none.stderr


def test_an_answer_stamped_past_the_stall_limit_meets_the_dice_turned_over(tmp_path: Path):
    """As ``companion script`` reads it (FO-8, the new-user trial): the stamps say the holder kept
    the dice past the 20 s limit, so they turned over at the limit, and the answer is the new holder's."""
    stdin = "@0:05 3 4\n@0:10 2 2\n@0:35 punch\n"
    proc = plain(tmp_path, "--red", "Fo Striker", "--blue", "Fo Grappler", game="fo", stdin=stdin)
    said = after(proc.stdout, "@0:35 punch")
    assert said[0] == "At 0:30, the stall limit:"
    assert said[1] == "Fo Grappler stalls: the dice turn over to Fo Striker"
    assert said[2] == "Fo Striker goes for the punch"
