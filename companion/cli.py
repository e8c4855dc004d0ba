"""The command line: ``companion`` starts the app; ``script`` and ``fighters``
run without it (the Textual app is imported only when it starts)."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import re
import sys
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from companion import __version__
from companion.clock import mmss
from companion.dice import Refused
from companion.ruleset import GAMES, SIDES, Ruleset, Setup, TimedRuleset, get_ruleset, show_value
from companion.session import Session
from companion.simulate import PARALLEL_FROM, WALKED_PARALLEL_FROM
from companion.store import data_dir
from companion.words import count, excerpt, shown

if TYPE_CHECKING:
    from companion.cards import Roster
    from companion.odds import Odds
    from companion.simulate import Tally
    from companion.simulate_scenes import SceneTally

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
cost is paid automatically. "red=roll" has the app pick that corner's move
(recorded as red=MOVE@app), "roll" both corners'. The prompt lists each
corner's options, each with "allowed" and, when false, "why": such a move is
accepted and the default move (Protect) is done instead, as the text says.
Spending more focus than the fighter holds is refused. "end" at any prompt ends
the fight there (a draw, or a decision with --option table_end=decision).

Fudge: a scene of two to sixteen names its sides with --red and --blue, each
repeated (--red A --red B --blue C); a card named again is an NPC group, its
copies numbered ("Orc Guard 1", "Orc Guard 2"). Each round every combatant
declares (action, weapon, target, ...), then the rolls are typed in order
("+ - 0 +"), then the damage. At any prompt "end" ends the scene; at a roll
"gm +1 REASON" adds a GM's situational modifier to it.

PAF: a scene too (--red and --blue repeated; a card named again is an NPC group,
numbered as for Fudge). Each round every being's initiative d6, then each being's
action (or "condition": the GM sets or clears slowed/hastened, then the action
is asked again), weapon, range and target, its percentile roll (00 is 100), any
critical or fumble roll, and the damage dice; after the scene, the rest and the
days. At any prompt "end" ends the scene; at a roll to hit "gm +5 REASON" adds
5 to the number needed (a tree in the way; "gm -10 REASON" makes it easier).

Amending a past answer: "amend N TEXT" gives TEXT in place of answer N (1 the
first, counted as the answers were accepted: one a line, or one a die when an
exploding die's faces were typed on one line) and plays the fight again from it.
The later answers are kept while each still fits (its prompt asks the same of
the same fighter, and the answer is still accepted); the first that does not is
asked again, and it and those after it are dropped:
  {"amended": 1, "who": ..., "was": "5", "now": "1", "kept": [...], "dropped": [...],
   "was_shown": ..., "now_shown": ..., "kept_shown": [...], "dropped_shown": [...],
   "log": [...], "asked_again": {...} or null}
("was" ... "dropped" as typed; the "_shown" ones as their prompts showed them:
a choice by its option's name, "Sword, Long" for "sword-long").
then the prompt now asked. A refused TEXT changes nothing.

A fight exported as JSON ('companion export ID --format json', or ctrl+e in a
fight) replays with --from FIGHT.json: its setup from the file, its answers as
they were given (an app roll stays the app's, a clock stamp its stamp), each
written as a typed one is; then any answers on standard input. The answers are
the fight as amended; its "amendments" and "free_rolls" are a record, not replayed.

Exit status: 0 every answer accepted, 1 some refused, 2 a usage or setup error.
"""


SIMULATE_HELP = """\
Simulate bouts with the app's own dice and the table's own rules engine: each
prompt is rolled as the app rolls for a player, and the controller always takes
the advised place (chosen at random where none is advised).

  companion simulate nhb "Royce Gracie" "Ken Shamrock" -n 100000 --seed 7
  companion simulate nhb --tournament A B C D -n 10000 --draw random
  companion simulate fo "Conor McGregor" "José Aldo" --seconds 5-15
  companion simulate cage_match "Greg O'Connor" "Frank Duke" --strategy red=advice --strategy blue=random
  companion simulate cage_match "Greg O'Connor" "Frank Duke" --matrix --strategy prefer:parry,jab -n 1000

Prints each fighter's win share with a 95% interval, the share of each method
and submission, and the finish times (median; inside 1, 5 and 10 minutes of
fight time). Every share is of all bouts; a tournament run adds each entrant's
share of tournament wins. --json prints one object: n, wins, wins_interval,
draws, methods, submissions, median_finish, inside, and for tournaments bouts,
champions, champions_interval; "stopped": true marks a run stopped by Ctrl+C.
The same --seed gives the same figures, on one core or many.

A scene game (Fudge, PAF) simulates whole scenes of many on two sides, named
as 'companion script' names them, --red and --blue each repeated (a card named
again is an NPC group, its copies numbered):

  companion simulate fudge --red "Sir Aldric of Wendham" --red "Maeve Ashdown" --blue "Grukk the Ogre"
  companion simulate paf --red "Sir Roderick Vane" --blue "Orc Raider" --blue "Orc Raider" -n 500

It prints each side's win share with a 95% interval, the rounds a scene lasts
(median, mean, percentiles, distribution), and each combatant's chance to fall
(out of the fight, in the game's words) and to die, and how he ends (Fudge: his
worst wound; PAF: unhurt, wounded, unconscious, below 0 or dead, and the hit
points lost). --json prints one object: n, seed, sides, wins, wins_interval,
no_winner, methods, rounds, words, combatants (README: "Simulating a scene").

A game played against a round clock stamps each roll --seconds LOW-HIGH after
the answer before (whole seconds, drawn evenly from the run's dice) and each
choice the game's own few seconds (FO: an attack named, 1-4 s); the bell and
stalling come as the rules bring them (FO-8: a hold longer than the stall
limit, counted through the choice to the roll): "seconds" and "choice_seconds"
in --json. A game of secret
choices plays each corner's --strategy: advice (the app's advised pick), random
(a random move the pad allows, as the app picks for a player) or prefer:A,B,...
(the first of these moves the corner may do, else the pad's default): "strategies"
in --json; a game without a clock says the turn of the middle finish
("median_finish_period") and of the middle bout ("median_period"). --matrix
plays every strategy against every other, -n bouts a cell with the same seed:
--json gives strategies, wins (each fighter's share by red's strategy, then
blue's), draws and cells (each cell's figures).

Exit status: 0 done, 2 a usage or setup error, 130 stopped by Ctrl+C (the
figures so far are printed).
"""


ODDS_HELP = """\
The odds of the roll (or choice) a fight has reached, as the fight screen shows
them by the dice tray: the fight is set up as 'companion script' sets it up (the
same corners, card files, options and tables), the answers are taken in order,
and the odds are printed at the prompt they reach.

  companion odds nhb --red "Royce Gracie" --blue "Ken Shamrock"
  printf '7\\n' | companion odds nhb --red "Royce Gracie" --blue "Ken Shamrock" --answers -
  companion odds fo --answers fight.txt --detail

Answers are written as for 'companion script' ("#" comments, "@M:SS " stamps, "roll"
with --seed). The figures are exact: exploding dice are followed to 3 explosions in
a row and the chance beyond is said; NHB's whole-bout figures are computed before
printing (about half a second). --json prints the prompt and the odds (title,
lines, sections, remainder, basis) as one object.

Exit status: 0 the odds printed (or the fight is over, or this prompt has none),
1 an answer was refused (the odds are then for the prompt before it), 2 a usage
or setup error, or a game that shows no odds.
"""


