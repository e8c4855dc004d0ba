"""Cage Match!: the play-by-play, the reveal's words and the odds read as English whatever a sheet
names its moves.

A sheet names a move as its player likes: in the plural ("Ground punches", "Elbows from guard"), as
a phrase ("Ground and pound", "Pass the guard"). No rule can tell a plural from such a name, so a
move's name is never the subject of a verb that must agree with it: each line puts it in a label
("Ground punches: a miss"), as an object ("too late with the ground punches") or after a
participle ("Double legs unanswered by Parry") (docs/decisions.md, "A move's name in a sentence").

The fights are played on the pure ruleset with fixed faces (the harness of
``test_cage_match_rules``), and at random by the app's own rolls (ruling D-6) from fixed seeds.
"""

from __future__ import annotations

import random
import re

import pytest
from test_cage_match_rules import GREG, TABLES, Fight, mv, sheet

from companion.ruleset import RollPrompt, Setup
from companion.rulesets.cage_match.odds import exchange, roll_lines
from companion.rulesets.cage_match.ruleset import RULESET
from companion.session import Session

PLURAL = (
    mv("stiff-jabs", "jab", 4, gain=1),
    mv("body-shots", "strike", 7, "body"),
    mv("knees-and-elbow", "strike", 8, dice=-1, positions=["clinching", "collar_tie"]),
    mv("slips", "parry"),
    mv("heavy-hips", "sprawl"),
    mv("double-legs", "shoot", 4, "body"),
    mv("hip-throws", "throw", 8, "body"),
    mv("ankle-picks", "takedown", 6, "body"),
    mv("collar-ties", "collar_tie"),
    mv("hand-fights", "break"),
    mv("elbows-in", "protect", gain=1),
    mv("deep-breaths", "focus"),
    mv("hands-down", "taunt", gain=2, drain=2),
    mv("ground-punches", "gnp", 6),
    mv("elbows-from-guard", "gnp", 5, dice=-1),
    mv("heel-hooks", "submission", 6, "body"),
    mv("guard-passes", "pass_guard"),
    mv("hip-bumps", "sweep"),
    mv("shrimps", "escape"),
)
"""A move of every type, each named in the plural ("Ground punches", "Knees and elbow")."""
RED, BLUE = sheet("Red", moves=PLURAL), sheet("Blue", moves=PLURAL)

AGREES = "misses|lands|comes|gains|succeeds|hits|stops|fails|goes|does|is|has|breaks|wins|taps|holds|beats"
"""Verbs in the third person singular: after a plural name, each is a blunder."""


def subject_of_a_verb(lines: list[str], names: set[str]) -> list[str]:
    """The lines where a move's name (in any case) is followed by a verb that agrees with it."""
    pattern = re.compile(
        r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + rf")\s+(?:{AGREES})\b",
        re.IGNORECASE,
    )
    return [line for line in lines if pattern.search(line)]


def move_names(*cards) -> set[str]:
    """The names the sheets give their moves (the rules' own notes name the types, "Jab beats shoot or
    throw", in the singular the text gives them)."""
    return {m.name for card in cards for m in (*card.moves, *card.power_moves, *card.specials)}


def test_a_miss_reads_as_english_with_a_plural_name():
    """The review: "Ground punches misses". A miss is said as a label, as a hit is
    ("Ground punches: 7 to ..."): "Ground punches: a miss" (text, the attack dice table: double 1s miss)."""
    f = Fight(GREG, BLUE, position="ground", dominant=0)
    f("red=ground-punch blue=elbows-in")  # PROTECTS: Greg's ground punches against the cover-up
    assert f("1 1") == ["Greg O'Connor rolls 1+1-1 = 1 for ground punches — double 1s"]  # fish out of water
    assert "Ground punches: a miss" in f("3 3")


