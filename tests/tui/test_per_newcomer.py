"""A newcomer finishes the short Pericles vignette with the guide and the hint key alone (Textual
pilot): the War in the Aegean vignette (``14_1_09a``) in the terminal app, a person as the
Aristocrats against three ``heuristic`` computer factions, who turns the first-game guide on and at
every decision presses H (the hint highlights the kit's hint player's choice in the menu), Enter and,
when asked, y — nothing else — until the game-over screen. The seed is one where the Aristocrats
meet an expedition and its battle, not only the marker steps.

At every decision the guide shows the tip written for that step (placing, revealing and resolving
markers, the expedition's secret commitment, moving units, the State Ship, casualties, razing a base,
a second battle), never the shell's generic
line nor the kit's fallback ("Decide: <the step>. Press ? …"), which names a decision without
advice; the help page explains the verb on the menu with its P- rule IDs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from newcomer_pilot import ask_hint, play_to_the_end, settle, shown, take_hint
from textual.pilot import Pilot

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.undo import replay
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.tui.parts import RESOLVE_TIPS, TIPS, VERBS
from kleos.games.pericles.tui.titles import STEP_TITLES
from kleos.tui.app import GameApp
from kleos.tui.look import Look
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_OVER, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen, TextScreen
from step_cap import WHOLE_GAME_STEPS, StepCap

SEED = 7  # the Aristocrats decide 32 times: markers, two expeditions, moves, a battle and its casualties
SCENARIO = {"scenario": "14_1_09a"}
MAX_DECISIONS = 200  # a guard: the person decides 15 to 32 times in the vignette
SHELL_LINE = "Choose from the menu"  # the start of the shell's generic line (kleos.tui.look)
RULE_ID = re.compile(r"P-[A-Z]+-\d+")


def fallback(step: str) -> str:
    """The kit's line for a step without a tip of its own (src/kleos/games/pericles/tui/parts.py)."""
    return f"Decide: {STEP_TITLES.get(step, step)}. Press ? for the rule behind each choice."


def written_tip(step: str, legal: Sequence[Action]) -> str | None:
    """The tip written for ``step``; for "resolve", the one of the revealed issue, told by the first
    of its verbs the decision offers (an expedition's, a League's, an Oracle's, diplomacy's)."""
    if step != "resolve":
        return TIPS.get(step)
    verbs = {action.verb for action in legal}
    return next((RESOLVE_TIPS[verb] for verb in RESOLVE_TIPS if verb in verbs), None)


def tip_kind(tip: str, step: str, legal: Sequence[Action]) -> str:
    """``step`` when the guide shows the tip written for it, 'fallback' for the kit's line naming
    the step, '' for anything else (the shell's generic line, another step's tip)."""
    text = tip.removeprefix("Guide: ")
    if text == written_tip(step, legal):
        return step
    return "fallback" if text == fallback(step) else ""


async def check_help(app: GameApp, pilot: Pilot[str], hinted: str) -> str:
    """The help page (?) explains the hinted verb with its P- rule IDs; returns that verb."""
    verb = hinted.split(" ")[0]
    await pilot.press("question_mark")
    assert isinstance(app.screen, TextScreen)
    body = str(app.screen.body)
    await pilot.press("escape")
    assert verb in VERBS, f"no help for {verb}"
    assert VERBS[verb].title in body, body[:400]
    rules = [rule for rule in RULE_ID.findall(body) if rule in VERBS[verb].rules]
    assert rules, f"the help of {verb} names none of its rules {VERBS[verb].rules}: {body[:400]}"
    return verb


