"""`rulebook serve` tells the truth: whatever would stop it is reported before it prints an
address, with the exit status its help documents, and the address it prints is the one that
answers (it listens before it says so)."""

from __future__ import annotations

import shutil
import socket
import sqlite3
from contextlib import closing

from click.testing import CliRunner

from rulebook.cli import cli


def test_a_busy_port_is_reported_before_any_address_with_exit_status_4(built_db_path):
    with socket.socket() as other_server:
        other_server.bind(("127.0.0.1", 0))
        other_server.listen()
        port = other_server.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--db", str(built_db_path), "--port", str(port)])
    assert result.exit_code == 4
    assert "Serving" not in result.output and "http://" not in result.output
    assert result.output.strip().endswith(
        f"Can't listen on 127.0.0.1:{port}: another server is using it. Stop that server, or pick another port "
        "with --port."
    )


def test_an_address_not_of_this_machine_is_reported_with_exit_status_4(built_db_path):
    result = CliRunner().invoke(cli, ["serve", "--db", str(built_db_path), "--host", "192.0.2.1", "--port", "8125"])
    assert result.exit_code == 4
    assert "Can't listen on 192.0.2.1:8125: Cannot assign requested address." in result.output
    assert "Serving" not in result.output


def test_vectors_made_by_a_model_not_installed_here_are_reported_with_exit_status_3(built_db_path, tmp_path):
    db_path = tmp_path / "other-model.db"
    shutil.copyfile(built_db_path, db_path)
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("update search_vector_model set model = 'l2_supercat_256 (wordllama 0.0.1)'")
    result = CliRunner().invoke(cli, ["serve", "--db", str(db_path), "--port", "8126"])
    assert result.exit_code == 3
    assert "search vectors were made by l2_supercat_256 (wordllama 0.0.1), but this install has" in result.output
    assert "Run `rulebook build` again" in result.output and "Serving" not in result.output


def test_the_help_documents_every_exit_status():
    shown = " ".join(CliRunner().invoke(cli, ["serve", "--help"]).output.split())
    assert "Exit status: 1 the database can't be read; 3 its search vectors were made by a model" in shown
    assert "4 the address can't be listened on (the port is in use)." in shown
