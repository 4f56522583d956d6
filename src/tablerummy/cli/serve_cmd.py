"""``tablerummy serve``: the web table in the browser (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import logging.config
import math
import os
import socket
from typing import Any

from ..errors import TablerummyError
from ..userinput import shown


def serve_command(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as err:
        raise TablerummyError(
            f"the web table needs the web extra: pip install 'tablerummy[web]' ({err.name})"
        ) from None
    from ..web.store import Store, _safe

    try:  # a host that cannot be bound is told here in one line, not by uvicorn's logger
        socket.getaddrinfo(args.host, args.port)
    except OSError as err:
        raise TablerummyError(f"--host {shown(args.host)}: {err.strerror or err}") from None
    store = Store(args.db)  # a bad URL or an unreachable database: one line, no traceback
    shared = store.shared
    store.close()
    if shared:
        from ..web.cluster import lease_seconds

        lease_seconds()  # a bad TABLERUMMY_LEASE_SECONDS: one line, before starting
    if args.workers > 1 and not shared:
        raise TablerummyError(
            f"--workers {args.workers} needs a PostgreSQL --db: SQLite is one process's file,"
            " and the processes coordinate through the database (see docs/web.md)")
    delay = os.environ.get("TABLERUMMY_BOT_DELAY", "0.6")
    try:
        seconds = float(delay)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds):  # "inf" and "nan" are floats, but no delay
        raise TablerummyError(f"TABLERUMMY_BOT_DELAY is a number of seconds, not {shown(delay)}")
    bot_delay = max(0.0, seconds)
    from ..web.connections import for_serving
    from ..web.limits import Settings, host_name, settings_env

    settings = for_serving(Settings.from_env(
        bot_workers=args.bot_workers,
        origins=tuple(o.rstrip("/") for o in args.allow_origin) if args.allow_origin else None,
        allowed_hosts=tuple(host_name(h) for h in args.allowed_host)
        if args.allowed_host else None,
    ), args.host)
    from ..web.drain import drain_seconds
    from ..web.logs import log_config

    drain_seconds()  # a bad TABLERUMMY_DRAIN_SECONDS: one line, before starting
    workers = f" in {args.workers} processes" if args.workers > 1 else ""
    banner = (f"the web table is at http://{args.host}:{args.port}/{workers}"
              f" (database {_safe(args.db)})")
    logging_config = log_config(args.log_format)
    if logging_config is None:
        print(f"tablerummy: {banner}", flush=True)
    if args.workers > 1:
        # uvicorn starts the processes (sharing the listening socket); each builds its
        # own app from the environment, as a process of another machine would
        os.environ.update({"TABLERUMMY_SERVE_DB": args.db,
                           "TABLERUMMY_BOT_DELAY": str(bot_delay), **settings_env(settings)})
        app: Any = "tablerummy.web.app:app_from_env"
    else:
        app = create_app(args.db, bot_delay=bot_delay, tune_gc=True, settings=settings)
    if logging_config is not None:
        logging.config.dictConfig(logging_config)
        logging.getLogger("tablerummy.web").info(banner)
    # no per-message deflate: state messages are a few kB, and the CPU it costs is
    # better spent serving more tables (see docs/benchmarks.md).
    # ws_max_size: the websocket layer refuses a longer message from its header, before
    # buffering it (see web/limits.py); http: bounded heads, request deadlines and
    # connection caps (see web/connections.py)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                http="tablerummy.web.connections:GuardedProtocol",
                ws_per_message_deflate=False, ws_max_size=settings.ws_max_size,
                proxy_headers=args.proxy_headers,
                forwarded_allow_ips=args.forwarded_allow_ips if args.proxy_headers else None,
                server_header=False, workers=args.workers if args.workers > 1 else None,
                factory=args.workers > 1,
                log_config=logging_config or uvicorn.config.LOGGING_CONFIG)
    return 0
