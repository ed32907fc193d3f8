//! Reading cases, whatever the board: one case a line (a start, or a
//! start and a target), the Eight Puzzle's stream of numbers, `-b` and
//! `--target`. Every command reads its boards through these.

use std::collections::VecDeque;
use std::io::Read;

use anyhow::{Result, anyhow};
use puzzle_oracle::{Board, BoardError, Puzzle};

use super::input::{Lines, quoted};

/// One question: the fewest moves from `start` to `target`.
#[derive(Clone, Copy, Debug)]
pub struct Case<const N: usize, const COLS: usize> {
    pub start: Board<N, COLS>,
    pub target: Board<N, COLS>,
    /// Whether the target was given (by the case or `--target`), not the
    /// standard goal by default.
    pub own_target: bool,
}

/// How cases are laid out in the input.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    /// One case a line: `N` numbers (a start) or `2N` (a start and a
    /// target), or a grid of the board's rows. The Seven Puzzle's format, and
    /// `solve`'s.
    CasePerLine,
    /// A stream of numbers in any layout, a start and a target per case
    /// (the Eight Puzzle's format).
    NumberStream,
}

/// `--target`: a board, or a goal by name (`first`: `0 1 ... N-1`;
/// `last`: `1 2 ... N-1 0`); `None` when absent (the standard goal).
pub fn parse_target<const N: usize, const COLS: usize>(
    text: Option<&str>,
) -> Result<Option<Board<N, COLS>>>
where
    Board<N, COLS>: Puzzle,
{
    let Some(text) = text else {
        return Ok(None);
    };
    let word = text.trim_ascii();
    let board = match () {
        () if word.eq_ignore_ascii_case("first") => Board::goal(),
        () if word.eq_ignore_ascii_case("last") => Board::goal_last(),
        () => Board::parse(text).map_err(|error| {
            anyhow!("--target: {}", describe(&error, |at| nth_number(text, at)))
        })?,
    };
    Ok(Some(board))
}

/// A case from one line or `-b`: `N` numbers (a start, solved to `target`
/// or the standard goal) or `2N` (a start and its target, when no
/// `target` is given).
///
/// One pass over the text, no allocation: a million-line file reads at
/// the speed of the lookups. A bad case is looked at again to say why.
pub fn parse_case<const N: usize, const COLS: usize>(
    text: &str,
    target: Option<Board<N, COLS>>,
) -> Result<Case<N, COLS>, String>
where
    Board<N, COLS>: Puzzle,
{
    if text.contains('/') {
        return rows_case(text, target);
    }
    let mut tokens = text.split_ascii_whitespace();
    if let Ok(start) = Board::from_tokens(tokens.by_ref().take(N)) {
        match (tokens.next(), target) {
            (None, _) => {
                return Ok(Case {
                    start,
                    own_target: target.is_some(),
                    target: target.unwrap_or_else(Board::goal),
                });
            }
            (Some(first), None) => {
                if let Ok(target) = Board::from_tokens(std::iter::once(first).chain(tokens)) {
                    return Ok(Case {
                        start,
                        target,
                        own_target: true,
                    });
                }
            }
            (Some(_), Some(_)) => {}
        }
    }
    Err(case_error::<N, COLS>(text, target.is_some()))
}

/// A case in the `/` form: the board's rows separated by `/` (a start), or
/// twice as many (a start, then its target, when no `target` is given).
fn rows_case<const N: usize, const COLS: usize>(
    text: &str,
    target: Option<Board<N, COLS>>,
) -> Result<Case<N, COLS>, String>
where
    Board<N, COLS>: Puzzle,
{
    let rows = N / COLS;
    let found = text.split('/').count();
    let board = |text: &str, what: &str| {
        Board::<N, COLS>::parse(text)
            .map_err(|error| format!("{what}{}", describe(&error, |at| nth_number(text, at))))
    };
    match (found, target) {
        (found, _) if found == rows => Ok(Case {
            start: board(text, "")?,
            own_target: target.is_some(),
            target: target.unwrap_or_else(Board::goal),
        }),
        (found, None) if found == 2 * rows => {
            let split = text
                .match_indices('/')
                .nth(rows - 1)
                .map_or(text.len(), |(at, _)| at);
            Ok(Case {
                start: board(&text[..split], "start: ")?,
                target: board(&text[split + 1..], "target: ")?,
                own_target: true,
            })
        }
        (found, Some(_)) => Err(format!(
            "expected {rows} rows (the target is given), found {found}"
        )),
        (found, None) => Err(format!(
            "expected {rows} rows, or {} for a start and a target, found {found}",
            2 * rows
        )),
    }
}

