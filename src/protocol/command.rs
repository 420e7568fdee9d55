//! Commands from the manager: the typed [`Command`] enum, the parser of one line, and the
//! [`CommandReader`] that gathers the multi-line blocks (`BOARD` … `DONE`, `YXBOARD` … `DONE`,
//! `SWAP2BOARD` … `DONE`) into one command.
//!
//! Parsing finds everything that can be wrong with a line by itself (unknown keyword, missing or
//! malformed numbers, a bad field in a block). What depends on the game (is the point on the
//! board, is it empty) is checked by the session that owns the board.
//!
//! Keywords are matched case-insensitively; surrounding white space (including the `\r` of CR LF
//! line ends) is ignored, and so are blank lines.

use std::fmt;

/// Longest line the reader keeps, in bytes; the rest of a longer line is dropped and the line
/// is answered with an error.
pub const MAX_LINE_BYTES: usize = 8192;
/// Most entries one block may hold (a 32 × 32 board has 1024 points).
pub const MAX_BLOCK_ENTRIES: usize = 1024;
/// How much of an offending line an error message quotes.
const QUOTE_CHARS: usize = 40;

/// A pair of coordinates as the manager wrote them (not yet checked against the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// Column, 0-based from the left.
    pub x: i64,
    /// Row, 0-based from the top.
    pub y: i64,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whose stone a `BOARD` line describes (its third field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneOwner {
    /// Field 1: the brain's own stone.
    Own,
    /// Field 2: the opponent's stone.
    Opponent,
    /// Field 3: a blocked point (continuous games).
    Blocked,
}

/// One line of a `BOARD` or `YXBOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardEntry {
    /// Where.
    pub at: Coord,
    /// Whose.
    pub owner: StoneOwner,
}

/// Which block a `DONE` closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `BOARD`: set the position and answer a move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: an opening stage of swap2.
    Swap2Board,
    /// `YXBLOCK`: points the search must not play.
    YxBlock,
    /// `YXBLOCKUNDO`: points the search may play again.
    YxBlockUndo,
    /// `YXQUERYDATABASEALL` / `YXQUERYDATABASEALLT` (Yixin-Board only): a position's moves.
    YxDatabaseQuery,
    /// `YXSOOSORVSTEP2`..`6` (with a count for 4 and 5): a Soosõrv-8 stage on these moves.
    YxSoosorv(u8),
}

impl BlockKind {
    /// The keyword that opens the block.
    pub fn keyword(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
            BlockKind::YxBlock => "YXBLOCK",
            BlockKind::YxBlockUndo => "YXBLOCKUNDO",
            BlockKind::YxDatabaseQuery => "YXQUERYDATABASEALL",
            BlockKind::YxSoosorv(_) => "YXSOOSORVSTEP",
        }
    }

    /// Whether the block's lines are bare points `x,y` (else `x,y,f` stones).
    fn takes_points(self) -> bool {
        matches!(
            self,
            BlockKind::Swap2Board
                | BlockKind::YxBlock
                | BlockKind::YxBlockUndo
                | BlockKind::YxDatabaseQuery
                | BlockKind::YxSoosorv(_)
        )
    }
}

/// One `INFO key value` setting. Values are as sent; the session applies them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoSetting {
    /// `timeout_turn` ms (0 = answer at once).
    TimeoutTurn(i64),
    /// `timeout_match` ms (0 = no limit).
    TimeoutMatch(i64),
    /// `time_left` ms (may be negative; 2147483647 = no limit).
    TimeLeft(i64),
    /// `max_memory` bytes (0 = no limit).
    MaxMemory(i64),
    /// `game_type` (0 human, 1 brain, 2 tournament, 3 network tournament).
    GameType(i64),
    /// `rule` bitmask (see [`crate::rules::Rule::from_info`]).
    Rule(i64),
    /// `folder` for persistent files (to the end of the line).
    Folder(String),
    /// `evaluate x,y` (debug only; ignored).
    Evaluate,
    /// `thread_num`.
    ThreadNum(i64),
    /// `max_depth` (0 or less = no limit).
    MaxDepth(i64),
    /// `max_node` (0 or less = no limit).
    MaxNode(i128),
    /// `hash_size` in KiB (Yixin-Board; 0 = default).
    HashSize(i64),
    /// `caution_factor` (Yixin-Board).
    CautionFactor(i64),
    /// `show_detail` (Yixin-Board): non-zero asks for the thinking to be shown on the board.
    ShowDetail(i64),
    /// A key Tengen does not use; ignored.
    Other(String),
}

