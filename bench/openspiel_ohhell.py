"""OpenSpiel's ``oh_hell`` driven from Python: the outside anchor of the engine's speed benches.

    from openspiel_ohhell import Reference        # bench/ on the path
    reference = Reference(python)                 # here if pyspiel imports, else that interpreter
    rate = reference.measure(seconds, cpu=True)   # random deals/s; None when it cannot run

One random deal is what our benches play through the public contract: 3 players, 13 tricks
(``players=3, num_tricks_fixed=13``), the deal's chance actions (39 cards and the up-card), the
bids and the plays each chosen uniformly among the legal ones, every step through ``pyspiel``'s
Python API (``legal_actions`` / ``chance_outcomes`` and ``apply_action``).

``open_spiel`` is never a dependency of Cardtable. When ``pyspiel`` does not import here, the
measurements run in another interpreter (``python``, e.g. a throwaway venv with
``pip install open_spiel``), which runs this file with ``--serve`` and stays up between them, so
that a bench can interleave them with its own. This file imports nothing but the standard
library (and ``pyspiel`` where asked) so that any interpreter can run it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PARAMS = {"players": 3, "num_tricks_fixed": 13}

HOW = (
    "open_spiel is not installed here (it is never a dependency of Cardtable); to compare, make an "
    "interpreter with it:\n  python -m venv /tmp/spiel && /tmp/spiel/bin/pip install open_spiel\n"
    "and pass its path (or set OPEN_SPIEL_PYTHON=/tmp/spiel/bin/python)"
)


def random_deals(seconds: float, cpu: bool, rng: random.Random) -> float:
    """Random ``oh_hell`` deals per second of this process's CPU time (``cpu``) or of the wall
    clock, played for ``seconds``. Needs ``pyspiel``."""
    import pyspiel  # noqa: PLC0415  (only where asked: never a dependency)

    clock = time.process_time if cpu else time.perf_counter
    game = pyspiel.load_game("oh_hell", PARAMS)
    deals = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        state.returns()
        deals += 1
    return deals / (clock() - start)


def here() -> bool:
    """Whether ``pyspiel`` imports in this interpreter."""
    try:
        import pyspiel  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


class Reference:
    """OpenSpiel's random deals/s, measured on demand: in this process when ``pyspiel`` imports,
    else in ``python`` (or ``$OPEN_SPIEL_PYTHON``) kept running between measurements.

    ``where`` says which; ``why`` why it cannot run (then :meth:`measure` returns ``None``)."""

    def __init__(self, python: str | None = None) -> None:
        self.rng = random.Random(1)
        self.child: subprocess.Popen[str] | None = None
        self.why = ""
        if here():
            self.where = f"open_spiel oh_hell in this process ({sys.executable})"
            return
        python = python or os.environ.get("OPEN_SPIEL_PYTHON")
        self.where = f"open_spiel oh_hell via {python}"
        if not python:
            self.why = HOW
            return
        try:
            self.child = subprocess.Popen(
                [python, str(Path(__file__).resolve()), "--serve"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            self.why = f"open_spiel could not run with {python}: {exc}"
            return
        if self._ask("ready") is None:
            self.close()

    @property
    def ready(self) -> bool:
        return not self.why

    def _ask(self, line: str) -> Any:
        child = self.child
        assert child is not None and child.stdin is not None and child.stdout is not None
        try:
            child.stdin.write(line + "\n")
            child.stdin.flush()
            answer = child.stdout.readline()
        except OSError as exc:
            self.why = f"open_spiel could not run: {exc}"
            return None
        if not answer:  # the child died: its last words say why
            child.wait()
            lines = (child.stderr.read().strip() if child.stderr else "").splitlines() or ["no output"]
            self.why = f"open_spiel could not run: {lines[-1]}"
            return None
        return json.loads(answer)

    def measure(self, seconds: float, cpu: bool) -> float | None:
        """Random deals/s for ``seconds`` (CPU time of the process that plays them, or wall clock)."""
        if self.why:
            return None
        if self.child is None:
            return random_deals(seconds, cpu, self.rng)
        return self._ask(json.dumps([seconds, cpu]))

    def close(self) -> None:
        child, self.child = self.child, None
        if child is not None and child.poll() is None:
            assert child.stdin is not None
            child.stdin.close()
            child.wait(timeout=10)


def serve() -> int:
    """The child's side: import ``pyspiel`` (a traceback on stderr if it cannot), say ready, then
    answer each ``[seconds, cpu]`` line with a rate."""
    import pyspiel  # noqa: F401, PLC0415

    rng = random.Random(1)
    for line in sys.stdin:
        if line.strip() == "ready":
            print(json.dumps("ready"), flush=True)
            continue
        seconds, cpu = json.loads(line)
        print(json.dumps(random_deals(float(seconds), bool(cpu), rng)), flush=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        raise SystemExit(serve())
    print(__doc__)
