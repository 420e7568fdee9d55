//! Checks the long-win suites that the `longwins` bench measures (`bench/longwins.txt` and
//! `bench/longwins-hard.txt`): each parses, every recorded move is legal when played in order
//! (on the board, on an empty point, never a forbidden point for black under renju), no game is
//! already won, the recorded winner is the side to move, and each mate distance is odd (the
//! side to move plays the five); the hard suite's mates are 25 plies or more.

#[path = "../bench/longwins_suite.rs"]
#[allow(dead_code)]
mod longwins_suite;

use longwins_suite::{parse_suite, SUITES};
use tengen::board::Color;
use tengen::rules::Rule;

#[test]
fn suites_parse_and_cover_both_rules() {
    assert_eq!(SUITES[0].path, "bench/longwins.txt", "the default suite");
    for file in &SUITES {
        let path = file.path;
        let suite = parse_suite(file.text).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(suite.len() >= 20, "{path}: only {} positions", suite.len());
        for rule in [Rule::Renju, Rule::Freestyle] {
            assert!(
                suite.iter().any(|p| p.rule == rule),
                "{path}: no {rule} position"
            );
        }
    }
}

#[test]
fn the_hard_suite_has_only_long_mates() {
    let file = longwins_suite::suite("hard").expect("a suite named hard");
    for position in parse_suite(file.text).expect("the hard suite parses") {
        assert!(
            position.mate_plies >= 25,
            "{} line {}: mate {} is shorter than 25 plies",
            file.path,
            position.line,
            position.mate_plies
        );
    }
}

#[test]
fn every_position_is_legal_and_the_winner_is_to_move() {
    for file in &SUITES {
        check_positions(file.path, file.text);
    }
}

fn check_positions(path: &str, text: &str) {
    for position in parse_suite(text).unwrap_or_else(|e| panic!("{path}: {e}")) {
        let line = format!("{path} line {}", position.line);
        position.board().unwrap_or_else(|e| panic!("{path}: {e}"));
        let to_move = if position.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            position.winner, to_move,
            "{line}: the recorded winner is not the side to move"
        );
        assert!(
            position.mate_plies % 2 == 1,
            "{line}: a mate by the side to move takes an odd number of plies, not {}",
            position.mate_plies
        );
    }
}

#[test]
fn a_bad_line_is_reported_with_its_number() {
    let error = parse_suite("# comment\nrenju black mate=9 : h8 h8x\n").unwrap_err();
    assert!(error.starts_with("line 2:"), "{error}");
    let error = parse_suite("renju purple mate=9 : h8\n").unwrap_err();
    assert!(error.contains("purple"), "{error}");
    let error = parse_suite("renju black : h8\n").unwrap_err();
    assert!(error.contains("mate"), "{error}");
    let parsed = parse_suite("freestyle white mate=11 game=g1 : h8 i9 j10\n").unwrap();
    assert_eq!(parsed[0].field("game"), Some("g1"));
    assert_eq!(parsed[0].moves.len(), 3);
}
