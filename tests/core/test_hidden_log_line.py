"""The kit's neutral line for a secret chance step says, in the reader's language, who saw it."""

from __future__ import annotations

import pytest

from kleos import i18n
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from toygame.kit import KIT


@pytest.mark.parametrize(("language", "words"), [
    ("en", "a hidden draw, seen by "), ("es", "un robo oculto, visto por "),
    ("de", "eine verdeckte Ziehung, gesehen von ")])
def test_a_hidden_draw_names_its_readers_in_the_readers_language(language: str, words: str) -> None:
    game = KIT.make_game({})
    with i18n.use_locale(language):
        line = KIT.hidden_log_line(game, CHANCE, Action.parse("deal 1 4"), frozenset({1}))
    assert line.startswith(words) and line != words


def test_a_draw_nobody_reads_is_the_bare_neutral_line() -> None:
    game = KIT.make_game({})
    assert KIT.hidden_log_line(game, CHANCE, Action.parse("deal 1 4"), frozenset()) == "a hidden draw"
