"""What each game brings to the contract suite (tests/test_contract.py): its strategies, and nothing else.

A game's :class:`Strategy` says

- ``fights``: how to draw a fight from the game's shipped roster (the names, as the command line
  names them, each one's side in a scene, the rules options), as a Hypothesis strategy;
- ``fitting(ruleset, state, prompt, rng)``: an answer a player could type at ``prompt`` that must be
  accepted (with its clock stamp, for a game played against a round clock);
- ``wrong(ruleset, state, prompt, rng)``: an answer made to be refused at ``prompt``;
- ``words``: odd things a player may type (keys offered or not, faces of any count, the app's
  roll, nothing at all), for random play;
- ``steps``: how many steps of random play make a fight of the game (a bout, a scene, a night);
- ``scale``: how many examples each contract property tries for the game, relative to the suite's
  own count for it: more for a game whose fights are quick to play, so that the run takes as long.

:data:`STRATEGIES` is the one table of them, by game key; the contract suite checks that every
registered game has one. The per-game property tests (tests/test_*_properties.py) use the same
answers for their own rules' invariants.

Not a test module: the test modules import it by name (``tests`` is on ``sys.path``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tiers
from hypothesis import strategies as st

from companion.dice import Dice, Kind
from companion.ruleset import SIDES, ChoicePrompt, PadSide, RollPrompt, SecretPrompt

# --- what a strategy is -----------------------------------------------------------------------


@dataclass(frozen=True)
class Fight:
    """A fight as ``companion script`` names it: the cards' names (red then blue in a scene), each
    one's side in a scene of more than two (empty for red against blue, and for a night's entrants),
    and the rules options given (the others keep their defaults)."""

    names: tuple[str, ...]
    sides: tuple[int, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Typed:
    """One answer as typed: its text, and the round clock's reading when it was entered (or None)."""

    text: str
    clock: int | None = None


Answerer = Callable[[Any, Any, Any, random.Random], Typed]
"""``(ruleset, state, prompt, rng) -> Typed``."""


@dataclass(frozen=True)
class Strategy:
    fights: st.SearchStrategy[Fight]
    fitting: Answerer
    wrong: Answerer
    words: tuple[str, ...]
    steps: int
    scale: float = 1.0


# --- shared pieces ------------------------------------------------------------------------------