/// A command from the manager, well-formed but not yet checked against the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` / `RECTSTART w,h`: a new empty board.
    Start {
        /// Columns.
        width: i64,
        /// Rows.
        height: i64,
    },
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: empty board, we move first.
    Begin,
    /// `TURN x,y`: the opponent played there; answer a move.
    Turn(Coord),
    /// `BOARD` … `DONE`: set the position and answer a move.
    Board(Vec<BoardEntry>),
    /// `YXBOARD` … `DONE`: set the position, no answer.
    YxBoard(Vec<BoardEntry>),
    /// `SWAP2BOARD` … `DONE`: the stones placed so far (black, white, black, …).
    Swap2Board(Vec<Coord>),
    /// `INFO key value`.
    Info(InfoSetting),
    /// `END`: quit.
    End,
    /// `ABOUT`: say who we are.
    About,
    /// `TAKEBACK x,y`: remove that stone.
    Takeback(Coord),
    /// `PLAY x,y`: play this move for us and echo it.
    Play(Coord),
    /// `STOP` / `YXSTOP`: stop the search and answer the best move so far.
    Stop,
    /// `YXSHOWFORBID`: list black's forbidden points.
    YxShowForbid,
    /// `YXHASHCLEAR`: forget the transposition table.
    YxHashClear,
    /// `YXSHOWHASHUSAGE`: say how full the transposition table is.
    YxShowHashUsage,
    /// `YXNBEST n`: search, show the n best moves, answer the best.
    YxNBest(u32),
    /// `YXSHOWINFO`: engine limits for Yixin-Board.
    YxShowInfo,
    /// `YXBLOCK` … `DONE`: the search must not play these points (until `YXBLOCKUNDO` or
    /// `YXBLOCKRESET`).
    YxBlock(Vec<Coord>),
    /// `YXBLOCKUNDO` … `DONE`: the search may play these points again.
    YxBlockUndo(Vec<Coord>),
    /// `YXBLOCKRESET`: the search may play every point again.
    YxBlockReset,
    /// `YXSOOSORVSTEP1`, `YXSOOSORVSTEP2`..`6` (4 and 5 with a count) … `DONE`: Yixin-Board's Soosõrv-8
    /// opening stages on the moves given (see `protocol.md`).
    YxSoosorv {
        /// The stage, 1 to 6.
        step: u8,
        /// The number of fifth moves (stages 4 and 5).
        count: Option<u8>,
        /// The moves so far, black first.
        moves: Vec<Coord>,
    },
    /// `YXQUERYDATABASEALL[T]` … `DONE` (Yixin-Board only): its opening database's records
    /// for a position. Tengen keeps no database: it answers that there are none.
    YxQueryDatabase,
    /// `YXSWAP2STEP1`..`3`: Yixin-Board's swap2 stages on the current position (1: put the
    /// opening; 2: three stones, choose; 3: five stones, choose the colour).
    YxSwap2Step(u8),
    /// `YXSEARCHDEFEND`: the moves that stop the opponent's forced win; play the best.
    YxSearchDefend,
    /// `YXBALANCEONE s` / `YXBALANCETWO s`: play the move (or our move and the opponent's)
    /// that leaves the position closest to `target` centi-stones for us.
    YxBalance {
        /// Two moves (`YXBALANCETWO`) or one.
        two: bool,
        /// The wanted evaluation for the side to move (0: even).
        target: i32,
    },
}

/// What kind of answer a bad line gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A known command with bad arguments: `ERROR …`.
    Invalid,
    /// Not a command we know: `UNKNOWN …`.
    Unknown,
    /// A bad `INFO` line: no answer at all (the protocol forbids replies to INFO); logged.
    Info,
}

/// Why a line (or block) is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// How to answer it.
    pub kind: ErrorKind,
    /// What is wrong, for the answer line.
    pub message: String,
}

impl ParseError {
    fn invalid(message: impl Into<String>) -> ParseError {
        ParseError {
            kind: ErrorKind::Invalid,
            message: message.into(),
        }
    }

