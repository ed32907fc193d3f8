//! The admissible bounds a search takes the largest of, each a *view*: a
//! class's databases read on the board as a symmetry and a renaming of
//! tiles show it.
//!
//! A class's own databases are read on the board itself, and, when a
//! symmetry of the board keeps the goal's blank cell, on the mirrored
//! board, which is as far from the goal. A class that borrows another's
//! databases ([`PatternClass::borrows`](super::pattern::PatternClass))
//! also reads them, its tiles named as the other class's goal names them:
//! that goal is a few moves from this class's, so its bound less those
//! moves is a bound here (the triangle inequality). On 4x4 the edge class
//! borrows the corner's, whose two 7-tile databases and mirror bound far
//! higher than the edge's own 7-6-2 split.

use super::databases::{ClassDatabases, Group, GroupCells, GroupState};
use super::limits::{MAX_CELLS, MAX_GROUP_TILES, MAX_GROUPS, MAX_VIEWS};
use super::pattern::NO_CELL;

/// One class's databases read on the search's board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    pub groups: &'a [Group; MAX_GROUPS],
    /// `slot[tile]`: the group of the tile as the view names it, and its
    /// place in the group.
    pub slot: [(u8, u8); MAX_CELLS],
    /// `cell[c]`: the cell the view sees cell `c` as.
    pub cell: [u8; MAX_CELLS],
    /// The moves between the view's goal and the search's: the view's sum
    /// less these bounds the distance.
    pub moves: u8,
    /// `alias[group]`: an earlier view whose lookup for the group's tiles
    /// is this one's (the same database, tiles and cells), or [`NO_ALIAS`].
    pub alias: [u8; MAX_GROUPS],
}

/// No earlier view reads the group as this one does.
pub(crate) const NO_ALIAS: u8 = u8::MAX;

impl<'a> View<'a> {
    /// `class`'s databases read on the board itself, its tiles renamed by
    /// `rename`, which makes `class`'s goal of a goal `moves` away.
    fn direct(class: &'a ClassDatabases, rename: &[u8; MAX_CELLS], moves: u8) -> Self {
        View {
            groups: &class.groups,
            slot: core::array::from_fn(|tile| match rename[tile] {
                NO_CELL => (0, 0),
                name => class.slot[usize::from(name)],
            }),
            cell: core::array::from_fn(|cell| cell as u8),
            moves,
            alias: [NO_ALIAS; MAX_GROUPS],
        }
    }

    /// The same on the mirrored board, when `class` has a mirror.
    fn mirrored(class: &'a ClassDatabases, rename: &[u8; MAX_CELLS], moves: u8) -> Option<Self> {
        let mirror = class.mirror.as_ref()?;
        Some(View {
            groups: &class.groups,
            slot: core::array::from_fn(|tile| match rename[tile] {
                NO_CELL => (0, 0),
                name => class.slot[usize::from(mirror[usize::from(name)])],
            }),
            cell: class.mirror_cell,
            moves,
            alias: [NO_ALIAS; MAX_GROUPS],
        })
    }

    /// Where each group's tiles stand on `board` (`board[cell]` the tile,
    /// the first `cells` cells), as the view sees them.
    fn placements(&self, board: &[u8; MAX_CELLS], cells: usize) -> [GroupCells; MAX_GROUPS] {
        let mut placements = [GroupCells {
            cells: [NO_CELL; MAX_GROUP_TILES],
            mask: 0,
        }; MAX_GROUPS];
        for (cell, &tile) in board.iter().enumerate().take(cells) {
            if tile == 0 {
                continue;
            }
            let (group, i) = self.slot[usize::from(tile)];
            let at = &mut placements[usize::from(group)];
            let image = self.cell[cell];
            at.cells[usize::from(i)] = image;
            at.mask |= 1 << image;
        }
        placements
    }

