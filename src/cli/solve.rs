//! `pbrain-tengen solve FILE`: solves a file of forced-win puzzles and prints each solution
//! line and a summary (solved / total, time).
//!
//! Two file formats:
//! - JSON in the shape of `renju-puzzles.json`: `{"conventions": {...}, "puzzles": [...]}` (or
//!   a bare array of puzzles). A puzzle has `black` and `white` stone lists, `side_to_move`,
//!   and optionally `id`, `board_size` (15), `mode` (`vcf`/`vct`), `expected_result` (`win`),
//!   `first_move`, `rule`. Its points are RIF names (rows counted from the BOTTOM: y = size -
//!   number) unless `conventions.coordinates` says the Gomocup way (`y+1`). The rule comes from
//!   `--rule`, else the puzzle's `rule`, else `conventions.rule`, else freestyle.
//! - Text: one move list per line (black first, Gomocup notation) or one diagram line
//!   (`black: h8,i9 white: h9 to-move: black`), `#` starts a comment line; the side to move is
//!   the attacker.
//!
//! Every line a solver returns is replayed and checked before it counts.

use std::time::{Duration, Instant};

use clap::Args;

use super::display::{count_text, seconds_text, win_text, Progress};
use super::forced::{self, Mode, Outcome};
use super::options::{parse_duration, parse_rule, SizeArg};
use super::position::{self, color_name};
use super::{usage_error, EXIT_FAILURE, EXIT_OK};
use crate::board::{Board, Color, Point};
use crate::notation::{self, format_move_list, point_name};
use crate::rules::{self, Rule};
use crate::search::solver_budget::SolverBudget;
use serde_json::Value as Json;

/// One puzzle, ready to solve, or the reason it cannot be set up.
struct Puzzle {
    id: String,
    setup: Result<Setup, String>,
}

/// A puzzle's position and what is asked.
struct Setup {
    board: Board,
    rule: Rule,
    mode: Mode,
    /// Whether the side to move is expected to have a forced win.
    expect_win: bool,
    /// The file's first winning move, in our coordinates, if it gives one.
    expected_first: Option<Point>,
}

/// The arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Rule for every puzzle (else the file's rule, else freestyle): freestyle, standard,
    /// renju, caro, caro-exact, or its INFO number
    #[arg(long, value_name = "RULE", value_parser = parse_rule)]
    rule: Option<Rule>,
    #[command(flatten)]
    size: SizeArg,
    /// Time per puzzle: 2s, 500ms or 1.5 (seconds)
    #[arg(long, value_name = "T", value_parser = parse_duration, default_value = "5s")]
    time: Duration,
    /// Stop each puzzle after about this many nodes
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The puzzle file: renju-puzzles JSON, or one move list per line
    #[arg(value_name = "FILE")]
    file: String,
}

/// Runs `solve`; returns the exit code.
pub fn run(args: SolveArgs) -> i32 {
    let SolveArgs {
        rule,
        size,
        time,
        nodes,
        file: path,
    } = args;
    let size = size.size;
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => return usage_error("solve", &format!("cannot read '{path}': {error}")),
    };
    let puzzles = match read_puzzles(&text, rule, size) {
        Ok(puzzles) => puzzles,
        Err(message) => return usage_error("solve", &format!("{path}: {message}")),
    };
    if puzzles.is_empty() {
        return usage_error("solve", &format!("{path}: no puzzles in the file"));
    }
    println!(
        "solving {} from {path} ({} per puzzle; points the Gomocup way: h8 = 7,7, row 1 at the top)",
        count_text(puzzles.len(), "puzzle"),
        seconds_text(time)
    );
    let budget = forced::budget(nodes, Some(time));
    let started = Instant::now();
    let mut progress = Progress::new();
    let mut solved = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        progress.update(&format!(
            "solving {}/{}: {}",
            index + 1,
            puzzles.len(),
            puzzle.id
        ));
        let line = match &puzzle.setup {
            Err(message) => format!("{}: NOT solved: {message}", puzzle.id),
            Ok(setup) => {
                let (ok, report) = solve_one(setup, &budget);
                if ok {
                    solved += 1;
                }
                format!("{}: {report}", puzzle.id)
            }
        };
        progress.finish();
        println!("{line}");
    }
    println!(
        "solved {solved} / {} in {}",
        puzzles.len(),
        seconds_text(started.elapsed())
    );
    if solved == puzzles.len() {
        EXIT_OK
    } else {
        EXIT_FAILURE
    }
}

