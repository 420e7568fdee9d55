//! What the protocol writes while the engine thinks: [`Thinking`] hears the search (it is its
//! [`SearchObserver`]) and turns what it hears into lines — progress `MESSAGE` lines, and for
//! Yixin-Board the `MESSAGE REALTIME …` marks it draws on its board and the `INFO PV …` lines of
//! an N-best search. It decides nothing about the search; it only chooses what to show and
//! how often, so that no GUI is flooded.

use std::io;
use std::time::{Duration, Instant};

use crate::board::Point;
use crate::notation::PointName;
use crate::search::{PvLine, RootMoveEvent, Score, SearchInfo, SearchObserver, WIN, WIN_THRESHOLD};

use super::reply::{Reply, ReplyWriter};

/// Least time between two progress reports.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);
/// No progress report before this (the first iterations of every search take microseconds).
const FIRST_PROGRESS_AFTER: Duration = Duration::from_millis(100);
/// Root moves are drawn one by one (`REALTIME POS` / `DONE`) only from this long into a
/// search: the first iterations take microseconds each, too fast for marks to be seen, and
/// later the lines stay at two per root move per iteration.
const ROOT_MARKS_AFTER: Duration = Duration::from_millis(300);
/// Shortest search whose speed a progress line shows: below a millisecond the rate is mostly
/// the clock's resolution and the search's start-up, not its speed.
pub const SPEED_MIN_TIME: Duration = Duration::from_millis(1);
/// The evaluation difference worth one logit of winning chance (the search's scale: 200 is
/// about a 73% to 27% position), for Yixin-Board's winrates.
const WINRATE_SCALE: f64 = 200.0;

/// What to show of a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Show {
    /// Progress `MESSAGE` lines.
    pub progress: bool,
    /// Yixin-Board, with its board's size: points in progress lines are named as its board
    /// labels them (see [`point_text`]).
    pub yixin_size: Option<usize>,
    /// Yixin-Board asked for details (`INFO show_detail`): `MESSAGE REALTIME` marks.
    pub realtime: bool,
    /// Yixin-Board's N-best: the `INFO PV …` lines of each reported iteration.
    pub nbest_lines: bool,
}

/// The search observer that writes what [`Show`] asks for.
pub struct Thinking<'w, 'o> {
    out: &'w mut ReplyWriter<'o>,
    show: Show,
    started: Instant,
    last_sent: Option<Duration>,
    unsent: Option<SearchInfo>,
    shown_best: Option<Point>,
    /// `REFRESH` has been sent for the current iteration.
    refreshed: bool,
    /// The root move whose `POS` was sent and whose `DONE` was not.
    drawn: Option<Point>,
    shown_lost: Vec<Point>,
    error: Option<io::Error>,
}

impl<'w, 'o> Thinking<'w, 'o> {
    /// An observer of a search that starts now.
    pub fn new(out: &'w mut ReplyWriter<'o>, show: Show) -> Thinking<'w, 'o> {
        Thinking {
            out,
            show,
            started: Instant::now(),
            last_sent: None,
            unsent: None,
            shown_best: None,
            refreshed: false,
            drawn: None,
            shown_lost: Vec::new(),
            error: None,
        }
    }

    /// After the search: sends the last iteration's report if it was held back, and Yixin's
    /// best-move mark on `chosen` (the move about to be played) when the last mark was another
    /// (the final check, or an unfinished iteration, changed it); the first write error of the
    /// search, if any.
    pub fn finish(mut self, chosen: Option<Point>) -> io::Result<()> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if let Some(info) = self.unsent.take() {
            self.report(&info)?;
        }
        if let Some(best) = chosen {
            if self.shown_best.is_some() && self.shown_best != Some(best) {
                self.realtime(format!("BEST {best}"));
                self.shown_best = Some(best);
            }
        }
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    fn send(&mut self, reply: Reply) {
        if self.error.is_none() {
            if let Err(error) = self.out.send(&reply) {
                self.error = Some(error);
            }
        }
    }

    fn realtime(&mut self, text: String) {
        if self.show.realtime {
            self.send(Reply::Message(format!("REALTIME {text}")));
        }
    }

