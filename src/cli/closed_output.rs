//! Noticing at once that standard output's reader has gone (`| head -1`
//! exited), instead of at the next answer written: a search under way for
//! nobody then gives up within 8,192 nodes, not minutes later.
//!
//! A thread waits in `poll(2)` on standard output for the error a pipe's
//! write end reports when its read end is closed, and sets the stop flag
//! that the searches and the writer share. Only pipes are watched, and
//! only on Unix; elsewhere (a terminal, a file, Windows) the next write
//! tells, as before.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Sets `stop` when standard output is a pipe whose reader closes.
pub fn watch(stop: &Arc<AtomicBool>) {
    #[cfg(unix)]
    unix::watch(stop);
    #[cfg(not(unix))]
    let _ = stop;
}

#[cfg(unix)]
mod unix {
    use super::{Arc, AtomicBool, Ordering};
    use rustix::event::{PollFd, PollFlags, poll};
    use rustix::fs::{FileType, fstat};
    use rustix::io::Errno;

    pub fn watch(stop: &Arc<AtomicBool>) {
        let is_pipe = fstat(std::io::stdout())
            .is_ok_and(|stat| FileType::from_raw_mode(stat.st_mode) == FileType::Fifo);
        if !is_pipe {
            return;
        }
        let stop = Arc::clone(stop);
        // Detached: it ends with the process, or when the pipe closes.
        let spawned = std::thread::Builder::new()
            .name("closed-output".into())
            .spawn(move || {
                if reader_closed() {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        // Without the thread, the next write still tells.
        drop(spawned);
    }

    /// Waits until standard output's reader closes (`true`), or poll
    /// cannot tell (`false`). With no events asked for, poll returns only
    /// for the error and hang-up conditions, so this never spins.
    fn reader_closed() -> bool {
        let stdout = std::io::stdout();
        loop {
            let mut fds = [PollFd::new(&stdout, PollFlags::empty())];
            match poll(&mut fds, None) {
                Ok(_) => {
                    let revents = fds[0].revents();
                    if revents.intersects(PollFlags::ERR | PollFlags::HUP) {
                        return true;
                    }
                    if revents.contains(PollFlags::NVAL) {
                        return false;
                    }
                }
                Err(Errno::INTR) => {}
                Err(_) => return false,
            }
        }
    }
}
