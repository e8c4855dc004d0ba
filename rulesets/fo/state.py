"""Fighters Only featherweight: where a fight stands (immutable, one per answer) and its options."""

from __future__ import annotations

from dataclasses import dataclass

from companion.ruleset import GameOptions, Result, option
from companion.rulesets.fo.cards import FoCard


@dataclass(frozen=True, slots=True)
class Options(GameOptions):
    rounds: int = option(3, "Rounds of 5:00", (3, 5), "three, or five for a title fight (FO-7)")
    stall_limit: int = option(
        20,
        "Stall limit (seconds)",
        (0, 10, 15, 20, 30, 45, 60),
        "the dice turn over when the attacker holds them longer than this; 0 is off (FO-8)",
    )
    """Seconds the attacker may hold the dice without rolling; 0 turns it off (FO-8)."""


@dataclass(frozen=True)
class FoState:
    """Where a fight stands. Immutable: every answer makes a new one."""

    fighters: tuple[FoCard, FoCard]
    options: Options
    round: int = 1
    step: str = "rolloff"
    """rolloff, choose, attack, defend or over."""
    roller: int = 0
    """Whose roll-off is asked (step rolloff)."""
    rolloff: tuple[int | None, int | None] = (None, None)
    attacker: int | None = None
    """Who holds the dice as attacker; on the ground, the fighter on top."""
    ground: bool = False
    move: str | None = None
    streak: int = 0
    """Strikes landed in a row without the dice changing hands (FO-4)."""
    ground_attacks: int = 0
    """Ground attacks defended since the fight went down (FO-6)."""
    clock: float = 0.0
    """The reading of the latest answer in this round."""
    since: float = 0.0
    """When the dice passed to the attacker (FO-7)."""
    held: float = 0.0
    """When the dice came to the attacker for the attack in hand: the roll-off's deciding answer,
    a pass, a stand-up, the defender's answer that gives him the next attack, a stall. The stall
    count runs from here through his choice until he rolls (FO-8: naming the attack is no roll)."""
    attack_seconds: tuple[float, float] = (0.0, 0.0)
    """Attacking time this round, up to ``since`` for the attacker."""
    rounds: tuple[tuple[float, float], ...] = ()
    """Each finished round's attacking time by side."""
    result: Result | None = None
    last_roll: tuple[str, int, int, str] | None = None
    """The latest attack or defence roll: (what was rolled against, the rating, the total, what
    it did in one word: :func:`~.rules.attack_reading`, :func:`~.rules.defence_reading`); the odds read it."""
