"""The README's Dask recipe, timed: answers a file of positions on a local
cluster and checks the answers against the command's, for BENCHMARKS.md.

    python scripts/dask-batch.py BOARD POSITIONS.txt EXPECTED.txt [WORKERS]

EXPECTED.txt is `puzzle-oracle solve BOARD < POSITIONS.txt`. Prints the
cluster's start-up time and the answering time (the median of 5 runs).
"""

import statistics
import sys
import time

import dask.bag as db
from distributed import Client, LocalCluster

from puzzle_oracle.batches import answer_lines


def main():
    board, positions, expected = sys.argv[1:4]
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    started = time.perf_counter()
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, Client(cluster):
        print(f"cluster of {workers} workers up in {time.perf_counter() - started:.2f} s")
        times = []
        for _ in range(5):
            started = time.perf_counter()
            bag = db.read_text(positions, blocksize="16KiB")
            answers = bag.map_partitions(answer_lines, board, None, 1).compute()
            times.append(time.perf_counter() - started)
        print(f"{len(answers)} positions in {bag.npartitions} partitions: {statistics.median(times):.3f} s (median of 5)")
    with open(expected) as file:
        wanted = [line.strip() for line in file]
    assert answers == wanted, "the cluster's answers differ from the command's"
    print("every answer equals the command's")


if __name__ == "__main__":
    main()
