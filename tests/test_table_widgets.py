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


# Where a widget puts words on screen: a call's argument (by position or keyword) or an attribute
# the table shows. A string literal with a letter there is a word the presenter should give.
SPOKEN_ARGS = {
    "say": (0, "text"),
    "refuse": (0, "reason"),
    "refused": (0, "reason"),
    "toast": (0, "text"),
    "Button": (0, "label"),
    "SuitButton": (0, "label"),
    "NumberButton": (0, "label"),
    "ask": (0, 1, "options", "question"),
    "_choose": (2, "question"),
    "scores_between_deals": (0, "button"),
    "show_scores": (0, "button"),
    "open_scores": (1, "button"),
    "text": (0,),
    "blit_text": (1,),
    "tag": (1,),
}
SPOKEN_ATTRS = {"status", "caption", "label", "message"}
SPOKEN_PARAMS = {"button", "label", "question", "reason", "text", "you"}
ALLOWED: set[tuple[str, str]] = set()  # (module, literal) a widget may still spell itself: none


def _literals(node: ast.AST) -> list[str]:
    """The string literals with a letter that make up ``node``'s value (not those inside a call's
    arguments or a subscript: a key such as ``data.get("seat")`` is not shown)."""
    if isinstance(node, ast.Constant):
        return [node.value] if isinstance(node.value, str) and any(c.isalpha() for c in node.value) else []
    if isinstance(node, ast.Call | ast.Subscript | ast.Attribute | ast.Lambda):
        return []
    if isinstance(node, ast.FormattedValue):
        return _literals(node.value)
    return [text for child in ast.iter_child_nodes(node) for text in _literals(child)]


def on_screen_literals(text: str) -> list[tuple[int, str]]:
    """(line, literal) for every word a module spells where the table shows words."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            where = SPOKEN_ARGS.get(name, ())
            args = [a for i, a in enumerate(node.args) if i in where]
            args += [k.value for k in node.keywords if k.arg in where]
            found += [(node.lineno, t) for arg in args for t in _literals(arg)]
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr in SPOKEN_ATTRS for t in targets):
                found += [(node.lineno, t) for t in _literals(node.value)]
        elif isinstance(node, ast.FunctionDef):
            params = node.args.args[len(node.args.args) - len(node.args.defaults) :] + node.args.kwonlyargs
            defaults = [*node.args.defaults, *node.args.kw_defaults]
            for param, default in zip(params, defaults, strict=False):
                if default is not None and param.arg in SPOKEN_PARAMS:
                    found += [(node.lineno, t) for t in _literals(default)]
    return found


def test_every_word_a_widget_shows_comes_from_the_presenter() -> None:
    """No widget or mode module spells a word where the table shows one (a line said, a button's
    label, a status, a question, a default button): they ask ``Presenter.word`` (or the game's
    other presenter methods), so a game may reword any of them."""
    found = [
        f"{path.name}:{line}: {literal!r}"
        for path in WIDGETS
        for line, literal in on_screen_literals(path.read_text(encoding="utf-8"))
        if (path.stem, literal) not in ALLOWED
    ]
    assert found == []


def test_the_scan_finds_words_spelt_in_a_widget() -> None:
    """The scan above is no empty promise: words written the ways the widgets once wrote them are found."""
    sample = """
def show_scores(self, button: str = "Close") -> None:
    self.ctx.say(f"{n} card{'s' if n != 1 else ''} selected: {then}.", "info")
    self.last_button = ui.Button("Last trick", self._toggle_last)
    ctx.status = line + " \\u00b7 the rest of the cards are dealt"
    self.builder.ask(options, "Which meld do these cards make?")
    self.ctx.say(self.ctx.presenter.word("select_first"), "info")
    ctx.refuse(data.get("reason"))
"""
    assert sorted(t for _, t in on_screen_literals(sample)) == sorted(
        [
            "Close",
            " card",
            "s",
            " selected: ",
            "Last trick",
            " \u00b7 the rest of the cards are dealt",
            "Which meld do these cards make?",
        ]
    )


def test_a_game_may_reword_the_tables_own_words(user_home: Path, monkeypatch: Any) -> None:
    """A presenter giving its own ``table_words`` renames the table's buttons; the rest stay the defaults."""
    import rules
    from cardtable.app import App
    from cardtable.session import Session
    from cardtable.table import TableScene
    from cardtable.table.widgets.compose import widgets_for
    from rules.presenter import Presenter

    app = App((1280, 800), fast=True)
    try:
        table = TableScene(app, Session(rules.load_game("tribello").new_match(seed=1)))
        words = {**Presenter.table_words, "last_trick": "Previous trick", "scores": "Totals"}
        monkeypatch.setattr(type(table.presenter), "table_words", words)
        labels = [b.label for b in widgets_for(table.context, table.game).buttons()]
        assert labels == ["Previous trick", "Totals"]
        assert table.presenter.word("you_take_the_trick", who="You") == "You take the trick"
    finally:
        app.stack.clear()
