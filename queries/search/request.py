"""What a judge asks search, as one value: the CLI, the page, the JSON and the search workers
pass a ``SearchRequest`` along rather than seven positional arguments that must stay in order."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

MAX_QUERY_CHARACTERS = 1000  # a pasted page is cut here: more only slows the search down
MAX_LIMIT = 200
MAX_OFFSET = 10_000
DEFAULT_LIMIT = 20


class SearchInputError(ValueError):
    """A parameter the search cannot take (an ``as_of`` that is not a date): the web answers 400."""


@dataclass(frozen=True)
class SearchRequest:
    """One search: the query as typed and its filters. An empty form field filters nothing;
    ``limit`` and ``offset`` are kept within MAX_LIMIT and MAX_OFFSET."""

    query: str = ""
    kind: str | None = None
    document: str | None = None
    limit: int = DEFAULT_LIMIT
    offset: int = 0
    as_of: str | None = None
    as_typed: bool = False  # search the words as typed, without corrections (the link under a correction)

    def __post_init__(self):
        set_ = object.__setattr__  # frozen: normalised once, here
        set_(self, "query", self.query if isinstance(self.query, str) else "")
        for name in ("kind", "document", "as_of"):
            set_(self, name, getattr(self, name) or None)
        set_(self, "limit", max(0, min(int(self.limit), MAX_LIMIT)))
        set_(self, "offset", max(0, min(int(self.offset), MAX_OFFSET)))
        set_(self, "as_typed", bool(self.as_typed))

    @property
    def day(self) -> str | None:
        """``as_of`` as a checked date (YYYY-MM-DD), or SearchInputError saying how to write one."""
        if self.as_of is None:
            return None
        try:
            return datetime.date.fromisoformat(self.as_of).isoformat()
        except (TypeError, ValueError):
            raise SearchInputError(
                f'as_of must be a date written YYYY-MM-DD, e.g. 2021-06-09, not "{self.as_of}".'
            ) from None

    @property
    def searched_text(self) -> str:
        """The query as searched: at most MAX_QUERY_CHARACTERS, and a lone surrogate (half an
        emoji from a broken form) replaced, since it cannot become a search term."""
        return self.query[:MAX_QUERY_CHARACTERS].encode("utf-8", "replace").decode("utf-8")
