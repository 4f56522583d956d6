"""``python -m tablerummy``: the same as the ``tablerummy`` command."""

import sys

from .cli import main

sys.exit(main())
