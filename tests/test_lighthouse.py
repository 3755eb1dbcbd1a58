"""Every page a judge opens at the table passes a phone audit: Lighthouse (npm `lighthouse`, its
default mobile settings: a mid-range phone on a slow 4G link, simulated) on Debian's chromium,
against a real `rulebook serve`.

Accessibility and performance are audits of the page, not timings of this machine: performance is
simulated from the page's requests and its main-thread work, so the thresholds hold on any
machine that runs the tests. Each page also weighs at most 150 KB on its first load.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import CHROMIUM
from tests.server import served

pytestmark = pytest.mark.browser

LIGHTHOUSE = Path(__file__).resolve().parent.parent / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "home": "/",
    "a search for a question": "/search?q=what+happens+when+the+leader+leaves+the+game",
    "a Treachery rule": "/rules/treachery-6.0/907.8b",
    "an official subrule": "/rules/comprehensive-rules-2026-01-16/702.19b",
    "a card": "/cards/The%20Oracle",
    "the checker": "/check",
    "compare": "/compare/treachery-1.1/treachery-6.0",
    "Datasette's rules table": "/rulebook/rules",
}
ACCESSIBILITY, PERFORMANCE = 0.98, 0.95
FIRST_LOAD_BYTES = 150_000


@pytest.fixture(scope="module")
def server(built_db_path):
    with served(built_db_path) as base:
        yield base


def lighthouse(url: str, report: Path) -> dict:
    if not LIGHTHOUSE.exists():
        pytest.fail(f"Lighthouse is missing at {LIGHTHOUSE}: install the test tools with `npm ci` (package.json).")
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--only-categories=accessibility,performance",
            "--output=json",
            f"--output-path={report}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
        capture_output=True,
        timeout=180,
    )
    return json.loads(report.read_text(encoding="utf-8"))


def failing_audits(result: dict, category: str) -> list[str]:
    """What to fix, when a score is short: each audit of the category that did not pass."""
    return [
        f"{audit['id']}: {audit.get('displayValue') or audit['title']}"
        for reference in result["categories"][category]["auditRefs"]
        if reference["weight"] > 0
        for audit in [result["audits"][reference["id"]]]
        if audit["score"] is not None and audit["score"] < 0.9
    ]


@pytest.mark.parametrize("page", PAGES, ids=list(PAGES))
def test_every_page_passes_a_phone_audit(server, page, tmp_path):
    result = lighthouse(server + PAGES[page], tmp_path / "report.json")
    scores = {category: result["categories"][category]["score"] for category in ("accessibility", "performance")}
    assert scores["accessibility"] >= ACCESSIBILITY, failing_audits(result, "accessibility")
    assert scores["performance"] >= PERFORMANCE, failing_audits(result, "performance")
    assert result["audits"]["total-byte-weight"]["numericValue"] <= FIRST_LOAD_BYTES
