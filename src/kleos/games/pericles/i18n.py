"""Pericles's text domain: the marking functions of its catalogues (``locale/<lang>/LC_MESSAGES/pericles.po``),
kept in the game's package so that the game stays a plug-in (see :mod:`kleos.i18n`)."""

from __future__ import annotations

from pathlib import Path

from kleos.i18n import translator

DOMAIN = "pericles"
_, ngettext, N_ = translator(DOMAIN, Path(__file__).resolve().parent / "locale")
