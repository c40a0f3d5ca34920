"""The table's widgets, one module per kind of zone, each seeing the table through its context
(``..context.TableContext``) and composed by the layout's zone kinds (``compose.py``):

- ``hand.py``: your hand at a trick table (cards you may not play dimmed, gaps where cards were
  picked for an exchange);
- ``pile.py``: the won piles (face down; hovered, the last trick);
- ``trick.py``: the trick in the middle (its places, the gathering, the badge, the last trick);
- ``melds.py``: a meld game's melds (a selection of your hand, sorting);
- ``grid.py``: a grid of fixed places; ``hold.py`` (with ``hold_panel.py``): cards turned up
  this turn lying near their source;
- ``board.py``: the presenter's table of facts in its corner; ``scores.py``: the score sheet's
  button.

Beside them, the interaction modes (``mode.py``), switched on by the seat's legal actions
(``modes.py``), several at once: ``select_mode.py`` (select, then confirm), ``build_mode.py``
(build in steps, with ``meld_build.py``), ``offer_mode.py`` (offer a card to another hand),
``value_mode.py`` (choose a value: suits, a picker).

``base.py`` holds the hooks every widget and mode may override.
"""
