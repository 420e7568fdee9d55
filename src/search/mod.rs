//! Search: from a position, the rule and limits, find the move to play. Knows nothing of
//! protocol text.
//!
//! The public face is [`Engine`]: made cheaply (tables are allocated on the first search, so
//! that `START` stays cheap), configured with [`Engine::set_hash_bytes`] and
//! [`Engine::set_threads`], and asked with [`Engine::think`], which runs in three steps: prepare
//! the root, run the threads, choose the move. The files:
//! - `movegen.rs`: which moves are tried, at the root and in the tree;
//! - `worker.rs`: one search thread (iterative deepening, PVS, quiescence);
//! - `tt.rs`: the transposition table shared by the threads, and its size for a game;
//! - [`params`]: the tunable constants of the search, in one table;
//! - [`time`]: every decision about time during a search ([`time::SearchTimer`]);
//! - `root.rs`: the forced-win steps around the tree (root solvers, best-move checks);
//! - [`solver`]: the VCF/VCT solvers those steps use;
//! - [`solver_budget`]: how much work one solver call may do, and its deadline;
//! - [`analysis`]: answers built on searches for GUIs (defences, balancing moves);
//! - [`swap2`], [`soosorv`]: the swap2 and Soosõrv-8 opening decisions;
//! - [`shape`]: counters of the tree's shape (reductions, cutoffs, growth) for `bench`;
//! - [`fallback`]: a legal move whatever the search proposed.

pub mod analysis;
pub mod fallback;
pub mod mate;
mod movegen;
pub mod params;
mod root;
pub mod shape;
pub mod shortest_vcf;
pub mod solver;
pub mod solver_budget;
pub mod soosorv;
pub mod swap2;
pub mod time;
mod tt;
mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Board, Point};
use crate::pattern::{self, PatternBoard, Threat};
use crate::rules::Rule;
use crate::timeman::{self, Budget, RealClock};

pub use movegen::{quick_move, root_moves};
use root::{BestMoveChecks, RootVerdict, BEST_MOVE_CHECK_DEPTH};
use time::SearchTimer;
pub use tt::{
    Bound, TableRequest, TranspositionTable, DEFAULT_TABLE_BYTES, MAX_HASH_SIZE_LOG2_KIB,
};
use worker::{AfterIteration, RootMove, Shared, Worker, WorkerEvent};

/// A score in centi-stones from the side to move's point of view; `WIN - ply` for a win found
/// `ply` plies from the root.
pub type Score = i32;

/// The score of a won position at the root.
pub const WIN: Score = 30_000;
/// Scores beyond this are proven wins (or losses when negative).
pub const WIN_THRESHOLD: Score = WIN - 1_000;

/// What bounds one search. Unset fields do not bound it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this depth (plies).
    pub max_depth: Option<u32>,
    /// Stop after about this many nodes.
    pub max_nodes: Option<u64>,
    /// Do not start a new iteration after this much time.
    pub soft_time: Option<Duration>,
    /// Stop inside the tree at this much time.
    pub hard_time: Option<Duration>,
    /// Points the search must not play (Yixin-Board's `YXBLOCK`), unless every legal point is
    /// among them.
    pub excluded: Vec<Point>,
    /// How many best root moves get an exact score and a line each iteration (0 or 1: only
    /// the best; more for an N-best answer). Costs time: the moves after the first are searched
    /// with full windows.
    pub multi_pv: usize,
}

impl Limits {
    /// These limits for a search that starts `elapsed` after the one they were made for: the
    /// time limits shortened by it (at least a millisecond of hard time is left).
    pub fn after(&self, elapsed: Duration) -> Limits {
        Limits {
            soft_time: self.soft_time.map(|soft| soft.saturating_sub(elapsed)),
            hard_time: self
                .hard_time
                .map(|hard| hard.saturating_sub(elapsed).max(Duration::from_millis(1))),
            ..self.clone()
        }
    }

