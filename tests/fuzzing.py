"""Damage for the fuzz tests: valid records and house-rule files, mutated at random.

Every mutator takes the valid file's text and a ``random.Random`` (hypothesis hands one in via
``st.randoms``) and returns the damaged file's bytes. The same mutators drive the fuzz tests
and ``fuzz_report`` (below), which counts failures without stopping at the first.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules
from rules.config import read_toml, tomllib

ROOT = Path(__file__).resolve().parents[1]
# generated cases per kind in the fuzz tests: 1,000 in the default run; more with CARDTABLE_FUZZ_EXAMPLES=N
EXAMPLES = int(os.environ.get("CARDTABLE_FUZZ_EXAMPLES", "1000"))


def fuzzed(bases: dict[str, Any], mutators: dict[str, Any]) -> Callable[[Callable[..., Any]], Any]:
    """A fuzz test's decorators: :data:`EXAMPLES` cases, the same ones every run, each given a
    ``base`` (a name of ``bases``), a ``mutator`` (of ``mutators``) and a seeded ``rng``."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    run = settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    cases = given(
        base=st.sampled_from(sorted(bases)),
        mutator=st.sampled_from(sorted(mutators)),
        rng=st.randoms(use_true_random=False),
    )
    return lambda test: run(cases(test))


BUILTIN = ("try", "tribello", "troeven", "trio")

# ------------------------------------------------------------------ bases
_CACHE: dict[str, Any] = {}


def _partial_match(game_id: str, seed: int, actions: int) -> dict[str, Any]:
    game = rules.load_game(game_id)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))], events=False)
    return state.to_record()


def record_bases() -> dict[str, str]:
    """Valid records as JSON text: the tests' records, the docs' examples, played matches."""
    if "records" not in _CACHE:
        bases: dict[str, str] = {}
        for path in sorted((ROOT / "tests" / "records").glob("*.json")):
            bases[path.name] = path.read_text(encoding="utf-8")
        docs = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
        for i, block in enumerate(re.findall(r"```jsonc?\n(\{.*?)```", docs, re.DOTALL)):
            bases[f"docs-{i}"] = block
        for game_id in BUILTIN:
            for seed, actions in ((1, 40), (2, 120)):
                bases[f"{game_id}-{seed}"] = json.dumps(_partial_match(game_id, seed, actions), indent=1)
        _CACHE["records"] = bases
    return _CACHE["records"]


HOUSE_FILES = {
    "try-easy": 'schema = 1\nextends = "try"\nid = "try-easy"\nname = "Try (easy)"\n'
    'blurb = "A gentler threshold."\n\n[settings]\nthreshold = 50\nremoved = 5\n',
    "tribello-short": 'schema = 1\nextends = "tribello"\nid = "tribello-short"\nname = "Tribello, short"\n'
    "settings = {}\n",
    "troeven-dummy": 'schema = 1\nextends = "troeven"\nid = "troeven-2"\nname = "Troeven 2"\n'
    'variant = "dummy"\nblurb = "With the dummy first."\n',
    "trio-spicy": 'schema = 1\nextends = "trio"\nid = "trio-hot"\nname = "Hot Trio"\nvariant = "spicy"\n',
}


def toml_bases() -> dict[str, str]:
    """Valid rules files as text: house-rule files of each game and the built-in files."""
    if "toml" not in _CACHE:
        bases = dict(HOUSE_FILES)
        for game_id in BUILTIN:
            bases[f"{game_id}.toml"] = rules.load_game(game_id).config.path.read_text(encoding="utf-8")
        _CACHE["toml"] = bases
    return _CACHE["toml"]


