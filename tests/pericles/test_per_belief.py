"""The search's belief about unseen theater markers (P-INFO-5, P-INFO-6): drawn from the vignette's
public marker sheet, not all as Rumors, and from the view alone."""

from __future__ import annotations

import random
from collections import Counter

from kleos.games.pericles.agents.belief import believe
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import MARKER_KINDS, MIL

AF, DF, EK, AK = range(4)
N_KINDS = len(MARKER_KINDS)
SHEET = Counter({"MIL": 2, "LEA": 1, "DIP": 1, "RUM": 2})  # each faction's markers in 14_1_09a


def placed(game: PericlesGame, seed: int, placements: int) -> PericlesState:
    """The vignette after ``placements`` random marker placements (P-THEATER-4)."""
    s = game.new_state(seed)
    rng = random.Random(seed)
    done = 0
    while done < placements or game.is_chance(s):
        if game.is_chance(s):
            game.step_chance(s)
            continue
        seat = game.actors(s)[0]
        done += s.step == "place"
        game.apply_in_place(s, rng.choice(game.legal_actions(s, seat)), seat)
    return s


def held_kinds(s: PericlesState, f: int) -> Counter[str]:
    return Counter({MARKER_KINDS[k]: sum(s.held[(f * 4 + o) * N_KINDS + k] for o in range(4))
                    for k in range(N_KINDS)}) - Counter()


def placed_kinds(s: PericlesState, f: int) -> Counter[str]:
    return Counter(MARKER_KINDS[entry_parts(e)[3]] for e in s.queue if entry_parts(e)[1] == f)


def test_unseen_markers_come_from_the_sheet_not_all_rumors() -> None:
    """P-INFO-5, P-THEATER-4: before any placement the Aristocrats cannot see what the others hold;
    the kit draws it all as Rumors (P-THEATER-12), the belief as the vignette's sheet assigns it, so
    a look-ahead meets the enemy's Military issues (and its Raids, P-RAID-3)."""
    game = PericlesGame({"scenario": "14_1_09a"})
    view = game.view(placed(game, 3, 0), AF)
    kit = game.determinize(view, random.Random(0))
    believed = believe(game, view, random.Random(0))
    for f in (DF, EK, AK):
        assert held_kinds(kit, f) == Counter({"RUM": 6})
        assert held_kinds(believed, f) == SHEET


def test_after_placement_each_faction_has_its_sheet_on_the_map() -> None:
    """Once all 24 markers are placed (P-THEATER-4) every faction's face-down markers are its sheet,
    in some order; the viewer's own stay where they are, and the other factions' Military markers
    are not Rumors as the kit would have them."""
    game = PericlesGame({"scenario": "14_1_09a"})
    s = placed(game, 5, 24)
    assert s.step != "place" and len(s.queue) == 24
    view = game.view(s, EK)
    believed = believe(game, view, random.Random(1))
    for f in range(4):
        assert placed_kinds(believed, f) == SHEET
    for true, drawn in zip(s.queue, believed.queue, strict=True):
        assert entry_parts(true)[:3] == entry_parts(drawn)[:3]
        if entry_parts(true)[2] == EK:
            assert true == drawn
    kit = game.determinize(view, random.Random(1))
    assert not any(entry_parts(e)[3] == MIL for e in kit.queue if entry_parts(e)[1] != EK)


def test_the_belief_reads_only_the_view() -> None:
    """P-INFO-5/6: two true positions with the same view for a seat give the same belief for the
    same generator (one is drawn from the other's view), and the belief shows that seat its view."""
    game = PericlesGame({"scenario": "14_1_09a"})
    s = placed(game, 7, 14)
    view = game.view(s, DF)
    other = believe(game, view, random.Random(2))
    assert other.queue != s.queue or other.held != s.held  # a different truth behind the same view
    assert game.view(other, DF).state.queue == view.state.queue
    first, second = believe(game, view, random.Random(9)), believe(game, game.view(other, DF), random.Random(9))
    assert (first.queue, first.held) == (second.queue, second.held)


def test_without_a_sheet_the_kit_draw_stays() -> None:
    """The First Peloponnesian War's markers are won in debate (no sheet): the belief is the kit's
    draw, every unseen marker a Rumor."""
    game = PericlesGame({"scenario": "14_2"})
    s = game.new_state(4)
    view = game.view(s, AK)
    kit, believed = game.determinize(view, random.Random(3)), believe(game, view, random.Random(3))
    assert (kit.queue, kit.held) == (believed.queue, believed.held)
