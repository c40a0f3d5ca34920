"""Playing the engine's events back as animation: a card travels from zone to zone (face down
when this seat may not see it), cards turn up at a reveal, banners and messages say what the
game's presenter words for an event, and the opening deal flies out from the middle. Mixed into the table scene, whose
``board``, ``layout``, ``animator`` and event ``queue`` it works on.
"""

from __future__ import annotations

import math
from typing import Any

from rules import Event

from ..anim import linear


class Banner:
    """A ribbon's text and opacity (tweened)."""

    def __init__(self) -> None:
        self.text = ""
        self.alpha = 0.0


class Playback:
    """Event playback for :class:`~cardtable.table.scene.TableScene`."""

    def _deal_in(self) -> None:
        """The opening: the seats' cards fly from the middle to their places, one by one."""
        origin = self.layout.zones.get("stock")
        start = origin.anchor if origin else (self.size[0] / 2, self.size[1] / 2)
        delay = 0.0
        step = self.animator.seconds(0.035)
        for zone, cards in self.board.zones.items():
            box = self.layout.zones.get(zone)
            if box is None or box.seat is None:
                continue
            for card in cards:
                x, y, angle, up = card.x, card.y, card.angle, card.flip
                card.x, card.y, card.angle, card.flip = start[0], start[1], 0.0, 0.0
                card.flying = True
                self.animator.tween(
                    card,
                    self.animator.travel(600, box.card_w),
                    delay=delay,
                    x=x,
                    y=y,
                    angle=angle,
                    flip=up,
                    on_done=lambda c=card: setattr(c, "flying", False),
                )
                delay += step

    # ================================================================== events
    def _run_queue(self) -> None:
        while self.queue and not self.animator.busy:
            self._animate(self.queue.popleft())

    def _skip_ahead(self) -> None:
        """A click while cards move: everything lands now."""
        for _ in range(1000):
            self.animator.finish_all()
            if not self.queue:
                break
            self._animate(self.queue.popleft())
        self.animator.finish_all()
        self.banner.alpha = 0.0

    def _animate(self, event: Event) -> None:
        data = event.data
        self.app.sounds.for_event(event.kind)
        if self.ext.animate(event):
            return
        if event.kind == "move":
            self._animate_move(data.get("card"), data.get("source"), data.get("target"), data.get("index"))
        elif event.kind == "reveal":
            self._animate_reveal(data.get("zone"), data.get("cards") or [])
        elif event.kind == "deal":
            self.redeal = True  # a new deal: its cards fly out once the view has them
        self._speak(event)

    def _speak(self, event: Event) -> None:
        """What the game's presenter says about ``event``: a banner, or a message."""
        said = self.presenter.say(event.kind, event.data, self.seat, self.names)
        if said is None:
            return
        if said.sound:
            self.app.sounds.play(said.sound)
        if said.how == "banner":
            self._show_banner(said.text, said.hold)
        else:
            self._say(said.text, said.how if said.how in ("info", "hint", "warn") else "info")
            self.said.news = self.said.text  # news of a move: it gives way to your prompt when you are asked to act

    def _name(self, seat: Any) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else "Someone"

    def _animate_move(self, text: str | None, source: str | None, target: str | None, index: Any) -> None:
        if source is None or target is None:
            return
        prefer, self.moving = self.moving, None
        card = self.board.take(source, text, prefer, index if isinstance(index, int) and index > 0 else None)
        if text is None:
            self._forget_known(source)
        self.board.put(card, target, text)
        card.dragging = False
        card.lift = 0.0
        self.board.place(source, self.animator, self.animator.seconds(0.2))
        self.board.place(target, self.animator, skip=card)
        box = self.layout.zones.get(target)
        if box is None:
            return
        cards = self.board.zones[target]
        x, y, angle = self.board.slots(target, cards)[cards.index(card)]
        card.flying = True
        card.base_w = width = self.board.card_width(card, box)
        up = 1.0 if self.board.face_up(card) else 0.0
        span = self.animator.travel(math.hypot(card.x - x, card.y - y), width)
        self.animator.tween(
            card,
            span,
            x=x,
            y=y,
            angle=angle,
            width=float(width),
            flip=up,
            on_done=lambda: setattr(card, "flying", False),
        )

    def _forget_known(self, zone: str) -> None:
        """A card this seat may not see left ``zone``: a face shown there only as public knowledge
        turns down at once unless the seat still knows it is there (a cut card in the dealer's hand,
        once the dealer sets any card aside, could be among them), not a moment later at the re-sync."""
        cards = self.board.zones.get(zone, [])
        if not any(c.text is not None for c in cards):
            return
        view = self.session.view(self.seat)
        if any(t is not None for t in view.zones.get(zone, ())):
            return  # a zone this seat sees
        known = list((view.known or {}).get(zone, ())) if self.ext.shows_known(zone) else []
        for card in cards:
            if card.text in known:
                known.remove(card.text)
            elif card.text is not None:
                card.text = None

    def _animate_reveal(self, zone: str | None, texts: list[str]) -> None:
        cards = self.board.zones.get(zone or "", [])
        if not cards:
            return
        if sorted(str(c.text) for c in cards) != sorted(str(t) for t in texts):
            for card, text in zip(cards, texts, strict=False):
                card.text = text
        for i, card in enumerate(cards):
            card.revealed = True
            if card.flip < 1.0:
                card.flip = 0.0
                self.animator.tween(
                    card, self.animator.seconds(0.28), delay=self.animator.seconds(0.05 * i), ease=linear, flip=1.0
                )

    def _show_banner(self, text: str, hold: float) -> None:
        self.banner.text = text
        self.banner.alpha = 0.0
        self.animator.tween(self.banner, self.animator.seconds(0.15), alpha=1.0)
        self.animator.tween(self.banner, self.animator.seconds(0.35), delay=self.animator.seconds(hold), alpha=0.0)
