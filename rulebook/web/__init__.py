"""Page data, rendering, URLs and errors: what Datasette needs to serve rulebook as a rules site."""
