"""FO's odds (issue 8, docs/odds_design.md 4.2): at the attack choice, for each attack the
attacker could choose, the chance it is thrown, lands or is countered and of snake eyes;
on the ground, the chance to finish from there; at each roll, the same for that roll.

Every figure comes from the ruleset's own ``apply`` (:class:`companion.odds.Walk`): each
class of faces that the rules read alike (the ruleset's claim, :meth:`rulesets.fo.ruleset.Fo.odds_faces`)
is typed as one representative answer, and what happened is read off the state it led to:
the word the engine gave the roll (``last_roll``, from :func:`rulesets.fo.rules.attack_reading`
and :func:`rulesets.fo.rules.defence_reading`), ``result``, ``ground`` and the step. There is no
second copy of the rules here.

The odds are the dice's alone: the bell (FO-7) and a stall call (FO-8) are time, not dice,
and can end an exchange first. Later ground attacks are the advised ones, as the app
would roll them. FO has no exploding dice, so nothing is cut off.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import lru_cache

from companion.dice import Dice
from companion.odds import Branch, Line, Memo, Odds, Walk, classes, shown
from companion.ruleset import Answer
from companion.rulesets.fo.cards import stat_word
from companion.rulesets.fo.rules import LANDS
from companion.rulesets.fo.ruleset import Fo
from companion.rulesets.fo.state import FoState
from companion.rulesets.fo.tables import DEFENCE

X = "x"
"""The first word of an event of the exchange in play (its attack roll and defence roll);
the ground attacks that follow keep only their endings."""

WALKS = Memo(keep=8)
"""The walk of each matchup (cards, options), kept across prompts."""

BASIS = "dice only: the bell (FO-7) or a stall call (FO-8) may come first; later ground attacks: the advised one"


def _spell(value: dict) -> dict:
    """What a later ground attack passes back: how the spell on the ground ends, not its rolls."""
    return {e: v for e, v in value.items() if e[0] != X}


class FoWalk:
    """The walk of one matchup over :meth:`Fo.apply`.

    A value is the chance of each event from a state on:

    - ``(X, "attack", word)`` and ``(X, "defend", word)``: what the exchange's attack roll
      and defence roll did, in the engine's words;
    - ``("end", side, method, on_the_ground)``: the fight ends, won by ``side``;
    - ``("stood", word)``: the fighters are stood up (or scramble up) from the ground;
    - ``("first", side)``: at the roll-off, who attacks first.

    The walk follows an exchange to its end: on the feet, until the dice change hands or
    a strike lands; on the ground (or into it, after a takedown or knockdown), on through the
    top fighter's advised attacks until the fight ends or they stand.
    """

    def __init__(self, ruleset: Fo, state: FoState) -> None:
        self.ruleset = ruleset
        self.names = tuple(f.name for f in state.fighters)
        self.walk = Walk(self.expand, ruleset.odds_key)
        self.options: dict[Hashable, dict[str, dict]] = {}
        """Each choice met (by key) and each option's figures."""

    def step(self, state: FoState, text: str) -> FoState:
        """The state after ``text``, as the app types a virtual answer (at the same clock)."""
        return self.ruleset.apply(state, Answer(text, virtual=True, clock=state.clock)).state

    def expand(self, state: FoState) -> Iterable[Branch]:
        ruleset = self.ruleset
        prompt = ruleset.prompt(state)
        if state.step == "choose":  # a later ground attack: the advised one
            return [(1.0, (), self.step(state, prompt.advised), None)]
        apply, branch = ruleset.apply, self.branch
        return [
            branch(state, apply(state, Answer(text, True, state.clock)).state, p)
            for text, p in _typed(prompt.dice, ruleset.odds_faces(state))
        ]

    def branch(self, before: FoState, after: FoState, p: float) -> Branch:
        """What one class of faces did, read off the state it led to."""
        if before.step == "rolloff":
            if after.step == "choose":
                return p, (("first", after.attacker),), None, None
            return p, (), after, None  # blue's roll, or a tie that both re-roll (a loop)
        events: tuple = ((X, before.step, after.last_roll[3]),)
        if after.result is not None:
            w = self.names.index(after.result.winner)
            return p, events + (("end", w, after.result.method, before.ground),), None, None
        if after.step == "defend":
            return p, events, after, None
        if after.ground:  # the same fighter on top attacks again: the spell on the ground goes on
            return p, events, after, _spell
        if before.ground:
            return p, events + (("stood", after.last_roll[3]),), None, None
        return p, events, None, None  # on the feet, the exchange is over

    def value(self, state: FoState) -> dict:
        return self.walk.value(state)

    def choices(self, state: FoState) -> dict[str, dict]:
        """At the attack choice: each option's figures."""
        k = self.ruleset.odds_key(state)
        got = self.options.get(k)
        if got is None:
            prompt = self.ruleset.prompt(state)
            got = self.options[k] = {o.key: self.value(self.step(state, o.key)) for o in prompt.options}
        return got


