//! One search thread: iterative deepening over a [`PatternBoard`], principal variation search
//! with a four-only quiescence, killer, history and follow-up history ordering, late move
//! reductions and pruning, internal iterative reduction, singular and defence extensions, a
//! fail-high reduction. The moves come from [`super::movegen`]. Several workers share one
//! transposition table (lazy SMP).

mod iterate;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use smallvec::SmallVec;

use crate::board::{Color, Point, CELL_COUNT};
use crate::pattern::{MoveScorer, PatternBoard, Threat};
use crate::rules::{self, Rule};

use super::movegen::{generate_moves, has_forcing_threat, quiescence_fours, PointList};
use super::params;
use super::shape::SearchShape;
use super::time::SearchTimer;
use super::tt::{Bound, TranspositionTable};
use super::{Score, WIN, WIN_THRESHOLD};

pub use iterate::{AfterIteration, WorkerEvent};

/// Deepest ply a search may reach (forced sequences included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration.
pub const MAX_DEPTH: i32 = 60;
/// A score no search returns.
const INFINITE: Score = WIN + 1;

/// Score units per logit of the evaluation (a score of 200 says the side to move wins about
/// 73% of the time).
const EVAL_PER_LOGIT: Score = 200;
/// Largest static evaluation, so that evaluations never look like wins.
const MAX_EVAL: Score = 20_000;
/// Moves searched at `depth` before the rest is skipped (move count pruning, once a move that
/// does not lose is known): about 3 + depth^1.3, halved when the static evaluation is not
/// improving on the one two plies ago. Moves are ordered by threat scores, so the skipped
/// ones are the least forcing.
fn move_count_limit(depth: i32, improving: bool, percent: i32) -> usize {
    if percent <= 0 {
        return usize::MAX;
    }
    let base = (3.0 + (depth.max(0) as f64).powf(1.3)) * percent as f64 / 100.0;
    let limit = if improving { base } else { base / 2.0 };
    (limit as usize).max(2)
}

/// Plies taken off a node's depth before its moves are searched (internal iterative
/// reduction): a node that should have a table move (it lies on the principal variation, or
/// should cut) and has none is new ground, where the move ordering is a guess; searching it
/// shallower finds a move for the table cheaply, and the next iteration searches the node at
/// full depth with that move first. Nodes expected to fail low are left alone: every move is
/// searched there anyway.
fn internal_iterative_reduction(
    depth: i32,
    has_tt_move: bool,
    pv_node: bool,
    cut_node: bool,
) -> i32 {
    let from = params::iir_depth();
    if has_tt_move || !(pv_node || cut_node) || from <= 0 || depth < from {
        return 0;
    }
    params::iir_reduction()
}

/// Plies added to the depth of every move at a node (on top of a singular extension): one when
/// the node faces a threat and has at most [`params::defence_extension_moves`] moves (the ends
/// of an open three and our own fours, say). Such a line is forced and narrow, so reading each
/// of its threats one ply deeper costs little, and a long threat sequence (ours or the
/// opponent's) is seen at a shallower iteration. Many answers (a four-three whose defences
/// were joined) would make the extension costly: those nodes get none.
fn defence_extension(threatened: bool, move_count: usize) -> i32 {
    let most = params::defence_extension_moves();
    (threatened && most > 0 && move_count <= most as usize) as i32
}

/// Plies taken off every move but our fours at a node that will very likely fail high: a
/// non-PV node expected to cut, not facing a threat, whose static evaluation stands at least
/// [`params::fail_high_margin`] per ply above beta. One of its moves will almost surely hold
/// beta, and a shallower search shows that as well; our fours keep their depth, since they
/// are what may still turn the position.
fn fail_high_reduction(
    pv_node: bool,
    cut_node: bool,
    threatened: bool,
    static_eval: Score,
    beta: Score,
    depth: i32,
) -> i32 {
    let margin = params::fail_high_margin();
    let likely = margin > 0
        && !pv_node
        && cut_node
        && !threatened
        && beta.abs() < WIN_THRESHOLD
        && static_eval >= beta + margin * depth;
    likely as i32
}

/// What one ply of the current line knows.
#[derive(Clone, Copy, Debug)]
struct PlyState {
    /// Static evaluation at this ply (from the side to move there).
    eval: Score,
    /// Threat class of the move played at this ply, for the side that played it.
    own_threat: Threat,
    /// A move this node must not search (the singular extension test leaves out the
    /// transposition table's move to see what the others are worth).
    excluded: Option<Point>,
}

/// Scores at or beyond this (10 logits) are too decided for [`params::alpha_raise_reduction`].
const ALPHA_RAISE_SCORE_LIMIT: Score = 10 * EVAL_PER_LOGIT;

/// Adds `bonus` to a history entry, pulled back toward zero in proportion to the entry, so that
/// entries stay within +-16384 and recent results weigh more than old ones.
#[inline]
fn add_with_gravity(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / 16384;
}

/// One ply in the fixed-point units of the late-move reduction table.
const PLY: i32 = 1024;
/// A move within this Chebyshev distance of a last move is near it (a move against a threat
/// farther than this from the last moves is mostly a delay: see
/// [`Worker::late_move_reduction`]).
const NEAR_LAST_MOVE: usize = 4;

