"""Tryce bots: a normal bot that plays the contract like a careful person, and an easy one.

A bot sees only its seat's view: its hand, the melds on the table (``public.melds``: kind and
what each card stands for), the discard pile and the public facts. It reads the legal actions
as :class:`rules.view.Move` values (kind, card, value, target) and never parses action texts.

The normal bot (:class:`TryceNormalBot`):

- plans with :class:`rules.games.tryce.finder.Finder`: the disjoint melds that complete most of
  what the contract still needs, then use most cards;
- takes the top discard when it completes a part or extends a planned meld (or, short of a part,
  brings one a card nearer), and only if the hand is strictly better for it: the card it would then
  throw is another one and the cards kept are worth more (else sells it: a card taken only to be
  thrown back would go round the table for ever);
- buys a card for sale when it completes a part and the hand is not already swollen; in hand 7
  (four words, 15+ cards) it buys any useful letter until it holds enough cards;
- melds each contract part as soon as it is ready (not in pat hands), issuing the steps one by
  one across successive ``choose`` calls (``meld <kind>``, each ``add``, ``commit``); lays off
  cards no planned meld needs once it may, replaces jokers the same way, and goes down when it
  can; in pat hands it stages the whole contract only when the hand can all go down at once;
- discards the card least useful to any planned meld: deadwood of the fewest prospects, the
  high-valued first as the hand gets late.

A step that turns out illegal (the plan misread the table) is cancelled and that meld is not
tried again this turn; a turn that runs long just discards. The fallback is a uniformly random
legal action, never a build step (so a bot never cycles add/remove).

The easy bot (:class:`TryceEasyBot`) is the normal bot with human weaknesses: it knows only part of
the dictionary, overlooks some lay-offs on others' melds (never its own, nor any when nearly out),
buys only what obviously helps (a card that completes a part; in a pat hand too short to go down, a
good letter) and now and then a card on a whim, and now and then throws away a useful card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.bots import Advice, Bot
from rules.cards import Deck
from rules.melds import ACE_LOW, END, GROUP, REPLACE, RUN, START, WORD, Meld, MeldDeck
from rules.view import Move, View

from . import reasons, refusals
from .facts import MeldFacts, TryceFacts
from .finder import Contract, Finder, LayOffOption, Option, Plan, word_index
from .procedure import CUT, DRAW, MELD, SALE, TryceAction

# How good a letter is to keep for words (English letter use; the rare ones lowest).
LETTER_WORTH = {
    ch: w
    for w, letters in ((6, "E"), (5, "AIOST"), (4, "RNL"), (3, "UDCMHP"), (2, "GBYF"), (1, "WKV"), (0, "XZJQ"))
    for ch in letters
}
PAT_TARGET = 16  # hand 7: cards worth holding for four words (15 at least)
TURN_STEPS = 80  # building steps one turn may take before the bot just discards
TAKE_MARGIN = 6.0  # how much better than a blind stock card the top discard must be to take it
WATCHFUL = 3  # cards in hand at which even the easy bot looks over every meld for a lay-off
LONG_HAND = 40  # rounds after which a bot stops taking discards (every seat taking and
# discarding the same card would go round for ever; drawing from the stock ends the hand)


@dataclass(frozen=True)
class Step:
    """One planned building step, matched to a legal move by its kind and card text."""

    kind: str  # meld, extend, add, commit, swap
    card: str | None = None
    value: str | None = None  # the meld kind, or a joker's vowel
    target: str | None = None
    end: str = END


class Table:
    """What the bot's seat can see, in the engine's int cards: its hand and the melds laid."""

    def __init__(self, bot: TryceNormalBot, view: View) -> None:
        deck = bot.deck
        me = view.seat
        self.me = me
        facts = TryceFacts.of(view)
        self.facts = facts
        self.phase = facts.phase
        self.pat = facts.pat
        self.hand_no = facts.hand_no
        taken: list[int] = []

        def parse(texts: Sequence[str | None]) -> list[int]:
            out = []
            for text in texts:
                if text is None:
                    continue
                card = deck.parse(text, taken)
                taken.append(card)
                out.append(card)
            return out

        self.hand = parse(view.zones.get(f"hand/{me}", ()))
        self.build = parse(view.zones.get(f"build/{me}", ()))
        self.melds: dict[str, Meld] = {}
        for zone, info in facts.melds.items():
            cards = parse(view.zones.get(zone, ()))
            meld = meld_from(info, cards)
            if meld is not None:
                self.melds[zone] = meld
        pile = parse(view.zones.get("discard", ()))
        self.top = pile[0] if pile else None
        self.seen = set(taken)  # every card this seat sees: its hand and build, the melds, the pile
        self.stock = len(view.zones.get("stock", ()))
        contract = facts.contract
        laid = facts.laid[me]
        self.contract = Contract(contract.groups, contract.runs, contract.words)
        self.need = Contract(
            *(max(0, n - int(laid.get(kind, 0))) for n, kind in zip(self.contract, (GROUP, RUN, WORD), strict=True))
        )
        self.may_lay_off = not self.pat and facts.first_meld_turn[me]
        self.turn_no = facts.turn_no
        self.players = view.players
        self.dealt = int(facts.board_row.get("cards", len(self.hand)))
        self.building = facts.building
        self.staged = bool(facts.staged)


def meld_from(info: MeldFacts, cards: list[int]) -> Meld | None:
    """A meld on the table from its public facts (kind, first rank value, letters) and its cards."""
    kind = info.kind
    if kind == WORD:
        stands = info.stands
        return Meld(WORD, tuple(cards), stands) if len(stands) == len(cards) else None
    first = info.first
    if first is None:
        return None
    if kind == RUN:
        return Meld(RUN, tuple(cards), tuple(range(int(first), int(first) + len(cards))))
    if kind == GROUP:
        return Meld(GROUP, tuple(cards), (int(first),) * len(cards))
    return None


class TryceNormalBot(Bot):
    """Plays the contract: plans melds, takes and buys what helps, melds early, lays off, goes down."""

    level = "normal"
    vocabulary = 100  # per cent of the dictionary's words the bot thinks of
    miss_lay_off = 0.0  # chance of overlooking a lay-off
    careless_discard = 0.0  # chance of discarding its second choice of card
    whim_buy = 0.0  # chance of buying a card for sale it does not need (the easy bot's habit)
    take_threshold = 2  # cards more in the plan that make the top discard worth taking
    take_samples = 6  # stock cards imagined to judge the top discard against (0: a fixed bar)
    plan_cache = 256  # plans kept (by hand and contract) before the cache starts afresh
    effort = 250_000  # word-search nodes one solve of the planner may spend (about 60 ms; rarely reached)

    def __init__(self, game_id: str, seat: int, seed: int | None = None) -> None:
        super().__init__(game_id, seat, seed)
        self.deck: Deck | None = None
        self.finder: Finder | None = None
        self.script: list[Step] = []
        self.turn_key: tuple[int, int, int] | None = None
        self.failed: set[tuple[str, tuple[int, ...]]] = set()
        self.steps = 0
        self._plans: dict[tuple, Plan] = {}
        self.why = ""  # the reason for the move ``choose`` just made (for a hint)
        self.script_why = ""  # the reason for the meld or lay-off being built
        word_index()  # the dictionary's index, built once per process (about 0.3 s), not in a move

    # ----------------------------------------------------------------- setup
    def _setup(self, view: View) -> None:
        if self.deck is not None:
            return
        from rules.registry import load_game

        from .tables import JOKER

        game = load_game(view.game)
        self.deck = game.deck(view.variant)
        meld_deck = MeldDeck.from_deck(self.deck, game.config.scoring["rank_order"], wild=(JOKER,))
        table = game.config.scoring["values"]
        values = [int(table["JK"]) if meld_deck.wild[f.card] else int(table[str(f.rank)]) for f in self.deck.faces]
        self.finder = Finder(meld_deck, values, effort=self.effort)
        if self.vocabulary < 100:
            self.finder.forget(self.vocabulary, self.seat)

    def plan(self, cards: Sequence[int], need: Contract, pat: bool) -> Plan:
        key = (tuple(sorted(cards)), need, pat)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > self.plan_cache:
                self._plans.clear()
            found = self.finder.solve(cards, need, short=1 if pat else 0)
            if not self.finder.cut_short:  # a plan cut short by the clock is not kept
                self._plans[key] = found
        return found

    # ----------------------------------------------------------------- choose
    def choose(self, view: View) -> str:
        self.why = ""
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        self._setup(view)
        table = Table(self, view)
        key = (view.deal, table.hand_no, table.turn_no)
        if key != self.turn_key:
            self.turn_key, self.script, self.failed, self.steps = key, [], set(), 0
        phase = table.phase
        choice: str | None = None
        if phase == CUT:
            choice = self._cut(view, table)
        elif phase == SALE:
            choice = self._buy(view, table)
        elif phase == DRAW:
            choice = self._draw(view, table)
        elif phase == MELD:
            choice = self._meld(view, table)
        if choice in legal:
            return choice
        self.why = ""
        return self._fallback(view)

    def advise(self, view: View) -> Advice:
        """The move this bot would make and why, in a player's words ("the word OVATE is the last
        part your contract needs", "the 7 of Hearts fits the group of 7s")."""
        action = self.choose(view)
        return Advice(action, self.why or self.plain_why(view, action))

    def plain_why(self, view: View, action: str) -> str:
        """The reason of a move the plan gives none for (taking back a build, a cut, a fallback)."""
        kind = next((m.kind for m in view.actions if m.text == action), action.split()[0])
        if len(view.legal) == 1:
            return "the only move allowed now"
        return {
            "cancel": "the cards laid out make no meld you can use now: they go back to your hand",
            "cut": "no cut is better than another: nobody knows the cards",
            "commit": "the meld is complete: lay it down",
            "discard": "it fits none of your plans",
        }.get(kind, "the move that keeps your plan for the contract")

    def name(self, card: int) -> str:
        return reasons.card_name(self.deck, card)

    def _gain(self, hand: Sequence[int], card: int, need: Contract, pat: bool) -> Option | None:
        """The planned meld ``card`` joins when added to ``hand``, if any."""
        for option in self.plan(list(hand) + [card], need, pat).melds:
            if card in option.cards:
                return option
        return None

    def _fallback(self, view: View) -> str:
        """A random legal action, but never a build step: cancel a build, else discard."""
        moves = list(view.actions)
        for kinds in (("cancel",), ("discard",), ("take", "sell", "draw", "pass", "cut")):
            pick = [m.text for m in moves if m.kind in kinds]
            if pick:
                return pick[int(self.rng.random() * len(pick))]
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    # ----------------------------------------------------------- evaluation
    def worth(self, cards: Sequence[int], need: Contract, pat: bool) -> float:
        """How promising ``cards`` are for ``need``: parts the best plan completes, cards it uses,
        and (short of a part) how near the leftovers come to one."""
        plan = self.plan(cards, need, pat)
        if pat:
            return 100.0 * plan.parts - 12.0 * (len(cards) - plan.used)
        left_need = Contract(
            need.groups - sum(o.kind == GROUP for o in plan.melds),
            need.runs - sum(o.kind == RUN for o in plan.melds),
            need.words - sum(o.kind == WORD for o in plan.melds),
        )
        used = plan.cards()
        rest = [c for c in cards if c not in used]
        return 100.0 * plan.parts + 4.0 * plan.used + self.near(rest, left_need)

    def near(self, rest: Sequence[int], need: Contract) -> float:
        """How near the cards ``rest`` come to the parts ``need`` still wants."""
        d = self.finder.deck
        jokers = sum(1 for c in rest if d.wild[c])
        score = 0.0
        if need.groups:
            ranks = Counter(d.value[c] for c in rest if not d.wild[c])
            best = max(ranks.values(), default=0) + jokers
            score += 25.0 if best >= 2 else 0.0
        if need.runs:
            best = 0
            by_suit: dict[int, set[int]] = {}
            for c in rest:
                if not d.wild[c]:
                    places = by_suit.setdefault(d.suit[c], set())
                    places.add(d.value[c])
                    if d.value[c] == d.top:
                        places.add(ACE_LOW)
            for places in by_suit.values():
                for lo in range(ACE_LOW, d.top - 2):
                    best = max(best, sum(1 for v in range(lo, lo + 4) if v in places))
            best += jokers
            score += 25.0 if best >= 3 else 8.0 if best >= 2 else 0.0
        if need.words:
            letters = sum(LETTER_WORTH.get(d.letter[c], 0) for c in rest if not d.wild[c]) + 5 * jokers
            score += min(20.0, letters * 0.8)
        return score

    def card_keep(self, table: Table, card: int, rest: Sequence[int], need: Contract) -> float:
        """How much ``card`` (outside every planned meld) is worth keeping among ``rest``."""
        d = self.finder.deck
        if d.wild[card]:
            return 1000.0
        keep = 0.0
        if need.groups:
            keep += 12.0 * sum(1 for c in rest if c != card and not d.wild[c] and d.value[c] == d.value[card])
        if need.runs:
            v = d.value[card]
            near = {d.value[c] for c in rest if c != card and not d.wild[c] and d.suit[c] == d.suit[card]}
            keep += 5.0 * sum(
                1 for u in near if 0 < abs(u - v) <= 2 or (v == d.top and u <= 2) or (u == d.top and v <= 2)
            )
        if need.words:
            keep += LETTER_WORTH.get(d.letter[card], 0)
        if table.may_lay_off or table.need.parts == 0:
            if any(True for _ in self.finder.lay_offs([card], table.melds, pairs=False)):
                keep += 8.0
        late = min(1.0, table.turn_no / (4.0 * table.players))
        return keep - (0.2 + 0.8 * late) * self.finder.values[card] / 2.0

    # -------------------------------------------------------------- phases
    def _cut(self, view: View, table: Table) -> str | None:
        target = table.players * table.dealt + 1
        cuts = [m for m in view.actions if m.kind == TryceAction.CUT]
        if not cuts:
            return None
        return min(cuts, key=lambda m: abs(int(m.value or 0) - target)).text

    def _buy(self, view: View, table: Table) -> str | None:
        sale = table.facts.sale
        for_sale = sale.for_sale if sale is not None else None
        if for_sale is None:
            return _move(view, "pass")
        card = self.deck.parse(for_sale, table.hand + table.build)
        if self.wants_to_buy(table, card):
            if self.why:  # a buy on a whim says so
                return _move(view, "buy")
            need = table.contract if table.pat else table.need
            option = self._gain(table.hand, card, need, table.pat) if need.parts else None
            self.why = (
                f"{self.name(card)} fits {reasons.option_name(self.deck, option)}"
                if option is not None
                else f"the hand is short of cards for the contract: {self.name(card)} and a stock card help"
            )
            return _move(view, "buy")
        need = table.contract if table.pat else table.need
        if need.parts == 0:
            self.why = "your contract is down: more cards only cost points when the hand ends"
        else:
            self.why = f"{self.name(card)} fits no planned meld: not worth two more cards in hand"
        return _move(view, "pass")

    def wants_to_buy(self, table: Table, card: int) -> bool:
        """Whether to buy the card for sale: by need (:meth:`needs`), else now and then on a whim."""
        need = table.contract if table.pat else table.need
        if need.parts == 0:
            return False
        if self.needs(table, card):
            return True
        if self.whim_buy and self.rng.random() < self.whim_buy:
            self.why = f"{self.name(card)} fits no planned meld, but another card may come in handy"
            return True
        return False

    def needs(self, table: Table, card: int) -> bool:
        """Whether the card for sale is worth its price (it and a stock card in hand) to the contract."""
        hand, need, pat = table.hand, table.contract if table.pat else table.need, table.pat
        if pat:
            least = 4 * need.words - 1  # cards the contract takes at least (one word of 3)
            d = self.finder.deck
            if len(hand) + 1 < least:  # the turn's draw will not be enough: buy any useful letter
                return d.wild[card] or LETTER_WORTH.get(d.letter[card], 0) >= 2
            if len(hand) + 1 < max(least + 1, PAT_TARGET) and need.words >= 4:
                return self.worth(hand + [card], need, pat) > self.worth(hand, need, pat) + 4
        before, after = self.plan(hand, need, pat), self.plan(hand + [card], need, pat)
        if len(hand) + 1 < fewest(need) + 1:  # too few cards for the rest of the contract
            return self.worth(hand + [card], need, pat) > self.worth(hand, need, pat)
        return after.parts > before.parts and len(hand) <= table.dealt + 1

    def _draw(self, view: View, table: Table) -> str | None:
        take, sell, draw = _move(view, "take"), _move(view, "sell"), _move(view, "draw")
        if take is None:
            return draw or sell
        if sell is None:
            return take
        card = table.top
        if card is None:
            return sell
        if self.wants_to_take(table, card):
            need = table.contract if table.pat else table.need
            option = self._gain(table.hand, card, need, table.pat) if need.parts else None
            if option is not None:
                self.why = f"{self.name(card)} fits {reasons.option_name(self.deck, option)}"
            elif need.parts == 0:
                self.why = f"{self.name(card)} lays off on a meld on the table"
            else:
                self.why = f"{self.name(card)} helps your plan more than an unknown stock card would"
            return take
        self.why = f"{self.name(card)} fits nothing you plan: a stock card is as likely to help"
        return sell

    def wants_to_take(self, table: Table, card: int) -> bool:
        """Whether to take the top discard ``card``: it must help (:meth:`helps`) and strictly improve
        the hand: the card this bot would then throw is another one, and the hand left is worth more
        (else every seat could take and throw back the same card round the table)."""
        if not self.helps(table, card):
            return False
        return self.improves(table, card)

    def improves(self, table: Table, card: int) -> bool:
        """Whether taking ``card`` and throwing the card this bot would then throw leaves a better hand."""
        d = self.finder.deck
        need = table.contract if table.pat else table.need
        if need.parts == 0 or d.wild[card]:
            return True
        held = table.hand + [card]
        if table.pat:
            plan = self.plan(held, need, True)
            if plan.parts == need.parts and plan.used == len(held):
                return True  # the whole hand goes down at once
        thrown, _ = self.discard_pick(table, held, held)
        if thrown == card:
            return False
        kept = list(held)
        kept.remove(thrown)
        return self.worth(kept, need, table.pat) > self.worth(table.hand, need, table.pat)

    def helps(self, table: Table, card: int) -> bool:
        """Whether the top discard ``card`` helps the plan enough to think of taking it."""
        hand, pat = table.hand, table.pat
        need = table.contract if pat else table.need
        d = self.finder.deck
        if table.turn_no > LONG_HAND * table.players:
            return False  # a hand going round and round: let the stock run out
        if need.parts == 0:  # contract down: take only what lays off at once
            return table.may_lay_off and bool(self.finder.lay_offs([card], table.melds, pairs=False))
        if d.wild[card]:
            return True
        before, after = self.plan(hand, need, pat), self.plan(hand + [card], need, pat)
        if after.parts > before.parts:
            return True
        if pat:  # covered with the new card: every other uncovered card can go
            return card in after.cards() and (len(hand) + 1 - after.used) < (len(hand) - before.used) + 1
        if card in after.cards() and after.used - before.used >= self.take_threshold:
            return True
        base = self.worth(hand, need, pat)
        gain = self.worth(hand + [card], need, pat) - base
        if not self.take_samples:
            return gain >= 15.0
        unseen = [c for c in range(len(d.wild)) if c not in table.seen]
        if not unseen:
            return gain > 0
        drawn = self.rng.sample(unseen, min(self.take_samples, len(unseen)))
        blind = []
        for c in drawn:
            if blind and self.time_up():
                break
            blind.append(self.worth(hand + [c], need, pat) - base)
        return gain >= sum(blind) / len(blind) + TAKE_MARGIN  # better than a stock card, by enough to show it

    def time_up(self) -> bool:
        """Whether this decision's thinking time is spent (``normal`` has no clock: never)."""
        return False

    # ------------------------------------------------------------------ meld
    def _meld(self, view: View, table: Table) -> str | None:
        self.steps += 1
        if self.script:
            return self._next_step(view)
        if table.building is not None:  # a meld left laid out: why it cannot go down, in the engine's words
            self.why = refusals.build_refused(view) or ""
            return _move(view, "cancel")
        if self.steps > TURN_STEPS:
            return self._discard(view, table)
        if table.pat:
            return self._pat(view, table)
        if table.need.parts > 0:
            started = self._start_contract(view, table)
            if started is not None:
                return started
        laid = self._start_lay_off(view, table)
        if laid is not None:
            return laid
        return self._discard(view, table)

    def _next_step(self, view: View) -> str | None:
        step = self.script.pop(0)
        text = _step_move(view, step)
        if text is None:  # the plan misread the table: take it all back
            self.script = []
            self.why = "the cards laid out make no meld after all: take them back"
            return _move(view, "cancel")
        self.why = self.script_why
        return text

    def _start(self, view: View, steps: list[Step], mark: tuple[str, tuple[int, ...]], why: str = "") -> str | None:
        self.failed.add(mark)  # tried once this turn: never again, whatever happens
        self.script = steps
        self.script_why = why
        return self._next_step(view)

    def _start_contract(self, view: View, table: Table) -> str | None:
        plan = self.plan(table.hand, table.need, False)
        complete = plan.parts == table.need.parts
        for option in sorted(plan.melds, key=lambda o: -len(o)):
            mark = (option.kind, tuple(sorted(option.cards)))
            if mark in self.failed:
                continue
            left = len(table.hand) - len(option)
            if left == 0 and not (complete and len(plan.melds) == 1):
                continue  # a meld may not empty the hand unless it completes the contract
            after = table.need._replace(**{option.kind + "s": table.need.need(option.kind) - 1})
            if 0 < left < fewest(after):
                continue  # the hand would be too small ever to meld the rest (it only grows by buying)
            if _move(view, "meld", value=option.kind) is None:
                continue
            named = reasons.option_name(self.deck, option)
            last = complete and len(plan.melds) == 1
            why = (
                f"{named} is the last part your contract needs"
                if last
                else f"{named} is ready: one part of your contract down"
            )
            return self._start(view, self._meld_steps(option), mark, why)
        return None

    def _meld_steps(self, option: Option) -> list[Step]:
        text = self.deck.text
        steps = [Step("meld", value=option.kind)]
        steps += [Step("add", text(c), v) for c, v in zip(option.cards, option.named, strict=True)]
        return steps + [Step("commit")]

    def _start_lay_off(self, view: View, table: Table) -> str | None:
        if not table.may_lay_off or not table.melds:
            return None
        reserved = self.plan(table.hand, table.need, False).cards() if table.need.parts else set()
        free = [c for c in table.hand if c not in reserved]
        d = self.finder.deck
        if table.need.parts:  # jokers stay for the contract
            free = [c for c in free if not d.wild[c]]
        options = [o for o in self.finder.lay_offs(free, table.melds) if (o.zone, o.cards) not in self.failed]
        options = [o for o in options if not self.overlooks(table, o)]
        me = table.me
        options.sort(
            key=lambda o: (
                -len(o.cards),
                o.zone.split("/")[1] != str(me),
                -sum(self.finder.values[c] for c in o.cards),
                o.how.where == REPLACE,
            )
        )
        for option in options:
            left = len(table.hand) - len(option.cards)
            if table.need.parts and left < fewest(table.need) + 1:
                continue  # keep the cards the rest of the contract takes
            mine = option.zone.split("/")[1] == str(me)
            if any(d.wild[c] for c in option.cards) and left > 1 and not mine:
                continue  # a joker goes on another's meld only to go down
            steps = self._lay_off_steps(option)
            if steps is None:
                continue
            first = steps[0]
            if _step_move(view, first) is None:
                self.failed.add((option.zone, option.cards))
                continue
            target = table.melds.get(option.zone)
            where = reasons.table_meld_name(self.deck, target) if target is not None else option.zone
            cards = reasons.listing([self.name(c) for c in option.cards])
            if option.how.where == REPLACE:
                why = f"{cards} can stand for the joker in {where}, which comes back to your hand"
            else:
                why = f"{cards} fit{'s' if len(option.cards) == 1 else ''} {where}: fewer points left in hand"
            return self._start(view, steps, (option.zone, option.cards), why)
        return None

    def overlooks(self, table: Table, option: LayOffOption) -> bool:
        """Whether this bot fails to notice the lay-off ``option`` (``normal`` never does; no draw)."""
        if not self.miss_lay_off:
            return False
        if option.zone.split("/")[1] == str(table.me) or len(table.hand) <= WATCHFUL:
            return False  # one's own melds, and the table when nearly out, a person checks
        return self.rng.random() < self.miss_lay_off

    def _lay_off_steps(self, option: LayOffOption) -> list[Step] | None:
        text = self.deck.text
        how = option.how
        if how.where == REPLACE:
            return [Step("swap", text(option.cards[0]), target=option.zone)]
        steps = [Step("extend", target=option.zone)]
        steps += [Step("add", text(c), v, end=how.where) for c, v in zip(option.cards, option.named, strict=True)]
        return steps + [Step("commit")]

    def _pat(self, view: View, table: Table) -> str | None:
        if table.staged:  # staged melds with no script: take them back
            return _move(view, "cancel")
        need = table.contract
        plan = self.plan(table.hand, need, True)
        if plan.parts == need.parts and plan.used == len(table.hand):
            mark = ("pat", tuple(sorted(table.hand)))
            if mark not in self.failed:
                ordered = sorted(plan.melds, key=lambda o: -len(o))  # the 3-letter word last
                steps = [s for option in ordered for s in self._meld_steps(option)]
                names = reasons.listing([reasons.option_name(self.deck, o) for o in ordered])
                return self._start(view, steps, mark, f"your whole hand makes {names}: out at once")
        return self._discard(view, table)

    # --------------------------------------------------------------- discard
    def _discard(self, view: View, table: Table) -> str | None:
        discards = {m.card: m.text for m in view.actions if m.kind == "discard"}
        if not discards:
            return _move(view, "cancel")
        hand = [c for c in table.hand if self.deck.text(c) in discards]
        if not hand:
            return None
        best, self.why = self.discard_pick(table, table.hand, hand)
        if self.careless_discard and len(hand) > 1 and self.rng.random() < self.careless_discard:
            # a slip: the card it would throw if its first choice were not there
            best, self.why = self.discard_pick(table, table.hand, [c for c in hand if c != best])
        return discards[self.deck.text(best)]

    def discard_pick(self, table: Table, held: Sequence[int], allowed: Sequence[int]) -> tuple[int, str]:
        """The card of ``allowed`` (all of ``held`` that may go) this bot throws from ``held``, and why."""
        d = self.finder.deck
        need = table.contract if table.pat else table.need
        if need.parts == 0:  # contract down: the highest card that lays off nowhere, never a joker
            best = max(allowed, key=lambda c: (not d.wild[c], self._no_lay_off(table, c), self.finder.values[c]))
            return best, (
                f"your contract is down and {self.name(best)} lays off nowhere: "
                f"of such cards it would cost the most if still held at the end"
            )
        plan = self.plan(held, need, table.pat)
        reserved = plan.cards()
        spare = [c for c in allowed if c not in reserved and not d.wild[c]]
        if spare:
            rest = [c for c in held if c not in reserved]
            left = self._left_need(need, plan)
            best = min(spare, key=lambda c: (self.card_keep(table, c, rest, left), -self.finder.values[c]))
            return best, self.discard_why(table, best, plan, held)
        # every card is planned: of the poorest letters, drop the one whose loss costs the plan least
        naturals = [c for c in allowed if not d.wild[c]] or list(allowed)
        naturals = sorted(naturals, key=lambda c: (LETTER_WORTH.get(d.letter[c], 0), -self.finder.values[c]))[:4]
        best = max(
            naturals, key=lambda c: (self.worth([x for x in held if x != c], need, table.pat), self.finder.values[c])
        )
        return best, f"every card is planned: losing {self.name(best)} costs the plan least"

    def discard_why(self, table: Table, card: int, plan: Plan, held: Sequence[int] | None = None) -> str:
        """Why ``card`` goes: it fits no planned meld; and what the hand keeps (a pair, a planned meld)."""
        d = self.finder.deck
        why = f"{self.name(card)} fits no planned meld"
        if plan.melds:
            return why + "; keeps " + reasons.listing([reasons.option_name(self.deck, o) for o in plan.melds[:2]])
        held = table.hand if held is None else held
        pairs = Counter(d.value[c] for c in held if c != card and not d.wild[c])
        rank, count = max(pairs.items(), key=lambda kv: (kv[1], kv[0]), default=(None, 0))
        if count >= 2:
            other = next(c for c in held if not d.wild[c] and d.value[c] == rank)
            return why + f"; keeps the pair of {reasons.rank_name(self.deck, other)}"
        return why

    def _no_lay_off(self, table: Table, card: int) -> bool:
        return not self.finder.lay_offs([card], table.melds, pairs=False)

    @staticmethod
    def _left_need(need: Contract, plan: Plan) -> Contract:
        return Contract(
            need.groups - sum(o.kind == GROUP for o in plan.melds),
            need.runs - sum(o.kind == RUN for o in plan.melds),
            need.words - sum(o.kind == WORD for o in plan.melds),
        )


