//! Hand-made VCF/VCT cases, one rule subtlety each: counter-fours, renju forbidden points for
//! the attacker and the defender, exact-five and caro fives. Every win is replayed by the
//! independent checker; every "no win" is confirmed by a brute-force VCF search.

mod solver_checker;

use std::sync::atomic::AtomicBool;

use solver_checker::{check_line, naive_vcf, LineKind};
use tengen::board::{Board, Color, Point};
use tengen::rules::Rule;
use tengen::search::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};

fn board(size: usize, black: &[(usize, usize)], white: &[(usize, usize)], to_move: Color) -> Board {
    let mut board = Board::square(size).expect("size");
    for &(x, y) in black {
        board
            .try_put(Point::new(x, y), Color::Black)
            .expect("black");
    }
    for &(x, y) in white {
        board
            .try_put(Point::new(x, y), Color::White)
            .expect("white");
    }
    board.set_side_to_move(to_move);
    board
}

fn limits(max_attacker_moves: u32) -> SolveLimits {
    SolveLimits {
        max_nodes: 1_000_000,
        max_attacker_moves,
    }
}

/// Runs the VCF solver and checks its answer: a win is replayed, a "no win" must agree with
/// the brute-force search to `depth`. Returns the winning line, if any.
fn vcf(board: &Board, rule: Rule, depth: u32) -> Option<Vec<Point>> {
    let stop = AtomicBool::new(false);
    match find_vcf(board, rule, &limits(depth), &stop) {
        SolveOutcome::Win(line) => {
            if let Err(why) = check_line(board, rule, &line, LineKind::Vcf) {
                panic!("{rule}: line {line:?} fails the check: {why}\n{board:?}");
            }
            assert!((line.len() as u32) < 2 * depth);
            Some(line)
        }
        SolveOutcome::NoWin => {
            assert!(
                !naive_vcf(board, rule, depth),
                "{rule}: brute force finds a VCF\n{board:?}"
            );
            None
        }
        SolveOutcome::Unknown => panic!("{rule}: unknown\n{board:?}"),
    }
}

/// A closed three on row 5 (white at its left end), two stones on column 5 and two on the
/// anti-diagonal through (5,4): the four (5,4) on that diagonal, answered at (3,6), leaves
/// column 5 with three stones, and black wins with a straight four or with two fours.
const BLACK_A: [(usize, usize); 7] = [(2, 5), (3, 5), (4, 5), (5, 2), (5, 3), (6, 3), (7, 2)];
const WHITE_A: [(usize, usize); 2] = [(1, 5), (8, 1)];

#[test]
fn freestyle_vcf_of_several_moves() {
    let position = board(11, &BLACK_A, &WHITE_A, Color::Black);
    let line = vcf(&position, Rule::Freestyle, 4).expect("a VCF");
    assert!(line.len() >= 3, "{line:?}");
    // Not in one move.
    assert_eq!(vcf(&position, Rule::Freestyle, 1), None);
}

#[test]
fn counter_four_stops_the_vcf() {
    // Under renju the two-fours finishes are forbidden, so black must play (5,4) and, after
    // the forced block (3,6), the straight four (5,1).
    let position = board(11, &BLACK_A, &WHITE_A, Color::Black);
    let line = vcf(&position, Rule::Renju, 4).expect("a renju VCF");
    assert_eq!(
        line,
        vec![Point::new(5, 4), Point::new(3, 6), Point::new(5, 1)]
    );
    // White stones on column 3 turn the forced block (3,6) into a four of white's own: black
    // must answer it at (3,10) and loses the thread.
    let mut white = WHITE_A.to_vec();
    white.extend([(3, 7), (3, 8), (3, 9)]);
    let position = board(11, &BLACK_A, &white, Color::Black);
    assert_eq!(vcf(&position, Rule::Renju, 4), None);
}

#[test]
fn renju_black_may_not_win_by_double_four() {
    // White on (5,1) closes column 5: the finishes left make two fours at once, which is
    // forbidden for black under renju but wins in freestyle.
    let mut white = WHITE_A.to_vec();
    white.push((5, 1));
    let position = board(11, &BLACK_A, &white, Color::Black);
    let line = vcf(&position, Rule::Freestyle, 4).expect("a freestyle VCF");
    assert_eq!(line.len(), 3, "{line:?}");
    assert_eq!(vcf(&position, Rule::Renju, 4), None);
}

#[test]
fn renju_white_wins_when_the_only_block_is_forbidden() {
    // White's four on the diagonal can only be blocked on (7,7), a double three for black.
    let position = board(
        11,
        &[(2, 2), (5, 7), (6, 7), (7, 5), (7, 6)],
        &[(3, 3), (4, 4), (5, 5)],
        Color::White,
    );
    let line = vcf(&position, Rule::Renju, 3).expect("a renju VCF");
    assert_eq!(line, vec![Point::new(6, 6)]);
    assert_eq!(vcf(&position, Rule::Freestyle, 3), None);
}