PIPE_CLOSED = 141
"""The exit status when the reader of standard output has gone (128 + SIGPIPE, as a shell says it)."""


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
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where saved fights and your own fighter cards live "
        "(default: $COMPANION_DATA_DIR, else the user data directory)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start the app (the same as no command); --plain: as lines of text")
    from companion import plain

    plain.add_arguments(play)

    script = sub.add_parser(
        "script",
        help="play a fight headless: answers on stdin, JSON Lines on stdout",
        description=SCRIPT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_fight_arguments(script, games, optional_game=True)
    script.add_argument(
        "--from",
        dest="from_file",
        metavar="FIGHT.json",
        type=Path,
        help="replay a fight written by 'companion export ID --format json' (or the fight screen's ctrl+e): "
        "its setup and its answers as they were given (app rolls and clock stamps too), then any answers "
        "on standard input",
    )

    odds = sub.add_parser(
        "odds",
        help="the odds at the prompt a fight's answers reach",
        description=ODDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_fight_arguments(odds, games)
    odds.add_argument(
        "--answers",
        metavar="FILE",
        help="the answers so far, one a line, as 'companion script' reads them ('-': standard input)",
    )
    odds.add_argument("--detail", action="store_true", help="every figure, section by section")
    odds.add_argument("--json", action="store_true", help='print {"prompt": ..., "odds": ...} as one JSON object')

    simulate = sub.add_parser(
        "simulate",
        help="simulate many bouts (or tournaments) with the app's own dice: who wins, how, how fast",
        description=SIMULATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument("game", metavar="GAME", help="a game that can be simulated (companion simulate GAME ...)")
    simulate.add_argument("corners", metavar="NAME", nargs="*", help="the red and the blue corner's card names")
    simulate.add_argument(
        "--red",
        metavar="NAME",
        action="append",
        default=[],
        help="the red corner's card name (a scene: repeat for each on the red side)",
    )
    simulate.add_argument(
        "--blue",
        metavar="NAME",
        action="append",
        default=[],
        help="the blue corner's card name (a scene: repeat for each on the blue side)",
    )
    simulate.add_argument(
        "--tournament", metavar="NAME", nargs="+", help="the entrants of a bracket of 4, 8 or 16, in bracket order"
    )
    simulate.add_argument(
        "--draw",
        choices=("order", "random"),
        default="order",
        help="a tournament's draw: the bracket as entered (default) or drawn afresh each time",
    )
    simulate.add_argument(
        "-n",
        type=int,
        metavar="N",
        help="bouts (or tournaments) to run (default 10,000; 1,000 where bouts are walked afresh "
        "(a round clock, secret choices) and for scenes)",
    )
    simulate.add_argument("--seed", type=int, help="seed for the dice: the same seed gives the same figures")
    simulate.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    simulate.add_argument(
        "--workers",
        type=int,
        metavar="W",
        help=f"processes to run on (default: one a core from {PARALLEL_FROM:,} bouts on; "
        f"{WALKED_PARALLEL_FROM:,} where bouts are walked afresh, 200 scenes)",
    )
    simulate.add_argument(
        "--strategy",
        metavar="[CORNER=]NAME",
        action="append",
        default=[],
        help="how a corner picks, where a game has strategies: red=NAME, blue=NAME, or NAME for both "
        "(advice, random, prefer:MOVE,MOVE,...; the default: the game's first)",
    )
    simulate.add_argument(
        "--matrix",
        action="store_true",
        help="every strategy against every other (the game's, and each --strategy named): "
        "the win shares by red's strategy (rows) and blue's (columns), -n bouts a cell",
    )
    simulate.add_argument(
        "--seconds",
        metavar="LOW-HIGH",
        help="a timed game's pace: each roll takes LOW to HIGH whole seconds, drawn evenly (default: the game's, "
        "FO 5-15); a choice takes the game's own few seconds (FO: an attack named, 1-4)",
    )
    simulate.add_argument("--fighters", metavar="FILE", action="append", default=[], type=Path, help="extra card file")
    simulate.add_argument("--option", metavar="KEY=VALUE", action="append", default=[], help="a rules option")

    add_roll_parser(sub)

    fighters = sub.add_parser("fighters", help="list a roster or check a card file")
    fsub = fighters.add_subparsers(dest="fighters_command", metavar="ACTION", required=True)
    flist = fsub.add_parser("list", help="print a game's fighter names, one a line")
    flist.add_argument("game", metavar="GAME", help=f"one of: {games}")
    flist.add_argument("--fighters", metavar="FILE", action="append", default=[], type=Path, help="extra card file")
    fcheck = fsub.add_parser("check", help="validate a card file and report every problem")
    fcheck.add_argument("file", metavar="FILE", type=Path)

    options = sub.add_parser("options", help="list a game's rules options")
    options.add_argument("game", metavar="GAME", help=f"one of: {games}")

    tables_help = (
        "check your own tables file (a game's fight card, weapons, armor, monsters or charts) over the "
        "shipped one and report every problem"
    )
    tables = sub.add_parser("tables", help="check a tables file of a game that has one")
    tsub = tables.add_subparsers(dest="tables_command", metavar="ACTION", required=True)
    tcheck = tsub.add_parser(
        "check",
        help=tables_help,
        description=tables_help + ". Each section the file gives replaces the shipped one whole; put the file "
        "in <data dir>/tables/GAME.yaml to play with it.",
    )
    tcheck.add_argument("file", metavar="FILE", type=Path)
    tcheck.add_argument(
        "--game", metavar="GAME", help="whose tables the file holds (default: the first game listed that has tables)"
    )
    add_export_commands(sub)
    return parser


ROLL_HELP = """\
Roll dice free of any fight, in the notation of the five games, and print the
faces, the total and the exact odds of that total: the chance of exactly it,
of it or more and of it or less, the mean and the range.

  companion roll 2d6+3        two six-sided dice and 3
  companion roll d%           percentile dice, 1-100 (00 is 100)
  companion roll 1d10!+18     an exploding d10 (a 10 rolls again and adds), and 18
  companion roll 4dF          four Fudge dice, each -1, 0 or +1
  companion roll 4d6kh3       four d6, the highest three kept (k3 too; kl1 keeps the lowest)
  companion roll 2d20kl1 --times 5 --seed 7

Terms are numbers and dice joined by + and -. Limits: at most {dice} dice in
all, dice of 2 to {sides} sides, numbers up to {number:,}, {terms} terms, {faces:,}
faces in all (each die's sides added up, an exploding die's {times} times), and
for a kept group, dice x kept² x sides² at most {kept:,}. The odds
are exact; an exploding die is followed to {depth} explosions (further where the
total rolled needs it) and the chance beyond is said. In the faces, a dropped
die is in parentheses and an exploded face has a ! ([10!+3]).

Exit status: 0 rolled, 2 an expression the roller does not read (the message
says what is wrong and what is allowed).
"""


def add_roll_parser(sub: Any) -> None:
    """``companion roll EXPR`` (issue 23 item 3)."""
    from companion import dice, roller

    roll = sub.add_parser(
        "roll",
        help="roll dice (2d6+3, d%%, d10!, 4dF, 4d6kh3) and print the faces, the total and its exact odds",
        description=ROLL_HELP.format(
            dice=dice.MOST_DICE,
            sides=dice.MOST_SIDES,
            number=roller.MOST_NUMBER,
            terms=roller.MOST_TERMS,
            depth=roller.DEPTH,
            faces=roller.MOST_FACES,
            times=roller.DEPTH + 1,
            kept=roller.MOST_KEPT_WORK,
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    roll.add_argument("expression", metavar="EXPR", help="the dice, like 2d6+3, d%%, 1d10!+18, 4dF, 4d6kh3")
    roll.add_argument("--seed", type=int, help="seed for the dice: the same seed rolls the same faces")
    roll.add_argument("--times", type=int, default=1, metavar="K", help="roll K times (default 1)")
    roll.add_argument("--json", action="store_true", help="print one JSON object: the rolls and their exact odds")


def run_roll(args: argparse.Namespace, out: IO[str]) -> int:
    """``companion roll``: the faces, the total and its odds; a bad expression is a usage error."""
    from companion import roller

    try:
        expression = roller.parse(args.expression)
    except roller.BadExpression as exc:
        raise UsageError(str(exc)) from None
    if not 1 <= args.times <= roller.MOST_ROLLS:
        raise UsageError(f"--times {args.times}: roll 1 to {roller.MOST_ROLLS:,} times")
    rng = random.Random(args.seed)
    rolls = [expression.roll(rng) for _ in range(args.times)]
    if args.json:
        print(json.dumps(roller.to_json(expression, rolls)), file=out)
    else:
        for line in roller.report(expression, rolls):
            print(line, file=out)
    return 0


def add_fight_arguments(parser: argparse.ArgumentParser, games: str, *, optional_game: bool = False) -> None:
    """The arguments that name a fight: the game, its corners, card files, options, seed
    (``optional_game``: the game may be left out, where another argument names the fight)."""
    parser.add_argument("game", metavar="GAME", nargs="?" if optional_game else None, help=f"one of: {games}")
    parser.add_argument(
        "--red",
        metavar="NAME",
        action="append",
        default=[],
        help="the red corner's card name (a Fudge or PAF scene: repeat for each on the red side)",
    )
    parser.add_argument(
        "--blue",
        metavar="NAME",
        action="append",
        default=[],
        help="the blue corner's card name (a Fudge or PAF scene: repeat for each on the blue side)",
    )
    parser.add_argument(
        "--fighter", metavar="NAME", action="append", default=[], help="a fighter, in corner order (repeatable)"
    )
    parser.add_argument(
        "--fighters",
        metavar="FILE",
        action="append",
        default=[],
        type=Path,
        help="a card file whose cards take precedence over the rosters (repeatable)",
    )
    parser.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a rules option, e.g. segments=1, fight_die=d10!, exact_time=off (repeatable)",
    )
    parser.add_argument("--seed", type=int, help="seed for the app's own rolls ('roll' answers)")


def main(argv: Sequence[str] | None = None) -> int:
    """The ``companion`` command: its exit status (argparse's own errors exit with 2)."""
    try:
        try:
            return run_command(argv)
        finally:
            if sys.stdout is not None:  # None: started with standard output closed
                sys.stdout.flush()  # a reader that has gone shows here, not as a message at exit
    except BrokenPipeError:
        # The reader stopped early (``companion fighters list nhb | head -1``): stop quietly,
        # and let nothing more reach the closed pipe when Python flushes at exit. 141 is what a
        # shell reports for a command a closed pipe stopped (128 + SIGPIPE), apart from 1
        # (answers refused, problems found).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return PIPE_CLOSED


NEGATIVE_DICE = re.compile(r"-\s*\d*\s*[dD]")
"""An expression that begins with a minus and dice (``-d6``, ``-2d6+10``): argparse would read it
as an option."""


def _roll_expressions(argv: list[str]) -> list[str]:
    """``companion roll -d6``: an expression after ``roll`` that begins with a minus and dice is
    given a leading space, so argparse takes it for the expression rather than an option (the
    roller reads past spaces)."""
    at = 0
    while at < len(argv) and argv[at].startswith("-"):  # the options before the command
        at += 2 if argv[at] == "--data-dir" else 1
    if at >= len(argv) or argv[at] != "roll":
        return argv
    return argv[: at + 1] + [f" {arg}" if NEGATIVE_DICE.match(arg) else arg for arg in argv[at + 1 :]]


def run_command(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(_roll_expressions(list(sys.argv[1:] if argv is None else argv)))
    try:
        if getattr(args, "plain", False):
            from companion import plain

            return plain.run(args, sys.stdin, sys.stdout, sys.stderr)
        if args.command in (None, "play"):
            return run_app(args)
        if args.command == "script" and (args.from_file is not None or args.game is None):
            return run_script_from(args, sys.stdin, sys.stdout)
        if args.command == "script":
            return run_script(args, sys.stdin, sys.stdout)
        if args.command in ("export", "fights"):
            return run_export_command(args, sys.stdout)
        if args.command == "simulate":
            return run_simulate(args, sys.stdout, sys.stderr)
        if args.command == "odds":
            return run_odds(args, sys.stdin, sys.stdout, sys.stderr)
        if args.command == "roll":
            return run_roll(args, sys.stdout)
        if args.command == "fighters":
            if args.fighters_command == "list":
                return fighters_list(args)
            return fighters_check(args.file, data_dir(args.data_dir))
        if args.command == "options":
            return options_list(args.game)
        if args.command == "tables":
            return tables_check(args.file, args.game)
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C outside a simulation's own handling: stop quietly
        return 130
    parser.error(f"unknown command {args.command}")
    return 2


def run_app(args: argparse.Namespace) -> int:
    from companion.store import Store, StoreError

    given = [f"--{name}" for name in ("game", "resume") if getattr(args, name, None) is not None]
    if given or getattr(args, "names", None):
        raise UsageError("a game, fighters and --resume are for plain mode: companion play --plain GAME ...")

    directory = data_dir(args.data_dir)
    try:  # before the screen is taken: a store that cannot be opened is said here, nothing changed
        store = Store.open(directory)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    app = front_end("app")(directory, store=store)  # loaded here: script and fighters never load Textual
    app.run()
    return 0


def front_end(name: str) -> Any:
    """The front end registered as ``name`` in the entry-point group ``companion.front_ends``
    (the full-screen app is ``app``): the core finds it as it finds a game, by name, and imports
    no screen."""
    from importlib.metadata import entry_points

    for point in entry_points(group="companion.front_ends", name=name):
        return point.load()
    raise UsageError(f"no front end {name!r} is installed (entry-point group companion.front_ends)")


# --- helpers shared by the commands ------------------------------------------


def ruleset_for(game: str) -> Ruleset:
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}; playable: {', '.join(GAMES)}")
    return get_ruleset(game)


def check_file(path: Path, what: str = "card file") -> None:
    """A file named on the command line must be there, and be a file (issue 19)."""
    shown_path = shown(str(path))
    if path.is_dir():
        raise UsageError(f"{what} {shown_path} is a folder: name a file in it")
    if not path.exists():
        raise UsageError(f"{what} {shown_path} does not exist")
    if not path.is_file():
        raise UsageError(f"{what} {shown_path} is not a regular file")


def roster_for(ruleset: Ruleset, directory: Path, extra: Sequence[Path]) -> Roster:
    """The game's roster with the files of ``--fighters`` over it. A problem in one of those files is
    a usage error (exit status 2), every problem listed; one in the data folder's own card files is a
    warning (the command's caller prints ``roster.problems``), the bad card skipped."""
    from companion.cards import keys_check_for, load_roster

    for path in extra:
        check_file(path)
    # a tournament enters its game's cards (its roster)
    roster = load_roster(
        ruleset.roster,
        ruleset.card_model,
        user_dir=directory / "fighters",
        extra_files=extra,
        keys_check=keys_check_for(ruleset, directory),
    )
    named = {str(path) for path in extra}
    bad = [problem for problem in roster.problems if problem.file in named]
    if bad:
        n = len(bad)
        raise UsageError(
            f"the card file{'s' * (len(named) > 1)} named with --fighters cannot be used "
            f"({count(n, 'problem')}; 'companion fighters check FILE' lists them too):\n  "
            + "\n  ".join(str(problem) for problem in bad)
        )
    roster.problems = [problem for problem in roster.problems if problem.file not in named]
    return roster


def find_card(roster: Roster, name: str) -> Any:
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
    try:
        return ruleset.tables_for(directory)
    except ValueError as exc:  # companion.tables.TablesError: every problem in .problems
        problems = list(getattr(exc, "problems", None) or [str(exc)])
        n = len(problems)
        raise UsageError(
            f"the {ruleset.title} {ruleset.tables_what} cannot be played ({count(n, 'problem')}):\n  "
            + "\n  ".join(problems)
        ) from None


def run_script(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    ruleset = ruleset_for(args.game)
    return play_script(session_for(ruleset, args), stdin, stdout)


def session_for(ruleset: Ruleset, args: argparse.Namespace) -> Session:
    """The fight the command line names: its corners (``--red``/``--blue``, ``--fighter``, or
    the roster's first two), card files, options and tables; app rolls seeded by ``--seed``."""
    directory = data_dir(args.data_dir)
    roster = roster_for(ruleset, directory, args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=sys.stderr)
    names = list(args.fighter)
    sides: tuple[int, ...] = ()
    if args.red or args.blue:
        if names:
            raise UsageError("use --red/--blue or --fighter, not both")
        if not (args.red and args.blue):
            raise UsageError("name both corners: --red NAME --blue NAME")
        names = args.red + args.blue
        if len(names) > 2:  # a scene of many (Fudge, PAF): the game says whether it plays one
            sides = (0,) * len(args.red) + (1,) * len(args.blue)
        elif len(args.red) != 1:
            raise UsageError("name one fighter for each corner: --red NAME --blue NAME")
    if not names:
        if len(roster.cards) < 2:
            raise UsageError(f"the {ruleset.key} roster has fewer than two cards")
        cards = tuple(roster.cards[:2])
    else:
        cards = tuple(find_card(roster, n) for n in names)
    if ruleset.copies:  # a scene's NPC group: the same card named again is numbered
        from companion.replay import number_copies

        cards = number_copies(cards)
    setup = Setup(ruleset.key, cards, parse_options(ruleset, args.option), tables_of(ruleset, directory), sides)
    try:
        return Session(ruleset, setup, rng=random.Random(args.seed))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


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
        if AMEND_WORD.match(line):  # issue 23: a past answer changed
            out = amend_line(session, line)
            refused = refused or "refused" in out
            emit(out)
            prompted = prompted and "refused" in out  # the prompt now asked, said again
            continue
        clock, text = split_stamp(line)
        if line.startswith("@") and clock is None:
            refused = True
            emit({"refused": line, "reason": "write the time as @M:SS before the answer, e.g. @1:05 3 4"})
            continue
        stalled = False
        try:
            for stall in stalls_before(session, clock, text):  # Refused first where the line will not be taken
                # FO-8: the app's clock would have turned the dice over at the limit, before this answer
                at = stall.answer.clock
                assert at is not None
                emit(
                    {
                        "accepted": STALL_WORD,
                        "virtual": False,
                        "log": list(stall.log),
                        "clock": seconds(at),
                        "by": "stall limit",
                    }
                )
                stalled = True
        except Refused as exc:
            refused = True
            emit({"refused": text, "reason": exc.reason})
            continue
        if stalled:
            emit({"prompt": session.prompt.to_json()})  # what this answer now answers
        before = len(session.steps)
        earlier = session.state
        try:
            step = session.submit(text, clock=clock)
        except Refused as exc:
            refused = True
            emit({"refused": text, "reason": exc.reason})
            continue
        taken = session.steps[before:] or [step]  # one line may be several answers (an exploding die, "10 4")
        said = text if len(taken) > 1 else step.answer.text
        log = [line for each in taken for line in each.log]
        accepted: dict[str, Any] = {"accepted": said, "virtual": step.answer.virtual, "log": log}
        reading = clock if clock is not None else taken_at(session.ruleset, earlier, session.state)
        if reading is not None:
            accepted["clock"] = seconds(reading)
        emit(accepted)
        prompted = False
    final: dict[str, Any] = {"over": session.over, "result": None, "trackers": session.ruleset.trackers(session.state)}
    prompt = session.prompt
    if prompt.kind == "over":  # session.over, read here so that it narrows the prompt to an OverPrompt
        final["result"] = prompt.result.to_json()
    emit({"final": final})
    return 1 if refused else 0


STALL_WORD = "stall"
"""The answer a timed game's clock gives at the stall limit, as the fight screen's clock gives it."""


def stalls_before(session: Session, clock: float | None, text: str) -> Iterator[Any]:
    """Give, one by one, the stalls the round clock calls before the line ``text`` stamped ``clock``
    (:meth:`Session.stall_due_by`, FO-8), yielding each step; none where the line is itself the
    stall at the limit (``stall`` stamped when the clock calls it: one stall, not two, as the
    simulator's stamped walk writes it).

    Only for a line that will be taken: ``text`` is first tried after the stalls on a copy of the
    fight, and a line that does not fit raises Refused before any stall is given, so a refused
    line changes nothing, its stalls with it (the new-user trial: ``@0:50 pnch`` was refused
    with the stalls before it taken). The reason says the stalls were not taken either."""
    trial = session.before(len(session.steps))  # a copy, neither saved nor watched
    stalls = 0
    for _ in _stalls(trial, clock, text):
        stalls += 1
    try:
        trial.check(text, clock=clock)
    except Refused as exc:
        if not stalls:
            raise
        by = mmss(clock or 0)
        raise Refused(
            f"{exc.reason}; by {by} the clock calls {count(stalls, 'stall')} first, so this line answers "
            f"{trial.prompt.headline()}: nothing is taken, {'the stall' if stalls == 1 else 'the stalls'} neither"
        ) from None
    yield from _stalls(session, clock, text)


def _stalls(session: Session, clock: float | None, text: str) -> Iterator[Any]:
    """The stalls of :func:`stalls_before` given to ``session``, one by one."""
    while (at := session.stall_due_by(clock)) is not None:
        if clock is not None and at >= clock and text.strip().lower() == STALL_WORD:
            return
        yield session.submit(STALL_WORD, clock=at)


def seconds(reading: float) -> float:
    """A clock reading as the JSON says it: whole seconds as a whole number (``30``, as stamped)."""
    return int(reading) if float(reading).is_integer() else reading


def taken_at(ruleset: Ruleset, before: Any, after: Any) -> float | None:
    """The round clock's reading an answer without a stamp was taken at, in a timed game: the latest
    reading (the ruleset's rule for an answer without a stamp), or the round's end where it rang
    the bell; None in a game without a clock. Every accepted answer of a timed game then says its
    reading, as the app stamps every answer it takes."""
    if not isinstance(ruleset, TimedRuleset):
        return None
    if ruleset.round_seconds is not None and (
        ruleset.round_of(after) != ruleset.round_of(before) or ruleset.clock_reading(after) >= ruleset.round_seconds
    ):
        return ruleset.round_seconds  # the bell: the round scored to its end (FO-7)
    return max(ruleset.clock_reading(before), ruleset.clock_reading(after))


AMEND_WORD = re.compile(r"amend\b", re.IGNORECASE)
_AMEND = re.compile(r"amend\s+(\d+)\s+(\S.*)$", re.IGNORECASE)


def amend_line(session: Session, line: str) -> dict[str, Any]:
    """``amend N TEXT`` (issue 23): answer N (1 the first, as the answers were accepted, one a die
    for an exploding die typed in one go) becomes TEXT, and the fight is folded again from it.
    The JSON line saying so: the answers kept and dropped, the log from the amended answer on,
    and the prompt asked again (null when every later answer still fits); or the refusal."""
    from companion.amending import amendment_shown

    match = _AMEND.match(line)
    n = len(session.steps)
    if match is None:
        allowed = f"N from 1 to {n}" if n else "once an answer has been given"
        return {
            "refused": line,
            "reason": f"write amend N TEXT: N the answer's number ({allowed}), TEXT the new answer",
        }
    number, text = int(match.group(1)), match.group(2).strip()
    if text.startswith("@"):  # read as faces, "@0:07 1 1" was refused as "expected 2 faces, got 3"
        return {
            "refused": line,
            "reason": f"an amended answer keeps the clock stamp it was given: write amend {number} "
            "and the answer alone, without @M:SS",
        }
    try:
        amendment = session.amend(number - 1, text)
    except Refused as exc:
        return {"refused": line, "reason": exc.reason}
    dropped = amendment.dropped
    return {
        "amended": amendment.number,
        "who": amendment.who,
        "was": amendment.old.text,
        "now": amendment.new,
        "kept": [answer.text for answer in amendment.kept_answers],
        "dropped": [answer.text for answer in dropped],
        # the same as their prompts showed them ("Sword, Long" for "sword-long"), for a reader
        **{f"{key}_shown": value for key, value in amendment_shown(session, amendment).items()},
        "log": [line for step in session.steps[amendment.index :] for line in step.log],
        "asked_again": session.prompt.to_json() if amendment.asks_again else None,  # not for a bell kept past a gap
    }


# --- odds --------------------------------------------------------------------


def run_odds(args: argparse.Namespace, stdin: IO[str], stdout: IO[str], stderr: IO[str]) -> int:
    """``companion odds``: the odds at the prompt the answers reach (issue 8)."""
    ruleset = ruleset_for(args.game)
    if not ruleset.has_odds:
        raise UsageError(f"{ruleset.title} shows no odds yet")
    session = session_for(ruleset, args)
    refused = False
    if args.answers:
        if args.answers == "-":
            lines = stdin.read().splitlines()
        else:
            path = Path(args.answers)
            if not path.is_file():
                raise UsageError(f"answers file {path} does not exist")
            lines = path.read_text(encoding="utf-8").splitlines()
        for raw in lines:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            clock, text = split_stamp(line)
            try:
                if line.startswith("@") and clock is None:
                    raise Refused("write the time as @M:SS before the answer, e.g. @1:05 3 4")
                for _ in stalls_before(session, clock, text):  # as companion script reads it (FO-8)
                    pass
                session.submit(text, clock=clock)
            except Refused as exc:
                print(f"companion: refused {text!r}: {exc.reason} (the odds are for the prompt before it)", file=stderr)
                refused = True
                break
    odds = None if session.over else odds_now(session.ruleset, session.state)
    prompt = session.prompt
    if args.json:
        stdout.write(json.dumps({"prompt": prompt.to_json(), "odds": odds.to_json() if odds else None}) + "\n")
    else:
        stdout.write(prompt.headline() + "\n")
        stdout.write((odds.text(args.detail) if odds else "(no odds at this prompt)") + "\n")
    return 1 if refused else 0


def odds_now(ruleset: Ruleset, state: Any) -> Odds | None:
    """The ruleset's odds, with any table they need computed first rather than left pending."""
    return ruleset.odds(state, wait=True)


# --- simulate ----------------------------------------------------------------


def run_simulate(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    """``companion simulate``: the figures of many simulated bouts or tournaments."""
    from companion.simulate import Tally, plan, run, workers_for

    ruleset = ruleset_for(args.game)
    if not ruleset.simulated:
        can = ", ".join(key for key in GAMES if get_ruleset(key).simulated)
        raise UsageError(f"{args.game!r} cannot be simulated yet; simulated games: {can}")
    if ruleset.scenes:
        return run_scene_simulate(args, ruleset, stdout, stderr)
    if args.n is None:
        args.n = 10_000
    if args.red or args.blue:  # red and blue named as for 'companion script'
        if args.corners or len(args.red) != 1 or len(args.blue) != 1:
            raise UsageError("name one fighter for each corner: --red NAME --blue NAME (or RED BLUE)")
        args.corners = args.red + args.blue
    directory = data_dir(args.data_dir)
    roster = roster_for(ruleset, directory, args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=stderr)
    if args.draw != "order" and not args.tournament:
        raise UsageError("--draw is for tournaments (--tournament A B C D ...)")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.tournament:
        if args.corners:
            raise UsageError("name the fighters either as RED BLUE or after --tournament, not both")
        names = args.tournament
        if len(names) not in (4, 8, 16):
            raise UsageError(f"a tournament needs 4, 8 or 16 entrants, not {len(names)}")
        night = GAMES[args.game].tournament
        if night is None:
            raise UsageError(f"{ruleset.title} has no tournament night")
        game = night
    else:
        names = args.corners
        if len(names) != 2:
            raise UsageError("name two fighters, red then blue (or --tournament A B C D ...)")
        game = args.game
    if args.n is None:
        args.n = 1_000 if not ruleset.memo and not args.tournament else 10_000
    if args.n < 1:
        raise UsageError("-n must be at least 1")
    cards = tuple(find_card(roster, name) for name in names)
    options = parse_options(ruleset, args.option)
    tables = None if args.tournament else tables_of(ruleset, directory)
    try:  # the game checks the setup (e.g. a fighter against himself, a drawn bout in a bracket)
        start = get_ruleset(game).new(Setup(game, cards, options, tables))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    strategies = strategies_of(ruleset, start, args.strategy, bool(args.tournament))
    seconds = pace_of(ruleset, args.seconds)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.matrix:
        if strategies is None:
            raise UsageError(f"{ruleset.title} has no strategies: --matrix plays a game of secret choices")
        return run_matrix(args, ruleset, cards, (options, tables), seed, strategies[1], seconds, stdout, stderr)
    jobs = plan(
        args.game,
        cards,
        args.n,
        seed,
        options=options,
        tables=tables,
        tournament=bool(args.tournament),
        draw=args.draw,
        strategies=strategies[0] if strategies else ("", ""),
        seconds=seconds,
    )
    workers = args.workers if args.workers is not None else workers_for(args.n, walked=not ruleset.memo)
    so_far = Tally(tuple(card.name for card in cards))
    noun = "tournaments" if args.tournament else "bouts"
    bar = _ProgressBar(args.n, noun, stderr, so_far) if stderr.isatty() else None
    tally = run(jobs, so_far.names, workers=workers, progress=bar, into=so_far)
    if bar is not None:
        bar.close()
    summary = tally.summary()
    summary["seed"] = seed
    model(summary, strategies[0] if strategies else None, seconds)
    if seconds is not None and isinstance(ruleset, TimedRuleset) and ruleset.choice_seconds is not None:
        summary["choice_seconds"] = list(ruleset.choice_seconds)  # the pace model: a choice is quick (FO-8)
    if not args.tournament:  # beside the sampled figures, the rules' own where the game can enumerate a bout
        exact = ruleset.exact_figures(ruleset.new(Setup(args.game, cards, options)))
        if exact is not None:
            summary["exact"] = {
                "wins": {card.name: round(p, 4) for card, p in zip(cards, exact["wins"])},
                "methods": {m: round(p, 4) for m, p in exact["methods"].items()},
                "remainder": float(f"{exact['remainder']:.1e}"),
            }
    if args.json:
        stdout.write(json.dumps(summary) + "\n")
    else:
        stdout.write(format_summary(summary, args.n, ruleset.period_word) + "\n")
    return 130 if tally.stopped else 0


def run_scene_simulate(args: argparse.Namespace, ruleset: Ruleset, stdout: IO[str], stderr: IO[str]) -> int:
    """``companion simulate`` for a scene game: the figures of many scenes of the sides named with
    ``--red`` and ``--blue`` (issue 21)."""
    from companion.simulate_scenes import SceneTally, run_scenes, scene_plan, scene_workers

    if args.tournament or args.draw != "order":
        raise UsageError(f"{ruleset.title} has no tournament: name the sides with --red and --blue")
    if args.corners and (args.red or args.blue):
        raise UsageError("name the sides with --red and --blue (each repeated), not both ways")
    red, blue = (args.red, args.blue) if not args.corners else (args.corners[:1], args.corners[1:])
    if not red or not blue:
        raise UsageError("name each side: --red NAME --blue NAME, each repeated for a scene of many")
    n = 1_000 if args.n is None else args.n
    if n < 1:
        raise UsageError("-n must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    directory = data_dir(args.data_dir)
    roster = roster_for(ruleset, directory, args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=stderr)
    cards = tuple(find_card(roster, name) for name in red + blue)
    if ruleset.copies:  # a scene's NPC group: the same card named again is numbered
        from companion.replay import number_copies

        cards = number_copies(cards)
    sides = (0,) * len(red) + (1,) * len(blue)
    setup = Setup(ruleset.key, cards, parse_options(ruleset, args.option), tables_of(ruleset, directory), sides)
    try:  # the game checks the scene (its size, its cards against the tables)
        ruleset.new(setup)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    figures = ruleset.scene_figures()
    if figures is None:
        raise UsageError(f"{ruleset.title} scenes cannot be simulated yet")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    jobs = scene_plan(ruleset.key, cards, sides, n, seed, options=setup.options, tables=setup.tables)
    so_far = SceneTally(setup.names, sides)
    bar = _ProgressBar(n, "scenes", stderr, so_far) if stderr.isatty() else None
    workers = args.workers if args.workers is not None else scene_workers(n)
    tally = run_scenes(jobs, so_far, workers=workers, progress=bar)
    if bar is not None:
        bar.close()
    summary = tally.summary(figures)
    summary["seed"] = seed
    if args.json:
        stdout.write(json.dumps(summary) + "\n")
    else:
        stdout.write(format_scene_summary(summary, n) + "\n")
    return 130 if tally.stopped else 0


def format_scene_summary(summary: dict[str, Any], asked: int) -> str:
    """A scene run's figures as a table for the terminal (``summary`` as ``--json`` prints it)."""
    from companion.simulate_scenes import round_rows, side_name

    n = summary["n"]
    head = f"{n:,} scenes"
    if summary.get("stopped"):
        head += f" (stopped at {n:,} of {asked:,}: partial figures)"
    lines = [f"{head}, seed {summary['seed']}"]
    for side, names in summary["sides"].items():
        lines.append(f"  {side:<5} {' & '.join(names)}")
    # each side by its combatants, as the scene simulator's screen names it (the red/blue above
    # are for the side column of the combatants' table)
    labels = {side: side_name(names) for side, names in summary["sides"].items()}
    width = max([len("no winner"), *(len(label) for label in labels.values())])
    lines.append("Sides' wins (95% interval):")
    for side, share in summary["wins"].items():
        lo, hi = summary["wins_interval"][side]
        lines.append(f"  {labels.get(side, side):<{width}} {_pct(share):>6}  ({_pct(lo)}-{_pct(hi)})")
    lines.append(f"  {'no winner':<{width}} {_pct(summary['no_winner']):>6}")
    lines.append("Scenes end: " + ", ".join(f"{method} {_pct(share)}" for method, share in summary["methods"].items()))
    rounds = summary["rounds"]
    cuts = ", ".join(f"{p}% by {r}" for p, r in rounds["percentiles"].items() if p != "50")
    lines.append(f"Rounds: median {rounds['median']}, mean {rounds['mean']}; {cuts}")
    for label, share in round_rows(rounds["distribution"]):
        lines.append(f"  {label:>7}  {_pct(share):>6}  {_bar(share, 30)}".rstrip())
    words = summary["words"]
    combatants = summary["combatants"]
    width = max([len(name) for name in combatants] + [9])
    fell = f"{words['fell']} (95%)"
    fell_width = max(len(fell), 22)
    lines.append(f"{'Combatant':<{width}}  side  {fell:<{fell_width}}  {words['died']} (95%)")
    for name, one in combatants.items():
        lo, hi = one["fell_interval"]
        dlo, dhi = one["died_interval"]
        fell_text = f"{_pct(one['fell']):>6} ({_pct(lo)}-{_pct(hi)})"
        died_text = f"{_pct(one['died']):>6} ({_pct(dlo)}-{_pct(dhi)})"
        lines.append(f"{name:<{width}}  {one['side']:<4}  {fell_text:<{fell_width}}  {died_text}")
    levels = list(words["levels"]) or sorted({k for one in combatants.values() for k in one["levels"]})
    columns = [max(len(level), 6) for level in levels]
    lines.append(
        f"{words['level'].capitalize():<{width}}  " + "  ".join(f"{lv:>{w}}" for lv, w in zip(levels, columns))
    )
    for name, one in combatants.items():
        cells = "  ".join(f"{_pct(one['levels'].get(lv, 0.0)):>{w}}" for lv, w in zip(levels, columns))
        lines.append(f"{name:<{width}}  {cells}")
    if words["lost"]:
        lines.append(f"{words['lost'].capitalize():<{width}}    mean  median     90%    most")
        for name, one in combatants.items():
            lost = one["lost"]
            lines.append(f"{name:<{width}}  {lost['mean']:>6}  {lost['median']:>6}  {lost['p90']:>6}  {lost['max']:>6}")
    return "\n".join(lines)


def model(summary: dict[str, Any], strategies: tuple[str, str] | None, seconds: tuple[int, int] | None) -> None:
    """Say in ``summary`` how the bouts were played: each corner's strategy, a timed game's pace."""
    if strategies is not None:
        summary["strategies"] = dict(zip(SIDES, strategies))
    if seconds is not None:
        summary["seconds"] = list(seconds)


def strategies_of(
    ruleset: Ruleset, start: Any, given: Sequence[str], tournament: bool
) -> tuple[tuple[str, str], list[str]] | None:
    """The strategies the command line names (``red=NAME``, ``blue=NAME``, ``NAME`` for both):
    red's and blue's (the game's first for a corner not named), and every one named, in order;
    None for a game without strategies (a usage error if any is named)."""
    from companion.simulate import strategy_problem

    if not ruleset.strategies:
        if given:
            raise UsageError(f"{ruleset.title} has no strategies to choose: its bouts are played as the app plays them")
        return None
    if tournament:
        if given:
            raise UsageError("strategies are for bouts, not tournaments")
        return None
    corners = [ruleset.strategies[0], ruleset.strategies[0]]
    named: list[str] = []
    for item in given:
        corner, _, name = item.partition("=") if "=" in item.split(":", 1)[0] else ("", "", item)
        corner, name = corner.strip().lower(), name.strip()
        if corner and corner not in SIDES:
            raise UsageError(f"--strategy {item!r}: the corner is red or blue (red=NAME, blue=NAME, or NAME for both)")
        for side in (SIDES.index(corner),) if corner else (0, 1):
            problem = strategy_problem(ruleset, start, side, name)
            if problem:
                raise UsageError(f"--strategy {item!r}: {problem}")
            corners[side] = name
        named.append(name)
    return (corners[0], corners[1]), named


def pace_of(ruleset: Ruleset, text: str | None) -> tuple[int, int] | None:
    """A timed game's pace: ``--seconds LOW-HIGH``, else the game's own; None for an untimed game."""
    if not isinstance(ruleset, TimedRuleset):
        if text is not None:
            raise UsageError(f"{ruleset.title} keeps no round clock: --seconds is for a timed game")
        return None
    if text is None:
        return ruleset.answer_seconds
    from companion.simulate import parse_pace

    try:
        return parse_pace(text)
    except ValueError as exc:
        raise UsageError(f"--seconds {exc}") from None


class _ProgressBar:
    """A one-line bar on a terminal's standard error, redrawn after each chunk, with the figures so
    far (each fighter's wins, or the leading entrant's nights), so stopping early keeps what was seen."""

    FIGURES_EVERY = 0.25
    """Seconds between two readings of the figures so far (a reading walks every result met)."""

    def __init__(self, total: int, noun: str, out: IO[str], so_far: Tally | SceneTally) -> None:
        self.total, self.noun, self.out, self.so_far = total, noun, out, so_far
        self._read_at = -1.0
        self._figures = ""

    def __call__(self, done: int) -> None:
        import time

        now = time.monotonic()
        if done and (now - self._read_at >= self.FIGURES_EVERY or done >= self.total):
            self._read_at, self._figures = now, self.figures()
        width = 30
        filled = width * done // self.total
        self.out.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{self.total:,} {self.noun}{self._figures}"
            "  (Ctrl+C stops)\033[K"
        )
        self.out.flush()

    def figures(self) -> str:
        """`` · Royce Gracie 69.2%, Ken Shamrock 30.8%`` (bouts) or `` · leading: A 41.0%`` (nights)."""
        leaders = self.so_far.leaders()
        return f" · {leaders}" if leaders else ""

    def close(self) -> None:
        self.out.write("\r\033[K")
        self.out.flush()


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"


def _bar(share: float, width: int = 20) -> str:
    return "#" * round(share * width)


def format_summary(summary: dict[str, Any], asked: int, period_word: str = "period") -> str:
    """The figures as a table for the terminal (``period_word``: the game's, for a game without a clock)."""
    n = summary["n"]
    tournament = "champions" in summary
    noun = "tournaments" if tournament else "bouts"
    head = f"{n:,} {noun}" + (f" of {summary['bouts']:,} bouts" if tournament else "")
    if summary.get("stopped"):
        head += f" (stopped at {n:,} of {asked:,}: partial figures)"
    lines = [f"{head}, seed {summary['seed']}"]
    lines += model_lines(summary)
    width = max(len(name) for name in summary["wins"]) if summary["wins"] else 10
    if tournament:
        lines.append("Tournament wins (95% interval):")
        for name, share in sorted(summary["champions"].items(), key=lambda kv: -kv[1]):
            lo, hi = summary["champions_interval"][name]
            lines.append(f"  {name:<{width}}  {_pct(share):>6}  ({_pct(lo)}-{_pct(hi)})")
        lines.append("Bouts won (share of all bouts):")
    else:
        lines.append("Wins (95% interval)" + ("; exact, from the rules:" if "exact" in summary else ":"))
    exact = summary.get("exact")

    def beside(kind: str, key: str) -> str:
        return f"  exact {_pct(exact[kind][key]):>6}" if exact is not None else ""

    for name, share in summary["wins"].items():
        if tournament:  # a night's bouts are not independent: no interval
            lines.append(f"  {name:<{width}}  {_pct(share):>6}")
            continue
        lo, hi = summary["wins_interval"][name]
        lines.append(f"  {name:<{width}}  {_pct(share):>6}  ({_pct(lo)}-{_pct(hi)}){beside('wins', name)}")
    if not tournament:  # a bracket has no draws
        lines.append(f"  {'draws':<{width}}  {_pct(summary['draws']):>6}")
    lines.append("Methods:")
    for method, share in summary["methods"].items():
        bar = f"{_bar(share):<20}" if exact is not None else _bar(share)  # the exact figures in a column
        lines.append(f"  {method:<10}  {_pct(share):>6}  {bar}{beside('methods', method)}")
    subs = list(summary["submissions"].items())
    if subs:
        lines.append(
            "Submissions: "
            + ", ".join(f"{name} {_pct(share)}" for name, share in subs[:6])
            + (f", {len(subs) - 6} more" if len(subs) > 6 else "")
        )
    inside = summary["inside"]
    median = summary["median_finish"] or "no finish"
    decisions = _pct(summary["methods"]["decision"])
    if "median_finish_period" in summary:  # a game without a clock: its turns
        finish = summary["median_finish_period"]
        lines.append(
            f"Finishes: median {f'{period_word} {finish}' if finish is not None else 'no finish'}; "
            f"bouts end at median {period_word} {summary['median_period']}; decisions {decisions}"
        )
        return "\n".join(lines)
    lines.append(
        f"Finishes: median {median}; inside 1:00 {_pct(inside['1'])}, inside 5:00 {_pct(inside['5'])}, "
        f"inside 10:00 {_pct(inside['10'])}; decisions {decisions}"
    )
    return "\n".join(lines)


def model_lines(summary: dict[str, Any]) -> list[str]:
    """How the bouts were played, where a run says (:func:`model`): strategies, a pace."""
    lines = []
    if "strategies" in summary:
        lines.append("Strategies: " + ", ".join(f"{side} {name}" for side, name in summary["strategies"].items()))
    if "seconds" in summary:
        low, high = summary["seconds"]
        if "choice_seconds" in summary:
            quick, slow = summary["choice_seconds"]
            lines.append(f"Pace: each roll {low}-{high} s after the answer before, each choice {quick}-{slow} s")
        else:
            lines.append(f"Pace: each answer {low}-{high} s after the one before")
    return lines


# --- the strategy matrix ------------------------------------------------------


def run_matrix(
    args: argparse.Namespace,
    ruleset: Ruleset,
    cards: tuple[Any, ...],
    rules: tuple[dict[str, Any], dict[str, Any] | None],
    seed: int,
    named: list[str],
    seconds: tuple[int, int] | None,
    stdout: IO[str],
    stderr: IO[str],
) -> int:
    """``--matrix``: every strategy against every other, ``-n`` bouts a cell, each with the run's
    seed (the cell advice v advice is the plain run with those strategies)."""
    from companion.simulate import Tally, plan, run, strategy_problem, workers_for

    options, tables = rules
    start = ruleset.new(Setup(ruleset.key, cards, options, tables))
    playable = [s for s in ruleset.strategies if strategy_problem(ruleset, start, 0, s) is None]
    strategies = list(dict.fromkeys(playable + named))
    names = tuple(card.name for card in cards)
    k = len(strategies)
    cells: list[list[dict[str, Any] | None]] = [[None] * k for _ in range(k)]
    bar = _ProgressBar(args.n * k * k, "bouts", stderr, Tally(names)) if stderr.isatty() else None
    workers = args.workers if args.workers is not None else workers_for(args.n, walked=not ruleset.memo)
    stopped = False
    for row, red in enumerate(strategies):
        for column, blue in enumerate(strategies):
            jobs = plan(
                ruleset.key,
                cards,
                args.n,
                seed,
                options=options,
                tables=tables,
                strategies=(red, blue),
                seconds=seconds,
            )
            so_far = Tally(names)
            offset = args.n * (row * k + column)
            if bar is not None:
                bar.so_far = so_far
            progress = (lambda done, offset=offset: bar(offset + done)) if bar is not None else None
            tally = run(jobs, names, workers=workers, progress=progress, into=so_far)
            cells[row][column] = summary = tally.summary()
            summary["seed"] = seed
            model(summary, (red, blue), seconds)
            if tally.stopped:
                stopped = True
                break
        if stopped:
            break
    if bar is not None:
        bar.close()
    out = matrix_summary(names, strategies, cells, args.n, seed, seconds, stopped)
    stdout.write((json.dumps(out) if args.json else format_matrix(out)) + "\n")
    return 130 if stopped else 0


def matrix_summary(
    names: tuple[str, ...],
    strategies: list[str],
    cells: list[list[dict[str, Any] | None]],
    n: int,
    seed: int,
    seconds: tuple[int, int] | None,
    stopped: bool,
) -> dict[str, Any]:
    """The ``--matrix --json`` object: each fighter's win shares and the draws, rows red's
    strategy and columns blue's (None for a cell a stopped run did not reach), and each cell's figures."""

    def table(read: Any) -> list[list[float | None]]:
        return [[None if cell is None else read(cell) for cell in row] for row in cells]

    out: dict[str, Any] = {
        "n": n,
        "seed": seed,
        "red": names[0],
        "blue": names[1],
        "strategies": strategies,
        "wins": {name: table(lambda cell, name=name: cell["wins"][name]) for name in names},
        "draws": table(lambda cell: cell["draws"]),
        "cells": cells,
    }
    if seconds is not None:
        out["seconds"] = list(seconds)
    if stopped:
        out["stopped"] = True
    return out


def format_matrix(out: dict[str, Any]) -> str:
    """The matrix as tables for the terminal: each fighter's wins, then the draws if any."""
    strategies = out["strategies"]
    width = max(8, *(len(s) for s in strategies)) + 2
    red, blue = out["red"], out["blue"]
    head = f"{out['n']:,} bouts a cell, seed {out['seed']}: rows {red}'s strategy (red), columns {blue}'s (blue)"
    if out.get("stopped"):
        head += " (stopped: partial figures, a cell not reached is blank)"
    lines = [head]
    if "seconds" in out:
        low, high = out["seconds"]
        lines.append(f"Pace: each answer {low}-{high} s after the one before")
    tables = [(f"{name} wins:", out["wins"][name]) for name in (red, blue)]
    if any(share for row in out["draws"] for share in row if share):
        tables.append(("Draws:", out["draws"]))
    for title, rows in tables:
        lines.append(title)
        lines.append(" " * (width + 2) + "".join(f"{s:>{width}}" for s in strategies))
        for strategy, row in zip(strategies, rows):
            cells = "".join(f"{_pct(share) if share is not None else '':>{width}}" for share in row)
            lines.append(f"  {strategy:<{width}}{cells}")
    return "\n".join(lines)


# --- fighters and options ----------------------------------------------------


def fighters_list(args: argparse.Namespace) -> int:
    ruleset = ruleset_for(args.game)
    roster = roster_for(ruleset, data_dir(args.data_dir), args.fighters)
    for problem in roster.problems:
        print(f"companion: warning: {problem}", file=sys.stderr)
    for name in roster.names():
        print(shown(name))  # a name is printable (cards.name_problem); escaped all the same
    return 0


def fighters_check(path: Path, directory: Path | None = None) -> int:
    """Report every problem in a card file; exit 1 if there is any. A game whose cards name
    keys of its tables (Fudge, PAF) checks them against the tables in play in ``directory``."""
    from companion.cards import Problem, check_keys, load_file, problems_against, read_file

    check_file(path)
    data, problem = read_file(path)
    game = data.get("game") if data is not None else None
    card_games = [g.key for g in GAMES.listed()]  # a tournament night enters its game's cards
    if data is not None and not (isinstance(game, str) and game in card_games):
        problem = Problem(
            str(path), f"{excerpt(game)} is not a game here; one of: {', '.join(card_games)}", field="game"
        )
    if problem is not None:
        print(problem)
        return 1
    assert isinstance(game, str)  # a file that names no game is a problem above
    ruleset = get_ruleset(game)
    cards, problems = load_file(path, game, ruleset.card_model)
    if ruleset.has_tables:  # a game whose cards name keys of its tables
        try:
            tables = ruleset.tables_for(directory)
        except ValueError as exc:  # the GM's own tables cannot be played: say so, check against nothing
            print(f"{path}: the tables in play cannot be read, so the cards' keys are not checked: {exc}")
        else:
            problems += problems_against(
                cards, {c.name: str(path) for c in cards}, lambda card: ruleset.card_check(card, tables)
            )
            keys = ruleset.keys_check(tables) if tables is not None else None
            if keys is not None:  # every card, those with other problems too: every problem at once
                cards, problems = check_keys(path, cards, problems, keys)
    for problem in problems:
        print(problem)
    n, m = len(cards), len(problems)
    print(f"{path}: {count(n, 'card')} loaded, {count(m, 'problem')}")
    return 1 if problems else 0


def games_with_tables() -> list[str]:
    """The games a GM may put a tables file over (``companion tables check --game``)."""
    return [key for key in GAMES if not GAMES[key].night and get_ruleset(key).has_tables]


def tables_check(path: Path, game: str | None = None) -> int:
    """Check a game's tables file put over the shipped one; exit 1 with every problem."""
    having = games_with_tables()
    if game is None:
        game = having[0]
    if game not in having:
        raise UsageError(f"{game!r} has no tables file to check; games with one: {', '.join(having)}")
    ruleset = get_ruleset(game)
    what = f"{GAMES[game].short} {ruleset.tables_what}"
    noun = ruleset.tables_what.removesuffix(" file")
    check_file(path, f"{noun} file")
    problems, replaced = ruleset.check_tables(path)
    for problem in problems:
        print(shown(problem, 1000))  # each game's own words: printed safe and bounded
    if problems:
        n = len(problems)
        print(f"{path}: not playable, {count(n, 'problem')}")
        return 1
    print(f"{path}: OK, a playable {what} (replaces {', '.join(replaced)} of the shipped {noun})")
    return 0


def options_list(game: str) -> int:
    ruleset = ruleset_for(game)
    for spec in ruleset.options:
        choices = "|".join(show_value(c) for c in spec.choices)
        print(f"{spec.key}={choices}  (default {show_value(spec.default)}): {spec.label}; {spec.help}")
    return 0


# --- export, fights list, script --from (issue 23) ------------------------------------

EXPORT_HELP = """\
Write a saved fight, finished or not, as Markdown (the play-by-play in the game's
words: each answer under its prompt, marked typed or by the app, clock stamps,
secret picks revealed; the result, or what the fight waits for) or as JSON (the
setup and the answers, which 'companion script --from FILE' replays exactly).

  companion fights list
  companion export 12 --format md -o fight.md
  companion export 12 --format json > fight.json && companion script --from fight.json

Exit status: 0 written, 2 no such fight, a save that cannot be read, or a file
that cannot be written (with the reason on standard error).
"""


def add_export_commands(sub: Any) -> None:
    """``companion export`` and ``companion fights list``."""
    export = sub.add_parser(
        "export",
        help="write a saved fight as Markdown or JSON",
        description=EXPORT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _export_arguments(export)
    fights = sub.add_parser("fights", help="list the saved fights (or export one)")
    fsub = fights.add_subparsers(dest="fights_command", metavar="ACTION", required=True)
    flist = fsub.add_parser(
        "list", help="the saved fights, latest first: ids, games, fighters, state and dates (forgotten ones left out)"
    )
    flist.add_argument("--json", action="store_true", help="one JSON object a fight, in a list")
    # where a player looks for it beside 'fights list' (a new-user trial typed it so): 'companion export'
    _export_arguments(
        fsub.add_parser(
            "export",
            help="the same as 'companion export ID'",
            description=EXPORT_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    )


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", metavar="ID", help="the fight's id ('companion fights list' lists them)")
    parser.add_argument(
        "--format", choices=("md", "json"), default="md", help="md: Markdown to read (default); json: to replay"
    )
    parser.add_argument("-o", "--output", metavar="FILE", type=Path, help="write to FILE (default: standard output)")


def open_store(args: argparse.Namespace) -> Any:
    """The store of the data directory, or None where none has been made yet (nothing is made here)."""
    from companion.store import DB_NAME, Store, StoreError

    directory = data_dir(args.data_dir)
    if not (directory / DB_NAME).exists():
        return None
    try:
        store = Store.open(directory)
    except StoreError as exc:
        raise UsageError(str(exc)) from None
    if store.notice:
        print(f"companion: {store.notice}", file=sys.stderr)
    return store


def run_export_command(args: argparse.Namespace, stdout: IO[str]) -> int:
    """``companion export ID`` or ``companion fights list``."""
    from companion import export

    if args.command == "fights" and args.fights_command == "export":
        args.command = "export"
    if args.command == "export" and not args.id.isdigit():
        raise UsageError(f"a fight's id is a number, not {excerpt(args.id)} ('companion fights list' lists them)")
    store = open_store(args)
    if store is None:
        if args.command == "export":
            raise UsageError(f"there is no saved fight {args.id}: no fight is saved in {data_dir(args.data_dir)}")
        stdout.write("[]\n" if args.json else f"No saved fights in {data_dir(args.data_dir)}.\n")
        return 0
    try:
        if args.command == "fights":
            return fights_list(store, args.json, stdout)
        try:
            fight = export.load(store, int(args.id))
            text = export.render(fight, args.format)
            if args.output is None:
                stdout.write(text)
            else:
                export.write(args.output, text)
                print(f"companion: fight {fight.id} written to {args.output}", file=sys.stderr)
        except export.ExportError as exc:
            raise UsageError(str(exc)) from None
        return 0
    finally:
        store.close()


def fights_list(store: Any, as_json: bool, stdout: IO[str]) -> int:
    """Every saved fight (forgotten ones left out), latest first."""
    from companion.export import when
    from companion.games import GAMES

    rows = []
    for saved in store.sessions(limit=-1):  # SQLite: no limit
        header = store.describe(saved.id)
        created = header.created if header is not None else saved.updated
        outcome = None
        if saved.result is not None:
            try:
                ruleset = get_ruleset(saved.game)
                outcome = ruleset.result_type(**saved.result).headline(ruleset.period_word)
            except (KeyError, TypeError, ValueError):
                outcome = "result unreadable"
        rows.append((saved, created, outcome, GAMES[saved.game].short if saved.game in GAMES else saved.game))
    if as_json:
        from datetime import datetime

        def iso(stamp: float) -> str:
            return datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")

        out = [
            {
                "id": saved.id,
                "game": saved.game,
                "fighters": saved.title,
                "state": "over" if saved.status == "over" else "unfinished",
                "result": outcome,
                "answers": saved.answers,
                "created": iso(created),
                "updated": iso(saved.updated),
            }
            for saved, created, outcome, _ in rows
        ]
        stdout.write(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
        return 0
    if not rows:
        stdout.write("No saved fights.\n")
        return 0
    # the result on a line of its own under its fight: in the state column it ran a row past
    # 100 columns (the new-user trial); each line is kept within LIST_WIDTH
    table = [("id", "game", "fighters", "state", "begun", "last changed")]
    results: list[str | None] = [None]
    for saved, created, outcome, short in rows:
        state = "over" if outcome is not None else f"unfinished, {count(saved.answers, 'answer')}"
        table.append((str(saved.id), short, shown(saved.title), state, when(created), when(saved.updated)))
        results.append(outcome)
    widths = [max(len(shown(row[i])) for row in table) for i in range(len(table[0]) - 1)]
    room = LIST_WIDTH - sum(w for i, w in enumerate(widths) if i != 2) - 2 * (len(table[0]) - 1)
    room -= max(len(row[-1]) for row in table)
    widths[2] = max(len("fighters"), min(widths[2], room))  # long scene titles are cut, with an ellipsis
    indent = " " * (widths[0] + 2 + widths[1] + 2)  # under the fighters
    for row, result in zip(table, results, strict=True):
        cells = [shown(cell) for cell in row]
        cells[0] = cells[0].rjust(widths[0])
        if len(cells[2]) > widths[2]:
            cells[2] = cells[2][: widths[2] - 1] + "…"
        stdout.write("  ".join(cell.ljust(widths[i]) if 0 < i < len(widths) else cell for i, cell in enumerate(cells)))
        stdout.write("\n")
        if result is not None:
            lines = textwrap.wrap(shown(result), LIST_WIDTH, initial_indent=indent, subsequent_indent=indent + "  ")
            stdout.write("\n".join(lines) + "\n")
    return 0


LIST_WIDTH = 100
"""The most columns a line of ``companion fights list`` takes."""


def run_script_from(args: argparse.Namespace, stdin: IO[str], stdout: IO[str]) -> int:
    """``companion script --from FIGHT.json``: the exported fight's setup, its answers given again as
    they were given (an app roll stays the app's, a clock stamp its stamp), each written as
    ``companion script`` writes a typed one, then any answers on standard input."""
    from companion import export

    if args.from_file is None:
        raise UsageError(f"name a game ({', '.join(GAMES)}) or a fight to replay: --from FIGHT.json")
    named = [
        flag
        for flag, given in (
            ("--red", args.red),
            ("--blue", args.blue),
            ("--fighter", args.fighter),
            ("--fighters", args.fighters),
            ("--option", args.option),
        )
        if given
    ]
    if named:
        raise UsageError(f"--from takes the fighters and the options from the file: leave out {', '.join(named)}")
    check_file(args.from_file, "fight file")
    try:
        session, answers = export.replay(export.read(args.from_file), random.Random(args.seed))
    except export.ExportError as exc:
        raise UsageError(f"{shown(str(args.from_file))} cannot be replayed: {exc}") from None
    if args.game is not None and args.game != session.setup.game:
        raise UsageError(f"{shown(str(args.from_file))} is a fight of {session.setup.game}, not {args.game}")

    def emit(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj) + "\n")
        stdout.flush()

    for answer in answers:
        emit({"prompt": session.prompt.to_json()})
        step = session.submit(answer.text, virtual=answer.virtual, clock=answer.clock)
        accepted: dict[str, Any] = {"accepted": step.answer.text, "virtual": step.answer.virtual, "log": list(step.log)}
        if answer.clock is not None:
            accepted["clock"] = answer.clock
        emit(accepted)
    return play_script(session, stdin, stdout)
