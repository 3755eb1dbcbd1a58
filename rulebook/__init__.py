"""rulebook: Magic: The Gathering rules lookup for judges, centred on the Treachery variant.

Everything installs under this one import name. The repository keeps the folders the design
names at its top, and this folder links to each (symbolic links, so a checkout, an editor and
pylint import ``rulebook.ingest`` exactly as an installed wheel does):

    rulebook/ingest   -> ingest/             source text -> plain records, one parser per format
    rulebook/db       -> db/                 schema, build, links, search tables: the built file
    rulebook/queries  -> queries/            questions asked of a built database
    rulebook/web/                            page data, rendering, URLs and errors for Datasette
    rulebook/plugins  -> datasette-plugins/  Datasette's --plugins-dir: hooks, routes, templates
    rulebook/sources  -> data/sources/       the bundled documents (package data)
"""
