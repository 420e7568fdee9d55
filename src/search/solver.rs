//! Forced-win solvers: VCF (victory by continuous fours) and VCT (victory by continuous threats:
//! fours and threes), exact for every [`Rule`] — exact-five and overline rules, the caro
//! both-ends rule, and the renju forbidden moves of black.
//!
//! # Words
//! - A *five point* of a colour is an empty point where that colour would win at once
//!   ([`rules::makes_win`]).
//! - A *four* is a move after which the mover has at least one five point. The defender must
//!   answer it with a *block*: a move after which the attacker has no five point left. Under caro
//!   a block may also be a stone just beyond the five, which leaves the five blocked at both
//!   ends. A black defender under renju may not block on a forbidden point. A four with no block
//!   wins (an open four, a double four, a four whose only block is forbidden for black).
//! - A *threat* (a three, in the widest sense) is a move after which the attacker, if the
//!   defender passed, would have a VCF.
//!
//! # VCF
//! A depth-first AND/OR search: the attacker (the side to move) tries each four, the defender
//! plays each block (one, except under caro), and the search goes on until the attacker has a
//! four without a block. A defender block that makes a four of its own (a counter-four) must be
//! answered at once: the attacker's next move is that five point, and it has to be a four too. A
//! black attacker under renju never plays a forbidden point. Positions that failed are kept in a
//! table with the attacker-move budget they failed with.
//!
//! Four moves are found from line shapes: an empty point is a four candidate when some five
//! consecutive cells through it hold three attacker stones and two empty cells; the candidate is
//! then played and its five points checked with the rule ([`rules::makes_win`]).
//!
//! # VCT
//! A depth-first proof-number search (df-pn) over attacker nodes (OR: one good move wins) and
//! defender nodes (AND: every reply must lose), with a table of proof and disproof numbers by
//! position. Positions only gain stones, so the search graph has no cycles.
//! - At an attacker node the attacker first looks for a VCF. If there is none, its moves are
//!   the fours and the threats. A threat must change the outcome of the failed VCF search, so
//!   only moves in its *zone* are tried: cells of five-cell windows holding two or more
//!   attacker stones at some node of that search, the defender's counter-four points, and the
//!   cells near renju-forbidden or caro points it met. Whether a move is a threat (a VCF after
//!   a null move) is decided when its defender node is first looked at.
//! - At a defender node after a four the replies are the blocks. After a threat they are the
//!   points of the attacker's VCF, the points that would turn one of the defender's forced
//!   blocks of that VCF into a four, the points that spoil its final threat (caro ends, the
//!   surroundings of a forbidden black block), and every four of the defender. Moves elsewhere
//!   leave that VCF as it was, so they are not searched. The defender also wins at once when it
//!   has a VCF of its own that the threat does not stop.
//! - The length of the VCF that makes a move a threat (the *threat depth*) is deepened: 1
//!   (open threes, and fours made unstoppable), 2, 3, ... A failure proves [`SolveOutcome::NoWin`]
//!   only when no threat search was cut by the threat depth (or the threat depth reached the
//!   move limit).
//! - Proof and disproof numbers are *weak*: a node's adding number (the disproof number of an
//!   attacker node, the proof number of a defender node) is the largest of its children's plus
//!   one for each other child still open, not their sum. The same positions are reached through
//!   many move orders (threats and the defender's fours commute), and sums count them again on
//!   every path. An attacker move not looked at yet starts above the numbers of most threats
//!   already looked at, so that known threats are followed before new moves are tried.
//!
//! Soundness rests on the reply sets above being complete, which is the usual assumption of
//! threat-space search: a defender move far from every line the attacker's threat reads is
//! taken not to stop it. The one effect this can miss is a renju forbidden point changing
//! through a chain of false threes that starts more than five cells away.
//!
//! The searches are deterministic: the same position, rule and limits give the same answer and
//! the same node count; only `stop` and the node budget can cut them short. The first call
//! builds the shape table (8 MB, a few milliseconds).
//!
//! One file of about 1,500 lines, longer than the others, because the VCF and the VCT search
//! share one `Solver` (its node count, stop flag, tables, and the four/block/defence reading of
//! the words above, which the VCT calls for every attacker four): split in two, each half would
//! need the other's private state.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::board::{Board, Color, Point, DIRECTIONS};
use crate::pattern::{PointList, PointSet};
use crate::rules::{self, Rule};

/// How much a solver may search.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveLimits {
    /// Stop (with [`SolveOutcome::Unknown`]) after about this many nodes (moves tried).
    pub max_nodes: u64,
    /// The longest win looked for, counted in attacker moves.
    pub max_attacker_moves: u32,
}

impl Default for SolveLimits {
    /// One million nodes (well under a second for a VCF, about a second for a VCT) and up to 100
    /// attacker moves (enough for the longest VCF that fits on a 15 × 15 board in practice).
    fn default() -> Self {
        SolveLimits {
            max_nodes: 1_000_000,
            max_attacker_moves: 100,
        }
    }
}

/// What a solver found.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveOutcome {
    /// A forced win: attacker, defender, attacker, ... ; the last attacker move makes five or
    /// leaves a threat the defender cannot stop. For a VCT, the defender moves are one line of
    /// defence among the several that were refuted.
    Win(Vec<Point>),
    /// Proven: no such win within the attacker-move limit.
    NoWin,
    /// The node budget ran out or `stop` was set before an answer was found.
    Unknown,
}

