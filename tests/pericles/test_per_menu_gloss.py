"""A hand of bare card ids is readable in the menu (a newcomer's finding): each card entry carries
the card's title, value and the faction's own half (P-CARD-1..6, P-LEADER-1), each issue its name
(P-POLISSUE-1), and an entourage choice's explanation reads the card too. The log tells what the
others may know of a secret step: a card dealt goes to a faction (P-INFO-2), a marker is placed face
down in a theater (P-INFO-6), a card is set aside or played, a marker lent, Strategos committed
(P-INFO-5, P-INFO-7), never which."""

from __future__ import annotations

from per_helpers import AF, at_step, bare, played, put

from decisions import at_first_decision
from kleos import i18n
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.cards import card_gloss, card_title
from kleos.games.pericles.explain import explain
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AN, FACTIONS, MARKER_KINDS
from kleos.tui.look import Look

DATA = load_data()


def test_a_card_reads_as_its_title_value_and_the_readers_own_half() -> None:
    """P-CARD-1: each faction of the side reads its own half of the same card."""
    assert card_gloss(DATA, "A04", "AF") == "Leontis I (1): ORA: +4, 3 Strategos"
    assert card_gloss(DATA, "A04", "DF") == "Leontis I (1): LEA: +2, 1 Strategos"
    assert card_gloss(DATA, "A06", "AF") == "Oeneis I (1): LEA before the Plague: +5, 3 Strategos"


def test_a_leader_reads_as_its_value_and_bonuses_and_an_unknown_id_as_nothing() -> None:
    """P-LEADER-1."""
    leader = next(leader for leader in DATA.leaders.leaders if leader.faction == "AF")
    assert card_gloss(DATA, "LAF", "AF").startswith(f"Leader ({leader.value}): ")
    assert card_gloss(DATA, "A99", "AF") == ""


def test_the_menu_glosses_cards_and_issues_from_the_deciders_view() -> None:
    game = KIT.make_game({})
    state, seat = at_first_decision(game, 7)
    look = Look(KIT)
    view = game.view(state, seat)
    entourage = [a for a in game.legal_actions(state, seat) if a.verb == "entourage"]
    assert entourage
    for action in entourage:
        assert look.gloss(game, view, action) == card_gloss(DATA, str(action.args[0]), FACTIONS[seat])
    assert look.gloss(game, view, Action.parse("issue CIT")) == (
        "won: a Delian League base becomes Athenian, with a ship or 2 land units, +2 Honor")
    assert look.gloss(game, view, Action.parse("issue MIL")) == "won: a Military marker"
    assert look.gloss(game, view, Action.parse("issue RUM")) == ""  # a Rumor is a marker, not an issue
    with i18n.use_locale("es"):
        assert look.gloss(game, view, Action.parse("issue DIP")) != "won: a Diplomatic marker"


def test_p_polissue_1_choosing_an_issue_says_what_winning_it_brings() -> None:
    """P-POLISSUE-1..8, P-ORATORY-2, P-WARPEACE-1, P-TMARK-1: the menu's gloss of each issue a faction
    may put on its track says what winning it brings, not its name again (the step's words name it);
    the explanation of a political issue says it too, with its rules."""
    game = KIT.make_game({})
    state, seat = at_first_decision(game, 7)
    while state.step != "select":
        seat = game.actors(state)[0]
        game.apply_in_place(state, game.legal_actions(state, seat)[0], seat)
    seat = game.actors(state)[0]
    look = Look(KIT)
    view = game.view(state, seat)
    issues = [a for a in game.legal_actions(state, seat) if a.verb == "issue"]
    assert len(issues) >= 6
    for action in issues:
        gloss = look.gloss(game, view, action)
        assert gloss.startswith("won") and gloss not in KIT.describe_action(game, view, action)
    ostracism = explain(game, view, Action.parse("issue OST"))
    assert "3 Honor from your compatriot" in ostracism and "P-ORATORY-2" in ostracism
    games = explain(game, view, Action.parse("issue GAM"))
    assert "3 Strategos from the supply in War" in games and "P-POLISSUE-3" in games


