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
    code = (
        "import sys; from cardtable.__main__ import main; rc = main(['--version']); "
        "assert 'pygame' not in sys.modules, 'pygame imported'; sys.exit(rc)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("cardtable ")


# ------------------------------------------------------------------ icon and desktop entry
ASSETS = ROOT / "cardtable" / "assets"


def test_the_icon_is_drawn_at_every_size_with_a_transparent_corner() -> None:
    from sprites.icon import SIZES, draw_icon

    for size in SIZES:
        icon = draw_icon(size)
        assert icon.get_size() == (size, size)
        assert icon.get_at((0, 0)).a < 64  # rounded tile: the corner is see-through
        assert icon.get_at((size // 2, size // 2)).a == 255


def test_the_shipped_icons_are_there_at_every_size() -> None:
    import pygame

    from sprites.icon import SIZES

    for size in SIZES:
        image = pygame.image.load(str(ASSETS / f"cardtable-{size}.png"))
        assert image.get_size() == (size, size)


def test_the_ico_and_icns_hold_png_entries(tmp_path: Path) -> None:
    import struct

    from sprites.icon import ICO_SIZES, write_all

    for folder in (ASSETS, tmp_path):  # the shipped files, and freshly written ones
        if folder == tmp_path:
            write_all(tmp_path)
        ico = (folder / "cardtable.ico").read_bytes()
        reserved, kind, count = struct.unpack_from("<HHH", ico)
        assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
        for i, size in enumerate(ICO_SIZES):
            w, h, _c, _r, _planes, _bits, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
            assert w == h == size % 256
            assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
            assert offset + length <= len(ico)
        icns = (folder / "cardtable.icns").read_bytes()
        assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
        assert b"ic09" in icns and b"icp4" in icns


def test_the_desktop_entry_names_the_command_and_icon() -> None:
    lines = (ASSETS / "cardtable.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Cardtable" and entry["Comment"]
    assert entry["Exec"] == "cardtable" and entry["Icon"] == "cardtable"
    assert set(entry["Categories"].rstrip(";").split(";")) >= {"Game", "CardGame"}


def test_the_app_sets_the_window_icon(monkeypatch) -> None:
    import pygame

    from cardtable import app

    seen = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: seen.append(surface.get_size()))
    app.set_window_icon()
    assert seen == [(64, 64)]


# ------------------------------------------------------------------ the release workflow
# It cannot run here. PyYAML and actionlint are not dependencies: with PyYAML importable the
# structure is checked as parsed YAML; without it, the same facts as plain text.
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_release_workflow_builds_smoke_tests_and_attaches_on_three_systems() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text
    try:
        import yaml
    except ModuleNotFoundError:
        yaml = None
    if yaml is not None:
        flow = yaml.safe_load(text)
        triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as True
        assert triggers["push"]["tags"] == ["v*"] and "workflow_dispatch" in triggers
        jobs = flow["jobs"]
        assert jobs["windows"]["runs-on"] == "windows-latest"
        assert jobs["macos"]["runs-on"] == "macos-latest"
        assert jobs["linux"]["container"].startswith(("quay.io/pypa/manylinux", "ubuntu:20.04"))
        assert set(jobs["release"]["needs"]) == {"windows", "macos", "linux"}
        for name in ("windows", "macos", "linux"):
            runs = "\n".join(step.get("run", "") for step in jobs[name]["steps"])
            uses = [step.get("uses", "") for step in jobs[name]["steps"]]
            assert 'pip install -e ".[build]"' in runs and "pyinstaller" in runs and "build.spec" in runs
            assert "rules.list_games()" in runs and '--demo "$game" --seed 3 --fast' in runs
            assert any(u.startswith("actions/upload-artifact@") for u in uses)
        assert any(step.get("uses", "").startswith("softprops/action-gh-release@") for step in jobs["release"]["steps"])
    else:
        assert '\non:\n  push:\n    tags: ["v*"]\n  workflow_dispatch:\n' in text
        for job in (
            "  windows:\n    runs-on: windows-latest\n",
            "  macos:\n    runs-on: macos-latest\n",
            "  linux:\n    runs-on: ubuntu-latest\n",
            "    container: quay.io/pypa/manylinux_2_28_x86_64\n",
            "  release:\n    if: startsWith(github.ref, 'refs/tags/v')\n    needs: [windows, macos, linux]\n",
        ):
            assert job in text
        jobs = text.split("\n  release:\n")[0].split("\n  windows:\n")[1]
        for name, body in zip(("windows", "macos", "linux"), jobs.split("\n\n  "), strict=True):
            assert body.count('pip install -e ".[build]"') == 1, name
            assert "build.spec" in body and "pyinstaller --noconfirm" in body, name
            assert "rules.list_games()" in body and '--demo "$game" --seed 3 --fast' in body, name
            assert "uses: actions/upload-artifact@v4" in body, name
        assert "uses: softprops/action-gh-release@v2" in text and "files: files/*" in text
    # The onefile build on Windows and Linux, the .app on macOS: what build.spec makes.
    assert text.count("CARDTABLE_ONEFILE=1 pyinstaller") == 2 and "Cardtable.app/Contents/MacOS/cardtable" in text


def test_the_smoke_test_covers_every_registered_game() -> None:
    """The workflow loops over rules.list_games(): the built-ins are all there is to loop over."""
    import rules

    builtin = {"try", "tribello", "troeven", "trio"}
    assert builtin <= set(rules.list_games())


# ------------------------------------------------------------------ sounds off the start-up path
def _sounds(cache: Path | None):
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from cardtable.sounds import Sounds

    pygame.mixer.init()
    return Sounds(lambda: True, cache=cache)


def test_no_sound_is_synthesized_before_one_is_played() -> None:
    sounds = _sounds(None)
    assert sounds.available and len(sounds._sounds) == 0
    sounds.play("snap")
    assert set(sounds._sounds) == {"snap"}


def test_the_sounds_are_cached_in_the_user_data_folder_once(tmp_path: Path) -> None:
    from cardtable.sounds import SHAPES

    first = _sounds(tmp_path)
    first.play("slide")
    (cache,) = tmp_path.glob("sounds-v*.pcm")
    written = cache.stat().st_mtime_ns
    second = _sounds(tmp_path)
    second.play("gather")
    assert cache.stat().st_mtime_ns == written
    fresh = _sounds(None)
    for name in SHAPES:
        assert second._sounds[name].get_raw() == fresh._sounds[name].get_raw(), name


def test_a_damaged_sound_cache_is_rebuilt(tmp_path: Path) -> None:
    _sounds(tmp_path).play("slide")
    (cache,) = tmp_path.glob("sounds-v*.pcm")
    cache.write_bytes(cache.read_bytes()[:1000])
    sounds = _sounds(tmp_path)
    assert len(sounds._sounds["fanfare"].get_raw()) > 1000
    assert len(cache.read_bytes()) > 100_000


def test_a_sealed_demo_writes_no_sound_cache(tmp_path: Path) -> None:
    from cardtable import userfiles

    userfiles.seal()
    try:
        sounds = _sounds(tmp_path)
        sounds.play("slide")
        assert sounds._sounds["slide"] is not None
    finally:
        userfiles.unseal()
    assert list(tmp_path.iterdir()) == []
