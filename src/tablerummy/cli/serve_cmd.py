"""``tablerummy serve``: the web table (lands with the web issue)."""

from __future__ import annotations

import argparse

from ..errors import TablerummyError


def serve_command(args: argparse.Namespace) -> int:
    raise TablerummyError("the web table is not built yet: use 'tablerummy play'")
