"""Every decision of every game made with the keyboard alone, at the real table, headless with real
pygame KEYDOWN events (``tests/keyboard.py``): never ``state.apply``. A seeded player picks among
the legal decisions (each kind in turn) and reaches the one it picked by keys: a button by its
underlined letter or its number typed, a card by Left / Right and Enter, a drag-only move by
picking the card up with Enter and choosing its place with Left / Right. Also: the keys F1 lists
are the keys the table answers to, and the Buy / Pass buttons keep their place from sale to sale."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from invariants import planned_steps  # noqa: E402
from keyboard import (  # noqa: E402
    aim_at,
    button_for,
    do,
    focus_card,
    letter,
    pick_value,
    press,
    press_button,
    seat_moves,
    select,
    settle_keys,
)

import rules  # noqa: E402
from cardtable.app import App  # noqa: E402
from cardtable.scenes.rules_help import RulesHelpScene, rules_paragraphs  # noqa: E402
from cardtable.session import Session  # noqa: E402
from cardtable.table import TableScene, keys  # noqa: E402
from rules import Action  # noqa: E402
from rules.bots import make_bot  # noqa: E402

ROOT = Path(__file__).resolve().parent


def open_table(
    app: App, game_id: str, players: int = 3, seed: int = 4, variant: str | None = None, level: str = "random"
) -> TableScene:
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot {s}", "kind": "bot", "level": level} for s in range(1, players)
    ]
    game = rules.load_game(game_id)
    session = Session(game.new_match(players=players, seed=seed, seats=seats, variant=variant))
    table = TableScene(app, session)
    app.push(table)
    settle_keys(app, table)
    return table


def reachable(table: TableScene, action: Action) -> bool:
    """Decisions a player makes (a meld's inner steps are the table's, made for the player)."""
    if action.kind in ("add", "remove", "commit", "extend"):  # a lay-off: tests/test_rummy_plugin.py
        return False
    if action.kind == "meld" and planned_cards(table, action) is None:  # no meld of that kind to lay
        return False
    kind = table.board.kind(action.source) if action.source is not None else None
    if action.source != table.my_hand and kind in ("pile", "stack"):  # taken from a pile: its top only
        top = table.board.top(action.source)
        hold = table.ext["hold"] if "hold" in table.ext else None
        if hold is not None and action.target == hold.hold:
            return True
        text = table.deck.faces[action.card].text if action.card is not None else None
        return top is not None and (text is None or top.text == text)
    return True


def planned_cards(table: TableScene, action: Action) -> list[str] | None:
    """The cards the game's ``normal`` bot would lay in a meld begun by ``action`` (None: it would
    lay none), asked on a copy of the match."""
    bot = make_bot(table.game.id, "normal", 0, 1)
    try:
        steps = planned_steps(table.state, action.text, bot)
    except AssertionError:  # the bot takes the meld back: none of that kind to lay
        return None
    return [table.deck.faces[step.card].text for step in steps if step.kind == "add" and step.card is not None]


def meld_by_keys(app: App, table: TableScene, action: Action) -> None:
    """A meld as a player lays it by keys: Space on each of its cards, then the meld's button."""
    select(app, table, planned_cards(table, action) or [])
    press_button(app, table, button_for(table, action))


def way(action: Action) -> str:
    """A decision's kind and where it takes a card from: "reveal middle", "reveal hand high", "buy"."""
    words = [action.kind]
    if action.source is not None:
        words.append(action.source.split("/")[0])
    if action.end is not None:
        words.append(str(action.end))
    return " ".join(words)


def pick(table: TableScene, rng: random.Random, counts: dict[str, int]) -> Action:
    """A legal decision, the way made least so far first (so every kind comes up)."""
    legal = [a for a in table.state.legal_actions() if reachable(table, a)]
    assert legal, table.state.legal_actions()
    least = min(counts.get(way(a), 0) for a in legal)
    return rng.choice([a for a in legal if counts.get(way(a), 0) == least])


