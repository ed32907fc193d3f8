//! `--metric mtm` through the real binary: `solve`, `analyse`, `random`
//! and `stats` on every tabled board, against the multi-tile reference;
//! `analyse` and `random` on a searched board, and `tables`.

use crate::cli::run;
use crate::reference::{Rng, line, multi_tile_distances, slide};

/// Every tabled board's shape, rows and columns.
const TABLED: [(&str, usize, usize); 8] = [
    ("2x2", 2, 2),
    ("2x3", 2, 3),
    ("3x2", 3, 2),
    ("2x4", 2, 4),
    ("4x2", 4, 2),
    ("3x3", 3, 3),
    ("2x5", 2, 5),
    ("5x2", 5, 2),
];

/// The slides of a written sequence, each letter with its count, as the
/// blank's letters (`tile` turns each letter round).
fn slides(moves: &str, tile: bool) -> Vec<(char, usize)> {
    let mut slides = Vec::new();
    let mut chars = moves.chars().peekable();
    while let Some(letter) = chars.next() {
        let mut digits = String::new();
        while let Some(digit) = chars.next_if(char::is_ascii_digit) {
            digits.push(digit);
        }
        let letter = match (tile, letter) {
            (false, letter) => letter,
            (true, 'U') => 'D',
            (true, 'D') => 'U',
            (true, 'L') => 'R',
            (true, _) => 'L',
        };
        slides.push((letter, digits.parse().unwrap_or(1)));
    }
    slides
}

/// `board` after `slides`; `None` when one runs off the board.
fn replay_slides(
    board: &[u8],
    rows: usize,
    cols: usize,
    slides: &[(char, usize)],
) -> Option<Vec<u8>> {
    let mut board = board.to_vec();
    for &(letter, tiles) in slides {
        for _ in 0..tiles {
            board = slide(&board, rows, cols, letter)?;
        }
    }
    Some(board)
}

/// Random starts and targets on every tabled board, in both notations:
/// the distance is the reference's, and the moves are that many slides,
/// never the same way twice in a row, that replay to the target.
#[test]
fn solve_answers_every_tabled_board_in_slides_as_the_reference() {
    let mut rng = Rng(39);
    for (shape, rows, cols) in TABLED {
        let tiles: Vec<u8> = (0..(rows * cols) as u8).collect();
        let mut input = String::new();
        let mut cases = Vec::new();
        for _ in 0..3 {
            let target = rng.shuffled(&tiles);
            let reference = multi_tile_distances(&target, rows, cols);
            for _ in 0..4 {
                let start = rng.shuffled(&tiles);
                input.push_str(&format!("{} {}\n", line(&start), line(&target)));
                cases.push((start.clone(), target.clone(), reference.get(&start)));
            }
        }
        for notation in ["blank", "tile"] {
            let args = [
                "solve",
                shape,
                "--metric",
                "mtm",
                "-m",
                "--notation",
                notation,
            ];
            let (out, err, code) = run(&args, input.as_str());
            assert_eq!((err.as_str(), code), ("", 0), "{shape}");
            let answers: Vec<&str> = out.lines().collect();
            assert_eq!(answers.len(), cases.len(), "{shape}");
            for (answer, (start, target, expected)) in answers.iter().zip(&cases) {
                let Some(distance) = expected else {
                    assert_eq!(*answer, "Impossible", "{shape} {start:?}");
                    continue;
                };
                let mut words = answer.split(' ');
                assert_eq!(words.next(), Some(distance.to_string().as_str()), "{shape}");
                let moves = slides(words.next().unwrap_or_default(), notation == "tile");
                assert_eq!(moves.len(), usize::from(*distance), "{shape}: {answer}");
                assert!(
                    moves.windows(2).all(|pair| pair[0].0 != pair[1].0),
                    "{answer}"
                );
                assert_eq!(
                    replay_slides(start, rows, cols, &moves).as_ref(),
                    Some(target),
                    "{shape}: {answer}"
                );
            }
        }
    }
}

