"""Card sprites on the table and how they are painted: face or back, flip, rotation, shadow.

A :class:`CardSprite` is one card as the table shows it; ``text`` is its notation when the
viewer may know it, ``None`` for a card seen from the back. Faces come from ``sprites``
(cached per size); rotated copies are cached here per angle so a fanned hand costs blits only.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

import sprites
from rules.cards import CardFace, Deck

SHADOW = (0, 0, 0, 70)
DIM = (150, 150, 150)  # a card that may not be played is multiplied by this


@dataclass(eq=False)
class CardSprite:
    """One card on the table. ``flip`` 1.0 shows the face, 0.0 the back (between: turning)."""

    text: str | None
    zone: str
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    width: float = 60.0  # drawn width (tweened when a card changes zones)
    base_w: int = 60  # the width its zone draws cards at (what the surface is rendered at)
    flip: float = 0.0
    lift: float = 0.0  # px raised (hover, selection)
    revealed: bool = False  # turned up at the end of a deal
    flying: bool = False  # travelling between zones: drawn above the table
    dragging: bool = False

    @property
    def height(self) -> float:
        return self.width * sprites.CARD_RATIO

    def rect(self) -> pygame.Rect:
        """The card's unrotated outline at its current place (for hits and drops)."""
        r = pygame.Rect(0, 0, round(self.width), round(self.height))
        r.center = (round(self.x), round(self.y - self.lift))
        return r


class CardPainter:
    """Paints card sprites for one deck; knows faces by their notation."""

    def __init__(self, deck: Deck, colorblind: bool = False) -> None:
        self.deck = deck
        self.colorblind = colorblind
        self._faces: dict[str, CardFace] = {}
        self._turned: dict[tuple, pygame.Surface] = {}

    def face_of(self, text: str) -> CardFace | None:
        face = self._faces.get(text)
        if face is None:
            try:
                face = self.deck.faces[self.deck.parse(text)]
            except Exception:  # noqa: BLE001 - an unknown text draws as a plain labelled card
                face = CardFace(0, "", None, None, text, text)
            self._faces[text] = face
        return face

    def image(self, text: str | None, width: int) -> pygame.Surface:
        """The face of ``text`` (``None``: the back) at ``width`` px."""
        if text is None:
            return sprites.card_back(width)
        return sprites.card_face(self.face_of(text), width, self.colorblind)

    def shadow(self, width: int) -> pygame.Surface:
        key = ("shadow", width, 0)
        image = self._turned.get(key)
        if image is None:
            w, h = sprites.card_size(width)
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(image, SHADOW, image.get_rect(), border_radius=max(2, round(w * 0.075)))
            self._turned[key] = image
        return image

    def _rotated(self, key: tuple, image: pygame.Surface, angle: float) -> pygame.Surface:
        step = round(angle * 2) / 2  # half-degree steps: a fan reuses its few angles
        if step == 0:
            return image
        full = (*key, step)
        out = self._turned.get(full)
        if out is None:
            if len(self._turned) > 600:
                self._turned.clear()
            out = pygame.transform.rotozoom(image, step, 1.0)
            self._turned[full] = out
        return out

    def dimmed(self, text: str | None, width: int) -> pygame.Surface:
        """The face (or back) of ``text`` darkened: a card that may not be played now."""
        key = ("dim", text if text is not None else ("back", sprites.looks.back_style()), width, self.colorblind)
        image = self._turned.get(key)
        if image is None:
            image = self.image(text, width).copy()
            image.fill(DIM, special_flags=pygame.BLEND_RGB_MULT)
            self._turned[key] = image
        return image

    def draw(
        self,
        surface: pygame.Surface,
        card: CardSprite,
        show_face: bool,
        shadow: bool = True,
        peek: bool = False,
        dim: bool = False,
    ) -> None:
        """Paint ``card`` centred at its place; ``show_face`` when the viewer may see it face up
        (turning with ``flip``); ``peek``: the face of a card lying face down, shown to its owner;
        ``dim``: darkened (a card that may not be played now)."""
        width = max(8, card.base_w)
        turning = show_face and card.text is not None and not peek
        face_side = peek and card.text is not None or turning and card.flip >= 0.5
        text = card.text if face_side else None
        image = self.dimmed(text, width) if dim else self.image(text, width)
        squash = abs(2 * card.flip - 1) if turning else 1.0
        w = card.width * squash
        transient = abs(card.width - width) > 0.5 or squash < 0.999
        if transient:
            image = pygame.transform.smoothscale(image, (max(1, round(w)), max(1, round(card.height))))
        cx, cy = card.x, card.y - card.lift
        if shadow:
            off = max(2.0, card.width * (0.05 if card.flying or card.dragging or card.lift > 1 else 0.03))
            shade = self.shadow(width)
            if transient:
                shade = pygame.transform.scale(shade, image.get_size())
            elif card.angle:
                shade = self._rotated(("shadow", width, 0), shade, card.angle)
            surface.blit(shade, shade.get_rect(center=(round(cx + off * 0.6), round(cy + off))))
        if card.angle:
            if transient:
                image = pygame.transform.rotozoom(image, card.angle, 1.0)
            else:
                side = text if text is not None else ("back", sprites.looks.back_style())
                image = self._rotated(("dim" if dim else "", side, width, self.colorblind), image, card.angle)
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def clear(self) -> None:
        self._turned.clear()
