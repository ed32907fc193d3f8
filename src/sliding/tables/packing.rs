//! How a distance table stores the distance of one state.
//!
//! This file is shared with `build.rs` (which stores) and the library
//! (which loads), so the two cannot drift apart. It uses `core` only.

/// The storage of one distance table.
///
/// ```
/// use puzzle_oracle::Packing;
///
/// // State 3 is the high nibble of byte 1: 0xf holds distance 30 or 31.
/// // The low bit is not stored: the caller knows it from the parity of
/// // the blank's taxicab distance to its goal cell.
/// assert_eq!(Packing::HalfDistance.load(&[0, 0xf0], 3, true), 31);
/// assert_eq!(Packing::HalfDistance.bytes(181_440), 90_720);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Packing {
    /// One byte per state: the distance.
    Byte,
    /// Four bits per state: `distance / 2`, two states a byte, the
    /// even-indexed state in the low nibble. Every move moves the blank one
    /// cell, so the parity of a distance equals the parity of the blank's
    /// taxicab distance to its goal cell, and `distance / 2` is enough.
    /// Holds distances up to 31.
    HalfDistance,
}

impl Packing {
    /// The largest distance this packing can hold.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Packing::HalfDistance.max_distance(), 31);
    /// ```
    #[must_use]
    pub const fn max_distance(self) -> u8 {
        match self {
            Packing::Byte => u8::MAX,
            Packing::HalfDistance => 31,
        }
    }

    /// Bytes needed for `slots` states.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Packing::Byte.bytes(20_160), 20_160);
    /// ```
    #[must_use]
    pub const fn bytes(self, slots: usize) -> usize {
        match self {
            Packing::Byte => slots,
            Packing::HalfDistance => slots.div_ceil(2),
        }
    }

    /// Stores `distance` for state `index`. `bytes` must start zeroed for
    /// [`Packing::HalfDistance`], and `distance <= self.max_distance()`.
    /// Panics if `index` is past the end of `bytes`, like slice indexing.
    #[allow(dead_code, reason = "the build script stores; the library only loads")]
    pub(crate) fn store(self, bytes: &mut [u8], index: usize, distance: u8) {
        match self {
            Packing::Byte => bytes[index] = distance,
            Packing::HalfDistance => bytes[index / 2] |= (distance / 2) << (4 * (index % 2)),
        }
    }

    /// Loads the distance of state `index`; `odd` is the parity of the
    /// distance (used by [`Packing::HalfDistance`] only). Panics if `index`
    /// is past the end of `bytes`, like slice indexing.
    ///
    /// ```
    /// use puzzle_oracle::Packing;
    /// // State 1 is the high nibble: 0x3 holds distance 6 or 7.
    /// assert_eq!(Packing::HalfDistance.load(&[0x30], 1, true), 7);
    /// ```
    #[inline]
    #[must_use]
    pub fn load(self, bytes: &[u8], index: usize, odd: bool) -> u8 {
        match self {
            Packing::Byte => bytes[index],
            Packing::HalfDistance => {
                let half = (bytes[index / 2] >> (4 * (index % 2))) & 0x0f;
                2 * half + u8::from(odd)
            }
        }
    }
}
