//! Forced wins for the tools: asks the VCF/VCT solvers ([`crate::search::solver`]) for a win
//! of the side to move within a budget, names the kind of win from its line, checks every line
//! move by move.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::board::{Board, Color, Point};
use crate::notation::point_name;
use crate::pattern::PatternBoard;
use crate::rules::{self, Rule};
use crate::search::mate::line_to_five;
use crate::search::shortest_vcf::shortest_vcf;
use crate::search::solver::{self, SolveLimits, SolveOutcome};
use crate::search::solver_budget::{with_deadline, SolverBudget};
use crate::search::{SearchResult, WIN, WIN_THRESHOLD};

/// Positions the search for a shorter VCF line may visit (a fraction of a second).
const SHORTEST_VCF_NODES: u64 = 300_000;

/// Nodes the search for a shorter VCT line may visit (a fraction of a second).
const SHORTEST_VCT_NODES: u64 = 300_000;

/// Which kind of forced win to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats (threes and fours; a VCF is one too).
    Vct,
}

impl Mode {
    /// `VCF` or `VCT`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Vcf => "VCF",
            Mode::Vct => "VCT",
        }
    }
}

/// What the search for a forced win found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins; `line` alternates attacker and defender moves, attacker first.
    Win {
        /// How the win goes: `VCF` (fours only), `VCT`, or `search` (a proven score of the
        /// main search).
        method: &'static str,
        /// The winning line; carried on to the five when `plies` is known.
        line: Vec<Point>,
        /// Plies until the five is on the board (the first move is ply 1), when known.
        plies: Option<usize>,
    },
    /// Proven: there is no such win (within the attacker-move limit).
    NoWin,
    /// Not found within the budget.
    Unknown,
}

/// The budget of one forced-win question: `max_nodes` when given; without it, as many nodes as
/// the `time` allows when there is a time limit, else the solver's default node budget. The
/// deadline is the time limit, counted from the start of [`find`].
pub fn budget(max_nodes: Option<u64>, time: Option<Duration>) -> SolverBudget {
    let nodes = match (max_nodes, time) {
        (Some(nodes), _) => nodes,
        (None, Some(_)) => u64::MAX,
        (None, None) => SolveLimits::default().max_nodes,
    };
    SolverBudget {
        nodes,
        deadline: time,
    }
}

/// Looks for a forced win of the side to move within `budget` (see [`budget`]): a VCF, or a
/// VCT (which includes VCFs).
pub fn find(board: &Board, rule: Rule, mode: Mode, budget: &SolverBudget) -> Outcome {
    let limits = SolveLimits {
        max_nodes: budget.nodes,
        ..SolveLimits::default()
    };
    let started = Instant::now();
    let never = AtomicBool::new(false);
    let outcome = with_deadline(
        budget.deadline,
        &|| started.elapsed(),
        &never,
        |stop| match mode {
            Mode::Vcf => solver::find_vcf(board, rule, &limits, stop),
            Mode::Vct => solver::find_vct(board, rule, &limits, stop),
        },
    );
    match outcome {
        SolveOutcome::Win(line) => {
            let method = if only_fours(board, rule, &line) {
                "VCF"
            } else {
                "VCT"
            };
            // The first proof of a VCT may run far longer than the win needs; people want the
            // mate distance.
            let line = if method == "VCT" {
                let limits = SolveLimits {
                    max_nodes: SHORTEST_VCT_NODES,
                    ..SolveLimits::default()
                };
                with_deadline(budget.deadline, &|| started.elapsed(), &never, |stop| {
                    solver::shorten_vct(board, rule, line.clone(), &limits, stop).0
                })
            } else {
                line
            };
            let full = line_to_five(board, rule, &line);
            if method == "VCF" {
                // The solver proves a VCF by any line; people want the shortest to read.
                let longest = full.as_ref().map_or(line.len(), Vec::len).div_ceil(2);
                let pos = PatternBoard::new(board, rule);
                if let Some(shortest) =
                    shortest_vcf(&pos, rule, longest.saturating_sub(1), SHORTEST_VCF_NODES)
                {
                    return Outcome::Win {
                        method,
                        plies: Some(shortest.len()),
                        line: shortest,
                    };
                }
            }
            match full {
                Some(full) => Outcome::Win {
                    method,
                    plies: Some(full.len()),
                    line: full,
                },
                None => Outcome::Win {
                    method,
                    line,
                    plies: None,
                },
            }
        }
        SolveOutcome::NoWin => Outcome::NoWin,
        SolveOutcome::Unknown => Outcome::Unknown,
    }
}

