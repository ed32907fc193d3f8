//! Property tests: returned move sequences are legal, have the returned
//! length and reach the target; parsing never panics.

use proptest::prelude::*;
use puzzle_oracle::{Board, EightBoard, Puzzle, SevenBoard, Tabled};

use crate::reference::replay;

fn board<const N: usize>() -> impl Strategy<Value = Board<N>>
where
    Board<N>: Tabled,
{
    Just((0..N as u8).collect::<Vec<u8>>())
        .prop_shuffle()
        .prop_map(|cells| Board::<N>::new(cells.try_into().unwrap()).unwrap())
}

fn check_solution<const N: usize>(start: Board<N>, target: Board<N>) -> Result<(), TestCaseError>
where
    Board<N>: Tabled,
{
    let geometry = Board::<N>::GEOMETRY;
    let (rows, cols) = (usize::from(geometry.rows()), usize::from(geometry.cols()));
    let distance = start.distance_to(&target);
    match start.solution_to(&target) {
        None => prop_assert_eq!(distance, None),
        Some(solution) => {
            let claimed = solution.len();
            let moves: String = solution.map(|m| m.letter()).collect();
            prop_assert_eq!(moves.len(), claimed);
            prop_assert_eq!(Some(claimed), distance.map(usize::from));
            let end = replay(&start.cells(), rows, cols, &moves);
            let target_cells = target.cells();
            prop_assert_eq!(end.as_deref(), Some(&target_cells[..]));
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn seven_solutions_reach_the_target(start in board::<8>(), target in board::<8>()) {
        check_solution(start, target)?;
    }

    #[test]
    fn eight_solutions_reach_the_target(start in board::<9>(), target in board::<9>()) {
        check_solution(start, target)?;
    }

    #[test]
    fn solutions_to_the_goal_reach_it(start in board::<9>()) {
        let to_goal = start.solution().map(|s| s.len());
        prop_assert_eq!(to_goal, start.distance_to_goal().map(usize::from));
        check_solution(start, EightBoard::goal())?;
    }

    #[test]
    fn parsing_never_panics(text in "\\PC*") {
        let _ = text.parse::<SevenBoard>();
        let _ = text.parse::<EightBoard>();
    }

    #[test]
    fn parsing_numberish_text_never_panics(text in "[-+0-9 \\t\\r\\n]{0,40}") {
        let _ = text.parse::<SevenBoard>();
        let _ = text.parse::<EightBoard>();
    }

    #[test]
    fn display_parses_back(board in board::<9>()) {
        prop_assert_eq!(board.to_string().parse::<EightBoard>(), Ok(board));
        prop_assert_eq!(format!("{board:#}").replace('.', "0").parse::<EightBoard>(), Ok(board));
    }
}
