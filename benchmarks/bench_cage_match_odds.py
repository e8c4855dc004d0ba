"""Time Cage Match!'s odds (issue 8: under 5 ms a prompt), against one apply of the same prompt.

Fights of the shipped middleweights, played by the app's own picks and rolls with fixed
seeds. At every roll prompt after the reveal it times ``RULESET.odds(state)``:

- **new prompt**: the live turn already built (the screen asks for the prompt and the
  trackers first), the turn's pad ready: what the tray costs as a prompt comes up;
- **cold**: nothing kept, the live turn replayed first and the kept readings of the sums
  (``_ways``) forgotten;

by kind of roll (one attack roll; a roll-off's first roll, 121 sums; its second, 11; a hold),
as the median, 95th percentile and maximum, in ms, and as ratios to the median apply of the
same prompts and to the 5 ms target. The secret choice's call (None, the pad asked for) is
timed too. Then **the pad**, each turn's every pair walked to the turn's end, which is worked
out in the background from the secret choice on: its time, its pairs and replays, per pair.
Figures only: nothing is asserted.

    python benchmarks/bench_cage_match_odds.py
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.ruleset import Answer, RollPrompt, SecretPrompt
from companion.rulesets.cage_match import odds as cmo
from companion.rulesets.cage_match.ruleset import RULESET, must_win

FIGHTS = 12
PADS = 24
"""Turns whose whole pad is timed (each takes a few hundred ms)."""
TARGET_MS = 5.0


def fights() -> list[tuple[object, list[Answer]]]:
    from bench_cage_match import fights as played  # the same seeded fights as the fold benchmark

    return played(FIGHTS)


def kind_of(state) -> str:
    turn = RULESET.live(state)
    rolling = turn.rolling
    if rolling is None or rolling.reading is None:
        return "one attack roll"
    if not rolling.strikes:
        return "a hold's roll-off"
    name = rolling.reading.__name__ if rolling.reading is not must_win else "must_win"
    return f"roll-off {'1st' if not rolling.got else '2nd'} ({name})"


def clock(call, repeat: int = 3) -> float:
    """The best of ``repeat`` runs, in seconds (the machine is shared: the best is the least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - t)
    return best


def stats(xs: list[float]) -> tuple[float, float, float]:
    xs = sorted(xs)
    return statistics.median(xs), xs[min(len(xs) - 1, int(0.95 * len(xs)))], xs[-1]


def main() -> None:
    played = fights()
    new: dict[str, list[float]] = defaultdict(list)
    cold: dict[str, list[float]] = defaultdict(list)
    applies: dict[str, list[float]] = defaultdict(list)
    secret: list[float] = []
    pads: list[tuple[float, int, int]] = []
    turns = 0
    for start, answers in played:
        state = start
        for answer in answers:
            prompt = RULESET.prompt(state)
            if isinstance(prompt, SecretPrompt):
                turns += 1
                if len(pads) < PADS and turns % 3 == 1:
                    cmo.PADS.clear()
                    t = time.perf_counter()
                    pad = cmo.PADS.get(state)
                    pads.append((time.perf_counter() - t, len(pad.cells), pad.replays))
                else:
                    cmo.PADS.get(state)  # ready, as the background has it by the reveal
                secret.append(clock(lambda: RULESET.odds(state)))
            elif isinstance(prompt, RollPrompt):
                kind = kind_of(state)
                cmo.PADS.get(state)
                RULESET.prompt(state)
                new[kind].append(clock(lambda: RULESET.odds(state)))

                def fresh() -> None:
                    RULESET._last = None
                    cmo._ways.cache_clear()
                    RULESET.odds(state)

                cold[kind].append(clock(fresh))
                applies[kind].append(clock(lambda: RULESET.apply(state, answer)))
            state = RULESET.apply(state, answer).state
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}"
    )
    total = sum(len(v) for v in new.values())
    print(
        f"{FIGHTS} fights, {turns} turns, {total} roll prompts after the reveal; "
        f"ms: median / p95 / max; ratios to the median apply of the same prompts and to {TARGET_MS:.0f} ms"
    )
    every = [x for v in applies.values() for x in v]
    for title, table in (
        ("new prompt (live turn built, pad ready)", new),
        ("cold (the turn replayed, no reading kept)", cold),
    ):
        print(f"\n{title}")
        for kind in sorted(table):
            med, p95, top = stats(table[kind])
            apply_med = statistics.median(applies[kind])
            print(
                f"  {kind:28} n={len(table[kind]):4}  {med * 1e3:6.2f} / {p95 * 1e3:6.2f} / {top * 1e3:6.2f}"
                f"   x{med / apply_med:5.1f} apply ({apply_med * 1e6:4.0f} us)"
                f"   x{top * 1e3 / TARGET_MS:5.2f} target"
            )
    med, p95, top = stats(secret)
    print(
        f"\nthe secret choice (None; the pad asked for, here ready): {med * 1e6:.0f} / {p95 * 1e6:.0f} / "
        f"{top * 1e6:.0f} us"
    )
    print(f"one apply at these roll prompts: median {statistics.median(every) * 1e6:.0f} us")
    times = [t for t, _, _ in pads]
    med, p95, top = stats(times)
    pairs = sum(n for _, n, _ in pads)
    replays = sum(r for _, _, r in pads)
    print(f"\nthe pad, {len(pads)} turns (every pair the pads allow, no extra focus), worked out in the background:")
    print(
        f"  {med * 1e3:.0f} / {p95 * 1e3:.0f} / {top * 1e3:.0f} ms a turn; {pairs / len(pads):.0f} pairs and "
        f"{replays / len(pads):.0f} replays a turn; {sum(times) / pairs * 1e3:.2f} ms a pair, "
        f"{sum(times) / replays * 1e6:.0f} us a replay"
    )


if __name__ == "__main__":
    main()
