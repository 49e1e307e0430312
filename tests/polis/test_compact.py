"""The compact one-line position form (kleos.games.polis.compact).

It must keep every field of a position, the hidden ones too (R-GEN-17: battle hands, the order of
the face-down project pile, the generator), read back exactly what it wrote, agree with the
``field=value`` position text, stay short, and refuse malformed text with an error naming the field.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.core.protocol import Outcome
from kleos.games.polis import positions as pos
from kleos.games.polis.compact import TAG_NAMES, CompactError, from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import prudent_policy, rich_start
from kleos.games.polis.state import (
    BATTLE_FIELDS,
    BATTLES,
    CH_DIE,
    END_OF_ROUND,
    EVENT,
    OVER,
    ROUND_START,
    STATE_FIELDS,
    TURN,
    BattleState,
    PolisState,
)
from step_cap import StepCap

GAMES = {edition: PolisGame(edition) for edition in ("2012", "2020")}
EDITIONS = tuple(GAMES)
# Seeds whose playouts (from the set-up and from a rich mid-game start) reach battles, event questions
# and every kind of decision in progress; the coverage test below checks that they still do.
PLAYOUT_SEEDS = {"2012": (0, 4, 9), "2020": (4, 6, 9)}

START_2012 = (
    "2012 3 round_start - A:4p,4.4.4.4.0.4,22c,97d,7+1m,@Athinae S:4p,4.4.4.4.4.0,26c,97d,7+1m,@Sparti "
    "Attika:A3,Ionia:A2,Lakedaemon:S3,IonionPelagos:S1,Kyklades:A2,MyrtoonPelagos:S1,NotiesSporades:A1 "
    "Athinae:A5,Sparti:S4,Chalkis:A1,Chios:A2,Pylos:S2,Gythion:S1 chance=project rng=100028436902272046"
)
START_2020 = (
    "2020 Alfa round_start - A:3p,4.4.4.0.0.4,23c,22d,7+1m,@Athinae S:3p,4.4.4.0.4.0,26c,22d,7+1m,@Sparti "
    "Attika:A3,Ionia:A2,Lakedaemon:S3,IonionPelagos:S1,Kyklades:A2,MyrtoonPelagos:S2,NotiesSporades:A1 "
    "Athinae:A5,Sparti:S4,Chalkis:A1,Chios:A2,Pylos:S2,Gythion:S1 chance=project rng=100028436902272046"
)


def _round_trip(game: PolisGame, s: PolisState) -> str:
    """Write, read back, write again: the same state and the same text; and the same as the
    ``field=value`` position text says."""
    text = to_compact(game, s)
    back = from_compact(game, text)
    assert back == s, text
    assert to_compact(game, back) == text
    assert game.position_text(back) == game.position_text(s)
    assert to_compact(game, game.parse_position(game.position_text(s))) == text
    assert "\n" not in text
    return text


def _playout(game: PolisGame, seed: int, rich: bool) -> Iterator[PolisState]:
    """Every position of a seeded random game (chance from the state's own generator)."""
    rnd = random.Random(seed)
    s = rich_start(game, seed) if rich else game.new_state(seed)
    cap = StepCap("True")
    while True and cap():
        yield s
        if game.is_terminal(s):
            return
        if game.is_chance(s):
            game.step_chance(s)
        else:
            seat = game.actors(s)[0]
            game.apply_in_place(s, prudent_policy(rnd, s, seat, game.legal_actions(s, seat)), seat)


def _mid_game(game: PolisGame) -> PolisState:
    """A position late in a seeded game, with many tags set."""
    last = None
    for s in _playout(game, PLAYOUT_SEEDS[game.edition][0], rich=True):
        if s.phase == END_OF_ROUND:
            return s.copy()
        last = s
    assert last is not None
    return last.copy()


# ----- round trips ----------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_start_positions_round_trip(edition: str) -> None:
    """The set-up of each edition (R-SETUP), for several seeds: read back equal, text stable."""
    game = GAMES[edition]
    for seed in range(4):
        _round_trip(game, game.new_state(seed))


@pytest.mark.parametrize(("edition", "expected"), [("2012", START_2012), ("2020", START_2020)])
def test_start_position_text(edition: str, expected: str) -> None:
    """The set-up with seed 1, spelled out (the example of docs/notation.md): the notation's region
    and polis names, goods in the order iron.wood.wine.oil.silver.wheat (R-GEN-5, R-GEN-6: oil is 0
    in 2020), defaults left out. The literal also checks the reader apart from the writer."""
    game = GAMES[edition]
    s = game.new_state(1)
    assert to_compact(game, s) == expected
    assert from_compact(game, expected) == s


@pytest.mark.parametrize("edition", EDITIONS)
def test_start_position_is_short(edition: str) -> None:
    """A set-up fits in 400 characters. Budget: header ~25, two player blocks ~55 each, 7 occupied
    regions ~14 each (~110), 6 owned poleis ~10 each (~60), chance and generator ~40: about 300,
    so 400 leaves room for longer names yet fails if the form drifts towards the ~1,300-character
    one-field-per-line position text (which it must also beat by a factor of three)."""
    game = GAMES[edition]
    for seed in range(4):
        s = game.new_state(seed)
        text = to_compact(game, s)
        assert len(text) < 400, text
        assert 3 * len(text) < len(game.position_text(s))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_position_of_random_games_round_trips(edition: str) -> None:
    """Every position of seeded random games from the set-up and from rich mid-game starts,
    including battles (R-BATTLE-8 deck, R-BATTLE-13 dealing, hands hidden under R-GEN-17), event
    questions, the end of round (R-EOR) and the end of the game: read back equal, text stable."""
    game = GAMES[edition]
    phases: set[str] = set()
    steps: set[str] = set()
    pending: set[str] = set()
    eor: set[str] = set()
    events = 0
    for seed in PLAYOUT_SEEDS[edition]:
        for rich in (False, True):
            for s in _playout(game, seed, rich):
                _round_trip(game, s)
                phases.add(s.phase)
                if s.battle is not None:
                    steps.add(s.battle.phase)
                if s.pending is not None:
                    pending.add(str(s.pending[0]))
                if s.eor_pending is not None:
                    eor.add(str(s.eor_pending[0]))
                events += s.event_pending is not None
    assert phases == {ROUND_START, EVENT, TURN, BATTLES, END_OF_ROUND, OVER}
    assert steps == {"retreat", "deal", "attack", "defend"}
    assert pending == {"hoplites", "galleys", "merchants", "march", "sail", "tribute", "proxenos", "siege",
                       "trade", "toll"}
    assert eor == {"feed", "grow", "phoros"}
    assert events > 0


def _rare_fields(game: PolisGame) -> PolisState:
    """A turn position with the fields random games seldom reach set by hand."""
    t = game.tables
    s = pos.turn_position(game, round=1, active="athens", seed=3, projects=("Socrates", "Ephebe"))
    pos.set_units(game, s, "Boiotia", 4, 5)
    pos.set_polis(game, s, "Thibae", "sparta", 2)
    s.proxenos[0] = -1
    s.passed = [False, True]
    s.first_passer = s.last_passer = 1
    s.event = "NoEvent"
    s.event_flags = [("event_reader", 1), ("market_closed:Persia", 1), ("battle_size", -3)]
    s.event_pending = ("send", 0, 2, "Attika")
    s.pending = ("trade", True, (0, 1), (3,))
    s.chance, s.chance_left = CH_DIE, 2
    s.turn_actions = ("proxenos", "proxenos", "march", "proxenos")
    s.turn_create_polis = (("hoplites", t.polis_index["Athinae"]), ("galleys", t.polis_index["Chios"]))
    s.sieged_this_turn = (t.polis_index["Argos"],)
    s.siege_discs[t.polis_index["Argos"] * 2 + 1] = 2
    s.tribute_disc[t.region_index["Attika"]] = 0
    s.slot_merchant[t.market_slots[t.market_index["Persia"]][1]] = 1
    s.market_pos[2] = 3
    s.project_started[t.polis_index["Thibae"]] = t.project_index["Ephebe"]
    s.projects_face_up = [t.project_index["Socrates"]]
    s.projects_done[t.polis_index["Athinae"]] = (t.project_index["Theatre"], t.project_index["NemeanGames"])
    s.project_pile = [t.project_index["Theatre"], t.project_index["Phidias"]]  # not in table order
    s.battle_queue = [t.region_index["Kyklades"], t.region_index["Boiotia"]]
    s.battle_chooser = 1
    s.after_battles = "turn"
    cards = t.land_cards
    b = BattleState(t.region_index["Boiotia"], False, 1, [c.copies for c in cards])
    b.deck[1] -= 5  # two in Athens' hand, two on the table, one discarded
    b.deck[8] -= 1  # in Sparta's hand
    b.deck[9] -= 1  # discarded
    b.hands = [[0, 2, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 8 + [1, 0]]
    b.deal = [0, 1]
    b.played = (1, 1)
    b.losses = 1
    b.phase = "defend"
    b.retreat_queue = (1, 0)
    b.rounds = 2
    s.battle = b
    s.eor_step, s.eor_seat, s.eor_marker = 3, 1, 0
    s.eor_pending = ("grow", tuple(2 if p == t.polis_index["Chios"] else 0 for p in range(len(t.polis_ids))))
    s.outcome = Outcome("shared", None, (31, 31))
    s.steps = 987
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_fields_random_games_seldom_reach_round_trip(edition: str) -> None:
    """Event flags with ':' in their names, an event question with data, a captive proxenos, siege
    discs (R-ACT-SIEGE), a started project, a project pile out of table order, a battle in every
    detail (R-BATTLE-8 deck, hands, cards on the table, retreat queue) and an outcome: all kept."""
    game = GAMES[edition]
    s = _rare_fields(game)
    text = _round_trip(game, s)
    for piece in ("7+1m,@- S:", "@Sparti,passed", "event_flags=event_reader:1,market_closed:Persia:1,battle_size:-3",
                  "event_pending=send:A:2:Attika", "pending=trade:purchase:iron+wood:3",
                  "turn_actions=proxenos*2,march,proxenos", "siege_discs=Argos:S2", "slot_merchant=Persia2:S",
                  "project_pile=Theatre,Phidias", "battle=Boiotia,land,S,defend,rounds=2,retreat_queue=SA,deal=0.1,"
                  "played=Phalanx/Proothisi+Phalanx/Proothisi,losses=1,discarded=Phalanx/Proothisi+Salpinx,"
                  "A=Phalanx/Proothisi*2,S=Mercenaries", "eor_pending=grow:Chios*2", "outcome=shared:-:31.31"):
        assert piece in text, piece


@pytest.mark.parametrize("edition", EDITIONS)
def test_tags_are_read_in_any_order_and_across_lines(edition: str) -> None:
    """The tags after the positional fields may come in any order, and any whitespace separates
    fields (so a text wrapped over lines reads the same)."""
    game = GAMES[edition]
    s = _rare_fields(game)
    tokens = to_compact(game, s).split(" ")
    head, tags = tokens[:8], tokens[8:]
    random.Random(5).shuffle(tags)
    assert from_compact(game, "\n".join(head) + "\n  " + "  ".join(tags) + "\n") == s


def test_the_examples_of_the_notation_page_read_back() -> None:
    """Every compact position shown in docs/notation.md reads and is written back unchanged, so the
    page cannot drift from the code."""
    page = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
    examples = re.findall(r"```\n(20[0-9]{2} .*?)\n```", page.read_text(encoding="utf-8"))
    assert len(examples) >= 4
    for text in examples:
        game = GAMES[text[:4]]
        assert to_compact(game, from_compact(game, text)) == text


def test_every_field_of_the_state_is_written() -> None:
    """The positional fields and the tags together name every slot of PolisState and of the
    battle sub-state, so a field added to the state cannot be silently left out of the form."""
    positional = {"edition", "round", "phase", "active", "prestige", "goods", "supply_cubes", "supply_discs",
                  "merchants_supply", "merchants_port", "proxenos", "passed", "units", "owner", "pop"}
    assert positional.isdisjoint(TAG_NAMES)
    assert positional | set(TAG_NAMES) == set(STATE_FIELDS)
    battle_keys = {"region", "sea", "attacker", "phase", "rounds", "retreat_queue", "deal", "played", "losses",
                   "hands", "deck"}  # deck: every copy minus hands, table and ``discarded``
    assert battle_keys == set(BATTLE_FIELDS)


# ----- errors ---------------------------------------------------------------------------------
def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


MALFORMED = [
    ("", "edition"),
    (START_2012.split(" ", 1)[1], "edition"),  # the edition left out
    (" ".join(START_2012.split()[:5]), "S player"),
    (_replace(START_2012, "2012 ", "2020 "), "edition"),
    (_replace(START_2012, " 3 ", " 6 "), "round"),
    (_replace(START_2012, "round_start", "start"), "phase"),
    (_replace(START_2012, "round_start -", "round_start X"), "active"),
    (_replace(START_2012, "4p,4.4.4.4.0.4", "4p,4.4.4"), "A player: goods (iron.wood.wine.oil.silver.wheat)"),
    (_replace(START_2012, "@Sparti", "@Spartii"), "S player: proxenos"),
    (_replace(START_2012, "7+1m,@Athinae", "7m,@Athinae"), "A player: merchants"),
    (_replace(START_2012, "Attika:A3", "Atika:A3"), "board"),
    (_replace(START_2012, "Attika:A3", "Attika:X3"), "board"),
    (_replace(START_2012, "Ionia:A2", "Attika:A2"), "board"),
    (_replace(START_2012, "Chalkis:A1", "Chalkis:B1"), "poleis"),
    (START_2012 + " chance=project", "chance"),
    (START_2012 + " colour=blue", "colour"),
    (START_2012 + " pending", "pending"),
    (START_2012 + " pending=march:Thessalia", "pending"),
    (START_2012 + " pending=tunnel:Attika:1", "pending"),
    (START_2012 + " battle=Kyklades,land,S,attack", "battle"),
    (START_2012 + " battle=Attika,land,S,attack,A=Salpinx*0", "battle: A"),
    (START_2012 + " battle=Attika,land,S,attack,discarded=Salpinx*2", "battle"),
    (START_2012 + " battle=Attika,land,S,attack,drawn=Salpinx", "battle"),
    (START_2012 + " slot_merchant=Persia9:A", "slot_merchant"),
    (START_2012 + " eor_pending=grow:Atlantis", "eor_pending"),
    (START_2012 + " outcome=score:A", "outcome"),
    (_replace(START_2012, "rng=100028436902272046", "rng=0x1f"), "rng"),
    (_replace(START_2012, " rng=100028436902272046", ""), "rng"),
]


@pytest.mark.parametrize(("text", "field"), MALFORMED)
def test_malformed_text_names_the_field(text: str, field: str) -> None:
    """Bad input raises CompactError, a ValueError, whose message names the field that failed."""
    with pytest.raises(CompactError) as caught:
        from_compact(GAMES["2012"], text)
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)
    assert f": {field}: " in str(caught.value)


def test_damaged_text_never_raises_anything_but_compact_error() -> None:
    """Seeded random damage (characters changed, dropped, doubled) to rich positions: every
    result either reads or raises CompactError; never an IndexError, KeyError or TypeError."""
    rnd = random.Random(11)
    alphabet = "AS-0123456789:,.+*=@/~ abcdpmrXZ"
    for game in GAMES.values():
        texts = [to_compact(game, _rare_fields(game)), to_compact(game, _mid_game(game))]
        for _ in range(400):
            chars = list(rnd.choice(texts))
            for _ in range(rnd.randint(1, 3)):
                i = rnd.randrange(len(chars))
                kind = rnd.randrange(3)
                if kind == 0:
                    chars[i] = rnd.choice(alphabet)
                elif kind == 1:
                    del chars[i]
                else:
                    chars.insert(i, chars[i])
            with contextlib.suppress(CompactError):
                from_compact(game, "".join(chars))


def test_a_state_that_cannot_be_written_is_refused_by_field() -> None:
    """Values no rule produces (an owner that is not a side, an unknown compound action, a round
    past the last) are refused on writing, naming the field, not written as unreadable text."""
    game = GAMES["2020"]
    cases: list[tuple[str, object, str]] = [("owner", None, "poleis"), ("pending", ("tunnel", 1), "pending"),
                                            ("round", 7, "round"), ("event", "NoSuchEvent", "event")]
    for name, value, field in cases:
        s = game.new_state(0)
        if name == "owner":
            s.owner[0] = 5
        else:
            setattr(s, name, value)
        with pytest.raises(CompactError) as caught:
            to_compact(game, s)
        assert caught.value.field == field
    with pytest.raises(CompactError) as caught:
        to_compact(GAMES["2012"], game.new_state(0))
    assert caught.value.field == "edition"
