"""Lessons: a coached first deal of a game, written as data beside the game (``lesson.toml``).

A lesson holds an arranged deal (a seed and dealer, plus the cards of any zone it fixes: the
rest of the deck is dealt as the seed would, each zone keeping its size) and a list of steps.
Each step says something to the player (``say``), may point at something on the table
(``point``: ``zone:hand/0``, ``card:7H``, ``button:Buy``, ``plate:1``, ``status``) and ends in
one of four ways (``until``):

- ``next``: the player reads and presses *Next* (nobody moves meanwhile);
- ``move``: the player makes one of the moves ``expect`` lists (action texts; ``*`` and ``?``
  match as in file names, ``"*"`` alone any legal move); another legal move is not made, and the
  coach answers with ``otherwise``; an illegal one gets the rules' own reason, then ``otherwise``;
- ``your-turn``: the bots play until it is the player's turn again;
- ``deal-over``: the player plays on (any legal move, or those ``expect`` lists) with the bots
  until the deal ends.

While a step other than ``next`` is shown, the bots play: first the moves its ``bots`` lists,
in order, each when it is legal for the seat to act; otherwise the ``normal`` bot. Nothing here
imports pygame: the table's coach reads a :class:`Coach` through a narrow interface (the step's
words and target, a verdict on a move, the bots' scripted move, when a step is over).

A lesson is validated like a rules file: :func:`load_lesson` raises :class:`RulesError` with one
line per problem, and a game whose lesson is broken still plays.
"""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .actions import events_for
from .config import raise_problems, read_toml
from .errors import RulesError
from .schema import Choice, IntRange, ListOf, MapOf, Table, Text, show, validate

if TYPE_CHECKING:
    from .game import Game
    from .state import Action, State

UNTIL = ("next", "move", "your-turn", "deal-over")
POINT_KINDS = ("zone", "card", "button", "plate", "status")
SAY_MAX = 400  # characters a bubble says: short, in the game's words
STEPS_MAX = 80
#: The seat the player takes in a lesson.
PLAYER = 0
#: The shared meld protocol's words (a meld or lay-off built card by card at the table): a build
#: taken back whole is always allowed (the table does it when a step of the build is refused)
#: and takes the coach back to the step where the build began; its card-by-card steps are ``add``.
TAKE_BACK = "cancel"
BUILD_STEP = "add"

_WORDS = Text(SAY_MAX, lines=True, min_len=1)
_MOVE = Text(200, min_len=1)

STEP = Table(
    required={"say": _WORDS},
    optional={
        "title": Text(60),
        "point": Text(80),
        "expect": ListOf(_MOVE, max_len=60),
        "until": Choice(UNTIL),
        "otherwise": Text(SAY_MAX, lines=True),
        "bots": ListOf(_MOVE, max_len=200),
    },
)

SETUP = {
    "variant": Text(40),
    "players": IntRange(2, 8),
    "seed": IntRange(0, 2**47),
    "dealer": IntRange(0, 7),
    "start": Table(optional={"deal": IntRange(1, 1000), "scores": ListOf(IntRange(-100_000, 100_000))}),
    "settings": MapOf(object, "setting"),
    "names": ListOf(Text(24, min_len=1), max_len=8),
    "deal": MapOf(ListOf(Text(20, min_len=1), max_len=200), "zone"),
}
SCENE = Table(required={"step": ListOf(STEP, min_len=1, max_len=STEPS_MAX)}, optional=SETUP)
LESSON = Table(
    required={"title": Text(80, min_len=1)},
    optional={
        **SETUP,
        "step": ListOf(STEP, min_len=1, max_len=STEPS_MAX),
        "scene": ListOf(SCENE, max_len=8),
        "game": Text(40),
        "minutes": IntRange(1, 60),
        "then": Table(optional={"variant": Text(40), "level": Choice(("easy", "normal", "hard"))}),
        "done": _WORDS,
    },
)

DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")
DEFAULT_DONE = "That is the game. Play a real match against gentle bots, or go back to the menu."


