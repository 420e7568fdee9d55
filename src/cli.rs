//! Command-line entry: picks the subcommand. No subcommand runs the protocol engine.
//!
//! The subcommands are tools for people, each in its own file under `src/cli/`:
//! `play` (a game against the engine in the terminal), `analyze` (evaluation, best move, line
//! and forced win of a position), `solve` (a file of puzzles), `explain` (why a point is or
//! is not forbidden for black under renju) and `bench` (search speed and node-count signature). They share option parsing (`options`), position
//! loading (`position`), the board drawing and score wording (`display`) and the forced-win
//! search front (`forced`). Exit codes: 0 success, 1 the work ran but failed (a puzzle not
//! solved, a file not written), 2 bad arguments or unreadable input.

mod analyze;
mod bench;
mod display;
mod explain;
mod forced;
mod json;
mod options;
mod play;
mod position;
mod solve;

/// Exit code: everything went well.
pub const EXIT_OK: i32 = 0;
/// Exit code: the command ran but did not succeed.
pub const EXIT_FAILURE: i32 = 1;
/// Exit code: bad arguments or unreadable input.
pub const EXIT_USAGE: i32 = 2;

/// The help text of `pbrain-tengen help`.
const USAGE: &str = "\
pbrain-tengen: a Gomoku / Renju engine.

With no subcommand it speaks the Gomocup (Piskvork) protocol on stdin/stdout: that is how
managers (Piskvork, Yixin-Board, c-gomoku-cli, GomocupJudge) run it.

Tools for people:
  pbrain-tengen play [--rule R] [--size N] [--time T] [--depth D] [--color black|white] [POSITION]
      play the engine in the terminal; type moves like h8, or undo, hint, save FILE, quit
  pbrain-tengen analyze [--rule R] [--size N] [--time T | --depth D | --nodes N] POSITION
      evaluation, best move, principal variation and forced win for the side to move
  pbrain-tengen solve [--rule R] [--size N] [--time T] [--nodes N] FILE
      solve a file of puzzles (renju-puzzles JSON, or one move list per line)
  pbrain-tengen explain [--size N] POSITION POINT
      why POINT is or is not forbidden for black under renju, step by step
  pbrain-tengen bench [DEPTH]
      search a fixed set of positions; prints the speed and the node-count signature
  pbrain-tengen version

R: freestyle, standard, renju, caro, caro-exact (or an INFO rule number); default freestyle.
T: 2s, 500ms or 1.5 (seconds).
POSITION: a move list, black first (h8 i9 j10 or h8i9j10), or a Piskvork .psq file.
Points: letter = column x (a = 0), number = row y + 1, row 1 at the top: h8 = protocol 7,7.
";

/// Runs the program with these arguments (without the program name); returns the exit code.
pub fn main(args: Vec<String>) -> i32 {
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("--version") | Some("version") => {
            println!("pbrain-tengen {}", env!("CARGO_PKG_VERSION"));
            EXIT_OK
        }
        Some("help") | Some("--help") | Some("-h") => {
            print!("{USAGE}");
            EXIT_OK
        }
        Some("play") => on_large_stack(play::run, rest),
        Some("analyze") | Some("analyse") => on_large_stack(analyze::run, rest),
        Some("solve") => on_large_stack(solve::run, rest),
        Some("explain") => on_large_stack(explain::run, rest),
        Some("bench") => bench::run(rest),
        _ => crate::protocol::run_stdio(&args),
    }
}

/// Stack of the thread the tools run on: the searches recurse deeply (the protocol engine's
/// thread gets as much).
const TOOL_STACK_BYTES: usize = 64 << 20;

/// Runs `tool` with `args` on a thread with a large stack; returns its exit code.
fn on_large_stack(tool: fn(&[String]) -> i32, args: &[String]) -> i32 {
    let args = args.to_vec();
    let thread = std::thread::Builder::new()
        .name("tool".into())
        .stack_size(TOOL_STACK_BYTES)
        .spawn(move || tool(&args));
    match thread {
        Ok(handle) => handle.join().unwrap_or_else(|_| {
            eprintln!("pbrain-tengen: internal error (the tool stopped unexpectedly)");
            EXIT_FAILURE
        }),
        Err(error) => {
            eprintln!("pbrain-tengen: cannot start a thread: {error}");
            EXIT_FAILURE
        }
    }
}

/// Prints `message` as an error of `command` on stderr, with a pointer to the help; returns
/// [`EXIT_USAGE`].
fn usage_error(command: &str, message: &str) -> i32 {
    eprintln!("pbrain-tengen {command}: {message}");
    eprintln!("(see `pbrain-tengen help`)");
    EXIT_USAGE
}