def test_guide_and_hint_alone_carry_a_newcomer_through_the_vignette() -> None:
    """P-THEATER-5, P-THEATER-9, P-EXPED-1, P-MOVE-3: the guide has a tip of its own for every
    decision the person meets, and the hint's choice taken each time ends the vignette."""
    app = build_app(KIT, SCENARIO, seats=(0,), seed=SEED, opponent="heuristic")
    session = app.session
    assert Look(KIT).parts.help.guide_tip is not None, "Pericles brings its own guide tips"
    decisions: list[tuple[str, str, list[Action]]] = []  # (step, guide tip, the legal actions)
    helped: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)  # the welcome screen
        await pilot.press("enter")
        await pilot.press("G")  # the first-game guide on
        for _ in range(MAX_DECISIONS):
            await settle(app, pilot, screen, 5000)
            if screen.mode == MODE_OVER:
                return
            tip, step = shown(screen, "#guide"), session.state.step
            seat = session.to_act()
            legal = session.legal(seat) if seat is not None and seat >= 0 else []
            hinted = await ask_hint(pilot, screen)
            if not helped:
                helped.append(await check_help(app, pilot, hinted))
            await take_hint(app, pilot, screen, hinted, 0)
            decisions.append((step, tip, legal))
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")

    play_to_the_end(app, script, (140, 45))
    assert session.over and replay(session.game, session.record) == session.state
    assert not [tip for _, tip, _ in decisions if SHELL_LINE in tip], "the shell's generic line was shown"
    wrong = [(step, tip) for step, tip, legal in decisions
             if tip_kind(tip, step, legal) != step]
    assert not wrong, f"decisions without the guide tip of their step: {wrong[:5]}"
    kinds = Counter(tip_kind(tip, step, legal) for step, tip, legal in decisions)
    assert {"place", "reveal", "resolve", "exped_secret", "move", "row"} <= set(kinds), kinds
    assert len(decisions) >= 20 and helped, (decisions, helped)


def test_every_decision_of_whole_vignettes_has_its_own_tip() -> None:
    """P-SHIP-1, P-BATTLE-15, P-BATTLE-34, P-MOVE-3, P-MIL-1: in seeded vignettes of four ``heuristic``
    factions (played as the terminal app plays them), every decision of every faction shows the tip
    written for its step, not the kit's fallback; a revealed issue shows its own issue's tip (an
    expedition's when a Military marker starts one)."""
    look: Look = Look(KIT)  # as the screens hold it: the session's game is any game
    steps: Counter[str] = Counter()
    issues: Counter[str] = Counter()  # the tips shown when a revealed issue is resolved
    without: set[str] = set()
    for seed in (4, SEED):
        session = Session.start(KIT, SCENARIO, seed, frozenset(), "heuristic")
        cap = StepCap("not session.over", WHOLE_GAME_STEPS)
        while not session.over and cap():
            session.settle()
            seat = session.to_act()
            if seat is None or seat == CHANCE:
                break
            step, legal = session.state.step, session.legal(seat)
            steps[step] += 1
            tip = look.guide_tip(session.game, session.view(seat), seat, legal)
            if tip_kind(tip, step, legal) != step:
                without.add(step)
            if step == "resolve":
                issues[tip.removeprefix("Guide: ")] += 1
            session.apply(seat, session.agent_choose(session.agent_request(seat)))
    assert {"place", "reveal", "exped_secret", "move", "ship"} <= set(steps), steps
    assert not without, f"steps without a tip of their own: {sorted(without)}"
    assert RESOLVE_TIPS["expedition"] in issues and len(issues) >= 2, issues


def test_a_title_cut_in_an_80_column_panel_reads_whole_on_the_help_page() -> None:
    """At 80x24 the menu panel is 33 columns wide and its title at most a quarter of its height, so the
    vignette's first decision's title (P-THEATER-4, P-THEATER-5: the markers left, which is revealed
    first) is cut there; the help page (?) starts with it whole, in a submenu too, whose own title names
    only the path taken."""
    import asyncio

    from textual.widgets import Static

    app = build_app(KIT, SCENARIO, seats=(0,), seed=SEED, opponent="heuristic")
    seen: list[tuple[str, int, str, str, str]] = []

    async def help_page(pilot: Pilot[str]) -> str:
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        page = str(app.screen.body)
        await pilot.press("escape")
        return page

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await pilot.press("enter")  # the welcome screen
            await settle(app, pilot, screen, 5000)
            widget = screen.query_one("#menu-title", Static)
            room = widget.content_size.width * widget.content_size.height
            title = shown(screen, "#menu-title")
            top = await help_page(pilot)
            await pilot.press("enter")  # into the first group of the menu
            await pilot.pause()
            seen.append((title, room, top, shown(screen, "#menu-title"), await help_page(pilot)))

    asyncio.run(go())
    title, room, top, sub_title, sub_page = seen[0]
    assert title.startswith("Aristocrats: place a marker") and len(title) > room, (title, room)  # more than shown
    assert top.startswith(f"Decision: {title}\n"), top[:300]
    assert sub_title != title and "›" in sub_title, sub_title  # the submenu's title: its path
    assert sub_page.startswith(f"Decision: {title}\n"), sub_page[:300]
