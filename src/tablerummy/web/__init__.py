"""The web table: an ASGI app (Starlette + uvicorn) with a SQL store and a plain page.

Install with ``pip install 'tablerummy[web]'`` and run ``tablerummy serve``.  The server
is the only authority: clients send action texts, the rules core checks them, and every
message to a seat is built from that seat's observation alone.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
