"""The character sheet (issues 7, 18 and 20): make a card for any game whose ruleset publishes a
sheet (:meth:`companion.ruleset.Ruleset.sheet`, a :class:`companion.sheet.SheetSpec`) and save it.

The screen draws the spec's sections: rows of fields with their labels and asides, headings,
a grid of stats each with its sum, rows repeated up to a most (a row is added whenever every row
has its first field chosen); a section of one kind of card is shown while that kind is chosen
(the choice beside the name), the others hidden (and read no more). A stat is typed as its dice's
faces or their total; a number in its range. ``ctrl+r`` rolls with the app's generator what is
rolled on dice and left blank or unreadable (every stat afresh once all are filled). The
derived figures follow every change, each with its terms, or the fields it still needs.
``ctrl+s`` checks the card and saves it to ``<data dir>/fighters/`` under the spec's file name
(the roster reads it at once); a bad field is named and nothing is saved.

The screen owns nothing of any game's rules: the fields, their words, ranges and dice, the
figures, the card and its file are the spec's; the tables are the ruleset's ``tables_for``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any, NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Footer, Header, Input, Label, Select, Static

from companion.dice import parse_roll, roll_faces, roll_text
from companion.ruleset import card_name, get_ruleset
from companion.screens.widgets import GameHeader, escape
from companion.sheet import (
    CardProblems,
    Heading,
    Note,
    Repeated,
    Row,
    Section,
    SheetField,
    SheetSpec,
    StatGrid,
    roll_said,
    slug,
    stat_dice,
)
from companion.words import count

if TYPE_CHECKING:
    from companion.cardedit import CardSave


def number_pattern(field: SheetField) -> str:
    """What a number's box lets be typed (an ``Input``'s ``restrict``: the whole text so far must
    match): digits, after a minus sign where the field's range goes below 0 (Fudge's scale, -10 to
    30). A letter is refused as it is typed, not only on save (the new-user trial)."""
    return r"-?[0-9]*" if field.low < 0 else r"[0-9]*"


def number_length(field: SheetField) -> int:
    """The most characters a number's box takes: its range's longest end (``-10``, ``2000``)."""
    return max(len(str(field.low)), len(str(field.high)))


__all__ = ["SheetScreen", "slug"]


class Box(NamedTuple):
    """A box on the sheet: its field, how messages name it, and the repeated group its row is of."""

    field: SheetField
    said: str
    group: Repeated | None = None


NUMBERS_BESIDE_FROM = 130
"""Columns from which a card model's derived numbers stand beside its form (below that, under it:
a form of two fields a line wants the width)."""
ONE_A_LINE_BELOW = 70
"""Columns below which a group's fields (a move's, a bonus's) are one a line, not two."""


class FieldGrid(Grid):
    """A repeated group's row of fields, ``per_line`` side by side (fewer on a narrow screen).

    Args:
        per_line: the most side by side, as the sheet's group says.
    """

    def __init__(self, *cells: Widget, per_line: int) -> None:
        super().__init__(*cells, classes="fields")
        self.per_line = per_line
        self.cells = cells

    def fit(self, width: int) -> None:
        """``per_line`` a line at ``width`` columns, one below :data:`ONE_A_LINE_BELOW`; a last field
        alone on its line (a bonus's note) takes the whole line."""
        n = 1 if width < ONE_A_LINE_BELOW else self.per_line
        self.styles.grid_size_columns = n
        for i, cell in enumerate(self.cells):
            last_alone = i == len(self.cells) - 1 and i % n == 0
            cell.styles.column_span = n if last_alone else 1


