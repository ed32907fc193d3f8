//! The zero-aware pattern-database generator: the breadth-first search
//! that gives every abstract state of one tile group its value, and the
//! one bit a state that is stored. `build.rs` runs it for the embedded
//! tiers, the library (feature `cache`) for the tiers it builds into the
//! user's cache directory: one generator, so the two homes cannot differ.
//!
//! A breadth-first search from the goal over the abstract states of one
//! tile group (see `pattern.rs`): a map, a region of its free
//! cells, an order of the tiles. Each layer scans the whole table for the
//! states of the current depth, one map and region at a time: the moves
//! out of them (a tile next to the region slides into it) depend only on
//! the map and the region, so they are worked out once for all its orders,
//! and every child of a block lands in one block of the child's map, so
//! the writes stay within a few kilobytes. Its table is placement-major
//! for that reason; the stored bits are order-major, as the search reads
//! them (see [`second_bits`]).
//!
//! Shared with `build.rs`, so it names its neighbours `super::geometry`
//! and `super::pattern`, and uses `std` only.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::thread;
use std::vec;
use std::vec::Vec;

use super::geometry::Geometry;
use super::pattern::{
    Line, MAX_GROUP_TILES, MapEntry, NO_CELL, all_cells, factorial, flood, is_wide, map_rank,
    map_rank_wide, maps, neighbours, order_rank, order_weights, regions,
};

const UNSEEN: u8 = u8::MAX;

/// The numbering of every abstract state of a `tiles`-tile group on
/// `board`.
pub struct Layout {
    pub board: Geometry,
    pub tiles: usize,
    /// Per map rank: its mask, its line of the layout (two entries on a
    /// wide board), its regions, and the first entry of its block in the
    /// generator's table.
    masks: Vec<u32>,
    pub entries: Vec<MapEntry>,
    wide: bool,
    region_counts: Vec<u32>,
    first_entries: Vec<usize>,
    /// (map, region) pairs in all: the entries of one order.
    pub placements: usize,
    /// Abstract states in all.
    pub len: usize,
}

impl Layout {
    /// The numbering of every abstract state of `tiles` tiles on `board`.
    pub fn new(board: Geometry, tiles: usize) -> Self {
        let orders = factorial(tiles);
        let maps = maps(board, tiles);
        let mut layout = Layout {
            board,
            tiles,
            masks: Vec::with_capacity(maps),
            entries: Vec::with_capacity(maps),
            wide: is_wide(board.cells()),
            region_counts: Vec::with_capacity(maps),
            first_entries: Vec::with_capacity(maps),
            placements: 0,
            len: 0,
        };
        // In increasing order of masks: the order of their colex ranks.
        for mask in masks_of(board.cells(), tiles) {
            let (numbers, count) = regions(board, mask);
            layout.masks.push(mask);
            let first = layout.placements as u32;
            if layout.wide {
                layout.entries.extend(
                    MapEntry::wide(numbers, first)
                        .expect("at most 8 regions a map and 2^32 placements"),
                );
            } else {
                layout.entries.push(
                    MapEntry::new(numbers, first)
                        .expect("at most 8 regions a map and 65,536 placements"),
                );
            }
            layout.region_counts.push(count);
            layout.first_entries.push(layout.len);
            layout.placements += count as usize;
            layout.len += count as usize * orders;
        }
        // The reader's index is a `u32`.
        assert!(
            u32::try_from(layout.len).is_ok(),
            "a database of under 2^32 entries"
        );
        layout
    }

    /// The rank of a map of the layout's maps.
    fn rank(&self, mask: u32) -> usize {
        if self.wide {
            map_rank_wide(mask)
        } else {
            map_rank(mask)
        }
    }

    /// The region of free cell `cell` of the map ranked `rank`.
    fn region(&self, rank: usize, cell: u8) -> u32 {
        if self.wide {
            Line::<true>::of(&self.entries, rank).region(cell)
        } else {
            Line::<false>::of(&self.entries, rank).region(cell)
        }
    }
}

