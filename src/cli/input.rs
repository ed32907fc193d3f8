//! Reading input one line at a time, in bounded memory, with line numbers.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::rc::Rc;

use anyhow::{Context, Result, bail};

/// UTF-8's byte-order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Longest line accepted. A longer one is an error, so that a file with no
/// line breaks cannot take unbounded memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Opens `path`, or standard input when it is absent or `-`.
pub fn open(path: Option<&Path>) -> Result<BufReader<Box<dyn Read>>> {
    let source: Box<dyn Read> = match path {
        None => Box::new(io::stdin().lock()),
        Some(path) if path == Path::new("-") => Box::new(io::stdin().lock()),
        Some(path) => {
            Box::new(File::open(path).with_context(|| format!("cannot open {}", path.display()))?)
        }
    };
    Ok(BufReader::with_capacity(64 * 1024, source))
}

/// An input item as error messages quote it: control characters escaped
/// (nothing from the input reaches the terminal raw) and long items cut, so
/// that one line of garbage gives one readable line of error.
pub fn quoted(item: &str) -> String {
    const MAX_CHARS: usize = 24;
    let mut text: String = item
        .chars()
        .take(MAX_CHARS)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() || is_invisible(c) {
                c.escape_unicode().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if item.chars().nth(MAX_CHARS).is_some() {
        text.push_str("...");
    }
    format!("`{text}`")
}

/// Characters that print as nothing or reorder the text around them
/// (zero-width spaces and joiners, bidirectional controls, the soft hyphen,
/// the byte-order mark): escaped in messages like control characters.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// Numbered lines of UTF-8 text. Line numbers count from 1.
pub struct Lines<R> {
    reader: BufReader<R>,
    buf: Vec<u8>,
    number: u64,
    /// Set after each line to whether the buffer is empty: see
    /// [`Lines::watch_drained`].
    drained: Option<Rc<Cell<bool>>>,
    /// The last line ended with `\r`: a `\n` next is part of its break.
    after_carriage_return: bool,
}

impl<R: Read> Lines<R> {
    pub fn new(reader: BufReader<R>) -> Self {
        Lines {
            reader,
            buf: Vec::new(),
            number: 0,
            drained: None,
            after_carriage_return: false,
        }
    }

    /// Whether input is already buffered, so that the next line can be
    /// read without waiting (a terminal or a pipe may have sent nothing
    /// more yet).
    pub fn has_buffered_input(&self) -> bool {
        !self.reader.buffer().is_empty()
    }

    /// A flag that tells, after each line read, whether the next read may
    /// wait for input: for a loop that cannot reach the reader (an
    /// iterator of cases holds it) and must write its answers out before
    /// the input side blocks.
    pub fn watch_drained(&mut self) -> Rc<Cell<bool>> {
        let drained = Rc::new(Cell::new(true));
        self.drained = Some(Rc::clone(&drained));
        drained
    }

    /// The next line, numbered, without its line break; `None` at the end.
    /// A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files).
    pub fn next_line(&mut self) -> Result<Option<(u64, &str)>> {
        self.buf.clear();
        let read = self.read_line_bytes()?;
        if let Some(drained) = &self.drained {
            drained.set(self.reader.buffer().is_empty());
        }
        if !read {
            return Ok(None);
        }
        self.number += 1;
        if self.number == 1
            && (self.buf.starts_with(b"\xff\xfe") || self.buf.starts_with(b"\xfe\xff"))
        {
            bail!(
                "line 1: the input is UTF-16 (it starts with a UTF-16 byte-order mark); convert it to UTF-8, as `iconv -f UTF-16 -t UTF-8` does"
            );
        }
        // A byte-order mark opens some files written on Windows; it is not
        // part of the first line.
        if self.number == 1 && self.buf.starts_with(BYTE_ORDER_MARK) {
            self.buf.drain(..BYTE_ORDER_MARK.len());
        }
        if let Some(at) = self.buf.iter().position(|&byte| byte == 0) {
            bail!(
                "line {}: a NUL byte at byte {}: if the input is UTF-16, convert it to UTF-8, as `iconv -f UTF-16 -t UTF-8` does",
                self.number,
                at + 1
            );
        }
        match std::str::from_utf8(&self.buf) {
            Ok(line) => Ok(Some((self.number, line))),
            Err(error) => bail!(
                "line {}: invalid UTF-8 at byte {}",
                self.number,
                error.valid_up_to() + 1
            ),
        }
    }

    /// Reads the next line's bytes into `buf`, without its line break:
    /// `false` at the end of the input. The `\n` of a `\r\n` is skipped
    /// on the next call, so that a line ended by `\r` is answered before
    /// the reader looks further (a program may send `\r` and wait).
    fn read_line_bytes(&mut self) -> Result<bool> {
        let mut read = false;
        loop {
            let available = self.reader.fill_buf().context("cannot read input")?;
            if available.is_empty() {
                return Ok(read);
            }
            if self.after_carriage_return {
                self.after_carriage_return = false;
                if available[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            read = true;
            let end = available
                .iter()
                .position(|&byte| byte == b'\n' || byte == b'\r');
            let taken = end.unwrap_or(available.len());
            if self.buf.len() + taken > MAX_LINE_BYTES {
                bail!(
                    "line {}: longer than {MAX_LINE_BYTES} bytes",
                    self.number + 1
                );
            }
            self.buf.extend_from_slice(&available[..taken]);
            match end {
                Some(at) => {
                    let carriage_return = available[at] == b'\r';
                    // The `\n` of a `\r\n` already here goes with its line,
                    // so that a program that sends `\r\n` and waits finds
                    // the input drained and is answered at once.
                    let pair = carriage_return && available.get(at + 1) == Some(&b'\n');
                    self.after_carriage_return = carriage_return && !pair;
                    self.reader.consume(at + 1 + usize::from(pair));
                    return Ok(true);
                }
                None => self.reader.consume(taken),
            }
        }
    }
}
