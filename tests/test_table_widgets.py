"""The table's widgets see the table only through their narrow context (issue 23): no widget
module holds the scene or reaches into its attributes, and what the context offers is small."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from cardtable.table.context import Pointer, TableContext
from cardtable.table.widgets.base import Widget

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "cardtable" / "table"
WIDGETS = sorted((TABLE / "widgets").glob("*.py"))


def test_there_is_a_widget_module_per_zone_kind_and_per_mode() -> None:
    names = {path.stem for path in WIDGETS}
    assert {"hand", "pile", "trick", "melds", "grid", "board", "hold"} <= names
    assert {"select_mode", "build_mode", "offer_mode", "value_mode", "mode", "modes"} <= names


SCENE = (r"\bTableScene\b", r"\bself\.table\b", r"(?<![\w.])table\.\w", r"\bctx\._\w", r"\._scene\b")


def test_no_widget_reaches_into_the_scene() -> None:
    """A widget module names no ``TableScene``, holds no ``table`` and uses no private member
    of its context: all it sees and does goes through :class:`TableContext`'s public face."""
    found = []
    for path in WIDGETS:
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), start=1):
            code = line.split("#", 1)[0]
            if any(re.search(pattern, code) for pattern in SCENE):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert found == []


def test_the_context_is_narrow() -> None:
    """The context's public face is a few dozen names (the scene has well over a hundred), and
    the state it shares with the scene is the small pointer."""
    public = [name for name in vars(TableContext) if not name.startswith("_")]
    assert 20 <= len(public) <= 60
    assert {"view", "legal", "box", "presenter", "setting", "apply", "say", "refuse", "animate", "point"} <= set(public)
    assert set(Pointer.__dataclass_fields__) == {"press", "selected", "hovered", "focus"}


def test_widget_modules_are_small() -> None:
    """One module per widget or mode, none a class serving everything of one game (the three big
    extensions had 40, 48 and 55 methods, up to 581 lines): each module under 450 lines, each
    class under 40 methods."""
    for path in WIDGETS:
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) < 450, path.name
        for node in ast.parse(text).body:
            if isinstance(node, ast.ClassDef):
                methods = [b for b in node.body if isinstance(b, ast.FunctionDef)]
                assert len(methods) < 40, (path.name, node.name, len(methods))


class Counting(Widget):
    """A third party's widget for a trick zone: it records what it was given and the events
    offered to it, and lets the table play them as ever."""

    made: list[Any] = []

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        Counting.made.append(ctx)
        self.seen: list[str] = []

    def animate(self, event: Any) -> bool:
        self.seen.append(event.kind)
        return False


def test_a_third_partys_widget_gets_the_context_not_the_scene(user_home: Path, tmp_path: Path) -> None:
    """A game's spec naming its own widget: the table makes it with its context, asks it at its
    hooks (the deal's events are offered to it) and plays on with the generic parts."""
    from pointer import settle
    from test_table_generic import made_up_trick_game

    from cardtable.app import App
    from cardtable.session import Session
    from cardtable.table import TableScene
    from rules.game import Game
    from rules.plugins import GameSpec

    game = made_up_trick_game(tmp_path)
    spec = GameSpec(
        rules_file=game.spec.rules_file, procedure=game.spec.procedure, widgets={"trick": f"{__name__}:Counting"}
    )
    app = App((1280, 800), fast=True)
    try:
        table = TableScene(app, Session(Game(game.config, game.procedure, spec).new_match(players=3, seed=3)))
        app.push(table)
        settle(app)
        assert len(Counting.made) == 1 and isinstance(Counting.made[0], TableContext)
        assert [type(part) for part in table.ext] == [Counting]
        assert Counting.made[0].view is table.view and table.ext.parts[0].seen
    finally:
        app.stack.clear()
