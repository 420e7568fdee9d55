//! The move lists of the VCT: the attacker's candidate fours and threats at an attacker
//! node, and the defender's replies to a threat (every move that may stop the attacker's VCF
//! after it).

use crate::board::{Color, Point, DIRECTIONS};
use crate::pattern::{PointList, PointSet};
use crate::rules::{self, Rule};

use super::shapes::{
    five_points_around, for_cells, own_and_empty, shape, window_point, FIVE_WINDOWS,
};
use super::*;

impl Solver<'_> {
    /// The attacker's candidate fours and threats, best first, and its possible fours among
    /// them (in the same order). A candidate is a possible four, a cell of a five-cell window
    /// free of defender stones with two or more attacker stones, or a cell of `zone`. Scores
    /// for the order: a window with three attacker stones counts 64, two 8, one 1, and a point
    /// where the defender could make a four 2 (taking it keeps a defender block in the
    /// attacker's VCF from becoming a counter-four).
    pub(super) fn attack_moves(&mut self, zone: &PointSet) -> (Vec<Point>, Candidates) {
        const WEIGHTS: [u32; 5] = [0, 1, 8, 64, 0];
        let attacker = self.board.side_to_move();
        let mut scores = std::mem::take(&mut self.scores);
        scores.resize(crate::board::CELL_COUNT, 0);
        let mut fours = PointSet::new();
        let mut shaped = PointSet::new();
        let mut points: Vec<Point> = Vec::new();
        for stone in stones_of(&self.board, attacker) {
            for direction in 0..4 {
                let (own, empty) = own_and_empty(&self.board, stone, direction, attacker);
                for window in FIVE_WINDOWS {
                    if own & window & 0x1F != 0 {
                        continue;
                    }
                    let stones = (own & window).count_ones();
                    if stones + (empty & window).count_ones() != 5 {
                        continue;
                    }
                    let mut cells = empty & window;
                    while cells != 0 {
                        let bit = cells.trailing_zeros();
                        cells &= cells - 1;
                        if let Some(q) = window_point(&self.board, stone, direction, bit) {
                            if scores[q.index()] == 0 {
                                points.push(q);
                            }
                            scores[q.index()] += WEIGHTS[stones as usize];
                            if stones == 3 {
                                fours.insert(q);
                            }
                            if stones >= 2 {
                                shaped.insert(q);
                            }
                        }
                    }
                }
            }
        }
        for (q, _) in four_candidates(&self.board, attacker.opponent()) {
            if scores[q.index()] == 0 {
                points.push(q);
            }
            scores[q.index()] += 2;
        }
        let last = stones_of(&self.board, attacker).last();
        let mut keyed: Vec<(u64, Point)> = points
            .iter()
            .filter(|&&p| shaped.contains(p) || zone.contains(p))
            .map(|&p| (order_key(scores[p.index()], p, last), p))
            .collect();
        for p in points {
            scores[p.index()] = 0;
        }
        self.scores = scores;
        keyed.sort_unstable_by_key(|&(key, _)| key);
        let four_list = keyed
            .iter()
            .map(|&(_, p)| p)
            .filter(|&p| fours.contains(p))
            .collect();
        (keyed.into_iter().map(|(_, p)| p).collect(), four_list)
    }

    /// The moves of the side to move that may spoil `threat`, a VCF line of the other side
    /// played from this position after a pass: the line's own points, the points that would
    /// turn one of its forced blocks into a four, the points that spoil its final threat.
    pub(super) fn threat_defences(&mut self, threat: &[Point]) -> Vec<Point> {
        let defender = self.board.side_to_move();
        let attacker = defender.opponent();
        let mut set = PointSet::new();
        let mut defences: Vec<Point> = Vec::new();
        let add = |p: Point, set: &mut PointSet, defences: &mut Vec<Point>| {
            if set.insert(p) {
                defences.push(p);
            }
        };
        for &p in threat {
            add(p, &mut set, &mut defences);
        }
        self.board.set_side_to_move(attacker);
        let mut played = 0;
        for (index, &p) in threat.iter().enumerate() {
            if !self.board.is_empty(p) {
                break;
            }
            let by_attacker = index % 2 == 0;
            self.board.play_unchecked(p);
            played += 1;
            if by_attacker {
                let fives = five_points_around(&self.board, self.rule, p, attacker);
                if self.rule.is_caro() {
                    // A stone just beyond a five blocks it at that end.
                    for &five in &fives {
                        for q in self.five_ends(five, attacker) {
                            add(q, &mut set, &mut defences);
                        }
                    }
                }
                if index + 1 == threat.len() {
                    // The final threat: its five points, and, when it wins because the black
                    // block is forbidden, the points around that could change the verdict.
                    let forbidden_end = self.rule == Rule::Renju
                        && defender == Color::Black
                        && fives.len() == 1
                        && rules::forbidden_kind(&self.board, fives[0]).is_some();
                    for &five in &fives {
                        add(five, &mut set, &mut defences);
                        if forbidden_end {
                            for q in line_neighbourhood(&self.board, five, 5) {
                                if self.board.is_empty(q) {
                                    add(q, &mut set, &mut defences);
                                }
                            }
                        }
                    }
                }
            } else {
                // A forced block that would be a four if the defender had one more stone
                // nearby: that stone, played now, makes the block a counter-four.
                for direction in 0..4 {
                    let cells = shape(&self.board, p, direction, defender).four_cells();
                    for_cells(&self.board, p, direction, cells, |q| {
                        add(q, &mut set, &mut defences)
                    });
                }
            }
        }
        for _ in 0..played {
            self.board.undo();
        }
        self.board.set_side_to_move(defender);
        defences.retain(|&p| self.board.is_empty(p));
        defences
    }

    /// The empty cells just beyond both ends of every run of five or more stones of `color`
    /// that a stone on `five` would complete (caro: a stone there blocks that end).
    fn five_ends(&self, five: Point, color: Color) -> PointList<8> {
        let mut ends = PointList::new();
        let (width, height) = (self.board.width(), self.board.height());
        for direction in 0..DIRECTIONS.len() {
            let run = |sign: i32| {
                let mut steps = 1;
                while five
                    .offset(direction, sign * steps, width, height)
                    .is_some_and(|p| self.board.stone(p) == Some(color))
                {
                    steps += 1;
                }
                steps
            };
            let (below, above) = (run(-1), run(1));
            if below + above - 1 < 5 {
                continue;
            }
            for end in [
                five.offset(direction, -below, width, height),
                five.offset(direction, above, width, height),
            ]
            .into_iter()
            .flatten()
            {
                if self.board.is_empty(end) {
                    ends.push(end);
                }
            }
        }
        ends
    }
}
