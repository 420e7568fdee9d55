//! The shortest VCF of the side to move, by iterative deepening over the number of its moves:
//! what a person wants to read once the proof-number solver ([`super::solver`]) has shown that
//! a VCF exists, as its line can be far longer than needed. Only plain VCFs are read here (every
//! attacker move a four whose one five point the defender blocks, or an open or double four),
//! within a node budget; `None` leaves the solver's line as it is.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, DefaultHasher};

use crate::board::Point;
use crate::pattern::{PatternBoard, Threat};
use crate::rules::{self, Rule};

/// The attacker's threat classes that make a four.
const FOURS: [Threat; 4] = [
    Threat::OpenFour,
    Threat::FourOpenThree,
    Threat::FourPlus,
    Threat::Four,
];

/// The shortest VCF of the side to move of `pos` with at most `max_moves` attacker moves (the
/// five included), as a line from the first four to the five; `None` if there is none that
/// short or `max_nodes` positions were not enough to find it.
pub fn shortest_vcf(
    pos: &PatternBoard,
    rule: Rule,
    max_moves: usize,
    max_nodes: u64,
) -> Option<Vec<Point>> {
    let mut reader = Reader {
        pos: pos.clone(),
        rule,
        nodes: 0,
        max_nodes,
        failed: HashSet::default(),
    };
    for moves in 1..=max_moves {
        match reader.vcf(moves) {
            Found::Line(mut line) => {
                line.reverse();
                return Some(line);
            }
            Found::OutOfNodes => return None,
            Found::Nothing => {}
        }
    }
    None
}

/// What one search below a position found.
enum Found {
    /// A win: its moves, last first.
    Line(Vec<Point>),
    /// No VCF within the moves asked.
    Nothing,
    /// The node budget ran out.
    OutOfNodes,
}

struct Reader {
    pos: PatternBoard,
    rule: Rule,
    nodes: u64,
    max_nodes: u64,
    /// Positions (hash, attacker moves) known to have no VCF that short. A fixed hasher: the
    /// standard random one would make the Windows exe import `bcryptprimitives.dll`, which wine
    /// (where its tests run) lacks.
    failed: HashSet<(u64, usize), BuildHasherDefault<DefaultHasher>>,
}

impl Reader {
    /// A VCF of the side to move with at most `moves` attacker moves.
    fn vcf(&mut self, moves: usize) -> Found {
        let us = self.pos.side_to_move();
        let them = us.opponent();
        if let Some(five) = self.pos.threat_set(us, Threat::Five).first() {
            return Found::Line(vec![five]);
        }
        if moves < 2 {
            return Found::Nothing;
        }
        let key = (self.pos.board().hash(), moves);
        if self.failed.contains(&key) {
            return Found::Nothing;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Found::OutOfNodes;
        }
        // A five of the defender's must be blocked, and in a VCF by a four.
        let must_block = match self.pos.threat_count(them, Threat::Five) {
            0 => None,
            1 => self.pos.threat_set(them, Threat::Five).first(),
            _ => return Found::Nothing,
        };
        let mut fours: Vec<Point> = Vec::new();
        for threat in FOURS {
            fours.extend(self.pos.threat_set(us, threat).iter());
        }
        fours.retain(|&p| {
            must_block.is_none_or(|block| block == p)
                && rules::is_legal(self.pos.board(), p, self.rule)
        });
        for four in fours {
            self.pos.play(four);
            let found = self.after_four(moves);
            self.pos.undo();
            match found {
                Found::Line(mut line) => {
                    line.push(four);
                    return Found::Line(line);
                }
                Found::OutOfNodes => return Found::OutOfNodes,
                Found::Nothing => {}
            }
        }
        self.failed.insert(key);
        Found::Nothing
    }

    /// The defender to move after the attacker's four: it blocks the one five point (an open
    /// or double four wins outright), then the attacker goes on with one move fewer.
    fn after_four(&mut self, moves: usize) -> Found {
        let defender = self.pos.side_to_move();
        let attacker = defender.opponent();
        if self.pos.threat_count(defender, Threat::Five) > 0 {
            return Found::Nothing;
        }
        let fives: Vec<Point> = self.pos.threat_set(attacker, Threat::Five).iter().collect();
        match fives.as_slice() {
            [] => Found::Nothing,
            [block] => {
                let block = *block;
                if !rules::is_legal(self.pos.board(), block, self.rule) {
                    return Found::Nothing;
                }
                self.pos.play(block);
                let found = self.vcf(moves - 1);
                self.pos.undo();
                match found {
                    Found::Line(mut line) => {
                        line.push(block);
                        Found::Line(line)
                    }
                    other => other,
                }
            }
            [block, five, ..] => Found::Line(vec![*five, *block]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::notation::{format_move_list, play_moves};

    fn position(moves: &str, rule: Rule) -> PatternBoard {
        let mut board = Board::square(15).unwrap();
        play_moves(&mut board, moves).unwrap();
        PatternBoard::new(&board, rule)
    }

    #[test]
    fn an_open_four_to_make_is_a_three_ply_vcf() {
        // h8 i8 j8 black, white far away: k8 (or g8) makes an open four.
        let pos = position("h8a1i8a2j8a3", Rule::Freestyle);
        let line = shortest_vcf(&pos, Rule::Freestyle, 5, 10_000).expect("a VCF");
        assert_eq!(line.len(), 3, "{}", format_move_list(&line));
    }

    #[test]
    fn a_five_at_hand_is_the_whole_line() {
        let pos = position("h8a1i8a2j8a3k8a4", Rule::Freestyle);
        let line = shortest_vcf(&pos, Rule::Freestyle, 5, 10_000).expect("a VCF");
        assert_eq!(format_move_list(&line), "g8");
    }

    #[test]
    fn no_vcf_and_too_few_moves_give_none() {
        let pos = position("h8a1", Rule::Freestyle);
        assert_eq!(shortest_vcf(&pos, Rule::Freestyle, 6, 10_000), None);
        // The open four needs two attacker moves and a third for the five.
        let pos = position("h8a1i8a2j8a3", Rule::Freestyle);
        assert_eq!(shortest_vcf(&pos, Rule::Freestyle, 1, 10_000), None);
    }
}
