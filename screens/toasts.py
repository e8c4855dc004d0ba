"""Where the toasts go: never over what the player is typing into.

Textual draws its notifications (toasts) bottom right, in a rack docked at the bottom of each
screen. The fight screen's answer box is not always above that corner: a scene's (Fudge, PAF)
stands low at 60x20, and two toasts stacked reach the box of any game at 80x24. So each time a
toast shows, the screen changes or the terminal is resized, the rack is kept to the side of the
screen the answer box leaves free: below it (over the play-by-play, the usual case), or, where
the rows below are too few, above it; and no taller than those rows, the newest toast in view.
"""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from companion.screens.widgets import DiceTray

RACK_ID = "textual-toastrack"
"""The id Textual gives each screen's toast rack (textual/screen.py)."""
FEWEST_ROWS = 4
"""A toast at its smallest: the blank row above it, its title and two lines; with fewer rows below
the box (and more above), the toasts go above."""
FOOTER_ROWS = 1
"""The footer's row, under the rack (its own bottom margin keeps clear of it)."""
HEADER_ROWS = 1
"""The header's row: a rack docked at the top starts under it."""


SPARED = "toasts-spare"
"""The class of a widget whose lines a toast should not cover either, while it has it: the fight's
play-by-play while the "Amended" notice shows (the line just amended is what the player reads)."""

PROMPT_IDS = ("prompt-box", "prompt", "status")
"""The fight screen's question over its dice tray (screens/fight.py): read while typing the answer."""


def needed_region(screen: Screen[object]) -> Region | None:
    """What the player must see while typing: the focused widget; when that is the answer box, the
    whole dice tray (the box and the line under it that says what Enter will do) and the question
    over it."""
    focused = screen.focused
    if focused is None or not focused.region.height:
        return None
    node: Widget | None = focused
    while node is not None and node is not screen:
        if isinstance(node, DiceTray):
            needed = node.region
            for widget in screen.query(",".join(f"#{name}" for name in PROMPT_IDS)):
                if widget.region.height:
                    needed = needed.union(widget.region)
            return needed
        parent = node.parent
        node = parent if isinstance(parent, Widget) else None
    return focused.region


def keep_toasts_clear(screen: Screen[object]) -> None:
    """Dock ``screen``'s toast rack where it covers nothing the player is typing into.

    Args:
        screen: the screen on top (the one whose toasts show).
    """
    try:
        rack = screen.get_child_by_id(RACK_ID)
    except NoMatches:
        return  # no toast has been shown on this screen yet: Textual adds the rack with the first
    needed = needed_region(screen)
    height = screen.size.height
    if _clear_of_spared(screen, rack, needed or _question(screen)):
        return
    if needed is None:
        rack.styles.dock = "bottom"
        rack.styles.max_height = None
        rack.styles.margin = (0, 0, FOOTER_ROWS, 0)
        return
    below = height - FOOTER_ROWS - needed.bottom
    above = needed.y - HEADER_ROWS
    if below >= FEWEST_ROWS or below >= above:
        rack.styles.dock = "bottom"
        rack.styles.margin = (0, 0, FOOTER_ROWS, 0)
        rack.styles.max_height = max(below, 0)
    else:
        rack.styles.dock = "top"
        rack.styles.margin = (HEADER_ROWS, 0, 0, 0)
        rack.styles.max_height = max(above, 0)
    rack.scroll_end(animate=False, force=True)  # the newest toast in view, if they do not all fit


def _question(screen: Screen[object]) -> Region | None:
    """The fight's question where no answer box has the focus (a Cage Match turn's secret choice)."""
    shown = [widget.region for widget in screen.query(",".join(f"#{name}" for name in PROMPT_IDS))]
    shown = [region for region in shown if region.height]
    return Region.from_union(shown) if shown else None


def _clear_of_spared(screen: Screen[object], rack: Widget, needed: Region | None) -> bool:
    """Dock the rack clear of the question and box (``needed``) and, where its toasts' rows allow, of
    a widget spared (``SPARED``) under them: right under the box, over the rows between the two
    (a narrow screen's odds, the rows the ring holds), when the toasts fit there; else above the
    question when they fit there; else right under the box all the same, so that what they cover of
    the spared widget is its top, not its newest lines at its bottom. Whether it was docked so (not
    when no widget is spared: then it goes as any toast does)."""
    spared = [widget.region for widget in screen.query(f".{SPARED}") if widget.region.height]
    if not spared or needed is None:
        return False
    top = min(region.y for region in spared)
    if top < needed.bottom:
        return False  # a widget spared beside or above the box: not a case the fight screen has
    between = top - needed.bottom
    above = needed.y - HEADER_ROWS
    below = screen.size.height - FOOTER_ROWS - needed.bottom
    # the toasts' rows once they are laid out (the app places them again then), else the fewest
    wanted = max(rack.virtual_size.height, FEWEST_ROWS)
    rack.styles.dock = "top"
    if between >= wanted or (above < wanted and below >= above):
        rack.styles.margin = (needed.bottom, 0, 0, 0)
        rack.styles.max_height = below
    else:
        rack.styles.margin = (HEADER_ROWS, 0, 0, 0)
        rack.styles.max_height = above
    rack.scroll_end(animate=False, force=True)
    return True
