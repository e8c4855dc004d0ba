"""What the test tiers share with the test modules (conftest.py sets the tiers up).

- ``examples(n)``: how many examples a property test tries under the Hypothesis profile
  in force: ``n`` (the test's own number) under ``ci``, a tenth under ``dev``.
- ``shipped_roster(game)`` and ``shipped_tables(game)``: the shipped files, read and
  checked once per process, for module-level strategies and for the session fixtures of
  the same names.

Not a test module: the test modules import it by name (``tests`` is on ``sys.path``).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import os
from typing import Any

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
"""The Hypothesis profile in force: ``ci`` (the default) or ``dev``."""

if PROFILE not in ("ci", "dev"):
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: the profiles are ci and dev")


def examples(n: int) -> int:
    """A property test's number of examples, ``n`` as written, under the profile in force."""
    return n if PROFILE == "ci" else max(2, n // 10)


@functools.cache
def _roster(game: str) -> Any:
    from companion.cards import load_roster
    from companion.ruleset import get_ruleset

    roster = load_roster(game, get_ruleset(game).card_model)
    assert not roster.problems, roster.problems
    return roster


def shipped_roster(game: str) -> Any:
    """The shipped roster of ``game`` (no player's cards), checked: it must load whole. Each call
    a roster of its own (the cards themselves are frozen), for a test may add to its lists."""
    roster = _roster(game)
    return dataclasses.replace(roster, cards=list(roster.cards), problems=[], source=dict(roster.source))


@functools.cache
def _tables(game: str) -> Any:
    from companion.ruleset import get_ruleset

    return get_ruleset(game).tables_for(None)


def shipped_tables(game: str) -> Any:
    """The shipped, checked tables of ``game`` (a game with tables of its own: Cage Match's
    card, Fudge's and PAF's tables); each call a copy of its own, for a test may change it."""
    return copy.deepcopy(_tables(game))
