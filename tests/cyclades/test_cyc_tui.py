"""The Cyclades terminal part: the hex map of each board, the panels, and the generic app playing
Cyclades with its panels (Textual pilot)."""

from __future__ import annotations

import asyncio
import re

import pytest
from cyc_kit import registered  # noqa: F401  (installs the Cyclades kit for every test here)
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from kleos.core.protocol import Outcome
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tui import render
from kleos.games.cyclades.view import HIDDEN, CycladesView
from kleos.tui.look import Look
from kleos.tui.menu import END_KEY, build_level
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_WAIT
from step_cap import StepCap


def plain(text: Text, width: int = 120) -> str:
    console = Console(width=width, color_system=None, record=True)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


def started(players: int, seed: int = 3) -> tuple[CycladesGame, CycladesState]:
    game = CycladesGame({"players": players})
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    return game, state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_map_draws_every_island_and_sea_of_the_board_for_the_player_count(players: int) -> None:
    """C-DATA-1 / C-TWO-1: each player count has its own board, and every space of it is drawn."""
    game, state = started(players)
    t = game.tables
    text = plain(render.map_view(game, game.view(state, 0), render.DARK, 120))
    words = set(re.findall(r"\b([IS]\d+)", text))
    assert words == set(t.island_ids) | set(t.sea_ids)


def test_map_shows_owner_troops_and_fleets() -> None:
    game, state = started(5)
    t = game.tables
    island = next(i for i, o in enumerate(state.owner) if o == 0)
    state.troops[island] = 3
    sea = next(i for i, o in enumerate(state.fleet_owner) if o == 1)
    state.fleets[sea] = 4
    text = plain(render.map_view(game, game.view(state, 0), render.DARK, 120))
    lines = text.splitlines()
    row = next(n for n, line in enumerate(lines) if re.search(rf"\b{t.island_ids[island]}\*", line))
    column = lines[row].index(f"{t.island_ids[island]}*")
    assert lines[row + 1][column:column + 2] == "B3"
    row = next(n for n, line in enumerate(lines) if re.search(rf"\b{t.sea_ids[sea]}\b", line))
    column = re.search(rf"\b{t.sea_ids[sea]}\b", lines[row]).start()  # type: ignore[union-attr]
    assert lines[row + 1][column:column + 3] == "R4~"


@pytest.mark.parametrize("players", [3, 5])
def test_map_shows_buildings_and_the_metropolis_on_one_cell_islands(players: int) -> None:
    """C-BUILD-1 / C-METRO-1: an island of a single hex shows its building and its Metropolis too (after
    its owner and troops), not only islands with a second cell to draw them on."""
    from cyc_helpers import build_on

    game, state = started(players)
    t = game.tables
    single = [t.island_index[i.id] for i in t.data.board(t.board).islands if len(i.cells) == 1]
    assert len(single) >= 2, "the board has one-cell islands to draw"
    built, metro = single[0], single[1]
    state.owner[built], state.troops[built] = 0, 2
    build_on(game, state, t.island_ids[built], "university")
    state.owner[metro], state.troops[metro] = 1, 1
    state.metropolis[metro] = 1
    lines = plain(render.map_view(game, game.view(state, 0), render.DARK, 120)).splitlines()
    for island, shown in ((built, "U"), (metro, "M")):
        row = next(n for n, line in enumerate(lines) if re.search(rf"\b{t.island_ids[island]}\*", line))
        column = lines[row].index(f"{t.island_ids[island]}*")
        assert shown in lines[row + 1][column:column + render.CELL].split()[-1], (t.island_ids[island], lines[row + 1])


def test_the_legend_names_every_mark_the_map_draws() -> None:
    """An island's second cell shows its buildings or '.', and the legend says so, with the letters'
    buildings (a newcomer read 'I5 .' as a second island)."""
    game, state = started(3)
    text = " ".join(plain(render.map_view(game, game.view(state, 0), render.DARK, 120)).split())
    assert re.search(r"\bI\d+ \.", text), "an empty second cell is drawn as '.'"
    assert "P F T U buildings (Port, Fortress, Temple, University), shown on an island's second cell ('.' none)" in text


def test_narrow_panel_lists_the_board_instead() -> None:
    game, state = started(5)
    text = plain(render.map_view(game, game.view(state, 0), render.DARK, 50), 50)
    assert "island owner" in text and max(len(line) for line in text.splitlines()) <= 50


def test_players_panel_hides_other_seats_gold() -> None:
    """C-INFO-1: the other players' gold is behind their screens."""
    game, state = started(3)
    state.gold = [11, 12, 13]
    text = plain(render.players_view(game, game.view(state, 1), render.DARK, 100))
    rows = {line.split()[0]: line.split()[1] for line in text.splitlines()[1:4]}
    assert rows == {"Blue": "?", "Red": "12", "Green": "?"}
    everything = plain(render.players_view(game, CycladesView(None, state), render.DARK, 100))
    assert "11" in everything and "13" in everything