def test_p_info_2_a_card_dealt_face_down_names_its_faction_only() -> None:
    game = KIT.make_game({})
    deal = Action.parse("deal DF A04")
    line = KIT.hidden_log_line(game, CHANCE, deal, frozenset({FACTIONS.index("DF")}))
    assert line == "DF is dealt a card (hidden)" and "A04" not in line
    with i18n.use_locale("es"):
        assert KIT.hidden_log_line(game, CHANCE, deal, frozenset({1})) != line


def test_an_entourage_choice_is_explained_with_the_card_the_browser_shows_it_too() -> None:
    """The explanation (the terminal's detail line, the browser's ⓘ) reads the card before the effect."""
    game = KIT.make_game({})
    state, seat = at_first_decision(game, 7)
    action = next(a for a in game.legal_actions(state, seat) if a.verb == "entourage")
    words = explain(game, game.view(state, seat), action)
    reading = card_gloss(DATA, str(action.args[0]), FACTIONS[seat])
    assert words.startswith(f"{action.args[0]}: {reading}. Set this card aside as entourage")
    assert explain(game, game.view(state, None), action).startswith("Set this card aside")  # no faction: no half


def test_p_info_6_a_marker_placed_face_down_is_told_by_its_theater_only() -> None:
    """The theater is on the map for all to see; the kind and the owner (a lent marker) are not."""
    game = KIT.make_game({})
    seat = FACTIONS.index("DF")
    line = KIT.hidden_log_line(game, seat, Action.parse("place AF MIL Corcyra"), frozenset({seat}))
    assert line == "Demagogues: place a marker face down in Corcyra"
    assert "MIL" not in line and "AF" not in line


def test_p_info_2_other_secret_steps_say_what_kind_of_step_not_what() -> None:
    game = KIT.make_game({})
    said = {notation: KIT.hidden_log_line(game, 0, Action.parse(notation), frozenset({0}))
            for notation in ("entourage A04", "keep A04 A05", "lend MIL", "secret 2", "play A04")}
    assert said == {"entourage A04": "Aristocrats: set a card aside as entourage (hidden)",
                    "keep A04 A05": "Aristocrats: keep entourage cards (hidden)",
                    "lend MIL": "Aristocrats: lend a marker to the compatriot (hidden)",
                    "secret 2": "Aristocrats: commit Strategos in secret (hidden)",
                    "play A04": "Aristocrats: play a debate card face down (hidden)"}


def test_a_theater_to_place_in_reads_as_its_status_and_queue() -> None:
    """P-DEF-11, P-THEATER-5: where a marker would go, from the placer's side; an empty queue goes unsaid."""
    game = KIT.make_game({})
    state = game.new_state(7)
    sparta = game.tables.theater_index["Sparta"]
    state.queue.extend([sparta * 1000 + 2 * 100 + 2 * 10 + 0, sparta * 1000 + 3 * 100 + 3 * 10 + 1])  # two Spartan
    look = Look(KIT)
    view = game.view(state, FACTIONS.index("AF"))
    assert look.gloss(game, view, Action.parse("place AF MIL Athens")) == "friendly"
    assert look.gloss(game, view, Action.parse("place AF MIL Sparta")) == "enemy, 2 markers there"
    state.queue.pop()
    view = game.view(state, FACTIONS.index("EK"))
    assert look.gloss(game, view, Action.parse("place EK MIL Sparta")) == "friendly, 1 marker there"


