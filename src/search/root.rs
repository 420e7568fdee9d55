//! The forced-win steps around the tree search, with the VCF/VCT solvers ([`super::solver`]):
//! before it, [`solve_root`] looks for our forced win (play it at once) and for the opponent's
//! (then only the root moves after which the opponent has none are worth searching); during
//! and after it, [`BestMoveChecks`] checks the first new best moves of the iterations against
//! the opponent's forced win after them, and checks the move about to be played once more when
//! no iteration did.
//!
//! Each step's budget comes from the search's [`SearchTimer`]: a share of the move's time when
//! the search is timed (the solvers are stopped at the deadline by
//! [`super::solver_budget::with_deadline`]), else node
//! counts derived from the search's own limits, so that a search bounded by depth or nodes stays
//! deterministic.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::{Board, Point};
use crate::rules::Rule;

use super::mate::line_to_five;
use super::solver::{shorten_vct, solve_vcf, solve_vct, SolveLimits, SolveOutcome};
use super::solver_budget::{with_deadline, SolverBudget};
use super::time::SearchTimer;
use super::worker::{AfterIteration, RootMove};
use super::{params, Score, WIN, WIN_THRESHOLD};

/// Shallowest iteration whose best move is checked against the opponent's forced wins: earlier
/// best moves change too often to be worth it.
pub(super) const BEST_MOVE_CHECK_DEPTH: i32 = 6;
/// How many root moves the final check tries, best first, before it gives up and plays the
/// search's best move.
const FINAL_CHECK_CANDIDATES: usize = 4;

/// The longest win looked for, in attacker moves.
pub(super) const MAX_ATTACKER_MOVES: u32 = 40;
/// Nodes the root step may spend making a VCT win it found shorter (for the mate distance it
/// reports; the move is played either way), for each node the first proof took: a win found
/// quickly is shortened quickly.
const SHORTENING_NODES_PER_PROOF_NODE: u64 = 4;
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

/// Runs the forced-win step on `board` (side to move = us) with `root_moves` best-ordered,
/// adding the solver nodes it searched to `nodes`.
pub fn solve_root(
    board: &Board,
    rule: Rule,
    root_moves: &[Point],
    timer: &SearchTimer,
    stop: &AtomicBool,
    nodes: &mut u64,
) -> RootVerdict {
    let budget = timer.root_solver_budget();
    with_deadline(budget.deadline, &|| timer.elapsed(), stop, |solver_stop| {
        let mut solver = CountingSolver {
            nodes,
            stop: solver_stop,
        };
        solve(board, rule, root_moves, budget, &mut solver)
    })
}

/// The solvers, called with one stop flag, adding up the nodes they search.
struct CountingSolver<'a> {
    nodes: &'a mut u64,
    stop: &'a AtomicBool,
}

impl CountingSolver<'_> {
    fn vcf(&mut self, board: &Board, rule: Rule, limits: &SolveLimits) -> SolveOutcome {
        let solved = solve_vcf(board, rule, limits, self.stop);
        *self.nodes += solved.nodes;
        solved.outcome
    }

    fn vct(&mut self, board: &Board, rule: Rule, limits: &SolveLimits) -> SolveOutcome {
        let solved = solve_vct(board, rule, limits, self.stop);
        *self.nodes += solved.nodes;
        solved.outcome
    }

    /// [`shorten_vct`] with `max_nodes` nodes.
    fn shorten_vct(
        &mut self,
        board: &Board,
        rule: Rule,
        line: Vec<Point>,
        max_nodes: u64,
    ) -> Vec<Point> {
        let limits = SolveLimits {
            max_nodes,
            max_attacker_moves: MAX_ATTACKER_MOVES,
        };
        let (line, nodes) = shorten_vct(board, rule, line, &limits, self.stop);
        *self.nodes += nodes;
        line
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The checks of the search's best moves against the opponent's forced wins after them: a hook
/// the main worker calls after each iteration ([`BestMoveChecks::after_iteration`]), and the
/// final check of the move about to be played ([`BestMoveChecks::choose`]).
pub(super) struct BestMoveChecks<'a> {
    board: &'a Board,
    rule: Rule,
    timer: &'a SearchTimer,
    stop: &'a AtomicBool,
    /// Best moves found safe (as far as the check could tell).
    verified: Vec<Point>,
    /// Best moves proven to lose.
    rejected: Vec<Point>,
    /// Solver nodes the checks searched.
    nodes: Cell<u64>,
    /// How many best moves the iterations have checked.
    iteration_checks: u32,
}

