"""A hint from an agent that ranks its choices (:class:`kleos.core.kit.agents.Ranking`) says how close
the call was: the value it rates its choice, the next best's and what the values measure. A newcomer
told "put into the entourage A21" could not tell a clear best from a toss-up."""

from __future__ import annotations

import math
import re

import pytest

from decisions import recorded_to_decision_where
from kleos.agents import make_agent
from kleos.core.kit.agents import Ranking
from kleos.tui.plain import PlainGame
from kleos.tui.session import Session, decision_rng


def session_at_first_choice(game: str, seed: int) -> tuple[Session, int]:
    """A session of a seeded random game of ``game`` at its first decision with two or more choices."""
    record, seat, _legal = recorded_to_decision_where(game, seed, lambda legal: len(legal) > 1, "a choice")
    return Session.from_record(record, frozenset({seat}), "random"), seat


def test_the_ranking_s_first_is_what_the_hint_bot_chooses_and_the_values_fall() -> None:
    """The Pericles hint bot ranks by its look-ahead; its first is the action its ``choose`` picks from
    the same view, legal actions and generator, so the hint and the explanation agree."""
    session, seat = session_at_first_choice("pericles", 11)
    ranking = session.hint_ranking(seat)
    agent = make_agent(session.hint_name, session.game)
    assert isinstance(agent, Ranking)
    chosen = agent.choose(session.view(seat), session.legal(seat),
                          decision_rng(session.record.seed, seat, len(session.record.actions)))
    assert ranking[0][1] == chosen and len(ranking) >= 2
    values = [value for value, _action in ranking]
    assert values == sorted(values, reverse=True)
    assert {action for _value, action in ranking} <= set(session.legal(seat))


def test_a_game_whose_hint_bot_does_not_rank_gets_no_lookahead_line() -> None:
    """Polis's hint bot does not rank by a look-ahead the hint could show: one choice, valued nan, and
    no words."""
    session, seat = session_at_first_choice("polis", 3)
    ranking = session.hint_ranking(seat)
    assert len(ranking) == 1 and math.isnan(ranking[0][0])
    assert session.lookahead_words(seat, ranking) == ""


def test_the_plain_hint_names_the_next_best(capsys: pytest.CaptureFixture[str]) -> None:
    """``hint`` in the plain loop: after the choice and what it does, "Looking ahead, it rates …" with
    the next best's words and notation."""
    session, seat = session_at_first_choice("pericles", 11)
    plain = PlainGame(session)
    legal = plain.ordered(session.legal(seat))
    ranking = session.hint_ranking(seat)
    plain.show_hint(seat, legal)
    lines = capsys.readouterr().out.splitlines()
    runner_up = ranking[1][1]
    words = session.kit.describe_action(session.game, session.view(seat), runner_up)
    told = [line for line in lines if line.startswith("Looking ahead, it rates this ")]
    assert len(told) == 1, lines
    assert told[0].endswith(f"(faction standing; {len(ranking)} choices weighed): {words} [{runner_up}]") or \
        told[0].endswith(f"choices weighed), so either will do: {words} [{runner_up}]"), told
    assert re.search(r"\d\.\d{3}", told[0]), told


def test_the_cyclades_search_hint_ranks_its_candidates_by_their_mean_over_the_shared_futures() -> None:
    """The Cyclades hint bot (``ismcts:normal``, the paired search) compares its candidates on the same
    sampled futures and plays the best mean: its ranking is that order with those means (winning
    chances, in [0, 1]), and its first is its ``choose``'s pick from the same generator. The tree search
    picks by visits with its prior's favourite kept, so it ranks nothing (one choice, valued nan)."""
    from kleos.agents.ismcts import ISMCTSAgent

    session, seat = session_at_first_choice("cyclades", 8)
    ranking = session.hint_ranking(seat)
    agent = make_agent(session.hint_name, session.game)
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent, Ranking)
    rng = decision_rng(session.record.seed, seat, len(session.record.actions))
    assert ranking[0][1] == agent.choose(session.view(seat), session.legal(seat), rng) and len(ranking) >= 2
    values = [value for value, _action in ranking]
    assert values == sorted(values, reverse=True) and all(0.0 <= v <= 1.0 for v in values), values
    assert {action for _value, action in ranking} <= set(session.legal(seat))
    words = session.lookahead_words(seat, ranking)
    assert words.startswith("Looking ahead, it rates this ") and f"(winning chance; {len(ranking)} choices" in words
    tree = ISMCTSAgent(session.game, model_calls=200, paired=False)
    rng = decision_rng(session.record.seed, seat, len(session.record.actions))
    alone = tree.ranked(session.view(seat), session.legal(seat), rng)
    again = ISMCTSAgent(session.game, model_calls=200, paired=False).choose(
        session.view(seat), session.legal(seat), decision_rng(session.record.seed, seat, len(session.record.actions)))
    assert len(alone) == 1 and math.isnan(alone[0][0]) and alone[0][1] == again
