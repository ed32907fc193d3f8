//! The set of states seen by a search: keys stored once, in insertion
//! order, and an open-addressing table of their indices.
//!
//! The table holds 4-byte indices rather than 16-byte keys, so a 400,000
//! state search needs a 4 MiB table. Keys live in fixed-size chunks, so
//! the store never copies itself while growing.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use super::state::Key;

/// Keys per chunk of the store.
const CHUNK: usize = 1 << 14;
/// Table slots at the start of every search.
const INITIAL_SLOTS: usize = 1 << 12;

/// States and their insertion indices.
pub(crate) struct StateSet {
    chunks: Vec<Box<[Key]>>,
    len: usize,
    /// `index + 1` of the state in each slot; 0 is empty.
    slots: Vec<u32>,
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
    pub fn clear(&mut self) {
        self.len = 0;
        self.slots.clear();
        self.slots.resize(INITIAL_SLOTS, 0);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The key with index `index`.
    #[inline]
    pub fn key(&self, index: usize) -> Key {
        self.chunks[index / CHUNK][index % CHUNK]
    }

    #[inline]
    fn home(&self, key: Key) -> usize {
        // Fold the two halves, then multiply-shift (Fibonacci hashing).
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = self.slots.len().trailing_zeros();
        (folded.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - bits)) as usize
    }

    /// The index of `key`, if present.
    #[inline]
    pub fn get(&self, key: Key) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.slots[slot] {
                0 => return None,
                entry if self.key(entry as usize - 1) == key => return Some(entry as usize - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Adds `key` unless present.
    #[inline]
    pub fn insert(&mut self, key: Key) -> Insert {
        // Keep the load at most 3/4.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.slots[slot] {
                0 => break,
                entry if self.key(entry as usize - 1) == key => {
                    return Insert::Present(entry as usize - 1);
                }
                _ => slot = (slot + 1) & mask,
            }
        }
        let index = self.len;
        if index % CHUNK == 0 && index / CHUNK == self.chunks.len() {
            let chunk: Box<[Key]> = vec![0; CHUNK].into_boxed_slice();
            self.chunks.push(chunk);
        }
        self.chunks[index / CHUNK][index % CHUNK] = key;
        self.len += 1;
        self.slots[slot] = self.len as u32;
        Insert::New
    }

    /// Doubles the table and re-inserts every index.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for index in 0..self.len {
            let mut slot = self.home(self.key(index));
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = index as u32 + 1;
        }
    }
}