def options_of(game: str, **fixed: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Any choice of each of the game's rules options (``fixed`` ones as given)."""
    from companion.ruleset import get_ruleset

    specs = get_ruleset(game).options
    return st.fixed_dictionaries(
        {spec.key: (st.just(fixed[spec.key]) if spec.key in fixed else st.sampled_from(spec.choices)) for spec in specs}
    )


def names_of(game: str) -> list[str]:
    return [card.name for card in tiers.shipped_roster(game).cards]


def corners(game: str) -> st.SearchStrategy[tuple[str, str]]:
    """Two different cards of the shipped roster, red and blue."""
    names = names_of(game)
    return st.tuples(st.sampled_from(names), st.sampled_from(names)).filter(lambda pair: pair[0] != pair[1])


def scene(game: str, most: int) -> st.SearchStrategy[tuple[tuple[str, ...], tuple[int, ...]]]:
    """2 to ``most`` cards of the shipped roster, red ones first, at least one a side; a card may be
    drawn more than once (an NPC group, numbered as the app numbers it). Two are red against blue."""
    names = names_of(game)

    @st.composite
    def draw(draw: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
        n = draw(st.integers(2, most))
        cards = tuple(draw(st.lists(st.sampled_from(names), min_size=n, max_size=n)))
        if n == 2:
            return cards, ()
        reds = draw(st.integers(1, n - 1))
        return cards, (0,) * reds + (1,) * (n - reds)

    return draw()


def face(die: Any, rng: random.Random) -> str:
    """One face of ``die`` as a player may type it (D-1, D-2: ``0`` is a d10's 10, ``00`` the d%'s 100;
    D-3: ``.`` is a Fudge die's 0)."""
    value = rng.randint(die.low, die.high)
    if die.kind == Kind.PERCENT:
        if value == 100:
            return rng.choice(["00", "100"])
        return f"{value:02d}" if value < 10 and rng.random() < 0.5 else str(value)
    if die.kind == Kind.D10 and value == 10:
        return rng.choice(["0", "10"])
    if die.kind == Kind.FUDGE:
        return {1: "+", -1: "-", 0: rng.choice("0.") if rng.random() < 0.3 else "0"}[value]
    return str(value)


def faces(dice: Dice, rng: random.Random) -> str:
    """Faces of ``dice`` as a player may type them: spaced, with commas, run together where that reads."""
    shown = [face(die, rng) for die in dice.dice]
    form = rng.randrange(4)
    single = all(die.high <= 9 for die in dice.dice) and all(len(f) == 1 for f in shown)
    if form == 1 and len(shown) > 1 and single:
        return "".join(shown)
    if form == 2:
        return ", ".join(shown)
    if form == 3:
        return " " + "  ".join(shown) + " "
    return " ".join(shown)


def wrong_faces(dice: Dice, rng: random.Random) -> str:
    """Faces that no reading of ``dice`` takes: one face too many or too few, a face past the highest,
    a face no die has."""
    dies = dice.dice
    n = len(dies)
    high = {Kind.D10: "11", Kind.DIGIT: "11", Kind.PERCENT: "101", Kind.FUDGE: "2"}.get(dies[0].kind)
    past = high if high is not None else str(dies[0].high + 1)
    # one too many; an exploding die's top face first would be an explosion typed in one go ("10 4", issue 21)
    first = str(rng.randint(dies[0].low, dies[0].high - 1)) if n == 1 and dies[0].explodes else face(dies[0], rng)
    ways = [
        " ".join([first] + [face(die, rng) for die in dies[1:] + dies[:1]]),
        " ".join([past] + [face(die, rng) for die in dies[1:]]),
        "x " * n,
        "1.5",
        "-1 " * n,
        "",
    ]
    if dies[0].kind not in (Kind.D10, Kind.DIGIT, Kind.FUDGE, Kind.PERCENT):
        ways.append(" ".join(["0"] + [face(die, rng) for die in dies[1:]]))
    if n > 1:
        ways.append(" ".join(face(die, rng) for die in dies[1:]))  # one too few
    return rng.choice(ways)


def fitting_choice(prompt: Any, rng: random.Random, *, no_end: bool = False) -> str:
    """A choice prompt's answer that must be accepted: a key or an unambiguous start of it (upper
    case now and then); with ``no_end`` never the GM's end, where there is another."""
    options = [o for o in prompt.options if not (no_end and o.key == "end")] or list(prompt.options)
    key = rng.choice(options).key
    names = [
        key[:i] for i in range(1, len(key) + 1) if prompt.find(key[:i]) is not None and prompt.find(key[:i]).key == key
    ]
    text = rng.choice(names)
    return text.upper() if rng.random() < 0.2 else text


def wrong_choice(prompt: Any, rng: random.Random, extra: tuple[str, ...] = ()) -> str:
    """A word that names no option of the choice ``prompt`` (nor a word it takes besides them)."""
    also = {c.key for c in getattr(prompt, "also", ())}
    ways = [
        w
        for w in ("zzz", "x", "-", "7", "3 4", "nobody-at-all", "+ - 0 +", "red=jab blue=jab", *extra)
        if prompt.find(w) is None and prompt.find_shown(w) is None and (w.split() or [""])[0] not in also
    ]
    return rng.choice(ways)


# --- Bradu's SIMple NHB, and its tournament nights ------------------------------------------------

NHB_WORDS = (
    *(str(n) for n in range(22)),  # d10 (0-10) and d20 (1-20) faces, and faces no die here has
    *("00", "010", "-1", "4 6", "6 0", "4 10", "0 6", "7 3", "1 2 3", "5,5", "2.5", "1d6", "²", "9" * 50),
    *("standup", "ground", "s", "g", "st", "gr", "GROUND", " ground ", "stand", "grounded", "sg", "+ - 0 +"),
    *("roll", "ROLL", " roll ", "roll 5", "", " ", "#", "undo", "begin", "b", "BEGIN"),
)
"""Typed answers: fitting, out of range, choices where rolls are asked, and no answer at all."""


def nhb_fitting(ruleset: Any, state: Any, prompt: Any, rng: random.Random) -> Typed:
    if isinstance(prompt, RollPrompt):
        return Typed(faces(prompt.dice, rng))
    return Typed(fitting_choice(prompt, rng))


def nhb_wrong(ruleset: Any, state: Any, prompt: Any, rng: random.Random) -> Typed:
    if isinstance(prompt, RollPrompt):
        return Typed(rng.choice([wrong_faces(prompt.dice, rng), "ground", "standup", "s", "begin"]))
    if isinstance(prompt, ChoicePrompt):
        return Typed(wrong_choice(prompt, rng, ("5", "", "grounded", "sg")))
    return Typed(rng.choice(["5", "ground", "roll", "begin"]))  # the fight is over


@st.composite
def nhb_night(draw: Any) -> Fight:
    """A tournament night of 4 (mostly), 8 or 16 different cards of the NHB roster."""
    size = draw(st.sampled_from([4, 4, 4, 8, 16]))
    names = draw(st.permutations(names_of("nhb")))[:size]
    return Fight(tuple(names), (), draw(options_of("nhb_tournament")))


# --- Fighters Only ----------------------------------------------------------------------------------

FO_ROUND = 300
"""A round's length in seconds (FO-7)."""

FO_WORDS = (
    *("3 4", "1 1", "6 6", "2 5", "4,3", " 5  6 ", "2, 2", "1 6"),  # 2d6 faces that fit a roll
    *("0 3", "7 1", "3", "1 2 3", "34", "-1 2", "1.0 2", "²", "3 4 5", "6 10", "9" * 50, "d6"),
    *("punch", "kick", "takedown", "gnp", "submission"),  # the standing and the ground attacks
    *("p", "k", "t", "g", "s", "su", "PUNCH", " kick ", "take", "gn", "punches", "kicks", "x", "block", "guard"),
    *("stall", "STALL", "stal", "stalling", "bell", "Bell", " bell ", "bells"),
    *("roll", "ROLL", " roll ", "roll 5", "", " ", "#", "undo"),
)
"""Typed answers: faces (fitting or not), choice keys and prefixes, stall, bell, roll and no answer."""


def fo_forward(ruleset: Any, state: Any, rng: random.Random) -> int | None:
    """A stamp that fits: none (the latest reading), the latest reading again, or later in the round."""
    reading = int(ruleset.clock_reading(state))
    mode = rng.randrange(4)
    if mode == 0:
        return None
    later = reading + (rng.randint(1, 40) if mode > 1 else 0)
    return later if later < FO_ROUND else reading if reading < FO_ROUND else None


def fo_fitting(ruleset: Any, state: Any, prompt: Any, rng: random.Random) -> Typed:
    """Faces or an attack, stamped forward inside the round; now and then a stall (only while the
    attacker holds the dice, FO-8) or the bell (at 5:00, or unstamped)."""
    roll = rng.random()
    if roll < 0.02:
        return Typed(rng.choice(["bell", "BELL", " bell "]), rng.choice([None, FO_ROUND]))
    if roll < 0.06 and ruleset.stall_open(state):
        return Typed(rng.choice(["stall", "Stall"]), fo_forward(ruleset, state, rng))
    if isinstance(prompt, RollPrompt):
        return Typed(faces(prompt.dice, rng), fo_forward(ruleset, state, rng))
    return Typed(fitting_choice(prompt, rng), fo_forward(ruleset, state, rng))


def fo_wrong(ruleset: Any, state: Any, prompt: Any, rng: random.Random) -> Typed:
    """Faces no 2d6 shows, an attack not offered, a stall when the dice are not held, or a fitting
    answer stamped backwards or at 5:00 or later (only the bell is taken then)."""
    if prompt.kind == "over":
        return Typed(rng.choice(["3 4", "punch", "bell", "stall", "roll"]), rng.choice([None, 10, FO_ROUND]))
    reading = int(ruleset.clock_reading(state))
    way = rng.randrange(4)
    if way == 0 and reading > 0:
        return Typed(fo_fitting_text(prompt, rng), rng.randrange(reading))
    if way == 1:
        return Typed(fo_fitting_text(prompt, rng), FO_ROUND + rng.randrange(200))
    if way == 2 and not ruleset.stall_open(state):
        return Typed("stall", fo_forward(ruleset, state, rng))
    if isinstance(prompt, RollPrompt):
        return Typed(rng.choice([wrong_faces(prompt.dice, rng), "punch", "stal"]), fo_forward(ruleset, state, rng))
    return Typed(wrong_choice(prompt, rng, ("3 4", "stal", "bells")), fo_forward(ruleset, state, rng))


def fo_fitting_text(prompt: Any, rng: random.Random) -> str:
    return faces(prompt.dice, rng) if isinstance(prompt, RollPrompt) else fitting_choice(prompt, rng)


# --- Cage Match! --------------------------------------------------------------------------------------

CM_WORDS = (
    *("red=jab blue=jab", "red=protect blue=focus", "blue=taunt red=taunt", "r=j b=p", "red=roll blue=roll", "roll"),
    *("red=jab", "blue=jab", "red=jab red=jab", "red=jab+d1 blue=jab+x1", "red=jab+d9 blue=jab", "red= blue="),
    *("red=+d1 blue=jab", "red=jab++d1 blue=jab", "red=jab+d-1 blue=jab", "=jab =jab", "red=jab,blue=jab"),
    *("3 4", "1 1", "6 6", "6,6", " 2  5 ", "0 3", "7 1", "3", "1 2 3", "d6", "9" * 40),
    *("stop", "go", "s", "g", "STOP", "stay", "st", "cross", "jab", "armbar", "ground-and-pound", "x", "combo"),
    *("", " ", "#", "undo", "ROLL", "roll 5", "red=ROLL BLUE=ROLL"),
)
"""Typed answers: secret answers (fitting or not), faces, choice keys, no answer at all."""


def cm_starts(pad: PadSide, key: str) -> list[str]:
    """Every start of ``key`` that names it on ``pad`` (the key itself always does)."""
    return [
        key[:i]
        for i in range(1, len(key) + 1)
        if pad.find(key[:i]) is not None and not isinstance(pad.find(key[:i]), tuple) and pad.find(key[:i]).key == key
    ]


def cm_budget(pad: PadSide, key: str) -> int:
    """Focus left for extras after ``key``'s own cost (not paid when it cannot be done: CMD-3)."""
    move = next(o for o in pad.options if o.key == key)
    return pad.focus - (move.focus_cost if move.allowed else 0)


def cm_fitting_pick(pad: PadSide, rng: random.Random) -> tuple[str, str | None, int, int]:
    """(text, move key or None for ``roll``, focus on dice, focus on damage): a pick that must be accepted."""
    if rng.random() < 0.08:
        return "roll", None, 0, 0
    options = [o for o in pad.options if cm_budget(pad, o.key) >= 0]  # any move, possible now or not
    move = rng.choice(options)
    left = cm_budget(pad, move.key)
    dice = rng.randint(0, min(pad.max_dice, left)) if rng.random() < 0.5 else 0
    damage = rng.randint(0, min(pad.max_damage, left - dice)) if rng.random() < 0.5 else 0
    spends = []
    if dice or rng.random() < 0.1:
        spends.append(f"+d{dice}")
    if damage or rng.random() < 0.1:
        spends.append(f"+x{damage}")
    rng.shuffle(spends)
    return rng.choice(cm_starts(pad, move.key)) + "".join(spends), move.key, dice, damage


def cm_fitting_secret(prompt: SecretPrompt, rng: random.Random) -> tuple[str, list[tuple[str | None, int, int]]]:
    """A secret answer in any of the forms a player may type it (design 5.2: either order, r=/b=, any
    unambiguous start of a move, upper case, +dN/+xN in either order, ``roll`` for a corner or both),
    and each corner's (move, dice, damage) it names (None: the app's pick)."""
    if rng.random() < 0.05:
        return rng.choice(["roll", "ROLL", " roll "]), [(None, 0, 0), (None, 0, 0)]
    parts, picks = [], []
    for pad in prompt.sides:
        text, key, dice, damage = cm_fitting_pick(pad, rng)
        corner = SIDES[pad.side]
        parts.append(f"{rng.choice([corner, corner[0]])}={text}")
        picks.append((key, dice, damage))
    if rng.random() < 0.5:
        parts.reverse()
    line = " ".join(parts)
    return (line.upper() if rng.random() < 0.1 else line), picks


def cm_fitting(prompt: Any, rng: random.Random) -> str:
    """Text that answers a roll or choice prompt, typed as a player might type it."""
    if isinstance(prompt, RollPrompt):
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        return rng.choice([f"{a} {b}", f"{a},{b}", f" {a}  {b} ", f"{a}, {b}"])
    return fitting_choice(prompt, rng)


def cm_answer(prompt: Any, rng: random.Random) -> str:
    """Text that answers a prompt of any kind."""
    return cm_fitting_secret(prompt, rng)[0] if isinstance(prompt, SecretPrompt) else cm_fitting(prompt, rng)


def cm_wrong_pick(pad: PadSide, rng: random.Random) -> str:
    """A pick that cannot be accepted for ``pad``: more focus than held (when it can be), more
    than the pad allows, a move not on the pad, an ambiguous start, a spend that is not one."""
    move = rng.choice(pad.options)
    left = cm_budget(pad, move.key)
    if left < pad.max_dice + pad.max_damage and rng.random() < 0.4:  # more focus than held
        dice = rng.randint(max(0, left + 1 - pad.max_damage), min(pad.max_dice, left + 1))
        return f"{move.key}+d{dice}+x{left + 1 - dice}"
    ways = [
        f"{move.key}zz",  # not a move of this fighter
        "no-such-move",
        f"{move.key}+d{pad.max_dice + 1}",  # more on dice than allowed
        f"{move.key}+x{pad.max_damage + 1 + rng.randint(0, 5)}",
        f"{move.key}+q1",  # not a spend
        f"{move.key}+d1x1",
        f"{move.key}+",
    ]
    ambiguous = sorted({o.key[0] for o in pad.options if isinstance(pad.find(o.key[0]), tuple)})
    if ambiguous:
        ways.append(rng.choice(ambiguous))
    return rng.choice(ways)


def cm_wrong(prompt: Any, rng: random.Random) -> str:
    """Text made to be refused at ``prompt``."""
    if isinstance(prompt, SecretPrompt):
        red, blue = (cm_fitting_pick(pad, rng)[0] for pad in prompt.sides)
        if rng.random() < 0.6:  # a well-formed line with one bad pick
            picks = [red, blue]
            bad = rng.randrange(2)
            picks[bad] = cm_wrong_pick(prompt.sides[bad], rng)
            return rng.choice([f"red={picks[0]} blue={picks[1]}", f"b={picks[1]} r={picks[0]}"])
        return rng.choice(
            [
                f"red={red}",  # a corner missing
                f"blue={blue}",
                f"red={red} red={red}",  # a corner twice
                f"red={red} blue={blue} blue={blue}",
                f"green={red} blue={blue}",
                f"red = {red} blue = {blue}",
                f"{red} {blue}",
                "",
            ]
        )
    if isinstance(prompt, RollPrompt):
        return rng.choice(
            ["0 3", "7 1", "3", "1 2 3", "6 60", "-1 2", "a b", "2.5 3", "jab", "stop", "red=jab blue=jab"]
        )
    if isinstance(prompt, ChoicePrompt):
        return rng.choice(["zzz", "red=jab blue=jab", "3 4", "-", "stopp", "gone", "x"])
    return rng.choice(["red=jab blue=jab", "3 4", "stop", "roll"])  # the fight is over


@st.composite
def cm_fights(draw: Any) -> Fight:
    """Two different sheets of the shipped roster; any options, but a catchweight bout when their
    weight classes differ (the command line refuses the bout otherwise)."""
    red, blue = draw(corners("cage_match"))
    roster = tiers.shipped_roster("cage_match")
    catchweight = roster.find(red).weight_class != roster.find(blue).weight_class
    return Fight((red, blue), (), draw(options_of("cage_match", **({"catchweight": True} if catchweight else {}))))


# --- Simultaneous Combat for Fudge -----------------------------------------------------------------------

FUDGE_WORDS = (
    *("attack", "defend", "end", "reload", "aim", "aware", "unaware", "done", "torso", "a", "d", "e"),
    *("+ - 0 +", "+-0+", "0 0 0 0", "+", "- -", "+ + +", "++++", "+ + + + +", "2 2 2 2"),
    *("roll", "ROLL", "", " ", "undo", "sir-aldric-of-wendham", "hal-brandt", "bruno", "7"),
    *("gm +1 uphill", "gm -2 in the dark", "gm +1", "other iron will", "combat-reflexes", "Grukk the Ogre 2"),
    "Sir Aldric",
)
"""Typed answers: keys (offered or not), names, faces of any count, the app's roll, nothing at all, the GM's
words (a modifier with and without its reason, a gift named)."""


def fudge_faces(n: int, rng: random.Random) -> str:
    """``n`` dF faces as a player may type them: spaced, run together, with commas, '.' for 0."""
    shown = [rng.choice("+-0") for _ in range(n)]
    form = rng.randrange(4)
    if form == 0:
        return " ".join(shown)
    if form == 1:
        return "".join(shown)
    if form == 2:
        return ", ".join(shown)
    return " ".join("." if f == "0" and rng.random() < 0.5 else f for f in shown)


def fudge_fitting(prompt: Any, rng: random.Random, *, no_end: bool = False) -> str:
    """Text that answers a roll or choice prompt and must be accepted."""
    if isinstance(prompt, RollPrompt):
        return fudge_faces(len(prompt.dice.dice), rng)
    return fitting_choice(prompt, rng, no_end=no_end)


def fudge_wrong(prompt: Any, rng: random.Random) -> str:
    """Text made to be refused at ``prompt``."""
    if isinstance(prompt, RollPrompt):
        n = len(prompt.dice.dice)
        ways = [fudge_faces(n + 1, rng), " ".join("2" * n), "attack", "+ x" * n, "1 " * n, "gm", "gm 0 x", "gm +1"]
        if n > 1:
            ways.append(fudge_faces(n - 1, rng))
        if not any(c.key == "gm" for c in prompt.also):
            ways.append("gm +1 uphill")  # a roll that reads no total (a stop roll, seeing the elephant)
        if not prompt.also:
            ways.append("end")  # the rolls after the scene's end
        return rng.choice(ways)
    if isinstance(prompt, ChoicePrompt):
        ways = [
            w
            for w in [
                "zzz",
                "+ - 0 +",
                "-",
                "attack",
                "defend",
                "reload",
                "aware",
                "done",
                "nobody-at-all",
                "torso",
                "x",
            ]
            if prompt.find(w) is None and prompt.find_shown(w) is None
        ]
        ways += ["gm +1 uphill"] + ([] if prompt.also and prompt.also[0].key == "end" else ["end"])
        return rng.choice([w for w in ways if w != "end" or prompt.find("end") is None])
    return rng.choice(["attack", "+ - 0 +", "end", "roll"])  # the scene is over


# --- Paul's Adventures In Fantasy ---------------------------------------------------------------------------

PAF_WORDS = (
    *("none", "attack", "shoot", "pummel", "grapple", "overbear", "break", "move", "wait", "end", "fix"),
    *("recover", "short", "long", "bed", "3", "00", "100", "0", "05", "5", "99", "101", "1 1", "7 7 7"),
    *("", " ", "roll", "ROLL", "undo", "orc-raider", "sir-roderick-vane", "slowed:orc-raider", "n", "a", "x"),
)
"""Typed answers: keys (offered or not), faces of any count and range, the app's roll, nothing at all."""

PAF_GM_WORDS = ("gm +5 tree in the way", "gm -10 asleep", "GM +100 fog", "gm-3 dusk")
"""A GM's modifiers that fit a roll to hit (its ``also`` has ``gm``)."""


def paf_faces(dice: Dice, rng: random.Random) -> str:
    shown = [face(die, rng) for die in dice.dice]
    form = rng.randrange(3)
    if form == 1 and len(shown) > 1 and all(die.high <= 9 for die in dice.dice):
        return "".join(shown)
    return (", " if form == 2 else " ").join(shown)


def paf_fitting(prompt: Any, rng: random.Random, *, no_end: bool = False) -> str:
    """Text that answers a roll or choice prompt and must be accepted: now and then one of the GM's words
    the prompt takes (``end`` unless ``no_end``; a modifier at a roll to hit)."""
    also = {c.key for c in getattr(prompt, "also", ())}
    if "gm" in also and rng.random() < 0.05:
        return rng.choice(PAF_GM_WORDS)
    if not no_end and "end" in also and rng.random() < 0.1:
        return rng.choice(["end", "END", " end "])
    if isinstance(prompt, RollPrompt):
        return paf_faces(prompt.dice, rng)
    return fitting_choice(prompt, rng, no_end=no_end)


def paf_wrong(prompt: Any, rng: random.Random) -> str:
    """Text made to be refused at ``prompt``."""
    also = {c.key for c in getattr(prompt, "also", ())}
    if isinstance(prompt, RollPrompt):
        dies = prompt.dice.dice
        n = len(dies)
        high = dies[0].high + 1
        ways = [
            " ".join(face(die, rng) for die in dies + dies[:1]),
            " ".join([str(high)] + ["1"] * (n - 1)),
            "attack",
            "x " * n,
            "",
            "-1 " * n,
            "1.5",
            "gm +5",  # a GM's modifier without its reason, or where none is taken
            "gm 0 tree",
            "e",  # the GM's end is typed in full
        ]
        if "gm" not in also:
            ways.append("gm +5 tree")
        if dies[0].kind != Kind.D10:
            ways.append(" ".join(["0"] + ["1"] * (n - 1)))
        if n > 1:
            ways.append(" ".join(face(die, rng) for die in dies[1:]))
        return rng.choice(ways)
    if isinstance(prompt, ChoicePrompt):
        ways = [
            w
            for w in [
                "zzz",
                "42 17",
                "-",
                "attack",
                "none",
                "end",
                "break",
                "bed",
                "short",
                "slowed:nobody",
                "nobody-at-all",
                "",
                "x",
                "7",
                "31",
                "gm +5 tree",  # no choice takes a GM's modifier
            ]
            if prompt.find(w) is None and w not in also
        ]
        return rng.choice(ways)
    return rng.choice(["attack", "50", "end", "roll", "none"])  # the scene is over


# --- the table --------------------------------------------------------------------------------------------


def _typed(answer: Callable[[Any, random.Random], str]) -> Answerer:
    """An answerer of a game with no round clock from ``answer(prompt, rng)``."""

    def typed(ruleset: Any, state: Any, prompt: Any, rng: random.Random) -> Typed:
        return Typed(answer(prompt, rng))

    return typed


def _scene_fights(game: str, most: int) -> st.SearchStrategy[Fight]:
    return st.builds(lambda cast, options: Fight(cast[0], cast[1], options), scene(game, most), options_of(game))


STRATEGIES: dict[str, Strategy] = {
    "nhb": Strategy(
        fights=st.builds(lambda pair, options: Fight(pair, (), options), corners("nhb"), options_of("nhb")),
        fitting=nhb_fitting,
        wrong=nhb_wrong,
        words=NHB_WORDS,
        steps=120,
        scale=3,
    ),
    "nhb_tournament": Strategy(
        fights=nhb_night(),
        fitting=nhb_fitting,
        wrong=nhb_wrong,
        words=NHB_WORDS,
        steps=250,
    ),
    "fo": Strategy(
        fights=st.builds(lambda pair, options: Fight(pair, (), options), corners("fo"), options_of("fo")),
        fitting=fo_fitting,
        wrong=fo_wrong,
        words=FO_WORDS,
        steps=150,
        scale=3,
    ),
    "cage_match": Strategy(
        fights=cm_fights(),
        fitting=_typed(cm_answer),
        wrong=_typed(cm_wrong),
        words=CM_WORDS,
        steps=160,
        scale=2,
    ),
    "fudge": Strategy(
        fights=_scene_fights("fudge", 6),
        fitting=_typed(lambda p, r: fudge_fitting(p, r, no_end=r.random() < 0.97)),
        wrong=_typed(fudge_wrong),
        words=FUDGE_WORDS,
        steps=200,
    ),
    "paf": Strategy(
        fights=_scene_fights("paf", 6),
        fitting=_typed(lambda p, r: paf_fitting(p, r, no_end=r.random() < 0.97)),
        wrong=_typed(paf_wrong),
        words=PAF_WORDS,
        steps=150,
    ),
}
"""Each registered game's strategy, by game key (tests/test_contract.py checks there is one for each)."""