def play(
    app: App,
    table: TableScene,
    decisions: int,
    seed: int = 1,
    counts: dict[str, int] | None = None,
    until: set[str] = frozenset(),
) -> dict[str, int]:
    """Ann makes ``decisions`` decisions by keys (fewer when the match ends, or once she has made
    each of ``until``); each must be the very action she picked. Returns how many of each way
    (``way``) she made, ``counts`` included."""
    rng = random.Random(seed)
    counts = {} if counts is None else counts
    for _ in range(decisions):
        if until and until <= set(counts):
            break
        settle_keys(app, table)
        if table.state.is_over or app.stack.top is not table:
            break
        assert table._my_turn(), table.status_text
        action = pick(table, rng, counts)
        before = len(seat_moves(table, 0))
        if action.kind == "meld":
            meld_by_keys(app, table, action)
        else:
            do(app, table, action)
        settle_keys(app, table)
        made = seat_moves(table, 0)[before:]
        assert made[:1] == [action.text], (action.text, made, table.said.text)
        counts[way(action)] = counts.get(way(action), 0) + 1
    return counts


WANTED = {  # the decisions each game must have seen made by keys
    "try": {"bid hand", "draw stock", "draw discard", "discard hand"},
    "tribello": {"toggle hand", "toggle exchange", "exchange", "play hand"},
    "troeven": {"trump", "play hand", "play dummy_up"},
    "trio": {"reveal middle", "reveal hand low", "reveal hand high"},
    "ohhell": {"bid", "play hand"},
}


@pytest.mark.parametrize("game_id", [g for g in rules.list_games() if g != "tryce"])
def test_every_decision_by_keys(app: App, game_id: str) -> None:
    """Each game but Tryce (below: its melds are planned) plays 30 of Ann's decisions by keys
    (fewer when the match ends first)."""
    table = open_table(app, game_id)
    counts = play(app, table, 30)
    base = rules.load_game(game_id).config.extends or game_id
    assert WANTED.get(base, set()) <= set(counts), counts
    assert sum(counts.values()) >= 30 or table.state.is_over, counts


def test_tribello_names_trump_by_keys(app: App) -> None:
    """Tribello's round 2 (deal 4), Ann deals and names trump: each suit has its letter (Hearts E,
    as H is the hint) and E names hearts."""
    first = rules.load_game("tribello").new_match(players=3, seed=4, dealer=0).to_record()["deals"][0]
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot {s}", "kind": "bot", "level": "random"} for s in (1, 2)
    ]
    data = {
        "format": rules.RECORD_FORMAT,
        "game": "tribello",
        "players": 3,
        "seed": 4,
        "seats": seats,
        "start": {"deal": 4, "scores": [0, 0, 0]},
        "deals": [{"dealer": 0, "layout": first["layout"], "actions": []}],
    }
    table = TableScene(app, Session.from_record(data))
    app.push(table)
    settle_keys(app, table)
    suits = {b.label: b.accel for b in table.choice_buttons}
    assert suits == {"Spades": "s", "Hearts": "e", "Diamonds": "d", "Clubs": "c"}, suits
    letter(app, "e")
    settle_keys(app, table)
    assert seat_moves(table, 0)[0] == "trump hearts"


def test_trio_team_swap_offered_and_kept_by_keys(app: App) -> None:
    """Trio in teams: Ann offers her partner a card (Enter on it, then the offer's letter), and in a
    later swap keeps her cards (its letter)."""
    table = open_table(app, "trio", players=4, variant="team-simple")
    counts = play(app, table, 400, until={"swap hand", "pass"})
    assert {"swap hand", "pass"} <= set(counts), counts


# ------------------------------------------------------------------ Tryce
def tryce_record(players: int = 3, level: str = "normal") -> dict[str, Any]:
    """Hand 1 of tests/records/tryce-hands-1-and-2.json, Ann (seat 0) human, bots of ``level``."""
    data = json.loads((ROOT / "records" / "tryce-hands-1-and-2.json").read_text(encoding="utf-8"))
    deal = data["deals"][0]
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": name, "kind": "bot", "level": level} for name in ("Basil", "Cleo")
    ]
    return {
        "format": rules.RECORD_FORMAT,
        "game": "tryce",
        "players": players,
        "seed": 5,
        "seats": seats,
        "deals": [{"dealer": deal["dealer"], "layout": deal["layout"], "actions": []}],
    }


def hand_card(table: TableScene, text: str) -> Any:
    return next(c for c in table.board.zones[table.my_hand] if c.text == text)


