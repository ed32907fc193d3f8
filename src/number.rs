//! The one number grammar of every input: one or more ASCII digits. No
//! sign, no spaces inside; leading zeros are allowed (`007` is 7).

/// The number `token` spells, saturated at `u64::MAX`; `None` when it is
/// not one or more ASCII digits.
pub(crate) fn parse_digits(token: &str) -> Option<u64> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(token.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

#[cfg(test)]
mod tests {
    use super::parse_digits;

    #[test]
    fn digits_only() {
        assert_eq!(parse_digits("0"), Some(0));
        assert_eq!(parse_digits("007"), Some(7));
        assert_eq!(parse_digits("18446744073709551616"), Some(u64::MAX));
        for bad in ["", "+3", "-0", "-1", "1.5", "٣", "3 ", "0x1"] {
            assert_eq!(parse_digits(bad), None, "{bad:?}");
        }
    }
}
