"""The shape of the app's imports, read from the source (every import: module level, inside a
function, under ``if TYPE_CHECKING:``): a scene opens another through the app by name
(:mod:`cardtable.routes`) and imports no other scene nor the app, and no modules import each
other in a circle. Then navigation by name, driven through a real app."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import get_args

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from import_graph import a_cycle, components, import_graph  # noqa: E402

from cardtable import routes  # noqa: E402
from cardtable.scene import Route  # noqa: E402
from cardtable.table import TableScene  # noqa: E402


def scene_modules(graph: dict[str, set[str]]) -> set[str]:
    """The modules that are a scene: the shell's (``cardtable.scenes.*``, not the package's own
    shared base), the table scene and the modules of the classes it is made of."""
    shell = {module for module in graph if module.startswith("cardtable.scenes.")}
    table = {cls.__module__ for cls in TableScene.__mro__ if cls.__module__.startswith("cardtable.table.")}
    return shell | table


def circle_text(graph: dict[str, set[str]], component: list[str]) -> str:
    return f"{len(component)} modules, e.g. " + " -> ".join(a_cycle(graph, component))


def test_no_scene_imports_another_scene_or_the_app() -> None:
    graph = import_graph()
    scenes = scene_modules(graph)
    assert {"cardtable.scenes.menu", "cardtable.table.scene", "cardtable.table.controls"} <= scenes
    # the table package re-exports TableScene; routes imports every scene
    forbidden = scenes | {"cardtable.app", "cardtable.routes", "cardtable.table"}
    importers = scenes | {"cardtable.scenes", "cardtable.learn", "cardtable.scene"}
    wrong = sorted(
        f"{module} imports {target}"
        for module in importers
        for target in graph[module] & forbidden
        if target != module and not (module in scenes and target in scenes and _same_scene(module, target))
    )
    assert not wrong, "open a scene by name through the app (cardtable/routes.py):\n" + "\n".join(wrong)


def _same_scene(module: str, target: str) -> bool:
    """The table scene and the parts it is made of are one scene: they may import each other."""
    return module.startswith("cardtable.table.") and target.startswith("cardtable.table.")


def test_no_import_circle() -> None:
    graph = import_graph()
    circles = [component for component in components(graph) if len(component) > 1]
    assert not circles, "import circles:\n" + "\n".join(circle_text(graph, c) for c in circles)


def test_the_import_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "from . import b\n",
        "b.py": "def later():\n    from .sub import c\n",
        "sub/__init__.py": "",
        "sub/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import thing\n",
        "d.py": "import pkg.sub.c\nfrom pkg.sub import c as renamed\n",
    }
    for name, text in files.items():
        (package / name).write_text(textwrap.dedent(text), encoding="utf-8")
    graph = import_graph("pkg", tmp_path)
    assert graph == {
        "pkg": set(),
        "pkg.a": {"pkg.b"},
        "pkg.b": {"pkg.sub.c"},
        "pkg.sub": set(),
        "pkg.sub.c": {"pkg.a"},
        "pkg.d": {"pkg.sub.c"},
    }
    assert components(graph)[0] == ["pkg.a", "pkg.b", "pkg.sub.c"]
    assert a_cycle(graph, components(graph)[0]) == ["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]
    assert import_graph("pkg", tmp_path, hints=False)["pkg.sub.c"] == set()


def test_every_route_has_a_scene_and_every_scene_a_route() -> None:
    assert set(routes.FACTORIES) == set(get_args(Route))


def test_scenes_open_by_name_and_close_back_to_the_one_below(app) -> None:
    import pytest

    import rules
    from cardtable.scenes.menu import MenuScene
    from cardtable.scenes.newgame import NewGameScene
    from cardtable.scenes.rules_help import RulesHelpScene
    from cardtable.scenes.settings_scene import SettingsScene
    from cardtable.scenes.stats_scene import StatsScene

    menu = app.open("menu")
    assert isinstance(menu, MenuScene) and app.stack.scenes == [menu]
    settings = app.open("settings")
    assert isinstance(settings, SettingsScene) and app.stack.top is settings
    assert app.back() is settings and app.stack.top is menu
    rules_help = app.open("rules", game_id="try")
    assert isinstance(rules_help, RulesHelpScene) and rules_help.game_id == "try"
    stats = app.open("stats", replace=True, game_id="try")
    assert isinstance(stats, StatsScene) and app.stack.scenes == [menu, stats]
    with pytest.raises(rules.RulesError):
        app.open("new-game", game_id="no-such-game")
    assert app.stack.scenes == [menu, stats]  # nothing opened
    new_game = app.open("new-game", game_id="try", preset=(None, 2, "easy"))
    assert isinstance(new_game, NewGameScene) and new_game.players.value == 2
    app.to_menu()
    assert app.stack.scenes == [menu]
