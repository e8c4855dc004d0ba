"""Cage Match!, rule by rule, with fixed dice.

The tests drive the pure ruleset (``RULESET.apply`` / ``prompt`` /
``trackers``) with typed answers, as a script would: the secret pick line
(``red=hook+d1 blue=protect+x2``), the faces of each 2d6 roll (``"4 5"``) and
choice keys. The refusals go through :class:`companion.session.Session`, as the
table would type them. Each test names what it checks: the text
(shared/rules/source/cage_match.txt), a ruling (CM-1 to CM-6, D-5, D-6) or a
decision of docs/cage_match_design.md (CMD-1 to CMD-28; CMD-20 as amended:
a submission that lands is the first of the two straight wins).

The two test sheets keep the arithmetic obvious: every move has dice 0, so a
roll's total is its faces; both are middleweights (muscle rating 9: a total of
3-8 hits muscles, 9+ the head or body):

    jab 4 head (+1 focus) · hook 10 head · kick 7 body · haymaker 12 head, dice -4
    shoot 4 body · throw 8 body · takedown 6 body · ground punch 6 head · armbar 6 body

Every other type (parry, sprawl, collar tie, break, protect +1, focus, taunt +2
drain 2, pass the guard, sweep, escape) is the shipped generic move, dice 0.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from companion.cards import load_file
from companion.dice import Refused
from companion.ruleset import Answer, ChoicePrompt, OverPrompt, RollPrompt, SecretPrompt, Setup, evolve
from companion.rulesets.cage_match import ruleset as engine
from companion.rulesets.cage_match import tables as cage_match_tables
from companion.rulesets.cage_match.cards import CmCard
from companion.rulesets.cage_match.ruleset import RULESET, Body
from companion.session import Session

REPO = Path(__file__).resolve().parent.parent
TABLES = cage_match_tables.load()
"""The shipped card, checked once (a Setup that carries it skips reading the file)."""


# --- sheets --------------------------------------------------------------------


def mv(
    key: str,
    type_: str,
    damage: int = 0,
    target: str | None = None,
    *,
    dice: int = 0,
    cost: int = 0,
    gain: int = 0,
    **extra,
) -> dict:
    """One move of a test sheet; its name is its key capitalised (``ground-punch`` -> ``Ground punch``)."""
    return {
        "key": key,
        "name": key.replace("-", " ").capitalize(),
        "type": type_,
        "focus_cost": -cost,
        "dice": dice,
        "damage": damage,
        "target": target or ("none" if damage == 0 else "head"),
        "focus_gain": gain,
        **extra,
    }


BASE = (
    mv("jab", "jab", 4, gain=1),
    mv("hook", "strike", 10),
    mv("kick", "strike", 7, "body"),
    mv("haymaker", "strike", 12, dice=-4),
    mv("shoot", "shoot", 4, "body"),
    mv("throw", "throw", 8, "body"),
    mv("takedown", "takedown", 6, "body"),
    mv("ground-punch", "gnp", 6),
    mv("armbar", "submission", 6, "body"),
)


def sheet(name: str, *, moves=BASE, weight: str = "middleweight", **fields) -> CmCard:
    return CmCard.model_validate(
        {"name": name, "weight_class": weight, "style": "test", "moves": list(moves), **fields}
    )


RED = sheet("Red")
BLUE = sheet("Blue")
COMBOS = [
    {"name": "One-two-kick", "stages": ["jab", "hook", "kick"]},
    {"name": "Double hook", "stages": ["hook", "hook"]},
    {"name": "Clinch finish", "stages": ["hook", "hook", "takedown"], "positions": ["clinching"]},
]
RED_COMBOS = sheet("Red", combos=COMBOS)
"""Red with three combos: jab -> hook -> kick; hook -> hook; in CLINCHING hook -> hook -> takedown."""

_ROSTER, _PROBLEMS = load_file(REPO / "fighters" / "cage_match.yaml", "cage_match", CmCard)
ROSTER = {card.name: card for card in _ROSTER}
GREG, FRANK = ROSTER["Greg O'Connor"], ROSTER["Frank Duke"]


# --- a fight -------------------------------------------------------------------


def hp(muscle: int = 60, body: int = 60, head: int = 40, focus: int = 0) -> Body:
    return Body(muscle, body, head, focus)


class Fight:
    """A fight on the pure ruleset, optionally from a set position and set numbers."""

    def __init__(
        self,
        red: CmCard = RED,
        blue: CmCard = BLUE,
        *,
        position: str = "standing",
        dominant: int | None = None,
        red_hp: Body | None = None,
        blue_hp: Body | None = None,
        **options,
    ) -> None:
        state = RULESET.new(Setup("cage_match", (red, blue), options, TABLES))
        bodies = (red_hp or state.bodies[0], blue_hp or state.bodies[1])
        self.state = evolve(state, position=position, dominant=dominant, bodies=bodies)
        self.names = (red.name, blue.name)
        self.log: list[str] = []

    def __call__(self, *answers: str) -> list[str]:
        """Answer in order; the log lines the answers produced."""
        lines: list[str] = []
        for text in answers:
            outcome = RULESET.apply(self.state, Answer(text))
            self.state = outcome.state
            lines.extend(outcome.log)
        self.log += lines
        return lines

    @property
    def prompt(self):
        return RULESET.prompt(self.state)

    def ask(self) -> dict:
        return self.prompt.to_json()

    def track(self, side: int) -> dict:
        return RULESET.trackers(self.state)[self.names[side]]

    def hp(self, side: int) -> tuple[int, int, int, int]:
        """(muscle, body nerves, head nerves, focus) of red (0) or blue (1), as the trackers show them."""
        t = self.track(side)
        return t["muscle"], t["body_nerves"], t["head_nerves"], t["focus"]

    @property
    def where(self) -> str:
        return self.place(0)

    def place(self, side: int) -> str:
        """The position from ``side``'s tracker, with its role: ``GROUND (dominant)``."""
        t = self.track(side)
        role = {
            "on top": "dominant",
            "holds the tie": "dominant",
            "underneath": "submissive",
            "held in the tie": "submissive",
        }.get(t["side"])
        full = {"PAST GUARD": "GROUND - PAST GUARD"}.get(t["position"], t["position"])
        return f"{full} ({role})" if role else full

    def result(self) -> dict:
        assert isinstance(self.prompt, OverPrompt), self.ask()
        return self.prompt.result.to_json()

    def next_turn(self, turn: int, position: str = "STANDING") -> None:
        """The turn is over: the next secret choice is asked."""
        p = self.prompt
        assert isinstance(p, SecretPrompt), p
        assert (p.turn, p.position) == (turn, position)


def outcome(log: list[str]) -> str:
    """The reveal's outcome line cut before the results-table text: ``Hook v Sprawl: SWIFT ATTACK! (Red acts)``."""
    line = next(x for x in log if " v " in x and "!" in x)
    head, _, rest = line.partition("!")
    return head + "!" + (rest.split(")")[0] + ")" if rest.startswith(" (") else "")


def roll_prompt(fight: Fight) -> dict:
    p = fight.prompt
    assert isinstance(p, RollPrompt), p
    return p.to_json()


def choice_prompt(fight: Fight) -> dict:
    p = fight.prompt
    assert isinstance(p, ChoicePrompt), p
    return p.to_json()


def test_shipped_roster_loads():
    """The seven shipped sheets load without problems (design 4.3)."""
    assert _PROBLEMS == []
    assert len(ROSTER) == 7


# --- CM-1: the start ------------------------------------------------------------------


def test_cm1_start_numbers_and_first_prompt():
    """CM-1: muscle 60, body 60, head 40, focus 0; every fight starts STANDING with a secret choice (CM-5)."""
    f = Fight(GREG, FRANK)
    assert f.hp(0) == f.hp(1) == (60, 60, 40, 0)
    assert f.track(0)["position"] == "STANDING" and f.track(0)["penalty"] is None
    p = f.ask()
    assert (p["kind"], p["who"], p["turn"], p["position"], p["pad"]) == ("secret", "both", 1, "STANDING", "standing")
    red = p["sides"]["red"]
    assert (red["who"], red["focus"], red["default"], red["max_dice"], red["max_damage"]) == (
        "Greg O'Connor",
        0,
        "protect",
        2,
        2,
    )
    keys = [o["key"] for o in red["options"]]
    assert keys[:3] == ["jab", "cross", "body-hook"]  # the STANDING pad's own first, in the pad's order
    gnp = next(o for o in red["options"] if o["key"] == "ground-punch")  # named, it gives the default
    assert (gnp["allowed"], gnp["why"]) == (False, "no gnp in STANDING")
    hammer = next(o for o in red["options"] if o["key"] == "hammer-right")
    assert (hammer["allowed"], hammer["why"]) == (False, "needs 2 focus, holds 0")


def test_cm1_weight_classes_must_match_unless_catchweight():
    """CMD-22 (text "Pick ... 2 fighters of matching weight class"): a middleweight v a featherweight is
    refused unless the catchweight option is on."""
    feather = sheet("Feather", weight="featherweight")
    with pytest.raises(ValueError, match="matching weight class"):
        Fight(RED, feather)
    f = Fight(RED, feather, catchweight=True)
    assert isinstance(f.prompt, SecretPrompt)


# --- CM-2: the attack dice table -------------------------------------------------------


@pytest.mark.parametrize(
    "pick, red_focus, faces, line, blue_after",
    [
        ("hook", 0, "1 1", "Hook: a miss", (60, 60, 40)),  # double 1s
        ("hook+d2", 2, "1 1", "Hook: a miss", (60, 60, 40)),  # double 1s miss even at 4
        ("haymaker", 0, "2 4", "Haymaker: a miss", (60, 60, 40)),  # 6 - 4 = 2: 2 or less
        ("haymaker", 0, "3 4", "Haymaker: 12 to Blue's muscles (60 → 48)", (48, 60, 40)),  # 7 - 4 = 3
        ("hook", 0, "1 2", "Hook: 10 to Blue's muscles (60 → 50)", (50, 60, 40)),  # 3: muscles
        ("hook", 0, "4 4", "Hook: 10 to Blue's muscles (60 → 50)", (50, 60, 40)),  # 8 = rating - 1
        ("hook", 0, "4 5", "Hook: 10 to Blue's head (40 → 30)", (60, 60, 30)),  # 9 = rating: head
        ("kick", 0, "4 5", "Kick: 7 to Blue's body (60 → 53)", (60, 53, 40)),  # body target
        ("hook", 0, "6 6", "Hook: 20 to Blue's head (doubled) (40 → 20)", (60, 60, 20)),  # double 6s
        ("haymaker", 0, "6 6", "Haymaker: 24 to Blue's head (doubled) (40 → 16)", (60, 60, 16)),  # 8, still a hit
    ],
)
def test_cm2_attack_dice_table(pick, red_focus, faces, line, blue_after):
    """CM-2: 2 or less or double 1s miss; 3 to rating-1 muscles; rating+ the move's head/body; double 6s
    always hit, double damage to head/body (read through SWIFT ATTACK, hook v sprawl)."""
    f = Fight(red_hp=hp(focus=red_focus))
    f(f"red={pick} blue=sprawl")
    log = f(faces)
    assert log[-1] == line
    assert f.hp(1)[:3] == blue_after
    f.next_turn(2)


def test_cm2_featherweight_rating_8_and_a_sheets_own_rating():
    """CM-2: the head/body threshold is the defender's muscle rating, 8 against a featherweight, 9 against
    a middleweight, or the sheet's own."""
    f = Fight(sheet("Red", weight="featherweight"), sheet("Blue", weight="featherweight"))
    f("red=hook blue=sprawl")
    assert f("4 4") == ["Red rolls 4+4 = 8 for hook", "Hook: 10 to Blue's head (40 → 30)"]
    tough = sheet("Blue", muscle_rating=10)
    g = Fight(RED, tough)
    g("red=hook blue=sprawl")
    p = roll_prompt(g)
    assert (p["against"], p["target"]) == ("Blue's muscle rating", 10)
    assert g("4 5") == ["Red rolls 4+5 = 9 for hook", "Hook: 10 to Blue's muscles (60 → 50)"]


def test_cm2_half_damage_rounds_down():
    """CM-2: half damage rounds down (PROTECTS: the kick's 7 halves to 3)."""
    f = Fight()
    f("red=kick blue=protect", "4 5")
    assert f("4 4") == [
        "Blue rolls 4+4 = 8 for protect",
        "Kick: 3 to Blue's muscles (halved) (60 → 57)",
        "Blue +1 focus (Protect): 0 → 1",
    ]
    assert f.hp(1) == (57, 60, 40, 1)


def test_cm11_muscles_before_nerves_and_the_rest_is_lost_by_default():
    """CM-2 and ruling CM-11: a muscles hit takes from the muscles left; by default the rest is lost
    ("once muscles are reduced to 0" governs later hits), and the log says so."""
    f = Fight(blue_hp=hp(muscle=4))
    f("red=hook blue=sprawl")
    assert f("1 2")[-1] == "Hook: 10 to Blue's muscles (4 → 0), the other 6 is lost (CM-11)"
    assert f.hp(1) == (0, 60, 40, 0)
    assert RULESET.options[[o.key for o in RULESET.options].index("muscle_spill")].default is False


