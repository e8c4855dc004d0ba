"""The keys of the screen you are on (``?``), apart from the rules table (``f1``): every key the
screen and the focused widget answer, with what it does, the ones the footer has no room for too
(issue 22)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Label
from textual.widgets._footer import FooterKey

from companion.screens.widgets import TakesTheKeys, escape

LEFT_OUT = frozenset({"app.focus_next", "app.focus_previous", "dismiss", "keys", "stay"})
"""Actions every screen has and the list need not repeat (Tab moves between lists; Escape is said
below the table; Tab stays on the action pad), and this screen's own key."""


def key_rows(screen: Screen[object], bindings: Iterable[ActiveBinding]) -> list[tuple[str, str]]:
    """Each key of ``bindings`` the screen or the app declares as ``(key, what it does)``, each action
    once (its first keys), in their order: a list's or a box's own keys (up, down, home) go unsaid."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    for active in bindings:
        binding = active.binding
        words = binding.description or binding.tooltip
        # a part of the screen that takes its keys while it shows (the action pad) is listed as the screen
        ours = active.node is screen or active.node is screen.app or isinstance(active.node, TakesTheKeys)
        if not ours or not words or binding.action in LEFT_OUT or binding.action in seen:
            continue
        seen.add(binding.action)
        rows.append((screen.app.get_key_display(binding), words if active.enabled else f"{words} (not now)"))
    return rows


class KeysScreen(ModalScreen[None]):
    """The keys of ``screen``, with what each does.

    Args:
        screen: the screen the player is on (this modal's keys are not its).
    """

    DEFAULT_CSS = """
    KeysScreen {
        align: center middle;
    }
    KeysScreen > Vertical {
        width: auto;
        min-width: 40;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    KeysScreen #title {
        text-style: bold;
    }
    KeysScreen DataTable {
        height: auto;
        max-height: 20;
        width: auto;
    }
    """
    BINDINGS = [
        Binding("escape,question_mark,f1", "dismiss", "Close"),
    ]

    def __init__(self, screen: Screen[object]) -> None:
        super().__init__()
        self.rows = key_rows(screen, screen.active_bindings.values())
        """Each key of the screen, and what it does."""
        self.title_words = screen.title or screen.app.title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Keys here: {escape(str(self.title_words))}", id="title")
            table: DataTable[Text] = DataTable(cursor_type="none", zebra_stripes=True, show_header=False)
            yield table
            yield Label("f1 shows the rules table in a fight; escape closes", classes="muted")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("key", "does")
        for key, words in self.rows:
            table.add_row(Text(key, style="bold"), Text(words))


QUIT_KEY = "ctrl+q"
"""The app's quit: the one key every footer keeps in view (play-testing backlog)."""


def keep_quit_in_view(screen: Screen[object]) -> None:
    """Where the keys of a footer of ``screen`` are more than its width, stand Quit at its right
    end (class ``-kept``, app.tcss), over the keys cut off there; where they all fit, Quit stays
    after the last. A footer shows its keys in a row, clipped at its right end, and the app's
    own keys come last: at 60 columns Quit was the one cut off."""
    for footer in screen.query_children(Footer):
        keys = [key for key in footer.query_children(FooterKey) if key.display]
        kept = next((key for key in keys if key.key == QUIT_KEY), None)
        if kept is None:
            continue
        wanted = sum(key.outer_size.width + key.styles.margin.width for key in keys)
        kept.set_class(wanted > footer.size.width, "-kept")
