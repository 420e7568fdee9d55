//! Line shapes and threat classes: what a stone of either colour on an empty point would make
//! along each of its four lines ([`Pattern`]), what the four lines make together ([`Threat`]),
//! and an incrementally kept board of both ([`PatternBoard`]) that the search reads its move
//! ordering, threat detection and evaluation from.
//!
//! # Line tables
//! A line through an empty point is read as the 20-bit [`LineSet::key`] (own stones and empty
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
//! table and settled exactly with [`rules::makes_win`] by [`PatternBoard`].
//!
//! # Incremental state
//! [`PatternBoard`] wraps a [`Board`]. Placing or removing a stone changes the line key of only
//! the empty points within five cells of it along its four lines, so `play`/`undo` recompute
//! those (at most 40 points, both colours), keep per-colour sets of points by [`Threat`] class
//! and running sums of point values, and a set of candidate points near stones.

use std::sync::OnceLock;

use crate::board::{Board, Color, Point, CELL_COUNT, DIRECTIONS, MAX_SIZE};
use crate::rules::{self, Rule};

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
    #[inline]
    fn from_u8(value: u8) -> Pattern {
        ALL_PATTERNS[(value as usize).min(PATTERN_COUNT - 1)]
    }
}

/// What a stone of one colour on an empty point makes over its four lines together, from
/// nothing to a five. The order is the order of urgency.
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Threat {
    /// Nothing worth naming.
    None = 0,
    /// Black under renju: maybe forbidden (overline, two fours or two open threes by the line
    /// tables); [`rules::forbidden_kind`] has the last word.
    Forbidden,
    /// One open two.
    OpenTwo,
    /// One closed three.
    Three,
    /// Two open twos.
    DoubleOpenTwo,
    /// A closed three with another three or open two.
    ThreePlus,
    /// One open three.
    OpenThree,
    /// An open three with a closed three or an open two.
    OpenThreePlus,
    /// Two open threes (wins unless answered by fours; forbidden for black under renju).
    DoubleOpenThree,
    /// A lone four.
    Four,
    /// A four with a closed three or an open two.
    FourPlus,
    /// A four and an open three (wins unless answered by fours).
    FourOpenThree,
    /// An open four or two fours (wins unless the opponent makes five first).
    OpenFour,
    /// A five.
    Five,
}

/// Number of [`Threat`] values.
pub const THREAT_COUNT: usize = 14;

const ALL_THREATS: [Threat; THREAT_COUNT] = [
    Threat::None,
    Threat::Forbidden,
    Threat::OpenTwo,
    Threat::Three,
    Threat::DoubleOpenTwo,
    Threat::ThreePlus,
    Threat::OpenThree,
    Threat::OpenThreePlus,
    Threat::DoubleOpenThree,
    Threat::Four,
    Threat::FourPlus,
    Threat::FourOpenThree,
    Threat::OpenFour,
    Threat::Five,
];

impl Threat {
    /// The threat with this `as u8` value.
    #[inline]
    pub fn from_u8(value: u8) -> Threat {
        ALL_THREATS[(value as usize).min(THREAT_COUNT - 1)]
    }