/// Solves one puzzle; returns whether it counts as solved and what to print.
fn solve_one(setup: &Setup, budget: &SolverBudget) -> (bool, String) {
    let attacker = color_name(setup.board.side_to_move());
    let started = Instant::now();
    let outcome = forced::find(&setup.board, setup.rule, setup.mode, budget);
    let elapsed = seconds_text(started.elapsed());
    match outcome {
        Outcome::Win {
            method,
            line,
            plies,
        } => {
            if let Err(problem) = forced::check_line(&setup.board, setup.rule, &line) {
                return (
                    false,
                    format!(
                        "NOT solved: the {method} line {} is wrong: {problem} [{elapsed}]",
                        format_move_list(&line)
                    ),
                );
            }
            let mut report = format!(
                "{} {attacker} {} ({method}): {} [{elapsed}]",
                if setup.expect_win {
                    "solved,"
                } else {
                    "NOT solved (a win was not expected):"
                },
                win_text(plies),
                format_move_list(&line)
            );
            if let (Some(expected), Some(&first)) = (setup.expected_first, line.first()) {
                if expected != first {
                    report.push_str(&format!(
                        " (the file's line starts {})",
                        point_name(expected)
                    ));
                }
            }
            (setup.expect_win, report)
        }
        Outcome::NoWin => (
            !setup.expect_win,
            format!(
                "{} there is no {} for {attacker} (proven) [{elapsed}]",
                if setup.expect_win {
                    "NOT solved:"
                } else {
                    "solved,"
                },
                setup.mode.name()
            ),
        ),
        Outcome::Unknown => (
            !setup.expect_win,
            format!(
                "{} no {} found for {attacker} within the limits [{elapsed}]",
                if setup.expect_win {
                    "NOT solved:"
                } else {
                    "solved,"
                },
                setup.mode.name()
            ),
        ),
    }
}

/// Reads a puzzle file: JSON when it starts with `{` or `[`, else one move list per line.
/// `rule` is the `--rule` choice; `size` the board side of text puzzles.
fn read_puzzles(text: &str, rule: Option<Rule>, size: usize) -> Result<Vec<Puzzle>, String> {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') || start.starts_with('[') {
        let root: Json = serde_json::from_str(text).map_err(|error| json_error_text(&error))?;
        return json_puzzles(&root, rule);
    }
    let rule = rule.unwrap_or(Rule::Freestyle);
    let mut puzzles = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let board = match position::parse_diagram_line(line, size) {
            Some(diagram) => diagram,
            None => notation::parse_move_list(line, size, size)
                .map_err(|error| error.to_string())
                .and_then(|moves| position::replay(size, size, &moves, rule)),
        };
        let setup = board.and_then(|board| {
            playable(&board, rule)?;
            Ok(Setup {
                board,
                rule,
                mode: Mode::Vct,
                expect_win: true,
                expected_first: None,
            })
        });
        puzzles.push(Puzzle {
            id: format!("line {}", index + 1),
            setup,
        });
    }
    // Not one line is a position: this is no puzzle file (a bad file, not unsolved puzzles).
    if let Some(Puzzle {
        id,
        setup: Err(first),
    }) = puzzles.first()
    {
        if puzzles.iter().all(|puzzle| puzzle.setup.is_err()) {
            return Err(format!(
                "no line is a move list or a diagram ({id}: {first})"
            ));
        }
    }
    Ok(puzzles)
}

