"""What a widget of the table may see and do: :class:`TableContext`, the narrow door between the
table scene and its widgets (``widgets/``: the trick, the melds, the hold...).

A widget never holds the scene. It reads the seat's view, the legal moves, the layout's boxes
and the card sprites lying in them, the presenter's words and the settings it needs; it acts
only through the verbs here: :meth:`~TableContext.apply` a legal action, :meth:`~TableContext.say`
a line, :meth:`~TableContext.refuse` with a reason, :meth:`~TableContext.animate` a card's move,
:meth:`~TableContext.point` at a card. What the scene and its widgets share while the player
acts (the card pressed or dragged, the one chosen, the keyboard's focus) is the small
:class:`Pointer` the context owns.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules import Action, Event, View

if TYPE_CHECKING:
    import pygame

    from rules import State
    from rules.cards import Deck
    from rules.presenter import Presenter

    from .. import widgets as ui
    from ..anim import Animator
    from .cards import CardPainter, CardSprite
    from .dragdrop import Press
    from .layout import TableLayout
    from .zone_box import ZoneBox
    from .zones import Board


@dataclass
class Pointer:
    """What the player has in hand now, shared by the table's input and its widgets."""

    press: Press | None = None  # the card pressed, then dragged
    selected: CardSprite | None = None  # one card chosen to send somewhere (a click, then its target)
    hovered: CardSprite | None = None  # the card under the pointer
    focus: CardSprite | None = None  # the keyboard's card: of your hand or a pile's top


