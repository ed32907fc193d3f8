//! One cached database on disk: its header, its checksum, its atomic
//! write and its memory map.
//!
//! A file is a 64-byte header and the stored bits:
//!
//! | bytes | what |
//! | --- | --- |
//! | 0..8 | `PZORPDB` and a newline: a puzzle-oracle database |
//! | 8..12 | the format version, [`FORMAT_VERSION`] |
//! | 12, 13, 14 | the board's rows and columns, the group's tiles |
//! | 15 | what the file holds: 0 a pattern group's bits, 1 a multi-tile abstraction's remainders |
//! | 16..32 | the group's goal cells, in order, padded with 255 (an abstraction's labels, by goal cell) |
//! | 32..36 | the goal's blank region, a mask of cells |
//! | 36..44 | abstract states (bits) |
//! | 44..52 | bytes of stored bits after the header |
//! | 52..56 | CRC-32 of those bytes |
//!
//! Numbers are little-endian; the other bytes are zero. Everything before
//! the checksum must match what the reader expects, and the checksum the
//! bytes, or the file is not used.

use std::format;
use std::fs::{self, File};
use std::io::{self, Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::process;
use std::string::String;
use std::sync::atomic::{AtomicU64, Ordering};
use std::vec;

use super::super::pattern::NO_CELL;

/// Goal cells a header holds (a group has at most
/// [`MAX_GROUP_TILES`](super::super::pattern::MAX_GROUP_TILES)).
const HEADER_CELLS: usize = 16;

/// The version of the file format this build reads and writes; a file of
/// another version is rebuilt.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: [u8; 8] = *b"PZORPDB\n";

/// Bytes before the stored bits.
pub const HEADER_LEN: usize = 64;

/// What a file says about the database it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub rows: u8,
    pub cols: u8,
    pub tiles: u8,
    /// The group's goal cells, padded with [`NO_CELL`].
    pub goal_cells: [u8; HEADER_CELLS],
    pub blank_region: u32,
    pub states: u64,
    pub bytes: u64,
    /// What the file holds: [`PATTERN_GROUP`] or [`MULTI_TILE`].
    pub kind: u8,
}

/// A file of a pattern group's bits.
pub const PATTERN_GROUP: u8 = 0;
/// A file of a multi-tile abstraction's distances modulo 3.
#[cfg(feature = "multi-tile")]
pub const MULTI_TILE: u8 = 1;

impl Header {
    /// The header of the database of `tiles` tiles on `goal_cells`.
    pub fn new(
        (rows, cols): (u8, u8),
        goal_cells: &[u8],
        blank_region: u32,
        states: u64,
        bytes: u64,
    ) -> Self {
        let mut cells = [NO_CELL; HEADER_CELLS];
        cells[..goal_cells.len()].copy_from_slice(goal_cells);
        Header {
            rows,
            cols,
            tiles: goal_cells.len() as u8,
            goal_cells: cells,
            blank_region,
            states,
            bytes,
            kind: PATTERN_GROUP,
        }
    }

    #[cfg(feature = "multi-tile")]
    /// The header of the multi-tile database of the abstraction that gives
    /// each goal cell of a `rows` x `cols` board the class `labels` names.
    pub fn multi_tile((rows, cols): (u8, u8), labels: &[u8], states: u64, bytes: u64) -> Self {
        let mut cells = [NO_CELL; HEADER_CELLS];
        cells[..labels.len()].copy_from_slice(labels);
        Header {
            rows,
            cols,
            tiles: labels.len() as u8 - 1,
            goal_cells: cells,
            blank_region: 0,
            states,
            bytes,
            kind: MULTI_TILE,
        }
    }

