"""Each chapter's rendered Markdown kept between `rulebook --watch` rebuilds (issue 15).

A chapter renders the same Markdown from the same templates and the same game data. It is kept
by what its context is made from (the chapter's name, its book's folder and spec, the edition,
the demo's scenario, the data folder's digest: the game data, labels and demo armies all come
from there, and a ruleset's labels file when one overrides them), and it is taken again only if
every template its render loaded (itself, what it included or imported) still has the text it
had; a name it asked for and did not find must still be missing. An edit of one chapter renders
that chapter alone again. What is kept is the sandbox's output, a string, and the usage the
render recorded; a render that failed is never kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass

from kolaps_print.rulebook.sandbox import BookSandbox
from kolaps_print.rulebook.usage import Usage

KEPT = 100  # chapters kept (a book has 13 to 16, four rulesets' books and a quick-start fit)
KEPT_CHARS = 250_000  # a render larger than this, with its templates' texts, is not kept (a chapter: ~7000)


@dataclass(frozen=True)
class _Kept:
    loaded: tuple[tuple[str, str | None], ...]  # each template asked for, and its text (None: not found)
    markdown: str
    usage: Usage


_KEPT: OrderedDict[Hashable, _Kept] = OrderedDict()


def kept_render(key: Hashable, env: BookSandbox) -> tuple[str, Usage] | None:
    """The Markdown and usage kept under key, if every template it loaded reads as it did."""
    kept = _KEPT.get(key)
    if kept is None or any(env.loader_text(name) != text for name, text in kept.loaded):
        return None
    _KEPT.move_to_end(key)
    return kept.markdown, _copy(kept.usage)


def keep(key: Hashable, env: BookSandbox, loaded: list[str], markdown: str, usage: Usage) -> None:
    """Keep a render's output under key, with the texts of the templates it loaded (as it read them)."""
    texts = tuple((name, env.text_read(name)) for name in dict.fromkeys(loaded))
    if len(markdown) + sum(len(text or "") for _, text in texts) > KEPT_CHARS:
        return  # bounded in characters too: at most KEPT × KEPT_CHARS
    _KEPT[key] = _Kept(texts, markdown, _copy(usage))
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)


def _copy(usage: Usage) -> Usage:
    return Usage(list(usage.tables), {kind: set(ids) for kind, ids in usage.explained.items()})
