//! The long-win proxies of issue 33 on a long-win suite (positions where Rapfi announced a
//! forced win in a game it then won; `bench/longwins.txt` by default, `bench/longwins-hard.txt`
//! with `--suite hard`), run with `cargo bench --bench longwins [-- OPTIONS]`:
//! - P1, nodes-to-mate: one thread, a fresh table, tree search only (the root solver off, so
//!   that every node is counted), a node cap; the node count of the first finished iteration
//!   that reports a proven win for the side to move (counts below the engine's 1024-node
//!   counter step are raised to it). Geometric mean over the positions, an unsolved position
//!   counted at the cap. Exact and repeatable on any machine. Rapfi's figures recorded in the
//!   suite are summarised beside Tengen's, on the whole set and on two subsets.
//! - P2, timed: one thread, a fresh table, 200 ms and 600 ms a position; how many wins were
//!   found in time, and the mean depth of the deepest finished iteration, over all positions
//!   (a found win ends the search, so a solved position counts at the depth where it was
//!   found) and over the positions searched the full time without a win. Once with the tree
//!   search alone and once as the engine plays (root solver on). Depends on the machine's
//!   speed and load, so it is a measurement only and never a test.
//!
//! A root with one sensible move (the block of a four) is answered without a search; such a
//! position is counted as "not searched" (and unsolved). A proven loss reported for the side
//! to move is a false claim (the suite's side has a forced win), printed as `WRONG` and
//! counted as unsolved.
//!
//! Options: `--cap N` (P1 node cap, default 1000000), `--times MS,MS` (P2 budgets, default
//! 200,600), `--p1` / `--p2` (only that proxy), `--tree` / `--played` (P2 with the tree search
//! alone, or only as played), `--rule renju|freestyle` (only that rule), `--only L21,L109` (only
//! the positions on those lines of the suite file), `--suite base|hard` (the suite, default
//! `base`), `--quiet` (summary only).

#[allow(dead_code)]
mod longwins_suite;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use longwins_suite::{parse_suite, LongWin, Suite};
use tengen::board::Board;
use tengen::rules::Rule;
use tengen::search::{Engine, Limits, SearchInfo, WIN_THRESHOLD};

/// What one search on one position showed.
struct Outcome {
    /// Nodes, depth and elapsed time at the first iteration that reported a proven win for the
    /// side to move.
    win: Option<(u64, u32, Duration)>,
    /// Whether some iteration reported a proven loss for the side to move (a false claim).
    wrong: bool,
    /// Depth of the last finished iteration.
    depth: u32,
    /// Whether the engine answered without a search (a root with one sensible move, such as
    /// the block of a four: Tengen plays it at once).
    unsearched: bool,
}

/// The engine's node counter, as its progress reports read it, advances in steps of 1024
/// nodes; smaller counts are raised to this so that the geometric mean does not reward the
/// step.
const NODE_STEP: u64 = 1024;

struct Options {
    cap: u64,
    times: Vec<u64>,
    p1: bool,
    p2: bool,
    /// P2 with the tree search alone.
    tree_only: bool,
    /// P2 as the engine plays (root solvers on).
    played: bool,
    rule: Option<Rule>,
    /// Only the positions on these lines of the suite file (`--only L21,L109`).
    only: Vec<usize>,
    suite: &'static Suite,
    quiet: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        cap: 1_000_000,
        times: vec![200, 600],
        p1: true,
        p2: true,
        tree_only: true,
        played: true,
        rule: None,
        only: Vec::new(),
        suite: &longwins_suite::SUITES[0],
        quiet: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            // `cargo bench` passes `--bench` to every bench program.
            "--bench" => {}
            "--cap" => {
                options.cap = value("--cap")?
                    .parse()
                    .map_err(|_| "--cap needs a node count".to_string())?
            }
            "--times" => {
                options.times = value("--times")?
                    .split(',')
                    .map(|t| t.trim().parse::<u64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| "--times needs milliseconds like 200,600".to_string())?
            }
            "--p1" => options.p2 = false,
            "--p2" => options.p1 = false,
            "--played" => options.tree_only = false,
            "--tree" => options.played = false,
            "--rule" => options.rule = Some(value("--rule")?.parse()?),
            "--only" => {
                options.only = value("--only")?
                    .split(',')
                    .map(|name| name.trim().trim_start_matches('L').parse::<usize>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| "--only needs suite lines like L21,L109".to_string())?
            }
            "--suite" => {
                let name = value("--suite")?;
                options.suite = longwins_suite::suite(&name).ok_or_else(|| {
                    let names: Vec<&str> = longwins_suite::SUITES.iter().map(|s| s.name).collect();
                    format!("no suite '{name}' (suites: {})", names.join(", "))
                })?
            }
            "--quiet" => options.quiet = true,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(options)
}

