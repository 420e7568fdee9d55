//! The board: stones on a `width × height` grid (5..=32 each way), side to move, move history,
//! make/undo, a 64-bit Zobrist hash, and the per-direction line bitboards that let every other
//! module read the shape of a line through a point in O(1).
//!
//! The board knows nothing of rules, search or protocol.
//!
//! # Line bitboards
//! Every cell lies on four lines, one per [`DIRECTIONS`] entry. Each line is kept as three `u64`
//! masks (black stones, white stones, walls). A cell at position `pos` along its line lives at
//! bit `pos + PAD`; the `PAD` bits on either side, and every bit past the board's edge, are wall
//! bits. So the 11-cell window centred on a cell is one shift and one mask, and cells off the
//! board read as walls without any bounds check:
//!
//! ```text
//!  bit:   63 ........ pos+PAD+5 ... pos+PAD ... pos+PAD-5 ........ 0
//!  wall:  1111111111  [ . . . . .    c    . . . . . ]  11111   (PAD = 5 wall bits at the bottom)
//!                     `------ window = (mask >> pos) & 0x7FF ------'
//! ```
//!
//! Line numbering: horizontal lines are rows (`line = y`, `pos = x`), vertical lines are columns
//! (`line = x`, `pos = y`), diagonals going down-right use `line = x - y + 31`, anti-diagonals
//! going up-right use `line = x + y`; on both diagonals `pos = x`.

use std::fmt;
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};

/// Smallest supported board side.
pub const MIN_SIZE: usize = 5;
/// Largest supported board side.
pub const MAX_SIZE: usize = 32;
/// Number of cells addressable by a [`Point`] (rows are `MAX_SIZE` wide).
pub const CELL_COUNT: usize = MAX_SIZE * MAX_SIZE;
/// Wall bits below position 0 of every line.
pub const PAD: usize = 5;
/// Lines per direction (diagonals of a 32 × 32 board need 63).
const LINES_PER_DIRECTION: usize = 2 * MAX_SIZE - 1;

/// The four line directions as `(dx, dy)`: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A player colour. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    /// The first player (the only one with forbidden moves under renju).
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What stands on one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cell {
    /// Nothing: a move may go here.
    Empty,
    /// A stone of this colour.
    Stone(Color),
    /// A point nobody may play and that belongs to nobody (field 3 of the protocol's `BOARD`).
    Blocked,
}

/// A point on the board, packed as `y * 32 + x`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at column `x`, row `y` (0-based from the top-left). Both must be below 32.
    #[inline]
    pub const fn new(x: usize, y: usize) -> Point {
        debug_assert!(x < MAX_SIZE && y < MAX_SIZE);
        Point((y * MAX_SIZE + x) as u16)
    }

    /// Column, 0-based from the left.
    #[inline]
    pub const fn x(self) -> usize {
        self.0 as usize % MAX_SIZE
    }

    /// Row, 0-based from the top.
    #[inline]
    pub const fn y(self) -> usize {
        self.0 as usize / MAX_SIZE
    }

    /// Dense index in `0..CELL_COUNT`, for tables indexed by point.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The inverse of [`Point::index`].
    #[inline]
    pub const fn from_index(index: usize) -> Point {
        Point(index as u16)
    }

    /// The Chebyshev distance to `other`: the number of king steps between them, so the
    /// points at distance 1 are the eight neighbours.
    #[inline]
    pub const fn distance(self, other: Point) -> usize {
        let dx = self.x().abs_diff(other.x());
        let dy = self.y().abs_diff(other.y());
        if dx > dy {
            dx
        } else {
            dy
        }
    }

    /// The point `steps` cells away in direction `direction` (an index into [`DIRECTIONS`]),
    /// if it is inside a `width × height` board.
    #[inline]
    pub fn offset(
        self,
        direction: usize,
        steps: i32,
        width: usize,
        height: usize,
    ) -> Option<Point> {
        let (dx, dy) = DIRECTIONS[direction];
        let x = self.x() as i32 + dx * steps;
        let y = self.y() as i32 + dy * steps;
        if x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height {
            Some(Point::new(x as usize, y as usize))
        } else {
            None
        }
    }
}

