"""Parse a Magic set's release notes (Markdown converted from a PDF) into plain records.

The PDF conversion makes the text messy, so reading it takes two steps, each in its own module:

1. :mod:`.pieces` turns the Markdown into *pieces* (a card line, a bullet, a heading), with the
   repairs that need no context (:mod:`.repairs`).
2. :mod:`.parser`, a state machine with typed states, walks the pieces into document info,
   chapters, mechanics, cards and their notes. It asks :mod:`.headers` where a card starts,
   :mod:`.cards` what a line of card grammar says, and :mod:`.rulings` whether an unmarked
   paragraph is a ruling; :mod:`.builders` hold the card and mechanic being read.

Every non-blank source line ends up in a record's ``lines`` or in ``parsed.skipped``. The
heuristics are general (the shapes of cards and rulings), never tuned to one document.
"""

from .parser import parse

__all__ = ["parse"]
