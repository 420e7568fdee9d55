//! Command-line entry: picks the subcommand. No subcommand runs the protocol engine.

/// Runs the program with these arguments (without the program name); returns the exit code.
pub fn main(args: Vec<String>) -> i32 {
    match args.first().map(String::as_str) {
        Some("--version") | Some("version") => {
            println!("pbrain-tengen {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some("bench") => crate::bench::run(&args[1..]),
        _ => crate::protocol::run_stdio(&args),
    }
}
