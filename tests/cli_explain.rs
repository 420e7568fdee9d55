//! End-to-end tests of `pbrain-tengen explain`: verdicts and the indented chain of reasoning
//! from the renju judge, and bad input.

mod cli_common;

use cli_common::run;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The reasoning lines (after "Why:").
fn reasons(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|line| *line != "Why:")
        .skip(1)
        .collect()
}

#[test]
fn a_double_three_with_its_key_points() {
    // The Gomocup renju sanity check: g9 is black's only forbidden point.
    let (code, out, err) = run(&["explain", "h8h9i7i9h10i6i11i12", "g9"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" 9  . . . . . . ? O O"), "{out}");
    assert!(
        out.contains("g9 is FORBIDDEN for black: double-three."),
        "{out}"
    );
    let why = reasons(&out);
    assert!(
        why.contains(
            &"    - g9 makes a three (diagonal \\) if black can then make a straight four at f8; \
               judging f8 with g9 on the board:"
        ),
        "{out}"
    );
    // The key point is judged one level deeper.
    assert!(
        why.contains(&"        - f8 makes a four (diagonal \\)"),
        "{out}"
    );
    assert!(
        why.contains(&"    - yes: f10 is playable, so the three (diagonal /) is real"),
        "{out}"
    );
    assert_eq!(
        why.last(),
        Some(&"    - g9 makes 2 real threes: double-three")
    );
}

