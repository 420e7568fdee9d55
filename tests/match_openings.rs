//! Checks the opening files kept for matches against Rapfi (`bench/openings/`): each holds 100
//! distinct openings, and each opening is a legal start of a 15x15 game under its rule (every
//! stone on the board on an empty point, no forbidden point for black under renju, no five yet:
//! the suites' own check, `suite_board::board_after`) with 2 to 10 stones, as the generator was
//! asked.

#[path = "../bench/suite_board.rs"]
#[allow(dead_code)]
mod suite_board;

use std::collections::HashSet;

use tengen::notation::parse_move_list;
use tengen::rules::Rule;

const FILES: [(&str, &str, Rule); 2] = [
    (
        "bench/openings/freestyle-15.txt",
        include_str!("../bench/openings/freestyle-15.txt"),
        Rule::Freestyle,
    ),
    (
        "bench/openings/renju-15.txt",
        include_str!("../bench/openings/renju-15.txt"),
        Rule::Renju,
    ),
];

#[test]
fn every_opening_is_a_legal_unfinished_start() {
    for (path, text, rule) in FILES {
        let mut seen = HashSet::new();
        for (index, line) in text.lines().enumerate() {
            let at = format!("{path} line {}", index + 1);
            assert!(
                seen.insert(line),
                "{at}: '{line}' repeats an earlier opening"
            );
            let points = parse_move_list(line, 15, 15).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(
                (2..=10).contains(&points.len()),
                "{at}: {} stones",
                points.len()
            );
            if let Err(e) = suite_board::board_after(&points, rule, 15) {
                panic!("{at}: '{line}': {e}");
            }
        }
        assert_eq!(seen.len(), 100, "{path}: {} openings", seen.len());
    }
}
