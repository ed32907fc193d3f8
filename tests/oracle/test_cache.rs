//! The cache directory the tests build 3x5's and 2x8's databases into:
//! one per build of the tests, under the target directory, shared by every
//! test and every process the tests start (a tier is built once, and two
//! processes building at once leave whole files).

use std::path::PathBuf;

use puzzle_oracle::Geometry;
use puzzle_oracle::cache::{self, Cache};

/// The tests' cache directory.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cache")
}

/// Opens the cached tier of the board of `geometry`, if it has one that
/// the board's first question would open (3x5's, 2x8's), from the tests'
/// cache, building it when missing, so that the library reads it from
/// there rather than from the user's cache. A tier that opens a goal class
/// at a time (5x5's) opens the standard goals' class only, as the command
/// does: a question to another class's target builds that class's files,
/// into the same directory. A tier built only on request (4x4's) is left
/// alone: the board answers from its embedded tier, as it does for a user
/// who never asked for it.
pub fn open_if_any(geometry: Geometry) {
    if let Some(tier) = cache::tier_of(geometry).filter(|tier| tier.builds_on_first_use()) {
        let cache = Cache::at(dir());
        let opened = if tier.opens_by_class() {
            tier.open_classes(&cache, true, &|_| {}, &[0])
        } else {
            tier.open(&cache, true, &|_| {})
        };
        assert!(opened.expect("the tests' cache takes the databases"));
    }
}
