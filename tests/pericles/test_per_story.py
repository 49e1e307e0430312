"""The story log of Pericles (issue 24, finding 9): the kit's words for each step name the revealed
marker and the new Commander (P-THEATER-9, P-MIL-1), never an empty Expedition Assembly (P-EXPED-2),
each battle's totals part by part with its result (P-BATTLE-4..8), and who loses which unit
(P-BATTLE-9); read from the actor's view only, so a face-down marker it cannot see stays unnamed
(P-INFO-6)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import battle, casualties
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import ASSEMBLY, HONOR_SOURCES, M_KIND, M_STAGE, M_WIN, N_HONOR, PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, PERSIA, PIECES
from kleos.games.pericles.view import SECRET_KIND
from kleos.tui.session import Session

MAX_STEPS = 4000  # steps per seeded random vignette at most (they end in a few hundred)
Step = tuple[PericlesGame, PericlesState, int, Action, PericlesState]


def steps(seed: int, scenario: str = "14_1_09a") -> list[Step]:
    """Every step of a seeded random game (the vignette unless told): (game, state before, seat, action,
    state after)."""
    g = KIT.make_game({"scenario": scenario})
    s = g.new_state(seed)
    rng = random.Random(seed)
    out: list[Step] = []
    for _ in range(MAX_STEPS):
        if not g.actors(s):
            return out
        if g.is_chance(s):
            seat, action = CHANCE, g.sample_chance(s)
        else:
            seat = g.actors(s)[0]
            action = rng.choice(g.legal_actions(s, seat))
        before = s.copy()
        g.apply_in_place(s, action, seat)
        out.append((g, before, seat, action, s.copy()))
    raise AssertionError(f"the {scenario} game of seed {seed} did not end in {MAX_STEPS} steps")


def told(g: PericlesGame, before: PericlesState, seat: int, action: Action) -> str:
    """The log's words: from the actor's view before the step (chance: the public view)."""
    return KIT.describe_action(g, g.view(before, None if seat == CHANCE else seat), action)


def every_step() -> list[Step]:
    return steps(0) + steps(1) + steps(2)


def test_p_theater_9_a_reveal_names_the_marker_and_the_commander() -> None:
    """P-THEATER-9, P-MIL-1: a reveal by a faction that sees the marker names it; a Military marker
    names the Commander in Chief; one it cannot see is only the marker its placer put face down (P-INFO-6:
    each faction places in turn at the table, so who placed it is seen by all, P-THEATER-4)."""
    named = unnamed = commanders = 0
    for g, before, seat, action, _ in every_step():
        if action.verb != "reveal":
            continue
        th = g.tables.theater_index[str(action.args[0])]
        entry = [e for e in before.queue if e // 1000 == th][-1]
        owner, kind = entry // 10 % 10, entry % 10
        words = told(g, before, seat, action)
        if g.view(before, seat).state.queue[before.queue.index(entry)] % 10 == SECRET_KIND:
            unnamed += 1
            placer = FACTIONS[entry // 100 % 10]
            assert words == f"reveal the marker {placer} placed face down in {action.args[0]}", words
            continue
        named += 1
        assert f"{FACTIONS[owner]}'s {('Military', 'League', 'Diplomatic', 'Oracle', 'Rumor')[kind]}" in words
        idle = "nothing happens (P-PERSIA-3)" in words or "so the issue ends with no effect (P-MIL-2)" in words
        assert (MARKER_KINDS[kind] == "MIL") == ("Commander in Chief" in words or idle), words
        commanders += "Commander in Chief" in words
    assert named and unnamed and commanders


def test_p_mil_2_a_military_reveal_without_strategos_says_the_issue_ends() -> None:
    """P-MIL-2, P-MIL-1, P-PERSIA-3, P-INFO-3: told from its owner's view (the log's narrator for a
    reveal), a Military marker whose owner has no Strategos says the issue ends with no effect, and then
    no decision follows; with Strategos it names the Commander; in Persia it has no effect. The
    revealer, who cannot see another's stock, is not told it."""
    idle = commanders = in_persia = 0
    for g, before, seat, action, after in every_step() + steps(3) + steps(4):
        if action.verb != "reveal":
            continue
        th = g.tables.theater_index[str(action.args[0])]
        entry = [e for e in before.queue if e // 1000 == th][-1]
        owner, kind = entry // 10 % 10, entry % 10
        if MARKER_KINDS[kind] != "MIL":
            continue
        words = told(g, before, owner, action)
        if th == PERSIA:
            in_persia += 1
            assert words.endswith("an issue in Persia, nothing happens (P-PERSIA-3)"), words
            assert after.revealed < 0, "no decision follows an issue in Persia"
        elif before.stock[owner] == 0:
            idle += 1
            assert "has no Strategos, so the issue ends with no effect" in words, words
            assert after.revealed < 0, "no decision follows an idle Military issue"
            if seat != owner:
                assert "no Strategos" not in told(g, before, seat, action), "another's stock is secret"
        else:
            commanders += 1
            assert "is now Commander in Chief" in words and "no Strategos" not in words, words
            assert after.revealed >= 0, "the Commander decides"
    assert idle and commanders and in_persia, (idle, commanders, in_persia)


def test_p_exped_2_resolving_lines_name_the_marker_and_the_assembly_is_never_empty() -> None:
    """P-EXPED-2, P-THEATER-14: the owner's decision names its revealed marker; an Expedition Assembly
    says what happens, with or without a number of tokens."""
    assemblies = 0
    for g, before, seat, action, _ in every_step():
        if before.step != "resolve":
            continue
        words = told(g, before, seat, action)
        assert re.match(rf"{FACTIONS[seat]}'s (Military|League|Diplomatic|Oracle) marker in \w+: ", words), words
        if action.verb == "expedition":
            assemblies += 1
            assert not words.endswith(":") and ("in secret" in words or "may move" in words), words
    assert assemblies


def test_p_battle_7_the_last_card_tells_the_totals_and_the_result() -> None:
    """P-BATTLE-4..8: the second battle card's line gives both sides' totals part by part, equal to the
    rules' strengths, and the winner by the casualty differential (or a draw)."""
    battles = 0
    for g, before, seat, action, _ in every_step():
        words = told(g, before, seat, action)
        if " against " not in words or action.verb != "draw" or before.step != "battle_draw":
            continue
        battles += 1
        drawn = before.copy()
        side = ("athens", "sparta").index(str(action.args[0]))
        card = str(action.args[1])
        drawn.draw[side] = 0 if card == "none" else g.tables.card_value[g.tables.card_index[card]]
        th, kind = battle.theater_of(before), before.mil[M_KIND]
        totals = [battle.strength(g.tables, drawn, x, kind, th) for x in (0, 1)]
        assert f"Athens {totals[0]} (units" in words and f"Sparta {totals[1]} (units" in words, words
        if totals[0] == totals[1]:
            assert "a draw" in words
        else:
            winner = "Athens" if totals[0] > totals[1] else "Sparta"
            assert f"{winner} wins by {abs(totals[0] - totals[1])}" in words, words
    assert battles


def test_p_battle_10_a_won_battle_that_takes_no_unit_says_why() -> None:
    """P-BATTLE-3, P-BATTLE-9, P-BATTLE-10, P-BATTLE-13: the last card's line says the loser loses no unit
    exactly when the rules take none from it (no unit of the battle's kind there, or no complete group on
    any row of the Loser Casualty Table), and says no battle Honor moves only when none does
    (P-BATTLE-25, P-BATTLE-28)."""
    told_none = told_some = 0
    battles_at = HONOR_SOURCES.index("battles")
    for g, before, seat, action, after in every_step():
        words = told(g, before, seat, action)
        if action.verb != "draw" or before.step != "battle_draw" or " wins by " not in words:
            continue
        loser = 0 if "Sparta wins by" in words else 1
        th, kind = battle.theater_of(before), before.mil[M_KIND]
        lost = sum(count(before, th, p) - count(after, th, p) for p in battle.kind_pieces(kind, loser))
        pending = after.step in ("row", "casualty") and after.mil[M_STAGE] in (casualties.LOSER_ROW,
                                                                             casualties.LOSER_PICK)
        says_none = any(reason in words for reason in ("loses no unit (P-BATTLE-10", "to lose (P-BATTLE-3, P-BATTLE-9)",
                                                        "casualties are counted from the winner's units"))
        assert says_none == (not lost and not pending), words
        if "No battle Honor" in words:
            assert [after.honor_from[f * N_HONOR + battles_at] for f in range(4)] == \
                [before.honor_from[f * N_HONOR + battles_at] for f in range(4)], words
        told_none += says_none
        told_some += not says_none
    assert told_none and told_some, (told_none, told_some)


def test_p_battle_16_a_razed_base_says_the_treason_markers_it_takes() -> None:
    """P-BATTLE-15, P-BATTLE-16, P-TREASON-6: eliminating a base names the loser's treason markers there that
    go with it, exactly when the rules remove some; a base razed where the loser has none says nothing of it."""
    from kleos.games.pericles.rules.diplomatic import treason

    seen = {True: 0, False: 0}
    for g, before, seat, action, after in (step for seed in (6, 7, 24) for step in steps(seed, "14_1_09a")):
        if action.verb != "raze" or action.args[0] == "stop":
            continue
        th, loser = battle.theater_of(before), 1 - before.mil[M_WIN]
        gone = treason(before, th, loser) - treason(after, th, loser)
        words = told(g, before, seat, action)
        assert ("treason marker there goes with it" in words or "treason markers there go with it" in words) == (
            gone > 0), words
        if gone:
            assert f"'s {gone} treason marker" in words, words
        seen[gone > 0] += 1
    assert seen[True] and seen[False], seen


def test_p_battle_9_casualties_say_whose_unit_dies() -> None:
    """P-BATTLE-9, P-BATTLE-12: a casualty line names the losing side and the unit in words; the 300,
    always Sparta's, by its own name (not "Sparta's the 300")."""
    found = 0
    for g, before, seat, action, _ in every_step():
        if action.verb in ("casualty", "row"):
            words = told(g, before, seat, action)
            assert re.search(r"(Athens|Sparta)('s| loses)", words), words
            found += 1
    assert found
    g = KIT.make_game({"scenario": "14_2"})
    s = g.new_state(1)
    s.revealed = g.tables.theater_index["Boeotia"] * 1000  # the battle's theater: the revealed marker's
    assert told(g, s, 1, Action("casualty", ("S300",))) == "eliminate the 300 (S300) in Boeotia"


def test_p_battle_9_a_casualty_row_counts_the_units_in_words() -> None:
    """P-BATTLE-9..11: the row chosen says how many units the side loses and how many of them are
    elite, as the casualty table gives them, in whole words ("loses 3 units, 1 of them elite")."""
    from kleos.games.pericles.rules import casualties

    rows = 0
    for g, before, seat, action, _ in every_step():
        if action.verb != "row":
            continue
        view = g.view(before, seat).state
        elite, other = next(d for a, d in casualties.choices(g.tables, view, view.mil[M_STAGE]) if a == action)
        words = told(g, before, seat, action)
        n = elite + other
        loss = ("no unit" if not n else f"{n} unit{'s' if n > 1 else ''}" if not elite else
                f"{n} elite unit{'s' if n > 1 else ''}" if elite == n else f"{n} units, {elite} of them elite")
        assert re.fullmatch(rf"count casualties on row {action.args[0]}: (Athens|Sparta) loses {loss}", words), words
        rows += 1
    assert rows


@pytest.mark.parametrize(("source", "delta", "cause"), [
    ("wills", 5, "will of the Assembly met, P-WILL-3"), ("wills", -5, "will of the Assembly not met, P-WILL-4"),
    ("persia", -2, "War with Persia, P-PERSIA-13"), ("political_capital", 1, "political capital, P-CAPITAL-2"),
    ("battles", -1, "battles"), ("theater_issues", 3, "theater issues")])
def test_p_will_3_a_result_says_why_honor_moved(source: str, delta: int, cause: str) -> None:
    """P-WILL-3/4, P-PERSIA-13, P-CAPITAL-2: a score-sheet part whose name alone would not tell a
    newcomer why Honor moved is told with the reason and the rule, by the sign of the change."""
    from kleos.games.pericles import story
    from kleos.games.pericles.state import HONOR_SOURCES, N_HONOR

    g = KIT.make_game({"scenario": "14_1_09a"})
    before = g.new_state(0)
    after = before.copy()
    after.honor = [before.honor[0] + delta, *before.honor[1:]]
    after.honor_from = list(before.honor_from)
    after.honor_from[0 * N_HONOR + HONOR_SOURCES.index(source)] += delta
    assert story.changes(g, before, after) == f"Result: Honor AF {before.honor[0]}→{after.honor[0]} ({cause})."


def test_p_capital_2_two_reasons_for_one_change_are_told_apart() -> None:
    """P-CAPITAL-2, P-VICTORY: a change with two sources names both, apart ("; "), each with its rule."""
    from kleos.games.pericles import story
    from kleos.games.pericles.state import HONOR_SOURCES

    g = KIT.make_game({"scenario": "14_1_09a"})
    before = g.new_state(0)
    after = before.copy()
    after.honor = [before.honor[0] + 12, *before.honor[1:]]
    after.honor_from = list(before.honor_from)
    after.honor_from[HONOR_SOURCES.index("political_capital")] += 2
    after.honor_from[HONOR_SOURCES.index("victory")] += 10
    assert story.changes(g, before, after) == (f"Result: Honor AF {before.honor[0]}→{after.honor[0]} "
                                               "(political capital, P-CAPITAL-2; victory scoring, P-VICTORY).")


def test_p_theater_9_the_terminal_log_names_every_revealed_marker() -> None:
    """P-THEATER-9, P-INFO-6: in the terminal's log every reveal names its marker, even one revealed by
    a faction that could not see it (the kit's words alone leave that one unnamed), while placing
    stays secret to the other factions."""
    session = Session.start(KIT, {"scenario": "14_1_09a"}, 1, frozenset(), "heuristic")  # watched: no reader
    for _ in range(MAX_STEPS):
        session.settle()
        if session.over:
            break
        seat = session.to_act()
        assert seat is not None and seat != CHANCE
        session.apply(seat, session.agent_choose(session.agent_request(seat)))
    assert session.over
    reveals = [line.text for line in session.log if ": reveal " in line.text]
    assert reveals and all(re.search(r"reveal (AF|DF|EK|AK)'s \w+ marker in ", t) for t in reveals), reveals
    unnamed = [(before, seat, a) for g, before, seat, a, _ in steps(1) if a.verb == "reveal"
               and told(g, before, seat, a).startswith("reveal the marker ")]
    assert unnamed, "the seed should have a reveal the revealer cannot see"
    others = [line.text for line in session.log if "marker (" in line.text and "face down" in line.text]
    assert not others, others  # the bots' placements are secret steps
    results = [line.text for line in session.log if line.kind == "result"]
    assert any(re.match(r"Result: Honor (AF|DF|EK|AK) \d+→\d+", t) for t in results), results  # P-HONOR-1
    assert any(re.search(r"in \w+: [-+]\d+ \w+", t) for t in results), results  # pieces built or lost


def test_p_raid_3_the_raids_card_says_what_the_enemy_dominant_loses() -> None:
    """P-RAID-2..4: the card turned up for a raid names the enemy Dominant faction and what it loses;
    the Honor it pays for a shortfall then shows as a result."""
    raids = 0
    for g, before, seat, action, after in every_step():
        if action.verb != "draw" or before.step != "raid_draw":
            continue
        raids += 1
        side = ("athens", "sparta").index(str(action.args[0]))
        value = 0 if action.args[1] == "none" else g.tables.card_value[g.tables.card_index[str(action.args[1])]]
        enemy = before.dominant[1 - side]
        words = told(g, before, seat, action)
        assert words.endswith(f". Raid: {FACTIONS[enemy]} loses {value} Strategos, and 1 Honor for each it lacks "
                              "(P-RAID-3, P-RAID-4)."), words
        assert before.honor[enemy] - after.honor[enemy] == max(0, value - before.stock[enemy])
    assert raids


def test_p_seq_1_the_terminal_log_heads_each_phase() -> None:
    """P-SEQ-1: the terminal's story has a heading where a step opens a new phase or turn, one for each,
    and one before the first step for the phase the game starts in."""
    from kleos.games.pericles.tui.parts import terminal_parts

    tell = terminal_parts().log_lines
    assert tell is not None
    g = KIT.make_game({"scenario": "14_2"})
    s, rng, phases = g.new_state(1), random.Random(1), 0
    for index in range(MAX_STEPS):  # the first turns of the war, phase after phase
        if phases >= 8 or not g.actors(s):
            break
        seat = CHANCE if g.is_chance(s) else g.actors(s)[0]
        action = g.sample_chance(s) if seat == CHANCE else rng.choice(g.legal_actions(s, seat))
        before, after = s.copy(), s
        g.apply_in_place(s, action, seat)
        lines = tell(g, before, seat, action, after, index, frozenset({0}))
        headings = [line.text for line in lines if line.kind == "heading" and line.text.startswith("Turn ")]
        opened = (after.turn, after.phase) != (before.turn, before.phase) and after.outcome is None
        first = ["Turn 1: Aristophanes phase"] if index == 0 else []  # the phase the war starts in
        opening = [f"Turn {after.turn}: {after.phase.capitalize()} phase"] if opened else []
        if opened and before.phase == "assembly" and after.phase != "political":  # the Political phase ran
            opening.insert(0, f"Turn {before.turn}: Political phase")  # within the step (P-SEQ-5), headed too
        assert headings == first + opening, (action, headings)
        phases += opened
    assert phases >= 8



def test_p_victory_11_the_terminal_log_tells_the_honor_standing_where_a_turn_ends() -> None:
    """P-VICTORY-11: where a turn ends and the war goes on, the terminal's story says each side's and
    faction's Honor, just before the next turn's heading (a watcher sees no board); no other step
    does, and the last turn's end leaves it to the game-over line."""
    from kleos.games.pericles.tui.parts import terminal_parts

    tell = terminal_parts().log_lines
    assert tell is not None
    g = KIT.make_game({"scenario": "14_2"})
    s, rng, ends = g.new_state(1), random.Random(1), 0
    for index in range(MAX_STEPS * 3):
        if not g.actors(s):
            break
        seat = CHANCE if g.is_chance(s) else g.actors(s)[0]
        action = g.sample_chance(s) if seat == CHANCE else rng.choice(g.legal_actions(s, seat))
        before = s.copy()
        g.apply_in_place(s, action, seat)
        texts = [line.text for line in tell(g, before, seat, action, s, index, frozenset({0}))]
        standings = [i for i, text in enumerate(texts) if text.startswith("Honor after turn")]
        if s.turn == before.turn or s.outcome is not None:
            assert standings == [], (action, texts)
            continue
        ends += 1
        h = s.honor
        assert [texts[i] for i in standings] == [
            f"Honor after turn {before.turn} (P-VICTORY-11): Athens {h[0] + h[1]} (AF {h[0]}, DF {h[1]}), "
            f"Sparta {h[2] + h[3]} (EK {h[2]}, AK {h[3]})."]
        assert texts[standings[0] + 1] == f"Turn {s.turn}: Aristophanes phase"
    assert ends >= 1 and s.outcome is not None


def test_p_exped_7_an_expedition_without_a_battle_says_so_and_why() -> None:
    """P-EXPED-7, P-MIL-8: when an Expedition Assembly's movement ends with the theater not contested,
    the log says no battle follows and why, and that the Strategos go back; when a battle follows, it
    says nothing of the kind (the battle's lines tell it)."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules import expedition

    told = {True: 0, False: 0}
    moving = ("move", "move_on")
    for g, before, _seat, action, after in (step for seed in range(1, 7) for step in steps(seed, "14_2")):
        if before.step in moving and expedition.in_progress(before) and after.step not in moving:
            line = story.tell_step(g, g.view(before, None).state, action, g.view(after, None).state)
            battle_follows = expedition.in_progress(after)
            theater = g.tables.theater_keys[before.revealed // 1000]
            assert (f"No battle in {theater}: " in line) == (not battle_follows), line
            told[battle_follows] += 1
    assert told[True] and told[False], told


def test_p_mil_5_an_expedition_to_a_neutral_or_friendly_theater_ends_told_with_its_movement() -> None:
    """P-MIL-5, P-MIL-8: the Commander's own Expedition Assembly (no secret commitments) ends with its
    movement and no battle, and the step that ends the movement says so; no other step says it."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules import expedition

    ends = 0
    for g, before, _seat, action, after in (step for seed in range(1, 7) for step in steps(seed, "14_2")):
        line = story.tell_step(g, g.view(before, None).state, action, g.view(after, None).state)
        open_end = before.step == "move" and action.verb == "done" and not expedition.in_progress(before)
        said = "ends with its movement: no battle follows one to a neutral or friendly theater (P-MIL-5)" in line
        assert said == open_end, line
        if open_end:
            assert after.revealed < 0 and after.step not in ("move", "move_on") and after.mil_stage == 0
            theater = g.tables.theater_keys[before.revealed // 1000]
            assert line.startswith(f"end the movement. The expedition to {theater} ends"), line
            ends += 1
    assert ends


def test_p_redeploy_1_a_redeployment_is_told_by_its_words_alone_also_when_it_ends_the_turn() -> None:
    """P-REDEPLOY-1: a redeployment's line names the unit, where from and where to; its result adds no
    units gained and lost, also for the last of a turn (the turn's end clears the marks of units moved,
    and "+1 the 300 (S300)" stood under "redeploy the 300 (S300) from Athens to Sparta")."""
    from kleos.games.pericles import story

    last = 0
    for g, before, _seat, action, after in (step for seed in range(1, 7) for step in steps(seed, "14_2")):
        if before.step != "redeploy" or action.verb != "redeploy" or len(action.args) != 3:
            continue
        result = story.changes(g, g.view(before, None).state, g.view(after, None).state)
        assert not re.search(r"\bin \w+: [+-]\d", result), result
        frm, piece, to = (g.tables.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])),
                          g.tables.theater_index[str(action.args[2])])
        assert count(after, to, piece) == count(before, to, piece) + 1  # the move the words tell was made
        assert count(after, frm, piece) == count(before, frm, piece) - 1
        last += after.step != "redeploy"
    assert last, "no redeployment ended a turn in six seeded wars"


