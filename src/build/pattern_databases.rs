//! The zero-aware pattern-database generator run by `build.rs`, for every
//! searched board of the spec list.
//!
//! A breadth-first search from the goal over the abstract states of one
//! tile group (see `src/sliding/search/pattern.rs`): a map, a region of its free
//! cells, an order of the tiles. Each layer scans the whole table for the
//! states of the current depth, one map and region at a time: the moves
//! out of them (a tile next to the region slides into it) depend only on
//! the map and the region, so they are worked out once for all its orders,
//! and every child of a block lands in one block of the child's map, so
//! the writes stay within a few kilobytes. Its table is placement-major
//! for that reason; the stored bits are order-major, as the search reads
//! them (see [`second_bits`]).
//!
//! Groups of one board that share their goal cells and the goal's blank
//! region share their database; the distinct ones are generated on
//! threads of their own.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use crate::geometry::Geometry;
use crate::pattern::{
    MAX_GROUP_TILES, MAX_GROUPS, MapEntry, NO_CELL, all_cells, factorial, flood, map_rank, maps,
    neighbours, order_rank, order_weights, regions,
};
use crate::sliding_tables::shape;
use crate::spec::{Answers, Spec, Tier};

const UNSEEN: u8 = u8::MAX;

/// The numbering of every abstract state of a `tiles`-tile group on
/// `board`.
struct Layout {
    board: Geometry,
    tiles: usize,
    /// Per map rank: its mask, its line of the layout, its regions, and
    /// the first entry of its block in the generator's table.
    masks: Vec<u32>,
    entries: Vec<MapEntry>,
    region_counts: Vec<u32>,
    first_entries: Vec<usize>,
    /// (map, region) pairs in all: the entries of one order.
    placements: usize,
    /// Abstract states in all.
    len: usize,
}

