//! An independent checker for solver lines, shared by the solver tests, with brute-force
//! searches and random positions to compare the solvers with. It knows the rules from their
//! text (runs counted cell by cell), not from `tengen::rules`, except for the renju forbidden
//! judge, which is tested on its own elsewhere.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use rand::rngs::StdRng;
use rand::Rng;
use tengen::board::{Board, Color, Point};
use tengen::rules::{self, Rule};

/// Every rule.
pub const RULES: [Rule; 5] = [
    Rule::Freestyle,
    Rule::Standard,
    Rule::Renju,
    Rule::Caro,
    Rule::CaroExact,
];

/// A random `size` × `size` position with `stones` stones of each colour and either side to
/// move, or `None` when someone already has five under `rule`.
pub fn random_position(rng: &mut StdRng, size: usize, stones: usize, rule: Rule) -> Option<Board> {
    let mut board = Board::square(size).expect("size");
    for color in [Color::Black, Color::White] {
        let mut placed = 0;
        while placed < stones {
            let p = Point::new(rng.gen_range(0..size), rng.gen_range(0..size));
            if board.is_empty(p) {
                board.try_put(p, color).expect("empty");
                placed += 1;
            }
        }
    }
    board.set_side_to_move(if rng.gen_bool(0.5) {
        Color::Black
    } else {
        Color::White
    });
    rules::winner(&board, rule).is_none().then_some(board)
}

/// What kind of line is checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LineKind {
    /// Every attacker move must be a four.
    Vcf,
    /// Attacker moves are fours or threats.
    Vct,
}

const STEPS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn stone_at(board: &Board, x: i64, y: i64) -> Option<Option<Color>> {
    board.point(x, y).map(|p| board.stone(p))
}

/// Whether a stone of `color` on the empty `point` would win under `rule`, read from the
/// rule text: a run of five (exactly five where six does not count), and under caro not closed
/// by opponent stones at both ends.
pub fn wins_with(board: &Board, point: Point, color: Color, rule: Rule) -> bool {
    if !board.is_empty(point) {
        return false;
    }
    let (px, py) = (point.x() as i64, point.y() as i64);
    STEPS.iter().any(|&(dx, dy)| {
        let mut before = 0;
        while stone_at(board, px - dx * (before + 1), py - dy * (before + 1)) == Some(Some(color)) {
            before += 1;
        }
        let mut after = 0;
        while stone_at(board, px + dx * (after + 1), py + dy * (after + 1)) == Some(Some(color)) {
            after += 1;
        }
        let length = before + after + 1;
        let long_enough = match rule {
            Rule::Freestyle | Rule::Caro => length >= 5,
            Rule::Standard | Rule::CaroExact => length == 5,
            Rule::Renju => length == 5 || (length > 5 && color == Color::White),
        };
        if !long_enough {
            return false;
        }
        if matches!(rule, Rule::Caro | Rule::CaroExact) && length == 5 {
            let opponent = Some(Some(color.opponent()));
            let low = stone_at(board, px - dx * (before + 1), py - dy * (before + 1));
            let high = stone_at(board, px + dx * (after + 1), py + dy * (after + 1));
            return !(low == opponent && high == opponent);
        }
        true
    })
}

/// Every point where `color` would win at once.
pub fn five_points(board: &Board, color: Color, rule: Rule) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| wins_with(board, p, color, rule))
        .collect()
}

/// Whether `color` may play on `point`.
pub fn may_play(board: &Board, point: Point, color: Color, rule: Rule) -> bool {
    board.is_empty(point)
        && !(rule == Rule::Renju
            && color == Color::Black
            && !wins_with(board, point, color, rule)
            && rules::forbidden_kind(board, point).is_some())
}

/// The defender's legal moves (side to move) after which the attacker has no five point.
pub fn blocks(board: &Board, rule: Rule) -> Vec<Point> {
    let defender = board.side_to_move();
    let attacker = defender.opponent();
    let mut scratch = board.clone();
    board
        .empty_points()
        .filter(|&p| may_play(board, p, defender, rule))
        .filter(|&p| {
            scratch.play_unchecked(p);
            let stopped = five_points(&scratch, attacker, rule).is_empty();
            scratch.undo();
            stopped
        })
        .collect()
}

/// Whether the side to move could make a four (a move leaving a five point) at once.
fn has_four_move(board: &Board, rule: Rule) -> bool {
    let mover = board.side_to_move();
    let mut scratch = board.clone();
    board.empty_points().any(|p| {
        if !may_play(board, p, mover, rule) {
            return false;
        }
        scratch.play_unchecked(p);
        let four = !five_points(&scratch, mover, rule).is_empty();
        scratch.undo();
        four
    })
}

