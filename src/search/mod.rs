//! Search: from a position, the rule and limits, find the move to play. Owns iterative
//! deepening, the transposition table, move picking, the forced-win solvers and the time
//! budget's use inside the tree. Knows nothing of protocol text.
//!
//! The public face is [`Engine`]: made cheaply (tables are allocated on the first search, so
//! that `START` stays cheap), configured with [`Engine::set_hash_bytes`] and
//! [`Engine::set_threads`], and asked with [`Engine::think`].

mod movegen;
pub mod params;
mod root;
pub mod solver;
mod tt;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Board, Point};
use crate::pattern::{self, PatternBoard, Threat};
use crate::rules::Rule;
use crate::timeman::IterationStability;

pub use movegen::{quick_move, root_moves};
use root::{CheckVerdict, RootVerdict};
pub use tt::{Bound, TranspositionTable};
use worker::{AfterIteration, RootMove, Shared, Worker};

/// A score in centi-stones from the side to move's point of view; `WIN - ply` for a win found
/// `ply` plies from the root.
pub type Score = i32;

/// Shallowest iteration whose best move is checked against the opponent's forced wins (see
/// [`root::opponent_wins_after`]): earlier best moves change too often to be worth it.
const BEST_MOVE_CHECK_DEPTH: i32 = 6;
/// Share of a timed search's hard limit kept out of the tree search, in percent, for the final
/// check: an iteration cut short at the hard limit may have found a new best move that was
/// never checked (about one move in twenty), or the re-search after a rejected move may not
/// have finished, and such a move is checked then.
const FINAL_CHECK_RESERVE_PERCENT: u32 = 5;
/// How many root moves the final check tries, best first, before it gives up and plays the
/// search's best move.
const FINAL_CHECK_CANDIDATES: usize = 4;

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
    table: Option<TranspositionTable>,
    root_solver: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A new engine. Cheap: nothing large is allocated until the first search. (A build with
    /// the `tuning` feature applies `TENGEN_PARAMETERS` here, once per process: see [`params`].)
    pub fn new() -> Engine {
        #[cfg(feature = "tuning")]
        params::apply_environment_once();
        Engine {
            hash_bytes: 64 << 20,
            threads: 1,
            table: None,
            root_solver: true,
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

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether the forced-win steps around the tree search run: the VCF/VCT solvers at the
    /// root and the checks of best moves against the opponent's forced win (on by default).
    pub fn set_root_solver(&mut self, on: bool) {
        self.root_solver = on;
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear_hash(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// The table, allocated (or re-allocated when the size setting changed) now.
    fn table(&mut self) -> &mut TranspositionTable {
        let wanted = TranspositionTable::new_size(self.hash_bytes);
        if self.table.as_ref().map(TranspositionTable::bytes) != Some(wanted) {
            self.table = None;
            self.table = Some(TranspositionTable::new(self.hash_bytes));
        }
        self.table.get_or_insert_with(|| TranspositionTable::new(0))
    }

    /// Searches `board` (side to move = `board.side_to_move()`) under `rule` within `limits`,
    /// stopping early when `stop` becomes true. `on_info` is called after each iteration.
    ///
    /// Before searching, a fallback move is chosen at once (own five, else the block of the
    /// opponent's five, else the best-ordered candidate), so that even a zero time budget
    /// gets a legal move. A position with a single sensible move (a five, a forced block) is
    /// answered without a search.
    pub fn think(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        pattern::warm_up(rule);
        let pos = PatternBoard::new(board, rule);
        let us = board.side_to_move();
        let Some(fallback) = quick_move(&pos, rule) else {
            return SearchResult {
                best_move: None,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        };
        let immediate = |point: Point, score: Score, on_info: &mut dyn FnMut(&SearchInfo)| {
            on_info(&SearchInfo {
                depth: 1,
                score,
                nodes: 1,
                elapsed: start.elapsed(),
                pv: vec![point],
            });
            SearchResult {
                best_move: Some(point),
                score,
                depth: 1,
                nodes: 1,
                pv: vec![point],
            }
        };
        if pos.threat_count(us, Threat::Five) > 0 {
            return immediate(fallback, WIN - 1, on_info);
        }
        let mut root_points = root_moves(&pos, rule);
        if root_points.len() <= 1 {
            let point = root_points.first().copied().unwrap_or(fallback);
            return immediate(point, 0, on_info);
        }
        if self.root_solver {
            match root::solve_root(
                board,
                rule,
                &root_points,
                limits,
                params::root_solver_percent().clamp(1, 100) as u32,
                start,
                stop,
            ) {
                RootVerdict::Win(point, score, line) => {
                    on_info(&SearchInfo {
                        depth: 1,
                        score,
                        nodes: 1,
                        elapsed: start.elapsed(),
                        pv: line.clone(),
                    });
                    return SearchResult {
                        best_move: Some(point),
                        score,
                        depth: 1,
                        nodes: 1,
                        pv: line,
                    };
                }
                RootVerdict::Defend(defences) => {
                    log::debug!(
                        "root: {} of {} moves stop the opponent's forced win",
                        defences.len(),
                        root_points.len()
                    );
                    root_points = defences;
                    if root_points.len() == 1 {
                        return immediate(root_points[0], 0, on_info);
                    }
                }
                RootVerdict::Nothing => {}
            }
        }

        let threads = self.threads;
        let max_depth = limits.max_depth.map_or(worker::MAX_DEPTH, |d| {
            (d as i32).clamp(1, worker::MAX_DEPTH)
        });
        let check_percent = if self.root_solver {
            params::best_move_check_percent().clamp(0, 100) as u32
        } else {
            0
        };
        let table = self.table();
        table.new_search();
        let table: &TranspositionTable = table;
        let mut tree_limits = limits.clone();
        if check_percent > 0 {
            if let Some(hard) = limits.hard_time {
                let tree_hard = hard * (100 - FINAL_CHECK_RESERVE_PERCENT) / 100;
                tree_limits.hard_time = Some(tree_hard);
                tree_limits.soft_time = limits.soft_time.map(|soft| soft.min(tree_hard));
            }
        }
        let shared = Shared {
            stop,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            limits: tree_limits,
            threads,
            rule,
        };
        let root_list: Vec<RootMove> = root_points
            .iter()
            .map(|&point| RootMove {
                point,
                score: -WIN,
                previous_score: -WIN,
                pv: vec![point],
            })
            .collect();
        let mut last_info: Option<SearchInfo> = None;
        let mut stability = IterationStability::new();
        // Best moves checked against the opponent's forced wins: found safe (as far as the
        // check could tell), and proven to lose.
        let mut verified: Vec<Point> = Vec::new();
        let mut rejected: Vec<Point> = Vec::new();
        let (ranked, completed_depth, main_nodes) = std::thread::scope(|scope| {
            for index in 1..threads {
                let pos = pos.clone();
                let root_list = root_list.clone();
                let shared = &shared;
                scope.spawn(move || {
                    let mut helper = Worker::new(pos, table, shared, index, root_list);
                    helper.iterate(max_depth, &mut |_, _, _| AfterIteration::Continue);
                });
            }
            let mut main = Worker::new(pos.clone(), table, &shared, 0, root_list);
            main.iterate(max_depth, &mut |worker, depth, score| {
                let info = SearchInfo {
                    depth: depth as u32,
                    score,
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    elapsed: shared.start.elapsed(),
                    pv: worker.root_moves[0].pv.clone(),
                };
                on_info(&info);
                last_info = Some(info);
                let best_point = worker.root_moves[0].point;
                if check_percent > 0
                    && depth >= BEST_MOVE_CHECK_DEPTH
                    && score.abs() < WIN_THRESHOLD
                    && worker.root_moves.len() > 1
                    && !verified.contains(&best_point)
                {
                    match root::opponent_wins_after(
                        board,
                        rule,
                        best_point,
                        &shared.limits,
                        check_percent,
                        start,
                        stop,
                    ) {
                        CheckVerdict::OpponentWins => {
                            log::debug!(
                                "best move {best_point:?} rejected: the opponent wins after it"
                            );
                            rejected.push(best_point);
                            return AfterIteration::Reject(best_point);
                        }
                        CheckVerdict::NoWinFound => verified.push(best_point),
                        // No time left for it: the final check sees to it.
                        CheckVerdict::NotRun => {}
                    }
                }
                stability.record(best_point.index(), score);
                if let Some(soft) = shared.limits.soft_time {
                    if shared.start.elapsed() >= soft.mul_f64(stability.soft_scale()) {
                        shared.done.store(true, Ordering::Relaxed);
                    }
                }
                AfterIteration::Continue
            });
            shared.done.store(true, Ordering::Relaxed);
            (main.root_moves, main.completed_depth, main.nodes)
        });
        let final_check = FinalCheck {
            board,
            rule,
            limits,
            check_percent,
            start,
            stop,
        };
        let best = if completed_depth >= BEST_MOVE_CHECK_DEPTH {
            final_check.choose(&ranked, &verified, &rejected)
        } else {
            ranked[0].clone()
        };
        let nodes = if threads == 1 {
            main_nodes
        } else {
            shared.nodes.load(Ordering::Relaxed)
        };
        if completed_depth == 0 && best.score == -WIN {
            // Not even one iteration: the fallback.
            return SearchResult {
                best_move: Some(fallback),
                score: 0,
                depth: 0,
                nodes,
                pv: vec![fallback],
            };
        }
        let score = if best.score > -WIN - 1 {
            best.score
        } else {
            last_info.as_ref().map_or(0, |info| info.score)
        };
        SearchResult {
            best_move: Some(best.point),
            score,
            depth: completed_depth as u32,
            nodes,
            pv: best.pv,
        }
    }
}

/// The final check of the move a search settled on (see [`FINAL_CHECK_RESERVE_PERCENT`]).
struct FinalCheck<'a> {
    board: &'a Board,
    rule: Rule,
    /// The search's own limits (the tree search stopped short of their hard limit).
    limits: &'a Limits,
    check_percent: u32,
    start: Instant,
    stop: &'a AtomicBool,
}

impl FinalCheck<'_> {
    /// The move to play from the main worker's root moves, best first: the first that is not
    /// known to lose. A move the iterations checked is taken as it is; one they did not is
    /// checked now, and when the opponent is proven to win after it the next is tried, up to
    /// [`FINAL_CHECK_CANDIDATES`]. When none of those can be shown safe (or there is no time
    /// or no check), the search's best move stands.
    fn choose(&self, ranked: &[RootMove], verified: &[Point], rejected: &[Point]) -> RootMove {
        let best = &ranked[0];
        if self.check_percent == 0
            || best.score.abs() >= WIN_THRESHOLD
            || verified.contains(&best.point)
            || ranked.len() < 2
        {
            return best.clone();
        }
        let (nodes, deadline) =
            root::final_check_budget(self.limits, self.check_percent, self.start);
        for candidate in ranked
            .iter()
            .filter(|root_move| !rejected.contains(&root_move.point))
            .take(FINAL_CHECK_CANDIDATES)
        {
            if verified.contains(&candidate.point) {
                return candidate.clone();
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A deadline already passed comes back as `NotRun`.
            match root::opponent_wins_within(
                self.board,
                self.rule,
                candidate.point,
                nodes,
                deadline,
                self.start,
                self.stop,
            ) {
                CheckVerdict::OpponentWins => {}
                CheckVerdict::NoWinFound => return candidate.clone(),
                CheckVerdict::NotRun => break,
            }
            log::debug!(
                "final check: {:?} rejected, the opponent wins after it",
                candidate.point
            );
        }
        best.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::root::tests::open_three_against_black;
    use super::*;

    fn root_move(point: Point, score: Score) -> RootMove {
        RootMove {
            point,
            score,
            previous_score: score,
            pv: vec![point],
        }
    }

    /// Runs the final check on `ranked` (untimed, so with the fixed node budget).
    fn choose(ranked: &[RootMove], verified: &[Point], rejected: &[Point], percent: u32) -> Point {
        let board = open_three_against_black();
        let stop = AtomicBool::new(false);
        let limits = Limits::default();
        let check = FinalCheck {
            board: &board,
            rule: Rule::Freestyle,
            limits: &limits,
            check_percent: percent,
            start: Instant::now(),
            stop: &stop,
        };
        check.choose(ranked, verified, rejected).point
    }

    #[test]
    fn the_final_check_replaces_an_unchecked_losing_best_move() {
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        let ranked = [root_move(far, 40), root_move(block, 10)];
        // Unchecked: the far move loses to the open four, the block is played instead.
        assert_eq!(choose(&ranked, &[], &[], 10), block);
        // Already checked by an iteration (and taken as safe), or no check wanted: it stands.
        assert_eq!(choose(&ranked, &[far], &[], 10), far);
        assert_eq!(choose(&ranked, &[], &[], 0), far);
        // A proven win is not checked.
        let winning = [root_move(far, WIN - 9), root_move(block, 10)];
        assert_eq!(choose(&winning, &[], &[], 10), far);
        // Moves the iterations rejected are skipped without a check (checked, the block
        // would be found safe and played).
        let rejected_first = [root_move(block, 40), root_move(far, 10)];
        assert_eq!(choose(&rejected_first, &[far], &[block], 10), far);
    }

    #[test]
    fn the_final_check_keeps_the_best_move_when_every_candidate_loses() {
        // Two far moves, both losing: the search's own best stands.
        let first = Point::new(8, 8);
        let second = Point::new(0, 0);
        let ranked = [root_move(first, 40), root_move(second, 10)];
        assert_eq!(choose(&ranked, &[], &[], 10), first);
    }
}
