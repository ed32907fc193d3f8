//! What only one engine can do, reached through every board's impl so
//! that the boards chosen at run time ([`AnyBoard`](crate::AnyBoard)) can
//! offer it: no user can name this trait (the module is private).

use crate::sliding::tables::DistanceTable;
#[cfg(feature = "alloc")]
use crate::sliding::tables::sample::{Drawer, SampleError};

pub trait Capabilities: Sized {
    /// The complete table of `target`'s goal class: tabled boards
    /// only.
    fn goal_table(target: &Self) -> Option<&'static DistanceTable>;

    /// Draws boards uniformly: every board that reaches `target`, or
    /// (tabled boards only) every board exactly `distance` moves
    /// from it.
    #[cfg(feature = "alloc")]
    fn drawer(target: &Self, distance: Option<u8>) -> Result<Drawer<Self>, SampleError>;
}
