//! The cache of databases too large to embed: each file checked when
//! mapped (a flipped byte, a truncated file, another format version,
//! another database), rebuilt with a warning by the command, never read
//! wrong; a directory that cannot be written; two processes building at
//! once. Each test works on its own copy of the tests' cache. The cached
//! databases themselves are checked against the independent reference
//! with the embedded ones (`searched_boards::every_database...`).

use std::fs;
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use puzzle_oracle::cache::{self, Cache, CachedTier, FileState};
use puzzle_oracle::{Board, Geometry, SplitMix64};

use crate::test_cache;

fn three_by_five() -> &'static CachedTier {
    cache::tier_of(Geometry::new(3, 5).unwrap()).unwrap()
}

/// A fresh directory of its own for the test `name`, holding a copy of
/// 3x5's files from the tests' cache (built there first when missing).
fn copy_of_the_cache(name: &str) -> PathBuf {
    test_cache::open_if_any(Geometry::new(3, 5).unwrap());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cache-test-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for file in three_by_five().files() {
        fs::copy(test_cache::dir().join(file.name()), dir.join(file.name())).unwrap();
    }
    dir
}

/// The state `check` finds of the file `name` in `dir`.
fn state_of(dir: &Path, name: &str) -> FileState {
    three_by_five()
        .check(&Cache::at(dir))
        .into_iter()
        .find(|(file, _)| file.name() == name)
        .unwrap()
        .1
}

/// The name of 3x5's largest file and of one of its small ones.
fn large_and_small() -> (String, String) {
    let mut files = three_by_five().files();
    files.sort_by_key(|file| file.bytes());
    let small = files.iter().find(|file| file.bytes() > 1_000).unwrap();
    (files.last().unwrap().name().into(), small.name().into())
}

fn overwrite(path: &Path, at: u64, bytes: &[u8]) {
    let mut file = fs::OpenOptions::new().write(true).open(path).unwrap();
    file.seek(SeekFrom::Start(at)).unwrap();
    file.write_all(bytes).unwrap();
}

fn reason(state: FileState) -> String {
    match state {
        FileState::Invalid(reason) => reason,
        other => panic!("an intact file: {other:?}"),
    }
}

#[test]
fn a_damaged_stale_or_foreign_file_is_found_out() {
    let dir = copy_of_the_cache("damaged");
    let (large, small) = large_and_small();
    assert!(
        three_by_five()
            .check(&Cache::at(&dir))
            .iter()
            .all(|(_, state)| matches!(state, FileState::Ready))
    );

    // One bit flipped deep in the stored bits.
    let path = dir.join(&large);
    let length = fs::metadata(&path).unwrap().len();
    let mut byte = [0u8];
    fs::File::open(&path)
        .and_then(|mut file| {
            file.seek(SeekFrom::Start(length / 2))?;
            std::io::Read::read_exact(&mut file, &mut byte)
        })
        .unwrap();
    overwrite(&path, length / 2, &[byte[0] ^ 0x10]);
    assert!(reason(state_of(&dir, &large)).contains("checksum"));

    // Cut short.
    let path = dir.join(&small);
    let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len(fs::metadata(&path).unwrap().len() - 1)
        .unwrap();
    assert!(reason(state_of(&dir, &small)).contains("bytes of stored bits"));
    file.set_len(10).unwrap();
    assert!(reason(state_of(&dir, &small)).contains("shorter than a database's header"));

    // Another format version.
    fs::copy(test_cache::dir().join(&small), &path).unwrap();
    overwrite(&path, 8, &2u32.to_le_bytes());
    assert!(reason(state_of(&dir, &small)).contains("format version 2"));

    // Another database's file under this one's name.
    fs::copy(test_cache::dir().join(&large), &path).unwrap();
    assert!(reason(state_of(&dir, &small)).contains("another database"));

    // Not one of ours at all.
    fs::write(&path, vec![b'x'; 100]).unwrap();
    assert!(reason(state_of(&dir, &small)).contains("not a puzzle-oracle database"));

    fs::remove_file(&path).unwrap();
    assert!(matches!(state_of(&dir, &small), FileState::Missing));
    fs::remove_dir_all(&dir).unwrap();
}

fn oracle(args: &[&str]) -> Output {
    Command::new(assert_cmd::cargo::cargo_bin("puzzle-oracle"))
        .args(args)
        .env_remove(cache::VARIABLE)
        .output()
        .unwrap()
}

/// A random 3x5 board and its distance to the goal with the blank last,
/// by the library over the tests' cache.
fn a_three_by_five_case() -> (String, String) {
    test_cache::open_if_any(Geometry::new(3, 5).unwrap());
    let goal = Board::<15, 5>::goal_last();
    let mut random = SplitMix64::new(15);
    let board = Board::random_reaching(&goal, &mut || random.next_u64());
    let distance = board.distance_to(&goal).unwrap();
    (board.to_string(), distance.to_string())
}