def test_cm11_muscle_spill_is_an_option():
    """Ruling CM-11: with muscle_spill on, the rest of a muscles hit goes on to the move's target nerves."""
    f = Fight(blue_hp=hp(muscle=4), muscle_spill=True)
    f("red=kick blue=sprawl")
    assert f("1 2")[-1] == "Kick: 7 to Blue's muscles (4 → 0), 3 spills to the body (60 → 57)"
    assert f.hp(1) == (0, 57, 40, 0)


def test_cm2_all_damage_to_the_nerves_once_muscles_are_0():
    """CM-2 (text "Once muscles are reduced to 0, all damage goes to head/body nerves"): a muscles roll
    hits the move's target nerves."""
    f = Fight(blue_hp=hp(muscle=0))
    f("red=hook blue=sprawl")
    assert f("1 2")[-1] == "Hook: 10 to Blue's head (no muscles left) (40 → 30)"
    f("red=kick blue=sprawl")
    assert f("2 2")[-1] == "Kick: 7 to Blue's body (no muscles left) (60 → 53)"
    assert f.hp(1) == (0, 53, 30, 0)


# --- CM-3: penalties -------------------------------------------------------------------


@pytest.mark.parametrize(
    "red_hp, modifier, parts, shown",
    [
        (hp(), 0, [], None),
        (hp(muscle=29), -1, [["hurt (CM-3)", -1]], -1),
        (hp(body=29), -1, [["hurt (CM-3)", -1]], -1),
        (hp(muscle=30, body=30), 0, [], None),  # below 30, not at 30
        (hp(muscle=29, body=29), -2, [["hurt (CM-3)", -2]], -2),
        (hp(muscle=0, body=1), -2, [["hurt (CM-3)", -2]], -2),
    ],
)
def test_cm3_penalty_in_the_roll_prompt(red_hp, modifier, parts, shown):
    """CM-3: muscles or body nerves below 30 gives -1 to all dice; both below 30, -2. The roll prompt
    lists it among its modifier parts, the trackers show it."""
    f = Fight(red_hp=red_hp)
    assert f.track(0)["penalty"] == shown
    f("red=hook blue=sprawl")
    p = roll_prompt(f)
    assert (p["modifier"], p["modifier_parts"]) == (modifier, parts)


def test_cm3_penalty_fixed_at_the_reveal_then_recomputed():
    """CMD-11: the penalty is the one in force at the reveal for the whole Resolve step; damage taken in
    it counts from the next roll after Record (here: the next turn)."""
    f = Fight(blue_hp=hp(muscle=35))
    f("red=hook blue=kick", "1 2")  # TRADE BLOWS: Blue's muscles 35 -> 25
    assert f.hp(1)[0] == 25 and f.track(1)["penalty"] == -1
    p = roll_prompt(f)
    assert (p["who"], p["modifier"], p["modifier_parts"]) == ("Blue", 0, [])
    assert f("1 2") == ["Blue rolls 1+2 = 3 for kick", "Kick: 7 to Red's muscles (60 → 53)"]
    f("red=sprawl blue=hook")
    p = roll_prompt(f)
    assert (p["who"], p["modifier"], p["modifier_parts"]) == ("Blue", -1, [["hurt (CM-3)", -1]])
    assert f("4 5") == ["Blue rolls 4+5-1 = 8 for hook", "Hook: 10 to Red's muscles (53 → 43)"]


# --- CM-4: focus ------------------------------------------------------------------------


def test_cm4_focus_spent_at_the_reveal_even_on_a_miss():
    """CM-4: focus placed on dice and damage is spent at the reveal, and stays spent when the move misses."""
    f = Fight(red_hp=hp(focus=3))
    log = f("red=hook+d1+x1 blue=sprawl")
    assert log[0] == "Turn 1, STANDING. Red: Hook (+1 focus on dice, +1 focus on damage) · Blue: Sprawl"
    assert f.hp(0)[3] == 1
    p = roll_prompt(f)
    assert (p["modifier"], p["modifier_parts"]) == (1, [["focus on dice", 1]])
    assert f("1 1") == ["Red rolls 1+1+1 = 3 for hook — double 1s", "Hook: a miss"]
    assert f.hp(0) == (60, 60, 40, 1) and f.hp(1) == (60, 60, 40, 0)
    f.next_turn(2)


def test_cm4_a_power_moves_cost_is_paid_at_the_reveal():
    """CM-4 and the text's head kick (-1 focus, -2 dice, 10 damage, head): the move's cost is paid with
    the reveal, and its dice modifier is in the roll."""
    f = Fight(GREG, FRANK, blue_hp=hp(focus=2))
    log = f("red=sprawl blue=head-kick+d1")
    assert log[0] == "Turn 1, STANDING. Greg O'Connor: Sprawl · Frank Duke: Head kick (1 focus, +1 focus on dice)"
    assert f.hp(1)[3] == 0
    p = roll_prompt(f)
    assert (p["who"], p["modifier"], p["modifier_parts"]) == (
        "Frank Duke",
        -1,
        [["Head kick", -2], ["focus on dice", 1]],
    )
    assert f("5 5") == ["Frank Duke rolls 5+5-1 = 9 for head kick", "Head kick: 10 to Greg O'Connor's head (40 → 30)"]


def test_cm4_focus_on_dice_adds_to_every_roll_of_the_turn():
    """CM-4 ("Any focus to dice applies to the entire turn"): the parry roll and the follow-up both get +1."""
    f = Fight(red_hp=hp(focus=1))
    f("red=parry+d1 blue=hook")
    assert roll_prompt(f)["modifier_parts"] == [["focus on dice", 1]]
    f("4 5", "4 5")  # 10 v 9: parried
    f("jab")
    p = roll_prompt(f)
    assert (p["reason"], p["modifier_parts"]) == ("jab (follow-up, undefended)", [["focus on dice", 1]])
    assert f("4 4") == [
        "Red rolls 4+4+1 = 9 for jab",
        "Jab: 4 to Blue's head (40 → 36)",
        "Red +1 focus (Jab, follow-up): 0 → 1",
    ]


def test_cm4_focus_on_damage_is_dealt_once():
    """CM-4 ("extra damage can be dealt only once (in a Shoot+Take-Down, for example)"), CMD-9: +4 with
    the first damaging hit, the shoot; the take-down does its own 6."""
    f = Fight(red_hp=hp(focus=1))
    f("red=shoot+x1 blue=parry")
    assert f("4 4") == [
        "Red rolls 4+4 = 8 for shoot",
        "Shoot: 8 to Blue's muscles (+4 focus) (60 → 52)",
        "Position: CLINCHING",
    ]
    assert f("takedown", "5 5", "3 3")[-2:] == ["Takedown: 6 to Blue's body (60 → 54)", "Position: GROUND, Red on top"]
    assert f.hp(1) == (52, 54, 40, 0)


def test_cm4_focus_on_damage_waits_for_the_first_damaging_hit():
    """CMD-9: a miss does not use the damage focus; in SLICK MOVE the parrier's follow-up gets it."""
    f = Fight(red_hp=hp(focus=2))
    f("red=parry+x2 blue=hook", "4 5", "4 5", "kick")
    assert f("1 2")[1] == "Kick: 15 to Blue's muscles (+8 focus) (60 → 45)"


def test_cm4_overspend_is_refused_state_unchanged():
    """CMD-3, D-5: extras beyond the focus held are a typing error: refused, nothing changes."""
    f = Fight(red_hp=hp(focus=1))
    before = f.state
    with pytest.raises(Refused) as info:
        f("red=hook+d1+x1 blue=protect")
    assert info.value.reason == "red: hook+d1+x1 spends 2 focus, Red holds 1"
    assert f.state is before and f.hp(0)[3] == 1 and isinstance(f.prompt, SecretPrompt)
    g = Fight(GREG, FRANK, blue_hp=hp(focus=1))
    with pytest.raises(Refused) as info:
        g("red=jab blue=head-kick+d1")
    assert info.value.reason == "blue: head-kick+d1 spends 2 focus, Frank Duke holds 1"


def test_cm4_unaffordable_move_gives_the_default():
    """Text ("If you chose a move that you can't do, then do the default move"), CMD-2/CMD-3: a move whose
    own cost is above the focus held is accepted and replaced by Protect, the log says why."""
    f = Fight(GREG, FRANK)
    log = f("red=jab blue=head-kick")
    assert log[:2] == [
        "Turn 1, STANDING. Greg O'Connor: Jab · Frank Duke: Head kick",
        "Frank Duke cannot do Head kick (needs 1 focus, holds 0): Protect, the default in STANDING",
    ]
    assert outcome(log) == "Jab v Protect: PROTECTS! (Greg O'Connor acts)"
    f("4 5")
    p = roll_prompt(f)  # Frank protects: his Long guard bonus (+1 on protect, STANDING)
    assert (p["who"], p["reason"], p["modifier_parts"]) == (
        "Frank Duke",
        "protect (PROTECTS roll-off)",
        [["Long guard", 1]],
    )


def test_cm4_default_still_spends_the_extras():
    """CMD-3 / CM-4: focus placed on dice stays placed and spent when the move becomes the default."""
    f = Fight(red_hp=hp(focus=1), first_fight=True)
    log = f("red=shoot+d1 blue=protect")
    assert log[:2] == [
        "Turn 1, STANDING. Red: Shoot (+1 focus on dice) · Blue: Protect",
        "Red cannot do Shoot (no Shoot & Clinch in a First Fight): Protect, the default in STANDING",
    ]
    assert outcome(log) == "Protect v Protect: TAUNTS!"
    assert log[-2:] == ["Red +1 focus (Protect): 0 → 1", "Blue +1 focus (Protect): 0 → 1"]
    assert f.hp(0)[3] == 1


def test_cm4_move_not_allowed_in_the_position_gives_the_default():
    """CMD-1/CMD-3: a move its position does not allow (the move's own positions; the held fighter's
    throw in COLLAR TIE) is replaced by the default."""
    f = Fight(GREG, FRANK, position="clinching")
    log = f("red=body-hook blue=low-kick")
    assert log[1] == "Frank Duke cannot do Low kick (not from CLINCHING): Protect, the default in CLINCHING"
    assert outcome(log) == "Body hook v Protect: PROTECTS! (Greg O'Connor acts)"
    g = Fight(position="collar_tie", dominant=0)
    log = g("red=protect blue=throw")
    assert log[1] == "Blue cannot do Throw (no throw in COLLAR TIE (submissive)): Protect, the default in COLLAR TIE"
    side = Fight(position="collar_tie", dominant=0).ask()["sides"]["blue"]
    throw = next(o for o in side["options"] if o["key"] == "throw")
    assert (throw["allowed"], throw["why"]) == (False, "no throw in COLLAR TIE (submissive)")


def test_cm4_focus_is_capped_at_10():
    """Text ("Focus Tokens (max 10)"), CM-1: gains stop at 10."""
    f = Fight(red_hp=hp(focus=8))
    assert f("red=focus blue=protect")[-2:] == ["Red +2 focus (Focus): 8 → 10", "Blue +1 focus (Protect): 0 → 1"]
    assert f.hp(0)[3] == 10
    log = f("red=focus blue=protect")
    assert not [line for line in log if line.startswith("Red +")]  # nothing to gain at 10
    assert log[-1] == "Blue +1 focus (Protect): 1 → 2" and f.hp(0)[3] == 10


# --- the results table: every outcome on the shipped card ------------------------------


def test_trade_blows_both_hit_full_no_defence():
    """Text TRADE BLOWS: both attack rolls, no defence, full damage (strike v strike, STANDING)."""
    f = Fight()
    log = f("red=hook blue=kick")
    assert outcome(log) == "Hook v Kick: TRADE BLOWS!"
    p = roll_prompt(f)
    assert (p["who"], p["reason"], p["against"], p["target"]) == (
        "Red",
        "hook (TRADE BLOWS)",
        "Blue's muscle rating",
        9,
    )
    assert f("4 5", "1 2") == [
        "Red rolls 4+5 = 9 for hook",
        "Hook: 10 to Blue's head (40 → 30)",
        "Blue rolls 1+2 = 3 for kick",
        "Kick: 7 to Red's muscles (60 → 53)",
    ]
    assert (f.hp(0), f.hp(1)) == ((53, 60, 40, 0), (60, 60, 30, 0))
    f.next_turn(2)


def test_trade_blows_two_double_sixes_both_double():
    """CMD-8: in TRADE BLOWS nobody defends, so both double 6s count."""
    f = Fight()
    f("red=hook blue=kick")
    assert f("6 6", "6 6")[1::2] == [
        "Hook: 20 to Blue's head (doubled) (40 → 20)",
        "Kick: 14 to Red's body (doubled) (60 → 46)",
    ]


