"""Fuzzing ``cardtable-sim replay`` with damaged records: every one gets exactly one line on stderr,
``FILE: key.path: what was expected`` or ``FILE: line N: ...``, and exit 1 — never a traceback.

The damage (tests/fuzzing.py) mutates valid records — the tests' records, the docs' examples and
partly played matches of every game: truncation, random bytes, deep nesting, type swaps at random
key paths, huge/infinite/negative numbers, 100,000-character strings, deleted keys, shuffled or
repeated lists, another game's label, files over the size limits.
"""

from __future__ import annotations

from fuzzing import EXAMPLES, JSON_MUTATORS, check_one_line, dump_json, record_bases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.sim import main


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    base=st.sampled_from(sorted(record_bases())),
    mutator=st.sampled_from(sorted(JSON_MUTATORS)),
    rng=st.randoms(use_true_random=False),
)
def test_a_damaged_record_gets_one_line_and_exit_1(tmp_path, capsys, base, mutator, rng):
    path = tmp_path / "match.json"
    path.write_bytes(JSON_MUTATORS[mutator](record_bases()[base], rng, dump_json))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    check_one_line(path, code, out, err, mutator)
