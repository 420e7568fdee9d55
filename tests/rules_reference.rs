//! Differential test of the fast renju judge (`rules::forbidden_kind`) against the slow reference
//! judge of `tests/reference/judge.rs`, on seeded random positions of 15x15 and 20x20 (and, in a
//! second test, of other square and rectangular sizes from 5 to 32): clustered
//! play, black lines grown stone by stone (many threes and fours, ends blocked by white to make
//! false threes), clusters against the edges, and a few blocked points. Verdict and label must
//! agree on every compared point.

mod reference;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::judge::{Grid, Trace, DOUBLE_FOUR, DOUBLE_THREE, OVERLINE};
use tengen::board::{Board, Color, Point};
use tengen::notation::PointName;
use tengen::rules;

/// A random offset in `-spread..=spread`, more often near 0 (sum of two uniform draws).
fn clustered_offset(rng: &mut StdRng, spread: i32) -> i32 {
    let half = (spread + 1) / 2;
    rng.gen_range(-half..=half) + rng.gen_range(-(spread - half)..=(spread - half))
}

/// Puts a stone on `(x, y)` if that point is on the board and empty.
fn put(board: &mut Board, x: i32, y: i32, color: Color) -> bool {
    match board.point(x as i64, y as i64) {
        Some(point) if board.is_empty(point) => board.try_put(point, color).is_ok(),
        _ => false,
    }
}

/// Stones scattered around a centre, black making up `black_share` of them.
fn clustered_position(rng: &mut StdRng, size: (usize, usize), centre: (i32, i32)) -> Board {
    let mut board = Board::new(size.0, size.1).expect("board size");
    let stones = rng.gen_range(10..=90);
    let spread = rng.gen_range(3..=7);
    let black_share = rng.gen_range(0.45..0.7);
    for _ in 0..stones * 3 {
        if board.move_count() >= stones {
            break;
        }
        let x = centre.0 + clustered_offset(rng, spread);
        let y = centre.1 + clustered_offset(rng, spread);
        let color = if rng.gen_bool(black_share) {
            Color::Black
        } else {
            Color::White
        };
        put(&mut board, x, y, color);
    }
    board
}

/// Black lines grown one stone at a time next to (or one gap away from) other black stones,
/// with white stones dropped on the points next to black stones, where they block line ends.
fn grown_position(rng: &mut StdRng, size: (usize, usize), centre: (i32, i32)) -> Board {
    const NEIGHBOURS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let mut board = Board::new(size.0, size.1).expect("board size");
    put(&mut board, centre.0, centre.1, Color::Black);
    let steps = rng.gen_range(15..=70);
    let black_share = rng.gen_range(0.55..0.8);
    let mut blacks = vec![(centre.0, centre.1)];
    for _ in 0..steps {
        let (bx, by) = blacks[rng.gen_range(0..blacks.len())];
        let (dx, dy) = NEIGHBOURS[rng.gen_range(0..8)];
        if rng.gen_bool(black_share) {
            let distance = [1, 1, 1, 2, 2, 3][rng.gen_range(0..6)];
            let (x, y) = (bx + dx * distance, by + dy * distance);
            if put(&mut board, x, y, Color::Black) {
                blacks.push((x, y));
            }
        } else {
            let distance = [1, 1, 2, 3, 4][rng.gen_range(0..5)];
            put(
                &mut board,
                bx + dx * distance,
                by + dy * distance,
                Color::White,
            );
        }
    }
    board
}

/// A square patch filled at random, black dense and white sparse: many crossing threes whose
/// key points are themselves forbidden, so the false-three rule recurses deepest here.
fn dense_position(rng: &mut StdRng, size: (usize, usize), centre: (i32, i32)) -> Board {
    let mut board = Board::new(size.0, size.1).expect("board size");
    let radius = rng.gen_range(3..=5);
    let black_density = rng.gen_range(0.25..0.45);
    let white_density = rng.gen_range(0.05..0.2);
    for y in centre.1 - radius..=centre.1 + radius {
        for x in centre.0 - radius..=centre.0 + radius {
            let draw: f64 = rng.gen();
            if draw < black_density {
                put(&mut board, x, y, Color::Black);
            } else if draw < black_density + white_density {
                put(&mut board, x, y, Color::White);
            }
        }
    }
    board
}

/// A random position of one of the generator families on a `width x height` board; some get a
/// few blocked points.
fn random_position(rng: &mut StdRng, size: (usize, usize)) -> Board {
    let middle = (size.0 as i32 / 2, size.1 as i32 / 2);
    let near_middle = |rng: &mut StdRng, middle: i32| middle + rng.gen_range(-3..=3);
    let near_edge = |rng: &mut StdRng, side: usize| {
        if rng.gen_bool(0.5) {
            rng.gen_range(0..=2)
        } else {
            side as i32 - 1 - rng.gen_range(0..=2)
        }
    };
    let mut board = match rng.gen_range(0..10) {
        0..=1 => {
            let centre = (near_middle(rng, middle.0), near_middle(rng, middle.1));
            clustered_position(rng, size, centre)
        }
        2..=4 => {
            let centre = (near_middle(rng, middle.0), near_middle(rng, middle.1));
            grown_position(rng, size, centre)
        }
        5..=6 => {
            let centre = (near_middle(rng, middle.0), near_middle(rng, middle.1));
            dense_position(rng, size, centre)
        }
        7 => {
            let centre = (near_edge(rng, size.0), near_edge(rng, size.1));
            dense_position(rng, size, centre)
        }
        8 => {
            let centre = (near_edge(rng, size.0), near_middle(rng, middle.1));
            grown_position(rng, size, centre)
        }
        _ => {
            let centre = (near_edge(rng, size.0), near_edge(rng, size.1));
            grown_position(rng, size, centre)
        }
    };
    if rng.gen_bool(0.1) {
        for _ in 0..rng.gen_range(1..=6) {
            let x = middle.0 + clustered_offset(rng, 6);
            let y = middle.1 + clustered_offset(rng, 6);
            if let Some(point) = board.point(x as i64, y as i64) {
                let _ = board.block(point);
            }
        }
    }
    board.set_side_to_move(Color::Black);
    board
}

