"""The rule modules of Cyclades, one per part of the cycle (cyclades-rules.md)."""
