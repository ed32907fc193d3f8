//! Sets and sequences of moves: every optimal first move (the hint a game
//! shows, all of them at once), and the moves of a search's path.

use core::fmt;
use core::iter::FusedIterator;

use super::geometry::Direction;
#[cfg(pattern_search)]
use super::limits::MAX_MOVES;

/// A set of moves, at most the four directions; iterates in the order
/// `U D L R`. Small and `Copy`.
///
/// ```
/// use puzzle_oracle::{Direction, Moves};
///
/// let moves: Moves = [Direction::Left, Direction::Up].into_iter().collect();
/// assert_eq!(moves.to_string(), "UL");
/// assert!(moves.contains(Direction::Up) && !moves.contains(Direction::Down));
/// assert_eq!(moves.len(), 2);
/// assert_eq!(moves.into_iter().collect::<Vec<_>>(), [Direction::Up, Direction::Left]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves {
    /// Bit `i` stands for `Direction::ALL[i]`.
    bits: u8,
}

impl Moves {
    /// No move.
    pub const NONE: Moves = Moves { bits: 0 };

    const fn bit(dir: Direction) -> u8 {
        1 << dir as u8
    }

    /// Whether `dir` is in the set.
    #[must_use]
    pub const fn contains(self, dir: Direction) -> bool {
        self.bits & Self::bit(dir) != 0
    }

    /// The set with `dir` added.
    #[must_use]
    pub const fn with(self, dir: Direction) -> Moves {
        Moves {
            bits: self.bits | Self::bit(dir),
        }
    }

    /// How many moves the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }
}

impl FromIterator<Direction> for Moves {
    fn from_iter<I: IntoIterator<Item = Direction>>(dirs: I) -> Moves {
        dirs.into_iter().fold(Moves::NONE, Moves::with)
    }
}

impl IntoIterator for Moves {
    type Item = Direction;
    type IntoIter = MovesIter;

    fn into_iter(self) -> MovesIter {
        MovesIter { bits: self.bits }
    }
}

/// The moves of a [`Moves`] set, in the order `U D L R`.
#[derive(Clone, Debug)]
pub struct MovesIter {
    bits: u8,
}

impl Iterator for MovesIter {
    type Item = Direction;

    fn next(&mut self) -> Option<Direction> {
        if self.bits == 0 {
            return None;
        }
        let lowest = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Direction::ALL[lowest])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.bits.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for MovesIter {}
impl FusedIterator for MovesIter {}

impl fmt::Display for Moves {
    /// The letters, in the order `U D L R`; nothing for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.into_iter()
            .try_for_each(|dir| write!(f, "{}", dir.letter()))
    }
}

/// A move sequence of at most [`MAX_MOVES`] moves, as a search finds it,
/// two bits a move: small, so that a [`Solution`](crate::Solution) that
/// may hold one stays cheap to move in the tables' answer loop.
#[cfg(pattern_search)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovePath {
    /// Move `i` in bits `2 * (i % 4)` of byte `i / 4`, as its index in
    /// [`Direction::ALL`].
    packed: [u8; MAX_MOVES.div_ceil(4)],
    len: u8,
}

#[cfg(pattern_search)]
impl MovePath {
    /// No move.
    pub const EMPTY: MovePath = MovePath {
        packed: [0; MAX_MOVES.div_ceil(4)],
        len: 0,
    };

    /// Adds `dir` at the end.
    ///
    /// # Panics
    ///
    /// When the path already holds [`MAX_MOVES`] moves: no answer is
    /// longer, so that would be a bug.
    pub fn push(&mut self, dir: Direction) {
        let at = usize::from(self.len);
        assert!(at < MAX_MOVES, "no answer is longer than MAX_MOVES");
        self.packed[at / 4] |= (dir as u8) << (2 * (at % 4));
        self.len += 1;
    }

    /// The number of moves.
    pub fn len(&self) -> u8 {
        self.len
    }

    /// Move `i`.
    pub fn get(&self, i: usize) -> Direction {
        Direction::ALL[usize::from((self.packed[i / 4] >> (2 * (i % 4))) & 3)]
    }

    /// Gives `visit` the moves as a slice.
    #[cfg(feature = "alloc")]
    pub fn with_slice<T>(&self, visit: impl FnOnce(&[Direction]) -> T) -> T {
        let mut moves = [Direction::Up; MAX_MOVES];
        let len = usize::from(self.len);
        for (i, slot) in moves[..len].iter_mut().enumerate() {
            *slot = self.get(i);
        }
        visit(&moves[..len])
    }
}
