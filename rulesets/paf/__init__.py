"""Paul's Adventures In Fantasy: the game's package (its ruleset is ``ruleset.py``)."""