    /// These limits for the last search of several in one move, starting `elapsed` after the
    /// first: the time limits shortened by it (at least a millisecond of hard time is left),
    /// the soft one never below half of the hard time left, as earlier searches may have
    /// stretched their soft limits into its share.
    pub fn rest_after(&self, elapsed: Duration) -> Limits {
        let hard = self
            .hard_time
            .map(|hard| hard.saturating_sub(elapsed).max(Duration::from_millis(1)));
        let soft = self.soft_time.map(|soft| {
            let floor = hard.map_or(Duration::ZERO, |hard| hard / 2);
            soft.saturating_sub(elapsed).max(floor)
        });
        Limits {
            soft_time: soft,
            hard_time: hard,
            ..self.clone()
        }
    }

    /// The limits of the `index`-th of `parts` searches made one after another within these
    /// limits, the first of which started at `started`: each ends by `(index + 1) / parts` of
    /// the time ([`Limits::portion`], shortened by the time gone since `started`).
    pub fn piece(&self, index: u32, parts: u32, started: std::time::Instant) -> Limits {
        self.portion(index, parts).after(started.elapsed())
    }

    /// The first `(index + 1) / parts` of these limits' time: the deadlines of the `index`-th
    /// of `parts` searches made one after another (index from 0). Node limits are kept.
    pub fn portion(&self, index: u32, parts: u32) -> Limits {
        let parts = parts.max(1);
        let upto = index.min(parts - 1) + 1;
        Limits {
            soft_time: self.soft_time.map(|soft| soft / parts * upto),
            hard_time: self
                .hard_time
                .map(|hard| (hard / parts * upto).max(Duration::from_millis(1))),
            ..self.clone()
        }
    }
}

/// A progress report, sent after each finished iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Depth of the finished iteration.
    pub depth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation, best move first.
    pub pv: Vec<Point>,
    /// With [`Limits::multi_pv`] above 1: the best root moves of this iteration, best first,
    /// each with its exact score and line (all searched to `depth`). Empty otherwise.
    pub lines: Vec<PvLine>,
}

/// One root move's exact score and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The score after the line's first move, from the side to move's point of view.
    pub score: Score,
    /// The line, the root move first.
    pub pv: Vec<Point>,
}

/// What the search tells about single root moves while it runs (for a GUI that draws them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootMoveEvent {
    /// An iteration's root search starts.
    IterationStarted {
        /// The iteration's depth.
        depth: u32,
    },
    /// The search of this root move starts, in the current iteration.
    Searching(Point),
    /// The search of this root move in the current iteration is over.
    Searched(Point),
    /// This root move is proven to lose (the opponent has a forced win after it).
    Lost(Point),
}

/// Receives what a search reports: each finished iteration, and events about root moves.
pub trait SearchObserver {
    /// An iteration finished (or the search answered without one).
    fn iteration(&mut self, info: &SearchInfo);
    /// Something happened to a root move (ignored unless overridden).
    fn root_move(&mut self, _event: RootMoveEvent) {}
}

/// A plain iteration callback as an observer.
struct IterationCallback<'f>(&'f mut dyn FnMut(&SearchInfo));

impl SearchObserver for IterationCallback<'_> {
    fn iteration(&mut self, info: &SearchInfo) {
        (self.0)(info)
    }
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (always a legal move when the board has an empty point).
    pub best_move: Option<Point>,
    /// Its score.
    pub score: Score,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation, best move first.
    pub pv: Vec<Point>,
    /// With [`Limits::multi_pv`] above 1: the best root moves of the last finished iteration
    /// (see [`SearchInfo::lines`]); else empty.
    pub lines: Vec<PvLine>,
}

impl SearchResult {
    /// The root moves this search scored exactly, with their scores, best first: its N-best
    /// lines, or its one answer when it ranked none.
    pub fn scored_moves(&self) -> Vec<(Point, Score)> {
        let lines: Vec<(Point, Score)> = self
            .lines
            .iter()
            .filter_map(|line| Some((*line.pv.first()?, line.score)))
            .collect();
        if lines.is_empty() {
            self.best_move
                .map(|p| (p, self.score))
                .into_iter()
                .collect()
        } else {
            lines
        }
    }

