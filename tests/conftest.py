"""Plugins for the whole suite."""

pytest_plugins = ["hang_backstop"]
