"""Cyclades (Matagot, 2009) for 2 to 5 players: data, rules foundation and views."""