    /// No move: the board is full.
    fn no_move() -> SearchResult {
        SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// An answer found without a tree search: the line `pv` (its first move played) with `score`;
    /// one node (the root), to which the caller adds any solver nodes that found it.
    fn answer(score: Score, pv: Vec<Point>) -> SearchResult {
        SearchResult {
            best_move: pv.first().copied(),
            score,
            depth: 1,
            nodes: 1,
            lines: Vec::new(),
            pv,
        }
    }

    /// The progress report of this result, `elapsed` into the search.
    fn info(&self, elapsed: Duration) -> SearchInfo {
        SearchInfo {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            elapsed,
            pv: self.pv.clone(),
            lines: self.lines.clone(),
        }
    }
}

/// The search engine with its tables and settings.
pub struct Engine {
    hash_bytes: usize,
    threads: usize,
    table: Option<TranspositionTable>,
    root_solver: bool,
    /// The main worker's shape counters from the last tree search.
    last_shape: shape::SearchShape,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A new engine. Cheap: nothing large is allocated until the first search. (A build with
    /// the `tuning` feature applies `TENGEN_PARAMETERS` here, once per process: see [`params`].)
    pub fn new() -> Engine {
        #[cfg(feature = "tuning")]
        params::apply_environment_once();
        Engine {
            hash_bytes: DEFAULT_TABLE_BYTES,
            threads: 1,
            table: None,
            root_solver: true,
            last_shape: shape::SearchShape::default(),
        }
    }

    /// Size of the transposition table in bytes (applied at the next search).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
    }

    /// The transposition table size in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.hash_bytes
    }

    /// Readies the table for the next search: with `request` (a game's first search), sizes it
    /// for a first move planned as `first_move` (see [`TableRequest::table_bytes`]). Returns the
    /// time the search will spend setting the table up before it can start (allocating and
    /// clearing it): zero when a table of that size is already in place.
    pub fn ready_table(&mut self, request: Option<TableRequest>, first_move: Budget) -> Duration {
        if let Some(request) = request {
            let bytes = request.table_bytes(first_move);
            if bytes != self.hash_bytes {
                log::info!("transposition table: {bytes} bytes");
                self.hash_bytes = bytes;
            }
        }
        let wanted = TranspositionTable::new_size(self.hash_bytes);
        if self.table.as_ref().map(TranspositionTable::bytes) == Some(wanted) {
            Duration::ZERO
        } else {
            timeman::table_setup_cost(self.hash_bytes)
        }
    }

    /// Number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether the forced-win steps around the tree search run: the VCF/VCT solvers at the
    /// root and the checks of best moves against the opponent's forced win (on by default).
    pub fn set_root_solver(&mut self, on: bool) {
        self.root_solver = on;
    }

    /// The main search thread's shape counters from the last tree search (empty when the
    /// last search answered without one).
    pub fn last_shape(&self) -> &shape::SearchShape {
        &self.last_shape
    }

