"""A scenario in a link: ``/check?scenario=...`` and ``/check.json?scenario=...``.

The ``scenario`` parameter holds either the scenario's JSON itself (starting with ``{``, for
links typed by hand) or its compact form: the minified JSON, compressed with raw DEFLATE and
written in unpadded URL-safe base64. The compact form keeps a typical 5-8 player link
under 2,000 characters. Decoding never inflates more than ``MAX_SCENARIO_BYTES``.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from rulebook.queries.checker.scenario import MAX_SCENARIO_BYTES, ScenarioError

_RAW_DEFLATE = -15  # zlib window bits for raw DEFLATE (no zlib header)


def compact(scenario: dict) -> str:
    """The scenario as the compact ``scenario=`` value of a permalink."""
    text = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    compressor = zlib.compressobj(9, zlib.DEFLATED, _RAW_DEFLATE)
    packed = compressor.compress(text) + compressor.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def scenario_text(value: str) -> str:
    """The scenario JSON a ``scenario=`` value stands for, or ScenarioError(field "scenario")."""
    if not value.strip():
        raise ScenarioError("scenario", "is empty; give the scenario's JSON or the value of a checker link")
    if value.lstrip().startswith("{"):
        return value
    try:
        packed = base64.urlsafe_b64decode(value.strip() + "=" * (-len(value.strip()) % 4))
        inflater = zlib.decompressobj(_RAW_DEFLATE)
        text = inflater.decompress(packed, MAX_SCENARIO_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise ScenarioError(
            "scenario",
            "is neither a scenario in JSON nor a compact one (compressed, URL-safe base64) from a checker link",
        ) from None
    if len(text) > MAX_SCENARIO_BYTES or inflater.unconsumed_tail:
        raise ScenarioError("scenario", f"unpacks to more than {MAX_SCENARIO_BYTES:,} bytes (64 KB)")
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("scenario", "does not unpack to UTF-8 text") from None
