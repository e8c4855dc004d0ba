"""PAF's odds (issue 8, docs/odds_design.md 4.5) against a plain brute force: every
percentile face typed into the engine's own ``apply`` and read from its log."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from test_paf_rules import ALDRIC, GRAK, char, orc, play, prompt, scene, to_attack, with_hp

from companion.ruleset import Answer, RollPrompt
from companion.rulesets.paf.ruleset import RULESET

DAMAGE = re.compile(r"= (\d+) damage to ")


def band_of(log: list[str]) -> str:
    """How the log reads one attack roll."""
    text = "\n".join(log)
    if "a critical hit" in text:
        return "critical"
    if "fumbles" in text:
        return "fumble"
    return "hit" if re.search(r"needs \d+: hits ", text) else "miss"


def oracle_bands(state) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for roll in range(1, 101):
        log = RULESET.apply(state, Answer("00" if roll == 100 else f"{roll:02d}")).log
        band = band_of(list(log))
        out[band] = out.get(band, Fraction(0)) + Fraction(1, 100)
    return out


def every_face(p: RollPrompt) -> list[str]:
    """Each combination of the prompt's dice, typed as a player would."""
    combos = [[]]
    for die in p.dice.dice:
        combos = [c + [v] for c in combos for v in range(die.low, die.high + 1)]
    return [" ".join("00" if v == 100 else str(v) for v in c) for c in combos]


DEPTH = 3
"""Critical rolls followed ("roll again if no shield") before the brute force stops counting."""


def oracle_damage(state, depth: int = DEPTH) -> Fraction:
    """The damage the next damage roll deals on average, walking every face: a critical roll's
    every face (its table may ask to roll again: past ``depth`` such rolls the path counts 0,
    so the brute force is short by at most q^depth of the largest damage), then every face of
    the damage dice; any other roll on the way (a stunned die, a dexterity check) is answered
    with its lowest face."""
    p = RULESET.prompt(state)
    if isinstance(p, RollPrompt) and p.reason == "damage":
        totals = []
        for text in every_face(p):
            log = RULESET.apply(state, Answer(text)).log
            totals.append(int(next(m.group(1) for line in log if (m := DAMAGE.search(line)))))
        return Fraction(sum(totals), len(totals))
    if isinstance(p, RollPrompt) and p.reason == "critical":
        if depth == 0:
            return Fraction(0)
        faces = every_face(p)
        total = Fraction(0)
        for t in faces:
            out = RULESET.apply(state, Answer(t))
            if "no damage roll: the blow kills outright" not in out.log:  # killed outright: no damage [D]
                total += oracle_damage(out.state, depth - 1)
        return total / len(faces)
    if isinstance(p, RollPrompt):
        return oracle_damage(
            RULESET.apply(
                state,
                Answer(str(p.dice.dice[0].low) if len(p.dice.dice) == 1 else " ".join(str(d.low) for d in p.dice.dice)),
            ).state,
            depth,
        )
    return oracle_damage(RULESET.apply(state, Answer(p.advised or p.options[0].key)).state, depth)


SCENES = {
    "a long sword on leather": lambda: to_attack(scene(ALDRIC, GRAK)),
    "a strong mace on an orc": lambda: play(
        scene(char("Brute", strength=18, weapons=[{"weapon": "Mace, Footmans"}]), orc("Orc")),
        "5",
        "3",
        "attack",
    )[0],
    "a sling, no strength (PA-8)": lambda: play(
        scene(char("Slinger", strength=18, weapons=[{"weapon": "Sling, Bullet"}]), GRAK), "5", "3", "shoot", "medium"
    )[0],
    "a sling made for its wielder's strength (PA-8)": lambda: play(
        scene(char("Slinger", strength=18, weapons=[{"weapon": "Sling, Bullet", "made_for_strength": True}]), GRAK),
        "5",
        "3",
        "shoot",
        "short",
    )[0],
    "a mace on a two-handed sword, the shield unused (PA-10)": lambda: play(
        scene(
            char("Clubber"),
            char("Hero", strength=17, shield=True, helm="open", weapons=[{"weapon": "Sword, Two-Handed"}]),
        ),
        "5",
        "3",
        "attack",
    )[0],
    "a club on a shielded, helmed foe": lambda: play(
        scene(char("Clubber", weapons=[{"weapon": "Club"}]), char("Tin", armor="plate", shield=True, helm="visored")),
        "5",
        "3",
        "attack",
    )[0],
}


@pytest.mark.parametrize("name", list(SCENES))
def test_the_attack_odds_are_the_engines_own_reading_of_every_face(name: str) -> None:
    state = SCENES[name]()
    p = prompt(state)
    assert p.kind == "roll" and p.reason in ("attack", "shot"), p
    odds = RULESET.odds(state)
    by = {line.key: Fraction(line.p).limit_denominator(1000) for line in odds.lines if line.kind == "chance"}
    bands = oracle_bands(state)
    assert by["hit"] == bands.get("hit", 0) + bands.get("critical", 0)
    assert by["critical"] == bands.get("critical", 0) and by["fumble"] == bands.get("fumble", 0)
    detail = dict(odds.sections)
    assert {line.key: Fraction(line.p).limit_denominator(1000) for line in detail["the roll"]} == {
        k: bands.get(k, Fraction(0)) for k in ("critical", "hit", "miss", "fumble")
    }