    /// One iteration's report: Yixin's best-move mark, the progress line, the N-best lines.
    fn report(&mut self, info: &SearchInfo) -> io::Result<()> {
        if let Some(&best) = info.pv.first() {
            if self.shown_best != Some(best) {
                self.realtime(format!("BEST {best}"));
                self.shown_best = Some(best);
            }
        }
        if self.show.progress {
            self.send(Reply::Message(progress_text(info, self.show.yixin_size)));
        }
        if self.show.nbest_lines {
            for line in nbest_lines(info.depth, &info.lines) {
                self.send(Reply::Info(line));
            }
        }
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

impl SearchObserver for Thinking<'_, '_> {
    fn iteration(&mut self, info: &SearchInfo) {
        if self.error.is_some() {
            return;
        }
        let due = match self.last_sent {
            None => true,
            Some(at) => info.elapsed.saturating_sub(at) >= PROGRESS_INTERVAL,
        };
        if due && info.elapsed >= FIRST_PROGRESS_AFTER {
            if let Err(error) = self.report(info) {
                self.error = Some(error);
            }
            self.last_sent = Some(info.elapsed);
            self.unsent = None;
        } else {
            self.unsent = Some(info.clone());
        }
    }

    fn root_move(&mut self, event: RootMoveEvent) {
        if !self.show.realtime {
            return;
        }
        match event {
            RootMoveEvent::IterationStarted { .. } => self.refreshed = false,
            RootMoveEvent::Searching(point) if self.started.elapsed() >= ROOT_MARKS_AFTER => {
                if !self.refreshed {
                    // A new iteration: Yixin clears the marks of the last one.
                    self.realtime("REFRESH".into());
                    self.refreshed = true;
                }
                self.realtime(format!("POS {point}"));
                self.drawn = Some(point);
            }
            RootMoveEvent::Searched(point) if self.drawn == Some(point) => {
                self.realtime(format!("DONE {point}"));
                self.drawn = None;
            }
            RootMoveEvent::Lost(point) if !self.shown_lost.contains(&point) => {
                self.shown_lost.push(point);
                self.realtime(format!("LOSE {point}"));
            }
            _ => {}
        }
    }
}

/// A point's name for a user: `h8` style (column letter from `a`, row from 1 at the top); for
/// Yixin-Board (`yixin_size`, its board's size), as its board labels the square our `x,y` lands
/// on: it reads our `x,y` as its row (from the top) and column, and labels columns with letters
/// and rows with numbers from 1 at the bottom.
pub fn point_text(point: Point, yixin_size: Option<usize>) -> String {
    match yixin_size {
        Some(size) => {
            let row_from_bottom = size.saturating_sub(point.x() + 1);
            PointName(Point::new(point.y(), row_from_bottom)).to_string()
        }
        None => PointName(point).to_string(),
    }
}

/// A progress line: depth, score, nodes, speed, time and the best line (points named by
/// [`point_text`]). The speed is left out where it would be made up: for an answer that
/// searched nothing (one node: a five to make) and for a search under [`SPEED_MIN_TIME`].
pub fn progress_text(info: &SearchInfo, yixin_size: Option<usize>) -> String {
    let mut text = format!(
        "depth {} eval {} nodes {}",
        info.depth,
        eval_text(info.score),
        info.nodes
    );
    if info.nodes > 1 && info.elapsed >= SPEED_MIN_TIME {
        // Nodes per millisecond are thousands of nodes per second.
        let speed = info.nodes as u128 * 1000 / info.elapsed.as_micros();
        text.push_str(&format!(" speed {speed}kN/s"));
    }
    text.push_str(&format!(" time {}ms", info.elapsed.as_millis()));
    if !info.pv.is_empty() {
        text.push_str(" pv");
        for &point in &info.pv {
            text.push(' ');
            text.push_str(&point_text(point, yixin_size));
        }
    }
    text
}

/// A score as progress lines show it: centi-stones, or `win5` / `loss4` for a proven result.
pub fn eval_text(score: Score) -> String {
    if score >= WIN_THRESHOLD {
        format!("win{}", WIN - score)
    } else if score <= -WIN_THRESHOLD {
        format!("loss{}", WIN + score)
    } else {
        score.to_string()
    }
}

/// Yixin-Board's chance of winning for a score: 1 / (1 + e^(−score / 200)); 1 or 0 for a
/// proven win or loss.
pub fn winrate(score: Score) -> f64 {
    if score >= WIN_THRESHOLD {
        1.0
    } else if score <= -WIN_THRESHOLD {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f64) / WINRATE_SCALE).exp())
    }
}

