"""`python -m rulebook` runs the `rulebook` command."""

from rulebook.cli import cli

cli()
