//! Command-line entry: reads the arguments (clap) and picks the subcommand. No subcommand runs
//! the protocol engine, which is how managers start the program.
//!
//! The subcommands are tools for people, each in its own file under `src/cli/`:
//! `play` (a game against the engine in the terminal), `analyze` (evaluation, best move, line
//! and forced win of a position), `solve` (a file of puzzles), `explain` (why a point is or
//! is not forbidden for black under renju) and `bench` (search speed and node-count signature).
//! They share option groups (`options`), position loading (`position`), the board drawing
//! and score wording (`display`) and the forced-win search front (`forced`). Exit codes: 0
//! success, 1 the work ran but failed (a puzzle not solved, a file not written), 2 bad arguments
//! or unreadable input.

mod analyze;
mod bench;
mod display;
mod explain;
mod forced;
mod options;
mod play;
mod position;
mod solve;

use std::io::IsTerminal;

use clap::{Parser, Subcommand};

/// Exit code: everything went well.
pub const EXIT_OK: i32 = 0;
/// Exit code: the command ran but did not succeed.
pub const EXIT_FAILURE: i32 = 1;
/// Exit code: bad arguments or unreadable input.
pub const EXIT_USAGE: i32 = 2;

/// The whole command line.
#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen",
    version,
    about = "Tengen: a Gomoku / Renju engine",
    long_about = "Tengen: a Gomoku / Renju engine.\n\n\
        With no subcommand it speaks the Gomocup (Piskvork) protocol on stdin/stdout: that is \
        how managers (Piskvork, Yixin-Board, c-gomoku-cli, GomocupJudge) run it.",
    after_help = "POSITION: a move list, black first (h8 i9 j10 or h8i9j10), or a Piskvork .psq file.\n\
        Points: letter = column x (a = 0), number = row y + 1, row 1 at the top: h8 = protocol 7,7.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// Protocol engine: write its log to this file (or set TENGEN_LOG)
    #[arg(long, value_name = "PATH")]
    log: Option<String>,
    /// Protocol engine: accepted and ignored (Yixin-Board passes it; the engine speaks UTF-8)
    #[arg(long, hide = true)]
    force_utf8: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The tools for people.
#[derive(Subcommand, Debug)]
enum Command {
    /// Play the engine in the terminal (type moves like h8, or undo, hint, save FILE, quit)
    Play(play::PlayArgs),
    /// Evaluation, best move, principal variation and forced win for the side to move
    #[command(visible_alias = "analyse")]
    Analyze(analyze::AnalyzeArgs),
    /// Solve a file of puzzles (renju-puzzles JSON, or one move list per line)
    Solve(solve::SolveArgs),
    /// Why a point is or is not forbidden for black under renju, step by step
    Explain(explain::ExplainArgs),
    /// Search a fixed set of positions; prints the speed and the node-count signature
    Bench(bench::BenchArgs),
    /// Print the version
    #[command(hide = true)]
    Version,
}

/// Runs the program with these arguments (without the program name); returns the exit code.
pub fn main(args: Vec<String>) -> i32 {
    let words = std::iter::once("pbrain-tengen".to_string()).chain(args.iter().cloned());
    let cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(error) => {
            // Help and --version go to stdout with code 0, mistakes to stderr with code 2.
            let _ = error.print();
            return error.exit_code();
        }
    };
    match cli.command {
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("{}", terminal_greeting());
            }
            crate::protocol::run_stdio(&args)
        }
        Some(Command::Version) => {
            println!("pbrain-tengen {}", env!("CARGO_PKG_VERSION"));
            EXIT_OK
        }
        Some(Command::Play(tool)) => on_large_stack(move || play::run(tool)),
        Some(Command::Analyze(tool)) => on_large_stack(move || analyze::run(tool)),
        Some(Command::Solve(tool)) => on_large_stack(move || solve::run(tool)),
        Some(Command::Explain(tool)) => on_large_stack(move || explain::run(tool)),
        Some(Command::Bench(tool)) => bench::run(tool),
    }
}

/// The line the protocol engine writes on stderr when a person (a terminal) is typing to it.
fn terminal_greeting() -> String {
    format!(
        "pbrain-tengen {}: a Gomocup protocol engine, reading commands like START 15, BEGIN, \
         TURN 7,7 (type END to leave; `pbrain-tengen --help` lists the tools for people)",
        env!("CARGO_PKG_VERSION")
    )
}

/// Stack of the thread the tools run on: the searches recurse deeply (the protocol engine's
/// thread gets as much).
const TOOL_STACK_BYTES: usize = 64 << 20;

/// Runs `tool` on a thread with a large stack; returns its exit code.
fn on_large_stack(tool: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    let thread = std::thread::Builder::new()
        .name("tool".into())
        .stack_size(TOOL_STACK_BYTES)
        .spawn(tool);
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

/// Prints `message` as an error of `command` on stderr, with a pointer to its help; returns
/// [`EXIT_USAGE`].
fn usage_error(command: &str, message: &str) -> i32 {
    eprintln!("pbrain-tengen {command}: {message}");
    eprintln!("(see `pbrain-tengen {command} --help`)");
    EXIT_USAGE
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn the_terminal_greeting_says_what_this_is_and_how_to_leave() {
        let greeting = terminal_greeting();
        assert!(!greeting.contains('\n'), "{greeting}");
        assert!(greeting.contains("Gomocup protocol engine"), "{greeting}");
        assert!(greeting.contains("END to leave"), "{greeting}");
        assert!(greeting.contains("--help"), "{greeting}");
    }
}
