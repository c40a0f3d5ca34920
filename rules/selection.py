"""A selection built in steps, then confirmed: choosing a subset without a list of subsets.

Choosing several cards at once (Tribello's exchange, a Tryce meld) would need one action
per subset; instead each card is *toggled* between two zones — ``source`` (a hand) and
``chosen`` (the cards set aside so far, in the order they were added) — and one confirm
action, legal only when the selection is valid, settles it.  An optional cancel puts every
chosen card back.  So ``legal_actions()`` holds one action per card plus one or two.

:class:`Selection` is a small frozen value naming the zones and the game's hooks; the
chosen cards live in the state's zones like any other cards (views, events, records and
undo treat a toggle as an ordinary move).  A confirm typed with its cards ("exchange 7H 2C"
while nothing is toggled) is turned by :meth:`Selection.steps_to` into the toggles that
reach it, so records may be written either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, Event
from .errors import IllegalAction, RulesError
from .kinds import ActionKind

if TYPE_CHECKING:
    from .cards import Deck
    from .state import State

TOGGLE = ActionKind.TOGGLE

_TOGGLES: dict[tuple[int, str, str, str], list[Action]] = {}


def toggle_actions(deck: Deck, source: str, target: str, verb: str = TOGGLE) -> list[Action]:
    """ "<verb> <card>" from ``source`` to ``target`` for every card of ``deck``, indexed by card.

    Built once per deck and pair of zones: a selection's legal actions are read often.
    """
    key = (id(deck), source, target, verb)
    actions = _TOGGLES.get(key)
    if actions is None:
        actions = _TOGGLES[key] = [
            Action(TOGGLE, f"{verb} {face.text}", face.card, source, target) for face in deck.faces
        ]
    return actions


# A selection's toggles both ways, by (id of the selection, id of the deck); the selection is held
# in its entry, so its id stays its own.
_PAIRS: dict[tuple[int, int], tuple[Selection, list[Action], list[Action]]] = {}


def name_of(action: Action) -> str | None:
    """The name a toggle chose its card with ("toggle JK E" -> "E", the toggle's label), or ``None``."""
    return action.label or None if action.kind == TOGGLE else None


def _always(_state: State, _chosen: Sequence[int]) -> bool:
    return True


@dataclass(frozen=True)
class Selection:
    """Cards toggled one at a time between ``source`` and ``chosen``, then confirmed.

    ``confirm(state, chosen)`` makes the confirm action for the cards chosen so far (its text
    names them, e.g. "exchange 7H 2C" or "keep"); it is offered only when ``valid(state, chosen)``.
    The hooks take the state so that one :class:`Selection` may be built once and kept.
    ``limit`` caps how many cards may be chosen (``None``: no cap); ``cancel``, when given,
    is the text of an action that puts every chosen card back.  ``may_add(card)`` may refuse
    a card of ``source`` (a card that cannot join this meld).  ``names(card)``, when given, lists
    the names a card must be chosen with (a joker in a word names its vowel): such a card is
    toggled in by "<verb> <card> <name>", one action per name (:func:`name_of` reads it back).
    """

    source: str
    chosen: str
    confirm: Callable[[State, Sequence[int]], Action]
    valid: Callable[[State, Sequence[int]], bool] = _always
    limit: int | None = None
    cancel: str | None = None
    verb: str = TOGGLE
    may_add: Callable[[int], bool] | None = None
    names: Callable[[int], Sequence[str]] | None = None

    # ------------------------------------------------------------ actions
    def actions(self, state: State) -> list[Action]:
        """The legal steps: a toggle per card that may move, the confirm if valid, the cancel."""
        zones = state.zones
        chosen = zones[self.chosen]
        actions: list[Action] = []
        pair = _PAIRS.get((id(self), id(state.deck)))
        if pair is None:
            if len(_PAIRS) > 1024:  # selections made afresh each time: keep the cache small
                _PAIRS.clear()
            pair = _PAIRS[id(self), id(state.deck)] = (
                self,
                toggle_actions(state.deck, self.source, self.chosen, self.verb),
                toggle_actions(state.deck, self.chosen, self.source, self.verb),
            )
        _self, add, back = pair
        if self.limit is None or len(chosen) < self.limit:
            if self.may_add is None and self.names is None:
                actions += [add[c] for c in zones[self.source]]
            else:
                self._add_some(state, add, actions)
        actions += [back[c] for c in chosen]
        if self.valid(state, chosen):
            actions.append(self.confirm(state, chosen))
        if self.cancel is not None and chosen:
            actions.append(Action(ActionKind.CANCEL, self.cancel, label="Cancel"))
        return actions

    def _add_some(self, state: State, add: list[Action], actions: list[Action]) -> None:
        """The toggles into ``chosen`` when a hook refuses some cards or names others."""
        may_add, names = self.may_add, self.names
        for card in state.zones[self.source]:
            if may_add is not None and not may_add(card):
                continue
            named = names(card) if names is not None else ()
            if not named:
                actions.append(add[card])
                continue
            text = state.deck.text(card)
            actions += [
                Action(TOGGLE, f"{self.verb} {text} {name}", card, self.source, self.chosen, label=name)
                for name in named
            ]

    # -------------------------------------------------------------- moves
    def toggle(
        self, state: State, action: Action, events: list[Event] | None, seat: int, index: int | None = None
    ) -> int:
        """Move the toggled card (added at the end of ``chosen``, or back to the end of ``source``);
        answers where the card was in the zone it left (``index``, when the caller knows it)."""
        zones = state.zones
        left = zones[action.source]
        if index is None:
            index = left.index(action.card)
        if events is None:  # no event to tell: the move alone
            del left[index]
            zones[action.target].append(action.card)
            return index
        state.move(
            action.card,
            action.source,
            action.target,
            events,
            frozenset((seat,)),
            index=len(state.zones[action.target]),
            to_top=False,
        )
        return index

    def toggled(self, state: State, action: Action, before: list[Action], index: int) -> list[Action] | None:
        """The legal steps just after the toggle ``action`` was done, made from ``before`` (the
        legal steps just before it) and ``index`` (where its card was in the zone it left) without
        listing them again: the same list as :meth:`actions` would make, of ``before``'s own type (a
        list kind a procedure keeps). ``None`` when this selection's hooks (a refusal, names, a
        validity test, a cancel) leave it to a fresh listing."""
        if self.may_add is not None or self.names is not None or self.cancel is not None or self.valid is not _always:
            return None
        pair = _PAIRS.get((id(self), id(state.deck)))
        if pair is None:
            return None
        return self._moved(state, before, index, action.card, pair, action.source == self.source)

    def _moved(
        self,
        state: State,
        before: list[Action],
        index: int,
        card: int,
        pair: tuple[Selection, list[Action], list[Action]],
        went_in: bool,
    ) -> list[Action]:
        """The legal steps after ``card`` moved (into ``chosen`` when ``went_in``, else back to the
        end of ``source``) from position ``index`` of the zone it left, edited from ``before``."""
        zones = state.zones
        source, chosen = zones[self.source], zones[self.chosen]
        limit = self.limit
        out = before.__class__(before)  # one copy, edited in place (``before`` may be shared by clones)
        if went_in:
            if limit is None or len(chosen) < limit:
                del out[index]
            else:  # the last card that fits: no toggle in now
                del out[: len(source) + 1]
            out[-1] = pair[2][card]
        else:  # back: it joins the end of ``source`` and leaves the toggles back
            h = len(source) - 1
            if limit is None or len(chosen) + 1 < limit:
                del out[h + index]
                out.insert(h, pair[1][card])
                out.pop()
            else:  # there was no room before: every card of ``source`` may come in again
                add = pair[1]
                del out[index]
                out[:0] = [add[c] for c in source]
                out.pop()
        out.append(self.confirm(state, chosen))
        return out

    def step(self, state: State, action: Action, before: list[Action] | None) -> tuple[int, list[Action] | None]:
        """:meth:`allows`, :meth:`toggle` (no events) and :meth:`toggled` at once, for a selection
        without hooks (what a search or a random player toggles through): ``(index, after)``, where
        the card was in the zone it left and the legal steps now (``None``: no ``before`` to make them
        from); ``(-1, None)`` when the toggle is not legal (nothing moved); ``None`` for ``after`` too
        when this selection's hooks leave the work to :meth:`allows` and :meth:`toggle`."""
        kept = self.__dict__.get("_plain")  # (deck, toggles both ways): a selection without hooks
        card = action.card
        if kept is None or kept[0] is not state.deck:
            kept = self._plain_pair(state)
        if kept is None or card is None:
            if not self.allows(state, action):
                return -1, None
            return self.toggle(state, action, None, 0), None
        pair = kept[1]
        zones = state.zones
        source, chosen = zones[self.source], zones[self.chosen]
        limit = self.limit
        went_in = action.source == self.source
        if went_in:
            canon = pair[1][card]
            if (action is not canon and action != canon) or (limit is not None and len(chosen) >= limit):
                return -1, None
            try:
                index = source.index(card)
            except ValueError:
                return -1, None
            del source[index]
            chosen.append(card)
        else:  # back
            canon = pair[2][card]
            if action is not canon and action != canon:
                return -1, None
            try:
                index = chosen.index(card)
            except ValueError:
                return -1, None
            del chosen[index]
            source.append(card)
        if before is None:
            return index, None
        return index, self._moved(state, before, index, card, pair, went_in)

    def _plain_pair(self, state: State) -> tuple[Deck, tuple[Selection, list[Action], list[Action]]] | None:
        """For :meth:`step`: the state's deck and this selection's toggles both ways, kept on the
        selection (it is built once and kept), or ``None`` when hooks leave the work to the list."""
        pair = _PAIRS.get((id(self), id(state.deck)))
        if (
            pair is None
            or self.may_add is not None
            or self.names is not None
            or self.cancel is not None
            or self.valid is not _always
        ):
            return None
        kept = (state.deck, pair)
        object.__setattr__(self, "_plain", kept)  # not a field: the value stays the same selection
        return kept

    def allows(self, state: State, action: Action) -> bool:
        """Whether the toggle ``action`` (one of :meth:`actions`' toggles) is legal now, without
        listing the legal actions: its card is in the zone it leaves, and there is room for it."""
        pair = _PAIRS.get((id(self), id(state.deck)))
        card = action.card
        if pair is None or card is None or self.may_add is not None or self.names is not None:
            return action in state.legal_actions()
        zones = state.zones
        into = action.source == self.source
        canon = pair[1 if into else 2][card]
        if action is not canon and action != canon:
            return False
        if into:
            return card in zones[self.source] and (self.limit is None or len(zones[self.chosen]) < self.limit)
        return card in zones[self.chosen]

    def way_back(self, state: State, action: Action) -> ToggleBack:
        """How to take back the toggle ``action`` (asked before it is done): the card returns to
        its place in the zone it left. Cheaper than a snapshot of the match for every toggle."""
        return ToggleBack((action.card, action.source, action.target, state.zones[action.source].index(action.card)))

    def cancel_all(self, state: State, events: list[Event] | None, seat: int) -> None:
        """Put every chosen card back into ``source``, in the order they were chosen."""
        for card in list(state.zones[self.chosen]):
            state.move(
                card,
                self.chosen,
                self.source,
                events,
                frozenset((seat,)),
                index=len(state.zones[self.source]),
                to_top=False,
            )

    def take(self, state: State) -> list[int]:
        """The confirmed cards, in the order they were chosen (they stay in ``chosen``)."""
        return list(state.zones[self.chosen])

    # -------------------------------------------------- typed confirms
    def wanted(self, state: State, words: Sequence[str]) -> list[int]:
        """The cards named by ``words`` (a confirm's card list), each in ``source`` or ``chosen``."""
        zones = state.zones
        source, chosen = zones[self.source], zones[self.chosen]
        cards: list[int] = []
        for word in words:
            try:
                card = state.deck.parse(word)
            except RulesError:
                raise IllegalAction(f"{word!r} is not a card of this deck.") from None
            if card not in source and card not in chosen:
                raise IllegalAction(f"The {state.deck.faces[card].name} is not in your hand.")
            cards.append(card)
        return cards

    def steps_to(self, state: State, wanted: Sequence[int]) -> list[str]:
        """The toggle texts that turn the current selection into exactly ``wanted`` (in its order
        where cards are added): first every chosen card not wanted goes back, then the others come."""
        text = state.deck.text
        chosen = state.zones[self.chosen]
        keep = set(wanted)
        return [f"{self.verb} {text(c)}" for c in chosen if c not in keep] + [
            f"{self.verb} {text(c)}" for c in dict.fromkeys(wanted) if c not in chosen
        ]


class ToggleBack(tuple):
    """A toggle's way back (a :class:`rules.state.UndoStep`), made of ``(card, source, target,
    index)``: ``card`` leaves the end of ``target`` for position ``index`` of ``source``, where it
    was. A tuple: one is kept for every toggle of a match's exchanges."""

    __slots__ = ()

    def take_back(self, state: State) -> None:
        card, source, target, index = self
        zones = state.zones
        zones[target].remove(card)
        zones[source].insert(index, card)
