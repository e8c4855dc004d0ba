"""Paul's Adventures In Fantasy: a being's numbers as they stand in the round.

The card's derived numbers (``cards.derived``) with the stats lost this scene taken off,
AF and DF as they stand (the shield's bonus off while it gives no defense, PA-10), and the
attacker's own penalties on every attack (PA-11). Every phase reads them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.rulesets.paf import rules as ps
from companion.rulesets.paf.cards import PafCard, derived, two_handed
from companion.rulesets.paf.round import RoundBase


class LiveNumbers(RoundBase):
    """The numbers of the beings of a round (PA-1, PA-10, PA-11)."""

    def card(self, being: int) -> PafCard:
        """The card with the stats lost this scene taken off (design: re-derive, not patch)."""
        card = self.beings[being].card
        loss = self.f[being].stat_loss
        if not loss or card.stats is None:
            return card
        low = self.tables.characteristics[0].score
        stats = card.stats.model_dump()
        for stat, points in loss:
            stats[stat] = max(low, stats[stat] - points)  # [D] the numbers read no lower than the table
        return card.model_copy(update={"stats": card.stats.model_copy(update=stats)})

    def numbers(self, being: int, weapon: int | None = None) -> Any:
        cache = self.beings[being].numbers
        key = (weapon, self.f[being].stat_loss, self.options.monster_death, id(self.tables))
        found = cache.get(key)
        if found is None:
            found = cache[key] = derived(
                self.card(being), self.tables, weapon=weapon, monster_death=self.options.monster_death
            )
        return found

    def roll_needed(
        self,
        attacker: int,
        factor: ps.Figure,
        guard: ps.Figure,
        mods: list[tuple[str, ps.Number]],
        names: tuple[str, str] | None = None,
    ) -> ps.Figure:
        """PA-2: the roll ``attacker`` needs, his ``factor`` + the defender's ``guard`` + ``mods``
        (:func:`rules.needed_to_hit`); ``names``: the first two terms named for the factors read (PAF and
        PDF, GOAF and GODF; else AF and DF).

        Kept a fight, by the factors' identity and the terms: the factors are a being's numbers, found
        once a fight (:meth:`numbers`), and the same attacker needs the same roll against the same
        defender round after round; a target list asks it of every enemy, the roll again of the one
        chosen, and each is a sum of exact terms made anew."""
        key = (id(factor), id(guard), names, *mods)
        kept = self.beings[attacker].needs.get(key)
        if kept is not None and kept[0] is factor and kept[1] is guard:  # kept, the factors kept with it
            need: ps.Figure = kept[2]
            return need
        need = ps.needed_to_hit(factor, guard, mods)
        if names is not None:
            parts = (ps.Part(names[0], need.parts[0].amount), ps.Part(names[1], need.parts[1].amount))
            need = ps.Figure(need.name, need.value, parts + need.parts[2:])
        self.beings[attacker].needs[key] = (factor, guard, need)
        return need

    def strength(self, being: int) -> int | None:
        """The strength card gives (``None``: a monster's not given, no damage adjustment)."""
        return self.card(being).stat("strength")

    def dexterity(self, being: int) -> int:
        return self.card(being).score("dexterity")

    def dexterity_against(self, being: int, then: str = "") -> str:
        """``dexterity 14 or less``; for a monster whose card gives none, why it is 12 [D]."""
        given = self.card(being).stat("dexterity") is not None
        return f"dexterity {self.dexterity(being)} or less{then}" + (
            "" if given else " (12: a monster's card gives no dexterity)"
        )

    def shielded(self, being: int) -> bool:
        return self.f[being].shield

    def helmed(self, being: int) -> bool:
        return self.f[being].helm != "none"

    def df(self, being: int) -> ps.Figure:
        """DF as it stands: the card's, less the shield's bonus while it gives none (:meth:`shield_off`)."""
        fig: ps.Figure = self.numbers(being).df
        for why, amount in self.shield_off(being):
            fig = ps.Figure("DF", fig.value + amount, fig.parts + (ps.Part(why, amount),))
        return fig

    def shield_off(self, being: int) -> list[tuple[str, Fraction]]:
        """The card's shield bonus [R] taken off DF, with why, while the shield gives no defense: lost
        (broken, destroyed, its arm gone), out of use (a struck shield arm's rounds), or beside a weapon
        that requires two hands while it is used (PA-10). A need shows it as a term of its own."""
        place, me = self.beings[being], self.f[being]
        if not (place.character and place.card.shield):
            return []
        if not me.shield:
            why = "no shield: lost"
        elif self.round <= me.shield_off_until:
            why = f"no shield defense till round {me.shield_off_until}"
        elif (weapon := self.two_hands_on(being)) is not None:
            why = f"no shield: two hands on the {self.weapon(being, weapon)}, PA-10"
        else:
            return []
        return [(why, -Fraction(self.tables.armor.shield))]

    def two_hands_on(self, being: int) -> int | None:
        """The weapon in hand if it requires two hands (PA-10; the bastard sword too: its row says so, and
        the ruling wins over R-3's one-handed reading), else None."""
        weapon = self.f[being].in_hand
        if (
            weapon is None
            or self.f[being].weapons[weapon] != "ready"
            or not two_handed(self.tables, self.weapon(being, weapon))
        ):
            return None
        return weapon

    def move_base(self, being: int) -> int | Fraction:
        """The being's movement base in inches: an int, but halved (exact, a Fraction)."""
        me = self.f[being]
        base: int = self.beings[being].card.movement
        if me.movement == "none":
            return 0
        if me.movement == "halved" or self.round <= me.halved_until:
            return Fraction(base, 2)
        return base

    def af(self, attacker: int, weapon: int, mode: str) -> ps.Figure:
        """AF with the weapon's magic; a weapon that shoots without the strength term unless made for
        it (PA-8, :func:`rulesets.paf.cards.takes_strength`)."""
        numbers = self.numbers(attacker, weapon)
        figure: ps.Figure = numbers.af if mode == "melee" else numbers.af_missile
        return figure

    def attacker_mods(self, attacker: int, defender: int) -> list[tuple[str, ps.Number]]:
        """PA-11: the attacker's own penalties and bonuses, on every attack he makes, lethal or not: a
        struck weapon arm's "hit probability", a slipped helm, the defender's distraction (fumble 98).

        Whole amounts are ints (a need's terms are made exact, :func:`rules.needed_to_hit`): a need is
        kept by its terms (:meth:`roll_needed`), and an int hashes at once where a Fraction hashes in
        Python."""
        me, unit = self.f[attacker], self.options.hit_probability
        out: list[tuple[str, ps.Number]] = []
        if me.penalty:
            out.append(("hit probability", me.penalty))
        if me.slipped == "penalty":
            out.append(("helm slipped, hit prob. -6", 6 * unit))
        if self.f[defender].exposed:
            out.append(("defender distracted", -self.f[defender].exposed))
        return out
