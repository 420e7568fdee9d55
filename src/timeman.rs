//! Time management: how long one move may think, from the manager's time settings
//! (`INFO timeout_turn`, `timeout_match`, `time_left`), the progress of the game and the cost of
//! setting the search up; and the [`Clock`] that time is read through, so that tests can check
//! the budget logic with a [`FakeClock`] instead of sleeping.
//!
//! The manager measures a move end to end: from the moment it sends the command to the moment
//! it reads our reply. So a budget is counted from the moment the command was *read* (the
//! reader thread stamps each line), and it keeps a margin for the reply to travel and for the
//! search to notice its deadline and unwind.
//!
//! A budget has two parts, as [`crate::search::Limits`] does: the *soft* time (do not start a new
//! iteration after it; what a move normally costs) and the *hard* time (stop inside the tree; what
//! a move may cost when the search wants more, e.g. because the best move keeps changing).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::search::Limits;

/// A monotonic clock: time since some fixed origin.
pub trait Clock: Send + Sync {
    /// Time elapsed since the clock's origin. Never goes backwards.
    fn now(&self) -> Duration;
}

/// The real monotonic clock, counting from its creation.
#[derive(Clone, Debug)]
pub struct RealClock {
    origin: Instant,
}

impl RealClock {
    /// A clock whose origin is now.
    pub fn new() -> RealClock {
        RealClock {
            origin: Instant::now(),
        }
    }
}

impl Default for RealClock {
    fn default() -> Self {
        RealClock::new()
    }
}

impl Clock for RealClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock that only moves when told to; clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct FakeClock {
    nanos: Arc<AtomicU64>,
}

impl FakeClock {
    /// A fake clock standing at zero.
    pub fn new() -> FakeClock {
        FakeClock::default()
    }

    /// Moves the clock forward by `step`.
    pub fn advance(&self, step: Duration) {
        let step = u64::try_from(step.as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(step, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::SeqCst))
    }
}

/// `INFO time_left` value that means "no limit for the game".
pub const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;
/// Turn time used when the manager gives no time limit of any kind.
pub const DEFAULT_TURN_MS: i64 = 5_000;
/// No move is planned longer than this, whatever the settings say (it keeps deadlines far
/// from the limits of `Instant` arithmetic).
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(24 * 60 * 60);
/// Yixin-Board's "unlimited" levels send `timeout_turn 2000000` and `timeout_match 100000000`
/// (its node levels add a `max_node`): a turn limit and a game limit at least this large mean
/// "no time limit": the search runs until it is stopped (`STOP`/`YXSTOP`), reaches its node or
/// depth limit, or proves a result. Gomocup managers never send such limits (a tournament turn
/// is 5 or 30 s), and `timeout_turn 0` keeps its Gomocup meaning (answer at once).
pub const ANALYSIS_TURN_MS: i64 = 2_000_000;
/// See [`ANALYSIS_TURN_MS`].
pub const ANALYSIS_MATCH_MS: i64 = 100_000_000;
/// Time kept back from every limit for the reply to reach the manager.
pub const REPLY_MARGIN: Duration = Duration::from_millis(30);
/// Hard limit when the manager asks for an instant answer (`timeout_turn 0`, or almost no time
/// left).
pub const FAST_HARD_LIMIT: Duration = Duration::from_millis(20);
/// Depth limit when the manager asks for an instant answer.
pub const FAST_MAX_DEPTH: u32 = 2;
/// A conservative rate for allocating and first touching the transposition table, in bytes per
/// millisecond. Measured on a loaded 2-core machine: 64 MiB took about 100 ms to fill, and
/// about 200 ms when allocated zeroed and touched page by page; this rate takes the slower case.
pub const TABLE_SETUP_BYTES_PER_MS: u64 = 320 << 10;
/// How many of our own moves the game time is planned to last at the start of a game; the
/// plan adds one for every two plies played (see [`moves_to_go`]).
pub const MOVES_TO_GO_AT_START: u64 = 15;
/// With only a turn limit, the soft limit as a percentage of the hard one. Unused turn time is
/// lost, and an iteration cut short at the hard limit still counts the root moves it finished,
/// so starting one more iteration late costs nothing: stop only when the turn is nearly gone.
pub const TURN_SOFT_PERCENT: u32 = 90;
/// How many times the soft share of the game time one move may use when the search wants more.
pub const HARD_TO_SOFT_RATIO: u32 = 4;
/// At most this fraction (in percent) of the time left goes into one move.
pub const MAX_PERCENT_OF_TIME_LEFT: u64 = 35;
/// What each move costs outside the search (reading, replying, the manager's own work); the
/// game time keeps this much for every move that may still come.
pub const PER_MOVE_OVERHEAD: Duration = Duration::from_millis(8);
/// The game time keeps [`PER_MOVE_OVERHEAD`] for at most this many moves to come.
pub const MAX_RESERVED_MOVES: u64 = 60;

