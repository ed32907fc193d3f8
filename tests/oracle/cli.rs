//! The real binary on stdin and on files.

use assert_cmd::Command;

use crate::reference::replay;

fn oracle() -> Command {
    let mut command = Command::cargo_bin("puzzle-oracle").unwrap();
    command.env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir());
    command
}

/// Runs `args` with `stdin`; returns (stdout, stderr, exit code).
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> (String, String, i32) {
    let output = oracle().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

#[test]
fn seven_seed_sample_is_byte_exact() {
    let (out, err, code) = run(
        &["seven"],
        "0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n7 6 5 4 3 2 1 0\n",
    );
    assert_eq!((out.as_str(), err.as_str(), code), ("0\n1\n28\n", "", 0));
}

#[test]
fn eight_seed_sample_is_byte_exact() {
    let (out, err, code) = run(&["eight"], "1 2 3 0 8 4 7 6 5\n\n1 0 3 8 2 4 7 6 5\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("2\n", "", 0));
}

#[test]
fn reads_files_and_dash() {
    let dir = std::env::temp_dir().join(format!("puzzle-oracle-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seven.txt");
    std::fs::write(&file, "7 6 5 4 3 2 1 0\r\n\r\n1\t0 2 3 4 5 6 7\r\n").unwrap();
    let path = file.to_str().unwrap();
    oracle()
        .args(["seven", path])
        .assert()
        .success()
        .stdout("28\n1\n");
    oracle()
        .args(["seven", "-"])
        .write_stdin("1 0 2 3 4 5 6 7")
        .assert()
        .success()
        .stdout("1\n");
    let missing = dir.join("missing.txt");
    oracle()
        .args(["seven", missing.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates_like("cannot open"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A predicate that the text contains `needle`.
fn predicates_like(needle: &'static str) -> impl predicates_core::Predicate<str> {
    Contains(needle)
}

struct Contains(&'static str);

impl predicates_core::Predicate<str> for Contains {
    fn eval(&self, text: &str) -> bool {
        text.contains(self.0)
    }
}

impl predicates_core::reflection::PredicateReflection for Contains {}

impl std::fmt::Display for Contains {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "contains {:?}", self.0)
    }
}

#[test]
fn impossible_and_target() {
    let (out, _, code) = run(&["seven"], "0 2 1 3 4 5 6 7\n");
    assert_eq!((out.as_str(), code), ("Impossible\n", 0));
    let (out, _, _) = run(
        &["seven", "--target", "1 0 2 3 4 5 6 7"],
        "0 1 2 3 4 5 6 7\n",
    );
    assert_eq!(out, "1\n");
    let (out, _, _) = run(
        &["eight", "-t", "1 2 3 8 0 4 7 6 5"],
        "1 2 3 0 8 4 7 6 5 2 1 3 8 0 4 7 6 5\n",
    );
    assert_eq!(out, "1\nImpossible\n");
}

#[test]
fn board_argument() {
    let (out, _, _) = run(&["seven", "-b", "7 6 5 4 3 2 1 0"], "");
    assert_eq!(out, "28\n");
    let (out, _, _) = run(
        &["eight", "--board", "1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5"],
        "",
    );
    assert_eq!(out, "2\n");
    let (out, _, _) = run(&["eight", "-b", "1 0 2 3 4 5 6 7 8"], "");
    assert_eq!(out, "1\n");
    let (out, err, code) = run(&["eight", "-b", "1 0 2 3 4 5 6 7"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "puzzle-oracle: --board: expected 9 or 18 numbers, found 8\n"
    );
}

#[test]
fn moves_replay_to_the_target() {
    let input = "7 6 5 4 3 2 1 0\n0 1 2 3 4 5 6 7\n1 2 6 3 4 0 5 7\n";
    let (out, _, code) = run(&["seven", "--moves"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "0");
    for (board, answer) in input.lines().zip(&lines) {
        let cells: Vec<u8> = board.split(' ').map(|t| t.parse().unwrap()).collect();
        let (count, moves) = answer.split_once(' ').unwrap_or((answer, ""));
        assert_eq!(count.parse::<usize>().unwrap(), moves.len());
        assert_eq!(replay(&cells, 2, 4, moves), Some((0..8).collect()));
    }
    assert!(lines[0].starts_with("28 "));
}

#[test]
fn json_output() {
    let (out, _, _) = run(
        &["eight", "--json"],
        "1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5\n2 1 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5",
    );
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["distance"], 2);
    assert_eq!(values[0]["moves"], "RU");
    assert_eq!(
        values[0]["start"],
        serde_json::json!([1, 2, 3, 0, 8, 4, 7, 6, 5])
    );
    assert!(values[1]["distance"].is_null());
}

#[test]
fn show_draws_every_board() {
    let (out, _, _) = run(&["eight", "--show"], "1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5");
    assert_eq!(
        out,
        "2\n1 2 3\n. 8 4\n7 6 5\n1. R\n1 2 3\n8 . 4\n7 6 5\n2. U\n1 . 3\n8 2 4\n7 6 5\n\n"
    );
}

#[test]
fn empty_input_prints_nothing() {
    for command in ["seven", "eight"] {
        let (out, err, code) = run(&[command], "");
        assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
        let (out, _, code) = run(&[command], "\n \r\n\t\n");
        assert_eq!((out.as_str(), code), ("", 0));
    }
}

/// Answers before the bad case stay; one line names the input line.
fn assert_bad(command: &str, input: &[u8], answers: &str, message: &str) {
    let (out, err, code) = run(&[command], input.to_vec());
    assert_eq!(out, answers, "stdout for {input:?}");
    assert_eq!(
        err,
        format!("puzzle-oracle: {message}\n"),
        "stderr for {input:?}"
    );
    assert_eq!(code, 2);
}

#[test]
fn seven_bad_input() {
    let good = b"1 0 2 3 4 5 6 7\n";
    let cases: [(&[u8], &str); 7] = [
        (
            b"1 2 3 4 5 6 7\n",
            "line 2: expected 8 or 16 numbers, found 7",
        ),
        (
            b"0 1 2 3 4 5 6 8\n",
            "line 2: `8` is out of range: tiles are 0 to 7",
        ),
        (
            b"0 1 2 3 4 5 6 6\n",
            "line 2: tile 6 appears more than once",
        ),
        (b"0 1 2 3 4 5 6 x\n", "line 2: `x` is not a number"),
        (
            b"0 1 2 3 4 5 6 99999999999999999999999\n",
            "line 2: `99999999999999999999999` is out of range: tiles are 0 to 7",
        ),
        (b"0 1 2 3 4 5 6 \xff\n", "line 2: invalid UTF-8 at byte 15"),
        (b"0 1 2 3 4 5 6 -7\n", "line 2: `-7` is not a number"),
    ];
    for (bad, message) in cases {
        let input = [good.as_slice(), bad, good].concat();
        assert_bad("seven", &input, "1\n", message);
    }
}

#[test]
fn eight_bad_input() {
    let good = b"1 2 3 0 8 4 7 6 5\n1 0 3 8 2 4 7 6 5\n";
    let cases: [(&[u8], &str); 5] = [
        (
            b"1 2 3 0 8 4 7 6 5\n1 0 3 8 2 4 7 6\n",
            "line 3: truncated case: expected 18 numbers, found 17",
        ),
        (
            b"1 2 3 0 8 4 7 6 9\n",
            "line 3: `9` is out of range: tiles are 0 to 8",
        ),
        (
            b"1 2 3 0 8 4 7 6 5\n1 0 3 8 2 4 7 5 5\n",
            "line 4: target: tile 5 appears more than once",
        ),
        (b"1 2 3 0 8 4 7 6 y\n", "line 3: `y` is not a number"),
        (b"1 2 3 \xc3\x28\n", "line 3: invalid UTF-8 at byte 7"),
    ];
    for (bad, message) in cases {
        let input = [good.as_slice(), bad].concat();
        assert_bad("eight", &input, "2\n", message);
    }
}

#[test]
fn bad_arguments() {
    let (_, err, code) = run(&["seven", "-t", "0 1 2"], "");
    assert_eq!(
        (err.as_str(), code),
        ("puzzle-oracle: --target: expected 8 numbers, found 3\n", 2)
    );
    let (_, err, code) = run(&["stats", "15"], "");
    assert_eq!(code, 2);
    assert!(err.contains("invalid value '15'"), "{err}");
    assert!(
        err.contains(
            "2x2, 2x3, 3x2, 2x4, seven, 4x2, 3x3, eight, 2x5, 5x2, 3x4, 4x3, 2x6, 6x2, 2x7, 7x2, \
             3x5, 5x3, 2x8, 8x2, 4x4, fifteen"
        ),
        "{err}"
    );
    let (out, _, code) = run(&["stats", "Eight"], "");
    assert_eq!((out.lines().count(), code), (32, 0));
    // The bad item is quoted by value, not by position.
    let (_, err, code) = run(&["stats", "seven", "-t", "0 1 2 3 4 5 6 99"], "");
    assert_eq!(
        (err.as_str(), code),
        (
            "puzzle-oracle: --target: `99` is out of range: tiles are 0 to 7\n",
            2
        )
    );
    // The 4x4 board has no table: the published counts of the corner
    // class, and none for the others; no search starts.
    let (out, _, code) = run(&["stats", "4x4", "-t", "last"], "");
    assert_eq!((out.lines().count(), code), (81, 0));
    assert_eq!(out.lines().last(), Some("80           17 #"));
    let edge = "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let (out, err, code) = run(&["stats", "fifteen", "-t", edge], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("only the corner targets' counts"), "{err}");
}

#[test]
fn stats_reproduce_published_counts() {
    let (out, _, code) = run(&["stats", "3x3"], "");
    assert_eq!(code, 0);
    let counts: Vec<(usize, u32)> = out
        .lines()
        .map(|line| {
            let mut fields = line.split_whitespace();
            (
                fields.next().unwrap().parse().unwrap(),
                fields.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let expected = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    assert_eq!(
        counts,
        expected.iter().copied().enumerate().collect::<Vec<_>>()
    );
    let (out, _, _) = run(&["stats", "seven"], "");
    assert_eq!(out.lines().count(), 37);
    assert!(out.lines().last().unwrap().starts_with("36      1 "));
}

#[test]
fn broken_pipe_is_not_an_error() {
    use std::io::Write;
    use std::process::{Command as Std, Stdio};
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("puzzle-oracle"))
        .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
        .arg("seven")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close our end of stdout at once, then feed plenty of input.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let line = b"7 6 5 4 3 2 1 0\n".repeat(20_000);
    let _ = stdin.write_all(&line);
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_closed_pipe_stops_the_search_under_way() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Std, Stdio};
    use std::time::{Duration, Instant};
    // An easy case, then the farthest 3x5 position, whose search takes
    // about 40 s: once the reader has the first answer and closes its
    // end, the command must end long before that search could.
    let farthest = include_str!("../data/farthest-3x5.txt").trim();
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("puzzle-oracle"))
        .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
        .args(["solve", "3x5", "-t", "last", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14\n{farthest}").unwrap();
    drop(stdin);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "1\n");
    // The reader is dropped: the pipe is closed.
    let waited = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if waited.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("the search went on after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn one_number_grammar_digits_only() {
    let (out, _, code) = run(&["seven"], "007 1 2 3 4 5 6 00\n");
    assert_eq!((out.as_str(), code), ("Impossible\n", 0));
    for bad in ["+3", "-0", "3.0", "0x3"] {
        let input = format!("0 1 2 {bad} 4 5 6 7\n");
        let (_, err, code) = run(&["seven"], input);
        assert_eq!(
            (err, code),
            (
                format!("puzzle-oracle: line 1: `{bad}` is not a number\n"),
                2
            )
        );
        let (_, err, code) = run(
            &["eight"],
            format!("1 2 {bad} 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5"),
        );
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains(&format!("`{bad}` is not a number")), "{err}");
    }
}

#[test]
fn repeated_tiles_are_named_on_their_own_line() {
    // The target's second 5 is on line 6, three lines after the case
    // began.
    let input = "1 2 3 0 8 4 7 6 5\n1 0 3 8 2 4 7 6 5\n\n1 2 3 0 8 4 7 6 5\n1 0 3\n8 2 4 7 5 5\n";
    let (out, err, code) = run(&["eight"], input);
    assert_eq!(out, "2\n");
    assert_eq!(
        (err.as_str(), code),
        (
            "puzzle-oracle: line 6: target: tile 5 appears more than once\n",
            2
        )
    );
}

#[test]
fn messages_escape_control_bytes_and_cut_long_items() {
    let (_, err, code) = run(&["seven"], "0 1 2 3 4 5 6 \x1b[31mred\n");
    assert_eq!(code, 2);
    assert!(!err.contains('\x1b'), "{err:?}");
    assert!(err.contains("`\\u{1b}[31mred` is not a number"), "{err:?}");
    let long = "9".repeat(1000);
    let (_, err, _) = run(&["seven"], format!("0 1 2 3 4 5 6 {long}\n"));
    assert!(err.len() < 120, "{err}");
    assert!(err.contains(&format!("`{}...`", "9".repeat(24))), "{err}");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let (out, err, code) = run(&["seven"], "\u{feff}1 0 2 3 4 5 6 7\r\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("1\n", "", 0));
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    // Old Mac line ends: two boards, two cases, not one start and target.
    let (out, _, code) = run(&["seven"], "1 0 2 3 4 5 6 7\r0 1 2 3 4 5 6 7\r");
    assert_eq!((out.as_str(), code), ("1\n0\n", 0));
    let (out, _, _) = run(&["seven"], "1 0 2 3 4 5 6 7\r\n\r\n0 1 2 3 4 5 6 7");
    assert_eq!(out, "1\n0\n");
}

#[test]
fn utf16_input_is_named() {
    let utf16 = |bom: bool| -> Vec<u8> {
        let mut bytes: Vec<u8> = if bom { vec![0xff, 0xfe] } else { vec![] };
        bytes.extend(
            "1 0 2 3 4 5 6 7\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        );
        bytes
    };
    let (_, err, code) = run(&["seven"], utf16(true));
    assert_eq!(code, 2);
    assert!(err.contains("line 1: the input is UTF-16"), "{err}");
    let (_, err, code) = run(&["seven"], utf16(false));
    assert_eq!(code, 2);
    assert!(
        err.contains("line 1: a NUL byte at byte 2: if the input is UTF-16"),
        "{err}"
    );
}

#[test]
fn json_is_as_the_readme_shows() {
    let (out, _, _) = run(&["eight", "--json"], "1 2 3 0 8 4 7 6 5 1 0 3 8 2 4 7 6 5");
    let readme = include_str!("../../README.md");
    let line = out.trim_end();
    assert!(readme.contains(&format!("`{line}`")), "{line}");
}

#[test]
fn version_names_the_program_everywhere() {
    for args in [
        &["--version"][..],
        &["seven", "--version"],
        &["gap", "--version"],
    ] {
        let (out, _, code) = run(args, "");
        assert_eq!(code, 0);
        assert!(out.starts_with("puzzle-oracle "), "{out}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_takes_nothing_is_an_error() {
    use std::process::{Command, Stdio};
    let binary = assert_cmd::cargo::cargo_bin("puzzle-oracle");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for args in [&["--help"][..], &["seven", "-b", "0 1 2 3 4 5 6 7"]] {
        let output = Command::new(&binary)
            .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
            .args(args)
            .stdout(Stdio::from(full()))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write output"));
    }
    // `/dev/null` opened read-write, as Python's `subprocess.DEVNULL` and
    // daemons do, is a place to discard output, not an error; a closed
    // standard output (`>&-`) looks the same to the program.
    for redirect in ["1<>/dev/null", ">&-"] {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" seven -b '0 1 2 3 4 5 6 7' {redirect}"))
            .arg(&binary)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{redirect}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{redirect}");
    }
    // `> /dev/null` is not closed.
    let output = Command::new(&binary)
        .args(["seven", "-b", "0 1 2 3 4 5 6 7"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
}

/// The words of a shell command line: spaces split, double quotes group.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => words.push(String::new()),
            _ => words.last_mut().unwrap().push(c),
        }
    }
    words.retain(|word| !word.is_empty());
    words
}

#[test]
fn every_help_example_is_a_real_answer() {
    for command in ["seven", "eight", "fifteen", "solve"] {
        let (help, _, _) = run(&[command, "--help"], "");
        // Help wraps long lines; the example is one sentence.
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let example = help
            .split("Example: `puzzle-oracle ")
            .nth(1)
            .unwrap_or_else(|| panic!("{command} --help has an example: {help}"));
        let (line, rest) = example.split_once("` prints `").unwrap();
        let printed = rest.split('`').next().unwrap();
        let words = shell_words(line);
        assert_eq!(words[0], command, "{command}'s help speaks of {command}");
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let (out, _, code) = run(&args, "");
        assert_eq!((out.trim_end(), code), (printed, 0), "{line}");
    }
}

/// Each command's help speaks of that command only.
#[test]
fn help_names_no_other_command() {
    for (command, others) in [
        ("seven", ["eight", "fifteen"]),
        ("eight", ["seven", "fifteen"]),
        ("fifteen", ["seven", "eight"]),
    ] {
        let (help, _, _) = run(&[command, "--help"], "");
        for other in others {
            assert!(
                !help.contains(other),
                "{command} --help names {other}: {help}"
            );
        }
    }
}

#[test]
fn hints_and_solution_counts_follow_the_count() {
    let (out, _, code) = run(
        &["seven", "--hints", "--count-solutions", "-m"],
        "7 6 5 4 3 2 1 0\n0 1 2 3 4 5 6 7\n0 2 1 3 4 5 6 7\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "28 UL 2 ULLLDRRRULLLDRRRULLLDRRRULLL\n0 - 1\nImpossible\n"
    );
    let (out, _, _) = run(
        &["eight", "--hints", "--json", "-b", "8 5 6 7 2 3 4 1 0"],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["hints"], "UL");
    assert!(value.get("optimal_solutions").is_none());
    let (out, _, _) = run(
        &[
            "eight",
            "--count-solutions",
            "--json",
            "-b",
            "8 5 6 7 2 3 4 1 0",
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["optimal_solutions"], 64);
}

#[test]
fn random_boards_pipe_into_the_solvers_at_their_distance() {
    let (boards, _, code) = run(
        &["random", "seven", "-d", "12", "-n", "50", "--seed", "9"],
        "",
    );
    assert_eq!((boards.lines().count(), code), (50, 0));
    let (answers, _, _) = run(&["seven"], boards.as_str());
    assert_eq!(answers, "12\n".repeat(50));
    let target = "3 8 1 0 5 2 7 6 4";
    let (boards, _, _) = run(
        &[
            "random", "3x3", "-d", "25", "-n", "40", "-t", target, "--seed", "1",
        ],
        "",
    );
    let (answers, _, _) = run(&["eight", "--target", target], boards.as_str());
    assert_eq!(answers, "25\n".repeat(40));
    // Any distance: every board can reach the target.
    let (boards, _, _) = run(&["random", "eight", "-n", "100", "--seed", "2"], "");
    let (answers, _, _) = run(&["eight", "--target", "0 1 2 3 4 5 6 7 8"], boards.as_str());
    assert!(!answers.contains("Impossible") && answers.lines().count() == 100);
}

#[test]
fn random_is_reproducible_and_speaks_json() {
    let args = ["random", "eight", "-d", "20", "-n", "5", "--seed", "77"];
    assert_eq!(run(&args, "").0, run(&args, "").0);
    // The one 2x4 board 36 moves from the goal, from the reference BFS.
    let reference = crate::reference::bfs(&[0, 1, 2, 3, 4, 5, 6, 7], 2, 4);
    let (far, _) = reference.iter().find(|&(_, &d)| d == 36).unwrap();
    let far: Vec<String> = far.iter().map(u8::to_string).collect();
    let (out, _, _) = run(
        &["random", "seven", "-d", "36", "--json", "--seed", "3"],
        "",
    );
    let expected = format!("{{\"board\":[{}],\"distance\":36}}\n", far.join(","));
    assert_eq!(out, expected);
}

#[test]
fn random_rejects_what_it_cannot_draw() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["random", "eight", "-d", "32"],
            "no board is 32 moves from the target: the most is 31",
        ),
        (&["random", "eight", "-n", "0"], "invalid value '0'"),
        (&["random", "4x4", "-d", "3"], "needs a complete table"),
        (&["random", "eight", "-d", "x"], "invalid value 'x'"),
    ];
    for (args, message) in cases {
        let (out, err, code) = run(args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// A program that writes one case and waits gets its answer before it
/// writes the next or closes its end, on every command that reads cases.
#[test]
fn each_answer_comes_before_the_next_line_is_written() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command as Std, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;
    // (arguments, two lines, each line's answer), the answers worked out
    // by hand: two and one moves left of the goal, and the graded moves.
    let commands: [(&[&str], [&str; 2], [&str; 2]); 6] = [
        (
            &["seven"],
            ["1 2 0 3 4 5 6 7", "1 0 2 3 4 5 6 7"],
            ["2", "1"],
        ),
        (
            &["eight"],
            [
                "1 2 0 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8",
                "1 0 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8",
            ],
            ["2", "1"],
        ),
        (
            &["solve", "3x3"],
            ["1 2 0 3 4 5 6 7 8", "1 0 2 3 4 5 6 7 8"],
            ["2", "1"],
        ),
        (
            &["solve", "2x5"],
            ["1 2 0 3 4 5 6 7 8 9", "1 0 2 3 4 5 6 7 8 9"],
            ["2", "1"],
        ),
        (
            &["solve", "3x4", "--threads", "1"],
            ["1 2 0 3 4 5 6 7 8 9 10 11", "1 0 2 3 4 5 6 7 8 9 10 11"],
            ["2", "1"],
        ),
        (&["analyse", "3x3"], ["LL", "RRLL"], ["2 2 +0", "4 0 +4"]),
    ];
    for (args, lines, answers) in commands {
        let mut child = Std::new(assert_cmd::cargo::cargo_bin("puzzle-oracle"))
            .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (sender, answered) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        // The second line ends as on Windows: `\r\n` drains the input too.
        for ((line, answer), ending) in lines.iter().zip(answers).zip(["\n", "\r\n"]) {
            write!(stdin, "{line}{ending}").unwrap();
            stdin.flush().unwrap();
            let got = answered.recv_timeout(Duration::from_secs(20));
            if got.is_err() {
                child.kill().unwrap();
            }
            assert_eq!(
                got.as_deref(),
                Ok(answer),
                "{args:?}: no answer to `{line}` while the input stays open"
            );
        }
        drop(stdin);
        assert!(child.wait().unwrap().success(), "{args:?}");
    }
}

#[test]
fn compact_without_moves_to_shape_is_refused() {
    let (out, err, code) = run(
        &["solve", "3x3", "--compact", "-b", "8 0 6 5 4 7 2 3 1"],
        "",
    );
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("--compact shapes the moves that -m"), "{err}");
    let (_, err, code) = run(&["random", "3x3", "--compact", "--seed", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--as-moves"), "{err}");
    let (out, _, code) = run(&["seven", "-m", "--compact", "-b", "7 6 5 4 3 2 1 0"], "");
    assert_eq!((out.as_str(), code), ("28 UL3DR3UL3DR3UL3DR3UL3\n", 0));
}

#[test]
fn threads_on_a_tabled_board_are_named_as_unused() {
    let (out, err, code) = run(
        &["solve", "2x4", "--threads", "4", "-b", "1 0 2 3 4 5 6 7"],
        "",
    );
    assert_eq!((out.as_str(), code), ("1\n", 0));
    assert!(
        err.contains("note: --threads: 2x4 answers from its complete table, with no search for it"),
        "{err}"
    );
}
