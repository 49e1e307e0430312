"""The research encoding of Polis: its action catalogue and its observation vector.

:mod:`~kleos.games.polis.encoding.catalogue` numbers every action an edition can ever offer,
:mod:`~kleos.games.polis.encoding.observation` encodes a seat's view as a vector, and
:mod:`~kleos.games.polis.encoding.parts` hands both to the research adapters through the kit
(``kleos.adapters.pettingzoo.env("polis", edition="2020")``, ``kleos.adapters.openspiel.load("polis")``).
"""