/// Why `text` is not a case: the count first, then the first bad board.
#[cold]
fn case_error<const N: usize, const COLS: usize>(text: &str, target_given: bool) -> String
where
    Board<N, COLS>: Puzzle,
{
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let why =
        |tokens: &[&str], what: &str| match Board::<N, COLS>::from_tokens(tokens.iter().copied()) {
            Ok(_) => None,
            Err(error) => {
                let quoted = describe(&error, |at| tokens.get(at - 1).copied().unwrap_or_default());
                Some(format!("{what}{quoted}"))
            }
        };
    let found = tokens.len();
    // A word that is no number says more than the count it spoils.
    if found != N
        && (target_given || found != 2 * N)
        && let Some(word) = tokens
            .iter()
            .find(|word| !word.bytes().all(|b| b.is_ascii_digit()))
    {
        return format!("{} is not a number", quoted(word));
    }
    let reason = match (found, target_given) {
        (found, _) if found == N => why(&tokens, ""),
        (found, false) if found == 2 * N => {
            why(&tokens[..N], "start: ").or_else(|| why(&tokens[N..], "target: "))
        }
        (found, true) => Some(format!(
            "expected {N} numbers (the target is given), found {found}"
        )),
        (found, false) => Some(format!("expected {N} or {} numbers, found {found}", 2 * N)),
    };
    reason.unwrap_or_else(|| unreachable!("a case that parses is not an error"))
}

/// The cases of a reader, one at a time; an error is the last item.
fn until_error<T>(mut next: impl FnMut() -> Option<Result<T>>) -> impl Iterator<Item = Result<T>> {
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let item = next()?;
        failed = item.is_err();
        Some(item)
    })
}

/// One case a line; blank lines are skipped; a grid of the board's rows,
/// one a line, is a start too.
pub fn case_per_line<const N: usize, const COLS: usize>(
    mut lines: Lines<impl Read>,
    target: Option<Board<N, COLS>>,
) -> impl Iterator<Item = Result<Case<N, COLS>>>
where
    Board<N, COLS>: Puzzle,
{
    let mut cases = CaseLines::new(target);
    until_error(move || {
        loop {
            let (number, line) = match lines.next_line() {
                Ok(Some(numbered)) => numbered,
                Ok(None) => return cases.finish().map(Err),
                Err(error) => return Some(Err(error)),
            };
            if let Some(case) = cases.feed(number, line) {
                return Some(case);
            }
        }
    })
}

/// Turns lines into cases: a line of `N` or `2N` numbers (or of rows
/// separated by `/`) is a case; `R` consecutive lines of the board's width
/// are a grid, one start. Blank lines are skipped, between grids too.
pub struct CaseLines<const N: usize, const COLS: usize> {
    target: Option<Board<N, COLS>>,
    /// The rows of a grid read so far, joined by `/`, and the line of
    /// each.
    grid: String,
    grid_lines: Vec<u64>,
}

