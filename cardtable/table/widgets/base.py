"""The widget: the hooks the table calls at fixed points (layout, board, playback, input,
painting), each doing nothing special. A widget serves one kind of zone (``hand``, ``pile``,
``trick``, ``melds``, ``grid``, ``board``, the hold, the choice row: one module each beside this
one); the table composes the widgets its layout's zone kinds ask for (``compose.py``), several at
once, and asks each of them in turn.

A widget sees the table only through its context (``self.ctx``, :mod:`..context`): the view,
the legal moves, the layout's boxes, the presenter and the verbs apply / say / refuse / animate /
point. Like the table it never decides rules: it asks the engine's legal actions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from rules import Action, Event
from rules.presenter import ScoreSheet

if TYPE_CHECKING:
    from ... import widgets as ui
    from ..cards import CardSprite
    from ..context import TableContext
    from ..dragdrop import Press
    from ..layout import TableLayout
    from ..zone_box import Slot


class Widget:
    """The hooks, each doing nothing special: a widget overrides the few it needs."""

    kind = ""  # the zone kind it serves (how tests and other widgets find it among the table's)
    played_for: tuple[str, ...] = ()  # zones (prefixes) the viewer may play from for another place: they glow

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

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
        """Whether the public knowledge of ``zone`` (``view.known``) is drawn face up there."""
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

    def lifted(self, card: CardSprite) -> bool:
        """Whether ``card`` of your hand is lifted as chosen (one of several selected to build with)."""
        return False

    def clear_selection(self) -> None:
        """The player let go of the cards chosen (a click on the felt, Escape, a right click)."""

    def close_popup(self) -> bool:
        """Esc: close a popup the extension shows (a picker); True when one was open."""
        return False

    def dimmed(self, card: CardSprite) -> bool:
        """Whether ``card`` is drawn dimmed (a card of your hand you may not play now)."""
        return False

    # ---------------------------------------------------------- playback
    def animate(self, event: Event) -> bool:
        """Play ``event`` back; True when the extension did (the generic playback is skipped)."""
        return False

    def show_deal_end(self, data: Any) -> bool:
        """The table in step as a deal ends, before its score sheet: the plates, badge and
        status from the public facts at its end (a ``deal_over`` event's ``public`` and
        ``totals``), nobody to act; the next deal's view comes once it is played back.
        False: the event has no public facts to show."""
        public, totals = data.get("public"), data.get("totals")
        if not isinstance(public, Mapping):
            return False
        view = self.ctx.view
        scores = tuple(totals) if isinstance(totals, list | tuple) else view.scores
        self.ctx.show_for_now(
            dataclasses.replace(view, public=public, scores=scores, current_player=None, legal=(), actions=())
        )
        return True

    def scores_so_far(self) -> ScoreSheet | None:
        """The presenter's score sheet of the deals played so far (everyone's view)."""
        return self.ctx.scores_so_far()

    def show_scores(self, button: str | None = None, between: bool = False) -> bool:
        """The score sheet over the table until ``button`` (None: the presenter's "Close";
        ``between`` deals: Esc opens the menu); False when the game has none."""
        sheet = self.scores_so_far()
        if sheet is None:
            return False
        self.ctx.open_scores(sheet, button or self.ctx.presenter.word("close"), between)
        return True

    def scores_between_deals(self, button: str) -> None:
        """Between deals: the score sheet over the table until ``button``, the next deal's playback
        held until it closes; not after the last deal (the result scene shows it), in a demo or
        with bots only."""
        if not self.ctx.between_deals():
            return
        if self.show_scores(button, between=True):
            self.ctx.hold_playback()  # the next deal plays back once the sheet is closed

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

    def key_targets(self, card: CardSprite) -> list[str] | None:
        """Where Enter on ``card`` lets the keyboard take it (the zones to choose from, lit as in a
        drag); None or empty: the generic keys (a click's effect, or the legal moves' targets)."""
        return None

    def key_drop(self, card: CardSprite, zone: str) -> bool:
        """A card picked up by the keyboard put on ``zone``; True when handled (else the table
        plays the legal move from its zone to ``zone``)."""
        return False

    def hint(self, action: Action) -> tuple[CardSprite | None, str] | None:
        """The card a hint points at and the hint in words; None: the generic ones."""
        return None

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        """Buttons for the actions that are not drags; None: one button per action."""
        return None

    def buttons(self) -> list[ui.Button]:
        """The game's own buttons (handled and drawn with the table's; placed by the extension)."""
        return []

    # ------------------------------------------------------------- paint
    def refresh(self) -> None:
        """The view was re-read and the legal actions are known (after every move or hand-off)."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Paint on the felt, under the cards."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Paint over the resting cards, under the status line, buttons and travelling cards."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Paint over everything but the banner and the table menu (panels, tooltips)."""


TableExtension = Widget  # the name a third party's widget may still subclass
