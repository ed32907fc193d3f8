//! The `gap` command on the real binary.
const SAMPLE: &str = "4\n\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n\n\
    26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n\n\
    17 12 16 13 15 14 11\n27 22 26 23 25 24 21\n37 32 36 33 35 34 31\n47 42 46 43 45 44 41\n\n\
    27 14 22 35 32 46 33\n13 17 36 24 44 21 15\n43 16 45 47 23 11 26\n25 37 41 34 42 12 31\n";

/// Runs `gap` with `args` and `stdin`; returns (stdout, stderr, exit code).
fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> (String, String, i32) {
    crate::cli::run(&[&["gap"], args].concat(), stdin)
}

#[test]
fn seed_sample_is_byte_exact() {
    let (out, err, code) = run(&[], SAMPLE);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("0\n33\n60\n-1\n", "", 0)
    );
    // Without blank lines, with CRLF and tabs.
    let packed = SAMPLE
        .replace("\n\n", "\n")
        .replace('\n', "\r\n")
        .replace(' ', "\t");
    let (out, _, code) = run(&[], packed);
    assert_eq!((out.as_str(), code), ("0\n33\n60\n-1\n", 0));
}

#[test]
fn moves_replay_to_the_goal() {
    let (out, _, code) = run(&["--moves"], SAMPLE);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let layouts = crate::gap_reference::read_layouts(SAMPLE);
    for (rows, line) in layouts.iter().zip(&lines) {
        let mut fields = line.split(' ');
        let count: i64 = fields.next().unwrap().parse().unwrap();
        let cards: Vec<u8> = fields.map(|f| f.parse().unwrap()).collect();
        if count < 0 {
            assert!(cards.is_empty());
            continue;
        }
        assert_eq!(cards.len() as i64, count);
        let end = crate::gap_reference::replay(crate::gap_reference::deal(rows), &cards);
        assert_eq!(end, Some(crate::gap_reference::goal()));
    }
    assert_eq!(lines.len(), 4);
}

#[test]
fn json_and_show() {
    let (out, _, _) = run(&["--json"], SAMPLE);
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values[1]["distance"], 33);
    assert_eq!(values[1]["moves"].as_array().unwrap().len(), 33);
    assert!(values[3]["distance"].is_null());
    let one = "1\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 11 47\n";
    let (out, _, _) = run(&["--show"], one);
    assert_eq!(
        out,
        "1\n11 12 13 14 15 16 17 --\n21 22 23 24 25 26 27 --\n31 32 33 34 35 36 37 --\n41 42 43 44 45 46 -- 47\n\
         1. 47\n11 12 13 14 15 16 17 --\n21 22 23 24 25 26 27 --\n31 32 33 34 35 36 37 --\n41 42 43 44 45 46 47 --\n\n"
    );
}

/// The sample with its second layout's first row replaced.
fn with_bad_row(row: &str) -> String {
    SAMPLE.replace("26 31 13 44 21 24 42", row)
}

