"""Paul's Adventures In Fantasy: what a simulated scene counts (issue 21, ``companion simulate paf
--red A --blue B``): the side that won, and each being's end in the game's words (PA-5): unhurt,
wounded (hit points lost, still able), unconscious (0), below 0 (needs help) or dead; whether it
fell (0 hit points or below, or dead, at any time in the scene: temporary damage knocks a being
out too, PA-7) and died; and the hit points it lost.

The figures are read after the scene's aftermath as the simulator plays it: the advised rest is
``none`` (no days of healing), so the hit points are the scene's, with the temporary damage
recovered [D, aftermath.heal]. PA-12 ends a scene in which nobody can attack any more; one still
going past :data:`MAX_ROUNDS` the simulator's GM ends (``end``).
"""

from __future__ import annotations

from companion.ruleset import Result
from companion.rulesets.paf.state import PafState
from companion.simulate_scenes import Ending, SceneEnding, SceneFigures

MAX_ROUNDS = 100
"""Rounds after which the simulator's GM ends a scene still going (1,000 seconds of melee) [D]."""
LEVELS = ("unhurt", "wounded", "unconscious", "below 0", "dead")
"""A being's end, least first (PA-5: at 0 unconscious, below 0 unable to heal without help, dead
at its death number)."""


class PafFigures(SceneFigures):
    """A PAF scene's end as the simulator counts it."""

    levels = LEVELS
    level_word = "at the end"
    fell_word = "fell (0 HP or below)"
    died_word = "dead"
    lost_word = "hit points lost"

    def ending(self, state: PafState, result: Result) -> SceneEnding:
        out = []
        for fighter in state.fighters:
            hp = fighter.hp + sum(points for _, points in fighter.temporary)  # the real hit points (PA-7)
            if fighter.dead:
                level = "dead"
            elif hp < 0:
                level = "below 0"
            elif hp == 0:
                level = "unconscious"
            elif hp < fighter.max_hp:
                level = "wounded"
            else:
                level = "unhurt"
            fell = fighter.dead or hp <= 0 or fighter.fell > 0
            out.append(Ending(level, fell, fighter.dead, max(0, fighter.max_hp - hp)))
        return SceneEnding(self.winning_side(result, ((being.name, being.side) for being in state.beings)), tuple(out))

    def end_answer(self, state: PafState) -> str | None:
        """``end`` past :data:`MAX_ROUNDS` (PA-12 ends a scene nobody can win by itself)."""
        return "end" if state.round > MAX_ROUNDS else None


FIGURES = PafFigures()
