"""The terminal's words in the reader's language where Textual keeps them itself: key bindings,
declared once per class with English descriptions marked for extraction. (A game's own words, such
as its panel names, come translated from its kit's ``word``.)"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from kleos.i18n.platform import _


def translate_bindings(node: DOMNode) -> None:
    """Give ``node``'s own copy of its bindings descriptions in the reader's language (Textual
    copies the class's bindings per instance, so other readers are not affected)."""
    bindings = node._bindings.key_to_bindings  # Textual's per-instance map (no public setter)
    for key, found in bindings.items():
        bindings[key] = [replace(b, description=_(b.description) if b.description else b.description,
                                 tooltip=_(b.tooltip) if b.tooltip else b.tooltip) for b in found]


class TranslatedBindings:
    """A screen or app (put it first among the bases) whose key bindings are described in the
    reader's language from the moment it is built: :func:`translate_bindings` on its own copy, so
    that no subclass has to remember to. Not itself a node, so that Textual still takes the
    styles of the screen or app class after it."""

    def __init__(self) -> None:
        super().__init__()
        assert isinstance(self, DOMNode), "a mixin of Textual screens and apps"
        translate_bindings(self)
