//! The rules of the game: which [`Rule`] is in force (from the protocol's `INFO rule` bitmask),
//! what counts as a win under it, and the renju forbidden-move judge with its explanation.
//!
//! # The renju judge
//! A black move at `p` is judged from the 11-cell windows through `p` in the four directions.
//! Each window (the point itself counted as black) indexes a precomputed [`RenjuLine`] entry that
//! says whether the line makes exactly five, an overline, how many fours (a straight four is one
//! four, `X.XXX.X` is two), and which empty points of the line would turn it into a straight four
//! containing `p` (its *three key points*). Only when two or more directions hold a three does the
//! judge recurse: with `p` on the board, a key point counts if it makes no five and is itself not
//! forbidden. That is the rule text, applied as often as it takes.

use std::fmt;
use std::sync::OnceLock;

use crate::board::{Board, Color, LineSet, Point, DIRECTIONS};
use crate::notation::PointName;

/// The rule of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Rule {
    /// Five or more in a row wins (INFO rule 0).
    Freestyle,
    /// Exactly five wins; six or more wins for nobody (INFO rule 1).
    Standard,
    /// Black must make exactly five and may not play forbidden moves; white wins with five or
    /// more (INFO rule 4, or 2 as Yixin-Board sends it).
    Renju,
    /// Five or more wins unless both ends are blocked by opponent stones (INFO rule 8).
    Caro,
    /// Exactly five wins unless both ends are blocked by opponent stones (INFO rule 9).
    CaroExact,
}

impl Rule {
    /// Decodes the `INFO rule` bitmask: 1 exactly five, 2 continuous game (ignored), 4 renju,
    /// 8 caro. The value 2 alone is renju, as Yixin-Board sends it.
    pub fn from_info(value: i64) -> Rule {
        if value == 2 || value & 4 != 0 {
            Rule::Renju
        } else if value & 8 != 0 {
            if value & 1 != 0 {
                Rule::CaroExact
            } else {
                Rule::Caro
            }
        } else if value & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The Gomocup `INFO rule` value of this rule.
    pub fn info_value(self) -> i64 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExact => 9,
        }
    }

    /// Whether a run of `length` stones of `color` is long enough (and not too long) to win,
    /// before the caro end check.
    #[inline]
    pub fn run_length_wins(self, color: Color, length: usize) -> bool {
        match self {
            Rule::Freestyle | Rule::Caro => length >= 5,
            Rule::Standard | Rule::CaroExact => length == 5,
            Rule::Renju => length == 5 || (length > 5 && color == Color::White),
        }
    }

    /// Whether this rule has forbidden moves for black.
    #[inline]
    pub fn has_forbidden_moves(self) -> bool {
        self == Rule::Renju
    }

    /// Whether a five needs at least one end that is not an opponent stone.
    #[inline]
    pub fn is_caro(self) -> bool {
        matches!(self, Rule::Caro | Rule::CaroExact)
    }

    /// A short lower-case name: `freestyle`, `standard`, `renju`, `caro`, `caro-exact`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro-exact",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rule {
    type Err = String;

    /// Accepts a name (`freestyle`, `gomoku`, `standard`, `renju`, `caro`, `caro-exact`) or an
    /// `INFO rule` number.
    fn from_str(text: &str) -> Result<Rule, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "gomoku" | "free" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exact5" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            "caro" => Ok(Rule::Caro),
            "caro-exact" | "caroexact" | "caro9" => Ok(Rule::CaroExact),
            other => other
                .parse::<i64>()
                .map(Rule::from_info)
                .map_err(|_| format!("unknown rule '{text}' (freestyle, standard, renju, caro)")),
        }
    }
}

/// Why a black move is forbidden under renju.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ForbiddenKind {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

impl ForbiddenKind {
    /// `overline`, `double-four` or `double-three`.
    pub fn name(self) -> &'static str {
        match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::DoubleThree => "double-three",
        }
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts of consecutive `own` stones next to the centre (bit 5) of an 11-bit window:
/// `(towards offset -5, towards offset +5)`, each at most 5.
#[inline]
pub fn run_arms(own: u32) -> (usize, usize) {
    let below = (!(own << 27)).leading_zeros().min(5) as usize;
    let above = (!(own >> 6)).trailing_zeros().min(5) as usize;
    (below, above)
}

