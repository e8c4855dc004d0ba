"""Bradu's SIMple NHB: the rules reference (the ``reference(state)`` hook, f1): the ratings side
by side before the fight points, the chart a finish or a submission is read on with its row
marked, and the time table of a finish."""

from __future__ import annotations

from companion.ruleset import Reference
from companion.rulesets.nhb.rules import SEGMENT_MINUTES, finish_chart, other_side
from companion.rulesets.nhb.state import NhbState
from companion.rulesets.nhb.tables import Chart, Tables, chart_title


def step_reference(tables: Tables, state: NhbState) -> Reference:
    """The table the step in play reads, its row marked; after the bout, the last one read."""
    if state.step in ("control", "where", "fight") and state.result is None:
        return ratings_reference(state)
    winner = state.winner
    if state.step in ("finish", "sub", "seconds"):  # after the fight points: a winner, his points
        assert winner is not None and state.fight_points is not None
        if state.step == "finish":
            return chart_reference(*finish_chart(tables, state.place, state.fighters[winner]))
        if state.step == "sub":
            chart = state.fighters[winner].subs
            return chart_reference(f"sub:{chart}", tables.sub_charts[chart])
        return table_reference(tables, "time", state.fight_points[winner] - state.fight_points[other_side(winner)])
    if state.used is not None:
        return table_reference(tables, *state.used)
    return ratings_reference(state)


def table_reference(tables: Tables, chart_id: str, highlight: int | None = None) -> Reference:
    """A chart by id (``standup``, ``ground:hybrid``, ``sub:generic``) and its row,
    or the time table (``time``) with the fight points difference to mark."""
    if chart_id == "time":
        rows = [("10+", "0:59 down to 0:05 (60 s - 5 s per point over 10)")]
        rows += [(str(difference), f"minute {SEGMENT_MINUTES - difference}") for difference in range(9, 0, -1)]
        # rows run 10+, 9 .. 1
        index = None if highlight is None else (0 if highlight >= 10 else 10 - highlight)
        return Reference(
            "Time of the finish (fight points difference)",
            ("difference", "finish"),
            tuple(rows),
            index,
            "seconds: 10 x (d6 - 1) + d10 (0-9), ruling NHB-7",
        )
    kind, _, name = chart_id.partition(":")
    if kind == "standup":
        chart = tables.standup_chart
    elif kind == "ground":
        chart = tables.ground_charts[name]  # type: ignore[index]  # an id names one of the charts
    else:
        chart = tables.sub_charts[name]  # type: ignore[index]
    return chart_reference(chart_id, chart, highlight)


def chart_reference(chart_id: str, rows: Chart, highlight: int | None = None) -> Reference:
    """A finish or submission chart, the row ``highlight`` marked."""
    body = []
    notes = []
    for row in rows:
        text = row.detail + (" (dominant)" if row.dominant else "")
        if row.rare:
            text += " (below)"
            notes.append(f"{row.span}: one of {row.rare}")  # a long list reads better wrapped
        body.append((row.span, text))
    if chart_id.startswith("sub:"):
        return Reference(
            chart_title(chart_id).capitalize(), ("d20", "result"), tuple(body), highlight, "; ".join(notes)
        )
    # ruling NHB-5: the finish charts start above a margin of 0
    body.insert(0, ("0 or less", "no finish: the segment goes 10 minutes"))
    shifted = None if highlight is None else highlight + 1
    return Reference(chart_title(chart_id).capitalize(), ("margin", "result"), tuple(body), shifted)


def ratings_reference(state: NhbState) -> Reference:
    """Both cards' ratings side by side, the one the roll in play reads marked."""
    red, blue = state.fighters
    keys = ("control", "standup", "ground", "finishing", "toughness")
    rows = tuple(
        (
            rating,
            str(getattr(red, rating)),
            str(getattr(blue, rating)),
            f"{getattr(red, rating) - getattr(blue, rating):+d}",
        )
        for rating in keys
    )
    highlight = None
    if state.step == "control":
        highlight = 0
    elif state.step == "fight" and state.place:
        highlight = keys.index(state.place)
    note = "control: d10 (0 = 10, explodes) + control, +2 winning so far from segment 2"
    if state.step == "where":
        note = "advised: the larger of the standup and ground differences (ruling NHB-3)"
    elif state.step == "fight":
        note = f"fight points: {state.options.fight_die} + {state.place}, +2 for the controller"
    return Reference("Ratings", ("rating", red.name, blue.name, "red - blue"), rows, highlight, note)
