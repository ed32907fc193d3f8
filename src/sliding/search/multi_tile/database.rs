//! An abstraction's distances in slides, modulo 3: built by a
//! breadth-first search on every core, kept in the cache, mapped.
//!
//! A slide moves the abstract state to a neighbour, so the distances of
//! neighbours differ by at most one, and a search that knows a state's
//! distance learns each neighbour's from its remainder modulo 3 (Breyer
//! and Korf's encoding): five remainders a byte (3^5 = 243), 1.6 bits a
//! state, 182 MB for 908,107,200 states where a byte a state takes 908 MB.
//! The distance of the search's first state is found by walking down to
//! the goal, a neighbour one nearer at each step.

use std::boxed::Box;
use std::format;
use std::io;
use std::string::String;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;
use std::vec::Vec;

use super::abstraction::{Abstraction, Along, Masks};
use crate::sliding::search::cache::file::{self, Header, Unusable};
use crate::sliding::search::cache::{Cache, CacheError, Event};

/// Remainders a byte holds.
const PER_BYTE: usize = 5;

/// The remainder of each place of each byte.
const DIGITS: [[u8; PER_BYTE]; 256] = {
    let mut digits = [[0; PER_BYTE]; 256];
    let mut byte = 0;
    while byte < 243 {
        let mut value = byte;
        let mut place = 0;
        while place < PER_BYTE {
            digits[byte][place] = (value % 3) as u8;
            value /= 3;
            place += 1;
        }
        byte += 1;
    }
    digits
};

/// An abstraction's distances modulo 3, mapped from the cache.
#[derive(Debug)]
pub(crate) struct Database {
    pub abstraction: Abstraction,
    remainders: &'static [u8],
}

impl Database {
    /// The distance of state `index` modulo 3.
    #[inline(always)]
    pub fn remainder(&self, index: usize) -> u8 {
        DIGITS[usize::from(self.remainders[index / PER_BYTE])][index % PER_BYTE]
    }

