"""The site as a judge uses it at the table, on a phone (390 x 844) and a desktop (1280 x 900),
in Debian's chromium driven by Playwright against a real `rulebook serve`: Datasette's own forms,
the compare, home and checker pages, rule pages' editions and dates, tap targets, copying a
citation, the "/" key, the dark theme, and the site with no network.

The screenshots of the home, compare and checker pages that docs/ shows are taken here: saved to
docs/screenshots/ when RULEBOOK_SCREENSHOTS=1 is set, to a temporary folder otherwise.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from rulebook.db.tables import TABLES
from tests.server import served

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


@pytest.fixture(scope="module")
def editions_server(two_official_editions_db_path):
    """Two full official editions (2020-06-01 and 2021-06-18): a long comparison."""
    with served(two_official_editions_db_path) as base:
        yield base


def open_page(browser, base: str, screen: str, **options) -> Page:
    context = browser.new_context(
        base_url=base, viewport=SCREENS[screen], is_mobile=screen == "phone", has_touch=screen == "phone", **options
    )
    return context.new_page()


@pytest.fixture(params=list(SCREENS))
def page(request, browser, server) -> Page:
    page = open_page(browser, server, request.param)
    page.screen = request.param
    yield page
    page.context.close()


def scroll_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# 1. Datasette's own forms work on every table


@pytest.mark.parametrize("table", sorted(TABLES))
def test_datasettes_forms_work_on_every_table(browser, server, table):
    page = open_page(browser, server, "desktop")
    statuses: list[tuple[str, int]] = []
    page.on(
        "response",
        lambda response: (
            statuses.append((response.url, response.status)) if response.request.is_navigation_request() else None
        ),
    )
    page.goto(f"/rulebook/{table}")
    # the filter form: a column, "contains", a value of the first row, Apply
    column = page.locator("select[name=_filter_column] option").nth(1).inner_text()
    page.select_option("select[name=_filter_column]", column)
    page.select_option("select[name=_filter_op]", "contains")
    page.fill("input[name=_filter_value]", "1")
    with page.expect_navigation():
        page.click("form.filters input[type=submit][value=Apply]")
    assert f"{column}__contains=1" in page.url
    # the table's own search box, where the table has a full-text index
    if page.locator("input#_search").count():
        page.fill("input#_search", "player")
        with page.expect_navigation():
            page.press("input#_search", "Enter")
        assert "_search=player" in page.url
        # Apply again: the form sends the current sort (the primary key) back
        with page.expect_navigation():
            page.click("form.filters input[type=submit][value=Apply]")
    # every sort link of the column headers, then a facet
    page.goto(f"/rulebook/{table}")
    sorts = page.eval_on_selector_all("table.rows-and-columns th a", "links => links.map(link => link.href)")
    for href in sorts:
        page.goto(href)
    facet = page.locator(".facet-info li a").first
    if facet.count():
        with page.expect_navigation():
            facet.click()
    bad = [(url, status) for url, status in statuses if status not in (200, 302)]  # the filter form redirects
    assert bad == [] and len(statuses) >= 2 + len(sorts)
    page.context.close()


def test_bad_table_arguments_are_still_a_400_naming_the_parameter(browser, server):
    page = open_page(browser, server, "desktop")
    response = page.goto("/rulebook/rules?_where=colour%3D1")
    assert response.status == 400
    expect(page.locator("body")).to_contain_text("_where: 'colour=1' is not one SQL condition on rules")
    response = page.goto("/rulebook/rules?_sort=text")
    assert response.status == 400
    expect(page.locator("body")).to_contain_text("_sort: rules cannot be sorted by 'text'")
    page.context.close()


# 2. Compare that reads anywhere


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_long_comparison_fits_the_screen_grouped_by_section(browser, editions_server, screen, screenshots):
    page = open_page(browser, editions_server, screen)
    page.goto("/compare/comprehensive-rules-2020-06-01/comprehensive-rules-2021-06-18")
    assert scroll_width(page) <= SCREENS[screen]["width"]
    sections = page.locator("details.compare-section")
    assert sections.count() > 10
    assert page.locator("details.compare-section[open]").count() < sections.count()  # collapsed past a first screen
    expect(sections.nth(1).locator(".section-counts")).not_to_be_empty()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 40 * SCREENS[screen]["height"]
    page.screenshot(path=str(screenshots / f"compare-{screen}.png"))
    # a changed rule: old above new on a phone, side by side on a desktop
    change = page.locator("li.change-changed").first
    old, new = change.locator(".old").bounding_box(), change.locator(".new").bounding_box()
    if screen == "phone":
        assert old["y"] + old["height"] <= new["y"] + 1 and abs(old["x"] - new["x"]) < 2
    else:
        assert abs(old["y"] - new["y"]) < 2 and new["x"] > old["x"] + old["width"] - 1
    wrap = change.locator(".old").evaluate(
        "side => getComputedStyle(side).overflowWrap + ' ' + getComputedStyle(side).wordBreak"
    )
    assert wrap == "break-word normal"  # words never broken inside
    # a closed section loads its changes when opened; a renumbered rule whose text did not change is one line
    closed_id = page.locator("details.compare-section:not([open])", has_text="renumbered").first.get_attribute("id")
    closed = page.locator(f"#{closed_id}")
    closed.locator("summary").click()
    expect(closed.locator(".section-body li.change").first).to_be_visible()
    expect(page.locator("li.change-moved").first).to_contain_text("text unchanged")
    assert page.evaluate("document.documentElement.scrollHeight") > height  # it grew by what it loaded
    # the two pickers
    page.select_option("form.pickers select[name=old]", "comprehensive-rules-2021-06-18")
    page.select_option("form.pickers select[name=new]", "comprehensive-rules-2020-06-01")
    with page.expect_navigation():
        page.click("form.pickers button[type=submit]")
    assert page.url.endswith("/compare/comprehensive-rules-2021-06-18/comprehensive-rules-2020-06-01")
    expect(page.locator("h1")).to_have_text("Cannot show this")  # the newer first: a 400 that says why
    expect(page.locator("p.error")).to_contain_text("give the older edition first")
    page.context.close()


def test_compare_draws_rule_links_and_pickers_list_the_family(page):
    page.goto("/compare/treachery-1.1/treachery-6.0")
    assert scroll_width(page) <= page.viewport_size["width"]
    expect(page.locator("li#rule-109\\.4tr .new a.rule-link")).to_have_text("372.5")
    options = page.eval_on_selector_all("form.pickers select[name=old] option", "options => options.map(o => o.value)")
    assert options == ["treachery-1.1", "treachery-6.0"]
    same = page.goto("/compare/treachery-6.0/treachery-6.0")
    assert same.status == 400
    expect(page.locator("p.error")).to_contain_text("compared with itself shows no change")


# 3. A home page for people


def test_the_home_page_is_short_and_leads_to_each_document(page, screenshots):
    page.goto("/")
    assert scroll_width(page) <= page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollHeight") < 5 * PHONE["height"]
    documents = page.locator("ul.documents > li")
    assert documents.count() == 7
    for box in documents.evaluate_all("items => items.map(item => item.getBoundingClientRect().right)"):
        assert box <= page.viewport_size["width"]
    page.screenshot(path=str(screenshots / f"home-{page.screen}.png"))
    with page.expect_navigation():
        page.click("ul.documents a[href='/documents/treachery-6.0']")
    expect(page.locator("h1")).to_have_text("Treachery Comprehensive Rules 6.0")
    page.click("ul.sections summary a[href='/rules/treachery-6.0/907']")
    expect(page.locator("h1")).to_have_text("907. Treachery")
    with page.expect_navigation():
        page.click(".breadcrumb a:text-is('treachery-6.0')")
    assert page.url.endswith("/documents/treachery-6.0")


# 4. Date and edition one tap away


def test_a_rule_page_picks_its_edition_and_a_date(browser, editions_server):
    page = open_page(browser, editions_server, "phone")
    page.goto("/rules/comprehensive-rules-2021-06-18/702.19")
    expect(page.locator(".editions strong")).to_have_text("2021-06-18")
    with page.expect_navigation():
        page.click(".editions a:text-is('2020-06-01')")
    assert page.url.endswith("/rules/comprehensive-rules-2020-06-01/702.19")
    page.fill(".as-of-form input[name=as_of]", "2021-01-01")
    with page.expect_navigation():
        page.click(".as-of-form button")
    assert page.url.endswith("/rules/702.19?as_of=2021-01-01")
    expect(page.locator(".notice.as-of")).to_contain_text("As of 2021-01-01: comprehensive-rules-2020-06-01")
    # the search box carries the date along: a number typed there opens that rule as of that day
    page.fill(".site-search input[name=q]", "702.19b")
    with page.expect_navigation():
        page.press(".site-search input[name=q]", "Enter")
    assert page.url.endswith("/rules/702.19b?as_of=2021-01-01")
    # a rule whose subrules changed says so in its history
    page.goto("/rules/comprehensive-rules-2021-06-18/702.19")
    expect(page.locator("li.history-subrules-changed")).to_contain_text("702.19 unchanged, its subrules changed")
    page.context.close()


# 5. A checker form in a judge's words


def test_the_checker_form_speaks_a_judges_words(page, screenshots):
    page.goto("/check")
    assert scroll_width(page) <= page.viewport_size["width"]
    status = page.locator("select[name='players.0.status']")  # in Ana's folded line
    assert status.locator("option").all_text_contents() == [
        "still in the game",
        "has lost the game",
        "has left the game without losing",
    ]
    expect(page.locator("#status-help")).to_contain_text("Lost or left?")
    assert "loses the game" in page.locator("select[name='events.0.type'] option").all_inner_texts()
    assert "Who wins, who loses?" in page.locator("select[name='question.type'] option").all_inner_texts()
    # Check stays within reach while the form scrolls
    page.locator("fieldset.question").scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.querySelector('#players').offsetTop)")
    box = page.locator("#check").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    page.screenshot(path=str(screenshots / f"checker-{page.screen}.png"))
    # a blank scenario
    page.select_option("#example", "blank")
    with page.expect_navigation():
        page.click("form.examples input[type=submit]")
    assert page.locator("input[name='players.0.name']").input_value() == ""


def test_a_shared_link_says_what_it_holds_and_a_corrupt_one_offers_a_blank_form(page):
    page.goto("/check?example=01-leader-lost-assassin-never-unveiled")
    link = page.locator("#permalink").get_attribute("href")
    page.goto(link)
    summary = "5 players · Cleo (Assassin) loses · Ana (Leader) loses · who wins?"
    assert page.title() == f"{summary} · Rule checker"
    assert page.locator("meta[property='og:title']").get_attribute("content") == summary
    response = page.goto("/check?scenario=" + quote(link.split("scenario=")[1][:-10]))
    assert response.status == 400
    expect(page.locator(".error")).to_contain_text("This shared link can't be read")
    assert page.locator("input[name='players.0.name']").input_value() == ""


# 6. At the table


def test_tap_targets_are_at_least_24_pixels(page):
    for path in ("/", "/rules/treachery-6.0/907.8c", "/cards/The%20Oracle", "/check", "/rulebook/rules"):
        page.goto(path)
        small = page.evaluate(
            """() => [...document.querySelectorAll(
                  '.site-header a, .site-header button, .site-header input, button, select, input[type=submit],'
                  + ' .copy-citation, a.note-number, .breadcrumb a, .neighbours a, ul.documents a, .editions a')]
                .filter(element => element.offsetParent !== null)
                .map(element => [element.outerHTML.slice(0, 80), element.getBoundingClientRect()])
                .filter(([, box]) => box.width < 24 || box.height < 24)
                .map(([html]) => html)"""
        )
        assert small == [], path


def test_the_anchored_ruling_stands_out(page):
    page.goto("/mechanics/duskmourn-release-notes/new-keyword-action-manifest-dread#ruling-6")
    highlighted = page.locator("#ruling-6").evaluate("item => getComputedStyle(item).backgroundColor")
    plain = page.locator("#ruling-5").evaluate("item => getComputedStyle(item).backgroundColor")
    assert highlighted != plain


def test_copy_a_citation_and_its_permalink(browser, server):
    page = open_page(browser, server, "phone", permissions=["clipboard-read", "clipboard-write"])
    page.goto("/rules/treachery-6.0/907.8c")
    page.click(".citation-bar .copy-citation")
    expect(page.locator(".citation-bar .copy-citation")).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"Treachery CR 6.0, 907.8c — {server}/rules/treachery-6.0/907.8c"
    page.goto("/cards/The%20Oracle")
    page.click("#note-3 .copy-citation")
    assert page.evaluate("navigator.clipboard.readText()") == (
        f"Treachery CR 6.0, The Oracle, note 3 — {server}/cards/The%20Oracle?document=treachery-6.0#note-3"
    )
    page.context.close()


def test_slash_focuses_the_search_box(page):
    page.goto("/rules/treachery-6.0/907.8c")
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.name") == "q"
    page.keyboard.type("undercover")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=undercover")


@pytest.mark.parametrize("path", ["/", "/rules/treachery-6.0/907.8c", "/rulebook/rules", "/rulebook/rules/1"])
def test_dark_mode_is_honoured_on_our_pages_and_datasettes(browser, server, path):
    page = open_page(browser, server, "phone", color_scheme="dark")
    page.goto(path)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(value) for value in re.findall(r"\d+", background)[:3])
    assert red + green + blue < 150, background
    page.context.close()


def test_datasettes_pages_have_our_header_and_readable_columns(browser, server):
    page = open_page(browser, server, "phone")
    page.goto("/rulebook/rules")
    expect(page.locator(".site-header .site-search input[name=q]")).to_be_visible()
    expect(page.locator(".site-header .site-menu a:text-is('Rule checker')")).to_be_visible()
    width = page.locator("table.rows-and-columns td.col-text").first.evaluate(
        "cell => cell.getBoundingClientRect().width"
    )
    assert width >= 200
    page.context.close()


# 7. Offline


def test_the_pages_a_judge_opened_stay_readable_offline(browser, server):
    page = open_page(browser, server, "phone")
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # the worker now controls the page
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.goto("/rules/treachery-6.0/907.8c")
    expect(page.locator("h1 .number")).to_have_text("907.8c")
    page.context.set_offline(True)
    page.goto("/rules/treachery-6.0/907.8c")
    expect(page.locator("h1 .number")).to_have_text("907.8c")
    expect(page.locator(".rule-text").first).to_contain_text("The assassins team wins the game")
    for shell in ("/search", "/check"):
        page.goto(shell)
        expect(page.locator(".site-header")).to_be_visible()
    page.goto("/compare/treachery-1.1/treachery-6.0")  # never opened, and not in the kept rulebook
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator(".notice.offline")).to_contain_text("This page was not saved on this device")
    expect(page.locator("#saved-pages a[href='/rules/treachery-6.0/907.8c']")).to_be_visible()
    page.context.set_offline(False)
    page.context.close()


def test_the_site_installs_as_a_web_app(page):
    response = page.goto("/manifest.webmanifest")
    manifest = response.json()
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}
    worker = page.goto("/service-worker.js")
    assert worker.headers["content-type"].startswith("text/javascript")
