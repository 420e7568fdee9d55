//! End-to-end tests of `pbrain-tengen play`: the spawned binary with scripted stdin. The
//! positions are chosen so the outcome does not depend on how the engine plays.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs the binary with `args` and `input` on stdin; returns (exit code, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(mut stdin) = child.stdin.take() {
        // The program may quit before reading everything; that is not an error here.
        let _ = stdin.write_all(input.as_bytes());
    }
    let output = child.wait_with_output().expect("the binary finishes");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tengen-cli-play-{}-{name}", std::process::id()))
}

/// Black (the person) to move with an open four h8-k8; white's stones are scattered.
const OPEN_FOUR: &str = "h8 a1 i8 c1 j8 e1 k8 g1";

#[test]
fn the_person_wins_with_five_and_the_game_ends() {
    let (code, out, err) = run(
        &["play", "--depth", "1", OPEN_FOUR],
        "l8\nm8\nundo\ng8\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("black has five in a row: you win!"), "{out}");
    // After the end, moves are refused but undo works and the game goes on.
    assert!(out.contains("The game is over"), "{out}");
    assert!(out.contains("Took back l8."), "{out}");
    assert_eq!(
        out.matches("Game over: black has five in a row").count(),
        2,
        "{out}"
    );
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
}

#[test]
fn the_engine_wins_when_it_has_five_to_make() {
    // The person plays white; the engine (black) has an open four and must finish it.
    let (code, out, err) = run(&["play", "--color", "white", "--depth", "2", OPEN_FOUR], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("The engine plays g8") || out.contains("The engine plays l8"),
        "{out}"
    );
    assert!(
        out.contains("black has five in a row: the engine wins!"),
        "{out}"
    );
    assert!(out.contains("End of input: goodbye."), "{out}");
}

#[test]
fn bad_input_explains_itself_and_asks_again() {
    // Renju, the Gomocup sanity position: g9 is a double-three for black (the person).
    let (code, out, err) = run(
        &[
            "play",
            "--rule",
            "renju",
            "--depth",
            "1",
            "h8h9i7i9h10i6i11i12",
        ],
        "zz\nq9\nh8\nhello\nsave\ng9\n\nboard\nhelp\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("unknown command 'zz'"), "{out}");
    assert!(out.contains("unknown command 'hello'"), "{out}");
    assert!(out.contains("'q9' is off the 15x15 board"), "{out}");
    assert!(out.contains("h8 is already taken by black"), "{out}");
    assert!(out.contains("save needs a file name"), "{out}");
    assert!(
        out.contains("g9 is forbidden for black under renju: double-three"),
        "{out}"
    );
    assert!(out.contains("undo        take back"), "{out}");
    // The forbidden point is marked on the board and the refused moves changed nothing.
    assert!(
        out.contains(" 9  . . . . . . * O O . . . . . .  9"),
        "{out}"
    );
    assert!(!out.contains("The engine plays"), "{out}");
    // Every bad line was answered with a new prompt.
    assert_eq!(out.matches("your move (black)> ").count(), 10, "{out}");
}

#[test]
fn undo_hint_and_save_from_an_empty_board() {
    let path = temp_file("save.psq");
    let path_text = path.to_string_lossy().into_owned();
    let script = format!("undo\nh8\nsave {path_text}\nhint\nundo\nundo\nquit\n");
    let (code, out, err) = run(&["play", "--size", "15", "--time", "50ms"], &script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Nothing to undo: you have not moved yet."),
        "{out}"
    );
    assert!(out.contains("The engine plays "), "{out}");
    assert!(
        out.contains(&format!("Saved 2 moves to {path_text}.")),
        "{out}"
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains(" and h8."), "{out}");
    assert_eq!(out.matches("Nothing to undo").count(), 2, "{out}");
    let saved = std::fs::read_to_string(&path).expect("the game was saved");
    let _ = std::fs::remove_file(&path);
    let lines: Vec<&str> = saved.lines().collect();
    assert_eq!(lines[0], "Piskvorky 15x15, 11:11, 0");
    assert!(lines[1].starts_with("8,8,"), "{saved}");
    assert_eq!(lines.len(), 4, "{saved}");
    assert_eq!(lines[3], "-1");
}

#[test]
fn a_saved_psq_game_can_be_played_on() {
    let path = temp_file("round-trip.psq");
    let path_text = path.to_string_lossy().into_owned();
    let (code, out, err) = run(
        &["play", "--depth", "1", &data("cli-game.psq")],
        &format!("save {path_text}\n"),
    );
    assert_eq!(code, 0, "{err}");
    // Six moves: black to move, the person is black, the last move i8 is marked.
    assert!(out.contains(" 8  . . . . . . X X[O]"), "{out}");
    let saved = std::fs::read_to_string(&path).expect("the game was saved");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        saved,
        "Piskvorky 15x15, 11:11, 0\n8,8,1200\n9,9,340\n8,9,5000\n8,10,15\n7,8,0\n9,8,777\n-1\n"
    );
}

#[test]
fn the_engine_moves_first_when_the_person_is_white() {
    let (code, out, err) = run(&["play", "--color", "white", "--time", "0.05"], "quit\n");
    assert_eq!(code, 0, "{err}");
    let engine_move = out.find("The engine plays").expect("the engine moved");
    let prompt = out.find("your move (white)> ").expect("then the person");
    assert!(engine_move < prompt, "{out}");
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for (args, words) in [
        (vec!["play", "--rule", "nonsense"], "unknown rule"),
        (vec!["play", "--time", "fast"], "bad time 'fast'"),
        (
            vec!["play", "--color", "green"],
            "[possible values: black, white]",
        ),
        (vec!["play", "--size", "40"], "bad board size '40'"),
        (vec!["play", "--depth", "0"], "0 is not in 1..=1000"),
        (
            vec!["play", "--colr", "white"],
            "a similar argument exists: '--color'",
        ),
        (
            vec!["play", "--time"],
            "a value is required for '--time <T>'",
        ),
        (
            vec!["play", "no-such-game.psq"],
            "cannot read 'no-such-game.psq'",
        ),
        (vec!["play", "h8 h8"], "occupied"),
    ] {
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let malformed = data("cli-malformed.psq");
    let (code, _, err) = run(&["play", &malformed], "");
    assert_eq!(code, 2);
    assert!(err.contains("psq line 3"), "{err}");
}

#[test]
fn black_left_with_only_forbidden_points_loses_the_game() {
    // 6x6 renju, the person white: after a2 only d1 and c6 are empty, both overlines for the
    // engine's black, so any move of black's is a foul and the person has won.
    let before_a2 = "a1 b2 b1 d2 c1 e2 e1 b3 f1 c3 c2 e3 f2 f3 a3 a4 d3 c4 b4 d4 e4 f4 d5 a5 a6 \
                     b5 b6 c5 d6 e5 e6 f5 f6";
    let (code, out, err) = run(
        &[
            "play", "--rule", "renju", "--size", "6", "--depth", "1", "--color", "white", before_a2,
        ],
        "a2\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("black has only forbidden points left, any move is a foul: you win!"),
        "{out}"
    );
}
