//! IDA*: depth-first searches with a growing bound on moves made plus the
//! pattern-database bound, in the canonical frame of the target's class.
//!
//! The board lives in one place and is moved and unmoved in place; a move
//! changes one tile's cell, so only that tile's group is looked up again,
//! on the board and on its mirror image, and its value goes one up or one
//! down (see `pattern.rs`). The move automaton rejects the moves that
//! would end a string the search never needs, the undo of the move before
//! among them (see `move_automaton.rs`); what lists every optimal path
//! rejects only the undo.
#![allow(
    clippy::cast_possible_truncation,
    reason = "cells, tiles, cards and indices are small by construction (at most 16 cells, 28 cards); these casts cannot truncate"
)]
#![allow(
    clippy::inline_always,
    reason = "the placement number inlined measured faster (Korf 100: 0.99 s against 1.05 s); the lookups around it were kept inlined with it"
)]

use super::databases::{ClassDatabases, Group, GroupState};
use super::move_automaton::{self, START};
use super::pattern::{MAX_CELLS, NO_CELL};

/// The most moves any searched board needs: 2x8's 140 (OEIS A151944).
/// The path buffer needs no more.
pub(crate) const MAX_PATH: usize = 140;

/// What one search found: the blank's cells after each move.
pub(crate) struct Found {
    pub path: [u8; MAX_PATH],
    pub len: u8,
}

/// How often a search that may be stopped asks whether to go on: about
/// a millisecond of search.
const STOP_EVERY: u64 = 1 << 13;

/// What the children of one node read from the databases: for each, its
/// cell and, direct and mirrored, the group that moves, the index of its
/// state and the byte holding that bit.
struct ChildReads {
    to: [u8; 4],
    group: [[u8; 2]; 4],
    /// The moved tile's place in its group, and the group's order after
    /// the move.
    slot: [[u8; 2]; 4],
    order: [[u32; 2]; 4],
    index: [[u32; 2]; 4],
    byte: [[u8; 2]; 4],
    /// The move automaton's state after the move.
    automaton: [u16; 4],
    len: usize,
}

/// One IDA* run over a board in the canonical frame of `databases`.
pub(crate) struct Ida<'a> {
    databases: &'a ClassDatabases,
    board: [u8; MAX_CELLS],
    direct: [GroupState; 3],
    mirrored: [GroupState; 3],
    bound: u8,
    next_bound: u8,
    /// Asked every [`STOP_EVERY`] nodes, with the nodes so far, whether
    /// to go on.
    keep_going: Option<&'a mut dyn FnMut(u64) -> bool>,
    /// Whether the search stopped because `keep_going` said so.
    stopped: bool,
    path: [u8; MAX_PATH],
    /// Nodes expanded (bounds computed) over all iterations.
    pub nodes: u64,
}

impl<'a> Ida<'a> {
    /// A search from `board` (`board[cell]` the tile, the goal's class
    /// canonical, cells past the board ignored), which must be able to
    /// reach the goal.
    pub fn new(databases: &'a ClassDatabases, board: [u8; MAX_CELLS]) -> Self {
        let placements = databases.placements(&board);
        let state = |side: &[_; 3]| {
            core::array::from_fn(|group| databases.groups[group].state(side[group]))
        };
        Ida {
            databases,
            board,
            direct: state(&placements.direct),
            mirrored: state(&placements.mirrored),
            bound: 0,
            next_bound: 0,
            path: [0; MAX_PATH],
            nodes: 0,
            keep_going: None,
            stopped: false,
        }
    }

    /// The blank's cell and the root's values, direct and mirrored.
    fn root(&self) -> (u8, [u8; 3], [u8; 3]) {
        let blank = self.databases.blank(&self.board);
        let placements = self.databases.placements(&self.board);
        let direct = self.databases.values(&placements.direct, blank);
        let mirrored = match self.databases.mirror {
            Some(_) => self.databases.values(
                &placements.mirrored,
                self.databases.mirror_cell[usize::from(blank)],
            ),
            None => direct,
        };
        (blank, direct, mirrored)
    }

