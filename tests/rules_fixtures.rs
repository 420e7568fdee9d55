//! Renju forbidden-move fixtures: every case of the position files in `tests/data/` (transcribed
//! from the project's verified positions) and hand-made ASCII boards for each named shape. Every
//! fixture is checked against both the fast judge (`rules::forbidden_kind`) and the slow
//! reference judge in `tests/reference/judge.rs`.

mod reference;

use reference::data::{parse_cases, Case, Expected, FORBIDDEN_15, FORBIDDEN_CASES};
use reference::judge;
use tengen::board::{Board, Color, Point};
use tengen::notation::PointName;
use tengen::rules::{self, Rule};

/// The fast judge's verdict as a label.
fn fast_verdict(board: &Board, point: Point) -> Option<&'static str> {
    rules::forbidden_kind(board, point).map(|kind| kind.name())
}

/// Checks every point a case has an answer for with both judges; returns the failures.
fn check_case(case: &Case) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut checked = 0;
    let board = &case.board;
    for point in board.empty_points() {
        let Some(expected) = case.expected_at(point) else {
            continue;
        };
        checked += 1;
        let fast = fast_verdict(board, point);
        let slow = judge::forbidden(board, point);
        for (who, verdict) in [("fast judge", fast), ("reference judge", slow)] {
            if !expected.accepts(verdict) {
                failures.push(format!(
                    "{}: {who} says {verdict:?} on {point} ({}), expected {expected:?}\n{}",
                    case.id,
                    PointName(point),
                    board.to_ascii()
                ));
            }
        }
        // The explanation and the legality test use the same judge.
        let (explained, _) = rules::explain_forbidden(board, point);
        assert_eq!(explained.map(|kind| kind.name()), fast, "{}", case.id);
        assert_eq!(
            rules::is_legal(board, point, Rule::Renju),
            fast.is_none(),
            "{}",
            case.id
        );
    }
    if case.full_board {
        let listed: Vec<Point> = rules::forbidden_points(board)
            .into_iter()
            .map(|(point, _)| point)
            .collect();
        let mut expected: Vec<Point> = case
            .expected
            .iter()
            .filter(|(_, e)| *e != Expected::Legal)
            .map(|(point, _)| *point)
            .collect();
        // Points order row by row, as `forbidden_points` lists them.
        expected.sort();
        if listed != expected {
            failures.push(format!("{}: forbidden_points gives {listed:?}", case.id));
        }
    }
    (checked, failures)
}

fn check_file(text: &str, case_count: usize) -> usize {
    let cases = parse_cases(text);
    assert_eq!(cases.len(), case_count);
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let (points, case_failures) = check_case(case);
        checked += points;
        failures.extend(case_failures);
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

#[test]
fn collected_cases_all_agree() {
    let checked = check_file(FORBIDDEN_CASES, 174);
    println!("renju-forbidden-cases: {checked} points checked");
    // 44 full boards of 15x15 with 0..40 stones each, plus 130 single points.
    assert!(checked > 44 * 150 + 130);
}

#[test]
fn positions_from_play_all_agree() {
    let checked = check_file(FORBIDDEN_15, 150);
    println!("renju-forbidden-15: {checked} points checked");
    // The data's own count of judged empty points.
    assert_eq!(checked, 27_176);
}

#[test]
fn data_files_hold_every_label_and_deep_positions() {
    let cases = parse_cases(FORBIDDEN_CASES);
    let positions = parse_cases(FORBIDDEN_15);
    let all = cases.iter().chain(&positions);
    let mut counts = std::collections::HashMap::new();
    for case in all {
        for (_, expected) in &case.expected {
            *counts.entry(format!("{expected:?}")).or_insert(0) += 1;
        }
    }
    for label in ["overline", "double-four", "double-three"] {
        assert!(
            counts[&format!("{:?}", Expected::Kind(label))] > 10,
            "{label}"
        );
    }
    assert!(counts[&format!("{:?}", Expected::Legal)] > 50);
    assert_eq!(positions.iter().filter(|case| case.deep).count(), 29);
    assert_eq!(cases.iter().filter(|case| case.full_board).count(), 44);
}

// ---------------------------------------------------------------------------------------------
// Hand-made ASCII fixtures.
//
// A board is drawn with `X` black, `O` white, `#` blocked, `.` empty. Points are marked with a
// lower-case letter standing on an empty cell; `marks` says what each marked point must be
// (`legal`, `overline`, `double-four`, `double-three`). Black is to move.

/// Builds the board and the marked points from a drawing.
fn board_with_marks(
    drawing: &str,
    marks: &[(char, &str)],
) -> (Board, Vec<(Point, char, Expected)>) {
    let mut plain = String::new();
    let mut found = Vec::new();
    let mut y = 0;
    for line in drawing.lines() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.is_empty() {
            continue;
        }
        for (x, &c) in cells.iter().enumerate() {
            if c.is_ascii_lowercase() && c != 'x' && c != 'o' {
                let (_, label) = marks
                    .iter()
                    .find(|(mark, _)| *mark == c)
                    .unwrap_or_else(|| panic!("mark '{c}' has no expectation"));
                let expected = match *label {
                    "legal" => Expected::Legal,
                    "overline" => Expected::Kind("overline"),
                    "double-four" => Expected::Kind("double-four"),
                    "double-three" => Expected::Kind("double-three"),
                    other => panic!("unknown label {other}"),
                };
                found.push((Point::new(x, y), c, expected));
                plain.push('.');
            } else {
                plain.push(c);
            }
        }
        plain.push('\n');
        y += 1;
    }
    assert_eq!(found.len(), marks.len(), "every mark is drawn once");
    let mut board = Board::from_ascii(&plain).expect("fixture board size");
    board.set_side_to_move(Color::Black);
    (board, found)
}

