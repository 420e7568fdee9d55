//! What the position suites of `bench/` share: the reading of a suite line, the board after its
//! moves (each move checked against the rule), and the lookup of its provenance fields.

use tengen::board::{Board, Color, Point};
use tengen::notation::parse_move_list;
use tengen::rules::{self, Rule};

/// The `size`×`size` board after `moves` (black first), each move checked: on an empty point,
/// legal under `rule` (never a forbidden point for black under renju) and played while the
/// game is not over; nor may the last move end it. The error names the move at fault.
pub fn board_after(moves: &[Point], rule: Rule, size: usize) -> Result<Board, String> {
    let mut board = Board::square(size).map_err(|e| e.to_string())?;
    for (ply, &point) in moves.iter().enumerate() {
        if rules::winner(&board, rule).is_some() {
            return Err(format!("the game is over before move {}", ply + 1));
        }
        if !rules::is_legal(&board, point, rule) {
            return Err(format!(
                "move {} ({point}) is occupied or forbidden",
                ply + 1
            ));
        }
        board.play_unchecked(point);
    }
    if rules::winner(&board, rule).is_some() {
        return Err("the game is already over".to_string());
    }
    Ok(board)
}

/// The value of `key` among a line's provenance fields (`key=value`, in file order), if present.
pub fn field<'a>(extra: &'a [(String, String)], key: &str) -> Option<&'a str> {
    extra
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// One position line of a suite, split: `<rule> <colour> [key=value ...] : <moves>`.
pub struct SuiteLine {
    /// Line number in the file (1-based).
    pub line: usize,
    /// The rule (`freestyle`, `renju`, ...).
    pub rule: Rule,
    /// The colour the second word names (what it means is the suite's).
    pub color: Color,
    /// The `key=value` fields, in file order.
    pub fields: Vec<(String, String)>,
    /// The moves, black first, on a `size`×`size` board.
    pub moves: Vec<Point>,
}

/// The position lines of a suite's text (blank lines and `#` comment lines skipped), or the
/// first line that does not read; `what` names the colour word in messages.
pub fn suite_lines(text: &str, size: usize, what: &str) -> Result<Vec<SuiteLine>, String> {
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (head, moves) = content
            .split_once(':')
            .ok_or_else(|| format!("line {line}: no ':' before the moves"))?;
        let mut words = head.split_whitespace();
        let rule: Rule = words
            .next()
            .ok_or_else(|| format!("line {line}: no rule"))?
            .parse()
            .map_err(|e| format!("line {line}: {e}"))?;
        let color = match words.next() {
            Some("black") => Color::Black,
            Some("white") => Color::White,
            other => return Err(format!("line {line}: {what} {other:?} is not black/white")),
        };
        let fields = words
            .map(|field| {
                field
                    .split_once('=')
                    .map(|(key, value)| (key.to_string(), value.to_string()))
                    .ok_or_else(|| format!("line {line}: field '{field}' is not key=value"))
            })
            .collect::<Result<_, _>>()?;
        let moves =
            parse_move_list(moves, size, size).map_err(|e| format!("line {line}: moves: {e}"))?;
        lines.push(SuiteLine {
            line,
            rule,
            color,
            fields,
            moves,
        });
    }
    Ok(lines)
}
