//! The sliding puzzles: the board type keyed by shape, its geometry,
//! symmetries and parsing, and the answers of the boards whose every state
//! is in a table (every rectangle up to 10 cells). The 4x4 board shares
//! the board type and is answered by search (see `crate::fifteen`).

#[cfg(feature = "alloc")]
mod any_board;
mod board;
mod board_error;
pub mod catalog;
#[cfg(feature = "alloc")]
mod count;
#[cfg(pattern_search)]
pub(crate) mod databases;
mod geometry;
mod goal;
mod hints;
#[cfg(pattern_search)]
pub(crate) mod ida;
#[cfg(pattern_search)]
mod move_automaton;
mod notation;
mod oracle;
mod packing;
#[cfg(pattern_search)]
pub(crate) mod pattern;
mod puzzle;
pub mod rank;
#[cfg(feature = "alloc")]
pub(crate) mod sample;
#[cfg(pattern_search)]
mod searched;
mod solve;
pub(crate) mod symmetry;
#[cfg(pattern_search)]
mod views;

pub mod tables;

#[cfg(feature = "alloc")]
pub use any_board::{AnyBoard, CellsDrawer, DrawError, UnknownBoard, boards, find_board};
#[cfg(feature = "fifteen")]
pub use board::FifteenBoard;
pub use board::{Board, EightBoard, SevenBoard};
pub use board_error::BoardError;
#[cfg(feature = "alloc")]
pub use count::OptimalSolutions;
#[cfg(pattern_search)]
pub use databases::PatternDatabase;
pub use geometry::{Direction, Geometry};
pub use goal::GoalClass;
pub use hints::{Moves, MovesIter};
pub use notation::{MoveError, Notation, ParseMoves, Written};
pub use oracle::{Budget, Engine, Oracle, Outcome};
pub use packing::Packing;
pub use puzzle::{Puzzle, Tabled};
#[cfg(feature = "alloc")]
pub use sample::{SampleError, Sampler, SplitMix64};
#[cfg(pattern_search)]
pub use searched::Searched;
pub use solve::Solution;