/// The verdict of both judges on `point`; panics if they disagree.
fn both_judges(name: &str, board: &Board, point: Point) -> Option<&'static str> {
    let fast = fast_verdict(board, point);
    let slow = judge::forbidden(board, point);
    assert_eq!(
        fast,
        slow,
        "{name}: fast judge and reference disagree on {point} ({})\n{}",
        PointName(point),
        board.to_ascii()
    );
    fast
}

/// Checks every marked point with both judges, and that the judges agree on every empty point.
fn check_fixture(name: &str, drawing: &str, marks: &[(char, &str)]) {
    let (board, points) = board_with_marks(drawing, marks);
    for point in board.empty_points() {
        both_judges(name, &board, point);
    }
    for (point, mark, expected) in points {
        let verdict = both_judges(name, &board, point);
        assert!(
            expected.accepts(verdict),
            "{name}: '{mark}' ({point}) is {verdict:?}, expected {expected:?}\n{}",
            board.to_ascii()
        );
    }
}

/// Checks the marks one after the other, each on the board with the earlier marks played as
/// black stones: the steps of a recursive false-three judgement, spelled out.
fn check_chain(name: &str, drawing: &str, marks: &[(char, &str)]) {
    let (mut board, points) = board_with_marks(drawing, marks);
    for &(mark, _) in marks {
        let (point, _, expected) = points
            .iter()
            .find(|(_, m, _)| *m == mark)
            .copied()
            .expect("mark drawn");
        for empty in board.empty_points() {
            both_judges(name, &board, empty);
        }
        let verdict = both_judges(name, &board, point);
        assert!(
            expected.accepts(verdict),
            "{name}: '{mark}' ({point}) is {verdict:?}, expected {expected:?}\n{}",
            board.to_ascii()
        );
        board.try_put(point, Color::Black).expect("mark is empty");
    }
}

/// Checks a one-line shape drawn on row 7 of an empty 15x15 board from column 3 on; `a` is the
/// move judged.
fn check_row(shape: &str, expected: &str) {
    let cells: String = format!("...{shape}")
        .chars()
        .chain(std::iter::repeat('.'))
        .take(15)
        .collect();
    let drawing: Vec<&str> = (0..15)
        .map(|y| {
            if y == 7 {
                cells.as_str()
            } else {
                "..............."
            }
        })
        .collect();
    check_fixture(shape, &drawing.join("\n"), &[('a', expected)]);
}

#[test]
fn fours_on_one_line() {
    // Two fours on one line: each gap is a point of its own where black makes exactly five.
    check_row("X.XaX.X", "double-four");
    check_row("X.aXX.X", "double-four");
    check_row("XX.aX.XX", "double-four");
    check_row("XXX.a.XXX", "double-four");
    // The second gap would make six, so there is only one four.
    check_row("X.XaX.XX", "legal");
    check_row(".XXXa.X", "legal");
    // A straight four is one four.
    check_row(".XXXa.", "legal");
    // A four whose only five point would make six is no four.
    check_row("OXXXa.X", "legal");
}

