"""rulebook as a new user installs it: a wheel built from the checkout, in a fresh virtualenv,
run from another folder.

The fresh virtualenv gets rulebook's dependencies from this one's site-packages through a
``.pth`` line (so the test needs no network), but not this checkout's editable install: the
only rulebook it can import is the wheel's.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.package

CHECKOUT = Path(__file__).resolve().parent.parent


def run(command: list, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtualenv with only the wheel of this checkout installed; its bin folder."""
    folder = tmp_path_factory.mktemp("wheel")
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", folder, CHECKOUT], folder)
    assert built.returncode == 0, built.stderr
    [wheel] = folder.glob("rulebook-*.whl")
    environment = folder / "venv"
    venv.create(environment, with_pip=False)
    [site_packages] = environment.glob("lib/python*/site-packages")
    (site_packages / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    bin_folder = environment / "bin"
    # pip from this virtualenv installs into the fresh one (--python); --ignore-installed keeps it from
    # uninstalling the checkout's editable rulebook, which it sees through dependencies.pth
    installed = run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            bin_folder / "python",
            "install",
            "--no-deps",
            "--ignore-installed",
            wheel,
        ],
        folder,
    )
    assert installed.returncode == 0, installed.stderr
    return bin_folder


def test_the_wheel_installs_only_the_rulebook_import_name(installed):
    [site_packages] = installed.parent.glob("lib/python*/site-packages")
    top_level = sorted(path.name for path in site_packages.iterdir() if not path.name.endswith((".dist-info", ".pth")))
    assert top_level == ["rulebook"]


def test_the_installed_command_builds_and_looks_up_a_rule_from_another_folder(installed, tmp_path):
    built = run([installed / "rulebook", "build"], tmp_path)
    assert built.returncode == 0, built.stderr
    assert "Built rulebook.db from 7 documents" in built.stdout
    assert (tmp_path / "rulebook.db").exists() and not (tmp_path / "rulebook-search").exists()
    rule = run([installed / "rulebook", "rule", "907.8b"], tmp_path)
    assert rule.returncode == 0, rule.stderr
    assert rule.stdout.startswith("907.8b  (treachery-6.0, lines 205-205)\n")
    assert "The leader team loses the game if all players controlling a Leader identity have lost" in rule.stdout


SERVE_EVERY_PAGE = """
import asyncio, sys
from pathlib import Path
from rulebook.web.app import make_datasette

async def main():
    datasette = make_datasette(Path("rulebook.db"))
    await datasette.invoke_startup()
    for path in sys.argv[1:]:
        response = await datasette.client.get(path)
        print(response.status_code, path)
    test_tools = [name for name in ("pytest", "hypothesis", "playwright") if name in sys.modules]
    print("test tools imported:", test_tools)

asyncio.run(main())
"""


def test_the_installed_package_serves_every_kind_of_page_without_test_tools(installed, tmp_path):
    assert run([installed / "rulebook", "build"], tmp_path).returncode == 0
    pages = ["/", "/rules/907.8b", "/cards/The%20Bastard", "/search?q=assasin", "/check", "/rulebook/rules"]
    pages += ["/rulebook-static/rulebook.css", "/rulebook/unresolved_references"]
    served = run([installed / "python", "-c", SERVE_EVERY_PAGE, *pages], tmp_path)
    assert served.returncode == 0, served.stderr
    assert served.stdout.splitlines() == [f"200 {path}" for path in pages] + ["test tools imported: []"]


def test_a_missing_bundled_folder_is_an_error_that_names_it(installed, tmp_path):
    [site_packages] = installed.parent.glob("lib/python*/site-packages")
    shutil.rmtree(site_packages / "rulebook" / "sources")
    built = run([installed / "rulebook", "build"], tmp_path)
    assert built.returncode == 1
    assert "Traceback" not in built.stderr
    assert built.stderr.strip() == (
        "Error: rulebook is installed without its rulebook.sources folder; reinstall it (pip install rulebook)."
    )
