"""The card sprites: sizes, caching, distinct Try suits, and never crashing on odd cards."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from rules.cards import CardFace
from sprites import (
    CARD_RATIO,
    TRY_SUITS,
    card_back,
    card_face,
    card_size,
    highlight_ring,
    pile_slot,
    ring_margin,
    suit_color,
    suit_glyph,
    text,
    trio_partners,
)

WIDTHS = (40, 57, 120, 200)


def try_card(suit: str, rank: int = 7) -> CardFace:
    return CardFace(0, "try", suit, rank, f"{rank}{suit[0].upper()}", f"{rank} of {suit}")


WILD = CardFace(60, "try", None, None, "W", "Wild", extra="wild")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def histogram(surface: pygame.Surface, bins: int = 4) -> dict[tuple[int, int, int], int]:
    """Count of opaque pixels per coarse colour bucket."""
    counts: dict[tuple[int, int, int], int] = {}
    data = pixels(surface)
    step = 256 // bins
    for i in range(0, len(data), 4):
        if data[i + 3] > 128:
            key = (data[i] // step, data[i + 1] // step, data[i + 2] // step)
            counts[key] = counts.get(key, 0) + 1
    return counts


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Share of pixels that differ noticeably between two equal-sized surfaces."""
    da, db = pixels(a), pixels(b)
    differ = sum(1 for i in range(0, len(da), 4) if max(abs(da[i + c] - db[i + c]) for c in range(4)) > 40)
    return differ / (len(da) // 4)


def test_card_size_keeps_the_ratio() -> None:
    assert CARD_RATIO == 1.4
    assert card_size(100) == (100, 140)
    assert card_size(57) == (57, 80)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_surface_has_the_card_size(width: int) -> None:
    size = card_size(width)
    faces = [try_card(s) for s in TRY_SUITS] + [
        WILD,
        CardFace(0, "standard", "hearts", "Q", "QH", "Queen of hearts"),
        CardFace(0, "standard", "spades", 10, "10S", "10 of spades"),
        CardFace(0, "tryce", "clubs", 7, "7C", "7 of clubs", letter="E"),
        CardFace(0, "tryce", None, None, "JK", "Joker", extra="joker"),
        CardFace(0, "trio", None, 7, "7", "7"),
    ]
    for face in faces:
        surface = card_face(face, width)
        assert surface.get_size() == size
        assert surface.get_flags() & pygame.SRCALPHA
    assert card_back(width).get_size() == size
    assert pile_slot(width, "Stock", highlight=True).get_size() == size
    margin = ring_margin(width)
    assert highlight_ring(width).get_size() == (size[0] + 2 * margin, size[1] + 2 * margin)


def test_corners_are_rounded_and_the_middle_is_opaque() -> None:
    surface = card_face(try_card("fire"), 120)
    assert surface.get_at((0, 0)).a == 0
    assert surface.get_at((60, 84)).a == 255


def test_drawings_are_cached_per_look_and_size() -> None:
    face = try_card("drips", 5)
    assert card_face(face, 90) is card_face(face, 90)
    # A second copy of the same card (another index) shares the drawing.
    assert card_face(face, 90) is card_face(CardFace(99, "try", "drips", 5, "5D", "x"), 90)
    assert card_face(face, 90) is not card_face(face, 91)
    assert card_face(face, 90) is not card_face(face, 90, colorblind=True)
    assert card_back(80) is card_back(80)
    assert pile_slot(80, "x") is pile_slot(80, "x")
    assert highlight_ring(80) is highlight_ring(80)
    assert suit_glyph("try", "fire", 24) is suit_glyph("try", "fire", 24)
    assert text("trump", 20) is text("trump", 20)


def test_each_try_suit_glyph_differs_from_the_others() -> None:
    glyphs = {s: suit_glyph("try", s, 48) for s in TRY_SUITS}
    colours = {suit_color("try", s) for s in TRY_SUITS}
    assert len(colours) == 5
    for a in TRY_SUITS:
        for b in TRY_SUITS:
            if a < b:
                assert difference(glyphs[a], glyphs[b]) > 0.15, (a, b)
                # Same shape in one colour still differs: the shapes are distinct.
                same_a = suit_glyph("try", a, 48, (0, 0, 0))
                same_b = suit_glyph("try", b, 48, (0, 0, 0))
                assert difference(same_a, same_b) > 0.08, (a, b)
                assert histogram(glyphs[a]) != histogram(glyphs[b])


def test_the_wild_differs_from_every_suited_card() -> None:
    wild = card_face(WILD, 100)
    wild_colours = histogram(wild)
    for suit in TRY_SUITS:
        card = card_face(try_card(suit), 100)
        assert difference(wild, card) > 0.2, suit
        assert len(wild_colours) > len(histogram(card))


def test_standard_suits_are_red_and_black_or_four_colours() -> None:
    assert suit_color("standard", "hearts") == suit_color("standard", "diamonds")
    assert suit_color("standard", "spades") == suit_color("standard", "clubs")
    four = {suit_color("standard", s, colorblind=True) for s in ("spades", "hearts", "diamonds", "clubs")}
    assert len(four) == 4


def test_unknown_styles_and_suits_fall_back_without_error() -> None:
    odd = [
        CardFace(0, "mystery", None, None, "??", "Unknown"),
        CardFace(0, "standard", "cups", 3, "3C", "3 of cups"),
        CardFace(0, "try", "moons", 4, "4M", "4 of moons"),
        CardFace(0, "trio", None, 13, "13", "13"),
        CardFace(0, "try", None, None, "", "", extra="surprise"),
    ]
    for face in odd:
        assert card_face(face, 64).get_size() == card_size(64)
    assert suit_glyph("mystery", "cups", 20).get_size() == (20, 20)
    assert card_back(64, "no-such-back").get_size() == card_size(64)


def test_trio_marks_connect_sums_and_differences_of_seven() -> None:
    assert trio_partners(1) == (6, 8)
    assert trio_partners(5) == (2, 12)
    assert trio_partners(7) == ()
    assert trio_partners(12) == (5,)


@pytest.mark.parametrize("size", [10, 12, 13, 14, 16, 20, 24])
def test_small_text_keeps_the_proportions_of_large_text(size: int) -> None:
    """Small text is drawn large and scaled down, so its width follows its size (hinting at small
    sizes squeezed spaces: "tally 7· 0points"); an empty string is drawn too."""
    from sprites.text import font, text

    line = "tally 7 \u00b7 0 points"
    large = font(56).render(line, True, (0, 0, 0)).get_width() * size / 56
    assert abs(text(line, size).get_width() / large - 1) < 0.035
    assert text("", size).get_width() == 0
