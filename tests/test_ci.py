"""CI runs the README's test command as written there: ``.ci/run`` (with the oldest and the newest
Python pyenv offers) and ``.github/workflows/ci.yml`` (Linux, macOS and Windows; 3.10 and the
newest), installing nothing for the fast suite that the command does not install itself."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"


def readme_test_command() -> str:
    """The first line of the ``sh`` block under "## Test"."""
    section = README.read_text(encoding="utf-8").split("\n## Test\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```sh\n", 1)[1].split("\n", 1)[0]


def lowest_python() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^requires-python = ">=([0-9.]+)"$', text, re.MULTILINE).group(1)


def test_the_readme_test_command_installs_the_example_plugin_the_tests_play() -> None:
    command = readme_test_command()
    assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && ")
    assert 'pip install -e ".[test]" -e examples/cardtable-ohhell' in command
    assert command.endswith(" && python -m pytest -q")


@pytest.mark.skipif(os.name == "nt" or shutil.which("bash") is None, reason="the CI scripts run on bash")
def test_ci_reads_the_same_command_from_the_readme() -> None:
    out = subprocess.run(
        ["bash", str(ROOT / ".ci" / "readme-test-command")], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == readme_test_command() + "\n"


def test_ci_run_installs_nothing_for_the_fast_suites_the_readme_command_lacks() -> None:
    text = CI_RUN.read_text(encoding="utf-8")
    assert "set -euo pipefail" in text
    fast, slow = text.split('echo "== slow tests', 1)
    assert "pip install" not in fast and "pip install" in slow  # PyInstaller, for the frozen build only
    assert "readme_test=$(.ci/readme-test-command)" in fast and 'bash -c "$readme_test"' in fast
    # then the same command under the oldest and the newest pyenv Python from requires-python's bound
    assert "pyenv root" in fast and 'requires-python = ">=' in fast and 'bash -c "$command"' in fast
    assert "ruff check ." in fast and "ruff format --check ." in fast


def test_the_workflow_runs_the_readme_command_on_three_systems_with_the_oldest_and_newest_python() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    versions = re.search(r"^        python: \[(.*)\]$", text, re.MULTILINE).group(1)
    oldest, newest = (v.strip().strip('"') for v in versions.split(","))
    assert oldest == lowest_python() and tuple(map(int, newest.split("."))) >= (3, 13)
    assert "python-version: ${{ matrix.python }}" in text
    assert "command=$(bash .ci/readme-test-command)" in text and 'eval "$command"' in text
    assert ".venv/Scripts/activate" in text  # Windows' venv layout
    assert "ruff check ." in text and "ruff format --check ." in text and "shell: bash" in text
    assert "SDL_VIDEODRIVER: dummy" in text and "SDL_AUDIODRIVER: dummy" in text
    assert "pip install" not in text  # only what the README's command installs
