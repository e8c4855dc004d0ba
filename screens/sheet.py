"""The character sheet (Paul's Adventures In Fantasy, issue 7): make a character
from rolled stats and save it as a card.

The game master types the twelve stats as rolled, 3d4+1d8 each (the four faces,
checked as typed, or the total from a paper sheet), or has the app roll them;
then the natural base d20, name, race, combat level, weight, movement, size,
armor, shield, helm and weapons (the keys of the tables in play). The derived
numbers (MHP, AF melee and missile, DF, the pummel and grapple factors, dead
at) follow every change, each with the terms that make it. ``ctrl+s`` saves
the card to ``<data dir>/fighters/paf_<slug>.yaml`` (the roster reads it at
once); a bad field is named and nothing is saved.

The screen owns nothing of the rules: the card is :class:`rulesets.paf_cards.PafCard`,
the numbers :func:`rulesets.paf_cards.derived`, the tables :mod:`rulesets.paf_tables`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Checkbox, Footer, Header, Input, Label, Select, Static

from companion.screens.widgets import escape

GAMES_WITH_SHEET = ("paf",)
"""The games whose scene selection offers a new character (``ctrl+n``)."""

STAT_DICE = (4, 4, 4, 8)
"""A stat is 3d4+1d8 (4..20): the faces in this order."""

WEAPON_ROWS = 3
"""Weapons a character can be given on the sheet (a card file takes up to 8)."""

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
}


def has_sheet(game: str) -> bool:
    """Whether ``game`` has a character sheet screen."""
    return game in GAMES_WITH_SHEET


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
    """A new character for ``game`` (PAF), saved as a card; dismisses with its name, or None.

    Args:
        game: the game's key (``paf``).
    """

    CSS_PATH = "sheet.tcss"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll stats", priority=True),
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

    # --- building -----------------------------------------------------------------

    def _load_tables(self) -> None:
        from companion.rulesets import paf_tables as pt

        try:
            self.tables = pt.parse(pt.load(self.app.directory / "tables" / "paf.yaml"))
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
        from companion.rulesets.paf_cards import is_melee

        return sorted({k for k in t.weapons if is_melee(t, k)} | set(t.missiles))

    def compose(self) -> ComposeResult:
        self._load_tables()
        t = self.tables
        races = list(t.races) if t is not None else ["Human"]
        armor = list(t.armor.suits) if t is not None else ["none"]
        weapons = [(w, w) for w in self._weapon_keys()]
        yield Header()
        with Horizontal(id="sheet-body"):
            with VerticalScroll(id="sheet-form"):
                with Horizontal(classes="row"):
                    yield Label("Name", classes="field")
                    yield Input(placeholder="the character's name", id="name", compact=True, max_length=60)
                with Horizontal(classes="row"):
                    yield Label("Race", classes="field")
                    yield Select(
                        [(r, r) for r in races],
                        value="Human" if "Human" in races else races[0],
                        allow_blank=False,
                        id="race",
                        compact=True,
                    )
                    yield Label("Size", classes="field2")
                    yield Select(
                        [(s, s) for s in ("small", "medium", "large")],
                        value="medium",
                        allow_blank=False,
                        id="size",
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
                    yield Label("Helm", classes="field")
                    yield Select(
                        [(h, h) for h in ("none", "open", "nasal", "visored")],
                        value="none",
                        allow_blank=False,
                        id="helm",
                        compact=True,
                    )
                    yield Checkbox("Shield", id="shield", compact=True)
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
                yield Static("Weapons (magic +N; ammo for missiles)", classes="heading")
                for i in range(WEAPON_ROWS):
                    with Horizontal(classes="row"):
                        yield Select(
                            weapons,
                            prompt="(none)" if i else "weapon",
                            id=f"weapon-{i}",
                            compact=True,
                            classes="weapon",
                        )
                        yield Label("+", classes="plus")
                        yield Input("0", id=f"magic-{i}", compact=True, classes="num")
                        yield Label("ammo", classes="field2")
                        yield Input(placeholder="-", id=f"ammo-{i}", compact=True, classes="num")
                with Horizontal(classes="row"):
                    yield Label("Notes", classes="field")
                    yield Input(placeholder="optional", id="notes", compact=True)
            with VerticalScroll(id="sheet-numbers"):
                yield Static(id="derived")
        yield Static(id="sheet-message")
        yield Footer(show_command_palette=False, compact=True)

    def on_mount(self) -> None:
        self.title = "Paul's Adventures In Fantasy"
        self.sub_title = "a new character"
        self.query_one("#derived", Static).border_title = "Derived numbers"
        self.query_one("#name", Input).focus()
        self._blank = {box.id: box.value for box in self.query(Input)}
        """The fields as the sheet opened (movement 12 ...): Escape asks only once one is changed."""
        self._update()
        if self.table_problem:
            self._say(f"The tables in play do not load: {self.table_problem}", error=True)

    # --- reading the form -------------------------------------------------------------

    def _value(self, wid: str) -> str:
        return self.query_one(f"#{wid}", Input).value

    def _select(self, wid: str) -> Any:
        value = self.query_one(f"#{wid}", Select).value
        return None if value is Select.NULL else value

    def read(self) -> tuple[dict[str, Any], list[str], dict[str, str]]:
        """The form as a card's data, the problems found, and each stat's reading.

        Returns:
            ``(data, problems, said)``: the fields read (a field that cannot be read is
            left out), a line per problem naming the field, and each stat's sum or why not.
        """
        data: dict[str, Any] = {"kind": "character"}
        problems: list[str] = []
        said: dict[str, str] = {}
        name = self._value("name").strip()
        if name:
            data["name"] = name
        else:
            problems.append("name: missing")
        data["race"] = self._select("race")
        data["size"] = self._select("size")
        data["armor"] = self._select("armor")
        data["helm"] = self._select("helm")
        data["shield"] = self.query_one("#shield", Checkbox).value
        for key, low, high, blank in (
            ("combat_level", 0, 30, None),
            ("weight", 10, 2000, None),
            ("movement", 1, 48, None),
            ("armor_magic", -5, 10, 0),
            ("natural_d20", 1, 20, None),
        ):
            value, why = read_whole(self._value(key), low, high, FIELD_WORDS[key], blank)
            if value is None:
                problems.append(why)
            else:
                data[key] = value
        stats: dict[str, int] = {}
        for stat, short in SHORT.items():
            value, why = read_stat(self._value(f"stat-{stat}"))
            said[stat] = why
            if value is None:
                problems.append(f"{stat} ({short}): {why}")
            else:
                stats[stat] = value
        data["stats"] = stats
        weapons = []
        for i in range(WEAPON_ROWS):
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
        from companion.rulesets.paf_cards import PafCard, check_against

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
        from companion.rulesets.paf_cards import PafCard

        filled = dict(data)
        filled["name"] = filled.get("name") or "?"
        filled["stats"] = {s: filled["stats"].get(s, 10) for s in SHORT}
        for key, stand_in in (
            ("combat_level", 0),
            ("weight", 150),
            ("movement", 12),
            ("armor_magic", 0),
            ("natural_d20", 10),
        ):
            filled.setdefault(key, stand_in)
        filled["weapons"] = filled["weapons"] or [{"weapon": "Dagger"}]
        filled.pop("notes", None)
        return PafCard.model_validate(filled, strict=True)

    def derived_text(self) -> str:
        """The derived numbers as markup, each with its terms; the ones still waiting
        for a field say which."""
        from companion.rulesets.paf_cards import derived
        from companion.rulesets.paf_stats import show

        data, _, _ = self.read()
        if self.tables is None:
            return "[b $error]The tables do not load: no numbers.[/]"
        try:
            card = self._placeholder_card(data)
            numbers = derived(card, self.tables)
        except (ValueError, LookupError) as exc:
            return f"[$error]{escape(str(exc))}[/]"
        have = set(data["stats"]) | {k for k in ("combat_level", "weight", "natural_d20") if k in data}

        def ready(key: str) -> bool:
            return all(n in have for n in NEEDS[key])

        def short(key: str) -> str:
            figure = getattr(numbers, key)
            return f"[b]{escape(show(figure.value))}[/b]" if ready(key) else "[dim]?[/dim]"

        dead = f"[b]{numbers.dead_at}[/b]" if "constitution" in have else "[dim]?[/dim]"
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
            missing = [FIELD_WORDS.get(n, SHORT.get(n, n)) for n in NEEDS[key] if n not in have]
            if missing:
                lines.append(f"[b]{head}[/b] [dim]needs {escape(', '.join(missing))}[/dim]")
                continue
            _, _, terms = figure.text().partition(" = ")
            lines.append(f"[b]{head}[/b] [dim]= {escape(terms)}[/dim]")
        return "\n".join(lines)

    def _update(self) -> None:
        _, _, _said = self.read()
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
        elif event.value.strip() and wid in FIELD_WORDS:
            low_high = {
                "combat_level": (0, 30),
                "weight": (10, 2000),
                "movement": (1, 48),
                "armor_magic": (-5, 10),
                "natural_d20": (1, 20),
            }[wid]
            value, why = read_whole(event.value, *low_high, FIELD_WORDS[wid])
            self._say(why or f"{FIELD_WORDS[wid]}: {value}", error=value is None)

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _chosen(self) -> None:
        self._update()

    @on(Input.Submitted)
    def _next(self) -> None:
        """Enter goes on to the next field, as on a paper sheet."""
        self.focus_next()

    def action_roll(self) -> None:
        """The app rolls 3d4+1d8 for every stat left empty or unreadable, and the d20 if empty
        (with every stat filled already, it rolls them all afresh)."""
        rng = self.app.rng
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
        from companion.rulesets.paf_cards import PafCard

        roster = load_roster(self.game, PafCard, user_dir=self.app.directory / "fighters")
        card = roster.find(name)
        if card is None:
            return None
        source = roster.source.get(card.name, "")
        if Path(source) == path:
            return None
        return f"the roster has a card named {card.name} already ({Path(source).name}): choose another name"

    def _write(self, card: Any, path: Path) -> None:
        from companion.rulesets.paf_cards import cards_yaml

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(cards_yaml([card]), encoding="utf-8")
        except OSError as exc:
            self._say(f"Not saved: {exc}", error=True)
            return
        self.saved_to = path
        self.notify(f"{card.name} saved to {path}", title="Card saved", timeout=6, markup=False)
        self.dismiss(card.name)
