//! The fitted weights: evaluation weights of points and positions ([`PointWeights`],
//! [`PositionWeights`]) and move-ordering weights ([`PolicyWeights`]), per rule.
//!
//! # Evaluation
//! Weights are in milli-logits of the side to move's chance to win. The evaluation is linear:
//! every empty point adds the weight of each of its four line patterns and of its threat class,
//! once for the side to move (the *mover*) and once for the other side (the *waiting* side),
//! with separate weights because having the move changes what a shape is worth (an open three
//! of the mover becomes an open four now; the waiting side's must be answered). The freestyle
//! weights are a least-squares fit of the logistic of the evaluation to who won, over quiet
//! positions of Rapfi's self-play, then rounded; they are fitted to results rather than to
//! Rapfi's scores because a searched score has its threats settled and so undervalues the
//! threats a static evaluation must price. Shapes that never occur in those positions (the
//! mover's open fours and fives, which the search settles before evaluating) get hand-set
//! values in the same scale. The data, the fit and the matches that chose these weights are in
//! `docs/pattern-notes.md`.
//!
//! # Move ordering ("policy")
//! A point's ordering score is linear in what is there, from the mover's view: the mover's
//! threat class and four line patterns at the point (what playing it makes), the opponent's
//! (what playing it spoils), and how near it is (Chebyshev distance 1, 2, 3, 4+) to the last
//! move of each side. The weights, in hundredths of a logit, are a softmax regression of the
//! moves Rapfi chose in quiet positions of its self-play (how well they rank is in
//! `docs/pattern-notes.md`). Shapes those positions never had (our open fours and fives, the
//! opponent's four-three, open four and five points) are hand-set above every fitted value.

use super::lines::PATTERN_COUNT;
use super::points::THREAT_COUNT;
use crate::board::Color;
use crate::rules::Rule;

/// The evaluation weights of one colour's points (see the module notes).
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

// Renju shares the freestyle weights: separate black and white fits predicted renju results
// better but played worse than the shared ones (see `docs/pattern-notes.md`).

/// Point weights of black under renju.
pub const RENJU_BLACK_POINT_WEIGHTS: PointWeights = FREESTYLE_POINT_WEIGHTS;
/// Point weights of white under renju.
pub const RENJU_WHITE_POINT_WEIGHTS: PointWeights = FREESTYLE_POINT_WEIGHTS;
/// Position weights under renju, black to move.
pub const RENJU_BLACK_POSITION_WEIGHTS: PositionWeights = FREESTYLE_POSITION_WEIGHTS;
/// Position weights under renju, white to move.
pub const RENJU_WHITE_POSITION_WEIGHTS: PositionWeights = FREESTYLE_POSITION_WEIGHTS;

/// Move-ordering weights of one rule (see the module notes).
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

/// The position weights for `rule` with `mover` to move.
pub fn position_weights(rule: Rule, mover: Color) -> &'static PositionWeights {
    match (rule, mover) {
        (Rule::Renju, Color::Black) => &RENJU_BLACK_POSITION_WEIGHTS,
        (Rule::Renju, Color::White) => &RENJU_WHITE_POSITION_WEIGHTS,
        _ => &FREESTYLE_POSITION_WEIGHTS,
    }
}
