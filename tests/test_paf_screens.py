"""PAF's screens as a game master drives them (issue 7): the character sheet
(rolled stats to a saved card, the derived numbers live, bad input refused),
the scene selection's ``ctrl+n``, and the hit point tracker panels, alone and
with the engine playing a scene."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.text import Text
from table_cards import screen_shows, screen_text, text_of
from textual.widgets import Input, Select, Static

from companion.cards import load_roster
from companion.ruleset import Answer, Setup, default_options, get_ruleset
from companion.rulesets.paf import cards as pc
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.sheet import STAT_DICE
from companion.rulesets.paf.view import combatant_view, hold_words, hp_tone, status_of
from companion.screens.app import make_app
from companion.screens.hp import being_lines, hp_bar
from companion.screens.sheet import SheetScreen, slug
from companion.screens.sides import SidePanel
from companion.sheet import read_stat as read_on
from companion.views import HitPointBar

PAF_CARDS = """\
game: paf
fighters:
  - name: Test Knight
    kind: character
    race: Human
    stats: {strength: 14, intelligence: 12, wisdom: 15, constitution: 13, dexterity: 11,
            charisma: 10, comeliness: 9, ego: 12, agility: 10, swim: 8, mechanical: 7, stamina: 12}
    combat_level: 2
    natural_d20: 12
    weight: 170
    movement: 12
    size: medium
    armor: chain
    shield: true
    helm: nasal
    weapons: [{weapon: "Sword, Long"}]
  - name: Test Squire
    kind: character
    race: Human
    stats: {strength: 12, intelligence: 10, wisdom: 10, constitution: 12, dexterity: 12,
            charisma: 10, comeliness: 10, ego: 10, agility: 12, swim: 10, mechanical: 10, stamina: 10}
    combat_level: 1
    natural_d20: 10
    weight: 150
    movement: 12
    size: medium
    armor: leather
    weapons: [{weapon: "Mace, Footmans"}]
  - name: Test Orc
    kind: monster
    level: "1-1"
    ac: 6
    df_d20: 11
    hp: 16
    size: medium
    weapons: [{weapon: Scimitar}]
  - name: Test Goblin
    kind: monster
    level: "1-1"
    ac: 7
    df_d20: 9
    hp: 7
    size: small
    weapons: [{weapon: "Sword, Short"}]
  - name: Test Brawler
    kind: character
    race: Human
    stats: {strength: 16, intelligence: 10, wisdom: 10, constitution: 14, dexterity: 12,
            charisma: 10, comeliness: 10, ego: 10, agility: 15, swim: 10, mechanical: 10, stamina: 12}
    combat_level: 4
    natural_d20: 10
    weight: 200
    movement: 12
    size: medium
    weapons: [{weapon: Club}]
  - name: Test Wrestler
    kind: character
    race: Human
    stats: {strength: 16, intelligence: 10, wisdom: 10, constitution: 14, dexterity: 12,
            charisma: 10, comeliness: 10, ego: 10, agility: 15, swim: 10, mechanical: 10, stamina: 12}
    combat_level: 4
    natural_d20: 10
    weight: 200
    movement: 12
    size: medium
    weapons: [{weapon: Club}]
"""
"""Characters and monsters, fixed so a change to the shipped roster moves no test; the
brawler and the wrestler wear no armor, so pummeling (need PAF 53 + PDF 25) and
grappling land."""

STATS = {
    "strength": "4 4 2 4",
    "intelligence": "3 3 3 3",
    "wisdom": "4 4 4 3",
    "constitution": "3 2 4 4",
    "dexterity": "2 2 2 5",
    "charisma": "1 2 3 4",
    "comeliness": "1 1 1 6",
    "ego": "4 1 2 5",
    "agility": "3 3 2 2",
    "swim": "1 1 1 5",
    "mechanical": "2 1 1 3",
    "stamina": "3 3 3 3",
}
"""A character's twelve stats as the four faces rolled: STR 14 ... STA 12."""


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    (tmp_path / "fighters").mkdir()
    (tmp_path / "fighters" / "paf_test.yaml").write_text(PAF_CARDS)
    return tmp_path


@pytest.fixture
def paf_game():
    """The PAF ruleset."""
    return get_ruleset("paf")


async def type_into(pilot, wid: str, text: str) -> None:
    """Focus the field ``#wid`` and type ``text`` into it: all but the last key put in
    at once (a key press costs the pilot some 0.15 s), the last one pressed."""
    box = pilot.app.screen.query_one(f"#{wid}", Input)
    box.focus()
    box.value = text[:-1]
    await pilot.pause()
    box.cursor_position = len(box.value)  # after the focus has selected the whole text
    await pilot.press("space" if text[-1] == " " else text[-1])
    await pilot.pause()


