//! Time management without sleeping: budgets from every kind of time setting, and whole games
//! played on a fake clock where each move takes its full hard limit, to check the plan never
//! runs out of time.

use std::time::Duration;

use tengen::timeman::{
    plan_move, table_bytes_affordable, table_setup_cost, Budget, Clock, FakeClock, GameProgress,
    TimeManager, TimeSettings, DEFAULT_TURN_MS, FAST_HARD_LIMIT, MAX_MOVE_TIME, REPLY_MARGIN,
    UNLIMITED_TIME_LEFT,
};

const OPENING: GameProgress = GameProgress {
    plies: 0,
    empties: 225,
};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn settings(turn: Option<i64>, game: i64, left: Option<i64>) -> TimeSettings {
    TimeSettings {
        turn_ms: turn,
        match_ms: game,
        time_left_ms: left,
    }
}

fn assert_sane(budget: Budget) {
    assert!(budget.soft <= budget.hard, "{budget:?}");
    assert!(budget.hard >= ms(1), "{budget:?}");
}

#[test]
fn turn_limit_alone_uses_most_of_the_turn_with_a_margin() {
    for turn in [100u64, 1000, 5000, 30000] {
        let budget = plan_move(
            &settings(Some(turn as i64), 0, None),
            OPENING,
            Duration::ZERO,
        );
        assert_sane(budget);
        assert!(!budget.fast);
        assert!(budget.hard + REPLY_MARGIN <= ms(turn), "{turn}: {budget:?}");
        assert!(budget.hard >= ms(turn) * 3 / 5, "{turn}: {budget:?}");
        assert!(budget.soft >= budget.hard / 2, "{turn}: {budget:?}");
    }
}

#[test]
fn huge_settings_stay_within_a_day() {
    for settings in [
        settings(Some(i64::MAX), 0, None),
        settings(None, i64::MAX, Some(i64::MAX - 1)),
        settings(None, 600_000, None),
    ] {
        let budget = plan_move(&settings, OPENING, Duration::ZERO);
        assert_sane(budget);
        assert!(budget.hard <= MAX_MOVE_TIME, "{settings:?}: {budget:?}");
    }
    assert!(table_bytes_affordable(Duration::MAX) > 1 << 20);
}

#[test]
fn timeout_turn_zero_is_fast() {
    let budget = plan_move(&settings(Some(0), 0, None), OPENING, Duration::ZERO);
    assert!(budget.fast);
    assert_eq!(budget.soft, Duration::ZERO);
    assert!(budget.hard <= FAST_HARD_LIMIT);
    assert!(budget.hard < ms(50));
}

#[test]
fn no_limit_at_all_uses_the_default_turn() {
    let budget = plan_move(&TimeSettings::default(), OPENING, Duration::ZERO);
    assert!(budget.hard < ms(DEFAULT_TURN_MS as u64));
    assert!(budget.hard > ms(DEFAULT_TURN_MS as u64 / 2));
}

#[test]
fn time_left_is_shared_over_the_remaining_moves() {
    // 60 s left, 30 s turns: a move gets a share of the game time, not the whole turn.
    let budget = plan_move(
        &settings(Some(30_000), 180_000, Some(60_000)),
        OPENING,
        Duration::ZERO,
    );
    assert_sane(budget);
    assert!(budget.soft < ms(5_000), "{budget:?}");
    assert!(
        budget.hard > budget.soft,
        "room for a hard position: {budget:?}"
    );
    assert!(budget.hard <= ms(60_000) * 35 / 100);
    // Later in a game the plan expects more moves still to come (a game that has lasted is
    // likely to last longer), so with the same time left each gets less.
    let late = plan_move(
        &settings(Some(30_000), 180_000, Some(60_000)),
        GameProgress {
            plies: 100,
            empties: 125,
        },
        Duration::ZERO,
    );
    assert!(late.soft < budget.soft);
}

