//! Positions given on the command line: a move list (black first, alternating) or a file (a
//! Piskvork `.psq` record, or a text file holding a move list), replayed under the rule so that
//! every move is checked (on the board, empty, not after the game was won, not forbidden for
//! black under renju), or a diagram (black and white stone sets and the side to move, from
//! `--black`/`--white`/`--to-move` or a `black: … white: …` text line), set up as it stands.

use std::path::Path;

use super::options::DiagramArgs;
use crate::board::{Board, Color, Point};
use crate::notation::{self, point_name};
use crate::rules::{self, Rule};

/// A position to work on, with the time each move took (from a `.psq`, else 0).
pub struct Position {
    /// The board after the moves.
    pub board: Board,
    /// Milliseconds each move of the history took.
    pub times: Vec<u64>,
}

/// The name of a colour for people.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Whether the words name a file rather than a move list: one word that is an existing file,
/// or that looks like a file name (`.psq`/`.txt` ending, a path separator).
fn names_a_file(words: &[String]) -> Option<&str> {
    let [word] = words else { return None };
    let lower = word.to_ascii_lowercase();
    let looks_like_file = lower.ends_with(".psq")
        || lower.ends_with(".txt")
        || word.contains('/')
        || word.contains('\\');
    (Path::new(word).is_file() || looks_like_file).then_some(word.as_str())
}

/// How strictly a move list is replayed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replay {
    /// As a game under the rule: no move after a win, no forbidden move for black.
    Game,
    /// As a diagram: only on the board and on empty points (any order of setting up stones).
    Diagram,
}

/// The position of a tool's arguments: the diagram flags when given (then `words` must be
/// empty), else [`load_with`] on `words`.
pub fn load_position(
    words: &[String],
    diagram_args: &DiagramArgs,
    size: usize,
    rule: Rule,
    strictness: Replay,
) -> Result<Position, String> {
    if !diagram_args.given() {
        return load_with(words, size, rule, strictness);
    }
    if !words.is_empty() {
        return Err(format!(
            "give the position either as a move list or file ('{}'), or by --black/--white, \
             not both",
            words.join(" ")
        ));
    }
    let points = |text: &Option<String>| parse_points(text.as_deref().unwrap_or(""), size, size);
    let black = points(&diagram_args.black)?;
    let white = points(&diagram_args.white)?;
    let to_move = diagram_args.to_move.map(|side| side.color());
    let board = diagram(size, size, &black, &white, to_move)?;
    diagram_position(board, rule, strictness)
}

/// A diagram as a position; for a game, one where nobody has won yet.
fn diagram_position(board: Board, rule: Rule, strictness: Replay) -> Result<Position, String> {
    if strictness == Replay::Game {
        if let Some(winner) = rules::winner(&board, rule) {
            return Err(format!(
                "{} already has five in this diagram",
                color_name(winner)
            ));
        }
    }
    let times = vec![0; board.move_count()];
    Ok(Position { board, times })
}

/// Loads the position named by `words` (a move list, possibly split over several words, or
/// one file name: a `.psq` record, or a text file holding a move list or a diagram line),
/// checked as `strictness` says. Move lists use a `size × size` board; a `.psq` file brings
/// its own size.
pub fn load_with(
    words: &[String],
    size: usize,
    rule: Rule,
    strictness: Replay,
) -> Result<Position, String> {
    let replay = |width, height, moves: &[Point]| match strictness {
        Replay::Game => replay(width, height, moves, rule),
        Replay::Diagram => set_up(width, height, moves),
    };
    if let Some(path) = names_a_file(words) {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read '{path}': {error}"))?;
        if notation::looks_like_psq(&text) || path.to_ascii_lowercase().ends_with(".psq") {
            let record = notation::read_psq(&text).map_err(|error| format!("{path}: {error}"))?;
            if record.width > notation::MAX_LETTER_COLUMNS {
                return Err(format!(
                    "{path}: the board is {} columns wide; letter notation names at most {}",
                    record.width,
                    notation::MAX_LETTER_COLUMNS
                ));
            }
            let board = replay(record.width, record.height, &record.points())
                .map_err(|error| format!("{path}: {error}"))?;
            let times = record.moves.iter().map(|&(_, t)| t).collect();
            return Ok(Position { board, times });
        }
        if let Some(diagram) = parse_diagram_line(&text, size) {
            let board = diagram.map_err(|error| format!("{path}: {error}"))?;
            return diagram_position(board, rule, strictness)
                .map_err(|error| format!("{path}: {error}"));
        }
        let moves = notation::parse_move_list(&text, size, size)
            .map_err(|error| format!("{path}: {error}"))?;
        let board = replay(size, size, &moves).map_err(|error| format!("{path}: {error}"))?;
        let times = vec![0; moves.len()];
        return Ok(Position { board, times });
    }
    let text = words.join(" ");
    let moves = notation::parse_move_list(&text, size, size).map_err(|error| error.to_string())?;
    let board = replay(size, size, &moves)?;
    Ok(Position {
        board,
        times: vec![0; moves.len()],
    })
}

