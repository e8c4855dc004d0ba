"""``companion script paf``, run as a real subprocess (docs/paf_design.md, docs/design.md).

Golden scripts: each ``tests/golden/paf_*.txt`` is a script of answers (choice
keys such as ``none``, ``attack``, ``orc-grunt``, ``bow-short``; the faces of
each roll as typed, ``50`` or ``00`` for the percentile, ``5`` for a d8), with
its command-line arguments and expected exit status in header comments::

    # args: --red "Wulf Ironhand" --red "Mira Fletch" --blue "Orc Grunt" --option monster_death=-5
    # exit: 0

A scene's sides are named with ``--red``/``--blue``, each repeated. Every
answer line carries a comment saying what it is and what the rules make of it
(the text ``shared/rules/source/paf_combat_module.txt``, rulings PA-1..PA-7,
the readings R-1..R-20 and the engine's decisions [D] of docs/paf_design.md and
docs/decisions.md); those numbers were worked out by hand from the text's
formulas and tables, and the tests below check the log against them, not only
against the recorded output.

They are played with ``--fighters tests/golden/paf_cards.yaml`` (the golden
scripts' own characters and monsters, so tuning the shipped roster does not
move them) and an empty ``COMPANION_DATA_DIR``, and the JSON Lines on standard
output are compared line by line with ``paf_<name>.jsonl``. The tables are the
shipped ones (rulesets/paf/tables.yaml): a change there shows here.

To regenerate the expected output after a deliberate change to the engine or
to a script, run (then read the diff line by line before committing it):

    /tmp/venv/bin/python tests/test_paf_script.py regen
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.register_assert_rewrite("scripting")

import itertools

import scripting
from scripting import (
    GOLDEN,
    TIMEOUT,
    LineReader,
    answers_of,
    assert_usage_error,
    final,
    logs,
    prompts,
    run,
    spawn,
)

CARDS = GOLDEN / "paf_cards.yaml"
SHIPPED_ROSTER = GOLDEN.parent.parent / "fighters" / "paf.yaml"
PATTERN = "paf_*.txt"
SCRIPTS = sorted(GOLDEN.glob(PATTERN))
DUEL = ["--red", "Wulf Ironhand", "--blue", "Orc Grunt"]
PARTY = [
    "--red",
    "Wulf Ironhand",
    "--red",
    "Mira Fletch",
    "--red",
    "Brother Tuck",
    "--blue",
    "Grishnak",
    "--blue",
    "Orc Grunt",
    "--blue",
    "Orc Spearman",
    "--blue",
    "Kobold Sneak",
]


def script(data_dir: Path, *args: str, stdin: str = ""):
    """``companion script paf`` with the golden cards; (process, parsed JSON lines)."""
    return scripting.script("paf", CARDS, data_dir, *args, stdin=stdin)


def golden_lines(name: str, data_dir: Path) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    return scripting.golden_lines("paf", CARDS, name, data_dir)


def rolls(lines: list[dict], reason: str) -> list[dict]:
    """The roll prompts given for ``reason`` (``attack``, ``shot 1 of 2``, ``damage``, ...)."""
    return [p for p in prompts(lines) if p["kind"] == "roll" and p["reason"] == reason]


def rounds(text: list[str]) -> list[list[str]]:
    """The log cut at its "Round N" lines: rounds(text)[0] is round 1."""
    out: list[list[str]] = [[]]
    for line in text:
        if line.startswith("Round ") and line[6:].isdigit():
            out.append([])
        else:
            out[-1].append(line)
    return out


NC = "; no critical or fumble (decided: the damage table's own rows)"
"""The end of every pummel, grapple, overbear and break roll's note (docs/decisions.md)."""


def hp(tracker: dict) -> tuple[int, int, int, str]:
    """(hit points, maximum, temporary, status) of a being's tracker."""
    return tracker["hp"], tracker["max_hp"], tracker["temporary"], tracker["status"]


# --- golden scripts ----------------------------------------------------------------


