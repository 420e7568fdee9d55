//! Transcript tests: every command and reply of the protocol, driven line by line through the
//! same session the engine runs, and the command orders of Piskvork, GomocupJudge,
//! c-gomoku-cli and Yixin-Board.

mod protocol_common;

use protocol_common::{expect_move, one_reply, parse_move, replies, snapshot, started};
use tengen::board::{Color, Point};
use tengen::protocol::{run_sync, LineDriver};
use tengen::rules::Rule;

#[test]
fn about_is_one_line_of_quoted_fields() {
    let mut driver = LineDriver::new();
    let about = one_reply(&mut driver, "ABOUT");
    assert_eq!(
        about,
        format!(
            "name=\"Tengen\", version=\"{}\", author=\"Tengen developers\", country=\"International\"",
            env!("CARGO_PKG_VERSION")
        )
    );
    // Managers split on ", " and "=": values must hold neither.
    for field in about.split(", ") {
        let (key, value) = field.split_once('=').expect("key=value");
        assert!(!key.is_empty());
        assert!(value.starts_with('"') && value.ends_with('"'));
        let inner = &value[1..value.len() - 1];
        assert!(!inner.contains([',', '=', '"']), "{inner}");
    }
}

#[test]
fn start_answers_ok_and_checks_the_size() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("START 15"), ["OK"]);
    assert_eq!(driver.session().board().unwrap().width(), 15);
    for bad in [
        "START 4",
        "START 33",
        "START -1",
        "START abc",
        "START",
        "START 15 15",
    ] {
        let reply = one_reply(&mut driver, bad);
        assert!(reply.starts_with("ERROR "), "{bad} -> {reply}");
        assert_eq!(driver.session().board().unwrap().width(), 15, "{bad}");
    }
    assert_eq!(driver.lines("start 5"), ["OK"]);
    assert_eq!(driver.lines("START 32"), ["OK"]);
    assert_eq!(driver.session().board().unwrap().height(), 32);
}

#[test]
fn rectstart_makes_a_rectangle() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("RECTSTART 20,15"), ["OK"]);
    let board = driver.session().board().unwrap();
    assert_eq!((board.width(), board.height()), (20, 15));
    for bad in [
        "RECTSTART 3,10",
        "RECTSTART 10",
        "RECTSTART 10,40",
        "RECTSTART x,y",
    ] {
        assert!(one_reply(&mut driver, bad).starts_with("ERROR "), "{bad}");
    }
    let board = driver.session().board().unwrap();
    assert_eq!((board.width(), board.height()), (20, 15));
}

#[test]
fn restart_clears_the_board_and_keeps_its_size() {
    let mut driver = LineDriver::new();
    assert!(one_reply(&mut driver, "RESTART").starts_with("ERROR "));
    let mut driver = driver_with_moves();
    assert_eq!(driver.lines("RESTART"), ["OK"]);
    let board = driver.session().board().unwrap();
    assert_eq!(board.move_count(), 0);
    assert_eq!(board.width(), 15);
}

fn driver_with_moves() -> LineDriver {
    let mut driver = started(15);
    expect_move(&mut driver, "BEGIN");
    expect_move(&mut driver, "TURN 3,3");
    driver
}

#[test]
fn begin_plays_black_on_an_empty_board() {
    let mut driver = started(15);
    let point = expect_move(&mut driver, "BEGIN");
    let board = driver.session().board().unwrap();
    assert_eq!(board.move_count(), 1);
    assert_eq!(board.stone(point), Some(Color::Black));
}

#[test]
fn turn_plays_the_opponent_then_answers() {
    let mut driver = started(15);
    let point = expect_move(&mut driver, "TURN 7,7");
    assert_ne!(point, Point::new(7, 7));
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::Black));
    assert_eq!(board.stone(point), Some(Color::White));
    assert_eq!(board.history(), &[Point::new(7, 7), point]);
}

#[test]
fn bad_turns_get_errors_and_change_nothing() {
    let mut driver = driver_with_moves();
    let before = snapshot(driver.session().board().unwrap());
    let occupied = driver.session().board().unwrap().history()[0];
    for bad in [
        format!("TURN {},{}", occupied.x(), occupied.y()),
        "TURN 15,0".into(),
        "TURN -1,3".into(),
        "TURN 3".into(),
        "TURN a,b".into(),
        "TURN 1,2,3".into(),
        "TURN".into(),
        "TURN 99999999999999999999999,1".into(),
    ] {
        let reply = one_reply(&mut driver, &bad);
        assert!(reply.starts_with("ERROR "), "{bad} -> {reply}");
        assert_eq!(snapshot(driver.session().board().unwrap()), before, "{bad}");
    }
}

#[test]
fn turn_before_start_is_an_error() {
    let mut driver = LineDriver::new();
    assert!(one_reply(&mut driver, "TURN 7,7").starts_with("ERROR "));
    assert!(one_reply(&mut driver, "BEGIN").starts_with("ERROR "));
    assert!(driver.session().board().is_none());
}

