"""Stable document slugs that appear in URLs: treachery-6.0, treachery-1.1-forum-post,
comprehensive-rules-2021-06-18, comprehensive-rules-excerpt, duskmourn-release-notes."""

from __future__ import annotations

import re

from rulebook.ingest.records import COMPREHENSIVE_RULES, TREACHERY_RULES, DocumentInfo

_KIND_WORDS = {"treachery", "rules", "magic", "comprehensive", "comp", "compre", "cr", "mtg", "the", "gathering"}


def _words(text: str) -> list[str]:
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return [word for word in re.split(r"[^A-Za-z0-9.]+", text.lower()) if word]


def slugify(text: str) -> str:
    return "-".join(word.strip(".") for word in _words(text) if word.strip("."))


def document_slug(info: DocumentInfo, file_stem: str) -> str:
    """Kind + version (or effective date) + whatever else the file name says (e.g. "forum-post")."""
    if info.kind == TREACHERY_RULES:
        base, version = "treachery", info.version
    elif info.kind == COMPREHENSIVE_RULES:
        base, version = "comprehensive-rules", info.effective_date
    else:
        return slugify(file_stem)
    extra = [
        word
        for word in _words(file_stem)
        if word not in _KIND_WORDS and word != version and not re.fullmatch(r"[\d.]+", word)
    ]
    return "-".join([base] + ([version] if version else []) + extra)
