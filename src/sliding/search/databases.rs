//! The embedded zero-aware pattern databases of the searched boards, and
//! the lower bound they give.
//!
//! `build.rs` writes one file per distinct database (see `pattern.rs`):
//! one bit per abstract state, the second
//! bit of its value. The search carries each group's exact value from a
//! node to its children, so that bit is all a child needs.
//!
//! The lookups are `#[inline(always)]`: they run once per child of every
//! node of the search, and inlined into it they measured faster.

use super::geometry::{Direction, Geometry};
use super::limits::NARROW_GROUPS;
use super::pattern::{
    self as pattern, MAX_CELLS, MAX_GROUP_TILES, MAX_GROUPS, MapEntry, NO_CELL, PassingWeights,
    PatternClass, all_cells, colour_differs, flood, neighbours, order_change, order_rank,
    order_weights, passing_weights, state_index,
};
use super::symmetry::map_cell;

/// One group's database and what reading it needs.
#[derive(Debug)]
pub(crate) struct Group {
    layout: &'static [MapEntry],
    pub(crate) bits: &'static [u8],
    board: Geometry,
    /// A move between cells this far apart is along a column.
    column_step: u8,
    /// The board is wide: its layout takes two lines a map (see
    /// [`pattern::Line`]).
    wide: bool,
    /// The layout's (map, region) pairs: the entries of one order.
    placements: u32,
    weights: [u32; MAX_GROUP_TILES],
    passing: PassingWeights,
    tiles: u8,
    /// The goal cells of the group's tiles, padded with [`NO_CELL`].
    goal_cells: [u8; MAX_GROUP_TILES],
    goal_blank: u8,
}

/// Where one group's tiles stand: their cells in the group's order,
/// padded with [`NO_CELL`], and the mask of those cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupCells {
    pub cells: [u8; MAX_GROUP_TILES],
    pub mask: u32,
}

impl GroupCells {
    /// The group's cells after its `i`-th tile slides from `from` to `to`.
    #[inline(always)]
    pub fn moved(mut self, i: usize, from: u8, to: u8) -> Self {
        self.cells[i] = to;
        self.mask ^= (1 << from) | (1 << to);
        self
    }
}

/// What the search keeps of a group: where its tiles stand and the order
/// of its tiles on their map, carried from move to move. A move along a
/// row passes no cell in row-major order, so it keeps the order; a move
/// along a column changes one digit for each group tile it passes (see
/// [`order_change`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GroupState {
    pub at: GroupCells,
    pub order: u32,
}

impl Group {
    /// The search's state of the group on `at`.
    pub fn state(&self, at: GroupCells) -> GroupState {
        GroupState {
            at,
            order: order_rank(&at.cells, &self.weights),
        }
    }

    /// The state after the group's `i`-th tile slides from `from` to `to`.
    #[inline(always)]
    pub fn moved(&self, state: &GroupState, i: usize, from: u8, to: u8) -> GroupState {
        let at = state.at.moved(i, from, to);
        let order = if from.abs_diff(to) == self.column_step {
            state.order.wrapping_add_signed(order_change(
                &state.at.cells,
                &self.passing,
                i,
                from,
                to,
            ))
        } else {
            state.order
        };
        GroupState { at, order }
    }

    /// The index of the search's state `state`, the blank on `blank`, on
    /// a narrow board (`W` false) or a wide one, as the search's type
    /// knows.
    #[inline(always)]
    pub fn state_index<const W: bool>(&self, state: &GroupState, blank: u8) -> usize {
        debug_assert_eq!(W, self.wide);
        state_index::<W>(
            self.layout,
            self.placements,
            state.at.mask,
            state.order,
            blank,
        )
    }

    /// [`Group::state_index`] where the board's width is not known.
    fn index_of(&self, state: &GroupState, blank: u8) -> usize {
        if self.wide {
            self.state_index::<true>(state, blank)
        } else {
            self.state_index::<false>(state, blank)
        }
    }

    const fn new(
        board: Geometry,
        layout: &'static [MapEntry],
        bits: &'static [u8],
        blank: u8,
        cells: &[u8],
    ) -> Self {
        let mut goal_cells = [NO_CELL; MAX_GROUP_TILES];
        let mut i = 0;
        while i < cells.len() {
            goal_cells[i] = cells[i];
            i += 1;
        }
        Group {
            layout,
            bits,
            board,
            column_step: board.cols(),
            wide: pattern::is_wide(board.cells()),
            placements: pattern::placements(layout, pattern::is_wide(board.cells())),
            weights: order_weights(cells.len()),
            passing: passing_weights(&order_weights(cells.len())),
            tiles: cells.len() as u8,
            goal_cells,
            goal_blank: blank,
        }
    }

