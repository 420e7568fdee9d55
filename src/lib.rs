//! Tengen: a Gomoku/Renju engine. The library holds everything; `src/main.rs` only picks the
//! subcommand. Modules, one concern each:
//! - [`board`]: stones, history, make/undo, Zobrist hash, line bitboards.
//! - [`rules`]: the rule in force, win detection, the renju forbidden judge.
//! - [`search`]: the engine that picks a move.

pub mod bench;
pub mod board;
pub mod cli;
pub mod pattern;
pub mod rules;
pub mod search;
