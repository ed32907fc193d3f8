//! Parsers of option values, in the grammar of the input: a number is one
//! or more ASCII digits, no sign.

use std::num::{NonZeroU64, NonZeroUsize};
use std::str::FromStr;
use std::time::Duration;

use super::input::quoted;

/// Most threads `--threads` starts: more would only cost memory on any
/// machine this runs on.
pub const MAX_THREADS: usize = 64;

/// A whole number: one or more ASCII digits.
pub fn number<T: FromStr>(text: &str) -> Result<T, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} is not a number (one or more digits, no sign)",
            quoted(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("{} is too large", quoted(text)))
}

/// `-n/--count`: at least 1.
pub fn count(text: &str) -> Result<NonZeroU64, String> {
    NonZeroU64::new(number(text)?).ok_or_else(|| "the count must be at least 1".to_string())
}

/// `--threads`: at least 1, and at most [`MAX_THREADS`] (more are taken
/// as that many).
pub fn threads(text: &str) -> Result<NonZeroUsize, String> {
    let threads: usize = number(text)?;
    NonZeroUsize::new(threads.min(MAX_THREADS))
        .ok_or_else(|| "at least 1 thread is needed".to_string())
}

/// `--timeout`: seconds, a whole number or a decimal (`0.5`), above 0.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(format!(
            "{} is not a number of seconds (digits, perhaps with a decimal point)",
            quoted(text)
        ));
    }
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{} is not a number of seconds", quoted(text)))?;
    match Duration::try_from_secs_f64(seconds) {
        Ok(duration) if !duration.is_zero() => Ok(duration),
        Ok(_) => Err("the timeout must be above 0 seconds".to_string()),
        Err(_) => Err(format!("{} is too long", quoted(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_no_sign_and_counts_no_zero() {
        assert_eq!(number::<u8>("007"), Ok(7));
        assert!(number::<u8>("+3").unwrap_err().contains("not a number"));
        assert!(number::<u8>("256").unwrap_err().contains("too large"));
        assert!(number::<u8>("").is_err());
        assert_eq!(count("0").unwrap_err(), "the count must be at least 1");
        assert_eq!(threads("100000").map(NonZeroUsize::get), Ok(MAX_THREADS));
        assert_eq!(threads("0").unwrap_err(), "at least 1 thread is needed");
    }
}
