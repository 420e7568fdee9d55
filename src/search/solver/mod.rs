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
//! # Files
//! The VCF and the VCT search are methods of one `Solver` (its position, node count, stop
//! flag and tables; the VCT calls the VCF at every attacker node), written across child
//! modules by concern, which all see its private state:
//! - this file: the entry points ([`find_vcf`], [`find_vct`]), their limits and outcomes, and
//!   the `Solver` with what both searches use (the root check, the node count, the blocks of a
//!   four, the root's four candidates);
//! - `shapes`: line shapes read from a precomputed table: four candidates, five points, the
//!   cells on a move's lines, the order of candidate moves;
//! - `vcf`: the VCF search, and the zone it records when the VCT asks what a failure
//!   depended on;
//! - `vct`: the proof-number search: its driver over threat depths, proof and disproof
//!   numbers, node expansion, the defender's own VCF, the winning line;
//! - `threats`: the VCT's move lists: the attacker's candidate fours and threats, and the
//!   defender's replies to a threat.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use smallvec::SmallVec;

use crate::board::{Board, Color, Point};
use crate::pattern::PointList;
use crate::rules::{self, Rule};

mod shapes;
mod threats;
mod vcf;
mod vct;

use shapes::{
    all_five_points, four_candidates, line_neighbourhood, order_key, stones_of, Candidates,
};
use vcf::ZoneTracker;
use vct::{DefenderThreat, ProofEntry};

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

/// A solver call's answer and the nodes (moves tried) it took to reach it.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// What the solver found.
    pub outcome: SolveOutcome,
    /// Nodes searched.
    pub nodes: u64,
}

/// Looks for a VCF for the side to move of `board` under `rule`.
pub fn find_vcf(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> SolveOutcome {
    solve_vcf(board, rule, limits, stop).outcome
}

/// Looks for a VCT (fours and threats) for the side to move of `board` under `rule`.
pub fn find_vct(
    board: &Board,
    rule: Rule,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> SolveOutcome {
    solve_vct(board, rule, limits, stop).outcome
}

/// [`find_vcf`] with the nodes it searched.
pub fn solve_vcf(board: &Board, rule: Rule, limits: &SolveLimits, stop: &AtomicBool) -> Solved {
    let mut solver = Solver::new(board, rule, limits, stop);
    let outcome = match solver.root_setup() {
        RootState::Decided(outcome) => outcome,
        RootState::Search(defender_fives) => {
            match solver.vcf_root(limits.max_attacker_moves, &defender_fives) {
                Search::Win(line) => SolveOutcome::Win(line),
                Search::Fail(_) => SolveOutcome::NoWin,
                Search::Abort => SolveOutcome::Unknown,
            }
        }
    };
    Solved {
        outcome,
        nodes: solver.nodes,
    }
}

/// [`find_vct`] with the nodes it searched.
pub fn solve_vct(board: &Board, rule: Rule, limits: &SolveLimits, stop: &AtomicBool) -> Solved {
    let mut solver = Solver::new(board, rule, limits, stop);
    let outcome = solver.vct(limits.max_attacker_moves);
    Solved {
        outcome,
        nodes: solver.nodes,
    }
}

/// A proven VCT `line` of the side to move made as short as the solver can prove within
/// `limits.max_nodes` (all tries together): the attacker-move limit is halved towards the
/// shortest win that proves, each proof giving its line (the defender's slowest reply, see
/// `Solver::proven_line`). The first proof a VCT finds may run far longer than needed, and a
/// line's length is the mate distance the engine reports. With the nodes searched.
pub fn shorten_vct(
    board: &Board,
    rule: Rule,
    line: Vec<Point>,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> (Vec<Point>, u64) {
    let mut best = line;
    let mut nodes = 0;
    // Attacker moves: the line starts and ends with one.
    let mut low = 1;
    let mut high = (best.len().div_ceil(2) as u32).saturating_sub(1);
    while low <= high && nodes < limits.max_nodes {
        let tried = low + (high - low) / 2;
        let solved = solve_vct(
            board,
            rule,
            &SolveLimits {
                max_nodes: limits.max_nodes - nodes,
                max_attacker_moves: tried,
            },
            stop,
        );
        nodes += solved.nodes;
        match solved.outcome {
            SolveOutcome::Win(shorter) if shorter.len() < best.len() => {
                high = (shorter.len().div_ceil(2) as u32).saturating_sub(1);
                best = shorter;
            }
            SolveOutcome::Win(_) => high = tried.saturating_sub(1),
            SolveOutcome::NoWin => low = tried + 1,
            SolveOutcome::Unknown => break,
        }
    }
    (best, nodes)
}

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
}
