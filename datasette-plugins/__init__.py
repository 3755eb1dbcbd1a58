"""Datasette plugins (``--plugins-dir``): thin hooks over rulebook.web, and templates. The pages
are rulebook/web/views/, registered through the one route table (rulebook/routes.py, routes.py here).

Shipped inside the package as ``rulebook.plugins`` so an installed rulebook finds them. Datasette
loads every ``*.py`` here, this one included; it registers nothing."""
