//! What the tools show people: the board drawing (column letters on top, row 1 at the top like
//! protocol `y = 0`, the last move in brackets, black's forbidden points under renju), score
//! wording, search progress lines, and the progress line on stderr for long work.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use crate::board::{Board, Cell, Color, Point};
use crate::notation::format_move_list;
use crate::rules::{self, Rule};
use crate::search::{Score, SearchInfo, SearchResult, WIN, WIN_THRESHOLD};

/// Symbol of a forbidden point for black in drawings.
pub const FORBIDDEN_MARK: char = '*';

/// Draws `board`: `X` black, `O` white, `#` blocked, `.` empty, the last move in brackets,
/// and (under renju) black's forbidden points as `*`. `highlight` puts a symbol of choice on
/// an empty point (e.g. the point `explain` talks about).
pub fn draw_board(board: &Board, rule: Rule, highlight: Option<(Point, char)>) -> String {
    let forbidden: Vec<Point> = if rule.has_forbidden_moves() {
        rules::forbidden_points(board)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    };
    let last = board.last_move();
    let letters: String = (0..board.width())
        .map(|x| format!(" {}", (b'a' + x as u8) as char))
        .collect();
    let mut text = format!("   {letters}\n");
    for y in 0..board.height() {
        let mut row = format!("{:>2} ", y + 1);
        for x in 0..board.width() {
            let point = Point::new(x, y);
            let separator = if last == Some(point) {
                '['
            } else if x > 0 && last == Some(Point::new(x - 1, y)) {
                ']'
            } else {
                ' '
            };
            let symbol = match board.cell(point) {
                Cell::Stone(Color::Black) => 'X',
                Cell::Stone(Color::White) => 'O',
                Cell::Blocked => '#',
                Cell::Empty => match highlight {
                    Some((p, mark)) if p == point => mark,
                    _ if forbidden.contains(&point) => FORBIDDEN_MARK,
                    _ => '.',
                },
            };
            row.push(separator);
            row.push(symbol);
        }
        let closing = if last == Some(Point::new(board.width() - 1, y)) {
            ']'
        } else {
            ' '
        };
        row.push(closing);
        text.push_str(&format!("{row} {}\n", y + 1));
    }
    text.push_str(&format!("   {letters}\n"));
    let mut legend = String::from("X black, O white");
    if last.is_some() {
        legend.push_str(", [ ] last move");
    }
    if !forbidden.is_empty() {
        legend.push_str(&format!(", {FORBIDDEN_MARK} forbidden for black"));
    }
    text.push_str(&format!("   {legend}\n"));
    text
}

/// A score for people, from the side to move's view: `+35`, or `wins in 3 plies`.
pub fn score_text(score: Score) -> String {
    if score >= WIN_THRESHOLD {
        plies_text("wins", WIN - score)
    } else if score <= -WIN_THRESHOLD {
        plies_text("loses", WIN + score)
    } else {
        format!("{score:+}")
    }
}

