"""The shell's scenes (menu, new game, hand-off, result, rules help, settings) and what they
share: :class:`ShellScene` (felt, title, widgets with keyboard focus, relayout on resize) and
the catalogue of the five games, playable or still to come."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

import rules

from .. import widgets as ui
from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App

# The five games of Cardtable, in menu order; those without a rules module yet are shown dimmed.
FIVE_GAMES: tuple[tuple[str, str, str], ...] = (
    ("try", "Try", "Cooperative: without a word, agree on one of five suits and score 65 together."),
    ("tryce", "Tryce", "Rummy with groups, runs and words, for 3 to 6 players."),
    ("tribello", "Tribello", "Trick taking for 3: four rounds, each with its own trump and quotas."),
    ("troeven", "3-Player Troeven", "Trumps and card points: bring your tally down to 0 first."),
    ("trio", "Trio", "Deduction and memory: reveal three of a kind, alone or with a partner."),
)


@dataclass(frozen=True)
class GameEntry:
    """One line of the game menu."""

    id: str
    name: str
    blurb: str
    playable: bool
    house: bool = False


def catalogue() -> tuple[list[GameEntry], list[str]]:
    """The games for the menu (the five first, then users' house-rule games) and one notice
    per line of problems with users' rules files."""
    playable = set(rules.list_games())
    entries = []
    notices: list[str] = []
    for game_id, name, blurb in FIVE_GAMES:
        if game_id in playable:
            try:
                game = rules.load_game(game_id)
            except Exception as exc:  # noqa: BLE001 - a game that fails to load is shown dimmed, not fatal
                notices.append(f"{name} cannot be loaded: {short_message(exc)}")
                entries.append(GameEntry(game_id, name, blurb, False))
                continue
            entries.append(GameEntry(game_id, game.name, game.blurb, True))
        else:
            entries.append(GameEntry(game_id, name, blurb, False))
    known = {g[0] for g in FIVE_GAMES}
    try:
        house, problems = rules.user_games()
    except Exception as exc:  # noqa: BLE001 - the menu must open whatever the user folder holds
        house, problems = {}, [short_message(exc)]
    for game_id in sorted(house):
        if game_id not in known:
            game = house[game_id]
            entries.append(GameEntry(game_id, game.name, game.blurb, True, house=True))
    for problem in problems:
        notices.extend(line for line in _shorten_paths(problem).splitlines() if line.strip())
    return entries, notices


def _shorten_paths(message: str) -> str:
    """``/long/path/to/file.toml: key: msg`` -> ``file.toml: key: msg`` on every line."""
    out = []
    for line in str(message).splitlines():
        head, sep, rest = line.partition(".toml:")
        if sep:
            head = head.replace("\\", "/").rsplit("/", 1)[-1]
            line = f"{head}.toml:{rest}"
        out.append(line)
    return "\n".join(out)


def short_message(exc: BaseException) -> str:
    """The first line of an error, with file paths cut to their names: fit for one line on screen."""
    text = _shorten_paths(str(exc)).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class ShellScene(Scene):
    """A full-window shell scene: felt, a title, widgets with focus; Esc calls :meth:`back`.

    Subclasses build their widgets once, then set their rects in :meth:`layout`, which runs
    again on every resize.
    """

    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.group = ui.FocusGroup()
        self.size: tuple[int, int] = app.size
        self.u = ui.unit(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.u = ui.unit(size)
        self.layout()

    def layout(self) -> None:
        """Place the widgets for ``self.size`` (``self.u`` is the scale)."""

    def back(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def px(self, value: float) -> int:
        """``value`` design pixels at the current scale."""
        return round(value * self.u)

    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str = "", top: float = 34) -> int:
        """The scene's heading, centred; returns the y below it."""
        rect = ui.blit_text(surface, title, 60 * self.u, ui.GOLD_LIGHT, (self.size[0] / 2, self.px(top)), "midtop",
                            bold=True, max_width=self.size[0] * 0.9)
        bottom = rect.bottom
        if subtitle:
            sub = ui.blit_text(surface, subtitle, 24 * self.u, ui.CREAM, (self.size[0] / 2, bottom + self.px(8)),
                               "midtop", max_width=self.size[0] * 0.9)
            bottom = sub.bottom
        return bottom

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        if self.title:
            self.draw_title(surface, self.title)
        self.group.draw(surface)
