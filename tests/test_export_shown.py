"""A choice said as its prompt shows it, not by the key it was typed as, in the export's Markdown
and in ``companion script``'s ``amend`` line (the review: ``sword-long`` where the fight screen's
list of answers and its play-by-play say ``Sword, Long``). The JSON keeps the texts as typed (what
a program types again) and adds the words shown beside them (docs/decisions.md).

Played as a table would: a PAF scene typed in plain mode (Sir Roderick Vane's long sword and the
goblin typed by their keys), an answer amended there, then ``companion export``; and the same
answers piped to ``companion script``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.register_assert_rewrite("scripting")

import scripting

SCENE = ["--red", "Sir Roderick Vane", "--blue", "Orc Raider", "--blue", "Goblin Skulker"]
ANSWERS = ["2", "1", "1", "attack", "sword-long", "goblin-skulker", "50"]
"""Sir Roderick acts first (initiative 2 to 1s): attack, his long sword, the goblin, 50 (a hit)."""


def amended_lines(data_dir: Path, *amends: str) -> list[dict]:
    proc = scripting.run(data_dir, "script", "paf", *SCENE, stdin="\n".join([*ANSWERS, *amends]) + "\n")
    assert proc.returncode == 0, proc.stderr
    return [line for line in map(json.loads, proc.stdout.splitlines()) if "amended" in line]


def test_the_amend_line_adds_the_answers_as_their_prompts_showed_them(tmp_path: Path) -> None:
    """``amend 5 dagger``: ``was`` stays ``sword-long`` (a program types it again), ``was_shown``
    is ``Sword, Long``; the kept target ``Goblin Skulker``, the faces as typed."""
    (line,) = amended_lines(tmp_path, "amend 5 dagger")
    assert (line["was"], line["now"], line["kept"], line["dropped"]) == (
        "sword-long",
        "dagger",
        ["goblin-skulker", "50"],
        [],
    )
    assert (line["was_shown"], line["now_shown"], line["kept_shown"], line["dropped_shown"]) == (
        "Sword, Long",
        "Dagger",
        ["Goblin Skulker", "50"],
        [],
    )


def test_the_dropped_answers_are_shown_as_their_prompts_showed_them(tmp_path: Path) -> None:
    """Amending the action drops the weapon, the target and the roll: shown as they were asked."""
    (line,) = amended_lines(tmp_path, "amend 4 grapple")
    assert line["dropped"] == ["sword-long", "goblin-skulker", "50"]
    assert line["dropped_shown"] == ["Sword, Long", "Goblin Skulker", "50"]
    assert (line["was_shown"], line["now_shown"]) == ("attack", "grapple")


def test_the_markdown_says_each_choice_as_its_prompt_shows_it(tmp_path: Path) -> None:
    """The export's play-by-play, its amended mark and its Amendments section name the long sword
    and the goblin as the prompts showed them; no key is left in the Markdown. The JSON keeps the
    answers as typed, so a replay types them again."""
    typed = "\n".join([*ANSWERS, "amend 5 dagger"]) + "\n"
    played = scripting.run(tmp_path, "play", "--plain", "paf", *SCENE, stdin=typed)
    assert played.returncode == 0, played.stdout + played.stderr
    proc = scripting.run(tmp_path, "export", "1", "--format", "md")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert "5. Sir Roderick Vane: choose weapon: `Dagger`, typed, amended: was `Sword, Long`" in text
    assert "6. Sir Roderick Vane: choose target: `Goblin Skulker`, typed" in text
    assert "4. Sir Roderick Vane: choose action: `attack`, typed" in text
    assert "1. Sir Roderick Vane: roll d6 for initiative: `2`, typed" in text  # faces as typed
    assert ": `Sword, Long` → `Dagger`; kept `Goblin Skulker`, `50`; dropped none" in text
    assert "sword-long" not in text and "goblin-skulker" not in text
    data = json.loads(scripting.run(tmp_path, "export", "1", "--format", "json").stdout)
    assert [a["text"] for a in data["answers"]] == ["2", "1", "1", "attack", "dagger", "goblin-skulker", "50"]
    (amendment,) = data["amendments"]
    assert (amendment["was"], amendment["was_shown"]) == ("sword-long", "Sword, Long")
