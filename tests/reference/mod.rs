//! Test support shared by the rules tests: the slow reference renju judge ([`judge`]) and the
//! reader of the position files in `tests/data/` ([`data`]). Each test crate uses only part of
//! it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod data;
pub mod judge;
