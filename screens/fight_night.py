"""The fight screen's tournament night (ruling NHB-9), played bout after bout on one screen:
the panels follow the bout in play (or the next one), between bouts the last result stays in
view and Enter begins the next, and the app can roll the rest of a bout or of the whole night.
What it shows comes from the night's :class:`companion.tournament.Bracket` and the ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.dice import Refused
from companion.screens.widgets import escape

if TYPE_CHECKING:
    from companion.screens.fight import FightScreen
    from companion.tournament import Bracket


class FightNight:
    """A tournament night on one fight screen.

    Args:
        screen: the fight screen whose session is the night.
    """

    def __init__(self, screen: FightScreen) -> None:
        self.screen = screen

    @property
    def bracket(self) -> Bracket:
        bracket: Bracket = self.screen.session.state.bracket
        return bracket

    def between(self) -> bool:
        """Between two bouts of the night, after the first."""
        session = self.screen.session
        return not session.ruleset.in_bout(session.state) and bool(self.bracket.done)

    def entrant_numbers(self, card: Any, numbers: dict[str, Any]) -> dict[str, Any]:
        """An entrant's panel: the bout's trackers during a bout, else the ratings they fight at
        next and the night so far; the rating loss either way."""
        session = self.screen.session
        loss = numbers.get("rating_loss", 0)
        out: dict[str, Any] = {"rating_loss": f"-{loss}" if loss else None}
        if session.ruleset.in_bout(session.state):
            out.update({k: v for k, v in numbers.items() if k not in ("rating_loss", "wins", "out")})
            return out
        out.update(session.ruleset.ratings(card))  # the ratings they fight at next
        out["wins"] = numbers.get("wins") or None  # none yet: nothing to say
        champion = self.bracket.champion
        out["champion"] = champion is not None and self.bracket.entrants[champion].name == card.name
        out["out"] = numbers.get("out", False)
        return out

    def next_bout_text(self) -> str:
        """Between bouts, the next bout in the table's words: two lines, so that the last result
        stands under the tray, all in view at 80x24."""
        bracket = self.bracket
        k = bracket.next_bout
        assert k is not None  # asked between bouts only: a bout is waiting
        red, blue = (bracket.entrants[i].name for i in bracket.pairing(k))
        name = escape(bracket.bout_name(k))
        return f"[b]Next: the {name}[/b]\n{escape(red)} (red) v {escape(blue)} (blue)"

    def result_lines(self, over: bool) -> list[str]:
        """The result panel: the last bout and who goes on at what loss, or the champion when
        the night is over."""
        ruleset = self.screen.session.ruleset
        bracket = self.bracket
        last = bracket.done[-1]
        winner = bracket.entrants[last.winner].name
        headline = escape(last.result.headline(ruleset.period_word))
        if over:
            return [
                f"[b]{escape(winner)} wins the tournament![/b]",
                f"Final: {headline}",
                "[dim]f6 bracket · ctrl+t rematch\nctrl+n new fight · ctrl+z undo\nescape home[/dim]",
            ]
        total = bracket.losses[last.winner]
        if last.loss:
            goes = f"{escape(winner)} goes on at -{total} on every rating"
            if total != last.loss:
                goes += f" (-{last.loss} from this bout)"
        else:
            goes = f"{escape(winner)} goes on unhurt" + (f", still at -{total}" if total else "")
        return [f"[b]{escape(bracket.bout_name(len(bracket.done) - 1).capitalize())}:[/b] {headline}", goes]

    def show_bracket(self) -> None:
        """The night's bracket by rounds."""
        from companion.screens.bracket import BracketScreen

        self.screen.app.push_screen(BracketScreen(self.screen.session))

    def roll_bout(self) -> None:
        """The app rolls every answer of the bout in play (beginning the next one if it waits)."""
        session = self.screen.session
        # the first roll begins a waiting bout, or is the bout's next answer
        self._roll_while(lambda: session.ruleset.in_bout(session.state))

    def roll_night(self) -> None:
        """The app rolls every answer left in the night, to the champion."""
        session = self.screen.session
        self._roll_while(lambda: not session.over)

    def _roll_while(self, going: Callable[[], bool]) -> None:
        """Roll one answer, then more while ``going()``, each saved as it goes; the screen is
        drawn once at the end (a night of 16 is some 200 answers)."""
        screen, session = self.screen, self.screen.session
        rolled = 0
        with screen.drawn_once():
            try:
                while not session.over and (rolled == 0 or going()):
                    session.roll()
                    rolled += 1
            except Refused as exc:  # cannot happen with the app's own rolls; say so rather than crash
                screen.notify(f"The app's roll was refused: {exc.reason}", severity="error")
        screen.notify(
            f"The app rolled {rolled} answer{'s' * (rolled != 1)} (ctrl+z undoes them one at a time).", timeout=4
        )