    /// Whether playing here makes a four or better (a forcing move).
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Threat::Four
    }

    /// Whether playing here wins unless the opponent answers with fours: an open four, a
    /// four-three or a double open three.
    #[inline]
    pub fn is_winning_threat(self) -> bool {
        matches!(
            self,
            Threat::OpenFour | Threat::FourOpenThree | Threat::DoubleOpenThree
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Line tables

/// What counts as five on one line, for one colour under one rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineRule {
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
    fn of(rule: Rule, color: Color) -> LineRule {
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
const CARO_CLOSED_FIVE: u8 = 0x80;
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

fn line_table(line_rule: LineRule) -> &'static [u8] {
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
/// end is the edge; [`PatternBoard`] settles that case exactly).
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

// ---------------------------------------------------------------------------------------------
// Combining four lines

// Evaluation weights, in milli-logits of the side to move's chance to win.
//
// The evaluation is linear: every empty point adds the weight of each of its four line
// patterns and of its threat class, once for the side to move (the *mover*) and once for the
// other side (the *waiting* side), with separate weights because having the move changes what
// a shape is worth (an open three of the mover becomes an open four now; the waiting side's
// must be answered). The freestyle weights are fitted to game results: the logistic of the
// evaluation predicts, by least squares, who won, over the positions after the opening of 990
// games Rapfi (classical evaluation) played against itself at 0.1 s a move (freestyle 15x15,
// random openings): 23,570 positions, all but those with a five to make or block or an open
// four for the mover. The weights are then rounded. On held-out positions the squared error falls from 0.119
// (the weights fitted earlier on Tengen's own early self-play) to 0.106, and the new weights
// scored 58.9% against the old in self-play (208 games, 0.2 s a move). Fitting to Rapfi's
// evaluations instead of the results fitted those better but played worse (41% in self-play):
// a searched score has its threats settled, so it undervalues the threats a static evaluation
// must price. Shapes that never occur in those positions (the mover's open fours and fives,
// which the search settles before evaluating) get hand-set values in the same scale.

/// The evaluation weights of one colour's points (see the notes above).
#[derive(Clone, Copy, Debug)]
pub struct PointWeights {
    /// Weight of a line pattern at an empty point, when this colour is to move.
    pub line_mover: [i16; PATTERN_COUNT],
    /// Weight of a threat class at an empty point, when this colour is to move.
    pub threat_mover: [i16; THREAT_COUNT],
    /// Weight of a line pattern at an empty point, when the other colour is to move.
    pub line_waiting: [i16; PATTERN_COUNT],
    /// Weight of a threat class at an empty point, when the other colour is to move.
    pub threat_waiting: [i16; THREAT_COUNT],
}

/// Position-level evaluation terms for one side to move, in milli-logits.
#[derive(Clone, Copy, Debug)]
pub struct PositionWeights {
    /// The mover has a winning threat (open four, four-three, double three) and the waiting
    /// side has no four to answer with: almost always a win.
    pub unanswered_winning_threat: i32,
    /// Correction when the waiting side has a forcing threat (open three or four-three point).
    pub waiting_forcing_threat: i32,
    /// Correction when the waiting side has a winning threat of any kind.
    pub waiting_winning_threat: i32,
    /// The mover's edge, all else equal.
    pub mover_bias: i32,
}

/// Point weights for freestyle, standard and caro (both colours).
pub const FREESTYLE_POINT_WEIGHTS: PointWeights = PointWeights {
    line_mover: [
        6,    // Dead
        0,    // Forbidden
        -5,   // One
        -2,   // OpenOne
        31,   // Two
        35,   // OpenTwo
        75,   // WideOpenTwo
        81,   // Three
        126,  // OpenThree
        244,  // Four
        1000, // OpenFour (hand-set: the search claims these wins before evaluating)
        0,    // Five (never evaluated)
    ],
    threat_mover: [
        1,    // None
        0,    // Forbidden
        -60,  // OpenTwo
        12,   // Three
        4,    // DoubleOpenTwo
        79,   // ThreePlus
        110,  // OpenThree
        270,  // OpenThreePlus
        158,  // DoubleOpenThree
        192,  // Four
        501,  // FourPlus
        6231, // FourOpenThree: the mover wins unless the opponent has fours.
        3000, // OpenFour (hand-set, see above)
        0,    // Five (never evaluated)
    ],
    line_waiting: [
        -5,   // Dead
        0,    // Forbidden
        9,    // One
        4,    // OpenOne
        -26,  // Two
        -61,  // OpenTwo
        -84,  // WideOpenTwo
        -87,  // Three
        -80,  // OpenThree
        -324, // Four
        -239, // OpenFour: an open three on the board; the mover must answer it.
        0,    // Five (the mover blocks it before evaluating)
    ],
    threat_waiting: [
        -5,    // None
        0,     // Forbidden
        75,    // OpenTwo
        3,     // Three
        48,    // DoubleOpenTwo
        -32,   // ThreePlus
        -119,  // OpenThree
        -230,  // OpenThreePlus
        -676,  // DoubleOpenThree
        -99,   // Four
        -322,  // FourPlus
        -1422, // FourOpenThree
        -826,  // OpenFour
        0,     // Five
    ],
};

/// Position weights for freestyle, standard and caro.
pub const FREESTYLE_POSITION_WEIGHTS: PositionWeights = PositionWeights {
    unanswered_winning_threat: 6490,
    waiting_forcing_threat: -445,
    waiting_winning_threat: 556,
    mover_bias: 58,
};

// Renju shares the freestyle weights. Separate black and white tables fitted the same way on
// 20,118 positions of Rapfi's renju self-play predicted those results better (held-out squared
// error 0.114 against 0.135) but scored 47.4% against the old shared weights in renju
// self-play (208 games from 26 balanced openings), while the refitted freestyle weights, shared,
// scored 54.3% there; so the tables stay shared until a renju fit wins.

/// Point weights of black under renju.
pub const RENJU_BLACK_POINT_WEIGHTS: PointWeights = FREESTYLE_POINT_WEIGHTS;
/// Point weights of white under renju.
pub const RENJU_WHITE_POINT_WEIGHTS: PointWeights = FREESTYLE_POINT_WEIGHTS;
/// Position weights under renju, black to move.
pub const RENJU_BLACK_POSITION_WEIGHTS: PositionWeights = FREESTYLE_POSITION_WEIGHTS;
/// Position weights under renju, white to move.
pub const RENJU_WHITE_POSITION_WEIGHTS: PositionWeights = FREESTYLE_POSITION_WEIGHTS;

// Move ordering ("policy"): which empty point the side to move should try first.
//
// A point's ordering score is linear in what is there, from the mover's view: the mover's
// threat class and four line patterns at the point (what playing it makes), the opponent's
// (what playing it spoils), and how near it is (Chebyshev distance 1, 2, 3, 4+) to the last
// move of each side. The weights are a softmax regression of the moves Rapfi (classical
// evaluation) chose in its self-play games (15x15, 0.1 s a move; about 5,000 quiet positions
// per rule: no five to make or block, no open three or four-three of the opponent to answer),
// in hundredths of a logit. On held-out positions Rapfi's move ranks 5.5th on average among
// the candidates in freestyle (7.0th with the hand-set table they replace) and 4.7th in renju
// (5.6th). Shapes those positions never had (our open fours and fives, the opponent's
// four-three, open four and five points) are hand-set above every fitted value.

/// Move-ordering weights of one rule (see the notes above).
#[derive(Clone, Copy, Debug)]
pub struct PolicyWeights {
    /// By the mover's threat class at the point.
    pub own_threat: [i16; THREAT_COUNT],
    /// By the opponent's threat class at the point.
    pub their_threat: [i16; THREAT_COUNT],
    /// By each of the mover's four line patterns at the point.
    pub own_line: [i16; PATTERN_COUNT],
    /// By each of the opponent's four line patterns at the point.
    pub their_line: [i16; PATTERN_COUNT],
    /// By distance to the opponent's last move: 1, 2, 3, 4 or more.
    pub near_last_opponent: [i16; 4],
    /// By distance to the mover's own last move: 1, 2, 3, 4 or more.
    pub near_last_own: [i16; 4],
}

/// Move-ordering weights for freestyle, standard and caro.
pub const FREESTYLE_POLICY_WEIGHTS: PolicyWeights = PolicyWeights {
    own_threat: [
        -70,  // None
        0,    // Forbidden
        -80,  // OpenTwo
        -18,  // Three
        -34,  // DoubleOpenTwo
        13,   // ThreePlus
        -56,  // OpenThree
        -7,   // OpenThreePlus
        123,  // DoubleOpenThree
        -62,  // Four
        -56,  // FourPlus
        376,  // FourOpenThree
        1000, // OpenFour (hand-set: wins unless the opponent has fours)
        3000, // Five (hand-set: the search plays it before ordering)
    ],
    their_threat: [
        -19,  // None
        0,    // Forbidden
        -37,  // OpenTwo
        -63,  // Three
        -80,  // DoubleOpenTwo
        -71,  // ThreePlus
        25,   // OpenThree
        14,   // OpenThreePlus
        60,   // DoubleOpenThree
        52,   // Four
        102,  // FourPlus
        500,  // FourOpenThree (hand-set: must be spoiled now)
        500,  // OpenFour (hand-set: must be spoiled now)
        2000, // Five (hand-set: the one block)
    ],
    own_line: [
        -135, // Dead
        0,    // Forbidden
        -107, // One
        -103, // OpenOne
        -99,  // Two
        -37,  // OpenTwo
        25,   // WideOpenTwo
        -5,   // Three
        213,  // OpenThree
        212,  // Four
        300,  // OpenFour (hand-set)
        1000, // Five (hand-set)
    ],
    their_line: [
        -65,  // Dead
        0,    // Forbidden
        -50,  // One
        -54,  // OpenOne
        -50,  // Two
        6,    // OpenTwo
        19,   // WideOpenTwo
        64,   // Three
        117,  // OpenThree
        134,  // Four
        200,  // OpenFour (hand-set)
        1000, // Five (hand-set)
    ],
    near_last_opponent: [33, 11, -9, -27],
    near_last_own: [38, 18, -18, -35],
};

/// Move-ordering weights for renju (black's forbidden points are tried last).
pub const RENJU_POLICY_WEIGHTS: PolicyWeights = PolicyWeights {
    own_threat: [
        -103, // None
        -443, // Forbidden
        -81,  // OpenTwo
        -46,  // Three
        -25,  // DoubleOpenTwo
        -2,   // ThreePlus
        42,   // OpenThree
        91,   // OpenThreePlus
        227,  // DoubleOpenThree
        -28,  // Four
        2,    // FourPlus
        386,  // FourOpenThree
        1000, // OpenFour (hand-set: wins unless the opponent has fours)
        3000, // Five (hand-set: the search plays it before ordering)
    ],
    their_threat: [
        -24,  // None
        -102, // Forbidden
        -30,  // OpenTwo
        -34,  // Three
        -55,  // DoubleOpenTwo
        -51,  // ThreePlus
        16,   // OpenThree
        34,   // OpenThreePlus
        -32,  // DoubleOpenThree
        70,   // Four
        178,  // FourPlus
        500,  // FourOpenThree (hand-set: must be spoiled now)
        500,  // OpenFour (hand-set: must be spoiled now)
        2000, // Five (hand-set: the one block)
    ],
    own_line: [
        -114, // Dead
        -29,  // Forbidden
        -91,  // One
        -92,  // OpenOne
        -76,  // Two
        -26,  // OpenTwo
        29,   // WideOpenTwo
        21,   // Three
        143,  // OpenThree
        211,  // Four
        300,  // OpenFour (hand-set)
        1000, // Five (hand-set)
    ],
    their_line: [
        -23,  // Dead
        -103, // Forbidden
        -24,  // One
        -33,  // OpenOne
        -31,  // Two
        0,    // OpenTwo
        14,   // WideOpenTwo
        47,   // Three
        111,  // OpenThree
        117,  // Four
        200,  // OpenFour (hand-set)
        1000, // Five (hand-set)
    ],
    near_last_opponent: [32, 3, 0, -25],
    near_last_own: [33, 4, -9, -28],
};

fn threat_of(patterns: [Pattern; 4], renju_black: bool) -> Threat {
    let count = |wanted: &[Pattern]| patterns.iter().filter(|p| wanted.contains(p)).count();
    let fives = count(&[Pattern::Five]);
    let open_fours = count(&[Pattern::OpenFour]);
    let fours = count(&[Pattern::Four]);
    let open_threes = count(&[Pattern::OpenThree]);
    let threes = count(&[Pattern::Three]);
    let open_twos = count(&[Pattern::OpenTwo, Pattern::WideOpenTwo]);
    let forbidden = count(&[Pattern::Forbidden]);
    if fives > 0 {
        return Threat::Five;
    }
    if renju_black && (forbidden > 0 || open_fours + fours >= 2 || open_threes >= 2) {
        return Threat::Forbidden;
    }
    if open_fours > 0 || fours >= 2 {
        Threat::OpenFour
    } else if fours == 1 && open_threes > 0 {
        Threat::FourOpenThree
    } else if fours == 1 && threes + open_twos > 0 {
        Threat::FourPlus
    } else if fours == 1 {
        Threat::Four
    } else if open_threes >= 2 {
        Threat::DoubleOpenThree
    } else if open_threes == 1 && threes + open_twos > 0 {
        Threat::OpenThreePlus
    } else if open_threes == 1 {
        Threat::OpenThree
    } else if threes >= 1 && threes + open_twos >= 2 {
        Threat::ThreePlus
    } else if open_twos >= 2 {
        Threat::DoubleOpenTwo
    } else if threes == 1 {
        Threat::Three
    } else if open_twos == 1 {
        Threat::OpenTwo
    } else {
        Threat::None
    }
}

/// Which combination table a colour uses: threat classification and evaluation weights.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CombinationKind {
    /// Freestyle, standard, caro: both colours.
    Free = 0,
    /// Black under renju: forbidden shapes, black's weights.
    RenjuBlack = 1,
    /// White under renju: free shapes, white's weights.
    RenjuWhite = 2,
}

impl CombinationKind {
    fn of(rule: Rule, color: Color) -> CombinationKind {
        match (rule, color) {
            (Rule::Renju, Color::Black) => CombinationKind::RenjuBlack,
            (Rule::Renju, Color::White) => CombinationKind::RenjuWhite,
            _ => CombinationKind::Free,
        }
    }

    fn weights(self) -> &'static PointWeights {
        match self {
            CombinationKind::Free => &FREESTYLE_POINT_WEIGHTS,
            CombinationKind::RenjuBlack => &RENJU_BLACK_POINT_WEIGHTS,
            CombinationKind::RenjuWhite => &RENJU_WHITE_POINT_WEIGHTS,
        }
    }
}

/// The position weights for `rule` with `mover` to move.
pub fn position_weights(rule: Rule, mover: Color) -> &'static PositionWeights {
    match (rule, mover) {
        (Rule::Renju, Color::Black) => &RENJU_BLACK_POSITION_WEIGHTS,
        (Rule::Renju, Color::White) => &RENJU_WHITE_POSITION_WEIGHTS,
        _ => &FREESTYLE_POSITION_WEIGHTS,
    }
}