    fn encode(&self, checksum: u32) -> [u8; HEADER_LEN] {
        let mut out = [0; HEADER_LEN];
        out[..8].copy_from_slice(&MAGIC);
        out[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        out[12] = self.rows;
        out[13] = self.cols;
        out[14] = self.tiles;
        out[15] = self.kind;
        out[16..32].copy_from_slice(&self.goal_cells);
        out[32..36].copy_from_slice(&self.blank_region.to_le_bytes());
        out[36..44].copy_from_slice(&self.states.to_le_bytes());
        out[44..52].copy_from_slice(&self.bytes.to_le_bytes());
        out[52..56].copy_from_slice(&checksum.to_le_bytes());
        out
    }

    /// The header and checksum a file starts with, or why it is not one
    /// of this build's databases.
    fn decode(bytes: &[u8]) -> Result<(Header, u32), String> {
        if bytes.len() < HEADER_LEN {
            return Err(format!(
                "{} bytes, shorter than a database's header",
                bytes.len()
            ));
        }
        if bytes[..8] != MAGIC {
            return Err("not a puzzle-oracle database".into());
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let version = word(8);
        if version != FORMAT_VERSION {
            return Err(format!(
                "format version {version}, where this program reads version {FORMAT_VERSION}"
            ));
        }
        let header = Header {
            rows: bytes[12],
            cols: bytes[13],
            tiles: bytes[14],
            goal_cells: bytes[16..32].try_into().expect("16 bytes"),
            blank_region: word(32),
            states: long(36),
            bytes: long(44),
            kind: bytes[15],
        };
        Ok((header, word(52)))
    }
}

/// Why a database could not be mapped.
#[derive(Debug)]
pub enum Unusable {
    /// There is no file.
    Missing,
    /// The file is there but is not the database asked for, or is damaged:
    /// the reason, in words.
    Invalid(String),
    /// The file could not be read.
    Unreadable(io::Error),
}

/// Writes `payload` under `header` to `dir/name`: first to a temporary
/// file of its own in `dir`, synced, then renamed over `name`, so that a
/// reader never sees half a file and two processes writing at once leave
/// one whole file (the last rename). Creates `dir` when it is missing.
pub fn write_atomically(
    dir: &Path,
    name: &str,
    header: &Header,
    payload: &[u8],
) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let target = dir.join(name);
    let temporary = dir.join(temporary_name(name));
    let written = (|| {
        // A name of its own, never opened twice: two processes of one
        // process id (in two containers sharing the directory) each get an
        // error rather than one file between them.
        let mut file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(&header.encode(crc32fast::hash(payload)))?;
        file.write_all(payload)?;
        file.sync_all()?;
        fs::rename(&temporary, &target)
    })();
    if written.is_err() {
        // Nothing to do if it is not there.
        let _ = fs::remove_file(&temporary);
    }
    written.map(|()| target)
}

/// Gives each piece of a payload to its argument, in order.
#[cfg(feature = "multi-tile")]
pub type Pieces<'a> = &'a dyn Fn(&mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()>;

/// Writes the payload that `pieces` gives, a piece at a time, under
/// `header` to `dir/name` as [`write_atomically`] does: `pieces` is called
/// twice, for the checksum and then for the file, so that the whole
/// payload is never in memory at once.
#[cfg(feature = "multi-tile")]
pub fn write_atomically_in_pieces(
    dir: &Path,
    name: &str,
    header: &Header,
    pieces: Pieces<'_>,
) -> io::Result<PathBuf> {
    let mut hasher = crc32fast::Hasher::new();
    pieces(&mut |piece| {
        hasher.update(piece);
        Ok(())
    })?;
    let checksum = hasher.finalize();
    fs::create_dir_all(dir)?;
    let target = dir.join(name);
    let temporary = dir.join(temporary_name(name));
    let written = (|| {
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        let mut writer = io::BufWriter::with_capacity(1 << 20, file);
        writer.write_all(&header.encode(checksum))?;
        pieces(&mut |piece| writer.write_all(piece))?;
        let file = writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        fs::rename(&temporary, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written.map(|()| target)
}

/// Creates `dir` when missing and writes and removes a file there: a
/// build that cannot write its result fails before it starts, not after
/// minutes of work.
pub fn check_writable(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let probe = dir.join(temporary_name("probe.pdb"));
    File::options()
        .write(true)
        .create_new(true)
        .open(&probe)?
        .write_all(b"puzzle-oracle")?;
    fs::remove_file(&probe)
}

/// A temporary name for `name` that no other writer uses: the process,
/// a count of this process's writes, and the time.
fn temporary_name(name: &str) -> String {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    format!(
        ".{name}.{}.{}.{nanos}.tmp",
        process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    )
}

/// Whether the file at `path` starts as this crate's databases do (of any
/// format version).
pub fn is_ours(path: &Path) -> bool {
    let mut start = [0; MAGIC.len()];
    File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| start == MAGIC)
}

/// Whether `name` is one of the temporary files [`write_atomically`]
/// leaves when a process dies while writing.
pub fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp") && name.contains(".pdb.")
}

/// The database file at `path`, opened for reading.
fn open(path: &Path) -> Result<File, Unusable> {
    match File::open(path) {
        Ok(file) => Ok(file),
        // A directory that is not there (or is a file) holds no database.
        Err(error)
            if matches!(
                error.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Err(Unusable::Missing)
        }
        Err(error) => Err(Unusable::Unreadable(error)),
    }
}

/// Whether a file whose header is `header`, with `payload` bytes after
/// it, holds the database `expected` describes.
fn check(
    header: &Header,
    expected: impl FnOnce() -> Header,
    payload: usize,
) -> Result<(), Unusable> {
    // Only now: what a file should hold can take a while to work out.
    let expected = &expected();
    if *header
        != (Header {
            bytes: header.bytes,
            ..*expected
        })
    {
        return Err(Unusable::Invalid("holds another database".into()));
    }
    if payload as u64 != expected.bytes || header.bytes != expected.bytes {
        return Err(Unusable::Invalid(format!(
            "{payload} bytes of stored bits where there should be {}",
            expected.bytes
        )));
    }
    Ok(())
}

/// The stored bits of the database `path` holds, mapped into memory for
/// the rest of the process, after checking that its header is `expected`
/// and its checksum matches.
pub fn map(path: &Path, expected: impl FnOnce() -> Header) -> Result<Mapped, Unusable> {
    let file = open(path)?;
    let mapped = map_file(&file).map_err(Unusable::Unreadable)?;
    let (header, checksum) = Header::decode(&mapped).map_err(Unusable::Invalid)?;
    check(&header, expected, mapped.len() - HEADER_LEN)?;
    if checksum_of_bits(&file).map_err(Unusable::Unreadable)? != checksum {
        return Err(Unusable::Invalid("its checksum does not match".into()));
    }
    Ok(Mapped {
        map: mapped,
        offset: HEADER_LEN,
    })
}

/// The stored bits of the database `path` holds, checked as [`map`]
/// checks them, but read into memory of the process's own, in huge pages
/// where the system gives them: for a database a search reads all over at
/// random, where a miss in the address translation of a 4 KiB page costs
/// as much again as the read. The file is read once either way, for its
/// checksum.
#[cfg(feature = "multi-tile")]
pub fn load(path: &Path, expected: impl FnOnce() -> Header) -> Result<Mapped, Unusable> {
    let mut file = open(path)?;
    let mut start = [0; HEADER_LEN];
    let length = file.metadata().map_err(Unusable::Unreadable)?.len();
    if length < HEADER_LEN as u64 {
        return Err(Unusable::Invalid(format!(
            "{length} bytes, shorter than a database's header"
        )));
    }
    file.read_exact(&mut start).map_err(Unusable::Unreadable)?;
    let (header, checksum) = Header::decode(&start).map_err(Unusable::Invalid)?;
    let payload = usize::try_from(length - HEADER_LEN as u64)
        .map_err(|_| Unusable::Invalid("too large for this machine's memory".into()))?;
    check(&header, expected, payload)?;
    let mut memory = memmap2::MmapOptions::new()
        .len(payload.max(1))
        .map_anon()
        .map_err(Unusable::Unreadable)?;
    // Only a hint: without huge pages the memory is as good, a little slower.
    #[cfg(target_os = "linux")]
    let _ = memory.advise(memmap2::Advice::HugePage);
    let mut hasher = crc32fast::Hasher::new();
    for piece in memory[..payload].chunks_mut(1 << 20) {
        file.read_exact(piece).map_err(Unusable::Unreadable)?;
        hasher.update(piece);
    }
    if hasher.finalize() != checksum {
        return Err(Unusable::Invalid("its checksum does not match".into()));
    }
    Ok(Mapped {
        map: memory.make_read_only().map_err(Unusable::Unreadable)?,
        offset: 0,
    })
}

/// A database file mapped (or read into memory) and checked; unmapped
/// when dropped.
pub struct Mapped {
    map: memmap2::Mmap,
    /// Where the stored bits start in the map.
    offset: usize,
}

impl Mapped {
    /// The stored bits, mapped for as long as the process runs: the search
    /// keeps `'static` references to its databases, and a tier is opened
    /// once.
    pub fn leak(self) -> &'static [u8] {
        let mapped: &'static memmap2::Mmap = std::boxed::Box::leak(std::boxed::Box::new(self.map));
        &mapped[self.offset..]
    }
}

/// The CRC-32 of the stored bits of `file`, read through the file rather
/// than the map: the process's memory then holds only the pages of the
/// map its searches touch, not the whole of every database it opens.
fn checksum_of_bits(file: &File) -> io::Result<u32> {
    let mut reader = file;
    reader.seek(SeekFrom::Start(HEADER_LEN as u64))?;
    let mut hasher = crc32fast::Hasher::new();
    let mut buffer = vec![0; 1 << 20];
    loop {
        match reader.read(&mut buffer) {
            Ok(0) => return Ok(hasher.finalize()),
            Ok(read) => hasher.update(&buffer[..read]),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
}

/// A read-only memory map of all of `file`.
#[allow(
    unsafe_code,
    reason = "mapping a file is unsafe in Rust's terms; see the safety comment"
)]
fn map_file(file: &File) -> io::Result<memmap2::Mmap> {
    // SAFETY: the map is undefined behaviour only if the file's bytes
    // change, or the file is cut short (a read past its end faults), while
    // it is mapped. This crate never writes into a database file in place:
    // it writes a new file under a name of its own and renames it over the
    // old name, which leaves the mapped file's contents as they were.
    // Another program editing or truncating the file in place could change
    // them; the cache directory is documented as this crate's, for its
    // files alone.
    unsafe { memmap2::Mmap::map(file) }
}
