"""Time to compute Fudge's odds for one prompt (issue 8: target under 5 ms each).

Plays seeded scenes by the app's own rolls (a duel, and three against two) and, at every prompt
whose roll has odds (combat rolls, dodges, stop and damage rolls), times ``ruleset.odds(state)``
from a fresh live round (cold: what the tray pays at a new prompt) and again (warm: the round is
cached). Printed per prompt kind as median, 95th percentile and maximum, and as a ratio to one
``apply`` of the same prompt; never asserted.

    python benchmarks/bench_fudge_odds.py
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.cards import load_roster
from companion.ruleset import Answer, Setup, default_options, get_ruleset
from companion.session import Session

TARGET_MS = 5.0
SCENES = {"duel": (1, 1), "three against two": (3, 2)}
"""Red and blue counts: the shipped roster's first cards, in order."""


def roster_names(ruleset) -> list[str]:
    return [c.name for c in load_roster("fudge", ruleset.card_model).cards]


def states(ruleset, red: list[str], blue: list[str], seeds: range) -> list:
    roster = load_roster("fudge", ruleset.card_model)
    cards = tuple(roster.find(n) for n in red + blue)
    setup = Setup("fudge", cards, default_options(ruleset), sides=(0,) * len(red) + (1,) * len(blue))
    out = []
    for seed in seeds:
        session = Session(ruleset, setup, rng=random.Random(seed))
        while not session.over and len(session.steps) < 300:
            if session.prompt.kind == "roll":
                out.append(session.state)
            session.roll()
    return out


def kind_of(ruleset, state) -> str:
    reason = ruleset.prompt(state).reason
    return (
        "combat roll"
        if reason.startswith("combat roll")
        else "damage"
        if reason.startswith("damage")
        else "stop"
        if reason.endswith("stops the bullet")
        else reason
    )


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ruleset = get_ruleset("fudge")
    names = roster_names(ruleset)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    for title, (reds, blues) in SCENES.items():
        red, blue = names[:reds], names[reds : reds + blues]
        table: dict[str, list[tuple[float, float, float]]] = {}
        for state in states(ruleset, red, blue, range(6)):
            if ruleset.odds(state) is None:  # warms the import; prompts without odds are not timed
                continue
            ruleset._last = None
            t = time.perf_counter()
            ruleset.odds(state)
            cold = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            ruleset.odds(state)
            warm = (time.perf_counter() - t) * 1000
            prompt = ruleset.prompt(state)
            text = " ".join("0" for _ in prompt.dice.dice)
            t = time.perf_counter()
            ruleset.apply(state, Answer(text))
            apply = (time.perf_counter() - t) * 1000
            table.setdefault(kind_of(ruleset, state), []).append((cold, warm, apply))
        print(f"Fudge, {title} ({' & '.join(red)} vs {' & '.join(blue)}): ms per prompt, target {TARGET_MS:.0f}")
        for kind, rows in sorted(table.items()):
            cold, warm, apply = (list(c) for c in zip(*rows))
            print(
                f"  {kind:<12} n={len(rows):<4} cold median {statistics.median(cold):6.2f} p95 "
                f"{percentile(cold, 0.95):6.2f} max {max(cold):6.2f}; warm median {statistics.median(warm):6.2f}; "
                f"cold / apply {statistics.median(cold) / statistics.median(apply):.1f}x"
            )


if __name__ == "__main__":
    main()