    /// The byte holding the stored bit of state `index`.
    #[inline(always)]
    pub fn byte_of(&self, index: usize) -> u8 {
        self.bits[index / 8]
    }

    /// The stored bit of the abstract state: the group on `at`, the blank
    /// on `blank`.
    #[inline(always)]
    fn stored_bit(&self, at: &GroupCells, blank: u8) -> u8 {
        self.state_bit(&self.state(*at), blank)
    }

    /// The stored bit of the search's state `state`, the blank on `blank`.
    #[inline(always)]
    fn state_bit(&self, state: &GroupState, blank: u8) -> u8 {
        let index = self.index_of(state, blank);
        (self.byte_of(index) >> (index % 8)) & 1
    }

    /// The group's value after a move of one of its tiles, from its value
    /// `before` the move and the stored bit of the state after it: one
    /// more or one less, and the two differ in their second bit.
    #[inline(always)]
    pub fn value_from_bit(before: u8, stored_bit: u8) -> u8 {
        let up = before + 1;
        if (up >> 1) & 1 == stored_bit {
            up
        } else {
            before.wrapping_sub(1)
        }
    }

    /// The parity of the group's value: of its tiles' taxicab distance to
    /// their goal cells.
    fn parity(&self, at: &GroupCells) -> u8 {
        let mut odd = 0;
        for i in 0..usize::from(self.tiles) {
            odd ^= u8::from(colour_differs(
                self.board,
                usize::from(at.cells[i]),
                usize::from(self.goal_cells[i]),
            ));
        }
        odd
    }

    /// The value modulo 4: the stored second bit and the parity.
    fn residue(&self, at: &GroupCells, blank: u8) -> u8 {
        2 * self.stored_bit(at, blank) + self.parity(at)
    }

    /// The exact value of the abstract state: the fewest group moves to
    /// the goal. Every state but the goal has a neighbour one closer, and
    /// its residue modulo 4 tells it from the neighbours one farther, so
    /// the walk down to the goal takes exactly that many steps.
    ///
    /// # Panics
    ///
    /// When no neighbour is one closer, or the walk passes 255 steps,
    /// which only a corrupt database can cause.
    pub fn exact_value(&self, at: &GroupCells, blank: u8) -> u8 {
        let (mut state, mut blank) = (self.state(*at), blank);
        let mut residue = self.residue(at, blank);
        let goal_mask = self.mask_of(&self.goal_cells);
        let mut steps = 0;
        loop {
            let at = state.at;
            let region = flood(self.board, 1 << blank, !at.mask & all_cells(self.board));
            if at.cells == self.goal_cells && region & (1 << self.goal_blank) != 0 {
                debug_assert_eq!(at.mask, goal_mask);
                return steps;
            }
            // A tile's move by one cell flips the parity, which is the
            // parity of both values one away: the stored bit tells the
            // closer from the farther.
            let closer = (residue + 3) % 4;
            let step = (0..usize::from(self.tiles)).find_map(|i| {
                let from = at.cells[i];
                let mut targets = neighbours(self.board, 1 << from) & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let child = self.moved(&state, i, from, to);
                    if self.state_bit(&child, from) == closer >> 1 {
                        return Some((child, from));
                    }
                }
                None
            });
            let Some((child, child_blank)) = step else {
                panic!("a corrupt pattern database: no neighbour is closer to the goal");
            };
            (state, blank, residue) = (child, child_blank, closer);
            // Every value fits a `u8`; a longer walk goes round in circles.
            steps = steps
                .checked_add(1)
                .expect("a corrupt pattern database: the walk down does not end");
        }
    }

    fn mask_of(&self, cells: &[u8; MAX_GROUP_TILES]) -> u32 {
        cells[..usize::from(self.tiles)]
            .iter()
            .fold(0, |mask, &cell| mask | 1 << cell)
    }
}

