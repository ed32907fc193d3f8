//! Generates into `OUT_DIR`, from the board specs in `src/build/spec.rs`:
//! the distance tables of every tabled board, the board types' impls and
//! catalog, and the pattern databases of every searched board whose
//! feature is on. The generators live in `src/build/`;
//! `PUZZLE_ORACLE_BUILD_CACHE` lets repeated builds share their outputs
//! (see `src/build/output_cache.rs`).

use std::env;
use std::path::Path;

// The library's files the generators share, as siblings: they name each
// other `super::geometry`, `super::limits`, ... here and in the library.
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/search/generator.rs"]
mod generator;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/board/geometry.rs"]
mod geometry;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/tables/goal.rs"]
mod goal;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/board/limits.rs"]
mod limits;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/tables/packing.rs"]
mod packing;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/search/pattern.rs"]
mod pattern;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/tables/rank.rs"]
mod rank;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/board/storage.rs"]
mod storage;
#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/sliding/board/symmetry.rs"]
mod symmetry;

#[allow(dead_code, reason = "the generators use part of what the library does")]
#[path = "src/build/spec.rs"]
mod spec;

#[path = "src/build/boards.rs"]
mod boards;
#[path = "src/build/move_automaton.rs"]
mod move_automaton;
#[path = "src/build/output_cache.rs"]
mod output_cache;
#[path = "src/build/pattern_databases.rs"]
mod pattern_databases;
#[path = "src/build/sliding_tables.rs"]
mod sliding_tables;

/// Every file the outputs are generated from: what cargo watches, and what
/// the output cache's key hashes.
const GENERATOR_SOURCES: [&str; 16] = [
    "build.rs",
    "src/build/boards.rs",
    "src/build/move_automaton.rs",
    "src/build/output_cache.rs",
    "src/build/pattern_databases.rs",
    "src/build/sliding_tables.rs",
    "src/build/spec.rs",
    "src/sliding/board/geometry.rs",
    "src/sliding/board/limits.rs",
    "src/sliding/board/storage.rs",
    "src/sliding/board/symmetry.rs",
    "src/sliding/search/generator.rs",
    "src/sliding/search/pattern.rs",
    "src/sliding/tables/goal.rs",
    "src/sliding/tables/packing.rs",
    "src/sliding/tables/rank.rs",
];

fn main() -> std::io::Result<()> {
    for file in GENERATOR_SOURCES {
        println!("cargo::rerun-if-changed={file}");
    }
    println!("cargo::rerun-if-env-changed={}", output_cache::VARIABLE);
    let manifest_dir =
        env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let out_dir = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out_dir = Path::new(&out_dir);

    // A board behind a feature is built only when the feature is on. The
    // features asked about, and their answers, are all the outputs depend
    // on besides the sources: the output cache's key (`std` or `cli` do
    // not change a byte).
    let asked = std::cell::RefCell::new(std::collections::BTreeMap::new());
    let enabled = |feature: &str| {
        let variable = format!(
            "CARGO_FEATURE_{}",
            feature.to_ascii_uppercase().replace('-', "_")
        );
        let on = env::var_os(variable).is_some();
        asked.borrow_mut().insert(feature.to_owned(), on);
        on
    };
    let (specs, left_out): (Vec<spec::Spec>, Vec<spec::Spec>) = spec::BOARDS
        .into_iter()
        .partition(|spec| spec.is_built(enabled));
    // The multi-tile metric: the tabled boards' tables, and the larger
    // boards' search over abstractions built into the cache.
    let multi_tile = enabled("multi-tile");
    let in_slides = boards::InSlidesBuilt {
        tables: multi_tile,
        search: multi_tile && enabled(spec::CACHE_FEATURE),
    };
    let searched: Vec<pattern_databases::Searched> = specs
        .iter()
        .filter_map(|spec| pattern_databases::Searched::of(spec, enabled))
        .collect();
    // The search and its databases are compiled when some board needs them.
    println!("cargo::rustc-check-cfg=cfg(pattern_search)");
    if !searched.is_empty() {
        println!("cargo::rustc-cfg=pattern_search");
    }

    let features: Vec<String> = asked
        .borrow()
        .iter()
        .map(|(feature, on)| format!("{feature}={on}"))
        .collect();
    output_cache::restore_or_generate(
        Path::new(&manifest_dir),
        out_dir,
        &GENERATOR_SOURCES,
        &features,
        || {
            sliding_tables::write_tables(out_dir, &specs, multi_tile)?;
            boards::write_boards(out_dir, &specs, &left_out, &searched, in_slides)?;
            if !searched.is_empty() {
                if cfg!(debug_assertions) {
                    warn_unoptimised();
                }
                move_automaton::write_automaton(out_dir)?;
            }
            pattern_databases::write_databases(out_dir, &searched)
        },
    )
}

/// Cargo builds a dependency's build script with the dependent's profile,
/// unoptimised by default: the pattern databases then take minutes instead
/// of seconds. Debug assertions are the sign of a plain `dev` profile that
/// the build script can see.
fn warn_unoptimised() {
    println!(
        "cargo::warning=puzzle-oracle's build script runs unoptimised, so generating the pattern databases of the searched boards takes many times longer (about three minutes instead of 16 seconds with the default features); \
         add to your Cargo.toml: [profile.dev.build-override] opt-level = 3, debug-assertions = false (and opt-level = 3 under [profile.release.build-override])"
    );
}
