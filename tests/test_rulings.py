"""The rulings shipped with the app (companion/rulings.md, issue 22): read by id, cited by the
screens, and kept equal to the shared RULINGS.md they copy."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rulings import RULINGS, cited, ruling, rulings

SHARED = Path(__file__).resolve().parents[2] / "shared" / "rules" / "RULINGS.md"


def test_every_ruling_is_read_by_its_id_with_its_whole_text() -> None:
    every = rulings()
    assert len(every) == 61
    assert {key.split("-")[0] for key in every} == {"D", "NHB", "FO", "CM", "FU", "PA"}
    assert ruling("d-4") == every["D-4"]
    assert every["NHB-5"].startswith("Finish roll: winner d10 + finishing + floor(winner's fight points / 10);")
    assert every["NHB-5"].endswith("Margin <= 0: no finish, the segment goes the full 10 minutes.")
    assert ruling("NHB-99") is None


def test_cited_rulings_in_the_order_first_cited_each_once() -> None:
    found = cited("tied (ruling NHB-2); ruling D-4", "FO-99 and NHB-2 again, then PA-12")
    assert [key for key, _ in found] == ["NHB-2", "D-4", "PA-12"]
    assert found[0][1] == ruling("NHB-2")


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rulings are not beside this clone")
def test_the_shipped_rulings_are_the_shared_ones() -> None:
    shipped = RULINGS.read_text(encoding="utf-8")
    assert shipped.split("-->\n\n", 1)[1] == SHARED.read_text(encoding="utf-8")


DESIGN = Path(__file__).resolve().parents[2] / "shared" / "DESIGN.md"


@pytest.mark.skipif(not DESIGN.exists(), reason="the shared design is not beside this clone")
def test_the_shipped_design_is_the_shared_one() -> None:
    shipped = Path(__file__).resolve().parents[1] / "docs" / "design.md"
    assert shipped.read_text(encoding="utf-8") == DESIGN.read_text(encoding="utf-8")
