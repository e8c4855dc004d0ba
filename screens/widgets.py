"""Widgets shared by the screens. They render a session's state; they never own it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Footer, Input, RichLog, Static
from textual.widgets._footer import FooterKey

from companion.dice import Kind, Refused
from companion.reader import Said, also_of, read
from companion.ruleset import (
    GAMES,
    SIDES,
    Choice,
    ChoicePrompt,
    Gauge,
    Outcome,
    Prompt,
    Reference,
    RollPrompt,
    Ruleset,
    SecretPrompt,
)
from companion.session import ROLL_WORD
from companion.views import CardView, Field, Mark, Pair, PanelLine, Tone

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


HEADER_SIDES = 18
"""The header's cells beside its centred title: the icon's on the left, as many kept on the right."""


def fit_title(screen: Any, ruleset: Ruleset) -> None:
    """The game's title in ``screen``'s header beside its sub title, or the game's short name where
    both would not fit ("Fudge" for "Simultaneous Combat for Fudge", issue 22). Each screen of one
    game calls it when its sub title changes and when the terminal is resized."""
    game = GAMES.get(ruleset.key)
    full, short = ruleset.title, (game.short if game is not None else ruleset.title)
    room = screen.app.size.width - HEADER_SIDES
    title = full if len(full) + 3 + len(str(screen.sub_title)) <= room else short
    if screen.title != title:
        screen.title = title


class GameHeader:
    """A screen of one game whose header fits its width: the game's full title, or its short name
    where that and the sub title would not fit (:func:`fit_title`), kept so as the sub title
    changes and the terminal is resized. The screen says its game by :attr:`header_ruleset`."""

    @property
    def header_ruleset(self) -> Ruleset | None:
        return getattr(self, "ruleset", None)

    def fit_header(self) -> None:
        ruleset = self.header_ruleset
        if ruleset is not None and getattr(self, "is_attached", False):
            fit_title(self, ruleset)

    def watch_sub_title(self) -> None:
        self.fit_header()

    def on_resize(self) -> None:
        self.fit_header()


def escape(text: str) -> str:
    """``text`` shown as itself in Textual markup: a card named "Kid [The] Kid" keeps its brackets."""
    return text.replace("[", "\\[")


TONE_STYLES = {
    Tone.PLAIN: "",
    Tone.MUTED: "dim",
    Tone.GOOD: "$text-success",
    Tone.WARNING: "$text-warning",
    Tone.DANGER: "$text-error",
    Tone.NOTE: "$text-accent",
}
"""Each semantic tone as the theme draws it."""


def mark_markup(mark: Mark, tight: bool = False) -> str:
    """A ruleset's mark as markup in the theme's colours (its short words where room is tight)."""
    style = " ".join(
        part for part in ("b" if mark.strong else "", "reverse" if mark.alarm else "", TONE_STYLES[mark.tone]) if part
    )
    text = escape(mark.brief(tight))
    return f"[{style}]{text}[/]" if style else text


def show_text(widget: Static, text: str) -> None:
    """Update ``widget`` only when its text changes: an unchanged widget is not painted again;
    and one whose size the new text leaves as it was is painted alone, without laying the
    screen out again (the layout, and the repaint of everything it moves, was most of the cost
    of an answer: issue 21). The text's markup is read once: the widget's own reading of it is
    what is measured (reading it a second time to measure it was a fifth of an answer's own work)."""
    shown = widget.content  # what it was last given (Static's public API)
    if isinstance(shown, str) and shown == text:
        return
    sized = _sized_by_lines(widget)
    old = widget.visual if sized else None  # what it shows now, as it was read then
    widget.update(text, layout=not sized)
    if old is not None and _height(widget, widget.visual) != _height(widget, old):
        widget.refresh(layout=True)


def _sized_by_lines(widget: Static) -> bool:
    """Whether a new text in ``widget`` needs the screen laid out again only where it takes another
    number of rows (:func:`_height`): not for a widget not laid out yet (or hidden), nor for one
    sized by its text's width, which are laid out whatever their text."""
    styles = widget.styles
    if not widget.is_mounted or not widget.display or widget.content_size.width <= 0:
        return False
    if styles.width is not None and (
        styles.width.is_auto
        or (styles.width.is_fraction and widget.parent is not None and widget.parent.styles.is_auto_width)
    ):
        return False  # sized by its text's width
    return True


def _height(widget: Static, visual: Visual) -> int:
    """The rows ``visual`` takes in ``widget`` at its width (what Textual's own layout gives it), or
    -1 for a widget whose height is not its content's (its text never changes its height)."""
    styles = widget.styles
    if styles.height is None or not styles.height.is_auto:
        return -1
    rules = cast("RulesMap", styles)  # what Textual itself gives get_height (Widget.get_content_height)
    return visual.get_height(rules, widget.content_size.width)


def card_text(view: CardView) -> str:
    """A card as its ruleset shows it, for the selection screen: the name, nickname and style;
    then its character sheet, or its fields in the game's words; its notes last."""
    lines = [f"[b]{escape(view.name)}[/b]"]
    if view.nickname:
        lines.append(f'"{escape(view.nickname)}"')
    if view.style:
        lines.append(f"[i]{escape(view.style)}[/i]")
    lines.append("")
    if view.sheet:
        lines += [escape(line) for line in view.sheet]
        if view.notes and view.notes not in view.sheet:  # a sheet may end with its notes already
            lines += ["", f"[dim]{escape(view.notes)}[/dim]"]
        return "\n".join(lines)
    width = max((len(label) for label, _ in view.rows), default=0)
    lines += [f"{label:<{width}}  {escape(value)}" for label, value in view.rows]
    if view.notes:
        lines += ["", f"[dim]{escape(view.notes)}[/dim]"]
    return "\n".join(lines)


def panel_line(line: PanelLine) -> str:
    """One line of a fighter's panel as markup."""
    if isinstance(line, Field):
        return f"{line.label}: [b]{escape(line.value)}[/b]"
    if isinstance(line, Pair):
        return f"{line.left:<9}[dim]│[/dim] {line.right}"
    return mark_markup(line)


BAR_CELLS = 16
"""A tracker bar's width in cells: 60 hit points at 3.75 a cell, the 30 mark
falling between two cells."""


def gauge_lines(gauge: Gauge) -> list[str]:
    """A tracker as markup: a number line and a bar with its threshold marked,
    or a row of pips (focus out of 10). Low values take the theme's error colour."""
    colour = "$text-error" if gauge.low else "$text-success"
    if gauge.pips:
        filled = max(0, min(gauge.maximum, gauge.value))
        pips = f"[{colour}]{'●' * filled}[/][dim]{'○' * (gauge.maximum - filled)}[/dim]"
        return [f"{gauge.label:<6}{pips}[b]{gauge.value:>2}[/b]"]  # 18 cells wide, 10 of 10 included
    value = max(0, min(gauge.maximum, gauge.value))
    filled = round(value * BAR_CELLS / gauge.maximum) if gauge.maximum else 0
    if value > 0:
        filled = max(1, filled)  # a fighter with 1 left still shows a sliver
    cells = ["█" if i < filled else "░" for i in range(BAR_CELLS)]
    if gauge.mark is not None and 0 < gauge.mark < gauge.maximum:
        at = round(gauge.mark * BAR_CELLS / gauge.maximum)
        bar = f"[{colour}]{''.join(cells[:at])}[/][dim]┊[/dim][{colour}]{''.join(cells[at:])}[/]"
    else:
        bar = f"[{colour}]{''.join(cells)}[/]"
    number = f"[b $text-error]{gauge.value}[/]" if gauge.low else f"[b]{gauge.value}[/b]"
    width = BAR_CELLS + 1 - len(str(gauge.value)) - len(f"/{gauge.maximum}")
    return [f"{gauge.label:<{width}}{number}[dim]/{gauge.maximum}[/dim]", bar]


class PlayByPlay(RichLog):
    """The fight's log: it follows its last line when the layout shrinks it, too (issue 22: after
    the app rolled a semi-final, the result box took the log's rows after it had scrolled to its
    end, and the bout's last lines were hidden)."""

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)  # its lines written before it had a size
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)


