//! The `random` command: boards drawn uniformly at an exact distance from
//! a target, one a line, ready to pipe into `seven` or `eight`.
#![allow(
    clippy::cast_possible_truncation,
    reason = "nanoseconds since 1970 fit 64 bits until 2554; the seed only needs their low bits"
)]

use std::io::{self, Write};
use std::num::NonZeroU64;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use puzzle_oracle::catalog::{self, TabledVisitor};
use puzzle_oracle::{Board, Sampler, SplitMix64, Tabled};

use super::cases::parse_target;
use super::{PositionFormat, board_names, slash_form};

/// Arguments of `random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The board: its shape (`2x3`, `3x3`, ...) or a puzzle's name, any
    /// case; a searched board (4x4) has no table to draw from.
    #[arg(value_parser = board_names(), ignore_case = true)]
    board: String,
    /// Draw boards exactly this many moves from the target [default: any
    /// board that can reach it].
    #[arg(short, long, value_name = "D", value_parser = super::options::number::<u8>)]
    distance: Option<u8>,
    /// How many boards to draw.
    #[arg(short = 'n', long, value_name = "N", default_value = "1", value_parser = super::options::count)]
    count: NonZeroU64,
    /// Seed of the generator (SplitMix64): the same seed draws the same
    /// boards on every platform [default: from the clock].
    #[arg(long, value_name = "S", value_parser = super::options::number::<u64>)]
    seed: Option<u64>,
    /// The target, as numbers in row-major order. Default: the standard
    /// goal (blank on cell 0, tiles in order).
    #[arg(short, long, value_name = "NUMBERS")]
    target: Option<String>,
    /// Print one JSON object per board: `{"board":[...],"distance":D}`.
    #[arg(long)]
    json: bool,
    /// How boards are written: `grid` (numbers on one line; a list in
    /// JSON, the default) or `slash` (rows separated by `/`).
    #[arg(long, value_enum, default_value_t = PositionFormat::Grid)]
    format: PositionFormat,
}

pub fn run(args: &RandomArgs) -> Result<()> {
    let spec = catalog::lookup(&args.board)
        .ok_or_else(|| anyhow!("unknown board {}", super::input::quoted(&args.board)))?;
    catalog::visit_tabled(spec.geometry, Draw(args)).unwrap_or_else(|| {
        bail!(
            "no random {} boards: drawing at a distance needs a complete table, and the \
             {} board has none",
            spec.name,
            spec.name
        )
    })
}

/// Draws and prints the boards of `args`.
struct Draw<'a>(&'a RandomArgs);

impl TabledVisitor for Draw<'_> {
    type Output = Result<()>;

    fn visit<const N: usize, const COLS: usize>(self) -> Result<()>
    where
        Board<N, COLS>: Tabled,
    {
        let args = self.0;
        let target = parse_target::<N, COLS>(args.target.as_deref())?.unwrap_or_else(Board::goal);
        let sampler = match args.distance {
            Some(distance) => Sampler::at_distance(&target, distance)?,
            None => Sampler::reachable(&target),
        };
        let seed = args.seed.unwrap_or_else(clock_seed);
        let mut random = SplitMix64::new(seed);
        let mut out = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
        let written = (|| -> io::Result<()> {
            for _ in 0..args.count.get() {
                let board = sampler.draw(&mut || random.next_u64());
                let slash = args.format == PositionFormat::Slash;
                if args.json {
                    let distance = board.distance_to(&target);
                    let shown = match slash {
                        true => serde_json::json!(slash_form(&board)),
                        false => serde_json::json!(&board.cells()[..]),
                    };
                    let value = serde_json::json!({ "board": shown, "distance": distance });
                    serde_json::to_writer(&mut out, &value)?;
                    writeln!(out)?;
                } else if slash {
                    writeln!(out, "{}", slash_form(&board))?;
                } else {
                    writeln!(out, "{board}")?;
                }
            }
            out.flush()
        })();
        written.context("cannot write output")
    }
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
