//! Move notation for people and files: the `h8` point names, move lists (`h8 i9 j10` or
//! `h8i9j10`), the RIF point names of renju diagrams, and Piskvork `.psq` game records.
//!
//! # One convention: the Gomocup one
//! A point is named by a column letter and a row number: the letter is `x` (`a` = 0), the number
//! is `y + 1`, and row 1 is the TOP row, the same row as protocol `y = 0`. So `h8` is protocol
//! `7,7`, `a1` is `0,0` and `o15` is `14,14`. This is how the Gomocup tools (GomocupJudge's
//! `str_to_pos`, c-gomoku-cli's `pos` openings) read such names. Renju diagrams (RIF,
//! renju.net) count rows from the BOTTOM instead; [`parse_rif_point`] converts those
//! (`y = height - number`). Letters name at most [`MAX_LETTER_COLUMNS`] columns.
//!
//! # Piskvork `.psq`
//! ```text
//! Piskvorky 15x15, 11:11, 0      header: "Piskvorky WxH, ..." (only the size is read)
//! 8,8,1000                       one move per line: x,y,time_ms with 1-based x and y
//! 9,9,2500                       (black first, then alternating)
//! -1                             trailer: anything that is not a move line (engine names,
//!                                an error code); readers skip it
//! ```
//! Piskvork's own `savePsq` writes the coordinates 1-based and its `openPsq` subtracts one, so
//! `8,8` in a file is protocol `7,7` = `h8`.

use std::fmt;

use crate::board::{Board, Point, MAX_SIZE};

/// Letters `a..z` name this many columns; wider boards cannot be written in letter notation.
pub const MAX_LETTER_COLUMNS: usize = 26;