/// Looks for a VCF for the side to move of `board` under `rule`.
pub fn find_vcf(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> SolveOutcome {
    let mut solver = Solver::new(board, rule, limits, stop);
    match solver.root_setup() {
        RootState::Decided(outcome) => outcome,
        RootState::Search(defender_fives) => {
            match solver.vcf_root(limits.max_attacker_moves, &defender_fives) {
                Search::Win(line) => SolveOutcome::Win(line),
                Search::Fail(_) => SolveOutcome::NoWin,
                Search::Abort => SolveOutcome::Unknown,
            }
        }
    }
}

/// Looks for a VCT (fours and threats) for the side to move of `board` under `rule`.
pub fn find_vct(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> SolveOutcome {
    Solver::new(board, rule, limits, stop).vct(limits.max_attacker_moves)
}

// ---------------------------------------------------------------------------------------------
// Small tools

/// A hasher for keys that are already Zobrist hashes.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ byte as u64;
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type ZobristMap<V> = HashMap<u64, V, BuildHasherDefault<ZobristHasher>>;

/// Tables are cleared when they grow past this many entries, to bound memory.
const TABLE_LIMIT: usize = 1 << 22;

/// The proof-number search gives up (with [`SolveOutcome::Unknown`]) past this many nodes in
/// its table (about 200 MB).
const PROOF_TABLE_LIMIT: usize = 1 << 20;

/// Own stones and empty cells of the 11-cell window centred on `point` along `direction`, as
/// seen by `color` (bit 5 = the point itself).
#[inline]
fn own_and_empty(board: &Board, point: Point, direction: usize, color: Color) -> (u32, u32) {
    let (black, white, wall) = board.lines().windows(point, direction);
    let own = if color == Color::Black { black } else { white };
    (own, !(black | white | wall) & 0x7FF)
}

/// The point at window bit `bit` (bit 5 = `point`) along `direction`.
#[inline]
fn window_point(board: &Board, point: Point, direction: usize, bit: u32) -> Option<Point> {
    point.offset(direction, bit as i32 - 5, board.width(), board.height())
}

/// The five-cell windows of an 11-cell window that contain its centre.
const FIVE_WINDOWS: [u32; 5] = [0x1F << 1, 0x1F << 2, 0x1F << 3, 0x1F << 4, 0x1F << 5];

/// What the five-cell windows through one point hold, from that point's
/// [`LineSet::key`](crate::board::LineSet::key) with the point counted as a stone of the key's
/// colour. Each field is a set of window cells (bit 5 = the point), all of them empty cells of
/// windows that contain the point and no stone of the other colour or wall:
/// - bits 0..11, *five cells*: the empty cell of windows with four stones (a stone there makes
///   five, or an overline);
/// - bits 16..27, *four cells*: the empty cells of windows with three stones (a stone on one
///   makes a four shape);
/// - bits 32..43, *first four cells*: the same, only for windows where the point is the lowest
///   of the three stones (so that each window is found from one stone);
/// - bits 48..59, *shape cells*: the empty cells of windows with two or more stones.
#[derive(Clone, Copy)]
struct Shape(u64);

impl Shape {
    #[inline]
    fn five_cells(self) -> u32 {
        (self.0 & 0x7FF) as u32
    }

    #[inline]
    fn four_cells(self) -> u32 {
        (self.0 >> 16 & 0x7FF) as u32
    }

    #[inline]
    fn first_four_cells(self) -> u32 {
        (self.0 >> 32 & 0x7FF) as u32
    }

    #[inline]
    fn shape_cells(self) -> u32 {
        (self.0 >> 48 & 0x7FF) as u32
    }
}

/// The shape table, indexed by [`LineSet::key`](crate::board::LineSet::key).
fn shape_table() -> &'static [Shape] {
    static TABLE: OnceLock<Vec<Shape>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Shape(0); 1 << 20];
        for (key, entry) in table.iter_mut().enumerate() {
            let key = key as u32;
            if key & (key >> 10) & 0x3FF != 0 {
                continue;
            }
            let own = spread_key_bits(key & 0x3FF) | 1 << 5;
            let empty = spread_key_bits(key >> 10);
            let (mut five, mut four, mut first_four, mut shape) = (0u64, 0u64, 0u64, 0u64);
            for window in FIVE_WINDOWS {
                let stones = (own & window).count_ones();
                if stones + (empty & window).count_ones() != 5 {
                    continue;
                }
                let cells = (empty & window) as u64;
                match stones {
                    4 => five |= cells,
                    3 => {
                        four |= cells;
                        if own & window & 0x1F == 0 {
                            first_four |= cells;
                        }
                    }
                    _ => {}
                }
                if stones >= 2 {
                    shape |= cells;
                }
            }
            *entry = Shape(five | four << 16 | first_four << 32 | shape << 48);
        }
        table
    })
}

/// The shape of the windows through `point` for `color` (the point counted as `color`).
#[inline]
fn shape(board: &Board, point: Point, direction: usize, color: Color) -> Shape {
    shape_table()[board.lines().key(point, direction, color) as usize]
}