/// The masks of `tiles` cells of `cells`, in increasing order (Gosper's
/// next permutation of bits): 177,100 of them on 5x5 for six tiles, where
/// testing each of the 2^25 masks took most of the layout's time.
fn masks_of(cells: usize, tiles: usize) -> impl Iterator<Item = u32> {
    let end = 1u64 << cells;
    let first = (1u64 << tiles) - 1;
    core::iter::successors(Some(first), move |&mask| {
        if mask == 0 {
            return None;
        }
        let lowest = mask & mask.wrapping_neg();
        let carried = mask + lowest;
        Some((((carried ^ mask) >> 2) / lowest) | carried)
    })
    .take_while(move |&mask| mask < end)
    .map(|mask| mask as u32)
}

/// For each order of a `tiles`-tile group (numbered as by
/// [`order_rank`]): where each tile stands among the map's cells, counted
/// from the lowest.
fn order_positions(tiles: usize) -> Vec<[u8; MAX_GROUP_TILES]> {
    (0..factorial(tiles))
        .map(|rank| {
            let mut free: Vec<u8> = (0..tiles as u8).collect();
            let mut positions = [NO_CELL; MAX_GROUP_TILES];
            for (i, position) in positions.iter_mut().take(tiles).enumerate() {
                let digit = rank / factorial(tiles - 1 - i) % (tiles - i);
                *position = free.remove(digit);
            }
            positions
        })
        .collect()
}

/// [`order_rank`] of a group's cells without their padding: the generator
/// ranks every child of every state, and the padding to
/// [`MAX_GROUP_TILES`] would make the smaller groups pay for the largest.
fn rank_of_first(cells: &[u8], weights: &[u32; MAX_GROUP_TILES]) -> u32 {
    let mut rank = 0;
    for (i, &cell) in cells.iter().enumerate() {
        let lower_after = cells[i + 1..].iter().filter(|&&later| later < cell).count();
        rank += lower_after as u32 * weights[i];
    }
    rank
}

/// A move out of one map and region: the tile on the map's `from`-th cell
/// slides into the region, into the child block starting at
/// `child_block`; `positions[p]` is where the tile on the `p`-th cell
/// stands on the child's map, `None` when nothing changes place.
struct BlockMove {
    child_block: usize,
    positions: Option<[u8; MAX_GROUP_TILES]>,
}

/// Maps a thread of a layer takes at a time: small enough to share the
/// layer's work out evenly, large enough that taking them costs nothing.
const MAPS_A_TAKE: usize = 64;

/// What every thread of a breadth-first search reads.
struct Search<'a> {
    layout: &'a Layout,
    orders: usize,
    weights: [u32; MAX_GROUP_TILES],
    positions_of: Vec<[u8; MAX_GROUP_TILES]>,
    /// Each state's distance, [`UNSEEN`] until reached. Atomic because the
    /// threads of a layer write children anywhere; every write of a layer
    /// is the same value to a state that was unseen, so the races between
    /// them are harmless, and relaxed loads and stores are plain ones.
    distance: Vec<AtomicU8>,
    /// For each block (a map and region, `orders` states), whether it
    /// holds a state of the layer being expanded, and of the next: a layer
    /// visits only those blocks rather than scanning the whole table.
    frontier: [Vec<AtomicBool>; 2],
}

