//! The speedsolvers' conventions: tile notation and counts, positions as
//! rows separated by `/`, the goal with the blank last, and grading a
//! solution with `analyse`, against the reference BFS.

use crate::cli::run;
use crate::reference::{Rng, bfs, line, replay, slide};

/// The blank's letter for a tile's letter: the tile slides one way, the
/// blank goes the other.
fn blank_letter(tile: char) -> char {
    match tile {
        'U' => 'D',
        'D' => 'U',
        'L' => 'R',
        'R' => 'L',
        other => other,
    }
}

/// `R3` to `RRR`.
fn expand(compact: &str) -> String {
    let mut moves = String::new();
    let mut chars = compact.chars().peekable();
    while let Some(letter) = chars.next() {
        let mut count = String::new();
        while let Some(digit) = chars.next_if(char::is_ascii_digit) {
            count.push(digit);
        }
        let count: usize = if count.is_empty() {
            1
        } else {
            count.parse().unwrap()
        };
        moves.extend(std::iter::repeat_n(letter, count));
    }
    moves
}

/// `1 2 3/4 5 6`: rows separated by `/`.
fn slashed(cells: &[u8], cols: usize) -> String {
    cells.chunks(cols).map(line).collect::<Vec<_>>().join("/")
}

#[test]
fn tile_notation_and_counts_replay_to_the_target() {
    let mut rng = Rng(15);
    for (shape, rows, cols) in [("2x4", 2, 4), ("4x2", 4, 2), ("3x3", 3, 3)] {
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let reference = bfs(&goal, rows, cols);
        let starts: Vec<&Vec<u8>> = reference.keys().take(200).collect();
        let input: String = starts.iter().map(|s| line(s) + "\n").collect();
        let (blank, _, _) = run(&["solve", shape, "-m"], input.clone());
        let (tile, _, _) = run(&["solve", shape, "-m", "--notation", "tile"], input.clone());
        let (compact, _, _) = run(
            &["solve", shape, "-m", "--notation", "tile", "--compact"],
            input,
        );
        for (((start, b), t), c) in starts
            .iter()
            .zip(blank.lines())
            .zip(tile.lines())
            .zip(compact.lines())
        {
            let moves = |answer: &str| answer.split(' ').nth(1).unwrap_or_default().to_string();
            let tile_moves = moves(t);
            let as_blank: String = tile_moves.chars().map(blank_letter).collect();
            assert_eq!(as_blank, moves(b), "{shape} {start:?}");
            assert_eq!(replay(start, rows, cols, &as_blank), Some(goal.clone()));
            assert_eq!(expand(&moves(c)), tile_moves, "{shape} {start:?}");
            assert_eq!(tile_moves.len(), usize::from(reference[*start]));
        }
        let _ = rng.below(2);
    }
    // A known answer: 2x4, the blank one right of the goal's. It moves
    // left, so the tile 1 slides right.
    let (out, _, _) = run(
        &["seven", "-m", "--notation", "tile", "-b", "1 0 2 3 4 5 6 7"],
        "",
    );
    assert_eq!(out, "1 R\n");
    let (out, _, _) = run(
        &[
            "seven",
            "--hints",
            "--notation",
            "tile",
            "-b",
            "7 6 5 4 3 2 1 0",
        ],
        "",
    );
    assert_eq!(out, "28 DR\n");
}

