"""The `rulebook` command: build the knowledge base, look things up, serve it.

This module only wires ingest/, db/, queries/ and the web layer together; nothing imports it.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path

import click
import sqlite_utils
from tabulate import tabulate

from rulebook.db.build import DEFAULT_DATABASE, SOURCE_SUFFIXES, build_database, bundled_sources
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
    ("card texts", "card_texts"),
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


def run_build(
    db_path: Path, files: tuple[Path, ...] = (), only: bool = False, allow_shrink: bool = False
) -> list[dict]:
    """Build the database (its search tables inside) and return the per-document summary."""

    given = [source for path in files for source in documents_in(path)]
    sources = given if only else bundled_sources() + given
    return build_database(db_path, sources, progress=_progress_bar, allow_shrink=allow_shrink)


def documents_in(path: Path) -> list[Path]:
    """A file as given; a folder as its .txt, .md and .json documents, in name order."""
    if not path.is_dir():
        return [path]
    found = sorted(child for child in path.iterdir() if child.is_file() and child.suffix in SOURCE_SUFFIXES)
    if not found:
        raise InputError(f"The folder {path} holds no .txt, .md or .json documents to build from.")
    return found


@cli.command(short_help="Build the database from the bundled documents and any FILES given.")
@DB_OPTION
@click.option("--only", is_flag=True, help="Build from the given files only, not the bundled documents.")
@click.option(
    "--allow-shrink",
    is_flag=True,
    help="Replace the database even if a document it holds would lose more than 5 % of its records.",
)
@click.argument("files", nargs=-1, type=click.Path(exists=True, path_type=Path))
def build(db_path, only, allow_shrink, files):
    """Build the database from the bundled rules documents plus any FILES given (a folder
    stands for every .txt, .md and .json document in it, e.g. a collection of official editions).

    The new database (its search tables inside) replaces the old one only once it is
    complete: if a document cannot be read, looks cut off, or would lose more than 5 % of its
    records, the previous database is left untouched. --db never overwrites a file that is not a
    rulebook database.
    """
    if only and not files:
        raise click.UsageError("--only needs at least one FILE to build from.")
    summary = run_build(db_path, files, only, allow_shrink)
    click.echo(f"\nBuilt {db_path} from {len(summary)} document{'' if len(summary) == 1 else 's'}:\n")
    _print_table(summary, SUMMARY_COLUMNS)
    warnings = [(row["slug"], warning) for row in summary for warning in row.get("warnings", [])]
    if warnings:
        click.echo("\nPlease check:")
        for slug, warning in warnings:
            click.secho(f"  {slug}: {warning}", fg="yellow")


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
    ("card texts", "card_texts"),
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


def _print_rule_page(data: dict) -> None:
    """A rule page (rulebook.queries.rules.rule_page_data) as text: what /rules/X shows, in the
    same order: the notices, the rule or section, its notes and subrules, where else it is."""
    if data.get("notice"):
        click.secho(data["notice"], fg="yellow")
    if data.get("upcoming"):
        click.secho(data["upcoming"]["message"], fg="yellow")
    successor = data.get("successor")
    if successor:
        when = f" ({successor['effective_date']})" if successor.get("effective_date") else ""
        where = (
            f"This rule was removed in {successor['document']}{when}."
            if successor["status"] == "removed"
            else f"Now {successor['number']} in {successor['document']}{when}."
        )
        click.secho(f"{where} This is {data['document']['slug']}, an older edition.", fg="yellow")
    as_of = data.get("as_of")
    if as_of:
        current = (
            "This is the current edition." if as_of["is_current"] else f"The current edition is {as_of['current']}."
        )
        click.secho(f"As of {as_of['date']}: {as_of['document']}. {current}", fg="yellow")
    if data.get("reminder"):
        reminder = data["reminder"]
        click.echo(f"{reminder['term']} ({reminder['document']}): {reminder['text']}")
    document = data["document"]["slug"]
    if data["kind"] == "section":
        section = data["section"]
        click.secho(f"{section['number']}. {section['title'] or ''}  ({document})".replace(". .", "."), bold=True)
        for listed in data["rules"]:
            click.echo(f"\n{listed['number']}  {listed['title'] or ''}{listed['text']}")
    else:
        rule = data["rule"]
        click.secho(f"{rule['number']}  ({document}, lines {rule['line_start']}-{rule['line_end']})", bold=True)
        if rule["title"]:
            click.secho(rule["title"], bold=True)
        if rule["text"]:
            click.echo(rule["text"])
        for paragraph in data["paragraphs"]:
            click.echo(f"\n{paragraph['text']}")
        for child in data["subrules"]:
            click.echo(f"\n  {child['number']}  {child['title'] or ''}{child['text']}")
    if data["candidates"]:
        click.echo(
            "\nAlso in: " + ", ".join(f"{found['document']} ({found['number']})" for found in data["candidates"])
        )


@cli.command(short_help="Print a rule and its subrules, or a whole section, as its page shows it.")
@DB_OPTION
@click.option("--document", "document", help="Document slug, e.g. treachery-6.0 (default: the newest Treachery rules).")
@click.option(
    "--as-of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The rule as it stood that day (YYYY-MM-DD): the edition in force then.",
)
@click.argument("number")
def rule(db_path, document, as_of, number):
    """Print a rule with its notes and subrules, or a whole section, e.g. `rulebook rule 907.8b`
    or `rulebook rule 907`: the same answer as the page /rules/NUMBER, notices included (a rule
    removed or renumbered since, a missing subrule shown by its parent)."""
    from rulebook.queries.rules import rule_page_data

    data = rule_page_data(_open_database(db_path), number, document, as_of.date().isoformat() if as_of else None)
    if data["kind"] == "missing":
        labels = [suggestion["label"] for suggestion in data["suggestions"]]
        raise click.ClickException(data["error"] + (" " + ", ".join(labels) + "." if labels else ""))
    _print_rule_page(data)


def _at_least_one(ctx, param, value: int) -> int:
    if value < 1:
        raise click.BadParameter(f"{value} is not a number of processes; give 1 or more.")
    return value


@cli.command()
@DB_OPTION
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every interface)."
)
@click.option("--port", default=8001, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=int,
    callback=_at_least_one,
    help="Server processes over the same files. Searches already run on every core (in search worker "
    "processes), so more servers only help many judges opening pages at once.",
)
def serve(db_path, host, port, workers):
    """Serve the knowledge base in a browser (rule and card pages, search, JSON), read-only.

    Builds the database from the bundled documents first if there is none yet. Everything that
    can stop the server is checked before it prints the address to open, which is the one that
    answers. Exit status: 1 the database can't be read; 3 its search vectors were made by a model
    this install lacks (build again); 4 the address can't be listened on (the port is in use).
    """
    import asyncio
    import os
    import sqlite3

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from rulebook.web.app import SERVED_DATABASE, make_datasette, prepare_to_serve
    from rulebook.web.search_pool import SEARCH_WORKERS, start_search_workers, stop_search_workers, usable_cores
    from rulebook.web.startup import (
        DATABASE_UNREADABLE,
        MAX_REQUEST_HEAD_BYTES,
        StartupError,
        check_search_model,
        listening_socket,
    )

    if not db_path.exists():
        click.echo(f"No database at {db_path} yet: building it from the bundled documents.", err=True)
        run_build(db_path)

    def could_not_start(error: Exception) -> click.ClickException:
        problem = click.ClickException(f"The server could not start on {db_path}: {error}")
        problem.exit_code = error.exit_code if isinstance(error, StartupError) else DATABASE_UNREADABLE
        return problem

    try:
        datasette = make_datasette(db_path)
        check_search_model(db_path)
        sock = listening_socket(host, port)  # bound now: the address printed is the one that answers
    except (sqlite3.DatabaseError, StartupError) as error:
        raise could_not_start(error) from None

    async def prepare():
        try:
            await prepare_to_serve(datasette)
        except Exception as error:  # a startup hook's message is the judge's only clue: show it, once
            raise could_not_start(error) from None

    def serving() -> None:
        click.echo(f"Serving {db_path}: open {address_to_open(host, port)} (Ctrl-C to stop)")

    with sock:
        if workers == 1:

            async def start_then_serve():
                await prepare()
                await start_search_workers(datasette)
                serving()
                config = uvicorn.Config(
                    datasette.app(),
                    host=host,
                    port=port,
                    log_level="warning",
                    h11_max_incomplete_event_size=MAX_REQUEST_HEAD_BYTES,
                )
                try:
                    await uvicorn.Server(config).serve(sockets=[sock])
                finally:
                    stop_search_workers()

            asyncio.run(start_then_serve())
            return
        # A database the site can't serve stops here, not in N workers.
        asyncio.run(prepare())
        os.environ[SERVED_DATABASE] = str(db_path.resolve())
        cores = usable_cores()
        os.environ[SEARCH_WORKERS] = str(max(1, cores // workers))  # the cores shared out among the servers' searches
        serving()
        click.echo(f"{workers} worker processes on {cores} CPU cores", err=True)
        if workers > cores:
            click.echo(f"More workers than cores: searches won't get faster than with {cores}.", err=True)
        config = uvicorn.Config(
            "rulebook.web.app:app_from_environment",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            log_level="warning",
            h11_max_incomplete_event_size=MAX_REQUEST_HEAD_BYTES,
        )
        Multiprocess(config, sockets=[sock]).run()


def address_to_open(host: str, port: int) -> str:
    """The address a browser on this machine opens: a server listening on every interface
    (0.0.0.0, ::) is reached at the loopback address; other machines use this one's name."""
    shown = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "[::1]"}.get(host, f"[{host}]" if ":" in host else host)
    return f"http://{shown}:{port}/"


