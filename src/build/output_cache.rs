//! An opt-in cache of the build script's outputs, for machines that build
//! the crate many times over from the same sources: CI's clippy, doc, test
//! and rust-version steps each run the build script afresh, under a
//! fingerprint of their own, and each would generate the same databases.
//!
//! [`VARIABLE`] names a directory (a relative one is taken from the
//! crate's root, where Cargo runs build scripts). A run files its outputs
//! there under a key that hashes the generator's sources and the features
//! the generator asked about, with their answers; a later run with the same key copies them into `OUT_DIR`
//! instead of generating them. The outputs depend on nothing else (no
//! target, no profile, no compiler), so the key is all there is to match.
//! Unset, the build script always generates. A cache that cannot be read
//! or written costs a warning, never the build.

use std::fs;
use std::io;
use std::path::Path;
use std::process;

/// The environment variable that names the cache directory.
pub const VARIABLE: &str = "PUZZLE_ORACLE_BUILD_CACHE";

/// Fills `out_dir` from the cache entry of `sources` and `features` when
/// there is one, and otherwise runs `generate` and files what it wrote.
/// `sources` are paths relative to `manifest_dir`.
pub fn restore_or_generate(
    manifest_dir: &Path,
    out_dir: &Path,
    sources: &[&str],
    features: &[String],
    generate: impl FnOnce() -> io::Result<()>,
) -> io::Result<()> {
    let Some(cache_dir) = std::env::var_os(VARIABLE).filter(|dir| !dir.is_empty()) else {
        return generate();
    };
    let cache_dir = Path::new(&cache_dir);
    let key = match key(manifest_dir, sources, features) {
        Ok(key) => key,
        Err(error) => {
            warn(
                "cannot read the generator's sources",
                &error,
                "; generating the outputs",
            );
            return generate();
        }
    };
    let entry = cache_dir.join(&key);
    if entry.is_dir() {
        match copy_files(&entry, out_dir) {
            Ok(()) => return Ok(()),
            Err(error) => warn("cannot restore the outputs", &error, "; generating them"),
        }
    }
    generate()?;
    if let Err(error) = file_outputs(out_dir, cache_dir, &key) {
        warn("cannot file the outputs", &error, "");
    }
    Ok(())
}

/// FNV-1a over every source (its path, length and bytes) and every
/// feature asked about (`name=true`), as 16 hex digits. A collision would need two source trees
/// built into one cache; 64 bits make that a non-event.
fn key(manifest_dir: &Path, sources: &[&str], features: &[String]) -> io::Result<String> {
    let mut hash = Fnv::default();
    hash.write(b"puzzle-oracle build outputs, layout 2");
    for source in sources {
        let bytes = fs::read(manifest_dir.join(source))?;
        hash.write(source.as_bytes());
        hash.write(&(bytes.len() as u64).to_le_bytes());
        hash.write(&bytes);
    }
    for feature in features {
        hash.write(feature.as_bytes());
        hash.write(&[0]);
    }
    Ok(format!("{:016x}", hash.0))
}

struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Copies `out_dir` into a private directory of the cache, then renames it
/// to its key: a reader sees a whole entry or none, and of two builds that
/// file the same key at once, one keeps its copy.
fn file_outputs(out_dir: &Path, cache_dir: &Path, key: &str) -> io::Result<()> {
    fs::create_dir_all(cache_dir)?;
    let partial = cache_dir.join(format!("{key}.partial-{}", process::id()));
    if partial.exists() {
        fs::remove_dir_all(&partial)?;
    }
    fs::create_dir(&partial)?;
    copy_files(out_dir, &partial)?;
    if fs::rename(&partial, cache_dir.join(key)).is_err() {
        // Another build filed the entry first.
        fs::remove_dir_all(&partial)?;
    }
    Ok(())
}

fn copy_files(from: &Path, to: &Path) -> io::Result<()> {
    for file in fs::read_dir(from)? {
        let file = file?;
        if file.file_type()?.is_file() {
            fs::copy(file.path(), to.join(file.file_name()))?;
        }
    }
    Ok(())
}

fn warn(what: &str, error: &io::Error, then: &str) {
    println!("cargo::warning=the build cache in {VARIABLE}: {what} ({error}){then}");
}