/// The `INFO` lines (without the keyword) that show N-best `lines` of one iteration in
/// Yixin-Board: for each line, best first, `PV i`, `NUMPV n`, `DEPTH d`, `EVAL e` (`+M5` /
/// `-M4` for a proven result in that many plies, else centi-stones), `WINRATE w`, `BESTLINE`
/// with the line's points as `x,y`, and `PV DONE`, on which Yixin puts the tag (winrate or
/// mate) on the line's first point.
pub fn nbest_lines(depth: u32, lines: &[PvLine]) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len() * 7);
    for (index, line) in lines.iter().enumerate() {
        let eval = if line.score >= WIN_THRESHOLD {
            format!("+M{}", WIN - line.score)
        } else if line.score <= -WIN_THRESHOLD {
            format!("-M{}", WIN + line.score)
        } else {
            line.score.to_string()
        };
        let points: Vec<String> = line.pv.iter().map(|p| p.to_string()).collect();
        out.push(format!("PV {index}"));
        out.push(format!("NUMPV {}", lines.len()));
        out.push(format!("DEPTH {depth}"));
        out.push(format!("EVAL {eval}"));
        out.push(format!("WINRATE {:.4}", winrate(line.score)));
        out.push(format!("BESTLINE {}", points.join(" ")));
        out.push("PV DONE".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yixin_names_are_its_board_labels() {
        // Our 7,7 is h8 for everyone on 15x15; our 0,0 is Yixin's top-left square, a15; our
        // 14,0 is its bottom-left, a1; our 0,14 is its top-right, o15.
        assert_eq!(point_text(Point::new(7, 7), Some(15)), "h8");
        assert_eq!(point_text(Point::new(0, 0), Some(15)), "a15");
        assert_eq!(point_text(Point::new(14, 0), Some(15)), "a1");
        assert_eq!(point_text(Point::new(0, 14), Some(15)), "o15");
        assert_eq!(point_text(Point::new(8, 6), Some(15)), "g7");
        assert_eq!(point_text(Point::new(8, 6), None), "i7");
    }

    fn info(pv: Vec<Point>) -> SearchInfo {
        SearchInfo {
            depth: 6,
            score: 10,
            nodes: 5000,
            elapsed: Duration::from_millis(500),
            pv,
            lines: Vec::new(),
        }
    }

    #[test]
    fn the_move_played_gets_the_last_best_mark() {
        let (h8, i9) = (Point::new(7, 7), Point::new(8, 8));
        let show = Show {
            progress: true,
            yixin_size: Some(15),
            realtime: true,
            nbest_lines: false,
        };
        let mut bytes = Vec::new();
        let mut out = ReplyWriter::new(&mut bytes);
        let mut thinking = Thinking::new(&mut out, show);
        thinking.iteration(&info(vec![h8, i9]));
        thinking.finish(Some(i9)).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let marks: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("MESSAGE REALTIME BEST"))
            .collect();
        assert_eq!(
            marks,
            ["MESSAGE REALTIME BEST 7,7", "MESSAGE REALTIME BEST 8,8"]
        );
        // The same move: no second mark.
        let mut bytes = Vec::new();
        let mut out = ReplyWriter::new(&mut bytes);
        let mut thinking = Thinking::new(&mut out, show);
        thinking.iteration(&info(vec![h8]));
        thinking.finish(Some(h8)).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(text.matches("REALTIME BEST").count(), 1, "{text}");
    }

    #[test]
    fn progress_lines_give_a_speed_only_for_a_measured_tree_search() {
        let line = |nodes, elapsed| {
            progress_text(
                &SearchInfo {
                    depth: 1,
                    score: 0,
                    nodes,
                    elapsed,
                    pv: vec![Point::new(7, 7)],
                    lines: Vec::new(),
                },
                None,
            )
        };
        let ms = Duration::from_millis;
        assert_eq!(
            line(812_345, ms(900)),
            "depth 1 eval 0 nodes 812345 speed 902kN/s time 900ms pv h8"
        );
        assert_eq!(
            line(552, ms(1)),
            "depth 1 eval 0 nodes 552 speed 552kN/s time 1ms pv h8"
        );
        // An answer that searched nothing: one node, however long it took.
        assert_eq!(line(1, ms(27)), "depth 1 eval 0 nodes 1 time 27ms pv h8");
        // A search under a millisecond: no rate worth the name.
        assert_eq!(
            line(224, Duration::from_micros(75)),
            "depth 1 eval 0 nodes 224 time 0ms pv h8"
        );
    }

    #[test]
    fn winrates_follow_the_score_and_mates_are_certain() {
        assert!((winrate(0) - 0.5).abs() < 1e-9);
        assert!((winrate(200) - 0.7311).abs() < 1e-3);
        assert!((winrate(-200) - 0.2689).abs() < 1e-3);
        assert_eq!(winrate(WIN - 5), 1.0);
        assert_eq!(winrate(-WIN + 4), 0.0);
    }

    #[test]
    fn nbest_lines_follow_yixin_boards_grammar() {
        let lines = [
            PvLine {
                score: WIN - 5,
                pv: vec![Point::new(7, 8), Point::new(9, 9)],
            },
            PvLine {
                score: -35,
                pv: vec![Point::new(3, 4)],
            },
        ];
        assert_eq!(
            nbest_lines(12, &lines),
            [
                "PV 0",
                "NUMPV 2",
                "DEPTH 12",
                "EVAL +M5",
                "WINRATE 1.0000",
                "BESTLINE 7,8 9,9",
                "PV DONE",
                "PV 1",
                "NUMPV 2",
                "DEPTH 12",
                "EVAL -35",
                "WINRATE 0.4564",
                "BESTLINE 3,4",
                "PV DONE",
            ]
        );
    }
}