@dataclass(frozen=True)
class Step:
    """One thing the coach says, what it points at, and what ends it."""

    say: str
    until: str
    point: str | None = None
    expect: tuple[str, ...] = ()
    otherwise: str = ""
    bots: tuple[str, ...] = ()
    title: str = ""
    scene: int = 0  # the scene (a match of its own) the step belongs to

    @property
    def target(self) -> tuple[str, str] | None:
        """``("zone", "hand/0")``, ``("status", "")``..., or None."""
        if not self.point:
            return None
        kind, _, name = self.point.partition(":")
        return kind, name

    def wants(self, text: str) -> bool:
        """Whether the move written ``text`` is one this step lets the player make."""
        if not self.expect:
            return self.until == "deal-over"
        return any(fnmatch.fnmatchcase(text, pattern) for pattern in self.expect)


@dataclass(frozen=True)
class Scene:
    """One match of a lesson: its variant, players and arranged first deal."""

    variant: str | None = None
    players: int | None = None
    seed: int = 1
    dealer: int | None = None
    start: dict[str, Any] | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    deal: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def seats(self, players: int) -> list[dict[str, Any]]:
        """The player in seat 0, ``normal`` bots around them, named by the lesson."""
        names = [*self.names, *DEFAULT_NAMES[len(self.names) :]]
        return [
            {"name": names[i], "kind": "human"} if i == PLAYER else {"name": names[i], "kind": "bot", "level": "normal"}
            for i in range(players)
        ]

    def new_match(self, game: Game) -> State:
        """The scene's match, its first deal arranged. Raises :class:`RulesError`."""
        players = self.players or game.default_players
        probe = game.new_match(
            players=players,
            variant=self.variant,
            seed=self.seed,
            settings=self.settings,
            dealer=self.dealer,
            start=self.start,
            seats=self.seats(players),
        )
        if not self.deal:
            return probe
        layout = arrange(dict(probe.log[-1]["layout"]), self.deal)
        return game.new_match(
            players=players,
            variant=self.variant,
            seed=self.seed,
            settings=self.settings,
            dealer=probe.dealer,
            start=self.start,
            seats=self.seats(players),
            layouts=[layout],
        )


@dataclass(frozen=True)
class Lesson:
    """A whole lesson, validated: its scenes (each a match), its steps (each naming its scene)
    in order, and what "Play a real match" sets up at its end."""

    game_id: str
    title: str
    scenes: tuple[Scene, ...]
    steps: tuple[Step, ...]
    minutes: int = 10
    then_variant: str | None = None
    then_level: str = "easy"
    done: str = DEFAULT_DONE
    path: str = ""

    def new_match(self, game: Game, scene: int = 0) -> State:
        return self.scenes[scene].new_match(game)


def arrange(dealt: dict[str, list[str]], fixed: dict[str, Sequence[str]]) -> dict[str, list[str]]:
    """The seeded deal ``dealt`` (zone -> card texts) with ``fixed`` zones holding the cards named
    there: those cards leave the zones the seed put them in, and the rest of the deck fills the
    other zones, in the seed's order, each zone keeping its size. Raises :class:`RulesError`."""
    problems = []
    for zone, cards in fixed.items():
        if zone not in dealt:
            problems.append(f"deal.{zone}: no such zone in this game's deal (expected one of {', '.join(dealt)})")
        elif len(cards) != len(dealt[zone]):
            problems.append(f"deal.{zone}: {len(cards)} cards, but the deal puts {len(dealt[zone])} there")
    pool = Counter(card for cards in dealt.values() for card in cards)
    wanted = Counter(card for cards in fixed.values() for card in cards)
    missing = wanted - pool
    if missing:
        problems.append(f"deal: more of {', '.join(sorted(missing))} than the deck has")
    if problems:
        raise RulesError("; ".join(problems), problems=problems)
    seeded = Counter(card for zone, cards in dealt.items() if zone in fixed for card in cards)
    taken = wanted - seeded  # copies the fixed zones take from zones the seed filled
    given = seeded - wanted  # cards the fixed zones give up, to take their places, in the seed's order
    displaced = []
    for zone, cards in dealt.items():
        for card in cards if zone in fixed else ():
            if given[card] > 0:
                given[card] -= 1
                displaced.append(card)
    arranged: dict[str, list[str]] = {}
    for zone, cards in dealt.items():
        if zone in fixed:
            arranged[zone] = list(fixed[zone])
            continue
        arranged[zone] = []
        for card in cards:
            if taken[card] > 0:
                taken[card] -= 1
                card = displaced.pop(0)
            arranged[zone].append(card)
    return arranged


