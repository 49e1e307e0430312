"""Pericles: The Peloponnesian Wars (GMT, 2017) for four factions: data, rules foundation and views."""
