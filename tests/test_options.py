"""One declaration of a game's rules options (companion/ruleset.py, issue 20): each option is a
field of the game's ``GameOptions`` dataclass, declared with ``option()``, from which come both the
``OptionSpec`` tuple the setup screen and ``--option`` show and the typed options a fight reads."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from companion.ruleset import GameOptions, OptionSpec, get_ruleset, option


@dataclass(frozen=True, slots=True)
class Duel(GameOptions):
    touches: int = option(2, "Touches to win", (1, 2, 3), "the first to this many wins")
    lights: bool = option(False, "Lights", (False, True))
    weapon: str = option("foil", "Weapon", ("foil", "epee"), "the blade", ("right of way", "whole body"))


def test_the_specs_come_from_the_fields_in_order() -> None:
    assert Duel.specs() == (
        OptionSpec("touches", "Touches to win", 2, (1, 2, 3), "the first to this many wins"),
        OptionSpec("lights", "Lights", False, (False, True)),
        OptionSpec("weapon", "Weapon", "foil", ("foil", "epee"), "the blade", ("right of way", "whole body")),
    )
    assert Duel.specs() is Duel.specs()  # built once


def test_the_options_of_a_fight_are_typed_and_read_as_typed() -> None:
    assert Duel.of({}) == Duel() == Duel(2, False, "foil")
    read = Duel.of({"touches": "3", "lights": "on", "weapon": "epee"})  # as --option or a stored setup gives them
    assert read == Duel(3, True, "epee") and isinstance(read.touches, int) and read.lights is True
    with pytest.raises(FrozenInstanceError):
        read.touches = 1  # type: ignore[misc]
    with pytest.raises(ValueError, match=r"option touches: '4' is not allowed \(one of 1, 2, 3\)"):
        Duel.of({"touches": 4})
    with pytest.raises(ValueError, match="unknown option"):
        Duel.of({"rounds": 3})


def test_a_default_that_is_not_a_choice_is_refused_where_it_is_declared() -> None:
    with pytest.raises(ValueError, match="its default 5 is not one of its choices"):
        option(5, "Touches", (1, 2, 3))


def test_every_field_must_be_an_option() -> None:
    @dataclass(frozen=True, slots=True)
    class Half(GameOptions):
        touches: int = option(2, "Touches", (1, 2))
        note: str = "plain"

    with pytest.raises(TypeError, match=r"Half.note is not declared with option\(\)"):
        Half.specs()


@pytest.mark.parametrize("game", ["nhb", "fo", "cage_match", "fudge", "paf"])
def test_each_game_declares_its_options_once(game: str) -> None:
    ruleset = get_ruleset(game)
    declared = {cls.specs(): cls for cls in GameOptions.__subclasses__() if cls.__module__.startswith("companion.")}
    assert ruleset.options in declared, "the ruleset's options are its GameOptions' specs"
    options = declared[ruleset.options]
    assert options.of({}) == options()
    assert all(getattr(options(), spec.key) == spec.default for spec in ruleset.options)
