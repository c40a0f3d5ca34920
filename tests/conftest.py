"""Shared helpers for rules tests: hand-written Try deals and records, kept readable.

A scenario names only the cards it cares about (the hands, the top of the stock); the
rest of the 61 cards fill the removed pile and the bottom of the stock in a fixed order.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules

RECORDS = Path(__file__).parent / "records"

# Tables in tests keep their bots in the test's own process (spawning a bots' process per table
# would cost each test ~0.3 s); tests/test_bot_host.py and the frozen demos use the process.
os.environ.setdefault("CARDTABLE_BOTS_APART", "0")

# Try's 61 cards in a fixed order: Stars, Fire, Skulls, Drips, Brocs 1..12, then the Wild.
TRY_CARDS = [f"{rank}{suit}" for suit in "SFKDB" for rank in range(1, 13)] + ["W"]


def try_layout(
    hands: list[list[str]], stock: list[str] = (), removed: list[str] | None = None, removed_count: int = 11
) -> dict[str, list[str]]:
    """A full 61-card Try layout: ``hands`` as dealt, ``stock`` on top (index 0 = the up-card).

    Cards not named go to the removed pile (``removed_count`` of them unless ``removed`` is
    given), the remainder to the bottom of the stock, both in :data:`TRY_CARDS` order.
    """
    named = [card for hand in hands for card in hand] + list(stock) + list(removed or [])
    assert len(named) == len(set(named)), f"a card is named twice: {sorted(named)}"
    rest = [card for card in TRY_CARDS if card not in named]
    if removed is None:
        removed, rest = rest[:removed_count], rest[removed_count:]
    layout: dict[str, list[str]] = {"removed": list(removed)}
    for seat, hand in enumerate(hands):
        layout[f"hand/{seat}"] = list(hand)
        layout[f"bid/{seat}"] = []
    layout["stock"] = list(stock) + rest
    layout["discard"] = []
    return layout


def try_record(
    hands: list[list[str]],
    actions: list[list[Any]],
    stock: list[str] = (),
    *,
    dealer: int | None = None,
    settings: dict[str, Any] | None = None,
    removed: list[str] | None = None,
    scores: list[int] | None = None,
) -> dict[str, Any]:
    """A ``cardtable-record/1`` record of one Try deal; by default seat 0 plays first."""
    players = len(hands)
    settings = dict(settings or {})
    deal: dict[str, Any] = {
        "dealer": players - 1 if dealer is None else dealer,
        "layout": try_layout(hands, stock, removed, settings.get("removed", 11)),
        "actions": [list(a) for a in actions],
    }
    if scores is not None:
        deal["scores"] = scores
    return {
        "format": rules.RECORD_FORMAT,
        "game": "try",
        "variant": "standard",
        "players": players,
        "settings": settings,
        "seed": 0,
        "deals": [deal],
    }


def play_try(hands: list[list[str]], actions: list[list[Any]], stock: list[str] = (), **kwargs: Any) -> rules.State:
    """The state after replaying a hand-written Try deal."""
    return rules.replay(try_record(hands, actions, stock, **kwargs))


def load_record(name: str) -> dict[str, Any]:
    """A record from ``tests/records/``."""
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


@pytest.fixture
def try_game() -> rules.Game:
    return rules.load_game("try")


@pytest.fixture(autouse=True)
def _saves_written() -> Any:
    """Every save a test's table handed to the saves' thread is on disk before the next test."""
    yield
    from cardtable import saves

    saves.flush()


@pytest.fixture
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder (``CARDTABLE_HOME``) for this test."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def app_fixture(size: tuple[int, int] = (1280, 800), fast: bool = True, no_log: bool = False) -> Any:
    """An ``app`` fixture for a test file (``app = app_fixture(...)``): an app of ``size``, at top
    speed unless ``fast`` is False, with the test's own user data folder (pygame is imported when
    it is made, not at the top: the rules tests run without it). ``no_log``: the test fails when
    the app wrote its log (a scene's error becomes a toast and a log entry)."""

    @pytest.fixture(name="app")
    def made(user_home: Path) -> Iterator[Any]:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from cardtable.app import App

        app = App(size, fast=fast)
        yield app
        app.stack.clear()
        if no_log:
            log = user_home / "cardtable.log"
            assert not log.exists(), log.read_text()

    return made


#: A 1280x800 app at top speed for table tests; a test file needing another size or pace, or a
#: clean log, defines its own ``app`` (:func:`app_fixture`).
app = app_fixture()


def plugin_fixture(game_id: str, folder: str, package: str) -> Any:
    """A module-wide, automatic fixture named ``game_id``: the example plugin in
    ``examples/<folder>`` (``package``), found through the entry-point group ``cardtable.games``
    and yielding its ``GameSpec``. Without an install (CI installs it) the plugin's source goes on
    ``sys.path`` with a ``<package>-0.1.dist-info`` beside it in a temporary folder, so discovery
    finds it as it would an installed package; both are taken off again afterwards."""
    import importlib
    import sys
    from importlib import metadata

    from rules.plugins import ENTRY_POINT_GROUP, discover

    source = Path(__file__).resolve().parents[1] / "examples" / folder

    @pytest.fixture(scope="module", autouse=True, name=game_id)
    def found(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
        added: list[str] = []
        if not any(entry.name == game_id for entry in metadata.entry_points(group=ENTRY_POINT_GROUP)):
            site = tmp_path_factory.mktemp("site")
            info = site / f"{package}-0.1.dist-info"
            info.mkdir()
            name = package.replace("_", "-")
            (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
            (info / "entry_points.txt").write_text(f"[cardtable.games]\n{game_id} = {package}:SPEC\n")
            added = [str(source), str(site)]
            sys.path[:0] = added
            importlib.invalidate_caches()
        try:
            specs, problems = discover()
            assert game_id in specs, problems
            yield specs[game_id]
        finally:
            for entry in added:
                sys.path.remove(entry)
            for module in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
                if added:
                    del sys.modules[module]
            importlib.invalidate_caches()

    return found
