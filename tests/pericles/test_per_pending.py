"""The search's ``pending`` standing: the Raids still face down on the map played out (P-RAID-1..4), so
that a Dominant's Strategos held against the enemy's Raids are worth the Honor they will spare it."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, game

from kleos.games.pericles.agents.evaluation import (
    RAID_CARD,
    faction_score,
    pending_raids,
    pending_value,
    raids_ahead,
)
from kleos.games.pericles.rules.common import CONTESTED, FRIENDLY, status
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import LEA, MIL

HELLESPONT, SAMOS = "Hellespont", "Samos"  # the vignette's contested Sestos - Abydos, and Athens' fleet base


def _placed(markers: list[tuple[int, int, str]]) -> tuple[PericlesState, int, int]:
    """The vignette after placement with only ``markers`` (owner, kind, theater key) on the map."""
    g = game("14_1_09a")
    s = g.new_state(3)
    t = g.tables
    s.queue = [t.theater_index[key] * 1000 + owner * 100 + owner * 10 + kind for owner, kind, key in markers]
    s.held = [0] * len(s.held)
    contested, friendly = t.theater_index[HELLESPONT], t.theater_index[SAMOS]
    assert status(s, contested, 0) == CONTESTED and status(s, friendly, 0) == FRIENDLY
    return s, contested, friendly


def test_p_raid_3_4_an_enemy_raid_ahead_drains_the_dominant_stock_then_its_honor() -> None:
    """P-RAID-1..4: the Agiad King's Military marker in the contested Hellespont is a Raid (+3 Honor, 3
    Strategos); Athens' Dominant (AF) loses a mean card (3) from its stock of 1, the 2 it lacks in Honor."""
    s, _, _ = _placed([(AK, MIL, HELLESPONT)])
    s.stock = [1, 8, 8, 8]
    assert pending_raids(s) == [0, 0, 0, 1]
    ahead = raids_ahead(s)
    assert ahead.honor[AK] == s.honor[AK] + 3 and ahead.stock[AK] == 5
    assert ahead.stock[AF] == 0 and ahead.honor[AF] == s.honor[AF] - (RAID_CARD - 1)
    assert ahead.honor[DF] == s.honor[DF] and ahead.stock[DF] == 8  # only the Dominant is drained


def test_p_raid_1_no_raid_ahead_outside_a_contested_theater_or_without_three_strategos() -> None:
    """P-RAID-1: a Military marker in a friendly theater, another issue, or an owner with fewer than 3
    Strategos makes no Raid; an owner pays for as many Raids as its stock holds threes."""
    s, _, _ = _placed([(DF, MIL, SAMOS), (DF, LEA, HELLESPONT), (EK, MIL, HELLESPONT),
                       (AK, MIL, HELLESPONT), (AK, MIL, HELLESPONT)])
    s.stock = [8, 8, 2, 4]
    assert pending_raids(s) == [0, 0, 0, 1]


def test_pending_standing_values_a_dominant_strategos_at_an_honor_while_raids_are_ahead() -> None:
    """With two enemy Raids ahead (6 Strategos due), each Strategos the Dominant holds spares it an
    Honor; as the position stands (no Raid ahead) it is worth a quarter (Political Capital, P-CAPITAL-2)."""
    s, _, _ = _placed([(EK, MIL, HELLESPONT), (AK, MIL, HELLESPONT)])
    t = game("14_1_09a").tables
    s.stock = [2, 8, 8, 8]
    low = faction_score(t, s, AF, ahead=True)
    plain_low = faction_score(t, s, AF)
    s.stock[AF] = 6
    assert faction_score(t, s, AF, ahead=True) - low == 4.0
    assert faction_score(t, s, AF) - plain_low == 1.0
    assert pending_value(t, s, AF) > pending_value(t, _less(s, AF), AF)


def _less(s: PericlesState, f: int) -> PericlesState:
    """``s`` with 4 Strategos fewer in ``f``'s stock."""
    fewer = s.copy()
    fewer.stock[f] -= 4
    return fewer


def test_finished_or_empty_map_standing_is_the_honor_itself() -> None:
    """No marker left on the map: the pending standing is the position's Honor and stocks."""
    s, _, _ = _placed([])
    s.stock = [3, 4, 5, 6]
    ahead = raids_ahead(s)
    assert ahead.honor == [float(h) for h in s.honor] and ahead.stock == [3.0, 4.0, 5.0, 6.0]
