//! The VCF search (victory by continuous fours, see the parent module's header): the
//! attacker's fours, the defender's blocks and counter-fours, the table of failures, and the
//! zone a failed search records for the VCT (the cells where one more attacker stone could
//! have changed its result).

use crate::board::{Board, Color, Point};
use crate::pattern::{PointList, PointSet};
use crate::rules::{self, Rule};

use super::shapes::{five_points_around, for_cells, next_candidates, shape};
use super::*;

/// What a failed VCF search depended on, recorded while it runs: the cells where one more
/// attacker stone could have changed its result. These are the empty cells of five-cell
/// windows that held two or more attacker stones at some node (another stone there makes a
/// new four or a second five point): the root's are added by the caller, the others lie on
/// the lines of the attacker moves the search played; the defender's five points after its
/// blocks (a stone there stops a counter-four); and every cell within five on the lines of a
/// move whose legality or blocks a stone nearby can change (a renju forbidden point, a caro
/// five's ends). Its own table of failures stands for the shared one, which cannot say what
/// a failure depended on.
#[derive(Default)]
pub(super) struct ZoneTracker {
    failures: ZobristMap<u32>,
    cells: Option<Box<PointSet>>,
    wide: Vec<Point>,
}

impl ZoneTracker {
    fn cell_set(&mut self) -> &mut PointSet {
        self.cells.get_or_insert_with(|| Box::new(PointSet::new()))
    }

    /// Records one cell.
    fn add(&mut self, point: Point) {
        self.cell_set().insert(point);
    }

    /// Records the empty cells of the windows through `point` (a stone of `color`) that hold
    /// two or more stones of `color`.
    fn add_windows(&mut self, board: &Board, point: Point, color: Color) {
        for direction in 0..4 {
            let cells = shape(board, point, direction, color).shape_cells();
            for_cells(board, point, direction, cells, |q| self.add(q));
        }
    }

    /// Records every cell within five of `point` on its lines.
    fn add_wide(&mut self, point: Point) {
        self.wide.push(point);
    }

    /// The recorded cells.
    pub(super) fn cells(self, board: &Board) -> PointSet {
        let mut cells = self.cells.map_or_else(PointSet::new, |b| *b);
        for p in self.wide {
            for q in line_neighbourhood(board, p, 5) {
                cells.insert(q);
            }
        }
        cells
    }
}