/// Why some text could not be read as points, a move list or a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a point name at all.
    BadPoint {
        /// The offending text.
        text: String,
    },
    /// The point is well formed but outside the board.
    OffBoard {
        /// The offending text.
        text: String,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A `.psq` record is malformed.
    Psq {
        /// 1-based line number.
        line: usize,
        /// What is wrong there.
        reason: String,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadPoint { text } => write!(
                f,
                "'{text}' is not a point: write a column letter and a row number like h8 \
                 (or protocol coordinates like 7,7)"
            ),
            NotationError::OffBoard {
                text,
                width,
                height,
            } => {
                let last_letter = (b'a' + (*width).min(MAX_LETTER_COLUMNS) as u8 - 1) as char;
                write!(
                    f,
                    "'{text}' is off the {width}x{height} board (columns a-{last_letter}, rows 1-{height})"
                )
            }
            NotationError::Psq { line, reason } => write!(f, "psq line {line}: {reason}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// A point written the Gomocup way, `h8` = (7,7): letter = column, number = row + 1. Columns
/// past `z` (boards wider than 26) fall back to the protocol form `x,y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointName(pub Point);

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let point = self.0;
        if point.x() < MAX_LETTER_COLUMNS {
            write!(f, "{}{}", (b'a' + point.x() as u8) as char, point.y() + 1)
        } else {
            write!(f, "{point}")
        }
    }
}

/// The [`PointName`] of `point` as a string: `h8` for (7,7).
pub fn point_name(point: Point) -> String {
    PointName(point).to_string()
}

/// The points as names separated by single spaces.
pub fn format_move_list(points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn on_board(x: i64, y: i64, width: usize, height: usize) -> bool {
    x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height
}

fn checked_point(
    text: &str,
    x: i64,
    y: i64,
    width: usize,
    height: usize,
) -> Result<Point, NotationError> {
    if on_board(x, y, width, height) && width <= MAX_SIZE && height <= MAX_SIZE {
        Ok(Point::new(x as usize, y as usize))
    } else {
        Err(NotationError::OffBoard {
            text: text.to_string(),
            width,
            height,
        })
    }
}

/// Splits `letter digits` (one point name, any case) into the column index and the number.
fn split_name(text: &str) -> Option<(i64, i64)> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: i64 = digits.parse().ok()?;
    Some((letter as i64 - 'a' as i64, number))
}

/// Reads protocol coordinates `x,y` (0-based).
fn parse_protocol_pair(text: &str) -> Option<(i64, i64)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Reads one point in Gomocup notation (`h8`, any case) or protocol form (`7,7`) on a
/// `width × height` board.
pub fn parse_point(text: &str, width: usize, height: usize) -> Result<Point, NotationError> {
    let text = text.trim();
    if let Some((x, y)) = parse_protocol_pair(text) {
        return checked_point(text, x, y, width, height);
    }
    let (x, number) = split_name(text).ok_or_else(|| NotationError::BadPoint {
        text: text.to_string(),
    })?;
    checked_point(text, x, number - 1, width, height)
}

/// Reads one point written the RIF way (renju diagrams: row numbers count from the BOTTOM, so
/// `y = height - number`); the letter is the column as usual.
pub fn parse_rif_point(text: &str, width: usize, height: usize) -> Result<Point, NotationError> {
    let text = text.trim();
    let (x, number) = split_name(text).ok_or_else(|| NotationError::BadPoint {
        text: text.to_string(),
    })?;
    checked_point(text, x, height as i64 - number, width, height)
}

/// Reads a move list: points separated by white space (`h8 i9 j10`), written together
/// (`h8i9j10`), or protocol pairs (`7,7 8,8`). An empty text is an empty list. Whether the moves
/// fit together (occupied points, rules) is not checked here.
pub fn parse_move_list(
    text: &str,
    width: usize,
    height: usize,
) -> Result<Vec<Point>, NotationError> {
    let mut points = Vec::new();
    for token in text.split_whitespace() {
        if token.contains(',') {
            points.push(parse_point(token, width, height)?);
            continue;
        }
        // One or more names run together: a letter, then its digits, then the next letter.
        let bytes = token.as_bytes();
        let mut start = 0;
        while start < bytes.len() {
            let mut end = start + 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            let piece = token
                .get(start..end)
                .ok_or_else(|| NotationError::BadPoint {
                    text: token.to_string(),
                })?;
            match parse_point(piece, width, height) {
                Ok(point) => points.push(point),
                // Name the whole token when a run-together list goes wrong.
                Err(NotationError::BadPoint { .. }) if piece != token => {
                    return Err(NotationError::BadPoint {
                        text: format!("{piece}' in '{token}"),
                    })
                }
                Err(error) => return Err(error),
            }
            start = end;
        }
    }
    Ok(points)
}

/// Plays a move list (any form [`parse_move_list`] reads, e.g. `h8i9j10`) on `board`, black
/// first from an empty board; says which move could not be played and why.
pub fn play_moves(board: &mut Board, moves: &str) -> Result<(), String> {
    let points =
        parse_move_list(moves, board.width(), board.height()).map_err(|e| e.to_string())?;
    for point in points {
        board
            .try_play(point.x() as i64, point.y() as i64)
            .map_err(|e| format!("'{}' in '{moves}': {e}", point_name(point)))?;
    }
    Ok(())
}

/// A game record read from or written to a Piskvork `.psq` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqRecord {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The moves in order (black first), each with the time it took in milliseconds.
    pub moves: Vec<(Point, u64)>,
}

impl PsqRecord {
    /// The moves without their times.
    pub fn points(&self) -> Vec<Point> {
        self.moves.iter().map(|&(p, _)| p).collect()
    }
}

/// Whether `text` starts like a `.psq` record (`Piskvorky` / `Piskvork` header).
pub fn looks_like_psq(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .to_ascii_lowercase()
        .starts_with("piskvork")
}

/// Reads the `WxH` size from a header line.
fn header_size(header: &str) -> Option<(usize, usize)> {
    header
        .split(|c: char| c.is_whitespace() || c == ',')
        .find_map(|word| {
            let (w, h) = word.split_once(['x', 'X'])?;
            Some((w.parse().ok()?, h.parse().ok()?))
        })
}

/// Reads a move line `x,y[,time]` (1-based); `None` when the line is not shaped like a move
/// (it is then the start of the trailer).
fn psq_move_fields(line: &str) -> Option<(i64, i64, Option<&str>)> {
    let mut fields = line.split(',').map(str::trim);
    let x = fields.next()?.parse().ok()?;
    let y = fields.next()?.parse().ok()?;
    let time = fields.next();
    if fields.next().is_some() {
        return None;
    }
    Some((x, y, time))
}