#[test]
fn board_takes_colours_from_the_stone_counts() {
    // Equal counts: we are black.
    let mut driver = started(15);
    driver.lines("BOARD");
    driver.lines("7,7,1");
    driver.lines("8,8,2");
    let point = expect_move(&mut driver, "DONE");
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::Black));
    assert_eq!(board.stone(Point::new(8, 8)), Some(Color::White));
    assert_eq!(board.stone(point), Some(Color::Black));
    // One more opponent stone: we are white; the order given is kept as history.
    for line in ["BOARD", "8,8,2", "7,7,1", "6,6,2"] {
        assert!(driver.lines(line).is_empty());
    }
    let point = expect_move(&mut driver, "DONE");
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(8, 8)), Some(Color::Black));
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::White));
    assert_eq!(board.stone(point), Some(Color::White));
    assert_eq!(
        &board.history()[..3],
        &[Point::new(8, 8), Point::new(7, 7), Point::new(6, 6)]
    );
}

#[test]
fn board_with_impossible_counts_keeps_the_old_position() {
    let mut driver = driver_with_moves();
    let before = snapshot(driver.session().board().unwrap());
    for block in [
        &["BOARD", "1,1,1", "2,2,1", "DONE"][..],
        &["BOARD", "1,1,2", "2,2,2", "DONE"][..],
        &["BOARD", "1,1,1", "1,1,2", "DONE"][..],
        &["BOARD", "1,1,1", "15,2,2", "DONE"][..],
        &["BOARD", "1,1,1", "garbage", "2,2,2", "DONE"][..],
        &["BOARD", "1,1,4", "DONE"][..],
        &["BOARD", "1,1", "DONE"][..],
        &["BOARD", "1,1,1,1", "DONE"][..],
        &["BOARD 7", "DONE"][..],
    ] {
        let mut lines = Vec::new();
        for line in block {
            lines.extend(driver.lines(line));
        }
        assert_eq!(lines.len(), 1, "{block:?} -> {lines:?}");
        assert!(lines[0].starts_with("ERROR "), "{block:?} -> {lines:?}");
        assert_eq!(snapshot(driver.session().board().unwrap()), before);
    }
}

#[test]
fn empty_board_block_means_make_the_first_move() {
    let mut driver = started(20);
    assert!(driver.lines("BOARD").is_empty());
    let point = expect_move(&mut driver, "DONE");
    assert_eq!(
        driver.session().board().unwrap().stone(point),
        Some(Color::Black)
    );
}

#[test]
fn board_accepts_renju_stones_in_any_order_and_blocked_points() {
    // Black's stones given first would, one by one, pass through a double three: the position
    // is still accepted (it is a position, not a sequence of moves to judge).
    let mut driver = started(15);
    driver.lines("INFO rule 4");
    for line in [
        "BOARD", "7,7,2", "8,7,2", "7,8,2", "8,8,2", "0,0,1", "14,0,1", "0,14,1", "14,14,1",
        "3,3,3", "DONE",
    ] {
        let lines = driver.lines(line);
        if line == "DONE" {
            let replies = replies(&lines);
            assert_eq!(replies.len(), 1);
            assert!(parse_move(&replies[0]).is_some(), "{replies:?}");
        } else {
            assert!(lines.is_empty());
        }
    }
    let board = driver.session().board().unwrap();
    assert_eq!(board.cell(Point::new(3, 3)), tengen::board::Cell::Blocked);
    assert_eq!(board.stone_count(Color::Black), 5);
}

#[test]
fn yxboard_sets_the_position_without_a_move() {
    let mut driver = started(15);
    // Yixin-Board marks the side to move's stones 1: here white (one stone) is to move.
    for line in ["yxboard", "7,7,2", "8,8,1", "6,6,2", "done"] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    let board = driver.session().board().unwrap();
    assert_eq!(board.move_count(), 3);
    assert_eq!(board.side_to_move(), Color::White);
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::Black));
    assert_eq!(board.stone(Point::new(8, 8)), Some(Color::White));
}

/// The Gomocup renju check: h8 h9 i7 i9 h10 i6 i11 i12, black to move; g9 is a double three.
fn renju_check_position() -> LineDriver {
    let mut driver = started(15);
    driver.lines("INFO rule 4");
    let moves = [
        (7, 7),
        (7, 8),
        (8, 6),
        (8, 8),
        (7, 9),
        (8, 5),
        (8, 10),
        (8, 11),
    ];
    assert!(driver.lines("YXBOARD").is_empty());
    for (i, (x, y)) in moves.iter().enumerate() {
        let field = if i % 2 == 0 { 1 } else { 2 };
        assert!(driver.lines(&format!("{x},{y},{field}")).is_empty());
    }
    assert!(driver.lines("DONE").is_empty());
    driver
}

#[test]
fn yxshowforbid_lists_blacks_forbidden_points() {
    let mut driver = renju_check_position();
    assert_eq!(driver.lines("YXSHOWFORBID"), ["FORBID 0608."]);
    // Not black's turn: nothing to show.
    expect_move(&mut driver, "PLAY 0,0");
    assert_eq!(driver.lines("YXSHOWFORBID"), ["FORBID ."]);
    // Not renju: nothing to show.
    let mut driver = renju_check_position();
    driver.lines("INFO rule 0");
    assert_eq!(driver.lines("yxshowforbid"), ["FORBID ."]);
    // No board yet.
    assert_eq!(LineDriver::new().lines("YXSHOWFORBID"), ["FORBID ."]);
}

#[test]
fn renju_answers_are_never_forbidden() {
    // The same position sent as BOARD: black (us) to move must not answer g9 (6,8).
    let mut driver = renju_check_position();
    let history = driver.session().board().unwrap().history().to_vec();
    assert!(driver.lines("BOARD").is_empty());
    for (i, p) in history.iter().enumerate() {
        let field = if i % 2 == 0 { 1 } else { 2 };
        assert!(driver
            .lines(&format!("{},{},{field}", p.x(), p.y()))
            .is_empty());
    }
    // expect_move checks the answer was legal (not forbidden) under renju.
    let point = expect_move(&mut driver, "DONE");
    assert_ne!(point, Point::new(6, 8));
}

