//! `solve RxC`, `stats RxC` and `random RxC` on every board, through the
//! real binary, against the reference BFS.

use crate::cli::run;
use crate::reference::{Rng, distances, line, replay};

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

/// Random starts and targets, a start and a target a line, the answers
/// with their moves against a BFS from each target.
#[test]
fn solve_answers_every_tabled_board_as_the_reference() {
    let mut rng = Rng(12);
    for (shape, rows, cols) in TABLED {
        let cells = rows * cols;
        let tiles: Vec<u8> = (0..cells as u8).collect();
        let mut input = String::new();
        let mut expected = Vec::new();
        let mut starts = Vec::new();
        for _ in 0..3 {
            let target = rng.shuffled(&tiles);
            let reference = distances(&target, rows, cols);
            for _ in 0..4 {
                let start = rng.shuffled(&tiles);
                input.push_str(&format!("{} {}\n", line(&start), line(&target)));
                expected.push(reference.get(&start));
                starts.push((start, target.clone()));
            }
        }
        let (out, err, code) = run(&["solve", shape, "-m"], input);
        assert_eq!((err.as_str(), code), ("", 0), "{shape}");
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), expected.len(), "{shape}");
        for ((answer, expected), (start, target)) in answers.iter().zip(&expected).zip(&starts) {
            let Some(distance) = expected else {
                assert_eq!(*answer, "Impossible", "{shape} {start:?}");
                continue;
            };
            let mut words = answer.split(' ');
            assert_eq!(words.next(), Some(distance.to_string().as_str()), "{shape}");
            let moves = words.next().unwrap_or_default();
            assert_eq!(moves.len(), usize::from(*distance));
            assert_eq!(
                replay(start, rows, cols, moves).as_ref(),
                Some(target),
                "{shape}"
            );
        }
    }
}

#[test]
fn solve_takes_names_any_case_and_the_presets_agree() {
    let seven = "7 6 5 4 3 2 1 0\n0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n";
    let (preset, _, _) = run(&["seven", "-m", "--hints", "--count-solutions"], seven);
    for name in ["2x4", "seven", "2X4", "Seven"] {
        let (out, _, code) = run(
            &["solve", name, "-m", "--hints", "--count-solutions"],
            seven,
        );
        assert_eq!((out.as_str(), code), (preset.as_str(), 0), "{name}");
    }
    let eight = "1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5\n";
    let (preset, _, _) = run(&["eight", "-m"], eight);
    let (out, _, _) = run(&["solve", "3x3", "-m"], eight);
    assert_eq!(out, preset);
    let fifteen = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15\n0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let (preset, _, _) = run(&["fifteen", "-m"], fifteen);
    let (out, _, _) = run(&["solve", "4x4", "-m"], fifteen);
    assert_eq!(
        (out.as_str(), preset.as_str()),
        ("2 LU\nImpossible\n", "2 LU\nImpossible\n")
    );
}

