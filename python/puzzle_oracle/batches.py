"""Batches beyond one machine: answer a large file of positions on a Dask
cluster, each partition of lines answered by one ``distances`` call on
every core of its worker.

>>> import dask.bag as db                                  # doctest: +SKIP
>>> from puzzle_oracle.batches import answer_lines          # doctest: +SKIP
>>> lines = db.read_text("positions-*.txt", blocksize="8MiB")  # doctest: +SKIP
>>> lines.map_partitions(answer_lines, "4x4").to_textfiles("answers-*.txt")  # doctest: +SKIP

Each output line is the distance of the input line at the same place
(``-1`` where the target cannot be reached), as ``puzzle-oracle solve``
writes it; blank lines stay blank, so the files line up.
"""

import re
from collections.abc import Iterable
from typing import Optional

from ._native import distances


def answer_lines(
    lines: Iterable[str],
    board: str,
    target: Optional[str] = None,
    threads: Optional[int] = None,
    metric: str = "stm",
) -> list[str]:
    """The distances of one partition's lines, one output line an input
    line, in order: what ``dask.bag.Bag.map_partitions`` maps. ``metric``
    is ``"stm"`` (a tile a move) or ``"mtm"`` (a slide a move).

    >>> answer_lines(["1 0 2 3 4 5 6 7 8\\n", "\\n", "0 1 2 3 4 5 6 7 8"], "3x3")
    ['1', '', '0']
    >>> answer_lines(["1 2 0 3 4 5 6 7 8"], "3x3", metric="mtm")
    ['1']
    """
    lines = list(lines)
    wanted = [i for i, line in enumerate(lines) if line.strip()]
    try:
        answers = distances(board, [lines[i] for i in wanted], target, threads, metric=metric)
    except ValueError as error:
        # Name the line of the partition, blank lines counted.
        found = re.match(r"position (\d+): (.*)", str(error), re.S)
        if found is None:
            raise
        line = wanted[int(found.group(1))] + 1
        raise ValueError(f"line {line}: {found.group(2)}") from None
    out = [""] * len(lines)
    for i, answer in zip(wanted, answers.tolist()):
        out[i] = str(answer)
    return out
