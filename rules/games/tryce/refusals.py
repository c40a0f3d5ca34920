"""Why Tryce refuses a move, in the game's words (RULES.md section 2): the word that is not in
the list, the card that breaks a run, the rank a group lacks, what the contract still needs, why
no laying off yet. :class:`~.procedure.TryceState` asks these for ``why_not`` (the table's
refusals, ``IllegalAction`` and ``cardtable-sim``); they speak of the mover's own cards and of
the table only, never of a card another seat hides.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rules import meld_reasons
from rules.errors import RulesError
from rules.meld_reasons import Names, cap, count, listing
from rules.melds import ACE_LOW, END, GROUP, RUN, START, WORD, LayOff, lay_off, meld_owner

from . import building
from .building import KINDS, MELD_RULES, SHORT_RULES, STEP_CAP, VOWELS, Build
from .facts import TryceFacts, TrycePhase

if TYPE_CHECKING:
    from rules.view import View

    from .procedure import TryceState

_NAMES: dict[int, tuple[object, Names]] = {}


def names(state: TryceState) -> Names:
    """How ``state``'s deck names its cards, built once per deck."""
    kept = _NAMES.get(id(state.deck))
    if kept is None or kept[0] is not state.deck:
        kept = _NAMES[id(state.deck)] = (
            state.deck,
            Names(state.deck, state.meld_deck, state.game.config.scoring["rank_order"]),
        )
    return kept[1]


# ---------------------------------------------------------------- the contract
def contract_text(counts: dict[str, int]) -> str:
    """ "a group, a run and a word", "three words" (``counts`` by kind)."""
    parts = [count(counts[kind], kind) for kind in KINDS if counts.get(kind, 0) > 0]
    return listing(parts) if parts else "nothing"


def still_needed(state: TryceState, seat: int, adding: str | None = None) -> dict[str, int]:
    """The melds ``seat``'s contract still lacks (laid and staged counted; ``adding``: one more of that kind)."""
    return {kind: max(0, state.room(seat, kind) - (kind == adding)) for kind in KINDS}


def contract_asks(state: TryceState) -> str:
    """ "hand 3 asks for a group, a run and a word"."""
    return f"hand {state.hand_no} asks for {contract_text(state.contract)}"


# ------------------------------------------------------------------- building
def add_refusal(state: TryceState, build: Build, card: int) -> str | None:
    """Why ``card`` may not join ``build`` (the rank of a group, the suit of a run, a rank it has)."""
    deck = state.meld_deck
    said = names(state)
    if deck.wild[card] or build.kind == WORD:
        return None
    melded = state.melds.get(build.target) if build.target is not None else None
    naturals = [c for c in build.cards if not deck.wild[c]]
    if melded is not None:
        naturals = [c for c in melded.cards if not deck.wild[c]] + naturals
    if not naturals:
        return None
    if build.kind == GROUP:
        if deck.value[card] != deck.value[naturals[0]]:
            return f"A group is all of one rank: {said.card(card)} is not a {said.rank(deck.value[naturals[0]])}."
        return None
    suit = deck.suit[naturals[0]]
    if deck.suit[card] != suit:
        return f"A run is all of one suit: {said.card(card)} is not one of the {said.suit(suit)}."
    what = "This run" if melded is None else "That run"
    return f"{what} has {said.at(deck.value[card], suit)} already: a run holds each rank once."


