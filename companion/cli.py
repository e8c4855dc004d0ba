"""The command line: ``companion`` starts the app; ``script`` and ``fighters``
run without it (the Textual app is imported only when it starts)."""

from __future__ import annotations

import argparse
import difflib
import json
import random
import re
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Sequence

from companion.dice import Refused
from companion.ruleset import GAME_TITLES, GAMES, Ruleset, Setup, get_ruleset, show_value
from companion.session import Session
from companion.store import data_dir

if TYPE_CHECKING:
    from companion.cards import Roster

SCRIPT_HELP = """\
Play a fight from text: answers on standard input, one a line; JSON Lines out.

Each prompt is written (and flushed) before its answer is read:
  {"prompt": {"kind": "roll", "who": ..., "dice": "d10!", "reason": ..., "modifier": ...}}
  {"accepted": "7", "virtual": false, "log": [...]}
  {"refused": "11", "reason": "a d10 shows 1-10 (0 for 10)"}
  {"final": {"over": true, "result": {...}, "trackers": {...}}}

Answers: the faces as rolled ("7", "3 5", "+ - 0 +"); a choice's key
("ground", or any unambiguous start of it: "g"); "roll" to have the app roll
(reproducible with --seed). "#" starts a comment; blank lines are skipped.
Timed games: a line may begin with "@M:SS " (time elapsed in the round), and
"bell" says the round clock ran out.

Cage Match: at a "secret" prompt both corners answer on one line, either order:
  red=MOVE[+dN][+xN] blue=MOVE[+dN][+xN]       e.g. red=jab+d1 blue=head-kick+x2
MOVE: a key of that corner's options, or an unambiguous start of one. +dN puts
N focus (0-2) on the dice, +xN N focus (0-2) on damage; the move's own focus
cost is paid automatically. "red=roll" has the app pick that corner's move,
"roll" both corners'. The prompt lists each corner's options, each with
"allowed" and, when false, "why": such a move is accepted and the default move
(Protect) is done instead, as the text says. Spending more focus than the
fighter holds is refused.

Exit status: 0 every answer accepted, 1 some refused, 2 a usage or setup error.
"""


