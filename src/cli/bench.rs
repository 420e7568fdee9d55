//! `pbrain-tengen bench [depth]`: searches a fixed list of positions (every rule, several board
//! sizes) at a fixed depth with one thread and a fixed, cleared hash table, and prints the nodes
//! and time of each, the total, the speed, and `Bench: N` (the total node count, a signature
//! of the search: any change to what the search does changes it). The engine runs as shipped,
//! with the forced-win steps around the tree (root solvers, best-move checks); without a time
//! limit those get fixed node budgets, so the total stays deterministic. It counts the tree's
//! nodes; the solvers change it through the moves they leave to the tree and the ones they reject.
//! A last `Shape:` line gives the trees' shape ([`SearchShape`]): average late-move reduction,
//! first-move cutoff rate and branching factor.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::board::Board;
use crate::notation::{play_moves, PointName};
use crate::rules::Rule;
use crate::search::shape::SearchShape;
use crate::search::{Engine, Limits};

/// Depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 12;
/// The depths between which `bench` measures the tree's growth per iteration (the effective
/// branching factor; geometric mean over the positions that finish both).
const GROWTH_FROM: usize = 3;
/// See [`GROWTH_FROM`].
const GROWTH_TO: usize = 8;
/// Hash table size of every bench search.
const HASH_BYTES: usize = 16 << 20;

/// One bench position: a rule, a board size and the moves from the empty board in Gomocup
/// notation (`h8` = column h, row 8 counted from 1 at the top).
struct BenchPosition {
    rule: Rule,
    width: usize,
    height: usize,
    moves: &'static str,
}

const fn position(rule: Rule, width: usize, height: usize, moves: &'static str) -> BenchPosition {
    BenchPosition {
        rule,
        width,
        height,
        moves,
    }
}

/// Positions from engine self-play at low depth (cut before the game was decided) and two of
/// the Gomocup rule checks: openings, middle games and tactics under every rule.
const POSITIONS: [BenchPosition; 21] = [
    position(Rule::Freestyle, 15, 15, "h8f8f9g11e7e10"),
    position(Rule::Freestyle, 15, 15, "h8i8g9f10h11g11e9h9g10f9f12f7"),
    position(Rule::Freestyle, 15, 15, "h8g6g7f6e6f5f4h5i8j8g5i7e8"),
    position(Rule::Freestyle, 15, 15, "h8f8g8e7h10h9g11d6c5i9j9g10f11e11k8i8j7j6i11h11l7m6"),
    position(Rule::Freestyle, 15, 15, "h8g9j7e10k8i6j10g8j8"),
    position(Rule::Freestyle, 20, 20, "k11l12l10m9n11o9n9n12m10k12m12n10m11o11l8"),
    position(Rule::Freestyle, 20, 20, "k11i11l12j10k9k10l10l9j12i13i12k12n8m9n10m11m8o8n9n11p11o10n6n7p9o7"),
    position(Rule::Freestyle, 20, 20, "k11i10m13l12n11l10l13k10j10k13m12o10m11m10n10o11n9n12m14m15n7n8j11l11n15k12o16p17o9l8l9j13i14p9o14"),
    position(Rule::Standard, 15, 15, "h8i10j7k10j10k11i8k8k9j9h11l7m6h9"),
    position(Rule::Standard, 15, 15, "h8f7g7f6f5e6d6e8h9h10e7g9h5"),
    position(Rule::Standard, 15, 15, "h8h9i8h10g8h11j13h12g14h14i15"),
    position(Rule::Standard, 20, 20, "k11k10l11i11l12l13j12i13m11n11n10k13j13i12i10m13l9o13n13i14i15o10p9"),
    position(Rule::Renju, 15, 15, "h8g10h9h10f10e11"),
    position(Rule::Renju, 15, 15, "h8h9i7j6j5g10f11e11k6i4k9"),
    position(Rule::Renju, 15, 15, "h8i6i9g7i11i10j11k11j5g6k6i4"),
    position(Rule::Renju, 15, 15, "h8f8f9e11i7g9h10h11h7j8e10g8g10f10j6h9f7g7k5l4e9j11j9k10k11k12i10"),
    position(Rule::Renju, 15, 15, "h8g8g7f6e6f5f4e9f9e11e7e12e10h7e4e5d5d4c6f3f11e3c3h3g3c5b7a8d9c8b6"),
    position(Rule::Renju, 15, 15, "h8h9i7i9h10i6i11i12"),
    position(Rule::Caro, 15, 15, "h8g10h10h7j11f9h11g8i6f11"),
    position(Rule::Caro, 15, 15, "h8h9g8f8g10g11e10f10f9d11g7h12i6h7g6g9i13f6d8g5i12h11i11"),
    position(Rule::CaroExact, 15, 15, "h8i9j9j11j6k5h7g6h10h9k8"),
];

