"""``tablerummy serve``: the web table in the browser (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import math
import os
import socket

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
    from ..web.store import Store

    try:  # a host that cannot be bound is told here in one line, not by uvicorn's logger
        socket.getaddrinfo(args.host, args.port)
    except OSError as err:
        raise TablerummyError(f"--host {shown(args.host)}: {err.strerror or err}") from None
    Store(args.db).close()  # a bad URL or an unreachable database: one line, no traceback
    delay = os.environ.get("TABLERUMMY_BOT_DELAY", "0.6")
    try:
        seconds = float(delay)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds):  # "inf" and "nan" are floats, but no delay
        raise TablerummyError(f"TABLERUMMY_BOT_DELAY is a number of seconds, not {shown(delay)}")
    bot_delay = max(0.0, seconds)
    from ..web.limits import Settings

    settings = Settings.from_env(
        bot_workers=args.bot_workers,
        origins=tuple(o.rstrip("/") for o in args.allow_origin) if args.allow_origin else None,
    )
    app = create_app(args.db, bot_delay=bot_delay, tune_gc=True, settings=settings)
    print(f"tablerummy: the web table is at http://{args.host}:{args.port}/ (database {args.db})",
          flush=True)
    # no per-message deflate: state messages are a few kB, and the CPU it costs is
    # better spent serving more tables (see docs/benchmarks.md).
    # ws_max_size: the websocket layer refuses a longer message from its header, before
    # buffering it (see web/limits.py)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_per_message_deflate=False, ws_max_size=settings.ws_max_size,
                proxy_headers=args.proxy_headers,
                forwarded_allow_ips=args.forwarded_allow_ips if args.proxy_headers else None,
                server_header=False)
    return 0
