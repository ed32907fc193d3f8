//! Generates the Gap layouts the tests and benchmarks use, in the seed
//! format, from fixed seeds:
//!
//! ```text
//! cargo run --release --example gap_hard_set -- random 1000 > tests/data/gap-random.txt
//! cargo run --release --example gap_hard_set -- hard > tests/data/gap-hard.txt
//! ```
//!
//! `random N`: N uniformly shuffled layouts. `hard`: 24 layouts
//! hill-climbed from random ones, swapping two cards at a time and keeping
//! the swap when it does not lower the score, in three groups of 8:
//!
//! 1. 4,000 swaps on the fewest moves (layouts that cannot be solved score
//!    lowest): long answers;
//! 2. 2,500 swaps on the states a plain breadth-first search stores: the
//!    hardest layouts for the baseline;
//! 3. 2,500 swaps on the size of the whole reachable set of layouts that
//!    cannot be solved (solvable ones score 0): every exact search must
//!    enumerate that set.
//!
//! No score depends on how this crate searches: the fewest moves are the
//! same for every exact search (group 1 takes them from this crate's solver,
//! which the tests check against a plain BFS), and the other two scores
//! come from the plain BFS. So the set stays the same as the search
//! changes.
use puzzle_oracle::gap::{Layout, Solver};

#[path = "../benches/common/plain_bfs.rs"]
mod plain_bfs;
use plain_bfs::plain_bfs;

/// xorshift64*, so the sets are reproducible. Kept rather than the
/// crate's `SplitMix64`: the committed sets were drawn with it.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn shuffled(rng: &mut Rng) -> [u8; 28] {
    let mut cards: [u8; 28] = core::array::from_fn(|i| (i / 7 + 1) as u8 * 10 + (i % 7 + 1) as u8);
    for i in (1..28).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    cards
}

fn layout(cards: &[u8; 28]) -> Layout {
    let rows: [[u8; 7]; 4] = core::array::from_fn(|r| core::array::from_fn(|c| cards[r * 7 + c]));
    Layout::new(rows).expect("a permutation of the 28 cards")
}

fn print(layouts: &[[u8; 28]]) {
    println!("{}", layouts.len());
    for cards in layouts {
        println!();
        for row in cards.chunks(7) {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            println!("{}", row.join(" "));
        }
    }
}

/// Climbs from a random layout for `steps` swaps, maximising `score`.
fn climb(rng: &mut Rng, steps: usize, score: &mut impl FnMut(&[u8; 28]) -> i64) -> [u8; 28] {
    let mut best = shuffled(rng);
    let mut best_score = score(&best);
    for _ in 0..steps {
        let mut next = best;
        next.swap(rng.below(28), rng.below(28));
        let next_score = score(&next);
        if next_score >= best_score {
            (best, best_score) = (next, next_score);
        }
    }
    eprintln!("climbed to {best_score}");
    best
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut rng = Rng(0x05EE_D6A9_0000_0001);
    match args.first().map(String::as_str) {
        Some("random") => {
            let count = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
            let layouts: Vec<[u8; 28]> = (0..count).map(|_| shuffled(&mut rng)).collect();
            print(&layouts);
        }
        Some("hard") => {
            let mut solver = Solver::new();
            let mut layouts = Vec::new();
            let mut longest = |cards: &[u8; 28]| match solver.min_moves(&layout(cards)) {
                Some(moves) => i64::from(moves),
                None => -1,
            };
            for _ in 0..8 {
                layouts.push(climb(&mut rng, 4000, &mut longest));
            }
            let mut hardest_for_bfs = |cards: &[u8; 28]| plain_bfs(&layout(cards)).1 as i64;
            for _ in 0..8 {
                layouts.push(climb(&mut rng, 2500, &mut hardest_for_bfs));
            }
            let mut largest_unsolvable = |cards: &[u8; 28]| match plain_bfs(&layout(cards)) {
                (None, states) => states as i64,
                (Some(_), _) => 0,
            };
            for _ in 0..8 {
                layouts.push(climb(&mut rng, 2500, &mut largest_unsolvable));
            }
            print(&layouts);
        }
        _ => eprintln!("usage: gap_hard_set random N | hard"),
    }
}
