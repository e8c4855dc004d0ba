"""Cage Match!, a turn's first step: both choose in secret, then the reveal (CM-5).

The secret prompt offers each corner every move of his sheet, the pad's own first, each with
why it cannot be done here (CMD-3) and what else changes his dice; the reveal reads each pick (a
move that cannot be done gives the POSITION table's default, CMD-2), spends its focus (CM-4:
spent even if the move fails) and reads the outcome of the two moves on the Fight Card, said in
the words of the moves chosen (issue 16).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.ruleset import PadOption, PadSide, Pick, SecretPrompt
from companion.rulesets.cage_match.tables import (
    BRUTAL_HIT,
    PROTECTS,
    SHOOTS_IN,
    SLICK_MOVE,
    SPRAWL_N_BRAWL,
    SWIFT_ATTACK,
    TAUNTS,
    TRADE_BLOWS,
    TRIES_THE_TAKE_DOWN,
    WHO_FASTER,
    CardTables,
    Cell,
    Move,
)
from companion.rulesets.cage_match.turn import AUTOMATIC_V_FOCUS, TurnBase


class PadEntry(NamedTuple):
    """One corner's side of a turn's pad as a sheet keeps it (``Sheet.pads``): what the secret
    prompt shows, the move done in place of one that cannot be done (CMD-2), and each pick made on
    it, read (:meth:`Reveal.read_pick`): the same pick on the same pad reads the same, and a fight
    makes the same few picks on the same few pads turn after turn."""

    side: PadSide
    default: Move
    picks: dict[tuple[str, int, int, bool], tuple[Move, int, str, str]]
    """Each pick read, by its move, focus on dice and damage and whether the app made it."""


class Reveal(TurnBase):
    """The secret choice and the reveal: the two moves and their outcome on the Fight Card."""

    def cannot(self, side: int, move: Move, *, focus: bool = True) -> str:
        """Why ``side`` cannot do ``move`` now; empty if it can (CMD-3). Without ``focus``, only
        whether the move belongs to this position at all."""
        rule = self.rule
        role = self.roles[side]
        if move.type not in rule.allowed.get(role, ()):
            where = rule.label if role == "even" else f"{rule.label} ({role})"
            return f"no {move.type.replace('_', ' ')} in {where}"
        if move.positions is not None and self.position not in move.positions:
            return f"not from {rule.label}"
        if self.st.options.first_fight:
            if move.type == "shoot" and move.effect is None:
                return "no Shoot & Clinch in a First Fight"
            if move.effect is not None and move.effect.to != "standing":
                return "a First Fight stays STANDING"
        held = self.hp[side].focus
        if focus and move.cost > held:
            return f"needs {move.cost} focus, holds {held}"
        return ""

    def default_move(self, side: int) -> Move:
        """The POSITION table's default move (CMD-2): the sheet's ordinary move of that type."""
        move_type = self.tables.positions[self.position].default[self.role(side)]
        sheet = self.sheets[side]
        for move in sheet.moves:
            if move.type == move_type and sheet.kinds[move.key] in ("move", "generic") and not self.cannot(side, move):
                return move
        return self.rules.generic[move_type]  # the sheet's own is not possible here: the card's generic one

    _pads: tuple[PadEntry, PadEntry] | None = None

    def pads(self) -> tuple[PadEntry, PadEntry]:
        """Each corner's side of this turn's pad, as the turn starts: the secret prompt shows them
        and the reveal reads each pick on them (:class:`PadEntry`)."""
        pads = self._pads
        if pads is None:
            pads = self._pads = (self.pad_side(0), self.pad_side(1))
        return pads

    def pad_side(self, side: int) -> PadEntry:
        sheet = self.sheets[side]
        role = self.roles[side]
        held = self.hp[side].focus
        key = (side, self.pad, self.position, role, held, self.pen[side])
        found: PadEntry | None = sheet.pads.get(key)
        if found is None:  # cannot() and roll_notes() depend on nothing else a fight changes
            focus = self.tables.focus
            default = self.default_move(side)
            found = sheet.pads[key] = PadEntry(
                PadSide(
                    sheet.name,
                    side,
                    None if role == "even" else role,
                    held,
                    self.pad_options(side),
                    default.key,
                    focus.dice_max,
                    focus.damage_max,
                    self.roll_notes(side),
                    focus.dice_each,  # CM-4, as the tables in play have it
                    focus.damage_each,
                ),
                default,
                {},
            )
        return found

    def secret(self) -> SecretPrompt:
        red, blue = self.pads()
        return SecretPrompt(self.st.turn, self.label, self.pad, (red.side, blue.side))

    def pad_options(self, side: int) -> tuple[PadOption, ...]:
        """Every move of ``side``'s sheet as the pad offers it: each may be named (text: one that can't
        be done gives the default move, CMD-2); the pad's own come first, in the pad's order."""
        sheet = self.sheets[side]
        moves = sheet.pad_orders.get(self.pad)
        if moves is None:  # the sheet's moves and the pad's types: the same order all fight
            pad_types = self.tables.pads[self.pad]
            moves = sheet.pad_orders[self.pad] = tuple(
                sorted(
                    sheet.moves,
                    key=lambda move: pad_types.index(move.type) if move.type in pad_types else len(pad_types),
                )
            )
        return tuple(self.pad_option(side, move) for move in moves)

    def pad_option(self, side: int, move: Move) -> PadOption:
        """``move`` as ``side``'s pad offers it now. It depends on the position, his side of it, the
        First Fight and, for a move whose focus he does not hold, the focus he holds (its why says
        it): kept on the sheet by these (``Sheet.options``), as a pad is made afresh each time the
        focus held changes, and most of its moves read the same at any focus."""
        sheet = self.sheets[side]
        held = self.hp[side].focus
        key = (
            move.key,
            self.position,
            self.roles[side],
            self.st.options.first_fight,
            held if move.cost > held else None,
        )
        found: PadOption | None = sheet.options.get(key)
        if found is None:
            why = self.cannot(side, move)
            found = sheet.options[key] = PadOption(
                move.key,
                move.name,
                move.type,
                move.cost,
                move.dice,
                move.damage,
                move.target,
                move.focus_gain,
                sheet.kinds[move.key],
                not why,
                why,
                effect_words(self.tables, move),
                not why or not self.cannot(side, move, focus=False),
                # CM-4: the Focus action, as the tables in play have it
                gives=(
                    f"+{self.tables.focus.focus_action} focus, {self.tables.focus.focus_action_damaged} if hit"
                    if move.type == "focus"
                    else ""
                ),
            )
        return found

    def roll_notes(self, side: int) -> tuple[str, ...]:
        """What changes this corner's dice and damage this turn besides the move: the
        penalty (CM-3), the sheet's bonuses here, the position's modifiers (CMD-1)."""
        notes = []
        if self.pen[side]:
            notes.append(f"{self.pen[side]:+d} to every roll: hurt (CM-3)")
        for bonus in self.bonuses(side):
            what = " ".join(
                f"{amount:+d} {aspect}" for aspect, amount in (("dice", bonus.dice), ("damage", bonus.damage)) if amount
            )
            when = (
                f"with {', '.join(move_type.replace('_', ' ') for move_type in bonus.types)}"
                if bonus.types
                else "on every move"
            )
            notes.append(f"{bonus.name}: {what} {when}")
        rule = self.tables.positions[self.position]
        here = rule.dice.get(self.role(side), {})
        if here:
            notes.append(
                f"{rule.label}: "
                + ", ".join(f"{move_type.replace('_', ' ')} {amount:+d}" for move_type, amount in here.items())
            )
        return tuple(notes)

    def reveal(self, picks: tuple[Pick, Pick]) -> None:
        pads = self.pads()
        said = []
        notes = []
        for side in (0, 1):
            pick = picks[side]
            pad = pads[side]
            # by its figures: a Pick's own hash is a dataclass's, written in Python, and costs three times as much
            key = (pick.move, pick.dice, pick.damage, pick.by_app)
            read = pad.picks.get(key)
            if read is None:  # a pick on this pad reads the same whenever it is made
                read = pad.picks[key] = self.read_pick(side, pad, pick)
            move, spent, words, note = read
            self.hp[side].focus -= spent  # CM-4: spent even if the move fails
            self.moves.append(move)
            self.picks.append(pick)
            said.append(words)
            if note:
                notes.append(note)
        self.log.append(f"Turn {self.st.turn}, {self.label}. {said[0]} · {said[1]}")
        if notes:
            self.log += notes
        red, blue = self.moves
        # the outcome and its line depend on the two moves, the pad and the position alone: kept on the
        # red sheet by the moves' identity (kept with them, so their ids are theirs while kept; checked all the same)
        first_fight = self.st.options.first_fight
        pair = (id(red), id(blue), self.pad, self.position, first_fight)
        outcomes = self.sheets[0].outcomes
        kept = outcomes.get(pair)
        if kept is None or kept[0] is not red or kept[1] is not blue:
            cell = self.rules.cells[self.pad, red.type, blue.type]
            who = "" if cell.actor is None else f" ({self.names[cell.actor]} acts)"
            line = (
                f"{red.name} v {blue.name}: {cell.outcome}!{who} {explain(cell, red, blue, self.position, first_fight)}"
            )
            kept = outcomes[pair] = (red, blue, cell, line)
        self.cell = kept[2]
        self.log.append(kept[3])

    def read_pick(self, side: int, pad: PadEntry, pick: Pick) -> tuple[Move, int, str, str]:
        """``side``'s ``pick`` read on his side of the pad (:meth:`reveal`): the move done (one that
        cannot be done gives the default, CMD-2), the focus it and the extras spend (CM-4), the pick
        as the reveal's line says it, and the line saying it was defaulted (empty if it was not)."""
        name = self.names[side]
        chosen = self.sheets[side].by_key[pick.move]
        why = pad.side.by_key[pick.move].why  # the pad's own word: cannot() at the turn's start
        move, note = chosen, ""
        if why:
            move = pad.default
            note = f"{name} cannot do {chosen.name} ({why}): {move.name}, the default in {self.label}"
        cost = move.cost
        by = " (the app's pick)" if pick.by_app else ""  # D-6, CM-12: whose pick it was
        if cost or pick.dice or pick.damage:
            extras = [
                f"{cost} focus" if cost else "",
                f"+{pick.dice} focus on dice" if pick.dice else "",
                f"+{pick.damage} focus on damage" if pick.damage else "",
            ]
            extra = ", ".join(part for part in extras if part)
            words = f"{name}{by}: {chosen.name} ({extra})"
        else:
            words = f"{name}{by}: {chosen.name}"
        return move, cost + pick.dice + pick.damage, words, note