/// Protocol form: `x,y`.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

/// Why a move could not be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The coordinates are outside the board.
    OffBoard { x: i64, y: i64 },
    /// Something already stands there.
    Occupied(Point),
    /// There is no stone there to take back.
    NoStone(Point),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::OffBoard { x, y } => write!(f, "{x},{y} is off the board"),
            MoveError::Occupied(p) => write!(f, "{p} is already occupied"),
            MoveError::NoStone(p) => write!(f, "there is no stone on {p}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a board could not be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SizeError {
    /// Requested width.
    pub width: usize,
    /// Requested height.
    pub height: usize,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported board size {}x{} (each side must be {MIN_SIZE} to {MAX_SIZE})",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}

/// The line bitboards of a position: for each direction and line, black, white and wall masks.
/// The renju judge works on this alone and clones it when it must try moves.
#[derive(Clone)]
pub struct LineSet {
    stones: [[[u64; LINES_PER_DIRECTION]; 4]; 2],
    walls: [[u64; LINES_PER_DIRECTION]; 4],
}

/// Line index and position along the line of a point, per direction.
#[inline]
fn line_and_position(point: Point, direction: usize) -> (usize, usize) {
    let (x, y) = (point.x(), point.y());
    match direction {
        0 => (y, x),
        1 => (x, y),
        2 => (x + (MAX_SIZE - 1) - y, x),
        _ => (x + y, x),
    }
}

/// Drops the centre bit (bit 5) of an 11-bit window, leaving 10 bits:
/// cells at offsets -5..-1 in bits 0..4, offsets +1..+5 in bits 5..9.
#[inline]
fn without_centre(window: u64) -> u32 {
    ((window & 0x1F) | ((window >> 6) << 5)) as u32
}

impl LineSet {
    fn new(width: usize, height: usize) -> LineSet {
        let mut lines = LineSet {
            stones: [[[0; LINES_PER_DIRECTION]; 4]; 2],
            walls: [[u64::MAX; LINES_PER_DIRECTION]; 4],
        };
        for y in 0..height {
            for x in 0..width {
                let point = Point::new(x, y);
                for direction in 0..4 {
                    let (line, pos) = line_and_position(point, direction);
                    lines.walls[direction][line] &= !(1u64 << (pos + PAD));
                }
            }
        }
        lines
    }

    /// Puts a stone on the line masks only (no hash, no history). The point must be empty.
    #[inline]
    pub fn place(&mut self, point: Point, color: Color) {
        for direction in 0..4 {
            let (line, pos) = line_and_position(point, direction);
            self.stones[color.index()][direction][line] |= 1u64 << (pos + PAD);
        }
    }

    /// Removes a stone put there by [`LineSet::place`].
    #[inline]
    pub fn remove(&mut self, point: Point, color: Color) {
        for direction in 0..4 {
            let (line, pos) = line_and_position(point, direction);
            self.stones[color.index()][direction][line] &= !(1u64 << (pos + PAD));
        }
    }

    fn set_wall(&mut self, point: Point, wall: bool) {
        for direction in 0..4 {
            let (line, pos) = line_and_position(point, direction);
            if wall {
                self.walls[direction][line] |= 1u64 << (pos + PAD);
            } else {
                self.walls[direction][line] &= !(1u64 << (pos + PAD));
            }
        }
    }

    /// The 11-cell windows centred on `point` along `direction`:
    /// `(black, white, wall)`, bit 5 = the point itself, bit 0 = offset -5, bit 10 = offset +5.
    #[inline]
    pub fn windows(&self, point: Point, direction: usize) -> (u32, u32, u32) {
        let (line, pos) = line_and_position(point, direction);
        let black = (self.stones[0][direction][line] >> pos) & 0x7FF;
        let white = (self.stones[1][direction][line] >> pos) & 0x7FF;
        let wall = (self.walls[direction][line] >> pos) & 0x7FF;
        (black as u32, white as u32, wall as u32)
    }

    /// The 20-bit line key of `point` along `direction` seen by `color`, ignoring the point
    /// itself: bits 0..9 = own stones at offsets -5..-1, +1..+5; bits 10..19 = empty cells at the
    /// same offsets. A cell neither own nor empty is an opponent stone, a blocked point or the edge.
    #[inline]
    pub fn key(&self, point: Point, direction: usize, color: Color) -> u32 {
        let (line, pos) = line_and_position(point, direction);
        let own = self.stones[color.index()][direction][line];
        let taken = own
            | self.stones[color.opponent().index()][direction][line]
            | self.walls[direction][line];
        let own_window = (own >> pos) & 0x7FF;
        let empty_window = (!taken >> pos) & 0x7FF;
        without_centre(own_window) | (without_centre(empty_window) << 10)
    }
}

/// Zobrist keys: one per colour and cell, plus one for "white to move". Made from a fixed seed
/// so that hashes, and so searches, are the same on every run.
struct ZobristKeys {
    stones: [[u64; CELL_COUNT]; 2],
    white_to_move: u64,
}

fn zobrist() -> &'static ZobristKeys {
    static KEYS: OnceLock<Box<ZobristKeys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x7E46_E4B0_A4D5_1234);
        let mut keys = Box::new(ZobristKeys {
            stones: [[0; CELL_COUNT]; 2],
            white_to_move: 0,
        });
        for color in 0..2 {
            for cell in 0..CELL_COUNT {
                keys.stones[color][cell] = rng.gen();
            }
        }
        keys.white_to_move = rng.gen();
        keys
    })
}

