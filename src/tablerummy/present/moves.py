"""The legal moves as a menu for people: a few rows of entries, each opening onto more.

A position can have hundreds of legal moves (an Oklahoma hand with three deuces makes
400 melds); a person wants "meld a set of 7s: 3 ways", not 400 lines.  So every front end
shows the same menu, made here from ``Game.legal_texts()`` alone:

- a *row* ``{"label": str, "entries": [entry, …]}`` groups entries under a heading
  (a verb: ``discard``, ``meld``…);
- an *entry* ``{"label": str, "moves": [text, …], "rows": [row, …]}`` stands for one or
  more legal move texts: with one move, choosing it plays it (``rows`` is empty); with
  several, choosing it opens ``rows``, the same kind of menu over just those moves.

Every legal text is under exactly one entry at each level, and the deepest entries are
single moves, so each move stays reachable by choosing entries, as well as by typing its
text.  A variant family may group its moves its own way, in its own package, behind its
plug-in's ``move_menu`` (the Oklahoma family groups melds by what they make); the
default words every move (:func:`sentence_rows`), which reads any notation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..variant import Variant

Entry = dict[str, Any]
Row = dict[str, Any]

MOVE_ROW = 6
"""A group of moves longer than this may be split by its next word (see ``_splits``)."""
ENTRY_WIDTH = 16


def move_menu(variant: Variant, texts: Sequence[str]) -> list[Row]:
    """The menu of ``texts`` (the legal moves, in the engine's order) for any front end:
    the family's own grouping (:meth:`tablerummy.family.Family.move_menu`), else
    :func:`sentence_rows`."""
    from ..registry import family_of

    rows = family_of(variant).move_menu(variant, texts)
    return sentence_rows(variant, texts) if rows is None else rows


def leaf(label: str, text: str) -> Entry:
    return {"label": label, "moves": [text], "rows": []}


def entry(label: str, moves: Sequence[str], rows: Callable[[], list[Row]]) -> Entry:
    """An entry for ``moves``; ``rows`` makes its sub-menu, called only when it needs one.

    A sub-menu of one entry is skipped (its own rows are used), so that choosing an
    entry never opens a menu with a single thing in it.
    """
    if len(moves) == 1:
        return leaf(label, moves[0])
    inner = rows()
    while len(inner) == 1 and len(inner[0]["entries"]) == 1 and inner[0]["entries"][0]["rows"]:
        inner = inner[0]["entries"][0]["rows"]
    return {"label": label, "moves": list(moves), "rows": inner}


def entries(rows: Sequence[Row]) -> list[Entry]:
    """The entries of ``rows`` in the order a front end numbers them."""
    return [e for row in rows for e in row["entries"]]


def sentence_rows(variant: Variant, texts: Sequence[str]) -> list[Row]:
    """Rows of the moves' sentences (:mod:`.words`, the page's button labels): a row per
    opening shared by several moves (``Discard``, ``Play Agent Meeting:``), an entry per
    rest (``Al Capone``, ``ask around for Al Capone``), and one row without a label for
    the other moves, each entry a whole sentence.  A row's label, a space and an entry's
    label read the move's sentence, and can be typed back (:func:`find_typed`)."""
    from .words import namer, sayer

    name = namer(variant)
    say = sayer(variant, name)
    rows: dict[str, list[Entry]] = {}
    for text in texts:
        said = say(text)
        words = text.split()
        card = f"Play {name(words[1])}:" if words[0] == "play" and len(words) > 1 else ""
        if card and said.startswith(card + " "):  # a Gavel card's ways: "Play Eliot Ness:"
            head, tail = card, said[len(card) + 1:]
        else:
            head, _, tail = said.partition(" ")
            if head == "Lay" and tail.startswith("off "):
                head, tail = "Lay off", tail[4:]
        rows.setdefault(head, []).append(leaf(tail, text))
    # the openings of one move each share a row without a label: their entries are whole
    # sentences (a screen of 24 lines has no room for a row per Victim played)
    out: list[Row] = []
    lone: Row = {"label": "", "entries": []}
    for head, found in rows.items():
        if len(found) > 1:
            out.append({"label": head, "entries": found})
            continue
        if not lone["entries"]:
            out.append(lone)
        lone["entries"].append(leaf(f"{head} {found[0]['label']}".strip(), found[0]["moves"][0]))
    return out


def _squeezed(text: str) -> str:
    return " ".join(text.split()).casefold()


def find_typed(rows: Sequence[Row], typed: str) -> Entry | None:
    """The entry of ``rows`` whose label was typed, alone (if no other entry has it) or
    after its row's label (``discard Al Capone``), in any case: the menu as shown is
    also what may be typed."""
    wanted = _squeezed(typed)
    if not wanted:
        return None
    whole: list[Entry] = [e for row in rows for e in row["entries"]
                          if _squeezed(f"{row['label']} {e['label']}") == wanted]
    alone: list[Entry] = [e for row in rows for e in row["entries"] if e["label"]
                          and _squeezed(e["label"]) == wanted]
    for found in (whole, alone):
        if len(found) == 1:
            return found[0]
    return None


def word_rows(variant: Variant | None, texts: Sequence[str]) -> list[Row]:
    """Rows of moves that share their first words; each entry is one move.

    ``play agent-meeting ask-around al-capone`` … become one row ``play agent-meeting
    ask-around`` whose entries are the gangsters: a long list stays a few lines tall.
    Only the text is read, so this works for any variant's notation.
    """
    def split(items: list[tuple[str, list[str]]], depth: int) -> list[Row]:
        groups: dict[tuple[str, ...], list[tuple[str, list[str]]]] = {}
        for text, words in items:
            groups.setdefault(tuple(words[:depth]), []).append((text, words))
        rows: list[Row] = []
        for key, members in groups.items():
            if _splits(members, depth):
                rows += split(members, depth + 1)
            else:
                rows.append({"label": " ".join(key),
                             "entries": [leaf(_counted(w[depth:]), t) for t, w in members]})
        return rows

    return split([(text, text.split()) for text in texts], 1)


def _splits(members: Sequence[tuple[str, list[str]]], depth: int) -> bool:
    """Whether a row of moves is better as one row per next word: it is long, its entries
    are long (over :data:`ENTRY_WIDTH` characters), every move has a next word, and the
    new rows hold two entries or more on average (not a row per move)."""
    if len(members) <= MOVE_ROW or any(len(w) <= depth + 1 for _, w in members):
        return False
    if max(len(" ".join(w[depth:])) for _, w in members) <= ENTRY_WIDTH:
        return False
    return 2 * len({w[depth] for _, w in members}) <= len(members)


def _counted(words: Sequence[str]) -> str:
    """``ralph-capone ralph-capone ralph-capone`` → ``ralph-capone ×3``: a meld of one
    kind reads as its count."""
    out: list[str] = []
    count = 0
    for i, word in enumerate(words):
        count += 1
        if i + 1 == len(words) or words[i + 1] != word:
            out.append(word if count == 1 else f"{word} ×{count}")
            count = 0
    return " ".join(out)
