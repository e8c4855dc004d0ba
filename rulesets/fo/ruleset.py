"""The Fighters Only fantasy featherweight game: 2d6 roll-under, 5-minute
rounds on a stopwatch, decisions by attacking time.

Rules: ``shared/rules/source/fo_featherweight.txt`` as settled by rulings FO-1
to FO-9. Every answer carries the time elapsed in the round when it was
entered (``Answer.clock``); attacking time is computed from those stamps, so a
replayed or resumed fight scores the same (FO-7).

This module is the state machine; beside it in the game's package: the card (``cards.py``), the
game's numbers (``tables.py``), the state (``state.py``), the rules as pure functions
(``rules.py``), the odds (``odds.py``) and the rules reference (``reference.py``).

Prompt order (FO-9): the roll-off, red then blue (two faces each); the
attacker's choice (punch, kick or takedown standing; gnp or submission on the
ground); the attacker's roll; if thrown, the defender's roll. ``stall`` turns
the dice over (FO-8); ``bell`` ends the round.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, cast

from companion.clock import mmss
from companion.dice import Refused
from companion.reader import choice_of, faces_of, said_of
from companion.ruleset import (
    Answer,
    Choice,
    ChoicePrompt,
    Outcome,
    OverPrompt,
    Prompt,
    Reference,
    Result,
    RollPrompt,
    Setup,
    TimedRuleset,
    evolve,
)
from companion.rulesets.fo.cards import STAT_SHORT, FoCard, stat_word
from companion.rulesets.fo.reference import stat_reference
from companion.rulesets.fo.rules import (
    TWO_D6,
    accrue,
    attack_reading,
    chance_lands,
    defence_reading,
    live_attack_seconds,
    rounds_won,
    scores,
    stall_open,
)
from companion.rulesets.fo.simulation import ANSWER_SECONDS, CHOICE_SECONDS
from companion.rulesets.fo.state import FoState, Options
from companion.rulesets.fo.tables import DEFENCE, GROUND_ATTACKS, ROUND_SECONDS, STANDING_ATTACKS
from companion.views import Pair, PanelLine

STALL = "stall"
BELL = "bell"
STALL_WORD = Choice(STALL, STALL, "the attacker holds the dice without rolling: they turn over (FO-8)")
BELL_WORD = Choice(BELL, BELL, "the round clock ran out: the round is scored (FO-7)")
ROLLOFF_WORDS = (BELL_WORD,)
"""What a prompt takes besides its faces or options (its ``also``) while nobody holds the dice."""
NOT_IN_ROLLOFF = (
    Choice(STALL, STALL, "a stall is called on the attacker holding the dice: nobody holds them during the roll-off"),
)
"""``stall`` at the roll-off: refused, saying why (FO-8)."""
HOLDING_WORDS = (STALL_WORD, BELL_WORD)
"""... and while the attacker holds them: ``stall`` too (FO-8: "accepted whenever the attacker
holds the dice")."""


class Fo(TimedRuleset):
    """The FO ruleset (registered as ``fo``)."""

    key = "fo"
    title = "Fighters Only featherweight"
    period_word = "round"
    card_model = FoCard
    has_sheet = True
    """The card editor made from the card model (issue 23), each stat's chance beside it."""

    def card_figures(self, card: FoCard, tables: Any) -> tuple[Any, ...]:
        from companion.rulesets.fo.sheet import figures

        return figures(card)

    round_seconds = ROUND_SECONDS
    has_odds = True
    options = Options.specs()
    clock_keys = ("attack_seconds",)
    words: ClassVar[dict[str, str]] = {
        "gnp": "GnP",  # as the panel's pairs and the prompts write it
        "attack_seconds": "attacking",
        "holds_dice": "holds the dice",
        "streak": "in a row",
        "td_defence": "TD defence",
    }
    standing = frozenset({"position"})
    simulated = True
    memo = False  # the clock's readings and attacking time: a bout's states seldom repeat
    answer_seconds = ANSWER_SECONDS
    choice_seconds = CHOICE_SECONDS

    def panel_lines(self, card: FoCard, numbers: dict[str, Any]) -> tuple[PanelLine, ...]:
        """Each attack beside the defence that answers it (FO-4, FO-6), then the trackers."""
        pairs = tuple(
            Pair(
                f"{STAT_SHORT.get(attack, attack)} {getattr(card, attack)}",
                f"{STAT_SHORT.get(defence, defence)} {getattr(card, defence)}",
            )
            for attack, defence in card.stat_pairs
        )
        return pairs + super().panel_lines(card, numbers)

    def new(self, setup: Setup) -> FoState:
        if len(setup.fighters) != 2:
            raise ValueError("an FO fight needs exactly two fighters")
        red, blue = setup.fighters
        if red.name == blue.name:
            raise ValueError(f"{red.name} cannot fight himself: choose another fighter for the blue corner")
        return FoState(fighters=(red, blue), options=Options.of(setup.options))

    # --- prompts -------------------------------------------------------------

    def prompt(self, state: FoState) -> Prompt:
        if state.result is not None:
            return OverPrompt(state.result, self.period_word)
        if state.step == "rolloff":
            me = state.fighters[state.roller]
            return RollPrompt(
                me.name,
                state.roller,
                TWO_D6,
                f"the round {state.round} roll-off: the lower total attacks first",
                against="the other fighter's roll-off",
                target=state.rolloff[1 - state.roller],
                also=ROLLOFF_WORDS,
                closed=NOT_IN_ROLLOFF,
            )
        side = state.attacker
        me, them = state.fighters[side], state.fighters[1 - side]
        if state.step == "choose":
            keys = GROUND_ATTACKS if state.ground else STANDING_ATTACKS
            options = tuple(
                Choice(
                    attack,
                    attack,
                    f"{getattr(me, attack)} v {getattr(them, DEFENCE[attack])}, "
                    f"lands {chance_lands(getattr(me, attack), getattr(them, DEFENCE[attack])):.0%}",
                )
                for attack in keys
            )
            best = max(keys, key=lambda attack: chance_lands(getattr(me, attack), getattr(them, DEFENCE[attack])))
            where = "a ground attack from the top" if state.ground else "a standing attack"
            return ChoicePrompt(me.name, side, where, options, best, HOLDING_WORDS)
        rating = getattr(me, state.move)
        if state.step == "attack":
            double = "a winning submission" if state.ground else "a knockdown"
            return RollPrompt(
                me.name,
                side,
                TWO_D6,
                f"{stat_word(state.move)}: {rating} or under",
                against=f"the {stat_word(state.move)} rating",
                target=rating,
                note=f"a double is {double}; 1-1 is a KO for {me.name}",  # snake eyes: the roller's (text)
                also=HOLDING_WORDS,
            )
        defence = DEFENCE[state.move]
        value = getattr(them, defence)
        double = "a scramble" if state.ground else "a counter"
        return RollPrompt(
            them.name,
            1 - side,
            TWO_D6,
            f"{stat_word(defence)} against the {stat_word(state.move)}: {value} or under",
            against=f"the {stat_word(defence)} rating",
            target=value,
            note=f"a double is {double} for {them.name}; 1-1 is a KO for {them.name}",
            also=HOLDING_WORDS,  # the defender rolls on the attacker's time: the attacker may still stall (FO-8)
        )

    # --- answers -------------------------------------------------------------

    def apply(self, state: FoState, answer: Answer) -> Outcome:
        if state.result is not None:
            raise Refused("the fight is over: nothing more to roll")
        # the words the prompt declares (its also), read as the one reader reads them
        word = said_of(answer, HOLDING_WORDS)
        if word is not None and word.key == BELL:
            return self._bell(state)
        clock = state.clock if answer.clock is None else float(answer.clock)
        if not math.isfinite(clock):
            raise Refused("the clock reading is not a time")
        if clock < state.clock:
            raise Refused(
                f"the clock runs forward: this answer is stamped {mmss(clock)}, the last was {mmss(state.clock)}"
            )
        if clock >= ROUND_SECONDS:
            raise Refused("the round is over at 5:00: ring the bell (answer 'bell')")
        if word is not None:  # stall: declared only while the attacker holds the dice (FO-8)
            if not stall_open(state):
                raise Refused(NOT_IN_ROLLOFF[0].why)
            return self._stall(evolve(state, clock=clock, held=clock))
        handler = getattr(self, f"_{state.step}")
        # the hold of the dice (FO-8) runs on through the attacker's choice, which is no roll; every
        # other answer leaves the dice where the next hold begins
        held = state.held if state.step == "choose" else clock
        return handler(evolve(state, clock=clock, held=held), answer)

    def _rolloff(self, state: FoState, answer: Answer) -> Outcome:
        first_die, second_die = faces_of(answer, TWO_D6)
        total = first_die + second_die
        side = state.roller
        me = state.fighters[side].name
        line = f"{me} rolls {first_die} + {second_die} = {total} in the roll-off"  # FO-2: doubles mean nothing here
        rolloff = (total, state.rolloff[1]) if side == 0 else (state.rolloff[0], total)
        if side == 0:
            return Outcome(evolve(state, rolloff=rolloff, roller=1), (line,))
        red, blue = rolloff
        if red == blue:
            return Outcome(
                evolve(state, rolloff=(None, None), roller=0), (line, f"Roll-off tied at {red}: both re-roll")
            )
        first = 0 if red < blue else 1
        name = state.fighters[first].name
        state = evolve(
            state, rolloff=(None, None), attacker=first, since=state.clock, step="choose", ground=False, streak=0
        )
        return Outcome(state, (line, f"{name} attacks first ({min(red, blue)} to {max(red, blue)})"))

    def _choose(self, state: FoState, answer: Answer) -> Outcome:
        choice = choice_of(
            answer, lambda: cast(ChoicePrompt, self.prompt(state))
        )  # not one of its words: apply read those
        me = state.fighters[state.attacker].name
        return Outcome(evolve(state, move=choice.key, step="attack"), (f"{me} goes for the {stat_word(choice.key)}",))

    def _attack(self, state: FoState, answer: Answer) -> Outcome:
        first_die, second_die = faces_of(answer, TWO_D6)
        side, move = state.attacker, state.move
        me = state.fighters[side]
        rating = getattr(me, move)
        total = first_die + second_die
        line = f"{me.name} rolls {first_die} + {second_die} = {total} for the {stat_word(move)} ({rating} or under)"
        word = attack_reading(first_die, second_die, rating, state.ground)
        state = evolve(state, last_roll=(move, rating, total, word))
        if word == "snake eyes":  # a haymaker KO for whoever rolls it (text, "Snake Eyes")
            return self._finish(state, side, "ko", "snake-eyes haymaker", (line,))
        if word == "submission":  # FO-6: the attacker's double on the ground is a winning submission
            return self._finish(state, side, "submission", f"double {first_die}s", (line,))
        if word == "knockdown":
            return self._knockdown(state, side, (line, f"Double {first_die}s: {me.name} scores a knockdown"))  # FO-3
        if word == "stand-up":  # FO-6: the referee stands them up, the other fighter attacks
            return self._pass(
                evolve(state, ground=False, ground_attacks=0),
                1 - side,
                (line, "Nothing doing on the ground: the referee stands them up"),
            )
        if word == "defended":
            return self._pass(state, 1 - side, (line, f"The {stat_word(move)} is defended"))  # FO-3
        return Outcome(evolve(state, step="defend"), (line + ": thrown",))

    def _defend(self, state: FoState, answer: Answer) -> Outcome:
        first_die, second_die = faces_of(answer, TWO_D6)
        side, move = state.attacker, state.move
        defender = state.fighters[1 - side]
        defence = DEFENCE[move]
        value = getattr(defender, defence)
        total = first_die + second_die
        line = f"{defender.name} rolls {first_die} + {second_die} = {total} to {stat_word(defence)} ({value} or under)"
        word = defence_reading(first_die, second_die, value, state.ground, move, state.streak, state.ground_attacks)
        state = evolve(state, last_roll=(defence, value, total, word))
        if word == "snake eyes":
            return self._finish(state, 1 - side, "ko", "snake-eyes haymaker", (line,))
        if word == "scramble":  # FO-6: scramble, both stand and the bottom fighter attacks
            return self._pass(
                evolve(state, ground=False, ground_attacks=0),
                1 - side,
                (line, f"Double {first_die}s: {defender.name} scrambles to the feet"),
            )
        if word == "counter":
            return self._pass(
                state, 1 - side, (line, f"Double {first_die}s: {defender.name} counters and takes the dice")
            )  # FO-4
        if word == "stand-up":  # FO-6: three without a finish, stand-up
            return self._pass(
                evolve(state, ground=False, ground_attacks=0),
                1 - side,
                (line, f"{defender.name} survives a third ground attack: the referee stands them up"),
            )
        attacker = state.fighters[side].name
        if word == "fended off":
            return Outcome(
                evolve(state, ground_attacks=state.ground_attacks + 1, step="choose", move=None),
                (line, f"{defender.name} fends it off; {attacker} attacks again from the top"),
            )
        if word == "defended":
            return self._pass(state, 1 - side, (line, f"{defender.name} defends and takes the dice"))  # FO-4
        if word == "finish":  # FO-6: the fight ends, TKO from GnP or a submission
            method, detail = ("tko", "GnP TKO") if move == "gnp" else ("submission", "submission")
            return self._finish(state, side, method, detail, (line,))
        if word == "takedown":
            return Outcome(
                evolve(state, ground=True, ground_attacks=0, streak=0, step="choose", move=None),
                (line, f"{attacker} takes {defender.name} down: on the ground, {attacker} on top"),
            )
        if word == "knockdown":  # FO-4: the third landed strike in a row
            return self._knockdown(state, side, (line, f"The {stat_word(move)} lands: three in a row, a knockdown"))
        streak = state.streak + 1
        return Outcome(
            evolve(state, streak=streak, step="choose", move=None),
            (line, f"The {stat_word(move)} lands ({streak} in a row); {attacker} attacks again"),
        )

    # --- changes of hands and endings ------------------------------------------

    def _pass(self, state: FoState, to: int, log: tuple[str, ...]) -> Outcome:
        """The dice change hands: the new attacker chooses standing or from the top."""
        seconds = accrue(state, state.clock)
        state = evolve(
            state, attack_seconds=seconds, attacker=to, since=state.clock, streak=0, step="choose", move=None
        )
        return Outcome(state, log)

    def _knockdown(self, state: FoState, side: int, log: tuple[str, ...]) -> Outcome:
        # FO-5: to the ground, the knocking-down fighter on top and attacking
        state = evolve(state, ground=True, ground_attacks=0, streak=0, step="choose", move=None)
        return Outcome(state, log + (f"On the ground: {state.fighters[side].name} on top",))

    def _stall(self, state: FoState) -> Outcome:
        side = state.attacker
        me, them = state.fighters[side].name, state.fighters[1 - side].name
        line = f"{me} stalls: the dice turn over to {them}"  # FO-8
        if state.ground:
            line += " and the referee stands them up"
        if state.step == "defend":  # called while the defence was being rolled: the attack is not finished
            line += f"; the {stat_word(state.move)} in progress is void"
        return self._pass(evolve(state, ground=False, ground_attacks=0), 1 - side, (line,))

    def _finish(self, state: FoState, side: int, method: str, detail: str, log: tuple[str, ...]) -> Outcome:
        result = Result(
            state.fighters[side].name,
            state.fighters[1 - side].name,
            method,
            detail,
            state.round,
            mmss(state.clock),
            mmss(ROUND_SECONDS * (state.round - 1) + state.clock),
        )
        state = evolve(state, attack_seconds=accrue(state, state.clock), step="over", result=result)
        return Outcome(state, log + (result.headline(self.period_word),))

    def _bell(self, state: FoState) -> Outcome:
        """The round clock ran out: the roll in progress is void, the round is scored (FO-7)."""
        seconds = accrue(state, ROUND_SECONDS)
        rounds = state.rounds + (seconds,)
        line = f"Bell: end of round {state.round}, {self.round_verdict(seconds, state.fighters)}"
        if state.step in ("attack", "defend"):
            line += f"; the {stat_word(state.move)} in progress is void"  # FO-7
        if state.round < state.options.rounds:
            nxt = FoState(fighters=state.fighters, options=state.options, round=state.round + 1, rounds=rounds)
            return Outcome(nxt, (line,))
        won = rounds_won(rounds)
        card = scores(rounds)
        minutes = 5 * state.options.rounds
        if won[0] == won[1]:
            result = Result(None, None, "draw", f"{card[0]}-{card[1]}", state.round, "5:00", f"{minutes}:00")
        else:
            winner = 0 if won[0] > won[1] else 1
            detail = f"{card[winner]}-{card[1 - winner]}"
            result = Result(
                state.fighters[winner].name,
                state.fighters[1 - winner].name,
                "decision",
                detail,
                state.round,
                "5:00",
                f"{minutes}:00",
            )
        state = evolve(state, attack_seconds=seconds, rounds=rounds, step="over", result=result, clock=ROUND_SECONDS)
        return Outcome(state, (line, result.headline(self.period_word)))

    # --- the odds (issue 8) ---------------------------------------------------

    def odds(self, state: FoState, *, wait: bool = False) -> Any:
        """The odds of the prompt in play (issue 8): at the attack choice, each attack's chance
        to be thrown, to land, to be countered and of snake eyes; on the ground, the chance to
        finish from there; at a roll, the same for the roll (``rulesets.fo.odds``)."""
        from companion.rulesets.fo.odds import odds  # the odds load only when asked for

        return odds(self, state)

    def odds_key(self, state: FoState) -> Any:
        """What the dice's odds from ``state`` on depend on: states with equal keys have equal
        odds. The clock, attacking time, the round and the last roll are left out: the
        dice never read them (the bell and stalling are time, not dice)."""
        return (
            state.step,
            state.roller,
            state.rolloff,
            state.attacker,
            state.ground,
            state.move,
            state.streak,
            state.ground_attacks,
            state.result,
        )

    def odds_faces(self, state: FoState) -> str:
        """Which faces of the roll asked for read alike (docs/odds_design.md 2.2): the roll-off
        reads the total alone (FO-2: doubles mean nothing there); an attack or a defence, the
        total and whether it is a double (1-1 is the one double of total 2): see
        :func:`attack_reading` and :func:`defence_reading`."""
        from companion.odds import SUM, SUM_DOUBLE

        return SUM if state.step == "rolloff" else SUM_DOUBLE

    # --- what the screens show ------------------------------------------------

    def live_attack_seconds(self, state: FoState, elapsed: float) -> tuple[float, float]:
        return live_attack_seconds(state, elapsed)

    def stall_open(self, state: FoState) -> bool:
        return stall_open(state)

    def summary(self, state: FoState) -> list[str]:
        """The score cards, round by round, for the result panel (FO-7)."""
        if not state.rounds:
            return []
        red, blue = (fighter.name for fighter in state.fighters)
        lines = [f"Score cards, {red} - {blue}:"]
        for number, (red_seconds, blue_seconds) in enumerate(state.rounds, start=1):
            points = scores(((red_seconds, blue_seconds),))
            lines.append(f"R{number} {points[0]}-{points[1]} ({mmss(red_seconds)}-{mmss(blue_seconds)})")
        total = scores(state.rounds)
        lines.append(f"total {red} {total[0]}, {blue} {total[1]}")
        return lines

    def clock_event(self, answer: Answer) -> bool:
        """The bell is the round clock's (FO-7): an amended roll before it leaves it ringing at 5:00."""
        return said_of(answer, ROLLOFF_WORDS) is not None

    def round_verdict(self, seconds: tuple[float, float], fighters: tuple[FoCard, FoCard]) -> str:
        """A round's score in words: ``Red Fox 10-9 on attacking time (2:41 to 2:19)`` (FO-7)."""
        red, blue = seconds
        verdict = "10-10" if red == blue else f"{fighters[0 if red > blue else 1].name} 10-9"
        return f"{verdict} on attacking time ({mmss(red)} to {mmss(blue)})"

    def stall_due(self, state: FoState, held: float) -> bool:
        """Whether the attacker has held the dice longer than the stall limit without rolling (FO-8;
        0 is off; a hold of exactly the limit is not longer than it): at his own steps, his choice
        and his roll, counted from :meth:`hold_began`. While the defender rolls, the wait is not the
        attacker's doing, so the count never turns the dice over then (the players may still call it)."""
        limit = state.options.stall_limit
        return bool(limit) and self.stall_counting(state) and held > limit

    def hold_began(self, state: FoState) -> float:
        """Where the dice came to the attacker (FO-8): his choice of attack is no roll, so the count
        runs on through it to his roll (:attr:`FoState.held`)."""
        return state.held

    def stall_counting(self, state: FoState) -> bool:
        """The count runs at the attacker's own steps, his choice and his roll (FO-8: "holds the dice
        ... without rolling"), not while the defender rolls."""
        return state.step in ("choose", "attack") and stall_open(state)

    def holder(self, state: FoState) -> int | None:
        """Who holds the dice as attacker (accruing attacking time), or None."""
        return state.attacker if state.result is None else None  # None during the roll-off too

    def round_of(self, state: FoState) -> int:
        return state.round

    def rounds(self, state: FoState) -> int:
        return state.options.rounds

    def stall_limit(self, state: FoState) -> int:
        return state.options.stall_limit

    def bell(self, state: FoState) -> tuple[int, str]:
        return len(state.rounds), self.round_verdict(state.rounds[-1], state.fighters)

    def clock_reading(self, state: FoState) -> float:
        """The round clock at the latest answer: where a resumed fight's clock stands."""
        return state.clock

    def trackers(self, state: FoState) -> dict[str, dict[str, Any]]:
        won = rounds_won(state.rounds)
        card = scores(state.rounds)
        out = {}
        for side, fighter in enumerate(state.fighters):
            holds = self.holder(state) == side
            position = None
            if state.ground and state.attacker is not None:
                position = "top" if state.attacker == side else "bottom"
            out[fighter.name] = {
                "holds_dice": holds,
                "position": position,
                "streak": state.streak if holds and state.streak else None,
                "rounds_won": won[side],
                "score": card[side] if state.rounds else None,
                "attack_seconds": round(state.attack_seconds[side], 1),
            }
        return out

    def reference(self, state: FoState) -> Reference:
        return stat_reference(state)


RULESET = Fo()