/// Reads a list of points: names separated by commas or white space (`h8,i9 j10`), or protocol
/// `x,y` pairs separated by white space (`7,7 8,8`).
pub fn parse_points(text: &str, width: usize, height: usize) -> Result<Vec<Point>, String> {
    let mut points = Vec::new();
    for token in text.split_whitespace() {
        let names: Vec<&str> = if token.starts_with(|c: char| c.is_ascii_digit()) {
            vec![token]
        } else {
            token.split(',').filter(|name| !name.is_empty()).collect()
        };
        for name in names {
            points.push(notation::parse_point(name, width, height).map_err(|e| e.to_string())?);
        }
    }
    Ok(points)
}

/// A board set up as a diagram: `black` and `white` stones, and `to_move` (by default black
/// when both have as many stones, white when black has one more). Checks only that each point
/// holds one stone; the stones may be in any order, so no rule is applied to them.
pub fn diagram(
    width: usize,
    height: usize,
    black: &[Point],
    white: &[Point],
    to_move: Option<Color>,
) -> Result<Board, String> {
    let mut board = Board::new(width, height).map_err(|error| error.to_string())?;
    for (stones, color) in [(black, Color::Black), (white, Color::White)] {
        for &point in stones {
            board
                .try_put(point, color)
                .map_err(|_| format!("{} holds two stones", point_name(point)))?;
        }
    }
    let to_move = match to_move {
        Some(color) => color,
        None if black.len() == white.len() => Color::Black,
        None if black.len() == white.len() + 1 => Color::White,
        None => {
            return Err(format!(
                "{} black and {} white stones: say who is to move (--to-move black|white)",
                black.len(),
                white.len()
            ))
        }
    };
    board.set_side_to_move(to_move);
    Ok(board)
}

/// Reads a diagram line, `black: h8,i9 white: h9 to-move: white` (the fields in any order,
/// each optional but one colour; `to-move` as in [`diagram`]). `None` when the line is not
/// one (it does not start with `black:`, `white:` or `to-move:`).
pub fn parse_diagram_line(text: &str, size: usize) -> Option<Result<Board, String>> {
    let lower = text.trim().to_ascii_lowercase();
    if !["black:", "white:", "to-move:"]
        .iter()
        .any(|key| lower.starts_with(key))
    {
        return None;
    }
    let mut fields: [String; 3] = Default::default();
    let mut current = None;
    for word in lower.split_whitespace() {
        let (key, rest) = match word.split_once(':') {
            Some((key, rest)) => (Some(key), rest),
            None => (None, word),
        };
        if let Some(key) = key {
            current = match key {
                "black" => Some(0),
                "white" => Some(1),
                "to-move" => Some(2),
                _ => return Some(Err(format!("unknown diagram field '{key}:'"))),
            };
        }
        if let Some(index) = current {
            fields[index].push(' ');
            fields[index].push_str(rest);
        }
    }
    let to_move = match fields[2].trim() {
        "" => None,
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        other => return Some(Err(format!("to-move is black or white, not '{other}'"))),
    };
    Some((|| {
        let black = parse_points(&fields[0], size, size)?;
        let white = parse_points(&fields[1], size, size)?;
        diagram(size, size, &black, &white, to_move)
    })())
}

/// Plays `moves` from an empty `width × height` board, black first, checking each one.
pub fn replay(width: usize, height: usize, moves: &[Point], rule: Rule) -> Result<Board, String> {
    let mut board = Board::new(width, height).map_err(|error| error.to_string())?;
    let mut won_at: Option<usize> = None;
    for (index, &point) in moves.iter().enumerate() {
        let number = index + 1;
        let name = point_name(point);
        if let Some(win) = won_at {
            return Err(format!(
                "move {number} ({name}) comes after the game was already won at move {win}"
            ));
        }
        if !board.is_empty(point) {
            return Err(format!("move {number} ({name}) is on an occupied point"));
        }
        let mover = board.side_to_move();
        if rule.has_forbidden_moves() && mover == Color::Black {
            if let Some(kind) = rules::forbidden_kind(&board, point) {
                return Err(format!(
                    "move {number} ({name}) is forbidden for black under renju ({kind})"
                ));
            }
        }
        board.play_unchecked(point);
        if rules::is_winning_stone(&board, point, rule) {
            won_at = Some(number);
        }
    }
    Ok(board)
}

/// Puts `moves` on an empty `width × height` board, black first, alternating, checking only
/// that each point is empty.
pub fn set_up(width: usize, height: usize, moves: &[Point]) -> Result<Board, String> {
    let mut board = Board::new(width, height).map_err(|error| error.to_string())?;
    for (index, &point) in moves.iter().enumerate() {
        if !board.is_empty(point) {
            return Err(format!(
                "move {} ({}) is on an occupied point",
                index + 1,
                point_name(point)
            ));
        }
        board.play_unchecked(point);
    }
    Ok(board)
}

