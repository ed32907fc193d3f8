//! Exact fewest-move answers for sliding puzzles and the Gap card game.
//!
//! * **Sliding puzzles of every rectangle up to 10 cells** (2x2, 2x3, 3x2,
//!   2x4 = the Seven Puzzle, 4x2, 3x3 = the Eight Puzzle, 2x5, 5x2): any
//!   start to any target, from complete distance tables that `build.rs`
//!   computes by breadth-first search and embeds. An answer is a
//!   permutation rank and an array read, with no search at run time; the
//!   tables also give every optimal first move, the number of optimal
//!   solutions, and uniform boards at an exact distance.
//! * **Fifteen Puzzle** (4x4): any start to any target, by an IDA* search
//!   guided by embedded pattern databases (module [`fifteen`], feature
//!   `fifteen`), or a stronger tier built into the cache on request.
//! * **Every other rectangle of 11 to 16 cells and 3x6, 2x9, 4x5 and 5x5**
//!   (the 24-puzzle), in both orientations: 3x4, 2x6, 2x7 with embedded
//!   databases (feature `searched-boards`); 3x5 and 2x8 with embedded
//!   compact ones and larger ones built into the user's cache on first use
//!   (feature `cache`, see [`cache`]); 3x6, 2x9, 4x5 and 5x5 with
//!   databases in the cache only. The same IDA*, zero-aware pattern
//!   databases; 5x5 positions far from the goal can take hours.
//! * **A slide a move** ([`Mtm`]): every board up to 10 cells from complete
//!   multi-tile tables (feature `multi-tile`), and every board of 12 to 16
//!   cells by IDA* over abstraction databases built into the cache.
//! * **Gap**, the 4x8 card game: an exact search (module [`gap`], feature
//!   `alloc`).
//!
//! A board's type is its shape, [`Board<N, COLS>`](Board): `N` cells in
//! rows of `COLS`, with the aliases [`SevenBoard`], [`EightBoard`] and
//! `FifteenBoard`. Moves are counted one tile per move: each move slides one
//! tile into the blank, and is written as the direction the blank travels
//! (`U`, `D`, `L`, `R`); [`Notation::Tile`] writes and reads the direction
//! the tile slides, as speedsolvers do. The multi-tile metric, a slide of
//! any number of tiles a move, is a type: [`Mtm`], asked through
//! [`MetricOracle`]. How it all works is in [`design`].
//!
//! ```
//! use puzzle_oracle::{Board, EightBoard, SevenBoard};
//!
//! let seven: SevenBoard = "7 6 5 4 3 2 1 0".parse()?;
//! assert_eq!(seven.distance_to_goal(), Some(28));
//!
//! let start: EightBoard = "1 2 3 0 8 4 7 6 5".parse()?;
//! let target: EightBoard = "1 0 3 8 2 4 7 6 5".parse()?;
//! assert_eq!(start.distance_to(&target), Some(2));
//! let moves: String = start.solution_to(&target).unwrap().map(|m| m.letter()).collect();
//! assert_eq!(moves, "RU");
//!
//! // 3x2, rows `2 1`, `3 0`, `4 5`: two moves from `0 1 2 3 4 5`.
//! let tall: Board<6, 2> = "2 1 3 0 4 5".parse()?;
//! assert_eq!(tall.optimal_moves().unwrap().to_string(), "L");
//! # Ok::<(), puzzle_oracle::BoardError>(())
//! ```
//!
//! The 4x4 board is answered by search: most positions take microseconds
//! to milliseconds, but the hardest (80 moves) take seconds, so do not
//! call it where a frame must not stall.
//!
//! ```
//! # #[cfg(feature = "fifteen")] {
//! let board: puzzle_oracle::FifteenBoard = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse().unwrap();
//! assert_eq!(board.distance_to_goal(), Some(2));
//! # }
//! ```
//!
//! Gap (the README describes the layout format):
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use puzzle_oracle::gap::Layout;
//!
//! let layout: Layout = "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n\
//!                       32 33 34 35 36 37 41\n42 43 44 45 46 47 11".parse().unwrap();
//! assert_eq!(layout.min_moves(), Some(0));
//! # }
//! ```
//!
//! # Features
//!
//! | feature | default | what it brings | cost |
//! | --- | --- | --- | --- |
//! | (none) | | every board up to 9 cells; `no_std`, no allocator, `phf` the only dependency | 312,846 bytes of tables |
//! | `large-tables` | yes | the 2x5 and 5x2 boards | 5,443,200 bytes of tables |
//! | `fifteen` | yes | the 4x4 board, [`fifteen`]; needs neither `std` nor `alloc`; on its own, the compact tier (zero-aware 6-6-3 databases) | 6,045,882 bytes of databases and layouts |
//! | `fifteen-large` | yes | `fifteen` with the large tier (zero-aware 7-7-1 databases): half the search time | 36,752,968 bytes of databases and layouts instead, a longer build script |
//! | `searched-boards` | yes | 3x4, 2x6, 2x7, 3x5 and their transposes, answered by search; needs neither `std` nor `alloc`; on its own, 3x5's compact tier (6-5-3 groups) | 3,297,042 bytes of databases and layouts |
//! | `cache` | yes | databases too large to embed, built on first use into the cache directory and memory-mapped ([`cache`]): 3x5's large tier, 2x8's (bringing in 2x8 and 8x2) and those of 3x6, 2x9, 4x5 and 5x5 (bringing them and their transposes in), 4x4's strong tier on request | `std`, `memmap2`, `crc32fast`, `dirs`; no bytes in the binary |
//! | `searched-large` | no | `searched-boards` with 3x5's large tier (7-tile groups) built in rather than cached: about 40 times fewer nodes than the compact tier; with `searched-2x8`, 2x8's large tier too | 22,868,907 bytes of databases and layouts instead, a longer build script |
//! | `searched-2x8` | no | 2x8 and 8x2, answered by search; with `searched-large`, their large tier: 20 times faster | 47,423,521 bytes of databases and layouts (28,476,643 without `searched-large`) |
//! | `multi-tile` | yes | the multi-tile metric ([`Mtm`]: a slide of any number of tiles a move) on every tabled board, from complete tables ([`MetricOracle`]); needs neither `std` nor `alloc`. With `cache`, the boards of 12 to 16 cells too (4x4 with `fifteen`, 3x4, 2x6 and 2x7 with `searched-boards`, 3x5 and 2x8 with `cache` alone), by search over databases built on first use into the cache ([`cache::open_multi_tile`]) | 6,028,572 bytes of tables (585,372 without `large-tables`) |
//! | `alloc` | yes (via `std`) | [`gap`], counting and listing solutions, [`Sampler`] | |
//! | `std` | yes | `alloc`, and `std::error::Error` through `core` | |
//! | `cli` | yes | the `puzzle-oracle` command (clap, anyhow, `serde_json`) | |
//!
//! A type behind a feature that is off does not exist: the compiler says
//! which feature brings it.
//!
//! Move counts are `u8` on the sliding boards, whose longest optimal
//! answers are 6 (2x2), 21 (2x3), 36 (2x4), 31 (3x3), 55 (2x5) and 80
//! (4x4) moves. Gap counts in `u32`: nothing bounds a Gap answer by 255, so
//! a smaller type would be a limit the game does not have.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[doc = include_str!("docs/design.md")]
pub mod design {}
#[cfg(feature = "alloc")]
pub mod gap;
mod number;
mod sliding;

