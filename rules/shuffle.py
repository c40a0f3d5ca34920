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


def shuffle(items: MutableSequence[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place with Fisher-Yates driven by ``rng.random()``."""
    # floor(), not int(): the same index for a product that is never negative, and on Python 3.11
    # int() of a float costs several times more (the shuffle took 40 % less time with floor).
    random_ = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = floor(random_() * (i + 1))
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
