//! Command-line options the subcommands share (clap derive groups: the rule, the board size,
//! the search limits) and the readers of their values (rule, board size, duration), which
//! clap calls so that a bad value is reported like any other argument error.

use std::time::Duration;

use clap::Args;

use crate::notation::MAX_LETTER_COLUMNS;
use crate::rules::Rule;
use crate::search::Limits;

/// `--rule`: the rule a position is played under.
#[derive(Args, Debug, Clone)]
pub struct RuleArg {
    /// Rule: freestyle, standard, renju, caro, caro-exact, or its INFO number (0, 1, 4, 8, 9)
    #[arg(long, value_name = "RULE", value_parser = parse_rule, default_value = "freestyle")]
    pub rule: Rule,
}

/// `--size`: the side of the board a move list is played on.
#[derive(Args, Debug, Clone)]
pub struct SizeArg {
    /// Board side for move lists, 5 to 26 (a .psq file brings its own)
    #[arg(long, value_name = "N", value_parser = parse_size, default_value = "15")]
    pub size: usize,
}

/// `--time`, `--depth`, `--nodes`: how long the engine may think.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Time per search: 2s, 500ms or 1.5 (seconds); the default when no limit is given is 2s
    #[arg(long, value_name = "T", value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// Stop the search after this depth
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub depth: Option<u32>,
    /// Stop after about this many nodes
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

impl LimitArgs {
    /// The search limits; `default_time` applies when no limit is given.
    pub fn limits(&self, default_time: Duration) -> Limits {
        let mut limits = Limits {
            max_depth: self.depth,
            max_nodes: self.nodes,
            ..Limits::default()
        };
        let time = match self.time {
            Some(time) => Some(time),
            None if self.depth.is_none() && self.nodes.is_none() => Some(default_time),
            None => None,
        };
        if let Some(time) = time {
            apply_time(&mut limits, time);
        }
        limits
    }
}

/// `--black`, `--white`, `--to-move`: a position as a diagram (stones set up in any order)
/// instead of a move list.
#[derive(Args, Debug, Clone, Default)]
pub struct DiagramArgs {
    /// Black stones of a diagram: names (h8,i9,j10) or x,y pairs ("7,7 8,8")
    #[arg(long, value_name = "POINTS")]
    pub black: Option<String>,
    /// White stones of a diagram, written like --black
    #[arg(long, value_name = "POINTS")]
    pub white: Option<String>,
    /// Side to move in a diagram (default: black when both have as many stones, else white)
    #[arg(long, value_enum, value_name = "COLOR")]
    pub to_move: Option<Side>,
}

impl DiagramArgs {
    /// Whether any diagram flag was given.
    pub fn given(&self) -> bool {
        self.black.is_some() || self.white.is_some() || self.to_move.is_some()
    }
}

/// A colour as people type it (`--color`, `--to-move`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Black,
    White,
}

impl Side {
    /// The board colour.
    pub fn color(self) -> crate::board::Color {
        match self {
            Side::Black => crate::board::Color::Black,
            Side::White => crate::board::Color::White,
        }
    }
}

/// Sets a per-move time budget: no new iteration after half of it, a hard stop at all of it.
pub fn apply_time(limits: &mut Limits, time: Duration) {
    limits.soft_time = Some(time / 2);
    limits.hard_time = Some(time);
}

/// The rule names people type, and the `INFO rule` numbers that name exactly one rule.
const RULE_CHOICES: &str = "freestyle, standard, renju, caro, caro-exact, or 0, 1, 4, 8, 9";

/// Reads a rule: a name (`freestyle`, `gomoku`, `standard`, `renju`, `caro`, `caro-exact`) or
/// an `INFO rule` number that is exactly one rule's (`17` is not: it is no rule's bits).
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    let bad = || format!("unknown rule '{text}' (give {RULE_CHOICES})");
    if let Ok(number) = text.trim().parse::<i64>() {
        let rule = Rule::from_info(number);
        return if rule.info_value() == number {
            Ok(rule)
        } else {
            Err(bad())
        };
    }
    text.parse::<Rule>().map_err(|_| bad())
}

/// Reads a board side for letter notation: 5 to 26.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let minimum = crate::board::MIN_SIZE;
    match text.trim().parse::<usize>() {
        Ok(size) if (minimum..=MAX_LETTER_COLUMNS).contains(&size) => Ok(size),
        _ => Err(format!(
            "bad board size '{text}': give a number from {minimum} to {MAX_LETTER_COLUMNS}"
        )),
    }
}

/// Reads a duration: `2s`, `500ms`, `1.5` (seconds) or `1.5s`; more than nothing, at most a
/// day.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let trimmed = text.trim().to_ascii_lowercase();
    let (number, scale) = if let Some(number) = trimmed.strip_suffix("ms") {
        (number, 0.001)
    } else if let Some(number) = trimmed.strip_suffix('s') {
        (number, 1.0)
    } else {
        (trimmed.as_str(), 1.0)
    };
    let bad = || format!("bad time '{text}': write it like 2s, 500ms or 1.5 (seconds)");
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let seconds = value * scale;
    if !seconds.is_finite() || !(0.0..=86_400.0).contains(&seconds) {
        return Err(bad());
    }
    let duration = Duration::try_from_secs_f64(seconds).map_err(|_| bad())?;
    if duration < Duration::from_millis(1) {
        return Err(format!(
            "bad time '{text}': give at least 1ms (the engine needs some time to think)"
        ));
    }
    Ok(duration)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration(" 0.25S "), Ok(Duration::from_millis(250)));
        for bad in [
            "", "s", "fast", "-1", "1e300", "nan", "inf", "2h", "0", "0ms", "0.0001",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rules_by_name_and_by_exact_info_number() {
        assert_eq!(parse_rule("renju"), Ok(Rule::Renju));
        assert_eq!(parse_rule("caro-exact"), Ok(Rule::CaroExact));
        assert_eq!(parse_rule("9"), Ok(Rule::CaroExact));
        assert_eq!(parse_rule("4"), Ok(Rule::Renju));
        for bad in ["17", "3", "-1", "reniu", ""] {
            let error = parse_rule(bad).unwrap_err();
            assert!(error.contains("caro-exact"), "{error}");
        }
    }

    #[test]
    fn sizes_and_limits() {
        assert_eq!(parse_size("15"), Ok(15));
        assert!(parse_size("4").is_err() && parse_size("27").is_err());
        assert!(parse_size("x").is_err());
        let depth_only = LimitArgs {
            time: None,
            depth: Some(4),
            nodes: None,
        }
        .limits(Duration::from_secs(2));
        assert_eq!(depth_only.max_depth, Some(4));
        assert_eq!(depth_only.hard_time, None);
        let default = LimitArgs {
            time: None,
            depth: None,
            nodes: None,
        }
        .limits(Duration::from_secs(2));
        assert_eq!(default.hard_time, Some(Duration::from_secs(2)));
        assert_eq!(default.soft_time, Some(Duration::from_secs(1)));
    }
}
