//! The last word on the move to play: [`legal_answer`] turns what a search proposed (or
//! nothing) into a legal move, so that a manager always gets one while the board has any, and
//! [`without_legal_move`] is the move when there is none but the board is not full.

use crate::board::{Board, Point};
use crate::rules::{self, Rule};

/// Distance from the centre of the board (smaller is more central).
pub fn off_centre(board: &Board, point: Point) -> i64 {
    let dx = 2 * point.x() as i64 - (board.width() as i64 - 1);
    let dy = 2 * point.y() as i64 - (board.height() as i64 - 1);
    dx.abs().max(dy.abs()) * 64 + dx.abs() + dy.abs()
}

/// A legal move for the side to move: `proposed` if it is legal, else a winning move, a move
/// that stops the opponent's five, or the most central legal point. `None` if there is none.
pub fn legal_answer(board: &Board, rule: Rule, proposed: Option<Point>) -> Option<Point> {
    if let Some(point) = proposed {
        if board.contains(point.x() as i64, point.y() as i64) && rules::is_legal(board, point, rule)
        {
            return Some(point);
        }
        log::warn!("the search proposed {point}, which is not legal here");
    }
    let mover = board.side_to_move();
    let legal: Vec<Point> = board
        .empty_points()
        .filter(|&p| rules::is_legal(board, p, rule))
        .collect();
    legal
        .iter()
        .copied()
        .find(|&p| rules::would_win(board, p, mover, rule))
        .or_else(|| {
            legal
                .iter()
                .copied()
                .find(|&p| rules::would_win(board, p, mover.opponent(), rule))
        })
        .or_else(|| legal.iter().copied().min_by_key(|&p| off_centre(board, p)))
}

/// The move when the side to move has no legal move but the board has an empty point: black
/// under renju with only forbidden points left. Renju has no pass, so every answer loses, but a
/// move ends the game at once by the manager's foul rule, where an error line would leave it
/// waiting until our time runs out (a time fault). So the first empty point; `None` on a full
/// board.
pub fn without_legal_move(board: &Board) -> Option<Point> {
    let point = board.empty_points().next()?;
    log::warn!("only forbidden points are left: playing {point}");
    Some(point)
}
