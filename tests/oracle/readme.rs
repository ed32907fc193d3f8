//! The README's command examples, run as a shell runs them: every `$ `
//! line of a `text` block, with the lines after it as its output.

use std::path::Path;
use std::process::Command;

/// (command, expected output) for every example of the README.
fn examples(readme: &str) -> Vec<(String, String)> {
    let mut examples: Vec<(String, String)> = Vec::new();
    let mut in_text = false;
    // Whether the last example's output is still being read: only lines
    // of its own block are its output.
    let mut reading = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
            reading = false;
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_string(), String::new()));
            reading = true;
        } else if reading && let Some((_, output)) = examples.last_mut() {
            output.push_str(line);
            output.push('\n');
        }
    }
    examples
}

#[test]
fn every_readme_example_prints_what_it_shows() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 12, "{} examples", examples.len());
    let binary = assert_cmd::cargo::cargo_bin("puzzle-oracle");
    let dir = binary.parent().unwrap();
    let path = std::env::join_paths(std::iter::once(dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    for (command, expected) in examples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} 2>&1"))
            .env("PATH", &path)
            .env(puzzle_oracle::cache::VARIABLE, crate::test_cache::dir())
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
            .output()
            .unwrap();
        let printed = String::from_utf8(output.stdout).unwrap();
        assert_eq!(printed, expected, "$ {command}");
    }
}