/// Whether every attacker move of `line` is a four (or the five): then the win is a VCF.
fn only_fours(board: &Board, rule: Rule, line: &[Point]) -> bool {
    let mut board = board.clone();
    let attacker = board.side_to_move();
    for (index, &point) in line.iter().enumerate() {
        if !board.is_empty(point) {
            return false;
        }
        board.play_unchecked(point);
        if index % 2 == 0
            && !rules::is_winning_stone(&board, point, rule)
            && !board
                .empty_points()
                .any(|p| rules::would_win(&board, p, attacker, rule))
        {
            return false;
        }
    }
    true
}

/// The forced win a search result proves: a winning score comes with its line.
pub fn from_search(result: &SearchResult) -> Outcome {
    if result.score >= WIN_THRESHOLD && !result.pv.is_empty() {
        Outcome::Win {
            method: "search",
            line: result.pv.clone(),
            plies: usize::try_from(WIN - result.score).ok(),
        }
    } else {
        Outcome::Unknown
    }
}

/// Replays `line` from `board` and checks every move: on the board, empty, not forbidden for
/// black under renju, and no move after a five. Returns the winner if the line ends in a five.
pub fn check_line(board: &Board, rule: Rule, line: &[Point]) -> Result<Option<Color>, String> {
    let mut board = board.clone();
    for (index, &point) in line.iter().enumerate() {
        let name = point_name(point);
        if !board.contains(point.x() as i64, point.y() as i64) || !board.is_empty(point) {
            return Err(format!(
                "move {} ({name}) is not on an empty point",
                index + 1
            ));
        }
        if !rules::is_legal(&board, point, rule) {
            return Err(format!(
                "move {} ({name}) is forbidden for black",
                index + 1
            ));
        }
        board.play_unchecked(point);
        if rules::is_winning_stone(&board, point, rule) {
            if index + 1 != line.len() {
                return Err(format!("the line goes on after the five at {name}"));
            }
            return Ok(board.stone(point));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move_list;

    fn board(moves: &str) -> Board {
        let mut board = Board::square(15).unwrap();
        for p in parse_move_list(moves, 15, 15).unwrap() {
            board.play_unchecked(p);
        }
        board
    }

    #[test]
    fn lines_are_checked_move_by_move() {
        let start = board("h8 h9 i8 i9 j8 j9");
        let win = parse_move_list("k8 k9 l8", 15, 15).unwrap();
        assert_eq!(
            check_line(&start, Rule::Freestyle, &win),
            Ok(Some(Color::Black))
        );
        let occupied = parse_move_list("k8 h8", 15, 15).unwrap();
        assert!(check_line(&start, Rule::Freestyle, &occupied).is_err());
        let past_five = parse_move_list("k8 k9 l8 l9", 15, 15).unwrap();
        assert!(check_line(&start, Rule::Freestyle, &past_five).is_err());
        // g9 is a double-three for black in the Gomocup renju check.
        let renju = board("h8h9i7i9h10i6i11i12");
        let g9 = parse_move_list("g9", 15, 15).unwrap();
        assert!(check_line(&renju, Rule::Renju, &g9).is_err());
        assert_eq!(check_line(&renju, Rule::Freestyle, &g9), Ok(None));
    }

    #[test]
    fn wins_are_named_by_their_moves() {
        let budget = budget(Some(100_000), None);
        // An open four on the board: the five at once.
        let four = board("h8 h9 i8 i9 j8 j9 k8 k9");
        match find(&four, Rule::Freestyle, Mode::Vct, &budget) {
            Outcome::Win {
                method,
                line,
                plies,
            } => {
                assert_eq!(method, "VCF");
                assert_eq!(plies, Some(1), "{line:?}");
                assert_eq!(line.len(), 1);
                assert_eq!(
                    check_line(&four, Rule::Freestyle, &line),
                    Ok(Some(Color::Black))
                );
            }
            other => panic!("{other:?}"),
        }
        // Two stones: no four at all, so no VCF.
        let quiet = board("h8 h9");
        assert_eq!(
            find(&quiet, Rule::Freestyle, Mode::Vcf, &budget),
            Outcome::NoWin
        );
        // Making an open three is a threat but not a four: that line is not "only fours".
        let two = board("h8 a1 i8 a3");
        let threat = parse_move_list("j8 g8 k8", 15, 15).unwrap();
        assert!(!only_fours(&two, Rule::Freestyle, &threat));
        let three = board("h8 a1 i8 a3 j8 a5");
        let fours = parse_move_list("k8 g8 l8", 15, 15).unwrap();
        assert!(only_fours(&three, Rule::Freestyle, &fours));
        let real_four = board("h8 a1 i8 a3 j8 a5 k8 a7");
        let five = parse_move_list("l8", 15, 15).unwrap();
        assert!(only_fours(&real_four, Rule::Freestyle, &five));
    }
}