/// Whether the stone on `point` is part of a winning line under `rule`.
pub fn is_winning_stone(board: &Board, point: Point, rule: Rule) -> bool {
    match board.stone(point) {
        Some(color) => makes_win(board.lines(), point, color, rule),
        None => false,
    }
}

/// Whether a stone of `color` on `point` (placed or not) makes a winning line under `rule`.
/// The point itself is counted as `color` whatever is on it.
#[inline]
pub fn makes_win(lines: &LineSet, point: Point, color: Color, rule: Rule) -> bool {
    (0..4).any(|direction| {
        let (black, white, _wall) = lines.windows(point, direction);
        let (own, opponent) = match color {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let (below, above) = run_arms(own);
        let length = below + above + 1;
        if !rule.run_length_wins(color, length) {
            return false;
        }
        if rule.is_caro() && length <= 5 {
            // Both ends blocked by opponent stones (not the edge) takes the win away.
            let low_end = 5 - below - 1;
            let high_end = 5 + above + 1;
            let blocked_low = opponent >> low_end & 1 == 1;
            let blocked_high = opponent >> high_end & 1 == 1;
            return !(blocked_low && blocked_high);
        }
        true
    })
}

/// Whether `color` moving on the empty `point` would win at once under `rule`.
#[inline]
pub fn would_win(board: &Board, point: Point, color: Color, rule: Rule) -> bool {
    board.is_empty(point) && makes_win(board.lines(), point, color, rule)
}

/// The colour that has a winning line on the board, if any (black first if both do).
pub fn winner(board: &Board, rule: Rule) -> Option<Color> {
    [Color::Black, Color::White].into_iter().find(|&color| {
        board
            .points()
            .any(|p| board.stone(p) == Some(color) && makes_win(board.lines(), p, color, rule))
    })
}

/// Whether the side to move may play on `point` under `rule`: empty, and not forbidden for black
/// under renju.
pub fn is_legal(board: &Board, point: Point, rule: Rule) -> bool {
    board.is_empty(point)
        && !(rule == Rule::Renju
            && board.side_to_move() == Color::Black
            && forbidden_kind(board, point).is_some())
}

/// Whether the side to move has any legal point under `rule` (black under renju may have only
/// forbidden ones left).
pub fn has_legal_move(board: &Board, rule: Rule) -> bool {
    board
        .empty_points()
        .any(|point| is_legal(board, point, rule))
}

// ---------------------------------------------------------------------------------------------
// Renju line table

/// What one line through a black move makes, from the 11-cell window around it.
///
/// Packed in a `u16`:
/// ```text
///  bit  15..13   12 ......... 4    3..2     1..0
///       unused   key points      fours    five: 0 none, 1 exactly five, 2 overline
///                (bit 4 = offset -4 ... bit 12 = offset +4)
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RenjuLine(u16);

impl RenjuLine {
    /// The move makes exactly five on this line.
    #[inline]
    pub fn is_five(self) -> bool {
        self.0 & 3 == 1
    }

    /// The move makes six or more on this line.
    #[inline]
    pub fn is_overline(self) -> bool {
        self.0 & 3 == 2
    }

    /// Number of fours the move makes on this line (0, 1 or 2; a straight four is one).
    #[inline]
    pub fn fours(self) -> u32 {
        (self.0 >> 2 & 3) as u32
    }

    /// Offsets (-4..=4) of the empty points that would make a straight four containing the
    /// move, as a 9-bit mask (bit 0 = offset -4).
    #[inline]
    pub fn three_key_points(self) -> u32 {
        (self.0 >> 4) as u32 & 0x1FF
    }
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const BLOCK: u8 = 2;

/// Length of the run of black through `index` of an 11-cell line.
fn run_length_at(cells: &[u8; 11], index: usize) -> (usize, usize) {
    let mut low = index;
    while low > 0 && cells[low - 1] == BLACK {
        low -= 1;
    }
    let mut high = index;
    while high < 10 && cells[high + 1] == BLACK {
        high += 1;
    }
    (low, high)
}

/// Empty points of the window where one more black stone makes exactly five that covers every
/// index in `must_cover`.
fn five_points(cells: &mut [u8; 11], must_cover: &[usize]) -> Vec<usize> {
    let mut points = Vec::new();
    for q in 1..=9 {
        if cells[q] != EMPTY {
            continue;
        }
        cells[q] = BLACK;
        let (low, high) = run_length_at(cells, q);
        // A run touching index 0 or 10 may go on beyond the window, but a run that covers the
        // centre and an edge of the window is already six long, so it is never "exactly five".
        if high - low + 1 == 5 && must_cover.iter().all(|&i| (low..=high).contains(&i)) {
            points.push(q);
        }
        cells[q] = EMPTY;
    }
    points
}

/// Fours made by the stones in `cells` through every index of `must_cover`: a straight four
/// (two five points five apart) counts once.
fn count_fours(five_points: &[usize]) -> u32 {
    match five_points {
        [] => 0,
        [a, b] if b - a == 5 => 1,
        points => points.len().min(2) as u32,
    }
}

fn is_straight_four(five_points: &[usize]) -> bool {
    matches!(five_points, [a, b] if b - a == 5)
}

fn renju_line_entry(cells: &mut [u8; 11]) -> u16 {
    let (low, high) = run_length_at(cells, 5);
    let length = high - low + 1;
    if length == 5 {
        return 1;
    }
    if length > 5 {
        return 2;
    }
    let fours = count_fours(&five_points(cells, &[5]));
    let mut key_points = 0u16;
    for q in 1..=9 {
        if cells[q] != EMPTY {
            continue;
        }
        cells[q] = BLACK;
        let (low, high) = run_length_at(cells, q);
        // A key point that makes a five (or an overline) on this very line is no key point.
        if high - low + 1 < 5 && is_straight_four(&five_points(cells, &[5, q])) {
            key_points |= 1 << (q - 1);
        }
        cells[q] = EMPTY;
    }
    ((fours as u16) << 2) | (key_points << 4)
}

/// The renju line table, indexed by [`LineSet::key`] for black.
fn renju_table() -> &'static [RenjuLine] {
    static TABLE: OnceLock<Vec<RenjuLine>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![RenjuLine(0); 1 << 20];
        let mut cells = [EMPTY; 11];
        // Every assignment of empty / black / blocked to the ten cells around the centre.
        for code in 0..3u32.pow(10) {
            let mut rest = code;
            let mut key = 0u32;
            for (slot, index) in [0, 1, 2, 3, 4, 6, 7, 8, 9, 10].into_iter().enumerate() {
                let state = (rest % 3) as u8;
                rest /= 3;
                cells[index] = state;
                match state {
                    BLACK => key |= 1 << slot,
                    EMPTY => key |= 1 << (slot + 10),
                    _ => debug_assert_eq!(state, BLOCK),
                }
            }
            cells[5] = BLACK;
            table[key as usize] = RenjuLine(renju_line_entry(&mut cells));
        }
        table
    })
}