class TableContext:
    """A widget's view of the table and its verbs (see the module's words)."""

    def __init__(self, scene: Any, pointer: Pointer) -> None:
        # the scene (``scene.TableScene``), never handed to a widget
        self._scene = scene
        self.pointer = pointer

    # ============================================================ the game
    @property
    def view(self) -> View:
        """The seat's view: all a widget may draw."""
        return self._scene.view

    @property
    def legal(self) -> list[Action]:
        """The legal moves of the seat in front of the screen (none when it is not its turn)."""
        return self._scene.legal

    def legal_now(self) -> list[Action]:
        """The engine's legal moves at this instant (a move in steps changes them before the view
        is read again); none when it is not this seat's turn."""
        return self._scene.state.legal_actions() if self.my_turn() else []

    def why_not(self, card: int | None, source: str | None, target: str | None) -> str:
        """The engine's reason a move is not allowed, in the game's words."""
        return self._scene.state.why_not(card, source, target)

    def rehearsal(self) -> State:
        """A copy of the match to rehearse moves on (nothing done there is played or recorded)."""
        return self._scene.state.clone(search=True)

    @property
    def deals_played(self) -> int:
        return len(self._scene.state.deal_results)

    @property
    def is_over(self) -> bool:
        return bool(self._scene.session.is_over)

    @property
    def seat(self) -> int | None:
        """The seat whose eyes the table has (None: nobody's, between hot-seat turns)."""
        return self._scene.seat

    @property
    def names(self) -> list[str]:
        return self._scene.names

    @property
    def my_hand(self) -> str | None:
        return self._scene.my_hand

    def my_turn(self) -> bool:
        return bool(self._scene._my_turn())

    def busy(self) -> bool:
        """Cards move or events wait to be played back."""
        return bool(self._scene._busy())

    def name(self, seat: Any) -> str:
        """A seat's player's name ("Someone" for no seat)."""
        return self._scene._name(seat)

    @property
    def deck(self) -> Deck:
        return self._scene.deck

    @property
    def specs(self) -> dict[str, dict[str, Any]]:
        """The rules file's zones by name (kind, place, visibility, label...)."""
        return self._scene.specs

    @property
    def kinds(self) -> dict[str, str]:
        return self._scene.planner.kinds

    @property
    def hints(self) -> dict[str, Any]:
        """The layout's hints (the rules file's over the presenter's defaults)."""
        return self._scene.hints

    @property
    def presenter(self) -> Presenter:
        """The game's words and marks: every word a widget shows comes from here."""
        return self._scene.presenter

    def setting(self, name: str, default: Any = None) -> Any:
        """One of the player's settings (``default`` when there are none, e.g. in a test)."""
        return getattr(getattr(self._scene.app, "settings", None), name, default)

    # ========================================================= the table
    @property
    def layout(self) -> TableLayout:
        return self._scene.layout

    def box(self, zone: str) -> ZoneBox | None:
        """The layout's box of ``zone`` (None: not laid out)."""
        return self._scene.layout.zones.get(zone)

    @property
    def size(self) -> tuple[int, int]:
        """The window's size."""
        return self._scene.size

    @property
    def facts(self) -> Any:
        """The presenter's board of facts for the view shown (None: the game keeps none)."""
        return getattr(self._scene, "facts", None)

    @property
    def board(self) -> Board:
        """The card sprites, by zone, as they lie now."""
        return self._scene.board

    def areas(self) -> dict[str, pygame.Rect]:
        """Where each zone accepts a drop."""
        return self._scene._areas()

    @property
    def painter(self) -> CardPainter:
        return self._scene.painter

    @property
    def animator(self) -> Animator:
        return self._scene.animator

    @property
    def clock(self) -> float:
        return self._scene.clock

    @property
    def events(self) -> deque[Event]:
        """The events still to be played back, first first (a widget may take some together)."""
        return self._scene.queue

    @property
    def choices(self) -> list[ui.Button]:
        """The row of choice buttons above the status line."""
        return self._scene.choice_buttons

    @property
    def hint_target(self) -> str | None:
        """The zone the hint shown now points to, if any."""
        hint = self._scene.hint
        return None if hint is None else hint[2]

    @property
    def status(self) -> str:
        return self._scene.status_text

    @status.setter
    def status(self, text: str) -> None:
        """The status line says ``text`` until the table rewrites it (after the next move)."""
        self._scene.status_text = text

    @property
    def last_said(self) -> str:
        return self._scene.said.text

    # ============================================================== verbs
    def apply(self, action: Action, moving: CardSprite | None = None) -> bool:
        """Play ``action`` (``moving``: the card sprite that makes it); False when refused."""
        return self._scene._apply(action, moving=moving)

    def say(self, text: str, kind: str = "info") -> None:
        """A line for the player (``info``, ``hint`` or ``warn``); "" clears it."""
        self._scene._say(text, kind)

    def hush(self) -> None:
        """The line said last is over (a word said during the deal, at its end)."""
        self._scene.said.text = ""

    def say_event(self, event: Event) -> None:
        """What the presenter says of ``event`` (a banner or a line)."""
        self._scene._speak(event)

    def refuse(self, reason: str) -> None:
        """A move the player meant cannot be made: ``reason`` said as a warning, with its sound."""
        self._scene._say(reason, "warn")
        self._scene.app.sounds.play("refuse")

    def refuse_move(self, text: str | None, source: str | None, target: str | None) -> None:
        """The card ``text`` may not go from ``source`` to ``target``: the engine's reason said."""
        self._scene._refuse(text, source, target)

    def animate(self, text: str | None, source: str | None, target: str | None, index: Any = None) -> None:
        """The card ``text`` travels from ``source`` to ``target`` (``index``: its place there)."""
        self._scene._animate_move(text, source, target, index)

    def point(self, card: CardSprite | None) -> None:
        """``card`` is chosen to send somewhere (None: none is)."""
        self._scene._select(card)

    def show_for_now(self, view: View) -> None:
        """Show ``view`` (with nobody to act) until the table reads the seat's view again."""
        scene = self._scene
        scene.view = view
        scene.legal = []
        scene._refresh()

    def rearrange_hand(self) -> None:
        """Your hand sorts itself anew when the settings' order says so (the cards travel)."""
        scene = self._scene
        if scene.arranger.arrange(scene) and scene.my_hand:
            scene.board.place(scene.my_hand, scene.animator)

    def moved_under_pointer(self) -> None:
        """Cards moved under the pointer: the next move may be made in haste (Undo stays reachable)."""
        self._scene.unsettled = self._scene.clock

    def hold_playback(self) -> None:
        """The next events wait until the scene over the table (a score sheet) is closed."""
        self._scene.animator.wait(0.0)

    def between_deals(self) -> bool:
        """Whether a score sheet may wait between deals: someone human plays, no demo, not the end."""
        scene = self._scene
        app = scene.app
        return getattr(app, "demo", None) is None and bool(scene.session.humans) and not scene.session.is_over

    def scores_so_far(self) -> Any:
        """The presenter's score sheet of the deals played so far (everyone's view)."""
        scene = self._scene
        state = scene.state
        return scene.presenter.score_sheet(
            list(state.deal_results), list(state.scores), scene.names, scene.session.view(None)
        )

    def open_scores(self, sheet: Any, button: str, between: bool) -> None:
        """The score sheet ``sheet`` over the table until ``button``."""
        self._scene.open_scores(sheet, button, between)

    def toast(self, text: str) -> None:
        """A line over everything for a moment (a widget that could not be loaded...)."""
        self._scene._toast(text)
