"""Bad input: a ValueError (or TypeError for a wrong kind of object) with
the command's message, never a crash; budgets and Ctrl-C."""

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzle_oracle as po
from conftest import lines


@pytest.mark.parametrize(
    "position, message",
    [
        ([0, 1, 2], "expected 9 numbers, found 3"),
        ([0, 0, 1, 2, 3, 4, 5, 6, 7], "tile 0 appears more than once"),
        ([0, 1, 2, 3, 4, 5, 6, 7, 9], "number 9 is out of range: tiles are 0 to 8"),
        ([0, 1, 2, 3, 4, 5, 6, 7, -1], "number 9 is out of range"),
        ([0, 1, 2, 3, 4, 5, 6, 7, 2**80], "number 9 is out of range"),
        ([0, 1, 2, 3, 4, 5, 6, 7, 8.0], "item 9 is not a number"),
        ([True, 1, 2, 3, 4, 5, 6, 7, 0], "item 1 is not a number"),
        ("1 2 3/4 5 6", "rows"),
        ("0 1 2 3 4 5 6 7 x", "item 9 is not a number"),
        ("", "expected 9 numbers, found 0"),
    ],
)
def test_bad_positions(position, message):
    with pytest.raises(ValueError, match=message):
        po.distance("3x3", position)


def test_bad_boards_targets_and_options():
    with pytest.raises(ValueError, match="`9x9` is not a board of this build"):
        po.distance("9x9", [0])
    with pytest.raises(ValueError, match="target: tile 1 appears more than once"):
        po.distance("3x3", list(range(9)), target=[1, 1, 2, 3, 4, 5, 6, 7, 0])
    with pytest.raises(ValueError, match="target: `middle` is not `first`, `last` or a position"):
        po.distance("3x3", list(range(9)), target="middle")
    with pytest.raises(ValueError, match="target: expected 9 numbers, found 3"):
        po.distance("3x3", list(range(9)), target="0 1 2")
    with pytest.raises(ValueError, match="unknown notation `diagonal`"):
        po.solution("3x3", list(range(9)), notation="diagonal")
    with pytest.raises(ValueError, match="threads must be at least 1"):
        po.distance("4x4", list(range(16)), threads=0)
    with pytest.raises(ValueError, match="timeout must be a positive number"):
        po.distance("4x4", list(range(16)), timeout=-1.0)
    with pytest.raises(TypeError):
        po.distance("3x3", 12345)
    with pytest.raises(MemoryError, match="do not fit in memory"):
        po.random("3x3", 10**18)
    with pytest.raises(ValueError, match="not a card"):
        po.gap_distance([[11] * 7] * 3 + [[300] * 7])


def test_a_budget_ends_a_search_with_budget_exceeded():
    eighty = lines("eighty-movers.txt")[0]
    with pytest.raises(po.BudgetExceeded, match="100000 nodes"):
        po.distance("4x4", eighty, "last", max_nodes=100_000)
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=r"0.2 s \(timeout\)"):
        po.solution("4x4", eighty, "last", timeout=0.2, threads=1)
    assert time.monotonic() - started < 2.0


def test_ctrl_c_stops_a_long_search():
    eighty = lines("eighty-movers.txt")[0]
    script = (
        # Python leaves SIGINT ignored when it starts ignored (a job started
        # with `&` by a script): the default handler, as in a terminal.
        "import signal, puzzle_oracle as po\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('searching', flush=True)\n"
        "try:\n"
        f"    po.distance('4x4', {eighty!r}, 'last', threads=1)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=os.environ
    )
    assert child.stdout.readline() == "searching\n"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, _ = child.communicate(timeout=30)
    assert out == "interrupted\n"
    assert time.monotonic() - sent < 1.0


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_an_answer_or_a_value_error(text):
    try:
        answer = po.distance("2x3", text)
    except ValueError:
        return
    assert answer is None or 0 <= answer <= 21


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(range(9))))
def test_every_form_of_a_position_gives_one_answer(cells):
    text = " ".join(map(str, cells))
    rows = "/".join(" ".join(map(str, cells[r * 3 : r * 3 + 3])) for r in range(3))
    grid = "\n".join(" ".join(map(str, cells[r * 3 : r * 3 + 3])) for r in range(3))
    answers = {
        po.distance("3x3", form)
        for form in [cells, tuple(cells), np.array(cells, dtype=np.int32), text, rows, grid, iter(cells)]
    }
    assert len(answers) == 1
    moves = po.solution("3x3", cells)
    if moves is not None:
        graded = po.analyse("3x3", moves, position=cells)
        assert graded["diff"] == 0 and graded["optimal"] == len(moves)
