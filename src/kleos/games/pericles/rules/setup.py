"""Setup (P-SETUP): a scenario's starting position.

The scenario file sets every starting value (P-SETUP-1, P-DATA-1), plus any Honor handicap the
options give a faction (P-DATA-14). Decks need no shuffle here: draws are chance events over the
cards still in a deck (P-SETUP-2). Leaders start in their owners' hands.
"""

from __future__ import annotations

from kleos.core.rng import Rng
from kleos.games.pericles.state import (
    ARISTOPHANES,
    DECK,
    H_HANDICAP,
    H_START,
    HAND,
    M_WIN,
    N_HONOR,
    N_MIL,
    OFF,
    THEATER,
    PericlesState,
)
from kleos.games.pericles.tables import (
    FACTIONS,
    ISSUES_PER_SIDE,
    MARKER_KINDS,
    N_PIECES,
    N_THEATERS,
    PIECES,
    SIDES,
    Tables,
)


def new_state(t: Tables, seed: int) -> PericlesState:
    sc = t.scenario
    s = PericlesState.__new__(PericlesState)
    bonus = t.options.honor_handicap  # P-DATA-14: the solitaire Honor handicap, an option
    s.honor = [sc.honor[f] + bonus.get(f, 0) for f in FACTIONS]
    s.honor_from = [0] * (4 * N_HONOR)
    for f, code in enumerate(FACTIONS):
        s.honor_from[f * N_HONOR + H_START] = sc.honor[code]
        s.honor_from[f * N_HONOR + H_HANDICAP] = bonus.get(code, 0)
    s.stock = [sc.stocks[f] for f in FACTIONS]  # P-SETUP-3: 0 unless the scenario says otherwise
    s.supply = [sc.supply[side] for side in SIDES]
    s.council = [0, 0]
    s.set_aside = [0, 0]
    s.dominant = [FACTIONS.index(sc.dominant[side]) for side in SIDES]
    s.favor = [-1 if sc.favour[side] == "neutral" else FACTIONS.index(sc.favour[side]) for side in SIDES]
    s.used_council = [0] * 4
    s.council_now = [0] * 4
    s.card_loc = [DECK] * t.n_cards
    for f, card in enumerate(t.leader_of):
        s.card_loc[card] = HAND + f
    s.played = [0] * 4
    s.track = [OFF] * (2 * ISSUES_PER_SIDE)
    s.pieces = [0] * (N_THEATERS * N_PIECES)
    for p in sc.pieces:
        s.pieces[(p.theater - 1) * N_PIECES + PIECES.index(p.piece)] += p.count
    s.treason = [0] * (N_THEATERS * 2)
    for tr in sc.treason:
        s.treason[(tr.theater - 1) * 2 + SIDES.index(tr.side)] += tr.count
    s.hostage = [int(sc.hostages[side]) for side in SIDES]
    s.arist_deck = [1] * len(t.arist_names)
    s.will_code = [-1, -1]
    s.will_theater = [-1, -1]
    s.held = [0] * (4 * 4 * len(MARKER_KINDS))
    for f, code in enumerate(FACTIONS):
        for kind in sc.theater_markers.get(code, []):
            s.held[(f * 4 + f) * len(MARKER_KINDS) + MARKER_KINDS.index(kind)] += 1
    s.queue = []
    s.order = []
    s.defeat = [0, 0]
    s.granary_start = [0]
    s.commit = [0] * 4
    s.committed = [0] * 4
    s.draw = [-1, -1]
    s.built = [0] * N_THEATERS
    s.no_bases = [0, 0]
    s.chosen = []
    s.moved = [0] * (N_THEATERS * N_PIECES)
    s.visited = []
    s.mil = [0] * N_MIL
    s.mil[M_WIN] = -1
    s.killed = [0] * N_PIECES
    s.plague_due = []
    s.gone = [0] * N_PIECES
    s.mil_stage = 0
    s.moves_left = 0
    s.moving = -1
    s.turn = sc.first_turn
    s.phase = THEATER if sc.phases == "theater" else ARISTOPHANES
    s.step = "theater_begin" if sc.phases == "theater" else "start"
    s.chance = None
    s.actor = -1
    s.side = 0
    s.debate = 0
    s.issue = -1
    s.boule = 0
    s.picks = 0
    s.war = int(sc.war_peace == "war")
    s.plague = int(sc.plague == "post")
    s.persia_war = int(sc.war_with_persia)
    s.callias = int(sc.callias_done)
    s.alcibiades = int(sc.alcibiades == "persia")
    s.persia_open = int(sc.persia_open)
    s.state_ship = int(sc.state_ship)  # P-SETUP-4
    s.arist_card = -1
    s.cursor = 0
    s.passes = 0
    s.revealed = -1
    s.steps = 0
    s.outcome = None
    s.rng = Rng.from_seed(seed)
    return s
