//! The Gomocup (Piskvork) protocol front end with the Yixin-Board extensions: the loop that
//! reads commands from a [`BufRead`] and writes replies to a [`Write`].
//!
//! - [`command`]: lines in → typed [`Command`]s (blocks gathered, errors found).
//! - [`reply`]: typed [`Reply`]s → lines out, flushed at once.
//! - [`game`]: the [`Session`] that owns board, rule, settings, time and engine, and carries out
//!   the Gomocup commands; Yixin-Board's own commands are in its child module `yixin`.
//! - [`thinking`]: what is shown while the engine thinks (progress, Yixin-Board's marks).
//!
//! Two loops share the same [`Session::handle`]:
//! - [`run_threaded`] (what `pbrain-tengen` runs): a reader thread owns the input and stamps,
//!   parses and queues every line; the engine thread takes commands in order. While the engine
//!   searches, the reader still sees `END`, `STOP`/`YXSTOP` and the end of input, and sets the
//!   stop flag at once; everything else waits in the queue.
//!
//!   After `END` or the end of input every search stops at once: the command being searched
//!   and every command queued before `END` (or the end of input) are answered at once, in
//!   order, with the best move found so far, and then the engine exits. Nothing after `END` is
//!   read. So what is answered depends only on the input, never on timing.
//! - [`run_sync`] / [`LineDriver`]: one command after another on the calling thread, for
//!   transcript tests.
//!
//! See `protocol.md` for every command and reply.

pub mod command;
pub mod game;
pub mod reply;
pub mod thinking;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use command::{Command, CommandReader, Coord, InfoSetting, ParseError};
pub use game::{Flow, Session};
pub use reply::{Reply, ReplyWriter};

use crate::timeman::{Clock, RealClock};
use command::MAX_LINE_BYTES;
use game::Context;

/// Stack size of the engine thread (the search may recurse deeply).
const ENGINE_STACK_BYTES: usize = 64 << 20;

/// Reads one line of at most `cap` bytes into `line` (without the `\n`); the rest of a longer
/// line is read and dropped. Returns `None` at end of input, else whether the line was cut.
pub fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut truncated = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(read_any.then_some(truncated));
        }
        read_any = true;
        let (chunk, complete, used) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true, at + 1),
            None => (available, false, available.len()),
        };
        let room = cap.saturating_sub(line.len());
        if chunk.len() > room {
            truncated = true;
            line.extend_from_slice(&chunk[..room]);
        } else {
            line.extend_from_slice(chunk);
        }
        input.consume(used);
        if complete {
            return Ok(Some(truncated));
        }
    }
}

/// The stop flag and the bookkeeping that makes sure a `STOP` only stops the search it was
/// meant for: each request is numbered, and the engine clears the flag when it reaches the
/// latest request in the queue (by then that search is over).
struct StopControl {
    flag: AtomicBool,
    state: Mutex<StopState>,
}

#[derive(Default)]
struct StopState {
    requests: u64,
    input_closed: bool,
}

