//! The boards by shape at run time: each board type of the crate behind
//! one object-safe trait, so that the exported functions are written once.

#[cfg(feature = "search")]
use core::cell::RefCell;
use core::fmt;

use puzzle_oracle::catalog::{self, TabledVisitor};
use puzzle_oracle::{Board, Direction, Notation, Puzzle, Sampler, SplitMix64, Tabled};

#[cfg(feature = "search")]
use puzzle_oracle::{Searched, Solver, catalog::SearchedVisitor};

use crate::Solved;

/// What went wrong, in words for the page.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl Error {
    fn of(error: impl fmt::Display) -> Error {
        Error(error.to_string())
    }
}

/// A search's report to the page: a JavaScript function given the nodes
/// so far, or nothing.
#[cfg_attr(
    not(feature = "search"),
    allow(dead_code, reason = "only the searches report progress")
)]
pub struct Progress(Option<js_sys::Function>);

impl Progress {
    pub fn new(callback: Option<js_sys::Function>) -> Progress {
        Progress(callback)
    }

    /// Tells the page, and keeps going: a search is stopped by ending its
    /// worker.
    #[cfg(feature = "search")]
    fn report(&mut self, nodes: u64) -> bool {
        if let Some(callback) = &self.0 {
            // A callback that throws is the page's bug, not a reason to stop.
            #[allow(
                clippy::cast_precision_loss,
                reason = "a node count shown to people: above 2^53 the last digits do not matter"
            )]
            let _ = callback.call1(&wasm_bindgen::JsValue::NULL, &(nodes as f64).into());
        }
        true
    }
}

/// The answers of one board type.
pub trait AnyBoard {
    fn goal(&self, last: bool) -> Vec<u8>;
    fn parse(&self, text: &str) -> Result<Vec<u8>, Error>;
    fn solve(&self, start: &[u8], target: &[u8], progress: &mut Progress) -> Result<Solved, Error>;
    fn hints(
        &self,
        start: &[u8],
        target: &[u8],
        progress: &mut Progress,
    ) -> Result<Option<String>, Error>;
    fn count(&self, start: &[u8], target: &[u8]) -> Result<Option<u64>, Error>;
    fn scramble(&self, target: &[u8], distance: Option<u8>, seed: u64) -> Result<Vec<u8>, Error>;
}

/// The board of `shape` (`3x3`, `4x4`, or a name such as `eight`), if this
/// module answers it.
pub fn find(shape: &str) -> Result<&'static dyn AnyBoard, Error> {
    let Some(spec) = catalog::lookup(shape) else {
        return Err(Error(format!("`{shape}` is not a board this page knows")));
    };
    if let Some(board) = catalog::visit_tabled(spec.geometry, FindTabled) {
        return Ok(board);
    }
    #[cfg(feature = "search")]
    if let Some(board) = catalog::visit_searched(spec.geometry, FindSearched) {
        return Ok(board);
    }
    Err(Error(format!(
        "this module does not answer {}: it is in another of the page's modules",
        spec.name
    )))
}

struct FindTabled;

impl TabledVisitor for FindTabled {
    type Output = &'static dyn AnyBoard;

    fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
    where
        Board<N, COLS>: Tabled,
    {
        &TabledBoard::<N, COLS>
    }
}

/// A board answered from its complete tables.
struct TabledBoard<const N: usize, const COLS: usize>;

