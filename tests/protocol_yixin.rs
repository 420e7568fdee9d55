//! Yixin-Board's own commands, as its `main.c` sends them (lower case, points as its
//! `row,column`, which are our `x,y`): blocked points, and every reply Yixin parses.

mod protocol_common;

use protocol_common::{expect_move, parse_move, replies};
use tengen::protocol::LineDriver;

/// A Yixin-Board conversation on a 15×15 freestyle board with a small depth limit (and no
/// short turn limit, so that the root solver's share of the default turn is ample on any
/// machine).
fn yixin() -> LineDriver {
    let mut driver = LineDriver::new();
    assert!(driver.lines("info show_detail 3").is_empty());
    assert_eq!(driver.lines("yxshowinfo").len(), 3);
    assert_eq!(driver.lines("start 15"), ["OK"]);
    for line in ["info rule 0", "info max_depth 3"] {
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
    // Yixin-Board sends `start` before every search: blocks outlive it (and a new game), but
    // not a board of another size.
    assert!(block(&mut driver, &["yxblock", "8,7", "done"]).is_empty());
    assert_eq!(driver.lines("start 15"), ["OK"]);
    assert_ne!(answer_to_four(&mut driver), (8, 7));
    assert_eq!(driver.lines("restart"), ["OK"]);
    assert_ne!(answer_to_four(&mut driver), (8, 7));
    assert_eq!(driver.lines("start 20"), ["OK"]);
    assert_eq!(driver.lines("start 15"), ["OK"]);
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

/// One N-best line as Yixin-Board reads it from `INFO PV i` … `INFO PV DONE`.
#[derive(Debug)]
struct NBestLine {
    index: usize,
    count: usize,
    depth: u32,
    eval: String,
    winrate: f64,
    line: Vec<(i64, i64)>,
}

/// The N-best lines among `lines`, in order, checking that each comes as Yixin's seven `INFO`
/// lines.
fn nbest_lines(lines: &[String]) -> Vec<NBestLine> {
    let info: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("INFO "))
        .collect();
    assert_eq!(info.len() % 7, 0, "{info:?}");
    info.chunks(7)
        .map(|group| {
            let field = |i: usize, key: &str| -> String {
                group[i]
                    .strip_prefix(key)
                    .unwrap_or_else(|| panic!("{key} expected in {group:?}"))
                    .trim()
                    .to_string()
            };
            assert_eq!(group[6], "PV DONE", "{group:?}");
            NBestLine {
                index: field(0, "PV ").parse().unwrap(),
                count: field(1, "NUMPV ").parse().unwrap(),
                depth: field(2, "DEPTH ").parse().unwrap(),
                eval: field(3, "EVAL "),
                winrate: field(4, "WINRATE ").parse().unwrap(),
                line: field(5, "BESTLINE ")
                    .split(' ')
                    .map(|p| parse_move(p).unwrap_or_else(|| panic!("{group:?}")))
                    .collect(),
            }
        })
        .collect()
}

/// A quiet opening position (yxboard: black to move, ours) with several sensible moves.
fn middle_game(driver: &mut LineDriver) {
    let stones = ["yxboard", "7,7,1", "8,8,2", "6,8,1", "8,7,2", "done"];
    assert!(block(driver, &stones).is_empty());
}

#[test]
fn yxnbest_sends_yixins_info_lines_from_one_multi_pv_search() {
    let mut driver = yixin();
    assert!(driver.lines("info max_depth 4").is_empty());
    middle_game(&mut driver);
    assert!(driver.lines("info nbestsym 0").is_empty());
    let lines = driver.lines("yxnbest 3");
    let reply = replies(&lines)
        .into_iter()
        .find(|l| !l.starts_with("INFO "));
    let reply = parse_move(&reply.expect("a move")).expect("a move");
    let shown = nbest_lines(&lines);
    assert!(!shown.is_empty(), "{lines:?}");
    // The last iteration's lines: three, in order, one depth, distinct empty points, exact
    // scores best first, winrates with them.
    let last_depth = shown.last().unwrap().depth;
    let last: Vec<&NBestLine> = shown.iter().filter(|l| l.depth == last_depth).collect();
    assert_eq!(last.len(), 3, "{shown:?}");
    let mut before = driver.session().board().unwrap().clone();
    before.undo();
    let mut evals = Vec::new();
    for (i, line) in last.iter().enumerate() {
        assert_eq!((line.index, line.count), (i, 3), "{shown:?}");
        let (x, y) = line.line[0];
        assert!(before.is_empty(before.point(x, y).unwrap()), "{line:?}");
        assert!(last[..i].iter().all(|other| other.line[0] != line.line[0]));
        let eval: i32 = line.eval.parse().expect("no mate in this position");
        let expected = 1.0 / (1.0 + (-(eval as f64) / 200.0).exp());
        assert!((line.winrate - expected).abs() < 1e-3, "{line:?}");
        evals.push(eval);
    }
    assert!(evals.windows(2).all(|w| w[0] >= w[1]), "{evals:?}");
    assert_eq!(last[0].line[0], reply);
    // Every manager gets the same ranking as MESSAGE NBEST lines, names as Yixin shows them.
    let messages: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST "))
        .collect();
    assert_eq!(messages.len(), 3, "{lines:?}");
    for (line, message) in last.iter().zip(&messages) {
        let (x, y) = line.line[0];
        let name =
            tengen::notation::point_name(tengen::board::Point::new(y as usize, 14 - x as usize));
        assert!(
            message.contains(&format!(" {x},{y} {name} eval {}", line.eval)),
            "{message} {line:?}"
        );
    }
}

#[test]
fn outside_yixin_board_yxnbest_sends_no_info_lines() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("START 15"), ["OK"]);
    assert!(driver.lines("INFO max_depth 4").is_empty());
    middle_game(&mut driver);
    let lines = driver.lines("YXNBEST 2");
    assert!(lines.iter().all(|l| !l.starts_with("INFO")), "{lines:?}");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("MESSAGE NBEST "))
            .count(),
        2,
        "{lines:?}"
    );
}

