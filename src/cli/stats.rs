//! The `stats` command: how many boards lie at each distance from a goal.
#![allow(
    clippy::cast_possible_truncation,
    reason = "a bar is at most BAR_WIDTH characters"
)]

use std::io::{self, Write};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use puzzle_oracle::catalog::{self, TabledVisitor};
use puzzle_oracle::{Board, Tabled, tables::DistanceTable};

use super::board_names;
use super::cases::parse_target;
use super::input::quoted;

/// Arguments of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The board: its shape (`2x3`, `3x3`, ...) or a puzzle's name, any
    /// case; a searched board (4x4) has no histogram.
    #[arg(value_parser = board_names(), ignore_case = true)]
    board: String,
    /// The target, as numbers in row-major order (rows may be separated
    /// by `/`), or `first` (`0 1 2 ...`, the default) or `last`
    /// (`1 2 ... 0`).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
}

/// Width of the longest bar.
const BAR_WIDTH: u32 = 60;

pub fn run(args: &StatsArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", quoted(&args.board)))?;
    let Some(table) = catalog::visit_tabled(spec.geometry, GoalTable(args.target.as_deref()))
    else {
        bail!(
            "no depth histogram for the {} board: its {} reachable states are out of reach \
             of a table (it is solved by search, one board at a time)",
            spec.name,
            with_commas(reachable_states(spec.geometry.cells()))
        );
    };
    let table = table?;
    // Counted by build.rs, one entry per depth up to the deepest.
    let depths = table.depth_counts();
    let widest = depths.iter().copied().max().unwrap_or(1).max(1);
    let digits = widest.to_string().len().max(6);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (depth, &count) in depths.iter().enumerate() {
        let bar = (u64::from(count) * u64::from(BAR_WIDTH)).div_ceil(u64::from(widest));
        writeln!(
            out,
            "{depth:>2} {count:>digits$} {}",
            "#".repeat(bar as usize)
        )?;
    }
    out.flush().context("cannot write output")
}

/// The table whose goal class holds the target (the standard goal if
/// absent).
struct GoalTable<'a>(Option<&'a str>);

impl TabledVisitor for GoalTable<'_> {
    type Output = Result<&'static DistanceTable>;

    fn visit<const N: usize, const COLS: usize>(self) -> Self::Output
    where
        Board<N, COLS>: Tabled,
    {
        let target = parse_target::<N, COLS>(self.0)?.unwrap_or_else(Board::goal);
        Ok(target.goal_table())
    }
}

/// The states that reach one goal on a board of `cells` cells: `cells! / 2`.
fn reachable_states(cells: usize) -> u128 {
    (3..=cells as u128).product()
}

/// `n` with a comma between groups of three digits.
fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}