/// Reads a Piskvork `.psq` record: header with the size, move lines with 1-based `x,y,time_ms`,
/// and a trailer (skipped) that starts at the first line that is not a move.
pub fn read_psq(text: &str) -> Result<PsqRecord, NotationError> {
    let mut lines = text.lines().enumerate();
    let header = loop {
        match lines.next() {
            Some((_, line)) if line.trim().is_empty() => continue,
            Some((index, line)) => break (index, line.trim_start_matches('\u{feff}').trim()),
            None => {
                return Err(NotationError::Psq {
                    line: 1,
                    reason: "the file is empty (expected a 'Piskvorky WxH, ...' header)".into(),
                })
            }
        }
    };
    if !looks_like_psq(header.1) {
        return Err(NotationError::Psq {
            line: header.0 + 1,
            reason: format!(
                "expected a 'Piskvorky WxH, ...' header, found '{}'",
                header.1
            ),
        });
    }
    let (width, height) = header_size(header.1).ok_or_else(|| NotationError::Psq {
        line: header.0 + 1,
        reason: format!("no board size 'WxH' in the header '{}'", header.1),
    })?;
    if !(crate::board::MIN_SIZE..=MAX_SIZE).contains(&width)
        || !(crate::board::MIN_SIZE..=MAX_SIZE).contains(&height)
    {
        return Err(NotationError::Psq {
            line: header.0 + 1,
            reason: format!(
                "unsupported board size {width}x{height} (each side must be {} to {MAX_SIZE})",
                crate::board::MIN_SIZE
            ),
        });
    }
    let mut moves = Vec::new();
    for (index, line) in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((x, y, time)) = psq_move_fields(line) else {
            break; // The trailer: engine names, the error code. Skipped.
        };
        if !on_board(x - 1, y - 1, width, height) {
            return Err(NotationError::Psq {
                line: index + 1,
                reason: format!(
                    "move '{line}' is off the {width}x{height} board (coordinates are 1-based)"
                ),
            });
        }
        let time = match time {
            None | Some("") => 0,
            Some(text) => text.parse::<i64>().map_err(|_| NotationError::Psq {
                line: index + 1,
                reason: format!("bad time '{text}' in move '{line}'"),
            })?,
        };
        moves.push((
            Point::new(x as usize - 1, y as usize - 1),
            time.max(0) as u64,
        ));
    }
    Ok(PsqRecord {
        width,
        height,
        moves,
    })
}