    /// Makes the search give up once `keep_going`, asked every few
    /// thousand nodes with the nodes so far, returns `false`.
    pub fn keep_going_while(&mut self, keep_going: &'a mut dyn FnMut(u64) -> bool) {
        self.keep_going = Some(keep_going);
    }

    /// Whether the search must stop now: at every [`STOP_EVERY`]-th node,
    /// `keep_going` is asked. A stopped search unwinds at once.
    #[inline]
    fn must_stop(&mut self) -> bool {
        self.nodes.is_multiple_of(STOP_EVERY) && self.asked_to_stop()
    }

    #[cold]
    fn asked_to_stop(&mut self) -> bool {
        let nodes = self.nodes;
        if let Some(keep_going) = self.keep_going.as_deref_mut() {
            self.stopped = !keep_going(nodes);
        }
        self.stopped
    }

    /// Whether the last run or walk stopped because `keep_going` said so.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Runs the search to the end: an optimal path; `None` when it was
    /// stopped (see [`Ida::keep_going_while`]).
    pub fn run(&mut self) -> Option<Found> {
        let found = self.run_within(self.databases.max_moves);
        // The bound only grows, and reaches the distance of a goal that
        // can be reached (the caller checked), at most the board's most.
        assert!(
            found.is_some() || self.stopped,
            "no board is more moves from its goal than its published most"
        );
        found
    }

    /// Runs the search with bounds of at most `most` moves: an optimal
    /// path if one is that short; `None` when none is, or when the search
    /// was stopped ([`Ida::stopped`] tells which). Deciding that a board
    /// is farther spares the iterations beyond `most`, the costliest.
    pub fn run_within(&mut self, most: u8) -> Option<Found> {
        let (blank, direct, mirrored) = self.root();
        self.bound = sum(direct).max(sum(mirrored));
        while self.bound <= most {
            self.next_bound = u8::MAX;
            if let Some(len) = self.descend(blank, START, 0, direct, mirrored) {
                return (!self.stopped).then_some(Found {
                    path: self.path,
                    len,
                });
            }
            self.bound = self.next_bound;
        }
        None
    }

    /// Gives `visit` every optimal path from the board, which is
    /// `distance` moves from the goal (the blank's cells after each move),
    /// in the order the last IDA* iteration meets them (run to the end with
    /// the bound at `distance`; no optimal path undoes its previous move,
    /// so the pruning loses none), until `visit`
    /// returns `true` (stop). Returns whether it was stopped, by `visit`
    /// or by [`Ida::keep_going_while`] ([`Ida::stopped`] tells which).
    pub fn for_each_optimal(&mut self, distance: u8, visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        let (blank, direct, mirrored) = self.root();
        self.bound = distance;
        self.list_below(blank, NO_CELL, 0, direct, mirrored, visit)
    }

    /// The paths to the goals within the bound below the current state,
    /// as [`Ida::descend`] walks to them, but to the end of the bound.
    fn list_below(
        &mut self,
        blank: u8,
        back: u8,
        depth: u8,
        direct: [u8; 3],
        mirrored: [u8; 3],
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        self.nodes += 1;
        if sum(direct) == 0 {
            return visit(&self.path[..usize::from(depth)]);
        }
        if self.must_stop() {
            return true;
        }
        let reads = self.read_children(blank, |_, to| (to != back).then_some(START));
        for (n, &to) in reads.to[..reads.len].iter().enumerate() {
            let Ok((child_direct, child_mirrored)) =
                self.child_values(&reads, n, depth, direct, mirrored)
            else {
                continue;
            };
            let saved = self.play(&reads, n, blank);
            self.path[usize::from(depth)] = to;
            let stop = self.list_below(to, blank, depth + 1, child_direct, child_mirrored, visit);
            self.undo(&reads, n, blank, saved);
            if stop {
                return true;
            }
        }
        false
    }

