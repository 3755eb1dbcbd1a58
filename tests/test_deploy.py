"""Deploying: `rulebook serve --workers N`, `rulebook publish cloudrun|fly` and the Dockerfile.

Neither Docker nor a cloud can be reached from here, so the deploys are run as far as this machine
allows: the dry-run command line; Fly's generated app (Datasette's publisher writes the same
Dockerfile it would deploy); and the steps of both Dockerfiles, RUN and CMD, executed in a fresh
virtualenv outside the checkout, which must then serve the site.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlite_utils
from click.testing import CliRunner

from rulebook.cli import cli
from rulebook.deploy import publish_command, stage, staged_paths
from rulebook.resources import package_folder
from tests.server import served

pytestmark = pytest.mark.deploy

REPO = Path(__file__).resolve().parent.parent


# rulebook serve --workers N


@pytest.mark.parametrize("value", ["0", "-3", "two", ""])
def test_workers_must_be_a_number_of_processes(value):
    result = CliRunner().invoke(cli, ["serve", "--workers", value])
    assert result.exit_code == 2
    assert "Invalid value for '--workers'" in result.output


def spawned_workers(port: int) -> list[int]:
    """The worker processes of the `rulebook serve` listening on ``port``."""
    processes = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
                parent = int(re.search(r"PPid:\s+(\d+)", (entry / "status").read_text())[1])
            except (OSError, TypeError):
                continue
            processes[int(entry.name)] = (command, parent)
    server = next(
        pid for pid, (command, _) in processes.items() if b"serve" in command and str(port).encode() in command
    )
    return [
        pid
        for pid, (command, parent) in processes.items()
        if parent == server and any(b"multiprocessing.spawn" in part for part in command)
    ]


def get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_serve_with_two_workers_answers_from_two_processes_with_one_etag(built_db_path):
    with served(built_db_path, options=("--workers", "2")) as base:
        assert len(spawned_workers(int(base.rsplit(":", 1)[1]))) == 2
        answers = [get(base + "/rules/treachery-6.0/907.8b.json") for _ in range(8)]  # a new connection each
        assert {status for status, _, _ in answers} == {200}
        assert len({headers["etag"] for _, headers, _ in answers}) == 1  # every worker hashes the same build
        assert "Platinum Angel" in json.loads(answers[0][2])["rule"]["text"]
        status, _, _ = get(base + "/rules/treachery-6.0/907.8b.json", {"If-None-Match": answers[0][1]["etag"]})
        assert status == 304


# rulebook publish


def test_publish_dry_run_prints_the_datasette_publish_command(built_db_path):
    result = CliRunner().invoke(
        cli, ["publish", "cloudrun", "--db", str(built_db_path), "--name", "judges", "--dry-run", "--memory", "1Gi"]
    )
    assert result.exit_code == 0, result.output
    comment, line = result.output.strip().splitlines()
    staging = built_db_path.parent / "rulebook-publish"
    assert comment == f"# {built_db_path} would be staged in {staging}, with the rulebook wheel"
    command = shlex.split(line)
    assert command[:6] == [sys.executable, "-m", "datasette", "publish", "cloudrun", f"{staging}/rulebook.db"]
    options = list(zip(command[6::2], command[7::2]))
    plugins = package_folder("rulebook.plugins")  # rulebook/plugins, the link to datasette-plugins/
    assert options == [
        ("--service", "judges"),
        ("--metadata", f"{staging}/metadata.json"),
        ("--plugins-dir", f"{staging}/plugins"),
        ("--template-dir", f"{plugins}/templates"),
        ("--static", f"rulebook-static:{plugins}/static"),
        ("--install", "plugins/rulebook-0.1.0-py3-none-any.whl"),
        (
            "--extra-options",
            "--setting sql_time_limit_ms 500 --setting max_returned_rows 2000 --setting default_page_size 50 "
            "--setting facet_time_limit_ms 200 --setting num_sql_threads 0",
        ),
        ("--memory", "1Gi"),
    ]
    assert not staging.exists()  # a dry run stages nothing


def test_the_cloudrun_command_is_one_datasette_accepts(built_db_path, tmp_path):
    db_path = tmp_path / "site.db"
    shutil.copy(built_db_path, db_path)
    staged = staged_paths(db_path)
    stage(db_path, staged, progress=lambda line: None)
    assert sorted(path.name for path in staged.folder.iterdir()) == [
        "metadata.json",
        "plugins",
        "rulebook.db",
    ]
    assert (staged.plugins / "rulebook-0.1.0-py3-none-any.whl").is_file()
    assert "routes.py" in {path.name for path in staged.plugins.iterdir()}  # the one route table
    from datasette.cli import cli as datasette_cli

    command = publish_command("cloudrun", "judges", staged)
    cloudrun = datasette_cli.commands["publish"].commands["cloudrun"]
    context = cloudrun.make_context("cloudrun", command[5:])  # parses and checks every option, deploys nothing
    assert context.params["service"] == "judges" and context.params["install"] == (f"plugins/{staged.wheel_name}",)


def test_publish_says_what_to_build_first(tmp_path, built_db_path):
    result = CliRunner().invoke(cli, ["publish", "fly", "--db", str(tmp_path / "none.db"), "--name", "x", "--dry-run"])
    assert result.exit_code == 1
    assert (
        f"There is no database at {tmp_path / 'none.db'}: run `rulebook build --db {tmp_path / 'none.db'}` first."
        in (result.output)
    )
    older = sqlite_utils.Database(tmp_path / "rulebook.db")  # as an older rulebook made it: no search tables
    older["documents"].insert({"id": 1, "slug": "treachery-6.0"})
    result = CliRunner().invoke(cli, ["publish", "fly", "--db", str(tmp_path / "rulebook.db"), "--name", "x"])
    assert result.exit_code == 1
    assert "has no search tables" in result.output and "run `rulebook build --db" in result.output
    shutil.copy(built_db_path, tmp_path / "rulebook.db")  # search tables of a rulebook before said_words
    sqlite_utils.Database(tmp_path / "rulebook.db").execute("alter table search_entries drop column said_words")
    result = CliRunner().invoke(cli, ["publish", "fly", "--db", str(tmp_path / "rulebook.db"), "--name", "x"])
    assert result.exit_code == 1 and "has no search tables, or older ones" in result.output
    result = CliRunner().invoke(cli, ["publish", "heroku", "--name", "x"])
    assert result.exit_code == 2 and "'heroku' is not one of 'cloudrun', 'fly'" in result.output


# Dockerfiles, run step by step in a fresh virtualenv


def dockerfile_steps(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) for each instruction, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", text)
    steps = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            instruction, _, arguments = line.partition(" ")
            steps.append((instruction.upper(), arguments.strip()))
    return steps


def environment_values(arguments: str) -> dict[str, str]:
    """ENV K=V K2=V2, or ENV K V (Datasette's publishers write ENV PORT 8080)."""
    words = shlex.split(arguments)
    if "=" in words[0]:
        return dict(word.split("=", 1) for word in words)
    return {words[0]: " ".join(words[1:])}


@contextmanager
def run_dockerfile(
    dockerfile: Path, context: Path, venv: Path, root: Path, ignored: tuple[str, ...] = ()
) -> Iterator[str]:
    """Run ``dockerfile``'s steps on this machine: container paths become folders under ``root``
    (COPY copies ``context`` there, less the ``ignored`` patterns), `pip` and the commands it installs are ``venv``'s, RUN steps
    run in order, and CMD runs on a free loopback port until the block ends. Yields its base URL."""
    folders: dict[str, Path] = {}

    def host(container_path: str) -> Path:
        top = "/" + container_path.strip("/").split("/")[0]
        folders.setdefault(top, root / top.strip("/"))
        return folders[top] / container_path.strip("/").partition("/")[2]

    def translated(command: str) -> str:
        return re.sub(r"(?<![\w.:/-])(/[a-z]+)(?=/|\s|$)", lambda match: str(host(match[1])), command)

    environment = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    environment.pop("PYTHONPATH", None)
    workdir, command = root, None
    for instruction, arguments in dockerfile_steps(dockerfile.read_text(encoding="utf-8")):
        if instruction == "COPY":
            source, target = arguments.split()
            assert source == ".", "the Dockerfile copies its whole context"
            shutil.copytree(context, host(target), dirs_exist_ok=True, ignore=shutil.ignore_patterns(*ignored))
        elif instruction == "WORKDIR":
            workdir = host(arguments)
            workdir.mkdir(parents=True, exist_ok=True)
        elif instruction == "ENV":
            environment.update(environment_values(arguments))
        elif instruction == "RUN":
            result = subprocess.run(
                ["bash", "-c", translated(arguments)], cwd=workdir, env=environment, capture_output=True, text=True
            )
            assert result.returncode == 0, f"RUN {arguments}:\n{result.stderr[-3000:]}"
        elif instruction == "CMD":
            command = translated(arguments)
    assert command, "the Dockerfile has a CMD"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        environment["PORT"] = str(sock.getsockname()[1])
    process = subprocess.Popen(
        ["sh", "-c", "exec " + command.replace("0.0.0.0", "127.0.0.1")],
        cwd=workdir,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{environment['PORT']}"
    try:
        deadline = time.monotonic() + 60
        while get_or_none(base + "/-/versions.json") is None:
            assert process.poll() is None, f"CMD {command} stopped:\n{process.stderr.read()[-3000:]}"
            assert time.monotonic() < deadline, f"CMD {command} did not answer within 60 seconds"
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def get_or_none(url: str):
    try:
        return get(url)
    except OSError:
        return None


# What .dockerignore keeps out of the repository's build context.
IGNORED = tuple(line for line in (REPO / ".dockerignore").read_text().split() if line)


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    """A new virtualenv outside the checkout, with nothing installed."""
    venv = tmp_path_factory.mktemp("container") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return venv


def assert_serves_the_site(base: str, venv: Path) -> None:
    status, _, body = get(base + "/")
    assert status == 200 and b"treachery-6.0" in body and b"/rulebook-static/rulebook.css" in body
    status, headers, body = get(base + "/rules/treachery-6.0/907.8b.json", {"Origin": "https://app.example"})
    assert status == 200 and "Platinum Angel" in json.loads(body)["rule"]["text"]
    assert headers["access-control-allow-origin"] == "*" and headers["etag"].startswith('"')
    status, _, body = get(base + "/search.json?q=assasin+win")  # the search index is beside the database
    found = json.loads(body)
    assert found["corrected_query"] == "assassin win"
    assert "907.8c" in [result["number"] for result in found["results"]]
    status, _, body = get(base + "/rulebook-static/rulebook.css")
    assert status == 200 and body
    status, _, body = get(base + "/-/openapi.json")
    assert status == 200 and json.loads(body)["openapi"] == "3.1.0"
    status, _, body = get(base + "/api")
    assert status == 200 and b"<code>POST /-/check</code>" in body
    status, _, body = get(base + "/check")
    assert status == 200 and b"Leader" in body
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import rulebook.web.app as app; print(app.__file__)"],
        capture_output=True,
        text=True,
        cwd=venv,
    )
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr  # installed, not the checkout


def test_the_dockerfile_installs_builds_and_serves_the_site(fresh_venv, tmp_path):
    with run_dockerfile(REPO / "Dockerfile", REPO, fresh_venv, tmp_path, IGNORED) as base:
        assert_serves_the_site(base, fresh_venv)
        status, headers, _ = get(base + "/rules/treachery-6.0/907.8b")
        assert status == 200 and headers["cache-control"] == "public, max-age=300"
    assert (tmp_path / "srv" / "rulebook.db").is_file() and not (tmp_path / "srv" / "rulebook-search").exists()


def test_the_published_fly_app_serves_the_site(fresh_venv, built_db_path, tmp_path):
    """`rulebook publish fly … --generate-dir` runs Datasette's Fly publisher up to the files it
    would deploy; its Dockerfile then runs here like the Fly machine would run it."""
    app = tmp_path / "app"
    result = CliRunner().invoke(
        cli, ["publish", "fly", "--db", str(built_db_path), "--name", "judges", "--generate-dir", str(app)]
    )
    assert result.exit_code == 0, result.output
    steps = dockerfile_steps((app / "Dockerfile").read_text())
    assert ("RUN", "pip install -U datasette plugins/rulebook-0.1.0-py3-none-any.whl") in steps
    command = dict(steps)["CMD"]
    assert "-i rulebook.db --cors" in command and "rulebook-search" not in command
    assert 'app = "judges"' in (app / "fly.toml").read_text()
    with run_dockerfile(app / "Dockerfile", app, fresh_venv, tmp_path / "container") as base:
        assert_serves_the_site(base, fresh_venv)
