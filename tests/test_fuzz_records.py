"""Fuzzing ``cardtable-sim replay`` with damaged records: every one gets exactly one line on stderr,
``FILE: key.path: what was expected`` or ``FILE: line N: ...``, and exit 1 — never a traceback.

The damage (tests/fuzzing.py) mutates valid records — the tests' records, the docs' examples and
partly played matches of every game: truncation, random bytes, deep nesting, type swaps at random
key paths, huge/infinite/negative numbers, 100,000-character strings, deleted keys, shuffled or
repeated lists, another game's label, files over the size limits.
"""

from __future__ import annotations

from fuzzing import JSON_MUTATORS, check_one_line, dump_json, fuzzed, record_bases

from rules.sim import main


@fuzzed(record_bases(), JSON_MUTATORS)
def test_a_damaged_record_gets_one_line_and_exit_1(tmp_path, capsys, base, mutator, rng):
    path = tmp_path / "match.json"
    path.write_bytes(JSON_MUTATORS[mutator](record_bases()[base], rng, dump_json))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    check_one_line(path, code, out, err, mutator)
