"""rulebook: Magic: The Gathering rules lookup for judges, centred on the Treachery variant.

Everything installs under this one import name. The repository keeps the folders the design
names, and pyproject.toml maps each into this namespace (setuptools' ``package-dir``):

    ingest/            -> rulebook.ingest    source text -> plain records, one parser per format
    db/                -> rulebook.db        schema, build, links, search index: every built file
    queries/           -> rulebook.queries   questions asked of a built database
    rulebook/web/      -> rulebook.web       page data, rendering, URLs and errors for Datasette
    datasette-plugins/ -> rulebook.plugins   Datasette's --plugins-dir: hooks, routes, templates
    data/sources/      -> rulebook.sources   the bundled documents (package data)
"""
