"""The Theater phase (P-THEATER), the Oracle (P-ORACLE), Political Capital (P-CAPITAL) and Persia's
opening (P-PERSIA-1)."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, game, play, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import flow, theater
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import DISCARD, PericlesState
from kleos.games.pericles.tables import MARKER_KINDS
from step_cap import StepCap


def _vignette(seed: int = 1) -> tuple[PericlesGame, PericlesState]:
    g = game("14_1_09a")
    return g, g.new_state(seed)


def test_honor_order_and_ties() -> None:
    """P-THEATER-1, P-THEATER-2: descending Honor; ties: Athenian Dominant, Spartan Dominant, Athenian
    Opponent, Spartan Opponent."""
    _g, s = _vignette()
    assert s.order == [AF, EK, DF, AK]
    s.honor = [3, 9, 9, 1]
    s.dominant = [AF, AK]
    assert theater.honor_order(s) == [DF, EK, AF, AK]


def test_placement_in_honor_order_until_all_placed() -> None:
    """P-THEATER-4, P-THEATER-6: each in turn places one marker; it goes on until all are placed."""
    g, s = _vignette()
    placers = []
    cap = StepCap("s.step == 'place'")
    while s.step == "place" and cap():
        placers.append(s.actor)
        play(g, s, str(g.legal_actions(s)[0]))
    assert placers[:4] == [AF, EK, DF, AK] and len(placers) == 24
    assert s.step == "reveal"


def test_placement_theaters() -> None:
    """P-THEATER-7, P-THEATER-8, P-PERSIA-1, P-PERSIA-6: only theaters in play; no Eastern Mediterranean
    without War with Persia; Persia once open."""
    g, s = _vignette()
    keys = {str(a.args[2]) for a in g.legal_actions(s)}
    assert keys == {"Sparta", "Athens", "Hellespont", "Ionia", "Lesbos", "Chios", "Samos", "Cyclades", "Sporades",
                    "Persia"}
    assert rule_of(g, s, "place AF MIL EastMed") == "P-THEATER-7"
    g2 = game()
    s2 = g2.new_state(1)
    s2.persia_open = 0
    assert "Persia" not in {g2.tables.theater_keys[th] for th in theater.open_theaters(g2.tables, s2)}
    assert "EastMed" in {g2.tables.theater_keys[th] for th in theater.open_theaters(g2.tables, s2)}


def test_persia_opens_with_a_spartan_base_in_ionia() -> None:
    """P-PERSIA-1: a Spartan base in Ionia opens Persia for the rest of the game."""
    g = game()
    s = g.new_state(1)
    assert s.persia_open == 0
    s.pieces[13 * 15 + 10] = 1
    theater.persia_opens(s)
    assert s.persia_open == 1


def test_queues_are_last_in_first_out() -> None:
    """P-THEATER-5, P-THEATER-9: a marker goes on top; a faction reveals its own side's top marker."""
    g, s = _vignette()
    play(g, s, "place AF MIL Samos")
    play(g, s, "place EK RUM Samos")
    top = theater.tops(s)[g.tables.theater_index["Samos"]]
    assert theater.entry_parts(s.queue[top])[2] == EK
    assert theater.revealable(s, AF) == [] and theater.revealable(s, AK) == [g.tables.theater_index["Samos"]]


def test_reveal_pass_rumor_and_decline() -> None:
    """P-THEATER-10, P-THEATER-11, P-THEATER-12, P-THEATER-14, P-TMARK-6: a faction without its side's top marker
    passes; a
    Rumor has no effect; a declined Military issue costs 1 Strategos."""
    g, s = _vignette()
    s.held = [0] * len(s.held)
    k = len(MARKER_KINDS)
    s.held[(AF * 4 + AF) * k + MARKER_KINDS.index("MIL")] = 1
    s.held[(EK * 4 + EK) * k + MARKER_KINDS.index("RUM")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, "place AF MIL Samos")
    play(g, s, "place EK RUM Lesbos")
    assert s.step == "reveal" and s.actor == AF
    assert rule_of(g, s, "reveal Lesbos") == "P-THEATER-9"
    play(g, s, "reveal Samos")
    assert s.step == "resolve" and Action("decline") in g.legal_actions(s)
    play(g, s, "decline")
    assert s.stock[AF] == 7 and s.step == "reveal" and s.actor == EK
    play(g, s, "reveal Lesbos")  # a Rumor: no decision, back to its owner
    assert s.phase == "over"
    assert s.honor[AF] == 10 + (7 // 4)  # Political Capital: 7 tokens returned


def test_oracle() -> None:
    """P-ORACLE-1, P-ORACLE-2, P-AMB-45: +3 Honor, or +1 Honor and an enemy League unit removed."""
    g, s = _vignette()
    s.held = [0] * len(s.held)
    k = len(MARKER_KINDS)
    s.held[(DF * 4 + DF) * k + MARKER_KINDS.index("ORA")] = 2
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, "place DF ORA Athens")
    play(g, s, "place DF ORA Chios")
    play(g, s, "reveal Chios")
    legal = g.legal_actions(s)
    assert Action("oracle", ("honor",)) in legal
    assert Action("oracle", ("remove", "Lesbos", "Dl")) not in legal  # own League units are not targets
    assert Action("oracle", ("remove", "Chios", "Pn")) in legal
    play(g, s, "oracle remove Chios Pn")
    assert s.honor[DF] == 11 and count(s, g.tables.theater_index["Chios"], 11) == 1
    play(g, s, "reveal Athens", "oracle honor")
    assert s.phase == "over" and s.honor[DF] >= 14


