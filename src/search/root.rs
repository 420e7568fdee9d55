//! The forced-win step before the tree search: the VCF/VCT solvers ([`super::solver`]) look
//! for our forced win (play it at once) and for the opponent's (then only the root moves after
//! which the opponent has none are worth searching).
//!
//! The step has a budget: a share of the move's time when the search is timed (the solvers
//! are stopped by a watcher thread at the deadline), else node counts derived from the
//! search's own limits, so that a search bounded by depth or nodes stays deterministic.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::board::{Board, Point};
use crate::rules::Rule;

use super::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};
use super::{Limits, Score, WIN};

/// Solver nodes per millisecond assumed when turning a time share into node budgets: above
/// the solvers' real rate (a few thousand a millisecond), so that in a timed search the
/// deadline, not the node count, ends the step (a 600 budget cut VCT searches at a third of
/// their share).
const NODES_PER_MS: u64 = 5_000;
/// Node budget of each solver call when the search has neither time nor node limits.
const UNTIMED_NODES: u64 = 100_000;
/// The longest win looked for, in attacker moves.
const MAX_ATTACKER_MOVES: u32 = 40;
/// Root moves checked against the opponent's threat sequence, best-ordered first.
const MAX_DEFENCES_CHECKED: usize = 24;

/// What the forced-win step found.
#[derive(Clone, Debug, PartialEq)]
pub enum RootVerdict {
    /// We have a forced win starting with this move; the score counts its plies.
    Win(Point, Score, Vec<Point>),
    /// The opponent threatens a forced win; only these root moves stop it (as far as the
    /// solver could tell within its budget).
    Defend(Vec<Point>),
    /// Nothing forced either way (or nothing found in time).
    Nothing,
}

/// Node budgets of one root step.
#[derive(Clone, Copy, Debug)]
struct Budget {
    vcf_nodes: u64,
    vct_nodes: u64,
    deadline: Option<Duration>,
}

fn budget(limits: &Limits, time_share_percent: u32) -> Budget {
    if let Some(soft) = limits.soft_time.or(limits.hard_time) {
        let share = soft * time_share_percent / 100;
        let nodes = (share.as_millis() as u64)
            .saturating_mul(NODES_PER_MS)
            .max(1_000);
        Budget {
            vcf_nodes: nodes,
            vct_nodes: nodes,
            deadline: Some(share),
        }
    } else if let Some(max_nodes) = limits.max_nodes {
        Budget {
            vcf_nodes: (max_nodes / 4).max(100),
            vct_nodes: (max_nodes / 4).max(100),
            deadline: None,
        }
    } else {
        Budget {
            vcf_nodes: UNTIMED_NODES,
            vct_nodes: UNTIMED_NODES,
            deadline: None,
        }
    }
}

/// Runs the forced-win step on `board` (side to move = us) with `root_moves` best-ordered.
pub fn solve_root(
    board: &Board,
    rule: Rule,
    root_moves: &[Point],
    limits: &Limits,
    time_share_percent: u32,
    start: Instant,
    stop: &AtomicBool,
) -> RootVerdict {
    let budget = budget(limits, time_share_percent);
    let solver_stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let (solver_stop, finished) = (&solver_stop, &finished);
    std::thread::scope(|scope| {
        if let Some(deadline) = budget.deadline {
            // The watcher: the solvers see one flag, raised at the deadline or on `stop`.
            scope.spawn(move || {
                while !finished.load(Ordering::Relaxed) {
                    if stop.load(Ordering::Relaxed) || start.elapsed() >= deadline {
                        solver_stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
            });
        } else if stop.load(Ordering::Relaxed) {
            solver_stop.store(true, Ordering::Relaxed);
        }
        let verdict = solve(board, rule, root_moves, budget, solver_stop);
        finished.store(true, Ordering::Relaxed);
        verdict
    })
}

fn solve(
    board: &Board,
    rule: Rule,
    root_moves: &[Point],
    budget: Budget,
    stop: &AtomicBool,
) -> RootVerdict {
    let vcf_limits = SolveLimits {
        max_nodes: budget.vcf_nodes,
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    let vct_limits = SolveLimits {
        max_nodes: budget.vct_nodes,
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    // Our forced wins first.
    for vct in [false, true] {
        let outcome = if vct {
            find_vct(board, rule, &vct_limits, stop)
        } else {
            find_vcf(board, rule, &vcf_limits, stop)
        };
        if let SolveOutcome::Win(line) = outcome {
            if let Some(&first) = line.first() {
                if root_moves.contains(&first) || root_moves.is_empty() {
                    let score = WIN - line.len() as Score;
                    return RootVerdict::Win(first, score, line);
                }
            }
        }
        if stop.load(Ordering::Relaxed) {
            return RootVerdict::Nothing;
        }
    }
    // The opponent's, as if we passed.
    let them = board.side_to_move().opponent();
    let mut passed = board.clone();
    passed.set_side_to_move(them);
    let threat_is_vct = match find_vcf(&passed, rule, &vcf_limits, stop) {
        SolveOutcome::Win(_) => false,
        _ if stop.load(Ordering::Relaxed) => return RootVerdict::Nothing,
        _ => match find_vct(&passed, rule, &vct_limits, stop) {
            SolveOutcome::Win(_) => true,
            _ => return RootVerdict::Nothing,
        },
    };
    // Which of our moves leave the opponent without it? Each check gets a slice of the budget;
    // a move is dropped only when the opponent is proven to win after it.
    let checked = root_moves.len().clamp(1, MAX_DEFENCES_CHECKED) as u64;
    let per_move = SolveLimits {
        max_nodes: (if threat_is_vct {
            budget.vct_nodes
        } else {
            budget.vcf_nodes
        } / checked)
            .max(100),
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    let mut kept = Vec::new();
    let mut kept_checked = 0;
    let mut after = board.clone();
    for (index, &point) in root_moves.iter().enumerate() {
        if index >= MAX_DEFENCES_CHECKED || stop.load(Ordering::Relaxed) {
            kept.push(point);
            continue;
        }
        after.play_unchecked(point);
        let outcome = if threat_is_vct {
            find_vct(&after, rule, &per_move, stop)
        } else {
            find_vcf(&after, rule, &per_move, stop)
        };
        after.undo();
        if !matches!(outcome, SolveOutcome::Win(_)) {
            kept.push(point);
            kept_checked += 1;
        }
    }
    if kept_checked == 0 || kept.len() == root_moves.len() {
        // Every checked move loses (let the search find the longest resistance), or none does.
        RootVerdict::Nothing
    } else {
        RootVerdict::Defend(kept)
    }
}