/// Runs the command on [`a_three_by_five_case`] with the cache in
/// `dir`, checks that it answers it right, and returns what it said on
/// standard error.
fn solves_a_three_by_five_case(dir: &Path) -> String {
    let (start, distance) = a_three_by_five_case();
    let output = oracle(&[
        "solve",
        "3x5",
        "-t",
        "last",
        "-b",
        &start,
        "--cache-dir",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{err}");
    assert_eq!(String::from_utf8(output.stdout).unwrap().trim(), distance);
    err
}

#[test]
fn the_command_rebuilds_a_damaged_file_with_a_warning_and_answers_right() {
    let dir = copy_of_the_cache("rebuilt");
    let (_, small) = large_and_small();
    let path = dir.join(&small);
    let length = fs::metadata(&path).unwrap().len();
    overwrite(&path, length - 1, &[0x5a]);
    let verified = oracle(&["tables", "verify", "--cache-dir", dir.to_str().unwrap()]);
    assert_eq!(verified.status.code(), Some(2));
    let listed = String::from_utf8(verified.stdout).unwrap();
    assert!(
        listed.contains(&format!(
            "{}: damaged: its checksum does not match\n",
            path.display()
        )),
        "{listed}"
    );
    let err = solves_a_three_by_five_case(&dir);
    assert!(
        err.starts_with(&format!(
            "puzzle-oracle: warning: rebuilding {}: its checksum does not match",
            path.display()
        )),
        "{err}"
    );
    assert!(matches!(state_of(&dir, &small), FileState::Ready));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_that_cannot_be_written_is_named_and_3x5_falls_back() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cache-test-unwritable");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    // A directory under a plain file cannot be created, even by root.
    fs::write(dir.join("file"), "").unwrap();
    let blocked = dir.join("file").join("cache");
    let err = solves_a_three_by_five_case(&blocked);
    let named = format!(
        "puzzle-oracle: warning: cannot build 3x5's databases: cannot write the databases into {}",
        blocked.display()
    );
    assert!(err.contains(&named), "{err}");
    assert!(err.contains("built into the program"), "{err}");

    // 2x8 has nothing to fall back on: an error, and no answer.
    let output = oracle(&[
        "solve",
        "2x8",
        "-b",
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        "--cache-dir",
        blocked.to_str().unwrap(),
    ]);
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(output.stdout.is_empty());
    assert!(
        err.starts_with("puzzle-oracle: 2x8 needs its databases in the cache: cannot build 2x8's databases: cannot write the databases into"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_processes_building_at_once_leave_whole_files() {
    let dir = copy_of_the_cache("racing");
    // The large files stay; the small ones are built by both at once.
    let (large, _) = large_and_small();
    let rebuilt: Vec<String> = three_by_five()
        .files()
        .iter()
        .map(|file| file.name().to_string())
        .filter(|name| *name != large)
        .collect();
    for name in &rebuilt {
        fs::remove_file(dir.join(name)).unwrap();
    }
    let build = || {
        Command::new(assert_cmd::cargo::cargo_bin("puzzle-oracle"))
            .args([
                "tables",
                "build",
                "3x5",
                "--cache-dir",
                dir.to_str().unwrap(),
            ])
            .spawn()
            .unwrap()
    };
    let (mut first, mut second) = (build(), build());
    assert!(first.wait().unwrap().success());
    assert!(second.wait().unwrap().success());
    assert!(
        three_by_five()
            .check(&Cache::at(&dir))
            .iter()
            .all(|(_, state)| matches!(state, FileState::Ready))
    );
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut expected: Vec<String> = three_by_five()
        .files()
        .iter()
        .map(|file| file.name().to_string())
        .collect();
    expected.sort();
    assert_eq!(names, expected, "no temporary file is left");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clean_removes_only_the_databases() {
    let dir = copy_of_the_cache("clean");
    fs::write(dir.join("notes.txt"), "mine").unwrap();
    // Another program's `.pdb` file (debug symbols, a protein) stays.
    fs::write(dir.join("protein.pdb"), "HEADER    PROTEIN\n").unwrap();
    let output = oracle(&["tables", "clean", "--cache-dir", dir.to_str().unwrap()]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!(
            "removed {} files from {}\n",
            three_by_five().files().len(),
            dir.display()
        )
    );
    let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

/// 4x4's strong tier is built only on request: a damaged file of it is
/// never read, and is named with a warning while 4x4 answers from its
/// built-in databases.
#[cfg(feature = "fifteen")]
#[test]
fn a_damaged_file_of_a_tier_built_on_request_is_named() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cache-test-on-request");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let tier = cache::tier_of(Geometry::new(4, 4).unwrap()).unwrap();
    let mut files = tier.files();
    files.sort_by_key(|file| file.bytes());
    let path = dir.join(files[0].name());
    fs::write(&path, b"PZORPDB\nnot a database").unwrap();
    let output = oracle(&[
        "solve",
        "4x4",
        "-b",
        "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        "--cache-dir",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{err}");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "1\n");
    assert!(
        err.starts_with(&format!("puzzle-oracle: warning: {}: ", path.display())),
        "{err}"
    );
    assert!(
        err.contains("until `puzzle-oracle tables build 4x4` rebuilds it"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
