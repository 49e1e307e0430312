"""Cyclades as a plug-in of the platform: its kit, listed under the ``kleos.games`` entry points.

Its parts: agents (``heuristic``, and the evaluation ISMCTS uses), the terminal's board panels, the
browser's SVG board, the ``kleos cyclades`` commands and the research encoding (a fixed action
catalogue and observation arrays for the PettingZoo and OpenSpiel adapters).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from kleos.core.action import Action
from kleos.core.errors import DataError
from kleos.core.kit import GameKit, JsonDict, OptionsError, OptionSpec
from kleos.core.protocol import Game, Outcome
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.loader import load_data
from kleos.games.cyclades.options import option_specs
from kleos.games.cyclades.rules import battle, effects, figures, metro
from kleos.games.cyclades.rules.common import income, islands_of, metropolises
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.view import HIDDEN, CycladesView, view_json


def _game(game: Game[Any, Any]) -> CycladesGame:
    if not isinstance(game, CycladesGame):
        raise TypeError(f"the Cyclades kit was handed a {type(game).__name__}")
    return game


WORDS = {"apollo": "pray to Apollo (free)", "end": "end the turn", "prosper": "put a prosperity marker on",
         "order": "the turn order is drawn:", "creature": "a creature enters the track:",
         "gods": "the god boards are placed:", "stay": "stay in the battle", "retreat": "retreat to",
         "build": "build the god's building on", "discard": "for the Metropolis, give up the building on",
         "metropolis": "place the new Metropolis on", "destroy": "to make room for the Metropolis, destroy a",
         "sell": "sell to the Sphinx one unit of", "target": "the creature's target:", "take": "the creature takes",
         "from": "the creature's fleet comes from", "push": "push the fleets to", "done": "end the creature's effect"}


def action_words(action: Action) -> str:
    """An action in words (the notation's arguments kept as they are: island and sea ids, counts)."""
    a = action.args
    if action.verb == "march" and len(a) == 3:
        return f"move {a[1]} troop{'s' if a[1] != 1 else ''} from {a[0]} to {a[2]} (1 GP)"
    if action.verb == "sail" and len(a) == 3:
        return f"sail {a[1]} fleet{'s' if a[1] != 1 else ''} from {a[0]} to {a[2]} (1 GP, first step)"
    if action.verb == "sail" and len(a) == 2:
        return f"sail on with {a[0]} fleet{'s' if a[0] != 1 else ''} to {a[1]}"
    if action.verb == "recruit":
        where = str(a[0]) if a else ""
        kind = "a Priest or Philosopher" if not a else "a fleet in" if where.startswith("S") else "a troop on"
        return f"recruit {kind} {where}".rstrip()
    if action.verb == "swap" and len(a) == 1:
        return f"swap the creature of the {a[0]} GP slot for the top of the deck (1 GP)"
    if action.verb == "summon" and len(a) == 2:
        temples = f" using {a[1]} Temple{'s' if a[1] != 1 else ''}" if a[1] else ""
        return f"summon the creature of the {a[0]} GP slot{temples}"
    if action.verb == "dice" and len(a) == 2:
        return f"battle dice: attacker rolls {a[0]}, defender rolls {a[1]}"
    return " ".join([WORDS.get(action.verb, action.verb), *map(str, a)])


def _step_words(game: CycladesGame, view: CycladesView, action: Action) -> str:
    """The step itself in words, before what it brings about."""
    from kleos.games.cyclades import story

    if action.verb == "sail" and len(action.args) == 3 and _sylph_step(game, view):
        a = action.args
        return f"sail {a[1]} fleet{'s' if a[1] != 1 else ''} from {a[0]} to {a[2]} (free: the Sylph's step)"
    return story.step_words(game, view, action) or action_words(action)


def _sylph_step(game: CycladesGame, view: Any) -> bool:
    """True while a Sylph's free steps are being taken (its ``sail`` pays nothing, C-DATA-6)."""
    s = view.state if isinstance(view, CycladesView) else None
    return s is not None and effects.pending(s) and effects.key_of(game.tables, s) == "sylph"


class CycladesKit(GameKit):
    name = "cyclades"
    parts_package = "kleos.games.cyclades"
    title = "Cyclades"
    summary = "Cathala and Maublanc's Cyclades: bid for the gods' favour, build Metropolises"
    min_seats = 2
    max_seats = 5
    seat_count_option = "players"
    options: ClassVar[tuple[OptionSpec, ...]] = option_specs(load_data())

    def make_game(self, options: Mapping[str, Any]) -> CycladesGame:
        try:
            return CycladesGame(options)
        except DataError as exc:
            raise OptionsError("data_dir", str(exc)) from exc

    def describe_view(self, game: Game[Any, Any], view: Any, seat: int | None) -> str:
        assert isinstance(view, CycladesView)
        g = _game(game)
        t, s = g.tables, view.state
        up = [f"{t.god_names[god]}{'' if s.gods_up[pos] else ' (face down)'}" for pos, god in enumerate(s.gods)]
        lines = [f"Cycle {s.cycle}, phase {s.phase}; gods: {', '.join(up)}"]
        for other, name in enumerate(g.seat_names):
            gold = "hidden" if s.gold[other] == HIDDEN else f"{s.gold[other]} GP"
            isl = " ".join(t.island_ids[i] for i in islands_of(s, other))
            lines.append(f"{name}: {gold}, islands {isl}, income {income(t, s, other)}, "
                         f"priests {s.priests[other]}, philosophers {s.philosophers[other]}, "
                         f"metropolises {metropolises(s, other)}")
        track = ", ".join("-" if c < 0 else t.creature_keys[c] for c in s.track)
        lines.append(f"Creatures: {track}")
        for told in (figures.describe(t, s), effects.describe(t, s), battle.describe(t, s)):
            if told is not None:
                lines.append(told)
        if metro.pending(s):
            lines.append(f"{t.seat_names[s.metro_seat]} is gaining a Metropolis and chooses how")
        return "\n".join(lines)

    def describe_action(self, game: Game[Any, Any], view: Any, action: Action) -> str:
        """The step in words and, told from ``view``, what it brings about (:mod:`.story`): the log's
        line and the menu's account of a choice."""
        from kleos.games.cyclades import story

        g = _game(game)
        if not isinstance(view, CycladesView):
            return action_words(action)
        return story.tell(g, view, action, lambda step: _step_words(g, view, step))

    def view_json(self, game: Game[Any, Any], view: Any) -> JsonDict:
        assert isinstance(view, CycladesView)
        return view_json(view)

    def progress(self, game: Game[Any, Any], state: Any) -> Mapping[str, float]:
        assert isinstance(state, CycladesState)
        return {"rounds": state.cycle, "cycles": state.cycle}  # a cycle is the round of Cyclades

    def outcome_text(self, game: Game[Any, Any], outcome: Outcome) -> str:
        """The winner named, with the game's own breakdown (:mod:`kleos.games.cyclades.ending`)."""
        from kleos.games.cyclades.ending import outcome_words

        return outcome_words(_game(game), outcome) or super().outcome_text(game, outcome)


KIT = CycladesKit()
