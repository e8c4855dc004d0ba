"""companion: a terminal referee for combat dice games played with real dice at the table."""

__version__ = "0.2.0"
"""This release (the package's version; CHANGELOG.md says what each one brought)."""
