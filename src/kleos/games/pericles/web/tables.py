"""The tables the Pericles board module draws with: the theaters on a schematic map, their links,
and the names of every index a view's JSON uses (factions, pieces, marker kinds, issues, cards), with
the words of the legend: each unit code and marker kind in plain words (:mod:`..explain`), as the
English source strings of the game's catalogue (the board module translates them where it shows them).

The data files give no map coordinates (the printed map is not part of the data), so the theaters
sit on a grid of 6 columns and 5 rows chosen from real geography, west to east and north to south:
:data:`LAYOUT` is a reconstruction for drawing only, and the tables say so (``layout``). They depend
on the options only, never on a position.
"""

from __future__ import annotations

from kleos.core.kit import JsonDict
from kleos.games.pericles.explain import KINDS, UNITS, kind_line
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, PIECES, SIDES

LAYOUT: dict[str, tuple[int, int]] = {
    "Macedonia": (2, 0), "Amphipolis": (3, 0), "Hellespont": (5, 0),
    "Corcyra": (0, 1), "Thessaly": (2, 1), "Chalcidice": (3, 1), "Lesbos": (4, 1), "Persia": (5, 1),
    "Aetolia": (1, 2), "Boeotia": (2, 2), "Chios": (4, 2), "Ionia": (5, 2),
    "Sicily": (0, 3), "Naupactus": (1, 3), "Isthmus": (2, 3), "Athens": (3, 3), "Samos": (4, 3),
    "Sparta": (2, 4), "Cyclades": (3, 4), "Sporades": (4, 4), "EastMed": (5, 4),
}
"""(column, row) of each theater on the schematic map: a reconstruction from real geography."""


def board_tables(game: PericlesGame) -> JsonDict:
    """The drawing tables of ``game`` (a Pericles game of any scenario)."""
    t = game.tables
    names = {th.key: th.name for th in t.data.theaters.theaters}
    theaters = []
    for i, key in enumerate(t.theater_keys):
        column, row = LAYOUT.get(key, (i % 6, 5 + i // 6))
        theaters.append({"key": key, "name": names.get(key, key), "col": column, "row": row,
                         "naval": t.naval_border[i], "in_play": t.in_play[i]})
    return {
        "scenario": t.scenario.id,
        "scenario_name": t.scenario.name,
        "seat_names": list(t.seat_names),
        "factions": list(FACTIONS),
        "sides": list(SIDES),
        "pieces": list(PIECES),
        "marker_kinds": list(MARKER_KINDS),
        "issue_kinds": [list(kinds) for kinds in t.issue_kinds],
        "theaters": theaters,
        "links": [[a, b, kind] for a, b, kind, _ in t.links],
        "cards": list(t.card_ids),
        "card_values": list(t.card_value),
        "unit_names": dict(UNITS),
        "marker_names": {code: name for code, (name, _, _) in KINDS.items()},
        "marker_effects": {code: kind_line(code) for code in KINDS},
        "marker_texts": {code: list(words) for code, words in KINDS.items()},
        "layout": "reconstruction: theaters on a 6 x 5 grid from real geography (the printed map has no data)",
    }