@pytest.mark.parametrize(
    "position, dominant, picks, faces, line",
    [
        # TRADE BLOWS: each attack roll read on its own
        ("standing", None, "red=stiff-jabs blue=stiff-jabs", ("1 1",), "Stiff jabs: a miss"),
        ("standing", None, "red=body-shots blue=body-shots", ("1 1",), "Body shots: a miss"),
        ("clinching", None, "red=knees-and-elbow blue=knees-and-elbow", ("1 1",), "Knees and elbow: a miss"),
        ("ground", 0, "red=ground-punches blue=ground-punches", ("1 1",), "Ground punches: a miss"),
        ("ground", 1, "red=elbows-from-guard blue=ground-punches", ("1 1",), "Elbows from guard: a miss"),
        # SHOOTS IN: an undefended attack roll
        ("standing", None, "red=double-legs blue=slips", ("1 1",), "Double legs: a miss"),
        ("standing", None, "red=hip-throws blue=slips", ("1 1",), "Hip throws: a miss"),
        # WHO FASTER: the faster one's roll still reads on the table
        ("clinching", None, "red=ankle-picks blue=knees-and-elbow", ("1 1", "1 1"), "Ankle picks: a miss"),
        ("ground", 0, "red=heel-hooks blue=elbows-from-guard", ("1 1", "1 1"), "Heel hooks: a miss"),
    ],
)
def test_misses_of_every_attack_read_as_english(position, dominant, picks, faces, line):
    """A miss of each attacking type, every name a plural: the miss is a label, never "Xs misses"."""
    f = Fight(RED, BLUE, position=position, dominant=dominant)
    log = f(picks, *faces)
    assert line in log, log
    assert subject_of_a_verb(log, move_names(RED, BLUE)) == []


def test_the_lines_that_name_a_move_with_a_verb_read_as_english():
    """The lines beside the misses that once made a move's name a verb's subject, each as it reads now."""
    late = Fight(RED, BLUE)
    assert late("red=stiff-jabs blue=double-legs")[-1] == "Blue is too late with the double legs"  # SWIFT ATTACK
    sprawl = Fight(RED, BLUE)
    sprawl("red=heavy-hips blue=double-legs")  # SPRAWL N' BRAWL
    assert "Red sprawls and stops the double legs" in sprawl.log
    hold = Fight(RED, BLUE, position="ground", dominant=0)
    hold("red=heel-hooks blue=ground-punches", "5 5", "1 2")  # WHO FASTER: Red's heel hooks land
    assert "Red has the heel hooks on: one more won roll-off and Blue taps" in hold.log
    assert hold.prompt.headline() == "Red: roll 2d6 for heel hooks (the hold)"  # not "(heel hooks hold)"
    reveal = Fight(RED, BLUE)
    assert reveal("red=deep-breaths blue=elbows-in")[1] == (
        "Deep breaths v Elbows in: TAUNTS! No rolls; focus gained in full by Deep breaths, as usual by Elbows in."
    )
    assert subject_of_a_verb(late.log + sprawl.log + hold.log + reveal.log, move_names(RED, BLUE)) == []


def test_no_line_of_whole_fights_makes_a_move_s_name_a_verb_s_subject():
    """Whole fights played by the app (D-6) from fixed seeds, every move named in the plural: no line of
    the play-by-play, the reveal's words or the odds of a roll reads "Hip throws misses"."""
    names = move_names(RED, BLUE)
    lines: list[str] = []
    for seed in range(8):
        session = Session(RULESET, Setup("cage_match", (RED, BLUE), {}, TABLES), rng=random.Random(seed))
        for _ in range(400):
            if session.over:
                break
            if isinstance(session.prompt, RollPrompt):
                turn = RULESET.live(session.state)
                ex = exchange(turn)
                if ex is not None:
                    compact, sections = roll_lines(turn, ex)
                    assert compact, session.prompt.headline()  # the tray's odds are never blank at a roll
                    lines += [x.label for x in compact] + [title for title, _ in sections]
                    lines += [x.label for _, shown in sections for x in shown]
            lines += session.roll().log
    assert sum(": a miss" in line for line in lines) >= 3  # the fights had their misses
    assert subject_of_a_verb(lines, names) == []