impl Layout {
    fn new(board: Geometry, tiles: usize) -> Self {
        let orders = factorial(tiles);
        let maps = maps(board, tiles);
        let mut layout = Layout {
            board,
            tiles,
            masks: Vec::with_capacity(maps),
            entries: Vec::with_capacity(maps),
            region_counts: Vec::with_capacity(maps),
            first_entries: Vec::with_capacity(maps),
            placements: 0,
            len: 0,
        };
        // In increasing order of masks: the order of their colex ranks.
        for mask in 0u32..1 << board.cells() {
            if mask.count_ones() as usize != tiles {
                continue;
            }
            let (numbers, count) = regions(board, mask);
            layout.masks.push(mask);
            layout.entries.push(
                MapEntry::new(numbers, layout.placements as u32)
                    .expect("at most 8 regions a map and 65,536 placements"),
            );
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

    /// The identifier of the layout's static.
    fn ident(&self) -> String {
        layout_ident(self.board, self.tiles)
    }

    /// The Rust source of the layout's static.
    fn source(&self) -> String {
        let mut source = format!(
            "static {}: [pattern::MapEntry; {}] = [\n",
            self.ident(),
            self.entries.len()
        );
        for entry in &self.entries {
            writeln!(source, "    pattern::MapEntry({:#x}),", entry.0)
                .expect("writing to a string");
        }
        source.push_str("];\n");
        source
    }
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

/// A move out of one map and region: the tile on the map's `from`-th cell
/// slides into the region, into the child block starting at
/// `child_block`; `positions[p]` is where the tile on the `p`-th cell
/// stands on the child's map, `None` when nothing changes place.
struct BlockMove {
    child_block: usize,
    positions: Option<[u8; MAX_GROUP_TILES]>,
}

/// The fewest group moves from every abstract state of the tiles on
/// `goal_cells` (in the group's order) to the goal, whose blank is on
/// `goal_blank`.
fn distances(layout: &Layout, goal_cells: &[u8], goal_blank: u8) -> Vec<u8> {
    let (board, tiles) = (layout.board, layout.tiles);
    let cells = board.cells() as u8;
    let orders = factorial(tiles);
    let weights = order_weights(tiles);
    let positions_of = order_positions(tiles);
    let mut distance = vec![UNSEEN; layout.len];

    let mut goal_order = [NO_CELL; MAX_GROUP_TILES];
    goal_order[..tiles].copy_from_slice(goal_cells);
    let goal_mask = goal_cells.iter().fold(0, |mask, &cell| mask | 1 << cell);
    let goal_rank = map_rank(goal_mask);
    let goal = layout.first_entries[goal_rank]
        + layout.entries[goal_rank].region(goal_blank) as usize * orders
        + order_rank(&goal_order, &weights) as usize;
    distance[goal] = 0;

    let mut moves = Vec::new();
    for depth in 0u8.. {
        let mut reached = false;
        for (rank, &mask) in layout.masks.iter().enumerate() {
            let map = layout.entries[rank];
            let map_cells: Vec<u8> = (0..cells).filter(|&c| mask & 1 << c != 0).collect();
            for region in 0..layout.region_counts[rank] {
                let block = layout.first_entries[rank] + region as usize * orders;
                if !distance[block..block + orders].contains(&depth) {
                    continue;
                }
                let free = (0..cells)
                    .filter(|&c| mask & 1 << c == 0 && map.region(c) == region)
                    .fold(0u32, |free, c| free | 1 << c);
                moves.clear();
                for (from, &cell) in map_cells.iter().enumerate() {
                    let mut targets = neighbours(board, 1 << cell) & free;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let child_mask = mask ^ 1 << cell ^ 1 << to;
                        let child_rank = map_rank(child_mask);
                        let child_map = layout.entries[child_rank];
                        // The blank is left on the cell the tile came from.
                        let child_block = layout.first_entries[child_rank]
                            + child_map.region(cell) as usize * orders;
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
                for order in 0..orders {
                    if distance[block + order] != depth {
                        continue;
                    }
                    for mv in &moves {
                        let child_order = match &mv.positions {
                            None => order,
                            Some(moved) => {
                                let mut child = [NO_CELL; MAX_GROUP_TILES];
                                for (slot, &position) in
                                    child.iter_mut().zip(&positions_of[order][..tiles])
                                {
                                    *slot = moved[usize::from(position)];
                                }
                                order_rank(&child, &weights) as usize
                            }
                        };
                        let child = &mut distance[mv.child_block + child_order];
                        if *child == UNSEEN {
                            *child = depth + 1;
                            reached = true;
                        }
                    }
                }
            }
        }
        if !reached {
            break;
        }
    }
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
#[derive(Clone, PartialEq, Eq)]
struct DatabaseKey {
    board: Geometry,
    goal_cells: Vec<u8>,
    blank_region: u32,
}

/// The identifier of the layout of `tiles`-tile groups on `board`.
fn layout_ident(board: Geometry, tiles: usize) -> String {
    format!("LAYOUT_{}_{tiles}", shape(board).to_ascii_uppercase())
}

/// The identifier of the static of a searched board's classes.
pub fn classes_ident(board: Geometry) -> String {
    format!("CLASSES_{}", shape(board).to_ascii_uppercase())
}

/// One searched board as built: its shape, the tier its features chose,
/// and its bound on moves.
pub struct Searched {
    pub board: Geometry,
    pub tier: Tier,
    pub max_moves: u8,
}

impl Searched {
    /// The searched board of `spec` with the first tier `enabled` allows;
    /// `None` for a tabled board.
    pub fn of(spec: &Spec, enabled: impl Fn(&str) -> bool) -> Option<Searched> {
        let Answers::Search {
            tiers, max_moves, ..
        } = spec.answers
        else {
            return None;
        };
        let tier = *tiers
            .iter()
            .find(|tier| tier.feature.is_none_or(&enabled))
            .expect("a searched board's last tier needs no feature");
        Some(Searched {
            board: spec.geometry,
            tier,
            max_moves,
        })
    }
}

/// Builds every distinct database of every class of every board of
/// `boards` into `out_dir`, and writes `pattern_databases.rs` there: the
/// layouts, the databases' statics and, per board, the static of its
/// classes (`CLASSES_4X4`).
pub fn write_databases(out_dir: &Path, boards: &[Searched]) -> io::Result<()> {
    // Which database each group of each class reads, and a goal blank of
    // each database (any of the classes sharing it will do).
    let mut keys: Vec<(DatabaseKey, u8)> = Vec::new();
    let mut uses: Vec<Vec<[usize; MAX_GROUPS]>> = Vec::new();
    for searched in boards {
        let board = searched.board;
        let mut board_uses = Vec::new();
        for class in searched.tier.classes {
            if let Some(other) = class.borrows {
                assert!(
                    other != class.blank && searched.tier.classes.iter().any(|c| c.blank == other),
                    "the class of blank cell {} borrows from another class of its board",
                    class.blank
                );
            }
            let mut class_uses = [0; MAX_GROUPS];
            for (slot, cells) in class_uses.iter_mut().zip(class.groups) {
                let mask = cells.iter().fold(0u32, |mask, &cell| mask | 1 << cell);
                let key = DatabaseKey {
                    board,
                    goal_cells: cells.to_vec(),
                    blank_region: flood(board, 1 << class.blank, !mask & all_cells(board)),
                };
                *slot = match keys.iter().position(|(k, _)| *k == key) {
                    Some(index) => index,
                    None => {
                        keys.push((key, class.blank));
                        keys.len() - 1
                    }
                };
            }
            board_uses.push(class_uses);
        }
        uses.push(board_uses);
    }

    let mut sizes: Vec<(Geometry, usize)> = keys
        .iter()
        .map(|(key, _)| (key.board, key.goal_cells.len()))
        .collect();
    sizes.sort_unstable_by_key(|&(board, tiles)| (board.rows(), board.cols(), tiles));
    sizes.dedup();
    let layouts: Vec<Layout> = sizes
        .iter()
        .map(|&(board, tiles)| Layout::new(board, tiles))
        .collect();
    let layout_of = |board: Geometry, tiles: usize| {
        layouts
            .iter()
            .find(|layout| layout.board == board && layout.tiles == tiles)
            .expect("a layout for every group size")
    };

    let written: Vec<io::Result<()>> = std::thread::scope(|scope| {
        let workers: Vec<_> = keys
            .iter()
            .enumerate()
            .map(|(number, (key, goal_blank))| {
                let layout = layout_of(key.board, key.goal_cells.len());
                scope.spawn(move || {
                    let stored =
                        second_bits(layout, &distances(layout, &key.goal_cells, *goal_blank));
                    fs::write(out_dir.join(format!("pattern_{number}.bin")), stored)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a database generator panicked"))
            .collect()
    });
    written.into_iter().collect::<io::Result<()>>()?;

    let mut source =
        String::from("// Generated by build.rs (src/build/pattern_databases.rs); do not edit.\n\n");
    for layout in &layouts {
        source.push_str(&layout.source());
    }
    for number in 0..keys.len() {
        writeln!(
            source,
            "static DATABASE_{number}: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/pattern_{number}.bin\"));"
        )
        .expect("writing to a string");
    }
    for (searched, board_uses) in boards.iter().zip(&uses) {
        let board = searched.board;
        writeln!(
            source,
            "\n/// The {} board's classes, each with the databases of its groups.\n\
             pub(crate) static {}: [ClassDatabases; {}] = [",
            shape(board),
            classes_ident(board),
            board_uses.len()
        )
        .expect("writing to a string");
        for (class, class_uses) in searched.tier.classes.iter().zip(board_uses) {
            let tables: Vec<String> = class
                .groups
                .iter()
                .zip(class_uses)
                .map(|(cells, &number)| {
                    format!("(&{}, DATABASE_{number})", layout_ident(board, cells.len()))
                })
                .collect();
            writeln!(
                source,
                "    ClassDatabases::new(Geometry::of({}, {}), {}, pattern::PatternClass {{ blank: {}, groups: [{}], borrows: {:?} }}, [{}]),",
                board.rows(),
                board.cols(),
                searched.max_moves,
                class.blank,
                class
                    .groups
                    .iter()
                    .map(|cells| format!("&{cells:?}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                class.borrows,
                tables.join(", ")
            )
            .expect("writing to a string");
        }
        source.push_str("];\n");
    }
    fs::write(out_dir.join("pattern_databases.rs"), source)
}