def test_political_capital() -> None:
    """P-CAPITAL-1, P-CAPITAL-2, P-CAPITAL-3, P-DEF-18: stocks go back to the supply, 1 Honor per full 4
    tokens."""
    _g, s = _vignette()
    s.stock = [3, 4, 9, 0]
    s.supply = [26 - 7, 26 - 9]
    theater.political_capital(s)
    assert s.stock == [0, 0, 0, 0] and s.supply == [26, 26]
    assert [h - 10 for h in s.honor] == [0, 1, 2, 0]


def test_oracle_treason_option() -> None:
    """P-ORACLE-2, P-TREASON-2, P-AMB-45: one treason marker of the owner's side in each of three
    different theaters, chosen one at a time; the issue ends after the third."""
    g, s = _vignette()
    s.held = [0] * len(s.held)
    s.held[(EK * 4 + EK) * len(MARKER_KINDS) + MARKER_KINDS.index("ORA")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, "place EK ORA Sparta", "reveal Sparta", "oracle treason Samos")
    assert s.step == "resolve" and Action("oracle", ("treason", "Samos")) not in g.legal_actions(s)
    assert Action("decline") not in g.legal_actions(s)
    play(g, s, "oracle treason Chios", "oracle treason Athens")
    t = g.tables
    assert [s.treason[t.theater_index[k] * 2 + 1] for k in ("Samos", "Chios", "Athens")] == [2, 1, 1]
    assert s.phase == "over" and s.chosen == []


def _military(where: str, stock: int = 8) -> tuple[PericlesGame, PericlesState]:
    g, s = _vignette()
    s.held = [0] * len(s.held)
    s.held[(AF * 4 + AF) * len(MARKER_KINDS) + MARKER_KINDS.index("MIL")] = 1
    s.stock[AF] = stock
    s.supply[0] = 26 - stock - s.stock[DF]
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, f"place AF MIL {where}", f"reveal {where}")
    return g, s


def test_raid() -> None:
    """P-MIL-1, P-RAID-1, P-RAID-2, P-RAID-3, P-RAID-5, P-DEF-22: in a contested theater the Commander may
    Raid: 3 Strategos spent, +3 Honor, its side's battle card turned up; the enemy Dominant loses that
    many Strategos; no battle."""
    g, s = _military("Hellespont")
    assert Action("raid") in g.legal_actions(s)
    g.apply_in_place(s, Action("raid"))
    assert g.is_chance(s) and s.actor == 0
    card = next(a for a, _ in g.chance_outcomes(s) if g.tables.card_value[g.tables.card_index[str(a.args[1])]] == 4)
    g.apply_in_place(s, card)
    assert s.honor[AF] == 10 + 3 + 1 and s.honor[EK] == 10 + 1  # then Capital: AF 5 left, EK 4 left
    assert s.supply[1] == 26 and s.card_loc[g.tables.card_index[str(card.args[1])]] == DISCARD


def test_raid_victim_short_of_strategos() -> None:
    """P-RAID-4: the enemy Dominant short of tokens loses all it has and 1 Honor per missing token."""
    g, s = _military("Hellespont")
    s.stock[EK], s.supply[1] = 1, 26 - 1 - s.stock[AK]
    g.apply_in_place(s, Action("raid"))
    card = next(a for a, _ in g.chance_outcomes(s) if g.tables.card_value[g.tables.card_index[str(a.args[1])]] == 5)
    g.apply_in_place(s, card)
    assert s.honor[EK] == 10 - 4


