"""Mend what the PDF-to-Markdown conversion broke, looking at no more than two lines at a time.

Release notes reach us as Markdown converted from a PDF: tables come out as LaTeX, spacing and
braces around mana symbols get mangled, and sentences are cut where the PDF wrapped a line or
broke a page. This module owns those repairs and the tests for "is this one sentence cut in
two?". It describes the conversion's damage, not Magic, so it knows no card grammar and no
parser state.
"""

from __future__ import annotations

import re

from ..cleaning import continues_sentence, ends_sentence

_TABULAR = re.compile(r"\\begin\{tabular\}")


def unroll_latex_table(line: str) -> list[str]:
    r"""A PDF table turned into ``$\begin{tabular}{l} a \\ b \end{tabular}$``: one string per row."""
    if not _TABULAR.search(line):
        return [line]
    text = re.sub(r"\\label\{[^}]*\}", " ", line)
    text = re.sub(r"\\begin\{tabular\}\{[^}]*\}", " ", text)
    text = re.sub(r"\\end\{tabular\}", " ", text)
    rows = [re.sub(r"\s+", " ", row.replace("$", " ")).strip() for row in text.split("\\\\")]
    return [row for row in rows if row]


def tidy_rules_text(text: str) -> str:
    """Mend spacing and braces that PDF math conversion breaks around mana symbols.

    ``{T} : Add`` -> ``{T}: Add``; ``{1}{U} , {T}`` -> ``{1}{U}, {T}``;
    ``{4}{U}{Shuffle enchanted creature`` (the ``}:`` was lost) -> ``{4}{U}: Shuffle enchanted creature``.
    """
    text = re.sub(r"\}\s+([:,])", r"}\1", text)
    text = re.sub(r"(\{[^{}\s]{1,5}\})\{([A-Z][a-z]+\s)", r"\1: \2", text)
    return re.sub(r"\s+", " ", text).strip()


def join_lines(first: str, second: str) -> str:
    """Two halves of one sentence, joined by a single space."""
    return f"{first.rstrip()} {second.lstrip()}".strip()


def ends_line(text: str) -> bool:
    """Ends as a complete line of card text does (a cost ending in ':' is not complete)."""
    return ends_sentence(text) and not text.rstrip().endswith(":")


_KEYWORD_LIST = re.compile(r"[A-Z][\w'-]*(?: [\w'{}/-]+){0,2}(?:, [a-z][\w'{}/-]*(?: [\w'{}/-]+){0,2})*")


def wraps(previous: str, following: str) -> bool:
    """Two consecutive lines (no blank between) that are one sentence wrapped by the PDF."""
    if not previous or not following or ends_line(previous):
        return False
    head = following.lstrip()[:1]
    if head.islower() or head in ",;":
        return True
    if _KEYWORD_LIST.fullmatch(previous.strip()):
        return False  # "Trample, haste" or "Enchant creature", then the next ability
    return head in "{0123456789" or len(previous) >= 40 or previous.rstrip().endswith((",", ":"))


def continues_after_break(previous: str, following: str) -> bool:
    """A sentence cut by a page break (blank line between the halves)."""
    if continues_sentence(previous, following):
        return True
    return not ends_sentence(previous) and previous.rstrip().endswith(",") and following.lstrip()[:1].isalnum()
