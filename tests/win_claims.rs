//! Win claims are sound (issue 33, proxy P4): whenever a search bounded by nodes or depth
//! scores a position as a forced win ("wins in N"), the win is checked independently, with every
//! defence of the loser tried:
//! - [`confirm_win`] replays the claim with the defender playing every legal point, full width
//!   (the rules from `solver_checker`, not the engine's move generation), and the attacker
//!   playing the engine's move at each turn; the claim stands only if every defence loses;
//! - on the long-win suite `bench/longwins.txt` (positions where Rapfi announced a forced win
//!   and then won) the side to move must never be scored as lost;
//! - every claimed line (the principal variation of a win) is legal move by move;
//! - the position of a false `win31` claim found in a match stays unclaimed at every depth.
//!
//! Positions: each suite position and the four before it in its game, both sides to move.

#[path = "../bench/longwins_suite.rs"]
#[allow(dead_code)]
mod longwins_suite;
mod solver_checker;

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use longwins_suite::{parse_suite, BOARD_SIZE};
use solver_checker::{five_points, may_play};
use tengen::board::{Board, Point};
use tengen::notation::{format_move_list, play_moves};
use tengen::rules::Rule;
use tengen::search::solver::{find_vcf, find_vct, SolveLimits, SolveOutcome};
use tengen::search::{Engine, Limits, SearchResult, WIN, WIN_THRESHOLD};

const SUITE: &str = include_str!("../bench/longwins.txt");

/// Nodes of each search whose claims are checked.
const CLAIM_NODES: u64 = 30_000;
/// Node counts of the engine's searches for an attacker move while a claim is confirmed, tried
/// in turn until one claims a win.
const ATTACKER_NODES: [u64; 2] = [20_000, 200_000];
/// The solvers' limits while a claim is confirmed.
const SOLVER_LIMITS: SolveLimits = SolveLimits {
    max_nodes: 100_000,
    max_attacker_moves: 40,
};
/// Claims of at most this many plies are confirmed with every defence tried.
const CONFIRMED_PLIES: i32 = 11;
/// Extra plies the confirmation may take beyond the claimed distance: the attacker's moves come
/// from other searches, which may find a longer way to the same five.
const SLACK_PLIES: i32 = 12;
/// Attacker moves the confirmation of one claim may ask for.
const MAX_ATTACKER_SEARCHES: u32 = 400;

fn engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_threads(1);
    engine.set_hash_bytes(16 << 20);
    engine
}

fn search(engine: &mut Engine, board: &Board, rule: Rule, limits: Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    engine.think(board, rule, &limits, &stop, &mut |_| {})
}

fn nodes(max_nodes: u64) -> Limits {
    Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    }
}

/// The plies to the five a win score claims.
fn claimed_plies(score: i32) -> i32 {
    WIN - score.abs()
}

/// What checking one claim with every defence tried found.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    /// Every defence loses.
    Confirmed,
    /// The budget (attacker moves asked, or plies) ran out first.
    Undecided,
    /// After these moves no solver and no search finds a win for the attacker any more: the
    /// claim is doubtful.
    Refuted(Vec<Point>),
}

/// The check of one claim: the rules from `solver_checker` for the defender (every legal
/// point), the solvers and the engine for the attacker.
struct Confirmation {
    engine: Engine,
    rule: Rule,
    searches: u32,
    /// Positions (hash, plies) already confirmed as won for the side to move.
    won: HashSet<(u64, i32)>,
}

impl Confirmation {
    fn new(rule: Rule) -> Confirmation {
        Confirmation {
            engine: engine(),
            rule,
            searches: 0,
            won: HashSet::new(),
        }
    }

    /// Whether the side to move (the attacker) wins within `plies` plies against every defence:
    /// its five at once, or a winning move (see [`Confirmation::attacker_move`]) after which
    /// every legal defender move loses.
    fn confirm_win(&mut self, board: &mut Board, plies: i32) -> Verdict {
        let attacker = board.side_to_move();
        if plies >= 1 && !five_points(board, attacker, self.rule).is_empty() {
            return Verdict::Confirmed;
        }
        if plies < 3 || self.searches >= MAX_ATTACKER_SEARCHES {
            return Verdict::Undecided;
        }
        if self.won.contains(&(board.hash(), plies)) {
            return Verdict::Confirmed;
        }
        let Some(point) = self.attacker_move(board) else {
            return Verdict::Refuted(board.history().to_vec());
        };
        if !may_play(board, point, attacker, self.rule) {
            return Verdict::Refuted(board.history().to_vec());
        }
        board.play_unchecked(point);
        let verdict = self.every_defence_loses(board, plies - 1);
        board.undo();
        if verdict == Verdict::Confirmed {
            self.won.insert((board.hash(), plies));
        }
        verdict
    }

