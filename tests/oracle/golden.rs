//! The golden outputs: every case of `tests/golden/cases.txt` run on the
//! built binary, its standard output, standard error and exit status
//! compared byte for byte with what `scripts/record-golden.sh` recorded in
//! `tests/golden/expected/`, node counts masked. They pin what every
//! command and option prints, so that a change meant to change nothing
//! (a refactor of the command layer) is seen to change nothing.
//!
//! The case format, the file layout and the masking are those of
//! `tests/golden/README.md`; the recorder implements the same rules, so a
//! change to one is a change to both.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// One line of `cases.txt`.
#[derive(Debug)]
struct Case {
    name: String,
    /// The file fed to standard input, from the repository root; `None`
    /// for an empty standard input (`-`).
    stdin: Option<String>,
    args: Vec<String>,
}

/// What one run printed, masked, and how it ended.
struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The arguments of an `ARGS` field: separated by spaces; a double quote
/// opens or closes a stretch in which spaces belong to the argument, and
/// is not part of it (`""` is an empty argument). No escapes.
fn split_args(text: &str) -> Result<Vec<String>, String> {
    let mut args = Vec::new();
    let mut arg = String::new();
    // Whether an argument has begun: a quote alone begins one.
    let mut started = false;
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    args.push(std::mem::take(&mut arg));
                    started = false;
                }
            }
            _ => {
                arg.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err("a double quote is not closed".to_string());
    }
    if started {
        args.push(arg);
    }
    Ok(args)
}

/// The cases of `cases.txt`, checked as the recorder checks them: three
/// tab-separated fields (the last may be left out), unique slugs.
fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut lines_of: HashMap<String, usize> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("cases.txt:{number}: {why}");
        let mut fields = line.splitn(3, '\t');
        let name = fields.next().unwrap_or_default();
        let stdin = fields
            .next()
            .ok_or_else(|| at("expected NAME<TAB>STDIN<TAB>ARGS".to_string()))?;
        let arg_text = fields.next().unwrap_or_default();
        let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if name.is_empty() || !name.chars().all(slug) {
            return Err(at(format!("bad name `{name}` (a slug of [a-z0-9-])")));
        }
        if let Some(first) = lines_of.insert(name.to_string(), number) {
            return Err(at(format!("`{name}` is already the name of line {first}")));
        }
        if arg_text.contains('\t') {
            return Err(at("a tab in ARGS".to_string()));
        }
        cases.push(Case {
            name: name.to_string(),
            stdin: (stdin != "-").then(|| stdin.to_string()),
            args: split_args(arg_text).map_err(at)?,
        });
    }
    Ok(cases)
}

/// `text` with node counts replaced by `N`: `"nodes":<digits>` and
/// `Stopped after <digits> nodes`, and the bound a stopped search had
/// reached (`"at_least":<digits>`, `at least <digits> moves`: where a
/// timeout stops it depends on the machine's speed), as the recorder's
/// `sed` does.
fn mask(text: &[u8]) -> Vec<u8> {
    let text = mask_digits(text, b"\"nodes\":", b"");
    let text = mask_digits(&text, b"\"at_least\":", b"");
    let text = mask_digits(&text, b"at least ", b" moves");
    mask_digits(&text, b"Stopped after ", b" nodes")
}

/// `text` with every run of digits between `before` and `after` replaced
/// by `N`. Bytes, not text: the output is compared as it was written.
fn mask_digits(text: &[u8], before: &[u8], after: &[u8]) -> Vec<u8> {
    let mut masked = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.windows(before.len()).position(|w| w == before) {
        let (head, tail) = rest.split_at(at + before.len());
        masked.extend_from_slice(head);
        let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 && tail[digits..].starts_with(after) {
            masked.push(b'N');
            rest = &tail[digits..];
        } else {
            rest = tail;
        }
    }
    masked.extend_from_slice(rest);
    masked
}

