"""The terminal part of the Pericles kit (built lazily: importing the kit does not load Rich)."""
