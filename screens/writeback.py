"""After a scene (Fudge, issue 17): what it changed on the combatants' cards, shown as a diff of the
card files in the data folder, written only when the game master says so."""

from __future__ import annotations

import contextlib

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Label, Static

from companion.cardedit import Plan
from companion.screens.widgets import escape
from companion.session import Session
from companion.store import StoreError


def diff_text(plan: Plan) -> str:
    """Each file's diff as markup, added lines in the theme's success colour and removed ones in its
    error colour."""
    lines: list[str] = []
    for edit in plan.edits:
        for line in edit.diff():
            if line.startswith(("+++", "---")):
                lines.append(f"[b]{escape(line)}[/b]")
            elif line.startswith("@@"):
                lines.append(f"[dim]{escape(line)}[/dim]")
            elif line.startswith("+"):
                lines.append(f"[$text-success]{escape(line)}[/]")
            elif line.startswith("-"):
                lines.append(f"[$text-error]{escape(line)}[/]")
            else:
                lines.append(escape(line))
        lines.append("")
    return "\n".join(lines).rstrip()


class WriteBackScreen(ModalScreen[bool]):
    """Show the edits that put a scene's experience, gifts and wounds on the cards; dismisses with
    True when the game master writes them (``y``), False when he does not (``n``, escape).

    Args:
        plan: the edits (:func:`companion.cardedit.plan`).
    """

    DEFAULT_CSS = """
    WriteBackScreen {
        align: center middle;
    }
    WriteBackScreen > Vertical {
        width: 100%;
        max-width: 110;
        height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    WriteBackScreen #diff-box {
        height: 1fr;
        overflow: auto auto;
    }
    WriteBackScreen #diff {
        width: auto;
        text-wrap: nowrap;
    }
    WriteBackScreen #what {
        text-style: bold;
    }
    WriteBackScreen #notes {
        color: $text-muted;
        height: auto;
        max-height: 6;
    }
    WriteBackScreen #keys {
        color: $text-muted;
    }
    """
    BINDINGS = [
        Binding("y", "dismiss(True)", "Write"),
        Binding("n,escape", "dismiss(False)", "Cancel"),
    ]

    def __init__(self, plan: Plan) -> None:
        super().__init__()
        self.plan = plan

    def compose(self) -> ComposeResult:
        n = sum(len(e.cards) for e in self.plan.edits)
        files = len(self.plan.edits)
        with Vertical():
            yield Label(f"Write the scene to {n} card{'s' * (n != 1)} in {files} file{'s' * (files != 1)}?", id="what")
            if self.plan.skipped:  # what the diff does not show: one left out and why, a shipped card copied
                yield Static("\n".join(escape(why) for why in self.plan.skipped), id="notes")
            with ScrollableContainer(id="diff-box"):  # long lines scroll sideways: a diff is not wrapped
                yield Static(diff_text(self.plan), id="diff")
            yield Label("y writes these changes · n or escape leaves the cards as they are", id="keys")
        yield Footer(show_command_palette=False, compact=True)


def offer_write_back(screen: Screen[object], session: Session) -> None:
    """The fight screen's ``f5`` after a scene: plan the edits of its ruleset's ``write_back`` changes,
    show them, write them on ``y``; every outcome said in a notice (issue 17)."""
    from companion.cardedit import EditError, plan
    from companion.ruleset import card_name

    ruleset = session.ruleset
    changes = ruleset.write_back(session.state) if session.over else {}
    if not changes:
        screen.notify("This scene changed nothing on the cards.", timeout=4)
        return
    app = screen.app
    game = session.setup.game
    try:
        began = {card_name(card): card for card in session.setup.fighters}  # a card changed since is not overwritten
        # as this fight last wrote it, where it did: its own write-back is no change of another's (the review)
        for name, fields in (session.store.written_back(session.id) if session.store and session.id else {}).items():
            if name in began:
                with contextlib.suppress(ValidationError):
                    began[name] = ruleset.card_model.model_validate({**began[name].model_dump(mode="json"), **fields})
        edits = plan(game, ruleset.card_model, app.roster(game), app.directory / "fighters", changes, began)  # type: ignore[attr-defined]
    except (EditError, OSError) as exc:
        screen.notify(f"The cards cannot be written: {exc}", title="Not written", severity="error", markup=False)
        return
    already = [e for e in edits.edits if e.after == e.before]  # files whose cards say it all already
    edits.edits = [e for e in edits.edits if e.after != e.before]
    if not edits.edits:
        # what was left out and why, one a line, and that the rest is on the cards already: both
        # (f5 again on a written scene with an NPC group said only the group's copies)
        said = list(edits.skipped)
        if already or not said:
            said.append("The cards already say what this scene changed.")
        # a card changed since the scene began is not written: what the scene did to it is not on it
        severity: SeverityLevel = "warning" if edits.kept else "information"
        screen.notify("\n".join(said), severity=severity, timeout=12 if edits.kept else 8, markup=False)
        return

    def done(write: bool | None) -> None:
        if not write:
            screen.notify("The cards are as they were.", timeout=3)
            return
        try:
            written = edits.write()
        except OSError as exc:
            screen.notify(f"The cards could not be written: {exc}", severity="error", markup=False)
            return
        if session.store is not None and session.id is not None:
            with contextlib.suppress(StoreError):  # the cards are written: a record lost only refuses a later write
                session.store.keep_written_back(session.id, edits.written)
        where = ", ".join(str(p) for p in written)
        screen.notify(f"Written to {where}.", title="Cards", timeout=6, markup=False)

    app.push_screen(WriteBackScreen(edits), done)