#[test]
fn fives_and_overlines_on_one_line() {
    check_row("XXXXa", "legal");
    check_row("XXaXX", "legal");
    check_row("XXXaXX", "overline");
    check_row("XXaXXXX", "overline");
    check_row("XaXX", "legal");
}

/// `a`: XXX.XX filled is six; `b`: seven and more; `c`: an overline that also makes two fours is
/// labelled overline; `d`: `OXXXd.X`, the only five point would make six, so that is no four at all.
#[test]
fn overline_shapes() {
    check_fixture(
        "overline_shapes",
        "
        . . . . . . . . . . . . . . .
        . X X X a X X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X X b X X X X X . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . X . . . . . . . .
        . . X X X c X X . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . O X X X d . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[
            ('a', "overline"),
            ('b', "overline"),
            ('c', "overline"),
            ('d', "legal"),
        ],
    );
}

/// `a` makes `XXX.X` both across and down: two fours. `b` and `c` make one straight four each.
#[test]
fn double_four_across_two_lines() {
    check_fixture(
        "double_four_across_two_lines",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . b . . . . . . .
        . . . X X X c a . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "double-four"), ('b', "legal"), ('c', "legal")],
    );
}

/// `a`: two fours and an open three; the label is double-four (it comes before double-three).
#[test]
fn four_four_three_is_a_double_four() {
    check_fixture(
        "four_four_three_is_a_double_four",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X . X . . . . . . .
        . . . . . . X . . . . . . . .
        . . . X X X . a . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "double-four")],
    );
}

/// `a`: one four (`XXX.X` across) and two open threes (down and on the diagonal): forbidden as a
/// double-three.
#[test]
fn four_three_three_is_a_double_three() {
    check_fixture(
        "four_three_three_is_a_double_three",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . X X X . a . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "double-three")],
    );
}

/// `a`: one four and one open three: the winning four-three, legal for black.
#[test]
fn four_three_is_legal() {
    check_fixture(
        "four_three_is_legal",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . X X X . a . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal")],
    );
}

/// `a` makes exactly five across and six down: the five wins, nothing is forbidden. `b` makes five
/// at the other end of the same row.
#[test]
fn five_with_an_overline_elsewhere_is_legal() {
    check_fixture(
        "five_with_an_overline_elsewhere_is_legal",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . X . . . . . . . .
        . b X X X X a . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('b', "legal")],
    );
}

/// `a`: five across plus two fours (down, diagonal); `b`: five across plus two open threes. A move
/// that makes exactly five is never forbidden.
#[test]
fn five_beats_double_four_and_double_three() {
    check_fixture(
        "five_beats_double_four_and_double_three",
        "
        . . X . . X . . . . . . . . .
        . . . X . X . . . . . . . . .
        . . . . X X . . . . . . . . .
        . X X X X a . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X . X . . . . . . .
        . . . . . X X . . . . . . . .
        . X X X X b . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('b', "legal")],
    );
}

/// `a`: in the corner, `aXX` across and down cannot become straight fours (the edge is in the
/// way): no threes, legal. `b`: the same shape one cell in, away from the edge: a double-three.
/// `c`: a four along the left edge and a four that ends at it: double-four. `d`: five ending at
/// the edge.
#[test]
fn board_edges() {
    check_fixture(
        "board_edges",
        "
        a X X . . . . . . . X X X X d
        X . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        c X X X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . X .
        . . . . . . . . . . . X X b .
        . . . . . . . . . . . . . . .
",
        &[
            ('a', "legal"),
            ('b', "double-three"),
            ('c', "double-four"),
            ('d', "legal"),
        ],
    );
}

/// An 8 x 13 board. `a`: `X.XaX.X` down the left edge, two fours on one line; `b`: two
/// "threes" against the bottom and right edges, neither can become a straight four; `c`: a real
/// double-three; `d`: six along the top row.
#[test]
fn rectangular_board() {
    check_fixture(
        "rectangular_board",
        "
        . . X X X d X X
        . . . . . . . .
        . . . . . X . .
        X . . . . X . .
        . . . X X c . .
        X . . . . . . .
        a . . . . . . .
        X . . . . . . .
        . . . . . . . .
        X . . . . . . .
        . . . . . X . .
        . . . . . X . .
        . . . . . b X X
",
        &[
            ('a', "double-four"),
            ('b', "legal"),
            ('c', "double-three"),
            ('d', "overline"),
        ],
    );
}

