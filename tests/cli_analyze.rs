//! End-to-end tests of `pbrain-tengen analyze`: positions from move lists and `.psq` files,
//! forced wins, and bad input.

mod cli_common;

use cli_common::run;
use tengen::board::Board;
use tengen::notation::parse_move_list;
use tengen::rules::{self, Rule};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn line_starting<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting '{start}' in:\n{out}"))
}

#[test]
fn an_open_four_is_a_forced_win() {
    let (code, out, err) = run(&[
        "analyze", "--depth", "2", "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("rule freestyle, 15x15 board, 8 stones, black to move"),
        "{out}"
    );
    let forced = line_starting(&out, "forced win: ");
    assert!(
        forced == "forced win: black wins in 1 ply (VCF): g8"
            || forced == "forced win: black wins in 1 ply (VCF): l8",
        "{out}"
    );
    let best = line_starting(&out, "best move: ");
    assert!(
        best == "best move: g8 (protocol 6,7)" || best == "best move: l8 (protocol 11,7)",
        "{out}"
    );
    let evaluation = line_starting(&out, "evaluation: ");
    assert!(evaluation.contains("wins in 1 ply for black"), "{out}");
    let line = line_starting(&out, "principal variation: ");
    assert!(
        line.starts_with("principal variation: g8") || line.starts_with("principal variation: l8"),
        "{out}"
    );
}

#[test]
fn run_together_move_lists_and_psq_files_give_the_same_position() {
    let (code, spaced, err) = run(&["analyze", "--depth", "1", "h8 i9 h9 h10 g8 i8"]);
    assert_eq!(code, 0, "{err}");
    let (_, together, _) = run(&["analyze", "--depth", "1", "h8i9h9h10g8i8"]);
    let (_, from_file, err) = run(&["analyze", "--depth", "1", &data("cli-game.psq")]);
    assert!(err.is_empty() || !err.contains("error"), "{err}");
    let board = |out: &str| -> String { out.lines().take(19).collect::<Vec<_>>().join("\n") };
    assert!(spaced.contains("6 stones, black to move"), "{spaced}");
    assert_eq!(board(&spaced), board(&together));
    assert_eq!(board(&spaced), board(&from_file));
    // h8 = protocol 7,7 is row 8 from the top.
    assert!(spaced.contains("\n 8  . . . . . . X X[O]"), "{spaced}");
}

#[test]
fn a_renju_vct_is_found_by_the_solver() {
    // The quintet "vct_white" puzzle, rows converted from RIF: white to move wins by threats,
    // and i6 (RIF i10) is the winning start. Black holds out longest by closing the three's end
    // at i5 first (white's four i10 then forces i8): nine plies, as a full search of the
    // defence after i6 finds (black loses in eight), not the seven of the line where black
    // blocks at i8 at once.
    let (code, out, err) = run(&[
        "analyze",
        "--rule",
        "renju",
        "--time",
        "5s",
        "g6 h7 g7 i9 h8 i7 j6",
    ]);
    assert_eq!(code, 0, "{err}");
    let forced = line_starting(&out, "forced win: ");
    assert!(
        forced.starts_with("forced win: white wins in 9 plies (VCT): i6 "),
        "{out}"
    );
    // The count is the line's length, and the line ends in white's five.
    assert_line_ends_in_five(forced, "g6 h7 g7 i9 h8 i7 j6", Rule::Renju, 9);
    assert!(
        out.contains("evaluation: wins in 9 plies for white"),
        "{out}"
    );
}

/// Replays the line of a `forced win: … wins in N plies (…): LINE` report after `start` and
/// checks that it is legal, has `plies` moves, and that its last move makes the mover's five.
fn assert_line_ends_in_five(forced: &str, start: &str, rule: Rule, plies: usize) {
    let line = forced.split("): ").nth(1).unwrap();
    let mut board = Board::square(15).unwrap();
    let moves = parse_move_list(start, 15, 15).unwrap();
    for point in moves {
        board.play_unchecked(point);
    }
    let line = parse_move_list(line, 15, 15).unwrap();
    assert_eq!(line.len(), plies, "{forced}");
    let mover = board.side_to_move();
    for (index, &point) in line.iter().enumerate() {
        assert!(
            rules::is_legal(&board, point, rule),
            "{forced}: move {index}"
        );
        assert_eq!(
            rules::winner(&board, rule),
            None,
            "{forced}: five before the end"
        );
        board.play_unchecked(point);
    }
    assert_eq!(rules::winner(&board, rule), Some(mover), "{forced}");
}

#[test]
fn mate_distances_count_to_the_five() {
    // k8 makes an open four; white blocks one end, black fives at the other: ply 3, not 1.
    let (code, out, err) = run(&["analyze", "--depth", "3", "h8 a1 i8 a2 j8 a3"]);
    assert_eq!(code, 0, "{err}");
    let forced = line_starting(&out, "forced win: ");
    assert!(
        forced.starts_with("forced win: black wins in 3 plies (VCF): k8 ")
            || forced.starts_with("forced win: black wins in 3 plies (VCF): g8 "),
        "{out}"
    );
    assert_line_ends_in_five(forced, "h8 a1 i8 a2 j8 a3", Rule::Freestyle, 3);
    assert!(
        out.contains("evaluation: wins in 3 plies for black"),
        "{out}"
    );
    // Counted by hand: black's only fours are on row 3 (c3 is white), so g3 (a four and an
    // open three on column g), h3 forced, then an open four on column g, a block, the five:
    // 5 plies, and no win is shorter (three black moves at least).
    let start = "d3 c3 e3 a15 f3 o15 g4 o1 g5 o8";
    let (code, out, err) = run(&["analyze", "--depth", "3", start]);
    assert_eq!(code, 0, "{err}");
    let forced = line_starting(&out, "forced win: ");
    assert!(
        forced.starts_with("forced win: black wins in 5 plies (VCF): g3 h3 "),
        "{out}"
    );
    assert_line_ends_in_five(forced, start, Rule::Freestyle, 5);
    assert!(
        out.contains("evaluation: wins in 5 plies for black"),
        "{out}"
    );
}

#[test]
fn no_forced_win_on_a_quiet_board() {
    let (code, out, err) = run(&["analyze", "--depth", "2", "h8 h9"]);
    assert_eq!(code, 0, "{err}");
    let forced = line_starting(&out, "forced win: ");
    assert!(forced.starts_with("forced win: none"), "{out}");
    assert!(out.contains("best move: "), "{out}");
}

#[test]
fn a_finished_game_is_reported_as_over() {
    let (code, out, err) = run(&["analyze", "h8h9i8i9j8j9k8k9l8"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game over: black has won"), "{out}");
    assert!(!out.contains("best move"), "{out}");
}

#[test]
fn renju_positions_mark_forbidden_points() {
    let (code, out, err) = run(&[
        "analyze",
        "--rule",
        "renju",
        "--depth",
        "1",
        "h8h9i7i9h10i6i11i12",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" 9  . . . . . . * O O"), "{out}");
    let best = line_starting(&out, "best move: ");
    assert!(!best.starts_with("best move: g9"), "{out}");
}

#[test]
fn bad_input_is_an_error_with_code_2() {
    let malformed = data("cli-malformed.psq");
    let not_psq = data("cli-not-psq.psq");
    for (args, words) in [
        (vec!["analyze", "h8 zz"], "'zz' is not a point"),
        (vec!["analyze", "h8 p3"], "'p3' is off the 15x15 board"),
        (
            vec!["analyze", "h8 i9 h8"],
            "move 3 (h8) is on an occupied point",
        ),
        (
            vec!["analyze", "--rule", "renju", "h8h9i7i9h10i6i11i12g9"],
            "move 9 (g9) is forbidden for black under renju (double-three)",
        ),
        (
            vec!["analyze", "h8h9i8i9j8j9k8k9l8m8"],
            "already won at move 9",
        ),
        (vec!["analyze", "missing.psq"], "cannot read 'missing.psq'"),
        (
            vec!["analyze", &malformed],
            "psq line 3: move '99,3,0' is off the 15x15 board",
        ),
        (
            vec!["analyze", &not_psq],
            "psq line 1: expected a 'Piskvorky WxH, ...' header",
        ),
        (
            vec!["analyze", "--depth", "zero", "h8"],
            "invalid value 'zero' for '--depth",
        ),
        (
            vec!["analyze", "--nodes", "-5", "h8"],
            "unexpected argument '-5'",
        ),
        (vec!["analyze", "--rule", "go", "h8"], "unknown rule 'go'"),
        (
            vec!["analyze", "--bogus", "h8"],
            "unexpected argument '--bogus'",
        ),
        (vec!["analyze", "--time", "0", "h8"], "bad time '0'"),
        (vec!["analyze", "--rule", "17", "h8"], "unknown rule '17'"),
        (vec!["analyze", "--rule", "x", "h8"], "caro-exact"),
        (vec!["analyze"], "<POSITION>..."),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn help_and_version() {
    let (code, out, _) = run(&["help"]);
    assert_eq!(code, 0);
    assert!(out.contains("analyze  Evaluation, best move"), "{out}");
    assert!(out.contains("h8 = protocol 7,7"), "{out}");
    for tool in ["play", "analyze", "solve", "explain", "bench"] {
        let (code, out, err) = run(&[tool, "--help"]);
        assert_eq!(code, 0, "{tool}: {err}");
        assert!(
            out.contains(&format!("Usage: pbrain-tengen {tool}")),
            "{out}"
        );
    }
    for flag in ["--version", "-V"] {
        let (code, out, _) = run(&[flag]);
        assert_eq!(code, 0);
        assert_eq!(
            out,
            format!("pbrain-tengen {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn black_left_with_only_forbidden_points_has_lost() {
    // 6x6 renju: d1 and c6 are overlines for black, every other point is taken. Managers score
    // the forbidden move black must play as a foul, so the game is lost, not drawn.
    let moves = "a1 b2 b1 d2 c1 e2 e1 b3 f1 c3 c2 e3 f2 f3 a3 a4 d3 c4 b4 d4 e4 f4 d5 a5 a6 b5 \
                 b6 c5 d6 e5 e6 f5 f6 a2";
    let (code, out, err) = run(&["analyze", "--rule", "renju", "--size", "6", moves]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("34 stones, black to move"), "{out}");
    let over = line_starting(&out, "game over: ");
    assert_eq!(
        over, "game over: black has only forbidden points left and loses (any move is a foul)",
        "{out}"
    );
    // Under freestyle the same points are ordinary moves.
    let (code, out, err) = run(&["analyze", "--size", "6", "--depth", "1", moves]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("game over"), "{out}");
}

#[test]
fn a_full_board_is_a_draw() {
    // 5x5, every point taken, no row, column or diagonal of five stones of one colour.
    let moves = "a1 a2 b1 b2 c3 c4 d3 d4 e5 a3 a4 b3 b4 c1 c2 d1 d2 c5 d5 e1 e2 e3 e4 a5 b5";
    let (code, out, err) = run(&["analyze", "--size", "5", moves]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("25 stones"), "{out}");
    assert_eq!(
        line_starting(&out, "game over: "),
        "game over: the board is full (draw)",
        "{out}"
    );
}
