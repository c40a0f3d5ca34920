"""The shell's controls and drawing helpers: palette, text, panels, Button, Toggle, Choice,
Stepper, TextField, a focus group for keyboard play, and small layout functions.

Widgets keep their state between layouts: a scene creates them once and only moves their
``rect`` in ``resize``. Sizes follow the window through :func:`unit` (1.0 at 1280x800).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

Color = tuple[int, int, int]

# ------------------------------------------------------------------ palette
FELT: Color = (24, 96, 60)
FELT_DARK: Color = (12, 58, 36)
FELT_LIGHT: Color = (36, 118, 76)
CREAM: Color = (248, 243, 226)
CREAM_DARK: Color = (228, 219, 192)
GOLD: Color = (214, 176, 64)
GOLD_LIGHT: Color = (246, 214, 120)
INK: Color = (40, 36, 30)
INK_SOFT: Color = (104, 96, 82)
RED: Color = (178, 36, 36)
GREEN: Color = (30, 120, 62)
DIM: Color = (120, 140, 128)
WHITE: Color = (255, 255, 255)
FIELD: Color = (253, 251, 246)
FIELD_EDGE: Color = (196, 184, 150)

DESIGN_SIZE = (1280, 800)
MIN_TEXT = 13  # the smallest text size drawn, in px, however small the window


def unit(size: tuple[int, int]) -> float:
    """The window's scale: 1.0 at 1280x800; font sizes and margins are multiplied by it."""
    w, h = size
    return max(0.45, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))


# --------------------------------------------------------------------- text
MAX_TEXT_CHARS = 240  # one line of text is never longer: a longer string is cut with "..."
MAX_WRAP_CHARS = 20_000  # text to wrap is cut here (a rules page is well under it)
MAX_SQUEEZE = 6  # fit() shrinks text to no less than 1/6 of its width; the rest is cropped


def clip(s: object, limit: int = MAX_TEXT_CHARS) -> str:
    """``s`` as a string of at most ``limit`` characters (cut with "...")."""
    s = str(s)
    return s if len(s) <= limit else s[: max(0, limit - 3)] + "..."


def text(s: str, size: float, color: Color = INK, bold: bool = False) -> pygame.Surface:
    """``s`` rendered with the project's font (``sprites.text`` when it is there); any length
    is safe: a string is cut to :data:`MAX_TEXT_CHARS` before it is rendered."""
    size = max(MIN_TEXT, min(400, int(round(size))))
    s = clip(s)
    try:
        from sprites.text import text as sprite_text
    except ImportError:  # the sprites package not there: pygame's default font
        return _fallback_text(str(s), size, tuple(color), bool(bold))
    return sprite_text(s, size, color, bold)


@lru_cache(maxsize=512)
def _fallback_text(s: str, size: int, color: Color, bold: bool) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(None, size)
    face.bold = bold
    return face.render(s, True, color)


