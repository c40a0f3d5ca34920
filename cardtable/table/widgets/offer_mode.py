"""Offering a card to another hand, a mode of the table: on while this seat's legal actions give
a card of its hand to another hand (kind ``give``, or a game's own word declared a case of it,
as a partner's swap may be). A click chooses the card (the presenter's words say it), the give
button sends it and the keep button plays the first choice; the card already given in the choice
being made carries the presenter's tag (the mode stays on while it does). A drag to the other
hand is the table's own move. The words are the presenter's (``Presenter.exchange``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules import Action
from rules.kinds import ActionKind

from ... import widgets as ui
from .. import hud
from . import hold_panel
from .mode import Mode

if TYPE_CHECKING:
    from ..cards import CardSprite


class OfferMode(Mode):
    """A card of your hand given to another hand (see the module's words)."""

    kind = "offer"
    kinds = (ActionKind.GIVE,)

    def takes(self, action: Action) -> bool:
        mine = self.ctx.my_hand
        to_another = mine is not None and action.source == mine and action.target not in (None, mine)
        return to_another and super().takes(action)

    def holding(self) -> bool:
        return self.offered_card() is not None

    def gives(self) -> list[Action]:
        """This seat's legal gives, a card of its hand to another hand each."""
        return [a for a in self.ctx.legal if self.takes(a)]

    def receiver(self) -> str | None:
        """The hand this seat's legal actions give a card to, if any."""
        gives = self.gives()
        return gives[0].target if gives else None

    def owner(self, zone: str) -> str:
        box = self.ctx.layout.zones.get(zone)
        return self.ctx.name(box.seat if box is not None else None)

    def words(self) -> Any:
        ctx = self.ctx
        return ctx.presenter.exchange(ctx.view, ctx.seat, ctx.names)

    def click_card(self, card: CardSprite) -> bool:
        """A card of your hand chosen to give (clicked again: not chosen)."""
        ctx = self.ctx
        if not ctx.my_turn() or not self.gives():
            return False
        if card.zone != ctx.my_hand:
            return False  # a chosen card sent to the other hand, or a refusal: the generic click
        ctx.point(None if ctx.pointer.selected is card else card)
        if ctx.pointer.selected is not None:
            words = self.words()
            receiver = self.owner(self.receiver() or "")
            ctx.say(words.picked.format(give=words.give, card=card.text, partner=receiver), "info")
        return True

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """The give button (for the card chosen) and the keep button (the first choice)."""
        if not choices or not self.gives():
            return None
        keep, words = choices[0], self.words()
        return [
            ui.Button(words.give, self.give_selected, primary=True),
            ui.Button(words.keep, lambda: self.ctx.apply(keep)),
        ]

    def give_selected(self) -> None:
        ctx = self.ctx
        card, receiver = ctx.pointer.selected, self.receiver()
        if card is None or card.zone != ctx.my_hand or receiver is None:
            words = self.words()
            ctx.say(words.unpicked.format(give=words.give), "info")
            return
        action = next(
            (
                a
                for a in self.gives()
                if a.target == receiver and a.card is not None and ctx.deck.text(a.card) == card.text
            ),
            None,
        )
        if action is None:
            ctx.refuse_move(card.text, card.zone, receiver)
            return
        ctx.apply(action, moving=card)

    def offered_card(self) -> CardSprite | None:
        """The card this seat already gave in the choice being made (its own secret), if any."""
        text, mine = self.words().offered, self.ctx.my_hand
        if text is None or mine is None:
            return None
        return next((c for c in self.ctx.board.zones.get(mine, []) if c.text == text), None)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The card already given, ringed and tagged; the give button waits for a chosen card."""
        giving = bool(self.gives())
        offered = self.offered_card()
        if offered is not None:
            hud.ring_around(surface, offered.rect(), offered.base_w, (255, 215, 0), True)
            hold_panel.tag(surface, self.words().tag, offered.rect(), self.ctx.layout.u, above=True)
        if giving and self.ctx.choices:
            self.ctx.choices[0].enabled = self.ctx.pointer.selected is not None
