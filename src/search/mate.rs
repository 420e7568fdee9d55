//! Mate distances: a solver's winning line carried on to the five, so that "wins in N plies"
//! counts the plies until the five is on the board. The solvers' lines stop at the threat the
//! defender cannot meet (an open four, a four-three, a double three); the search's own mate
//! scores already count to the five, and the root solver's must agree with them.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;

use crate::board::{Board, Point, DIRECTIONS};
use crate::rules::{self, Rule};

use super::solver::{find_vcf, SolveLimits, SolveOutcome};

/// Node budget of each VCF that finishes a line (finishing a won threat takes a few hundred).
const FINISH_NODES: u64 = 200_000;
/// The longest line carried on; longer ones are not counted.
const MAX_PLIES: usize = 400;
/// How far along its four lines from the attacker's last stone a free defender reply is
/// looked for (the threat the defender cannot meet passes through that stone).
const DEFENCE_REACH: i32 = 4;

/// `line` (a proven win of the side to move: attacker, defender, ..., attacker) carried on to
/// the five: where the line stops, the defender blocks a single five point (or one of two),
/// and when nothing is to be blocked it plays the reply near the attacker's last stone that
/// makes the attacker's shortest VCF finish longest; the attacker finishes with its shortest
/// VCF found within a fixed node budget, then the five. The length of the result is the mate
/// distance in plies (the root move is ply 1). `None` when the line is not legal, does not end
/// in a win for the side to move, or cannot be finished within the budgets. Deterministic.
pub fn line_to_five(board: &Board, rule: Rule, line: &[Point]) -> Option<Vec<Point>> {
    let attacker = board.side_to_move();
    let mut board = board.clone();
    let mut pending: VecDeque<Point> = line.iter().copied().collect();
    let mut full = Vec::new();
    let limits = SolveLimits {
        max_nodes: FINISH_NODES,
        max_attacker_moves: 100,
    };
    let stop = AtomicBool::new(false);
    while full.len() < MAX_PLIES {
        let mover = board.side_to_move();
        let next = if mover == attacker {
            // A five now is never longer than the rest of the line.
            match five_point(&board, rule) {
                Some(point) => point,
                None => match pending.pop_front() {
                    Some(point) => point,
                    None => match find_vcf(&board, rule, &limits, &stop) {
                        SolveOutcome::Win(vcf) => {
                            pending.extend(vcf);
                            continue;
                        }
                        _ => return None,
                    },
                },
            }
        } else {
            match pending.pop_front() {
                Some(point) => point,
                None => defender_reply(&board, rule, &limits, &stop)?,
            }
        };
        if !board.is_empty(next) || !rules::is_legal(&board, next, rule) {
            return None;
        }
        let wins = rules::would_win(&board, next, mover, rule);
        board.play_unchecked(next);
        full.push(next);
        if wins {
            return (mover == attacker).then_some(full);
        }
    }
    None
}

/// A point where the side to move makes five, if any.
fn five_point(board: &Board, rule: Rule) -> Option<Point> {
    let mover = board.side_to_move();
    board
        .empty_points()
        .find(|&p| rules::would_win(board, p, mover, rule))
}

/// The defender's reply where the proven line stops (the defender is to move).
fn defender_reply(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> Option<Point> {
    // Its own five ends the game (and the line is no win).
    if let Some(point) = five_point(board, rule) {
        return Some(point);
    }
    let attacker = board.side_to_move().opponent();
    let attacker_fives: Vec<Point> = board
        .empty_points()
        .filter(|&p| rules::would_win(board, p, attacker, rule))
        .collect();
    let legal = |p: Point| board.is_empty(p) && rules::is_legal(board, p, rule);
    if !attacker_fives.is_empty() {
        // Block one (with two or more the attacker fives at another one either way).
        return attacker_fives
            .iter()
            .copied()
            .find(|&p| legal(p))
            .or_else(|| board.empty_points().find(|&p| legal(p)));
    }
    // A free reply: the one near the threat that delays the attacker's finish most.
    let last = board.last_move()?;
    let mut best: Option<(usize, Point)> = None;
    let mut after = board.clone();
    for (dx, dy) in DIRECTIONS {
        for step in (-DEFENCE_REACH..=DEFENCE_REACH).filter(|&s| s != 0) {
            let x = last.x() as i64 + dx as i64 * step as i64;
            let y = last.y() as i64 + dy as i64 * step as i64;
            let Some(point) = board.point(x, y) else {
                continue;
            };
            if !legal(point) {
                continue;
            }
            after.play_unchecked(point);
            let finish = if five_point(&after, rule).is_some() {
                Some(1)
            } else {
                match find_vcf(&after, rule, limits, stop) {
                    SolveOutcome::Win(vcf) => Some(vcf.len() + 2),
                    _ => None,
                }
            };
            after.undo();
            if let Some(length) = finish {
                if best.is_none_or(|(longest, _)| length > longest) {
                    best = Some((length, point));
                }
            }
        }
    }
    best.map(|(_, point)| point)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move_list;

    fn position(moves: &str) -> Board {
        let mut board = Board::square(15).unwrap();
        for point in parse_move_list(moves, 15, 15).unwrap() {
            board.play_unchecked(point);
        }
        board
    }

    #[test]
    fn an_open_four_is_three_plies_from_the_five() {
        // Black h8 i8 j8 and k8 makes an open four: white blocks one end, black fives at the other.
        let board = position("h8 a1 i8 a2 j8 a3");
        let k8 = board.point(10, 7).unwrap();
        let full = line_to_five(&board, Rule::Freestyle, &[k8]).unwrap();
        assert_eq!(full.len(), 3, "{full:?}");
        assert_eq!(full[0], k8);
    }

    #[test]
    fn a_five_at_hand_ends_the_line() {
        // An open four on the board: whatever the line says, the five is ply 1.
        let board = position("h8 a1 i8 a2 j8 a3 k8 a4");
        let (g8, l8) = (board.point(6, 7).unwrap(), board.point(11, 7).unwrap());
        let full = line_to_five(&board, Rule::Freestyle, &[l8]).unwrap();
        assert!(full == vec![g8] || full == vec![l8], "{full:?}");
    }

    #[test]
    fn a_line_that_is_no_win_is_not_counted() {
        let board = position("h8 a1");
        let far = board.point(14, 14).unwrap();
        assert_eq!(line_to_five(&board, Rule::Freestyle, &[far]), None);
    }
}
