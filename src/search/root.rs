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
/// Node budget of one best-move check when the search has neither time nor node limits.
const UNTIMED_CHECK_NODES: u64 = 20_000;
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

/// What a check of one of our moves found about the opponent's forced wins after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckVerdict {
    /// The opponent has a proven forced win (VCF or VCT).
    OpponentWins,
    /// None found within the budget (there may still be one the solvers could not reach).
    NoWinFound,
    /// The check did not run: its time was already gone.
    NotRun,
}

/// Node budgets of one root step.
#[derive(Clone, Copy, Debug)]
struct Budget {
    vcf_nodes: u64,
    vct_nodes: u64,
    deadline: Option<Duration>,
}

/// For a timed search, `percent` of its soft limit (the hard one when it has no soft one) and
/// the solver nodes that time is worth.
fn time_share(limits: &Limits, percent: u32) -> Option<(Duration, u64)> {
    limits.soft_time.or(limits.hard_time).map(|soft| {
        let share = soft * percent / 100;
        let nodes = (share.as_millis() as u64)
            .saturating_mul(NODES_PER_MS)
            .max(1_000);
        (share, nodes)
    })
}

fn budget(limits: &Limits, time_share_percent: u32) -> Budget {
    if let Some((share, nodes)) = time_share(limits, time_share_percent) {
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
    with_deadline(budget.deadline, start, stop, |solver_stop| {
        solve(board, rule, root_moves, budget, solver_stop)
    })
}

/// Runs `work` with a stop flag of its own, raised when `stop` is or, given a `deadline`
/// (from `start`), when it passes: a watcher thread polls both every millisecond.
fn with_deadline<T>(
    deadline: Option<Duration>,
    start: Instant,
    stop: &AtomicBool,
    work: impl FnOnce(&AtomicBool) -> T,
) -> T {
    let solver_stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let (solver_stop, finished) = (&solver_stop, &finished);
    std::thread::scope(|scope| {
        if let Some(deadline) = deadline {
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
        let result = work(solver_stop);
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// Whether the opponent is proven to have a forced win (VCF, else VCT) once we play `point`
/// on `board`: the check of the search's best move. Timed searches give it `share_percent` of
/// the soft limit, never past the hard one; untimed ones a node budget from their own limits,
/// so that a search bounded by depth or nodes stays deterministic.
pub fn opponent_wins_after(
    board: &Board,
    rule: Rule,
    point: Point,
    limits: &Limits,
    share_percent: u32,
    start: Instant,
    stop: &AtomicBool,
) -> CheckVerdict {
    let (nodes, deadline) = check_budget(limits, share_percent, start);
    opponent_wins_within(board, rule, point, nodes, deadline, start, stop)
}

/// The node budget and deadline (from the search's start) of one best-move check.
fn check_budget(limits: &Limits, share_percent: u32, start: Instant) -> (u64, Option<Duration>) {
    if let Some((share, nodes)) = time_share(limits, share_percent) {
        let mut deadline = start.elapsed() + share;
        if let Some(hard) = limits.hard_time {
            // Leave the search some of its hard time to finish the iteration it is in.
            deadline = deadline.min(hard * 9 / 10);
        }
        (nodes, Some(deadline))
    } else {
        (untimed_check_nodes(limits, share_percent), None)
    }
}

/// The node budget of one best-move check in a search without a time limit.
fn untimed_check_nodes(limits: &Limits, share_percent: u32) -> u64 {
    match limits.max_nodes {
        Some(max_nodes) => (max_nodes * share_percent as u64 / 100).max(100),
        None => UNTIMED_CHECK_NODES,
    }
}

/// The budget of the final check, the one of a best move the search settled on without
/// checking it (found in an unfinished iteration): the same nodes as any check, and in a
/// timed search until the hard limit itself (the search kept that time back for it), or
/// for the check's share of the time when there is no hard limit.
pub fn final_check_budget(
    limits: &Limits,
    share_percent: u32,
    start: Instant,
) -> (u64, Option<Duration>) {
    match time_share(limits, share_percent) {
        Some((share, nodes)) => {
            let deadline = limits.hard_time.unwrap_or_else(|| start.elapsed() + share);
            (nodes, Some(deadline))
        }
        None => (untimed_check_nodes(limits, share_percent), None),
    }
}

/// [`opponent_wins_after`] with an explicit budget: `nodes` per solver, and a `deadline`
/// from `start` ([`CheckVerdict::NotRun`] once it has passed).
pub fn opponent_wins_within(
    board: &Board,
    rule: Rule,
    point: Point,
    nodes: u64,
    deadline: Option<Duration>,
    start: Instant,
    stop: &AtomicBool,
) -> CheckVerdict {
    if deadline.is_some_and(|deadline| start.elapsed() >= deadline) {
        return CheckVerdict::NotRun;
    }
    let solve_limits = SolveLimits {
        max_nodes: nodes,
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    let mut after = board.clone();
    after.play_unchecked(point);
    let wins = with_deadline(deadline, start, stop, |solver_stop| {
        matches!(
            find_vcf(&after, rule, &solve_limits, solver_stop),
            SolveOutcome::Win(_)
        ) || matches!(
            find_vct(&after, rule, &solve_limits, solver_stop),
            SolveOutcome::Win(_)
        )
    });
    if wins {
        CheckVerdict::OpponentWins
    } else {
        CheckVerdict::NoWinFound
    }
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// White's open three on row 4 (`. . O O O . .`), black to move: a move elsewhere lets
    /// white make an open four and win; taking one end of the three leaves white nothing.
    pub(in crate::search) fn open_three_against_black() -> Board {
        Board::from_ascii(
            ".........
             .........
             .........
             ..OOO....
             .........
             ....XX...
             .........
             X........
             .........",
        )
        .expect("a 9x9 board")
    }

    #[test]
    fn the_best_move_check_sees_the_opponent_win_after_a_move_elsewhere() {
        let board = open_three_against_black();
        assert_eq!(board.side_to_move(), crate::board::Color::Black);
        let stop = AtomicBool::new(false);
        let limits = Limits::default();
        let start = Instant::now();
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        let check =
            |point| opponent_wins_after(&board, Rule::Freestyle, point, &limits, 10, start, &stop);
        assert_eq!(check(far), CheckVerdict::OpponentWins);
        assert_eq!(check(block), CheckVerdict::NoWinFound);
    }

    #[test]
    fn the_best_move_check_gives_up_when_its_time_is_gone() {
        // A deadline already passed: no verdict (the move is neither dropped nor taken as
        // checked).
        let board = open_three_against_black();
        let stop = AtomicBool::new(false);
        let limits = Limits {
            soft_time: Some(Duration::from_millis(10)),
            hard_time: Some(Duration::from_millis(10)),
            ..Limits::default()
        };
        let long_ago = Instant::now() - Duration::from_secs(1);
        assert_eq!(
            opponent_wins_after(
                &board,
                Rule::Freestyle,
                Point::new(8, 8),
                &limits,
                10,
                long_ago,
                &stop
            ),
            CheckVerdict::NotRun
        );
    }
}