def commit_refusal(state: TryceState, seat: int) -> str | None:
    """Why the meld being built may not be committed now (``None``: it may)."""
    build = state.build
    if build is None:
        return "Nothing is being built: start a meld, or drop a card on a meld to lay it off."
    if not build.cards:
        return f"Add cards to the {build.kind} first."
    left = len(state.zones[f"hand/{seat}"])
    if build.target is not None:
        if building.extended(state, build) is None:
            return extension_refusal(state, build)
        if left == 0 and not state.contract_complete(seat):
            return last_card(state, seat, None)
        return None
    said = names(state)
    short = build.kind == WORD and state.pat and len(build.cards) == 3 and not state.short_word_used(seat)
    if building.commit_outcome(state, seat) is not None:
        return None
    rules_now, least = (SHORT_RULES, 3) if short else (MELD_RULES, None)
    if building.Building(build.kind, build.cards, build.named).meld(state.meld_deck, rules_now, least) is None:
        reason = meld_reasons.meld_refusal(said, build.kind, build.cards, build.named, rules_now, least)
        if reason is None and build.kind in (GROUP, RUN) and all(state.meld_deck.wild[c] for c in build.cards):
            # RULES.md, settled: every group and run holds a natural card; jokers alone name no rank or suit
            return f"Jokers alone do not make a {build.kind}: add at least one natural card."
        if reason is None:
            return f"Those cards do not make a {build.kind}."
        if build.kind == WORD and len(build.cards) == 3 and state.pat and state.short_word_used(seat):
            reason = reason[:-1] + ": your one 3-letter word of this pat hand is staged already."
        return reason
    if state.pat:
        full = state.staged_count(seat) + 1 == sum(state.contract.values())
        if full and left > 0:
            return (
                f"In a pat hand you go down with every card at once: this {build.kind} completes the "
                f"contract, but {count(left, 'card')} would stay in your hand."
            )
        missing = contract_text(still_needed(state, seat, build.kind))
        return (
            f"In a pat hand you go down with the whole contract at once: it still needs {missing}, "
            f"and this {build.kind} takes your last card."
        )
    return last_card(state, seat, build.kind)


def last_card(state: TryceState, seat: int, adding: str | None) -> str:
    """Your last card goes only when it completes the contract."""
    missing = contract_text(still_needed(state, seat, adding))
    return (
        f"Your last card may go only when your contract is complete: it still needs {missing} "
        f"({contract_asks(state)}). Keep a card to discard."
    )


def extension_refusal(state: TryceState, build: Build) -> str:
    """Why the cards built on a meld of the table do not fit it, and where one would."""
    meld = state.melds[build.target]
    deck = state.meld_deck
    said = names(state)
    start = [c for c, e in zip(build.cards, build.ends, strict=True) if e == START]
    end = [c for c, e in zip(build.cards, build.ends, strict=True) if e == END]
    reason: str | None
    if meld.kind == GROUP:
        reason = (
            "A group takes cards at its end only."
            if start
            else meld_reasons.group_refusal(said, list(meld.cards) + end, MELD_RULES, 0)
        )
    elif meld.kind == RUN:
        suit = next(deck.suit[c] for c in meld.cards if not deck.wild[c])
        reason = meld_reasons.run_end_refusal(said, meld.stands, suit, start, end, MELD_RULES)
    else:
        named = [v for v, e in zip(build.named, build.ends, strict=True) if e == START]
        named += [str(s) for s in meld.stands]
        named += [v for v, e in zip(build.named, build.ends, strict=True) if e == END]
        reason = meld_reasons.word_refusal(said, start + list(meld.cards) + end, named, MELD_RULES, 0)
    reason = reason or "Those cards do not fit that meld."
    if len(build.cards) == 1 and meld.kind != GROUP:
        other = END if build.ends[0] == START else START
        how = LayOff(other, vowel=build.named[0])
        if lay_off(deck, meld, build.cards, how, MELD_RULES) is not None:
            reason = reason[:-1] + f" (it fits at the {'end' if other == END else 'start'})."
    return reason


def drop_refusal(state: TryceState, card: int, zone: str) -> str:
    """Why ``card`` of the hand, dropped on the meld ``zone``, is laid off there at neither end."""
    meld = state.melds.get(zone)
    if meld is None:
        return "There is no such meld on the table."
    why = add_refusal(state, Build(meld.kind, zone), card)
    if why is not None:
        return why
    vowel = "E" if state.meld_deck.wild[card] else None
    return extension_refusal(state, Build(meld.kind, zone, (card,), (vowel,), (END,)))