class TakesTheKeys:
    """A part of a screen that takes all the screen's keys while it shows, as a screen pushed over
    it would (the action pad): ``?`` lists its keys as the screen's."""


FooterEntry = tuple[str, str, str, str]
"""A key as the footer shows it: its key, action, description and tooltip."""


class KeyFooter(Footer):
    """The footer, composed again only when a key it has never shown comes (issue 21).

    Textual's footer throws its keys away and mounts them afresh after every change of its
    screen's bindings: a focus moved, a screen pushed over it or popped, a key coming or going.
    At the fight screen that was most answers, and composing the footer cost more than the
    rest of the answer's frame (Cage Match composed it two or three times a turn: the action
    pad pushed and popped, the answer box blurred and focused, the pad's key coming and
    going). Here, at once and in the answer's own frame, a key that goes is hidden, one that
    comes back is shown again, and one greyed or offered again (undo after the first answer)
    is restyled; the footer looks as Textual's composed afresh would."""

    _composed: list[tuple[FooterEntry, FooterKey]] | None = None
    """The keys composed, in order, each with its widget; None before the footer first shows any."""
    _recomposing = False

    def _offer(self) -> list[tuple[FooterEntry, bool]] | None:
        """The keys Textual's footer would show now, each on offer or greyed (as its compose
        picks them: the first binding of each action); None where it groups keys (not done here)."""
        offer: dict[str, tuple[FooterEntry, bool]] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            offer.setdefault(binding.action, ((binding.key, binding.action, binding.description, tooltip), enabled))
        return list(offer.values())

    _composing: list[FooterEntry] | None = None
    """The keys being composed, in order (widgets come with their mount)."""

    def compose(self) -> ComposeResult:
        kept = self._composed or []
        self._composed = self._composing = None
        offer = self._offer() if self._bindings_ready else None
        keys = list(super().compose())
        if offer is None or len(keys) != len(offer) or not all(isinstance(key, FooterKey) for key in keys):
            yield from keys
            return
        fresh = [
            (entry, self._fresh_key(entry, key, enabled))
            for (entry, enabled), key in zip(offer, keys)
            if isinstance(key, FooterKey)
        ]
        merged = self._merged(fresh, kept)
        self._composing = [entry for entry, _ in merged]
        self.styles.grid_size_columns = len(merged)
        yield from (key for _, key in merged)

    @staticmethod
    def _fresh_key(entry: FooterEntry, composed: FooterKey, enabled: bool) -> FooterKey:
        """``composed`` (Textual's) made again, greyed by the widget's own public ``disabled``: a
        click on a disabled widget is not delivered to it, where FooterKey's greyed flag, given only
        when it is made, has no public setter; so a key greyed now and offered later (undo after the
        first answer) is restyled in place and its click does what its key does. A greyed key's
        click does nothing (Textual's rings the bell)."""
        key = FooterKey(composed.key, composed.key_display, composed.description, composed.action, tooltip=entry[3])
        key.data_bind(compact=Footer.compact)
        key.disabled = not enabled
        key.set_class(not enabled, "-disabled")
        return key

    @staticmethod
    def _merged(
        fresh: list[tuple[FooterEntry, FooterKey]], kept: list[tuple[FooterEntry, FooterKey]]
    ) -> list[tuple[FooterEntry, FooterKey]]:
        """The keys on offer now, and hidden among them, in their places, those composed before
        that are not: a part of the screen that brings its own keys and takes them away again (the
        action pad) then shows and hides them in place, the footer composed once for both.
        Only the keys on offer where the two orders differ."""
        on = {entry for entry, _ in fresh}
        at = {entry: i for i, (entry, _) in enumerate(kept)}
        places = [at[entry] for entry, _ in fresh if entry in at]
        if places != sorted(places):
            return fresh

        def hidden(upto: int) -> list[tuple[FooterEntry, FooterKey]]:
            out = []
            for entry, old in kept[done:upto]:
                if entry not in on:
                    key = FooterKey(old.key, old.key_display, old.description, old.action, tooltip=entry[3])
                    key.data_bind(compact=Footer.compact)
                    key.display = False
                    out.append((entry, key))
            return out

        merged: list[tuple[FooterEntry, FooterKey]] = []
        done = 0
        for entry, key in fresh:
            if entry in at:
                merged += hidden(at[entry])
                done = at[entry] + 1
            merged.append((entry, key))
        merged += hidden(len(kept))
        return merged

    def _keep_keys(self) -> None:
        """Once composed and mounted: the keys with their widgets, to show and hide in place."""
        entries = self._composing
        keys = list(self.query_children(FooterKey))
        if entries is not None and len(keys) == len(entries):
            self._composed = list(zip(entries, keys))

    async def recompose(self) -> None:
        self._recomposing = False
        await super().recompose()
        self._keep_keys()

    def bindings_changed(self, screen: Any) -> None:
        composed = self._composed
        if composed is None or not (self.is_attached and screen is self.screen and screen.app.app_focus):
            super().bindings_changed(screen)
            return
        offer = self._offer()
        on = dict(offer or ())
        shown = [entry for entry, _ in composed if entry in on]
        if offer is None or shown != [entry for entry, _ in offer]:  # a key never composed, or in another order
            if not self._recomposing:  # one recompose for the changes of one frame
                self._recomposing = True
                self.call_after_refresh(self.recompose)
            return
        for entry, key in composed:
            key.display = entry in on
            enabled = on.get(entry, True)
            if key.has_class("-disabled") == enabled:
                key.disabled = not enabled  # its click is not delivered while greyed (_fresh_key)
                key.set_class(not enabled, "-disabled")


