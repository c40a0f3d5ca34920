"""The project's own shuffle: Fisher-Yates on ``random.Random(seed).random()``.

``Random.random()`` output is stable across Python versions (unlike ``shuffle`` and
``randrange``), so the same seed deals the same cards on every machine.
"""

from __future__ import annotations

import random
from _random import Random as _BaseRandom
from collections.abc import MutableSequence
from math import floor
from typing import TypeVar

T = TypeVar("T")


# Per length, the shuffle's steps: each place from the last down to 1, with the count of places it
# may swap with (0 to itself) as a float. A float times a float is the interpreter's quick product;
# a float times an int is its generic one, and each step of every deal's shuffle made one. The
# product is the same: an int this small converts to its float exactly, as the generic one does.
_STEPS: dict[int, tuple[tuple[int, float], ...]] = {}


def _steps(n: int) -> tuple[tuple[int, float], ...]:
    steps = _STEPS[n] = tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))
    return steps


def shuffle(items: MutableSequence[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place with Fisher-Yates driven by ``rng.random()``."""
    # floor(), not int(): the same index for a product that is never negative, and on Python 3.11
    # int() of a float costs several times more (the shuffle took 40 % less time with floor).
    random_ = rng.random
    steps = _STEPS.get(len(items))
    if steps is None:
        steps = _steps(len(items))
    for i, span in steps:
        j = floor(random_() * span)
        item = items[j]  # swapped without a tuple: every deal shuffles
        items[j] = items[i]
        items[i] = item


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for an int ``seed``: the same generator, made without the Python layer
    of ``Random.seed``, which for an int only hands it to the C generator's ``seed`` and clears
    ``gauss_next``. Every deal makes one (and a match one more for its first dealer): a fifth of
    the cost of seeding was that layer."""
    rng = random.Random.__new__(random.Random)  # not seeded yet: __init__ is what seeds
    _BaseRandom.seed(rng, seed)
    rng.gauss_next = None
    return rng


def pick(n: int, rng: random.Random) -> int:
    """A stable random index in ``range(n)``."""
    return floor(rng.random() * n)  # as the shuffle: never negative, so int() would give the same


def sub_seed(seed: int, *parts: int) -> int:
    """A derived seed for a deal (or anything else), stable across versions."""
    value = seed & 0xFFFFFFFFFFFF
    for part in parts:
        value = (value * 1_000_003 + part + 0x9E3779B1) & 0xFFFFFFFFFFFF
    return value