/// The arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search
    #[arg(value_name = "DEPTH", default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: u32,
}

/// Runs the bench; returns the exit code.
pub fn run(args: BenchArgs) -> i32 {
    let depth = args.depth;
    let mut engine = Engine::new();
    engine.set_hash_bytes(HASH_BYTES);
    engine.set_threads(1);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        max_depth: Some(depth),
        ..Limits::default()
    };
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut shape = SearchShape::default();
    let mut growth_logs: Vec<f64> = Vec::new();
    for (index, bench) in POSITIONS.iter().enumerate() {
        let mut board = match Board::new(bench.width, bench.height) {
            Ok(board) => board,
            Err(error) => {
                eprintln!("bench position {}: {error}", index + 1);
                return 1;
            }
        };
        if let Err(error) = play_moves(&mut board, bench.moves) {
            eprintln!("bench position {}: {error}", index + 1);
            return 1;
        }
        engine.clear_hash();
        let start = Instant::now();
        let result = engine.think(&board, bench.rule, &limits, &stop, &mut |_| {});
        let elapsed = start.elapsed();
        shape.add(engine.last_shape());
        if let Some(factor) = engine.last_shape().branching_factor(GROWTH_FROM, GROWTH_TO) {
            growth_logs.push(factor.ln());
        }
        total_nodes += result.nodes;
        total_time += elapsed;
        let best = result
            .best_move
            .map_or_else(|| "none".to_string(), |p| PointName(p).to_string());
        println!(
            "Position {:2} ({:<10} {}x{}, {:2} stones): best {:<4} score {:6} depth {:2} nodes {:9} time {:7.1} ms",
            index + 1,
            bench.rule.name(),
            bench.width,
            bench.height,
            board.move_count(),
            best,
            result.score,
            result.depth,
            result.nodes,
            elapsed.as_secs_f64() * 1000.0
        );
    }
    let seconds = total_time.as_secs_f64().max(1e-9);
    println!("Total time: {:.0} ms", seconds * 1000.0);
    println!("Total nodes: {total_nodes}");
    println!("Nodes/second: {:.0}", total_nodes as f64 / seconds);
    // The shape of the trees (the issue 33 proxies; not part of the signature).
    let growth = if growth_logs.is_empty() {
        "-".to_string()
    } else {
        format!(
            "{:.2} ({} positions)",
            (growth_logs.iter().sum::<f64>() / growth_logs.len() as f64).exp(),
            growth_logs.len()
        )
    };
    println!(
        "Shape: average reduction at depth >= 4 {:.2} plies ({:.0}% of late moves unreduced); first-move cutoffs {:.1}%; branching factor depth {GROWTH_FROM}-{GROWTH_TO} {growth}",
        shape.average_reduction(),
        shape.unreduced_share() * 100.0,
        shape.first_move_cutoff_rate() * 100.0,
    );
    println!("Bench: {total_nodes}");
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_legal_and_unfinished() {
        for bench in &POSITIONS {
            let mut board = Board::new(bench.width, bench.height).unwrap();
            play_moves(&mut board, bench.moves).unwrap();
            assert!(
                crate::rules::winner(&board, bench.rule).is_none(),
                "{}",
                bench.moves
            );
        }
    }
}