def test_trade_blows_starts_no_combo():
    """Text TRADE BLOWS "No combos": a full hit by a combo's first stage offers nothing."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3))
    f("red=hook blue=kick", "4 5", "1 1")
    f.next_turn(2)


@pytest.mark.parametrize(
    "red, blue, tail",
    [
        (
            "4 5",
            "2 3",
            [
                "Blue rolls 2+3 = 5 for hook",
                "Red is faster",
                "Jab: 4 to Blue's head (40 → 36)",
                "Red +1 focus (Jab): 0 → 1",
            ],
        ),
        (
            "2 3",
            "4 5",
            [
                "Blue rolls 4+5 = 9 for hook",
                "Blue is faster",
                "Hook: 10 to Red's head (40 → 30)",
                "Red +1 focus (Jab): 0 → 1",
            ],
        ),  # the loser's jab still gains its focus
        ("3 3", "2 4", ["Blue rolls 2+4 = 6 for hook", "A tie: neither lands", "Red +1 focus (Jab): 0 → 1"]),
        (
            "6 6",
            "6 6",
            ["Blue rolls 6+6 = 12 for hook — double 6s!", "A tie: neither lands", "Red +1 focus (Jab): 0 → 1"],
        ),  # CMD-8: two double 6s tie
        (
            "6 6",
            "5 6",
            [
                "Blue rolls 5+6 = 11 for hook",
                "Red is faster",
                "Jab: 8 to Blue's head (doubled) (40 → 32)",
                "Red +1 focus (Jab): 0 → 1",
            ],
        ),
    ],
)
def test_who_faster(red, blue, tail):
    """Text WHO FASTER: roll-off, only the high roll hits, full damage; CMD-7: a tie lands nothing;
    CMD-6: the winner's roll-off total is its attack roll."""
    f = Fight()
    log = f("red=jab blue=hook")
    assert outcome(log) == "Jab v Hook: WHO FASTER!"
    assert roll_prompt(f)["reason"] == "jab (WHO FASTER roll-off)"
    f(red)
    assert f(blue) == tail
    f.next_turn(2)


def test_who_faster_winner_who_still_misses():
    """Text WHO FASTER + CM-2: the winner's total is its attack roll, and double 1s miss even when they win."""
    f = Fight(red_hp=hp(focus=2))
    f("red=jab+d2 blue=hook", "1 1")
    assert f("1 2") == ["Blue rolls 1+2 = 3 for hook", "Red is faster", "Jab: a miss", "Red +1 focus (Jab): 0 → 1"]
    assert f.hp(1) == (60, 60, 40, 0)


def test_who_faster_winning_shoot_follows_shoots_in():
    """Text WHO FASTER ("If successful attack is a shoot or throw, follow 'Shoots in!' rules")."""
    f = Fight()
    assert outcome(f("red=shoot blue=hook")) == "Shoot v Hook: WHO FASTER!"
    assert f("5 5", "2 2")[-3:] == ["Red is faster", "Shoot: 4 to Blue's body (60 → 56)", "Position: CLINCHING"]
    p = choice_prompt(f)
    assert (p["who"], p["options"]) == ("Red", ["takedown", "stay"])


@pytest.mark.parametrize("blue", ["shoot", "throw", "sprawl", "taunt"])
def test_swift_attack_jab_beats(blue):
    """Text SWIFT ATTACK ("Jab beats Shoot or Throw"); CM-6 fight card: the jab's attack roll, the other
    move does nothing."""
    f = Fight()
    log = f(f"red=jab blue={blue}")
    assert outcome(log).endswith("SWIFT ATTACK! (Red acts)")
    late = {"taunt": "Blue is caught taunting", "sprawl": "Blue's sprawl gamble doesn't pay off"}
    assert log[-1] == late.get(blue, f"Blue is too late with the {blue}")
    assert f("4 5")[1] == "Jab: 4 to Blue's head (40 → 36)"
    assert f.where == "STANDING"


def test_swift_attack_taunter_still_gains():
    """CMD-15: a taunt gains its +2 in any outcome but CROWD BOOS, even when it is hit."""
    f = Fight()
    f("red=jab blue=taunt")
    assert f("1 2")[-2:] == ["Red +1 focus (Jab): 0 → 1", "Blue +2 focus (Taunt): 0 → 2"]


def test_swift_attack_clinching_sprawl_gamble():
    """Text SWIFT ATTACK ("If in CLINCHING, the Sprawl gamble didn't pay off and sprawler is getting hit")."""
    f = Fight(position="clinching")
    log = f("red=sprawl blue=kick")
    assert outcome(log) == "Sprawl v Kick: SWIFT ATTACK! (Blue acts)"
    assert roll_prompt(f)["who"] == "Blue"
    assert f("4 5")[1] == "Kick: 7 to Red's body (60 → 53)"
    assert f.where == "CLINCHING"


# --- TAUNTS and CROWD BOOS --------------------------------------------------------------


def test_taunts_focus_six_protect_one():
    """Text TAUNTS: "Focusing fighter gains full focus charge (6). A protecting fighter still gains 1"."""
    f = Fight()
    log = f("red=focus blue=protect")
    assert outcome(log) == "Focus v Protect: TAUNTS!"
    assert log[-2:] == ["Red +6 focus (Focus): 0 → 6", "Blue +1 focus (Protect): 0 → 1"]
    assert (f.hp(0)[3], f.hp(1)[3]) == (6, 1)
    f.next_turn(2)


def test_taunts_taunt_gains_and_drains():
    """CMD-15: in TAUNTS a taunt gains 2 and drains the other fighter by 2 (after his own gain)."""
    f = Fight(blue_hp=hp(focus=3))
    log = f("red=taunt blue=protect")
    assert outcome(log) == "Taunt v Protect: TAUNTS!"
    assert log[-3:] == [
        "Red +2 focus (Taunt): 0 → 2",
        "Blue +1 focus (Protect): 3 → 4",
        "Red's taunt gets to Blue: focus 4 → 2",
    ]
    assert (f.hp(0)[3], f.hp(1)[3]) == (2, 2)


def test_taunts_drain_stops_at_zero():
    """CMD-15: the drain takes what there is (focus never below 0)."""
    f = Fight(blue_hp=hp(focus=1))
    log = f("red=taunt blue=sprawl")
    assert outcome(log) == "Taunt v Sprawl: TAUNTS!"
    assert log[-2:] == ["Red +2 focus (Taunt): 0 → 2", "Red's taunt gets to Blue: focus 1 → 0"]
    assert f.hp(1)[3] == 0


def test_taunts_drain_spares_a_focuser():
    """CMD-15: the taunt does not reach a fighter who chose Focus: he gains the full 6."""
    f = Fight()
    log = f("red=taunt blue=focus")
    assert log[-2:] == ["Red +2 focus (Taunt): 0 → 2", "Blue +6 focus (Focus): 0 → 6"]
    assert f.hp(1)[3] == 6


@pytest.mark.parametrize("position", ["standing", "clinching"])
def test_crowd_boos_taunt_v_taunt(position):
    """CM-6 ("taunt against taunt gives the crowd boos"), text CROWD BOOS: no rolls, no taunt pays, and
    from CLINCHING both return to STANDING."""
    f = Fight(position=position, red_hp=hp(focus=1), blue_hp=hp(focus=1))
    log = f("red=taunt blue=taunt")
    assert outcome(log) == "Taunt v Taunt: CROWD BOOS!"
    tail = ["The crowd boos!"] + (["Position: STANDING"] if position == "clinching" else [])
    assert log[2:] == tail
    assert (f.hp(0)[3], f.hp(1)[3], f.where) == (1, 1, "STANDING")
    f.next_turn(2)


def test_crowd_boos_break_v_focus_stands_up_from_the_clinch_focus_still_gains():
    """Text CROWD BOOS ("If in CLINCHING, both fighters return to STANDING"), ruling CM-8. Focus still
    gains 6 (text: only taunts gain nothing)."""
    f = Fight(position="clinching")
    log = f("red=break blue=focus")
    assert outcome(log) == "Break v Focus: CROWD BOOS!"
    assert log[2:] == ["The crowd boos!", "Position: STANDING", "Blue +6 focus (Focus): 0 → 6"]
    assert f.where == "STANDING"


@pytest.mark.parametrize("dominant", [0, 1])
def test_cm8_crowd_boos_in_the_collar_tie_changes_nothing(dominant):
    """Ruling CM-8: CROWD BOOS changes the position "only from CLINCHING"; the COLLAR TIE is a position of
    its own in the text's POSITION table, though played on the CLINCHING pad."""
    f = Fight(position="collar_tie", dominant=dominant)
    log = f("red=break blue=focus")
    assert outcome(log) == "Break v Focus: CROWD BOOS!"
    assert log[2:] == [
        "The crowd boos! In the collar tie it changes nothing (only the clinch breaks up)",
        "Blue +6 focus (Focus): 0 → 6",
    ]
    assert f.place(0) == ("COLLAR TIE (dominant)" if dominant == 0 else "COLLAR TIE (submissive)")


@pytest.mark.parametrize("position", ["ground", "past_guard"])
@pytest.mark.parametrize("blue", ["focus", "protect"])
@pytest.mark.parametrize(
    "rolls, up", [(("5 5", "4 5"), True), (("4 5", "4 5"), False), (("2 2", "6 5"), False)], ids=["won", "tie", "lost"]
)
def test_cm8_getting_up_from_the_ground_takes_a_won_roll_off(position, blue, rolls, up):
    """Ruling CM-8: a break against a passive move on GROUND or past the guard is no free stand-up
    (CROWD BOOS changes nothing there): the breaker must win, not tie, a roll-off, even against Focus
    (the text's automatic success v Focus is for trips, take-downs and collar ties)."""
    label = {"ground": "GROUND", "past_guard": "GROUND - PAST GUARD"}[position]
    f = Fight(position=position, dominant=0)
    log = f(f"red=break blue={blue}")
    assert outcome(log) == f"Break v {blue.capitalize()}: TRIES THE TAKE-DOWN! (Red acts)"
    assert "Getting up takes a won roll-off" in log[1]
    assert roll_prompt(f)["reason"] == "break (TRIES THE TAKE-DOWN roll-off)"
    log = f(*rolls)
    assert ("Position: STANDING" in log) == up
    assert ("Lost or tied: no damage or position change" in log) == (not up)
    assert f.where == ("STANDING" if up else f"{label} (dominant)")


def test_cm8_crowd_boos_on_the_ground_changes_nothing():
    """Ruling CM-8: both breaking on the ground is CROWD BOOS, which changes nothing there (past the
    guard the fighter underneath cannot break: only escape, protect or focus)."""
    f = Fight(position="ground", dominant=1)
    log = f("red=break blue=break")
    assert outcome(log) == "Break v Break: CROWD BOOS!"
    assert log[2] == "The crowd boos! On the ground it changes nothing: getting up takes a won roll-off"
    assert f.where == "GROUND (submissive)"
    f.next_turn(2, "GROUND")


def test_cm8_a_break_races_the_escape_under_the_past_guard():
    """Ruling CM-8 and CM-7: the top fighter getting up while the one underneath escapes is a WHO FASTER
    race; the break that wins stands the fight up (a won roll-off), the escape that wins closes the guard."""
    f = Fight(position="past_guard", dominant=0)
    log = f("red=break blue=escape")
    assert outcome(log) == "Break v Escape: WHO FASTER!"
    assert f("5 5", "2 3")[-2:] == ["Red is faster", "Position: STANDING"]
    g = Fight(position="past_guard", dominant=0)
    g("red=break blue=escape", "2 3", "5 5")
    assert g.where == "GROUND (dominant)" and g.place(1) == "GROUND (submissive)"


# --- SLICK MOVE -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "parry, strike, line, red_after",
    [
        ("5 5", "4 5", "Red parries: no damage", (60, 60, 40)),  # beats
        ("4 5", "4 5", "Red parries: no damage", (60, 60, 40)),  # ties: the parrier's
        ("2 2", "4 5", "Hook: 5 to Red's muscles (halved) (60 → 55)", (55, 60, 40)),  # loses: half to muscles
        ("2 2", "1 1", "Hook: a miss", (60, 60, 40)),  # the striker misses
        ("5 5", "6 6", "Hook: 10 to Red's head (doubled, halved) (40 → 30)", (60, 60, 30)),  # striker's 6-6
        ("6 6", "6 5", "Red's double 6s: no damage", (60, 60, 40)),  # parrier's 6-6
        ("6 6", "6 6", "Red's double 6s: no damage", (60, 60, 40)),  # CM-2: a defender who also rolls 6-6
    ],
)
def test_slick_move_parry_roll_off(parry, strike, line, red_after):
    """Text SLICK MOVE and ruling CM-9 (the results table rules): the parrier must beat or tie the attack
    roll to take no damage, loses and takes half to muscle; CM-2: the striker's double 6s still hit (half of double, to head/body), the
    parrier's double 6s negate."""
    f = Fight()
    log = f("red=parry blue=hook")
    assert outcome(log) == "Parry v Hook: SLICK MOVE! (Red acts)"
    p = roll_prompt(f)
    assert (p["who"], p["reason"], p.get("target")) == ("Red", "parry (SLICK MOVE roll-off)", None)
    f(parry)
    p = roll_prompt(f)
    assert (p["who"], p["reason"], p["against"]) == (
        "Blue",
        "hook (SLICK MOVE roll-off)",
        "the other corner's roll-off",
    )
    assert p["note"].endswith(
        "the total is also the attack roll: 3+ hits muscles, 9+ the head; double 6s double it, double 1s miss"
    )
    assert f(strike)[-1] == line
    assert f.hp(0)[:3] == red_after
    assert choice_prompt(f)["reason"] == "the follow-up after the parry (no focus)"