def test_c_end_4_the_screens_are_lifted_when_the_game_is_over() -> None:
    """C-END-4: the richest qualifier wins a tie, so once the game is over every seat and a
    spectator see every player's gold (a moment before, only their own)."""
    game, state = started(3)
    state.gold = [11, 12, 13]
    assert game.view(state, 1).state.gold == [HIDDEN, 12, HIDDEN]
    state.outcome = Outcome("metropolises", 2, (2, 2, 1))
    for seat in (0, 1, 2, None):
        assert game.view(state, seat).state.gold == [11, 12, 13]
    rows = plain(render.players_view(game, game.view(state, 1), render.DARK, 100)).splitlines()[1:4]
    assert {line.split()[0]: line.split()[1] for line in rows} == {"Blue": "11", "Red": "12", "Green": "13"}


def test_generic_app_plays_cyclades_with_its_panels() -> None:
    """The shell shows the Cyclades status and map, and a person can make offerings and end turns."""
    app = build_app(KIT, {"players": 3}, seats=(0,), seed=4, opponent="random")

    async def go() -> None:
        async with app.run_test(size=(130, 50)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await pilot.press("enter")
            for _ in range(200):
                await app.workers.wait_for_complete()
                await pilot.pause(0)
                if screen.mode != MODE_WAIT:
                    break
            status = str(screen.query_one("#status", Static).render())
            board = str(screen.query_one("#board", Static).render())
            assert "Cyclades · 3 players · cycle 1" in status
            assert "S30" in board and "I8" in board

    asyncio.run(go())


def zeus_turn_with_creatures() -> tuple[CycladesGame, CycladesState]:
    """Zeus's turn for Blue with a Temple on I1 and the Pegasus, the Kraken and the Sylph on the track."""
    from cyc_helpers import build_on, put, war_turn

    from kleos.games.cyclades.tables import ZEUS

    game, state = war_turn(3, ZEUS, gold=9)
    put(game, state, 0, I1=1)
    build_on(game, state, "I1", "temple")
    index = game.tables.creature_index
    state.track = [index["pegasus"], index["kraken"], index["sylph"]]
    return game, state


def test_a_creature_is_explained_before_it_is_paid_for() -> None:
    """C-SUMMON-2/3, C-BUILD-7, C-DATA-6: 'summon 2 1' says which creature it is, what it does and what
    it costs after the Temple; the Creatures view tells each creature on the track's effect."""
    from kleos.core.action import Action
    from kleos.games.cyclades.reference import explain

    game, state = zeus_turn_with_creatures()
    view = game.view(state, 0)
    words = explain(game, view, Action.parse("summon 2 1"))
    assert words.startswith("Sylph for 1 GP (slot 2 GP, 1 of your Temples used")
    assert "Free fleet movement" in words and words.endswith("]") and "C-SUMMON-2" in words
    assert "Pegasus for 4 GP" in explain(game, view, Action.parse("summon 4 0"))
    creatures = plain(render.creatures_view(game, view, render.DARK, 100))
    for name, effect in (("Pegasus", "Move troops of one own island"), ("Kraken", "Place the figure on a sea space"),
                         ("Sylph", "Free fleet movement")):
        assert f"{name}: {effect}" in " ".join(creatures.split()), name


def test_the_rules_reference_is_one_a_newcomer_can_plan_from() -> None:
    """R's reference: the cycle order, income, offering order, costs, battle maths, the Metropolis routes
    and limit, the end and tie-breaks, every god and every creature with its effect, with rule IDs."""
    from kleos.games.cyclades.loader import load_data

    parts = KIT.terminal_parts()
    assert parts is not None
    text = parts.help.rules
    assert text is not None
    for needed in ("C-CYCLE-1", "Income", "C-INCOME-1", "the last to act bids first", "minus 1 per Priest",
                   "1 / 2 / 3 GP", "2 / 3 / 4 GP", "0, 1, 1, 2, 2, 3", "lower total loses one unit",
                   "4 Philosophers", "One per island", "the most GP", "C-END-2..5", "Apollo", "4, 3 or 2 GP"):
        assert needed in text, needed
    for god in ("Poseidon", "Ares", "Zeus", "Athena", "Apollo"):
        assert f"| {god} |" in text, god
    for c in load_data().creatures.creatures:
        assert f"- **{c.name_en}**: {c.effect}" in text, c.key


def test_the_terminal_explains_the_highlighted_choice_on_question_mark_and_in_r() -> None:
    """The explain hook in the app (Textual pilot): at the first offering the highlighted entry's line
    says what the bid buys and costs, ? opens a page about that entry, R the rules reference."""
    from kleos.tui.screen import MODE_CHOOSE
    from kleos.tui.widgets import TextScreen

    app = build_app(KIT, {"players": 3}, seats=(0,), seed=4, opponent="random")
    pages: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(130, 50)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await pilot.press("enter")
            for _ in range(200):
                await app.workers.wait_for_complete()
                await pilot.pause(0)
                if screen.mode == MODE_CHOOSE:
                    break
            offer = next(a for a in screen.legal if a.verb == "offer")
            for level in screen.path_to(offer)[1:]:
                entry = next(e for e in screen.levels[-1].entries if e.prefix == level.prefix)
                screen.take(entry)
                await pilot.pause()
            screen.menu.highlighted = next(i for i, e in enumerate(screen.levels[-1].entries) if e.action == offer)
            await pilot.pause()
            detail = str(screen.query_one("#detail", Static).render())
            assert f"Bid {offer.args[1]} for " in " ".join(detail.split()), detail
            await pilot.press("question_mark")
            assert isinstance(app.screen, TextScreen)
            pages.append(str(app.screen.body))
            await pilot.press("escape")
            await pilot.press("R")
            assert isinstance(app.screen, TextScreen)
            pages.append(str(app.screen.body))
            await pilot.press("escape")

    asyncio.run(go())
    entry_page, rules_page = pages
    assert entry_page.startswith("Decision: Blue: ")  # the menu's title whole, then the highlighted choice
    assert "\n\nThis choice: " in entry_page and "If nobody outbids you, you pay" in entry_page
    assert "Cyclades: rules reference" in rules_page and "Battle maths" in rules_page


def test_every_choice_of_seeded_games_is_explained_with_its_rules() -> None:
    """Whole seeded games of 2, 3 and 5 players (the heuristic, with random choices now and then to
    reach creatures and battles): every legal action of every decision has an explanation for a
    newcomer that ends with the rule IDs behind it in brackets."""
    import random

    from kleos.games.cyclades.agents.heuristic import HeuristicAgent
    from kleos.games.cyclades.reference import explain

    unexplained: set[str] = set()
    for players in (2, 3, 5):
        game = CycladesGame({"players": players})
        agent, rng = HeuristicAgent(game), random.Random(players)
        state = game.new_state(20 + players)
        for _ in range(3000):
            if game.is_terminal(state):
                break
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal, view = game.legal_actions(state, seat), game.view(state, seat)
            for action in legal:
                words = explain(game, view, action)
                if not words.endswith("]") or "[C-" not in words:
                    unexplained.add(f"{action.verb}: {words!r}")
            choice = rng.choice(legal) if rng.random() < 0.2 else agent.choose(view, legal, rng)
            game.apply_in_place(state, choice, seat)
        else:
            raise AssertionError(f"a {players}-player game did not end in 3000 steps")
    assert not unexplained, sorted(unexplained)[:10]


def test_c_summon_2_words_that_name_the_creature_are_not_followed_by_it_again() -> None:
    """C-SUMMON-2: where the entry is told in words (the plain terminal's menu, the browser's buttons),
    "summon the Sylph (1 GP)" is not followed by the gloss "(Sylph, 1 GP)" that the full-screen menu
    needs after a bare notation; a swap's gloss, which the words do not say, stays."""
    from kleos.core.action import Action
    from kleos.core.kit.terminal import gloss_beyond
    from kleos.server.messages import legal_items
    from kleos.tui.look import Look

    game, state = zeus_turn_with_creatures()
    view = game.view(state, 0)
    look = Look(KIT)
    items = {item["action"]: item for item in legal_items(KIT, game, view, game.legal_actions(state, 0))}
    summon = items["summon 2 1"]
    assert "Sylph" in summon["text"] and "1 GP" in summon["text"] and "gloss" not in summon, summon
    assert look.gloss(game, view, Action.parse("summon 2 1")) == "Sylph, 1 GP"  # the full-screen menu's
    assert items["swap 3"]["gloss"] == "discard the Kraken", items["swap 3"]
    assert gloss_beyond("summon the Sylph (2 GP)", "Sylph, 1 GP") == "Sylph, 1 GP"  # a price it does not say
    assert gloss_beyond("summon the Fates (3 GP); the Fates pay Blue their income again", "The Fates, 3 GP") == ""


def test_a_summon_entry_names_its_creature_in_the_menu() -> None:
    """C-SUMMON-2, C-ZEUS-1: 'summon 2 1' and 'swap 2' say in the menu itself which creature they are
    about (the notation names only the price slot)."""
    from kleos.core.action import Action
    from kleos.tui.look import Look
    from kleos.tui.menu import build_level

    game, state = zeus_turn_with_creatures()
    view = game.view(state, 0)
    look = Look(KIT)
    legal = game.legal_actions(state, 0)
    labels = {str(e.action): e.label for e in build_level(legal, ("summon",), look.verb_titles,
                                                            lambda a: look.gloss(game, view, a)).entries}
    assert "Sylph, 1 GP" in labels["summon 2 1"] and "Pegasus, 4 GP" in labels["summon 4 0"], labels
    swaps = {str(e.action): e.label for e in build_level(legal, ("swap",), look.verb_titles,
                                                         lambda a: look.gloss(game, view, a)).entries}
    assert "discard the Kraken" in swaps["swap 3"], swaps
    assert Action.parse("summon 2 1") in legal


def test_an_offering_entry_says_whom_it_outbids_and_what_it_costs_after_priests() -> None:
    """C-OFFER-4, C-OFFER-5, C-OFFER-13: 'offer zeus 4' says in the menu whose marker must move, for a
    player with Priests the net price, and the gold left for the god's turn once it is paid; a bid on a
    god nobody holds says only that."""
    from kleos.core.action import Action
    from kleos.games.cyclades.tables import GODS
    from kleos.tui.look import Look

    game, state = started(3, seed=3)
    for _turn in range(2):  # the first two players bid 1 on the first god open to them
        seat = game.actors(state)[0]
        bid = next(a for a in game.legal_actions(state, seat) if a.verb == "offer" and a.args[1] == 1)
        game.apply_in_place(state, bid, seat)
    seat, t, look = game.actors(state)[0], game.tables, Look(KIT)
    offers = [a for a in game.legal_actions(state, seat) if a.verb == "offer"]
    told = 0
    for action in offers:
        god = GODS.index(str(action.args[0]))
        gloss = look.gloss(game, game.view(state, seat), action)
        left = f"{state.gold[seat] - int(action.args[1])} GP left"  # no Priest: the bid
        if state.bidder[god] >= 0:
            owner = game.seat_names[t.marker_owner[state.bidder[god]]]
            assert gloss == f"outbids {owner}'s {state.bid[god]} GP; {left}", (action, gloss)
            told += 1
        else:
            assert gloss == left, (action, gloss)
    assert told >= 1 and any(a.args[1] == state.gold[seat] for a in offers)  # all of it: 0 GP left
    state.priests[seat] = 2
    assert look.gloss(game, game.view(state, seat), Action.parse("offer zeus 4")).endswith(
        f"; you would pay 2 GP; {state.gold[seat] - 2} GP left")


def test_c_turn_5_ending_the_turn_is_the_last_entry_of_the_full_screen_menu() -> None:
    """C-ACTION-3, C-ACTION-6: on a god's turn the menu lists what the god offers first and "end the turn"
    last, on the key 0 (the engine lists ``end`` first; a newcomer's first key ended the turn)."""
    game, state = zeus_turn_with_creatures()
    seat = game.actors(state)[0]
    legal = game.legal_actions(state, seat)
    assert legal[0].verb == "end"
    look = Look(KIT)
    assert "end" in look.last_verbs
    level = build_level(legal, (), look.verb_titles, None, look.flat_limit, None, look.last_verbs)
    keyed = [entry for entry in level.entries if entry.key]
    assert keyed[-1].prefix[0] == "end" and keyed[-1].key == END_KEY
    assert all(entry.prefix[0] != "end" for entry in keyed[:-1])


def test_c_two_6_a_two_player_offering_counts_the_other_standing_offering_in_the_gold_left() -> None:
    """C-TWO-6, C-OFFER-13: with two markers each, the gold left after a second offering is the gold
    less both standing bids (no Priests: each bid is its price), as the legality check adds them."""
    from kleos.core.action import Action
    from kleos.games.cyclades.rules.offer import pending_marker
    from kleos.games.cyclades.tables import GODS
    from kleos.tui.look import Look

    game, state = started(2, seed=4)
    t, look, told = game.tables, Look(KIT), 0
    for _step in range(4):  # the four markers in track order: each a bid of 1 on the first god open
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        mine = [g for g in range(len(GODS)) if state.bidder[g] >= 0 and t.marker_owner[state.bidder[g]] == seat
                and state.bidder[g] != pending_marker(state)]
        held = sum(state.bid[g] for g in mine)
        for action in (a for a in legal if a.verb == "offer"):
            god = GODS.index(str(action.args[0]))
            freed = state.bid[god] if god in mine else 0  # outbidding one's own marker frees its bid
            gloss = look.gloss(game, game.view(state, seat), action)
            assert gloss.endswith(f"{state.gold[seat] - int(action.args[1]) - held + freed} GP left"), (
                action, gloss, held)
            told += bool(held)
        game.apply_in_place(state, next(a for a in legal if a.verb == "offer" and a.args[1] == 1)
                            if any(a.verb == "offer" and a.args[1] == 1 for a in legal) else Action("apollo"), seat)
    assert told, "no seat bid with an offering already standing"
