"""A scene's side panels (Fudge, PAF; design §7): each combatant in two or three lines, as
his ruleset's view shows him (:class:`companion.views.CombatantView`). The panel owns nothing
and knows no game: the layout follows the kind of the combatant's track."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.geometry import Region
from textual.widget import Widget

from companion.ruleset import SIDES
from companion.screens import hp, wounds
from companion.screens.widgets import LinePanel
from companion.views import CombatantView, HitPointBar, WoundTrack

ROOMY_SCENE = 6
"""Up to this many combatants, each takes three lines (his declaration whole on
one); more (up to 8) take two: every one stays in view at 80x24."""

LAYOUTS: dict[type, tuple[Callable[..., list[str]], str]] = {
    WoundTrack: (wounds.combatant_lines, wounds.LEGEND),
    HitPointBar: (hp.being_lines, hp.LEGEND),
}
"""Each kind of track: one combatant's lines, and what its marks mean (the panel's lower border)."""


class SidePanel(LinePanel):
    """One side of a scene: its combatants as their ruleset shows them, each in two or three
    lines laid out by the kind of his track (wound boxes, a hit point bar)."""

    def show_side(
        self,
        side: int,
        combatants: Sequence[CombatantView],
        acting: str | None,
        roomy: bool = False,
        width: int | None = None,
    ) -> None:
        """Render ``combatants``, marking the one named ``acting``.

        Args:
            side: 0 red, 1 blue.
            combatants: the side's combatants in scene order.
            acting: the name of the combatant whose prompt it is, or None.
            roomy: three lines a combatant (the declaration whole) rather than two.
            width: the cells a line may take (default: the layout's own, for the panel's 48 columns).
        """
        kinds = {type(view.track) for view in combatants}
        self.set_titles(f"{SIDES[side].upper()} side", " ".join(LAYOUTS[kind][1] for kind in LAYOUTS if kind in kinds))
        lines: list[str] = []
        at: tuple[int, int] | None = None
        for view in combatants:
            lines_of = LAYOUTS.get(type(view.track), LAYOUTS[WoundTrack])[0]
            sized = {} if width is None else {"width": width}
            mine = lines_of(view, view.name == acting, roomy=roomy, **sized)
            if view.name == acting:
                at = (len(lines), len(mine))
            lines += mine
        self.show_lines(lines)
        self.set_class(at is not None, "acting")
        if at is not None:
            # a scene of many scrolls its sides (issue 17): the combatant whose prompt it is stays in view
            self.call_after_refresh(self._into_view, *at)

    def _into_view(self, line: int, height: int) -> None:
        """Scroll the panels' container so that ``height`` lines from ``line`` of this panel show."""
        box = self.parent
        if not isinstance(box, Widget) or not self.is_mounted:
            return
        top = self.virtual_region.y + 1 + line  # under the border
        box.scroll_to_region(Region(0, top, self.size.width, height), animate=False, immediate=True)