#[test]
fn small_or_negative_time_left_answers_inside_it() {
    for left in [-500i64, 0, 10, 40, 60] {
        let budget = plan_move(
            &settings(Some(5_000), 60_000, Some(left)),
            OPENING,
            Duration::ZERO,
        );
        assert_sane(budget);
        assert!(budget.fast, "{left}: {budget:?}");
        assert!(budget.hard <= ms(left.max(3) as u64), "{left}: {budget:?}");
    }
    let budget = plan_move(
        &settings(Some(5_000), 60_000, Some(300)),
        OPENING,
        Duration::ZERO,
    );
    assert!(budget.hard + REPLY_MARGIN < ms(300), "{budget:?}");
}

#[test]
fn few_empty_points_mean_few_moves_to_plan_for() {
    let nearly_full = GameProgress {
        plies: 220,
        empties: 5,
    };
    let budget = plan_move(
        &settings(None, 100_000, Some(10_000)),
        nearly_full,
        Duration::ZERO,
    );
    // Three moves at most remain: each may take about a third.
    assert!(budget.soft >= ms(2_500), "{budget:?}");
    assert!(budget.hard <= ms(3_500), "{budget:?}");
}

#[test]
fn table_setup_comes_out_of_the_budget() {
    let plain = plan_move(&settings(Some(2_000), 0, None), OPENING, Duration::ZERO);
    let cost = table_setup_cost(64 << 20);
    assert!(cost > ms(50) && cost < ms(1_000), "{cost:?}");
    let first = plan_move(&settings(Some(2_000), 0, None), OPENING, cost);
    assert_eq!(first.hard, plain.hard - cost);
    // A table is never larger than what a quarter of the move can set up.
    let bytes = table_bytes_affordable(ms(100));
    assert!(table_setup_cost(bytes) <= ms(25));
    assert!(table_bytes_affordable(ms(1)) >= 1 << 20);
}

/// Yixin-Board's unlimited levels (`timeout_turn 2000000`, `timeout_match 100000000`, and
/// `max_node -1` or a node count): no time limit at all, whatever the game clock says, so the
/// search runs until stopped or until its node limit.
#[test]
fn yixin_unlimited_levels_have_no_time_limit() {
    let mut manager = TimeManager::new();
    manager.set_match_ms(100_000_000);
    manager.set_time_left_ms(100_000_000);
    manager.set_turn_ms(2_000_000);
    assert!(manager.settings().is_unlimited());
    let budget = manager.plan(OPENING, Duration::ZERO);
    assert!(budget.unlimited && !budget.fast, "{budget:?}");
    let limits = budget.limits(ms(5), None, None);
    assert_eq!((limits.soft_time, limits.hard_time), (None, None));
    assert_eq!((limits.max_depth, limits.max_nodes), (None, None));
    let limits = budget.portion(0, 2).limits(ms(5), Some(9), Some(500_000));
    assert_eq!((limits.soft_time, limits.hard_time), (None, None));
    assert_eq!(
        (limits.max_depth, limits.max_nodes),
        (Some(9), Some(500_000))
    );
    // Late in a long analysis the clock Yixin keeps sending changes nothing.
    manager.set_time_left_ms(3_000);
    assert!(manager.plan(OPENING, Duration::ZERO).unlimited);
    // Long limits that are not the unlimited pair are still limits.
    for (turn, game) in [
        (2_000_000, 0),
        (1_999_999, 100_000_000),
        (30_000, 100_000_000),
    ] {
        let mut manager = TimeManager::new();
        manager.set_turn_ms(turn);
        manager.set_match_ms(game);
        let budget = manager.plan(OPENING, Duration::ZERO);
        assert!(!budget.unlimited, "{turn} {game}");
        assert!(budget.limits(ms(0), None, None).hard_time.is_some());
    }
}

#[test]
fn budget_after_and_split() {
    let budget = Budget {
        soft: ms(100),
        hard: ms(400),
        fast: false,
        unlimited: false,
    };
    let later = budget.after(ms(150));
    assert_eq!(later.soft, Duration::ZERO);
    assert_eq!(later.hard, ms(250));
    assert_eq!(budget.after(ms(1_000)).hard, ms(1));
    let piece = budget.split(4);
    assert_eq!((piece.soft, piece.hard), (ms(25), ms(100)));
    // Searches one after another: the k-th ends by (k + 1) / n of the budget.
    let second = budget.portion(1, 4);
    assert_eq!((second.soft, second.hard), (ms(50), ms(200)));
    assert_eq!(budget.portion(3, 4), budget);
    assert_eq!(budget.portion(9, 4), budget);
}