#[test]
fn bad_input() {
    let cases = [
        (
            with_bad_row("26 31 13 44 21 24 18"),
            "0\n",
            "line 8: `18` is not a card (suit 1-4, value 1-7)",
        ),
        (
            with_bad_row("26 31 13 44 21 24 51"),
            "0\n",
            "line 8: `51` is not a card (suit 1-4, value 1-7)",
        ),
        (
            with_bad_row("26 31 13 44 21 24 10"),
            "0\n",
            "line 8: `10` is not a card (suit 1-4, value 1-7)",
        ),
        (
            with_bad_row("26 31 13 44 21 24 4x"),
            "0\n",
            "line 8: `4x` is not a card",
        ),
        (
            with_bad_row("26 31 13 44 21 24"),
            "0\n",
            "line 8: a row needs 7 cards, found 6",
        ),
        (
            with_bad_row("26 31 13 44 21 24 42 43"),
            "0\n",
            "line 8: a row needs 7 cards, found 8",
        ),
        (
            with_bad_row("26 31 13 44 21 24 24"),
            "0\n",
            "line 8: layout 2: row 1, column 7: card 24 appears twice and card 42 is missing",
        ),
        (
            // Card 26 again in row 4 of layout 2, on line 11.
            SAMPLE.replace("16 43 27 35 22 33 15", "16 43 27 35 22 33 26"),
            "0\n",
            "line 11: layout 2: row 4, column 7: card 26 appears twice and card 15 is missing",
        ),
        (
            SAMPLE.replacen('4', "+4", 1),
            "",
            "line 1: the count `+4` is not a non-negative number",
        ),
        (
            with_bad_row("+26 31 13 44 21 24 42"),
            "0\n",
            "line 8: `+26` is not a card",
        ),
        (
            SAMPLE.replacen('4', "x", 1),
            "",
            "line 1: the count `x` is not a non-negative number",
        ),
        (
            SAMPLE.replacen('4', "-4", 1),
            "",
            "line 1: the count `-4` is not a non-negative number",
        ),
        (
            SAMPLE.replacen('4', "5", 1),
            "0\n33\n60\n-1\n",
            "line 21: expected 5 layouts, found 4",
        ),
        (
            SAMPLE.replacen('4', "3", 1),
            "0\n33\n60\n",
            "line 18: more layouts than the count (3)",
        ),
        (
            SAMPLE.replace("25 37 41 34 42 12 31\n", ""),
            "0\n33\n60\n",
            "line 20: layout 4 has 3 rows, expected 4",
        ),
    ];
    for (input, answers, message) in cases {
        let (out, err, code) = run(&[], input.clone());
        assert_eq!(out, answers, "stdout for {input:?}");
        assert_eq!(
            err,
            format!("puzzle-oracle: {message}\n"),
            "stderr for {input:?}"
        );
        assert_eq!(code, 2, "{input:?}");
    }
}

#[test]
fn empty_input_and_zero_count() {
    assert_eq!(run(&[], ""), (String::new(), String::new(), 0));
    assert_eq!(run(&[], "0\n"), (String::new(), String::new(), 0));
}

#[test]
fn json_is_as_the_readme_shows() {
    let (out, _, _) = run(&["--json"], SAMPLE);
    let second = out.lines().nth(1).unwrap();
    let value: serde_json::Value = serde_json::from_str(second).unwrap();
    let cards: Vec<String> = value["moves"].as_array().unwrap()[..3]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    let shown = format!(
        "{{\"distance\":{},\"layout\":2,\"moves\":[{},...],\"states\":{}}}",
        value["distance"],
        cards.join(","),
        value["states"]
    );
    assert!(include_str!("../../README.md").contains(&shown), "{shown}");
    // Leading zeros are numbers too, a sign is not.
    let (out, _, code) = run(&[], SAMPLE.replacen("12 13", "012 13", 1));
    assert_eq!((out.lines().next(), code), (Some("0"), 0));
}

#[test]
fn threads_keep_the_input_order() {
    let hard = std::fs::read_to_string("tests/data/gap-hard.txt").unwrap();
    let (one, _, code) = run(&["--threads", "1", "-m"], hard.clone());
    assert_eq!(code, 0);
    let (two, _, _) = run(&["--threads", "2", "-m"], hard.clone());
    let (three, _, _) = run(&["--threads", "3", "-m"], hard);
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.lines().count(), 24);
}

/// The README's Gap example reads this file: the seed sample.
#[test]
fn the_sample_file_is_the_seed_sample() {
    let file = std::fs::read_to_string("tests/data/gap-sample.txt").unwrap();
    assert_eq!(file, SAMPLE);
    let (out, _, code) = run(&["tests/data/gap-sample.txt"], "");
    assert_eq!((out.as_str(), code), ("0\n33\n60\n-1\n", 0));
}
