"""The Polis game log in plain words: each step, what it changed in goods and prestige, battles told
pair by pair, and headings for battles, rounds and the end.

A battle card drawn by chance is named only to a reader who holds it (R-GEN-17): in hotseat, where
both players read one screen, no drawn card is named.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.kit.terminal import LogLine
from kleos.core.protocol import CHANCE
from kleos.games.polis.board import units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _
from kleos.games.polis.rules import scoring
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import END_OF_ROUND, TURN, PolisState
from kleos.games.polis.tables import GOODS, Tables, other
from kleos.games.polis.text import (
    card_label,
    describe_action,
    good_name,
    outcome_text,
    round_heading,
    side_name,
    siege_result,
)

BOTH_PASSED = N_("Both players have passed: the end of the round.")
LAND_BATTLE = N_("Battle in {region} (land): hoplites Athens {a}, Sparta {b}; {side} attacks first.")
SEA_BATTLE = N_("Battle in {region} (sea): galleys Athens {a}, Sparta {b}; {side} attacks first.")
"""Log headings, marked only; the battle view finds the latest battle by the heading's first words."""


def log_lines(game: PolisGame, before: PolisState, seat: int, action: Action, after: PolisState, index: int,
              readers: frozenset[int]) -> list[LogLine]:
    """The log lines of one step (the terminal part's ``log_lines``); the game's first step is headed
    by the round it begins in, as the browser's log is."""
    lines = _lines_before(game, before, seat, action, index, readers)
    changes = _changes(game.tables, before, after)
    after_lines = _lines_after(game.tables, before, after, index)
    steps = _round_end_steps(before, after)
    if changes and steps:  # the round's automatic steps ran on: their effects get a line of their own
        passed = [n for n, line in enumerate(after_lines) if line.text == _(BOTH_PASSED)]
        at = passed[0] + 1 if passed else 0
        after_lines.insert(at, LogLine(index, CHANCE, "  " + _("With the end of round's {steps}: {changes}",
                                                               steps=", ".join(steps), changes=changes), "result"))
    elif changes and lines and lines[0].kind in ("action", "chance"):
        first = lines[0]
        lines[0] = LogLine(first.index, first.seat, f"{first.text}  → {changes}", first.kind)
    opening = round_heading(game.tables, None, before) if index == 0 else None
    heading = [LogLine(index, CHANCE, f"=== {opening} ===", "heading")] if opening else []
    return heading + lines + after_lines


def _changes(t: Tables, before: PolisState, s: PolisState) -> str:
    """What the step changed in goods and prestige, e.g. ``Athens +3 silver, +1 wheat``."""
    parts: list[str] = []
    for side in (0, 1):
        deltas: list[str] = []
        d = s.prestige[side] - before.prestige[side]
        if d:
            deltas.append(_("{n} prestige", n=f"{d:+d}"))
        for g in t.goods:
            i = side * len(GOODS) + g
            d = s.goods[i] - before.goods[i]
            if d:
                deltas.append(_("{n} {good}", n=f"{d:+d}", good=good_name(g)))
        if deltas:
            parts.append(f"{side_name(side)} {', '.join(deltas)}")
    return "; ".join(parts)


def _card_recipient(s: PolisState) -> int | None:
    b = s.battle
    if b is None:
        return None
    return b.attacker if b.deal[b.attacker] > 0 else other(b.attacker)


def _lines_before(game: PolisGame, s: PolisState, seat: int, action: Action, index: int,
                  readers: frozenset[int]) -> list[LogLine]:
    t = game.tables
    if seat == CHANCE:
        if action.verb == "card":
            to = _card_recipient(s)
            if to is not None and to in readers and s.battle is not None:
                card = next(c for c in t.cards(s.battle.sea) if c.code == str(action.args[0]))
                text = (_("You draw {card}", card=card_label(card)) if len(readers) == 1
                        else _("{side} draws {card}", side=side_name(to), card=card_label(card)))
                return [LogLine(index, seat, text, "chance")]
            if to is not None:
                return [LogLine(index, seat, _("{side} draws a battle card", side=side_name(to)), "chance")]
            return [LogLine(index, seat, _("A player draws a battle card"), "chance")]
        return [LogLine(index, seat, describe_action(game, s, action), "chance")]
    lines = [LogLine(index, seat, f"{side_name(seat)}: {describe_action(game, s, action)}")]
    if action.verb == "siege" and s.phase == TURN and s.pending is None and len(action.args) == 1:
        polis = t.polis_index.get(str(action.args[0]))
        if polis is not None and t.polis_base[polis] == 1:  # no roll: the siege succeeds (R-ACT-SIEGE-10)
            lines.append(LogLine(index, seat, f"  {siege_result(t, s, seat, polis, None)}", "result"))
    b = s.battle
    if action.verb == "defend" and b is not None and len(b.played) == 2:
        lines.extend(_pair_lines(t, s, action, index, seat))
    return lines


