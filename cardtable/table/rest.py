"""When the table needs frames, and when it may rest (the app then draws nothing and blocks on
events): it needs them while cards travel or wait in the event queue, while a card is dragged,
while lifted cards settle, and while the match is to end or change seats. While a bot thinks
(or a hint is looked for) with nothing moving, it looks for the answer every :data:`POLL`
seconds and at each tick of "thinking…", leaving the CPU to the bot; a message in the status line
is due at its end. Waiting for the human with nothing moving, it rests.
"""

from __future__ import annotations

from typing import Any

SETTLED = 0.5  # px: a lift closer than this to where it goes is settled
POLL = 0.1  # s: how often an answer being thought of is looked for while nothing moves
DOTS = 1 / 3  # s: "thinking…" gains a dot this often (cardtable.table.hud)


def lift_wanted(table: Any, card: Any) -> float:
    """How high ``card`` of the viewer's hand should be lifted (as the table's update pulls it)."""
    if card is table.pointer.selected:
        return 0.2 * card.height
    if table._my_turn() and (card is table.pointer.hovered or card is table.pointer.focus):
        return 0.09 * card.height
    return 0.0


def lifts_moving(table: Any) -> bool:
    hand = table.board.zones.get(table.my_hand or "", [])
    return any(not card.dragging and abs(lift_wanted(table, card) - card.lift) > SETTLED for card in hand)


def needs_frame(table: Any) -> bool:
    """Whether the table has something moving or about to move (see the module's words)."""
    if table.animator.busy or table.queue or table.dirty:
        return True
    if table.pointer.press is not None and table.pointer.press.dragging:
        return True
    if lifts_moving(table):
        return True
    own = getattr(table.ext, "needs_frame", None)
    if own is not None and own():
        return True
    if table.menu.open:
        return False  # the match waits under the table's menu
    session = table.session
    if session.is_over:
        return not table.ending or table.animator.busy
    if session.viewer() != table.seat and not table.hot_seat.handing_off:
        return True
    return table.animator.fast and thinking(table)  # a fast demo plays on without resting


def thinking(table: Any) -> bool:
    """Whether a bot is to move or a hint is being looked for (an answer is awaited)."""
    if table.menu.open or table.session.is_over:
        return False
    current = table.state.current_player
    if current is not None and table.session.is_bot(current):
        return True
    request = table.worker.request
    return request is not None and request.tag == ("hint", table.generation)


def thinking_due(table: Any) -> float | None:
    """While an answer is awaited: the next look for it, the next dot of "thinking…", and the
    end of the bot's pause (its move shows then when it is ready)."""
    if not thinking(table):
        return None
    dues = [POLL, DOTS - table.clock % DOTS]
    current = table.state.current_player
    rest = table.bots.pause(current) if current is not None else 0.0
    pause = max(rest - table.idle, table.bots.grace_until - table.clock)
    if pause > 0:
        dues.append(pause)
    return min(dues)


def next_due(table: Any) -> float | None:
    """Seconds until the table changes by itself: a message's end, a blinking glow's turn."""
    dues = []
    if table.said.text and table.said.left > 0:
        dues.append(table.said.left)
    own = getattr(table.ext, "next_due", None)
    due = own() if own is not None else None
    if isinstance(due, (int, float)):
        dues.append(float(due))
    autoplay = getattr(table, "autoplay_due", None)
    for due in (blink_due(table), thinking_due(table), autoplay() if autoplay is not None else None):
        if due is not None:
            dues.append(due)
    return min(dues) if dues else None


def blink_due(table: Any) -> float | None:
    """A trick table's glow around the dummy blinks twice a second while the viewer plays for
    it (``cardtable.table.tricks``): the next switch."""
    played_for = table.ext.played_for
    if not played_for or table.menu.open:
        return None
    if not any(a.kind == "play" and a.source and a.source.startswith(played_for) for a in table.legal):
        return None
    return 0.5 - (table.clock % 0.5)