def tryce_turn(app: App, table: TableScene, text: str, bot: Any) -> None:
    """Do what the normal bot chose for Ann (``text``) with keys only; a meld or lay-off is planned
    whole first (the bot asked again on a copy of the match until it commits)."""
    state = table.state
    action = state.parse_action(text)
    if action.kind not in ("meld", "extend"):
        do(app, table, action)
        if action.kind == "swap":
            pick_value(app, table, action.value)
        return
    steps = planned_steps(state, text, bot)
    texts = [table.deck.text(s.card) for s in steps]
    select(app, table, texts)
    if action.kind == "meld":
        press_button(app, table, button_for(table, action))
    else:  # Enter on a chosen card picks them all up; Right to the meld, Enter lays them off
        focus_card(app, table, lambda c: c.zone == table.my_hand and c.text == texts[0])
        press(app, pygame.K_RETURN)
        aim_at(app, table, action.target)
    for step in steps:
        pick_value(app, table, step.value)


def test_tryce_whole_hands_by_keys(app: App) -> None:
    """Ann plays Tryce's hands 1 and 2 as the normal bot would choose, with keys only: takes, draws,
    buys, passes, sells, melds (by Space and the meld's letter), lays off and discards (Enter, then
    Right to the place and Enter)."""
    session = Session.from_record(tryce_record())
    table = TableScene(app, session)
    app.push(table)
    settle_keys(app, table)
    bot = session.advisor(0, "normal", 3)
    kinds: dict[str, int] = {}
    for _ in range(300):
        settle_keys(app, table)
        if len(table.state.deal_results) >= 2 or table.state.is_over or app.stack.top is not table:
            break
        assert table._my_turn(), table.status_text
        text = bot.choose(table.state.view(0))
        kind = text.split()[0]
        before = len(seat_moves(table, 0))
        tryce_turn(app, table, text, bot)
        settle_keys(app, table)
        made = seat_moves(table, 0)[before:]
        assert made and made[0].split()[0] == kind, (text, made, table.said.text)
        if kind not in ("meld", "extend"):
            assert made[0] == text, (text, made)
        else:
            assert "commit" in made, (text, made, table.said.text)
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "meld":
            kinds[text] = kinds.get(text, 0) + 1
    assert len(table.state.deal_results) >= 2 or table.state.is_over
    assert {"take", "discard", "pass", "sell", "meld group", "meld word"} <= set(kinds), kinds


def test_tryce_a_run_melded_by_keys(app: App) -> None:
    """Hand 2 of the same record from Basil's seat (the human here): he has taken the up-card; Space
    on 9S1 to AS1 and R (Meld a run) lays the run in his area."""
    data = json.loads((ROOT / "records" / "tryce-hands-1-and-2.json").read_text(encoding="utf-8"))
    data["seats"] = [
        {"name": "Ann", "kind": "bot", "level": "random"},
        {"name": "Basil", "kind": "human"},
        {"name": "Cleo", "kind": "bot", "level": "random"},
    ]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:1]
    data["deals"][1].pop("scores", None)
    data.pop("totals", None)
    data.pop("winners", None)
    table = TableScene(app, Session.from_record(data))
    app.push(table)
    settle_keys(app, table)
    assert table.seat == 1 and table._my_turn()
    run = ["9S1", "10S1", "JS1", "QS1", "KS1", "AS1"]
    select(app, table, run)
    button = next(b for b in table.choice_buttons if b.label == "Meld a run")
    assert button.accel == "r"
    letter(app, "r")
    settle_keys(app, table)
    hand2 = [text for seat, text in table.state.log[1]["actions"] if seat == 1]
    assert hand2[1:9] == ["meld run", *[f"add {t}" for t in run], "commit"]
    laid = [c.text for z in ("staged/1/0", "meld/1/0") for c in table.board.zones.get(z, [])]
    assert laid == run


def tryce_at(app: App, actions: int) -> TableScene:
    """Hand 1 replayed for its first ``actions`` actions, then at the table."""
    data = tryce_record(level="random")  # the bots' moves do not matter here
    record = json.loads((ROOT / "records" / "tryce-hands-1-and-2.json").read_text(encoding="utf-8"))
    data["deals"][0]["actions"] = record["deals"][0]["actions"][:actions]
    table = TableScene(app, Session.from_record(data))
    app.push(table)
    settle_keys(app, table)
    return table