def load_lesson(path: Path, game: Game) -> Lesson:
    """Read and check ``path``, a lesson for ``game``: every problem one line naming its key.
    The arranged deal and the moves the bots are scripted to make are checked by
    :func:`check_lesson` (which plays it through)."""
    data = read_toml(path)
    problems: list[str] = []
    validate(data, LESSON, "", problems)
    raise_problems(path, problems)
    if data.get("game", game.id) != game.id:
        raise_problems(path, [f"game: this lesson is for {show(data['game'])}, not {game.id!r}"])
    if "step" not in data:
        problems.append("step: expected at least one [[step]] (the first scene's)")
    then = data.get("then", {})
    for where, value in (
        ("then.variant", then.get("variant")),
        *(
            (f"scene[{i}].variant" if i else "variant", part.get("variant", data.get("variant")))
            for i, part in enumerate(_parts(data))
        ),
    ):
        if value is not None and value not in game.variants:
            problems.append(f"{where}: unknown {show(value)} (expected one of {', '.join(game.variants)})")
    scenes, steps = [], []
    for number, part in enumerate(_parts(data)):
        setup = {key: part.get(key, data.get(key)) for key in SETUP}
        scenes.append(
            Scene(
                variant=setup["variant"],
                players=setup["players"],
                seed=1 if setup["seed"] is None else setup["seed"],
                dealer=setup["dealer"],
                start=setup["start"],
                settings=dict(setup["settings"] or {}),
                names=tuple(setup["names"] or ()),
                deal={zone: tuple(cards) for zone, cards in (part.get("deal") or {}).items()},
            )
        )
        where = f"scene[{number - 1}].step" if number else "step"
        for i, raw in enumerate(part.get("step", ())):
            until = raw.get("until") or ("move" if raw.get("expect") else "next")
            if until == "move" and not raw.get("expect"):
                problems.append(f"{where}[{i}].expect: a step that waits for a move names the moves it expects")
            point = raw.get("point")
            if point is not None:
                kind, colon, name = point.partition(":")
                if kind not in POINT_KINDS or (kind != "status" and not (colon and name)):
                    problems.append(
                        f"{where}[{i}].point: expected one of zone:NAME, card:CARD, button:LABEL, "
                        f"plate:SEAT or status, got {show(point)}"
                    )
            steps.append(
                Step(
                    raw["say"],
                    until,
                    point,
                    tuple(raw.get("expect", ())),
                    raw.get("otherwise", ""),
                    tuple(raw.get("bots", ())),
                    raw.get("title", ""),
                    number,
                )
            )
    raise_problems(path, problems)
    first = scenes[0]
    return Lesson(
        game_id=game.id,
        title=data["title"],
        scenes=tuple(scenes),
        steps=tuple(steps),
        minutes=data.get("minutes", 10),
        then_variant=then.get("variant", first.variant),
        then_level=then.get("level", "easy"),
        done=data.get("done", DEFAULT_DONE),
        path=str(path),
    )