/// White (the opponent) has an open three: black must stop it. The root solver proves that the
/// other moves lose, and Yixin-Board draws them as lost (`MESSAGE REALTIME LOSE x,y`).
#[test]
fn proven_losing_moves_are_drawn_as_lost() {
    let mut driver = yixin();
    assert!(driver.lines("info max_depth 4").is_empty());
    // White's 6,10 7,10 and 8,8 8,9 meet at 8,10, a double open three; black (ours, to move:
    // counts equal) has four stones around it (9,11 7,11 9,8 6,9). A black move that neither
    // stops the double three nor makes a three of its own loses (white plays 8,10 and black
    // has no four), and the search proves so at once; after black's 8,10 white has no forced
    // win (with black's stones in the corners instead, it had one: every move lost).
    let stones = [
        "board", "9,11,1", "7,11,1", "9,8,1", "6,9,1", "6,10,2", "7,10,2", "8,8,2", "8,9,2", "done",
    ];
    let lines = block(&mut driver, &stones);
    let reply = parse_move(&replies(&lines)[0]).expect("a move");
    let lost: Vec<(i64, i64)> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE REALTIME LOSE "))
        .map(|p| parse_move(p).unwrap())
        .collect();
    assert!(!lost.is_empty(), "{lines:?}");
    // A move that stops the double three (its point, the ends of its two lines), or black's
    // own three (on row 11 or column 9), which white must answer first.
    let holding = [
        (8, 10),
        (5, 10),
        (9, 10),
        (8, 7),
        (8, 11),
        (6, 11),
        (10, 11),
        (9, 9),
    ];
    assert!(holding.contains(&reply), "{reply:?}");
    for point in &lost {
        assert_ne!(
            *point,
            (8, 10),
            "the double three's point drawn lost: {lines:?}"
        );
        assert_ne!(*point, reply);
    }
    // Without show_detail nothing is drawn.
    let mut quiet = LineDriver::new();
    assert_eq!(quiet.lines("yxshowinfo").len(), 3);
    assert_eq!(quiet.lines("start 15"), ["OK"]);
    assert!(quiet.lines("info max_depth 4").is_empty());
    let lines = block(&mut quiet, &stones);
    assert!(lines.iter().all(|l| !l.contains("REALTIME")), "{lines:?}");
}