    fn unknown(message: impl Into<String>) -> ParseError {
        ParseError {
            kind: ErrorKind::Unknown,
            message: message.into(),
        }
    }

    fn info(message: impl Into<String>) -> ParseError {
        ParseError {
            kind: ErrorKind::Info,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// A short, printable quote of untrusted text for an error message.
pub fn quote(text: &str) -> String {
    let mut quoted: String = text
        .chars()
        .take(QUOTE_CHARS)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(QUOTE_CHARS).is_some() {
        quoted.push('…');
    }
    quoted
}

/// Parses a decimal integer (an optional sign, then digits; nothing else).
fn parse_integer(text: &str) -> Option<i64> {
    let text = text.trim();
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Parses `x,y` (spaces around the numbers allowed).
pub fn parse_coord(text: &str) -> Option<Coord> {
    let (x, y) = text.split_once(',')?;
    Some(Coord {
        x: parse_integer(x)?,
        y: parse_integer(y)?,
    })
}

/// Parses a `BOARD` line `x,y,f`.
fn parse_board_entry(text: &str) -> Option<BoardEntry> {
    let mut fields = text.split(',');
    let x = parse_integer(fields.next()?)?;
    let y = parse_integer(fields.next()?)?;
    let owner = match parse_integer(fields.next()?)? {
        1 => StoneOwner::Own,
        2 => StoneOwner::Opponent,
        3 => StoneOwner::Blocked,
        _ => return None,
    };
    if fields.next().is_some() {
        return None;
    }
    Some(BoardEntry {
        at: Coord { x, y },
        owner,
    })
}

/// Splits a line into its keyword (upper-cased) and the rest (trimmed).
fn split_keyword(line: &str) -> (String, &str) {
    let line = line.trim();
    match line.find(char::is_whitespace) {
        Some(at) => (line[..at].to_ascii_uppercase(), line[at..].trim()),
        None => (line.to_ascii_uppercase(), ""),
    }
}

/// Parses the value of an `INFO` line.
fn parse_info(rest: &str) -> Result<InfoSetting, ParseError> {
    let (key, value) = match rest.find(char::is_whitespace) {
        Some(at) => (rest[..at].to_ascii_lowercase(), rest[at..].trim()),
        None => (rest.to_ascii_lowercase(), ""),
    };
    let number = || {
        parse_integer(value)
            .ok_or_else(|| ParseError::info(format!("INFO {key}: bad value '{}'", quote(value))))
    };
    let non_negative = || {
        number().and_then(|n| {
            if n >= 0 {
                Ok(n)
            } else {
                Err(ParseError::info(format!("INFO {key}: negative value {n}")))
            }
        })
    };
    let setting = match key.as_str() {
        "" => return Err(ParseError::info("INFO without a key")),
        "timeout_turn" => InfoSetting::TimeoutTurn(non_negative()?),
        "timeout_match" => InfoSetting::TimeoutMatch(non_negative()?),
        "time_left" => InfoSetting::TimeLeft(number()?),
        "max_memory" => InfoSetting::MaxMemory(non_negative()?),
        "game_type" => InfoSetting::GameType(number()?),
        "rule" => InfoSetting::Rule(non_negative()?),
        "folder" => InfoSetting::Folder(value.to_string()),
        "evaluate" => InfoSetting::Evaluate,
        "thread_num" => InfoSetting::ThreadNum(non_negative()?),
        "max_depth" => InfoSetting::MaxDepth(number()?),
        "max_node" => {
            let digits = value.strip_prefix(['+', '-']).unwrap_or(value);
            let parsed = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                value.parse::<i128>().ok()
            } else {
                None
            };
            InfoSetting::MaxNode(parsed.ok_or_else(|| {
                ParseError::info(format!("INFO max_node: bad value '{}'", quote(value)))
            })?)
        }
        "hash_size" => InfoSetting::HashSize(non_negative()?),
        "caution_factor" => InfoSetting::CautionFactor(number()?),
        "show_detail" => InfoSetting::ShowDetail(number()?),
        _ => InfoSetting::Other(key),
    };
    Ok(setting)
}

/// Parses one line that is neither inside a block nor opens one (the [`CommandReader`]
/// handles those); `keyword` is upper-cased, `rest` is what follows it.
fn parse_single(keyword: &str, rest: &str, line: &str) -> Result<Command, ParseError> {
    let coord_argument = |name: &str| {
        parse_coord(rest)
            .ok_or_else(|| ParseError::invalid(format!("{name} needs x,y, got '{}'", quote(rest))))
    };
    match keyword {
        "START" => match parse_integer(rest) {
            Some(size) => Ok(Command::Start {
                width: size,
                height: size,
            }),
            None => Err(ParseError::invalid(format!(
                "START needs a board size, got '{}'",
                quote(rest)
            ))),
        },
        "RECTSTART" => {
            let size = coord_argument("RECTSTART")?;
            Ok(Command::Start {
                width: size.x,
                height: size.y,
            })
        }
        "RESTART" => Ok(Command::Restart),
        "BEGIN" => Ok(Command::Begin),
        "TURN" => Ok(Command::Turn(coord_argument("TURN")?)),
        "TAKEBACK" => Ok(Command::Takeback(coord_argument("TAKEBACK")?)),
        "PLAY" => Ok(Command::Play(coord_argument("PLAY")?)),
        "INFO" => Ok(Command::Info(parse_info(rest)?)),
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "STOP" | "YXSTOP" => Ok(Command::Stop),
        "YXSHOWFORBID" => Ok(Command::YxShowForbid),
        "YXHASHCLEAR" => Ok(Command::YxHashClear),
        "YXSHOWHASHUSAGE" => Ok(Command::YxShowHashUsage),
        "YXSHOWINFO" => Ok(Command::YxShowInfo),
        "YXBLOCKRESET" => Ok(Command::YxBlockReset),
        "YXSEARCHDEFEND" => Ok(Command::YxSearchDefend),
        "YXSWAP2STEP1" => Ok(Command::YxSwap2Step(1)),
        "YXSWAP2STEP2" => Ok(Command::YxSwap2Step(2)),
        "YXSWAP2STEP3" => Ok(Command::YxSwap2Step(3)),
        "YXSOOSORVSTEP1" => Ok(Command::YxSoosorv {
            step: 1,
            count: None,
            moves: Vec::new(),
        }),
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let target = if rest.is_empty() {
                Some(0)
            } else {
                parse_integer(rest)
                    .filter(|n| n.abs() <= 10_000)
                    .map(|n| n as i32)
            };
            match target {
                Some(target) => Ok(Command::YxBalance {
                    two: keyword == "YXBALANCETWO",
                    target,
                }),
                None => Err(ParseError::invalid(format!(
                    "{keyword} takes an evaluation from -10000 to 10000, got '{}'",
                    quote(rest)
                ))),
            }
        }
        "YXNBEST" => match parse_integer(rest) {
            Some(n) if (1..=i64::from(u32::MAX)).contains(&n) => Ok(Command::YxNBest(n as u32)),
            _ => Err(ParseError::invalid(format!(
                "YXNBEST needs a count of at least 1, got '{}'",
                quote(rest)
            ))),
        },
        "DONE" => Err(ParseError::invalid(
            "DONE without BOARD, YXBOARD, SWAP2BOARD, YXBLOCK or YXBLOCKUNDO",
        )),
        _ => Err(ParseError::unknown(format!(
            "unknown command '{}'",
            quote(line.trim())
        ))),
    }
}

/// Every command keyword Tengen knows (`protocol.md` documents each).
pub const COMMAND_KEYWORDS: [&str; 38] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "DONE",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "STOP",
    "YXSTOP",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXNBEST",
    "YXSHOWINFO",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "YXSEARCHDEFEND",
    "YXBALANCEONE",
    "YXBALANCETWO",
    "YXSWAP2STEP1",
    "YXSWAP2STEP2",
    "YXSWAP2STEP3",
    "YXQUERYDATABASEALL",
    "YXQUERYDATABASEALLT",
    "YXSOOSORVSTEP1",
    "YXSOOSORVSTEP2",
    "YXSOOSORVSTEP3",
    "YXSOOSORVSTEP4",
    "YXSOOSORVSTEP5",
    "YXSOOSORVSTEP6",
    "YXSHOWHASHUSAGE",
];

/// Every `INFO` key Tengen uses (`protocol.md` documents each); others are ignored.
pub const INFO_KEYS: [&str; 14] = [
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "game_type",
    "rule",
    "folder",
    "evaluate",
    "thread_num",
    "max_depth",
    "max_node",
    "hash_size",
    "caution_factor",
    "show_detail",
];

/// Whether a keyword names a command Tengen knows (for answering an over-long line).
fn is_known_keyword(keyword: &str) -> bool {
    COMMAND_KEYWORDS.contains(&keyword)
}

/// An open block: its kind, what it has gathered, and the first problem found in it.
#[derive(Debug)]
struct OpenBlock {
    kind: BlockKind,
    /// The argument after the keyword (the count of `YXSOOSORVSTEP4`/`5`).
    count: Option<u8>,
    entries: Vec<BoardEntry>,
    coords: Vec<Coord>,
    problem: Option<String>,
}

/// Turns lines into commands, gathering blocks. Feed it every line in order.
///
/// After `YXSHOWINFO` (which only Yixin-Board sends) the conversation is Yixin-Board's, and the
/// reader stays quiet where that GUI expects quiet: a command Tengen does not implement (the
/// database, balance, block and hash-file families), the stone lines that follow some of them
/// and the `DONE` that closes those are read and dropped (logged at debug level), not answered
/// with `UNKNOWN`/`ERROR` lines that would fill Yixin-Board's log. A known command with bad
/// arguments still gets its `ERROR`.
#[derive(Debug, Default)]
pub struct CommandReader {
    block: Option<OpenBlock>,
    yixin_board: bool,
}

impl CommandReader {
    /// A reader outside any block.
    pub fn new() -> CommandReader {
        CommandReader::default()
    }

