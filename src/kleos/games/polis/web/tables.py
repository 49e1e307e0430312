"""The tables the Polis board module draws with: every index a state message uses, named.

A client gets them once per game (``GET /api/catalog/polis/tables?options=…``), so a state message
can stay a bag of indices. They come from the game's compiled tables only (its edition, data files
and rule switches): nothing here depends on a position, a seed or a seat.

Names kept from the API's former edition tables: ``regions``, ``polis_territory``, ``markets``,
``land_cards``, ``sea_cards``, ``sides``, ``side_names``, ``rounds``, ``territories``, adjacency
and ``coasts``. Three changed shape to carry more: ``poleis`` and ``projects`` are objects (their
ids are ``polis_ids`` and ``project_ids``), and ``goods`` lists the goods an edition uses as
indices into ``goods_names``.
"""

from __future__ import annotations

from kleos.core.kit import JsonDict
from kleos.games.polis.game import PolisGame
from kleos.games.polis.tables import GOODS, SIDE_NAMES, SIDES, Tables
from kleos.games.polis.text import (
    BATTLE_STEPS,
    battle_step_name,
    event_text,
    event_title,
    game_title,
    project_name,
    project_type_name,
)


def board_tables(game: PolisGame) -> JsonDict:
    """The drawing tables of ``game`` (a Polis game of any edition)."""
    t = game.tables
    return {**_names(t), **_map(t), **_poleis(t), **_economy(t), **_cards(t)}


def _printed(names: dict[str, str], edition: str, fallback: str) -> str:
    """The name printed in ``edition``'s components (the data id when it prints none)."""
    return names.get(edition) or fallback


def _names(t: Tables) -> JsonDict:
    return {
        "edition": t.edition,
        "title": game_title(t),
        "sides": list(SIDES),
        "side_names": list(SIDE_NAMES),
        "rounds": list(t.round_names),
        "round_names": list(t.round_names),
        "round_values": list(t.round_values),
        "goods_names": list(GOODS),
        "goods": list(t.goods),  # the goods this edition uses (indices into goods_names)
        "tradable": list(t.tradable),
        "discs_limited": t.bundle.setup.limits.discs is not None,
    }


def _map(t: Tables) -> JsonDict:
    b = t.bundle
    return {
        "region_ids": list(t.region_ids),
        "regions": list(t.region_ids),
        "region_names": [_printed(r.names, t.edition, r.id) for r in (*b.map.territories, *b.map.seas)],
        "territories": t.n_territories,
        "land_adjacent": [list(a) for a in t.land_adj],
        "sea_adjacent": [list(a) for a in t.sea_adj],
        "coasts": [list(c) for c in t.coasts],
        "diolkos": list(t.diolkos),
        "diolkos_polis": t.diolkos_polis,
        "route_sea_adjacent": [list(a) for a in t.route_sea_adj],
        "route_markets": [list(a) for a in t.route_markets],
        "land_trade": {str(p): m for p, m in t.land_trade.items()},
        "first_seas": [list(x) for x in t.first_seas],
    }


def _poleis(t: Tables) -> JsonDict:
    return {
        "poleis": [
            {"id": p.id, "name": _printed(p.names, t.edition, p.id), "territory": t.polis_territory[i],
             "base": t.polis_base[i], "growth": t.polis_growth[i], "max": t.polis_max[i],
             "ports": list(t.polis_ports[i]), "projects": sorted(t.polis_project_types[i]),
             "commercial": t.polis_commercial[i], "capital": t.capital.index(i) if i in t.capital else -1}
            for i, p in enumerate(t.bundle.poleis.poleis)
        ],
        "polis_ids": list(t.polis_ids),
        "polis_territory": list(t.polis_territory),
        "capital": list(t.capital),
        "projects": [
            {"id": p.id, "name": project_name(t, p.id), "type": p.type, "type_name": project_type_name(p.type),
             "cost": [list(c) for c in p.cost],
             "prestige": p.prestige,
             "posterity": p.posterity, "poleis": sorted(p.poleis)}
            for p in t.projects
        ],
        "project_ids": [p.id for p in t.projects],
        "events": {ev.id: {"title": event_title(ev), "text": event_text(ev)}
                   for deck in t.bundle.events.decks for ev in deck.cards},
        "tribute": [[[g, list(amounts)] for g, amounts in cols] for cols in t.tribute],
    }


def _economy(t: Tables) -> JsonDict:
    return {
        "markets": list(t.market_ids),
        "market_names": [_printed(m.names, t.edition, m.id) for m in t.bundle.map.markets],
        "market_slots": [list(x) for x in t.market_slots],
        "slots": [{"market": s.market, "value": s.value, "reward": s.reward, "accepts": list(s.accepts)}
                  for s in t.slots],
        "value_table": {str(k): list(v) for k, v in t.value_table.items()},
        "track_len": t.track_len,
    }


def _cards(t: Tables) -> JsonDict:
    cards = {
        kind: [{"code": c.code, "formation": c.formation, "value": c.value, "copies": c.copies,
                "special": c.special} for c in t.cards(kind == "sea")]
        for kind in ("land", "sea")
    }
    return {"cards": cards, "battle_steps": {step: battle_step_name(step) for step in BATTLE_STEPS},
            "land_cards": [c.code for c in t.land_cards], "sea_cards": [c.code for c in t.sea_cards]}
