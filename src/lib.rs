//! Exact fewest-move answers for small puzzles.
//!
//! * **Seven Puzzle**: the 2x4 sliding puzzle, cards 0..7, 0 the blank.
//! * **Eight Puzzle**: the 3x3 sliding puzzle, any start to any target.
//! * **Fifteen Puzzle**: the 4x4 sliding puzzle, any start to any target,
//!   by a search guided by pattern databases (module `fifteen`, feature
//!   `fifteen`).
//! * **Gap**: the 4x8 card game (module `gap`, feature `alloc`).
//!
//! Moves are counted one tile per move: each move slides one tile into the
//! blank, and is written as the direction the blank travels (`U`, `D`, `L`,
//! `R`).
//!
//! The 2x4 and 3x3 answers need no search at run time: `build.rs` runs a
//! breadth-first search from each goal class and embeds dense distance
//! tables (312,480 bytes in all). An answer is a permutation rank and an
//! array read. The lookups need neither `std` nor `alloc`.
//!
//! Move counts are `u8` on the sliding boards, whose longest optimal
//! answers are 36 (2x4), 31 (3x3) and 80 (4x4) moves. Gap counts in `u32`:
//! nothing bounds a Gap answer by 255, so a smaller type would be a limit
//! the game does not have.
//!
//! ```
//! use puzzle_oracle::{EightBoard, SevenBoard};
//!
//! let seven: SevenBoard = "7 6 5 4 3 2 1 0".parse()?;
//! assert_eq!(seven.distance_to_goal(), Some(28));
//!
//! let start: EightBoard = "1 2 3 0 8 4 7 6 5".parse()?;
//! let target: EightBoard = "1 0 3 8 2 4 7 6 5".parse()?;
//! assert_eq!(start.distance_to(&target), Some(2));
//! let moves: String = start.solution_to(&target).unwrap().map(|m| m.letter()).collect();
//! assert_eq!(moves, "RU");
//! # Ok::<(), puzzle_oracle::BoardError>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "fifteen")]
pub mod fifteen;
#[cfg(feature = "alloc")]
pub mod gap;
mod number;
mod sliding;

#[cfg(feature = "fifteen")]
pub use sliding::FifteenBoard;
pub use sliding::{
    Board, BoardError, Direction, EightBoard, Geometry, GoalClass, Moves, MovesIter, Packing,
    Puzzle, SevenBoard, Solution, Tabled, catalog, rank, tables,
};
#[cfg(feature = "alloc")]
pub use sliding::{OptimalSolutions, SampleError, Sampler, SplitMix64};

/// The README's examples, run as doctests so that it stays true (they use
/// every board, so they need the default features).
#[cfg(all(doctest, feature = "std", feature = "fifteen"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