/// The manager's time settings, as the `INFO` commands gave them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeSettings {
    /// `INFO timeout_turn` in ms; `None` if never sent; `Some(0)` = answer at once.
    pub turn_ms: Option<i64>,
    /// `INFO timeout_match` in ms; 0 = no game limit.
    pub match_ms: i64,
    /// Time left in the game in ms, if it is limited (`INFO time_left`, or the match time less
    /// what our moves used when the manager does not send `time_left`).
    pub time_left_ms: Option<i64>,
}

impl TimeSettings {
    /// Whether these settings mean "no time limit" (see [`ANALYSIS_TURN_MS`]).
    pub fn is_unlimited(&self) -> bool {
        self.turn_ms.is_some_and(|turn| turn >= ANALYSIS_TURN_MS)
            && self.match_ms >= ANALYSIS_MATCH_MS
    }
}

/// How far the game has come, for spreading the game time over the moves still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameProgress {
    /// Stones on the board.
    pub plies: usize,
    /// Empty points left.
    pub empties: usize,
}

/// The time one move may use, counted from the moment its command was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start a new iteration after this.
    pub soft: Duration,
    /// Stop inside the tree at this.
    pub hard: Duration,
    /// The manager wants an answer at once: search only a little (see [`FAST_MAX_DEPTH`]).
    pub fast: bool,
    /// No time limit at all (see [`ANALYSIS_TURN_MS`]): the search is bounded only by nodes,
    /// depth and the stop flag; `soft` and `hard` are [`MAX_MOVE_TIME`].
    pub unlimited: bool,
}

impl Budget {
    /// The budget left after `spent` has already gone (at least one millisecond of hard time,
    /// so that the search can still return a move).
    pub fn after(self, spent: Duration) -> Budget {
        let floor = Duration::from_millis(1);
        Budget {
            soft: self.soft.saturating_sub(spent),
            hard: self.hard.saturating_sub(spent).max(floor),
            fast: self.fast,
            unlimited: self.unlimited,
        }
    }

    /// The first `(index + 1) / parts` of this budget: the deadlines of the `index`-th of
    /// `parts` searches made one after another in one move (index from 0).
    pub fn portion(self, index: u32, parts: u32) -> Budget {
        let parts = parts.max(1);
        let upto = index.min(parts - 1) + 1;
        Budget {
            soft: self.soft / parts * upto,
            hard: (self.hard / parts * upto).max(Duration::from_millis(1)),
            fast: self.fast,
            unlimited: self.unlimited,
        }
    }

    /// The search limits of this budget for a search that starts `spent` after the budget's
    /// command was read, bounded besides by `max_depth` and `max_nodes` (the `INFO` settings):
    /// what is left of the budget, and at most [`FAST_MAX_DEPTH`] when the manager wants an
    /// answer at once. An unlimited budget gives no time limits.
    pub fn limits(self, spent: Duration, max_depth: Option<u32>, max_nodes: Option<u64>) -> Limits {
        if self.unlimited {
            return Limits {
                max_depth,
                max_nodes,
                ..Limits::default()
            };
        }
        let budget = self.after(spent);
        let max_depth = if budget.fast {
            Some(max_depth.map_or(FAST_MAX_DEPTH, |d| d.min(FAST_MAX_DEPTH)))
        } else {
            max_depth
        };
        Limits {
            max_depth,
            max_nodes,
            soft_time: Some(budget.soft),
            hard_time: Some(budget.hard),
            ..Limits::default()
        }
    }

    /// This budget split into `parts` equal pieces (for several searches in one move).
    pub fn split(self, parts: u32) -> Budget {
        let parts = parts.max(1);
        Budget {
            soft: self.soft / parts,
            hard: (self.hard / parts).max(Duration::from_millis(1)),
            fast: self.fast,
            unlimited: self.unlimited,
        }
    }
}