@cli.command(context_settings={"ignore_unknown_options": True})
@DB_OPTION
@click.option("--name", required=True, help="The service (Cloud Run) or app (Fly) to deploy to, e.g. rulebook.")
@click.option("--dry-run", is_flag=True, help="Print the `datasette publish` command instead of running it.")
@click.argument("target", type=click.Choice(["cloudrun", "fly"]))
@click.argument("more", nargs=-1, type=click.UNPROCESSED, metavar="[DATASETTE PUBLISH OPTIONS]...")
def publish(db_path, name, dry_run, target, more):
    """Publish the built site to Google Cloud Run or Fly with `datasette publish`.

    Passes the database (its search tables inside), rulebook's plugins, templates, static files,
    metadata and settings, and the rulebook package itself. Other options go to `datasette publish`
    unchanged (e.g. --region for Fly, --memory for Cloud Run). Build the database first.
    """
    from rulebook import deploy

    staged = deploy.staged_paths(db_path)
    command = deploy.publish_command(target, name, staged, more)
    try:
        deploy.check_built(db_path)
        if dry_run:
            click.echo(f"# {db_path} would be staged in {staged.folder}, with the rulebook wheel")
            click.echo(deploy.shown(command))
            return
        if target == "fly" and not _installed("datasette_publish_fly"):
            raise click.ClickException(
                "Publishing to Fly needs the datasette-publish-fly plugin: pip install datasette-publish-fly"
            )
        deploy.stage(db_path, staged, progress=lambda line: click.echo(line, err=True))
    except deploy.NotBuilt as error:
        raise click.ClickException(str(error)) from None
    click.echo(deploy.shown(command), err=True)
    raise SystemExit(subprocess.run(command, check=False).returncode)