impl<const N: usize, const COLS: usize> CaseLines<N, COLS>
where
    Board<N, COLS>: Puzzle,
{
    pub fn new(target: Option<Board<N, COLS>>) -> Self {
        CaseLines {
            target,
            grid: String::new(),
            grid_lines: Vec::new(),
        }
    }

    /// The case line `number` completes, if any.
    pub fn feed(&mut self, number: u64, line: &str) -> Option<Result<Case<N, COLS>>> {
        let blank = line.trim_ascii().is_empty();
        let is_row = |line: &str| {
            COLS < N && !line.contains('/') && line.split_ascii_whitespace().count() == COLS
        };
        if self.grid_lines.is_empty() {
            if blank {
                return None;
            }
            // A whole case on one line is the common case: tried first, so
            // that it costs nothing more than its parse.
            let case = parse_case(line, self.target);
            if case.is_ok() || !is_row(line) {
                return Some(case.map_err(|why| anyhow!("line {number}: {why}")));
            }
            self.grid.clear();
        } else if blank || !is_row(line) {
            return Some(Err(self.cut_short(number)));
        } else {
            self.grid.push('/');
        }
        // A row's numbers are checked as it is read, so that an error names
        // its line.
        let first = self.grid_lines.len() * COLS;
        for (column, token) in line.split_ascii_whitespace().enumerate() {
            if let Err(error) = Board::<N, COLS>::parse_tile(token, first + column + 1) {
                self.grid_lines.clear();
                return Some(Err(anyhow!(
                    "line {number}: {}",
                    describe(&error, |_| token)
                )));
            }
        }
        self.grid.push_str(line);
        self.grid_lines.push(number);
        if self.grid_lines.len() < N / COLS {
            return None;
        }
        // Every number is a tile: what is still wrong can only be a
        // repeated one, named on the line of its second appearance.
        let case = parse_case(&self.grid, self.target).map_err(|why| {
            let row = self.repeated_row().unwrap_or(0);
            anyhow!("line {}: {why}", self.grid_lines[row])
        });
        self.grid_lines.clear();
        Some(case)
    }

    /// The row of the grid where a tile appears for the second time.
    fn repeated_row(&self) -> Option<usize> {
        let mut seen = [false; N];
        for (index, token) in self
            .grid
            .split(|c: char| c.is_ascii_whitespace() || c == '/')
            .filter(|item| !item.is_empty())
            .enumerate()
        {
            let tile = usize::from(Board::<N, COLS>::parse_tile(token, 1).ok()?);
            if std::mem::replace(&mut seen[tile], true) {
                return Some(index / COLS);
            }
        }
        None
    }

    /// At the end of input: a grid cut short, if any.
    pub fn finish(&self) -> Option<anyhow::Error> {
        (!self.grid_lines.is_empty()).then(|| self.cut_short(0))
    }

    fn cut_short(&self, at: u64) -> anyhow::Error {
        let rows = N / COLS;
        let end = if at == 0 {
            "the input ended".to_string()
        } else {
            format!("line {at} is not a row")
        };
        let read = self.grid_lines.len();
        let plural = if read == 1 { "" } else { "s" };
        anyhow!(
            "line {}: a grid of {rows} rows of {COLS} has {read} row{plural}: {end}",
            self.grid_lines[0]
        )
    }
}

