"""A judge's path through the site in a real browser (Debian's chromium driven by Playwright),
against a real server started with `rulebook serve`.

Also takes the screenshots of a rule page and a search page that README shows: they are
saved to docs/screenshots/ when RULEBOOK_SCREENSHOTS=1 is set (to refresh README's pictures),
and to a temporary folder otherwise, so a test run leaves the work tree as it was.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.sample_documents import HOSTILE_SLUG
from tests.server import served

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(hostile_db_path):
    """`rulebook serve` on a free loopback port, over the bundled documents plus a hostile one."""
    with served(hostile_db_path) as base:
        yield base


@pytest.fixture
def dialogs() -> list[str]:
    """The messages of JavaScript dialogs (alerts) the page opened: none, on a safe page."""
    return []


@pytest.fixture
def page(browser, server, dialogs) -> Page:
    context = browser.new_context(base_url=server, viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    yield page
    context.close()


def test_search_box_finds_undercover_and_opens_the_rule(page, screenshots):
    page.goto("/")
    page.fill(".site-search input[name=q]", "undercover")
    page.press(".site-search input[name=q]", "Enter")
    page.wait_for_url("**/search?q=undercover")
    results = page.locator("ol.results > li")
    expect(results.first).to_be_visible()
    expect(page.locator("ol.results mark").first).to_have_text("Undercover", ignore_case=True)
    page.screenshot(path=str(screenshots / "search-page.png"), full_page=True)
    page.click("ol.results a[href='/rules/treachery-6.0/702.TR02a']")
    page.wait_for_url("**/rules/treachery-6.0/702.TR02a")
    expect(page.locator("h1 .number")).to_have_text("702.TR02a")


def test_rule_page_links_to_the_rules_it_cites(page, screenshots):
    page.goto("/rules/702.TR02a")
    expect(page.locator("h1 .number")).to_have_text("702.TR02a")
    expect(page.locator(".breadcrumb")).to_contain_text("702.TR02 Undercover")
    page.screenshot(path=str(screenshots / "rule-page.png"), full_page=True)
    page.click(".rule-text a.rule-link:text-is('702.TR01c')")
    page.wait_for_url("**/rules/treachery-6.0/702.TR01c")
    expect(page.locator("h1 .number")).to_have_text("702.TR01c")
    expect(page.locator(".rule-text").first).to_contain_text("Any time you have priority")


def test_card_named_in_a_ruling_opens_its_card_page(page):
    page.goto("/cards/Fear%20of%20Falling")
    page.click(".note-text a.card-link:text-is('Jump Scare')")
    page.wait_for_url("**/cards/Jump%20Scare")
    expect(page.locator("h1")).to_contain_text("Jump Scare")
    expect(page.locator(".mentioned-by")).to_contain_text("Fear of Falling")


def test_script_in_a_rule_is_shown_as_text_and_never_runs(page, dialogs):
    page.goto(f"/rules/{HOSTILE_SLUG}/907.1")
    expect(page.locator(".rule-text").first).to_contain_text(
        "<script>alert(1)</script> Identity cards are dealt face down"
    )
    page.goto(f"/rules/{HOSTILE_SLUG}/907")
    expect(page.locator("body")).to_contain_text("<img src=x onerror=alert(2)>")
    page.goto("/rulebook/rules?_search=alert")
    expect(page.locator("td.col-text").first).to_contain_text("<script>alert(1)</script>")
    page.wait_for_timeout(300)
    assert dialogs == []


def test_mana_symbols_are_drawn_and_copy_as_braces(page):
    page.goto("/cards/Bottomless%20Pool%20%2F%2F%20Locker%20Room")
    symbol = page.locator("h1 .mana-symbol").first
    expect(symbol).to_have_attribute("aria-label", "blue mana")
    assert page.evaluate("getComputedStyle(document.querySelector('h1 .ms')).fontFamily") == "Mana"
    assert page.evaluate("document.fonts.check('1em Mana')")
    # What a judge copies from the heading still reads as braces.
    page.evaluate(
        """() => {
            const range = document.createRange();
            range.selectNodeContents(document.querySelector('h1 .mana'));
            const selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
        }"""
    )
    assert page.evaluate("window.getSelection().toString().replace(/\\s+/g, '')") == "{U}//{4}{U}"
