//! The move automaton's generator, run by `build.rs` when some board is
//! searched: a finite-state machine over the blank's moves that rejects
//! every move string the search never needs (Taylor and Korf, "Pruning
//! duplicate nodes in depth-first search", AAAI 1993).
//!
//! A string of at most [`MAX_LEN`] moves is *redundant* when another
//! string does to every board what it does and is shorter, or as long and
//! earlier in `U D L R` order, and the other string's blank stays within
//! the rectangle the first one's blank spans, so that it can be played
//! wherever the first can. A path with a redundant part can then be made
//! shorter or earlier, so the earliest of the shortest paths to a board
//! has none: rejecting every path with a redundant part keeps a shortest
//! path to every board, on every rectangle.
//!
//! The strings are found by iterative deepening on an unbounded board (one
//! large enough that no string reaches its edge), in `U D L R` order, so
//! the first string to reach a board is the one that replaces every later
//! one. Boards are told apart by a 64-bit hash; every redundant string is
//! then checked by playing both strings out in full, so a hash collision
//! can only lose a string, never reject a needed one. The redundant
//! strings become an Aho-Corasick automaton: its states are the prefixes
//! of redundant strings that hold none, and a move that would complete
//! one leads nowhere.
//!
//! Up to 12 moves the span condition never binds: every redundant string's
//! replacement spans the same rectangle or less. It stays for longer
//! strings and as the reason the pruning is sound on every board.
//!
//! The longer the strings, the more duplicates are pruned and the larger
//! the automaton. Korf's 100 on the 4x4 board (nodes, with only the undo
//! of the previous move rejected: 3,204,351): strings of 10 moves, 1,291
//! states, 2,401,451 nodes; 12 moves, 2,540 redundant strings, 9,223
//! states, 2,294,752 nodes; 14 moves, 66,456 states, 2,233,419 nodes. The
//! 12-move automaton takes 1.2 s and 100 MB to generate (optimised), the
//! 14-move one 17 s and 850 MB, and its states no longer fit in `u16`.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

/// The longest move strings examined.
pub const MAX_LEN: usize = 12;

/// The blank's moves `U D L R`, as (column, row) steps.
const STEPS: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// The unbounded board: wide enough that the blank, starting in the
/// middle, never reaches an edge.
const SIDE: i32 = 2 * MAX_LEN as i32 + 3;
const MIDDLE: i32 = MAX_LEN as i32 + 1;

/// A move string: its moves, two bits each, the first in the lowest.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Moves {
    bits: u32,
    len: u8,
}

impl Moves {
    fn get(self, i: usize) -> usize {
        (self.bits >> (2 * i)) as usize & 3
    }

    /// The moves from the `i`-th on.
    fn suffix(self, i: u8) -> Moves {
        Moves {
            bits: self.bits >> (2 * i),
            len: self.len - i,
        }
    }

    fn pushed(self, step: usize) -> Moves {
        Moves {
            bits: self.bits | (step as u32) << (2 * self.len),
            len: self.len + 1,
        }
    }

    /// The board after the moves, from the unbounded board's start
    /// (each cell holding its own number, the blank in the middle).
    fn played(self) -> Vec<u16> {
        let mut board: Vec<u16> = (0..(SIDE * SIDE) as u16).collect();
        let mut blank = (MIDDLE, MIDDLE);
        for i in 0..usize::from(self.len) {
            let (dx, dy) = STEPS[self.get(i)];
            let next = (blank.0 + dx, blank.1 + dy);
            board.swap(cell(blank), cell(next));
            blank = next;
        }
        board
    }
}

/// The rectangle the blank spanned: least and greatest column and row.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Span {
    least: (i32, i32),
    most: (i32, i32),
}

impl Span {
    fn with(self, at: (i32, i32)) -> Span {
        Span {
            least: (self.least.0.min(at.0), self.least.1.min(at.1)),
            most: (self.most.0.max(at.0), self.most.1.max(at.1)),
        }
    }

    fn within(self, other: Span) -> bool {
        self.least.0 >= other.least.0
            && self.least.1 >= other.least.1
            && self.most.0 <= other.most.0
            && self.most.1 <= other.most.1
    }
}

fn cell((x, y): (i32, i32)) -> usize {
    (y * SIDE + x) as usize
}