def test_p_exped_7_a_military_marker_where_no_unit_can_go_says_so() -> None:
    """P-MIL-7, P-EXPED-7, P-MOVE-9: at the start of the war no Spartan unit gets past the Athenian
    Cyclades, so a Spartan Military marker in Samos would bring an expedition and no battle; its entry
    says so, a Rumor there and a Military marker in Athens (within reach) do not."""
    game = KIT.make_game({})
    state = game.new_state(91)
    view, look = game.view(state, FACTIONS.index("EK")), Look(KIT)
    assert look.gloss(game, view, Action.parse("place EK MIL Samos")) == "enemy, out of reach now"
    assert look.gloss(game, view, Action.parse("place EK RUM Samos")) == "enemy"
    assert look.gloss(game, view, Action.parse("place EK MIL Athens")) == "enemy"
    view = game.view(state, FACTIONS.index("AF"))
    assert look.gloss(game, view, Action.parse("place AF MIL Sicily")) == "neutral"


def test_p_league_1_a_league_marker_where_it_would_be_idle_says_so() -> None:
    """P-LEAGUE-1, P-ARGOS-1, P-PERSIA-2, P-PERSIA-3: a League marker's entry in a neutral or enemy theater
    reads "idle" (no effect as things stand), not in a friendly or contested one (Sparta with a Delian
    League base there, where Argos may be built, P-ARGOS-1); in Persia every marker but a Spartan League one
    is idle, and a Rumor, meant to do nothing, never reads so. The placement's title says what "idle" means
    when the placer holds a League marker, and not otherwise."""
    from kleos.games.pericles.tui.titles import title

    game = KIT.make_game({})
    state = game.new_state(91)
    look = Look(KIT)
    view = game.view(state, FACTIONS.index("AF"))
    assert look.gloss(game, view, Action.parse("place AF LEA Sicily")) == "idle"
    assert look.gloss(game, view, Action.parse("place AF LEA Sparta")) == "idle"
    assert look.gloss(game, view, Action.parse("place AF LEA Athens")) == "friendly"
    assert look.gloss(game, view, Action.parse("place AF DIP Sicily")) == "neutral"
    assert look.gloss(game, view, Action.parse("place AF RUM Sicily")) == "neutral"
    put(game, state, "Sparta", Db=1)
    view = game.view(state, FACTIONS.index("AF"))
    assert look.gloss(game, view, Action.parse("place AF LEA Sparta")) == "contested"
    assert look.gloss(game, view, Action.parse("place AF LEA Persia")) == "idle"
    assert look.gloss(game, view, Action.parse("place AF ORA Persia")) == "idle"
    assert look.gloss(game, view, Action.parse("place AF RUM Persia")) == "neutral"
    view = game.view(state, FACTIONS.index("EK"))
    assert look.gloss(game, view, Action.parse("place EK MIL Persia")) == "idle"
    assert look.gloss(game, view, Action.parse("place EK LEA Persia")) == "neutral"
    g, s = at_step("place", "14_1_09a")
    placer = g.actors(s)[0]
    held = {str(a.args[1]) for a in g.legal_actions(s, placer)}
    meant = "'idle': a League marker does nothing where your side neither controls nor contests (P-LEAGUE-1)"
    assert "LEA" in held and meant in title(g, g.view(s, placer), placer), held
    s.held = [0 if i % len(MARKER_KINDS) == MARKER_KINDS.index("LEA") else n for i, n in enumerate(s.held)]
    assert meant not in title(g, g.view(s, placer), placer)


