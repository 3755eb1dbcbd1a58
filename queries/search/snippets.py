"""Snippets: the part of an entry's text where the query's words are, escaped, matches marked."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import escape

from rulebook.ingest.words import FOLDING, WORD_PATTERN, search_form, word_spans

from .words import finds_longer_words

SNIPPET_CHARACTERS = 240
SNIPPET_LEAD = 60  # characters shown before the first match


def snippet(body: str, terms: set[str]) -> str:
    """About SNIPPET_CHARACTERS of ``body`` where most matched words (stems) are, escaped, each
    match in <mark>; the start of the body when nothing matches.

    A match is exactly what the search matched: the index's own word splitting, folding and
    stemming decide. Every result needs a snippet, so only the words that begin like a
    searched stem are looked at word by word.
    """
    body = (body or "").replace("\x01", "").replace("\x02", "")
    matches = matched_spans(body, frozenset(terms))
    start = 0
    if matches:
        start = _word_start(body, max(0, _densest(matches) - SNIPPET_LEAD))
    end = min(len(body), start + SNIPPET_CHARACTERS)
    end = _word_end(body, end)
    # Matches are bracketed with two control characters no text holds, the passage escaped in
    # one call, and the brackets turned into <mark>: a snippet per result, 20 a page.
    pieces, position = [], start
    for match_start, match_end in matches:
        if start <= match_start and match_end <= end:
            pieces += [body[position:match_start], "\x01", body[match_start:match_end], "\x02"]
            position = match_end
    pieces.append(body[position:end])
    passage = str(escape("".join(pieces).strip())).replace("\x01", "<mark>").replace("\x02", "</mark>")
    return ("…" if start else "") + passage + ("…" if end < len(body) else "")


def matched_spans(body: str, terms: frozenset[str]) -> list[tuple[int, int]]:
    """(start, end) of every word of ``body`` whose indexed form is one of ``terms``: where the search
    matched it (a snippet marks them; concepts.only_listed asks whether they stand in a list)."""
    if not terms:
        return []
    folded = body.lower()
    if not folded.isascii():  # lower-case ASCII folds to itself
        folded = folded.translate(FOLDING)
    longer, beginnings = _beginnings(terms)
    if len(folded) != len(body):  # a ligature folded to two letters: positions differ, go word by word
        return [(start, end) for start, end, form in word_spans(body) if is_match(form, terms, longer)]
    starts = set()
    for beginning in beginnings:
        position = folded.find(beginning)
        while position != -1:
            if not position or not (folded[position - 1].isalnum() or folded[position - 1] in "._"):
                starts.add(position)
            position = folded.find(beginning, position + 1)
    matches = []
    for start in sorted(starts):
        word = WORD_PATTERN.match(body, start)
        if word and is_match(search_form(word.group()), terms, longer):
            matches.append((word.start(), word.end()))
    return matches


@lru_cache(maxsize=64)  # a search's snippets all look for its terms
def _beginnings(terms: frozenset[str]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The terms that find longer words, and the beginnings looked for in a body: a term of four
    letters or more less its last, which the word may spell otherwise ("happi" is happy's stem)."""
    longer = tuple(term for term in terms if finds_longer_words(term))
    return longer, frozenset(term[:-1] if len(term) > 3 else term for term in terms)


def is_match(form: str, terms: frozenset[str], longer: tuple[str, ...]) -> bool:
    """Whether an indexed word is what the search matched: one of the terms, or a longer word
    one of them begins ("teammat" for "team"), as queries/search/__init__.py _match finds them
    (``longer``: the terms that find longer words, picked out once a snippet)."""
    return form in terms or form.startswith(longer)


def _densest(matches: list[tuple[int, int]]) -> int:
    """Where the window of SNIPPET_CHARACTERS holding the most matches begins (the first such)."""
    best, best_count, last = matches[0][0], 0, 0
    for first, (start, _) in enumerate(matches):
        last = max(last, first)
        while last + 1 < len(matches) and matches[last + 1][0] < start + SNIPPET_CHARACTERS:
            last += 1
        if last - first + 1 > best_count:
            best, best_count = start, last - first + 1
    return best


def _word_start(text: str, position: int) -> int:
    """The start of the word ``position`` falls in, so a snippet never begins mid-word."""
    while 0 < position < len(text) and text[position - 1].isalnum():
        position -= 1
    return position


def _word_end(text: str, position: int) -> int:
    """The end of the word ``position`` falls in, so a snippet never ends mid-word."""
    while position < len(text) and text[position].isalnum():
        position += 1
    return position
