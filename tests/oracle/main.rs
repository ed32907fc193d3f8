//! Integration tests: every table and answer against independent reference
//! searches, property tests, and the real binary.

mod cli;
mod fifteen;
mod fifteen_cli;
mod gap;
mod gap_cli;
mod gap_reference;
mod pairs;
mod pattern_reference;
mod properties;
mod reference;
mod tables;
