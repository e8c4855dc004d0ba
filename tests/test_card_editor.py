"""The card editor of every game (issue 23, item 4): a sheet made from the game's card model, a new
card and an edited one saved to the data folder, checked as ``companion fighters check`` checks a
file, and a fight that keeps the card it began with.

The sheet's fields come from the model (:func:`companion.cardsheet.spec_from_model`): each required
field with the model's range; a card goes to the sheet's values and back unchanged. On the screen
(Pilot, from each game's fighter selection): ``ctrl+n`` makes a card that joins the roster, ``ctrl+e``
edits a shipped card into an override in ``<data dir>/fighters/<game>.yaml``, a value the model
refuses is said as ``fighters check`` says it and nothing is written.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from table_cards import text_of
from textual.widgets import Checkbox, Input, Select, Static

from companion import session as sessions
from companion.cardedit import card_save, replace_card
from companion.cards import SHIPPED_DIR, check_text, load_roster
from companion.cli import fighters_check
from companion.ruleset import Setup, get_ruleset
from companion.screens.app import make_app
from companion.screens.select import selection_screen
from companion.screens.sheet import SheetScreen
from companion.sheet import Repeated, SheetSpec
from companion.store import Store

GAMES = ("nhb", "fo", "cage_match", "fudge")
"""The games whose sheet is made from the card model (PAF keeps its own, richer one)."""


def spec_of(game: str) -> SheetSpec:
    ruleset = get_ruleset(game)
    spec = ruleset.sheet(ruleset.tables_for(None))
    assert spec is not None
    return spec


# --- the sheet comes from the model ---------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "ranges"),
    [
        (
            "nhb",
            {"control": (1, 20), "standup": (1, 20), "ground": (1, 20), "finishing": (1, 10), "toughness": (1, 10)},
        ),
        ("fo", dict.fromkeys(("punch", "kick", "takedown", "block", "check", "gnp", "guard"), (1, 10))),
        ("cage_match", {"moves__focus_cost": (-10, 0), "moves__dice": (-4, 4), "moves__damage": (0, 30)}),
        ("fudge", {"hurt_boxes": (1, 20), "scale": (-10, 30), "weapons__reloads": (0, 999)}),
    ],
)
def test_each_required_field_is_on_the_sheet_with_its_range(game: str, ranges: dict[str, tuple[int, int]]) -> None:
    spec = spec_of(game)
    fields = {f.key: f for f in spec.fields()}
    model = get_ruleset(game).card_model
    required = [name for name, info in model.model_fields.items() if info.is_required()]
    for name in required:  # a list of models is a group of rows; any other field a box of its name
        groups = [line for s in spec.sections for line in s.lines if isinstance(line, Repeated)]
        assert name in fields or any(g.key == name for g in groups), (game, name)
    for key, (low, high) in ranges.items():
        assert fields[key].kind == "number" and (fields[key].low, fields[key].high) == (low, high), key
    assert fields["name"].kind == "text" and not fields["name"].optional


def test_literals_and_the_games_choices_are_chosen_and_lists_are_rows() -> None:
    nhb = {f.key: f for f in spec_of("nhb").fields()}
    assert nhb["ground_chart"].choices == ("striker", "hybrid", "submission") and nhb["ground_chart"].optional
    cm = spec_of("cage_match")
    assert {f.key: f for f in cm.fields()}["weight_class"].choices == ("featherweight", "middleweight")
    moves = next(line for s in cm.sections for line in s.lines if isinstance(line, Repeated) and line.key == "moves")
    assert [f.key for f in moves.fields][:4] == ["moves__key", "moves__name", "moves__type", "moves__focus_cost"]
    fudge = spec_of("fudge")
    fields = {f.key: f for f in fudge.fields()}
    assert "Good" in fields["dodge"].choices and "Legendary+1" in fields["skills__value"].choices  # FU-1
    assert "broadsword" in fields["weapons__weapon"].choices  # the keys of the tables in play
    weapons = next(
        line for s in fudge.sections for line in s.lines if isinstance(line, Repeated) and line.key == "weapons"
    )
    assert weapons.most == 8  # the model's max_length


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_card_goes_to_the_sheet_and_back_unchanged(game: str) -> None:
    spec = spec_of(game)
    assert spec.values_of is not None
    roster = load_roster(game, get_ruleset(game).card_model)
    assert roster.cards
    for card in roster.cards:
        assert spec.to_card(spec.values_of(card)) == card, card.name


def test_the_figures_are_the_games() -> None:
    spec = spec_of("nhb")
    royce = load_roster("nhb", get_ruleset("nhb").card_model).find("Royce Gracie")
    assert spec.values_of is not None
    values = dict(spec.values_of(royce))
    values.pop("ground_chart")
    derived = spec.derive(values)
    chart = next(f for f in derived.figures if f.key == "chart")
    assert (chart.value, chart.terms) == ("submission", "ground 20 >= standup 7 + 3 (NHB-6)")
    cm = spec_of("cage_match")
    greg = load_roster("cage_match", get_ruleset("cage_match").card_model).cards[0]
    assert cm.values_of is not None
    hp = next(f for f in cm.derive(cm.values_of(greg)).figures if f.key == "hp")
    assert hp.value == "160" and "muscle 60 + body 60 + head 40" in hp.terms
    assert spec.derive({"name": "Half"}).summary[0].startswith("The figures follow once the card is whole")


# --- saving: the file check, YAML's traps -----------------------------------------------------


def test_a_saved_card_reads_back_exactly_yaml_1_1_traps_and_all(tmp_path: Path) -> None:
    model = get_ruleset("nhb").card_model
    entry = {"name": "no", "nickname": "1:30", "style": "010", "control": 10, "standup": 10, "ground": 10}
    entry |= {"finishing": 5, "toughness": 5}
    roster = load_roster("nhb", model, user_dir=tmp_path)
    save = card_save("nhb", model, roster, tmp_path, entry)
    assert save.problems == ()
    save.write()
    text = (tmp_path / "nhb.yaml").read_text()
    assert "'no'" in text and "'1:30'" in text and "'010'" in text
    card = load_roster("nhb", model, user_dir=tmp_path).find("no")
    assert (card.name, card.nickname, card.style) == ("no", "1:30", "010")
    # the same values unquoted, written by hand, are refused by the strict schemas
    cards, problems = check_text(
        "game: nhb\nfighters:\n  - {name: no, control: 1:30, standup: 010, ground: 5, finishing: 5, toughness: 5}\n",
        "hand.yaml",
        "nhb",
        model,
    )
    assert cards == [] and problems and "1:30" in str(problems[0])


def test_a_card_is_replaced_where_it_stands_and_the_rest_of_the_file_kept() -> None:
    text = "# mine\ngame: fo\nfighters:\n  # first\n  - name: A\n    punch: 3\n  - name: B\n    punch: 4\n# end\n"
    after = replace_card(text, "A", {"name": "A2", "punch": 9}, "fo")
    assert (
        after
        == "# mine\ngame: fo\nfighters:\n  # first\n  - name: A2\n    punch: 9\n  - name: B\n    punch: 4\n# end\n"
    )


# --- on the screen ----------------------------------------------------------------------------


def fill(screen: SheetScreen, **boxes: Any) -> None:
    """Type each box's value (``moves__key_0`` is the box ``moves__key-0``)."""
    for key, value in boxes.items():
        wid = key[::-1].replace("_", "-", 1)[::-1] if key[-1].isdigit() and key[-2] == "_" else key
        widget = screen.query_one(f"#{wid}")
        if isinstance(widget, Select):
            widget.value = value
        elif isinstance(widget, Checkbox):
            widget.value = bool(value)
        else:
            assert isinstance(widget, Input)
            widget.value = str(value)


