"""Fudge's odds (issue 8, docs/odds_design.md 4.4) against a plain brute force: every face of the
4dF rolls still to come typed into the engine's own ``apply``, the hits and wounds read from its log.

The odds read 4dF by its sum (9 classes of the 81 faces, FU-1); the brute force types each of the 81
faces. Damage prompts that read alike (the same attacker, reason, modifier and note) read their dice
alike, so the brute force walks the damage faces of each such prompt once.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest
from test_fudge_rules import A, B, card, gang_of_three, gang_on_hero, play, prompt, scene, shot

from companion.ruleset import Answer, RollPrompt
from companion.rulesets.fudge.ruleset import RULESET, WOUND_WORDS

WORDS = {v: k for k, v in WOUND_WORDS.items()}
FACES = [" ".join(f) for f in product("-0+", repeat=4)]
assert len(FACES) == 81


def faces_of(p: RollPrompt) -> list[tuple[str, Fraction]]:
    """Every total of the roll's Fudge dice, typed as one way of rolling it, with its chance: the rules
    read the total (FU-1), so one throw a total stands for the 3**n throws (9 applies a 4dF roll, not 81)."""
    ways: dict[int, list[tuple[str, ...]]] = {}
    for throw in product("-0+", repeat=len(p.dice.dice)):
        ways.setdefault(sum({"-": -1, "0": 0, "+": 1}[face] for face in throw), []).append(throw)
    n = 3 ** len(p.dice.dice)
    return [(" ".join(throws[0]), Fraction(len(throws), n)) for _, throws in sorted(ways.items())]


def wound_in(log: list[str], defender: str) -> str | None:
    """The wound the damage or stop roll gave ``defender``, from the log line that says it."""
    for line in log:
        if line.startswith(f"{defender}'s ") and "stops the bullet, a Scratch" in line:
            return "scratch"
        m = re.search(r" for damage: .*: ([A-Za-z. ]+)$", line)
        if m:
            return WORDS[m.group(1)]
    return None


def brute(state, attacker: str, defender: str, memo: dict | None = None) -> dict[str, Fraction]:
    """Walk every face of every roll from ``state`` to the wound ``attacker`` deals ``defender`` this
    round: ``hit`` (its chance) and each wound (``none`` when he misses)."""
    memo = {} if memo is None else memo
    p = prompt(state)
    out: dict[str, Fraction] = {}

    def add(dist: dict[str, Fraction], q: Fraction) -> None:
        for k, v in dist.items():
            out[k] = out.get(k, Fraction(0)) + q * v

    if not isinstance(p, RollPrompt) or p.reason == "health roll":
        return {"none": Fraction(1)}  # the round is past this attack's damage without it: a miss
    ours = (p.reason == f"damage to {defender}" and p.who == attacker) or (
        p.reason.endswith("stops the bullet") and p.who == defender
    )
    if p.reason.startswith("damage to") or p.reason.endswith("stops the bullet"):
        if not ours:
            return brute(RULESET.apply(state, Answer(faces_of(p)[0][0])).state, attacker, defender, memo)
        key = (p.who, p.reason, p.modifier, p.note, len(p.dice.dice))
        if key not in memo:
            got: dict[str, Fraction] = {"hit": Fraction(1)}
            for text, chance in faces_of(p):
                out_ = RULESET.apply(state, Answer(text))
                wound = wound_in(list(out_.log), defender)
                if wound is None:  # the bullet got through: the damage roll comes next
                    sub = brute(out_.state, attacker, defender, memo)
                    for k, v in sub.items():
                        if k != "hit":
                            got[k] = got.get(k, Fraction(0)) + v * chance
                else:
                    got[wound] = got.get(wound, Fraction(0)) + chance
            memo[key] = got
        return memo[key]
    # a combat roll or a dodge: every face
    for text, chance in faces_of(p):
        out_ = RULESET.apply(state, Answer(text))
        hits = [
            line
            for line in out_.log
            if line.startswith(f"{attacker}'s ") and f" vs {defender}" in line and f"{attacker} hits" in line
        ] + [line for line in out_.log if f"{attacker} hits" in line and f"vs Poor ({defender}" in line]
        if prompt(out_.state).reason.startswith(("combat roll", "dodge")) or hits:
            add(brute(out_.state, attacker, defender, memo), chance)
        else:
            add({"none": Fraction(1)}, chance)
    return out


def odds_of(state, attacker: str, defender: str) -> dict[str, Fraction]:
    """The odds' figures for that exchange: its hit chance and each wound, from the detail."""
    odds = RULESET.odds(state)
    assert odds is not None
    (lines,) = [ls for title, ls in odds.sections if title == f"{attacker} on {defender}"]
    out = {}
    for line in lines:
        key = "hit" if line.key.startswith("hit:") else line.key.split(":")[-1]
        out[key] = Fraction(line.p).limit_denominator(81**3)
    return {k: v for k, v in out.items() if v}


