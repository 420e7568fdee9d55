//! Line shapes: [`Pattern`], what a stone of one colour on an empty point makes along one
//! line, and the one-colour line tables that give it for every line key under each rule variant.
//!
//! A line through an empty point is read as a 20-bit one-colour key (own stones and empty
//! cells at offsets -5..-1, +1..+5). Only the 3^10 keys where no cell is both own and empty can
//! occur; a table per rule variant maps each to a [`Pattern`], computed once, lazily, by a
//! recursion that uses the table itself as its memo:
//! - *five*: the stone makes a winning run through the point;
//! - *four*: exactly one empty point of the line would then make five through the point
//!   (*open four* when two or more would: it cannot be blocked);
//! - *three* / *open three*: some empty point turns the line into a four / an open four;
//! - *two*, *open two*, *one*, *open one*: likewise one level down.
//!
//! Split shapes (`X.XXX`, `XX.XX`, `X.XX.`) fall out of the recursion without special cases.
//! Rule variants differ only in what counts as five: five or more (freestyle, renju white),
//! exactly five (standard, renju black), five not closed at both ends (caro). For black under
//! renju a line that makes an overline or two fours at once is marked [`Pattern::Forbidden`], and
//! only a straight four (`.XXXX.`) is an open four, so that an open three is exactly a line with
//! a key point as in the renju rules (the recursive "is the key point itself forbidden" part is
//! left to [`crate::rules::forbidden_kind`]). Caro tables take the edge for an opponent stone;
//! the one place where that matters for a result, a five closed at both ends, is flagged in the
//! table and settled exactly with [`crate::rules::makes_win`] by the
//! [`PatternBoard`](super::PatternBoard).

use std::sync::OnceLock;

use crate::board::{Board, Color, Point};
use crate::rules::Rule;

/// The shape a stone of one colour on an empty point would make along one line.
/// Ordered from weakest to strongest (except [`Pattern::Forbidden`], which is a mark, not a
/// strength).
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Pattern {
    /// No five can ever go through the point on this line.
    Dead = 0,
    /// Black under renju: the stone would make an overline or two fours on this line.
    Forbidden,
    /// One stone that may become a closed two.
    One,
    /// One stone that may become an open two.
    OpenOne,
    /// A two that may become a closed three.
    Two,
    /// A two that may become an open three in one or two ways (`.X.X.`).
    OpenTwo,
    /// A two that may become an open three in three or more ways (`..XX..`).
    WideOpenTwo,
    /// A three that may become a (closed) four.
    Three,
    /// A three that may become an open four.
    OpenThree,
    /// A four: one empty point makes five.
    Four,
    /// An open four: two or more empty points make five.
    OpenFour,
    /// A five (a win).
    Five,
}

/// Number of [`Pattern`] values.
pub const PATTERN_COUNT: usize = 12;

const ALL_PATTERNS: [Pattern; PATTERN_COUNT] = [
    Pattern::Dead,
    Pattern::Forbidden,
    Pattern::One,
    Pattern::OpenOne,
    Pattern::Two,
    Pattern::OpenTwo,
    Pattern::WideOpenTwo,
    Pattern::Three,
    Pattern::OpenThree,
    Pattern::Four,
    Pattern::OpenFour,
    Pattern::Five,
];

impl Pattern {
    /// The pattern with this `as u8` value (clamped to the strongest).
    #[inline]
    pub(super) fn from_u8(value: u8) -> Pattern {
        ALL_PATTERNS[(value as usize).min(PATTERN_COUNT - 1)]
    }
}

/// What counts as five on one line, for one colour under one rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum LineRule {
    /// Five or more (freestyle; white under renju).
    FiveOrMore,
    /// Exactly five (standard).
    ExactlyFive,
    /// Exactly five; an overline or two fours on the line is forbidden (black under renju).
    RenjuBlack,
    /// Five or more, a five closed at both ends does not count (caro).
    Caro,
    /// Exactly five, not closed at both ends (caro, exact five).
    CaroExact,
}

const LINE_RULE_COUNT: usize = 5;

