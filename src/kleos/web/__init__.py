"""The browser UI of Kleos (served by the web server; see :func:`kleos.web.ui.mount_ui`)."""

from kleos.web.ui import mount_ui

__all__ = ["mount_ui"]
