//! Line shapes for the solvers, read from a table built once (8 MB, indexed by a point's
//! line key): the four candidates of a colour, the five points a new stone makes, the cells on
//! a move's lines, and the order in which candidate moves are tried. Free functions of the
//! board; they hold no search state.

use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::board::{Board, Color, Point};
use crate::pattern::{PointList, PointSet};
use crate::rules::{self, Rule};

/// Own stones and empty cells of the 11-cell window centred on `point` along `direction`, as
/// seen by `color` (bit 5 = the point itself).
#[inline]
pub(super) fn own_and_empty(
    board: &Board,
    point: Point,
    direction: usize,
    color: Color,
) -> (u32, u32) {
    let (black, white, wall) = board.lines().windows(point, direction);
    let own = if color == Color::Black { black } else { white };
    (own, !(black | white | wall) & 0x7FF)
}

/// The point at window bit `bit` (bit 5 = `point`) along `direction`.
#[inline]
pub(super) fn window_point(
    board: &Board,
    point: Point,
    direction: usize,
    bit: u32,
) -> Option<Point> {
    point.offset(direction, bit as i32 - 5, board.width(), board.height())
}

/// The five-cell windows of an 11-cell window that contain its centre.
pub(super) const FIVE_WINDOWS: [u32; 5] = [0x1F << 1, 0x1F << 2, 0x1F << 3, 0x1F << 4, 0x1F << 5];

/// What the five-cell windows through one point hold, from that point's
/// [`LineSet::key`](crate::board::LineSet::key) with the point counted as a stone of the key's
/// colour. Each field is a set of window cells (bit 5 = the point), all of them empty cells of
/// windows that contain the point and no stone of the other colour or wall:
/// - bits 0..11, *five cells*: the empty cell of windows with four stones (a stone there makes
///   five, or an overline);
/// - bits 16..27, *four cells*: the empty cells of windows with three stones (a stone on one
///   makes a four shape);
/// - bits 32..43, *first four cells*: the same, only for windows where the point is the lowest
///   of the three stones (so that each window is found from one stone);
/// - bits 48..59, *shape cells*: the empty cells of windows with two or more stones.
#[derive(Clone, Copy)]
pub(super) struct Shape(u64);

impl Shape {
    #[inline]
    pub(super) fn five_cells(self) -> u32 {
        (self.0 & 0x7FF) as u32
    }

    #[inline]
    pub(super) fn four_cells(self) -> u32 {
        (self.0 >> 16 & 0x7FF) as u32
    }

    #[inline]
    fn first_four_cells(self) -> u32 {
        (self.0 >> 32 & 0x7FF) as u32
    }

    #[inline]
    pub(super) fn shape_cells(self) -> u32 {
        (self.0 >> 48 & 0x7FF) as u32
    }
}

/// The shape table, indexed by [`LineSet::key`](crate::board::LineSet::key).
fn shape_table() -> &'static [Shape] {
    static TABLE: OnceLock<Vec<Shape>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Shape(0); 1 << 20];
        for (key, entry) in table.iter_mut().enumerate() {
            let key = key as u32;
            if key & (key >> 10) & 0x3FF != 0 {
                continue;
            }
            let own = spread_key_bits(key & 0x3FF) | 1 << 5;
            let empty = spread_key_bits(key >> 10);
            let (mut five, mut four, mut first_four, mut shape) = (0u64, 0u64, 0u64, 0u64);
            for window in FIVE_WINDOWS {
                let stones = (own & window).count_ones();
                if stones + (empty & window).count_ones() != 5 {
                    continue;
                }
                let cells = (empty & window) as u64;
                match stones {
                    4 => five |= cells,
                    3 => {
                        four |= cells;
                        if own & window & 0x1F == 0 {
                            first_four |= cells;
                        }
                    }
                    _ => {}
                }
                if stones >= 2 {
                    shape |= cells;
                }
            }
            *entry = Shape(five | four << 16 | first_four << 32 | shape << 48);
        }
        table
    })
}

/// The shape of the windows through `point` for `color` (the point counted as `color`).
#[inline]
pub(super) fn shape(board: &Board, point: Point, direction: usize, color: Color) -> Shape {
    shape_table()[board.lines().key(point, direction, color) as usize]
}

/// Calls `visit` with the point of every set bit of `cells` (window bits around `point`).
#[inline]
pub(super) fn for_cells(
    board: &Board,
    point: Point,
    direction: usize,
    mut cells: u32,
    mut visit: impl FnMut(Point),
) {
    while cells != 0 {
        let bit = cells.trailing_zeros();
        cells &= cells - 1;
        if let Some(q) = window_point(board, point, direction, bit) {
            visit(q);
        }
    }
}

/// Whether the empty `point` lies in a five-cell window with three stones of `color` and two
/// empty cells (a stone of `color` there makes a four shape).
#[inline]
fn is_four_candidate(board: &Board, point: Point, color: Color) -> bool {
    (0..4).any(|direction| shape(board, point, direction, color).five_cells() != 0)
}

