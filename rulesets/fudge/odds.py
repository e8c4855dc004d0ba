"""Simultaneous Combat for Fudge: the odds of a roll (issue 8, docs/odds_design.md 4.4).

At a combatant's combat roll, melee defence or dodge: for every exchange the roll takes part in
(his attacks, the attacks on him, a defender's blow back), the chance it hits and of each wound it
gives. At a stop or damage roll: the chance of each wound. Computed with the round's own rules:
:meth:`Round.exchange_if` (the exchange with the rolls put in), :meth:`Round.damage_parts`,
:meth:`Round.stop_dice` and :meth:`Round.wound_of`, over the exact distribution of 4dF's sum
(FU-1: only the sum is read, so 81 faces are 9 sums). A roll not yet made counts with its own
modifiers (:meth:`Round.combat_parts`, :meth:`Round.guard_parts`, :meth:`Round.dodge_parts`) and
every sum. A defender ganged up on who beats every attacker hits back the one he chooses (FU-2):
the chance shown for each is that his roll lets him hit that one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from companion.odds import Dist, Line, Odds, sum_dist
from companion.rulesets.fudge.ruleset import Round
from companion.rulesets.fudge.state import BOXES, FOUR_DF, WOUND_WORDS, Hit, fudge_dice, possessive

LEVELS = ("none",) + BOXES
"""The wounds from none to Near Death: "or worse" reads this order."""
SUM_WAYS = tuple((total, int(q * 81)) for total, q in sorted(sum_dist(FOUR_DF).items()))
"""4dF's sum, -4..+4, each with its ways in 81 (1, 4, 10, 16, 19, 16, 10, 4, 1)."""


@lru_cache(maxsize=8)
def damage_sums(count: int) -> Dist:
    """The sum of ``count`` Fudge dice (the damage dice option)."""
    return sum_dist(fudge_dice(count))


def wounds_of_damage(rnd: Round, hit: Hit) -> Dist:
    """The wound of the damage roll of ``hit``, each with its chance (FU-3)."""
    mod = sum(value for _, value in rnd.damage_parts(hit))
    out: Dist = {}
    for total, chance in damage_sums(rnd.options.damage_dice).items():
        _, wound = rnd.wound_of(hit, mod + total)
        out[wound] = out.get(wound, Fraction(0)) + chance
    return out


def wounds_of_hit(rnd: Round, hit: Hit) -> Dist:
    """The wound a hit gives: kevlar's stop roll first (all '-' gets through, else a Scratch), then
    the damage roll."""
    out: Dist = {}
    stop = rnd.stop_dice(hit)
    through = Fraction(1, 3**stop)
    if stop:
        out["scratch"] = 1 - through
    for wound, chance in wounds_of_damage(rnd, hit).items():
        out[wound] = out.get(wound, Fraction(0)) + through * chance
    return out


def parts_of(rnd: Round, roller: int, kind: str) -> list[tuple[str, int]]:
    """The modifiers of a roll not yet made: ``roller``'s combat roll, melee defence or dodge."""
    if kind == "combat":
        return rnd.combat_parts(roller)[0]
    return rnd.guard_parts(roller) if kind == "guard" else rnd.dodge_parts(roller)


def exchange_odds(rnd: Round, striker: int, struck: int, back: bool = False) -> tuple[Fraction, Dist]:
    """The chance that the attack of ``striker`` on ``struck`` (``back``: his blow back at
    ``struck``) hits, and of each wound (``none`` on a miss), over every sum of the rolls the
    exchange reads not yet made."""
    made = {"combat": rnd.combat, "guard": rnd.guard, "dodge": rnd.dodge}
    unknown = [(roller, kind) for roller, kind in rnd.rollers(striker, struck, back=back) if roller not in made[kind]]
    mods = [sum(value for _, value in parts_of(rnd, roller, kind)) for roller, kind in unknown]
    # whole-number weights (a sum's ways out of 81 for each roll), divided once at the end: fast
    ways: dict[Hit | None, int] = {}
    for sums in product(SUM_WAYS, repeat=len(unknown)):
        weight = 1
        put: dict[str, dict[int, int]] = {"combat": {}, "guard": {}, "dodge": {}}
        for (roller, kind), mod, (total, count) in zip(unknown, mods, sums):
            put[kind][roller] = mod + total
            weight *= count
        hit = rnd.exchange_if(striker, struck, put, back=back)
        ways[hit] = ways.get(hit, 0) + weight
    every = 81 ** len(unknown)
    wounds: Dist = {"none": Fraction(ways.pop(None, 0), every)}
    p_hit = Fraction(0)
    for hit, count in ways.items():  # a few kinds of hit (by RD), each with its wounds
        chance = Fraction(count, every)
        p_hit += chance
        for wound, wound_chance in wounds_of_hit(rnd, hit).items():  # type: ignore[arg-type]
            wounds[wound] = wounds.get(wound, Fraction(0)) + chance * wound_chance
    return p_hit, wounds


