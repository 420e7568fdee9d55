//! The board's incremental state (cells, history, side to move, Zobrist hash, line bitboards)
//! under seeded random sequences of play / undo / try_put / take_back / block /
//! set_side_to_move on random board sizes, square and rectangular, 5..=32 each way. After every
//! step the board must equal a plain model of it and a from-scratch recomputation
//! (`is_consistent`); undo must restore the exact hash; a refused operation must change nothing.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen::board::{Board, Cell, Color, MoveError, Point, MAX_SIZE, MIN_SIZE};

/// A plain model of what the board should hold.
struct Model {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    history: Vec<Point>,
    side_to_move: Color,
}

impl Model {
    fn new(width: usize, height: usize) -> Model {
        Model {
            width,
            height,
            cells: vec![Cell::Empty; MAX_SIZE * MAX_SIZE],
            history: Vec::new(),
            side_to_move: Color::Black,
        }
    }

    fn on_board(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    fn put(&mut self, point: Point, color: Color) {
        self.cells[point.index()] = Cell::Stone(color);
        self.history.push(point);
    }
}

/// Everything observable about a board, to check that a step changed nothing or that an undo
/// restored it.
#[derive(Clone, PartialEq, Debug)]
struct Snapshot {
    hash: u64,
    drawing: String,
    history: Vec<Point>,
    side_to_move: Color,
}

fn snapshot(board: &Board) -> Snapshot {
    Snapshot {
        hash: board.hash(),
        drawing: board.to_ascii(),
        history: board.history().to_vec(),
        side_to_move: board.side_to_move(),
    }
}

/// Checks the board against the model and against a recomputation from scratch, and that the
/// hash is a function of the position: the same stones and side always give the same hash, and
/// (with 64-bit keys, in practice) different positions give different hashes. The hash covers
/// stones and side to move only; blocked points are not part of it.
fn check(board: &Board, model: &Model, hashes: &mut HashMap<(String, bool), u64>, step: &str) {
    assert!(board.is_consistent(), "inconsistent after {step}");
    for y in 0..model.height {
        for x in 0..model.width {
            let point = Point::new(x, y);
            assert_eq!(board.cell(point), model.cells[point.index()], "{step}");
        }
    }
    assert_eq!(board.history(), &model.history[..], "{step}");
    assert_eq!(board.side_to_move(), model.side_to_move, "{step}");
    let count = |color| {
        model
            .cells
            .iter()
            .filter(|&&cell| cell == Cell::Stone(color))
            .count()
    };
    assert_eq!(board.stone_count(Color::Black), count(Color::Black));
    assert_eq!(board.stone_count(Color::White), count(Color::White));
    assert_eq!(board.move_count(), model.history.len());
    assert_eq!(board.last_move(), model.history.last().copied());
    let key = (
        board.to_ascii().replace('#', "."),
        board.side_to_move() == Color::White,
    );
    let hash = *hashes.entry(key).or_insert(board.hash());
    assert_eq!(board.hash(), hash, "same position, other hash after {step}");
}

fn random_color(rng: &mut StdRng) -> Color {
    if rng.gen_bool(0.5) {
        Color::Black
    } else {
        Color::White
    }
}

/// A point that is sometimes off the board (but always a valid `Point`, below 32 each way).
fn random_point(rng: &mut StdRng, model: &Model) -> Point {
    let x = rng.gen_range(0..(model.width + 2).min(MAX_SIZE));
    let y = rng.gen_range(0..(model.height + 2).min(MAX_SIZE));
    Point::new(x, y)
}

/// One random sequence of `steps` operations on a fresh `width x height` board.
/// Returns the number of refused operations and of undos checked against a snapshot.
fn run_sequence(rng: &mut StdRng, width: usize, height: usize, steps: usize) -> (usize, usize) {
    let mut board = Board::new(width, height).expect("board size");
    let mut model = Model::new(width, height);
    let mut hashes = HashMap::new();
    // Snapshots taken before each stone that an undo should restore, with the stone's colour
    // and whether it was played (`play`) or put (`try_put`).
    let mut undo_stack: Vec<(Snapshot, Color, bool)> = Vec::new();
    let (mut refused, mut undos_checked) = (0, 0);
    check(&board, &model, &mut hashes, "start");
    for _ in 0..steps {
        let before = snapshot(&board);
        let step = match rng.gen_range(0..100) {
            0..=39 => {
                let x = rng.gen_range(-2..width as i64 + 2);
                let y = rng.gen_range(-2..height as i64 + 2);
                let result = board.try_play(x, y);
                if !model.on_board(x, y) {
                    assert_eq!(result, Err(MoveError::OffBoard { x, y }));
                } else {
                    let point = Point::new(x as usize, y as usize);
                    if model.cells[point.index()] != Cell::Empty {
                        assert_eq!(result, Err(MoveError::Occupied(point)));
                    } else {
                        assert_eq!(result, Ok(point));
                        let color = model.side_to_move;
                        model.put(point, color);
                        model.side_to_move = color.opponent();
                        undo_stack.push((before.clone(), color, true));
                    }
                }
                format!("try_play({x}, {y})")
            }
            40..=64 => {
                let result = board.undo();
                assert_eq!(result, model.history.last().copied());
                if let Some(point) = model.history.pop() {
                    let Cell::Stone(color) = model.cells[point.index()] else {
                        panic!("history holds an empty point");
                    };
                    model.cells[point.index()] = Cell::Empty;
                    model.side_to_move = color;
                    if let Some((restored, stone_color, played)) = undo_stack.pop() {
                        assert_eq!(stone_color, color);
                        undos_checked += 1;
                        let after = snapshot(&board);
                        if played || restored.side_to_move == color {
                            // The exact position before the stone, hash included.
                            assert_eq!(after, restored, "undo did not restore");
                        } else {
                            // A put stone's undo gives the move to that stone's colour.
                            assert_eq!(after.drawing, restored.drawing);
                            assert_eq!(after.history, restored.history);
                            assert_eq!(after.side_to_move, color);
                        }
                    }
                }
                "undo".to_string()
            }
            65..=79 => {
                let point = random_point(rng, &model);
                let color = random_color(rng);
                let result = board.try_put(point, color);
                if !model.on_board(point.x() as i64, point.y() as i64) {
                    assert!(matches!(result, Err(MoveError::OffBoard { .. })));
                } else if model.cells[point.index()] != Cell::Empty {
                    assert_eq!(result, Err(MoveError::Occupied(point)));
                } else {
                    assert_eq!(result, Ok(()));
                    model.put(point, color);
                    model.side_to_move = color.opponent();
                    undo_stack.push((before.clone(), color, false));
                }
                format!("try_put({point}, {color:?})")
            }
            80..=89 => {
                let point = random_point(rng, &model);
                let result = board.take_back(point);
                match model.cells[point.index()] {
                    Cell::Stone(color) if model.on_board(point.x() as i64, point.y() as i64) => {
                        assert_eq!(result, Ok(color));
                        model.cells[point.index()] = Cell::Empty;
                        let at = model
                            .history
                            .iter()
                            .rposition(|&p| p == point)
                            .expect("stone in history");
                        model.history.remove(at);
                        model.side_to_move = color;
                        // Snapshots of stones after it no longer describe the board.
                        undo_stack.clear();
                    }
                    _ => assert_eq!(result, Err(MoveError::NoStone(point))),
                }
                format!("take_back({point})")
            }
            90..=94 => {
                let point = random_point(rng, &model);
                let result = board.block(point);
                if !model.on_board(point.x() as i64, point.y() as i64) {
                    assert!(matches!(result, Err(MoveError::OffBoard { .. })));
                } else if model.cells[point.index()] != Cell::Empty {
                    assert_eq!(result, Err(MoveError::Occupied(point)));
                } else {
                    assert_eq!(result, Ok(()));
                    model.cells[point.index()] = Cell::Blocked;
                    undo_stack.clear();
                }
                format!("block({point})")
            }
            _ => {
                let color = random_color(rng);
                board.set_side_to_move(color);
                model.side_to_move = color;
                undo_stack.clear();
                format!("set_side_to_move({color:?})")
            }
        };
        let after = snapshot(&board);
        if after == before {
            refused += 1;
        }
        check(&board, &model, &mut hashes, &step);
    }
    // Different positions met on the way have different hashes.
    let mut seen: HashMap<u64, &(String, bool)> = HashMap::new();
    for (position, hash) in &hashes {
        if let Some(other) = seen.insert(*hash, position) {
            panic!(
                "two positions share hash {hash:x}:\n{}\n{}",
                other.0, position.0
            );
        }
    }
    (refused, undos_checked)
}

#[test]
fn random_operation_sequences_keep_the_state_exact() {
    let mut rng = StdRng::seed_from_u64(0xB0A2_D000_0000_0001);
    let (mut refused, mut undos_checked) = (0, 0);
    let mut sizes_seen = Vec::new();
    for sequence in 0..160 {
        let (width, height) = match sequence {
            0 => (MIN_SIZE, MIN_SIZE),
            1 => (MAX_SIZE, MAX_SIZE),
            2 => (MIN_SIZE, MAX_SIZE),
            3 => (MAX_SIZE, MIN_SIZE),
            _ => (
                rng.gen_range(MIN_SIZE..=MAX_SIZE),
                rng.gen_range(MIN_SIZE..=MAX_SIZE),
            ),
        };
        sizes_seen.push((width, height));
        let (sequence_refused, sequence_undos) = run_sequence(&mut rng, width, height, 400);
        refused += sequence_refused;
        undos_checked += sequence_undos;
    }
    assert!(sizes_seen.iter().any(|&(w, h)| w != h));
    // Refused operations (off board, occupied, nothing to take back, undo of nothing) happened
    // often enough to have been tested.
    assert!(refused > 1000, "only {refused} refused operations");
    assert!(undos_checked > 5000, "only {undos_checked} undos checked");
}

#[test]
fn filling_a_board_and_undoing_every_move_retraces_every_hash() {
    let mut rng = StdRng::seed_from_u64(0xB0A2_D000_0000_0002);
    for (width, height) in [(5, 5), (7, 12), (15, 15), (20, 6), (32, 32)] {
        let mut board = Board::new(width, height).expect("board size");
        let mut points: Vec<Point> = board.points().collect();
        // Shuffle by hand (Fisher-Yates) to need nothing beyond `Rng`.
        for i in (1..points.len()).rev() {
            points.swap(i, rng.gen_range(0..=i));
        }
        let mut hashes = vec![board.hash()];
        for &point in &points {
            board.play_unchecked(point);
            hashes.push(board.hash());
        }
        assert!(board.is_full());
        assert!(board.is_consistent());
        let distinct: std::collections::HashSet<u64> = hashes.iter().copied().collect();
        assert_eq!(distinct.len(), hashes.len(), "{width}x{height}");
        hashes.pop();
        for &point in points.iter().rev() {
            assert_eq!(board.undo(), Some(point));
            assert_eq!(board.hash(), hashes.pop().expect("one hash a move"));
        }
        assert!(board.is_consistent());
        assert_eq!(board.hash(), 0);
        assert_eq!(board.undo(), None);
        assert_eq!(board.move_count(), 0);
    }
}

#[test]
fn sizes_outside_5_to_32_are_refused() {
    for (width, height) in [(4, 15), (15, 4), (33, 15), (15, 33), (0, 0)] {
        assert!(Board::new(width, height).is_err(), "{width}x{height}");
    }
    assert!(Board::new(5, 32).is_ok());
    assert!(Board::new(32, 5).is_ok());
}