/// A fixed pseudo-random word for a tile on a cell (SplitMix64's mix).
fn word(cell: usize, tile: u16) -> u64 {
    let mut z = ((cell as u64) << 16 | u64::from(tile)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The iterative deepening over move strings, on one unbounded board.
struct Finder {
    board: Vec<u16>,
    /// The first string to reach each board (by hash), and its span.
    first: HashMap<u64, (Moves, Span)>,
    redundant: HashSet<Moves>,
}

impl Finder {
    /// Walks the strings of `len` moves whose every proper prefix was the
    /// first to reach its board, below `moves` (the blank on `blank`,
    /// the board's hash `hash`, the blank's span `span`).
    fn walk(&mut self, len: u8, moves: Moves, blank: (i32, i32), hash: u64, span: Span) {
        for (step, (dx, dy)) in STEPS.into_iter().enumerate() {
            let next = (blank.0 + dx, blank.1 + dy);
            let (from, to) = (cell(blank), cell(next));
            let (blank_tile, tile) = (self.board[from], self.board[to]);
            let child_hash = hash
                ^ word(from, blank_tile)
                ^ word(to, tile)
                ^ word(from, tile)
                ^ word(to, blank_tile);
            let child = moves.pushed(step);
            let child_span = span.with(next);
            self.board.swap(from, to);
            if child.len == len {
                self.judge(child, child_hash, child_span);
            } else if self
                .first
                .get(&child_hash)
                .is_some_and(|&(first, _)| first == child)
            {
                self.walk(len, child, next, child_hash, child_span);
            }
            self.board.swap(from, to);
        }
    }

    /// A string of the current length: the first to reach its board, or
    /// redundant, or neither (an earlier string reaches its board but
    /// leaves its span, so the string must stay, but nothing below it is
    /// examined).
    fn judge(&mut self, moves: Moves, hash: u64, span: Span) {
        // Its prefixes hold no redundant string; a string that ends in one
        // is rejected already, and nothing below it needs examining.
        if (1..moves.len).any(|i| self.redundant.contains(&moves.suffix(i))) {
            return;
        }
        match self.first.get(&hash) {
            None => {
                self.first.insert(hash, (moves, span));
            }
            Some(&(first, first_span)) => {
                if first_span.within(span) && first.played() == moves.played() {
                    self.redundant.insert(moves);
                }
            }
        }
    }
}

/// The redundant strings of at most [`MAX_LEN`] moves.
fn redundant_strings() -> HashSet<Moves> {
    let start = (MIDDLE, MIDDLE);
    let empty = Moves { bits: 0, len: 0 };
    let point = Span {
        least: start,
        most: start,
    };
    let mut finder = Finder {
        board: empty.played(),
        first: HashMap::from([(0, (empty, point))]),
        redundant: HashSet::new(),
    };
    for len in 1..=MAX_LEN as u8 {
        finder.walk(len, empty, start, 0, point);
    }
    finder.redundant
}

/// No state: the move completes a redundant string.
pub const DEAD: u16 = u16::MAX;

/// The automaton over `U D L R` that rejects every string with a redundant
/// part: `table[state][move]`, state 0 the start, [`DEAD`] a rejection.
pub fn automaton() -> Vec<[u16; 4]> {
    // The trie of the redundant strings; `usize::MAX` for no edge.
    let mut edges: Vec<[usize; 4]> = vec![[usize::MAX; 4]];
    let mut rejects = vec![false];
    // In a fixed order, so that every build numbers the states alike.
    let mut redundant: Vec<Moves> = redundant_strings().into_iter().collect();
    redundant.sort_unstable_by_key(|moves| (moves.len, moves.bits));
    for moves in redundant {
        let mut state = 0;
        for i in 0..usize::from(moves.len) {
            let step = moves.get(i);
            if edges[state][step] == usize::MAX {
                edges.push([usize::MAX; 4]);
                rejects.push(false);
                edges[state][step] = edges.len() - 1;
            }
            state = edges[state][step];
        }
        rejects[state] = true;
    }
    // Aho-Corasick: each state's longest proper suffix in the trie, and
    // the moves completed into transitions, breadth first.
    let mut next = vec![[0usize; 4]; edges.len()];
    let mut fallback = vec![0usize; edges.len()];
    let mut queue = VecDeque::new();
    for step in 0..4 {
        match edges[0][step] {
            usize::MAX => next[0][step] = 0,
            child => {
                next[0][step] = child;
                queue.push_back(child);
            }
        }
    }
    while let Some(state) = queue.pop_front() {
        rejects[state] |= rejects[fallback[state]];
        for step in 0..4 {
            match edges[state][step] {
                usize::MAX => next[state][step] = next[fallback[state]][step],
                child => {
                    fallback[child] = next[fallback[state]][step];
                    next[state][step] = child;
                    queue.push_back(child);
                }
            }
        }
    }
    // The accepting states, numbered in order (the start stays 0).
    let mut number = vec![DEAD; edges.len()];
    let mut count = 0u16;
    for (state, &rejected) in rejects.iter().enumerate() {
        if !rejected {
            number[state] = count;
            count = count.checked_add(1).filter(|&c| c < DEAD).expect(
                "the move automaton's states fit in u16 (a larger MAX_LEN needs a wider type)",
            );
        }
    }
    (0..edges.len())
        .filter(|&state| !rejects[state])
        .map(|state| next[state].map(|to| number[to]))
        .collect()
}

/// Writes `move_automaton.rs` into `out_dir`.
pub fn write_automaton(out_dir: &Path) -> io::Result<()> {
    let table = automaton();
    let mut source = format!(
        "// Generated by build.rs (src/build/move_automaton.rs); do not edit.\n\n\
         /// The move automaton: strings of at most {MAX_LEN} moves, {} states.\n\
         pub(crate) static MOVE_AUTOMATON: [[u16; 4]; {}] = [\n",
        table.len(),
        table.len()
    );
    for row in &table {
        writeln!(source, "[{},{},{},{}],", row[0], row[1], row[2], row[3])
            .expect("writing to a string");
    }
    source.push_str("];\n");
    fs::write(out_dir.join("move_automaton.rs"), source)
}