def test_tryce_lay_off_and_joker_swap_by_keys(app: App) -> None:
    """Ann's second turn: Enter on the 7D1 lights the discard pile and the melds; Right to her group
    of 7s and Enter lays it off; the 9C1 onto Basil's 9S1 9D1 JK asks "Lay off" or "Swap the
    joker" (both offered there), and S swaps."""
    table = tryce_at(app, 25)
    assert [c.text for c in table.board.zones["meld/1/0"]] == ["9S1", "9D1", "JK"]
    focus_card(app, table, lambda c: c.zone == "hand/0" and c.text == "7D1")
    press(app, pygame.K_RETURN)
    assert table.pointer.selected is not None and table.pointer.selected.text == "7D1"
    assert {"discard", "meld/0/0", "meld/1/0"} <= set(table.keyboard.aims), table.keyboard.aims
    for _ in table.keyboard.aims:  # the place Enter would choose is said in words
        if table.keyboard.aim == "meld/1/0":
            assert table.said.text.startswith("Enter puts it on Basil's melds;"), table.said.text
        press(app, pygame.K_RIGHT)
    aim_at(app, table, "meld/0/0")
    settle_keys(app, table)
    assert [c.text for c in table.board.zones["meld/0/0"]] == ["7S1", "7S2", "7H1", "7D1"]
    focus_card(app, table, lambda c: c.zone == "hand/0" and c.text == "9C1")
    press(app, pygame.K_RETURN)
    aim_at(app, table, "meld/1/0")
    labels = [b.label for b in table.ext["melds"].picker]
    assert labels[:2] == ["Lay off", "Swap the joker"], labels
    swap = next(b for b in table.ext["melds"].picker if b.label == "Swap the joker")
    assert swap.accel == "s"
    press_button(app, table, swap)
    settle_keys(app, table)
    assert [c.text for c in table.board.zones["meld/1/0"]] == ["9S1", "9D1", "9C1", "JK"]


def test_tryce_esc_puts_a_picked_card_down_and_discards_by_keys(app: App) -> None:
    table = tryce_at(app, 25)
    card = focus_card(app, table, lambda c: c.zone == "hand/0" and c.text == "3C1")
    press(app, pygame.K_RETURN)
    assert table.pointer.selected is card and table.keyboard.aims
    press(app, pygame.K_ESCAPE)
    assert table.pointer.selected is None and not table.keyboard.aims and not table.menu.open
    assert card.zone == "hand/0"
    press(app, pygame.K_RETURN)
    aim_at(app, table, "discard")
    settle_keys(app, table)
    assert "discard 3C1" in seat_moves(table, 0)


def test_tryce_sale_by_keys_and_its_buttons_keep_their_place(app: App) -> None:
    """Tryce hands in which Ann buys (B) at her first four sales, then passes (P): the Buy and Pass
    buttons stand at the same place at every sale of a hand while her hand grows (before, each buy
    shrank her cards and moved them), and their letters are B and P; Enter with nothing picked
    says how to press them."""
    table = open_table(app, "tryce", seed=11, level="normal")
    advisor = table.session.advisor(0, "normal", 3)
    rects: dict[int, list[Any]] = {}
    bought = passed = 0
    for _ in range(400):
        settle_keys(app, table)
        if len(table.state.deal_results) >= 3 or table.state.is_over or passed >= 2:
            break
        if [b.label for b in table.choice_buttons] == ["Buy", "Pass"]:
            assert [b.accel for b in table.choice_buttons] == ["b", "p"]
            rects.setdefault(len(table.state.deal_results), []).append([tuple(b.rect) for b in table.choice_buttons])
            if not bought:
                press(app, pygame.K_RETURN)
                assert "underlined letter" in table.said.text
            before = len(seat_moves(table, 0))
            buy = bought < 4
            letter(app, "b" if buy else "p")
            settle_keys(app, table)
            assert seat_moves(table, 0)[before] == ("buy" if buy else "pass")
            bought, passed = bought + buy, passed + (not buy)
            continue
        action = table.state.parse_action(advisor.choose(table.state.view(0)))
        if action.kind in ("meld", "extend"):  # keep to the sales: Ann melds nothing here
            action = next(a for a in table.state.legal_actions() if a.kind == "discard")
        do(app, table, action)
    assert bought == 4 and passed >= 1, (bought, passed)
    assert sum(len(r) for r in rects.values()) >= 5
    for deal, seen in rects.items():
        assert all(r == seen[0] for r in seen), (deal, seen)


def test_buttons_reached_by_tab_and_enter(app: App) -> None:
    """Tab goes to the buttons (the focused one framed), Left / Right step along, Enter presses it."""
    table = tryce_at(app, 15)  # Basil sells the 2C1: buy it?
    assert [b.label for b in table.choice_buttons] == ["Buy", "Pass"]
    press(app, pygame.K_RIGHT)  # no card to play: Left / Right go to the buttons
    assert table.keyboard.button is table.choice_buttons[0] and table.choice_buttons[0].focused
    press(app, pygame.K_RIGHT)
    assert table.keyboard.button is table.choice_buttons[1]
    press(app, pygame.K_RETURN)
    settle_keys(app, table)
    assert [0, "pass"] in [list(a) for a in table.state.log[-1]["actions"]]
    assert table.keyboard.button is None  # a second Enter presses nothing on the next prompt