/// Coarse class of each line pattern, all that threat classes depend on (3 bits): none, the
/// renju forbidden mark, open two, three, open three, four, open four, five. Sixteen entries so
/// that a pattern nibble indexes it without a bounds check.
const COARSE_CLASS: [u8; 16] = [0, 1, 0, 0, 0, 2, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0];
/// A pattern standing for each coarse class.
const COARSE_REPRESENTATIVE: [Pattern; 8] = [
    Pattern::Dead,
    Pattern::Forbidden,
    Pattern::OpenTwo,
    Pattern::Three,
    Pattern::OpenThree,
    Pattern::Four,
    Pattern::OpenFour,
    Pattern::Five,
];

/// The threat class and values of one combination of four line patterns.
#[derive(Clone, Copy, Debug, Default)]
struct CombinationEntry {
    /// Value of the point for its colour as mover (milli-logits).
    mover: i16,
    /// Value of the point for its colour as the waiting side (milli-logits).
    waiting: i16,
    /// The threat class, as `Threat as u8`.
    threat: u8,
}

/// What one colour kind needs to combine four line patterns: for every combination of four
/// pattern nibbles the threat class and the values as mover and as waiting side, so that a
/// point costs one lookup.
///
/// ```text
/// lines (u32, one byte a direction):  ....pppp ....pppp ....pppp ....pppp
///                                      dir 3    dir 2    dir 1    dir 0
/// index (16 bits):                              pppp pppp pppp pppp
/// ```
pub struct PointTables {
    /// 65,536 entries, one per index above.
    entries: Vec<CombinationEntry>,
}