def close(got: dict[str, Fraction], want: dict[str, Fraction]) -> None:
    keys = set(got) | set(want)
    for k in keys:
        assert abs(float(got.get(k, 0)) - float(want.get(k, 0))) < 1e-9, (k, got, want)


def test_a_melee_duel_by_every_face_of_both_rolls() -> None:
    """Aldric and Grak, Fair swordsmen, attack each other (one roll-off, FU-2): at Aldric's roll, every
    face of his roll and of Grak's (6,561 pairs) through apply, then every damage face of each RD.
    By hand: he hits when his sum beats Grak's, (6561 - 1107 ties) / 2 = 2727 pairs, less the 4 where
    his -3 (below Poor) beats Grak's -4: no hit below Poor (FU-2), 2723 in 6561."""
    s, _ = play(scene(A, B), "attack", "attack")
    assert prompt(s).who == "Aldric" and prompt(s).reason.startswith("combat roll")
    want = brute(s, "Aldric", "Grak")
    assert want["hit"] == Fraction(2723, 6561)
    close(odds_of(s, "Aldric", "Grak"), want)


@pytest.mark.parametrize(
    "name",
    [
        "a shot at an aware dodger",
        "a gang of three, the hero's roll",
        "a leather-clad defender, PD and DR",
        "kevlar against a pistol",
        "a defender ganged up on, attacking a third (FU-7)",
        "a vitals attack with a GM's modifier (FU-10, FU-11)",
    ],
)
def test_the_last_roll_of_an_exchange_by_every_face(name: str) -> None:
    if name == "a shot at an aware dodger":
        s, _ = play(scene(card("Archer", "bow"), card("Grak", dodge="Good")), "attack", "aware", "defend", "0 0 0 +")
        pair = ("Archer", "Grak")
    elif name == "a gang of three, the hero's roll":
        s, _ = play(gang_of_three(), "0 0 0 0", "+ 0 0 0", "- 0 0 0")
        pair = ("Hero", "Orc C")
    elif name == "a leather-clad defender, PD and DR":
        s, _ = play(
            scene(A, card("Grak", armor="leather"), armor_pd=True, armor_dr=True, rd_bonus="rd-1"),
            "attack",
            "defend",
            "+ 0 0 0",
        )
        pair = ("Aldric", "Grak")
    elif name == "kevlar against a pistol":
        s = shot("pistol", "kevlar-ii")
        s, _ = play(s)
        pair = ("Aldric", "Grak")
    elif name.startswith("a defender ganged up on"):
        s = gang_on_hero(None, "attack", "shaman")
        s, _ = play(s, "+ 0 0 0", "- 0 0 0")  # the orcs' rolls made; the Shaman's and Hero's to come
        pair = ("Hero", "Shaman")
    else:
        s = scene(card("Aldric", Sword="Superb"), B, hit_location=True)
        s, _ = play(s, "hit-location", "vitals", "attack", "gm +1 uphill")
        assert prompt(s).modifier_parts == (("Sword Superb", 3), ("vitals", -3), ("GM: uphill", 1))
        pair = ("Aldric", "Grak")
    p = prompt(s)
    assert isinstance(p, RollPrompt)
    if p.reason.endswith("stops the bullet"):
        odds = RULESET.odds(s)
        want = brute(s, *pair)
        got = {
            line.key: Fraction(line.p).limit_denominator(10**6)
            for line in dict(odds.sections)[f"the wound to {pair[1]}"]
        }
        close({k: v for k, v in got.items() if v}, {k: v for k, v in want.items() if k != "hit"})
        return
    close(odds_of(s, *pair), brute(s, *pair))


