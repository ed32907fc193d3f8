"""Timings of the Python package inside one process (medians of repeated
runs), for BENCHMARKS.md; the whole-process pairs against the command are
scripts/paired-runs.sh's (see BENCHMARKS.md).

    python scripts/python-bench.py [POSITIONS.npy]

POSITIONS.npy is a 2-D array of 3x3 positions (default: 1,000,000 drawn
with seed 2026, as `puzzle-oracle random 3x3 -n 1000000 --seed 2026`
draws them).
"""

import statistics
import sys
import timeit
from pathlib import Path

import numpy as np

import puzzle_oracle as po

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 11


def median_seconds(statement, number, **names):
    times = timeit.repeat(statement, number=number, repeat=REPEATS, globals={"po": po, **names})
    return statistics.median(times) / number


def main():
    if len(sys.argv) > 1:
        eights = np.load(sys.argv[1])
    else:
        eights = po.random("3x3", 1_000_000, seed=2026)
    korf = np.loadtxt(ROOT / "tests" / "data" / "korf100.txt", dtype=np.uint8)
    position = [8, 0, 6, 5, 4, 7, 2, 3, 1]
    per_call = median_seconds("po.distance('3x3', p)", 1_000_000, p=position)
    print(f"distance('3x3', list of 9), a call: {per_call * 1e9:.0f} ns (median of {REPEATS} x 10^6 calls)")
    batch = median_seconds("po.distances('3x3', a)", 1, a=eights)
    print(f"distances('3x3', {len(eights):,} x 9 uint8 array): {batch:.3f} s (median of {REPEATS})")
    one = median_seconds("po.distances('3x3', a, threads=1)", 1, a=eights)
    print(f"  on one thread: {one:.3f} s")
    hundred = median_seconds("po.distances('4x4', a)", 1, a=korf)
    print(f"distances('4x4', Korf's 100): {hundred:.3f} s (median of {REPEATS})")
    hundred_one = median_seconds("po.distances('4x4', a, threads=1)", 1, a=korf)
    print(f"  on one thread: {hundred_one:.3f} s")


if __name__ == "__main__":
    main()