def test_raid_needs_contest_and_three_strategos() -> None:
    """P-RAID-1, P-AMB-23, P-MIL-2: no Raid outside a contested theater or with fewer than 3 tokens; a
    Commander without Strategos resolves the issue with no effect."""
    g, s = _military("Samos")
    assert Action("raid") not in g.legal_actions(s) and Action("decline") in g.legal_actions(s)
    g, s = _military("Hellespont", stock=2)
    assert Action("raid") not in g.legal_actions(s)
    g, s = _military("Hellespont", stock=0)
    assert s.phase == "over" and s.honor[AF] == 10


def test_lent_marker_is_resolved_by_its_owner() -> None:
    """P-DEF-21, P-TMARK-5, P-INFO-6: a marker lent to the compatriot is placed by it, but its owner
    makes every decision, and the owner sees it on the map."""
    g, s = _vignette()
    s.held = [0] * len(s.held)
    s.held[(DF * 4 + AF) * len(MARKER_KINDS) + MARKER_KINDS.index("ORA")] = 1  # AF's Oracle, held by DF
    s.step = "place_next"
    flow.advance(g.tables, s)
    assert s.actor == DF
    play(g, s, "place AF ORA Athens")
    assert g.view(s, AF).state.queue == s.queue and g.view(s, EK).state.queue != s.queue
    play(g, s, "reveal Athens")
    assert s.step == "resolve" and s.actor == AF
    play(g, s, "oracle honor")
    assert s.honor[AF] == 10 + 3 + 2 and s.honor[DF] == 10 + 2  # + Political Capital (8 tokens each)


def test_p_league_1_a_lone_decline_says_why_the_league_issue_does_nothing() -> None:
    """P-LEAGUE-1, P-THEATER-14: a League marker revealed where its side neither controls nor contests
    leaves its owner only ``decline``; the menu title says why. In Athens, friendly, the options are
    there and the title is the plain one."""
    from kleos.games.pericles.rules.common import CONTESTED, FRIENDLY, status
    from kleos.games.pericles.tables import PERSIA
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    g = game()
    s = g.new_state(1)
    t = g.tables
    league = MARKER_KINDS.index("LEA")
    lonely = next(th for th in range(len(t.theater_keys)) if status(s, th, 0) not in (FRIENDLY, CONTESTED)
                  and th != PERSIA)
    s.step, s.actor, s.chance = "resolve", AF, None
    s.revealed = lonely * 1000 + AF * 100 + AF * 10 + league
    assert [str(a) for a in g.legal_actions(s, AF)] == ["decline"]
    assert title(g, g.view(s, AF), AF) == ("resolve the revealed marker: declining is the only choice; a League "
                                           "issue works only in a theater your side controls or contests "
                                           "(P-LEAGUE-1)")
    s.revealed = t.theater_index["Athens"] * 1000 + AF * 100 + AF * 10 + league
    assert len(g.legal_actions(s, AF)) > 1
    assert title(g, g.view(s, AF), AF).startswith("resolve your League marker in Athens: a League base for 4 "
                                                  "Strategos")


def test_p_exped_2_a_secret_commitment_names_the_issue_and_what_the_tokens_do() -> None:
    """P-EXPED-2, P-MOVE-1, P-BATTLE-4, P-DIPLO-7, P-DIPLO-9: the title of a secret commitment names
    whose issue it is and where, and what the tokens do for the seat's side: "commit Strategos in
    secret" alone left a newcomer guessing."""
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    g = game()
    s = g.new_state(1)
    th = g.tables.theater_index["Boeotia"]
    s.step, s.chance = "exped_secret", None
    s.revealed = th * 1000 + DF * 100 + DF * 10 + MARKER_KINDS.index("MIL")
    assert title(g, g.view(s, AF), AF) == ("commit Strategos in secret to DF's expedition to Boeotia: each moves one "
                                           "unit of your side and adds 1 to its battle total (P-EXPED-2, P-MOVE-1, "
                                           "P-BATTLE-4)")
    assert title(g, g.view(s, EK), EK) == ("commit Strategos in secret against DF's expedition to Boeotia: each adds "
                                           "1 to your side's battle total (P-EXPED-2, P-BATTLE-4)")
    s.step = "dip_secret"
    s.revealed = th * 1000 + AK * 100 + AK * 10 + MARKER_KINDS.index("DIP")
    assert "to AK's Diplomatic issue in Boeotia: with a battle card each, your side's total must be at least twice" \
        in title(g, g.view(s, AK), AK)
    assert "against AK's Diplomatic issue in Boeotia: with a battle card each, AK's side needs at least twice your " \
        "side's total" in title(g, g.view(s, AF), AF)