/// A JSON syntax error as people read it: where, then what.
fn json_error_text(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let what = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(what, _)| what);
    format!(
        "JSON error at line {}, column {}: {what}",
        error.line(),
        error.column()
    )
}

/// Refuses positions that are already decided.
fn playable(board: &Board, rule: Rule) -> Result<(), String> {
    if let Some(winner) = crate::rules::winner(board, rule) {
        return Err(format!("{} has already won here", color_name(winner)));
    }
    if !rules::has_legal_move(board, rule) {
        return Err("the side to move has no legal move".into());
    }
    Ok(())
}

/// The first word of a rule description (`"renju (black has ...)"`) as a rule.
fn rule_from_text(text: &str) -> Option<Rule> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .next()?
        .parse()
        .ok()
}

fn json_puzzles(root: &Json, rule: Option<Rule>) -> Result<Vec<Puzzle>, String> {
    let conventions = root.get("conventions");
    let file_rule = conventions
        .and_then(|c| c.get("rule"))
        .and_then(Json::as_str)
        .and_then(rule_from_text);
    let coordinates = conventions
        .and_then(|c| c.get("coordinates"))
        .and_then(Json::as_str)
        .unwrap_or("")
        .to_ascii_lowercase();
    let rif = !(coordinates.contains("y+1") || coordinates.contains("gomocup"));
    let list = match root {
        Json::Array(items) => items,
        _ => root
            .get("puzzles")
            .and_then(Json::as_array)
            .ok_or("expected a \"puzzles\" array (or a top-level array of puzzles)")?,
    };
    // Each puzzle is an object; anything else means this is not a puzzle file at all.
    if let Some((index, item)) = list.iter().enumerate().find(|(_, item)| !item.is_object()) {
        return Err(format!(
            "puzzle {} is {item}, not an object with \"black\" and \"white\" stone lists",
            index + 1
        ));
    }
    Ok(list
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let id = item
                .get("id")
                .and_then(Json::as_str)
                .map_or_else(|| format!("puzzle {}", index + 1), String::from);
            let setup = json_setup(item, rule, file_rule, rif);
            Puzzle { id, setup }
        })
        .collect())
}