    /// Whether the conversation is Yixin-Board's (a `YXSHOWINFO` was read).
    pub fn is_yixin_board(&self) -> bool {
        self.yixin_board
    }

    /// Whether a block is open (its `DONE` has not come yet).
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Takes one line (without its line end; `truncated` says the reader cut it at
    /// [`MAX_LINE_BYTES`]). Returns a command or an error when one is complete; `None` for a
    /// blank line or a line inside a block.
    pub fn feed(&mut self, line: &str, truncated: bool) -> Option<Result<Command, ParseError>> {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return None;
        }
        let (keyword, rest) = split_keyword(trimmed);
        if let Some(block) = self.block.as_mut() {
            return match keyword.as_str() {
                "DONE" => {
                    let block = self.block.take()?;
                    Some(Self::close(block))
                }
                // A manager that gives up mid-block still wants us gone at once.
                "END" => {
                    self.block = None;
                    Some(Ok(Command::End))
                }
                _ => {
                    Self::add_block_line(block, trimmed, truncated);
                    None
                }
            };
        }
        if truncated {
            let message = format!(
                "line too long (over {MAX_LINE_BYTES} bytes): '{}'",
                quote(trimmed)
            );
            return Some(Err(match keyword.as_str() {
                "INFO" => ParseError::info(message),
                known if is_known_keyword(known) => ParseError::invalid(message),
                _ => ParseError::unknown(message),
            }));
        }
        let kind = match keyword.as_str() {
            "BOARD" => Some(BlockKind::Board),
            "YXBOARD" => Some(BlockKind::YxBoard),
            "SWAP2BOARD" => Some(BlockKind::Swap2Board),
            "YXBLOCK" => Some(BlockKind::YxBlock),
            "YXBLOCKUNDO" => Some(BlockKind::YxBlockUndo),
            "YXQUERYDATABASEALL" | "YXQUERYDATABASEALLT" if self.yixin_board => {
                Some(BlockKind::YxDatabaseQuery)
            }
            "YXSOOSORVSTEP2" => Some(BlockKind::YxSoosorv(2)),
            "YXSOOSORVSTEP3" => Some(BlockKind::YxSoosorv(3)),
            "YXSOOSORVSTEP4" => Some(BlockKind::YxSoosorv(4)),
            "YXSOOSORVSTEP5" => Some(BlockKind::YxSoosorv(5)),
            "YXSOOSORVSTEP6" => Some(BlockKind::YxSoosorv(6)),
            _ => None,
        };
        if let Some(BlockKind::YxSoosorv(step @ (4 | 5))) = kind {
            let count = parse_integer(rest).filter(|n| (1..=8).contains(n));
            self.block = Some(OpenBlock {
                kind: BlockKind::YxSoosorv(step),
                count: count.map(|n| n as u8),
                entries: Vec::new(),
                coords: Vec::new(),
                problem: count.is_none().then(|| {
                    format!(
                        "YXSOOSORVSTEP{step} needs a count of fifth moves from 1 to 8, got '{}'",
                        quote(rest)
                    )
                }),
            });
            return None;
        }
        if let Some(kind) = kind {
            self.block = Some(OpenBlock {
                kind,
                count: None,
                entries: Vec::new(),
                coords: Vec::new(),
                problem: (!rest.is_empty()).then(|| {
                    format!(
                        "{} takes no argument, got '{}'",
                        kind.keyword(),
                        quote(rest)
                    )
                }),
            });
            return None;
        }
        let parsed = parse_single(&keyword, rest, trimmed);
        match &parsed {
            Ok(Command::YxShowInfo) => self.yixin_board = true,
            Err(error) if self.yixin_board && Self::quiet_for_yixin_board(&keyword, error) => {
                log::debug!("Yixin-Board line ignored: {}", quote(trimmed));
                return None;
            }
            _ => {}
        }
        Some(parsed)
    }

