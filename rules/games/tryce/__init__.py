"""Tryce (3M, 1969): rummy with groups, runs and words, 3-6 players; rules in RULES.md section 2,
the engine's edge (zones, action texts, public facts) in docs/tryce.md.

``tryce.toml``: the lettered deck, the information board, the settings; ``words.py``: the word
check; ``procedure.py``: the match (with ``building.py``, ``draws.py``, ``scoring.py``).

Run by hand, never at run time: ``python -m rules.games.tryce.make_letters`` (the letter table
in ``tryce.toml``) and ``python -m rules.games.tryce.make_wordlist`` (``words.txt.gz`` from
Debian's ``scowl`` package).
"""

from rules.plugins import GameSpec

SPEC = GameSpec(
    rules_file="rules.games.tryce:tryce.toml",
    procedure="rules.games.tryce.procedure:TryceState",
    bots={
        "easy": "rules.games.tryce.bots:TryceEasyBot",
        "normal": "rules.games.tryce.bots:TryceNormalBot",
        "hard": "rules.games.tryce.hard:TryceHardBot",
    },
    presenter="rules.games.tryce.presenter:TrycePresenter",
    lesson="rules.games.tryce:lesson.toml",
)