fn json_setup(
    item: &Json,
    rule: Option<Rule>,
    file_rule: Option<Rule>,
    rif: bool,
) -> Result<Setup, String> {
    let size = match item.get("board_size") {
        None => 15,
        Some(value) => {
            let number = value.as_f64().unwrap_or(0.0);
            if number.fract() != 0.0
                || !(5.0..=notation::MAX_LETTER_COLUMNS as f64).contains(&number)
            {
                return Err(format!("bad board_size {value:?}"));
            }
            number as usize
        }
    };
    let rule = rule
        .or_else(|| {
            item.get("rule")
                .and_then(Json::as_str)
                .and_then(rule_from_text)
        })
        .or(file_rule)
        .unwrap_or(Rule::Freestyle);
    let read_point = |text: &str| {
        if rif {
            notation::parse_rif_point(text, size, size)
        } else {
            notation::parse_point(text, size, size)
        }
        .map_err(|error| error.to_string())
    };
    let mut board = Board::new(size, size).map_err(|error| error.to_string())?;
    for (key, color) in [("black", Color::Black), ("white", Color::White)] {
        let stones = item
            .get(key)
            .and_then(Json::as_array)
            .ok_or(format!("no \"{key}\" stone list"))?;
        for stone in stones {
            let text = stone
                .as_str()
                .ok_or(format!("a \"{key}\" stone is not a string"))?;
            let point = read_point(text)?;
            board
                .try_put(point, color)
                .map_err(|_| format!("{text} holds two stones"))?;
        }
    }
    let side_to_move = match item.get("side_to_move").and_then(Json::as_str) {
        Some(text) if text.eq_ignore_ascii_case("black") => Color::Black,
        Some(text) if text.eq_ignore_ascii_case("white") => Color::White,
        Some(text) => return Err(format!("bad side_to_move '{text}'")),
        None if board.stone_count(Color::Black) > board.stone_count(Color::White) => Color::White,
        None => Color::Black,
    };
    board.set_side_to_move(side_to_move);
    playable(&board, rule)?;
    let mode = match item.get("mode").and_then(Json::as_str) {
        Some(text) if text.eq_ignore_ascii_case("vcf") => Mode::Vcf,
        Some(text) if text.eq_ignore_ascii_case("vct") => Mode::Vct,
        _ => Mode::Vct,
    };
    let expect_win = match item.get("expected_result").and_then(Json::as_str) {
        Some(text) => text.eq_ignore_ascii_case("win"),
        None => true,
    };
    let expected_first = item
        .get("first_move")
        .and_then(Json::as_str)
        .and_then(|text| read_point(text).ok());
    Ok(Setup {
        board,
        rule,
        mode,
        expect_win,
        expected_first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{
      "conventions": {"coordinates": "column a-o, row 1-15 bottom->top", "rule": "renju (black has forbidden moves)"},
      "puzzles": [
        {"id": "P1", "board_size": 15, "black": ["h8", "i6", "i7", "j8", "k8", "l7"],
         "white": ["h9", "i5", "j7", "k6", "l5", "l8"], "side_to_move": "black",
         "mode": "vcf", "first_move": "i8", "expected_result": "win"},
        {"id": "P2", "black": ["h8", "h8"], "white": []},
        {"black": ["a1"], "white": ["b2"], "side_to_move": "purple"}
      ]
    }"#;

    #[test]
    fn json_puzzles_convert_rif_rows() {
        let puzzles = read_puzzles(FILE, None, 15).unwrap();
        assert_eq!(puzzles.len(), 3);
        let first = puzzles[0].setup.as_ref().unwrap();
        assert_eq!(first.rule, Rule::Renju);
        assert_eq!(first.mode, Mode::Vcf);
        assert_eq!(first.board.side_to_move(), Color::Black);
        // RIF i6 = column 8, row 6 from the bottom = y 9.
        assert_eq!(first.board.stone(Point::new(8, 9)), Some(Color::Black));
        assert_eq!(first.board.stone(Point::new(8, 5)), None);
        assert_eq!(first.expected_first, Some(Point::new(8, 7)));
        assert!(puzzles[1]
            .setup
            .as_ref()
            .err()
            .unwrap()
            .contains("two stones"));
        assert_eq!(puzzles[2].id, "puzzle 3");
        assert!(puzzles[2].setup.as_ref().err().unwrap().contains("purple"));
        let freestyle = read_puzzles(FILE, Some(Rule::Freestyle), 15).unwrap();
        assert_eq!(freestyle[0].setup.as_ref().unwrap().rule, Rule::Freestyle);
    }

    #[test]
    fn text_puzzles_one_line_each() {
        let text = "# five in one\nh8 h9 i8 i9 j8 j9 k8 k9\n\nh8h8\n\
                    black: h8,i8,j8,k8 white: a1,a3,a5 to-move: white\n";
        let puzzles = read_puzzles(text, None, 15).unwrap();
        assert_eq!(puzzles.len(), 3);
        // The diagram: white to move, black's open four on the board (so white cannot win).
        let diagram = puzzles[2].setup.as_ref().unwrap();
        assert_eq!(diagram.board.side_to_move(), Color::White);
        assert_eq!(diagram.board.stone_count(Color::Black), 4);
        assert_eq!(puzzles[0].id, "line 2");
        let setup = puzzles[0].setup.as_ref().unwrap();
        assert_eq!(setup.board.move_count(), 8);
        assert_eq!(setup.rule, Rule::Freestyle);
        assert!(puzzles[1].setup.is_err());
        assert!(read_puzzles("{\"puzzles\": 3}", None, 15).is_err());
        assert!(read_puzzles("{oops", None, 15).is_err());
    }
}
