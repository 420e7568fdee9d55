//! End-to-end tests of the front door: which words start the protocol engine, and what a
//! mistyped command line gets (an error, a suggestion, exit code 2, never a silent engine).

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `args`, feeds `input` on stdin; returns (exit code, stdout, stderr).
fn run_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A program that refused its arguments may have ended before reading: ignore a broken pipe.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let output = child.wait_with_output().expect("the binary ends");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn no_arguments_or_only_gui_arguments_start_the_protocol_engine() {
    for args in [&[][..], &["--force-utf8"][..]] {
        let (code, out, err) = run_with_input(args, "START 15\nEND\n");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(out, "OK\n", "{args:?}");
        // Stdin is a pipe here, not a person at a terminal: no greeting.
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn mistakes_are_errors_with_a_suggestion_not_a_silent_engine() {
    for (args, words) in [
        (
            vec!["sovle", "x.json"],
            "tip: a similar subcommand exists: 'solve'",
        ),
        (vec!["--foo"], "unexpected argument '--foo'"),
        (vec!["-x"], "unexpected argument '-x'"),
        (
            vec!["analyse", "--dpeth", "3", "h8"],
            "a similar argument exists: '--depth'",
        ),
        (vec!["--force-utf8", "play"], "cannot be used with"),
    ] {
        let (code, out, err) = run_with_input(&args, "START 15\nEND\n");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(out, "", "{args:?}: the engine must not have started");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}
