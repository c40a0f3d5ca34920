"""A table that knows no game: nothing under ``cardtable/`` names a game or branches on one; the
table's behaviours come from the layout (a ``trick`` zone gets the trick widget), the words from
the game's presenter. A made-up trick game with no presenter and no hints plays at the table."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import io  # noqa: E402
import keyword  # noqa: E402
import re  # noqa: E402
import tokenize  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from conftest import app_fixture  # noqa: E402
from pointer import drag, settle  # noqa: E402

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene  # noqa: E402
from cardtable.table.trick_layout import TrickBox  # noqa: E402
from cardtable.table.widgets.compose import widgets_for  # noqa: E402
from rules.config import build_config, read_toml  # noqa: E402
from rules.game import Game  # noqa: E402
from rules.plugins import GameSpec  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def game_words() -> re.Pattern[str]:
    """Every discovered game's id and name (and the built-ins' and Oh Hell's, installed or not)
    as whole words, any case, any spacing ("Oh Hell", "oh_hell", "OhHell")."""
    words = {"try", "tryce", "tribello", "troeven", "trio", "ohhell", "Oh Hell"}
    for game_id in rules.list_games():
        words |= {game_id, rules.load_game(game_id).name}
    parts = (r"[\s_-]*".join(map(re.escape, re.split(r"[\s_-]+", w.strip()))) for w in words)
    return re.compile(r"(?<![a-z0-9])(" + "|".join(sorted(parts, key=len, reverse=True)) + r")(?![a-z0-9])", re.I)


def words_of(path: Path) -> Iterator[tuple[int, str, str]]:
    """Each name, string, docstring and comment of a Python file with its line and its words:
    identifiers split at ``_`` and at capitals (``TRIO_COLORS`` -> "TRIO COLORS", ``OhHell``
    -> "Oh Hell"). Keywords (``try:``) are syntax, not words."""
    source = path.read_text(encoding="utf-8")
    kinds = {tokenize.NAME, tokenize.STRING, tokenize.COMMENT, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in kinds or token.type == tokenize.NAME and keyword.iskeyword(token.string):
            continue
        spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", token.string).replace("_", " ")
        yield token.start[0], token.string, spaced


def test_nothing_under_cardtable_names_a_game() -> None:
    """Not as a string, nor in a name, a comment or a docstring, in any case; any other file
    under ``cardtable/`` line by line."""
    names = game_words()
    found = []
    for path in sorted((ROOT / "cardtable").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix == ".py":
            lines = list(words_of(path))
        else:
            try:  # text files line by line; binary ones (icons) hold no words
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            lines = [(n, line, line) for n, line in enumerate(text.splitlines(), start=1)]
        found += [
            f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r} in {text[:60]!r}"
            for n, text, spaced in lines
            for m in names.finditer(spaced)
        ]
    assert found == []


def test_the_guard_finds_a_game_in_any_case_and_in_words(tmp_path: Path) -> None:
    names = game_words()
    path = tmp_path / "sample.py"
    path.write_text(
        "TRIO_COLORS = 1  # Tribello's cut\nclass OhHellWords:\n    x = 'oh hell'\n"
        "try:\n    pass\nexcept OSError:\n    pass\n",
        encoding="utf-8",
    )
    hits = [(line, m.group(0)) for line, _text, spaced in words_of(path) for m in names.finditer(spaced)]
    assert hits == [(1, "TRIO"), (1, "Tribello"), (2, "Oh Hell"), (3, "oh hell")]
    assert not names.search("trips tricks trying retry")


app = app_fixture(no_log=True)


def one_line_toast(app: App) -> str:
    """The toast shown now: there is one, on one line."""
    toast = app.toast_text
    assert toast is not None and "\n" not in toast
    return toast


def made_up_trick_game(tmp_path: Path, more_zones: tuple[dict, ...] = ()) -> Game:
    """A game no one has heard of: 3-Player Troeven's deck, deal and procedure under another id,
    with no presenter and no layout hints (and ``more_zones`` in its layout)."""
    base = rules.load_game("troeven")
    data = read_toml(base.spec.rules_path())
    data["id"], data["name"] = "tricky", "Tricky"
    data["layout"].pop("hints", None)
    data["layout"]["zones"] = [*data["layout"]["zones"], *more_zones]
    path = tmp_path / "tricky.toml"
    schema = getattr(__import__(base.procedure.__module__, fromlist=["_"]), "CONFIG_SCHEMA", {})
    spec = GameSpec(rules_file="unused:tricky.toml", procedure=f"{base.procedure.__module__}:{base.procedure.__name__}")
    return Game(build_config(path, data, schema), base.procedure, spec)


def test_a_made_up_trick_game_gets_the_trick_table_for_free(app: App, tmp_path: Path) -> None:
    game = made_up_trick_game(tmp_path)
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Basil", "kind": "human"}, {"name": "Cleo", "kind": "human"}]
    state = game.new_match(players=3, variant="thirty", seed=3, seats=seats)
    table = TableScene(app, Session(state))
    app.push(table)
    assert "trick" in table.ext
    for _ in range(40):  # through the trump call to the first play from a hand
        settle(app)
        if app.stack.top is not table:  # a hand-off between the human seats
            app.stack.top.proceed()
            continue
        if table._my_turn() and any(a.kind == "play" for a in table.legal):
            break
        choice = next(a for a in table.legal if a.source is None)
        table._apply(choice)
    assert isinstance(table.layout.zones["trick"], TrickBox)
    assert table.status_text.startswith("Your turn: play a card to the trick")
    action = next(a for a in table.legal if a.kind == "play")
    card = next(c for c in table.board.zones[action.source] if c.text == table.deck.text(action.card))
    rect = card.rect()
    player = table.seat  # the table turns to the public view once this human's turn ends
    drag(app, (rect.left + 6, rect.centery), table.layout.zones["trick"].area.center)
    settle(app)
    (played,) = table.board.zones["trick"]
    assert played.text == table.deck.text(action.card)
    spot = table.layout.zones["trick"].spots[player]
    assert (round(played.x), round(played.y)) == (round(spot[0]), round(spot[1]))  # in front of its player


def test_with_a_seat_across_the_top_the_piles_lie_on_both_sides_of_the_trick(app: App, tmp_path: Path) -> None:
    from cardtable.table.layout import TableLayout
    from cardtable.table.trick_layout import place_middle

    specs = {
        "hand": {"name": "hand", "per_seat": True, "kind": "hand", "place": "seat", "label": "Hand"},
        "trick": {"name": "trick", "kind": "trick", "place": "center", "label": "Trick"},
        "up": {"name": "up", "kind": "pile", "place": "center", "label": "Up"},
        "deck": {"name": "deck", "kind": "stack", "place": "center", "label": "Deck"},
    }
    layout = TableLayout((1280, 800), 4, 0, specs, [*(f"hand/{s}" for s in range(4)), "trick", "up", "deck"])
    trick = place_middle(layout, (), ["up", "deck"], None)
    assert layout.zones["up"].anchor[0] > trick.area.right and layout.zones["deck"].anchor[0] < trick.area.left


def test_the_layout_chooses_the_widgets_never_the_id(app: App) -> None:
    """Each zone kind brings its widget (the hold its grid, a trick its hand, won piles and
    scores); a layout with none of them gets no special widget at all (the modes come with the
    legal actions, ``test_table_modes.py``)."""
    chosen = {}
    for game_id in rules.list_games():
        state = rules.load_game(game_id).new_match(seed=1)
        table = TableScene(app, Session(state))
        chosen[game_id] = [part.kind for part in widgets_for(table.context, table.game)]
        kinds = {spec.get("kind") for spec in table.specs.values()}
        want = []
        if table.hints.get("revealed_near_source"):
            want += ["hold", "grid"]
        elif "grid" in kinds:
            want.append("grid")
        if "trick" in kinds:
            want += ["trick", "pile", "hand"]
        if "melds" in kinds:
            want.append("melds")
        if "trick" in kinds or "melds" in kinds:
            want.append("scores")
        if "board" in kinds:
            want.append("board")
        assert chosen[game_id] == want, game_id
    assert ["hold", "grid"] in chosen.values() and [] in chosen.values()
    assert ["melds", "scores", "board"] in chosen.values()


def test_a_trick_and_melds_combine(app: App, tmp_path: Path) -> None:
    """A made-up trick game whose layout also has a meld zone gets both widgets, asked in turn:
    the trick lays out its middle and the melds their areas, one Scores button between them."""
    melds = {"name": "melds", "per_seat": True, "visibility": "public", "kind": "melds", "place": "seat"}
    game = made_up_trick_game(tmp_path, (melds,))
    table = TableScene(app, Session(game.new_match(players=3, variant="thirty", seed=3)))
    assert [part.kind for part in table.ext] == ["trick", "pile", "hand", "melds", "scores"]
    assert isinstance(table.layout.zones["trick"], TrickBox)
    assert [b.label for b in table.ext.buttons()].count("Scores") == 1
    app.push(table)
    settle(app)
    assert table.status_text


def test_the_hold_reads_zone_kinds_and_hints_never_zone_names_or_action_texts() -> None:
    """The hold, its grid and the hands whose ends are taken (``hold.py``, ``hold_panel.py``)
    know no game's zone by name (only the table's ``hand/N`` convention) and read actions by their
    fields: the words and the end of a hand come from the presenter."""
    names = {
        str(zone["name"])
        for game_id in rules.list_games()
        for zone in rules.load_game(game_id).config.layout.get("zones") or []
    } - {"hand"}
    assert {"middle", "revealed", "trios"} <= names
    for path in sorted((ROOT / "cardtable" / "table" / "widgets").glob("hold*.py")):
        text = path.read_text(encoding="utf-8")
        assert [n for n in sorted(names) if f'"{n}"' in text or f'"{n}/' in text] == [], path.name
        assert "action.text" not in text and "a.text" not in text, path.name


def test_a_grid_without_a_hold_gets_the_grid_widget(app: App) -> None:
    """Trio's zones with its hold hint taken away: the middle is still a grid of fixed places (the
    grid widget), its places centred and stepped through first by the keys."""
    state = rules.load_game("trio").new_match(players=3, variant="simple", seed=1)
    table = TableScene(app, Session(state))
    table.hints = {k: v for k, v in table.hints.items() if k != "revealed_near_source"}
    ext = widgets_for(table.context, table.game)
    assert [part.kind for part in ext] == ["grid"]
    places = ext["grid"].grid_places(table.board.zones)
    assert places[:3] == ["middle/0", "middle/1", "middle/2"] and len(places) == 9
    hand = table.board.zones["hand/0"]
    assert ext.focusable(hand) == [table.board.zones[p][0] for p in places] + hand


@pytest.mark.parametrize(
    "reference, reason",
    [
        ("cardtable_no_such_presenter:Words", "cannot import 'cardtable_no_such_presenter'"),
        ("rules.cards:Deck", "is not a rules.presenter.Presenter class"),
    ],
)
def test_a_broken_presenter_never_breaks_the_table(app: App, tmp_path: Path, reference: str, reason: str) -> None:
    """A spec naming a presenter that cannot be imported or is no Presenter: the table plays with
    the neutral words its layout picks (a trick game's) and tells the player in one line."""
    from rules.presenter import TrickPresenter

    game = made_up_trick_game(tmp_path)
    game = Game(
        game.config,
        game.procedure,
        GameSpec(rules_file=game.spec.rules_file, procedure=game.spec.procedure, presenter=reference),
    )
    state = game.new_match(players=3, variant="thirty", seed=3)
    table = TableScene(app, Session(state))
    app.push(table)
    assert type(table.presenter) is TrickPresenter and "trick" in table.ext
    toast = one_line_toast(app)
    assert toast.startswith("Tricky's presenter could not be loaded (") and reason in toast
    assert toast.endswith("; the table uses plain words")
    settle(app)
    assert table.status_text


@pytest.mark.parametrize(
    "reference, reason",
    [
        ("cardtable_no_such_widget:Trick", "cannot import 'cardtable_no_such_widget'"),
        ("rules.cards:no_such_factory", "has no 'no_such_factory'"),
        ("rules.cards:Deck", "TypeError"),  # found, but raises when the table calls it
    ],
)
def test_a_broken_special_widget_never_breaks_the_table(app: App, tmp_path: Path, reference: str, reason: str) -> None:
    """A spec whose special widget for its ``trick`` zone cannot be loaded or raises when made:
    the table uses the widget its layout picks (the trick table) and tells the player in one line."""
    game = made_up_trick_game(tmp_path)
    game = Game(
        game.config,
        game.procedure,
        GameSpec(rules_file=game.spec.rules_file, procedure=game.spec.procedure, widgets={"trick": reference}),
    )
    table = TableScene(app, Session(game.new_match(players=3, variant="thirty", seed=3)))
    app.push(table)
    assert "trick" in table.ext
    toast = one_line_toast(app)
    assert toast.startswith("Tricky's trick widget could not be loaded (") and reason in toast
    assert toast.endswith("; the table draws it plainly")
    settle(app)
    assert table.status_text


def test_an_unknown_layout_hint_is_an_error_in_the_rules_file(tmp_path: Path) -> None:
    """A misspelt hint is refused with its key path, never silently ignored; a known one passes."""
    base = rules.load_game("troeven")
    data = read_toml(base.spec.rules_path())
    schema = getattr(__import__(base.procedure.__module__, fromlist=["_"]), "CONFIG_SCHEMA", {})
    path = tmp_path / "troeven.toml"
    data["layout"]["hints"] = {"under_trick": "stock"}
    assert build_config(path, data, schema).layout["hints"] == {"under_trick": "stock"}
    data["layout"]["hints"] = {"under_trik": "stock"}
    with pytest.raises(rules.RulesError) as caught:
        build_config(path, data, schema)
    assert any("layout.hints" in line and "under_trik" in line for line in caught.value.problems), caught.value.problems


def test_docs_list_every_layout_hint_the_table_reads() -> None:
    """The rules file refuses a hint the table does not know, so ``docs/plugins.md``, the schema
    and the table (``hints.get("...")`` under ``cardtable/``) name exactly the same hints."""
    read = {
        key
        for path in (ROOT / "cardtable").rglob("*.py")
        for key in re.findall(r"hints\.get\(\s*[\"']([a-z_]+)[\"']", path.read_text(encoding="utf-8"))
    }
    docs = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+)` \| [^|]+ \| [^|]+ \|$", docs, re.M))
    assert read and listed == read
    from rules.config import HINTS

    assert set(HINTS.optional) == read
