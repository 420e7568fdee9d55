//! Reads the long-win suites: positions from Tengen-vs-Rapfi games where Rapfi, to move,
//! announced a forced win (`+M<n>`) and then went on to win the game. `bench/longwins.txt`
//! (`base`) takes Rapfi's first mate of 9 plies or more from games at 15 s a game and 1 s a
//! move; `bench/longwins-hard.txt` (`hard`) its first mate of 25 plies or more from games at
//! 1 s a move. Shared by the `longwins` bench (which measures the search on them) and the
//! `longwins_suite` test (which checks the files).
//!
//! One position per line; `#` starts a comment line. A line reads
//! `<rule> <winner> mate=<plies> [key=value ...] : <moves>`:
//! - `rule`: `renju` or `freestyle` (15×15),
//! - `winner`: `black` or `white`, the side to move, which has a forced win,
//! - `mate`: Rapfi's announced distance to the five in plies (its `+M<n>`),
//! - further `key=value` fields are provenance (the game, Rapfi's time and nodes to the
//!   mate) and are kept as text,
//! - `moves`: the game so far in Gomocup notation, black first (`h8` is the centre; row 1 is
//!   the top row, as the protocol's `7,7`).

#[path = "suite_board.rs"]
mod suite_board;

use tengen::board::{Board, Color, Point};
use tengen::rules::Rule;

/// Board size of every position in the suite.
pub const BOARD_SIZE: usize = 15;

/// A suite file, compiled in.
pub struct Suite {
    /// The name the bench's `--suite` option takes.
    pub name: &'static str,
    /// The file, relative to the repository, for messages.
    pub path: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// Every suite; the first is the default.
pub static SUITES: [Suite; 2] = [
    Suite {
        name: "base",
        path: "bench/longwins.txt",
        text: include_str!("longwins.txt"),
    },
    Suite {
        name: "hard",
        path: "bench/longwins-hard.txt",
        text: include_str!("longwins-hard.txt"),
    },
];

/// The suite of that name.
pub fn suite(name: &str) -> Option<&'static Suite> {
    SUITES.iter().find(|suite| suite.name == name)
}

/// One position of a suite.
#[derive(Clone, Debug)]
pub struct LongWin {
    /// Line number in the file (1-based), to name the position.
    pub line: usize,
    /// The rule the game was played under.
    pub rule: Rule,
    /// The side to move, which has the forced win.
    pub winner: Color,
    /// Rapfi's announced distance to the five, in plies.
    pub mate_plies: u32,
    /// Provenance fields (`game=…`, `rapfi_ms=…`, …) in file order.
    pub extra: Vec<(String, String)>,
    /// The moves so far, black first.
    pub moves: Vec<Point>,
}

impl LongWin {
    /// The value of a provenance field, if present.
    pub fn field(&self, key: &str) -> Option<&str> {
        suite_board::field(&self.extra, key)
    }

    /// The position after the recorded moves, or why they do not make one: a move off the
    /// board, on an occupied or forbidden point, or after the game is over
    /// ([`suite_board::board_after`]).
    pub fn board(&self) -> Result<Board, String> {
        suite_board::board_after(&self.moves, self.rule, BOARD_SIZE)
            .map_err(|e| format!("line {}: {e}", self.line))
    }
}

/// Parses the whole suite text.
pub fn parse_suite(text: &str) -> Result<Vec<LongWin>, String> {
    let mut positions = Vec::new();
    for suite_line in suite_board::suite_lines(text, BOARD_SIZE, "winner")? {
        let line = suite_line.line;
        let mut mate_plies = None;
        let mut extra = Vec::new();
        for (key, value) in suite_line.fields {
            if key == "mate" {
                mate_plies = Some(
                    value
                        .parse()
                        .map_err(|_| format!("line {line}: mate '{value}' is not a number"))?,
                );
            } else {
                extra.push((key, value));
            }
        }
        let mate_plies = mate_plies.ok_or_else(|| format!("line {line}: no mate=<plies>"))?;
        positions.push(LongWin {
            line,
            rule: suite_line.rule,
            winner: suite_line.color,
            mate_plies,
            extra,
            moves: suite_line.moves,
        });
    }
    Ok(positions)
}