    /// The attacker's (side to move's) winning move, from the first of these that proves or
    /// claims a win: the VCF solver, the VCT solver, the engine at two node counts.
    fn attacker_move(&mut self, board: &Board) -> Option<Point> {
        self.searches += 1;
        let stop = AtomicBool::new(false);
        for vct in [false, true] {
            let outcome = if vct {
                find_vct(board, self.rule, &SOLVER_LIMITS, &stop)
            } else {
                find_vcf(board, self.rule, &SOLVER_LIMITS, &stop)
            };
            if let SolveOutcome::Win(line) = outcome {
                if let Some(&first) = line.first() {
                    return Some(first);
                }
            }
        }
        for max_nodes in ATTACKER_NODES {
            let result = search(&mut self.engine, board, self.rule, nodes(max_nodes));
            if result.score >= WIN_THRESHOLD {
                return result.best_move;
            }
        }
        None
    }

    /// Whether every legal move of the side to move (the defender) loses within `plies`.
    fn every_defence_loses(&mut self, board: &mut Board, plies: i32) -> Verdict {
        let defender = board.side_to_move();
        if !five_points(board, defender, self.rule).is_empty() {
            return Verdict::Refuted(board.history().to_vec());
        }
        let defences: Vec<Point> = board
            .empty_points()
            .filter(|&p| may_play(board, p, defender, self.rule))
            .collect();
        for defence in defences {
            board.play_unchecked(defence);
            // A four of the defender's delays the win by the block it forces, without changing
            // whether there is one: it costs the attacker no plies.
            let delay = if five_points(board, defender, self.rule).is_empty() {
                0
            } else {
                2
            };
            let verdict = self.confirm_win(board, plies - 1 + delay);
            board.undo();
            if verdict != Verdict::Confirmed {
                return verdict;
            }
        }
        Verdict::Confirmed
    }
}

/// Whether `line` can be played move by move from `board` (each move on an empty point the
/// side to move may play), stopping at a five.
fn line_is_legal(board: &Board, rule: Rule, line: &[Point]) -> Result<(), String> {
    let mut board = board.clone();
    for (index, &point) in line.iter().enumerate() {
        let mover = board.side_to_move();
        if !may_play(&board, point, mover, rule) {
            return Err(format!("move {} ({point}) cannot be played", index + 1));
        }
        let five = five_points(&board, mover, rule).contains(&point);
        board.play_unchecked(point);
        if five {
            return Ok(());
        }
    }
    Ok(())
}

