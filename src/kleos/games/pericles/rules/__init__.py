"""The rules of Pericles, one module per part of the rulebook; :mod:`.flow` owns the order of play."""
