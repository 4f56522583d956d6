"""The rules in the page: the variant's own ``rules_text`` (what ``tablerummy rules``
prints), as HTML, for the lobby's and the table's *Rules* dialog.

One source: the page shows exactly the terminal's text (the card table with defaults
marked, what each Gavel card does) for the variant and options asked for.  The Markdown
is rendered with raw HTML turned off, so no text of the rules can become markup.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from markdown_it import MarkdownIt

from ..errors import OptionError
from ..variant import get_variant

_MARKDOWN = MarkdownIt("default", {"html": False})
MAX_OPTIONS = 1024
"""Longest ``options`` query text accepted (characters): a few options."""


def parse_options(text: str | None) -> dict[str, Any]:
    """The ``options`` query parameter (a JSON object), or a one-line :class:`OptionError`."""
    if not text:
        return {}
    if len(text) > MAX_OPTIONS:
        raise OptionError("\"options\" is too long to be a table's options")
    try:
        options = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise OptionError("\"options\" is a JSON object, e.g. {\"players\": 3}") from None
    if not isinstance(options, dict):
        raise OptionError("\"options\" is a JSON object, e.g. {\"players\": 3}")
    return options


@functools.lru_cache(maxsize=256)
def _rendered(variant: str, options: str) -> dict[str, str]:
    chosen = get_variant(variant, json.loads(options))
    text = chosen.rules_text()
    return {"variant": chosen.name, "title": chosen.title, "markdown": text,
            "html": _MARKDOWN.render(text)}


def rules_page(variant: str, options: dict[str, Any]) -> dict[str, str]:
    """``variant``'s rules with ``options``: its Markdown text and that text as HTML."""
    return _rendered(variant, json.dumps(options, sort_keys=True))
