//! Helpers shared by the protocol tests: a line driver with small search limits, move parsing,
//! output checks, and a handle on the built `pbrain-tengen` process talking through pipes.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use tengen::board::{Board, Color, Point};
use tengen::protocol::LineDriver;
use tengen::rules;

/// INFO lines that keep searches small in tests, whatever the search does.
pub const SMALL_LIMITS: [&str; 3] = [
    "INFO max_depth 3",
    "INFO max_node 3000",
    "INFO timeout_turn 300",
];

/// A line driver with a `size` board and small search limits (no output expected).
pub fn started(size: usize) -> LineDriver {
    let mut driver = LineDriver::new();
    assert_eq!(driver.lines(&format!("START {size}")), ["OK"]);
    for line in SMALL_LIMITS {
        assert!(driver.lines(line).is_empty());
    }
    driver
}

/// Checks a line Tengen wrote: never `SUGGEST`, never an empty or bare `MESSAGE`, keywords in
/// upper case, no control characters.
pub fn check_output_line(line: &str) {
    assert!(!line.starts_with("SUGGEST"), "SUGGEST sent: {line}");
    assert!(!line.to_ascii_uppercase().starts_with("SUGGEST"));
    assert_ne!(line.trim(), "MESSAGE", "bare MESSAGE sent");
    if line.starts_with("MESSAGE") {
        assert!(line.starts_with("MESSAGE ") && line.len() > "MESSAGE ".len());
    }
    assert!(
        !line.chars().any(|c| c.is_control()),
        "control char in {line:?}"
    );
    for lower in ["message", "error", "unknown", "forbid", "ok"] {
        assert!(!line.starts_with(lower), "lower-case keyword in {line:?}");
    }
}

/// The replies among `lines`, without `MESSAGE` lines and Yixin-Board's N-best `INFO` lines
/// (after checking every line).
pub fn replies(lines: &[String]) -> Vec<String> {
    lines.iter().for_each(|l| check_output_line(l));
    lines
        .iter()
        .filter(|l| !l.starts_with("MESSAGE ") && !l.starts_with("INFO "))
        .cloned()
        .collect()
}

/// Parses a move reply `x,y`.
pub fn parse_move(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Feeds `line` and returns the one reply it must produce (MESSAGE lines dropped).
pub fn one_reply(driver: &mut LineDriver, line: &str) -> String {
    let lines = driver.lines(line);
    let replies = replies(&lines);
    assert_eq!(replies.len(), 1, "{line} gave {lines:?}");
    replies[0].clone()
}

/// Feeds `line`, expects a move, and checks it is now the last stone on the board and was a
/// legal move for its colour under the session's rule.
pub fn expect_move(driver: &mut LineDriver, line: &str) -> Point {
    let reply = one_reply(driver, line);
    let (x, y) = parse_move(&reply).unwrap_or_else(|| panic!("{line} gave {reply}"));
    let rule = driver.session().rule();
    let after = driver.session().board().expect("a board");
    let point = after
        .point(x, y)
        .unwrap_or_else(|| panic!("{reply} is off the board"));
    assert_eq!(after.last_move(), Some(point));
    let color = after.stone(point).expect("the move is on the board");
    assert_eq!(after.side_to_move(), color.opponent());
    let mut before = after.clone();
    before.undo();
    assert!(
        rules::is_legal(&before, point, rule),
        "{reply} was not legal:\n{}",
        before.to_ascii()
    );
    point
}

/// A full snapshot of a position, to check that bad input changed nothing.
pub fn snapshot(board: &Board) -> (String, Color, Vec<Point>, u64) {
    (
        board.to_ascii(),
        board.side_to_move(),
        board.history().to_vec(),
        board.hash(),
    )
}

/// The built engine binary, running, with its output read on a thread.
pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    pub transcript: Vec<String>,
}

/// How long a test waits for one reply before it calls the engine hung.
pub const REPLY_WAIT: Duration = Duration::from_secs(20);

impl Brain {
    /// Starts `pbrain-tengen` with no subcommand.
    pub fn spawn() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn pbrain-tengen");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Sends one line (with `\r\n`, as Piskvork and GomocupJudge do).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\r\n").as_bytes());
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// The next line that is not a MESSAGE (or one of Yixin-Board's N-best INFO lines), within
    /// `wait`.
    pub fn reply_within(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    check_output_line(&line);
                    self.transcript.push(line.clone());
                    if !line.starts_with("MESSAGE ") && !line.starts_with("INFO ") {
                        return Some(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    return None
                }
            }
        }
    }

    /// The next reply; panics if none comes within [`REPLY_WAIT`].
    pub fn reply(&mut self) -> String {
        match self.reply_within(REPLY_WAIT) {
            Some(line) => line,
            None => panic!("no reply; transcript: {:?}", self.transcript),
        }
    }

    /// Sends a line and returns its reply.
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `wait` for the process to exit; its exit code, or `None` if it did not.
    pub fn wait_exit(&mut self, wait: Duration) -> Option<i32> {
        let deadline = Instant::now() + wait;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.code().unwrap_or(-1));
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Lines written after the last reply until the output closed (waits up to `wait`).
    pub fn remaining_output(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut rest = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => rest.push(line),
                Err(_) => return rest,
            }
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
