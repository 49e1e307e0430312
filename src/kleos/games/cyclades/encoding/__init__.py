"""The research encoding of Cyclades: its action catalogue and its observation vector.

:mod:`~kleos.games.cyclades.encoding.catalogue` numbers every action a game (player count and
options) can offer, :mod:`~kleos.games.cyclades.encoding.observation` encodes a seat's view as a
vector, and :mod:`~kleos.games.cyclades.encoding.parts` hands both to the research adapters through
the kit (``kleos.adapters.pettingzoo.env("cyclades", players=3)``,
``kleos.adapters.openspiel.load("cyclades", players=5)``).
"""
