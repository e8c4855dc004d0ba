"""The rules reference: the table the current step uses, the row in use marked, and the text of
each ruling it cites (issue 22: ``NHB-2`` is something a player can read, not a bare id)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from companion.ruleset import Reference
from companion.rulings import cited
from companion.screens.widgets import escape


class ReferenceScreen(ModalScreen[None]):
    """Show one :class:`Reference` table.

    Args:
        reference: the table, with ``highlight`` the row to mark.
        also: more words of the step (its prompt's) whose cited rulings are shown too.
    """

    CSS_PATH = "reference.tcss"
    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("f1", "dismiss", "Close", show=False),
        Binding("f9", "dismiss", "Close", show=False),
    ]

    def __init__(self, reference: Reference, also: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.reference = reference
        ref = reference
        self.rulings = cited(ref.title, ref.note, *ref.columns, *(cell for row in ref.rows for cell in row), *also)
        """Each ruling the table or the step cites, with its text (``companion/rulings.md``)."""

    def compose(self) -> ComposeResult:
        ref = self.reference
        with Vertical(id="sheet", classes="-with-rulings" if self.rulings else ""):
            yield Label(escape(ref.title), id="title")
            table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True, id="table")
            yield table
            if ref.note:
                yield Static(escape(ref.note), id="note")
            if self.rulings:
                with VerticalScroll(id="rulings"):
                    for ruling_id, text in self.rulings:
                        yield Static(f"[b]{ruling_id}[/b] {escape(text)}", classes="ruling")
            yield Label("escape closes", classes="muted")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        gap = ""
        if self.reference.compact:
            table.cell_padding = 0
            gap = " "
        # cells as Text: a fighter's name is shown as written, never read as markup
        table.add_columns(*(Text(c + gap) for c in self.reference.columns))
        for i, row in enumerate(self.reference.rows):
            marked = i == self.reference.highlight
            table.add_row(*(Text(c + gap) for c in row), label="▶" if marked else " ", key=str(i))
        if self.reference.highlight is not None:
            table.move_cursor(row=self.reference.highlight)
        else:
            table.show_cursor = False
        table.focus()
