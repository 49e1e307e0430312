"""The Pericles command: ``kleos pericles data`` (where every value of the data files comes from, and
which ones are reconstructions, pericles-data.md §8).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kleos.core.errors import KleosError
from kleos.core.kit.cli import CliParts, runs
from kleos.games.pericles.loader import load_data, provenance_summary, reconstructed_records

TAGS = ("rulebook", "source", "reconstructed")


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def add_commands(commands: Any) -> None:
    p = commands.add_parser("pericles", help="Pericles tools: the data's provenance",
                            description="Pericles tools.")
    sub = p.add_subparsers(dest="pericles_command", required=True, metavar="COMMAND")
    d = sub.add_parser("data", help="where the data values come from: rulebook, source or reconstructed",
                       description="Summarise the provenance tags of the data files; with --reconstructed, "
                                   "list every record holding a reconstructed value, with its reason.")
    d.add_argument("--reconstructed", action="store_true", help="list the reconstructed records")
    d.add_argument("--data-dir", type=Path, default=None,
                   help="a folder of corrected data files that replace the packaged ones")
    runs(d, cmd_data)


def cli_parts() -> CliParts:
    return CliParts(add_commands=add_commands)


def cmd_data(args: argparse.Namespace) -> int:
    try:
        data = load_data(args.data_dir)
    except KleosError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    _out("Provenance of the Pericles data (records by default tag):")
    for table, counts in provenance_summary(data).items():
        tags = ", ".join(f"{tag} {counts[tag]}" for tag in TAGS if counts[tag])
        _out(f"  {table:<18} {tags}")
    if args.reconstructed:
        _out("")
        _out("Records holding reconstructed values (replace them with --data-dir when better data is found):")
        for table, where, record in reconstructed_records(data):
            fields = sorted(k for k, v in record.provenance.items() if v == "reconstructed")
            what = "every field" if record.provenance["default"] == "reconstructed" else ", ".join(
                f for f in fields if f != "default")
            _out(f"  {table}.json {where or '(table)'}: {what} — {record.reason}")
    return 0