/// `analyse --metric mtm` counts each letter with its count as one move:
/// an optimal solution grades `+0`, the same with one slide split in two
/// `+1`, and with a slide and its undoing in front `+2`.
#[test]
fn analyse_grades_slides_and_their_detours() {
    let mut rng = Rng(7);
    let (rows, cols) = (3, 3);
    let goal: Vec<u8> = (0..9).collect();
    let reference = multi_tile_distances(&goal, rows, cols);
    let tiles = goal.clone();
    let mut lines = String::new();
    let mut expected = String::new();
    while expected.lines().count() < 30 {
        let start = rng.shuffled(&tiles);
        let Some(distance) = reference.get(&start) else {
            continue;
        };
        let (out, _, code) = run(
            &["solve", "3x3", "--metric", "mtm", "-m", "-b", &line(&start)],
            "",
        );
        assert_eq!(code, 0);
        let optimal = out
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_string();
        let position = line(&start);
        // As it is.
        lines.push_str(&format!("{position}: {optimal}\n"));
        expected.push_str(&format!("{distance} {distance} +0\n"));
        // A slide of several tiles written one tile at a time: one more.
        let moves = slides(&optimal, false);
        if let Some(split) = moves.iter().position(|&(_, tiles)| tiles == 2) {
            let mut written = String::new();
            for (i, &(letter, tiles)) in moves.iter().enumerate() {
                match (i == split, tiles) {
                    (true, _) => written.push_str(&format!("{letter} {letter} ")),
                    (false, 1) => written.push_str(&format!("{letter} ")),
                    (false, _) => written.push_str(&format!("{letter}{tiles} ")),
                }
            }
            lines.push_str(&format!("{position}: {written}\n"));
            expected.push_str(&format!("{} {distance} +1\n", distance + 1));
        }
        // A slide there and back first: two more.
        for (there, back) in [('U', 'D'), ('D', 'U'), ('L', 'R'), ('R', 'L')] {
            if slide(&start, rows, cols, there).is_some() {
                lines.push_str(&format!("{position}: {there}{back}{optimal}\n"));
                expected.push_str(&format!("{} {distance} +2\n", distance + 2));
                break;
            }
        }
    }
    let (out, err, code) = run(&["analyse", "3x3", "--metric", "mtm"], lines.as_str());
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (expected.as_str(), "", 0)
    );
    // The single-tile metric counts the same lines' tiles.
    let (out, _, code) = run(&["analyse", "3x3"], lines.lines().next().unwrap());
    assert_eq!(code, 0);
    let stm = slides(
        lines.split(": ").nth(1).unwrap().lines().next().unwrap(),
        false,
    );
    let tiles_moved: usize = stm.iter().map(|&(_, tiles)| tiles).sum();
    assert_eq!(
        out.split(' ').next(),
        Some(tiles_moved.to_string().as_str())
    );
}

