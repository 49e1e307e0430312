"""The research encoding of Pericles: its action catalogue and its observation vector.

:mod:`~kleos.games.pericles.encoding.catalogue` numbers every action a game (scenario and options)
can offer, :mod:`~kleos.games.pericles.encoding.observation` encodes a faction's view as a vector,
and :mod:`~kleos.games.pericles.encoding.parts` hands both to the research adapters through the kit
(``kleos.adapters.pettingzoo.env("pericles", scenario="14_1_09a")``,
``kleos.adapters.openspiel.load("pericles", scenario="14_1_09a")``).
"""
