"""Statistics: per game (a tab each) and variant, the matches played and won, best and average
score, the current and longest winning streak and the bot levels played against; under them a
chart of your score across the last matches of the game. Opened from the menu.

Keys: Left / Right change the game; Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import rules

from .. import charts, learn, lessons_done, saves, stats
from .. import widgets as ui
from . import ShellScene, catalogue, game_beside

if TYPE_CHECKING:
    from ..scene import Host

CHART_MATCHES = 40  # the chart shows this many of the last matches


def variant_names(game_id: str) -> dict[str, str]:
    """Variant id -> the name a player reads (the id where the rules file gives none)."""
    try:
        game = rules.load_game(game_id)
        return {v: str(game.config.variants[v].get("name") or v.replace("-", " ").capitalize()) for v in game.variants}
    except (rules.RulesError, KeyError):
        return {}


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def day_name(ended: str) -> str:
    """An ISO date as the chart's axis says it: "2 Dec" (neither 2/12 nor 12/2 to misread)."""
    try:
        month, day = int(ended[5:7]), int(ended[8:10])
        return f"{day} {MONTHS[month - 1]}" if 1 <= month <= 12 else ended[:10]
    except ValueError:
        return ended[:10]


def matches_words(count: int) -> str:
    """The chart's axis title for ``count`` matches."""
    return "your last match" if count == 1 else f"your last {count} matches, oldest first"


def lesson_line(game_id: str, finished: dict[str, tuple[int, float]]) -> str:
    """ "Lesson finished twice, last today 14:05." (nothing for a game without a lesson)."""
    if not learn.has_lesson(game_id):
        return ""
    count, last = finished.get(game_id, (0, 0.0))
    if not count:
        return "Lesson: not taken yet (Learn, beside the game in the menu)."
    times = {1: "once", 2: "twice"}.get(count, f"{count} times")
    return f"Lesson finished {times}, last {saves.when(last)}."


def summary_rows(game_id: str, summaries: list[stats.Summary]) -> list[tuple[str, ...]]:
    """The table's rows (a header first): one per variant, every figure in words a player reads."""
    names = variant_names(game_id)
    rows = [("Variant", "Played", "Won", "Best", "Average", "Streak", "Longest", "Matches against")]
    for s in summaries:
        best = "—" if s.best is None else f"{s.best}{' (lowest)' if s.lower_is_better else ''}"
        average = "—" if s.average is None else f"{s.average:.1f}"
        # "normal: 2" under "Matches against": two matches had a normal bot, not two normal bots
        against = ", ".join(f"{level}: {n}" for level, n in s.levels.items()) or "hot-seat only"
        rows.append(
            (
                names.get(s.variant, s.variant),
                str(s.played),
                f"{s.won} ({s.win_rate:.0%})",
                best,
                average,
                str(s.streak),
                str(s.longest),
                against,
            )
        )
    return rows


class StatsScene(ShellScene):
    """Your statistics, a tab per game."""

    title = "Statistics"

    def __init__(self, app: Host, game_id: str | None = None) -> None:
        super().__init__(app)
        self.entries = catalogue()[0]
        ids = [e.id for e in self.entries]
        self.tabs = [ui.Button(e.name, (lambda gid=e.id: self.show(gid))) for e in self.entries]
        self.close_button = ui.Button("Back", self.back)
        self.group.set([*self.tabs, self.close_button])
        self.game_id: str | None = None
        self.history: list[stats.Played] = []
        self.rows: list[tuple[str, ...]] = []
        self.show(game_id if game_id in ids else (ids[0] if ids else None))

    def show(self, game_id: str | None) -> None:
        """Switch to ``game_id``'s figures."""
        self.game_id = game_id
        self.history = stats.history(game_id) if game_id else []
        self.variant_names = variant_names(game_id) if game_id else {}
        self.rows = summary_rows(game_id, stats.summary(game_id, self.history)) if game_id else []
        self.lesson_line = lesson_line(game_id, lessons_done.finished()) if game_id else ""
        self.light_tab(self.tabs, [e.id for e in self.entries], game_id)
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        margin = px(40)
        top = self.place_tabs(self.tabs, px(118), margin)
        self.close_button.rect = pygame.Rect(0, 0, px(180), px(54))
        self.close_button.rect.midbottom = (w // 2, h - px(20))
        width = min(w - 2 * margin, px(1100))
        left = round((w - width) / 2)
        rows = max(2, len(self.rows))
        table_h = round(ui.line_height(self._size()) * 1.35 * rows + px(24))
        self.table_rect = pygame.Rect(left, top, width, table_h)
        chart_top = self.table_rect.bottom + px(16)
        self.chart_rect = pygame.Rect(left, chart_top, width, self.close_button.rect.top - px(16) - chart_top)

    def _size(self) -> float:
        return max(ui.MIN_TEXT, 19 * self.u)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.entries:
            self.show(game_beside([e.id for e in self.entries], self.game_id, event.key))
            return
        super().handle_event(event)

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        self.draw_title(surface, self.title)
        self.group.draw(surface)
        if self.lesson_line:
            ui.blit_text(
                surface,
                self.lesson_line,
                19 * self.u,
                ui.CREAM,
                (self.table_rect.left, self.close_button.rect.centery),
                "midleft",
                max_width=self.close_button.rect.left - self.table_rect.left - self.px(16),
            )
        if not self.history:
            name = next((e.name for e in self.entries if e.id == self.game_id), "this game")
            ui.blit_text(
                surface,
                f"No finished match of {name} yet: play one and it is counted here.",
                24 * self.u,
                ui.CREAM,
                self.table_rect.midtop,
                "midtop",
                max_width=self.table_rect.width,
            )
            return
        self._draw_table(surface)
        self._draw_chart(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        rect = self.table_rect
        ui.draw_panel(surface, rect, color=(12, 40, 26), border=ui.GOLD, radius=self.px(10), shadow=False)
        size = self._size()
        pad = self.px(14)
        shares = (1.6, 0.8, 1.1, 1.1, 1.0, 0.8, 0.9, 2.2)
        unit = (rect.width - 2 * pad) / sum(shares)
        y = rect.top + pad
        step = round(ui.line_height(size) * 1.35)
        for n, row in enumerate(self.rows):
            x = rect.left + pad
            for share, cell in zip(shares, row, strict=True):
                ui.blit_text(
                    surface,
                    cell,
                    size,
                    ui.GOLD_LIGHT if n == 0 else ui.CREAM,
                    (x, y),
                    bold=n == 0,
                    max_width=share * unit - self.px(8),
                )
                x += share * unit
            y += step

    def _draw_chart(self, surface: pygame.Surface) -> None:
        if self.chart_rect.height < self.px(120):
            return
        recent = self.history[-CHART_MATCHES:]
        variants = list(dict.fromkeys(p.variant for p in recent))
        lines = [[p.score for p in recent if p.variant == v] for v in variants]
        xs = [[i for i, p in enumerate(recent) if p.variant == v] for v in variants]
        names = [
            f"Your score ({self.variant_names.get(v, v)})" if len(variants) > 1 else "Your score" for v in variants
        ]
        dates = [day_name(p.ended) for p in recent]
        charts.draw_lines(
            surface,
            self.chart_rect,
            lines,
            names,
            self.u,
            x_label=matches_words(len(recent)),
            x_names=dates,
            xs=xs,
            count=len(recent),
        )