/// `random --metric mtm -d D` draws boards exactly `D` slides away, and
/// `stats --metric mtm` counts as the reference does.
#[test]
fn random_and_stats_count_slides() {
    let (out, err, code) = run(
        &[
            "random", "3x3", "--metric", "mtm", "-d", "17", "-n", "25", "--seed", "5",
        ],
        "",
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let goal: Vec<u8> = (0..9).collect();
    let reference = multi_tile_distances(&goal, 3, 3);
    for board in out.lines() {
        let cells: Vec<u8> = board.split(' ').map(|n| n.parse().unwrap()).collect();
        assert_eq!(reference.get(&cells), Some(17), "{board}");
    }
    assert_eq!(out.lines().count(), 25);

    let goal: Vec<u8> = (0..8).collect();
    let reference = multi_tile_distances(&goal, 4, 2);
    let mut counts = vec![0u64; 30];
    for distance in reference.values() {
        counts[usize::from(distance)] += 1;
    }
    let (out, _, code) = run(&["stats", "4x2", "--metric", "mtm"], "");
    assert_eq!(code, 0);
    for (depth, row) in out.lines().enumerate() {
        let numbers: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(numbers[0], depth.to_string());
        assert_eq!(numbers[1], counts[depth].to_string(), "depth {depth}");
    }
    assert_eq!(out.lines().count(), 26, "4x2: 25 slides at most");
}

/// On a board searched in slides, `analyse` and `random` build and read
/// the database where `--cache-dir` says: `analyse` grades boards near
/// the goal, solved by the reference's distances (`+0`) and with a slide
/// there and back in front (`+2`), and each scramble of `random
/// --as-moves` makes a board that `analyse` grades as optimal.
#[cfg(feature = "cache")]
#[test]
fn analyse_and_random_read_the_cache_dir_on_a_searched_board() {
    let (rows, cols) = (3, 4);
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let database = |dir: &std::path::Path| dir.join("3x4-mtm-011233224455.pdb");

    // Every board within 5 slides of the goal, by the reference.
    let goal: Vec<u8> = (0..12).collect();
    let (distance, _) = crate::multi_tile_searched::within(&goal, rows, cols, 5);
    // A path down the reference's distances, a slide at a time.
    let optimal = |start: &[u8]| {
        let mut board = start.to_vec();
        let mut moves = String::new();
        while distance[&board] > 0 {
            let (letter, tiles, next) = ['U', 'D', 'L', 'R']
                .into_iter()
                .flat_map(|letter| {
                    let mut slid = board.clone();
                    (1..cols).map_while(move |tiles| {
                        slid = slide(&slid, rows, cols, letter)?;
                        Some((letter, tiles, slid.clone()))
                    })
                })
                .find(|(_, _, next)| distance.get(next) == Some(&(distance[&board] - 1)))
                .unwrap();
            moves.push(letter);
            if tiles > 1 {
                moves.push_str(&tiles.to_string());
            }
            board = next;
        }
        moves
    };
    let mut lines = String::new();
    let mut expected = String::new();
    let mut boards: Vec<_> = distance.iter().filter(|&(_, &d)| d >= 3).collect();
    boards.sort();
    for (board, &d) in boards.into_iter().step_by(13) {
        let moves = optimal(board);
        lines.push_str(&format!("{}: {moves}\n", line(board)));
        expected.push_str(&format!("{d} {d} +0\n"));
        let (there, back) = [('U', 'D'), ('D', 'U'), ('L', 'R'), ('R', 'L')]
            .into_iter()
            .find(|&(there, _)| slide(board, rows, cols, there).is_some())
            .unwrap();
        lines.push_str(&format!("{}: {there}{back}{moves}\n", line(board)));
        expected.push_str(&format!("{} {d} +2\n", d + 2));
    }
    assert!(expected.lines().count() >= 20, "{expected}");
    let dir = root.join("cache-mtm-analyse");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let (out, err, code) = run(
        &["analyse", "3x4", "--metric", "mtm", "--cache-dir", dir_arg],
        lines.as_str(),
    );
    assert_eq!((out.as_str(), code), (expected.as_str(), 0), "{err}");
    assert!(database(&dir).is_file(), "{err}");

    let dir = root.join("cache-mtm-random");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let (out, err, code) = run(
        &[
            "random",
            "3x4",
            "--metric",
            "mtm",
            "--as-moves",
            "--compact",
            "-n",
            "5",
            "--seed",
            "3",
            "--cache-dir",
            dir_arg,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(database(&dir).is_file(), "{err}");
    let mut lines = String::new();
    let mut expected = String::new();
    for scramble in out.lines() {
        let slides = slides(scramble, false);
        let board = replay_slides(&goal, rows, cols, &slides).unwrap();
        // The scramble undone solves the board: each slide the other way,
        // in the other order.
        let undone: String = slides
            .iter()
            .rev()
            .map(|&(letter, tiles)| {
                let back = match letter {
                    'U' => 'D',
                    'D' => 'U',
                    'L' => 'R',
                    _ => 'L',
                };
                format!("{back}{tiles}")
            })
            .collect();
        lines.push_str(&format!("{}: {undone}\n", line(&board)));
        expected.push_str(&format!("{0} {0} +0\n", slides.len()));
    }
    assert_eq!(out.lines().count(), 5);
    let (out, err, code) = run(
        &["analyse", "3x4", "--metric", "mtm", "--cache-dir", dir_arg],
        lines.as_str(),
    );
    assert_eq!((out.as_str(), code), (expected.as_str(), 0), "{err}");
}

/// A board the metric does not answer is an error that names the boards
/// it does, whatever the command.
#[test]
fn boards_without_multi_tile_answers_say_which_have_them() {
    for args in [
        &[
            "solve",
            "3x6",
            "--metric",
            "mtm",
            "-b",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17",
        ][..],
        &["random", "3x6", "--metric", "mtm"],
        &["stats", "3x6", "--metric", "mtm"],
        &["analyse", "3x6", "--metric", "mtm"],
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(
            err.contains("`3x6` has no answers in the multi-tile metric")
                && err.contains("answers 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2"),
            "{args:?}: {err}"
        );
    }
}

/// `tables build --metric mtm` builds a board's multi-tile database ahead
/// of time; `tables list` shows it in the cache, `tables verify` checks
/// it, finds it out once damaged, and the next question rebuilds it.
#[cfg(feature = "cache")]
#[test]
fn tables_builds_lists_and_verifies_the_multi_tile_databases() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cache-mtm-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let file = dir.join("3x4-mtm-011233224455.pdb");

    let (out, err, code) = run(&["tables", "--cache-dir", dir_arg, "list"], "");
    assert_eq!(code, 0, "{err}");
    let row = |out: &str| {
        out.lines()
            .find(|line| line.starts_with("3x4 "))
            .unwrap()
            .to_string()
    };
    assert!(row(&out).contains("998.0 kB on use"), "{out}");

    let (out, err, code) = run(
        &[
            "tables",
            "--cache-dir",
            dir_arg,
            "build",
            "4x3",
            "--metric",
            "mtm",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("3x4 in slides: 998.0 kB, ready in {dir_arg}\n")
    );
    assert!(err.contains("building 3x4's multi-tile database"), "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 997_984);
    let (out, _, _) = run(&["tables", "--cache-dir", dir_arg, "list"], "");
    assert!(row(&out).contains("998.0 kB cached"), "{out}");
    let (out, _, code) = run(&["tables", "--cache-dir", dir_arg, "verify"], "");
    assert_eq!(code, 0);
    assert!(out.contains(&format!("{}: ok\n", file.display())), "{out}");

    // A boards' tables are built in, or it has no multi-tile answers.
    let (_, err, code) = run(
        &[
            "tables",
            "--cache-dir",
            dir_arg,
            "build",
            "3x3",
            "--metric",
            "mtm",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("3x3 has no multi-tile database"), "{err}");

    // One byte changed: found out, and rebuilt by the next question.
    let mut bytes = std::fs::read(&file).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let (out, err, code) = run(&["tables", "--cache-dir", dir_arg, "verify"], "");
    assert_eq!(code, 2);
    assert!(
        out.contains(&format!("{}: damaged", file.display())),
        "{out}"
    );
    assert!(err.contains("1 damaged file"), "{err}");
    let (out, err, code) = run(
        &[
            "solve",
            "3x4",
            "--metric",
            "mtm",
            "--cache-dir",
            dir_arg,
            "-b",
            "1 0 2 3 4 5 6 7 8 9 10 11",
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("1\n", 0), "{err}");
    let (out, _, code) = run(&["tables", "--cache-dir", dir_arg, "verify"], "");
    assert_eq!(code, 0);
    assert!(out.contains(&format!("{}: ok\n", file.display())), "{out}");
    // 2x7 probes two databases: built together, listed as one size,
    // verified each, and listed as not all there when one is missing.
    let (out, err, code) = run(
        &[
            "tables",
            "--cache-dir",
            dir_arg,
            "build",
            "2x7",
            "--metric",
            "mtm",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("2x7 in slides: 22.7 MB, ready in {dir_arg}\n"));
    assert!(err.contains("building 2x7's multi-tile databases"), "{err}");
    let files = [
        dir.join("2x7-mtm-01122331442553.pdb"),
        dir.join("2x7-mtm-01223351122335.pdb"),
    ];
    let (out, _, code) = run(&["tables", "--cache-dir", dir_arg, "verify"], "");
    assert_eq!(code, 0);
    for file in &files {
        assert!(out.contains(&format!("{}: ok\n", file.display())), "{out}");
    }
    let row_2x7 = |out: &str| {
        out.lines()
            .find(|line| line.starts_with("2x7 "))
            .unwrap()
            .to_string()
    };
    let (out, _, _) = run(&["tables", "--cache-dir", dir_arg, "list"], "");
    assert!(row_2x7(&out).contains("22.7 MB cached"), "{out}");
    std::fs::remove_file(&files[1]).unwrap();
    let (out, _, _) = run(&["tables", "--cache-dir", dir_arg, "list"], "");
    assert!(row_2x7(&out).contains("22.7 MB on use"), "{out}");
}
