"""What a trick game paints besides cards: the corner badge (trump, round, deal), the suit
buttons for naming trump, the last trick with who played each card, the cut card shown
before it goes to the dealer, and the captions of the trick being gathered.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

import sprites

from .. import widgets as ui
from . import hud
from .cards import CardPainter, CardSprite

BADGE = (12, 36, 26, 215)
PANEL = (14, 30, 22, 232)


class SuitButton(ui.Button):
    """A button naming a suit: its glyph, then its name ("♥ Hearts")."""

    def __init__(self, label: str, suit: str, style: str, on_click: object, colorblind: bool = False) -> None:
        super().__init__(label, on_click)  # type: ignore[arg-type]
        self.suit = suit
        self.style = style
        self.colorblind = colorblind  # the suit in the cards' colours (four-colour suits)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.draw_plain_frame(surface, shadow=True):
            return
        h = self.rect.height
        glyph = sprites.suit_glyph(self.style, self.suit, max(10, round(h * 0.62)), colorblind=self.colorblind)
        size = min(h * 0.42, 30)
        name = ui.fit(ui.text(self.label, size, ui.INK, True), self.rect.width - glyph.get_width() - h)
        gap = round(h * 0.18)
        total = glyph.get_width() + gap + name.get_width()
        x = self.rect.centerx - total / 2
        surface.blit(glyph, glyph.get_rect(midleft=(round(x), self.rect.centery)))
        shown = surface.blit(name, name.get_rect(midleft=(round(x + glyph.get_width() + gap), self.rect.centery)))
        self.draw_accel(surface, shown, size, ui.INK)  # its key underlined, as on every decision's button


def draw_badge(
    surface: pygame.Surface,
    rect: pygame.Rect,
    suit: str | None,
    style: str,
    headline: str,
    lines: list[str],
    u: float,
    colorblind: bool = False,
) -> None:
    """The corner badge: a suit glyph (or none, in the cards' colours: four-colour suits with
    ``colorblind``) with the headline, then smaller lines."""
    hud.veil(surface, rect, BADGE, round(12 * u))
    pygame.draw.rect(surface, ui.GOLD, rect, width=max(1, round(2 * u)), border_radius=round(12 * u))
    pad = round(12 * u)
    head_h = round(30 * u)
    x = rect.left + pad
    cy = rect.top + round(6 * u) + head_h / 2
    if suit is not None:
        disc = pygame.Rect(0, 0, head_h, head_h)
        disc.midleft = (x, round(cy))
        pygame.draw.ellipse(surface, ui.CREAM, disc)
        glyph = sprites.suit_glyph(style, suit, round(head_h * 0.7), colorblind=colorblind)
        surface.blit(glyph, glyph.get_rect(center=disc.center))
        x = disc.right + round(8 * u)
    ui.blit_text(surface, headline, 23 * u, ui.GOLD_LIGHT, (x, cy), "midleft", True, rect.right - pad - x)
    y = rect.top + round(6 * u) + head_h + round(11 * u)
    for line in lines:
        ui.blit_text(surface, line, 16 * u, ui.CREAM, (rect.left + pad, y), "midleft", max_width=rect.width - 2 * pad)
        y += round(22 * u)


def draw_last_trick(
    surface: pygame.Surface,
    center_top: tuple[int, int],
    title: str,
    plays: list[tuple[str, str]],
    winner: int,
    painter: CardPainter,
    card_w: int,
    u: float,
    bounds: pygame.Rect,
) -> pygame.Rect:
    """A panel with the last trick's cards in playing order, each over its player's name;
    the winning card ringed. ``plays``: (name, card text). Kept inside ``bounds``."""
    card_h = sprites.card_size(card_w)[1]
    pad = round(12 * u)
    step = round(card_w * 1.12)
    title_h = round(28 * u)
    name_h = round(20 * u)
    width = max(pad * 2 + step * len(plays) - (step - card_w), round(200 * u))
    panel = pygame.Rect(0, 0, width, pad + title_h + card_h + name_h + pad)
    panel.midtop = center_top
    panel.clamp_ip(bounds)
    hud.veil(surface, panel, PANEL, round(12 * u))
    pygame.draw.rect(surface, ui.GOLD, panel, width=max(1, round(2 * u)), border_radius=round(12 * u))
    ui.blit_text(surface, title, 18 * u, ui.GOLD_LIGHT, (panel.centerx, panel.top + pad), "midtop", True, width - pad)
    x = panel.centerx - (step * len(plays) - (step - card_w)) / 2
    y = panel.top + pad + title_h
    for i, (name, text) in enumerate(plays):
        sprite = CardSprite(text, "last", x + card_w / 2, y + card_h / 2, width=float(card_w), base_w=card_w, flip=1.0)
        painter.draw(surface, sprite, True, shadow=True)
        if i == winner:
            hud.ring_around(surface, sprite.rect(), card_w, ui.GOLD_LIGHT, True)
        ui.blit_text(
            surface,
            name,
            15 * u,
            ui.GOLD_LIGHT if i == winner else ui.CREAM,
            (x + card_w / 2, y + card_h + 3),
            "midtop",
            i == winner,
            step - 4,
        )
        x += step
    return panel


@dataclass
class Showcase:
    """A card shown big in the middle for a moment (the cut card), then sent to its holder."""

    text: str
    caption: str
    x: float
    y: float
    width: float
    flip: float = 0.0
    alpha: float = 1.0

    def draw(self, surface: pygame.Surface, painter: CardPainter, u: float) -> None:
        if self.alpha <= 0.02 or self.flip <= 0.0:
            return
        base = max(8, round(self.width))
        sprite = CardSprite(self.text, "showcase", self.x, self.y, width=self.width, base_w=base, flip=self.flip)
        painter.draw(surface, sprite, True, shadow=True)
        if self.alpha > 0.5 and self.caption:
            box = ui.text(self.caption, 22 * u, ui.GOLD_LIGHT, True)
            rect = box.get_rect(midtop=(round(self.x), round(self.y + sprite.height / 2 + 10 * u)))
            hud.veil(surface, rect.inflate(round(24 * u), round(10 * u)), PANEL, round(10 * u))
            surface.blit(box, rect)
