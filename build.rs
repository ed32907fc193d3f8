//! Generates into `OUT_DIR` the sliding-puzzle distance tables, the board
//! catalog and, with the `fifteen` feature, the 4x4 pattern databases.
//! The generators live in `src/build/`.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::{env, fs};

#[allow(dead_code)]
#[path = "src/sliding/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "src/sliding/goal.rs"]
mod goal;
#[allow(dead_code)]
#[path = "src/sliding/packing.rs"]
mod packing;
#[allow(dead_code)]
#[path = "src/fifteen/pattern.rs"]
mod pattern;
#[allow(dead_code)]
#[path = "src/sliding/rank.rs"]
mod rank;

#[path = "src/build/pattern_databases.rs"]
mod pattern_databases;
#[path = "src/build/sliding_tables.rs"]
mod sliding_tables;

fn main() -> std::io::Result<()> {
    for file in [
        "build.rs",
        "src/build/pattern_databases.rs",
        "src/build/sliding_tables.rs",
        "src/fifteen/pattern.rs",
        "src/sliding/geometry.rs",
        "src/sliding/goal.rs",
        "src/sliding/packing.rs",
        "src/sliding/rank.rs",
    ] {
        println!("cargo::rerun-if-changed={file}");
    }
    let out_dir = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out_dir = Path::new(&out_dir);
    for class in &goal::GoalClass::ALL {
        fs::write(
            out_dir.join(format!("{}.bin", class.name)),
            sliding_tables::packed_table(class),
        )?;
    }
    let mut catalog = BufWriter::new(fs::File::create(out_dir.join("catalog.rs"))?);
    sliding_tables::write_catalog(&mut catalog)?;
    catalog.flush()?;

    // Only crates that ask for the 4x4 board pay for its databases.
    if env::var_os("CARGO_FEATURE_FIFTEEN").is_some() {
        for class in &pattern::CLASSES {
            let goal = class.goal();
            for (number, cells) in class.groups.iter().enumerate() {
                let tiles: Vec<u8> = cells.iter().map(|&cell| goal[usize::from(cell)]).collect();
                fs::write(
                    out_dir.join(format!("{}_{number}.bin", class.name)),
                    pattern_databases::packed_pattern_database(&goal, &tiles),
                )?;
            }
        }
    }
    Ok(())
}