#[test]
fn rows_separated_by_slashes_read_as_their_numbers() {
    let mut rng = Rng(16);
    for (shape, rows, cols) in [("2x3", 2, 3), ("3x2", 3, 2), ("3x3", 3, 3), ("4x4", 4, 4)] {
        let tiles: Vec<u8> = (0..(rows * cols) as u8).collect();
        let mut plain = String::new();
        let mut slash = String::new();
        for _ in 0..5 {
            let (start, target) = (rng.shuffled(&tiles), rng.shuffled(&tiles));
            plain.push_str(&format!("{} {}\n", line(&start), line(&target)));
            slash.push_str(&format!(
                "{}/{}\n",
                slashed(&start, cols),
                slashed(&target, cols)
            ));
        }
        if shape == "4x4" {
            // Keep the searches short: starts one move from their targets.
            plain.clear();
            slash.clear();
            for _ in 0..5 {
                let target = rng.shuffled(&tiles);
                let start = ['U', 'D', 'L', 'R']
                    .into_iter()
                    .find_map(|letter| slide(&target, rows, cols, letter))
                    .unwrap();
                plain.push_str(&format!("{} {}\n", line(&start), line(&target)));
                slash.push_str(&format!(
                    "{}/{}\n",
                    slashed(&start, cols),
                    slashed(&target, cols)
                ));
            }
        }
        let (expected, _, _) = run(&["solve", shape, "-m"], plain);
        let (out, err, code) = run(&["solve", shape, "-m"], slash);
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (expected.as_str(), "", 0),
            "{shape}"
        );
    }
    let (_, err, code) = run(&["solve", "3x3", "-b", "1 2 3/0 8 4 7/6 5"], "");
    assert_eq!(
        (err.as_str(), code),
        (
            "puzzle-oracle: --board: row 2 has 4 numbers: the board is 3 wide\n",
            2
        )
    );
    let (_, err, _) = run(&["fifteen"], "5 3 8 9/0 2 4 1/7 10 14 13/12 11 6\n");
    assert_eq!(
        err,
        "puzzle-oracle: line 1: row 4 has 3 numbers: the board is 4 wide\n"
    );
}

#[test]
fn the_goal_by_name() {
    let (named, _, _) = run(&["eight", "-t", "last", "-m"], "8 1 2 0 4 3 7 6 5\n");
    let (spelled, _, _) = run(
        &["eight", "-t", "1 2 3 4 5 6 7 8 0", "-m"],
        "8 1 2 0 4 3 7 6 5\n",
    );
    assert_eq!(named, spelled);
    let (first, _, _) = run(&["seven", "-t", "first"], "1 0 2 3 4 5 6 7\n");
    assert_eq!(first, "1\n");
    // slidysim's scramble format, solved to the blank-last goal.
    let (out, _, _) = run(
        &[
            "fifteen",
            "-t",
            "last",
            "-b",
            "5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15",
        ],
        "",
    );
    assert_eq!(out, "53\n");
}

/// The optimal distance of every board of a 3x3 solution, from the
/// reference BFS, against `analyse --json`.
#[test]
fn analyse_grades_every_move_as_the_reference() {
    let goal: Vec<u8> = (0..9).collect();
    let reference = bfs(&goal, 3, 3);
    let mut rng = Rng(17);
    let boards: Vec<&Vec<u8>> = reference.keys().collect();
    let mut input = String::new();
    let mut expected = Vec::new();
    for _ in 0..30 {
        let start = boards[rng.below(boards.len())];
        let (out, _, _) = run(&["eight", "-t", "first", "-m", "-b", &line(start)], "");
        let optimal = out
            .trim_end()
            .split(' ')
            .nth(1)
            .unwrap_or_default()
            .to_string();
        // A detour: one move and back, at the start.
        let detour = ['U', 'D', 'L', 'R']
            .into_iter()
            .find(|&letter| slide(start, 3, 3, letter).is_some())
            .unwrap();
        let moves = format!("{detour}{}{optimal}", blank_letter(detour));
        input.push_str(&format!("{}: {moves}\n", slashed(start, 3)));
        expected.push((start.clone(), moves));
    }
    let (out, err, code) = run(&["analyse", "3x3", "--json"], input.clone());
    assert_eq!((err.as_str(), code), ("", 0));
    for (answer, (start, moves)) in out.lines().zip(&expected) {
        let value: serde_json::Value = serde_json::from_str(answer).unwrap();
        let optimal = u64::from(reference[start]);
        assert_eq!(value["optimal"], optimal);
        assert_eq!(value["length"], moves.len());
        assert_eq!(value["diff"], moves.len() as u64 - optimal);
        let mut board = start.clone();
        for (graded, letter) in value["moves"].as_array().unwrap().iter().zip(moves.chars()) {
            let before = reference[&board];
            board = slide(&board, 3, 3, letter).unwrap();
            let after = reference[&board];
            assert_eq!(graded["letter"], letter.to_string());
            assert_eq!(
                (graded["before"].as_u64(), graded["after"].as_u64()),
                (Some(u64::from(before)), Some(u64::from(after)))
            );
            assert_eq!(graded["mistake"], after >= before);
        }
    }
    let (out, _, _) = run(&["analyse", "3x3", "--summary"], input);
    assert!(out.ends_with("+0 0\n+2 30\n"), "{out}");
    assert!(out.contains("30 solutions: optimal mean"), "{out}");
}

