"""The match log: a side panel listing each move in words as the seat in front of the screen
saw it ("Ada discarded 7 of Fire", "Basil won the trick with Q of Spades"), newest at the bottom,
scrolled with the wheel; toggled by its button in the top bar or the L key, closed by Esc.

The words are the game presenter's (:meth:`rules.presenter.Presenter.log_line`), given the
events as that seat may see them (``rules.events_for``), so the log knows nothing the seat does
not. Each seat's lines are kept from the moment its log is first shown; before that (a resumed
match, another hot-seat player's first look, an undo) they are rebuilt by stepping the match's
record again on a replica, as that seat saw it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

import rules
from rules import Event, Game
from rules.presenter import Presenter
from rules.record import stepped_events

from .. import widgets as ui
from ..userfiles import one_line
from .layout import unit

if TYPE_CHECKING:
    from ..session import Session
    from .layout import TableLayout

LOG_KEY = pygame.K_l
WHEEL_ROWS = 3  # rows one notch of the wheel scrolls
TEXT = 17  # text size at the design size (times the layout's unit)
ROOM_MIN = 720  # the narrowest table the open panel leaves beside it (px); narrower: it lies over the table

Words = Callable[[Event], str | None]


class LogTable(Protocol):
    """What the log needs of the table it lies beside (the table scene is one)."""

    game: Game
    session: Session
    seat: int | None
    names: list[str]
    presenter: Presenter
    layout: TableLayout
    size: tuple[int, int]

    def make_room(self) -> None: ...


def lines_for(events: Iterable[Event], words: Words) -> list[str]:
    """The log's lines for one action's events (already as the seat saw them): each event the
    presenter words, a line repeated at once said once (three cards taken together)."""
    out: list[str] = []
    for event in events:
        try:
            line = words(event)
        except Exception:  # noqa: BLE001 - a third party's presenter may raise anything: no line
            line = None
        if line:
            line = one_line(str(line), 160)
            if not out or out[-1] != line:
                out.append(line)
    return out


def replay_lines(
    game: Game,
    record: Mapping[str, Any],
    seat: int | None,
    words: Words,
    broken: str = Presenter.table_words["log_unreadable"],
) -> list[str]:
    """Every line of the match in ``record`` as ``seat`` saw it, by stepping the record again on a
    replica (no one sees the replica; only the events as ``seat`` may see them are worded);
    ``broken`` first when the record cannot be stepped to its end."""
    out: list[str] = []
    try:
        for events in stepped_events(game, record):
            out.extend(lines_for(rules.events_for(events, seat), words))
    except (rules.RulesError, KeyError, TypeError, ValueError, IndexError):
        out.insert(0, broken)
    return out


class MatchLog:
    """The panel beside a table (:class:`LogTable`): ``open`` while shown."""

    def __init__(self, table: LogTable) -> None:
        self.table = table
        self.open = False
        self.scroll = 0  # rows scrolled back from the newest
        self.button = ui.Button(table.presenter.word("log"), self.toggle)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pointer: tuple[int, int] | None = None  # where the pointer was last seen
        self._lines: dict[int | None, list[str]] = {}
        self._rows: tuple[Any, list[str]] | None = None

    # ------------------------------------------------------------- lines
    def _words(self, seat: int | None) -> Words:
        table = self.table
        return lambda event: table.presenter.log_line(event.kind, event.data, seat, table.names)

    def seen(self, events: Sequence[Event]) -> None:
        """One action's events (all of them): each kept seat's log gains what that seat saw."""
        for seat, lines in self._lines.items():
            lines.extend(lines_for(rules.events_for(events, seat), self._words(seat)))

    def forget(self) -> None:
        """The match went back (an undo): every seat's log is rebuilt when next shown."""
        self._lines.clear()
        self._rows = None

    def lines(self) -> list[str]:
        """The lines of the seat in front of the screen (rebuilt from the record the first time)."""
        seat = self.table.seat
        if seat not in self._lines:
            record = self.table.session.state.to_record()
            self._lines[seat] = replay_lines(
                self.table.game, record, seat, self._words(seat), self.table.presenter.word("log_unreadable")
            )
        return self._lines[seat]

    # ------------------------------------------------------------- input
    def toggle(self) -> None:
        self.open = not self.open
        self.scroll = 0
        self.table.make_room()

    def close(self) -> bool:
        """Close the panel; whether it was open (Esc closes a popup before the menu opens)."""
        was, self.open = self.open, False
        if was:
            self.table.make_room()
        return was

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the open panel scrolls it; a click on it goes no further. True: used."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            return False
        if not self.open:
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = self.pointer if self.pointer is not None else pygame.mouse.get_pos()
            if not self.rect.collidepoint(pos):
                return False
            self.scroll = max(0, self.scroll + WHEEL_ROWS * int(event.y))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            self.pointer = tuple(event.pos)
            return True
        return False

    # ------------------------------------------------------------- paint
    @staticmethod
    def width_for(size: tuple[int, int]) -> int:
        """The panel's width in a window of ``size``."""
        return min(round(360 * unit(size)), size[0] // 3)

    @staticmethod
    def gap_for(size: tuple[int, int]) -> int:
        """The felt between the panel and the window's right edge."""
        return max(6, round(14 * unit(size))) // 2

    def room(self, size: tuple[int, int]) -> tuple[int, int]:
        """The size the table is laid out in for a window of ``size``: left of the open panel
        when that leaves at least :data:`ROOM_MIN` px, else the whole window (the panel then lies
        over the table)."""
        if not self.open:
            return size
        narrow = size[0] - self.width_for(size) - 2 * self.gap_for(size)
        return (narrow, size[1]) if narrow >= ROOM_MIN else size

    def place(self) -> pygame.Rect:
        """The panel's place: the window's right side under the top bar; beside the table laid out
        left of it down to the bottom, else over the table above the choices, the status line and
        your hand."""
        layout, size = self.table.layout, tuple(self.table.size)
        gap = self.gap_for(size)
        width = self.width_for(size)
        top = layout.bar.bottom + gap
        if layout.size[0] < size[0]:  # the table made room
            bottom = size[1] - gap
        else:
            bottom = (layout.choices.top if layout.extra_rows else layout.status.top) - layout.margin // 2
        self.rect = pygame.Rect(size[0] - gap - width, top, width, max(0, bottom - top))
        return self.rect

    def rows(self, size: float, width: int) -> list[str]:
        """The lines wrapped to the panel's width (kept until a line is added or the size changes)."""
        lines = self.lines()
        key = (id(lines), len(lines), round(size, 2), width)
        if self._rows is None or self._rows[0] != key:
            wrapped: list[str] = []
            for line in lines:
                parts = ui.wrap(line, size, width)
                wrapped.extend(parts[:1] + ["  " + p for p in parts[1:]])
            self._rows = (key, wrapped)
        return self._rows[1]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        rect = self.place()
        u = self.table.layout.u
        if rect.height < round(60 * u):
            return
        ui.draw_panel(surface, rect, ui.CREAM, ui.GOLD, radius=round(12 * u))
        pad = round(12 * u)
        title = ui.blit_text(
            surface,
            self.table.presenter.word("match_log"),
            20 * u,
            ui.INK,
            (rect.left + pad, rect.top + pad),
            "topleft",
            bold=True,
        )
        ui.blit_text(
            surface,
            self.table.presenter.word("log_keys"),
            13 * u,
            ui.INK_SOFT,
            (rect.right - pad, title.centery),
            "midright",
        )
        size = TEXT * u
        step = ui.line_height(size)
        body = pygame.Rect(
            rect.left + pad,
            title.bottom + round(8 * u),
            rect.width - 2 * pad,
            rect.bottom - pad - title.bottom - round(8 * u),
        )
        rows = self.rows(size, body.width)
        if not rows:
            ui.blit_text(surface, self.table.presenter.word("no_moves_yet"), size, ui.INK_SOFT, body.topleft, "topleft")
            return
        fits = max(1, body.height // step)
        self.scroll = min(self.scroll, max(0, len(rows) - fits))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - fits) : end]
        y = body.bottom
        for i, row in enumerate(reversed(shown)):
            newest = i == 0 and self.scroll == 0
            y -= step
            ui.blit_text(
                surface,
                row,
                size,
                ui.INK if newest else ui.INK_SOFT,
                (body.left, y),
                "topleft",
                bold=newest,
                max_width=body.width,
            )
        if len(rows) > fits:  # a thin bar: where the shown rows are in the whole log
            track = pygame.Rect(rect.right - round(5 * u), body.top, max(2, round(3 * u)), body.height)
            bar_h = max(round(12 * u), track.height * fits // len(rows))
            bar_y = track.bottom - bar_h - (track.height - bar_h) * self.scroll // max(1, len(rows) - fits)
            pygame.draw.rect(surface, ui.CREAM_DARK, track, border_radius=2)
            pygame.draw.rect(surface, ui.GOLD, (track.left, bar_y, track.width, bar_h), border_radius=2)
