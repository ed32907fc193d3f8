"""`distances` on many positions: every reachable 3x3 position against the
reference, Korf's 100 against their published lengths, input forms."""

import numpy as np
import pytest

import puzzle_oracle as po
from conftest import lines, numbers


def test_every_eight_puzzle_position_in_one_call(eight_table):
    positions = np.array(list(eight_table), dtype=np.uint8)
    expected = np.array([distance for distance, _ in eight_table.values()], dtype=np.int16)
    assert (po.distances("3x3", positions) == expected).all()
    assert (po.distances("3x3", positions.astype(np.int64), threads=1) == expected).all()
    # The other parity class: every one impossible.
    swapped = positions.copy()
    swapped[:, [1, 2]] = swapped[:, [2, 1]]
    other = swapped[(swapped[:, 1] != 0) & (swapped[:, 2] != 0)]
    assert (po.distances("3x3", other) == po.IMPOSSIBLE).all()


def test_korf_100_in_one_call():
    positions = np.array([numbers(line) for line in lines("korf100.txt")], dtype=np.uint8)
    lengths = [int(line) for line in lines("korf100-lengths.txt")]
    assert po.distances("4x4", positions).tolist() == lengths


def test_lists_strings_and_targets():
    answers = po.distances("2x4", ["1 0 2 3 4 5 6 7", [0, 1, 2, 3, 4, 5, 6, 7], (1, 2, 0, 3, 4, 5, 6, 7)])
    assert answers.tolist() == [1, 0, 2]
    last = po.goal("2x4", "last")
    assert po.distances("2x4", [last], target="last").tolist() == [0]
    assert po.distances("3x3", np.zeros((0, 9), dtype=np.uint8)).tolist() == []


@pytest.mark.parametrize(
    "positions, message",
    [
        ([[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2]], "position 1: expected 9 numbers, found 3"),
        ([[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 1, 3, 4, 5, 6, 7, 8]], "position 1: tile 1 appears more than once"),
        (np.zeros((2, 9), dtype=np.uint8), "position 0: tile 0 appears more than once"),
        (np.full((2, 9), 2**40, dtype=np.int64), "position 0: number 1 is out of range"),
        (np.zeros((2, 8), dtype=np.uint8), "rows of 8 numbers; the board has 9 cells"),
        (np.zeros(9, dtype=np.uint8), "two dimensions"),
        (np.zeros((2, 9), dtype=np.float32), "must hold integers"),
        ("0 1 2 3 4 5 6 7 8", "not one string"),
        ([[0, 1, 2, 3, 4, 5, 6, 7, 8], "0 1 2 3 4 5 6 7 99"], "position 1: number 9 is out of range"),
    ],
)
def test_bad_batches_name_the_position(positions, message):
    with pytest.raises(ValueError, match=message):
        po.distances("3x3", positions)
