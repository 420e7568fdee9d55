//! The incremental pattern board: [`PatternBoard`] wraps a [`Board`] and keeps, for every empty
//! point, the line patterns and threat class of both colours, per-colour sets of points by
//! [`Threat`] class and running sums of point values; it reads the set of candidate points near
//! stones off the board's row bit masks when asked.
//!
//! Placing or removing a stone changes the line key of only the empty points within five cells
//! of it along its four lines, so `play`/`undo` recompute those (at most 40 points, both
//! colours, one pair-table read each) instead of the whole board.

use super::collections::PointSet;
use super::keys::{
    code_of, key_mask, offset_slot, pair_table, step_bound, step_index, CODE_EMPTY, CODE_WALL,
    NEIGHBOUR_STEPS, NIBBLE_CARO_CLOSED,
};
use super::lines::{Pattern, PATTERN_COUNT};
use super::points::{point_tables, CombinationKind, PointTables, Threat, THREAT_COUNT};
use super::weights::{
    position_weights, PolicyWeights, FREESTYLE_POLICY_WEIGHTS, RENJU_POLICY_WEIGHTS,
};
use crate::board::{Board, Color, Point, CELL_COUNT, DIRECTIONS, MAX_SIZE};
use crate::rules::{self, Rule};

/// What is known about one point for both colours (meaningful only while it is empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointPatterns {
    /// Per colour, the four line patterns packed one a byte (byte `d` = direction `d`).
    lines: [u32; 2],
    /// Per colour, the threat class as `Threat as u8`.
    threats: [u8; 2],
    /// Per colour, the point's evaluation weight as mover and as waiting side (milli-logits).
    values: [[i16; 2]; 2],
}

impl PointPatterns {
    /// The threat class of a `color` stone here.
    #[inline]
    pub fn threat(&self, color: Color) -> Threat {
        Threat::from_u8(self.threats[color.index()])
    }

    /// The line pattern of a `color` stone here along `direction`.
    #[inline]
    pub fn line(&self, color: Color, direction: usize) -> Pattern {
        Pattern::from_u8((self.lines[color.index()] >> (8 * direction)) as u8)
    }

    /// The evaluation weight of this point for `color` (milli-logits), as mover or not.
    #[inline]
    pub fn value(&self, color: Color, to_move: bool) -> i16 {
        self.values[color.index()][!to_move as usize]
    }
}

/// Radius of the square around each stone whose empty points are move candidates.
pub const CANDIDATE_RADIUS: i32 = 2;

/// What [`PatternBoard::update_lines`] does besides writing the keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineUpdate {
    /// Nothing: undo puts the saved entries back itself.
    KeysOnly,
    /// Look the patterns of the empty points up again; `record` saves the old entries for undo.
    Refresh { record: bool },
}

/// Move-ordering scores of the side to move in one position ([`PatternBoard::move_scorer`]).
pub struct MoveScorer<'a> {
    points: &'a [PointPatterns],
    weights: &'static PolicyWeights,
    us: usize,
    them: usize,
    their_last: Option<Point>,
    own_last: Option<Point>,
}

impl MoveScorer<'_> {
    /// The score of the empty `point` (see [`PatternBoard::move_score`]).
    #[inline]
    pub fn score(&self, point: Point) -> i32 {
        let weights = self.weights;
        let info = &self.points[point.index()];
        let own_threat = (info.threats[self.us] as usize).min(THREAT_COUNT - 1);
        let their_threat = (info.threats[self.them] as usize).min(THREAT_COUNT - 1);
        let mut score =
            weights.own_threat[own_threat] as i32 + weights.their_threat[their_threat] as i32;
        let own_lines = info.lines[self.us].to_le_bytes();
        let their_lines = info.lines[self.them].to_le_bytes();
        for direction in 0..4 {
            score +=
                weights.own_line[(own_lines[direction] as usize).min(PATTERN_COUNT - 1)] as i32;
            score +=
                weights.their_line[(their_lines[direction] as usize).min(PATTERN_COUNT - 1)] as i32;
        }
        let bucket = |last: Point| last.distance(point).clamp(1, 4) - 1;
        if let Some(last) = self.their_last {
            score += weights.near_last_opponent[bucket(last)] as i32;
        }
        if let Some(last) = self.own_last {
            score += weights.near_last_own[bucket(last)] as i32;
        }
        score
    }
}