NEW_CARDS: dict[str, dict[str, Any]] = {
    "nhb": {"name": "Ada Brawl", "control": 12, "standup": 11, "ground": 9, "finishing": 6, "toughness": 7},
    "fo": {"name": "Ada Brawl", "punch": 7, "kick": 6, "takedown": 5, "block": 6, "check": 5, "td_defence": 6}
    | {"gnp": 5, "submission": 4, "guard": 5, "sub_defence": 5},
    "cage_match": {"name": "Ada Brawl", "weight_class": "featherweight", "style": "boxing"}
    | {"moves__key_0": "big-jab", "moves__name_0": "Big jab", "moves__type_0": "jab", "moves__focus_cost_0": 0}
    | {"moves__dice_0": 1, "moves__damage_0": 4, "moves__target_0": "head"},
    "fudge": {"name": "Ada Brawl", "setting": "primitive", "skills__name_0": "Sword", "skills__value_0": "Good"}
    | {"dodge": "Fair", "strength": "Good", "health": "Fair", "weapons__weapon_0": "broadsword"}
    | {"weapons__skill_0": "Sword"},
}


async def open_selection(app: Any, pilot: Any, game: str) -> None:
    app.push_screen(selection_screen(game))
    await pilot.pause()


@pytest.mark.parametrize("game", GAMES)
async def test_ctrl_n_makes_a_card_that_joins_the_roster(tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, game)
        select = app.screen
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen) and screen.sub_title == "a new card"
        fill(screen, **NEW_CARDS[game])
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is select, screen.problems
        assert select.highlighted_card().name == "Ada Brawl"  # the roster has it, highlighted
    path = tmp_path / "fighters" / f"{game}.yaml"
    assert screen.saved_to == path
    ruleset = get_ruleset(game)
    roster = load_roster(game, ruleset.card_model, user_dir=tmp_path / "fighters")
    assert roster.problems == [] and roster.find("Ada Brawl") is not None
    assert roster.source["Ada Brawl"] == str(path)


