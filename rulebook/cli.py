"""The `rulebook` command: build the knowledge base, look things up, serve it.

This module only wires ingest/, db/, queries/ and the web layer together; nothing imports it.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path

import click
import sqlite_utils
from tabulate import tabulate

from rulebook.db.build import DEFAULT_DATABASE, build_database, bundled_sources
from rulebook.ingest import SourceError
from rulebook.resources import MissingPackageFile

DB_OPTION = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_DATABASE,
    show_default=True,
    help="The rulebook database file.",
)


class RulebookGroup(click.Group):
    """Turns the errors a judge can act on (a bad source file, a package file missing) into a
    one-line message and exit code 1, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (SourceError, MissingPackageFile) as error:
            raise click.ClickException(str(error)) from None


@click.group(cls=RulebookGroup)
@click.version_option(package_name="rulebook")
def cli():
    """Rules lookup for Magic: The Gathering judges, centred on the Treachery variant."""


@contextlib.contextmanager
def _progress_bar(label: str, length: int):
    with click.progressbar(length=length, label=f"{label:<42}", file=sys.stderr, show_eta=False) as bar:
        yield bar


SUMMARY_COLUMNS = [
    ("document", "slug"),
    ("version", "version"),
    ("effective", "effective_date"),
    ("rules", "rules"),
    ("subrules", "subrules"),
    ("notes", "rule_notes"),
    ("cards", "cards"),
    ("card notes", "card_notes"),
    ("FAQ", "faq"),
    ("glossary", "glossary"),
    ("skipped lines", "skipped_lines"),
]


def _print_table(rows: list[dict], columns: list[tuple[str, str]]) -> None:
    """Rows as a plain-text table, the way sqlite-utils prints them."""
    click.echo(
        tabulate(
            [[row[key] for _, key in columns] for row in rows],
            headers=[title for title, _ in columns],
            tablefmt="simple",
            missingval="",
            disable_numparse=True,
        )
    )


class InputError(click.ClickException):
    """A file or scenario the judge gave that rulebook can't use: exit code 2, like a usage error."""

    exit_code = 2


def run_build(db_path: Path, files: tuple[Path, ...] = (), only: bool = False) -> list[dict]:
    """Build the database (with its search index) and return the per-document summary."""

    sources = list(files) if only else bundled_sources() + list(files)
    return build_database(db_path, sources, progress=_progress_bar)


@cli.command()
@DB_OPTION
@click.option("--only", is_flag=True, help="Build from the given files only, not the bundled documents.")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def build(db_path, only, files):
    """Build the database from the bundled rules documents plus any FILES given.

    The new database replaces the old one only once it is complete: if a document cannot be
    read, the previous database is left untouched.
    """
    if only and not files:
        raise click.UsageError("--only needs at least one FILE to build from.")
    summary = run_build(db_path, files, only)
    click.echo(f"\nBuilt {db_path} from {len(summary)} documents:\n")
    _print_table(summary, SUMMARY_COLUMNS)


def _open_database(db_path: Path) -> sqlite_utils.Database:
    if not db_path.exists():
        raise click.ClickException(f"There is no database at {db_path}. Run `rulebook build` first.")
    return sqlite_utils.Database(db_path)


STATS_COLUMNS = [
    ("document", "slug"),
    ("kind", "kind"),
    ("version", "version"),
    ("effective", "effective_date"),
    ("parts", "parts"),
    ("sections", "sections"),
    ("rules", "rules"),
    ("subrules", "subrules"),
    ("examples", "examples"),
    ("rule notes", "rule_notes"),
    ("glossary", "glossary"),
    ("FAQ", "faq"),
    ("cards", "cards"),
    ("card notes", "card_notes"),
    ("mechanics", "mechanics"),
    ("refs resolved", "references_resolved"),
    ("refs unresolved", "references_unresolved"),
    ("skipped", "skipped_lines"),
]


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def stats(db_path, as_json):
    """Counts per document: rules, subrules, notes, cards, references, skipped lines."""
    from rulebook.db.stats import document_stats

    summary = document_stats(_open_database(db_path))
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        _print_table(summary, STATS_COLUMNS)


