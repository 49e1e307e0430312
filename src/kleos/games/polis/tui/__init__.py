"""Polis in the terminal app: its board panels, help, guide, menus and log (:func:`parts.terminal_parts`)."""
