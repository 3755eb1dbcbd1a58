"""Datasette's table page as the site's own, through Datasette's template override
(templates/table.html extends "default:table.html", so an upgrade keeps its page):

- every filter and sort control named for a screen reader, and the page's headings in order
  (its h3s follow the h1 directly, so they become h2s);
- the column descriptions fold into one line until opened;
- on a phone, each row shows its link (the rest of the row, one tap away), the column that names
  it and its text, instead of every column of every row.

The page's HTML is Datasette's; ``accessible_table_page`` only adds attributes and wraps at
known places, so a change in Datasette's markup leaves its page as it was, never broken.
"""

from __future__ import annotations

import re

from markupsafe import Markup

from rulebook.db.tables import TABLES
from rulebook.kinds import KINDS_BY_NAME

CONTROL_LABELS = {
    r'<select name="_filter_column(_\d+)?"': "Column to filter by",
    r'<select name="_filter_op(_\d+)?"': "How to compare",
    r'<input type="text" name="_filter_value(_\d+)?"': "Value to compare with",
    r'<select name="_sort" id="sort_by"': "Sort by",
}
_DESCRIPTIONS = re.compile(r'(<dl class="column-descriptions">.*?</dl>)', re.S)
PHONE_COLUMNS_OTHERWISE = 3  # a table no kind names: its first few columns


def accessible_table_page(html: str) -> Markup:
    """Datasette's table page content with named controls, headings in order and folded descriptions."""
    html = str(html)
    for pattern, label in CONTROL_LABELS.items():
        html = re.sub(f"({pattern})", rf'\1 aria-label="{label}"', html)
    html = re.sub(r"<h3(\s|>)", r'<h2 class="h3"\1', html).replace("</h3>", "</h2>")
    html = _DESCRIPTIONS.sub(
        r'<details class="column-descriptions"><summary>What each column holds</summary>\1</details>', html
    )
    return Markup(html)


def phone_columns(table: str) -> list[str]:
    """The columns a row shows on a phone: the one naming its entry and its text (rulebook/kinds.py,
    db/tables.py), or a table's first few."""
    declared = TABLES.get(table)
    if declared is None:
        return []
    naming = [kind.title for kind in KINDS_BY_NAME.values() if kind.table == table and kind.owner is None]
    chosen = [*naming, *declared.text_columns[:2]]
    if not chosen:
        chosen = [name for name in declared.columns if name != "id"][:PHONE_COLUMNS_OTHERWISE]
    return list(dict.fromkeys(chosen))