#[test]
fn info_never_answers_and_applies_every_key() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("START 15"), ["OK"]);
    for line in [
        "INFO timeout_turn 1000",
        "INFO timeout_match 60000",
        "INFO time_left 55000",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder C:\\Program Files\\my brains",
        "INFO evaluate 7,7",
        "INFO thread_num 1",
        "INFO max_depth 3",
        "INFO max_node 3000",
        "INFO hash_size 8192",
        "INFO caution_factor 2",
        "INFO pondering 1",
        "INFO some_future_key whatever it is",
        "info TIMEOUT_TURN 900",
        // Bad values are ignored silently (and logged).
        "INFO timeout_turn abc",
        "INFO timeout_turn -5",
        "INFO max_memory lots",
        "INFO rule",
        "INFO",
        "INFO max_node 1e9",
        "INFO time_left 99999999999999999999999",
    ] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    let session = driver.session();
    assert_eq!(session.rule(), Rule::Standard);
    assert_eq!(session.folder(), Some("C:\\Program Files\\my brains"));
    let time = session.time().settings();
    assert_eq!(time.turn_ms, Some(900));
    assert_eq!(time.match_ms, 60000);
    assert_eq!(time.time_left_ms, Some(55000));
    driver.lines("INFO time_left 2147483647");
    assert_eq!(driver.session().time().settings().time_left_ms, None);
    driver.lines("INFO time_left -20");
    assert_eq!(driver.session().time().settings().time_left_ms, Some(-20));
    for (value, rule) in [
        (0, Rule::Freestyle),
        (1, Rule::Standard),
        (2, Rule::Renju),
        (4, Rule::Renju),
        (8, Rule::Caro),
        (9, Rule::CaroExact),
    ] {
        driver.lines(&format!("INFO rule {value}"));
        assert_eq!(driver.session().rule(), rule);
    }
}

#[test]
fn max_memory_bounds_the_table() {
    let mut driver = started(15);
    driver.lines("INFO max_memory 83886080");
    expect_move(&mut driver, "BEGIN");
    let bytes = driver
        .session()
        .table_bytes()
        .expect("chosen at the first search");
    assert!(bytes <= 83886080 / 2, "{bytes}");
    driver.lines("INFO hash_size 2048");
    assert_eq!(driver.lines("RESTART"), ["OK"]);
    expect_move(&mut driver, "BEGIN");
    assert!(driver.session().table_bytes().unwrap() <= 2048 * 1024);
}

/// A short game clock (Gomocup's 180 s a game and 30 s a move scaled down by 30): the table
/// is set up during the first move, so it must cost a small part of that move's expected time,
/// not of its hard limit; and a process that plays game after game keeps its table.
#[test]
fn a_short_game_clock_gets_a_table_its_first_move_can_afford() {
    let mut driver = started(15);
    for line in [
        "INFO max_memory 367001600",
        "INFO timeout_match 6000",
        "INFO timeout_turn 1000",
        "INFO time_left 6000",
    ] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    expect_move(&mut driver, "BEGIN");
    let bytes = driver
        .session()
        .table_bytes()
        .expect("chosen at the first search");
    assert!(bytes.is_power_of_two(), "{bytes}");
    // The first move's share is about 6 s / 15 = 400 ms: its table may take a quarter of it.
    let setup = tengen::timeman::table_setup_cost(bytes);
    assert!(setup <= std::time::Duration::from_millis(100), "{setup:?}");
    // The next game starts from another opening: same table.
    assert_eq!(driver.lines("RESTART"), ["OK"]);
    assert!(driver.lines("INFO time_left 6000").is_empty());
    for line in ["BOARD", "7,7,2", "8,7,1", "7,8,2", "9,9,1", "6,6,2"] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    expect_move(&mut driver, "DONE");
    assert_eq!(driver.session().table_bytes(), Some(bytes));
}

#[test]
fn end_quits_and_nothing_follows() {
    let mut driver = started(15);
    assert!(driver.lines("END").is_empty());
    assert!(driver.ended());
    assert!(driver.lines("ABOUT").is_empty());
    // The synchronous loop stops at END too.
    let mut output = Vec::new();
    let code = run_sync("ABOUT\nEND\nABOUT\n".as_bytes(), &mut output);
    assert_eq!(code, 0);
    assert_eq!(String::from_utf8(output).unwrap().lines().count(), 1);
}

#[test]
fn takeback_removes_a_stone() {
    let mut driver = driver_with_moves();
    let last = driver.session().board().unwrap().last_move().unwrap();
    assert_eq!(
        driver.lines(&format!("TAKEBACK {},{}", last.x(), last.y())),
        ["OK"]
    );
    let board = driver.session().board().unwrap();
    assert!(board.is_empty(last));
    assert_eq!(board.move_count(), 2);
    let before = snapshot(board);
    for bad in ["TAKEBACK 14,14", "TAKEBACK 20,20", "TAKEBACK x"] {
        assert!(one_reply(&mut driver, bad).starts_with("ERROR "), "{bad}");
        assert_eq!(snapshot(driver.session().board().unwrap()), before);
    }
    // Piskvork's undo: take back both moves and play on.
    assert_eq!(driver.lines("TAKEBACK 3,3"), ["OK"]);
    expect_move(&mut driver, "TURN 4,4");
}

