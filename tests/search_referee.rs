//! A small test-only referee: short games engine against engine and engine against a one-ply
//! weight-table player (the classic "count own and opponent stones in every five-cell window"
//! player), under freestyle and renju. Every move must be legal (renju forbidden points
//! included) and the engine must beat the one-ply player with either colour.

use std::sync::atomic::AtomicBool;

use tengen::board::{Board, Color, Point, DIRECTIONS};
use tengen::notation::PointName;
use tengen::rules::{self, Rule};
use tengen::search::{Engine, Limits};

/// Worth of a five-cell window holding only `k` stones of the mover (index k), as attack.
const OWN_WINDOW: [i64; 5] = [7, 35, 800, 15_000, 800_000];
/// Worth of a window holding only `k` opponent stones, as defence.
const OPPONENT_WINDOW: [i64; 5] = [7, 15, 400, 1_800, 100_000];

/// The one-ply player: every legal empty point scored by the windows through it; the best
/// (first in row order on ties).
fn weight_table_move(board: &Board, rule: Rule) -> Option<Point> {
    let mover = board.side_to_move();
    let mut best: Option<(i64, Point)> = None;
    for point in board.empty_points() {
        if !rules::is_legal(board, point, rule) {
            continue;
        }
        let mut score = 0;
        for (direction, _) in DIRECTIONS.iter().enumerate() {
            // Windows [start, start + 4] along the line that contain the point.
            for start in -4..=0 {
                let mut own = 0;
                let mut opponent = 0;
                let mut inside = true;
                for step in start..start + 5 {
                    if step == 0 {
                        continue;
                    }
                    match point.offset(direction, step, board.width(), board.height()) {
                        None => inside = false,
                        Some(q) => match board.stone(q) {
                            Some(color) if color == mover => own += 1,
                            Some(_) => opponent += 1,
                            None if !board.is_empty(q) => inside = false,
                            None => {}
                        },
                    }
                }
                if !inside {
                    continue;
                }
                if opponent == 0 {
                    score += OWN_WINDOW[own];
                } else if own == 0 {
                    score += OPPONENT_WINDOW[opponent];
                }
            }
        }
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, point));
        }
    }
    best.map(|(_, p)| p)
}

#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Won(Color),
    Draw,
}

/// A player: the engine with node and depth limits, or the one-ply player.
enum Player {
    Engine(Box<Engine>, Limits),
    WeightTable,
}

impl Player {
    fn engine(nodes: u64) -> Player {
        let mut engine = Engine::new();
        engine.set_hash_bytes(4 << 20);
        Player::Engine(
            Box::new(engine),
            Limits {
                max_depth: Some(10),
                max_nodes: Some(nodes),
                ..Limits::default()
            },
        )
    }

    fn choose(&mut self, board: &Board, rule: Rule) -> Point {
        match self {
            Player::Engine(engine, limits) => {
                let stop = AtomicBool::new(false);
                let result = engine.think(board, rule, limits, &stop, &mut |_| {});
                result
                    .best_move
                    .expect("a move on a board with empty points")
            }
            Player::WeightTable => {
                weight_table_move(board, rule).expect("a legal move on a board with empty points")
            }
        }
    }
}

/// Plays from `opening` (Gomocup notation, black first) to the end; panics on an illegal move.
fn play_game(rule: Rule, opening: &str, black: &mut Player, white: &mut Player) -> Outcome {
    let mut board = Board::square(15).unwrap();
    tengen::notation::play_moves(&mut board, opening).unwrap();
    loop {
        if board
            .empty_points()
            .all(|p| !rules::is_legal(&board, p, rule))
        {
            return Outcome::Draw;
        }
        let mover = board.side_to_move();
        let player = match mover {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let point = player.choose(&board, rule);
        assert!(
            rules::is_legal(&board, point, rule),
            "{mover:?} played the illegal {} under {rule}:\n{}",
            PointName(point),
            board.to_ascii()
        );
        board.play_unchecked(point);
        if rules::makes_win(board.lines(), point, mover, rule) {
            let moves: String = board
                .history()
                .iter()
                .map(|&p| PointName(p).to_string())
                .collect();
            eprintln!("{moves}");
            return Outcome::Won(mover);
        }
    }
}

const OPENINGS: [&str; 2] = ["h8i9g9", "h8h9j7"];

fn engine_beats_the_weight_table(rule: Rule) {
    let mut wins = 0;
    let mut games = 0;
    for opening in OPENINGS {
        for engine_color in [Color::Black, Color::White] {
            let (mut black, mut white) = match engine_color {
                Color::Black => (Player::engine(6_000), Player::WeightTable),
                Color::White => (Player::WeightTable, Player::engine(6_000)),
            };
            let outcome = play_game(rule, opening, &mut black, &mut white);
            games += 1;
            eprintln!("{rule} {opening} engine {engine_color:?}: {outcome:?}");
            if outcome == Outcome::Won(engine_color) {
                wins += 1;
            }
        }
    }
    assert_eq!(wins, games, "{rule}: the engine won {wins} of {games}");
}

#[test]
fn engine_beats_the_weight_table_at_freestyle() {
    engine_beats_the_weight_table(Rule::Freestyle);
}

#[test]
fn engine_beats_the_weight_table_at_renju() {
    engine_beats_the_weight_table(Rule::Renju);
}

#[test]
fn engine_games_are_legal() {
    for (rule, opening) in [
        (Rule::Renju, "h8i9g9"),
        (Rule::Freestyle, "h8h9j7"),
        (Rule::Standard, "h8i9g9"),
    ] {
        let mut black = Player::engine(3_000);
        let mut white = Player::engine(5_000);
        let outcome = play_game(rule, opening, &mut black, &mut white);
        assert!(matches!(outcome, Outcome::Won(_) | Outcome::Draw));
    }
}

#[test]
fn the_weight_table_player_is_sane() {
    // It completes its own four and otherwise blocks the opponent's.
    let mut board = Board::square(15).unwrap();
    tengen::notation::play_moves(&mut board, "h8h9i8i9j8j9k8k9").unwrap();
    let best = weight_table_move(&board, Rule::Freestyle).unwrap();
    assert!([Point::new(6, 7), Point::new(11, 7)].contains(&best));
    board.undo();
    let best = weight_table_move(&board, Rule::Freestyle).unwrap();
    assert!([Point::new(6, 7), Point::new(11, 7)].contains(&best));
}