    /// What the search carries of each group on `board`.
    pub fn states(&self, board: &[u8; MAX_CELLS], cells: usize) -> [GroupState; MAX_GROUPS] {
        let placements = self.placements(board, cells);
        core::array::from_fn(|group| self.groups[group].state(placements[group]))
    }

    /// Each group's exact value on `board`, the blank on `blank`.
    pub fn values(&self, board: &[u8; MAX_CELLS], cells: usize, blank: u8) -> [u8; MAX_GROUPS] {
        let placements = self.placements(board, cells);
        let blank = self.cell[usize::from(blank)];
        core::array::from_fn(|group| self.groups[group].exact_value(&placements[group], blank))
    }
}

/// The views of one class of a board, its own first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Views<'a> {
    /// The class whose goal is searched for: its moves and neighbours.
    pub class: &'a ClassDatabases,
    views: [View<'a>; MAX_VIEWS],
    len: usize,
}

impl<'a> Views<'a> {
    /// The views of `class`, one of the board's `classes`: the first is
    /// its own databases on the board itself, with no moves to take off,
    /// whose sum is 0 on the goal alone.
    pub fn of(classes: &'a [ClassDatabases], class: &'a ClassDatabases) -> Self {
        let same: [u8; MAX_CELLS] = core::array::from_fn(|tile| tile as u8);
        let own = View::direct(class, &same, 0);
        let mut views = Views {
            class,
            views: [own; MAX_VIEWS],
            len: 1,
        };
        views.push(View::mirrored(class, &same, 0));
        if let Some(borrowed) = &class.borrowed {
            let other = classes
                .iter()
                .find(|other| other.class.blank == borrowed.blank)
                .expect("a class borrows from a class of its board");
            views.push(Some(View::direct(other, &borrowed.rename, borrowed.moves)));
            views.push(View::mirrored(other, &borrowed.rename, borrowed.moves));
        }
        let cells = class.board.cells();
        for v in 1..views.len {
            for group in 0..MAX_GROUPS {
                views.views[v].alias[group] = (0..v)
                    .find(|&u| views.reads_alike(u, v, group, cells))
                    .map_or(NO_ALIAS, |u| u as u8);
            }
        }
        views
    }

    /// Whether view `u` reads the tiles of view `v`'s `group` from the same
    /// database at the same index, in every state.
    fn reads_alike(&self, u: usize, v: usize, group: usize, cells: usize) -> bool {
        let (earlier, later) = (&self.views[u], &self.views[v]);
        let Some(first) = (1..cells).find(|&tile| usize::from(later.slot[tile].0) == group) else {
            return false;
        };
        let theirs = earlier.slot[first].0;
        core::ptr::eq(
            earlier.groups[usize::from(theirs)].bits,
            later.groups[group].bits,
        ) && earlier.cell[..cells] == later.cell[..cells]
            && (1..cells).all(|tile| {
                (usize::from(later.slot[tile].0) == group) == (earlier.slot[tile].0 == theirs)
                    && (usize::from(later.slot[tile].0) != group
                        || later.slot[tile].1 == earlier.slot[tile].1)
            })
    }

    fn push(&mut self, view: Option<View<'a>>) {
        if let Some(view) = view {
            self.views[self.len] = view;
            self.len += 1;
        }
    }

    /// The views, the class's own on the board itself first.
    pub fn as_slice(&self) -> &[View<'a>] {
        &self.views[..self.len]
    }

    /// The board's cells.
    pub fn cells(&self) -> usize {
        self.class.board.cells()
    }

    /// An admissible bound on the distance of `board` to the goal: the
    /// largest of the views' bounds.
    pub fn lower_bound(&self, board: &[u8; MAX_CELLS]) -> u8 {
        let blank = self.class.blank(board);
        self.as_slice()
            .iter()
            .map(|view| {
                let values = view.values(board, self.cells(), blank);
                values.iter().sum::<u8>().saturating_sub(view.moves)
            })
            .max()
            .unwrap_or(0)
    }
}
