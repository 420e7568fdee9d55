//! The cross-built Windows engine (`pbrain-tengen.exe`) run under wine, as Windows managers
//! run it: a protocol transcript with CRLF input, Yixin-Board's `--force-utf8` start, a game
//! against itself through pipes, the position checks of GomocupJudge's `test_zip_rules.py`,
//! the log file at a Windows path, and exit on `END` (also in the middle of a search) and on
//! the end of input.
//!
//! Skipped with a message when the exe or wine is missing (see `windows_common`); `.ci/run`
//! builds the exe first and requires these tests. Time bounds are hang guards, not speed checks.

mod windows_common;

use std::time::{Duration, Instant};

use tengen::board::{Board, Color, Point};
use tengen::notation;
use tengen::rules::{self, Rule};
use windows_common::{parse_move, windows, Engine, EXIT_WAIT};

/// INFO lines that keep each search small whatever the machine's speed.
const SMALL_SEARCH: [&str; 3] = [
    "INFO timeout_turn 1000",
    "INFO max_depth 4",
    "INFO max_node 5000",
];

/// Gomocup's memory limit (350 MB), as GomocupJudge sends it.
const GOMOCUP_MEMORY: u64 = 367_001_600;

/// Checks that `reply` is a legal move for the side to move on `board` under `rule`, plays it,
/// and returns it.
fn play_reply(board: &mut Board, rule: Rule, reply: &str) -> Point {
    let (x, y) = parse_move(reply).unwrap_or_else(|| panic!("not a move: {reply:?}"));
    let point = board
        .point(x, y)
        .unwrap_or_else(|| panic!("{reply} is off the board"));
    assert!(
        rules::is_legal(board, point, rule),
        "{reply} is not legal:\n{}",
        board.to_ascii()
    );
    board.play_unchecked(point);
    point
}

/// Sends `board` as `BOARD` … `DONE` (field 1 for the side to move's stones, 2 for the
/// other's, in move order) and returns the reply.
fn ask_board(engine: &mut Engine, board: &Board) -> String {
    send_position(engine, "BOARD", board);
    engine.ask("DONE")
}

fn send_position(engine: &mut Engine, keyword: &str, board: &Board) {
    engine.send(keyword);
    let mover = board.side_to_move();
    for (i, p) in board.history().iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let field = if color == mover { 1 } else { 2 };
        engine.send(&format!("{},{},{field}", p.x(), p.y()));
    }
}

/// A square board with `moves` (pos notation, black first) played.
fn position(size: usize, moves: &str) -> Board {
    let mut board = Board::square(size).expect("board size");
    notation::play_moves(&mut board, moves).expect("moves");
    board
}

/// Sends `END` and checks the process exits with code 0 and writes nothing more.
fn end(engine: &mut Engine) {
    engine.send("END");
    assert_eq!(engine.wait_exit(EXIT_WAIT), Some(0), "exit after END");
    assert_eq!(
        engine.remaining_output(Duration::from_secs(2)),
        Vec::<String>::new()
    );
}

#[test]
fn transcript_with_crlf_input() {
    let Some(windows) = windows("transcript_with_crlf_input") else {
        return;
    };
    let mut engine = Engine::spawn(windows, &[]);
    assert_eq!(engine.ask("START 15"), "OK");
    // Piskvork's INFO order, with a folder path that has spaces and backslashes.
    for line in [
        "INFO max_memory 367001600",
        "INFO timeout_match 180000",
        "INFO timeout_turn 1000",
        "INFO game_type 1",
        "INFO rule 4",
        "INFO time_left 180000",
        "INFO folder C:\\Users\\Tengen Test\\AppData\\Local\\Temp\\brain data",
        "INFO thread_num 2",
        "INFO max_depth 4",
        "INFO max_node 5000",
    ] {
        engine.send(line);
    }
    // The renju position of protocol.md: g9 is a double three for black.
    let board = position(15, "h8h9i7i9h10i6i11i12");
    send_position(&mut engine, "YXBOARD", &board);
    engine.send("DONE");
    assert_eq!(engine.ask("YXSHOWFORBID"), "FORBID 0608.");

    let mut game = board.clone();
    let black = play_reply(&mut game, Rule::Renju, &ask_board(&mut engine, &board));
    assert_ne!(
        (black.x(), black.y()),
        (6, 8),
        "black played the forbidden g9"
    );
    let white = game
        .empty_points()
        .find(|&p| rules::is_legal(&game, p, Rule::Renju))
        .expect("an empty point");
    game.play_unchecked(white);
    engine.send("INFO time_left 170000");
    let reply = engine.ask(&format!("TURN {},{}", white.x(), white.y()));
    play_reply(&mut game, Rule::Renju, &reply);

    // A Gomocup manager's unknown command gets UNKNOWN.
    assert!(engine.ask("NO_SUCH_COMMAND").starts_with("UNKNOWN "));

    // YXSHOWINFO answers with MESSAGE lines only; ABOUT's reply marks where they end.
    engine.send("YXSHOWINFO");
    let about = engine.ask("ABOUT");
    assert!(about.starts_with("name=\"Tengen\", version=\""), "{about}");
    let threads: usize = engine
        .transcript
        .iter()
        .find_map(|l| l.strip_prefix("MESSAGE INFO MAX_THREAD_NUM "))
        .expect("YXSHOWINFO gives MAX_THREAD_NUM")
        .parse()
        .expect("a thread count");
    assert!(threads >= 1);

    assert_eq!(engine.ask("RESTART"), "OK");
    let mut fresh = Board::square(15).unwrap();
    play_reply(&mut fresh, Rule::Renju, &engine.ask("BEGIN"));

    assert_eq!(engine.ask("RECTSTART 20,15"), "OK");
    engine.send("INFO rule 0");
    let mut rectangle = Board::new(20, 15).unwrap();
    play_reply(&mut rectangle, Rule::Freestyle, &engine.ask("BEGIN"));

    // After YXSHOWINFO the manager is Yixin-Board: commands Tengen does not implement are read
    // quietly (the next reply is ABOUT's).
    engine.send("YXQUERYDATABASEONE");
    engine.send("7,7");
    engine.send("DONE");
    assert!(engine.ask("ABOUT").starts_with("name=\"Tengen\""));
    end(&mut engine);
}