/// Replays `line` (attacker = side to move of `board`) and checks that it is a forced win:
/// every move legal; a side facing a five point blocks it (or makes five); every four is
/// answered by a block; in a VCF every attacker move is a four; in a VCT every attacker move
/// that is not a four at least leaves a four to make; the line ends with a five or with a
/// four the defender cannot block.
pub fn check_line(board: &Board, rule: Rule, line: &[Point], kind: LineKind) -> Result<(), String> {
    if line.is_empty() {
        return Err("empty line".into());
    }
    if line.len() % 2 == 0 {
        return Err("the line does not end with an attacker move".into());
    }
    let mut board = board.clone();
    let attacker = board.side_to_move();
    for (index, &p) in line.iter().enumerate() {
        let mover = board.side_to_move();
        let last = index + 1 == line.len();
        if !may_play(&board, p, mover, rule) {
            return Err(format!("move {index} ({p}) is not legal"));
        }
        if mover != attacker && !five_points(&board, mover, rule).is_empty() {
            return Err(format!(
                "the defender could make five instead of move {index}"
            ));
        }
        let facing = five_points(&board, mover.opponent(), rule);
        let makes_five = wins_with(&board, p, mover, rule);
        if makes_five {
            if !last || mover != attacker {
                return Err(format!("move {index} ({p}) makes five before the end"));
            }
            return Ok(());
        }
        if !facing.is_empty() && !facing.contains(&p) {
            return Err(format!(
                "move {index} ({p}) ignores the five points {facing:?}"
            ));
        }
        board.play_unchecked(p);
        if !facing.is_empty() && !five_points(&board, mover.opponent(), rule).is_empty() {
            return Err(format!("move {index} ({p}) leaves a five point"));
        }
        let fours = five_points(&board, mover, rule);
        if mover == attacker {
            if kind == LineKind::Vcf && fours.is_empty() {
                return Err(format!("attacker move {index} ({p}) is not a four"));
            }
            if fours.is_empty() {
                let mut passed = board.clone();
                passed.set_side_to_move(attacker);
                if !has_four_move(&passed, rule) {
                    return Err(format!("attacker move {index} ({p}) threatens nothing"));
                }
            }
            if last {
                if fours.is_empty() {
                    return Err("the last attacker move is not a four".into());
                }
                if !five_points(&board, attacker.opponent(), rule).is_empty() {
                    return Err("the defender can make five after the last move".into());
                }
                let answers = blocks(&board, rule);
                if !answers.is_empty() {
                    return Err(format!("the final four is stoppable at {answers:?}"));
                }
                return Ok(());
            }
        } else {
            // The attacker's four (if any) must be gone.
            if !five_points(&board, attacker, rule).is_empty() {
                return Err(format!(
                    "defender move {index} ({p}) does not block the four"
                ));
            }
        }
    }
    Ok(())
}

/// Whether the side to move has a VCF of at most `depth` attacker moves, by brute force over
/// every empty point (slow: for small hand-made positions only). A side facing a five point
/// must block it; every attacker move must leave a five point; every defender move that
/// removes all of them is tried.
pub fn naive_vcf(board: &Board, rule: Rule, depth: u32) -> bool {
    let attacker = board.side_to_move();
    if five_points(board, attacker, rule)
        .into_iter()
        .any(|p| may_play(board, p, attacker, rule))
    {
        return true;
    }
    naive_vcf_node(&mut board.clone(), rule, depth)
}

fn naive_vcf_node(board: &mut Board, rule: Rule, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let attacker = board.side_to_move();
    let facing = five_points(board, attacker.opponent(), rule);
    if facing.len() >= 2 {
        return false;
    }
    let moves: Vec<Point> = if facing.is_empty() {
        board.empty_points().collect()
    } else {
        facing
    };
    for m in moves {
        if !may_play(board, m, attacker, rule) {
            continue;
        }
        board.play_unchecked(m);
        let wins = if five_points(board, attacker, rule).is_empty() {
            false
        } else {
            let answers = blocks(board, rule);
            answers.iter().all(|&b| {
                board.play_unchecked(b);
                let won = naive_vcf_node(board, rule, depth - 1);
                board.undo();
                won
            })
        };
        board.undo();
        if wins {
            return true;
        }
    }
    false
}

/// Whether the side to move wins by force within `moves` of its own moves, by full-width
/// search (every move of both sides; very slow: tiny boards and `moves` ≤ 3 only). The last
/// attacker move must make five or a four the defender cannot stop, as in [`naive_vcf`].
pub fn naive_forced_win(board: &Board, rule: Rule, moves: u32) -> bool {
    if moves <= 1 {
        return naive_vcf(board, rule, moves);
    }
    let attacker = board.side_to_move();
    let mut scratch = board.clone();
    board
        .empty_points()
        .any(|m| naive_wins_with(&mut scratch, m, attacker, rule, moves))
}

/// Whether the attacker (to move) wins by force within `moves` moves starting with `first`.
pub fn naive_wins_with(
    board: &mut Board,
    first: Point,
    attacker: Color,
    rule: Rule,
    moves: u32,
) -> bool {
    if !may_play(board, first, attacker, rule) {
        return false;
    }
    if wins_with(board, first, attacker, rule) {
        return true;
    }
    // Facing a five point, only its block can win.
    let facing = five_points(board, attacker.opponent(), rule);
    if !facing.is_empty() && !facing.contains(&first) {
        return false;
    }
    board.play_unchecked(first);
    let defender = attacker.opponent();
    let replies: Vec<Point> = board
        .empty_points()
        .filter(|&r| may_play(board, r, defender, rule))
        .collect();
    let won = !replies.is_empty()
        && five_points(board, defender, rule).is_empty()
        && replies.iter().all(|&r| {
            board.play_unchecked(r);
            let won = naive_forced_win(board, rule, moves - 1);
            board.undo();
            won
        });
    // No legal reply at all: the defender is stuck and the attacker's threat stands only if
    // it is a four; keep the search simple and call that no win.
    board.undo();
    won
}
