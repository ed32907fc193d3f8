//! Any text: parsing a Gap layout never panics, and what parses prints
//! back to the same layout.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_oracle::gap::Layout;

fuzz_target!(|text: &str| {
    if let Ok(layout) = text.parse::<Layout>() {
        assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
    }
});