/// A stream of numbers, any whitespace and line breaks between them; a
/// case is a start and a target, or only a start when the target is given
/// on the command line. One line may hold several cases, or part of one.
pub fn number_stream<const N: usize, const COLS: usize>(
    mut lines: Lines<impl Read>,
    target: Option<Board<N, COLS>>,
) -> impl Iterator<Item = Result<Case<N, COLS>>>
where
    Board<N, COLS>: Puzzle,
{
    let boards_per_case = if target.is_some() { 1 } else { 2 };
    let mut pending = CaseBuffer::<N, COLS>::new(boards_per_case);
    let mut ready: VecDeque<Result<Case<N, COLS>>> = VecDeque::new();
    let mut ended = false;
    until_error(move || {
        loop {
            if let Some(item) = ready.pop_front() {
                return Some(item);
            }
            if ended {
                return None;
            }
            let (number, line) = match lines.next_line() {
                Ok(Some(numbered)) => numbered,
                Ok(None) => {
                    ended = true;
                    if pending.is_empty() {
                        return None;
                    }
                    let hint = if target.is_none() && pending.len() == N {
                        " (a start and a target; with --target, a start only)"
                    } else {
                        ""
                    };
                    return Some(Err(anyhow!(
                        "line {}: truncated case: expected {} numbers, found {}{hint}",
                        pending.first_line,
                        N * boards_per_case,
                        pending.len()
                    )));
                }
                Err(error) => return Some(Err(error)),
            };
            // `/` between rows is read as a separator too.
            for token in line
                .split(|c: char| c.is_ascii_whitespace() || c == '/')
                .filter(|token| !token.is_empty())
            {
                if pending.is_empty() {
                    pending.first_line = number;
                }
                let position = pending.len() % N + 1;
                let tile = match Board::<N, COLS>::parse_tile(token, position) {
                    Ok(tile) => tile,
                    Err(error) => {
                        let why = describe(&error, |_| token);
                        ready.push_back(Err(anyhow!("line {number}: {why}")));
                        break;
                    }
                };
                if pending.push(tile, number) {
                    let case = pending.case(target);
                    let bad = case.is_err();
                    ready.push_back(case);
                    if bad {
                        break;
                    }
                }
            }
        }
    })
}

/// The numbers of the case being read, at most two boards' worth, and the
/// line each came from.
struct CaseBuffer<const N: usize, const COLS: usize> {
    tiles: Vec<u8>,
    lines: Vec<u64>,
    wanted: usize,
    first_line: u64,
}

impl<const N: usize, const COLS: usize> CaseBuffer<N, COLS>
where
    Board<N, COLS>: Puzzle,
{
    fn new(boards: usize) -> Self {
        CaseBuffer {
            tiles: Vec::with_capacity(2 * N),
            lines: Vec::with_capacity(2 * N),
            wanted: boards * N,
            first_line: 0,
        }
    }

    fn len(&self) -> usize {
        self.tiles.len()
    }

    fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Adds a tile read on `line`; whether that completes a case.
    fn push(&mut self, tile: u8, line: u64) -> bool {
        self.tiles.push(tile);
        self.lines.push(line);
        self.tiles.len() == self.wanted
    }

    /// Turns the completed buffer into a case and empties it.
    fn case(&mut self, target: Option<Board<N, COLS>>) -> Result<Case<N, COLS>> {
        let board = |first: usize, what: &str| {
            let tiles = &self.tiles[first..first + N];
            let cells: [u8; N] = tiles.try_into().expect("a board's worth of tiles");
            Board::new(cells).map_err(|error| {
                // Name the line of the tile that broke the board: for a
                // repeated tile, its second appearance.
                let at = match error {
                    BoardError::Repeated { tile } => tiles
                        .iter()
                        .enumerate()
                        .filter(|&(_, &t)| t == tile)
                        .nth(1)
                        .map_or(0, |(i, _)| i),
                    _ => 0,
                };
                anyhow!("line {}: {what}: {error}", self.lines[first + at])
            })
        };
        let start = board(0, "start")?;
        let target = match target {
            Some(target) => target,
            None => board(N, "target")?,
        };
        self.tiles.clear();
        self.lines.clear();
        Ok(Case {
            start,
            target,
            own_target: true,
        })
    }
}

/// Number `position` (from 1) of `text`, numbers separated by whitespace
/// or `/`.
pub fn nth_number(text: &str, position: usize) -> &str {
    text.split(|c: char| c.is_ascii_whitespace() || c == '/')
        .filter(|item| !item.is_empty())
        .nth(position - 1)
        .unwrap_or_default()
}

/// A board error in words, quoting the offending item; `item(position)`
/// gives the item at a position.
pub fn describe<'a>(error: &BoardError, item: impl Fn(usize) -> &'a str) -> String {
    match *error {
        BoardError::NotANumber { position } => {
            format!("{} is not a number", quoted(item(position)))
        }
        BoardError::OutOfRange { position, cells } => {
            format!(
                "{} is out of range: tiles are 0 to {}",
                quoted(item(position)),
                cells - 1
            )
        }
        _ => error.to_string(),
    }
}

