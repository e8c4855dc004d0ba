"""The fresh-eyes audit of FO against its text and rulings: the deviations it found, now put right.

Each test here plays ``companion script fo`` as a table would (stamped answers in, the JSON Lines out) and
checks what ruling FO-8 says, in its own words, where the app had done otherwise: the stall count started
again at the attack's choice, which is no roll, and a hold of exactly the limit was called a stall, where
FO-8 says "longer than". The fix is the stall count's start (``TimedRuleset.hold_began``) and its test
(``stall_due``), read alike by the session's clock, the fight screen's clock and the simulator.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")

import scripting
from scripting import GOLDEN

CARDS = GOLDEN / "fo_cards.yaml"


def script(data_dir: Path, stdin: str) -> list[dict]:
    proc, lines = scripting.script("fo", CARDS, data_dir, stdin=stdin, red="Fo Striker", blue="Fo Grappler")
    assert proc.returncode in (0, 1), proc.stderr
    return lines


def accepted(lines: list[dict]) -> list[tuple[str, float, str | None]]:
    """Each accepted answer: (what, its clock, ``by``: the stall limit's, or None when typed)."""
    return [(line["accepted"], line["clock"], line.get("by")) for line in lines if "accepted" in line]


def test_fo8_naming_the_attack_is_not_rolling_so_the_stall_count_runs_on(tmp_path: Path) -> None:
    """FO-8: Striker gets the dice at 0:02 (the roll-off's deciding answer, FO-7), names his punch at 0:15 and
    rolls at 0:30: he held the dice 28 s without rolling, so they turned over at the 20 s limit, 0:22, before
    his roll; the roll then meets Grappler's choice, not Striker's punch, and is refused with its stall (a
    refused stamped line takes nothing, docs/decisions.md); Grappler's choice at 0:30 takes the stall first."""
    lines = script(tmp_path, "@0:01 1 2\n@0:02 3 4\n@0:15 punch\n@0:30 1 2\n@0:30 takedown\n")
    refused = [line for line in lines if "refused" in line]
    assert [line["refused"] for line in refused] == ["1 2"]
    assert "by 0:30 the clock calls 1 stall first, so this line answers Fo Grappler" in refused[0]["reason"]
    assert accepted(lines)[2:] == [("punch", 15, None), ("stall", 22, "stall limit"), ("takedown", 30, None)]
    assert lines[-1]["final"]["trackers"]["Fo Grappler"]["holds_dice"] is True


def test_fo8_a_hold_of_exactly_the_limit_is_not_longer_than_it(tmp_path: Path) -> None:
    """FO-8: Striker gets the dice at 0:02 and names his punch at 0:22, 20 s later: he held them as long as the
    limit, not longer, so no stall comes before it and the punch is his."""
    lines = script(tmp_path, "@0:01 1 2\n@0:02 3 4\n@0:22 punch\n")
    assert accepted(lines)[2:] == [("punch", 22, None)]
    assert lines[-1]["final"]["trackers"]["Fo Striker"]["holds_dice"] is True
