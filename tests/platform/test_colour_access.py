"""Colour on the browser pages, computed from the stylesheets themselves: the seat colours stay apart
for people with the common colour-vision deficiencies (simulated with the Machado–Oliveira–Fernandes
2009 matrices at full severity, compared in CIELAB), and text colours reach the WCAG 2.2 AA contrast
of 4.5:1 against the backgrounds they are written on.

Colour never carries meaning alone on these pages (seat tags name the seat, pieces carry a letter),
so the distance asked for is the one that keeps a glance reliable, not the only cue.
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "kleos"
SHELL_CSS = SRC / "web" / "static" / "css" / "kleos.css"
POLIS_CSS = SRC / "games" / "polis" / "web" / "static" / "board.css"
PERICLES_CSS = SRC / "games" / "pericles" / "web" / "static" / "board.css"

Matrix = tuple[tuple[float, float, float], ...]
# Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
DEFICIENCIES: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
MIN_DISTANCE = 20.0  # CIELAB ΔE between any two seats, under normal vision and each deficiency
AA_TEXT = 4.5
WHITE = "#ffffff"

RGB = tuple[float, float, float]


def css_colours(path: Path) -> dict[str, str]:
    """The custom properties of a stylesheet that hold a #rrggbb colour, by name (first definition)."""
    found: dict[str, str] = {}
    for name, value in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", path.read_text(encoding="utf-8")):
        found.setdefault(name, value.lower())
    return found


def linear(hex_colour: str) -> RGB:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    digits = hex_colour.lstrip("#")
    r, g, b = (channel(int(digits[i:i + 2], 16)) for i in (0, 2, 4))
    return r, g, b


def simulate(rgb: RGB, matrix: Matrix) -> RGB:
    r, g, b = (min(1.0, max(0.0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])) for row in matrix)
    return r, g, b


def lab(rgb: RGB) -> RGB:
    x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def closest_pair(colours: list[str], matrix: Matrix | None) -> float:
    """The smallest CIELAB distance between two of `colours`, as seen through `matrix` (None: normal vision)."""
    seen = [lab(linear(c) if matrix is None else simulate(linear(c), matrix)) for c in colours]
    return min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours."""
    def luminance(c: str) -> float:
        r, g, b = linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    dark, light = sorted((luminance(foreground), luminance(background)))
    return (light + 0.05) / (dark + 0.05)


def palettes() -> dict[str, list[str]]:
    shell, polis, pericles = css_colours(SHELL_CSS), css_colours(POLIS_CSS), css_colours(PERICLES_CSS)
    return {
        "shell seats": [shell[f"seat-{i}"] for i in range(5)],
        "Polis sides": [polis["athens"], polis["sparta"]],
        "Pericles factions": [pericles[f"seat-{i}"] for i in range(4)],
        "Pericles sides": [pericles["per-athens"], pericles["per-sparta"]],
    }


@pytest.mark.parametrize("vision", [None, *DEFICIENCIES])
def test_seat_colours_stay_apart_under_each_colour_vision(vision: str | None) -> None:
    matrix = None if vision is None else DEFICIENCIES[vision]
    for name, colours in palettes().items():
        distance = closest_pair(colours, matrix)
        assert distance >= MIN_DISTANCE, f"{name} under {vision or 'normal vision'}: ΔE {distance:.1f}"


def test_the_simulation_catches_a_red_green_palette() -> None:
    """The check can fail: the classic blue, red, green, purple, orange set (the pages' former seat
    colours) is fine to normal vision, but two of its colours merge under protanopia and deuteranopia."""
    classic = ["#2459a8", "#b3322a", "#2f7d32", "#7b4fa8", "#a86f00"]
    assert closest_pair(classic, None) >= MIN_DISTANCE
    assert closest_pair(classic, DEFICIENCIES["protanopia"]) < MIN_DISTANCE / 4
    assert closest_pair(classic, DEFICIENCIES["deuteranopia"]) < MIN_DISTANCE


def test_text_colours_reach_wcag_aa() -> None:
    shell = css_colours(SHELL_CSS)
    text = ["ink", "muted", "primary", "danger", "accent"]
    pairs = [(shell[t], shell[bg], f"{t} on {bg}") for t in text for bg in ("paper", "card")]
    # seat colours are written as text on the page and carry white text in seat tags and on pieces
    for name, colours in palettes().items():
        for colour in colours:
            pairs += [(colour, shell["paper"], f"{name} {colour} on paper"),
                      (WHITE, colour, f"white on {name} {colour}")]
    weak = [f"{label}: {contrast(fg, bg):.2f}" for fg, bg, label in pairs if contrast(fg, bg) < AA_TEXT]
    assert weak == []


def test_contrast_ratio_matches_wcag_examples() -> None:
    assert contrast("#000000", WHITE) == pytest.approx(21.0)
    assert contrast("#767676", WHITE) == pytest.approx(4.54, abs=0.01)  # the lightest grey that passes on white


def test_motion_is_stopped_for_those_who_ask() -> None:
    css = SHELL_CSS.read_text(encoding="utf-8")
    block = css[css.index("@media (prefers-reduced-motion: reduce)"):]
    assert "animation-duration: 0s" in block and "transition-duration: 0s" in block
