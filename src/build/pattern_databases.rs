//! Writes the embedded pattern databases of every searched board of the
//! spec list: each distinct database built by the generator
//! (`src/sliding/search/generator.rs`), and the Rust source that embeds
//! them with their layouts and each board's classes.
//!
//! Groups of one board that share their goal cells and the goal's blank
//! region share their database; the distinct ones are generated on
//! threads of their own.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use crate::generator::{DatabaseKey, Layout};
use crate::geometry::Geometry;
use crate::pattern::{MAX_GROUPS, PatternClass, is_wide};
use crate::sliding_tables::shape;
use crate::spec::{Answers, CACHE_FEATURE, Cached, Spec, Tier};

/// The Rust source of `layout`'s static.
fn layout_source(layout: &Layout) -> String {
    let mut source = format!(
        "static {}: [pattern::MapEntry; {}] = [\n",
        layout_ident(layout.board, layout.tiles),
        layout.entries.len()
    );
    for entry in &layout.entries {
        writeln!(source, "    pattern::MapEntry({:#x}),", entry.0).expect("writing to a string");
    }
    source.push_str("];\n");
    source
}

/// The identifier of the layout of `tiles`-tile groups on `board`.
fn layout_ident(board: Geometry, tiles: usize) -> String {
    format!("LAYOUT_{}_{tiles}", shape(board).to_ascii_uppercase())
}

/// The identifier of the static of a searched board's embedded classes.
fn classes_ident(board: Geometry) -> String {
    format!("CLASSES_{}", shape(board).to_ascii_uppercase())
}

/// The identifier of the static of a searched board's cached tier.
fn cached_ident(board: Geometry) -> String {
    format!("CACHED_{}", shape(board).to_ascii_uppercase())
}

/// One searched board as built: its shape, the embedded tier its features
/// chose and the cached tier they keep, at least one of the two, and its
/// bound on moves.
pub struct Searched {
    pub board: Geometry,
    pub tier: Option<Tier>,
    pub cached: Option<Cached>,
    pub max_moves: u8,
}

impl Searched {
    /// The searched board of `spec` with the first embedded tier `enabled`
    /// allows and its cached tier, unless that embedded tier is the same;
    /// `None` for a tabled board or one this build leaves out.
    pub fn of(spec: &Spec, enabled: impl Fn(&str) -> bool) -> Option<Searched> {
        let Answers::Search {
            feature,
            tiers,
            cached,
            max_moves,
        } = spec.answers
        else {
            return None;
        };
        // A board with no embedded tier (5x5) has only its cached one.
        let tier = (enabled(feature) && !tiers.is_empty()).then(|| {
            *tiers
                .iter()
                .find(|tier| tier.feature.is_none_or(&enabled))
                .expect("a searched board's last tier needs no feature")
        });
        // A tier built only on request backs an embedded one.
        let cached = cached.filter(|cached| {
            enabled(CACHE_FEATURE)
                && (cached.on_first_use || tier.is_some())
                && !tier.is_some_and(|tier| {
                    tier.feature.is_some() && tier.feature == cached.embedded_by
                })
        });
        (tier.is_some() || cached.is_some()).then_some(Searched {
            board: spec.geometry,
            tier,
            cached,
            max_moves,
        })
    }