impl PointTables {
    fn build(kind: CombinationKind) -> PointTables {
        let renju_black = kind == CombinationKind::RenjuBlack;
        let weights = kind.weights();
        // Threat classes depend only on the coarse classes (3 bits a direction).
        let threats: Vec<u8> = (0..1usize << 12)
            .map(|index| {
                let patterns = [0, 1, 2, 3].map(|d| COARSE_REPRESENTATIVE[index >> (3 * d) & 7]);
                threat_of(patterns, renju_black) as u8
            })
            .collect();
        let pad = |values: &[i16]| {
            let mut padded = [0i16; 16];
            padded[..values.len()].copy_from_slice(values);
            padded
        };
        let line_mover = pad(&weights.line_mover);
        let line_waiting = pad(&weights.line_waiting);
        let threat_mover = pad(&weights.threat_mover);
        let threat_waiting = pad(&weights.threat_waiting);
        let entries = (0..1usize << 16)
            .map(|index| {
                let mut coarse_index = 0usize;
                let mut mover = 0i16;
                let mut waiting = 0i16;
                for direction in 0..4 {
                    let pattern = index >> (4 * direction) & 15;
                    coarse_index |= (COARSE_CLASS[pattern] as usize) << (3 * direction);
                    mover += line_mover[pattern];
                    waiting += line_waiting[pattern];
                }
                let threat = threats[coarse_index];
                if threat == Threat::Forbidden as u8 {
                    // Left to the exact check; worth nothing meanwhile.
                    return CombinationEntry {
                        mover: 0,
                        waiting: 0,
                        threat,
                    };
                }
                CombinationEntry {
                    mover: mover + threat_mover[threat as usize],
                    waiting: waiting + threat_waiting[threat as usize],
                    threat,
                }
            })
            .collect();
        PointTables { entries }
    }

    /// Threat class and values (as mover, as waiting side) of four line patterns packed one a
    /// byte (byte `d` = direction `d`).
    #[inline]
    fn combine(&self, lines: u32) -> (u8, i16, i16) {
        // Gather the low nibble of each byte into one 16-bit index.
        let nibbles = lines & 0x0F0F_0F0F;
        let nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF;
        let index = ((nibbles | nibbles >> 8) & 0xFFFF) as usize;
        let entry = self.entries[index];
        (entry.threat, entry.mover, entry.waiting)
    }
}

fn point_tables(kind: CombinationKind) -> &'static PointTables {
    static TABLES: [OnceLock<PointTables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[kind as usize].get_or_init(|| PointTables::build(kind))
}

/// Builds the tables `rule` needs now, so that the first search does not pay for it.
pub fn warm_up(rule: Rule) {
    for color in [Color::Black, Color::White] {
        line_table(LineRule::of(rule, color));
    }
    for color in [Color::Black, Color::White] {
        point_tables(CombinationKind::of(rule, color));
    }
    pair_table(rule);
}

// ---------------------------------------------------------------------------------------------
// Point sets

/// A set of points as a 1024-bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointSet {
    words: [u64; CELL_COUNT / 64],
}

impl Default for PointSet {
    fn default() -> Self {
        PointSet::new()
    }
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet {
            words: [0; CELL_COUNT / 64],
        }
    }

    /// Adds `point`.
    #[inline]
    pub fn insert(&mut self, point: Point) {
        self.words[point.index() / 64] |= 1 << (point.index() % 64);
    }

    /// Removes `point`.
    #[inline]
    pub fn remove(&mut self, point: Point) {
        self.words[point.index() / 64] &= !(1 << (point.index() % 64));
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        self.words[point.index() / 64] >> (point.index() % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Adds every point of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &PointSet) {
        for (word, other) in self.words.iter_mut().zip(other.words.iter()) {
            *word |= other;
        }
    }

    /// The points, in index order.
    #[inline]
    pub fn iter(&self) -> PointSetIter<'_> {
        PointSetIter {
            words: &self.words,
            word_index: 0,
            current: self.words[0],
        }
    }

    /// The first point, in index order.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        self.iter().next()
    }
}

/// Iterator over a [`PointSet`].
pub struct PointSetIter<'a> {
    words: &'a [u64; CELL_COUNT / 64],
    word_index: usize,
    current: u64,
}

impl Iterator for PointSetIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(Point::from_index(self.word_index * 64 + bit));
            }
            self.word_index += 1;
            if self.word_index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.word_index];
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Two-colour line keys

/// Two-bit cell codes of a [`PatternBoard`] line key.
const CODE_EMPTY: u32 = 0;
const CODE_BLACK: u32 = 1;
const CODE_WHITE: u32 = 2;
const CODE_WALL: u32 = 3;

/// Nibble in a two-colour table entry for a caro five closed at both ends (settled exactly).
const NIBBLE_CARO_CLOSED: u8 = 15;

#[inline]
fn code_of(color: Color) -> u32 {
    match color {
        Color::Black => CODE_BLACK,
        Color::White => CODE_WHITE,
    }
}

/// The slot (0..10) of offset `offset` (-5..-1, 1..5) in a two-colour line key: offsets
/// -4..-1 and +1..+4 in slots 0..7, then -5 and +5 in slots 8 and 9. With the outer cells in
/// the top bits, the keys met most (outer cells empty) share one 64 KB block of the table, and
/// freestyle, where the outer cells never matter, masks them off.
#[inline]
const fn offset_slot(offset: i32) -> u32 {
    match offset {
        -5 => 8,
        5 => 9,
        _ if offset < 0 => (offset + 4) as u32,
        _ => (offset + 3) as u32,
    }
}

/// The neighbours a move changes the keys of, by step along the line (-5..-1, 1..5), with the
/// bit shift of the move's cell in the neighbour's key (from the neighbour the move lies at
/// offset -step).
const NEIGHBOUR_STEPS: [(i32, u32); 10] = {
    let mut steps = [(0, 0); 10];
    let mut index = 0;
    while index < 10 {
        let step = if index < 5 {
            index as i32 - 5
        } else {
            index as i32 - 4
        };
        steps[index] = (step, 2 * offset_slot(-step));
        index += 1;
    }
    steps
};

/// The position in [`NEIGHBOUR_STEPS`] where steps at least `step` (-5..=6) begin.
#[inline]
fn step_index(step: i32) -> usize {
    (step + 5 - (step > 0) as i32) as usize
}

/// The lowest (`upper` false) or one past the highest (`upper` true) step along a line that
/// keeps coordinate `coordinate` (moving by `delta` per step) on a side of `size`, clamped
/// to -5..=6.
#[inline]
fn step_bound(coordinate: i32, delta: i32, size: i32, upper: bool) -> i32 {
    let bound = match (delta, upper) {
        (0, false) => -5,
        (0, true) => 6,
        (1, false) => -coordinate,
        (1, true) => size - coordinate,
        (_, false) => coordinate - size + 1,
        (_, true) => coordinate + 1,
    };
    bound.clamp(-5, 6)
}

/// The offset (-5..-1, 1..5) of two-colour key slot `slot`; the inverse of [`offset_slot`].
const fn slot_offset(slot: u32) -> i32 {
    match slot {
        8 => -5,
        9 => 5,
        _ if slot < 4 => slot as i32 - 4,
        _ => slot as i32 - 3,
    }
}

/// The bits of a two-colour key that matter under `rule`.
fn key_mask(rule: Rule) -> u32 {
    if rule == Rule::Freestyle {
        0xFFFF
    } else {
        0xF_FFFF
    }
}

