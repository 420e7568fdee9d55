//! Line shapes and threat classes: what a stone of either colour on an empty point would make
//! along each of its four lines ([`Pattern`]), what the four lines make together ([`Threat`]),
//! and an incrementally kept board of both ([`PatternBoard`]) that the search reads its move
//! ordering, threat detection and evaluation from.
//!
//! This module only declares its parts and re-exports what the rest of the crate uses:
//! - `lines`: [`Pattern`] and the one-colour line tables (line key → shape per rule variant);
//! - `keys`: the two-colour line keys the board keeps and the pair table that reads both
//!   colours' shapes from one key;
//! - `points`: [`Threat`] and the point tables that combine four line shapes into a threat
//!   class and an evaluation value in one lookup;
//! - `weights`: the fitted evaluation and move-ordering weights;
//! - `collections`: [`PointSet`], a set of points as a bit mask, and [`PointList`];
//! - `board`: [`PatternBoard`], kept up to date by `play`/`undo`.

mod board;
mod collections;
mod keys;
mod lines;
mod points;
mod weights;

pub use board::{MoveScorer, PatternBoard, PointPatterns, CANDIDATE_RADIUS};
pub use collections::{PointList, PointSet, PointSetIter};
pub use lines::{line_pattern, Pattern, PATTERN_COUNT};
pub use points::{PointTables, Threat, THREAT_COUNT};
pub use weights::{
    position_weights, PointWeights, PolicyWeights, PositionWeights, FREESTYLE_POINT_WEIGHTS,
    FREESTYLE_POLICY_WEIGHTS, FREESTYLE_POSITION_WEIGHTS, RENJU_BLACK_POINT_WEIGHTS,
    RENJU_BLACK_POSITION_WEIGHTS, RENJU_POLICY_WEIGHTS, RENJU_WHITE_POINT_WEIGHTS,
    RENJU_WHITE_POSITION_WEIGHTS,
};

use crate::board::Color;
use crate::rules::Rule;

/// Builds the tables `rule` needs now (once per process; about 15 ms for renju's forbidden-point
/// table), at the start of a search, whose clock counts it, rather than deep in its tree.
pub fn warm_up(rule: Rule) {
    if rule == Rule::Renju {
        crate::rules::warm_up();
    }
    for color in [Color::Black, Color::White] {
        lines::line_table(lines::LineRule::of(rule, color));
    }
    for color in [Color::Black, Color::White] {
        points::point_tables(points::CombinationKind::of(rule, color));
    }
    keys::pair_table(rule);
}
