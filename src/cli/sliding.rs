//! The tabled boards' commands (`seven`, `eight`, and `solve` on a board
//! up to 10 cells): stream cases, answer each from the tables.

use std::io::{self, IsTerminal, Write};

use anyhow::{Context, Result, anyhow};
use puzzle_oracle::catalog::TabledVisitor;
use puzzle_oracle::{Board, Tabled};

use super::answer::Answer;
use super::answer::Listing;
use super::cases::{self, Case, Format, LastGoalNote, parse_case, parse_target};
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
    // Each reader is its own loop, so that its iterator inlines into it.
    let lines = || input::open(args.file.as_deref()).map(Lines::new);
    match (&args.board, format) {
        (Some(text), _) => answer_all(
            std::iter::once(parse_case(text, target).map_err(|why| anyhow!("--board: {why}"))),
            args,
            table,
        ),
        (None, Format::CasePerLine) => {
            answer_all(cases::case_per_line(lines()?, target), args, table)
        }
        (None, Format::NumberStream) => {
            answer_all(cases::number_stream(lines()?, target), args, table)
        }
    }
}

/// Answers `cases` in order, up to the first bad one.
fn answer_all<const N: usize, const COLS: usize>(
    cases: impl Iterator<Item = Result<Case<N, COLS>>>,
    args: &CaseArgs,
    table: &TableArgs,
) -> Result<()>
where
    Board<N, COLS>: Tabled,
{
    let stdout = io::stdout();
    let interactive = stdout.is_terminal();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut answered = Ok(());
    let goals_apart = Board::<N, COLS>::goal()
        .distance_to(&Board::goal_last())
        .is_none();
    let mut note = LastGoalNote::new::<N, COLS>(goals_apart);
    for case in cases {
        // A bad case ends the run; the answers before it stay.
        answered = case.and_then(|case| {
            let reached = write_answer(&mut out, &case, args, table)?;
            if !reached
                && args.target.is_none()
                && note.pending()
                && case.target == Board::goal()
                && case.start.distance_to(&Board::goal_last()).is_some()
            {
                out.flush()?;
                note.say(&case.start.to_string());
            }
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

#[allow(
    clippy::inline_always,
    reason = "inlined into the answer loop, eight on a million cases took 1.07x the previous binary's time instead of 1.21x: a reachability test no longer mispredicts twice"
)]
#[inline(always)]
fn write_answer<const N: usize, const COLS: usize>(
    out: &mut impl Write,
    case: &Case<N, COLS>,
    args: &CaseArgs,
    table: &TableArgs,
) -> io::Result<bool>
where
    Board<N, COLS>: Tabled,
{
    let (start, target) = (&case.start, &case.target);
    let solution = start.solution_to(target);
    let reached = solution.is_some();
    let listing = table.listing_limit().map(|limit| {
        let solutions = start.optimal_solutions_to(target).into_iter().flatten();
        Listing::of(solutions, limit)
    });
    Answer {
        case,
        solution,
        hints: table.hints.then(|| start.optimal_moves_to(target)),
        solutions: table
            .count_solutions
            .then(|| start.count_optimal_solutions_to(target)),
        listing: listing.as_ref(),
        nodes: None,
        stopped: None,
    }
    .write(out, &args.output)?;
    Ok(reached)
}
