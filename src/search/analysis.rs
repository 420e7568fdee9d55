//! Analysis answers built on the search, for GUIs (Yixin-Board's `YXNBEST`, `YXSEARCHDEFEND`,
//! `YXBALANCEONE` and `YXBALANCETWO`): the best moves ranked with their scores
//! ([`Engine::nbest`]), which moves stop the opponent's forced win ([`Engine::defend`]), and
//! which move or pair of moves leaves the position closest to a wanted evaluation
//! ([`Engine::balance`]). They decide; the protocol only words their results.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::board::{Board, Point};
use crate::rules::{self, Rule};
use crate::timeman::RealClock;

use super::fallback::legal_answer;
use super::root::MAX_ATTACKER_MOVES;
use super::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};
use super::solver_budget::with_deadline;
use super::time::SearchTimer;
use super::{Engine, Limits, RootMoveEvent, Score, SearchObserver, SearchResult};

/// At most this many defences get a line (and a tag in Yixin-Board) in the search after the
/// check.
const MAX_DEFENCE_LINES: usize = 20;

/// What [`Engine::nbest`] found.
#[derive(Clone, Debug)]
pub struct NBest {
    /// The moves ranked best first, with their scores; the first is the move to play (legal).
    /// Empty when the side to move has no legal move.
    pub ranked: Vec<(Point, Score)>,
    /// The search they come from.
    pub result: SearchResult,
}

/// What [`Engine::defend`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Defence {
    /// The opponent has no forced win (none found within the budget): every move holds.
    NoThreat,
    /// The opponent has a forced win (`threat`, as if we passed); `defences` are the legal
    /// moves after which it has none (as far as the solvers could tell: a move whose check ran
    /// out of budget or time counts as a defence), `lost` the moves after which it still has one
    /// (proven).
    Threat {
        threat: Vec<Point>,
        defences: Vec<Point>,
        lost: Vec<Point>,
    },
}

/// What [`Engine::balance`] is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceGoal {
    /// The evaluation wanted for the side to move, in centi-stones (0: even).
    pub target: Score,
    /// Two moves (ours, then the opponent's) instead of one.
    pub two: bool,
}

/// The move or moves [`Engine::balance`] chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    /// One move, or two (ours, then the opponent's).
    pub moves: Vec<Point>,
    /// The evaluation after them from the point of view of the side to move before them.
    pub score: Score,
}

impl Balance {
    /// The moves to play on `board`: both when the opponent's reply is legal after our move,
    /// else our move alone. (The reply comes from a search of the position after our move, so
    /// this only guards against a search that had no legal answer to give.)
    pub fn playable(&self, board: &Board, rule: Rule) -> &[Point] {
        if let [first, second] = self.moves[..] {
            let mut after = board.clone();
            after.play_unchecked(first);
            if !rules::is_legal(&after, second, rule) {
                return &self.moves[..1];
            }
        }
        &self.moves
    }
}

