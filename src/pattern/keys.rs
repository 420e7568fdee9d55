//! Two-colour line keys: the key a [`PatternBoard`](super::PatternBoard) keeps per point and
//! direction (the cell codes of its ten neighbours along the line), the slot layout and
//! neighbour steps the board updates keys with, and the pair table that reads both colours'
//! [`Pattern`](super::Pattern)s from one key.

use std::sync::OnceLock;

use super::lines::{line_table, LineRule, CARO_CLOSED_FIVE};
use crate::board::Color;
use crate::rules::Rule;

/// Two-bit cell codes of a two-colour line key.
pub(super) const CODE_EMPTY: u32 = 0;
const CODE_BLACK: u32 = 1;
const CODE_WHITE: u32 = 2;
pub(super) const CODE_WALL: u32 = 3;

/// Nibble in a two-colour table entry for a caro five closed at both ends (settled exactly).
pub(super) const NIBBLE_CARO_CLOSED: u8 = 15;

/// The cell code of a `color` stone.
#[inline]
pub(super) fn code_of(color: Color) -> u32 {
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
pub(super) const fn offset_slot(offset: i32) -> u32 {
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
pub(super) const NEIGHBOUR_STEPS: [(i32, u32); 10] = {
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
pub(super) fn step_index(step: i32) -> usize {
    (step + 5 - (step > 0) as i32) as usize
}

/// The lowest (`upper` false) or one past the highest (`upper` true) step along a line that
/// keeps coordinate `coordinate` (moving by `delta` per step) on a side of `size`, clamped
/// to -5..=6.
#[inline]
pub(super) fn step_bound(coordinate: i32, delta: i32, size: i32, upper: bool) -> i32 {
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
pub(super) fn key_mask(rule: Rule) -> u32 {
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

pub(super) fn pair_table(rule: Rule) -> &'static [u8] {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