/// Searches `board` once with a fresh table under `limits`, watching each iteration's report.
fn run(engine: &mut Engine, board: &Board, rule: Rule, limits: &Limits) -> Outcome {
    engine.clear_hash();
    let stop = AtomicBool::new(false);
    let mut outcome = Outcome {
        win: None,
        wrong: false,
        depth: 0,
        unsearched: false,
    };
    let result = engine.think(board, rule, limits, &stop, &mut |info: &SearchInfo| {
        outcome.depth = outcome.depth.max(info.depth);
        if info.score >= WIN_THRESHOLD && outcome.win.is_none() {
            outcome.win = Some((info.nodes, info.depth, info.elapsed));
        }
        if info.score <= -WIN_THRESHOLD {
            outcome.wrong = true;
        }
    });
    outcome.depth = outcome.depth.max(result.depth);
    outcome.unsearched = result.nodes <= 1 && outcome.win.is_none();
    if result.score <= -WIN_THRESHOLD {
        outcome.wrong = true;
    }
    outcome
}

fn engine(root_solver: bool) -> Engine {
    let mut engine = Engine::new();
    engine.set_threads(1);
    engine.set_root_solver(root_solver);
    engine
}

fn name(position: &LongWin) -> String {
    format!(
        "L{:<3} {:9} {} M{:<3}",
        position.line,
        position.rule.name(),
        if position.winner == tengen::board::Color::Black {
            "B"
        } else {
            "W"
        },
        position.mate_plies
    )
}

/// Geometric mean of node counts, in thousands.
fn geometric_mean_k(counts: &[u64]) -> f64 {
    if counts.is_empty() {
        return 0.0;
    }
    let log_sum: f64 = counts.iter().map(|&n| (n as f64).ln()).sum();
    (log_sum / counts.len() as f64).exp() / 1000.0
}

/// Rapfi's recorded nodes-to-mate for a position (`rapfi_nodes=`), counted like Tengen's: raised
/// to the node step, capped at `cap`, `none` (not seen within its own cap) counted at `cap`.
fn rapfi_nodes(position: &LongWin, cap: u64) -> Option<u64> {
    match position.field("rapfi_nodes")? {
        "none" => Some(cap),
        text => text.parse::<u64>().ok().map(|n| n.clamp(NODE_STEP, cap)),
    }
}

/// Rapfi's recorded figures are from searches capped at this many nodes.
const RAPFI_CAP: u64 = 1_000_000;

/// The positions Rapfi solves within this many nodes form the subset on which the two engines
/// are compared head to head (the comparison the issue quotes).
const RAPFI_SUBSET_NODES: u64 = 150_000;

/// P1: nodes-to-mate at a node cap. Prints one row per position and returns the summary rows:
/// Tengen on the whole set, Rapfi's recorded figures on it (when the cap matches theirs), and
/// both on the positions Rapfi solves within [`RAPFI_SUBSET_NODES`].
fn nodes_to_mate(positions: &[(LongWin, Board)], options: &Options) -> Vec<String> {
    let mut engine = engine(false);
    let limits = Limits {
        max_nodes: Some(options.cap),
        ..Limits::default()
    };
    let mut counts = Vec::new();
    let mut skipped = Vec::new();
    let mut solved = 0;
    let mut wrong = 0;
    let mut unsearched = 0;
    let start = Instant::now();
    for (position, board) in positions {
        let outcome = run(&mut engine, board, position.rule, &limits);
        let nodes = match (outcome.win, outcome.wrong) {
            (Some((nodes, _, _)), false) => {
                solved += 1;
                nodes.clamp(NODE_STEP, options.cap)
            }
            _ => options.cap,
        };
        wrong += usize::from(outcome.wrong);
        unsearched += usize::from(outcome.unsearched);
        counts.push(nodes);
        skipped.push(outcome.unsearched);
        if !options.quiet {
            let found = match (outcome.win, outcome.wrong) {
                (_, true) => "WRONG (claims a loss)".to_string(),
                (Some((nodes, depth, _)), false) => format!("{nodes:>9} nodes, depth {depth}"),
                (None, false) if outcome.unsearched => "not searched (one reply)".to_string(),
                (None, false) => format!("not found, depth {}", outcome.depth),
            };
            let rapfi = position.field("rapfi_nodes").unwrap_or("-");
            println!("P1 {}  {found:30} Rapfi {rapfi}", name(position));
        }
    }
    let mut rows = vec![format!(
        "| P1 Tengen nodes-to-mate, cap {} | {} | {solved}/{} | {wrong} | {unsearched} | {:.1} K | - | {:.0} s |",
        options.cap,
        positions.len(),
        positions.len(),
        geometric_mean_k(&counts),
        start.elapsed().as_secs_f64()
    )];
    let rapfi: Vec<Option<u64>> = positions
        .iter()
        .map(|(p, _)| rapfi_nodes(p, options.cap))
        .collect();
    if options.cap == RAPFI_CAP && rapfi.iter().all(Option::is_some) {
        let rapfi: Vec<u64> = rapfi.into_iter().flatten().collect();
        let solved = rapfi.iter().filter(|&&n| n < options.cap).count();
        rows.push(format!(
            "| P1 Rapfi (recorded in the suite), cap {} | {} | {solved}/{} | - | - | {:.1} K | - | - |",
            options.cap,
            positions.len(),
            positions.len(),
            geometric_mean_k(&rapfi)
        ));
        let subset: Vec<usize> = (0..rapfi.len())
            .filter(|&i| rapfi[i] <= RAPFI_SUBSET_NODES)
            .collect();
        let pick = |values: &[u64]| subset.iter().map(|&i| values[i]).collect::<Vec<u64>>();
        let tengen_solved = subset.iter().filter(|&&i| counts[i] < options.cap).count();
        rows.push(format!(
            "| P1 on the {} positions Rapfi solves within {} K: Tengen / Rapfi | {} | {tengen_solved} / {} | - | - | {:.1} K / {:.1} K | - | - |",
            subset.len(),
            RAPFI_SUBSET_NODES / 1000,
            subset.len(),
            subset.len(),
            geometric_mean_k(&pick(&counts)),
            geometric_mean_k(&pick(&rapfi))
        ));
        let searched: Vec<usize> = (0..rapfi.len()).filter(|&i| !skipped[i]).collect();
        let pick = |values: &[u64]| searched.iter().map(|&i| values[i]).collect::<Vec<u64>>();
        let tengen_solved = searched
            .iter()
            .filter(|&&i| counts[i] < options.cap)
            .count();
        let rapfi_solved = searched.iter().filter(|&&i| rapfi[i] < options.cap).count();
        rows.push(format!(
            "| P1 on the {} positions Tengen searches: Tengen / Rapfi | {} | {tengen_solved} / {rapfi_solved} | - | - | {:.1} K / {:.1} K | - | - |",
            searched.len(),
            searched.len(),
            geometric_mean_k(&pick(&counts)),
            geometric_mean_k(&pick(&rapfi))
        ));
    }
    rows
}