class LinePanel(Static):
    """A panel of lines of markup, each read and drawn once and kept: new lines repaint only the
    rows that changed (a fighter's numbers after an answer), not the whole panel (issue 21).

    It draws as a Static given the lines joined would (the same rows, wrapped and cut by its
    styles); ``render()`` is that whole text. Where a line wraps, or their number changes, the
    whole panel is painted again (and laid out, if its height is its content's)."""

    _lines: tuple[str, ...] = ()
    _parsed: dict[str, Content] = {}
    _joined: Content | None = None
    _rows: list[Strip] | None = None
    """Each line's one row at ``_rows_for`` (width, style); None: drawn whole."""
    _rows_for: tuple[int, object] | None = None

    def show_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines`` (markup), repainting the rows that changed."""
        lines = tuple(lines)
        if lines == self._lines:
            return
        old, self._lines = self._lines, lines
        parsed = self._parsed
        self._parsed = {line: parsed.get(line) or Content.from_markup(line) for line in lines}
        self._joined = None
        rows, key = self._rows, self._row_key()
        if rows is not None and key is not None and key == self._rows_for and len(old) == len(lines):
            changed = [i for i, (was, now) in enumerate(zip(old, lines)) if was != now]
            drawn = [self._line_rows(lines[i], key[0]) for i in changed]
            if all(len(row) == 1 for row in drawn):  # none wraps: the rows stay where they were
                for i, row in zip(changed, drawn):
                    rows[i] = row[0]
                self.refresh(*(Region(0, i, key[0], 1) for i in changed))
                return
        self._rows = None
        auto = self.styles.height is not None and self.styles.height.is_auto
        self.refresh(layout=auto or not self.is_mounted)

    _titles: tuple[str, str] | None = None

    def set_titles(self, title: str, subtitle: str) -> None:
        """The border's title and subtitle (markup), set only when they change: setting either
        repaints the whole panel, even to the same text."""
        if (title, subtitle) != self._titles:
            self._titles = (title, subtitle)
            self.border_title = title
            self.border_subtitle = subtitle

    def render(self) -> Visual:
        if self._joined is None:
            self._joined = Content("\n").join(self._parsed[line] for line in self._lines)
        return self._joined

    def _row_key(self) -> tuple[int, object] | None:
        """What the rows are drawn for (width, style); None where a row is not drawn alone."""
        width = self.size.width
        if not self.is_mounted or width <= 0 or self.text_selection is not None:
            return None
        if self.styles.content_align != ("left", "top"):
            return None
        return (width, self.visual_style)

    def _line_rows(self, line: str, width: int) -> list[Strip]:
        return Visual.to_strips(self, self._parsed[line], width, None, self.visual_style)

    def render_line(self, y: int) -> Strip:
        key = self._row_key()
        if key is None:
            return super().render_line(y)
        if self._rows is None or self._rows_for != key:
            self._rows_for = key
            drawn = [self._line_rows(line, key[0]) for line in self._lines]
            # one row a line, or the whole text drawn as a Static draws it (where one wraps)
            self._rows = [row[0] for row in drawn] if all(len(row) == 1 for row in drawn) else None
            if self._rows is None:
                self._rows_for = None
                return super().render_line(y)
        rows = self._rows
        return rows[y] if y < len(rows) else Strip.blank(self.size.width, self.visual_style.rich_style)


class FighterPanel(LinePanel):
    """One corner's fighter with the live numbers from the ruleset's trackers."""

    def show(
        self,
        side: int,
        card: Any,
        lines: tuple[PanelLine, ...],
        acting: bool,
        gauges: list[Gauge] | None = None,
    ) -> None:
        """Render ``gauges`` as bars and pips, then ``lines`` (the ruleset's panel lines)."""
        self.set_titles(escape(card.name), f"{SIDES[side]} corner")
        shown = []
        for gauge in gauges or ():
            shown += gauge_lines(gauge)
        shown += [panel_line(line) for line in lines]
        self.show_lines(shown)
        self.set_class(acting, "acting")


def corner_lines(
    side: int,
    card: Any,
    lines: tuple[PanelLine, ...],
    acting: bool,
    gauges: Sequence[Gauge] = (),
    room: int = 80,
    most: int = 2,
    ratings: frozenset[str] = frozenset(),
) -> list[str]:
    """A fighter's panel in a line of ``room`` cells, for a screen too narrow for panels beside
    the prompt (issue 22): the name in the corner's colour with a mark where he acts, his
    gauges as figures, his trackers, then his card's ratings (the fields labelled as in
    ``ratings``, and pairs); where they do not fit, broken between figures (never inside one)
    onto at most ``most`` lines, the rest cut."""
    colour = "$text-error" if side == 0 else "$text-primary"
    parts = [f"{'▶ ' if acting else '  '}[b {colour}]{escape(card.name)}[/]"]
    for gauge in gauges:
        value = f"[b $text-error]{gauge.value}[/]" if gauge.low else f"[b]{gauge.value}[/b]"
        parts.append(f"{gauge.label} {value}")  # its most is the card's: the panel's bar shows it

    # what changes in the fight first, the card's fixed pairs of ratings last
    def rating(line: PanelLine) -> bool:
        return isinstance(line, Pair) or (isinstance(line, Field) and line.label in ratings)

    for line in sorted(lines, key=rating):
        if isinstance(line, Field):
            parts.append(f"{line.label} [b]{escape(line.value)}[/b]")
        elif isinstance(line, Pair):
            parts.append(f"{escape(line.left.strip())}/{escape(line.right.strip())}")
        else:
            parts.append(mark_markup(line, tight=True))
    rows: list[str] = []
    row, used = "", 0
    for i, part in enumerate(parts):
        cells = Content.from_markup(part).cell_length
        last_row, more = len(rows) + 1 == most, i + 1 < len(parts)
        if row and used + 3 + cells + (2 if last_row and more else 0) > room:
            if last_row:
                row += " [dim]…[/dim]"  # the rest is on the fight card (f1) and the wider screen
                break
            rows.append(row)
            row, used = "    " + part, 4 + cells  # a continuation, under the name
        elif row:
            row, used = f"{row} [dim]·[/dim] {part}", used + 3 + cells
        else:
            row, used = part, cells
    rows.append(row)
    return rows


def prompt_text(prompt: Prompt, narrow: bool = False) -> str:
    """What the table must do now, with why, the modifiers and the target.

    Args:
        prompt: the prompt.
        narrow: for a narrow column (a scene's): each option's why on a line of
            its own under the key, the advised mark beside the key.
    """
    if isinstance(prompt, RollPrompt):
        lines = [f"[b]{escape(prompt.headline())}[/b]"]
        if prompt.modifier_parts:
            # a narrow column wraps: commas keep "-1 2 attackers" from reading as one list
            parts = (", " if narrow else " ").join(f"{v:+d} {escape(k)}" for k, v in prompt.modifier_parts)
            lines.append(f"modifier: {parts}")
        if prompt.against:
            # the target once: not again after an against that begins with it ("45 or more hits ...")
            said = prompt.target is None or prompt.against.startswith(f"{prompt.target} ")
            target = "" if said else f" ({prompt.target})"
            lines.append(f"against: {escape(prompt.against)}{target}")
        if prompt.note:
            lines.append(f"[dim]{escape(prompt.note)}[/dim]")
        lines += _also_lines(prompt.also)
        return "\n".join(lines)
    if isinstance(prompt, ChoicePrompt):
        lines = [f"[b]{escape(prompt.headline())}[/b]"]
        for option in prompt.options:
            mark = "  [b $text-success]◀ advised[/]" if option.key == prompt.advised else ""
            shown = option.shown or option.key
            key = f"  [b]{escape(shown[0])}[/b]{escape(shown[1:])}"
            if narrow:
                lines.append(key + mark)
                if option.why:
                    lines.append(f"    [dim]{escape(option.why)}[/dim]")
                continue
            why = f" [dim]{escape(option.why)}[/dim]" if option.why else ""
            lines.append(f"{key}{why}{mark}")
        if prompt.advised is None:
            lines.append("[dim]  neither is advised over the other[/dim]")
        lines += _also_lines(prompt.also)
        return "\n".join(lines)
    if isinstance(prompt, SecretPrompt):
        return (
            f"[b]{escape(prompt.headline())}[/b]\n"
            "Enter: open the action pad (each corner picks while the other looks away)\n"
            "[dim]ctrl+r: the app picks a move for both · f1: the Fight Card[/dim]"
        )
    return f"[b]{escape(prompt.headline())}[/b]"


def _also_lines(also: tuple[Choice, ...]) -> list[str]:
    """The words a prompt takes besides its faces or options, in one dim line (each one's why is
    shown as it is typed)."""
    if not also:
        return []
    return ["[dim]or type: " + " · ".join(escape(c.label) for c in also) + "[/dim]"]


def preview(
    prompt: Prompt, text: str, ruleset: Ruleset | None = None, check: Callable[[str], Outcome] | None = None
) -> tuple[bool, str]:
    """Check typed text against the prompt without applying it: (fits, what to show); a roll's
    total as ``ruleset`` reads it (Fudge: on its ladder). With ``check`` (the session's dry run of
    the answer) whether it fits is what Enter would do: a word the game takes at any time (FO's
    ``stall`` and ``bell``) shows as taken, an answer the rules refuse shows their reason."""
    fits, said = _preview(prompt, text, ruleset)
    text = text.strip()
    if check is None or not text or text.lower() == ROLL_WORD:
        return fits, said
    try:
        outcome = check(text)
    except Refused as exc:
        return False, exc.reason  # what Enter would say
    if fits:
        return True, said
    return True, f"= {text}: {outcome.log[-1]}" if outcome.log else f"= {text}"


def _preview(prompt: Prompt, text: str, ruleset: Ruleset | None) -> tuple[bool, str]:
    """What the prompt alone says of ``text``: the faces read, the choice found, the total."""
    text = text.strip()
    if not text:
        if isinstance(prompt, ChoicePrompt):
            if len(prompt.options) == 1:  # e.g. a tournament's "begin": nothing to choose
                return True, f"Enter: {prompt.options[0].label}"
            return True, "Enter takes the advised choice" if prompt.advised else "type the first letter of a choice"
        if isinstance(prompt, RollPrompt) and prompt.dice.fudge:
            return True, "type each die as it landed: + - or 0 (ctrl+r: the app rolls)"
        return True, "type the faces as they landed (ctrl+r: the app rolls)"
    if text.lower() == ROLL_WORD:
        return True, "the app rolls for you"
    try:
        reading = read(prompt, text)  # the one reader: what Enter reads, refused in the words Enter says
    except Refused as exc:
        return False, exc.reason
    if isinstance(reading, Said):  # a word the prompt takes besides its faces or options (FO: stall, bell)
        word = next(c for c in also_of(prompt) if c.key == reading.key)
        return True, f"= {word.label}: {word.why}" if word.why else f"= {word.label}"
    if isinstance(reading, Choice):  # the why, as the choice is typed
        return True, f"= {reading.shown or reading.key}" + (f": {reading.why}" if reading.why else "")
    if isinstance(prompt, RollPrompt):
        total = sum(reading) + (prompt.running if prompt.running is not None else prompt.modifier)
        shown = ruleset.total_text(prompt, total, tuple(reading)) if ruleset is not None else total
        last = prompt.dice.dice[-1]
        if last.explodes and reading and reading[-1] == last.high:  # ruling D-4: not a total yet
            return True, f"= {shown} so far: {reading[-1]} explodes, roll again and add"
        return True, f"= {shown}"
    # a secret choice's line, as the action pad composes it: each corner's pick as read
    return True, "= " + " ".join(f"{SIDES[i]}={pick.text() if pick else ROLL_WORD}" for i, pick in enumerate(reading))


class AnswerBox(Input):
    """The dice tray's box. Enter is taken here, in the order the keys came (issue 19): the box
    holds what was typed before it, which is submitted, and is emptied at once, so what is typed
    after it (while the screen takes the answer) goes to the next prompt, never lost, wiped or
    joined to the answer before. (Input's own Enter is a binding, run only once the key has passed
    up to the app: keys typed meanwhile were already in the box.)"""

    class Entered(Message):
        """Enter on the box: what it held, and the keys it had taken by then."""

        def __init__(self, text: str, keys: int) -> None:
            super().__init__()
            self.text = text
            self.keys = keys

    keys = 0
    """Every key (and paste) the box has taken: a refused answer comes back only if none came since."""

    on_enter: Callable[[str, int], None] | None = None
    """Called with what the box held at Enter and its count of keys, at once (in place of the
    Entered message): the emptied box and the answer's screen are then drawn in one frame, where
    the message, passed up a widget at a time, let a frame of the emptied box alone come first
    and the answer's wait for the next (issue 21: an answer's screen in one frame)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # "?" is no answer of any game: it is left to the screen's key help (issue 22)
        return character != "?" and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        self.keys += 1
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # Input's own key handling, and its binding, are not run
            value = self.value
            self.value = ""
            if self.on_enter is not None:
                self.on_enter(value, self.keys)
            else:
                self.post_message(self.Entered(value, self.keys))

    def _on_paste(self, event: events.Paste) -> None:
        self.keys += 1


class DiceTray(Widget):
    """Type the faces as they landed; validated as you type. Each Enter submits what the box held
    and empties it; a new prompt leaves alone what is typed after it (:class:`AnswerBox`)."""

    DEFAULT_CSS = """
    DiceTray {
        height: auto;
    }
    DiceTray #hint {
        color: $text-muted;
        height: auto;
    }
    DiceTray.-refused #hint {
        color: $text-error;
    }
    """

    class Answered(Message):
        """The player pressed Enter on an answer (``keys``: the box's count of keys at that Enter)."""

        def __init__(self, text: str, keys: int = 0) -> None:
            super().__init__()
            self.text = text
            self.keys = keys

    prompt: reactive[Prompt | None] = reactive(None, init=False)
    """The prompt being answered."""

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        check: Callable[[str], Outcome] | None = None,
        answer: Callable[[DiceTray.Answered], None] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.ruleset = ruleset
        """The game's ruleset: how a roll's total reads."""
        self.check = check
        """The session's dry run of an answer (:meth:`companion.session.Session.check`)."""
        self.answer = answer
        """Takes each answer at its Enter, at once; None: the tray posts :class:`Answered`."""

    def compose(self) -> ComposeResult:
        box = AnswerBox(placeholder="faces, e.g. 7", id="faces")
        if self.answer is not None:
            box.on_enter = self._entered
        yield box
        yield Static(id="hint")

    def _entered(self, text: str, keys: int) -> None:
        if self.answer is not None:
            self.answer(self.Answered(text, keys))

    def set_prompt(self, prompt: Prompt) -> None:
        if prompt is self.prompt:
            return
        self.prompt = prompt
        box = self.query_one(Input)
        if prompt.kind == "over":
            box.value = ""  # nothing more is taken
        box.disabled = prompt.kind == "over"
        if isinstance(prompt, RollPrompt):
            n = len(prompt.dice.dice)
            if prompt.dice.fudge:
                box.placeholder = f"faces, e.g. {' '.join('+-0+'[i % 4] for i in range(n))}"
            else:
                # an example each die has: a d4 never shows 7
                faces = " ".join(
                    "42" if die.kind == Kind.PERCENT else str(min(die.high, 7 if n == 1 else 4))
                    for die in prompt.dice.dice
                )
                box.placeholder = f"{n} faces, e.g. {faces}" if n > 1 else f"the face rolled, e.g. {faces}"
        elif isinstance(prompt, ChoicePrompt):
            box.placeholder = " / ".join(o.shown or o.key for o in prompt.options)
        else:
            box.placeholder = "the fight is over"
        self.show_hint(
            *preview(prompt, box.value, self.ruleset, self.check)
        )  # keys typed since the last Enter are for this prompt

    def show_hint(self, fits: bool, text: str) -> None:
        show_text(
            self.query_one("#hint", Static), escape(text)
        )  # unchanged (the emptied box's Changed): not drawn again
        self.set_class(not fits, "-refused")

    _put_back: tuple[str, int] | None = None
    """A refused answer just put back in the box, and the box's count of keys then: until a key
    comes, its reason stays shown (not its preview)."""

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        box = self.query_one(AnswerBox)
        if event.value != box.value:
            # the box changed since (an answer taken at its Enter, emptied, or put back): its own
            # change comes after this one, and that one is previewed
            return
        if self._put_back == (event.value, box.keys):
            return
        self._put_back = None
        if self.prompt is not None:
            self.show_hint(*preview(self.prompt, event.value, self.ruleset, self.check))

    def preview_again(self) -> None:
        """What the box holds, previewed again: something besides the text changed what Enter would
        do (the round clock paused or started under a typed reading)."""
        box = self.query_one(AnswerBox)
        if self.prompt is not None and box.value:
            self.show_hint(*preview(self.prompt, box.value, self.ruleset, self.check))

    def on_answer_box_entered(self, event: AnswerBox.Entered) -> None:
        event.stop()
        self.post_message(self.Answered(event.text, event.keys))

    def refuse(self, reason: str, answered: Answered | None = None) -> None:
        """Show why an answer was refused. A refused answer typed in the box (``answered``) comes back to
        it, selected, so that the next face typed replaces it, unless a key was typed since its Enter."""
        self.show_hint(False, reason)
        box = self.query_one(AnswerBox)
        if answered is not None and box.keys == answered.keys and box.value != answered.text:
            self._put_back = (answered.text, box.keys)
            box.value = answered.text
        box.select_all()


def odds_reference(odds: Any) -> Reference:
    """The odds' detail view (f9): every figure, the compact ones then each section's, as a table
    with a bar for each chance; the note says how exact they are. The chance comes before its
    words: a long outcome at 80 columns is what is cut, not the figure (issue 22: "chan")."""
    rows: list[tuple[str, ...]] = []
    for heading, lines in (("", odds.lines), *odds.sections):
        for line in lines:
            bar = "" if line.kind == "expected" else "█" * round(line.p * 10)  # 10 cells: the column's width
            rows.append((heading, line.shown(), f"{bar:<10}", line.label))
    note = f"{odds.basis}" + (f"; {odds.remainder:.2%} beyond the depth followed" if odds.remainder else "")
    return Reference(
        f"Odds: {odds.title}",
        ("", "chance", "", "outcome"),
        tuple(rows),
        None,
        note + "; ctrl+o hides the odds by the tray.",
    )


ODDS_LINES = 4
"""The compact view's most lines: the tray's column has no more room at 80x24 (f9 has the rest)."""
SIDE_COLOURS = {0: "$text-error", 1: "$text-primary"}
"""A corner's figure takes its corner's colour, as the panels' titles do."""


def whose(names: tuple[str, str]) -> tuple[str, str]:
    """Each corner as a chance names it: the first name (``Royce``), the whole name where the
    two corners share a first name."""
    firsts = tuple(name.split()[0] if name.split() else name for name in names)
    return (firsts[0], firsts[1]) if firsts[0] != firsts[1] else names


def odds_text(odds: Any, most: int = ODDS_LINES, names: tuple[str, str] | None = None) -> str:
    """The compact odds by the dice tray (issue 8): each chance with a small bar in its corner's
    colour, then what to expect; at most ``most`` lines (the rest are in f9); what is still being
    computed said dim. Markup in theme colours. With the two corners' ``names``, a chance that
    is one corner's and does not name him says whose it is (``81% Royce: takes control``, issue 22)."""
    lines = []
    short = whose(names) if names is not None else None
    for line in odds.lines[:most]:
        if line.kind == "expected":
            lines.append(f"[dim]{escape(line.label)}[/dim] [b]{line.shown()}[/b]")
            continue
        label = line.label
        said = (*names, *short) if names is not None and short is not None else ()
        if short is not None and line.side in (0, 1) and not any(n in label for n in said):
            label = f"{short[line.side]}: {label}"
        lines.append(
            f"{odds_bar(line.p, SIDE_COLOURS.get(line.side, '$text-success'))} [b]{line.shown():>4}[/b] {escape(label)}"
        )
    more = len(odds.lines) - most
    tail = [f"{more} more" if more > 0 else "", "working: " + ", ".join(odds.pending) if odds.pending else ""]
    tail = [t for t in tail if t]
    if tail:
        lines.append(f"[dim]{escape(' · '.join(tail))} (f9)[/dim]")
    return "\n".join(lines)


EIGHTHS = " ▏▎▍▌▋▊▉"


def odds_bar(p: float, colour: str = "$text-success", cells: int = 5) -> str:
    """A chance as a bar of ``cells`` cells in eighths (5 cells: 40 steps), short enough to leave
    the label room in a scene's narrow column."""
    eighths = round(max(0.0, min(1.0, p)) * cells * 8)
    full, part = divmod(eighths, 8)
    filled = "█" * full + (EIGHTHS[part] if part else "")
    return f"[{colour}]{filled}[/][dim]{'░' * (cells - len(filled))}[/dim]"
