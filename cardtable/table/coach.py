"""The coach at the table: a speech bubble near what a lesson's step points at, a glow and an
arrow on the target, and *Back* / *Next* / *Skip lesson* (Enter or Space for Next, Backspace for
Back); at the lesson's end, *Play a real match* and *Menu*.

The coach knows no lesson's content and no game: it reads the step from a
:class:`rules.lessons.Coach` and finds its target through :class:`Targets`, a narrow view of the
table (a zone, a card, a button by its label, a seat's plate, the status line). The bubble goes
where it hides neither the target nor the player's hand: above or below the target, else beside
it, inside the table's room.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rules.lessons import Coach

from .. import widgets as ui

BUBBLE_W = 380  # px at 1280x800
TEXT_SIZE = 19
GLOW = (255, 226, 120)


@dataclass
class Targets:
    """What the coach may point at, found by name on the table (each None when not shown)."""

    zone: Callable[[str], pygame.Rect | None]
    card: Callable[[str], pygame.Rect | None]
    button: Callable[[str], pygame.Rect | None]
    plate: Callable[[int], pygame.Rect | None]
    status: Callable[[], pygame.Rect | None]
    room: Callable[[], pygame.Rect]  # where the bubble may go (the table beside the log, below the bar)
    keep_clear: Callable[[], list[pygame.Rect]]  # what it must not cover (your hand, the choice buttons)

    def find(self, target: tuple[str, str] | None) -> pygame.Rect | None:
        if target is None:
            return None
        kind, name = target
        if kind == "zone":
            return self.zone(name)
        if kind == "card":
            return self.card(name)
        if kind == "button":
            return self.button(name)
        if kind == "plate":
            return self.plate(int(name)) if name.isdigit() else None
        if kind == "status":
            return self.status()
        return None


class CoachLayer:
    """The bubble and its buttons over the table for one lesson ``coach``.

    ``on_next`` / ``on_back`` / ``on_skip`` / ``on_play`` / ``on_menu`` are the table's verbs: the
    coach only says which one the player chose.
    """

    def __init__(
        self,
        coach: Coach,
        targets: Targets,
        on_next: Callable[[], None],
        on_back: Callable[[], None],
        on_skip: Callable[[], None],
        on_play: Callable[[], None],
        on_menu: Callable[[], None],
    ) -> None:
        self.coach = coach
        self.targets = targets
        self.back_button = ui.Button("Back", on_back)
        self.next_button = ui.Button("Next", on_next, primary=True)
        self.skip_button = ui.Button("Skip lesson", on_skip)
        self.play_button = ui.Button("Play a real match", on_play, primary=True)
        self.menu_button = ui.Button("Menu", on_menu)
        self.on_next, self.on_back = on_next, on_back
        self.bubble = pygame.Rect(0, 0, 0, 0)
        self.target: pygame.Rect | None = None
        self.lines: list[str] = []
        self.u = 1.0

    # ---------------------------------------------------------------- state
    @property
    def buttons(self) -> list[ui.Button]:
        if self.coach.finished:
            return [self.menu_button, self.play_button]
        return [self.skip_button, self.back_button, self.next_button]

    def words(self) -> tuple[str, str]:
        """The bubble's heading and text now."""
        if self.coach.finished:
            return "Well played", self.coach.lesson.done
        step = self.coach.step
        heading = step.title or f"Step {self.coach.index + 1} of {self.coach.count}"
        return heading, step.say

    def _refresh_buttons(self) -> None:
        self.back_button.enabled = self.coach.can_go_back()
        self.next_button.visible = self.coach.step.until == "next"

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Its buttons, Enter / Space (Next, on a step that is read) and Backspace (Back)."""
        self._refresh_buttons()
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.bubble.collidepoint(event.pos):
            return True  # a click on the bubble is not a click on the table under it
        if event.type != pygame.KEYDOWN:
            return False
        if self.coach.finished:
            if event.key in ui.ACTIVATE_KEYS:
                self.play_button.activate()
                return True
            return False
        if event.key in ui.ACTIVATE_KEYS and self.coach.step.until == "next":
            self.on_next()
            return True
        if event.key == pygame.K_BACKSPACE and self.coach.can_go_back():
            self.on_back()
            return True
        return False

    # --------------------------------------------------------------- layout
    def find_target(self) -> pygame.Rect | None:
        """Where what the step points at is on the table now (None: nothing, or not shown)."""
        return None if self.coach.finished else self.targets.find(self.coach.step.target)

    def layout(self, u: float, target: pygame.Rect | None) -> None:
        """Place the bubble for the step now: beside its ``target`` (:meth:`find_target`), clear
        of the player's hand."""
        self.u = u
        self._refresh_buttons()
        room = self.targets.room()
        self.target = target
        width = min(round(BUBBLE_W * u), room.width - round(24 * u))
        heading, said = self.words()
        pad = round(14 * u)
        self.lines = ui.wrap(said, TEXT_SIZE * u, width - 2 * pad)
        line_h = ui.line_height(TEXT_SIZE * u)
        button_h = round(34 * u)
        height = pad + ui.line_height(16 * u) + round(4 * u) + line_h * len(self.lines) + round(10 * u) + button_h + pad
        self.bubble = self._place(pygame.Rect(0, 0, width, height), room)
        self._place_buttons(button_h, pad)

    def _place(self, bubble: pygame.Rect, room: pygame.Rect) -> pygame.Rect:
        gap = round(18 * self.u)
        clear = [r for r in self.targets.keep_clear() if r.width and r.height]
        target = self.target
        spots: list[pygame.Rect] = []
        if target is not None:
            for dx, dy in ((0, -1), (0, 1), (1, 0), (-1, 0)):
                spot = bubble.copy()
                spot.center = target.center
                if dy < 0:
                    spot.bottom = target.top - gap
                elif dy > 0:
                    spot.top = target.bottom + gap
                elif dx > 0:
                    spot.left = target.right + gap
                else:
                    spot.right = target.left - gap
                spots.append(spot.clamp(room))
        for fx, fy in ((0.5, 0.5), (0.25, 0.5), (0.75, 0.5), (0.5, 0.3), (0.25, 0.3), (0.75, 0.3)):
            spot = bubble.copy()
            spot.center = (round(room.left + room.width * fx), round(room.top + room.height * fy))
            spots.append(spot.clamp(room))
        corner = bubble.copy()
        corner.topright = (room.right - gap, room.top + gap)
        spots.append(corner)

        def cost(spot: pygame.Rect) -> float:
            hidden = spot.clip(target).width * spot.clip(target).height if target is not None else 0
            covered = sum(spot.clip(r).width * spot.clip(r).height for r in clear)
            far = math.dist(spot.center, target.center) / 1000 if target is not None else 0
            return hidden * 1000 + covered + far  # never over what it points at, if it can help it

        return min(spots, key=cost)

    def _place_buttons(self, height: int, pad: int) -> None:
        gap = round(8 * self.u)
        shown = [b for b in self.buttons if b.visible]
        widths = [ui.text(b.label, 17 * self.u, bold=b.primary).get_width() + round(26 * self.u) for b in shown]
        x = self.bubble.right - pad
        for button, width in zip(reversed(shown), reversed(widths), strict=True):
            button.rect = pygame.Rect(0, 0, width, height)
            button.rect.bottomright = (x, self.bubble.bottom - pad)
            x -= width + gap

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        if self.target is not None:
            self._glow(surface, self.target)
            self._arrow(surface, self.target)
        ui.draw_panel(surface, self.bubble, ui.CREAM, ui.GOLD, radius=round(12 * u), width=max(2, round(3 * u)))
        pad = round(14 * u)
        heading, _said = self.words()
        y = self.bubble.top + pad
        ui.blit_text(
            surface,
            heading,
            16 * u,
            ui.INK_SOFT,
            (self.bubble.left + pad, y),
            "topleft",
            bold=True,
            max_width=self.bubble.width - 2 * pad,
        )
        y += ui.line_height(16 * u) + round(4 * u)
        for line in self.lines:
            ui.blit_text(surface, line, TEXT_SIZE * u, ui.INK, (self.bubble.left + pad, y), "topleft")
            y += ui.line_height(TEXT_SIZE * u)
        if not self.coach.finished and self.coach.step.until != "next":
            ui.blit_text(
                surface,
                self._waiting(),
                15 * u,
                ui.INK_SOFT,
                (self.bubble.left + pad, self.bubble.bottom - pad - round(17 * u)),
                "midleft",
                max_width=self.bubble.width * 0.45,
            )
        for button in self.buttons:
            if button.visible:
                button.draw(surface)

    def _waiting(self) -> str:
        until = self.coach.step.until
        return {"move": "Your move", "your-turn": "Watch...", "deal-over": "Play on"}.get(until, "")

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ring = rect.inflate(round(14 * self.u), round(14 * self.u))
        layer = pygame.Surface(ring.inflate(8, 8).size, pygame.SRCALPHA)
        alpha = 220  # steady: a table at rest draws nothing, so nothing pulses
        pygame.draw.rect(
            layer,
            (*GLOW, alpha),
            layer.get_rect().inflate(-4, -4),
            width=max(3, round(4 * self.u)),
            border_radius=round(12 * self.u),
        )
        surface.blit(layer, ring.inflate(8, 8).topleft)

    def _arrow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A short arrow from the bubble's edge towards the target's nearest edge."""
        ring = rect.inflate(round(14 * self.u), round(14 * self.u))
        start = _nearest_on(self.bubble, ring.center)
        end = _nearest_on(ring, start)
        if math.dist(start, end) < 12 * self.u:
            return
        width = max(3, round(5 * self.u))
        pygame.draw.line(surface, GLOW, start, end, width)
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        size = 16 * self.u
        tip = [
            end,
            (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45)),
            (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45)),
        ]
        pygame.draw.polygon(surface, GLOW, tip)


def _nearest_on(rect: pygame.Rect, point: tuple[float, float]) -> tuple[float, float]:
    """The point of ``rect``'s edge nearest ``point`` (outside it)."""
    x = min(max(point[0], rect.left), rect.right)
    y = min(max(point[1], rect.top), rect.bottom)
    return x, y
