"""Simultaneous Combat for Fudge, a round's third phase: the resolution (design 6.3).

Every attack in scene order, all at once (FU-2): a melee attack against its target's combat
roll (one weapon skill against the other), a shot against the target's dodge, an unaware or
helpless target unopposed against Poor; RD 1 or more hits (RD 0 unopposed), at least the
armor's PD; suicidal aggression hits on Poor whatever the other rolls. A defender ganged up on
hits no one unless he beat every attacker (FU-7). Then every defender's blow back: one who only
defended with a melee skill and beat his attacker hits him (FU-2, FU-11). The odds replay an
exchange with the rolls put in (:meth:`Resolution.exchange_if`).
"""

from __future__ import annotations

from companion.ruleset import Choice
from companion.rulesets.fudge.rolls import Rolls
from companion.rulesets.fudge.rules import POOR, ladder_name
from companion.rulesets.fudge.state import Hit, possessive


class Resolution(Rolls):
    """Every attack resolved at once, then the defenders' blows back: the round's hits."""

    # --- every attack (design 6.3, FU-2) --------------------------------------------------

    def resolve(self) -> list[Hit]:
        """Every attack in scene order (FU-2), then every defender's blow back (FU-2, FU-11): the
        hits, in the order found, for their damage."""
        self.phase = "resolution"
        hits = []
        for combatant in self.everyone:
            if not self.is_attack(combatant):
                continue
            for target in self.decl[combatant].targets:  # type: ignore[union-attr]
                hit = self.exchange(combatant, target)
                if hit is not None:
                    hits.append(hit)
        for combatant in self.everyone:
            if self.hits_back(combatant):
                back = self.hit_back(combatant)
                if back is not None:
                    hits.append(back)
        return hits

    def exchange(self, attacker: int, target: int) -> Hit | None:
        """The attack of ``attacker`` on ``target``: hit or not, and its RD (FU-2, text)."""
        mods = self.pairing(attacker, target)
        attack_total = self.combat[attacker]
        shown = possessive(self.names[attacker]) + " " + ladder_name(attack_total)
        if mods:  # the scale of a pair alone (:meth:`pairing`): none but with the scale option
            attack_total += sum(value for _, value in mods)
            shown += "".join(f" {value:+d} {label}" for label, value in mods) + f" = {ladder_name(attack_total)}"
        pd = self.pd(target)
        decl = self.decl[attacker]
        assert decl is not None
        melee = self.is_melee(attacker)
        if not self.able0[target] or (not melee and target in decl.unaware):
            # unopposed: against Poor, RD 0 hits (FU-2); a helpless target is one too [D]
            why = "unaware" if self.able0[target] else self.f[target].status
            return self.verdict(
                attacker, target, shown + f" vs Poor ({self.names[target]} {why})", attack_total - POOR, False, pd
            )
        if melee and (self.suicidal(attacker) or self.suicidal(target)):
            # suicidal aggression: each hits on at least Poor plus the other's PD, whatever the other rolls (text)
            ok = attack_total >= POOR + pd
            line = f"{shown} vs Poor{f' + PD {pd}' if pd else ''} (suicidal aggression)"
            blocker = self.unbeaten(attacker) if ok else None
            if blocker is not None:  # FU-7 binds every attack of a defender ganged up on [D]
                self.log.append(f"{line}: no hit ({self.names[attacker]} did not beat {self.names[blocker]})")
                return None
            self.log.append(f"{line}: {self.names[attacker]} {'hits' if ok else 'misses'}")
            return Hit(attacker, target, attack_total - POOR) if ok else None  # its RD, for the RD bonus: over Poor [D]
        defence_total = self.held(target) if melee else self.dodge[target]
        kind = "" if melee else " dodge"
        text = f"{shown} vs {possessive(self.names[target])}{kind} {ladder_name(defence_total)}"
        rd = attack_total - defence_total
        if rd >= 1 and attack_total < POOR:
            self.log.append(f"{text}: no hit (below Poor, RD {rd})")
            return None
        return self.verdict(attacker, target, text, rd, True, pd)

    def exchange_if(
        self, striker: int, struck: int, rolls: dict[str, dict[int, int]], *, back: bool = False
    ) -> Hit | None:
        """:meth:`exchange` (``back``: :meth:`back_hit`) with these rolls put in, by kind
        (``combat``, ``guard``, ``dodge``; for the odds, issue 8): the round's own rule, its log,
        ties and rolls left as they were."""
        saved = self.combat, self.guard, self.dodge, self.log, self.tied
        self.combat = {**self.combat, **rolls.get("combat", {})}
        self.guard = {**self.guard, **rolls.get("guard", {})}
        self.dodge = {**self.dodge, **rolls.get("dodge", {})}
        self.log, self.tied = [], set(self.tied)
        try:
            if back:
                return None if self.unbeaten(striker) is not None else self.back_hit(striker, struck)[0]
            return self.exchange(striker, struck)
        finally:
            self.combat, self.guard, self.dodge, self.log, self.tied = saved

    def rollers(self, striker: int, struck: int, *, back: bool = False) -> list[tuple[int, str]]:
        """The rolls, as (who, kind), that the attack of ``striker`` on ``struck`` reads (``back``:
        the blow ``striker`` hits back at ``struck``): the attacker's, a melee target's defence, a
        dodge, and the melee attackers of one ganged up on, whom he must all beat to hit anyone
        (FU-2, FU-7)."""
        out = [(striker, self.held_kind(striker) if back else "combat")]
        if back:
            out.append((struck, "combat"))
        elif self.is_melee(striker):
            if self.able0[struck]:
                out.append((struck, self.held_kind(struck)))
        elif self.able0[struck] and struck not in self.decl[striker].unaware:  # type: ignore[union-attr]
            out.append((struck, "dodge"))  # an aware target dodges the shot (rolls)
        attackers = self.melee_attackers(striker)
        if len(attackers) > 1:
            out += [(striker, self.held_kind(striker))] + [(assailant, "combat") for assailant in attackers]
        return list(dict.fromkeys(out))

    def verdict(self, attacker: int, target: int, text: str, rd: int, opposed: bool, pd: int) -> Hit | None:
        """Opposed: RD 1 or more hits; unopposed: RD 0 (FU-2); and RD at least the PD (text)."""
        least = 1 if opposed else 0
        if rd >= max(least, pd):
            blocker = self.unbeaten(attacker)
            if blocker is not None:  # ganged up on, he hits no one unless he beat them all (FU-2, FU-7)
                self.log.append(f"{text}: no hit ({self.names[attacker]} did not beat {self.names[blocker]}, RD {rd})")
                return None
            self.log.append(f"{text}: {self.names[attacker]} hits (RD {rd})")
            return Hit(attacker, target, rd)
        if rd >= least:
            self.log.append(f"{text}: no hit (RD {rd}, below {possessive(self.names[target])} armor PD {pd})")
        elif opposed and rd == 0:
            # two who attack each other in melee share one roll-off: its tie is said once
            mutual = self.is_melee(target) and attacker in self.decl[target].targets  # type: ignore[union-attr]
            if not (mutual and (target, attacker) in self.tied):
                self.log.append(f"{text}: a tie")
            self.tied.add((attacker, target))
        else:
            self.log.append(f"{text}: {self.names[attacker]} misses (RD {rd})")
        return None

    def unbeaten(self, defender: int) -> int | None:
        """A defender ganged up on (two or more melee attackers) hits only if his roll beat every
        attacker's (FU-2): otherwise he hits no one, whomever he had declared (FU-7), his melee
        target among them or not, a shot at someone else too, a blow back. The first attacker he
        did not beat, else None. The roll is the one he meets them with (:meth:`held`). [D] Beating
        them all, a declared attack goes on as declared; one who only defended chooses whom he
        hits back (:meth:`hit_back`)."""
        attackers = self.melee_attackers(defender)
        if len(attackers) < 2:
            return None
        for attacker in attackers:
            attacker_total = self.combat[attacker] + sum(value for _, value in self.pairing(attacker, defender))
            if self.held(defender) - attacker_total < 1:
                return attacker
        return None

    # --- the defender's blow back (FU-2, FU-11) -------------------------------------------

    def back_hit(self, defender: int, attacker: int) -> tuple[Hit | None, str]:
        """Whether the ``defender`` hits his ``attacker`` back with the roll he met him with, and
        the log line ('' when the attacker's line says it all: the defender did not beat him).
        Opposed: RD 1 or more, at least Poor and at least the attacker's PD (FU-2, text); against
        suicidal aggression, at least Poor plus the attacker's PD whatever he rolled (text). FU-7 is
        the caller's."""
        roll = self.held(defender)
        pd = self.pd(attacker)
        me = self.names[defender]
        if self.suicidal(attacker):
            ok = roll >= POOR + pd
            line = f"{possessive(me)} {ladder_name(roll)} vs Poor{f' + PD {pd}' if pd else ''} (suicidal aggression)"
            return (
                Hit(defender, attacker, roll - POOR, back=True) if ok else None
            ), f"{line}: {me} {'hits back' if ok else 'misses'}"
        attacker_total = self.combat[attacker] + sum(value for _, value in self.pairing(attacker, defender))
        rd = roll - attacker_total
        text = (
            f"{possessive(me)} {ladder_name(roll)} vs {possessive(self.names[attacker])} {ladder_name(attacker_total)}"
        )
        if rd < 1:
            return None, ""
        if roll < POOR:
            return None, f"{text}: no hit back (below Poor, RD {rd})"
        if rd < pd:
            return None, f"{text}: no hit back (RD {rd}, below {possessive(self.names[attacker])} armor PD {pd})"
        return Hit(defender, attacker, rd, back=True), f"{text}: {me} hits back (RD {rd})"

    def hit_back(self, defender: int) -> Hit | None:
        """The defender's blow back (:meth:`hits_back`): at the one attacker he beat; ganged up on,
        only if he beat every attacker (FU-2, FU-7), then at the attacker of his choice (FU-2),
        asked when more than one can be hit [D]."""
        me = self.names[defender]
        blocker = self.unbeaten(defender)
        if blocker is not None:  # ganged up on and not the victor over them all (FU-7)
            self.log.append(f"{me} hits no one back: {me} did not beat {self.names[blocker]} (FU-2, FU-7)")
            return None
        found = [(attacker, *self.back_hit(defender, attacker)) for attacker in self.melee_attackers(defender)]
        can = [(attacker, hit, line) for attacker, hit, line in found if hit is not None]
        if len(can) <= 1:
            for _, _, line in found:
                if line:
                    self.log.append(line)
            return can[0][1] if can else None
        options = [
            Choice(self.sheets[attacker].slug, self.names[attacker], f"RD {hit.rd}", self.names[attacker])
            for attacker, hit, _ in can
        ]
        best = max(can, key=lambda candidate: candidate[1].rd)  # the first of the largest RD
        key = self.choose(
            defender, "whom to hit back (every attacker beaten, FU-2)", options, self.sheets[best[0]].slug
        )
        _, hit, line = next(candidate for candidate in can if self.sheets[candidate[0]].slug == key)
        self.log.append(f"{line}, the attacker of {possessive(me)} choice (FU-2)")
        return hit