    /// Whether Yixin-Board expects no answer to this bad line: a command Tengen does not know
    /// (its extensions, and the bare stone lines after some of them), or the `DONE` that closes
    /// such a list.
    fn quiet_for_yixin_board(keyword: &str, error: &ParseError) -> bool {
        error.kind == ErrorKind::Unknown || keyword == "DONE"
    }

    fn add_block_line(block: &mut OpenBlock, line: &str, truncated: bool) {
        if block.problem.is_some() {
            return;
        }
        let count = block.entries.len() + block.coords.len();
        if truncated {
            block.problem = Some(format!("line too long in {}", block.kind.keyword()));
        } else if count >= MAX_BLOCK_ENTRIES {
            block.problem = Some(format!(
                "more than {MAX_BLOCK_ENTRIES} lines in {}",
                block.kind.keyword()
            ));
        } else if block.kind.takes_points() {
            match parse_coord(line) {
                Some(coord) => block.coords.push(coord),
                None => {
                    block.problem = Some(format!(
                        "bad {} line '{}' (expected x,y)",
                        block.kind.keyword(),
                        quote(line)
                    ))
                }
            }
        } else {
            match parse_board_entry(line) {
                Some(entry) => block.entries.push(entry),
                None => {
                    block.problem = Some(format!(
                        "bad {} line '{}' (expected x,y,f with f = 1, 2 or 3)",
                        block.kind.keyword(),
                        quote(line)
                    ))
                }
            }
        }
    }