def fit(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """``surface`` shrunk (aspect kept) to at most ``max_width`` px wide. Text that would
    shrink past readability (more than :data:`MAX_SQUEEZE` times) is cropped first."""
    w, h = surface.get_size()
    if w <= max_width or w == 0 or max_width <= 0:
        return surface
    if w > max_width * MAX_SQUEEZE:
        surface = surface.subsurface((0, 0, max(1, int(max_width * MAX_SQUEEZE)), h))
        w = surface.get_width()
    scale = max_width / w
    return pygame.transform.smoothscale(surface, (max(1, int(max_width)), max(1, round(h * scale))))


def blit_text(
    surface: pygame.Surface,
    s: str,
    size: float,
    color: Color,
    pos: tuple[float, float],
    anchor: str = "topleft",
    bold: bool = False,
    max_width: float | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` (any ``pygame.Rect`` anchor name); returns its rect."""
    image = text(s, size, color, bold)
    if max_width is not None:
        image = fit(image, max_width)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``width`` at ``size``; blank lines kept."""
    lines: list[str] = []
    for paragraph in clip(s, MAX_WRAP_CHARS).split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = clip(words[0])
        for word in words[1:]:
            word = clip(word)
            candidate = f"{line} {word}"
            if text(candidate, size, INK, bold).get_width() <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def line_height(size: float) -> int:
    """The distance between two lines of text at ``size``."""
    return round(text("Ag", size).get_height() * 1.15)


# ------------------------------------------------------------------ drawing
@lru_cache(maxsize=8)
def _felt(size: tuple[int, int], colours: tuple[Color, Color] = (FELT_LIGHT, FELT_DARK)) -> pygame.Surface:
    """The felt: lighter in the middle, darker at the edges (a small gradient scaled up)."""
    w, h = max(1, size[0]), max(1, size[1])
    # smooth to a quarter of the size, then plain scaling: 4 px steps of under one colour level,
    # a quarter of the cost of smoothing to the whole window
    quarter = pygame.transform.smoothscale(_felt_small(colours), (max(1, w // 4), max(1, h // 4)))
    return pygame.transform.scale(quarter, (w, h))


@lru_cache(maxsize=4)
def _felt_small(colours: tuple[Color, Color] = (FELT_LIGHT, FELT_DARK)) -> pygame.Surface:
    """The felt's 64x40 gradient, built once as bytes (2,560 set_at calls cost a first frame ~5 ms)."""
    light, dark = colours
    pixels = bytearray()
    for y in range(40):
        dy = (y - 19.5) / 20
        for x in range(64):
            dx = (x - 31.5) / 32
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
            pixels += bytes(mix(light, dark, t * t))
    return pygame.image.frombytes(bytes(pixels), (64, 40), "RGB")


def draw_felt(surface: pygame.Surface) -> None:
    """Paint the whole surface with the table's felt, in the colour the player chose (``sprites.looks``)."""
    surface.blit(_felt(surface.get_size(), felt_colours()), (0, 0))


def felt_colours() -> tuple[Color, Color]:
    """The felt's lit centre and dark edge: the player's choice, or the green felt without ``sprites``."""
    try:
        from sprites import looks
    except ImportError:
        return FELT_LIGHT, FELT_DARK
    return looks.felt_colours()


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color = CREAM,
    border: Color | None = GOLD,
    radius: int | None = None,
    shadow: bool = True,
    width: int = 2,
) -> None:
    """A rounded panel with a soft drop shadow and an optional border."""
    radius = max(4, rect.height // 8) if radius is None else radius
    radius = min(radius, 18)
    if shadow:
        offset = max(2, rect.height // 40)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius)
        surface.blit(shade, rect.move(offset, offset))
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (behind a dialog)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


# ------------------------------------------------------------------ layout
def column(area: pygame.Rect, heights: Sequence[float], gap: float) -> list[pygame.Rect]:
    """Rects stacked top-down in ``area`` (full width), ``gap`` px apart."""
    rects, y = [], float(area.top)
    for h in heights:
        rects.append(pygame.Rect(area.left, round(y), area.width, round(h)))
        y += h + gap
    return rects


def row(area: pygame.Rect, widths: Sequence[float], gap: float) -> list[pygame.Rect]:
    """Rects side by side from the left of ``area`` (full height), ``gap`` px apart."""
    rects, x = [], float(area.left)
    for w in widths:
        rects.append(pygame.Rect(round(x), area.top, round(w), area.height))
        x += w + gap
    return rects


def centered(size: tuple[int, int], width: float, height: float) -> pygame.Rect:
    """A ``width`` x ``height`` rect centred in a window of ``size``."""
    rect = pygame.Rect(0, 0, round(width), round(height))
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


def fit_count(available: float, count: int, ideal: float, gap: float, least: float) -> float:
    """The height of ``count`` rows in ``available`` px: ``ideal`` when they fit, never below ``least``."""
    if count <= 0:
        return ideal
    return max(least, min(ideal, (available - gap * (count - 1)) / count))


# ------------------------------------------------------------------ widgets
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CARET_BLINK = 0.5  # seconds the caret of a text being edited is shown, then hidden


class Widget:
    """A control with a rect; ``handle_event`` returns True when it used the event."""

    focusable = True

    def __init__(self, rect: pygame.Rect | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hover = False
        self.focused = False
        self._pressed = False

    @property
    def active(self) -> bool:
        return self.enabled and self.visible

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active:
            self.hover = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            was, self._pressed = self._pressed, False
            if was and self.rect.collidepoint(event.pos):
                self.click(event.pos, event.button)
                return True
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            return self.key(event)
        return False

    def click(self, pos: tuple[int, int], button: int) -> None:
        """A completed click (press and release inside the widget)."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key pressed while this widget has keyboard focus."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the widget."""


class Label(Widget):
    """Plain text, never focused."""

    focusable = False

    def __init__(self, label: str, color: Color = CREAM, bold: bool = False, anchor: str = "midleft") -> None:
        super().__init__()
        self.label, self.color, self.bold, self.anchor = label, color, bold, anchor

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            blit_text(
                surface,
                self.label,
                self.rect.height * 0.62,
                self.color,
                getattr(self.rect, self.anchor),
                self.anchor,
                self.bold,
                self.rect.width,
            )


class Button(Widget):
    """A rounded button: cream with a gold edge on hover or focus, dimmed when disabled.

    ``sublabel`` adds a smaller second line (a game's blurb); ``tag`` a note on the right
    ("house rules"). ``primary`` buttons are gold.
    """

    accel = ""  # the key that presses it, underlined in its label (the table's decisions: ``table.keys``)
    accel_at = -1  # where in the label (-1: not in it; the key is shown in the corner)
    shortcut = True  # whether it takes a key (sorting buttons, a score sheet's do not)

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any] | None = None,
        enabled: bool = True,
        sublabel: str = "",
        tag: str = "",
        primary: bool = False,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect, enabled)
        self.label, self.sublabel, self.tag = label, sublabel, tag
        self.on_click = on_click
        self.primary = primary

    def click(self, pos: tuple[int, int], button: int) -> None:
        if button == 1:
            self.activate()

    def activate(self) -> None:
        if self.active and self.on_click is not None:
            self.on_click()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def draw_plain_frame(self, surface: pygame.Surface, shadow: bool) -> bool:
        """The cream panel of a plain button, lit (white, gold edge) on hover or focus, for a
        button that draws its own face (a number, a suit); False when it is hidden."""
        if not self.visible:
            return False
        lit = self.enabled and (self.hover or self.focused)
        fill = WHITE if lit else CREAM
        border = GOLD if lit else CREAM_DARK
        draw_panel(surface, self.rect, fill, border, shadow=shadow, width=3 if lit else 2)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        lit = self.enabled and (self.hover or self.focused)
        if not self.enabled:
            fill, border, ink, soft = mix(FELT_DARK, CREAM, 0.18), mix(FELT_DARK, CREAM, 0.3), DIM, DIM
        elif self.primary:
            fill = GOLD_LIGHT if lit else GOLD
            border, ink, soft = (WHITE if lit else mix(GOLD, INK, 0.3)), INK, INK_SOFT
        else:
            fill = WHITE if lit else CREAM
            border, ink, soft = (GOLD if lit else CREAM_DARK), INK, INK_SOFT
        draw_panel(surface, self.rect, fill, border, shadow=self.enabled, width=3 if lit else 2)
        if self.focused and self.enabled:
            pygame.draw.rect(
                surface, GOLD_LIGHT, self.rect.inflate(8, 8), width=2, border_radius=min(20, self.rect.height // 8 + 4)
            )
        h = self.rect.height
        if self.sublabel:
            self._draw_two_lines(surface, ink, soft)
            return
        pad = max(8, h * 0.28)
        tag_w = 0
        if self.tag:
            tag_rect = blit_text(
                surface,
                self.tag,
                min(h * 0.26, 22),
                soft,
                (self.rect.right - pad, self.rect.centery),
                "midright",
                bold=True,
            )
            tag_w = tag_rect.width + pad
        where = (self.rect.centerx - tag_w / 2, self.rect.centery) if self.tag else self.rect.center
        size = min(h * 0.44, 34)
        shown = blit_text(
            surface,
            self.label,
            size,
            ink,
            where,
            "center",
            bold=True,
            max_width=self.rect.width - 2 * max(6, h * 0.2) - tag_w,
        )
        self.draw_accel(surface, shown, size, ink)

    def draw_accel(self, surface: pygame.Surface, shown: pygame.Rect, size: float, ink: Color) -> None:
        """Underline the button's key (``accel``, at ``accel_at`` in the label drawn at ``shown``),
        or show it small in the corner when the label has no such letter; nothing without one."""
        accel, at = getattr(self, "accel", ""), getattr(self, "accel_at", -1)
        if not accel or not self.enabled:
            return
        label = self.label
        if 0 <= at < len(label):
            scale = shown.width / max(1, text(label, size, ink, True).get_width())
            x0 = shown.left + (text(label[:at], size, ink, True).get_width() * scale if at else 0)
            x1 = shown.left + text(label[: at + 1], size, ink, True).get_width() * scale
            y = shown.bottom - max(2, round(shown.height * 0.14))
            pygame.draw.line(surface, ink, (round(x0), y), (round(x1) - 1, y), max(1, round(shown.height / 14)))
            return
        blit_text(
            surface,
            accel.upper(),
            max(MIN_TEXT, self.rect.height * 0.3),
            ink,
            (self.rect.left + max(4, self.rect.height * 0.15), self.rect.top + 2),
            "topleft",
            bold=True,
        )

    def _draw_two_lines(self, surface: pygame.Surface, ink: Color, soft: Color) -> None:
        """A title with the tag at its right, and the sublabel below it on up to two lines."""
        h = self.rect.height
        pad_x = max(10, h * 0.2)
        width = self.rect.width - 2 * pad_x
        title_size = min(h * 0.34, 36)
        sub_size = max(MIN_TEXT, min(h * 0.22, 22))
        sub_lines = wrap(self.sublabel, sub_size, width)
        room = h * 0.86 - line_height(title_size)
        sub_h = line_height(sub_size)
        keep = max(1, min(len(sub_lines), int(room // sub_h)))
        if keep < len(sub_lines):
            sub_lines = sub_lines[:keep]
            sub_lines[-1] += " ..."
        block = line_height(title_size) + sub_h * len(sub_lines)
        y = self.rect.centery - block / 2
        tag_w = 0
        if self.tag:
            tag_rect = blit_text(
                surface,
                self.tag,
                min(h * 0.22, 20),
                soft,
                (self.rect.right - pad_x, y + line_height(title_size) / 2),
                "midright",
                bold=True,
            )
            tag_w = tag_rect.width + pad_x
        blit_text(
            surface,
            self.label,
            title_size,
            ink,
            (self.rect.left + pad_x, y),
            "topleft",
            bold=True,
            max_width=width - tag_w,
        )
        y += line_height(title_size)
        for line in sub_lines:
            blit_text(surface, line, sub_size, soft, (self.rect.left + pad_x, y), "topleft", max_width=width)
            y += sub_h


class Choice(Widget):
    """Cycles through ``options`` (``(value, label)`` pairs): click or Right = next, right-click or Left = back."""

    def __init__(
        self,
        options: Sequence[tuple[Any, str]],
        value: Any = None,
        on_change: Callable[[Any], Any] | None = None,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @value.setter
    def value(self, value: Any) -> None:
        values = [v for v, _ in self.options]
        if value in values:
            self.index = values.index(value)

    @property
    def label(self) -> str:
        return self.options[self.index][1]

    def step(self, delta: int) -> None:
        if len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def click(self, pos: tuple[int, int], button: int) -> None:
        back = button == 3 or pos[0] < self.rect.left + self.rect.height * 0.8
        self.step(-1 if back else 1)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RIGHT, *ACTIVATE_KEYS):
            self.step(1)
            return True
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        lit = self.active and (self.hover or self.focused)
        draw_panel(
            surface,
            self.rect,
            WHITE if lit else FIELD,
            GOLD if lit else FIELD_EDGE,
            shadow=False,
            radius=self.rect.height // 2,
            width=3 if lit else 2,
        )
        h = self.rect.height
        arrows = len(self.options) > 1
        color = INK_SOFT if self.active else DIM
        if arrows:
            blit_text(surface, "<", h * 0.45, color, (self.rect.left + h * 0.32, self.rect.centery), "center", True)
            blit_text(surface, ">", h * 0.45, color, (self.rect.right - h * 0.32, self.rect.centery), "center", True)
        blit_text(
            surface,
            self.label,
            min(h * 0.42, 24),
            INK if self.active else DIM,
            self.rect.center,
            "center",
            True,
            max_width=self.rect.width - (1.3 * h if arrows else 0.4 * h),
        )


class Toggle(Widget):
    """An on/off switch; ``on_change(value)`` after each flip."""

    def __init__(
        self,
        value: bool = False,
        on_change: Callable[[bool], Any] | None = None,
        rect: pygame.Rect | None = None,
        labels: tuple[str, str] = ("Off", "On"),
    ) -> None:
        super().__init__(rect)
        self.value = bool(value)
        self.on_change = on_change
        self.labels = labels

    def flip(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def click(self, pos: tuple[int, int], button: int) -> None:
        self.flip()

    def key(self, event: pygame.event.Event) -> bool:
        if (
            event.key in ACTIVATE_KEYS
            or (event.key == pygame.K_RIGHT and not self.value)
            or (event.key == pygame.K_LEFT and self.value)
        ):
            self.flip()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        h = self.rect.height
        track = pygame.Rect(0, 0, round(h * 1.9), h)
        track.midleft = self.rect.midleft
        lit = self.hover or self.focused
        fill = GOLD if self.value else mix(FELT_DARK, CREAM, 0.35)
        pygame.draw.rect(surface, fill, track, border_radius=h // 2)
        pygame.draw.rect(surface, GOLD if lit else FIELD_EDGE, track, width=3 if lit else 2, border_radius=h // 2)
        knob_x = track.right - h // 2 if self.value else track.left + h // 2
        pygame.draw.circle(surface, WHITE if self.value else CREAM, (knob_x, track.centery), round(h * 0.38))
        blit_text(
            surface,
            self.labels[1] if self.value else self.labels[0],
            h * 0.55,
            INK,
            (track.right + h * 0.4, self.rect.centery),
            "midleft",
            bold=True,
            max_width=self.rect.right - track.right - h * 0.4,
        )


class Stepper(Widget):
    """A value with - and + buttons, within ``values`` (a list) or ``lo``..``hi`` by ``step``."""

    def __init__(
        self,
        value: float,
        lo: float = 0,
        hi: float = 100,
        step: float = 1,
        values: Sequence[float] | None = None,
        on_change: Callable[[Any], Any] | None = None,
        fmt: Callable[[Any], str] = str,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.values = list(values) if values is not None else None
        self.lo, self.hi, self.step_size = lo, hi, step
        self.value = value
        self.on_change = on_change
        self.fmt = fmt

    def _minus(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.height, self.rect.height)

    def _plus(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.height, self.rect.top, self.rect.height, self.rect.height)

    def can(self, delta: int) -> bool:
        if self.values is not None:
            below = [v for v in self.values if v < self.value]
            above = [v for v in self.values if v > self.value]
            return bool(above if delta > 0 else below)
        return self.value + delta * self.step_size <= self.hi if delta > 0 else self.value - self.step_size >= self.lo

    def step(self, delta: int) -> None:
        if not self.can(delta):
            return
        if self.values is not None:
            if delta > 0:
                self.value = min(v for v in self.values if v > self.value)
            else:
                self.value = max(v for v in self.values if v < self.value)
        else:
            self.value = self.value + delta * self.step_size
        if self.on_change is not None:
            self.on_change(self.value)

    def click(self, pos: tuple[int, int], button: int) -> None:
        if self._minus().collidepoint(pos):
            self.step(-1)
        elif self._plus().collidepoint(pos):
            self.step(1)

    def key(self, event: pygame.event.Event) -> bool:
        delta = {
            pygame.K_LEFT: -1,
            pygame.K_MINUS: -1,
            pygame.K_KP_MINUS: -1,
            pygame.K_RIGHT: 1,
            pygame.K_PLUS: 1,
            pygame.K_EQUALS: 1,
            pygame.K_KP_PLUS: 1,
        }.get(event.key)
        if delta is None:
            return False
        self.step(delta)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        h = self.rect.height
        lit = self.hover or self.focused
        body = self.rect.inflate(-h, 0)
        pygame.draw.rect(surface, WHITE if lit else FIELD, body)
        pygame.draw.rect(surface, GOLD if lit else FIELD_EDGE, body, width=3 if lit else 2)
        for rect, sign, delta in ((self._minus(), "-", -1), (self._plus(), "+", 1)):
            enabled = self.can(delta)
            pygame.draw.rect(surface, GOLD if enabled else mix(FELT_DARK, CREAM, 0.3), rect, border_radius=h // 4)
            blit_text(surface, sign, h * 0.7, INK if enabled else DIM, rect.center, "center", True)
        blit_text(surface, self.fmt(self.value), h * 0.5, INK, body.center, "center", True, max_width=body.width - 6)


class TextField(Widget):
    """One line of editable text: click (or Enter) to edit, type, Backspace; Enter, Tab, Esc or a
    click elsewhere ends editing. ``allowed`` filters typed characters."""

    def __init__(
        self,
        value: str = "",
        placeholder: str = "",
        max_length: int = 24,
        allowed: Callable[[str], bool] | None = None,
        on_change: Callable[[str], Any] | None = None,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.value = value
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed
        self.on_change = on_change
        self.editing = False
        self._blink = 0.0

    def start_editing(self) -> None:
        if not self.editing:
            self.editing = True
            pygame.key.start_text_input()

    def stop_editing(self) -> None:
        if self.editing:
            self.editing = False
            pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.stop_editing()
            return False
        if self.editing:
            if event.type == pygame.TEXTINPUT:
                self.type_text(event.text)
                return True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self._set(self.value[:-1])
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                    self.stop_editing()
                elif event.key == pygame.K_TAB:
                    self.stop_editing()
                    return False
                return True
        return super().handle_event(event)

    def type_text(self, typed: str) -> None:
        kept = "".join(ch for ch in typed if ch.isprintable() and (self.allowed is None or self.allowed(ch)))
        self._set((self.value + kept)[: self.max_length])

    def _set(self, value: str) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def click(self, pos: tuple[int, int], button: int) -> None:
        if button == 1:
            self.start_editing()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_editing()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        h = self.rect.height
        lit = self.editing or self.hover or self.focused
        draw_panel(
            surface,
            self.rect,
            WHITE if self.editing else FIELD,
            GOLD if lit else FIELD_EDGE,
            shadow=False,
            radius=max(4, h // 5),
            width=3 if self.editing else 2,
        )
        pad = h * 0.3
        shown = self.value or ("" if self.editing else self.placeholder)
        color = INK if self.value else INK_SOFT
        size = h * 0.5
        image = text(shown, size, color) if shown else None
        room = self.rect.width - 2 * pad
        x = self.rect.left + pad
        if image is not None:
            if image.get_width() > room:  # keep the end (where the caret is) in view
                crop = pygame.Rect(image.get_width() - room, 0, room, image.get_height())
                image = image.subsurface(crop)
            surface.blit(image, image.get_rect(midleft=(x, self.rect.centery)))
            x += image.get_width() if self.value else 0
        if self.editing and (pygame.time.get_ticks() // round(CARET_BLINK * 1000)) % 2 == 0:
            top, bottom = self.rect.centery - h * 0.28, self.rect.centery + h * 0.28
            pygame.draw.line(surface, INK, (x + 2, top), (x + 2, bottom), 2)


class FocusGroup:
    """Keyboard focus over a scene's widgets: Tab / Shift+Tab and Up / Down move it, Left / Right
    go to the focused widget first (steppers, choices) and otherwise move it too."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index: int | None = None

    def set(self, widgets: Sequence[Widget]) -> None:
        focused = self.focused
        self.widgets = list(widgets)
        self.index = None
        for w in self.widgets:
            w.focused = False
        if focused is not None and focused in self.widgets and focused.active:
            self.focus(focused)

    @property
    def focused(self) -> Widget | None:
        if self.index is None or self.index >= len(self.widgets):
            return None
        return self.widgets[self.index]

    @property
    def editing(self) -> bool:
        """Whether a text field is taking the keyboard (so Esc must not leave the scene)."""
        return any(isinstance(w, TextField) and w.editing for w in self.widgets)

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        self.index = None
        if widget is not None and widget in self.widgets:
            self.index = self.widgets.index(widget)
            widget.focused = True

    def move(self, delta: int) -> None:
        candidates = [i for i, w in enumerate(self.widgets) if w.focusable and w.active]
        if not candidates:
            return
        if self.index is None or self.index not in candidates:
            target = candidates[0] if delta > 0 else candidates[-1]
        else:
            target = candidates[(candidates.index(self.index) + delta) % len(candidates)]
        self.focus(self.widgets[target])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the widgets, then use it for focus moves; True when used."""
        for widget in self.widgets:
            if isinstance(widget, TextField) and widget.editing and widget.handle_event(event):
                return True
        used = False
        for widget in self.widgets:
            if event.type == pygame.KEYDOWN and not widget.focused:
                continue
            if widget.handle_event(event):
                used = True
                if event.type == pygame.MOUSEBUTTONUP and widget.focusable:
                    self.focus(widget)
                break
        if used or event.type != pygame.KEYDOWN:
            return used
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.move(1)
            return True
        if event.key in (pygame.K_UP, pygame.K_LEFT):
            self.move(-1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)
