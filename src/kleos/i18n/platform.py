"""The platform's text domain (``src/kleos/locale/<lang>/LC_MESSAGES/kleos.po``): the marking
functions for the generic layers (terminal shell, server, command line, browser shell)."""

from __future__ import annotations

from kleos.i18n import PLATFORM_DOMAIN, PLATFORM_LOCALE_DIR, translator

DOMAIN = PLATFORM_DOMAIN
DIRECTORY = PLATFORM_LOCALE_DIR
_, ngettext, N_ = translator(DOMAIN)
