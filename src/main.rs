//! The `puzzle-oracle` command: exact fewest-move answers on the command
//! line. See `puzzle-oracle --help`.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`puzzle-oracle seven | head`) is the reader's choice,
        // not an error.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        // Every answer is out; some say `Stopped`.
        Err(error) if error.is::<cli::SearchesStopped>() => {
            let _ = writeln!(io::stderr(), "puzzle-oracle: {error}");
            ExitCode::from(1)
        }
        Err(error) => {
            let _ = writeln!(io::stderr(), "puzzle-oracle: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