/// A search of more than a moment draws its root moves as it goes: `REALTIME REFRESH` when an
/// iteration starts (Yixin clears the marks), then `POS x,y` when a root move's search starts
/// and `DONE x,y` when it ends. (The turn is 1.5 s, and marks start after 0.3 s: this opening
/// position has no forced result to end the search sooner.)
#[test]
fn root_moves_are_drawn_while_they_are_searched() {
    let mut driver = yixin();
    assert!(driver.lines("info max_depth 0").is_empty());
    assert!(driver.lines("info timeout_turn 1500").is_empty());
    assert!(block(&mut driver, &["yxboard", "7,7,1", "8,8,2", "done"]).is_empty());
    let lines = driver.lines("yxnbest 1");
    let mut before = driver.session().board().unwrap().clone();
    before.undo();
    let marks: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE REALTIME "))
        .collect();
    let refreshes = marks.iter().filter(|m| **m == "REFRESH").count();
    assert!(refreshes >= 1, "{lines:?}");
    let mut searching: Option<&str> = None;
    let mut done = 0;
    for mark in &marks {
        if let Some(point) = mark.strip_prefix("POS ") {
            assert_eq!(searching, None, "POS before the last DONE: {marks:?}");
            let (x, y) = parse_move(point).unwrap();
            assert!(before.is_empty(before.point(x, y).unwrap()), "{mark}");
            searching = Some(point);
        } else if let Some(point) = mark.strip_prefix("DONE ") {
            assert_eq!(searching, Some(point), "{marks:?}");
            searching = None;
            done += 1;
        } else if *mark == "REFRESH" {
            assert_eq!(searching, None, "an iteration ended mid-move: {marks:?}");
        } else {
            assert!(
                mark.starts_with("BEST ") || mark.starts_with("LOSE "),
                "{mark}"
            );
        }
    }
    assert!(done >= 2, "{marks:?}");
}

/// The open-three position of `proven_losing_moves_are_drawn_as_lost` as a `yxboard`.
const OPEN_THREE: [&str; 8] = [
    "yxboard", "7,7,1", "9,3,1", "3,3,1", "6,10,2", "7,10,2", "8,10,2", "done",
];

fn defend_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE DEFEND"))
        .cloned()
        .collect()
}

/// `yxsearchdefend` against an open three: the defences are the two points next to it and the
/// two at its far ends (where the three's owner still gets a four but no open four); every
/// other legal point is drawn lost; the move played is one of the defences.
#[test]
fn yxsearchdefend_lists_the_moves_that_stop_the_forced_win() {
    let mut driver = yixin();
    assert!(block(&mut driver, &OPEN_THREE).is_empty());
    let lines = driver.lines("yxsearchdefend");
    let defend = defend_lines(&lines);
    assert_eq!(defend.len(), 1, "{lines:?}");
    let defences: Vec<(i64, i64)> = defend[0]
        .strip_prefix("MESSAGE DEFEND ")
        .unwrap()
        .split(' ')
        .map(|p| parse_move(p).unwrap_or_else(|| panic!("{}", defend[0])))
        .collect();
    // The blocks next to the three always stop it; nothing far from row 10 does.
    for point in [(5, 10), (9, 10)] {
        assert!(defences.contains(&point), "{defences:?}");
    }
    for &(x, y) in &defences {
        assert!(
            (3..=11).contains(&x) && (8..=12).contains(&y),
            "{defences:?}"
        );
    }
    // The defence step's marks come first, before the search among the defences starts.
    let lost: Vec<(i64, i64)> = lines
        .iter()
        .map_while(|l| l.strip_prefix("MESSAGE REALTIME LOSE "))
        .map(|p| parse_move(p).unwrap())
        .collect();
    assert!(
        lost.contains(&(0, 0)) && lost.contains(&(14, 14)),
        "{lost:?}"
    );
    assert!(defences.iter().all(|d| !lost.contains(d)), "{lost:?}");
    // Every legal point is one or the other.
    assert_eq!(
        lost.len() + defences.len(),
        225 - 6,
        "{lost:?} {defences:?}"
    );
    let reply = replies(&lines);
    assert_eq!(reply.len(), 1, "{lines:?}");
    assert!(
        defences.contains(&parse_move(&reply[0]).unwrap()),
        "{lines:?}"
    );
}

