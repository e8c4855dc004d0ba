"""Fold Cage Match! fights: the cost of an answer, against NHB's.

A Cage Match turn keeps its answers and replays them through the turn to
reach the next prompt (rulesets/cage_match/ruleset.py), so an answer costs more than
in the other games; this prints how much more. Fights are played by the app's
own rolls with a fixed seed, then folded again from their answers. Run:

    python benchmarks/bench_cage_match.py
"""

from __future__ import annotations

import platform
import random
import statistics
import time

from companion.cards import load_roster
from companion.ruleset import Answer, Setup
from companion.rulesets.cage_match.ruleset import RULESET
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET as NHB
from companion.session import Session, fold

FIGHTS = 40


def fights(n: int = FIGHTS) -> list[tuple[object, list[Answer]]]:
    """``n`` middleweight fights the app rolls itself (seeded): each start and its answers."""
    roster = load_roster("cage_match", RULESET.card_model)
    middle = [c for c in roster.cards if c.weight_class == "middleweight"]
    out = []
    rng = random.Random(2026)
    for _ in range(n):
        red, blue = rng.sample(middle, 2)
        session = Session(RULESET, Setup("cage_match", (red, blue)), rng=rng)
        while not session.over:
            session.roll()
        out.append((session.start, session.answers))
    return out


def nhb_per_answer() -> float:
    card = dict(control=12, standup=10, ground=10, finishing=5, toughness=5)
    start = NHB.new(Setup("nhb", (NhbCard(name="Red", **card), NhbCard(name="Blue", **card))))
    script = [Answer(t) for t in ["5", "5", "10", "4", "10", "4"] * 1000]
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        fold(NHB, start, script)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) / len(script)


def main() -> None:
    played = fights()
    total = sum(len(a) for _, a in played)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for start, answers in played:
            fold(RULESET, start, answers)
        times.append(time.perf_counter() - t0)
    median = statistics.median(times)
    per = median / total
    nhb = nhb_per_answer()
    print(f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}")
    print(f"{FIGHTS} fights, {total:,} answers ({total / FIGHTS:.0f} a fight): fold median {median * 1000:.1f} ms")
    print(f"an answer: {per * 1e6:.0f} us (NHB: {nhb * 1e6:.1f} us; {per / nhb:.1f}x)")
    print(f"a whole fight folds (resume) in {median / FIGHTS * 1000:.1f} ms on average")


if __name__ == "__main__":
    main()
