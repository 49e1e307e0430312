"""Leduc poker as a Kleos game: a peer for timing the search against OpenSpiel on the same game."""
