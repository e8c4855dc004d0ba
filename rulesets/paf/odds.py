"""PAF's odds (issue 8, docs/odds_design.md 4.5): for an attack's percentile roll, the
chance to hit, to critical and to fumble, and the damage to expect; for a pummel, grapple,
overbear or break roll (PA-7), the chance to hit, of a hold (or of breaking one) and the
points to expect, with each row of the damage table in the detail.

Computed from the engine's own rule functions over the dice's exact distributions: the
number needed and the thresholds the round put on the prompt (``Round.rolling``), the
critical table's rows with :func:`rulesets.paf.effects.critical_multiplier` and "roll again if
no shield", the damage dice with :func:`rulesets.paf.attack.damage_total`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from companion.odds import Dist, Line, Odds, chance, expect, faces, sum_dist
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.attack import Attack, damage_total
from companion.rulesets.paf.effects import blocked, critical_multiplier
from companion.rulesets.paf.nonlethal import Wrestle
from companion.rulesets.paf.ruleset import Round
from companion.rulesets.paf.state import D_PERCENT

ATTACK_REASONS = ("attack", "shot")
"""The prompts whose roll is an attack (a shot may say ``shot 1 of 2``)."""


def attack_bands(attack: Attack) -> Dist:
    """Each percentile face (01-100) read as the attack reads it: ``critical``, ``hit``,
    ``fumble`` or ``miss`` (PA-2, PA-3)."""
    out: Dist = {}
    for (roll,), share in faces(D_PERCENT).items():
        if roll >= attack.needed:
            band = "critical" if attack.crit is not None and roll >= attack.crit else "hit"
        else:
            band = "fumble" if attack.fumble is not None and roll <= attack.fumble else "miss"
        out[band] = out.get(band, Fraction(0)) + share
    return out


def critical_rows(rnd: Round, attack: Attack) -> list[tuple[pt.Row, Fraction]]:
    """The critical table's rows as they fall on this defender, each with its chance: a row that
    says "roll again if no shield" against a being without one is rolled again (so the others
    share its chance)."""
    shielded = rnd.shielded(attack.defender)
    rows: dict[int, tuple[pt.Row, Fraction]] = {}  # by the row's identity: a table row is not hashable
    for (roll,), share in faces(D_PERCENT).items():
        row = pt.critical_row(rnd.tables, attack.kind, roll)
        if row.roll_again_if == "no_shield" and not shielded:
            continue
        held = rows.get(id(row))
        rows[id(row)] = (row, (held[1] if held else Fraction(0)) + share)
    total = sum((share for _, share in rows.values()), Fraction(0))
    return [(row, share / total) for row, share in rows.values()]


def kills_outright(rnd: Round, row: pt.Effect, helmed: bool, shielded: bool) -> bool:
    """The row kills outright on this defender: "immediate death" not blocked by his helm or
    shield, or the helmed line's when he is helmed (PA-3, as :meth:`Round.effect` reads it)."""
    if blocked(row, helmed, shielded, rnd.no_effect_if(row)):
        return False
    if row.if_helmed is not None and helmed:
        return kills_outright(rnd, row.if_helmed, helmed, shielded)
    return row.death == "immediate"


def expected_damage(rnd: Round, attack: Attack, mult_of: Dist | None = None) -> Fraction:
    """The points a hit deals on average: the weapon's dice (by their sum), times the critical
    row's multiplier when ``mult_of`` (multiplier to chance) is given, then strength."""
    _, _, dice, plus, _, adj = rnd.damage_terms(attack.attacker, attack.defender, attack.weapon, attack.mode)
    sums = sum_dist(dice)
    mults = mult_of or {1: Fraction(1)}

    def points(mult: float) -> Callable[[int], int]:
        return lambda dice_sum: damage_total(dice_sum, plus, mult, adj)

    return sum((share * expect(sums, points(mult)) for mult, share in mults.items() if mult), Fraction(0))