def test_slick_move_follow_up_choice_and_undefended_roll():
    """Text SLICK MOVE / 2-Action Moves: then the parrier makes any attack that doesn't require focus
    (advised: the most damage on average), rolled undefended, full damage."""
    f = Fight(GREG, FRANK)
    f("red=parry blue=cross", "5 5", "4 5")
    p = choice_prompt(f)
    # Greg's focus-free attacks allowed STANDING: no hammer right or liver hook (they cost focus)
    assert p["options"] == ["jab", "cross", "body-hook", "uppercut", "shoot", "throw", "none"]
    assert p["advised"] == "uppercut"  # 8 damage at +0 (his -1, his +1) beats the cross's 7 at +1
    f("uppercut")
    p = roll_prompt(f)
    # his Counter-puncher bonus (+1 in a turn he parries) with the uppercut's -1
    assert (p["reason"], p["modifier"], p["modifier_parts"]) == (
        "uppercut (follow-up, undefended)",
        0,
        [["Uppercut", -1], ["Counter-puncher", 1]],
    )
    assert f("4 5") == ["Greg O'Connor rolls 4+5 = 9 for uppercut", "Uppercut: 8 to Frank Duke's head (40 → 32)"]
    f.next_turn(2)


def test_slick_move_follow_up_can_miss():
    """CM-2: "All attacks, even if not defended, require a roll of both dice"."""
    f = Fight()
    f("red=parry blue=hook", "5 5", "4 5", "hook")
    assert f("1 1") == ["Red rolls 1+1 = 2 for hook — double 1s", "Hook: a miss"]


def test_slick_move_shoot_follow_up_clinches_without_take_down():
    """Text 2-Action Moves: "If you follow with a Shoot, it results in CLINCHING but you may not attempt a
    Take-Down"."""
    f = Fight()
    f("red=parry blue=hook", "5 5", "4 5", "shoot")
    assert f("4 4") == ["Red rolls 4+4 = 8 for shoot", "Shoot: 4 to Blue's muscles (60 → 56)", "Position: CLINCHING"]
    f.next_turn(2, "CLINCHING")


def test_slick_move_follow_up_starts_a_combo():
    """Text SLICK MOVE "may start a combo": the striker did at most half, so he cannot cancel it."""
    f = Fight(RED_COMBOS, BLUE)
    f("red=parry blue=hook", "2 2", "4 4", "jab")  # Red takes 5 to muscles, then jabs
    assert f("4 5")[1:] == ["Jab: 4 to Blue's head (40 → 36)", "Red +1 focus (Jab, follow-up): 0 → 1"]  # the jab's +1
    p = choice_prompt(f)
    assert (p["reason"], p["options"]) == ("a combo after the jab", ["one-two-kick", "stop"])


# --- SPRAWL N' BRAWL ----------------------------------------------------------------


def test_sprawl_n_brawl_strike_counter():
    """Text SPRAWL N' BRAWL: the shoot fails; the sprawler makes any attack that doesn't require focus,
    full damage."""
    f = Fight()
    log = f("red=sprawl blue=shoot")
    assert outcome(log) == "Sprawl v Shoot: SPRAWL N' BRAWL! (Red acts)"
    assert log[-1] == "Red sprawls and stops the shoot"
    p = choice_prompt(f)
    assert (p["reason"], p["options"], p["advised"]) == (
        "the counter after the sprawl (no focus)",
        ["jab", "hook", "kick", "haymaker", "throw", "takedown", "none"],
        "hook",
    )
    f("kick")
    assert roll_prompt(f)["reason"] == "kick (counter, undefended)"
    assert f("4 5") == ["Red rolls 4+5 = 9 for kick", "Kick: 7 to Blue's body (60 → 53)"]
    assert f.where == "STANDING" and f.hp(0) == (60, 60, 40, 0)


@pytest.mark.parametrize(
    "red, blue, tail, where",
    [
        (
            "4 4",
            "3 3",
            ["Takedown: 6 to Blue's muscles (60 → 54)", "Position: GROUND, Red on top"],
            "GROUND (dominant)",
        ),
        ("3 3", "3 3", ["Blue stays up"], "STANDING"),  # must win, not tie
        ("2 2", "3 3", ["Blue stays up"], "STANDING"),
    ],
)
def test_sprawl_n_brawl_trip_must_win(red, blue, tail, where):
    """Text: "a Trip or Take-Down requires winning a roll-off to do damage and go to GROUND"; SPRAWL N'
    BRAWL: "must win (not tie)"; CMD-23: offered STANDING too."""
    f = Fight()
    f("red=sprawl blue=shoot", "takedown")
    assert roll_prompt(f)["reason"] == "takedown (trip roll-off)"
    f(red)
    assert f(blue)[1:] == tail
    assert f.where == where


def test_sprawl_n_brawl_in_clinching_against_a_take_down():
    """CM-6 card [R extension]: CLINCHING sprawl v takedown is SPRAWL N' BRAWL too."""
    f = Fight(position="clinching")
    log = f("red=takedown blue=sprawl")
    assert outcome(log) == "Takedown v Sprawl: SPRAWL N' BRAWL! (Blue acts)"
    assert log[-1] == "Blue sprawls and stops the takedown"
    assert choice_prompt(f)["who"] == "Blue"


def test_first_fight_has_no_sprawl_n_brawl_trip():
    """Text First Fight ("eliminate the Shoot & Clinch move"): the shoot is the default Protect, so the
    sprawl meets no shoot and no trip follows (design 1.6)."""
    f = Fight(first_fight=True)
    log = f("red=sprawl blue=shoot")
    assert log[1] == "Blue cannot do Shoot (no Shoot & Clinch in a First Fight): Protect, the default in STANDING"
    assert outcome(log) == "Sprawl v Protect: TAUNTS!"
    f.next_turn(2)


# --- PROTECTS ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "red, blue, line, blue_after",
    [
        ("4 5", "4 5", "Blue covers up: no damage", (60, 60, 40)),  # tie: the protector's
        ("4 5", "5 5", "Blue covers up: no damage", (60, 60, 40)),
        ("4 5", "4 4", "Hook: 5 to Blue's muscles (halved) (60 → 55)", (55, 60, 40)),  # 9 would be head: muscles
        ("1 1", "1 2", "Hook: a miss", (60, 60, 40)),
        ("6 6", "5 5", "Hook: 10 to Blue's head (doubled, halved) (40 → 30)", (60, 60, 30)),
        ("5 5", "6 6", "Blue's double 6s: no damage", (60, 60, 40)),
    ],
)
def test_protects(red, blue, line, blue_after):
    """Text PROTECTS and ruling CM-9: the protector must beat or tie the roll-off to take no damage, loses
    and takes half to muscle; CM-2 double 6s; protect still gains 1 (CMD-16)."""
    f = Fight()
    log = f("red=hook blue=protect")
    assert outcome(log) == "Hook v Protect: PROTECTS! (Red acts)"
    f(red)
    log = f(blue)
    assert log[1:] == [line, "Blue +1 focus (Protect): 0 → 1"]
    assert f.hp(1) == blue_after + (1,)


def test_protects_avoids_position_changes():
    """Text PROTECTS: "lose and take ½ damage to muscle but avoid position changes": a winning shoot does
    not reach the clinch, and no take-down is offered."""
    f = Fight()
    f("red=shoot blue=protect", "5 5")
    assert f("2 2")[1:] == ["Shoot: 2 to Blue's muscles (halved) (60 → 58)", "Blue +1 focus (Protect): 0 → 1"]
    assert f.where == "STANDING"
    f.next_turn(2)


def test_protects_starts_no_combo():
    """Text PROTECTS "no combos"."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3))
    f("red=hook blue=protect", "5 5", "6 6")  # even the (negated) hit: no combo offer
    f.next_turn(2)
    f("red=hook blue=protect", "5 5", "2 2")
    f.next_turn(3)


def test_protects_ground_submission_does_not_become_a_hold():
    """Design 3.7: "a submission does not become a hold" against a Protect."""
    f = Fight(position="ground", dominant=0)
    f("red=armbar blue=protect", "5 5")
    assert f("2 2")[1] == "Armbar: 3 to Blue's muscles (halved) (60 → 57)"
    f.next_turn(2, "GROUND")


# --- BRUTAL HIT -------------------------------------------------------------------------


def test_brutal_hit_on_a_focuser_full_damage_and_focus_three():
    """CM-6 ("focus against an attack is a brutal hit"), CM-4: the attack roll does full damage, and the
    Focus gains only 3 because its fighter took damage."""
    f = Fight()
    log = f("red=hook blue=focus")
    assert outcome(log) == "Hook v Focus: BRUTAL HIT! (Red acts)"
    assert roll_prompt(f)["reason"] == "hook (BRUTAL HIT on a focusing fighter)"
    assert f("4 5") == [
        "Red rolls 4+5 = 9 for hook",
        "Hook: 10 to Blue's head (40 → 30)",
        "Blue +3 focus (Focus): 0 → 3",
    ]


def test_brutal_hit_miss_leaves_the_focuser_six():
    """CM-4: Focus gains 6 unless its fighter takes damage."""
    f = Fight()
    f("red=hook blue=focus")
    assert f("1 1") == ["Red rolls 1+1 = 2 for hook — double 1s", "Hook: a miss", "Blue +6 focus (Focus): 0 → 6"]


@pytest.mark.parametrize(
    "red, blue, tail, where, blue_after",
    [
        (
            "3 3",
            "4 4",
            ["Blue breaks free, taking half", "Hook: 5 to Blue's muscles (halved) (60 → 55)", "Position: STANDING"],
            "STANDING",
            (55, 60, 40),
        ),
        ("4 4", "4 4", ["Hook: 10 to Blue's muscles (60 → 50)"], "CLINCHING", (50, 60, 40)),  # tie: full
        ("4 4", "2 2", ["Hook: 10 to Blue's muscles (60 → 50)"], "CLINCHING", (50, 60, 40)),
        ("1 1", "1 1", ["Hook: a miss"], "CLINCHING", (60, 60, 40)),  # a tie, but double 1s miss
        ("6 6", "5 6", ["Hook: 20 to Blue's head (doubled) (40 → 20)"], "CLINCHING", (60, 60, 20)),
    ],
)
def test_brutal_hit_against_a_break(red, blue, tail, where, blue_after):
    """Text BRUTAL HIT: "To break, win roll off to go to STANDING but still take ½ damage ... On tie or
    below, hit does full damage"."""
    f = Fight(position="clinching")
    log = f("red=hook blue=break")
    assert outcome(log) == "Hook v Break: BRUTAL HIT! (Red acts)"
    assert roll_prompt(f)["reason"] == "hook (BRUTAL HIT: the break roll-off)"
    f(red)
    assert f(blue)[1:] == tail
    assert (f.where, f.hp(1)[:3]) == (where, blue_after)


def test_brutal_hit_breakers_double_sixes_negate():
    """CM-2 ("a defender rolling double 6s negates damage"), design 3.8 ("B's double 6s: B wins, takes
    nothing"): the breaker stands up unhurt."""
    f = Fight(position="clinching")
    f("red=hook blue=break", "5 5")
    assert f("6 6")[1:] == ["Blue breaks free with double 6s: no damage", "Position: STANDING"]
    assert f.hp(1) == (60, 60, 40, 0)


@pytest.mark.parametrize(
    "red, blue, tail, where",
    [
        (
            "4 4",
            "4 4",
            ["Takedown: 6 to Blue's muscles (60 → 54)", "Position: GROUND, Red on top"],
            "GROUND (dominant)",
        ),  # tie: the take-down succeeds
        (
            "4 4",
            "5 4",
            ["Blue breaks free, taking half", "Takedown: 3 to Blue's muscles (halved) (60 → 57)", "Position: STANDING"],
            "STANDING",
        ),
    ],
)
def test_brutal_hit_take_down_against_a_break(red, blue, tail, where):
    """Text BRUTAL HIT: "On tie or below, hit does full damage and any take-down/collar tie succeeds";
    the breaker who wins avoids "any other position change"."""
    f = Fight(position="clinching")
    assert outcome(f("red=takedown blue=break")) == "Takedown v Break: BRUTAL HIT! (Red acts)"
    f(red)
    assert f(blue)[1:] == tail
    assert f.where == where


def test_brutal_hit_collar_tie_against_a_break():
    """Text BRUTAL HIT: a collar tie that ties the break roll-off succeeds."""
    f = Fight(position="clinching")
    f("red=collar-tie blue=break", "3 4")
    assert f("2 5")[1:] == ["Position: COLLAR TIE, Red holds the tie"]
    assert (f.place(0), f.place(1)) == ("COLLAR TIE (dominant)", "COLLAR TIE (submissive)")


