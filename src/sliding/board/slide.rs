//! One move of the multi-tile metric: a slide of one or more tiles of the
//! blank's row or column, and sets of them (every optimal first slide).
//! How a slide is written is the notation's (`notation.rs`).

use core::fmt;
use core::iter::FusedIterator;

use super::geometry::Direction;

/// One slide: the blank travels `tiles` cells in `dir`, pushing each tile
/// it passes one cell the other way. In the multi-tile metric it is one
/// move; in the single-tile metric, `tiles` moves.
///
/// ```
/// use puzzle_oracle::{Direction, Notation, Slide};
///
/// let slide = Slide::new(Direction::Up, 2);
/// assert_eq!(slide.to_string(), "U2");
/// assert_eq!(slide.written(Notation::Tile).to_string(), "D2");
/// assert_eq!(Slide::from(Direction::Left).to_string(), "L");
/// assert_eq!(slide.steps().count(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The direction the blank travels.
    pub dir: Direction,
    /// How many tiles move (at least 1).
    pub tiles: u16,
}

impl Slide {
    /// The slide of `tiles` tiles in `dir` (the blank's direction).
    #[must_use]
    pub const fn new(dir: Direction, tiles: u16) -> Slide {
        Slide { dir, tiles }
    }

    /// Its single-tile moves, `dir` repeated `tiles` times.
    pub fn steps(self) -> impl ExactSizeIterator<Item = Direction> + Clone {
        core::iter::repeat_n(self.dir, usize::from(self.tiles))
    }
}

impl From<Direction> for Slide {
    /// A one-tile slide: the single-tile metric's move.
    fn from(dir: Direction) -> Slide {
        Slide { dir, tiles: 1 }
    }
}

/// Most tiles one slide of a set can move: a row of 17 cells, beyond any
/// board the crate answers (the widest, 2x12, slides 11).
const MOST_TILES: u16 = 16;

/// A set of slides: every optimal first slide of a board in the
/// multi-tile metric. Iterates by direction (`U D L R`), then by tiles.
/// Small and `Copy`.
///
/// ```
/// use puzzle_oracle::{Direction, Slide, Slides};
///
/// let slides: Slides = [Slide::new(Direction::Left, 2), Slide::new(Direction::Up, 1)]
///     .into_iter()
///     .collect();
/// assert_eq!(slides.to_string(), "UL2");
/// assert_eq!(slides.len(), 2);
/// assert!(slides.contains(Slide::new(Direction::Left, 2)));
/// assert!(!slides.contains(Slide::new(Direction::Left, 1)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slides {
    /// Bit `16 * d + t - 1` stands for `tiles = t` in `Direction::ALL[d]`.
    bits: u64,
}

impl Slides {
    /// No slide.
    pub const NONE: Slides = Slides { bits: 0 };

    const fn bit(slide: Slide) -> u64 {
        if slide.tiles == 0 || slide.tiles > MOST_TILES {
            return 0;
        }
        1 << (MOST_TILES * slide.dir as u16 + slide.tiles - 1)
    }

    /// Whether `slide` is in the set.
    #[must_use]
    pub const fn contains(self, slide: Slide) -> bool {
        self.bits & Self::bit(slide) != 0
    }

    /// The set with `slide` added (a slide of more than 16 tiles, which no
    /// board has, is not kept).
    #[must_use]
    pub const fn with(self, slide: Slide) -> Slides {
        Slides {
            bits: self.bits | Self::bit(slide),
        }
    }

    /// How many slides the set holds.
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

impl FromIterator<Slide> for Slides {
    fn from_iter<I: IntoIterator<Item = Slide>>(slides: I) -> Slides {
        slides.into_iter().fold(Slides::NONE, Slides::with)
    }
}

impl IntoIterator for Slides {
    type Item = Slide;
    type IntoIter = SlidesIter;

    fn into_iter(self) -> SlidesIter {
        SlidesIter { bits: self.bits }
    }
}

/// The slides of a [`Slides`] set, by direction `U D L R`, then by tiles.
#[derive(Clone, Debug)]
pub struct SlidesIter {
    bits: u64,
}

impl Iterator for SlidesIter {
    type Item = Slide;

    fn next(&mut self) -> Option<Slide> {
        if self.bits == 0 {
            return None;
        }
        let lowest = self.bits.trailing_zeros() as u16;
        self.bits &= self.bits - 1;
        let dir = Direction::ALL[usize::from(lowest / MOST_TILES)];
        Some(Slide::new(dir, lowest % MOST_TILES + 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.bits.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for SlidesIter {}
impl FusedIterator for SlidesIter {}

impl fmt::Display for Slides {
    /// Each slide as [`Slide`] writes it, in the set's order, with nothing
    /// between (`UL2`); nothing for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.into_iter().try_for_each(|slide| slide.fmt(f))
    }
}
