"""Cyclades as a plug-in of the platform: its kit, listed under the ``kleos.games`` entry points.

Its parts: agents (``heuristic``, and the evaluation ISMCTS uses), the terminal's board panels, the
browser's SVG board, the ``kleos cyclades`` commands and the research encoding (a fixed action
catalogue and observation arrays for the PettingZoo and OpenSpiel adapters).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from kleos.core.action import Action
from kleos.core.errors import DataError, IllegalAction
from kleos.core.kit import GameKit, JsonDict, OptionsError, OptionSpec
from kleos.core.kit.options import option_specs
from kleos.core.protocol import Outcome
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _, ngettext
from kleos.games.cyclades.loader import load_data
from kleos.games.cyclades.options import CycladesOptions, option_sources
from kleos.games.cyclades.reference import creature
from kleos.games.cyclades.rules import battle, common, effects, figures, metro
from kleos.games.cyclades.rules.common import Told, buildings_on, income, islands_of, metropolises
from kleos.games.cyclades.state import OFFER, CycladesState
from kleos.games.cyclades.tables import EMPTY, N_GODS, Tables
from kleos.games.cyclades.view import HIDDEN, CycladesView, view_json

WORDS = {"apollo": N_("pray to Apollo (free)"), "end": N_("end the turn"),
         "prosper": N_("put a prosperity marker on {args}"), "order": N_("the turn order is drawn: {args}"),
         "creature": N_("a creature enters the track: {args}"), "gods": N_("the god boards are placed: {args}"),
         "stay": N_("stay in the battle"), "retreat": N_("retreat to {args}"),
         "build": N_("build the god's building on {args}"),
         "discard": N_("for the Metropolis, give up the building on {args}"),
         "metropolis": N_("place the new Metropolis on {args}"),
         "destroy": N_("to make room for the Metropolis, destroy a {args}"),
         "sell": N_("sell to the Sphinx one unit of {args}"), "target": N_("the creature's target: {args}"),
         "take": N_("the creature takes {args}"), "from": N_("the creature's fleet comes from {args}"),
         "push": N_("push the fleets to {args}"), "done": N_("end the creature's effect")}
"""Each verb's words; ``{args}`` is the notation's arguments as they are (ids, counts, keys)."""


def action_words(action: Action) -> str:
    """An action in words (the notation's arguments kept as they are: island and sea ids, counts)."""
    a = action.args
    if action.verb == "march" and len(a) == 3:
        return ngettext("move {n} troop from {origin} to {dest} (1 GP)",
                        "move {n} troops from {origin} to {dest} (1 GP)", int(a[1]), origin=a[0], dest=a[2])
    if action.verb == "sail" and len(a) == 3:
        return ngettext("sail {n} fleet from {origin} to {dest} (1 GP, first step)",
                        "sail {n} fleets from {origin} to {dest} (1 GP, first step)", int(a[1]), origin=a[0], dest=a[2])
    if action.verb == "sail" and len(a) == 2:
        return ngettext("sail on with {n} fleet to {dest} (free)", "sail on with {n} fleets to {dest} (free)",
                        int(a[0]), dest=a[1])
    if action.verb == "recruit":
        return _recruit_words(str(a[0]) if a else "")
    if action.verb == "swap" and len(a) == 1:
        return _("swap the creature of the {slot} GP slot for the top of the deck (1 GP)", slot=a[0])
    if action.verb == "summon" and len(a) == 2:
        if int(a[1]):
            return ngettext("summon the creature of the {slot} GP slot using {n} Temple",
                            "summon the creature of the {slot} GP slot using {n} Temples", int(a[1]), slot=a[0])
        return _("summon the creature of the {slot} GP slot", slot=a[0])
    if action.verb == "dice" and len(a) == 2:
        return _("battle dice: attacker rolls {attack}, defender rolls {defence}", attack=a[0], defence=a[1])
    args = " ".join(map(str, a))
    if action.verb in WORDS:
        return _(WORDS[action.verb], args=args).rstrip()
    return " ".join([action.verb, *map(str, a)])


def _recruit_words(where: str) -> str:
    if not where:
        return _("recruit a Priest or Philosopher")
    return _("recruit a fleet in {sea}", sea=where) if where.startswith("S") else _("recruit a troop on {island}",
                                                                                      island=where)


def _step_words(game: CycladesGame, view: CycladesView, action: Action) -> str:
    """The step itself in words, before what it brings about."""
    from kleos.games.cyclades import story

    if action.verb == "sail" and len(action.args) == 3 and _sylph_step(game, view):
        a = action.args
        return ngettext("sail {n} fleet from {origin} to {dest} (free: the Sylph's step)",
                        "sail {n} fleets from {origin} to {dest} (free: the Sylph's step)", int(a[1]),
                        origin=a[0], dest=a[2])
    return story.priced(game, view, action, story.step_words(game, view, action) or action_words(action))


def _sylph_step(game: CycladesGame, view: CycladesView) -> bool:
    """True while a Sylph's free steps are being taken (its ``sail`` pays nothing, C-DATA-6)."""
    s = view.state
    return effects.pending(s) and effects.key_of(game.tables, s) == "sylph"


def _islands(t: Tables, s: CycladesState) -> str:
    """Every island with its owner (or free) and its prosperity when it has any, printed and Apollo's
    markers together (C-INCOME-1): "Islands: I1 Blue; I4 free, prosperity 2; …"."""
    told = []
    for i in range(t.n_islands):
        owner = words.seat(t, s.owner[i]) if s.owner[i] != EMPTY else _("free")
        symbols = common.prosperity(t, s, i)
        told.append(_("{island} {owner}, prosperity {n}", island=t.island_ids[i], owner=owner, n=symbols)
                    if symbols else f"{t.island_ids[i]} {owner}")
    return _("Islands: {islands}", islands="; ".join(told))


def _trade_seas(t: Tables, s: CycladesState) -> str:
    """The seas whose trade value a fleet there adds to its owner's income (C-INCOME-1), with who holds
    each: "Trade seas (value, fleet owner): S9 1 Red; S12 1 free; …"."""
    told = []
    for sea in range(t.n_seas):
        if t.sea_trade[sea]:
            holder = common.trade_holder(s, sea)
            owner = words.seat(t, holder) if holder != EMPTY else _("free")
            told.append(f"{t.sea_ids[sea]} {t.sea_trade[sea]} {owner}")
    return _("Trade seas (value, fleet owner): {seas}", seas="; ".join(told) or _("none"))


def _offerings(t: Tables, s: CycladesState) -> str:
    """The face-up gods' offerings and Apollo's spaces (C-OFFER): "Offerings: Ares Green 1 GP; Poseidon
    none; Apollo: Blue"."""
    gods = []
    for pos, god in enumerate(s.gods):
        if not s.gods_up[pos]:
            continue
        marker = s.bidder[god]
        offer = _("{player} {gold}", player=words.seat(t, t.marker_owner[marker]), gold=words.gold(s.bid[god])) \
            if marker != EMPTY else _("none")
        gods.append(f"{words.god(t, god)} {offer}")
    apollo = ", ".join(words.seat(t, t.marker_owner[m]) for m in s.apollo) or _("nobody")
    return _("Offerings: {gods}; Apollo: {apollo}", gods="; ".join(gods), apollo=apollo)


def _forces(t: Tables, s: CycladesState, seat: int) -> str:
    """Where ``seat``'s troops, fleets and buildings stand, for a text board without a map (the plain
    loop, a screen reader): "troops I1 2, I7 1; fleets S6 1, S22 1; buildings I1 Port+Temple"."""
    troops = ", ".join(f"{t.island_ids[i]} {n}" for i, n in enumerate(s.troops) if n and s.owner[i] == seat)
    fleets = ", ".join(f"{t.sea_ids[sea]} {n}" for sea, n in enumerate(s.fleets) if n and s.fleet_owner[sea] == seat)
    built = []
    for i in islands_of(s, seat):
        names = [words.building(t, kind) for kind in range(N_GODS) for _copy in range(buildings_on(t, s, i, kind))]
        names += [_("Metropolis")] if s.metropolis[i] else []
        if names:
            built.append(f"{t.island_ids[i]} {'+'.join(names)}")
    none = _("none")
    return _("troops {troops}; fleets {fleets}; buildings {buildings}", troops=troops or none,
             fleets=fleets or none, buildings=", ".join(built) or none)


class CycladesKit(GameKit[CycladesGame, CycladesState, CycladesView]):
    name = "cyclades"
    title = "Cyclades"
    summary = N_("Cathala and Maublanc's Cyclades: bid for the gods' favour, build Metropolises")
    min_seats = 2
    max_seats = 5
    seat_count_option = "players"
    options_model = CycladesOptions
    options: ClassVar[tuple[OptionSpec, ...]] = option_specs(CycladesOptions, option_sources(load_data()))

    def make_game(self, options: Mapping[str, Any] | CycladesOptions) -> CycladesGame:
        try:
            return CycladesGame(options)
        except DataError as exc:
            raise OptionsError("data_dir", str(exc)) from exc

    def describe_view(self, game: CycladesGame, view: CycladesView, seat: int | None) -> str:
        g = game
        t, s = g.tables, view.state
        up = [words.god(t, god) if s.gods_up[pos] else _("{god} (face down)", god=words.god(t, god))
              for pos, god in enumerate(s.gods)]
        lines = [_("Cycle {cycle}, phase {phase}; gods: {gods}", cycle=s.cycle, phase=words.phase(s.phase),
                   gods=", ".join(up))]
        for other in range(len(g.seat_names)):
            gold = _("hidden") if s.gold[other] == HIDDEN else words.gold(s.gold[other])
            isl = " ".join(t.island_ids[i] for i in islands_of(s, other))
            lines.append(_("{player}: {gold}, islands {islands}, income {income}, priests {priests}, philosophers "
                           "{philosophers}, metropolises {metropolises}", player=words.seat(t, other), gold=gold,
                           islands=isl,
                           income=income(t, s, other), priests=s.priests[other],
                           philosophers=s.philosophers[other], metropolises=metropolises(s, other)))
            lines.append("  " + _forces(t, s, other))
        lines.append(_islands(t, s))
        lines.append(_trade_seas(t, s))
        if s.phase == OFFER:
            lines.append(_offerings(t, s))
        track = ", ".join("-" if c < 0 else _("{creature} ({price})", creature=words.creature_name(creature(t, c)),
                                                price=words.gold(t.slot_costs[slot]))
                          for slot, c in enumerate(s.track))
        lines.append(_("Creatures: {track}", track=track))
        for told in (figures.describe(t, s), effects.describe(t, s), battle.describe(t, s)):
            if told is not None:
                lines.append(words.say(told))
        if metro.pending(s):
            lines.append(_("{player} is gaining a Metropolis and chooses how", player=words.seat(t, s.metro_seat)))
        return "\n".join(lines)

    def describe_action(self, game: CycladesGame, view: CycladesView, action: Action) -> str:
        """The step in words and, told from ``view``, what it brings about (:mod:`.story`): the log's
        line and the menu's account of a choice."""
        from kleos.games.cyclades import story

        return story.tell(game, view, action, lambda step: _step_words(game, view, step))

    def log_heading(self, game: CycladesGame, before: CycladesView | None, after: CycladesView) -> str | None:
        from kleos.games.cyclades import story

        return story.heading(before, after)

    def render_illegal(self, error: IllegalAction) -> str:
        """An illegal action's message in the reader's language, the rules' words among its parameters
        (a god's name) translated too."""
        try:
            return words.say(Told(error.template, error.params))
        except (KeyError, IndexError, ValueError):
            return error.message

    def view_json(self, game: CycladesGame, view: CycladesView) -> JsonDict:
        return view_json(view)

    def progress(self, game: CycladesGame, state: CycladesState) -> Mapping[str, float]:
        return {"rounds": state.cycle, "cycles": state.cycle}  # a cycle is the round of Cyclades

    def reason_words(self, reason: str) -> str:
        """An end reason's code ("metropolises") in words (C-END)."""
        return words.reason(reason) if reason in words.REASONS else super().reason_words(reason)

    def outcome_text(self, game: CycladesGame, outcome: Outcome) -> str:
        """The winner named, with the game's own breakdown (:mod:`kleos.games.cyclades.ending`)."""
        from kleos.games.cyclades.ending import outcome_words

        return outcome_words(game, outcome) or super().outcome_text(game, outcome)


KIT = CycladesKit()
