//! An abstraction of a board of at most 16 cells for the multi-tile
//! metric: the tiles relabelled into at most five classes, tiles of one
//! class alike, and the numbering of its states.
//!
//! A state is the blank's cell and the cells of each class's tiles, kept
//! as one 16-bit mask a class in the four lanes of a `u64` (classes 1 to
//! 4; class 5 is every other cell). A slide moves a run of cells one cell
//! towards the blank's old cell, which on the masks is one mask-and-shift
//! for all four lanes at once, and on a board of one nibble a cell the
//! same with nibbles.
//!
//! The number of a state is mixed-radix: the blank's cell, then the rank
//! of class 1's cells among the others, of class 2's among the cells
//! left, and so on to class 4's. A rank is the colexicographic rank
//! of the cells squeezed together (the bits of the cells still free
//! gathered, a "parallel bit extract"), read from a table.

use std::boxed::Box;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::sliding::board::Geometry;
use crate::sliding::search::pattern::binomial;
use std::vec;
use std::vec::Vec;

/// The most cells of a board.
pub(super) const CELLS: usize = 16;

/// The cells of the first four classes, one 16-bit lane each.
pub(super) type Masks = u64;

/// The transpose of each cell of the 4x4 board, the one square board
/// searched in slides.
pub(super) const TRANSPOSE: [u8; CELLS] = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15];

/// Tables of the numbering, shared by every abstraction: built once in a
/// process (a millisecond).
struct Ranking {
    /// The colexicographic rank of each 16-bit set of cells among the sets
    /// of its size.
    colex: Vec<u16>,
    /// For each size, the sets of cells by rank (15-bit sets).
    by_rank: Vec<Vec<u16>>,
    /// The bits of the byte `x` where the byte `mask` has ones, gathered
    /// low: index `mask << 8 | x`.
    gather: Vec<u8>,
    /// The low bits of the byte `x` spread onto the ones of the byte
    /// `mask`: index `mask << 8 | x`.
    spread: Vec<u8>,
}

fn ranking() -> &'static Ranking {
    static RANKING: OnceLock<Ranking> = OnceLock::new();
    RANKING.get_or_init(|| {
        let mut colex = vec![0u16; 1 << CELLS];
        let mut by_rank = vec![Vec::new(); CELLS + 1];
        for (set, rank_of) in colex.iter_mut().enumerate() {
            let mut rank = 0;
            let mut taken = 0;
            for cell in 0..CELLS {
                if set >> cell & 1 == 1 {
                    taken += 1;
                    rank += binomial(cell, taken);
                }
            }
            *rank_of = rank as u16;
            if set < 1 << (CELLS - 1) {
                let sets: &mut Vec<u16> = &mut by_rank[set.count_ones() as usize];
                if sets.len() <= rank {
                    sets.resize(rank + 1, 0);
                }
                sets[rank] = set as u16;
            }
        }
        let mut gather = vec![0u8; 1 << 16];
        let mut spread = vec![0u8; 1 << 16];
        for mask in 0..256usize {
            for x in 0..256usize {
                let (mut gathered, mut spread_out, mut taken) = (0, 0, 0);
                for bit in 0..8 {
                    if mask >> bit & 1 == 1 {
                        gathered |= (x >> bit & 1) << taken;
                        spread_out |= (x >> taken & 1) << bit;
                        taken += 1;
                    }
                }
                gather[mask << 8 | x] = gathered as u8;
                spread[mask << 8 | x] = spread_out as u8;
            }
        }
        Ranking {
            colex,
            by_rank,
            gather,
            spread,
        }
    })
}

impl Ranking {
    /// The low bits of `x` spread onto the ones of `mask`, lowest first
    /// (16 bits).
    #[inline(always)]
    fn scatter16(&self, x: u32, mask: u32) -> u32 {
        let low = u32::from(self.spread[((mask & 0xff) << 8 | (x & 0xff)) as usize]);
        let rest = x >> (mask & 0xff).count_ones();
        let high = u32::from(self.spread[((mask & 0xff00) | (rest & 0xff)) as usize]);
        low | high << 8
    }

