"""Paul's Adventures In Fantasy: the character sheet (issues 7 and 18) as the sheet any game
publishes (:class:`companion.sheet.SheetSpec`, issue 20): make a character or a monster and save
it as a card.

A character: the twelve stats as rolled, 3d4+1d8 each (the text: "I use 3D4+1D8 to determine
each one"; typed as the four faces or the total from a paper sheet), the natural base d20 ("30 +
1D20", PA-1), name, race, combat level, weight, movement, size, armor, shield, helm and weapons
(the keys of the tables in play). A monster (the kind beside the name): the monster of the table
its hit points are rolled on, its chart level, AC, defense d20 and hit points as rolled (on the
table's dice), and the strength, agility and dexterity its rolls read when the card gives them
(12 when not [D], :mod:`rulesets.paf.cards`). A weapon row is added whenever every row has a
weapon, up to a card's :data:`~rulesets.paf.cards.MAX_WEAPONS`. Each number's range is the card
model's (a character's weight up to :data:`~rulesets.paf.cards.CHARACTER_WEIGHT_MAX`).

The derived numbers (MHP, AF melee and missile, DF, the pummel and grapple factors, dead at) are
:func:`rulesets.paf.cards.derived` of the card the sheet makes, with stand-ins for the fields not
given yet: each says which of them it still needs (:data:`NEEDS`, :data:`MONSTER_NEEDS`). The
card is :class:`~rulesets.paf.cards.PafCard`, held to the tables in play by
:func:`~rulesets.paf.cards.check_against`, saved as ``paf_<slug>.yaml``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from companion.cards import bounds
from companion.rulesets.paf import rules as ps
from companion.rulesets.paf import tables as pt
from companion.rulesets.paf.cards import (
    CHARACTER_WEIGHT_MAX,
    HELMS,
    KINDS,
    MAX_WEAPONS,
    MONSTER_STATS,
    NORMAL_MOVEMENT,
    STAT_SHORT,
    CardWeapon,
    PafCard,
    cards_yaml,
    check_against,
    derived,
    is_melee,
)
from companion.rulesets.paf.tables import STATS, Tables
from companion.sheet import (
    CardProblems,
    Derived,
    DerivedFigure,
    Heading,
    Note,
    Repeated,
    Roll,
    Row,
    Section,
    SheetField,
    SheetSpec,
    StatGrid,
    Values,
    card_file,
    stat_dice,
)

STAT_DICE = "3d4+1d8"
"""Each of the twelve stats (4..20): the text, "I use 3D4+1D8 to determine each one"."""

WEAPON_ROWS = 3
"""Weapon rows when the sheet opens (one more whenever every row has a weapon, up to a card's limit)."""

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
"""The fields each of a character's numbers reads (race, armor and the rest always have a value):
MHP and dead at PA-5, AF and DF PA-1, the pummel and grapple factors PA-7."""

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

FIGURE_WORDS = {
    "af": "melee",
    "af_missile": "missile",
    "paf": "pummel attack",
    "pdf": "pummel defense",
    "goaf": "grapple attack",
    "godf": "grapple defense",
}
"""What a figure is for, beside its name."""

SUMMARY = (
    "MHP {mhp}   dead at {dead_at}",
    "AF {af} melee · {af_missile} missile",
    "DF {df}",
    "PAF {paf} · PDF {pdf}",
    "GOAF {goaf} · GODF {godf}",
)

CHARACTER_STAND_INS: dict[str, Any] = {
    "combat_level": 0,
    "weight": 150,
    "movement": NORMAL_MOVEMENT,
    "armor_magic": 0,
    "natural_d20": 10,
}
"""What a character's numbers are worked out with while a field is not given (a stat: 10); the
numbers that read it show ``?``."""
MONSTER_STAND_INS: dict[str, Any] = {"level": "1", "ac": 10, "df_d20": 10, "hp": 1}
STAND_IN_STAT = 10
STAND_IN_WEAPON = "Dagger"


def _number(key: str, label: str, words: str, model: type[BaseModel] = PafCard, **more: Any) -> SheetField:
    """A number box with the range of the card's field of the same name (``m-weight``: ``weight``)."""
    low, high = bounds(model.model_fields[key.removeprefix("m-")])
    return SheetField(key, label, "number", words, **{"low": low, "high": high, **more})


def _choice(key: str, label: str, choices: list[str], start: str = "", **more: Any) -> SheetField:
    """A choice that starts at ``start`` where the tables have it, else at their first (one with a
    placeholder: unchosen)."""
    if start not in choices:
        start = choices[0] if choices and not more.get("placeholder") else ""
    return SheetField(key, label, "choice", choices=tuple(choices), start=start, **more)


class PafSheet:
    """The sheet with the tables in play (:class:`Tables`, or None where they do not load)."""

    def __init__(self, tables: Tables | None) -> None:
        self.t = tables

    def spec(self) -> SheetSpec:
        t = self.t
        races = list(t.races) if t is not None else ["Human"]
        armor = list(t.armor.suits) if t is not None else ["none"]
        monsters = list(t.monsters) if t is not None else []
        levels = [r.level for r in t.monster_levels] if t is not None else ["1"]
        weapons = sorted({k for k in t.weapons if is_melee(t, k)} | set(t.missiles)) if t is not None else []
        faces = " ".join(die.notation for die in stat_dice(STAT_DICE).dice)
        character = Section(
            (
                Row((_choice("race", "Race", races, "Human"),)),
                Row(
                    (
                        _number("combat_level", "Level", "combat level", start="0"),
                        _number("weight", "Weight", "weight", high=CHARACTER_WEIGHT_MAX, placeholder="lbs"),
                        _number("movement", "Move", "movement", start=str(NORMAL_MOVEMENT)),
                    )
                ),
                Row(
                    (
                        _choice("armor", "Armor", armor, "none", width=19),
                        _number("armor_magic", "magic +", "armor magic", start="0", blank=0),
                    )
                ),
                Row(
                    (
                        _number("natural_d20", "d20", "natural base d20", placeholder="1-20", dice="d20"),
                        "natural base 30 + d20, rolled once",
                    )
                ),
                Heading(f"Stats {STAT_DICE}: faces ({faces}) or total"),
                StatGrid(
                    "stats",
                    tuple(
                        SheetField(stat, STAT_SHORT[stat], "stat", stat, placeholder="faces", dice=STAT_DICE)
                        for stat in STATS
                    ),
                ),
            ),
            kind="character",
        )
        monster = Section(
            (
                Row((_choice("monster", "Table", monsters, placeholder="(no monster)", width=20), "HP dice")),
                Row(
                    (
                        _choice("level", "Level", levels, width=8),
                        _number("ac", "AC", "AC", placeholder="?"),
                        _number("df_d20", "DF d20", "defense d20", placeholder="1-20", dice="d20"),
                    )
                ),
                Row(
                    (
                        _number("hp", "HP", "hit points", placeholder="rolled", dice=self.hp_dice),
                        SheetField("hp_off_table", "meant off the table's dice", "check"),
                    )
                ),
                Row(
                    (
                        _number("m-weight", "Weight", "weight", placeholder="size", optional=True),
                        _number("m-movement", "Move", "movement", start=str(NORMAL_MOVEMENT), blank=NORMAL_MOVEMENT),
                    )
                ),
                Row(
                    tuple(
                        _number(f"m-{stat}", STAT_SHORT[stat], stat, placeholder="12", optional=True)
                        for stat in MONSTER_STATS
                    )
                ),
                Note("blank: " + ", ".join(STAT_SHORT[s] for s in MONSTER_STATS) + " read 12, weight by size"),
            ),
            kind="monster",
        )
        common = Section(
            (
                Row(
                    (
                        SheetField("name", "Name", "text", "name", placeholder="the card's name", max_length=60),
                        _choice("kind", "", list(KINDS), width=13),
                    )
                ),
                Row(
                    (
                        _choice("size", "Size", list(pt.SIZES), "medium", width=10),
                        _choice("helm", "Helm", list(HELMS), "none", width=11),
                        SheetField("shield", "Shield", "check"),
                    )
                ),
            )
        )
        gear = Section(
            (
                Heading("Weapons (magic +N; ammo for missiles)"),
                Repeated(
                    "weapon",
                    (
                        SheetField("weapon", "", "choice", choices=tuple(weapons), placeholder="weapon", width=24),
                        _number("magic", "+", "magic", CardWeapon, start="0", blank=0),
                        _number("ammo", "ammo", "ammo", CardWeapon, placeholder="-", optional=True),
                    ),
                    start=WEAPON_ROWS,
                    most=MAX_WEAPONS,
                ),
                Row((SheetField("notes", "Notes", "text", placeholder="optional", optional=True),)),
            )
        )
        return SheetSpec(
            (common, character, monster, gear),
            derive=self.derive,
            to_card=self.to_card,
            file_name=lambda card: card_file("paf", card.name),
            card_text=lambda card: cards_yaml([card]),
            check=self.check,
            kind_key="kind",
            values_of=values_of,
            kept=kept,
        )

    # --- what the sheet makes of the values ---------------------------------------------------

    def hp_dice(self, values: Values) -> Roll | str:
        """A monster's hit points are rolled on its monster table's dice (a Goblin's 6+D4)."""
        monster = values.get("monster")
        if monster is None or self.t is None:
            return "choose the monster of the table to roll its hit points"
        row = self.t.monsters[monster]
        return Roll(row.mhp, row.printed or row.mhp)

    def check(self, values: Values) -> list[str]:
        """The weapons: at least one, each once, ammunition only for what is shot or thrown."""
        problems = []
        seen: set[str] = set()
        for i, row in enumerate(values.get("weapon", ())):
            if row is None:
                continue
            key = row["weapon"]
            if "ammo" in row and self.t is not None and key not in self.t.missiles:
                problems.append(f"weapon {i + 1} ammo: {key} is not shot or thrown (no missiles row)")
            if key in seen:
                problems.append(f"weapon {i + 1}: {key} is listed twice")
            seen.add(key)
        if not seen:
            problems.append("weapons: choose at least one")
        return problems

    def to_card(self, values: Values) -> PafCard:
        """The card, every problem said at once (the card model's, then the tables')."""
        try:
            card = PafCard.model_validate(card_data(values), strict=True)
        except ValidationError as exc:  # PafCard says every problem at once, one "field: message" a line
            lines = [line for err in exc.errors() for line in err["msg"].removeprefix("Value error, ").splitlines()]
            raise CardProblems(lines) from None
        if self.t is not None:
            problems = [line.split(": ", 1)[-1] for line in check_against(card, self.t)]
            if problems:
                raise CardProblems(problems)
        return card

    def derive(self, values: Values) -> Derived:
        """The card's numbers (:func:`rulesets.paf.cards.derived`), each with its terms and the fields it reads."""
        if self.t is None:
            return Derived(problem="The tables do not load: no numbers.")
        monster = values.get("kind") == "monster"
        numbers = derived(placeholder_card(values), self.t)
        needs = MONSTER_NEEDS if monster else NEEDS
        figures = []
        for key in ps.Derived.figures:
            figure: ps.Figure = getattr(numbers, key)
            word = FIGURE_WORDS.get(key, "")
            _, _, terms = figure.text().partition(" = ")
            label = figure.name + (f" ({word})" if word else "")
            figures.append(DerivedFigure(key, label, ps.show(figure.value), terms, needs[key]))
        dead_needs = () if monster else ("constitution",)  # PA-5: -constitution, a monster's -10
        figures.append(DerivedFigure("dead_at", "dead at", str(numbers.dead_at), needs=dead_needs, listed=False))
        return Derived(tuple(figures), SUMMARY)


def sheet(tables: dict[str, Any] | None) -> SheetSpec:
    """PAF's sheet with the tables in play (the plain data of ``Paf.tables_for``; None: they do not load)."""
    return PafSheet(pt.parse(tables) if tables is not None else None).spec()


def card_data(values: Values) -> dict[str, Any]:
    """The card's data from the sheet's values (a field that cannot be read is left out)."""
    kind = values["kind"]
    data: dict[str, Any] = {"kind": kind}
    if "name" in values:
        data["name"] = values["name"]
    data.update((key, values[key]) for key in ("size", "helm", "shield"))
    if kind == "character":
        keys = ("race", "armor", "combat_level", "weight", "movement", "armor_magic", "natural_d20")
        data.update((key, values[key]) for key in keys if key in values)
        data["stats"] = {stat: values[stat] for stat in STATS if stat in values}
    else:
        data.update((key, values[key]) for key in ("monster", "level", "ac", "df_d20", "hp") if key in values)
        if values.get("hp_off_table"):
            data["hp_off_table"] = True
        given = ("weight", "movement", *MONSTER_STATS)
        data.update((key, values[f"m-{key}"]) for key in given if f"m-{key}" in values)
    weapons: list[dict[str, Any]] = []
    for row in values.get("weapon", ()):
        if row is None or any(w["weapon"] == row["weapon"] for w in weapons):
            continue  # an empty row; a weapon listed twice (the sheet's check says so)
        entry: dict[str, Any] = {"weapon": row["weapon"]}
        if row.get("magic"):
            entry["magic"] = row["magic"]
        if "ammo" in row:
            entry["ammo"] = row["ammo"]
        weapons.append(entry)
    data["weapons"] = weapons
    if "notes" in values:
        data["notes"] = values["notes"]
    return data


def placeholder_card(values: Values) -> PafCard:
    """The card the values make, with stand-ins where a field cannot be read yet (the numbers
    that read it are not shown); ammunition left out (it changes no number)."""
    filled = card_data(values)
    filled["name"] = filled.get("name") or "?"
    if filled["kind"] == "character":
        filled["stats"] = {s: filled["stats"].get(s, STAND_IN_STAT) for s in STATS}
        stand_ins = CHARACTER_STAND_INS
    else:
        stand_ins = MONSTER_STAND_INS
    for key, stand_in in stand_ins.items():
        filled.setdefault(key, stand_in)
    weapons = [{k: v for k, v in w.items() if k != "ammo"} for w in filled["weapons"]]
    filled["weapons"] = weapons or [{"weapon": STAND_IN_WEAPON}]
    filled.pop("notes", None)
    return PafCard.model_validate(filled, strict=True)


def values_of(card: PafCard) -> dict[str, Any]:
    """The sheet's values for ``card``, to edit it (issue 23): :func:`card_data` read backwards."""
    values: dict[str, Any] = {"kind": card.kind, "name": card.name, "size": card.size, "helm": card.helm}
    values["shield"] = card.shield
    if card.notes is not None:
        values["notes"] = card.notes
    if card.kind == "character":
        values["race"] = card.race
        values["armor"] = card.armor or "none"
        for key in ("combat_level", "weight", "movement", "armor_magic", "natural_d20"):
            if getattr(card, key) is not None:
                values[key] = getattr(card, key)
        if card.stats is not None:
            values.update(card.stats.model_dump())
    else:
        for key in ("monster", "level", "ac", "df_d20", "hp"):
            if getattr(card, key) is not None:
                values[key] = getattr(card, key)
        values["hp_off_table"] = bool(card.hp_off_table)
        values["m-movement"] = card.movement
        for key in ("weight", *MONSTER_STATS):
            if getattr(card, key) is not None:
                values[f"m-{key}"] = getattr(card, key)
    values["weapon"] = tuple(
        {"weapon": w.weapon, "magic": w.magic} | ({"ammo": w.ammo} if w.ammo is not None else {}) for w in card.weapons
    )
    return values


def kept(old: PafCard, new: PafCard) -> PafCard:
    """What an edit keeps of the card that the sheet does not show: its ``misc`` bonuses and each
    weapon's ``made_for_strength`` (PA-8), where the edited card still carries the weapon."""
    made = {w.weapon: w.made_for_strength for w in old.weapons if w.made_for_strength is not None}
    weapons = [w.model_copy(update={"made_for_strength": made.get(w.weapon)}) for w in new.weapons]
    return new.model_copy(update={"misc": new.misc or old.misc, "weapons": weapons})