def or_worse(wounds: Dist, level: str) -> Fraction:
    return sum((chance for wound, chance in wounds.items() if LEVELS.index(wound) >= LEVELS.index(level)), Fraction(0))


def wound_lines(prefix: str, wounds: Dist, *, misses: bool = False) -> tuple[Line, ...]:
    """A line for each wound level; with ``misses`` (under a line of the blow's chance to hit) the share
    of no wound says it counts the misses too (a new-user trial read "hits 81%, no wound 20%" as a sum)."""
    return tuple(
        Line(
            f"{prefix}{wound}",
            "no wound (misses too)" if misses and wound == "none" else WOUND_WORDS[wound],
            float(wounds.get(wound, 0)),
        )
        for wound in LEVELS
    )


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
            f"{possessive(rnd.name(hit.attacker))} blow on {target}",
            lines,
            ((f"the wound to {target}", wound_lines("", wounds)),),
        )
    if rnd.rolling is None or not (need.reason.startswith("combat roll") or need.reason == "dodge"):
        return None
    roller, kind = rnd.rolling
    pairs: list[tuple[int, int, bool]] = []  # (who hits, whom, a blow back)
    decl = rnd.decl[roller]
    if kind == "combat" and decl is not None and rnd.is_attack(roller):
        pairs += [(roller, foe, False) for foe in decl.targets]
        if rnd.is_melee(roller):  # a target who only defends may hit him back (FU-2)
            pairs += [(foe, roller, True) for foe in decl.targets if rnd.hits_back(foe)]
    if kind == "dodge":
        pairs += [(attacker, roller, False) for attacker in rnd.shot_at(roller, aware=True)]
    elif kind == rnd.held_kind(roller):  # the roll he meets melee attacks with
        pairs += [
            (attacker, roller, False)
            for attacker in rnd.melee_attackers(roller)
            if (attacker, roller, False) not in pairs
        ]
        if rnd.hits_back(roller):
            pairs += [(roller, attacker, True) for attacker in rnd.melee_attackers(roller)]
    lines: list[Line] = []
    sections: list[tuple[str, tuple[Line, ...]]] = []
    for striker, struck, back in pairs:
        p_hit, wounds = exchange_odds(rnd, striker, struck, back)
        key = f"{striker}>{struck}"
        who = (
            f"{'hit back' if back else 'hit'} by {rnd.name(striker)}"
            if striker != roller
            else f"hits {rnd.name(struck)}{' back' * back}"  # "hits Aldric back", not "hits back Aldric"
        )
        lines.append(Line(f"hit:{key}", who, float(p_hit)))
        if striker == roller:  # the line under "hits Grak": the wound he gives Grak
            lines.append(Line(f"hurt:{key}", "Hurt or worse", float(or_worse(wounds, "hurt"))))
        sections.append(
            (
                f"{rnd.name(striker)} on {rnd.name(struck)}",
                (Line(f"hit:{key}", "hits", float(p_hit)),) + wound_lines(f"{key}:", wounds, misses=True),
            )
        )
    if not lines:
        return None
    return Odds(
        f"{possessive(rnd.name(roller))} {'dodge' if kind == 'dodge' else 'combat roll'}",
        tuple(lines[:4]),
        tuple(sections),
    )
