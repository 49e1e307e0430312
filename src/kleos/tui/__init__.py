"""The Textual terminal app shell of Kleos (``kleos play GAME`` in a terminal), for any game of the
registry: each game's look comes from its kit's terminal part (:mod:`kleos.core.kit.terminal`)."""