class UsageError(Exception):
    """A mistake on the command line or in the setup: exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(GAMES)
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A referee for combat dice games played with real dice at the table. "
        "With no command, starts the app.",
        epilog="Run 'companion COMMAND --help' for a command's own options "
        "(e.g. 'companion script --help' for the answer syntax and the JSON Lines it writes). "
        f"Your data directory is now {data_dir()}.",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where saved fights and your own fighter cards live "
        "(default: $COMPANION_DATA_DIR, else the user data directory)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("play", help="start the app (the same as no command)")

    script = sub.add_parser(
        "script",
        help="play a fight headless: answers on stdin, JSON Lines on stdout",
        description=SCRIPT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    script.add_argument("game", metavar="GAME", help=f"one of: {games}")
    script.add_argument("--red", metavar="NAME", help="the red corner's card name")
    script.add_argument("--blue", metavar="NAME", help="the blue corner's card name")
    script.add_argument(
        "--fighter", metavar="NAME", action="append", default=[], help="a fighter, in corner order (repeatable)"
    )
    script.add_argument(
        "--fighters", metavar="FILE", action="append", default=[], type=Path,
        help="a card file whose cards take precedence over the rosters (repeatable)",
    )
    script.add_argument(
        "--option", metavar="KEY=VALUE", action="append", default=[],
        help="a rules option, e.g. segments=1, fight_die=d10!, exact_time=off (repeatable)",
    )
    script.add_argument("--seed", type=int, help="seed for the app's own rolls ('roll' answers)")

    fighters = sub.add_parser("fighters", help="list a roster or check a card file")
    fsub = fighters.add_subparsers(dest="fighters_command", metavar="ACTION", required=True)
    flist = fsub.add_parser("list", help="print a game's fighter names, one a line")
    flist.add_argument("game", metavar="GAME", help=f"one of: {games}")
    flist.add_argument("--fighters", metavar="FILE", action="append", default=[], type=Path, help="extra card file")
    fcheck = fsub.add_parser("check", help="validate a card file and report every problem")
    fcheck.add_argument("file", metavar="FILE", type=Path)

    options = sub.add_parser("options", help="list a game's rules options")
    options.add_argument("game", metavar="GAME", help=f"one of: {games}")

    tables_help = "check your own Cage Match card file over the shipped one and report every problem"
    tables = sub.add_parser("tables", help="check a Cage Match card file (the Fight Card, pads and positions)")
    tsub = tables.add_subparsers(dest="tables_command", metavar="ACTION", required=True)
    tcheck = tsub.add_parser(
        "check", help=tables_help,
        description=tables_help + ". Each section the file gives replaces the shipped one whole; put the file "
        "in <data dir>/tables/cage_match.yaml to play with it.",
    )
    tcheck.add_argument("file", metavar="FILE", type=Path)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command in (None, "play"):
            return run_app(args)
        if args.command == "script":
            return run_script(args, sys.stdin, sys.stdout)
        if args.command == "fighters":
            if args.fighters_command == "list":
                return fighters_list(args)
            return fighters_check(args.file)
        if args.command == "options":
            return options_list(args.game)
        if args.command == "tables":
            return tables_check(args.file)
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1
    parser.error(f"unknown command {args.command}")
    return 2


def run_app(args: argparse.Namespace) -> int:
    from screens.app import make_app  # imported here so script and fighters never load Textual

    app = make_app(data_dir(args.data_dir))
    app.run()
    return 0


# --- helpers shared by the commands ------------------------------------------


def ruleset_for(game: str) -> Ruleset:
    if game not in GAMES:
        coming = f" ({GAME_TITLES[game]} is not playable yet)" if game in GAME_TITLES else ""
        raise UsageError(f"unknown game {game!r}{coming}; playable: {', '.join(GAMES)}")
    return get_ruleset(game)


def roster_for(ruleset: Ruleset, directory: Path, extra: Sequence[Path]) -> "Roster":
    from companion.cards import load_roster

    for path in extra:
        if not path.is_file():
            raise UsageError(f"card file {path} does not exist")
    game = getattr(ruleset, "roster", ruleset.key)  # a tournament enters its game's cards
    return load_roster(game, ruleset.card_model, user_dir=directory / "fighters", extra_files=extra)


def find_card(roster: "Roster", name: str) -> Any:
    card = roster.find(name)
    if card is None:
        close = difflib.get_close_matches(name, roster.names(), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; see 'companion fighters list {roster.game}'"
        raise UsageError(f"no fighter called {name!r} in the {roster.game} roster{hint}")
    return card


def parse_options(ruleset: Ruleset, items: Sequence[str]) -> dict[str, Any]:
    specs = {spec.key: spec for spec in ruleset.options}
    chosen: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option takes KEY=VALUE, got {item!r}")
        spec = specs.get(key.strip())
        if spec is None:
            raise UsageError(f"unknown option {key!r} for {ruleset.key}; options: {', '.join(specs) or 'none'}")
        try:
            chosen[spec.key] = spec.parse(value.strip())
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return chosen


_STAMP = re.compile(r"^@(\d+):([0-5]\d)\s+(.*)$")


def split_stamp(line: str) -> tuple[float | None, str]:
    """``@1:30 7 4`` -> (90.0, "7 4"); a line without a stamp -> (None, line)."""
    match = _STAMP.match(line)
    if not match:
        return None, line
    return int(match.group(1)) * 60 + int(match.group(2)), match.group(3)


# --- script ------------------------------------------------------------------


def tables_of(ruleset: Ruleset, directory: Path) -> dict[str, Any] | None:
    """The game's checked tables with the player's own file put over them, for games
    that have any (``tables_for``: Cage Match's card); a card that cannot be played is a
    usage error listing every problem."""
    tables_for = getattr(ruleset, "tables_for", None)
    if tables_for is None:
        return None
    try:
        return tables_for(directory)
    except ValueError as exc:  # rulesets.cage_match_tables.TablesError: every problem in .problems
        problems = list(getattr(exc, "problems", None) or [str(exc)])
        n = len(problems)
        raise UsageError(f"the {ruleset.title} card cannot be played ({n} problem{'s' * (n != 1)}):\n  "
                         + "\n  ".join(problems)) from None


def run_script(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    ruleset = ruleset_for(args.game)
    directory = data_dir(args.data_dir)
    roster = roster_for(ruleset, directory, args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=sys.stderr)
    names = list(args.fighter)
    if args.red or args.blue:
        if names:
            raise UsageError("use --red/--blue or --fighter, not both")
        if not (args.red and args.blue):
            raise UsageError("name both corners: --red NAME --blue NAME")
        names = [args.red, args.blue]
    if not names:
        if len(roster.cards) < 2:
            raise UsageError(f"the {ruleset.key} roster has fewer than two cards")
        cards = tuple(roster.cards[:2])
    else:
        cards = tuple(find_card(roster, n) for n in names)
    setup = Setup(ruleset.key, cards, parse_options(ruleset, args.option), tables_of(ruleset, directory))
    try:
        session = Session(ruleset, setup, rng=random.Random(args.seed))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return play_script(session, stdin, stdout)


def play_script(session: Session, stdin: IO[str], stdout: IO[str]) -> int:
    """Drive ``session`` from ``stdin``; every prompt is flushed before its answer is read."""

    def emit(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj) + "\n")
        stdout.flush()

    refused = False
    prompted = False
    while not session.over:
        if not prompted:
            emit({"prompt": session.prompt.to_json()})
            prompted = True
        raw = stdin.readline()
        if not raw:
            break
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        clock, text = split_stamp(line)
        if line.startswith("@") and clock is None:
            refused = True
            emit({"refused": line, "reason": "write the time as @M:SS before the answer, e.g. @1:05 3 4"})
            continue
        try:
            step = session.submit(text, clock=clock)
        except Refused as exc:
            refused = True
            emit({"refused": text, "reason": exc.reason})
            continue
        accepted: dict[str, Any] = {"accepted": step.answer.text, "virtual": step.answer.virtual, "log": list(step.log)}
        if clock is not None:
            accepted["clock"] = clock
        emit(accepted)
        prompted = False
    final: dict[str, Any] = {"over": session.over, "result": None, "trackers": session.ruleset.trackers(session.state)}
    if session.over:
        final["result"] = session.prompt.result.to_json()
    emit({"final": final})
    return 1 if refused else 0


# --- fighters and options ----------------------------------------------------


def fighters_list(args: argparse.Namespace) -> int:
    ruleset = ruleset_for(args.game)
    roster = roster_for(ruleset, data_dir(args.data_dir), args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=sys.stderr)
    for name in roster.names():
        print(name)
    return 0


def fighters_check(path: Path) -> int:
    """Report every problem in a card file; exit 1 if there is any."""
    from companion.cards import Problem, load_file, read_file

    if not path.is_file():
        raise UsageError(f"card file {path} does not exist")
    data, problem = read_file(path)
    game = data.get("game") if data is not None else None
    if data is not None and not (isinstance(game, str) and game in GAMES):
        problem = Problem(str(path), f"{game!r} is not a game here; one of: {', '.join(GAMES)}", field="game")
    if problem is not None:
        print(problem)
        return 1
    cards, problems = load_file(path, game, get_ruleset(game).card_model)
    for problem in problems:
        print(problem)
    n, m = len(cards), len(problems)
    print(f"{path}: {n} card{'s' * (n != 1)} loaded, {m} problem{'s' * (m != 1)}")
    return 1 if problems else 0


def tables_check(path: Path) -> int:
    """Check a Cage Match card file put over the shipped one; exit 1 with every problem."""
    if not path.is_file():
        raise UsageError(f"card file {path} does not exist")
    problems, replaced = get_ruleset("cage_match").check_tables(path)  # the game's own check, found by name
    for problem in problems:
        print(problem)
    if problems:
        n = len(problems)
        print(f"{path}: not playable, {n} problem{'s' * (n != 1)}")
        return 1
    print(f"{path}: OK, a playable Cage Match card (replaces {', '.join(replaced)} of the shipped card)")
    return 0


def options_list(game: str) -> int:
    ruleset = ruleset_for(game)
    for spec in ruleset.options:
        choices = "|".join(show_value(c) for c in spec.choices)
        print(f"{spec.key}={choices}  (default {show_value(spec.default)}): {spec.label}; {spec.help}")
    return 0