/// Builds the tables the rules need now, so that the first judgement is not slow.
pub fn warm_up() {
    renju_table();
}

/// The renju line entry of a black stone on `point` along `direction` in `lines`.
#[inline]
pub fn renju_line(lines: &LineSet, point: Point, direction: usize) -> RenjuLine {
    renju_table()[lines.key(point, direction, Color::Black) as usize]
}

/// Whether black on the empty `point` makes exactly five somewhere.
#[inline]
fn black_makes_five(lines: &LineSet, point: Point) -> bool {
    (0..4).any(|direction| renju_line(lines, point, direction).is_five())
}

/// One step of the reasoning behind a verdict, for [`explain_forbidden`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// How deep in the recursion (0 = the point asked about).
    pub depth: usize,
    /// What was found.
    pub text: String,
}

/// Names of the directions in notes.
const DIRECTION_NAMES: [&str; 4] = ["horizontal", "vertical", "diagonal \\", "diagonal /"];

fn key_point_of(point: Point, direction: usize, bit: u32) -> Point {
    let (dx, dy) = DIRECTIONS[direction];
    let offset = bit as i32 - 4;
    // Key points are empty cells of the window, so they are on the board.
    let x = point.x() as i32 + dx * offset;
    let y = point.y() as i32 + dy * offset;
    Point::new(x as usize, y as usize)
}

