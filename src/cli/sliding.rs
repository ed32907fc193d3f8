//! The tabled boards' commands (`seven`, `eight`, and `solve` on a board
//! up to 10 cells): stream cases, answer each from the tables.

use std::io::{self, IsTerminal, Write};

use anyhow::{Context, Result};
use puzzle_oracle::catalog::TabledVisitor;
use puzzle_oracle::{Board, Direction, Tabled};

use super::cases::{self, Case, Format, parse_case, parse_target};
use super::input::{self, Lines};
use super::{CaseArgs, TableArgs};

/// Answers the cases of `args` on the board `Board<N, COLS>`, laid out as
/// `format`.
pub fn run<const N: usize, const COLS: usize>(
    args: &CaseArgs,
    table: &TableArgs,
    format: Format,
) -> Result<()>
where
    Board<N, COLS>: Tabled,
{
    let target = parse_target::<N, COLS>(args.target.as_deref())?;
    let cases: Box<dyn Iterator<Item = Result<Case<N, COLS>>>> = match &args.board {
        Some(text) => Box::new(std::iter::once(
            parse_case(text, target).map_err(|why| anyhow::anyhow!("--board: {why}")),
        )),
        None => cases::read(
            Lines::new(input::open(args.file.as_deref())?),
            format,
            target,
        ),
    };
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut answered = Ok(());
    for case in cases {
        // A bad case ends the run; the answers before it stay.
        answered = case.and_then(|case| {
            write_answer(&mut out, &case, args, table)?;
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

/// [`run`] for a board chosen at run time.
pub struct Run<'a> {
    pub args: &'a CaseArgs,
    pub table: &'a TableArgs,
    pub format: Format,
}

impl TabledVisitor for Run<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Tabled,
    {
        run::<N, COLS>(self.args, self.table, self.format)
    }
}

fn write_answer<const N: usize, const COLS: usize>(
    out: &mut impl Write,
    case: &Case<N, COLS>,
    args: &CaseArgs,
    table: &TableArgs,
) -> io::Result<()>
where
    Board<N, COLS>: Tabled,
{
    let solution = case.start.solution_to(&case.target);
    let hints = table
        .hints
        .then(|| case.start.optimal_moves_to(&case.target))
        .flatten();
    let solutions = table
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
        if table.hints {
            value["hints"] = serde_json::json!(hints.map(|hints| hints.to_string()));
        }
        if table.count_solutions {
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
