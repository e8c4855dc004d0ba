"""Time to compute the odds shown for one prompt (issue 8: target under 5 ms each).

Printed as figures (median, 95th percentile and maximum per prompt) and as ratios to the
target and to one ``apply`` of the same prompt; never asserted.

- PAF: an attack's chance to hit, critical and fumble and the damage to expect, from a fresh
  live round each time (cold, as the tray meets a new prompt), and the same prompt asked
  again (the round is cached by the ruleset).
- NHB: every prompt of bouts the app rolls itself (Royce Gracie v Ken Shamrock, fixed
  seeds), three ways: **cold** (nothing kept: the segment walked from that prompt, no bout
  table), **in order** (the segment walk kept from prompt to prompt, no bout table: what the
  tray shows until the table is ready) and **warm** (the bout table ready: a lookup). The
  bout table itself is timed apart (it is computed once a matchup, in the background).
- FO: every prompt of fights the app rolls (Conor McGregor v José Aldo, fixed seeds):
  **cold** (the matchup's walk forgotten before each prompt), **in order** (the walk kept
  through the fight, as the app keeps it) and **again** (the same prompt asked twice).

    python benchmarks/bench_odds.py
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.cards import load_roster
from companion.ruleset import Answer, Setup, default_options, get_ruleset
from companion.session import Session

RUNS = 200
TARGET_MS = 5.0


def paf_attack_state():
    ruleset = get_ruleset("paf")
    roster = load_roster("paf", ruleset.card_model)
    cards = (roster.find("Sir Roderick Vane"), roster.find("Orc Raider"))
    state = ruleset.new(Setup("paf", cards, default_options(ruleset), sides=(0, 1)))
    for text in ("6", "1", "attack", "sword"):  # initiative 6 v 1; the knight attacks with his sword
        state = ruleset.apply(state, Answer(text)).state
    assert ruleset.prompt(state).reason == "attack"
    return ruleset, state


def bench_paf() -> None:
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
    print(f"PAF attack odds: cold {c:.2f} ms, warm {w:.2f} ms (median of {RUNS}); target {TARGET_MS:.0f} ms")
    print(f"  one apply of the same prompt: {a:.2f} ms; odds / apply: cold {c / a:.1f}x, warm {w / a:.1f}x")


# --- the two-corner games: every prompt of app-rolled fights -------------------------------


def fights(game: str, red: str, blue: str, seeds: range, cap: int = 400) -> tuple[Any, list[Any]]:
    """The states of every prompt (the fight not over) of fights the app rolls itself."""
    ruleset = get_ruleset(game)
    roster = load_roster(game, ruleset.card_model)
    setup = Setup(game, (roster.find(red), roster.find(blue)), default_options(ruleset))
    states = []
    for seed in seeds:
        session = Session(ruleset, setup, rng=random.Random(seed))
        while not session.over and len(session.steps) < cap:
            states.append(session.state)
            session.roll()
    return ruleset, states


def time_ms(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def apply_ms(ruleset: Any, state: Any) -> float:
    """One apply of the prompt's first face or option (the cost the odds are compared with)."""
    prompt = ruleset.prompt(state)
    if prompt.kind == "choice":
        text = prompt.options[0].key
    else:
        text = " ".join(str(die.low) for die in prompt.dice.dice)
    answer = Answer(text, True, getattr(state, "clock", None))
    return min(time_ms(lambda: ruleset.apply(state, answer)) for _ in range(5))


def report(title: str, rows: dict[str, dict[str, list[float]]], applies: list[float]) -> None:
    """Per prompt kind and overall: median, 95th percentile, maximum, as ms and as ratios."""
    a = statistics.median(applies)
    print(f"{title} (ms a prompt; target {TARGET_MS:.0f} ms; one apply {a:.3f} ms)")
    print(f"  {'prompt':<20} {'way':<9} {'n':>4} {'median':>8} {'p95':>8} {'max':>8}   median/target  median/apply")
    ways = list(next(iter(rows.values())))
    everything: dict[str, list[float]] = defaultdict(list)
    for kind, by_way in rows.items():
        for way in ways:
            xs = by_way[way]
            everything[way] += xs
            print(_row(kind, way, xs, a))
    for way in ways:
        print(_row("every prompt", way, everything[way], a))


def _row(kind: str, way: str, xs: list[float], apply: float) -> str:
    xs = sorted(xs)
    med = statistics.median(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return (
        f"  {kind:<20} {way:<9} {len(xs):>4} {med:>8.3f} {p95:>8.3f} {xs[-1]:>8.3f}   "
        f"{med / TARGET_MS:>12.2f}x {med / apply:>12.1f}x"
    )


def bench_nhb() -> None:
    from companion.rulesets.nhb import odds as nhb_odds

    ruleset, states = fights("nhb", "Royce Gracie", "Ken Shamrock", range(6))
    first = states[0]
    for depth in (3, 4):
        t = time.perf_counter()
        table = nhb_odds.bout_table(ruleset, first, depth)
        took = time.perf_counter() - t
        print(
            f"NHB bout table, depth {depth}: {took * 1000:.0f} ms once a matchup, in the background "
            f"({table.walk.steps:,} steps, {len(table.walk.memo):,} states); "
            f"remainder {table.value(first).get(nhb_odds.CUT, 0.0):.1e}"
        )
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    applies = []

    def kind(state):
        return state.step + (" (explosion)" if state.exploded else "")

    for state in states:  # cold: nothing kept
        nhb_odds.SEGMENT_WALKS.clear()
        nhb_odds.BOUT_TABLES.clear()
        rows[kind(state)]["cold"].append(time_ms(lambda: nhb_odds.odds(ruleset, state, start_table=False)))
        applies.append(apply_ms(ruleset, state))
    nhb_odds.SEGMENT_WALKS.clear()
    for state in states:  # in order, no table yet
        rows[kind(state)]["in order"].append(time_ms(lambda: nhb_odds.odds(ruleset, state, start_table=False)))
    nhb_odds.odds(ruleset, first, wait=True)
    for state in states:  # the table ready
        rows[kind(state)]["warm"].append(time_ms(lambda: nhb_odds.odds(ruleset, state)))
    report(f"NHB odds, {len(states)} prompts of 6 bouts", rows, applies)


def bench_fo() -> None:
    from companion.rulesets.fo import odds as fo_odds

    ruleset, states = fights("fo", "Conor McGregor", "José Aldo", range(6))
    rows: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    applies = []

    def kind(state):
        if state.step == "choose":
            return "choice, ground" if state.ground else "choice, standing"
        return state.step + (", ground" if state.ground and state.step != "rolloff" else "")

    ruleset.odds(states[0])  # the first call imports the odds module
    for state in states:
        fo_odds.WALKS.clear()
        rows[kind(state)]["cold"].append(time_ms(lambda: ruleset.odds(state)))
        applies.append(apply_ms(ruleset, state))
    fo_odds.WALKS.clear()
    for state in states:
        rows[kind(state)]["in order"].append(time_ms(lambda: ruleset.odds(state)))
        rows[kind(state)]["again"].append(time_ms(lambda: ruleset.odds(state)))
    report(f"FO odds, {len(states)} prompts of 6 fights", rows, applies)


def main() -> None:
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.platform()}"
    )
    bench_paf()
    print()
    bench_nhb()
    print()
    bench_fo()


if __name__ == "__main__":
    main()
