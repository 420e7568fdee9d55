//! `pbrain-tengen`: with no subcommand, the Gomocup protocol engine that managers start.
//! Subcommands are tools for people (see README).

fn main() {
    std::process::exit(tengen::cli::main(std::env::args().skip(1).collect()));
}
