//! The `fifteen` command on the real binary.
use crate::cli::run;
use crate::reference::replay;

/// The first `count` of Korf's instances, one a line, and their published
/// optimal lengths.
fn korf(count: usize) -> (String, Vec<String>) {
    let boards: String = include_str!("../data/korf100.txt")
        .lines()
        .take(count)
        .map(|line| format!("{line}\n"))
        .collect();
    let lengths = include_str!("../data/korf100-lengths.txt")
        .lines()
        .take(count)
        .map(String::from)
        .collect();
    (boards, lengths)
}

#[test]
fn korf_instances_in_input_order_with_any_thread_count() {
    let (boards, lengths) = korf(12);
    let expected = lengths.join("\n") + "\n";
    for threads in ["1", "2", "5"] {
        let (out, err, code) = run(&["fifteen", "--threads", threads], boards.as_str());
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (expected.as_str(), "", 0),
            "{threads}"
        );
    }
}

#[test]
fn moves_replay_to_the_target() {
    let (boards, lengths) = korf(3);
    let (out, _, code) = run(&["fifteen", "-m"], boards.as_str());
    assert_eq!(code, 0);
    let goal: Vec<u8> = (0..16).collect();
    for ((line, board), length) in out.lines().zip(boards.lines()).zip(&lengths) {
        let (count, moves) = line.split_once(' ').unwrap();
        assert_eq!(count, length);
        assert_eq!(moves.len().to_string(), *length);
        let cells: Vec<u8> = board
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(replay(&cells, 4, 4, moves), Some(goal.clone()));
    }
}

#[test]
fn start_and_target_on_one_line_or_by_option() {
    let start = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15";
    let target = "1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0";
    let pair = format!("{start}  {target}\r\n\n");
    let (out, err, code) = run(&["fifteen", "-m"], pair);
    assert_eq!((out.as_str(), err.as_str(), code), ("3 DDD\n", "", 0));
    let (out, _, code) = run(&["fifteen", "-t", target], format!("{start}\n"));
    assert_eq!((out.as_str(), code), ("3\n", 0));
    let (out, _, code) = run(&["fifteen", "-b", &format!("{start} {target}")], "");
    assert_eq!((out.as_str(), code), ("3\n", 0));
    // Two tiles swapped: the other half of the states.
    let (out, _, code) = run(
        &["fifteen", "-b", "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"],
        "",
    );
    assert_eq!((out.as_str(), code), ("Impossible\n", 0));
}

#[test]
fn json_and_show() {
    let (out, _, code) = run(
        &[
            "fifteen",
            "--json",
            "-b",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["distance"], 1);
    assert_eq!(value["moves"], "L");
    assert_eq!(
        value["target"],
        serde_json::json!((0..16).collect::<Vec<u8>>())
    );
    assert!(value["nodes"].as_u64().unwrap() >= 1);
    let (out, _, _) = run(
        &[
            "fifteen",
            "--json",
            "-b",
            "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(value["distance"].is_null() && value["moves"].is_null());
    let (out, _, code) = run(
        &[
            "fifteen",
            "-s",
            "-b",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1\n 1  .  2  3\n 4  5  6  7\n 8  9 10 11\n12 13 14 15\n\
         1. L\n .  1  2  3\n 4  5  6  7\n 8  9 10 11\n12 13 14 15\n\n"
    );
}

#[test]
fn bad_input_stops_after_the_answers_before_it() {
    let (boards, lengths) = korf(2);
    let cases = [
        ("1 2 3", "line 3: expected 16 or 32 numbers, found 3"),
        (
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16",
            "line 3: `16` is out of range: tiles are 0 to 15",
        ),
        (
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 x",
            "line 3: `x` is not a number",
        ),
        (
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14",
            "line 3: tile 14 appears more than once",
        ),
    ];
    for (bad, message) in cases {
        let input = format!("{boards}{bad}\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
        let (out, err, code) = run(&["fifteen", "--threads", "2"], input);
        assert_eq!(out, lengths.join("\n") + "\n", "{bad}");
        assert_eq!(
            (err.as_str(), code),
            (format!("puzzle-oracle: {message}\n").as_str(), 2)
        );
    }
    let (_, err, code) = run(&["fifteen", "-t", "0 1 2"], "");
    assert_eq!(
        (err.as_str(), code),
        ("puzzle-oracle: --target: expected 16 numbers, found 3\n", 2)
    );
    let (_, err, code) = run(&["fifteen", "--threads", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--threads"), "{err}");
    let (out, err, code) = run(&["fifteen"], "");
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
}

/// Korf's hardest instance here (88, 65 moves) and a drawn board of 1.4
/// million nodes (62 moves), whose last iterations every thread searches,
/// among quick ones, one the blank cannot solve, and Korf's 88 again last
/// (the tail of the batch): every thread count answers each in input
/// order, as one thread does, hints and counts and listings included.
#[test]
fn a_hard_case_among_quick_ones_is_answered_in_order_by_any_thread_count() {
    let lines: Vec<&str> = include_str!("../data/korf100.txt").lines().collect();
    let hard = lines[87];
    let cases = [
        lines[0],
        hard,
        lines[1],
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15",
        lines[4],
        "15 11 7 3 9 10 14 1 6 13 12 5 2 8 4 0",
        hard,
    ]
    .map(|line| format!("{line}\n"))
    .concat();
    let args = [
        "solve",
        "4x4",
        "-m",
        "--hints",
        "--count-solutions",
        "--all-solutions",
        "--limit",
        "3",
    ];
    let (alone, err, code) = run(&[&args[..], &["--threads", "1"]].concat(), cases.as_str());
    assert_eq!(code, 0, "{err}");
    let lengths: Vec<&str> = alone
        .lines()
        .filter(|line| !line.starts_with(' '))
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        lengths,
        ["57", "65", "55", "1", "Impossible", "56", "62", "65"],
        "{alone}"
    );
    for threads in ["2", "8"] {
        let (together, other_err, code) = run(
            &[&args[..], &["--threads", threads]].concat(),
            cases.as_str(),
        );
        assert_eq!(
            (together.as_str(), other_err.as_str(), code),
            (alone.as_str(), err.as_str(), 0),
            "{threads}"
        );
    }
}
