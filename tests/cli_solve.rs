//! End-to-end tests of `pbrain-tengen solve`: text and JSON puzzle files, the summary, the
//! exit code, and bad files.

mod cli_common;

use cli_common::run;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn text_puzzles_are_solved_with_their_lines() {
    let (code, out, err) = run(&["solve", "--time", "2s", &data("cli-wins.txt")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("solving 2 puzzles from "), "{out}");
    let black = out
        .lines()
        .find(|l| l.starts_with("line 3: "))
        .expect("line 3 reported");
    assert!(
        black.starts_with("line 3: solved, black wins in 1 ply (VCF)"),
        "{out}"
    );
    assert!(black.contains(": g8") || black.contains(": l8"), "{out}");
    let white = out
        .lines()
        .find(|l| l.starts_with("line 5: "))
        .expect("line 5 reported");
    assert!(
        white.starts_with("line 5: solved, white wins in 1 ply (VCF)"),
        "{out}"
    );
    assert!(white.contains(": b1") || white.contains(": b6"), "{out}");
    assert!(out.contains("\nsolved 2 / 2 in "), "{out}");
}

#[test]
fn json_puzzles_are_solved_by_vcf_and_vct() {
    // Three renju puzzles; their points are RIF names (rows from the bottom).
    let (code, out, err) = run(&["solve", "--time", "5s", &data("cli-puzzles.json")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("solving 3 puzzles from "), "{out}");
    let report = |id: &str| -> String {
        out.lines()
            .find(|line| line.starts_with(&format!("{id}: ")))
            .unwrap_or_else(|| panic!("{id} missing in {out}"))
            .to_string()
    };
    assert!(
        report("Q-vcf_counter").starts_with("Q-vcf_counter: solved, black wins in 7 plies (VCF): "),
        "{out}"
    );
    // The file's RIF i10 is our i6: the only winning first move here. Nine plies: black holds
    // out longest by closing the three's end at i5 first (see `cli_analyze.rs`).
    assert!(
        report("Q-vct_white").starts_with("Q-vct_white: solved, white wins in 9 plies (VCT): i6 "),
        "{out}"
    );
    // The shortest VCF (five fours, each blocked, then the five); the proof-number solver's
    // own line is 17 plies long.
    assert!(
        report("M-vcf01").starts_with(
            "M-vcf01: solved, black wins in 9 plies (VCF): i7 f10 i8 g8 i6 i5 k6 h6 m6 "
        ),
        "{out}"
    );
    assert!(out.contains("\nsolved 3 / 3 in "), "{out}");
}

#[test]
fn proven_failures_and_gomocup_coordinates() {
    let (code, out, err) = run(&["solve", "--time", "5s", &data("cli-nowin-puzzles.json")]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("no-four-expected-win: NOT solved: there is no VCF for black (proven)"),
        "{out}"
    );
    assert!(
        out.contains("no-four-expected-none: solved, there is no VCF for black (proven)"),
        "{out}"
    );
    // Gomocup rows: a1-a4 is the top of column a, so a5 makes five (and matches the file).
    assert!(
        out.contains("four-in-gomocup-rows: solved, black wins in 1 ply (VCF): a5 ["),
        "{out}"
    );
    assert!(out.contains("\nsolved 2 / 3 in "), "{out}");
}

#[test]
fn bad_puzzles_are_reported_and_counted() {
    let (code, out, err) = run(&["solve", "--time", "100ms", &data("cli-bad-puzzles.json")]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("bad-stone: NOT solved: 'zz' is not a point"),
        "{out}"
    );
    assert!(
        out.contains("double: NOT solved: h8 holds two stones"),
        "{out}"
    );
    assert!(
        out.contains("over: NOT solved: black has already won here"),
        "{out}"
    );
    assert!(
        out.contains("no-lists: NOT solved: no \"black\" stone list"),
        "{out}"
    );
    assert!(out.contains("solved 0 / 4 in "), "{out}");
}

#[test]
fn bad_files_and_arguments_exit_with_code_2() {
    let empty =
        std::env::temp_dir().join(format!("tengen-cli-solve-{}-empty.txt", std::process::id()));
    std::fs::write(&empty, "# nothing here\n\n").expect("temp file");
    let empty_text = empty.to_string_lossy().into_owned();
    let garbage = std::env::temp_dir().join(format!(
        "tengen-cli-solve-{}-garbage.txt",
        std::process::id()
    ));
    std::fs::write(&garbage, "hello world\nthis is no puzzle\n").expect("temp file");
    let garbage_text = garbage.to_string_lossy().into_owned();
    let numbers = std::env::temp_dir().join(format!(
        "tengen-cli-solve-{}-numbers.json",
        std::process::id()
    ));
    std::fs::write(&numbers, "[1, 2, 3]\n").expect("temp file");
    let numbers_text = numbers.to_string_lossy().into_owned();
    let broken = data("cli-broken.json");
    let wins = data("cli-wins.txt");
    for (args, words) in [
        (vec!["solve"], "<FILE>"),
        (vec!["solve", &wins, &wins], "unexpected argument"),
        (
            vec!["solve", "no-such-puzzles.json"],
            "cannot read 'no-such-puzzles.json'",
        ),
        (
            vec!["solve", &broken],
            "JSON error at line 2, column 30: trailing comma",
        ),
        (
            vec!["solve", &garbage_text],
            "no line is a move list or a diagram (line 1: ",
        ),
        (vec!["solve", &numbers_text], "puzzle 1 is 1, not an object"),
        (vec!["solve", &empty_text], "no puzzles in the file"),
        (vec!["solve", "--time", "soon", &wins], "bad time 'soon'"),
        (vec!["solve", "--nodes", "0", &wins], "0 is not in 1.."),
        (
            vec!["solve", "--rule", "chess", &wins],
            "unknown rule 'chess'",
        ),
        (
            vec!["solve", "--depth", "3", &wins],
            "unexpected argument '--depth'",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    for file in [&empty, &garbage, &numbers] {
        let _ = std::fs::remove_file(file);
    }
}