def test_brutal_hit_ground_break_wins_stands_up():
    """Design 1.4: a break that wins its roll-off from the GROUND goes to STANDING."""
    f = Fight(position="ground", dominant=0)
    assert outcome(f("red=ground-punch blue=break")) == "Ground punch v Break: BRUTAL HIT! (Red acts)"
    f("2 2")
    assert f("3 3")[1:] == [
        "Blue breaks free, taking half",
        "Ground punch: 3 to Blue's muscles (halved) (60 → 57)",
        "Position: STANDING",
    ]
    f.next_turn(2)


def test_brutal_hit_both_double_sixes_on_a_break():
    """CMD-8 (two double 6s tie: the take-down succeeds) with CM-2 ("a defender who also rolls double 6s
    takes none")."""
    f = Fight(position="clinching")
    f("red=takedown blue=break", "6 6")
    assert f("6 6")[1:] == ["Blue's double 6s: no damage", "Position: GROUND, Red on top"]
    assert f.hp(1) == (60, 60, 40, 0)


def test_brutal_hit_both_double_sixes_cancel_the_instant_tap():
    """CM-2 / CMD-8 / CMD-20: against a breaker who also rolls double 6s, a submission lands with no damage
    and no "two straight wins" from its cancelled double 6s: the hold roll-off is still asked."""
    f = Fight(position="ground", dominant=0)
    assert outcome(f("red=armbar blue=break")) == "Armbar v Break: BRUTAL HIT! (Red acts)"
    f("6 6")
    assert f("6 6")[1:] == ["Blue's double 6s: no damage", "Red has the armbar on: one more won roll-off and Blue taps"]
    assert roll_prompt(f)["reason"] == "armbar (the hold)"
    assert f.hp(1) == (60, 60, 40, 0)


# --- SHOOTS IN -----------------------------------------------------------------------------


def test_shoots_in_hit_goes_to_clinching_and_offers_the_take_down():
    """Text SHOOTS IN: "If any player shoots, does full damage and go to CLINCHING. A shooting fighter may
    then attempt to go to GROUND"; a choice, and ruling CM-10: a lost take-down roll-off costs nothing,
    so the advice is always to try it (here 44% to win, not tie, a roll-off of equal modifiers)."""
    f = Fight()
    log = f("red=shoot blue=parry")
    assert outcome(log) == "Shoot v Parry: SHOOTS IN! (Red acts)"
    assert f("4 4") == ["Red rolls 4+4 = 8 for shoot", "Shoot: 4 to Blue's muscles (60 → 56)", "Position: CLINCHING"]
    p = choice_prompt(f)
    assert (p["who"], p["reason"], p["options"], p["advised"]) == (
        "Red",
        "the take-down after the shoot (to GROUND on top)",
        ["takedown", "stay"],
        "takedown",
    )
    assert f.prompt.options[0].why == "win (not tie) a roll-off: 44%"
    assert f("stay") == ["Red stays in the clinch"]
    f.next_turn(2, "CLINCHING")


@pytest.mark.parametrize(
    "red, blue, tail, where",
    [
        ("5 5", "3 3", ["Takedown: 6 to Blue's body (60 → 54)", "Position: GROUND, Red on top"], "GROUND (dominant)"),
        (
            "3 3",
            "2 2",
            ["Takedown: 6 to Blue's muscles (56 → 50)", "Position: GROUND, Red on top"],
            "GROUND (dominant)",
        ),
        ("3 3", "3 3", ["Blue stops the take-down: they stay in the clinch"], "CLINCHING"),  # not tie
        ("3 3", "4 4", ["Blue stops the take-down: they stay in the clinch"], "CLINCHING"),
    ],
)
def test_shoots_in_take_down_roll_off(red, blue, tail, where):
    """Text SHOOTS IN: GROUND "by winning (not tying) additional roll-off"; 2-action move: "go to GROUND
    with dominance, otherwise stay in CLINCHING"."""
    f = Fight()
    f("red=shoot blue=parry", "4 4", "takedown")
    p = roll_prompt(f)
    assert (p["who"], p["reason"]) == ("Red", "takedown (take-down roll-off)")
    f(red)
    assert f(blue)[1:] == tail
    assert f.where == where


def test_shoots_in_miss_stays_standing():
    """Text SHOOTS IN: the shoot's attack roll; a miss does nothing."""
    f = Fight()
    assert outcome(f("red=shoot blue=taunt")) == "Shoot v Taunt: SHOOTS IN! (Red acts)"
    assert f("1 1")[:2] == ["Red rolls 1+1 = 2 for shoot — double 1s", "Shoot: a miss"]
    assert f.where == "STANDING"
    f.next_turn(2)


def test_shoots_in_on_a_taunter_takes_down_automatically():
    """CMD-15: a taunter gives no defence: the shoot's take-down is automatic, as against Focus."""
    f = Fight()
    f("red=shoot blue=taunt")
    assert f("4 4")[1:] == ["Shoot: 4 to Blue's muscles (60 → 56)", "Position: CLINCHING"]
    p = choice_prompt(f)
    assert (p["options"], p["advised"]) == (["takedown", "stay"], "takedown")
    assert f("takedown")[:3] == [
        "Takedown: automatic against Taunt",
        "Takedown: 6 to Blue's muscles (56 → 50)",
        "Position: GROUND, Red on top",
    ]
    assert f.where == "GROUND (dominant)"


def test_shoots_in_throw_full_damage_no_position_change():
    """Text SHOOTS IN ("Throw does full damage"), CMD-5: a throw never changes position."""
    f = Fight()
    assert outcome(f("red=throw blue=sprawl")) == "Throw v Sprawl: SHOOTS IN! (Red acts)"
    assert f("4 4") == ["Red rolls 4+4 = 8 for throw", "Throw: 8 to Blue's muscles (60 → 52)"]
    assert f.where == "STANDING"
    f.next_turn(2)


def test_brutal_hit_shoot_on_a_focuser_takes_down_automatically():
    """CMD-4/CMD-14: a shoot that lands on a focuser clinches, and the take-down is automatic (no roll,
    base damage to muscles); the Focus gains 3."""
    f = Fight()
    f("red=shoot blue=focus")
    assert f("4 4")[1:] == ["Shoot: 4 to Blue's muscles (60 → 56)", "Position: CLINCHING"]
    p = choice_prompt(f)
    assert (p["options"], p["advised"]) == (["takedown", "stay"], "takedown")
    assert f("takedown") == [
        "Takedown: automatic against Focus",
        "Takedown: 6 to Blue's muscles (56 → 50)",
        "Position: GROUND, Red on top",
        "Blue +3 focus (Focus): 0 → 3",
    ]


# --- TRIES THE TAKE-DOWN --------------------------------------------------------------------


def test_tries_the_take_down_automatic_against_focus():
    """Text TRIES THE TAKE-DOWN: "Automatic success vs. Focus (no rolls)"; CMD-14: base damage (+ damage
    focus) to muscles."""
    f = Fight(position="clinching", red_hp=hp(focus=1))
    log = f("red=takedown+x1 blue=focus")
    assert outcome(log) == "Takedown v Focus: TRIES THE TAKE-DOWN! (Red acts)"
    assert log[2:] == [
        "Takedown: automatic, no rolls",
        "Takedown: 10 to Blue's muscles (+4 focus) (60 → 50)",
        "Position: GROUND, Red on top",
        "Blue +3 focus (Focus): 0 → 3",
    ]
    f.next_turn(2, "GROUND")


def test_tries_the_take_down_collar_tie_automatic_against_a_taunt():
    """CMD-15: take-downs and collar ties are automatic against a taunter too."""
    f = Fight(position="clinching")
    log = f("red=collar-tie blue=taunt")
    assert log[2:] == [
        "Collar Tie: automatic, no rolls",
        "Position: COLLAR TIE, Red holds the tie",
        "Blue +2 focus (Taunt): 0 → 2",
    ]


@pytest.mark.parametrize(
    "red, blue, tail, where",
    [
        ("5 5", "2 2", ["Takedown: 6 to Blue's body (60 → 54)", "Position: GROUND, Red on top"], "GROUND (dominant)"),
        ("4 4", "4 4", ["Lost or tied: no damage or position change"], "CLINCHING"),
        ("4 4", "5 4", ["Lost or tied: no damage or position change"], "CLINCHING"),
    ],
)
def test_tries_the_take_down_against_protect_must_win(red, blue, tail, where):
    """Text TRIES THE TAKE-DOWN: "Win roll-off vs. Protect to change positions. On lose or tie, no damage
    or position change"."""
    f = Fight(position="clinching")
    assert outcome(f("red=takedown blue=protect")) == "Takedown v Protect: TRIES THE TAKE-DOWN! (Red acts)"
    assert roll_prompt(f)["reason"] == "takedown (TRIES THE TAKE-DOWN roll-off)"
    f(red)
    assert f(blue)[1:-1] == tail
    assert f.where == where


# --- positions ---------------------------------------------------------------------------


def test_collar_tie_from_clinching_and_its_dice():
    """CMD-1: a collar tie won against Protect goes to COLLAR TIE, the tier holds; on the CLINCHING pad
    the holder's strikes get +1, the held fighter's -1."""
    f = Fight(position="clinching")
    f("red=collar-tie blue=protect", "4 4")
    assert f("3 3")[1:] == ["Position: COLLAR TIE, Red holds the tie", "Blue +1 focus (Protect): 0 → 1"]
    f.next_turn(2, "COLLAR TIE")
    p = f.ask()
    assert (p["pad"], p["sides"]["red"]["role"], p["sides"]["blue"]["role"]) == ("clinching", "dominant", "submissive")
    f("red=hook blue=sprawl")
    assert roll_prompt(f)["modifier_parts"] == [["COLLAR TIE", 1]]
    f("1 2")
    f("red=sprawl blue=hook")
    assert roll_prompt(f)["modifier_parts"] == [["COLLAR TIE", -1]]


def test_collar_tie_held_fighter_swaps_the_roles():
    """Design 1.4 [R]: the held fighter's collar tie that succeeds swaps the roles."""
    f = Fight(position="collar_tie", dominant=0)
    assert outcome(f("red=protect blue=collar-tie")) == "Protect v Collar Tie: TRIES THE TAKE-DOWN! (Blue acts)"
    f("2 2")
    assert f("4 4")[1] == "Position: COLLAR TIE, Blue holds the tie"
    assert f.place(1) == "COLLAR TIE (dominant)"


def test_take_down_from_collar_tie():
    """Design 1.4: a take-down from COLLAR TIE goes to GROUND, the taker on top."""
    f = Fight(position="collar_tie", dominant=1)
    f("red=takedown blue=focus")
    assert f.where == "GROUND (dominant)"


@pytest.mark.parametrize(
    "position, dominant, pick, red, blue, line, where",
    [
        # GROUND, Red on top: the pass, one rung; double 6s cap at PAST GUARD
        (
            "ground",
            0,
            "red=pass-guard blue=protect",
            "4 4",
            "3 3",
            "Position: GROUND - PAST GUARD, Red on top",
            "GROUND - PAST GUARD (dominant)",
        ),
        (
            "ground",
            0,
            "red=pass-guard blue=protect",
            "6 6",
            "5 5",
            "Position: GROUND - PAST GUARD, Red on top",
            "GROUND - PAST GUARD (dominant)",
        ),
        # GROUND, Red in guard: the sweep, one rung (on top), two with double 6s (past the guard)
        ("ground", 1, "red=sweep blue=protect", "4 4", "3 3", "Position: GROUND, Red on top", "GROUND (dominant)"),
        (
            "ground",
            1,
            "red=sweep blue=protect",
            "6 6",
            "5 5",
            "Position: GROUND - PAST GUARD, Red on top",
            "GROUND - PAST GUARD (dominant)",
        ),
        # PAST GUARD, Red under: the escape recovers guard, with double 6s too (ruling CM-7: a won escape
        # goes "back to GROUND (guard closed)")
        (
            "past_guard",
            1,
            "red=escape blue=protect",
            "4 4",
            "3 3",
            "Position: GROUND, Blue on top",
            "GROUND (submissive)",
        ),
        (
            "past_guard",
            1,
            "red=escape blue=protect",
            "6 6",
            "5 5",
            "Position: GROUND, Blue on top",
            "GROUND (submissive)",
        ),
    ],
)
def test_ground_ladder(position, dominant, pick, red, blue, line, where):
    """CMD-19 (text: double 6s "count as 2 straight dice roll wins in GROUND"): sweep and pass climb one
    rung per won roll-off, two with double 6s; an escape only closes the guard (ruling CM-7)."""
    f = Fight(position=position, dominant=dominant)
    assert "TRIES THE TAKE-DOWN! (Red acts)" in outcome(f(pick))
    f(red)
    assert f(blue)[1] == line
    assert f.where == where


