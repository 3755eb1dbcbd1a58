"""Every kind of page fits a phone: at 390×844 nothing scrolls sideways.

Debian's chromium (conftest's `browser`) driven by Playwright against a real `rulebook serve`:
our pages, the rule checker, and Datasette's database, table, row and canned-query pages.
"""

from __future__ import annotations

import pytest

from tests.server import served

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = {
    "home": "/",
    "rule": "/rules/treachery-6.0/702.TR02",
    "section": "/rules/treachery-6.0/907",
    "identity card": "/cards/The%20Oracle",
    "release-notes card": "/cards/Bottomless%20Pool%20%2F%2F%20Locker%20Room",
    "FAQ entry": "/faq/treachery-6.0/can-platinum-angel-protect-my-team",
    "glossary entry": "/glossary/treachery-6.0/team",
    "mechanic": "/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread",
    "search": "/search?q=undercover",
    "not found": "/cards/The%20Gatherng",
    "rule checker": "/check",
    "database": "/rulebook",
    "rules table": "/rulebook/rules",
    "cards table": "/rulebook/cards",
    "source lines table": "/rulebook/source_lines",
    "rule row": "/rulebook/rules/1",
    "canned query": "/rulebook/identity_cards_of_role?role=Guardian",
    "canned query with long text": "/rulebook/rules_changed_between_versions?document=treachery-1.1&other=treachery-1.1-forum-post",
    "SQL": "/rulebook?sql=select+*+from+rules+limit+5",
}


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


@pytest.fixture(scope="module")
def phone(browser, server):
    context = browser.new_context(base_url=server, viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("kind, path", PAGES.items(), ids=list(PAGES))
def test_page_fits_a_phone_without_scrolling_sideways(phone, kind, path):
    phone.goto(path)
    width = phone.evaluate("document.documentElement.scrollWidth")
    wide = phone.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(element => element.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5).map(element => element.tagName + '.' + element.className)"""
    )
    assert width <= PHONE["width"], f"{kind} ({path}) is {width}px wide; too wide: {wide}"