@cli.command()
@DB_OPTION
@click.option("--document", "document", help="Document slug, e.g. treachery-6.0 (default: the newest Treachery rules).")
@click.argument("number")
def rule(db_path, document, number):
    """Print a rule with its notes and subrules, e.g. `rulebook rule 907.8b`."""
    from rulebook.queries.rules import find_rule, rule_details

    db = _open_database(db_path)
    found = find_rule(db, number, document)
    if not found.rule:
        message = f"No rule {number} in {found.document_slug or 'any document'}."
        if found.suggestions:
            message += " Did you mean: " + ", ".join(found.suggestions) + "?"
        raise click.ClickException(message)
    details = rule_details(db, found.rule["id"])
    rule_row = details["rule"]
    click.secho(
        f"{rule_row['number']}  ({details['document']['slug']}, lines {rule_row['line_start']}-{rule_row['line_end']})",
        bold=True,
    )
    if rule_row["title"]:
        click.secho(rule_row["title"], bold=True)
    if rule_row["text"]:
        click.echo(rule_row["text"])
    for paragraph in details["paragraphs"]:
        click.echo(f"\n{paragraph['text']}")
    for child in details["subrules"]:
        click.echo(f"\n  {child['number']}  {child['title'] or ''}{child['text']}")


@cli.command()
@DB_OPTION
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every interface)."
)
@click.option("--port", default=8001, show_default=True, type=int, help="Port to listen on.")
def serve(db_path, host, port):
    """Serve the knowledge base in a browser (rule and card pages, search, JSON), read-only.

    Builds the database from the bundled documents first if there is none yet.
    """
    import uvicorn

    from rulebook.web.app import make_datasette

    if not db_path.exists():
        click.echo(f"No database at {db_path} yet: building it from the bundled documents.", err=True)
        run_build(db_path)
    datasette = make_datasette(db_path)
    click.echo(f"Serving {db_path}: open http://{host}:{port}/ (Ctrl-C to stop)")
    uvicorn.run(datasette.app(), host=host, port=port, log_level="warning")


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the format of POST /-/check).")
@click.argument("scenario_file", metavar="FILE", type=click.File("rb"))
def check(db_path, as_json, scenario_file):
    """Answer a Treachery scenario question from the rules, citing each rule used.

    FILE is a scenario in JSON (or - to read it from standard input); see queries/scenarios/
    for worked examples. A scenario the checker can't read is reported with the field at fault
    and exit code 2.
    """
    from rulebook.queries.checker import CheckerSetupError, ScenarioError, load_rulebook, parse_scenario_text
    from rulebook.queries.checker import check as check_scenario
    from rulebook.queries.checker.text import answer_as_text

    try:
        rulebook = load_rulebook(_open_database(db_path))
    except CheckerSetupError as error:
        raise click.ClickException(str(error)) from None
    try:
        scenario = parse_scenario_text(scenario_file.read())
    except ScenarioError as error:
        raise InputError(f"in the scenario: {error}") from None
    result = check_scenario(rulebook, scenario)
    click.echo(json.dumps(result, indent=2, ensure_ascii=False) if as_json else answer_as_text(result))


def _marked_in_bold(snippet: str) -> str:
    """A search snippet (escaped HTML, matches in <mark>) as terminal text, matches in bold."""
    import html
    import re

    parts = re.split(r"<mark>(.*?)</mark>", snippet)
    return "".join(
        click.style(html.unescape(part), bold=True) if index % 2 else html.unescape(part)
        for index, part in enumerate(parts)
    ).replace("\n", " ")


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the format of /search.json).")
@click.option(
    "--kind", help="Only results of this kind: rule, card, card_note, faq, glossary, mechanic or mechanic_ruling."
)
@click.option("--document", help="Only results from this document (its slug, e.g. treachery-6.0).")
@click.argument("query", nargs=-1, required=True)
def search(db_path, as_json, kind, document, query):
    """Search rules, cards, card notes, FAQ, glossary and mechanics, e.g. `rulebook search assasin win`.

    A rule number or an exact card name is looked up directly; misspelled words are corrected.
    """
    from rulebook.db.search_index import index_path_for
    from rulebook.queries.search import search as find

    found = find(_open_database(db_path), index_path_for(db_path), " ".join(query), kind, document)
    if as_json:
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    if found["message"]:
        click.secho(found["message"], fg="yellow")
    if found["redirect"]:
        click.echo(f"Goes straight to {found['redirect']}")
    for number, result in enumerate(found["results"], start=1):
        click.echo(
            f"\n{number:2}. {result['kind']} · {result['document']} · " + click.style(result["title"], bold=True)
        )
        click.echo(f"    {_marked_in_bold(result['snippet'])}")