EDITS = {"nhb": ("Royce Gracie", "control", "15"), "fo": ("Conor McGregor", "punch", "8")}
EDITS |= {"cage_match": ("Greg O'Connor", "style", "boxing and more"), "fudge": ("Maeve Ashdown", "hurt_boxes", "3")}
EDITS |= {"paf": ("Sir Roderick Vane", "combat_level", "7")}  # PAF's own sheet edits too


@pytest.mark.parametrize("game", (*GAMES, "paf"))
async def test_ctrl_e_edits_a_shipped_card_into_an_override_in_the_data_folder(tmp_path: Path, game: str) -> None:
    name, key, value = EDITS[game]
    shipped = (SHIPPED_DIR / f"{game}.yaml").read_text()
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, game)
        select = app.screen
        select.query_one("#filter", Input).value = name
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen) and screen.sub_title == f"editing {name}"
        assert screen.query_one("#name", Input).value == name
        fill(screen, **{key: value})
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is select, screen.problems
        assert "ctrl+e edits this card" in text_of(select.query_one("#card", Static))
    ruleset = get_ruleset(game)
    roster = load_roster(game, ruleset.card_model, user_dir=tmp_path / "fighters")
    card = roster.find(name)
    assert roster.problems == [] and str(card.model_dump(mode="json")[key]) == value
    assert roster.source[name] == str(tmp_path / "fighters" / f"{game}.yaml")  # the copy replaces the shipped one
    assert (SHIPPED_DIR / f"{game}.yaml").read_text() == shipped
    before = load_roster(game, ruleset.card_model).find(name)
    assert card.model_copy(update={key: before.model_dump()[key]}) == before  # nothing else changed


async def test_a_refused_value_is_said_as_fighters_check_says_it_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, "nhb")
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        fill(screen, **(NEW_CARDS["nhb"] | {"control": 25}))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # not saved
        path = tmp_path / "fighters" / "nhb.yaml"
        said = f"{path}: fighter Ada Brawl: control: 25 is not allowed: a whole number from 1 to 20"
        assert screen.problems == [said]
        assert text_of(screen.query_one("#sheet-message", Static)) == f"Not saved: 1 problem: {said}"
        assert said in text_of(screen.query_one("#derived", Static))
        assert screen.query_one("#control", Input).has_class("refused")  # the box is marked
        assert not screen.query_one("#standup", Input).has_class("refused")
    assert not path.exists()
    # the same card written by hand: fighters check says the same words
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "game: nhb\nfighters:\n  - {name: Ada Brawl, control: 25, standup: 11, ground: 9, finishing: 6, toughness: 7}\n"
    )
    assert fighters_check(path) == 1
    assert said in capsys.readouterr().out.splitlines()


