//! The swap2 opening decisions (Gomocup's `SWAP2BOARD`, Yixin-Board's `YXSWAP2STEP1..3`):
//! which three stones to open with, and what to do when the opponent has placed three or five.
//! Each decision is a few silent searches within the given limits, one after another.

use std::sync::atomic::AtomicBool;

use crate::board::{Board, Point};
use crate::rules::Rule;

use super::fallback::legal_answer;
use super::{Engine, Limits, Score};

/// A score within this of zero counts as balanced.
const BALANCED: Score = 50;
/// Three-stone openings (black, white, black as offsets from the centre) Tengen offers; it picks
/// the one its search finds most balanced.
const OPENINGS: [[(i64, i64); 3]; 4] = [
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, -1), (-1, 2)],
    [(0, 0), (0, 1), (2, -2)],
    [(0, 0), (2, 1), (-1, -2)],
];

/// What to do after the opponent's three (or five) stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    /// Take black (the opponent plays white's next move).
    TakeBlack,
    /// Stay white and play this move.
    PlayWhite(Point),
    /// Put white's fourth and black's fifth stone; the opponent chooses its colour.
    PutTwo(Point, Point),
}

impl Engine {
    /// The three opening stones (black, white, black) on the empty `board`: of
    /// `OPENINGS`, the one whose position the search finds closest to balanced; on a board too
    /// small for all of them, the three most central points.
    pub fn swap2_opening(
        &mut self,
        empty: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Vec<Point> {
        let started = std::time::Instant::now();
        let centre_x = (empty.width() / 2) as i64;
        let centre_y = (empty.height() / 2) as i64;
        let openings: Vec<Board> = OPENINGS
            .iter()
            .filter_map(|offsets| {
                let mut board = empty.clone();
                for &(dx, dy) in offsets {
                    board.try_play(centre_x + dx, centre_y + dy).ok()?;
                }
                Some(board)
            })
            .collect();
        let mut best: Option<(i32, Board)> = None;
        let parts = openings.len().max(1) as u32;
        for (index, opening) in openings.into_iter().enumerate() {
            let result = self.think(
                &opening,
                rule,
                &limits.piece(index as u32, parts, started),
                stop,
                &mut |_| {},
            );
            let imbalance = result.score.saturating_abs();
            if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
                best = Some((imbalance, opening));
            }
        }
        let opening = match best {
            Some((_, board)) => board,
            None => {
                let mut board = empty.clone();
                for _ in 0..3 {
                    if let Some(p) = legal_answer(&board, rule, None) {
                        board.play_unchecked(p);
                    }
                }
                board
            }
        };
        opening.history().to_vec()
    }

    /// After the opponent's three stones (white to move, ours to choose): take black if black
    /// stands better, play white's move if white does, else put two stones that keep it
    /// balanced. `None` when white has no legal move.
    pub fn swap2_after_three(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<Swap2Choice> {
        let started = std::time::Instant::now();
        let white = self.think(board, rule, &limits.piece(0, 2, started), stop, &mut |_| {});
        if white.score < -BALANCED {
            return Some(Swap2Choice::TakeBlack);
        }
        let fourth = legal_answer(board, rule, white.best_move)?;
        if white.score > BALANCED {
            return Some(Swap2Choice::PlayWhite(fourth));
        }
        let mut after = board.clone();
        after.play_unchecked(fourth);
        let black = self.think(
            &after,
            rule,
            &limits.piece(1, 2, started),
            stop,
            &mut |_| {},
        );
        Some(match legal_answer(&after, rule, black.best_move) {
            Some(fifth) => Swap2Choice::PutTwo(fourth, fifth),
            None => Swap2Choice::PlayWhite(fourth),
        })
    }

    /// After the opponent's five stones (white to move, ours to choose the colour): take black
    /// if black stands better, else play white's move. `None` when white has no legal move.
    pub fn swap2_after_five(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<Swap2Choice> {
        let white = self.think(board, rule, limits, stop, &mut |_| {});
        if white.score < 0 {
            return Some(Swap2Choice::TakeBlack);
        }
        legal_answer(board, rule, white.best_move).map(Swap2Choice::PlayWhite)
    }
}