class SheetScreen(GameHeader, Screen[str | None]):
    """A new card for ``game`` made on its ruleset's sheet and saved as a card file; dismisses with
    its name, or None.

    Args:
        game: the game's key in the registry; its ruleset has a sheet (``has_sheet``).
    """

    spec: SheetSpec
    """The ruleset's sheet, with the tables in play (made when the screen is composed)."""
    CSS_PATH = "sheet.tcss"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll dice", priority=True),
        Binding("ctrl+s", "save", "Save card", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: str, card: Any | None = None) -> None:
        super().__init__()
        self.game = game
        self.editing = card
        """The card being edited (None: a new card)."""
        self.ruleset = get_ruleset(game)
        if not self.ruleset.has_sheet:
            raise ValueError(f"{self.ruleset.title} has no character sheet")
        self.tables: dict[str, Any] | None = None
        """The tables in play (the ruleset's ``tables_for``), or None when they do not load."""
        self.table_problem: str | None = None
        self.saved_to: Path | None = None
        self.counts: dict[str, int] = {}
        """Each repeated group's rows on the sheet now."""
        self.boxes: dict[str, Box] = {}
        """Each box by its widget id."""
        self._blank: dict[str | None, str] = {}
        self.rolled = False
        """Some field of the sheet is rolled on dice (``ctrl+r``)."""
        self.problems: list[str] = []
        """Why the last save was refused, each problem as ``companion fighters check`` says it."""
        self.start_values: dict[str, Any] = {}
        """The values of the card being edited, as the sheet opens."""

    @property
    def rows(self) -> int:
        """The repeated rows on the sheet (one more is added whenever every row of a group is chosen)."""
        return sum(self.counts.values())

    # --- building -----------------------------------------------------------------

    def _load(self) -> SheetSpec:
        """The ruleset's sheet with its tables in play (a GM's file over the shipped ones); when that
        file does not load, the shipped tables (the sheet shows, saving refuses)."""
        try:
            self.tables = self.ruleset.tables_for(self.app.directory)
        except ValueError as exc:  # TablesError: every problem, naming the file
            self.table_problem = str(exc)
            try:
                self.tables = self.ruleset.tables_for(None)
            except ValueError:
                self.tables = None
        spec = self.ruleset.sheet(self.tables)
        if spec is None:
            raise TypeError(f"{self.ruleset.title} says it has a sheet (has_sheet) but gives none")
        return spec

    def _box(self, box: Box, wid: str, first: bool, prompt: str = "") -> Widget:
        """The widget for ``box``'s field, with id ``wid`` (a choice's ``prompt`` in place of its placeholder)."""
        self.boxes[wid] = box
        field = box.field
        widget: Widget
        if field.kind == "choice":
            options = [(c, c) for c in field.choices]
            had = self._start(box, wid)
            if isinstance(had, str) and had and had not in field.choices:
                options.append((had, had))  # a key of a GM's tables the sheet does not list
            if field.placeholder:
                start = field.start or Select.NULL
                widget = Select(options, prompt=prompt or field.placeholder, value=start, id=wid, compact=True)
            else:
                widget = Select(options, value=field.start, allow_blank=False, id=wid, compact=True)
            if field.width is not None:
                widget.styles.width = field.width
        elif field.kind == "check":
            widget = Checkbox(field.label, id=wid, compact=True, classes="" if first else "beside")
        else:
            widget = Input(
                field.start if self.editing is None else "",
                placeholder=field.placeholder,
                id=wid,
                compact=True,
                classes="num" if field.kind == "number" else "",
                max_length=field.max_length or (number_length(field) if field.kind == "number" else 0),
                restrict=number_pattern(field) if field.kind == "number" else None,
            )
        return widget

    def _start(self, box: Box, wid: str) -> Any:
        """The value of the card being edited for the box ``wid`` (None: none)."""
        key = box.field.key
        if box.group is None:
            return self.start_values.get(key)
        rows = self.start_values.get(box.group.key, ())
        row = int(wid.rsplit("-", 1)[1])
        return rows[row].get(key) if row < len(rows) and rows[row] is not None else None

    def _fill(self) -> None:
        """Put the card being edited in the boxes."""
        for wid, box in self.boxes.items():
            value = self._start(box, wid)
            kind = box.field.kind
            if kind == "choice":
                if value is not None:
                    self.query_one(f"#{wid}", Select).value = str(value)
            elif kind == "check":
                self.query_one(f"#{wid}", Checkbox).value = bool(value)
            elif kind == "words":
                self.query_one(f"#{wid}", Input).value = ", ".join(map(str, value or ()))
            elif value is not None:
                self.query_one(f"#{wid}", Input).value = str(value)

    def _row(
        self, items: tuple[SheetField | str, ...], row: int | None = None, group: Repeated | None = None
    ) -> list[Widget]:
        """A line's widgets: each field's label (the line's first as a field's, the others beside)
        and box, each aside; in a repeated group's ``row``, each id numbered (``magic-2``)."""
        out: list[Widget] = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                out.append(Static(item, classes="aside", markup=False))
                continue
            if item.label and item.kind != "check":
                out.append(Label(item.label, classes="field" if i == 0 else "field2", markup=False))
            if row is None or group is None:
                out.append(self._box(Box(item, item.said), item.key, i == 0))
            else:
                box = Box(item, group.said(row, item), group)
                out.append(self._box(box, f"{item.key}-{row}", i == 0, "(none)" if row else ""))
        return out

    def _repeated_row(self, group: Repeated, row: int) -> Widget:
        """A row of ``group``: one line; or, where the group says so, under its number its fields so
        many a line (a move's twelve), each field its own cell of a grid: one a line where the
        screen is too narrow for them side by side (:meth:`_fit`)."""
        if not group.per_line:
            return Horizontal(*self._row(group.fields, row, group), classes="row", id=f"{group.key}-row-{row}")
        cells = [Horizontal(*self._row((field,), row, group), classes="row") for field in group.fields]
        head = Static(f"{group.words or group.key} {row + 1}", classes="row-head", markup=False)
        fields = FieldGrid(*cells, per_line=group.per_line)
        fields.fit(self.app.size.width)
        return Vertical(head, fields, classes="part", id=f"{group.key}-row-{row}")

    def _fit(self, width: int) -> None:
        """Lay the sheet out for ``width`` columns (play-testing backlog): below
        :data:`NUMBERS_BESIDE_FROM` the derived numbers go under the form, which takes the whole
        width; below :data:`ONE_A_LINE_BELOW` a group's fields are one a line, each box as wide as
        the form's single fields rather than a third of that."""
        self.set_class(width < NUMBERS_BESIDE_FROM, "stacked")
        for fields in self.query(FieldGrid):
            fields.fit(width)

    def on_resize(self) -> None:
        # Textual calls GameHeader's too (a handler of each class): the title is fitted there
        self._fit(self.app.size.width)

    def _grid(self, grid: StatGrid) -> Grid:
        """The stats, each its label, its box and its sum; a box takes every face with a space
        between ("4 4 4 8"), nothing longer (a longer text would hide past its edge)."""
        cells = []
        for field in grid.fields:
            assert isinstance(field.dice, str), field.key
            dice = stat_dice(field.dice).dice
            self.boxes[f"stat-{field.key}"] = Box(field, field.said)
            cells.append(
                Horizontal(
                    Label(field.label, classes="stat-name", markup=False),
                    Input(
                        placeholder=field.placeholder,
                        id=f"stat-{field.key}",
                        compact=True,
                        classes="faces",
                        max_length=sum(len(str(die.high)) for die in dice) + len(dice) - 1,
                    ),
                    Static("", id=f"sum-{field.key}", classes="sum"),
                    classes="stat",
                )
            )
        box = Grid(*cells, id=grid.key)
        box.styles.grid_size_columns = grid.columns
        box.styles.height = math.ceil(len(grid.fields) / grid.columns)
        return box

    def _lines(self, section: Section) -> Iterator[Widget]:
        for line in section.lines:
            if isinstance(line, Row):
                yield Horizontal(*self._row(line.items), classes="row")
            elif isinstance(line, Heading):
                yield Static(line.text, classes="heading", markup=False)
            elif isinstance(line, Note):
                yield Static(line.text, classes="aside", markup=False)
            elif isinstance(line, StatGrid):
                yield self._grid(line)
            else:
                given = len(self.start_values.get(line.key, ()))
                self.counts[line.key] = min(line.most, max(line.start, given + 1))
                rows = [self._repeated_row(line, i) for i in range(self.counts[line.key])]
                yield Vertical(*rows, id=f"{line.key}-rows", classes="part")

    def compose(self) -> ComposeResult:
        self.spec = self._load()
        if self.editing is not None:
            if self.spec.values_of is None:
                raise ValueError(f"{self.ruleset.title}'s sheet makes new cards only")
            self.start_values = dict(self.spec.values_of(self.editing))
        if self.spec.model_checks:
            self.add_class("model")
        self.rolled = any(field.dice for field in self.spec.fields())
        yield Header()
        with Horizontal(id="sheet-body"):
            with VerticalScroll(id="sheet-form"):
                for section in self.spec.sections:
                    if section.kind:
                        yield Vertical(*self._lines(section), id=f"{section.kind}-fields", classes="part")
                    else:
                        yield from self._lines(section)
            with VerticalScroll(id="sheet-numbers"):
                yield Static(id="derived")
        yield Static(id="sheet-message")
        yield Footer(show_command_palette=False, compact=True)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the line of the field with focus (its label turns bold, issue 22): by a class, which
        restyles the label at once (``:focus-within`` is not re-read for the line focus left)."""
        for line in self.query(".-has-focus"):
            line.remove_class("-has-focus")
        line_of = event.widget.parent
        if line_of is not None and (line_of.has_class("row") or line_of.has_class("stat")):
            line_of.add_class("-has-focus")

    def on_mount(self) -> None:
        self.title = self.ruleset.title
        self._fit(self.app.size.width)
        self.query_one("#derived", Static).border_title = "Derived numbers"
        if self.editing is not None:
            self._fill()
        boxes = self.query(Input)
        if boxes:
            boxes.first().focus()
        self._blank = {box.id: box.value for box in boxes}
        """The boxes as the sheet opened (movement 12 ...): Escape asks only once one is changed."""
        self._show_kind()
        self._update()
        self.refresh_bindings()  # ctrl+r, now that the fields are known
        if self.table_problem:
            self._say(f"The tables in play do not load: {self.table_problem}", error=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "roll":
            return self.rolled  # a sheet with nothing rolled on dice has no ctrl+r
        return True

    # --- reading the form -------------------------------------------------------------

    @property
    def kind(self) -> str:
        """The kind of card chosen (the spec's kind field), or the sheet's one kind."""
        kinds = self.spec.kinds
        value = self._select(self.spec.kind_key) if self.spec.kind_key else None
        return str(value) if value in kinds else kinds[0]

    def _shown(self) -> list[Section]:
        """The sections of the kind chosen and of every kind."""
        kind = self.kind
        return [s for s in self.spec.sections if s.kind in ("", kind)]

    def _value(self, wid: str) -> str:
        try:
            return self.query_one(f"#{wid}", Input).value
        except NoMatches:  # a repeated row being added
            return ""

    def _select(self, wid: str) -> Any:
        try:
            value = self.query_one(f"#{wid}", Select).value
        except NoMatches:
            return None
        return None if value is Select.NULL else value

    def _read(self, wid: str, box: Box, values: dict[str, Any], problems: list[str]) -> None:
        """The box ``#wid`` read into ``values`` under its field's key; what cannot be read is left
        out, with the problem (a blank optional box says nothing)."""
        field, key = box.field, box.field.key
        if field.kind == "choice":
            value = self._select(wid)
            if value is not None:
                values[key] = value
            return
        if field.kind == "check":
            values[key] = bool(self.query_one(f"#{wid}", Checkbox).value)
            return
        text = self._value(wid)
        if field.kind == "words":
            words = tuple(w.strip() for w in text.replace(";", ",").split(",") if w.strip())
            values[key] = words
            return
        if self.spec.model_checks:
            # the card model says what is wrong, as ``companion fighters check`` does
            typed = text.strip()
            if typed:
                number = typed.lstrip("+")
                whole = field.kind == "number" and number.lstrip("-").isdigit()
                values[key] = int(number) if whole else typed
            return
        if not text.strip() and field.optional:
            return
        if field.kind == "text":
            if text.strip():
                values[key] = text.strip()
            else:
                problems.append(f"{box.said}: missing")
            return
        value, why = field.read(text, box.said)
        if value is not None:
            values[key] = value
        elif field.kind == "stat":
            problems.append(f"{box.said} ({field.label}): {why}" if field.label != box.said else f"{box.said}: {why}")
        else:
            problems.append(why)

    def read(self) -> tuple[dict[str, Any], list[str]]:
        """The sheet's values (:data:`companion.sheet.Values`) and the problems found, each naming the
        field; a repeated group's value is a mapping per row, None for a row left empty."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for section in self._shown():
            for line in section.lines:
                if isinstance(line, Row):
                    for item in line.items:
                        if isinstance(item, SheetField):
                            self._read(item.key, self.boxes[item.key], values, problems)
                elif isinstance(line, StatGrid):
                    for field in line.fields:
                        self._read(f"stat-{field.key}", self.boxes[f"stat-{field.key}"], values, problems)
                elif isinstance(line, Repeated):
                    values[line.key] = tuple(self._read_row(line, i, problems) for i in range(self.counts[line.key]))
        return values, problems

    def _given(self, group: Repeated, row: int) -> bool:
        """Whether row ``row`` of ``group`` has its first field given (chosen, or typed)."""
        first = group.fields[0]
        if first.kind == "choice":
            return self._select(f"{first.key}-{row}") is not None
        return bool(self._value(f"{first.key}-{row}").strip())

    def _read_row(self, group: Repeated, row: int, problems: list[str]) -> dict[str, Any] | None:
        if not self._given(group, row):
            return None
        values: dict[str, Any] = {}
        for field in group.fields:
            wid = f"{field.key}-{row}"
            self._read(wid, self.boxes[wid], values, problems)
        return values

    def card(self) -> tuple[Any | None, list[str]]:
        """The card the sheet makes, or None with every problem (the boxes', the spec's check, the card's)."""
        values, problems = self.read()
        problems += self.spec.check(values)
        if problems:
            return None, problems
        try:
            return self.spec.to_card(values), []
        except CardProblems as exc:
            return None, exc.problems

    # --- showing ----------------------------------------------------------------------

    def derived_text(self) -> str:
        """The derived figures as markup: the summary, then each figure with its terms; the ones
        still waiting for a field say which."""
        values, _ = self.read()
        refused = ""
        if self.problems:
            said = "\n".join(f"· {escape(p)}" for p in self.problems)
            refused = f"[b $text-error]Not saved:[/]\n[$text-error]{said}[/]\n\n"
        return refused + self._derived(values)

    def _derived(self, values: dict[str, Any]) -> str:
        try:
            derived = self.spec.derive(values)
        except (ValueError, LookupError) as exc:
            return f"[$text-error]{escape(str(exc))}[/]"
        if derived.problem:
            return f"[b $text-error]{escape(derived.problem)}[/]"
        named = {field.key: field.named for field in self.spec.fields()}
        missing = {f.key: [named.get(n, n) for n in f.needs if n not in values] for f in derived.figures}
        shown = {f.key: "[dim]?[/dim]" if missing[f.key] else f"[b]{escape(f.value)}[/b]" for f in derived.figures}
        lines = [
            "".join(
                escape(text) + (shown[key] if key is not None else "") for text, key, _, _ in Formatter().parse(line)
            )
            for line in derived.summary
        ]
        if lines:
            lines.append("")
        for figure in derived.figures:
            if not figure.listed:
                continue
            head = f"[b]{escape(figure.label)}[/b]"
            if missing[figure.key]:
                lines.append(f"{head} [dim]needs {escape(', '.join(missing[figure.key]))}[/dim]")
            else:
                lines.append(f"{head} [dim]= {escape(figure.terms)}[/dim]")
        return "\n".join(lines)

    def _show_kind(self) -> None:
        """The sections of the kind chosen; the other kinds' are hidden (and read no more)."""
        kind = self.kind
        for section in self.spec.sections:
            if section.kind:
                self.query_one(f"#{section.kind}-fields").display = section.kind == kind
        self.sub_title = f"a new {kind}" if self.editing is None else f"editing {card_name(self.editing)}"
        self.fit_header()

    def _stats(self) -> list[SheetField]:
        """The stats shown (the kind chosen)."""
        return [f for s in self._shown() for line in s.lines if isinstance(line, StatGrid) for f in line.fields]

    def _update(self) -> None:
        for field in self._stats():
            text = self._value(f"stat-{field.key}")
            value, _why = field.read(text)
            typed = bool(text.strip())
            shown = self.query_one(f"#sum-{field.key}", Static)
            shown.update("" if not typed else f"{value}" if value is not None else "?")
            shown.set_class(typed and value is None, "bad")
            self.query_one(f"#stat-{field.key}", Input).set_class(typed and value is None, "bad")
        self.query_one("#derived", Static).update(self.derived_text())

    def _say(self, text: str, error: bool = False) -> None:
        message = self.query_one("#sheet-message", Static)
        message.update(escape(text))
        message.set_class(error, "error")

    def _more_rows(self, group: Repeated) -> None:
        """A new empty row of ``group`` once every row has its first field chosen (up to its most)."""
        rows = self.counts[group.key]
        if rows >= group.most or not all(self._given(group, i) for i in range(rows)):
            return
        self.query_one(f"#{group.key}-rows", Vertical).mount(self._repeated_row(group, rows))
        self._blank.update({f"{f.key}-{rows}": f.start for f in group.fields if f.kind in ("text", "number")})
        self.counts[group.key] = rows + 1
        if rows + 1 == group.most:
            noun = group.words or group.key
            self._say(f"{group.most} {noun} rows: a card carries at most {count(group.most, noun)}.")

    # --- events -------------------------------------------------------------------------

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        box = self.boxes.get(event.input.id or "")
        if box is not None and box.group is not None and box.field is box.group.fields[0]:
            self._more_rows(box.group)
        if event.input.has_focus:
            event.input.remove_class("refused")
        self._recheck()
        self._update()
        if not event.input.has_focus:
            return  # filled by the app (ctrl+r): its own message stands
        if box is None or box.field.kind not in ("number", "stat") or not event.value.strip():
            return
        value, why = box.field.read(event.value, box.said)
        if box.field.kind == "stat":
            self._say(f"{box.said}: {why}", error=value is None)
        else:
            self._say(why or f"{box.said}: {value}", error=value is None)

    @on(Select.Changed)
    def _selected(self, event: Select.Changed) -> None:
        if self.spec.kind_key and event.select.id == self.spec.kind_key:
            self._show_kind()
        box = self.boxes.get(event.select.id or "")
        if box is not None and box.group is not None and box.field is box.group.fields[0]:
            self._more_rows(box.group)
        self._recheck()
        self._update()

    @on(Checkbox.Changed)
    def _checked_box(self) -> None:
        self._recheck()
        self._update()

    def _recheck(self) -> None:
        """After a refused save, each change checks the card again as saving checks it: the
        problems beside the sheet are those it still has, their boxes marked, and none once all are
        mended (the new-user trial: a mended box left its refusal there until the next save)."""
        if not self.problems:
            return
        if self.spec.entry is not None or self.editing is not None:
            _, problems, fields = self._entry_check()
        else:
            problems, fields = self.card()[1], []
        if problems == self.problems:
            return
        self.problems = problems
        self._mark(fields)
        if not problems:
            self._say("Every problem mended: ctrl+s saves the card.")

    @on(Input.Submitted)
    def _next(self) -> None:
        """Enter goes on to the next field, as on a paper sheet."""
        self.focus_next()

    def action_roll(self) -> None:
        """The app rolls every stat left empty or unreadable (with every stat filled already, all of
        them afresh), then each number rolled on dice that is blank or unreadable, in the sheet's
        order (a monster's hit points on its table's dice, once the spec can say them). A kind with
        stats says how many were rolled (its other rolls show in their boxes); one without says
        each roll, or why it could not be made."""
        rng = self.app.rng
        values, _ = self.read()
        stats = self._stats()
        todo = [f for f in stats if f.read(self._value(f"stat-{f.key}"))[0] is None] or stats
        for field in todo:
            assert isinstance(field.dice, str), field.key
            self.query_one(f"#stat-{field.key}", Input).value = roll_text(stat_dice(field.dice), rng)
        said = []
        for section in self._shown():
            for line in section.lines:
                for item in line.items if isinstance(line, Row) else ():
                    if not isinstance(item, SheetField) or item.kind != "number":
                        continue
                    box = self.query_one(f"#{item.key}", Input)
                    roll = item.roll(values)
                    if roll is None or item.read(box.value)[0] is not None:
                        continue
                    if isinstance(roll, str):
                        said.append(roll)
                        continue
                    total, words = roll_said(item.said, roll, roll_faces(parse_roll(roll.dice)[0], rng))
                    box.value = str(total)
                    said.append(words)
        self._update()
        if stats:
            dice = {f.dice for f in todo}
            each = f" ({dice.pop()} each)" if len(dice) == 1 else ""
            self._say(f"The app rolled {count(len(todo), 'stat')}{each}.")
        else:
            self._say("The app rolled " + "; ".join(said) + "." if said else "Nothing left to roll: clear a box first.")

    def action_back(self) -> None:
        """Back to the roster; a sheet with anything typed on it asks first (Escape is also
        what one presses to be rid of a message)."""
        typed = any(box.value != self._blank.get(box.id) for box in self.query(Input))
        if not typed:
            self.dismiss(None)
            return
        from companion.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen(f"Leave the sheet? This {self.kind} is not saved.", "Leave"), answered)

    def action_save(self) -> None:
        """Check the card; save it to ``<data dir>/fighters/`` under the spec's file name and go back."""
        if self.table_problem:
            self._say(f"Not saved: the tables in play do not load: {self.table_problem}", error=True)
            return
        if self.spec.entry is not None or self.editing is not None:
            self._save_entry()
            return
        card, problems = self.card()
        if card is None:
            self._refuse(problems)
            return
        folder: Path = self.app.directory / "fighters"
        path = folder / self.spec.file_name(card)
        clash = self._name_clash(card_name(card), path)
        if clash:
            self._say(f"Not saved: {clash}", error=True)
            return
        if path.exists():
            from companion.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write(card, path)

            self.app.push_screen(
                ConfirmScreen(f"{path.name} exists already. Replace it with this card?", "Replace"), answered
            )
            return
        self._write(card, path)

    def _save_entry(self) -> None:
        """Save the card among the others in the data folder (issue 23): a new card into
        ``fighters/GAME.yaml``, an edited one where it is (a shipped card: a copy there that replaces
        it), the file checked as ``companion fighters check`` checks it; refused, nothing is written
        and each problem is shown, its box marked."""
        from companion.cardedit import EditError

        checked, problems, fields = self._entry_check()
        if checked is None:
            self._refuse(problems, fields)
            return
        save, name = checked
        try:
            path = save.write()
        except (OSError, EditError) as exc:
            self._say(f"Not saved: {exc}", error=True)
            return
        self.saved_to = path
        self.notify(f"{name} saved to {path}", title="Card saved", timeout=6, markup=False)
        self.dismiss(name)

    def _entry_check(self) -> tuple[tuple[CardSave, str] | None, list[str], list[str | None]]:
        """The card checked as :meth:`_save_entry` saves it, nothing written: the save ready to
        write and the card's name, or None with each problem and the field each is about (None
        where it names none)."""
        from companion.cardedit import card_save

        values, problems = self.read()
        problems += self.spec.check(values)
        if problems:
            return None, problems, []
        if self.spec.entry is not None:
            entry = self.spec.entry(values)
        else:  # a sheet written by hand: its card, as the file holds it
            try:
                card = self.spec.to_card(values)
            except CardProblems as exc:
                return None, exc.problems, []
            if self.editing is not None and self.spec.kept is not None:
                card = self.spec.kept(self.editing, card)
            entry = card.model_dump(mode="json", exclude_none=True, by_alias=True)
        tables = self.tables
        check = None
        if self.ruleset.has_tables and tables is not None:

            def check(card: Any) -> list[str]:
                return self.ruleset.card_check(card, tables)

        save = card_save(
            self.game,
            self.ruleset.card_model,
            self.app.roster(self.game),
            self.app.directory / "fighters",
            entry,
            editing=card_name(self.editing) if self.editing is not None else None,
            card_check=check,
        )
        if save.problems:
            return None, [str(p) for p in save.problems], [p.field for p in save.problems]
        return (save, str(entry.get("name"))), [], []

    def _refuse(self, problems: list[str], fields: list[str | None] | None = None) -> None:
        """Say why the card is not saved: the first problems on the message line, every one in the
        figures' panel, and the box of each field named marked."""
        self.problems = problems
        self._mark(fields or [])
        head = f"Not saved: {len(problems)} problem{'s' * (len(problems) != 1)}: "
        self._say(head + "; ".join(problems[:3]) + (" ..." if len(problems) > 3 else ""), error=True)
        self.notify("\n".join(problems[:6]), title="Not saved", severity="error", timeout=8, markup=False)
        self._update()

    def _mark(self, fields: list[str | None]) -> None:
        """Mark the box of each field a problem names (a refusal's, or a re-check's), and no other."""
        for widget in self.query(".refused"):
            widget.remove_class("refused")
        for where in fields:
            wid = self._box_of(where) if where else None
            if wid is not None:
                self.query(f"#{wid}").add_class("refused")

    def _box_of(self, where: str) -> str | None:
        """The id of the box a problem's field (``moves.0.head-kick.target``) is about, or None."""
        parts = where.split(".")
        rows = [int(p) for p in parts if p.isdigit()]
        names = [p for p in parts if not p.isdigit()]
        for path in (".".join(names), f"{names[0]}.{names[-1]}", names[0]):
            key = self.spec.paths.get(path)
            if key is None:
                continue
            row = f"{key}-{rows[0] if rows else 0}"
            for wid in (key, row, f"stat-{key}"):
                if wid in self.boxes:
                    return wid
        return None

    def _name_clash(self, name: str, path: Path) -> str | None:
        """Why ``name`` cannot be saved to ``path``: another file's card has it (None if free)."""
        roster = self.app.roster(self.game)
        card = roster.find(name)
        if card is None:
            return None
        source = roster.source.get(card.name, "")
        if Path(source) == path:
            return None
        return f"the roster has a card named {card.name} already ({Path(source).name}): choose another name"

    def _write(self, card: Any, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.spec.card_text(card), encoding="utf-8")
        except OSError as exc:
            self._say(f"Not saved: {exc}", error=True)
            return
        name = card_name(card)
        self.saved_to = path
        self.notify(f"{name} saved to {path}", title="Card saved", timeout=6, markup=False)
        self.dismiss(name)