/// The arguments of `case` as `cases.txt` writes them, to name it.
fn quoted_args(case: &Case) -> String {
    let quoted = |arg: &String| {
        if arg.is_empty() || arg.contains(' ') {
            format!("\"{arg}\"")
        } else {
            arg.clone()
        }
    };
    case.args.iter().map(quoted).collect::<Vec<_>>().join(" ")
}

/// Runs `case` from the repository root.
fn run(case: &Case) -> Run {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stdin = match &case.stdin {
        Some(path) => fs::read(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}")),
        None => Vec::new(),
    };
    let output = Command::cargo_bin("puzzle-oracle")
        .unwrap()
        .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
        .args(&case.args)
        .current_dir(root)
        // Colour escapes in clap's messages come only with these.
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .env_remove("NO_COLOR")
        .write_stdin(stdin)
        .output()
        .unwrap();
    Run {
        stdout: mask(&output.stdout),
        stderr: mask(&output.stderr),
        // Killed by a signal: no status, which no recording has.
        status: output.status.code().unwrap_or(-1),
    }
}

/// What the recorder wrote for `name`: absent `.err` and `.status` files
/// are an empty standard error and status 0.
fn recorded(expected: &Path, name: &str) -> Result<Run, String> {
    let read = |extension: &str| fs::read(expected.join(format!("{name}.{extension}")));
    let stdout = read("out")
        .map_err(|_| format!("{name}: no {name}.out: record it with scripts/record-golden.sh"))?;
    let status = match read("status") {
        Ok(text) => String::from_utf8_lossy(&text)
            .trim()
            .parse()
            .map_err(|_| format!("{name}: {name}.status is not a number"))?,
        Err(_) => 0,
    };
    Ok(Run {
        stdout,
        stderr: read("err").unwrap_or_default(),
        status,
    })
}

/// A line as a message shows it: escaped, cut short.
fn shown(line: Option<&[u8]>) -> String {
    const MAX_CHARS: usize = 160;
    let Some(line) = line else {
        return "(no line: the output ended)".to_string();
    };
    let text = String::from_utf8_lossy(line);
    let mut escaped: String = text.escape_debug().take(MAX_CHARS).collect();
    if text.escape_debug().nth(MAX_CHARS).is_some() {
        escaped.push_str("...");
    }
    format!("`{escaped}`")
}

/// Where `got` first differs from `expected`: the line, both versions.
fn first_difference(expected: &[u8], got: &[u8]) -> String {
    let mut expected_lines = expected.split_inclusive(|&b| b == b'\n');
    let mut got_lines = got.split_inclusive(|&b| b == b'\n');
    let mut number = 1;
    loop {
        let (want, have) = (expected_lines.next(), got_lines.next());
        if want != have {
            return format!(
                "line {number}: expected {}, got {}",
                shown(want),
                shown(have)
            );
        }
        number += 1;
    }
}

/// Every difference between `got` and what was recorded, one line each.
fn differences(expected: &Run, got: &Run) -> Vec<String> {
    let mut found = Vec::new();
    if expected.stdout != got.stdout {
        let at = first_difference(&expected.stdout, &got.stdout);
        found.push(format!("stdout, {at}"));
    }
    if expected.stderr != got.stderr {
        let at = first_difference(&expected.stderr, &got.stderr);
        found.push(format!("stderr, {at}"));
    }
    if expected.status != got.status {
        found.push(format!(
            "exit status: expected {}, got {}",
            expected.status, got.status
        ));
    }
    found
}

/// The files of `expected` that no case owns: left by a case renamed or
/// removed without re-recording.
fn strays(expected: &Path, cases: &[Case]) -> Vec<String> {
    let mut strays: Vec<String> = fs::read_dir(expected)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|file| {
            let owned = file.rsplit_once('.').is_some_and(|(name, extension)| {
                ["out", "err", "status"].contains(&extension)
                    && cases.iter().any(|case| case.name == name)
            });
            !owned
        })
        .collect();
    strays.sort();
    strays
}

