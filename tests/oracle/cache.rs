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

/// A fresh, empty directory of its own for the test `name`.
fn empty_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cache-test-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(feature = "multi-tile")]
#[test]
fn each_board_names_what_it_reads_from_the_cache_in_each_metric() {
    use puzzle_oracle::MetricKind::{Mtm, Stm};
    use puzzle_oracle::cache::BoardDatabases;
    let shape = |rows, cols| Geometry::new(rows, cols).unwrap();
    // Tables in both metrics; embedded databases only in single tiles.
    assert!(cache::databases_of(shape(3, 3), Stm).is_none());
    assert!(cache::databases_of(shape(3, 3), Mtm).is_none());
    assert!(cache::databases_of(shape(3, 4), Stm).is_none());
    assert!(cache::databases_of(shape(3, 6), Mtm).is_none());
    // A tall board reads its wide orientation's.
    let four_by_three = cache::databases_of(shape(4, 3), Mtm).unwrap();
    assert!(matches!(four_by_three, BoardDatabases::Slides(_)));
    assert_eq!(four_by_three.board(), shape(3, 4));
    assert_eq!(four_by_three.metric(), Mtm);
    let three_by_five = cache::databases_of(shape(5, 3), Stm).unwrap();
    assert!(matches!(three_by_five, BoardDatabases::Tier(_)));
    assert_eq!(
        three_by_five.files().len(),
        cache::tier_of(shape(3, 5)).unwrap().files().len()
    );
    // Every family, both metrics, each board once.
    let every: Vec<_> = cache::every_board_databases()
        .map(|databases| (databases.board(), databases.metric()))
        .collect();
    assert!(every.contains(&(shape(3, 5), Stm)));
    assert!(every.contains(&(shape(3, 5), Mtm)));
    assert!(every.contains(&(shape(4, 4), Mtm)));
    let mut unique = every.clone();
    unique.sort_by_key(|&(geometry, metric)| (geometry.rows(), geometry.cols(), metric as u8));
    unique.dedup();
    assert_eq!(unique.len(), every.len());
}

/// Set in the process [`prepare_builds_what_a_board_reads_once`] starts
/// for its check: a process where no other test opened 2x6's databases.
#[cfg(feature = "multi-tile")]
const FRESH_PROCESS: &str = "PUZZLE_ORACLE_TEST_FRESH_PROCESS";

#[cfg(feature = "multi-tile")]
#[test]
fn prepare_builds_what_a_board_reads_once_and_says_what_it_did() {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "cache::prepare_in_a_fresh_process"])
        .env(FRESH_PROCESS, "1")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("1 passed"), "{said}");
}

/// [`prepare_builds_what_a_board_reads_once_and_says_what_it_did`]'s
/// check, in a process of its own (elsewhere the databases may be open
/// already, and `prepare` rightly does nothing).
#[cfg(feature = "multi-tile")]
#[test]
#[ignore = "run in a process of its own by prepare_builds_what_a_board_reads_once_and_says_what_it_did"]
fn prepare_in_a_fresh_process() {
    use puzzle_oracle::MetricKind::Mtm;
    use puzzle_oracle::cache::{CacheError, Prepared};
    use std::sync::Mutex;
    if std::env::var_os(FRESH_PROCESS).is_none() {
        return;
    }
    let two_by_six = Geometry::new(6, 2).unwrap();
    // No cache directory, and nothing built into the program to fall back
    // on: the error is the board's, and nothing is remembered.
    let error = cache::prepare(two_by_six, Mtm, None, &|_| {}).unwrap_err();
    assert!(matches!(error, CacheError::NoDirectory), "{error}");
    let dir = empty_dir("prepare-2x6");
    let cache = Cache::at(&dir);
    let databases = cache::databases_of(two_by_six, Mtm).unwrap();
    let states: u64 = databases.files().iter().map(|file| file.states()).sum();
    assert_eq!(databases.states_to_build(&cache), states);
    let built = Mutex::new(Vec::new());
    let report = |event: cache::Event<'_>| {
        if let cache::Event::Built { path, .. } = event {
            built.lock().unwrap().push(path.to_path_buf());
        }
    };
    let prepared = cache::prepare(two_by_six, Mtm, Some(&cache), &report).unwrap();
    assert!(matches!(prepared, Prepared::Opened), "{prepared:?}");
    let files: Vec<PathBuf> = databases
        .files()
        .iter()
        .map(|file| file.path(&cache))
        .collect();
    assert_eq!(*built.lock().unwrap(), files);
    assert!(databases.files().iter().all(|file| file.is_in(&cache)));
    assert_eq!(databases.states_to_build(&cache), 0);
    // Open now: the second call does nothing, even from nowhere.
    let again = cache::prepare(two_by_six, Mtm, None, &|_| panic!("nothing to report"));
    assert!(matches!(again, Ok(Prepared::Ready)), "{again:?}");
}

#[cfg(feature = "fifteen")]
#[test]
fn prepare_leaves_a_tier_built_on_request_alone_and_names_a_damaged_file() {
    use puzzle_oracle::MetricKind::Stm;
    use puzzle_oracle::cache::Prepared;
    let four_by_four = Geometry::new(4, 4).unwrap();
    let dir = empty_dir("prepare-4x4");
    let databases = cache::databases_of(four_by_four, Stm).unwrap();
    assert!(!databases.build_on_first_use());
    // One file there at its size, but not a database: named, not read.
    let file = &databases.files()[0];
    fs::write(
        file.path(&Cache::at(&dir)),
        vec![7u8; file.bytes() as usize],
    )
    .unwrap();
    let prepared = cache::prepare(four_by_four, Stm, Some(&Cache::at(&dir)), &|event| {
        panic!("nothing is built on a question: {event:?}")
    })
    .unwrap();
    let Prepared::NotBuilt { damaged } = prepared else {
        panic!("{prepared:?}");
    };
    assert_eq!(damaged.len(), 1);
    assert_eq!(damaged[0].0.name(), file.name());
    assert!(!damaged[0].1.is_empty());
}