async def fill_sheet(pilot, name: str = "Brother Test", stats: dict[str, str] | None = None) -> SheetScreen:
    """Fill the open sheet: the name, the stats as faces, level 2, 170 lbs, d20 12,
    chain, shield, nasal helm, a footman's mace."""
    screen = pilot.app.screen
    assert isinstance(screen, SheetScreen), screen
    await type_into(pilot, "name", name)
    for stat, faces in (stats or STATS).items():
        screen.query_one(f"#stat-{stat}", Input).value = faces
    await type_into(pilot, "combat_level", "2")
    await type_into(pilot, "weight", "170")
    await type_into(pilot, "natural_d20", "12")
    screen.query_one("#armor", Select).value = "chain"
    screen.query_one("#helm", Select).value = "nasal"
    screen.query_one("#shield").value = True
    screen.query_one("#weapon-0", Select).value = "Mace, Footmans"
    await pilot.pause()
    return screen


async def open_sheet(pilot) -> SheetScreen:
    pilot.app.push_screen(SheetScreen("paf"))
    await pilot.pause()
    return pilot.app.screen


def tables():
    return pt.parse(pt.load(None))


# --- the character sheet ---------------------------------------------------------------


def test_a_stat_is_read_as_four_faces_or_a_total() -> None:
    assert read_stat("4 4 2 4") == (14, "4 + 4 + 2 + 4 = 14")
    assert read_stat("4424")[0] == 14
    assert read_stat("14")[0] == 14
    assert read_stat("5 1 1 1") == (None, "die 1 is a d4: 5 is not a face (1-4)")
    assert read_stat("1 1 1 9")[1] == "die 4 is a d8: 9 is not a face (1-8)"
    assert read_stat("1 1 1")[0] is None and "four dice" in read_stat("1 1 1")[1]
    assert read_stat("21")[0] is None and read_stat("x")[0] is None
    assert slug("Brother Anselm (the Elder)") == "brother_anselm_the_elder"


