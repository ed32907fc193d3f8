//! Board geometry: cells, the blank's four moves, and taxicab distance.
//!
//! Cells are numbered row-major from 0. This file is shared with `build.rs`,
//! so it uses `core` only.

/// The shape of a sliding-puzzle board: `rows` x `cols` cells.
///
/// ```
/// use puzzle_oracle::{Direction, Geometry};
///
/// let seven = Geometry::SEVEN;
/// assert_eq!(seven.cells(), 8);
/// // Cell 3 is the top-right corner of the 2x4 board: the blank can go down
/// // to cell 7 or left to cell 2, and nowhere else.
/// assert_eq!(seven.neighbour(3, Direction::Down), Some(7));
/// assert_eq!(seven.neighbour(3, Direction::Right), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    rows: u8,
    cols: u8,
}

impl Geometry {
    /// The Seven Puzzle's board: 2 rows of 4.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::SEVEN.cols(), 4);
    /// ```
    pub const SEVEN: Geometry = Geometry { rows: 2, cols: 4 };
    /// The Eight Puzzle's board: 3 rows of 3.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::EIGHT.rows(), 3);
    /// ```
    pub const EIGHT: Geometry = Geometry { rows: 3, cols: 3 };
    /// The Fifteen Puzzle's board: 4 rows of 4.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::FIFTEEN.cells(), 16);
    /// ```
    pub const FIFTEEN: Geometry = Geometry { rows: 4, cols: 4 };

    /// Most cells a geometry describes: a set of cells fits one `u64`.
    /// Boards stop earlier, at what their storage holds (see
    /// [`Board`](crate::Board)).
    pub const MAX_CELLS: usize = super::limits::MAX_GEOMETRY_CELLS;

    /// A board of `rows` x `cols` cells, or `None` unless both are at least
    /// 1 and the board has at most [`Geometry::MAX_CELLS`] cells.
    ///
    /// ```
    /// use puzzle_oracle::Geometry;
    /// assert_eq!(Geometry::new(3, 3), Some(Geometry::EIGHT));
    /// assert_eq!(Geometry::new(5, 5).map(Geometry::cells), Some(25));
    /// assert_eq!(Geometry::new(0, 0), None);
    /// assert_eq!(Geometry::new(9, 8), None);
    /// ```
    #[must_use]
    pub const fn new(rows: u8, cols: u8) -> Option<Geometry> {
        if rows == 0 || cols == 0 || rows as usize * cols as usize > Self::MAX_CELLS {
            None
        } else {
            Some(Geometry { rows, cols })
        }
    }

    /// [`Geometry::new`] where the shape is known to be valid: for the
    /// board specs, checked at compile time.
    pub(crate) const fn of(rows: u8, cols: u8) -> Geometry {
        match Geometry::new(rows, cols) {
            Some(geometry) => geometry,
            None => panic!("not a board shape"),
        }
    }