def _pair_lines(t: Tables, s: PolisState, action: Action, index: int, seat: int) -> list[LogLine]:
    """A defence told pair by pair: which card met which, who lost a unit, who gained prestige."""
    b = s.battle
    assert b is not None
    cards = t.cards(b.sea)
    index_of = {c.code: c for c in cards}
    att_side, dfn_side = b.attacker, other(b.attacker)
    out = []
    for n, (a, d) in enumerate(zip(b.played, action.args, strict=True), start=1):
        att, dfn = cards[a], index_of[str(d)]
        lost, gain = pair_result(att, dfn)
        if lost:
            result = (_("no match: {side} loses a galley", side=side_name(dfn_side)) if b.sea
                      else _("no match: {side} loses a hoplite", side=side_name(dfn_side)))
        else:
            result = _("matched: no loss")
        if gain:
            result = _("{result}; {side} {gain} prestige", result=result, side=side_name(att_side), gain=f"{gain:+d}")
        out.append(LogLine(index, seat, "  " + _("Pair {n}: {attacker}'s {card} against {defender}'s {answer}: "
                                                 "{result}", n=n, attacker=side_name(att_side), card=card_label(att),
                                                 defender=side_name(dfn_side), answer=card_label(dfn),
                                                 result=result), "result"))
    return out


def _lines_after(t: Tables, before: PolisState, s: PolisState, index: int) -> list[LogLine]:
    out: list[LogLine] = []

    def say(text: str) -> None:
        out.append(LogLine(index, CHANCE, text, "heading"))

    b0, b1 = before.battle, s.battle
    if b0 is not None and (b1 is None or b1.region != b0.region):
        params = {"region": t.region_ids[b0.region], "a": units(s, b0.region, 0), "b": units(s, b0.region, 1),
                  "pa": s.prestige[0], "pb": s.prestige[1]}
        say(_("The battle in {region} ends: galleys Athens {a}, Sparta {b}; prestige Athens {pa}, Sparta {pb}.",
              **params) if b0.sea else
            _("The battle in {region} ends: hoplites Athens {a}, Sparta {b}; prestige Athens {pa}, Sparta {pb}.",
              **params))
    if b1 is not None and (b0 is None or b0.region != b1.region):
        params = {"region": t.region_ids[b1.region], "a": units(s, b1.region, 0), "b": units(s, b1.region, 1),
                  "side": side_name(b1.attacker)}
        say(_(SEA_BATTLE, **params) if b1.sea else _(LAND_BATTLE, **params))
    if s.phase == END_OF_ROUND and before.phase != END_OF_ROUND:
        say(_(BOTH_PASSED))
    if (s.round != before.round or s.outcome is not None) and before.outcome is None:
        say(_round_summary(t, before, s))
    opened = round_heading(t, before, s)
    if opened:
        say(f"=== {opened} ===")
    if s.outcome is not None and before.outcome is None:
        say(_("Game over: {outcome}.", outcome=outcome_text(s)))
    return out


ROUND_END_STEPS = {0: N_("completed projects"), 2: N_("feeding"), 3: N_("growth"), 4: N_("Megalopolis and spoilage"),
                   6: N_("Phoros")}


def _round_end_steps(before: PolisState, s: PolisState) -> list[str]:
    """The automatic end-of-round steps a step ran on into, in words (none: it stayed in its own step).
    A step the next seat is still to take is not counted."""
    if s.phase != END_OF_ROUND and before.phase != END_OF_ROUND and s.round == before.round:
        return []
    own = before.eor_step if before.phase == END_OF_ROUND else -1
    if s.phase == END_OF_ROUND and s.round == before.round and s.outcome is None:
        end = s.eor_step + (1 if s.eor_seat else 0)
    else:
        end = 9
    return [_(words) for step, words in ROUND_END_STEPS.items() if own < step < end]


def _round_summary(t: Tables, before: PolisState, s: PolisState) -> str:
    """What a round ended with: prestige, population, poleis and the score so far for each side."""
    name = t.round_names[min(before.round, t.last_round)]
    parts = []
    for side in (0, 1):
        poleis = sum(1 for o in s.owner if o == side)
        people = sum(p for p, o in zip(s.pop, s.owner, strict=True) if o == side)
        parts.append(_("{side} {prestige} prestige, {poleis} poleis, {population} population, score {score}",
                       side=side_name(side), prestige=s.prestige[side], poleis=poleis, population=people,
                       score=scoring.score(t, s, side)))
    return _("Round {name} summary: {sides}.", name=name, sides="; ".join(parts))


def battle_results(log: list[LogLine]) -> list[str]:
    """The pair-by-pair results of the latest combat round of the battle in progress."""
    results: list[LogLine] = []
    heading = _(LAND_BATTLE).split("{", 1)[0]  # "Battle in ", as the reader's language begins both
    for line in reversed(log):
        if line.kind == "result":
            results.append(line)
        elif results or line.text.startswith(heading):
            break
    return [r.text for r in reversed(results)]
