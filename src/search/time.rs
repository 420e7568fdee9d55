//! The time of one search: [`SearchTimer`] holds the plan a search was given (its [`Limits`]:
//! soft and hard time, nodes) and takes every decision about time while the search runs, through
//! hooks the search calls: whether the tree must stop now ([`SearchTimer::tree_must_stop`],
//! polled by the workers), whether to start another iteration ([`SearchTimer::iteration_done`],
//! which stretches the soft limit while the best move is unstable), and the budgets of the
//! forced-win steps around the tree (the root solvers, each best-move check, and the final check
//! with the share of the hard limit the tree search leaves for it, each a
//! [`SolverBudget`]). Time is read through a
//! [`Clock`], so that tests drive it with a [`crate::timeman::FakeClock`].
//!
//! A search without a time limit gets node budgets derived from its own limits instead, so that
//! a search bounded by depth or nodes stays deterministic.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::timeman::Clock;

use super::solver_budget::SolverBudget;
use super::{params, Limits};

/// Share of a timed search's hard limit kept out of the tree search, in percent, for the final
/// check: an iteration cut short at the hard limit may have found a new best move that was never
/// checked (about one move in twenty), or the re-search after a rejected move may not have
/// finished, and such a move is checked then.
const FINAL_CHECK_RESERVE_PERCENT: u32 = 5;
/// A best-move check ends by this share of the hard limit, in percent, so that the search keeps
/// some of its hard time to finish the iteration it is in.
const CHECK_DEADLINE_PERCENT: u32 = 90;
/// Solver nodes per millisecond assumed when turning a time share into a node budget: above the
/// solvers' real rate (a few thousand a millisecond), so that in a timed search the deadline, not
/// the node count, ends the step (a 600 budget cut VCT searches at a third of their share).
const NODES_PER_MS: u64 = 5_000;
/// Node budget of each root solver call when the search has neither time nor node limits.
const UNTIMED_SOLVER_NODES: u64 = 100_000;
/// Node budget of one best-move check when the search has neither time nor node limits.
const UNTIMED_CHECK_NODES: u64 = 20_000;
/// Solver nodes for finding the opponent's forced win in a defence analysis without a time limit.
const UNTIMED_THREAT_NODES: u64 = 200_000;
/// Solver nodes for checking one of our moves against that win in a defence analysis without a
/// time limit.
const UNTIMED_DEFENCE_CHECK_NODES: u64 = 30_000;
/// Bounds of the per-move check budget of a timed defence analysis: every move gets a real
/// look, and no one move takes the time of the others.
const DEFENCE_CHECK_NODES_RANGE: (u64, u64) = (2_000, 100_000);
/// Score fall (in search units, about 200 a logit) that earns the largest stretch.
const FULL_DROP: i32 = 120;
/// Largest stretch of the soft limit.
const MAX_SOFT_SCALE: f64 = 2.5;

/// The time of one search (see the module header).
pub struct SearchTimer {
    clock: Arc<dyn Clock>,
    /// The clock's reading when the search started.
    start: Duration,
    limits: Limits,
    /// The share of the soft limit, in percent, of each best-move check (0: no checks, and no
    /// final-check reserve).
    check_percent: u32,
    stability: Mutex<IterationStability>,
}

impl SearchTimer {
    /// The timer of a search that starts now (on `clock`) within `limits`; `root_steps` says
    /// whether the forced-win steps around the tree (root solvers, best-move checks) run.
    pub fn new(limits: &Limits, root_steps: bool, clock: Arc<dyn Clock>) -> SearchTimer {
        let check_percent = if root_steps {
            params::best_move_check_percent().clamp(0, 100) as u32
        } else {
            0
        };
        SearchTimer {
            start: clock.now(),
            clock,
            limits: limits.clone(),
            check_percent,
            stability: Mutex::new(IterationStability::default()),
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.start)
    }

    /// The limits the search was given.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether best moves are checked against the opponent's forced win.
    pub fn checks(&self) -> bool {
        self.check_percent > 0
    }