/// Two-colour table: indexed by a 20-bit key of ten two-bit cell codes (offsets -5..-1,
/// +1..+5; empty, black, white, wall), the black pattern in the low nibble and the white one
/// in the high nibble. Built from the one-colour tables of the rule.
fn build_pair_table(rule: Rule) -> Vec<u8> {
    let black_table = line_table(LineRule::of(rule, Color::Black));
    let white_table = line_table(LineRule::of(rule, Color::White));
    let nibble = |entry: u8| {
        if entry & CARO_CLOSED_FIVE != 0 {
            NIBBLE_CARO_CLOSED
        } else {
            entry & 0x7F
        }
    };
    // The one-colour keys of a group of five slots, for each of its 4^5 codes; the two groups'
    // keys are or-ed together. Freestyle reads only the inner eight slots (the outer two are
    // masked off and count as empty here).
    let bits = key_mask(rule).count_ones();
    let group_keys = |first_slot: u32| -> Vec<(u32, u32)> {
        (0..1u32 << 10)
            .map(|code| {
                let mut black_key = 0u32;
                let mut white_key = 0u32;
                for within in 0..5 {
                    let slot = first_slot + within;
                    // The one-colour key orders its slots by offset: -5..-1, +1..+5.
                    let offset = slot_offset(slot);
                    let bit = if offset < 0 { offset + 5 } else { offset + 4 };
                    let cell = if 2 * slot < bits {
                        code >> (2 * within) & 3
                    } else {
                        CODE_EMPTY
                    };
                    match cell {
                        CODE_EMPTY => {
                            black_key |= 1 << (bit + 10);
                            white_key |= 1 << (bit + 10);
                        }
                        CODE_BLACK => black_key |= 1 << bit,
                        CODE_WHITE => white_key |= 1 << bit,
                        _ => {}
                    }
                }
                (black_key, white_key)
            })
            .collect()
    };
    let low = group_keys(0);
    let high = group_keys(5);
    let mut table = vec![0u8; 1 << bits];
    for (high_code, &(high_black, high_white)) in high.iter().enumerate() {
        let start = high_code << 10;
        if start >= table.len() {
            break;
        }
        let end = (start + (1 << 10)).min(table.len());
        for (entry, &(low_black, low_white)) in table[start..end].iter_mut().zip(low.iter()) {
            *entry = nibble(black_table[(low_black | high_black) as usize])
                | nibble(white_table[(low_white | high_white) as usize]) << 4;
        }
    }
    table
}

fn pair_table(rule: Rule) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; 5] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let index = match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
        Rule::Caro => 3,
        Rule::CaroExact => 4,
    };
    TABLES[index].get_or_init(|| build_pair_table(rule))
}

// ---------------------------------------------------------------------------------------------
// The incremental pattern board

/// What is known about one point for both colours (meaningful only while it is empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointPatterns {
    /// Per colour, the four line patterns packed one a byte (byte `d` = direction `d`).
    lines: [u32; 2],
    /// Per colour, the threat class as `Threat as u8`.
    threats: [u8; 2],
    /// Per colour, the point's evaluation weight as mover and as waiting side (milli-logits).
    values: [[i16; 2]; 2],
}

impl PointPatterns {
    /// The threat class of a `color` stone here.
    #[inline]
    pub fn threat(&self, color: Color) -> Threat {
        Threat::from_u8(self.threats[color.index()])
    }

    /// The line pattern of a `color` stone here along `direction`.
    #[inline]
    pub fn line(&self, color: Color, direction: usize) -> Pattern {
        Pattern::from_u8((self.lines[color.index()] >> (8 * direction)) as u8)
    }

    /// The evaluation weight of this point for `color` (milli-logits), as mover or not.
    #[inline]
    pub fn value(&self, color: Color, to_move: bool) -> i16 {
        self.values[color.index()][!to_move as usize]
    }
}

/// Radius of the square around each stone whose empty points are move candidates.
pub const CANDIDATE_RADIUS: i32 = 2;

/// What [`PatternBoard::update_lines`] does besides writing the keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineUpdate {
    /// Nothing: undo puts the saved entries back itself.
    KeysOnly,
    /// Look the patterns of the empty points up again; `record` saves the old entries for undo.
    Refresh { record: bool },
}

/// A board with the line patterns and threat classes of every empty point, kept up to date by
/// [`PatternBoard::play`] and [`PatternBoard::undo`].
///
/// Every point keeps, per direction, a two-colour line key of its ten neighbours; a move
/// changes one two-bit slot in the keys of the points within five cells along its lines, and
/// the empty ones among them look their patterns up again (one table read gives both colours).
#[derive(Clone)]
pub struct PatternBoard {
    board: Board,
    rule: Rule,
    pair_table: &'static [u8],
    key_mask: u32,
    point_tables: [&'static PointTables; 2],
    /// Per point and direction, the two-colour line key.
    keys: Vec<[u32; 4]>,
    points: Vec<PointPatterns>,
    /// Per colour and threat class, the empty points of that class.
    threat_sets: [[PointSet; THREAT_COUNT]; 2],
    /// Per colour and threat class, how many points.
    threat_counts: [[u16; THREAT_COUNT]; 2],
    /// Per colour, the sums of the values of the empty points as mover and as waiting side.
    value_sums: [[i32; 2]; 2],
    /// Stones in the candidate square around each point.
    near_counts: Vec<u8>,
    /// Empty points with a stone in the candidate square.
    candidates: PointSet,
    /// The point entries each [`PatternBoard::play`] changed, as they were before it, so that
    /// [`PatternBoard::undo`] puts them back instead of looking every pattern up again.
    undo_log: Vec<(u16, PointPatterns)>,
    /// Where each played move's entries start in `undo_log`, one mark per move.
    undo_marks: Vec<u32>,
}

impl PatternBoard {
    /// The pattern board of `board` under `rule`.
    pub fn new(board: &Board, rule: Rule) -> PatternBoard {
        let mut state = PatternBoard {
            board: board.clone(),
            rule,
            pair_table: pair_table(rule),
            key_mask: key_mask(rule),
            point_tables: [
                point_tables(CombinationKind::of(rule, Color::Black)),
                point_tables(CombinationKind::of(rule, Color::White)),
            ],
            keys: vec![[0; 4]; CELL_COUNT],
            points: vec![PointPatterns::default(); CELL_COUNT],
            threat_sets: [[PointSet::new(); THREAT_COUNT]; 2],
            threat_counts: [[0; THREAT_COUNT]; 2],
            value_sums: [[0; 2]; 2],
            near_counts: vec![0; CELL_COUNT],
            candidates: PointSet::new(),
            undo_log: Vec::new(),
            undo_marks: Vec::new(),
        };
        let (width, height) = (board.width(), board.height());
        let points: Vec<Point> = state.board.points().collect();
        for &point in &points {
            for direction in 0..4 {
                let mut key = 0;
                for offset in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let code = match point.offset(direction, offset, width, height) {
                        None => CODE_WALL,
                        Some(q) => match state.board.cell(q) {
                            crate::board::Cell::Empty => CODE_EMPTY,
                            crate::board::Cell::Blocked => CODE_WALL,
                            crate::board::Cell::Stone(color) => code_of(color),
                        },
                    };
                    key |= code << (2 * offset_slot(offset));
                }
                state.keys[point.index()][direction] = key;
            }
            if state.board.stone(point).is_some() {
                state.add_near(point, 1);
            }
        }
        for &point in &points {
            if state.board.is_empty(point) {
                state.compute_point(point);
                state.account(point, 1);
                if state.near_counts[point.index()] > 0 {
                    state.candidates.insert(point);
                }
            }
        }
        state
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The patterns of `point` (meaningful while it is empty).
    #[inline]
    pub fn point(&self, point: Point) -> &PointPatterns {
        &self.points[point.index()]
    }