    /// Asks for the byte of state `index` to be fetched into the cache,
    /// ahead of [`Database::remainder`].
    #[inline(always)]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let byte: *const u8 = &self.remainders[index / PER_BYTE];
            // SAFETY: a prefetch is a hint, it reads nothing and cannot
            // fault; `byte` points into the mapped remainders anyway.
            #[allow(unsafe_code, reason = "a prefetch hint, see the safety comment")]
            unsafe {
                core::arch::x86_64::_mm_prefetch(byte.cast(), core::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }

    /// The distance of the state on `masks` with the blank on `blank`,
    /// by walking down to the goal: at most the abstraction's radius of
    /// steps.
    pub fn distance(&self, mut masks: Masks, mut blank: usize) -> u8 {
        let abstraction = &self.abstraction;
        let goal = (abstraction.goal_masks(), abstraction.goal_blank());
        let mut remainder = self.remainder(abstraction.index(masks, blank));
        let mut distance = 0;
        while (masks, blank) != goal {
            let nearer = (remainder + 2) % 3;
            let (next_masks, next_blank) = abstraction.slides()[blank]
                .iter()
                .flat_map(Along::slides)
                .map(|slide| (slide.masks(masks), usize::from(slide.to)))
                .find(|&(next, to)| self.remainder(abstraction.index(next, to)) == nearer)
                .expect("a state off the goal has a neighbour one nearer");
            (masks, blank, remainder) = (next_masks, next_blank, nearer);
            distance += 1;
        }
        distance
    }
}

/// The file name of an abstraction's database in the cache.
pub(crate) fn file_name(abstraction: &Abstraction) -> String {
    let labels: String = abstraction
        .labels()
        .iter()
        .map(|label| char::from(b'0' + label))
        .collect();
    let geometry = abstraction.geometry();
    format!("{}x{}-mtm-{labels}.pdb", geometry.rows(), geometry.cols())
}

fn header(abstraction: &Abstraction) -> Header {
    let states = abstraction.states() as u64;
    let geometry = abstraction.geometry();
    Header::multi_tile(
        (geometry.rows(), geometry.cols()),
        abstraction.labels(),
        states,
        bytes(abstraction),
    )
}

fn bytes(abstraction: &Abstraction) -> u64 {
    abstraction.states().div_ceil(PER_BYTE) as u64
}

/// The databases mapped so far in this process.
static OPEN: Mutex<Vec<&'static Database>> = Mutex::new(Vec::new());

/// The database of `abstraction`: mapped from `cache`, built into it first
/// when missing or unusable (unless `build` is false: then `Ok(None)`).
pub(crate) fn open(
    abstraction: &Abstraction,
    cache: &Cache,
    build: bool,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<Option<&'static Database>, CacheError> {
    let mut open = OPEN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = open.iter().find(|known| known.abstraction == *abstraction) {
        return Ok(Some(known));
    }
    let path = cache.dir().join(file_name(abstraction));
    let mapped = match file::load(&path, || header(abstraction)) {
        Ok(mapped) => mapped,
        Err(Unusable::Unreadable(source)) => return Err(CacheError::Read { path, source }),
        Err(unusable) => {
            if !build {
                return Ok(None);
            }
            if let Unusable::Invalid(reason) = &unusable {
                report(Event::Rebuilding {
                    path: &path,
                    reason,
                });
            }
            file::check_writable(cache.dir()).map_err(|source| CacheError::Write {
                dir: cache.dir().to_path_buf(),
                source,
            })?;
            report(Event::Building {
                path: &path,
                states: abstraction.states() as u64,
            });
            let started = Instant::now();
            let threads = thread::available_parallelism().map_or(1, usize::from);
            let layers = build_remainders(abstraction, threads, &|states| {
                report(Event::Reached { states });
            });
            let states = abstraction.states();
            file::write_atomically_in_pieces(
                cache.dir(),
                &file_name(abstraction),
                &header(abstraction),
                &|each| layers.packed(states, each),
            )
            .map_err(|source| CacheError::Write {
                dir: cache.dir().to_path_buf(),
                source,
            })?;
            // Freed before the file is read back: the build's peak is the
            // layers, not the layers and the database.
            drop(layers);
            report(Event::Built {
                path: &path,
                bytes: file::HEADER_LEN as u64 + bytes(abstraction),
                elapsed: started.elapsed(),
            });
            file::load(&path, || header(abstraction))
                .map_err(|unusable| CacheError::of_rebuilt(path, unusable))?
        }
    };
    let database: &'static Database = Box::leak(Box::new(Database {
        abstraction: *abstraction,
        remainders: mapped.leak(),
    }));
    open.push(database);
    Ok(Some(database))
}

/// The build's table: two bits a state, 32 states a word, each the
/// state's distance modulo 3 once reached, [`UNSEEN`] before.
struct Layers {
    words: Vec<AtomicU64>,
}

/// A state not reached yet.
const UNSEEN: u64 = 0b11;

/// The low bit of each state of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

impl Layers {
    fn new(states: usize) -> Self {
        Layers {
            words: (0..states.div_ceil(32))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
        }
    }

    #[inline(always)]
    fn get(&self, state: usize) -> u64 {
        self.words[state / 32].load(Ordering::Relaxed) >> (2 * (state % 32)) & 0b11
    }

    /// Gives the unseen `state` the remainder `remainder`: whether it was
    /// unseen (two threads may both give it, the same value).
    #[inline(always)]
    fn reach(&self, state: usize, remainder: u64) -> bool {
        if self.get(state) != UNSEEN {
            return false;
        }
        let clear = (UNSEEN ^ remainder) << (2 * (state % 32));
        let before = self.words[state / 32].fetch_and(!clear, Ordering::Relaxed);
        before >> (2 * (state % 32)) & 0b11 == UNSEEN
    }

