//! Robustness: seeded random and malformed input (junk bytes, invalid UTF-8, long lines, bad
//! numbers, BOARD blocks with junk) never panics, gets the right `ERROR`/`UNKNOWN` line (or
//! nothing, for `INFO`), and leaves the position exactly as it was.

mod protocol_common;

use std::io::Cursor;
use std::sync::Arc;

use protocol_common::{check_output_line, expect_move, snapshot, started};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen::protocol::command::MAX_LINE_BYTES;
use tengen::protocol::{read_line_capped, run_sync, run_threaded, LineDriver};
use tengen::timeman::RealClock;

/// A game in progress: a few moves on a 15 × 15 board.
fn game_in_progress() -> LineDriver {
    let mut driver = started(15);
    expect_move(&mut driver, "TURN 7,7");
    expect_move(&mut driver, "TURN 6,8");
    expect_move(&mut driver, "TURN 9,9");
    driver
}

/// Random junk text: bytes of every kind (never a newline), read the lossy way.
fn junk(rng: &mut StdRng, max_len: usize) -> String {
    let len = rng.gen_range(0..max_len);
    let bytes: Vec<u8> = (0..len)
        .map(|_| loop {
            let b: u8 = rng.gen();
            if b != b'\n' {
                break b;
            }
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A coordinate argument that can never be a playable point on a 15 × 15 board with the
/// given occupied point.
fn bad_coordinates(rng: &mut StdRng, occupied: (usize, usize)) -> String {
    match rng.gen_range(0..9) {
        0 => format!("{},{}", rng.gen_range(15..1000), rng.gen_range(0..15)),
        1 => format!("{},{}", rng.gen_range(0..15), -rng.gen_range(1..1000)),
        2 => format!("{}", rng.gen_range(0..15)),
        3 => format!("{},{},{}", rng.gen_range(0..15), rng.gen_range(0..15), 1),
        4 => "99999999999999999999999999,1".to_string(),
        5 => format!("{},{}", occupied.0, occupied.1),
        6 => format!("x{}", junk(rng, 20)),
        7 => format!("{};{}", rng.gen_range(0..15), rng.gen_range(0..15)),
        _ => String::new(),
    }
}

/// Random upper/lower case of a keyword.
fn any_case(rng: &mut StdRng, keyword: &str) -> String {
    keyword
        .chars()
        .map(|c| if rng.gen() { c.to_ascii_lowercase() } else { c })
        .collect()
}

/// What a bad line must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    Error,
    Unknown,
    Nothing,
}

fn check(lines: &[String], expect: Expect, input: &str) {
    for line in lines {
        check_output_line(line);
    }
    match expect {
        Expect::Nothing => assert!(lines.is_empty(), "{input:?} -> {lines:?}"),
        Expect::Error | Expect::Unknown => {
            let prefix = if expect == Expect::Error {
                "ERROR "
            } else {
                "UNKNOWN "
            };
            assert_eq!(lines.len(), 1, "{input:?} -> {lines:?}");
            assert!(lines[0].starts_with(prefix), "{input:?} -> {lines:?}");
            assert!(lines[0].len() < 400, "error lines stay short");
        }
    }
}

#[test]
fn seeded_random_bad_lines_change_nothing() {
    let mut rng = StdRng::seed_from_u64(0x7E46E);
    let mut driver = game_in_progress();
    let occupied = {
        let p = driver.session().board().unwrap().history()[0];
        (p.x(), p.y())
    };
    let before = snapshot(driver.session().board().unwrap());
    let rule = driver.session().rule();
    for _ in 0..3000 {
        let case = rng.gen_range(0..10);
        let (input, expect): (Vec<String>, Expect) = match case {
            // Junk that starts with a character no command starts with.
            0 => (vec![format!("~{}", junk(&mut rng, 300))], Expect::Unknown),
            1 => {
                let keyword = ["TURN", "TAKEBACK", "PLAY"][rng.gen_range(0..3)];
                let keyword = any_case(&mut rng, keyword);
                let coordinates = bad_coordinates(&mut rng, occupied);
                let coordinates = if keyword.eq_ignore_ascii_case("TAKEBACK")
                    && coordinates == format!("{},{}", occupied.0, occupied.1)
                {
                    // Taking back a stone that is there is fine; take back an empty one.
                    "14,14".to_string()
                } else {
                    coordinates
                };
                (vec![format!("{keyword} {coordinates}")], Expect::Error)
            }
            2 => {
                let size = [
                    "4".to_string(),
                    "33".to_string(),
                    "-15".to_string(),
                    format!("q{}", junk(&mut rng, 10)),
                ][rng.gen_range(0..4)]
                .clone();
                let rectangle = ["4,15", "15,33", "0,0", "15", "15,,15"][rng.gen_range(0..5)];
                let line = if rng.gen() {
                    format!("{} {size}", any_case(&mut rng, "START"))
                } else {
                    format!("{} {rectangle}", any_case(&mut rng, "RECTSTART"))
                };
                (vec![line], Expect::Error)
            }
            3 => {
                let key = [
                    "timeout_turn",
                    "max_memory",
                    "rule",
                    "max_node",
                    "hash_size",
                ][rng.gen_range(0..5)];
                (
                    vec![format!("INFO {key} z{}", junk(&mut rng, 40))],
                    Expect::Nothing,
                )
            }
            4 => {
                // A BOARD or YXBOARD block with a junk line somewhere.
                let keyword = ["BOARD", "YXBOARD", "SWAP2BOARD"][rng.gen_range(0..3)];
                let mut block = vec![any_case(&mut rng, keyword)];
                for i in 0..rng.gen_range(0..6) {
                    block.push(format!("{},{},{}", i, i + 1, 1 + i % 2));
                }
                let at = rng.gen_range(1..=block.len());
                block.insert(at, format!("#{}", junk(&mut rng, 50)));
                block.push(any_case(&mut rng, "DONE"));
                (block, Expect::Error)
            }
            5 => (
                vec![format!(
                    "{} {}",
                    any_case(&mut rng, "YXNBEST"),
                    ["0", "-3", "", "many"][rng.gen_range(0..4)]
                )],
                Expect::Error,
            ),
            6 => (vec![any_case(&mut rng, "DONE")], Expect::Error),
            7 => (
                vec![format!("YX{}", junk(&mut rng, 30).replace(' ', "_"))],
                Expect::Unknown,
            ),
            8 => (
                vec![junk(&mut rng, 3).replace(|_| true, " ")],
                Expect::Nothing,
            ),
            _ => (
                vec![format!(
                    "{}{}",
                    ["7", ",", "-", "\u{0}"][rng.gen_range(0..4)],
                    junk(&mut rng, 20)
                )],
                Expect::Unknown,
            ),
        };
        let mut lines = Vec::new();
        for line in &input {
            lines.extend(driver.lines(line));
        }
        check(&lines, expect, &input.join(" | "));
        let board = driver.session().board().unwrap();
        assert_eq!(snapshot(board), before, "{input:?} changed the position");
        assert!(board.is_consistent());
        assert_eq!(driver.session().rule(), rule);
    }
    // The game goes on.
    expect_move(&mut driver, "TURN 0,14");
}

#[test]
fn over_long_lines_are_cut_and_answered() {
    let mut input = Vec::new();
    input.extend_from_slice(b"START 15\n");
    input.extend_from_slice(format!("TURN {}\n", "1".repeat(100_000)).as_bytes());
    input.extend_from_slice(format!("{}\n", "z".repeat(100_000)).as_bytes());
    input.extend_from_slice(format!("INFO folder {}\n", "d".repeat(100_000)).as_bytes());
    input.extend_from_slice(b"BOARD\n");
    input.extend_from_slice(format!("1,1,{}\n", "1".repeat(50_000)).as_bytes());
    input.extend_from_slice(b"DONE\nYXSHOWFORBID\nEND\n");
    let mut output = Vec::new();
    assert_eq!(run_sync(Cursor::new(input), &mut output), 0);
    let output = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 5, "{output}");
    assert_eq!(lines[0], "OK");
    assert!(lines[1].starts_with("ERROR "));
    assert!(lines[2].starts_with("UNKNOWN "));
    assert!(lines[3].starts_with("ERROR "));
    assert_eq!(lines[4], "FORBID .");
    for line in lines {
        assert!(line.len() < 400);
    }
}

#[test]
fn line_reader_caps_lines_and_handles_line_ends() {
    let text = format!("a\r\nbb\n\n{}\nlast", "c".repeat(MAX_LINE_BYTES + 10));
    let mut input = Cursor::new(text.into_bytes());
    let mut line = Vec::new();
    let mut read = Vec::new();
    while let Some(truncated) = read_line_capped(&mut input, &mut line, MAX_LINE_BYTES).unwrap() {
        read.push((String::from_utf8_lossy(&line).into_owned(), truncated));
    }
    assert_eq!(read.len(), 5);
    assert_eq!(read[0], ("a\r".to_string(), false));
    assert_eq!(read[1], ("bb".to_string(), false));
    assert_eq!(read[2], (String::new(), false));
    assert_eq!(read[3].0.len(), MAX_LINE_BYTES);
    assert!(read[3].1);
    assert_eq!(read[4], ("last".to_string(), false));
}

#[test]
fn random_byte_streams_never_panic_either_loop() {
    let mut rng = StdRng::seed_from_u64(42);
    for round in 0..20 {
        let mut input = b"START 15\nINFO max_node 2000\nINFO max_depth 2\n".to_vec();
        for _ in 0..rng.gen_range(0..20_000) {
            // Mostly junk, some newlines, some pieces of real commands.
            match rng.gen_range(0..40) {
                0 => input.push(b'\n'),
                1 => input.extend_from_slice(b"\r\n"),
                2 => input.extend_from_slice(b"\nBOARD\n"),
                3 => input.extend_from_slice(b"\nDONE\n"),
                4 => input.extend_from_slice(b"\nINFO "),
                5 => input.extend_from_slice(b",1,"),
                _ => input.push(rng.gen()),
            }
        }
        let mut output = Vec::new();
        let code = if round % 2 == 0 {
            run_sync(Cursor::new(input), &mut output)
        } else {
            run_threaded(Cursor::new(input), &mut output, Arc::new(RealClock::new()))
        };
        assert_eq!(code, 0);
        for line in String::from_utf8(output).unwrap().lines() {
            check_output_line(line);
        }
    }
}

#[test]
fn threaded_and_synchronous_loops_answer_alike() {
    let transcript = "ABOUT\nstart 15\nINFO rule 4\nyxboard\n7,7,1\n7,8,2\n8,6,1\n8,8,2\n\
                      7,9,1\n8,5,2\n8,10,1\n8,11,2\ndone\nYXSHOWFORBID\nhello\nTURN 99,0\n\
                      TAKEBACK 8,11\nYXSHOWFORBID\nYXSHOWINFO\nRESTART\nEND\nABOUT\n";
    let mut sync_output = Vec::new();
    run_sync(transcript.as_bytes(), &mut sync_output);
    let mut threaded_output = Vec::new();
    let code = run_threaded(
        Cursor::new(transcript.as_bytes().to_vec()),
        &mut threaded_output,
        Arc::new(RealClock::new()),
    );
    assert_eq!(code, 0);
    let sync_text = String::from_utf8(sync_output).unwrap();
    assert_eq!(sync_text, String::from_utf8(threaded_output).unwrap());
    let lines: Vec<&str> = sync_text.lines().collect();
    assert_eq!(lines[1], "OK");
    assert_eq!(lines[2], "FORBID 0608.");
    assert!(lines[3].starts_with("UNKNOWN "));
    assert!(lines[4].starts_with("ERROR "));
    assert_eq!(lines[5], "OK");
    assert_eq!(lines.len(), 11, "{sync_text}");
}
