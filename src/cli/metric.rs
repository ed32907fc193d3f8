//! `--metric`: how moves are counted, and what to say on a board that
//! the metric asked for does not answer.

use anyhow::{Error, Result, anyhow};
use puzzle_oracle::catalog::{self, Visitor};
use puzzle_oracle::{Board, Geometry, MetricKind, MetricOracle, Mtm, Oracle, Stm};

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

/// Runs `visitor` with the board type of `geometry` (a board the command
/// was given, which this build answers) in `metric`: the one dispatch of
/// every command that takes `--metric`. A board that does not answer in
/// slides is an error saying which do.
pub fn visit_in_metric<V>(geometry: Geometry, metric: MetricKind, visitor: V) -> Result<()>
where
    V: Visitor<Stm, Output = Result<()>> + Visitor<Mtm, Output = Result<()>>,
{
    match metric {
        MetricKind::Stm => catalog::visit_in::<Stm, _>(geometry, visitor).unwrap_or_else(|| {
            unreachable!("the commands name only the boards this build answers")
        }),
        MetricKind::Mtm => catalog::visit_in::<Mtm, _>(geometry, visitor)
            .unwrap_or_else(|| Err(not_in_multi_tile(geometry))),
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
