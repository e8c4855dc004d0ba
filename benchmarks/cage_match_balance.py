"""Cage Match!'s fight card as a game (issue 16): every pure strategy against every other.

A pure strategy is one move type chosen whenever the position allows it to the fighter,
and the position's sensible move otherwise (``SENSIBLE``: the strike standing and in the
clinch, ground punches on the ground, the escape from under the past guard). Where a
fighter has several moves of the type, he throws the focus-free one that does the most
damage on average; no focus is put on dice or damage. At a choice the fighter takes the
app's advice (a combo offer, which has none, is taken whenever it can be paid). The dice
are the app's own, seeded.

Each cell is ``--fights`` fights (500 by default) of the two sample fighters of the text,
Greg O'Connor and Frank Duke, half with Greg playing the row's strategy and Frank the
column's, half the other way round: the cell is the share of fights the row's strategy
wins. A fight still going after ``--turns`` turns (100) is a draw, as the table may end any
fight (ruling CM-12). Then:

- whether a strategy beats every other in more than 80% of fights (the target: none), and
- each position's moves that no reply answers (ruling CM-7, the card's own check).

    python benchmarks/cage_match_balance.py [--fights N] [--turns T] [--seed S] [--workers W]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import cache
from typing import Any

from companion.cards import load_roster
from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, SecretPrompt, Setup
from companion.rulesets.cage_match import tables as tables_mod
from companion.rulesets.cage_match.ruleset import RULESET, Turn, expected_damage
from companion.yamlfile import read_yaml

FIGHTERS = ("Greg O'Connor", "Frank Duke")
STRATEGIES = (
    "jab",
    "strike",
    "parry",
    "sprawl",
    "shoot",
    "throw",
    "takedown",
    "collar_tie",
    "break",
    "gnp",
    "submission",
    "pass_guard",
    "sweep",
    "escape",
    "protect",
    "focus",
    "taunt",
)
SENSIBLE = {
    ("standing", "even"): "strike",
    ("clinching", "even"): "strike",
    ("collar_tie", "dominant"): "strike",
    ("collar_tie", "submissive"): "strike",
    ("ground", "dominant"): "gnp",
    ("ground", "submissive"): "gnp",
    ("past_guard", "dominant"): "gnp",
    ("past_guard", "submissive"): "escape",
}
"""The move type a strategy falls back on where its own is not allowed."""
SHORT = {
    "collar_tie": "tie",
    "submission": "sub",
    "pass_guard": "pass",
    "takedown": "t-down",
    "protect": "prot",
}


@cache
def _start(position: str = "standing") -> Any:
    """Greg O'Connor (red) against Frank Duke (blue), before the first turn, in ``position``
    (on the ground, red on top; in the collar tie, red holding it): states are values, so
    every fight starts from this one."""
    roster = load_roster("cage_match", RULESET.card_model)
    cards = tuple(roster.find(name) for name in FIGHTERS)
    assert all(cards), FIGHTERS
    state = RULESET.new(Setup("cage_match", cards))
    if position == "standing":
        return state
    sides = state.rules.tables.positions[position].sides
    return replace(state, position=position, dominant=None if sides == "even" else 0)


def _pick(turn: Turn, side: int, strategy: str) -> str:
    """The move key ``side`` throws under ``strategy`` in the turn's position."""
    rule = turn.t.positions[turn.position]
    role = turn.role(side)
    wanted = strategy if strategy in rule.allowed[role] else SENSIBLE[turn.position, role]
    sheet = turn.sheets[side]
    rating = turn.sheets[1 - side].rating
    doable = [m for m in sheet.of_type(wanted) if not m.cost and not turn.cannot(side, m)]
    if not doable:
        return turn.default_move(side).key
    best = max(doable, key=lambda m: expected_damage(m.dice, m.damage, rating))
    return best.key


