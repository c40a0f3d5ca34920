"""Release pieces: ``--version``, the icon and desktop entry, the release workflow."""

from __future__ import annotations

import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib
from pathlib import Path

from cardtable.__main__ import FALLBACK_VERSION, main, version

ROOT = Path(__file__).resolve().parents[1]


def _project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_version_prints_the_package_version_and_exits_0(capsys) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cardtable {_project_version()}\n"


def test_the_fallback_version_equals_pyproject() -> None:
    assert version() == FALLBACK_VERSION == _project_version()


def test_version_does_not_import_pygame() -> None:
    code = ("import sys; from cardtable.__main__ import main; rc = main(['--version']); "
            "assert 'pygame' not in sys.modules, 'pygame imported'; sys.exit(rc)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("cardtable ")
