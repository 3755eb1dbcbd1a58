"""The site's pages, one module a page: each view reads the request, asks queries/ (or the
checker, or search's workers) and answers with a template or the same data as JSON. The route
table that maps addresses to them is rulebook/routes.py; datasette-plugins/ holds only hooks."""
