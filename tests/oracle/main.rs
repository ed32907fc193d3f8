//! Integration tests: every table and answer against independent reference
//! searches, property tests, and the real binary. Each module is compiled
//! when the features it tests are on, so `cargo test --no-default-features`
//! runs what applies to the `no_std` tables.

#[cfg(feature = "cache")]
mod cache;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod community_cli;
#[cfg(feature = "alloc")]
mod depths;
#[cfg(feature = "fifteen")]
mod fifteen;
#[cfg(feature = "cli")]
mod fifteen_cli;
#[cfg(all(feature = "fifteen", feature = "cache"))]
mod fifteen_strong;
#[cfg(feature = "alloc")]
mod gap;
#[cfg(feature = "cli")]
mod gap_cli;
#[cfg(feature = "alloc")]
mod gap_reference;
#[cfg(feature = "cli")]
mod golden;
#[cfg(all(feature = "cache", feature = "searched-boards"))]
mod larger_boards;
mod multi_tile;
#[cfg(all(feature = "multi-tile", feature = "fifteen", feature = "cache"))]
mod multi_tile_4x4;
#[cfg(feature = "cli")]
mod multi_tile_cli;
#[cfg(all(feature = "multi-tile", feature = "searched-boards", feature = "cache"))]
mod multi_tile_searched;
mod pairs;
#[cfg(all(feature = "searched-boards", feature = "std"))]
mod parallel;
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
mod pattern_checks;
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
mod pattern_reference;
mod properties;
#[cfg(feature = "cli")]
mod readme;
mod reference;
#[cfg(feature = "searched-boards")]
mod searched_boards;
#[cfg(feature = "cli")]
mod solve_cli;
#[cfg(feature = "alloc")]
mod table_queries;
mod tables;
#[cfg(feature = "cache")]
mod test_cache;
#[cfg(all(feature = "cache", feature = "searched-boards"))]
mod twenty_four;

/// Makes the board of `N` cells in rows of `COLS` read its cached tier,
/// if it has one, from the tests' cache directory (see `test_cache`);
/// nothing without the feature `cache`.
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
fn use_test_cache<const N: usize, const COLS: usize>() {
    #[cfg(feature = "cache")]
    test_cache::open_if_any(puzzle_oracle::Geometry::new((N / COLS) as u8, COLS as u8).unwrap());
}