#[test]
fn an_unknown_board_is_one_clear_error() {
    for shape in ["3x7", "1x1", "x", "a-name-much-longer-than-any-board"] {
        let (out, err, code) = run(&["solve", shape, "-b", "0"], "");
        assert_eq!((out.as_str(), code), ("", 2), "{shape}");
        assert!(err.contains(&format!("invalid value '{shape}'")), "{err}");
        assert!(err.contains("2x2, 2x3, 3x2"), "names what exists: {err}");
    }
    // On 4x4 the hints and the counts are answered by search.
    let (out, _, code) = run(
        &[
            "solve",
            "4x4",
            "--hints",
            "--count-solutions",
            "-b",
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert_eq!((out.as_str(), code), ("0 - 1\n", 0));
}

#[test]
fn a_tall_board_is_read_row_by_row() {
    // 3x2: rows `1 0`, `2 3`, `4 5`. One move: the blank goes left.
    let (out, _, _) = run(&["solve", "3x2", "-m", "-b", "1 0 2 3 4 5"], "");
    assert_eq!(out, "1 L\n");
    // The same numbers on 2x3 are rows `1 0 2`, `3 4 5`: also one move.
    let (out, _, _) = run(&["solve", "2x3", "-m", "-b", "3 1 2 0 4 5"], "");
    assert_eq!(out, "1 U\n");
    let (_, err, code) = run(&["solve", "3x2", "-b", "1 0 2 3 4"], "");
    assert_eq!(
        (err.as_str(), code),
        (
            "puzzle-oracle: --board: expected 6 or 12 numbers, found 5\n",
            2
        )
    );
}

#[test]
fn stats_and_random_take_every_tabled_board() {
    for (shape, rows, cols) in TABLED {
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let reference = distances(&goal, rows, cols);
        let deepest = reference.values().max().unwrap();
        let at_deepest = reference.values().filter(|&d| d == deepest).count();
        let (out, _, code) = run(&["stats", shape], "");
        assert_eq!(code, 0);
        let last: Vec<&str> = out.lines().last().unwrap().split_whitespace().collect();
        assert_eq!(
            last[..2],
            [deepest.to_string(), at_deepest.to_string()],
            "{shape}"
        );

        let (out, _, code) = run(
            &[
                "random",
                shape,
                "-d",
                &deepest.to_string(),
                "-n",
                "3",
                "--seed",
                "7",
            ],
            "",
        );
        assert_eq!(code, 0);
        for board in out.lines() {
            let cells: Vec<u8> = board.split(' ').map(|t| t.parse().unwrap()).collect();
            assert_eq!(reference.get(&cells), Some(deepest), "{shape} {board}");
        }
    }
    let (_, err, code) = run(&["random", "4x4", "--distance", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("needs a complete table"), "{err}");
}

/// A case stopped after its answer and hints were found keeps them: on
/// its line after the stop, and in JSON, with `null` for the count it did
/// not finish.
#[test]
fn a_stopped_case_keeps_what_it_found() {
    // Korf's instance 51, 56 moves (tests/data/korf100-lengths.txt).
    let korf_51 = "10 2 8 4 15 0 1 14 11 13 3 6 9 7 5 12";
    let (hints, _, _) = run(&["solve", "4x4", "--hints", "-b", korf_51], "");
    assert_eq!(hints.split(' ').next(), Some("56"), "{hints}");
    let hints = hints.trim().split(' ').nth(1).unwrap().to_string();
    let asked = [
        "solve",
        "4x4",
        "--threads",
        "1",
        "--hints",
        "--count-solutions",
        "--max-nodes",
        "50000",
        "-b",
        korf_51,
    ];
    let (out, _, code) = run(&asked, "");
    assert_eq!(code, 1);
    assert!(out.starts_with("Stopped after "), "{out}");
    assert!(
        out.ends_with(&format!(" nodes (--max-nodes 50000): 56 {hints}\n")),
        "{out}"
    );
    let (out, _, code) = run(&[&asked[..], &["--json"]].concat(), "");
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["distance"], 56);
    assert_eq!(value["hints"], hints.as_str());
    assert_eq!(value["optimal_solutions"], serde_json::Value::Null);
    assert!(value.get("optimal_solutions").is_some(), "{out}");
    assert_eq!(value["stopped"], "--max-nodes 50000");
}

#[test]
fn a_search_stopped_at_a_limit_says_so_and_exits_with_1() {
    // An 80-move 4x4 position takes millions of nodes; the easy case
    // before it is answered in full.
    let input = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\
                 0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    let (out, err, code) = run(&["solve", "4x4", "--max-nodes", "50000"], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "1");
    assert!(lines[1].starts_with("Stopped after "), "{out}");
    // What the search proved before it stopped: never past the distance
    // (80), and more than the 40 moves the cost of a bound's iteration
    // lets 50,000 nodes finish.
    let (stopped, at_least) = lines[1].split_once(": at least ").expect(&out);
    assert!(stopped.ends_with(" nodes (--max-nodes 50000)"), "{out}");
    let at_least: u8 = at_least.strip_suffix(" moves").unwrap().parse().unwrap();
    assert!((40..=80).contains(&at_least), "{out}");
    let nodes: u64 = lines[1]["Stopped after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((50_000..50_000 + 8_192).contains(&nodes), "{nodes}");
    assert_eq!(code, 1);
    assert!(err.contains("1 case stopped at a limit"), "{err}");
    // JSON: the distance unknown, the limit named.
    let (out, _, code) = run(
        &["solve", "4x4", "--json", "--timeout", "0.05"],
        input.lines().nth(1).unwrap(),
    );
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["distance"], serde_json::Value::Null);
    assert_eq!(value["stopped"], "--timeout 0.05");
    assert!(
        (40..=80).contains(&value["at_least"].as_u64().unwrap()),
        "{out}"
    );
    assert_eq!(code, 1);
    // Within the limits: answered, status 0.
    let (out, _, code) = run(
        &["solve", "3x4", "--max-nodes", "1000000"],
        "1 0 2 3 4 5 6 7 8 9 10 11\n",
    );
    assert_eq!((out.as_str(), code), ("1\n", 0));
    for bad in ["0", "-1", "1e3", ".5", ""] {
        let (_, err, code) = run(&["solve", "3x4", "--timeout", bad, "-b", "0"], "");
        assert_eq!(code, 2, "{bad}: {err}");
    }
}
