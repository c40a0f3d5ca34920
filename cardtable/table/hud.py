"""What the table paints besides cards: the top bar, name plates, the status pill, zone
labels, banners ("Ann takes the trick") and target highlights.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

import sprites
from sprites.faces import NUMBER_COLORS  # a number keeps the colour its cards are drawn in

from .. import widgets as ui

PLATE = (16, 34, 26, 200)
PLATE_ACTIVE = (38, 54, 30, 230)
BAR = (10, 30, 20, 170)
PILL = (14, 28, 22, 205)
WARN = (120, 40, 24, 230)
HINT = (110, 200, 255)
LABEL = (226, 236, 220)
SOFT = (170, 196, 178)
TEAM_COLORS = ((232, 128, 84), (92, 172, 236), (176, 132, 226))


@lru_cache(maxsize=64)
def _veil(size: tuple[int, int], color: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, color, veil.get_rect(), border_radius=radius)
    return veil


def veil(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int, int], radius: int) -> None:
    """A translucent rounded rectangle (cached per size)."""
    if rect.width > 0 and rect.height > 0:
        surface.blit(_veil(rect.size, color, radius), rect)


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, title: str, detail: str, u: float) -> None:
    veil(surface, rect, BAR, 0)
    pygame.draw.line(surface, (*ui.GOLD,), rect.bottomleft, rect.bottomright, 1)
    x = rect.left + round(16 * u)
    shown = ui.blit_text(surface, title, max(19.0, 26 * u), ui.CREAM, (x, rect.centery), "midleft", bold=True)
    if detail:
        ui.blit_text(surface, detail, max(15.0, 19 * u), SOFT, (shown.right + round(14 * u), rect.centery), "midleft")


def plate_clock(active: bool, thinking: bool, clock: float) -> tuple | None:
    """What ``clock`` shows on a plate (:func:`draw_plate`): a thinking bot's glow and dots."""
    if not thinking:
        return None
    glow = ui.mix(ui.GOLD, ui.GOLD_LIGHT, 0.5 + 0.5 * math.sin(clock * 4.0)) if active else None
    return glow, int(clock * 3) % 4