/// What the late-move reduction of a move depends on (see [`Worker::late_move_reduction`]).
#[derive(Clone, Copy, Debug)]
struct LateMove {
    depth: i32,
    /// The move's number at its node, from 1.
    move_count: usize,
    ply: usize,
    point: Point,
    /// Threat class of the point for the side to move (what playing it makes).
    own_threat: Threat,
    /// Threat class of the point for the opponent (what playing it spoils).
    other_threat: Threat,
    /// The point makes nothing for either side.
    trivial: bool,
    pv_node: bool,
    cut_node: bool,
    improving: bool,
    /// The opponent has a threat to win that must be answered now.
    threatened: bool,
}

/// A move with its ordering score.
#[derive(Clone, Copy, Debug)]
struct ScoredMove {
    point: Point,
    score: i32,
    tactical: bool,
}

type MoveList = SmallVec<[ScoredMove; 64]>;

/// What all workers of one search share.
pub(super) struct Shared<'a> {
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the main worker when it is done, so that helpers stop too.
    pub done: AtomicBool,
    /// Nodes of all workers (flushed every few thousand).
    pub nodes: AtomicU64,
    /// The search's time and limits.
    pub timer: &'a SearchTimer,
    /// Number of workers.
    pub threads: usize,
    /// The rule.
    pub rule: Rule,
}

impl<'a> Shared<'a> {
    /// Nothing searched yet.
    pub fn new(stop: &'a AtomicBool, timer: &'a SearchTimer, threads: usize, rule: Rule) -> Self {
        Shared {
            stop,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            timer,
            threads,
            rule,
        }
    }
}

/// A root move and what the last iterations said about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub point: Point,
    pub score: Score,
    pub previous_score: Score,
    pub pv: Vec<Point>,
}

impl RootMove {
    /// A root move not searched yet.
    pub fn new(point: Point) -> RootMove {
        RootMove {
            point,
            score: -WIN,
            previous_score: -WIN,
            pv: vec![point],
        }
    }

    /// Whether its score is a proven win or loss, not one of the marks of a move without a
    /// score: `-WIN` before its first search, `-INFINITE` after an iteration in which it only
    /// failed low against the best move (a stop inside the next iteration may leave such a move
    /// at the front, see `ranking_after_stop`).
    pub fn has_proven_score(&self) -> bool {
        (WIN_THRESHOLD..WIN).contains(&self.score.abs())
    }
}

/// One search thread's state.
pub(super) struct Worker<'a> {
    pos: PatternBoard,
    tt: &'a TranspositionTable,
    shared: &'a Shared<'a>,
    index: usize,
    /// Nodes searched by this worker.
    pub nodes: u64,
    flushed_nodes: u64,
    aborted: bool,
    history: Vec<[i32; CELL_COUNT]>,
    /// Follow-up history: how each of our moves fared (a cutoff, or tried before the move that
    /// made one) right after each opponent move, by colour, opponent move and our move (cells
    /// indexed `y * width + x`). The plain history says which points are good anywhere in the
    /// tree; this one which answer works against which move, so that among several threats of
    /// the same strength the one that refuted that move before is tried first.
    follow_up: Vec<i32>,
    /// Cells of the board (`width * height`), the stride of `follow_up`.
    cells: usize,
    killers: [[Option<Point>; 2]; MAX_PLY + 1],
    pv_table: Vec<[Point; MAX_PLY + 1]>,
    pv_length: [usize; MAX_PLY + 1],
    /// The root moves, best first after each iteration.
    pub root_moves: Vec<RootMove>,
    /// The front root move's score is only an upper bound from the iteration under way: it
    /// failed low, and no move has beaten alpha since (see [`Worker::iterate`]).
    front_failed_low: bool,
    /// Depth of the last finished iteration.
    pub completed_depth: i32,
    /// Depth of the iteration under way.
    root_depth: i32,
    /// Quiescence nodes (statistics).
    pub quiescence_nodes: u64,
    /// How many root moves get an exact score each iteration (1: only the best; more for
    /// Yixin-Board's N-best, see [`Worker::search_root_multi`]).
    pub multi_pv: usize,
    /// The root moves as the last finished iteration ranked them (with `multi_pv` > 1: the
    /// first `multi_pv` exact, all from the same depth).
    pub ranked_lines: Vec<RootMove>,
    /// Search-shape counters (statistics).
    pub shape: SearchShape,
    /// How many root moves, at the front, the last multi-PV root search scored exactly.
    exact_root_moves: usize,
    /// Base late-move reductions by depth and move number, in [`PLY`] units.
    reductions: Vec<[i32; 64]>,
    stack: [PlyState; MAX_PLY + 2],
}