    /// The threat class of a `color` stone on the empty `point`.
    #[inline]
    pub fn threat(&self, point: Point, color: Color) -> Threat {
        self.points[point.index()].threat(color)
    }

    /// The empty points where `color` has threat class `threat`.
    #[inline]
    pub fn threat_set(&self, color: Color, threat: Threat) -> &PointSet {
        &self.threat_sets[color.index()][threat as usize]
    }

    /// How many empty points have threat class `threat` for `color`.
    #[inline]
    pub fn threat_count(&self, color: Color, threat: Threat) -> usize {
        self.threat_counts[color.index()][threat as usize] as usize
    }

    /// How many empty points have a threat class of at least `threat` for `color`.
    #[inline]
    pub fn threat_count_at_least(&self, color: Color, threat: Threat) -> usize {
        self.threat_counts[color.index()][threat as usize..]
            .iter()
            .map(|&n| n as usize)
            .sum()
    }

    /// The sum of the point values of `color` over the empty points, in milli-logits, with
    /// the mover's weights when `to_move`, else the waiting side's.
    #[inline]
    pub fn value_sum(&self, color: Color, to_move: bool) -> i32 {
        self.value_sums[color.index()][!to_move as usize]
    }

    /// The evaluation from the side to move's view, in milli-logits of its chance to win: the
    /// point weights of both sides summed over the empty points, plus the position terms.
    pub fn evaluate(&self) -> i32 {
        let us = self.side_to_move();
        let them = us.opponent();
        let weights = position_weights(self.rule, us);
        let mut logits =
            self.value_sum(us, true) + self.value_sum(them, false) + weights.mover_bias;
        let winning = |color: Color| {
            self.threat_count(color, Threat::OpenFour)
                + self.threat_count(color, Threat::FourOpenThree)
                + self.threat_count(color, Threat::DoubleOpenThree)
        };
        if winning(us) > 0 && self.threat_count_at_least(them, Threat::Four) == 0 {
            logits += weights.unanswered_winning_threat;
        }
        if self.threat_count(them, Threat::OpenFour)
            + self.threat_count(them, Threat::FourOpenThree)
            > 0
        {
            logits += weights.waiting_forcing_threat;
        }
        if winning(them) > 0 {
            logits += weights.waiting_winning_threat;
        }
        logits
    }

    /// Empty points within [`CANDIDATE_RADIUS`] of a stone.
    #[inline]
    pub fn candidates(&self) -> &PointSet {
        &self.candidates
    }

    /// Plays `point` (empty, on the board) for the side to move.
    pub fn play(&mut self, point: Point) {
        let color = self.board.side_to_move();
        self.account(point, -1);
        self.candidates.remove(point);
        self.board.play_unchecked(point);
        self.add_near(point, 1);
        self.undo_marks.push(self.undo_log.len() as u32);
        self.update_lines(point, code_of(color), LineUpdate::Refresh { record: true });
    }

    /// Move-ordering score of the side to move playing the empty `point` (see
    /// [`PolicyWeights`]): higher is tried first.
    #[inline]
    pub fn move_score(&self, point: Point) -> i32 {
        let weights = if self.rule == Rule::Renju {
            &RENJU_POLICY_WEIGHTS
        } else {
            &FREESTYLE_POLICY_WEIGHTS
        };
        let us = self.board.side_to_move();
        let them = us.opponent();
        let info = &self.points[point.index()];
        let own_threat = (info.threats[us.index()] as usize).min(THREAT_COUNT - 1);
        let their_threat = (info.threats[them.index()] as usize).min(THREAT_COUNT - 1);
        let mut score =
            weights.own_threat[own_threat] as i32 + weights.their_threat[their_threat] as i32;
        let own_lines = info.lines[us.index()].to_le_bytes();
        let their_lines = info.lines[them.index()].to_le_bytes();
        for direction in 0..4 {
            score +=
                weights.own_line[(own_lines[direction] as usize).min(PATTERN_COUNT - 1)] as i32;
            score +=
                weights.their_line[(their_lines[direction] as usize).min(PATTERN_COUNT - 1)] as i32;
        }
        let history = self.board.history();
        let near = |back: usize| {
            let previous = history[history.len().checked_sub(back)?];
            let dx = (previous.x() as i32 - point.x() as i32).abs();
            let dy = (previous.y() as i32 - point.y() as i32).abs();
            Some((dx.max(dy).clamp(1, 4) - 1) as usize)
        };
        if let Some(bucket) = near(1) {
            score += weights.near_last_opponent[bucket] as i32;
        }
        if let Some(bucket) = near(2) {
            score += weights.near_last_own[bucket] as i32;
        }
        score
    }

    /// Passes: the other side moves next, nothing is placed (the search's null move). Undo
    /// it with [`PatternBoard::unpass`] before any other undo.
    #[inline]
    pub fn pass(&mut self) {
        let mover = self.board.side_to_move();
        self.board.set_side_to_move(mover.opponent());
    }

    /// Takes back a [`PatternBoard::pass`] (passing again hands the move back).
    #[inline]
    pub fn unpass(&mut self) {
        self.pass();
    }

    /// Takes back the last move; returns it.
    ///
    /// A move made by [`PatternBoard::play`] is undone by putting back the entries it changed
    /// (the played point's own entry was left alone while it was occupied, and the lines
    /// around it are as they were). A move that was already on the board when this pattern
    /// board was built has no saved entries: its neighbours are looked up again.
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.board.undo()?;
        self.add_near(point, -1);
        match self.undo_marks.pop() {
            Some(mark) => {
                self.update_lines(point, CODE_EMPTY, LineUpdate::KeysOnly);
                while self.undo_log.len() > mark as usize {
                    if let Some((index, before)) = self.undo_log.pop() {
                        self.restore_entry(Point::from_index(index as usize), before);
                    }
                }
            }
            None => {
                self.update_lines(point, CODE_EMPTY, LineUpdate::Refresh { record: false });
                self.compute_point(point);
            }
        }
        self.account(point, 1);
        if self.near_counts[point.index()] > 0 {
            self.candidates.insert(point);
        }
        Some(point)
    }

