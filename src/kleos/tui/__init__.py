"""The Textual terminal UI of Kleos (``kleos play polis`` in a terminal)."""