impl<'a> Worker<'a> {
    pub fn new(
        pos: PatternBoard,
        tt: &'a TranspositionTable,
        shared: &'a Shared<'a>,
        index: usize,
        root_moves: Vec<RootMove>,
    ) -> Worker<'a> {
        let cells = pos.board().width() * pos.board().height();
        let mut reductions = vec![[0i32; 64]; 64];
        let scale = params::reduction_percent() as f64 / 100.0;
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, cell) in row.iter_mut().enumerate().skip(1) {
                let r = (depth as f64).ln() * (count as f64).ln() * scale;
                *cell = (r.max(0.0) * PLY as f64).round() as i32;
            }
        }
        Worker {
            pos,
            tt,
            shared,
            index,
            nodes: 0,
            flushed_nodes: 0,
            aborted: false,
            front_failed_low: false,
            history: vec![[0; CELL_COUNT]; 2],
            follow_up: vec![0; 2 * cells * cells],
            cells,
            killers: [[None; 2]; MAX_PLY + 1],
            pv_table: vec![[Point::new(0, 0); MAX_PLY + 1]; MAX_PLY + 1],
            pv_length: [0; MAX_PLY + 1],
            root_moves,
            completed_depth: 0,
            root_depth: 0,
            quiescence_nodes: 0,
            multi_pv: 1,
            ranked_lines: Vec::new(),
            exact_root_moves: 0,
            shape: SearchShape::default(),
            reductions,
            stack: [PlyState {
                eval: 0,
                own_threat: Threat::None,
                excluded: None,
            }; MAX_PLY + 2],
        }
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed_nodes, Ordering::Relaxed);
        self.flushed_nodes = self.nodes;
    }

    /// Nodes of all workers so far: the shared count and this worker's nodes not yet added to
    /// it.
    pub fn nodes_so_far(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed_nodes)
    }

    /// Counts a node and says whether to stop.
    #[inline]
    fn count_node_and_check(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        let limits = self.shared.timer.limits();
        if self.shared.threads == 1 {
            if let Some(max) = limits.max_nodes {
                if self.nodes >= max {
                    self.aborted = true;
                    return true;
                }
            }
        }
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            if self.shared.stop.load(Ordering::Relaxed)
                || self.shared.done.load(Ordering::Relaxed)
                || self.shared.timer.tree_must_stop()
            {
                self.aborted = true;
            }
            if self.shared.threads > 1 {
                if let Some(max) = limits.max_nodes {
                    if self.shared.nodes.load(Ordering::Relaxed) >= max {
                        self.aborted = true;
                    }
                }
            }
        }
        self.aborted
    }

    /// Whether `point` is legal for the side to move (renju forbidden points are not).
    #[inline]
    fn is_legal(&self, point: Point) -> bool {
        let us = self.pos.side_to_move();
        !(self.shared.rule == Rule::Renju
            && us == Color::Black
            && self.pos.threat(point, Color::Black) == Threat::Forbidden
            && rules::forbidden_kind(self.pos.board(), point).is_some())
    }

    /// Static evaluation from the side to move's view: the pattern board's evaluation
    /// (milli-logits), scaled so that one logit is [`EVAL_PER_LOGIT`].
    fn evaluate(&self) -> Score {
        (self.pos.evaluate() * EVAL_PER_LOGIT / 1000).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// A win the side to move has on the board with no search, when the opponent has no point
    /// to make a four (so no answer but to block): an open four (or two fours) to make, a win
    /// in three plies; else a four-three, or a double open three (not black's under renju),
    /// whose four's forced block cannot touch the three's line (lines through one point meet
    /// only there), a win in five. Black's four-three counts only when its three stays real
    /// after the block ([`rules::black_four_three_is_real`]). The score, from `ply`.
    fn static_win(&self, ply: i32) -> Option<Score> {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        if self.pos.threat_count_at_least(them, Threat::Four) > 0 {
            return None;
        }
        let legal = |p: Point| self.is_legal_for(p, us);
        if self.pos.threat_set(us, Threat::OpenFour).iter().any(legal) {
            return Some(WIN - (ply + 3));
        }
        let black_renju = self.shared.rule == Rule::Renju && us == Color::Black;
        let four_three = self
            .pos
            .threat_set(us, Threat::FourOpenThree)
            .iter()
            .any(|p| {
                legal(p) && (!black_renju || rules::black_four_three_is_real(self.pos.board(), p))
            });
        let double_three = !black_renju && self.pos.threat_count(us, Threat::DoubleOpenThree) > 0;
        (four_three || double_three).then_some(WIN - (ply + 5))
    }

    #[inline]
    fn is_legal_for(&self, point: Point, color: Color) -> bool {
        !(self.shared.rule == Rule::Renju
            && color == Color::Black
            && rules::forbidden_kind(self.pos.board(), point).is_some())
    }

    fn update_pv(&mut self, ply: usize, point: Point) {
        let child_length = self.pv_length[ply + 1].max(ply + 1);
        self.pv_table[ply][ply] = point;
        for i in ply + 1..child_length {
            self.pv_table[ply][i] = self.pv_table[ply + 1][i];
        }
        self.pv_length[ply] = child_length;
    }

    /// The moves of the side to move (see [`generate_moves`]; `threatened`: the opponent has a
    /// forcing threat) with their ordering scores.
    fn generate(&self, ply: usize, tt_move: Option<Point>, threatened: bool, moves: &mut MoveList) {
        let mut points = PointList::new();
        generate_moves(&self.pos, self.shared.rule, threatened, &mut points);
        let scorer = self.pos.move_scorer();
        let follow_up_row = self.follow_up_row();
        for point in points {
            moves.push(self.score_with(&scorer, follow_up_row, point, ply, tt_move));
        }
    }

    /// The ordering score of `point` (see [`Worker::score_with`]).
    #[cfg(test)]
    fn score_move(&self, point: Point, ply: usize, tt_move: Option<Point>) -> ScoredMove {
        let scorer = self.pos.move_scorer();
        self.score_with(&scorer, self.follow_up_row(), point, ply, tt_move)
    }

    /// The ordering score of `point`: its policy score (`scorer`), its histories (the
    /// follow-up one in the row `follow_up_row`, [`Worker::follow_up_row`]), and the table
    /// move's and killers' bonuses.
    #[inline]
    fn score_with(
        &self,
        scorer: &MoveScorer<'_>,
        follow_up_row: Option<usize>,
        point: Point,
        ply: usize,
        tt_move: Option<Point>,
    ) -> ScoredMove {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        let info = self.pos.point(point);
        let own_threat = info.threat(us);
        let other_threat = info.threat(them);
        let tactical = (own_threat >= Threat::OpenThree) || other_threat >= Threat::OpenThreePlus;
        let mut score = scorer.score(point);
        score += self.history[us.index()][point.index()] / 64;
        if let Some(row) = follow_up_row {
            score += self.follow_up[row + self.compact(point)] / params::follow_up_divisor();
        }
        if Some(point) == tt_move {
            score += 1 << 24;
        } else if self.killers[ply][0] == Some(point) {
            score += 400;
        } else if self.killers[ply][1] == Some(point) {
            score += 300;
        }
        ScoredMove {
            point,
            score,
            tactical,
        }
    }

    /// Moves the best-scored remaining move to `index`.
    #[inline]
    fn pick(moves: &mut MoveList, index: usize) {
        let mut best = index;
        for i in index + 1..moves.len() {
            if moves[i].score > moves[best].score {
                best = i;
            }
        }
        moves.swap(index, best);
    }

    /// A beta cutoff by `cutoff` after the moves `tried` before it: the cutoff move gains in both
    /// histories and every move tried before it loses as much, threats and the table move
    /// included. A four or open three that was tried first and did not cut is as much a
    /// misordering as a quiet move: debited, the threat that refutes the position is found
    /// sooner the next time, and the late threats are reduced more (the history lowers the
    /// reduction of a move it favours).
    fn credit_cutoff(&mut self, cutoff: Point, tried: &[Point], depth: i32) {
        self.update_history(cutoff, depth, 1);
        for &other in tried {
            self.update_history(other, depth, -1);
        }
    }

    fn update_history(&mut self, point: Point, depth: i32, bonus_sign: i32) {
        let us = self.pos.side_to_move();
        let bonus = bonus_sign * (depth * depth).min(400) * 32;
        add_with_gravity(&mut self.history[us.index()][point.index()], bonus);
        if let Some(slot) = self.follow_up_slot(point) {
            add_with_gravity(&mut self.follow_up[slot], bonus);
        }
    }

    /// The `follow_up` entry of our move `point` after the opponent's last move, if there is one.
    #[inline]
    fn follow_up_slot(&self, point: Point) -> Option<usize> {
        Some(self.follow_up_row()? + self.compact(point))
    }

    /// Where the `follow_up` entries of our moves after the opponent's last move start (the
    /// entry of a move is this plus its [`Worker::compact`] index), if there is a last move.
    #[inline]
    fn follow_up_row(&self) -> Option<usize> {
        let last = *self.pos.board().history().last()?;
        let us = self.pos.side_to_move().index();
        Some((us * self.cells + self.compact(last)) * self.cells)
    }

    /// A point's index among the board's own cells (row by row, `width` to a row).
    #[inline]
    fn compact(&self, point: Point) -> usize {
        point.y() * self.pos.board().width() + point.x()
    }

    /// Forced situations common to the main and quiescence searches, from the side to move's
    /// view: a five to make, the opponent's fives to block. Returns a final score, or the one
    /// forced block, or nothing.
    #[inline]
    fn forced(&self, ply: i32) -> Forced {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        if self.pos.threat_count(us, Threat::Five) > 0 {
            return Forced::Score(WIN - (ply + 1));
        }
        let their_fives = self.pos.threat_count(them, Threat::Five);
        if their_fives >= 2 {
            return Forced::Score(-(WIN - (ply + 2)));
        }
        if their_fives == 1 {
            let Some(block) = self.pos.threat_set(them, Threat::Five).first() else {
                return Forced::None;
            };
            if !self.is_legal(block) {
                return Forced::Score(-(WIN - (ply + 2)));
            }
            return Forced::Block(block);
        }
        Forced::None
    }

    /// Principal variation search of the side to move below the root. `cut_node`: a node
    /// expected to fail high (searched with a null window from a PV move's sibling).
    ///
    /// Where a win or loss score may come from, so that every one is a proof: a five on the
    /// board or fives that cannot all be blocked ([`Worker::forced`]); an open four, four-three
    /// or double three the opponent cannot answer with a four ([`Worker::static_win`]); a black foul under renju
    /// (no legal point, or a real threat only forbidden points would stop); and the minimax of
    /// these, in which the loser's node tried every move it has: moves are pruned only once
    /// one that does not lose is known, and a node narrows its moves to the defences only
    /// against a threat that is real ([`has_forcing_threat`]). A reduced search may find a mate
    /// later than a full one, never a false one. Never from the static evaluation: reverse
    /// futility and the "only forbidden points offered" case return evaluations below
    /// [`WIN_THRESHOLD`].
    fn search(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        mut depth: i32,
        ply: i32,
        pv_node: bool,
        cut_node: bool,
    ) -> Score {
        let ply_index = ply as usize;
        self.pv_length[ply_index] = ply_index;
        if self.count_node_and_check() {
            return 0;
        }
        match self.forced(ply) {
            Forced::Score(score) => return score,
            Forced::Block(block) => {
                // The answer is forced: search it at the same depth (a free extension).
                self.stack[ply_index].eval = -self.stack[ply_index.saturating_sub(1)].eval;
                self.stack[ply_index].own_threat = Threat::None;
                self.pos.play(block);
                let score = -self.search(-beta, -alpha, depth, ply + 1, pv_node, !cut_node);
                self.pos.undo();
                if pv_node {
                    self.update_pv(ply_index, block);
                }
                return score;
            }
            Forced::None => {}
        }
        if ply_index >= MAX_PLY - 2 {
            return self.evaluate();
        }
        // Mate distance pruning.
        alpha = alpha.max(-(WIN - ply));
        beta = beta.min(WIN - (ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if let Some(win) = self.static_win(ply) {
            return win;
        }
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply, 0);
        }

        let key = self.pos.board().hash();
        let hit = self.tt.probe(key, ply);
        let excluded = self.stack[ply_index].excluded;
        let mut tt_move = None;
        let mut static_eval = None;
        // The transposition table's move, when it may be singular: it failed high (or was
        // exact) at nearly this depth with a score that is not a win or loss.
        let mut singular_test = None;
        if let Some(hit) = hit {
            tt_move = hit.best_move.filter(|&p| self.pos.board().is_empty(p));
            static_eval = Some(hit.eval);
            if excluded.is_none()
                && !pv_node
                && hit.depth >= depth
                && hit.bound.cuts(hit.score, alpha, beta)
            {
                return hit.score;
            }
            if excluded.is_none()
                && params::singular_depth() > 0
                && depth >= params::singular_depth()
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && hit.score.abs() < WIN_THRESHOLD
            {
                singular_test = tt_move.map(|point| (point, hit.score));
            }
        }
        if excluded.is_none() {
            depth -= internal_iterative_reduction(depth, tt_move.is_some(), pv_node, cut_node);
        }
        let static_eval = static_eval.unwrap_or_else(|| self.evaluate());
        self.stack[ply_index].eval = static_eval;
        let improving = ply_index < 2 || static_eval > self.stack[ply_index - 2].eval;
        let us = self.pos.side_to_move();
        let them = us.opponent();
        let threatened = has_forcing_threat(&self.pos, them, self.shared.rule);

        if !pv_node && !threatened && excluded.is_none() && beta.abs() < WIN_THRESHOLD {
            // Reverse futility: a quiet position far above beta.
            if depth <= params::futility_depth()
                && static_eval - params::futility_margin() * (depth - improving as i32) >= beta
                && static_eval < WIN_THRESHOLD
            {
                return static_eval;
            }
        }

        let fail_high_reduction =
            fail_high_reduction(pv_node, cut_node, threatened, static_eval, beta, depth);
        let mut moves = MoveList::new();
        self.generate(ply_index, tt_move, threatened, &mut moves);
        let defence_extension = defence_extension(threatened, moves.len());
        let move_count_limit = move_count_limit(depth, improving, params::move_count_percent());
        let trivial_pruning_depth = params::trivial_pruning_depth();
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut move_count = 0usize;
        let mut tried: SmallVec<[Point; 32]> = SmallVec::new();
        for index in 0..moves.len() {
            Self::pick(&mut moves, index);
            let candidate = moves[index];
            let point = candidate.point;
            if Some(point) == excluded || !self.is_legal(point) {
                continue;
            }
            let is_tt_move = Some(point) == tt_move;
            let info = self.pos.point(point);
            let own_threat = info.threat(us);
            let other_threat = info.threat(them);
            let trivial = own_threat == Threat::None && other_threat == Threat::None;
            let quiet = !candidate.tactical && !is_tt_move;
            move_count += 1;
            // Pruning at shallow depth, once a move that does not lose is known.
            if best_score > -WIN_THRESHOLD && !is_tt_move {
                if move_count > move_count_limit {
                    break;
                }
                if trivial && depth < trivial_pruning_depth {
                    continue;
                }
            }
            let mut extension = 0;
            if let Some((singular_move, tt_score)) = singular_test {
                if singular_move == point {
                    // Singular extension: search the other moves, shallower, against a bound a
                    // little below the table's score; if all fail low, this move is the only
                    // good one and gets an extra ply. If they hold even beta, cut (multi-cut).
                    let singular_beta = tt_score - params::singular_margin() * depth;
                    self.stack[ply_index].excluded = Some(point);
                    let score = self.search(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        false,
                        cut_node,
                    );
                    self.stack[ply_index].excluded = None;
                    if self.aborted {
                        return 0;
                    }
                    if score < singular_beta {
                        extension = 1;
                    } else if singular_beta >= beta {
                        return singular_beta;
                    }
                }
            }
            extension += defence_extension;
            if own_threat < Threat::Four {
                extension -= fail_high_reduction;
            }
            let new_depth = depth - 1 + extension;
            // A late move (not the first, with depth to spare) gets a reduced null-window
            // search first; `None` for every other move.
            let reduction = (depth >= 2 && move_count > 1).then(|| {
                self.late_move_reduction(LateMove {
                    depth,
                    move_count,
                    ply: ply_index,
                    point,
                    own_threat,
                    other_threat,
                    trivial,
                    pv_node,
                    cut_node,
                    improving,
                    threatened,
                })
            });
            self.stack[ply_index].own_threat = own_threat;
            self.tt.prefetch(self.pos.board().hash_after(point));
            self.pos.play(point);
            let mut score = 0;
            let full_depth_null_window;
            if let Some(reduction) = reduction {
                let reduced = (new_depth - reduction).clamp(new_depth.min(1), new_depth);
                if depth >= 4 {
                    self.shape.late_move(new_depth - reduced);
                }
                score = -self.search(-alpha - 1, -alpha, reduced, ply + 1, false, true);
                full_depth_null_window = score > alpha && reduced < new_depth;
            } else {
                full_depth_null_window = !pv_node || move_count > 1;
            }
            if full_depth_null_window {
                score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
            }
            if pv_node && (move_count == 1 || (score > alpha && score < beta)) {
                score = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
            }
            self.pos.undo();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(point);
                    if pv_node {
                        self.update_pv(ply_index, point);
                    }
                    if score >= beta {
                        self.shape.cutoff(move_count);
                        if quiet {
                            let killers = &mut self.killers[ply_index];
                            if killers[0] != Some(point) {
                                killers[1] = killers[0];
                                killers[0] = Some(point);
                            }
                        }
                        self.credit_cutoff(point, &tried, depth);
                        break;
                    }
                    alpha = score;
                    // A PV node whose alpha rose has a good move: the moves after it are
                    // searched shallower (away from the horizon and from decided scores).
                    if depth > 2 && depth < 12 && score.abs() < ALPHA_RAISE_SCORE_LIMIT {
                        depth -= params::alpha_raise_reduction();
                    }
                }
            }
            tried.push(point);
        }
        if move_count == 0 {
            if excluded.is_some() {
                // Only the excluded move: it is singular.
                return alpha;
            }
            if self.pos.board().is_full() {
                return 0;
            }
            // Every move offered is forbidden for black (renju). Facing a threat that only
            // those points would stop, or with no legal point left at all (managers score the
            // forbidden move black must then play as a foul), black loses; otherwise its legal
            // points lie away from the play, and the static evaluation stands in for them.
            if !rules::has_legal_move(self.pos.board(), self.shared.rule) {
                // The foul is black's next move.
                return -(WIN - (ply + 1));
            }
            if threatened {
                // Any move, the open four, a block, the five.
                return -(WIN - (ply + 4));
            }
            return static_eval;
        }
        if excluded.is_some() {
            // A result without one of the moves is not the position's result.
            return best_score;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.tt
            .store(key, ply, best_move, best_score, static_eval, depth, bound);
        best_score
    }

    /// How many plies to take off a late move's depth (before it is played; see [`LateMove`]).
    /// The base grows with the log of the depth times the log of the move's number, kept in
    /// fractions of a ply and rounded only at the end. One ply less for the moves that force an
    /// answer (our fours and open threes) and, against a threat, for a block on a point where
    /// the opponent would make a four (on the threat's own line); no relief for other shapes.
    /// More: at expected cut nodes (unless a killer), at non-PV nodes whose evaluation is not
    /// improving, for moves that make nothing for either side, and, against a threat, for every
    /// move far from the opponent's last move, our own fours included (a far "defence" is
    /// mostly a delay). Less: a move that goes on with our attack (a double open two or better
    /// near our last move after our own three) and moves with a good history.
    fn late_move_reduction(&self, late: LateMove) -> i32 {
        let forcing = late.own_threat >= Threat::OpenThree
            || (late.threatened && late.other_threat >= Threat::Four);
        let us = self.pos.side_to_move();
        let history = self.pos.board().history();
        let their_last = history.last().copied();
        let own_last = history.len().checked_sub(2).map(|index| history[index]);
        let near = |last: Option<Point>| {
            last.is_some_and(|last| last.distance(late.point) <= NEAR_LAST_MOVE)
        };
        let mut r = self.reductions[late.depth.min(63) as usize][late.move_count.min(63)];
        if !late.pv_node && !late.improving {
            r += params::not_improving_reduction() * PLY;
        }
        if late.cut_node && !self.is_killer(late.ply, late.point) {
            r += params::cut_node_reduction() * PLY;
        }
        if late.trivial {
            r += PLY;
        }
        if late.threatened {
            if !near(their_last) {
                r += params::far_defence_reduction() * PLY / 100;
            }
            if !near(own_last) {
                r += params::far_defence_reduction() * PLY / 200;
            }
        }
        if late.ply >= 2
            && self.stack[late.ply - 2].own_threat >= Threat::OpenThree
            && late.own_threat >= Threat::DoubleOpenTwo
            && near(own_last)
        {
            // A continuing attack.
            r -= PLY;
        }
        if forcing {
            r -= PLY;
        }
        r -= self.history[us.index()][late.point.index()] * PLY / 8192;
        (r + PLY / 2).div_euclid(PLY)
    }

    #[inline]
    fn is_killer(&self, ply: usize, point: Point) -> bool {
        self.killers[ply].contains(&Some(point))
    }

    /// Quiescence: the side to move may stand pat or play fours (each answered by its forced
    /// block), up to [`QUIESCENCE_PLIES`].
    fn quiescence(&mut self, mut alpha: Score, beta: Score, ply: i32, qply: i32) -> Score {
        self.pv_length[ply as usize] = ply as usize;
        self.quiescence_nodes += 1;
        if self.count_node_and_check() {
            return 0;
        }
        match self.forced(ply) {
            Forced::Score(score) => return score,
            Forced::Block(block) => {
                if ply as usize >= MAX_PLY - 2 {
                    return self.evaluate();
                }
                self.pos.play(block);
                let score = -self.quiescence(-beta, -alpha, ply + 1, qply + 1);
                self.pos.undo();
                return score;
            }
            Forced::None => {}
        }
        if let Some(win) = self.static_win(ply) {
            return win;
        }
        let key = self.pos.board().hash();
        let mut tt_move = None;
        let mut stand_pat = None;
        if let Some(hit) = self.tt.probe(key, ply) {
            if hit.bound.cuts(hit.score, alpha, beta) {
                return hit.score;
            }
            tt_move = hit.best_move;
            stand_pat = Some(hit.eval);
        }
        let stand_pat = stand_pat.unwrap_or_else(|| self.evaluate());
        if stand_pat >= beta || qply >= params::quiescence_plies() || ply as usize >= MAX_PLY - 4 {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut moves: SmallVec<[ScoredMove; 16]> = SmallVec::new();
        let scorer = self.pos.move_scorer();
        for point in quiescence_fours(&self.pos, qply) {
            let score = scorer.score(point);
            moves.push(ScoredMove {
                point,
                score: score + if Some(point) == tt_move { 1 << 20 } else { 0 },
                tactical: true,
            });
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        let mut best = stand_pat;
        let mut best_move = None;
        for candidate in moves {
            if !self.is_legal(candidate.point) {
                continue;
            }
            self.tt
                .prefetch(self.pos.board().hash_after(candidate.point));
            self.pos.play(candidate.point);
            let score = -self.quiescence(-beta, -alpha, ply + 1, qply + 1);
            self.pos.undo();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(candidate.point);
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt
            .store(key, ply, best_move, best, stand_pat, 0, bound);
        best
    }
}

/// What the forced-move check found.
enum Forced {
    None,
    Score(Score),
    Block(Point),
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use super::*;
    use crate::board::Board;
    use crate::search::Limits;
    use crate::timeman::FakeClock;

    fn point(name: &str) -> Point {
        crate::notation::parse_point(name, 15, 15).unwrap()
    }

    /// A late move of a quiet kind (our open two, nothing of the opponent's) at a non-PV,
    /// improving node of depth 10, tried eighth, with nothing to answer.
    fn quiet(at: &str) -> LateMove {
        LateMove {
            depth: 10,
            move_count: 8,
            ply: 4,
            point: point(at),
            own_threat: Threat::OpenTwo,
            other_threat: Threat::None,
            trivial: false,
            pv_node: false,
            cut_node: false,
            improving: true,
            threatened: false,
        }
    }

    /// Runs `test` on a fresh worker (its own table, no time limit) on the 15x15 freestyle board
    /// after `played` (black first).
    fn with_fresh_worker<R>(played: &str, test: impl FnOnce(&mut Worker) -> R) -> R {
        let mut board = Board::square(15).unwrap();
        crate::notation::play_moves(&mut board, played).unwrap();
        let table = TranspositionTable::new(1 << 16);
        let stop = AtomicBool::new(false);
        let timer = SearchTimer::new(&Limits::default(), false, Arc::new(FakeClock::new()));
        let shared = Shared::new(&stop, &timer, 1, Rule::Freestyle);
        let pos = PatternBoard::new(&board, Rule::Freestyle);
        let mut worker = Worker::new(pos, &table, &shared, 0, Vec::new());
        test(&mut worker)
    }

    /// The reductions a fresh worker gives `moves` on the 15x15 freestyle board after `played`
    /// (black first).
    fn reductions(played: &str, moves: &[LateMove]) -> Vec<i32> {
        with_fresh_worker(played, |worker| {
            moves
                .iter()
                .map(|&late| worker.late_move_reduction(late))
                .collect()
        })
    }

    #[test]
    fn the_follow_up_history_credits_a_move_only_after_the_same_opponent_move() {
        with_fresh_worker("h8 h9 i8", |worker| {
            let (answer, last, other_last) = (point("g8"), point("i8"), point("j10"));
            let score = |worker: &Worker| worker.score_move(answer, 2, None).score;
            let replace_last = |worker: &mut Worker, with: Point| {
                worker.pos.undo();
                worker.pos.play(with);
            };
            let before_after_last = score(worker);
            replace_last(worker, other_last);
            let before_after_other = score(worker);
            replace_last(worker, last);

            // White's g8 makes a cutoff right after black's i8.
            worker.update_history(answer, 10, 1);
            let gain_after_last = score(worker) - before_after_last;
            replace_last(worker, other_last);
            let gain_after_other = score(worker) - before_after_other;

            // After i8 it gains from both histories; after another move from the plain one only.
            assert!(gain_after_other > 0, "{gain_after_other}");
            assert!(
                gain_after_last > gain_after_other,
                "{gain_after_last} {gain_after_other}"
            );
            assert_eq!(
                gain_after_other,
                worker.history[Color::White.index()][answer.index()] / 64
            );
        });
    }

    #[test]
    fn a_cutoff_debits_every_move_tried_before_it_threats_included() {
        // Black to move with the open three h8 i8 j8: k8 makes an open four.
        with_fresh_worker("h8 h9 i8 h10 j8 h11", |worker| {
            let (four, quiet, cutoff) = (point("k8"), point("c3"), point("h12"));
            assert!(worker.pos.point(four).threat(Color::Black) >= Threat::Four);

            worker.credit_cutoff(cutoff, &[four, quiet], 6);
            let plain = |p: Point| worker.history[Color::Black.index()][p.index()];
            let follow_up = |p: Point| worker.follow_up[worker.follow_up_slot(p).unwrap()];
            assert!(plain(cutoff) > 0 && follow_up(cutoff) > 0);
            for tried in [four, quiet] {
                assert_eq!(plain(tried), -plain(cutoff), "{tried:?}");
                assert_eq!(follow_up(tried), -follow_up(cutoff), "{tried:?}");
            }
        });
    }

    #[test]
    fn only_deep_pv_and_cut_nodes_without_a_table_move_are_searched_shallower() {
        let (from, plies) = (params::iir_depth(), params::iir_reduction());
        assert!(from > 0 && plies > 0);
        // Depth, table move, PV node, cut node.
        assert_eq!(
            internal_iterative_reduction(from, false, true, false),
            plies
        );
        assert_eq!(
            internal_iterative_reduction(from + 5, false, false, true),
            plies
        );
        assert_eq!(
            internal_iterative_reduction(from - 1, false, true, false),
            0
        );
        assert_eq!(internal_iterative_reduction(from + 5, true, true, false), 0);
        assert_eq!(internal_iterative_reduction(from + 5, true, false, true), 0);
        assert_eq!(
            internal_iterative_reduction(from + 5, false, false, false),
            0
        );
    }

    #[test]
    fn only_nodes_facing_a_threat_with_few_moves_are_extended() {
        let most = params::defence_extension_moves() as usize;
        assert!(most > 0);
        assert_eq!(defence_extension(true, 1), 1);
        assert_eq!(defence_extension(true, most), 1);
        assert_eq!(defence_extension(true, most + 1), 0);
        assert_eq!(defence_extension(false, 1), 0);
        assert_eq!(defence_extension(false, most), 0);
    }

    #[test]
    fn only_quiet_cut_nodes_far_above_beta_are_reduced() {
        let margin = params::fail_high_margin();
        assert!(margin > 0);
        let (beta, depth) = (100, 6);
        let above = beta + margin * depth;
        assert_eq!(
            fail_high_reduction(false, true, false, above, beta, depth),
            1
        );
        assert_eq!(
            fail_high_reduction(false, true, false, above - 1, beta, depth),
            0
        );
        // Not at PV nodes, nodes expected to fail low, or nodes facing a threat.
        assert_eq!(
            fail_high_reduction(true, true, false, above, beta, depth),
            0
        );
        assert_eq!(
            fail_high_reduction(false, false, false, above, beta, depth),
            0
        );
        assert_eq!(
            fail_high_reduction(false, true, true, above, beta, depth),
            0
        );
        // Nor when beta is a win or loss score: those come only from proofs.
        let win_beta = WIN_THRESHOLD + 1;
        assert_eq!(
            fail_high_reduction(false, true, false, Score::MAX / 2, win_beta, 1),
            0
        );
    }

    #[test]
    fn the_base_reduction_is_fractional_and_rounded_once() {
        // 0.9 ln 10 ln 8 = 4.31 plies; 0.9 ln 4 ln 2 = 0.86, which a whole-ply table made 0.
        let shallow = LateMove {
            depth: 4,
            move_count: 2,
            ..quiet("h10")
        };
        assert_eq!(reductions("h8h9", &[quiet("h10"), shallow]), vec![4, 1]);
    }

    #[test]
    fn forcing_moves_are_reduced_less_and_empty_ones_more() {
        let open_three = LateMove {
            own_threat: Threat::OpenThree,
            ..quiet("h10")
        };
        let four = LateMove {
            own_threat: Threat::Four,
            ..quiet("h10")
        };
        let nothing = LateMove {
            own_threat: Threat::None,
            trivial: true,
            ..quiet("h10")
        };
        // An "important" shape that forces nothing (the opponent's open three point while it
        // has no threat to answer) gets no relief.
        let spoils_a_three = LateMove {
            other_threat: Threat::OpenThree,
            ..quiet("h10")
        };
        assert_eq!(
            reductions(
                "h8h9",
                &[quiet("h10"), open_three, four, nothing, spoils_a_three]
            ),
            vec![4, 3, 3, 5, 4]
        );
    }

    #[test]
    fn cut_nodes_and_nodes_not_improving_reduce_more() {
        let cut = LateMove {
            cut_node: true,
            ..quiet("h10")
        };
        let not_improving = LateMove {
            improving: false,
            ..quiet("h10")
        };
        let pv_not_improving = LateMove {
            pv_node: true,
            ..not_improving
        };
        assert_eq!(
            reductions("h8h9", &[cut, not_improving, pv_not_improving]),
            vec![6, 5, 4]
        );
    }

    #[test]
    fn against_a_threat_far_defences_are_reduced_more_and_blocks_less() {
        // Black h8, white h9: black to move, white's last move h9, black's own h8.
        let near = LateMove {
            threatened: true,
            other_threat: Threat::Three,
            ..quiet("h10")
        };
        let far_from_both = LateMove {
            point: point("a1"),
            ..near
        };
        let far_from_theirs = LateMove {
            point: point("h4"),
            ..near
        };
        let block = LateMove {
            other_threat: Threat::OpenFour,
            ..near
        };
        assert_eq!(
            reductions("h8h9", &[near, far_from_both, far_from_theirs, block]),
            vec![4, 7, 6, 3]
        );
    }
}
