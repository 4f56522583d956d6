"""``tablerummy backup`` and ``tablerummy restore``: the web table's database to a file and
back (needs the ``web`` extra; see ``tablerummy.web.backup`` and docs/web.md)."""

from __future__ import annotations

import argparse

from ..errors import TablerummyError


def backup_command(args: argparse.Namespace) -> int:
    try:
        from ..web import backup
    except ImportError as err:
        raise TablerummyError(
            f"backups need the web extra: pip install 'tablerummy[web]' ({err.name})") from None
    if args.command == "backup":
        print(f"tablerummy: {backup.backup(args.db, args.file)}")
    else:
        print(f"tablerummy: {backup.restore(args.db, args.file, replace=args.replace)}")
    return 0
