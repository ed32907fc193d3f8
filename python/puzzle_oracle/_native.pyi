"""Typed stubs of the native module; the docstrings are the functions' own."""

from collections.abc import Iterable, Sequence
from typing import Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

Position = Union[str, Sequence[int], npt.NDArray[np.integer]]
Target = Union[None, str, Sequence[int], npt.NDArray[np.integer]]

IMPOSSIBLE: int

class BudgetExceeded(TimeoutError): ...

class GradedMove(TypedDict):
    move: str
    before: int
    after: int
    mistake: bool

class Analysis(TypedDict):
    length: int
    optimal: int
    diff: int
    moves: list[GradedMove]

class BoardInfo(TypedDict):
    name: str
    rows: int
    cols: int
    cells: int
    engine: str

def distance(
    board: str,
    position: Position,
    target: Target = None,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    metric: str = "stm",
) -> Optional[int]: ...
def solution(
    board: str,
    position: Position,
    target: Target = None,
    notation: str = "blank",
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    metric: str = "stm",
) -> Optional[str]: ...
def hints(
    board: str,
    position: Position,
    target: Target = None,
    notation: str = "blank",
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    metric: str = "stm",
) -> Optional[list[str]]: ...
def count_solutions(
    board: str,
    position: Position,
    target: Target = None,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
    metric: str = "stm",
) -> Optional[int]: ...
def solutions(
    board: str,
    position: Position,
    target: Target = None,
    notation: str = "blank",
    limit: Optional[int] = None,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    metric: str = "stm",
) -> Optional[list[str]]: ...
def lower_bound(
    board: str, position: Position, target: Target = None, *, metric: str = "stm"
) -> Optional[int]: ...
def distances(
    board: str,
    positions: Union[npt.NDArray[np.integer], Iterable[Position]],
    target: Target = None,
    threads: Optional[int] = None,
    *,
    timeout: Optional[float] = None,
    metric: str = "stm",
) -> npt.NDArray[np.int16]: ...
def analyse(
    board: str,
    moves: str,
    position: Optional[Position] = None,
    target: Target = None,
    notation: str = "blank",
    *,
    metric: str = "stm",
) -> Analysis: ...
def random(
    board: str,
    count: int = 1,
    *,
    target: Target = None,
    distance: Optional[int] = None,
    seed: Optional[int] = None,
    metric: str = "stm",
) -> npt.NDArray[np.uint8]: ...
def stats(
    board: str, target: Target = None, *, metric: str = "stm", threads: int | None = None
) -> list[int]: ...
def board_names() -> list[str]: ...
def board_info(board: str) -> BoardInfo: ...
def goal(board: str, which: str = "first") -> list[int]: ...
def build_tables(board: str, *, metric: str = "stm") -> list[str]: ...
def cache_dir() -> str: ...
def gap_distance(layout: Union[str, Sequence[Sequence[int]]]) -> Optional[int]: ...
def gap_solution(layout: Union[str, Sequence[Sequence[int]]]) -> Optional[list[str]]: ...
