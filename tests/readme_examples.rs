//! The README's example transcripts, run and compared with their text (snapbox), so that an
//! example that drifts from what the program prints fails the tests. Each ```` ```text ````
//! block whose first line is `$ pbrain-tengen …` is one example: the command (run from the
//! repository root; double quotes group words) and the lines it prints on stdout. In the
//! expected text a line `...` stands for any lines, and elapsed times (`0.04 s`) are compared
//! as `[TIME]`, as they differ from run to run.

use std::process::Command;

use snapbox::{Assert, Redactions};

const README: &str = include_str!("../README.md");

/// One example: the README line it starts on, the arguments after `pbrain-tengen`, the output.
struct Example {
    line: usize,
    args: Vec<String>,
    expected: String,
}

/// The examples of `markdown`, in order.
fn examples(markdown: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let Some((_, first)) = lines.next() else {
            break;
        };
        let body: Vec<&str> = lines
            .by_ref()
            .map(|(_, line)| line)
            .take_while(|line| line.trim() != "```")
            .collect();
        if let Some(command) = first.strip_prefix("$ pbrain-tengen ") {
            examples.push(Example {
                line: index + 2,
                args: split_words(command),
                expected: body.join("\n") + "\n",
            });
        }
    }
    examples
}

/// Splits a command line into words; double quotes group words.
fn split_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Elapsed times as `[TIME]`, in the program's output and in the expected text alike.
fn redactions() -> Redactions {
    let mut redactions = Redactions::new();
    redactions
        .insert(
            "[TIME]",
            regex::Regex::new(r"(?<redacted>[0-9]+\.[0-9]+ s)").expect("regex"),
        )
        .expect("placeholder");
    redactions
}

#[test]
fn the_readme_has_examples_for_every_tool_that_prints_a_result() {
    let examples = examples(README);
    for tool in ["analyze", "solve", "explain"] {
        assert!(
            examples
                .iter()
                .any(|e| e.args.first().map(String::as_str) == Some(tool)),
            "no `$ pbrain-tengen {tool}` example in README.md"
        );
    }
}

#[test]
fn every_readme_example_prints_what_the_readme_says() {
    let redactions = redactions();
    let assert = Assert::new()
        .redact_with(redactions.clone())
        .normalize_paths(false);
    for example in examples(README) {
        let output = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .args(&example.args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("run pbrain-tengen");
        assert!(
            output.status.success(),
            "README.md line {}: `pbrain-tengen {}` failed: {}",
            example.line,
            example.args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        let actual = String::from_utf8(output.stdout).expect("UTF-8 output");
        let expected = redactions.redact(&example.expected);
        eprintln!(
            "README.md line {}: pbrain-tengen {}",
            example.line,
            example.args.join(" ")
        );
        assert.eq(actual, expected);
    }
}

#[test]
fn words_are_split_like_a_shell_does_for_the_readme() {
    assert_eq!(
        split_words(r#"explain "h8 h9 i7" g9 --rule renju"#),
        ["explain", "h8 h9 i7", "g9", "--rule", "renju"]
    );
}