@lru_cache(maxsize=8)
def _typed(dice: Dice, grouping: str) -> tuple[tuple[str, float], ...]:
    """Each class of faces as a player types its representative (``3 4``), with its chance."""
    return tuple((" ".join(map(str, faces)), float(q)) for faces, q in classes(dice, grouping))


def walk_for(ruleset: Fo, state: FoState) -> FoWalk:
    """The matchup's walk, kept across prompts."""
    return WALKS.get_or((state.fighters, state.options), lambda: FoWalk(ruleset, state))


def odds(ruleset: Fo, state: FoState) -> Odds | None:
    """The odds at ``state``'s prompt, or None when the fight is over."""
    if state.result is not None:
        return None
    fw = walk_for(ruleset, state)
    names = fw.names
    if state.step == "rolloff":
        me = state.roller
        v = fw.value(state)
        lines = tuple(
            Line(f"first:{s}", f"{names[s]} attacks first", v.get(("first", s), 0.0), side=s) for s in (me, 1 - me)
        )
        return Odds(
            f"the round {state.round} roll-off",
            lines[:1],
            (("who attacks first", lines),),
            basis="exact: a tie re-rolls",
        )
    me = state.attacker
    if state.step == "choose":
        per = fw.choices(state)
        lines = []
        sections = []
        for key, v in per.items():
            f = figures(v, me)
            # short, in words (the new-user trial could not read "ctr"): thrown and snake eyes are in the detail (f9)
            also = f"{'a scramble' if state.ground else 'a counter'} {shown(f['countered'])}"
            if state.ground:  # it lands, or the attacker's double or snake eyes: the fight ends now (FO-6)
                label, p = f"{key} ends it, {also}", f["lands"] + f["double"] + f["my_snake_eyes"]
            else:
                label, p = f"{key} lands, {also}", f["lands"]
            lines.append(Line(f"{key}", label, p, side=me))
            sections.append((key, _detail(f, names, me, state.ground, key)))
        if state.ground:
            g = figures(fw.value(state), me)["ground_finish"]
            lines.append(Line("ground_finish", "finishes from the ground", g, side=me))
        where = "from the top" if state.ground else "standing"
        return Odds(f"{names[me]}'s attack {where}", tuple(lines), tuple(sections), basis=BASIS)
    f = figures(fw.value(state), me)
    move = stat_word(state.move)
    them = 1 - me
    if state.step == "attack":
        lines = [
            Line("thrown", f"the {move} is thrown", f["thrown"], side=me),
            Line("lands", f"the {move} lands" + (" (a finish)" if state.ground else ""), f["lands"], side=me),
            Line(
                "countered",
                f"{names[them]}'s " + ("scramble" if state.ground else "counter"),
                f["countered"],
                side=them,
            ),
            Line("snake_eyes", _snake_eyes(f, names, me), f["snake_eyes"]),
        ]
        title = f"{names[me]}'s {move}"
    else:
        defence = stat_word(DEFENCE[state.move])
        lines = [
            Line("held", f"{names[them]}'s {defence} holds", f["held"], side=them),
            Line(
                "countered",
                f"{names[them]}'s " + ("scramble" if state.ground else "counter"),
                f["countered"],
                side=them,
            ),
            Line("lands", f"the {move} lands" + (" (a finish)" if state.ground else ""), f["lands"], side=me),
            Line("snake_eyes", f"snake eyes: a KO for {names[them]}", f["snake_eyes"], side=them),
        ]
        title = f"{names[them]}'s {defence} against the {move}"
    if state.ground or state.move == "takedown":
        lines.append(Line("ground_finish", f"{names[me]} finishes from the ground", f["ground_finish"], side=me))
    return Odds(title, tuple(lines), (("the exchange", _detail(f, names, me, state.ground, state.move)),), basis=BASIS)


