"""The whole current rulebook offline: a judge who opened the site once on good Wi-Fi opens, with the
network cut, any current rule, FAQ entry, glossary entry or card, by its address or by number, name
or words on /offline (Debian's chromium, Playwright, a real `rulebook serve`).

The download is the current rulebook in one JSON answer (queries/offline.py), gzipped; its size for
the bundled documents is checked here, so a change that swells it is seen."""

from __future__ import annotations

import gzip
import json

import pytest
import sqlite_utils
from playwright.sync_api import expect

from rulebook.queries.offline import offline_rulebook
from tests.server import served

KEPT_RULEBOOK_BYTES = 600_000  # gzipped: about 0.35 MB for the bundled documents, as a phone downloads it


def test_the_kept_rulebook_holds_every_current_entry_and_stays_small(built_db_path):
    db = sqlite_utils.Database(built_db_path)
    kept = offline_rulebook(db)
    paths = {entry["path"]: entry for entry in kept["entries"]}
    current_rules = db.execute(
        "select count(*) from rules r join documents d on d.id = r.document_id "
        "where d.is_current and d.id = d.primary_id and d.kind in ('treachery rules', 'comprehensive rules')"
    ).fetchone()[0]
    assert sum(entry["kind"] == "rule" for entry in kept["entries"]) == current_rules
    trample = paths["/rules/comprehensive-rules-2026-01-16/702.19b"]
    assert trample["text"].startswith("The controller of an attacking creature with trample")
    assert kept["entries"][kept["aliases"]["/rules/907.8c"]]["path"] == "/rules/treachery-6.0/907.8c"
    assert (
        paths["/faq/treachery-6.0/can-platinum-angel-protect-my-team"]["title"] == "Can Platinum Angel protect my team?"
    )
    assert "/glossary/comprehensive-rules-2026-01-16/trample" in paths
    assert paths["/cards/The Oracle"]["kind"] == "card"
    assert len(gzip.compress(json.dumps(kept).encode())) < KEPT_RULEBOOK_BYTES


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


@pytest.mark.browser
def test_with_the_network_cut_every_current_entry_opens_from_the_kept_rulebook(browser, server, screenshots):
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto("/")  # the first visit, on good Wi-Fi
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(
        "caches.keys().then(async names => { for (const name of names)"
        " if (await (await caches.open(name)).match('/offline/rulebook.json')) return true; return false; })",
        timeout=30_000,
    )
    context.set_offline(True)
    for path, title, text in [
        ("/rules/comprehensive-rules-2026-01-16/702.19b", "702.19b", "with trample"),
        ("/rules/907.2", "907.2", "four or more players"),
        ("/cards/The%20Oracle", "The Oracle", "Identity"),
        ("/faq/treachery-6.0/can-platinum-angel-protect-my-team", "Can Platinum Angel protect my team?", "Platinum"),
        ("/glossary/comprehensive-rules-2026-01-16/trample", "Trample", "keyword ability"),
    ]:
        page.goto(path)
        expect(page.locator("h1 .number" if path.startswith("/rules/") else "h1")).to_have_text(title)
        expect(page.locator(".rule-text, .note-text")).to_contain_text(text)
        expect(page.locator(".offline-copy")).to_contain_text("Offline: from the rulebook kept on this device")
    page.goto("/offline?q=the oracle")
    expect(page.locator("#offline-found a").first).to_have_text("The Oracle")
    page.fill("#offline-q", "702.19")
    expect(page.locator("#offline-found a").first).to_have_text("702.19")
    page.fill("#offline-q", "assassins team wins")
    expect(page.locator("#offline-found a[href='/rules/treachery-6.0/907.8c']")).to_be_visible()
    page.screenshot(path=str(screenshots / "offline-phone.png"))
    saved = page.locator("#saved-pages")
    expect(saved).to_contain_text("rulebook")
    assert "static" not in saved.inner_text() and ".css" not in saved.inner_text()
    context.set_offline(False)
    context.close()
