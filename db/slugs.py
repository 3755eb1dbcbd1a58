"""Stable document slugs that appear in URLs: treachery-6.0, treachery-1.1-forum-post,
comprehensive-rules-2021-06-18, comprehensive-rules-excerpt, duskmourn-release-notes."""

from __future__ import annotations

import re

from rulebook.ingest.formats import FORMATS
from rulebook.ingest.records import DocumentInfo

_KIND_WORDS = {"treachery", "rules", "magic", "comprehensive", "comp", "compre", "cr", "mtg", "the", "gathering"}


def _words(text: str) -> list[str]:
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return [word for word in re.split(r"[^A-Za-z0-9.]+", text.lower()) if word]


def slugify(text: str) -> str:
    return "-".join(word.strip(".") for word in _words(text) if word.strip("."))


def document_slug(info: DocumentInfo, file_stem: str) -> str:
    """Family + edition (version or effective date, as its format says) + whatever else the file
    name says (e.g. "forum-post"); a document that is a family of its own is named by its file."""
    declared = FORMATS[info.kind]
    if declared.family is None:
        return slugify(file_stem)
    base, version = declared.family, declared.edition_in_slug(info)
    extra = [
        word
        for word in _words(file_stem)
        if word not in _KIND_WORDS and word != version and not re.fullmatch(r"[\d.]+", word)
    ]
    return "-".join([base] + ([version] if version else []) + extra)
