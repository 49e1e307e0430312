"""The Assembly phase (P-ASSEMBLY), card values (P-CARD) and the Advisory Council (P-LEADER).

Each side holds six debates between its two factions, Athens' six first, then Sparta's (the sides are
independent, P-ASSEMBLY-1; P-SEQ-9). In a debate both factions put a card down in secret: ``actors``
lists both, each submits ``play <card>``, and views hide a card until both are down (P-ASSEMBLY-5).

A half's attributes apply when all their conditions hold (P-CARD-4/5). When two alternatives on one
half both pay Strategos on the same issue, the award is paid once (pericles-data.md §2.2): the engine
pays the largest award among the attributes that apply.
"""

from __future__ import annotations

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.datamodel import Attribute
from kleos.games.pericles.rules.boule import sign
from kleos.games.pericles.rules.common import Violation
from kleos.games.pericles.state import DISCARD, ENTOURAGE, HAND, OUT, PLAYED, PericlesState
from kleos.games.pericles.tables import FACTIONS, ISSUES_PER_SIDE, Tables, factions_of

DEBATES = 6  # P-ASSEMBLY-1
CAPTURE = 7  # P-ASSEMBLY-10


# ----- card values (P-CARD) --------------------------------------------------------------------
def issue_matches(attr: Attribute, kind: str | None) -> bool:
    """P-CARD-3: Any, the issue itself, or NOT x for any other issue; no issue matches nothing."""
    if kind is None:
        return False
    if attr.issue == "ANY":
        return True
    if attr.issue.startswith("NOT-"):
        return kind != attr.issue[4:]
    return attr.issue == kind


