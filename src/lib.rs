//! Tengen: a Gomoku/Renju engine. The library holds everything; `src/main.rs` only picks the
//! subcommand. Modules, one concern each:
//! - [`board`]: stones, history, make/undo, Zobrist hash, line bitboards.
//! - [`rules`]: the rule in force, win detection, the renju forbidden judge.
//! - [`pattern`]: line shapes, threat classes and the incremental pattern board.
//! - [`search`]: the engine that picks a move: move generation, the search threads, the
//!   transposition table, the tunable constants, the time of a search, the forced-win solvers.
//! - [`notation`]: `h8` point names, move lists and Piskvork `.psq` records for people and files.
//! - [`cli`]: the subcommands for people (`play`, `analyze`, `solve`, `explain`, `bench`).
//! - [`protocol`]: the Gomocup protocol front end (commands, replies, the game session).
//! - [`timeman`]: the time budget of a move from the manager's settings, and the clock it is
//!   read through.

pub mod board;
pub mod cli;
pub mod notation;
pub mod pattern;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod timeman;
