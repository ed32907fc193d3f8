#!/usr/bin/env python3
"""Boards a seeded random walk of the blank takes from the goal.

Usage: random-walks.py ROWS COLS MOVES COUNT [SEED]

Prints COUNT boards, one a line, row-major, 0 the blank: each the standard
goal (0 1 2 ...) after MOVES moves of the blank, each chosen uniformly
among the moves that do not undo the one before. The same seed gives the
same boards. Such a board is at most MOVES moves from the goal, often
fewer: the benchmarks of large boards (5x5) use them as boards of a known
reach, since uniformly random 5x5 boards take hours each.
"""

import random
import sys


def walk(rows, cols, moves, rng):
    cells = list(range(rows * cols))
    blank, back = 0, None
    for _ in range(moves):
        row, col = divmod(blank, cols)
        steps = [
            step
            for step, ok in ((-cols, row > 0), (cols, row < rows - 1), (-1, col > 0), (1, col < cols - 1))
            if ok and step != back
        ]
        step = rng.choice(steps)
        cells[blank], cells[blank + step] = cells[blank + step], cells[blank]
        blank, back = blank + step, -step
    return cells


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__.strip().splitlines()[2])
    rows, cols, moves, count = (int(arg) for arg in sys.argv[1:5])
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) == 6 else 2026)
    for _ in range(count):
        print(" ".join(map(str, walk(rows, cols, moves, rng))))


if __name__ == "__main__":
    main()
