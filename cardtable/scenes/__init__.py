"""The shell's scenes (menu, new game, hand-off, result, rules help, settings) and what they
share: :class:`ShellScene` (felt, title, widgets with keyboard focus, relayout on resize) and
the catalogue of the games found (:func:`catalogue`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

import rules
import rules.registry

from .. import userfiles
from .. import widgets as ui
from ..scene import Host, Scene

MAX_GAME_NAME = 60  # characters of a game's name or blurb shown (a house-rule file's may be longer)
MAX_BLURB = 300


@dataclass(frozen=True)
class GameEntry:
    """One line of the game menu."""

    id: str
    name: str
    blurb: str
    house: bool = False


def _menu_order(game: rules.registry.GameHeader) -> tuple[bool, int, str, str]:
    """The TOML's ``order`` first; games without one after, by name."""
    return (game.order is None, game.order or 0, game.name.casefold(), game.id)


def catalogue() -> tuple[list[GameEntry], list[str]]:
    """The games for the menu (every installed game in menu order, then users' house-rule games)
    and one notice per game plugin that cannot be loaded and per line of problems with users'
    rules files that could not be moved aside (a refused file in the user rules folder is moved
    aside with a notice in ``userfiles.notices``). A broken game is left out; it hides no other."""
    notices = [userfiles.one_line(problem) for problem in rules.registry.plugin_problems()]
    games: list[rules.registry.GameHeader] = []
    for game_id in rules.registry.game_specs():
        try:  # the header only: a game's procedure is imported when it is chosen
            games.append(rules.registry.game_header(game_id))
        except Exception as exc:  # noqa: BLE001 - a game that fails to load is told, not fatal
            notices.append(userfiles.one_line(f"The game {game_id!r} cannot be loaded: {short_message(exc)}"))
    entries = [
        GameEntry(game.id, ui.clip(game.name, MAX_GAME_NAME), ui.clip(game.blurb, MAX_BLURB))
        for game in sorted(games, key=_menu_order)
    ]
    try:
        house, problems = rules.user_games()
    except Exception as exc:  # noqa: BLE001 - the menu must open whatever the user folder holds
        house, problems = {}, [short_message(exc)]
    known = {entry.id for entry in entries}
    for game_id in sorted(house):
        if game_id not in known:
            game = house[game_id]
            entries.append(
                GameEntry(game_id, ui.clip(game.name, MAX_GAME_NAME), ui.clip(game.blurb, MAX_BLURB), house=True)
            )
    for problem in problems:  # a file moved aside is told by its notice (userfiles.notices)
        if not set_aside_rules_file(problem):
            notices.extend(
                userfiles.one_line(line) for line in _shorten_paths(str(problem)).splitlines() if line.strip()
            )
    return entries, notices


def game_beside(ids: list[str], game_id: str | None, key: int) -> str:
    """The game after ``game_id`` in ``ids`` (the arrow ``key`` right; left: the one before),
    round the ends; from the first when ``game_id`` is not there."""
    at = ids.index(game_id) if game_id in ids else 0
    return ids[(at + (1 if key == pygame.K_RIGHT else -1)) % len(ids)]


def problem_path(problem: Any) -> Path | None:
    """The user's rules file a problem is about: ``problem.path`` (``rules.HouseRuleProblem``),
    else the ``FILE.toml:`` the message starts with; ``None`` unless it is in the user rules folder."""
    path = getattr(problem, "path", None)
    if path is None:
        head, sep, _rest = str(problem).partition(".toml:")
        if not sep or "\n" in head:
            return None
        path = head + ".toml"
    try:
        path = Path(path)
        folder = userfiles.home() / "rules"
        return path if userfiles.inside(folder, path) and (path.is_file() or userfiles.not_a_file(path)) else None
    except (OSError, TypeError, ValueError):
        return None


