"""The main menu: the five games (those not written yet dimmed), users' house-rule games,
Resume, Rules, Settings, Quit, and a notice area for broken rules files or a damaged save.

Keys: arrows or Tab move, Enter chooses, Esc quits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import rules

from .. import saves
from .. import widgets as ui
from . import ShellScene, catalogue, short_message

if TYPE_CHECKING:
    from ..app import App

MAX_NOTICES = 3


class MenuScene(ShellScene):
    """Pick a game, resume the saved one, read rules, change settings or quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game_buttons: list[ui.Button] = []
        self.resume_button: ui.Button | None = None
        self.saved: dict | None = None
        self.notices: list[str] = []
        self.save_notice: str | None = None  # kept once seen: the damaged save was moved aside
        self.rules_button = ui.Button("Rules", self.open_rules)
        self.settings_button = ui.Button("Settings", self.open_settings)
        self.quit_button = ui.Button("Quit", lambda: self.app.quit(0))
        self.refresh()

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the games and the save again (a match may have ended, a rules file changed)."""
        entries, notices = catalogue()
        self.entries = entries
        self.game_buttons = [
            ui.Button(e.name, (lambda gid=e.id: self.open_game(gid)), enabled=e.playable, sublabel=e.blurb,
                      tag="" if e.playable else "coming soon")
            for e in entries
        ]
        for button, entry in zip(self.game_buttons, entries, strict=True):
            if entry.house:
                button.tag = "house rules"
        self.saved, problem = saves.load_saved()
        self.save_notice = problem or self.save_notice
        if self.save_notice:
            notices = [self.save_notice, *notices]
        self.notices = notices
        self.resume_button = None
        if self.saved is not None:
            self.resume_button = ui.Button("Resume game", self.resume, primary=True,
                                           sublabel=self._saved_line(self.saved))
        self.group.set(self._widgets())
        self.layout()

    def _saved_line(self, record: dict) -> str:
        name = str(record.get("game"))
        for entry in self.entries:
            if entry.id == record.get("game"):
                name = entry.name
        detail = saves.describe(record)
        return f"{name}: {detail}" if detail else name

    def _widgets(self) -> list[ui.Widget]:
        side = [self.resume_button] if self.resume_button else []
        return [*self.game_buttons, *side, self.rules_button, self.settings_button, self.quit_button]

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        top = px(178)
        notice_h = px(26) * min(len(self.notices), MAX_NOTICES + 1) + (px(20) if self.notices else 0)
        bottom = h - px(36) - notice_h
        gap = px(28)
        side_w = max(px(260), min(px(320), w * 0.26))
        games_w = min(px(660), w - side_w - gap - px(60))
        left = (w - games_w - gap - side_w) / 2
        games = pygame.Rect(round(left), top, round(games_w), bottom - top)
        side = pygame.Rect(round(left + games_w + gap), top, round(side_w), bottom - top)
        n = len(self.game_buttons)
        height = ui.fit_count(games.height, n, px(92), px(12), px(40))
        for button, entry, rect in zip(self.game_buttons, self.entries, ui.column(games, [height] * n, px(12)),
                                       strict=True):
            button.rect = rect
            button.sublabel = entry.blurb if height >= px(58) else ""
        side_buttons = self._widgets()[n:]
        heights = [px(92) if b is self.resume_button else px(64) for b in side_buttons]
        for button, rect in zip(side_buttons, ui.column(side, heights, px(14)), strict=True):
            button.rect = rect
        if self.resume_button is not None:
            self.resume_button.sublabel = self._saved_line(self.saved or {})
        self.notice_rect = pygame.Rect(round(left), bottom + px(16), round(games_w + gap + side_w), notice_h)

    # ------------------------------------------------------------- actions
    def open_game(self, game_id: str) -> None:
        from .newgame import NewGameScene

        try:
            scene = NewGameScene(self.app, game_id)
        except rules.RulesError as exc:
            self.app.toast(short_message(exc))
            return
        self.app.push(scene)

    def resume(self) -> None:
        record = saves.read_saved()
        if record is None:
            self.refresh()
            return
        try:
            from ..session import Session

            session = Session.from_record(record)
        except (rules.RulesError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            self.app.toast(saves.set_aside(short_message(exc)))
            self.refresh()
            return
        try:
            from ..table import TableScene
        except ImportError as exc:
            self.app.toast(f"The table cannot be opened: {exc}")
            return
        self.app.push(TableScene(self.app, session))

    def open_rules(self) -> None:
        from .rules_help import RulesHelpScene

        focused = self.group.focused
        game_id = None
        if focused in self.game_buttons:
            entry = self.entries[self.game_buttons.index(focused)]
            game_id = entry.id if entry.playable else None
        self.app.push(RulesHelpScene(self.app, game_id))

    def open_settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        self.app.quit(0)

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        w = self.size[0]
        title = ui.blit_text(surface, "Cardtable", 96 * self.u, ui.GOLD_LIGHT, (w / 2, self.px(40)), "midtop",
                             bold=True)
        ui.blit_text(surface, "Five uncommon card games, against bots or with friends at one computer.",
                     24 * self.u, ui.CREAM, (w / 2, title.bottom + self.px(12)), "midtop", max_width=w * 0.92)
        self.group.draw(surface)
        if self.notices:
            self._draw_notices(surface)

    def _draw_notices(self, surface: pygame.Surface) -> None:
        rect = self.notice_rect
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 90), veil.get_rect(), border_radius=self.px(10))
        surface.blit(veil, rect)
        lines = self.notices[:MAX_NOTICES]
        if len(self.notices) > MAX_NOTICES:
            lines.append(f"... and {len(self.notices) - MAX_NOTICES} more problems in your rules files.")
        y = rect.top + self.px(10)
        for line in lines:
            ui.blit_text(surface, line, 19 * self.u, ui.GOLD_LIGHT, (rect.left + self.px(14), y), "topleft",
                         max_width=rect.width - self.px(28))
            y += self.px(26)