#[test]
fn colours_hold_after_an_odd_takeback() {
    // We are black (BEGIN). Only our last stone is taken back, so black is nominally to move;
    // a TURN after it is still the opponent's (white) stone, and our answer is black.
    let mut driver = driver_with_moves();
    let ours = expect_move(&mut driver, "TURN 3,4");
    assert_eq!(
        driver.lines(&format!("TAKEBACK {},{}", ours.x(), ours.y())),
        ["OK"]
    );
    let answer = expect_move(&mut driver, "TURN 10,10");
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(10, 10)), Some(Color::White));
    assert_eq!(board.stone(answer), Some(Color::Black));
    assert_eq!(board.stone_count(Color::White), 3);
    assert_eq!(board.stone_count(Color::Black), 3);
    // A new game forgets the colour: TURN on an empty board makes us white.
    assert_eq!(driver.lines("RESTART"), ["OK"]);
    let answer = expect_move(&mut driver, "TURN 7,7");
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::Black));
    assert_eq!(board.stone(answer), Some(Color::White));
}

#[test]
fn play_forces_our_move_and_echoes_it() {
    let mut driver = started(15);
    assert_eq!(driver.lines("PLAY 7,7"), ["7,7"]);
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(7, 7)), Some(Color::Black));
    let before = snapshot(board);
    assert!(one_reply(&mut driver, "PLAY 7,7").starts_with("ERROR "));
    assert!(one_reply(&mut driver, "PLAY 70,7").starts_with("ERROR "));
    assert_eq!(snapshot(driver.session().board().unwrap()), before);
}

fn swap2_answer(driver: &mut LineDriver, stones: &[&str]) -> String {
    assert!(driver.lines("SWAP2BOARD").is_empty());
    for stone in stones {
        assert!(driver.lines(stone).is_empty());
    }
    one_reply(driver, "DONE")
}

fn parse_moves(line: &str) -> Vec<(i64, i64)> {
    line.split(' ')
        .map(|m| parse_move(m).unwrap_or_else(|| panic!("bad move list {line}")))
        .collect()
}

#[test]
fn swap2_first_stage_puts_three_stones() {
    let mut driver = started(15);
    let answer = swap2_answer(&mut driver, &[]);
    let moves = parse_moves(&answer);
    assert_eq!(moves.len(), 3, "{answer}");
    for (i, a) in moves.iter().enumerate() {
        assert!((0..15).contains(&a.0) && (0..15).contains(&a.1));
        assert!(!moves[..i].contains(a));
    }
    // Deterministic.
    let mut again = started(15);
    assert_eq!(swap2_answer(&mut again, &[]), answer);
}

#[test]
fn swap2_second_stage_swaps_or_places_one_or_two() {
    let mut driver = started(15);
    let answer = swap2_answer(&mut driver, &["7,7", "8,7", "9,9"]);
    if answer != "SWAP" {
        let moves = parse_moves(&answer);
        assert!(matches!(moves.len(), 1 | 2), "{answer}");
        for m in &moves {
            assert!(![(7, 7), (8, 7), (9, 9)].contains(m), "{answer}");
        }
    }
    let mut again = started(15);
    assert_eq!(swap2_answer(&mut again, &["7,7", "8,7", "9,9"]), answer);
}

#[test]
fn swap2_third_stage_swaps_or_places_one() {
    let stones = ["7,7", "8,7", "9,9", "8,8", "8,6"];
    let mut driver = started(15);
    let answer = swap2_answer(&mut driver, &stones);
    if answer != "SWAP" {
        let moves = parse_moves(&answer);
        assert_eq!(moves.len(), 1, "{answer}");
    }
    let mut again = started(15);
    assert_eq!(swap2_answer(&mut again, &stones), answer);
}

#[test]
fn swap2_with_bad_stones_is_an_error() {
    let mut driver = started(15);
    for stones in [
        &["7,7"][..],
        &["7,7", "8,8"][..],
        &["7,7", "7,7", "8,8"][..],
        &["7,7", "8,8", "99,1"][..],
        &["7,7", "8,8", "junk"][..],
    ] {
        let answer = swap2_answer(&mut driver, stones);
        assert!(answer.starts_with("ERROR "), "{stones:?} -> {answer}");
    }
    // Before START there is no board to put them on.
    let mut fresh = LineDriver::new();
    assert!(swap2_answer(&mut fresh, &[]).starts_with("ERROR "));
}

#[test]
fn yxhashclear_and_idle_stop_answer_nothing() {
    let mut driver = driver_with_moves();
    let before = snapshot(driver.session().board().unwrap());
    assert!(driver.lines("YXHASHCLEAR").is_empty());
    assert!(driver.lines("YXSTOP").is_empty());
    assert!(driver.lines("STOP").is_empty());
    assert_eq!(snapshot(driver.session().board().unwrap()), before);
}

#[test]
fn yxnbest_shows_n_moves_and_plays_the_best() {
    let mut driver = driver_with_moves();
    let lines = driver.lines("YXNBEST 3");
    let nbest: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST "))
        .collect();
    assert_eq!(nbest.len(), 3, "{lines:?}");
    let shown: Vec<&str> = nbest
        .iter()
        .map(|l| l.split(' ').nth(3).expect("a move"))
        .collect();
    for (i, m) in shown.iter().enumerate() {
        assert!(!shown[..i].contains(m), "{shown:?}");
    }
    let replies = replies(&lines);
    assert_eq!(replies.len(), 1, "{lines:?}");
    assert_eq!(replies[0], shown[0]);
    for bad in ["YXNBEST", "YXNBEST 0", "YXNBEST x"] {
        assert!(one_reply(&mut driver, bad).starts_with("ERROR "), "{bad}");
    }
}

