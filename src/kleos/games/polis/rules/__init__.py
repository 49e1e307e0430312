"""The rules of Polis, one module per part of the rulebook (actions, battle, end of round…)."""