/// A board with the line patterns and threat classes of every empty point, kept up to date by
/// [`PatternBoard::play`] and [`PatternBoard::undo`].
///
/// Every point keeps, per direction, a two-colour line key of its ten neighbours; a move
/// changes one two-bit slot in the keys of the points within five cells along its lines, and
/// the empty ones among them look their patterns up again (one table read gives both colours).
#[derive(Clone)]
pub struct PatternBoard {
    board: Board,
    rule: Rule,
    pair_table: &'static [u8],
    key_mask: u32,
    point_tables: [&'static PointTables; 2],
    /// Per point and direction, the two-colour line key.
    keys: Vec<[u32; 4]>,
    points: Vec<PointPatterns>,
    /// Per colour and threat class, the empty points of that class.
    threat_sets: [[PointSet; THREAT_COUNT]; 2],
    /// Per colour and threat class, how many points.
    threat_counts: [[u16; THREAT_COUNT]; 2],
    /// Per colour, the sums of the values of the empty points as mover and as waiting side.
    value_sums: [[i32; 2]; 2],
    /// The point entries each [`PatternBoard::play`] changed, as they were before it, so that
    /// [`PatternBoard::undo`] puts them back instead of looking every pattern up again.
    undo_log: Vec<(u16, PointPatterns)>,
    /// Where each played move's entries start in `undo_log`, one mark per move.
    undo_marks: Vec<u32>,
}

impl PatternBoard {
    /// The pattern board of `board` under `rule`.
    pub fn new(board: &Board, rule: Rule) -> PatternBoard {
        let mut state = PatternBoard {
            board: board.clone(),
            rule,
            pair_table: pair_table(rule),
            key_mask: key_mask(rule),
            point_tables: [
                point_tables(CombinationKind::of(rule, Color::Black)),
                point_tables(CombinationKind::of(rule, Color::White)),
            ],
            keys: vec![[0; 4]; CELL_COUNT],
            points: vec![PointPatterns::default(); CELL_COUNT],
            threat_sets: [[PointSet::new(); THREAT_COUNT]; 2],
            threat_counts: [[0; THREAT_COUNT]; 2],
            value_sums: [[0; 2]; 2],
            undo_log: Vec::new(),
            undo_marks: Vec::new(),
        };
        let (width, height) = (board.width(), board.height());
        let points: Vec<Point> = state.board.points().collect();
        for &point in &points {
            for direction in 0..4 {
                let mut key = 0;
                for offset in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let code = match point.offset(direction, offset, width, height) {
                        None => CODE_WALL,
                        Some(q) => match state.board.cell(q) {
                            crate::board::Cell::Empty => CODE_EMPTY,
                            crate::board::Cell::Blocked => CODE_WALL,
                            crate::board::Cell::Stone(color) => code_of(color),
                        },
                    };
                    key |= code << (2 * offset_slot(offset));
                }
                state.keys[point.index()][direction] = key;
            }
        }
        for &point in &points {
            if state.board.is_empty(point) {
                state.compute_point(point);
                state.account(point, 1);
            }
        }
        state
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The patterns of `point` (meaningful while it is empty).
    #[inline]
    pub fn point(&self, point: Point) -> &PointPatterns {
        &self.points[point.index()]
    }

    /// The threat class of a `color` stone on the empty `point`.
    #[inline]
    pub fn threat(&self, point: Point, color: Color) -> Threat {
        self.points[point.index()].threat(color)
    }

    /// The empty points where `color` has threat class `threat`.
    #[inline]
    pub fn threat_set(&self, color: Color, threat: Threat) -> &PointSet {
        &self.threat_sets[color.index()][threat as usize]
    }

    /// How many empty points have threat class `threat` for `color`.
    #[inline]
    pub fn threat_count(&self, color: Color, threat: Threat) -> usize {
        self.threat_counts[color.index()][threat as usize] as usize
    }

    /// How many empty points have a threat class of at least `threat` for `color`.
    #[inline]
    pub fn threat_count_at_least(&self, color: Color, threat: Threat) -> usize {
        self.threat_counts[color.index()][threat as usize..]
            .iter()
            .map(|&n| n as usize)
            .sum()
    }

