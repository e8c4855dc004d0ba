"""The test tiers and what the tests share (issue 15).

Tiers:
    ``pytest -m "not slow"`` is the inner loop (under a minute): rules with fixed dice,
    tables, cards, odds, the command line run in this process. ``pytest`` runs every test,
    the slow ones too, on every core (pytest-xdist, ``-n auto`` in pyproject.toml).

A test is slow, and marked so here, when it drives the app with Pilot (an ``async def``
test: each starts a whole Textual app), compares a screen snapshot (``snap_compare``), or
is a Hypothesis property test; tests that start a real process are marked ``slow`` in
their own modules.

Hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE`` (default ``ci``):
    ``ci``: each property test's own number of examples (``tiers.examples``), derandomized,
    so that a run on a clean clone is the same run every time and a failure reproduces.
    ``dev``: a tenth of those examples, random, with the example database: a quick look
    while working, which still finds new failures by chance.

Session fixtures: the shipped rosters and tables, each read and checked once per process
(``shipped_roster``, ``shipped_tables``, ``paf_tables`` parsed).
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import Any

import pytest
import tiers
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(tiers.PROFILE)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for ``-n auto``. The inner loop (``-m "not slow"``) runs in this process: its tests
    are quick and busy, and starting workers costs more than they save (2 cores: 28 s in one
    process, 37 s on 2 workers). Otherwise two workers a core: a Pilot test spends most of its
    time waiting for the app to go idle after each key, so one worker a core leaves the cores
    half idle (2 cores: 160 s with 2 workers, 111 s with 4, 115 s with 6)."""
    given = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if given:
        return int(given)
    if "not slow" in (config.option.markexpr or ""):
        return 0
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tiers: Pilot tests, snapshot tests and property tests."""
    slow = pytest.mark.slow
    for item in items:
        function = getattr(item, "function", None)
        if function is None:
            continue
        pilot = inspect.iscoroutinefunction(function)
        snapshot = "snap_compare" in getattr(item, "fixturenames", ())
        prop = getattr(function, "is_hypothesis_test", False)
        if pilot or snapshot or prop:
            item.add_marker(slow)


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis profile: {tiers.PROFILE} (HYPOTHESIS_PROFILE=ci|dev)"


@pytest.fixture(scope="session")
def shipped_roster() -> Callable[[str], Any]:
    """The shipped roster of a game (``companion.cards.Roster``), read once per process."""
    return tiers.shipped_roster


@pytest.fixture(scope="session")
def shipped_tables() -> Callable[[str], Any]:
    """The shipped, checked tables of a game, read once per process (a fresh copy each call:
    tests may change theirs)."""
    return tiers.shipped_tables


@pytest.fixture(scope="session")
def paf_tables(shipped_tables: Callable[[str], Any]) -> Any:
    """The shipped PAF tables, parsed into their checked (frozen) models."""
    from companion.rulesets.paf import tables as pt

    return pt.parse(shipped_tables("paf"))
