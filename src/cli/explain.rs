//! `pbrain-tengen explain POSITION POINT`: why POINT is or is not forbidden for black under
//! renju. The verdict and every step come from [`rules::explain_forbidden`], the same code as
//! the judge the engine and the protocol use; this file only lays the notes out, one level of
//! indentation per level of the recursion (a key point judged inside a three).

use clap::Args;

use super::display::draw_board;
use super::options::{DiagramArgs, SizeArg};
use super::position::{self, color_name, Replay};
use super::{usage_error, EXIT_OK};
use crate::board::Color;
use crate::notation::{parse_point, point_name};
use crate::rules::{self, Rule};

/// The arguments of `explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    diagram: DiagramArgs,
    /// The position (a move list, a .psq file, a text file with a diagram line, or nothing
    /// when --black/--white give it), then the point to judge, e.g.
    /// `"h8 h9 i7 i9 h10 i6 i11 i12" g9` or `--black h8,i7,h10 --white h9 g9`
    #[arg(value_name = "POSITION POINT", required = true, num_args = 1..)]
    words: Vec<String>,
}

/// Runs `explain`; returns the exit code.
pub fn run(args: ExplainArgs) -> i32 {
    let size = args.size.size;
    let Some((point_text, position_words)) = args.words.split_last() else {
        return usage_error(
            "explain",
            "give a position and a point, e.g. `explain \"h8 h9 i7 i9 h10 i6 i11 i12\" g9`",
        );
    };
    // A diagram, not a game: stones may be set up in any order, so no forbidden check on them.
    let position = match position::load_position(
        position_words,
        &args.diagram,
        size,
        Rule::Renju,
        Replay::Diagram,
    ) {
        Ok(position) => position,
        Err(message) => return usage_error("explain", &message),
    };
    let board = position.board;
    let point = match parse_point(point_text, board.width(), board.height()) {
        Ok(point) => point,
        Err(error) => return usage_error("explain", &error.to_string()),
    };
    let name = point_name(point);
    if let Some(color) = board.stone(point) {
        return usage_error(
            "explain",
            &format!(
                "{name} already holds a {} stone; ask about an empty point",
                color_name(color)
            ),
        );
    }
    if !board.is_empty(point) {
        return usage_error("explain", &format!("{name} is blocked"));
    }
    print!("{}", draw_board(&board, Rule::Renju, Some((point, '?'))));
    if board.side_to_move() == Color::White {
        println!("(white is to move here; {name} is judged as a black move all the same)");
    }
    let (verdict, notes) = rules::explain_forbidden(&board, point);
    match verdict {
        Some(kind) => println!("{name} is FORBIDDEN for black: {kind}."),
        None => println!("{name} is not forbidden for black."),
    }
    println!("Why:");
    for note in &notes {
        println!("{}- {}", "    ".repeat(note.depth + 1), note.text.trim());
    }
    EXIT_OK
}