#[test]
fn yixin_board_start_with_force_utf8() {
    let Some(windows) = windows("yixin_board_start_with_force_utf8") else {
        return;
    };
    // Yixin-Board on Windows starts `engine.exe --force-utf8` and sends lower-case commands.
    let mut engine = Engine::spawn(windows, &["--force-utf8"]);
    assert_eq!(engine.ask("start 15"), "OK");
    for line in [
        "info rule 0",
        "info timeout_turn 1000",
        "info max_node 5000",
    ] {
        engine.send(line);
    }
    let mut board = Board::square(15).unwrap();
    play_reply(&mut board, Rule::Freestyle, &engine.ask("begin"));
    let about = engine.ask("about");
    assert!(about.starts_with("name=\"Tengen\""), "{about}");
    engine.send("end");
    assert_eq!(engine.wait_exit(EXIT_WAIT), Some(0));
}

/// Plays one game between two engines (black first) through their pipes, the way GomocupJudge
/// feeds them: each side's first move from `BOARD` (empty for black), then `TURN`. Checks each
/// move; returns the slowest reply. The game ends on a win, a full board or `max_plies`.
fn play_game(brains: &mut [Engine; 2], size: usize, rule: Rule, max_plies: usize) -> Duration {
    let mut board = Board::square(size).unwrap();
    let mut slowest = Duration::ZERO;
    while board.move_count() < max_plies {
        let mover = board.side_to_move();
        let brain = &mut brains[mover.index()];
        brain.send("INFO time_left 2147483647");
        let asked = Instant::now();
        let reply = match board.last_move() {
            Some(last) if board.move_count() >= 2 => {
                brain.ask(&format!("TURN {},{}", last.x(), last.y()))
            }
            _ => ask_board(brain, &board),
        };
        slowest = slowest.max(asked.elapsed());
        let point = play_reply(&mut board, rule, &reply);
        let won = rules::is_winning_stone(&board, point, rule);
        if won || board.is_full() {
            let plies = board.move_count();
            let end = if won {
                format!("won by {mover:?}")
            } else {
                "full board".into()
            };
            eprintln!("{rule:?} game: {end} after {plies} plies, slowest reply {slowest:?}");
            return slowest;
        }
    }
    eprintln!("{rule:?} game: stopped after {max_plies} plies, slowest reply {slowest:?}");
    slowest
}

#[test]
fn self_play_game_through_pipes() {
    let Some(windows) = windows("self_play_game_through_pipes") else {
        return;
    };
    let mut brains = [Engine::spawn(windows, &[]), Engine::spawn(windows, &[])];
    for brain in brains.iter_mut() {
        assert_eq!(brain.ask("START 15"), "OK");
        // The engine's own clock decides: a fifth of a second a move, no node limit.
        for line in [
            "INFO timeout_turn 200",
            "INFO timeout_match 0",
            "INFO max_memory 367001600",
            "INFO game_type 1",
            "INFO rule 0",
        ] {
            brain.send(line);
        }
    }
    let slowest = play_game(&mut brains, 15, Rule::Freestyle, 60);
    // A hang guard far above the budget: it fails only if the clock does not stop the search.
    assert!(slowest < Duration::from_secs(10), "a move took {slowest:?}");
    for brain in brains.iter_mut() {
        end(brain);
    }
}

#[test]
fn renju_self_play_never_plays_forbidden() {
    let Some(windows) = windows("renju_self_play_never_plays_forbidden") else {
        return;
    };
    let mut brains = [Engine::spawn(windows, &[]), Engine::spawn(windows, &[])];
    for brain in brains.iter_mut() {
        assert_eq!(brain.ask("START 15"), "OK");
        brain.send("INFO rule 4");
        for line in SMALL_SEARCH {
            brain.send(line);
        }
    }
    play_game(&mut brains, 15, Rule::Renju, 225);
    for brain in brains.iter_mut() {
        end(brain);
    }
}

