//! The page's WebAssembly: puzzle-oracle's sliding boards behind a few
//! functions of plain values (board shapes as `RxC` strings, boards as
//! arrays of tile numbers, moves as strings of the blank's letters), for
//! the page's worker (`static/worker.js`).
//!
//! Each module of the page is this crate built with one feature set (see
//! `Cargo.toml`): the boards up to 9 cells, 2x5 and 5x2, 4x4, or the other
//! searched boards. A shape the module was not built with is an error that
//! says so.
//!
//! The searched boards report their progress through a JavaScript callback
//! every 8,192 nodes; a search is stopped by ending its worker, so nothing
//! here waits on the page.

mod boards;

use wasm_bindgen::prelude::*;

use boards::{Progress, answered, find, in_words};
use puzzle_oracle::{Direction, MetricKind, SplitMix64};

/// The standard goal of `shape` (`0 1 ... N-1`), or with `last` the one
/// with the blank last (`1 2 ... N-1 0`).
///
/// # Errors
///
/// When this module does not answer `shape`.
#[wasm_bindgen]
pub fn goal(shape: &str, last: bool) -> Result<Vec<u8>, JsError> {
    let board = find(shape, "stm")?;
    Ok(if last {
        board.goal_last()
    } else {
        board.goal()
    })
}

/// The board that `text` writes, in any form the crate reads: numbers
/// separated by spaces or lines, or rows separated by `/`.
///
/// # Errors
///
/// What is wrong with `text`, as the crate's parser says it, or that this
/// module does not answer `shape`.
#[wasm_bindgen]
pub fn parse(shape: &str, text: &str) -> Result<Vec<u8>, JsError> {
    Ok(find(shape, "stm")?.parse(text).map_err(in_words)?)
}

/// One answer: the distance and an optimal solution.
#[wasm_bindgen(getter_with_clone)]
pub struct Solved {
    /// The fewest moves, or `undefined` when the target cannot be reached.
    pub distance: Option<u8>,
    /// An optimal solution, the blank's letters (`U D L R`); empty when
    /// the target cannot be reached.
    pub solution: String,
    /// The nodes the search expanded (0 for a tabled board).
    pub nodes: f64,
}

/// The fewest moves from `start` to `target` in `metric` (`stm`, a tile
/// a move, or `mtm`, a slide a move: the tabled boards) and an optimal
/// solution, as the blank's letters one tile a letter (in `mtm` each run
/// of one letter is one slide): a table read on the tabled boards, an
/// exact search on the others, which calls `progress` with its nodes so
/// far every 8,192 nodes.
///
/// # Errors
///
/// When a board is not a board of `shape`, or this module does not answer
/// `shape` in `metric`.
#[wasm_bindgen]
pub fn solve(
    shape: &str,
    metric: &str,
    start: &[u8],
    target: &[u8],
    progress: Option<js_sys::Function>,
) -> Result<Solved, JsError> {
    let board = find(shape, metric)?;
    let (solution, nodes) =
        Progress::new(progress).asking(|budget| board.solution(start, target, budget));
    let solution = answered(solution)?;
    let nodes = nodes as f64;
    Ok(match solution {
        Some(moves) => Solved {
            distance: Some(u8::try_from(moves_in(board.metric(), &moves)).unwrap_or(u8::MAX)),
            solution: moves.into_iter().map(Direction::letter).collect(),
            nodes,
        },
        None => Solved {
            distance: None,
            solution: String::new(),
            nodes,
        },
    })
}

/// Every optimal first move from `start` to `target` in `metric`, as the
/// blank's letters (`U D L R`), each slide of several tiles with its count
/// (`UU2R`: up one, up two, right one), or `undefined` when the target
/// cannot be reached; on a searched board by
/// `Oracle::optimal_moves_within`, with `progress` as for [`solve`].
///
/// # Errors
///
/// As [`solve`].
#[wasm_bindgen]
pub fn hints(
    shape: &str,
    metric: &str,
    start: &[u8],
    target: &[u8],
    progress: Option<js_sys::Function>,
) -> Result<Option<String>, JsError> {
    let board = find(shape, metric)?;
    let (hints, _) =
        Progress::new(progress).asking(|budget| board.optimal_moves(start, target, budget));
    Ok(answered(hints)?.map(|moves| moves.into_iter().map(|slide| slide.to_string()).collect()))
}

