"""Time to compute the odds shown for one prompt (issue 8: target under 5 ms each).

PAF only so far: an attack's chance to hit, critical and fumble and the damage to expect,
from a fresh live round each time (the cold case, as the tray meets a new prompt), and
the same prompt asked again (the round is cached by the ruleset). Printed as figures and
as a ratio to one ``apply`` of the same prompt, never asserted.

    python benchmarks/bench_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.cards import load_roster  # noqa: E402
from companion.ruleset import Answer, Setup, default_options, get_ruleset  # noqa: E402

RUNS = 200


def paf_attack_state():
    ruleset = get_ruleset("paf")
    roster = load_roster("paf", ruleset.card_model)
    cards = (roster.find("Sir Roderick Vane"), roster.find("Orc Raider"))
    state = ruleset.new(Setup("paf", cards, default_options(ruleset), sides=(0, 1)))
    for text in ("none", "6", "1", "attack", "sword"):
        state = ruleset.apply(state, Answer(text)).state
    assert ruleset.prompt(state).reason == "attack"
    return ruleset, state


def main() -> None:
    ruleset, state = paf_attack_state()
    ruleset.odds(state)  # the first call imports the odds module
    cold, warm, apply = [], [], []
    for _ in range(RUNS):
        ruleset._last = None  # a new prompt: the live round is built again
        t = time.perf_counter()
        ruleset.odds(state)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        ruleset.odds(state)
        warm.append(time.perf_counter() - t)
        t = time.perf_counter()
        ruleset.apply(state, Answer("50"))
        apply.append(time.perf_counter() - t)
    c, w, a = (statistics.median(x) * 1000 for x in (cold, warm, apply))
    print(f"PAF attack odds: cold {c:.2f} ms, warm {w:.2f} ms (median of {RUNS}); target 5 ms")
    print(f"  one apply of the same prompt: {a:.2f} ms; odds / apply: cold {c / a:.1f}x, warm {w / a:.1f}x")


if __name__ == "__main__":
    main()