/// With no threat against it, `yxsearchdefend` says so and plays an ordinary move.
#[test]
fn yxsearchdefend_without_a_threat_says_none() {
    let mut driver = yixin();
    assert!(block(&mut driver, &["yxboard", "7,7,1", "8,8,2", "done"]).is_empty());
    let lines = driver.lines("yxsearchdefend");
    assert_eq!(defend_lines(&lines), ["MESSAGE DEFEND NONE"], "{lines:?}");
    assert!(
        lines.iter().all(|l| !l.contains("REALTIME LOSE")),
        "{lines:?}"
    );
    assert!(parse_move(&replies(&lines)[0]).is_some(), "{lines:?}");
}

/// `yxbalanceone s` plays the move whose evaluation (for the side that plays it) is closest to
/// `s` among every root move scored at the same depth; `yxbalancetwo s` plays two moves, as
/// `x,y x,y`, and both are on the board after it.
#[test]
fn balance_moves_leave_the_position_near_the_wanted_evaluation() {
    let mut driver = yixin();
    assert!(driver.lines("info max_depth 4").is_empty());
    for target in [0, 150] {
        assert!(block(&mut driver, &["yxboard", "7,7,1", "8,8,2", "done"]).is_empty());
        let lines = driver.lines(&format!("yxbalanceone {target}"));
        let balance: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("MESSAGE BALANCE "))
            .collect();
        assert_eq!(balance.len(), 1, "{lines:?}");
        let (point, eval) = balance[0]
            .strip_prefix("MESSAGE BALANCE ")
            .unwrap()
            .split_once(" eval ")
            .unwrap();
        let reply = replies(&lines);
        assert_eq!(reply, [point], "{lines:?}");
        // The best move's evaluation is in the last progress line; the balancing move's is
        // at least as close to the target.
        let best: i32 = lines
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix("MESSAGE depth "))
            .and_then(|l| l.split(" eval ").nth(1))
            .and_then(|l| l.split(' ').next())
            .and_then(|e| e.parse().ok())
            .expect("a progress line with a plain evaluation");
        let eval: i32 = eval.parse().unwrap();
        assert!((eval - target).abs() <= (best - target).abs(), "{lines:?}");
        assert_eq!(driver.session().board().unwrap().move_count(), 3);
    }
    assert!(block(&mut driver, &["yxboard", "7,7,1", "8,8,2", "done"]).is_empty());
    let lines = driver.lines("yxbalancetwo 0");
    let reply = replies(&lines);
    assert_eq!(reply.len(), 1, "{lines:?}");
    let moves: Vec<(i64, i64)> = reply[0]
        .split(' ')
        .map(|m| parse_move(m).unwrap())
        .collect();
    assert_eq!(moves.len(), 2, "{lines:?}");
    let board = driver.session().board().unwrap();
    assert_eq!(board.move_count(), 4);
    let history: Vec<(i64, i64)> = board.history()[2..]
        .iter()
        .map(|p| (p.x() as i64, p.y() as i64))
        .collect();
    assert_eq!(history, moves);
    // A bad evaluation is an error; no argument means 0.
    assert!(driver.lines("yxbalanceone x")[0].starts_with("ERROR"));
    assert!(block(&mut driver, &["yxboard", "7,7,1", "8,8,2", "done"]).is_empty());
    assert!(lines_have_a_move(&driver.lines("yxbalanceone")));
}

fn lines_have_a_move(lines: &[String]) -> bool {
    replies(lines).iter().any(|l| parse_move(l).is_some())
}

/// The `MESSAGE SWAP2 …` lines among `lines`, without the prefix.
fn swap2_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE SWAP2 "))
        .map(str::to_string)
        .collect()
}