/// Plays `own_moves` moves of a game on a fake clock. Each move uses its soft time, except
/// every `hard_every`-th move, which uses its whole hard limit (a position that needed more);
/// each move also loses 5 ms on the way to the manager. Returns the time left at the end.
fn game_on_fake_clock(
    manager: &mut TimeManager,
    match_ms: i64,
    own_moves: usize,
    hard_every: usize,
    send_time_left: bool,
) -> i64 {
    let clock = FakeClock::new();
    let mut left = match_ms;
    for own_move in 0..own_moves {
        let ply = 2 * own_move;
        if send_time_left {
            manager.set_time_left_ms(left);
        }
        let started = clock.now();
        let budget = manager.plan(
            GameProgress {
                plies: ply,
                empties: 225 - ply,
            },
            Duration::ZERO,
        );
        assert_sane(budget);
        let thinking = if own_move % hard_every == 0 {
            budget.hard
        } else {
            budget.soft
        };
        clock.advance(thinking + ms(5));
        let used = clock.now() - started;
        manager.record_move(used);
        left -= used.as_millis() as i64;
        assert!(left > 0, "ran out at move {own_move}: {budget:?}");
    }
    left
}

#[test]
fn games_on_a_fake_clock_never_run_out_of_time() {
    for (turn, game) in [(5_000i64, 180_000i64), (30_000, 60_000), (1_000, 20_000)] {
        for send_time_left in [true, false] {
            // A long game (the board fills up) with a hard position every fourth move, and a
            // normal-length game where every move needs its hard limit.
            for (own_moves, hard_every) in [(112, 4), (40, 1)] {
                let mut manager = TimeManager::new();
                manager.set_turn_ms(turn);
                manager.set_match_ms(game);
                manager.new_game();
                let left =
                    game_on_fake_clock(&mut manager, game, own_moves, hard_every, send_time_left);
                if !send_time_left {
                    // Our own account matches the fake clock's.
                    assert_eq!(manager.settings().time_left_ms, Some(left));
                }
            }
        }
    }
}

#[test]
fn a_game_of_usual_length_spends_most_of_the_game_time() {
    // Gomocup's renju league: 180 s a game, 30 s a move. Games last about 20 moves a side
    // after the opening; time kept for moves that never come is wasted, so a game of 20 moves
    // (the first at its hard limit, the others at their soft one) spends more than half of the
    // game time (the plan fronts the time), and the first move gets more than a twentieth.
    let mut manager = TimeManager::new();
    manager.set_turn_ms(30_000);
    manager.set_match_ms(180_000);
    manager.new_game();
    let first = manager.plan(OPENING, Duration::ZERO);
    assert!(first.soft > ms(180_000 / 20), "{first:?}");
    let left = game_on_fake_clock(&mut manager, 180_000, 20, usize::MAX, true);
    assert!(left < 90_000, "{left} ms left");
    assert!(left > 10_000, "{left} ms left");
}

#[test]
fn time_manager_follows_the_info_commands() {
    let mut manager = TimeManager::new();
    assert_eq!(manager.settings(), TimeSettings::default());
    manager.set_match_ms(60_000);
    assert_eq!(manager.settings().time_left_ms, Some(60_000));
    manager.set_time_left_ms(UNLIMITED_TIME_LEFT);
    assert_eq!(manager.settings().time_left_ms, None);
    manager.set_time_left_ms(-30);
    assert_eq!(manager.settings().time_left_ms, Some(-30));
    manager.set_turn_ms(0);
    assert!(manager.plan(OPENING, Duration::ZERO).fast);
    // A new game fills the game time again.
    manager.new_game();
    assert_eq!(manager.settings().time_left_ms, Some(60_000));
    manager.set_match_ms(0);
    assert_eq!(manager.settings().time_left_ms, None);
}