#[test]
fn exact_five_four_that_needs_six_is_no_four() {
    // X . X X . X O on row 5: (5,5) would leave (2,5) as the only five point, and that one
    // makes six. Under freestyle (2,5) at once makes an open four (six counts).
    let position = board(
        11,
        &[(1, 5), (3, 5), (4, 5), (6, 5)],
        &[(7, 5)],
        Color::Black,
    );
    assert_eq!(vcf(&position, Rule::Standard, 3), None);
    assert_eq!(vcf(&position, Rule::CaroExact, 3), None);
    let line = vcf(&position, Rule::Freestyle, 1).expect("a freestyle VCF");
    assert_eq!(line, vec![Point::new(2, 5)]);
    // After (5,5) black has no five point under the exact-five rule: no VCF of one move.
    let mut after = position.clone();
    after
        .try_put(Point::new(5, 5), Color::Black)
        .expect("empty");
    after.set_side_to_move(Color::Black);
    assert!(solver_checker::five_points(&after, Color::Black, Rule::Standard).is_empty());
    assert!(!solver_checker::five_points(&after, Color::Black, Rule::Freestyle).is_empty());
}

#[test]
fn caro_four_whose_five_is_closed_at_both_ends_is_no_threat() {
    // O X X X . . O on row 5 and a closed three on column 4: (4,5) makes two fives under
    // freestyle, but under caro the row's five would be closed by white at both ends.
    let position = board(
        11,
        &[(1, 5), (2, 5), (3, 5), (4, 2), (4, 3), (4, 4)],
        &[(0, 5), (6, 5), (4, 1)],
        Color::Black,
    );
    assert_eq!(
        vcf(&position, Rule::Freestyle, 2),
        Some(vec![Point::new(4, 5)])
    );
    assert_eq!(vcf(&position, Rule::Caro, 3), None);
    assert_eq!(vcf(&position, Rule::CaroExact, 3), None);
}

#[test]
fn caro_open_four_between_two_stones_is_stoppable() {
    // O . X X X . . O: (6,5) makes . X X X X . but one white stone at either end leaves the
    // other five closed at both ends.
    let position = board(
        11,
        &[(3, 5), (4, 5), (5, 5)],
        &[(1, 5), (8, 5)],
        Color::Black,
    );
    assert_eq!(vcf(&position, Rule::Caro, 3), None);
    let line = vcf(&position, Rule::Freestyle, 1).expect("a freestyle VCF");
    assert_eq!(line.len(), 1);
}

#[test]
fn five_at_once_and_lost_positions() {
    let stop = AtomicBool::new(false);
    // Black has four in a row: it makes five.
    let four = board(
        11,
        &[(2, 2), (3, 2), (4, 2), (5, 2)],
        &[(1, 2)],
        Color::Black,
    );
    assert_eq!(
        find_vcf(&four, Rule::Renju, &limits(5), &stop),
        SolveOutcome::Win(vec![Point::new(6, 2)])
    );
    assert_eq!(
        find_vct(&four, Rule::Renju, &limits(5), &stop),
        SolveOutcome::Win(vec![Point::new(6, 2)])
    );
    // White to move facing an open four and with nothing of its own: no win.
    let lost = board(
        11,
        &[(2, 2), (3, 2), (4, 2), (5, 2)],
        &[(0, 0), (0, 2), (0, 4)],
        Color::White,
    );
    assert_eq!(
        find_vcf(&lost, Rule::Freestyle, &limits(5), &stop),
        SolveOutcome::NoWin
    );
    assert_eq!(
        find_vct(&lost, Rule::Freestyle, &limits(5), &stop),
        SolveOutcome::NoWin
    );
    // A game already won: nothing to solve.
    let over = board(
        11,
        &[(2, 2), (3, 2), (4, 2), (5, 2), (6, 2)],
        &[],
        Color::White,
    );
    assert_eq!(
        find_vcf(&over, Rule::Freestyle, &limits(5), &stop),
        SolveOutcome::NoWin
    );
}

#[test]
fn budget_and_stop_give_unknown() {
    let position = board(11, &BLACK_A, &WHITE_A, Color::Black);
    let stop = AtomicBool::new(false);
    let tiny = SolveLimits {
        max_nodes: 1,
        max_attacker_moves: 10,
    };
    assert_eq!(
        find_vcf(&position, Rule::Freestyle, &tiny, &stop),
        SolveOutcome::Unknown
    );
    assert_eq!(
        find_vct(&position, Rule::Freestyle, &tiny, &stop),
        SolveOutcome::Unknown
    );
    let stopped = AtomicBool::new(true);
    let many = SolveLimits {
        max_nodes: 1 << 40,
        max_attacker_moves: 10,
    };
    // The stop flag is read every 1024 nodes; a long search (a VCT of 14 moves, from the
    // puzzles) must notice it.
    let long = board(
        15,
        &[
            (6, 4),
            (7, 9),
            (7, 7),
            (7, 6),
            (8, 4),
            (8, 9),
            (9, 4),
            (9, 9),
            (9, 6),
        ],
        &[
            (6, 9),
            (6, 6),
            (7, 5),
            (7, 4),
            (7, 8),
            (8, 5),
            (8, 7),
            (8, 6),
            (9, 8),
        ],
        Color::Black,
    );
    assert_eq!(
        find_vct(&long, Rule::Renju, &many, &stopped),
        SolveOutcome::Unknown
    );
}