def set_aside_rules_file(problem: Any) -> str | None:
    """Move a refused house-rule file aside (never done by ``cardtable-sim``); the notice, or
    ``None`` when the problem names no file of the user rules folder."""
    path = problem_path(problem)
    if path is None:
        return None
    what = str(problem).strip().splitlines()[0] if str(problem).strip() else "refused"
    prefix = f"{path}:"
    if what.startswith(prefix):
        what = what[len(prefix) :].strip()
    else:
        what = _shorten_paths(what)
        if what.startswith(f"{path.name}:"):
            what = what[len(path.name) + 1 :].strip()
    return userfiles.set_aside(path, what)


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

    def __init__(self, app: Host) -> None:
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
        self.app.back()

    def next_due(self) -> float | None:
        """A text field being edited blinks its caret (every half second)."""
        if self.group.editing:
            return ui.CARET_BLINK - (pygame.time.get_ticks() % round(ui.CARET_BLINK * 1000)) / 1000
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def px(self, value: float) -> int:
        """``value`` design pixels at the current scale."""
        return round(value * self.u)

    def place_tabs(self, tabs: list[ui.Button], top: int, margin: int) -> int:
        """Lay ``tabs`` (a button per game) in one centred row at ``top``; returns the y where the
        content below them starts (``top`` when there are none)."""
        if not tabs:
            return top
        px = self.px
        gap = px(10)
        tab_w = min(px(230), (self.size[0] - 2 * margin - gap * (len(tabs) - 1)) / len(tabs))
        total = tab_w * len(tabs) + gap * (len(tabs) - 1)
        area = pygame.Rect(round((self.size[0] - total) / 2), top, round(total), px(48))
        for tab, rect in zip(tabs, ui.row(area, [tab_w] * len(tabs), gap), strict=True):
            tab.rect = rect
        return top + px(66)

    @staticmethod
    def light_tab(tabs: list[ui.Button], ids: list[str], shown: str | None) -> None:
        """The tab of the game shown is drawn as the primary button."""
        for tab, game_id in zip(tabs, ids, strict=False):
            tab.primary = game_id == shown

    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str = "", top: float = 34) -> int:
        """The scene's heading, centred; returns the y below it."""
        rect = ui.blit_text(
            surface,
            title,
            60 * self.u,
            ui.GOLD_LIGHT,
            (self.size[0] / 2, self.px(top)),
            "midtop",
            bold=True,
            max_width=self.size[0] * 0.9,
        )
        bottom = rect.bottom
        if subtitle:
            sub = ui.blit_text(
                surface,
                subtitle,
                24 * self.u,
                ui.CREAM,
                (self.size[0] / 2, bottom + self.px(8)),
                "midtop",
                max_width=self.size[0] * 0.9,
            )
            bottom = sub.bottom
        return bottom

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        if self.title:
            self.draw_title(surface, self.title)
        self.group.draw(surface)


class ConfirmScene(ShellScene):
    """A modal question over the scene below: ``question`` with a ``yes`` and a ``no`` button.

    ``on_yes`` / ``on_no`` run after the dialog has closed. Esc answers no; the focus starts on
    the harmless answer (no).
    """

    overlay = True

    def __init__(
        self, app: Host, question: str, yes: str, no: str, on_yes: Any, on_no: Any = None, detail: str = ""
    ) -> None:
        super().__init__(app)
        self.question = ui.clip(question, 200)
        self.detail = ui.clip(detail, 300)
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_button = ui.Button(yes, lambda: self._answer(True))
        self.no_button = ui.Button(no, lambda: self._answer(False), primary=True)
        self.group.set([self.yes_button, self.no_button])
        self.group.focus(self.no_button)
        self.layout()

    def _answer(self, yes: bool) -> None:
        if self.app.stack.top is self:
            self.app.back()
        then = self.on_yes if yes else self.on_no
        if then is not None:
            then()

    def back(self) -> None:
        self._answer(False)

    def layout(self) -> None:
        px = self.px
        w = min(self.size[0] - px(60), px(720))
        self.lines = ui.wrap(self.question, 30 * self.u, w - px(64), bold=True)[:3]
        self.detail_lines = ui.wrap(self.detail, 20 * self.u, w - px(64))[:3] if self.detail else []
        text_h = ui.line_height(30 * self.u) * len(self.lines) + ui.line_height(20 * self.u) * len(self.detail_lines)
        h = px(40) + text_h + px(28) + px(60) + px(32)
        self.panel = ui.centered(self.size, w, h)
        button_w = min(px(220), (w - px(64) - px(20)) / 2)
        row = pygame.Rect(0, 0, round(button_w * 2 + px(20)), px(60))
        row.midbottom = (self.panel.centerx, self.panel.bottom - px(32))
        self.yes_button.rect, self.no_button.rect = ui.row(row, [button_w, button_w], px(20))

    def draw(self, surface: pygame.Surface) -> None:
        ui.shade(surface, 150)
        ui.draw_panel(surface, self.panel, ui.CREAM, ui.GOLD, radius=self.px(18))
        y = self.panel.top + self.px(40)
        for line in self.lines:
            ui.blit_text(
                surface,
                line,
                30 * self.u,
                ui.INK,
                (self.panel.centerx, y),
                "midtop",
                bold=True,
                max_width=self.panel.width - self.px(48),
            )
            y += ui.line_height(30 * self.u)
        for line in self.detail_lines:
            ui.blit_text(
                surface,
                line,
                20 * self.u,
                ui.INK_SOFT,
                (self.panel.centerx, y),
                "midtop",
                max_width=self.panel.width - self.px(48),
            )
            y += ui.line_height(20 * self.u)
        self.group.draw(surface)
