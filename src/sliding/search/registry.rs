//! The pattern databases `build.rs` generated for this build's searched
//! boards: the layouts, the embedded databases, and for each searched
//! board its classes (`CLASSES_4X4`), in the order of their canonical
//! blank cells, each with the databases of its groups; and the tiers
//! built into the cache (`CACHED_TIERS`). A registry of its own, so that
//! the types it fills (`databases`, `cache`) need not know it.

#[cfg(feature = "cache")]
use super::cache::tier::CachedTier;
#[allow(
    unused_imports,
    reason = "the generated statics name it when this build embeds a searched board's databases"
)]
use super::databases::ClassDatabases;
#[cfg(feature = "fifteen")]
use super::databases::PatternDatabase;
use super::geometry::Geometry;
use super::pattern;

/// The nine pattern databases: for the classes corner, edge and centre in
/// turn, their three groups. Classes may share a database.
///
/// ```
/// let databases = puzzle_oracle::fifteen::pattern_databases();
/// // The distinct tables, one bit a state: in the large tier two of 7
/// // tiles, one of 6, a single tile and two pairs; in the compact tier
/// // four of 6 tiles and one of 3.
/// let mut distinct: Vec<&[u8]> = databases.iter().map(|d| d.bytes()).collect();
/// distinct.sort_by_key(|bytes| bytes.as_ptr());
/// distinct.dedup_by_key(|bytes| bytes.as_ptr());
/// let total: usize = distinct.iter().map(|bytes| bytes.len()).sum();
/// if cfg!(feature = "fifteen-large") {
///     assert_eq!(total, 2 * 17_481_240 + 1_477_080 + 2 + 31 + 31);
/// } else {
///     assert_eq!(total, 4 * 1_477_080 + 474);
/// }
/// ```
#[cfg(feature = "fifteen")]
#[must_use]
pub fn pattern_databases() -> [PatternDatabase; 9] {
    core::array::from_fn(|i| PatternDatabase::of_group(&CLASSES_4X4[i / 3], i % 3))
}

include!(concat!(env!("OUT_DIR"), "/pattern_databases.rs"));

#[cfg(all(test, feature = "std", feature = "fifteen"))]
mod tests {
    use super::super::databases::tests::a_flipped_bit_changes_the_value_read_or_stops_the_walk;
    use super::CLASSES_4X4;

    #[test]
    fn a_flipped_bit_in_the_corners_first_database_is_found_out() {
        a_flipped_bit_changes_the_value_read_or_stops_the_walk(&CLASSES_4X4[0]);
    }
}
