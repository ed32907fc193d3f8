"""Single questions against the reference BFS and the published data."""

import itertools
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import puzzle_oracle as po
from conftest import lines, numbers
from reference import bfs, replay, to_blank_notation


def test_every_small_board_position_matches_the_reference(small_tables):
    for (rows, cols), (table, goal, _) in small_tables.items():
        name = f"{rows}x{cols}"
        for cells in itertools.permutations(range(rows * cols)):
            expected = table.get(cells)
            assert po.distance(name, list(cells)) == (expected[0] if expected else None), cells


def test_sampled_eight_puzzle_positions_match_the_reference(eight_table, rng):
    for _ in range(3000):
        cells = list(range(9))
        rng.shuffle(cells)
        expected = eight_table.get(tuple(cells))
        assert po.distance("3x3", cells) == (expected[0] if expected else None), cells


def test_solutions_replay_to_the_target_in_the_fewest_moves(eight_table, rng):
    positions = list(eight_table)
    for cells in rng.sample(positions, 300):
        distance = eight_table[cells][0]
        moves = po.solution("3x3", list(cells))
        assert len(moves) == distance
        assert replay(cells, 3, 3, moves) == tuple(range(9))
        tile_moves = po.solution("3x3", list(cells), notation="tile")
        assert replay(cells, 3, 3, to_blank_notation(tile_moves)) == tuple(range(9))


def test_hints_counts_and_listings_match_the_reference(small_tables):
    table, goal, _ = small_tables[(2, 3)]
    for cells, (distance, paths) in table.items():
        expected_hints = sorted(
            letter
            for letter in "UDLR"
            if (after := replay(cells, 2, 3, letter)) is not None
            and table[after][0] == distance - 1
        )
        assert sorted(po.hints("2x3", list(cells))) == expected_hints
        assert po.count_solutions("2x3", list(cells)) == paths
        listed = po.solutions("2x3", list(cells))
        assert len(listed) == paths == len(set(listed))
        assert all(replay(cells, 2, 3, moves) == goal for moves in listed)
    assert len(po.solutions("2x3", [5, 4, 3, 2, 1, 0], limit=2)) <= 2


def test_any_target_and_the_blank_last_goal(small_tables):
    table, goal, last = small_tables[(3, 2)]
    from_last = bfs(3, 2, last)
    for cells in list(from_last)[:200]:
        assert po.distance("3x2", list(cells), target="last") == from_last[cells][0]
        assert po.distance("3x2", list(cells), target=list(last)) == from_last[cells][0]
        assert po.distance("3x2", list(cells), target="LAST") == from_last[cells][0]
    assert po.goal("3x2", "last") == list(last)
    assert po.goal("3x2") == list(goal)


def test_korf_instances_on_4x4():
    # The quickest of Korf's 100 in the default suite; all 100 in the batch test.
    positions = lines("korf100.txt")
    lengths = [int(line) for line in lines("korf100-lengths.txt")]
    for i in [0, 1, 87, 78, 98]:
        moves = po.solution("4x4", positions[i])
        assert len(moves) == lengths[i]
        assert replay(tuple(numbers(positions[i])), 4, 4, moves) == tuple(range(16))
        assert po.lower_bound("4x4", positions[i]) <= lengths[i]


def test_farthest_positions_of_the_searched_boards():
    # 3x4's 53-movers from a complete search; 2x6's two 80-movers.
    for line in lines("farthest-3x4.txt")[:2]:
        assert po.distance("3x4", line) == 53
    for line in lines("farthest-2x6.txt"):
        assert po.distance("2x6", line, threads=2) == 80


def test_stats_match_the_reference(eight_table, small_tables):
    depths = {}
    for distance, _ in eight_table.values():
        depths[distance] = depths.get(distance, 0) + 1
    assert po.stats("eight") == [depths[d] for d in range(max(depths) + 1)]