def test_a_damage_roll_s_wounds_by_every_face() -> None:
    """At the damage prompt: each wound's chance is the share of the 81 faces that give it (FU-3)."""
    s, _ = play(scene(A, B), "attack", "defend", "+ + 0 0", "0 0 0 0")
    p = prompt(s)
    assert p.reason == "damage to Grak"
    counts: dict[str, int] = {}
    for text in FACES:
        wound = wound_in(list(RULESET.apply(s, Answer(text)).log), "Grak")
        counts[wound] = counts.get(wound, 0) + 1
    odds = RULESET.odds(s)
    got = {line.key: line.p for line in dict(odds.sections)["the wound to Grak"]}
    assert {k: round(v * 81) for k, v in got.items() if v} == counts
    hurt = next(line.p for line in odds.lines if line.key == "hurt")
    assert round(hurt * 81) == sum(n for w, n in counts.items() if w not in ("none", "scratch"))


def test_no_odds_at_a_declaration_and_none_once_over() -> None:
    s = scene(A, B)
    assert prompt(s).reason == "action" and RULESET.odds(s) is None


@pytest.mark.parametrize(
    "name",
    [
        "the attacker's roll, a defender who may hit back (FU-2, FU-11)",
        "the defender's roll, his blow back (FU-2, FU-11)",
        "a shooter's melee defence, a roll of its own (FU-11)",
        "a sword against the shooter's defence",
    ],
)
def test_the_blow_back_and_the_melee_defence_by_every_face(name: str) -> None:
    """The odds of the exchanges the audit's fixes added, against every face typed into ``apply``."""
    archer = card("Maeve", "bow", Bow="Superb", Brawling="Mediocre", dodge="Good")
    if name.startswith("the attacker's roll"):
        s, _ = play(scene(A, B, rd_bonus="rd"), "attack", "defend")
        pair = ("Grak", "Aldric")
    elif name.startswith("the defender's roll"):
        s, _ = play(scene(A, B, rd_bonus="rd"), "attack", "defend", "+ 0 0 0")
        pair = ("Grak", "Aldric")
    elif name.startswith("a shooter's"):  # Grak unaware of the shot: no dodge for the brute force to walk
        s, _ = play(scene(archer, B), "attack", "unaware", "attack", "0 0 0 0")
        pair = ("Grak", "Maeve")
    else:
        s, _ = play(scene(archer, B), "attack", "aware", "attack", "0 0 0 0", "+ 0 0 0")
        pair = ("Grak", "Maeve")
    p = prompt(s)
    assert isinstance(p, RollPrompt) and p.reason.startswith("combat roll")
    want = brute(s, *pair)
    assert want["hit"] > 0
    close(odds_of(s, *pair), want)
    # under "hits", the share of no wound counts the misses too, and says so (a new-user trial read it as a sum)
    nones = [line for _, lines in RULESET.odds(s).sections for line in lines if line.key.endswith(":none")]
    assert nones and all(line.label == "no wound (misses too)" for line in nones)
    if name.startswith("the defender's roll"):
        lines = {line.key: line.label for line in RULESET.odds(s).lines}
        assert lines["hit:1>0"] == "hits Aldric back"  # not "hits back Aldric" (a new-user trial)