def attack_odds(rnd: Round) -> Odds | None:
    """The odds of the attack roll asked for, or None at any other prompt."""
    need, attack = rnd.need, rnd.rolling
    if attack is None or need is None or need.kind != "roll" or not need.reason.startswith(ATTACK_REASONS):
        return None
    bands = attack_bands(attack)
    p_hit = chance(bands, lambda band: band in ("hit", "critical"))
    helmed, shielded = rnd.helmed(attack.defender), rnd.shielded(attack.defender)
    mults: Dist = {}
    for row, share in critical_rows(rnd, attack):
        # a row that kills outright (as it falls on this defender) asks no damage roll [D]: 0 points
        mult = 0 if kills_outright(rnd, row, helmed, shielded) else critical_multiplier(row, helmed, shielded)
        mults[mult] = mults.get(mult, Fraction(0)) + share
    on_hit = expected_damage(rnd, attack)
    on_critical = expected_damage(rnd, attack, mults)
    expected = bands.get("hit", Fraction(0)) * on_hit + bands.get("critical", Fraction(0)) * on_critical
    target = rnd.name(attack.defender)
    lines = (
        Line("hit", f"hits {target}", float(p_hit)),
        Line("critical", "a critical hit", float(bands.get("critical", 0))),
        Line("fumble", "a fumble", float(bands.get("fumble", 0))),
        Line("damage", "damage to expect", float(expected), "expected"),
    )
    detail = (
        (
            "the roll",
            tuple(
                Line(key, words, float(bands.get(key, 0)))
                for key, words in (("critical", "critical hit"), ("hit", "hit"), ("miss", "miss"), ("fumble", "fumble"))
            ),
        ),
        (
            "damage",
            (
                Line("on_hit", "on a hit", float(on_hit), "expected"),
                Line("on_critical", "on a critical hit", float(on_critical), "expected"),
            ),
        ),
    )
    return Odds(f"{rnd.name(attack.attacker)}'s {need.reason} on {target}", lines, detail)


WRESTLE_REASONS = ("pummel", "grapple", "overbear", "break")
"""The prompts whose roll is non-lethal (``pummel again``, ``grapple counter``...)."""


def wrestle_rows(rnd: Round, wrestle: Wrestle) -> list[tuple[str, ps.NonLethalResult | None, Fraction]]:
    """Each percentile face read as the engine reads it (PA-7): a miss (``None``) or the damage
    table's row for the index, with its points; grouped by row, each with its chance."""
    out: dict[str, tuple[ps.NonLethalResult | None, Fraction]] = {}
    for (roll,), share in faces(D_PERCENT).items():
        if roll < wrestle.needed and not wrestle.auto:
            key, res = "miss", None
        else:
            index = ps.nonlethal_index(roll, wrestle.needed, [wrestle.mods])
            if wrestle.auto:
                index = max(1, index)  # as the engine: an automatic hit is never a Total Miss
            res = ps.nonlethal_damage(rnd.tables, wrestle.table, index, wrestle.strength)
            key = res.row.text
        held = out.get(key)
        out[key] = (res, (held[1] if held else Fraction(0)) + share)
    return [(key, res, share) for key, (res, share) in out.items()]


def wrestle_odds(rnd: Round) -> Odds | None:
    """The odds of the pummel, grapple, overbear or break roll asked for, or None at any other prompt."""
    need, wrestle = rnd.need, rnd.wrestling
    if wrestle is None or need is None or need.kind != "roll" or not need.reason.startswith(WRESTLE_REASONS):
        return None
    rows = wrestle_rows(rnd, wrestle)
    landed = [(res, share) for _, res, share in rows if res is not None and not res.row.miss]
    if wrestle.hold is not None:  # a break: the row must tie or beat the hold's category, else nothing happens
        landed = [(res, share) for res, share in landed if (res.row.category or 0) >= wrestle.hold]
    p_hit = sum(
        (share for _, res, share in rows if res is not None and not res.row.miss), Fraction(0)
    )  # not a Total Miss
    points = sum((share * res.points for res, share in landed), Fraction(0))
    real = sum((share * res.real for res, share in landed), Fraction(0))
    target = rnd.name(wrestle.defender)
    lines = [Line("hit", f"hits {target}", float(p_hit))]
    if wrestle.hold is not None:
        lines.append(
            Line(
                "break",
                f"breaks the hold (category {wrestle.hold})",
                float(sum((share for _, share in landed), Fraction(0))),
            )
        )
    elif wrestle.table == "grappling":
        # a row of blows alone (Kick/Knee/Gouge & Stunned) puts no hold on
        holds = sum((share for res, share in landed if res.row.category and res.row.hold), Fraction(0))
        lines.append(Line("hold", "a hold", float(holds)))
    lines += [
        Line("points", "points to expect", float(points), "expected"),
        Line("real", "real points to expect", float(real), "expected"),
    ]
    detail = (("the table's rows", tuple(Line(key, key, float(share)) for key, _, share in rows)),)
    what = "break" if wrestle.hold is not None else need.reason
    return Odds(f"{rnd.name(wrestle.attacker)}'s {what} on {target}", tuple(lines), detail)