#[test]
fn every_win_claimed_on_suite_games_is_sound() {
    let suite = parse_suite(SUITE).expect("bench/longwins.txt parses");
    let mut engine = engine();
    let (mut claims, mut confirmed, mut undecided) = (0, 0, 0);
    let mut failures = Vec::new();
    for position in &suite {
        for back in 0..=4usize.min(position.moves.len()) {
            let mut board = Board::square(BOARD_SIZE).expect("15x15");
            for &point in &position.moves[..position.moves.len() - back] {
                board.play_unchecked(point);
            }
            let name = format!(
                "line {} ({}), {back} plies before",
                position.line, position.rule
            );
            let result = search(&mut engine, &board, position.rule, nodes(CLAIM_NODES));
            if back == 0 && result.score <= -WIN_THRESHOLD {
                failures.push(format!(
                    "{name}: scored lost for the side to move, which has a forced win"
                ));
            }
            if result.score.abs() < WIN_THRESHOLD {
                continue;
            }
            claims += 1;
            if let Err(error) = line_is_legal(&board, position.rule, &result.pv) {
                failures.push(format!("{name}: claimed line illegal: {error}"));
            }
            // Down the claimed line, the winner to move each time: the win is claimed again,
            // never the other side's; once it is short, every defence is tried.
            let winner = if result.score > 0 {
                board.side_to_move()
            } else {
                board.side_to_move().opponent()
            };
            let mut line = board.clone();
            let pv = &result.pv;
            // The number of the line's moves played.
            let mut step = 0;
            loop {
                if line.side_to_move() == winner {
                    let again = search(&mut engine, &line, position.rule, nodes(CLAIM_NODES));
                    let at = format!(
                        "{name}, {step} plies down the line {}",
                        format_move_list(&line.history()[board.move_count()..])
                    );
                    if again.score <= -WIN_THRESHOLD {
                        failures.push(format!("{at}: the winner is now scored lost"));
                        break;
                    }
                    if again.score >= WIN_THRESHOLD && claimed_plies(again.score) <= CONFIRMED_PLIES
                    {
                        let mut confirmation = Confirmation::new(position.rule);
                        let plies = claimed_plies(again.score) + SLACK_PLIES;
                        match confirmation.confirm_win(&mut line.clone(), plies) {
                            Verdict::Confirmed => confirmed += 1,
                            Verdict::Undecided => undecided += 1,
                            Verdict::Refuted(moves) => failures.push(format!(
                                "{at}: 'wins in {}' doubtful: no win found for the attacker \
                                 after {}",
                                claimed_plies(again.score),
                                format_move_list(&moves[line.move_count()..])
                            )),
                        }
                        break;
                    }
                }
                let Some(&next) = pv.get(step) else { break };
                if !line.is_empty(next)
                    || five_points(&line, line.side_to_move(), position.rule).contains(&next)
                {
                    break;
                }
                line.play_unchecked(next);
                step += 1;
            }
        }
    }
    eprintln!(
        "{claims} claims; {confirmed} short ones confirmed with every defence tried, {undecided} \
         beyond the check's budget"
    );
    assert!(claims >= 40, "only {claims} claims checked");
    // The suite's games make about 93 claims at this budget, 17 to 19 of them short enough for
    // the full check down their lines: a floor that a weaker check (or fewer claims checked)
    // would fall under.
    assert!(
        confirmed >= 15,
        "only {confirmed} claims confirmed with every defence tried"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Renju, black to move: the tree once scored this as "wins in 31 plies" for black (depth 9,
/// best move j2), from a four-three whose three could never become a straight four (its
/// straight-four point was forbidden); white in fact wins.
const FALSE_WIN31: &str =
    "h8 i7 i9 g7 j7 j9 f7 h6 g5 i5 f8 i4 i8 i6 i3 g8 g10 h9 h4 f6 j6 j5 k4 i10 l5 k6 l7 h11 g12 j11 k12 j10";

#[test]
fn the_false_win31_position_is_never_claimed_for_black() {
    let mut board = Board::square(15).expect("15x15");
    play_moves(&mut board, &FALSE_WIN31.replace(' ', "")).expect("moves");
    for root_solver in [false, true] {
        for depth in 1..=11 {
            let mut engine = engine();
            engine.set_root_solver(root_solver);
            let limits = Limits {
                max_depth: Some(depth),
                ..Limits::default()
            };
            let result = search(&mut engine, &board, Rule::Renju, limits);
            assert!(
                result.score < WIN_THRESHOLD,
                "depth {depth}, root solver {root_solver}: claims a black win ({}), pv {}",
                result.score,
                format_move_list(&result.pv)
            );
        }
    }
}

/// Renju, white to move and winning (hard long-win suite, line 158): a search stopped by its
/// node limit inside depth 10 once answered "lost in 14 plies", the bound with which its first
/// root move (the best of depth 9) had failed low, before any other move was searched.
const STOPPED_AFTER_A_FAIL_LOW: &str = "g6 h7 h10 g11 d11 i8 g8 h6 d7 f7 i7 g10 h9 i11 f9 g9 e10 \
     c12 f11 g12 g13 e9 f13 f12 e12 c10 c11 e13 h12 h11 j11 i10 i12 k10 j9 d8 j12 j10 k11 l10 \
     m10 k12 j13 h13 c7 f6 e7 f5 f4 e5 h14 j14 i5 l8 c5 b11 b7 a7 j15 f15 k9 l9 l11 m8 l13";

#[test]
fn a_search_stopped_inside_an_iteration_never_calls_a_won_position_lost() {
    let mut board = Board::square(15).expect("15x15");
    play_moves(&mut board, &STOPPED_AFTER_A_FAIL_LOW.replace(' ', "")).expect("moves");
    for max_nodes in [125_000, 150_000, 175_000, 200_000] {
        let mut engine = engine();
        engine.set_root_solver(false);
        let stop = AtomicBool::new(false);
        let mut reported_loss = None;
        let result = engine.think(&board, Rule::Renju, &nodes(max_nodes), &stop, &mut |info| {
            if info.score <= -WIN_THRESHOLD {
                reported_loss = Some(info.score);
            }
        });
        assert_eq!(
            reported_loss, None,
            "{max_nodes} nodes: an iteration reported a loss"
        );
        assert!(
            result.score > -WIN_THRESHOLD,
            "{max_nodes} nodes: answers {} (depth {}), a loss, with {}",
            result.score,
            result.depth,
            format_move_list(&result.pv)
        );
    }
}
