"""The character sheet (Paul's Adventures In Fantasy, issues 7 and 18): make a
character or a monster and save it as a card.

A character: the game master types the twelve stats as rolled, 3d4+1d8 each
(the four faces, checked as typed, or the total from a paper sheet), or has the
app roll them; then the natural base d20, name, race, combat level, weight,
movement, size, armor, shield, helm and weapons (the keys of the tables in
play). A monster (the kind beside the name): the monster of the table its hit
points are rolled on, its chart level, AC, defense d20 and hit points as rolled
(``ctrl+r`` rolls them on the table's dice), and the strength, agility and
dexterity its rolls read when the card gives them. A weapon row is added
whenever every row has a weapon, up to a card's limit. The derived numbers
(MHP, AF melee and missile, DF, the pummel and grapple factors, dead at) follow
every change, each with the terms that make it. ``ctrl+s`` saves the card to
``<data dir>/fighters/paf_<slug>.yaml`` (the roster reads it at once); a bad
field is named and nothing is saved.

The screen owns nothing of the rules: the card is :class:`rulesets.paf.cards.PafCard`,
the numbers :func:`rulesets.paf.cards.derived`, the tables :mod:`rulesets.paf.tables`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Header, Input, Label, Select, Static

from companion.screens.widgets import escape

STAT_DICE = (4, 4, 4, 8)
"""A stat is 3d4+1d8 (4..20): the faces in this order."""

WEAPON_ROWS = 3
"""Weapon rows when the sheet opens; a row is added whenever every row has a weapon, up to a card's
limit (:data:`companion.rulesets.paf.cards.MAX_WEAPONS`)."""

KINDS = ("character", "monster")

MONSTER_STATS = {"strength": "STR", "agility": "AGI", "dexterity": "DEX"}
"""The stats a monster card may give (its pummel, grapple, overbear and dexterity rolls read them; 12 when not)."""

SHORT = {
    "strength": "STR",
    "intelligence": "INT",
    "wisdom": "WIS",
    "constitution": "CON",
    "dexterity": "DEX",
    "charisma": "CHA",
    "comeliness": "COM",
    "ego": "EGO",
    "agility": "AGI",
    "swim": "SWI",
    "mechanical": "MEC",
    "stamina": "STA",
}

MONSTER_NEEDS = {
    "mhp": ("hp",),
    "af": (),
    "af_missile": (),
    "df": ("ac", "df_d20"),
    "paf": (),
    "pdf": ("ac",),
    "goaf": ("ac",),
    "godf": ("ac",),
}
"""The fields a monster's numbers read beyond its chart level (a missing STR, AGI or DEX reads 12)."""

NEEDS = {
    "mhp": ("constitution", "stamina", "combat_level"),
    "af": ("natural_d20", "combat_level", "strength"),
    "af_missile": ("natural_d20", "combat_level", "strength", "dexterity"),
    "df": ("agility", "combat_level"),
    "paf": ("agility", "strength", "combat_level"),
    "pdf": ("agility", "combat_level"),
    "goaf": ("agility", "strength", "weight"),
    "godf": ("agility", "strength", "weight"),
}
"""The fields each derived number reads (race, armor and the rest always have a value)."""

FIGURE_WORDS = {
    "af": "melee",
    "af_missile": "missile",
    "paf": "pummel attack",
    "pdf": "pummel defense",
    "goaf": "grapple attack",
    "godf": "grapple defense",
}

FIELD_WORDS = {
    "combat_level": "combat level",
    "natural_d20": "natural base d20",
    "weight": "weight",
    "movement": "movement",
    "armor_magic": "armor magic",
    "ac": "AC",
    "df_d20": "defense d20",
    "hp": "hit points",
    "m-weight": "weight",
    "m-movement": "movement",
    "m-strength": "strength",
    "m-agility": "agility",
    "m-dexterity": "dexterity",
}

RANGES = {
    "combat_level": (0, 30),
    "weight": (10, 2000),
    "movement": (1, 48),
    "armor_magic": (-5, 10),
    "natural_d20": (1, 20),
    "ac": (-10, 10),
    "df_d20": (1, 20),
    "hp": (1, 999),
    "m-weight": (10, 20000),
    "m-movement": (1, 48),
    "m-strength": (4, 20),
    "m-agility": (4, 20),
    "m-dexterity": (4, 20),
}
"""Each number box's range, as a card allows it."""


