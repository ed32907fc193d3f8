//! The set of states seen by a search: keys stored once, in insertion
//! order, and an open-addressing table of their indices.
//!
//! The table holds 4-byte entries rather than 16-byte keys, and is kept at
//! most 4/5 full, so a 400,000-state search needs a 2 MiB table. A table of `2^k` slots holds fewer
//! than `2^k` states, so an entry is `index + 1` in its low `k` bits and a
//! tag of the key's hash in the other `32 - k`: a probe loads a stored key
//! only when the tags match. Keys live in fixed-size chunks, so the store
//! never copies itself while growing.
//!
//! The probes are `#[inline(always)]`, as the Gap search was tuned with
//! them.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use super::state::Key;

/// Keys per chunk of the store.
const CHUNK: usize = 1 << 14;
/// Table slots at the start of a search: at least this many ...
const INITIAL_SLOTS: usize = 1 << 12;
/// ... and at most this many (256 KiB to clear).
const MAX_INITIAL_SLOTS: usize = 1 << 16;

/// States and their insertion indices.
pub(crate) struct StateSet {
    chunks: Vec<Box<[Key; CHUNK]>>,
    len: usize,
    /// Each slot: a hash tag above `index + 1` of its state; 0 is empty.
    slots: Vec<u32>,
}

/// A key with its home slot and tag, computed once.
#[derive(Clone, Copy, Default)]
pub(crate) struct Probe {
    key: Key,
    home: usize,
    tag: u32,
}

/// Where a key stands after [`StateSet::insert`].
pub(crate) enum Insert {
    /// Added.
    New,
    /// Already there with this index.
    Present(usize),
}

impl StateSet {
    pub fn new() -> Self {
        StateSet {
            chunks: Vec::new(),
            len: 0,
            slots: vec![0; INITIAL_SLOTS],
        }
    }

    /// Empties the set, keeping the store's memory for the next search.
    /// The table starts at a quarter of the last search's size (within
    /// bounds): batches of similar layouts then grow it less often, while
    /// a small search after a big one does not pay to clear a big table.
    pub fn clear(&mut self) {
        let size = (self.slots.len() / 4).clamp(INITIAL_SLOTS, MAX_INITIAL_SLOTS);
        self.len = 0;
        self.slots.clear();
        self.slots.resize(size, 0);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The key with index `index`.
    #[inline]
    pub fn key(&self, index: usize) -> Key {
        self.chunks[index / CHUNK][index % CHUNK]
    }

    /// The home slot of `key` (high bits of its hash) and its tag (the
    /// next bits, placed above the index bits of an entry). Valid until
    /// the table grows.
    #[inline]
    pub fn probe(&self, key: Key) -> Probe {
        let (home, tag) = self.home_and_tag(key);
        Probe { key, home, tag }
    }

    #[inline]
    fn home_and_tag(&self, key: Key) -> (usize, u32) {
        // Fold the two halves, multiply, and mix the high bits down.
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let hash = folded.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let bits = self.slots.len().trailing_zeros();
        let home = (hash >> (64 - bits)) as usize;
        let tag = ((hash >> 16) as u32) & !self.index_mask();
        (home, tag)
    }

    /// The bits of an entry that hold `index + 1`.
    #[inline]
    fn index_mask(&self) -> u32 {
        (self.slots.len() - 1) as u32
    }

    /// Finds `key`: `Ok(index)` when present, `Err((slot, tag))` with the
    /// empty slot it would take and the tag its entry would carry.
    #[inline]
    fn find(&self, key: Key) -> Result<usize, (usize, u32)> {
        self.find_probed(&self.probe(key))
    }

    #[inline]
    fn find_probed(&self, probe: &Probe) -> Result<usize, (usize, u32)> {
        let (key, tag) = (probe.key, probe.tag);
        let mask = self.slots.len() - 1;
        let mut slot = probe.home;
        loop {
            let entry = self.slots[slot];
            if entry == 0 {
                return Err((slot, tag));
            }
            if entry & !self.index_mask() == tag {
                let index = (entry & self.index_mask()) as usize - 1;
                if self.key(index) == key {
                    return Ok(index);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The index of `key`, if present.
    #[inline]
    pub fn get(&self, key: Key) -> Option<usize> {
        self.find(key).ok()
    }

    /// Makes room for `extra` more keys without growing.
    #[inline]
    pub fn reserve(&mut self, extra: usize) {
        // Keep the load at most 4/5: 419,430 states fit 2^19 slots (2 MiB).
        while 5 * (self.len + extra) > 4 * self.slots.len() {
            self.grow();
        }
    }

    /// Loads the home slots of `probes`, so that the inserts that follow
    /// find them in cache: the loads are independent, so their cache misses
    /// overlap instead of queueing one after the other.
    #[inline]
    pub fn warm(&self, probes: &[Probe]) {
        let mut touched = 0u32;
        for probe in probes {
            touched ^= self.slots[probe.home];
        }
        core::hint::black_box(touched);
    }

    /// Adds `key` unless present.
    #[inline]
    pub fn insert(&mut self, key: Key) -> Insert {
        self.reserve(1);
        let probe = self.probe(key);
        self.insert_probed(&probe)
    }

    /// Adds the key of `probe` unless present. The probe must come from
    /// [`StateSet::probe`] after the last growth: call
    /// [`StateSet::reserve`] first.
    #[inline(always)]
    pub fn insert_probed(&mut self, probe: &Probe) -> Insert {
        debug_assert!(5 * (self.len + 1) <= 4 * self.slots.len());
        let key = probe.key;
        let (slot, tag) = match self.find_probed(probe) {
            Ok(index) => return Insert::Present(index),
            Err(empty) => empty,
        };
        let index = self.len;
        if index.is_multiple_of(CHUNK) && index / CHUNK == self.chunks.len() {
            // Built on the heap: a 256 KiB array would not fit every stack.
            let chunk: Box<[Key]> = vec![0; CHUNK].into_boxed_slice();
            let chunk: Box<[Key; CHUNK]> = chunk
                .try_into()
                .unwrap_or_else(|_| unreachable!("a slice of CHUNK keys is an array of them"));
            self.chunks.push(chunk);
        }
        self.chunks[index / CHUNK][index % CHUNK] = key;
        self.len += 1;
        self.slots[slot] = tag | self.len as u32;
        Insert::New
    }

    /// Doubles the table and re-inserts every index.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for index in 0..self.len {
            let (mut slot, tag) = self.home_and_tag(self.key(index));
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = tag | (index as u32 + 1);
        }
    }
}
