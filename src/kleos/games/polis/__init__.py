"""Polis (Fran Díaz): Athens against Sparta, both editions (2012 original, 2020 Devir)."""
