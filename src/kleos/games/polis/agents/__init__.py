"""The Polis players and the Polis knowledge the generic search uses, handed to the platform by
:func:`kleos.games.polis.agents.parts.agent_parts`.

* ``simple.py``: :class:`SimpleAgent`, rules of thumb (the terminal's hints);
* ``heuristic/``: :class:`HeuristicAgent`, which carries each action out and compares the results;
* ``evaluation.py``: the win probability ISMCTS scores its leaves with;
* ``prior.py``: the prior, step policy, candidates and horizon of ISMCTS's search.
"""