def _installed(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the format of POST /-/check).")
@click.option("--example", help="Run a bundled worked example instead of a FILE: its name, or its number (01).")
@click.argument("scenario_file", metavar="[FILE]", type=click.File("rb"), required=False)
def check(db_path, as_json, example, scenario_file):
    """Answer a Treachery scenario question from the rules, citing each rule used.

    FILE is a scenario in JSON, or a worked example's file (its "scenario" is checked), or - to
    read it from standard input. `--example 01` runs the first bundled worked example; `--example
    list` names them all. A scenario the checker can't read is reported with the field at fault
    and exit code 2.
    """
    from rulebook.queries.checker import (
        CheckerSetupError,
        ScenarioError,
        load_rulebook,
        parse_scenario,
        parse_scenario_text,
    )
    from rulebook.queries.checker import check as check_scenario
    from rulebook.queries.checker.examples import worked_example
    from rulebook.web.checker.text import answer_as_text

    if (example is None) == (scenario_file is None):
        raise click.UsageError("Give a scenario FILE or --example NAME (one of them).")
    chosen = None
    if example == "list":
        click.echo(_examples_listing(example))
        return
    if example is not None:
        chosen = worked_example(example)
        if chosen is None:
            raise click.ClickException(_examples_listing(example))
    try:
        rulebook = load_rulebook(_open_database(db_path))
    except CheckerSetupError as error:
        raise click.ClickException(str(error)) from None
    try:
        scenario = (
            parse_scenario(chosen["scenario"])
            if chosen
            else parse_scenario_text(scenario_file.read(), worked_example=True)
        )
    except ScenarioError as error:
        raise InputError(f"in the scenario: {error}") from None
    result = check_scenario(rulebook, scenario)
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    if chosen:
        click.secho(chosen["title"], bold=True)
        click.echo(chosen["description"] + "\n")
    click.echo(answer_as_text(result))


def _examples_listing(asked: str) -> str:
    from rulebook.queries.checker.examples import worked_examples

    names = "\n".join(f"  {example['slug']}: {example['title']}" for example in worked_examples())
    opening = "The worked examples are:" if asked == "list" else f"There is no worked example {asked!r}. They are:"
    return f"{opening}\n{names}"


def _marked_in_bold(snippet: str) -> str:
    """A search snippet (escaped HTML, matches in <mark>) as terminal text, matches in bold."""
    import html
    import re

    parts = re.split(r"<mark>(.*?)</mark>", snippet)
    return "".join(
        click.style(html.unescape(part), bold=True) if index % 2 else html.unescape(part)
        for index, part in enumerate(parts)
    ).replace("\n", " ")