/// A goal class's databases, with the tables the search needs to read them
/// without searching for a tile's group.
#[derive(Debug)]
pub struct ClassDatabases {
    pub(crate) groups: [Group; MAX_GROUPS],
    /// The board, in its wide orientation.
    pub(crate) board: Geometry,
    /// The most moves any state of the board needs.
    pub(crate) max_moves: u8,
    /// The cells next to each cell, [`NO_CELL`] past the last.
    pub(crate) neighbours: [[u8; 4]; MAX_CELLS],
    /// `steps[cell][k]`: the blank's direction from `cell` to
    /// `neighbours[cell][k]`.
    pub(crate) steps: [[Direction; 4]; MAX_CELLS],
    /// `slot[tile]`: the tile's group and its position in the group.
    pub(crate) slot: [(u8, u8); MAX_CELLS],
    /// The tiles of each group, in order.
    group_tiles: [[u8; MAX_GROUP_TILES]; MAX_GROUPS],
    /// For a class whose goal blank cell some symmetry of the board keeps
    /// in place (on a square, the blank on the main diagonal, whose
    /// transpose is taken): `mirror[tile]` is what the tile is called on
    /// the mirrored board, where it stands on cell `mirror_cell[cell]`.
    /// The mirrored board is as far from the goal as the board, so its
    /// bound is a second admissible bound.
    pub(crate) mirror: Option<[u8; MAX_CELLS]>,
    pub(crate) mirror_cell: [u8; MAX_CELLS],
    /// For a class that borrows another's databases (see
    /// [`PatternClass::borrows`]), how its board is read through them.
    pub(crate) borrowed: Option<Borrowed>,
    /// `goal[cell]`: the tile the class's goal puts on `cell`.
    goal: [u8; MAX_CELLS],
    pub(crate) class: PatternClass,
}

/// Another class's databases, read on this class's board: the blank of
/// this class's goal walked to that class's blank cell (along its row,
/// then its column) makes a goal `moves` moves away, which that class's
/// goal is up to the names of the tiles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Borrowed {
    /// The other class's blank cell.
    pub blank: u8,
    /// `rename[tile]`: what the other class calls the tile.
    pub rename: [u8; MAX_CELLS],
    /// The moves between the two goals.
    pub moves: u8,
}

impl Borrowed {
    /// How `class`, on `board`, reads the databases of the class whose
    /// blank cell is `other`.
    const fn new(board: Geometry, class: &PatternClass, other: u8) -> Borrowed {
        let (cells, cols) = (board.cells(), board.cols() as usize);
        let mut goal = class.goal(cells);
        let (row, col) = (other as usize / cols, other as usize % cols);
        let mut blank = class.blank as usize;
        let mut moves = 0;
        while blank != other as usize {
            let next = match (blank / cols, blank % cols) {
                (_, c) if c < col => blank + 1,
                (_, c) if c > col => blank - 1,
                (r, _) if r < row => blank + cols,
                _ => blank - cols,
            };
            goal[blank] = goal[next];
            goal[next] = 0;
            blank = next;
            moves += 1;
        }
        let theirs = pattern::canonical_goal(cells, other);
        let mut rename = [NO_CELL; MAX_CELLS];
        let mut cell = 0;
        while cell < cells {
            rename[goal[cell] as usize] = theirs[cell];
            cell += 1;
        }
        Borrowed {
            blank: other,
            rename,
            moves,
        }
    }
}

/// The last symmetry of `board` (see [`map_cell`]) other than the
/// identity that keeps `cell` in place: on a square, the transpose when
/// it does.
const fn fixing_symmetry(board: Geometry, cell: usize) -> Option<u8> {
    let mut symmetry = if board.rows() == board.cols() { 7 } else { 3 };
    while symmetry > 0 {
        if map_cell(board, symmetry, cell) == cell {
            return Some(symmetry);
        }
        symmetry -= 1;
    }
    None
}

