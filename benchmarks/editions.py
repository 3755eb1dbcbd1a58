"""Official comprehensive-rules editions for the benchmarks: as many as a judge may load.

../shared/corpora/comprehensive-rules/ holds eight real editions (2005 to 2026). A judge's
collection of 2017–2022 holds about 26, most differing from the one before in a few rules, so
this makes ``count`` editions: each real text is copied in turn, in date order, with its
"effective as of" line moved to a new date ten weeks after the previous edition. Consecutive
copies of one text are unchanged editions; where the text switches, the rules really changed.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from rulebook.ingest.source import decode

# ../shared beside the clone (CI), or further up for a git worktree (/work/wt/NAME beside /work/shared).
CORPORA = next(
    (
        folder / "shared" / "corpora" / "comprehensive-rules"
        for folder in Path(__file__).resolve().parents[1:]
        if (folder / "shared" / "corpora" / "comprehensive-rules").is_dir()
    ),
    Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "comprehensive-rules",
)
FIRST_DATE = datetime.date(2017, 8, 25)
EFFECTIVE = re.compile(r"(These rules are (?:effective|current) as of )[A-Z][a-z]+ ?\d{1,2}, \d{4}\.")


def real_editions() -> list[Path]:
    """The real full texts, oldest first; an error naming the folder when it is missing."""
    texts = sorted(CORPORA.glob("MagicCompRules-*.txt"))
    if not texts:
        raise SystemExit(
            f"No comprehensive rules texts in {CORPORA}: the benchmarks need ../shared beside the repository."
        )
    return texts


def make_official_editions(folder: Path, count: int = 26) -> list[Path]:
    """Write ``count`` dated editions into ``folder``; return their paths, oldest first."""
    texts = real_editions()
    paths = []
    for number in range(count):
        source = texts[number * len(texts) // count]
        date = FIRST_DATE + datetime.timedelta(days=70 * number)
        text = "\n".join(decode(source.read_bytes(), source.name).lines)  # cp1252, CR-only line ends...
        dated, replaced = EFFECTIVE.subn(rf"\g<1>{date:%B} {date.day}, {date.year}.", text, count=1)
        if not replaced:
            raise SystemExit(f"{source.name} has no 'These rules are effective as of ...' line to re-date.")
        path = Path(folder) / f"MagicCompRules-{date:%Y%m%d}.txt"
        path.write_text(dated, encoding="utf-8")
        paths.append(path)
    return paths