# --------------------------------------------------------- generic damage
SWAPS: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**70,
    1.5,
    "",
    "x",
    "hand/0",
    "7S",
    [],
    [None],
    [0, "x"],
    {},
    {"x": 1},
    [[0, "x"]],
    {"name": 1},
    ["AS", 3],
]
NUMBERS = [
    "Infinity",
    "-Infinity",
    "NaN",
    "1e400",
    "-1e400",
    "-5",
    "-1",
    "1000000000",
    "10" * 20,
    "9" * 5000,
    str(2**63),
    "0.5",
    "-0",
]
LONG = ["x" * 100_000, "é" * 100_000, "\u0007" * 1000, "\n" * 5000, "../../x", "/tmp/abs", "W" * 300]
IDS = [
    "",
    "trio",
    "try",
    "../../x",
    "/tmp/abs",
    "A",
    "x" * 41,
    "a b",
    "é",
    "a_b",
    "a.b",
    "..",
    "con",
    "-",
    "x" * 40,
    "ok-id-2",
]


def _paths(value: Any, rng: random.Random, stop: float = 0.3) -> list[Any]:
    """A random key path into ``value`` (a walk that stops early often: shallow keys get hit)."""
    path: list[Any] = []
    while True:
        if isinstance(value, dict) and value:
            keys = list(value)
        elif isinstance(value, list) and value:
            keys = list(range(len(value)))
        else:
            return path
        if path and rng.random() < stop:
            return path
        key = rng.choice(keys)
        path.append(key)
        value = value[key]


def _set(root: Any, path: list[Any], new: Any) -> Any:
    if not path:
        return new
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return root


def _delete(root: Any, path: list[Any]) -> Any:
    if not path:
        return {}
    parent = root
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    return root


