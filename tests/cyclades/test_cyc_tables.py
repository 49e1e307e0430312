"""The tables the Cyclades rules read, compiled from the data and the options: a user's deck, a
corrected data folder and a copy sent to another process (a mutation run of ``cyclades.tables``
found these three untested)."""

from __future__ import annotations

import json
import pickle
import shutil
from pathlib import Path

from kleos.games.cyclades import loader
from kleos.games.cyclades.options import CycladesOptions
from kleos.games.cyclades.tables import default_tables, tables_for

PACKAGED = Path(loader.__file__).parent / "data"


def test_c_data_11_a_users_deck_holds_its_creatures_once_and_no_others() -> None:
    """C-DATA-11: the deck option lists the creatures in play; every other card counts 0."""
    base = default_tables(3)
    chosen = base.creature_keys[:2] + base.creature_keys[-1:]
    deck = tables_for(CycladesOptions(players=3, creature_deck=chosen)).deck_counts
    assert base.deck_counts == (1,) * len(base.creature_keys)  # base17: one copy of each card
    assert [n for n, count in enumerate(deck) if count] == [0, 1, len(deck) - 1]
    assert sum(deck) == 3


def test_c_data_1_a_corrected_data_folder_is_what_the_tables_read(tmp_path: Path) -> None:
    """C-DATA-1, C-DATA-11: a data folder replaces the packaged files (here a card counted twice), and
    the options still choose the board (3 players: the 2-3 player board's 8 islands)."""
    folder = tmp_path / "data"
    shutil.copytree(PACKAGED, folder)
    path = folder / "creatures.json"
    raw = json.loads(path.read_text())
    raw["creatures"][0]["count"] = 2
    raw["deck_size"] += 1
    path.write_text(json.dumps(raw))
    components = json.loads((folder / "components.json").read_text())
    components["creature_cards"] += 1  # the deck's size is checked against the box (C-COMP-6)
    (folder / "components.json").write_text(json.dumps(components))
    t = tables_for(CycladesOptions(players=3, data_dir=str(folder)))
    assert t.deck_counts[0] == 2 and sum(t.deck_counts) == sum(default_tables(3).deck_counts) + 1
    assert (t.players, t.board, len(t.island_ids)) == (3, "board_2_3p", 8)


def test_default_tables_are_those_of_the_player_count() -> None:
    """C-SETUP-3: the board in play follows the player count."""
    assert [(default_tables(n).players, default_tables(n).board) for n in (2, 4, 5)] == [
        (2, "board_2_3p"), (4, "board_4p"), (5, "board_5p")]


def test_tables_sent_to_another_process_arrive_equal() -> None:
    """A bot's worker process receives the tables pickled: they arrive equal, options and all."""
    t = tables_for(CycladesOptions(players=4, die_faces="0-0-1-1-2-3"))
    copy = pickle.loads(pickle.dumps(t))
    assert copy == t and copy is not t and copy.options.die_faces == "0-0-1-1-2-3"