# ---------------------------------------------------------------- whole moves
def meld_refusal(state: TryceState, seat: int, kind: str) -> str:
    """Why ``seat`` may not start a meld of ``kind`` now."""
    hand = state.zones[f"hand/{seat}"]
    if state.build is not None:
        return "Finish the meld you are building first: commit it or cancel it."
    if state.steps >= STEP_CAP:
        return f"You have taken this turn's {STEP_CAP} building steps: discard to end your turn."
    if state.room(seat, kind) <= 0:
        if state.contract[kind] == 0:
            return f"Your contract has no {kind}: {contract_asks(state)}."
        return f"Your contract has no room for another {kind}: {contract_asks(state)}."
    least = building.min_size(state, seat, kind)
    if len(hand) < least:
        unit = "letters" if kind == WORD else "cards"
        return f"A {kind} needs at least {least} {unit}: you hold {count(len(hand), 'card')}."
    return f"You may not start a {kind} now."


def no_meld_now(state: TryceState, seat: int) -> str:
    """Why ``seat`` may start no meld now (or how to start one, when it may)."""
    if any(a.kind == "meld" for a in state.legal_actions()):
        return "Start a meld first: select its cards, then choose a group, a run or a word."
    open_kinds = [kind for kind in KINDS if state.room(seat, kind) > 0]
    if not open_kinds:
        return f"Your contract is all melded ({contract_asks(state)}): lay off on a meld, or discard."
    return meld_refusal(state, seat, open_kinds[0])


def lay_off_refusal(state: TryceState, seat: int) -> str | None:
    """Why ``seat`` may not lay off yet (``None``: laying off is allowed)."""
    if state.pat:
        return "No laying off in a pat hand: the whole contract goes down at once."
    first = state.first_meld[seat]
    if first is None:
        missing = contract_text(still_needed(state, seat))
        return f"You may lay off only after your first meld: your contract still needs {missing}."
    if first >= state.turn_no:
        return "You made your first meld this turn: you may lay off from your next turn on."
    return None


def drawn_already(state: TryceState, seat: int) -> str:
    return "You have drawn already: meld, lay off, then discard one card."


def draw_first(state: TryceState) -> str:
    """The draw comes first (the discard pile empty: the stock)."""
    if not state.zones["discard"]:
        return "You must draw before you discard: draw from the stock."
    return "You must draw before you discard: take the top discard, or sell it and draw from the stock."


def text_refusal(state: TryceState, text: str) -> str | None:
    """Why the action written ``text`` is refused now, or ``None`` (nothing more than "not legal")."""
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    phase = state.phase
    if phase == TrycePhase.CUT:
        if verb == "cut":
            target = state.cut_target()
            cuts = [a.value for a in state.legal_actions()]
            return f"Name a cut from {min(cuts)} to {max(cuts)} cards (the perfect cut is {target})."
        return "First the player right of the dealer names the cut."
    if phase == TrycePhase.SALE:
        return None if verb in ("buy", "pass") else "The top discard is for sale: each player answers buy or pass."
    if verb in ("buy", "pass"):
        return "Nothing is for sale now."
    seat = state.turn
    if phase == TrycePhase.DRAW:
        if verb == "draw" and state.zones["discard"]:
            return "Draw from the stock only when the discard pile is empty: take the top discard or sell it."
        if verb in ("take", "sell") and not state.zones["discard"]:
            return "The discard pile is empty: draw from the stock."
        return draw_first(state)
    if verb in ("take", "sell", "draw"):
        return drawn_already(state, seat)
    hand = state.zones[f"hand/{seat}"]
    own = state.zones.get(f"build/{seat}", []) if verb == "remove" else hand
    card = _card(state, words[1], own) if len(words) > 1 else None
    if verb in ("add", "discard", "swap") and len(words) > 1:
        if card is None:
            return f"{words[1]!r} is not a card of this deck."
        if card not in hand:
            return f"{cap(names(state).card(card))} is not in your hand."
    if verb == "meld" and len(words) == 2 and words[1].lower() in KINDS:
        return meld_refusal(state, seat, words[1].lower())
    if verb == "commit":
        return commit_refusal(state, seat)
    if verb == "remove":
        if state.build is None:
            return "Nothing is being built: there is no card to take back."
        if card is not None and card not in state.build.cards:
            return f"{cap(names(state).card(card))} is not in the meld you are building."
    if verb == "cancel" and state.build is None and not any(z.startswith(f"staged/{seat}/") for z in state.staged):
        return "Nothing to take back: no meld is being built or staged."
    if verb == "add":
        if state.build is None:
            return "Start a meld first (a group, a run or a word), or drop the card on a meld to lay it off."
        if card is not None and state.meld_deck.wild[card] and state.build.kind == WORD:
            vowel = words[2].upper() if len(words) > 2 and words[2].lower() != START else None
            if vowel not in tuple(VOWELS):
                return (
                    f"A joker in a word stands for a vowel ({', '.join(VOWELS)}): "
                    f"{'name the one it is' if vowel is None else vowel + ' is not one'}."
                )
        return add_refusal(state, state.build, card) if card is not None else None
    if verb in ("extend", "swap"):
        if state.build is not None:
            return "Finish the meld you are building first: commit it or cancel it."
        why = lay_off_refusal(state, seat)
        if why is not None:
            return why
        zone = words[1] if verb == "extend" and len(words) > 1 else words[2] if len(words) > 2 else ""
        if zone not in state.melds or meld_owner(zone) is None:
            return "There is no such meld on the table."
        return swap_refusal(state, card, zone, words[3:]) if verb == "swap" and card is not None else None
    if verb == "discard":
        if state.build is not None:
            return "Finish the meld you are building first: commit it or cancel it."
        if any(z.startswith(f"staged/{seat}/") for z in state.staged):
            return "Your staged melds must go down all at once: take them back to discard."
    return None


