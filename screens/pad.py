"""The action pad: each corner picks a move and a focus spend in secret on one
keyboard, then both are revealed together (Cage Match!, ruling CM-5).

The pad is a part of the fight screen, laid over its title, ring and play-by-play (above
its keys) while a turn's picks are made, looking as it did as a screen of its own, and hidden once they are
revealed or thrown away: hiding it leaves the fight screen's widgets as they were, so the
reveal redraws what changed and not the whole screen, as closing a screen of its own did
(issue 21 item 3).

The picks live only in the pad until both are locked in: the session, the store, the log
and the fight screen see nothing until the pad closes with the one answer holding both
(``red=jab+d1 blue=head-kick``). A corner's pad is built afresh for it and removed when it
locks, so nothing of red's choice is left on screen for blue; Escape throws both picks away.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.ruleset import SIDES, PadOption, PadSide, Pick, Reference, SecretPrompt
from companion.screens.widgets import TakesTheKeys, escape

COVER, PICK, READY = "cover", "pick", "ready"


def option_line(option: PadOption) -> str:
    """One move on the pad: name, type, cost, dice, damage, focus gained; why not, when not."""
    bits = [escape(bit) for bit in option.figures()]
    mark = {"power": " ★", "special": " ◆"}.get(option.kind, "")
    name = escape(option.name[:18]) + mark
    pad = " " * max(1, 21 - len(option.name[:18]) - len(mark))
    if not option.allowed:  # why, in place of the numbers: one line a move
        return f"[dim]{name}{pad}{option.type.replace('_', ' '):<10}[/dim] [i]{escape(option.why)}[/i]"
    return f"{name}{pad}[dim]{option.type.replace('_', ' '):<10}[/dim] {' · '.join(bits)}"


class ActionPad(TakesTheKeys, Vertical, can_focus=True):
    """Red picks while blue looks away, then blue while red looks away; closed with both
    picks as one answer, or None if the players back out.

    Hidden until :meth:`open` shows it for a turn's secret prompt; the fight screen's own keys
    are off while it is shown (``FightScreen.check_action``), so every key is the pad's.
    """

    BINDINGS = [
        Binding("enter", "next", "Go on", id="next"),
        Binding("b", "blue", "Blue picks", id="blue"),
        Binding("d", "dice", "Focus on dice", id="dice"),
        Binding("x", "damage", "Focus on damage", id="damage"),
        Binding("ctrl+r", "random", "App picks", id="random"),
        Binding("f1", "reference", "Fight Card", id="reference"),
        Binding("ctrl+e", "end_fight", "End fight", id="end_fight"),
        Binding("escape", "back", "Back", id="back"),
        # the fight screen's own widgets lie under the pad: Tab must not take the focus to one of them
        Binding("tab,shift+tab", "stay", "Stay on the pad", show=False),
    ]

    stage: reactive[str] = reactive(COVER, recompose=True)
    """``cover`` (a corner is asked to look away), ``pick`` or ``ready``."""
    side: reactive[int] = reactive(0, recompose=True)
    """Whose turn it is to pick: 0 red, 1 blue."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.display = False  # shown by open()
        self.prompt: SecretPrompt | None = None
        """The turn's secret prompt (everything on it is public at the table); None until opened."""
        self.reference: Reference | None = None
        """The pad's Fight Card (public at the table), for f1."""
        self._done: Callable[[str | None], None] | None = None
        """Told the answer when the pad closes (None: the players backed out)."""
        self._picks: list[Pick | None] = [None, None]
        """Each corner's locked pick; None for the app's pick (``roll``) once locked."""
        self._dice = 0
        self._damage = 0

    @property
    def is_open(self) -> bool:
        """Whether the pad is shown (a turn's picks are being made)."""
        return self.display and self._done is not None

    async def open(self, prompt: SecretPrompt, reference: Reference | None, done: Callable[[str | None], None]) -> None:
        """Show a fresh pad for ``prompt``: red's cover, no picks, the dials at 0; ``done`` is told the
        answer (both picks, ``SecretPrompt.END``, or None for backed out) when it closes."""
        self.prompt = prompt
        self.reference = reference
        self._done = done
        self._picks = [None, None]
        self._dice = self._damage = 0
        self.set_reactive(ActionPad.stage, COVER)
        self.set_reactive(ActionPad.side, 0)
        await self.recompose()  # composed before it shows: nothing of the last turn's pad is drawn
        self.display = True
        self._after_compose()

    def _close(self, answer: str | None) -> None:
        """Hide the pad and give ``answer`` to whoever opened it. The focus leaves the pad first:
        the fight screen gives it back to the answer box, or (at a secret choice) to nothing, so
        Enter reaches the fight screen and opens the pad again."""
        done, self._done = self._done, None
        self._picks = [None, None]
        self.screen.set_focus(None)
        self.display = False
        if done is not None:
            done(answer)

    # --- what is shown ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        p = self.prompt
        if p is None:
            return  # not opened yet
        red, blue = p.sides
        with Vertical(id="pad-frame"):
            yield Static(
                f"[b]Turn {p.turn} — {escape(p.position)}[/b]   "
                f"focus held: {escape(red.who)} {red.focus} · {escape(blue.who)} {blue.focus}",
                id="pad-head",
            )
            if self.stage == COVER:
                yield Static(self._cover_text(), id="cover")
            elif self.stage == PICK:
                pad = p.sides[self.side]
                yield Static(
                    f"[b]{SIDES[self.side].upper()}: {escape(pad.who)}[/b] picks"  # focus held: the line above
                    "   [dim]★ power move  ◆ special  greyed: needs more focus[/dim]",
                    id="who-picks",
                    classes=SIDES[self.side],
                )
                if pad.notes:
                    yield Static("[dim]" + escape("; ".join(pad.notes)) + "[/dim]", id="pad-notes")
                # the moves done from this position (issue 16: every line of the pad is a choice)
                options = [Option(option_line(o), id=o.key, disabled=not o.allowed) for o in self.shown]
                yield OptionList(*options, id="moves")
                yield Static(id="spend")
            else:
                yield Static("[b]Both corners have locked in.[/b]\n\nEnter: reveal both moves!", id="cover")

    def _cover_text(self) -> str:
        assert self.prompt is not None
        picker = self.prompt.sides[self.side]
        other = self.prompt.sides[1 - self.side]
        lines = []
        if self.side == 1:
            lines.append("[b]RED has locked in.[/b]\n")
        lines += [
            f"[b]{SIDES[self.side].upper()} ({escape(picker.who)}) picks now.[/b]",
            f"{SIDES[1 - self.side].upper()} ({escape(other.who)}): look away.",
            "",
            f"Enter when only {SIDES[self.side]} is looking at the screen."
            if self.side == 0
            else "Press [b]b[/b] when only blue is looking at the screen (Enter does nothing here, "
            "so red cannot run on into blue's pick).",
        ]
        return "\n".join(lines)

    async def recompose(self) -> None:
        """Composed afresh for a new stage or corner (or a new turn), then the focus placed in it."""
        await super().recompose()
        self._after_compose()

    def _after_compose(self) -> None:
        """The focus in the pad (its keys answer, none of the fight screen's): on the moves when a
        corner picks, else on the pad itself."""
        if not self.is_open:
            return
        if self.stage == PICK and self.query("#moves"):
            moves = self.query_one("#moves", OptionList)
            first = next((i for i, o in enumerate(self.shown) if o.allowed), None)
            moves.highlighted = first
            moves.focus()
            self._show_spend()
        else:
            self.focus()
        self.refresh_bindings()

    @property
    def pad(self) -> PadSide:
        """The picking corner's side of the pad."""
        assert self.prompt is not None
        return self.prompt.sides[self.side]

    @property
    def shown(self) -> list[PadOption]:
        """The pad's moves listed: those done from this position (a knee is not a STANDING move);
        one only short of focus is listed, greyed."""
        return [o for o in self.pad.options if o.here]

    def _highlighted(self) -> PadOption | None:
        found = self.query("#moves")
        moves = found.first(OptionList) if found else None
        if moves is None or moves.highlighted is None:
            return None
        return self.shown[moves.highlighted]

    def _spends(self) -> int:
        option = self._highlighted()
        return (option.focus_cost if option is not None else 0) + self._dice + self._damage

    def _show_spend(self, refused: bool = False) -> None:
        if not self.query("#spend"):
            return
        held = self.pad.focus
        spends = self._spends()
        over = spends > held
        text = (
            f"d: focus on dice [b]{self._dice}[/b]{f' (+{self.pad.dice_each} a roll)' if self.pad.dice_each else ''}  ·  "
            f"x: focus on damage [b]{self._damage}[/b]"
            f"{f' (+{self.pad.damage_each} damage, once)' if self.pad.damage_each else ''}\n"
        )
        if over:
            text += f"[b $text-error]spends {spends} focus, holds {held}: put less on dice or damage[/]"
        elif refused:
            text += "[b $text-error]pick a move this fighter can do now[/]"
        else:
            text += f"spends {spends} of {held} focus   ·   Enter locks in"
        self.query_one("#spend", Static).update(text)

    @on(OptionList.OptionHighlighted, "#moves")
    def _moved(self) -> None:
        self._show_spend()

    @on(OptionList.OptionSelected, "#moves")
    def _selected(self) -> None:
        self.action_next()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_open:
            return False
        if action in ("dice", "damage", "random"):
            return self.stage == PICK
        if action == "reference":
            return self.reference is not None
        if action == "end_fight":  # CM-12: before anyone picks
            return self.stage == COVER and self.side == 0
        if action == "blue":
            return self.stage == COVER and self.side == 1
        if action == "next":
            return not (self.stage == COVER and self.side == 1)
        return True

    # --- keys ----------------------------------------------------------------------

    def action_stay(self) -> None:
        """Tab and shift+tab: the focus stays where the pad put it (the moves, or the pad itself)."""

    def action_dice(self) -> None:
        self._dice = (self._dice + 1) % (self.pad.max_dice + 1)
        self._show_spend()

    def action_damage(self) -> None:
        self._damage = (self._damage + 1) % (self.pad.max_damage + 1)
        self._show_spend()

    def action_random(self) -> None:
        """The app picks this corner's move at the reveal (``red=roll``: marked as the
        app's, ruling D-6), with no extra focus; nobody sees which until then."""
        if not self.query("#moves"):
            return
        self._dice = self._damage = 0
        self._picks[self.side] = None
        self._locked()

    def action_next(self) -> None:
        if self.stage == COVER:
            if self.side == 0:
                self.stage = PICK
        elif self.stage == PICK:
            self._lock()
        else:
            self._close(" ".join(f"{SIDES[i]}={p.text() if p else 'roll'}" for i, p in enumerate(self._picks)))

    def action_blue(self) -> None:
        """Blue's own key past blue's cover: red pressing Enter again cannot pass it."""
        if self.stage == COVER and self.side == 1:
            self.stage = PICK

    def _lock(self) -> None:
        if not self.query("#moves"):
            return  # a key typed ahead of the pad being drawn: wait for it
        option = self._highlighted()
        if option is None or not option.allowed or self._spends() > self.pad.focus:
            # said on the pad itself, never in a notification: one would outlive the lock-in
            # and tell the other corner what was tried
            self._show_spend(refused=True)
            return
        self.app.clear_notifications()
        self._picks[self.side] = Pick(option.key, self._dice, self._damage)
        self._locked()

    def _locked(self) -> None:
        self.app.clear_notifications()
        self._dice = self._damage = 0  # blue's dials start at 0: nothing left over from red's
        if self.side == 0:
            self.side = 1
            self.stage = COVER
        else:
            self.stage = READY

    def action_end_fight(self) -> None:
        """The table ends the fight before this turn (ruling CM-12), after asking."""
        from companion.screens.confirm import ConfirmScreen

        assert self.prompt is not None
        fought = self.prompt.turn - 1

        def answered(yes: bool | None) -> None:
            if yes and self.is_open:
                self._close(SecretPrompt.END)

        question = (
            f"End the fight here, after {fought} turn{'s' * (fought != 1)}? The rules option "
            "'A fight the table ends' scores it: a draw, or a decision on head and body nerves left."
        )
        self.app.push_screen(ConfirmScreen(question, "End the fight"), answered)

    def action_reference(self) -> None:
        if self.reference is not None:
            from companion.screens.reference import ReferenceScreen

            self.app.push_screen(ReferenceScreen(self.reference))

    def action_back(self) -> None:
        """Throw both picks away and go back to the fight (nothing was revealed)."""
        self._close(None)
