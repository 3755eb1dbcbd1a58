"""The site's paths as served: ``rulebook.urls`` makes them relative to the site's root, and
here they get Datasette's ``base_url`` (e.g. /prefix/) through ``datasette.urls``, so a site
served under a prefix links to itself."""

from __future__ import annotations

from typing import Any

from datasette.app import Datasette


def is_url_key(key: str) -> bool:
    return key == "url" or key.endswith("_url")


def at_root(datasette: Datasette) -> bool:
    """Served at the root: every site path is right as it is."""
    return datasette.setting("base_url") == "/"


def with_base_url(datasette: Datasette, data: Any) -> Any:
    """``data`` (page data or JSON) with every site path under a "url"/"*_url" key prefixed."""
    return data if at_root(datasette) else _prefixed(datasette, data)


def _prefixed(datasette: Datasette, data: Any) -> Any:
    if isinstance(data, dict):
        return {
            key: datasette.urls.path(value)
            if is_url_key(key) and isinstance(value, str) and value.startswith("/")
            else _prefixed(datasette, value)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [_prefixed(datasette, item) for item in data]
    return data


def single_prefix(base_url: str, path: str) -> str | None:
    """``path`` with a doubled ``base_url`` ("/prefix/prefix/x") once ("/prefix/x"); None when it
    is not doubled (or the site is served at the root)."""
    if base_url == "/" or not path.startswith(base_url + base_url.lstrip("/")):
        return None
    return path[len(base_url) - 1 :]