@pytest.mark.parametrize("name", list(SCENES))
def test_the_damage_to_expect_is_the_mean_over_every_face(name: str) -> None:
    """On an ordinary hit: every face of the damage dice through apply; on a critical: every face
    of the critical table, then every face of the damage dice."""
    state = SCENES[name]()
    p = prompt(state)
    odds = RULESET.odds(state)
    damage = {line.key: line.p for line in dict(odds.sections)["damage"]}
    needed = p.target
    crit = int(re.search(r"critical on (\d+)\+", p.note).group(1))
    ordinary = RULESET.apply(state, Answer(f"{needed:02d}")).state
    assert damage["on_hit"] == pytest.approx(float(oracle_damage(ordinary)), abs=1e-9)
    critical = RULESET.apply(state, Answer("00" if crit == 100 else f"{crit:02d}")).state
    assert prompt(critical).reason == "critical"
    # rows that roll again: 2 of 100 at most (blunt 67-68, edged 64), so the cut is below 0.1^3 x 60 points
    brute = float(oracle_damage(critical))
    assert brute <= damage["on_critical"] + 1e-9
    assert damage["on_critical"] == pytest.approx(brute, abs=0.1**DEPTH * 60)
    bands = oracle_bands(state)
    expected = float(bands.get("hit", 0)) * damage["on_hit"] + float(bands.get("critical", 0)) * damage["on_critical"]
    assert next(line.p for line in odds.lines if line.key == "damage") == pytest.approx(expected, abs=1e-9)


def test_no_odds_at_other_prompts() -> None:
    state = scene(ALDRIC, GRAK)
    assert prompt(state).reason == "initiative" and RULESET.odds(state) is None


# --- pummel, grapple, overbear and break (PA-7) ------------------------------------------------

ROW = re.compile(
    r"index -?\d+(?:, read as 1 \(helpless: a hit\))?, (.+?)(?:: (\d+) points? \((\d+) real, \d+ temporary\))?$"
)
BROKEN = re.compile(r"breaks the hold \(.*, (\d+) points: (\d+) real")


def oracle_wrestle(state) -> dict[str, Fraction]:
    """Every percentile face typed through apply, read from the log: hit, hold (a grapple's), broken (a
    break's), the points and real points this roll deals (a strike-again roll after it not counted),
    and each damage table row's chance (``row:TEXT``)."""
    out: dict[str, Fraction] = {}

    def add(key: str, q: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + q

    q = Fraction(1, 100)
    for roll in range(1, 101):
        log = list(RULESET.apply(state, Answer("00" if roll == 100 else f"{roll:02d}")).log)
        log = [line for line in log if "distraction is spent" not in line]  # fumble 98's, said first
        first = log[0]
        if re.search(r"needs \d+: (misses|the hold holds)$", first):
            add("row:miss", q)
            continue
        if m := BROKEN.search(first):
            add("hit", q)
            add("break", q)
            add("points", q * int(m.group(1)))
            add("real", q * int(m.group(2)))
            continue
        if "below the hold's" in first:
            add("hit", q)
            continue
        m = ROW.search(first)
        assert m, first
        add(f"row:{m.group(1)}", q)
        if m.group(1) != "Total Miss":  # the roll met the need, but the table's row is a miss (PA-7 "<01")
            add("hit", q)
        if m.group(2):
            add("points", q * int(m.group(2)))
            add("real", q * int(m.group(3)))
        if any(" holds " in line and "(category" in line for line in log):
            add("hold", q)
    return out


MIGHTY_ORC = orc("Orc", ac=6, weight=200, strength=16, agility=8)
WRESTLES = {
    "a grapple on a monster, needing less than 1": lambda: play(scene(ALDRIC, MIGHTY_ORC), "5", "2", "grapple")[0],
    "a pummel on an open helm (-5)": lambda: play(
        scene(char("Brawler", strength=18, agility=16), char("Tin", helm="open")), "5", "2", "pummel"
    )[0],
    "a pummel on the helpless": lambda: play(with_hp(scene(ALDRIC, GRAK), 1, 0), "5", "pummel")[0],
    "an overbear on a held foot": lambda: play(
        scene(ALDRIC, char("Grak")), "5", "2", "overbear", "30", "move", "5", "2", "overbear"
    )[0],
    "a pummel with a +1 sword's metal pommel (PA-11)": lambda: play(
        scene(char("Knight", weapons=[{"weapon": "Sword, Long", "magic": 1}], armor="chain"), GRAK),
        "5",
        "3",
        "pummel",
    )[0],
    "a pummel on the distracted (PA-11)": lambda: play(scene(ALDRIC, GRAK), "3", "5", "attack", "05", "98", "pummel")[
        0
    ],
    "a grapple by a struck weapon arm (PA-11)": lambda: play(
        scene(ALDRIC, GRAK), "5", "3", "attack", "97", "73", "3", "grapple"
    )[0],
    "an orc breaking a hold": lambda: play(scene(ALDRIC, MIGHTY_ORC), "5", "2", "grapple", "30", "break")[0],
}


@pytest.mark.parametrize("name", list(WRESTLES))
def test_the_wrestling_odds_are_the_engines_own_reading_of_every_face(name: str) -> None:
    state = WRESTLES[name]()
    p = prompt(state)
    assert p.kind == "roll" and p.reason in ("grapple", "pummel", "overbear", "break"), p
    odds = RULESET.odds(state)
    got = {line.key: Fraction(line.p).limit_denominator(10000) for line in odds.lines}
    brute = oracle_wrestle(state)
    assert got["hit"] == brute.get("hit", 0)
    assert got["points"] == brute.get("points", 0) and got["real"] == brute.get("real", 0)
    if p.reason == "break":
        assert got["break"] == brute.get("break", 0) > 0
    else:
        rows = {
            f"row:{line.key}": Fraction(line.p).limit_denominator(1000)
            for line in dict(odds.sections)["the table's rows"]
        }
        assert rows == {k: v for k, v in brute.items() if k.startswith("row:")}
    if p.reason == "grapple":
        assert got["hold"] == brute.get("hold", 0) > 0
