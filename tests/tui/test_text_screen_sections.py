"""The rules reference in the terminal app (R) is read by its sections: n (or ]) scrolls to the next
heading, p (or [) to the previous one; the page's title line says so. A page without headings (the
keys page) does not move."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from kleos.core import registry
from kleos.tui.look import Look
from kleos.tui.widgets import TextScreen


class _Reader(App[None]):
    def __init__(self, page: TextScreen) -> None:
        super().__init__()
        self.page = page

    def on_mount(self) -> None:
        self.push_screen(self.page)


def _read(page: TextScreen, keys: list[str]) -> tuple[list[int], list[int], str]:
    """In a 100x30 terminal: the page's scroll position after each of ``keys``, its headings' offsets
    and its title line."""
    async def run() -> tuple[list[int], list[int], str]:
        app = _Reader(page)
        positions: list[int] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await _settle(pilot)
            offsets, title = page.section_offsets(), str(page._scroll().border_title)
            for key in keys:
                await pilot.press(key)
                await _settle(pilot)
                positions.append(round(page._scroll().scroll_y))
        return positions, offsets, title

    return asyncio.run(run())


async def _settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


def _pericles_reference() -> TextScreen:
    look: Look[Any, Any, Any] = Look(registry.kit("pericles"))
    return TextScreen("Rules reference", look.rules(), markdown=True)


def test_n_and_p_step_through_the_sections() -> None:
    keys = ["n", "n", "n", "right_square_bracket", "p", "left_square_bracket", "p", "p", "p"]
    positions, offsets, _title = _read(_pericles_reference(), keys)
    assert len(offsets) == 18  # the title and the 17 sections of the Pericles reference
    assert positions[:4] == offsets[:4]  # the title line, then each section in turn
    assert positions[4:7] == [offsets[2], offsets[1], offsets[0]]
    assert positions[7:] == [offsets[0], offsets[0]]  # no heading above the title: nothing moves


def test_next_stops_at_the_end_of_the_page() -> None:
    positions, offsets, _title = _read(_pericles_reference(), ["end", "n", "p"])
    assert positions[0] == positions[1] > 0  # nothing below the last section
    later = [y for y in offsets if y < positions[1]]
    assert positions[2] == later[-1]  # back to the heading above the top


def test_the_title_line_names_the_keys_and_a_plain_page_does_not_move() -> None:
    assert "n and p: next and previous section" in _read(_pericles_reference(), [])[2]
    plain = TextScreen("Keys", "\n".join(f"line {i}" for i in range(200)))
    positions, offsets, title = _read(plain, ["n", "j", "n", "p"])
    assert (positions, offsets) == ([0, 1, 1, 1], [])
    assert "section" not in title