    /// Searches below the current state, reached in `depth` moves with the
    /// blank on `blank`, the moves having led the move automaton to
    /// `automaton`. Returns the solution's length when one is found within
    /// the bound.
    fn descend(
        &mut self,
        blank: u8,
        automaton: u16,
        depth: u8,
        direct: [u8; 3],
        mirrored: [u8; 3],
    ) -> Option<u8> {
        self.nodes += 1;
        if sum(direct) == 0 {
            return Some(depth);
        }
        if self.must_stop() {
            // Unwinds as a solution would; `run` knows better.
            return Some(depth);
        }
        let steps = &self.databases.steps[usize::from(blank)];
        let reads = self.read_children(blank, |k, _| move_automaton::after(automaton, steps[k]));
        // The children within the bound, those estimated nearest first: in
        // the last iteration that finds a solution sooner.
        let mut order = [(0u8, 0usize, [0u8; 3], [0u8; 3]); 4];
        let mut within = 0;
        for n in 0..reads.len {
            match self.child_values(&reads, n, depth, direct, mirrored) {
                Ok((child_direct, child_mirrored)) => {
                    let estimate = sum(child_direct).max(sum(child_mirrored));
                    let mut slot = within;
                    while slot > 0 && order[slot - 1].0 > estimate {
                        order[slot] = order[slot - 1];
                        slot -= 1;
                    }
                    order[slot] = (estimate, n, child_direct, child_mirrored);
                    within += 1;
                }
                Err(estimate) => self.next_bound = self.next_bound.min(estimate),
            }
        }
        for &(_, n, child_direct, child_mirrored) in &order[..within] {
            let to = reads.to[n];
            let saved = self.play(&reads, n, blank);
            self.path[usize::from(depth)] = to;
            if let Some(len) = self.descend(
                to,
                reads.automaton[n],
                depth + 1,
                child_direct,
                child_mirrored,
            ) {
                return Some(len);
            }
            self.undo(&reads, n, blank, saved);
        }
        None
    }

    /// The stored bytes every child of the current state needs, direct
    /// and mirrored: all indices first, then all loads, so that the loads
    /// are independent and their cache misses overlap. A child is made
    /// when `allowed`, given its place among the blank's neighbours and its
    /// cell, gives the move automaton's state after it.
    #[inline(always)]
    fn read_children(&self, blank: u8, allowed: impl Fn(usize, u8) -> Option<u16>) -> ChildReads {
        let databases = self.databases;
        let mut reads = ChildReads {
            to: [NO_CELL; 4],
            group: [[0; 2]; 4],
            slot: [[0; 2]; 4],
            order: [[0; 2]; 4],
            index: [[0; 2]; 4],
            byte: [[0; 2]; 4],
            automaton: [START; 4],
            len: 0,
        };
        for (k, &to) in databases.neighbours[usize::from(blank)].iter().enumerate() {
            if to == NO_CELL {
                break;
            }
            let Some(automaton) = allowed(k, to) else {
                continue;
            };
            let n = reads.len;
            reads.automaton[n] = automaton;
            let tile = self.board[usize::from(to)];
            let (group, i) = databases.slot[usize::from(tile)];
            let (group, i) = (usize::from(group), usize::from(i));
            let database = &databases.groups[group];
            let moved = database.moved(&self.direct[group], i, to, blank);
            reads.group[n][0] = group as u8;
            reads.index[n][0] = database.state_index(&moved, to) as u32;
            reads.slot[n][0] = i as u8;
            reads.order[n][0] = moved.order;
            if let Some(mirror) = &databases.mirror {
                let (group, i) = databases.slot[usize::from(mirror[usize::from(tile)])];
                let (group, i) = (usize::from(group), usize::from(i));
                let (from, into) = (
                    databases.mirror_cell[usize::from(to)],
                    databases.mirror_cell[usize::from(blank)],
                );
                let database = &databases.groups[group];
                let moved = database.moved(&self.mirrored[group], i, from, into);
                reads.group[n][1] = group as u8;
                reads.index[n][1] = database.state_index(&moved, from) as u32;
                reads.slot[n][1] = i as u8;
                reads.order[n][1] = moved.order;
            }
            reads.to[n] = to;
            reads.len += 1;
        }
        let sides = if databases.mirror.is_some() { 2 } else { 1 };
        for n in 0..reads.len {
            for side in 0..sides {
                let group = usize::from(reads.group[n][side]);
                reads.byte[n][side] =
                    databases.groups[group].byte_of(reads.index[n][side] as usize);
            }
        }
        reads
    }

