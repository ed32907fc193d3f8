//! A progress line on standard error, for runs that take a while: shown
//! only on a terminal, and cleared before an answer that may share it.

use std::fmt;
use std::io::{self, IsTerminal, Write};

/// One line of progress, rewritten in place.
pub struct Progress {
    enabled: bool,
    shown: bool,
}

impl Progress {
    /// A progress line, shown when standard error is a terminal.
    pub fn new() -> Self {
        Progress {
            enabled: io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// Replaces the line with `text`, below the answers written to `out`
    /// so far (flushed first, so that they come before it on the
    /// terminal). Nothing is flushed when the line is off.
    pub fn show_below(&mut self, out: &mut impl Write, text: impl fmt::Display) {
        if self.enabled {
            let _ = out.flush();
            self.show(text);
        }
    }

    /// Replaces the line with `text`.
    pub fn show(&mut self, text: impl fmt::Display) {
        if self.enabled {
            let _ = write!(io::stderr(), "\r\x1b[K{text}");
            self.shown = true;
        }
    }

    /// Takes the line off the terminal.
    pub fn clear(&mut self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r\x1b[K");
            self.shown = false;
        }
    }
}
