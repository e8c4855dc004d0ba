"""Simultaneous Combat for Fudge: the scene's end (design 6.5, FU-6, FU-8).

When a side has no able combatant left, or the GM ends the scene: a wound whose Health roll the
end cut off stands, felt; every wound shrugged off takes full effect (FU-6); each fighter who was
in danger sees the elephant, which may raise his combat experience or give a Veteran a gift the
GM names (FU-8); and the result names the winners still alive.
"""

from __future__ import annotations

from companion.clock import mmss
from companion.ruleset import Choice, ChoicePrompt, Result, RollPrompt
from companion.rulesets.fudge.round_end import RoundEnd
from companion.rulesets.fudge.state import (
    BOXES,
    EXPERIENCE,
    FOUR_DF,
    GIFTS,
    OTHER_GIFT,
    PAIN,
    ROUND_SECONDS,
    WOUND_WORDS,
    NamedGift,
    faces_words,
    listed,
    possessive,
)


class Experience(RoundEnd):
    """Seeing the elephant after the scene (FU-8): combat experience, a Veteran's gift."""

    def elephant(self, combatant: int) -> None:
        """ "Seeing the elephant": a fighter who was in danger rolls 4dF; all '+' raises a Green or
        Fair one's combat experience one level (text); a Veteran who makes it gets a gift the GM
        names (FU-8), logged. [D] the dead do not roll."""
        me = self.f[combatant]
        if not me.in_danger or me.dead:
            return
        veteran = me.experience == "veteran"
        prompt = RollPrompt(
            self.names[combatant],
            self.sheets[combatant].side,
            FOUR_DF,
            "seeing the elephant",
            0,
            against="all '+'",
            note=f"all '+': the GM gives {self.names[combatant]} a gift (FU-8)"
            if veteran
            else f"all '+': {possessive(self.names[combatant])} combat experience improves one level",
            closed=self.closed(),
        )
        faces = self.take(lambda: prompt)
        if not all(face == 1 for face in faces):
            self.log.append(f"{self.names[combatant]} rolls {faces_words(faces)}: still {me.experience}")
            return
        if not veteran:
            me.experience = EXPERIENCE[EXPERIENCE.index(me.experience) + 1]
            self.log.append(
                f"{self.names[combatant]} rolls {faces_words(faces)}: has seen the elephant, now {me.experience}"
            )
            self.after.append(f"{self.names[combatant]}: now {me.experience} (seeing the elephant)")
            return
        self.log.append(f"{self.names[combatant]} rolls {faces_words(faces)}: a Veteran improves: the GM names a gift")
        gift = self.gift(combatant)
        me.gained = me.gained + (gift,)
        shown = GIFTS.get(gift, gift.replace("-", " "))
        self.log.append(f"{self.names[combatant]} gains the gift {shown} (FU-8)")
        self.after.append(f"{self.names[combatant]}: gains the gift {shown}")

    def gift(self, combatant: int) -> str:
        """The gift the GM gives a Veteran who improved (FU-8): one of :data:`GIFTS` he lacks, or one
        the GM names (``other iron will``)."""
        have = set(getattr(self.sheets[combatant].card, "gifts", None) or ()) | set(self.f[combatant].gained)
        if "low-pain-threshold" in have:
            have.add("high-pain-threshold")  # the two thresholds cannot both be taken
        options = [Choice(key, shown, "", shown) for key, shown in GIFTS.items() if key not in have] or [
            Choice(key, shown, "", shown) for key, shown in GIFTS.items()
        ]
        advised = "combat-reflexes" if "combat-reflexes" not in have else None
        value = self.take(
            lambda: ChoicePrompt(
                self.names[combatant],
                self.sheets[combatant].side,
                f"the gift the GM gives {self.names[combatant]}",
                tuple(options),
                advised,
                (OTHER_GIFT,),
                self.closed(),
            )
        )
        return value.key if isinstance(value, NamedGift) else str(value)


