//! End-to-end tests of the built `pbrain-tengen`: whole games against itself through pipes
//! under every rule (each move checked legal, no forbidden black move under renju, the game
//! ending on a win or a full board), stopping and quitting in the middle of a search, and junk
//! on the input. Bounds on time are generous: these tests check behaviour, not speed.

mod protocol_common;

use std::time::{Duration, Instant};

use protocol_common::{parse_move, Brain};
use tengen::board::{Board, Color, Point};
use tengen::rules::{self, Rule};

/// Settings that keep every move of a test game small.
const GAME_LIMITS: [&str; 3] = [
    "INFO timeout_turn 1000",
    "INFO max_depth 4",
    "INFO max_node 5000",
];

/// How moves are sent to the engines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Feed {
    /// BEGIN, then TURN with the opponent's last move (Piskvork, c-gomoku-cli).
    Turns,
    /// The whole position as BOARD before every move (GomocupJudge, `-sendbyboard`).
    Boards,
}

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Won(Color),
    FullBoard,
}

fn start(brain: &mut Brain, width: usize, height: usize, rule: i64, extra: &[&str]) {
    let start = if width == height {
        format!("START {width}")
    } else {
        format!("RECTSTART {width},{height}")
    };
    assert_eq!(brain.ask(&start), "OK");
    brain.send(&format!("INFO rule {rule}"));
    for line in GAME_LIMITS.iter().chain(extra) {
        brain.send(line);
    }
}

/// Plays one game between two running engines (black first) and checks every move.
fn play_game(
    brains: &mut [Brain; 2],
    width: usize,
    height: usize,
    rule_value: i64,
    feed: Feed,
) -> (Outcome, usize) {
    let rule = Rule::from_info(rule_value);
    let mut board = Board::new(width, height).expect("board size");
    let mut last: Option<Point> = None;
    loop {
        let mover = board.side_to_move();
        let brain = &mut brains[mover.index()];
        brain.send("INFO time_left 2147483647");
        let reply = match (feed, last) {
            (Feed::Turns, None) => brain.ask("BEGIN"),
            (Feed::Turns, Some(p)) => brain.ask(&format!("TURN {},{}", p.x(), p.y())),
            (Feed::Boards, _) => {
                brain.send("BOARD");
                for (i, p) in board.history().iter().enumerate() {
                    let color = if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let field = if color == mover { 1 } else { 2 };
                    brain.send(&format!("{},{},{field}", p.x(), p.y()));
                }
                brain.ask("DONE")
            }
        };
        let (x, y) = parse_move(&reply)
            .unwrap_or_else(|| panic!("not a move: {reply:?} ({:?})", brain.transcript));
        let point = board
            .point(x, y)
            .unwrap_or_else(|| panic!("{reply} is off the board"));
        assert!(board.is_empty(point), "{reply} is occupied:\n{board:?}");
        if rule == Rule::Renju && mover == Color::Black {
            assert_eq!(
                rules::forbidden_kind(&board, point),
                None,
                "black played a forbidden move {reply}:\n{board:?}"
            );
        }
        board.play_unchecked(point);
        last = Some(point);
        if rules::is_winning_stone(&board, point, rule) {
            return (Outcome::Won(mover), board.move_count());
        }
        if board.empty_points().next().is_none() {
            return (Outcome::FullBoard, board.move_count());
        }
    }
}

fn finish(brains: &mut [Brain; 2]) {
    for brain in brains.iter_mut() {
        brain.send("END");
        assert_eq!(brain.wait_exit(Duration::from_secs(5)), Some(0));
    }
}

fn self_play(width: usize, height: usize, rule_value: i64, feed: Feed) -> (Outcome, usize) {
    let mut brains = [Brain::spawn(), Brain::spawn()];
    for brain in brains.iter_mut() {
        start(brain, width, height, rule_value, &[]);
    }
    let result = play_game(&mut brains, width, height, rule_value, feed);
    finish(&mut brains);
    result
}

#[test]
fn freestyle_15_game() {
    let (outcome, plies) = self_play(15, 15, 0, Feed::Turns);
    assert!(plies >= 9 || outcome == Outcome::FullBoard);
}

#[test]
fn freestyle_20_game_by_board() {
    let (outcome, plies) = self_play(20, 20, 0, Feed::Boards);
    assert!(plies >= 9 || outcome == Outcome::FullBoard);
}

