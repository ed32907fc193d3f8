//! The native module of the `puzzle_oracle` Python package: the crate's
//! boards chosen by name at run time ([`puzzle_oracle::AnyBoard`]), every
//! question the command answers, batches on every core, and Gap.
//!
//! Each function's doc comment is its Python docstring; the typed stubs
//! are in `puzzle_oracle/_native.pyi`.

mod batch;
mod gap;
mod limits;
mod positions;
mod tiers;

use std::ops::ControlFlow;

use numpy::{PyArray2, PyArrayMethods};
use puzzle_oracle::{AnyBoard, Direction, Engine, MetricKind, Notation, Slide, SplitMix64, boards};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use limits::{BudgetExceeded, Limits, ask};
use positions::{Cells, board_error, position, target};

/// The board `name` answering in `metric`, with its cached databases
/// open, and `start` and `target` read as positions of it.
fn question(
    py: Python<'_>,
    name: &str,
    metric: &str,
    start: &Bound<'_, PyAny>,
    goal: Option<&Bound<'_, PyAny>>,
) -> PyResult<(&'static dyn AnyBoard, Cells, Cells)> {
    let board = positions::board_in(name, metric)?;
    let start = position(board, start)?;
    let goal = target(board, goal)?;
    tiers::prepare(py, board)?;
    Ok((board, start, goal))
}

/// The fewest moves from `position` to `target` (the standard goal,
/// `0 1 2 ...`, when `None`; also `"first"`, `"last"` or a position), or
/// `None` when the target cannot be reached.
///
/// `board` is a shape (`"3x3"`, `"4x4"`) or a puzzle's name (`"eight"`,
/// `"fifteen"`); `position` a sequence of numbers in row-major order (0
/// the blank) or text as the command reads it (`"1 2 3/4 0 5/7 8 6"`).
/// A searched board's question may be limited by `max_nodes` or
/// `timeout` (seconds), which raise `BudgetExceeded`; it searches on
/// `threads` threads (every core when `None`) with the GIL released, and
/// Ctrl-C stops it. `metric` is `"stm"` (a tile a move) or `"mtm"` (a
/// slide of any number of tiles a move: the boards up to 16 cells; a
/// board of 12 to 16 cells builds its databases into the cache on its
/// first question, a line on `sys.stderr` as each starts and as it is
/// written, 4x4's and 2x8's about 200 MB in 30 to 35 s).
#[pyfunction]
#[pyo3(signature = (board, position, target=None, *, max_nodes=None, timeout=None, threads=None, metric="stm"))]
#[allow(clippy::too_many_arguments)] // Python's keywords, each optional.
fn distance(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
    metric: &str,
) -> PyResult<Option<u8>> {
    let limits = Limits::new(max_nodes, timeout, threads)?;
    let (board, start, goal) = question(py, board, metric, position, target)?;
    ask(py, board, limits, |budget| {
        board.distance(start.as_slice(), goal.as_slice(), budget)
    })
}

/// An optimal solution from `position` to `target`, as move letters
/// (`"RDLU"`), or `None` when the target cannot be reached.
///
/// `notation` is `"blank"` (each letter the direction the blank travels)
/// or `"tile"` (the direction the tile slides, as speedsolvers write).
/// With `metric="mtm"` each slide is its letter and count (`"U2L"`: two
/// moves). The other arguments are `distance`'s.
#[pyfunction]
#[pyo3(signature = (board, position, target=None, notation="blank", *, max_nodes=None, timeout=None, threads=None, metric="stm"))]
#[allow(clippy::too_many_arguments)] // Python's keywords, each optional.
fn solution(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    notation: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
    metric: &str,
) -> PyResult<Option<String>> {
    let notation = positions::notation(notation)?;
    let limits = Limits::new(max_nodes, timeout, threads)?;
    let (board, start, goal) = question(py, board, metric, position, target)?;
    let moves = ask(py, board, limits, |budget| {
        board.solution(start.as_slice(), goal.as_slice(), budget)
    })?;
    Ok(moves.map(|moves| written(board, notation, &moves)))
}