#[test]
fn analyse_takes_scrambles_and_refuses_what_does_not_solve() {
    // A sequence alone solves what undoing it from the goal gives.
    let (out, _, code) = run(&["analyse", "2x4"], "RRLL\nRRRDLLLU\n");
    assert_eq!((out.as_str(), code), ("4 0 +4\n8 8 +0\n", 0));
    let (out, _, _) = run(&["analyse", "2x4", "--notation", "tile"], "LLRR\nL2R2\n");
    assert_eq!(out, "4 0 +4\n4 0 +4\n");
    // A board at distance 0 is the scramble `-`, and every draw is graded.
    let (scrambles, _, code) = run(&["random", "3x3", "-d", "0", "-n", "2", "--as-moves"], "");
    assert_eq!((scrambles.as_str(), code), ("-\n-\n", 0));
    let (out, err, code) = run(&["analyse", "3x3"], scrambles);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("0 0 +0\n0 0 +0\n", "", 0)
    );
    let (out, _, _) = run(&["analyse", "2x4"], "0 1 2 3 4 5 6 7: -\n");
    assert_eq!(out, "0 0 +0\n");
    let cases = [
        (
            "1 2 0 3 4 5 6 7: L\n",
            "line 1: the moves end one move short of the goal",
        ),
        (
            "1 2 0 3 4 5 6 7: LLL\n",
            "line 1: move 3 (L) cannot be made: it moves into the edge",
        ),
        (
            "LLLL\n",
            "line 1: no position reaches the goal with these moves: move 1 (L) would have to come from off the board",
        ),
        (
            "0 2 1 3 4 5 6 7: L\n",
            "line 1: the position cannot reach the goal",
        ),
        (
            "UX\n",
            "line 1: move 2: `X` is not a move (U, D, L, R, with an optional count)",
        ),
        ("R0\n", "line 1: move 1: a count is 1 to 10000"),
    ];
    for (input, message) in cases {
        let (_, err, code) = run(&["analyse", "2x4"], input);
        assert_eq!(
            (err.as_str(), code),
            (format!("puzzle-oracle: {message}\n").as_str(), 2),
            "{input}"
        );
    }
}

#[test]
fn the_analyse_help_example_is_a_real_answer() {
    let (help, _, _) = run(&["analyse", "--help"], "");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("the line `1 2 0 3 4 5 6 7 8: LL` prints `2 2 +0`, and the line `RRLL` (from the goal and back) prints `4 0 +4`"), "{help}");
    let (out, _, _) = run(&["analyse", "3x3"], "1 2 0 3 4 5 6 7 8: LL\nRRLL\n");
    assert_eq!(out, "2 2 +0\n4 0 +4\n");
}

#[test]
fn grids_of_rows_are_boards_and_slash_is_an_output_form() {
    // A grid a board, blank lines between grids optional, beside lines.
    let (out, err, code) = run(
        &["seven"],
        "1 0 2 3\n4 5 6 7\n\n0 1 2 3\n4 5 6 7\n7 6 5 4 3 2 1 0\n",
    );
    assert_eq!((out.as_str(), err.as_str(), code), ("1\n0\n28\n", "", 0));
    let (out, _, _) = run(&["fifteen"], "1 0 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n");
    assert_eq!(out, "1\n");
    let (out, err, code) = run(&["seven"], "1 0 2 3\n4 5 6 7 8\n");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "puzzle-oracle: line 1: a grid of 2 rows of 4 has 1 row: line 2 is not a row\n"
    );
    let (_, err, _) = run(&["fifteen"], "1 0 2 3\n");
    assert_eq!(
        err,
        "puzzle-oracle: line 1: a grid of 4 rows of 4 has 1 row: the input ended\n"
    );

    // Drawn boards in the `/` form read back as the same boards.
    let (slash, _, _) = run(
        &[
            "random", "3x3", "-n", "50", "--seed", "3", "--format", "slash",
        ],
        "",
    );
    let (plain, _, _) = run(&["random", "3x3", "-n", "50", "--seed", "3"], "");
    for (s, p) in slash.lines().zip(plain.lines()) {
        assert_eq!(s.replace('/', " "), p);
        assert_eq!(s.split('/').count(), 3);
    }
    let (out, _, _) = run(
        &[
            "solve",
            "2x3",
            "--json",
            "--format",
            "slash",
            "-b",
            "1 2 0 3 4 5",
        ],
        "",
    );
    assert_eq!(
        out,
        "{\"distance\":2,\"moves\":\"LL\",\"start\":\"1 2 0/3 4 5\",\"target\":\"0 1 2/3 4 5\"}\n"
    );
    let (out, _, _) = run(
        &[
            "solve",
            "2x3",
            "-s",
            "--format",
            "slash",
            "-b",
            "1 2 0 3 4 5",
        ],
        "",
    );
    assert_eq!(
        out,
        "2\n1 2 0/3 4 5\n1. L 1 0 2/3 4 5\n2. L 0 1 2/3 4 5\n\n"
    );
}