async def test_the_sheet_shows_the_derived_numbers_as_the_stats_are_typed(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_sheet(pilot)
        derived = screen.query_one("#derived", Static)
        assert "MHP ?" in text_of(derived) and "needs CON" in text_of(derived)
        await type_into(pilot, "stat-constitution", "3 2 4 4")
        assert text_of(screen.query_one("#sum-constitution", Static)) == "13"
        # a stat box takes 7 characters ("4 4 4 8"): nothing longer can hide past its edge (a GM typed
        # "115 1 1 1" and saw only its end)
        box = screen.query_one("#stat-strength", Input)
        box.focus()
        await pilot.press(*["space" if c == " " else c for c in "115 1 1 1"])
        assert box.value == "115 1 1"
        screen = await fill_sheet(pilot)
        card, problems = screen.card()
        assert problems == [] and card is not None
        numbers = pc.derived(card, tables())
        shown = text_of(derived)
        assert f"MHP {numbers.mhp.number()}" in shown
        assert f"AF {numbers.af.number()} melee · {numbers.af_missile.number()} missile" in shown
        assert f"DF {numbers.df.number()}" in shown
        assert f"PAF {numbers.paf.number()} · PDF {numbers.pdf.number()}" in shown
        assert f"GOAF {numbers.goaf.number()} · GODF {numbers.godf.number()}" in shown
        assert f"dead at {numbers.dead_at}" in shown
        assert "(shield)" in shown and "(armor)" in shown  # the parts, not only the sums
        # a change follows at once: two combat levels more
        await type_into(pilot, "combat_level", "4")
        card4, _ = screen.card()
        assert f"MHP {pc.derived(card4, tables()).mhp.number()}" in text_of(derived)


async def test_a_saved_character_is_a_card_file_in_the_roster(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        screen = await fill_sheet(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = data_dir / "fighters" / "paf_brother_test.yaml"
        assert path.is_file()
        assert app.screen is not screen  # back where it was opened from
    roster = load_roster("paf", pc.PafCard, user_dir=data_dir / "fighters")
    assert roster.problems == []
    card = roster.find("Brother Test")
    assert card is not None and roster.source[card.name] == str(path)
    assert card.stats.strength == 14 and card.stats.stamina == 12 and card.armor == "chain"
    assert card.shield and card.helm == "nasal" and card.weapons[0].weapon == "Mace, Footmans"


async def test_a_bad_stat_is_refused_and_nothing_is_saved(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        screen = await fill_sheet(pilot)
        await type_into(pilot, "stat-strength", "5 1 1 1")
        assert text_of(screen.query_one("#sum-strength", Static)) == "?"
        message = text_of(screen.query_one("#sheet-message", Static))
        assert "die 1 is a d4: 5 is not a face" in message
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        message = text_of(screen.query_one("#sheet-message", Static))
        assert message.startswith("Not saved") and "strength (STR)" in message
        # a name the roster has already (another file's card) is refused too
        await type_into(pilot, "stat-strength", "4 4 2 4")
        await type_into(pilot, "name", "Test Knight")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "already" in text_of(screen.query_one("#sheet-message", Static))
        # and a missile's ammo on a melee weapon
        await type_into(pilot, "name", "Brother Test")
        await type_into(pilot, "ammo-0", "10")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and "not shot or thrown" in text_of(screen.query_one("#sheet-message", Static))
    assert sorted(p.name for p in (data_dir / "fighters").iterdir()) == ["paf_test.yaml"]


async def test_ctrl_r_rolls_the_stats_with_the_apps_generator(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_sheet(pilot)
        await type_into(pilot, "stat-strength", "4 4 4 8")  # typed ones stay
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.query_one("#stat-strength", Input).value == "4 4 4 8"
        for stat in STATS:
            value, _ = read_stat(screen.query_one(f"#stat-{stat}", Input).value)
            assert value is not None and 4 <= value <= 20
        assert 1 <= int(screen.query_one("#natural_d20", Input).value) <= 20
        assert "rolled 11 stats" in text_of(screen.query_one("#sheet-message", Static))


async def test_escape_on_a_filled_sheet_asks_before_throwing_it_away(data_dir: Path) -> None:
    from companion.screens.confirm import ConfirmScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await type_into(pilot, "name", "Brother Keep")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.query_one("#name", Input).value == "Brother Keep"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, (SheetScreen, ConfirmScreen))
        await open_sheet(pilot)
        await pilot.press("escape")  # nothing typed: straight back
        await pilot.pause()
        assert not isinstance(app.screen, (SheetScreen, ConfirmScreen))


async def test_the_sheet_fits_at_80x24(data_dir: Path) -> None:
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_sheet(pilot)
        await fill_sheet(pilot)
        form = screen.query_one("#sheet-form")
        assert form.max_scroll_y == 0  # every field in view
        shown = screen_text(app)
        assert "Save card" in shown and "Roll dice" in shown
        assert "MHP" in shown and "dead at" in shown


async def test_the_sheet_makes_a_monster_its_hit_points_rolled_on_the_table(data_dir: Path) -> None:
    """The GM's expectation: ``ctrl+n`` makes monsters too. The kind beside the name shows a monster's fields:
    the monster of the table, chart level, AC, defense d20, hit points; ``ctrl+r`` rolls the hit points on the
    table's dice (a Goblin's 6+D4) and the d20; the numbers are the monster's (chart AF, DF formula)."""
    app = make_app(data_dir, rng=random.Random(2))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_sheet(pilot)
        await type_into(pilot, "name", "Grot")
        screen.query_one("#kind", Select).value = "monster"
        await pilot.pause()
        assert screen.query_one("#monster-fields").display and not screen.query_one("#character-fields").display
        assert screen.sub_title == "a new monster"
        screen.query_one("#monster", Select).value = "Goblin"
        screen.query_one("#level", Select).value = "1+"
        await type_into(pilot, "ac", "6")
        screen.query_one("#weapon-0", Select).value = "Spear"
        await pilot.press("ctrl+r")
        await pilot.pause()
        hp = int(screen.query_one("#hp", Input).value)
        d20 = int(screen.query_one("#df_d20", Input).value)
        assert 7 <= hp <= 10 and 1 <= d20 <= 20
        assert "hit points 6+D4" in text_of(screen.query_one("#sheet-message", Static))
        shown = text_of(screen.query_one("#derived", Static))
        assert f"MHP {hp}" in shown and "dead at -10" in shown and "AF 48 melee" in shown
        assert f"DF {(10 - 6) * 3 + 2 - 10 + d20}" in shown
        # hit points off the table's dice are refused unless the card says they are meant
        screen.query_one("#hp", Input).value = "30"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "hp: 30 is off the monster table's 6+D4" in text_of(screen.query_one("#sheet-message", Static))
        screen.query_one("#hp_off_table").value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not screen
    roster = load_roster("paf", pc.PafCard, user_dir=data_dir / "fighters")
    card = roster.find("Grot")
    assert roster.problems == [] and card.kind == "monster" and card.monster == "Goblin" and card.level == "1+"
    assert (card.ac, card.df_d20, card.hp, card.hp_off_table, card.weapons[0].weapon) == (6, d20, 30, True, "Spear")
    assert card.strength is None and card.weight is None  # blank: 12 and by its size


async def test_the_sheet_adds_a_weapon_row_whenever_every_row_has_one(data_dir: Path) -> None:
    """The GM's expectation: any number of weapon rows (up to a card's 20): three at first, a fourth once
    the three are chosen, and so on; every row is read into the card."""
    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        screen = await fill_sheet(pilot)
        chosen = ["Mace, Footmans", "Dagger", "Spear", "Club", "Javelin"]
        for i, weapon in enumerate(chosen):
            for _ in range(20):  # the row added for the last choice is composed a frame later (later when busy)
                if screen.query(f"#weapon-{i} SelectCurrent #label"):
                    break
                await pilot.pause(0.05)
            screen.query_one(f"#weapon-{i}", Select).value = weapon
            await pilot.pause()
        assert screen.rows == 6 and len(screen.query("#weapon-rows > .row")) == 6
        await type_into(pilot, "ammo-4", "3")
        card, problems = screen.card()
        assert problems == [] and [w.weapon for w in card.weapons] == chosen and card.weapons[4].ammo == 3
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not screen


# --- the scene selection ------------------------------------------------------------------


async def test_ctrl_n_in_the_scene_selection_makes_a_character_that_joins_the_roster(data_dir: Path, paf_game) -> None:
    from companion.screens.scene import SceneSelectScreen
    from companion.screens.select import selection_screen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(selection_screen("paf"))
        await pilot.pause()
        scene = app.screen
        assert isinstance(scene, SceneSelectScreen)
        shown = await screen_shows(pilot, "ctrl+n makes a new one")  # said above the card
        assert "^q Quit" in shown.splitlines()[-1]  # and the footer keeps Quit at 80 columns
        await pilot.press("ctrl+n")
        await pilot.pause()
        await fill_sheet(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is scene
        assert scene.highlighted_card().name == "Brother Test"  # in the roster at once, highlighted
        card_text = text_of(scene.query_one("#card", Static))
        assert "Brother Test" in card_text and "MHP" in card_text  # the card with its numbers
        await pilot.press("enter")
        await pilot.pause()
        assert [c.name for c, _ in scene.placed] == ["Brother Test"]


async def test_an_npc_group_is_picked_and_numbered(data_dir: Path, paf_game) -> None:
    """The audit after issue 18: PAF takes NPC groups as Fudge does (``Paf.copies``, which the scene
    selection reads; screens/scene.py is unchanged): the same card again is one more of a group, marked x2
    on its roster line, numbered when the scene starts; the side panels name each copy, and the prompt
    lists the GM's words it takes besides its options (``end``)."""
    from companion.screens.fight import FightScreen
    from companion.screens.scene import SceneSelectScreen
    from companion.screens.select import selection_screen
    from companion.screens.setup import OptionsScreen

    app = make_app(data_dir, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(selection_screen("paf"))
        await pilot.pause()
        scene = app.screen
        assert isinstance(scene, SceneSelectScreen)

        async def pick(name: str) -> None:
            scene.query_one("#filter", Input).value = name
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()

        await pick("Test Knight")
        await pilot.press("ctrl+o")
        await pick("Test Orc")
        await pick("Test Orc")
        assert [(c.name, side) for c, side in scene.placed] == [("Test Knight", 0), ("Test Orc", 1), ("Test Orc", 1)]
        assert "Test Orc [b]x2[/b]" in scene.entry(scene.roster.find("Test Orc"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = app.screen
        assert isinstance(fight, FightScreen)
        assert fight.session.setup.names == ("Test Knight", "Test Orc 1", "Test Orc 2")
        blue = side_text(fight, "blue")
        assert "Test Orc 1" in blue and "Test Orc 2" in blue
        assert "or type: end" in screen_text(app)


# --- the hit point tracker, alone -----------------------------------------------------------


def read_stat(text: str) -> tuple[int | None, str]:
    """A PAF stat as typed on the sheet, on its dice (3d4+1d8)."""
    return read_on(text, STAT_DICE)


def paf_lines(card, numbers, acting, **how):
    """A being's panel lines from his trackers, through the ruleset's view of him."""
    return being_lines(combatant_view(card.name, numbers), acting, **how)


class _Card:
    def __init__(self, name: str) -> None:
        self.name = name


def _numbers(**kw):
    base = dict(
        side=0,
        kind="character",
        hp=20,
        max_hp=20,
        temporary=0,
        status="fighting",
        stunned=0,
        injuries=[],
        held_by=None,
        holding=None,
        initiative=None,
        action=None,
        af=27,
        df=37.5,
    )
    return base | kw


def test_the_bar_draws_temporary_damage_apart_and_colours_by_hit_points() -> None:
    plain, markup = hp_bar(HitPointBar(20, 20, 0, hp_tone(20, 20)), 10)
    assert plain == "█" * 10 and "$text-success" in markup
    plain, markup = hp_bar(HitPointBar(12, 20, 4, hp_tone(12, 20)), 10)
    assert plain == "██████▒▒░░" and "$text-success" in markup  # 12 now, 4 of them to come back
    plain, markup = hp_bar(HitPointBar(5, 20, 4, hp_tone(5, 20)), 10)
    assert plain == "██▒▒░░░░░░" and markup.startswith("[$text-warning]██")  # a third or less: low
    assert (
        hp_bar(HitPointBar(-2, 20, 5, hp_tone(-2, 20)), 10)[0] == "▒▒░░░░░░░░"
    )  # out now, 3 above 0 when the 5 come back
    plain, markup = hp_bar(HitPointBar(0, 20, 0, hp_tone(0, 20)), 10)
    assert plain == "░" * 10
    plain, markup = hp_bar(HitPointBar(-5, 20, 0, hp_tone(-5, 20)), 10)
    assert plain == "░" * 10  # nothing left to draw
    assert hp_bar(HitPointBar(1, 60, 0, hp_tone(1, 60)), 10)[0].startswith("█")  # one point left still shows


def test_a_being_shows_status_holds_injuries_and_its_turn() -> None:
    from rich.text import Text

    knight = _Card("Sir Roderick Vane of the Long Road")
    for roomy in (False, True):
        lines = paf_lines(
            knight,
            _numbers(
                hp=9,
                temporary=3,
                initiative=5,
                action="attack Orc Raider",
                held_by={"name": "Orc Raider", "category": 2},
                injuries=["lost left eye"],
            ),
            True,
            roomy=roomy,
        )
        assert len(lines) == (3 if roomy else 2)
        for line in lines:
            assert Text.from_markup(line.replace("$", "")).cell_len <= 44, line
        text = "\n".join(Text.from_markup(line.replace("$", "")).plain for line in lines)
        assert text.startswith("▶ ")
        assert "9/20" in text and ("+3 temp" in text if roomy else "+3t" in text)
        assert "held by Orc Raider" in text
    assert hold_words(_numbers(holding={"name": "Goblin", "category": 1})) == ["holds Goblin (cat 1)"]
    assert hold_words(_numbers(held_by={"name": "Ogre", "category": None})) == ["held by Ogre"]
    assert status_of(_numbers(status="stunned", stunned=2)) == ("stunned", 2)
    assert status_of(_numbers(status="dying", dying=3)) == ("dying", 3)
    for status, count, word in (
        ("unconscious", {}, "UNCONSCIOUS"),
        ("dead", {}, "DEAD"),
        ("dying", {"dying": 3}, "DYING 3"),
        ("stunned", {"stunned": 2}, "STUNNED 2"),
    ):
        first = paf_lines(knight, _numbers(hp=-2, status=status, action="attack", **count), False)[0]
        assert word in first
        if status in ("unconscious", "dead"):
            assert "attack" not in first  # out of the fight: no action shown


def test_each_being_shows_where_it_dies_and_whether_it_is_helped() -> None:
    """The GM's expectation: the side panels show where each being dies ("dead at -12", PA-5): after the hit
    points on two lines a being, on the third line on three, first of all once below 0; a being below 0
    whom a friend has helped shows HELPED, not NEEDS HELP (PA-5: he can heal); the dead show no threshold."""
    from rich.text import Text

    knight = _Card("Sir Roderick Vane")

    def plain(numbers, roomy):
        return [
            Text.from_markup(line.replace("$", "")).plain for line in paf_lines(knight, numbers, False, roomy=roomy)
        ]

    assert plain(_numbers(dead_at=-12), False)[1] == "  ████████████ 20/20 dead at -12"
    assert plain(_numbers(dead_at=-12, action="attack"), True)[2] == "  dead at -12 · attack"
    low = plain(_numbers(dead_at=-12, hp=-3, status="needs_help", injuries=["lost left eye"]), False)
    assert low[0].endswith("NEEDS HELP") and low[1] == "  ░░░░░░░░░░░░ -3/20 dead at -12 · lost lef…"
    helped = plain(_numbers(dead_at=-12, hp=-3, status="needs_help", helped=True), True)
    assert helped[0].endswith("HELPED") and "NEEDS" not in helped[0] and helped[2] == "  dead at -12"
    assert "dead at" not in "".join(plain(_numbers(dead_at=-12, hp=-13, status="dead"), True))
    assert status_of(_numbers(status="needs_help", helped=True)) == ("helped", None)


# --- the hit point tracker with the engine ------------------------------------------------------


PARTY = ["Test Knight", "Test Squire"]
MONSTERS = ["Test Orc", "Test Goblin"]
KNIGHT, SQUIRE = ["Test Brawler"], ["Test Wrestler"]
"""Non-lethal attacks are between characters (the engine: a monster has no PAF or GOAF)."""


def start_scene(app, red: list[str], blue: list[str]):
    roster = app.roster("paf")
    ruleset = get_ruleset("paf")
    cards = tuple(roster.find(name) for name in red + blue)
    assert all(cards), roster.problems
    assert app.new_fight(Setup("paf", cards, default_options(ruleset), sides=(0,) * len(red) + (1,) * len(blue)))
    return app.screen


def _trackers(screen):
    return screen.session.ruleset.trackers(screen.session.state)


async def play(pilot, screen, done, action: str = "attack", limit: int = 400, percent: str | None = None) -> None:
    """Play on until ``done(trackers)``: each being's action is ``action`` where offered
    (else the advised choice), every other choice the advised one, every roll the app's
    (a percentile roll ``percent`` where given)."""
    for _ in range(limit):
        if done(_trackers(screen)):
            return
        assert not screen.session.over, "the scene ended first"
        prompt = screen.session.prompt
        if prompt.kind == "choice":
            keys = [o.key for o in prompt.options]
            pick = action if action in keys else (prompt.advised or keys[0])
            screen.session.submit(pick)
        elif percent is not None and prompt.dice.notation == "d%":
            screen.session.submit(percent)
        else:
            screen.session.roll()
        await pilot.pause()
    raise AssertionError("the scene did not get there")


def side_text(screen, side: str) -> str:
    return text_of(screen.query_one(f"#{side}-side", SidePanel))


async def test_a_hit_lowers_the_bar(data_dir: Path, paf_game) -> None:
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, PARTY, MONSTERS)
        await pilot.pause()
        blue = side_text(screen, "blue")
        assert "16/16" in blue and "7/7" in blue
        await play(pilot, screen, lambda t: any(t[n]["hp"] < t[n]["max_hp"] for n in PARTY + MONSTERS))
        t = _trackers(screen)
        for name in PARTY + MONSTERS:
            side = "red" if name in PARTY else "blue"
            assert f"{t[name]['hp']}/{t[name]['max_hp']}" in side_text(screen, side)


async def test_the_answer_box_suggests_a_face_each_die_has(data_dir: Path, paf_game) -> None:
    """The initiative d6 is not offered "e.g. 7"; the percentile roll shows two digits."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, PARTY, MONSTERS)
        await pilot.pause()
        box = screen.query_one("#faces", Input)
        assert screen.session.prompt.reason == "initiative"  # the scene opens at initiative
        assert box.placeholder == "the face rolled, e.g. 6"
        while screen.session.prompt.kind == "roll" and screen.session.prompt.reason == "initiative":
            await type_into(pilot, "faces", "3")
            await pilot.press("enter")
            await pilot.pause()
        while screen.session.prompt.kind == "choice":
            await pilot.press("enter")
            await pilot.pause()
        assert screen.session.prompt.dice.notation == "d%" and box.placeholder == "the face rolled, e.g. 42"


async def test_non_lethal_damage_shows_as_temporary(data_dir: Path, paf_game) -> None:
    app = make_app(data_dir, rng=random.Random(4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, KNIGHT, SQUIRE)
        await pilot.pause()
        both = KNIGHT + SQUIRE
        await play(pilot, screen, lambda t: any(t[n].get("temporary") for n in both), action="pummel", percent="00")
        t = _trackers(screen)
        name = next(n for n in both if t[n].get("temporary"))
        text = side_text(screen, "red" if name in KNIGHT else "blue")
        assert f"+{t[name]['temporary']}" in text and "▒" in text


async def test_a_hold_shows_on_both_beings(data_dir: Path, paf_game) -> None:
    app = make_app(data_dir, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, KNIGHT, SQUIRE)
        await pilot.pause()
        # 90, not 00: an index of 96 or more is Kick/Knee/Gouge, blows and no hold
        await play(
            pilot, screen, lambda t: any(t[n].get("held_by") for n in KNIGHT + SQUIRE), action="grapple", percent="90"
        )
        both = side_text(screen, "red") + side_text(screen, "blue")
        assert "held by" in both and "holds" in both


async def test_unconscious_and_dead_show(data_dir: Path, paf_game) -> None:
    app = make_app(data_dir, rng=random.Random(6))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, PARTY, MONSTERS)
        await pilot.pause()
        out = ("unconscious", "needs_help", "dying", "dead")
        await play(pilot, screen, lambda t: any(status_of(t[n])[0] in out for n in PARTY + MONSTERS))
        t = _trackers(screen)
        for name in PARTY + MONSTERS:
            word = status_of(t[name])[0]
            if word in out:
                assert word.replace("_", " ").upper() in side_text(screen, "red" if name in PARTY else "blue")


async def test_a_party_of_three_against_four_fits_at_80x24(data_dir: Path, paf_game) -> None:
    app = make_app(data_dir, rng=random.Random(7))
    red = PARTY + ["Brother Anselm"]
    blue = MONSTERS + ["Orc Raider", "Goblin Skulker"]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, red, blue)
        await pilot.pause()
        shown = screen_text(app)
        for name in red + blue:
            assert name in shown, name
        for side in ("red", "blue"):
            assert screen.query_one(f"#{side}-side", SidePanel).region.bottom <= 23
        assert screen.query_one("#sides").max_scroll_y == 0
        await play(pilot, screen, lambda t: screen.session.prompt.who in red + blue)
        assert f"▶ {screen.session.prompt.who}" in screen_text(app)


def test_the_attack_prompt_says_the_number_needed_once(paf_game) -> None:
    """The attack roll's against begins with the number needed: the prompt does not repeat it."""
    from companion.screens.widgets import prompt_text

    roster = load_roster("paf", pc.PafCard)
    cards = (roster.find("Sir Roderick Vane"), roster.find("Orc Raider"))
    state = paf_game.new(Setup("paf", cards, default_options(paf_game), sides=(0, 1)))
    for answer in ("6", "1", "attack", "sword"):
        state = paf_game.apply(state, Answer(answer)).state
    prompt = paf_game.prompt(state)
    assert prompt.reason == "attack" and prompt.target is not None
    text = Text.from_markup(prompt_text(prompt)).plain
    assert f"against: {prompt.target} or more hits Orc Raider (needed " in text
    assert f") ({prompt.target})" not in text


async def test_the_odds_appear_at_an_attack_update_and_hide(data_dir: Path, paf_game) -> None:
    """Issue 8: by the tray, the chance to hit, critical and fumble and the damage to expect,
    as the ruleset computes them; none at the initiative roll; ctrl+o hides and shows them."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, PARTY, MONSTERS)
        await pilot.pause()
        odds = screen.query_one("#odds", Static)
        assert screen.session.prompt.reason == "initiative" and not odds.display  # no odds at initiative
        for _ in range(80):
            prompt = screen.session.prompt
            if prompt.kind == "roll" and prompt.reason == "attack":
                break
            if prompt.kind == "roll":
                await type_into(pilot, "faces", "3")
            await pilot.press("enter")  # a choice: Enter takes the advised one
            await pilot.pause()
        assert screen.session.prompt.reason == "attack"
        expected = paf_game.odds(screen.session.state)
        shown = text_of(odds)
        assert odds.display and expected is not None
        for line in expected.lines:
            assert line.label in shown and line.shown() in shown
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert not odds.display and "Odds" in screen_text(app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert odds.display and text_of(odds) == shown
        # on to the next attack (another being's, or another target): its own odds replace these
        for _ in range(80):
            await type_into(pilot, "faces", "02")  # low rolls: misses, no damage to type
            if screen.session.prompt.kind != "roll":
                screen.query_one("#faces", Input).value = ""
            await pilot.press("enter")
            await pilot.pause()
            now = paf_game.odds(screen.session.state)
            assert odds.display == (now is not None)
            if now is not None and now.title != expected.title:
                break
        assert now is not None and now.title != expected.title
        assert all(line.label in text_of(odds) and line.shown() in text_of(odds) for line in now.lines)


async def test_f9_shows_the_odds_detail_and_hidden_odds_stay_hidden_after_a_restart(data_dir: Path, paf_game) -> None:
    """Issue 8: f9 opens the whole distribution (every figure, each section's rows) and Escape closes it;
    at a step with no roll it says so. ctrl+o's choice is kept in the store: a new app finds it hidden."""
    from companion.screens.reference import ReferenceScreen

    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = start_scene(app, PARTY, MONSTERS)
        await pilot.pause()
        await pilot.press("f9")  # the initiative roll: no odds
        await pilot.pause()
        assert app.screen is screen and any("No odds at this step" in n.message for n in app._notifications)
        await pilot.press("f1")  # nor a table: it says when f1 has one
        await pilot.pause()
        assert app.screen is screen and any("f1 shows the table a roll reads" in n.message for n in app._notifications)
        while not (screen.session.prompt.kind == "roll" and screen.session.prompt.reason == "attack"):
            screen.session.submit("3" if screen.session.prompt.kind == "roll" else screen.session.prompt.advised)
        await pilot.pause()
        odds = paf_game.odds(screen.session.state)
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        shown = screen_text(app)
        assert f"Odds: {odds.title}" in shown
        for _, lines in (("", odds.lines), *odds.sections):
            for line in lines:
                assert line.label in shown and line.shown() in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert not screen.query_one("#odds", Static).display
    again = make_app(data_dir, rng=random.Random(3))
    async with again.run_test(size=(80, 24)) as pilot:
        screen = start_scene(again, PARTY, MONSTERS)
        await pilot.pause()
        while not (screen.session.prompt.kind == "roll" and screen.session.prompt.reason == "attack"):
            screen.session.submit("3" if screen.session.prompt.kind == "roll" else screen.session.prompt.advised)
        await pilot.pause()
        assert screen.show_odds is False and not screen.query_one("#odds", Static).display
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert screen.query_one("#odds", Static).display
    from companion.store import Store

    store = Store.open(data_dir)
    assert store.setting("odds", "hidden") == "shown"
    store.close()


async def test_seven_beings_take_three_lines_each_when_the_terminal_is_tall_enough(data_dir: Path) -> None:
    """A GM's play-test: at 100x32 seven beings' holds and injuries were cut to fit a second line. When
    the terminal has the height, each being gets its third line (AF and DF beside the bar, holds and
    injuries whole); at 80x24 the panels go back to two lines."""
    app = make_app(data_dir, rng=random.Random(3))
    async with app.run_test(size=(100, 32)) as pilot:
        app.new_fight(
            Setup(
                "paf",
                tuple(
                    app.roster("paf").find(n)
                    for n in (
                        "Sir Roderick Vane",
                        "Durin Stonefist",
                        "Brother Anselm",
                        "Orc Raider",
                        "Orc Bowman",
                        "Goblin Skulker",
                        "Ogre Thug",
                    )
                ),
                default_options(get_ruleset("paf")),
                sides=(0, 0, 0, 1, 1, 1, 1),
            )
        )
        await pilot.pause()
        red = app.screen.query_one("#red-side", SidePanel)
        assert "AF 27 DF 37.5" in text_of(red) and len(text_of(red).strip().splitlines()) == 3 * 3
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "AF 27" not in text_of(red) and len(text_of(red).strip().splitlines()) == 2 * 3


async def test_the_apps_aftermath_choice_is_said_as_a_choice_not_as_the_apps_win(data_dir: Path, paf_game) -> None:
    """The new-user trial: ctrl+r at the aftermath's rest finished the scene, and the result line
    read "... round 14 (by the app)", as if the app had won it; it says what the app chose."""
    app = make_app(data_dir, rng=random.Random(5))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = start_scene(app, ["Sir Roderick Vane"], ["Kobold Cutthroat"])
        await pilot.pause()
        session = screen.session
        for _ in range(400):  # the scene played by the app's dice and the advised choices
            prompt = session.prompt
            if prompt.kind == "choice" and prompt.reason == "rest":
                break
            assert not session.over, "the scene ended with no aftermath"
            if prompt.kind == "choice":
                session.submit(prompt.advised or prompt.options[0].key)
            else:
                session.roll()
        else:
            raise AssertionError("no aftermath")
        await pilot.pause()
        await pilot.press("ctrl+r")  # the app takes the advised rest
        await pilot.pause()
        assert session.over and session.steps[-1].answer.virtual
        first = session.steps[-1].log[0]
        lines = [strip.text for strip in screen.query_one("#log").lines]
        text = "".join(lines)  # the log wraps a long line at a space, which it keeps
        assert f"{first} (the app chose rest: none)" in text
        assert f"{first} (by the app)" not in text
