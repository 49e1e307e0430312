"""Menus built step by step from the legal actions only (kleos.tui.menu), tried on Polis decisions."""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.tui.help import VERB_TITLES
from kleos.tui.menu import FLAT_LIMIT, SHORTCUTS, build_level, entry_for_key, find_path, tokens
from step_cap import StepCap


def acts(*texts: str) -> list[Action]:
    return [Action.parse(t) for t in texts]


def first_decision(edition: str, seed: int) -> tuple[PolisGame, list[Action]]:
    game = PolisGame(edition)
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    return game, game.legal_actions(state)


def leaves(legal: list[Action], prefix: tuple[str, ...] = ()) -> list[Action]:
    """Every action reachable from the level under ``prefix``, walking all groups."""
    out: list[Action] = []
    for e in build_level(legal, prefix, VERB_TITLES).entries:
        if e.action is not None:
            out.append(e.action)
        else:
            out.extend(leaves(legal, e.prefix))
    return out


def test_few_actions_are_listed_whole_with_shortcuts() -> None:
    legal = acts("pay iron", "pay silver", "done")
    level = build_level(legal)
    assert [e.action for e in level.entries] == legal
    assert [e.key for e in level.entries] == ["1", "2", "0"]
    assert [e.label for e in level.entries] == ["pay iron", "pay silver", "done"]
    titled = build_level(acts("proxenos", "pass"), (), VERB_TITLES)
    assert [e.label for e in titled.entries] == ["proxenos  Move the proxenos", "pass"]


def test_shared_words_are_not_repeated() -> None:
    legal = acts("attack A/x B/y", "attack A/x C/z")
    assert [e.label for e in build_level(legal).entries] == ["A/x B/y", "A/x C/z"]
    assert [e.label for e in build_level(acts("march A", "march B")).entries] == ["A", "B"]


def test_many_actions_are_grouped_by_verb_then_by_argument() -> None:
    _, legal = first_decision("2020", 3)
    assert len(legal) > FLAT_LIMIT
    top = build_level(legal, (), VERB_TITLES)
    verbs = [e.prefix[0] for e in top.entries]
    assert verbs == list(dict.fromkeys(a.verb for a in legal))  # each verb once, in the engine's order
    march = next(e for e in top.entries if e.prefix == ("march",))
    assert march.action is None and march.count == sum(a.verb == "march" for a in legal)
    assert "Move hoplites" in march.label
    single = next(e for e in top.entries if e.prefix[0] == "pass")
    assert single.action == Action("pass")


def test_menus_offer_exactly_the_legal_actions() -> None:
    for edition, seed in (("2020", 3), ("2012", 4), ("2020", 9)):
        _, legal = first_decision(edition, seed)
        reached = leaves(legal)
        assert sorted(map(str, reached)) == sorted(map(str, legal))


def test_a_single_next_word_is_skipped() -> None:
    legal = acts(*(f"trade Persia {n} wine" for n in range(1, 8)), *(f"trade Persia {n} iron" for n in range(1, 8)))
    level = build_level(legal, ("trade",))
    assert level.prefix == ("trade", "Persia")  # the only market: no level of one entry
    assert all(e.action is None for e in level.entries)


def test_shortcut_keys_and_path_to_an_action() -> None:
    legal = [Action("march", (f"R{i}",)) for i in range(40)] + [Action("pass")]
    top = build_level(legal)
    assert [e.key for e in top.entries] == ["1", "0"]
    inner = build_level(legal, ("march",))
    assert [e.key for e in inner.entries][:11] == list(SHORTCUTS[:11])
    assert inner.entries[35].key == ""  # beyond z: arrows and Enter
    assert entry_for_key(inner, "a") is inner.entries[9]
    path = find_path(legal, Action("march", ("R12",)))
    assert [lv.prefix for lv in path] == [(), ("march",)]
    assert any(e.action == Action("march", ("R12",)) for e in path[-1].entries)
    assert tokens(Action("march", ("R12",))) == ("march", "R12")


def test_the_end_of_a_step_keeps_its_place_and_key() -> None:
    """Issue 17: "done" sorted before "pay" in one step and after it in the next, so the same key
    pressed twice ended the step; it is now last, with the key 0, in every step."""
    first = build_level(acts("pay wood"))
    second = build_level(acts("done", "pay wood"))
    assert [(e.key, e.label) for e in first.entries] == [("1", "pay wood")]
    assert [(e.key, e.label) for e in second.entries] == [("1", "pay wood"), ("0", "done")]
    assert [e.key for e in build_level(acts("pass", "proxenos", "stasis")).entries] == ["1", "2", "0"]


def test_numbered_choices_from_zero_are_keyed_by_their_number() -> None:
    """Issue 17: the Phoros menu showed "1 0", "2 1", "3 2"; its keys are now the numbers."""
    level = build_level(acts("phoros 0", "phoros 1", "phoros 2"))
    assert [(e.key, e.label) for e in level.entries] == [("0", "0"), ("1", "1"), ("2", "2")]
    assert entry_for_key(level, "2") is level.entries[2]
    many = build_level(acts(*(f"phoros {n}" for n in range(12))))
    assert [e.key for e in many.entries] == [*"0123456789", "a", "b"]
    cards = build_level(acts("play 3", "play 7"))  # no 0: keys by place as everywhere else
    assert [e.key for e in cards.entries] == ["1", "2"]


def test_choices_that_lose_come_after_the_safe_ones() -> None:
    legal = acts("feed", "release Chalkis", "release Chios")
    level = build_level(legal, warn=lambda a: "you lose" if a.verb == "feed" else "")
    assert [(e.key, str(e.action), e.warning) for e in level.entries] == [
        ("1", "release Chalkis", ""), ("2", "release Chios", ""), ("3", "feed", "you lose")]