class TryceEasyBot(TryceNormalBot):
    """The normal bot with a person's slips: a smaller vocabulary, lay-offs on others' melds
    overlooked, only the obvious buys and now and then one on a whim, now and then its second choice
    of discard; where a beginner would not slip (its own melds, a hand nearly out, a card for sale
    that completes a part) it plays as ``normal``."""

    level = "easy"
    vocabulary = 40
    miss_lay_off = 0.3  # on another's meld, while it holds more than WATCHFUL cards
    careless_discard = 0.3  # its second choice of discard
    whim_buy = 0.1  # besides the cards it needs
    take_threshold = 3
    take_samples = 0

    def needs(self, table: Table, card: int) -> bool:
        """Only the buys anyone sees: a card that completes a part of the contract, or in a pat hand
        too short to go down a letter worth having (the rules say hand 7 must buy)."""
        need = table.contract if table.pat else table.need
        if table.pat:
            d = self.finder.deck
            if len(table.hand) + 1 < 4 * need.words - 1:
                return d.wild[card] or LETTER_WORTH.get(d.letter[card], 0) >= 2
            return False
        before, after = self.plan(table.hand, need, False), self.plan(table.hand + [card], need, False)
        return after.parts > before.parts and len(table.hand) <= table.dealt + 1


def fewest(need: Contract) -> int:
    """The fewest cards the parts ``need`` take (3 a group, 4 a run or a word)."""
    return 3 * need.groups + 4 * need.runs + 4 * need.words


# ------------------------------------------------------------------ moves
def _move(view: View, kind: str, value: str | None = None) -> str | None:
    """The text of the legal move of ``kind`` (and ``value``), if any."""
    for m in view.actions:
        if m.kind == kind and (value is None or m.value == value):
            return m.text
    return None


def _step_move(view: View, step: Step) -> str | None:
    """The legal move that does ``step``, if any (read from the moves' kind, card, value, target)."""
    moves: list[Move] = [m for m in view.actions if m.kind == step.kind]
    if step.kind == "meld":
        moves = [m for m in moves if m.value == step.value]
    elif step.kind == "extend":
        moves = [m for m in moves if m.target == step.target]
    elif step.kind == "swap":
        moves = [m for m in moves if m.card == step.card and m.target == step.target]
    elif step.kind == "add":
        moves = [m for m in moves if m.card == step.card and m.value == step.value]
        ends = [m for m in moves if m.end in (START, END)]
        if ends:  # the moves say which end they add to
            moves = [m for m in ends if m.end == step.end]
        elif len(moves) > 1:  # the end first, then the start (the order the procedure lists them)
            moves = moves[1:] if step.end == START else moves[:1]
        elif step.end == START:
            moves = []
    return moves[0].text if moves else None
