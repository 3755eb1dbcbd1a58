"""Where the package's own files are, installed or in a checkout.

The bundled documents, the Datasette plugins and templates, the canned SQL and the worked
examples ship inside the ``rulebook`` package (pyproject.toml maps the repository's folders
into it), so they are found the same way from a wheel in site-packages and from an editable
checkout. A file the package should have but doesn't is an error that names it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


class MissingPackageFile(FileNotFoundError):
    """A file or folder that ships with rulebook is not where the installed package keeps it."""


def package_folder(package: str) -> Path:
    """The folder of ``package`` (e.g. "rulebook.sources"), wherever it was installed."""
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations or not Path(locations[0]).is_dir():
        raise MissingPackageFile(
            f"rulebook is installed without its {package} folder; reinstall it (pip install rulebook)."
        )
    return Path(locations[0])


def package_file(package: str, *parts: str) -> Path:
    """A file that ships inside ``package``; a clear error naming it when it is missing."""
    path = package_folder(package).joinpath(*parts)
    if not path.exists():
        raise MissingPackageFile(f"rulebook is installed without {path}; reinstall it (pip install rulebook).")
    return path
