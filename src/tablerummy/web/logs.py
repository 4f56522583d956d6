"""The server's log: text for a person at a terminal, or one JSON object a line.

``tablerummy serve --log-format json`` writes every event (the server's own —
``tablerummy.web`` — and uvicorn's) to stderr as one JSON object per line: ``time``
(UTC, ISO 8601), ``level``, ``logger``, ``message``, and ``error`` (the exception's
type and message, one line) when there is one.  A log collector needs no parsing
rules, and a message with a newline cannot forge a second event.  The default, text,
is uvicorn's own format.

Log lines never hold a card, a seed or a token: the server only logs tables' ids,
counts and errors.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        event: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and record.exc_info[1] is not None:
            err = record.exc_info[1]
            event["error"] = f"{type(err).__name__}: {err}".splitlines()[0]
        return json.dumps(event, ensure_ascii=False)


def log_config(fmt: str) -> dict[str, Any] | None:
    """uvicorn's ``log_config`` for ``fmt``: None keeps uvicorn's (text); for json every
    logger of the server writes JSON lines to stderr, the server's own from INFO up."""
    if fmt == "text":
        return None
    handler = {"class": "logging.StreamHandler", "formatter": "json",
               "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "tablerummy.web.logs.JsonFormatter"}},
        "handlers": {"json": handler},
        "loggers": {
            "uvicorn": {"handlers": ["json"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["json"], "level": "INFO", "propagate": False},
            "tablerummy": {"handlers": ["json"], "level": "INFO", "propagate": False},
        },
    }