    /// The bits of `x` where `mask` has ones, gathered low (16 bits).
    #[inline(always)]
    fn gather16(&self, x: u32, mask: u32) -> u32 {
        let low = u32::from(self.gather[((mask & 0xff) << 8 | (x & 0xff)) as usize]);
        let high = u32::from(self.gather[((mask & 0xff00) | (x >> 8 & 0xff)) as usize]);
        low | high << (mask & 0xff).count_ones()
    }
}

/// The most classes of tiles.
pub(super) const CLASSES: u8 = 5;

/// A relabelling of the goal's cells of a board in its wide orientation:
/// 0 on the blank's goal cell, a class from 1 to 5 on each other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Abstraction {
    geometry: Geometry,
    /// The labels by cell, the first `geometry.cells()` of them.
    labels: [u8; CELLS],
    /// The tiles of classes 1 to 4.
    sizes: [usize; 4],
    /// How many ways each of classes 1 to 4 can lie on the cells left.
    radix: [usize; 4],
    /// Every cell of the board, one bit each.
    all_cells: u32,
    slides: &'static SlideTable,
}

impl PartialEq for Abstraction {
    fn eq(&self, other: &Self) -> bool {
        (self.geometry, self.labels) == (other.geometry, other.labels)
    }
}

impl Eq for Abstraction {}

impl Abstraction {
    /// The abstraction of `labels` on `geometry` (0 on the blank's goal
    /// cell, classes 1 to 5 on the others). `None` unless there is a label
    /// a cell, at most 16, exactly one of them 0, and every one at most 5.
    pub(crate) fn new(geometry: Geometry, labels: &[u8]) -> Option<Self> {
        if labels.len() != geometry.cells()
            || labels.len() > CELLS
            || labels.iter().filter(|&&label| label == 0).count() != 1
            || labels.iter().any(|&label| label > CLASSES)
        {
            return None;
        }
        let mut sizes = [0; 4];
        for &label in labels {
            if (1..CLASSES).contains(&label) {
                sizes[usize::from(label) - 1] += 1;
            }
        }
        let mut left = labels.len() - 1;
        let radix = sizes.map(|size| {
            let ways = binomial(left, size);
            left -= size;
            ways
        });
        let mut padded = [CLASSES; CELLS];
        padded[..labels.len()].copy_from_slice(labels);
        Some(Abstraction {
            geometry,
            labels: padded,
            sizes,
            radix,
            all_cells: (1 << labels.len()) - 1,
            slides: slides(geometry),
        })
    }

    /// The board.
    pub(crate) fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The labels, by goal cell.
    pub(crate) fn labels(&self) -> &[u8] {
        &self.labels[..self.geometry.cells()]
    }

    /// The class of the tile whose goal cell is `cell` (0 for the blank).
    #[inline(always)]
    pub(super) fn label(&self, cell: usize) -> u8 {
        self.labels[cell]
    }

    /// The blank's goal cell.
    pub(super) fn goal_blank(&self) -> usize {
        self.labels()
            .iter()
            .position(|&label| label == 0)
            .expect("one cell is the blank's")
    }

