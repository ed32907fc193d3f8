//! The `seven` and `eight` commands: stream cases, answer each from the
//! tables.

use std::collections::VecDeque;
use std::io::{self, BufRead, IsTerminal, Write};

use anyhow::{Context, Result, anyhow};
use puzzle_oracle::{Board, BoardError, Direction, Tabled};

use super::SlidingArgs;
use super::input::{self, Lines, quoted};

/// One question: the fewest moves from `start` to `target`.
struct Case<const N: usize> {
    start: Board<N>,
    target: Board<N>,
}

/// How cases are laid out in the input.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    /// One start board a line (the Seven Puzzle's format).
    BoardPerLine,
    /// A stream of numbers in any layout, a start and a target per case
    /// (the Eight Puzzle's format).
    NumberStream,
}

pub fn run<const N: usize>(args: &SlidingArgs, format: Format) -> Result<()>
where
    Board<N>: Tabled,
{
    let target = match &args.target {
        Some(text) => Some(Board::<N>::parse(text).map_err(|error| {
            anyhow!("--target: {}", describe(&error, |at| nth_token(text, at)))
        })?),
        None => None,
    };
    let cases: Box<dyn Iterator<Item = Result<Case<N>>>> = if let Some(text) = &args.board {
        Box::new(std::iter::once(board_argument(text, target)))
    } else {
        let lines = Lines::new(input::open(args.file.as_deref())?);
        match format {
            Format::BoardPerLine => Box::new(boards_per_line(lines, target)),
            Format::NumberStream => Box::new(number_stream(lines, target)),
        }
    };
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut answered = Ok(());
    for case in cases {
        // A bad case ends the run; the answers before it stay.
        answered = case.and_then(|case| {
            write_answer(&mut out, &case, args)?;
            if interactive {
                out.flush()?;
            }
            Ok(())
        });
        if answered.is_err() {
            break;
        }
    }
    out.flush().context("cannot write output")?;
    answered
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

/// One board a line; blank lines are skipped.
fn boards_per_line<const N: usize>(
    mut lines: Lines<impl BufRead>,
    target: Option<Board<N>>,
) -> impl Iterator<Item = Result<Case<N>>>
where
    Board<N>: Tabled,
{
    let target = target.unwrap_or_else(Board::goal);
    until_error(move || {
        loop {
            let (number, line) = match lines.next_line() {
                Ok(Some(numbered)) => numbered,
                Ok(None) => return None,
                Err(error) => return Some(Err(error)),
            };
            if line.trim_ascii().is_empty() {
                continue;
            }
            let start = Board::parse(line).map_err(|error| {
                anyhow!(
                    "line {number}: {}",
                    describe(&error, |at| nth_token(line, at))
                )
            });
            return Some(start.map(|start| Case { start, target }));
        }
    })
}

/// A stream of numbers, any whitespace and line breaks between them; a
/// case is a start and a target, or only a start when the target is given
/// on the command line. One line may hold several cases, or part of one.
fn number_stream<const N: usize>(
    mut lines: Lines<impl BufRead>,
    target: Option<Board<N>>,
) -> impl Iterator<Item = Result<Case<N>>>
where
    Board<N>: Tabled,
{
    let boards_per_case = if target.is_some() { 1 } else { 2 };
    let mut pending = CaseBuffer::<N>::new(boards_per_case);
    let mut ready: VecDeque<Result<Case<N>>> = VecDeque::new();
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
                    return Some(Err(anyhow!(
                        "line {}: truncated case: expected {} numbers, found {}",
                        pending.first_line,
                        N * boards_per_case,
                        pending.len()
                    )));
                }
                Err(error) => return Some(Err(error)),
            };
            for token in line.split_ascii_whitespace() {
                if pending.is_empty() {
                    pending.first_line = number;
                }
                let position = pending.len() % N + 1;
                let tile = match Board::<N>::parse_tile(token, position) {
                    Ok(tile) => tile,
                    Err(error) => {
                        let why = describe(&error, |_| token);
                        ready.push_back(Err(anyhow!("line {number}: {why}")));
                        break;
                    }
                };
                if let Some(boards) = pending.push(tile, number) {
                    let case = pending.case(boards, target);
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
struct CaseBuffer<const N: usize> {
    tiles: Vec<u8>,
    lines: Vec<u64>,
    wanted: usize,
    first_line: u64,
}

impl<const N: usize> CaseBuffer<N>
where
    Board<N>: Tabled,
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

    /// Adds a tile read on `line`; when that completes a case, returns its
    /// tiles' count.
    fn push(&mut self, tile: u8, line: u64) -> Option<usize> {
        self.tiles.push(tile);
        self.lines.push(line);
        (self.tiles.len() == self.wanted).then_some(self.wanted)
    }

    /// Turns the completed buffer into a case and empties it.
    fn case(&mut self, count: usize, target: Option<Board<N>>) -> Result<Case<N>> {
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
        debug_assert_eq!(count, self.tiles.len());
        self.tiles.clear();
        self.lines.clear();
        Ok(Case { start, target })
    }
}

/// `-b/--board`: one case from the command line. `N` numbers are a start
/// (solved to `--target` or the standard goal); `2N` are a start and a
/// target.
fn board_argument<const N: usize>(text: &str, target: Option<Board<N>>) -> Result<Case<N>>
where
    Board<N>: Tabled,
{
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    let parse = |tokens: &[&str]| {
        Board::from_tokens(tokens.iter().copied()).map_err(|error| {
            anyhow!(
                "--board: {}",
                describe(&error, |at| tokens.get(at - 1).copied().unwrap_or_default())
            )
        })
    };
    if tokens.len() == 2 * N && target.is_none() {
        Ok(Case {
            start: parse(&tokens[..N])?,
            target: parse(&tokens[N..])?,
        })
    } else {
        Ok(Case {
            start: parse(&tokens)?,
            target: target.unwrap_or_else(Board::goal),
        })
    }
}

/// Item `position` (from 1) of whitespace-separated `text`.
pub(super) fn nth_token(text: &str, position: usize) -> &str {
    text.split_ascii_whitespace()
        .nth(position - 1)
        .unwrap_or_default()
}

/// A board error in words, quoting the offending item; `item(position)`
/// gives the item at a position.
pub(super) fn describe<'a>(error: &BoardError, item: impl Fn(usize) -> &'a str) -> String {
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

fn write_answer<const N: usize>(
    out: &mut impl Write,
    case: &Case<N>,
    args: &SlidingArgs,
) -> io::Result<()>
where
    Board<N>: Tabled,
{
    let solution = case.start.solution_to(&case.target);
    let hints = args
        .hints
        .then(|| case.start.optimal_moves_to(&case.target))
        .flatten();
    let solutions = args
        .count_solutions
        .then(|| case.start.count_optimal_solutions_to(&case.target))
        .flatten();
    if args.output.json {
        let moves: Option<String> = solution
            .clone()
            .map(|moves| moves.map(Direction::letter).collect());
        let mut value = serde_json::json!({
            "start": &case.start.cells()[..],
            "target": &case.target.cells()[..],
            "distance": solution.as_ref().map(ExactSizeIterator::len),
            "moves": moves,
        });
        if args.hints {
            value["hints"] = serde_json::json!(hints.map(|hints| hints.to_string()));
        }
        if args.count_solutions {
            value["optimal_solutions"] = serde_json::json!(solutions);
        }
        serde_json::to_writer(&mut *out, &value)?;
        return writeln!(out);
    }
    let Some(solution) = solution else {
        return writeln!(out, "Impossible");
    };
    write!(out, "{}", solution.len())?;
    if let Some(hints) = hints {
        // The target itself has no move to hint: a dash keeps the columns.
        let hints = if hints.is_empty() {
            "-".to_string()
        } else {
            hints.to_string()
        };
        write!(out, " {hints}")?;
    }
    if let Some(solutions) = solutions {
        write!(out, " {solutions}")?;
    }
    if args.output.moves && solution.len() > 0 {
        write!(out, " ")?;
        for dir in solution.clone() {
            write!(out, "{}", dir.letter())?;
        }
    }
    writeln!(out)?;
    if args.output.show {
        let mut board = case.start;
        writeln!(out, "{board:#}")?;
        for (step, dir) in solution.enumerate() {
            // The solution only yields moves that stay on the board.
            board = board.moved(dir).unwrap_or(board);
            writeln!(out, "{}. {}\n{board:#}", step + 1, dir.letter())?;
        }
        writeln!(out)?;
    }
    Ok(())
}