#[test]
fn yxshowinfo_gives_limits_as_messages() {
    let mut driver = LineDriver::new();
    let lines = driver.lines("YXSHOWINFO");
    assert_eq!(lines.len(), 3);
    // Yixin-Board prints the first in its log: the engine's name and version.
    assert_eq!(
        lines[0],
        format!("MESSAGE Tengen {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(lines[2].starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    let threads: usize = lines[1].rsplit(' ').next().unwrap().parse().unwrap();
    assert!(threads >= 1);
}

#[test]
fn keywords_match_in_any_case_with_crlf_and_blank_lines() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("start 15\r"), ["OK"]);
    assert!(driver.lines("").is_empty());
    assert!(driver.lines("   \r").is_empty());
    assert!(driver.lines("  Info Max_Node 3000 \r").is_empty());
    assert_eq!(replies(&driver.lines("ABOUT\r")).len(), 1);
    let reply = one_reply(&mut driver, "  tUrN   7,7  \r");
    assert!(parse_move(&reply).is_some(), "{reply}");
}

#[test]
fn unknown_commands_get_unknown() {
    let mut driver = started(15);
    for line in ["HELLO", "yxhashdump x", "SUGGEST 1,1", "TURNX 1,1", "7,7"] {
        let reply = one_reply(&mut driver, line);
        assert!(reply.starts_with("UNKNOWN "), "{line} -> {reply}");
    }
    assert!(one_reply(&mut driver, "DONE").starts_with("ERROR "));
}

#[test]
fn a_won_or_full_board_still_gets_a_legal_answer_or_an_error() {
    let mut driver = started(15);
    // Black already has five; white to move: any legal point will do.
    for line in ["BOARD", "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2"] {
        driver.lines(line);
    }
    for line in ["0,5,1", "1,5,1", "2,5,1", "3,5,1"] {
        driver.lines(line);
    }
    let lines = driver.lines("DONE");
    let replies = replies(&lines);
    assert_eq!(replies.len(), 1);
    let (x, y) = parse_move(&replies[0]).expect("a move");
    assert!((0..15).contains(&x) && (0..15).contains(&y));
    // A full 5x5 board (12 own stones, 12 opponent stones, one blocked point): no move.
    let mut driver = started(5);
    let mut out = driver.lines("BOARD");
    for i in 0..25 {
        let field = if i == 24 { 3 } else { 1 + i % 2 };
        out.extend(driver.lines(&format!("{},{},{field}", i % 5, i / 5)));
    }
    out.extend(driver.lines("DONE"));
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("ERROR "), "{out:?}");
    assert_eq!(driver.session().board().unwrap().move_count(), 24);
}

// ----- Manager orders ------------------------------------------------------------------------

/// Piskvork: START, the INFOs in its order, BEGIN (no stones) or TURN (one stone), then
/// time_left + TURN each move, TAKEBACK for undo, RESTART for the next game.
#[test]
fn piskvork_order() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("START 15"), ["OK"]);
    for line in [
        "INFO max_memory 367001600",
        "INFO timeout_match 180000",
        "INFO timeout_turn 300",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO time_left 180000",
        "INFO folder /tmp/piskvork folder",
        "INFO max_node 3000",
    ] {
        assert!(driver.lines(line).is_empty());
    }
    // A one-stone opening: TURN is the first move command.
    let mine = expect_move(&mut driver, "TURN 7,7");
    assert_eq!(
        driver.session().board().unwrap().stone(mine),
        Some(Color::White)
    );
    driver.lines("INFO time_left 179000");
    // Black's second move on a point the engine's answer left free.
    let black = if (mine.x(), mine.y()) == (8, 8) {
        (6, 8)
    } else {
        (8, 8)
    };
    let second = expect_move(&mut driver, &format!("TURN {},{}", black.0, black.1));
    // Undo two plies.
    assert_eq!(
        driver.lines(&format!("TAKEBACK {},{}", second.x(), second.y())),
        ["OK"]
    );
    assert_eq!(
        driver.lines(&format!("TAKEBACK {},{}", black.0, black.1)),
        ["OK"]
    );
    // A new second black move on a point that is free whatever the engine answered first.
    let third = if (mine.x(), mine.y()) == (6, 6) {
        "TURN 8,6"
    } else {
        "TURN 6,6"
    };
    expect_move(&mut driver, third);
    // Next game in the same process.
    assert_eq!(driver.lines("RESTART"), ["OK"]);
    for line in [
        "INFO timeout_turn 300",
        "INFO rule 1",
        "INFO time_left 180000",
    ] {
        assert!(driver.lines(line).is_empty());
    }
    expect_move(&mut driver, "BEGIN");
    assert_eq!(driver.session().board().unwrap().move_count(), 1);
}