    /// One bit (the low one of its pair) for each state of `word` holding
    /// `value`.
    #[inline(always)]
    fn holding(word: u64, value: u64) -> u64 {
        let differs = word ^ (value * LOW_BITS);
        !(differs | differs >> 1) & LOW_BITS
    }
}

/// The distances of every state of `abstraction` modulo 3, five a byte:
/// a breadth-first search from the goal in two bits a state (227 MB for
/// 908,107,200 states), each layer shared over `threads` threads in
/// chunks, telling `reached` how many states each chunk reached.
///
/// Two bits tell a state's distance modulo 3 but not which layer it was
/// reached in (every third layer holds the same remainder), so a layer is
/// found one of two ways. Forwards: every state holding the last layer's
/// remainder and not yet expanded reaches its unseen neighbours, and is
/// marked expanded in a bit a state (113 MB more: without it the states
/// of every third layer before are expanded again, and 4x4's build took a
/// third longer). Backwards, once the unseen states are fewer than the last
/// layer's: every unseen state looks for a neighbour holding the last
/// layer's remainder, which can only be in the last layer (an unseen
/// state is at least one layer farther, its neighbours at most one
/// nearer).
fn build_remainders(
    abstraction: &Abstraction,
    threads: usize,
    reached: &(dyn Fn(u64) + Sync),
) -> Layers {
    let states = abstraction.states();
    let layers = Layers::new(states);
    let expanded: Vec<AtomicU64> = (0..states.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let goal = abstraction.index(abstraction.goal_masks(), abstraction.goal_blank());
    layers.reach(goal, 0);
    reached(1);
    let threads = threads.max(1);
    // Whole words of both tables, so that a chunk writes the remainders
    // of a backward pass and the expanded bits no other chunk does.
    let chunk = (states.div_ceil(threads * 64).div_ceil(64) * 64).max(64);
    // The size of each layer so far, from the goal's.
    let mut sizes = std::vec![1usize];
    let mut unseen = states - 1;
    let mut depth = 0u64;
    while sizes.last().is_some_and(|&last| last > 0) && unseen > 0 {
        let (from, to) = (depth % 3, (depth + 1) % 3);
        let backwards = sizes.last().is_some_and(|&last| unseen < last);
        let next = AtomicUsize::new(0);
        let found = AtomicUsize::new(0);
        thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= states {
                            return;
                        }
                        let end = (start + chunk).min(states);
                        let pass = Pass {
                            abstraction,
                            layers: &layers,
                            expanded: &expanded,
                            from,
                            to,
                            backwards,
                        };
                        let new = pass.over_chunk(start, end);
                        if new > 0 {
                            found.fetch_add(new, Ordering::Relaxed);
                            reached(new as u64);
                        }
                    }
                });
            }
        });
        let last = found.into_inner();
        sizes.push(last);
        unseen -= last;
        depth += 1;
    }
    debug_assert_eq!(unseen, 0, "every abstract state reaches the goal");
    layers
}

/// One layer's pass of the build, over the states of one chunk.
struct Pass<'a> {
    abstraction: &'a Abstraction,
    layers: &'a Layers,
    expanded: &'a [AtomicU64],
    /// The last layer's remainder, and the next's.
    from: u64,
    to: u64,
    backwards: bool,
}

