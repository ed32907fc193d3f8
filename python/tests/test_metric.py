"""The multi-tile metric (`metric="mtm"`: a slide of any number of tiles a
move) against the reference's own multi-tile search."""

import itertools
import re

import pytest

import puzzle_oracle as po
from conftest import lines
from reference import multi_tile_bfs, slid


@pytest.fixture(scope="module")
def eight_slides():
    """Every 3x3 position that reaches the standard goal, in slides."""
    return multi_tile_bfs(3, 3, range(9))


def slides_of(text):
    """The slides of a written sequence: (letter, tiles) each."""
    return [(letter, int(count or 1)) for letter, count in re.findall(r"([UDLR])(\d*)", text)]


def test_every_two_by_three_position_matches_the_reference():
    table = multi_tile_bfs(2, 3, range(6))
    for cells in itertools.permutations(range(6)):
        expected = table.get(cells)
        got = po.distance("2x3", list(cells), metric="mtm")
        assert got == (expected[0] if expected else None), cells


def test_solutions_hints_and_counts_are_slides(eight_slides, rng):
    for cells in rng.sample(sorted(eight_slides), 200):
        distance, paths = eight_slides[cells]
        assert po.distance("3x3", list(cells), metric="mtm") == distance
        moves = slides_of(po.solution("3x3", list(cells), metric="mtm"))
        assert len(moves) == distance
        position = cells
        for letter, tiles in moves:
            position = slid(position, 3, 3, letter, tiles)
        assert position == tuple(range(9))
        assert po.count_solutions("3x3", list(cells), metric="mtm") == paths
        expected = sorted(
            f"{letter}{tiles if tiles > 1 else ''}"
            for letter in "UDLR"
            for tiles in (1, 2)
            if (after := slid(cells, 3, 3, letter, tiles)) is not None
            and eight_slides[after][0] == distance - 1
        )
        assert sorted(po.hints("3x3", list(cells), metric="mtm")) == expected


def test_counts_draws_and_batches_count_slides(eight_slides):
    published = next(line for line in lines("mtm-distributions.txt") if line.startswith("3x3 "))
    assert po.stats("3x3", metric="mtm") == [int(n) for n in published.split()[1:]]
    drawn = po.random("3x3", 20, distance=20, seed=1, metric="mtm")
    assert all(eight_slides[tuple(row)][0] == 20 for row in drawn.tolist())
    many = po.distances("3x3", drawn, metric="mtm")
    assert many.tolist() == [20] * 20


def test_a_board_without_multi_tile_answers_or_a_bad_metric_is_a_value_error():
    with pytest.raises(ValueError, match="`3x6` has no answers in the multi-tile metric"):
        po.distance("3x6", list(range(18)), metric="mtm")
    with pytest.raises(ValueError, match="the metrics are `stm`"):
        po.distance("3x3", list(range(9)), metric="htm")


def test_analyse_counts_each_letter_and_count_as_one_slide():
    graded = po.analyse("3x3", "L L", position=[1, 2, 0, 3, 4, 5, 6, 7, 8], metric="mtm")
    assert (graded["length"], graded["optimal"], graded["diff"]) == (2, 1, 1)
    graded = po.analyse("3x3", "U2L2", metric="mtm")
    assert (graded["length"], graded["optimal"], graded["diff"]) == (2, 2, 0)
    assert [move["move"] for move in graded["moves"]] == ["U2", "L2"]
    stm = po.analyse("3x3", "U2L2")
    assert (stm["length"], stm["optimal"]) == (4, 4)


def test_stats_count_the_twelve_cell_boards_as_the_command_does():
    # A breadth-first search over all 239,500,800 boards (about 15 s on
    # two cores), against lightln2's published histogram.
    published = next(line for line in lines("mtm-distributions.txt") if line.startswith("3x4 "))
    assert po.stats("3x4", metric="mtm") == [int(n) for n in published.split()[1:]]
