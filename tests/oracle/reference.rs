//! Independent slow references: a plain hash-map BFS with its own move
//! rules, over boards packed four bits a cell (the complete searches) or
//! stored as vectors (the bounded one, and replaying moves). Nothing here
//! calls the crate.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// The boards reachable from `root` on a `rows` x `cols` board, with their
/// distance in moves (one tile per move).
pub fn bfs(root: &[u8], rows: usize, cols: usize) -> HashMap<Vec<u8>, u8> {
    distances(root, rows, cols).iter().collect()
}

/// [`bfs`] without a vector a board: what the tests that search the 10-cell
/// boards (1.8 million boards from each root) use.
pub fn distances(root: &[u8], rows: usize, cols: usize) -> Distances {
    search(root, rows, cols, 1)
}

/// [`distances`] in the multi-tile metric: one move slides the blank any
/// number of cells in one direction, each tile it passes one step.
#[cfg(feature = "multi-tile")]
pub fn multi_tile_distances(root: &[u8], rows: usize, cols: usize) -> Distances {
    search(root, rows, cols, rows.max(cols))
}

/// The breadth-first search behind [`distances`]: one move takes the blank
/// up to `reach` cells in one direction.
fn search(root: &[u8], rows: usize, cols: usize, reach: usize) -> Distances {
    let root = Packed::of(root);
    let mut distance = HashMap::default();
    let mut queue = VecDeque::new();
    distance.insert(root, 0u8);
    queue.push_back(root);
    while let Some(board) = queue.pop_front() {
        let here = distance[&board];
        for letter in ['U', 'D', 'L', 'R'] {
            let mut moved = board;
            for _ in 0..reach {
                let Some(next) = moved.slide(rows, cols, letter) else {
                    break;
                };
                moved = next;
                distance.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    here + 1
                });
            }
        }
    }
    Distances {
        distance,
        cells: rows * cols,
    }
}

/// The distances of a [`distances`] search, keyed by boards packed four
/// bits a cell.
pub struct Distances {
    distance: HashMap<Packed, u8, BuildHasherDefault<MixHasher>>,
    cells: usize,
}

impl Distances {
    /// The distance of `board`, `None` when it is unreachable.
    pub fn get(&self, board: &[u8]) -> Option<u8> {
        self.distance.get(&Packed::of(board)).copied()
    }

    pub fn len(&self) -> usize {
        self.distance.len()
    }

    pub fn values(&self) -> impl Iterator<Item = u8> + '_ {
        self.distance.values().copied()
    }

    /// Every reachable board with its distance, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Vec<u8>, u8)> + '_ {
        self.distance
            .iter()
            .map(|(board, &distance)| (board.cells(self.cells), distance))
    }
}

/// A board of at most 16 cells, cell `i` in bits `4i..4i + 4`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Packed(u64);

impl Packed {
    fn of(cells: &[u8]) -> Packed {
        assert!(cells.len() <= 16 && cells.iter().all(|&tile| tile < 16));
        Packed(
            cells
                .iter()
                .enumerate()
                .fold(0, |packed, (i, &tile)| packed | u64::from(tile) << (4 * i)),
        )
    }

    fn cells(self, count: usize) -> Vec<u8> {
        (0..count).map(|i| (self.0 >> (4 * i) & 15) as u8).collect()
    }

    fn tile(self, cell: usize) -> u64 {
        self.0 >> (4 * cell) & 15
    }

    /// As [`slide`]: the blank moves in direction `letter`.
    fn slide(self, rows: usize, cols: usize, letter: char) -> Option<Packed> {
        let blank = (0..rows * cols).find(|&cell| self.tile(cell) == 0)?;
        let cell = blank_moved(blank, rows, cols, letter)?;
        // The tile moves into the blank's cell; the blank takes its place.
        Some(Packed(
            self.0 & !(15 << (4 * cell)) | self.tile(cell) << (4 * blank),
        ))
    }
}

/// A multiply-and-fold hash of one `u64`: `SipHash` made the 10-cell
/// searches several times slower, and these keys are not adversarial.
#[derive(Default)]
pub struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        let mixed = (self.0 ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The boards within `depth` moves of `root`, with their distance.
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
pub fn bfs_within(root: &[u8], rows: usize, cols: usize, depth: u8) -> Vec<(Vec<u8>, u8)> {
    let mut distance = HashMap::from([(root.to_vec(), 0u8)]);
    let mut layer = vec![root.to_vec()];
    for moves in 1..=depth {
        let mut next_layer = Vec::new();
        for board in &layer {
            for next in neighbours(board, rows, cols) {
                if !distance.contains_key(&next) {
                    distance.insert(next.clone(), moves);
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    distance.into_iter().collect()
}

/// Boards one move away from `board`.
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
pub fn neighbours(board: &[u8], rows: usize, cols: usize) -> Vec<Vec<u8>> {
    ['U', 'D', 'L', 'R']
        .into_iter()
        .filter_map(|letter| slide(board, rows, cols, letter))
        .collect()
}

/// The board after the blank moves in direction `letter`, or `None` when
/// that leaves the board.
pub fn slide(board: &[u8], rows: usize, cols: usize, letter: char) -> Option<Vec<u8>> {
    let blank = board.iter().position(|&t| t == 0)?;
    let cell = blank_moved(blank, rows, cols, letter)?;
    let mut next = board.to_vec();
    next.swap(blank, cell);
    Some(next)
}

/// The cell the blank on `blank` moves to in direction `letter`, or `None`
/// when that leaves the board.
fn blank_moved(blank: usize, rows: usize, cols: usize, letter: char) -> Option<usize> {
    let (row, col) = (blank / cols, blank % cols);
    match letter {
        'U' if row > 0 => Some(blank - cols),
        'D' if row + 1 < rows => Some(blank + cols),
        'L' if col > 0 => Some(blank - 1),
        'R' if col + 1 < cols => Some(blank + 1),
        _ => None,
    }
}

/// A board as the commands read it: its numbers, space-separated.
#[cfg(feature = "cli")]
pub fn line(cells: &[u8]) -> String {
    cells
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Replays `moves` (letters) from `board`; `None` if a move is illegal.
pub fn replay(board: &[u8], rows: usize, cols: usize, moves: &str) -> Option<Vec<u8>> {
    let mut board = board.to_vec();
    for letter in moves.chars() {
        board = slide(&board, rows, cols, letter)?;
    }
    Some(board)
}

/// Every permutation of `0..n`, in lexicographic order.
pub fn permutations(n: u8) -> impl Iterator<Item = Vec<u8>> {
    let mut next = Some((0..n).collect::<Vec<u8>>());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut p = current.clone();
        if let Some(i) = (0..p.len().saturating_sub(1))
            .rev()
            .find(|&i| p[i] < p[i + 1])
        {
            let j = (i + 1..p.len()).rev().find(|&j| p[j] > p[i]).unwrap();
            p.swap(i, j);
            p[i + 1..].reverse();
            next = Some(p);
        }
        Some(current)
    })
}

/// A small deterministic generator (splitmix64), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A uniformly shuffled copy of `items`.
    pub fn shuffled<T: Clone>(&mut self, items: &[T]) -> Vec<T> {
        let mut items = items.to_vec();
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
        items
    }
}

/// The positions of a data file, one a line, as numbers.
#[cfg(any(feature = "fifteen", feature = "searched-boards"))]
pub fn positions(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}
