"""The manual in docs/ stays true: the MkDocs site builds, its generated pages (the command
reference, the API reference) match the code, and every shell example runs with the output the
page shows.

A shell example is a ```console block: lines starting "$ " are commands, the lines after one are
its output. In the output, a line "..." stands for any number of lines, and "…" inside a line
for any text. A `curl` command asks the site (in-process, over the bundled documents) instead of
a server; a JSON answer shown may leave things out: a key "…" stands for the other keys, a last
list item "…" for more items, and a string with "…" for any text there.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from cogapp import Cog

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
SITE = "http://127.0.0.1:8001"


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    command: str
    output: list[str]

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def examples() -> list[Example]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            line = text.count("\n", 0, block.start()) + 2
            current = None
            for offset, row in enumerate(block.group(1).splitlines()):
                if row.startswith("$ "):
                    current = Example(page.name, line + offset, row[2:], [])
                    found.append(current)
                elif current is not None:
                    current.output.append(row)
    return found


def text_matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; "..." matches any lines, "…" in a line any text."""
    if not expected:
        return not actual
    first, rest = expected[0], expected[1:]
    if first == "...":
        return any(text_matches(rest, actual[index:]) for index in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(piece) for piece in first.rstrip().split("…"))
    return bool(re.fullmatch(pattern, actual[0].rstrip())) and text_matches(rest, actual[1:])


def json_matches(expected, actual) -> bool:
    if expected == "…":
        return True
    if isinstance(expected, str) and "…" in expected:
        return isinstance(actual, str) and text_matches([expected], [actual])
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        keys = set(expected) - {"…"}
        if "…" not in expected and keys != set(actual):
            return False
        return keys <= set(actual) and all(json_matches(expected[key], actual[key]) for key in keys)
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        if expected and expected[-1] == "…":
            expected = expected[:-1]
            if len(actual) < len(expected):
                return False
            actual = actual[: len(expected)]
        return len(expected) == len(actual) and all(map(json_matches, expected, actual))
    return expected == actual


async def ask_site(site, command: str) -> list[str]:
    """A curl command answered by the in-process site: -s, -i, -X, -H and -d are understood."""
    words = shlex.split(command)
    assert words[0] == "curl", command
    method, headers, body, show_status, url = "GET", {}, None, False, None
    items = iter(words[1:])
    for word in items:
        if word == "-i":
            show_status = True
        elif word == "-X":
            method = next(items)
        elif word == "-H":
            name, value = next(items).split(":", 1)
            headers[name.strip()] = value.strip()
        elif word == "-d":
            body, method = next(items), "POST" if method == "GET" else method
        elif word != "-s":
            url = word
    assert url and url.startswith(SITE), f"a curl example asks {SITE}: {command}"
    parts = urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    response = await site.client.request(method, path, headers=headers, content=body)
    lines = [f"HTTP/1.1 {response.status_code} {response.reason_phrase}", ""] if show_status else []
    return lines + response.text.splitlines()


def run_command(command: str, folder: Path) -> list[str]:
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "PYTHONUNBUFFERED": "1",  # what the command prints and its errors in the order a terminal shows them
    }
    environment.pop("RULEBOOK_DB", None)
    done = subprocess.run(
        command,
        shell=True,
        cwd=folder,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,
    )
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def folder(built_db_path, tmp_path_factory) -> Path:
    """A judge's folder after `rulebook build`: rulebook.db, a Treachery document and the official
    rules downloaded from the publisher."""
    place = tmp_path_factory.mktemp("docs")
    shutil.copyfile(built_db_path, place / "rulebook.db")
    sources = ROOT / "data" / "sources"
    shutil.copyfile(sources / "treachery-rules-6.0.txt", place / "treachery-rules-6.0.txt")
    # the official rules as the publisher names the download
    shutil.copyfile(sources / "magic-comprehensive-rules-2026-01-16.txt", place / "MagicCompRules 20260116.txt")
    return place


EXAMPLES = examples()


def test_the_docs_have_shell_examples_on_every_page_that_shows_commands():
    assert len(EXAMPLES) >= 20
    assert {example.page for example in EXAMPLES} >= {"building.md", "search.md", "checker.md", "api.md"}


@pytest.mark.slow  # runs every command of the manual in a process of its own
@pytest.mark.parametrize("example", EXAMPLES, ids=str)
async def test_each_shell_example_prints_what_the_docs_show(example, folder, site):
    if example.command.startswith("curl "):
        actual = await ask_site(site, example.command)
    else:
        actual = run_command(example.command, folder)
    expected = example.output
    shown = "\n".join(expected)
    if shown.lstrip().startswith(("{", "[")) and not any(line.startswith("HTTP/") for line in expected):
        assert json_matches(json.loads(shown), json.loads("\n".join(actual))), (
            f"{example}: `{example.command}` answered:\n" + "\n".join(actual)
        )
    else:
        assert text_matches(expected, actual), f"{example}: `{example.command}` printed:\n" + "\n".join(actual)


def test_the_generated_pages_match_the_code():
    """Parts of the manual are written by cog from the code (docs/cli.md from the click commands,
    docs/api.md from the OpenAPI document, the table list and the search answer's fields):
    `cog -I . -r docs/*.md` after changing them (-I . for the benchmarks the search page counts)."""
    generated = [str(page) for page in sorted(DOCS.glob("*.md")) if "[[[cog" in page.read_text()]
    assert len(generated) >= 4, generated
    assert Cog().main(["cog", "--check", *generated]) == 0


def test_the_docs_site_builds_without_warnings(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "checker" / "index.html").is_file()


def test_the_readme_is_a_pitch_with_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 60
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/rulebook serve" in readme
    assert ".venv/bin/python -m pytest --all-tiers" in readme
    for picture in re.findall(r"!\[[^]]*\]\(([^)]+)\)", readme):
        assert (ROOT / picture).is_file(), picture


# Python examples: a ```python block followed by a ```text block of what it prints, run against a
# real `rulebook serve` (the address in the example is replaced by the served one).

PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```\n\n```text\n(.*?)^```", re.MULTILINE | re.DOTALL)


def python_examples() -> list[Example]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in PYTHON_BLOCK.finditer(text):
            line = text.count("\n", 0, block.start()) + 2
            found.append(Example(page.name, line, block.group(1), block.group(2).splitlines()))
    return found


def test_the_api_reference_has_a_python_client_example():
    assert {example.page for example in python_examples()} >= {"api.md"}


@pytest.mark.server
@pytest.mark.parametrize("example", python_examples(), ids=str)
def test_each_python_example_prints_what_the_docs_show(example, built_db_path, tmp_path):
    from tests.server import served

    with served(built_db_path) as base:
        done = subprocess.run(
            [sys.executable, "-c", example.command.replace(SITE, base)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, f"{example}: {done.stderr}"
    actual = done.stdout.splitlines()
    assert text_matches(example.output, actual), f"{example} printed:\n" + "\n".join(actual)