impl LineRule {
    pub(super) fn of(rule: Rule, color: Color) -> LineRule {
        match rule {
            Rule::Freestyle => LineRule::FiveOrMore,
            Rule::Standard => LineRule::ExactlyFive,
            Rule::Renju => match color {
                Color::Black => LineRule::RenjuBlack,
                Color::White => LineRule::FiveOrMore,
            },
            Rule::Caro => LineRule::Caro,
            Rule::CaroExact => LineRule::CaroExact,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Flag bit in a line table entry: under caro, a five closed at both ends, where an end may be
/// the edge of the board (then it is a five after all).
pub(super) const CARO_CLOSED_FIVE: u8 = 0x80;
/// Table entry not computed yet.
const UNSET: u8 = 0x7F;

const CELL_EMPTY: u8 = 0;
const CELL_OWN: u8 = 1;
const CELL_BLOCKED: u8 = 2;

/// Window index (0..11, 5 = the point) of each key slot (0..10).
const SLOT_INDEX: [usize; 10] = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10];

/// The key slot of window index `index` (not 5).
#[inline]
fn slot_of(index: usize) -> usize {
    if index < 5 {
        index
    } else {
        index - 1
    }
}

fn decode_key(key: u32) -> [u8; 11] {
    let mut cells = [CELL_BLOCKED; 11];
    cells[5] = CELL_OWN;
    for (slot, &index) in SLOT_INDEX.iter().enumerate() {
        if key >> slot & 1 == 1 {
            cells[index] = CELL_OWN;
        } else if key >> (slot + 10) & 1 == 1 {
            cells[index] = CELL_EMPTY;
        }
    }
    cells
}

/// The run of own stones through the centre: `(low, high)` window indices.
fn centre_run(cells: &[u8; 11]) -> (usize, usize) {
    let mut low = 5;
    while low > 0 && cells[low - 1] == CELL_OWN {
        low -= 1;
    }
    let mut high = 5;
    while high < 10 && cells[high + 1] == CELL_OWN {
        high += 1;
    }
    (low, high)
}

/// How the run through the centre ends the line's story.
enum RunVerdict {
    /// Not a five (yet).
    Open,
    /// A five.
    Five,
    /// A caro five closed at both ends (maybe by the edge).
    ClosedFive,
    /// Too long to ever be a five for this rule (exact-five rules).
    Overline,
}

fn judge_run(cells: &[u8; 11], line_rule: LineRule) -> RunVerdict {
    let (low, high) = centre_run(cells);
    let length = high - low + 1;
    let closed_both = || {
        low > 0 && high < 10 && cells[low - 1] == CELL_BLOCKED && cells[high + 1] == CELL_BLOCKED
    };
    match line_rule {
        LineRule::FiveOrMore if length >= 5 => RunVerdict::Five,
        LineRule::ExactlyFive | LineRule::RenjuBlack if length == 5 => RunVerdict::Five,
        LineRule::ExactlyFive | LineRule::RenjuBlack if length > 5 => RunVerdict::Overline,
        LineRule::Caro if length > 5 => RunVerdict::Five,
        LineRule::Caro | LineRule::CaroExact if length == 5 => {
            if closed_both() {
                RunVerdict::ClosedFive
            } else {
                RunVerdict::Five
            }
        }
        LineRule::CaroExact if length > 5 => RunVerdict::Overline,
        _ => RunVerdict::Open,
    }
}

/// Classifies `key` (and, through the memo, every key with more own stones).
fn classify(key: u32, table: &mut [u8], line_rule: LineRule) -> u8 {
    let known = table[key as usize];
    if known != UNSET {
        return known;
    }
    let mut cells = decode_key(key);
    let entry = match judge_run(&cells, line_rule) {
        RunVerdict::Five => Pattern::Five as u8,
        RunVerdict::Overline => match line_rule {
            LineRule::RenjuBlack => Pattern::Forbidden as u8,
            _ => Pattern::Dead as u8,
        },
        RunVerdict::ClosedFive => Pattern::Dead as u8 | CARO_CLOSED_FIVE,
        RunVerdict::Open => {
            // Five points: empty cells within four of the centre that make five through it.
            let mut five_points = [0usize; 8];
            let mut five_count = 0;
            for index in 1..=9 {
                if cells[index] != CELL_EMPTY {
                    continue;
                }
                cells[index] = CELL_OWN;
                if matches!(judge_run(&cells, line_rule), RunVerdict::Five) {
                    five_points[five_count] = index;
                    five_count += 1;
                }
                cells[index] = CELL_EMPTY;
            }
            if five_count >= 2 {
                let straight = five_count == 2 && five_points[1] - five_points[0] == 5;
                if line_rule == LineRule::RenjuBlack && !straight {
                    Pattern::Forbidden as u8
                } else {
                    Pattern::OpenFour as u8
                }
            } else if five_count == 1 {
                Pattern::Four as u8
            } else {
                let mut best = Pattern::Dead;
                let mut open_three_children = 0;
                for (index, &cell) in cells.iter().enumerate().take(10).skip(1) {
                    if cell != CELL_EMPTY {
                        continue;
                    }
                    let slot = slot_of(index);
                    let child_key = (key | 1 << slot) & !(1 << (slot + 10));
                    let child = Pattern::from_u8(classify(child_key, table, line_rule) & 0x7F);
                    let made = match child {
                        Pattern::OpenFour => Pattern::OpenThree,
                        Pattern::Four => Pattern::Three,
                        Pattern::OpenThree => {
                            open_three_children += 1;
                            Pattern::OpenTwo
                        }
                        Pattern::Three => Pattern::Two,
                        Pattern::OpenTwo | Pattern::WideOpenTwo => Pattern::OpenOne,
                        Pattern::Two => Pattern::One,
                        _ => Pattern::Dead,
                    };
                    best = best.max(made);
                }
                if best == Pattern::OpenTwo && open_three_children >= 3 {
                    best = Pattern::WideOpenTwo;
                }
                best as u8
            }
        }
    };
    table[key as usize] = entry;
    entry
}

fn build_line_table(line_rule: LineRule) -> Vec<u8> {
    let mut table = vec![UNSET; 1 << 20];
    for code in 0..3u32.pow(10) {
        let mut rest = code;
        let mut key = 0u32;
        for slot in 0..10 {
            match rest % 3 {
                0 => key |= 1 << (slot + 10),
                1 => key |= 1 << slot,
                _ => {}
            }
            rest /= 3;
        }
        classify(key, &mut table, line_rule);
    }
    table
}

pub(super) fn line_table(line_rule: LineRule) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; LINE_RULE_COUNT] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    TABLES[line_rule.index()].get_or_init(|| build_line_table(line_rule))
}