/// The recursive judge. `lines` must have `point` empty. `notes`, when given, receives the
/// reasoning; it does not change the verdict.
fn judge(
    lines: &LineSet,
    point: Point,
    depth: usize,
    mut notes: Option<&mut Vec<Note>>,
) -> Option<ForbiddenKind> {
    let entries = [0, 1, 2, 3].map(|direction| renju_line(lines, point, direction));
    let note = |notes: &mut Option<&mut Vec<Note>>, text: String| {
        if let Some(list) = notes.as_deref_mut() {
            list.push(Note { depth, text });
        }
    };
    if let Some(direction) = entries.iter().position(|e| e.is_five()) {
        note(
            &mut notes,
            format!(
                "{} makes five ({}): a five is never forbidden",
                PointName(point),
                DIRECTION_NAMES[direction]
            ),
        );
        return None;
    }
    if let Some(direction) = entries.iter().position(|e| e.is_overline()) {
        note(
            &mut notes,
            format!(
                "{} makes six or more in a row ({}): overline",
                PointName(point),
                DIRECTION_NAMES[direction]
            ),
        );
        return Some(ForbiddenKind::Overline);
    }
    let fours: u32 = entries.iter().map(|e| e.fours()).sum();
    if notes.is_some() {
        for (direction, entry) in entries.iter().enumerate() {
            if entry.fours() > 0 {
                let what = if entry.fours() > 1 {
                    "two fours"
                } else {
                    "a four"
                };
                note(
                    &mut notes,
                    format!(
                        "{} makes {what} ({})",
                        PointName(point),
                        DIRECTION_NAMES[direction]
                    ),
                );
            }
        }
    }
    if fours >= 2 {
        note(
            &mut notes,
            format!("{} makes two fours at once: double-four", PointName(point)),
        );
        return Some(ForbiddenKind::DoubleFour);
    }
    // A line that holds a four is not also a three.
    let three_directions: Vec<usize> = (0..4)
        .filter(|&d| entries[d].fours() == 0 && entries[d].three_key_points() != 0)
        .collect();
    if three_directions.len() < 2 {
        if notes.is_some() {
            for &direction in &three_directions {
                note(
                    &mut notes,
                    format!(
                        "{} makes only one three ({}), so it cannot be a double-three",
                        PointName(point),
                        DIRECTION_NAMES[direction]
                    ),
                );
            }
            note(
                &mut notes,
                format!(
                    "{} is not forbidden: no overline, at most one four, fewer than two threes",
                    PointName(point)
                ),
            );
        }
        return None;
    }
    let mut with_move = lines.clone();
    with_move.place(point, Color::Black);
    let mut real_threes = 0;
    for &direction in &three_directions {
        let mut key_points = entries[direction].three_key_points();
        let mut real = false;
        while key_points != 0 {
            let bit = key_points.trailing_zeros();
            key_points &= key_points - 1;
            let key_point = key_point_of(point, direction, bit);
            note(
                &mut notes,
                format!(
                    "{} makes a three ({}) if black can then make a straight four at {}; judging {} with {} on the board:",
                    PointName(point),
                    DIRECTION_NAMES[direction],
                    PointName(key_point),
                    PointName(key_point),
                    PointName(point)
                ),
            );
            if black_makes_five(&with_move, key_point) {
                note(
                    &mut notes,
                    format!(
                        "no: {} would make a five, which is not a straight four",
                        PointName(key_point)
                    ),
                );
                continue;
            }
            let verdict = judge(&with_move, key_point, depth + 1, notes.as_deref_mut());
            match verdict {
                Some(kind) => {
                    note(
                        &mut notes,
                        format!(
                            "no: {} is itself forbidden ({kind}), so it does not count",
                            PointName(key_point)
                        ),
                    );
                }
                None => {
                    note(
                        &mut notes,
                        format!(
                            "yes: {} is playable, so the three ({}) is real",
                            PointName(key_point),
                            DIRECTION_NAMES[direction]
                        ),
                    );
                    real = true;
                    break;
                }
            }
        }
        if real {
            real_threes += 1;
            if real_threes >= 2 && notes.is_none() {
                break;
            }
        } else {
            note(
                &mut notes,
                format!(
                    "{} ({}) is a false three: none of its straight-four points is playable",
                    PointName(point),
                    DIRECTION_NAMES[direction]
                ),
            );
        }
    }
    if real_threes >= 2 {
        note(
            &mut notes,
            format!(
                "{} makes {real_threes} real threes: double-three",
                PointName(point)
            ),
        );
        Some(ForbiddenKind::DoubleThree)
    } else {
        note(
            &mut notes,
            format!(
                "{} makes only {real_threes} real three(s): not a double-three, not forbidden",
                PointName(point)
            ),
        );
        None
    }
}

