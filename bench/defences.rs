//! The defence proxy of issue 33 (P5) on the defence suite `bench/defences.txt` (positions
//! where Tengen, to move, played into a long forced win of the opponent while another move
//! held), run with `cargo bench --bench defences [-- OPTIONS]`: one thread, a fresh table, the
//! engine as it plays (root solver and best-move checks on), a node limit per position; the
//! move it chooses is counted as holding, losing or unknown by the suite's verdicts, and
//! whether it is the move played in the game. Exact and repeatable on any machine.
//!
//! The losing moves are the ones the engine could not see through in 1 s; a search that reads
//! the opponent's long wins sooner, or judges such positions better, holds more of them.
//!
//! Options: `--nodes N,N` (node limits, default 250000,1000000), `--quiet` (summary only).

#[allow(dead_code)]
mod defences_suite;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use defences_suite::{parse_suite, Defence};
use tengen::board::Board;
use tengen::notation::point_name;
use tengen::search::{Engine, Limits};

struct Options {
    nodes: Vec<u64>,
    quiet: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        nodes: vec![250_000, 1_000_000],
        quiet: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // `cargo bench` passes `--bench` to every bench program.
            "--bench" => {}
            "--nodes" => {
                options.nodes = args
                    .next()
                    .ok_or("--nodes needs a value")?
                    .split(',')
                    .map(|n| n.trim().parse::<u64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| "--nodes needs node counts like 250000,1000000".to_string())?
            }
            "--quiet" => options.quiet = true,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(options)
}

/// Searches every position at `nodes`, prints a row per position unless quiet, and returns the
/// summary row.
fn measure(positions: &[(Defence, Board)], nodes: u64, quiet: bool) -> String {
    let mut engine = Engine::new();
    engine.set_threads(1);
    engine.set_root_solver(true);
    let limits = Limits {
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    let (mut holds, mut loses, mut unknown, mut as_played) = (0, 0, 0, 0);
    let start = Instant::now();
    for (position, board) in positions {
        engine.clear_hash();
        let stop = AtomicBool::new(false);
        let result = engine.think(board, position.rule, &limits, &stop, &mut |_| {});
        let Some(chosen) = result.best_move else {
            unknown += 1;
            continue;
        };
        let verdict = if position.holds.contains(&chosen) {
            holds += 1;
            "holds"
        } else if position.loses.contains(&chosen) {
            loses += 1;
            "loses"
        } else {
            unknown += 1;
            "unknown"
        };
        let name = point_name(chosen);
        let played = position.field("played") == Some(name.as_str());
        as_played += usize::from(played);
        if !quiet {
            println!(
                "P5 L{:<3} {:4} {verdict:8}{} (score {}, depth {})",
                position.line,
                name,
                if played { " (the game's move)" } else { "" },
                result.score,
                result.depth
            );
        }
    }
    format!(
        "| P5 nodes {nodes} | {} | {holds} | {loses} | {unknown} | {as_played} | {:.0} s |",
        positions.len(),
        start.elapsed().as_secs_f64()
    )
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("defences: {message}");
            std::process::exit(2);
        }
    };
    let suite = parse_suite(defences_suite::TEXT)
        .unwrap_or_else(|e| panic!("{}: {e}", defences_suite::PATH));
    let positions: Vec<(Defence, Board)> = suite
        .into_iter()
        .map(|position| {
            let board = position
                .board()
                .unwrap_or_else(|e| panic!("{}: {e}", defences_suite::PATH));
            (position, board)
        })
        .collect();
    let rows: Vec<String> = options
        .nodes
        .iter()
        .map(|&nodes| measure(&positions, nodes, options.quiet))
        .collect();
    println!("| proxy | positions | holds | loses | unknown | the game's move | time |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for row in rows {
        println!("{row}");
    }
}