def _parts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The first scene (the top level's deal and steps) and every ``[[scene]]`` after it."""
    return [data, *data.get("scene", ())]


def lesson_for(game: Game) -> Lesson | None:
    """The lesson ``game``'s spec names (a house-rule game has its base game's), or None; raises
    :class:`RulesError` (one line per problem) when it cannot be read or is broken."""
    spec = game.spec
    reference = getattr(spec, "lesson", None) if spec is not None else None
    if not reference:
        return None
    lesson = load_lesson(spec.resource_path(reference, "lesson"), game)
    check_arranged(lesson, game)
    return lesson


def check_arranged(lesson: Lesson, game: Game) -> None:
    """Every scene's arranged deal is one the game can deal: every card of the deck once, each
    zone its size, the variant and players allowed."""
    for number, scene in enumerate(lesson.scenes):
        try:
            scene.new_match(game)
        except RulesError as exc:
            where = f"scene[{number - 1}]" if number else "(first scene)"
            raise RulesError(f"{lesson.path}: {where}: {exc}", problems=[f"{where}: {exc}"]) from None


class Coach:
    """Where a player is in a lesson, and what the lesson lets happen now.

    The table asks: :attr:`step`; :meth:`verdict` on a move the player tries; :meth:`bots_may_act`
    and :meth:`scripted` for the bots; :meth:`played` after every move; :meth:`settle` when the
    table is at rest; :meth:`next` / :meth:`back` from the bubble's buttons. When a step of the
    next scene comes, :attr:`new_scene` names it: the table starts that scene's match and calls
    :meth:`begin` with it. Each step's start is kept (its scene and the match's record), so
    *Back* can put the table back exactly.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.script_used = 0  # moves of this step's ``bots`` list played so far
        self.finished = False
        self.snapshots: dict[int, tuple[int, dict[str, Any]]] = {}
        self.deals_before = 0  # deals over when the step began
        #: The scene whose match the table must start now (a step of a new scene came), or None.
        self.new_scene: int | None = None
        #: Steps that ended before every move their ``bots`` list scripts was played (a broken lesson).
        self.unplayed: list[int] = []
        #: The player's moves in this scene: (the step it was made in, its first word).
        self.moves: list[tuple[int, str]] = []

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def count(self) -> int:
        return len(self.lesson.steps)

    def begin(self, state: State) -> None:
        """The step's scene's match is at the table (started, or put back by Back)."""
        self.new_scene = None
        self.moves = []
        self.deals_before = len(state.deal_results)
        self.snapshots[self.index] = (self.step.scene, state.to_record())

    def verdict(self, action: Action | str, why: str | None = None) -> str | None:
        """None when the player may make ``action`` now; else what the coach says instead (the
        rules' reason ``why`` for an illegal move first, then the lesson's advice)."""
        if self.finished:
            return None
        step = self.step
        text = action if isinstance(action, str) else action.text
        if why is not None:
            return " ".join(p for p in (why, step.otherwise) if p)
        if step.until == "next":
            return "Read the coach first, then press Next."
        if step.until == "your-turn":
            return "Wait for the others to play; the coach goes on at your turn."
        if step.wants(text) or text.split(" ", 1)[0] == TAKE_BACK:
            return None
        return step.otherwise or "Not that move now: this step asks for " + self._wanted() + "."

    def _wanted(self) -> str:
        return " or ".join(f"'{p}'" for p in self.step.expect[:3]) or "another move"

    def bots_may_act(self) -> bool:
        return self.finished or (self.new_scene is None and self.step.until != "next")

    def scripted(self, state: State) -> str | None:
        """The next move this step scripts for the bot to act, if it is legal now; else None
        (the bot plays its own move)."""
        bots = self.step.bots
        if self.finished or self.script_used >= len(bots) or state.current_player in (None, PLAYER):
            return None
        text = bots[self.script_used]
        return text if text in {a.text for a in state.legal_actions()} else None

    def played(self, state: State, seat: int, text: str) -> None:
        """A move was made: a scripted bot move is used up; the player's expected move ends a
        ``move`` step."""
        if self.finished:
            return
        step = self.step
        if seat != PLAYER and self.script_used < len(step.bots) and step.bots[self.script_used] == text:
            self.script_used += 1
            return
        if seat != PLAYER:
            return
        word = text.split(" ", 1)[0]
        if word == TAKE_BACK:
            self._rewind(state)
            return
        self.moves.append((self.index, word))
        if step.until == "move" and step.wants(text):
            self._advance(state)

    def _rewind(self, state: State) -> None:
        """A build taken back whole (its cards back in the hand): the coach goes back to the
        step at which the build began (the player's last move that was not one of its ``add``
        steps), with the match as it is now."""
        while self.moves:
            index, word = self.moves.pop()
            if word != BUILD_STEP:
                if index < self.index:
                    self.index = index
                    self.script_used = 0
                    self.deals_before = len(state.deal_results)
                    self.snapshots[index] = (self.step.scene, state.to_record())
                    for later in [i for i in self.snapshots if i > index]:
                        del self.snapshots[later]
                return

    def settle(self, state: State) -> bool:
        """The table is at rest: end a step waiting for the player's turn or the deal's end (or
        one whose deal ended under it). Returns whether the step changed."""
        if self.finished or self.new_scene is not None:
            return False
        until = self.step.until
        over = state.is_over or len(state.deal_results) > self.deals_before
        if (until == "your-turn" and state.current_player == PLAYER) or (until != "next" and over):
            self._advance(state)
            return True
        return False

    def next(self, state: State) -> None:
        """*Next* on a step the player reads."""
        if not self.finished and self.new_scene is None and self.step.until == "next":
            self._advance(state)

    def _advance(self, state: State) -> None:
        if self.script_used < len(self.step.bots):
            self.unplayed.append(self.index)
        self.script_used = 0
        if self.index + 1 >= len(self.lesson.steps):
            self.finished = True
            return
        scene = self.step.scene
        self.index += 1
        if self.step.scene != scene:
            self.new_scene = self.step.scene
            return
        self.deals_before = len(state.deal_results)
        self.snapshots[self.index] = (scene, state.to_record())

    def can_go_back(self) -> bool:
        return self.index > 0 and not self.finished and self.new_scene is None

    def back(self) -> tuple[int, dict[str, Any]]:
        """Go back one step: the scene and the record of its match as they were when that step
        began (the table replays it and calls :meth:`begin`)."""
        self.index = max(0, self.index - 1)
        self.script_used = 0
        for later in [i for i in self.snapshots if i > self.index]:
            del self.snapshots[later]
        return self.snapshots[self.index]


#: Chooses the player's move in :func:`play_through`: the coach, the state, the moves the step
#: allows (the normal bot's choice first, on a ``deal-over`` step, when it is one of them).
Pick = Callable[["Coach", "State", list[str]], str]


def first_allowed(_coach: Coach, _state: State, allowed: list[str]) -> str:
    return allowed[0]


def play_through(
    lesson: Lesson,
    game: Game,
    max_moves: int = 5_000,
    pick: Pick = first_allowed,
    bot_offset: int = 0,
    finals: list[State] | None = None,
) -> tuple[State, list[tuple[int, int, str]]]:
    """Follow ``lesson`` to its end as an obedient player would, headless: *Next* on every step
    that is read, the move ``pick`` chooses among those a step allows (by default the first; a
    ``deal-over`` step: the ``normal`` bot's move, if the step allows it), the scripted and
    ``normal`` bots between (seeded as at the table, or ``bot_offset`` away). Returns the final
    state and every move as ``(step index, seat, text)``; ``finals`` collects each scene's final
    state. Raises :class:`RulesError` when the lesson cannot be followed (a step expects no legal
    move, a scripted move is never legal, the deal never ends)."""
    from .bots import bot_seed, make_bot

    coach = Coach(lesson)
    coach.new_scene = 0
    moves: list[tuple[int, int, str]] = []
    for _ in range(max_moves):
        if coach.new_scene is not None:
            scene = lesson.scenes[coach.new_scene]
            state = scene.new_match(game)
            coach.begin(state)
            bots = {
                seat: make_bot(game.id, "normal", seat, bot_seed(state.seed, seat) + bot_offset)
                for seat in range(state.players)
            }
            if finals is not None:
                finals.append(state)
        if coach.unplayed:
            i = coach.unplayed[0]
            raise RulesError(
                f"step {i + 1}: the bots' scripted move {lesson.steps[i].bots[0]!r}... was not all "
                "played (a scripted move must be legal for the seat to act, in order)"
            )
        if coach.finished:
            return state, moves
        if coach.settle(state):
            continue
        step = coach.step
        if step.until == "next":
            coach.next(state)
            continue
        seat = state.current_player
        if seat is None or state.is_over:
            raise RulesError(f"step {coach.index + 1}: the match is over before the step ends")
        legal = [a.text for a in state.legal_actions()]
        if seat == PLAYER:
            if step.until == "your-turn":
                raise RulesError(f"step {coach.index + 1}: it is the player's turn, but the step waits for it")
            allowed = [t for t in legal if step.wants(t)]
            if not allowed:
                raise RulesError(
                    f"step {coach.index + 1}: none of {list(step.expect)} is legal now (legal: {', '.join(legal[:12])})"
                )
            if step.until == "deal-over":
                own = bots[seat].choose(state.view(seat))
                allowed = [own, *(t for t in allowed if t != own)] if own in allowed else allowed
            text = pick(coach, state, allowed)
        else:
            text = coach.scripted(state) or bots[seat].choose(state.view(seat))
        index = coach.index
        events = state.apply(state.parse_action(text))
        for other, bot in bots.items():
            bot.observe(events_for(events, other))
        moves.append((index, seat, text))
        coach.played(state, seat, text)
    raise RulesError(f"step {coach.index + 1}: the lesson did not end within {max_moves} moves")