#[test]
fn standard_games_in_one_process_with_repeated_start() {
    // c-gomoku-cli reuses the process: START again, no END between games.
    let mut brains = [Brain::spawn(), Brain::spawn()];
    for game in 0..2 {
        for brain in brains.iter_mut() {
            start(brain, 15, 15, 1, &["INFO timeout_match 0"]);
        }
        let feed = if game == 0 { Feed::Turns } else { Feed::Boards };
        play_game(&mut brains, 15, 15, 1, feed);
    }
    finish(&mut brains);
}

#[test]
fn renju_game() {
    self_play(15, 15, 4, Feed::Turns);
}

#[test]
fn caro_games() {
    self_play(15, 15, 8, Feed::Turns);
    self_play(15, 15, 9, Feed::Boards);
}

#[test]
fn rectangular_board_game() {
    self_play(12, 8, 0, Feed::Turns);
}

#[test]
fn moves_under_a_short_turn_time_are_legal() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 60");
    brain.send("INFO timeout_match 0");
    let mut board = Board::square(15).unwrap();
    let mut reply = brain.ask("BEGIN");
    for step in 0..6 {
        let (x, y) = parse_move(&reply).expect("a move");
        let point = board.point(x, y).expect("on the board");
        assert!(board.is_empty(point));
        board.play_unchecked(point);
        // Answer on the mirror's first empty point far from the action.
        let answer = board.empty_points().nth(step * 7).expect("an empty point");
        board.play_unchecked(answer);
        let started = Instant::now();
        reply = brain.ask(&format!("TURN {},{}", answer.x(), answer.y()));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(5)), Some(0));
}

#[test]
fn timeout_turn_zero_answers() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 0");
    let reply = brain.ask("BEGIN");
    assert!(parse_move(&reply).is_some(), "{reply}");
    let reply = brain.ask("TURN 0,0");
    assert!(parse_move(&reply).is_some(), "{reply}");
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(5)), Some(0));
}

/// Starts a long search (20 s per move) and waits a little so that it is running.
fn brain_in_long_search() -> Brain {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 20000");
    brain.send("INFO timeout_match 0");
    brain.send("INFO time_left 2147483647");
    brain.send("BOARD");
    for line in ["7,7,2", "8,8,1", "8,7,2"] {
        brain.send(line);
    }
    brain.send("DONE");
    std::thread::sleep(Duration::from_millis(100));
    brain
}

#[test]
fn end_mid_search_exits_promptly() {
    let mut brain = brain_in_long_search();
    let asked = Instant::now();
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
    assert!(asked.elapsed() < Duration::from_secs(2));
    // The move that was being searched is answered at once (the best so far); nothing else.
    let rest = brain.remaining_output(Duration::from_millis(200));
    let moves: Vec<&String> = rest.iter().filter(|l| !l.starts_with("MESSAGE ")).collect();
    assert_eq!(moves.len(), 1, "{rest:?}");
    assert!(parse_move(moves[0]).is_some(), "{rest:?}");
}

#[test]
fn commands_before_end_are_all_answered_whatever_the_timing() {
    // Piped at once: END reaches the reader while BEGIN is queued or being searched. Either way
    // both moves are answered, in order, and nothing after END.
    for _ in 0..6 {
        let mut brain = Brain::spawn();
        brain.send_raw(b"START 15\nINFO timeout_turn 5000\nBEGIN\nTURN 0,0\nEND\nABOUT\n");
        assert_eq!(brain.wait_exit(Duration::from_secs(5)), Some(0));
        let rest = brain.remaining_output(Duration::from_millis(200));
        let replies: Vec<&String> = rest.iter().filter(|l| !l.starts_with("MESSAGE ")).collect();
        assert_eq!(replies.len(), 3, "{rest:?}");
        assert_eq!(replies[0], "OK");
        assert!(parse_move(replies[1]).is_some(), "{rest:?}");
        assert!(parse_move(replies[2]).is_some(), "{rest:?}");
    }
}

#[test]
fn end_of_input_mid_search_exits_promptly() {
    let mut brain = brain_in_long_search();
    brain.close_input();
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
}

#[test]
fn yxstop_mid_search_answers_promptly_and_play_goes_on() {
    for stop in ["YXSTOP", "stop"] {
        let mut brain = brain_in_long_search();
        brain.send(stop);
        let reply = brain
            .reply_within(Duration::from_secs(2))
            .expect("a move soon after the stop");
        let (x, y) = parse_move(&reply).expect("a move");
        assert!(![(7, 7), (8, 8), (8, 7)].contains(&(x, y)));
        // The stop is used up: the next move is an ordinary one.
        brain.send("INFO timeout_turn 200");
        let next = brain.ask(&format!("TURN {},{}", (x + 3) % 15, (y + 5) % 15));
        assert!(parse_move(&next).is_some(), "{next}");
        brain.send("END");
        assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
    }
}

