"""Polis in the browser: the board module (map, battle screen, panels, rules help) and its tables."""