@cli.command(short_help="Search rules, cards, card notes, FAQ, glossary and mechanics.")
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the format of /search.json).")
@click.option(
    "--kind", help="Only results of this kind: rule, card, card_note, faq, glossary, mechanic or mechanic_ruling."
)
@click.option("--document", help="Only results from this document (its slug, e.g. treachery-6.0).")
@click.option(
    "--as-of",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="Search the rules as they stood that day (YYYY-MM-DD): each document's edition in force then.",
)
@click.option("--limit", default=20, show_default=True, type=click.IntRange(0, 200), help="Results to show.")
@click.option("--offset", default=0, show_default=True, type=click.IntRange(0, 10_000), help="Results to skip.")
@click.option("--as-typed", is_flag=True, help="Search the words as typed, without correcting misspellings.")
@click.argument("query", nargs=-1, required=True)
def search(db_path, as_json, kind, document, as_of, limit, offset, as_typed, query):
    """Search rules, cards, card notes, FAQ, glossary and mechanics, e.g. `rulebook search assasin win`.

    A rule number or an exact card name is looked up directly; misspelled words are corrected.
    `--offset 20` shows the next page of results.
    """
    from rulebook.queries.search import SearchRequest
    from rulebook.queries.search import search as find

    day = as_of.date().isoformat() if as_of else None
    request = SearchRequest(" ".join(query), kind, document, limit, offset, day, as_typed)
    found = find(_open_database(db_path), request)
    if as_json:
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    if found["message"]:
        click.secho(found["message"], fg="yellow")
    if found["redirect"]:
        click.echo(f"Goes straight to {found['redirect']}")
    for edition in found["editions"]:
        click.echo(f"{edition['family']}: {edition['document']} (in force from {edition['effective_date']})")
    answer = found["answer"]
    if answer:
        click.secho(f"\nAnswer: {answer['title']} ({answer['document']}, {answer['url']})", bold=True)
        click.echo(answer["text"])
        for subrule in answer["subrules"]:
            click.echo(f"  {subrule['number']}  {subrule['text']}")
        click.echo()
    if found["results"]:
        click.echo(f"Results {offset + 1}–{offset + len(found['results'])} of {found['total']}")
    for number, result in enumerate(found["results"], start=offset + 1):
        not_in = click.style(f" · not in {result['not_in']}", fg="yellow") if result["not_in"] else ""
        click.echo(
            f"\n{number:2}. {result['kind']} · {result['document']} · "
            + click.style(result["title"], bold=True)
            + not_in
        )
        click.echo(f"    {_marked_in_bold(result['snippet'])}")


@cli.command(short_help="What changed between two editions of one family of rules.")
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the format of /compare/OLD/NEW.json).")
@click.option(
    "--word-diff",
    is_flag=True,
    help="Print each changed rule once, removed words as [-old-] and added words as {+new+}, as `git diff --word-diff` does.",
)
@click.argument("old")
@click.argument("new")
def diff(db_path, as_json, word_diff, old, new):
    """What changed between two editions of one document, e.g. `rulebook diff treachery-1.1 treachery-6.0`:
    every added, removed, changed and renumbered rule, in rule order, with the counts first and
    the texts in full."""
    from rulebook.queries.compare import CompareError, compare_editions, counts_sentence

    try:
        found = compare_editions(_open_database(db_path), old, new)
    except CompareError as error:
        raise click.ClickException(
            f"{error} The editions that can be compared are: {', '.join(error.valid)}."
        ) from None
    if as_json:
        click.echo(
            json.dumps({key: value for key, value in found.items() if key != "changes"}, indent=2, ensure_ascii=False)
        )
        return
    click.echo(f"{old} -> {new}: {counts_sentence(found['counts'])}")
    for change in found["changes"]:
        _print_change(change, word_diff)


def _print_change(change: dict, word_diff: bool) -> None:
    """One change with both texts whole: - the old, + the new (or, with --word-diff, one text
    with the removed and added words marked)."""
    from rulebook.queries.compare import word_diff as runs_of

    kind = change["kind"] + (", new wording" if change.get("change") == "wording" else "")
    number = f"{change['from']} -> {change['to']}" if change["kind"] == "renumbered" else change["number"]
    click.secho(f"\n{kind} {number}", bold=True)
    old_text, new_text = change["old_text"], change["new_text"]
    if word_diff and old_text and new_text:
        marks = {"equal": "{}", "removed": "[-{}-]", "added": "{{+{}+}}"}
        click.echo(" ".join(marks[run["op"]].format(run["text"]) for run in runs_of(old_text, new_text)))
        return
    if old_text:
        click.secho(f"- {old_text}", fg="red")
    if new_text and new_text != old_text:
        click.secho(f"+ {new_text}", fg="green")