/// A brain in a Yixin-Board conversation on 15x15 at its unlimited level, as Yixin sets it.
fn yixin_at_unlimited_level() -> Brain {
    let mut brain = Brain::spawn();
    brain.send("yxshowinfo");
    assert_eq!(brain.ask("start 15"), "OK");
    for line in [
        "INFO max_node -1",
        "INFO timeout_match 100000000",
        "INFO time_left 100000000",
        "INFO timeout_turn 2000000",
        "INFO max_depth 225",
        "INFO time_increment 0",
    ] {
        brain.send(line);
    }
    brain
}

/// Yixin-Board's unlimited level: the search goes on until `YXSTOP`, however long that is, and
/// then answers at once. (A search that ended by itself on this quiet second move would have to
/// reach the deepest iteration: no machine does that in seconds.)
#[test]
fn yixin_unlimited_level_thinks_until_stopped() {
    let mut brain = yixin_at_unlimited_level();
    brain.send("turn 7,7");
    // Progress lines only (reply_within skips them) for three seconds.
    if let Some(line) = brain.reply_within(Duration::from_secs(3)) {
        panic!("answered before the stop: {line}");
    }
    brain.send("yxstop");
    let reply = brain
        .reply_within(Duration::from_secs(2))
        .expect("a move soon after the stop");
    assert!(parse_move(&reply).is_some(), "{reply}");
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
}

/// N-best at Yixin-Board's unlimited level, stopped: the candidates of the last finished
/// iteration come at once, each searched to the same depth, then the move.
#[test]
fn yixin_nbest_stopped_gives_the_last_iterations_candidates() {
    let mut brain = yixin_at_unlimited_level();
    for line in ["yxboard", "7,7,1", "8,8,2", "done", "yxnbest 3"] {
        brain.send(line);
    }
    std::thread::sleep(Duration::from_millis(1500));
    brain.send("yxstop");
    let reply = brain
        .reply_within(Duration::from_secs(2))
        .expect("a move soon after the stop");
    assert!(parse_move(&reply).is_some(), "{reply}");
    // The INFO lines of the last report: three candidates at one depth.
    let depths: Vec<&str> = brain
        .transcript
        .iter()
        .filter_map(|l| l.strip_prefix("INFO DEPTH "))
        .collect();
    assert!(depths.len() >= 3, "{:?}", brain.transcript);
    let last = &depths[depths.len() - 3..];
    assert!(last.iter().all(|d| d == &last[0]), "{depths:?}");
    let nbest: Vec<&String> = brain
        .transcript
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST "))
        .collect();
    assert_eq!(nbest.len(), 3, "{:?}", brain.transcript);
    assert!(nbest[0].contains(&format!(" {reply} ")), "{nbest:?}");
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
}

#[test]
fn commands_sent_during_a_search_wait_their_turn() {
    let mut brain = brain_in_long_search();
    brain.send("ABOUT");
    brain.send("YXSTOP");
    let first = brain.reply();
    assert!(
        parse_move(&first).is_some(),
        "the move comes first: {first}"
    );
    assert!(brain.reply().starts_with("name=\"Tengen\""));
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
}

#[test]
fn junk_on_the_input_gets_errors_and_the_game_goes_on() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send_raw(b"\xff\xfe\x00\x01garbage\r\n");
    assert!(brain.reply().starts_with("UNKNOWN "));
    let long = format!("TURN {}\n", "9".repeat(100_000));
    brain.send_raw(long.as_bytes());
    assert!(brain.reply().starts_with("ERROR "));
    let long_junk = format!("{}\n", "x".repeat(100_000));
    brain.send_raw(long_junk.as_bytes());
    assert!(brain.reply().starts_with("UNKNOWN "));
    brain.send_raw(b"TURN 1,\xff\n");
    assert!(brain.reply().starts_with("ERROR "));
    brain.send("INFO max_node 2000");
    let reply = brain.ask("TURN 7,7");
    assert!(parse_move(&reply).is_some(), "{reply}");
    assert!(brain.ask("ABOUT").starts_with("name="));
    brain.send("END");
    assert_eq!(brain.wait_exit(Duration::from_secs(2)), Some(0));
}

#[test]
fn log_goes_to_the_named_file_and_never_to_stdout() {
    let dir = std::env::temp_dir().join(format!("tengen-log-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("engine.log");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["--log", path.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(b"START 15\nINFO rule 77 junk\nABOUT\nEND\n")?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("name="));
    let log = std::fs::read_to_string(&path).unwrap();
    assert!(log.contains("START 15"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