impl Pass<'_> {
    /// Passes over the states from `start` to `end` (whole words of both
    /// tables): answers how many it reached.
    fn over_chunk(&self, start: usize, end: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if super::abstraction::has_fast_pext() {
            // SAFETY: the processor has BMI2.
            #[allow(
                unsafe_code,
                reason = "a function compiled for BMI2, called where it is there"
            )]
            return unsafe { self.over_chunk_by_pext(start, end) };
        }
        self.over_chunk_with::<false>(start, end)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn over_chunk_by_pext(&self, start: usize, end: usize) -> usize {
        self.over_chunk_with::<true>(start, end)
    }

    /// [`Pass::over_chunk`], numbering states with the processor's bit
    /// extract and deposit when `PEXT` (only where it has them).
    #[inline(always)]
    fn over_chunk_with<const PEXT: bool>(&self, start: usize, end: usize) -> usize {
        let Pass {
            abstraction,
            layers,
            expanded,
            from,
            to,
            backwards,
        } = *self;
        let slides = abstraction.slides();
        let mut new = 0;
        for word_at in (start..end).step_by(32) {
            let word = layers.words[word_at / 32].load(Ordering::Relaxed);
            let mut picked = Layers::holding(word, if backwards { UNSEEN } else { from });
            if !backwards {
                let done = expanded[word_at / 64].load(Ordering::Relaxed) >> (word_at % 64);
                picked &= !spread_to_pairs(done as u32);
                if picked != 0 {
                    expanded[word_at / 64].fetch_or(
                        u64::from(gather_from_pairs(picked)) << (word_at % 64),
                        Ordering::Relaxed,
                    );
                }
            }
            while picked != 0 {
                let state = word_at + picked.trailing_zeros() as usize / 2;
                picked &= picked - 1;
                if state >= end {
                    break;
                }
                let (masks, blank) = numbered::<PEXT>(abstraction, state);
                let mut neighbours = slides[blank].iter().flat_map(Along::slides).map(|slide| {
                    index::<PEXT>(abstraction, slide.masks(masks), usize::from(slide.to))
                });
                if backwards {
                    if neighbours.any(|neighbour| layers.get(neighbour) == from) {
                        layers.reach(state, to);
                        new += 1;
                    }
                } else {
                    for neighbour in neighbours {
                        if layers.reach(neighbour, to) {
                            new += 1;
                        }
                    }
                }
            }
        }
        new
    }
}

/// [`Abstraction::index`], by the processor's bit extract when `PEXT`.
#[inline(always)]
fn index<const PEXT: bool>(abstraction: &Abstraction, masks: Masks, blank: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        // SAFETY: `PEXT` only where the processor has BMI2.
        #[allow(unsafe_code, reason = "see the safety comment")]
        return unsafe { abstraction.index_by_pext(masks, blank) };
    }
    abstraction.index(masks, blank)
}

/// [`Abstraction::state`], by the processor's bit deposit when `PEXT`.
#[inline(always)]
fn numbered<const PEXT: bool>(abstraction: &Abstraction, index: usize) -> (Masks, usize) {
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        // SAFETY: `PEXT` only where the processor has BMI2.
        #[allow(unsafe_code, reason = "see the safety comment")]
        return unsafe { abstraction.state_by_pdep(index) };
    }
    abstraction.state(index)
}

/// Bit `i` of `bits` moved to bit `2i`.
#[inline(always)]
fn spread_to_pairs(bits: u32) -> u64 {
    let mut x = u64::from(bits);
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & LOW_BITS
}

/// Bit `2i` of `pairs` moved to bit `i` (the odd bits are zero).
#[inline(always)]
fn gather_from_pairs(pairs: u64) -> u32 {
    let mut x = pairs & LOW_BITS;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) as u32
}

