"""The words that say which body of rules a question asks about, read at build time into the
table ``search_family_words`` of rulebook.db (queries/search/fusion.py ranks that family's
entries up):

- the word that names a family, the first word of its slug ("treachery"; "duskmourn" of
  duskmourn-release-notes): "who takes the first turn in Treachery";
- the words only one family uses: a question saying "leader", "traitor" or "unveil" asks about
  the Treachery rules though it never names them.

A stemmed word is a family's when at least FAMILY_SHARE of the entries using it are of that
family, and at least MIN_ENTRIES use it. The entries counted are the current texts (as a plain
search sees them) of the rules, glossaries, FAQs and mechanics: a card's words (its name, in each
of its notes) say which card, not which rules. The family with the most entries (the official
rules) has no words of its own here: nearly every word of the game is mostly theirs, so saying
it tells nothing about which rules a judge means.
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict

from rulebook.ingest.words import stem_word

SCHEMA = """create table search_family_words (  -- the words that say which family (db/search_family_words.py)
    word text primary key,  -- a stemmed word, as search_entries.words holds it
    family text not null,   -- the family it says
    names integer not null  -- 1: it is the family's name; 0: only the family's entries use it
) without rowid"""

# "unveil", "leader", "traitor" are only Treachery's; not "identity" (20 official rules use it), nor
# "official" (11 Treachery entries and 1 release note: the official rules never call themselves so)
FAMILY_SHARE = 0.95
MIN_ENTRIES = 5  # fewer say little
CARD_KINDS = ("card", "card_note")  # not counted: see the module docstring


def family_words(entries: list[tuple[str, str]]) -> dict[str, str]:
    """{word: family} of ``entries`` ((family, indexed words) of each entry), as the module says."""
    families: Counter[str] = Counter()
    uses: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for family, words in entries:
        families[family] += 1
        for word in set(words.split()):
            uses[word][family] += 1
    largest = families.most_common(1)[0][0] if families else None
    owned = {}
    for word, counts in uses.items():
        family, count = counts.most_common(1)[0]
        total = counts.total()
        if family != largest and total >= MIN_ENTRIES and count >= FAMILY_SHARE * total:
            owned[word] = family
    return owned


def family_names(families: list[str]) -> dict[str, str]:
    """{the stem of the word that names a family: the family}: the first word of its slug."""
    return {stem_word(family.split("-")[0]): family for family in families}


def write_family_words(connection: sqlite3.Connection) -> None:
    connection.execute(SCHEMA)
    entries = connection.execute(
        "select family, words from search_entries where latest and not superseded"
        f" and kind not in ({', '.join('?' * len(CARD_KINDS))})",
        CARD_KINDS,
    ).fetchall()
    families = [row[0] for row in connection.execute("select distinct family from search_entries")]
    rows = {word: (family, 0) for word, family in family_words(entries).items()}
    rows.update({word: (family, 1) for word, family in family_names(families).items()})  # a name says it most
    connection.executemany(
        "insert into search_family_words values (?, ?, ?)", [(word, *rows[word]) for word in sorted(rows)]
    )
