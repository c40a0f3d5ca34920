"""The main menu: every installed game (those not written yet dimmed), users' house-rule games, a
Resume list (every match waiting, one per game: its name, how far it got and when it was
last played), Rules, Statistics, Settings, Quit, and a notice area naming every damaged file moved aside.

Keys: arrows or Tab move, Enter chooses, Esc quits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import rules

from .. import learn, lessons_done, saves, stats, userfiles
from .. import widgets as ui
from . import ShellScene, catalogue, short_message

if TYPE_CHECKING:
    from ..scene import Host

MAX_NOTICES = 3
MAX_RESUME = 5  # matches listed to resume (the most recently played first)
NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve")


def tagline(games: int) -> str:
    """The line under the title, counting the games the menu lists (a plugin adds one; a
    house-rule game is a way to play one of them, not counted)."""
    count = NUMBER_WORDS[games] if 0 <= games < len(NUMBER_WORDS) else str(games)
    noun = "card game" if games == 1 else "card games"
    return f"{count} uncommon {noun}, against bots or with friends at one computer."


class MenuScene(ShellScene):
    """Pick a game, resume the saved one, read rules, change settings or quit."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.game_buttons: list[ui.Button] = []
        self.resume_buttons: list[ui.Button] = []
        self.waiting: list[saves.Saved] = []
        self.notices: list[str] = []
        self._games: dict[str, rules.Game | None] = {}
        self.rules_button = ui.Button("Rules", self.open_rules)
        self.stats_button = ui.Button("Statistics", self.open_stats)
        self.settings_button = ui.Button("Settings", self.open_settings)
        self.quit_button = ui.Button("Quit", lambda: self.app.quit(0))
        self.refresh()

    def enter(self) -> None:
        self.refresh()

    @property
    def resume_button(self) -> ui.Button | None:
        """The first match to resume (the most recently played), if any."""
        return self.resume_buttons[0] if self.resume_buttons else None

    def refresh(self) -> None:
        """Read the games and the saves again (a match may have ended, a rules file changed)."""
        first = len(userfiles.notices)
        entries, notices = catalogue()
        self.entries = entries
        self.game_buttons = [
            ui.Button(
                e.name, (lambda gid=e.id: self.open_game(gid)), sublabel=e.blurb, tag="house rules" if e.house else ""
            )
            for e in entries
        ]
        self.learn_buttons = self._learn_buttons(entries)
        self.waiting = saves.list_saved()[:MAX_RESUME]
        self._games: dict[str, rules.Game | None] = {}
        self.resume_buttons = [
            ui.Button(
                self.game_name(s.game_id),
                (lambda gid=s.game_id: self.resume(gid)),
                primary=i == 0,
                sublabel=self._saved_line(s),
            )
            for i, s in enumerate(self.waiting)
        ]
        self.notices = [*userfiles.notices, *notices]
        self.group.set(self._widgets())
        self.layout()
        self.app.toast_notices(first)

    def _learn_buttons(self, entries: list) -> dict[str, ui.Button]:
        """A *Learn* button beside each game that ships a lesson: "Learn (10 min)" in gold for a
        game never played nor learned, plain "Learn" once it has been."""
        done = lessons_done.finished()
        buttons = {}
        for entry in entries:
            if entry.house or not learn.has_lesson(entry.id):
                continue
            new = entry.id not in done and not stats.played_any(entry.id)
            label = f"Learn ({learn.lesson_minutes(entry.id)} min)" if new else "Learn"
            buttons[entry.id] = ui.Button(label, (lambda gid=entry.id: self.learn(gid)), primary=new)
        return buttons

    def learn(self, game_id: str) -> None:
        learn.start_lesson(self.app, game_id)

    def game_name(self, game_id: str) -> str:
        for entry in self.entries:
            if entry.id == game_id:
                return entry.name
        return game_id

    def _game(self, saved: saves.Saved) -> rules.Game | None:
        if saved.game_id not in self._games:
            try:
                self._games[saved.game_id] = rules.load_game(saved.game_id)
            except Exception:  # noqa: BLE001 - a game that no longer loads still shows its save
                self._games[saved.game_id] = None
        return self._games[saved.game_id]

    def _saved_line(self, saved: saves.Saved) -> str:
        """ "deal 2 of 12 · today 14:05"."""
        return f"{saves.progress(saved.record, self._game(saved))}  \u00b7  {saves.when(saved.mtime)}"

    def _widgets(self) -> list[ui.Widget]:
        games: list[ui.Widget] = []
        for button, entry in zip(self.game_buttons, self.entries, strict=True):
            games.append(button)
            if entry.id in self.learn_buttons and not entry.house:
                games.append(self.learn_buttons[entry.id])
        return [
            *games,
            *self.resume_buttons,
            self.rules_button,
            self.stats_button,
            self.settings_button,
            self.quit_button,
        ]

    # ------------------------------------------------------------- layout
    def layout(self) -> None:
        w, h = self.size
        px = self.px
        top = px(178)
        shown = min(len(self.notices), MAX_NOTICES + 1)
        notice_h = px(26) * shown + (px(20) if self.notices else 0)
        bottom = h - px(36) - notice_h
        gap = px(28)
        side_w = max(px(260), min(px(320), w * 0.26))
        games_w = min(px(660), w - side_w - gap - px(60))
        left = (w - games_w - gap - side_w) / 2
        games = pygame.Rect(round(left), top, round(games_w), bottom - top)
        side = pygame.Rect(round(left + games_w + gap), top, round(side_w), bottom - top)
        n = len(self.game_buttons)
        height = ui.fit_count(games.height, n, px(92), px(12), px(40))
        learn_w = px(150) if self.learn_buttons else 0
        for button, entry, rect in zip(
            self.game_buttons, self.entries, ui.column(games, [height] * n, px(12)), strict=True
        ):
            button.rect = rect
            button.sublabel = entry.blurb if height >= px(58) else ""
            if learn_w:  # every tile keeps the Learn column's room, so the tiles line up
                button.rect = pygame.Rect(rect.left, rect.top, rect.width - learn_w - px(10), rect.height)
            learning = self.learn_buttons.get(entry.id)
            if learning is not None and not entry.house:
                learning.rect = pygame.Rect(0, 0, learn_w, min(rect.height, px(54)))
                learning.rect.midright = rect.midright
        # The side column: Rules, Statistics, Settings, Quit at the bottom (level with the last game when
        # the room above them holds the longest Resume list); the matches to resume above them. Where they
        # lie never depends on how many matches wait (a click aimed at one must not land on another).
        k = len(self.resume_buttons)
        games_bottom = max((b.rect.bottom for b in self.game_buttons), default=side.bottom)
        fixed = [self.rules_button, self.stats_button, self.settings_button, self.quit_button]
        count = len(fixed)
        fixed_h = ui.fit_count(side.height * 0.55, count, px(54), px(12), px(40))
        room_h = games_bottom - side.top - px(38) - (count * fixed_h + (count - 1) * px(12)) - px(22)
        if games_bottom < side.bottom and room_h >= MAX_RESUME * px(78):
            side.height = games_bottom - side.top
        block = count * fixed_h + (count - 1) * px(12)
        for button, rect in zip(
            fixed,
            ui.column(
                pygame.Rect(side.left, side.bottom - round(block), side.width, round(block)), [fixed_h] * count, px(12)
            ),
            strict=True,
        ):
            button.rect = rect
        self.resume_heading = pygame.Rect(side.left, side.top, side.width, px(30))
        room = pygame.Rect(
            side.left,
            self.resume_heading.bottom + px(8),
            side.width,
            side.bottom - round(block) - px(22) - self.resume_heading.bottom - px(8),
        )
        rh = ui.fit_count(room.height, k, px(84), px(10), px(44))
        for i, (button, rect) in enumerate(zip(self.resume_buttons, ui.column(room, [rh] * k, px(10)), strict=True)):
            button.rect = rect
            button.visible = rect.bottom <= room.bottom or i == 0
            saved = self.waiting[i]
            button.sublabel = self._saved_line(saved) if rh >= px(56) else ""
            name = self.game_name(saved.game_id)
            button.label = name if button.sublabel else f"{name}: {saves.progress(saved.record, self._game(saved))}"
        self.notice_rect = pygame.Rect(round(left), bottom + px(16), round(games_w + gap + side_w), notice_h)

    # ------------------------------------------------------------- actions
    def open_game(self, game_id: str) -> None:
        try:  # the game's procedure is imported now, when it is first chosen
            self.app.open("new-game", game_id=game_id)
        except rules.RulesError as exc:
            self.app.toast(short_message(exc))
        except Exception as exc:  # noqa: BLE001 - a third party's module may raise anything on import
            self.app.toast(f"The game {game_id!r} cannot be loaded: {short_message(exc)}")

    def resume(self, game_id: str | None = None) -> None:
        """Open ``game_id``'s match waiting (the most recent one by default) at the table.

        The rules replay the whole record; one they refuse is moved aside with a notice.
        """
        if game_id is None:
            if not self.waiting:
                return
            game_id = self.waiting[0].game_id
        first = len(userfiles.notices)
        record = saves.load_saved(game_id)
        if record is None:
            self.refresh()
            self.app.toast_notices(first)
            return
        try:
            from ..session import Session

            session = Session.from_record(record)
        except (
            rules.RulesError,
            KeyError,
            TypeError,
            ValueError,
            IndexError,
            AttributeError,
            RecursionError,
            OverflowError,
            MemoryError,
        ) as exc:
            saves.refuse(game_id, short_message(exc))
            self.refresh()
            self.app.toast_notices(first)
            return
        try:
            self.app.open("table", session=session)
        except ImportError as exc:
            self.app.toast(f"The table cannot be opened: {exc}")

    def open_rules(self) -> None:
        focused = self.group.focused
        game_id = None
        if focused in self.game_buttons:
            game_id = self.entries[self.game_buttons.index(focused)].id
        self.app.open("rules", game_id=game_id)

    def open_stats(self) -> None:
        focused = self.group.focused
        game_id = self.entries[self.game_buttons.index(focused)].id if focused in self.game_buttons else None
        self.app.open("stats", game_id=game_id)

    def open_settings(self) -> None:
        self.app.open("settings")

    def back(self) -> None:
        self.app.quit(0)

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        w = self.size[0]
        title = ui.blit_text(
            surface, "Cardtable", 96 * self.u, ui.GOLD_LIGHT, (w / 2, self.px(40)), "midtop", bold=True
        )
        ui.blit_text(
            surface,
            tagline(sum(not entry.house for entry in self.entries)),
            24 * self.u,
            ui.CREAM,
            (w / 2, title.bottom + self.px(12)),
            "midtop",
            max_width=w * 0.92,
        )
        if self.resume_buttons:
            ui.blit_text(
                surface, "Resume", 26 * self.u, ui.GOLD_LIGHT, self.resume_heading.midleft, "midleft", bold=True
            )
        self.group.draw(surface)
        if self.notices:
            self._draw_notices(surface)

    def _draw_notices(self, surface: pygame.Surface) -> None:
        rect = self.notice_rect
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 90), veil.get_rect(), border_radius=self.px(10))
        surface.blit(veil, rect)
        lines = self.notices[-MAX_NOTICES:]
        if len(self.notices) > MAX_NOTICES:
            lines.append(f"... and {len(self.notices) - MAX_NOTICES} more files that could not be read.")
        y = rect.top + self.px(10)
        for line in lines:
            ui.blit_text(
                surface,
                line,
                19 * self.u,
                ui.GOLD_LIGHT,
                (rect.left + self.px(14), y),
                "topleft",
                max_width=rect.width - self.px(28),
            )
            y += self.px(26)
