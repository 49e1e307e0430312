#!/usr/bin/env python3
"""Perft counts for Polis: write them, or check them against the engine.

    python scripts/golden.py --perft    # write tests/polis/perft/<name>.json
    python scripts/golden.py --perft --check

Polis' golden playthroughs are written and checked like every game's, by its test
(``KLEOS_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/polis/test_golden.py``).

A perft file is a named position (how to build it: a start, piece edits, actions in notation) with
the legal actions at depth 1, the leaf counts at depths 1 and 2 and the depth-2 count below each
depth-1 action (chance outcomes count as branches).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.core.action import Action  # noqa: E402
from kleos.core.testing import perft  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402
from kleos.games.polis.invariants import build_position, to_act  # noqa: E402

PERFT_DIR = ROOT / "tests" / "polis" / "perft"
EDITIONS = ("2012", "2020")


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
    parser.add_argument("--perft", action="store_true", help="perft files (the only kind this script writes)")
    args = parser.parse_args(argv)
    if not args.perft:
        parser.error("golden playthroughs are regenerated by their test: KLEOS_REGENERATE_GOLDEN=1 pytest "
                     "tests/polis/test_golden.py; perft counts: --perft")
    if args.check:
        return check_perft()
    for path in perft_files(PERFT_DIR):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