/// Calls `visit` with the point of every set bit of `cells` (window bits around `point`).
#[inline]
fn for_cells(
    board: &Board,
    point: Point,
    direction: usize,
    mut cells: u32,
    mut visit: impl FnMut(Point),
) {
    while cells != 0 {
        let bit = cells.trailing_zeros();
        cells &= cells - 1;
        if let Some(q) = window_point(board, point, direction, bit) {
            visit(q);
        }
    }
}

/// Whether the empty `point` lies in a five-cell window with three stones of `color` and two
/// empty cells (a stone of `color` there makes a four shape).
#[inline]
fn is_four_candidate(board: &Board, point: Point, color: Color) -> bool {
    (0..4).any(|direction| shape(board, point, direction, color).five_cells() != 0)
}

/// The five points of `color` on the lines through `point`, which holds a stone of `color`
/// (the stone just played). Five points elsewhere are not looked for: a new five point always
/// shares a five with the new stone.
fn five_points_around(board: &Board, rule: Rule, point: Point, color: Color) -> PointList<8> {
    let mut found = PointList::new();
    for direction in 0..4 {
        let cells = shape(board, point, direction, color).five_cells();
        if cells == 0 {
            continue;
        }
        for_cells(board, point, direction, cells, |q| {
            // Cells on different lines through `point` are different points.
            if makes_win_along(board, q, direction, color, rule) {
                found.push(q);
            }
        });
    }
    found
}

/// Whether a stone of `color` on the empty `point` wins, when it makes a run of five or more
/// along `direction`: that run alone decides unless it is too long for the rule (then another
/// line may still be an exact five) or the rule is caro (then its ends matter).
#[inline]
fn makes_win_along(
    board: &Board,
    point: Point,
    direction: usize,
    color: Color,
    rule: Rule,
) -> bool {
    if !rule.is_caro() {
        let (black, white, _) = board.lines().windows(point, direction);
        let own = if color == Color::Black { black } else { white };
        let (below, above) = rules::run_arms(own);
        if rule.run_length_wins(color, below + above + 1) {
            return true;
        }
    }
    rules::makes_win(board.lines(), point, color, rule)
}

/// Every five point of `color` on the board (slow; for the root only).
fn all_five_points(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| rules::makes_win(board.lines(), p, color, rule))
        .collect()
}

/// Stones of `color`, in the order they were put on the board.
fn stones_of(board: &Board, color: Color) -> impl Iterator<Item = Point> + '_ {
    board
        .history()
        .iter()
        .copied()
        .filter(move |&p| board.stone(p) == Some(color))
}

/// Spreads a 10-bit line-key half (offsets -5..-1, +1..+5) over an 11-cell window (bit 5 =
/// the centre, left empty).
#[inline]
fn spread_key_bits(bits: u32) -> u32 {
    (bits & 0x1F) | ((bits >> 5) << 6)
}

/// The four candidates of `color` found from line shapes: every empty point of a five-cell
/// window that holds three stones of `color` and two empty cells. Each point comes once, with
/// the number of (stone, direction) pairs that found it.
fn four_candidates(board: &Board, color: Color) -> SmallVec<[(Point, u32); 32]> {
    let mut seen = PointSet::new();
    let mut counts: SmallVec<[(Point, u32); 32]> = SmallVec::new();
    for stone in stones_of(board, color) {
        for direction in 0..4 {
            let cells = shape(board, stone, direction, color).first_four_cells();
            for_cells(board, stone, direction, cells, |q| {
                if seen.insert(q) {
                    counts.push((q, 1));
                } else if let Some(entry) = counts.iter_mut().find(|e| e.0 == q) {
                    entry.1 += 1;
                }
            });
        }
    }
    counts
}

/// Four candidates of one position, in the order they are tried.
type Candidates = PointList<32>;

/// Whether `a` and `b` are different points on one line at most `reach` apart.
#[inline]
fn aligned_within(a: Point, b: Point, reach: usize) -> bool {
    let dx = a.x().abs_diff(b.x());
    let dy = a.y().abs_diff(b.y());
    dx <= reach && dy <= reach && (dx == 0 || dy == 0 || dx == dy) && a != b
}

/// The four candidates after the attacker's `four` and the defender's `block`, from those
/// before (`parent`): first the new ones through the four, then the old ones that survive.
fn next_candidates(
    board: &Board,
    parent: &[Point],
    four: Point,
    block: Point,
    color: Color,
) -> Candidates {
    let mut next = Candidates::new();
    let mut listed = PointSet::new();
    for direction in 0..4 {
        let cells = shape(board, four, direction, color).four_cells();
        for_cells(board, four, direction, cells, |q| {
            if listed.insert(q) {
                next.push(q);
            }
        });
    }
    for &c in parent {
        if c == four || c == block || listed.contains(c) {
            continue;
        }
        if (aligned_within(c, four, 4) || aligned_within(c, block, 4))
            && !is_four_candidate(board, c, color)
        {
            continue;
        }
        next.push(c);
    }
    next
}

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
struct ZoneTracker {
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
    fn cells(self, board: &Board) -> PointSet {
        let mut cells = self.cells.map_or_else(PointSet::new, |b| *b);
        for p in self.wide {
            for q in line_neighbourhood(board, p, 5) {
                cells.insert(q);
            }
        }
        cells
    }
}

