"""Documents nobody here wrote (../shared/corpora): every official edition as published, other
sets' release notes in the web articles' Markdown, mtgtreachery's card data.

No count here is pinned to one file: each is what the file itself says, read another way (a
rule is a line that starts with its number; a card of an article is a picture and the block
after it up to the next divider; a ruling is a list item).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote_plus

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.db.build import build_database, bundled_source
from rulebook.ingest import read_document
from rulebook.ingest.card_data import parse as parse_card_data
from rulebook.ingest.cleaning import clean_inline
from rulebook.ingest.dates import find_date
from rulebook.ingest.numbers import RuleNumber
from rulebook.ingest.source import SourceError, decode
from tests.conftest import shared_corpus

pytestmark = pytest.mark.slow

OFFICIAL_EDITIONS = sorted(shared_corpus("comprehensive-rules").glob("*.txt"))
RELEASE_NOTES = sorted(shared_corpus("release-notes").glob("*.md"))
CARD_DATA = shared_corpus("treachery-cards.json")
_RULE_LINE = re.compile(r"^\s*(\d{3}\.\d+)([a-z]*)\.?\s+\S")
_AS_OF = re.compile(r"These rules are \w+ as of (\w+ ?\d{1,2}, \d{4})")


def printed_rules(path: Path) -> list[tuple[str, bool]]:
    """(number, is a subrule) of every line of the file that starts with a rule number."""
    lines = decode(path.read_bytes(), path.name).lines
    return [(match[1] + match[2], bool(match[2])) for line in lines if (match := _RULE_LINE.match(line))]


@pytest.fixture(scope="module", params=OFFICIAL_EDITIONS, ids=lambda path: path.name)
def edition(request):
    return request.param, read_document(request.param)


@pytest.mark.slow
def test_every_official_edition_builds_with_the_rules_it_prints(edition):
    path, document = edition
    printed = printed_rules(path)
    parsed = document.parsed
    assert [rule.number for rule in parsed.rules] == [number for number, _ in printed]
    subrules = [rule for rule in parsed.rules if RuleNumber.parse(rule.number).is_subrule]
    assert len(subrules) == sum(is_subrule for _, is_subrule in printed)
    assert len(parsed.rules) - len(subrules) == sum(not is_subrule for _, is_subrule in printed)
    assert parsed.info.title.endswith("Comprehensive Rules")
    as_of = next(match for line in document.source.lines if (match := _AS_OF.search(line)))
    assert parsed.info.effective_date == find_date(as_of[0])
    chapters = [heading.title for heading in parsed.headings if heading.level == "chapter"]
    assert chapters[:1] == ["Introduction"] and {"Glossary", "Credits"} <= set(chapters)
    assert parsed.glossary and parsed.glossary[-1].text.rstrip().endswith(".")


@pytest.mark.slow
def test_a_number_printed_twice_is_kept_twice_and_reported(edition):
    path, document = edition
    numbers = [number for number, _ in printed_rules(path)]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    warned = sorted(
        re.match(r"rule (\S+) is printed again", warning.message)[1] for warning in document.parsed.warnings
    )
    assert warned == repeated
    for number in repeated:
        assert [rule.occurrence for rule in document.parsed.rules if rule.number == number] == list(
            range(1, numbers.count(number) + 1)
        )


@pytest.mark.slow
def test_a_copy_that_stops_in_its_glossary_is_refused_and_the_previous_database_stays(tmp_path):
    newest = OFFICIAL_EDITIONS[-1]
    lines = decode(newest.read_bytes(), newest.name).lines
    glossary = max(number for number, line in enumerate(lines) if line.strip() == "Glossary")
    cut = tmp_path / "MagicCompRules-cut.txt"
    cut.write_text("\n".join(lines[: glossary + 400]) + "\n", encoding="utf-8")
    target = tmp_path / "rulebook.db"
    build_database(target, [bundled_source("treachery-rules-6.0.txt")])
    before = target.read_bytes()
    result = CliRunner().invoke(cli, ["build", "--db", str(target), "--only", str(cut)])
    assert result.exit_code == 1
    last = max(number for number, line in enumerate(lines[: glossary + 400], start=1) if line.strip())
    assert f"MagicCompRules-cut.txt, line {last}: the table of contents lists a Credits chapter, but the document " in (
        result.output
    )
    assert "stops before it (its last line is in the glossary): it looks cut off." in result.output
    assert target.read_bytes() == before


@pytest.mark.slow
def test_every_edition_in_one_database_compares_across_the_2009_renumbering(tmp_path):
    target = tmp_path / "rulebook.db"
    summary = build_database(target, [*OFFICIAL_EDITIONS, bundled_source("magic-comprehensive-rules-excerpt.txt")])
    db = sqlite_utils.Database(target)
    editions = [
        row["slug"]
        for row in db.query("select slug from documents where id = primary_id and edition > 0 order by edition")
    ]
    assert editions == sorted(editions) and len(editions) == len(OFFICIAL_EDITIONS)
    from rulebook.queries.compare import compare_editions

    oldest, newest = editions[0], editions[-1]
    found = compare_editions(db, oldest, newest)
    assert found["counts"]["renumbered"] > 100  # the rules renumbered in 2009 are followed, not re-added
    # the first rule of all has kept its number through every edition
    assert not any(entry["number"] == "100.1" for entry in found["added"] + found["removed"])
    # the excerpt holds the top-level rules of one of them word for word: it is filed with that one
    [excerpt] = [row for row in summary if row["slug"] == "comprehensive-rules-excerpt"]
    assert "filed as a partial copy of comprehensive-rules-" in excerpt["warnings"][0]
    assert not list(db.query("select 1 from lineage l join documents d on d.id = l.document_id where d.is_excerpt"))


# Release notes in the web articles' Markdown


@pytest.fixture(scope="module", params=RELEASE_NOTES, ids=lambda path: path.name)
def article(request):
    return read_document(request.param)


_PICTURE = re.compile(r"^\s*\[?!\[([^\]]*)\]\(([^)]*)\)")
_ITEM = re.compile(r"^\s*\*\s+\S")


def printed_name(block: list[str]) -> str | None:
    """The card a picture shows: its alt text, the name= of Gatherer's address, or the first line
    of text after it (without a note in parentheses: "Chandra, Pyrogenius *(Planeswalker Deck only)*")."""
    picture = next(m for raw in block if (m := _PICTURE.match(raw)))
    if picture[1].strip():
        return clean_inline(picture[1])[0]
    named = re.search(r"[?&]name=([^&)]+)", block[next(i for i, raw in enumerate(block) if _PICTURE.match(raw))])
    if named:
        return unquote_plus(named[1]).strip()
    after = [re.sub(r"^\s*>\s?", "", raw) for raw in block[block.index(picture.string) + 1 :]]
    after = [raw for raw in after if raw.strip()]
    if not after or not any(_ITEM.match(raw) for raw in after):
        return None  # no alt text and no list item: no card (the author's picture)
    text = re.sub(r"^\s*\*\s+", "", after[0])
    return re.sub(r"\s*\*?\([^()]*\)\*?\s*$", "", clean_inline(text)[0]) or None


def card_blocks(lines: list[str]) -> list[tuple[str, int]]:
    """(the name its picture shows, how many list items follow it) per divided block."""
    blocks, current = [], []
    for line in [*lines, "---"]:
        if line.strip() == "---":
            faces = [clean_inline(m[1])[0] for raw in current if (m := _PICTURE.match(raw))]
            parted = any(re.fullmatch(r"\s*\*?/{3,}\*?\s*", raw) for raw in current)
            if len(faces) == 2 and all(faces) and parted:  # a double-faced card: both faces' pictures
                blocks.append((" // ".join(faces), sum(1 for raw in current if _ITEM.match(raw))))
            elif len(faces) == 1 and (name := printed_name(current)):
                items = [raw for raw in current if _ITEM.match(raw)]
                naming = [raw for raw in items if clean_inline(re.sub(r"^\s*\*\s+", "", raw))[0] == name]
                blocks.append((name, len(items) - len(naming)))
            current = []
        else:
            current.append(line)
    return blocks


def test_every_card_is_named_as_printed_and_every_list_item_is_a_note_or_ruling(article):
    parsed = article.parsed
    names = {card.name for card in parsed.cards} | {
        example.name for mechanic in parsed.mechanics for example in mechanic.examples
    }
    blocks = card_blocks(article.source.lines)
    assert blocks and {name.casefold() for name, _ in blocks} <= {name.casefold() for name in names}
    assert not [name for name in names if name.startswith("(unnamed")] and parsed.warnings == []
    assert not [name for name in names if re.fullmatch(r"[\dWUBRGCX(){}/wubrgp]+", name)]  # no cost as a name
    cards = {card.name.casefold(): card for card in parsed.cards}
    # a card block of a CARD-SPECIFIC NOTES chapter: its list items are its notes, one each
    examples = {example.name.casefold() for mechanic in parsed.mechanics for example in mechanic.examples}
    for name, bullets in blocks:
        if name.casefold() in cards and name.casefold() not in examples:
            assert len(cards[name.casefold()].notes) == bullets, name
    uses = {use.line: use for use in article.line_uses}
    items = [number for number, line in enumerate(article.source.lines, start=1) if _ITEM.match(line)]
    names_as_items = {number for number in items if uses[number].table == "cards"}
    assert {uses[number].table for number in items if number not in names_as_items} <= {
        "card_notes",
        "mechanic_rulings",
    }
    for number in names_as_items:  # a card's name printed as a list item ("* K'rrik, Son of Yawgmoth")
        assert clean_inline(re.sub(r"^\s*\*\s+", "", article.source.lines[number - 1]))[0] == uses[number].key


def test_no_note_is_a_cost_a_type_line_or_a_bare_keyword(article):
    notes = [note.text for card in article.parsed.cards for note in card.notes]
    notes += [ruling.text for mechanic in article.parsed.mechanics for ruling in mechanic.rulings]
    short = [text for text in notes if len(text.split()) <= 2 and not text.endswith((".", ")", "?"))]
    assert short == []


def test_general_notes_are_mechanics_or_general_notes_in_the_order_printed(article):
    parsed = article.parsed
    assert parsed.mechanics and not [m.name for m in parsed.mechanics if "legality" in m.name.lower()]
    assert all(mechanic.examples or mechanic.rulings for mechanic in parsed.mechanics)
    sections = [(min(h.lines), h.title) for h in parsed.headings if h.level == "section"]
    sections += [(min(m.lines), m.name) for m in parsed.mechanics]
    titled = {heading for _, heading in sections}
    # every passage of general notes is under a section the document printed
    general = [p.heading for p in parsed.passages if p.heading not in ("Introduction", "Legal")]
    assert set(general) <= titled | {h.title for h in parsed.headings if h.level == "chapter"}
    assert [line for line, _ in sorted(sections)] == sorted(line for line, _ in sections)


def test_the_set_its_last_modified_date_and_its_release_date(article):
    info, lines = article.parsed.info, article.source.lines
    assert info.set_name and info.title == f"{info.set_name} Release Notes"
    modified = next(line for line in lines if re.search(r"last modified", line, re.IGNORECASE))
    assert info.effective_date == find_date(modified)
    said = next((line for line in lines if re.search(r"release date", line, re.IGNORECASE)), None)
    assert info.release_date == (find_date(re.split(r"release date", said, flags=re.IGNORECASE)[1]) if said else None)


# mtgtreachery's card data


def test_every_card_of_the_card_data_is_read_with_its_abilities_and_rulings():
    data = json.loads(CARD_DATA.read_text(encoding="utf-8"))
    document = read_document(CARD_DATA)
    cards = [card for role in data.values() for card in role]
    assert [text.name for text in document.parsed.card_texts] == [card["name"] for card in cards]
    for text, card in zip(document.parsed.card_texts, cards, strict=True):
        assert len(text.abilities) == len([part for part in card["text"].split("|") if part.strip()])
        said = [ruling for ruling in card["rulings"] if not re.match(r"^-{3,}|^No extra rules", ruling)]
        assert len(text.rulings) == len(said)
        assert text.role == card["types"]["subtype"]


def test_unveil_costs_as_the_cards_print_them():
    texts = {text.name: text for text in read_document(bundled_source("treachery-cards.json")).parsed.card_texts}
    assert texts["The Ætherist"].unveil_cost == "{3}"
    assert texts["The Mirror Maestra"].unveil_cost == "{X}{X}{2}"
    assert texts["The Cathar"].unveil_cost == "{5}, Pay 5 life"
    assert texts["The Metamorph"].unveil_cost == "Pay 8 life, Discard a card"
    assert texts["The Blood Empress"].unveil_cost is None  # a Leader starts face up
    oracle = texts["The Oracle"]
    assert oracle.rulings[0].group_heading == 'The following rulings focus on the "protection from" keyword'


@pytest.mark.parametrize(
    "text, message, line",
    [
        ('{"guardian": [{"name": "The Augur",}]}', "this is not valid JSON: Expecting property name", 1),
        ('[\n  {"name": "The Augur"}\n]', "the file: should be an object with a list of cards for each role", 1),
        ('{\n  "heroes": []\n}', "heroes: 'heroes' is not a role; expected one of leader, guardian", 2),
        ('{"guardian": [\n  {"type": "Identity — Guardian"}\n]}', "guardian[0]: name is missing", 2),
        ('{"guardian": [\n  {"name": 7}\n]}', "guardian[0].name: name should be text, not int", 2),
        ('{"leader": [\n  {"name": "X",\n   "rulings": "none"}\n]}', "leader[0].rulings: rulings should be a list", 3),
    ],
)
def test_json_that_is_not_the_card_data_is_refused_naming_the_field(text, message, line):
    with pytest.raises(SourceError) as raised:
        parse_card_data(decode(text.encode("utf-8"), "cards.json"))
    assert raised.value.line == line
    assert str(raised.value).startswith(f"cards.json, line {line}: {message}")


def test_a_card_in_one_source_only_is_reported_by_the_build(tmp_path):
    data = json.loads(CARD_DATA.read_text(encoding="utf-8"))
    data["guardian"].append({**data["guardian"][0], "name": "The Newcomer", "rulings": []})
    data["leader"] = [card for card in data["leader"] if card["name"] != "The Void Tyrant"]
    cards = tmp_path / "treachery-cards.json"
    cards.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    summary = build_database(tmp_path / "rulebook.db", [bundled_source("treachery-rules-6.0.txt"), cards])
    warnings = {row["slug"]: row["warnings"] for row in summary}
    assert warnings["treachery-cards"] == ["1 card with card text but no identity card in treachery-6.0: The Newcomer."]
    assert warnings["treachery-6.0"] == ["1 identity card without card text in the card data: The Void Tyrant."]


@pytest.mark.slow
def test_every_article_builds_together_with_the_bundled_documents(tmp_path):
    """All shared release notes in one database beside the bundled documents: each keeps exactly
    the cards and notes it has alone, none is warned about, and a reprinted name stays each set's."""
    from rulebook.db.build import bundled_sources

    summary = build_database(tmp_path / "rulebook.db", [*bundled_sources(), *RELEASE_NOTES])
    db = sqlite_utils.Database(tmp_path / "rulebook.db")
    rows = {row["slug"]: row for row in summary}
    for path in RELEASE_NOTES:
        parsed = read_document(path).parsed
        slug = path.stem
        assert rows[slug]["warnings"] == [], slug
        document = next(db.query("select * from documents where slug = ?", [slug]))
        assert (document["family"], document["set_name"]) == (slug, parsed.info.set_name)
        counted = next(
            db.query(
                "select (select count(*) from cards where document_id = :id) as cards, "
                "(select count(*) from card_notes where document_id = :id) as notes",
                {"id": document["id"]},
            )
        )
        assert (counted["cards"], counted["notes"]) == (
            len(parsed.cards),
            sum(len(card.notes) for card in parsed.cards),
        ), slug
