//! How much work one call of the forced-win solvers ([`super::solver`]) may do, and how it is
//! stopped in time: a [`SolverBudget`] (a node count, and optionally a deadline), and
//! [`with_deadline`], which runs solver calls with a stop flag of their own raised at the
//! deadline or when the caller's stop flag is. The search's forced-win steps get their budgets
//! from its [`super::time::SearchTimer`]; the command-line tools make one for each question.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the watcher of a deadline looks at the time and the caller's stop flag.
const WATCH_INTERVAL: Duration = Duration::from_millis(1);

/// How much work one forced-win step may do: a node budget for each solver call, and, when it
/// is timed, a deadline at which it is stopped (a time on the clock its caller measures with:
/// since the search started, or since the question was asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverBudget {
    /// Nodes each solver call may search.
    pub nodes: u64,
    /// Stop when the caller's elapsed time reaches this.
    pub deadline: Option<Duration>,
}

/// Runs `work` with a stop flag of its own, raised when `stop` is or, given a `deadline`, once
/// `elapsed()` reaches it: a watcher thread looks at both every millisecond until `work` is
/// done. Without a deadline no thread is started, and the flag is raised only if `stop` already
/// is (so that work bounded by nodes alone stays deterministic).
pub fn with_deadline<T>(
    deadline: Option<Duration>,
    elapsed: &(dyn Fn() -> Duration + Sync),
    stop: &AtomicBool,
    work: impl FnOnce(&AtomicBool) -> T,
) -> T {
    let own_stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let (own_stop, finished) = (&own_stop, &finished);
    std::thread::scope(|scope| {
        if let Some(deadline) = deadline {
            scope.spawn(move || {
                while !finished.load(Ordering::Relaxed) {
                    if stop.load(Ordering::Relaxed) || elapsed() >= deadline {
                        own_stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(WATCH_INTERVAL);
                }
            });
        } else if stop.load(Ordering::Relaxed) {
            own_stop.store(true, Ordering::Relaxed);
        }
        let result = work(own_stop);
        finished.store(true, Ordering::Relaxed);
        result
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;
    use std::time::Instant;

    use super::*;

    /// Waits until `flag` is raised; false after a minute (a hang guard, not a speed check).
    fn raised(flag: &AtomicBool) -> bool {
        let started = Instant::now();
        while !flag.load(Ordering::Relaxed) {
            if started.elapsed() > Duration::from_secs(60) {
                return false;
            }
            std::thread::yield_now();
        }
        true
    }

    #[test]
    fn the_work_is_stopped_at_the_deadline_on_the_callers_clock() {
        // A clock the test moves by hand, in milliseconds.
        let now = AtomicU64::new(0);
        let elapsed = || Duration::from_millis(now.load(Ordering::Relaxed));
        let stop = AtomicBool::new(false);
        let deadline = Some(Duration::from_millis(50));
        let stopped = with_deadline(deadline, &elapsed, &stop, |own_stop| {
            assert!(!own_stop.load(Ordering::Relaxed));
            now.store(49, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(20));
            let early = own_stop.load(Ordering::Relaxed);
            now.store(50, Ordering::Relaxed);
            (early, raised(own_stop))
        });
        assert_eq!(stopped, (false, true));
        assert!(
            !stop.load(Ordering::Relaxed),
            "the caller's flag is left alone"
        );
    }

    #[test]
    fn the_callers_stop_reaches_the_work() {
        let elapsed = || Duration::ZERO;
        let stop = AtomicBool::new(false);
        // Raised during the work (with a deadline, the watcher passes it on).
        let far = Some(Duration::from_secs(3600));
        assert!(with_deadline(far, &elapsed, &stop, |own_stop| {
            stop.store(true, Ordering::Relaxed);
            raised(own_stop)
        }));
        // Raised before, without a deadline: the work starts stopped.
        assert!(with_deadline(None, &elapsed, &stop, |own_stop| own_stop
            .load(Ordering::Relaxed)));
        // Not raised, without a deadline: nothing stops the work.
        let calm = AtomicBool::new(false);
        assert!(!with_deadline(None, &elapsed, &calm, |own_stop| own_stop
            .load(Ordering::Relaxed)));
    }
}
