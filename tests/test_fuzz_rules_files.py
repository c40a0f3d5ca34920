"""Fuzzing ``cardtable-sim check`` and the game menu with damaged rules files: every one gets exactly
one line (``FILE: key.path: ...`` or ``FILE: line N: ...``) and exit 1, or exit 0 when the damage
left a valid file — and the menu (``rules.user_games``) gives the same verdict with the same words.

The damage (tests/fuzzing.py) mutates valid house-rule files of every game and the built-in rules
files: truncation, random bytes, deep nesting (arrays, inline tables, dotted keys), type swaps at
random key paths, huge/infinite/negative numbers, long strings, bad ids, files over 1 MB.
"""

from __future__ import annotations

import itertools

from fuzzing import TOML_MUTATORS, check_one_line, dump_toml, fuzzed, toml_bases

import rules
import rules.registry
from rules.sim import main

COUNTER = itertools.count()


@fuzzed(toml_bases(), TOML_MUTATORS)
def test_a_damaged_rules_file_gets_one_line_and_the_menu_agrees(user_home, capsys, base, mutator, rng):
    folder = user_home / "rules"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    path = folder / f"case-{next(COUNTER)}.toml"  # a new name each time: the menu's cache sees a new file
    path.write_bytes(TOML_MUTATORS[mutator](toml_bases()[base], rng, dump_toml))
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    check_one_line(path, code, out, err, mutator)

    games, problems = rules.user_games()
    if code == 0:  # one verdict: check and the menu (a whole game's file is refused by both)
        assert not problems and len(games) == 1
    else:
        assert not games
        assert [(p.path, str(p)) for p in problems] == [(path, err.strip())]
    assert {"try", "tribello", "troeven", "trio"} <= set(rules.list_games())