    /// The same board turned on its side: `cols` x `rows`.
    ///
    /// ```
    /// use puzzle_oracle::Geometry;
    /// assert_eq!(Geometry::SEVEN.transposed(), Geometry::new(4, 2).unwrap());
    /// ```
    #[must_use]
    pub const fn transposed(self) -> Geometry {
        Geometry {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// The orientation whose tables answer for this board: the wide one
    /// (`rows <= cols`). A tall board is answered through its transpose.
    ///
    /// ```
    /// use puzzle_oracle::Geometry;
    /// assert_eq!(Geometry::new(4, 2).unwrap().canonical(), Geometry::SEVEN);
    /// assert_eq!(Geometry::SEVEN.canonical(), Geometry::SEVEN);
    /// ```
    #[must_use]
    pub const fn canonical(self) -> Geometry {
        if self.rows <= self.cols {
            self
        } else {
            self.transposed()
        }
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::SEVEN.rows(), 2);
    /// ```
    #[must_use]
    pub const fn rows(self) -> u8 {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::SEVEN.cols(), 4);
    /// ```
    #[must_use]
    pub const fn cols(self) -> u8 {
        self.cols
    }

    /// Number of cells, blank included.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::EIGHT.cells(), 9);
    /// ```
    #[must_use]
    pub const fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The cell next to `cell` in direction `dir`, or `None` at the edge
    /// and for a `cell` off the board.
    ///
    /// ```
    /// use puzzle_oracle::{Direction, Geometry};
    /// assert_eq!(Geometry::EIGHT.neighbour(4, Direction::Up), Some(1));
    /// assert_eq!(Geometry::EIGHT.neighbour(0, Direction::Up), None);
    /// assert_eq!(Geometry::EIGHT.neighbour(100, Direction::Left), None);
    /// ```
    #[must_use]
    pub const fn neighbour(self, cell: usize, dir: Direction) -> Option<usize> {
        if cell >= self.cells() {
            return None;
        }
        let cols = self.cols as usize;
        let (row, col) = (cell / cols, cell % cols);
        match dir {
            Direction::Up if row > 0 => Some(cell - cols),
            Direction::Down if row + 1 < self.rows as usize => Some(cell + cols),
            Direction::Left if col > 0 => Some(cell - 1),
            Direction::Right if col + 1 < cols => Some(cell + 1),
            _ => None,
        }
    }

    /// The direction that takes `from` to the adjacent cell `to`, if both
    /// are on the board and adjacent.
    ///
    /// ```
    /// use puzzle_oracle::{Direction, Geometry};
    /// assert_eq!(Geometry::SEVEN.direction(1, 5), Some(Direction::Down));
    /// assert_eq!(Geometry::SEVEN.direction(3, 4), None); // not adjacent: a row wrap
    /// assert_eq!(Geometry::SEVEN.direction(usize::MAX, 0), None);
    /// ```
    #[must_use]
    pub const fn direction(self, from: usize, to: usize) -> Option<Direction> {
        let mut i = 0;
        while i < Direction::ALL.len() {
            let dir = Direction::ALL[i];
            if let Some(cell) = self.neighbour(from, dir)
                && cell == to
            {
                return Some(dir);
            }
            i += 1;
        }
        None
    }

    /// Taxicab (Manhattan) distance between two cells of the board.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Geometry::EIGHT.taxicab(0, 8), 4);
    /// ```
    #[must_use]
    pub const fn taxicab(self, a: usize, b: usize) -> usize {
        let cols = self.cols as usize;
        (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
    }
}

/// A move, written as the direction the blank travels (one tile per move).
///
/// ```
/// use puzzle_oracle::Direction;
/// assert_eq!(Direction::Up.letter(), 'U');
/// assert_eq!(Direction::from_letter('r'), Some(Direction::Right));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The blank moves up (the tile above it moves down).
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Direction {
    /// All four directions, in the order `U D L R`.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Direction::ALL.len(), 4);
    /// ```
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The other way: what undoes this move, and the direction the moved
    /// tile slides.
    ///
    /// ```
    /// use puzzle_oracle::Direction;
    /// assert_eq!(Direction::Left.opposite(), Direction::Right);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The letter used in move sequences: `U`, `D`, `L` or `R`.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Direction::Down.letter(), 'D');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// Parses a move letter, upper or lower case.
    ///
    /// ```
    /// use puzzle_oracle::Direction;
    /// assert_eq!(Direction::from_letter('L'), Some(Direction::Left));
    /// assert_eq!(Direction::from_letter('x'), None);
    /// ```
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        }
    }
}

impl TryFrom<char> for Direction {
    type Error = char;

    /// [`Direction::from_letter`]; the error gives the letter back.
    ///
    /// ```
    /// use puzzle_oracle::Direction;
    /// assert_eq!(Direction::try_from('u'), Ok(Direction::Up));
    /// assert_eq!(Direction::try_from('x'), Err('x'));
    /// ```
    fn try_from(letter: char) -> Result<Direction, char> {
        Direction::from_letter(letter).ok_or(letter)
    }
}

impl core::fmt::Display for Direction {
    /// The move's letter, as in move sequences.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::Direction::Left.to_string(), "L");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.letter())
    }
}