def test_there_are_paf_golden_scripts():
    assert {p.stem for p in SCRIPTS} >= {"paf_melee", "paf_party", "paf_nonlethal", "paf_refusals", "paf_monsters"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_paf_golden_script(path: Path, tmp_path: Path):
    """Each PAF golden script gives exactly its recorded JSON Lines and exit status."""
    scripting.assert_matches_golden("paf", CARDS, path, tmp_path)


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_answer_line_is_commented(path: Path):
    """Each answer says what it is (the scripts are documentation of the rules as played)."""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if raw.split("#", 1)[0].strip():
            assert "#" in raw and raw.split("#", 1)[1].strip(), f"{path.name} line {number} has no comment"


def test_golden_melee_reads_as_the_rules_say(tmp_path: Path):
    """A character against a monster, checked against PA-1..PA-6 rather than against itself."""
    proc, lines = golden_lines("paf_melee", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # PA-1, PA-2: the chance to miss is AF + DF; a roll equal to or above it hits (R-17: 66.5 -> 67)
    attacks = rolls(lines, "attack")
    assert {(p["who"], p["target"]) for p in attacks} == {("Wulf Ironhand", 43), ("Orc Grunt", 67)}
    assert {p["against"] for p in attacks} == {
        "43 or more hits Orc Grunt (needed 43 = AF 29 + DF 14)",
        "67 or more hits Wulf Ironhand (needed 66.5 = AF 56 + DF 10.5)",
    }
    # PA-3: the threshold rows N 41-50 and N 61-70 (both fumble rows 41-70: 8)
    assert {(p["who"], p["note"]) for p in attacks} == {
        ("Wulf Ironhand", "critical on 95+, fumble on 8 or less"),
        ("Orc Grunt", "critical on 97+, fumble on 8 or less"),
    }
    assert "Wulf Ironhand rolls 42, needs 43: misses Orc Grunt" in text
    assert "Wulf Ironhand rolls 43, needs 43: hits Orc Grunt" in text
    assert "Orc Grunt rolls 67, needs 67: hits Wulf Ironhand" in text
    # PA-4: the long sword's 1-8 (1d8) + strength 17's +1; the scimitar's 1d8, no strength for a monster
    damage = rolls(lines, "damage")
    assert {(p["who"], p["dice"], p["modifier"]) for p in damage} == {
        ("Wulf Ironhand", "d8", 1),
        ("Orc Grunt", "d8", 0),
    }
    assert text.count("Wulf Ironhand rolls 5 +1 (strength) = 6 damage to Orc Grunt") == 2
    assert "Orc Grunt rolls 7 = 7 damage to Wulf Ironhand" in text
    # PA-6: the higher initiative strikes first; a tie is simultaneous (the orc still strikes, and
    # both blows land after both attacks)
    r1, r2, r3 = rounds(text)[:3]
    assert r1.index("Wulf Ironhand attacks Orc Grunt with the Sword, Long") < r1.index(
        "Orc Grunt attacks Wulf Ironhand with the Scimitar"
    )
    assert r2.index("Orc Grunt attacks Wulf Ironhand with the Scimitar") < r2.index(
        "Wulf Ironhand attacks Orc Grunt with the Sword, Long"
    )
    assert r3.index("Orc Grunt rolls 67, needs 67: hits Wulf Ironhand") < r3.index("Orc Grunt loses 6 hit points: 0/12")
    # PA-5: at zero, unconscious
    assert r3[-6:] == [
        "Orc Grunt rolls 4 = 4 damage to Wulf Ironhand",
        "Orc Grunt loses 6 hit points: 0/12",
        "Orc Grunt is unconscious (PA-5)",
        "Wulf Ironhand loses 4 hit points: 10/21",
        "The scene is over: nobody on the blue side can fight. The aftermath: rest and healing",
        "Wulf Ironhand def. Orc Grunt by incapacitation (unconscious), round 3",
    ]
    end = final(lines)
    assert end["result"] == {
        "winner": "Wulf Ironhand",
        "loser": "Orc Grunt",
        "method": "incapacitated",
        "detail": "unconscious",
        "period": 3,
        "time": "",
        "fight_time": "0:30",
    }
    wulf, orc = end["trackers"]["Wulf Ironhand"], end["trackers"]["Orc Grunt"]
    assert hp(wulf) == (10, 21, 0, "fighting") and hp(orc) == (0, 12, 0, "unconscious")
    assert (wulf["af"], wulf["df"], wulf["dead_at"]) == (29, 10.5, -11)  # dead at -constitution (PA-5)
    assert (orc["af"], orc["df"], orc["dead_at"]) == (56, 14, -10)


def test_golden_party_reads_as_the_rules_say(tmp_path: Path):
    """Three against four with options: missiles, criticals, a fumble, a grapple hold, the aftermath."""
    proc, lines = golden_lines("paf_party", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # the GM's condition, set at Mira's action and held: "Defender Slowed -10%" is the pummeling list's,
    # which serves pummeling, grappling and overbear only (PA-11): Wulf's sword takes no -10
    assert "Kobold Sneak is slowed" in text
    gm = [p for p in prompts(lines) if p["reason"] == "condition"]
    assert [p["who"] for p in gm] == ["GM", "GM"]  # asked only when the GM chose it, not every round
    wulf_attacks = [p for p in rolls(lines, "attack") if p["who"] == "Wulf Ironhand"]
    assert wulf_attacks[0]["against"] == "33 or more hits Kobold Sneak (needed 33 = AF 29 + DF 4)"
    assert wulf_attacks[0]["note"] == "critical on 94+, fumble on 6 or less"
    assert final(lines)["trackers"]["Kobold Sneak"]["condition"] == "slowed"
    # missiles: a short bow shoots 2 a round; medium range +10; dexterity 17's -11 and no strength
    shots = rolls(lines, "shot 1 of 2")
    assert [(p["target"], p["note"]) for p in shots] == [
        (33, "critical on 94+, fumble on 6 or less"),
        (31, "critical on 94+, fumble on 6 or less"),
    ]
    assert shots[0]["against"] == "33 or more hits Orc Spearman (needed 33 = AF 17 + DF 6 + 10 (medium range))"
    assert len(rolls(lines, "shot 2 of 2")) == 2
    # a critical on the missile table: "hit probability -2", read as 2% with hit_probability=1
    assert "Mira Fletch rolls 96: a critical hit (94+, PA-3)" in text
    assert "critical 76 (missile): weapon arm struck, hit probability -2" in text
    spear = [p for p in rolls(lines, "attack") if p["who"] == "Orc Spearman"]
    assert spear[0]["against"] == "71 or more hits Mira Fletch (needed 71 = AF 52 + DF 17 + 2 (hit probability))"
    assert spear[0]["note"] == "critical on 98+, fumble on 9 or less"
    # a critical on the edged table: triple the weapon's damage, then the strength [D]
    assert "critical 40 (edged): triple damage" in text
    assert "Wulf Ironhand rolls (3) x3 +1 (strength) = 10 damage to Kobold Sneak" in text
    # simultaneous: the kobold strikes back in the same group; monster_death=-5 kills it at -5
    r1 = rounds(text)[0]
    assert r1.index("Kobold Sneak rolls 3 = 3 damage to Wulf Ironhand") < r1.index(
        "Kobold Sneak loses 10 hit points: -5/5"
    )
    assert "Kobold Sneak is dead at -5 hit points (PA-5)" in text
    # the grapple (PA-7): GOAF + GODF, the helmet's -10, category 3 held until broken
    grapple = rolls(lines, "grapple")[0]
    assert (grapple["target"], grapple["note"]) == (3, "damage index = roll - 3 -10 (helmet)" + NC)
    assert "Brother Tuck rolls 60, needs 3: index 47, Head/Finger Lock//Bite: 4 points (1 real, 3 temporary)" in text
    assert "Brother Tuck holds Grishnak: Head/Finger Lock (category 3)" in text
    held = [p for p in prompts(lines) if p["who"] == "Grishnak" and p["reason"] == "action"]
    assert [p["options"] for p in held] == [["break", "wait", "condition"]] * 2
    assert "Grishnak rolls 70: index 33, category 2, below the hold's 3: the hold holds" in text
    tuck = next(p for p in rolls(lines, "attack") if p["who"] == "Brother Tuck")
    assert tuck["against"] == "57 or more hits Grishnak (needed 57 = AF 37 + DF 20)"  # PA-11: no -20 for the hold
    assert "Grishnak rolls 85: index 48, category 3: breaks the hold (Bite, 5 points: 1 real, 4 temporary)" in text
    # the fumble: 83 "hit friend, normal damage", his own weapon on the first able being of his side
    assert "Orc Grunt fumbles (8 or less, PA-3)" in text and "fumble 83: hit friend, normal damage" in text
    friend = rolls(lines, "damage to a friend")
    assert [(p["who"], p["dice"], p["note"]) for p in friend] == [("Orc Grunt", "d8", "on Grishnak (medium)")]
    assert "Grishnak loses 6 hit points: 14/24" in text
    assert "Orc Grunt is unconscious (PA-5)" in text
    # the aftermath: resting 2 a day for 2 days, temporary damage back first, never above the maximum
    assert text[-7:] == [
        "Wulf Ironhand heals 3 in 2 days resting: 21/21",
        "Mira Fletch heals 4 in 2 days resting: 20/21",
        "Brother Tuck heals 1 in 2 days resting (and 4 temporary back): 25/25",
        "Grishnak heals 4 in 2 days resting (and 3 temporary back): 16/24",
        "Orc Grunt heals 4 in 2 days resting: 4/12",
        "Orc Spearman heals 4 in 2 days resting: 15/15",
        "Draw (the GM ended the scene), round 3",
    ]
    end = final(lines)
    assert end["result"] == {
        "winner": None,
        "loser": None,
        "method": "ended",
        "detail": "the GM ended the scene",
        "period": 3,
        "time": "",
        "fight_time": "0:30",
    }
    t = end["trackers"]
    assert [t[n]["side"] for n in t] == ["red"] * 3 + ["blue"] * 4
    assert hp(t["Kobold Sneak"]) == (-5, 5, 0, "dead") and t["Kobold Sneak"]["dead_at"] == -5
    assert t["Orc Spearman"]["injuries"] == ["hit probability -2 (+2 to miss)"]
    assert t["Mira Fletch"]["ammo"] == {"Bow, Short": 2}
    assert t["Grishnak"]["held_by"] is None and t["Brother Tuck"]["holding"] is None
    assert hp(t["Brother Tuck"]) == (25, 25, 0, "fighting") and hp(t["Grishnak"]) == (16, 24, 0, "fighting")


def test_golden_monsters_reads_as_the_rules_say(tmp_path: Path):
    """Monsters grappled, breaking a hold, pummeling and overbearing by their own factors ([D]: a missing
    stat 12, weight by size, LVL as combat level, armor bonus (10 - AC) x 3), a leg grabbed and let go."""
    proc, lines = golden_lines("paf_monsters", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    grapple = rolls(lines, "grapple")[0]
    assert grapple["against"] == "1 or more hits Orc Grunt (needed -7 = GOAF -34 + GODF 27)"
    assert "Brother Tuck holds Orc Grunt: Arm Lock (category 2)" in text
    assert rolls(lines, "break")[0]["against"] == (
        "41 or more, then category 2 or better breaks the hold (needed 41 = GOAF -3 + GODF 44)"
    )
    assert "Ogre Bruiser grabs Brother Tuck's leg: he holds it while he keeps at Brother Tuck" in " ".join(text)
    assert (
        "Orc Grunt rolls 80: index 39, category 2: breaks the hold (Forearm/Elbow Smash, 2 points: 0 real, 2 temporary)"
    ) in text
    pummel = rolls(lines, "pummel")[0]
    assert pummel["against"] == "98 or more hits Brother Tuck (needed 97.5 = PAF 72 + PDF 25.5)"
    # PA-11, R-22: the orc pummels with its scimitar's pommel, the text's "Metal Pummel +10%"
    assert pummel["note"] == "damage index = roll - 97.5 (rounded down) +10 (Metal Pummel (Scimitar))" + NC
    assert "Orc Grunt rolls 99, needs 98: index 11, Ineffective, Strike Again" in text
    overbear = rolls(lines, "overbear")
    assert [o["note"] for o in overbear] == [
        "damage index = roll - 3" + NC,
        "damage index = roll - 3 +10 (1 foot held)" + NC,
    ]
    assert "Ogre Bruiser rolls 30, needs 3: index 27, Slid Down, Grab Leg" in text
    assert "Ogre Bruiser rolls 60, needs 3: index 67, Opponent Knocked to Knees: 4 points (2 real, 2 temporary)" in text
    assert "Ogre Bruiser lets go of Brother Tuck's leg" in text
    assert "Ogre Bruiser rolls 4 +2 (strength) = 6 damage to Brother Tuck" in text
    t = final(lines)["trackers"]
    assert hp(t["Brother Tuck"]) == (17, 25, 0, "fighting") and hp(t["Orc Grunt"]) == (12, 12, 0, "fighting")
    assert hp(t["Ogre Bruiser"]) == (22, 26, 0, "fighting") and t["Brother Tuck"]["legs_held_by"] == []


def test_golden_nonlethal_reads_as_the_rules_say(tmp_path: Path):
    """Pummeling and overbear (PA-7): their own factors and tables, real and temporary damage."""
    proc, lines = golden_lines("paf_nonlethal", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # the factors: PAF + PDF, GOAF + GODF; the damage modifications in the prompt's note
    pummel = rolls(lines, "pummel")[0]
    assert pummel["against"] == "58 or more hits Cole Rook (needed 58 = PAF 49 + PDF 9)"
    assert pummel["note"] == "damage index = roll - 58 -5 (open helm)" + NC
    overbears = rolls(lines, "overbear")
    assert [(p["who"], p["target"], p["note"]) for p in overbears] == [
        ("Cole Rook", 9, "damage index = roll - 9" + NC),
        ("Bram Tolley", 11, "damage index = roll - 11 +15 (rushing (moved last round))" + NC),
        ("Cole Rook", 9, "damage index = roll - 9" + NC),
        ("Bram Tolley", 11, "damage index = roll - 11 -10 (braced (waited)) +15 (rushing (moved last round))" + NC),
    ]
    # overbear: 50% real (rounded down); "Attack Again" gives one more roll, not a rush
    assert (
        "Cole Rook rolls 60, needs 9: index 51, Opponent Staggered, Attack Again: 1 point (0 real, 1 temporary)"
    ) in text
    assert "Cole Rook rolls 05, needs 9: misses" in text
    assert (
        "Bram Tolley rolls 50, needs 11: index 54, Opponent Staggered, Attack Again: 3 points (1 real, 2 temporary)"
    ) in text
    assert (
        "Bram Tolley rolls 70, needs 11: index 59, Opponent Staggered, Attack Again: 3 points (1 real, 2 temporary)"
    ) in text
    assert text.count("Bram Tolley strikes again") == 2 and text.count("Cole Rook strikes again") == 1
    # pummeling: 25% real; strike again; a hit the helm turns into a Total Miss
    assert "Bram Tolley rolls 70, needs 58: index 7, Ineffective, Strike Again" in text
    assert "Bram Tolley rolls 92, needs 58: index 29, Glance: 4 points (1 real, 3 temporary)" in text
    assert "Cole Rook rolls 25, needs 9: index 16, Bounced off or avoided, Opponent may counter" in text
    counter = [p for p in prompts(lines) if p["reason"] == "counter"]
    assert [(p["who"], p["options"]) for p in counter] == [("Bram Tolley", ["none", "attack", "pummel", "grapple"])]
    assert "Bram Tolley rolls 60, needs 58: index -3, Total Miss" in text
    # temporary damage: nothing comes back for 10 rounds, then 1 point a round (round 12 for round 1's)
    per_round = rounds(text)
    assert len(per_round) == 12
    recovered = [i + 1 for i, r in enumerate(per_round) for line in r if "recovers" in line]
    assert recovered == [12]
    assert per_round[11][-6:] == [
        "Cole Rook loses 4 hit points (2 temporary): 0/14",
        "Cole Rook is unconscious (PA-5)",
        "Bram Tolley recovers 1 temporary hit point: 26/26",
        "The scene is over: nobody on the blue side can fight. The aftermath: rest and healing",
        "Cole Rook gets 9 temporary back: 9/14",
        "Bram Tolley def. Cole Rook by incapacitation (unconscious), round 12",
    ]
    assert (
        "Bram Tolley rolls 70, needs 11: index 64, Opponent Knocked to Knees: 4 points (2 real, 2 temporary)"
        in per_round[11]
    )
    hits = [line for line in text if line.startswith("Cole Rook loses")]
    assert hits == [
        "Cole Rook loses 3 hit points (2 temporary): 11/14",
        "Cole Rook loses 3 hit points (2 temporary): 8/14",
        "Cole Rook loses 4 hit points (3 temporary): 4/14",
        "Cole Rook loses 4 hit points (2 temporary): 0/14",
    ]
    end = final(lines)
    assert end["result"] == {
        "winner": "Bram Tolley",
        "loser": "Cole Rook",
        "method": "incapacitated",
        "detail": "unconscious",
        "period": 12,
        "time": "",
        "fight_time": "2:00",
    }
    # the aftermath gives the 9 temporary points back: 14 - 5 real = 9; the result still says how he fell
    t = end["trackers"]
    assert hp(t["Cole Rook"]) == (9, 14, 0, "fighting") and hp(t["Bram Tolley"]) == (26, 26, 0, "fighting")


def test_golden_refusals_change_nothing(tmp_path: Path):
    """D-5: each refusal says why and changes nothing: the script without its refused lines gives the same
    accepted answers, logs and final line, with exit status 0."""
    path = GOLDEN / "paf_refusals.txt"
    proc, lines = golden_lines("paf_refusals", tmp_path)
    assert proc.returncode == 1, proc.stderr
    refused = [line for line in lines if "refused" in line]
    assert [r["refused"] for r in refused] == [
        "none",
        "7",
        "0",
        "3 4",
        "shoot",
        "break",
        "recover",
        "help",
        "e",
        "gm +5 tree",
        "slowed",
        "clear:wulf-ironhand",
        "mira-fletch",
        "wulf-ironhand",
        "101",
        "0",
        "4 5",
        "x",
        "-5",
        "gm +5",
        "gm 0 tree",
        "9",
        "0",
        "sword",
        "far",
        "wulf-ironhand",
        "60%",
        "shoot",
        "recover",
        "13",
        "8 2",
        "end",
        "sleep",
        "31",
        "0",
    ]
    reasons = {r["refused"]: r["reason"] for r in refused}
    assert reasons["7"] == "7 is not a face: a d6 shows 1-6 (or type end)"
    assert reasons["3 4"] == "expected one face (a d6 shows 1-6), got 2 (or type end)"
    assert (
        reasons["shoot"]
        == "action: choose one of attack, pummel, grapple, overbear, move, wait, condition (or type end)"
    )
    assert reasons["e"] == reasons["shoot"]  # "end" is typed in full (a prompt's also), never by its start
    assert reasons["gm +5 tree"] == (
        "a GM's modifier is added to a roll to hit (an attack, a shot, a pummel, grapple, overbear or break), not here"
    )
    assert reasons["gm +5"].endswith("(the reason is logged with it: say why)")
    assert reasons["gm 0 tree"].endswith("(from -100 to +100, not 0)")
    assert reasons["end"] == "rest: choose one of none, bed, resting, working"  # the aftermath takes no end
    # the GM's modifier is a term of the need, logged with its reason (the text's "that tree in the way")
    gm_roll = [p for p in rolls(lines, "attack") if p["who"] == "Wulf Ironhand"][-1]
    assert gm_roll["against"] == "48 or more hits Orc Grunt (needed 48 = AF 29 + DF 14 + 5 (GM: tree in the way))"
    assert gm_roll["also"] == ["end", "gm"]
    assert "GM: +5 to the number Wulf Ironhand needs against Orc Grunt (tree in the way)" in logs(lines)
    assert reasons["help"] == reasons["shoot"]  # nobody on his side is below 0 (PA-5)
    assert reasons["slowed"].startswith("condition: choose one of none, slowed:wulf-ironhand, hastened:")
    assert reasons["101"] == "101 is not a face: percentile dice show 01-100 (00 for 100) (or type end, gm +N REASON)"
    assert (
        reasons["4 5"]
        == "expected one face (percentile dice show 01-100 (00 for 100)), got 2 (or type end, gm +N REASON)"
    )
    assert reasons["9"] == "9 is not a face: a d8 shows 1-8 (or type end)"
    assert reasons["13"] == "13 is not a face: a d12 shows 1-12 (or type end)"
    assert reasons["far"] == "range: choose one of short, medium, long (or type end)"
    assert reasons["sleep"] == "rest: choose one of none, bed, resting, working"
    assert reasons["31"].startswith("days: choose one of 1, 2, 3,") and reasons["31"].endswith(", 30")
    assert [r["reason"] for r in refused if r["refused"] in ("mira-fletch", "wulf-ironhand")] == [
        "target: choose one of Orc Grunt, Grishnak (or type end)"
    ] * 3
    # an unambiguous start of a key is that key
    accepted = [line["accepted"] for line in lines if "accepted" in line]
    assert {"bow", "m", "orc", "wulf"} <= set(accepted)
    assert "Mira Fletch shoots the Bow, Short at Orc Grunt (medium range)" in logs(lines)
    assert "Grishnak attacks Wulf Ironhand with the Axe, Battle" in logs(lines)
    # a refusal writes no new prompt: the next line is another refusal or the answer accepted
    for before, after in itertools.pairwise(lines):
        if "refused" in before:
            assert "prompt" not in after
    args, _ = scripting.header(path)
    assert len(accepted) + len(refused) == len(answers_of(path))  # every line read was answered one way or the other
    clean, plain = script(tmp_path, *args, stdin="".join(a + "\n" for a in accepted))
    assert clean.returncode == 0, clean.stderr
    assert [line for line in lines if "refused" not in line] == plain
    end = final(plain)
    assert end["result"]["method"] == "ended"
    assert logs(plain)[-5:] == [
        "Wulf Ironhand heals 6 in 2 days in bed: 17/21",
        "Mira Fletch has nothing to heal: 21/21",
        "Orc Grunt heals 6 in 2 days in bed: 10/12",
        "Grishnak has nothing to heal: 24/24",
        "Draw (the GM ended the scene), round 2",
    ]


# --- the protocol ----------------------------------------------------------------


@pytest.mark.slow  # a real process
def test_the_prompt_is_flushed_before_the_answer_is_read(tmp_path: Path):
    with spawn(tmp_path, "script", "paf", "--fighters", str(CARDS), *DUEL) as proc:
        out = LineReader(proc.stdout)
        first = json.loads(out.line())["prompt"]
        assert (first["kind"], first["who"], first["dice"], first["reason"]) == (
            "roll",
            "Wulf Ironhand",
            "d6",
            "initiative",
        )
        proc.stdin.write(b"4\n")
        proc.stdin.flush()
        assert json.loads(out.line()) == {
            "accepted": "4",
            "virtual": False,
            "log": ["Wulf Ironhand rolls 4 for initiative"],
        }
        initiative = json.loads(out.line())["prompt"]
        assert (initiative["who"], initiative["dice"], initiative["reason"]) == ("Orc Grunt", "d6", "initiative")
        proc.stdin.close()
        end = json.loads(out.line())["final"]
        assert end["over"] is False and end["result"] is None
        assert end["trackers"]["Wulf Ironhand"]["initiative"] == 4
        assert proc.wait(timeout=TIMEOUT) == 0


def test_roll_answers_are_virtual_and_reproducible(tmp_path: Path):
    """The app rolls the prompted dice (or picks the advised choice) with --seed, reproducibly (D-6)."""
    stdin = "roll\n" * 60
    first, lines = script(tmp_path, "--seed", "7", *PARTY, stdin=stdin)
    second, _ = script(tmp_path, "--seed", "7", *PARTY, stdin=stdin)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    accepted = [line for line in lines if "accepted" in line]
    assert len(accepted) == 60 and all(line["virtual"] for line in accepted)
    for prompt, answer in itertools.pairwise(lines):
        if "prompt" in prompt and "accepted" in answer:
            p = prompt["prompt"]
            if p["kind"] == "choice":
                assert answer["accepted"] == p["advised"]
            elif p["dice"] == "d%":
                assert (100 if answer["accepted"] == "00" else int(answer["accepted"])) in range(1, 101)
            elif p["dice"] == "d6":
                assert 1 <= int(answer["accepted"]) <= 6


def test_no_names_is_the_rosters_first_two(tmp_path: Path):
    """--fighters adds to the shipped roster: with no names, its first two cards meet."""
    proc, lines = script(tmp_path, stdin="")
    assert proc.returncode == 0, proc.stderr
    shipped = [c["name"] for c in yaml.safe_load(SHIPPED_ROSTER.read_text(encoding="utf-8"))["fighters"]]
    assert list(final(lines)["trackers"]) == shipped[:2]


def test_a_card_named_again_is_an_npc_group_numbered(tmp_path: Path):
    """The audit after issue 18: PAF takes NPC groups as Fudge does (``Paf.copies``): a card named again is
    one more of a group, each numbered in scene order ("Orc Grunt 1", "Orc Grunt 2"), on either side; the
    log, the prompts and the target keys name each."""
    stdin = "6\n1\n2\nattack\norc-grunt-2\n"
    proc, lines = script(tmp_path, "--red", "Wulf Ironhand", "--blue", "Orc Grunt", "--blue", "Orc Grunt", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert [p["who"] for p in prompts(lines)[:3]] == ["Wulf Ironhand", "Orc Grunt 1", "Orc Grunt 2"]
    target = next(p for p in prompts(lines) if p.get("reason") == "target")
    assert target["options"] == ["orc-grunt-1", "orc-grunt-2"]
    assert "Wulf Ironhand attacks Orc Grunt 2 with the Sword, Long" in logs(lines)
    trackers = final(lines)["trackers"]
    assert list(trackers) == ["Wulf Ironhand", "Orc Grunt 1", "Orc Grunt 2"]
    assert [t["side"] for t in trackers.values()] == ["red", "blue", "blue"]


# --- setup errors: exit 2 ----------------------------------------------------------


@pytest.mark.parametrize(
    "args, fragment",
    [
        (PARTY + ["--red", "Bram Tolley", "--red", "Cole Rook"], "a PAF scene has 2 to 8 beings, not 9"),
        (["--red", "Wulf Ironhand", "--red", "Orc Grunt"], "name both corners"),
        (["--red", "Wulf Ironhand", "--blue", "Nobody Here"], "Nobody Here"),
        (DUEL + ["--option", "monster_death=7"], "monster_death"),
        (DUEL + ["--option", "rounds=3"], "unknown option 'rounds'"),
    ],
)
def test_a_scene_that_cannot_start_is_a_usage_error(tmp_path: Path, args: list[str], fragment: str):
    proc, _ = script(tmp_path, *args, stdin="none\n")
    assert_usage_error(proc, fragment)


def test_golden_cards_load_cleanly(tmp_path: Path):
    """The golden characters and monsters are a valid PAF card file of ten."""
    proc = run(tmp_path, "fighters", "check", str(CARDS))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith("10 cards loaded, 0 problems")


if __name__ == "__main__":
    if sys.argv[1:] == ["regen"]:
        scripting.regen("paf", CARDS, PATTERN)
    else:
        print(__doc__)
