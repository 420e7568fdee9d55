//! Command-line options of the subcommands: `--name value` / `--name=value` pairs and
//! positional words, and the readers of the values they share (rule, board size, time, depth,
//! node count).

use std::time::Duration;

use crate::notation::MAX_LETTER_COLUMNS;
use crate::rules::Rule;
use crate::search::Limits;

/// The arguments of one subcommand, split into options and positional words.
#[derive(Debug, Default)]
pub struct Arguments {
    values: Vec<(String, String)>,
    /// The words that are not options, in order.
    pub positional: Vec<String>,
}

impl Arguments {
    /// Splits `args`: every option must be one of `known` (names without `--`) and takes a
    /// value; `--` ends the options.
    pub fn parse(args: &[String], known: &[&str]) -> Result<Arguments, String> {
        let mut parsed = Arguments::default();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            if word == "--" {
                parsed.positional.extend(words.by_ref().cloned());
                break;
            }
            let Some(option) = word.strip_prefix("--") else {
                parsed.positional.push(word.clone());
                continue;
            };
            let (name, inline_value) = match option.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (option, None),
            };
            if !known.contains(&name) {
                let list = known
                    .iter()
                    .map(|k| format!("--{k}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(format!("unknown option '--{name}' (options: {list})"));
            }
            let value = match inline_value {
                Some(value) => value,
                None => words
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("option '--{name}' needs a value"))?,
            };
            parsed.values.push((name.to_string(), value));
        }
        Ok(parsed)
    }

    /// The value of option `name` (the last one if given twice).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The rule from `--rule`, or `default`.
    pub fn rule(&self, default: Rule) -> Result<Rule, String> {
        match self.value("rule") {
            None => Ok(default),
            Some(text) => text.parse::<Rule>(),
        }
    }

    /// The board side from `--size` (5 to 26: the letters name 26 columns), or `default`.
    pub fn size(&self, default: usize) -> Result<usize, String> {
        match self.value("size") {
            None => Ok(default),
            Some(text) => parse_size(text),
        }
    }

    /// The search limits from `--time`, `--depth` and `--nodes`; `default_time` applies when
    /// none of them is given.
    pub fn limits(&self, default_time: Duration) -> Result<Limits, String> {
        let mut limits = Limits::default();
        if let Some(text) = self.value("depth") {
            limits.max_depth = Some(parse_count(text, "depth", 1, 1000)? as u32);
        }
        if let Some(text) = self.value("nodes") {
            limits.max_nodes = Some(parse_count(text, "nodes", 1, u64::MAX)?);
        }
        let time = match self.value("time") {
            Some(text) => Some(parse_duration(text)?),
            None if limits.max_depth.is_none() && limits.max_nodes.is_none() => Some(default_time),
            None => None,
        };
        if let Some(time) = time {
            apply_time(&mut limits, time);
        }
        Ok(limits)
    }
}

/// Sets a per-move time budget: no new iteration after half of it, a hard stop at all of it.
pub fn apply_time(limits: &mut Limits, time: Duration) {
    limits.soft_time = Some(time / 2);
    limits.hard_time = Some(time);
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

/// Reads a whole number from `minimum` to `maximum` for option `name`.
pub fn parse_count(text: &str, name: &str, minimum: u64, maximum: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(value) if (minimum..=maximum).contains(&value) => Ok(value),
        _ => Err(format!(
            "bad {name} '{text}': give a whole number from {minimum} to {maximum}"
        )),
    }
}

/// Reads a duration: `2s`, `500ms`, `1.5` (seconds) or `1.5s`; at most a day.
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
    Duration::try_from_secs_f64(seconds).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_and_positionals() {
        let parsed = Arguments::parse(
            &words("--rule renju h8 --time=2s i9 --rule caro -- --odd"),
            &["rule", "time"],
        )
        .unwrap();
        assert_eq!(parsed.value("rule"), Some("caro"));
        assert_eq!(parsed.value("time"), Some("2s"));
        assert_eq!(parsed.positional, words("h8 i9 --odd"));
        assert!(Arguments::parse(&words("--colour white"), &["color"]).is_err());
        assert!(Arguments::parse(&words("--time"), &["time"]).is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration(" 0.25S "), Ok(Duration::from_millis(250)));
        for bad in ["", "s", "fast", "-1", "1e300", "nan", "inf", "2h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_counts_and_limits() {
        assert_eq!(parse_size("15"), Ok(15));
        assert!(parse_size("4").is_err() && parse_size("27").is_err());
        assert!(parse_size("x").is_err());
        assert_eq!(parse_count("3", "depth", 1, 10), Ok(3));
        assert!(parse_count("0", "depth", 1, 10).is_err());
        let depth_only = Arguments::parse(&words("--depth 4"), &["depth", "time"])
            .unwrap()
            .limits(Duration::from_secs(2))
            .unwrap();
        assert_eq!(depth_only.max_depth, Some(4));
        assert_eq!(depth_only.hard_time, None);
        let default = Arguments::default().limits(Duration::from_secs(2)).unwrap();
        assert_eq!(default.hard_time, Some(Duration::from_secs(2)));
        assert_eq!(default.soft_time, Some(Duration::from_secs(1)));
    }
}