def swap_refusal(state: TryceState, card: int, zone: str, rest: list[str]) -> str | None:
    """Why ``card`` may not replace the joker at ``rest[0]`` of the meld ``zone``, that joker laid
    again at the end ``rest[1]`` (as the vowel ``rest[2]`` on a word)."""
    meld = state.melds[zone]
    deck = state.meld_deck
    said = names(state)
    index = int(rest[0]) if rest and rest[0].isdigit() else -1
    if not 0 <= index < len(meld.cards) or not deck.wild[meld.cards[index]]:
        return "There is no joker at that place of the meld."
    if deck.wild[card]:
        return "Only a natural card replaces a joker."
    stand = meld.stands[index]
    if meld.kind == WORD:
        if deck.letter[card] != stand:
            return f"That joker stands for the letter {stand}: {said.card(card)} bears {deck.letter[card]}."
    else:
        suit = next(deck.suit[c] for c in meld.cards if not deck.wild[c])
        wanted = said.at(int(stand), suit) if meld.kind == RUN else f"a {said.rank(int(stand))}"
        value = deck.value[card]
        same = value == stand or (value == deck.top and stand == ACE_LOW)
        if not same or (meld.kind == RUN and deck.suit[card] != suit):
            return f"That joker stands for {wanted}: {said.card(card)} cannot replace it."
    end = rest[1] if len(rest) > 1 else END
    if meld.kind == WORD:
        vowel = rest[2].upper() if len(rest) > 2 else None
        if vowel not in tuple(VOWELS):
            return f"The joker laid again on a word stands for a vowel ({', '.join(VOWELS)})."
        letters = [str(s) for s in meld.stands]
        word = (vowel + "".join(letters)) if end == START else ("".join(letters) + vowel)
        return f"{word} is not a word in the list."
    return f"The joker has no room at the {end} of that {meld.kind}."


def _card(state: TryceState, text: str, hand: list[int]) -> int | None:
    """The card ``text`` names: the mover's own copy when it holds one (the jokers share a text)."""
    try:
        card = state.deck.parse(text)
    except RulesError:
        return None
    same = state.deck.text_of[card]
    return next((c for c in hand if state.deck.text_of[c] == same), card)


def build_refused(view: View) -> str | None:
    """Why the meld ``view``'s seat is building cannot be committed, in the engine's words (for a
    hint that takes it back): asked of a state sampled from the view, since the reason reads only
    the seat's own cards, the melds on the table and the contract. ``None``: nothing is built."""
    if view.seat is None or view.current_player != view.seat or not TryceFacts.of(view).building:
        return None
    from rules.sample import sample  # here: the sampler imports the registry, which imports the games

    return sample(view, random.Random(0)).why_not(None, f"build/{view.seat}", None)