async def test_a_refusal_goes_once_its_box_is_mended_and_a_number_box_takes_only_a_number(tmp_path: Path) -> None:
    """The new-user trial: after "Not saved: ... control: 25 is not allowed", mending the box left
    the refusal beside the sheet until the next save; and a number's box took letters as they were
    typed. Now each change checks the card again, and a letter is refused as it is typed."""
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, "nhb")
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        fill(screen, **(NEW_CARDS["nhb"] | {"control": 25, "standup": 30}))
        await pilot.press("ctrl+s")
        await pilot.pause()
        derived = screen.query_one("#derived", Static)
        assert len(screen.problems) == 2 and "Not saved" in text_of(derived)
        control = screen.query_one("#control", Input)
        control.focus()
        await pilot.press("end", "backspace", "backspace", "backspace", "x", "1", "q", "2")  # the letters go nowhere
        await pilot.pause()
        assert control.value == "12"
        # control mended: its refusal gone, its box unmarked; standup's still said and marked
        assert len(screen.problems) == 1 and "standup: 30 is not allowed" in screen.problems[0]
        assert "control" not in text_of(derived) and "standup: 30" in text_of(derived)
        assert not control.has_class("refused") and screen.query_one("#standup", Input).has_class("refused")
        standup = screen.query_one("#standup", Input)
        standup.focus()
        await pilot.press("backspace", "backspace", "1", "1")
        await pilot.pause()
        assert screen.problems == [] and "Not saved" not in text_of(derived)
        assert not standup.has_class("refused")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not screen  # saved
    assert load_roster("nhb", get_ruleset("nhb").card_model, user_dir=tmp_path / "fighters").find("Ada Brawl")


async def test_a_scale_below_zero_takes_a_minus_sign_and_says_its_range_plainly(tmp_path: Path) -> None:
    """Fudge's scale runs from -10 to 30: its box takes a minus sign (a rating from 1 up takes
    none), and its message says "-10 to 30", never "(-10-30)"."""
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, "fudge")
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        scale = screen.query_one("#scale", Input)
        scale.focus()
        await pilot.press("end", "backspace", "backspace", "backspace", "-")
        await pilot.pause()
        message = text_of(screen.query_one("#sheet-message", Static))
        assert message == "scale: '-' is not a whole number (-10 to 30)"
        await pilot.press("x", "1", "1", "5")  # the letter refused; no third digit fits -10 to 30
        await pilot.pause()
        assert scale.value == "-11"
        assert text_of(screen.query_one("#sheet-message", Static)) == "scale: -11 is out of range (-10 to 30)"
        hurt = screen.query_one("#hurt_boxes", Input)
        hurt.focus()
        await pilot.press("end", "backspace", "backspace", "backspace", "-", "2")
        await pilot.pause()
        assert hurt.value == "2"  # 1 to 20: no minus sign


async def test_a_card_in_an_unfinished_fight_is_not_changed_under_it(tmp_path: Path) -> None:
    """A fight copies its cards into its setup (``session.setup_to_json``): the card edited while the
    fight is unfinished, the fight resumes with the figures it began with; a new fight takes the new."""
    ruleset = get_ruleset("nhb")
    roster = load_roster("nhb", ruleset.card_model)
    royce, ken = roster.find("Royce Gracie"), roster.find("Ken Shamrock")
    store = Store.open(tmp_path)
    fight = sessions.start(store, ruleset, Setup("nhb", (royce, ken), {}))
    fight_id = fight.id
    store.release(fight_id)
    app = make_app(tmp_path, rng=random.Random(1), store=store)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, "nhb")
        app.screen.query_one("#filter", Input).value = "Royce Gracie"
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        fill(app.screen, control=3)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.roster("nhb").find("Royce Gracie").control == 3
        await pilot.press("escape")  # home: the unfinished fight, resumed as a player does
        await pilot.pause()
        await pilot.press("tab", "enter")
        await pilot.pause()
        resumed = app.screen.session  # type: ignore[attr-defined]
        assert resumed.id == fight_id
        assert resumed.setup.fighters[0].name == "Royce Gracie" and resumed.setup.fighters[0].control == 20
        assert resumed.setup.fighters[0] == royce


