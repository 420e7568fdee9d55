//! Times the VCF/VCT solvers on every renju puzzle of `tests/data/renju-puzzles.txt`:
//! `cargo bench --bench solver [-- FILTER]` prints one line per puzzle (outcome, first move,
//! line length, time). Not a test: it asserts nothing and only measures.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use tengen::board::{Board, Color, Point};
use tengen::rules::Rule;
use tengen::search::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};

fn parse_point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    Some(Point::new(x.parse().ok()?, y.parse().ok()?))
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let text = include_str!("../tests/data/renju-puzzles.txt");
    let stop = AtomicBool::new(false);
    let mut total = 0.0;
    let mut solved = 0;
    let mut count = 0;
    for block in text.split("\n\n") {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(' ')))
                .unwrap_or("")
        };
        let id = field("id");
        if id.is_empty() || !id.contains(filter.as_str()) {
            continue;
        }
        let size: usize = field("size").parse().unwrap_or(15);
        let Ok(mut board) = Board::square(size) else {
            continue;
        };
        for (key, color) in [("black", Color::Black), ("white", Color::White)] {
            for p in field(key).split_whitespace().filter_map(parse_point) {
                let _ = board.try_put(p, color);
            }
        }
        board.set_side_to_move(if field("to-move") == "white" {
            Color::White
        } else {
            Color::Black
        });
        let limit: u32 = field("limit").parse().unwrap_or(0);
        let limits = SolveLimits {
            max_nodes: 20_000_000,
            max_attacker_moves: if limit > 0 {
                limit
            } else {
                SolveLimits::default().max_attacker_moves
            },
        };
        let start = Instant::now();
        let outcome = if field("mode") == "vcf" {
            find_vcf(&board, Rule::Renju, &limits, &stop)
        } else {
            find_vct(&board, Rule::Renju, &limits, &stop)
        };
        let seconds = start.elapsed().as_secs_f64();
        total += seconds;
        count += 1;
        let summary = match &outcome {
            SolveOutcome::Win(line) => {
                solved += 1;
                format!(
                    "win first {} (source {}) length {}",
                    line[0],
                    field("first"),
                    line.len()
                )
            }
            other => format!("{other:?}"),
        };
        println!(
            "{id:28} {:4} {:9.1} ms  {summary}",
            field("mode"),
            seconds * 1000.0
        );
    }
    println!("{solved}/{count} solved, {:.1} ms in all", total * 1000.0);
}