/// Every optimal first move from `position` to `target`, as letters in
/// `notation` (`["L", "U"]`; `[]` at the target; with `metric="mtm"`
/// slides with their counts, `["U", "L2"]`), or `None` when the target
/// cannot be reached. The other arguments are `distance`'s.
#[pyfunction]
#[pyo3(signature = (board, position, target=None, notation="blank", *, max_nodes=None, timeout=None, threads=None, metric="stm"))]
#[allow(clippy::too_many_arguments)] // Python's keywords, each optional.
fn hints(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    notation: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
    metric: &str,
) -> PyResult<Option<Vec<String>>> {
    let notation = positions::notation(notation)?;
    let limits = Limits::new(max_nodes, timeout, threads)?;
    let (board, start, goal) = question(py, board, metric, position, target)?;
    let moves = ask(py, board, limits, |budget| {
        board.optimal_moves(start.as_slice(), goal.as_slice(), budget)
    })?;
    Ok(moves.map(|moves| {
        moves
            .into_iter()
            .map(|slide| slide.written(notation).to_string())
            .collect()
    }))
}

/// How many optimal solutions lead from `position` to `target`, or
/// `None` when the target cannot be reached. The other arguments are
/// `distance`'s.
#[pyfunction]
#[pyo3(signature = (board, position, target=None, *, max_nodes=None, timeout=None, threads=None, metric="stm"))]
#[allow(clippy::too_many_arguments)] // Python's keywords, each optional.
fn count_solutions(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
    metric: &str,
) -> PyResult<Option<u64>> {
    let limits = Limits::new(max_nodes, timeout, threads)?;
    let (board, start, goal) = question(py, board, metric, position, target)?;
    ask(py, board, limits, |budget| {
        board.count_optimal_solutions(start.as_slice(), goal.as_slice(), budget)
    })
}

/// Every optimal solution from `position` to `target`, each as move
/// letters in `notation`, each once, in the order the search finds them,
/// at most `limit` of them; `None` when the target cannot be reached. The
/// other arguments are `distance`'s.
#[pyfunction]
#[pyo3(signature = (board, position, target=None, notation="blank", limit=None, *, max_nodes=None, timeout=None, metric="stm"))]
#[allow(clippy::too_many_arguments)] // Python's keywords, each optional.
fn solutions(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    notation: &str,
    limit: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    metric: &str,
) -> PyResult<Option<Vec<String>>> {
    let notation = positions::notation(notation)?;
    let limits = Limits::new(max_nodes, timeout, Some(1))?;
    let (board, start, goal) = question(py, board, metric, position, target)?;
    let mut listed = Vec::new();
    let found = ask(py, board, limits, |budget| {
        board.for_each_optimal_solution(start.as_slice(), goal.as_slice(), budget, &mut |moves| {
            if limit == Some(0) {
                return ControlFlow::Break(());
            }
            listed.push(written(board, notation, moves));
            if limit.is_some_and(|limit| listed.len() >= limit) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })
    })?;
    Ok(found.map(|_| listed))
}

/// A lower bound on the distance from `position` to `target`, at once
/// (the exact distance on a tabled board), or `None` when the target
/// cannot be reached.
#[pyfunction]
#[pyo3(signature = (board, position, target=None, *, metric="stm"))]
fn lower_bound(
    py: Python<'_>,
    board: &str,
    position: &Bound<'_, PyAny>,
    target: Option<&Bound<'_, PyAny>>,
    metric: &str,
) -> PyResult<Option<u8>> {
    let (board, start, goal) = question(py, board, metric, position, target)?;
    board
        .lower_bound(start.as_slice(), goal.as_slice())
        .map_err(board_error)
}

/// The distances of many positions to `target`, in order, as a numpy
/// array of `int16`, -1 where the target cannot be reached.
///
/// `positions` is a 2-D numpy array of integers (one position a row) or
/// any sequence of positions (lists, strings). They are answered on
/// `threads` threads (every core when `None`) with the GIL released; on a
/// searched board, threads out of positions help the searches still
/// running. `timeout` (seconds) bounds the whole call and raises
/// `BudgetExceeded`; Ctrl-C stops it. A bad position raises `ValueError`
/// naming its index.
#[pyfunction]
#[pyo3(signature = (board, positions, target=None, threads=None, *, timeout=None, metric="stm"))]
fn distances<'py>(
    py: Python<'py>,
    board: &str,
    positions: &Bound<'py, PyAny>,
    target: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    timeout: Option<f64>,
    metric: &str,
) -> PyResult<Bound<'py, numpy::PyArray1<i16>>> {
    let limits = Limits::new(None, timeout, threads)?;
    let board = positions::board_in(board, metric)?;
    let goal = positions::target(board, target)?;
    tiers::prepare(py, board)?;
    batch::distances(py, board, positions, goal, limits)
}

