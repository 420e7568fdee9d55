//! Yixin-Board's own commands, as its `main.c` sends them (lower case, points as its
//! `row,column`, which are our `x,y`): blocked points, and every reply Yixin parses.

mod protocol_common;

use protocol_common::{expect_move, parse_move, replies};
use tengen::protocol::LineDriver;

/// A Yixin-Board conversation on a 15×15 freestyle board with small search limits.
fn yixin() -> LineDriver {
    let mut driver = LineDriver::new();
    assert!(driver.lines("info show_detail 3").is_empty());
    assert_eq!(driver.lines("yxshowinfo").len(), 2);
    assert_eq!(driver.lines("start 15"), ["OK"]);
    for line in ["info rule 0", "info max_depth 3", "info timeout_turn 300"] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    driver
}

/// Feeds every line of a block and returns what its last line brought.
fn block(driver: &mut LineDriver, lines: &[&str]) -> Vec<String> {
    let (last, first) = lines.split_last().expect("lines");
    for line in first {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    driver.lines(last)
}

/// Black (ours, to move: equal counts) has four in a row on row 7 with one end closed: the
/// only five is at 8,7.
const FOUR: [&str; 9] = [
    "board", "4,7,1", "5,7,1", "6,7,1", "7,7,1", "3,7,2", "3,3,2", "12,12,2", "12,3,2",
];

fn answer_to_four(driver: &mut LineDriver) -> (i64, i64) {
    let mut lines: Vec<&str> = FOUR.to_vec();
    lines.push("done");
    let got = block(driver, &lines);
    let replies = replies(&got);
    assert_eq!(replies.len(), 1, "{got:?}");
    parse_move(&replies[0]).unwrap_or_else(|| panic!("{got:?}"))
}

#[test]
fn blocked_points_are_never_played_until_undone_or_reset() {
    let mut driver = yixin();
    assert_eq!(answer_to_four(&mut driver), (8, 7));
    // Yixin-Board's "block" command: yxblock, the point, done. No answer.
    assert!(block(&mut driver, &["yxblock", "8,7", "done"]).is_empty());
    let answer = answer_to_four(&mut driver);
    assert_ne!(answer, (8, 7));
    // Blocks hold for every later search, and more points can be added.
    assert!(block(
        &mut driver,
        &["yxblock", &format!("{},{}", answer.0, answer.1), "done"]
    )
    .is_empty());
    let third = answer_to_four(&mut driver);
    assert!(third != (8, 7) && third != answer, "{third:?}");
    // yxblockundo frees one point again.
    assert!(block(&mut driver, &["yxblockundo", "8,7", "done"]).is_empty());
    assert_eq!(answer_to_four(&mut driver), (8, 7));
    assert!(block(&mut driver, &["yxblock", "8,7", "done"]).is_empty());
    assert_ne!(answer_to_four(&mut driver), (8, 7));
    // yxblockreset frees them all.
    assert!(driver.lines("yxblockreset").is_empty());
    assert_eq!(answer_to_four(&mut driver), (8, 7));
    // A new game forgets them.
    assert!(block(&mut driver, &["yxblock", "8,7", "done"]).is_empty());
    assert_eq!(driver.lines("restart"), ["OK"]);
    assert_eq!(answer_to_four(&mut driver), (8, 7));
}

#[test]
fn when_every_legal_point_is_blocked_a_move_is_still_played() {
    let mut driver = yixin();
    assert_eq!(driver.lines("start 5"), ["OK"]);
    let mut lines = vec!["yxblock".to_string()];
    for y in 0..5 {
        for x in 0..5 {
            lines.push(format!("{x},{y}"));
        }
    }
    lines.push("done".into());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert!(block(&mut driver, &lines).is_empty());
    expect_move(&mut driver, "turn 2,2");
    // All but one: that one is played.
    assert!(block(&mut driver, &["yxblockundo", "0,4", "done"]).is_empty());
    let point = expect_move(&mut driver, "turn 4,0");
    assert_eq!((point.x(), point.y()), (0, 4));
}

#[test]
fn a_bad_block_is_an_error_and_changes_nothing() {
    let mut driver = yixin();
    let got = block(&mut driver, &["yxblock", "8,7", "15,3", "done"]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("ERROR") && got[0].contains("blocked points unchanged"));
    let got = block(&mut driver, &["yxblock", "h8", "done"]);
    assert!(got[0].starts_with("ERROR"), "{got:?}");
    // Neither block took effect: the five is still played.
    assert_eq!(answer_to_four(&mut driver), (8, 7));
}
