//! How moves are written. Contests, AIMA and Rosetta Code name a move by
//! the direction the *blank* travels; speedsolvers (slidysim, slidy,
//! csTimer) by the direction the *tile* slides, the opposite one. Both
//! read and write runs with counts: `R3` is `RRR`.

use core::fmt;
use core::iter::FusedIterator;

use super::geometry::Direction;
use super::slide::Slide;

/// A way of writing moves.
///
/// ```
/// use puzzle_oracle::{Direction, Notation};
///
/// // The blank moves up: the tile above it slides down.
/// assert_eq!(Notation::Blank.letter(Direction::Up), 'U');
/// assert_eq!(Notation::Tile.letter(Direction::Up), 'D');
/// assert_eq!(Notation::Tile.direction('r'), Some(Direction::Left));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The direction the blank travels (the crate's default).
    #[default]
    Blank,
    /// The direction the moved tile slides.
    Tile,
}

impl Notation {
    /// The letter of `dir` (a direction of the blank) in this notation.
    #[must_use]
    pub const fn letter(self, dir: Direction) -> char {
        match self {
            Notation::Blank => dir.letter(),
            Notation::Tile => dir.opposite().letter(),
        }
    }

    /// The blank's direction that `letter` (upper or lower case) names in
    /// this notation.
    #[must_use]
    pub const fn direction(self, letter: char) -> Option<Direction> {
        match (self, Direction::from_letter(letter)) {
            (Notation::Blank, dir) => dir,
            (Notation::Tile, Some(dir)) => Some(dir.opposite()),
            (Notation::Tile, None) => None,
        }
    }

    /// The moves of `text`, as directions of the blank: letters `U D L R`
    /// (any case), each optionally followed by a count (`R3` is `RRR`),
    /// spaces anywhere between moves.
    ///
    /// ```
    /// use puzzle_oracle::{Direction::*, Notation};
    ///
    /// let moves: Result<Vec<_>, _> = Notation::Blank.parse_moves("UR2 l").collect();
    /// assert_eq!(moves, Ok(vec![Up, Right, Right, Left]));
    /// let tile: Vec<_> = Notation::Tile.parse_moves("D").collect();
    /// assert_eq!(tile, [Ok(Up)]);
    /// let bad: Vec<_> = Notation::Blank.parse_moves("UX").collect();
    /// assert_eq!(bad[1].unwrap_err().to_string(), "move 2: `X` is not a move (U, D, L, R, with an optional count)");
    /// ```
    #[must_use]
    pub fn parse_moves(self, text: &str) -> ParseMoves<'_> {
        ParseMoves {
            notation: self,
            text,
            at: 0,
            pending: None,
            moves: 0,
            failed: false,
        }
    }

    /// The slides of `text` (the multi-tile metric's moves): each letter
    /// `U D L R` (any case) with its optional count is one slide (`U2`
    /// pushes two tiles), spaces anywhere between them.
    ///
    /// ```
    /// use puzzle_oracle::{Direction::*, Notation, Slide};
    ///
    /// let slides: Result<Vec<_>, _> = Notation::Blank.parse_slides("U2 LL").collect();
    /// assert_eq!(slides, Ok(vec![Slide::new(Up, 2), Slide::new(Left, 1), Slide::new(Left, 1)]));
    /// let bad: Vec<_> = Notation::Tile.parse_slides("D3 R0").collect();
    /// assert_eq!(bad[1].unwrap_err().to_string(), "move 2: a count is 1 to 10000");
    /// ```
    #[must_use]
    pub fn parse_slides(self, text: &str) -> ParseSlides<'_> {
        ParseSlides {
            moves: self.parse_moves(text),
            slides: 0,
        }
    }

    /// `moves` written in this notation, as one word: each letter, or with
    /// `compact` each run of one letter as the letter and its length
    /// (`R3`; a run of one is the letter alone).
    ///
    /// ```
    /// use puzzle_oracle::{Direction::*, Notation};
    ///
    /// let moves = [Up, Right, Right, Right, Left];
    /// assert_eq!(Notation::Blank.write(moves, false).to_string(), "URRRL");
    /// assert_eq!(Notation::Tile.write(moves, true).to_string(), "DL3R");
    /// ```
    pub fn write<I>(self, moves: I, compact: bool) -> Written<I>
    where
        I: IntoIterator<Item = Direction> + Clone,
    {
        Written {
            notation: self,
            moves,
            compact,
        }
    }
}

/// A move sequence written in a [`Notation`]; made by [`Notation::write`].
#[derive(Clone, Debug)]
pub struct Written<I> {
    notation: Notation,
    moves: I,
    compact: bool,
}

