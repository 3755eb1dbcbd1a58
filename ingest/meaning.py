"""What a text means, as a vector: the small embedding model that lets search find "knocked out"
where the rules say "left the game". One module for both sides, as ingest/words.py is for words:
the build embeds every entry with it (db/search_vectors.py), search embeds the query with it
(queries/search/meaning.py), so both vectors come from the same model.

The model is WordLlama's l2_supercat, 256 dimensions (MIT-licensed, by Lee Miller; trained from
the token embeddings of LLaMA 2 70B and phi-3): a text's vector is the average of its tokens'
vectors, so a query embeds in well under a millisecond on a CPU. Its 16 MB of weights and its
tokenizer ship inside the ``wordllama`` wheel and are read from there, never downloaded: search
works offline. The average is computed here, as WordLlama computes it, over the weights mapped
from the file: each served process pages in only the rows of the tokens it meets, where
WordLlama itself would hold a 32 MB float32 copy in each (and configure the root logger).

Without the model (not installed, weights missing or unreadable) ``embedder()`` is None, the
log says so once, and search ranks by words alone; nothing fails.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import struct
from collections.abc import Callable
from functools import cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

MODEL = "wordllama l2_supercat 256"
DIMENSIONS = 256
WEIGHTS = "weights/l2_supercat_256.safetensors"
TOKENIZER = "tokenizers/l2_supercat_tokenizer_config.json"
_log = logging.getLogger("rulebook.meaning")

Embedder = Callable[[list[str]], np.ndarray]


@cache
def model_name() -> str | None:
    """The model and the version of its weights, as the build records it beside the vectors
    (a query must be embedded by the model that embedded the entries), or None without it."""
    if embedder() is None:
        return None
    return f"{MODEL} (wordllama {version('wordllama')})"


def _model_folder() -> Path:
    """The installed wordllama package's folder, found without importing it."""
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the wordllama package is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _token_vectors(path: Path) -> np.ndarray:
    """The token embedding matrix of a safetensors file, mapped read-only (float16 rows): the
    file is an 8-byte header length, a JSON header naming each tensor's type, shape and bytes,
    then the bytes."""
    with path.open("rb") as file:
        try:
            (length,) = struct.unpack("<Q", file.read(8))
            header = json.loads(file.read(min(length, 1 << 20)))
        except (struct.error, ValueError):
            raise ValueError(f"{path.name}: not a safetensors file") from None
    tensor = (header.get("embedding.weight") if isinstance(header, dict) else None) or {}
    rows, columns = tensor.get("shape") or (0, 0)
    if tensor.get("dtype") != "F16" or columns != DIMENSIONS or not rows:
        raise ValueError(f"{path.name}: not 256-dimension float16 token embeddings ({tensor})")
    begin, end = tensor["data_offsets"]
    if end - begin != rows * columns * 2 or path.stat().st_size < 8 + length + end:
        raise ValueError(f"{path.name}: the file is shorter than its header says")
    return np.memmap(path, dtype=np.float16, mode="r", offset=8 + length + begin, shape=(rows, columns))


@cache
def embedder() -> Embedder | None:
    """A function from texts to their unit vectors (rows of a float32 matrix), or None."""
    try:
        from tokenizers import Tokenizer

        folder = _model_folder()
        tokenizer = Tokenizer.from_file(str(folder / TOKENIZER))
        tokenizer.no_padding()
        tokenizer.no_truncation()
        vectors = _token_vectors(folder / WEIGHTS)
        if not np.isfinite(vectors[tokenizer.encode("unveil", add_special_tokens=False).ids]).all():
            raise ValueError(f"{WEIGHTS}: the weights are not numbers")
    except Exception as error:  # any failure of an optional model means words alone
        _log.warning("rulebook: the %s model could not be loaded (%s); search ranks by words alone.", MODEL, error)
        return None
    last = vectors.shape[0] - 1

    def mean_vector(ids: list[int]) -> np.ndarray:
        if not ids:
            return np.zeros(DIMENSIONS, dtype=np.float32)
        return vectors[np.clip(ids, 0, last)].mean(axis=0, dtype=np.float32)

    def embed(texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        encoded = tokenizer.encode_batch(texts, add_special_tokens=False)
        means = np.stack([mean_vector(encoding.ids) for encoding in encoded])
        lengths = np.linalg.norm(means, axis=1, keepdims=True)
        return means / np.where(lengths == 0, 1, lengths)

    return embed


def to_blob(vector: np.ndarray) -> bytes:
    """A unit vector as stored in the database: 256 half-precision floats (512 bytes)."""
    return vector.astype(np.float16).tobytes()


def from_blobs(blobs: list[bytes]) -> np.ndarray:
    """Stored vectors as the rows of one float32 matrix."""
    if not blobs:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype=np.float16).reshape(len(blobs), DIMENSIONS).astype(np.float32)
