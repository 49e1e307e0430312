"""Kleos: the strategy board games of classical Greece, rule for rule."""

from kleos.build import install

__version__ = "0.1.0"
BUILD = install()  # "interpreted build" or "compiled build (mypyc, N modules)": see kleos.build