/// P2: depth and wins at a fixed time a position. Prints one row per position and returns the
/// summary row.
fn timed(
    positions: &[(LongWin, Board)],
    millis: u64,
    root_solver: bool,
    options: &Options,
) -> String {
    let mut engine = engine(root_solver);
    let budget = Duration::from_millis(millis);
    let limits = Limits {
        soft_time: Some(budget),
        hard_time: Some(budget),
        ..Limits::default()
    };
    let label = if root_solver {
        "as played"
    } else {
        "tree only"
    };
    let mut depths = 0u64;
    let mut full_time = 0usize;
    let mut full_time_depths = 0u64;
    let start = Instant::now();
    let mut found = 0;
    let mut wrong = 0;
    let mut unsearched = 0;
    for (position, board) in positions {
        let outcome = run(&mut engine, board, position.rule, &limits);
        depths += u64::from(outcome.depth);
        wrong += usize::from(outcome.wrong);
        unsearched += usize::from(outcome.unsearched);
        if !outcome.unsearched && outcome.win.is_none() && !outcome.wrong {
            full_time += 1;
            full_time_depths += u64::from(outcome.depth);
        }
        if outcome.win.is_some() && !outcome.wrong {
            found += 1;
        }
        if !options.quiet {
            let seen = match (outcome.win, outcome.wrong) {
                (_, true) => "WRONG".to_string(),
                (Some((_, _, elapsed)), false) => format!("win at {} ms", elapsed.as_millis()),
                (None, false) if outcome.unsearched => "not searched (one reply)".to_string(),
                (None, false) => "-".to_string(),
            };
            println!(
                "P2 {millis} ms {label} {}  depth {:>2}  {seen}",
                name(position),
                outcome.depth
            );
        }
    }
    format!(
        "| P2 {millis} ms, {label} | {} | {found}/{} | {wrong} | {unsearched} | - | {:.1} / {:.1} on {full_time} | {:.0} s |",
        positions.len(),
        positions.len(),
        depths as f64 / positions.len().max(1) as f64,
        full_time_depths as f64 / full_time.max(1) as f64,
        start.elapsed().as_secs_f64()
    )
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(error) => {
            eprintln!("longwins: {error}");
            std::process::exit(2);
        }
    };
    let suite = match parse_suite(options.suite.text) {
        Ok(suite) => suite,
        Err(error) => {
            eprintln!("longwins: {}: {error}", options.suite.path);
            std::process::exit(2);
        }
    };
    let mut positions = Vec::new();
    for position in suite {
        if options.rule.is_some_and(|rule| rule != position.rule)
            || !(options.only.is_empty() || options.only.contains(&position.line))
        {
            continue;
        }
        match position.board() {
            Ok(board) => positions.push((position, board)),
            Err(error) => {
                eprintln!("longwins: {error}");
                std::process::exit(2);
            }
        }
    }
    let mut summary = Vec::new();
    if options.p1 {
        summary.extend(nodes_to_mate(&positions, &options));
    }
    if options.p2 {
        for &millis in &options.times {
            let modes = [(false, options.tree_only), (true, options.played)];
            for root_solver in modes.iter().filter(|m| m.1).map(|m| m.0) {
                summary.push(timed(&positions, millis, root_solver, &options));
            }
        }
    }
    println!();
    println!("{} ({} positions)", options.suite.path, positions.len());
    println!(
        "| proxy | positions | wins found | false claims | not searched | nodes-to-mate (geo. mean) | mean depth: all / searched the full time | run time |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for row in summary {
        println!("{row}");
    }
}
