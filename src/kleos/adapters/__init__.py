"""Research interfaces: Polis as a PettingZoo environment and as an OpenSpiel game.

:mod:`kleos.adapters.actions` (the fixed integer action space) and
:mod:`kleos.adapters.observation` (the fixed-length observation vector) need only numpy;
:mod:`kleos.adapters.pettingzoo` and :mod:`kleos.adapters.openspiel` import their frameworks
(``pip install 'kleos[research]'``), so import them explicitly.
"""

from __future__ import annotations

from kleos.adapters.actions import ActionCatalogue, UnknownAction, build_catalogue, catalogue_for

__all__ = ["ActionCatalogue", "UnknownAction", "build_catalogue", "catalogue_for"]