impl StopControl {
    fn new() -> StopControl {
        StopControl {
            flag: AtomicBool::new(false),
            state: Mutex::new(StopState::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, StopState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `STOP`/`YXSTOP` read: stop now; returns the request's number.
    fn request(&self) -> u64 {
        let mut state = self.state();
        state.requests += 1;
        self.flag.store(true, Ordering::SeqCst);
        state.requests
    }

    /// The engine reached request `number` in the queue.
    fn reached(&self, number: u64) {
        let state = self.state();
        if state.requests == number && !state.input_closed {
            self.flag.store(false, Ordering::SeqCst);
        }
    }

    /// `END` or end of input: every search from now on stops at once.
    fn close_input(&self) {
        let mut state = self.state();
        state.input_closed = true;
        self.flag.store(true, Ordering::SeqCst);
    }
}

/// What the reader thread hands to the engine thread.
enum Incoming {
    /// A parsed line (or its error), with the time it was read.
    Line(Result<Command, ParseError>, Duration),
    /// Stop request number n reached the engine.
    StopReached(u64),
}

/// The reader thread: reads, stamps and parses lines, acts on `END`/`STOP` at once, and queues
/// everything for the engine thread.
fn read_commands(
    mut input: impl BufRead,
    queue: mpsc::Sender<Incoming>,
    control: &StopControl,
    clock: &dyn Clock,
) {
    let mut reader = CommandReader::new();
    let mut line = Vec::with_capacity(256);
    loop {
        let truncated = match read_line_capped(&mut input, &mut line, MAX_LINE_BYTES) {
            Ok(Some(truncated)) => truncated,
            Ok(None) => break,
            Err(error) => {
                log::warn!("input error: {error}");
                break;
            }
        };
        let received = clock.now();
        let text = String::from_utf8_lossy(&line);
        log::debug!("< {}", command::quote(&text));
        let Some(parsed) = reader.feed(&text, truncated) else {
            continue;
        };
        match parsed {
            Ok(Command::End) => {
                control.close_input();
                let _ = queue.send(Incoming::Line(Ok(Command::End), received));
                return;
            }
            Ok(Command::Stop) => {
                let number = control.request();
                if queue.send(Incoming::StopReached(number)).is_err() {
                    return;
                }
            }
            parsed => {
                if queue.send(Incoming::Line(parsed, received)).is_err() {
                    return;
                }
            }
        }
    }
    log::info!("end of input");
    control.close_input();
}

/// Runs the protocol with a reader thread on `input` and the engine on the calling thread,
/// until `END` or the end of input. Returns the exit code: 0, or 1 if the output failed.
pub fn run_threaded<R, W>(input: R, mut output: W, clock: Arc<dyn Clock>) -> i32
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let control = Arc::new(StopControl::new());
    let (sender, queue) = mpsc::channel();
    let reader_control = Arc::clone(&control);
    let reader_clock = Arc::clone(&clock);
    let spawned = std::thread::Builder::new()
        .name("reader".into())
        .spawn(move || read_commands(input, sender, &reader_control, reader_clock.as_ref()));
    if let Err(error) = spawned {
        log::error!("cannot start the reader thread: {error}");
        return 1;
    }
    let mut session = Session::new(clock);
    let mut context = Context {
        out: ReplyWriter::new(&mut output),
        stop: &control.flag,
    };
    // The reader is left running on its own: it may be blocked on input nobody will send.
    for incoming in queue {
        match incoming {
            Incoming::StopReached(number) => control.reached(number),
            Incoming::Line(parsed, received) => {
                match session.handle(parsed, received, &mut context) {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Quit) => return 0,
                    Err(error) => {
                        log::error!("output failed: {error}");
                        return 1;
                    }
                }
            }
        }
    }
    0
}

/// Processes lines one at a time on the calling thread, with the same [`Session`] as the
/// threaded loop (the stop flag is never set). For transcript tests and scripts.
pub struct LineDriver {
    reader: CommandReader,
    session: Session,
    clock: Arc<dyn Clock>,
    stop: AtomicBool,
    ended: AtomicBool,
}

impl LineDriver {
    /// A driver on the real clock.
    pub fn new() -> LineDriver {
        LineDriver::with_clock(Arc::new(RealClock::new()))
    }

    /// A driver on `clock`.
    pub fn with_clock(clock: Arc<dyn Clock>) -> LineDriver {
        LineDriver {
            reader: CommandReader::new(),
            session: Session::new(Arc::clone(&clock)),
            clock,
            stop: AtomicBool::new(false),
            ended: AtomicBool::new(false),
        }
    }

    /// The session (board, rule, time settings).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether `END` has been processed.
    pub fn ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// Processes one line (`truncated` as from [`read_line_capped`]), writing replies to
    /// `output`. Returns [`Flow::Quit`] after `END`.
    pub fn feed(
        &mut self,
        line: &str,
        truncated: bool,
        output: &mut dyn Write,
    ) -> io::Result<Flow> {
        if self.ended() {
            return Ok(Flow::Quit);
        }
        let received = self.clock.now();
        let Some(parsed) = self.reader.feed(line, truncated) else {
            return Ok(Flow::Continue);
        };
        let mut context = Context {
            out: ReplyWriter::new(output),
            stop: &self.stop,
        };
        let flow = self.session.handle(parsed, received, &mut context)?;
        if flow == Flow::Quit {
            self.ended.store(true, Ordering::SeqCst);
        }
        Ok(flow)
    }

