//! Command-line parsing and dispatch.

mod fifteen;
mod gap;
mod input;
mod progress;
mod random;
mod sliding;
mod stats;

use std::path::PathBuf;

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};

/// Exact fewest-move answers for the Seven Puzzle (2x4), the Eight Puzzle
/// (3x3), the Fifteen Puzzle (4x4) and Gap.
///
/// 2x4 and 3x3 answers are read from distance tables built into the
/// program: no search at run time. 4x4 answers come from a search guided by
/// built-in pattern databases. Moves count one tile each and are written as
/// the direction the blank travels: U, D, L, R.
#[derive(Debug, Parser)]
#[command(name = "puzzle-oracle", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What `--version` names, for every subcommand too.
const PROGRAM: &str = "puzzle-oracle";

#[derive(Debug, Subcommand)]
enum Command {
    /// Seven Puzzle: one board of 8 numbers a line (0 is the blank); prints
    /// the fewest moves to `0 1 2 3 4 5 6 7`, or `Impossible`.
    #[command(display_name = PROGRAM)]
    Seven(SlidingArgs),
    /// Eight Puzzle: cases of 18 numbers (9 start, then 9 target) separated
    /// by any whitespace; prints the fewest moves, or `Impossible`.
    #[command(display_name = PROGRAM)]
    Eight(SlidingArgs),
    /// Fifteen Puzzle: one case a line, 16 numbers (a start, solved to
    /// `0 1 2 ... 15`) or 32 (a start and a target); prints the fewest moves,
    /// or `Impossible`.
    #[command(display_name = PROGRAM)]
    Fifteen(fifteen::FifteenArgs),
    /// Gap: a count, then layouts of 4 rows of 7 cards; prints the fewest
    /// moves for each, or -1.
    #[command(display_name = PROGRAM)]
    Gap(gap::GapArgs),
    /// Boards drawn uniformly, each exactly `--distance` moves from the
    /// target, one a line (pipes into `seven`, or `eight --target`).
    #[command(display_name = PROGRAM)]
    Random(random::RandomArgs),
    /// Depth histogram of a goal: the number of boards at each distance.
    #[command(display_name = PROGRAM)]
    Stats(stats::StatsArgs),
}

/// Options shared by `seven` and `eight`.
#[derive(Debug, Args)]
pub struct SlidingArgs {
    /// Input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Answer this one case instead of reading input. For `eight`: 9 numbers
    /// (a start, solved to the goal) or 18 (a start and a target).
    #[arg(short, long, value_name = "NUMBERS", conflicts_with = "file")]
    board: Option<String>,
    /// Goal board, as numbers in row-major order. Every case is then only a
    /// start. Default for `seven`: 0 1 2 3 4 5 6 7.
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// After the count, every optimal first move, as letters in the order
    /// U D L R (`seven --hints -b "7 6 5 4 3 2 1 0"` prints `28 UL`; `-` on
    /// the target itself).
    #[arg(long)]
    hints: bool,
    /// After the count (and the hints), how many distinct optimal move
    /// sequences there are (`28 UL 2`).
    #[arg(long)]
    count_solutions: bool,
    #[command(flatten)]
    output: OutputArgs,
}

/// How answers are printed, shared by every command that answers cases.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Print an optimal move sequence after the count (`seven -m -b "7 6 5
    /// 4 3 2 1 0"` prints `28 ULLLDRRRULLLDRRRULLLDRRRULLL`). `--json`
    /// always carries the moves.
    #[arg(short, long)]
    moves: bool,
    /// Draw the board after every move of an optimal sequence.
    #[arg(short, long, conflicts_with = "json")]
    show: bool,
    /// Print one JSON object per case.
    #[arg(long)]
    json: bool,
}

/// Parses the command line and runs it.
pub fn run() -> Result<()> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() => error.exit(),
        // `--help` and `--version`: written here rather than by clap, so
        // that an output that cannot take them is an error, not silence.
        Err(help) => {
            let mut out = io::stdout().lock();
            return write!(out, "{}", help.render())
                .and_then(|()| out.flush())
                .context("cannot write output");
        }
    };
    match cli.command {
        Command::Seven(args) => sliding::run::<8>(&args, sliding::Format::BoardPerLine),
        Command::Eight(args) => sliding::run::<9>(&args, sliding::Format::NumberStream),
        Command::Fifteen(args) => fifteen::run(&args),
        Command::Gap(args) => gap::run(&args),
        Command::Random(args) => random::run(&args),
        Command::Stats(args) => stats::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