#[test]
fn a_false_three_because_its_key_point_is_a_double_four() {
    // A position from play where the recursive rule decides: the diagonal three through g4
    // can only become a straight four at f5, and f5 is itself a double-four.
    let (code, out, err) = run(&["explain", &data("cli-explain-deep.txt"), "g4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("g4 is not forbidden for black."), "{out}");
    let why = reasons(&out);
    let at = |text: &str| {
        why.iter()
            .position(|line| *line == text)
            .unwrap_or_else(|| panic!("missing '{text}' in:\n{out}"))
    };
    let three = at(
        "    - g4 makes a three (diagonal /) if black can then make a straight four at f5; \
                    judging f5 with g4 on the board:",
    );
    let nested = at("        - f5 makes two fours at once: double-four");
    let refused = at("    - no: f5 is itself forbidden (double-four), so it does not count");
    let false_three =
        at("    - g4 (diagonal /) is a false three: none of its straight-four points is playable");
    assert!(
        three < nested && nested < refused && refused < false_three,
        "{out}"
    );
    assert!(
        why.contains(&"    - yes: g3 is playable, so the three (vertical) is real"),
        "{out}"
    );
}

#[test]
fn overline_double_four_and_free_points() {
    // Black a1 b1 c1 e1 f1: d1 makes six. White is to move, which explain mentions.
    let (code, out, err) = run(&["explain", "a1 m15 b1 k13 c1 m13 e1 k15 f1", "d1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("d1 is FORBIDDEN for black: overline."),
        "{out}"
    );
    assert!(out.contains("(white is to move here"), "{out}");
    assert!(
        out.contains("    - d1 makes six or more in a row (horizontal): overline"),
        "{out}"
    );
    let (code, out, _) = run(&["explain", "e8 a15 f8 c15 g8 e15 h5 g15 h6 o1 h7", "h8"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("h8 is FORBIDDEN for black: double-four."),
        "{out}"
    );
    assert!(out.contains("    - h8 makes a four (horizontal)"), "{out}");
    assert!(out.contains("    - h8 makes a four (vertical)"), "{out}");
    let (code, out, _) = run(&["explain", "h8 h9", "a15"]);
    assert_eq!(code, 0);
    assert!(out.contains("a15 is not forbidden for black."), "{out}");
    // An empty position is allowed.
    let (code, out, _) = run(&["explain", "", "h8"]);
    assert_eq!(code, 0);
    assert!(out.contains("h8 is not forbidden for black."), "{out}");
}

#[test]
fn bad_input_exits_with_code_2() {
    for (args, words) in [
        (vec!["explain"], "<POSITION POINT>..."),
        (
            vec!["explain", "h8 h9", "h8"],
            "h8 already holds a black stone",
        ),
        (
            vec!["explain", "h8 h9", "z99"],
            "'z99' is off the 15x15 board",
        ),
        (vec!["explain", "h8 h9", "here"], "'here' is not a point"),
        (
            vec!["explain", "h8 h8", "a1"],
            "move 2 (h8) is on an occupied point",
        ),
        (
            vec!["explain", "missing.psq", "a1"],
            "cannot read 'missing.psq'",
        ),
        (
            vec!["explain", "--rule", "renju", "h8", "a1"],
            "unexpected argument '--rule'",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// One case of `tests/data/renju-forbidden-cases.txt`: the stones and the points to ask about,
/// each with its verified label.
struct Case {
    id: String,
    black: String,
    white: String,
    questions: Vec<(String, String)>,
}

/// Reads the verified cases (x,y points, see the file's header). A full-board case asks about
/// each forbidden point and about the first empty points next to black stones (all legal).
fn verified_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(data("renju-forbidden-cases.txt")).unwrap();
    let mut cases = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let id = line.split('|').next().unwrap().trim().to_string();
        let field = |name: &str| -> String {
            line.split('|')
                .map(str::trim)
                .find_map(|f| f.strip_prefix(&format!("{name}:")))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        assert_eq!(field("size"), "15", "{id}");
        let labelled = |text: String| -> Vec<(String, String)> {
            text.split_whitespace()
                .map(|item| {
                    let (point, label) = item.split_once('=').unwrap();
                    (point.to_string(), label.to_string())
                })
                .collect()
        };
        let mut questions = match field("kind").as_str() {
            "point" => labelled(field("query")),
            "full-board" => labelled(field("forbidden")),
            other => panic!("{id}: kind {other}"),
        };
        if field("kind") == "full-board" {
            let stones: Vec<(i32, i32)> = field("black")
                .split_whitespace()
                .chain(field("white").split_whitespace())
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            let black_count = field("black").split_whitespace().count();
            let mut legal = Vec::new();
            for &(bx, by) in &stones[..black_count] {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1)] {
                    let (x, y) = (bx + dx, by + dy);
                    let point = format!("{x},{y}");
                    if (0..15).contains(&x)
                        && (0..15).contains(&y)
                        && !stones.contains(&(x, y))
                        && !questions.iter().any(|(p, _)| *p == point)
                        && !legal.contains(&point)
                    {
                        legal.push(point);
                    }
                }
            }
            // A few of them: every point costs a process start.
            questions.extend(legal.into_iter().take(4).map(|p| (p, "legal".to_string())));
        }
        cases.push(Case {
            id,
            black: field("black"),
            white: field("white"),
            questions,
        });
    }
    cases
}

#[test]
fn every_verified_case_is_explained_with_its_verdict() {
    // The 174 hand-made and collected cases (each checked by two independent judges), asked as
    // diagrams: black and white stone sets, in no game order.
    let cases = verified_cases();
    assert_eq!(cases.len(), 174);
    let mut asked = 0;
    for case in &cases {
        for (point, label) in &case.questions {
            let mut args = vec!["explain", "--black", &case.black, "--to-move", "black"];
            if !case.white.is_empty() {
                args.extend(["--white", &case.white]);
            }
            args.push(point);
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{}: {point}: {err}", case.id);
            let verdict = out
                .lines()
                .find(|l| l.contains(" is FORBIDDEN for black") || l.contains(" is not forbidden"))
                .unwrap_or_else(|| panic!("{}: {point}: no verdict in\n{out}", case.id));
            let expected = match label.as_str() {
                "legal" => "is not forbidden for black.".to_string(),
                "forbidden" => "is FORBIDDEN for black: ".to_string(),
                kind => format!("is FORBIDDEN for black: {kind}."),
            };
            assert!(
                verdict.contains(&expected),
                "{}: {point} should be {label}: {verdict}",
                case.id
            );
            asked += 1;
        }
    }
    println!("{asked} points of {} verified cases explained", cases.len());
}
