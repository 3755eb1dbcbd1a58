"""The bundled source documents, shipped inside the package as ``rulebook.sources`` (package data)."""