impl<'a> BestMoveChecks<'a> {
    /// No move checked yet.
    pub fn new(
        board: &'a Board,
        rule: Rule,
        timer: &'a SearchTimer,
        stop: &'a AtomicBool,
    ) -> BestMoveChecks<'a> {
        BestMoveChecks {
            board,
            rule,
            timer,
            stop,
            verified: Vec::new(),
            rejected: Vec::new(),
            nodes: Cell::new(0),
            iteration_checks: 0,
        }
    }

    /// Solver nodes the checks have searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.get()
    }

    /// After an iteration of `depth` whose best move is `best` with `score`: a new best move
    /// (not a proven result, with `alternatives` left) is checked within its share of the time,
    /// up to `iteration_checks` of them a search (a check that finds nothing runs its whole
    /// share, and a later best move is still checked by the final check); proven to lose, it is
    /// rejected (the iteration is searched again without it).
    pub fn after_iteration(
        &mut self,
        best: Point,
        depth: i32,
        score: Score,
        alternatives: bool,
    ) -> AfterIteration {
        if !self.timer.checks()
            || depth < BEST_MOVE_CHECK_DEPTH
            || score.abs() >= WIN_THRESHOLD
            || !alternatives
            || self.verified.contains(&best)
            || self.iteration_checks >= params::iteration_checks().max(0) as u32
        {
            return AfterIteration::Continue;
        }
        self.iteration_checks += 1;
        match self.opponent_wins_after(best, self.timer.check_budget()) {
            CheckVerdict::OpponentWins => {
                log::debug!("best move {best:?} rejected: the opponent wins after it");
                self.rejected.push(best);
                AfterIteration::Reject(best)
            }
            CheckVerdict::NoWinFound => {
                self.verified.push(best);
                AfterIteration::Continue
            }
            // No time left for it: the final check sees to it.
            CheckVerdict::NotRun => AfterIteration::Continue,
        }
    }

    /// The move to play from the main worker's root moves, best first: the first that is not
    /// known to lose. A move the iterations checked is taken as it is; one they did not is
    /// checked now (with the time the tree search left for it), and when the opponent is proven
    /// to win after it the next is tried, up to [`FINAL_CHECK_CANDIDATES`]. When none of those
    /// can be shown safe (or there is no time or no check), the search's best move stands.
    pub fn choose(&self, ranked: &[RootMove]) -> RootMove {
        let best = &ranked[0];
        if !self.timer.checks()
            || best.has_proven_score()
            || self.verified.contains(&best.point)
            || ranked.len() < 2
        {
            return best.clone();
        }
        let budget = self.timer.final_check_budget();
        for candidate in ranked
            .iter()
            .filter(|root_move| !self.rejected.contains(&root_move.point))
            .take(FINAL_CHECK_CANDIDATES)
        {
            if self.verified.contains(&candidate.point) {
                return candidate.clone();
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A deadline already passed comes back as `NotRun`.
            match self.opponent_wins_after(candidate.point, budget) {
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

    fn opponent_wins_after(&self, point: Point, budget: SolverBudget) -> CheckVerdict {
        let mut nodes = self.nodes.get();
        let verdict = opponent_wins_after(
            self.board, self.rule, point, budget, self.timer, self.stop, &mut nodes,
        );
        self.nodes.set(nodes);
        verdict
    }
}

/// Whether the opponent is proven to have a forced win (VCF, else VCT) once we play `point` on
/// `board`, within `budget` ([`CheckVerdict::NotRun`] once its deadline has passed); the
/// solver nodes it searched are added to `nodes`.
fn opponent_wins_after(
    board: &Board,
    rule: Rule,
    point: Point,
    budget: SolverBudget,
    timer: &SearchTimer,
    stop: &AtomicBool,
    nodes: &mut u64,
) -> CheckVerdict {
    if timer.too_late(budget) {
        return CheckVerdict::NotRun;
    }
    let solve_limits = SolveLimits {
        max_nodes: budget.nodes,
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    let mut after = board.clone();
    after.play_unchecked(point);
    let wins = with_deadline(budget.deadline, &|| timer.elapsed(), stop, |solver_stop| {
        let mut solver = CountingSolver {
            nodes,
            stop: solver_stop,
        };
        matches!(
            solver.vcf(&after, rule, &solve_limits),
            SolveOutcome::Win(_)
        ) || matches!(
            solver.vct(&after, rule, &solve_limits),
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
    budget: SolverBudget,
    solver: &mut CountingSolver<'_>,
) -> RootVerdict {
    let limits = SolveLimits {
        max_nodes: budget.nodes,
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    // Our forced wins first.
    let allowed = |line: &[Point]| {
        line.first()
            .is_some_and(|first| root_moves.is_empty() || root_moves.contains(first))
    };
    let start = *solver.nodes;
    for vct in [false, true] {
        let before = *solver.nodes;
        let outcome = if vct {
            solver.vct(board, rule, &limits)
        } else {
            solver.vcf(board, rule, &limits)
        };
        if let SolveOutcome::Win(mut line) = outcome {
            if vct && allowed(&line) {
                let spent = *solver.nodes - start;
                let shortening_nodes = ((*solver.nodes - before) * SHORTENING_NODES_PER_PROOF_NODE)
                    .min(budget.nodes.saturating_sub(spent));
                let shorter = solver.shorten_vct(board, rule, line.clone(), shortening_nodes);
                if allowed(&shorter) {
                    line = shorter;
                }
            }
            if allowed(&line) {
                let first = line[0];
                // The score counts the plies to the five, as the tree's mate scores do.
                let line = line_to_five(board, rule, &line).unwrap_or(line);
                let score = WIN - line.len() as Score;
                return RootVerdict::Win(first, score, line);
            }
        }
        if solver.stopped() {
            return RootVerdict::Nothing;
        }
    }
    // The opponent's, as if we passed.
    let them = board.side_to_move().opponent();
    let mut passed = board.clone();
    passed.set_side_to_move(them);
    let threat_is_vct = match solver.vcf(&passed, rule, &limits) {
        SolveOutcome::Win(_) => false,
        _ if solver.stopped() => return RootVerdict::Nothing,
        _ => match solver.vct(&passed, rule, &limits) {
            SolveOutcome::Win(_) => true,
            _ => return RootVerdict::Nothing,
        },
    };
    // Which of our moves leave the opponent without it? Each check gets a slice of the budget;
    // a move is dropped only when the opponent is proven to win after it.
    let checked = root_moves.len().clamp(1, MAX_DEFENCES_CHECKED) as u64;
    let per_move = SolveLimits {
        max_nodes: (budget.nodes / checked).max(100),
        max_attacker_moves: MAX_ATTACKER_MOVES,
    };
    let mut kept = Vec::new();
    let mut kept_checked = 0;
    let mut after = board.clone();
    for (index, &point) in root_moves.iter().enumerate() {
        if index >= MAX_DEFENCES_CHECKED || solver.stopped() {
            kept.push(point);
            continue;
        }
        after.play_unchecked(point);
        let outcome = if threat_is_vct {
            solver.vct(&after, rule, &per_move)
        } else {
            solver.vcf(&after, rule, &per_move)
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
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::search::Limits;
    use crate::timeman::FakeClock;

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

    /// A timer on a fake clock standing at zero: `root_steps` on or off.
    fn timer(limits: &Limits, root_steps: bool) -> (SearchTimer, FakeClock) {
        let clock = FakeClock::new();
        let timer = SearchTimer::new(limits, root_steps, Arc::new(clock.clone()));
        (timer, clock)
    }

    #[test]
    fn the_best_move_check_sees_the_opponent_win_after_a_move_elsewhere() {
        let board = open_three_against_black();
        assert_eq!(board.side_to_move(), crate::board::Color::Black);
        let stop = AtomicBool::new(false);
        let (timer, _) = timer(&Limits::default(), true);
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        let check = |point| {
            opponent_wins_after(
                &board,
                Rule::Freestyle,
                point,
                timer.check_budget(),
                &timer,
                &stop,
                &mut 0,
            )
        };
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
        let (timer, clock) = timer(&limits, true);
        let budget = timer.check_budget();
        clock.advance(Duration::from_secs(1));
        assert_eq!(
            opponent_wins_after(
                &board,
                Rule::Freestyle,
                Point::new(8, 8),
                budget,
                &timer,
                &stop,
                &mut 0,
            ),
            CheckVerdict::NotRun
        );
    }

    fn root_move(point: Point, score: Score) -> RootMove {
        RootMove {
            point,
            score,
            previous_score: score,
            pv: vec![point],
        }
    }

    /// Runs the final check on `ranked` (untimed, so with the fixed node budget), with or
    /// without the checks.
    fn choose(ranked: &[RootMove], verified: &[Point], rejected: &[Point], checks: bool) -> Point {
        let board = open_three_against_black();
        let stop = AtomicBool::new(false);
        let (timer, _) = timer(&Limits::default(), checks);
        let mut best_move_checks = BestMoveChecks::new(&board, Rule::Freestyle, &timer, &stop);
        best_move_checks.verified = verified.to_vec();
        best_move_checks.rejected = rejected.to_vec();
        best_move_checks.choose(ranked).point
    }

    #[test]
    fn the_final_check_replaces_an_unchecked_losing_best_move() {
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        let ranked = [root_move(far, 40), root_move(block, 10)];
        // Unchecked: the far move loses to the open four, the block is played instead.
        assert_eq!(choose(&ranked, &[], &[], true), block);
        // Already checked by an iteration (and taken as safe), or no check wanted: it stands.
        assert_eq!(choose(&ranked, &[far], &[], true), far);
        assert_eq!(choose(&ranked, &[], &[], false), far);
        // A proven win is not checked.
        let winning = [root_move(far, WIN - 9), root_move(block, 10)];
        assert_eq!(choose(&winning, &[], &[], true), far);
        // Moves the iterations rejected are skipped without a check (checked, the block
        // would be found safe and played).
        let rejected_first = [root_move(block, 40), root_move(far, 10)];
        assert_eq!(choose(&rejected_first, &[far], &[block], true), far);
    }

    #[test]
    fn the_final_check_runs_on_a_front_move_without_a_score() {
        // A stop inside an iteration that proved the old best move lost leaves the last
        // finished iteration's ranking with that move at the back: the move now in front only
        // failed low there, and carries the mark of a move without a score (-WIN - 1), which
        // is no proven loss that would make a check useless.
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        let unscored = -WIN - 1;
        let ranked = [root_move(far, unscored), root_move(block, unscored)];
        assert_eq!(choose(&ranked, &[], &[], true), block);
        // A proven loss is still taken as it is.
        let lost = [root_move(far, -(WIN - 12)), root_move(block, unscored)];
        assert_eq!(choose(&lost, &[], &[], true), far);
    }

    #[test]
    fn the_final_check_keeps_the_best_move_when_every_candidate_loses() {
        // Two far moves, both losing: the search's own best stands.
        let first = Point::new(8, 8);
        let second = Point::new(0, 0);
        let ranked = [root_move(first, 40), root_move(second, 10)];
        assert_eq!(choose(&ranked, &[], &[], true), first);
    }

    #[test]
    fn an_iteration_checks_a_new_best_move_once_and_rejects_a_losing_one() {
        let board = open_three_against_black();
        let stop = AtomicBool::new(false);
        let (timer, _) = timer(&Limits::default(), true);
        let mut checks = BestMoveChecks::new(&board, Rule::Freestyle, &timer, &stop);
        let far = Point::new(8, 8);
        let block = Point::new(5, 3);
        // Too shallow, a proven score, or no other move: not checked.
        let shallow = BEST_MOVE_CHECK_DEPTH - 1;
        assert_eq!(
            checks.after_iteration(far, shallow, 0, true),
            AfterIteration::Continue
        );
        assert_eq!(
            checks.after_iteration(far, 8, WIN - 9, true),
            AfterIteration::Continue
        );
        assert_eq!(
            checks.after_iteration(far, 8, 0, false),
            AfterIteration::Continue
        );
        assert!(checks.rejected.is_empty() && checks.verified.is_empty());
        // Checked: the far move loses, the block is safe.
        assert_eq!(
            checks.after_iteration(far, 8, 0, true),
            AfterIteration::Reject(far)
        );
        assert_eq!(
            checks.after_iteration(block, 8, 0, true),
            AfterIteration::Continue
        );
        assert_eq!(
            (checks.rejected.clone(), checks.verified.clone()),
            (vec![far], vec![block])
        );
    }

    #[test]
    fn past_its_iteration_checks_a_search_leaves_new_best_moves_to_the_final_check() {
        let board = open_three_against_black();
        let stop = AtomicBool::new(false);
        let (timer, _) = timer(&Limits::default(), true);
        let mut checks = BestMoveChecks::new(&board, Rule::Freestyle, &timer, &stop);
        // Either end of white's three leaves white nothing.
        let safe = [Point::new(5, 3), Point::new(1, 3)];
        let limit = params::iteration_checks() as usize;
        assert!(
            limit <= safe.len(),
            "the test needs a safe move for each check"
        );
        for &point in &safe[..limit] {
            assert_eq!(
                checks.after_iteration(point, 8, 0, true),
                AfterIteration::Continue
            );
        }
        assert_eq!(checks.verified, safe[..limit]);
        // The losing far move passes the iterations unchecked...
        let far = Point::new(8, 8);
        assert_eq!(
            checks.after_iteration(far, 8, 0, true),
            AfterIteration::Continue
        );
        assert!(checks.rejected.is_empty());
        // ...and the final check still turns it down for a checked move.
        let ranked = [root_move(far, 40), root_move(safe[0], 10)];
        assert_eq!(checks.choose(&ranked).point, safe[0]);
    }
}
