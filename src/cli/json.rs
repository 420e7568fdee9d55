//! A small JSON reader, enough for puzzle files: objects, arrays, strings (with escapes),
//! numbers, `true`, `false`, `null`. Errors name the line and column.

use std::fmt;

/// A JSON value. Objects keep their keys in file order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, as key–value pairs in file order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The member `key` of an object (`None` for other values or a missing key).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Json::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Json::Number(value) => Some(*value),
            _ => None,
        }
    }
}

/// Where and why the text is not JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was expected.
    pub reason: String,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "JSON error at line {} column {}: {}",
            self.line, self.column, self.reason
        )
    }
}

impl std::error::Error for JsonError {}

/// Nesting deeper than this is refused (no stack overflow on hostile input).
const MAX_DEPTH: usize = 200;

struct Reader<'a> {
    text: &'a str,
    position: usize,
}

impl Reader<'_> {
    fn error(&self, reason: impl Into<String>) -> JsonError {
        let before = &self.text[..self.position];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        JsonError {
            line,
            column,
            reason: reason.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.position..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.position += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if matches!(c, ' ' | '\t' | '\n' | '\r') {
                self.position += 1;
            } else {
                break;
            }
        }
    }

    fn expect_word(&mut self, word: &str, value: Json) -> Result<Json, JsonError> {
        if self.text[self.position..].starts_with(word) {
            self.position += word.len();
            Ok(value)
        } else {
            Err(self.error("expected a value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        self.skip_space();
        match self.peek() {
            None => Err(self.error("unexpected end of the text")),
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some('"') => Ok(Json::Text(self.string()?)),
            Some('t') => self.expect_word("true", Json::Bool(true)),
            Some('f') => self.expect_word("false", Json::Bool(false)),
            Some('n') => self.expect_word("null", Json::Null),
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(),
            Some(c) => Err(self.error(format!("unexpected '{c}'"))),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.bump();
        let mut members = Vec::new();
        self.skip_space();
        if self.peek() == Some('}') {
            self.bump();
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_space();
            if self.peek() != Some('"') {
                return Err(self.error("expected a member name in double quotes"));
            }
            let key = self.string()?;
            self.skip_space();
            if self.bump() != Some(':') {
                return Err(self.error("expected ':' after the member name"));
            }
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.skip_space();
            match self.bump() {
                Some(',') => continue,
                Some('}') => return Ok(Json::Object(members)),
                _ => return Err(self.error("expected ',' or '}' in an object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.bump();
        let mut items = Vec::new();
        self.skip_space();
        if self.peek() == Some(']') {
            self.bump();
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.skip_space();
            match self.bump() {
                Some(',') => continue,
                Some(']') => return Ok(Json::Array(items)),
                _ => return Err(self.error("expected ',' or ']' in an array")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let digits = self
            .text
            .get(self.position..self.position + 4)
            .filter(|d| d.chars().all(|c| c.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("expected four hex digits after \\u"))?;
        self.position += 4;
        u32::from_str_radix(digits, 16).map_err(|_| self.error("bad \\u escape"))
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(self.error("unterminated string")),
                Some('"') => return Ok(text),
                Some('\\') => {
                    let escaped = match self.bump() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('/') => '/',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('u') => {
                            let mut code = self.hex4()?;
                            if (0xD800..0xDC00).contains(&code)
                                && self.text[self.position..].starts_with("\\u")
                            {
                                self.position += 2;
                                let low = self.hex4()?;
                                code = 0x10000
                                    + ((code - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => return Err(self.error("bad escape in a string")),
                    };
                    text.push(escaped);
                }
                Some(c) if (c as u32) < 0x20 => {
                    return Err(self.error("control character in a string"))
                }
                Some(c) => text.push(c),
            }
        }
    }

    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.position;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E') {
                self.position += 1;
            } else {
                break;
            }
        }
        self.text[start..self.position]
            .parse::<f64>()
            .map(Json::Number)
            .map_err(|_| self.error("bad number"))
    }
}

/// Reads a whole JSON text.
pub fn parse(text: &str) -> Result<Json, JsonError> {
    let mut reader = Reader {
        text: text.trim_start_matches('\u{feff}'),
        position: 0,
    };
    let value = reader.value(0)?;
    reader.skip_space();
    if reader.position != reader.text.len() {
        return Err(reader.error("unexpected text after the value"));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values() {
        let value = parse(
            r#" { "id": "Q-1", "n": [1, -2.5, 3e2], "ok": true, "no": false,
                  "none": null, "text": "a\"b\\c\n\u00e9\ud83d\ude00", "empty": {}, "list": [] } "#,
        )
        .unwrap();
        assert_eq!(value.get("id").and_then(Json::as_text), Some("Q-1"));
        let numbers: Vec<f64> = value
            .get("n")
            .and_then(Json::as_array)
            .unwrap()
            .iter()
            .filter_map(Json::as_number)
            .collect();
        assert_eq!(numbers, vec![1.0, -2.5, 300.0]);
        assert_eq!(value.get("ok"), Some(&Json::Bool(true)));
        assert_eq!(value.get("none"), Some(&Json::Null));
        assert_eq!(
            value.get("text").and_then(Json::as_text),
            Some("a\"b\\c\né😀")
        );
        assert_eq!(value.get("empty"), Some(&Json::Object(vec![])));
        assert_eq!(value.get("missing"), None);
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = parse("{\n  \"a\": [1, 2,, 3]\n}").unwrap_err();
        assert_eq!((error.line, error.column), (2, 14));
        for bad in [
            "",
            "{",
            "[1 2]",
            "{\"a\" 1}",
            "\"open",
            "tru",
            "{} x",
            "[1,]",
            "{a:1}",
            "-",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let deep = "[".repeat(1000);
        assert!(parse(&deep).is_err());
    }
}
