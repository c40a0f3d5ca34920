"""Simultaneous secret choices: several seats answer one question privately, then it resolves.

The seats are asked one at a time, clockwise from the seat left of the one who caused the
question; the seat being asked is the game's ``current_player``.  Each answer is shown only
to the seat that gave it (others see that it has chosen, never what), and nothing happens
until every asked seat has answered: then the game resolves all answers at once.

:class:`SecretChoice` is an immutable value (answering returns a new one), so a state that
holds it clones for free.  A game keeps one in a field, offers the asked seat its answers as
actions, calls :meth:`SecretChoice.answer` in its ``_do`` and resolves when ``done``.
Used by Trio's team swaps and Try's bids (each bid card goes face down at once, seen by its
owner only; the choice resolves by turning the up-card), and meant for Tryce's sale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Event
from .facts import Facts
from .kinds import EventKind

# An answer this seat may not see (a view of someone else's choice, restored by ``sample``).
HIDDEN = "?"


def asking_order(players: int, cause: int, seats: Iterable[int]) -> tuple[int, ...]:
    """``seats`` in the order they are asked: clockwise, starting left of ``cause``."""
    wanted = set(seats)
    return tuple(s for s in ((cause + k) % players for k in range(1, players + 1)) if s in wanted)


@dataclass(frozen=True)
class SecretChoice:
    """One question put to several seats: who is asked, in order, and the answers so far."""

    kind: str
    order: tuple[int, ...]
    answers: tuple[str | None, ...] = ()

    @classmethod
    def ask(cls, kind: str, players: int, cause: int, seats: Iterable[int]) -> SecretChoice:
        """The question ``kind`` put to ``seats``, asked clockwise from the left of ``cause``."""
        order = asking_order(players, cause, seats)
        return cls(kind, order, (None,) * len(order))

    @property
    def asking(self) -> int | None:
        """The seat that must answer now; ``None`` once everyone has answered."""
        for seat, answer in zip(self.order, self.answers, strict=True):
            if answer is None:
                return seat
        return None

    @property
    def done(self) -> bool:
        return all(answer is not None for answer in self.answers)

    @property
    def last_to_answer(self) -> bool:
        """Whether exactly one answer is missing (the next answer resolves the choice)."""
        return sum(answer is None for answer in self.answers) == 1

    def answer(self, seat: int, text: str) -> SecretChoice:
        """The choice with ``seat``'s answer recorded (``seat`` must be the one asked)."""
        if seat != self.asking:
            raise ValueError(f"seat {seat} is not the one asked (seat {self.asking} is)")
        answers = tuple(text if s == seat else a for s, a in zip(self.order, self.answers, strict=True))
        return SecretChoice(self.kind, self.order, answers)

    def answer_of(self, seat: int) -> str | None:
        for s, answer in zip(self.order, self.answers, strict=True):
            if s == seat:
                return answer
        return None

    def answered(self) -> tuple[int, ...]:
        """Seats that have chosen (public: only *that* they chose is known)."""
        return tuple(s for s, a in zip(self.order, self.answers, strict=True) if a is not None)

    def results(self) -> dict[int, str]:
        """Every answer by seat, once :attr:`done` (for the game to resolve)."""
        return {s: a for s, a in zip(self.order, self.answers, strict=True) if a is not None}

    def event(self, seat: int, text: str) -> Event:
        """``seat`` answered ``text``: the whole event for that seat, "has chosen" for the others."""
        return Event(
            EventKind.CHOSE, {"seat": seat, "kind": self.kind, "answer": text}, frozenset((seat,)), ("answer",)
        )

    def asked_event(self) -> Event:
        """The question is put (public): its kind and who is asked, in order."""
        return Event(EventKind.CHOOSE, {"kind": self.kind, "seats": list(self.order)})

    def facts(self, seat: int | None) -> ChoiceFacts:
        """For ``seat``'s view: the question, who is asked, who has chosen, and its own answer."""
        return ChoiceFacts(
            kind=self.kind,
            order=self.order,
            answered=self.answered(),
            asking=self.asking,
            mine=None if seat is None else self.answer_of(seat),
        )

    def public(self, seat: int | None) -> dict[str, Any]:
        """:meth:`facts` as JSON."""
        return self.facts(seat).to_json()

    @classmethod
    def from_public(cls, public: Mapping[str, Any], seat: int | None) -> SecretChoice:
        """Rebuild from a view's :meth:`public` part: answers ``seat`` may not see become :data:`HIDDEN`."""
        return ChoiceFacts.from_json(public).choice(seat)


@dataclass(frozen=True, kw_only=True)
class ChoiceFacts(Facts):
    """A secret choice as one seat knows it: the question, who is asked in order, who has
    answered, who is asked now, and that seat's own answer (``mine``)."""

    kind: str
    order: tuple[int, ...]
    answered: tuple[int, ...]
    asking: int | None
    mine: str | None

    def choice(self, seat: int | None) -> SecretChoice:
        """The choice as ``seat`` knows it: answers it may not see are :data:`HIDDEN`."""
        answered = set(self.answered)
        answers = tuple((self.mine if s == seat else HIDDEN) if s in answered else None for s in self.order)
        return SecretChoice(self.kind, self.order, answers)
