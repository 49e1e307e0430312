"""Research interfaces: every installed game with a research encoding, as a PettingZoo environment
and as an OpenSpiel game.

A game gives the adapters its action catalogue and its observation through its kit's encoding
part (:mod:`kleos.core.kit.encoding`); the adapters never import a game. :mod:`kleos.adapters.actions`
(the fixed integer action space) needs only the core; :mod:`kleos.adapters.observation` and
:mod:`kleos.adapters.encoding` need numpy; :mod:`kleos.adapters.pettingzoo` and
:mod:`kleos.adapters.openspiel` import their frameworks (``pip install 'kleos[research]'``), so
import them explicitly.
"""

from __future__ import annotations

from kleos.adapters.actions import DEFAULT_MAX_DECISIONS, ActionCatalogue, UnknownAction

__all__ = ["DEFAULT_MAX_DECISIONS", "ActionCatalogue", "UnknownAction"]
