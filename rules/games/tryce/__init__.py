"""Tryce (3M, 1969): rummy with groups, runs and words, 3-6 players; rules in RULES.md section 2.

Stage 1: cards and dictionary (``tryce.toml``: the lettered deck, the information board, the
settings; ``words.py``: the word check); the procedure comes next. Not registered as a game
yet: no ``SPEC`` here and no entry point, so the menu and ``rules.list_games()`` do not list it.

Run by hand, never at run time: ``python -m rules.games.tryce.make_letters`` (the letter table
in ``tryce.toml``) and ``python -m rules.games.tryce.make_wordlist`` (``words.txt.gz`` from
Debian's ``scowl`` package).
"""
