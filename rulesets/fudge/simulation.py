"""Simultaneous Combat for Fudge: what a simulated scene counts (issue 21, ``companion simulate
fudge --red A --blue B``): the side that won, and each combatant's end in the game's words: his
worst wound box marked (FU-4: Scratch, Hurt, Very Hurt, Incapacitated, Near Death; or dead), all
felt once the scene is over (FU-6), and whether he was out of the fight (Incapacitated or worse)
or dead.

The GM ends a scene in which no hit can wound any more (the status line says so: "end ends the
scene", issue 17), and one that has gone on past :data:`MAX_ROUNDS`, as a table would: the
simulator types ``end``.
"""

from __future__ import annotations

from companion.ruleset import Result
from companion.rulesets.fudge.state import BOXES, WOUND_WORDS, FudgeState
from companion.simulate_scenes import Ending, SceneEnding, SceneFigures

MAX_ROUNDS = 100
"""Rounds after which the simulator's GM ends a scene still going (five minutes of fighting,
a round being about 3 seconds) [D]."""
OUT = ("incapacitated", "near_death")
"""The wound levels that put a combatant out of the fight (FU-4)."""
DEAD = "dead"
LEVELS = tuple(WOUND_WORDS[level] for level in ("none", *BOXES)) + (DEAD,)
"""``no wound``, ``Scratch``, ``Hurt``, ``Very Hurt``, ``Incapacitated``, ``Near Death``, ``dead``."""


class FudgeFigures(SceneFigures):
    """A Fudge scene's end as the simulator counts it."""

    levels = LEVELS
    level_word = "worst wound"
    fell_word = "Incapacitated or worse"
    died_word = "dead"

    def ending(self, state: FudgeState, result: Result) -> SceneEnding:
        """Each combatant's worst wound (every box marked counts: once the scene is over, a wound
        shrugged off is felt, FU-6), whether he fell (Incapacitated, Near Death or dead, or fell
        during the scene) and died; the winning side is the one the result names the other of."""
        out = []
        for fighter in state.fighters:
            worst = next((BOXES[level] for level in range(len(BOXES) - 1, -1, -1) if any(fighter.boxes[level])), None)
            level = DEAD if fighter.dead else WOUND_WORDS[worst or "none"]
            fell = fighter.dead or worst in OUT or fighter.fell > 0
            out.append(Ending(level, fell, fighter.dead))
        return SceneEnding(self.winning_side(result, ((sheet.name, sheet.side) for sheet in state.sheets)), tuple(out))

    def end_answer(self, state: FudgeState) -> str | None:
        """``end`` where no hit can wound any more (``stalled``), or past :data:`MAX_ROUNDS`."""
        return "end" if state.stalled or state.round > MAX_ROUNDS else None


FIGURES = FudgeFigures()
