"""The five shipped games, one package each (``rulesets/<game>/``, ``companion.rulesets.<game>``),
with the same files in every game: the descriptor (``__init__.py``), the ruleset, cards, tables,
state, pure rules, round steps, odds and the rules reference. Each registers itself as a plug-in
through the entry-point group ``companion.games`` (``pyproject.toml``, :mod:`companion.games`),
as any other game's distribution would."""
