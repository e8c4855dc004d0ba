"""Writing what a scene changed back to the cards (issue 17, ``companion.cardedit``): a card in the data
folder is edited in place, only its changed lines; a shipped card is copied, changed, into the data
folder; a numbered copy of an NPC group is left out and said so; every edit is read back and checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cardedit import EditError, edit_text, flow, plan
from companion.cards import load_roster
from companion.rulesets.fudge.cards import FudgeCard

MINE = """\
# my campaign's cards
game: fudge
fighters:
  # the hero, in block style
  - name: Test Hero
    setting: primitive
    skills: {Sword: Good}
    dodge: Fair
    strength: Fair
    health: Fair
    weapons:
      - {weapon: broadsword, skill: Sword}
    gifts:
      - high-pain-threshold
    # a comment after his last field
  - {name: Flow Guy, setting: primitive, skills: {Sword: Good}, dodge: Fair, strength: Fair, health: Fair,
     weapons: [{weapon: dagger, skill: Sword}], experience: green}
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "mine.yaml").write_text(MINE, encoding="utf-8")
    return tmp_path / "fighters"


def roster(folder: Path):
    r = load_roster("fudge", FudgeCard, user_dir=folder)
    assert not r.problems, r.problems
    return r


def test_a_card_in_the_data_folder_is_edited_in_place_only_its_lines(folder: Path) -> None:
    changes = {
        "Test Hero": {"gifts": ["high-pain-threshold", "combat-reflexes"], "wounds": {"hurt": 1}},
        "Flow Guy": {"experience": "fair", "wounds": {"scratch": 2}},
    }
    p = plan("fudge", FudgeCard, roster(folder), folder, changes)
    assert p.skipped == [] and len(p.edits) == 1
    (edit,) = p.edits
    diff = edit.diff()
    assert [line for line in diff if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))] == [
        "-    gifts:",
        "-      - high-pain-threshold",
        "+    gifts: [high-pain-threshold, combat-reflexes]",
        "+    wounds: {hurt: 1}",
        "-     weapons: [{weapon: dagger, skill: Sword}], experience: green}",
        "+     weapons: [{weapon: dagger, skill: Sword}], experience: fair, wounds: {scratch: 2}}",
    ]
    assert "# my campaign's cards" in edit.after and "# a comment after his last field" in edit.after
    p.write()
    again = roster(folder)
    assert again.find("Test Hero").gifts == ["high-pain-threshold", "combat-reflexes"]
    assert again.find("Test Hero").wounds == {"hurt": 1}
    assert (again.find("Flow Guy").experience, again.find("Flow Guy").wounds) == ("fair", {"scratch": 2})


def test_a_shipped_card_is_copied_changed_into_the_data_folder_where_it_replaces_the_shipped_one(
    folder: Path,
) -> None:
    p = plan("fudge", FudgeCard, roster(folder), folder, {"Grukk the Ogre": {"wounds": {"near_death": 1}}})
    (edit,) = p.edits
    assert edit.path == folder / "fudge.yaml" and edit.before == ""
    assert "from the shipped roster" in p.skipped[0]
    p.write()
    again = roster(folder)
    grukk = again.find("Grukk the Ogre")
    assert grukk.wounds == {"near_death": 1} and again.source["Grukk the Ogre"] == str(folder / "fudge.yaml")
    assert grukk.skills == {"Club": 1, "Brawling": 1} and grukk.scale == 4  # the rest as shipped, in its order
    # written back again: now edited in place in that file
    p = plan("fudge", FudgeCard, again, folder, {"Grukk the Ogre": {"wounds": {"hurt": 2, "near_death": 1}}})
    (edit,) = p.edits
    assert [line for line in edit.diff() if line.startswith(("+ ", "- ", "+  ", "-  "))] == [
        "-    wounds: {near_death: 1}",
        "+    wounds: {hurt: 2, near_death: 1}",
    ]


def test_a_numbered_copy_of_an_npc_group_is_left_out_and_said_so(folder: Path) -> None:
    p = plan("fudge", FudgeCard, roster(folder), folder, {"Orc Guard 2": {"wounds": {"hurt": 1}}})
    assert p.edits == [] and p.skipped == [
        "Orc Guard 2: no card of this name (a numbered copy of an NPC group): not written"
    ]


def test_an_edit_the_card_would_refuse_is_never_offered(folder: Path) -> None:
    with pytest.raises(EditError, match="would not load"):
        plan("fudge", FudgeCard, roster(folder), folder, {"Test Hero": {"wounds": {"hurt": 5}}})
    assert (folder / "mine.yaml").read_text(encoding="utf-8") == MINE


def test_values_are_written_one_a_line_in_flow_style() -> None:
    assert flow("fair") == "fair"
    assert flow(["combat-reflexes", "iron-will"]) == "[combat-reflexes, iron-will]"
    assert flow({"scratch": 2, "hurt": 1}) == "{scratch: 2, hurt: 1}"
    assert flow("no") == "'no'"  # YAML would read it as false
    assert edit_text("", {}, {"A": {"name": "A", "skills": {"Sword": "Good"}}}, "fudge").endswith(
        "fighters:\n  - name: A\n    skills: {Sword: Good}\n"
    )
