//! The page's side of the crate's boards: the progress callback a search
//! reports to, and the errors in words for the page. The boards
//! themselves are the crate's [`puzzle_oracle::find_board`].

use core::cell::RefCell;
use core::fmt;

use puzzle_oracle::{AnyBoard, Budget, Direction, Memory, MetricKind, Notation, Outcome};

thread_local! {
    /// What the last search remembers (its pair, distance and first
    /// move): the page asks for the answer, then for the good moves of the
    /// same boards, which then need no search for the distance.
    static MEMORY: RefCell<Memory> = RefCell::new(Memory::default());
}

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

/// The board of `shape` (`3x3`, `4x4`, or a name such as `eight`)
/// answering in `metric` (`stm`, a tile a move, or `mtm`, a slide a
/// move), if this module answers it so.
pub fn find(shape: &str, metric: &str) -> Result<&'static dyn AnyBoard, Error> {
    let metric: MetricKind = metric.parse().map_err(Error::of)?;
    let board = puzzle_oracle::find_board(shape).map_err(|_| {
        Error(format!(
            "this module does not answer `{shape}`: it is in another of the page's modules, or no board"
        ))
    })?;
    board.in_metric(metric).ok_or_else(|| {
        Error(format!(
            "`{shape}` has no answers in the multi-tile metric here: only the boards up to 10 cells"
        ))
    })
}

/// A search's report to the page: a JavaScript function given the nodes
/// so far, or nothing. A search is stopped by ending its worker, so the
/// report always says go on.
pub struct Progress(Option<js_sys::Function>);

impl Progress {
    pub fn new(callback: Option<js_sys::Function>) -> Progress {
        Progress(callback)
    }

    /// Tells the page the nodes so far, and keeps going.
    fn report(&mut self, nodes: u64) -> bool {
        if let Some(callback) = &self.0 {
            // A callback that throws is the page's bug, not a reason to stop.
            let _ = callback.call1(&wasm_bindgen::JsValue::NULL, &(nodes as f64).into());
        }
        true
    }

    /// Asks `question` under a budget that reports here, and remembers
    /// what its search found for the next question.
    pub fn asking<T>(&mut self, question: impl FnOnce(&mut Budget<'_>) -> T) -> (T, u64) {
        let mut report = |nodes| self.report(nodes);
        let memory = MEMORY.take();
        let mut budget = Budget::unlimited().check(&mut report).with_memory(memory);
        let answer = question(&mut budget);
        MEMORY.set(budget.memory());
        (answer, budget.spent())
    }
}

/// The answer of a question whose search is never stopped from here.
pub fn answered<T>(
    outcome: Result<Outcome<T>, puzzle_oracle::BoardError>,
) -> Result<Option<T>, Error> {
    match outcome.map_err(Error::of)? {
        Outcome::Found(answer) => Ok(Some(answer)),
        Outcome::Impossible => Ok(None),
        Outcome::OverBudget | Outcome::Stopped => {
            Err(Error("the search was stopped before it ended".into()))
        }
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
    // to the tabled module.
    let dirs: Result<Vec<Direction>, Error> = moves
        .chars()
        .map(|letter| {
            Direction::from_letter(letter)
                .ok_or_else(|| Error(format!("`{letter}` is not one of the letters U D L R")))
        })
        .collect();
    Ok(notation.write(dirs?, compact).to_string())
}

/// `slides`, a set of slides in the blank's letters each with its count
/// (`UU2R`, as [`hints`](crate::hints) gives them), each written in the
/// notation named `name`.
pub fn write_slides(slides: &str, name: &str) -> Result<String, Error> {
    let notation = notation(name)?;
    slides
        .chars()
        .map(|c| match c {
            '0'..='9' => Ok(c),
            letter => Direction::from_letter(letter)
                .map(|dir| notation.letter(dir))
                .ok_or_else(|| Error(format!("`{letter}` is not one of the letters U D L R"))),
        })
        .collect()
}

/// `error` in words for the page.
pub fn in_words(error: impl fmt::Display) -> Error {
    Error::of(error)
}
