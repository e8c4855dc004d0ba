"""Cage Match!: the outcomes of the results table, each as the text's own steps (CM-5).

TRADE BLOWS, WHO FASTER, SWIFT ATTACK, TAUNTS, SLICK MOVE, SPRAWL 'N' BRAWL, PROTECTS, BRUTAL HIT,
SHOOTS IN, TRIES THE TAKE-DOWN and CROWD BOOS: who rolls, how the roll-off reads (CM-9), what a
fighter who acts may follow up with, and which full-damage hit may start a combo (CMD-12).
"""

from __future__ import annotations

from companion.ruleset import Choice
from companion.rulesets.cage_match.positions import Positions
from companion.rulesets.cage_match.rules import Clash, Roll, break_free, defence, expected_damage, must_win, race
from companion.rulesets.cage_match.tables import Move
from companion.rulesets.cage_match.turn import AUTOMATIC_V_FOCUS


class Outcomes(Positions):
    """Each outcome of the results table, played for the fighter who acts and the other."""

    def trade_blows(self, actor: int, other: int) -> None:
        """Both attack, no defence; full damage; no combos (text)."""
        for side in (0, 1):
            roll = self.roll(side, self.moves[side], "TRADE BLOWS", attack_on=1 - side)
            self.strike(side, self.moves[side], roll)

    def who_faster(self, actor: int, other: int) -> None:
        """Roll-off: only the high roll hits (text); a tie lands nothing (CMD-7)."""
        rolls, clash = self.rolloff((self.moves[0], self.moves[1]), "WHO FASTER roll-off", lead=0, reading=race)
        if clash.by is None:
            self.log.append("A tie: neither lands")
            return
        faster = clash.by
        self.log.append(f"{self.names[faster]} is faster")
        self.land(faster, self.moves[faster], rolls[faster])
        self.combo_ready(faster, self.moves[faster])

    def swift_attack(self, actor: int, other: int) -> None:
        late = self.moves[other]
        if late.type == "taunt":
            self.log.append(f"{self.names[other]} is caught taunting")
        elif late.type == "sprawl":
            self.log.append(f"{self.names[other]}'s sprawl gamble doesn't pay off")
        else:
            self.log.append(f"{self.names[other]} is too late with the {late.name.lower()}")
        roll = self.roll(actor, self.moves[actor], "SWIFT ATTACK", attack_on=other)
        self.land(actor, self.moves[actor], roll)
        self.combo_ready(actor, self.moves[actor])

    def taunts(self, actor: int, other: int) -> None:
        """No rolls: the outcome's line has said so; Record gains the focus."""

    def crowd_boos(self, actor: int, other: int) -> None:
        # ruling CM-8: the crowd stands the fighters up only from CLINCHING; in the COLLAR TIE (a
        # position of its own in the text) and on the ground it changes nothing
        if self.position in ("standing", "clinching"):
            self.log.append("The crowd boos!")
            self.move_to("standing")
        elif self.position == "collar_tie":
            self.log.append("The crowd boos! In the collar tie it changes nothing (only the clinch breaks up)")
        else:
            self.log.append("The crowd boos! On the ground it changes nothing: getting up takes a won roll-off")

    def defended(self, attacker: int, defender: int, rolls: tuple[Roll, Roll], clash: Clash, verb: str) -> None:
        """A defended attack (PROTECTS, SLICK MOVE), as :func:`defence` read the roll-off."""
        move = self.moves[attacker]
        if clash.word == "negated":
            self.log.append(f"{self.names[defender]}'s double 6s: no damage")
        elif clash.word == "miss":
            self.log.append(f"{move.name}: a miss")
        elif clash.word == "covered":
            self.log.append(f"{self.names[defender]} {verb}: no damage")
        else:
            self.strike(attacker, move, rolls[attacker], half=clash.half, to_muscle=clash.to_muscle)

    def slick_move(self, actor: int, other: int) -> None:
        """Parry + Strike: the parry roll-off, then an undefended focus-free attack."""
        moves = (self.moves[0], self.moves[1])
        rolls, clash = self.rolloff(moves, "SLICK MOVE roll-off", lead=other, reading=defence, attacker=other)
        self.defended(other, actor, rolls, clash, "parries")
        if self.down():
            return
        follow = self.followup(actor, ("jab", "strike", "throw", "shoot"), "the follow-up after the parry (no focus)")
        if follow is None:
            return
        roll = self.roll(actor, follow, "follow-up, undefended", attack_on=other)
        self.land(actor, follow, roll, takedown=False)  # text: a shoot follow-up clinches, no take-down
        self.combo_ready(actor, follow)

    def followup(
        self, actor: int, types: tuple[str, ...], reason: str, *, anywhere: tuple[str, ...] = ()
    ) -> Move | None:
        """The acting fighter's choice of a focus-free counter; advised: most damage on average."""
        moves, options, best = self.followup_offer(actor, types, anywhere)
        if not moves:
            self.log.append(f"{self.names[actor]} has no follow-up that needs no focus here")
            return None
        key = self.choose(actor, reason, list(options), best)
        if key == "none":
            self.log.append(f"{self.names[actor]} does not follow up")
            return None
        move = self.sheets[actor].by_key[key]
        self.followups[actor].append(move)
        return move

    def followup_offer(
        self, actor: int, types: tuple[str, ...], anywhere: tuple[str, ...]
    ) -> tuple[tuple[Move, ...], tuple[Choice, ...], str | None]:
        """The focus-free counters of ``types`` the actor may follow up with here, their options
        (each with the damage to expect, worked out with every modifier) and the advised one.

        Kept on the sheet by what they depend on (the position and the actor's side of it, the
        revealed move's type and the focus on dice, which the sheet's bonuses and the modifier read,
        his penalty, the First Fight): a costly offer (a modifier and a chance a counter), the same
        many times a fight. Focus held is not among them: a counter costs none."""
        sheet = self.sheets[actor]
        first_fight = self.st.options.first_fight
        key = (
            actor,
            types,
            anywhere,
            self.position,
            self.roles[actor],
            self.moves[actor].type,
            self.picks[actor].dice,
            self.pen[actor],
            first_fight,
        )
        found: tuple[tuple[Move, ...], tuple[Choice, ...], str | None] | None = sheet.offers.get(key)
        if found is not None:
            return found
        moves = []
        for move in sheet.of_type(*types):
            if move.cost:
                continue
            if move.type in anywhere:
                if first_fight:
                    continue
            elif self.cannot(actor, move):
                continue
            moves.append(move)
        if not moves:
            found = sheet.offers[key] = ((), (), None)
            return found
        rating = self.sheets[1 - actor].rating
        score = {
            counter.key: expected_damage(self.modifier(actor, counter)[0], counter.damage, rating) for counter in moves
        }
        options = [
            Choice(
                counter.key,
                counter.name,
                f"{counter.damage} to the {counter.target}, about {score[counter.key]:.1f} a try"
                if counter.damage
                else "no damage",
            )
            for counter in moves
        ]
        best = max(moves, key=lambda counter: score[counter.key])
        options.append(Choice("none", "No follow-up"))  # text: "You may follow with ..."
        found = sheet.offers[key] = (tuple(moves), tuple(options), best.key)
        return found

    def sprawl_n_brawl(self, actor: int, other: int) -> None:
        """Sprawl + Strike, or + Trip/Take-Down that must win (not tie) a roll-off (text)."""
        self.log.append(f"{self.names[actor]} sprawls and stops the {self.moves[other].name.lower()}")
        follow = self.followup(
            actor,
            ("jab", "strike", "throw", "takedown"),
            "the counter after the sprawl (no focus)",
            anywhere=("takedown",),
        )  # CMD-23: the trip is offered STANDING too
        if follow is None:
            return
        if follow.type == "takedown":
            moves = (follow, None) if actor == 0 else (None, follow)
            rolls, clash = self.rolloff(moves, "trip roll-off", lead=actor, reading=must_win, attacker=actor)
            if clash.by is not None:
                self.land(actor, follow, rolls[actor])
            else:
                self.log.append(f"{self.names[other]} stays up")
            return
        roll = self.roll(actor, follow, "counter, undefended", attack_on=other)
        self.land(actor, follow, roll)
        self.combo_ready(actor, follow)

    def protects(self, actor: int, other: int) -> None:
        """Roll-off: beat or tie to take nothing, else half to muscles; no position change, no combos."""
        rolls, clash = self.rolloff(
            (self.moves[0], self.moves[1]), "PROTECTS roll-off", lead=actor, reading=defence, attacker=actor
        )
        self.defended(actor, other, rolls, clash, "covers up")

    def brutal_hit(self, actor: int, other: int) -> None:
        move = self.moves[actor]
        if self.moves[other].type == "focus":
            roll = self.roll(actor, move, "BRUTAL HIT on a focusing fighter", attack_on=other)
            self.land(actor, move, roll, auto=True)  # TRIES THE TAKE-DOWN: automatic v Focus (CMD-4)
            self.combo_ready(actor, move)
            return
        rolls, clash = self.rolloff(
            (self.moves[0], self.moves[1]),
            "BRUTAL HIT: the break roll-off",
            lead=actor,
            reading=break_free,
            attacker=actor,
        )
        if clash.word in ("breaks free", "clean break"):
            if clash.word == "clean break":  # CM-2: a defender rolling double 6s takes no damage (design 3.8)
                self.log.append(f"{self.names[other]} breaks free with double 6s: no damage")
            else:
                self.log.append(f"{self.names[other]} breaks free, taking half")
                if move.damage > 0:
                    self.strike(actor, move, rolls[actor], half=clash.half)
            self.move_to("standing")  # and no other position change (text)
            return
        if clash.word == "negated":  # both double 6s: a tie (CMD-8), but the defender takes none (CM-2)
            self.log.append(f"{self.names[other]}'s double 6s: no damage")
            self.effects(actor, move, None)  # the tie's position effect; the cancelled 6-6 climb or tap nothing extra
            return
        self.land(actor, move, rolls[actor])
        self.combo_ready(actor, move)

    def shoots_in(self, actor: int, other: int) -> None:
        move = self.moves[actor]
        roll = self.roll(actor, move, "SHOOTS IN", attack_on=other)
        self.land(actor, move, roll, auto=self.moves[other].type == "taunt")  # CMD-15: a taunter gives no defence
        if move.type == "throw":
            self.combo_ready(actor, move)  # CMD-12: a shoot's second action is its take-down

    def tries_the_take_down(self, actor: int, other: int) -> None:
        move = self.moves[actor]
        # text: "Trip/Take-Down/Collar Tie: Automatic success vs. Focus"; the others (a pass, a
        # sweep, an escape, and a break off the ground, ruling CM-8) take a won roll-off
        if move.type in AUTOMATIC_V_FOCUS and self.moves[other].type in ("focus", "taunt"):
            self.log.append(f"{move.name}: automatic, no rolls")  # text v Focus; CMD-15 v Taunt
            self.unopposed(actor, move)
            return
        moves = (self.moves[0], self.moves[1])
        rolls, clash = self.rolloff(moves, "TRIES THE TAKE-DOWN roll-off", lead=actor, reading=must_win, attacker=actor)
        if clash.by is not None:
            self.land(actor, move, rolls[actor])
        else:
            self.log.append("Lost or tied: no damage or position change")

    def combo_ready(self, actor: int, move: Move | None) -> None:
        if move is not None and self.landed_full[actor] is move:
            self.combo_from[actor] = move
