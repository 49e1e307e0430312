"""The Diplomatic issue at its edges (rules/diplomatic.py): the conversion test at equal totals for each
side, the value of every enemy piece, the open and secret commitment caps, the neutral test at exactly
twice the other side's total, and the last treason markers of the ten.

Rulebook 8.53 (neutral theater): "Si el valor total del bando propietario es de al menos el doble de las
del otro Bando, el Bando propietario coloca una base de Liga amiga en el Teatro."
"""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, bare, put

from kleos.core.action import Action
from kleos.games.pericles.rules import diplomatic
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import SECRET
from kleos.games.pericles.tables import DB, PB

# owner, the enemy's League base it tries to turn, its own League base
OWNERS = [(AF, "Pb", PB, DB), (EK, "Db", DB, PB)]


@pytest.mark.parametrize(("owner", "code", "enemy_base", "own_base"), OWNERS)
@pytest.mark.parametrize(("committed", "converts"), [(2, False), (3, True)])
def test_a_base_turns_only_above_the_enemy_value(owner: int, code: str, enemy_base: int, own_base: int,
                                                 committed: int, converts: bool) -> None:
    """P-DIPLO-2/3/4: tokens plus own treason must exceed the enemy's value (2 for its one League base,
    P-DEF-9); at equal totals the test fails and the tokens become treason markers instead."""
    g, s = bare()
    t = g.tables
    th = t.theater_index["Chios"]
    put(g, s, "Chios", **{code: 1})
    s.stock[owner] = 3
    diplomatic.apply_open(t, s, th, owner, Action("commit", (committed,)))
    side = owner // 2
    assert (count(s, th, enemy_base), count(s, th, own_base)) == ((0, 1) if converts else (1, 0))
    assert s.treason[th * 2 + side] == (0 if converts else committed)
    assert s.honor[owner] == (12 if converts else 10)
    assert s.honor[s.dominant[1 - side]] == (8 if converts else 10)


@pytest.mark.parametrize(("side", "pieces", "value"), [
    (0, {"Sl": 1}, 2), (0, {"S300": 1}, 2), (0, {"Pl": 1}, 1), (0, {"Sn": 1}, 1), (0, {"Pn": 1}, 1),
    (0, {"Sb": 1, "Pb": 1}, 4),
    (1, {"Al": 1}, 1), (1, {"Dl": 1}, 1), (1, {"Ar": 1}, 1), (1, {"An": 1}, 2), (1, {"Dn": 1}, 1),
    (1, {"Ab": 1, "Db": 1}, 4),
])
def test_the_enemy_value_counts_each_piece_at_its_military_value(side: int, pieces: dict[str, int],
                                                                 value: int) -> None:
    """P-DIPLO-2: "the military value of the enemy's units plus 2 per enemy base" (P-DEF-9, P-DATA-7):
    Spartan land units and Athenian ships 2, other units 1; the side's own pieces do not count."""
    g, s = bare()
    put(g, s, "Chios", **pieces, **({"Dl": 3} if side == 0 else {"Pl": 3}))
    assert diplomatic.enemy_value(g.tables, s, g.tables.theater_index["Chios"], side) == value


@pytest.mark.parametrize("owner", [DF, AK])
def test_at_most_three_tokens_in_the_open(owner: int) -> None:
    """P-DIPLO-1: "0-3" committed in a contested or enemy theater, and no more than the stock holds."""
    g, s = bare()
    put(g, s, "Chios", Pb=1, Db=1)
    th = g.tables.theater_index["Chios"]
    s.stock[owner] = 5
    assert diplomatic.legal(g.tables, s, th, owner) == [Action("commit", (k,)) for k in range(4)]
    s.stock[owner] = 2
    assert diplomatic.legal(g.tables, s, th, owner) == [Action("commit", (k,)) for k in range(3)]


