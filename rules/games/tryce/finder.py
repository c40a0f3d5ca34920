"""Tryce's meld finder: the melds a hand can make, the best melds towards a contract, lay-offs.

Everything works on the engine's int cards with the tables of ``tables.meld_deck()`` and the
checks of ``rules.melds`` (a found meld is one ``rules.melds.check`` accepts).

Words come from an anagram index over the dictionary (``words.py``), built once, on first use:
each distinct sorted spelling (a *key*) with its words, a 26-bit mask of its letters and its
letter counts packed six bits a letter into one int, so that "can these letters spell it"
is a couple of int operations: ``((have | GUARD) - need) & GUARD == GUARD`` holds exactly when
no letter count goes below zero.  Jokers stand for vowels (A E I O U) only.  Keys are kept
longest first, so the longest words a hand can spell come first; they are also filed by the set
of consonants they use, so a hand's words are found by looking up each set of the consonants it
holds (a few hundred look-ups) instead of checking every key.

The contract solver (:meth:`Finder.solve`) picks disjoint melds — groups and runs first (they
name their cards), words from what is left (any card bearing a letter will do for it) —
completing as many contract parts as it can, then using as many cards as it can.  Words are
chosen by a cover search: branch on the rarest letter still held (each word spelling it, or that
card left out), first aiming at all the words the contract wants with no card left out, then
one card out, and so on; a node budget bounds it.  In pat hands one word may have 3 letters
(``short=1``).

The solver is an anytime search: the best plan found so far is returned when the whole solve has
spent its ``effort`` (word-search nodes, shared by every choice of groups and runs; ``None``: only
the per-cover ``word_budget``) or when the clock passes ``deadline`` (``time.perf_counter``
seconds).  Whatever the limits, the first choice of groups and runs gets ``FLOOR`` nodes of word
search, so a plan is never empty for lack of time.  ``cut_short`` tells whether the last solve
stopped for the clock (its plan may then differ from run to run; the effort limit is the same on
every machine).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rules.melds import ACE_LOW, END, GROUP, REPLACE, RUN, START, WORD, LayOff, Meld, MeldDeck, MeldRules, check
from rules.melds import lay_off as meld_lay_off
from rules.melds import lay_offs as meld_lay_offs

from . import tables, words

VOWELS = "AEIOU"
_SHIFT = 6  # bits a letter's count takes in a packed count (5 for the count, 1 guard)
GUARD = sum(32 << (_SHIFT * i) for i in range(26))
VOWEL_ONES = sum(1 << (_SHIFT * (ord(v) - 65)) for v in VOWELS)
VOWEL_MASK = sum(1 << (ord(v) - 65) for v in VOWELS)
CONSONANT_MASK = ((1 << 26) - 1) & ~VOWEL_MASK
_VOWEL_SHIFTS = tuple(_SHIFT * (ord(v) - 65) for v in VOWELS)
FLOOR = 2000  # word-search nodes the first cover of a solve may always take, past any limit


def pack(letters: Iterable[str]) -> tuple[int, int]:
    """(packed counts, letter mask) of upper-case ``letters``."""
    packed = mask = 0
    for ch in letters:
        i = ord(ch) - 65
        packed += 1 << (_SHIFT * i)
        mask |= 1 << i
    return packed, mask


def fits(have: int, need: int, jokers: int) -> int:
    """How many jokers (as vowels) letters ``need`` take from letters ``have`` (both packed); -1 when
    they cannot be spelt."""
    if ((have | GUARD) - need) & GUARD == GUARD:
        return 0
    if not jokers or (((have + jokers * VOWEL_ONES) | GUARD) - need) & GUARD != GUARD:
        return -1  # a consonant is missing, or more of a vowel than there are jokers
    short = 0
    for s in _VOWEL_SHIFTS:
        gap = ((need >> s) & 31) - ((have >> s) & 31)
        if gap > 0:
            short += gap
    return short if short <= jokers else -1


def take(have: int, need: int) -> int:
    """``have`` less ``need``, vowels missing from ``have`` (taken by jokers) left at zero."""
    if ((have | GUARD) - need) & GUARD == GUARD:
        return have - need
    for s in _VOWEL_SHIFTS:
        gap = ((need >> s) & 31) - ((have >> s) & 31)
        if gap > 0:
            need -= gap << s
    return have - need


class WordIndex:
    """The dictionary as anagram keys, longest first: ``keys[i]`` (sorted letters, upper case),
    ``spellings[i]`` (its words, lower case), ``packs[i]`` and ``masks[i]``; the 3-letter keys
    come last (from ``long_count`` on)."""

    def __init__(self, long_words: Iterable[str], short_words: Iterable[str] = ()) -> None:
        anagrams: dict[str, list[str]] = {}
        for word in long_words:  # the words are kept as given (lower case), shared with the list
            anagrams.setdefault("".join(sorted(word)).upper(), []).append(word)
        keys = sorted(anagrams, key=lambda k: (-len(k), k))
        shorts: dict[str, list[str]] = {}
        for word in short_words:
            shorts.setdefault("".join(sorted(word)).upper(), []).append(word)
        self.long_count = len(keys)
        keys += sorted(shorts)
        anagrams.update(shorts)
        self.keys: tuple[str, ...] = tuple(keys)
        self.spellings: tuple[tuple[str, ...], ...] = tuple(tuple(sorted(anagrams.pop(k))) for k in keys)
        packed = [pack(k) for k in keys]
        self.packs: tuple[int, ...] = tuple(p for p, _ in packed)
        self.masks: tuple[int, ...] = tuple(m for _, m in packed)
        self.lengths: tuple[int, ...] = tuple(len(k) for k in keys)
        by_consonants: dict[int, list[int]] = {}  # the keys by the set of consonants they use
        for i, m in enumerate(self.masks):
            by_consonants.setdefault(m & CONSONANT_MASK, []).append(i)
        self.by_consonants: dict[int, tuple[int, ...]] = {m: tuple(ks) for m, ks in by_consonants.items()}

    def is_short(self, i: int) -> bool:
        return i >= self.long_count

    def spellable(self, letters: Iterable[str], jokers: int = 0, short: bool = False) -> list[int]:
        """Indexes of the keys ``letters`` plus ``jokers`` (vowels) can spell, longest first
        (3-letter keys last, only when ``short``)."""
        have, mask = pack(letters)
        size = sum((have >> (_SHIFT * i)) & 31 for i in range(26)) + jokers
        boosted = ((have + jokers * VOWEL_ONES) | GUARD) if jokers else (have | GUARD)
        packs, lengths, by_consonants = self.packs, self.lengths, self.by_consonants
        end = len(self.keys) if short else self.long_count
        found = []
        held = mask & CONSONANT_MASK
        sub = held
        while True:  # every set of the consonants held: the keys using exactly those
            for i in by_consonants.get(sub, ()):
                if (
                    lengths[i] <= size
                    and i < end
                    and (boosted - packs[i]) & GUARD == GUARD
                    and (not jokers or fits(have, packs[i], jokers) >= 0)
                ):
                    found.append(i)
            if sub == 0:
                break
            sub = (sub - 1) & held
        found.sort()
        return found


_INDEX: WordIndex | None = None


def word_index() -> WordIndex:
    """The dictionary's anagram index, built on the first call (about 0.3 s; see bench/tryce_bots.py)."""
    global _INDEX
    if _INDEX is None:
        words.words_count()  # reads the list once
        _INDEX = WordIndex(words._words or (), words._short or ())
    return _INDEX


