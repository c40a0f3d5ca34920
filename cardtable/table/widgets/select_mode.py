"""Select, then confirm, a mode of the table: on while the legal actions build a selection in
steps (kind ``toggle``, ``rules/selection.py``: an exchange). A click moves a card between your
hand and your row aside (a per-seat zone the toggles name), and the one choice left (the
exchange itself) is the row's primary button. Your hand keeps a gap where each picked card was
(the hand widget's slots, ``hand.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.kinds import ActionKind, is_kind

from ... import widgets as ui
from .mode import Mode

if TYPE_CHECKING:
    from rules import Action

    from ..cards import CardSprite
    from ..context import TableContext


def toggles(ctx: TableContext) -> list[Action]:
    """The seat's legal steps of a selection (a card into or out of it)."""
    return [a for a in ctx.legal if is_kind(a.kind, ActionKind.TOGGLE)]


def aside(ctx: TableContext) -> str | None:
    """Your row of cards set aside while a selection is built in steps (read from the toggles)."""
    steps = toggles(ctx)
    return next((a.target for a in steps if a.source == ctx.my_hand), None) or next(
        (a.source for a in steps if a.source != ctx.my_hand), None
    )


class SelectMode(Mode):
    """Cards picked one by one, then the selection confirmed (see the module's words)."""

    kind = "select"
    kinds = (ActionKind.TOGGLE,)

    def text_of(self, action: Action) -> str | None:
        return None if action.card is None else self.ctx.deck.faces[action.card].text

    def click_card(self, card: CardSprite) -> bool:
        """A click moves a card between your hand and your row aside."""
        ctx = self.ctx
        steps = toggles(ctx)
        if not ctx.my_turn() or ctx.seat is None or not steps:
            return False
        spot, hand = aside(ctx), ctx.my_hand
        if spot is None or card.zone not in (spot, hand):
            return False
        for action in steps:
            if action.source == card.zone and self.text_of(action) == card.text:
                ctx.apply(action, moving=card)
                return True
        ctx.refuse_move(card.text, card.zone, spot if card.zone == hand else hand)
        return True

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """The one choice left while selecting confirms the selection: the row's primary button."""
        if len(choices) == 1 and toggles(self.ctx):
            action = choices[0]
            return [ui.Button(action.label or action.text, lambda: self.ctx.apply(action), primary=True)]
        return None
