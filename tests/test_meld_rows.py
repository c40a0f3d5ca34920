"""The generic meld rows and board (``cardtable/table/meld_layout.py``, ``board.py``): zones of kind
``melds`` created in play lie in rows in front of their owner, each meld one overlapped row read
left to right; a ``board`` zone's table sits in a corner; nothing overlaps, for 3 to 6 seats and
any window from 800x560 up."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable.table.layout import TableLayout, unit  # noqa: E402
from cardtable.table.meld_layout import MELD_STEP, MeldBox, MeldRows, meld_seat, seat_melds  # noqa: E402
from cardtable.table.widgets.board import board_sizes, draw_board  # noqa: E402
from rules.config import build_config, read_toml  # noqa: E402
from rules.presenter import Board  # noqa: E402

SPECS = {
    "hand": {"name": "hand", "per_seat": True, "kind": "hand", "place": "seat", "label": "Hand"},
    "stock": {"name": "stock", "kind": "stack", "place": "center", "label": "Stock"},
    "discard": {"name": "discard", "kind": "pile", "place": "center", "label": "Discard"},
    "build": {"name": "build", "per_seat": True, "kind": "melds", "place": "seat", "label": "Building"},
    "meld": {"name": "meld", "per_seat": True, "kind": "melds", "place": "seat", "label": "Melds"},
    "board": {"name": "board", "kind": "board", "place": "corner", "label": "Board"},
}
BOARD = Board(
    "Information board",
    ("Hand", "Cards", "Contract", "Points", "Pat"),
    tuple((str(n), "10", "1 group, 1 word", "10", "no") for n in range(1, 8)),
    highlight=2,
)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def table(size: tuple[int, int], players: int, melds: int, board: Board | None = BOARD) -> TableLayout:
    names = [f"hand/{s}" for s in range(players)] + ["stock", "discard"]
    names += [f"meld/{s}/{n}" for s in range(players) for n in range(melds)] + [f"build/{s}" for s in range(players)]
    layout = TableLayout(
        size, players, 0, SPECS, names, hand_max=15, extra_rows=1, board_sizes=board_sizes(board, unit(size))
    )
    for seat in range(players):  # melds of 4 to 7 cards
        box = layout.zones[f"meld/{seat}/0"]
        assert isinstance(box, MeldBox) and box.rows is not None
        box.rows.counts = {z: 4 + int(z.rsplit("/", 1)[1]) % 4 if z.count("/") == 2 else 0 for z in box.rows.zones}
    return layout


def meld_rects(layout: TableLayout) -> dict[str, pygame.Rect]:
    out = {}
    for name, box in layout.zones.items():
        if isinstance(box, MeldBox) and box.rows is not None and box.rows.counts.get(name):
            out[name] = box.rect(box.rows.counts[name])
    return out


@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1280, 800), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_meld_rows_board_and_seats_never_overlap(size: tuple[int, int], players: int) -> None:
    layout = table(size, players, 4)
    screen = pygame.Rect((0, 0), size)
    areas = layout.meld_areas
    assert set(areas) == set(range(players)) and all(a.width > 0 and a.height > 0 for a in areas.values())
    seats = [s.box for s in layout.seats.values() if not s.bottom] + [layout.seats[0].plate]
    hand = layout.zones["hand/0"].extent(15)
    fixed = seats + [
        hand,
        layout.status,
        layout.choices,
        layout.zones["stock"].extent(20),
        layout.zones["discard"].extent(4),
    ]
    assert layout.board is not None and screen.contains(layout.board)
    assert layout.board.collidelist(fixed) < 0
    for seat, area in areas.items():
        assert screen.contains(area)
        assert area.collidelist(fixed) < 0, (seat, area)
        assert not area.colliderect(layout.board)
        assert [s for s, other in areas.items() if s != seat and other.colliderect(area)] == []
    for name, rect in meld_rects(layout).items():  # every meld inside its owner's area
        assert areas[meld_seat([SPECS["build"], SPECS["meld"]], name)].contains(rect), name


@pytest.mark.parametrize("players", [3, 6])
def test_each_meld_is_one_overlapped_row_read_left_to_right(players: int) -> None:
    layout = table((1280, 800), players, 3)
    for seat in range(players):
        box = layout.zones[f"meld/{seat}/1"]
        slots = box.slots(5)
        xs = [x for x, _, _ in slots]
        assert len({y for _, y, _ in slots}) == 1 and all(a == 0 for _, _, a in slots)
        steps = {round(b - a, 3) for a, b in zip(xs, xs[1:], strict=False)}
        assert steps == {round(MELD_STEP * box.card_w, 3)}  # each card shows the same strip: rank, suit, letter
        assert box.card_w >= 20


def test_melds_wrap_to_more_rows_and_shrink_when_the_area_is_full() -> None:
    area = pygame.Rect(0, 0, 300, 200)
    rows = MeldRows(0, area, [f"meld/0/{n}" for n in range(6)], 60, 14)
    width, places = rows.pack({"meld/0/0": 5})
    assert width == 60 and len({y for _, y, _ in places["meld/0/0"]}) == 1
    counts = {f"meld/0/{n}": 6 for n in range(6)}
    small, places = rows.pack(counts)
    assert small < width
    lines = sorted({y for zone in places.values() for _, y, _ in zone})
    assert len(lines) > 1  # wrapped
    for zone in places.values():
        for x, y, _ in zone:
            card = pygame.Rect(0, 0, small, round(small * 1.4))
            card.center = (round(x), round(y))
            assert area.inflate(2, 2).contains(card)
    long_meld = MeldRows(0, pygame.Rect(0, 0, 120, 400), ["meld/0/0"], 40, 30)
    width, places = long_meld.pack({"meld/0/0": 12})  # longer than a row: it goes on in the next
    assert len({y for _, y, _ in places["meld/0/0"]}) > 1
    assert [x for x, _, _ in places["meld/0/0"]] != sorted(x for x, _, _ in places["meld/0/0"])


def test_a_seats_melds_in_order_and_their_owner() -> None:
    specs = [SPECS["build"], SPECS["meld"]]
    names = ["meld/1/10", "meld/1/2", "build/1", "meld/0/0", "hand/1", "meld/1/0"]
    assert seat_melds(specs, names, 1) == ["build/1", "meld/1/0", "meld/1/2", "meld/1/10"]
    assert meld_seat(specs, "meld/3/1") == 3 and meld_seat(specs, "build/2") == 2
    assert meld_seat(specs, "hand/2") is None and meld_seat(specs, "meld/x/1") is None


def test_a_new_meld_zone_is_laid_out_when_it_appears() -> None:
    names = [f"hand/{s}" for s in range(4)] + ["stock", "discard"]
    before = TableLayout((1024, 700), 4, 0, SPECS, names)
    assert not any(isinstance(b, MeldBox) for b in before.zones.values())
    after = TableLayout((1024, 700), 4, 0, SPECS, [*names, "meld/2/0"])
    box = after.zones["meld/2/0"]
    assert isinstance(box, MeldBox) and box.seat == 2 and not box.mine
    assert after.meld_areas[2].contains(box.rect(4))


def test_the_board_round_trips_and_shows_whole_or_its_highlighted_row() -> None:
    assert Board.from_json(json.loads(json.dumps(BOARD.to_json()))) == BOARD
    full, compact = board_sizes(BOARD, 1.0)
    assert full[1] > compact[1] and board_sizes(None, 1.0) == ()
    surface = pygame.Surface((400, 300))
    for whole, size in ((True, full), (False, compact)):
        surface.fill((0, 0, 0))
        rect = pygame.Rect((10, 10), size)
        draw_board(surface, rect, BOARD, 1.0, whole)
        painted = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        painted.invert()
        assert painted.get_bounding_rects()[0].inflate(2, 2).contains(rect) or rect.contains(
            painted.get_bounding_rects()[0]
        )
    small = table((800, 560), 6, 4)
    assert small.board is not None  # the whole table, or at least its highlighted row


def test_the_rules_file_accepts_the_meld_and_board_kinds(tmp_path: Path) -> None:
    from rules import RulesError, load_game

    base = load_game("trio")
    data = read_toml(base.spec.rules_path())
    data["layout"]["zones"] = [
        *data["layout"]["zones"],
        dict(SPECS["meld"], visibility="public"),
        dict(SPECS["board"], visibility="public"),
    ]
    schema = getattr(__import__(base.procedure.__module__, fromlist=["_"]), "CONFIG_SCHEMA", {})
    config = build_config(tmp_path / "x.toml", data, schema)
    assert [z["kind"] for z in config.layout["zones"]][-2:] == ["melds", "board"]
    data["layout"]["zones"][-1] = dict(SPECS["board"], visibility="public", kind="boards")
    with pytest.raises(RulesError):
        build_config(tmp_path / "x.toml", data, schema)


def test_a_word_is_never_cut_over_two_rows_when_smaller_cards_keep_it_whole() -> None:
    rows = MeldRows(0, pygame.Rect(0, 0, 209, 295), ["meld/0/0", "meld/0/1"], 82, 14)
    width, places = rows.pack({"meld/0/0": 5, "meld/0/1": 4})
    assert len({y for _, y, _ in places["meld/0/0"]}) == 1 and len({y for _, y, _ in places["meld/0/1"]}) == 1
    assert width < 82 and width + 4 * MELD_STEP * width <= 209


@pytest.mark.parametrize(
    ("players", "size", "least"),
    [(3, (1366, 768), 48), (4, (1366, 768), 48), (3, (1920, 1080), 68), (4, (1920, 1080), 68)],
)
def test_a_side_seats_words_get_wide_rows_and_readable_cards(players: int, size: tuple[int, int], least: int) -> None:
    """A seat at the side grows its area away from the seat before up and down: melds are rows,
    so three words (6, 4 and 3 letters) keep cards wide enough for each letter (a tall, narrow
    area gave 26 px cards at 4 players, 1366x768)."""
    layout = table(size, players, 3)
    words = {"meld/{}/0": 6, "meld/{}/1": 4, "meld/{}/2": 3}
    for seat, area in layout.meld_areas.items():
        if layout.seats[seat].bottom:
            continue
        counts = {zone.format(seat): n for zone, n in words.items()}
        box = layout.zones[f"meld/{seat}/0"]
        assert isinstance(box, MeldBox) and box.rows is not None
        width, places = box.rows.pack(counts)
        assert width >= least, (seat, width, area)
        for zone, slots in places.items():  # each word whole, in one row
            assert len({y for _, y, _ in slots}) == 1, zone


# Each seat's card width (px, seat 0 first) for three words of 6, 4 and 3 letters before the
# others' melds might be as large as yours at five or six players (bench/meld_sizes.py prints them).
EARLIER = {
    (5, (1024, 700)): (48, 38, 38, 38, 38),
    (5, (1280, 800)): (60, 48, 48, 48, 48),
    (5, (1366, 768)): (64, 51, 51, 51, 51),
    (5, (1920, 1080)): (90, 72, 72, 72, 72),
    (6, (1024, 700)): (48, 38, 38, 38, 38, 38),
    (6, (1280, 800)): (60, 48, 46, 48, 48, 47),
    (6, (1366, 768)): (64, 46, 48, 51, 48, 46),
    (6, (1920, 1080)): (90, 63, 68, 72, 68, 63),
}


@pytest.mark.parametrize(("players", "size"), list(EARLIER))
def test_at_five_or_six_players_every_seats_words_are_no_smaller_and_stay_in_their_area(
    players: int, size: tuple[int, int]
) -> None:
    """Three words per seat: each word whole in one row inside its owner's area, no seat's cards
    smaller than before (yours included), and the others' no larger than yours may be."""
    layout = table(size, players, 3)
    words = (6, 4, 3)
    own_cap = layout.zones["meld/0/0"].rows.max_w  # type: ignore[attr-defined]
    for seat in range(players):
        box = layout.zones[f"meld/{seat}/0"]
        assert isinstance(box, MeldBox) and box.rows is not None
        counts = {f"meld/{seat}/{n}": c for n, c in enumerate(words)}
        width, places = box.rows.pack(counts)
        assert EARLIER[players, size][seat] <= width <= own_cap, (seat, width)
        height = round(width * 1.4)
        for zone, slots in places.items():
            assert len({y for _, y, _ in slots}) == 1, zone
            for x, y, _ in slots:
                card = pygame.Rect(0, 0, width, height)
                card.center = (round(x), round(y))
                assert layout.meld_areas[seat].inflate(2, 2).contains(card), (zone, card)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_at_five_players_the_side_seats_words_grow_past_the_old_cap(size: tuple[int, int]) -> None:
    """At five players the side seats' areas hold larger cards than the others' old cap (0.8 of
    yours): 51 px at 1366x768, 72 at 1920x1080."""
    layout = table(size, 5, 3)
    for seat in range(1, 5):
        box = layout.zones[f"meld/{seat}/0"]
        assert isinstance(box, MeldBox) and box.rows is not None
        width, _ = box.rows.pack({f"meld/{seat}/{n}": c for n, c in enumerate((6, 4, 3))})
        assert width > EARLIER[5, size][seat], (seat, width)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1366, 768), (1600, 900), (1920, 1080)])
def test_the_others_name_plates_glide_and_never_jump_as_a_hand_grows(size: tuple[int, int], players: int) -> None:
    """The table is laid out again as the largest hand grows (a buy, a take): each seat may shift a
    little to make room, but never jumps to another arrangement in the middle of a deal."""
    names = [f"hand/{s}" for s in range(players)] + ["stock", "discard"]
    names += [f"meld/{s}/{n}" for s in range(players) for n in range(4)] + [f"build/{s}" for s in range(players)]
    before = None
    for hand_max in range(6, 19):
        layout = TableLayout(
            size, players, 0, SPECS, names, hand_max=hand_max, extra_rows=1, board_sizes=board_sizes(BOARD, unit(size))
        )
        plates = {seat: box.plate.center for seat, box in layout.seats.items() if seat != 0}
        if before is not None:
            for seat, (x, y) in plates.items():
                bx, by = before[seat]
                assert abs(x - bx) + abs(y - by) <= 30, (hand_max, seat, before[seat], plates[seat])
        before = plates