/// Why black may not play on `point` under renju, or `None` if black may (occupied points are
/// `None` too: they are illegal, not forbidden).
#[inline]
pub fn forbidden_kind(board: &Board, point: Point) -> Option<ForbiddenKind> {
    if !board.is_empty(point) {
        return None;
    }
    judge(board.lines(), point, 0, None)
}

/// Whether black's move on the empty `point` (renju) is a real four-three: it makes a four, and
/// once white has taken the four's five point, a playable black move still turns a three
/// through `point` into a straight four. A three whose straight-four points are all forbidden
/// is only a shape: the line tables cannot see that (it depends on the other lines through
/// those points), so the search asks here before it treats a black four-three as a threat that
/// must be answered.
pub fn black_four_three_is_real(board: &Board, point: Point) -> bool {
    let lines = board.lines();
    let entries = [0, 1, 2, 3].map(|direction| renju_line(lines, point, direction));
    if entries.iter().any(|entry| entry.is_five()) {
        return true;
    }
    let (width, height) = (board.width(), board.height());
    let mut with_four = lines.clone();
    with_four.place(point, Color::Black);
    // White's forced answers: every point where black would now make five.
    let mut blocked = lines.clone();
    for (direction, entry) in entries.iter().enumerate() {
        if entry.fours() == 0 {
            continue;
        }
        for steps in (-4..=4).filter(|&steps| steps != 0) {
            if let Some(five_point) = point.offset(direction, steps, width, height) {
                if board.is_empty(five_point)
                    && renju_line(&with_four, five_point, direction).is_five()
                {
                    blocked.place(five_point, Color::White);
                }
            }
        }
    }
    let mut with_move = blocked.clone();
    with_move.place(point, Color::Black);
    for direction in 0..4 {
        let mut keys = renju_line(&blocked, point, direction).three_key_points();
        while keys != 0 {
            let bit = keys.trailing_zeros();
            keys &= keys - 1;
            let key_point = key_point_of(point, direction, bit);
            if black_makes_five(&with_move, key_point)
                || judge(&with_move, key_point, 1, None).is_none()
            {
                return true;
            }
        }
    }
    false
}

/// Every point where black may not play under renju, with the reason, row by row.
pub fn forbidden_points(board: &Board) -> Vec<(Point, ForbiddenKind)> {
    board
        .empty_points()
        .filter_map(|p| forbidden_kind(board, p).map(|kind| (p, kind)))
        .collect()
}