    /// The tree search's hard limit: the search's, less the final-check reserve when the
    /// checks run.
    pub fn tree_hard(&self) -> Option<Duration> {
        let hard = self.limits.hard_time?;
        Some(if self.checks() {
            hard * (100 - FINAL_CHECK_RESERVE_PERCENT) / 100
        } else {
            hard
        })
    }

    /// The tree search's soft limit, before any stretch (never past the hard limit the final
    /// check reserve leaves).
    pub fn tree_soft(&self) -> Option<Duration> {
        let soft = self.limits.soft_time?;
        Some(match self.tree_hard() {
            Some(hard) if self.checks() => soft.min(hard),
            _ => soft,
        })
    }

    /// Hook for the workers (polled every thousand nodes or so): whether the tree search must
    /// stop now because its hard limit has passed.
    pub fn tree_must_stop(&self) -> bool {
        self.tree_hard().is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Hook for the main worker after each finished iteration with its best move (as a point
    /// index) and score: whether to stop deepening. The soft limit stretches while the best move
    /// keeps changing or the score falls (see [`IterationStability`]).
    pub fn iteration_done(&self, best_move: usize, score: i32) -> bool {
        let scale = {
            let mut stability = self.stability.lock().unwrap_or_else(|e| e.into_inner());
            stability.record(best_move, score);
            stability.soft_scale()
        };
        self.tree_soft()
            .is_some_and(|soft| self.elapsed() >= soft.mul_f64(scale))
    }

    /// The budget of the root solvers before the tree search: their share of the move's time
    /// (`root_solver_percent` of the soft limit), else a quarter of the node limit.
    pub fn root_solver_budget(&self) -> SolverBudget {
        let percent = params::root_solver_percent().clamp(1, 100) as u32;
        match time_share(self.limits.soft_time, self.limits.hard_time, percent) {
            Some((share, nodes)) => SolverBudget {
                nodes,
                deadline: Some(share),
            },
            None => SolverBudget {
                nodes: self
                    .limits
                    .max_nodes
                    .map_or(UNTIMED_SOLVER_NODES, |max| (max / 4).max(100)),
                deadline: None,
            },
        }
    }

    /// The budget of one check of a new best move, starting now: its share of the tree's soft
    /// limit, ending before the tree's hard limit runs out.
    pub fn check_budget(&self) -> SolverBudget {
        let percent = self.check_percent;
        match time_share(self.tree_soft(), self.tree_hard(), percent) {
            Some((share, nodes)) => {
                let mut deadline = self.elapsed() + share;
                if let Some(hard) = self.tree_hard() {
                    deadline = deadline.min(hard * CHECK_DEADLINE_PERCENT / 100);
                }
                SolverBudget {
                    nodes,
                    deadline: Some(deadline),
                }
            }
            None => self.untimed_check_budget(percent),
        }
    }

    /// The budget of the final check, of a best move the search settled on without checking
    /// it: the same nodes as any check, and in a timed search until the hard limit itself (the
    /// tree search left that time for it), or for the check's share when there is no hard limit.
    pub fn final_check_budget(&self) -> SolverBudget {
        let percent = self.check_percent;
        match time_share(self.limits.soft_time, self.limits.hard_time, percent) {
            Some((share, nodes)) => SolverBudget {
                nodes,
                deadline: Some(self.limits.hard_time.unwrap_or(self.elapsed() + share)),
            },
            None => self.untimed_check_budget(percent),
        }
    }

    /// The node budgets of a defence analysis (Yixin-Board's `YXSEARCHDEFEND`: which of our
    /// `moves` legal moves stop the opponent's forced win), which runs until the hard limit: a
    /// quarter of it for finding that win, three quarters shared by the checks of our moves, at
    /// the solver rate of the other shares. Returns (threat nodes, nodes per checked move).
    pub fn defence_budgets(&self, moves: usize) -> (u64, u64) {
        let count = moves.max(1) as u64;
        let (low, high) = DEFENCE_CHECK_NODES_RANGE;
        match self.limits.hard_time {
            Some(hard) => {
                let nodes = (hard.as_millis() as u64).saturating_mul(NODES_PER_MS);
                (
                    (nodes / 4).max(low),
                    (nodes * 3 / 4 / count).clamp(low, high),
                )
            }
            None => match self.limits.max_nodes {
                Some(max) => (max / 4, (max * 3 / 4 / count).max(low)),
                None => (UNTIMED_THREAT_NODES, UNTIMED_DEFENCE_CHECK_NODES),
            },
        }
    }

    /// Whether a step with this budget has no time left to start.
    pub fn too_late(&self, budget: SolverBudget) -> bool {
        budget
            .deadline
            .is_some_and(|deadline| self.elapsed() >= deadline)
    }

    fn untimed_check_budget(&self, percent: u32) -> SolverBudget {
        SolverBudget {
            nodes: self.limits.max_nodes.map_or(UNTIMED_CHECK_NODES, |max| {
                (max * percent as u64 / 100).max(100)
            }),
            deadline: None,
        }
    }
}

/// For a timed search, `percent` of its soft limit (the hard one when it has no soft one) and
/// the solver nodes that time is worth.
fn time_share(
    soft: Option<Duration>,
    hard: Option<Duration>,
    percent: u32,
) -> Option<(Duration, u64)> {
    let share = soft.or(hard)? * percent / 100;
    let nodes = (share.as_millis() as u64)
        .saturating_mul(NODES_PER_MS)
        .max(1_000);
    Some((share, nodes))
}

/// How the soft limit stretches with what the iterations say: more time while the best move
/// keeps changing or the score falls (the search is finding trouble, and a move played now would
/// be a guess). It never shrinks: with a turn limit alone, time saved is lost. The hard limit
/// still caps everything.
#[derive(Clone, Debug, Default)]
pub struct IterationStability {
    /// The previous iteration's best move (as a point index) and score.
    previous: Option<(usize, i32)>,
    /// Best-move changes, halved every iteration (recent changes weigh most).
    changes: f64,
    /// Score fall of the last iteration against the one before (0 when it rose).
    drop: i32,
}

impl IterationStability {
    /// Records a finished iteration's best move and score.
    pub fn record(&mut self, best_move: usize, score: i32) {
        self.changes /= 2.0;
        if let Some((previous_move, previous_score)) = self.previous {
            if previous_move != best_move {
                self.changes += 1.0;
            }
            self.drop = (previous_score - score).max(0);
        }
        self.previous = Some((best_move, score));
    }

    /// The factor to apply to the soft limit now.
    pub fn soft_scale(&self) -> f64 {
        let unstable = 1.0 + 0.5 * self.changes.min(2.0);
        let falling = 1.0 + self.drop.min(FULL_DROP) as f64 / FULL_DROP as f64;
        (unstable * falling).min(MAX_SOFT_SCALE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeman::FakeClock;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A timer with soft and hard limits (ms) on a fake clock standing at zero.
    fn timed(soft: u64, hard: u64, root_steps: bool) -> (SearchTimer, FakeClock) {
        let limits = Limits {
            soft_time: Some(ms(soft)),
            hard_time: Some(ms(hard)),
            ..Limits::default()
        };
        let clock = FakeClock::new();
        let timer = SearchTimer::new(&limits, root_steps, Arc::new(clock.clone()));
        (timer, clock)
    }

    #[test]
    fn the_tree_search_leaves_the_final_check_its_reserve_and_stops_at_its_hard_limit() {
        let (timer, clock) = timed(100, 400, true);
        assert!(timer.checks());
        assert_eq!(timer.tree_hard(), Some(ms(380)));
        assert_eq!(timer.tree_soft(), Some(ms(100)));
        clock.advance(ms(379));
        assert!(!timer.tree_must_stop());
        clock.advance(ms(1));
        assert!(timer.tree_must_stop());
        // Without the checks there is nothing to keep back.
        let (timer, _) = timed(100, 400, false);
        assert!(!timer.checks());
        assert_eq!(timer.tree_hard(), Some(ms(400)));
    }

    #[test]
    fn a_stable_search_stops_at_the_soft_limit_and_an_unstable_one_later() {
        let (timer, clock) = timed(100, 1000, true);
        clock.advance(ms(60));
        assert!(!timer.iteration_done(7, 30));
        clock.advance(ms(40));
        assert!(timer.iteration_done(7, 30));
        // A new best move stretches the soft limit by half (then the stretch fades).
        let (timer, clock) = timed(100, 1000, true);
        assert!(!timer.iteration_done(7, 30));
        clock.advance(ms(120));
        assert!(!timer.iteration_done(8, 30));
        clock.advance(ms(30));
        assert!(timer.iteration_done(8, 30));
        // A falling score doubles it at most.
        let (timer, clock) = timed(100, 1000, true);
        assert!(!timer.iteration_done(7, 100));
        clock.advance(ms(190));
        assert!(!timer.iteration_done(7, -100));
        // Without a time limit time never stops a search.
        let clock = FakeClock::new();
        let timer = SearchTimer::new(&Limits::default(), true, Arc::new(clock.clone()));
        clock.advance(Duration::from_secs(3600));
        assert!(!timer.iteration_done(7, 30) && !timer.tree_must_stop());
    }

    #[test]
    fn the_solver_steps_get_shares_of_the_soft_limit_within_the_hard_one() {
        let (timer, clock) = timed(1000, 4000, true);
        // The root solvers: 5% of the soft limit.
        assert_eq!(
            timer.root_solver_budget(),
            SolverBudget {
                nodes: 50 * NODES_PER_MS,
                deadline: Some(ms(50)),
            }
        );
        // A check: 10% of the soft limit from now...
        clock.advance(ms(200));
        let check = timer.check_budget();
        assert_eq!(check.nodes, 100 * NODES_PER_MS);
        assert_eq!(check.deadline, Some(ms(300)));
        assert!(!timer.too_late(check));
        // ... never past 90% of the tree's hard limit (95% of the search's).
        clock.advance(ms(3200));
        let late = timer.check_budget();
        assert_eq!(late.deadline, Some(ms(4000 * 95 / 100 * 9 / 10)));
        assert!(timer.too_late(check));
        // The final check may use the time up to the hard limit itself.
        assert_eq!(timer.final_check_budget().deadline, Some(ms(4000)));
    }

    #[test]
    fn untimed_searches_get_node_budgets_from_their_own_limits() {
        let clock = Arc::new(FakeClock::new());
        let by_nodes = Limits {
            max_nodes: Some(1_000_000),
            ..Limits::default()
        };
        let timer = SearchTimer::new(&by_nodes, true, clock.clone());
        assert_eq!(timer.root_solver_budget().nodes, 250_000);
        assert_eq!(timer.check_budget().nodes, 100_000);
        assert_eq!(timer.final_check_budget().deadline, None);
        let timer = SearchTimer::new(&Limits::default(), true, clock);
        assert_eq!(timer.root_solver_budget().nodes, UNTIMED_SOLVER_NODES);
        assert_eq!(timer.check_budget().nodes, UNTIMED_CHECK_NODES);
    }

    #[test]
    fn soft_limit_stretches_when_the_best_move_changes_or_the_score_falls() {
        let mut calm = IterationStability::default();
        assert_eq!(calm.soft_scale(), 1.0);
        for _ in 0..3 {
            calm.record(10, 50);
        }
        assert_eq!(calm.soft_scale(), 1.0);
        calm.record(10, 55);
        assert_eq!(calm.soft_scale(), 1.0);

        let mut changing = calm.clone();
        changing.record(11, 55);
        assert!(changing.soft_scale() > 1.4, "{}", changing.soft_scale());
        changing.record(12, 55);
        let twice = changing.soft_scale();
        assert!(twice > 1.7, "{twice}");
        // Calm again: the stretch fades.
        changing.record(12, 55);
        changing.record(12, 55);
        assert!(changing.soft_scale() < twice);

        let mut falling = calm.clone();
        falling.record(10, -100);
        assert!(falling.soft_scale() >= 2.0, "{}", falling.soft_scale());

        let mut worst = IterationStability::default();
        for (index, score) in [(1, 500), (2, 300), (3, 100), (4, -100)] {
            worst.record(index, score);
        }
        assert!(worst.soft_scale() <= MAX_SOFT_SCALE);
    }
}