/// GomocupJudge: a new process per game; START and the INFOs, then time_left and an empty
/// BOARD for the first move, BOARD or TURN afterwards.
#[test]
fn gomocup_judge_order() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("START 20"), ["OK"]);
    for line in [
        "INFO timeout_turn 300",
        "INFO timeout_match 100000",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder ./",
        "INFO max_node 3000",
        "INFO time_left 100000",
    ] {
        assert!(driver.lines(line).is_empty());
    }
    driver.lines("BOARD");
    let first = expect_move(&mut driver, "DONE");
    assert_eq!(
        driver.session().board().unwrap().stone(first),
        Some(Color::Black)
    );
    driver.lines("INFO time_left 99500");
    expect_move(&mut driver, "TURN 0,0");
    // The judge may send the whole position again.
    let history = driver.session().board().unwrap().history().to_vec();
    driver.lines("INFO time_left 99000");
    driver.lines("BOARD");
    for (i, p) in history.iter().enumerate() {
        let field = if i % 2 == 0 { 1 } else { 2 };
        driver.lines(&format!("{},{},{field}", p.x(), p.y()));
    }
    driver.lines("19,19,2");
    expect_move(&mut driver, "DONE");
    assert!(driver.lines("END").is_empty());
    assert!(driver.ended());
}

/// c-gomoku-cli: ABOUT first, START again for every game with no END between them, INFO
/// max_node / max_depth / thread_num, BOARD for a side's first move, TURN afterwards.
#[test]
fn c_gomoku_cli_order() {
    let mut driver = LineDriver::new();
    assert!(one_reply(&mut driver, "ABOUT").starts_with("name=\"Tengen\""));
    for game in 0..2 {
        assert_eq!(driver.lines("START 15"), ["OK"], "game {game}");
        for line in [
            "INFO rule 4",
            "INFO timeout_turn 300",
            "INFO timeout_match 0",
            "INFO max_depth 3",
            "INFO max_node 3000",
            "INFO max_memory 367001600",
            "INFO thread_num 1",
        ] {
            assert!(driver.lines(line).is_empty());
        }
        driver.lines("INFO time_left 2147483647");
        if game == 0 {
            expect_move(&mut driver, "BEGIN");
            driver.lines("INFO time_left 2147483647");
            expect_move(&mut driver, "TURN 8,8");
        } else {
            // An opening of three stones; we are white.
            for line in ["BOARD", "7,7,2", "7,8,1", "8,7,2"] {
                driver.lines(line);
            }
            expect_move(&mut driver, "DONE");
            driver.lines("INFO time_left 2147483647");
            expect_move(&mut driver, "TURN 9,9");
        }
        assert_eq!(driver.session().rule(), Rule::Renju);
    }
}

/// Yixin-Board: lower-case commands, yxboard + yxshowforbid, hash and thread settings,
/// yxnbest, yxstop.
#[test]
fn yixin_board_order() {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines("start 15"), ["OK"]);
    for line in [
        "info rule 2",
        "info thread_num 1",
        "info hash_size 4096",
        "info caution_factor 1",
        "info max_node 3000",
        "info max_depth 3",
        "info timeout_match 1000000",
        "info timeout_turn 300",
        "info time_left 1000000",
    ] {
        assert!(driver.lines(line).is_empty());
    }
    assert_eq!(driver.lines("yxshowinfo").len(), 3);
    assert!(driver.lines("yxboard").is_empty());
    assert!(driver.lines("7,7,2").is_empty());
    assert!(driver.lines("done").is_empty());
    assert_eq!(driver.lines("yxshowforbid"), ["FORBID ."]);
    assert_eq!(driver.session().rule(), Rule::Renju);
    let lines = driver.lines("yxnbest 2");
    assert_eq!(replies(&lines).len(), 1, "{lines:?}");
    assert!(driver.lines("yxstop").is_empty());
    driver.lines("board");
    driver.lines("7,7,2");
    expect_move(&mut driver, "done");
}

#[test]
fn searches_report_progress_as_messages() {
    let mut driver = started(15);
    let lines = driver.lines("TURN 7,7");
    let progress: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE depth "))
        .collect();
    assert!(!progress.is_empty(), "{lines:?}");
    let last = progress.last().unwrap();
    for word in [" eval ", " nodes ", " time "] {
        assert!(last.contains(word), "{last}");
    }
    // The speed is there when it was measured: a tree search of a millisecond or more.
    let nodes: u64 = field(last, "nodes").parse().expect("a node count");
    let millis: u64 = field(last, "time")
        .trim_end_matches("ms")
        .parse()
        .expect("a time");
    assert!(nodes > 1, "{last}");
    assert_eq!(last.contains(" speed "), millis >= 1, "{last}");
    // The best line is in h8 notation.
    let (_, line) = last.split_once(" pv ").expect("a best line");
    for name in line.split(' ') {
        let (letter, number) = name.split_at(1);
        assert!(letter.chars().all(|c| c.is_ascii_lowercase()), "{last}");
        let number: usize = number.parse().unwrap_or_else(|_| panic!("{last}"));
        assert!((1..=15).contains(&number), "{last}");
    }
    // Progress lines come before the move.
    let reply = replies(&lines).pop().unwrap();
    assert!(parse_move(&reply).is_some());
    assert_eq!(lines.last().unwrap(), &reply);
}

/// The word after `key` in a progress line.
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let mut words = line.split(' ');
    words.find(|&word| word == key);
    words.next().unwrap_or_else(|| panic!("no {key} in {line}"))
}

