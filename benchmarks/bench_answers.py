"""The cost of an answer in every game, against NHB's (issue 21, incremental rounds).

Two figures a game, in one run:

- **per answer on its golden scripts**: every script in ``tests/golden`` is played once
  through ``companion script``'s own session (its cards, options and seed), then its
  accepted answers are folded again from the start and timed; target: within 3x of NHB's.
- **a long fight folded**: fights the app rolls itself (seeded) are strung together until
  10,000 answers have been given, and folded; target: under 200 ms for 10,000 answers.
  A fight ends long before 10,000 answers, so the long fight is several fights folded one
  after another (each from its own start): what a session's fold costs an answer at each
  fight's own length.

Run:

    python benchmarks/bench_answers.py
"""

from __future__ import annotations

import io
import platform
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from companion import cli
from companion.dice import Refused
from companion.ruleset import GAMES, Answer, get_ruleset
from companion.session import Session, fold

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
LONG = 10_000
TARGET_RATIO = 3.0
TARGET_MS = 200.0


def golden(game: str) -> list[tuple[Any, Any, list[Answer]]]:
    """Each golden script of ``game``: its ruleset, start and accepted answers."""
    out = []
    for script in sorted(GOLDEN.glob(f"{game}_*.txt")):
        text = script.read_text()
        args = next((line.split("args:", 1)[1] for line in text.splitlines() if line.startswith("# args:")), "")
        cards = GOLDEN / f"{game}_cards.yaml" if (GOLDEN / f"{game}_cards.yaml").exists() else GOLDEN / "cards.yaml"
        extra = next(iter(sorted(GOLDEN.glob(f"{script.stem}.yaml"))), None)
        argv = ["script", game, "--fighters", str(cards), *shlex.split(args)]
        parsed = cli.build_parser().parse_args(argv)
        ruleset = cli.ruleset_for(game)
        if extra is not None:  # a script of the user's own tables: read from the data folder
            continue
        session = cli.session_for(ruleset, parsed)
        cli.play_script(session, io.StringIO(text), io.StringIO())
        out.append((ruleset, session.start, as_saved(session.answers)))
    return out


def per_answer(played: list[tuple[Any, Any, list[Answer]]], rounds: int = 5) -> float:
    """The cost of an answer (seconds of this process's CPU time: a busy machine's other work is
    not counted), the best of folding every script ``rounds`` times."""
    total = sum(len(a) for _, _, a in played)
    times = []
    for _ in range(rounds):
        t0 = time.process_time()
        for ruleset, start, answers in played:
            fold(ruleset, start, answers)
        times.append(time.process_time() - t0)
    return min(times) / max(total, 1)


def long_fight(game: str, seed: int = 2026) -> list[tuple[Any, Any, list[Answer]]]:
    """Fights the app rolls itself, seeded, until ``LONG`` answers in all."""
    ruleset = get_ruleset(game)
    parsed = cli.build_parser().parse_args(["script", game])
    rng = random.Random(seed)
    out: list[tuple[Any, Any, list[Answer]]] = []
    given = 0
    while given < LONG:
        session: Session = cli.session_for(ruleset, parsed)
        session.rng = rng
        clock = 0.0
        while not session.over and given < LONG:
            clock += rng.uniform(2.0, 20.0)
            try:
                session.roll(clock=clock)
            except Refused:  # a timed round's clock ran out: the bell, and the next round from 0:00
                session.submit("bell")
                clock = 0.0
            given += 1
        out.append((ruleset, session.start, as_saved(session.answers)))
    return out


def as_saved(answers: list[Answer]) -> list[Answer]:
    """The answers as a saved fight gives them back (text, not the session's reading): the fold
    reads each once, as the session does on Enter, so the figure is an answer's whole cost."""
    return [answer.typed() for answer in answers]


def main() -> None:
    print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    games = [key for key, game in GAMES.items() if not game.night]  # a night is its bouts: NHB's
    costs = {game: per_answer(golden(game)) for game in games}
    nhb = costs.get("nhb", min(costs.values()))
    print("\nper answer on the golden scripts (target: within 3x of NHB's)")
    for game, cost in costs.items():
        ratio = cost / nhb
        mark = "ok" if ratio <= TARGET_RATIO else "OVER"
        print(f"  {game:12} {cost * 1e6:8.1f} us  {ratio:5.2f}x NHB  {mark}")
    print(f"\nfolding a {LONG:,}-answer fight (target: under {TARGET_MS:.0f} ms)")
    for game in games:
        played = long_fight(game)
        ms = per_answer(played, rounds=3) * LONG * 1000
        mark = "ok" if ms <= TARGET_MS else "OVER"
        print(f"  {game:12} {ms:8.1f} ms  {ms / TARGET_MS:5.2f}x the target  {mark}  ({len(played)} fights)")


if __name__ == "__main__":
    sys.exit(main())
