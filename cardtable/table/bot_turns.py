"""The bots' turns at the table: a bot's move asked of the worker (no frame waits on it), shown
after a short rest so turns do not chain, and a mistake answered with the first legal move.

The scene holds one :class:`BotTurns` and asks it to ``play`` when a bot is to move; it tells it
who played last (``played``) and when a hasty move of yours keeps Undo reachable (``grace_until``).
"""

from __future__ import annotations

from typing import Any, Protocol

from rules import Action

from ..settings import bot_budget_ms
from . import status

BOT_PAUSE = 0.45  # seconds a bot "looks" at the table before its move shows (normal speed)
TURN_PAUSE = 1.2  # ... before the first move of its turn: time to see whose turn it is now
FAST_BOT_WAIT = 0.5  # fast mode only: how long a frame may wait for a bot's answer


class BotTable(Protocol):
    """What the bots' turns read of the table and the verbs they use."""

    app: Any
    session: Any
    state: Any
    worker: Any
    animator: Any
    coach: Any
    presenter: Any
    view: Any
    specs: dict[str, dict[str, Any]]
    seat: int | None
    names: list[str]
    generation: int
    idle: float
    clock: float
    status_text: str

    def _apply(self, action: Action, moving: Any = None) -> bool: ...

    def _toast(self, text: str) -> None: ...

    def _name(self, seat: int | None) -> str: ...


class BotTurns:
    """The bots' turns at ``table``: the answer awaited, the last seat that played, the grace."""

    def __init__(self, table: BotTable) -> None:
        self.table = table
        self.answer: Any = None  # the bot's answer, once the worker has it (or a lesson's script)
        self.last_actor: int | None = None  # the seat whose action the table played last
        self.grace_until = 0.0  # no bot moves before this clock (Undo of a hasty move stays reachable)

    def think_as_set(self) -> None:
        """The bots' thinking time from the settings (Settings: "Bots' thinking time"), from each
        bot's next decision on."""
        self.table.session.think_for(bot_budget_ms(getattr(self.table.app, "settings", None)))

    def pause(self, seat: int) -> float:
        """How long (s, at the player's speed; none in fast mode) the table rests before a move
        played for ``seat`` shows: longer for the first move of a turn, so turns do not chain."""
        return self.table.animator.seconds(BOT_PAUSE if seat == self.last_actor else TURN_PAUSE)

    def play(self, seat: int) -> None:
        """``seat`` (a bot) is to move: ask for its move, or play it once it is there and the rest is over."""
        table = self.table
        if table.coach is not None and self.answer is None:
            if not table.coach.bots_may_act():
                return  # the story waits while the coach talks
            self.answer = table.coach.scripted()
        if self.answer is None:
            worker = table.worker
            request = worker.request
            if request is None or request.tag != ("bot", table.generation):
                session = table.session
                worker.ask(seat, session.chooser(seat), session.bot_view(seat), ("bot", table.generation))
                if not table.animator.fast:
                    return
                worker.wait(FAST_BOT_WAIT)  # demo and tests: let the worker have the CPU
            got = worker.answer()
            if got is None:
                return
            self.answer = got[1]
        if table.idle < self.pause(seat) or table.clock < self.grace_until:
            return
        answer, self.answer = self.answer, None
        if isinstance(answer, BaseException):
            if getattr(table.app, "demo", None):
                raise answer
            table._toast(table.presenter.word("bot_mistake", who=table._name(seat)))
            action = table.state.legal_actions()[0]
        else:
            action = table.session.bot_action(str(answer))
        said = table.status_text
        if table._apply(action) and table.status_text == said:  # it has answered: no "thinking…" while
            # its move plays back (unless the playback has put its own words there already)
            table.status_text = status.status_line(
                table.view, [], table.specs, table.seat, table.names, set(), table.presenter
            )
