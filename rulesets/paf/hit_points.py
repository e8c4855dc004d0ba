"""Paul's Adventures In Fantasy: hit points and the helpless (PA-5, PA-7).

Damage lands with the group's effects (PA-6): real and temporary points off, at 0 or less
unconscious and helpless, below 0 (the real points) in need of help to heal, dead at the
card's death point; a fallen holder lets go.
"""

from __future__ import annotations

from companion.rulesets.paf.numbers import LiveNumbers


class HitPoints(LiveNumbers):
    """Damage landing, falling and death (PA-5, PA-7)."""

    def hurt(self, being: int, real: int, temporary: int) -> None:
        me = self.f[being]
        if me.dead:
            return
        was = me.able
        me.hp -= real + temporary
        if temporary:
            me.temporary = me.temporary + ((self.round, temporary),)
        self.log.append(
            f"{self.names[being]} loses {real + temporary} hit point{'s' * (real + temporary != 1)}"
            + (f" ({temporary} temporary)" if temporary else "")
            + f": {me.hp}/{me.max_hp}"
        )
        # [D] non-lethal damage never kills: death is read on the real hit points; and only real hit
        # points below 0 need help to heal (PA-5, PA-7: the temporary part comes back by itself)
        if me.real_hp <= me.dead_at:
            self.kill(being, f"dead at {me.dead_at} hit points (PA-5)", was=was)
        elif was and not me.able:
            self.fall(being, "unconscious, needs help to heal (PA-5)" if me.real_hp < 0 else "unconscious (PA-5)")

    def fall(self, being: int, words: str) -> None:
        self.fallen += 1
        self.f[being].fell = self.fallen + 100 * self.round
        self.log.append(f"{self.names[being]} is {words}")
        held = [
            other for other in self.everyone if (hold := self.f[other].held_by) and hold[0] == being
        ] + self.legs_held(being)
        if held:
            self.log.append(
                f"{self.names[being]} lets go of {' & '.join(self.names[other] for other in dict.fromkeys(held))}"
            )
        self.let_go(being)  # [D] an unconscious (or dead) holder's hold is loosened

    def kill(self, being: int, words: str, was: bool | None = None) -> None:
        """Dead; ``was``: able before the blow that kills (the caller has taken the hit points)."""
        me = self.f[being]
        if me.dead:
            return
        was = me.able if was is None else was
        me.dead = True
        me.held_by = None
        if was:
            self.fall(being, words)
        else:
            self.log.append(f"{self.names[being]} is {words}")
