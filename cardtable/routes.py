"""The scenes by name: the one module that imports the scene modules.

A scene opens another through the app, ``self.app.open("rules", game_id=...)``, and the app asks
:func:`make` here for it; so no scene imports another scene or the app, and the shell's scenes,
the table and the app form no import circle (tests/test_imports.py). Each factory imports its
scene when it is first opened: the app starts with the menu's modules only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .scene import Host, Route, Scene

if TYPE_CHECKING:
    from rules.lessons import Coach

    from .session import Session


def _menu(app: Host) -> Scene:
    from .scenes.menu import MenuScene

    return MenuScene(app)


def _new_game(app: Host, game_id: str, preset: tuple[str | None, int | None, str] | None = None) -> Scene:
    """The New game screen of ``game_id`` (loading its rules may raise ``rules.RulesError``);
    ``preset``: (variant, players, bots' level) chosen for the player (after a lesson)."""
    from .scenes.newgame import NewGameScene

    scene = NewGameScene(app, game_id)
    if preset is not None:
        scene.preset(*preset)
    return scene


def _table(app: Host, session: Session, coach: Coach | None = None) -> Scene:
    """The table for ``session``'s match; with ``coach``, a lesson's step."""
    from .table import TableScene

    return TableScene(app, session, coach=coach)


def _rules(app: Host, game_id: str | None = None) -> Scene:
    from .scenes.rules_help import RulesHelpScene

    return RulesHelpScene(app, game_id)


def _stats(app: Host, game_id: str | None = None) -> Scene:
    from .scenes.stats_scene import StatsScene

    return StatsScene(app, game_id)


def _settings(app: Host) -> Scene:
    from .scenes.settings_scene import SettingsScene

    return SettingsScene(app)


def _handoff(app: Host, seat_name: str, on_continue: Callable[[], None]) -> Scene:
    """Hot seat: the screen that hides every hand until ``seat_name`` says it is them."""
    from .scenes.handoff import HandoffScene

    return HandoffScene(app, seat_name, on_continue)


def _result(app: Host, session: Session) -> Scene:
    from .scenes.result import ResultScene

    return ResultScene(app, session)


FACTORIES: dict[str, Callable[..., Scene]] = {
    "menu": _menu,
    "new-game": _new_game,
    "table": _table,
    "rules": _rules,
    "stats": _stats,
    "settings": _settings,
    "handoff": _handoff,
    "result": _result,
}


def make(app: Host, route: Route, **options: Any) -> Scene:
    """The scene named ``route``, made with ``options`` (its factory's keywords above)."""
    return FACTORIES[route](app, **options)


def is_menu(scene: Scene | None) -> bool:
    """Whether ``scene`` is the main menu (the scene :meth:`cardtable.app.App.to_menu` keeps)."""
    from .scenes.menu import MenuScene

    return isinstance(scene, MenuScene)
