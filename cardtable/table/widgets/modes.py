"""The table's interaction modes, switched on by the seat's legal actions: :class:`Modes` holds
one of each mode (``mode.py``) and, at every refresh of the table (and when a mode begins
something), keeps on those whose action kinds appear among the legal actions or that are midway
through something. Several are on at once where the actions need them (a meld being built whose
wild card names a value: building and choosing a value); none when the actions need none.

The table's widgets (``compose.py``) ask the modes that are on before themselves for input
(clicks, drops, keys, choice buttons) and after themselves for painting.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .build_mode import BuildMode
from .mode import Mode
from .offer_mode import OfferMode
from .select_mode import SelectMode
from .value_mode import ValueMode

if TYPE_CHECKING:
    from ..context import TableContext


class Modes:
    """One mode of each kind for a table, and which are on now (see the module's words)."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.value = ValueMode(ctx, self.activate)
        self.select = SelectMode(ctx)
        self.build = BuildMode(ctx, self.value.picker)
        self.offer = OfferMode(ctx)
        self.all: list[Mode] = [self.offer, self.select, self.build, self.value]
        self.on: list[Mode] = []
        self.changed = lambda: None  # told when the modes on change (the widgets ask them anew)

    def __iter__(self) -> Iterator[Mode]:
        return iter(self.on)

    def names(self) -> list[str]:
        """The kinds of the modes on now, in the order they are asked (``build``, ``value``...)."""
        return [mode.kind for mode in self.on]

    def activate(self) -> None:
        """Switch on the modes the legal actions need, and those midway through something."""
        legal = self.ctx.legal
        on = [mode for mode in self.all if mode.serves(legal) or mode.holding()]
        if on != self.on:
            self.on = on
            self.changed()