def test_a_bid_typed_as_a_number(app: App) -> None:
    """A number's button is typed: with bids 0..N, "1" waits (Enter says 1) where 10.. are offered."""
    if "ohhell" not in rules.list_games():
        pytest.skip("the Oh Hell example is not installed")
    table = open_table(app, "ohhell")
    for _ in range(50):
        if any(a.kind == "bid" for a in table.state.legal_actions()):
            break
        play(app, table, 1)
    bids = sorted(a.value for a in table.state.legal_actions() if a.kind == "bid")
    wanted = bids[-1]
    before = len(seat_moves(table, 0))
    for digit in str(wanted):
        press(app, pygame.key.key_code(digit))
    if table.keyboard.button is not None:
        press(app, pygame.K_RETURN)
    settle_keys(app, table)
    assert seat_moves(table, 0)[before] == f"bid {wanted}"


def test_f1_says_what_the_keys_do_in_the_games_own_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """A presenter that rewords a key's description (``table_words``) is read by F1's Keys."""
    from cardtable.scenes import rules_help

    game = rules.load_game("tribello")
    first = keys.TABLE_KEYS[0]
    real = rules_help.presenter_for

    def reworded(game: rules.Game, deck: object) -> object:
        presenter = real(game, deck)
        presenter.table_words = {**presenter.table_words, first.does: "do the game's own thing"}
        return presenter

    monkeypatch.setattr(rules_help, "presenter_for", reworded)
    lines = [text for _style, text in rules_paragraphs(game)]
    assert any(line.endswith("do the game's own thing.") for line in lines)
    monkeypatch.setattr(rules_help, "presenter_for", lambda game, deck: 1 / 0)  # a broken presenter
    assert [text for _style, text in rules_paragraphs(game)][-len(keys.TABLE_KEYS) :] == keys.key_lines()


def test_f1_lists_the_keys_the_table_answers_to(app: App) -> None:
    """The rules help ends with a Keys section made from ``keys.TABLE_KEYS``, the table the
    controls dispatch on; F1 at the table opens it."""
    game = rules.load_game("tryce")
    paragraphs = rules_paragraphs(game)
    at = paragraphs.index(("heading", "Keys"))
    assert [text for _style, text in paragraphs[at + 1 :]] == keys.key_lines()
    assert all(any(b.names in line for line in keys.key_lines()) for b in keys.TABLE_KEYS)
    table = open_table(app, "troeven")
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesHelpScene)
    press(app, pygame.K_F1)
    assert app.stack.top is table


def test_accelerators_are_distinct_and_leave_the_tables_letters() -> None:
    from cardtable import widgets as ui

    def accels(*labels: str) -> list[str]:
        buttons = [ui.Button(label) for label in labels]
        keys.assign(buttons)
        return [b.accel for b in buttons]

    assert accels("Buy", "Pass") == ["b", "p"]
    assert accels("Meld a group", "Meld a run", "Meld a word", "Take back") == ["g", "r", "w", "t"]
    assert accels("Clubs", "Diamonds", "Hearts", "Spades") == ["c", "d", "e", "s"]  # H is the hint
    assert accels("Exchange 3 cards", "Keep my hand") == ["e", "k"]
    assert accels("A", "E", "I", "O", "U", "Back") == ["a", "e", "i", "o", "u", "b"]  # a letter is its own key
    many = accels(*["Go"] * 4)
    assert len(set(many)) == 4 and all(many)


def test_a_suit_button_underlines_its_key_like_every_decisions_button() -> None:
    """The trump call's suit buttons (glyph and name) draw their key as the plain buttons do."""
    from cardtable.table.trick_hud import SuitButton

    pygame.init()
    drawn = []
    for key in ("", "s"):
        button = SuitButton("Spades", "S", "standard", lambda: None)
        button.rect = pygame.Rect(10, 10, 220, 44)
        keys.assign([button])
        if not key:
            button.accel, button.accel_at = "", -1
        assert button.accel == key
        surface = pygame.Surface((240, 64))
        surface.fill((0, 0, 0))
        button.draw(surface)
        drawn.append(pygame.image.tobytes(surface, "RGB"))
    assert drawn[0] != drawn[1]  # the underline under the S of Spades
