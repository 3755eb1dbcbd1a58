"""What the edition pages share: reading ``?as_of=``, comparing editions off the event loop,
the feed of changes.

``as_of`` must be a real date written YYYY-MM-DD; anything else is a 400 that says so.
Comparing two full official editions takes about a second; it runs in a worker thread on its
own read-only connection (two at a time), and the answer is kept, since the database does not
change while it is served.
"""

from __future__ import annotations

import asyncio
import datetime
import re
import sqlite3
from functools import lru_cache
from pathlib import Path

import sqlite_utils
from datasette.utils.asgi import BadRequest
from feedgen.feed import FeedGenerator

from rulebook.db.families import editions
from rulebook.queries.compare import compare_editions, compare_sections, counts_sentence

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
AS_OF_FORMAT = "as_of must be a date written YYYY-MM-DD, e.g. as_of=2021-06-18"


def as_of_argument(request) -> str | None:
    """The ``as_of`` query argument as YYYY-MM-DD, None when absent; BadRequest when not a date."""
    value = (request.args.get("as_of") or "").strip()
    if not value:
        return None
    try:
        if not _DATE.fullmatch(value):
            raise ValueError(value)
        datetime.date.fromisoformat(value)
    except ValueError:
        raise BadRequest(f"{AS_OF_FORMAT}; got {value!r}.") from None
    return value


def changes_feed(entries: list[dict], base_url: str) -> bytes:
    """The Atom feed of /changes.atom: one entry per edition, linking to its compare page."""
    feed = FeedGenerator()
    feed.id(f"{base_url}/changes.atom")
    feed.title("rulebook: new editions of the rules")
    feed.link(href=f"{base_url}/changes.atom", rel="self")
    feed.link(href=f"{base_url}/", rel="alternate")
    feed.subtitle("Each new edition of the Treachery rules and the official comprehensive rules, with what changed.")
    newest = None
    for entry in reversed(entries):  # feedgen lists the last added first
        counts = entry["counts"]
        summary = counts_sentence(counts)
        item = feed.add_entry()
        item.id(f"{base_url}{entry['url']}")
        item.title(f"{entry['new']} (after {entry['old']}): {summary}")
        item.link(href=f"{base_url}{entry['url']}")
        item.summary(
            f"{entry['new']}, effective {entry['effective_date'] or 'undated'}: {summary} rules since {entry['old']}."
        )
        when = _timestamp(entry["effective_date"])
        item.updated(when)
        newest = max(newest, when) if newest else when
    feed.updated(newest or _timestamp(None))
    return feed.atom_str(pretty=True)


def _timestamp(date: str | None) -> datetime.datetime:
    day = datetime.date.fromisoformat(date) if date else datetime.date(2000, 1, 1)
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC)


_COMPARING = asyncio.Semaphore(2)


async def compared(db_path: Path, old: str, new: str) -> dict:
    """compare_editions(old, new) on the served database, in a worker thread; raises CompareError."""
    async with _COMPARING:
        return await asyncio.to_thread(_compared, str(db_path), old, new)


@lru_cache(maxsize=64)
def _compared(db_path: str, old: str, new: str) -> dict:
    connection = sqlite3.connect(f"file:{db_path}?immutable=1", uri=True, check_same_thread=False)
    try:
        db = sqlite_utils.Database(connection)
        found = compare_editions(db, old, new)
        family = next(db.query("select family from documents where slug = ?", [new]))["family"]
        return {
            **found,
            "sections": compare_sections(db, found),
            "editions": [
                {"slug": doc["slug"], "effective_date": doc["effective_date"]} for doc in editions(db, family)
            ],
        }
    finally:
        connection.close()


PAGE_ONLY = ("changes", "sections", "editions")  # what the compare page shows beyond its JSON
