"""The README's Dask recipe on a local cluster of two worker processes."""

import pytest

import puzzle_oracle as po
from conftest import lines

distributed = pytest.importorskip("distributed")
bag = pytest.importorskip("dask.bag")

from puzzle_oracle.batches import answer_lines  # noqa: E402


def test_a_file_of_positions_on_a_local_cluster(tmp_path, eight_table):
    positions = [" ".join(map(str, cells)) for cells in list(eight_table)[::60]]
    korf = lines("korf100.txt")[:4]
    (tmp_path / "part-0.txt").write_text("\n".join(positions[: len(positions) // 2]) + "\n")
    (tmp_path / "part-1.txt").write_text("\n".join(positions[len(positions) // 2 :]) + "\n")
    (tmp_path / "korf.txt").write_text("\n".join(korf) + "\n")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with distributed.Client(cluster):
            answers = (
                bag.read_text(str(tmp_path / "part-*.txt"))
                .map_partitions(answer_lines, "3x3")
                .compute()
            )
            korf_answers = (
                bag.read_text(str(tmp_path / "korf.txt"))
                .map_partitions(answer_lines, "fifteen")
                .compute()
            )
    assert len(positions) > 3000
    expected = [str(eight_table[tuple(map(int, p.split()))][0]) for p in positions]
    assert answers == expected
    assert korf_answers == [line for line in lines("korf100-lengths.txt")[:4]]