/// Who has won on `board` under `rule`, judged from the last move (a replayed position cannot
/// hold an earlier win).
pub fn winner_by_last_move(board: &Board, rule: Rule) -> Option<Color> {
    let last = board.last_move()?;
    rules::is_winning_stone(board, last, rule)
        .then(|| board.stone(last))
        .flatten()
}

/// How a game on the board has ended, if it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOver {
    /// The last move made five (or what wins under the rule) for this colour.
    Won(Color),
    /// Every point is taken and nobody has won: a draw.
    BoardFull,
    /// Only renju's forbidden points are left for this colour (black): renju has no pass, and
    /// managers score the forbidden move it must then play as a foul, so it has lost.
    OnlyForbidden(Color),
}

/// Whether the game on `board` is over under `rule`, and how.
pub fn game_over(board: &Board, rule: Rule) -> Option<GameOver> {
    if let Some(winner) = winner_by_last_move(board, rule) {
        Some(GameOver::Won(winner))
    } else if board.is_full() {
        Some(GameOver::BoardFull)
    } else if !rules::has_legal_move(board, rule) {
        Some(GameOver::OnlyForbidden(board.side_to_move()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_game(words: &[String], size: usize, rule: Rule) -> Result<Position, String> {
        load_with(words, size, rule, Replay::Game)
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn move_lists_are_replayed_and_checked() {
        let position = load_game(&words("h8 i9 j10"), 15, Rule::Freestyle).unwrap();
        assert_eq!(position.board.move_count(), 3);
        assert_eq!(position.board.side_to_move(), Color::White);
        assert_eq!(position.board.stone(Point::new(8, 8)), Some(Color::White));
        let occupied = load_game(&words("h8 h8"), 15, Rule::Freestyle)
            .err()
            .unwrap();
        assert!(occupied.contains("move 2 (h8)"), "{occupied}");
        // The Gomocup renju sanity check: g9 is a double-three for black.
        let forbidden = load_game(&words("h8h9i7i9h10i6i11i12g9"), 15, Rule::Renju)
            .err()
            .unwrap();
        assert!(forbidden.contains("double-three"), "{forbidden}");
        assert!(load_game(&words("h8h9i7i9h10i6i11i12g9"), 15, Rule::Freestyle).is_ok());
        let diagram = load_with(
            &words("h8h9i7i9h10i6i11i12g9"),
            15,
            Rule::Renju,
            Replay::Diagram,
        )
        .unwrap();
        assert_eq!(diagram.board.move_count(), 9);
        assert!(load_with(&words("h8 h8"), 15, Rule::Renju, Replay::Diagram).is_err());
        let after_win = load_game(&words("h8h9i8i9j8j9k8k9l8m8"), 15, Rule::Freestyle)
            .err()
            .unwrap();
        assert!(after_win.contains("already won at move 9"), "{after_win}");
        let won = load_game(&words("h8h9i8i9j8j9k8k9l8"), 15, Rule::Freestyle).unwrap();
        assert_eq!(
            winner_by_last_move(&won.board, Rule::Freestyle),
            Some(Color::Black)
        );
    }

    #[test]
    fn missing_files_are_reported() {
        let error = load_game(&words("no-such-file.psq"), 15, Rule::Freestyle)
            .err()
            .unwrap();
        assert!(error.contains("cannot read 'no-such-file.psq'"), "{error}");
    }

    #[test]
    fn diagrams_from_points_and_lines() {
        let points = parse_points("h8,i9 j10", 15, 15).unwrap();
        assert_eq!(
            points,
            vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]
        );
        assert_eq!(
            parse_points("7,7 0,14", 15, 15).unwrap(),
            vec![Point::new(7, 7), Point::new(0, 14)]
        );
        assert!(parse_points("h8,zz", 15, 15).is_err());
        // Two black stones and one white: white to move unless said.
        let line = "black: h8,i9 white: a1";
        let board = parse_diagram_line(line, 15).unwrap().unwrap();
        assert_eq!(board.stone_count(Color::Black), 2);
        assert_eq!(board.side_to_move(), Color::White);
        assert_eq!(board.stone(Point::new(0, 0)), Some(Color::White));
        assert!(parse_diagram_line(line, 15).is_some());
        let board = parse_diagram_line("white: a1 black: h8 to-move: white", 15)
            .unwrap()
            .unwrap();
        assert_eq!(board.side_to_move(), Color::White);
        let unclear = parse_diagram_line("black: h8,i9,j10", 15)
            .unwrap()
            .err()
            .unwrap();
        assert!(unclear.contains("--to-move"), "{unclear}");
        assert!(parse_diagram_line("black: h8 white: h8", 15)
            .unwrap()
            .is_err());
        assert!(parse_diagram_line("h8 i9", 15).is_none());
    }
}
