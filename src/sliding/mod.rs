//! The sliding puzzles, in four folders, each an idea the next builds on:
//!
//! * `board/`: the board type keyed by shape, its cells' storage, geometry,
//!   symmetries, notation, errors, and every cap a board meets
//!   ([`limits`](board::limits)).
//! * `tables/`: the complete distance tables of the boards up to 10 cells
//!   (ranking, packing) and what they answer.
//! * `search/`: the pattern databases, the move automaton and the IDA*
//!   search that answer the larger boards.
//! * `answer/`: the one face over both: the [`Oracle`] trait, its
//!   [`Budget`] and [`Outcome`], the impls generated for every board, the
//!   catalog of boards by shape and name, and [`AnyBoard`] for a shape
//!   chosen at run time.
//!
//! The generators that `build.rs` runs are in `src/build/`.

pub(crate) mod answer;
pub(crate) mod board;
pub(crate) mod metric;
#[cfg(pattern_search)]
pub(crate) mod search;
pub mod tables;

#[cfg(feature = "alloc")]
pub use answer::any_board::{AnyBoard, CellsDrawer, DrawError, UnknownBoard, boards, find_board};
pub use answer::budget::{Budget, Engine, Memory, Outcome};
pub use answer::catalog;
pub use answer::depths::{DepthCounts, MOST_CELLS_COUNTED, NoDepthCounts};
pub use answer::in_metric::MetricOracle;
pub use answer::oracle::Oracle;
pub use answer::solution::Solution;
#[cfg(feature = "fifteen")]
pub use board::FifteenBoard;
pub use board::limits;
pub use board::{
    Board, BoardError, Direction, EightBoard, Geometry, MoveError, Moves, MovesIter, Notation,
    ParseMoves, ParseSlides, Puzzle, SevenBoard, Slide, Slides, SlidesIter, SplitMix64, Written,
    WrittenSlide,
};
pub use metric::{Metric, MetricKind, Mtm, Stm, UnknownMetric};
#[cfg(all(pattern_search, feature = "std"))]
pub use search::Crew;
#[cfg(feature = "cache")]
pub use search::cache;
#[cfg(pattern_search)]
pub use search::{PatternDatabase, Searched};
#[cfg(feature = "alloc")]
pub use tables::OptimalSolutions;
pub use tables::rank;
pub use tables::{GoalClass, Packing, Tabled};
#[cfg(feature = "multi-tile")]
pub use tables::{MultiTileTabled, SlideSolution};
#[cfg(feature = "alloc")]
pub use tables::{SampleError, Sampler};