def test_p_league_1_a_league_issue_declined_where_it_could_do_nothing_says_why() -> None:
    """P-LEAGUE-1: a League issue in a theater its side neither controls nor contests leaves only the
    decline, and the log says why; a decline with other choices open was a choice and gets no reason."""
    from kleos.games.pericles import story

    seen = {True: 0, False: 0}
    for g, before, seat, action, after in (step for seed in range(1, 5) for step in steps(seed, "14_2")):
        if action.verb != "decline" or before.step != "resolve":
            continue
        line = story.tell_step(g, g.view(before, None).state, action, g.view(after, None).state)
        forced = g.legal_actions(before, seat) == [action]
        assert ("neither controls nor contests" in line) == forced, line
        if forced:
            theater, owner = before.revealed // 1000, before.revealed // 10 % 10
            side = ("Athens", "Sparta")[owner // 2]
            assert f"{side} neither controls nor contests {g.tables.theater_keys[theater]}, so its League issue " \
                   "can do nothing there and is declined (P-LEAGUE-1)." in line, line
        seen[forced] += 1
    assert seen[True] and seen[False], seen


def test_p_diplo_6_a_diplomatic_issue_at_home_with_no_treason_marker_to_remove_says_so() -> None:
    """P-DIPLO-6: in a theater its side controls, a Diplomatic issue only removes treason markers; the log
    says when there is none to remove, and only then."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules.diplomatic import treason

    seen = {True: 0, False: 0}
    for g, before, seat, action, after in (step for seed in range(1, 9) for step in steps(seed, "14_2")):
        if action.verb != "commit" or len(action.args) != 3 or before.step != "resolve":
            continue
        theater = before.revealed // 1000
        none = not (treason(before, theater, 0) or treason(before, theater, 1))
        commits = [a for a in g.legal_actions(before, seat) if a.verb == "commit"]
        assert none == all(a.args[1:] == (0, 0) for a in commits)  # nothing else to remove is offered
        line = story.tell_step(g, g.view(before, None).state, action, g.view(after, None).state)
        said = "where a Diplomatic issue only removes treason markers, and there are none (P-DIPLO-6)." in line
        assert said == none, line
        seen[none] += 1
    assert seen[True], seen


def test_p_plague_3_a_plague_card_tells_what_the_plague_takes_and_who_chooses() -> None:
    """P-PLAGUE-1..6: an Acharnians card's draw tells the Plague's rule; the first Plague says the game is
    Post-Plague from then on, a later one does not; the Dominant factions are said to choose exactly when
    removals are left to choose. No other card's draw tells a Plague."""
    from kleos.games.pericles import story

    plague = "The Plague strikes (P-PLAGUE-3, P-PLAGUE-4): in Athens each side loses a third of its land units"
    draws = [(g, before, action) for seed in range(1, 9) for g, before, _seat, action, _after in steps(seed, "14_2")
             if action.verb == "aristophanes"]
    plagues = 0
    for g, before, action in draws:
        again = before.copy()
        again.plague = 1  # the same draw after an earlier Plague
        for start in (before, again):
            after = start.copy()
            g.apply_in_place(after, action, CHANCE)
            line = story.tell_step(g, g.view(start, None).state, action, g.view(after, None).state)
            struck = str(action.args[0]).startswith("Acharnians")
            assert (plague in line) == struck, line
            assert after.plague == (1 if struck else start.plague)  # P-PLAGUE-2: Post-Plague from the first on
            assert ("From now on the game is Post-Plague (P-PLAGUE-2)." in line) == (struck and not start.plague)
            assert ("The Dominant factions choose which units go (P-PLAGUE-6)." in line) == bool(after.plague_due)
            plagues += struck
    assert plagues >= 2, plagues


def test_p_persia_9_the_peace_of_callias_is_told_with_what_it_did() -> None:
    """P-PERSIA-9..12: "declare the Peace of Callias: yes" goes on with what the peace did, as the rules did
    it: the units sent home side by side, Spartan bases turned Persian, the war over, and the trireme Athens
    still gives up exactly when the next step asks for it. A Spartan ship and League base are put in the
    Eastern Mediterranean of one declaration, so that both sides' parts are met."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules.persia import HOMES
    from kleos.games.pericles.tables import EAST_MED, PB, SIDE_LAND, SIDE_NAVAL, SN, XB

    yes = Action.parse("callias yes")
    cases = [(g, before) for seed in (2, 3, 7) for g, before, _seat, action, _after in steps(seed, "14_2")
             if action == yes]
    assert len(cases) == 3
    spartan = cases[0][1].copy()
    spartan.pieces[EAST_MED * len(PIECES) + SN] += 1
    spartan.pieces[EAST_MED * len(PIECES) + PB] += 1
    for g, before in [*cases, (cases[0][0], spartan)]:
        after = before.copy()
        g.apply_in_place(after, yes, before.actor)
        line = story.tell_step(g, g.view(before, None).state, yes, g.view(after, None).state)
        assert line.startswith("declare the Peace of Callias: yes. The Peace of Callias: the Eastern "
                               "Mediterranean closes for the rest of the game"), line
        assert "the War with Persia is over" in line and not after.persia_war and after.callias
        for side, home in enumerate(HOMES):
            sent = sum(count(after, home, p) - count(before, home, p) for p in (*SIDE_LAND[side], *SIDE_NAVAL[side]))
            name = g.tables.theater_keys[home]
            assert (f" to {name}" in line) == bool(sent), line
            if sent:
                assert f"{sent} unit{'s' if sent > 1 else ''} to {name}" in line, line
        persian = count(after, PERSIA, XB) - count(before, PERSIA, XB)
        assert ("become Persian bases" in line or "becomes a Persian base" in line) == bool(persian), line
        asks = after.step == "scuttle"
        assert ("Athens now gives up one Athenian trireme" in line) == asks, line
    assert "1 unit to Sparta" in line and "1 base of Sparta there becomes a Persian base in Persia" in line


def test_p_300_3_the_300_moves_outside_the_allowance_and_the_log_says_so() -> None:
    """P-300-3: a move of the 300 leaves the allowance as it was, and its line says it moves itself;
    any other unit's first link takes one move and its line does not."""
    from kleos.games.pericles import story

    seen = {True: 0, False: 0}
    for g, before, _seat, action, after in (step for seed in range(1, 7) for step in steps(seed, "14_2")):
        if action.verb != "move" or before.step != "move":
            continue
        the_300 = action.args[1] == "S300"
        assert after.moves_left == before.moves_left - (not the_300)
        words = story.tell(g, g.view(before, None).state, action)
        assert ("it moves itself, outside the movement allowance (P-300-3)" in words) == the_300, words
        seen[the_300] += 1
    assert seen[True] and seen[False], seen


def test_p_diplo_2_the_diplomatic_test_is_told_with_its_totals_and_what_followed() -> None:
    """P-DIPLO-2..5: a Diplomatic issue resolved in a contested or enemy theater tells the owner's total
    (Strategos and own treason markers) against the enemy's units and bases, and what followed as the
    rules did it: a League base turned exactly when the enemy's base count fell, otherwise as many
    treason markers placed as the rules placed."""
    import re

    from kleos.games.pericles import story
    from kleos.games.pericles.rules.diplomatic import LEAGUE_BASE, enemy_value, treason
    from kleos.games.pericles.rules.theater import entry_parts

    seen = {"turned": 0, "placed": 0, "none committed": 0}
    for g, before, _seat, action, after in (step for seed in (*range(1, 7), 19) for step in steps(seed, "14_2")):
        if action.verb != "commit" or len(action.args) != 1 or before.step != "resolve":
            continue
        line = story.tell_step(g, g.view(before, None).state, action, g.view(after, None).state)
        theater, _placer, owner, _kind = entry_parts(before.revealed)
        side, k = owner // 2, int(action.args[0])
        own = treason(before, theater, side)
        total = f": {'Athens' if side == 0 else 'Sparta'} {k + own} (Strategos {k}, treason {own}) against "
        assert total in line and f" {enemy_value(g.tables, before, theater, side)} (units" in line, line
        turned = count(after, theater, LEAGUE_BASE[1 - side]) < count(before, theater, LEAGUE_BASE[1 - side])
        assert ("becomes one of" in line) == turned, line
        assert (" there is spent (P-DIPLO-2)" in line or " there are spent (P-DIPLO-2)" in line) == (
            turned and own > 0), line
        if not turned and not k:
            assert "no treason marker is placed" in line and treason(after, theater, side) == own, line
        elif not turned:
            placed = re.search(r"places (\d+) treason marker", line)
            assert placed and int(placed.group(1)) == treason(after, theater, side) - own, line
            assert ("not greater" in line) == (k + own <= enemy_value(g.tables, before, theater, side)), line
        seen["turned" if turned else "placed" if k else "none committed"] += 1
    assert all(seen.values()), seen


GROUP_WORDS = ("Delian League units", "Athenian units", "Peloponnesian League units", "Spartan units")
GROUP_BASES = ("a Delian League base (P-REDEPLOY-5)", "an Athenian or a Delian League base (P-REDEPLOY-6)",
               "a Peloponnesian League base (P-REDEPLOY-5)", "a Spartan base (P-REDEPLOY-7)")


def test_p_redeploy_1_each_group_s_redeployment_is_named_in_the_log_and_the_menu() -> None:
    """P-REDEPLOY-1: the groups redeploy in turn, a side's Dominant choosing for both of its groups, so
    the end of each is told with its group ("end the redeployment of the Athenian units"), and the
    menu's title says whose units are moved, where they may go (P-REDEPLOY-5..7) and, while a theater
    is over its limit (P-REDEPLOY-3, P-REDEPLOY-4), that units must leave it before the group may end
    (P-REDEPLOY-8); two ends by one faction never read as one told twice."""
    from kleos.games.pericles import story
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    seen: set[int] = set()
    over: set[bool] = set()
    for g, before, seat, action, _after in (step for seed in range(1, 4) for step in steps(seed, "14_2")):
        if before.step == "redeploy":
            group = GROUP_WORDS[before.cursor]
            told = title(g, g.view(before, seat), seat)
            assert told.startswith(f"redeploy the {group}, one unit at a time: each may go to a theater with "
                                   f"{GROUP_BASES[before.cursor]} and room"), told
            ending = Action("redeploy", ("done",)) in g.legal_actions(before, seat)
            assert ("Over the limit now: " in told) == (not ending), told
            over.add(ending)
            if action == Action("redeploy", ("done",)):
                assert story.tell(g, before, action) == f"end the redeployment of the {group}"
                seen.add(before.cursor)
    assert seen == {0, 1, 2, 3}
    assert over == {True, False}  # both titles were read


def test_p_hand_2_the_keep_title_says_what_a_kept_card_is_worth() -> None:
    """P-HAND-2, P-HAND-3, P-HAND-4: a faction keeping entourage cards reads that each kept card is one
    of the 9 it draws to and that the rest go back into the deck ("keep entourage cards" said
    neither)."""
    from per_helpers import played

    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    g, s = played("14_2", 1, "keep")
    seat = g.actors(s)[0]
    assert title(g, g.view(s, seat), seat) == (
        "keep entourage cards: each kept is one of the 9 cards you draw to, known in advance; the rest go back "
        "into your side's deck (P-HAND-2, P-HAND-3, P-HAND-4)")


def test_the_resolve_title_says_what_the_owner_s_issue_can_do_and_needs() -> None:
    """P-ORACLE-2, P-LEAGUE-2, P-MIL-1, P-DIPLO-2, P-DIPLO-5, P-DIPLO-6, P-DIPLO-7: the owner of a revealed
    issue reads what it can do there; a Diplomatic issue in a contested or enemy theater says the number
    the Strategos and its side's treason markers must beat (P-DIPLO-2), read from the position, or, with
    no enemy League base there, that the Strategos become treason markers (P-DIPLO-5)."""
    from kleos.games.pericles.rules import diplomatic
    from kleos.games.pericles.rules.common import count, status
    from kleos.games.pericles.rules.theater import entry_parts
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    rules = {"MIL": "(P-MIL-1..7)", "LEA": "(P-LEAGUE-2..6)", "ORA": "(P-ORACLE-2)"}
    dip = {"neutral": "(P-DIPLO-7..9)", "friendly": "(P-DIPLO-6)", "contested": "(P-DIPLO-1..5)",
           "enemy": "(P-DIPLO-1..5)"}
    seen: set[str] = set()
    for g, before, seat, _action, _after in (step for seed in range(1, 5) for step in steps(seed, "14_2")):
        if before.step != "resolve" or before.revealed < 0 or entry_parts(before.revealed)[2] != seat:
            continue
        told = title(g, g.view(before, seat), seat)
        if told.startswith("resolve the revealed marker: declining is the only choice"):
            continue
        th, _placer, owner, kind = entry_parts(before.revealed)
        code, where = MARKER_KINDS[kind], status(before, th, owner // 2)
        assert told.startswith(f"resolve your {KIND_WORDS[code]} marker in {g.tables.theater_keys[th]}"), told
        if code == "DIP" and where in ("contested", "enemy"):
            if not count(before, th, diplomatic.LEAGUE_BASE[1 - owner // 2]):  # P-DIPLO-5
                assert told.endswith("no enemy League base there to make yours, so each Strategos committed becomes "
                                     "a treason marker (P-DIPLO-1, P-DIPLO-4, P-DIPLO-5)"), told
                seen.add("DIP no base")
                continue
            need = diplomatic.enemy_value(g.tables, before, th, owner // 2)
            own = diplomatic.treason(before, th, owner // 2)
            assert f"your side's {own} treason marker" in told and f"must beat {need} (" in told, told
        assert told.endswith(dip[where] if code == "DIP" else rules[code]), told
        seen.add(code if code != "DIP" else f"DIP {where}")
    assert {"MIL", "LEA", "ORA", "DIP neutral", "DIP no base"} <= seen, seen
    assert seen & {"DIP contested", "DIP enemy"}, seen


def test_p_leader_4_the_council_title_counts_the_leader_the_entourage_and_the_cards_that_would_win() -> None:
    """P-LEADER-3, P-LEADER-4, P-LEADER-7: the faction asked whether to call the Advisory Council reads
    its Leader's count against the other card's (both face up, P-ASSEMBLY-5), the values of its own
    entourage cards, one of which would be drawn at random, how many of them would win the debate, and
    the cost next turn."""
    from kleos.games.pericles.rules import assembly
    from kleos.games.pericles.state import ENTOURAGE
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    asked = 0
    for g, before, seat, _action, _after in (step for seed in range(1, 5) for step in steps(seed, "14_2")):
        if before.step != "council":
            continue
        counts = assembly.values(g.tables, before)
        drawn = sorted(g.tables.card_value[c] for c, at in enumerate(before.card_loc) if at == ENTOURAGE + seat)
        wins = sum(counts[seat] + v > counts[seat ^ 1] for v in drawn)
        told = title(g, g.view(before, seat), seat)
        assert told.startswith(f"call the Advisory Council? Your Leader counts {counts[seat]} against "
                               f"{counts[seat ^ 1]}; one of your {len(drawn)} entourage cards, drawn at random, adds "
                               f"its value ({', '.join(map(str, drawn))}) and {wins} of them would win"), told
        assert told.endswith("next turn you draw only 6 cards, with no entourage (P-LEADER-3..7)"), told
        asked += 1
    assert asked


def test_p_assembly_1_the_play_title_names_the_debate_the_issue_and_where_it_stands() -> None:
    """P-ASSEMBLY-1, P-ASSEMBLY-7, P-ASSEMBLY-10: a card is played in debate k of 6 on the issue chosen,
    which the title names with where it stands on the side's track; the debates count up to 6 on each
    side's Assembly."""
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    debates: dict[tuple[int, int], set[int]] = {}
    for g, before, seat, _action, _after in steps(2, "14_2"):
        if before.step != "play" or before.issue < 0:
            continue
        code = g.tables.issue_kinds[before.side][before.issue]
        box = before.track[before.side * 18 + before.issue]
        where = "at the centre" if box == 0 else \
            f"on box {abs(box)} toward {FACTIONS[2 * before.side + (0 if box > 0 else 1)]}"
        told = title(g, g.view(before, seat), seat)
        assert told.startswith(f"play a card in debate {before.debate} of 6 on "), told
        assert f"({code}), {where}: " in told, told
        debates.setdefault((before.turn, before.side), set()).add(before.debate)
    assert debates and all(seen <= set(range(1, 7)) for seen in debates.values()), debates
    assert any(seen == set(range(1, 7)) for seen in debates.values()), debates


def test_p_theater_4_the_place_title_counts_the_markers_left_and_the_reveal_title_says_what_follows() -> None:
    """P-THEATER-4, P-THEATER-5, P-THEATER-9: a faction placing markers reads how many it still holds
    (one fewer after each of its placements) and that the last placed is revealed first; one revealing
    reads that the owner resolves or declines the issue (P-THEATER-14)."""
    from kleos.games.pericles.board_text import held_by
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    counts: list[int] = []
    reveals = 0
    for g, before, seat, _action, _after in steps(2, "14_2"):
        if before.step == "place" and seat == 0:
            told = title(g, g.view(before, seat), seat)
            held = sum(n for _owner, _kind, n in held_by(before, seat))
            assert told.startswith(f"place a marker face down ({held} left to place): "), told
            counts.append(held)
        elif before.step == "reveal":
            assert title(g, g.view(before, seat), seat).startswith("reveal a marker of your side on top of a "
                                                                   "theater's queue: its owner then resolves")
            reveals += 1
    assert reveals and 1 in counts and any(a == b + 1 for a, b in itertools.pairwise(counts)), counts


def test_p_move_1_the_movement_titles_name_the_expedition_the_moves_left_and_the_unit_carried() -> None:
    """P-MOVE-1, P-MOVE-6, P-MOVE-7: the Commander moving units reads the expedition's theater and the
    moves left as the state counts them; carrying a unit on, which unit, from where, and that it stops
    on entering the expedition's theater. The yes-or-no steps of a
    battle and a debate say what the choice does (P-SHIP-1, P-BATTLE-34, P-ASSEMBLY-9, P-PERSIA-13), the
    casualty row how it counts (P-BATTLE-13), and the issue to debate which debate of six it is for
    (P-ASSEMBLY-3)."""
    from kleos.games.pericles.explain import unit_name
    from kleos.games.pericles.rules.theater import entry_parts
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    starts = {"ship": "commit the State Ship? It counts as 1 Strategos for Athens",
              "row": "choose the casualty table's row the casualties are counted on",
              "second": "fight a second battle, of the other kind, in this theater?",
              "stop": "stop War/Peace on the centre box? The debate's move would carry it through the centre",
              "callias": "declare the Peace of Callias? Athens gives up its base in the Eastern Mediterranean"}
    seen: set[str] = set()
    for g, before, seat, _action, _after in (step for seed in range(1, 4) for step in steps(seed, "14_2")):
        if before.step == "debate":  # P-ASSEMBLY-3: who chooses which debate
            assert title(g, g.view(before, seat), seat).startswith(
                f"choose the issue for debate {before.debate} of 6: the Dominant faction chooses in debates 1, 3 "
                "and 5"), before.debate
            seen.add("debate")
        if seat < 0 or before.step not in ("move", "move_on", *starts):
            continue
        told = title(g, g.view(before, seat), seat)
        seen.add(before.step)
        if before.step in starts:
            assert told.startswith(starts[before.step]), told
            if before.step == "callias":
                assert f"the Athenian Dominant loses {before.turn} Honor this turn" in told, told
            continue
        target = g.tables.theater_keys[entry_parts(before.revealed)[0]]
        if before.step == "move":
            moves = "move" if before.moves_left == 1 else "moves"
            assert told.startswith(f"move units for the expedition to {target}: {before.moves_left} {moves} "
                                   "left"), told
            legal = g.legal_actions(before, seat)  # P-300-3: the 300 moves outside the moves left
            the_300 = any(a.verb == "move" and a.args[1] == "S300" for a in legal)
            assert told.endswith("; the 300 moves itself, outside them (P-300-3)") == the_300, told
            if the_300:
                seen.add("S300")
        else:
            code = PIECES[before.moving % 100]
            here = g.tables.theater_keys[before.moving // 100]
            assert told.startswith(f"carry {unit_name(code)} ({code}) on from {here}: it stops only on entering "
                                   f"{target}"), told
    assert seen == {"move", "move_on", "debate", "S300", *starts}, seen


KIND_WORDS = {"MIL": "Military", "LEA": "League", "DIP": "Diplomatic", "ORA": "Oracle"}


WORDS_OF_NOTATION = {
    # P-REDEPLOY-1, P-ARIST-4, P-UPKEEP-1, P-PLAGUE-6: a step on one unit, the unit in words and its way
    "redeploy Sparta An Aetolia": "redeploy Athenian trireme (An) from Sparta to Aetolia",
    "redeploy done": "end the redeployment",
    "relocate Boeotia Sl Sparta": "Peace: move Spartan hoplites (Sl) from Boeotia to Sparta",
    "eliminate Ionia Dl": "eliminate Delian League troops (Dl) in Ionia: nowhere to redeploy",
    "disband Chios Dn": "remove Delian League ship (Dn) in Chios for upkeep",
    "plague Athens Al": "Plague: remove Athenian hoplites (Al) in Athens",
    "demobilise Sparta An": "Peace: demobilise Athenian trireme (An) in Sparta, contested",  # P-ARIST-4 (Peace C)
    "move Sparta S300 Isthmus": "move the 300 (S300) from Sparta toward Isthmus: it moves itself, outside the "
                                "movement allowance (P-300-3)",  # P-MOVE-1 (was "move a the 300")
    # P-ORACLE-2, P-LEAGUE-3..6, P-DIPLO-1..7, P-EXPED-2, P-TMARK-4, P-GOLD-1: an issue's choices
    "oracle honor": "take 3 Honor",
    "oracle remove Corcyra Pn": "remove Peloponnesian League ship (Pn) in Corcyra, +1 Honor",
    "oracle treason Boeotia": "place a treason marker in Boeotia",
    "league base": "build a League base (4 Strategos, +2 Honor)",
    "league units 1": "free League units: 1 base builds a ship, the others 2 land units each",
    "league units 2": "free League units: 2 bases build a ship each, the others 2 land units each",
    "league treason 1": "remove a treason marker of Sparta",
    "commit 2": "commit 2 Strategos to diplomacy",
    "commit 0": "commit no Strategos to diplomacy (own treason markers there still count)",
    "commit 0 0 0": "commit no Strategos: no treason marker removed",
    "commit 2 1 1": "commit 2 Strategos to remove treason markers: 1 own, 1 enemy",
    "secret 3": "commit 3 Strategos face down",
    "lend ORA": "lend one Oracle marker to the compatriot",
    "gold Ionia land": "Persian gold: build 2 land units in Ionia",
    "gold done": "stop building with Persian gold",
    # P-POLISSUE-4..8: the side issues resolved at once
    "cit none": "Citizenship: convert no base",
    "cit Ionia naval": "Citizenship: the Delian League base in Ionia becomes Athenian, with 1 Athenian ship, "
                       "+2 Honor",
    "col Samos land": "Colony: found a Delian League base in Samos, with 2 League land units, +2 Honor",
    "kry Boeotia": "Krypteia: remove an Athenian treason marker in Boeotia",
    "kry none": "Krypteia: remove no more treason markers",
    "ago 2": "Agoge: build 2 Spartan land units at home",
    "ago 1": "Agoge: build 1 Spartan land unit at home",
    # P-BOULE-5, P-ASSEMBLY-3, P-ASSEMBLY-7: issues named, and where a debated one stands on the track
    "issue MIL": "choose the issue Military (MIL)",
    # P-ARIST-4: the turn's comedy with what it does (the deck's texts are reconstructed, P-DATA-6)
    "aristophanes AcharniansA": "the Aristophanes card is Acharnians A: Athens WP on its track, Sparta WP on its "
                                "track, Plague (reconstructed)",
    # P-EXPED-1, P-MIL-5: as many units may move as Strategos were committed; no battle in a neutral or friendly theater
    "expedition 1": "hold an Expedition Assembly with 1 Strategos: 1 unit may move; no battle follows (P-MIL-5)",
    "expedition 3": "hold an Expedition Assembly with 3 Strategos: 3 units may move; no battle follows (P-MIL-5)",
    "debate CIT 2": "debate Citizenship (CIT), on box 2 toward AF",
    "debate WP -1": "debate War/Peace (WP), on box 1 toward DF",
    "debate ORA 0": "debate Oracle (ORA), at the centre",
    # P-MIL-4: the Commander's build at home
    "build none": "build nothing at home",
    "build 1": "build at home: 1 base builds a ship, the others 2 land units each",
    "build 0": "build at home: every base builds 2 land units",
}
"""Steps told as what they do, not as the notation's bare codes ("redeploy: Sparta An Aetolia",
"Oracle: remove Corcyra Pn", "commit in secret: 2")."""


@pytest.mark.parametrize(("notation", "words"), WORDS_OF_NOTATION.items())
def test_a_step_reads_as_what_it_does(notation: str, words: str) -> None:
    from kleos.games.pericles import story

    g = KIT.make_game({"scenario": "14_1_09a"})
    assert story.tell(g, g.new_state(0), Action.parse(notation)) == words
    assert not re.search(r"\byour?\b", words)  # a log line is read by every seat: no second person


def test_p_league_5_free_league_units_with_no_league_base_say_none_are_built() -> None:
    """P-LEAGUE-5: League units are built by each friendly League base in the theater; where there is none,
    the step says nothing is built (a bot's choice there read as "every base builds 2 land units")."""
    from kleos.games.pericles import story

    g = KIT.make_game({"scenario": "14_2"})
    s = g.new_state(0)
    sicily, pb = g.tables.theater_index["Sicily"], PIECES.index("Pb")
    s.revealed = sicily * 1000 + 2 * 100 + 2 * 10 + MARKER_KINDS.index("LEA")  # EK's League marker
    s.pieces[sicily * len(PIECES) + pb] = 0
    assert story.tell(g, s, Action.parse("league units 0")) == \
        "free League units: with no League base of Sparta there, none are built"
    s.pieces[sicily * len(PIECES) + pb] = 1
    assert story.tell(g, s, Action.parse("league units 0")) == "free League units: every base builds 2 land units"


def test_the_menu_says_a_step_as_the_log_does() -> None:
    g = KIT.make_game({"scenario": "14_1_09a"})
    menu = KIT.describe_action(g, g.view(g.new_state(0), 0), Action.parse("redeploy Sparta An Aetolia"))
    assert menu == WORDS_OF_NOTATION["redeploy Sparta An Aetolia"]


PART_WORDS = {"wills": "will of the Assembly", "persia": "Persia", "victory": "victory"}
"""The words a result line uses for a score-sheet part whose code is not a word."""


def test_p_honor_1_a_result_says_where_honor_came_from() -> None:
    """P-HONOR-1, P-RAID-2, P-ORACLE-2: each Honor change in a result line names the part of the score
    sheet the rules put it under (political phase, theater issues, raids, …), as the game-over sheet adds it."""
    from kleos.games.pericles import story
    from kleos.games.pericles.state import HONOR_SOURCES, N_HONOR

    named = 0
    for g, before, _seat, _action, after in every_step():
        result = story.changes(g, g.view(before, None).state, g.view(after, None).state)
        for f, code in enumerate(FACTIONS):
            if after.honor[f] == before.honor[f]:
                continue
            parts = [PART_WORDS.get(HONOR_SOURCES[i], HONOR_SOURCES[i].replace("_", " ")) for i in range(N_HONOR)
                     if after.honor_from[f * N_HONOR + i] != before.honor_from[f * N_HONOR + i]]
            assert parts, (code, before.honor[f], after.honor[f])  # every change is kept under a source
            told_parts = re.search(rf"{code} {before.honor[f]}→{after.honor[f]} \(([^)]*)\)", result)
            assert told_parts and all(part in told_parts[1] for part in parts), result
            named += 1
    assert named >= 5


def test_p_move_6_a_result_says_where_each_move_ends_once() -> None:
    """P-MOVE-6, P-MOVE-7, P-MOVE-8: a unit's move, of one link or several, is told once where it ends, and
    why there ("the move of Spartan hoplites (Sl) ends in Isthmus, the expedition's theater", or "…, where
    it can go no further"), at the step that stops it; the steps on its way name no units gained and lost."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules.theater import entry_parts
    from kleos.games.pericles.tables import N_PIECES, PIECES

    ended, why = 0, set()
    for g, before, _seat, action, after in every_step():
        result = story.changes(g, g.view(before, None).state, g.view(after, None).state)
        stops = [i for i in range(len(after.moved)) if after.moved[i] > before.moved[i]]
        for i in stops:
            there = g.tables.theater_keys[i // N_PIECES]
            reason = ("the expedition's theater (P-MOVE-6)" if i // N_PIECES == entry_parts(before.revealed)[0]
                      else "where it can go no further (P-MOVE-7, P-MOVE-8)")
            assert f"({PIECES[i % N_PIECES]}) ends in {there}, {reason}" in result, result
            why.add(reason)
        assert result.count(" ends in ") == len(stops), (action, result)
        if action.verb in ("move", "step"):
            assert " in " not in result.replace(" ends in ", ""), result  # no "in Sparta: -1 Sl"
        ended += len(stops)
    assert ended >= 3
    assert len(why) == 2  # both reasons were told


def test_p_boule_5_the_log_says_where_an_issue_of_step_a_or_b_starts() -> None:
    """P-BOULE-5, P-BOULE-6, P-BOULE-9: an issue chosen in step A starts on box 2 of the chooser's half, one
    of step B on box 1, Ostracism and War/Peace at the centre; the log says so, since the debates later
    start from there. Steps C and D (all at the centre, P-BOULE-7, P-BOULE-8) add nothing."""
    from kleos.games.pericles import story
    from kleos.games.pericles.rules import boule

    boxes: dict[int, set[str]] = {0: set(), 1: set()}
    centred = 0
    for g, before, seat, action, after in first_boules():
        if action.verb != "issue":
            continue
        line = story.tell_step(g, g.view(before, seat).state, action, g.view(after, seat).state)
        if before.boule >= 2:
            assert " starts " not in line, line
            continue
        code = str(action.args[0])
        if code in ("OST", "WP"):
            centre = "starts at the centre, as Ostracism and War/Peace always do (P-BOULE-9)"
            assert line.endswith(f"({code}) {centre}"), line
            centred += 1
            continue
        box = 2 if before.boule == 0 else 1
        chooser = FACTIONS[boule.chooser(before)]
        assert line.endswith(f"({code}) starts on box {box} toward {chooser} (P-BOULE-5, P-BOULE-6)"), line
        boxes[before.boule].add(chooser)
    assert boxes[0] and boxes[1] and centred


def first_boules(seeds: range = range(4)) -> list[Step]:
    """The steps up to the end of the first Boulé of seeded random games of the full war (the vignette
    starts after it)."""
    out: list[Step] = []
    g = KIT.make_game({"scenario": "14_2"})
    for seed in seeds:
        s, rng = g.new_state(seed), random.Random(seed)
        while s.phase != ASSEMBLY:
            seat = CHANCE if g.is_chance(s) else g.actors(s)[0]
            action = g.sample_chance(s) if seat == CHANCE else rng.choice(g.legal_actions(s, seat))
            before = s.copy()
            g.apply_in_place(s, action, seat)
            out.append((g, before, seat, action, s.copy()))
    return out


def test_p_redeploy_1_a_redeployment_result_adds_nothing_to_its_words() -> None:
    """P-REDEPLOY-1: "redeploy Athenian hoplites (Al) from Chios to Lesbos" says where from and to; the
    result line adds neither a move's end nor the units gained and lost."""
    from per_helpers import at_step

    from kleos.games.pericles import story

    g, s = at_step("redeploy")
    seat = g.actors(s)[0]
    action = next(a for a in g.legal_actions(s, seat) if len(a.args) == 3)
    before = s.copy()
    g.apply_in_place(s, action, seat)
    assert s.moved != before.moved or s.pieces != before.pieces  # the unit did go
    assert " in " not in story.changes(g, g.view(before, None).state, g.view(s, None).state)


def test_p_comp_1_a_home_build_says_when_the_pool_runs_short() -> None:
    """P-MIL-4, P-COMP-1: a home build places what the pool holds; when it holds fewer land units than
    the bases build, the words say so, and the units placed are those left."""
    from kleos.games.pericles.rules import military
    from kleos.games.pericles.rules.common import count, in_use
    from kleos.games.pericles.rules.theater import entry_parts
    from kleos.games.pericles.tables import PIECES

    g, before, seat, action = next((g, b, seat, a) for g, b, seat, a, _ in every_step()
                                   if a.verb == "build" and a.args[0] != "none")
    theater, _placer, owner, _kind = entry_parts(before.revealed)
    land = military.CITY_UNITS[owner // 2][1]
    assert "left in the pool" not in told(g, before, seat, action)
    short = before.copy()
    short.gone[land] += g.tables.piece_limits[land] - in_use(short, land) - 1  # one left
    assert told(g, short, seat, action).endswith(f"; only 1 {PIECES[land]} left in the pool (P-COMP-1)")
    placed = count(short, theater, land)
    g.apply_in_place(short, action, seat)
    assert count(short, theater, land) == placed + 1


def test_p_info_1_units_lost_and_gained_are_named_as_well_as_coded() -> None:
    """P-INFO-1: a battle's losses and a build's gains read as units ("-1 Delian League base (Db)"), not as
    bare codes ("-1 Db") a newcomer must look up; each theater on its own, losses before gains."""
    from per_helpers import bare, put

    from kleos.games.pericles import story

    g, before = bare()
    put(g, before, "Isthmus", Db=1, Dl=2)
    after = before.copy()
    put(g, after, "Isthmus", Db=0, Dl=1, Pl=2)
    put(g, after, "Sparta", Sn=1)
    assert story.changes(g, before, after) == (
        "Result: in Isthmus: -1 Delian League base (Db), -1 Delian League troops (Dl), +2 Peloponnesian League "
        "troops (Pl); in Sparta: +1 Spartan ship (Sn).")


def test_p_battle_13_the_casualty_raze_hostage_and_gold_titles_count_what_the_choice_needs() -> None:
    """P-BATTLE-12..16, P-BOULE-3, P-GOLD-1, P-GOLD-2: "eliminate a unit", "eliminate an enemy base?", "use the
    hostage?" and "Persian gold" said nothing of the numbers: the units still lost and of which class, the
    bases that may go (cut to those there), whose War/Peace issue the hostage moves and toward whom, the
    Persian bases left and each destination's cap."""
    from per_helpers import AF, AK, EK, bare, put

    from kleos.games.pericles.rules.casualties import BASES, LOSER_PICK, casualty_legal
    from kleos.games.pericles.state import (
        M_BASES,
        M_DUE_ELITE,
        M_DUE_LINE,
        M_GOLD,
        M_GOLD_PN,
        M_GOLD_SN,
        M_KIND,
        M_STAGE,
        M_WIN,
    )
    from kleos.games.pericles.tables import SPARTA
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    g, s = bare()
    put(g, s, "Boeotia", Al=2, Dl=1, Ab=1)
    s.revealed = g.tables.theater_index["Boeotia"] * 1000
    s.mil[M_KIND], s.mil[M_WIN], s.mil[M_STAGE], s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE] = 0, SPARTA, LOSER_PICK, 0, 2
    s.step = "casualty"
    assert sorted(map(str, casualty_legal(s))) == ["casualty Al", "casualty Dl"]
    assert title(g, g.view(s, AF), AF) == (
        "eliminate a unit: Athens still loses 2 units in Boeotia (0 elite, 2 line), one at a time; choose which kind "
        "goes (P-BATTLE-12..14)")
    put(g, s, "Boeotia", Al=0, Dl=0)
    s.mil[M_STAGE], s.mil[M_BASES], s.step = BASES, 3, "raze"
    assert title(g, g.view(s, EK), EK) == (
        "eliminate an enemy base? Athens has no unit of the battle's kind left in Boeotia and your side committed "
        "more Strategos: 1 more of its bases may go, and with any its treason markers there (P-BATTLE-15, "
        "P-BATTLE-16)")  # 3 by the differential, 1 there
    s.step, s.side, s.hostage = "hostage", 0, [1, 0]
    s.dominant = [0, 2]  # the Eurypontid King dominant: the Agiad King is Sparta's Opponent faction
    assert title(g, g.view(s, AF), AF) == (
        "use the hostage? Spent, it puts Sparta's War/Peace issue on box 2 toward Agiad King, its Opponent "
        "faction, before any issue is chosen (P-BOULE-3)")
    s.step = "gold"
    s.mil[M_GOLD], s.mil[M_GOLD_SN], s.mil[M_GOLD_PN] = 1, 2, 0
    assert title(g, g.view(s, AK), AK).startswith(
        "Persian gold: 1 Persian base left to spend, each on 1 ship or 2 land units: Spartan ships in Sparta (2 of 3 "
        "built), Peloponnesian land units in Ionia (0 of 4),")


def test_p_exped_7_an_expedition_nobody_can_go_on_says_no_battle_would_follow() -> None:
    """P-MIL-7, P-EXPED-7, P-MOVE-9: a Spartan Military issue in Samos at the start of the war, where no
    Spartan unit gets past the Athenian Cyclades: its Expedition Assembly is told as bringing no battle,
    so that holding it and declining read for what they are; one in Athens, within reach, is told as
    before."""
    game = PericlesGame({"scenario": "14_2"})
    state = game.new_state(91)
    ek, mil = FACTIONS.index("EK"), MARKER_KINDS.index("MIL")
    state.actor, state.step = ek, "resolve"
    for where, reachable in (("Samos", False), ("Athens", True)):
        state.revealed = game.tables.theater_index[where] * 1000 + ek * 100 + ek * 10 + mil
        words = told(game, state, ek, Action("expedition"))
        assert ("no unit of Sparta can reach " + where + " now, so no battle would follow" in words) != reachable, words
        assert words.startswith(f"EK's Military marker in {where}: hold an Expedition Assembly: all four factions")