    /// Processes one line and returns the reply lines it produced (for tests).
    pub fn lines(&mut self, line: &str) -> Vec<String> {
        let mut output = Vec::new();
        // Writing into a Vec cannot fail.
        let _ = self.feed(line, false, &mut output);
        String::from_utf8_lossy(&output)
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Default for LineDriver {
    fn default() -> Self {
        LineDriver::new()
    }
}

/// Runs the protocol synchronously: every line of `input` in turn, until `END` or the end of
/// input. Returns the exit code (0, or 1 if the output failed).
pub fn run_sync<R: BufRead, W: Write>(mut input: R, mut output: W) -> i32 {
    let mut driver = LineDriver::new();
    let mut line = Vec::with_capacity(256);
    loop {
        let truncated = match read_line_capped(&mut input, &mut line, MAX_LINE_BYTES) {
            Ok(Some(truncated)) => truncated,
            Ok(None) | Err(_) => return 0,
        };
        let text = String::from_utf8_lossy(&line);
        match driver.feed(&text, truncated, &mut output) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Quit) => return 0,
            Err(_) => return 1,
        }
    }
}

/// Where the log goes: `--log PATH` (or `--log=PATH`) in `args`, else the `TENGEN_LOG`
/// environment variable.
pub fn log_path(args: &[String]) -> Option<String> {
    let mut arguments = args.iter();
    while let Some(argument) = arguments.next() {
        if argument == "--log" {
            return arguments.next().cloned();
        }
        if let Some(path) = argument.strip_prefix("--log=") {
            return Some(path.to_string());
        }
    }
    std::env::var("TENGEN_LOG").ok().filter(|p| !p.is_empty())
}

/// Sends the log to the file `log_path` names, if any (never to stdout).
fn start_logging(args: &[String]) {
    let Some(path) = log_path(args) else {
        return;
    };
    match std::fs::File::create(&path) {
        Ok(file) => {
            let config = simplelog::ConfigBuilder::new()
                .set_thread_level(simplelog::LevelFilter::Error)
                .build();
            if simplelog::WriteLogger::init(simplelog::LevelFilter::Debug, config, file).is_err() {
                eprintln!("pbrain-tengen: a logger is already set");
            }
        }
        Err(error) => eprintln!("pbrain-tengen: cannot open log file {path}: {error}"),
    }
}

/// The protocol engine on stdin/stdout, as managers start it. `args` are the command-line
/// arguments (`--log PATH` is the only one it reads). Returns the exit code.
pub fn run_stdio(args: &[String]) -> i32 {
    start_logging(args);
    log::info!("pbrain-tengen {} started", env!("CARGO_PKG_VERSION"));
    let engine = std::thread::Builder::new()
        .name("engine".into())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(|| {
            let input = io::BufReader::new(io::stdin());
            let output = io::stdout().lock();
            run_threaded(input, output, Arc::new(RealClock::new()))
        });
    let code = match engine {
        Ok(handle) => handle.join().unwrap_or_else(|_| {
            log::error!("the engine thread panicked");
            1
        }),
        Err(error) => {
            log::error!("cannot start the engine thread: {error}");
            1
        }
    };
    log::info!("exit {code}");
    log::logger().flush();
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_only_stops_the_search_it_was_meant_for() {
        let control = StopControl::new();
        let first = control.request();
        assert!(control.flag.load(Ordering::SeqCst));
        // A second STOP arrives before the engine reached the first in its queue: the flag
        // must stay set for the search between them.
        let second = control.request();
        control.reached(first);
        assert!(control.flag.load(Ordering::SeqCst));
        control.reached(second);
        assert!(!control.flag.load(Ordering::SeqCst));
    }

    #[test]
    fn after_the_end_of_input_every_search_stops() {
        let control = StopControl::new();
        let number = control.request();
        control.close_input();
        control.reached(number);
        assert!(control.flag.load(Ordering::SeqCst));
    }
}