/// The cells on the lines through `point` at most `reach` away (`point` itself included).
fn line_neighbourhood(board: &Board, point: Point, reach: i32) -> impl Iterator<Item = Point> {
    let (width, height) = (board.width(), board.height());
    (0..4).flat_map(move |direction| {
        (-reach..=reach).filter_map(move |steps| point.offset(direction, steps, width, height))
    })
}

/// Chebyshev distance between two points.
#[inline]
fn distance(a: Point, b: Point) -> usize {
    a.x().abs_diff(b.x()).max(a.y().abs_diff(b.y()))
}

/// The sort key of a candidate move: higher `score` first, then nearer to `last` (the mover's
/// last stone), then by point (a total order, so that the search is deterministic).
#[inline]
fn order_key(score: u32, point: Point, last: Option<Point>) -> u64 {
    let near = last.map_or(0, |l| distance(point, l)) as u64;
    (u64::from(u32::MAX - score) << 32) | (near << 16) | point.index() as u64
}

/// Why a search failed, for deciding what a failure proves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Cut {
    /// Some line was cut by the attacker-move limit.
    depth: bool,
}

impl Cut {
    fn merge(&mut self, other: Cut) {
        self.depth |= other.depth;
    }
}

/// The result of one node.
#[derive(Clone, Debug)]
enum Search {
    /// A forced win: the line from this node on.
    Win(Vec<Point>),
    /// No win here within the limits; `Cut` tells which limits were hit.
    Fail(Cut),
    /// The node budget ran out or `stop` was set.
    Abort,
}

/// What the root check found.
enum RootState {
    /// Nothing to search.
    Decided(SolveOutcome),
    /// Search on; the defender's five points (which the attacker must block).
    Search(PointList<8>),
}

/// Proof and disproof numbers at or above this are infinite.
const INFINITE: u32 = 1 << 30;

/// A node of the proof-number search.
#[derive(Clone)]
struct ProofEntry {
    /// Proof number: 0 = proven win for the attacker.
    proof: u32,
    /// Disproof number: 0 = no win here.
    disproof: u32,
    /// The moves to look at with the hash of the position after each, once the node was
    /// expanded (`None` for settled leaves).
    children: Option<Vec<(Point, u64)>>,
    /// For a leaf proven by a VCF: its line.
    line: Vec<Point>,
}

/// What a first look at a node found.
enum Expansion {
    Proven(Vec<Point>),
    Disproven,
    Children(Vec<Point>),
    Abort,
}

/// What is known of the defender's own VCF at an attacker node (if the attacker passed).
#[derive(Clone)]
enum DefenderThreat {
    /// The defender has none (within [`DEFENDER_VCF_DEPTH`]): an attacker stone does not give
    /// it one, except that under renju a white stone near a point the search read can change
    /// whether black may play there; these are the points the search read.
    Absent(PointSet),
    /// The defender has one, which only these moves may stop.
    Stoppable(PointSet),
}

/// Attacker-move budget of the defender's own VCF, looked for to refute a threat.
const DEFENDER_VCF_DEPTH: u32 = 4;

/// The proof number of an attacker move not looked at yet: above the weak proof numbers of most
/// threats already looked at, so that these are followed before new moves are tried.
const INITIAL_THREAT_PROOF: u32 = 20;

/// Nodes between two looks at the stop flag.
const STOP_CHECK_INTERVAL: u64 = 1024;

struct Solver<'a> {
    board: Board,
    rule: Rule,
    nodes: u64,
    max_nodes: u64,
    stop: &'a AtomicBool,
    /// VCF failures: position hash → attacker moves it failed with (`u32::MAX`: any number).
    vcf_failures: ZobristMap<u32>,
    /// The side that attacks in a VCT.
    attacker: Color,
    /// The defender's five points at the root.
    root_defender_fives: PointList<8>,
    /// Proof-number search nodes by position hash.
    proof_table: ZobristMap<ProofEntry>,
    /// The attacker's four candidates at attacker nodes, by position hash.
    four_lists: ZobristMap<Candidates>,
    /// The defender's own VCF at attacker nodes, by position hash.
    defender_threats: ZobristMap<DefenderThreat>,
    /// The threat depth of the current VCT iteration.
    threat_depth: u32,
    /// Set when a threat search was cut by the threat depth (so a failure proves nothing).
    threat_cut: bool,
    /// Set while a VCF search records what it read.
    zone: Option<ZoneTracker>,
    /// Scratch scores of [`Solver::attack_moves`], by point index (all zero between calls).
    scores: Vec<u32>,
    /// How a move changes the position hash, by colour and point (0: not known yet).
    hash_changes: Vec<u64>,
}

