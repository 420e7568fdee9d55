//! What wins under each rule, through `rules::is_winning_stone`, `rules::would_win` and
//! `rules::winner`: freestyle (five or more), standard (exactly five), renju (black exactly five,
//! white five or more), caro (five or more, but a five closed at both ends by opponent stones does
//! not win; the edge is no block; an overline wins) and exact caro (exactly five, not closed at
//! both ends). Also the four rule checks of the Gomocup submission tester as rules-level facts,
//! and a seeded differential test against a plain line-scanning win check.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen::board::{Board, Color, Point, DIRECTIONS};
use tengen::rules::{self, Rule};

const ALL_RULES: [Rule; 5] = [
    Rule::Freestyle,
    Rule::Standard,
    Rule::Renju,
    Rule::Caro,
    Rule::CaroExact,
];

fn board(drawing: &str) -> Board {
    Board::from_ascii(drawing).expect("drawing size")
}

/// The rules under which the stones of `color` on `board` form a winning line, checked three
/// ways: `winner`, `is_winning_stone` on some stone, and `would_win` after taking one back.
fn rules_where_wins(board: &Board, color: Color) -> Vec<Rule> {
    let mut winning = Vec::new();
    for rule in ALL_RULES {
        let by_winner = rules::winner(board, rule) == Some(color);
        let winning_stones: Vec<Point> = board
            .points()
            .filter(|&p| board.stone(p) == Some(color) && rules::is_winning_stone(board, p, rule))
            .collect();
        assert_eq!(by_winner, !winning_stones.is_empty(), "{rule}");
        // Every winning stone, taken back, is a winning move.
        for &point in &winning_stones {
            let mut before = board.clone();
            before.take_back(point).expect("stone");
            assert!(
                rules::would_win(&before, point, color, rule),
                "{rule} {point}"
            );
        }
        if by_winner {
            winning.push(rule);
        }
    }
    winning
}

