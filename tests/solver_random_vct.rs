//! The VCT solver against full-width search on random small positions: a VCT of two attacker
//! moves exists exactly when the attacker wins by force within two moves, and the first move
//! of every VCT of three moves the solver returns wins by force within three.

mod solver_checker;

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use solver_checker::{
    check_line, naive_forced_win, naive_wins_with, random_position, LineKind, RULES,
};
use tengen::search::solver::{find_vct, SolveLimits, SolveOutcome};

fn limits(max_attacker_moves: u32) -> SolveLimits {
    SolveLimits {
        max_nodes: 1_000_000,
        max_attacker_moves,
    }
}

/// Compares `positions` random positions per rule.
fn two_move_vct_against_full_width(positions: usize, seed: u64) {
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(seed);
    for rule in RULES {
        let (mut wins, mut checked) = (0, 0);
        while checked < positions {
            let stones = rng.gen_range(6..12);
            let Some(board) = random_position(&mut rng, 8, stones, rule) else {
                continue;
            };
            checked += 1;
            let expected = naive_forced_win(&board, rule, 2);
            match find_vct(&board, rule, &limits(2), &stop) {
                SolveOutcome::Win(line) => {
                    assert!(expected, "{rule}: VCT {line:?} is no forced win\n{board:?}");
                    if let Err(why) = check_line(&board, rule, &line, LineKind::Vct) {
                        panic!("{rule}: line {line:?} fails the check: {why}\n{board:?}");
                    }
                    wins += 1;
                }
                SolveOutcome::NoWin => {
                    assert!(
                        !expected,
                        "{rule}: a forced win in two was missed\n{board:?}"
                    );
                }
                SolveOutcome::Unknown => panic!("{rule}: unknown\n{board:?}"),
            }
        }
        eprintln!("{rule}: {wins} wins of {checked}");
        assert!(wins < checked, "{rule}: {wins} wins of {checked}");
    }
}

/// Verifies up to `wins` VCTs of three moves per rule (from at most a few thousand positions).
fn three_move_vct_against_full_width(wins: usize, seed: u64) {
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(seed);
    for rule in RULES {
        let mut verified = 0;
        let mut tried = 0;
        while verified < wins && tried < 3000 {
            tried += 1;
            let stones = rng.gen_range(5..9);
            let Some(board) = random_position(&mut rng, 7, stones, rule) else {
                continue;
            };
            // Only wins that need three moves are of interest here.
            if let SolveOutcome::Win(_) = find_vct(&board, rule, &limits(2), &stop) {
                continue;
            }
            if let SolveOutcome::Win(line) = find_vct(&board, rule, &limits(3), &stop) {
                if let Err(why) = check_line(&board, rule, &line, LineKind::Vct) {
                    panic!("{rule}: line {line:?} fails the check: {why}\n{board:?}");
                }
                let attacker = board.side_to_move();
                let mut scratch = board.clone();
                assert!(
                    naive_wins_with(&mut scratch, line[0], attacker, rule, 3),
                    "{rule}: {} starts no forced win in three\n{board:?}",
                    line[0]
                );
                verified += 1;
            }
        }
        eprintln!("{rule}: {verified} wins in three verified ({tried} positions)");
        assert!(
            verified > 0,
            "{rule}: no VCT of three moves found to verify"
        );
    }
}

#[test]
fn vct_of_two_moves_agrees_with_full_width_search() {
    two_move_vct_against_full_width(10, 0x007e_46e4_0002);
}

#[test]
fn vct_of_three_moves_starts_with_a_forced_win() {
    three_move_vct_against_full_width(1, 0x007e_46e4_0003);
}

#[test]
#[ignore = "slow: about a minute in release mode"]
fn many_random_vcts_against_full_width_search() {
    two_move_vct_against_full_width(300, 0x007e_46e4_0012);
    three_move_vct_against_full_width(40, 0x007e_46e4_0013);
}