/// Grades a solution move by move against the optimum, as the command's
/// `analyse` does: a dict with `length`, `optimal`, `diff` and `moves`,
/// one dict a move with its `move` letter, the optimal distance `before`
/// and `after` it, and whether it was a `mistake` (the distance did not
/// go down).
///
/// `moves` is move letters in `notation` (counts allowed: `"R3U"`, three
/// moves with `metric="stm"`, two with `metric="mtm"`, where a letter
/// and its count are one slide). The solution starts from `position`, or
/// when `None` from the position the moves solve (undone from `target`).
/// It must end on `target`.
#[pyfunction]
#[pyo3(signature = (board, moves, position=None, target=None, notation="blank", *, metric="stm"))]
fn analyse<'py>(
    py: Python<'py>,
    board: &str,
    moves: &str,
    position: Option<&Bound<'py, PyAny>>,
    target: Option<&Bound<'py, PyAny>>,
    notation: &str,
    metric: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let notation = positions::notation(notation)?;
    let board = positions::board_in(board, metric)?;
    let goal = positions::target(board, target)?;
    tiers::prepare(py, board)?;
    let moves: Vec<Slide> = match board.metric() {
        MetricKind::Mtm => notation.parse_slides(moves).collect::<Result<_, _>>(),
        _ => notation
            .parse_moves(moves)
            .map(|dir| dir.map(Slide::from))
            .collect::<Result<_, _>>(),
    }
    .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let start = match position {
        Some(position) => positions::position(board, position)?,
        None => undone(board, &goal, &moves, notation)?,
    };
    let distance_of = |cells: &Cells| {
        ask(py, board, Limits::new(None, None, None)?, |budget| {
            board.distance(cells.as_slice(), goal.as_slice(), budget)
        })
    };
    let Some(optimal) = distance_of(&start)? else {
        return Err(PyValueError::new_err(
            "the position cannot reach the target",
        ));
    };
    let graded = PyDict::new(py);
    let mut before = optimal;
    let mut current = start;
    let mut list = Vec::with_capacity(moves.len());
    for (index, &slide) in moves.iter().enumerate() {
        let letter = slide.written(notation).to_string();
        current = slid(board, &current, slide)?.ok_or_else(|| {
            PyValueError::new_err(format!(
                "move {} ({letter}) cannot be made: it moves into the edge",
                index + 1
            ))
        })?;
        let after = distance_of(&current)?.expect("a board one move from a reachable one reaches");
        let row = PyDict::new(py);
        row.set_item("move", letter)?;
        row.set_item("before", before)?;
        row.set_item("after", after)?;
        row.set_item("mistake", after >= before)?;
        list.push(row);
        before = after;
    }
    match before {
        0 => {}
        1 => {
            return Err(PyValueError::new_err(
                "the moves end one move short of the target",
            ));
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "the moves end {before} moves short of the target"
            )));
        }
    }
    graded.set_item("length", moves.len())?;
    graded.set_item("optimal", optimal)?;
    graded.set_item("diff", moves.len() - usize::from(optimal))?;
    graded.set_item("moves", list)?;
    Ok(graded)
}

/// `cells` after `slide` on `board`, or `None` when it runs into the
/// edge.
fn slid(board: &dyn AnyBoard, cells: &Cells, slide: Slide) -> PyResult<Option<Cells>> {
    let mut cells = *cells;
    for dir in slide.steps() {
        match board.moved(cells.as_slice(), dir).map_err(board_error)? {
            Some(moved) => cells = Cells::from_slice(&moved),
            None => return Ok(None),
        }
    }
    Ok(Some(cells))
}

/// The position that `moves` solve: the moves undone from `goal`, last
/// first.
fn undone(
    board: &dyn AnyBoard,
    goal: &Cells,
    moves: &[Slide],
    notation: Notation,
) -> PyResult<Cells> {
    let mut cells = *goal;
    for (index, &slide) in moves.iter().enumerate().rev() {
        let undo = Slide::new(slide.dir.opposite(), slide.tiles);
        cells = slid(board, &cells, undo)?.ok_or_else(|| {
            PyValueError::new_err(format!(
                "no position reaches the target with these moves: move {} ({}) would have to come from off the board",
                index + 1,
                slide.written(notation)
            ))
        })?;
    }
    Ok(cells)
}

