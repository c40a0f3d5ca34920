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
TABLE_MODULES = sorted(TABLE.rglob("*.py"))  # the table's every module, its widgets among them


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
    "_say": (0, "text"),
    "_toast": (0, "text"),
    "Plate": (0,),
    "draw_lines": ("x_label",),
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
# The words the table's modules may still spell themselves, by module, each with its reason: the
# app's own chrome around a game, the same for every game (as the menu and settings screens are).
CHROME: dict[str, tuple[str, frozenset[str]]] = {
    "scene": ("the Menu button opens the app's pause menu, on every table alike", frozenset({"Menu"})),
    "score_sheet": ("the same Menu button, over the score sheet", frozenset({"Menu"})),
    "menu": (
        "the app's pause menu over the table (resume, the rules, the app's menu, quit)",
        frozenset({"Paused", "Resume", "Rules", "Menu (the game stays saved)", "Quit"}),
    ),
    "coach": (
        "a lesson's own buttons and headings: lessons are the app's teaching, their steps' words "
        "come from the lesson files, not a game's presenter",
        frozenset({"Back", "Next", "Skip lesson", "Play a real match", "Menu", "Well played", "Your move", "Play on"}),
    ),
    "hand_order": (
        "the hand-order setting's choices, shown by the app's Settings screen, not at the table",
        frozenset({"Suits, trump right", "Suits, trump left", "As dealt"}),
    ),
    "keys": ("the keys' own names on the keyboard (F1)", frozenset({"U or Ctrl+Z", "Left / Right", "Tab / Shift+Tab"})),
}
ALLOWED: set[tuple[str, str]] = {(module, word) for module, (_why, words) in CHROME.items() for word in words}


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


def phrases(text: str) -> list[tuple[int, str]]:
    """(line, literal) for every phrase a module spells anywhere but in a docstring: a string
    literal with a letter and a space (a key or a kind has no space), such as a status line a
    function returns ("Your turn.") or a sentence kept in a constant."""
    tree = ast.parse(text)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and " " in node.value.strip()
        and any(c.isalpha() for c in node.value)
    ]


def spelt_words(text: str) -> list[tuple[int, str]]:
    """Every word a module spells where the table shows words, and every phrase it spells at all."""
    return sorted(set(on_screen_literals(text)) | set(phrases(text)))


def test_every_word_on_the_table_comes_from_the_presenter() -> None:
    """No module of the table (its scene, status line, controls, paint, log, score sheet, widgets
    and modes) spells a word where the table shows one (a line said, a toast, a refusal, a
    button's label, a status, a plate, a question, the keys' help) or a phrase anywhere: they ask
    ``Presenter.word`` (or the game's other presenter methods), so a game may reword any of them.
    The few words of the app's own chrome are allowed by name, each with its reason (``CHROME``)."""
    found = [
        f"{path.relative_to(TABLE)}:{line}: {literal!r}"
        for path in TABLE_MODULES
        for line, literal in spelt_words(path.read_text(encoding="utf-8"))
        if (path.stem, literal) not in ALLOWED
    ]
    assert found == []


def test_the_chrome_allowed_is_still_spelt() -> None:
    """Each word the allow-list lets a module spell is still there: the list never outlives its reasons."""
    spelt = {
        (path.stem, literal) for path in TABLE_MODULES for _, literal in spelt_words(path.read_text(encoding="utf-8"))
    }
    assert ALLOWED <= spelt


def test_every_word_the_table_asks_for_is_in_the_presenter() -> None:
    """Every ``word("key")`` the table asks for is a key of ``Presenter.table_words`` (a typo
    would be a KeyError at a player)."""
    from rules.presenter import Presenter

    asked = set()
    for path in TABLE_MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            at = {"word": 0, "_word": 1}.get(name)
            if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant):
                asked.add(node.args[at].value)
    assert len(asked) > 60
    assert asked - set(Presenter.table_words) == set()


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
    self._say(f"Wait: it is {who}'s turn.", "warn")
    self._toast("The rules are not available.")
    generic = Plate(f"bot \\u00b7 {level}" if level else "human", tags)
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
            "Wait: it is ",
            "'s turn.",
            "The rules are not available.",
            "bot \u00b7 ",
            "human",
        ]
    )
    planted = 'def prompt() -> str:\n    return "Your turn." if legal else LINE\nLINE = "The game is over."\n'
    assert sorted(t for _, t in spelt_words(planted)) == ["The game is over.", "Your turn."]


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
