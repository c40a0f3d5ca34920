"""An interaction mode: a way of playing a family of actions that is no single drag, switched on
by the seat's legal actions (not by a zone or a hint). A mode names the engine's action kinds it
serves (:data:`kinds`, read with :func:`rules.kinds.is_kind`, so a game's own word declared a case
of one counts); the table's :class:`~.modes.Modes` switches it on at each refresh when some legal
action is of those kinds, several at once where the actions need them, and off when they are gone
(unless it is midway through something: :meth:`Mode.holding`).

A mode is a :class:`~.base.Widget` (the same hooks: its buttons, clicks, drops, keys, drawing),
asked before the table's widgets for input and after them for painting. The four:

- ``select_mode.py``: select, then confirm (an exchange: ``toggle`` actions, then one choice);
- ``build_mode.py``: build in steps (a meld from a selection: ``meld``, ``add``..., ``commit``);
- ``offer_mode.py``: offer a card of your hand to another hand (``give``);
- ``value_mode.py``: choose a value (a suit for ``trump``; a wild card's value, a meld's kind...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.kinds import Word, is_kind

from .base import Widget

if TYPE_CHECKING:
    from rules import Action


class Mode(Widget):
    """The hooks of a widget, on while the legal actions are of its kinds (see the module's words)."""

    kinds: tuple[Word, ...] = ()  # the engine's action kinds this mode serves

    def serves(self, legal: Sequence[Action]) -> bool:
        """Whether the seat's legal actions need this mode now (some action of its kinds)."""
        return any(self.takes(action) for action in legal)

    def takes(self, action: Action) -> bool:
        """Whether ``action`` is one this mode plays."""
        return any(is_kind(action.kind, kind) for kind in self.kinds)

    def holding(self) -> bool:
        """Whether the mode is midway through something (a picker open, a meld being laid): it
        stays on though its actions are gone for now."""
        return False