    /// The board's slides from each cell.
    #[inline(always)]
    pub(super) fn slides(&self) -> &'static SlideTable {
        self.slides
    }

    /// How many abstract states there are.
    pub(crate) fn states(&self) -> usize {
        self.geometry.cells() * self.radix.iter().product::<usize>()
    }

    /// The goal's masks.
    pub(super) fn goal_masks(&self) -> Masks {
        self.labels()
            .iter()
            .enumerate()
            .filter(|&(_, &label)| (1..CLASSES).contains(&label))
            .fold(0, |masks, (cell, &label)| {
                masks | 1 << (16 * (usize::from(label) - 1) + cell)
            })
    }

    /// The number of the state with the blank on `blank` and the classes
    /// on `masks`.
    #[inline(always)]
    pub(super) fn index(&self, masks: Masks, blank: usize) -> usize {
        let ranking = ranking();
        let mut free = !(1u32 << blank) & self.all_cells;
        let mut index = blank;
        for (lane, radix) in self.radix.iter().enumerate() {
            let cells = (masks >> (16 * lane) & 0xffff) as u32;
            let rank = ranking.colex[ranking.gather16(cells, free) as usize];
            index = index * radix + usize::from(rank);
            free &= !cells;
        }
        index
    }

    /// [`Abstraction::index`] with the processor's bit-extract
    /// instruction in place of the tables: for a processor that has it
    /// (see [`has_fast_pext`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub(super) fn index_by_pext(&self, masks: Masks, blank: usize) -> usize {
        use core::arch::x86_64::_pext_u32;
        let ranking = ranking();
        let mut free = !(1u32 << blank) & self.all_cells;
        let mut index = blank;
        for (lane, radix) in self.radix.iter().enumerate() {
            let cells = (masks >> (16 * lane) & 0xffff) as u32;
            let rank = ranking.colex[_pext_u32(cells, free) as usize];
            index = index * radix + usize::from(rank);
            free &= !cells;
        }
        index
    }

    /// The state numbered `index`: its masks and blank cell.
    pub(super) fn state(&self, index: usize) -> (Masks, usize) {
        let ranking = ranking();
        self.state_with(index, |x, mask| ranking.scatter16(x, mask))
    }

    /// [`Abstraction::state`] with the processor's bit-deposit
    /// instruction in place of the tables (see [`has_fast_pext`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub(super) fn state_by_pdep(&self, index: usize) -> (Masks, usize) {
        self.state_with(index, |x, mask| core::arch::x86_64::_pdep_u32(x, mask))
    }

    /// The state numbered `index`, each class's cells spread onto the free
    /// ones by `scatter`.
    #[inline(always)]
    fn state_with(&self, mut index: usize, scatter: impl Fn(u32, u32) -> u32) -> (Masks, usize) {
        let ranking = ranking();
        let mut ranks = [0; 4];
        for lane in (0..4).rev() {
            ranks[lane] = index % self.radix[lane];
            index /= self.radix[lane];
        }
        let blank = index;
        let mut free = !(1u32 << blank) & self.all_cells;
        let mut masks = 0;
        for (lane, (size, rank)) in self.sizes.iter().zip(ranks).enumerate() {
            let cells = scatter(u32::from(ranking.by_rank[*size][rank]), free);
            masks |= u64::from(cells) << (16 * lane);
            free &= !cells;
        }
        (masks, blank)
    }
}

/// Whether the processor extracts bits (`pext`) in a few cycles, and
/// counts them (`popcnt`): BMI2, except on AMD's processors before Zen 3 (families 0x15 to 0x17), which
/// take hundreds of cycles where the tables take a few.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_fast_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| {
        if !std::arch::is_x86_feature_detected!("bmi2")
            || !std::arch::is_x86_feature_detected!("popcnt")
        {
            return false;
        }
        // SAFETY: `cpuid` is on every x86-64 processor.
        #[allow(
            unsafe_code,
            unused_unsafe,
            reason = "cpuid is safe to call from Rust 1.94"
        )]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let family = (signature.eax >> 8 & 0xf) + (signature.eax >> 20 & 0xff);
        !(amd && family < 0x19)
    })
}

/// One slide of the blank: where it goes, and the run of cells whose tiles
/// move one cell back towards where it was.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slide {
    /// The blank's cell after the slide.
    pub to: u8,
    /// The moving cells, in each of the four lanes.
    run: u64,
    /// The moving cells' nibbles.
    run_nibbles: u64,
    /// 1 along a row, 4 along a column.
    step: u8,
    /// The blank moves to a higher cell, the tiles to lower ones.
    towards_low: bool,
}