/// How many of our own moves the game time should still last: [`MOVES_TO_GO_AT_START`] plus
/// one for every two plies played, at most one for every two empty points.
///
/// The plan grows as the game goes on because game lengths have a long tail: a game that has lasted
/// is likely to last longer still. Each move spends a share of what is left, so the time goes
/// mostly to the early moves, when a move's time buys most (the game is still open), while the late
/// moves of a long game keep a share that shrinks only slowly. A plan for a fixed game length
/// either spends too little early (a long planned game) or leaves the moves past the planned length
/// almost nothing (a short one). Against Rapfi with a game clock this plan scored about nine
/// points more than planning for a 110-ply game, and more than every fixed-length plan tried
/// (`docs/strength.md`, the game-time plan runs of 2026-12-02). With only a turn limit nothing
/// changes (the turn limit decides).
pub fn moves_to_go(progress: GameProgress) -> u64 {
    let by_length = MOVES_TO_GO_AT_START + progress.plies as u64 / 2;
    let by_room = (progress.empties as u64).div_ceil(2).max(1);
    by_length.min(by_room)
}

/// Time kept back for the search to notice its deadline and return: 2% of the limit, between
/// 5 and 100 ms.
fn unwind_reserve(limit: Duration) -> Duration {
    (limit / 50).clamp(Duration::from_millis(5), Duration::from_millis(100))
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

/// The budget of one move. `setup_cost` is time the search will spend before it really starts
/// (allocating its tables on the first search); it comes out of both limits.
pub fn plan_move(settings: &TimeSettings, progress: GameProgress, setup_cost: Duration) -> Budget {
    if settings.is_unlimited() {
        return Budget {
            soft: MAX_MOVE_TIME,
            hard: MAX_MOVE_TIME,
            fast: false,
            unlimited: true,
        };
    }
    let mut fast = settings.turn_ms == Some(0);
    let turn_limit = match settings.turn_ms {
        Some(0) => Some(FAST_HARD_LIMIT),
        Some(ms) if ms > 0 => Some(millis(ms).min(MAX_MOVE_TIME)),
        _ if settings.time_left_ms.is_some() => None,
        _ => Some(millis(DEFAULT_TURN_MS)),
    };
    // From the turn limit alone: nearly all of it, since unused turn time is lost anyway.
    let (mut soft, mut hard) = match turn_limit {
        Some(limit) if fast => (Duration::ZERO, limit),
        Some(limit) => {
            let hard = limit
                .saturating_sub(REPLY_MARGIN)
                .saturating_sub(unwind_reserve(limit));
            (hard * TURN_SOFT_PERCENT / 100, hard)
        }
        None => (MAX_MOVE_TIME, MAX_MOVE_TIME),
    };
    if let Some(left_ms) = settings.time_left_ms {
        let left = millis(left_ms);
        let moves_left = (progress.empties as u64)
            .div_ceil(2)
            .clamp(1, MAX_RESERVED_MOVES);
        let reserve = REPLY_MARGIN + PER_MOVE_OVERHEAD * moves_left as u32;
        let usable = left
            .saturating_sub(reserve)
            .saturating_sub(unwind_reserve(left));
        if usable <= REPLY_MARGIN {
            // Almost nothing left: answer at once, well inside what remains.
            fast = true;
            let rescue = (left.saturating_sub(reserve) / 4)
                .clamp(Duration::from_millis(1), FAST_HARD_LIMIT)
                .min(left / 3);
            soft = Duration::ZERO;
            hard = hard.min(rescue);
        } else {
            let share = usable / moves_to_go(progress).min(u32::MAX as u64) as u32;
            let most = usable * MAX_PERCENT_OF_TIME_LEFT as u32 / 100;
            soft = soft.min(share);
            hard = hard.min((share * HARD_TO_SOFT_RATIO).min(most).max(share));
        }
    }
    if fast {
        soft = Duration::ZERO;
        hard = hard.min(FAST_HARD_LIMIT);
    }
    soft = soft.min(hard);
    Budget {
        soft: soft.saturating_sub(setup_cost),
        hard: hard
            .saturating_sub(setup_cost)
            .max(Duration::from_millis(1)),
        fast,
        unlimited: false,
    }
}

/// The time the search needs to allocate and first touch a table of `bytes`.
pub fn table_setup_cost(bytes: usize) -> Duration {
    Duration::from_millis(bytes as u64 / TABLE_SETUP_BYTES_PER_MS)
}

/// The largest power of two bytes of table that can be set up within a quarter of `time` (at
/// least 1 MiB). A power of two, so that games whose first moves get slightly different times
/// choose the same size and a process that plays many games keeps its table instead of
/// setting up a new one for each.
pub fn table_bytes_affordable(time: Duration) -> usize {
    let millis = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
    let bytes = (millis / 4).saturating_mul(TABLE_SETUP_BYTES_PER_MS);
    let bytes = (bytes.min(usize::MAX as u64) as usize).max(1 << 20);
    1 << bytes.ilog2()
}

/// The game clock as the protocol sees it: the settings from `INFO`, and our own account of
/// the game time when the manager does not send `time_left`.
#[derive(Clone, Debug, Default)]
pub struct TimeManager {
    settings: TimeSettings,
    /// Whether `INFO time_left` came in this game (then it is the truth; otherwise we count).
    time_left_given: bool,
}

impl TimeManager {
    /// A time manager with no limits set.
    pub fn new() -> TimeManager {
        TimeManager::default()
    }

    /// The settings in force.
    pub fn settings(&self) -> TimeSettings {
        self.settings
    }

    /// A new game starts (`START`, `RESTART`): the game time is full again.
    pub fn new_game(&mut self) {
        self.time_left_given = false;
        self.settings.time_left_ms = (self.settings.match_ms > 0).then_some(self.settings.match_ms);
    }

    /// `INFO timeout_turn`.
    pub fn set_turn_ms(&mut self, ms: i64) {
        self.settings.turn_ms = Some(ms.max(0));
    }

    /// `INFO timeout_match` (0 = no limit).
    pub fn set_match_ms(&mut self, ms: i64) {
        self.settings.match_ms = ms.max(0);
        if !self.time_left_given {
            self.settings.time_left_ms = (ms > 0).then_some(ms);
        }
    }

    /// `INFO time_left` (may be negative; [`UNLIMITED_TIME_LEFT`] = no limit).
    pub fn set_time_left_ms(&mut self, ms: i64) {
        self.time_left_given = true;
        self.settings.time_left_ms = (ms < UNLIMITED_TIME_LEFT).then_some(ms);
    }

    /// Our move took `used` (from reading the command to sending the reply): take it off the
    /// time left, so that the next budget is right even if the manager sends no `time_left`.
    pub fn record_move(&mut self, used: Duration) {
        if let Some(left) = self.settings.time_left_ms.as_mut() {
            let used_ms = i64::try_from(used.as_millis()).unwrap_or(i64::MAX);
            *left = left.saturating_sub(used_ms);
        }
    }

    /// The budget of the next move.
    pub fn plan(&self, progress: GameProgress, setup_cost: Duration) -> Budget {
        plan_move(&self.settings, progress, setup_cost)
    }

    /// The budget of the next move when its search must first set something up: `setup` is
    /// told the move's budget without the setup (the table is sized by it) and says what the
    /// setup costs, which then comes out of the move's time.
    pub fn plan_with_setup(
        &self,
        progress: GameProgress,
        setup: impl FnOnce(Budget) -> Duration,
    ) -> Budget {
        let cost = setup(self.plan(progress, Duration::ZERO));
        self.plan(progress, cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fake_clock_moves_only_when_told() {
        let clock = FakeClock::new();
        let other = clock.clone();
        assert_eq!(clock.now(), Duration::ZERO);
        other.advance(Duration::from_millis(7));
        assert_eq!(clock.now(), Duration::from_millis(7));
    }

    #[test]
    fn a_setup_is_sized_by_the_bare_budget_and_paid_out_of_the_move() {
        let mut time = TimeManager::new();
        time.set_turn_ms(1000);
        time.set_match_ms(60_000);
        time.new_game();
        let progress = GameProgress {
            plies: 0,
            empties: 225,
        };
        let bare = time.plan(progress, Duration::ZERO);
        let mut told = None;
        let cost = Duration::from_millis(100);
        let planned = time.plan_with_setup(progress, |budget| {
            told = Some(budget);
            cost
        });
        assert_eq!(told, Some(bare));
        assert_eq!(planned, time.plan(progress, cost));
        assert!(planned.soft < bare.soft, "{planned:?} {bare:?}");
    }

    #[test]
    fn moves_to_go_never_exceeds_the_room_left() {
        let progress = GameProgress {
            plies: 20,
            empties: 5,
        };
        assert_eq!(moves_to_go(progress), 3);
        let progress = GameProgress {
            plies: 0,
            empties: 225,
        };
        assert_eq!(moves_to_go(progress), MOVES_TO_GO_AT_START);
        // A long game is planned to go on longer.
        let progress = GameProgress {
            plies: 40,
            empties: 185,
        };
        assert_eq!(moves_to_go(progress), MOVES_TO_GO_AT_START + 20);
    }
}
