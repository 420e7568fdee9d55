//! The VCF/VCT solvers on the renju puzzles of `tests/data/renju-puzzles.txt` (quintet bench
//! cases and mintaka VCF tests). Every win the solver returns is replayed by an independent
//! checker written here: moves legal, fours answered by blocks, the final threat unstoppable.

mod solver_checker;

use std::sync::atomic::AtomicBool;

use solver_checker::{check_line, LineKind};
use tengen::board::{Board, Color, Point};
use tengen::rules::Rule;
use tengen::search::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};

/// One puzzle of the data file.
#[derive(Debug)]
struct Puzzle {
    id: String,
    size: usize,
    mode: String,
    attacker: Color,
    to_move: Color,
    limit: u32,
    expect_win: bool,
    first: Point,
    black: Vec<Point>,
    white: Vec<Point>,
    line: Vec<Point>,
}

fn parse_point(text: &str) -> Point {
    let (x, y) = text.split_once(',').expect("x,y");
    Point::new(x.parse().expect("x"), y.parse().expect("y"))
}

fn parse_color(text: &str) -> Color {
    match text {
        "black" => Color::Black,
        "white" => Color::White,
        other => panic!("bad colour {other}"),
    }
}

fn puzzles() -> Vec<Puzzle> {
    let text = include_str!("data/renju-puzzles.txt");
    let mut puzzles = Vec::new();
    for block in text.split("\n\n") {
        let fields: Vec<(&str, &str)> = block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_once(' ').unwrap_or((l, "")))
            .collect();
        if fields.is_empty() {
            continue;
        }
        let get = |key: &str| {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| *v)
                .unwrap_or_else(|| panic!("missing {key} in {block}"))
        };
        let points = |key: &str| get(key).split_whitespace().map(parse_point).collect();
        puzzles.push(Puzzle {
            id: get("id").to_string(),
            size: get("size").parse().expect("size"),
            mode: get("mode").to_string(),
            attacker: parse_color(get("attacker")),
            to_move: parse_color(get("to-move")),
            limit: get("limit").parse().expect("limit"),
            expect_win: get("expect") == "win",
            first: parse_point(get("first")),
            black: points("black"),
            white: points("white"),
            line: points("line"),
        });
    }
    puzzles
}

fn setup(puzzle: &Puzzle) -> Board {
    let mut board = Board::square(puzzle.size).expect("size");
    for &p in &puzzle.black {
        board.try_put(p, Color::Black).expect("black stone");
    }
    for &p in &puzzle.white {
        board.try_put(p, Color::White).expect("white stone");
    }
    board.set_side_to_move(puzzle.to_move);
    board
}

#[test]
fn all_puzzles_are_transcribed() {
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 39);
    for puzzle in &puzzles {
        assert_eq!(puzzle.attacker, puzzle.to_move, "{}", puzzle.id);
        assert_eq!(puzzle.line.first(), Some(&puzzle.first), "{}", puzzle.id);
        // The source lines themselves pass the checker (they are principal lines of wins).
        let board = setup(puzzle);
        let kind = if puzzle.mode == "vcf" {
            LineKind::Vcf
        } else {
            LineKind::Vct
        };
        if let Err(why) = check_line(&board, Rule::Renju, &puzzle.line, kind) {
            // mintaka lines end on a four answered by a 4-3: the checker wants the line to end
            // on an unstoppable threat, so only those may fail, and only at the end.
            assert!(
                puzzle.id.starts_with("M-") && why.contains("stoppable"),
                "{}: {why}",
                puzzle.id
            );
        }
    }
}

/// Puzzles that take the solver more than a quarter of a second (up to about three seconds in
/// release mode): they run with `cargo test --release -- --ignored`.
const SLOW_PUZZLES: [&str; 6] = [
    "Q-vct_black_long",
    "Q-vct_game_black_l09_2",
    "Q-vct_game_black_l10_1",
    "Q-vct_game_black_l10_3",
    "Q-vct_game_black_l17_1",
    "Q-vct_game_white_l09_3",
];

fn solve_and_check(mode: &str, slow: bool) {
    let stop = AtomicBool::new(false);
    let mut solved = 0;
    let mut other_first = Vec::new();
    let chosen = puzzles()
        .into_iter()
        .filter(|p| p.mode == mode && SLOW_PUZZLES.contains(&p.id.as_str()) == slow);
    for puzzle in chosen {
        let board = setup(&puzzle);
        let limits = SolveLimits {
            max_nodes: 20_000_000,
            max_attacker_moves: if puzzle.limit > 0 {
                puzzle.limit
            } else {
                SolveLimits::default().max_attacker_moves
            },
        };
        let (outcome, kind) = if mode == "vcf" {
            (find_vcf(&board, Rule::Renju, &limits, &stop), LineKind::Vcf)
        } else {
            (find_vct(&board, Rule::Renju, &limits, &stop), LineKind::Vct)
        };
        match outcome {
            SolveOutcome::Win(line) => {
                if let Err(why) = check_line(&board, Rule::Renju, &line, kind) {
                    panic!(
                        "{}: returned line {line:?} fails the check: {why}",
                        puzzle.id
                    );
                }
                assert!(
                    puzzle.expect_win,
                    "{}: verified win where the data says none",
                    puzzle.id
                );
                if line[0] != puzzle.first {
                    other_first.push(format!(
                        "{} ({} instead of {})",
                        puzzle.id, line[0], puzzle.first
                    ));
                }
                solved += 1;
            }
            other => assert!(!puzzle.expect_win, "{}: {other:?}", puzzle.id),
        }
    }
    eprintln!("{mode}: {solved} solved; other first moves (verified): {other_first:?}");
}

#[test]
fn vcf_puzzles() {
    solve_and_check("vcf", false);
}

#[test]
fn vct_puzzles() {
    solve_and_check("vct", false);
}

#[test]
#[ignore = "slow: about eight seconds in release mode"]
fn slow_vct_puzzles() {
    solve_and_check("vct", true);
}