class Contract(NamedTuple):
    """The melds a contract still needs, by kind."""

    groups: int = 0
    runs: int = 0
    words: int = 0

    @property
    def parts(self) -> int:
        return self.groups + self.runs + self.words

    def need(self, kind: str) -> int:
        return {GROUP: self.groups, RUN: self.runs, WORD: self.words}[kind]


@dataclass(frozen=True)
class Option:
    """A meld the hand can make: its kind, its cards in the order they are laid (a run low to high,
    a word as it reads), the vowel named for each joker of a word (``None`` elsewhere)."""

    kind: str
    cards: tuple[int, ...]
    named: tuple[str | None, ...]
    value: int

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class Plan:
    """Disjoint melds towards a contract: how many parts they complete, cards used, their value."""

    melds: tuple[Option, ...] = ()
    parts: int = 0
    used: int = 0
    value: int = 0

    @property
    def score(self) -> tuple[int, int, int]:
        return (self.parts, self.used, self.value)

    def cards(self) -> set[int]:
        return {c for m in self.melds for c in m.cards}


@dataclass(frozen=True)
class LayOffOption:
    """Cards of the hand that may go on the meld in ``zone`` as ``how`` says (``named``: a vowel for
    each card, for jokers on a word)."""

    zone: str
    cards: tuple[int, ...]
    how: LayOff
    named: tuple[str | None, ...] = ()


