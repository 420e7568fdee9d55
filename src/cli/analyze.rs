//! `pbrain-tengen analyze POSITION`: for the side to move, any forced win (the VCF/VCT solver's
//! line), then the search's evaluation, best move and principal variation. The solver and the
//! search each get the `--time`/`--nodes` limits. Progress goes to stderr.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use super::display::{
    count_text, draw_board, score_text, search_info_text, seconds_text, win_text, Progress,
};
use super::forced::{self, Mode, Outcome};
use super::options::{DiagramArgs, LimitArgs, RuleArg, SizeArg};
use super::position::{self, color_name, GameOver, Replay};
use super::{usage_error, EXIT_OK};
use crate::board::Color;
use crate::notation::{format_move_list, point_name};
use crate::search::Engine;

/// Time per analysis when neither `--time`, `--depth` nor `--nodes` is given.
const DEFAULT_TIME: Duration = Duration::from_secs(2);

/// The arguments of `analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    rule: RuleArg,
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    diagram: DiagramArgs,
    /// The position: a move list, black first (h8 i9 j10 or h8i9j10), a .psq file, or a text
    /// file holding a move list or a diagram line; or give --black/--white instead
    #[arg(value_name = "POSITION", required_unless_present_any = ["black", "white"])]
    position: Vec<String>,
}

/// Runs `analyze`; returns the exit code.
pub fn run(args: AnalyzeArgs) -> i32 {
    let rule = args.rule.rule;
    let limits = args.limits.limits(DEFAULT_TIME);
    let position = match position::load_position(
        &args.position,
        &args.diagram,
        args.size.size,
        rule,
        Replay::Game,
    ) {
        Ok(position) => position,
        Err(message) => return usage_error("analyze", &message),
    };
    let board = position.board;
    let mover = board.side_to_move();
    println!(
        "rule {rule}, {}x{} board, {}, {} to move",
        board.width(),
        board.height(),
        count_text(
            board.stone_count(Color::Black) + board.stone_count(Color::White),
            "stone"
        ),
        color_name(mover)
    );
    print!("{}", draw_board(&board, rule, None));
    if let Some(ending) = position::game_over(&board, rule) {
        match ending {
            GameOver::Won(winner) => println!("game over: {} has won", color_name(winner)),
            GameOver::BoardFull => println!("game over: the board is full (draw)"),
            GameOver::OnlyForbidden(mover) => println!(
                "game over: {} has only forbidden points left and loses (any move is a foul)",
                color_name(mover)
            ),
        }
        return EXIT_OK;
    }

    let mut progress = Progress::new();
    // The forced-win solver first, within the same limits as the search.
    progress.update("looking for a forced win (VCF/VCT)...");
    let started = Instant::now();
    let budget = forced::budget(limits.max_nodes, limits.hard_time);
    let mut outcome = forced::find(&board, rule, Mode::Vct, &budget);
    let solver_time = started.elapsed();
    progress.finish();

    let mut engine = Engine::new();
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let result = engine.think(&board, rule, &limits, &stop, &mut |info| {
        progress.update(&format!("search: {}", search_info_text(info)))
    });
    progress.finish();
    if outcome != Outcome::NoWin && !matches!(outcome, Outcome::Win { .. }) {
        // The solver gave up; the search may still have proven a win.
        outcome = forced::from_search(&result);
    }
    match &outcome {
        Outcome::Win {
            method,
            line,
            plies,
        } => println!(
            "forced win: {} {} ({method}): {}",
            color_name(mover),
            win_text(*plies),
            format_move_list(line)
        ),
        Outcome::NoWin => println!(
            "forced win: none for {} (no VCF or VCT, {})",
            color_name(mover),
            seconds_text(solver_time)
        ),
        Outcome::Unknown => println!(
            "forced win: none found for {} within the limits",
            color_name(mover)
        ),
    }
    println!(
        "evaluation: {} for {} (depth {}, {}, {})",
        score_text(result.score),
        color_name(mover),
        result.depth,
        count_text(result.nodes as usize, "node"),
        seconds_text(started.elapsed())
    );
    match result.best_move {
        Some(best) => println!("best move: {} (protocol {best})", point_name(best)),
        None => println!("best move: none"),
    }
    println!("principal variation: {}", format_move_list(&result.pv));
    EXIT_OK
}
