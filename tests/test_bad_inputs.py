"""`rulebook build` refuses bad sources and unsafe targets, and keeps the previous database.

Every case runs the real command against a folder holding a good database and its search index,
and checks the exit code, the message, and that the database and index are byte-identical
afterwards, with nothing left behind.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.db.build import build_database, bundled_source

CORPUS = Path(__file__).parent / "bad_inputs"
PROJECT_README = Path(__file__).parent.parent / "README.md"
TREACHERY_6 = bundled_source("treachery-rules-6.0.txt")
UNKNOWN_KIND = (
    "cannot tell what kind of document this is: it is none of these: mtgtreachery's card data (JSON), a set's "
    'release notes, Treachery rules, the official comprehensive rules (numbered rules like "100.1.").'
)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (the database, the index, the marker) with its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def good_folder(tmp_path_factory) -> Path:
    """A folder with rulebook.db and its index built from a copy of the Treachery 6.0 rules."""
    folder = tmp_path_factory.mktemp("good")
    source = folder / "treachery-rules-6.0.txt"
    shutil.copyfile(TREACHERY_6, source)
    build_database(folder / "rulebook.db", [source])
    source.unlink()
    return folder


@pytest.fixture
def previous(good_folder, tmp_path) -> Path:
    """A fresh copy of the good folder for one test: returns the database path."""
    folder = tmp_path / "site"
    shutil.copytree(good_folder, folder)
    return folder / "rulebook.db"


def build(db: Path, *files: Path, extra: tuple[str, ...] = ()):
    return CliRunner().invoke(cli, ["build", "--db", str(db), "--only", *extra, *map(str, files)])


def cut_copy(folder: Path) -> Path:
    """The issue's case: `head -c 40002 treachery-rules-6.0.txt`."""
    path = folder / "cut.txt"
    path.write_bytes(TREACHERY_6.read_bytes()[:40002])
    return path


def without_its_last_cards(folder: Path) -> Path:
    """Treachery 6.0 stopped cleanly after line 510 (a complete sentence): 41 cards fewer."""
    path = folder / "treachery-rules-6.0.txt"
    path.write_text("\n".join(TREACHERY_6.read_text(encoding="utf-8").split("\n")[:510]), encoding="utf-8")
    return path


def readme_copy(folder: Path) -> Path:
    path = folder / "README.md"
    shutil.copyfile(PROJECT_README, path)
    return path


def corpus_file(name: str):
    return lambda folder: shutil.copyfile(CORPUS / name, folder / name) and folder / name


@pytest.mark.parametrize(
    "make_source, message",
    [
        (
            cut_copy,
            "Error: cut.txt, line 511: the document stops in the middle of a sentence "
            "('…r sacrifice effect redirected to you wil'): it looks cut off. Copy the complete file again.",
        ),
        (readme_copy, "Error: README.md: " + UNKNOWN_KIND),
        (corpus_file("three-line-release-notes.txt"), "Error: three-line-release-notes.txt: " + UNKNOWN_KIND),
        (
            corpus_file("utf-16-cut-mid-character.txt"),
            "Error: utf-16-cut-mid-character.txt: this UTF-16 text file is damaged (it ends or breaks mid-character).",
        ),
        (
            without_its_last_cards,
            "Error: {db}: the new build would lose records: treachery-6.0 would shrink from 475 to 233 records "
            "(-51%: headings 22 → 20, cards 62 → 21, card notes 289 → 90). The previous database was kept. "
            "If that is intended, build again with --allow-shrink.",
        ),
    ],
    ids=["cut-mid-sentence", "project-readme", "three-line-file", "utf-16-damaged", "shrinks-by-half"],
)
def test_a_bad_source_is_refused_and_the_previous_database_kept(previous, tmp_path, make_source, message):
    before = snapshot(previous.parent)
    result = build(previous, make_source(tmp_path))
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == message.format(db=previous)
    assert "Traceback" not in result.output
    assert snapshot(previous.parent) == before


def test_allow_shrink_replaces_the_database_with_the_smaller_document(previous, tmp_path):
    result = build(previous, without_its_last_cards(tmp_path), extra=("--allow-shrink",))
    assert result.exit_code == 0, result.output
    assert sqlite_utils.Database(previous)["cards"].count == 21


def test_a_utf16_file_is_read_like_its_utf8_original(tmp_path):
    utf16 = tmp_path / "treachery-rules-6.0.txt"
    utf16.write_bytes(TREACHERY_6.read_text(encoding="utf-8").encode("utf-16"))
    result = build(tmp_path / "rulebook.db", utf16)
    assert result.exit_code == 0, result.output
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    assert (db["cards"].count, db["card_notes"].count, db["rules"].count) == (62, 289, 68)


# -- --db never destroys what is not ours -------------------------------------------------------


def test_db_may_not_be_an_input_file(tmp_path):
    source = tmp_path / "s.txt"
    shutil.copyfile(TREACHERY_6, source)
    result = build(source, source)
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: {source}: this is the document s.txt that the build reads; it will not be overwritten. "
        "Give --db the name of the database to write, e.g. rulebook.db."
    )
    assert source.read_bytes() == TREACHERY_6.read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["s.txt"]


@pytest.mark.parametrize(
    "content",
    [b"my notes for Saturday's tournament\n", b"SQLite format 3\x00" + bytes(84)],
    ids=["a text file", "another SQLite database"],
)
def test_db_refuses_to_overwrite_a_file_that_is_not_a_rulebook_database(tmp_path, content):
    target = tmp_path / "notes.db"
    target.write_bytes(content)
    result = build(target, TREACHERY_6)
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: {target}: there is already a file here that is not a rulebook database; "
        "rulebook will not overwrite it. Move it away, or choose another --db."
    )
    assert target.read_bytes() == content
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.db"]


def test_db_in_a_missing_folder_gets_a_clear_error(tmp_path):
    target = tmp_path / "no-such-folder" / "rulebook.db"
    result = build(target, TREACHERY_6)
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: {target}: the folder {target.parent} does not exist. Create it first, or choose another --db."
    )
    assert list(tmp_path.iterdir()) == []


def test_a_search_folder_the_build_did_not_make_is_left_alone(tmp_path):
    """rulebook-search/ beside the database was where earlier versions kept the search index: a
    rebuild removes the one they made, never a folder of that name that is someone else's."""
    folder = tmp_path / "rulebook-search"
    folder.mkdir()
    (folder / "photos.txt").write_text("my own folder")
    result = build(tmp_path / "rulebook.db", TREACHERY_6)
    assert result.exit_code == 0, result.output
    assert snapshot(folder) == {"photos.txt": b"my own folder"}
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "rulebook-search", "rulebook.db"]