def fight(red_strategy: str, blue_strategy: str, seed: int, turns: int, position: str = "standing") -> int | None:
    """One fight of Greg (red) and Frank (blue) from ``position`` (red on top there): 0 red
    won, 1 blue won, None a draw (or still going after ``turns`` turns)."""
    rng = random.Random(seed)
    state = _start(position)
    strategies = (red_strategy, blue_strategy)
    while state.result is None and state.turn <= turns:
        prompt = RULESET.prompt(state)
        if isinstance(prompt, SecretPrompt):
            turn = RULESET.run(state)
            text = " ".join(
                f"{corner}={_pick(turn, side, strategies[side])}" for side, corner in enumerate(("red", "blue"))
            )
        elif isinstance(prompt, RollPrompt):
            text = f"{rng.randint(1, 6)} {rng.randint(1, 6)}"
        elif isinstance(prompt, ChoicePrompt):
            text = prompt.advised or prompt.options[0].key
        else:
            break
        state = RULESET.apply(state, Answer(text)).state
    prompt = RULESET.prompt(state)
    if not isinstance(prompt, OverPrompt) or prompt.result.winner is None:
        return None
    return 0 if prompt.result.winner == FIGHTERS[0] else 1


def cell(job: tuple[str, str, int, int, int, str]) -> tuple[str, str, float, float]:
    """The row strategy's share of wins (and of draws) over ``fights`` fights, both corners
    (from a position with sides the row's strategy is always red's, on top)."""
    row, column, fights, seed, turns, position = job
    wins = draws = 0
    for i in range(fights):
        greg_plays_row = i % 2 == 0 or position != "standing"
        # Greg is always red; the row's strategy is his in even fights, Frank's in odd ones
        red, blue = (row, column) if greg_plays_row else (column, row)
        winner = fight(red, blue, seed * 1_000_003 + i, turns, position)
        if winner is None:
            draws += 1
        elif (winner == 0) == greg_plays_row:
            wins += 1
    return row, column, wins / fights, draws / fights


def unanswered() -> list[str]:
    """The card's own counter check (ruling CM-7) over the shipped card: what it refuses."""
    tables, problems = tables_mod.check(read_yaml(tables_mod.SHIPPED)[0])
    return [p for p in problems if "counter" in p] if tables is None else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fights", type=int, default=500)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=None, help="strategies to play (default: all)")
    parser.add_argument(
        "--position",
        default="standing",
        choices=("standing", "clinching", "collar_tie", "ground", "past_guard"),
        help="where every fight starts (red, playing the row's strategy, on top or holding the tie)",
    )
    args = parser.parse_args()
    names = tuple(args.only) if args.only else STRATEGIES
    pairs = [(a, b) for a in names for b in names]
    jobs = [(a, b, args.fights, args.seed + i, args.turns, args.position) for i, (a, b) in enumerate(pairs)]
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores; {len(jobs)} cells x {args.fights} fights, cap {args.turns} turns, seed {args.seed}, "
        f"from {args.position}"
    )
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(cell, jobs, chunksize=4))
    seconds = time.perf_counter() - start
    share = {(r, c): w for r, c, w, _ in results}
    drawn = {(r, c): d for r, c, _, d in results}
    width = 6
    print("\nWin share of the row's strategy (draws: fights capped or drawn; Greg and Frank play each side)")
    print(" " * 11 + "".join(f"{SHORT.get(c, c)[:width]:>{width + 1}}" for c in names))
    for r in names:
        print(f"{SHORT.get(r, r):<11}" + "".join(f"{share[r, c] * 100:>{width}.0f}%" for c in names))
    print("\nDraw share")
    print(" " * 11 + "".join(f"{SHORT.get(c, c)[:width]:>{width + 1}}" for c in names))
    for r in names:
        print(f"{SHORT.get(r, r):<11}" + "".join(f"{drawn[r, c] * 100:>{width}.0f}%" for c in names))
    dominant = [r for r in names if all(share[r, c] > 0.8 for c in names if c != r)]
    worst = {r: min(share[r, c] for c in names if c != r) for r in names}
    best_row = max(worst, key=lambda r: worst[r])
    print(
        f"\nA strategy that beats every other in more than 80% of fights: {', '.join(dominant) or 'none'} "
        f"(the best worst case: {best_row}, {worst[best_row]:.0%})"
    )
    gaps = unanswered()
    print("Moves no reply answers (CM-7): " + ("none" if not gaps else "\n  " + "\n  ".join(gaps)))
    print(f"{len(jobs) * args.fights:,} fights in {seconds:.0f} s ({len(jobs) * args.fights / seconds:,.0f} a second)")


if __name__ == "__main__":
    main()
