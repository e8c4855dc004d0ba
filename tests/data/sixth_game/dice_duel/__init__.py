"""Dice Duel: each exchange both duelists roll d6 and add their might; the higher total scores
a touch (a tie scores none); the first to two touches wins. A game the companion knows only
through its entry point (``companion.games``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from companion.dice import Dice, Refused, d, read_faces
from companion.games import Game
from companion.ruleset import Answer, OptionSpec, Outcome, OverPrompt, Prompt, Result, RollPrompt, Ruleset, Setup
from companion.views import Mark, PanelLine, Tone

GAME = Game("dice_duel", "Dice Duel", "Duel", "dice_duel:RULESET", cards=Path(__file__).with_name("duelists.yaml"))


class Duelist(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=60)
    might: int = Field(ge=0, le=5)


@dataclass(frozen=True)
class DuelState:
    duelists: tuple[Duelist, Duelist]
    touches: tuple[int, int] = (0, 0)
    exchange: int = 1
    red_total: int | None = None
    """Red's total this exchange, once rolled."""
    to_win: int = 2


class DiceDuel(Ruleset):
    key = "dice_duel"
    title = "Dice Duel"
    period_word = "exchange"
    card_model = Duelist
    options = (OptionSpec("touches", "Touches to win", 2, (1, 2, 3)),)
    words = {"touches": "touches scored", "might": "might (added to d6)"}

    def new(self, setup: Setup) -> DuelState:
        red, blue = setup.fighters
        assert isinstance(red, Duelist) and isinstance(blue, Duelist)
        return DuelState((red, blue), to_win=int(setup.options.get("touches", 2)))

    def _winner(self, state: DuelState) -> int | None:
        return next((side for side in (0, 1) if state.touches[side] >= state.to_win), None)

    def prompt(self, state: DuelState) -> Prompt:
        won = self._winner(state)
        if won is not None:
            names = [d.name for d in state.duelists]
            return OverPrompt(
                Result(names[won], names[1 - won], "touches", f"{state.touches[won]} touches", state.exchange - 1),
                self.period_word,
            )
        side = 0 if state.red_total is None else 1
        duelist = state.duelists[side]
        return RollPrompt(duelist.name, side, Dice.of(d(6)), "the exchange", duelist.might, (("might", duelist.might),))

    def apply(self, state: DuelState, answer: Answer) -> Outcome:
        prompt = self.prompt(state)
        if not isinstance(prompt, RollPrompt):
            raise Refused("the duel is over")
        (face,) = read_faces(prompt.dice, answer.text)
        total = face + prompt.modifier
        if state.red_total is None:
            return Outcome(
                DuelState(state.duelists, state.touches, state.exchange, total, state.to_win),
                (f"{prompt.who} rolls {face}: {total}",),
            )
        touches = list(state.touches)
        lines = [f"{prompt.who} rolls {face}: {total}"]
        if total != state.red_total:
            side = 0 if state.red_total > total else 1
            touches[side] += 1
            lines.append(f"{state.duelists[side].name} scores a touch ({touches[0]}-{touches[1]})")
        else:
            lines.append("a tie: no touch")
        return Outcome(
            DuelState(state.duelists, (touches[0], touches[1]), state.exchange + 1, None, state.to_win), tuple(lines)
        )

    def trackers(self, state: DuelState) -> dict[str, dict[str, Any]]:
        return {
            d.name: {"touches": state.touches[side], "match_point": state.touches[side] == state.to_win - 1}
            for side, d in enumerate(state.duelists)
        }

    def panel_lines(self, card: Any, numbers: dict[str, Any]) -> tuple[PanelLine, ...]:
        """A duelist one touch from winning is at match point: a warning to the other."""
        lines = super().panel_lines(card, {k: v for k, v in numbers.items() if k != "match_point"})
        return lines + ((Mark("MATCH POINT", Tone.WARNING, strong=True),) if numbers.get("match_point") else ())


RULESET = DiceDuel()