    /// How full the transposition table is, in permille: the share of entries written by the
    /// last search (sampled); `None` before the first search allocates it.
    pub fn hash_usage(&self) -> Option<usize> {
        self.table.as_ref().map(TranspositionTable::hashfull)
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear_hash(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// The table, allocated (or re-allocated when the size setting changed) now.
    fn table(&mut self) -> &mut TranspositionTable {
        let wanted = TranspositionTable::new_size(self.hash_bytes);
        if self.table.as_ref().map(TranspositionTable::bytes) != Some(wanted) {
            self.table = None;
            self.table = Some(TranspositionTable::new(self.hash_bytes));
        }
        self.table.get_or_insert_with(|| TranspositionTable::new(0))
    }

    /// Searches `board` (side to move = `board.side_to_move()`) under `rule` within `limits`,
    /// stopping early when `stop` becomes true. `on_info` is called after each iteration.
    ///
    /// Three steps: `prepare_root` (a legal fallback move at once, so that even a zero
    /// time budget gets one; positions with a single sensible move and forced wins answered
    /// without a tree search), `run_threads` (the tree search), and `choose_move`
    /// (the final check of the move the search settled on). Every decision about time is taken by
    /// a [`SearchTimer`].
    pub fn think(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.think_observed(board, rule, limits, stop, &mut IterationCallback(on_info))
    }

    /// [`Engine::think`] with an observer that also hears about single root moves.
    pub fn think_observed(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> SearchResult {
        let timer = SearchTimer::new(limits, self.root_solver, Arc::new(RealClock::new()));
        pattern::warm_up(rule);
        let pos = PatternBoard::new(board, rule);
        self.last_shape = shape::SearchShape::default();
        // Nodes of the root solvers, counted into every result.
        let mut solver_nodes = 0;
        match self.prepare_root(&pos, rule, &timer, stop, observer, &mut solver_nodes) {
            RootStep::NoMove => SearchResult::no_move(),
            RootStep::OnlyMove(point) => {
                let mut result = SearchResult::answer(0, vec![point]);
                result.nodes += solver_nodes;
                let left = limits.after(timer.elapsed());
                let ahead = self.think_ahead(&pos, rule, point, &left, stop);
                result.nodes += ahead.nodes;
                if let Some(line) = ahead.line {
                    // The position after the only move, seen from our side: its score (relative
                    // to that position, one ply down) as the root sees it, negated; its line
                    // behind our move.
                    result.score = -tt::score_from_table(line.score, 1);
                    result.depth = ahead.depth + 1;
                    result.pv.extend(line.pv);
                }
                observer.iteration(&result.info(timer.elapsed()));
                result
            }
            RootStep::Answer(mut result) => {
                result.nodes += solver_nodes;
                if limits.multi_pv > 1 {
                    result.lines = vec![PvLine {
                        score: result.score,
                        pv: result.pv.clone(),
                    }];
                }
                observer.iteration(&result.info(timer.elapsed()));
                result
            }
            RootStep::Search { moves, fallback } => {
                let tree = self.run_threads(&pos, rule, &moves, &timer, stop, observer);
                let mut result = choose_move(tree, fallback, limits.multi_pv);
                result.nodes += solver_nodes;
                result
            }
        }
    }

    /// With a move that had to be played (`only`), the time it did not need spent on the
    /// position after it, the opponent to move, for the transposition table the next move's
    /// search starts from: half the time `limits` leave, tree search only, no progress
    /// reported. Only in timed play of a single best move (not with `YXBLOCK` points, N-best,
    /// or without a time limit, where it would wait for a stop). Returns what it searched and,
    /// when an iteration finished, the opponent's best line with its score (from the
    /// opponent's view), so that the answer reports a real evaluation.
    fn think_ahead(
        &mut self,
        pos: &PatternBoard,
        rule: Rule,
        only: Point,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> ThoughtAhead {
        let nothing = ThoughtAhead {
            nodes: 0,
            depth: 0,
            line: None,
        };
        if limits.hard_time.is_none() || limits.multi_pv > 1 || !limits.excluded.is_empty() {
            return nothing;
        }
        let mut next = pos.clone();
        next.play(only);
        let moves = root_moves(&next, rule);
        if moves.len() <= 1 || next.board().is_full() {
            return nothing;
        }
        let ahead = Limits {
            max_depth: limits.max_depth,
            max_nodes: limits.max_nodes.map(|nodes| nodes / 2),
            ..limits.portion(0, 2)
        };
        let timer = SearchTimer::new(&ahead, false, Arc::new(RealClock::new()));
        struct Silent;
        impl SearchObserver for Silent {
            fn iteration(&mut self, _info: &SearchInfo) {}
        }
        let tree = self.run_threads(&next, rule, &moves, &timer, stop, &mut Silent);
        log::debug!(
            "thought ahead after the only move: depth {}, {} nodes",
            tree.completed_depth,
            tree.nodes
        );
        let line = (tree.completed_depth > 0).then(|| PvLine {
            score: tree.score_of(&tree.ranked[0]),
            pv: tree.ranked[0].pv.clone(),
        });
        ThoughtAhead {
            nodes: tree.nodes,
            depth: tree.completed_depth.max(0) as u32,
            line,
        }
    }

    /// The first step of [`Engine::think`]: what to do at the root before any tree search. The
    /// root solvers' nodes are added to `solver_nodes`.
    fn prepare_root(
        &self,
        pos: &PatternBoard,
        rule: Rule,
        timer: &SearchTimer,
        stop: &AtomicBool,
        observer: &mut dyn SearchObserver,
        solver_nodes: &mut u64,
    ) -> RootStep {
        let Some(mut fallback) = quick_move(pos, rule) else {
            return RootStep::NoMove;
        };
        let excluded = &timer.limits().excluded;
        if pos.threat_count(pos.side_to_move(), Threat::Five) > 0 && !excluded.contains(&fallback) {
            return RootStep::Answer(SearchResult::answer(WIN - 1, vec![fallback]));
        }
        let mut moves = root_moves(pos, rule);
        if !excluded.is_empty() {
            moves = movegen::without_excluded(pos, rule, moves, excluded);
            if excluded.contains(&fallback) {
                fallback = moves.first().copied().unwrap_or(fallback);
            }
        }
        if moves.len() <= 1 {
            return RootStep::OnlyMove(moves.first().copied().unwrap_or(fallback));
        }
        if self.root_solver {
            match root::solve_root(pos.board(), rule, &moves, timer, stop, solver_nodes) {
                RootVerdict::Win(_, score, line) => {
                    return RootStep::Answer(SearchResult::answer(score, line));
                }
                RootVerdict::Defend(defences) => {
                    for &point in moves.iter().filter(|p| !defences.contains(p)) {
                        observer.root_move(RootMoveEvent::Lost(point));
                    }
                    log::debug!(
                        "root: {} of {} moves stop the opponent's forced win",
                        defences.len(),
                        moves.len()
                    );
                    if defences.len() == 1 {
                        return RootStep::OnlyMove(defences[0]);
                    }
                    moves = defences;
                }
                RootVerdict::Nothing => {}
            }
        }
        RootStep::Search { moves, fallback }
    }

    /// The second step of [`Engine::think`]: the tree search of `moves` on every thread (lazy
    /// SMP), the main thread reporting each iteration and checking its best move.
    fn run_threads<'a>(
        &mut self,
        pos: &'a PatternBoard,
        rule: Rule,
        moves: &[Point],
        timer: &'a SearchTimer,
        stop: &'a AtomicBool,
        observer: &mut dyn SearchObserver,
    ) -> TreeOutcome<'a> {
        let multi_pv = timer.limits().multi_pv.max(1);
        let threads = self.threads;
        let max_depth = timer.limits().max_depth.map_or(worker::MAX_DEPTH, |d| {
            (d as i32).clamp(1, worker::MAX_DEPTH)
        });
        let table = self.table();
        table.new_search();
        let table: &TranspositionTable = table;
        let shared = Shared::new(stop, timer, threads, rule);
        let root_list: Vec<RootMove> = moves.iter().map(|&point| RootMove::new(point)).collect();
        let mut checks = BestMoveChecks::new(pos.board(), rule, timer, stop);
        let mut last_score = None;
        let (ranked, completed_depth, main_nodes, lines, shape) = std::thread::scope(|scope| {
            for index in 1..threads {
                let (pos, root_list, shared) = (pos.clone(), root_list.clone(), &shared);
                scope.spawn(move || {
                    let mut helper = Worker::new(pos, table, shared, index, root_list);
                    helper.iterate(max_depth, &mut |_, _| AfterIteration::Continue);
                });
            }
            let mut main = Worker::new(pos.clone(), table, &shared, 0, root_list);
            main.multi_pv = multi_pv;
            let mut iteration_started = false;
            main.iterate(max_depth, &mut |worker, event| {
                let (depth, score) = match event {
                    WorkerEvent::RootMoveStarted(point) => {
                        if !iteration_started {
                            iteration_started = true;
                            let depth = worker.root_depth() as u32;
                            observer.root_move(RootMoveEvent::IterationStarted { depth });
                        }
                        observer.root_move(RootMoveEvent::Searching(point));
                        return AfterIteration::Continue;
                    }
                    WorkerEvent::RootMoveSearched { point, score, .. } => {
                        observer.root_move(RootMoveEvent::Searched(point));
                        if score <= -WIN_THRESHOLD {
                            observer.root_move(RootMoveEvent::Lost(point));
                        }
                        return AfterIteration::Continue;
                    }
                    WorkerEvent::IterationDone { depth, score } => (depth, score),
                };
                iteration_started = false;
                observer.iteration(&SearchInfo {
                    depth: depth as u32,
                    score,
                    nodes: worker.nodes_so_far(),
                    elapsed: timer.elapsed(),
                    pv: worker.root_moves[0].pv.clone(),
                    lines: pv_lines(worker.exact_lines(), multi_pv),
                });
                last_score = Some(score);
                let best = worker.root_moves[0].point;
                let alternatives = worker.root_moves.len() > 1;
                let verdict = checks.after_iteration(best, depth, score, alternatives);
                if let AfterIteration::Reject(point) = verdict {
                    observer.root_move(RootMoveEvent::Lost(point));
                }
                if verdict == AfterIteration::Continue && timer.iteration_done(best.index(), score)
                {
                    shared.done.store(true, Ordering::Relaxed);
                }
                verdict
            });
            shared.done.store(true, Ordering::Relaxed);
            let lines = pv_lines(&main.ranked_lines, multi_pv);
            let shape = std::mem::take(&mut main.shape);
            (
                main.root_moves,
                main.completed_depth,
                main.nodes,
                lines,
                shape,
            )
        });
        self.last_shape = shape;
        let nodes = if threads == 1 {
            main_nodes
        } else {
            shared.nodes.load(Ordering::Relaxed)
        };
        TreeOutcome {
            ranked,
            completed_depth,
            nodes,
            last_score,
            checks,
            lines,
        }
    }
}

/// Root moves with exact scores as lines, when `multi_pv` is above 1 (else none).
fn pv_lines(exact: &[RootMove], multi_pv: usize) -> Vec<PvLine> {
    if multi_pv <= 1 {
        return Vec::new();
    }
    exact
        .iter()
        .map(|root_move| PvLine {
            score: root_move.score,
            pv: root_move.pv.clone(),
        })
        .collect()
}

/// What the first step of [`Engine::think`] decided.
enum RootStep {
    /// A full board: no move at all.
    NoMove,
    /// Answered without a tree search.
    Answer(SearchResult),
    /// The one move that does not lose at once (a block, the only defence), played without a
    /// search of its own.
    OnlyMove(Point),
    /// These root moves, best-ordered, are searched; `fallback` is played if no iteration ends.
    Search { moves: Vec<Point>, fallback: Point },
}

/// What [`Engine::think_ahead`] searched after a move that had to be played.
struct ThoughtAhead {
    nodes: u64,
    /// Depth of its last finished iteration (0: none).
    depth: u32,
    /// The opponent's best line and its score, from the opponent's view, when an iteration
    /// finished.
    line: Option<PvLine>,
}

/// What the tree search of `run_threads` left.
struct TreeOutcome<'a> {
    /// The main worker's root moves, best first.
    ranked: Vec<RootMove>,
    /// Depth of the last finished iteration (0: none).
    completed_depth: i32,
    nodes: u64,
    /// The last finished iteration's score.
    last_score: Option<Score>,
    /// The best moves the iterations checked, and the final check.
    checks: BestMoveChecks<'a>,
    /// With multi-PV: the lines of the last finished iteration.
    lines: Vec<PvLine>,
}

impl TreeOutcome<'_> {
    /// The score to report for `best`, one of the root moves: its own, or the last finished
    /// iteration's when it was not searched to the end.
    fn score_of(&self, best: &RootMove) -> Score {
        if best.score > -WIN - 1 {
            best.score
        } else {
            self.last_score.unwrap_or(0)
        }
    }
}

/// The third step of [`Engine::think`]: the move to play from what the tree search left — the
/// best root move after the final check, or `fallback` when no iteration finished.
fn choose_move(tree: TreeOutcome<'_>, fallback: Point, multi_pv: usize) -> SearchResult {
    let best = if tree.completed_depth >= BEST_MOVE_CHECK_DEPTH {
        tree.checks.choose(&tree.ranked)
    } else {
        tree.ranked[0].clone()
    };
    // The tree's nodes and the best-move checks' solver nodes.
    let nodes = tree.nodes + tree.checks.nodes();
    if tree.completed_depth == 0 && best.score == -WIN {
        // Not even one iteration: the fallback.
        return SearchResult {
            best_move: Some(fallback),
            score: 0,
            depth: 0,
            nodes,
            pv: vec![fallback],
            lines: Vec::new(),
        };
    }
    let score = tree.score_of(&best);
    SearchResult {
        best_move: Some(best.point),
        score,
        depth: tree.completed_depth as u32,
        nodes,
        lines: if multi_pv > 1 { tree.lines } else { Vec::new() },
        pv: best.pv,
    }
}
