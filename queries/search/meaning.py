"""Entries that mean what a query means, whatever words they use: "my friend got knocked out"
finds the rules on leaving the game. The vectors were built with the database
(db/search_vectors.py); the query is embedded with the same model (ingest/meaning.py), and the
entries whose vectors are closest (cosine) are the candidates search fuses with its word ranking.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

import numpy as np

from rulebook.ingest.meaning import embedder, from_blobs, model_name

_log = logging.getLogger("rulebook.meaning")


@dataclass
class Meanings:
    """The vectors of one build, read once: entry ids, their kinds, whether a later edition removed
    or replaced each, and a unit vector each."""

    ids: np.ndarray
    kinds: np.ndarray
    superseded: np.ndarray
    vectors: np.ndarray

    @classmethod
    def read(cls, connection: sqlite3.Connection) -> Meanings | None:
        """The build's vectors, or None (no model here, a build made without one, or by another
        model: the log says so)."""
        if embedder() is None:
            return None
        try:
            built_by = connection.execute("select model from search_vector_model").fetchone()
            rows = connection.execute(
                "select v.entry_id, e.kind, e.superseded, v.vector from search_vectors v join search_entries e on e.id = v.entry_id "
                "order by v.entry_id"
            ).fetchall()
        except sqlite3.Error:  # a database built before vectors
            return None
        if not rows:
            return None
        if built_by is None or built_by[0] != model_name():
            _log.warning(
                "rulebook: the database's vectors were made by %s, not by %s here; search ranks by words "
                "alone until `rulebook build` makes them again.",
                built_by[0] if built_by else "an unknown model",
                model_name(),
            )
            return None
        return cls(
            np.array([row[0] for row in rows], dtype=np.int64),
            np.array([row[1] for row in rows]),
            np.array([bool(row[2]) for row in rows]),
            from_blobs([row[3] for row in rows]),
        )

    def nearest(
        self, text: str, count: int, kind: str | None, allowed: set[int] | None, skipped: set[int], current: bool
    ) -> list[tuple[int, float]]:
        """(id, cosine) of the ``count`` entries closest in meaning to ``text``, closest first: of
        ``kind``, among ``allowed`` (None: every entry with a vector), but those ``skipped``, and
        (if ``current``) but those a later edition removed or replaced, which would only take the
        place of a current entry among the closest."""
        embed = embedder()
        if embed is None or not text.strip():
            return []
        # Not ``vectors @ query``: that goes to OpenBLAS's threaded matrix-vector product, whose
        # threads spin while they wait and, with a search worker per core, halved the served
        # throughput (benchmarks/serve_load.py, 94 req/s against 164). vecdot takes one dot product
        # a row, on this thread: 0.10 ms for 4,877 vectors, where einsum's own loop took 0.19.
        similarity = np.vecdot(self.vectors, embed([text])[0])
        mask = np.ones(len(self.ids), dtype=bool)
        if kind:
            mask &= self.kinds == kind
        if current:
            mask &= ~self.superseded
        if allowed is not None:
            mask &= np.isin(self.ids, np.fromiter(allowed, dtype=np.int64, count=len(allowed)))
        if skipped:
            mask &= ~np.isin(self.ids, np.fromiter(skipped, dtype=np.int64, count=len(skipped)))
        similarity = np.where(mask, similarity, -np.inf)
        count = min(count, int(mask.sum()))
        if count <= 0:
            return []
        best = np.argpartition(-similarity, count - 1)[:count]
        best = best[np.argsort(-similarity[best], kind="stable")]
        return [(int(self.ids[index]), float(similarity[index])) for index in best]
