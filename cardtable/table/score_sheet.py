"""The one score sheet, for every game: a row per deal played, a column per seat, the totals
below — as the game's presenter words it (:class:`rules.presenter.ScoreSheet`).

The presenter builds it from the public deal results only, so it can be shown to anyone at any
time. :class:`ScoreSheetScene` shows it over the table between deals ("Next deal") or on demand
("Close"); the result scene draws the same sheet with :func:`draw_sheet`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

import sprites
from rules.presenter import Presenter, Row, ScoreSheet

from .. import charts
from .. import widgets as ui
from ..scene import Scene

if TYPE_CHECKING:
    from ..scene import Host
    from .menu import TableMenu

GOOD = (30, 120, 62)
BAD = (178, 36, 36)
BAND = ui.mix(ui.CREAM, ui.CREAM_DARK, 0.45)
FRESH = (250, 232, 170)  # the deal just played


# ------------------------------------------------------------------ drawing
def row_height(u: float) -> int:
    return max(22, round(34 * u))


def _header(sheet: ScoreSheet, u: float) -> int:
    """The height of the title (and the summary under it) above the table."""
    return round((56 + (24 if sheet.summary else 0)) * u)


def sheet_height(sheet: ScoreSheet, u: float, rows: int | None = None) -> int:
    """The height :func:`draw_sheet` needs to show ``rows`` deals (all by default)."""
    shown = len(sheet.rows) if rows is None else min(rows, len(sheet.rows))
    return _header(sheet, u) + (shown + 2) * row_height(u) + round(20 * u)


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def draw_sheet(
    surface: pygame.Surface,
    rect: pygame.Rect,
    sheet: ScoreSheet,
    u: float,
    rows: int | None = None,
    fresh: bool = False,
    style: str = "standard",
    colorblind: bool = False,
) -> None:
    """Paint ``sheet`` in ``rect`` (a cream panel): the last ``rows`` deals, the totals below;
    ``fresh`` marks the newest deal (just played); ``style`` is the deck's (for suit glyphs, in
    four colours with ``colorblind``)."""
    ui.draw_panel(surface, rect, radius=round(14 * u))
    pad = round(20 * u)
    row_h = row_height(u)
    ui.blit_text(surface, sheet.title, 26 * u, ui.INK, (rect.left + pad, rect.top + round(14 * u)), "topleft", True)
    if sheet.legend:
        ui.blit_text(
            surface, sheet.legend, 16 * u, ui.INK_SOFT, (rect.right - pad, rect.top + round(22 * u)), "topright"
        )
    if sheet.summary:
        ui.blit_text(
            surface,
            sheet.summary,
            18 * u,
            ui.INK_SOFT,
            (rect.left + pad, rect.top + round(48 * u)),
            "topleft",
            max_width=rect.width - 2 * pad,
        )
    first_w = min(round(210 * u), rect.width * 0.32)
    n = max(1, len(sheet.columns))
    col_w = (rect.width - 2 * pad - first_w) / n
    top = rect.top + _header(sheet, u)

    def col_x(col: int) -> float:
        return rect.left + pad + first_w + col_w * (col + 0.5)

    for col, name in enumerate(sheet.columns):
        ui.blit_text(surface, name, 20 * u, ui.INK, (col_x(col), top + row_h / 2), "center", True, col_w - 8)
    pygame.draw.line(surface, ui.INK, (rect.left + pad, top + row_h), (rect.right - pad, top + row_h), 2)
    shown = sheet.rows if rows is None else sheet.rows[max(0, len(sheet.rows) - rows) :]
    for r, row in enumerate(shown, start=1):
        y = top + row_h * r
        band = pygame.Rect(rect.left + pad // 2, round(y), rect.width - pad, row_h)
        newest = fresh and row is sheet.rows[-1]
        if newest or r % 2 == 0:
            pygame.draw.rect(surface, FRESH if newest else BAND, band, border_radius=round(6 * u))
        _draw_label(surface, row, (rect.left + pad, y + row_h / 2), first_w - pad, u, style, colorblind)
        for col, cell in enumerate(row.cells):
            _draw_cell(surface, cell.detail, cell.change, cell.good, (col_x(col), y + row_h / 2), col_w - 8, u)
    y = top + row_h * (len(shown) + 1)
    pygame.draw.line(surface, ui.INK, (rect.left + pad, y), (rect.right - pad, y), 2)
    ui.blit_text(surface, sheet.total_label, 21 * u, ui.INK, (rect.left + pad, y + row_h / 2), "midleft", True)
    for col, value in enumerate(sheet.totals):
        color = GOOD if col in sheet.leaders else ui.INK
        ui.blit_text(surface, str(value), 23 * u, color, (col_x(col), y + row_h / 2), "center", True)


def _draw_label(
    surface: pygame.Surface,
    row: Row,
    midleft: tuple[float, float],
    width: float,
    u: float,
    style: str,
    colorblind: bool = False,
) -> None:
    shown = ui.blit_text(surface, row.label, 19 * u, ui.INK, midleft, "midleft", True)
    x = shown.right + round(8 * u)
    if row.glyph:
        glyph = sprites.suit_glyph(style, row.glyph, round(18 * u), colorblind=colorblind)
        surface.blit(glyph, glyph.get_rect(midleft=(x, midleft[1])))
        x += glyph.get_width() + round(6 * u)
    if row.note:
        room = midleft[0] + width - x
        if room > 20:
            ui.blit_text(surface, row.note, 16 * u, ui.INK_SOFT, (x, midleft[1]), "midleft", max_width=room)


def _draw_cell(
    surface: pygame.Surface, detail: str, change: int, good: bool, center: tuple[float, float], width: float, u: float
) -> None:
    small = ui.text(detail, 16 * u, ui.INK_SOFT)
    color = ui.INK_SOFT if change == 0 else GOOD if good else BAD
    big = ui.text(_signed(change), 21 * u, color, True)
    gap = round(10 * u)
    total = small.get_width() + gap + big.get_width()
    scale = min(1.0, width / max(1, total))
    x = center[0] - total * scale / 2
    if scale < 1.0:
        small = ui.fit(small, small.get_width() * scale)
        big = ui.fit(big, big.get_width() * scale)
    surface.blit(small, small.get_rect(midleft=(round(x), round(center[1]))))
    surface.blit(big, big.get_rect(midright=(round(x + total * scale), round(center[1]))))


# -------------------------------------------------------------------- scene
class ScoreSheetScene(Scene):
    """The sheet over the table: between deals ("Next deal") or asked for ("Close").

    The table underneath waits (only the top scene is updated). Enter or Space close it; with a
    ``menu`` (the table's pause menu) a Menu button lies where the table's does and opens it, as
    Esc does between deals (Esc closes a sheet asked for, as it closes any panel).
    """

    overlay = True

    def __init__(
        self,
        app: Host,
        sheet: ScoreSheet,
        style: str,
        button: str,
        on_close: Callable[[], None] | None = None,
        totals: Sequence[Sequence[int]] = (),
        names: Sequence[str] = (),
        menu: TableMenu | None = None,
        menu_place: Callable[[], pygame.Rect] | None = None,
        between: bool = False,
        fresh: bool | None = None,
        chart_label: str = Presenter.table_words["totals_after_each_deal"],
    ) -> None:
        super().__init__(app)
        self.menu = menu
        self.menu_place = menu_place  # where the table's Menu button lies (it moves with the window)
        self.between = between  # the sheet between two deals: Esc opens the menu, not the next deal
        self.menu_button = ui.Button("Menu", menu.show) if menu is not None else None
        self.sheet = sheet
        self.totals = [list(row) for row in totals]  # each seat's total after each deal, for the chart
        self.names = list(names)
        self.style = style
        # the sheet just after a deal (its last row new); by default: its button goes to the next
        self.fresh = button == Presenter.table_words["next_deal"] if fresh is None else fresh
        self.chart_label = chart_label
        self.on_close = on_close
        self.button = ui.Button(button, self.close, primary=True)
        self.button.focused = True
        self.size: tuple[int, int] = tuple(getattr(app, "size", (1280, 800)))  # type: ignore[assignment]
        self._closed = False
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        u = self.u = ui.unit(self.size)
        margin = round(24 * u)
        button_h = round(52 * u)
        room = h - 2 * margin - button_h - round(70 * u)
        self.rows = max(1, min(len(self.sheet.rows), (room - _header(self.sheet, u)) // row_height(u) - 2))
        height = sheet_height(self.sheet, u, self.rows)
        width = min(w - 2 * margin, round(220 * u) + len(self.sheet.columns) * round(190 * u))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, (h - button_h - round(40 * u)) // 2 + round(20 * u))
        self.chart: pygame.Rect | None = None
        chart_w = w - 3 * margin - width
        if len(self.totals) >= 2 and chart_w >= max(300, round(380 * u)):  # beside the sheet: the running totals
            chart_w = min(chart_w, round(640 * u))
            left = (w - width - margin - chart_w) // 2
            self.panel.left = left
            self.chart = pygame.Rect(
                self.panel.right + margin, self.panel.top, chart_w, max(self.panel.height, round(260 * u))
            )
        self.button.rect = pygame.Rect(0, 0, round(240 * u), button_h)
        self.button.rect.midtop = (
            w // 2,
            max(self.panel.bottom, self.chart.bottom if self.chart else 0) + round(18 * u),
        )
        if self.menu_button is not None and self.menu_place is not None:
            self.menu_button.rect = pygame.Rect(self.menu_place())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self.app.stack.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.menu is not None and self.menu.open:
            self.menu.handle_event(event)
            return
        if self.menu_button is not None and self.menu_button.handle_event(event):
            return
        if self.button.handle_event(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE and self.menu is not None and self.between:
            self.menu.show()
        elif event.key in (*ui.ACTIVATE_KEYS, pygame.K_ESCAPE):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        ui.shade(surface, 120)
        u = self.u
        colorblind = bool(getattr(getattr(self.app, "settings", None), "colorblind", False))
        draw_sheet(surface, self.panel, self.sheet, u, self.rows, self.fresh, self.style, colorblind)
        if self.chart is not None:
            series = [[row[seat] for row in self.totals] for seat in range(len(self.totals[0]))]
            charts.draw_lines(surface, self.chart, series, self.names, u, x_label=self.chart_label)
        self.button.draw(surface)
        if self.menu_button is not None:
            self.menu_button.draw(surface)
        if self.menu is not None and self.menu.open:
            self.menu.draw(surface, u)
