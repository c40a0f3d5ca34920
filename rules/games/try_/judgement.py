"""The judgement ``hard`` plays by between its searches: ``normal``'s conventions, better timed.

Every signal keeps its meaning (a show is still a first discard of 9 or more, a take still backs
its suit, a pass is still a safe draw), so a ``normal`` partner or a person reads a ``hard`` seat
as it reads a ``normal`` one. Only the seat's own weighing changes.

Why: in ``normal`` teams almost every Try is forced by a stock draw onto three cards of the
team's suit, and the Tries that fall short come with about ten stock cards left (the winning
ones with two or three): the team holds three too early and Tries before it has collected the
suit (``bench/try_bots.py --why`` prints that breakdown). So while the stock is still above
``early_stock`` of its first size, this seat weighs the risk of such an early Try in full
(``early_weight``): it keeps two of the suit (and its bid) and passes the third card on, rather
than sitting on three. Later it holds three as ``normal`` does, and Tries on purpose as before.

The figures were chosen by playing whole tables of this bot on deals kept apart from the
benchmark's (seeds 50,000 and up; ``bench/try_bots.py`` plays seeds 0 and up).
"""

from __future__ import annotations

from .bots import TryNormalBot


class TryJudgement(TryNormalBot):
    """``normal``'s play, holding only two of the team's suit while the stock is still high."""

    level = "hard"
    early_stock = 0.7  # while the stock is above this share of its first size ...
    early_weight = 1.5  # ... an early Try of the team's suit weighs this much (normal: not at all)
    stickiness = 2.0  # follow a better suit sooner before the table agrees (normal: 6)
