"""Reading what people and files type: ASCII numbers, bounded echoes.

Two traps of Python's own helpers, closed here once for every front end:

* ``str.isdigit`` is true for ``"²"`` and ``"١٢"`` (any Unicode digit), and ``int``
  reads some of those and refuses others; so a number a person types is ASCII digits,
  checked before ``int`` sees them, and at most :data:`MAX_DIGITS` of them (``int``
  refuses longer texts with a ``ValueError`` of its own).
* ``repr`` of user data in an error message can be megabytes long, or recurse until
  Python gives up (a value nested a thousand levels deep); :func:`shown` echoes a value
  in a bounded, flat form instead.

And a file a person names is read by :func:`read_user_text`, whose every failure (no
such file, a folder, bytes that are not UTF-8, a NUL in the name) is one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

MAX_DIGITS = 4300
"""The most digits a whole number may have (Python's default ``int`` conversion limit)."""

MAX_CARD_VALUE = 1_000_000
"""The largest value (in size) a ``--cards`` file may give a card: the rulebooks' are
below 1,000, and unbounded ones could make a score too long to print."""

SHOWN_CHARS = 40
"""How much of a text an error message echoes."""


def conversion_problem(err: ValueError) -> str:
    """What a parser's ``ValueError`` means, in words fit for a user.

    The one a stranger's input can raise past the parsers' own errors is Python's
    integer-conversion limit, whose message ("Exceeds the limit (4300 digits) for integer
    string conversion; use sys.set_int_max_str_digits() ...") names an interpreter call a
    user cannot make; it is said as the number being too long.
    """
    if "digits" in str(err):
        return f"it holds a number longer than {MAX_DIGITS:,} digits"
    return "it holds a value that cannot be read"


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits ``0`` … ``9`` and nothing else."""
    return text.isascii() and text.isdigit()


def whole_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number written in ``text`` (an optional sign, then ASCII digits), or None.

    Spaces around it are forgiven; ``+-2``, ``²``, ``1e3`` and texts of more than
    ``max_digits`` digits are not numbers.
    """
    text = text.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not is_digits(digits) or len(digits) > max_digits:
        return None
    return int(text)


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """``value`` as an error message may echo it: short, flat, never recursive.

    Text is quoted like ``repr`` and cut after ``limit`` characters; numbers too long to
    print say how long they are; lists and objects say only what they are, since their
    ``repr`` may be huge or nested deeper than Python can print.
    """
    if isinstance(value, str):
        cut = value[:limit]
        return repr(cut) + (f"… ({len(value)} characters)" if len(value) > limit else "")
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 3 * limit:
            return f"a whole number of about {int(value.bit_length() * 0.30103)} digits"
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return f"an object of {len(value)} key(s)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item(s)"
    return f"a {type(value).__name__}"


def read_user_text(path: str | Path, fail: Callable[[str], Exception],
                   max_bytes: int | None = None) -> str:
    """The text of a file a person named, or ``fail(reason)`` raised: a one-line error of
    the caller's kind (``reason`` echoes the name through :func:`shown`)."""
    name = shown(str(path))
    try:
        target = Path(path)
        if max_bytes is not None and target.stat().st_size > max_bytes:
            raise fail(f"{name} is larger than {max_bytes:,} bytes")
        return target.read_text(encoding="utf-8")
    except OSError as err:
        raise fail(f"cannot read {name}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise fail(f"{name} is not UTF-8 text") from None
    except ValueError:  # a NUL in the path (after UnicodeDecodeError: it is one too)
        raise fail(f"cannot read {name}: not a file name") from None