    fn close(block: OpenBlock) -> Result<Command, ParseError> {
        if let Some(problem) = block.problem {
            let unchanged = if matches!(block.kind, BlockKind::YxBlock | BlockKind::YxBlockUndo) {
                "blocked points"
            } else {
                "position"
            };
            return Err(ParseError::invalid(format!(
                "{problem}; {unchanged} unchanged"
            )));
        }
        Ok(match block.kind {
            BlockKind::Board => Command::Board(block.entries),
            BlockKind::YxBoard => Command::YxBoard(block.entries),
            BlockKind::Swap2Board => Command::Swap2Board(block.coords),
            BlockKind::YxBlock => Command::YxBlock(block.coords),
            BlockKind::YxBlockUndo => Command::YxBlockUndo(block.coords),
            BlockKind::YxDatabaseQuery => Command::YxQueryDatabase,
            BlockKind::YxSoosorv(step) => Command::YxSoosorv {
                step,
                count: block.count,
                moves: block.coords,
            },
        })
    }
}

/// Parses a single line that opens no block (for tests and tools). A block keyword gives an
/// error: use [`CommandReader`] for those.
pub fn parse_line(line: &str) -> Result<Command, ParseError> {
    let mut reader = CommandReader::new();
    match reader.feed(line, false) {
        Some(result) => result,
        None if reader.in_block() => Err(ParseError::invalid(
            "a block command needs its lines and DONE",
        )),
        None => Err(ParseError::unknown("empty line")),
    }
}

impl std::str::FromStr for Command {
    type Err = ParseError;

    /// Same as [`parse_line`].
    fn from_str(line: &str) -> Result<Command, ParseError> {
        parse_line(line)
    }
}
