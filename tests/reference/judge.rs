//! The slow reference renju judge: the forbidden-move rule written straight from the rule text,
//! with plain cell scanning along whole board lines. It shares no code with `src/rules.rs`; the
//! only thing it takes from the crate is the content of the board's cells.
//!
//! The rule, as implemented here (black moves only):
//! - A move that makes exactly five in a row anywhere is never forbidden.
//! - Otherwise it is forbidden if it makes an overline (six or more in a row), or two or more
//!   fours, or two or more real threes.
//! - A *four* is a line of stones where one more stone makes exactly five. On one line every
//!   empty point where black would make exactly five (with the move in it) is a four of its own,
//!   except that the two ends of one straight four `.XXXX.` are one four.
//! - A *three* in a direction (a direction that holds no four) is *real* if some empty point `q`
//!   on that line, with the move on the board, makes a straight four containing the move (four in
//!   a row whose two ends are both points where black would make exactly five), `q` makes no five
//!   anywhere, and `q` is itself not forbidden (judged by this same rule, with the move on the
//!   board).

use tengen::board::{Board, Cell, Color, Point, DIRECTIONS};

/// What stands on one cell, as far as black's lines are concerned.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Spot {
    Empty,
    Black,
    /// A white stone or a blocked point: it belongs to no black line and takes no stone.
    Other,
}

/// The cells of one whole board line, in order, as `(x, y)`.
type Line = Vec<(usize, usize)>;

/// A verdict label, in the order five > overline > double-four > double-three.
pub const OVERLINE: &str = "overline";
/// Two or more fours.
pub const DOUBLE_FOUR: &str = "double-four";
/// Two or more real threes.
pub const DOUBLE_THREE: &str = "double-three";

/// A copy of the board's cells that the judge may put stones on and take them off again.
#[derive(Clone)]
pub struct Grid {
    width: usize,
    height: usize,
    spots: Vec<Spot>,
    /// Whether key points of threes are judged (the false-three rule); always on, except to
    /// count the points where that rule changes the verdict.
    judge_key_points: bool,
}

/// Facts gathered while judging, for test statistics. They never change a verdict.
#[derive(Clone, Copy, Default, Debug)]
pub struct Trace {
    /// The deepest level (1 = a key point of the move asked about) at which a key point was
    /// rejected because it was itself forbidden.
    pub deepest_forbidden_key_point: usize,
}

