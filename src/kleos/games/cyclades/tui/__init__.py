"""The terminal part of the Cyclades kit (built lazily: importing the kit does not load Rich)."""