#[cfg(feature = "cache")]
pub use sliding::cache;
#[cfg(feature = "fifteen")]
pub use sliding::search::fifteen;

#[cfg(all(pattern_search, feature = "std"))]
pub use sliding::Crew;
#[cfg(feature = "fifteen")]
pub use sliding::FifteenBoard;
#[cfg(feature = "alloc")]
pub use sliding::{
    AnyBoard, CellsDrawer, DrawError, OptimalSolutions, SampleError, Sampler, UnknownBoard, boards,
    find_board,
};
pub use sliding::{
    Board, BoardError, Budget, DepthCounts, Direction, EightBoard, Engine, Geometry, GoalClass,
    MOST_CELLS_COUNTED, Memory, Metric, MetricKind, MetricOracle, MoveError, Moves, MovesIter, Mtm,
    NoDepthCounts, Notation, Oracle, Outcome, Packing, ParseMoves, ParseSlides, Puzzle, SevenBoard,
    Slide, Slides, SlidesIter, Solution, SplitMix64, Stm, Tabled, UnknownMetric, Written,
    WrittenSlide, catalog, limits, rank, tables,
};
#[cfg(feature = "multi-tile")]
pub use sliding::{MultiTileTabled, SlideSolution};
#[cfg(pattern_search)]
pub use sliding::{PatternDatabase, Searched};

/// The README's examples, run as doctests so that it stays true (they use
/// every board, so they need the default features).
#[cfg(all(
    doctest,
    feature = "std",
    feature = "fifteen",
    feature = "searched-boards"
))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
