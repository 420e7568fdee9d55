//! The VCF solver against a brute-force VCF search on random small positions, for every rule:
//! both must agree on whether a VCF of at most four attacker moves exists, and every line the
//! solver returns must pass the independent checker.

mod solver_checker;

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use solver_checker::{check_line, naive_vcf, random_position, LineKind, RULES};
use tengen::search::solver::{find_vcf, SolveLimits, SolveOutcome};

#[test]
fn vcf_agrees_with_brute_force() {
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(0x0000_5eed_0f7e_46e4);
    let depth = 4;
    for rule in RULES {
        let (mut wins, mut checked) = (0, 0);
        while checked < 100 {
            let stones = rng.gen_range(8..16);
            let Some(board) = random_position(&mut rng, 9, stones, rule) else {
                continue;
            };
            checked += 1;
            let limits = SolveLimits {
                max_nodes: 1_000_000,
                max_attacker_moves: depth,
            };
            let expected = naive_vcf(&board, rule, depth);
            match find_vcf(&board, rule, &limits, &stop) {
                SolveOutcome::Win(line) => {
                    assert!(
                        expected,
                        "{rule}: solver wins with {line:?}, brute force does not\n{board:?}"
                    );
                    if let Err(why) = check_line(&board, rule, &line, LineKind::Vcf) {
                        panic!("{rule}: line {line:?} fails the check: {why}\n{board:?}");
                    }
                    wins += 1;
                }
                SolveOutcome::NoWin => {
                    assert!(
                        !expected,
                        "{rule}: brute force finds a VCF the solver misses\n{board:?}"
                    );
                }
                SolveOutcome::Unknown => panic!("{rule}: unknown\n{board:?}"),
            }
        }
        // The sample must hold wins and non-wins alike to mean anything.
        eprintln!("{rule}: {wins} wins of {checked}");
        assert!(
            wins > 5 && wins < checked - 5,
            "{rule}: {wins} wins of {checked}"
        );
    }
}
