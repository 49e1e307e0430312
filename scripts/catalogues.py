"""The translation catalogues: ``extract`` merges the marked strings into every language's
``.po``; ``compile`` writes the ``.mo`` files (set-up runs it); ``check`` lists what is missing or
untranslated and exits 1 if anything is (see docs/i18n.md)."""

from __future__ import annotations

import argparse
import sys

from kleos.i18n.catalogues import TRANSLATED, compile_all, extract, gaps, sources, update


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=["extract", "compile", "check"])
    parser.add_argument("--domain", action="append", help="only this text domain (repeatable)")
    args = parser.parse_args(argv)
    chosen = [s for s in sources() if not args.domain or s.domain in args.domain]
    if args.command == "compile":
        written = compile_all()
        print(f"compiled {len(written)} catalogues")
        return 0
    missing = 0
    for source in chosen:
        extracted = extract(source)
        if args.command == "extract":
            for language in TRANSLATED:
                path = update(source, language, extracted)
                print(f"{source.domain}: {len(extracted.messages)} strings -> {path}")
            continue
        found = list(gaps(source, extracted))
        for gap in found:
            print(gap)
        missing += len(found)
        print(f"{source.domain}: {len(extracted.messages)} strings, {len(found)} gaps")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