def _snake_eyes(f: dict[str, float], names: tuple[str, str], me: int) -> str:
    """Snake eyes at the attack roll, whose KO it is (the new-user trial: "a KO" named nobody): the
    attacker's now, or the defender's on the defence roll after it."""
    if not f["their_snake_eyes"]:
        return f"snake eyes: a KO for {names[me]}"
    return f"snake eyes: a KO for {names[me]} or, defending, {names[1 - me]}"


def figures(v: dict, me: int) -> dict[str, float]:
    """The figures players read, from a value (``me`` is the attacker)."""

    def x(step: str, *words: str) -> float:
        return sum(v.get((X, step, w), 0.0) for w in words)

    return {
        "thrown": x("attack", "thrown"),
        "missed": x("attack", "defended", "stand-up"),
        "double": x("attack", "knockdown", "submission"),
        "held": x("defend", "defended", "fended off", "stand-up"),
        "lands": x("defend", *LANDS),
        "countered": x("defend", "counter", "scramble"),
        "my_snake_eyes": x("attack", "snake eyes"),
        "their_snake_eyes": x("defend", "snake eyes"),
        "snake_eyes": x("attack", "snake eyes") + x("defend", "snake eyes"),
        "ground_finish": sum(p for e, p in v.items() if e[0] == "end" and e[1] == me and e[3]),
        "stood": sum(p for e, p in v.items() if e[0] == "stood"),
    }


def _detail(f: dict[str, float], names: tuple[str, str], me: int, ground: bool, move: str) -> tuple[Line, ...]:
    """Every figure of one attack, for the detail view."""
    them = 1 - me
    word = stat_word(move)
    out = [
        Line("thrown", f"the {word} is thrown", f["thrown"], side=me),
        Line("missed", "over the rating: " + ("stood up" if ground else "defended"), f["missed"], side=them),
        Line(
            "double",
            f"{names[me]}'s double: " + ("a winning submission" if ground else "a knockdown"),
            f["double"],
            side=me,
        ),
        Line("held", f"{names[them]}'s defence holds", f["held"], side=them),
        Line(
            "countered",
            f"{names[them]}'s double: " + ("a scramble" if ground else "a counter"),
            f["countered"],
            side=them,
        ),
        Line("lands", f"the {word} lands" + (" (a finish)" if ground else ""), f["lands"], side=me),
        Line("my_snake_eyes", f"snake eyes for {names[me]} (a KO)", f["my_snake_eyes"], side=me),
        Line("their_snake_eyes", f"snake eyes for {names[them]} (a KO)", f["their_snake_eyes"], side=them),
    ]
    if ground or move == "takedown" or f["ground_finish"]:
        out.append(Line("ground_finish", f"{names[me]} finishes from the ground", f["ground_finish"], side=me))
    if ground or f["stood"]:
        out.append(Line("stood", "back on the feet (stood up, or a scramble)", f["stood"]))
    return tuple(out)
