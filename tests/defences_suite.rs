//! Checks the defence suite that the `defences` bench measures (`bench/defences.txt`): it
//! parses and holds enough positions; every recorded move is legal when played in order and no
//! game is over; the recorded side is the side to move; every point judged is a legal empty
//! point, judged once (never both losing and holding); each position has a losing and a holding
//! move, and the move played in the game is among the losing ones.

#[path = "../bench/defences_suite.rs"]
#[allow(dead_code)]
mod defences_suite;

use defences_suite::{parse_suite, PATH, TEXT};
use tengen::board::Color;
use tengen::notation::point_name;
use tengen::rules;

#[test]
fn the_suite_parses_and_has_enough_positions() {
    let suite = parse_suite(TEXT).unwrap_or_else(|e| panic!("{PATH}: {e}"));
    assert!(suite.len() >= 50, "{PATH}: only {} positions", suite.len());
}

#[test]
fn every_position_is_legal_and_its_verdicts_fit_it() {
    for position in parse_suite(TEXT).unwrap_or_else(|e| panic!("{PATH}: {e}")) {
        let line = format!("{PATH} line {}", position.line);
        let board = position.board().unwrap_or_else(|e| panic!("{PATH}: {e}"));
        let to_move = if position.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(position.to_move, to_move, "{line}: the side to move");
        assert!(!position.loses.is_empty(), "{line}: no losing move");
        assert!(!position.holds.is_empty(), "{line}: no holding move");
        for &point in position.loses.iter().chain(&position.holds) {
            assert!(
                rules::is_legal(&board, point, position.rule),
                "{line}: judged point {} is occupied or forbidden",
                point_name(point)
            );
        }
        for point in &position.holds {
            assert!(
                !position.loses.contains(point),
                "{line}: {} is judged both losing and holding",
                point_name(*point)
            );
        }
        let played = position.field("played").expect("a played= field");
        assert!(
            position.loses.iter().any(|&p| point_name(p) == played),
            "{line}: the game's move {played} is not among the losing moves"
        );
    }
}
