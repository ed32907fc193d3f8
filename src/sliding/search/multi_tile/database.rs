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
use std::string::String;
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;
use std::vec::Vec;

use super::abstraction::{Abstraction, Along, Masks};
use super::breadth_first::{PER_BYTE, Space, build_remainders};
use crate::sliding::search::cache::file::{self, Header, Unusable};
use crate::sliding::search::cache::{Cache, CacheError, Event, FileState};

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

/// The size of an abstraction's database file, its header included.
pub(crate) fn file_bytes(abstraction: &Abstraction) -> u64 {
    file::HEADER_LEN as u64 + bytes(abstraction)
}

/// The state of an abstraction's database file in `cache`: its header and
/// checksum checked, reading it whole.
pub(crate) fn check(abstraction: &Abstraction, cache: &Cache) -> FileState {
    let path = cache.dir().join(file_name(abstraction));
    match file::map(&path, || header(abstraction)) {
        Ok(_) => FileState::Ready,
        Err(Unusable::Missing) => FileState::Missing,
        Err(Unusable::Invalid(reason)) => FileState::Invalid(reason),
        Err(Unusable::Unreadable(error)) => FileState::Unreadable(error),
    }
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

/// Whether the database of `abstraction` is mapped in this process.
pub(crate) fn is_open(abstraction: &Abstraction) -> bool {
    OPEN.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .any(|known| known.abstraction == *abstraction)
}

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
            let (layers, _) = build_remainders(abstraction, threads, &|states| {
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
                bytes: file_bytes(abstraction),
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

impl Space for Abstraction {
    fn states(&self) -> usize {
        Abstraction::states(self)
    }

    fn goal(&self) -> usize {
        self.index(self.goal_masks(), self.goal_blank())
    }

    #[inline(always)]
    fn any_neighbour<const PEXT: bool>(
        &self,
        state: usize,
        mut each: impl FnMut(usize) -> bool,
    ) -> bool {
        let (masks, blank) = numbered::<PEXT>(self, state);
        self.slides()[blank]
            .iter()
            .flat_map(Along::slides)
            .any(|slide| {
                each(index::<PEXT>(
                    self,
                    slide.masks(masks),
                    usize::from(slide.to),
                ))
            })
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

        let (layers, _) = build_remainders(&abstraction, 3, &|_| {});
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
        let labels = super::super::plan(Geometry::FIFTEEN).unwrap().labels;
        let abstraction = Abstraction::new(Geometry::FIFTEEN, labels).unwrap();
        assert_eq!(abstraction.states(), 908_107_200);
        for index in (0..abstraction.states()).step_by(9_081_071) {
            let (masks, blank) = abstraction.state(index);
            assert_eq!(abstraction.index(masks, blank), index);
            assert_eq!(masks.count_ones(), 2 + 2 + 5 + 4);
            assert_eq!(masks >> blank & 0x0001_0001_0001_0001, 0);
        }
    }
}