def _leaves(value: Any, kinds: tuple[type, ...], path: list[Any] | None = None) -> list[list[Any]]:
    path = path or []
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaves(v, kinds, [*path, k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _leaves(v, kinds, [*path, i])
    elif isinstance(value, kinds) and not (bool in kinds) ^ isinstance(value, bool):
        out.append(path)
    return out


MARK = "\u0001MARK\u0001"


def truncate(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    raw = text.encode("utf-8")
    return raw[: rng.randrange(0, len(raw))]


def random_bytes(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    raw = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(0, len(raw) + 1)
        chunk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.5 and at < len(raw):
            raw[at : at + len(chunk)] = chunk
        else:
            raw[at:at] = chunk
    return bytes(raw)


# ---------------------------------------------------------- JSON records
def dump_json(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False)


def deep_nesting(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    depth = rng.choice([50, 999, 1001, 5000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    inner = opener * depth + "1" + closer * depth
    if dump is dump_toml:
        opener, closer = rng.choice([("[", "]"), ("{a=", "}")])
        inner = opener * depth + "1" + closer * depth
        if rng.random() < 0.3:  # a long dotted key makes deep tables too
            return (text + "\n" + ".".join(["a"] * depth) + " = 1\n").encode()
    data = _parse(text, dump)
    path = _paths(data, rng)
    data = _set(data, path, MARK)
    return dump(data).replace(_marked(dump), inner, 1).encode()


def type_swap(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    path = _paths(data, rng)
    swaps = SWAPS if dump is not dump_toml else [s for s in SWAPS if s is not None and s != [None]]
    return dump(_set(data, path, rng.choice(swaps))).encode()


def bad_number(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    numbers = _leaves(data, (int,))
    path = rng.choice(numbers) if numbers and rng.random() < 0.7 else _paths(data, rng)
    token = rng.choice(NUMBERS)
    if dump is dump_toml:
        token = {"Infinity": "inf", "-Infinity": "-inf", "NaN": "nan"}.get(token, token)
    data = _set(data, path, MARK)
    return dump(data).replace(_marked(dump), token, 1).encode()


def long_string(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    strings = _leaves(data, (str,))
    path = rng.choice(strings) if strings and rng.random() < 0.8 else _paths(data, rng)
    value = rng.choice(LONG)
    if rng.random() < 0.2 and path:  # a long key instead
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict):
            parent[value] = parent.pop(path[-1])
            return dump(data).encode("utf-8", "surrogatepass")
    return dump(_set(data, path, value)).encode("utf-8", "surrogatepass")


def delete_key(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    path = _paths(data, rng, stop=0.5)
    return dump(_delete(data, path)).encode()


def list_damage(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    lists = [p for p in _all_paths(data) if isinstance(_get(data, p), list) and _get(data, p)]
    if not lists:
        return type_swap(text, rng, dump)
    path = rng.choice(lists)
    items = _get(data, path)
    how = rng.randrange(4)
    if how == 0:
        items.append(rng.choice(items))
    elif how == 1:
        items.pop(rng.randrange(len(items)))
    elif how == 2:
        rng.shuffle(items)
    else:
        items[:] = items * rng.choice([2, 50])
    return dump(data).encode()


def relabel(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    if dump is dump_toml:
        key = rng.choice(["id", "extends", "variant", "name", "blurb"])
        data[key] = rng.choice(IDS + list(BUILTIN) + ["x" * 61, "x" * 301, "a\tb", "a\u0000b"])
    else:
        key = rng.choice(["game", "variant", "format", "game"])
        data[key] = rng.choice(list(BUILTIN) + ["try-easy", "chess", "cardtable-record/2", "", "../../x"])
    return dump(data).encode()


def oversize(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    if dump is dump_toml:
        return (text + "\n# " + "x" * (1024 * 1024) + "\n").encode()
    if rng.random() < 0.5:  # too many actions, in few bytes
        deal = data["deals"][-1] if isinstance(data.get("deals"), list) and data["deals"] else {}
        if isinstance(deal, dict):
            deal["actions"] = [[0, "x"]] * 200_001
            return json.dumps(data, separators=(",", ":")).encode()
    return (dump(data) + " " * (4 * 1024 * 1024)).encode()


def _marked(dump: Callable[[Any], str]) -> str:
    return _toml_value(MARK) if dump is dump_toml else json.dumps(MARK, ensure_ascii=False)


def _parse(text: str, dump: Callable[[Any], str]) -> Any:
    if dump is dump_toml:
        return tomllib.loads(text)
    return json.loads(text)


def _get(root: Any, path: list[Any]) -> Any:
    for key in path:
        root = root[key]
    return root


def _all_paths(value: Any, path: list[Any] | None = None) -> list[list[Any]]:
    path = path or []
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _all_paths(v, [*path, k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _all_paths(v, [*path, i])
    return out


# ----------------------------------------------------------------- TOML
def _toml_key(key: str) -> str:
    return json.dumps(str(key), ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    return '""'


def dump_toml(value: Any) -> str:
    """A TOML text for ``value`` (tables at the top level, inline below)."""
    if not isinstance(value, dict):
        return f"value = {_toml_value(value)}\n"
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in value.items() if v is not None)


def house_id(text: str, rng: random.Random, dump: Callable[[Any], str]) -> bytes:
    data = _parse(text, dump)
    data["id"] = rng.choice(IDS)
    return dump(data).encode()


JSON_MUTATORS: dict[str, Callable[[str, random.Random, Callable[[Any], str]], bytes]] = {
    "truncate": truncate,
    "random_bytes": random_bytes,
    "deep_nesting": deep_nesting,
    "type_swap": type_swap,
    "bad_number": bad_number,
    "long_string": long_string,
    "delete_key": delete_key,
    "list_damage": list_damage,
    "relabel": relabel,
    "oversize": oversize,
}
TOML_MUTATORS = {**JSON_MUTATORS, "house_id": house_id}


def damage(kind: str, base: str, mutator: str, rng: random.Random) -> bytes:
    """The damaged bytes of base file ``base`` (``kind`` "record" or "toml")."""
    if kind == "record":
        return JSON_MUTATORS[mutator](record_bases()[base], rng, dump_json)
    return TOML_MUTATORS[mutator](toml_bases()[base], rng, dump_toml)


# ------------------------------------------------------------- checking
BARE_EXCEPTION = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b|Traceback|malformed \(")
WHERE = re.compile(r"line \d+: \S|[^\s:][^:]*: \S|file too large \(")  # FILE: line N: / key.path: what


def check_one_line(path: Path, code: int, out: str, err: str, mutator: str) -> None:
    """Exit 0 with nothing on stderr for a valid file, else exit 1 and one ``FILE: where: what`` line."""
    lines = err.splitlines()
    if code == 0:  # the damage happened to leave a valid record
        assert err == "" and mutator != "oversize"
        return
    assert code == 1 and out == ""
    assert len(lines) == 1, lines[:3]
    line = lines[0]
    assert line.startswith(f"{path}: "), line
    assert len(line) < 400, line[:400]
    assert not BARE_EXCEPTION.search(line), line
    assert WHERE.match(line[len(f"{path}: ") :]), line


# ------------------------------------------------------------- reporting
ID_RULE = re.compile(r"[a-z0-9-]{1,40}")


def _verdict(kind: str, mutator: str, path: Path, code: int, lines: list[str]) -> str | None:  # pragma: no cover
    """What is wrong with ``cardtable-sim``'s answer to a damaged file (None: nothing)."""
    if code == 0 and not lines:
        if mutator == "oversize":
            return "oversize accepted"
        return _wrongly_accepted(path) if kind == "toml" else None
    if code == 0:
        return "exit 0 with stderr"
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr"
    if not lines[0].startswith(f"{path}: "):
        return "line does not start with the file"
    if "malformed (" in lines[0] or "cannot set up a match (" in lines[0]:
        return "bare exception: " + lines[0].split("(", 1)[1].split(":")[0]
    if len(lines[0]) > 400:
        return "line over 400 characters"
    return None


def _wrongly_accepted(path: Path) -> str | None:  # pragma: no cover - used by fuzz_report
    """Why ``check`` should not have accepted the house-rule file at ``path`` (None: fine)."""
    data = read_toml(path)  # accepted by check: safe to parse
    if "extends" not in data:
        return None
    if not ID_RULE.fullmatch(data["id"]) or data["id"] in BUILTIN:
        return f"bad id accepted: {data['id'][:20]!r}"
    if len(data["name"]) > 60 or len(data.get("blurb", "")) > 300:
        return "long name or blurb accepted"
    if any(ord(c) < 32 for c in data["name"] + data.get("blurb", "")):
        return "control characters accepted"
    return None


def fuzz_report(kind: str, cases: int, folder: Path) -> None:  # pragma: no cover - a tool, run by hand
    """Run ``cases`` damaged files through ``cardtable-sim`` and count the failures by kind."""
    import contextlib
    import io
    import traceback

    from rules.sim import main

    os.environ["CARDTABLE_HOME"] = str(folder / "home")
    bases = sorted(record_bases() if kind == "record" else toml_bases())
    mutators = sorted(JSON_MUTATORS if kind == "record" else TOML_MUTATORS)
    failures: dict[str, int] = {}
    examples: dict[str, str] = {}
    for i in range(cases):
        rng = random.Random(i)
        base, mutator = rng.choice(bases), rng.choice(mutators)
        path = folder / ("case.json" if kind == "record" else "case.toml")
        path.write_bytes(damage(kind, base, mutator, rng))
        err = io.StringIO()
        out = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                code = main(["replay" if kind == "record" else "check", str(path)])
        except BaseException as exc:  # noqa: BLE001
            why = f"raised {type(exc).__name__}: {traceback.extract_tb(exc.__traceback__)[-1].name}"
        else:
            lines = err.getvalue().splitlines()
            why = _verdict(kind, mutator, path, code, lines)
            if why is None:
                continue
        key = f"{mutator}: {why}"
        failures[key] = failures.get(key, 0) + 1
        examples.setdefault(key, f"{base} seed {i}")
    total = sum(failures.values())
    print(f"{kind}: {cases} cases, {total} failed, {len(failures)} distinct kinds")
    for key, count in sorted(failures.items(), key=lambda kv: -kv[1]):
        print(f"  {count:5d}  {key}  (e.g. {examples[key]})")


if __name__ == "__main__":  # pragma: no cover
    import resource
    import tempfile

    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))  # a blow-up fails, not the machine
    with tempfile.TemporaryDirectory() as tmp:
        fuzz_report(sys.argv[1], int(sys.argv[2]), Path(tmp))
