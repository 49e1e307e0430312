"""A political card or a Leader in words: each bonus of a half with its condition and the Strategos it
pays (P-CARD-1..6, P-LEADER-1), for the rules reference, the menus and the explanations alike.
"""

from __future__ import annotations

from kleos.games.pericles.datamodel import Attribute, DeckData, Leader, PericlesData, PoliticalCard
from kleos.games.pericles.i18n import N_, _

CONDITIONS = {"DOM": N_(" if Dominant"), "ALC": N_(" if Alcibiades is in Athens"),
              "NALC": N_(" if Alcibiades is not in Athens"), "PRE": N_(" before the Plague"),
              "POST": N_(" after the Plague"), "WAR": N_(" at War")}
"""A card bonus's condition in words (P-CARD-2)."""


def attribute_words(a: Attribute) -> str:
    """One bonus: the issue it counts on, its condition, the value it adds and the Strategos it pays."""
    if a.condition is None:
        cond = ""
    elif a.condition in CONDITIONS:
        cond = _(CONDITIONS[a.condition])
    else:
        cond = _(" if {condition}", condition=a.condition)
    if a.issue == "ANY":
        issue = _("any issue")
    elif a.issue.startswith("NOT-"):
        issue = _("any but {issue}", issue=a.issue.removeprefix("NOT-"))
    else:
        issue = a.issue
    pays = _(", {n} Strategos", n=a.strategos) if a.strategos else ""
    return f"{issue}{cond}: +{a.bonus}{pays}"


def half_words(attrs: list[Attribute]) -> str:
    """A half's bonuses (or a Leader's), "no bonus" for none."""
    return "; ".join(attribute_words(a) for a in attrs) or _("no bonus")


def _political(data: PericlesData, card: str) -> tuple[PoliticalCard, DeckData] | None:
    for deck in (data.cards_athens, data.cards_sparta):
        for political in deck.cards:
            if political.id == card:
                return political, deck
    return None


def _leader(data: PericlesData, card: str) -> Leader | None:
    return next((leader for leader in data.leaders.leaders if card == f"L{leader.faction}"), None)


def card_gloss(data: PericlesData, card: str, faction: str) -> str:
    """A political card or a Leader (``L`` and its faction) as ``faction`` reads it: its title, its
    value and the bonuses of its own half (P-CARD-1..6); "" for an id the data lacks."""
    found = _political(data, card)
    if found is not None:
        political, deck = found
        half = political.halves[deck.factions.index(faction)] if faction in deck.factions else []
        return _("{title} ({value}): {half}", title=political.title, value=political.value, half=half_words(half))
    leader = _leader(data, card)
    if leader is not None:
        return _("Leader ({value}): {bonuses}", value=leader.value, bonuses=half_words(leader.attributes))
    return ""


def card_title(data: PericlesData, card: str) -> str:
    """A card's title and printed value, "Leontis I (1)" (a Leader: "Leader (3)"); "" for an unknown id."""
    found = _political(data, card)
    if found is not None:
        return _("{title} ({value})", title=found[0].title, value=found[0].value)
    leader = _leader(data, card)
    return _("Leader ({value})", value=leader.value) if leader is not None else ""