@pytest.mark.parametrize("owner", [AF, EK])
def test_secret_commitments_are_capped_at_five_for_the_owner_and_four_for_the_other_dominant(owner: int) -> None:
    """P-DIPLO-7: the owner commits 0-5, the other side's Dominant 0-4, each within its stock."""
    _, s = bare()
    other = s.dominant[1 - owner // 2]
    s.stock[owner] = s.stock[other] = 9
    assert diplomatic.secret_legal(s, owner, owner)[-1] == Action("secret", (5,))
    assert diplomatic.secret_legal(s, other, owner)[-1] == Action("secret", (4,))
    s.stock[owner] = 3
    assert diplomatic.secret_legal(s, owner, owner)[-1] == Action("secret", (3,))
    assert diplomatic.secret_actors(s, owner) == tuple(sorted((owner, other)))


@pytest.mark.parametrize(("owner", "own_base"), [(AF, DB), (EK, PB)])
@pytest.mark.parametrize(("mine", "founds"), [(4, True), (3, False)])
def test_a_neutral_theater_takes_a_base_at_exactly_twice_the_other_total(
        owner: int, own_base: int, mine: int, founds: bool) -> None:
    """P-DIPLO-7/8/9/10: the owner's tokens plus card against the other Dominant's: at twice it (4
    against 2) a League base is founded, one less founds none; every committed token is spent, as it
    is revealed (before the cards), and not again at the settling."""
    g, s = bare()
    t = g.tables
    th = t.theater_index["Chios"]
    side = owner // 2
    other = s.dominant[1 - side]
    s.stock[owner], s.stock[other] = 5, 4
    s.commit[owner], s.commit[other] = mine - 1, 1
    s.committed[owner] = s.committed[other] = SECRET
    diplomatic.reveal_commitments(s)
    assert (s.stock[owner], s.stock[other]) == (5 - (mine - 1), 3)
    s.draw[side], s.draw[1 - side] = 1, 1
    diplomatic.settle_neutral(t, s, th, owner)
    assert count(s, th, own_base) == (1 if founds else 0)
    assert (s.stock[owner], s.stock[other]) == (5 - (mine - 1), 3)
    assert s.commit == [0] * 4 and s.committed == [0] * 4 and s.draw == [-1, -1]


@pytest.mark.parametrize("side", [0, 1])
def test_treason_markers_past_the_tenth_are_lost(side: int) -> None:
    """P-TREASON-1: each side has 10 markers; placements above them are lost (exactly the last two
    placed when 8 are out)."""
    g, s = bare()
    t = g.tables
    s.treason[t.theater_index["Lesbos"] * 2 + side] = 8
    th = t.theater_index["Chios"]
    diplomatic.add_treason(t, s, th, side, 3)
    assert s.treason[th * 2 + side] == 2
    diplomatic.add_treason(t, s, th, side, 1)
    assert s.treason[th * 2 + side] == 2 and s.treason[th * 2 + 1 - side] == 0


@pytest.mark.parametrize(("owner", "code"), [(DF, "Db"), (AK, "Pb")])
def test_in_a_friendly_theater_each_split_of_the_removed_markers_is_offered(owner: int, code: str) -> None:
    """P-DIPLO-6: in a friendly-controlled theater the owner commits 0-3 and removes as many treason
    markers, of either side, its choice. One own marker and two enemy ones: every split, and no more
    removed than there are."""
    g, s = bare()
    t = g.tables
    th = t.theater_index["Chios"]
    side = owner // 2
    put(g, s, "Chios", **{code: 1})
    s.treason[th * 2 + side], s.treason[th * 2 + 1 - side] = 1, 2
    s.stock[owner] = 4
    assert diplomatic.legal(t, s, th, owner) == [
        Action("commit", args) for args in
        ((0, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 2), (2, 1, 1), (3, 1, 2))]
    diplomatic.apply_open(t, s, th, owner, Action("commit", (2, 1, 1)))
    assert (s.treason[th * 2 + side], s.treason[th * 2 + 1 - side], s.stock[owner]) == (0, 1, 2)
