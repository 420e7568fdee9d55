//! Threat classes: [`Threat`], what a stone of one colour on an empty point makes over its four
//! lines together, and the point tables that give, for every combination of four line
//! [`Pattern`]s, the threat class and the point's evaluation value in one lookup.

use std::sync::OnceLock;

use super::lines::Pattern;
use super::weights::{
    PointWeights, FREESTYLE_POINT_WEIGHTS, RENJU_BLACK_POINT_WEIGHTS, RENJU_WHITE_POINT_WEIGHTS,
};
use crate::board::Color;
use crate::rules::Rule;
/// What a stone of one colour on an empty point makes over its four lines together, from
/// nothing to a five. The order is the order of urgency.
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Threat {
    /// Nothing worth naming.
    None = 0,
    /// Black under renju: maybe forbidden (overline, two fours or two open threes by the line
    /// tables); [`crate::rules::forbidden_kind`] has the last word.
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

/// The threat class of four line patterns (`renju_black`: black under renju, where overlines,
/// double fours and double open threes are forbidden).
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
pub(super) enum CombinationKind {
    /// Freestyle, standard, caro: both colours.
    Free = 0,
    /// Black under renju: forbidden shapes, black's weights.
    RenjuBlack = 1,
    /// White under renju: free shapes, white's weights.
    RenjuWhite = 2,
}

impl CombinationKind {
    pub(super) fn of(rule: Rule, color: Color) -> CombinationKind {
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
    pub(super) fn combine(&self, lines: u32) -> (u8, i16, i16) {
        // Gather the low nibble of each byte into one 16-bit index.
        let nibbles = lines & 0x0F0F_0F0F;
        let nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF;
        let index = ((nibbles | nibbles >> 8) & 0xFFFF) as usize;
        let entry = self.entries[index];
        (entry.threat, entry.mover, entry.waiting)
    }
}

pub(super) fn point_tables(kind: CombinationKind) -> &'static PointTables {
    static TABLES: [OnceLock<PointTables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[kind as usize].get_or_init(|| PointTables::build(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::lines::{CARO_CLOSED_FIVE, PATTERN_COUNT};

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
}
