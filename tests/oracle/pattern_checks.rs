//! The check every pattern database passes, 4x4's and the other searched
//! boards': its values against the independent reference.

use puzzle_oracle::PatternDatabase;

use crate::pattern_reference::group_distances;
use crate::reference::Rng;

/// Checks one database against the reference: exactly on every abstract
/// state within `max_moves` (a placement and the blank's cell), and as
/// "farther" on `samples` random states beyond. Returns how many states
/// the reference settled.
pub fn check_database(
    database: PatternDatabase,
    max_moves: u8,
    samples: usize,
    seed: u64,
) -> usize {
    let geometry = database.geometry();
    let cells_count = geometry.cells();
    let tiles = database.tiles();
    let reference = group_distances(database.goal(), geometry.cols(), tiles, max_moves);
    for (cells, blank, moves) in reference.iter() {
        assert_eq!(
            database.moves(&cells, blank),
            Some(moves),
            "{geometry:?}, tiles {tiles:?}, cells {cells:?}, blank {blank}"
        );
    }
    let mut rng = Rng(seed);
    let all_cells: Vec<u8> = (0..cells_count as u8).collect();
    for _ in 0..samples {
        let shuffled = rng.shuffled(&all_cells);
        let (cells, blank) = (shuffled[..tiles.len()].to_vec(), shuffled[cells_count - 1]);
        let moves = database.moves(&cells, blank).unwrap();
        match reference.get(&cells, blank) {
            Some(expected) => assert_eq!(moves, expected),
            None => assert!(
                moves > max_moves,
                "{geometry:?}, tiles {tiles:?}, cells {cells:?}, blank {blank}: {moves}"
            ),
        }
    }
    reference.len()
}