/// Whether a black stone stands within four steps of `point` along one of its four lines: the
/// only points where a black move can be forbidden.
fn black_nearby(board: &Board, point: Point) -> bool {
    (0..4).any(|direction| {
        (-4..=4).filter(|&step| step != 0).any(|step| {
            point
                .offset(direction, step, board.width(), board.height())
                .is_some_and(|p| board.stone(p) == Some(Color::Black))
        })
    })
}

#[derive(Default)]
struct Tally {
    positions: usize,
    points: usize,
    legal: usize,
    overline: usize,
    double_four: usize,
    double_three: usize,
    /// Points whose verdict changes when every key point is taken as playable.
    false_three_matters: usize,
    /// Points whose reference judgement rejected a key point as forbidden at depth >= 2.
    forbidden_key_point_depth_2: usize,
    /// Points whose reference judgement rejected a key point as forbidden at depth >= 3.
    forbidden_key_point_depth_3: usize,
    deepest: usize,
    /// Every point where the judges disagree, with its board.
    mismatches: Vec<String>,
}

impl Tally {
    fn assert_no_mismatch(&self) {
        assert!(
            self.mismatches.is_empty(),
            "{} mismatches; the first ones:\n{}",
            self.mismatches.len(),
            self.mismatches[..self.mismatches.len().min(5)].join("\n")
        );
    }
}

fn compare_position(board: &Board, tally: &mut Tally) {
    tally.positions += 1;
    let mut grid = Grid::from_board(board);
    let mut naive_grid = Grid::from_board(board).without_false_three_rule();
    for point in board.empty_points() {
        if !black_nearby(board, point) {
            continue;
        }
        tally.points += 1;
        let fast = rules::forbidden_kind(board, point).map(|kind| kind.name());
        let mut trace = Trace::default();
        let slow = grid.judge(point, &mut trace);
        if fast != slow {
            tally.mismatches.push(format!(
                "{point} ({}): fast judge {fast:?}, reference {slow:?}\n{}",
                PointName(point),
                board.to_ascii()
            ));
        }
        match slow {
            None => tally.legal += 1,
            Some(OVERLINE) => tally.overline += 1,
            Some(DOUBLE_FOUR) => tally.double_four += 1,
            Some(DOUBLE_THREE) => tally.double_three += 1,
            Some(other) => panic!("unknown label {other}"),
        }
        if naive_grid.judge(point, &mut Trace::default()) != slow {
            tally.false_three_matters += 1;
        }
        let depth = trace.deepest_forbidden_key_point;
        tally.forbidden_key_point_depth_2 += usize::from(depth >= 2);
        tally.forbidden_key_point_depth_3 += usize::from(depth >= 3);
        tally.deepest = tally.deepest.max(depth);
    }
}

#[test]
fn fast_judge_matches_reference_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(0x5EED_7E46_E4B0_0001);
    let mut tally = Tally::default();
    for round in 0..3000 {
        let size = if round % 3 == 2 { (20, 20) } else { (15, 15) };
        let board = random_position(&mut rng, size);
        compare_position(&board, &mut tally);
    }
    println!(
        "differential renju test: {} positions, {} points compared \
         (legal {}, overline {}, double-four {}, double-three {}); \
         false-three rule changes {} verdicts; key points rejected as forbidden at depth >= 2: {}, \
         >= 3: {}, deepest {}",
        tally.positions,
        tally.points,
        tally.legal,
        tally.overline,
        tally.double_four,
        tally.double_three,
        tally.false_three_matters,
        tally.forbidden_key_point_depth_2,
        tally.forbidden_key_point_depth_3,
        tally.deepest
    );
    tally.assert_no_mismatch();
    assert!(tally.points >= 20_000, "only {} points", tally.points);
    // The positions must exercise every part of the rule, or the agreement proves little.
    assert!(tally.overline >= 100);
    assert!(tally.double_four >= 100);
    assert!(tally.double_three >= 100);
    assert!(tally.false_three_matters >= 500);
    assert!(tally.forbidden_key_point_depth_3 >= 5);
}

#[test]
fn fast_judge_matches_reference_on_other_board_sizes() {
    let mut rng = StdRng::seed_from_u64(0x5EED_7E46_E4B0_0002);
    let mut tally = Tally::default();
    let mut sizes = vec![(5, 5), (32, 32), (5, 32), (32, 5), (6, 17), (17, 6)];
    while sizes.len() < 400 {
        sizes.push((rng.gen_range(5..=32), rng.gen_range(5..=32)));
    }
    for &size in &sizes {
        let board = random_position(&mut rng, size);
        compare_position(&board, &mut tally);
    }
    println!(
        "differential renju test on {} boards of other sizes (5..=32 each way): {} points compared \
         (overline {}, double-four {}, double-three {})",
        tally.positions, tally.points, tally.overline, tally.double_four, tally.double_three
    );
    tally.assert_no_mismatch();
    assert!(tally.points >= 20_000, "only {} points", tally.points);
    assert!(tally.overline + tally.double_four + tally.double_three >= 300);
}