def tryce_rules(short: bool = False) -> MeldRules:
    """Tryce's meld rules (``short``: a pat hand's 3-letter word)."""
    if short:
        return MeldRules(word_min=3, is_word=lambda w: words.is_word(w, short=True))
    return MeldRules(is_word=words.is_word)


class Finder:
    """Meld search for one deck: groups, runs and words in a hand, the contract solver, lay-offs."""

    def __init__(
        self,
        deck: MeldDeck | None = None,
        values: Sequence[int] | None = None,
        word_budget: int = 100000,
        effort: int | None = None,
    ) -> None:
        self.deck = deck if deck is not None else tables.meld_deck()
        if values is None:
            config = tables.load_config()
            table = config.scoring["values"]
            faces = tables.deck().faces
            values = [int(table["JK"]) if self.deck.wild[f.card] else int(table[str(f.rank)]) for f in faces]
        self.values = tuple(values)
        self.rules = tryce_rules()
        self.short_rules = tryce_rules(short=True)
        self.word_budget = word_budget
        self.effort = effort  # word-search nodes a whole solve may spend (None: no limit but word_budget)
        self.deadline: float | None = None  # perf_counter time at which a solve returns its best so far
        self.cut_short = False  # the last solve stopped for the clock
        self.spent = 0  # word-search nodes the last solve spent
        self._halt = False
        self._spell_cache: dict[tuple[tuple[str, ...], int, bool], list[int]] = {}
        self._vocabulary: tuple[int, int] | None = None

    def forget(self, percent: int, salt: int = 0) -> None:
        """Think of only some words from now on: about ``percent`` per cent of those of 4 or 5
        letters and fewer of the longer ones, a fixed choice per ``salt`` (a weaker player's
        vocabulary)."""
        self._vocabulary = (percent, salt)
        self._spell_cache.clear()

    def _knows(self, i: int) -> bool:
        percent, salt = self._vocabulary  # type: ignore[misc]
        share = percent if self.index.lengths[i] <= 5 else percent * 0.6
        return ((i + 7919 * salt) * 2654435761 % 1000) < share * 10

    @property
    def index(self) -> WordIndex:
        return word_index()

    # ------------------------------------------------------------------ words
    def spellable(self, cards: Sequence[int], short: bool = False) -> list[int]:
        """Keys of the words ``cards`` can spell (cached per letters and jokers)."""
        d = self.deck
        letters = tuple(sorted(d.letter[c] for c in cards if not d.wild[c]))
        jokers = sum(1 for c in cards if d.wild[c])
        key = (letters, jokers, short)
        found = self._spell_cache.get(key)
        if found is None:
            if len(self._spell_cache) > 512:
                self._spell_cache.clear()
            found = self.index.spellable(letters, jokers, short)
            if self._vocabulary is not None:
                found = [i for i in found if self._knows(i)]
            self._spell_cache[key] = found
        return found

    def word_option(self, word: str, cards: Sequence[int]) -> Option | None:
        """``word`` spelt with ``cards`` (the highest-valued card for each letter, jokers for missing
        vowels), or ``None``."""
        d = self.deck
        pool: dict[str, list[int]] = {}
        jokers = []
        for c in sorted(cards, key=lambda c: -self.values[c]):
            if d.wild[c]:
                jokers.append(c)
            else:
                pool.setdefault(d.letter[c], []).append(c)
        laid: list[int] = []
        named: list[str | None] = []
        for ch in word.upper():
            if pool.get(ch):
                laid.append(pool[ch].pop(0))
                named.append(None)
            elif ch in VOWELS and jokers:
                laid.append(jokers.pop())
                named.append(ch)
            else:
                return None
        return Option(WORD, tuple(laid), tuple(named), sum(self.values[c] for c in laid))

    def words(self, cards: Sequence[int], short: bool = False, limit: int = 50) -> list[Option]:
        """Words ``cards`` can spell, longest first (one spelling per set of letters)."""
        index = self.index
        out = []
        for i in self.spellable(cards, short)[:limit]:
            option = self.word_option(index.spellings[i][0], cards)
            if option is not None:
                out.append(option)
        return out

    # ---------------------------------------------------------- groups, runs
    def groups(self, cards: Sequence[int]) -> list[Option]:
        """Groups in ``cards``: per rank every natural card (jokers added up to 3), and each three of
        a rank held four or more times."""
        d, values = self.deck, self.values
        jokers = [c for c in cards if d.wild[c]]
        by_rank: dict[int, list[int]] = {}
        for c in cards:
            if not d.wild[c]:
                by_rank.setdefault(d.value[c], []).append(c)
        out = []
        for rank in sorted(by_rank, reverse=True):
            naturals = by_rank[rank]
            pad = max(0, 3 - len(naturals))
            if pad > len(jokers):
                continue
            chosen = [tuple(naturals) + tuple(jokers[:pad])]
            if len(naturals) >= 4:
                chosen += [trio for trio in _threes(naturals)]
            for laid in chosen:
                out.append(Option(GROUP, laid, (None,) * len(laid), sum(values[c] for c in laid)))
        return out

    def runs(self, cards: Sequence[int]) -> list[Option]:
        """Runs in ``cards``: per suit, every stretch of 4+ places whose ends are natural cards (or of
        4 exactly), gaps filled by jokers; longest first."""
        d, values = self.deck, self.values
        jokers = [c for c in cards if d.wild[c]]
        top = d.top
        by_suit: dict[int, dict[int, int]] = {}
        for c in sorted(cards, key=lambda c: -values[c]):
            if d.wild[c]:
                continue
            places = by_suit.setdefault(d.suit[c], {})
            places.setdefault(d.value[c], c)
            if d.value[c] == top:
                places.setdefault(ACE_LOW, c)
        out = []
        for suit in sorted(by_suit):
            at = by_suit[suit]
            for lo in range(ACE_LOW, top + 1):
                missing = 0
                for hi in range(lo, top + 1):
                    if hi not in at:
                        missing += 1
                        if missing > len(jokers):
                            break
                    size = hi - lo + 1
                    if size < 4 or (lo == ACE_LOW and hi == top):
                        continue
                    if size > 4 and (lo not in at or hi not in at):
                        continue
                    wild = iter(jokers)
                    laid = tuple(at[v] if v in at else next(wild) for v in range(lo, hi + 1))
                    if len(set(laid)) != len(laid):
                        continue
                    if check(RUN, d, laid, self.rules) is None:
                        continue
                    out.append(Option(RUN, laid, (None,) * size, sum(values[c] for c in laid)))
        out.sort(key=lambda o: (-len(o), -o.value))
        return out

    # --------------------------------------------------------------- solver
    def solve(self, cards: Sequence[int], need: Contract, short: int = 0, limit: int = 16) -> Plan:
        """The best disjoint melds ``cards`` make towards ``need``: most contract parts, then most
        cards, then most points. ``short``: how many of the words may have 3 letters (pat hands: 1).
        ``limit``: the group and run options tried per kind."""
        cards = tuple(cards)
        self.spent, self._halt, self.cut_short = 0, False, False
        kinds = [(self.groups, need.groups), (self.runs, need.runs)]
        selections: list[tuple[Option, ...]] = [()]
        for find, count in kinds:
            if count:
                options = find(cards)[:limit]
                selections = [more for chosen in selections for more in _pick(options, count, chosen)]
        cand = self.spellable(cards, short=bool(short)) if need.words else []
        longest = self.index.lengths[cand[0]] if cand else 0
        selections.sort(key=lambda sel: (-len(sel), -sum(len(o) for o in sel)))
        best = Plan()
        for n, chosen in enumerate(selections):
            if n and self._halt:
                break
            used_cards = {c for o in chosen for c in o.cards}
            rest = [c for c in cards if c not in used_cards]
            bound_used = len(used_cards) + min(len(rest), longest * need.words)
            if (len(chosen) + need.words, bound_used) <= best.score[:2]:
                continue
            found = self._best_words(rest, cand, need.words, short, first=not n) if need.words else ()
            melds = chosen + found
            plan = Plan(melds, len(melds), sum(len(o) for o in melds), sum(o.value for o in melds))
            if plan.score > best.score:
                best = plan
        return best

    def _best_words(
        self, cards: Sequence[int], cand: Sequence[int], k: int, short: int, first: bool = False
    ) -> tuple[Option, ...]:
        """Up to ``k`` disjoint words from ``cards`` (keys among ``cand``, longest first): most words,
        then most letters, then fewest jokers. The search stops at the per-cover ``word_budget``, at
        the solve's ``effort`` and ``deadline`` (past ``FLOOR`` nodes when ``first``)."""
        d, index = self.deck, self.index
        have, _ = pack(d.letter[c] for c in cards if not d.wild[c])
        jokers = sum(1 for c in cards if d.wild[c])
        packs, lengths, long_count = index.packs, index.lengths, index.long_count
        size = len(cards)
        ok = [i for i in cand if lengths[i] <= size and fits(have, packs[i], jokers) >= 0]
        best: list = [(0, 0, 0), ()]
        nodes = [0]
        budget = self.word_budget
        masks = index.masks
        effort, deadline, spent = self.effort, self.deadline, self.spent
        if self._halt and not first:
            return ()
        total = [0]  # nodes before the last reset of ``nodes`` (the second aim's fresh start)

        def out_of_budget() -> bool:
            """Whether the search must stop: this cover's budget, else the whole solve's limits."""
            if nodes[0] > budget:
                return True
            if self._halt:
                return not first or total[0] + nodes[0] > FLOOR
            used = spent + total[0] + nodes[0]
            if (effort is not None and used > effort) or (deadline is not None and time.perf_counter() > deadline):
                self._halt = True
                self.cut_short = self.cut_short or effort is None or used <= effort
                return not first or total[0] + nodes[0] > FLOOR
            return False

        limit = [0]
        aim = [True]  # first only k words (each word leaves room for the rest), then the most words

        def cover(
            keys: list[int],
            have: int,
            jokers: int,
            left: int,
            chosen: tuple[int, ...],
            letters: int,
            shorts: int,
            used_jokers: int,
            skips: int,
        ) -> None:
            """Branch on the rarest letter held: each word spelling it, or (at most ``limit`` times)
            leaving one such card out."""
            score = (len(chosen), letters, -used_jokers)
            if score > best[0]:
                best[0], best[1] = score, chosen
            count = len(chosen)
            if count == k or not keys or out_of_budget():
                return
            more = _words_in(left, short - shorts)
            if (min(k, count + more), letters + left) <= best[0][:2] or (aim[0] and count + more < k):
                return
            rarest = next((pair for pair in _RARITY if (have >> pair[0]) & 31), None)
            if rarest is None:
                return  # only jokers left: no word is all jokers
            shift, bit = rarest
            for i in keys:
                if not masks[i] & bit:
                    continue
                size_i = lengths[i]
                is_short = i >= long_count
                if size_i > left or (is_short and shorts >= short):
                    continue
                if aim[0]:
                    after = k - count - 1  # words still to come after this one
                    if size_i > left - 4 * after + min(after, short - shorts - is_short):
                        continue
                gap = fits(have, packs[i], jokers)
                if gap < 0:
                    continue
                rest, spare = take(have, packs[i]), jokers - gap
                nodes[0] += len(keys)
                if out_of_budget():
                    return
                room = left - size_i
                if spare:
                    later = [j for j in keys if lengths[j] <= room and fits(rest, packs[j], spare) >= 0]
                else:
                    guarded = rest | GUARD
                    later = [j for j in keys if lengths[j] <= room and (guarded - packs[j]) & GUARD == GUARD]
                cover(
                    later,
                    rest,
                    spare,
                    left - size_i,
                    chosen + (i,),
                    letters + size_i,
                    shorts + is_short,
                    used_jokers + gap,
                    skips,
                )
            if skips >= limit[0]:
                return
            rest = have - (1 << shift)  # one card of that letter stays out of every word
            nodes[0] += len(keys)
            if jokers:
                later = [j for j in keys if masks[j] & bit == 0 or fits(rest, packs[j], jokers) >= 0]
            else:
                guarded = rest | GUARD
                later = [j for j in keys if masks[j] & bit == 0 or (guarded - packs[j]) & GUARD == GUARD]
            cover(later, rest, jokers, left - 1, chosen, letters, shorts, used_jokers, skips + 1)

        for aiming in (True, False):  # k words, else as many as can be
            aim[0] = aiming
            for skips in range(size + 1):  # every card used, then all but one, ...: the first found wins
                limit[0] = skips
                cover(ok, have, jokers, size, (), 0, 0, 0, 0)
                fewer = size - skips - 1  # the cards a further level can use at most
                if best[0][0] == k or out_of_budget() or best[0][:2] >= (min(k, _words_in(fewer, short)), fewer):
                    break
            if best[0][0] == k or (self._halt and out_of_budget()):
                break
            kept = min(nodes[0], budget // 2)  # what is left of the budget, at least half, for the rest
            total[0] += nodes[0] - kept
            nodes[0] = kept
        self.spent = spent + total[0] + nodes[0]
        out: list[Option] = []
        pool = list(cards)
        for i in best[1]:
            option = self.word_option(index.spellings[i][0], pool)
            if option is None:  # cannot happen: the key fitted these letters
                break
            out.append(option)
            for c in option.cards:
                pool.remove(c)
        return tuple(out)

    # ------------------------------------------------------------- lay-offs
    def lay_offs(self, cards: Sequence[int], table: Mapping[str, Meld], pairs: bool = True) -> list[LayOffOption]:
        """Every way one card of ``cards`` (or, on a word, two) may go on a meld of ``table`` (zone ->
        meld): extending an end or replacing a joker (then laid again at an end)."""
        d = self.deck
        seen: set[tuple] = set()
        out: list[LayOffOption] = []
        for zone, meld in table.items():
            for c in cards:
                face = (d.letter[c], d.value[c], d.suit[c], d.wild[c])
                if (zone, face) in seen:
                    continue
                seen.add((zone, face))
                for how in meld_lay_offs(d, meld, c, self.rules):
                    named = (how.vowel,) if d.wild[c] else (None,)
                    out.append(LayOffOption(zone, (c,), how, named))
            if pairs and meld.kind == WORD:
                out.extend(self._word_pairs(cards, zone, meld))
        return out

    def _word_pairs(self, cards: Sequence[int], zone: str, meld: Meld) -> list[LayOffOption]:
        """Two natural cards at once at one end of word ``meld`` (e.g. -ED, -ER, RE-)."""
        d = self.deck
        naturals = {}
        for c in cards:
            if not d.wild[c]:
                naturals.setdefault(d.letter[c], c)
        out = []
        letters = list(naturals)
        for a in letters:
            for b in letters:
                if a == b:
                    continue
                for where in (START, END):
                    laid = (naturals[a], naturals[b])
                    if meld_lay_off(d, meld, laid, LayOff(where), self.rules) is not None:
                        out.append(LayOffOption(zone, laid, LayOff(where), (None, None)))
        return out

    def replacements(self, cards: Sequence[int], table: Mapping[str, Meld]) -> list[LayOffOption]:
        """The lay-offs of :meth:`lay_offs` that free a joker."""
        return [o for o in self.lay_offs(cards, table, pairs=False) if o.how.where == REPLACE]


_RARITY = tuple((_SHIFT * (ord(ch) - 65), 1 << (ord(ch) - 65)) for ch in "QJKVXZBCFPWYDGMLUHRNSAIOTE")


def _words_in(cards: int, shorts: int) -> int:
    """At most how many words ``cards`` cards make (4 letters each, or 3 for a short one)."""
    if shorts > 0 and cards >= 3:
        return max(cards // 4, 1 + (cards - 3) // 4)
    return cards // 4


def _threes(cards: Sequence[int]) -> list[tuple[int, ...]]:
    n = len(cards)
    return [(cards[a], cards[b], cards[c]) for a in range(n) for b in range(a + 1, n) for c in range(b + 1, n)]


def _pick(options: Sequence[Option], count: int, chosen: tuple[Option, ...]) -> list[tuple[Option, ...]]:
    """Every way to add up to ``count`` of ``options`` to ``chosen``, all cards disjoint."""
    out = [chosen]
    if count <= 0:
        return out
    used = {c for o in chosen for c in o.cards}
    for n, option in enumerate(options):
        if used.isdisjoint(option.cards):
            for more in _pick(options[n + 1 :], count - 1, chosen + (option,)):
                out.append(more)
    return out


__all__ = [
    "END",
    "GROUP",
    "RUN",
    "START",
    "WORD",
    "Contract",
    "Finder",
    "LayOffOption",
    "Option",
    "Plan",
    "WordIndex",
    "fits",
    "pack",
    "take",
    "tryce_rules",
    "word_index",
]