#[test]
fn every_case_prints_what_was_recorded() {
    let dir = golden_dir();
    let text = fs::read_to_string(dir.join("cases.txt")).unwrap();
    let cases = parse_cases(&text).unwrap_or_else(|why| panic!("{why}"));
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    let expected = dir.join("expected");
    // Every case runs, so that one failure lists them all.
    let mut report = String::new();
    let mut failed = 0;
    for case in &cases {
        let found = match recorded(&expected, &case.name) {
            Ok(recorded) => differences(&recorded, &run(case)),
            Err(why) => vec![why],
        };
        if !found.is_empty() {
            failed += 1;
            let _ = writeln!(report, "{} ({}):", case.name, quoted_args(case));
            for difference in found {
                let _ = writeln!(report, "    {difference}");
            }
        }
    }
    let strays = strays(&expected, &cases);
    for stray in &strays {
        let _ = writeln!(report, "tests/golden/expected/{stray}: no case owns it");
    }
    assert!(
        failed == 0 && strays.is_empty(),
        "{failed} of {} golden cases differ from tests/golden/expected, {} stray files:\n\
         {report}If the new output is right, re-record with scripts/record-golden.sh \
         (tests/golden/README.md).",
        cases.len(),
        strays.len()
    );
}

#[test]
fn args_split_on_spaces_outside_quotes() {
    let split = |text: &str| split_args(text).unwrap();
    assert_eq!(split(""), Vec::<String>::new());
    assert_eq!(split("  seven   -m "), ["seven", "-m"]);
    assert_eq!(split("-b \"7 6  5\" -t"), ["-b", "7 6  5", "-t"]);
    assert_eq!(split("-b \"\" x"), ["-b", "", "x"]);
    assert_eq!(split("a\"b c\"d"), ["ab cd"]);
    assert!(split_args("-b \"7 6").is_err());
}

#[test]
fn cases_need_two_fields_and_unique_slugs() {
    let cases = parse_cases("# comment\n\none\t-\tseven -m\ntwo\tin.txt\n").unwrap();
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[0].args, ["seven", "-m"]);
    assert_eq!(
        (cases[1].stdin.as_deref(), cases[1].args.len()),
        (Some("in.txt"), 0)
    );
    assert!(parse_cases("one\t-\tx\none\t-\ty\n").is_err());
    assert!(parse_cases("One\t-\tx\n").is_err());
    assert!(parse_cases("one -\n").is_err());
}

#[test]
fn masking_hides_node_counts_and_stopped_bounds_only() {
    let masked = |text: &str| String::from_utf8(mask(text.as_bytes())).unwrap();
    assert_eq!(
        masked("{\"distance\":2,\"nodes\":1234,\"x\":\"nodes\"}\n"),
        "{\"distance\":2,\"nodes\":N,\"x\":\"nodes\"}\n"
    );
    assert_eq!(
        masked("Stopped after 8192 nodes (--max-nodes 1)\nStopped after 12 moves\n"),
        "Stopped after N nodes (--max-nodes 1)\nStopped after 12 moves\n"
    );
    assert_eq!(masked("\"nodes\":\"nodes\":7"), "\"nodes\":\"nodes\":N");
    assert_eq!(masked("57\n55\n"), "57\n55\n");
    assert_eq!(
        masked("Stopped after 9 nodes (--timeout 1): at least 74 moves\n"),
        "Stopped after N nodes (--timeout 1): at least N moves\n"
    );
    assert_eq!(
        masked("{\"at_least\":74,\"distance\":null}"),
        "{\"at_least\":N,\"distance\":null}"
    );
}

#[test]
fn a_difference_names_its_first_line() {
    assert_eq!(
        first_difference(b"1\n2\n3\n", b"1\n2\n4\n"),
        "line 3: expected `3\\n`, got `4\\n`"
    );
    assert_eq!(
        first_difference(b"1\n", b"1\n2\n"),
        "line 2: expected (no line: the output ended), got `2\\n`"
    );
}