impl ClassDatabases {
    pub(super) const fn new(
        board: Geometry,
        max_moves: u8,
        class: PatternClass,
        tables: [(&'static [MapEntry], &'static [u8]); MAX_GROUPS],
    ) -> Self {
        let cells = board.cells();
        assert!(cells <= MAX_CELLS && board.rows() <= board.cols());
        // A narrow board's search carries only its first groups.
        let mut group = NARROW_GROUPS;
        while group < MAX_GROUPS {
            assert!(pattern::is_wide(cells) || class.groups[group].is_empty());
            group += 1;
        }
        let goal = class.goal(cells);
        let mut slot = [(u8::MAX, 0); MAX_CELLS];
        let mut group_tiles = [[0; MAX_GROUP_TILES]; MAX_GROUPS];
        let mut group = 0;
        while group < MAX_GROUPS {
            let group_cells = class.groups[group];
            assert!(group_cells.len() <= MAX_GROUP_TILES);
            let mut i = 0;
            while i < group_cells.len() {
                slot[goal[group_cells[i] as usize] as usize] = (group as u8, i as u8);
                group_tiles[group][i] = goal[group_cells[i] as usize];
                i += 1;
            }
            group += 1;
        }
        let mut neighbours = [[NO_CELL; 4]; MAX_CELLS];
        let mut steps = [[Direction::Up; 4]; MAX_CELLS];
        let mut cell = 0;
        while cell < cells {
            let next = pattern::neighbours(board, 1 << cell);
            let mut count = 0;
            let mut other = 0;
            while other < cells {
                if next & (1 << other) != 0 {
                    neighbours[cell][count] = other as u8;
                    steps[cell][count] = match board.direction(cell, other) {
                        Some(step) => step,
                        None => panic!("a neighbour is a step away"),
                    };
                    count += 1;
                }
                other += 1;
            }
            cell += 1;
        }
        let mut mirror_cell = [NO_CELL; MAX_CELLS];
        let mirror = match fixing_symmetry(board, class.blank as usize) {
            Some(symmetry) => {
                let mut mirror = [0; MAX_CELLS];
                let mut cell = 0;
                while cell < cells {
                    let image = map_cell(board, symmetry, cell);
                    mirror_cell[cell] = image as u8;
                    mirror[goal[cell] as usize] = goal[image];
                    cell += 1;
                }
                Some(mirror)
            }
            None => None,
        };
        ClassDatabases {
            groups: [
                Group::new(
                    board,
                    tables[0].0,
                    tables[0].1,
                    class.blank,
                    class.groups[0],
                ),
                Group::new(
                    board,
                    tables[1].0,
                    tables[1].1,
                    class.blank,
                    class.groups[1],
                ),
                Group::new(
                    board,
                    tables[2].0,
                    tables[2].1,
                    class.blank,
                    class.groups[2],
                ),
                Group::new(
                    board,
                    tables[3].0,
                    tables[3].1,
                    class.blank,
                    class.groups[3],
                ),
            ],
            board,
            max_moves,
            neighbours,
            steps,
            slot,
            group_tiles,
            mirror,
            mirror_cell,
            borrowed: match class.borrows {
                Some(other) => Some(Borrowed::new(board, &class, other)),
                None => None,
            },
            goal,
            class,
        }
    }

    /// The blank's cell on `board`.
    pub(crate) fn blank(&self, board: &[u8; MAX_CELLS]) -> u8 {
        board[..self.board.cells()]
            .iter()
            .position(|&tile| tile == 0)
            .unwrap_or(0) as u8
    }
}

/// One embedded pattern database: a group of tiles of one goal class.
///
/// ```
/// use puzzle_oracle::fifteen::pattern_databases;
///
/// let corner_a = pattern_databases()[0];
/// assert_eq!(corner_a.goal()[0], 0); // the standard goal's blank
/// // On the standard goal tile `t` stands on cell `t`.
/// let home = corner_a.tiles().to_vec();
/// assert_eq!(&home[..6], &[1, 4, 5, 8, 9, 12]); // and 13 in the large tier
/// // Every tile on its goal cell, the blank on its own: nothing to move.
/// assert_eq!(corner_a.moves(&home, 0), Some(0));
/// // The same tiles with the blank on cell 15: tiles 1 and 4 wall cell 0
/// // off, so some of them must move out of the way and back, an even
/// // number of moves (the tiles' taxicab parity) more than none.
/// assert!(corner_a.moves(&home, 15).unwrap() >= 2);
/// // Tile 4 on the blank's goal cell, the blank below it: one move.
/// let up: Vec<u8> = home.iter().map(|&cell| if cell == 4 { 0 } else { cell }).collect();
/// assert_eq!(corner_a.moves(&up, 4), Some(1));
/// let mut twice = home.clone();
/// twice[0] = twice[1];
/// assert_eq!(corner_a.moves(&twice, 0), None); // not a placement
/// assert_eq!(corner_a.moves(&home, 1), None); // the blank on a tile
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PatternDatabase {
    class: &'static ClassDatabases,
    group: usize,
}

impl PatternDatabase {
    /// The database of `class`'s group `group`.
    #[cfg(feature = "fifteen")]
    pub(crate) const fn of_group(class: &'static ClassDatabases, group: usize) -> PatternDatabase {
        PatternDatabase { class, group }
    }

    /// The databases of `classes` that count some tile: for each class in
    /// turn, its groups.
    pub(crate) fn of(classes: &'static [ClassDatabases]) -> impl Iterator<Item = PatternDatabase> {
        classes.iter().flat_map(|class| {
            (0..MAX_GROUPS)
                .filter(|&group| class.groups[group].tiles > 0)
                .map(move |group| PatternDatabase { class, group })
        })
    }