class SceneEnd(Experience):
    """The scene's end: who fell, the wounds in full (FU-6), the result."""

    def fallen_side(self) -> int | None:
        """A side with no able combatant (-1: both), else None."""
        f, sheets = self.f, self.sheets
        standing = {sheets[combatant].side for combatant in self.everyone if f[combatant].able}
        down = [side for side in (0, 1) if side not in standing]
        if not down:
            return None
        return down[0] if len(down) == 1 else -1

    def finish(self, fallen: int | None) -> None:
        """The scene's end: every wound shrugged off takes full effect (FU-6), the fighters see the
        elephant (FU-8), and the result names the winners still alive and says who is then out."""
        if self.ended and self.phase != "declarations":
            for combatant in self.everyone:  # a round cut short still put them in danger
                if self.in_danger(combatant):
                    self.f[combatant].in_danger = True
        self.in_scene = False
        before = [self.f[combatant].status for combatant in self.everyone]
        self.phase = "the scene's end"
        self.felt_unrolled()
        self.full_effect()
        self.phase = "seeing the elephant"
        if self.options.combat_experience:
            for combatant in self.everyone:
                self.elephant(combatant)
        self.phase = "over"
        names = [
            " & ".join(
                sheet.name
                for combatant, sheet in enumerate(self.sheets)
                if sheet.side == side and not self.f[combatant].dead
            )
            or " & ".join(sheet.name for sheet in self.sheets if sheet.side == side)
            for side in (0, 1)
        ]
        losers = [" & ".join(sheet.name for sheet in self.sheets if sheet.side == side) for side in (0, 1)]
        # the period is the last round played: one the GM ended before any roll of it is not [D]
        unplayed = self.ended and self.before_rolls
        period = self.st.round - 1 if unplayed else self.st.round
        when = dict(period=period, fight_time=mmss(period * ROUND_SECONDS))
        ended = "the GM ended the scene"
        if unplayed:
            declared = any(decl is not None for decl in self.decl)
            ended += f" before round {self.st.round}" + ("'s rolls" if declared else "")
        then = [
            combatant
            for combatant in self.everyone
            if self.f[combatant].status != before[combatant]
            and (fallen is None or fallen == -1 or self.sheets[combatant].side != fallen)
        ]
        after = (
            "; then " + ", ".join(f"{self.names[combatant]} {self.f[combatant].status}" for combatant in then)
            if then
            else ""
        )
        if fallen is None:
            self.result = Result(None, None, "ended", ended + after, **when)
        elif fallen == -1:
            self.result = Result(None, None, "incapacitated", "both sides fell" + after, **when)
        else:
            last = max(
                (combatant for combatant in self.everyone if self.sheets[combatant].side == fallen),
                key=lambda combatant: self.f[combatant].fell,
            )
            detail = self.f[last].status + after  # his wounds in full (FU-6)
            self.result = Result(names[1 - fallen], losers[fallen], "incapacitated", detail, **when)
        self.log.append(self.result.headline("round"))

    def out_from_the_start(self, fallen: int) -> Result:
        """The result of a scene one side (-1: both) comes into with nobody able to fight, its cards'
        wounds marked (issue 17): over before round 1, the other side's living the winners."""
        if fallen == -1:
            return Result(None, None, "incapacitated", "both sides out before the scene began", 0, "", mmss(0))
        out = [combatant for combatant in self.everyone if self.sheets[combatant].side == fallen]
        worst = max(
            out, key=lambda combatant: (self.f[combatant].dead, BOXES.index(self.f[combatant].worst() or "scratch"))
        )
        winners = " & ".join(
            sheet.name
            for combatant, sheet in enumerate(self.sheets)
            if sheet.side != fallen and not self.f[combatant].dead
        )
        losers = " & ".join(self.sheets[combatant].name for combatant in out)
        detail = f"{self.f[worst].status} before the scene began"
        return Result(winners, losers, "incapacitated", detail, 0, "", mmss(0))

    @property
    def before_rolls(self) -> bool:
        """The scene was ended before this round's first roll: the round is not counted in its time."""
        return not self.combat and not self.guard and not self.dodge

    def felt_unrolled(self) -> None:
        """A wound whose Health roll the GM's end cut off stands, felt (FU-6: "once the action ends ...
        the full effects"; decisions: "wounds already rolled stand"): its box marked, said in the log
        and on the result panel."""
        if self.unrolled is None:
            return
        combatant, level, wound = self.unrolled
        me = self.f[combatant]
        was = me.status
        me.mark(level, 1)
        if not me.able and not me.fell:
            self.fall(combatant)
        word = WOUND_WORDS[BOXES[level]]
        now = me.status
        pen = PAIN[self.sheets[combatant].gift].get(me.worst() or "", 0)
        effect = now if now != "fighting" else (f"{pen:+d} to every roll" if pen else "no penalty")
        self.log.append(
            f"The scene is over before {possessive(self.names[combatant])} Health roll: "
            f"the {WOUND_WORDS[wound]} rolled stands, {'an' if word[0] in 'AEIOU' else 'a'} {word} box felt: {effect}"
        )
        self.after.append(
            f"{self.names[combatant]}: {word} (no Health roll), {effect}" + (f" (was {was})" if was != now else "")
        )

    def full_effect(self) -> None:
        """FU-6: "once the action ends, however, the victim immediately suffers the full effects of
        his injuries": each wound shrugged off marks its box in full, its penalty and status with it."""
        for combatant in self.everyone:
            me = self.f[combatant]
            shrugged = [BOXES[level] for level in range(len(BOXES)) for mark in me.boxes[level] if mark == 2]
            if not shrugged:
                continue
            if me.dead:  # his boxes as they are; nothing more befalls the dead
                me.feel_all()
                continue
            was = me.status
            me.feel_all()
            words = shrugged_words(shrugged)
            now = me.status
            pen = PAIN[self.sheets[combatant].gift].get(me.worst() or "", 0)
            effect = f"{now}" if now != "fighting" else (f"{pen:+d} to every roll" if pen else "no penalty")
            line = (
                f"The scene is over: {possessive(self.names[combatant])} shrugged-off {words} "
                f"{'takes' if len(shrugged) == 1 else 'take'} full effect: "
                f"{effect}"
            )
            self.log.append(line)
            self.after.append(
                f"{self.names[combatant]}: {words} in full, {effect}" + (f" (was {was})" if was != now else "")
            )


def shrugged_words(shrugged: list[str]) -> str:
    """The boxes shrugged off, a level a box (:data:`BOXES`), in words: each level once, with its count of
    boxes where there are more (``Hurt (2 boxes) and Very Hurt``; the audit: it said "Hurt and Hurt")."""
    levels = [level for level in BOXES if level in shrugged]
    return listed(
        [
            WOUND_WORDS[level] + (f" ({shrugged.count(level)} boxes)" if shrugged.count(level) > 1 else "")
            for level in levels
        ]
    )