impl Search<'_> {
    /// Gives the states of depth `depth + 1` their distance, from the
    /// states of depth `depth` on the maps ranked in the chunks `next`
    /// hands out: how many states it reached (a state two threads reach at
    /// once may be counted twice; the count only shows progress and tells
    /// whether the layer reached anything).
    fn expand(&self, depth: u8, next: &AtomicUsize) -> usize {
        let layout = self.layout;
        let (current, following) = (
            &self.frontier[usize::from(depth % 2)],
            &self.frontier[usize::from(1 - depth % 2)],
        );
        let (board, tiles, orders) = (layout.board, layout.tiles, self.orders);
        let cells = board.cells() as u8;
        let distance = &self.distance;
        let mut reached = 0;
        let mut moves = Vec::new();
        loop {
            let first = next.fetch_add(MAPS_A_TAKE, Ordering::Relaxed);
            if first >= layout.masks.len() {
                return reached;
            }
            let ranks = first..layout.masks.len().min(first + MAPS_A_TAKE);
            for (rank, &mask) in ranks.clone().zip(&layout.masks[ranks]) {
                let map_cells: Vec<u8> = (0..cells).filter(|&c| mask & 1 << c != 0).collect();
                for region in 0..layout.region_counts[rank] {
                    let block = layout.first_entries[rank] + region as usize * orders;
                    if !current[block / orders].swap(false, Ordering::Relaxed) {
                        continue;
                    }
                    let states = &distance[block..block + orders];
                    let free = (0..cells)
                        .filter(|&c| mask & 1 << c == 0 && layout.region(rank, c) == region)
                        .fold(0u32, |free, c| free | 1 << c);
                    moves.clear();
                    for (from, &cell) in map_cells.iter().enumerate() {
                        let mut targets = neighbours(board, 1 << cell) & free;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            let child_mask = mask ^ 1 << cell ^ 1 << to;
                            let child_rank = layout.rank(child_mask);
                            // The blank is left on the cell the tile came from.
                            let child_block = layout.first_entries[child_rank]
                                + layout.region(child_rank, cell) as usize * orders;
                            let mut positions = [NO_CELL; MAX_GROUP_TILES];
                            for (p, &c) in map_cells.iter().enumerate() {
                                let c = if p == from { to } else { c };
                                positions[p] = (child_mask & ((1 << c) - 1)).count_ones() as u8;
                            }
                            let unchanged = positions[..tiles]
                                .iter()
                                .enumerate()
                                .all(|(p, &q)| usize::from(q) == p);
                            moves.push(BlockMove {
                                child_block,
                                positions: (!unchanged).then_some(positions),
                            });
                        }
                    }
                    for (order, state) in states.iter().enumerate() {
                        if state.load(Ordering::Relaxed) != depth {
                            continue;
                        }
                        for mv in &moves {
                            let child_order = match &mv.positions {
                                None => order,
                                Some(moved) => {
                                    let mut child = [NO_CELL; MAX_GROUP_TILES];
                                    for (slot, &position) in
                                        child.iter_mut().zip(&self.positions_of[order][..tiles])
                                    {
                                        *slot = moved[usize::from(position)];
                                    }
                                    rank_of_first(&child[..tiles], &self.weights) as usize
                                }
                            };
                            let child = &distance[mv.child_block + child_order];
                            if child.load(Ordering::Relaxed) == UNSEEN {
                                child.store(depth + 1, Ordering::Relaxed);
                                following[mv.child_block / orders].store(true, Ordering::Relaxed);
                                reached += 1;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The fewest group moves from every abstract state of the tiles on
/// `goal_cells` (in the group's order) to the goal, whose blank is on
/// `goal_blank`, each layer searched by `threads` threads. `reached_layer`
/// is told, after each layer, how many states it reached.
fn distances(
    layout: &Layout,
    goal_cells: &[u8],
    goal_blank: u8,
    threads: usize,
    reached_layer: &mut dyn FnMut(usize),
) -> Vec<u8> {
    let tiles = layout.tiles;
    let orders = factorial(tiles);
    let weights = order_weights(tiles);
    let search = Search {
        layout,
        orders,
        weights,
        positions_of: order_positions(tiles),
        distance: (0..layout.len).map(|_| AtomicU8::new(UNSEEN)).collect(),
        frontier: [0, 1].map(|_| {
            (0..layout.placements)
                .map(|_| AtomicBool::new(false))
                .collect()
        }),
    };

    let mut goal_order = [NO_CELL; MAX_GROUP_TILES];
    goal_order[..tiles].copy_from_slice(goal_cells);
    let goal_mask = goal_cells.iter().fold(0, |mask, &cell| mask | 1 << cell);
    let goal_rank = layout.rank(goal_mask);
    let goal = layout.first_entries[goal_rank]
        + layout.region(goal_rank, goal_blank) as usize * orders
        + order_rank(&goal_order, &weights) as usize;
    search.distance[goal].store(0, Ordering::Relaxed);
    search.frontier[0][goal / orders].store(true, Ordering::Relaxed);

    reached_layer(1);
    for depth in 0u8.. {
        let next = AtomicUsize::new(0);
        let reached: usize = if threads <= 1 {
            search.expand(depth, &next)
        } else {
            thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .filter_map(|_| {
                        // A thread the system refuses is one fewer.
                        thread::Builder::new()
                            .spawn_scoped(scope, || search.expand(depth, &next))
                            .ok()
                    })
                    .collect();
                let own = search.expand(depth, &next);
                own + helpers
                    .into_iter()
                    .map(|helper| helper.join().expect("a generator thread panicked"))
                    .sum::<usize>()
            })
        };
        if reached == 0 {
            break;
        }
        reached_layer(reached);
    }
    let distance: Vec<u8> = search
        .distance
        .into_iter()
        .map(AtomicU8::into_inner)
        .collect();
    assert!(
        !distance.contains(&UNSEEN),
        "every abstract state is reachable"
    );
    distance
}

/// The stored form: bit `i` (of byte `i / 8`, from the lowest) is the
/// second bit of the distance of the state numbered `i` by
/// [`pattern::state_index`], whose major key is the order; the generator's
/// table `distances` has the map and region as its major key instead.
fn second_bits(layout: &Layout, distances: &[u8]) -> Vec<u8> {
    let orders = factorial(layout.tiles);
    let blocks: Vec<usize> = (0..layout.masks.len())
        .flat_map(|rank| {
            (0..layout.region_counts[rank] as usize)
                .map(move |region| layout.first_entries[rank] + region * orders)
        })
        .collect();
    debug_assert_eq!(blocks.len(), layout.placements);
    let mut stored = vec![0u8; layout.len.div_ceil(8)];
    // A band of orders at a time, so that each placement's read is one
    // line of the table and the band's rows of bits stay in the cache.
    const BAND: usize = 64;
    for band in (0..orders).step_by(BAND) {
        let band = band..orders.min(band + BAND);
        for (placement, &block) in blocks.iter().enumerate() {
            for (order, &distance) in band.clone().zip(&distances[block + band.start..]) {
                let index = order * layout.placements + placement;
                stored[index / 8] |= ((distance >> 1) & 1) << (index % 8);
            }
        }
    }
    stored
}

/// What makes a database: its goal cells, in order, and the goal's blank
/// region. Classes whose goal blanks lie in one region of the same goal
/// cells have the same goal state, so they share the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseKey {
    pub board: Geometry,
    pub goal_cells: Vec<u8>,
    pub blank_region: u32,
}

impl DatabaseKey {
    /// The database of the group whose goal cells are `cells` in a class
    /// whose goal blank is on `blank`.
    pub fn new(board: Geometry, cells: &[u8], blank: u8) -> Self {
        let mask = cells.iter().fold(0u32, |mask, &cell| mask | 1 << cell);
        DatabaseKey {
            board,
            goal_cells: cells.to_vec(),
            blank_region: flood(board, 1 << blank, !mask & all_cells(board)),
        }
    }

    /// A cell of the goal's blank region: any goal blank there makes the
    /// same database.
    pub fn goal_blank(&self) -> u8 {
        self.blank_region.trailing_zeros() as u8
    }

    /// The stored bits of the database, built on `threads` threads (this
    /// one among them); `reached` is told after each layer of the search
    /// how many more states it reached (of the layout's `len`).
    pub fn generate(
        &self,
        layout: &Layout,
        threads: usize,
        reached: &mut dyn FnMut(usize),
    ) -> Vec<u8> {
        debug_assert_eq!(
            (layout.board, layout.tiles),
            (self.board, self.goal_cells.len())
        );
        second_bits(
            layout,
            &distances(
                layout,
                &self.goal_cells,
                self.goal_blank(),
                threads,
                reached,
            ),
        )
    }
}
