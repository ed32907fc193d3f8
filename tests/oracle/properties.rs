//! Property tests: returned move sequences are legal, have the returned
//! length and reach the target; parsing never panics.
use proptest::prelude::*;
use puzzle_oracle::{Board, Direction, EightBoard, Oracle, Puzzle, SevenBoard, Tabled};

use crate::reference::replay;

fn board<const N: usize, const COLS: usize>() -> impl Strategy<Value = Board<N, COLS>>
where
    Board<N, COLS>: Tabled + Oracle,
{
    Just((0..N as u8).collect::<Vec<u8>>())
        .prop_shuffle()
        .prop_map(|cells| Board::<N, COLS>::new(cells.try_into().unwrap()).unwrap())
}

fn check_solution<const N: usize, const COLS: usize>(
    start: Board<N, COLS>,
    target: Board<N, COLS>,
) -> Result<(), TestCaseError>
where
    Board<N, COLS>: Tabled + Oracle,
{
    let geometry = Board::<N, COLS>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let distance = start.distance_to(&target);
    match start.solution_to(&target) {
        None => prop_assert_eq!(distance, None),
        Some(solution) => {
            let claimed = solution.len();
            let moves: String = solution.map(Direction::letter).collect();
            prop_assert_eq!(moves.len(), claimed);
            prop_assert_eq!(Some(claimed), distance.map(usize::from));
            let end = replay(&start.cells(), rows, cols, &moves);
            let target_cells = target.cells();
            prop_assert_eq!(end.as_deref(), Some(&target_cells[..]));
        }
    }
    Ok(())
}

/// Whatever parses prints back to the same board (and a refusal is an
/// error, not a panic).
fn round_trip(text: &str) -> Result<(), TestCaseError> {
    if let Ok(board) = text.parse::<SevenBoard>() {
        prop_assert_eq!(board.to_string().parse::<SevenBoard>(), Ok(board));
    }
    if let Ok(board) = text.parse::<EightBoard>() {
        prop_assert_eq!(board.to_string().parse::<EightBoard>(), Ok(board));
    }
    Ok(())
}

proptest! {
    #[test]
    fn seven_solutions_reach_the_target(start in board::<8, 4>(), target in board::<8, 4>()) {
        check_solution(start, target)?;
    }

    #[test]
    fn eight_solutions_reach_the_target(start in board::<9, 3>(), target in board::<9, 3>()) {
        check_solution(start, target)?;
    }

    #[test]
    fn solutions_to_the_goal_reach_it(start in board::<9, 3>()) {
        let to_goal = start.solution().map(|s| s.len());
        prop_assert_eq!(to_goal, start.distance_to_goal().map(usize::from));
        check_solution(start, EightBoard::goal())?;
    }

    #[test]
    fn what_parses_prints_back(text in "\\PC*") {
        round_trip(&text)?;
    }

    #[test]
    fn numberish_text_parses_back_or_is_refused(text in "[-+0-9 \\t\\r\\n]{0,40}") {
        round_trip(&text)?;
    }

    #[test]
    fn shuffled_tiles_in_any_spacing_parse(board in board::<9, 3>(), spaces in prop::collection::vec("[ \\t\\r\\n]{1,3}", 9)) {
        let text: String = board
            .cells()
            .iter()
            .zip(&spaces)
            .map(|(tile, space)| format!("{space}{tile:03}"))
            .collect();
        prop_assert_eq!(text.parse::<EightBoard>(), Ok(board));
    }

    #[test]
    fn display_parses_back(board in board::<9, 3>()) {
        prop_assert_eq!(board.to_string().parse::<EightBoard>(), Ok(board));
        prop_assert_eq!(format!("{board:#}").replace('.', "0").parse::<EightBoard>(), Ok(board));
    }
}