impl Engine {
    /// `YXNBEST n`: one search that ranks the `count` best moves (at most every point), each
    /// searched to the same depth with an exact score (multi-PV); a stop gives the lines of the
    /// last finished iteration. The move to play comes first: the legal answer to the search's
    /// best move, which the final check or a fallback may have made another than the lines'
    /// first (it then goes first with the search's score).
    pub fn nbest(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        count: u32,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> NBest {
        let count = count.min(board.width() as u32 * board.height() as u32);
        let limits = Limits {
            multi_pv: count as usize,
            ..limits.clone()
        };
        let result = self.think_observed(board, rule, &limits, stop, observer);
        let Some(best) = legal_answer(board, rule, result.best_move) else {
            return NBest {
                ranked: Vec::new(),
                result,
            };
        };
        let mut ranked: Vec<(Point, Score)> = result
            .lines
            .iter()
            .filter_map(|line| Some((*line.pv.first()?, line.score)))
            .collect();
        if ranked.first().map(|&(point, _)| point) != Some(best) {
            ranked.retain(|&(point, _)| point != best);
            ranked.insert(0, (best, result.score));
        }
        NBest { ranked, result }
    }

    /// `YXSEARCHDEFEND`: does the opponent have a forced win (VCF or VCT, as if we passed), and
    /// which of our legal moves stop it? Each move is checked by the solvers within half of
    /// `limits`' time; the moves proven lost go to the observer as [`RootMoveEvent::Lost`].
    /// Then a search with the other half picks the move to play: among the defences (each
    /// ranked with a line, up to `MAX_DEFENCE_LINES`), or, when there is no threat or no
    /// defence, an ordinary search.
    pub fn defend(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> (Defence, SearchResult) {
        let timer = SearchTimer::new(&limits.portion(0, 2), true, Arc::new(RealClock::new()));
        let defence = find_defences(board, rule, &timer, stop);
        let mut rest = limits.rest_after(timer.elapsed());
        if let Defence::Threat { defences, lost, .. } = &defence {
            for &point in lost {
                observer.root_move(RootMoveEvent::Lost(point));
            }
            if !defences.is_empty() {
                rest.excluded.extend(lost.iter().copied());
                rest.multi_pv = defences.len().min(MAX_DEFENCE_LINES);
            }
        }
        let result = self.think_observed(board, rule, &rest, stop, observer);
        (defence, result)
    }

    /// `YXBALANCEONE` and `YXBALANCETWO` (`goal.two`): the move, or our move and the
    /// opponent's reply, after which the evaluation from our point of view (the side to move
    /// now) is closest to `goal.target` centi-stones (0: even). Every root move is searched to the
    /// same depth with an exact score (a multi-PV search over all of them). For two moves, our
    /// move is the best-scored one that does not beat the target (the opponent's reply can only
    /// give us more than best play does), or our worst move when all beat it; then the
    /// opponent's reply is chosen the same way from a search of the position after it. Each
    /// search has half the time for two moves, all of it for one.
    pub fn balance(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        goal: BalanceGoal,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> Option<Balance> {
        let BalanceGoal { target, two } = goal;
        let started = Instant::now();
        let first_limits = Limits {
            multi_pv: usize::MAX,
            ..if two {
                limits.portion(0, 2)
            } else {
                limits.clone()
            }
        };
        let first = self.think_observed(board, rule, &first_limits, stop, observer);
        let choices = first.scored_moves();
        if !two {
            let &(point, score) = choices
                .iter()
                .min_by_key(|(_, score)| (score - target).abs())?;
            return Some(Balance {
                moves: vec![point],
                score,
            });
        }
        let (ours, our_score) = choices
            .iter()
            .copied()
            .filter(|&(_, score)| score <= target)
            .max_by_key(|&(_, score)| score)
            .or_else(|| choices.iter().copied().min_by_key(|&(_, score)| score))?;
        let mut after = board.clone();
        after.play_unchecked(ours);
        if !rules::has_legal_move(&after, rule)
            || rules::would_win(board, ours, board.side_to_move(), rule)
        {
            return Some(Balance {
                moves: vec![ours],
                score: our_score,
            });
        }
        let second_limits = Limits {
            multi_pv: usize::MAX,
            ..limits.rest_after(started.elapsed())
        };
        let second = self.think_observed(&after, rule, &second_limits, stop, observer);
        let (theirs, their_score) = second
            .scored_moves()
            .into_iter()
            .min_by_key(|&(_, score)| (-score - target).abs())?;
        Some(Balance {
            moves: vec![ours, theirs],
            score: -their_score,
        })
    }
}

/// Whether the side to move on `board` has a forced win (VCF, else VCT) within `limits`.
fn forced_win(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> Option<Vec<Point>> {
    match find_vcf(board, rule, limits, stop) {
        SolveOutcome::Win(line) => Some(line),
        _ => match find_vct(board, rule, limits, stop) {
            SolveOutcome::Win(line) => Some(line),
            _ => None,
        },
    }
}

/// The defence step of [`Engine::defend`], within the timer's limits.
fn find_defences(board: &Board, rule: Rule, timer: &SearchTimer, stop: &AtomicBool) -> Defence {
    let us = board.side_to_move();
    let legal: Vec<Point> = board
        .empty_points()
        .filter(|&p| rules::is_legal(board, p, rule))
        .collect();
    let limits = timer.limits();
    let (threat_nodes, check_nodes) = timer.defence_budgets(legal.len());
    with_deadline(limits.hard_time, &|| timer.elapsed(), stop, |stop| {
        let mut passed = board.clone();
        passed.set_side_to_move(us.opponent());
        let threat_limits = SolveLimits {
            max_nodes: threat_nodes,
            max_attacker_moves: MAX_ATTACKER_MOVES,
        };
        let Some(threat) = forced_win(&passed, rule, &threat_limits, stop) else {
            return Defence::NoThreat;
        };
        let check_limits = SolveLimits {
            max_nodes: check_nodes,
            max_attacker_moves: MAX_ATTACKER_MOVES,
        };
        let mut defences = Vec::new();
        let mut lost = Vec::new();
        let mut after = board.clone();
        for &point in &legal {
            if stop.load(Ordering::Relaxed) || rules::would_win(board, point, us, rule) {
                defences.push(point);
                continue;
            }
            after.play_unchecked(point);
            let wins = if rules::has_legal_move(&after, rule) {
                forced_win(&after, rule, &check_limits, stop).is_some()
            } else {
                false
            };
            after.undo();
            if wins {
                lost.push(point);
            } else {
                defences.push(point);
            }
        }
        Defence::Threat {
            threat,
            defences,
            lost,
        }
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::SearchInfo;
    use super::*;

    /// An observer that ignores everything.
    struct Quiet;

    impl SearchObserver for Quiet {
        fn iteration(&mut self, _info: &SearchInfo) {}
    }

    #[test]
    fn nbest_ranks_distinct_legal_moves_with_the_move_to_play_first() {
        let mut board = Board::new(15, 15).unwrap();
        crate::notation::play_moves(&mut board, "h8i9h9h7").unwrap();
        let limits = Limits {
            max_depth: Some(3),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let nbest = Engine::new().nbest(&board, Rule::Freestyle, &limits, 4, &stop, &mut Quiet);
        let moves: Vec<Point> = nbest.ranked.iter().map(|&(point, _)| point).collect();
        assert_eq!(moves.len(), 4, "{moves:?}");
        for (i, point) in moves.iter().enumerate() {
            assert!(rules::is_legal(&board, *point, Rule::Freestyle), "{point}");
            assert!(!moves[..i].contains(point), "{point} twice in {moves:?}");
        }
        let best = legal_answer(&board, Rule::Freestyle, nbest.result.best_move);
        assert_eq!(Some(moves[0]), best);
        let scores: Vec<Score> = nbest.ranked.iter().map(|&(_, score)| score).collect();
        assert!(scores[1..].windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    }

    #[test]
    fn a_balance_plays_the_reply_only_when_it_is_legal_after_our_move() {
        let board = Board::new(15, 15).unwrap();
        let (h8, h9) = (board.point(7, 7).unwrap(), board.point(7, 8).unwrap());
        let pair = Balance {
            moves: vec![h8, h9],
            score: 0,
        };
        assert_eq!(pair.playable(&board, Rule::Freestyle), &[h8, h9]);
        let taken = Balance {
            moves: vec![h8, h8],
            score: 0,
        };
        assert_eq!(taken.playable(&board, Rule::Freestyle), &[h8]);
        let one = Balance {
            moves: vec![h9],
            score: 0,
        };
        assert_eq!(one.playable(&board, Rule::Freestyle), &[h9]);
    }

    #[test]
    fn the_last_search_keeps_half_the_hard_time_left_as_soft_time() {
        let ms = Duration::from_millis;
        let limits = Limits {
            soft_time: Some(ms(900)),
            hard_time: Some(ms(1000)),
            ..Limits::default()
        };
        let rest = limits.rest_after(ms(200));
        assert_eq!(
            (rest.soft_time, rest.hard_time),
            (Some(ms(700)), Some(ms(800)))
        );
        let rest = limits.rest_after(ms(950));
        assert_eq!(
            (rest.soft_time, rest.hard_time),
            (Some(ms(25)), Some(ms(50)))
        );
        let rest = limits.rest_after(ms(2000));
        assert_eq!(
            (rest.soft_time, rest.hard_time),
            (Some(Duration::from_micros(500)), Some(ms(1)))
        );
        let untimed = Limits::default().rest_after(ms(5));
        assert_eq!((untimed.soft_time, untimed.hard_time), (None, None));
    }
}
