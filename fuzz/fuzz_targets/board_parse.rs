//! Any text: parsing a board never panics, and what parses prints back to
//! the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_oracle::{EightBoard, FifteenBoard, SevenBoard};

fuzz_target!(|text: &str| {
    if let Ok(board) = text.parse::<SevenBoard>() {
        assert_eq!(board.to_string().parse::<SevenBoard>(), Ok(board));
    }
    if let Ok(board) = text.parse::<EightBoard>() {
        assert_eq!(board.to_string().parse::<EightBoard>(), Ok(board));
    }
    if let Ok(board) = text.parse::<FifteenBoard>() {
        assert_eq!(board.to_string().parse::<FifteenBoard>(), Ok(board));
    }
});
