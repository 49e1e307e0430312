#!/usr/bin/env python3
"""Golden playthroughs and perft counts for Polis: write them, or check them against the engine.

    python scripts/golden.py            # write tests/golden/polis-<edition>-seed<k>.txt
    python scripts/golden.py --check    # regenerate into a temp dir and diff (exit 1 on a difference)
    python scripts/golden.py --perft    # write tests/polis/perft/<name>.json
    python scripts/golden.py --perft --check

A golden file is one seeded game, one line per step ``<step> <seat name or chance>: <action>``,
with a ``#`` summary line at the start of each round and at the end. Seats are random agents
(:func:`kleos.games.polis.invariants.prudent_policy` drawing from ``random.Random(seed)``: random
play that does not throw the game away at once, so games reach the later rounds); chance comes from
the state's own generator. Any change of the engine's behaviour shows up as a diff of these files:
if it was intended, regenerate them and commit the new files with the change.

A perft file is a named position (how to build it: a start, piece edits, actions in notation) with
the legal actions at depth 1, the leaf counts at depths 1 and 2 and the depth-2 count below each
depth-1 action (chance outcomes count as branches).
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.core.action import Action  # noqa: E402
from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.core.testing import perft  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402
from kleos.games.polis.invariants import build_position, prudent_policy, to_act  # noqa: E402
from kleos.games.polis.state import PolisState  # noqa: E402
from kleos.games.polis.tables import GOODS, N_GOODS  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
PERFT_DIR = ROOT / "tests" / "polis" / "perft"
EDITIONS = ("2012", "2020")
# Seeds whose games reach the last rounds (with the engine of the day the files were first written).
GOLDEN_SEEDS = {"2012": (31, 25), "2020": (30, 83)}
MAX_STEPS = 5000


# ----- golden playthroughs --------------------------------------------------------------------------
def summary(game: PolisGame, s: PolisState, label: str) -> str:
    t = game.tables
    parts = [f"# {label}: round {s.round + 1} ({t.round_names[min(s.round, len(t.round_names) - 1)]})"]
    for side, name in enumerate(game.seat_names):
        goods = " ".join(f"{GOODS[g]} {s.goods[side * N_GOODS + g]}" for g in t.goods)
        poleis = sum(1 for o in s.owner if o == side)
        parts.append(f"{name}: prestige {s.prestige[side]}, {goods}, poleis {poleis}")
    outcome = game.outcome(s)
    if outcome is not None:
        winner = "none" if outcome.winner is None else game.seat_names[outcome.winner]
        parts.append(f"outcome {outcome.reason}, winner {winner}, scores {list(outcome.scores)}")
    return " | ".join(parts)


def golden_lines(edition: str, seed: int) -> list[str]:
    """One seeded game as text lines."""
    game = PolisGame(edition)
    rnd = random.Random(seed)
    s = game.new_state(seed)
    lines = [f"# polis {edition}, seed {seed}: random agents (prudent_policy, random.Random({seed})), "
             "chance from the state's generator; written by scripts/golden.py"]
    lines.append(summary(game, s, "start"))
    shown_round = s.round
    for step in range(1, MAX_STEPS + 1):
        actors = game.actors(s)
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            action = game.step_chance(s)
            who = "chance"
        else:
            action = prudent_policy(rnd, s, seat, game.legal_actions(s, seat))
            game.apply_in_place(s, action, seat, validate=False)
            who = game.seat_names[seat]
        lines.append(f"{step} {who}: {action}")
        if s.round != shown_round and game.outcome(s) is None:
            shown_round = s.round
            lines.append(summary(game, s, "round start"))
    else:
        lines.append(f"# stopped after {MAX_STEPS} steps")
    lines.append(summary(game, s, "end"))
    return lines


def golden_name(edition: str, seed: int) -> str:
    return f"polis-{edition}-seed{seed}.txt"


def write_golden(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for edition in EDITIONS:
        for seed in GOLDEN_SEEDS[edition]:
            path = directory / golden_name(edition, seed)
            path.write_text("\n".join(golden_lines(edition, seed)) + "\n", encoding="utf-8")
            written.append(path)
    return written


def check_golden(out: Any = sys.stdout) -> int:
    """Regenerate into a temporary directory and diff against the committed files; 1 on a difference."""
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for fresh in write_golden(Path(tmp)):
            committed = GOLDEN_DIR / fresh.name
            if not committed.exists():
                print(f"missing {committed.relative_to(ROOT)} (run scripts/golden.py)", file=out)
                status = 1
                continue
            old = committed.read_text(encoding="utf-8").splitlines()
            new = fresh.read_text(encoding="utf-8").splitlines()
            if old != new:
                status = 1
                diff = list(difflib.unified_diff(old, new, f"committed/{fresh.name}", f"engine/{fresh.name}",
                                                 lineterm="", n=2))
                print("\n".join(diff[:60]), file=out)
                if len(diff) > 60:
                    print(f"... ({len(diff) - 60} more diff lines)", file=out)
    if status == 0:
        print("golden playthroughs: no difference", file=out)
    return status


# ----- perft ------------------------------------------------------------------------------------------
CHANCE_MACRO = "?chance"  # the outcome the state's generator gives
DEAL_MACRO = "?fight-and-deal"  # fight, and deal cards, until the next attack step
FIRST_MACRO = "?first"  # the first legal action (by notation)


def _positions(edition: str) -> list[dict[str, Any]]:
    """The named positions; macros in ``actions`` are expanded into notation when the files are written."""
    y2020 = edition == "2020"
    rich_goods = {g: 9 for g in (("iron", "wood", "wine", "silver", "wheat") if y2020
                                 else ("iron", "wood", "wine", "oil", "silver", "wheat"))}
    battle: dict[str, Any] = {
        "start": {"turn": {"round": 1, "active": "athens"}},
        "edits": [["units", "Kyklades", 4, 4]],
        "actions": ["tribute Attika", "assign wine", "done", "march Ionia", "from Attika", "done", DEAL_MACRO],
    }
    return [
        {"name": "start-sparta", "description": "The set-up after the round-start chance events: Sparta starts.",
         "start": {"seed": 1, "first_decision": True}},
        {"name": "start-athens", "description": "Round 1, Athens to act first, three projects face up.",
         "start": {"turn": {"round": 0, "active": "athens", "projects": ["Socrates", "Phidias", "TempleOfZeus"]}}},
        {"name": "mid-march", "description": "Round 2: Athens marches to Boiotia and has moved one hoplite.",
         "start": {"turn": {"round": 1, "active": "athens"}},
         "edits": [["units", "Megaris", 2, 0]],
         "actions": ["march Boiotia", "from Attika"]},
        {"name": "mid-galleys", "description": "Round 2: Athens builds galleys in Athinae, one paid.",
         "start": {"turn": {"round": 1, "active": "athens"}},
         "edits": [["goods", "athens", {"silver": 3}]],
         "actions": ["galleys Athinae", "pay wood Kyklades"]},
        {"name": "toll-after-pass", "description": "Sparta passed; Athens chose hoplites and owes the extra good.",
         "start": {"turn": {"round": 1, "active": "sparta"}},
         "edits": [["goods", "athens", {"silver": 2}]],
         "actions": ["pass", "hoplites Athinae"]},
        {"name": "after-pass-choice", "description": "Sparta passed; Athens chooses any number of actions.",
         "start": {"turn": {"round": 1, "active": "sparta", "projects": ["Socrates", "Ephebe", "Theatre"]}},
         "actions": ["pass"]},
        {"name": "battle-attack", "description": "Round 2 sea battle in Kyklades (4 galleys each): Athens attacks.",
         **battle},
        {"name": "battle-defend", "description": "The same battle after Athens laid its two attack cards.",
         **battle, "actions": [*battle["actions"], FIRST_MACRO]},
        {"name": "battle-retreat", "description": "A sea battle before the hands are dealt: retreat or fight.",
         **battle, "actions": battle["actions"][:-1]},
        {"name": "feeding", "description": "End of round 1 with no wheat: Sparta releases poleis or pays prestige.",
         "start": {"turn": {"round": 0, "active": "sparta"}},
         "edits": [["prestige", "sparta", 8]],
         "actions": ["pass", "pass"]},
        {"name": "growth", "description": "End of round 2 with plenty of wheat: Sparta grows its poleis.",
         "start": {"turn": {"round": 1, "active": "sparta"}},
         "edits": [["goods", "sparta", {"wheat": 12}], ["goods", "athens", {"wheat": 12}]],
         "actions": ["pass", "pass"]},
        {"name": "trade-rich", "description": "Round 3 (N = 5): Athens with 9 of every good and 4 merchants in port.",
         "start": {"turn": {"round": 2, "active": "athens", "projects": ["TempleOfZeus", "Theatre", "Ephebe"]}},
         "edits": [["goods", "athens", rich_goods], ["merchants", "athens", 4]]},
        {"name": "trade-roll", "description": "Athens bartered wine in Persia: the market die is rolled.",
         "start": {"turn": {"round": 2, "active": "athens"}},
         "edits": [["goods", "athens", rich_goods]],
         "actions": ["trade Persia 1 wine"]},
        {"name": "siege-roll", "description": "Athens besieges Thibae with 3 hoplites in Boiotia: the die decides.",
         "start": {"turn": {"round": 1, "active": "athens"}},
         "edits": [["units", "Boiotia", 3, 0]],
         "actions": ["siege Thibae"]},
        {"name": "proxenos-path", "description": "Athens' proxenos on its way from Athinae, through Attika.",
         "start": {"turn": {"round": 1, "active": "athens"}},
         "edits": [["goods", "athens", {"silver": 4}], ["units", "Boiotia", 0, 2]],
         "actions": ["proxenos", "via Attika"]},
        {"name": "captive-proxenos", "description": "Athens' proxenos is held captive; Athens has silver to ransom it.",
         "start": {"turn": {"round": 1, "active": "athens"}},
         "edits": [["proxenos", "athens", None], ["goods", "athens", {"silver": 5}]]},
    ]


def expand(game: PolisGame, spec: dict[str, Any]) -> dict[str, Any]:
    """Replace the macros of ``spec['actions']`` by the actions they stand for."""
    plain = {k: v for k, v in spec.items() if k != "actions"}
    s = build_position(game, plain)
    actions: list[str] = []

    def do(action: Action) -> None:
        game.apply_in_place(s, action)
        actions.append(str(action))

    for text in spec.get("actions", ()):
        if text == CHANCE_MACRO:
            do(game.sample_chance(s))
        elif text == FIRST_MACRO:
            do(min(game.legal_actions(s), key=str))
        elif text == DEAL_MACRO:
            while not (s.battle is not None and s.battle.phase == "attack") and not game.is_terminal(s):
                do(game.sample_chance(s) if game.is_chance(s) else Action("fight"))
        else:
            do(Action.parse(text))
    return {**plain, "actions": actions}


def perft_record(game: PolisGame, spec: dict[str, Any]) -> dict[str, Any]:
    s = build_position(game, spec)
    seat = game.current_seat(s)
    divide: dict[str, int] = {}
    if seat is not None:
        for action in sorted(game.legal_actions(s, seat), key=str):
            divide[str(action)] = perft(game, game.apply(s, action, seat), 1)
    return {
        "name": spec["name"],
        "edition": game.edition,
        "description": spec["description"],
        "start": spec["start"],
        "edits": spec.get("edits", []),
        "actions": spec.get("actions", []),
        "to_act": to_act(game, s),
        "perft": {"1": len(divide), "2": sum(divide.values())},
        "divide": divide,
    }


def perft_name(edition: str, name: str) -> str:
    return f"polis-{edition}-{name}.json"


def perft_files(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for edition in EDITIONS:
        game = PolisGame(edition)
        for spec in _positions(edition):
            record = perft_record(game, expand(game, spec))
            path = directory / perft_name(edition, spec["name"])
            path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(path)
    return written


def check_perft(out: Any = sys.stdout) -> int:
    """Recount every committed perft file; 1 if any count or depth-1 action changed."""
    status = 0
    for path in sorted(PERFT_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        game = PolisGame(data["edition"])
        fresh = perft_record(game, data)
        for key in ("to_act", "perft", "divide"):
            if fresh[key] != data[key]:
                status = 1
                print(f"{path.name}: {key} changed: {data[key]} -> {fresh[key]}", file=out)
    if status == 0:
        print("perft counts: no difference", file=out)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--perft", action="store_true", help="perft files instead of golden playthroughs")
    args = parser.parse_args(argv)
    if args.perft:
        if args.check:
            return check_perft()
        for path in perft_files(PERFT_DIR):
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.check:
        return check_golden()
    for path in write_golden(GOLDEN_DIR):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
