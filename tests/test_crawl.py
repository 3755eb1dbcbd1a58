"""No link is broken: crawl every page reachable from the home page of the bundled database.

Our own pages (rules, cards, FAQ, glossary, mechanics, search, checker) are followed link by
link; links into Datasette's pages (tables, rows, canned queries) and static files are opened
one step: a Datasette page's links back to our pages are followed, its links to other Datasette
pages are not. The URLs our JSON twins give ("url", "*_url") are followed like links. Every internal link must answer 200 (a redirect is followed),
and a link to an anchor on one of our pages must find that anchor there.
"""

from __future__ import annotations

import asyncio
import re
from html import unescape
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest

from tests.server import in_process

pytestmark = pytest.mark.slow

HREF = re.compile(r'(?:href|src)="([^"]*)"')
DATASETTE = ("/rulebook", "/-/", "/rulebook-static/")


def internal_links(page_url: str, html: str) -> list[str]:
    found = []
    for href in HREF.findall(html):
        url = urljoin(page_url, unescape(href))
        parts = urlsplit(url)
        if parts.scheme in ("http", "https") and parts.netloc != "localhost":
            continue  # another site: the documents' sources, the licence
        if parts.scheme not in ("", "http", "https"):
            continue  # mailto: and the like
        found.append(parts._replace(scheme="", netloc="").geturl())
    return found


def json_urls(data) -> list[str]:
    """The site paths a JSON twin gives under "url" and "*_url" keys."""
    if isinstance(data, dict):
        return [
            value
            for key, value in data.items()
            if (key == "url" or key.endswith("_url")) and isinstance(value, str) and value.startswith("/")
        ] + [url for value in data.values() for url in json_urls(value)]
    if isinstance(data, list):
        return [url for item in data for url in json_urls(item)]
    return []


def is_ours(path: str) -> bool:
    return not path.startswith(DATASETTE)


async def get_following_redirects(site, url: str):
    response = await site.client.get(url)
    for _ in range(5):
        if response.status_code not in (301, 302):
            break
        url = urljoin(url, response.headers["location"])
        response = await site.client.get(url)
    return url, response


async def crawl(site, start: str = "/") -> tuple[dict[str, str], list[str]]:
    """Every page reachable from ``start``: {url: html of our pages}, and the broken links found."""
    pages: dict[str, str] = {}
    opened: dict[str, int] = {}
    broken: list[str] = []
    anchors: list[tuple[str, str, str]] = []
    queue = [(start, "(start)")]
    while queue:
        link, source = queue.pop()
        url, fragment = urldefrag(link)
        url = url or source
        if fragment:
            anchors.append((source, url, fragment))
        if url in opened:
            continue
        final, response = await get_following_redirects(site, url)
        opened[url] = response.status_code
        if response.status_code != 200:
            broken.append(f"{url} ({response.status_code}), linked from {source}")
            continue
        content_type = response.headers.get("content-type", "")
        if "json" in content_type and is_ours(urlsplit(url).path):
            queue.extend((target, url) for target in json_urls(response.json()))
            continue
        if "html" not in content_type:
            continue
        targets = internal_links(final, response.text)
        if is_ours(urlsplit(url).path):
            pages[url] = response.text
        else:  # one step into Datasette: its links back to our pages count, its own pages are not followed
            targets = [target for target in targets if is_ours(urlsplit(target).path)]
        queue.extend((target, url) for target in targets)
    for source, url, fragment in anchors:
        if url in pages and f'id="{fragment}"' not in pages[url]:
            broken.append(f"{url}#{fragment} (no such anchor), linked from {source}")
    return pages, broken


async def crawl_site(db_path) -> tuple[dict[str, str], list[str]]:
    return await crawl(await in_process(db_path))


@pytest.fixture(scope="module")
def crawled(built_db_path):
    return asyncio.run(crawl_site(built_db_path))


def test_every_link_reachable_from_the_home_page_works(crawled):
    _, broken = crawled
    assert broken == [], f"{len(broken)} broken links:\n" + "\n".join(sorted(broken))


def test_the_crawl_reaches_every_kind_of_page(crawled, built_db):
    pages, _ = crawled
    paths = {urlsplit(url).path for url in pages}
    assert "/rules/treachery-6.0/907.8b" in paths
    assert "/cards/The%20Oracle" in {urlsplit(url).path for url in pages if "The%20Oracle" in url}
    assert "/faq/treachery-6.0/can-platinum-angel-protect-my-team" in paths
    assert "/glossary/treachery-6.0/reminder-104.3g" in paths
    assert "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread" in paths
    # Every rule of every document is reachable from the home page.
    rules = built_db.execute("select count(*) from rules").fetchone()[0]
    assert len([path for path in paths if path.startswith("/rules/") and path.count("/") == 3]) >= rules
