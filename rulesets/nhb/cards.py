"""Bradu's SIMple NHB: the fighter card (ruling NHB-11; the roster is ``fighters/nhb.yaml``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RATINGS = ("control", "standup", "ground", "finishing", "toughness")
"""A card's five ratings, in the order a panel lists them."""


class NhbCard(BaseModel):
    """A fighter card (ruling NHB-11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    nickname: str | None = None
    style: str | None = None
    control: int = Field(ge=1, le=20)
    standup: int = Field(ge=1, le=20)
    ground: int = Field(ge=1, le=20)
    finishing: int = Field(ge=1, le=10)
    """The text's "killer instinct" (KI)."""
    toughness: int = Field(ge=1, le=10)
    ground_chart: Literal["striker", "hybrid", "submission"] | None = None
    sub_chart: Literal["generic", "wrestling", "jiu-jitsu"] | None = None
    notes: str | None = None

    @property
    def chart(self) -> Literal["striker", "hybrid", "submission"]:
        """The ground finish chart: the card's, else from the ratings (ruling NHB-6)."""
        if self.ground_chart:
            return self.ground_chart
        if self.standup >= self.ground + 3:
            return "striker"
        if self.ground >= self.standup + 3:
            return "submission"
        return "hybrid"

    @property
    def subs(self) -> Literal["generic", "wrestling", "jiu-jitsu"]:
        """The submission chart: the card's, else generic (ruling NHB-6)."""
        return self.sub_chart or "generic"