/// Depth 1. `a` makes an open three on the diagonal and a three across whose only key point is
/// `k` (white blocks the right side); `k` would make three fours, so the three across is false and
/// `a` is legal. `k` itself is a double-four.
#[test]
fn false_three_whose_key_point_is_a_double_four() {
    check_fixture(
        "false_three_whose_key_point_is_a_double_four",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . X . . . . . . .
        . . . . X . X . . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . k X X a . O . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('k', "double-four")],
    );
}

/// Depth 1. As above, but the key point `k` of the three across makes six down.
#[test]
fn false_three_whose_key_point_is_an_overline() {
    check_fixture(
        "false_three_whose_key_point_is_an_overline",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . k X X a . O . . . . .
        . . . . X . . . X . . . . . .
        . . . . X . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('k', "overline")],
    );
}

/// Depth 1. As above, but `k` makes five down: a key point that makes a five is no way to a
/// straight four, so `a` has one three and is legal (and `k` wins).
#[test]
fn false_three_whose_key_point_makes_five() {
    check_fixture(
        "false_three_whose_key_point_makes_five",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . k X X a . O . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('k', "legal")],
    );
}

/// Depth 2, judged step by step (each mark with the earlier ones on the board). `a`: an open
/// three on the diagonal and a three across with one key point `k`. With `a` down, `k` makes a
/// straight four across, an open three on its diagonal, and a three down whose only key point is
/// `m`; with `k` down too, `m` makes two fours (down and across): forbidden. So `k`'s three down
/// is false, `k` is a legal four-three, `a`'s three across is real and `a` is a double-three.
#[test]
fn key_point_that_looks_like_four_three_three_but_is_legal() {
    check_chain(
        "key_point_that_looks_like_four_three_three_but_is_legal",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . m X X X . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . k X X a . O . . . .
        . . . . . . X . . X . . . . .
        . . . . . O . X . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "double-three"), ('k', "legal"), ('m', "double-four")],
    );
}

/// Depth 2. Same shape without the stones that made `m` a double-four: `m` is now only a straight
/// four, so `k` is a four-three-three (double-three), `a`'s three across is false and `a` is legal.
#[test]
fn key_point_that_is_a_real_four_three_three() {
    check_chain(
        "key_point_that_is_a_real_four_three_three",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . m . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . k X X a . O . . . .
        . . . . . . X . . X . . . . .
        . . . . . O . X . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
",
        &[('a', "legal"), ('k', "double-three"), ('m', "legal")],
    );
}

/// Depth 3 on a 20 x 20 board. `a`'s three across hangs on `k`; `k`'s three down hangs on `m`;
/// `m` makes a straight four down, an open three across and a three on the anti-diagonal whose
/// only key point is `n`; `n` makes two fours. So `m` has one real three (legal), `k`'s three down
/// is real, `k` is a four-three-three (forbidden), and `a` is legal. A judge that stopped at depth
/// 2 would call `m` forbidden and `a` a double-three.
#[test]
fn false_three_three_levels_deep_on_20x20() {
    check_chain(
        "false_three_three_levels_deep_on_20x20",
        "
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . . . . . . .
        . . . . . . . . . . X . . . . . . . . .
        . . . . . . . . . m X X . . . . . . . .
        . . . . . . . . n X . . . . . . . . . .
        . . . . . . . . . X . . . . . . . . . .
        . . . . . . . . . k X X a . O . . . . .
        . . . . . . . . . . X X . X . . . . . .
        . . . . . . . . . O . X . . X . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
",
        &[
            ('a', "legal"),
            ('k', "double-three"),
            ('m', "legal"),
            ('n', "double-four"),
        ],
    );
}

/// Depth 3, the same board without the stone that made `n` a double-four: `n` is legal, so `m`
/// is a four-three-three, `k`'s three down is false, `k` is legal and `a` is a double-three.
#[test]
fn three_levels_deep_the_other_way_on_20x20() {
    check_chain(
        "three_levels_deep_the_other_way_on_20x20",
        "
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . X . . . . . . . .
        . . . . . . . . . . X . . . . . . . . .
        . . . . . . . . . m X X . . . . . . . .
        . . . . . . . . n X . . . . . . . . . .
        . . . . . . . . . X . . . . . . . . . .
        . . . . . . . . . k X X a . O . . . . .
        . . . . . . . . . . X . . X . . . . . .
        . . . . . . . . . O . X . . X . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
",
        &[
            ('a', "double-three"),
            ('k', "legal"),
            ('m', "double-three"),
            ('n', "legal"),
        ],
    );
}
