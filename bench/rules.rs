//! Speed of the rules core, run with `cargo bench --bench rules`:
//! (a) make + undo per second on 15x15 mid-game positions (target >= 2,000,000/s),
//! (b) average ns per renju forbidden verdict over every empty point of the positions in
//!     `tests/data` (target < 200 ns),
//! (c) µs for the full forbidden map (`forbidden_points`) of a 15x15 mid-game position
//!     (target < 20 µs): the median over the 150 positions from play, each map timed alone
//!     while going through the positions in turn; also the same map repeated (warm cache).
//! Every figure is the median of several runs. Timings only; correctness lives in `tests/`.

#[path = "../tests/reference/data.rs"]
#[allow(dead_code)]
mod data;

use std::hint::black_box;
use std::time::Instant;

use tengen::board::{Board, Point};
use tengen::rules;

/// Runs of each measurement; the median is reported.
const RUNS: usize = 9;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

/// (a) Make + undo of every empty point of every position, `passes` times; moves per second.
fn make_undo_rate(positions: &mut [Board], passes: usize) -> f64 {
    let empties: Vec<Vec<Point>> = positions
        .iter()
        .map(|board| board.empty_points().collect())
        .collect();
    let start = Instant::now();
    let mut count = 0usize;
    let mut checksum = 0u64;
    for _ in 0..passes {
        for (board, points) in positions.iter_mut().zip(&empties) {
            for &point in points {
                board.play_unchecked(black_box(point));
                checksum ^= board.hash();
                board.undo();
            }
            count += points.len();
        }
    }
    black_box(checksum);
    count as f64 / start.elapsed().as_secs_f64()
}

/// (b) One forbidden verdict on every empty point of every board; ns per verdict.
fn verdict_time(boards: &[Board], passes: usize) -> (f64, usize) {
    let start = Instant::now();
    let mut count = 0usize;
    let mut forbidden = 0usize;
    for _ in 0..passes {
        for board in boards {
            for point in board.empty_points() {
                forbidden += usize::from(rules::forbidden_kind(board, black_box(point)).is_some());
                count += 1;
            }
        }
    }
    black_box(forbidden);
    (
        start.elapsed().as_nanos() as f64 / count as f64,
        count / passes,
    )
}

/// (c) The full forbidden map of one board, `repeats` times; µs per map.
fn forbidden_map_time(board: &Board, repeats: usize) -> f64 {
    let start = Instant::now();
    let mut total = 0usize;
    for _ in 0..repeats {
        total += rules::forbidden_points(black_box(board)).len();
    }
    black_box(total);
    start.elapsed().as_secs_f64() * 1e6 / repeats as f64
}

fn verdict(value: f64, target: f64, higher_is_better: bool) -> &'static str {
    let met = if higher_is_better {
        value >= target
    } else {
        value < target
    };
    if met {
        "target met"
    } else {
        "TARGET MISSED"
    }
}

fn main() {
    rules::warm_up();
    let mid_game: Vec<Board> = data::parse_cases(data::FORBIDDEN_15)
        .into_iter()
        .map(|case| case.board)
        .collect();
    let all_cases: Vec<Board> = data::parse_cases(data::FORBIDDEN_CASES)
        .into_iter()
        .map(|case| case.board)
        .chain(mid_game.iter().cloned())
        .collect();
    let stones: usize = mid_game.iter().map(Board::move_count).sum();
    println!(
        "rules bench: {} mid-game 15x15 positions ({:.1} stones on average), {} positions in all, \
         median of {RUNS} runs",
        mid_game.len(),
        stones as f64 / mid_game.len() as f64,
        all_cases.len()
    );

    // (a)
    let mut boards = mid_game.clone();
    make_undo_rate(&mut boards, 2);
    let rate = median((0..RUNS).map(|_| make_undo_rate(&mut boards, 20)).collect());
    println!(
        "(a) make+undo:          {:>10.0} per second   (target >= 2,000,000: {})",
        rate,
        verdict(rate, 2e6, true)
    );

    // (b)
    verdict_time(&all_cases, 1);
    let mut points = 0;
    let ns = median(
        (0..RUNS)
            .map(|_| {
                let (ns, count) = verdict_time(&all_cases, 5);
                points = count;
                ns
            })
            .collect(),
    );
    println!(
        "(b) forbidden verdict:  {ns:>10.1} ns each over {points} empty points   (target < 200 ns: {})",
        verdict(ns, 200.0, false)
    );

    // (c) Each map timed on its own while cycling through the positions (the line table is
    // not all in cache, as in play), and the same map repeated on one position (warm cache).
    let mut samples = Vec::new();
    for _ in 0..RUNS {
        for board in &mid_game {
            let start = Instant::now();
            black_box(rules::forbidden_points(black_box(board)));
            samples.push(start.elapsed().as_secs_f64() * 1e6);
        }
    }
    let cycling_us = median(samples);
    let per_position: Vec<f64> = mid_game
        .iter()
        .map(|board| {
            forbidden_map_time(board, 20);
            median((0..RUNS).map(|_| forbidden_map_time(board, 50)).collect())
        })
        .collect();
    let slowest = per_position.iter().copied().fold(0.0, f64::max);
    let warm_us = median(per_position);
    println!(
        "(c) full forbidden map: {cycling_us:>10.2} µs per 15x15 position (median over positions in turn)   \
         (target < 20 µs: {})",
        verdict(cycling_us, 20.0, false)
    );
    println!(
        "    same map repeated:  {warm_us:>10.2} µs (median over positions; slowest position {slowest:.2} µs)"
    );
}
