"""A rematch: the same fighters again, each from his card as the roster has it now.

The stored setup holds the cards as the finished fight began (so that it folds again as it was played);
a rematch begun from it would ignore what happened to the cards since: a Fudge scene's wounds written
back (the third new-user trial: the rematch began from the old wounds, and its own write-back then
erased the first scene's), a card edited on the sheet. So a rematch, of every game, reads each card
again from the roster by name; a card gone from the roster, or that no longer loads, is said, and no
rematch starts (docs/decisions.md). No Textual import: the fight screen and tests share it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from companion.cards import Roster
from companion.ruleset import Setup, card_name

COPY = re.compile(r"(?P<card>.+) (?P<number>[1-9][0-9]*)")
"""A numbered copy of an NPC group's card (:func:`companion.replay.number_copies`): ``Orc Guard 2``."""


class CardsGone(ValueError):
    """Cards of a fight that the roster no longer has as they can be fought: one line each, naming the
    card and what is wrong."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("; ".join(lines))
        self.lines = lines


def fresh_setup(setup: Setup, roster: Roster) -> tuple[Setup, list[str]]:
    """``setup`` with each card as ``roster`` has it now, found by its exact name (a numbered copy of an
    NPC group by its card's name, numbered again); the options, tables and sides as they were.

    Args:
        setup: the fight's stored setup.
        roster: the game's cards as they are now (read afresh).

    Returns:
        The new setup, and the names of the cards that changed since ``setup`` was made.

    Raises:
        CardsGone: a card no longer in the roster, or whose file now has a problem with it.
    """
    cards: list[Any] = []
    changed: list[str] = []
    gone: list[str] = []
    bases = [_base(card_name(card)) for card in setup.fighters]
    groups = {base for base in bases if base is not None and bases.count(base) > 1}  # a card there once is not numbered
    for card in setup.fighters:
        name = card_name(card)
        now = _now(name, roster, groups)
        # a card of his name that does not load: the roster may hold an older one of the name (a shipped
        # card a broken user's copy would replace), which must not be fought as if it were his
        base = _base(name) if _base(name) in groups else None
        broken = [str(p) for p in roster.problems if p.fighter is not None and p.fighter in (name, base)]
        if broken:
            gone.append(f"{name}: the card does not load now ({'; '.join(broken)})")
            continue
        if now is None:
            gone.append(f"{name}: no card of this name in the roster now (removed, renamed, or its file moved)")
            continue
        if now != card:
            changed.append(name)
        cards.append(now)
    if gone:
        raise CardsGone(gone)
    return dataclasses.replace(setup, fighters=tuple(cards)), changed


def _now(name: str, roster: Roster, groups: set[str]) -> Any | None:
    """The card called ``name`` in ``roster`` (exactly: not another card whose name folds the same), or
    a copy of ``Orc Guard`` named ``Orc Guard 2`` where ``name`` is a numbered copy of one of the
    setup's NPC ``groups`` (``Apollo 13`` alone in a scene is a card's own name, not a copy)."""
    found = next((c for c in roster.cards if c.name == name), None)
    if found is not None:
        return found
    base = _base(name)
    card = next((c for c in roster.cards if c.name == base), None) if base in groups else None
    return card.model_copy(update={"name": name}) if card is not None else None


def _base(name: str) -> str | None:
    """The card a numbered copy's name is made from (``Orc Guard 2``: ``Orc Guard``); None if not numbered."""
    match = COPY.fullmatch(name)
    return match["card"] if match else None
