//! The one face over both engines: the questions every board answers
//! ([`Oracle`](oracle::Oracle)), how they are asked and what they came to
//! ([`Budget`](budget::Budget), [`Outcome`](budget::Outcome)), the impls
//! `build.rs` generates for every board, the catalog of boards by shape
//! and name, and the boards chosen at run time ([`any_board`]).

#[cfg(feature = "alloc")]
pub(crate) mod any_board;
pub(crate) mod budget;
#[cfg(pattern_search)]
mod by_search;
pub mod catalog;
pub(crate) mod depths;
mod impls;
pub(crate) mod in_metric;
#[cfg(all(feature = "multi-tile", feature = "cache"))]
mod multi_tile_search;
pub(crate) mod oracle;
pub(crate) mod solution;
