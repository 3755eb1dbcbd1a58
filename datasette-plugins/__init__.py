"""Datasette plugins (``--plugins-dir``): thin hooks and routes over rulebook.web, and templates.

Shipped inside the package as ``rulebook.plugins`` so an installed rulebook finds them. Datasette
loads every ``*.py`` here, this one included; it registers nothing."""
