"""The table's widgets together: :class:`Widgets` asks each widget in turn at every hook, so
behaviours combine (a layout with a trick and melds gets both), and :func:`widgets_for` picks
them from the layout's zone kinds and hints, never from the game's id. Beside them, the table's
interaction modes (``modes.py``), switched on by the seat's legal actions: the modes on are asked
before the widgets for input and after them for painting.

How the answers combine: a zone's specs pass through every widget; layouts, refreshes, hovers
and paintings go to all of them in order; the first widget that handles an event, a click or
a drop has it (the others are not asked); for a question answered "None: the generic rule",
the first widget with an answer gives it; a card is lifted or dimmed when one widget says so,
shown face up by the known facts and a zone's place marked only when none objects; buttons
are every widget's, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rules import RulesError
from rules.plugins import resolve

from ...userfiles import one_line
from .base import Widget
from .board import BoardWidget
from .grid import GridWidget
from .hand import HandWidget
from .hold import HoldWidget
from .melds import MeldWidget
from .modes import Modes
from .scores import ScoresWidget
from .trick import TrickWidget

if TYPE_CHECKING:
    import pygame

    from rules import Action, Event

    from ... import widgets as ui
    from ..cards import CardSprite
    from ..context import TableContext
    from ..dragdrop import Press
    from ..layout import TableLayout
    from ..zone_box import Slot


class Widgets(Widget):
    """The widgets of one table, asked in order (see the module's words)."""

    kind = "table"

    def __init__(self, ctx: TableContext, parts: list[Widget], modes: Modes | None = None) -> None:
        super().__init__(ctx)
        self.parts = parts
        self.modes = modes or Modes(ctx)
        self.modes.changed = self._ask_anew
        self.played_for = tuple(p for part in parts for p in part.played_for)
        self._by: dict[str, list[Widget]] = {}
        self._ask_anew()

    def _ask_anew(self) -> None:
        """Each hook asks only the parts that override it (a card's hooks run every frame): the
        modes on first, then the widgets; for painting the widgets first, the modes over them."""
        on: list[Widget] = list(self.modes)
        self._by = {}
        for name, value in vars(Widget).items():
            if not callable(value) or name.startswith("_"):
                continue
            order = [*self.parts, *on] if name.startswith("draw_") else [*on, *self.parts]
            self._by[name] = [part for part in order if getattr(type(part), name, value) is not value]

    def __contains__(self, kind: str) -> bool:
        return any(part.kind == kind for part in self.parts)

    def __getitem__(self, kind: str) -> Any:
        """The widget serving zones of ``kind`` (KeyError: none at this table)."""
        for part in self.parts:
            if part.kind == kind:
                return part
        raise KeyError(kind)

    def __iter__(self) -> Iterator[Widget]:
        return iter(self.parts)

    def _first(self, ask: Callable[[Widget], Any]) -> Any:
        for part in self.parts:
            answer = ask(part)
            if answer is not None:
                return answer
        return None

    # ------------------------------------------------------------ layout
    def layout_specs(self, specs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        for part in self.parts:
            specs = part.layout_specs(specs)
        return specs

    def adjust_layout(self, layout: TableLayout) -> None:
        for part in self._by["adjust_layout"]:
            part.adjust_layout(layout)
        for mode in self.modes.all:  # on or not: a mode's controls follow a new window size
            if mode not in self.modes.on:
                mode.adjust_layout(layout)

    # ------------------------------------------------------------- board
    def ordered(self, zone: str) -> bool:
        return any(part.ordered(zone) for part in self._by["ordered"])

    def shows_known(self, zone: str) -> bool:
        return all(part.shows_known(zone) for part in self._by["shows_known"])

    def known_places(self, zone: str, count: int, known: tuple[str, ...]) -> list[int] | None:
        for part in self._by["known_places"]:
            answer = part.known_places(zone, count, known)
            if answer is not None:
                return answer
        return None

    def slots(self, zone: str, cards: list[CardSprite]) -> list[Slot] | None:
        for part in self._by["slots"]:
            answer = part.slots(zone, cards)
            if answer is not None:
                return answer
        return None

    def card_width(self, card: CardSprite) -> int | None:
        for part in self._by["card_width"]:
            answer = part.card_width(card)
            if answer is not None:
                return answer
        return None

    def face_up(self, card: CardSprite) -> bool | None:
        for part in self._by["face_up"]:
            answer = part.face_up(card)
            if answer is not None:
                return answer
        return None

    def slot_shown(self, zone: str) -> bool:
        return all(part.slot_shown(zone) for part in self._by["slot_shown"])

    def lifted(self, card: CardSprite) -> bool:
        return any(part.lifted(card) for part in self._by["lifted"])

    def clear_selection(self) -> None:
        for part in self._by["clear_selection"]:
            part.clear_selection()

    def close_popup(self) -> bool:
        return any(part.close_popup() for part in self._by["close_popup"])

    def dimmed(self, card: CardSprite) -> bool:
        return any(part.dimmed(card) for part in self._by["dimmed"])

    # ---------------------------------------------------------- playback
    def animate(self, event: Event) -> bool:
        return any(part.animate(event) for part in self._by["animate"])

    # ------------------------------------------------------------- input
    def may_pick(self, card: CardSprite) -> bool | None:
        for part in self._by["may_pick"]:
            answer = part.may_pick(card)
            if answer is not None:
                return answer
        return None

    def click_card(self, card: CardSprite) -> bool:
        return any(part.click_card(card) for part in self._by["click_card"])

    def drop(self, press: Press, pos: tuple[int, int]) -> bool:
        return any(part.drop(press, pos) for part in self._by["drop"])

    def hover(self, pos: tuple[int, int]) -> None:
        for part in self._by["hover"]:
            part.hover(pos)

    def focusable(self, cards: list[CardSprite]) -> list[CardSprite] | None:
        for part in self._by["focusable"]:
            answer = part.focusable(cards)
            if answer is not None:
                return answer
        return None

    def key_targets(self, card: CardSprite) -> list[str] | None:
        for part in self._by["key_targets"]:
            answer = part.key_targets(card)
            if answer is not None:
                return answer
        return None

    def key_drop(self, card: CardSprite, zone: str) -> bool:
        return any(part.key_drop(card, zone) for part in self._by["key_drop"])

    def hint(self, action: Action) -> tuple[CardSprite | None, str] | None:
        for part in self._by["hint"]:
            answer = part.hint(action)
            if answer is not None:
                return answer
        return None

    def choice_buttons(self, choices: list[Action]) -> list[ui.Button] | None:
        self.modes.activate()  # (asked as the table refreshes, before its widgets are)
        for part in self._by["choice_buttons"]:
            answer = part.choice_buttons(choices)
            if answer is not None:
                return answer
        return None

    def buttons(self) -> list[ui.Button]:
        return [button for part in self._by["buttons"] for button in part.buttons()]

    # ------------------------------------------------------------- paint
    def refresh(self) -> None:
        self.modes.activate()  # the modes the seat's legal actions need now
        for part in self._by["refresh"]:
            part.refresh()

    def draw_under(self, surface: pygame.Surface) -> None:
        for part in self._by["draw_under"]:
            part.draw_under(surface)

    def under_key(self) -> tuple | None:
        """What the marks under the cards depend on: each widget's that paints there (None: a
        widget that paints there says nothing of it, and the layer cannot be cached)."""
        keys = []
        for part in self.parts:
            if type(part).draw_under is Widget.draw_under:
                continue
            own = getattr(part, "under_key", None)
            key = own() if own is not None else None
            if key is None:
                return None
            keys.append((type(part).__name__, key))
        return tuple(keys)

    def draw_over(self, surface: pygame.Surface) -> None:
        for part in self._by["draw_over"]:
            part.draw_over(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        for part in self._by["draw_top"]:
            part.draw_top(surface)

    def board_plan(self) -> tuple | None:
        """The board zone's table of facts as the marks paint it (None: no board)."""
        return self._first(lambda part: part.plan() if isinstance(part, BoardWidget) else None)

    def draw_board(self, surface: pygame.Surface) -> None:
        """A compact board under the pointer, whole over everything."""
        for part in self.parts:
            if isinstance(part, BoardWidget):
                part.draw_whole(surface)

    def needs_frame(self) -> bool:
        return any(bool(getattr(part, "needs_frame", lambda: False)()) for part in self.parts)

    def next_due(self) -> float | None:
        dues = [getattr(part, "next_due", lambda: None)() for part in self.parts]
        dues = [float(d) for d in dues if isinstance(d, int | float)]
        return min(dues) if dues else None


def widgets_for(ctx: TableContext, game: Any) -> Widgets:
    """The widgets the table's layout asks for: one the game's spec names for one of its zone
    kinds (a third party's), the hold (hint ``revealed_near_source``) over the grid, the trick
    (with your hand's dimming and the won piles of a trick table), the grid, the melds, the board;
    the score sheet's button with a trick or melds. The modes come with every table."""
    kinds = {spec.get("kind") for spec in ctx.specs.values()}
    modes = Modes(ctx)  # every table's, switched on by the legal actions
    parts = _named(ctx, game, kinds)
    if not parts:
        if ctx.hints.get("revealed_near_source"):
            grid = GridWidget(ctx)
            parts += [HoldWidget(ctx, grid, modes.offer), grid]
        elif "grid" in kinds:
            parts.append(GridWidget(ctx))
        if "trick" in kinds:
            trick = TrickWidget(ctx)
            parts += [trick, trick.piles, HandWidget(ctx)]
        if "melds" in kinds:
            parts.append(MeldWidget(ctx, modes.build))
        if "trick" in kinds or "melds" in kinds:
            parts.append(ScoresWidget(ctx, shortcut="melds" not in kinds))  # a meld table's letters: its choices
    if "board" in kinds:
        parts.append(BoardWidget(ctx))
    return Widgets(ctx, parts, modes)


def _named(ctx: TableContext, game: Any, kinds: set[Any]) -> list[Widget]:
    """The widget a third party's spec names for one of its zone kinds (it then serves alone,
    with the board); none when it names none or it cannot be loaded (one line says so)."""
    named = getattr(getattr(game, "spec", None), "widgets", None) or {}
    for kind in sorted(kinds & set(named)):
        try:
            return [resolve(named[kind])(ctx)]
        except Exception as exc:  # a third party's widget may raise anything while loading
            reason = str(exc) if isinstance(exc, RulesError) else f"{type(exc).__name__}: {exc}"
            ctx.toast(ctx.presenter.word("widget_not_loaded", game=game.name, kind=kind, reason=one_line(reason, 120)))
            break
    return []
