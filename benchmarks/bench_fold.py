"""Fold a 10,000-answer NHB session (target: under 200 ms).

Equal control ratings make every tied control roll re-roll (ruling NHB-2), so
the session can be as long as we like while staying legal. Run:

    python benchmarks/bench_fold.py
"""

from __future__ import annotations

import platform
import statistics
import time

from companion.ruleset import Answer, Setup
from companion.rulesets.nhb.cards import NhbCard
from companion.rulesets.nhb.ruleset import RULESET
from companion.session import fold

N = 10_000
TARGET_MS = 200.0


def answers(n: int) -> list[Answer]:
    # red 5, blue 5: tied at equal control, both re-roll; then both explode 10 + 4 and tie again
    pattern = ["5", "5", "10", "4", "10", "4"]
    out = []
    while len(out) < n:
        out.extend(Answer(t) for t in pattern)
    return out[:n]


def main() -> None:
    card = dict(control=12, standup=10, ground=10, finishing=5, toughness=5)
    setup = Setup("nhb", (NhbCard(name="Red", **card), NhbCard(name="Blue", **card)))
    start = RULESET.new(setup)
    script = answers(N)
    fold(RULESET, start, script[:100])  # warm the chart tables and caches
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        steps = fold(RULESET, start, script)
        times.append((time.perf_counter() - t0) * 1000)
    assert len(steps) == N
    best, median = min(times), statistics.median(times)
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, {platform.platform()}"
    )
    print(f"fold {N:,} answers: median {median:.1f} ms, best {best:.1f} ms ({median / N * 1000:.1f} us an answer)")
    print(f"target {TARGET_MS:.0f} ms: median is {median / TARGET_MS:.2f}x the target")


if __name__ == "__main__":
    main()