/// `count` boards drawn uniformly among those that reach `target`, or
/// with `distance` among those exactly that many moves from it (tabled
/// boards only), as a numpy array of `uint8`, one board a row. The same
/// `seed` draws the same boards, the ones `puzzle-oracle random` draws
/// with `--seed`; `None` draws from the clock. `distance` counts moves in
/// `metric`, `"stm"` or `"mtm"`.
#[pyfunction]
#[pyo3(signature = (board, count=1, *, target=None, distance=None, seed=None, metric="stm"))]
fn random<'py>(
    py: Python<'py>,
    board: &str,
    count: usize,
    target: Option<&Bound<'py, PyAny>>,
    distance: Option<u8>,
    seed: Option<u64>,
    metric: &str,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let board = positions::board_in(board, metric)?;
    let goal = positions::target(board, target)?;
    let mut drawer = board.drawer(goal.as_slice(), distance).map_err(|error| {
        PyValueError::new_err(match error {
            puzzle_oracle::DrawError::Sample(_) if board.engine() == Engine::Search => format!(
                "distance needs a complete table, and the {} board has none",
                board.name()
            ),
            _ => error.to_string(),
        })
    })?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64)
    });
    let mut random = SplitMix64::new(seed);
    let cells = board.geometry().cells();
    let mut flat = Vec::new();
    count
        .checked_mul(cells)
        .and_then(|total| flat.try_reserve_exact(total).ok())
        .ok_or_else(|| {
            pyo3::exceptions::PyMemoryError::new_err(format!(
                "{count} boards of {cells} cells do not fit in memory"
            ))
        })?;
    for drawn in 0..count {
        // A large draw holds the GIL: let Ctrl-C in now and then.
        if drawn % 4096 == 4095 {
            py.check_signals()?;
        }
        flat.extend(drawer(&mut || random.next_u64()));
    }
    numpy::PyArray1::from_vec(py, flat).reshape([count, cells])
}

/// How many boards lie at each distance from `target` (the standard goal
/// when `None`): `counts[d]` boards are `d` moves away in `metric`
/// (`"stm"` or `"mtm"`). As the command's `stats`: from the board's
/// complete table; 4x4's published counts (the blank in a corner, a tile
/// a move); on 3x4 and 2x6 (and their transposes), a breadth-first search
/// over every board, about 15 s on two cores, on `threads` threads (every
/// core when `None`), said on `sys.stderr`. Another searched board, or a
/// 4x4 target with its blank off the corners: `ValueError`.
#[pyfunction]
#[pyo3(signature = (board, target=None, *, metric="stm", threads=None))]
fn stats(
    py: Python<'_>,
    board: &str,
    target: Option<&Bound<'_, PyAny>>,
    metric: &str,
    threads: Option<usize>,
) -> PyResult<Vec<u64>> {
    let board = positions::board_in(board, metric)?;
    let goal = positions::target(board, target)?;
    let counts = board
        .depth_counts(goal.as_slice())
        .map_err(board_error)?
        .map_err(|no| PyValueError::new_err(no.to_string()))?;
    let threads = limits::threads_or_all(threads)?;
    if counts.searches() {
        tiers::say(
            py,
            &format!(
                "puzzle-oracle: counting {}'s boards by breadth-first search (about 15 s on two cores)",
                board.name()
            ),
        );
    }
    Ok(py.detach(|| counts.count(threads)))
}

/// The boards this package answers, by shape (`"2x2"`, ..., `"4x4"`).
#[pyfunction]
fn board_names() -> Vec<&'static str> {
    boards().map(|board| board.name()).collect()
}

/// What `board` is: a dict with its `name` (its shape), `rows`, `cols`,
/// `cells` and `engine` (`"tables"` or `"search"`).
#[pyfunction]
fn board_info<'py>(py: Python<'py>, board: &str) -> PyResult<Bound<'py, PyDict>> {
    let board = positions::board(board)?;
    let info = PyDict::new(py);
    let geometry = board.geometry();
    info.set_item("name", board.name())?;
    info.set_item("rows", geometry.rows())?;
    info.set_item("cols", geometry.cols())?;
    info.set_item("cells", geometry.cells())?;
    info.set_item(
        "engine",
        match board.engine() {
            Engine::Tables => "tables",
            Engine::Search => "search",
        },
    )?;
    Ok(info)
}

