"""``companion script fudge``, run as a real subprocess (docs/fudge_design.md, docs/design.md).

Golden scripts: each ``tests/golden/fudge_*.txt`` is a script of answers (choice
keys such as ``attack``, ``hal-brandt``, ``aware``; the faces of each roll as
typed, ``+ - 0 +``), with its command-line arguments and expected exit status
in header comments::

    # args: --red "Kit Swale" --red "Ada Fenn" --blue "Hal Brandt" --option armor_pd=on
    # exit: 0

A scene's sides are named with ``--red``/``--blue``, each repeated. Every
answer line carries a comment saying what it is and what the rules make of it
(FU-1..FU-5, the text, the design's [D] decisions); those numbers were worked
out by hand, and the tests below check the log against them, not only against
the recorded output.

They are played with ``--fighters tests/golden/fudge_cards.yaml`` (the golden
scripts' own characters, so tuning the shipped roster does not move them) and
an empty ``COMPANION_DATA_DIR``, and the JSON Lines on standard output are
compared line by line with ``fudge_<name>.jsonl``. The tables are the shipped
ones (rulesets/fudge/tables.yaml): a change there shows here.

To regenerate the expected output after a deliberate change to the engine or
to a script, run (then read the diff line by line before committing it):

    /tmp/venv/bin/python tests/test_fudge_script.py regen
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

from companion.dice import Dice

CARDS = GOLDEN / "fudge_cards.yaml"
SHIPPED_ROSTER = GOLDEN.parent.parent / "fighters" / "fudge.yaml"
PATTERN = "fudge_*.txt"
SCRIPTS = sorted(GOLDEN.glob(PATTERN))
SKIRMISH = [
    "--red",
    "Kit Swale",
    "--red",
    "Ada Fenn",
    "--red",
    "Gus Varga",
    "--blue",
    "Hal Brandt",
    "--blue",
    "Vera Lund",
]


def script(data_dir: Path, *args: str, stdin: str = ""):
    """``companion script fudge`` with the golden cards; (process, parsed JSON lines)."""
    return scripting.script("fudge", CARDS, data_dir, *args, stdin=stdin)


def golden_lines(name: str, data_dir: Path) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    return scripting.golden_lines("fudge", CARDS, name, data_dir)


def said(text: list[str], *parts: str) -> bool:
    """Some log line holds every part, in order (the wording between them may change: labels such as
    "(dice)" are the engine's to choose; the numbers are the rules')."""
    for line in text:
        at = 0
        for part in parts:
            at = line.find(part, at)
            if at < 0:
                break
            at += len(part)
        else:
            return True
    return False


def boxes(tracker: dict) -> dict[str, int]:
    """How many boxes of each wound level are marked."""
    return {level: sum(marks) for level, marks in tracker["boxes"].items()}


# --- golden scripts ----------------------------------------------------------------


def test_there_are_fudge_golden_scripts():
    assert {p.stem for p in SCRIPTS} >= {"fudge_melee", "fudge_skirmish", "fudge_bear", "fudge_refusals", "fudge_gang"}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_fudge_golden_script(path: Path, tmp_path: Path):
    """Each Fudge golden script gives exactly its recorded JSON Lines and exit status."""
    scripting.assert_matches_golden("fudge", CARDS, path, tmp_path)


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_every_answer_line_is_commented(path: Path):
    """Each answer says what it is (the scripts are documentation of the rules as played)."""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if raw.split("#", 1)[0].strip():
            assert "#" in raw and raw.split("#", 1)[1].strip(), f"{path.name} line {number} has no comment"


def test_golden_melee_reads_as_the_rules_say(tmp_path: Path):
    """A 1-on-1 with no options, checked against FU-1..FU-4 rather than against itself."""
    proc, lines = golden_lines("fudge_melee", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # FU-1: skill + 4dF, on the ladder
    assert said(text, "Aldo Reyne rolls + + 0 0:", "Good (+1) + 2", "= Superb (combat roll, Sword)")
    # FU-2: opposed, RD 1 or more hits; a tie hits nobody; the loser of the exchange misses
    assert "Aldo Reyne's Superb vs Bors Holt's Fair: Aldo Reyne hits (RD 3)" in text
    assert "Aldo Reyne's Fair vs Bors Holt's Fair: a tie" in text
    assert "Bors Holt's Fair vs Aldo Reyne's Fair: a tie" not in text  # one roll-off, one tie said
    # FU-3: BD + 4dF on the damage results (Poor Scratch, Mediocre Hurt, Great Near Death)
    assert said(text, "Aldo Reyne rolls 0 0 0 - for damage: Broadsword BD 0 - 1", "= Mediocre (-1): Hurt")
    assert said(text, "Bors Holt rolls - - 0 0 for damage: Axe BD 0 - 2", "= Poor (-2): Scratch")
    # FU-4: Hurt -1, Very Hurt -2; a wound whose boxes are full takes the next worse box
    assert said(text, "Bors Holt rolls + + + 0: Fair (0) - 1 (Hurt) + 3", "= Great (combat roll, Axe)")
    assert "Bors Holt's Hurt boxes are full: marks Very Hurt" in text
    assert said(text, "Bors Holt rolls 0 0 0 0: Fair (0) - 2 (Very Hurt) + 0", "= Poor (combat roll, Axe)")
    # no options: Bors's leather counts for neither DR nor PD (FU-5: off by default)
    assert not any("DR" in line or "PD" in line for line in text)
    # a defender with a melee skill who beats his attacker hits him back (FU-2, FU-11: only Dodge never does)
    assert "Bors Holt's Mediocre vs Aldo Reyne's Great: Bors Holt misses (RD -3)" in text
    assert "Aldo Reyne's Great vs Bors Holt's Mediocre: Aldo Reyne hits back (RD 3)" in text
    assert said(text, "Aldo Reyne rolls - - - - for damage: Broadsword BD 0 - 4", "= Terrible-1 (-4): no wound")
    end = final(lines)
    assert end["over"] is True
    assert end["result"] == {
        "winner": "Aldo Reyne",
        "loser": "Bors Holt",
        "method": "incapacitated",
        "detail": "near death",
        "period": 6,
        "time": "",
        "fight_time": "0:18",
    }
    aldo, bors = end["trackers"]["Aldo Reyne"], end["trackers"]["Bors Holt"]
    assert boxes(aldo) == {"scratch": 1, "hurt": 0, "very_hurt": 0, "incapacitated": 0, "near_death": 0}
    assert boxes(bors) == {"scratch": 0, "hurt": 1, "very_hurt": 1, "incapacitated": 0, "near_death": 1}
    assert (aldo["status"], bors["status"]) == ("fighting", "near death")
    assert "ammo" not in aldo  # reloading off: no ammunition tracked


def test_golden_skirmish_reads_as_the_rules_say(tmp_path: Path):
    """Three on two with health rolls, armor DR and PD, two maneuvers (aim, all-out attack: FU-9) and reloading."""
    proc, lines = golden_lines("fudge_skirmish", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # FU-2 gang-up: -1 per melee attacker after the first; the defender hits only if he beats them all
    assert said(text, "Hal Brandt rolls + 0 0 0: Great (+2) - 1 (", "2", ") + 1", "= Great (combat roll, Sword)")
    assert "Hal Brandt's Great vs Kit Swale's Good: no hit (Hal Brandt did not beat Ada Fenn, RD 1)" in text
    # armor PD (text: plate PD 2): RD must reach it
    assert "Ada Fenn's Legendary vs Hal Brandt's Great: Ada Fenn hits (RD 2)" in text
    assert "Kit Swale's Superb vs Hal Brandt's Great: no hit (RD 1, below Hal Brandt's armor PD 2)" in text
    # ranged: the shot against the target's dodge
    assert "Gus Varga's Great vs Vera Lund's dodge Good: Gus Varga hits (RD 1)" in text
    assert "Ada Fenn's Great vs Vera Lund's dodge Great: a tie" in text
    # armor DR, then the Health roll (at least the damage degree: shrugged off)
    assert said(
        text, "Ada Fenn rolls + + + 0 for damage: Short sword BD -1 + 3", "= Great (+2), DR 3: Mediocre (-1): Hurt"
    )
    assert "Hal Brandt rolls 0 0 0 0 for Health: Good (+1) vs Mediocre: shrugs it off" in text
    assert "Hal Brandt marks a Hurt box (shrugged off)" in text
    assert said(text, "Hal Brandt rolls 0 0 0 0: Great (+2) + 0", "= Great (combat roll, Sword)")  # no penalty from it
    # kevlar: the stop roll (2dF for level II against a pistol); any face but all '-' stops: a Scratch
    stop = [p for p in prompts(lines) if p["kind"] == "roll" and "stops the bullet" in p["reason"]]
    assert [p["dice"] for p in stop] == ["2dF", "2dF"] and {p["who"] for p in stop} == {"Vera Lund"}
    assert "Vera Lund's Kevlar vest, level II rolls - 0: stops the bullet, a Scratch" in text
    assert "Vera Lund's Kevlar vest, level II rolls - -: the bullet gets through" in text
    assert said(
        text,
        "Gus Varga rolls + 0 0 0 for damage: 9mm automatic pistol BD 0 + 1 (all-out attack) + 1",
        "= Great (+2), DR 2: Fair (0): Very Hurt",
    )
    # a failed Health roll: the wound counts; the High Pain Threshold makes Very Hurt -1
    assert "Vera Lund rolls - - - 0 for Health: Mediocre (-1) vs Fair: feels it" in text
    assert said(text, "Vera Lund rolls + + 0 0: Good (+1) - 1 (Very Hurt) + 2", "= Great (dodge)")
    # maneuvers: all-out attack +1 to hit and damage, -2 next turn
    assert said(
        text, "Hal Brandt rolls 0 0 0 +: Great (+2) + 1 (all-out attack) + 1", "= Legendary (combat roll, Sword)"
    )
    assert said(
        text, "Hal Brandt rolls 0 0 0 0: Great (+2) - 2 (all-out attack last turn) + 0", "= Fair (combat roll, Sword)"
    )
    # reloading: one turn for a standard reload; a spare load used
    assert "Gus Varga has reloaded the 9mm automatic pistol (15 loaded)" in text
    assert "Ada Fenn has reloaded the Longbow (1 loaded)" in text
    # reload is offered only to a ranged weapon not full (Gus at 14 of 15; Hal has no ranged weapon)
    actions = {(p["who"], tuple(p["options"])) for p in prompts(lines) if p.get("reason") == "action"}
    assert all("reload" not in options for who, options in actions if who in ("Hal Brandt", "Kit Swale"))
    # Kit near death is no longer asked to act but can still be chosen as a target
    round4 = lines[next(i for i, line in enumerate(lines) if "Round 4" in line.get("log", [])) :]
    assert all(p["who"] != "Kit Swale" for p in prompts(round4))
    hal_target = next(p for p in prompts(round4) if p["who"] == "Hal Brandt" and p["reason"] == "target")
    assert hal_target["options"] == ["kit-swale", "ada-fenn", "gus-varga"]
    end = final(lines)
    assert end["result"] == {
        "winner": None,
        "loser": None,
        "method": "ended",
        "detail": "the GM ended the scene before round 5",
        "period": 4,  # the last round played
        "time": "",
        "fight_time": "0:12",
    }
    t = end["trackers"]
    assert (t["Gus Varga"]["ammo"], t["Gus Varga"]["reloads"]) == ({"pistol-9mm": 12}, {"pistol-9mm": 0})
    assert (t["Ada Fenn"]["ammo"], t["Ada Fenn"]["reloads"]) == ({"longbow": 0}, {"longbow": 1})
    assert (t["Vera Lund"]["ammo"], t["Vera Lund"]["reloads"]) == ({"pistol-45": 5}, {"pistol-45": 1})
    # FU-6: the Hurt Hal shrugged off in round 1 takes full effect when the GM ends the scene
    assert "The scene is over: Hal Brandt's shrugged-off Hurt takes full effect: -1 to every roll" in text
    assert t["Hal Brandt"]["suppressed"] == [] and t["Hal Brandt"]["penalty"] == -1
    assert t["Hal Brandt"]["marks"]["hurt"] == ["felt", "free"]
    # FU-7: ganged up on, Hal hits no one unless he beats every attacker, and his prompt says so first
    hal = next(p for p in prompts(lines) if p["who"] == "Hal Brandt" and p["kind"] == "roll")
    assert hal["note"] == "ganged up on: Hal Brandt hits no one unless this roll beats every attacker (FU-7)"
    # the advised target is never one already out while a foe still fights (issue 17)
    assert hal_target["advised"] == "ada-fenn"
    # each maneuver is its own option (FU-9): only aim and all-out attack are offered
    first = prompts(lines)[0]
    assert first["options"] == ["attack", "all-out-attack", "defend"] and first["also"] == ["end"]
    # FU-11: Ada, shooting while Hal attacks her in melee, defends with a roll of its own (her sword: a tie
    # with her Dodge), and that roll meets his blow
    ada = [p for p in prompts(lines) if p["who"] == "Ada Fenn" and p.get("reason") == "combat roll, Sword (defending)"]
    assert len(ada) == 1 and ada[0]["against"] == "Hal Brandt's combat roll"
    assert "Hal Brandt's Fair vs Ada Fenn's Good: Hal Brandt misses (RD -1)" in text
    assert "Vera Lund loses the aim: made to dodge (text: Aim)" in text
    assert boxes(t["Vera Lund"]) == {"scratch": 2, "hurt": 0, "very_hurt": 1, "incapacitated": 0, "near_death": 0}
    assert t["Vera Lund"]["penalty"] == -1 and t["Vera Lund"]["aim"] == 0  # made to dodge: the aim is lost
    assert t["Gus Varga"]["penalty"] == -2 and t["Kit Swale"]["status"] == "near death"
    assert [t[n]["side"] for n in t] == ["red", "red", "red", "blue", "blue"]


def test_golden_bear_reads_as_the_rules_say(tmp_path: Path):
    """Scale, the RD bonus and combat experience, ending with the "seeing the elephant" rolls."""
    proc, lines = golden_lines("fudge_bear", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # combat experience: Green capped Poor, Fair capped Fair, in danger
    first = [p for p in prompts(lines) if p["kind"] == "roll"][:2]
    assert first[0]["modifier_parts"][0] == ["Pistol Great, capped Poor (green)", -2]
    assert first[1]["modifier_parts"][0] == ["Rifle Good, capped Fair (fair)", 0]
    # scale (text's pattern, [R] table: 5 levels give 1 to hit and 2 damage), in the roll's prompt (FU-10)
    assert first[0]["modifier_parts"][1] == ["scale -5", 1] and first[0]["modifier"] == -1
    assert said(text, "Pete Cole rolls + + + 0: Poor (-2) + 1 (scale -5) + 3", "= Great (combat roll, Pistol)")
    assert "Pete Cole's Great vs Bruno's dodge Poor: Pete Cole hits (RD 4)" in text
    assert said(
        text, "Bruno rolls + + 0 0: Good (+1) - 2 (Very Hurt) - 1 (scale +5) + 2", "= Fair (combat roll, Claws)"
    )
    assert "Bruno's Fair vs Pete Cole's Poor: Bruno hits (RD 2)" in text
    # one roll, one result [D]: Bruno's roll, with its scale against Pete, meets Dina's attack too
    assert "Dina Marsh's Superb vs Bruno's Fair: Dina Marsh hits (RD 3)" in text
    # FU-11: Pete, no melee weapon and Brawling Poor, defends with his Dodge (Mediocre, capped Poor)
    pete = next(p for p in prompts(lines) if p["who"] == "Pete Cole" and "defending" in p.get("reason", ""))
    assert pete["modifier_parts"] == [["Dodge Mediocre, capped Poor (green)", -2]]
    # RD bonus RD-1
    assert said(
        text,
        "Pete Cole rolls 0 0 0 0 for damage: .22 pistol BD -2 - 2 (scale -5) + 3 (RD 4 - 1) + 0",
        "= Mediocre (-1): Hurt",
    )
    assert said(
        text, "Bruno rolls - - 0 0 for damage: Claws BD -1 + 2 (scale +5) + 1 (RD 2 - 1) - 2", "= Fair (0): Very Hurt"
    )
    # seeing the elephant: after the scene, all '+' raises one level; a Veteran rolls too, and the GM
    # names his gift (FU-8)
    elephant = [p for p in prompts(lines) if p["kind"] == "roll" and p["reason"] == "seeing the elephant"]
    assert [p["who"] for p in elephant] == ["Pete Cole", "Dina Marsh", "Bruno"]
    assert {p["dice"] for p in elephant} == {"4dF"}
    gift = prompts(lines)[-1]
    assert gift["reason"] == "the gift the GM gives Bruno" and gift["advised"] == "combat-reflexes"
    assert gift["also"] == ["other"]
    assert text[-5:] == [
        "Pete Cole rolls + + + +: has seen the elephant, now fair",
        "Dina Marsh rolls + + 0 +: still fair",
        "Bruno rolls + + + +: a Veteran improves: the GM names a gift",
        "Bruno gains the gift thick fur (FU-8)",
        "Pete Cole & Dina Marsh def. Bruno by incapacitation, round 2",
    ]
    end = final(lines)
    assert end["result"] == {
        "winner": "Pete Cole & Dina Marsh",
        "loser": "Bruno",
        "method": "incapacitated",
        "detail": "incapacitated",
        "period": 2,
        "time": "",
        "fight_time": "0:06",
    }
    t = end["trackers"]
    assert [t[n]["experience"] for n in ("Pete Cole", "Dina Marsh", "Bruno")] == ["fair", "fair", "veteran"]
    assert t["Bruno"]["gifts"] == ["thick-fur"]
    assert boxes(t["Bruno"]) == {"scratch": 0, "hurt": 1, "very_hurt": 1, "incapacitated": 1, "near_death": 0}


def test_golden_gang_reads_as_the_rules_say(tmp_path: Path):
    """Issue 17: an NPC group, FU-7 twice, every modifier in the prompt (FU-10), a GM's modifier and a
    defender's best melee skill or Dodge (FU-11), the GM's end at a damage roll, and FU-6."""
    proc, lines = golden_lines("fudge_gang", tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = logs(lines)
    # the same card named twice: an NPC group, numbered; the choices are listed by key, shown by name
    target = next(p for p in prompts(lines) if p.get("reason") == "target")
    assert target["options"] == ["bors-holt-1", "bors-holt-2", "kit-swale"]
    assert list(final(lines)["trackers"]) == ["Hal Brandt", "Bors Holt 1", "Bors Holt 2", "Kit Swale"]
    # FU-7: ganged up on, Hal hits no one unless he beats every attacker, his target a third or not
    assert "Hal Brandt's Superb vs Kit Swale's Mediocre: no hit (Hal Brandt did not beat Bors Holt 1, RD 4)" in text
    assert "Hal Brandt's Great vs Bors Holt 1's Fair: no hit (Hal Brandt did not beat Kit Swale, RD 2)" in text
    # FU-10: gang-up and vitals in the prompt, before the roll; FU-11: the GM's modifier, then in the prompt too
    hal = [p for p in prompts(lines) if p["who"] == "Hal Brandt" and p.get("reason") == "combat roll, Sword"]
    assert hal[1]["modifier_parts"] == [["Sword Great", 2], ["gang-up of 3", -2], ["vitals", -3]]
    assert hal[1]["modifier"] == -3 and hal[1]["also"] == ["end", "gm"]
    assert "GM: +1 to Hal Brandt's combat roll, Sword (higher ground)" in text
    assert hal[2]["modifier"] == -2 and hal[2]["modifier_parts"][-1] == ["GM: higher ground", 1]
    # FU-11: Kit defends with the higher of his best melee skill and his Dodge
    kit = next(p for p in prompts(lines) if p["who"] == "Kit Swale" and p.get("kind") == "roll")
    assert kit["reason"] == "combat roll, Knife (defending)"
    # the GM ends the scene at a damage roll; FU-6: the shrugged-off Incapacitated takes full effect
    assert "Hal Brandt marks an Incapacitated box (shrugged off)" in text
    assert text[-3:] == [
        "The GM ends the scene during the damage",
        "The scene is over: Hal Brandt's shrugged-off Incapacitated takes full effect: incapacitated",
        "Draw (the GM ended the scene; then Hal Brandt incapacitated), round 3",
    ]
    end = final(lines)
    assert end["result"]["detail"] == "the GM ended the scene; then Hal Brandt incapacitated"
    assert end["result"]["fight_time"] == "0:09"
    t = end["trackers"]["Hal Brandt"]
    assert (t["status"], t["suppressed"], t["marks"]["incapacitated"]) == ("incapacitated", [], ["felt"])


def test_golden_refusals_change_nothing(tmp_path: Path):
    """D-5: each refusal says why and changes nothing: the script without its refused lines gives the same
    accepted answers, logs and final line, with exit status 0."""
    path = GOLDEN / "fudge_refusals.txt"
    proc, lines = golden_lines("fudge_refusals", tmp_path)
    assert proc.returncode == 1, proc.stderr
    refused = [line for line in lines if "refused" in line]
    assert [r["refused"] for r in refused] == [
        "aim",
        "kit-swale",
        "aldo-reyne",
        "done",
        "gm +1 uphill",
        "reload",
        "+ - 0 2",
        "+ + 0",
        "3",
        "gm +1",
        "gm 0 luck",
        "x",
        "+ + + + +",
        "e",
    ]
    assert refused[0]["reason"] == "action: choose one of attack, defend (or type end)"
    assert (
        refused[-1]["reason"] == "action: choose one of attack, defend (or type end)"
    )  # only the whole word ends the scene
    assert (
        refused[1]["reason"] == "target: choose one of Bors Holt, Hal Brandt (or type end)"
    )  # by name, as listed (issue 17)
    assert refused[4]["reason"].startswith("a GM's modifier is added to a roll that reads its total")
    assert "'2' is not a face" in refused[6]["reason"]
    assert "expected 4 faces for 4dF" in refused[7]["reason"]
    assert refused[9]["reason"].endswith("(the reason is logged with it: say why)")  # FU-11
    assert refused[10]["reason"].endswith("(from -10 to +10, not 0)")
    # a refusal writes no new prompt: the next line is another refusal or the answer accepted
    for before, after in itertools.pairwise(lines):
        if "refused" in before:
            assert "prompt" not in after
    args, _ = scripting.header(path)
    kept = [line["accepted"] for line in lines if "accepted" in line]
    assert len(kept) + len(refused) == len(answers_of(path))  # every line read was answered one way or the other
    clean, plain = script(tmp_path, *args, stdin="".join(a + "\n" for a in kept))
    assert clean.returncode == 0, clean.stderr
    assert [line for line in lines if "refused" not in line] == plain
    assert final(plain)["result"]["method"] == "ended"


# --- the protocol ----------------------------------------------------------------


@pytest.mark.slow  # a real process
def test_the_prompt_is_flushed_before_the_answer_is_read(tmp_path: Path):
    with spawn(tmp_path, "script", "fudge", "--fighters", str(CARDS), *SKIRMISH) as proc:
        out = LineReader(proc.stdout)
        first = json.loads(out.line())["prompt"]
        assert (first["kind"], first["who"], first["side"], first["reason"], first["advised"]) == (
            "choice",
            "Kit Swale",
            "red",
            "action",
            "attack",
        )
        assert first["options"] == ["attack", "defend"] and first["also"] == ["end"]
        proc.stdin.write(b"attack\n")
        proc.stdin.flush()
        assert json.loads(out.line()) == {"accepted": "attack", "virtual": False, "log": []}
        target = json.loads(out.line())
        assert target == {
            "prompt": {
                "kind": "choice",
                "who": "Kit Swale",
                "side": "red",
                "reason": "target",
                "options": ["hal-brandt", "vera-lund"],
                "advised": "hal-brandt",
                "also": ["end"],  # the GM may end the scene at any prompt (issue 17)
            }
        }
        proc.stdin.close()
        end = json.loads(out.line())["final"]
        assert end["over"] is False and end["result"] is None
        assert end["trackers"]["Kit Swale"]["action"] is None
        assert proc.wait(timeout=TIMEOUT) == 0


def test_roll_answers_are_virtual_and_reproducible(tmp_path: Path):
    """The app rolls the prompted dice (or picks the advised choice) with --seed, reproducibly."""
    stdin = "roll\n" * 30
    first, lines = script(tmp_path, "--seed", "11", *SKIRMISH, stdin=stdin)
    second, _ = script(tmp_path, "--seed", "11", *SKIRMISH, stdin=stdin)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    accepted = [line for line in lines if "accepted" in line]
    assert accepted and all(line["virtual"] for line in accepted)
    for prompt, answer in itertools.pairwise(lines):
        if "prompt" in prompt and "accepted" in answer and prompt["prompt"]["kind"] == "roll":
            faces = answer["accepted"].split()
            assert len(faces) == len(Dice.parse(prompt["prompt"]["dice"]).dice) and set(faces) <= {"+", "-", "0"}


def test_no_names_is_the_rosters_first_two(tmp_path: Path):
    """--fighters adds to the shipped roster: with no names, its first two cards meet."""
    proc, lines = script(tmp_path, stdin="")
    assert proc.returncode == 0, proc.stderr
    shipped = [c["name"] for c in yaml.safe_load(SHIPPED_ROSTER.read_text(encoding="utf-8"))["fighters"]]
    assert list(final(lines)["trackers"]) == shipped[:2]


# --- setup errors: exit 2 ----------------------------------------------------------


SEVENTEEN = [arg for i in range(9) for arg in ("--red", "Aldo Reyne")] + [
    arg for i in range(8) for arg in ("--blue", "Bors Holt")
]
"""Seventeen combatants: one more than a scene takes (issue 17: up to 16)."""


@pytest.mark.parametrize(
    "args, fragment",
    [
        (SEVENTEEN, "a Fudge scene has 2 to 16 combatants, not 17"),
        (["--red", "Aldo Reyne", "--red", "Bors Holt"], "name both corners"),
        (["--red", "Aldo Reyne", "--blue", "Nobody Here"], "Nobody Here"),
        (["--red", "Aldo Reyne", "--blue", "Bors Holt", "--option", "damage_dice=5"], "damage_dice"),
        (["--red", "Aldo Reyne", "--blue", "Bors Holt", "--option", "rounds=3"], "unknown option 'rounds'"),
        (["--red", "Aldo Reyne", "--blue", "Bors Holt", "--option", "maneuvers=on"], "unknown option 'maneuvers'"),
    ],
)
def test_a_scene_that_cannot_start_is_a_usage_error(tmp_path: Path, args: list[str], fragment: str):
    proc, _ = script(tmp_path, *args, stdin="attack\n")
    assert_usage_error(proc, fragment)


def test_options_lists_the_fudge_options(tmp_path: Path):
    """FU-9: each maneuver is its own option."""
    proc = run(tmp_path, "options", "fudge")
    assert proc.returncode == 0, proc.stderr
    for words in (
        "health_rolls=off|on  (default off)",
        "damage_dice=4|3|2|1  (default 4)",
        "rd_bonus=off|rd-1|rd|rd-2  (default off)",
        "aim=off|on  (default off)",
        "all_out_attack=off|on  (default off)",
        "all_out_defense=off|on  (default off)",
        "empty_the_clip=off|on  (default off)",
        "hit_location=off|on  (default off)",
        "suicidal_aggression=off|on  (default off)",
        "three_round_burst=off|on  (default off)",
        "wild_swing=off|on  (default off)",
    ):
        assert words in proc.stdout, words
    assert "maneuvers=" not in proc.stdout


def test_the_same_card_named_again_is_an_npc_group(tmp_path: Path):
    """Issue 17: three Bors Holts are "Bors Holt 1", "Bors Holt 2" and "Bors Holt 3"; a card named once keeps
    its name; a scene of twelve plays."""
    args = ["--red", "Aldo Reyne", "--red", "Kit Swale"] + [a for _ in range(3) for a in ("--blue", "Bors Holt")]
    proc, lines = script(tmp_path, *args, stdin="")
    assert proc.returncode == 0, proc.stderr
    assert list(final(lines)["trackers"]) == ["Aldo Reyne", "Kit Swale", "Bors Holt 1", "Bors Holt 2", "Bors Holt 3"]
    twelve = [a for _ in range(6) for a in ("--red", "Aldo Reyne")] + [
        a for _ in range(6) for a in ("--blue", "Hal Brandt")
    ]
    proc, lines = script(tmp_path, "--seed", "3", *twelve, stdin="roll\n" * 400)
    assert proc.returncode == 0, proc.stderr
    assert len(final(lines)["trackers"]) == 12 and "Hal Brandt 6" in final(lines)["trackers"]


def test_golden_cards_load_cleanly(tmp_path: Path):
    """The golden characters are a valid Fudge card file of ten."""
    proc = run(tmp_path, "fighters", "check", str(CARDS))
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith("10 cards loaded, 0 problems")


if __name__ == "__main__":
    if sys.argv[1:] == ["regen"]:
        scripting.regen("fudge", CARDS, PATTERN)
    else:
        print(__doc__)