impl<I> fmt::Display for Written<I>
where
    I: IntoIterator<Item = Direction> + Clone,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut run: Option<(Direction, usize)> = None;
        let flush = |f: &mut fmt::Formatter<'_>, (dir, count): (Direction, usize)| {
            let letter = self.notation.letter(dir);
            match count {
                1 => write!(f, "{letter}"),
                _ => write!(f, "{letter}{count}"),
            }
        };
        for dir in self.moves.clone() {
            if !self.compact {
                write!(f, "{}", self.notation.letter(dir))?;
                continue;
            }
            run = match run {
                Some((same, count)) if same == dir => Some((same, count + 1)),
                Some(done) => {
                    flush(f, done)?;
                    Some((dir, 1))
                }
                None => Some((dir, 1)),
            };
        }
        run.map_or(Ok(()), |done| flush(f, done))
    }
}

/// Why a move sequence was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveError {
    /// Move `number` (from 1) starts with `found`, which is no move letter.
    NotAMove {
        /// Which move, from 1.
        number: usize,
        /// The character found.
        found: char,
    },
    /// Move `number` (from 1) has a count of 0, or one too large to be
    /// real (over 10,000).
    BadCount {
        /// Which move, from 1.
        number: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::NotAMove { number, found } => write!(
                f,
                "move {number}: `{}` is not a move (U, D, L, R, with an optional count)",
                found.escape_default()
            ),
            MoveError::BadCount { number } => {
                write!(f, "move {number}: a count is 1 to 10000")
            }
        }
    }
}

impl core::error::Error for MoveError {}

/// Largest count a move may carry.
const MAX_COUNT: usize = 10_000;

/// The moves of a text; made by [`Notation::parse_moves`]. Yields each
/// move as the blank's direction; an error is the last item.
#[derive(Clone, Debug)]
pub struct ParseMoves<'a> {
    notation: Notation,
    text: &'a str,
    /// Byte offset of what is still to read.
    at: usize,
    /// A move still to be repeated, and how many more times.
    pending: Option<(Direction, usize)>,
    /// Moves yielded so far.
    moves: usize,
    failed: bool,
}

impl ParseMoves<'_> {
    /// The next letter and its count, as the `number`th move (from 1) of
    /// the errors.
    fn token(&mut self, number: usize) -> Option<Result<(Direction, usize), MoveError>> {
        if self.failed {
            return None;
        }
        let rest = self.text[self.at..].trim_start();
        self.at = self.text.len() - rest.len();
        let letter = rest.chars().next()?;
        let Some(dir) = self.notation.direction(letter) else {
            self.failed = true;
            return Some(Err(MoveError::NotAMove {
                number,
                found: letter,
            }));
        };
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        self.at += 1 + digits;
        let count = match digits {
            0 => 1,
            _ => match rest[1..=digits].parse::<usize>() {
                Ok(count) if (1..=MAX_COUNT).contains(&count) => count,
                _ => {
                    self.failed = true;
                    return Some(Err(MoveError::BadCount { number }));
                }
            },
        };
        Some(Ok((dir, count)))
    }
}

impl Iterator for ParseMoves<'_> {
    type Item = Result<Direction, MoveError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((dir, left)) = self.pending {
            self.pending = (left > 1).then_some((dir, left - 1));
            self.moves += 1;
            return Some(Ok(dir));
        }
        let (dir, count) = match self.token(self.moves + 1)? {
            Ok(token) => token,
            Err(error) => return Some(Err(error)),
        };
        self.pending = (count > 1).then_some((dir, count - 1));
        self.moves += 1;
        Some(Ok(dir))
    }
}

impl FusedIterator for ParseMoves<'_> {}

/// The slides of a text; made by [`Notation::parse_slides`]. An error is
/// the last item.
#[derive(Clone, Debug)]
pub struct ParseSlides<'a> {
    moves: ParseMoves<'a>,
    /// Slides yielded so far.
    slides: usize,
}

impl Iterator for ParseSlides<'_> {
    type Item = Result<Slide, MoveError>;

    fn next(&mut self) -> Option<Self::Item> {
        let token = self.moves.token(self.slides + 1)?;
        self.slides += 1;
        // A count is at most MAX_COUNT, which a `u16` holds.
        Some(token.map(|(dir, count)| Slide::new(dir, count as u16)))
    }
}

impl FusedIterator for ParseSlides<'_> {}

/// How a slide is written.
impl Slide {
    /// The slide written in `notation`: the letter, then the count when
    /// more than one tile moves (`U2`).
    #[must_use]
    pub const fn written(self, notation: Notation) -> WrittenSlide {
        WrittenSlide {
            slide: self,
            notation,
        }
    }
}

impl fmt::Display for Slide {
    /// In the blank's notation: `U2`, `L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.written(Notation::Blank).fmt(f)
    }
}

/// A slide in a notation; made by [`Slide::written`].
#[derive(Clone, Copy, Debug)]
pub struct WrittenSlide {
    slide: Slide,
    notation: Notation,
}

impl fmt::Display for WrittenSlide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = self.notation.letter(self.slide.dir);
        match self.slide.tiles {
            1 => write!(f, "{letter}"),
            tiles => write!(f, "{letter}{tiles}"),
        }
    }
}
