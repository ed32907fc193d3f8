//! A breadth-first search of a state space in slides, each state's
//! distance kept modulo 3: what the abstraction databases and the complete
//! tables are built by, on every core.

use std::io;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread;
use std::vec::Vec;

/// Remainders a byte of a packed table holds (3^5 = 243).
pub(super) const PER_BYTE: usize = 5;

/// A state space searched from its goal: states numbered from 0, and the
/// neighbours of each, a slide away.
pub(super) trait Space: Sync {
    /// How many states there are.
    fn states(&self) -> usize;

    /// The goal's number.
    fn goal(&self) -> usize;

    /// Whether `each` answers true of some neighbour of state `state`,
    /// given their numbers in turn until one does; numbering with the
    /// processor's bit extract and deposit when `PEXT` (only where it has
    /// them).
    fn any_neighbour<const PEXT: bool>(
        &self,
        state: usize,
        each: impl FnMut(usize) -> bool,
    ) -> bool;
}

/// The build's table: two bits a state, 32 states a word, each the
/// state's distance modulo 3 once reached, [`UNSEEN`] before.
pub(super) struct Layers {
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

/// The distances of every state of `space` modulo 3, and the size of each
/// layer from the goal's: a breadth-first search from the goal in two bits
/// a state (227 MB for 4x4's 908,107,200 abstract states), each layer
/// shared over `threads` threads in chunks, telling `reached` how many
/// states each chunk reached.
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
pub(super) fn build_remainders<S: Space>(
    space: &S,
    threads: usize,
    reached: &(dyn Fn(u64) + Sync),
) -> (Layers, Vec<usize>) {
    let states = space.states();
    let layers = Layers::new(states);
    let expanded: Vec<AtomicU64> = (0..states.div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    layers.reach(space.goal(), 0);
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
                            space,
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
    debug_assert_eq!(unseen, 0, "every state reaches the goal");
    sizes.pop_if(|&mut last| last == 0);
    (layers, sizes)
}

/// One layer's pass of the build, over the states of one chunk.
struct Pass<'a, S> {
    space: &'a S,
    layers: &'a Layers,
    expanded: &'a [AtomicU64],
    /// The last layer's remainder, and the next's.
    from: u64,
    to: u64,
    backwards: bool,
}

impl<S: Space> Pass<'_, S> {
    /// Passes over the states from `start` to `end` (whole words of both
    /// tables): answers how many it reached.
    fn over_chunk(&self, start: usize, end: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if super::abstraction::has_fast_pext() {
            // SAFETY: the processor has BMI2 and POPCNT.
            #[allow(
                unsafe_code,
                reason = "a function compiled for BMI2, called where it is there"
            )]
            return unsafe { self.over_chunk_by_pext(start, end) };
        }
        self.over_chunk_with::<false>(start, end)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    fn over_chunk_by_pext(&self, start: usize, end: usize) -> usize {
        self.over_chunk_with::<true>(start, end)
    }

    /// [`Pass::over_chunk`], numbering states with the processor's bit
    /// extract and deposit when `PEXT` (only where it has them).
    #[inline(always)]
    fn over_chunk_with<const PEXT: bool>(&self, start: usize, end: usize) -> usize {
        let Pass {
            space,
            layers,
            expanded,
            from,
            to,
            backwards,
        } = *self;
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
                if backwards {
                    if space.any_neighbour::<PEXT>(state, |neighbour| layers.get(neighbour) == from)
                    {
                        layers.reach(state, to);
                        new += 1;
                    }
                } else {
                    space.any_neighbour::<PEXT>(state, |neighbour| {
                        if layers.reach(neighbour, to) {
                            new += 1;
                        }
                        false
                    });
                }
            }
        }
        new
    }
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
    pub(super) fn packed(
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