/// A count with its noun: `1 stone`, `3 stones` (`noun` is the singular; English adds `s`).
pub fn count_text(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `wins in 3 plies`, or `wins` when the distance is not known.
pub fn win_text(plies: Option<usize>) -> String {
    match plies {
        Some(plies) => plies_text("wins", plies as Score),
        None => "wins".to_string(),
    }
}

fn plies_text(verb: &str, plies: Score) -> String {
    if plies == 1 {
        format!("{verb} in 1 ply")
    } else {
        format!("{verb} in {plies} plies")
    }
}

/// Seconds with two decimals: `1.25 s`.
pub fn seconds_text(duration: Duration) -> String {
    format!("{:.2} s", duration.as_secs_f64())
}

/// One line about a finished search iteration.
pub fn search_info_text(info: &SearchInfo) -> String {
    format!(
        "depth {}, eval {}, {}, {}: {}",
        info.depth,
        score_text(info.score),
        count_text(info.nodes as usize, "node"),
        seconds_text(info.elapsed),
        format_move_list(&info.pv)
    )
}

/// The line saying what the search settled on, when the last iteration line printed
/// (`last_printed`) does not already say it: the move played (or hinted) and its evaluation must
/// appear in a printed line. They differ when the unfinished last iteration found a better move,
/// or when the final check replaced a move that loses.
pub fn chosen_text(
    last_printed: Option<&SearchInfo>,
    result: &SearchResult,
    elapsed: Duration,
) -> Option<String> {
    let said = last_printed.is_some_and(|info| {
        info.pv.first() == result.best_move.as_ref() && info.score == result.score
    });
    if said || result.best_move.is_none() {
        return None;
    }
    let info = SearchInfo {
        depth: result.depth,
        score: result.score,
        nodes: result.nodes,
        elapsed,
        pv: result.pv.clone(),
        lines: Vec::new(),
    };
    Some(format!(
        "chosen: {} (not the last finished iteration's: from the unfinished one or the final check)",
        search_info_text(&info)
    ))
}

/// A progress line on stderr for long work: redrawn in place on a terminal, otherwise written
/// at most once a second and not in the first second (so logs stay short).
pub struct Progress {
    terminal: bool,
    last_line: Instant,
    shown: bool,
}

impl Progress {
    /// A progress line on this process's stderr.
    pub fn new() -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            // Off a terminal, short work prints no progress at all.
            last_line: Instant::now(),
            shown: false,
        }
    }

    /// Shows `text` as the current progress.
    pub fn update(&mut self, text: &str) {
        if self.terminal {
            eprint!("\r{text}\x1b[K");
            self.shown = true;
        } else if self.last_line.elapsed() >= Duration::from_secs(1) {
            eprintln!("{text}");
            self.last_line = Instant::now();
        }
    }

    /// Clears the progress line (on a terminal) before the results are printed.
    pub fn finish(&mut self) {
        if self.terminal && self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_move_is_printed_when_no_iteration_line_said_it() {
        let h8 = Point::new(7, 7);
        let i9 = Point::new(8, 8);
        let info = |score, pv: Vec<Point>| SearchInfo {
            depth: 5,
            score,
            nodes: 1000,
            elapsed: Duration::from_millis(10),
            pv,
            lines: Vec::new(),
        };
        let result = SearchResult {
            best_move: Some(h8),
            score: 30,
            depth: 5,
            nodes: 1200,
            pv: vec![h8, i9],
            lines: Vec::new(),
        };
        let elapsed = Duration::from_millis(20);
        // Said by the last iteration: nothing more.
        assert_eq!(
            chosen_text(Some(&info(30, vec![h8])), &result, elapsed),
            None
        );
        // Another move, another score, or no iteration at all: the chosen line.
        for last in [Some(info(30, vec![i9])), Some(info(10, vec![h8])), None] {
            let text = chosen_text(last.as_ref(), &result, elapsed).expect("a chosen line");
            assert!(
                text.starts_with("chosen: depth 5, eval +30, 1200 nodes"),
                "{text}"
            );
            assert!(text.contains(": h8 i9 "), "{text}");
        }
    }

    #[test]
    fn drawing_marks_last_move_and_forbidden_points() {
        let mut board = Board::square(15).unwrap();
        // The Gomocup renju sanity check: g9 is black's only forbidden point.
        for name in ["h8", "h9", "i7", "i9", "h10", "i6", "i11", "i12"] {
            let p = crate::notation::parse_point(name, 15, 15).unwrap();
            board.play_unchecked(p);
        }
        let text = draw_board(&board, Rule::Renju, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].trim(), "a b c d e f g h i j k l m n o");
        // Row 9 (y = 8): g9 forbidden, h9 and i9 white.
        assert_eq!(lines[9], " 9  . . . . . . * O O . . . . . .  9");
        // Row 12: the last move i12 in brackets.
        assert_eq!(lines[12], "12  . . . . . . . .[O]. . . . . .  12");
        assert!(text.contains("* forbidden for black"));
        let free = draw_board(&board, Rule::Freestyle, Some((Point::new(6, 8), '?')));
        assert!(free.contains(" 9  . . . . . . ? O O"));
        assert!(!free.contains('*'));
    }

    #[test]
    fn last_move_on_the_right_edge() {
        let mut board = Board::square(5).unwrap();
        board.play_unchecked(Point::new(4, 0));
        let text = draw_board(&board, Rule::Freestyle, None);
        assert_eq!(text.lines().nth(1), Some(" 1  . . . .[X] 1"));
    }

    #[test]
    fn scores() {
        assert_eq!(score_text(35), "+35");
        assert_eq!(score_text(-120), "-120");
        assert_eq!(score_text(0), "+0");
        assert_eq!(score_text(WIN - 1), "wins in 1 ply");
        assert_eq!(count_text(1, "stone"), "1 stone");
        assert_eq!(count_text(0, "puzzle"), "0 puzzles");
        assert_eq!(score_text(WIN - 5), "wins in 5 plies");
        assert_eq!(score_text(-WIN + 4), "loses in 4 plies");
    }
}