    /// The sum of the point values of `color` over the empty points, in milli-logits, with
    /// the mover's weights when `to_move`, else the waiting side's.
    #[inline]
    pub fn value_sum(&self, color: Color, to_move: bool) -> i32 {
        self.value_sums[color.index()][!to_move as usize]
    }

    /// The evaluation from the side to move's view, in milli-logits of its chance to win: the
    /// point weights of both sides summed over the empty points, plus the position terms.
    pub fn evaluate(&self) -> i32 {
        let us = self.side_to_move();
        let them = us.opponent();
        let weights = position_weights(self.rule, us);
        let mut logits =
            self.value_sum(us, true) + self.value_sum(them, false) + weights.mover_bias;
        let winning = |color: Color| {
            self.threat_count(color, Threat::OpenFour)
                + self.threat_count(color, Threat::FourOpenThree)
                + self.threat_count(color, Threat::DoubleOpenThree)
        };
        if winning(us) > 0 && self.threat_count_at_least(them, Threat::Four) == 0 {
            logits += weights.unanswered_winning_threat;
        }
        if self.threat_count(them, Threat::OpenFour)
            + self.threat_count(them, Threat::FourOpenThree)
            > 0
        {
            logits += weights.waiting_forcing_threat;
        }
        if winning(them) > 0 {
            logits += weights.waiting_winning_threat;
        }
        logits
    }

    /// The empty points within [`CANDIDATE_RADIUS`] of a stone (a square around it), read off
    /// the board's row masks: each row's stones spread sideways, then the spread rows above and
    /// below are joined, less the stones, blocked points and the points past the board's edge.
    /// Computed when asked rather than kept by every move: the search asks at most once a
    /// node, and only at nodes that face no threat.
    pub fn candidates(&self) -> PointSet {
        const R: usize = CANDIDATE_RADIUS as usize;
        let height = self.board.height();
        let mut taken = [0u32; MAX_SIZE];
        let mut spread = [0u32; MAX_SIZE];
        for y in 0..height {
            let (stones, unavailable) = self.board.row_masks(y);
            taken[y] = stones | unavailable;
            spread[y] = (0..=R as u32).fold(0, |near, d| near | stones << d | stones >> d);
        }
        let mut set = PointSet::new();
        for y in 0..height {
            let near = spread[y.saturating_sub(R)..=(y + R).min(height - 1)]
                .iter()
                .fold(0, |near, &row| near | row);
            set.insert_row(y, near & !taken[y]);
        }
        set
    }

    /// Plays `point` (empty, on the board) for the side to move.
    pub fn play(&mut self, point: Point) {
        let color = self.board.side_to_move();
        self.account(point, -1);
        self.board.play_unchecked(point);
        self.undo_marks.push(self.undo_log.len() as u32);
        self.update_lines(point, code_of(color), LineUpdate::Refresh { record: true });
    }

    /// Move-ordering score of the side to move playing the empty `point` (see
    /// [`PolicyWeights`](super::PolicyWeights)): higher is tried first. To score many points of
    /// one position, [`PatternBoard::move_scorer`] once.
    #[inline]
    pub fn move_score(&self, point: Point) -> i32 {
        self.move_scorer().score(point)
    }

    /// The move-ordering scorer of the side to move in this position: the rule's weights, the
    /// sides and the last two moves looked up once for all the points it scores.
    #[inline]
    pub fn move_scorer(&self) -> MoveScorer<'_> {
        let us = self.board.side_to_move();
        let history = self.board.history();
        let back = |n: usize| history.len().checked_sub(n).map(|index| history[index]);
        MoveScorer {
            points: &self.points,
            weights: if self.rule == Rule::Renju {
                &RENJU_POLICY_WEIGHTS
            } else {
                &FREESTYLE_POLICY_WEIGHTS
            },
            us: us.index(),
            them: us.opponent().index(),
            their_last: back(1),
            own_last: back(2),
        }
    }

    /// Passes: the other side moves next, nothing is placed (the search's null move). Undo
    /// it with [`PatternBoard::unpass`] before any other undo.
    #[inline]
    pub fn pass(&mut self) {
        let mover = self.board.side_to_move();
        self.board.set_side_to_move(mover.opponent());
    }

    /// Takes back a [`PatternBoard::pass`] (passing again hands the move back).
    #[inline]
    pub fn unpass(&mut self) {
        self.pass();
    }

