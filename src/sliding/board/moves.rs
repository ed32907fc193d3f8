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

/// A move sequence of at most [`MAX_MOVES`] moves, as a search finds it:
/// the first `len` of `moves`.
#[cfg(pattern_search)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovePath {
    pub moves: [Direction; MAX_MOVES],
    pub len: u8,
}

#[cfg(pattern_search)]
impl MovePath {
    /// The moves.
    pub fn as_slice(&self) -> &[Direction] {
        &self.moves[..usize::from(self.len)]
    }
}
