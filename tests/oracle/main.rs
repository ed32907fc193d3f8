//! Integration tests: every table and answer against independent reference
//! searches, property tests, and the real binary.

mod cli;
mod gap;
mod gap_cli;
mod gap_reference;
mod pairs;
mod properties;
mod reference;
mod tables;