#[test]
fn options_read_numbers_as_the_input_does() {
    for (args, message) in [
        (
            &["random", "eight", "-d", "+3"][..],
            "`+3` is not a number (one or more digits, no sign)",
        ),
        (
            &["random", "eight", "-n", "0"][..],
            "the count must be at least 1",
        ),
        (
            &["random", "eight", "--seed=-1"][..],
            "`-1` is not a number (one or more digits, no sign)",
        ),
        (
            &["fifteen", "--threads", "0", "-b", "0"][..],
            "at least 1 thread is needed",
        ),
        (
            &["gap", "--threads", "+2"][..],
            "`+2` is not a number (one or more digits, no sign)",
        ),
    ] {
        let (_, err, code) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // More threads than any machine needs are taken as the most there are.
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let (out, _, code) = run(&["fifteen", "--threads", "100000", "-b", goal], "");
    assert_eq!((out.as_str(), code), ("0\n", 0));
}

#[test]
fn the_blank_last_goal_is_suggested_once() {
    let note = "puzzle-oracle: note: `1 2 3 4 5 6 7 0` cannot reach the standard goal (the blank first, `0 1 2 ...`); `-t last` solves to the goal with the blank last (`1 2 ... 0`)\n";
    let (out, err, _) = run(&["seven"], "1 2 3 4 5 6 7 0\n0 2 1 3 4 5 6 7\n");
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("Impossible\nImpossible\n", note)
    );
    let (_, err, _) = run(&["seven", "-t", "first"], "1 2 3 4 5 6 7 0\n");
    assert_eq!(err, "", "a target given is what the user wants");
    // On 3x3 the two goals reach each other: an unreachable board reaches
    // neither, and nothing is suggested.
    let (out, err, _) = run(&["eight", "-t", "first"], "2 1 3 4 5 6 7 8 0\n");
    assert_eq!((out.as_str(), err.as_str()), ("Impossible\n", ""));
    let (_, err, _) = run(
        &["fifteen", "-b", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"],
        "",
    );
    assert!(err.contains("`-t last` solves"), "{err}");
}

/// The speedsolvers' goal has the blank last. A board typed their way
/// with the goal left at its default is answered to the standard goal,
/// and one note says so, naming `-t last`: when the start is their goal,
/// when a `--board` case on a tabled board is nearer it, and otherwise at
/// the end of a run written their way (rows with `/`, `--notation tile`).
#[test]
fn the_blank_last_goal_is_named_when_the_answer_may_be_to_the_other_goal() {
    let tail = "; `-t last` solves to the goal with the blank last (`1 2 ... 0`)\n";
    let (out, err, code) = run(&["solve", "3x3", "-b", "1 2 3/4 5 6/7 8 0"], "");
    assert_eq!((out.as_str(), code), ("22\n", 0));
    assert_eq!(
        err,
        format!(
            "puzzle-oracle: note: `1 2 3 4 5 6 7 8 0` is the goal with the blank last; the \
             answer, 22, is to the standard goal (the blank first, `0 1 2 ...`){tail}"
        )
    );
    // A searched board, from its input.
    let (out, err, _) = run(&["solve", "3x4"], "1 2 3 4 5 6 7 8 9 10 11 0\n");
    assert_eq!(out, "33\n");
    assert!(err.contains("blank last; the answer, 33, is"), "{err}");
    // One move from the other goal, 21 from the standard one.
    let (out, err, _) = run(
        &[
            "solve",
            "3x3",
            "--notation",
            "tile",
            "-b",
            "1 2 3/4 5 0/7 8 6",
        ],
        "",
    );
    assert_eq!(out, "21\n");
    assert_eq!(
        err,
        format!(
            "puzzle-oracle: note: `1 2 3 4 5 0 7 8 6` is 21 moves from the standard goal (the \
             blank first, `0 1 2 ...`), which is what was answered, and 1 from the goal with the \
             blank last{tail}"
        )
    );
    let (out, err, _) = run(
        &["solve", "3x3", "-t", "last", "-b", "1 2 3/4 5 0/7 8 6"],
        "",
    );
    assert_eq!((out.as_str(), err.as_str()), ("1\n", ""));
    // Nearer the standard goal, but written the speedsolvers' way.
    let (out, err, _) = run(
        &[
            "solve",
            "3x3",
            "--notation",
            "tile",
            "-b",
            "1 0 2 3 4 5 6 7 8",
        ],
        "",
    );
    assert_eq!(out, "1\n");
    assert_eq!(
        err,
        format!(
            "puzzle-oracle: note: `--notation tile` is how speedsolvers write, but the answers \
             are to the standard goal (the blank first, `0 1 2 ...`){tail}"
        )
    );
    let (_, err, _) = run(&["solve", "3x3", "-b", "1 0 2/3 4 5/6 7 8"], "");
    assert!(
        err.contains("`--board` with rows separated by `/` is how"),
        "{err}"
    );
    // Written the usual way, nearer the standard goal: nothing to say.
    let (out, err, _) = run(&["solve", "3x3", "-b", "1 0 2 3 4 5 6 7 8"], "");
    assert_eq!((out.as_str(), err.as_str()), ("1\n", ""));
}

#[test]
fn invisible_characters_are_escaped_in_messages() {
    for (bad, shown) in [("\u{200b}7", "`\\u{200b}7`"), ("\u{202e}7", "`\\u{202e}7`")] {
        let (_, err, code) = run(&["seven"], format!("0 1 2 3 4 5 6 {bad}\n"));
        assert_eq!(code, 2);
        assert_eq!(
            err,
            format!("puzzle-oracle: line 1: {shown} is not a number\n")
        );
    }
}

/// 4x4 hints, by search, against a BFS from the goal: the neighbours one
/// move nearer, on boards up to 12 moves out.
#[test]
fn fifteen_hints_are_the_moves_one_nearer() {
    let goal: Vec<u8> = (0..16).collect();
    let near: std::collections::HashMap<Vec<u8>, u8> =
        crate::reference::bfs_within(&goal, 4, 4, 13)
            .into_iter()
            .collect();
    let mut rng = Rng(18);
    let boards: Vec<(&Vec<u8>, &u8)> = near.iter().filter(|&(_, &d)| d <= 12).collect();
    let mut input = String::new();
    let mut expected = Vec::new();
    for _ in 0..60 {
        let (board, &distance) = boards[rng.below(boards.len())];
        input.push_str(&(line(board) + "\n"));
        let hints: String = ['U', 'D', 'L', 'R']
            .into_iter()
            .filter(|&letter| {
                slide(board, 4, 4, letter).is_some_and(|next| near[&next] + 1 == distance)
            })
            .collect();
        let hints = if hints.is_empty() {
            "-".to_string()
        } else {
            hints
        };
        expected.push(format!("{distance} {hints}"));
    }
    let (out, err, code) = run(&["fifteen", "--hints"], input);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
}

/// `--as-moves` prints the scramble that makes each drawn board from the
/// target, in the chosen notation, an optimal number of moves long.
#[test]
fn scrambles_make_the_drawn_boards() {
    for (shape, rows, cols, count) in [("3x3", 3, 3, "30"), ("2x5", 2, 5, "10"), ("4x4", 4, 4, "3")]
    {
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let seed = ["--seed", "21"];
        let (boards, _, _) = run(&[&["random", shape, "-n", count][..], &seed].concat(), "");
        let (scrambles, _, code) = run(
            &[
                &[
                    "random",
                    shape,
                    "-n",
                    count,
                    "--as-moves",
                    "--notation",
                    "tile",
                    "--compact",
                ][..],
                &seed,
            ]
            .concat(),
            "",
        );
        assert_eq!(code, 0);
        let (distances, _, _) = run(&["solve", shape], boards.clone());
        for ((board, scramble), distance) in
            boards.lines().zip(scrambles.lines()).zip(distances.lines())
        {
            let blank_moves: String = expand(scramble).chars().map(blank_letter).collect();
            let made = replay(&goal, rows, cols, &blank_moves).unwrap();
            assert_eq!(line(&made), board, "{shape} {scramble}");
            assert_eq!(blank_moves.len().to_string(), distance, "{shape}");
        }
    }
    // Uniform 4x4 states all reach the target (checked by parity: 200
    // searches would be slow for a test).
    let (boards, _, _) = run(
        &["random", "4x4", "-n", "200", "--seed", "5", "-t", "last"],
        "",
    );
    for board in boards.lines() {
        let cells: Vec<u8> = board.split(' ').map(|t| t.parse().unwrap()).collect();
        assert!(reaches_last_goal(&cells), "{board}");
    }
}

/// Whether a 4x4 board reaches `1 2 ... 15 0`: the tiles' inversions plus
/// the blank's row from the bottom, even.
fn reaches_last_goal(cells: &[u8]) -> bool {
    let tiles: Vec<u8> = cells.iter().copied().filter(|&t| t != 0).collect();
    let inversions = (0..tiles.len())
        .flat_map(|i| (i + 1..tiles.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| tiles[i] > tiles[j])
        .count();
    let blank_row_from_bottom = 3 - cells.iter().position(|&t| t == 0).unwrap() / 4;
    (inversions + blank_row_from_bottom) % 2 == 0
}

#[test]
fn completions_and_the_man_page() {
    for (what, marker) in [
        ("complete-bash", "complete -F _puzzle__oracle"),
        ("complete-zsh", "#compdef puzzle-oracle"),
        ("complete-fish", "complete -c puzzle-oracle"),
        ("man", ".TH puzzle-oracle 1"),
    ] {
        let (out, err, code) = run(&["--generate", what], "");
        assert_eq!((err.as_str(), code), ("", 0), "{what}");
        assert!(
            out.contains(marker),
            "{what}: {}",
            &out[..out.len().min(200)]
        );
        // Every command is in it.
        for command in ["solve", "analyse", "random"] {
            assert!(out.contains(command), "{what} names {command}");
        }
    }
    let (_, _, code) = run(&["--generate", "man", "seven"], "");
    assert_eq!(code, 2);
}

#[test]
fn a_grid_error_names_the_line_of_the_bad_row() {
    let cases = [
        (
            "0 1 2 3 4 5\n1 2\n0 3\n4 4\n",
            "line 4: tile 4 appears more than once",
        ),
        (
            "0 1 2 3 4 5\n1 2\n0 3\n4 x\n",
            "line 4: `x` is not a number",
        ),
        (
            "0 1 2 3 4 5\n1 x\n0 1 2 3 4 5\n",
            "line 2: `x` is not a number",
        ),
        ("1 9\n", "line 1: `9` is out of range: tiles are 0 to 5"),
    ];
    for (input, message) in cases {
        let (out, err, code) = run(&["solve", "3x2"], input);
        assert_eq!(code, 2, "{input}");
        assert_eq!(err, format!("puzzle-oracle: {message}\n"), "{input}");
        assert_eq!(out, if input.starts_with("0 1") { "0\n" } else { "" });
    }
}

#[test]
fn eight_reads_slashes_as_separators_and_goal_words_in_any_case() {
    let (out, err, code) = run(&["eight", "-t", "LAST"], "1 2 3/4 5 6/7 0 8\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("1\n", "", 0));
    let (out, _, _) = run(&["eight"], "1 2 3/4 5 6/7 0 8/1 2 3/4 5 6/7 8 0\n");
    assert_eq!(out, "1\n");
}

/// The boards within `depth` moves of the 4x4 goal (by a plain BFS), each
/// with its distance and its number of optimal paths: the sum of its
/// neighbours' one move nearer.
fn fifteen_path_counts(depth: u8) -> Vec<(Vec<u8>, u8, u64)> {
    let goal: Vec<u8> = (0..16).collect();
    let mut layers: Vec<(Vec<u8>, u8)> = crate::reference::bfs_within(&goal, 4, 4, depth);
    // By distance, then board: the reference hands them over in a hash
    // map's order, which changes from run to run, and the tests' samples
    // must not (one in a few drew no board with two solutions).
    layers.sort_by(|(a, da), (b, db)| (da, a).cmp(&(db, b)));
    let distance: std::collections::HashMap<Vec<u8>, u8> = layers.iter().cloned().collect();
    let mut paths: std::collections::HashMap<Vec<u8>, u64> = std::collections::HashMap::new();
    for (board, d) in &layers {
        let count = if *d == 0 {
            1
        } else {
            ['U', 'D', 'L', 'R']
                .into_iter()
                .filter_map(|letter| slide(board, 4, 4, letter))
                .filter(|next| distance.get(next) == Some(&(d - 1)))
                .map(|next| paths[&next])
                .sum()
        };
        paths.insert(board.clone(), count);
    }
    layers
        .into_iter()
        .map(|(board, d)| {
            let count = paths[&board];
            (board, d, count)
        })
        .collect()
}

/// 4x4 solution counts, by search, against path counts over a BFS from
/// the goal.
#[test]
fn fifteen_solution_counts_match_reference_path_counts() {
    let layers = fifteen_path_counts(12);
    let mut rng = Rng(19);
    let far: Vec<&(Vec<u8>, u8, u64)> = layers.iter().filter(|(_, d, _)| *d >= 8).collect();
    let chosen: Vec<&(Vec<u8>, u8, u64)> = (0..60).map(|_| far[rng.below(far.len())]).collect();
    let input: String = chosen
        .iter()
        .map(|(board, _, _)| line(board) + "\n")
        .collect();
    let (out, err, code) = run(&["solve", "4x4", "--count-solutions"], input);
    assert_eq!((err.as_str(), code), ("", 0));
    let mut largest = 0;
    for (answer, (board, d, paths)) in out.lines().zip(&chosen) {
        assert_eq!(answer, format!("{d} {paths}"), "{board:?}");
        largest = largest.max(*paths);
    }
    assert!(
        largest > 1,
        "the sample has boards with more than one solution"
    );
}

/// Checks `--all-solutions` output of one case: as many sequences as
/// `paths`, all distinct, each `distance` long and replaying from `board`
/// to `target`.
fn check_listing(out: &str, board: &[u8], target: &[u8], rows: usize, distance: u8, paths: u64) {
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(distance.to_string().as_str()),
        "{board:?}"
    );
    let listed: Vec<&str> = lines.map(|line| line.strip_prefix("  ").unwrap()).collect();
    assert_eq!(listed.len() as u64, paths, "{board:?}: {listed:?}");
    let distinct: std::collections::HashSet<&str> = listed.iter().copied().collect();
    assert_eq!(distinct.len(), listed.len(), "{board:?}");
    for moves in listed {
        let moves = if moves == "-" { "" } else { moves };
        assert_eq!(moves.len(), usize::from(distance), "{board:?}: {moves}");
        let cols = board.len() / rows;
        assert_eq!(
            crate::reference::replay(board, rows, cols, moves).as_deref(),
            Some(target),
            "{board:?}: {moves}"
        );
    }
}

#[test]
fn all_solutions_lists_every_optimal_sequence_once() {
    // 4x4, by search, against the reference path counts.
    let goal: Vec<u8> = (0..16).collect();
    let layers = fifteen_path_counts(10);
    let mut rng = Rng(23);
    let far: Vec<&(Vec<u8>, u8, u64)> = layers.iter().filter(|(_, d, _)| *d >= 6).collect();
    for _ in 0..12 {
        let (board, d, paths) = far[rng.below(far.len())];
        let (out, err, code) = run(&["fifteen", "--all-solutions", "-b", &line(board)], "");
        assert_eq!((err.as_str(), code), ("", 0));
        check_listing(&out, board, &goal, 4, *d, *paths);
    }
    // 3x3, from the tables, against the tables' own count (checked
    // against path counts elsewhere), and the target itself.
    let eight_goal: Vec<u8> = (0..9).collect();
    for start in [
        [8, 5, 6, 7, 2, 3, 4, 1, 0],
        [1, 2, 5, 3, 4, 0, 6, 7, 8],
        [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ] {
        let (counted, _, _) = run(&["eight", "--count-solutions", "-b", &line(&start)], "");
        let mut fields = counted.split_whitespace();
        let distance: u8 = fields.next().unwrap().parse().unwrap();
        let paths: u64 = fields.next().unwrap().parse().unwrap();
        let (out, err, code) = run(
            &[
                "eight",
                "--all-solutions",
                "--limit",
                "1000",
                "-b",
                &line(&start),
            ],
            "",
        );
        assert_eq!((err.as_str(), code), ("", 0));
        check_listing(&out, &start, &eight_goal, 3, distance, paths);
    }
}

#[test]
fn all_solutions_stops_at_the_limit_and_says_so() {
    let board = "5 4 2 3 1 0 6 7 8 9 10 11 12 13 14 15";
    let (out, _, code) = run(
        &["fifteen", "--all-solutions", "--limit", "1", "-b", board],
        "",
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[2], "  ... (stopped at --limit 1)");
    let (out, _, _) = run(
        &[
            "eight",
            "--all-solutions",
            "--limit",
            "2",
            "--json",
            "-b",
            "8 5 6 7 2 3 4 1 0",
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(value["solutions_complete"], false);
    let (_, err, code) = run(&["seven", "--limit", "3", "-b", "7 6 5 4 3 2 1 0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--all-solutions"), "{err}");
}

/// Limits and counts as a person types them: `.5` seconds is half a
/// second, 0 is no limit to set (refused, saying to leave the option out),
/// more threads than are ever started run with a note, and a word with
/// commas is named rather than counted as one number.
#[test]
fn limits_and_separators_are_read_as_typed() {
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let (out, err, code) = run(&["fifteen", "--timeout", ".5", "-b", goal], "");
    assert_eq!((out.as_str(), err.as_str(), code), ("0\n", "", 0));
    let (out, _, code) = run(&["fifteen", "--timeout", "2.", "-b", goal], "");
    assert_eq!((out.as_str(), code), ("0\n", 0));
    for (option, leave_out) in [
        ("--timeout", "leave --timeout out"),
        ("--max-nodes", "leave --max-nodes out"),
    ] {
        let (_, err, code) = run(&["fifteen", option, "0", "-b", goal], "");
        assert_eq!(code, 2, "{option}");
        assert!(err.contains(leave_out), "{option}: {err}");
    }
    let (out, err, code) = run(&["fifteen", "--threads", "65", "-b", goal], "");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "0\n",
            "puzzle-oracle: note: --threads 65: 64 threads are the most started\n",
            0
        )
    );
    let (_, err, code) = run(&["seven"], "0,1,2,3,4,5,6,7\n");
    assert_eq!(
        (err.as_str(), code),
        (
            "puzzle-oracle: line 1: `0,1,2,3,4,5,6,7` is not a number\n",
            2
        )
    );
}

/// A board the crate answers but this build leaves out is named with the
/// feature that builds it, in the command and in the library.
#[cfg(not(any(feature = "searched-2x8", feature = "cache")))]
#[test]
fn a_board_left_out_of_the_build_names_its_feature() {
    for shape in ["2x8", "8X2"] {
        let (out, err, code) = run(&["solve", shape, "-b", "1"], "");
        assert_eq!(code, 2);
        assert_eq!(out, "");
        assert!(
            err.starts_with(&format!(
                "puzzle-oracle: `{}` is not in this build: it needs the feature `searched-2x8`",
                shape.to_ascii_lowercase()
            )),
            "{err}"
        );
    }
    let Err(unknown) = puzzle_oracle::find_board("2x8") else {
        panic!("2x8 is not in this build");
    };
    let unknown = unknown.to_string();
    assert!(
        unknown.contains("needs the feature `searched-2x8`"),
        "{unknown}"
    );
    // A shape no build answers still lists the boards.
    let (_, err, code) = run(&["solve", "2x9", "-b", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("possible values"), "{err}");
}

#[test]
fn moves_that_solve_to_the_other_goal_are_named() {
    // `RR` ends with the blank in the last cell: undone from the standard
    // goal it leaves the board, undone from the blank-last goal it does not.
    let (out, err, code) = run(&["analyse", "3x3"], "RR\n");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("move 2 (R) would have to come from off the board; these moves do solve to the goal with the blank last"),
        "{err}"
    );
    let (out, _, code) = run(&["analyse", "3x3", "-t", "last"], "RR\n");
    assert_eq!((out.as_str(), code), ("2 2 +0\n", 0));
}
