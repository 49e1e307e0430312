"""What the compiled build of the rules changes for a test (``kleos.BUILD``)."""

from __future__ import annotations

import pytest

import kleos

# A spy put on a rule module's function sees no call made from compiled code (compiled modules call
# one another directly); such tests run on the interpreted build, which scripts/check.sh also tests.
SPIES_ON_RULES = pytest.mark.skipif(kleos.BUILD.startswith("compiled"),
                                    reason="spies on a call inside the compiled rules: see the interpreted run")