def test_any_models_fields_make_a_sheet_and_come_back() -> None:
    """A model of every shape the builder reads (a game it has never seen): a nested model, a list
    of words, a check, a mapping of names and one of a Literal's words, a list of models."""
    from typing import Literal

    from pydantic import BaseModel, ConfigDict, Field

    from companion.cardsheet import spec_from_model

    class Strict(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    class Reach(Strict):
        to: Literal["near", "far"]
        feet: int = Field(default=5, ge=0, le=60)

    class Trick(Strict):
        word: str = Field(min_length=1)
        cost: int = Field(ge=0, le=3)

    class Toy(Strict):
        name: str = Field(min_length=1)
        reach: Reach | None = None
        tags: list[Literal["quick", "loud"]] = []
        brave: bool = False
        lore: dict[str, int] = {}
        marks: dict[Literal["red", "blue"], int] = {}
        tricks: list[Trick] = Field(default=[], max_length=3)

    spec = spec_from_model(Toy, "toy")
    fields = {f.key: f for f in spec.fields()}
    assert fields["reach__to"].choices == ("near", "far") and fields["reach__feet"].start == "5"
    assert fields["tags"].kind == "words" and fields["tags"].choices == ("quick", "loud")
    assert fields["brave"].kind == "check" and fields["marks__red"].kind == "number"
    assert (fields["tricks__cost"].low, fields["tricks__cost"].high) == (0, 3)
    card = Toy(
        name="T",
        reach=Reach(to="far", feet=30),
        tags=["loud"],
        brave=True,
        lore={"old": 2},
        marks={"blue": 1},
        tricks=[Trick(word="hop", cost=1)],
    )
    assert spec.values_of is not None
    assert spec.to_card(spec.values_of(card)) == card
    assert spec.to_card(spec.values_of(Toy(name="Bare"))) == Toy(name="Bare")


def test_an_edit_of_your_own_card_stays_in_its_file_and_a_name_taken_is_refused(tmp_path: Path) -> None:
    model = get_ruleset("fo").card_model
    mine = tmp_path / "mine.yaml"
    stats = "punch: 5, kick: 5, takedown: 5, block: 5, check: 5, td_defence: 5, gnp: 5, submission: 5, guard: 5"
    mine.write_text(f"# my cards\ngame: fo\nfighters:\n  - {{name: Kid, {stats}, sub_defence: 5}}\n")
    roster = load_roster("fo", model, user_dir=tmp_path)
    kid = roster.find("Kid").model_dump(mode="json", exclude_none=True)
    save = card_save("fo", model, roster, tmp_path, kid | {"punch": 9}, editing="Kid")
    assert save.problems == () and save.path == mine
    save.write()
    assert mine.read_text().startswith("# my cards\n") and not (tmp_path / "fo.yaml").exists()
    assert load_roster("fo", model, user_dir=tmp_path).find("Kid").punch == 9
    # a new card may not take a name the roster has (edit that card instead)
    clash = card_save("fo", model, roster, tmp_path, kid | {"name": "Conor McGregor"})
    assert [p.message.split(":")[0] for p in clash.problems] == [
        "the roster has a card named Conor McGregor already (fo.yaml)"
    ]


async def test_text_yaml_would_misread_is_saved_as_typed(tmp_path: Path) -> None:
    app = make_app(tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_selection(app, pilot, "nhb")
        await pilot.press("ctrl+n")
        await pilot.pause()
        fill(app.screen, **(NEW_CARDS["nhb"] | {"name": "no", "nickname": "1:30", "style": "010"}))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SheetScreen)
    card = load_roster("nhb", get_ruleset("nhb").card_model, user_dir=tmp_path / "fighters").find("no")
    assert (card.name, card.nickname, card.style) == ("no", "1:30", "010")