/// Memory the process holds for itself (resident anonymous pages), from `/proc`; wine runs
/// the Windows process in the Unix process it started as.
fn private_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("RssAnon:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[test]
fn gomocup_zip_rule_checks() {
    let Some(windows) = windows("gomocup_zip_rule_checks") else {
        return;
    };
    // The positions GomocupJudge's test_zip_rules.py gives an entry (one new process each,
    // commands in its order), and the moves it accepts.
    let checks: [(Rule, usize, &str, &[&str]); 6] = [
        (Rule::Freestyle, 20, "h8h9i8i9j8j9k8k9", &["g8", "l8"]),
        (Rule::Freestyle, 15, "h8h9i8i9j8j9k8k9", &["g8", "l8"]),
        (
            Rule::Standard,
            15,
            "h8h9i8h10g8h11j13h12g14h14i15",
            &["f8", "j8"],
        ),
        (Rule::Renju, 15, "h8h9i8i9j8j9k8k9", &["g8", "l8"]),
        (
            Rule::Caro,
            15,
            "h8f8g8f9i8f7j8l8",
            &["f5", "f6", "f10", "f11"],
        ),
        (Rule::Renju, 15, "h8h9i7i9h10i6i11i12", &[]),
    ];
    let folder = windows_common::windows_target_dir().join("gomocup folder");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    // Wine maps the Unix root to drive Z:.
    let windows_folder = format!("Z:{}", folder.display()).replace('/', "\\");
    for (rule, size, moves, accepted) in checks {
        let board = position(size, moves);
        let mut engine = Engine::spawn(windows, &[]);
        engine.send(&format!("START {size}"));
        for line in [
            "INFO timeout_turn 30000".to_string(),
            "INFO timeout_match 180000".to_string(),
            format!("INFO max_memory {GOMOCUP_MEMORY}"),
            "INFO game_type 1".to_string(),
            format!("INFO rule {}", rule.info_value()),
            format!("INFO folder {windows_folder}"),
            "INFO time_left 180000".to_string(),
            // Not sent by GomocupJudge: keeps the test's search small.
            "INFO max_node 20000".to_string(),
        ] {
            engine.send(&line);
        }
        assert_eq!(engine.reply(), "OK");
        let reply = ask_board(&mut engine, &board);
        let mut after = board.clone();
        let point = play_reply(&mut after, rule, &reply);
        let name = notation::point_name(point);
        if accepted.is_empty() {
            assert_ne!(name, "g9", "{moves}: black played the forbidden g9");
        } else {
            assert!(
                accepted.contains(&name.as_str()),
                "{moves}: played {name}, not one of {accepted:?}"
            );
        }
        let bytes = private_bytes(engine.pid()).expect("the process's memory from /proc");
        assert!(bytes < GOMOCUP_MEMORY, "{bytes} bytes of private memory");
        end(&mut engine);
    }
    // Nothing persistent goes anywhere but the folder, and Tengen keeps nothing there.
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
}

#[test]
fn log_file_at_a_windows_path() {
    let Some(windows) = windows("log_file_at_a_windows_path") else {
        return;
    };
    let dir = windows_common::windows_target_dir().join("log test");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("tengen engine.log");
    let windows_log = format!("Z:{}", log.display()).replace('/', "\\");
    let mut engine = Engine::spawn(windows, &["--log", &windows_log]);
    assert_eq!(engine.ask("START 15"), "OK");
    end(&mut engine);
    let text = std::fs::read_to_string(&log).expect("the log file");
    assert!(text.contains("started"), "{text}");
    assert!(text.contains("START 15"), "{text}");
}

#[test]
fn end_stops_a_long_search_and_exits() {
    let Some(windows) = windows("end_stops_a_long_search_and_exits") else {
        return;
    };
    let mut engine = Engine::spawn(windows, &[]);
    assert_eq!(engine.ask("START 15"), "OK");
    engine.send("INFO timeout_turn 600000");
    engine.send("INFO timeout_match 0");
    // A quiet opening (no forced win to find): the search runs on until its clock says stop.
    let board = position(15, "h8h9");
    send_position(&mut engine, "BOARD", &board);
    engine.send("DONE");
    // The search would take minutes; END must end it at once: the move searched is answered
    // with the best so far, and the process exits.
    std::thread::sleep(Duration::from_millis(300));
    engine.send("END");
    assert_eq!(engine.wait_exit(EXIT_WAIT), Some(0));
    let rest = engine.remaining_output(Duration::from_secs(2));
    let moves: Vec<&String> = rest.iter().filter(|l| !l.starts_with("MESSAGE ")).collect();
    assert_eq!(moves.len(), 1, "output after END: {rest:?}");
}

#[test]
fn end_of_input_exits() {
    let Some(windows) = windows("end_of_input_exits") else {
        return;
    };
    let mut engine = Engine::spawn(windows, &[]);
    assert_eq!(engine.ask("START 15"), "OK");
    let mut board = Board::square(15).unwrap();
    play_reply(&mut board, Rule::Freestyle, &engine.ask("BEGIN"));
    engine.close_input();
    assert_eq!(engine.wait_exit(EXIT_WAIT), Some(0));
}
