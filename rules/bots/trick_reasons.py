"""Why a trick-game move is good, in one line a player can read ("the 10 is the cheapest card
that takes the trick"): the fact that decides it, never the move again (the hint names the move).

The hint shows the bot's move with a reason. The reason is read from the same seat's view as the
move (:class:`rules.bots.trick_bot.Reading`): the cards it holds, the cards played, the voids
shown, which cards are masters among those it has not seen — never another hand's cards, so it
says nothing a player at that seat could not know. It describes what the chosen card does in the
trick as it stands, whichever level chose it (``hard``'s search included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..tricks import DUMMY

if TYPE_CHECKING:
    from .trick_bot import Cards, Reading

RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}


def rank_word(cards: Cards, card: str) -> str:
    rank = cards.rank[card]
    return RANK_WORDS.get(rank, rank)


def short(cards: Cards, card: str, trump: int | None) -> str:
    """ "the 10", "the Ace of trumps"."""
    if trump is not None and cards.suit[card] == trump:
        return f"the {rank_word(cards, card)} of trumps"
    return f"the {rank_word(cards, card)}"


def full(cards: Cards, card: str, trump: int | None) -> str:
    """ "the 10 of Spades", "the Ace of trumps"."""
    if trump is not None and cards.suit[card] == trump:
        return short(cards, card, trump)
    return f"the {rank_word(cards, card)} of {cards.suit_names[cards.suit[card]]}"


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def trump_reason(cards: Cards, mine: list[str], suit_id: str) -> str:
    suit = cards.suit_ids.index(suit_id)
    held = [c for c in mine if cards.suit[c] == suit]
    high = [c for c in held if cards.strength[c] >= cards.ranks - 4]
    name = cards.suit_names[suit]
    tops = f", {len(high)} of them high" if high else ""
    return f"{name} are your longest, strongest suit ({len(held)} cards{tops})"


def exchange_reason(cards: Cards, action: str, aside: list[str], nullo: bool, trump: int | None) -> str:
    if action.startswith("toggle "):
        card = action.split(" ", 1)[1]
        if card in aside:
            return f"{full(cards, card, trump)} is worth more in your hand than a card from the pickup"
        if nullo:
            return f"high cards win tricks you do not want: {full(cards, card, trump)} is one"
        return f"{full(cards, card, trump)} is a low card of a short side suit: little use in the tricks"
    if not aside:
        return "your hand is good as it is: swap nothing"
    if len(aside) == 1:
        return "the card set aside is what your hand can best spare"
    return f"the {len(aside)} cards set aside are what your hand can best spare"


def play_reason(reading: Reading, public: dict[str, Any], card: str, plays: list[str], side: set[Any]) -> str:
    """Why playing ``card`` (one of ``plays``) is sensible in the trick as it stands."""
    cards = reading.cards
    trump = reading.trump
    trick = reading.trick
    nullo = public.get("aim") == "at_most"
    if not trick:
        return lead_reason(reading, card, plays, nullo, "caller" in public)
    order = public["order"]
    start = order.index(public["leader"])
    places = order[start:] + order[:start]
    later = places[len(trick) + 1 :]
    led = cards.suit[trick[0][1]]
    best_place, best = max(trick, key=lambda pc: reading.key(pc[1], led))
    beats = reading.key(card, led) > reading.key(best, led)
    winners = [c for c in plays if reading.key(c, led) > reading.key(best, led)]
    led_name = cards.suit_names[led]
    this = short(cards, card, trump)
    if "caller" in public and best_place in side and not beats:
        whose = "the dummy's" if best_place == DUMMY else "your own" if best_place == reading.seat else "your partner's"
        held = f"lets {whose} {short(cards, best, trump)[4:]} win"
        worth = cards.points[card]
        return f"{held} and adds {points(worth)} with {this}" if worth else f"{held}: {this} gives nothing away"
    if nullo:
        if beats:
            if not any(reading.key(c, led) < reading.key(best, led) for c in plays):
                if not later:
                    return f"this trick is yours anyway: {this} is your most dangerous card"
                return (
                    f"every card of yours beats {short(cards, best, trump)}: {this} is the lowest, and "
                    "someone may still go over it"
                )
            return f"{this} takes the trick"
        if cards.suit[card] != led:
            return f"no {led_name} to follow: {full(cards, card, trump)} could win a trick later"
        return f"{this} is the highest card that still loses to {short(cards, best, trump)}"
    if beats:
        cheapest = min(winners, key=lambda c: (cards.suit[c] == trump, cards.strength[c]))
        stake = sum(cards.points[c] for _p, c in trick) if "caller" in public else 0
        gain = f" ({points(stake)} in the trick)" if stake else ""
        if cards.suit[card] == trump and led != trump:
            how = f"no {led_name} to follow: {this} takes the trick"
            if card == cheapest and len(winners) > 1:
                how += ", the lowest trump that wins"
            return how + gain
        if not later:
            return (
                f"{this} is the cheapest card that takes the trick{gain}"
                if card == cheapest
                else f"{this} takes the trick{gain}"
            )
        if reading.safe_winner(card, led, later):
            return f"no one still to play can beat {this}{gain}"
        if card == cheapest:
            return f"{this} is the cheapest card that takes the trick for now{gain}"
        return f"{this} may take the trick{gain}"
    if winners:
        keep = max(winners, key=lambda c: (cards.suit[c] == trump, cards.strength[c]))
        if later:
            return f"does not spend {full(cards, keep, trump)} yet: others still play after you"
        return f"saves {full(cards, keep, trump)}: this trick is not worth it"
    if cards.suit[card] == led:
        same = [c for c in plays if cards.suit[c] == led]
        cheap = min(same, key=lambda c: (cards.points[c], cards.strength[c]))
        tail = "is your cheapest card" if card == cheap else "keeps your better cards for later"
        return f"nothing of yours beats {short(cards, best, trump)}: {this} {tail}"
    if trump is not None and cards.suit[card] != trump and any(cards.suit[c] == trump for c in plays):
        return f"no {led_name} to follow, and your trumps stay for later: {full(cards, card, trump)} is of least use"
    return f"no {led_name} to follow: {full(cards, card, trump)} is your least useful card"


def lead_reason(reading: Reading, card: str, plays: list[str], nullo: bool, for_points: bool) -> str:
    """Why lead ``card`` (the hint already names the card: the reason says what it does)."""
    cards = reading.cards
    trump = reading.trump
    suit = cards.suit[card]
    name = cards.suit_names[suit]
    if nullo:
        higher = sum(1 for c in reading.unseen if cards.suit[c] == suit and cards.strength[c] > cards.strength[card])
        if higher:
            return f"a low lead: {higher} higher {name} are still out to take the trick"
        return "nothing higher is out, so it will take the trick: the least bad lead"
    if reading.is_master(card):
        if suit == trump:
            return "draws trumps with the highest trump still out"
        if not reading.unseen_in(suit):
            return f"no one else holds {name}: it takes the trick"
        return f"the highest {name} still out: it should take the trick"
    if suit == trump:
        return "a trump lead, to draw the others' trumps"
    if for_points and cards.points[card] == 0:
        return "a lead that gives no points away"
    length = reading.suit_count(plays, suit)
    longest = max(reading.suit_count(plays, cards.suit[c]) for c in plays)
    if length == longest and length >= 3:
        return f"low from your longest suit ({length} {name}): your high cards stay for later"
    return f"a low {name} lead: your high cards stay for later tricks"