fn swap2_point(line: &str, stage: &str) -> (i64, i64) {
    let rest = line
        .strip_prefix(stage)
        .unwrap_or_else(|| panic!("{stage} expected: {line}"));
    let numbers: Vec<i64> = rest
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 2, "{line}");
    (numbers[0], numbers[1])
}

/// Yixin-Board's swap2 with Tengen as the first player (stage 1: the opening) and as the
/// second (stage 2 on three stones, stage 3 on five), answered with the lines its parser reads
/// and no move line.
#[test]
fn yixin_swap2_stages_answer_with_swap2_messages() {
    let mut driver = yixin();
    let lines = driver.lines("yxswap2step1");
    assert!(replies(&lines).is_empty(), "{lines:?}");
    let opening = swap2_lines(&lines);
    assert_eq!(opening.len(), 3, "{lines:?}");
    let points: Vec<(i64, i64)> = opening
        .iter()
        .enumerate()
        .map(|(i, l)| swap2_point(l, &format!("MOVE{} ", i + 1)))
        .collect();
    for (i, &(x, y)) in points.iter().enumerate() {
        assert!((4..=10).contains(&x) && (4..=10).contains(&y), "{points:?}");
        assert!(!points[..i].contains(&(x, y)), "{points:?}");
    }
    // Stage 2: black 7,7 and 9,9, white 8,7; white (field 1) to choose.
    let three = ["yxboard", "7,7,2", "8,7,1", "9,9,2", "done"];
    assert!(block(&mut driver, &three).is_empty());
    let lines = driver.lines("yxswap2step2");
    assert!(replies(&lines).is_empty(), "{lines:?}");
    let answer = swap2_lines(&lines);
    match answer.as_slice() {
        [only] => assert!(only == "SWAP1 YES" || only == "SWAP1 NO", "{lines:?}"),
        [fourth, fifth] => {
            let fourth = swap2_point(fourth, "MOVE4 ");
            let fifth = swap2_point(fifth, "MOVE5 ");
            for point in [fourth, fifth] {
                assert!(![(7, 7), (8, 7), (9, 9)].contains(&point), "{lines:?}");
            }
            assert_ne!(fourth, fifth);
        }
        _ => panic!("{lines:?}"),
    }
    // Stage 3: five stones, white to choose its colour.
    let five = [
        "yxboard", "7,7,2", "8,7,1", "9,9,2", "6,8,1", "7,9,2", "done",
    ];
    assert!(block(&mut driver, &five).is_empty());
    let lines = driver.lines("yxswap2step3");
    assert!(replies(&lines).is_empty(), "{lines:?}");
    let answer = swap2_lines(&lines);
    assert!(
        answer == ["SWAP2 YES"] || answer == ["SWAP2 NO"],
        "{lines:?}"
    );
    // A stage on the wrong number of stones is an error.
    let got = driver.lines("yxswap2step2");
    assert!(got.len() == 1 && got[0].starts_with("ERROR"), "{got:?}");
    // Yixin-Board sends stage 1 at a new game with no board: it opens on an empty board,
    // whatever the last game left.
    let lines = driver.lines("yxswap2step1");
    assert_eq!(swap2_lines(&lines).len(), 3, "{lines:?}");
    assert_eq!(driver.session().board().unwrap().move_count(), 3);
}

/// The `MESSAGE SOOSORV …` lines among `lines`, without the prefix.
fn soosorv_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE SOOSORV "))
        .map(str::to_string)
        .collect()
}