/// The goal position of `board`: `"first"` (`0 1 2 ...`, the standard
/// goal) or `"last"` (`1 2 ... 0`), as a list.
#[pyfunction]
#[pyo3(signature = (board, which="first"))]
fn goal(py: Python<'_>, board: &str, which: &str) -> PyResult<Vec<u32>> {
    let board = positions::board(board)?;
    if !(which.eq_ignore_ascii_case("first") || which.eq_ignore_ascii_case("last")) {
        return Err(PyValueError::new_err(format!(
            "which goal: `first` or `last`, not `{which}`"
        )));
    }
    let which = pyo3::types::PyString::new(py, which);
    // As numbers: a `Vec<u8>` would reach Python as `bytes`.
    Ok(positions::target(board, Some(which.as_any()))?
        .as_slice()
        .iter()
        .map(|&tile| u32::from(tile))
        .collect())
}

/// Builds `board`'s databases in `metric` into the cache now and returns
/// their paths: 4x4's strong tier (about 215 MB, two minutes on two
/// cores) is built only this way (or by `puzzle-oracle tables build
/// 4x4`), and used from then on; the others are otherwise built on their
/// board's first question (with `metric="mtm"`, the multi-tile databases
/// of the boards of 12 to 16 cells). Progress goes to `sys.stderr`.
#[pyfunction]
#[pyo3(signature = (board, *, metric="stm"))]
fn build_tables(py: Python<'_>, board: &str, metric: &str) -> PyResult<Vec<String>> {
    let board = positions::board_in(board, metric)?;
    tiers::build(py, board)
}

/// The directory of the cached databases: `$PUZZLE_ORACLE_CACHE`, else
/// `puzzle-oracle` in the platform's cache directory.
#[pyfunction]
fn cache_dir() -> PyResult<String> {
    tiers::directory()
}

/// The fewest moves that solve the Gap `layout` (text of four lines of
/// seven cards, or four rows of seven card codes), or `None` when nothing
/// solves it.
#[pyfunction]
fn gap_distance(py: Python<'_>, layout: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    let layout = gap::layout(layout)?;
    Ok(gap::min_moves(py, &layout))
}

/// An optimal solution of the Gap `layout`: the cards moved, in order,
/// as their two-digit codes; `None` when nothing solves it.
#[pyfunction]
fn gap_solution(py: Python<'_>, layout: &Bound<'_, PyAny>) -> PyResult<Option<Vec<String>>> {
    let layout = gap::layout(layout)?;
    Ok(gap::solution(py, &layout))
}

/// `moves` (single-tile steps) as letters in `notation`, as `board`'s
/// metric writes them: in the multi-tile metric each run of one letter
/// is one slide, written with its count.
fn written(board: &dyn AnyBoard, notation: Notation, moves: &[Direction]) -> String {
    let counts = board.metric() == MetricKind::Mtm;
    notation.write(moves.iter().copied(), counts).to_string()
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // numpy's C interface, loaded now: loaded on a first use instead, a
    // Ctrl-C pending there would surface as a panic.
    drop(numpy::PyArray1::<i16>::from_vec(m.py(), Vec::new()));
    tiers::report_lazy_builds();
    m.add("BudgetExceeded", m.py().get_type::<BudgetExceeded>())?;
    m.add("IMPOSSIBLE", batch::IMPOSSIBLE)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(solution, m)?)?;
    m.add_function(wrap_pyfunction!(hints, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(solutions, m)?)?;
    m.add_function(wrap_pyfunction!(lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(random, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(board_names, m)?)?;
    m.add_function(wrap_pyfunction!(board_info, m)?)?;
    m.add_function(wrap_pyfunction!(goal, m)?)?;
    m.add_function(wrap_pyfunction!(build_tables, m)?)?;
    m.add_function(wrap_pyfunction!(cache_dir, m)?)?;
    m.add_function(wrap_pyfunction!(gap_distance, m)?)?;
    m.add_function(wrap_pyfunction!(gap_solution, m)?)?;
    Ok(())
}
