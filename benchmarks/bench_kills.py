"""SIGKILL the real app mid-fight, again and again, and count the answers lost (issue 19).

Each round starts ``python -m companion`` in a pseudo-terminal (read through pyte, as the
crash tests in tests/test_crash_resume.py read it), resumes the unfinished fight from home
(or starts one: NHB, or FO with its round clock running), has the app roll answers
(``ctrl+r``) with a random pause between keys, and kills the process at a random moment,
often in the middle of a write. An answer is lost when the screen had shown it as accepted
(the status line's "N answers") and the store does not have it after the kill; a fight is
broken when it no longer resumes. Prints the counts; asserts nothing.

    .venv/bin/python benchmarks/bench_kills.py [--kills 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from table_cards import FO_CARDS, NHB_CARDS
from test_crash_resume import CTRL_S, DOWN, ENTER, TAB, Terminal

from companion.session import CorruptSave, resume
from companion.store import Store

CTRL_R = "\x12"
SHOWN = re.compile(r"(\d+) answers?\b")


def shown_answers(text: str) -> int:
    """The most answers the screen says it has taken (the fight's status line, or home's list)."""
    return max((int(n) for n in SHOWN.findall(text)), default=0)


def open_fight(term: Terminal, game: str, unfinished: bool) -> None:
    """From home: the unfinished fight if there is one, else a new one of ``game``."""
    term.wait_for("Games")
    if unfinished:
        term.type(TAB + ENTER, settle=0.3)
        return
    term.type((DOWN if game == "fo" else "") + ENTER)
    term.wait_for("type to filter")
    first, second = ("Red Fox", "Blue Jay") if game == "fo" else ("Alpha", "Bravo")
    for name in (first, second):
        term.type(name, settle=0.2)
        term.type(ENTER, settle=0.2)
    term.type(ENTER)
    term.wait_for("rules options")
    term.type(CTRL_S, settle=0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data = Path(tempfile.mkdtemp(prefix="bench-kills-"))
    (data / "fighters").mkdir()
    (data / "fighters" / "nhb.yaml").write_text(NHB_CARDS)
    (data / "fighters" / "fo.yaml").write_text(FO_CARDS)
    lost = broken = keys = 0
    shown_total = 0
    began = time.monotonic()
    for kill in range(args.kills):
        game = "fo" if kill % 2 else "nhb"
        store = Store.open(data)
        unfinished = bool(store.sessions("open"))
        store.close()
        term = Terminal(data)
        shown = 0
        try:
            open_fight(term, game, unfinished)
            for _ in range(rng.randint(1, 12)):
                term.type(CTRL_R, settle=rng.choice([0.0, 0.005, 0.02, 0.1]))
                keys += 1
                shown = max(shown, shown_answers(term.text()))
            term.pump(rng.uniform(0.0, 0.05))  # the kill lands anywhere: mid-draw, mid-write
            shown = max(shown, shown_answers(term.text()))
        finally:
            term.kill()
        store = Store.open(data)
        try:
            fights = store.sessions()
            latest = max(fights, key=lambda s: s.updated) if fights else None
            stored = latest.answers if latest is not None else 0
            if latest is not None:
                try:
                    resume(store, latest.id).close()
                except CorruptSave:
                    broken += 1
        finally:
            store.close()
        lost += max(0, shown - stored)
        shown_total += shown
        if kill % 10 == 9:
            print(f"{kill + 1} kills: {lost} answers lost, {broken} fights broken", flush=True)
    seconds = time.monotonic() - began
    print(
        f"{args.kills} SIGKILLs mid-fight ({keys} app rolls asked; the answers on screen at each kill, summed: {shown_total}) "
        f"in {seconds:.0f} s: {lost} answers lost, {broken} fights that no longer resume (data: {data})"
    )


if __name__ == "__main__":
    main()
