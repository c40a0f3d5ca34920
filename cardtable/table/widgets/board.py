"""The board: a small table of facts the presenter gives (:class:`rules.presenter.Board`: a
title, column heads, rows, the row to highlight, lines below), drawn in the corner a ``board``
zone of the layout reserves, never over cards. When the corner is small only the title and the
highlighted row show; the pointer over it opens the whole table above everything else.
"""

from __future__ import annotations

import pygame

from rules.presenter import Board

from ... import screen
from ... import widgets as ui
from .. import hud
from .base import Widget

HIGHLIGHT = (255, 215, 0)
PANEL = (12, 30, 22, 215)


def _text_size(u: float) -> float:
    return max(ui.MIN_TEXT, 15 * u)


def _widths(board: Board, size: float) -> list[int]:
    """Each column's width: its widest text."""
    cols = len(board.columns)
    out = []
    for c in range(cols):
        texts = [board.columns[c]] + [row[c] for row in board.rows if c < len(row)]
        out.append(max(ui.text(t, size, ui.CREAM).get_width() for t in texts) if texts else 0)
    return out


def board_sizes(board: Board | None, u: float) -> tuple[tuple[int, int], ...]:
    """The sizes the board may take, most wanted first: the whole table, then the title and the
    highlighted row only; () with nothing to show."""
    if board is None:
        return ()
    size = _text_size(u)
    line = ui.line_height(size)
    pad = round(8 * u)
    gap = round(12 * u)
    widths = _widths(board, size)
    title_w = ui.text(board.title, size, ui.CREAM, bold=True).get_width()
    lines_w = max([ui.text(t, size, ui.CREAM).get_width() for t in board.lines] or [0])
    table_w = sum(widths) + gap * max(0, len(widths) - 1)
    width = max(table_w, title_w, lines_w) + 2 * pad
    full = (width, 2 * pad + line * (2 + len(board.rows) + len(board.lines)))
    compact_w = ui.text(compact_line(board), size, ui.CREAM).get_width()
    compact = (min(max(compact_w, title_w) + 2 * pad, width), 2 * pad + line * 2)
    return full, compact


def compact_line(board: Board) -> str:
    """The highlighted row with its column heads: "Hand 3 · Cards 11 · Contract 1 group, 1 word"."""
    if board.highlight is None or not 0 <= board.highlight < len(board.rows):
        return ""
    row = board.rows[board.highlight]
    return "  \u00b7  ".join(f"{head} {text}" for head, text in zip(board.columns, row, strict=False) if text)


def draw_board(surface: pygame.Surface, rect: pygame.Rect, board: Board, u: float, whole: bool) -> None:
    """The board in ``rect``: the whole table (``whole``) or the title and the highlighted row."""
    size = _text_size(u)
    line = ui.line_height(size)
    pad = round(8 * u)
    gap = round(12 * u)
    hud.veil(surface, rect, PANEL, round(8 * u))
    pygame.draw.rect(surface, ui.GOLD, rect, 1, border_radius=round(8 * u))
    x0, y = rect.left + pad, rect.top + pad
    title = ui.fit(ui.text(board.title, size, ui.CREAM, bold=True), rect.width - 2 * pad)
    surface.blit(title, (x0, y))
    y += line
    if not whole:
        shown = ui.fit(ui.text(compact_line(board), size, HIGHLIGHT), rect.width - 2 * pad)
        surface.blit(shown, (x0, y))
        return
    widths = _widths(board, size)
    rows = list(enumerate(board.rows))
    _row(surface, board.columns, widths, x0, y, gap, size, hud.SOFT, rect.right - pad)
    y += line
    for index, row in rows:
        lit = index == board.highlight
        if lit:
            band = pygame.Rect(rect.left + 2, y - 1, rect.width - 4, line)
            hud.veil(surface, band, (*HIGHLIGHT, 60), round(4 * u))
        _row(surface, row, widths, x0, y, gap, size, HIGHLIGHT if lit else ui.CREAM, rect.right - pad)
        y += line
    if whole:
        for text in board.lines:
            shown = ui.fit(ui.text(text, size, hud.SOFT), rect.width - 2 * pad)
            surface.blit(shown, (x0, y))
            y += line


def _row(
    surface: pygame.Surface,
    texts: tuple[str, ...],
    widths: list[int],
    x: int,
    y: int,
    gap: int,
    size: float,
    color: tuple[int, ...],
    right: int,
) -> None:
    for text, width in zip(texts, widths, strict=False):
        if x >= right:
            return
        shown = ui.fit(ui.text(text, size, color), max(1, min(width, right - x)))
        surface.blit(shown, (x, y))
        x += width + gap


class BoardWidget(Widget):
    """The ``board`` zone's table of facts, from the presenter (see the module's words)."""

    kind = "board"

    def plan(self) -> tuple | None:
        """The board in its corner, compact or whole, as the table's marks paint it: (rect,
        facts, unit, whole); None without a corner or facts."""
        layout, facts = self.ctx.layout, self.ctx.facts
        if layout.board is None or facts is None:
            return None
        return tuple(layout.board), facts, layout.u, not layout.board_size > 0

    def draw_whole(self, surface: pygame.Surface) -> None:
        """A compact board under the pointer opens whole, over everything."""
        layout, facts = self.ctx.layout, self.ctx.facts
        rect = layout.board
        if rect is None or facts is None or not layout.board_size > 0 or not rect.collidepoint(screen.pointer()):
            return
        size = self.ctx.size  # the window's (the layout's may stop at the match log)
        whole = pygame.Rect((0, 0), board_sizes(facts, layout.u)[0])
        whole.bottomright = rect.bottomright if rect.bottom > size[1] / 2 else rect.topright
        if rect.top <= size[1] / 2:
            whole.topright = rect.topright
        whole.clamp_ip(pygame.Rect((0, 0), size))
        draw_board(surface, whole, facts, layout.u, True)