def draw_plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    name: str,
    sub: str,
    active: bool,
    thinking: bool,
    tags: list[str],
    u: float,
    clock: float,
    chips: tuple[int | None, ...] = (),
    team: int | None = None,
    value: str = "",
) -> None:
    """A seat's name plate: name, "bot · normal" or "human", a turn marker and "thinking…";
    numbered ``chips`` at the right of the name's line, and a band in the ``team``'s colour.
    ``value`` (what the seat is judged by: "bid 3 · won 1") is drawn large and bold in front of
    the smaller line, to be read at a glance."""
    radius = rect.height // 3
    veil(surface, rect, PLATE_ACTIVE if active else PLATE, radius)
    reserve = chips_width(rect, len(chips)) if chips else 0
    if active:  # a thinking bot's plate pulses; a plate waiting for a human glows steadily (the app rests)
        glow = 0.5 + 0.5 * math.sin(clock * 4.0) if thinking else 0.8
        pygame.draw.rect(
            surface, ui.mix(ui.GOLD, ui.GOLD_LIGHT, glow), rect, width=max(2, round(3 * u)), border_radius=radius
        )
        r = rect.height * 0.16
        cx, cy = rect.left + rect.height * 0.34, rect.centery
        pygame.draw.polygon(surface, ui.GOLD_LIGHT, [(cx - r * 0.7, cy - r), (cx - r * 0.7, cy + r), (cx + r, cy)])
    else:
        pygame.draw.rect(surface, (90, 120, 100), rect, width=1, border_radius=radius)
    left = rect.left + round(rect.height * (0.6 if active else 0.36))
    width = rect.right - left - round(8 * u)
    tag_text = "  ".join(tags)
    if tag_text:
        tag = ui.text(tag_text, rect.height * 0.3, ui.GOLD_LIGHT, bold=True)
        surface.blit(tag, tag.get_rect(topright=(rect.right - round(10 * u), rect.top + rect.height * 0.1)))
        width_name = width - tag.get_width() - round(6 * u)
    else:
        width_name = width
    width_name -= reserve
    ui.blit_text(
        surface,
        name,
        rect.height * (0.4 if value else 0.42),
        ui.CREAM,
        (left, rect.top + rect.height * 0.1),
        "topleft",
        bold=True,
        max_width=width_name,
    )
    if thinking:
        dots = int(clock * 3) % 4
        sub = "thinking" + "." * dots
        color = ui.GOLD_LIGHT
    else:
        color = SOFT
    base = (left, rect.bottom - rect.height * 0.08)
    if value:
        shown = ui.blit_text(
            surface, value, rect.height * 0.4, ui.GOLD_LIGHT, base, "bottomleft", bold=True, max_width=width
        )
        room = rect.right - round(8 * u) - shown.right - round(rect.height * 0.2)
        if sub and room > rect.height * 0.6:
            at = (shown.right + round(rect.height * 0.2), rect.bottom - rect.height * 0.1)
            ui.blit_text(surface, sub, rect.height * 0.3, color, at, "bottomleft", max_width=room)
    else:
        ui.blit_text(
            surface,
            sub,
            rect.height * 0.3,
            color,
            (left, rect.bottom - rect.height * 0.1),
            "bottomleft",
            max_width=width,
        )
    h = rect.height
    if team is not None:
        tint = TEAM_COLORS[team % len(TEAM_COLORS)]
        band = pygame.Rect(0, 0, max(5, round(h * 0.14)), round(h * 0.62))
        band.midleft = (rect.left + round(h * 0.12), rect.centery)
        pygame.draw.rect(surface, tint, band, border_radius=band.width // 2)
        pygame.draw.rect(surface, tint, rect, width=2, border_radius=h // 3)
    r = h * 0.2
    x, y = rect.right - h * 0.2 - r, rect.top + h * 0.34
    for number in reversed(chips):
        chip(surface, number, (x, y), r)
        x -= r * 2.3


def chips_width(plate: pygame.Rect, count: int) -> int:
    """Room the chips take at the right of a plate's name line."""
    return round(plate.height * 0.2 + plate.height * 0.2 * 2.3 * count)


def chip(surface: pygame.Surface, number: int | None, center: tuple[float, float], radius: float) -> None:
    """A small numbered disc in its number's colour (``None``: an empty place still to fill)."""
    if number is None:
        pygame.draw.circle(surface, (150, 176, 160), center, radius, max(1, round(radius * 0.18)))
        return
    color = NUMBER_COLORS[(number - 1) % len(NUMBER_COLORS)]
    pygame.draw.circle(surface, color, center, radius)
    pygame.draw.circle(surface, ui.CREAM, center, radius, max(1, round(radius * 0.14)))
    label = ui.fit(ui.text(str(number), radius * 1.15, ui.WHITE, bold=True), radius * 1.6)
    surface.blit(label, label.get_rect(center=(round(center[0]), round(center[1]))))


PILL_TEXT = 0.56  # of the status line's height: one line's text
PILL_TWO = 1.8  # of the status line's height: a pill of two lines
SEPARATORS = ("  \u00b7  ", " \u00b7 ", "; ", ": ", ", ", " ")


def pill_lines(text: str, rect: pygame.Rect, bold: bool = False) -> list[str]:
    """The status line as drawn in ``rect``: itself when it fits at its size, else two lines
    split at the separator (" · ", "; ", a space) that balances them best."""
    room = rect.width - rect.height
    if not text or ui.text(text, rect.height * PILL_TEXT, ui.WHITE, bold).get_width() <= room:
        return [text] if text else []
    for sep in SEPARATORS:
        cuts = [i for i in range(len(text)) if text.startswith(sep, i)]
        if not cuts:
            continue
        best = min(cuts, key=lambda i: abs(len(text) - 2 * i - len(sep)))
        first, second = text[:best].strip(), text[best + len(sep) :].strip()
        if first and second:
            return [first, second] if "\u00b7" in sep else [first + sep.rstrip(), second]
    return [text]


def pill_growth(text: str, rect: pygame.Rect) -> int:
    """How far above ``rect`` the status pill reaches (it takes two lines): 0 for one line."""
    return round(rect.height * (PILL_TWO - 1)) if len(pill_lines(text, rect)) > 1 else 0


def draw_pill(
    surface: pygame.Surface, rect: pygame.Rect, text: str, u: float, warn: bool = False, hint: bool = False
) -> pygame.Rect:
    """The status line in a rounded pill, as wide as its text (at most ``rect``); a line too long
    for ``rect`` takes two lines in a taller pill that grows upwards from ``rect``'s bottom."""
    if not text:
        return pygame.Rect(rect.centerx, rect.centery, 0, 0)
    color = ui.WHITE if not hint else HINT
    lines = pill_lines(text, rect, warn)
    if len(lines) == 1:
        images = [ui.fit(ui.text(text, rect.height * PILL_TEXT, color, bold=warn), rect.width - rect.height)]
        height = rect.height
    else:
        size = rect.height * PILL_TEXT * 0.92
        images = [ui.fit(ui.text(line, size, color, bold=warn), rect.width - rect.height) for line in lines]
        height = round(rect.height * PILL_TWO)
    box = pygame.Rect(0, 0, max(i.get_width() for i in images) + rect.height, height)
    box.midbottom = rect.midbottom
    radius = rect.height // 2
    veil(surface, box, WARN if warn else PILL, radius)
    if warn:
        pygame.draw.rect(surface, (240, 160, 120), box, width=1, border_radius=radius)
    elif hint:
        pygame.draw.rect(surface, HINT, box, width=1, border_radius=radius)
    step = box.height / (len(images) + 1)
    for i, image in enumerate(images):
        surface.blit(image, image.get_rect(center=(box.centerx, round(box.top + step * (i + 1)))))
    return box


def zone_label(
    surface: pygame.Surface, text: str, midtop: tuple[float, float], u: float, max_width: float | None = None
) -> None:
    if text:
        ui.blit_text(surface, text, max(15.0, 18 * u), LABEL, midtop, "midtop", bold=True, max_width=max_width)


def draw_banner(surface: pygame.Surface, text: str, center: tuple[int, int], u: float, alpha: float) -> None:
    """A ribbon across the table for big moments (a presenter's banner: "New deal")."""
    if not text or alpha <= 0:
        return
    image = ui.text(text, 46 * u, ui.GOLD_LIGHT, bold=True)
    box = image.get_rect().inflate(round(80 * u), round(30 * u))
    box.center = center
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 24, 18, 225), layer.get_rect(), border_radius=box.height // 3)
    pygame.draw.rect(
        layer, (*ui.GOLD, 255), layer.get_rect(), width=max(2, round(3 * u)), border_radius=box.height // 3
    )
    layer.blit(image, image.get_rect(center=layer.get_rect().center))
    layer.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
    surface.blit(layer, box)


@lru_cache(maxsize=32)
def _ring(card_w: int, color: tuple[int, int, int], strong: bool) -> pygame.Surface:
    ring = sprites.highlight_ring(card_w, color)
    if strong:
        return ring
    faint = ring.copy()
    faint.set_alpha(150)
    return faint


@lru_cache(maxsize=64)
def _turned_ring(card_w: int, color: tuple[int, int, int], strong: bool, step: float) -> pygame.Surface:
    return pygame.transform.rotate(_ring(card_w, color, strong), step)


def ring_around(
    surface: pygame.Surface,
    rect: pygame.Rect,
    card_w: int,
    color: tuple[int, int, int],
    strong: bool,
    angle: float = 0.0,
) -> None:
    """A glowing frame around a card-sized ``rect`` (or a wider area such as a hand); a card
    turned by ``angle`` degrees (a fanned hand's) gets its frame turned alike."""
    if rect.width <= card_w + 2:
        step = round(angle * 2) / 2  # half-degree steps, as the cards' own turned copies
        if step:
            image = _turned_ring(card_w, tuple(color), strong, step)
            surface.blit(image, image.get_rect(center=rect.center))
            return
        margin = sprites.ring_margin(card_w)
        surface.blit(_ring(card_w, tuple(color), strong), (rect.left - margin, rect.top - margin))
        return
    pad = max(4, round(card_w * 0.08))
    area = rect.inflate(2 * pad, 2 * pad)
    veil(surface, area, (*color, 60 if strong else 34), pad * 2)
    pygame.draw.rect(surface, color, area, width=3 if strong else 2, border_radius=pad * 2)
