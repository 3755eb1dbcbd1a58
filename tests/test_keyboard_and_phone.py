"""A judge at the table with a phone or a keyboard, in Debian's chromium against a real `rulebook serve`:
the first result in the first screen, three Tabs from the search box to it, a focus ring one can
see, and highlighted words readable in both themes."""

from __future__ import annotations

import pytest

from tests.server import served

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
QUESTION = "/search?q=what+happens+to+my+team+when+the+leader+leaves+the+game+while+undercover"


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


def contrast(foreground: list[float], background: list[float]) -> float:
    def luminance(rgb):
        channels = [value / 255 for value in rgb[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


COLOURS = """selector => { const style = getComputedStyle(document.querySelector(selector));
  const rgb = value => value.match(/[\\d.]+/g).map(Number); return [rgb(style.color), rgb(style.backgroundColor)]; }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_first_result_starts_in_the_first_screen_and_marks_read(browser, server, scheme, screenshots):
    context = browser.new_context(base_url=server, viewport=PHONE, is_mobile=True, color_scheme=scheme)
    page = context.new_page()
    for path in (QUESTION, "/search?q=hidden+teams"):
        page.goto(path)
        top = page.evaluate(
            "() => document.querySelector('section.answer, ol.results > li').getBoundingClientRect().top"
        )
        assert top <= 300, (path, top)
        assert page.evaluate("document.querySelector('h1').getBoundingClientRect().height") < 40
    page.screenshot(path=str(screenshots / f"search-phone-{scheme}.png"))
    page.goto("/rulebook/rules")
    page.screenshot(path=str(screenshots / f"rules-table-phone-{scheme}.png"))
    page.goto("/search?q=hidden+teams")
    foreground, background = page.evaluate(COLOURS, "mark")
    assert contrast(foreground, background) >= 4.5
    context.close()


def test_three_tabs_from_the_search_box_to_the_first_result_and_a_ring_that_shows(browser, server, screenshots):
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/search?q=hidden+teams")
    page.focus(".site-search input[name=q]")
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('section.answer, ol.results')"):
            break
    assert page.evaluate("!!document.activeElement.closest('section.answer, ol.results')")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineWidth")
    assert float(ring.removesuffix("px")) >= 2
    page.screenshot(path=str(screenshots / "search-desktop.png"))
    page.goto("/search?q=hidden+teams")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the results"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "results"
    context.close()