    /// Takes back the last move; returns it.
    ///
    /// A move made by [`PatternBoard::play`] is undone by putting back the entries it changed
    /// (the played point's own entry was left alone while it was occupied, and the lines
    /// around it are as they were). A move that was already on the board when this pattern
    /// board was built has no saved entries: its neighbours are looked up again.
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.board.undo()?;
        match self.undo_marks.pop() {
            Some(mark) => {
                self.update_lines(point, CODE_EMPTY, LineUpdate::KeysOnly);
                while self.undo_log.len() > mark as usize {
                    if let Some((index, before)) = self.undo_log.pop() {
                        self.restore_entry(Point::from_index(index as usize), before);
                    }
                }
            }
            None => {
                self.update_lines(point, CODE_EMPTY, LineUpdate::Refresh { record: false });
                self.compute_point(point);
            }
        }
        self.account(point, 1);
        Some(point)
    }

    /// Adds (`sign` = 1) or removes (`sign` = -1) the point's current combination from the
    /// sets and sums.
    #[inline]
    fn account(&mut self, point: Point, sign: i32) {
        let entry = &self.points[point.index()];
        for color in 0..2 {
            let threat = entry.threats[color] as usize;
            if sign > 0 {
                self.threat_sets[color][threat].insert(point);
                self.threat_counts[color][threat] += 1;
            } else {
                self.threat_sets[color][threat].remove(point);
                self.threat_counts[color][threat] -= 1;
            }
            self.value_sums[color][0] += sign * entry.values[color][0] as i32;
            self.value_sums[color][1] += sign * entry.values[color][1] as i32;
        }
    }

    /// Writes `code` into the slot of `center` in the line keys of the points within five
    /// cells along its lines, and (as `update` says) refreshes the empty ones.
    #[inline]
    fn update_lines(&mut self, center: Point, code: u32, update: LineUpdate) {
        let width = self.board.width() as i32;
        let height = self.board.height() as i32;
        let (cx, cy) = (center.x() as i32, center.y() as i32);
        for (direction, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            // The steps along this line that stay on the board, as a range of NEIGHBOUR_STEPS.
            let first =
                step_index(step_bound(cx, dx, width, false).max(step_bound(cy, dy, height, false)));
            let last =
                step_index(step_bound(cx, dx, width, true).min(step_bound(cy, dy, height, true)));
            let stride = dy * MAX_SIZE as i32 + dx;
            for &(step, shift) in &NEIGHBOUR_STEPS[first..last] {
                let index = (center.index() as i32 + step * stride) as usize;
                let key = &mut self.keys[index][direction];
                *key = (*key & !(3 << shift)) | code << shift;
                let record = match update {
                    LineUpdate::KeysOnly => continue,
                    LineUpdate::Refresh { record } => record,
                };
                // Under freestyle the outer cells of a key are masked off: nothing to read.
                let point = Point::from_index(index);
                if self.board.is_empty(point) && (self.key_mask >> shift) & 3 != 0 {
                    self.refresh_direction(point, direction, record);
                }
            }
        }
    }

    /// Puts back the saved entry of the empty `point`, with its sets and sums.
    #[inline]
    fn restore_entry(&mut self, point: Point, before: PointPatterns) {
        let current = self.points[point.index()];
        for color in 0..2 {
            let (now, then) = (current.threats[color], before.threats[color]);
            if now != then {
                self.threat_sets[color][now as usize].remove(point);
                self.threat_counts[color][now as usize] -= 1;
                self.threat_sets[color][then as usize].insert(point);
                self.threat_counts[color][then as usize] += 1;
            }
            self.value_sums[color][0] +=
                before.values[color][0] as i32 - current.values[color][0] as i32;
            self.value_sums[color][1] +=
                before.values[color][1] as i32 - current.values[color][1] as i32;
        }
        self.points[point.index()] = before;
    }

    /// The line patterns of both colours along `direction` from the key.
    #[inline]
    fn read_direction(&self, point: Point, direction: usize) -> (u8, u8) {
        let entry = self.pair_table[(self.keys[point.index()][direction] & self.key_mask) as usize];
        let (mut black, mut white) = (entry & 15, entry >> 4);
        if black == NIBBLE_CARO_CLOSED {
            black = self.settle_caro_five(point, Color::Black);
        }
        if white == NIBBLE_CARO_CLOSED {
            white = self.settle_caro_five(point, Color::White);
        }
        (black, white)
    }

    #[cold]
    fn settle_caro_five(&self, point: Point, color: Color) -> u8 {
        if rules::makes_win(self.board.lines(), point, color, self.rule) {
            Pattern::Five as u8
        } else {
            Pattern::Dead as u8
        }
    }

    /// Recomputes every direction of the empty `point` (not accounted).
    fn compute_point(&mut self, point: Point) {
        let mut lines = [0u32; 2];
        for direction in 0..4 {
            let (black, white) = self.read_direction(point, direction);
            lines[0] |= (black as u32) << (8 * direction);
            lines[1] |= (white as u32) << (8 * direction);
        }
        let entry = &mut self.points[point.index()];
        entry.lines = lines;
        for (color, &color_lines) in lines.iter().enumerate() {
            let (threat, mover, waiting) = self.point_tables[color].combine(color_lines);
            entry.threats[color] = threat;
            entry.values[color] = [mover, waiting];
        }
    }

    /// Re-reads one direction of the empty `point` and updates its threat classes, values,
    /// sets and sums.
    #[inline]
    fn refresh_direction(&mut self, point: Point, direction: usize, record: bool) {
        let (black, white) = self.read_direction(point, direction);
        let index = point.index();
        let shift = 8 * direction;
        let entry = &mut self.points[index];
        let old_lines = entry.lines;
        let new_lines = [
            (old_lines[0] & !(0xFF << shift)) | (black as u32) << shift,
            (old_lines[1] & !(0xFF << shift)) | (white as u32) << shift,
        ];
        if new_lines == old_lines {
            return;
        }
        if record {
            // A point lies on one line through the move: saved at most once per move.
            self.undo_log.push((index as u16, *entry));
        }
        let entry = &mut self.points[index];
        entry.lines = new_lines;
        for (color, &color_lines) in new_lines.iter().enumerate() {
            // A colour whose line patterns stayed keeps its entry: no table read.
            if color_lines == old_lines[color] {
                continue;
            }
            let (threat, mover, waiting) = self.point_tables[color].combine(color_lines);
            let old_threat = entry.threats[color];
            let [old_mover, old_waiting] = entry.values[color];
            entry.threats[color] = threat;
            entry.values[color] = [mover, waiting];
            self.value_sums[color][0] += mover as i32 - old_mover as i32;
            self.value_sums[color][1] += waiting as i32 - old_waiting as i32;
            if old_threat != threat {
                self.threat_sets[color][old_threat as usize].remove(point);
                self.threat_counts[color][old_threat as usize] -= 1;
                self.threat_sets[color][threat as usize].insert(point);
                self.threat_counts[color][threat as usize] += 1;
            }
        }
    }

    /// Whether the incremental state equals a from-scratch rebuild (for tests).
    pub fn is_consistent(&self) -> bool {
        let fresh = PatternBoard::new(&self.board, self.rule);
        self.board.points().all(|p| {
            self.keys[p.index()] == fresh.keys[p.index()]
                && (!self.board.is_empty(p) || self.points[p.index()] == fresh.points[p.index()])
        }) && self.threat_counts == fresh.threat_counts
            && self.threat_sets == fresh.threat_sets
            && self.value_sums == fresh.value_sums
    }
}