/// The pattern a stone of `color` on the empty `point` makes along `direction` under `rule`,
/// read from the line tables (for caro, a five closed at both ends reads as dead even when one
/// end is the edge; [`PatternBoard`](super::PatternBoard) settles that case exactly).
pub fn line_pattern(
    board: &Board,
    point: Point,
    direction: usize,
    color: Color,
    rule: Rule,
) -> Pattern {
    let table = line_table(LineRule::of(rule, color));
    Pattern::from_u8(table[board.line_key(point, direction, color) as usize] & 0x7F)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::{PatternBoard, Threat};

    fn pattern_of(row: &str, rule: Rule, color: Color) -> Pattern {
        // `row` is one horizontal line; `*` marks the point asked about.
        let width = row.chars().count().max(5);
        let text: String = row.replace('*', ".");
        let empty_rows = format!("{}\n", ".".repeat(width)).repeat(4);
        let board = Board::from_ascii(&format!("{text}\n{empty_rows}")).unwrap();
        let x = row.chars().position(|c| c == '*').unwrap();
        line_pattern(&board, Point::new(x, 0), 0, color, rule)
    }

    #[test]
    fn shapes_on_one_line() {
        let black = Color::Black;
        let free = Rule::Freestyle;
        assert_eq!(pattern_of("....XXXX*....", free, black), Pattern::Five);
        assert_eq!(pattern_of("...OXXX*.....", free, black), Pattern::Four);
        assert_eq!(pattern_of("....XXX*.....", free, black), Pattern::OpenFour);
        assert_eq!(pattern_of("....X.X*X....", free, black), Pattern::Four);
        assert_eq!(pattern_of("....XX*......", free, black), Pattern::OpenThree);
        assert_eq!(pattern_of("....X.*X.....", free, black), Pattern::OpenThree);
        assert_eq!(pattern_of("...OXX*......", free, black), Pattern::Three);
        assert_eq!(
            pattern_of(".....X*......", free, black),
            Pattern::WideOpenTwo
        );
        assert_eq!(pattern_of("....OX*.....", free, black), Pattern::Two);
        assert_eq!(pattern_of("......*......", free, black), Pattern::OpenOne);
        assert_eq!(pattern_of("O...*O", free, black), Pattern::Dead);
        // Split four X.XXX from the gap is a five; from the outside it is a four.
        assert_eq!(pattern_of("...X*XXX.....", free, black), Pattern::Five);
        assert_eq!(pattern_of("..*.XXX......", free, black), Pattern::Four);
    }

    #[test]
    fn overlines_depend_on_the_rule() {
        let black = Color::Black;
        assert_eq!(
            pattern_of("..XXX*XX.....", Rule::Freestyle, black),
            Pattern::Five
        );
        assert_eq!(
            pattern_of("..XXX*XX.....", Rule::Standard, black),
            Pattern::Dead
        );
        assert_eq!(
            pattern_of("..XXX*XX.....", Rule::Renju, black),
            Pattern::Forbidden
        );
        assert_eq!(
            pattern_of("..OOO*OO.....", Rule::Renju, Color::White),
            Pattern::Five
        );
        // X.XXX.X: two fours on one line, forbidden for black under renju.
        assert_eq!(
            pattern_of("..X.X*X.X....", Rule::Renju, black),
            Pattern::Forbidden
        );
        assert_eq!(
            pattern_of("..X.X*X.X....", Rule::Freestyle, black),
            Pattern::OpenFour
        );
        // Exact five: XXXX.X with the gap would make six, so it is no five point.
        assert_eq!(
            pattern_of("OXXX*.X....", Rule::Standard, black),
            Pattern::Dead
        );
        assert_eq!(
            pattern_of("OXXX*.X....", Rule::Freestyle, black),
            Pattern::Four
        );
    }

    #[test]
    fn caro_needs_an_open_end() {
        let black = Color::Black;
        assert_eq!(
            pattern_of("..OXXX*XO....", Rule::Caro, black),
            Pattern::Dead
        );
        assert_eq!(
            pattern_of("..OXXX*X.....", Rule::Caro, black),
            Pattern::Five
        );
        // Closed by the edge on one side only: still a five.
        assert_eq!(pattern_of("XXX*XO....", Rule::Caro, black), Pattern::Dead);
        let board =
            Board::from_ascii("XXX.XO....\n..........\n..........\n..........\n..........\n")
                .unwrap();
        let state = PatternBoard::new(&board, Rule::Caro);
        assert_eq!(state.threat(Point::new(3, 0), black), Threat::Five);
    }
}