def condition_holds(s: PericlesState, f: int, attr: Attribute) -> bool:
    cond = attr.condition
    return (cond is None or (cond == "DOM" and s.dominant[f // 2] == f) or (cond == "ALC" and s.alcibiades == 0)
            or (cond == "NALC" and s.alcibiades == 1) or (cond == "PRE" and s.plague == 0)
            or (cond == "POST" and s.plague == 1) or (cond == "WAR" and s.war == 1))


def applying(t: Tables, s: PericlesState, f: int, card: int, kind: str | None) -> list[Attribute]:
    return [a for a in t.card_attrs[card][f % 2] if issue_matches(a, kind) and condition_holds(s, f, a)]


def modified_value(t: Tables, s: PericlesState, f: int, card: int, kind: str | None) -> int:
    """P-CARD-4: the card value plus every bonus on ``f``'s half whose conditions all hold."""
    return t.card_value[card] + sum(a.bonus for a in applying(t, s, f, card, kind))


def strategos_due(t: Tables, s: PericlesState, f: int, card: int, kind: str | None) -> int:
    """P-CARD-6: Strategos for an aligned card, won or lost (paid once per half)."""
    return max((a.strategos for a in applying(t, s, f, card, kind)), default=0)


# ----- debates --------------------------------------------------------------------------------
def debated_kind(t: Tables, s: PericlesState) -> str | None:
    return None if s.issue < 0 else t.issue_kinds[s.side][s.issue]


def debate_chooser(s: PericlesState) -> int:
    """P-ASSEMBLY-3: the Dominant faction chooses in debates 1, 3 and 5, the Opponent in 2, 4 and 6."""
    dom = s.dominant[s.side]
    return dom if s.debate % 2 == 1 else dom ^ 1


def targets(t: Tables, s: PericlesState) -> list[tuple[str, int]]:
    """Issues on the track and not captured (P-ASSEMBLY-4), as (kind, position); equal pairs are one."""
    base = s.side * ISSUES_PER_SIDE
    found = {(k, s.track[base + i]) for i, k in enumerate(t.issue_kinds[s.side])
             if abs(s.track[base + i]) < CAPTURE}
    return sorted(found)


def debate_legal(t: Tables, s: PericlesState) -> list[Action]:
    return [built("debate", (k, pos)) for k, pos in targets(t, s)]


def debate_apply(t: Tables, s: PericlesState, action: Action) -> None:
    kind, pos = str(action.args[0]), int(action.args[1])
    base = s.side * ISSUES_PER_SIDE
    s.issue = next(i for i, k in enumerate(t.issue_kinds[s.side]) if k == kind and s.track[base + i] == pos)


def play_legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    cards = [c for c, loc in enumerate(s.card_loc) if loc == HAND + f]
    return [built("play", (t.card_ids[c],)) for c in sorted(cards, key=lambda c: t.card_ids[c])]


def play_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    s.card_loc[t.card_index[str(action.args[0])]] = PLAYED + f
    s.played[f] = 1


def played_card(s: PericlesState, f: int) -> int:
    return s.card_loc.index(PLAYED + f)


def award_strategos(t: Tables, s: PericlesState) -> None:
    """P-CARD-6/7: both aligned cards are paid from the supply; when it runs short, one token at a time,
    the Dominant faction first, alternating, until the supply is empty."""
    kind = debated_kind(t, s)
    dom = s.dominant[s.side]
    owed = {f: strategos_due(t, s, f, played_card(s, f), kind) for f in (dom, dom ^ 1)}
    while s.supply[s.side] > 0 and any(owed.values()):
        for f in (dom, dom ^ 1):
            if owed[f] and s.supply[s.side] > 0:
                owed[f] -= 1
                s.supply[s.side] -= 1
                s.stock[f] += 1


def council_candidate(t: Tables, s: PericlesState) -> int:
    """P-LEADER-3/8: the faction that played its Leader while its compatriot did not, if it has an
    entourage; else -1."""
    for f in factions_of(s.side):
        leader_down = played_card(s, f) == t.leader_of[f]
        other_down = played_card(s, f ^ 1) == t.leader_of[f ^ 1]
        if leader_down and not other_down and ENTOURAGE + f in s.card_loc:
            return f
    return -1


def advisor_outcomes(t: Tables, s: PericlesState) -> list[tuple[Action, float]]:
    """P-LEADER-4: one entourage card at random."""
    cards = [c for c, loc in enumerate(s.card_loc) if loc == ENTOURAGE + s.actor]
    return [(Action("advisor", (FACTIONS[s.actor], t.card_ids[c])), 1 / len(cards)) for c in cards]


def values(t: Tables, s: PericlesState) -> dict[int, int]:
    """Each faction's modified value; the advisor's base value is added to the Leader's (P-LEADER-4/5)."""
    kind = debated_kind(t, s)
    out = {f: modified_value(t, s, f, played_card(s, f), kind) for f in factions_of(s.side)}
    if s.revealed >= 0:
        owner = s.card_loc[s.revealed] - ENTOURAGE
        out[owner] += t.card_value[s.revealed]
    return out


def outcome_move(t: Tables, s: PericlesState) -> tuple[int, int]:
    """(winner, new position) of the debated issue; winner -1 on a tie or with no issue (P-ASSEMBLY-7/8)."""
    if s.issue < 0:
        return -1, 0
    vals = values(t, s)
    a, b = factions_of(s.side)
    pos = s.track[s.side * ISSUES_PER_SIDE + s.issue]
    if vals[a] == vals[b]:
        return -1, pos
    winner = a if vals[a] > vals[b] else b
    new = pos + sign(winner) * abs(vals[a] - vals[b])
    return winner, max(-CAPTURE, min(CAPTURE, new))


def crosses_centre(t: Tables, s: PericlesState) -> bool:
    """P-ASSEMBLY-9: a War/Peace move that would pass through the centre box."""
    winner, new = outcome_move(t, s)
    if winner < 0 or debated_kind(t, s) != "WP":
        return False
    pos = s.track[s.side * ISSUES_PER_SIDE + s.issue]
    return pos * sign(winner) < 0 < new * sign(winner)


def finish(t: Tables, s: PericlesState, stop_at_centre: bool) -> None:
    """Move the issue (P-ASSEMBLY-7..10), discard both cards (P-ASSEMBLY-12) and, after an Advisory
    Council, the whole entourage (P-LEADER-6)."""
    winner, new = outcome_move(t, s)
    if winner >= 0:
        s.track[s.side * ISSUES_PER_SIDE + s.issue] = 0 if stop_at_centre else new
    for f in factions_of(s.side):
        card = played_card(s, f)
        s.card_loc[card] = OUT if card == t.leader_of[f] else DISCARD
        s.played[f] = 0
    if s.revealed >= 0:
        owner = s.card_loc[s.revealed] - ENTOURAGE
        for c, loc in enumerate(s.card_loc):
            if loc == ENTOURAGE + owner:
                s.card_loc[c] = DISCARD
        s.revealed = -1
    s.issue = -1


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "debate":
        return ("P-ASSEMBLY-4", N_("choose an issue on the track that is not captured: debate <issue> <box>"))
    if s.step == "play":
        return ("P-ASSEMBLY-5", N_("play a card of your own hand: play <card>"))
    if s.step == "council":
        return ("P-LEADER-3", N_("answer council yes or council no"))
    return ("P-ASSEMBLY-9", N_("answer stop yes (stop on the centre box) or stop no"))
