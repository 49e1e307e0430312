"""``python -m kleos``: the same as the ``kleos`` command."""

from kleos.cli import main

raise SystemExit(main())
