"""Shared fixtures: the reference searches, run once a session, and the
published data of the crate's tests."""

import os
import random as std_random
from pathlib import Path

import pytest

from reference import bfs

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"

# The searched boards' cached databases (3x5, 2x8) go where the Rust
# tests put theirs, unless the caller chose a directory.
os.environ.setdefault(
    "PUZZLE_ORACLE_CACHE",
    str(Path(__file__).resolve().parents[2] / "target" / "tmp" / "cache"),
)


@pytest.fixture(scope="session")
def eight_table():
    """Every 3x3 position that reaches the standard goal, with its distance."""
    return bfs(3, 3, range(9))


@pytest.fixture(scope="session")
def small_tables():
    """Both goal classes of 2x3 and 3x2 (every position of each board)."""
    tables = {}
    for rows, cols in [(2, 3), (3, 2), (2, 2)]:
        goal = tuple(range(rows * cols))
        last = tuple(range(1, rows * cols)) + (0,)
        tables[(rows, cols)] = (bfs(rows, cols, goal), goal, last)
    return tables


def lines(name):
    """The non-blank lines of a data file."""
    return [line for line in (DATA / name).read_text().splitlines() if line.strip()]


def numbers(line):
    return [int(word) for word in line.split()]


@pytest.fixture
def rng():
    return std_random.Random(2026)