def test_ground_position_move_lost_changes_nothing():
    """Text TRIES THE TAKE-DOWN: "On lose or tie, no damage or position change"; a pass met by a sweep:
    the sweeper acts (design 2.3)."""
    f = Fight(position="ground", dominant=0)
    assert outcome(f("red=pass-guard blue=sweep")) == "Pass the guard v Sweep: TRIES THE TAKE-DOWN! (Blue acts)"
    f("4 4")
    assert f("4 4")[1] == "Lost or tied: no damage or position change"
    assert f.where == "GROUND (dominant)"


def test_ground_sides_and_dice():
    """CMD-1 table 1.3: in guard the bottom fighter's gnp is -1, past the guard the top fighter's +1; the
    bottom fighter cannot pass, the one under past the guard can only escape, protect or focus."""
    f = Fight(position="ground", dominant=0)
    log = f("red=protect blue=pass-guard")
    assert log[1] == (
        "Blue cannot do Pass the guard (no pass guard in GROUND (submissive)): Protect, the default in GROUND"
    )
    f("red=ground-punch blue=protect")
    assert roll_prompt(f)["modifier_parts"] == []
    f("1 2", "1 1")
    f("red=protect blue=ground-punch", "3 3")  # PROTECTS: red's roll first
    p = roll_prompt(f)
    assert (p["who"], p["modifier_parts"]) == ("Blue", [["GROUND", -1]])
    g = Fight(position="past_guard", dominant=0)
    under = [o["key"] for o in g.ask()["sides"]["blue"]["options"] if o["allowed"]]
    assert under == ["escape", "protect", "focus"]
    g("red=ground-punch blue=protect")
    assert roll_prompt(g)["modifier_parts"] == [["GROUND - PAST GUARD", 1]]


def test_first_fight_never_leaves_standing():
    """Text First Fight: "stick to the STANDING position, eliminate the Shoot & Clinch move, and eliminate
    combos": the shoot is defaulted, a position special is not allowed, a throw stays (no position
    change), no combo is offered."""
    f = Fight(
        RED_COMBOS,
        sheet("Blue", specials=[mv("pull-guard", "shoot", effect={"to": "ground", "role": "submissive"})]),
        first_fight=True,
    )
    side = f.ask()["sides"]["blue"]
    why = {o["key"]: o["why"] for o in side["options"] if not o["allowed"]}
    assert (why["shoot"], why["pull-guard"]) == ("no Shoot & Clinch in a First Fight", "a First Fight stays STANDING")
    log = f("red=jab blue=pull-guard")
    assert log[1] == "Blue cannot do Pull guard (a First Fight stays STANDING): Protect, the default in STANDING"
    f("4 5", "1 1")
    f.next_turn(2)  # Red's jab hit: no combo offered
    f("red=throw blue=sprawl", "4 4")
    f.next_turn(3)


def test_first_fight_with_the_shipped_pair_through_a_session():
    """Design 5.3, the text's recommended first fight (Greg O'Connor v Frank Duke), typed into a Session:
    WHO FASTER, Greg's jab wins 10 to 5 and hits the head; both gain 1; no combo; turn 2."""
    s = Session(RULESET, Setup("cage_match", (GREG, FRANK), {"first_fight": True}))
    lines = []
    for text in ("red=jab blue=low-kick", "4 5", "2 3"):
        lines += s.submit(text).log
    assert lines[2:] == [
        "Greg O'Connor rolls 4+5+1 = 10 for jab",
        "Frank Duke rolls 2+3 = 5 for low kick",
        "Greg O'Connor is faster",
        "Jab: 4 to Frank Duke's head (40 → 36)",
        "Greg O'Connor +1 focus (Jab): 0 → 1",
        "Frank Duke +1 focus (Low kick): 0 → 1",
    ]
    p = s.prompt.to_json()
    assert (p["kind"], p["turn"]) == ("secret", 2)
    with pytest.raises(Refused, match="spends 2 focus, Frank Duke holds 1"):
        s.submit("red=dodge blue=head-kick+d1")
    s.submit("red=dodge blue=head-kick")
    assert RULESET.trackers(s.state)["Frank Duke"]["focus"] == 0


def test_special_effect_pull_guard():
    """Text ("aside from some special actions"), design 3.9: a special with an effect puts the fight where
    it says when it lands (Pull guard: GROUND, its user underneath), with no take-down offer."""
    tiago = ROSTER["Tiago Brandão"]
    f = Fight(tiago, GREG)
    assert outcome(f("red=pull-guard blue=taunt")) == "Pull guard v Taunt: SHOOTS IN! (Tiago Brandão acts)"
    assert f("3 3")[1:] == ["Position: GROUND, Greg O'Connor on top", "Greg O'Connor +2 focus (Taunt): 0 → 2"]
    assert f.place(0) == "GROUND (submissive)"
    f.next_turn(2, "GROUND")


# --- combos (text "Combine", CMD-12, CMD-13) -------------------------------------------------


def jab_wins(f: Fight) -> None:
    """WHO FASTER, Red's jab 9 v Blue's hook 5: the jab hits the head in full; Red +1 focus."""
    f("red=jab blue=hook", "4 5", "2 3")


def test_combo_offered_after_a_full_stage_1_and_stage_2_wins():
    """Text Combine: a full-damage Stage 1 attack, 1 focus: Stage 2; the opponent rolls to block; Red wins:
    full damage. Stage 3 needs 1 more focus: without it the combo stops."""
    f = Fight(RED_COMBOS, BLUE)
    jab_wins(f)
    p = choice_prompt(f)
    assert (p["who"], p["reason"], p["options"], p["advised"]) == (
        "Red",
        "a combo after the jab",
        ["one-two-kick", "stop"],
        None,
    )
    assert f("one-two-kick") == ["Red: Stage 2, Hook (1 focus)"]
    p = roll_prompt(f)
    assert (p["who"], p["reason"], p.get("target")) == ("Red", "hook (combo stage 2, the block roll-off)", None)
    assert "9+ the head" in p["note"]
    f("4 5")
    p = roll_prompt(f)
    assert (p["who"], p["reason"]) == ("Blue", "defence (combo stage 2, the block roll-off)")
    assert f("2 2") == [
        "Blue rolls 2+2 = 4 for defence",
        "Hook: 10 to Blue's head (36 → 26)",
        "Red cannot go on to the kick",
    ]
    assert f.hp(0)[3] == 0 and f.hp(1) == (60, 60, 26, 0)
    f.next_turn(2)


@pytest.mark.parametrize(
    "red, blue, tail, blue_after",
    [
        ("4 5", "2 2", ["Kick: 7 to Blue's body (60 → 53)"], (60, 53, 26)),
        (
            "4 5",
            "4 5",
            ["Blue blocks: half damage, the combo ends", "Kick: 3 to Blue's body (halved) (60 → 57)"],
            (60, 57, 26),
        ),
        (
            "4 5",
            "5 5",
            ["Blue blocks: half damage, the combo ends", "Kick: 3 to Blue's body (halved) (60 → 57)"],
            (60, 57, 26),
        ),
    ],
)
def test_combo_stage_3(red, blue, tail, blue_after):
    """Text Combine: after a won Stage 2, 1 more focus for Stage 3, which the opponent may again block
    (win or tie: half damage), else full damage."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=1))
    jab_wins(f)
    f("one-two-kick", "4 5", "2 2")
    p = choice_prompt(f)
    assert (p["reason"], p["options"]) == ("stage 3, the kick (1 focus)", ["go", "stop"])
    assert f("go") == ["Red: Stage 3, Kick (1 focus)"]
    f(red)
    assert f(blue)[1:] == tail
    assert f.hp(0)[3] == 0 and f.hp(1)[:3] == blue_after
    f.next_turn(2)


def test_combo_stage_3_stop():
    """Text Combine: Stage 3 is a choice ("you can spend 1 focus")."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=1))
    jab_wins(f)
    f("one-two-kick", "4 5", "2 2")
    assert f("stop") == []
    assert f.hp(0)[3] == 1
    f.next_turn(2)


@pytest.mark.parametrize(
    "red, blue, tail",
    [
        ("4 5", "4 5", ["Blue blocks: half damage, the combo ends", "Hook: 5 to Blue's head (halved) (36 → 31)"]),
        ("4 5", "6 5", ["Blue blocks: half damage, the combo ends", "Hook: 5 to Blue's head (halved) (36 → 31)"]),
        ("1 1", "1 2", ["Hook: a miss, the combo ends"]),
        ("5 5", "6 6", ["Blue's double 6s block it all: the combo ends"]),
        ("6 6", "6 6", ["Blue's double 6s block it all: the combo ends"]),  # CM-2: "also rolls double 6s"
    ],
)
def test_combo_stage_2_blocked_ends_the_combo(red, blue, tail):
    """Text Combine and ruling CM-9: "Your opponent rolls to block, on win or tie takes ½ damage, and ends
    the combo"; a blocker who loses takes full damage."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=3))
    jab_wins(f)
    f("one-two-kick", red)
    assert f(blue)[1:] == tail
    assert f.hp(0)[3] == 3  # 3 + 1 (jab) - 1 (stage 2)
    f.next_turn(2)


def test_combo_declined():
    """Text Combine: "you can spend 1 focus": stop keeps it."""
    f = Fight(RED_COMBOS, BLUE)
    jab_wins(f)
    assert f("stop") == []
    assert f.hp(0)[3] == 1
    f.next_turn(2)


def test_combo_needs_a_hit_and_the_focus():
    """Text Combine: only a Stage 1 attack that did full damage, and only with 1 focus to spend (Red's
    hook gains none, so he needs to hold it)."""
    f = Fight(RED_COMBOS, BLUE)
    f("red=jab blue=sprawl", "1 1")  # a miss
    f.next_turn(2)
    f = Fight(RED_COMBOS, BLUE)
    f("red=hook blue=sprawl", "4 4")  # a full hit, 0 focus
    f.next_turn(2)
    g = Fight(RED_COMBOS, BLUE, red_hp=hp(focus=1))
    g("red=hook blue=sprawl", "4 4")
    assert choice_prompt(g)["options"] == ["double-hook", "stop"]  # Clinch finish is for CLINCHING


def test_combo_cancelled_by_the_opponents_full_damage_hit(monkeypatch):
    """Text Combine: "and the opponent didn't do a full damage attack to you". No shipped outcome lets both
    fighters hit in full and combo (TRADE BLOWS has no combos), so the guard is forced here: Blue is
    marked as having hit in full, and no combo is offered."""
    record = engine.Turn.record

    def record_with_blue_full(self):
        record(self)
        self.full[1] = True

    f = Fight(RED_COMBOS, BLUE)
    jab_wins(f)
    assert isinstance(f.prompt, ChoicePrompt)  # as played: the combo is offered
    monkeypatch.setattr(engine.Turn, "record", record_with_blue_full)
    g = Fight(RED_COMBOS, BLUE)
    jab_wins(g)
    g.next_turn(2)


def test_combo_penalty_recomputed_after_record():
    """CMD-11 / CM-3: damage is recorded in step 3, so the Stage 2 roll takes the new penalty while the
    follow-up (step 2) kept the one of the reveal."""
    f = Fight(RED_COMBOS, BLUE, red_hp=hp(muscle=31))
    f("red=parry blue=hook", "1 2")
    assert f("2 2")[1] == "Hook: 5 to Red's muscles (halved) (31 → 26)"
    f("jab")
    assert roll_prompt(f)["modifier_parts"] == []
    f("4 5", "one-two-kick")
    p = roll_prompt(f)
    assert (p["modifier"], p["modifier_parts"]) == (-1, [["hurt (CM-3)", -1]])


@pytest.mark.parametrize(
    "red, blue, tail, where",
    [
        (
            "4 4",
            "2 2",
            ["Takedown: 6 to Blue's muscles (40 → 34)", "Position: GROUND, Red on top"],
            "GROUND (dominant)",
        ),
        (
            "4 4",
            "4 4",
            ["Blue blocks: half damage, the combo ends", "Takedown: 3 to Blue's muscles (halved) (40 → 37)"],
            "CLINCHING",
        ),
    ],
)
def test_combo_stage_3_take_down(red, blue, tail, where):
    """Text Combine: Stage 3 blocked takes half "and avoid take-downs", else "full damage and effects"."""
    f = Fight(RED_COMBOS, BLUE, position="clinching", red_hp=hp(focus=2))
    f("red=hook blue=sprawl", "4 4")
    assert choice_prompt(f)["options"] == ["double-hook", "clinch-finish", "stop"]
    f("clinch-finish", "4 4", "2 2", "go")
    f(red)
    assert f(blue)[1:] == tail
    assert (f.where, f.hp(0)[3]) == (where, 0)


def test_combo_stage_cost_adds_the_moves_own_cost():
    """CMD-13: a stage costs 1 focus plus the stage move's own cost (Frank Duke's Dutch finish: the head
    kick at stage 3 costs 1 + 1)."""
    f = Fight(FRANK, GREG, red_hp=hp(focus=2))
    f("red=low-kick blue=sprawl", "4 5")
    assert choice_prompt(f)["options"] == ["dutch-finish", "stop"]
    assert f("dutch-finish") == ["Frank Duke: Stage 2, Cross (1 focus)"]
    f("4 5", "2 2")
    assert choice_prompt(f)["reason"] == "stage 3, the head kick (2 focus)"
    assert f("go") == ["Frank Duke: Stage 3, Head kick (2 focus)"]
    p = roll_prompt(f)
    assert (p["modifier"], p["modifier_parts"]) == (-2, [["Head kick", -2]])
    assert f.hp(0)[3] == 0  # 2 + 1 (low kick) - 1 - 2


def test_combo_stage_can_knock_out():
    """CM-1, design 3.13: a combo stage's damage is recorded at once and KO is checked."""
    f = Fight(RED_COMBOS, BLUE, blue_hp=hp(head=14))
    jab_wins(f)
    f("one-two-kick", "4 5")
    assert f("2 2")[1:] == ["Hook: 10 to Blue's head (10 → 0)", "Blue is knocked out (head nerves 0)"]
    assert f.result()["method"] == "ko"


