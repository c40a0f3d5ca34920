"""Choosing a value, a mode of the table: a suit's button each for a choice of trump (actions of
kind ``trump``), and a small picker of values over the choice row where a move may name one of
several (the value a wild card stands for: ``add`` or ``swap`` actions alike but for their value;
the build mode also asks here which meld some cards make, or at which end). The question is the
presenter's (``Presenter.value_question``), the options the actions' values and labels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from rules.kinds import ActionKind, is_kind

from ... import widgets as ui
from .. import trick_hud
from .mode import Mode

if TYPE_CHECKING:
    from rules import Action

    from ..context import TableContext
    from ..layout import TableLayout


class Picker:
    """A question over the choice row and a button per option, with the presenter's way back."""

    def __init__(self, ctx: TableContext, opened: Callable[[], None]) -> None:
        self.ctx = ctx
        self.opened = opened  # the modes are asked anew: the picker's mode stays on while it is open
        self.buttons: list[ui.Button] = []
        self.back: Callable[[], None] = lambda: None

    def __bool__(self) -> bool:
        return bool(self.buttons)

    def ask(self, options: list[tuple[str, Callable[[], None]]], question: str, back: Callable[[], None]) -> None:
        """Ask ``question`` with a button per option (label, what it does) and one going back."""

        def pick(do: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self.close()
                do()

            return run

        self.back = back
        self.buttons = [ui.Button(label, pick(do)) for label, do in options]
        self.buttons.append(ui.Button(self.ctx.presenter.word("back"), self.go_back))
        self.ctx.say(question, "info")
        self.place(self.ctx.layout)
        self.opened()

    def close(self) -> None:
        self.buttons = []

    def go_back(self) -> None:
        self.close()
        self.back()

    def place(self, layout: TableLayout) -> None:
        """The buttons in a row centred above the choice row and the status line."""
        if not self.buttons:
            return
        u = layout.u
        h = max(22, round(28 * u))
        gap = round(6 * u)
        widths = [
            max(h, round(ui.text(b.label, h * 0.55, ui.INK, bold=True).get_width() + h * 0.8)) for b in self.buttons
        ]
        total = sum(widths) + gap * (len(widths) - 1)
        x = round(layout.size[0] / 2 - total / 2)
        y = min(layout.choices.top, layout.status.top) - gap - round(h * 1.3) - round(6 * u)
        for button, width in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, y, width, round(h * 1.3))
            x += width + gap


class ValueMode(Mode):
    """Suit buttons for trump, a picker of values (see the module's words)."""

    kind = "value"
    kinds = (ActionKind.TRUMP, ActionKind.ADD, ActionKind.SWAP)

    def __init__(self, ctx: TableContext, opened: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.picker = Picker(ctx, opened)

    def takes(self, action: Action) -> bool:
        """A trump to name, or a card whose value is named (a wild card's)."""
        if is_kind(action.kind, ActionKind.TRUMP):
            return True
        return action.value is not None and super().takes(action)

    def holding(self) -> bool:
        return bool(self.picker)

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        if choices and all(is_kind(a.kind, ActionKind.TRUMP) for a in choices):
            style = self.ctx.deck.style
            return [
                trick_hud.SuitButton(
                    a.label or a.text,
                    str(a.value),
                    style,
                    lambda a=a: self.ctx.apply(a),
                    self.ctx.painter.colorblind,
                )
                for a in choices
            ]
        return None

    def buttons(self) -> list[ui.Button]:
        return self.picker.buttons

    def close_popup(self) -> bool:
        """Esc closes an open picker as its way back does (before the table's menu opens)."""
        if not self.picker:
            return False
        self.picker.go_back()
        return True

    def adjust_layout(self, layout: TableLayout) -> None:
        self.picker.place(layout)


def several_values(actions: Sequence[Action]) -> bool:
    """Whether ``actions`` differ by the value they name (the picker asks which)."""
    return len({a.value for a in actions}) > 1
