//! The `puzzle-oracle` command: exact fewest-move answers on the command
//! line. See `puzzle-oracle --help`.

mod cli;

use std::io::{self, Write};
#[cfg(target_os = "linux")]
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    if stdout_is_closed() {
        let _ = writeln!(io::stderr(), "puzzle-oracle: standard output is closed");
        return ExitCode::from(2);
    }
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`puzzle-oracle seven | head`) is the reader's choice,
        // not an error.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "puzzle-oracle: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the process was started with no standard output (`>&-`). The
/// standard library then opens `/dev/null` read-write in its place, and the
/// answers would vanish without an error. A shell's `> /dev/null` opens it
/// write-only, which tells the two apart.
#[cfg(target_os = "linux")]
fn stdout_is_closed() -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    let is_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|path| path == Path::new("/dev/null"));
    let flags = std::fs::read_to_string("/proc/self/fdinfo/1")
        .ok()
        .and_then(|info| {
            let line = info.lines().find(|line| line.starts_with("flags:"))?;
            u32::from_str_radix(line["flags:".len()..].trim(), 8).ok()
        });
    is_null && flags.is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_closed() -> bool {
    false
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
