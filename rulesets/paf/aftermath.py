"""Paul's Adventures In Fantasy: the scene's end and its aftermath (design 8, PA-5, PA-12).

The scene ends when a side has no being able to fight, when nobody can attack any more
(PA-12), or at the GM's ``end``. Then the aftermath: help for the fallen below 0, rest and
days of healing (PA-5), and the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.clock import mmss
from companion.ruleset import SIDES, Choice, ChoicePrompt, Result
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.numbers import LiveNumbers
from companion.rulesets.paf.round import GM_NOT_HERE
from companion.rulesets.paf.state import ROUND_SECONDS

REST = {
    "none": "no rest given",
    "bed": "in bed, 3 a day",
    "resting": "resting (just walking), 2 a day",
    "working": "working or fighting, 1 a day",
}
MAX_DAYS = 30
REST_CHOICES = tuple(Choice(key, key, words) for key, words in REST.items())
DAY_CHOICES = tuple(Choice(str(count), f"{count} day{'s' * (count != 1)}") for count in range(1, MAX_DAYS + 1))
"""The rest and the days as options, made once (a Choice is immutable: the same in every aftermath)."""
REST_PROMPT = ChoicePrompt("GM", 0, "rest", REST_CHOICES, "none", (), (GM_NOT_HERE,))
DAYS_PROMPT = ChoicePrompt("GM", 0, "days", DAY_CHOICES, "1", (), (GM_NOT_HERE,))
"""The GM's choices of the aftermath, as :meth:`RoundBase.choose` would make them there (no ``end``
once the scene is over): the same in every aftermath, so made once."""


@dataclass(frozen=True, slots=True)
class PafResult(Result):
    """A PAF scene's result: the protocol's as any game's (a side whose last being fell loses "by
    incapacitation", the detail saying how he fell); a side whose last being was killed reads
    ``Aldric def. Grak (dead), round 3`` [D]: a death is said as one, not as incapacitation."""

    def headline(self, period_word: str = "period") -> str:
        if self.winner is None or self.method != "incapacitated" or not self.detail.startswith("dead"):
            return Result.headline(self, period_word)
        return f"{self.winner} def. {self.loser} ({self.detail}), {period_word} {self.period}"


class Aftermath(LiveNumbers):
    """Whether the scene is over, and its aftermath: help, rest, healing, the result (PA-5)."""

    def fallen_side(self) -> int | None:
        """The side with no being able to fight (-1: both), or None."""
        sides = self.sides
        standing = [False, False]  # asked after every initiative group: one pass, no sets made
        for being, me in enumerate(self.f):
            if not me.dead and me.hp > 0:  # able (:attr:`state._Live.able`), read without a call
                standing[sides[being]] = True
        if standing[0] and standing[1]:
            return None
        if standing[0] or standing[1]:
            return 1 if standing[0] else 0
        return -1

    def finish(self, fallen: int | None) -> None:
        """The aftermath (design 8, PA-5): rest and days, help for the fallen below 0; then the result."""
        self.phase = "aftermath"
        if fallen is not None:
            side = "both sides" if fallen == -1 else f"the {SIDES[fallen]} side"
            self.log.append(f"The scene is over: nobody on {side} can fight. The aftermath: rest and healing")
        elif self.stood_off:
            self.log.append(
                f"The scene is over: nobody can attack any more (PA-12): {self.why_no_attacks()}. "
                "The aftermath: rest and healing"
            )
        for being in self.everyone:
            me = self.f[being]
            if me.dying_at is not None and not me.dead:
                self.kill(being, "dead of the wound (after the scene)")  # [D] the countdown runs out
        # the result says how the last of the losing side fell, as he fell: the aftermath's
        # healing (temporary damage back) must not turn "unconscious" into "fighting"
        detail = None
        if fallen is not None and fallen != -1:
            last = max(
                (being for being in self.everyone if self.side(being) == fallen), key=lambda being: self.f[being].fell
            )
            detail = self.status_words(last)
        rest: str = self.take(lambda: REST_PROMPT)
        days = 0
        if rest != "none":
            days = int(self.take(lambda: DAYS_PROMPT))
            self.help_after()
        for being in self.everyone:
            self.heal(being, rest, days)
        names = [" & ".join(place.name for place in self.beings if place.side == side) for side in (0, 1)]
        when: dict[str, Any] = dict(period=self.round, fight_time=mmss(self.round * ROUND_SECONDS))
        if self.stood_off:
            self.result = Result(None, None, "draw", "nobody can attack any more (PA-12)", **when)
        elif fallen is None:
            self.result = Result(None, None, "ended", "the GM ended the scene", **when)
        elif fallen == -1:
            self.result = Result(None, None, "incapacitated", "both sides fell", **when)
        else:
            assert detail is not None  # set above for a side that fell
            self.result = PafResult(names[1 - fallen], names[fallen], "incapacitated", detail, **when)
        self.phase = "over"
        self.log.append(self.result.headline("round"))

    def why_no_attacks(self) -> str:
        """Who of the beings still standing cannot attack, and why (PA-12's end says it)."""
        out = []
        for being in self.everyone:
            me = self.f[being]
            if me.dead:
                continue
            if me.no_attacks:
                why = me.no_attacks_why or "no attacks"
            else:  # fallen, with no temporary damage to bring him round (PA-7)
                why = self.status_words(being)
            out.append(f"{self.name(being)} ({why})")
        return "; ".join(out) or "no being left can attack"

    def help_after(self) -> None:
        """PA-5 after the scene: the GM says who of the fallen below 0 is helped (each, ``all``, or
        ``none`` to go on); a being not helped does not heal."""
        while True:
            fallen = [
                being
                for being in self.everyone
                if not self.f[being].dead and self.f[being].real_hp < 0 and not self.f[being].helped
            ]
            if not fallen:
                return
            options = [Choice("none", "nobody more is helped", "the rest stay below 0 and do not heal")]
            if len(fallen) > 1:
                options.append(Choice("all", "all of them are helped", ", ".join(self.name(being) for being in fallen)))
            options += [
                Choice(f"help:{self.beings[being].slug}", f"{self.name(being)} is helped", self.target_why(being))
                for being in fallen
            ]
            key = self.choose(None, "help", options, "none")
            if key == "none":
                return
            chosen = (
                fallen
                if key == "all"
                else [next(being for being in fallen if f"help:{self.beings[being].slug}" == key)]
            )
            for being in chosen:
                self.f[being].helped = True
                self.log.append(f"{self.name(being)} is helped after the scene: {self.name(being)} can heal (PA-5)")

    def heal(self, being: int, rest: str, days: int) -> None:
        """PA-5: temporary damage all recovered [D]; then 3/2/1 a day, not above MHP; a being below
        0 heals only when helped ("unable to heal without outside help"); "death in N days" comes
        true within the days [D]."""
        me = self.f[being]
        if me.dead:
            return
        back = me.temp_total
        if back:
            me.hp += back
            me.temporary = ()
        if me.dies_in_days is not None and days >= me.dies_in_days:
            self.kill(being, f"dead of the wound on day {me.dies_in_days}")
            self.healed.append(f"{self.name(being)} dies on day {me.dies_in_days}")
            return
        if rest == "none" or days <= 0:
            if back:
                self.healed.append(f"{self.name(being)} gets {back} temporary back: {me.hp}/{me.max_hp}")
                self.log.append(self.healed[-1])
            return
        if me.hp < 0 and not me.helped:
            self.healed.append(f"{self.name(being)} is below 0 and needs help: no healing ({me.hp}/{me.max_hp})")
            self.log.append(self.healed[-1])
            return
        before = me.hp
        me.hp = min(me.max_hp, me.hp + ps.healing_per_day(rest) * days)  # type: ignore[arg-type]
        got_back = f" (and {back} temporary back)" if back else ""
        if me.helped and before < 0:
            got_back += ", helped"
        how = {"bed": "in bed", "resting": "resting", "working": "working"}.get(rest, rest)
        if me.hp == before and not back:
            self.healed.append(f"{self.name(being)} has nothing to heal: {me.hp}/{me.max_hp}")
        else:
            self.healed.append(
                f"{self.name(being)} heals {me.hp - before} in {days} day{'s' * (days != 1)} {how}"
                f"{got_back}: {me.hp}/{me.max_hp}"
            )
        self.log.append(self.healed[-1])
