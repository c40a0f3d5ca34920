"""The table's widgets, one module per kind of zone, each seeing the table through its context
(``..context.TableContext``) and composed by the layout's zone kinds (``compose.py``):

- ``hand.py``: your hand at a trick table (cards you may not play dimmed, an exchange picked
  card by card);
- ``pile.py``: the won piles (face down; hovered, the last trick);
- ``trick.py``: the trick in the middle (its places, the gathering, the badge, the last trick);
- ``melds.py``: a meld game's melds (building from a selection, lay-offs, the value picker);
- ``grid.py``: a grid of fixed places; ``hold.py`` (with ``hold_panel.py``): cards turned up
  this turn lying near their source;
- ``board.py``: the presenter's table of facts in its corner;
- ``choices.py``: the choice row's suit buttons and a selection's confirm; ``scores.py``: the
  score sheet's button.

``base.py`` holds the hooks every widget may override.
"""