    /// The values (direct, mirrored) of child `n` of `reads`, reached
    /// `depth + 1` moves in, or its estimate when that is beyond the
    /// bound.
    #[inline(always)]
    fn child_values(
        &self,
        reads: &ChildReads,
        n: usize,
        depth: u8,
        direct: [u8; 3],
        mirrored: [u8; 3],
    ) -> Result<([u8; 3], [u8; 3]), u8> {
        let bit = |side: usize| (reads.byte[n][side] >> (reads.index[n][side] % 8)) & 1;
        let mut child_direct = direct;
        let group = usize::from(reads.group[n][0]);
        child_direct[group] = Group::value_from_bit(direct[group], bit(0));
        let estimate = depth + 1 + sum(child_direct);
        if estimate > self.bound {
            return Err(estimate);
        }
        let child_mirrored = if self.databases.mirror.is_some() {
            let mut values = mirrored;
            let group = usize::from(reads.group[n][1]);
            values[group] = Group::value_from_bit(mirrored[group], bit(1));
            values
        } else {
            child_direct
        };
        let estimate = estimate.max(depth + 1 + sum(child_mirrored));
        if estimate > self.bound {
            return Err(estimate);
        }
        Ok((child_direct, child_mirrored))
    }

    /// Plays child `n` of `reads`: its tile slides into the blank on
    /// `blank`. Returns what [`Ida::undo`] needs to take it back.
    #[inline(always)]
    fn play(&mut self, reads: &ChildReads, n: usize, blank: u8) -> [GroupState; 2] {
        let [group, mirrored_group] = reads.group[n].map(usize::from);
        let saved = [self.direct[group], self.mirrored[mirrored_group]];
        let to = reads.to[n];
        self.direct[group] = GroupState {
            at: self.direct[group]
                .at
                .moved(usize::from(reads.slot[n][0]), to, blank),
            order: reads.order[n][0],
        };
        if self.databases.mirror.is_some() {
            let (from, into) = (
                self.databases.mirror_cell[usize::from(to)],
                self.databases.mirror_cell[usize::from(blank)],
            );
            self.mirrored[mirrored_group] = GroupState {
                at: self.mirrored[mirrored_group].at.moved(
                    usize::from(reads.slot[n][1]),
                    from,
                    into,
                ),
                order: reads.order[n][1],
            };
        }
        self.board
            .swap(usize::from(blank), usize::from(reads.to[n]));
        saved
    }

    /// Takes back child `n` of `reads`, played from the blank on `blank`.
    #[inline(always)]
    fn undo(&mut self, reads: &ChildReads, n: usize, blank: u8, saved: [GroupState; 2]) {
        let [group, mirrored_group] = reads.group[n].map(usize::from);
        self.direct[group] = saved[0];
        self.mirrored[mirrored_group] = saved[1];
        self.board
            .swap(usize::from(blank), usize::from(reads.to[n]));
    }
}

#[inline]
fn sum(parts: [u8; 3]) -> u8 {
    parts[0] + parts[1] + parts[2]
}
