//! The `solve` command: any board by its shape, answered from its tables
//! or by search.

use anyhow::{Result, anyhow};
use clap::Args;
use puzzle_oracle::catalog;

use super::cases::Format;
use super::runner::{Run, SearchArgs};
use super::{CaseArgs, TableArgs, answer_cases, board_names};

/// What `solve --help` adds after the options.
pub const AFTER_HELP: &str = "Boards up to 10 cells (2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2) \
     are answered from complete tables; 3x4, 2x6, 2x7, 3x5, 2x8, 4x4, 3x6, 2x9, 4x5, their \
     transposes and 5x5 by search (3x5's and 2x8's databases are built into the cache on the \
     board's first question, seconds; the larger boards' a goal class at a time, about a minute \
     for the standard goals; see `puzzle-oracle tables`). Example: `puzzle-oracle solve 3x2 \
     -m -b \"2 1 3 0 4 5\"` prints `2 LU`.";

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board: its shape, rows x columns (`2x3`, `3x2`, `4x4`, ...), or
    /// a puzzle's name (`seven` is 2x4, `eight` 3x3, `fifteen` 4x4, `twenty-four` 5x5); any
    /// case.
    #[arg(value_name = "BOARD", value_parser = board_names(), ignore_case = true)]
    shape: String,
    #[command(flatten)]
    cases: CaseArgs,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(args: &SolveArgs) -> Result<()> {
    let spec = catalog::lookup(&args.shape)
        .ok_or_else(|| anyhow!("unknown board {}", super::input::quoted(&args.shape)))?;
    if !spec.tables.is_empty() {
        // A table read is the whole answer: no search to share or to limit.
        let unused: Vec<&str> = [
            ("--threads", args.search.threads.is_some()),
            ("--max-nodes", args.search.max_nodes.is_some()),
            ("--timeout", args.search.timeout.is_some()),
        ]
        .into_iter()
        .filter_map(|(option, given)| given.then_some(option))
        .collect();
        if !unused.is_empty() {
            eprintln!(
                "puzzle-oracle: note: {}: {} answers from its complete table, with no search for {} to apply to",
                unused.join(", "),
                spec.name,
                if unused.len() == 1 { "it" } else { "them" }
            );
        }
    }
    let run = Run::resolve(
        &args.cases,
        &args.table,
        Some(&args.search),
        Format::CasePerLine,
    );
    answer_cases(spec.geometry, &run)
}