# --- KO and the end (CM-1, CMD-21) -------------------------------------------------------------


def test_ko_head():
    """CM-1: head nerves at 0 is a knockout."""
    f = Fight(blue_hp=hp(head=4))
    f("red=hook blue=sprawl")
    assert f("4 5") == [
        "Red rolls 4+5 = 9 for hook",
        "Hook: 10 to Blue's head (4 → 0)",
        "Blue is knocked out (head nerves 0)",
    ]
    r = f.result()
    assert (r["winner"], r["loser"], r["method"], r["detail"], r["period"]) == ("Red", "Blue", "ko", "head", 1)
    with pytest.raises(Refused, match="the fight is over"):
        f("red=jab blue=jab")


def test_ko_body_by_spill():
    """CM-1, CM-11 (the spill option on): body nerves at 0 is a knockout, also when muscle damage
    spills there."""
    f = Fight(blue_hp=hp(muscle=2, body=5), muscle_spill=True)
    f("red=kick blue=sprawl")
    assert f("1 2")[1:] == [
        "Kick: 7 to Blue's muscles (2 → 0), 5 spills to the body (5 → 0)",
        "Blue is knocked out (body nerves 0)",
    ]
    assert f.result()["detail"] == "body"


def test_muscles_at_zero_end_nothing():
    """Text Object: "reducing muscles to 0 does not matter for ending the game"."""
    f = Fight(blue_hp=hp(muscle=5))
    f("red=hook blue=sprawl", "1 2")
    assert f.hp(1) == (0, 60, 40, 0)
    f.next_turn(2)


def test_double_knockout_is_a_draw():
    """CMD-21: both at 0 in the same turn (TRADE BLOWS) is a draw, double knockout."""
    f = Fight(red_hp=hp(head=5), blue_hp=hp(head=5))
    f("red=hook blue=hook", "4 5")
    assert f("4 5")[-1] == "Both fighters go down: a double knockout"
    r = f.result()
    assert (r["winner"], r["loser"], r["method"], r["detail"]) == (None, None, "draw", "double knockout")


# --- submissions (CM-1, CMD-20 as amended) ------------------------------------------------------


def test_submission_lands_then_one_more_won_roll_off_taps():
    """CMD-20 (amended): a submission that lands is the first of the two straight wins; one more won
    roll-off taps (CM-1: submission wins only from the GROUND)."""
    f = Fight(position="ground", dominant=0)
    assert outcome(f("red=armbar blue=focus")) == "Armbar v Focus: BRUTAL HIT! (Red acts)"
    assert f("4 5") == [
        "Red rolls 4+5 = 9 for armbar",
        "Armbar: 6 to Blue's body (60 → 54)",
        "Red has the armbar on: one more won roll-off and Blue taps",
    ]
    p = roll_prompt(f)
    assert (p["who"], p["reason"], p.get("target")) == ("Red", "armbar (the hold)", None)
    f("4 4")
    assert f("3 3") == ["Blue rolls 3+3 = 6 for defence", "Blue taps to the armbar!"]
    r = f.result()
    assert (r["winner"], r["loser"], r["method"], r["detail"], r["period"]) == (
        "Red",
        "Blue",
        "submission",
        "Armbar",
        1,
    )


@pytest.mark.parametrize("red, blue", [("4 4", "4 4"), ("4 4", "5 4"), ("5 5", "6 6")])
def test_submission_escaped_on_a_tie_or_loss(red, blue):
    """CMD-20 (amended): a tie or a loss on the hold roll-off escapes; the position stays."""
    f = Fight(position="ground", dominant=0)
    f("red=armbar blue=focus", "4 5", red)
    assert f(blue)[1:] == ["Blue escapes the armbar", "Blue +3 focus (Focus): 0 → 3"]
    assert f.where == "GROUND (dominant)"
    f.next_turn(2, "GROUND")


def test_submission_double_sixes_on_landing_tap_at_once():
    """Text ("Double 6s ... counts as 2 straight dice roll wins in GROUND"), CMD-20: no hold roll-off."""
    f = Fight(position="ground", dominant=0)
    f("red=armbar blue=focus")
    assert f("6 6") == [
        "Red rolls 6+6 = 12 for armbar — double 6s!",
        "Armbar: 12 to Blue's body (doubled) (60 → 48)",
        "Armbar locked in with double 6s: two straight wins",
        "Blue taps to the armbar!",
    ]
    assert f.result()["method"] == "submission"


def test_submission_hold_double_sixes_win():
    """CMD-8: double 6s win the hold roll-off whatever the other total."""
    f = Fight(position="ground", dominant=0, blue_hp=hp(focus=2))
    f("red=armbar blue=focus+d2", "4 5", "6 6")
    assert f("6 5")[-1] == "Blue taps to the armbar!"


def test_submission_from_who_faster_past_the_guard():
    """Design 3.3/3.11: a submission that wins WHO FASTER lands and is held; past the guard the top
    fighter's submission is +1 (CMD-20), in the hold roll-off too."""
    f = Fight(position="past_guard", dominant=0)
    assert outcome(f("red=armbar blue=escape")) == "Armbar v Escape: WHO FASTER!"
    assert roll_prompt(f)["modifier_parts"] == [["GROUND - PAST GUARD", 1]]
    f("4 4")
    assert f("3 3")[1:] == [
        "Red is faster",
        "Armbar: 6 to Blue's body (60 → 54)",
        "Red has the armbar on: one more won roll-off and Blue taps",
    ]
    assert roll_prompt(f)["modifier_parts"] == [["GROUND - PAST GUARD", 1]]
    f("3 3")
    assert f("3 3") == ["Blue rolls 3+3 = 6 for defence", "Blue taps to the armbar!"]  # 7 v 6


def test_submission_that_misses_is_no_hold():
    """CM-2: a submission must land before it is held."""
    f = Fight(position="ground", dominant=0)
    f("red=armbar blue=focus")
    assert f("1 1")[1:] == ["Armbar: a miss", "Blue +6 focus (Focus): 0 → 6"]
    f.next_turn(2, "GROUND")


def test_submission_that_knocks_out_is_a_ko():
    """CM-1: the landing damage is recorded; body nerves 0 is a KO before any hold."""
    f = Fight(position="ground", dominant=0, blue_hp=hp(body=6))
    f("red=armbar blue=focus")
    assert f("4 5")[1:] == [
        "Armbar: 6 to Blue's body (6 → 0)",
        "Blue +3 focus (Focus): 0 → 3",
        "Blue is knocked out (body nerves 0)",
    ]
    assert f.result()["method"] == "ko"


# --- refusals (D-5) and the app's picks (D-6) -----------------------------------------------------


def refused(s: Session, text: str) -> str:
    """Submit ``text``, which must be refused with the session unchanged (D-5); the reason."""
    before, steps, prompt = s.state, len(s.steps), s.prompt.to_json()
    with pytest.raises(Refused) as info:
        s.submit(text)
    assert s.state is before and len(s.steps) == steps and s.prompt.to_json() == prompt
    return info.value.reason


def greg_v_frank() -> Session:
    return Session(RULESET, Setup("cage_match", (GREG, FRANK), {}))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("red=jab", "name both corners once: red=MOVE blue=MOVE (e.g. red=jab+d1 blue=protect)"),
        ("red=jab red=cross", "name both corners once: red=MOVE blue=MOVE (e.g. red=jab+d1 blue=protect)"),
        ("red=jab green=cross", "name both corners once: red=MOVE blue=MOVE (e.g. red=jab+d1 blue=protect)"),
        ("red=jab+d3 blue=protect", "red: at most 2 focus on dice (+d0 to +d2)"),
        ("red=jab blue=protect+x3", "blue: at most 2 focus on damage (+x0 to +x2)"),
        (
            "red=jab+q1 blue=protect",
            "red: after the move write +dN for focus on dice and +xN for focus on damage (e.g. jab+d1+x2)",
        ),
        ("red=s blue=protect", "red: 's' could be sprawl or shoot"),
        ("red=jab blue=c", "blue: 'c' could be cross or check"),
        ("red=jab+d1 blue=protect", "red: jab+d1 spends 1 focus, Greg O'Connor holds 0"),
        ("red=jab+d1+d1 blue=protect", "red: focus on dice given twice; write it once (+d2 for two)"),
        ("red=jab blue=protect+x2+x1", "blue: focus on damage given twice; write it once (+x2 for two)"),
    ],
)
def test_d5_secret_answer_refused(text, reason):
    """D-5, design 5.2: a malformed pick line is refused with what was expected; nothing changes."""
    assert refused(greg_v_frank(), text) == reason


def test_d5_move_not_on_the_sheet_is_refused_one_off_the_pad_is_defaulted():
    """D-5, design 5.2: a move that is not on the fighter's sheet is refused, naming his moves; one of his
    moves that is not done from this position is accepted and replaced by the default move (text Action
    Order 1: "If you chose a move that you can't do, then do the default move")."""
    s = greg_v_frank()
    reason = refused(s, "red=spinning-kick blue=protect")
    assert reason.startswith("red: 'spinning-kick' is not one of Greg O'Connor's moves (jab, cross, body-hook, ")
    step = s.submit("red=jab blue=ground-punch")
    assert step.log[1] == "Frank Duke cannot do Ground punches (no gnp in STANDING): Protect, the default in STANDING"


def test_d5_faces_and_choices_refused():
    """D-5: a face a d6 does not have, the wrong count, a choice that is not offered: refused, nothing
    changes; the right answer then goes on as if nothing happened."""
    s = greg_v_frank()
    s.submit("red=dodge blue=cross")
    assert refused(s, "7 1") == "7 is not a face: a d6 shows 1-6 (or type end)"
    assert refused(s, "0 1") == "0 is not a face: a d6 shows 1-6 (or type end)"
    assert refused(s, "4") == "expected 2 faces for 2d6 (a d6 shows 1-6), got 1 (or type end)"
    assert refused(s, "").startswith("type the 2 faces rolled for")
    s.submit("5 5")
    s.submit("4 5")
    assert refused(s, "hammer-right").endswith(
        ": choose one of jab, cross, body-hook, uppercut, shoot, throw, none (or type end)"
    )
    s.submit("cross")
    assert s.submit("4 5").log[1] == "Cross: 7 to Frank Duke's head (40 → 33)"


def test_d5_prefixes_case_and_order_accepted():
    """Design 5.2: an unambiguous start of a key, any case, the corners in either order."""
    s = greg_v_frank()
    log = s.submit("B=Low R=UPP").log
    assert log[0] == "Turn 1, STANDING. Greg O'Connor: Uppercut · Frank Duke: Low kick"


def test_d6_the_app_picks_for_a_corner():
    """D-6, CMD-28, ruling CM-12: ``red=roll`` lets the app pick a random allowed move for red, no extra
    focus. Only that corner's pick is the app's: it is marked ``@app`` in the answer, the answer itself
    is not virtual, and the reveal names the corner whose pick it was. The pure ruleset wants both picks."""
    import random

    s = Session(RULESET, Setup("cage_match", (GREG, FRANK), {}), rng=random.Random(4))
    step = s.submit("red=roll blue=protect")
    assert not step.answer.virtual
    red, blue = step.answer.text.split()
    assert blue == "blue=protect" and red.startswith("red=") and red.endswith("@app") and "+" not in red
    allowed = [o["key"] for o in greg_v_frank().prompt.to_json()["sides"]["red"]["options"] if o["allowed"]]
    assert red[4:-4] in allowed
    assert step.log[0].startswith("Turn 1, STANDING. Greg O'Connor (the app's pick): ")
    assert " · Frank Duke: Protect" in step.log[0]
    with pytest.raises(Refused, match="name a move for both corners"):
        RULESET.apply(RULESET.new(Setup("cage_match", (GREG, FRANK), {})), Answer("red=roll blue=protect"))


def test_d6_the_app_picks_for_both_corners():
    """D-6, ruling CM-12: ``roll`` picks for both corners: the answer is the app's (virtual), each pick
    marked, and a replay of the stored answer gives the same turn."""
    import random

    s = Session(RULESET, Setup("cage_match", (GREG, FRANK), {}), rng=random.Random(4))
    step = s.submit("roll")
    assert step.answer.virtual
    assert all(part.endswith("@app") for part in step.answer.text.split())
    assert step.log[0].count("(the app's pick)") == 2
    again = RULESET.apply(RULESET.new(Setup("cage_match", (GREG, FRANK), {})), Answer(step.answer.text))
    assert again.log == step.log


