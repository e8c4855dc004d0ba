"""Simultaneous Combat for Fudge: the odds of a roll (issue 8, docs/odds_design.md 4.4).

At a combatant's combat roll or dodge: for every exchange the roll takes part in (his attacks,
and the attacks on him), the chance it hits and of each wound it gives. At a stop or damage roll:
the chance of each wound. Computed with the round's own rules: :meth:`Round.exchange_if` (the
exchange with the rolls put in), :meth:`Round.damage_parts`, :meth:`Round.stop_dice` and
:meth:`Round.wound_of`, over the exact distribution of 4dF's sum (FU-1: only the sum is read,
so 81 faces are 9 sums). A roll not yet made counts with its own modifiers
(:meth:`Round.combat_parts`, :meth:`Round.dodge_parts`) and every sum.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from companion.odds import Dist, Line, Odds, sum_dist
from companion.rulesets.fudge import BOXES, FOUR_DF, WOUND_WORDS, Hit, Round, _fudge

LEVELS = ("none",) + BOXES
"""The wounds from none to Near Death: "or worse" reads this order."""
SUM_WAYS = tuple((total, int(q * 81)) for total, q in sorted(sum_dist(FOUR_DF).items()))
"""4dF's sum, -4..+4, each with its ways in 81 (1, 4, 10, 16, 19, 16, 10, 4, 1)."""


@lru_cache(maxsize=8)
def damage_sums(n: int) -> Dist:
    """The sum of ``n`` Fudge dice (the damage dice option)."""
    return sum_dist(_fudge(n))


def wounds_of_damage(rnd: Round, hit: Hit) -> Dist:
    """The wound of the damage roll of ``hit``, each with its chance (FU-3)."""
    mod = sum(v for _, v in rnd.damage_parts(hit))
    out: Dist = {}
    for total, q in damage_sums(rnd.o.damage_dice).items():
        _, wound = rnd.wound_of(hit, mod + total)
        out[wound] = out.get(wound, Fraction(0)) + q
    return out


def wounds_of_hit(rnd: Round, hit: Hit) -> Dist:
    """The wound a hit gives: kevlar's stop roll first (all '-' gets through, else a Scratch), then
    the damage roll."""
    out: Dist = {}
    n = rnd.stop_dice(hit)
    through = Fraction(1, 3**n)
    if n:
        out["scratch"] = 1 - through
    for wound, q in wounds_of_damage(rnd, hit).items():
        out[wound] = out.get(wound, Fraction(0)) + through * q
    return out


def exchange_odds(rnd: Round, x: int, y: int) -> tuple[Fraction, Dist]:
    """The chance that the attack of ``x`` on ``y`` hits, and of each wound (``none`` on a miss),
    over every sum of the rolls the exchange reads that are not yet made."""
    combat, dodge = rnd.rollers(x, y)
    unknown = [(z, "combat") for z in combat if z not in rnd.combat] + [
        (z, "dodge") for z in dodge if z not in rnd.dodge
    ]
    mods = [
        sum(v for _, v in (rnd.combat_parts(z)[0] if kind == "combat" else rnd.dodge_parts(z))) for z, kind in unknown
    ]
    # whole-number weights (a sum's ways out of 81 for each roll), divided once at the end: fast
    ways: dict[Hit | None, int] = {}
    for sums in product(SUM_WAYS, repeat=len(unknown)):
        weight = 1
        put: dict[str, dict[int, int]] = {"combat": {}, "dodge": {}}
        for (z, kind), mod, (total, n) in zip(unknown, mods, sums):
            put[kind][z] = mod + total
            weight *= n
        hit = rnd.exchange_if(x, y, put["combat"], put["dodge"])
        ways[hit] = ways.get(hit, 0) + weight
    every = 81 ** len(unknown)
    wounds: Dist = {"none": Fraction(ways.pop(None, 0), every)}
    p_hit = Fraction(0)
    for hit, n in ways.items():  # a few kinds of hit (by RD), each with its wounds
        q = Fraction(n, every)
        p_hit += q
        for wound, qw in wounds_of_hit(rnd, hit).items():  # type: ignore[arg-type]
            wounds[wound] = wounds.get(wound, Fraction(0)) + q * qw
    return p_hit, wounds


def or_worse(wounds: Dist, level: str) -> Fraction:
    return sum((q for w, q in wounds.items() if LEVELS.index(w) >= LEVELS.index(level)), Fraction(0))


def wound_lines(prefix: str, wounds: Dist) -> tuple[Line, ...]:
    return tuple(Line(f"{prefix}{w}", WOUND_WORDS[w], float(wounds.get(w, 0))) for w in LEVELS)


def roll_odds(rnd: Round) -> Odds | None:
    """The odds of the 4dF roll asked for, or None at a prompt that is not a combat roll, a dodge,
    a stop or a damage roll."""
    need = rnd.need
    if need is None or need.kind != "roll":
        return None
    if rnd.hitting is not None and (need.reason.startswith("damage to") or need.reason.endswith("stops the bullet")):
        hit = rnd.hitting
        wounds = wounds_of_hit(rnd, hit) if need.reason.endswith("stops the bullet") else wounds_of_damage(rnd, hit)
        target = rnd.name(hit.defender)
        lines = (
            Line("hurt", "Hurt or worse", float(or_worse(wounds, "hurt"))),
            Line("incapacitated", "Incapacitated or worse", float(or_worse(wounds, "incapacitated"))),
        )
        return Odds(
            f"{rnd.name(hit.attacker)}'s blow on {target}",
            lines,
            ((f"the wound to {target}", wound_lines("", wounds)),),
        )
    if rnd.rolling is None or not (need.reason.startswith("combat roll") or need.reason == "dodge"):
        return None
    x, kind = rnd.rolling
    pairs: list[tuple[int, int]] = []
    if kind == "combat" and rnd.is_attack(x):
        pairs += [(x, y) for y in rnd.decl[x].targets]  # type: ignore[union-attr]
    pairs += [
        (z, x)
        for z in (rnd.melee_attackers(x) if kind == "combat" else rnd.shot_at(x, aware=True))
        if (z, x) not in pairs
    ]
    lines: list[Line] = []
    sections: list[tuple[str, tuple[Line, ...]]] = []
    for a, b in pairs:
        p_hit, wounds = exchange_odds(rnd, a, b)
        key = f"{a}>{b}"
        who = f"hit by {rnd.name(a)}" if a != x else f"hits {rnd.name(b)}"
        lines.append(Line(f"hit:{key}", who, float(p_hit)))
        if a == x:  # the line under "hits Grak": the wound he gives Grak
            lines.append(Line(f"hurt:{key}", "Hurt or worse", float(or_worse(wounds, "hurt"))))
        sections.append(
            (
                f"{rnd.name(a)} on {rnd.name(b)}",
                (Line(f"hit:{key}", "hits", float(p_hit)),) + wound_lines(f"{key}:", wounds),
            )
        )
    if not lines:
        return None
    return Odds(f"{rnd.name(x)}'s {'dodge' if kind == 'dodge' else 'combat roll'}", tuple(lines[:4]), tuple(sections))
