"""Per-game additions to the generic table: a game id names a :class:`TableExtension` whose
hooks the table calls at fixed points (layout, sync, playback, input, words, painting).

Every hook has a neutral default, so a game without an extension gets the generic table and
a game's extension overrides only what it needs. Extensions live in their own modules
(``cardtable/table/trio.py``...) and are imported only when their game is played; add one
with a line in :data:`MODULES`.

An extension sees the table scene (``self.table``) and may read its view, layout, board and
legal actions; like the table it never decides rules: it asks the engine's legal actions.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event

if TYPE_CHECKING:
    from .. import widgets as ui
    from .cards import CardSprite
    from .dragdrop import Press
    from .layout import Slot, TableLayout
    from .scene import TableScene

#: game id -> "module:Class" of its extension, imported the first time the game is played.
MODULES: dict[str, str] = {
    "trio": "cardtable.table.trio:TrioTable",
    "tribello": "cardtable.table.tricks:TribelloTable",
    "troeven": "cardtable.table.tricks:TroevenTable",
}


class TableExtension:
    """The hooks, each doing nothing special. Subclass per game and override a few."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    # ------------------------------------------------------------ layout
    def layout_specs(self, specs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """The zone specs the layout places (a game may lay a zone out itself, e.g. over others)."""
        return specs

    def adjust_layout(self, layout: TableLayout) -> None:
        """Called after the generic layout is computed (tweak zone boxes, reserve a panel)."""

    # ------------------------------------------------------------- board
    def ordered(self, zone: str) -> bool:
        """Whether a hand is shown in the view's order (a sorted hand) instead of the player's."""
        return False

    def shows_known(self, zone: str) -> bool:
        """Whether the public knowledge of ``zone`` (``view["known"]``) is drawn face up there."""
        return True

    def known_places(self, zone: str, count: int, known: tuple[str, ...]) -> list[int] | None:
        """Where in ``zone`` (``count`` cards, none visible) the known cards lie; None: the last places."""
        return None

    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        """Where ``zone``'s cards lie (centre x, y, angle each); None: the layout's own slots."""
        return None

    def card_width(self, card: CardSprite) -> int | None:
        """The width ``card`` is drawn at; None: its zone's card width."""
        return None

    def face_up(self, card: CardSprite) -> bool | None:
        """Whether ``card`` (its text known) lies face up; None: the generic rule (won tricks kept face down...)."""
        return None

    def slot_shown(self, zone: str) -> bool:
        """Whether the table marks ``zone``'s place: its dashed outline when empty, its glow as a
        target (a spot not in use now need not show; a game may light its own way)."""
        return True

    def dimmed(self, card: CardSprite) -> bool:
        """Whether ``card`` is drawn dimmed (a card of your hand you may not play now)."""
        return False

    # ---------------------------------------------------------- playback
    def animate(self, event: Event) -> bool:
        """Play ``event`` back; True when the extension did (the generic playback is skipped)."""
        return False

    # ------------------------------------------------------------- input
    def may_pick(self, card: CardSprite) -> bool | None:
        """Whether ``card`` may be picked up now; None: the generic rule."""
        return None

    def click_card(self, card: CardSprite) -> bool:
        """A click (or Enter) on ``card``; True when handled."""
        return False

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        """A dragged card released at ``pos``; True when handled (the card is then placed by it)."""
        return False

    def hover(self, pos: tuple[int, int]) -> None:
        """The pointer moved to ``pos`` (no drag in progress)."""

    def focusable(self, cards: list[CardSprite]) -> list[CardSprite] | None:
        """What Left / Right step through, given the generic list; None: that list."""
        return None

    def hint(self, action: Action) -> tuple[CardSprite | None, str] | None:
        """The card a hint points at and the hint in words; None: the generic ones."""
        return None

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """Buttons for the actions that are not drags; None: one button per action."""
        return None

    def buttons(self) -> list[ui.Button]:
        """The game's own buttons (handled and drawn with the table's; placed by the extension)."""
        return []

    # ------------------------------------------------------------- words
    def status_text(self, text: str) -> str:
        """The status line, given the generic one."""
        return text

    def bar_detail(self, text: str) -> str:
        """The top bar's detail ("3 players · you are Ann"), given the generic one."""
        return text

    def plate_sub(self, seat: int, sub: str) -> str:
        """A name plate's second line ("bot · normal"), given the generic one."""
        return sub

    def plate_tags(self, seat: int, tags: list[str]) -> list[str]:
        """A name plate's tags ("dealer"), given the generic ones."""
        return tags

    def plate_reserve(self, seat: int) -> int:
        """Pixels at the right of a plate's name line kept free for the game's own badges."""
        return 0

    # ------------------------------------------------------------- paint
    def refresh(self) -> None:
        """The view was re-read and the legal actions are known (after every move or hand-off)."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Paint on the felt, under the cards."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Paint over the resting cards, under the status line, buttons and travelling cards."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Paint over everything but the banner and the table menu (panels, tooltips)."""


def extension_for(table: TableScene) -> TableExtension:
    """The extension of the table's game, or the neutral one."""
    where = MODULES.get(table.game.id)
    if where is None:
        return TableExtension(table)
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)(table)
