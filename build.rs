//! Generates the sliding-puzzle distance tables and the board catalog into
//! `OUT_DIR`. The generator lives in `src/generate.rs`.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::{env, fs};

#[allow(dead_code)]
#[path = "src/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "src/goal.rs"]
mod goal;
#[allow(dead_code)]
#[path = "src/packing.rs"]
mod packing;
#[allow(dead_code)]
#[path = "src/rank.rs"]
mod rank;

#[path = "src/generate.rs"]
mod generate;

fn main() -> std::io::Result<()> {
    for file in [
        "build.rs",
        "src/generate.rs",
        "src/geometry.rs",
        "src/goal.rs",
        "src/packing.rs",
        "src/rank.rs",
    ] {
        println!("cargo::rerun-if-changed={file}");
    }
    let out_dir = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out_dir = Path::new(&out_dir);
    for class in &goal::GoalClass::ALL {
        fs::write(
            out_dir.join(format!("{}.bin", class.name)),
            generate::packed_table(class),
        )?;
    }
    let mut catalog = BufWriter::new(fs::File::create(out_dir.join("catalog.rs"))?);
    generate::write_catalog(&mut catalog)?;
    catalog.flush()
}