#[test]
fn exactly_five_wins_under_every_rule() {
    let board = board(
        "
        . . . . . . . . .
        . X X X X X . . .
        . . . . . . . . .
        . O O O O . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(rules_where_wins(&board, Color::Black), ALL_RULES);
    assert_eq!(rules_where_wins(&board, Color::White), []);
    // Only the five stones are winning stones.
    for point in board.points() {
        let in_five = point.y() == 1 && (1..=5).contains(&point.x());
        assert_eq!(
            rules::is_winning_stone(&board, point, Rule::Standard),
            in_five
        );
    }
}

#[test]
fn six_wins_only_under_freestyle_caro_and_for_white_in_renju() {
    let black_six = board(
        "
        . . . . . . . . .
        . X X X X X X . .
        . . . . . . . . .
        . O O O O . O O .
        . . . . . . . . .
        ",
    );
    assert_eq!(
        rules_where_wins(&black_six, Color::Black),
        [Rule::Freestyle, Rule::Caro]
    );
    let white_six = board(
        "
        . . . . . . . . .
        . O O O O O O . .
        . . . . . . . . .
        . X X X X . X X .
        . . . . . . . . X
        ",
    );
    assert_eq!(
        rules_where_wins(&white_six, Color::White),
        [Rule::Freestyle, Rule::Renju, Rule::Caro]
    );
    // Seven and more behave like six; a line through the whole width too.
    let seven = board(
        "
        . . . . . . . . .
        X X X X X X X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(
        rules_where_wins(&seven, Color::Black),
        [Rule::Freestyle, Rule::Caro]
    );
}

#[test]
fn would_win_on_empty_points() {
    let board = board(
        "
        . . . . . . . . . .
        . X X X X . X . . .
        . . . . . . . . . .
        . O O O . O . . . .
        . . . . . . . . . .
        ",
    );
    let gap = Point::new(5, 1);
    let left = Point::new(0, 1);
    // The gap joins six, the left end makes exactly five.
    for rule in ALL_RULES {
        let six_wins = matches!(rule, Rule::Freestyle | Rule::Caro);
        assert_eq!(rules::would_win(&board, gap, Color::Black, rule), six_wins);
        assert!(rules::would_win(&board, left, Color::Black, rule));
        // White's 4 in `OOO.O` filled is five for white under every rule.
        assert!(rules::would_win(
            &board,
            Point::new(4, 3),
            Color::White,
            rule
        ));
        // An occupied point is never a winning move, and nothing else wins.
        assert!(!rules::would_win(
            &board,
            Point::new(1, 1),
            Color::Black,
            rule
        ));
        assert!(!rules::would_win(
            &board,
            Point::new(5, 3),
            Color::Black,
            rule
        ));
    }
    // White makes six through the gap under renju: white may, and it wins.
    let white = board_with_white_six_gap();
    assert!(rules::would_win(
        &white,
        Point::new(4, 0),
        Color::White,
        Rule::Renju
    ));
    assert!(!rules::would_win(
        &white,
        Point::new(4, 0),
        Color::White,
        Rule::Standard
    ));
}

fn board_with_white_six_gap() -> Board {
    board(
        "
        O O O O . O . .
        . . . . . . . .
        X X . X X . X .
        . . . . . . . .
        . . . . . . . .
        ",
    )
}

#[test]
fn fives_in_every_direction_and_at_the_edges() {
    let vertical = board(
        "
        X . . . . .
        X . . . . .
        X . . . . .
        X . . . . .
        X . . . . .
        . . . . . .
        ",
    );
    let diagonal = board(
        "
        . . . . . .
        . X . . . .
        . . X . . .
        . . . X . .
        . . . . X .
        . . . . . X
        ",
    );
    let anti_diagonal = board(
        "
        . . . . X
        . . . X .
        . . X . .
        . X . . .
        X . . . .
        ",
    );
    for position in [&vertical, &diagonal, &anti_diagonal] {
        assert_eq!(rules_where_wins(position, Color::Black), ALL_RULES);
    }
}

#[test]
fn caro_five_closed_at_both_ends_by_the_opponent_does_not_win() {
    let closed = board(
        "
        . . . . . . . . .
        O X X X X X O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(
        rules_where_wins(&closed, Color::Black),
        [Rule::Freestyle, Rule::Standard, Rule::Renju]
    );
    // One end open is enough.
    let half_open = board(
        "
        . . . . . . . . .
        O X X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(rules_where_wins(&half_open, Color::Black), ALL_RULES);
    // The edge of the board is no block: edge on one side, opponent on the other wins...
    let edge_and_stone = board(
        "
        . . . . . . . .
        X X X X X O . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_eq!(rules_where_wins(&edge_and_stone, Color::Black), ALL_RULES);
    // ...and so does a five from edge to edge.
    let edge_to_edge = board(
        "
        . . . . .
        O O O O O
        . . . . .
        X X X X .
        . . . . X
        ",
    );
    assert_eq!(rules_where_wins(&edge_to_edge, Color::White), ALL_RULES);
    // Own stones or empty cells beside the five do not block it; only the opponent's do. A
    // diagonal five closed at both ends by white.
    let closed_diagonal = board(
        "
        O . . . . . .
        . X . . . . .
        . . X . . . .
        . . . X . . .
        . . . . X . .
        . . . . . X .
        . . . . . . O
        ",
    );
    assert_eq!(
        rules_where_wins(&closed_diagonal, Color::Black),
        [Rule::Freestyle, Rule::Standard, Rule::Renju]
    );
    // The same for white closed by black.
    let white_closed = board(
        "
        X O O O O O X .
        . . . . . . . .
        X . X . X . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_eq!(
        rules_where_wins(&white_closed, Color::White),
        [Rule::Freestyle, Rule::Standard, Rule::Renju]
    );
}

#[test]
fn caro_overline_wins_even_when_closed_but_exact_caro_never_lets_six_win() {
    let closed_six = board(
        "
        . . . . . . . . .
        O X X X X X X O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(
        rules_where_wins(&closed_six, Color::Black),
        [Rule::Freestyle, Rule::Caro]
    );
    let open_six = board(
        "
        . . . . . . . . .
        . X X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(!rules_where_wins(&open_six, Color::Black).contains(&Rule::CaroExact));
    // Would-win checks of the same facts on the move that completes the line.
    let before = board(
        "
        . . . . . . . . .
        O X X X . X X O .
        O X X X X . . O .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let six_point = Point::new(4, 1);
    let five_point = Point::new(5, 2);
    assert!(rules::would_win(
        &before,
        six_point,
        Color::Black,
        Rule::Caro
    ));
    assert!(!rules::would_win(
        &before,
        six_point,
        Color::Black,
        Rule::CaroExact
    ));
    // Row 2 filled at 5 is XXXXX with white at 0 and an empty 6: one end open.
    assert!(rules::would_win(
        &before,
        five_point,
        Color::Black,
        Rule::CaroExact
    ));
}

#[test]
fn no_winner_on_an_empty_or_quiet_board() {
    let empty = Board::square(15).expect("size");
    let quiet = board(
        "
        X X X X . X X X X
        O O O O . O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    for rule in ALL_RULES {
        assert_eq!(rules::winner(&empty, rule), None);
        assert_eq!(rules::winner(&quiet, rule), None);
        assert!(!rules::is_winning_stone(&quiet, Point::new(4, 0), rule));
    }
}

// ---------------------------------------------------------------------------------------------
// The Gomocup submission tester's rule checks (GomocupJudge `test_zip_rules.py`). Moves alternate
// from black; points are written the Gomocup way: letter = x (a = 0), number = y + 1.

fn gomocup_point(name: &str) -> Point {
    let x = (name.as_bytes()[0] - b'a') as usize;
    let y: usize = name[1..].parse().expect("row number");
    Point::new(x, y - 1)
}

/// Plays a move string such as `h8h9i8` on an empty 15x15 board.
fn play_moves(moves: &str) -> Board {
    let mut board = Board::square(15).expect("size");
    let bytes = moves.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let mut end = start + 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let point = gomocup_point(&moves[start..end]);
        board
            .try_play(point.x() as i64, point.y() as i64)
            .expect("legal move");
        start = end;
    }
    board
}

/// Every empty point where `color` would win at once under `rule`.
fn winning_moves(board: &Board, color: Color, rule: Rule) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| rules::would_win(board, p, color, rule))
        .collect()
}

#[test]
fn gomocup_check_all_rules_g8_and_l8_make_five() {
    let board = play_moves("h8h9i8i9j8j9k8k9");
    assert_eq!(board.side_to_move(), Color::Black);
    for rule in ALL_RULES {
        assert_eq!(
            winning_moves(&board, Color::Black, rule),
            [gomocup_point("g8"), gomocup_point("l8")],
            "{rule}"
        );
        assert!(rules::is_legal(&board, gomocup_point("g8"), rule));
    }
}

#[test]
fn gomocup_check_standard_h13_makes_six_and_does_not_win() {
    let board = play_moves("h8h9i8h10g8h11j13h12g14h14i15");
    assert_eq!(board.side_to_move(), Color::White);
    let h13 = gomocup_point("h13");
    assert!(!rules::would_win(&board, h13, Color::White, Rule::Standard));
    assert_eq!(winning_moves(&board, Color::White, Rule::Standard), []);
    // Under freestyle the same move is a win.
    assert!(rules::would_win(&board, h13, Color::White, Rule::Freestyle));
    // After h13 the six is on the board and nobody has won under standard.
    let mut after = board.clone();
    after.play_unchecked(h13);
    assert_eq!(rules::winner(&after, Rule::Standard), None);
    assert_eq!(rules::winner(&after, Rule::Freestyle), Some(Color::White));
}

#[test]
fn gomocup_check_caro_k8_is_a_closed_five() {
    let board = play_moves("h8f8g8f9i8f7j8l8");
    assert_eq!(board.side_to_move(), Color::Black);
    let k8 = gomocup_point("k8");
    assert!(!rules::would_win(&board, k8, Color::Black, Rule::Caro));
    assert!(!rules::would_win(&board, k8, Color::Black, Rule::CaroExact));
    assert_eq!(winning_moves(&board, Color::Black, Rule::Caro), []);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert!(rules::would_win(&board, k8, Color::Black, rule), "{rule}");
    }
}

#[test]
fn gomocup_check_renju_g9_is_the_only_forbidden_point() {
    let board = play_moves("h8h9i7i9h10i6i11i12");
    assert_eq!(board.side_to_move(), Color::Black);
    let g9 = gomocup_point("g9");
    let forbidden = rules::forbidden_points(&board);
    assert_eq!(forbidden.len(), 1);
    assert_eq!(forbidden[0].0, g9);
    assert_eq!(forbidden[0].1.name(), "double-three");
    assert!(!rules::is_legal(&board, g9, Rule::Renju));
    // Under the other rules nothing is forbidden.
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::CaroExact] {
        assert!(rules::is_legal(&board, g9, rule), "{rule}");
    }
}

// ---------------------------------------------------------------------------------------------
// Differential test against a plain win check written from the rule text.

/// Whether a stone of `color` on `point` (counted as `color` whatever stands there) makes a
/// winning line under `rule`, by walking each line from the point to both ends of its run.
fn reference_makes_win(board: &Board, point: Point, color: Color, rule: Rule) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| {
        let mut length = 1;
        let mut closed_ends = 0;
        for sign in [-1i64, 1] {
            let (mut x, mut y) = (point.x() as i64, point.y() as i64);
            loop {
                x += sign * dx as i64;
                y += sign * dy as i64;
                match board.point(x, y) {
                    Some(p) if board.stone(p) == Some(color) => length += 1,
                    // The cell past the end of the run: an opponent stone closes it; the edge,
                    // an empty cell (or anything else) does not.
                    Some(p) => {
                        if board.stone(p) == Some(color.opponent()) {
                            closed_ends += 1;
                        }
                        break;
                    }
                    None => break,
                }
            }
        }
        match rule {
            Rule::Freestyle => length >= 5,
            Rule::Standard => length == 5,
            Rule::Renju => length == 5 || (length > 5 && color == Color::White),
            Rule::Caro => length > 5 || (length == 5 && closed_ends < 2),
            Rule::CaroExact => length == 5 && closed_ends < 2,
        }
    })
}

#[test]
fn win_checks_match_a_plain_line_scan_on_random_boards() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0000_0000_0005);
    let mut wins = [0usize; 5];
    let mut checks = 0;
    for _ in 0..300 {
        let (width, height) = (rng.gen_range(5..=20), rng.gen_range(5..=20));
        let mut board = Board::new(width, height).expect("size");
        let density = rng.gen_range(0.3..0.8);
        let black_share = rng.gen_range(0.3..0.7);
        for point in board.points().collect::<Vec<_>>() {
            if rng.gen_bool(density) {
                let color = if rng.gen_bool(black_share) {
                    Color::Black
                } else {
                    Color::White
                };
                board.try_put(point, color).expect("empty point");
            }
        }
        for (index, rule) in ALL_RULES.into_iter().enumerate() {
            for point in board.points() {
                for color in [Color::Black, Color::White] {
                    let expected = reference_makes_win(&board, point, color, rule);
                    match board.stone(point) {
                        None => {
                            assert_eq!(
                                rules::would_win(&board, point, color, rule),
                                expected,
                                "{rule} {color:?} on {point}\n{}",
                                board.to_ascii()
                            );
                            wins[index] += usize::from(expected);
                        }
                        Some(stone) if stone == color => assert_eq!(
                            rules::is_winning_stone(&board, point, rule),
                            expected,
                            "{rule} stone on {point}\n{}",
                            board.to_ascii()
                        ),
                        Some(_) => {}
                    }
                    checks += 1;
                }
            }
            let expected_winner = [Color::Black, Color::White].into_iter().find(|&color| {
                board.points().any(|p| {
                    board.stone(p) == Some(color) && reference_makes_win(&board, p, color, rule)
                })
            });
            assert_eq!(rules::winner(&board, rule), expected_winner, "{rule}");
        }
    }
    println!("win checks compared: {checks}; winning moves per rule: {wins:?}");
    // Every rule met enough wins, and the rules disagree often enough to tell them apart.
    assert!(wins.iter().all(|&count| count > 500), "{wins:?}");
    assert!(wins[0] > wins[1] && wins[0] > wins[3] && wins[3] > wins[4]);
}
