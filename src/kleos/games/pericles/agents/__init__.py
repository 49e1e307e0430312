"""The Pericles players and what the generic search learns about Pericles."""