impl<const N: usize, const COLS: usize> AnyBoard for TabledBoard<N, COLS>
where
    Board<N, COLS>: Tabled,
{
    fn goal(&self, last: bool) -> Vec<u8> {
        goal::<N, COLS>(last)
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, Error> {
        parse::<N, COLS>(text)
    }

    fn solve(&self, start: &[u8], target: &[u8], _: &mut Progress) -> Result<Solved, Error> {
        let (start, target) = (board::<N, COLS>(start)?, board::<N, COLS>(target)?);
        let solution = start.solution_to(&target);
        Ok(solved(solution, 0))
    }

    fn hints(
        &self,
        start: &[u8],
        target: &[u8],
        _: &mut Progress,
    ) -> Result<Option<String>, Error> {
        let (start, target) = (board::<N, COLS>(start)?, board::<N, COLS>(target)?);
        Ok(start
            .optimal_moves_to(&target)
            .map(|moves| moves.into_iter().map(Direction::letter).collect()))
    }

    fn count(&self, start: &[u8], target: &[u8]) -> Result<Option<u64>, Error> {
        let (start, target) = (board::<N, COLS>(start)?, board::<N, COLS>(target)?);
        Ok(start.count_optimal_solutions_to(&target))
    }

    fn scramble(&self, target: &[u8], distance: Option<u8>, seed: u64) -> Result<Vec<u8>, Error> {
        let target = board::<N, COLS>(target)?;
        let sampler = match distance {
            Some(distance) => Sampler::at_distance(&target, distance).map_err(Error::of)?,
            None => Sampler::reachable(&target),
        };
        let mut random = SplitMix64::new(seed);
        Ok(sampler.draw(&mut || random.next_u64()).cells().to_vec())
    }
}

#[cfg(feature = "search")]
struct FindSearched;

#[cfg(feature = "search")]
impl SearchedVisitor for FindSearched {
    type Output = &'static dyn AnyBoard;

    fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
    where
        Board<N, COLS>: Searched,
    {
        &SearchedBoard::<N, COLS>
    }
}

/// A board answered by search over its pattern databases.
#[cfg(feature = "search")]
struct SearchedBoard<const N: usize, const COLS: usize>;

#[cfg(feature = "search")]
thread_local! {
    /// One solver for every call: it remembers its last answer, so the
    /// good moves of the board just solved need no search for its
    /// distance.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

#[cfg(feature = "search")]
impl<const N: usize, const COLS: usize> AnyBoard for SearchedBoard<N, COLS>
where
    Board<N, COLS>: Searched,
{
    fn goal(&self, last: bool) -> Vec<u8> {
        goal::<N, COLS>(last)
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, Error> {
        parse::<N, COLS>(text)
    }

    fn solve(&self, start: &[u8], target: &[u8], progress: &mut Progress) -> Result<Solved, Error> {
        let (start, target) = (board::<N, COLS>(start)?, board::<N, COLS>(target)?);
        SOLVER.with_borrow_mut(|solver| {
            let solution = solver
                .solve_while(&start, &target, |nodes| progress.report(nodes))
                .map_err(Error::of)?;
            Ok(solved(solution, solver.nodes()))
        })
    }

    fn hints(
        &self,
        start: &[u8],
        target: &[u8],
        progress: &mut Progress,
    ) -> Result<Option<String>, Error> {
        let (start, target) = (board::<N, COLS>(start)?, board::<N, COLS>(target)?);
        let moves = SOLVER
            .with_borrow_mut(|solver| {
                solver.optimal_moves_while(&start, &target, |nodes| progress.report(nodes))
            })
            .map_err(Error::of)?;
        Ok(moves.map(|moves| moves.into_iter().map(Direction::letter).collect()))
    }

    fn count(&self, start: &[u8], target: &[u8]) -> Result<Option<u64>, Error> {
        board::<N, COLS>(start)?;
        board::<N, COLS>(target)?;
        Ok(None)
    }

    fn scramble(&self, target: &[u8], distance: Option<u8>, seed: u64) -> Result<Vec<u8>, Error> {
        let target = board::<N, COLS>(target)?;
        if distance.is_some() {
            return Err(Error(
                "a board at an exact distance needs a complete table: only the boards up to 10 cells have one"
                    .into(),
            ));
        }
        let mut random = SplitMix64::new(seed);
        Ok(Board::random_reaching(&target, &mut || random.next_u64())
            .cells()
            .to_vec())
    }
}

fn goal<const N: usize, const COLS: usize>(last: bool) -> Vec<u8>
where
    Board<N, COLS>: Puzzle,
{
    let goal = if last {
        Board::goal_last()
    } else {
        Board::goal()
    };
    goal.cells().to_vec()
}

fn parse<const N: usize, const COLS: usize>(text: &str) -> Result<Vec<u8>, Error>
where
    Board<N, COLS>: Puzzle,
{
    Ok(Board::<N, COLS>::parse(text)
        .map_err(Error::of)?
        .cells()
        .to_vec())
}

/// The board of `cells`, checked as the crate checks any board.
fn board<const N: usize, const COLS: usize>(cells: &[u8]) -> Result<Board<N, COLS>, Error>
where
    Board<N, COLS>: Puzzle,
{
    let cells: [u8; N] = cells.try_into().map_err(|_| {
        Error(format!(
            "a board of {N} cells was expected, found {}",
            cells.len()
        ))
    })?;
    Board::new(cells).map_err(Error::of)
}

fn solved<I: Iterator<Item = Direction>>(solution: Option<I>, nodes: u64) -> Solved {
    #[allow(
        clippy::cast_precision_loss,
        reason = "a node count shown to people: above 2^53 the last digits do not matter"
    )]
    let nodes = nodes as f64;
    match solution {
        Some(moves) => {
            let solution: String = moves.map(Direction::letter).collect();
            Solved {
                distance: Some(u8::try_from(solution.len()).unwrap_or(u8::MAX)),
                solution,
                nodes,
            }
        }
        None => Solved {
            distance: None,
            solution: String::new(),
            nodes,
        },
    }
}

/// The notation a name means.
fn notation(name: &str) -> Result<Notation, Error> {
    match name {
        "blank" => Ok(Notation::Blank),
        "tile" => Ok(Notation::Tile),
        _ => Err(Error(format!(
            "`{name}` is not a notation: `blank` or `tile`"
        ))),
    }
}

/// `moves`, the blank's letters, written in the notation named `name`.
pub fn write_moves(moves: &str, name: &str, compact: bool) -> Result<String, Error> {
    let notation = notation(name)?;
    // The letters alone, not the crate's `Notation::parse_moves` (counts,
    // spaces): these come from `solve`, and that reader would add 9.6 KB
    // to the tabled module, past its 400 KB.
    let dirs: Result<Vec<Direction>, Error> = moves
        .chars()
        .map(|letter| {
            Direction::from_letter(letter)
                .ok_or_else(|| Error(format!("`{letter}` is not one of the letters U D L R")))
        })
        .collect();
    Ok(notation.write(dirs?, compact).to_string())
}