/// The verdict on `point` for black with the reasoning that led to it, step by step; nested
/// judgements of key points have a larger `depth`. Same code as [`forbidden_kind`].
pub fn explain_forbidden(board: &Board, point: Point) -> (Option<ForbiddenKind>, Vec<Note>) {
    let mut notes = Vec::new();
    if !board.is_empty(point) {
        notes.push(Note {
            depth: 0,
            text: format!("{} is not empty", PointName(point)),
        });
        return (None, notes);
    }
    let verdict = judge(board.lines(), point, 0, Some(&mut notes));
    (verdict, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bitmask() {
        assert_eq!(Rule::from_info(0), Rule::Freestyle);
        assert_eq!(Rule::from_info(1), Rule::Standard);
        assert_eq!(Rule::from_info(2), Rule::Renju);
        assert_eq!(Rule::from_info(3), Rule::Standard);
        assert_eq!(Rule::from_info(4), Rule::Renju);
        assert_eq!(Rule::from_info(6), Rule::Renju);
        assert_eq!(Rule::from_info(8), Rule::Caro);
        assert_eq!(Rule::from_info(9), Rule::CaroExact);
        assert_eq!(Rule::from_info(10), Rule::Caro);
    }

    #[test]
    fn notes_name_wide_board_points_in_protocol_form() {
        // Letters run out after column z: a point past it is written `x,y`, not as the
        // character after `z`.
        let mut board = Board::new(30, 15).unwrap();
        for (point, name) in [(Point::new(27, 3), "27,3"), (Point::new(25, 0), "z1")] {
            board.play_unchecked(point);
            let (verdict, notes) = explain_forbidden(&board, point);
            assert_eq!(verdict, None);
            assert_eq!(notes[0].text, format!("{name} is not empty"));
        }
    }

    #[test]
    fn a_four_three_is_real_only_when_its_three_can_become_a_straight_four() {
        let point = |name| crate::notation::parse_point(name, 15, 15).unwrap();
        // Black's row d8 e8 f8 is closed by c8; g8 makes a four (five at h8) and the open three
        // g6 g7 g8: after white h8, g5 or g9 makes a straight four.
        let mut board = Board::square(15).unwrap();
        crate::notation::play_moves(&mut board, "d8c8e8a1f8a3g6a5g7a7").unwrap();
        assert!(black_four_three_is_real(&board, point("g8")));
        // From a renju game: l8 makes the four h8 i8 j8 . l8 (five at k8) and the three
        // l5 . l7 l8, whose only straight-four point l6 is a double-three for black, before and
        // after white's block at k8: a four and a shape, no four-three.
        let mut board = Board::square(15).unwrap();
        crate::notation::play_moves(
            &mut board,
            "h8i7i9g7j7j9f7h6g5i5f8i4i8i6i3g8g10h9h4f6j6j5k4i10l5k6l7h11g12j11k12j10j8g2h3f9h7g6e6k3j4",
        )
        .unwrap();
        assert_eq!(
            forbidden_kind(&board, point("l6")),
            Some(ForbiddenKind::DoubleThree)
        );
        assert!(!black_four_three_is_real(&board, point("l8")));
    }

    #[test]
    fn run_arms_counts_neighbours() {
        assert_eq!(run_arms(0b000_0010_0000), (0, 0));
        assert_eq!(run_arms(0b000_0111_1000), (2, 1));
        assert_eq!(run_arms(0b111_1111_1111), (5, 5));
        assert_eq!(run_arms(0b111_1011_1111), (5, 0));
    }

    #[test]
    fn table_entries_for_simple_lines() {
        let mut cells = [EMPTY; 11];
        // . . . . X [X] X . . . .  -> an open three's key points are offsets -2, +2 and the
        // extensions: a straight four needs four in a row with both ends free.
        cells[4] = BLACK;
        cells[5] = BLACK;
        cells[6] = BLACK;
        let entry = RenjuLine(renju_line_entry(&mut cells));
        assert!(!entry.is_five());
        assert_eq!(entry.fours(), 0);
        assert_eq!(entry.three_key_points(), (1 << (3 - 1)) | (1 << (7 - 1)));
        // X . X X [X] . X: two fours on one line.
        let mut cells = [EMPTY; 11];
        for i in [1, 3, 4, 5, 7] {
            cells[i] = BLACK;
        }
        let entry = RenjuLine(renju_line_entry(&mut cells));
        assert_eq!(entry.fours(), 2);
    }
}
