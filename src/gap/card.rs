//! Gap's cards and the board's cells.

use core::fmt;

/// A card: suit 1..=4 and value 1..=7, written as two digits (`23` is suit
/// 2, value 3).
///
/// ```
/// use puzzle_oracle::gap::Card;
///
/// let card = Card::from_code(23).unwrap();
/// assert_eq!((card.suit(), card.value()), (2, 3));
/// assert_eq!(card.successor(), Card::from_code(24));
/// assert_eq!(Card::from_code(27).unwrap().successor(), None);
/// assert_eq!(Card::from_code(18), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    code: u8,
}

/// Suits, one row of the board each (4 rows of 8 columns, column 0
/// holding the value-1 cards once the game starts).
pub const SUITS: u8 = 4;
/// Values per suit.
pub const VALUES: u8 = 7;
/// Cards that can move: values 2..=7 of every suit.
pub(crate) const MOVABLE: usize = (SUITS as usize) * (VALUES as usize - 1);
/// Cells that movable cards and gaps occupy: columns 1..=7 of every row.
pub(crate) const CELLS: usize = (SUITS as usize) * (VALUES as usize);

impl Card {
    /// The card with two-digit code `code`, if it is one of the 28.
    ///
    /// ```
    /// use puzzle_oracle::gap::Card;
    /// assert!(Card::from_code(11).is_some());
    /// assert!(Card::from_code(10).is_none());
    /// assert!(Card::from_code(51).is_none());
    /// ```
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Card> {
        let (suit, value) = (code / 10, code % 10);
        if suit >= 1 && suit <= SUITS && value >= 1 && value <= VALUES {
            Some(Card { code })
        } else {
            None
        }
    }

    /// The card of `suit` (1..=4) and `value` (1..=7).
    ///
    /// ```
    /// use puzzle_oracle::gap::Card;
    /// assert_eq!(Card::new(4, 7).unwrap().code(), 47);
    /// assert_eq!(Card::new(0, 7), None);
    /// ```
    #[must_use]
    pub const fn new(suit: u8, value: u8) -> Option<Card> {
        if suit > 9 || value > 9 {
            return None;
        }
        Card::from_code(suit * 10 + value)
    }

    /// The two-digit code.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::gap::Card::new(3, 5).unwrap().code(), 35);
    /// ```
    #[must_use]
    pub const fn code(self) -> u8 {
        self.code
    }

    /// The suit, 1..=4.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::gap::Card::new(3, 5).unwrap().suit(), 3);
    /// ```
    #[must_use]
    pub const fn suit(self) -> u8 {
        self.code / 10
    }

    /// The value, 1..=7.
    ///
    /// ```
    /// assert_eq!(puzzle_oracle::gap::Card::new(3, 5).unwrap().value(), 5);
    /// ```
    #[must_use]
    pub const fn value(self) -> u8 {
        self.code % 10
    }

    /// The next card of the same suit, or `None` after a 7.
    ///
    /// ```
    /// use puzzle_oracle::gap::Card;
    /// assert_eq!(Card::new(1, 6).unwrap().successor(), Card::new(1, 7));
    /// ```
    #[must_use]
    pub const fn successor(self) -> Option<Card> {
        Card::new(self.suit(), self.value() + 1)
    }

    /// Index among the movable cards (values 2..=7), in suit order.
    pub(crate) const fn movable_index(self) -> Option<usize> {
        match self.value() {
            1 => None,
            value => Some((self.suit() as usize - 1) * 6 + value as usize - 2),
        }
    }

    /// The movable card with index `index` (see [`Card::movable_index`]).
    pub(crate) const fn from_movable_index(index: usize) -> Card {
        Card {
            code: (index / 6 + 1) as u8 * 10 + (index % 6) as u8 + 2,
        }
    }
}

impl fmt::Display for Card {
    /// The two-digit code: suit, then value.
    ///
    /// ```
    /// let card = puzzle_oracle::gap::Card::from_code(37).unwrap();
    /// assert_eq!(card.to_string(), "37");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code)
    }
}

/// Why text is not a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CardError;

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a card: two digits, suit 1-4 then value 1-7")
    }
}

impl core::error::Error for CardError {}

impl core::str::FromStr for Card {
    type Err = CardError;

    /// A card from its code, digits only (`37`; `037` too).
    ///
    /// ```
    /// use puzzle_oracle::gap::Card;
    /// assert_eq!("37".parse::<Card>().map(|card| card.code()), Ok(37));
    /// assert!("38".parse::<Card>().is_err());
    /// assert!("+37".parse::<Card>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Card, CardError> {
        crate::number::parse_digits(text)
            .and_then(|code| u8::try_from(code).ok())
            .and_then(Card::from_code)
            .ok_or(CardError)
    }
}
