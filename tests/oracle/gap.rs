//! Gap answers against the reference BFS, solutions replayed, parsing.

use proptest::prelude::*;
use puzzle_oracle::gap::{Layout, LayoutError, Solver};

use crate::gap_reference::{deal, goal, min_moves, read_layouts, replay};

const RANDOM: &str = include_str!("../data/gap-random.txt");
const HARD: &str = include_str!("../data/gap-hard.txt");

/// Checks `min_moves` and `solve` on `layouts` against the reference.
fn check(layouts: &[[[u8; 7]; 4]]) -> (usize, usize) {
    let mut solver = Solver::new();
    let mut solvable = 0;
    for rows in layouts {
        let layout = Layout::new(*rows).unwrap();
        let expected = min_moves(deal(rows));
        assert_eq!(solver.min_moves(&layout), expected, "{rows:?}");
        let solution = solver.solve(&layout);
        assert_eq!(
            solution.as_ref().map(|s| s.len() as u32),
            expected,
            "{rows:?}"
        );
        if let Some(cards) = solution {
            let codes: Vec<u8> = cards.iter().map(|c| c.code()).collect();
            assert_eq!(
                replay(deal(rows), &codes),
                Some(goal()),
                "{rows:?}: {codes:?}"
            );
            solvable += 1;
        }
    }
    (layouts.len(), solvable)
}

#[test]
fn seed_sample() {
    let sample = "4\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n\
        26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n\n\
        17 12 16 13 15 14 11\n27 22 26 23 25 24 21\n37 32 36 33 35 34 31\n47 42 46 43 45 44 41\n\n\
        27 14 22 35 32 46 33\n13 17 36 24 44 21 15\n43 16 45 47 23 11 26\n25 37 41 34 42 12 31\n";
    let answers: Vec<Option<u32>> = read_layouts(sample)
        .iter()
        .map(|rows| Layout::new(*rows).unwrap().min_moves())
        .collect();
    assert_eq!(answers, [Some(0), Some(33), Some(60), None]);
    check(&read_layouts(sample));
}

#[test]
fn random_layouts_match_reference() {
    let layouts = read_layouts(RANDOM);
    let (checked, solvable) = check(&layouts[..400]);
    assert_eq!(checked, 400);
    // About a quarter of shuffles are solvable; both kinds are exercised.
    assert!(solvable > 50 && solvable < 200, "{solvable}");
}

#[test]
fn hard_layouts_match_reference() {
    let layouts = read_layouts(HARD);
    let (checked, solvable) = check(&layouts);
    assert_eq!(checked, 24);
    // Groups of 8: long answers, hardest for a plain BFS, unsolvable.
    assert_eq!(solvable, 16);
}

#[test]
fn one_solver_reused_in_another_order_still_matches_the_reference() {
    // The hard set backwards, one solver for all: what a search leaves
    // behind must not change the next answer.
    let layouts = read_layouts(HARD);
    let mut shared = Solver::new();
    for rows in layouts.iter().rev() {
        let layout = Layout::new(*rows).unwrap();
        assert_eq!(shared.min_moves(&layout), min_moves(deal(rows)), "{rows:?}");
    }
}

#[test]
fn layout_errors() {
    let good =
        "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11";
    assert!(Layout::parse(good).is_ok());
    let cases = [
        (
            good.replace("21\n", "18\n"),
            LayoutError::UnknownCard {
                row: 1,
                column: 7,
                code: 18,
            },
        ),
        (
            good.replace("12 ", "51 "),
            LayoutError::UnknownCard {
                row: 1,
                column: 1,
                code: 51,
            },
        ),
        (
            good.replace("12 ", "10 "),
            LayoutError::UnknownCard {
                row: 1,
                column: 1,
                code: 10,
            },
        ),
        (
            good.replace("12 ", "x "),
            LayoutError::NotACard { row: 1, column: 1 },
        ),
        (
            good.replace(" 11", ""),
            LayoutError::RowLength { row: 4, found: 6 },
        ),
        (
            good.replace("12 ", "13 "),
            LayoutError::Repeated {
                card: card(13),
                row: 1,
                column: 2,
                missing: card(12),
            },
        ),
        (
            good.replace("\n42 43 44 45 46 47 11", ""),
            LayoutError::RowCount { found: 3 },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(Layout::parse(&text), Err(error), "{text}");
    }
}

fn card(code: u8) -> puzzle_oracle::gap::Card {
    puzzle_oracle::gap::Card::from_code(code).unwrap()
}

proptest! {
    #[test]
    fn what_parses_prints_back(text in "\\PC*") {
        if let Ok(layout) = Layout::parse(&text) {
            prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        }
    }

    #[test]
    fn cardish_text_parses_back_or_is_refused(text in "[0-9 \\n]{0,120}") {
        if let Ok(layout) = Layout::parse(&text) {
            prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        }
    }

    #[test]
    fn shuffled_layouts_parse_back(cards in Just((1..=4u8).flat_map(|s| (1..=7u8).map(move |v| s * 10 + v)).collect::<Vec<u8>>()).prop_shuffle()) {
        let text: String = cards
            .chunks(7)
            .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join("\t"))
            .collect::<Vec<_>>()
            .join("\r\n");
        let layout = Layout::parse(&text).unwrap();
        let flat: Vec<u8> = layout.rows().iter().flatten().map(|c| c.code()).collect();
        prop_assert_eq!(flat, cards);
        prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
    }
}
