"""Cage Match!: the game's package (its ruleset is ``ruleset.py``)."""