#[test]
fn an_answer_without_a_search_claims_no_speed() {
    // Our four on row 7: the five is made at once, without a tree search.
    let mut driver = started(15);
    for line in [
        "BOARD", "7,7,1", "7,8,2", "8,7,1", "8,8,2", "9,7,1", "9,8,2", "10,7,1", "0,0,2",
    ] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    let lines = driver.lines("DONE");
    let progress: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE depth "))
        .collect();
    assert_eq!(progress.len(), 1, "{lines:?}");
    let line = progress[0];
    assert!(
        line.starts_with("MESSAGE depth 1 eval win1 nodes 1 time "),
        "{line}"
    );
    assert!(!line.contains("speed"), "{line}");
    let reply = replies(&lines).pop().unwrap();
    assert!(["6,7", "11,7"].contains(&reply.as_str()), "{reply}");
}

/// A renju game from c-gomoku-cli (which has no move limit): 224 stones, black to move, and the
/// last empty point (10,4) is forbidden for black.
const FORBIDDEN_ONLY_GAME: [&str; 19] = [
    "7,7,1 7,6,2 8,6,1 9,5,2 6,8,1 8,7,2 9,8,1 7,9,2 8,8,1 7,8,2 6,9,1 6,7,2",
    "5,6,1 9,4,2 8,5,1 9,6,2 9,3,1 8,4,2 11,4,1 6,4,2 7,4,1 7,3,2 6,2,1 5,5,2",
    "4,6,1 7,2,2 6,3,1 6,5,2 3,4,1 3,5,2 4,5,1 4,4,2 2,7,1 8,3,2 6,1,1 11,7,2",
    "10,6,1 4,3,2 5,4,1 3,6,2 4,9,1 5,9,2 3,8,1 5,10,2 11,6,1 10,7,2 1,4,1 0,5,2",
    "1,5,1 1,6,2 2,4,1 2,5,2 4,8,1 4,7,2 3,3,1 5,1,2 5,11,1 4,10,2 2,8,1 5,8,2",
    "12,7,1 9,9,2 2,10,1 2,9,2 12,6,1 7,11,2 2,3,1 1,2,2 4,1,1 5,2,2 7,10,1 10,11,2",
    "8,9,1 11,8,2 12,9,1 12,8,2 0,8,1 1,8,2 11,5,1 10,8,2 8,10,1 8,2,2 9,1,1 10,10,2",
    "10,9,1 13,8,2 14,8,1 8,1,2 8,0,1 11,9,2 14,6,1 13,6,2 9,11,1 13,11,2 8,12,1 8,11,2",
    "11,2,1 11,3,2 9,7,1 12,4,2 11,10,1 13,5,2 13,7,1 3,11,2 10,12,1 5,12,2 2,12,1 12,11,2",
    "11,11,1 12,10,2 14,12,1 12,14,2 14,9,1 12,13,2 12,12,1 14,5,2 1,11,1 0,12,2 4,13,1 12,2,2",
    "13,1,1 12,1,2 3,2,1 5,0,2 12,3,1 3,10,2 4,11,1 3,13,2 3,12,1 9,10,2 13,14,1 7,12,2",
    "1,10,1 5,14,2 6,13,1 0,6,2 3,1,1 3,0,2 0,4,1 10,13,2 8,13,1 2,6,2 13,2,1 4,0,2",
    "0,9,1 2,11,2 6,0,1 14,1,2 1,12,1 1,9,2 1,7,1 4,14,2 9,14,1 6,14,2 7,14,1 2,0,2",
    "1,0,1 13,0,2 14,4,1 13,13,2 11,13,1 5,3,2 0,0,1 13,12,2 0,7,1 13,9,2 13,10,1 0,1,2",
    "9,12,1 11,12,2 0,11,1 0,10,2 5,7,1 3,9,2 10,2,1 2,14,2 3,14,1 9,0,2 1,13,1 1,14,2",
    "11,14,1 10,0,2 14,11,1 14,10,2 5,13,1 7,13,2 10,3,1 11,0,2 12,0,1 10,5,2 13,3,1 10,14,2",
    "14,3,1 1,1,2 14,2,1 0,13,2 0,14,1 10,1,2 11,1,1 2,1,2 2,2,1 7,0,2 1,3,1 0,2,2",
    "0,3,1 7,1,2 9,2,1 3,7,2 6,6,1 14,14,2 8,14,1 2,13,2 14,7,1 6,10,2 13,4,1 14,13,2",
    "14,0,1 6,12,2 4,12,1 9,13,2 6,11,1 7,5,2 4,2,1 12,5,2",
];

/// A renju session with the stones of [`FORBIDDEN_ONLY_GAME`] sent after `block` (`BOARD` or
/// `YXBOARD`), up to but not including `DONE`.
fn forbidden_only_game(block: &str) -> LineDriver {
    let mut driver = started(15);
    driver.lines("INFO rule 4");
    driver.lines(block);
    for row in FORBIDDEN_ONLY_GAME {
        for stone in row.split(' ') {
            assert!(driver.lines(stone).is_empty(), "{stone}");
        }
    }
    driver
}

#[test]
fn black_with_only_forbidden_points_left_still_answers() {
    // Renju has no pass; a move lets the manager end the game by its foul rule at once, where
    // an error line would run out our clock.
    let mut driver = forbidden_only_game("BOARD");
    let reply = one_reply(&mut driver, "DONE");
    assert_eq!(parse_move(&reply), Some((10, 4)), "{reply}");
    let board = driver.session().board().unwrap();
    assert_eq!(board.stone(Point::new(10, 4)), Some(Color::Black));
    assert_eq!(board.empty_points().count(), 0);
}

