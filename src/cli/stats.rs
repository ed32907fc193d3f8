//! The `stats` command: how many boards lie at each distance from a goal.
#![allow(
    clippy::cast_possible_truncation,
    reason = "a bar is at most BAR_WIDTH characters"
)]

use std::io::{self, Write};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use clap::builder::PossibleValuesParser;
use puzzle_oracle::{Board, Tabled, catalog, tables::DistanceTable};

use super::input::quoted;
use super::sliding::{describe, nth_token};

/// Arguments of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The board (any case); `fifteen` (or `4x4`) has no histogram.
    #[arg(value_parser = board_names(), ignore_case = true)]
    board: String,
    /// The goal, as numbers in row-major order. Default: the standard goal
    /// (blank on cell 0, tiles in order).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
}

/// The catalog's names and aliases, in the order `--help` lists them.
pub(super) fn board_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        catalog::ALL
            .iter()
            .flat_map(|spec| std::iter::once(spec.name).chain(spec.aliases.iter().copied())),
    )
}

/// Width of the longest bar.
const BAR_WIDTH: u32 = 60;

pub fn run(args: &StatsArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", quoted(&args.board)))?;
    let table = match spec.geometry.cells() {
        8 => goal_table::<8>(args.target.as_deref())?,
        9 => goal_table::<9>(args.target.as_deref())?,
        _ => bail!(
            "no depth histogram for the {} board: its 10,461,394,944,000 reachable \
             states are out of reach of a table (it is solved by search, one board \
             at a time)",
            spec.name
        ),
    };
    // Counted by build.rs, one entry per depth up to the deepest.
    let depths = table.depth_counts();
    let widest = depths.iter().copied().max().unwrap_or(1).max(1);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (depth, &count) in depths.iter().enumerate() {
        let bar = (u64::from(count) * u64::from(BAR_WIDTH)).div_ceil(u64::from(widest));
        writeln!(out, "{depth:>2} {count:>6} {}", "#".repeat(bar as usize))?;
    }
    out.flush().context("cannot write output")
}

/// The table whose goal class holds `target` (the standard goal if absent).
fn goal_table<const N: usize>(target: Option<&str>) -> Result<&'static DistanceTable>
where
    Board<N>: Tabled,
{
    let target = match target {
        Some(text) => Board::<N>::parse(text)
            .map_err(|error| anyhow!("--target: {}", describe(&error, |at| nth_token(text, at))))?,
        None => Board::goal(),
    };
    Ok(target.goal_table())
}