impl Grid {
    /// Reads the cells of `board`.
    pub fn from_board(board: &Board) -> Grid {
        let (width, height) = (board.width(), board.height());
        let mut spots = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                spots.push(match board.cell(Point::new(x, y)) {
                    Cell::Empty => Spot::Empty,
                    Cell::Stone(Color::Black) => Spot::Black,
                    Cell::Stone(Color::White) | Cell::Blocked => Spot::Other,
                });
            }
        }
        Grid {
            width,
            height,
            spots,
            judge_key_points: true,
        }
    }

    /// The same grid with every key point of a three taken as playable when it makes no five:
    /// the verdicts of a judge without the false-three rule.
    pub fn without_false_three_rule(mut self) -> Grid {
        self.judge_key_points = false;
        self
    }

    fn get(&self, (x, y): (usize, usize)) -> Spot {
        self.spots[y * self.width + x]
    }

    fn set(&mut self, (x, y): (usize, usize), spot: Spot) {
        self.spots[y * self.width + x] = spot;
    }

    /// Every cell of the board line through `(x, y)` along `(dx, dy)`, from one edge of the
    /// board to the other, and the index of `(x, y)` in that list.
    fn line(&self, (x, y): (usize, usize), (dx, dy): (i32, i32)) -> (Line, usize) {
        let on_board = |x: i32, y: i32| {
            x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
        };
        let (mut start_x, mut start_y) = (x as i32, y as i32);
        while on_board(start_x - dx, start_y - dy) {
            start_x -= dx;
            start_y -= dy;
        }
        let mut cells = Vec::new();
        let mut index = 0;
        let (mut cx, mut cy) = (start_x, start_y);
        while on_board(cx, cy) {
            if (cx as usize, cy as usize) == (x, y) {
                index = cells.len();
            }
            cells.push((cx as usize, cy as usize));
            cx += dx;
            cy += dy;
        }
        (cells, index)
    }

    /// The first and last index of the run of black stones through `line[index]` (which must be
    /// black).
    fn black_run(&self, line: &[(usize, usize)], index: usize) -> (usize, usize) {
        let mut first = index;
        while first > 0 && self.get(line[first - 1]) == Spot::Black {
            first -= 1;
        }
        let mut last = index;
        while last + 1 < line.len() && self.get(line[last + 1]) == Spot::Black {
            last += 1;
        }
        (first, last)
    }

    /// Whether black on the empty `line[index]` makes a run of exactly five on this line that
    /// contains `line[must_contain]`.
    fn makes_five_on_line(
        &mut self,
        line: &[(usize, usize)],
        index: usize,
        must_contain: usize,
    ) -> bool {
        debug_assert_eq!(self.get(line[index]), Spot::Empty);
        self.set(line[index], Spot::Black);
        let (first, last) = self.black_run(line, index);
        self.set(line[index], Spot::Empty);
        last - first + 1 == 5 && (first..=last).contains(&must_contain)
    }

    /// Whether black on the empty `point` makes exactly five in some direction.
    fn makes_five_anywhere(&mut self, point: (usize, usize)) -> bool {
        DIRECTIONS.iter().any(|&direction| {
            let (line, index) = self.line(point, direction);
            self.makes_five_on_line(&line, index, index)
        })
    }

    /// The number of fours on `line` that contain the black stone `line[index]`.
    fn fours_on_line(&mut self, line: &[(usize, usize)], index: usize) -> usize {
        let five_points: Vec<usize> = (0..line.len())
            .filter(|&q| {
                self.get(line[q]) == Spot::Empty && self.makes_five_on_line(line, q, index)
            })
            .collect();
        // The two ends of one straight four are one four, not two.
        if let [left, right] = five_points[..] {
            if right == left + 5 && (left + 1..right).all(|i| self.get(line[i]) == Spot::Black) {
                return 1;
            }
        }
        five_points.len()
    }

    /// Whether `line` holds a straight four through the black stone `line[index]`: exactly four
    /// black stones in a row, and black on either end would make exactly five.
    fn straight_four_through(&mut self, line: &[(usize, usize)], index: usize) -> bool {
        let (first, last) = self.black_run(line, index);
        if last - first + 1 != 4 || first == 0 || last + 1 == line.len() {
            return false;
        }
        let (low_end, high_end) = (first - 1, last + 1);
        self.get(line[low_end]) == Spot::Empty
            && self.get(line[high_end]) == Spot::Empty
            && self.makes_five_on_line(line, low_end, index)
            && self.makes_five_on_line(line, high_end, index)
    }

    /// The empty points of `line` where black would make a straight four through the black
    /// stone `line[index]`.
    fn straight_four_points(&mut self, line: &[(usize, usize)], index: usize) -> Vec<usize> {
        let mut points = Vec::new();
        for q in 0..line.len() {
            if self.get(line[q]) != Spot::Empty {
                continue;
            }
            self.set(line[q], Spot::Black);
            if self.straight_four_through(line, index) {
                points.push(q);
            }
            self.set(line[q], Spot::Empty);
        }
        points
    }

    /// The verdict on a black move on the empty `point`: `None` when it is allowed, else the
    /// label of the first rule it breaks in the order overline, double-four, double-three.
    pub fn judge(&mut self, point: Point, trace: &mut Trace) -> Option<&'static str> {
        self.judge_at_depth((point.x(), point.y()), 0, trace)
    }

    fn judge_at_depth(
        &mut self,
        point: (usize, usize),
        depth: usize,
        trace: &mut Trace,
    ) -> Option<&'static str> {
        assert_eq!(
            self.get(point),
            Spot::Empty,
            "the judged point must be empty"
        );
        self.set(point, Spot::Black);
        let verdict = self.judge_placed(point, depth, trace);
        self.set(point, Spot::Empty);
        verdict
    }

    /// The verdict on the black stone just put on `point`.
    fn judge_placed(
        &mut self,
        point: (usize, usize),
        depth: usize,
        trace: &mut Trace,
    ) -> Option<&'static str> {
        let lines: Vec<(Line, usize)> = DIRECTIONS
            .iter()
            .map(|&direction| self.line(point, direction))
            .collect();
        let run_lengths: Vec<usize> = lines
            .iter()
            .map(|(line, index)| {
                let (first, last) = self.black_run(line, *index);
                last - first + 1
            })
            .collect();
        if run_lengths.contains(&5) {
            return None;
        }
        if run_lengths.iter().any(|&length| length >= 6) {
            return Some(OVERLINE);
        }
        let fours: Vec<usize> = lines
            .iter()
            .map(|(line, index)| self.fours_on_line(line, *index))
            .collect();
        if fours.iter().sum::<usize>() >= 2 {
            return Some(DOUBLE_FOUR);
        }
        // A direction that holds a four is not a three.
        let three_candidates: Vec<(&Line, Vec<usize>)> = lines
            .iter()
            .zip(&fours)
            .filter(|(_, &four_count)| four_count == 0)
            .map(|((line, index), _)| (line, self.straight_four_points(line, *index)))
            .filter(|(_, key_points)| !key_points.is_empty())
            .collect();
        if three_candidates.len() < 2 {
            // Fewer than two lines could hold a three at all.
            return None;
        }
        let mut real_threes = 0;
        for (line, key_points) in three_candidates {
            let is_real = key_points.iter().any(|&q| {
                let key_point = line[q];
                if self.makes_five_anywhere(key_point) {
                    return false;
                }
                let forbidden = self.judge_key_points
                    && self.judge_at_depth(key_point, depth + 1, trace).is_some();
                if forbidden {
                    trace.deepest_forbidden_key_point =
                        trace.deepest_forbidden_key_point.max(depth + 1);
                }
                !forbidden
            });
            if is_real {
                real_threes += 1;
            }
        }
        (real_threes >= 2).then_some(DOUBLE_THREE)
    }
}

/// The reference verdict on a black move on the empty `point` of `board`.
pub fn forbidden(board: &Board, point: Point) -> Option<&'static str> {
    Grid::from_board(board).judge(point, &mut Trace::default())
}
