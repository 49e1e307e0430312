"""Kleos: the strategy board games of classical Greece, rule for rule."""

__version__ = "0.1.0"
