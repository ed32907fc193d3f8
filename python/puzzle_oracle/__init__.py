"""Exact fewest-move answers for sliding puzzles and the Gap card game.

Every rectangular board up to 16 cells: boards up to 10 cells from
complete distance tables (an answer is a table read), 3x4, 2x6, 2x7,
3x5, 4x4 and 2x8 (and their transposes) by IDA* over pattern databases.
Moves are counted one tile a move.

>>> import puzzle_oracle as po
>>> po.distance("3x3", [1, 2, 3, 0, 8, 4, 7, 6, 5], target="1 0 3/8 2 4/7 6 5")
2
>>> po.solution("3x3", "1 2 3/0 8 4/7 6 5", target="1 0 3/8 2 4/7 6 5")
'RU'
>>> po.distance("eight", "1 0 2 3 4 5 6 7 8")
1
>>> po.distance("2x2", [0, 2, 1, 3]) is None  # the other parity class
True

A board is named by its shape (``"3x3"``, ``"4x4"``) or a puzzle's name
(``"eight"``, ``"fifteen"``). A position is a sequence of numbers in
row-major order, 0 the blank (a list, a tuple, a numpy array), or text as
the ``puzzle-oracle`` command reads it (rows separated by ``/`` or
newlines). A target is ``None`` or ``"first"`` (``0 1 2 ...``), ``"last"``
(``1 2 ... 0``) or a position. Bad input raises ``ValueError`` with the
command's message.
"""

from ._native import (
    IMPOSSIBLE,
    BudgetExceeded,
    analyse,
    board_info,
    board_names,
    build_tables,
    cache_dir,
    count_solutions,
    distance,
    distances,
    gap_distance,
    gap_solution,
    goal,
    hints,
    lower_bound,
    random,
    solution,
    solutions,
    stats,
)

__all__ = [
    "IMPOSSIBLE",
    "BudgetExceeded",
    "analyse",
    "board_info",
    "board_names",
    "build_tables",
    "cache_dir",
    "count_solutions",
    "distance",
    "distances",
    "gap_distance",
    "gap_solution",
    "goal",
    "hints",
    "lower_bound",
    "random",
    "solution",
    "solutions",
    "stats",
]
