//! Checks the long-win suite `bench/longwins.txt` that the `longwins` bench measures: it
//! parses, every recorded move is legal when played in order (on the board, on an empty point,
//! never a forbidden point for black under renju), no game is already won, the recorded winner
//! is the side to move, and each mate distance is odd (the side to move plays the five).

#[path = "../bench/longwins_suite.rs"]
#[allow(dead_code)]
mod longwins_suite;

use longwins_suite::parse_suite;
use tengen::board::{Board, Color};
use tengen::rules::{self, Rule};

const SUITE: &str = include_str!("../bench/longwins.txt");

#[test]
fn suite_parses_and_covers_both_rules() {
    let suite = parse_suite(SUITE).expect("bench/longwins.txt parses");
    assert!(suite.len() >= 20, "only {} positions", suite.len());
    for rule in [Rule::Renju, Rule::Freestyle] {
        assert!(
            suite.iter().any(|p| p.rule == rule),
            "no {rule} position in the suite"
        );
    }
}

#[test]
fn every_position_is_legal_and_the_winner_is_to_move() {
    for position in parse_suite(SUITE).expect("bench/longwins.txt parses") {
        let line = position.line;
        let mut board = Board::square(longwins_suite::BOARD_SIZE).expect("15x15 board");
        for (ply, &point) in position.moves.iter().enumerate() {
            assert!(
                rules::is_legal(&board, point, position.rule),
                "line {line}: move {} ({point}) is occupied or forbidden",
                ply + 1
            );
            assert_eq!(
                rules::winner(&board, position.rule),
                None,
                "line {line}: the game is over before move {}",
                ply + 1
            );
            board.play_unchecked(point);
        }
        assert_eq!(
            rules::winner(&board, position.rule),
            None,
            "line {line}: the game is already over"
        );
        let to_move = if position.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            position.winner, to_move,
            "line {line}: the recorded winner is not the side to move"
        );
        assert_eq!(
            position.board().expect("the moves fit").hash(),
            board.hash(),
            "line {line}: LongWin::board differs from the replay"
        );
        assert!(
            position.mate_plies % 2 == 1,
            "line {line}: a mate by the side to move takes an odd number of plies, not {}",
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
