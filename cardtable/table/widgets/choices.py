"""The choice row of a trick table: the actions that are no card's move, as buttons above the
status line. A choice of a value among suits (actions of kind ``trump``) shows a suit's button
each; a selection built in steps (``toggle`` actions, ``hand.py``) is confirmed by its one
primary button. Any other row is the table's own (``choice_row.py``: a button per action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import widgets as ui
from .. import trick_hud
from .base import Widget

if TYPE_CHECKING:
    from rules import Action


class ChoiceRowWidget(Widget):
    """Suit buttons and a selection's confirm button (see the module's words)."""

    kind = "choices"

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        if choices and all(a.kind == "trump" for a in choices):
            style = self.ctx.deck.style
            return [
                trick_hud.SuitButton(
                    a.label or a.text,
                    a.text.split()[-1],
                    style,
                    lambda a=a: self.ctx.apply(a),
                    self.ctx.painter.colorblind,
                )
                for a in choices
            ]
        if len(choices) == 1 and any(a.kind == "toggle" for a in self.ctx.legal):  # confirms the selection
            action = choices[0]
            return [ui.Button(action.label or action.text, lambda: self.ctx.apply(action), primary=True)]
        return None