#[test]
fn vct_by_double_three_in_freestyle_but_not_in_renju() {
    // Two open twos crossing at (7,7): the double three there wins in freestyle; under renju
    // it is forbidden for black.
    let position = board(
        15,
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
        &[(0, 0), (14, 0), (0, 14)],
        Color::Black,
    );
    let stop = AtomicBool::new(false);
    match find_vct(&position, Rule::Freestyle, &limits(4), &stop) {
        SolveOutcome::Win(line) => {
            check_line(&position, Rule::Freestyle, &line, LineKind::Vct).expect("valid line");
        }
        other => panic!("freestyle: {other:?}"),
    }
    match find_vct(&position, Rule::Renju, &limits(4), &stop) {
        SolveOutcome::Win(line) => {
            check_line(&position, Rule::Renju, &line, LineKind::Vct).expect("valid line");
            assert_ne!(line[0], Point::new(7, 7));
        }
        SolveOutcome::NoWin => {}
        SolveOutcome::Unknown => panic!("renju: unknown"),
    }
}

#[test]
fn vct_line_takes_the_defenders_delaying_fours() {
    // The double three at (7,7) again, and white with two closed threes on the edges (columns
    // 0 and 14, rows 0-2): against the double three white may first make two fours of its
    // own, each of which black must block, before it blocks a three. The line, whose length
    // the engine reports as the mate distance, must take those delays (four plies more than
    // the plain block), not the first defence the proof tried.
    let position = board(
        15,
        &[(5, 7), (6, 7), (7, 5), (7, 6), (11, 12), (2, 11)],
        &[(0, 0), (0, 1), (0, 2), (14, 0), (14, 1), (14, 2)],
        Color::Black,
    );
    let stop = AtomicBool::new(false);
    let line = match find_vct(&position, Rule::Freestyle, &limits(6), &stop) {
        SolveOutcome::Win(line) => line,
        other => panic!("{other:?}"),
    };
    check_line(&position, Rule::Freestyle, &line, LineKind::Vct).expect("valid line");
    assert_eq!(line[0], Point::new(7, 7), "{line:?}");
    let white_fours = |column: usize| {
        line.iter()
            .skip(1)
            .step_by(2)
            .any(|p| p.x() == column && p.y() <= 4)
    };
    assert!(white_fours(0) && white_fours(14), "{line:?}");
}

#[test]
fn vct_no_win_is_proven_with_few_moves() {
    let stop = AtomicBool::new(false);
    let lonely = board(15, &[(7, 7)], &[(3, 3)], Color::Black);
    // Two more stones never make five.
    assert_eq!(
        find_vct(&lonely, Rule::Freestyle, &limits(2), &stop),
        SolveOutcome::NoWin
    );
    assert_eq!(
        find_vcf(&lonely, Rule::Freestyle, &limits(2), &stop),
        SolveOutcome::NoWin
    );
}

#[test]
fn searches_are_deterministic() {
    let position = board(11, &BLACK_A, &WHITE_A, Color::Black);
    let stop = AtomicBool::new(false);
    let first = find_vct(&position, Rule::Renju, &limits(6), &stop);
    let second = find_vct(&position, Rule::Renju, &limits(6), &stop);
    assert_eq!(first, second);
}

#[test]
fn blocked_cells_and_board_edges_are_walls() {
    // X X X X against a blocked point on one side and white on the other: no five point. On
    // a 12 × 7 board, a four against the edge is no four either.
    let mut position = board(
        11,
        &[(2, 5), (3, 5), (4, 5), (5, 5)],
        &[(1, 5)],
        Color::Black,
    );
    position.block(Point::new(6, 5)).expect("empty");
    assert_eq!(vcf(&position, Rule::Freestyle, 3), None);
    let mut wide = Board::new(12, 7).expect("size");
    for x in 8..12 {
        wide.try_put(Point::new(x, 6), Color::Black).expect("empty");
    }
    wide.try_put(Point::new(7, 6), Color::White).expect("empty");
    wide.set_side_to_move(Color::Black);
    assert_eq!(vcf(&wide, Rule::Freestyle, 3), None);
    // Two more black stones on column 11: (11,3) makes a four against the edge, with (11,2)
    // its only five point, and nothing follows.
    wide.try_put(Point::new(11, 5), Color::Black)
        .expect("empty");
    wide.try_put(Point::new(11, 4), Color::Black)
        .expect("empty");
    wide.set_side_to_move(Color::Black);
    let mut after = wide.clone();
    after.play_unchecked(Point::new(11, 3));
    assert_eq!(
        solver_checker::five_points(&after, Color::Black, Rule::Freestyle),
        vec![Point::new(11, 2)]
    );
    assert_eq!(vcf(&wide, Rule::Freestyle, 3), None);
}