    /// Adds (`sign` = 1) or removes (`sign` = -1) the point's current combination from the
    /// sets and sums.
    #[inline]
    fn account(&mut self, point: Point, sign: i32) {
        let entry = &self.points[point.index()];
        for color in 0..2 {
            let threat = entry.threats[color] as usize;
            if sign > 0 {
                self.threat_sets[color][threat].insert(point);
                self.threat_counts[color][threat] += 1;
            } else {
                self.threat_sets[color][threat].remove(point);
                self.threat_counts[color][threat] -= 1;
            }
            self.value_sums[color][0] += sign * entry.values[color][0] as i32;
            self.value_sums[color][1] += sign * entry.values[color][1] as i32;
        }
    }

    /// Writes `code` into the slot of `center` in the line keys of the points within five
    /// cells along its lines, and (as `update` says) refreshes the empty ones.
    #[inline]
    fn update_lines(&mut self, center: Point, code: u32, update: LineUpdate) {
        let width = self.board.width() as i32;
        let height = self.board.height() as i32;
        let (cx, cy) = (center.x() as i32, center.y() as i32);
        for (direction, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            // The steps along this line that stay on the board, as a range of NEIGHBOUR_STEPS.
            let first =
                step_index(step_bound(cx, dx, width, false).max(step_bound(cy, dy, height, false)));
            let last =
                step_index(step_bound(cx, dx, width, true).min(step_bound(cy, dy, height, true)));
            let stride = dy * MAX_SIZE as i32 + dx;
            for &(step, shift) in &NEIGHBOUR_STEPS[first..last] {
                let index = (center.index() as i32 + step * stride) as usize;
                let key = &mut self.keys[index][direction];
                *key = (*key & !(3 << shift)) | code << shift;
                let record = match update {
                    LineUpdate::KeysOnly => continue,
                    LineUpdate::Refresh { record } => record,
                };
                // Under freestyle the outer cells of a key are masked off: nothing to read.
                let point = Point::from_index(index);
                if self.board.is_empty(point) && (self.key_mask >> shift) & 3 != 0 {
                    self.refresh_direction(point, direction, record);
                }
            }
        }
    }

    /// Puts back the saved entry of the empty `point`, with its sets and sums.
    #[inline]
    fn restore_entry(&mut self, point: Point, before: PointPatterns) {
        let current = self.points[point.index()];
        for color in 0..2 {
            let (now, then) = (current.threats[color], before.threats[color]);
            if now != then {
                self.threat_sets[color][now as usize].remove(point);
                self.threat_counts[color][now as usize] -= 1;
                self.threat_sets[color][then as usize].insert(point);
                self.threat_counts[color][then as usize] += 1;
            }
            self.value_sums[color][0] +=
                before.values[color][0] as i32 - current.values[color][0] as i32;
            self.value_sums[color][1] +=
                before.values[color][1] as i32 - current.values[color][1] as i32;
        }
        self.points[point.index()] = before;
    }

    /// The line patterns of both colours along `direction` from the key.
    #[inline]
    fn read_direction(&self, point: Point, direction: usize) -> (u8, u8) {
        let entry = self.pair_table[(self.keys[point.index()][direction] & self.key_mask) as usize];
        let (mut black, mut white) = (entry & 15, entry >> 4);
        if black == NIBBLE_CARO_CLOSED {
            black = self.settle_caro_five(point, Color::Black);
        }
        if white == NIBBLE_CARO_CLOSED {
            white = self.settle_caro_five(point, Color::White);
        }
        (black, white)
    }

    #[cold]
    fn settle_caro_five(&self, point: Point, color: Color) -> u8 {
        if rules::makes_win(self.board.lines(), point, color, self.rule) {
            Pattern::Five as u8
        } else {
            Pattern::Dead as u8
        }
    }

    /// Recomputes every direction of the empty `point` (not accounted).
    fn compute_point(&mut self, point: Point) {
        let mut lines = [0u32; 2];
        for direction in 0..4 {
            let (black, white) = self.read_direction(point, direction);
            lines[0] |= (black as u32) << (8 * direction);
            lines[1] |= (white as u32) << (8 * direction);
        }
        let entry = &mut self.points[point.index()];
        entry.lines = lines;
        for (color, &color_lines) in lines.iter().enumerate() {
            let (threat, mover, waiting) = self.point_tables[color].combine(color_lines);
            entry.threats[color] = threat;
            entry.values[color] = [mover, waiting];
        }
    }

    /// Re-reads one direction of the empty `point` and updates its threat classes, values,
    /// sets and sums.
    #[inline]
    fn refresh_direction(&mut self, point: Point, direction: usize, record: bool) {
        let (black, white) = self.read_direction(point, direction);
        let index = point.index();
        let shift = 8 * direction;
        let entry = &mut self.points[index];
        let old_lines = entry.lines;
        let new_lines = [
            (old_lines[0] & !(0xFF << shift)) | (black as u32) << shift,
            (old_lines[1] & !(0xFF << shift)) | (white as u32) << shift,
        ];
        if new_lines == old_lines {
            return;
        }
        if record {
            // A point lies on one line through the move: saved at most once per move.
            self.undo_log.push((index as u16, *entry));
        }
        let entry = &mut self.points[index];
        entry.lines = new_lines;
        for (color, &color_lines) in new_lines.iter().enumerate() {
            let (threat, mover, waiting) = self.point_tables[color].combine(color_lines);
            let old_threat = entry.threats[color];
            let [old_mover, old_waiting] = entry.values[color];
            entry.threats[color] = threat;
            entry.values[color] = [mover, waiting];
            self.value_sums[color][0] += mover as i32 - old_mover as i32;
            self.value_sums[color][1] += waiting as i32 - old_waiting as i32;
            if old_threat != threat {
                self.threat_sets[color][old_threat as usize].remove(point);
                self.threat_counts[color][old_threat as usize] -= 1;
                self.threat_sets[color][threat as usize].insert(point);
                self.threat_counts[color][threat as usize] += 1;
            }
        }
    }

    fn add_near(&mut self, center: Point, delta: i32) {
        let width = self.board.width() as i32;
        let height = self.board.height() as i32;
        let (cx, cy) = (center.x() as i32, center.y() as i32);
        for y in (cy - CANDIDATE_RADIUS).max(0)..=(cy + CANDIDATE_RADIUS).min(height - 1) {
            for x in (cx - CANDIDATE_RADIUS).max(0)..=(cx + CANDIDATE_RADIUS).min(width - 1) {
                let point = Point::new(x as usize, y as usize);
                let count = &mut self.near_counts[point.index()];
                *count = (*count as i32 + delta) as u8;
                if point == center {
                    continue;
                }
                if *count == 0 {
                    self.candidates.remove(point);
                } else if delta > 0 && *count == 1 && self.board.is_empty(point) {
                    self.candidates.insert(point);
                }
            }
        }
    }

    /// Whether the incremental state equals a from-scratch rebuild (for tests).
    pub fn is_consistent(&self) -> bool {
        let fresh = PatternBoard::new(&self.board, self.rule);
        self.board.points().all(|p| {
            self.keys[p.index()] == fresh.keys[p.index()]
                && (!self.board.is_empty(p) || self.points[p.index()] == fresh.points[p.index()])
        }) && self.threat_counts == fresh.threat_counts
            && self.threat_sets == fresh.threat_sets
            && self.value_sums == fresh.value_sums
            && self.candidates == fresh.candidates
    }
}