def test_p_league_1_takes_effect_agrees_with_the_league_issue_s_choices() -> None:
    """P-LEAGUE-1..6: where :func:`league.takes_effect` says a League issue is idle, the issue offers only
    to decline; where it says not, it offers more (with Strategos enough), in every theater of seeded
    random positions of the war."""
    from kleos.games.pericles.rules import league

    checked = {True: 0, False: 0}

    def check(g: PericlesGame, _before: PericlesState, _seat: int, _action: Action, after: PericlesState) -> None:
        if after.steps % 25:
            return
        rich = after.copy()
        rich.stock = [20, 20, 20, 20]
        for owner in (0, 2):
            for th in range(len(g.tables.theater_keys)):
                effect = league.takes_effect(rich, th, owner // 2)
                offered = [a for a in league.legal(g.tables, rich, th, owner) if a.verb != "decline"]
                assert bool(offered) == effect, (g.tables.theater_keys[th], owner, offered)
                checked[effect] += 1

    played("14_2", 5, "over", told=check)
    assert checked[True] and checked[False], checked


def test_p_hand_2_keeping_reads_as_cards_and_keeping_none_says_so() -> None:
    """P-HAND-2: a keep entry names the cards it keeps (one card: its whole reading; several: titles and
    values); keeping none says that all are discarded, not "keep in the entourage:" and nothing."""
    game, state = at_step("keep")
    seat = game.actors(state)[0]
    view, look = game.view(state, seat), Look(KIT)
    entries = {str(a): (KIT.describe_action(game, view, a), look.gloss(game, view, a))
               for a in game.legal_actions(state, seat)}
    assert entries["keep"] == ("keep no entourage card: all are discarded", "")
    single = next(text for text in entries if len(text.split()) == 2)
    card = single.split()[1]
    assert entries[single] == (f"keep in the entourage: {card}", card_gloss(DATA, card, FACTIONS[seat]))
    triple = next(text for text in entries if len(text.split()) == 4)
    assert entries[triple][1] == ", ".join(card_title(DATA, c) for c in triple.split()[1:])
    assert card_title(DATA, "A04") == "Leontis I (1)" and card_title(DATA, "LAF").startswith("Leader (")
    assert card_title(DATA, "A99") == ""


def test_a_move_reads_as_its_links_from_the_expedition_by_the_units_kind() -> None:
    """P-MOVE-4, P-MOVE-5, P-MOVE-6, P-MOVE-9, P-MOVE-11: each first step and each further one says how far
    its end stays from the Expedition theater along the connections the unit's kind may use, never back
    through a theater it has passed: a hoplite from Athens via the Isthmus is 2 links from Thessaly
    (Boeotia, Thessaly); a trireme has no sea line from the Isthmus to Boeotia, and the one to Naupactus
    needs a friendly base at the Isthmus: 4 links by Sparta without one, 3 with one; entering Thessaly
    names it, and a ship leaving Boeotia (the only sea way in) has no way on."""
    game, state = bare()
    t = game.tables
    put(game, state, "Athens", Al=1, An=1)
    put(game, state, "Boeotia", An=1)
    state.revealed = t.theater_index["Thessaly"] * 1000  # an issue's entry: its theater first
    state.step, state.moves_left = "move", 3
    look, view = Look(KIT), game.view(state, AF)
    said = {notation: look.gloss(game, view, Action.parse(notation))
            for notation in ("move Athens Al Boeotia", "move Athens Al Isthmus", "move Athens An Isthmus",
                             "move Boeotia An Thessaly", "move Boeotia An Naupactus")}
    assert said == {"move Athens Al Boeotia": "1 link from Thessaly", "move Athens Al Isthmus": "2 links from Thessaly",
                    "move Athens An Isthmus": "4 links from Thessaly",
                    "move Boeotia An Thessaly": "the expedition theater",
                    "move Boeotia An Naupactus": "no way on to Thessaly"}  # a ship reaches Thessaly only by Boeotia
    put(game, state, "Isthmus", Ab=1)
    assert look.gloss(game, game.view(state, AF), Action.parse("move Athens An Isthmus")) == "3 links from Thessaly"
    state.step, state.moving = "move_on", t.theater_index["Isthmus"] * 100 + AN
    state.visited = [t.theater_index["Athens"], t.theater_index["Isthmus"]]
    view = game.view(state, AF)
    assert look.gloss(game, view, Action.parse("step Naupactus")) == "2 links from Thessaly"
    assert look.gloss(game, view, Action.parse("step Sparta")) == "3 links from Thessaly"
    for typed in ("move Nowhere Al Boeotia", "move Athens Zz Boeotia", "step Nowhere"):  # no words, no error
        assert look.gloss(game, view, Action.parse(typed)) == "", typed
