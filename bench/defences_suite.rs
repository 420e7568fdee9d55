//! Reads the defence suite `bench/defences.txt`: positions from Tengen-vs-Rapfi games where
//! Tengen, to move, played a move that lost to a long forced win of the opponent while another
//! move held, each with the moves known to lose and the moves known to hold (as Rapfi judged
//! them). Shared by the `defences` bench (which measures the search on them) and the
//! `defences_suite` test (which checks the file).
//!
//! One position per line; `#` starts a comment line. A line reads
//! `<rule> <side to move> loses=<points> holds=<points> [key=value ...] : <moves>`:
//! - `rule`: `freestyle` or `renju` (15×15),
//! - `side to move`: `black` or `white`,
//! - `loses`, `holds`: comma-separated points (`h8`), the moves after which Rapfi found a
//!   forced win of the opponent, and those after which it found none,
//! - further `key=value` fields are provenance (the game, the move played there) and are kept
//!   as text,
//! - `moves`: the game so far in Gomocup notation, black first (`h8` is the centre; row 1 is
//!   the top row, as the protocol's `7,7`).

#[path = "suite_board.rs"]
mod suite_board;

use tengen::board::{Board, Color, Point};
use tengen::notation::parse_point;
use tengen::rules::Rule;

/// Board size of every position in the suite.
pub const BOARD_SIZE: usize = 15;

/// The suite file, compiled in.
pub const PATH: &str = "bench/defences.txt";
/// The suite's text.
pub const TEXT: &str = include_str!("defences.txt");

/// One position of the suite.
#[derive(Clone, Debug)]
pub struct Defence {
    /// Line number in the file (1-based), to name the position.
    pub line: usize,
    /// The rule the game was played under.
    pub rule: Rule,
    /// The side to move, which must find a move that holds.
    pub to_move: Color,
    /// Moves after which the opponent has a forced win.
    pub loses: Vec<Point>,
    /// Moves after which no forced win of the opponent was found.
    pub holds: Vec<Point>,
    /// Provenance fields (`game=…`, `played=…`, …) in file order.
    pub extra: Vec<(String, String)>,
    /// The moves so far, black first.
    pub moves: Vec<Point>,
}

impl Defence {
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

/// Reads a comma-separated list of points.
fn parse_points(text: &str, line: usize) -> Result<Vec<Point>, String> {
    text.split(',')
        .map(|name| {
            parse_point(name, BOARD_SIZE, BOARD_SIZE).map_err(|e| format!("line {line}: {e}"))
        })
        .collect()
}

/// Parses the whole suite text.
pub fn parse_suite(text: &str) -> Result<Vec<Defence>, String> {
    let mut positions = Vec::new();
    for suite_line in suite_board::suite_lines(text, BOARD_SIZE, "side")? {
        let line = suite_line.line;
        let (mut loses, mut holds) = (None, None);
        let mut extra = Vec::new();
        for (key, value) in suite_line.fields {
            match key.as_str() {
                "loses" => loses = Some(parse_points(&value, line)?),
                "holds" => holds = Some(parse_points(&value, line)?),
                _ => extra.push((key, value)),
            }
        }
        positions.push(Defence {
            line,
            rule: suite_line.rule,
            to_move: suite_line.color,
            loses: loses.ok_or_else(|| format!("line {line}: no loses=<points>"))?,
            holds: holds.ok_or_else(|| format!("line {line}: no holds=<points>"))?,
            extra,
            moves: suite_line.moves,
        });
    }
    Ok(positions)
}
