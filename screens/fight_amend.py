"""Amending a past answer from the fight screen (issue 23): ``ctrl+g`` turns the play-by-play into
the list of answers, numbered as ``companion script``'s ``amend N TEXT`` counts them; arrows move,
Enter picks one, and the new value is typed in the usual answer box (a Cage Match turn's picks on
the action pad), checked as it is typed against the prompt it answered. Enter amends it
(:meth:`companion.session.Session.amend`); Escape at either step amends nothing. What was kept and
what is asked again is said at once, and ``ctrl+z`` right after takes the amendment back.

The same for every game: the prompts, the answers and the re-fold come from the session."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from companion.amending import answer_line, shown, summary
from companion.dice import Refused
from companion.ruleset import Outcome, SecretPrompt
from companion.screens.toasts import SPARED
from companion.screens.widgets import DiceTray, escape, prompt_text, show_text
from companion.session import NotSaved, Session

if TYPE_CHECKING:
    from companion.screens.fight import FightScreen


class AnswerList(OptionList):
    """The fight's answers, one a line, to pick the one to amend."""


class FightAmend:
    """The fight screen's amend mode: picking an answer, then typing its new value.

    Args:
        screen: the fight screen whose log, prompt and tray it borrows while amending.
    """

    def __init__(self, screen: FightScreen) -> None:
        self.screen = screen
        self.picking = False
        """The list of answers is shown in place of the play-by-play."""
        self.index: int | None = None
        """The answer being amended (from 0) once picked: its new value is typed in the tray."""
        self._before: Session | None = None
        """The fight as it was before that answer: its prompt, and the preview of a new value."""

    @property
    def active(self) -> bool:
        return self.picking or self.index is not None

    # --- picking -------------------------------------------------------------

    def pick(self) -> None:
        """Show the answers in place of the play-by-play, the last highlighted (ctrl+g)."""
        screen, session = self.screen, self.screen.session
        if not session.steps:
            screen.notify("Nothing to amend yet: amend changes an answer already given.", timeout=4)
            return
        self.cancel(quiet=True)
        if screen.round_clock is not None:
            screen.round_clock.hold()  # a referee's timeout: the round clock waits for the amendment
        answers = screen.query_one(AnswerList)
        answers.clear_options()
        answers.add_options([Option(escape(answer_line(session, i)), id=str(i)) for i in range(len(session.steps))])
        answers.highlighted = len(session.steps) - 1
        screen.query_one("#log", RichLog).display = False
        answers.display = True
        # the list takes the rows the ring holds for its prompts: a finished fight's result and the
        # held rows left it one answer at 80x24
        screen.slacken_ring(True)
        self.picking = True
        answers.focus()
        answers.scroll_to_highlight()
        self.render()

    def picked(self, index: int) -> None:
        """The answer to amend was picked: its prompt is asked again, its new value typed in the tray
        (or picked on the action pad, for a secret choice)."""
        screen = self.screen
        self._show_log()
        self.picking = False
        self.index = index
        self._before = screen.session.before(index)
        prompt = self._before.prompt
        if isinstance(prompt, SecretPrompt):
            self._pad(prompt)
            return
        box = screen.query_one("#faces", Input)
        box.value = ""
        self.render()
        box.focus()

    def _pad(self, prompt: SecretPrompt) -> None:
        """A secret choice is picked again on the action pad, never typed where the other corner sees."""
        screen = self.screen

        def revealed(answer: str | None) -> None:
            if answer is None:
                self.cancel()
                return
            self.amend(answer)

        assert self._before is not None
        reference = screen.session.ruleset.reference(self._before.state)
        screen.run_worker(screen.open_pad(prompt, reference, revealed), exclusive=False)

    # --- typing the new value ------------------------------------------------

    def check(self, text: str) -> Outcome:
        """What ``text`` would do in place of the answer being amended (the tray's preview)."""
        assert self._before is not None
        return self._before.check(text)

    def amend(self, text: str, answered: DiceTray.Answered | None = None) -> None:
        """Amend the picked answer to ``text``; a refusal is said under the box and nothing changes."""
        screen = self.screen
        index = self.index
        if index is None:
            return
        try:
            amendment = screen.session.amend(index, text)
        except NotSaved as exc:
            screen.notify(f"Not amended: {exc.reason}", severity="error", timeout=10, markup=False)
            return
        except Refused as exc:
            if isinstance(self._before and self._before.prompt, SecretPrompt):
                screen.notify(f"Not amended: {exc.reason}", severity="error", markup=False)
                self.cancel(quiet=True)
                return
            screen.query_one(DiceTray).refuse(exc.reason, answered)
            return
        self._done()
        # the notice stands clear of the play-by-play where there are rows for it: the line just
        # amended is what the player reads (the fight's next change lets the log be covered again)
        screen.query_one("#log", RichLog).add_class(SPARED)
        screen.notify(summary(amendment, screen.session), title="Amended", timeout=12, markup=False)

    def roll(self) -> None:
        """ctrl+r while typing a new value: the app rolls it."""
        if self.index is not None:
            self.amend("roll")

    # --- leaving -------------------------------------------------------------

    def cancel(self, quiet: bool = False) -> None:
        """Escape: back to the fight as it is, nothing amended."""
        if not self.active:
            return
        typing = self.index is not None
        self._done()
        if typing:
            self.screen.query_one("#faces", Input).value = ""  # typed for the answer amended, not the prompt now
        if not quiet:
            self.screen.notify("Nothing amended.", timeout=3)

    def _done(self) -> None:
        self.picking = False
        self.index = None
        self._before = None
        self._show_log()
        self.screen.render_fight()
        if self.screen.round_clock is not None:
            self.screen.round_clock.release()  # runs again if the amendment paused it

    def _show_log(self) -> None:
        screen = self.screen
        screen.query_one(AnswerList).display = False
        screen.query_one("#log", RichLog).display = True
        screen.slacken_ring(False)  # the ring holds its rows again, as before the list

    # --- drawing -------------------------------------------------------------

    def render(self) -> None:
        """While amending, the prompt box says what is being amended (after the screen drew the fight)."""
        if not self.active:
            return
        screen = self.screen
        screen.query_one("#odds", Static).display = False  # they are the odds of the prompt now, not of the one amended
        prompt_box = screen.query_one("#prompt", Static)
        prompt_box.display = True
        if self.picking:
            show_text(
                prompt_box,
                "[b]Amend an answer[/b]: ↑↓ to the answer, Enter to amend it, Escape to go back.\n"
                "[dim]The fight is played again from it; later answers are kept while they still fit.[/dim]",
            )
            screen.query_one(DiceTray).display = False
            screen.query_one("#result", Static).display = False  # back with Escape: the list takes its rows
            return
        assert self._before is not None and self.index is not None
        prompt = self._before.prompt
        old = shown(prompt, screen.session.steps[self.index].answer)  # as its prompt shows it, not a key
        head = (
            f"[b]Amending answer #{self.index + 1}[/b] (was {escape(old)}): type the new value, Enter; Escape keeps it."
        )
        show_text(prompt_box, head + "\n" + prompt_text(prompt, narrow=screen.scene))
        screen.query_one("#result", Static).display = False
        tray = screen.query_one(DiceTray)
        tray.display = not isinstance(prompt, SecretPrompt)
        tray.set_prompt(prompt)
        box = screen.query_one("#faces", Input)
        box.disabled = False
