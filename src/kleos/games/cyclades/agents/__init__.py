"""The Cyclades players and what the generic search learns about Cyclades."""