def test_stats_answers_what_the_command_answers():
    # 4x4: the published counts of the corner goals (OEIS A089484): 16!/2
    # boards, the farthest 80 moves away, 17 of them.
    corner = po.stats("4x4")
    assert len(corner) == 81 and corner[-1] == 17
    assert sum(corner) == math.factorial(16) // 2
    with pytest.raises(ValueError, match="only the corner targets"):
        po.stats("4x4", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
    with pytest.raises(ValueError, match="out of reach of a table"):
        po.stats("3x5")


def test_random_draws_uniform_boards_at_an_exact_distance(eight_table):
    drawn = po.random("3x3", 200, distance=20, seed=7)
    assert drawn.shape == (200, 9) and drawn.dtype == np.uint8
    for row in drawn:
        assert eight_table[tuple(row.tolist())][0] == 20
    assert (po.random("3x3", 5, seed=1) == po.random("3x3", 5, seed=1)).all()
    with pytest.raises(ValueError, match="complete table"):
        po.random("4x4", 1, distance=10)
    with pytest.raises(ValueError):
        po.random("3x3", 1, distance=40)


def test_analyse_grades_each_move(eight_table):
    start = (1, 2, 0, 3, 4, 5, 6, 7, 8)
    graded = po.analyse("3x3", "DULL", position=list(start))
    assert graded["length"] == 4 and graded["optimal"] == 2 and graded["diff"] == 2
    assert [m["mistake"] for m in graded["moves"]] == [True, False, False, False]
    assert [m["before"] for m in graded["moves"]] == [
        eight_table[replay(start, 3, 3, "DULL"[:k])][0] for k in range(4)
    ]
    # Without a position, the moves solve the position they undo from the goal.
    undone = po.analyse("3x3", "LL")
    assert (undone["optimal"], undone["diff"]) == (2, 0)
    with pytest.raises(ValueError, match="one move short of the target"):
        po.analyse("3x3", "L", position=list(start))
    with pytest.raises(ValueError, match="move 1 .* into the edge"):
        po.analyse("3x3", "U", position=list(start))
    with pytest.raises(ValueError, match="off the board"):
        po.analyse("3x3", "R")


def test_gap_seed_sample_and_replayed_solutions():
    from reference import GAP_GOAL, gap_replay

    text = lines("gap-sample.txt")
    layouts = [text[1 + 4 * k : 5 + 4 * k] for k in range(4)]
    answers = [po.gap_distance("\n".join(layout)) for layout in layouts]
    assert answers == [0, 33, 60, None]
    rows = [numbers(line) for line in layouts[1]]
    cards = po.gap_solution(rows)
    assert len(cards) == 33
    assert gap_replay(rows, cards) == GAP_GOAL
    assert po.gap_solution("\n".join(layouts[3])) is None


def test_boards_with_cached_databases_answer_walks_from_the_goal(rng):
    # 3x5 and 2x8 read their databases from the cache, built on first use.
    for name, rows, cols in [("3x5", 3, 5), ("2x8", 2, 8)]:
        goal = tuple(range(rows * cols))
        for _ in range(3):
            position = goal
            for _ in range(40):
                letter = rng.choice("UDLR")
                position = replay(position, rows, cols, letter) or position
            moves = po.solution(name, list(position))
            assert replay(position, rows, cols, moves) == goal
            assert po.lower_bound(name, list(position)) <= len(moves) <= 40
            assert po.distances(name, [list(position)]).tolist() == [len(moves)]


def test_5x5_opens_only_the_standard_goals_databases(rng, tmp_path):
    # 5x5's ten files are built a goal class at a time: a question to the
    # standard goal needs only its class's four, which `cargo test` builds
    # into the tests' cache. A fresh cache holding only those must answer
    # without building anything more.
    built = sorted(Path(os.environ["PUZZLE_ORACLE_CACHE"]).glob("5x5-*-b0.pdb"))
    if len(built) != 4:
        pytest.skip("5x5's standard-goal databases are built by `cargo test` first")
    for file in built:
        (tmp_path / file.name).symlink_to(file)
    goal = tuple(range(25))
    position = goal
    for _ in range(30):
        position = replay(position, 5, 5, rng.choice("UDLR")) or position
    script = f"import puzzle_oracle as po\nprint(po.solution('5x5', {list(position)!r}))\n"
    env = dict(os.environ, PUZZLE_ORACLE_CACHE=str(tmp_path))
    child = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert child.returncode == 0, child.stderr
    moves = child.stdout.strip()
    assert replay(position, 5, 5, moves) == goal
    assert len(moves) <= 30
    assert child.stderr == ""
    assert sorted(path.name for path in tmp_path.iterdir()) == [file.name for file in built]