/// The five points of `color` on the lines through `point`, which holds a stone of `color`
/// (the stone just played). Five points elsewhere are not looked for: a new five point always
/// shares a five with the new stone.
pub(super) fn five_points_around(
    board: &Board,
    rule: Rule,
    point: Point,
    color: Color,
) -> PointList<8> {
    let mut found = PointList::new();
    for direction in 0..4 {
        let cells = shape(board, point, direction, color).five_cells();
        if cells == 0 {
            continue;
        }
        for_cells(board, point, direction, cells, |q| {
            // Cells on different lines through `point` are different points.
            if makes_win_along(board, q, direction, color, rule) {
                found.push(q);
            }
        });
    }
    found
}

/// Whether a stone of `color` on the empty `point` wins, when it makes a run of five or more
/// along `direction`: that run alone decides unless it is too long for the rule (then another
/// line may still be an exact five) or the rule is caro (then its ends matter).
#[inline]
fn makes_win_along(
    board: &Board,
    point: Point,
    direction: usize,
    color: Color,
    rule: Rule,
) -> bool {
    if !rule.is_caro() {
        let (black, white, _) = board.lines().windows(point, direction);
        let own = if color == Color::Black { black } else { white };
        let (below, above) = rules::run_arms(own);
        if rule.run_length_wins(color, below + above + 1) {
            return true;
        }
    }
    rules::makes_win(board.lines(), point, color, rule)
}

/// Every five point of `color` on the board (slow; for the root only).
pub(super) fn all_five_points(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| rules::makes_win(board.lines(), p, color, rule))
        .collect()
}

/// Stones of `color`, in the order they were put on the board.
pub(super) fn stones_of(board: &Board, color: Color) -> impl Iterator<Item = Point> + '_ {
    board
        .history()
        .iter()
        .copied()
        .filter(move |&p| board.stone(p) == Some(color))
}

/// Spreads a 10-bit line-key half (offsets -5..-1, +1..+5) over an 11-cell window (bit 5 =
/// the centre, left empty).
#[inline]
fn spread_key_bits(bits: u32) -> u32 {
    (bits & 0x1F) | ((bits >> 5) << 6)
}

/// The four candidates of `color` found from line shapes: every empty point of a five-cell
/// window that holds three stones of `color` and two empty cells. Each point comes once, with
/// the number of (stone, direction) pairs that found it.
pub(super) fn four_candidates(board: &Board, color: Color) -> SmallVec<[(Point, u32); 32]> {
    let mut seen = PointSet::new();
    let mut counts: SmallVec<[(Point, u32); 32]> = SmallVec::new();
    for stone in stones_of(board, color) {
        for direction in 0..4 {
            let cells = shape(board, stone, direction, color).first_four_cells();
            for_cells(board, stone, direction, cells, |q| {
                if seen.insert(q) {
                    counts.push((q, 1));
                } else if let Some(entry) = counts.iter_mut().find(|e| e.0 == q) {
                    entry.1 += 1;
                }
            });
        }
    }
    counts
}

/// Four candidates of one position, in the order they are tried.
pub(super) type Candidates = PointList<32>;

/// Whether `a` and `b` are different points on one line at most `reach` apart.
#[inline]
fn aligned_within(a: Point, b: Point, reach: usize) -> bool {
    let dx = a.x().abs_diff(b.x());
    let dy = a.y().abs_diff(b.y());
    dx <= reach && dy <= reach && (dx == 0 || dy == 0 || dx == dy) && a != b
}

/// The four candidates after the attacker's `four` and the defender's `block`, from those
/// before (`parent`): first the new ones through the four, then the old ones that survive.
pub(super) fn next_candidates(
    board: &Board,
    parent: &[Point],
    four: Point,
    block: Point,
    color: Color,
) -> Candidates {
    let mut next = Candidates::new();
    let mut listed = PointSet::new();
    for direction in 0..4 {
        let cells = shape(board, four, direction, color).four_cells();
        for_cells(board, four, direction, cells, |q| {
            if listed.insert(q) {
                next.push(q);
            }
        });
    }
    for &c in parent {
        if c == four || c == block || listed.contains(c) {
            continue;
        }
        if (aligned_within(c, four, 4) || aligned_within(c, block, 4))
            && !is_four_candidate(board, c, color)
        {
            continue;
        }
        next.push(c);
    }
    next
}

/// The cells on the lines through `point` at most `reach` away (`point` itself included).
pub(super) fn line_neighbourhood(
    board: &Board,
    point: Point,
    reach: i32,
) -> impl Iterator<Item = Point> {
    let (width, height) = (board.width(), board.height());
    (0..4).flat_map(move |direction| {
        (-reach..=reach).filter_map(move |steps| point.offset(direction, steps, width, height))
    })
}

/// The sort key of a candidate move: higher `score` first, then nearer to `last` (the mover's
/// last stone), then by point (a total order, so that the search is deterministic).
#[inline]
pub(super) fn order_key(score: u32, point: Point, last: Option<Point>) -> u64 {
    let near = last.map_or(0, |l| point.distance(l)) as u64;
    (u64::from(u32::MAX - score) << 32) | (near << 16) | point.index() as u64
}
