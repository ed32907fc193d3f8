//! `--metric`: how moves are counted, and what to say on a board that
//! the metric asked for does not answer.

use anyhow::{Error, anyhow};
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::{Board, Geometry, MetricKind, MetricOracle, Mtm, Oracle};

/// The values of `--metric`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum MetricArg {
    /// A tile a move.
    #[default]
    Stm,
    /// A slide a move: any number of tiles of the blank's row or column.
    Mtm,
}

impl From<MetricArg> for MetricKind {
    fn from(metric: MetricArg) -> MetricKind {
        match metric {
            MetricArg::Stm => MetricKind::Stm,
            MetricArg::Mtm => MetricKind::Mtm,
        }
    }
}

/// The boards this build answers in the multi-tile metric, by shape.
pub fn multi_tile_boards() -> Vec<&'static str> {
    catalog::ALL
        .iter()
        .filter(|spec| catalog::visit_in(spec.geometry, Answers).is_some())
        .map(|spec| spec.name)
        .collect()
}

/// The error of a board `--metric mtm` does not answer.
pub fn not_in_multi_tile(geometry: Geometry) -> Error {
    let shape = format!("{}x{}", geometry.rows(), geometry.cols());
    anyhow!(
        "`{shape}` has no answers in the multi-tile metric: `--metric mtm` answers {}",
        multi_tile_boards().join(", ")
    )
}

/// A visit that only says the board is there.
struct Answers;

impl Visitor<Mtm> for Answers {
    type Output = ();

    fn visit<const N: usize, const COLS: usize>(self)
    where
        Board<N, COLS>: Oracle,
        Mtm: MetricOracle<Board<N, COLS>>,
    {
    }
}