impl Slide {
    /// Whether the slide moves one tile: a single-tile move.
    #[inline(always)]
    pub fn moves_one_tile(&self) -> bool {
        self.run_nibbles.count_ones() == 4
    }

    /// The masks after the slide.
    #[inline(always)]
    pub fn masks(&self, masks: Masks) -> Masks {
        let moving = masks & self.run;
        (masks & !self.run)
            | if self.towards_low {
                moving >> self.step
            } else {
                moving << self.step
            }
    }

    /// A board of a nibble a cell after the slide.
    #[inline(always)]
    pub fn nibbles(&self, board: u64) -> u64 {
        let moving = board & self.run_nibbles;
        (board & !self.run_nibbles)
            | if self.towards_low {
                moving >> (4 * self.step)
            } else {
                moving << (4 * self.step)
            }
    }
}

/// Along a row (0) or a column (1).
pub(super) const ROW: usize = 0;

/// The most slides from a cell along one axis (a row of 2x8).
pub(super) const MOST_ALONG: usize = CELLS / 2 - 1;

/// The slides from one cell along one axis.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Along {
    slides: [Slide; MOST_ALONG],
    len: u8,
}

impl Along {
    #[inline(always)]
    pub fn slides(&self) -> &[Slide] {
        &self.slides[..usize::from(self.len)]
    }

    /// Slide `child`: one of [`Along::slides`] when below their count.
    #[inline(always)]
    pub fn slide(&self, child: usize) -> &Slide {
        &self.slides[child]
    }
}

/// Every slide from each blank cell along each axis.
pub(super) type SlideTable = [[Along; 2]; CELLS];

/// Every slide of `geometry` (at most 16 cells) from each blank cell
/// along each axis, the shorter first, towards the lower cells before the
/// higher. On a square, the slide along the other axis of the transposed
/// board is at the same place.
pub(super) fn slides(geometry: Geometry) -> &'static SlideTable {
    static TABLES: Mutex<Vec<(Geometry, &'static SlideTable)>> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&(_, table)) = tables.iter().find(|(known, _)| *known == geometry) {
        return table;
    }
    let table: &'static SlideTable = Box::leak(Box::new(slide_table(geometry)));
    tables.push((geometry, table));
    table
}

fn slide_table(geometry: Geometry) -> SlideTable {
    let (rows, cols) = (geometry.rows() as isize, geometry.cols() as isize);
    let mut slides = [[Along::default(); 2]; CELLS];
    for (blank, by_axis) in slides.iter_mut().enumerate().take(geometry.cells()) {
        let (row, col) = (blank as isize / cols, blank as isize % cols);
        for (axis, along) in by_axis.iter_mut().enumerate() {
            let step = if axis == ROW { 1 } else { cols as usize };
            let line = if axis == ROW { cols } else { rows };
            let mut made = 0;
            for sign in [-1isize, 1] {
                for tiles in 1..line {
                    let (to_row, to_col) = if axis == ROW {
                        (row, col + sign * tiles)
                    } else {
                        (row + sign * tiles, col)
                    };
                    if !(0..rows).contains(&to_row) || !(0..cols).contains(&to_col) {
                        continue;
                    }
                    let to = (to_row * cols + to_col) as usize;
                    let (low, high) = if to > blank {
                        (blank + step, to)
                    } else {
                        (to, blank - step)
                    };
                    let (mut run, mut run_nibbles) = (0u64, 0u64);
                    for cell in (low..=high).step_by(step) {
                        run |= 1 << cell;
                        run_nibbles |= 0xf << (4 * cell);
                    }
                    along.slides[made] = Slide {
                        to: to as u8,
                        run: run | run << 16 | run << 32 | run << 48,
                        run_nibbles,
                        step: step as u8,
                        towards_low: to > blank,
                    };
                    made += 1;
                }
            }
            along.len = made as u8;
        }
    }
    slides
}
