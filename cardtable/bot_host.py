"""Bots think in a process of their own, so the table's frames never wait on them.

A bot that thinks on a thread of the app holds the interpreter lock and the frame loop starves
(frames stalled 100–425 ms while a searching bot ran). The :class:`BotHost` keeps a second copy of
the match's bots in a spawned process (``multiprocessing``'s ``spawn`` works alike on Windows,
macOS, Linux and in the frozen build, with ``freeze_support`` in ``__main__``): it shows them the
match so far from its record, forwards every action's events as each seat may see them, and asks
a seat's bot to choose from that seat's view. Answers come back as :class:`concurrent.futures.Future`
values; waiting on one releases the interpreter lock.

The process is an accelerator, never a dependency: if it cannot start, dies or answers with an
error, :meth:`choose` raises :class:`HostUnavailable` and the session asks its own (identical)
bot instead. One that stays alive but does not answer within the session's deadline is killed
(:meth:`kill`) and replaced, the move made by a cheap bot in the app (``Session.chooser``).
The host never sees the State: only records (what the save holds), views and events as each
seat saw them.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import sys
import threading
import traceback
import types
from concurrent.futures import Future
from typing import Any

from rules.bots import Advice

from .bot_seats import new_bot, set_thinking

#: Set to "0" (the tests do) to keep every bot in the app's own process.
ENV_SWITCH = "CARDTABLE_BOTS_APART"


def wanted() -> bool:
    """Whether bots should think apart (the default; ``CARDTABLE_BOTS_APART=0`` turns it off)."""
    return os.environ.get(ENV_SWITCH, "1") != "0"


class HostUnavailable(RuntimeError):
    """The bot process is not there (not started, gone, or its bot failed): ask the local bot."""


# ------------------------------------------------------------ the bots' side
def _made(game_id: str, specs: dict[int, tuple[str, int | None]], budget_ms: float | None = None) -> dict[int, Any]:
    bots = {int(seat): new_bot(game_id, level, int(seat), seed) for seat, (level, seed) in specs.items()}
    for bot in bots.values():
        set_thinking(bot, budget_ms)
    return bots


def _advice(
    game_id: str, record: dict[str, Any], seat: int, level: str, seed: int | None, budget_ms: float | None, view: Any
) -> Any:
    """A hint for ``seat``: a ``level`` bot that has watched the match in ``record`` as that seat
    (the seat's events only) advises on its view, thinking at most ``budget_ms`` a decision."""
    import rules
    from rules.bots import brief

    bot = new_bot(game_id, level, seat, seed)
    if not brief(rules.load_game(game_id), record, {seat: bot}):
        bot = new_bot(game_id, level, seat, seed)
    if budget_ms is not None and hasattr(bot, "budget_ms"):
        bot.budget_ms = float(budget_ms)
    return bot.advise(view)


def serve(conn: Any) -> None:
    """The bot process: set up bots from a record, let them observe, answer ``choose`` requests.

    Messages in: ``("match", game_id, record, {seat: (level, seed)}, budget_ms)``, ``("observe",
    [(seat, events)])``, ``("think", budget_ms)``, ``("choose", number, seat, view)``, ``("advise",
    number, game_id, record, seat, (level, seed, budget_ms), view)``, ``("thinking", number)``,
    ``("quit",)``. Out: ``("answer", number, text)`` (an :class:`rules.bots.Advice` for ``advise``,
    ``{seat: budget_ms}`` for ``thinking``) or ``("error", number, message)``. A ``budget_ms`` of
    ``None`` leaves each bot its own thinking time.
    """
    import rules
    from rules.bots import brief

    bots: dict[int, Any] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the app is gone
            return
        kind = message[0]
        if kind == "quit":
            return
        if kind == "match":
            _kind, game_id, record, specs, budget_ms = message
            try:
                game = rules.load_game(game_id)
                bots = _made(game_id, specs, budget_ms)
                if bots and not brief(game, record, bots):
                    bots = _made(game_id, specs, budget_ms)  # they know the current view only, as the app's own
            except Exception:  # noqa: BLE001 - answered as errors below, the app asks its own bots
                bots = {}
        elif kind == "observe":
            for seat, events in message[1]:
                bot = bots.get(seat)
                if bot is not None:
                    bot.observe(events)
        elif kind == "think":
            for bot in bots.values():
                set_thinking(bot, message[1])
        elif kind == "thinking":
            conn.send(("answer", message[1], {seat: getattr(bot, "budget_ms", None) for seat, bot in bots.items()}))
        elif kind == "advise":
            _kind, number, game_id, record, seat, (level, seed, budget_ms), view = message
            try:
                conn.send(("answer", number, _advice(game_id, record, seat, level, seed, budget_ms, view)))
            except Exception as exc:  # noqa: BLE001 - the app falls back to a hint of its own
                conn.send(("error", number, "".join(traceback.format_exception_only(type(exc), exc)).strip()))
        elif kind == "choose":
            _kind, number, seat, view = message
            bot = bots.get(seat)
            try:
                if bot is None:
                    raise HostUnavailable(f"no bot for seat {seat}")
                conn.send(("answer", number, bot.choose(view)))
            except Exception as exc:  # noqa: BLE001 - the app decides what a failed bot means
                conn.send(("error", number, "".join(traceback.format_exception_only(type(exc), exc)).strip()))


# ------------------------------------------------------------- the app's side
class BotHost:
    """The app's handle on the bot process. Messages are sent by a thread of their own (a long
    record never blocks a frame on a full pipe) and answers read by another."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        self._conn = ours
        self._process = context.Process(target=serve, args=(theirs,), name="cardtable-bots", daemon=True)
        # The bots' process needs nothing of the program that started it: hide the main module so
        # spawn does not run a script again in the child (a script without a __main__ guard would
        # open another table there); ``serve`` is found by its own module's name.
        main = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            self._process.start()
        finally:
            if main is not None:
                sys.modules["__main__"] = main
        theirs.close()
        self._outbox: queue.Queue[tuple[Any, ...] | None] = queue.Queue()
        self._pending: dict[int, Future[Any]] = {}
        self._lock = threading.Lock()
        self._numbers = itertools.count(1)
        self.alive = True
        self.answered = 0  # answers the process gave (for tests and benchmarks)
        threading.Thread(target=self._send_all, name="cardtable-bots-out", daemon=True).start()
        threading.Thread(target=self._read_all, name="cardtable-bots-in", daemon=True).start()

    # ----------------------------------------------------------- messages
    def _send_all(self) -> None:
        while True:
            message = self._outbox.get()
            if message is None:
                return
            try:
                self._conn.send(message)
            except (OSError, ValueError, EOFError):
                self._gone("the bot process stopped listening")
                return

    def _read_all(self) -> None:
        while True:
            try:
                kind, number, payload = self._conn.recv()
            except (EOFError, OSError, ValueError, TypeError):
                self._gone("the bot process ended")
                return
            with self._lock:
                future = self._pending.pop(number, None)
            if future is None:
                continue
            if kind == "answer":
                self.answered += 1
                future.set_result(payload if isinstance(payload, (Advice, dict)) else str(payload))
            else:
                future.set_exception(HostUnavailable(str(payload)))

    def _gone(self, why: str) -> None:
        self.alive = False
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(HostUnavailable(why))

    def _post(self, message: tuple[Any, ...]) -> None:
        if not self.alive:
            raise HostUnavailable("the bot process is not running")
        self._outbox.put(message)

    # -------------------------------------------------------------- the API
    def start_match(
        self,
        game_id: str,
        record: dict[str, Any],
        bots: dict[int, tuple[str, int | None]],
        budget_ms: float | None = None,
    ) -> None:
        """Fresh bots (``seat -> (level, seed)``) that have watched the match in ``record``; those
        that take a time limit think ``budget_ms`` a decision (``None``: their own)."""
        self._post(("match", game_id, record, bots, budget_ms))

    def think_for(self, budget_ms: float | None) -> None:
        """The bots that take a time limit think ``budget_ms`` a decision from their next one on."""
        self._post(("think", budget_ms))

    def observe(self, events_by_seat: list[tuple[int, list[Any]]]) -> None:
        """One action's events, as each bot's seat may see them."""
        self._post(("observe", events_by_seat))

    def _ask(self, kind: str, *rest: Any) -> Future[Any]:
        """Send ``(kind, number, *rest)``; the answer numbered alike settles the future."""
        future: Future[Any] = Future()
        number = next(self._numbers)
        with self._lock:
            self._pending[number] = future
        try:
            self._post((kind, number, *rest))
        except HostUnavailable:
            with self._lock:
                self._pending.pop(number, None)
            raise
        return future

    def choose(self, seat: int, view: Any) -> Future[str]:
        """Ask ``seat``'s bot for an action text; the future fails with :class:`HostUnavailable`."""
        return self._ask("choose", seat, view)

    def advise(
        self,
        game_id: str,
        record: dict[str, Any],
        seat: int,
        level: str,
        seed: int | None,
        budget_ms: float | None,
        view: Any,
    ) -> Future[Any]:
        """A hint for ``seat`` (an :class:`rules.bots.Advice`) from a fresh ``level`` bot briefed
        with ``record`` as that seat; the future fails with :class:`HostUnavailable`."""
        return self._ask("advise", game_id, record, seat, (level, seed, budget_ms), view)

    def thinking(self) -> Future[dict[int, float | None]]:
        """Each seat's bot's time limit per decision in the process (``None``: it takes none)."""
        return self._ask("thinking")

    def kill(self) -> None:
        """End a process that stopped answering at once (SIGKILL: a stopped or hung process
        ignores a polite quit and even SIGTERM); every answer still awaited fails."""
        self.alive = False
        self._outbox.put(None)
        self._gone("the bot process stopped answering")
        try:
            self._process.kill()
            self._process.join(5)
        except (OSError, ValueError, AttributeError):
            pass
        try:
            self._conn.close()
        except OSError:
            pass

    def close(self, wait: float = 0.5) -> None:
        """Ask the process to end, and end it if it does not within ``wait`` seconds."""
        if self.alive:
            self._outbox.put(("quit",))
        self._outbox.put(None)
        self.alive = False
        self._process.join(wait)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(wait)
        self._gone("closed")
        try:
            self._conn.close()
        except OSError:
            pass