/// Says once a run, on standard error, that `-t last` exists, when its
/// cases go to the standard goal (the blank first) by default and the
/// user probably meant the goal with the blank last, as speedsolvers
/// write it:
///
/// - a start cannot reach the standard goal but can reach the other;
/// - a start *is* the goal with the blank last;
/// - a `--board` case on a tabled board is at most half as far from the
///   other goal (a second lookup, so only for the one case given on the
///   line; a board about as far from both is no sign either way);
/// - at the end, when no case said it, the run was written in a
///   speedsolver's way: rows separated by `/` in `--board`, or
///   `--notation tile`.
///
/// The callers look at a case only while the note is pending.
#[derive(Debug)]
pub struct OtherGoalNote {
    said: bool,
    /// Whether a case went to the standard goal by default.
    defaulted: bool,
    /// How the run was written in a speedsolver's way, if it was.
    convention: Option<&'static str>,
    /// Whether a case's distance to the other goal is to be looked up.
    compare: bool,
}

/// Why a case calls for the note.
#[derive(Clone, Copy, Debug)]
pub enum OtherGoal {
    /// The start cannot reach the standard goal, but can the other.
    Unreachable,
    /// The start is the goal with the blank last, `answer` moves from the
    /// standard goal.
    IsIt { answer: usize },
    /// The start is `last` moves from the goal with the blank last, at
    /// most half the `answer` to the standard goal.
    Nearer { answer: usize, last: usize },
}

impl OtherGoalNote {
    /// The note of a run whose cases go to the standard goal by default,
    /// written in `convention` if a speedsolver's; `compare` when a case's
    /// distance to the other goal costs a lookup.
    pub fn new(convention: Option<&'static str>, compare: bool) -> Self {
        OtherGoalNote {
            said: false,
            defaulted: false,
            convention,
            compare,
        }
    }

    /// The note of a run with a target of its own: never said.
    pub fn never() -> Self {
        OtherGoalNote {
            said: true,
            defaulted: false,
            convention: None,
            compare: false,
        }
    }

    /// Whether the note still has to be said.
    pub fn pending(&self) -> bool {
        !self.said
    }

    /// Whether a case's distance to the other goal is to be compared.
    pub fn compares(&self) -> bool {
        self.compare
    }

    /// A case went to the standard goal by default.
    pub fn defaulted(&mut self) {
        self.defaulted = true;
    }

    /// Says the note about `start`, for `why`.
    pub fn about(&mut self, start: &str, why: OtherGoal) {
        let what = match why {
            OtherGoal::Unreachable => {
                format!("`{start}` cannot reach the standard goal (the blank first, `0 1 2 ...`)")
            }
            OtherGoal::IsIt { answer } => format!(
                "`{start}` is the goal with the blank last; the answer, {answer}, is to the \
                 standard goal (the blank first, `0 1 2 ...`)"
            ),
            OtherGoal::Nearer { answer, last } => format!(
                "`{start}` is {answer} moves from the standard goal (the blank first, `0 1 2 ...`), \
                 which is what was answered, and {last} from the goal with the blank last"
            ),
        };
        self.say(&what);
    }

    /// The run ended without a case saying the note: says it if the run
    /// was written in a speedsolver's way and a case went to the standard
    /// goal by default.
    pub fn finish(&mut self) {
        if let Some(convention) = self.convention.filter(|_| !self.said && self.defaulted) {
            self.say(&format!(
                "{convention} is how speedsolvers write, but the answers are to the standard goal \
                 (the blank first, `0 1 2 ...`)"
            ));
        }
    }

    fn say(&mut self, what: &str) {
        self.said = true;
        eprintln!(
            "puzzle-oracle: note: {what}; `-t last` solves to the goal with the blank last \
             (`1 2 ... 0`)"
        );
    }
}