impl Layers {
    /// The remainders, five a byte, in pieces of at most a megabyte.
    fn packed(
        &self,
        states: usize,
        each: &mut dyn FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut piece = Vec::with_capacity(1 << 20);
        for first in (0..states).step_by(PER_BYTE) {
            let byte = (first..(first + PER_BYTE).min(states))
                .rev()
                .fold(0, |byte, state| byte * 3 + self.get(state) as u8);
            piece.push(byte);
            if piece.len() == piece.capacity() {
                each(&piece)?;
                piece.clear();
            }
        }
        each(&piece)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::vec;

    use super::*;
    use crate::sliding::board::Geometry;
    use crate::sliding::search::multi_tile::abstraction::CLASSES;

    /// Every abstract board one slide from `board` (labels by cell, 0 the
    /// blank): the blank swapped step by step along its row or column.
    fn slides_from(board: &[u8; 16]) -> Vec<[u8; 16]> {
        let blank = board.iter().position(|&label| label == 0).unwrap();
        let (row, col) = ((blank / 4) as i32, (blank % 4) as i32);
        let mut out = Vec::new();
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut at, mut moved) = (blank, *board);
            let (mut r, mut c) = (row + dr, col + dc);
            while (0..4).contains(&r) && (0..4).contains(&c) {
                let to = (r * 4 + c) as usize;
                moved.swap(at, to);
                at = to;
                out.push(moved);
                (r, c) = (r + dr, c + dc);
            }
        }
        out
    }

    /// A plain breadth-first search over labelled boards, from `goal`.
    fn reference(goal: [u8; 16]) -> HashMap<[u8; 16], u8> {
        let mut distance = HashMap::from([(goal, 0u8)]);
        let mut layer = vec![goal];
        let mut depth = 0;
        while !layer.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for board in &layer {
                for neighbour in slides_from(board) {
                    distance.entry(neighbour).or_insert_with(|| {
                        next.push(neighbour);
                        depth
                    });
                }
            }
            layer = next;
        }
        distance
    }

    /// The masks and blank of a labelled board.
    fn state_of(board: &[u8; 16]) -> (Masks, usize) {
        let mut masks = 0;
        let mut blank = 0;
        for (cell, &label) in board.iter().enumerate() {
            match label {
                0 => blank = cell,
                CLASSES => {}
                label => masks |= 1 << (16 * (usize::from(label) - 1) + cell),
            }
        }
        (masks, blank)
    }

    #[test]
    fn every_state_of_a_small_abstraction_has_its_reference_distance() {
        // Four classes of one tile and eleven alike: 524,160 states, every
        // lane of the masks in use.
        let labels = [0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
        let abstraction = Abstraction::new(Geometry::FIFTEEN, &labels).unwrap();
        let reference = reference(labels);
        assert_eq!(reference.len(), abstraction.states());
        assert_eq!(abstraction.states(), 16 * 15 * 14 * 13 * 12);

        let layers = build_remainders(&abstraction, 3, &|_| {});
        let mut packed = Vec::new();
        layers
            .packed(abstraction.states(), &mut |piece| {
                packed.extend_from_slice(piece);
                Ok(())
            })
            .unwrap();
        assert_eq!(packed.len() as u64, bytes(&abstraction));
        let database = Database {
            abstraction,
            remainders: Box::leak(packed.into_boxed_slice()),
        };
        let mut numbered = vec![false; abstraction.states()];
        for (board, &distance) in &reference {
            let (masks, blank) = state_of(board);
            let index = abstraction.index(masks, blank);
            assert_eq!(abstraction.state(index), (masks, blank));
            assert!(!numbered[index], "two boards numbered {index}");
            numbered[index] = true;
            assert_eq!(database.remainder(index), distance % 3, "{board:?}");
        }
        // The walk down to the goal, on a sample of every distance.
        for (board, &distance) in reference.iter().step_by(97) {
            let (masks, blank) = state_of(board);
            assert_eq!(database.distance(masks, blank), distance, "{board:?}");
        }
    }

    #[test]
    fn the_numbering_of_the_four_by_four_abstraction_is_one_to_one_on_a_sample() {
        let abstraction = Abstraction::new(Geometry::FIFTEEN, &super::super::LABELS_4X4).unwrap();
        assert_eq!(abstraction.states(), 908_107_200);
        for index in (0..abstraction.states()).step_by(9_081_071) {
            let (masks, blank) = abstraction.state(index);
            assert_eq!(abstraction.index(masks, blank), index);
            assert_eq!(masks.count_ones(), 2 + 2 + 5 + 4);
            assert_eq!(masks >> blank & 0x0001_0001_0001_0001, 0);
        }
    }
}
