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
/// there rather than from the user's cache. A tier built only on request
/// (4x4's) is left alone: the board answers from its embedded tier, as it
/// does for a user who never asked for it.
pub fn open_if_any(geometry: Geometry) {
    if let Some(tier) = cache::tier_of(geometry).filter(|tier| tier.builds_on_first_use()) {
        assert!(
            tier.open(&Cache::at(dir()), true, &|_| {})
                .expect("the tests' cache takes the databases")
        );
    }
}
