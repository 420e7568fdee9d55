//! Reads the renju position files in `tests/data/` (a plain text format, parsed by hand).
//!
//! One case a line; `#` starts a comment line. Fields are split by `|`: the id first, then
//! `name: value` fields: `size: 15` (or `20x15`), `kind: full-board|point`, `black: x,y ...`,
//! `white: x,y ...`, `forbidden: x,y=label ...` (full-board), `query: x,y=label` (point),
//! `deep: yes`, `source: ...`. Coordinates are 0-based x,y from the top-left.

use tengen::board::{Board, Color, Point};

/// What a case expects on one point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expected {
    /// Forbidden with this label (`overline`, `double-four` or `double-three`).
    Kind(&'static str),
    /// Forbidden, whatever the label.
    AnyForbidden,
    /// Not forbidden.
    Legal,
}

impl Expected {
    fn parse(text: &str) -> Result<Expected, String> {
        Ok(match text {
            "overline" => Expected::Kind("overline"),
            "double-four" => Expected::Kind("double-four"),
            "double-three" => Expected::Kind("double-three"),
            "forbidden" => Expected::AnyForbidden,
            "legal" => Expected::Legal,
            other => return Err(format!("unknown label '{other}'")),
        })
    }

    /// Whether a verdict (`None` = legal, else the label) is what is expected.
    pub fn accepts(self, verdict: Option<&str>) -> bool {
        match self {
            Expected::Kind(kind) => verdict == Some(kind),
            Expected::AnyForbidden => verdict.is_some(),
            Expected::Legal => verdict.is_none(),
        }
    }
}

/// One position with its expected verdicts.
#[derive(Clone, Debug)]
pub struct Case {
    /// The case's name in its file.
    pub id: String,
    /// The position, black to move.
    pub board: Board,
    /// `true` for full-board cases: `expected` names every forbidden point, every other empty
    /// point is legal. `false` for point cases: only the points in `expected` are checked.
    pub full_board: bool,
    /// Expected verdicts on points.
    pub expected: Vec<(Point, Expected)>,
    /// Whether the recursive false-three rule changes some verdict in this position.
    pub deep: bool,
}

impl Case {
    /// The expected verdict on an empty point: the listed one, or legal on full-board cases.
    pub fn expected_at(&self, point: Point) -> Option<Expected> {
        match self.expected.iter().find(|(p, _)| *p == point) {
            Some(&(_, expected)) => Some(expected),
            None if self.full_board => Some(Expected::Legal),
            None => None,
        }
    }
}

fn parse_point(text: &str) -> Result<(usize, usize), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("'{text}' is not x,y"))?;
    let x = x.parse().map_err(|_| format!("bad x in '{text}'"))?;
    let y = y.parse().map_err(|_| format!("bad y in '{text}'"))?;
    Ok((x, y))
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| t.parse::<usize>().map_err(|_| format!("bad size '{text}'"));
    match text.split_once('x') {
        Some((width, height)) => Ok((number(width)?, number(height)?)),
        None => Ok((number(text)?, number(text)?)),
    }
}

fn parse_case(line: &str) -> Result<Case, String> {
    let mut fields = line.split('|').map(str::trim);
    let id = fields.next().unwrap_or_default().to_string();
    let (mut size, mut kind, mut deep) = (None, None, false);
    let (mut black, mut white, mut expected) = (Vec::new(), Vec::new(), Vec::new());
    for field in fields {
        let (name, value) = field
            .split_once(':')
            .ok_or_else(|| format!("field '{field}' has no name"))?;
        let value = value.trim();
        let items = value.split_whitespace();
        match name.trim() {
            "size" => size = Some(parse_size(value)?),
            "kind" => kind = Some(value.to_string()),
            "deep" => deep = value == "yes",
            "black" => black = items.map(parse_point).collect::<Result<_, _>>()?,
            "white" => white = items.map(parse_point).collect::<Result<_, _>>()?,
            "forbidden" | "query" => {
                for item in items {
                    let (point, label) = item
                        .split_once('=')
                        .ok_or_else(|| format!("'{item}' is not x,y=label"))?;
                    let (x, y) = parse_point(point)?;
                    expected.push((Point::new(x, y), Expected::parse(label)?));
                }
            }
            "source" => {}
            other => return Err(format!("unknown field '{other}'")),
        }
    }
    let (width, height) = size.ok_or("no size")?;
    let mut board = Board::new(width, height).map_err(|e| e.to_string())?;
    for (stones, color) in [(&black, Color::Black), (&white, Color::White)] {
        for &(x, y) in stones {
            board
                .try_put(Point::new(x, y), color)
                .map_err(|e| format!("stone {x},{y}: {e}"))?;
        }
    }
    board.set_side_to_move(Color::Black);
    for &(point, _) in &expected {
        if !board.is_empty(point) {
            return Err(format!("expected point {point} is not empty"));
        }
    }
    let full_board = match kind.as_deref() {
        Some("full-board") => true,
        Some("point") => false,
        other => return Err(format!("unknown kind {other:?}")),
    };
    Ok(Case {
        id,
        board,
        full_board,
        expected,
        deep,
    })
}

/// Every case of a data file's text; panics with the line number on a malformed line.
pub fn parse_cases(text: &str) -> Vec<Case> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(number, line)| {
            parse_case(line).unwrap_or_else(|error| panic!("line {}: {error}", number + 1))
        })
        .collect()
}

/// The 174 collected and hand-made cases (`renju-forbidden-cases.txt`).
pub const FORBIDDEN_CASES: &str = include_str!("../data/renju-forbidden-cases.txt");
/// The 150 full-board positions from plausible play (`renju-forbidden-15.txt`).
pub const FORBIDDEN_15: &str = include_str!("../data/renju-forbidden-15.txt");