#[test]
fn yxnbest_with_only_forbidden_points_left_still_answers() {
    let mut driver = forbidden_only_game("YXBOARD");
    assert!(driver.lines("DONE").is_empty());
    let reply = one_reply(&mut driver, "YXNBEST 3");
    assert_eq!(parse_move(&reply), Some((10, 4)), "{reply}");
    let board = driver.session().board().unwrap();
    assert_eq!(board.empty_points().count(), 0);
    // On the full board that follows there is nothing left to play.
    let reply = one_reply(&mut driver, "YXNBEST 3");
    assert!(reply.starts_with("ERROR"), "{reply}");
}

/// Yixin-Board with its database on (its default): after every move it sends
/// `yxquerydatabaseallt`, one `row,column` line per stone and `done`, and now and then other
/// commands of its own. Once `yxshowinfo` has said the GUI is Yixin-Board, the query gets only
/// `MESSAGE DATABASE DONE` (no records), the other commands nothing, the game goes on, and the
/// moves stay legal.
#[test]
fn yixin_board_database_queries_and_unimplemented_commands_are_read_quietly() {
    let mut driver = LineDriver::new();
    for line in [
        "info show_detail 3",
        "info usedatabase 1",
        "info database_readonly 0",
        "info pondering 0",
        "info vcthread 0",
    ] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    assert_eq!(driver.lines("yxshowinfo").len(), 3);
    assert_eq!(driver.lines("start 15"), ["OK"]);
    for line in ["info rule 2", "info max_depth 3", "info timeout_turn 300"] {
        assert!(driver.lines(line).is_empty(), "{line}");
    }
    let mut stones: Vec<(i64, i64)> = Vec::new();
    let query = |driver: &mut LineDriver, stones: &[(i64, i64)]| {
        assert!(driver.lines("yxquerydatabaseallt").is_empty());
        for (x, y) in stones {
            assert!(driver.lines(&format!("{x},{y}")).is_empty(), "{x},{y}");
        }
        // No records, and the DONE that makes Yixin-Board redraw its board.
        assert_eq!(driver.lines("done"), ["MESSAGE DATABASE DONE"]);
    };
    query(&mut driver, &stones);
    for (turn, opponent) in [(7, 7), (6, 9), (9, 5), (3, 12)].into_iter().enumerate() {
        let point = expect_move(&mut driver, &format!("turn {},{}", opponent.0, opponent.1));
        stones.push(opponent);
        stones.push((point.x() as i64, point.y() as i64));
        query(&mut driver, &stones);
        let others = [
            "yxblockreset",
            "yxhashdump",
            "yxblockpathreset",
            "yxprintfeature",
            "yxresign",
        ];
        assert!(driver.lines(others[turn]).is_empty(), "{}", others[turn]);
    }
    let board = driver.session().board().unwrap();
    assert_eq!(board.move_count(), 8);
    // A known command with bad arguments still gets its error.
    assert!(driver.lines("turn 99,99")[0].starts_with("ERROR"));
    assert_eq!(driver.session().board().unwrap().move_count(), 8);
}

/// Without `yxshowinfo` (a Gomocup manager) the same lines are answered as always.
#[test]
fn outside_yixin_board_unknown_commands_and_stray_done_are_answered() {
    let mut driver = started(15);
    assert!(driver.lines("yxquerydatabaseallt")[0].starts_with("UNKNOWN"));
    assert!(driver.lines("7,7")[0].starts_with("UNKNOWN"));
    assert!(driver.lines("done")[0].starts_with("ERROR"));
}

/// Yixin-Board with `info show_detail` set: the best move so far is drawn on its board from
/// `MESSAGE REALTIME BEST x,y` (in the order of the moves), and the progress lines name points
/// as its board labels them (it shows our `x,y` as row from the top, column; it labels rows from
/// 1 at the bottom).
#[test]
fn yixin_board_shows_the_best_move_while_thinking() {
    for show_detail in [true, false] {
        let mut driver = LineDriver::new();
        assert_eq!(driver.lines("yxshowinfo").len(), 3);
        if show_detail {
            assert!(driver.lines("info show_detail 3").is_empty());
        }
        assert_eq!(driver.lines("start 15"), ["OK"]);
        assert!(driver.lines("info max_depth 4").is_empty());
        expect_move(&mut driver, "turn 7,7");
        let lines = driver.lines("turn 3,9");
        let reply = replies(&lines).pop().expect("a move");
        let board = driver.session().board().unwrap();
        let bests: Vec<Point> = lines
            .iter()
            .filter_map(|line| line.strip_prefix("MESSAGE REALTIME BEST "))
            .map(|at| {
                let (x, y) = parse_move(at).unwrap_or_else(|| panic!("{at}"));
                Point::new(x as usize, y as usize)
            })
            .collect();
        if !show_detail {
            assert!(bests.is_empty(), "{lines:?}");
            continue;
        }
        assert!(!bests.is_empty(), "{lines:?}");
        for best in &bests {
            // Empty before the reply, or the reply itself.
            let played = board.history().last() == Some(best);
            assert!(played || board.is_empty(*best), "{best} in {lines:?}");
        }
        // The last progress line's best move is the last BEST point, named as Yixin labels it.
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("MESSAGE depth "))
            .expect("a progress line");
        let first_pv = last
            .split(" pv ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let best = *bests.last().unwrap();
        let labelled = tengen::notation::point_name(Point::new(best.y(), 14 - best.x()));
        assert_eq!(first_pv, labelled, "{lines:?}");
        assert_eq!(lines.last().unwrap(), &reply);
    }
}