def slug(name: str) -> str:
    """A card name as a file name's part: ``Brother Anselm`` -> ``brother_anselm``."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "character"


def read_stat(text: str) -> tuple[int | None, str]:
    """A stat as typed: the four faces of 3d4+1d8 (``2 3 1 6`` or ``2316``), or the
    total (4..20) from a paper sheet.

    Returns:
        The stat (None when it cannot be read) and what to say: the sum, or why not.
    """
    text = text.strip()
    if not text:
        return None, "type the four faces (d4 d4 d4 d8) or the total"
    parts = re.split(r"[\s,+]+", text)
    if len(parts) == 1 and re.fullmatch(r"\d{4}", parts[0]):
        parts = list(parts[0])  # four faces typed without spaces
    if not all(re.fullmatch(r"\d+", p) for p in parts):
        return None, f"{text!r}: faces are whole numbers"
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        total = numbers[0]
        if 4 <= total <= 20:
            return total, f"{total} (the total)"
        return None, f"{total} is not a stat: 3d4+1d8 makes 4 to 20"
    if len(numbers) != 4:
        return None, f"{len(numbers)} faces: 3d4+1d8 is four dice (d4 d4 d4 d8)"
    for i, (face, sides) in enumerate(zip(numbers, STAT_DICE), 1):
        if not 1 <= face <= sides:
            return None, f"die {i} is a d{sides}: {face} is not a face (1-{sides})"
    return sum(numbers), f"{' + '.join(map(str, numbers))} = {sum(numbers)}"


def read_whole(text: str, low: int, high: int, what: str, blank: int | None = None) -> tuple[int | None, str]:
    """A whole number from ``low`` to ``high`` as typed (``blank`` when nothing is)."""
    text = text.strip().lstrip("+")
    if not text:
        if blank is not None:
            return blank, ""
        return None, f"{what}: missing ({low}-{high})"
    if not re.fullmatch(r"-?\d+", text):
        return None, f"{what}: {text!r} is not a whole number ({low}-{high})"
    value = int(text)
    if not low <= value <= high:
        return None, f"{what}: {value} is out of range ({low}-{high})"
    return value, ""


class SheetScreen(Screen[str | None]):
    """A new character or monster for ``game`` (PAF), saved as a card; dismisses with its name, or None.

    Args:
        game: the game's key (``paf``).
    """

    CSS_PATH = "sheet.tcss"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll dice", priority=True),
        Binding("ctrl+s", "save", "Save card", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game: str = "paf") -> None:
        super().__init__()
        self.game = game
        self.tables: Any = None
        """The tables in play (checked ``Tables``), or None when they do not load."""
        self.table_problem: str | None = None
        self.saved_to: Path | None = None
        self.rows = WEAPON_ROWS
        """The weapon rows on the sheet (one more is added whenever every row has a weapon)."""

    # --- building -----------------------------------------------------------------

    def _load_tables(self) -> None:
        from companion.rulesets.paf import tables as pt
        from companion.tables import user_file

        try:
            self.tables = pt.parse(pt.load(user_file(self.app.directory, "paf")))
        except pt.TablesError as exc:
            self.table_problem = str(exc)
            try:
                self.tables = pt.parse(pt.load(None))  # show the sheet with the shipped tables; saving refuses
            except pt.TablesError:
                self.tables = None

    def _weapon_keys(self) -> list[str]:
        t = self.tables
        if t is None:
            return []
        from companion.rulesets.paf.cards import is_melee

        return sorted({k for k in t.weapons if is_melee(t, k)} | set(t.missiles))

    def _weapon_row(self, i: int) -> Horizontal:
        """Weapon row ``i``: the weapon (a key of the tables), its magic, its ammunition."""
        return Horizontal(
            Select(
                [(w, w) for w in self._weapon_keys()],
                prompt="(none)" if i else "weapon",
                id=f"weapon-{i}",
                compact=True,
                classes="weapon",
            ),
            Label("+", classes="plus"),
            Input("0", id=f"magic-{i}", compact=True, classes="num"),
            Label("ammo", classes="field2"),
            Input(placeholder="-", id=f"ammo-{i}", compact=True, classes="num"),
            classes="row",
            id=f"weapon-row-{i}",
        )

    def compose(self) -> ComposeResult:
        self._load_tables()
        t = self.tables
        races = list(t.races) if t is not None else ["Human"]
        armor = list(t.armor.suits) if t is not None else ["none"]
        monsters = list(t.monsters) if t is not None else []
        levels = [r.level for r in t.monster_levels] if t is not None else ["1"]
        yield Header()
        with Horizontal(id="sheet-body"):
            with VerticalScroll(id="sheet-form"):
                with Horizontal(classes="row"):
                    yield Label("Name", classes="field")
                    yield Input(placeholder="the card's name", id="name", compact=True, max_length=60)
                    yield Select([(k, k) for k in KINDS], value="character", allow_blank=False, id="kind", compact=True)
                with Horizontal(classes="row"):
                    yield Label("Size", classes="field")
                    yield Select(
                        [(s, s) for s in ("small", "medium", "large")],
                        value="medium",
                        allow_blank=False,
                        id="size",
                        compact=True,
                    )
                    yield Label("Helm", classes="field2")
                    yield Select(
                        [(h, h) for h in ("none", "open", "nasal", "visored")],
                        value="none",
                        allow_blank=False,
                        id="helm",
                        compact=True,
                    )
                    yield Checkbox("Shield", id="shield", compact=True)
                with Vertical(id="character-fields"):
                    with Horizontal(classes="row"):
                        yield Label("Race", classes="field")
                        yield Select(
                            [(r, r) for r in races],
                            value="Human" if "Human" in races else races[0],
                            allow_blank=False,
                            id="race",
                            compact=True,
                        )
                    with Horizontal(classes="row"):
                        yield Label("Level", classes="field")
                        yield Input("0", id="combat_level", compact=True, classes="num")
                        yield Label("Weight", classes="field2")
                        yield Input(placeholder="lbs", id="weight", compact=True, classes="num")
                        yield Label("Move", classes="field2")
                        yield Input("12", id="movement", compact=True, classes="num")
                    with Horizontal(classes="row"):
                        yield Label("Armor", classes="field")
                        yield Select(
                            [(a, a) for a in armor],
                            value="none" if "none" in armor else armor[0],
                            allow_blank=False,
                            id="armor",
                            compact=True,
                        )
                        yield Label("magic +", classes="field2")
                        yield Input("0", id="armor_magic", compact=True, classes="num")
                    with Horizontal(classes="row"):
                        yield Label("d20", classes="field")
                        yield Input(placeholder="1-20", id="natural_d20", compact=True, classes="num")
                        yield Static("natural base 30 + d20, rolled once", classes="aside")
                    yield Static("Stats 3d4+1d8: faces (d4 d4 d4 d8) or total", classes="heading")
                    with Grid(id="stats"):
                        for stat, short in SHORT.items():
                            with Horizontal(classes="stat"):
                                yield Label(short, classes="stat-name")
                                # 7: "4 4 4 8" (3d4 and the d8) fits the box whole, nothing longer can hide in it
                                yield Input(
                                    placeholder="faces", id=f"stat-{stat}", compact=True, classes="faces", max_length=7
                                )
                                yield Static("", id=f"sum-{stat}", classes="sum")
                with Vertical(id="monster-fields"):
                    with Horizontal(classes="row"):
                        yield Label("Table", classes="field")
                        yield Select([(m, m) for m in monsters], prompt="(no monster)", id="monster", compact=True)
                        yield Static("HP dice", classes="aside")
                    with Horizontal(classes="row"):
                        yield Label("Level", classes="field")
                        yield Select(
                            [(lv, lv) for lv in levels],
                            value=levels[0],
                            allow_blank=False,
                            id="level",
                            compact=True,
                        )
                        yield Label("AC", classes="field2")
                        yield Input(placeholder="?", id="ac", compact=True, classes="num")
                        yield Label("DF d20", classes="field2")
                        yield Input(placeholder="1-20", id="df_d20", compact=True, classes="num")
                    with Horizontal(classes="row"):
                        yield Label("HP", classes="field")
                        yield Input(placeholder="rolled", id="hp", compact=True, classes="num")
                        yield Checkbox("meant off the table's dice", id="hp_off_table", compact=True, classes="beside")
                    with Horizontal(classes="row"):
                        yield Label("Weight", classes="field")
                        yield Input(placeholder="size", id="m-weight", compact=True, classes="num")
                        yield Label("Move", classes="field2")
                        yield Input("12", id="m-movement", compact=True, classes="num")
                    with Horizontal(classes="row"):
                        for stat, short in MONSTER_STATS.items():
                            yield Label(short, classes="field2" if stat != "strength" else "field")
                            yield Input(placeholder="12", id=f"m-{stat}", compact=True, classes="num")
                    yield Static("blank: STR, AGI, DEX read 12, weight by size", classes="aside")
                yield Static("Weapons (magic +N; ammo for missiles)", classes="heading")
                with Vertical(id="weapon-rows"):
                    for i in range(WEAPON_ROWS):
                        yield self._weapon_row(i)
                with Horizontal(classes="row"):
                    yield Label("Notes", classes="field")
                    yield Input(placeholder="optional", id="notes", compact=True)
            with VerticalScroll(id="sheet-numbers"):
                yield Static(id="derived")
        yield Static(id="sheet-message")
        yield Footer(show_command_palette=False, compact=True)

    def on_mount(self) -> None:
        self.title = "Paul's Adventures In Fantasy"
        self.query_one("#derived", Static).border_title = "Derived numbers"
        self.query_one("#name", Input).focus()
        self._blank = {box.id: box.value for box in self.query(Input)}
        """The fields as the sheet opened (movement 12 ...): Escape asks only once one is changed."""
        self._show_kind()
        self._update()
        if self.table_problem:
            self._say(f"The tables in play do not load: {self.table_problem}", error=True)

    # --- reading the form -------------------------------------------------------------

    @property
    def kind(self) -> str:
        value = self._select("kind")
        return str(value) if value in KINDS else "character"

    def _value(self, wid: str) -> str:
        try:
            return self.query_one(f"#{wid}", Input).value
        except NoMatches:  # a weapon row being added
            return ""

    def _select(self, wid: str) -> Any:
        try:
            value = self.query_one(f"#{wid}", Select).value
        except NoMatches:
            return None
        return None if value is Select.NULL else value

    def _checked(self, wid: str) -> bool:
        return bool(self.query_one(f"#{wid}", Checkbox).value)

    def _whole(
        self,
        wid: str,
        data: dict[str, Any],
        problems: list[str],
        *,
        key: str | None = None,
        blank: int | None = None,
        optional: bool = False,
    ) -> None:
        """The number box ``#wid`` read into ``data[key]`` (its range from :data:`RANGES`); a blank
        optional box leaves the key out."""
        text = self._value(wid)
        if optional and not text.strip():
            return
        low, high = RANGES[wid]
        value, why = read_whole(text, low, high, FIELD_WORDS[wid], blank)
        if value is None:
            problems.append(why)
        else:
            data[key or wid] = value

    def read(self) -> tuple[dict[str, Any], list[str], dict[str, str]]:
        """The form as a card's data, the problems found, and each stat's reading.

        Returns:
            ``(data, problems, said)``: the fields read (a field that cannot be read is
            left out), a line per problem naming the field, and each stat's sum or why not.
        """
        kind = self.kind
        data: dict[str, Any] = {"kind": kind}
        problems: list[str] = []
        said: dict[str, str] = {}
        name = self._value("name").strip()
        if name:
            data["name"] = name
        else:
            problems.append("name: missing")
        data["size"] = self._select("size")
        data["helm"] = self._select("helm")
        data["shield"] = self._checked("shield")
        if kind == "character":
            data["race"] = self._select("race")
            data["armor"] = self._select("armor")
            for key, blank in (
                ("combat_level", None),
                ("weight", None),
                ("movement", None),
                ("armor_magic", 0),
                ("natural_d20", None),
            ):
                self._whole(key, data, problems, blank=blank)
            stats: dict[str, int] = {}
            for stat, short in SHORT.items():
                value, why = read_stat(self._value(f"stat-{stat}"))
                said[stat] = why
                if value is None:
                    problems.append(f"{stat} ({short}): {why}")
                else:
                    stats[stat] = value
            data["stats"] = stats
        else:
            monster = self._select("monster")
            if monster is not None:
                data["monster"] = monster
            data["level"] = self._select("level")
            for key in ("ac", "df_d20", "hp"):
                self._whole(key, data, problems)
            if self._checked("hp_off_table"):
                data["hp_off_table"] = True
            self._whole("m-weight", data, problems, key="weight", optional=True)
            self._whole("m-movement", data, problems, key="movement", blank=12)
            for stat in MONSTER_STATS:
                self._whole(f"m-{stat}", data, problems, key=stat, optional=True)
        weapons: list[dict[str, Any]] = []
        for i in range(self.rows):
            key = self._select(f"weapon-{i}")
            if key is None:
                continue
            entry: dict[str, Any] = {"weapon": key}
            magic, why = read_whole(self._value(f"magic-{i}"), -5, 10, f"weapon {i + 1} magic", 0)
            if magic is None:
                problems.append(why)
            elif magic:
                entry["magic"] = magic
            ammo_text = self._value(f"ammo-{i}").strip()
            if ammo_text:
                ammo, why = read_whole(ammo_text, 0, 999, f"weapon {i + 1} ammo")
                if ammo is None:
                    problems.append(why)
                elif self.tables is not None and key not in self.tables.missiles:
                    problems.append(f"weapon {i + 1} ammo: {key} is not shot or thrown (no missiles row)")
                else:
                    entry["ammo"] = ammo
            if any(w["weapon"] == key for w in weapons):
                problems.append(f"weapon {i + 1}: {key} is listed twice")
                continue
            weapons.append(entry)
        if not weapons:
            problems.append("weapons: choose at least one")
        data["weapons"] = weapons
        notes = self._value("notes").strip()
        if notes:
            data["notes"] = notes
        return data, problems, said

    def card(self) -> tuple[Any | None, list[str]]:
        """The card the form makes, or None with every problem (form, card model, tables)."""
        from companion.rulesets.paf.cards import PafCard, check_against

        data, problems, _ = self.read()
        if problems:
            return None, problems
        try:
            card = PafCard.model_validate(data, strict=True)
        except ValueError as exc:
            # PafCard says every problem at once, one "field: message" a line
            lines = [line for line in str(exc).splitlines() if ":" in line and not line.startswith(" ")]
            return None, lines or [str(exc)]
        if self.tables is not None:
            problems = [line.split(": ", 1)[-1] for line in check_against(card, self.tables)]
        return (card if not problems else None), problems

    # --- showing ----------------------------------------------------------------------

    def _placeholder_card(self, data: dict[str, Any]) -> Any:
        """A card from what is typed, with stand-ins where a field cannot be read yet
        (the numbers that read them are not shown)."""
        from companion.rulesets.paf.cards import PafCard

        filled = dict(data)
        filled["name"] = filled.get("name") or "?"
        if filled["kind"] == "character":
            filled["stats"] = {s: filled["stats"].get(s, 10) for s in SHORT}
            stand_ins: tuple[tuple[str, Any], ...] = (
                ("combat_level", 0),
                ("weight", 150),
                ("movement", 12),
                ("armor_magic", 0),
                ("natural_d20", 10),
            )
        else:
            stand_ins = (("level", "1"), ("ac", 10), ("df_d20", 10), ("hp", 1))
        for key, stand_in in stand_ins:
            filled.setdefault(key, stand_in)
        filled["weapons"] = filled["weapons"] or [{"weapon": "Dagger"}]
        filled.pop("notes", None)
        return PafCard.model_validate(filled, strict=True)

    def derived_text(self) -> str:
        """The derived numbers as markup, each with its terms; the ones still waiting
        for a field say which."""
        from companion.rulesets.paf.cards import derived
        from companion.rulesets.paf.rules import show

        data, _, _ = self.read()
        if self.tables is None:
            return "[b $error]The tables do not load: no numbers.[/]"
        try:
            card = self._placeholder_card(data)
            numbers = derived(card, self.tables)
        except (ValueError, LookupError) as exc:
            return f"[$error]{escape(str(exc))}[/]"
        monster = data["kind"] == "monster"
        needs = MONSTER_NEEDS if monster else NEEDS
        have: set[str]
        if monster:
            have = {k for k in ("hp", "ac", "df_d20") if k in data}
        else:
            have = set(data["stats"]) | {k for k in ("combat_level", "weight", "natural_d20") if k in data}

        def ready(key: str) -> bool:
            return all(n in have for n in needs[key])

        def short(key: str) -> str:
            figure = getattr(numbers, key)
            return f"[b]{escape(show(figure.value))}[/b]" if ready(key) else "[dim]?[/dim]"

        dead = f"[b]{numbers.dead_at}[/b]" if monster or "constitution" in have else "[dim]?[/dim]"
        lines = [
            f"MHP {short('mhp')}   dead at {dead}",
            f"AF {short('af')} melee · {short('af_missile')} missile",
            f"DF {short('df')}",
            f"PAF {short('paf')} · PDF {short('pdf')}",
            f"GOAF {short('goaf')} · GODF {short('godf')}",
            "",
        ]
        for key in ("mhp", "af", "af_missile", "df", "paf", "pdf", "goaf", "godf"):
            figure = getattr(numbers, key)
            word = FIGURE_WORDS.get(key, "")
            head = figure.name + (f" ({word})" if word else "")
            missing = [FIELD_WORDS.get(n, SHORT.get(n, n)) for n in needs[key] if n not in have]
            if missing:
                lines.append(f"[b]{head}[/b] [dim]needs {escape(', '.join(missing))}[/dim]")
                continue
            _, _, terms = figure.text().partition(" = ")
            lines.append(f"[b]{head}[/b] [dim]= {escape(terms)}[/dim]")
        return "\n".join(lines)

    def _show_kind(self) -> None:
        """The fields of the kind chosen; the other kind's are hidden (and read no more)."""
        monster = self.kind == "monster"
        self.query_one("#character-fields").display = not monster
        self.query_one("#monster-fields").display = monster
        self.sub_title = f"a new {self.kind}"

    def _update(self) -> None:
        if self.kind == "character":
            for stat in SHORT:
                value, _why = read_stat(self._value(f"stat-{stat}"))
                shown = self.query_one(f"#sum-{stat}", Static)
                typed = bool(self._value(f"stat-{stat}").strip())
                shown.update("" if not typed else f"{value}" if value is not None else "?")
                shown.set_class(typed and value is None, "bad")
                self.query_one(f"#stat-{stat}", Input).set_class(typed and value is None, "bad")
        self.query_one("#derived", Static).update(self.derived_text())

    def _say(self, text: str, error: bool = False) -> None:
        message = self.query_one("#sheet-message", Static)
        message.update(escape(text))
        message.set_class(error, "error")

    def _more_rows(self) -> None:
        """A new empty weapon row once every row has a weapon (up to a card's limit)."""
        from companion.rulesets.paf.cards import MAX_WEAPONS

        if self.rows >= MAX_WEAPONS or any(self._select(f"weapon-{i}") is None for i in range(self.rows)):
            return
        row = self._weapon_row(self.rows)
        self.query_one("#weapon-rows", Vertical).mount(row)
        self._blank.update({f"magic-{self.rows}": "0", f"ammo-{self.rows}": ""})
        self.rows += 1
        if self.rows == MAX_WEAPONS:
            self._say(f"{MAX_WEAPONS} weapon rows: a card carries at most {MAX_WEAPONS} weapons.")

    # --- events -------------------------------------------------------------------------

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        self._update()
        if not event.input.has_focus:
            return  # filled by the app (ctrl+r): its own message stands
        wid = event.input.id or ""
        if wid.startswith("stat-") and event.value.strip():
            stat = wid.removeprefix("stat-")
            value, why = read_stat(event.value)
            self._say(f"{stat}: {why}", error=value is None)
        elif event.value.strip() and wid in RANGES:
            value, why = read_whole(event.value, *RANGES[wid], FIELD_WORDS[wid])
            self._say(why or f"{FIELD_WORDS[wid]}: {value}", error=value is None)

    @on(Select.Changed)
    def _selected(self, event: Select.Changed) -> None:
        if event.select.id == "kind":
            self._show_kind()
        if (event.select.id or "").startswith("weapon-"):
            self._more_rows()
        self._update()

    @on(Checkbox.Changed)
    def _checked_box(self) -> None:
        self._update()

    @on(Input.Submitted)
    def _next(self) -> None:
        """Enter goes on to the next field, as on a paper sheet."""
        self.focus_next()

    def action_roll(self) -> None:
        """The app rolls for a character 3d4+1d8 for every stat left empty or unreadable, and the d20 if
        empty (with every stat filled already, it rolls them all afresh); for a monster its hit points on
        its table's dice (when a monster of the table is chosen) and its defense d20, each if empty."""
        rng = self.app.rng
        if self.kind == "monster":
            self._roll_monster(rng)
            return
        todo = [s for s in SHORT if read_stat(self._value(f"stat-{s}"))[0] is None]
        if not todo:
            todo = list(SHORT)
        for stat in todo:
            faces = [rng.randint(1, sides) for sides in STAT_DICE]
            self.query_one(f"#stat-{stat}", Input).value = " ".join(map(str, faces))
        d20 = self.query_one("#natural_d20", Input)
        if read_whole(d20.value, 1, 20, "d20")[0] is None:
            d20.value = str(rng.randint(1, 20))
        self._update()
        self._say(f"The app rolled {len(todo)} stat{'s' * (len(todo) != 1)} (3d4+1d8 each).")

    def _roll_monster(self, rng: Any) -> None:
        from companion.dice import parse_roll, roll_faces

        said = []
        d20 = self.query_one("#df_d20", Input)
        if read_whole(d20.value, 1, 20, "d20")[0] is None:
            d20.value = str(rng.randint(1, 20))
            said.append(f"defense d20 {d20.value}")
        monster = self._select("monster")
        hp = self.query_one("#hp", Input)
        if monster is not None and self.tables is not None and read_whole(hp.value, 1, 999, "hp")[0] is None:
            row = self.tables.monsters[monster]
            dice, plus = parse_roll(row.mhp)
            faces = roll_faces(dice, rng)
            hp.value = str(sum(faces) + plus)
            said.append(f"hit points {row.printed or row.mhp}: {' + '.join(map(str, faces))} + {plus} = {hp.value}")
        elif monster is None and not hp.value.strip():
            said.append("choose the monster of the table to roll its hit points")
        self._update()
        self._say("The app rolled " + "; ".join(said) + "." if said else "Nothing left to roll: clear a box first.")

    def action_back(self) -> None:
        """Back to the roster; a sheet with anything typed on it asks first (Escape is also
        what one presses to be rid of a message)."""
        typed = any(box.value != self._blank.get(box.id) for box in self.query(Input))
        if not typed:
            self.dismiss(None)
            return
        from companion.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen("Leave the sheet? This character is not saved.", "Leave"), answered)

    def action_save(self) -> None:
        """Check the card; save it to ``<data dir>/fighters/paf_<slug>.yaml`` and go back."""
        if self.table_problem:
            self._say(f"Not saved: the tables in play do not load: {self.table_problem}", error=True)
            return
        card, problems = self.card()
        if card is None:
            head = f"Not saved: {len(problems)} problem{'s' * (len(problems) != 1)}: "
            self._say(head + "; ".join(problems[:3]) + (" ..." if len(problems) > 3 else ""), error=True)
            self.notify("\n".join(problems[:6]), title="Not saved", severity="error", timeout=8, markup=False)
            return
        folder: Path = self.app.directory / "fighters"
        path = folder / f"{self.game}_{slug(card.name)}.yaml"
        clash = self._name_clash(card.name, path)
        if clash:
            self._say(f"Not saved: {clash}", error=True)
            return
        if path.exists():
            from companion.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write(card, path)

            self.app.push_screen(
                ConfirmScreen(f"{path.name} exists already. Replace it with this card?", "Replace"), answered
            )
            return
        self._write(card, path)

    def _name_clash(self, name: str, path: Path) -> str | None:
        """Why ``name`` cannot be saved to ``path``: another file's card has it (None if free)."""
        from companion.cards import load_roster
        from companion.rulesets.paf.cards import PafCard

        roster = load_roster(self.game, PafCard, user_dir=self.app.directory / "fighters")
        card = roster.find(name)
        if card is None:
            return None
        source = roster.source.get(card.name, "")
        if Path(source) == path:
            return None
        return f"the roster has a card named {card.name} already ({Path(source).name}): choose another name"

    def _write(self, card: Any, path: Path) -> None:
        from companion.rulesets.paf.cards import cards_yaml

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(cards_yaml([card]), encoding="utf-8")
        except OSError as exc:
            self._say(f"Not saved: {exc}", error=True)
            return
        self.saved_to = path
        self.notify(f"{card.name} saved to {path}", title="Card saved", timeout=6, markup=False)
        self.dismiss(card.name)