    /// The bytes of the embedded tier's distinct databases.
    pub fn embedded_bytes(&self) -> usize {
        let Some(tier) = self.tier else {
            return 0;
        };
        let mut keys: Vec<DatabaseKey> = Vec::new();
        for class in tier.classes {
            for cells in class.groups {
                let key = DatabaseKey::new(self.board, cells, class.blank);
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
        keys.iter()
            .map(|key| Layout::new(key.board, key.goal_cells.len()).len.div_ceil(8))
            .sum()
    }

    /// The closure-like form `class => expression` of what the board's
    /// `classes_for(class)` returns: its embedded classes, or its cached
    /// tier's once the target's class is open (see the library's
    /// `CachedTier::classes_or`).
    pub fn classes_expr(&self) -> String {
        let embedded = self
            .tier
            .map(|_| format!("&registry::{}", classes_ident(self.board)));
        match (self.cached, embedded) {
            (Some(_), embedded) => format!(
                "class => registry::{}.classes_or(class, {})",
                cached_ident(self.board),
                embedded.map_or("None".to_string(), |e| format!("Some({e})"))
            ),
            (None, Some(embedded)) => format!("_class => {embedded}"),
            (None, None) => unreachable!("a searched board has a tier"),
        }
    }

    /// The expression of the board's `class_is_ready(class)`: a class of a
    /// board with only a cached tier is ready once open; one with an
    /// embedded tier always answers.
    pub fn ready_expr(&self) -> String {
        match (self.cached, self.tier) {
            (Some(_), None) => format!(
                "class => registry::{}.is_class_open(class)",
                cached_ident(self.board)
            ),
            _ => "_class => true".to_string(),
        }
    }
}

/// Builds every distinct database of every class of every board of
/// `boards` into `out_dir`, and writes `pattern_databases.rs` there: the
/// layouts, the databases' statics and, per board, the static of its
/// classes (`CLASSES_4X4`).
pub fn write_databases(out_dir: &Path, boards: &[Searched]) -> io::Result<()> {
    // Which database each group of each class reads.
    let mut keys: Vec<DatabaseKey> = Vec::new();
    let mut uses: Vec<Vec<[usize; MAX_GROUPS]>> = Vec::new();
    let embedded: Vec<(&Searched, Tier)> = boards
        .iter()
        .filter_map(|searched| searched.tier.map(|tier| (searched, tier)))
        .collect();
    for (searched, tier) in &embedded {
        let board = searched.board;
        let mut board_uses = Vec::new();
        for class in tier.classes {
            if let Some(other) = class.borrows {
                assert!(
                    other != class.blank && tier.classes.iter().any(|c| c.blank == other),
                    "the class of blank cell {} borrows from another class of its board",
                    class.blank
                );
            }
            let mut class_uses = [0; MAX_GROUPS];
            for (slot, cells) in class_uses.iter_mut().zip(class.groups) {
                let key = DatabaseKey::new(board, cells, class.blank);
                *slot = match keys.iter().position(|k| *k == key) {
                    Some(index) => index,
                    None => {
                        keys.push(key);
                        keys.len() - 1
                    }
                };
            }
            board_uses.push(class_uses);
        }
        uses.push(board_uses);
    }

    let mut sizes: Vec<(Geometry, usize)> = keys
        .iter()
        .map(|key| (key.board, key.goal_cells.len()))
        .collect();
    sizes.sort_unstable_by_key(|&(board, tiles)| (board.rows(), board.cols(), tiles));
    sizes.dedup();
    let layouts: Vec<Layout> = sizes
        .iter()
        .map(|&(board, tiles)| Layout::new(board, tiles))
        .collect();
    let layout_of = |board: Geometry, tiles: usize| {
        layouts
            .iter()
            .find(|layout| layout.board == board && layout.tiles == tiles)
            .expect("a layout for every group size")
    };

    let written: Vec<io::Result<()>> = std::thread::scope(|scope| {
        let workers: Vec<_> = keys
            .iter()
            .enumerate()
            .map(|(number, key)| {
                let layout = layout_of(key.board, key.goal_cells.len());
                scope.spawn(move || {
                    let stored = key.generate(layout, 1, &mut |_| {});
                    fs::write(out_dir.join(format!("pattern_{number}.bin")), stored)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().expect("a database generator panicked"))
            .collect()
    });
    written.into_iter().collect::<io::Result<()>>()?;

    let mut source =
        String::from("// Generated by build.rs (src/build/pattern_databases.rs); do not edit.\n\n");
    for layout in &layouts {
        source.push_str(&layout_source(layout));
    }
    for number in 0..keys.len() {
        writeln!(
            source,
            "static DATABASE_{number}: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/pattern_{number}.bin\"));"
        )
        .expect("writing to a string");
    }
    for ((searched, tier), board_uses) in embedded.iter().zip(&uses) {
        let board = searched.board;
        writeln!(
            source,
            "\n/// The {} board's classes, each with the databases of its groups.\n\
             pub(crate) static {}: [ClassDatabases; {}] = [",
            shape(board),
            classes_ident(board),
            board_uses.len()
        )
        .expect("writing to a string");
        for (class, class_uses) in tier.classes.iter().zip(board_uses) {
            let tables: Vec<String> = class
                .groups
                .iter()
                .zip(class_uses)
                .map(|(cells, &number)| {
                    format!("(&{}, DATABASE_{number})", layout_ident(board, cells.len()))
                })
                .collect();
            writeln!(
                source,
                "    ClassDatabases::new(Geometry::of({}, {}), {}, {}, [{}]),",
                board.rows(),
                board.cols(),
                searched.max_moves,
                class_source(class),
                tables.join(", ")
            )
            .expect("writing to a string");
        }
        source.push_str("];\n");
    }
    for searched in boards {
        let Some(cached) = searched.cached else {
            continue;
        };
        let board = searched.board;
        // A wide board's search reads at most two views (see `Search` in
        // `ida.rs`): its class's own databases and their mirror.
        assert!(
            !is_wide(board.cells()) || cached.classes.iter().all(|c| c.borrows.is_none()),
            "a class of the {} board borrows another's databases, which a wide board's cannot",
            shape(board)
        );
        let classes: Vec<String> = cached.classes.iter().map(class_source).collect();
        writeln!(
            source,
            "\n/// The {} board's tier in the cache.\n\
             pub(crate) static {}: CachedTier = CachedTier::new(Geometry::of({}, {}), {}, &[{}], {}, {});",
            shape(board),
            cached_ident(board),
            board.rows(),
            board.cols(),
            searched.max_moves,
            classes.join(", "),
            cached.on_first_use,
            searched.tier.is_some(),
        )
        .expect("writing to a string");
    }
    let cached: Vec<String> = boards
        .iter()
        .filter(|searched| searched.cached.is_some())
        .map(|searched| format!("&{}", cached_ident(searched.board)))
        .collect();
    if !cached.is_empty() {
        writeln!(
            source,
            "\n/// Every tier this build keeps in the cache.\n\
             pub(crate) static CACHED_TIERS: [&CachedTier; {}] = [{}];",
            cached.len(),
            cached.join(", ")
        )
        .expect("writing to a string");
    }
    fs::write(out_dir.join("pattern_databases.rs"), source)
}

/// The Rust source of `class`.
fn class_source(class: &PatternClass) -> String {
    format!(
        "pattern::PatternClass {{ blank: {}, groups: [{}], borrows: {:?} }}",
        class.blank,
        class
            .groups
            .iter()
            .map(|cells| format!("&{cells:?}"))
            .collect::<Vec<_>>()
            .join(", "),
        class.borrows
    )
}