impl Solver<'_> {
    /// VCF for the side to move with at most `depth` attacker moves, from the root of a search.
    /// `defender_fives` are the defender's five points (all of them).
    pub(super) fn vcf_root(&mut self, depth: u32, defender_fives: &[Point]) -> Search {
        if let Some(settled) = self.vcf_entry(depth) {
            return settled;
        }
        let candidates = self.root_four_candidates();
        self.vcf_search(depth, defender_fives, &candidates)
    }

    /// Counts a VCF node and settles it when the budget ran out or the failure table (the
    /// zone's while a zone is recorded) knows it fails with `depth` attacker moves; otherwise
    /// [`Solver::vcf_search`] goes on (the callers list the candidates only then).
    #[inline]
    pub(super) fn vcf_entry(&mut self, depth: u32) -> Option<Search> {
        if self.out_of_budget() {
            return Some(Search::Abort);
        }
        let hash = self.board.hash();
        let known = match &self.zone {
            Some(zone) => zone.failures.get(&hash),
            None => self.vcf_failures.get(&hash),
        };
        match known {
            Some(&failed) if failed >= depth => Some(Search::Fail(Cut {
                depth: failed != u32::MAX,
            })),
            _ => None,
        }
    }

    /// VCF for the side to move with at most `depth` attacker moves. `defender_fives` are the
    /// defender's five points (all of them), which the attacker must block first;
    /// `candidates` are the attacker's four candidates in this position.
    pub(super) fn vcf(
        &mut self,
        depth: u32,
        defender_fives: &[Point],
        candidates: &[Point],
    ) -> Search {
        match self.vcf_entry(depth) {
            Some(settled) => settled,
            None => self.vcf_search(depth, defender_fives, candidates),
        }
    }

    /// The search of [`Solver::vcf`] past its entry.
    pub(super) fn vcf_search(
        &mut self,
        depth: u32,
        defender_fives: &[Point],
        candidates: &[Point],
    ) -> Search {
        let hash = self.board.hash();
        let mut cut = Cut::default();
        if depth == 0 {
            cut.depth = true;
            return Search::Fail(cut);
        }
        let forced: PointList<8>;
        let moves: &[Point] = match defender_fives.len() {
            0 => candidates,
            1 => {
                forced = defender_fives.iter().copied().collect();
                &forced
            }
            _ => return Search::Fail(cut),
        };
        let attacker = self.board.side_to_move();
        // On the last move a four wins only with two five points (outside caro, and unless
        // its one block is forbidden for black): count them on the shapes before playing it.
        // Not while a zone is recorded, which also reads the moves that are not played.
        let last_move_shortcut = depth == 1
            && self.zone.is_none()
            && !self.rule.is_caro()
            && !(self.rule == Rule::Renju && attacker == Color::White);
        for &four in moves {
            if last_move_shortcut {
                let five_cells: u32 = (0..4)
                    .map(|direction| {
                        shape(&self.board, four, direction, attacker)
                            .five_cells()
                            .count_ones()
                    })
                    .sum();
                // None: not a four. One: a four the defender blocks, and the cut it makes
                // is known already.
                if five_cells == 0 || (five_cells == 1 && cut.depth) {
                    continue;
                }
            }
            if !rules::is_legal(&self.board, four, self.rule) {
                if let Some(zone) = &mut self.zone {
                    zone.add_wide(four);
                }
                continue;
            }
            if self.rule.is_caro() {
                if let Some(zone) = &mut self.zone {
                    zone.add_wide(four);
                }
            }
            self.board.play_unchecked(four);
            let fives = five_points_around(&self.board, self.rule, four, attacker);
            if fives.is_empty() {
                self.board.undo();
                continue;
            }
            let blocks = self.blocks(four, &fives);
            if blocks.is_empty() {
                self.board.undo();
                return Search::Win(vec![four]);
            }
            if depth == 1 {
                self.board.undo();
                cut.depth = true;
                continue;
            }
            if let Some(zone) = &mut self.zone {
                zone.add_windows(&self.board, four, attacker);
            }
            let result = self.vcf_after_four(depth, four, &blocks, candidates);
            self.board.undo();
            match result {
                Search::Win(mut line) => {
                    line.insert(0, four);
                    return Search::Win(line);
                }
                Search::Fail(c) => cut.merge(c),
                Search::Abort => return Search::Abort,
            }
        }
        let failed = if cut.depth { depth } else { u32::MAX };
        if self.vcf_failures.len() > TABLE_LIMIT {
            self.vcf_failures.clear();
        }
        self.vcf_failures.insert(hash, failed);
        if let Some(zone) = &mut self.zone {
            zone.failures.insert(hash, failed);
        }
        Search::Fail(cut)
    }

    /// The defender to move after the four `four` with these `blocks`: every block must lose.
    /// `candidates` are the attacker's four candidates before the four.
    fn vcf_after_four(
        &mut self,
        depth: u32,
        four: Point,
        blocks: &[Point],
        candidates: &[Point],
    ) -> Search {
        let defender = self.board.side_to_move();
        let attacker = defender.opponent();
        let mut principal = None;
        for &block in blocks {
            if self.rule == Rule::Renju && defender == Color::Black {
                if let Some(zone) = &mut self.zone {
                    zone.add_wide(block);
                }
            }
            self.board.play_unchecked(block);
            let counter = five_points_around(&self.board, self.rule, block, defender);
            if let Some(zone) = &mut self.zone {
                for &q in &counter {
                    zone.add(q);
                }
            }
            let result = match self.vcf_entry(depth - 1) {
                Some(settled) => settled,
                None => {
                    let next = next_candidates(&self.board, candidates, four, block, attacker);
                    self.vcf_search(depth - 1, &counter, &next)
                }
            };
            self.board.undo();
            match result {
                Search::Win(line) => {
                    if principal.is_none() {
                        principal = Some((block, line));
                    }
                }
                other => return other,
            }
        }
        match principal {
            Some((block, mut line)) => {
                line.insert(0, block);
                Search::Win(line)
            }
            None => Search::Fail(Cut::default()),
        }
    }

    /// A VCF for the side not to move, as if the side to move passed (`depth` attacker moves).
    pub(super) fn vcf_after_pass(&mut self, depth: u32) -> Search {
        let mover = self.board.side_to_move();
        self.board.set_side_to_move(mover.opponent());
        // The side that passes has no five point: the other side just moved without making one
        // possible, or blocked them all.
        let result = self.vcf_root(depth, &[]);
        self.board.set_side_to_move(mover);
        result
    }
}
