"""The player's settings: animation speed, four-colour suits, sound, fullscreen, the reveal
history and how long revealed cards stay, auto-play of a forced move, the card back and the
table's colour, the hand's order, how long a trick stays and the bots' thinking time; every
change is applied and saved at once (a small card shows the back chosen). Esc or Back closes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from .. import widgets as ui
from ..settings import HAND_ORDERS, REVEAL_STAYS, SPEEDS, THINK_TIMES, TRICK_PAUSES, choices
from ..table.hand_order import LABELS as HAND_ORDER_LABELS
from . import ShellScene

if TYPE_CHECKING:
    from ..scene import Host


def speed_text(speed: float) -> str:
    return f"{speed:g}x"


def pause_text(seconds: float) -> str:
    return "none" if seconds <= 0 else f"{seconds:g} s"


def think_text(seconds: float) -> str:
    return "Game's own" if seconds <= 0 else f"{seconds:g} s"


class SettingsScene(ShellScene):
    """One row per setting: its name, a line saying what it does, and its control."""

    title = "Settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        s = app.settings
        self.rows: list[tuple[str, str, ui.Widget]] = [
            (
                "Animation speed",
                "How fast cards move; higher is quicker.",
                self._stepper("animation_speed", SPEEDS, speed_text),
            ),
            (
                "Four-colour suits",
                "Colour-blind friendly: every suit gets its own colour.",
                self._toggle("colorblind"),
            ),
            ("Sound", "Card sounds and cues.", self._toggle("sound")),
            (
                "Fullscreen",
                "Use the whole screen (F11 switches at any time).",
                ui.Toggle(s.fullscreen, self._fullscreen),
            ),
            (
                "Show reveal history",
                "Memory games: list the cards revealed this turn and before beside the table.",
                self._toggle("show_reveal_history"),
            ),
            (
                "Revealed cards stay",
                "Memory games: how long the cards a turn showed stay face up after it.",
                self._stepper("reveal_stays", REVEAL_STAYS, pause_text),
            ),
            (
                "Play forced moves",
                "When only one card may be played, play it for you after a moment.",
                self._toggle("autoplay_forced"),
            ),
            ("Card back", "The pattern on the back of every card.", self._choice("card_back")),
            ("Table colour", "The colour of the felt.", self._choice("table_colour")),
        ]
        self.rows += [  # the table's hands and tricks
            (
                "Hand order",
                "Your hand sorted by suit, the trump suit at one end; or kept as dealt.",
                ui.Choice(
                    [(o, HAND_ORDER_LABELS[o]) for o in HAND_ORDERS], s.hand_order, lambda v: self._set("hand_order", v)
                ),
            ),
            (
                "High cards first",
                "In a sorted hand, each suit from its highest card down.",
                self._toggle("high_cards_first"),
            ),
            (
                "Finished trick stays",
                "How long a full trick stays before it is gathered (a click gathers it).",
                self._stepper("trick_pause", TRICK_PAUSES, pause_text),
            ),
        ]
        self.rows += [  # the bots
            (
                "Bots' thinking time",
                "The most a hard bot may think over a move; game's own: each game's usual time.",
                self._stepper("bot_think_time", THINK_TIMES, think_text),
            ),
        ]
        self.back_button = ui.Button("Back", self.back, primary=True)
        self.pointer: tuple[int, int] | None = None  # where the mouse last moved
        self.group.set([w for _, _, w in self.rows] + [self.back_button])
        self.layout()

    def _toggle(self, name: str) -> ui.Toggle:
        """A switch for a yes-or-no setting."""
        return ui.Toggle(getattr(self.app.settings, name), lambda v: self._set(name, v))

    def _stepper(self, name: str, values: Sequence[Any], fmt: Callable[[Any], str]) -> ui.Stepper:
        """A stepper through a setting's ``values``, each shown as ``fmt`` says."""
        return ui.Stepper(
            getattr(self.app.settings, name), values=values, fmt=fmt, on_change=lambda v: self._set(name, v)
        )

    def _choice(self, name: str) -> ui.Stepper:
        """A stepper through a choice setting's ids, showing their labels."""
        ids = list(choices(name)) or [getattr(self.app.settings, name)]
        now = getattr(self.app.settings, name)
        labels = choice_labels(name)
        return ui.Stepper(
            ids.index(now) if now in ids else 0,
            values=range(len(ids)),
            fmt=lambda i: labels.get(ids[i], ids[i]),
            on_change=lambda i: self._set(name, ids[i]),
        )

    def _set(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()
        if name in ("card_back", "table_colour"):
            self.app.apply_looks()
        if name == "colorblind":
            try:
                from sprites import clear_caches

                clear_caches()
            except ImportError:  # the sprites package not there: nothing cached
                pass

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        toggle = self.rows[3][2]
        toggle.value = self.app.settings.fullscreen  # type: ignore[attr-defined]
        self.app.save_settings()

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        width = min(w - px(80), px(820))
        top = px(130)
        self.back_button.rect = pygame.Rect(0, 0, px(180), px(54))
        self.back_button.rect.midbottom = (w // 2, h - px(28))
        room = self.back_button.rect.top - px(24) - top
        whole = px(40) + len(self.rows) * px(92)  # every row with its description under its label
        self.compact = False
        self._place_rows(top, width, min(room, whole))
        if self.lines and self.lines[0].height < px(56):  # too short for the descriptions: they show
            self.compact = True  # one at a time, the pointed row's, under the panel
            self._place_rows(top, width, room - px(40))
        rh = self.lines[0].height if self.lines else px(34)
        control_w = min(px(230), self.inner.width * 0.36)
        control_h = min(px(44), rh * 0.8)
        for (_, _, widget), line in zip(self.rows, self.lines, strict=True):
            widget.rect = pygame.Rect(0, 0, round(control_w), round(control_h))
            widget.rect.midright = line.midright

    def _place_rows(self, top: int, width: int, height: int) -> None:
        px = self.px
        self.panel = pygame.Rect(round((self.size[0] - width) / 2), top, round(width), round(height))
        inner = self.panel.inflate(-px(56), -px(40))
        n, gap = len(self.rows), px(14)
        rh = ui.fit_count(inner.height, n, px(76), gap, px(34))
        if n > 1 and rh * n + gap * (n - 1) > inner.height:  # a wide, short window: closer rows, then lower
            gap = max(px(4), (inner.height - rh * n) / (n - 1))
            rh = min(rh, (inner.height - gap * (n - 1)) / n)
        self.lines = ui.column(inner, [rh] * n, gap)
        self.inner = inner

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_felt(surface)
        self.draw_title(surface, self.title, top=36)
        ui.draw_panel(surface, self.panel, radius=self.px(16))
        u = self.u
        for (label, description, widget), line in zip(self.rows, self.lines, strict=True):
            room = widget.rect.left - line.left - self.px(20)
            if line.height >= self.px(56):
                ui.blit_text(
                    surface,
                    label,
                    26 * u,
                    ui.INK,
                    (line.left, line.centery - self.px(2)),
                    "bottomleft",
                    bold=True,
                    max_width=room,
                )
                ui.blit_text(
                    surface,
                    description,
                    18 * u,
                    ui.INK_SOFT,
                    (line.left, line.centery + self.px(4)),
                    "topleft",
                    max_width=room,
                )
            else:
                ui.blit_text(
                    surface,
                    label,
                    min(24 * u, line.height * 0.6),
                    ui.INK,
                    line.midleft,
                    "midleft",
                    bold=True,
                    max_width=room,
                )
        self._draw_back_sample(surface)
        self._draw_help_line(surface)
        for a, b in zip(self.lines, self.lines[1:], strict=False):
            y = (a.bottom + b.top) // 2
            pygame.draw.line(surface, ui.CREAM_DARK, (a.left, y), (a.right, y), 1)
        self.group.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        super().handle_event(event)

    def pointed_row(self) -> int | None:
        """The row under the pointer, else the row of the widget with the keyboard's focus."""
        for i, line in enumerate(self.lines):
            if self.pointer is not None and line.inflate(0, self.px(14)).collidepoint(self.pointer):
                return i
        focused = self.group.focused
        return next((i for i, (_, _, w) in enumerate(self.rows) if w is focused), None)

    def _draw_help_line(self, surface: pygame.Surface) -> None:
        """When the rows are too short for their descriptions: the pointed row's, under the panel."""
        if not self.compact:
            return
        row = self.pointed_row()
        text = self.rows[row][1] if row is not None else "Point at a setting to read what it does."
        ui.blit_text(
            surface,
            text,
            19 * self.u,
            ui.CREAM,
            (self.panel.centerx, self.panel.bottom + self.px(10)),
            "midtop",
            max_width=self.panel.width,
        )

    def _draw_back_sample(self, surface: pygame.Surface) -> None:
        """A small card, face down, left of the card back's control: the back chosen."""
        index = next((i for i, (label, _, _) in enumerate(self.rows) if label == "Card back"), None)
        if index is None:
            return
        try:
            from sprites import card_back
        except ImportError:
            return
        widget, line = self.rows[index][2], self.lines[index]
        height = round(line.height * 0.9)
        width = max(8, round(height / 1.4))
        back = card_back(width)
        if back.get_height() > line.height:
            return
        surface.blit(back, back.get_rect(midright=(widget.rect.left - self.px(12), line.centery)))


def choice_labels(name: str) -> dict[str, str]:
    """The words for a choice setting's ids ("plum": "Plum lattice")."""
    try:
        from sprites import looks
    except ImportError:
        return {}
    if name == "card_back":
        return dict(looks.BACK_CHOICES)
    if name == "table_colour":
        return {key: label for key, (label, _light, _dark) in looks.FELT_CHOICES.items()}
    return {}