impl<'a> Solver<'a> {
    fn new(board: &Board, rule: Rule, limits: &SolveLimits, stop: &'a AtomicBool) -> Solver<'a> {
        Solver {
            board: board.clone(),
            rule,
            nodes: 0,
            max_nodes: limits.max_nodes,
            stop,
            vcf_failures: ZobristMap::default(),
            attacker: board.side_to_move(),
            root_defender_fives: PointList::new(),
            proof_table: ZobristMap::default(),
            defender_threats: ZobristMap::default(),
            four_lists: ZobristMap::default(),
            threat_depth: 1,
            threat_cut: false,
            zone: None,
            scores: Vec::new(),
            hash_changes: Vec::new(),
        }
    }

    /// Looks at the root: a five to make, fives of the defender to block, a finished game.
    fn root_setup(&mut self) -> RootState {
        let attacker = self.board.side_to_move();
        let defender = attacker.opponent();
        if rules::winner(&self.board, self.rule).is_some() || self.board.is_full() {
            return RootState::Decided(SolveOutcome::NoWin);
        }
        let own_fives: Vec<Point> = all_five_points(&self.board, self.rule, attacker)
            .into_iter()
            .filter(|&p| rules::is_legal(&self.board, p, self.rule))
            .collect();
        if let Some(&five) = own_fives.first() {
            return RootState::Decided(SolveOutcome::Win(vec![five]));
        }
        let defender_fives = all_five_points(&self.board, self.rule, defender);
        RootState::Search(defender_fives.into_iter().collect())
    }

    /// The VCT search from the root, with at most `depth` attacker moves.
    fn vct(&mut self, depth: u32) -> SolveOutcome {
        let defender_fives = match self.root_setup() {
            RootState::Decided(outcome) => return outcome,
            RootState::Search(defender_fives) => defender_fives,
        };
        // A VCF is a VCT: look for one at full depth first.
        match self.vcf_root(depth, &defender_fives) {
            Search::Win(line) => return SolveOutcome::Win(line),
            Search::Abort => return SolveOutcome::Unknown,
            Search::Fail(_) => {}
        }
        self.root_defender_fives = defender_fives;
        for threat_depth in 1..depth.max(1) {
            self.threat_depth = threat_depth;
            self.threat_cut = false;
            // What was proven stays proven with longer threats.
            self.proof_table.retain(|_, entry| entry.proof == 0);
            if !self.prove(None, depth, INFINITE, INFINITE) {
                return SolveOutcome::Unknown;
            }
            let (proof, disproof) = self.numbers();
            if proof == 0 {
                return match self.proven_line() {
                    Some(line) => SolveOutcome::Win(line),
                    None => SolveOutcome::Unknown,
                };
            }
            if disproof == 0 && (!self.threat_cut || threat_depth + 1 >= depth) {
                return SolveOutcome::NoWin;
            }
        }
        SolveOutcome::NoWin
    }

    /// Counts a node; true when the search must stop.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return true;
        }
        self.nodes % STOP_CHECK_INTERVAL == 0 && self.stop.load(Ordering::Relaxed)
    }

    /// The defender's answers to a four at `four` with five points `fives`: every legal move
    /// after which the attacker has no five point. Empty = the four wins.
    fn blocks(&mut self, four: Point, fives: &[Point]) -> PointList<8> {
        let attacker = self.board.side_to_move().opponent();
        let mut candidates = PointList::new();
        if self.rule.is_caro() {
            // A stone beyond either end of a five can also stop it: try every empty cell
            // within five of the four on its lines.
            candidates.extend(fives.iter().copied());
            for p in line_neighbourhood(&self.board, four, 5) {
                if self.board.is_empty(p) && !candidates.contains(&p) {
                    candidates.push(p);
                }
            }
            candidates.retain(|&mut c| {
                self.board.play_unchecked(c);
                let stopped = fives.iter().all(|&f| {
                    f == c || !rules::makes_win(self.board.lines(), f, attacker, self.rule)
                });
                self.board.undo();
                stopped
            });
        } else if fives.len() == 1 {
            // Two distinct five points never share a block without the caro end rule.
            candidates.push(fives[0]);
        }
        candidates.retain(|&mut c| rules::is_legal(&self.board, c, self.rule));
        candidates
    }

    /// The four candidates of the side to move at the root of a VCF, best first: most windows,
    /// then nearest to the side's last stone.
    fn root_four_candidates(&self) -> Candidates {
        let attacker = self.board.side_to_move();
        let candidates = four_candidates(&self.board, attacker);
        let last = stones_of(&self.board, attacker).last();
        let mut keyed: SmallVec<[(u64, Point); 32]> = candidates
            .into_iter()
            .map(|(p, windows)| (order_key(windows, p, last), p))
            .collect();
        keyed.sort_unstable_by_key(|&(key, _)| key);
        keyed.into_iter().map(|(_, p)| p).collect()
    }

    // -----------------------------------------------------------------------------------------
    // VCF

    /// VCF for the side to move with at most `depth` attacker moves, from the root of a search.
    /// `defender_fives` are the defender's five points (all of them).
    fn vcf_root(&mut self, depth: u32, defender_fives: &[Point]) -> Search {
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
    fn vcf_entry(&mut self, depth: u32) -> Option<Search> {
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
    fn vcf(&mut self, depth: u32, defender_fives: &[Point], candidates: &[Point]) -> Search {
        match self.vcf_entry(depth) {
            Some(settled) => settled,
            None => self.vcf_search(depth, defender_fives, candidates),
        }
    }

    /// The search of [`Solver::vcf`] past its entry.
    fn vcf_search(&mut self, depth: u32, defender_fives: &[Point], candidates: &[Point]) -> Search {
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
    fn vcf_after_pass(&mut self, depth: u32) -> Search {
        let mover = self.board.side_to_move();
        self.board.set_side_to_move(mover.opponent());
        // The side that passes has no five point: the other side just moved without making one
        // possible, or blocked them all.
        let result = self.vcf_root(depth, &[]);
        self.board.set_side_to_move(mover);
        result
    }

    // -----------------------------------------------------------------------------------------
    // VCT: depth-first proof-number search

    /// The position hash after the side to move plays on the empty `point`. Zobrist hashing
    /// changes the hash by the same amount for a given colour and point whatever the position,
    /// so that amount is found once by playing and kept.
    fn hash_after(&mut self, point: Point) -> u64 {
        let slot = self.board.side_to_move().index() * crate::board::CELL_COUNT + point.index();
        if self.hash_changes.is_empty() {
            self.hash_changes = vec![0; 2 * crate::board::CELL_COUNT];
        }
        if self.hash_changes[slot] == 0 {
            let before = self.board.hash();
            self.board.play_unchecked(point);
            self.hash_changes[slot] = self.board.hash() ^ before;
            self.board.undo();
        }
        self.board.hash() ^ self.hash_changes[slot]
    }

    /// Proof and disproof numbers of the node for the side to move now.
    fn numbers(&self) -> (u32, u32) {
        self.numbers_of(self.board.hash())
    }

    /// Proof and disproof numbers of the node with this hash.
    fn numbers_of(&self, hash: u64) -> (u32, u32) {
        self.proof_table
            .get(&hash)
            .map_or((1, 1), |e| (e.proof, e.disproof))
    }

    /// Works on the node after `last` (the root when `None`) until its proof number reaches
    /// `proof_limit` or its disproof number `disproof_limit`. `depth` = attacker moves left.
    /// Returns false when the budget ran out (nodes, stop, or table size).
    fn prove(
        &mut self,
        last: Option<Point>,
        depth: u32,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> bool {
        if self.out_of_budget() {
            return false;
        }
        let hash = self.board.hash();
        let attacking = self.board.side_to_move() == self.attacker;
        // The children are taken out of the table while they are searched (no position below
        // this one is this one) and put back afterwards.
        let children = match self.proof_table.get_mut(&hash) {
            Some(entry) => {
                if entry.proof >= proof_limit || entry.disproof >= disproof_limit {
                    return true;
                }
                match entry.children.as_mut() {
                    // Expanded nodes have children: none here means that this node is being
                    // searched further up, which only a hash collision can bring about.
                    Some(children) if children.is_empty() => return false,
                    Some(children) => std::mem::take(children),
                    None => return true,
                }
            }
            None => {
                if self.proof_table.len() >= PROOF_TABLE_LIMIT {
                    return false;
                }
                let Some(mut entry) = self.expand(last, depth, attacking) else {
                    return false;
                };
                let settled = entry.proof == 0 || entry.disproof == 0;
                let children = entry.children.as_mut().map(std::mem::take);
                self.proof_table.insert(hash, entry);
                match children {
                    Some(children) if !settled => children,
                    _ => return true,
                }
            }
        };
        let finished = self.prove_children(
            hash,
            &children,
            depth,
            attacking,
            proof_limit,
            disproof_limit,
        );
        if let Some(entry) = self.proof_table.get_mut(&hash) {
            entry.children = Some(children);
        }
        finished
    }

    /// The loop of [`Solver::prove`] over the `children` of an expanded node.
    fn prove_children(
        &mut self,
        hash: u64,
        children: &[(Point, u64)],
        depth: u32,
        attacking: bool,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> bool {
        let child_depth = if attacking { depth - 1 } else { depth };
        // The children's numbers, read once: while one child is searched the others cannot
        // change (no position below it lacks its move).
        let mut numbers: SmallVec<[(u32, u32); 32]> = children
            .iter()
            .map(|&(_, child_hash)| self.child_numbers(child_hash, attacking))
            .collect();
        loop {
            // Minimum and weak sum over the children: an OR node (attacker) is proven by one
            // child and disproven by all, an AND node (defender) the other way round. The weak
            // sum of the numbers that add up (disproof numbers at an OR node, proof numbers at
            // an AND node) is the largest plus one for each other child not settled that way:
            // the same child positions are reached through many move orders, and a plain sum
            // counts them again on every path, which drives the search to the wrong branches.
            let mut largest = 0u32;
            let mut open = 0u32;
            let mut best = (INFINITE, INFINITE, 0usize);
            let mut second = INFINITE;
            for (index, &(proof, disproof)) in numbers.iter().enumerate() {
                let (select, add) = if attacking {
                    (proof, disproof)
                } else {
                    (disproof, proof)
                };
                if add > 0 {
                    open += 1;
                    largest = largest.max(add);
                }
                if select < best.0 {
                    second = best.0;
                    best = (select, add, index);
                } else if select < second {
                    second = select;
                }
            }
            let weak_sum = match open {
                0 => 0,
                _ if largest >= INFINITE => INFINITE,
                _ => (largest + open - 1).min(INFINITE),
            };
            let (proof, disproof) = if attacking {
                (best.0, weak_sum)
            } else {
                (weak_sum, best.0)
            };
            if let Some(entry) = self.proof_table.get_mut(&hash) {
                entry.proof = proof;
                entry.disproof = disproof;
            }
            if proof >= proof_limit || disproof >= disproof_limit {
                return true;
            }
            // The chosen child stays below its limits while the node stays below its own: its
            // selecting number below the second best's (plus one), its adding number below the
            // node's limit less one for each other open child.
            let others = open - u32::from(best.1 > 0);
            let (child_proof_limit, child_disproof_limit) = if attacking {
                (
                    proof_limit.min(second.saturating_add(1)),
                    disproof_limit.saturating_sub(others),
                )
            } else {
                (
                    proof_limit.saturating_sub(others),
                    disproof_limit.min(second.saturating_add(1)),
                )
            };
            let child = children[best.2].0;
            self.board.play_unchecked(child);
            let finished = self.prove(
                Some(child),
                child_depth,
                child_proof_limit.min(INFINITE),
                child_disproof_limit.min(INFINITE),
            );
            self.board.undo();
            if !finished {
                return false;
            }
            numbers[best.2] = self.child_numbers(children[best.2].1, attacking);
        }
    }

    /// Proof and disproof numbers of a child (the node after one move from an attacker node
    /// when `attacking`).
    #[inline]
    fn child_numbers(&self, hash: u64, attacking: bool) -> (u32, u32) {
        match self.proof_table.get(&hash) {
            Some(e) => (e.proof, e.disproof),
            // A threat not looked at yet: tried after the children already looked at.
            None if attacking => (INITIAL_THREAT_PROOF, 1),
            None => (1, 1),
        }
    }

    /// Looks at a node for the first time: settles it at once (a VCF, no threat, a four
    /// without a block, ...) or lists its children. `None` when the budget ran out.
    fn expand(&mut self, last: Option<Point>, depth: u32, attacking: bool) -> Option<ProofEntry> {
        let outcome = if attacking {
            self.expand_attacker(last, depth)
        } else {
            match last {
                Some(last) => self.expand_defender(last, depth),
                None => Expansion::Disproven,
            }
        };
        Some(match outcome {
            Expansion::Abort => return None,
            Expansion::Proven(line) => ProofEntry {
                proof: 0,
                disproof: INFINITE,
                children: None,
                line,
            },
            Expansion::Disproven => ProofEntry {
                proof: INFINITE,
                disproof: 0,
                children: None,
                line: Vec::new(),
            },
            Expansion::Children(moves) => {
                let children = moves.into_iter().map(|p| (p, self.hash_after(p))).collect();
                ProofEntry {
                    proof: 1,
                    disproof: 1,
                    children: Some(children),
                    line: Vec::new(),
                }
            }
        })
    }

    /// An attacker node: block a defender four, win by VCF, or list the fours and threats.
    fn expand_attacker(&mut self, last: Option<Point>, depth: u32) -> Expansion {
        let defender = self.attacker.opponent();
        let defender_fives = match last {
            Some(last) => five_points_around(&self.board, self.rule, last, defender),
            None => self.root_defender_fives.clone(),
        };
        match defender_fives.len() {
            0 => {}
            1 => {
                // The defender threatens five: block it, whatever the block is.
                let block = defender_fives[0];
                if depth == 0 || !rules::is_legal(&self.board, block, self.rule) {
                    return Expansion::Disproven;
                }
                return Expansion::Children(vec![block]);
            }
            _ => return Expansion::Disproven,
        }
        if depth == 0 {
            return Expansion::Disproven;
        }
        // A VCF, if any.
        let threat_limit = depth.min(self.threat_depth);
        let candidates = self.root_four_candidates();
        if threat_limit < depth {
            match self.vcf(depth, &[], &candidates) {
                Search::Win(line) => return Expansion::Proven(line),
                Search::Fail(_) => {}
                Search::Abort => return Expansion::Abort,
            }
        }
        // If none, the cells that could give one of at most the threat depth become the zone
        // of threats.
        self.zone = Some(ZoneTracker::default());
        let vcf = self.vcf(threat_limit, &[], &candidates);
        let zone = self
            .zone
            .take()
            .map(|z| z.cells(&self.board))
            .unwrap_or_default();
        match vcf {
            Search::Win(line) => return Expansion::Proven(line),
            Search::Fail(_) => {}
            Search::Abort => return Expansion::Abort,
        }
        if depth == 1 {
            return Expansion::Disproven;
        }
        let (moves, fours) = self.attack_moves(&zone);
        if self.four_lists.len() > TABLE_LIMIT {
            self.four_lists.clear();
        }
        self.four_lists.insert(self.board.hash(), fours);
        let children: Vec<Point> = moves
            .into_iter()
            .filter(|&p| rules::is_legal(&self.board, p, self.rule))
            .collect();
        if children.is_empty() {
            Expansion::Disproven
        } else {
            Expansion::Children(children)
        }
    }

    /// A defender node after the attacker's `last`: block a four, or, after a threat, list the
    /// replies that may stop it.
    fn expand_defender(&mut self, last: Point, depth: u32) -> Expansion {
        let attacker = self.attacker;
        let defender = attacker.opponent();
        let fives = five_points_around(&self.board, self.rule, last, attacker);
        if !fives.is_empty() {
            let blocks = self.blocks(last, &fives);
            if blocks.is_empty() {
                return Expansion::Proven(Vec::new());
            }
            if depth == 0 {
                return Expansion::Disproven;
            }
            return Expansion::Children(blocks.into_vec());
        }
        if depth == 0 {
            return Expansion::Disproven;
        }
        // What does the attacker threaten?
        let threat_limit = depth.min(self.threat_depth);
        // The attacker's four candidates: those before the threat (kept by the attacker node)
        // and those the threat made.
        self.board.undo();
        let before = self.four_lists.get(&self.board.hash()).cloned();
        self.board.play_unchecked(last);
        self.board.set_side_to_move(attacker);
        let threat = match (self.vcf_entry(threat_limit), before) {
            (Some(settled), _) => settled,
            (None, Some(fours)) => {
                let candidates = next_candidates(&self.board, &fours, last, last, attacker);
                self.vcf_search(threat_limit, &[], &candidates)
            }
            (None, None) => {
                let candidates = self.root_four_candidates();
                self.vcf_search(threat_limit, &[], &candidates)
            }
        };
        self.board.set_side_to_move(defender);
        let threat = match threat {
            Search::Win(line) => line,
            Search::Fail(cut) => {
                if cut.depth && threat_limit < depth {
                    self.threat_cut = true;
                }
                return Expansion::Disproven;
            }
            Search::Abort => return Expansion::Abort,
        };
        // The defender may simply win first. Whether it had a VCF before the threat is known
        // once for all the attacker's threats: if it had none, the threat (an attacker stone)
        // did not give it one, except that under renju a white stone can change which points
        // are forbidden for black; if it had one, the threat must stop it. (Not when the
        // threat was the forced block of a defender four: then the defender is looked at here.)
        self.board.undo();
        let forced = rules::makes_win(self.board.lines(), last, defender, self.rule);
        let before = if forced {
            Some(None)
        } else {
            self.defender_threat_before().map(Some)
        };
        self.board.play_unchecked(last);
        let look = match before {
            None => return Expansion::Abort,
            Some(None) => true,
            Some(Some(DefenderThreat::Absent(zone))) => {
                self.rule == Rule::Renju && defender == Color::Black && zone.contains(last)
            }
            Some(Some(DefenderThreat::Stoppable(stops))) => {
                if !stops.contains(last) {
                    return Expansion::Disproven;
                }
                true
            }
        };
        if look {
            match self.vcf_root(DEFENDER_VCF_DEPTH, &[]) {
                Search::Win(_) => return Expansion::Disproven,
                Search::Fail(_) => {}
                Search::Abort => return Expansion::Abort,
            }
        }
        let mut replies = self.threat_defences(&threat);
        for (p, _) in four_candidates(&self.board, defender) {
            if !replies.contains(&p) {
                replies.push(p);
            }
        }
        replies.retain(|p| rules::is_legal(&self.board, *p, self.rule));
        if replies.is_empty() {
            // Nothing the defender may play stops the threat, but no line shows the win.
            self.threat_cut = true;
            return Expansion::Disproven;
        }
        Expansion::Children(replies)
    }

    /// The defender's VCF if the attacker (to move) passed, looked up or searched; `None` when
    /// the search had to stop.
    fn defender_threat_before(&mut self) -> Option<DefenderThreat> {
        let hash = self.board.hash();
        if let Some(known) = self.defender_threats.get(&hash) {
            return Some(known.clone());
        }
        self.zone = Some(ZoneTracker::default());
        let found = self.vcf_after_pass(DEFENDER_VCF_DEPTH);
        let zone = self
            .zone
            .take()
            .map(|z| z.cells(&self.board))
            .unwrap_or_default();
        let threat = match found {
            Search::Win(line) => {
                let mut stops = PointSet::new();
                for p in self.threat_defences(&line) {
                    stops.insert(p);
                }
                DefenderThreat::Stoppable(stops)
            }
            Search::Fail(_) => DefenderThreat::Absent(zone),
            Search::Abort => return None,
        };
        if self.defender_threats.len() > TABLE_LIMIT {
            self.defender_threats.clear();
        }
        self.defender_threats.insert(hash, threat.clone());
        Some(threat)
    }

    /// The winning line of a proven root, following proven children through the table.
    fn proven_line(&mut self) -> Option<Vec<Point>> {
        let mut line = Vec::new();
        let mut played = 0;
        let result = loop {
            let Some(entry) = self.proof_table.get(&self.board.hash()) else {
                break None;
            };
            if entry.proof != 0 {
                break None;
            }
            let Some(children) = entry.children.clone() else {
                line.extend_from_slice(&entry.line);
                break Some(());
            };
            let next = children
                .iter()
                .find(|&&(_, hash)| self.numbers_of(hash).0 == 0)
                .map(|&(child, _)| child);
            let Some(child) = next else {
                break None;
            };
            line.push(child);
            self.board.play_unchecked(child);
            played += 1;
        };
        for _ in 0..played {
            self.board.undo();
        }
        result.map(|()| line)
    }

    /// The attacker's candidate fours and threats, best first, and its possible fours among
    /// them (in the same order). A candidate is a possible four, a cell of a five-cell window
    /// free of defender stones with two or more attacker stones, or a cell of `zone`. Scores
    /// for the order: a window with three attacker stones counts 64, two 8, one 1, and a point
    /// where the defender could make a four 2 (taking it keeps a defender block in the
    /// attacker's VCF from becoming a counter-four).
    fn attack_moves(&mut self, zone: &PointSet) -> (Vec<Point>, Candidates) {
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
    fn threat_defences(&mut self, threat: &[Point]) -> Vec<Point> {
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
