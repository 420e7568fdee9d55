//! The VCT search: a depth-first proof-number search (df-pn, with weak proof and disproof
//! numbers; see the parent module's header) over attacker and defender nodes, deepened over
//! the threat depth; its table of nodes, the expansion of a node into its moves (the move
//! lists come from `threats`), the defender's own VCF at attacker nodes, and the winning line
//! of a proven root.

use smallvec::SmallVec;

use crate::board::{Color, Point};
use crate::pattern::PointSet;
use crate::rules::{self, Rule};

use super::shapes::{five_points_around, next_candidates};
use super::*;

/// The proof-number search gives up (with [`SolveOutcome::Unknown`]) past this many nodes in
/// its table (about 200 MB).
const PROOF_TABLE_LIMIT: usize = 1 << 20;

/// What the choice of a winning line knows of each node, by hash: plies to the five and the
/// child (move, hash) that gives them, `None` at a leaf; `None` for a node that is not proven,
/// or is being counted further up (which only a hash collision can bring about).
type LinePlan = ZobristMap<Option<(u32, Option<(Point, u64)>)>>;

/// Proof and disproof numbers at or above this are infinite.
const INFINITE: u32 = 1 << 30;

/// A node of the proof-number search.
#[derive(Clone)]
pub(super) struct ProofEntry {
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
pub(super) enum DefenderThreat {
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

impl Solver<'_> {
    /// The VCT search from the root, with at most `depth` attacker moves.
    pub(super) fn vct(&mut self, depth: u32) -> SolveOutcome {
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

    /// The winning line of a proven root: through the table's proven children, the attacker
    /// taking its quickest proven move and the defender its slowest reply (see
    /// [`Solver::proven_distance`]), so that the line's length, and the mate distance reported
    /// from it, counts the defender's delaying moves, such as fours of its own that the attacker
    /// must block before the threat goes on. `None` when the root is not proven.
    fn proven_line(&self) -> Option<Vec<Point>> {
        let mut plan = ZobristMap::default();
        let root = self.board.hash();
        self.proven_distance(root, true, &mut plan)?;
        let mut line = Vec::new();
        let mut hash = root;
        loop {
            match plan.get(&hash).copied().flatten()? {
                (_, Some((child, child_hash))) => {
                    line.push(child);
                    hash = child_hash;
                }
                (_, None) => {
                    line.extend_from_slice(&self.proof_table.get(&hash)?.line);
                    return Some(line);
                }
            }
        }
    }

    /// Plies from the proven node with `hash` (the attacker to move when `attacking`) to the
    /// attacker's five, along the proof in the table: at an attacker node the proven child
    /// with the fewest, at a defender node the reply with the most; a leaf proven by a VCF
    /// counts its line, then the block and the five. `plan` keeps each node's count.
    fn proven_distance(&self, hash: u64, attacking: bool, plan: &mut LinePlan) -> Option<u32> {
        if let Some(known) = plan.get(&hash) {
            return known.map(|(plies, _)| plies);
        }
        plan.insert(hash, None);
        let entry = self.proof_table.get(&hash).filter(|e| e.proof == 0)?;
        let counted = match &entry.children {
            // A defender leaf: no block stops the five.
            None if !attacking => Some((2, None)),
            None => Some((entry.line.len() as u32 + 2, None)),
            Some(children) => {
                let mut best: Option<(u32, (Point, u64))> = None;
                for &(child, child_hash) in children {
                    let Some(plies) = self.proven_distance(child_hash, !attacking, plan) else {
                        continue;
                    };
                    let better = best.is_none_or(|(known, _)| {
                        if attacking {
                            plies < known
                        } else {
                            plies > known
                        }
                    });
                    if better {
                        best = Some((plies, (child, child_hash)));
                    }
                }
                best.map(|(plies, child)| (plies + 1, Some(child)))
            }
        };
        plan.insert(hash, counted);
        counted.map(|(plies, _)| plies)
    }
}
