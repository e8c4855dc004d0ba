"""Bradu's SIMple NHB: the charts (the standup and ground finish charts, the submission charts,
the tournament injuries) as data in ``tables.yaml`` beside this module, checked through
:class:`companion.tables.TablesFile`, and how a chart is read.

NHB takes no GM's file over its charts (``Ruleset.has_tables`` is off): a fight reads the shipped
ones, so the problems of a broken chart name the file given to :func:`load_tables`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.tables import TablesFile

# The rows keep their names: pydantic names the model in some messages ("instance of _Row").


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    low: int = Field(alias="from", ge=1)
    high: int | None = Field(default=None, alias="to")
    method: Literal["ko", "tko", "submission"] | None = None
    detail: str
    dominant: bool = False
    rare: str | None = None
    loss: int | None = None

    def covers(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    @property
    def span(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}-{self.high}"


class _Injury(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    low: int = Field(alias="from", ge=1)
    high: int | None = Field(default=None, alias="to")
    loss: int = Field(ge=0)


Chart = tuple[_Row, ...]
"""A chart's rows, from its lowest number up."""


class Tables(BaseModel):
    """The charts of ``tables.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    standup_chart: tuple[_Row, ...]
    ground_charts: dict[Literal["striker", "hybrid", "submission"], tuple[_Row, ...]]
    sub_charts: dict[Literal["generic", "wrestling", "jiu-jitsu"], tuple[_Row, ...]]
    tournament_injuries: tuple[_Injury, ...]


def _check_chart(name: str, rows: tuple[_Row, ...], top: int | None) -> list[str]:
    """A chart must cover 1 to ``top`` (or upward without end) with no gap or overlap."""
    problems = []
    expect: int | None = 1
    for row in rows:
        if row.low != expect:
            problems.append(f"{name}: row {row.span} should start at {expect}")
        if row.high is None:
            expect = None
            break
        expect = row.high + 1
    if top is None and expect is not None:
        problems.append(f"{name}: the last row should run on upward (no 'to')")
    if top is not None and expect != top + 1:
        problems.append(f"{name}: rows should cover 1 to {top}")
    return problems


def _charts_cover(tables: Tables) -> list[str]:
    problems = _check_chart("standup_chart", tables.standup_chart, None)
    grounds: tuple[Literal["striker", "hybrid", "submission"], ...] = ("striker", "hybrid", "submission")
    for ground in grounds:
        problems += _check_chart(f"ground_charts.{ground}", tables.ground_charts.get(ground, ()), None)
    subs: tuple[Literal["generic", "wrestling", "jiu-jitsu"], ...] = ("generic", "wrestling", "jiu-jitsu")
    for sub in subs:
        problems += _check_chart(f"sub_charts.{sub}", tables.sub_charts.get(sub, ()), 20)
    return problems


TABLES = TablesFile(
    Path(__file__).with_name("tables.yaml"), Tables, what="charts", consistency=_charts_cover, name="nhb.yaml"
)
"""The charts (companion.tables): the shipped file only (NHB takes no GM's file over it)."""


def load_tables(path: Path) -> Tables:
    """Read and check the charts; ``TablesError`` (a ``ValueError``) naming the file and the chart
    of every problem."""
    return TABLES.read(path)


def chart_title(chart_id: str) -> str:
    """A chart by id (``standup``, ``ground:hybrid``, ``sub:generic``, ``time``) as the log and
    the reference name it."""
    kind, _, name = chart_id.partition(":")
    if kind == "standup":
        return "standup finish chart"
    if kind == "ground":
        return f"{name} ground chart"
    if kind == "sub":
        return f"{name} submission chart"
    return "time table"


_ROW_INDEX: dict[int, tuple[Chart, tuple[int, ...]]] = {}
"""Each chart (by id, kept alive with it) and its row for every number from 0 up
to its last row's start (-1 for none): reading a chart is then one lookup."""


def row_index(rows: Chart, n: int) -> int:
    """The index of the row of ``rows`` that covers ``n``."""
    known = _ROW_INDEX.get(id(rows))
    if known is None or known[0] is not rows:
        top = rows[-1].low
        index = tuple(next((i for i, row in enumerate(rows) if row.covers(k)), -1) for k in range(top + 1))
        known = _ROW_INDEX[id(rows)] = (rows, index)
    index = known[1]
    if n < len(index):
        if index[n] >= 0:
            return index[n]
    elif rows[-1].covers(n):
        return len(rows) - 1
    raise AssertionError(f"chart has no row for {n}")  # load_tables checks coverage