/// Keeps `MAX_SIZE` in use for readers of this module: every point index is below
/// `MAX_SIZE * MAX_SIZE`.
const _: () = assert!(CELL_COUNT == MAX_SIZE * MAX_SIZE);

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn incremental_state_matches_a_rebuild() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro, Rule::Standard] {
            let board = Board::new(13, 11).unwrap();
            let mut state = PatternBoard::new(&board, rule);
            for _ in 0..60 {
                let empty: Vec<Point> = state.board().empty_points().collect();
                let point = empty[rng.gen_range(0..empty.len())];
                state.play(point);
                assert!(state.is_consistent());
                if rng.gen_bool(0.3) {
                    state.undo();
                    assert!(state.is_consistent());
                }
            }
            while state.undo().is_some() {}
            assert!(state.is_consistent());
        }
    }

    #[test]
    fn undo_reaches_past_the_moves_the_board_was_built_with() {
        // Moves made before the pattern board existed have no saved entries: undoing them
        // takes the look-up path, the later ones the restore path; both stay exact.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut board = Board::new(15, 15).unwrap();
            for _ in 0..25 {
                let empty: Vec<Point> = board.empty_points().collect();
                board.play_unchecked(empty[rng.gen_range(0..empty.len())]);
            }
            let mut state = PatternBoard::new(&board, rule);
            for _ in 0..20 {
                let empty: Vec<Point> = state.board().empty_points().collect();
                state.play(empty[rng.gen_range(0..empty.len())]);
            }
            let mut undone = 0;
            while state.undo().is_some() {
                undone += 1;
                assert!(state.is_consistent(), "{rule:?} after {undone} undos");
            }
            assert_eq!(undone, 45);
        }
    }

    #[test]
    fn freestyle_ignores_the_outer_cells() {
        // Every full two-colour key (outer cells included) reads, through the one-colour
        // tables, what the freestyle table says for its inner eight cells.
        let table = pair_table(Rule::Freestyle);
        let free = line_table(LineRule::FiveOrMore);
        let one_colour_key = |key: u32, color: u32| {
            let mut own_key = 0u32;
            for slot in 0..10 {
                let offset = slot_offset(slot);
                let bit = if offset < 0 { offset + 5 } else { offset + 4 };
                match key >> (2 * slot) & 3 {
                    CODE_EMPTY => own_key |= 1 << (bit + 10),
                    code if code == color => own_key |= 1 << bit,
                    _ => {}
                }
            }
            own_key
        };
        for key in (0..(1u32 << 20)).step_by(7) {
            let entry = table[(key & key_mask(Rule::Freestyle)) as usize];
            assert_eq!(
                entry & 15,
                free[one_colour_key(key, CODE_BLACK) as usize],
                "{key:x}"
            );
            assert_eq!(
                entry >> 4,
                free[one_colour_key(key, CODE_WHITE) as usize],
                "{key:x}"
            );
        }
        for offset in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
            assert_eq!(slot_offset(offset_slot(offset)), offset);
        }
    }

    #[test]
    fn threats_combine_lines() {
        let board = Board::from_ascii(
            "...............\n\
             ...............\n\
             ....XXX........\n\
             ...............\n\
             .......X.......\n\
             .......X.......\n\
             .......X.......\n\
             ...............\n",
        )
        .unwrap();
        let state = PatternBoard::new(&board, Rule::Freestyle);
        // (7,3) makes an open four vertically.
        assert_eq!(
            state.threat(Point::new(7, 3), Color::Black),
            Threat::OpenFour
        );
        // (7,2) extends the row to a four-ish XXX.X and the column: four + open three? The
        // row XXX.X is a four; the column .X.XXX is a four too: two fours.
        assert_eq!(
            state.threat(Point::new(7, 2), Color::Black),
            Threat::OpenFour
        );
        // (3,2) makes an open four on the row.
        assert_eq!(
            state.threat(Point::new(3, 2), Color::Black),
            Threat::OpenFour
        );
    }

    #[test]
    fn one_lookup_matches_the_line_and_threat_weights() {
        for kind in [
            CombinationKind::Free,
            CombinationKind::RenjuBlack,
            CombinationKind::RenjuWhite,
        ] {
            let tables = PointTables::build(kind);
            let weights = kind.weights();
            for index in 0..PATTERN_COUNT.pow(4) {
                let patterns = [0, 1, 2, 3].map(|d| {
                    Pattern::from_u8((index / PATTERN_COUNT.pow(d) % PATTERN_COUNT) as u8)
                });
                // Bytes as the board keeps them; a caro flag above the nibble is ignored.
                let lines = patterns
                    .iter()
                    .enumerate()
                    .fold(0u32, |lines, (d, &p)| lines | (p as u32) << (8 * d))
                    | (CARO_CLOSED_FIVE as u32) << 24;
                let threat = threat_of(patterns, kind == CombinationKind::RenjuBlack);
                let expected = if threat == Threat::Forbidden {
                    (threat as u8, 0, 0)
                } else {
                    let sum = |line: &[i16; PATTERN_COUNT]| {
                        patterns.iter().map(|&p| line[p as usize]).sum::<i16>()
                    };
                    (
                        threat as u8,
                        sum(&weights.line_mover) + weights.threat_mover[threat as usize],
                        sum(&weights.line_waiting) + weights.threat_waiting[threat as usize],
                    )
                };
                assert_eq!(tables.combine(lines), expected, "{kind:?} {patterns:?}");
            }
        }
    }

    #[test]
    fn move_order_tries_threats_first() {
        // Black to move. Black's (7,3) makes an open four; white has an open three on the
        // diagonal, so black's (2,10) spoils white's open four there; (13,13) makes nothing.
        let board = Board::from_ascii(
            "............O..\n\
             ...............\n\
             ...............\n\
             ...............\n\
             .......X.......\n\
             .......X.......\n\
             .......X.......\n\
             .....O.........\n\
             ....O....X.....\n\
             ...O...........\n\
             ...............\n\
             ...............\n\
             ...............\n\
             ...............\n\
             ...............\n",
        )
        .unwrap();
        assert_eq!(board.side_to_move(), Color::Black);
        for rule in [Rule::Freestyle, Rule::Renju] {
            let state = PatternBoard::new(&board, rule);
            assert_eq!(
                state.threat(Point::new(2, 10), Color::White),
                Threat::OpenFour
            );
            let open_four = state.move_score(Point::new(7, 3));
            let spoil = state.move_score(Point::new(2, 10));
            let nothing = state.move_score(Point::new(13, 13));
            assert!(open_four > spoil, "{rule:?}: {open_four} vs {spoil}");
            assert!(spoil > nothing, "{rule:?}: {spoil} vs {nothing}");
        }
    }
}
