"""Damaged files never stop the app: saves and settings that are truncated, not UTF-8, nested
too deep, the wrong shape, out of range, another game's, or full of 100,000-character strings
give a one-line notice naming the file, are moved aside (kept, never overwritten) and the app
starts. Fuzzed in-process with hypothesis (1,000 cases per kind), then a few real starts of
the app in a subprocess (``--frames``), and ``--demo --fast`` touching nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import rules  # noqa: E402
from cardtable import saves, userfiles  # noqa: E402
from cardtable.settings import SPEED_RANGE, Settings, load_settings, save_settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FUZZ = settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _played(game_id: str, players: int, seed: int, moves: int) -> dict[str, Any]:
    state = rules.load_game(game_id).new_match(players=players, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    return state.to_record()


RECORDS = {"try": _played("try", 3, 3, 6), "tribello": _played("tribello", 3, 4, 20)}
LONG = "x" * 100_000


# ------------------------------------------------------------- strategies
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
weird_number = st.sampled_from(
    [
        "Infinity",
        "-Infinity",
        "NaN",
        "1e400",
        "-1e400",
        "-5",
        "-1",
        "0",
        "99999999999999999999999",
        "1.5",
        "true",
        '"7"',
        "null",
        "[]",
        "{}",
    ]
)


def _encode(value: Any) -> bytes:
    return json.dumps(value).encode()


def _set_path(record: Any, path: list[Any], raw: str) -> bytes:
    """``record`` as JSON with the value at ``path`` replaced by the raw JSON text ``raw``."""
    marker = "\u0000MARK\u0000"
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = marker
    return json.dumps(record).replace(json.dumps(marker), raw).encode()


@st.composite
def damaged_save(draw: st.DrawFn) -> tuple[str, bytes]:
    """(kind, bytes) for ``saves/try.json``."""
    base = json.loads(json.dumps(RECORDS["try"]))
    text = _encode(base)
    kind = draw(
        st.sampled_from(
            [
                "valid",
                "truncated",
                "bytes",
                "non-utf8",
                "deep",
                "shape",
                "number",
                "other-game",
                "long-string",
                "field-shape",
                "finished",
            ]
        )
    )
    if kind == "valid":
        return kind, text
    if kind == "truncated":
        return kind, text[: draw(st.integers(0, len(text) - 1))]
    if kind == "bytes":
        return kind, draw(st.binary(max_size=200))
    if kind == "non-utf8":
        at = draw(st.integers(0, len(text)))
        return kind, text[:at] + draw(st.sampled_from([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\x80\x80"])) + text[at:]
    if kind == "deep":
        depth = draw(st.integers(65, 200_000))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        inner = (opener * depth + "1" + closer * depth) if draw(st.booleans()) else opener * depth
        return kind, _set_path(base, ["settings"], inner)
    if kind == "shape":
        return kind, _encode(draw(json_value))
    if kind == "number":
        path = draw(
            st.sampled_from(
                [
                    ["seed"],
                    ["players"],
                    ["start", "deal"],
                    ["deals", 0, "dealer"],
                    ["deals", 0, "actions", 0, 0],
                    ["seats", 0, "level"],
                ]
            )
        )
        return kind, _set_path(base, path, draw(weird_number))
    if kind == "other-game":
        return kind, _encode(RECORDS["tribello"])
    if kind == "long-string":
        path = draw(
            st.sampled_from([["seats", 0, "name"], ["variant"], ["game"], ["format"], ["deals", 0, "actions", 0, 1]])
        )
        return kind, _set_path(base, path, json.dumps(LONG))
    if kind == "field-shape":
        path = draw(
            st.sampled_from(
                [
                    ["seats"],
                    ["seats", 0],
                    ["deals"],
                    ["deals", 0],
                    ["deals", 0, "layout"],
                    ["deals", 0, "actions"],
                    ["start"],
                    ["settings"],
                ]
            )
        )
        return kind, _set_path(base, path, json.dumps(draw(json_value)))
    base["totals"] = [0, 0, 0]
    return kind, _encode(base)


@st.composite
def damaged_settings(draw: st.DrawFn) -> tuple[str, bytes]:
    """(kind, bytes) for ``settings.json``."""
    good = {
        "animation_speed": 1.5,
        "sound": False,
        "colorblind": True,
        "fullscreen": False,
        "show_reveal_history": False,
    }
    kind = draw(
        st.sampled_from(["valid", "truncated", "bytes", "non-utf8", "deep", "shape", "number", "values", "long-string"])
    )
    text = _encode(good)
    if kind == "valid":
        return kind, text
    if kind == "truncated":
        return kind, text[: draw(st.integers(0, len(text) - 1))]
    if kind == "bytes":
        return kind, draw(st.binary(max_size=200))
    if kind == "non-utf8":
        at = draw(st.integers(0, len(text)))
        return kind, text[:at] + b"\xff\xfe" + text[at:]
    if kind == "deep":
        depth = draw(st.integers(65, 200_000))
        return kind, _set_path(good, ["sound"], "[" * depth + "]" * depth)
    if kind == "shape":
        return kind, _encode(draw(json_value))
    if kind == "number":
        return kind, _set_path(good, [draw(st.sampled_from(list(good)))], draw(weird_number))
    if kind == "long-string":
        return kind, _set_path(good, [draw(st.sampled_from(list(good)))], json.dumps(LONG))
    values = draw(st.dictionaries(st.sampled_from([*good, "future_key"]), json_value, max_size=6))
    return kind, _encode(values)


# ------------------------------------------------------------------ checks
class Home:
    """A fresh user data folder as CARDTABLE_HOME for one generated case."""

    def __enter__(self) -> Path:
        self._dir = tempfile.TemporaryDirectory()
        self._old = os.environ.get("CARDTABLE_HOME")
        os.environ["CARDTABLE_HOME"] = self._dir.name
        userfiles.notices.clear()
        return Path(self._dir.name)

    def __exit__(self, *exc: object) -> None:
        if self._old is None:
            os.environ.pop("CARDTABLE_HOME", None)
        else:
            os.environ["CARDTABLE_HOME"] = self._old
        self._dir.cleanup()


def _kept(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.damaged-*"))


def check_save(data: bytes) -> None:
    """The save in ``data`` loads as a record, or is moved aside with a notice naming it."""
    with Home() as home:
        path = home / "saves" / "try.json"
        path.parent.mkdir()
        path.write_bytes(data)
        listed = saves.list_saved()
        record = saves.load_saved("try")
        if record is not None:
            assert [s.game_id for s in listed] == ["try"] and not userfiles.notices
            assert path.read_bytes() == data
            try:  # the rules check the rest when the match is resumed: a RulesError, never a crash
                rules.replay(record)
            except rules.RulesError:
                pass
            return
        assert listed == []
        assert len(userfiles.notices) == 1, userfiles.notices
        notice = userfiles.notices[0]
        assert "\n" not in notice and notice.startswith("saves/try.json: ")
        [kept] = _kept(path.parent, "try")
        assert kept.name in notice and kept.suffix == ".json"
        assert kept.read_bytes() == data and not path.exists()


def check_settings(data: bytes) -> None:
    """Settings from ``data`` are always usable; damage is moved aside with a notice."""
    with Home() as home:
        path = home / "settings.json"
        path.write_bytes(data)
        loaded, notice = load_settings()
        assert SPEED_RANGE[0] <= loaded.animation_speed <= SPEED_RANGE[1]
        assert all(isinstance(getattr(loaded, f), bool) for f in ("sound", "colorblind", "fullscreen"))
        if notice is None:
            assert not userfiles.notices and path.read_bytes() == data
            raw = json.loads(data)
            for key, value in raw.items():
                if key in Settings.__dataclass_fields__:
                    assert getattr(loaded, key) == value
            return
        assert userfiles.notices == [notice] and "\n" not in notice and notice.startswith("settings.json: ")
        [kept] = _kept(home, "settings")
        assert kept.name in notice and kept.read_bytes() == data
        if path.exists():  # the good values were written back
            assert load_settings() == (loaded, None)


@FUZZ
@given(damaged_save())
def test_fuzzed_saves_load_or_are_moved_aside_with_a_notice(case: tuple[str, bytes]) -> None:
    kind, data = case
    check_save(data)


@FUZZ
@given(damaged_settings())
def test_fuzzed_settings_load_or_are_moved_aside_with_a_notice(case: tuple[str, bytes]) -> None:
    kind, data = case
    check_settings(data)


# ------------------------------------------------------------ named cases
SAVE_CASES = {
    "truncated": _encode(RECORDS["try"])[:100],
    "non-utf8": b'{"game": "try\xff"}',
    "deep": b"[" * 100_000,
    "shape": b"[1, 2, 3]",
    "infinity": _set_path(json.loads(json.dumps(RECORDS["try"])), ["seed"], "Infinity"),
    "huge": _set_path(json.loads(json.dumps(RECORDS["try"])), ["seed"], "1e400"),
    "negative": _set_path(json.loads(json.dumps(RECORDS["try"])), ["players"], "-3"),
    "other game": _encode(RECORDS["tribello"]),
    "long name": _set_path(json.loads(json.dumps(RECORDS["try"])), ["seats", 0, "name"], json.dumps(LONG)),
    "empty": b"",
}


@pytest.mark.parametrize("name", list(SAVE_CASES))
def test_each_kind_of_damaged_save(name: str) -> None:
    check_save(SAVE_CASES[name])
    with Home() as home:
        (home / "saves").mkdir()
        (home / "saves" / "try.json").write_bytes(SAVE_CASES[name])
        assert saves.load_saved("try") is None


def test_a_valid_save_loads_and_stays() -> None:
    check_save(_encode(RECORDS["try"]))


def test_moving_aside_never_overwrites_an_earlier_copy(user_home: Path) -> None:
    folder = user_home / "saves"
    folder.mkdir()
    for n in range(3):
        (folder / "try.json").write_text(f"broken {n}")
        assert saves.load_saved("try") is None
    kept = _kept(folder, "try")
    assert sorted(p.read_text() for p in kept) == ["broken 0", "broken 1", "broken 2"]
    assert len(userfiles.notices) >= 3


def test_a_rules_file_moved_aside_is_not_read_as_rules_again(user_home: Path) -> None:
    from cardtable.scenes import catalogue

    folder = user_home / "rules"
    folder.mkdir()
    (folder / "bad.toml").write_text("id = [unclosed")
    userfiles.notices.clear()
    catalogue()
    assert not (folder / "bad.toml").exists()
    [kept] = folder.glob("bad.toml.damaged-*")
    assert kept.read_text() == "id = [unclosed"
    assert userfiles.notices and userfiles.notices[0].startswith("rules/bad.toml: ")
    catalogue()
    assert len(list(folder.iterdir())) == 1


def test_durable_write_syncs_the_file_and_its_folder(user_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    saves.write_record(RECORDS["try"])
    assert len(synced) == (1 if os.name == "nt" else 2)
    assert [p.name for p in (user_home / "saves").iterdir()] == ["try.json"]


def test_temporary_files_left_by_a_kill_are_cleaned_at_start(user_home: Path) -> None:
    folder = user_home / "saves"
    folder.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = folder / f".try.json.{int(dead.stdout)}.123{userfiles.TMP_SUFFIX}"
    stale.write_text('{"half": ')
    mine = folder / f".try.json.{os.getpid()}.5{userfiles.TMP_SUFFIX}"
    mine.write_text("being written")
    other = folder / "notes.txt"
    other.write_text("not ours")
    saves.prepare()
    assert not stale.exists() and mine.exists() and other.exists()


def test_a_sealed_folder_is_neither_read_nor_written(user_home: Path) -> None:
    save_settings(Settings(animation_speed=2.0))
    userfiles.seal()
    try:
        assert load_settings() == (Settings(), None)
        saves.write_record(RECORDS["try"])
        assert saves.list_saved() == [] and not (user_home / "saves").exists()
    finally:
        userfiles.unseal()


def test_text_of_any_length_is_drawn(user_home: Path) -> None:
    import pygame

    from cardtable import widgets as ui

    pygame.init()
    surface = pygame.Surface((800, 560))
    for n in (20_000, 100_000):
        rect = ui.blit_text(surface, "W" * n, 40, ui.INK, (10, 10), max_width=300)
        assert rect.width <= 300
        assert ui.wrap("word " * (n // 5), 20, 300)


# -------------------------------------------------------- the real app, started
def _start(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "CARDTABLE_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def _notices(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("cardtable: ")]


def test_the_app_starts_over_many_damaged_files_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "try.json").write_bytes(SAVE_CASES["truncated"])
    (folder / "tribello.json").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "troeven.json").write_bytes(_encode(RECORDS["tribello"]))  # another game's save
    (folder / "trio.json").write_bytes(SAVE_CASES["long name"])
    (tmp_path / "settings.json").write_bytes(b"[" * 100_000)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.toml").write_text('extends = "try"\nid = "mine"\nname = [\n')
    result = _start(tmp_path, "--frames", "5")
    assert result.returncode == 0, result.stderr[-3000:]
    lines = _notices(result.stderr)
    for name in (
        "saves/try.json",
        "saves/tribello.json",
        "saves/troeven.json",
        "saves/trio.json",
        "settings.json",
        "rules/mine.toml",
    ):
        assert any(line.startswith(f"cardtable: {name}: ") for line in lines), (name, lines)
    assert "Traceback" not in result.stderr
    for stem in ("try", "tribello", "troeven", "trio"):
        assert len(_kept(folder, stem)) == 1
    assert _kept(tmp_path, "settings")[0].read_bytes() == b"[" * 100_000
    assert (tmp_path / "rules").glob("mine.toml.damaged-*")


@pytest.mark.parametrize(
    "name, where, data",
    [
        ("out of range", "settings.json", b'{"animation_speed": 1e400, "sound": false}'),
        ("long seat name", "saves/try.json", SAVE_CASES["long name"]),
    ],
)
def test_the_app_starts_over_one_damaged_file(tmp_path: Path, name: str, where: str, data: bytes) -> None:
    path = tmp_path / where
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    result = _start(tmp_path, "--frames", "5")
    assert result.returncode == 0, result.stderr[-3000:]
    [line] = _notices(result.stderr)
    assert line.startswith(f"cardtable: {where}: ") and "kept as" in line
    [kept] = _kept(path.parent, path.stem)
    assert kept.read_bytes() == data


def test_frames_draws_and_quits(tmp_path: Path) -> None:
    result = _start(tmp_path, "--frames", "3", "--size", "800x560")
    assert result.returncode == 0, result.stderr[-3000:]
    assert _start(tmp_path, "--size", "640x480").returncode == 2  # below the minimum: refused


def _snapshot(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_a_fast_demo_leaves_the_user_folder_byte_identical(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "try.json").write_bytes(_encode(RECORDS["try"]))
    (tmp_path / "settings.json").write_text(json.dumps({"animation_speed": 2.0, "sound": False}))
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "broken.toml").write_text("id = [")
    before = _snapshot(tmp_path)
    stamps = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    result = _start(tmp_path, "--demo", "try", "--players", "2", "--seed", "4", "--fast", timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert _snapshot(tmp_path) == before
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == stamps


# ------------------------------------------------------- pipes and devices
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")


@needs_fifo
def test_named_pipes_in_place_of_every_user_file_are_refused_unopened(tmp_path: Path) -> None:
    """A named pipe where a save, ``settings.json``, the statistics, the last choices, a rules
    file or the log should be: opening one would wait for a writer for ever (and SIGTERM
    would not end the app). Each is refused with one line, left in place, and the app starts
    and quits; the good save beside them is still offered."""
    (tmp_path / "saves").mkdir()
    (tmp_path / "stats").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "saves" / "tribello.json").write_bytes(_encode(RECORDS["tribello"]))
    pipes = [
        "saves/try.json",
        "settings.json",
        "stats/try.json",
        "last_choices.json",
        "rules/mine.toml",
        "cardtable.log",
    ]
    for name in pipes:
        os.mkfifo(tmp_path / name)
    result = _start(tmp_path, "--frames", "5", timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = _notices(result.stderr)
    for name in ("saves/try.json", "settings.json", "rules/mine.toml"):
        [line] = [line for line in lines if line.startswith(f"cardtable: {name}: ")]
        assert "not a regular file" in line and "kept as" not in line, line
    assert "Traceback" not in result.stderr
    for name in pipes:  # never moved aside; only the settings are written anew (the defaults)
        if name == "settings.json" and not userfiles.not_a_file(tmp_path / name):
            assert isinstance(json.loads((tmp_path / name).read_text(encoding="utf-8")), dict)
        else:
            assert userfiles.not_a_file(tmp_path / name), name
    assert not list(tmp_path.rglob("*.damaged-*"))


@needs_fifo
def test_every_reader_refuses_a_pipe_with_one_line(user_home: Path, tmp_path: Path, capsys) -> None:
    from cardtable import last_choices, stats
    from rules.sim import main as sim

    for folder in ("saves", "stats", "rules"):
        (user_home / folder).mkdir(parents=True, exist_ok=True)
    for name in ("saves/try.json", "settings.json", "stats/try.json", "rules/mine.toml"):
        os.mkfifo(user_home / name)
    assert saves.load_saved("try") is None and saves.list_saved() == []
    assert load_settings()[1].startswith("settings.json: not a regular file")
    assert stats.history("try") == []
    choices = tmp_path / "choices.json"
    os.mkfifo(choices)
    assert last_choices.load("try", choices)[0] is None
    games, problems = rules.user_games()
    assert games == {} and [p.message for p in problems] == ["cannot read: not a regular file (a pipe or a device)"]
    record = tmp_path / "match.json"
    os.mkfifo(record)
    assert sim(["replay", str(record)]) == 1 and sim(["check", str(user_home / "rules" / "mine.toml")]) == 1
    err = capsys.readouterr().err
    assert err.count("not a regular file") >= 2 and "Traceback" not in err
    assert sum("saves/try.json" in line for line in userfiles.notices) == 1  # said once, however often read
