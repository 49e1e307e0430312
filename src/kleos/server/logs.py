"""Structured logs: with ``--log-json`` (setting ``log_json``) every log record, the server's and
uvicorn's, is one JSON object per line on standard error, ready for a log collector."""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

# attributes every LogRecord has; anything else was passed in ``extra=`` and is kept as a field
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, any ``extra`` fields, exception."""

    def format(self, record: logging.LogRecord) -> str:
        event: dict[str, Any] = {"time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
                                 "level": record.levelname.lower(), "logger": record.name,
                                 "message": record.getMessage()}
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                event[key] = value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
        if record.exc_info:
            event["exception"] = self.formatException(record.exc_info)
        return json.dumps(event, ensure_ascii=False)


def uvicorn_log_config(json_lines: bool, level: str) -> dict[str, Any]:
    """The ``logging.config`` dictionary for uvicorn and the server: JSON lines or plain text."""
    formatter = {"()": JsonFormatter} if json_lines else {"format": "%(levelname)s %(name)s: %(message)s"}
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    level_name = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"main": handler},
        "root": {"handlers": ["main"], "level": level_name},
        "loggers": {name: {"handlers": [], "level": level_name, "propagate": True}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "arq")},
    }


def configure(json_lines: bool, level: str = "info") -> None:
    """Log as :func:`uvicorn_log_config` says (``kleos worker`` calls this; uvicorn does it for serve)."""
    import logging.config

    logging.config.dictConfig(uvicorn_log_config(json_lines, level))
    if json_lines:
        sys.stderr.flush()
