//! Lines the brain sends: the [`Reply`] enum, whose `Display` is the exact protocol text with
//! keywords in upper case, and the [`ReplyWriter`] that writes and flushes each one at once.
//!
//! Free text (messages, errors) is cleaned on the way out: no line breaks or other control
//! characters inside, and never an empty `MESSAGE` (Piskvork parses anything that is not
//! `MESSAGE `/`DEBUG ` followed by text as a move).

use std::fmt;
use std::io::{self, Write};

use crate::board::Point;

/// The `ABOUT` line's fields. Values must hold neither `,` nor `=` nor `"` (some managers split
/// on them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// Engine name.
    pub name: &'static str,
    /// Engine version.
    pub version: &'static str,
    /// Authors.
    pub author: &'static str,
    /// Country.
    pub country: &'static str,
}

/// Tengen's `ABOUT` fields.
pub const ABOUT: About = About {
    name: "Tengen",
    version: env!("CARGO_PKG_VERSION"),
    author: "Tengen developers",
    country: "International",
};

/// One line to the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `OK` (exactly).
    Ok,
    /// A move: `x,y`.
    Move(Point),
    /// Several moves on one line (swap2): `x,y x,y …`.
    Moves(Vec<Point>),
    /// `SWAP` (swap2: we take black).
    Swap,
    /// `ERROR <text>`: a known command we cannot carry out.
    Error(String),
    /// `UNKNOWN <text>`: a command we do not know.
    Unknown(String),
    /// `MESSAGE <text>`: information for the user.
    Message(String),
    /// `INFO <text>`: Yixin-Board's N-best lines (`INFO PV 0`, `INFO EVAL 35`, …), sent only
    /// in a Yixin-Board conversation.
    Info(String),
    /// `FORBID xxyy….`: black's forbidden points for Yixin-Board (`FORBID .` when none).
    Forbid(Vec<Point>),
    /// The `ABOUT` answer.
    About(About),
}

/// Text made safe for one protocol line: control characters become spaces, and an empty text
/// becomes `-`.
fn clean(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() {
        "-".to_string()
    } else {
        cleaned.to_string()
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("OK"),
            Reply::Move(point) => write!(f, "{point}"),
            Reply::Moves(points) => {
                for (i, point) in points.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{point}")?;
                }
                Ok(())
            }
            Reply::Swap => f.write_str("SWAP"),
            Reply::Error(text) => write!(f, "ERROR {}", clean(text)),
            Reply::Unknown(text) => write!(f, "UNKNOWN {}", clean(text)),
            Reply::Message(text) => write!(f, "MESSAGE {}", clean(text)),
            Reply::Info(text) => write!(f, "INFO {}", clean(text)),
            Reply::Forbid(points) => {
                f.write_str("FORBID ")?;
                for point in points {
                    write!(f, "{:02}{:02}", point.x(), point.y())?;
                }
                f.write_str(".")
            }
            Reply::About(about) => write!(
                f,
                "name=\"{}\", version=\"{}\", author=\"{}\", country=\"{}\"",
                about.name, about.version, about.author, about.country
            ),
        }
    }
}

/// Writes replies, one line each, flushed at once.
pub struct ReplyWriter<'a> {
    writer: &'a mut dyn Write,
}

impl<'a> ReplyWriter<'a> {
    /// A writer onto `writer`.
    pub fn new(writer: &'a mut dyn Write) -> ReplyWriter<'a> {
        ReplyWriter { writer }
    }

    /// Sends one reply line and flushes it.
    pub fn send(&mut self, reply: &Reply) -> io::Result<()> {
        log::debug!("> {reply}");
        writeln!(self.writer, "{reply}")?;
        self.writer.flush()
    }
}