# --- every cell of the shipped card resolves -------------------------------------------------------

DICE_RUNS = (("4 5", "2 2"), ("2 2", "4 5"), ("3 3", "3 3"), ("6 6", "3 4"), ("3 4", "6 6"), ("1 1", "1 2"))


@pytest.mark.parametrize(
    "position, dominant", [("standing", None), ("clinching", None), ("collar_tie", 0), ("ground", 0), ("past_guard", 0)]
)
def test_every_allowed_pair_resolves_its_cell(position, dominant):
    """CM-5/CM-6: for every pair of moves the two sides may do in the position, the reveal names the
    Fight Card's cell and the turn plays out to the next secret choice (or the end) under several dice
    runs, taking the first and the last option of every choice; hit points and focus stay in range."""
    start = Fight(position=position, dominant=dominant, red_hp=hp(focus=4), blue_hp=hp(focus=4))
    sides = start.ask()["sides"]
    red_moves = [o for o in sides["red"]["options"] if o["allowed"]]
    blue_moves = [o for o in sides["blue"]["options"] if o["allowed"]]
    rules = start.state.rules
    pad = start.ask()["pad"]
    for r in red_moves:
        for b in blue_moves:
            cell = rules.cells[pad, r["type"], b["type"]]
            for n, run in enumerate(DICE_RUNS):
                f = copy.copy(start)
                f.log = []
                log = f(f"red={r['key']} blue={b['key']}")
                assert outcome(log).split(": ", 1)[1].startswith(cell.outcome + "!"), (r, b, log)
                for i in range(30):
                    p = f.prompt
                    if isinstance(p, RollPrompt):
                        f(run[i % 2])
                    elif isinstance(p, ChoicePrompt):
                        f(p.options[0 if n % 2 == 0 else -1].key)
                    else:
                        break
                p = f.prompt
                assert isinstance(p, OverPrompt) or (isinstance(p, SecretPrompt) and p.turn == 2), (r, b, run, f.log)
                for side in (0, 1):
                    muscle, body, head, focus = f.hp(side)
                    assert 0 <= muscle <= 60 and 0 <= body <= 60 and 0 <= head <= 40 and 0 <= focus <= 10


def test_a_fighter_cannot_meet_himself():
    """As in NHB (docs/decisions.md): the same sheet in both corners is refused at setup."""
    from companion.ruleset import Setup
    from companion.rulesets.cage_match.ruleset import RULESET

    card = CmCard.model_validate(RED)
    with pytest.raises(ValueError, match="cannot fight himself"):
        RULESET.new(Setup("cage_match", (card, card)))


def test_cmd2_the_default_is_a_move_the_fighter_can_do_here():
    """CMD-2: a sheet whose own Protect is for STANDING only gets the card's generic Protect as the
    default in CLINCHING, never a move it cannot do there."""
    red = sheet("Red", moves=BASE + (mv("guard-up", "protect", positions=["standing"], gain=1),))
    f = Fight(red, BLUE, position="clinching")
    assert f.ask()["sides"]["red"]["default"] == "protect"
    log = f("red=guard-up blue=protect")
    assert log[1] == "Red cannot do Guard up (not from CLINCHING): Protect, the default in CLINCHING"


def test_a_damage_bonus_follows_the_move_that_hits():
    """A sheet's damage bonus for jabs adds to a jab follow-up after a parry, not to the parry."""
    red = sheet("Red", bonuses=[{"name": "Stiff jab", "damage": 2, "types": ["jab"]}])
    f = Fight(red, BLUE)
    f("red=parry blue=hook", "5 5", "4 5", "jab")
    assert f("4 5")[1] == "Jab: 6 to Blue's head (40 → 34)"  # 4 + the bonus's 2


def test_a_follow_up_may_be_declined():
    """Text: "You may follow with an undefended attack"."""
    f = Fight()
    f("red=parry blue=hook", "5 5", "4 5")
    assert f("none") == ["Red does not follow up"]
    assert f.ask()["kind"] == "secret"


def test_the_pad_says_what_else_changes_the_dice():
    """The secret prompt lists, per corner, the penalty (CM-3), the sheet's bonuses that apply here and
    the position's modifiers (CMD-1): public at the table, so both pads may show them."""
    f = Fight(GREG, FRANK, position="ground", dominant=1, red_hp=hp(muscle=20))
    assert f.ask()["sides"]["red"]["notes"] == [
        "-1 to every roll: hurt (CM-3)",
        "Counter-puncher: +1 dice with parry",
        "Fish out of water: -1 dice on every move",
        "GROUND: gnp -1, submission -1",
    ]
    assert f.ask()["sides"]["blue"]["notes"] == ["Fish out of water: -1 dice on every move"]


# --- issue 16: CM-12, the outcome's words, a bonus's side, double 6s against a submission ----------


def test_cm12_the_table_ends_a_fight_at_a_turn_as_a_draw():
    """Ruling CM-12: the table may end a fight at any turn (protect against parry would run for ever):
    ``end`` at the secret choice; a draw by default, the log saying how many turns were fought."""
    f = Fight()
    f("red=protect blue=parry")
    f.next_turn(2)
    log = f("end")
    assert log == ["The table ends the fight after 1 turn"]
    assert f.result() == {
        "winner": None,
        "loser": None,
        "method": "draw",
        "detail": "ended by the table",
        "period": 1,
        "time": "",
        "fight_time": "",
    }
    assert f.prompt.headline() == "Draw (ended by the table), turn 1"


@pytest.mark.parametrize(
    "red_hp, blue_hp, lines, winner",
    [
        (
            hp(head=30, body=50),
            hp(head=40, body=45),
            ["Decision: Blue has more head and body nerves left (85 to 80)"],
            "Blue",
        ),
        (hp(head=30, body=50), hp(head=40, body=40), ["Both have 80 head and body nerves left: a draw"], None),
    ],
)
def test_cm12_a_decision_by_nerves_left(red_hp, blue_hp, lines, winner):
    """Ruling CM-12 (option): a fight the table ends goes to the fighter with more head plus body nerves
    left; equal is a draw."""
    f = Fight(red_hp=red_hp, blue_hp=blue_hp, table_end="decision")
    f("red=protect blue=parry")
    assert f("end")[1:] == lines
    result = f.result()
    assert (result["winner"], result["method"], result["period"]) == (
        winner,
        "decision" if winner else "draw",
        1,
    )


def test_cm12_end_at_the_first_turn_and_in_the_middle_of_a_turn():
    """Ruling CM-12, "at any turn": ``end`` before the first picks (nothing fought: a draw after 0 turns),
    and at any prompt within a turn, where the fight ends with the numbers as they stand (here a decision
    after Blue's cross has landed, before the turn's Record)."""
    s = greg_v_frank()
    s.submit("end")
    assert s.prompt.result.to_json()["period"] == 0 and s.prompt.result.method == "draw"
    assert s.steps[-1].log == ("The table ends the fight after 0 turns",)
    t = Session(RULESET, Setup("cage_match", (GREG, FRANK), {"table_end": "decision"}))
    t.submit("red=cross blue=cross")  # TRADE BLOWS: red's roll, then blue's
    t.submit("5 5")  # Greg's cross, 10: 7 to Frank's head (40 -> 33)
    step = t.submit("end")  # at Frank's roll
    assert step.log == (
        "The table ends the fight during turn 1",
        "Decision: Greg O'Connor has more head and body nerves left (100 to 93)",
    )
    assert (t.prompt.result.winner, t.prompt.result.period) == ("Greg O'Connor", 1)


def test_the_outcome_s_words_are_about_the_moves_chosen():
    """Issue 16: the reveal's line describes the moves that were chosen; "jab beats shoot or throw" only
    when a jab met a shoot or a throw (it once followed a hammer right hand against a sprawl)."""
    f = Fight()
    line = f("red=haymaker blue=sprawl")[1]
    assert line == (
        "Haymaker v Sprawl: SWIFT ATTACK! (Red acts) Haymaker before Sprawl: an undefended attack roll, "
        "full damage, may start a combo."
    )
    g = Fight()
    assert g("red=jab blue=shoot")[1].endswith("may start a combo. Jab beats shoot or throw.")
    h = Fight(position="clinching")
    assert h("red=kick blue=sprawl")[1].endswith("The sprawl gamble didn't pay off.")
    k = Fight()
    assert k("red=parry blue=kick")[1] == (
        "Parry v Kick: SLICK MOVE! (Red acts) Parry against Kick: roll-off, beat or tie for no damage, "
        "lose for half to muscles; then an undefended follow-up that needs no focus (no take-downs), which "
        "may start a combo."
    )
    m = Fight()
    assert m("red=focus blue=protect")[1] == (
        "Focus v Protect: TAUNTS! No rolls; focus gained in full by Focus, as usual by Protect."
    )
    n = Fight()
    assert n("red=parry blue=shoot")[1].endswith(
        "Shoot unanswered by Parry: an attack roll, full damage; a hit goes "
        "to CLINCHING and may try a take-down by winning (not tying) a roll-off."
    )
    first = Fight(first_fight=True)
    assert first("red=jab blue=sprawl")[1].endswith("an undefended attack roll, full damage.")  # no combos
    bh = Fight(position="ground", dominant=0)
    assert bh("red=pass-guard blue=break")[1].endswith("on a tie or below, success for Pass the guard.")


@pytest.mark.parametrize("dominant, bonus", [(0, 1), (1, 0)])
def test_a_bonus_that_names_its_side_applies_only_on_that_side(dominant, bonus):
    """Issue 16: "+1 as holder in the collar tie" (``side: dominant``) is the holder's, not the held
    fighter's; the pad's notes list it only where it applies."""
    plum = {"name": "Plum clinch", "dice": 1, "types": ["strike"], "positions": ["collar_tie"], "side": "dominant"}
    red = sheet("Red", bonuses=[plum])
    f = Fight(red, BLUE, position="collar_tie", dominant=dominant)
    notes = f.ask()["sides"]["red"].get("notes", [])
    assert any(n.startswith("Plum clinch") for n in notes) == bool(bonus)
    f("red=hook blue=protect")
    parts = dict(roll_prompt(f)["modifier_parts"])
    assert parts.get("Plum clinch", 0) == bonus
    assert parts.get("COLLAR TIE", 0) == (1 if dominant == 0 else -1)  # the position's own (CMD-1)


def test_brutal_hit_both_double_sixes_against_a_submission_on_the_ground():
    """Issue 16, decided (docs/decisions.md): a submission against a break on the GROUND, both rolling
    double 6s: a tie, so the hold goes on (text BRUTAL HIT "on tie or below ... succeeds") but, the
    defender's 6-6 negating the attacker's (CM-2), it is neither damage nor the attacker's "2 straight
    wins": one more won roll-off taps."""
    f = Fight(position="ground", dominant=0)
    assert outcome(f("red=armbar blue=break")) == "Armbar v Break: BRUTAL HIT! (Red acts)"
    f("6 6")
    assert f("6 6")[1:] == ["Blue's double 6s: no damage", "Red has the armbar on: one more won roll-off and Blue taps"]
    assert f.hp(1) == (60, 60, 40, 0)
    assert roll_prompt(f)["reason"] == "armbar (the hold)"
    f("4 4")
    assert f("3 3")[1:] == ["Blue taps to the armbar!"]
    assert f.result()["method"] == "submission"


@pytest.mark.parametrize(
    "position, dominant, pick",
    [
        ("ground", 0, "red=pass-guard blue=focus"),
        ("ground", 1, "red=sweep blue=focus"),
        ("past_guard", 1, "red=escape blue=focus"),
    ],
)
def test_only_trips_takedowns_and_collar_ties_are_automatic_against_focus(position, dominant, pick):
    """Text TRIES THE TAKE-DOWN: "Trip/Take-Down/Collar Tie: Automatic success vs. Focus (no rolls)": a
    pass, a sweep or an escape against Focus is a roll-off, won (not tied) to climb (as a break's is,
    ruling CM-8)."""
    f = Fight(position=position, dominant=dominant)
    log = f(pick)
    assert "automatic" not in " ".join(log) and "must win (not tie) a roll-off" in log[1]
    assert roll_prompt(f)["reason"].endswith("(TRIES THE TAKE-DOWN roll-off)")
    before = f.where
    f("3 3", "3 3")  # a tie: nothing
    assert f.where == before


def test_a_race_won_by_a_miss_lands_nothing():
    """Text WHO FASTER: "only high roll hits". A high roll that is a miss (double 1s, CM-2) hits nothing,
    and the lower roll is not the high roll: nothing lands (docs/decisions.md)."""
    f = Fight(red_hp=hp(focus=2))
    f("red=jab+d2 blue=hook")
    assert f("1 1", "1 2")[1:4] == ["Blue rolls 1+2 = 3 for hook", "Red is faster", "Jab: a miss"]
    assert f.hp(0)[:3] == (60, 60, 40) and f.hp(1)[:3] == (60, 60, 40)