/// Writes a record the way Piskvork saves one: the header, the moves 1-based, and `-1` (no
/// error code) as the trailer.
pub fn write_psq(record: &PsqRecord) -> String {
    let mut text = format!("Piskvorky {}x{}, 11:11, 0\n", record.width, record.height);
    for &(point, time) in &record.moves {
        text.push_str(&format!("{},{},{}\n", point.x() + 1, point.y() + 1, time));
    }
    text.push_str("-1\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_gomocup_convention() {
        assert_eq!(point_name(Point::new(7, 7)), "h8");
        assert_eq!(point_name(Point::new(0, 0)), "a1");
        assert_eq!(point_name(Point::new(14, 14)), "o15");
        assert_eq!(parse_point("h8", 15, 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point(" H8 ", 15, 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("o15", 15, 15), Ok(Point::new(14, 14)));
        assert_eq!(parse_point("7,8", 15, 15), Ok(Point::new(7, 8)));
        for (x, y) in [(0, 0), (3, 11), (14, 14), (19, 19)] {
            let p = Point::new(x, y);
            assert_eq!(parse_point(&point_name(p), 20, 20), Ok(p));
        }
    }

    #[test]
    fn bad_points_are_named() {
        assert!(matches!(
            parse_point("p1", 15, 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_point("a16", 15, 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_point("a0", 15, 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_point("-1,3", 15, 15),
            Err(NotationError::OffBoard { .. })
        ));
        for bad in ["", "8h", "h", "hh8", "h8x", "é8", "h99999"] {
            assert!(
                matches!(
                    parse_point(bad, 15, 15),
                    Err(NotationError::BadPoint { .. })
                ),
                "{bad}"
            );
        }
        let message = parse_point("zz", 15, 15).unwrap_err().to_string();
        assert!(
            message.contains("'zz'") && message.contains("h8"),
            "{message}"
        );
    }

    #[test]
    fn rif_rows_count_from_the_bottom() {
        assert_eq!(parse_rif_point("h8", 15, 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_rif_point("a1", 15, 15), Ok(Point::new(0, 14)));
        assert_eq!(parse_rif_point("M5", 15, 15), Ok(Point::new(12, 10)));
        assert_eq!(parse_rif_point("o15", 15, 15), Ok(Point::new(14, 0)));
        assert!(parse_rif_point("a16", 15, 15).is_err());
    }

    #[test]
    fn move_lists_spaced_or_run_together() {
        let expected = vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)];
        assert_eq!(parse_move_list("h8 i9 j10", 15, 15), Ok(expected.clone()));
        assert_eq!(parse_move_list("h8i9j10", 15, 15), Ok(expected.clone()));
        assert_eq!(parse_move_list("H8I9 j10\n", 15, 15), Ok(expected.clone()));
        assert_eq!(parse_move_list("7,7 8,8 9,9", 15, 15), Ok(expected.clone()));
        assert_eq!(parse_move_list("  ", 15, 15), Ok(vec![]));
        assert_eq!(format_move_list(&expected), "h8 i9 j10");
        let error = parse_move_list("h8 i9x j10", 15, 15).unwrap_err();
        assert!(error.to_string().contains("i9x"), "{error}");
        assert!(parse_move_list("h8i99", 15, 15).is_err());
        assert!(parse_move_list("h8 i9 j", 15, 15).is_err());
    }

    #[test]
    fn psq_round_trip() {
        let record = PsqRecord {
            width: 15,
            height: 15,
            moves: vec![
                (Point::new(7, 7), 0),
                (Point::new(8, 8), 1234),
                (Point::new(0, 14), 5),
                (Point::new(14, 0), 999_999),
            ],
        };
        let text = write_psq(&record);
        assert!(text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,1234\n1,15,5\n"));
        assert!(text.ends_with("-1\n"));
        assert_eq!(read_psq(&text), Ok(record.clone()));
        // Rectangular boards keep their shape.
        let wide = PsqRecord {
            width: 20,
            height: 10,
            moves: vec![(Point::new(19, 9), 7)],
        };
        assert_eq!(read_psq(&write_psq(&wide)), Ok(wide));
    }

    #[test]
    fn psq_reader_skips_trailers_and_accepts_variants() {
        let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,100\r\n11,10\r\n\r\n\
                    pbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n";
        let record = read_psq(text).unwrap();
        assert_eq!((record.width, record.height), (20, 20));
        assert_eq!(
            record.moves,
            vec![(Point::new(9, 9), 100), (Point::new(10, 9), 0)]
        );
        let empty = read_psq("Piskvork 15x15, 11:11, 0\n-1\n").unwrap();
        assert!(empty.moves.is_empty());
    }

    #[test]
    fn malformed_psq_is_reported_with_its_line() {
        let cases = [
            ("", 1, "empty"),
            ("8,8,0\n", 1, "header"),
            ("Piskvorky, 11:11, 0\n8,8,0\n", 1, "size"),
            ("Piskvorky 99x99, 11:11, 0\n", 1, "unsupported"),
            ("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n", 3, "off the"),
            ("Piskvorky 15x15, 11:11, 0\n0,1,0\n", 2, "off the"),
            ("Piskvorky 15x15, 11:11, 0\n8,8,soon\n", 2, "time"),
        ];
        for (text, line, words) in cases {
            match read_psq(text) {
                Err(NotationError::Psq {
                    line: found,
                    reason,
                }) => {
                    assert_eq!(found, line, "{text:?}: {reason}");
                    assert!(reason.contains(words), "{text:?}: {reason}");
                }
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }
}