    /// The board, in the wide orientation its databases are read in.
    #[must_use]
    pub fn geometry(&self) -> Geometry {
        self.class.board
    }

    /// The goal of the database's class, `goal[cell]` the tile on `cell`.
    #[must_use]
    pub fn goal(&self) -> &'static [u8] {
        &self.class.goal[..self.class.board.cells()]
    }

    /// The group's tiles, in the order [`PatternDatabase::moves`] takes
    /// their cells.
    #[must_use]
    pub fn tiles(&self) -> &'static [u8] {
        &self.class.group_tiles[self.group][..self.class.class.groups[self.group].len()]
    }

    /// The fewest moves of the group's tiles that bring them from `cells`
    /// (`cells[i]` the cell of the `i`-th tile of [`PatternDatabase::tiles`])
    /// to their goal cells with the blank, now on `blank`, in the goal's
    /// region; the other tiles anywhere. `None` when `cells` is not a
    /// placement of the group (wrong length, a cell off the board or used
    /// twice) or the blank is off the board or on one of them.
    #[must_use]
    pub fn moves(&self, cells: &[u8], blank: u8) -> Option<u8> {
        let group = &self.class.groups[self.group];
        let board_cells = self.class.board.cells();
        if cells.len() != usize::from(group.tiles) || usize::from(blank) >= board_cells {
            return None;
        }
        let mut at = GroupCells {
            cells: [NO_CELL; MAX_GROUP_TILES],
            mask: 0,
        };
        for (slot, &cell) in at.cells.iter_mut().zip(cells) {
            if usize::from(cell) >= board_cells || at.mask & (1 << cell) != 0 {
                return None;
            }
            *slot = cell;
            at.mask |= 1 << cell;
        }
        if at.mask & (1 << blank) != 0 {
            return None;
        }
        Some(group.exact_value(&at, blank))
    }

    /// The stored table: bit `i % 8` of byte `i / 8` is the second bit of
    /// abstract state `i`'s value, states numbered as the
    /// [`design`](crate::design) notes tell.
    #[must_use]
    pub fn bytes(&self) -> &'static [u8] {
        self.class.groups[self.group].bits
    }
}

#[cfg(all(test, feature = "std", feature = "fifteen"))]
pub(super) mod tests {
    use super::*;
    use std::boxed::Box;
    use std::panic::{AssertUnwindSafe, catch_unwind};

    /// The first group of `corner` (4x4's corner class) read through a
    /// copy of its table with the bit of one state flipped.
    fn corrupted(corner: &ClassDatabases, at: &GroupCells, blank: u8) -> Group {
        let intact = &corner.groups[0];
        let mut bits = intact.bits.to_vec();
        let index = intact.index_of(&intact.state(*at), blank);
        bits[index / 8] ^= 1 << (index % 8);
        let class = corner.class;
        Group::new(
            Geometry::FIFTEEN,
            intact.layout,
            Box::leak(bits.into_boxed_slice()),
            class.blank,
            class.groups[0],
        )
    }

    fn cells(cells: [u8; MAX_GROUP_TILES]) -> GroupCells {
        GroupCells {
            cells,
            mask: cells
                .iter()
                .filter(|&&cell| cell != NO_CELL)
                .fold(0, |mask, &cell| mask | 1 << cell),
        }
    }

    /// Asked of the embedded 4x4 corner class by the registry's tests.
    pub(in crate::sliding::search) fn a_flipped_bit_changes_the_value_read_or_stops_the_walk(
        corner: &ClassDatabases,
    ) {
        let intact = &corner.groups[0];
        // Tile 4 on the blank's goal cell, the blank below it: one move;
        // and the group's tiles shuffled, the blank on cell 15.
        let mut home = intact.goal_cells;
        let four = home.iter().position(|&cell| cell == 4).unwrap();
        home[four] = 0;
        let mut far = intact.goal_cells;
        far[..6].copy_from_slice(&[2, 0, 6, 5, 14, 8]);
        for (at, blank) in [(cells(home), 4), (cells(far), 15)] {
            let value = intact.exact_value(&at, blank);
            if blank == 4 {
                assert_eq!(value, 1);
            }
            assert!(value >= 1);
            let broken = corrupted(corner, &at, blank);
            // The walk down either counts wrong or finds no way down.
            let read = catch_unwind(AssertUnwindSafe(|| broken.exact_value(&at, blank)));
            assert_ne!(read.ok(), Some(value), "{at:?}");
        }
    }
}
