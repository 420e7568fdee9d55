//! The Soosõrv-8 opening decisions (Yixin-Board's `YXSOOSORVSTEP1..6`): after the three-stone
//! opening (the same as swap2's, [`Engine::swap2_opening`]), whether to take black, white's
//! fourth move with the number of fifth moves black must offer, whether to take white against
//! that number, which fifth moves to offer, and which offered fifth move to keep. Each decision is
//! a few silent searches within the given limits. (The rule's ban on symmetric offers is not
//! checked: the offers are the best moves, which rarely mirror each other.)

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::board::{Board, Point};
use crate::rules::{self, Rule};

use super::fallback::legal_answer;
use super::{Engine, Limits, Score, SearchResult};

/// Black's prospect when it offers `count` fifth moves and white keeps the worst for black: the
/// `count`-th best of black's `scores` (best first; the last when there are fewer; 0 when none).
fn prospect(scores: &[(Point, Score)], count: usize) -> Score {
    scores
        .get(count.saturating_sub(1))
        .or(scores.last())
        .map_or(0, |&(_, score)| score)
}

/// A score within this of zero counts as balanced.
const BALANCED: Score = 50;
/// The most fifth moves the rule lets white ask for.
pub const MAX_FIFTH_OFFERS: usize = 8;

impl Engine {
    /// Stage 2: three stones, white (us) to move: take black when black stands better.
    pub fn soosorv_take_black(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> bool {
        self.think(board, rule, limits, stop, &mut |_| {}).score < -BALANCED
    }

    /// Stage 3: three stones, white (us) to move: white's fourth move, and how many fifth moves
    /// to ask of black: black offers that many, white keeps the one worst for black, so black's
    /// prospect with `n` offers is about its `n`-th best move's score; the opponent may still
    /// swap, so the count that leaves that closest to even (1 to 8).
    pub fn soosorv_fourth(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<(Point, usize)> {
        let started = Instant::now();
        let white = self.ranked(board, rule, &limits.piece(0, 2, started), 1, stop);
        let fourth = legal_answer(board, rule, white.best_move)?;
        let mut after = board.clone();
        after.play_unchecked(fourth);
        if !rules::has_legal_move(&after, rule) {
            return Some((fourth, 1));
        }
        let black = self.ranked(
            &after,
            rule,
            &limits.piece(1, 2, started),
            MAX_FIFTH_OFFERS,
            stop,
        );
        let scores = black.scored_moves();
        let count = (1..=MAX_FIFTH_OFFERS)
            .min_by_key(|&n| (prospect(&scores, n).saturating_abs(), n))
            .unwrap_or(1);
        Some((fourth, count))
    }

    /// A search of `board` within `limits` that ranks its `multi_pv` best moves, showing
    /// nothing.
    fn ranked(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        multi_pv: usize,
        stop: &AtomicBool,
    ) -> SearchResult {
        let limits = Limits {
            multi_pv,
            ..limits.clone()
        };
        self.think(board, rule, &limits, stop, &mut |_| {})
    }

    /// Stage 4: four stones, black (us) to move, asked for `count` fifth moves: take white when
    /// black's prospect (its `count`-th best move's score) is below even.
    pub fn soosorv_take_white(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        count: usize,
        stop: &AtomicBool,
    ) -> bool {
        let count = count.clamp(1, MAX_FIFTH_OFFERS);
        let piece = limits.piece(0, 1, Instant::now());
        let scores = self.ranked(board, rule, &piece, count, stop).scored_moves();
        !scores.is_empty() && prospect(&scores, count) < 0
    }

    /// Stage 5: four stones, black (us) to move: the `count` fifth moves to offer, the best for
    /// black (white will keep the worst of them for black); when the search ranks fewer, the
    /// most central other legal points make up the number.
    pub fn soosorv_offers(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        count: usize,
        stop: &AtomicBool,
    ) -> Vec<Point> {
        let count = count.clamp(1, MAX_FIFTH_OFFERS);
        let piece = limits.piece(0, 1, Instant::now());
        let mut offers: Vec<Point> = self
            .ranked(board, rule, &piece, count, stop)
            .scored_moves()
            .into_iter()
            .map(|(point, _)| point)
            .take(count)
            .collect();
        let mut others: Vec<Point> = board
            .empty_points()
            .filter(|&p| !offers.contains(&p) && rules::is_legal(board, p, rule))
            .collect();
        others.sort_by_key(|&p| super::fallback::off_centre(board, p));
        offers.extend(others.into_iter().take(count - offers.len().min(count)));
        offers
    }

    /// Stage 6: four stones and black's `offers` for the fifth move: the one to keep, the best
    /// for white (each searched with an equal share of the time).
    pub fn soosorv_keep(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        offers: &[Point],
        stop: &AtomicBool,
    ) -> Option<Point> {
        let started = Instant::now();
        let parts = offers.len().max(1) as u32;
        let mut best: Option<(Score, Point)> = None;
        for (index, &offer) in offers.iter().enumerate() {
            if !board.is_empty(offer) || !rules::is_legal(board, offer, rule) {
                continue;
            }
            let mut after = board.clone();
            after.play_unchecked(offer);
            let score = if rules::has_legal_move(&after, rule) {
                self.think(
                    &after,
                    rule,
                    &Limits {
                        multi_pv: 1,
                        ..limits.piece(index as u32, parts, started)
                    },
                    stop,
                    &mut |_| {},
                )
                .score
            } else {
                0
            };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, offer));
            }
        }
        best.map(|(_, point)| point)
    }
}
