//! Parsers of option values, in the grammar of the input: a number is one
//! or more ASCII digits, no sign.

use std::num::{NonZeroU64, NonZeroUsize};
use std::str::FromStr;
use std::thread;
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

/// `--threads`: at least 1. More than [`MAX_THREADS`] are taken as that
/// many, with a note (see [`capped_threads`]).
pub fn threads(text: &str) -> Result<NonZeroUsize, String> {
    NonZeroUsize::new(number(text)?).ok_or_else(|| "at least 1 thread is needed".to_string())
}

/// The threads to start: `--threads` if given (see [`capped_threads`]),
/// else one a core, at most [`MAX_THREADS`].
pub fn thread_count(requested: Option<NonZeroUsize>) -> usize {
    match requested {
        Some(requested) => capped_threads(requested.get()),
        None => thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(MAX_THREADS),
    }
}

/// The threads to start for `--threads requested`: at most
/// [`MAX_THREADS`], saying so on standard error when it asked for more
/// (a script that passes the machine's cores gets a run, not an error).
pub fn capped_threads(requested: usize) -> usize {
    if requested > MAX_THREADS {
        eprintln!(
            "puzzle-oracle: note: --threads {requested}: {MAX_THREADS} threads are the most \
             started"
        );
    }
    requested.min(MAX_THREADS)
}

/// `--max-nodes`: at least 1 (without it there is no limit).
pub fn node_limit(text: &str) -> Result<u64, String> {
    match number(text)? {
        0 => Err("the node limit must be at least 1 (leave --max-nodes out for none)".to_string()),
        nodes => Ok(nodes),
    }
}

/// `--timeout`: seconds, a whole number or a decimal (`0.5`, `.5`, `5.`),
/// above 0 (without it there is no limit).
pub fn seconds(text: &str) -> Result<Duration, String> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() + fraction.len() == 0 {
        return Err(format!(
            "{} is not a number of seconds (digits, perhaps with a decimal point)",
            quoted(text)
        ));
    }
    let seconds: f64 = format!("0{whole}.{fraction}0")
        .parse()
        .map_err(|_| format!("{} is not a number of seconds", quoted(text)))?;
    match Duration::try_from_secs_f64(seconds) {
        Ok(duration) if !duration.is_zero() => Ok(duration),
        Ok(_) => {
            Err("the timeout must be above 0 seconds (leave --timeout out for none)".to_string())
        }
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
        assert_eq!(threads("100000").map(NonZeroUsize::get), Ok(100_000));
        assert_eq!(capped_threads(100_000), MAX_THREADS);
        assert_eq!(threads("0").unwrap_err(), "at least 1 thread is needed");
        assert_eq!(node_limit("7"), Ok(7));
        assert!(node_limit("0").unwrap_err().contains("at least 1"));
    }

    #[test]
    fn seconds_take_a_decimal_point_on_either_side() {
        assert_eq!(seconds(".5"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds("5."), Ok(Duration::from_secs(5)));
        assert_eq!(seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(seconds("2"), Ok(Duration::from_secs(2)));
        for bad in [".", "", "-1", "1e3", "0.5.5", " 1"] {
            assert!(
                seconds(bad).unwrap_err().contains("not a number"),
                "{bad:?}"
            );
        }
        assert!(seconds("0").unwrap_err().contains("above 0"));
        assert!(seconds(".0").unwrap_err().contains("above 0"));
    }
}
