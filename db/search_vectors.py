"""The meaning of every searchable entry, as a vector in the table ``search_vectors`` of
rulebook.db, built with the other search tables in the build's transaction (ingest/meaning.py
says which model). Only the entries a plain search shows have one: the newest text of each
entry of each family. The table ``search_vector_model`` names the model and its version, so a
search embeds its query with the same one or not at all. A build without the model writes no
vectors, and search ranks by words.
"""

from __future__ import annotations

import sqlite3

from rulebook.ingest.meaning import embedder, model_name, to_blob

SCHEMA = """create table search_vectors (  -- what an entry means (ingest/meaning.py), for search
    entry_id integer primary key references search_entries(id),
    vector blob not null
)"""
MODEL_SCHEMA = """create table search_vector_model (  -- the model that made search_vectors
    model text not null  -- its name and version: a query is embedded by the same one, or not at all
)"""
BATCH = 512


def write_vectors(connection: sqlite3.Connection, texts: dict[int, str]) -> None:
    """Embed ``texts`` ({entry id: what it says}) into search_vectors (none without the model)."""
    connection.execute(SCHEMA)
    connection.execute(MODEL_SCHEMA)
    embed = embedder()
    if embed is None:
        return
    connection.execute("insert into search_vector_model values (?)", [model_name()])
    ids = list(texts)
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        vectors = embed([texts[entry_id] for entry_id in batch])
        connection.executemany(
            "insert into search_vectors values (?, ?)",
            [(entry_id, to_blob(vector)) for entry_id, vector in zip(batch, vectors)],
        )
