"""The fixture that installs the Cyclades kit for a test module (the kit is not an entry point yet,
so agents, commands and the terminal app find it only once registered). Import ``registered`` into
a test module to use it for every test there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kleos.core import registry
from kleos.games.cyclades.kit import KIT


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    registry.register(KIT)
    try:
        yield
    finally:
        registry.unregister(KIT.name)