/// [`PatternBoard::update_lines`] steps through point indices with a row stride of `MAX_SIZE`:
/// every point index is below `MAX_SIZE * MAX_SIZE`.
const _: () = assert!(CELL_COUNT == MAX_SIZE * MAX_SIZE);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_state_matches_a_rebuild() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro, Rule::Standard] {
            let board = Board::new(13, 11).unwrap();
            let mut state = PatternBoard::new(&board, rule);
            for _ in 0..60 {
                let empty: Vec<Point> = state.board().empty_points().collect();
                let point = empty[rng.gen_range(0..empty.len())];
                state.play(point);
                assert!(state.is_consistent());
                if rng.gen_bool(0.3) {
                    state.undo();
                    assert!(state.is_consistent());
                }
            }
            while state.undo().is_some() {}
            assert!(state.is_consistent());
        }
    }

    #[test]
    fn candidates_are_the_empty_points_near_a_stone() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        // Boards of every shape the row masks must handle: the smallest, a wide one, the widest.
        for (width, height) in [(5, 5), (19, 7), (32, 32), (15, 15)] {
            let mut board = Board::new(width, height).unwrap();
            let expected = |board: &Board| -> Vec<Point> {
                board
                    .empty_points()
                    .filter(|&p| {
                        board.points().any(|q| {
                            board.stone(q).is_some() && q.distance(p) <= CANDIDATE_RADIUS as usize
                        })
                    })
                    .collect()
            };
            let pos = PatternBoard::new(&board, Rule::Freestyle);
            assert!(pos.candidates().is_empty());
            for _ in 0..12 {
                let empty: Vec<Point> = board.empty_points().collect();
                let point = empty[rng.gen_range(0..empty.len())];
                if rng.gen_bool(0.2) {
                    // A blocked point is no stone and no candidate.
                    board.block(point).unwrap();
                } else {
                    board.play_unchecked(point);
                }
                let pos = PatternBoard::new(&board, Rule::Freestyle);
                let got: Vec<Point> = pos.candidates().iter().collect();
                assert_eq!(got, expected(&board), "{width}x{height}\n{board:?}");
            }
        }
    }

    #[test]
    fn undo_reaches_past_the_moves_the_board_was_built_with() {
        // Moves made before the pattern board existed have no saved entries: undoing them
        // takes the look-up path, the later ones the restore path; both stay exact.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut board = Board::new(15, 15).unwrap();
            for _ in 0..25 {
                let empty: Vec<Point> = board.empty_points().collect();
                board.play_unchecked(empty[rng.gen_range(0..empty.len())]);
            }
            let mut state = PatternBoard::new(&board, rule);
            for _ in 0..20 {
                let empty: Vec<Point> = state.board().empty_points().collect();
                state.play(empty[rng.gen_range(0..empty.len())]);
            }
            let mut undone = 0;
            while state.undo().is_some() {
                undone += 1;
                assert!(state.is_consistent(), "{rule:?} after {undone} undos");
            }
            assert_eq!(undone, 45);
        }
    }

    #[test]
    fn threats_combine_lines() {
        let board = Board::from_ascii(
            "...............\n\
             ...............\n\
             ....XXX........\n\
             ...............\n\
             .......X.......\n\
             .......X.......\n\
             .......X.......\n\
             ...............\n",
        )
        .unwrap();
        let state = PatternBoard::new(&board, Rule::Freestyle);
        // (7,3) makes an open four vertically.
        assert_eq!(
            state.threat(Point::new(7, 3), Color::Black),
            Threat::OpenFour
        );
        // (7,2) extends the row to a four-ish XXX.X and the column: four + open three? The
        // row XXX.X is a four; the column .X.XXX is a four too: two fours.
        assert_eq!(
            state.threat(Point::new(7, 2), Color::Black),
            Threat::OpenFour
        );
        // (3,2) makes an open four on the row.
        assert_eq!(
            state.threat(Point::new(3, 2), Color::Black),
            Threat::OpenFour
        );
    }

    #[test]
    fn move_order_tries_threats_first() {
        // Black to move. Black's (7,3) makes an open four; white has an open three on the
        // diagonal, so black's (2,10) spoils white's open four there; (13,13) makes nothing.
        let board = Board::from_ascii(
            "............O..\n\
             ...............\n\
             ...............\n\
             ...............\n\
             .......X.......\n\
             .......X.......\n\
             .......X.......\n\
             .....O.........\n\
             ....O....X.....\n\
             ...O...........\n\
             ...............\n\
             ...............\n\
             ...............\n\
             ...............\n\
             ...............\n",
        )
        .unwrap();
        assert_eq!(board.side_to_move(), Color::Black);
        for rule in [Rule::Freestyle, Rule::Renju] {
            let state = PatternBoard::new(&board, rule);
            assert_eq!(
                state.threat(Point::new(2, 10), Color::White),
                Threat::OpenFour
            );
            let open_four = state.move_score(Point::new(7, 3));
            let spoil = state.move_score(Point::new(2, 10));
            let nothing = state.move_score(Point::new(13, 13));
            assert!(open_four > spoil, "{rule:?}: {open_four} vs {spoil}");
            assert!(spoil > nothing, "{rule:?}: {spoil} vs {nothing}");
        }
    }
}