/// Yixin-Board's Soosõrv-8 stages, as it sends them (stage 1 bare; the others with the moves so
/// far, one `row,column` line each, and `done`), answered with the lines its parser reads and
/// no move line.
#[test]
fn yixin_soosorv_stages_answer_with_soosorv_messages() {
    let mut driver = yixin();
    let lines = driver.lines("yxsoosorvstep1");
    assert!(replies(&lines).is_empty(), "{lines:?}");
    let opening = soosorv_lines(&lines);
    assert_eq!(opening.len(), 3, "{lines:?}");
    for (i, line) in opening.iter().enumerate() {
        let (x, y) = swap2_point(line, &format!("MOVE{} ", i + 1));
        assert!((5..=9).contains(&x) && (5..=9).contains(&y), "{opening:?}");
    }
    let three = ["7,7", "8,7", "9,9"];
    let stage = |driver: &mut LineDriver, command: &str, moves: &[&str]| {
        let mut lines = vec![command];
        lines.extend_from_slice(moves);
        lines.push("done");
        let got = block(driver, &lines);
        assert!(replies(&got).is_empty(), "{command}: {got:?}");
        soosorv_lines(&got)
    };
    let answer = stage(&mut driver, "yxsoosorvstep2", &three);
    assert!(
        answer == ["SWAP1 YES"] || answer == ["SWAP1 NO"],
        "{answer:?}"
    );
    // Stage 3: white's fourth move and a count of fifth moves from 1 to 8.
    let answer = stage(&mut driver, "yxsoosorvstep3", &three);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let fields: Vec<i64> = answer[0]
        .strip_prefix("MOVE4 ")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(fields.len(), 3, "{answer:?}");
    assert!(!matches!((fields[0], fields[1]), (7, 7) | (8, 7) | (9, 9)));
    assert!((1..=8).contains(&fields[2]), "{answer:?}");
    let four = ["7,7", "8,7", "9,9", "6,8"];
    let answer = stage(&mut driver, "yxsoosorvstep4 3", &four);
    assert!(
        answer == ["SWAP2 YES"] || answer == ["SWAP2 NO"],
        "{answer:?}"
    );
    // Stage 5: three distinct empty offers between REFRESH and DONE.
    let answer = stage(&mut driver, "yxsoosorvstep5 3", &four);
    assert_eq!(answer.first().map(String::as_str), Some("MOVE5 REFRESH"));
    assert_eq!(answer.last().map(String::as_str), Some("MOVE5 DONE"));
    let offers: Vec<(i64, i64)> = answer[1..answer.len() - 1]
        .iter()
        .map(|l| swap2_point(l, "MOVE5 "))
        .collect();
    assert_eq!(offers.len(), 3, "{answer:?}");
    for (i, offer) in offers.iter().enumerate() {
        assert!(!offers[..i].contains(offer));
        assert!(
            ![(7, 7), (8, 7), (9, 9), (6, 8)].contains(offer),
            "{offers:?}"
        );
    }
    // Stage 6: white keeps one of black's offers.
    let with_offers = ["7,7", "8,7", "9,9", "6,8", "10,10", "5,5", "7,9"];
    let answer = stage(&mut driver, "yxsoosorvstep6", &with_offers);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let kept = swap2_point(&answer[0], "MOVE5C ");
    assert!([(10, 10), (5, 5), (7, 9)].contains(&kept), "{answer:?}");
    // A bad count or move list is an error.
    let got = block(
        &mut driver,
        &["yxsoosorvstep4 9", "7,7", "8,7", "9,9", "6,8", "done"],
    );
    assert!(got.len() == 1 && got[0].starts_with("ERROR"), "{got:?}");
    let got = block(&mut driver, &["yxsoosorvstep2", "7,7", "done"]);
    assert!(got.len() == 1 && got[0].starts_with("ERROR"), "{got:?}");
}

/// `yxshowhashusage` says how full the table is: nothing before the first search, some after.
#[test]
fn yxshowhashusage_reports_the_tables_use() {
    let mut driver = yixin();
    let before = driver.lines("yxshowhashusage");
    assert_eq!(before.len(), 1, "{before:?}");
    assert!(
        before[0].starts_with("MESSAGE hash usage 0.0% of "),
        "{before:?}"
    );
    // A small table (1 MiB) that a short search fills measurably.
    for line in ["info hash_size 1024", "info max_depth 8"] {
        assert!(driver.lines(line).is_empty());
    }
    middle_game(&mut driver);
    let _ = driver.lines("yxnbest 1");
    let after = driver.lines("yxshowhashusage");
    let percent: f64 = after[0]
        .strip_prefix("MESSAGE hash usage ")
        .and_then(|t| t.split('%').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{after:?}"));
    assert!(percent > 0.0 && percent <= 100.0, "{after:?}");
}