def explain(cell: Cell, red: Move, blue: Move, position: str, first_fight: bool = False) -> str:
    """What the outcome of ``red`` v ``blue`` does (the results table, text), said of these
    two moves as the sheet names them: the acting one and the other."""
    acting, other = (blue, red) if cell.actor == 1 else (red, blue)
    acting_name, other_name = acting.name, other.name  # as the sheet writes them: "Pass the guard", "Hammer right hand"
    # a name is never the subject of a verb that agrees with it: a sheet may name a move in the plural
    # ("Ground punches", "Elbows from guard") or as a phrase ("Ground and pound"), so each line puts it
    # where English needs no agreement (a label, an object, after a participle); docs/decisions.md
    combo = "" if first_fight else ", may start a combo"  # the text's First Fight has no combos
    outcome = cell.outcome
    if outcome == TRADE_BLOWS:
        return "Both attack rolls, no defence: each hit does full damage. No combos."
    if outcome == WHO_FASTER:
        text = "Roll-off: only the higher roll's move lands; a tie lands nothing."
        if any(thrown.type in ("shoot", "throw") and thrown.effect is None for thrown in (red, blue)):
            text += " A shoot or throw that wins follows Shoots in!"
        return text
    if outcome == SWIFT_ATTACK:
        text = f"{acting_name} before {other_name}: an undefended attack roll, full damage{combo}."
        if acting.type == "jab" and other.type in ("shoot", "throw"):
            text += " Jab beats shoot or throw."
        elif other.type == "sprawl" and position == "clinching":
            text += " The sprawl gamble didn't pay off."
        return text
    if outcome == TAUNTS:
        full = dict.fromkeys(move.name for move in (red, blue) if move.type == "focus")
        usual = dict.fromkeys(
            move.name for move in (red, blue) if move.type != "focus" and (move.type == "protect" or move.focus_gain)
        )
        gains = [f"{how} by {' and '.join(names)}" for how, names in (("in full", full), ("as usual", usual)) if names]
        return "No rolls" + ("; focus gained " + ", ".join(gains) if gains else "") + "."
    if outcome == SLICK_MOVE:
        follow = "an undefended follow-up that needs no focus (no take-downs)"
        then = f"then {follow}, which may start a combo." if not first_fight else f"then {follow}."
        return (
            f"{acting_name} against {other_name}: roll-off, beat or tie for no damage, lose for half to muscles; {then}"
        )
    if outcome == SPRAWL_N_BRAWL:
        return (
            f"{other_name} stopped by {acting_name}: a counter that needs no focus, or a trip that must win (not tie) "
            "a roll-off to go to GROUND."
        )
    if outcome == PROTECTS:
        return (
            f"{acting_name} against the cover-up: roll-off, beat or tie for no damage, lose for half to muscles; "
            "no position change, no combos."
        )
    if outcome == BRUTAL_HIT:
        if other.type == "focus":
            return f"{acting_name} in full against a focusing fighter (Focus gains only 3 if it is hit)."
        goes = ""
        if acting.type in ("takedown", "collar_tie", "pass_guard", "sweep", "escape", "shoot", "submission"):
            goes = f"success for {acting_name}" if acting.damage <= 0 else f"full damage and success for {acting_name}"
        return (
            f"Roll-off: a fighter who wins it with {other_name} stands up taking half; on a tie or below, "
            f"{goes or 'full damage'}."
        )
    if outcome == SHOOTS_IN:
        if acting.effect is not None:
            return (
                f"{acting_name} unanswered by {other_name}: an attack roll; a hit takes the fight where "
                f"{acting_name}'s entry puts it."
            )
        if acting.type == "shoot":
            return (
                f"{acting_name} unanswered by {other_name}: an attack roll, full damage; a hit goes to "
                "CLINCHING and may try a take-down by winning (not tying) a roll-off."
            )
        return f"{acting_name} unanswered by {other_name}: an attack roll, full damage{combo}."
    if outcome == TRIES_THE_TAKE_DOWN:
        if acting.type == "break":  # ruling CM-8
            return f"Getting up takes a won roll-off: {acting_name} must win (not tie) to stand; else nothing."
        if acting.type in AUTOMATIC_V_FOCUS and other.type in ("focus", "taunt"):
            return f"{acting_name} against {other_name}: success, no rolls."
        return (
            f"{acting_name} must win (not tie) a roll-off against {other_name}; lose or tie: no damage or "
            "position change."
        )
    # CROWD BOOS (ruling CM-8)
    if position == "clinching":
        return "No rolls; the fighters return to STANDING. The crowd wants action!"
    return "No rolls; nothing changes. The crowd wants action!"


def effect_words(tables: CardTables, move: Move) -> str:
    """A special's own position change in words, for the pad: ``to GROUND, underneath``."""
    if move.effect is None:
        return ""
    to = move.effect.to
    role = {
        "even": "",
        "dominant": ", holding" if to == "collar_tie" else ", on top",
        "submissive": ", held" if to == "collar_tie" else ", underneath",
    }[move.effect.role]
    return f"to {tables.positions[to].label}{role}"
