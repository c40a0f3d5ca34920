"""A match being played at the table: the engine state, its bots, the autosave and whose eyes
the table is drawn for.

The session is the only thing that applies actions to the state. Every bot is fed the events
of every action as its own seat may see them (``rules.events_for``) and only ever sees
``state.view(seat)``; the State itself never leaves this module.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent import futures
from typing import Any

import rules
from rules import Action, Event, Game, State
from rules.bots import Advice, Bot, bot_seed, brief

from . import bot_host
from .bot_host import BotHost, HostUnavailable
from .bot_seats import new_bot, set_thinking

#: The hint is the strongest bot's move (``hard``, else the game's strongest level) ...
HINT_LEVEL = "hard"
#: ... thinking this long at most (ms), in the bots' process, whatever the seats' bots are given
#: (``Session.think_for``): a hint is asked for and waited on, and stays as good whoever plays.
HINT_BUDGET_MS = 400.0
#: Without that process the hint is thought out here, on the app's worker thread: a level that
#: answers within a frame or two, so a searching bot never starves the frames of the interpreter.
LOCAL_HINT_LEVEL = "normal"
#: How long past its thinking time (``hard``: up to ~1 s) an answer from the bots' process may
#: take before the process counts as frozen: generous, as a busy machine stalls a process and a
#: resumed long match is briefed before the first answer.
BOT_GRACE_S = 8.0
#: And this much more for the first answer of a process just started: it imports the games and
#: is briefed with the match first (a meld game's hard bot 2,000 moves in: 7.9 s on a busy machine).
START_GRACE_S = 30.0
#: The bot that makes the move of a process that did not answer: cheap, thinking here.
FALLBACK_LEVEL = "normal"
HOST_REPLACED = "The bots stopped answering; a new helper process was started for them."


class Session:
    """One match: ``state``, ``game``, ``bots`` {seat: Bot} and the hot-seat bookkeeping."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.game: Game = state.game
        self.humans: list[int] = [i for i, s in enumerate(state.seats) if s.get("kind") != "bot"]
        #: The human who last had the table in front of them (after a hand-off), or None.
        self.seen_by: int | None = None
        #: Hot seat: the table has shown everyone its public view since ``seen_by`` had it (their
        #: turn ended): even ``seen_by`` gets the table back through a hand-off.
        self.shown_to_all = False
        #: A one-line problem with the autosave, for the table to show once (then cleared).
        self.save_problem: str | None = None
        #: Write saves on the saves' own thread (the table: no frame waits on a disk), else at once;
        #: either way a move's save is on disk before the next move is made (``_settle_saves``).
        self.save_later = False
        self._counted = state.is_over  # a finished match is counted in the statistics once
        self.bots: dict[int, Bot] = {}
        #: The thinking time per decision (ms) of every bot that takes one (``hard``); None: its own.
        self.think_ms: float | None = None
        #: The bots' own process (``bot_host``), or None: the bots above then think here.
        self.host: BotHost | None = None
        #: Seconds an answer from that process may take (None: ``deadline_s``); tests shorten it.
        self.bot_deadline_s: float | None = None
        #: A one-line notice about the bots' process for the table to show once (then cleared).
        self.bots_problem: str | None = None
        self._host_frozen = False  # a frozen process was killed: start a new one at the next ask
        #: A lesson's match: never saved (it must not replace a match waiting) nor counted.
        self.lesson = False
        self._make_bots()

    # ----------------------------------------------------------- starting
    @classmethod
    def new(
        cls,
        game_id: str,
        players: int | None = None,
        variant: str | None = None,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> Session:
        """A fresh match; raises :class:`rules.RulesError` for the caller to show."""
        game = rules.load_game(game_id)
        state = game.new_match(players=players, variant=variant, seed=seed, settings=settings or {}, seats=seats)
        session = cls(state)
        session._autosave()
        return session

    @classmethod
    def for_lesson(cls, state: State, replayed: bool = False) -> Session:
        """A lesson's match (``replayed``: put back from a record by the coach's Back)."""
        session = cls(state)
        session.lesson = True
        if replayed:
            session._brief_bots()
        return session

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Session:
        """A saved match resumed; raises :class:`rules.RulesError` on a bad record."""
        session = cls(rules.replay(record))
        session._brief_bots()
        return session

    # -------------------------------------------------------------- seats
    @property
    def names(self) -> list[str]:
        return [str(s.get("name") or f"Player {i + 1}") for i, s in enumerate(self.state.seats)]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def level(self, seat: int) -> str | None:
        """A bot seat's difficulty, ``None`` for a human."""
        return self.state.seats[seat].get("level", "normal") if self.is_bot(seat) else None

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen: hand-offs hide each one's secrets."""
        return len(self.humans) >= 2

    @property
    def to_act(self) -> int | None:
        return self.state.current_player

    def viewer(self) -> int | None:
        """The seat the table is drawn for: the human to act; while a bot acts, the only human
        (with no humans, seat 0), or in hot seat nobody (None: the public view, every private card
        face down, for whoever watches the bots)."""
        current = self.state.current_player
        if current is not None and current in self.humans:
            return current
        if self.hot_seat:
            return None
        return self.humans[0] if self.humans else 0

    def needs_handoff(self, seat: int | None) -> bool:
        """Whether the screen must be passed (hidden) before ``seat`` may see the table."""
        return self.hot_seat and seat in self.humans and (seat != self.seen_by or self.shown_to_all)

    def mark_seen(self, seat: int) -> None:
        """``seat``'s human now has the table in front of them."""
        self.seen_by = seat
        self.shown_to_all = False

    def show_to_all(self) -> None:
        """Hot seat: the table shows its public view now (a human's turn ended)."""
        self.shown_to_all = True

    # ------------------------------------------------------------- acting
    def view(self, seat: int | None) -> rules.View:
        return self.state.view(seat)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action for the seat to act; every bot observes what its seat may see.

        Raises :class:`rules.IllegalAction` (state unchanged) when the action is not legal.
        """
        if isinstance(action, str):
            action = self.state.parse_action(action)
        self._settle_saves()
        events = self.state.apply(action)
        seen = [(seat, rules.events_for(events, seat)) for seat in self.bots]
        for seat, shown in seen:
            self.bots[seat].observe(shown)
        if self.host is not None:
            try:
                self.host.observe(seen)
            except HostUnavailable:
                self.host = None
        self._autosave()
        return events

    def bot_view(self, seat: int) -> rules.View:
        """What a bot at ``seat`` is shown to choose from: its own view, never the state."""
        return self.state.view(seat)

    def bot_action(self, text: str) -> Action:
        """The action a bot named; a bot's mistake falls back to the first legal action."""
        try:
            return self.state.parse_action(text)
        except rules.RulesError:
            return self.state.legal_actions()[0]

    # --------------------------------------------------------------- undo
    def can_undo(self, seat: int | None = None) -> bool:
        """Only a human's own last actions, never once another human has seen the table."""
        seat = self.viewer() if seat is None else seat
        if seat not in self.humans or not self.state.can_undo(seat):
            return False
        return not self.hot_seat or self.seen_by in (None, seat)

    def undo(self, seat: int | None = None) -> bool:
        """Take back ``seat``'s last action; bots forget it too. Returns whether it was done."""
        if not self.can_undo(seat):
            return False
        self._settle_saves()
        self.state.undo()
        self._brief_bots()
        self._autosave()
        return True

    # -------------------------------------------------------------- saves
    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def _autosave(self) -> None:
        """Keep this game's match in progress on disk; a finished match leaves no save."""
        if self.lesson:
            return
        try:
            from . import saves
        except ImportError:  # the shell's saves module not there (tests of the table alone)
            return
        record = None if self.state.is_over else self.state.to_record()
        if record is None and not self._counted:
            self._counted = True
            self._count_match()
        if self.save_later:
            saves.save_soon(self.game.id, record, self._save_failed)
        else:
            self.save_problem = saves.write_now(self.game.id, record) or self.save_problem

    def _settle_saves(self) -> None:
        """Wait until the last move's save is on disk before the next move is made (and shown):
        a kill then loses at most the move in flight. The write began as that move was made, so
        by now (a bot's pause, a player's reach for a card) it is nearly always done; written on
        the saves' thread, the frames meanwhile never wait on the disk."""
        if not self.save_later:
            return
        try:
            from . import saves
        except ImportError:
            return
        saves.flush()

    def _save_failed(self, problem: str) -> None:
        self.save_problem = problem

    def _count_match(self) -> None:
        """A finished match a human played goes into the game's statistics (``stats``)."""
        try:
            from . import stats
        except ImportError:
            return
        played = stats.played_from(self.state)
        if played is None:
            return
        try:
            stats.record(self.game.id, played)
        except (OSError, ValueError) as exc:
            self.save_problem = f"The statistics could not be saved: {getattr(exc, 'strerror', None) or exc}"

    # --------------------------------------------------------------- bots
    def _make_bots(self) -> None:
        self.bots = {}
        for seat, entry in enumerate(self.state.seats):
            if entry.get("kind") == "bot":
                self.bots[seat] = new_bot(
                    self.game.id, entry.get("level", "normal"), seat, bot_seed(self.state.seed, seat)
                )
                set_thinking(self.bots[seat], self.think_ms)

    def think_for(self, budget_ms: float | None) -> None:
        """Give every bot that thinks against a clock (``budget_ms``: the ``hard`` bots) this long
        a decision from its next one on, here and in the bots' process; ``None``: each its own."""
        if budget_ms == self.think_ms:
            return
        self.think_ms = budget_ms
        for bot in self.bots.values():
            set_thinking(bot, budget_ms)
        if self.host is not None:
            try:
                self.host.think_for(budget_ms)
            except HostUnavailable:
                self.host = None

    def _brief_bots(self) -> None:
        """Fresh bots that have watched the match so far (after a resume or an undo)."""
        self._make_bots()
        if self.bots and not self._brief(self.bots):
            self._make_bots()
        self._brief_host()

    # ------------------------------------------------- bots in a process
    def think_apart(self) -> None:
        """Let the bots think in a process of their own (``bot_host``): the table's frames never
        wait on them. Without one (it cannot start), they think here as before."""
        if self.host is not None or not self.bots:
            return
        try:
            self.host = BotHost()
        except (OSError, RuntimeError, ValueError):
            self.host = None
            return
        self._brief_host()

    def _brief_host(self) -> None:
        if self.host is None:
            return
        specs = {seat: (self.level(seat) or "normal", bot_seed(self.state.seed, seat)) for seat in self.bots}
        try:
            self.host.start_match(self.game.id, self.state.to_record(), specs, self.think_ms)
        except HostUnavailable:
            self.host = None

    def deadline_s(self, budget_ms: float | None = None, fresh: bool = False) -> float:
        """How long an answer from the bots' process may take: its thinking time (the seats'
        ``think_ms``, else a ``hard`` bot's ~1 s) and ``BOT_GRACE_S`` more; ``START_GRACE_S``
        more again for a ``fresh`` process's first answer."""
        if self.bot_deadline_s is not None:
            return self.bot_deadline_s
        budget = budget_ms if budget_ms is not None else self.think_ms
        return (budget if budget is not None else 1000.0) / 1000.0 + BOT_GRACE_S + (START_GRACE_S if fresh else 0.0)

    def chooser(self, seat: int) -> Callable[[rules.View], str]:
        """What picks ``seat``'s action from its view: the bot in the bots' process (waiting on it
        releases the interpreter lock), or this process's bot when there is none or it fails.
        A process that does not answer within :meth:`deadline_s` is killed, the move made by a
        cheap bot here (``FALLBACK_LEVEL``, briefed with the match) and a new process started at
        the next question, with one notice (``bots_problem``)."""
        if self._host_frozen:
            self._host_frozen = False
            self.think_apart()
        bot = self.bots[seat]
        host = self.host
        if host is None:
            return bot.choose
        deadline = self.deadline_s(fresh=not getattr(host, "answered", 0))

        def choose(view: rules.View) -> str:
            try:
                return host.choose(seat, view).result(timeout=deadline)
            except HostUnavailable:
                if self.host is host:
                    self.host = None
                return bot.choose(view)
            except futures.TimeoutError:
                self._frozen(host)
                return self.advisor(seat, FALLBACK_LEVEL, bot_seed(self.state.seed, seat)).choose(view)

        return choose

    def _frozen(self, host: BotHost) -> None:
        """``host`` is alive but does not answer: kill it (a new one is started at the next
        question, on the table's own thread) and say so once."""
        host.kill()
        if self.host is host:
            self.host = None
            self._host_frozen = True
        self.bots_problem = HOST_REPLACED

    def close(self) -> None:
        """End the bots' process (the match's table is closing)."""
        host, self.host = self.host, None
        if host is not None:
            host.close()

    def hinter(self, seat: int, seed: int | None = None) -> Callable[[rules.View], Advice]:
        """What finds ``seat``'s hint on its view: ``hard`` (``HINT_LEVEL``) within
        ``HINT_BUDGET_MS`` (whatever ``think_ms`` the seats' bots have) in the bots' process,
        started for it if need be (waiting on it releases the interpreter lock: no frame stalls);
        without that process, ``LOCAL_HINT_LEVEL`` here. Either way the advisor has watched the
        match as that seat only."""
        host = self.host
        if host is None and bot_host.wanted():
            try:
                self.host = host = BotHost()
            except (OSError, RuntimeError, ValueError):
                host = None
            else:
                self._brief_host()
        record = self.state.to_record()  # taken now: the hint is thought out on another thread
        game, game_id = self.game, self.game.id

        def local(view: rules.View) -> Advice:
            bot = new_bot(game_id, LOCAL_HINT_LEVEL, seat, seed)
            if not brief(game, record, {seat: bot}):
                bot = new_bot(game_id, LOCAL_HINT_LEVEL, seat, seed)
            return bot.advise(view)

        if host is None:
            return local

        deadline = self.deadline_s(HINT_BUDGET_MS, fresh=not getattr(host, "answered", 0))

        def advise(view: rules.View) -> Advice:
            try:
                return host.advise(game_id, record, seat, HINT_LEVEL, seed, HINT_BUDGET_MS, view).result(
                    timeout=deadline
                )
            except HostUnavailable:
                if self.host is host:
                    self.host = None
                return local(view)
            except futures.TimeoutError:
                self._frozen(host)
                return local(view)

        return advise

    def advisor(self, seat: int, level: str = "normal", seed: int | None = None) -> Bot:
        """A bot for ``seat``'s hint: it has watched the match as that seat, like a player would."""
        bot = new_bot(self.game.id, level, seat, seed)
        if not self._brief({seat: bot}):
            bot = new_bot(self.game.id, level, seat, seed)
        return bot

    def _brief(self, bots: dict[int, Bot]) -> bool:
        """Show ``bots`` every event of the match so far, as their seats saw it (False: the
        record could not be stepped; the bots then know the current view only)."""
        return brief(self.game, self.state.to_record(), bots)