/// A position: stones, side to move, history and incremental line state.
#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    lines: LineSet,
    hash: u64,
    history: Vec<Point>,
    side_to_move: Color,
    stone_counts: [usize; 2],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{}, {:?} to move",
            self.width, self.height, self.side_to_move
        )?;
        write!(f, "{}", self.to_ascii())
    }
}

impl Board {
    /// An empty board of `width × height`, black to move.
    pub fn new(width: usize, height: usize) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(SizeError { width, height });
        }
        Ok(Board {
            width,
            height,
            cells: vec![Cell::Empty; CELL_COUNT],
            lines: LineSet::new(width, height),
            hash: 0,
            history: Vec::with_capacity(width * height),
            side_to_move: Color::Black,
            stone_counts: [0, 0],
        })
    }

    /// A square empty board.
    pub fn square(size: usize) -> Result<Board, SizeError> {
        Board::new(size, size)
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(x, y)` is on the board (accepts any integers, so input can be checked with it).
    #[inline]
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }

    /// The point at `(x, y)` if it is on the board.
    pub fn point(&self, x: i64, y: i64) -> Option<Point> {
        self.contains(x, y)
            .then(|| Point::new(x as usize, y as usize))
    }

    /// What stands on `point`.
    #[inline]
    pub fn cell(&self, point: Point) -> Cell {
        self.cells[point.index()]
    }

    /// Whether `point` is empty.
    #[inline]
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[point.index()] == Cell::Empty
    }

    /// The colour of the stone on `point`, if any.
    #[inline]
    pub fn stone(&self, point: Point) -> Option<Color> {
        match self.cells[point.index()] {
            Cell::Stone(color) => Some(color),
            _ => None,
        }
    }

    /// The side that moves next.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets the side that moves next (used after setting up a position stone by stone).
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side_to_move {
            self.hash ^= zobrist().white_to_move;
            self.side_to_move = color;
        }
    }

    /// The Zobrist hash of stones and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash the board would have after the side to move plays `point` (for
    /// fetching the table entry of the next position early).
    #[inline]
    pub fn hash_after(&self, point: Point) -> u64 {
        let keys = zobrist();
        self.hash ^ keys.stones[self.side_to_move.index()][point.index()] ^ keys.white_to_move
    }

    /// The stones in the order they were put on the board.
    #[inline]
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    /// The last stone put on the board.
    #[inline]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// Number of stones of `color`.
    #[inline]
    pub fn stone_count(&self, color: Color) -> usize {
        self.stone_counts[color.index()]
    }

    /// Number of stones of both colours.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// Whether no empty point is left.
    pub fn is_full(&self) -> bool {
        self.points().all(|p| !self.is_empty(p))
    }

    /// Every point of the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }

    /// Every empty point, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(move |&p| self.is_empty(p))
    }

    /// The line bitboards.
    #[inline]
    pub fn lines(&self) -> &LineSet {
        &self.lines
    }

    /// Row `y` as two column masks (bit `x`: column `x`): the stones of both colours, and the
    /// points no stone may take (blocked ones, and every column past the board's right edge).
    #[inline]
    pub fn row_masks(&self, y: usize) -> (u32, u32) {
        let lines = &self.lines;
        let stones = (lines.stones[0][0][y] | lines.stones[1][0][y]) >> PAD;
        (stones as u32, (lines.walls[0][y] >> PAD) as u32)
    }

    /// See [`LineSet::key`].
    #[inline]
    pub fn line_key(&self, point: Point, direction: usize, color: Color) -> u32 {
        self.lines.key(point, direction, color)
    }

    /// Plays `(x, y)` for the side to move, or says why it cannot.
    pub fn try_play(&mut self, x: i64, y: i64) -> Result<Point, MoveError> {
        let point = self.point(x, y).ok_or(MoveError::OffBoard { x, y })?;
        if !self.is_empty(point) {
            return Err(MoveError::Occupied(point));
        }
        self.play_unchecked(point);
        Ok(point)
    }

    /// Plays `point` for the side to move; the point must be on the board and empty.
    #[inline]
    pub fn play_unchecked(&mut self, point: Point) {
        let color = self.side_to_move;
        self.put_unchecked(point, color);
        self.hash ^= zobrist().white_to_move;
        self.side_to_move = color.opponent();
    }

    /// Puts a stone of `color` on `point` (in any order, for setting up positions) and records
    /// it in the history; the side to move becomes the other colour.
    pub fn try_put(&mut self, point: Point, color: Color) -> Result<(), MoveError> {
        self.check_empty(point)?;
        self.put_unchecked(point, color);
        self.set_side_to_move(color.opponent());
        Ok(())
    }

    /// `Ok` when `point` is on the board and empty, else why not.
    fn check_empty(&self, point: Point) -> Result<(), MoveError> {
        if !self.contains(point.x() as i64, point.y() as i64) {
            return Err(MoveError::OffBoard {
                x: point.x() as i64,
                y: point.y() as i64,
            });
        }
        if !self.is_empty(point) {
            return Err(MoveError::Occupied(point));
        }
        Ok(())
    }

    /// Lifts the `color` stone off `point` (not the history); `color` moves next.
    #[inline]
    fn lift_unchecked(&mut self, point: Point, color: Color) {
        self.cells[point.index()] = Cell::Empty;
        self.lines.remove(point, color);
        self.hash ^= zobrist().stones[color.index()][point.index()];
        self.stone_counts[color.index()] -= 1;
        self.set_side_to_move(color);
    }

    #[inline]
    fn put_unchecked(&mut self, point: Point, color: Color) {
        debug_assert!(self.is_empty(point));
        self.cells[point.index()] = Cell::Stone(color);
        self.lines.place(point, color);
        self.hash ^= zobrist().stones[color.index()][point.index()];
        self.stone_counts[color.index()] += 1;
        self.history.push(point);
    }

    /// Takes back the last stone; the side to move becomes that stone's colour.
    /// Returns the point, or `None` on an empty history.
    #[inline]
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.history.pop()?;
        if let Cell::Stone(color) = self.cells[point.index()] {
            self.lift_unchecked(point, color);
        }
        Some(point)
    }

    /// Removes the stone on `point` wherever it is in the history (protocol `TAKEBACK`).
    /// The side to move becomes that stone's colour.
    pub fn take_back(&mut self, point: Point) -> Result<Color, MoveError> {
        let color = self.stone(point).ok_or(MoveError::NoStone(point))?;
        // Every stone entered through `put_unchecked`, so it is in the history.
        if let Some(at) = self.history.iter().rposition(|&p| p == point) {
            self.history.remove(at);
        }
        self.lift_unchecked(point, color);
        Ok(color)
    }

    /// Marks an empty point as blocked for both sides (protocol `BOARD` field 3).
    pub fn block(&mut self, point: Point) -> Result<(), MoveError> {
        self.check_empty(point)?;
        self.cells[point.index()] = Cell::Blocked;
        self.lines.set_wall(point, true);
        Ok(())
    }

    /// Recomputes the hash and line bitboards from the cells alone (for tests of the
    /// incremental state).
    pub fn recompute_from_scratch(&self) -> (u64, LineSet) {
        let mut lines = LineSet::new(self.width, self.height);
        let mut hash = 0;
        for point in self.points() {
            match self.cell(point) {
                Cell::Stone(color) => {
                    lines.place(point, color);
                    hash ^= zobrist().stones[color.index()][point.index()];
                }
                Cell::Blocked => lines.set_wall(point, true),
                Cell::Empty => {}
            }
        }
        if self.side_to_move == Color::White {
            hash ^= zobrist().white_to_move;
        }
        (hash, lines)
    }

    /// Whether the incremental hash and line bitboards equal a from-scratch recomputation.
    pub fn is_consistent(&self) -> bool {
        let (hash, lines) = self.recompute_from_scratch();
        hash == self.hash && lines.stones == self.lines.stones && lines.walls == self.lines.walls
    }

    /// The board as text: `X` black, `O` white, `#` blocked, `.` empty; one row a line, top first.
    pub fn to_ascii(&self) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                text.push(match self.cell(Point::new(x, y)) {
                    Cell::Empty => '.',
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    Cell::Blocked => '#',
                });
            }
            text.push('\n');
        }
        text
    }

    /// Builds a board from rows of text (`X`/`x` black, `O`/`o` white, `#` blocked, anything
    /// else empty; spaces are ignored). The side to move is black when the stone counts are
    /// equal, else white. Stones are recorded in row order.
    pub fn from_ascii(text: &str) -> Result<Board, SizeError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|line| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|row| !row.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut board = Board::new(width, height)?;
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let point = Point::new(x, y);
                // Errors cannot happen: every point is visited once and is on the board.
                let _ = match c {
                    'X' | 'x' => board.try_put(point, Color::Black),
                    'O' | 'o' => board.try_put(point, Color::White),
                    '#' => board.block(point),
                    _ => Ok(()),
                };
            }
        }
        let to_move = if board.stone_count(Color::Black) > board.stone_count(Color::White) {
            Color::White
        } else {
            Color::Black
        };
        board.set_side_to_move(to_move);
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Board::new(4, 15).is_err());
        assert!(Board::new(15, 33).is_err());
        assert!(Board::new(5, 32).is_ok());
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let mut board = Board::square(15).unwrap();
        let empty_hash = board.hash();
        assert_eq!(board.try_play(7, 7), Ok(Point::new(7, 7)));
        assert_eq!(
            board.try_play(7, 7),
            Err(MoveError::Occupied(Point::new(7, 7)))
        );
        assert_eq!(
            board.try_play(15, 0),
            Err(MoveError::OffBoard { x: 15, y: 0 })
        );
        assert_eq!(board.side_to_move(), Color::White);
        assert!(board.is_consistent());
        assert_eq!(board.undo(), Some(Point::new(7, 7)));
        assert_eq!(board.hash(), empty_hash);
        assert_eq!(board.side_to_move(), Color::Black);
        assert!(board.is_consistent());
    }

    #[test]
    fn hash_after_is_the_hash_the_move_gives() {
        let mut board = Board::square(15).unwrap();
        for (x, y) in [(7, 7), (8, 7), (6, 8), (0, 14), (14, 0)] {
            let point = Point::new(x, y);
            let expected = board.hash_after(point);
            board.play_unchecked(point);
            assert_eq!(board.hash(), expected);
        }
    }

    #[test]
    fn windows_see_the_edge_as_wall() {
        let board = Board::new(6, 5).unwrap();
        let (black, white, wall) = board.lines().windows(Point::new(0, 0), 0);
        assert_eq!(black | white, 0);
        // Offsets -5..-1 are off the board; 0..5 are the six columns.
        assert_eq!(wall, 0b000_0001_1111);
        let (_, _, wall) = board.lines().windows(Point::new(5, 4), 2);
        // Down-right from the bottom-right corner everything is off the board.
        assert_eq!(wall & !0x3F, 0b111_1100_0000 & !0x3F);
    }
}
