//! How moves are counted. The single-tile metric ([`Stm`], the crate's
//! default) counts each tile moved; the multi-tile metric ([`Mtm`]) counts
//! each slide, however many tiles of the blank's row or column it pushes.
//! A metric is a type: code asks a question in a metric through
//! [`MetricOracle`](crate::MetricOracle), `Mtm::distance_within(...)`, and the
//! single-tile answers of [`Oracle`](crate::Oracle) stay as they are.
//!
//! An optimal multi-tile solution never slides the same way twice in a
//! row (the two slides would be one), so where a metric's moves are given
//! as single-tile steps (a listing's `&[Direction]`), each run of one
//! direction is one slide.

use core::fmt;
use core::str::FromStr;

use crate::sliding::board::{Direction, Geometry, Moves, Slide, Slides};

/// Seals [`Metric`]: the two metrics are the crate's.
pub(crate) mod sealed {
    pub trait Sealed {}
}

/// A way of counting moves: [`Stm`] or [`Mtm`], marker types that name
/// the metric of a question.
///
/// ```
/// use puzzle_oracle::{Metric, Mtm, Stm};
/// assert_eq!(Stm::NAME, "stm");
/// assert_eq!(<Mtm as Metric>::NAME, "mtm");
/// ```
pub trait Metric: sealed::Sealed + Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// Its name, as `--metric` takes it.
    const NAME: &'static str;
    /// Its run-time name.
    const KIND: MetricKind;
    /// One move: a [`Direction`] in the single-tile metric, a [`Slide`] in
    /// the multi-tile one.
    type Move: Copy + fmt::Debug + PartialEq + Into<Slide> + Send + Sync;
    /// A set of moves: every optimal first move.
    type FirstMoves: Copy
        + fmt::Debug
        + Default
        + PartialEq
        + IntoIterator<Item = Self::Move>
        + FromIterator<Self::Move>
        + Send
        + Sync;

    /// Whether a move sequence of this metric is always written with
    /// counts (`U2`): in the multi-tile metric a letter and its count are
    /// one move.
    const WRITES_COUNTS: bool;

    /// The single-tile steps of `moves`, in order: what a [`Notation`]
    /// writes (with counts, each slide comes back as its letter and count,
    /// since an optimal sequence never slides the same way twice in a row).
    ///
    /// [`Notation`]: crate::Notation
    #[doc(hidden)]
    fn steps<I>(moves: I) -> impl Iterator<Item = Direction> + Clone
    where
        I: Iterator<Item = Self::Move> + Clone;

    /// Every move this metric has on a board of `geometry`, wherever its
    /// blank is: some leave the board from a given one.
    #[doc(hidden)]
    fn moves_on(geometry: Geometry) -> impl Iterator<Item = Self::Move>;
}

/// The single-tile metric: each move slides one tile into the blank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stm;

/// The multi-tile metric: each move slides one or more tiles of the
/// blank's row or column, as far as the blank travels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mtm;

impl sealed::Sealed for Stm {}
impl sealed::Sealed for Mtm {}

impl Metric for Stm {
    const NAME: &'static str = "stm";
    const KIND: MetricKind = MetricKind::Stm;
    type Move = Direction;
    type FirstMoves = Moves;
    const WRITES_COUNTS: bool = false;

    #[inline]
    fn steps<I>(moves: I) -> impl Iterator<Item = Direction> + Clone
    where
        I: Iterator<Item = Direction> + Clone,
    {
        moves
    }

    #[inline]
    fn moves_on(_: Geometry) -> impl Iterator<Item = Direction> {
        Direction::ALL.into_iter()
    }
}

impl Metric for Mtm {
    const NAME: &'static str = "mtm";
    const KIND: MetricKind = MetricKind::Mtm;
    type Move = Slide;
    type FirstMoves = Slides;
    const WRITES_COUNTS: bool = true;

    fn steps<I>(moves: I) -> impl Iterator<Item = Direction> + Clone
    where
        I: Iterator<Item = Slide> + Clone,
    {
        moves.flat_map(Slide::steps)
    }

    fn moves_on(geometry: Geometry) -> impl Iterator<Item = Slide> {
        let most = u16::from(geometry.rows().max(geometry.cols())) - 1;
        Direction::ALL
            .into_iter()
            .flat_map(move |dir| (1..=most).map(move |tiles| Slide::new(dir, tiles)))
    }
}

/// A metric chosen at run time: what `--metric` and the boards chosen at
/// run time ([`AnyBoard::in_metric`](crate::AnyBoard::in_metric)) take.
///
/// ```
/// use puzzle_oracle::MetricKind;
/// assert_eq!("MTM".parse::<MetricKind>(), Ok(MetricKind::Mtm));
/// assert_eq!(MetricKind::default().to_string(), "stm");
/// assert!("htm".parse::<MetricKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MetricKind {
    /// The single-tile metric, [`Stm`].
    #[default]
    Stm,
    /// The multi-tile metric, [`Mtm`].
    Mtm,
}

impl MetricKind {
    /// Both metrics, single-tile first.
    pub const ALL: [MetricKind; 2] = [MetricKind::Stm, MetricKind::Mtm];

    /// Its name, `stm` or `mtm`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MetricKind::Stm => Stm::NAME,
            MetricKind::Mtm => Mtm::NAME,
        }
    }
}

impl fmt::Display for MetricKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no metric: [`MetricKind`]'s parse error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownMetric;

impl fmt::Display for UnknownMetric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the metrics are `stm` (a tile a move) and `mtm` (a slide a move)")
    }
}

impl core::error::Error for UnknownMetric {}

impl FromStr for MetricKind {
    type Err = UnknownMetric;

    /// `stm` or `mtm`, any case.
    fn from_str(text: &str) -> Result<MetricKind, UnknownMetric> {
        MetricKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text))
            .ok_or(UnknownMetric)
    }
}