/// The number of distinct optimal solutions from `start` to `target` in
/// `metric`, on a tabled board; `undefined` on a searched board or when
/// the target cannot be reached.
///
/// # Errors
///
/// As [`solve`].
#[wasm_bindgen]
pub fn count(
    shape: &str,
    metric: &str,
    start: &[u8],
    target: &[u8],
) -> Result<Option<u64>, JsError> {
    let board = find(shape, metric)?;
    if board.engine() == puzzle_oracle::Engine::Search {
        // Counting searches again: not worth a visitor's wait here.
        board.can_reach(start, target).map_err(in_words)?;
        return Ok(None);
    }
    let counted =
        board.count_optimal_solutions(start, target, &mut puzzle_oracle::Budget::unlimited());
    Ok(answered(counted)?)
}

/// A board drawn uniformly among those that reach `target`, or (a tabled
/// board only) among those exactly `distance` moves from it in `metric`,
/// from the 64-bit seed `seed_high << 32 | seed_low`.
///
/// # Errors
///
/// When no board is `distance` moves from `target`, when `distance` is
/// asked of a searched board, or as [`solve`].
#[wasm_bindgen]
pub fn scramble(
    shape: &str,
    metric: &str,
    target: &[u8],
    distance: Option<u8>,
    seed_high: u32,
    seed_low: u32,
) -> Result<Vec<u8>, JsError> {
    let seed = u64::from(seed_high) << 32 | u64::from(seed_low);
    let mut draw = find(shape, metric)?
        .drawer(target, distance)
        .map_err(in_words)?;
    let mut random = SplitMix64::new(seed);
    Ok(draw(&mut || random.next_u64()))
}

/// The boards this module answers, smallest first (a wide board before
/// its transpose), each as its shape and engine: `3x3 tables`,
/// `4x4 search`. `build.sh` asks every module, so that the page's list of
/// boards is the crate's.
#[wasm_bindgen]
#[must_use]
pub fn boards() -> Vec<String> {
    puzzle_oracle::boards()
        .map(|board| {
            let engine = match board.engine() {
                puzzle_oracle::Engine::Tables => "tables",
                puzzle_oracle::Engine::Search => "search",
            };
            format!("{} {engine}", board.name())
        })
        .collect()
}

/// `slides` (the blank's letters with counts, as [`hints`] gives them)
/// written in `notation`, `blank` or `tile`, each slide apart: `UU2R` is
/// `DD2L` in `tile`.
///
/// # Errors
///
/// When `notation` is neither, or `slides` holds anything but `U D L R`
/// and digits.
#[wasm_bindgen]
pub fn write_slides(slides: &str, notation: &str) -> Result<String, JsError> {
    Ok(boards::write_slides(slides, notation)?)
}

/// How many moves `steps` are in `metric`: one a step, or one a run of
/// one direction (an optimal multi-tile solution never slides the same
/// way twice in a row).
fn moves_in(metric: MetricKind, steps: &[Direction]) -> usize {
    match metric {
        MetricKind::Mtm => steps.chunk_by(|a, b| a == b).count(),
        _ => steps.len(),
    }
}

/// `moves` (the blank's letters, as [`solve`] gives them) written in
/// `notation`, `blank` or `tile` (the direction the tile slides), with
/// `compact` each run as a letter and its count (`R3`).
///
/// # Errors
///
/// When `notation` is neither, or `moves` holds anything but `U D L R`.
#[wasm_bindgen]
pub fn write_moves(moves: &str, notation: &str, compact: bool) -> Result<String, JsError> {
    Ok(boards::write_moves(moves, notation, compact)?)
}
