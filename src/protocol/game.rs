//! The game side of the protocol: [`Session`] owns the board, the rule, the settings from
//! `INFO`, the time manager and the search engine, and carries out one [`Command`] at a time,
//! answering through a [`ReplyWriter`].
//!
//! Every command that changes the position first builds or checks the new position and only
//! then replaces the old one, so a bad command leaves the game exactly as it was.

use std::io;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Board, Color, Point, MAX_SIZE, MIN_SIZE};
use crate::notation::PointName;
use crate::rules::{self, Rule};
use crate::search::{Engine, Limits, SearchInfo, SearchResult, WIN, WIN_THRESHOLD};
use crate::timeman::{self, Budget, Clock, GameProgress, TimeManager};

use super::command::{BoardEntry, Command, Coord, ErrorKind, InfoSetting, ParseError, StoneOwner};
use super::reply::{Reply, ReplyWriter, ABOUT};

/// What the loop should do after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on reading commands.
    Continue,
    /// `END`: quit now, writing nothing more.
    Quit,
}

/// Where a command's answers go, and the flags shared with the reader thread.
pub struct Context<'a> {
    /// The reply line writer.
    pub out: ReplyWriter<'a>,
    /// Set by the reader thread on `STOP`, `YXSTOP`, `END` or end of input.
    pub stop: &'a AtomicBool,
}

/// Least time between two search progress messages.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);
/// Largest transposition table a manager may ask for with `INFO hash_size`: 2^22 KiB = 4 GiB.
pub const MAX_HASH_SIZE_LOG2_KIB: u32 = 22;
/// Kept back from `max_memory` besides the half given to the transposition table.
const MEMORY_RESERVE_BYTES: u64 = 16 << 20;
/// Smallest transposition table we ever ask for.
const MIN_TABLE_BYTES: usize = 1 << 20;
/// In swap2, a score within this of zero counts as balanced.
const SWAP2_BALANCED: i32 = 50;
/// Three-stone openings (black, white, black as offsets from the centre) Tengen offers in
/// swap2; it picks the one its search finds most balanced.
const SWAP2_OPENINGS: [[(i64, i64); 3]; 4] = [
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, -1), (-1, 2)],
    [(0, 0), (0, 1), (2, -2)],
    [(0, 0), (2, 1), (-1, -2)],
];

/// The number of search threads the machine offers.
pub fn max_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Settings from `INFO` other than time.
#[derive(Clone, Debug, Default)]
struct Settings {
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    /// `max_memory` in bytes; 0 = no limit.
    max_memory: u64,
    /// `hash_size` in KiB; 0 = the engine's default.
    hash_kib: u64,
    game_type: i64,
    caution_factor: i64,
    /// `show_detail` was set non-zero (Yixin-Board: show the thinking on the board).
    show_detail: bool,
    folder: Option<String>,
}

/// One game (and the settings that outlive games) as the protocol sees it.
pub struct Session {
    board: Option<Board>,
    rule: Rule,
    engine: Engine,
    time: TimeManager,
    settings: Settings,
    clock: Arc<dyn Clock>,
    default_table_bytes: usize,
    /// The table size last given to the engine.
    table_bytes: Option<usize>,
    /// The engine has not yet searched with its current table size (it allocates lazily).
    table_setup_pending: bool,
    /// The table size has been chosen for this game.
    table_chosen_this_game: bool,
    /// Our colour in this game, once known (from `BEGIN`, `BOARD` or our first answer): a
    /// `TURN` stone is the other colour's even when `TAKEBACK`s left the other side to move.
    own_color: Option<Color>,
    /// A `YXSHOWINFO` came: the manager is Yixin-Board, which reads and writes points as
    /// `row,column` (so point names for its user are transposed) and draws `MESSAGE REALTIME`.
    yixin_board: bool,
    /// Points the search must not play (`YXBLOCK`), until `YXBLOCKUNDO`, `YXBLOCKRESET` or a
    /// new game.
    blocked: Vec<Point>,
}

/// Turns a coordinate from the manager into a point of `board`.
fn point_on(board: &Board, at: Coord) -> Result<Point, String> {
    board
        .point(at.x, at.y)
        .ok_or_else(|| format!("{at} is off the {}x{} board", board.width(), board.height()))
}

/// A progress line: depth, score, nodes, speed, time and the best line in `h8` notation. For
/// Yixin-Board (`transposed`), whose board shows our `x,y` as its `row,column`, the line names
/// each point as its user sees it: column and row swapped.
fn progress_text(info: &SearchInfo, transposed: bool) -> String {
    let eval = if info.score >= WIN_THRESHOLD {
        format!("win{}", WIN - info.score)
    } else if info.score <= -WIN_THRESHOLD {
        format!("loss{}", WIN + info.score)
    } else {
        info.score.to_string()
    };
    let millis = info.elapsed.as_millis();
    let speed = info.nodes as u128 * 1000 / info.elapsed.as_micros().max(1);
    let mut text = format!(
        "depth {} eval {} nodes {} speed {}kN/s time {}ms",
        info.depth, eval, info.nodes, speed, millis
    );
    if !info.pv.is_empty() {
        text.push_str(" pv");
        for &point in &info.pv {
            let shown = if transposed {
                Point::new(point.y(), point.x())
            } else {
                point
            };
            text.push_str(&format!(" {}", PointName(shown)));
        }
    }
    text
}

/// Stones near `point` weighted by closeness (within two points), for ordering candidates.
fn closeness(board: &Board, point: Point) -> i64 {
    let mut weight = 0;
    for dy in -2i64..=2 {
        for dx in -2i64..=2 {
            if let Some(q) = board.point(point.x() as i64 + dx, point.y() as i64 + dy) {
                if board.stone(q).is_some() {
                    weight += 3 - dx.abs().max(dy.abs());
                }
            }
        }
    }
    weight
}

/// Distance from the centre of the board (smaller is more central).
fn off_centre(board: &Board, point: Point) -> i64 {
    let dx = 2 * point.x() as i64 - (board.width() as i64 - 1);
    let dy = 2 * point.y() as i64 - (board.height() as i64 - 1);
    dx.abs().max(dy.abs()) * 64 + dx.abs() + dy.abs()
}

/// Up to `limit` legal points worth a look, best first: near stones, or central on an empty
/// board.
fn candidate_points(board: &Board, rule: Rule, limit: usize) -> Vec<Point> {
    let mut points: Vec<(i64, i64, Point)> = board
        .empty_points()
        .filter(|&p| rules::is_legal(board, p, rule))
        .map(|p| (closeness(board, p), off_centre(board, p), p))
        .filter(|&(near, _, _)| near > 0 || board.move_count() == 0)
        .collect();
    points.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    points.into_iter().take(limit).map(|(_, _, p)| p).collect()
}

/// A legal move for the side to move: `proposed` if it is legal, else a winning move, a move
/// that stops the opponent's five, or the most central legal point. `None` if there is none.
fn legal_answer(board: &Board, rule: Rule, proposed: Option<Point>) -> Option<Point> {
    if let Some(point) = proposed {
        if board.contains(point.x() as i64, point.y() as i64) && rules::is_legal(board, point, rule)
        {
            return Some(point);
        }
        log::warn!("the search proposed {point}, which is not legal here");
    }
    let mover = board.side_to_move();
    let legal: Vec<Point> = board
        .empty_points()
        .filter(|&p| rules::is_legal(board, p, rule))
        .collect();
    legal
        .iter()
        .copied()
        .find(|&p| rules::would_win(board, p, mover, rule))
        .or_else(|| {
            legal
                .iter()
                .copied()
                .find(|&p| rules::would_win(board, p, mover.opponent(), rule))
        })
        .or_else(|| legal.iter().copied().min_by_key(|&p| off_centre(board, p)))
}

/// Builds a position from `BOARD`/`YXBOARD` lines on an empty board of the given size. The
/// side with fewer stones (black on equal counts) is ours and to move.
fn build_position(width: usize, height: usize, entries: &[BoardEntry]) -> Result<Board, String> {
    let own = entries
        .iter()
        .filter(|e| e.owner == StoneOwner::Own)
        .count();
    let opponent = entries
        .iter()
        .filter(|e| e.owner == StoneOwner::Opponent)
        .count();
    let us = if own == opponent {
        Color::Black
    } else if opponent == own + 1 {
        Color::White
    } else {
        return Err(format!(
            "{own} own and {opponent} opponent stones cannot be our turn (need equal counts, or one more opponent stone)"
        ));
    };
    let mut board = Board::new(width, height).map_err(|e| e.to_string())?;
    for entry in entries {
        let point = point_on(&board, entry.at)?;
        let placed = match entry.owner {
            StoneOwner::Own => board.try_put(point, us),
            StoneOwner::Opponent => board.try_put(point, us.opponent()),
            StoneOwner::Blocked => board.block(point),
        };
        placed.map_err(|e| e.to_string())?;
    }
    board.set_side_to_move(us);
    Ok(board)
}

impl Session {
    /// A session with no board yet (the manager starts with `START`), freestyle rule.
    pub fn new(clock: Arc<dyn Clock>) -> Session {
        let engine = Engine::new();
        let default_table_bytes = engine.hash_bytes();
        Session {
            board: None,
            rule: Rule::Freestyle,
            engine,
            time: TimeManager::new(),
            settings: Settings::default(),
            clock,
            default_table_bytes,
            table_bytes: None,
            own_color: None,
            yixin_board: false,
            blocked: Vec::new(),
            table_setup_pending: true,
            table_chosen_this_game: false,
        }
    }

    /// The current position, if a game has started.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// The rule in force.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The time manager (settings from `INFO`).
    pub fn time(&self) -> &TimeManager {
        &self.time
    }

    /// The transposition table size given to the engine, once chosen (at the first search of a
    /// game).
    pub fn table_bytes(&self) -> Option<usize> {
        self.table_bytes
    }

    /// The `INFO folder` path, if one was given (Tengen stores nothing there yet).
    pub fn folder(&self) -> Option<&str> {
        self.settings.folder.as_deref()
    }

    /// Carries out one parsed line. `received` is when it was read (on the session's clock).
    pub fn handle(
        &mut self,
        parsed: Result<Command, ParseError>,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<Flow> {
        let command = match parsed {
            Ok(command) => command,
            Err(error) => {
                match error.kind {
                    ErrorKind::Invalid => context.out.send(&Reply::Error(error.message))?,
                    ErrorKind::Unknown => context.out.send(&Reply::Unknown(error.message))?,
                    ErrorKind::Info => log::warn!("ignored: {}", error.message),
                }
                return Ok(Flow::Continue);
            }
        };
        log::debug!("command {command:?}");
        match command {
            Command::End => return Ok(Flow::Quit),
            Command::Start { width, height } => self.start(width, height, context)?,
            Command::Restart => match self.board.as_ref() {
                Some(board) => {
                    let fresh = Board::new(board.width(), board.height());
                    if let Ok(fresh) = fresh {
                        self.board = Some(fresh);
                    }
                    self.new_game();
                    context.out.send(&Reply::Ok)?;
                }
                None => context
                    .out
                    .send(&Reply::Error("RESTART before START".into()))?,
            },
            Command::Begin => {
                if let Some(board) = self.board.as_ref() {
                    if board.move_count() > 0 {
                        log::warn!("BEGIN on a board with stones: starting from an empty board");
                    }
                    if let Ok(fresh) = Board::new(board.width(), board.height()) {
                        self.board = Some(fresh);
                    }
                }
                self.answer_move(received, context)?;
            }
            Command::Turn(at) => self.turn(at, received, context)?,
            Command::Board(entries) => self.set_position(&entries, true, received, context)?,
            Command::YxBoard(entries) => self.set_position(&entries, false, received, context)?,
            Command::Swap2Board(stones) => self.swap2(&stones, received, context)?,
            Command::Info(setting) => self.apply_info(setting),
            Command::About => context.out.send(&Reply::About(ABOUT))?,
            Command::Takeback(at) => self.takeback(at, context)?,
            Command::Play(at) => self.play(at, context)?,
            // Stop requests act through the stop flag; by the time one is handled in order,
            // the search it was meant for is over.
            Command::Stop => {}
            Command::YxShowForbid => {
                let forbidden = match self.board.as_ref() {
                    Some(board)
                        if self.rule == Rule::Renju && board.side_to_move() == Color::Black =>
                    {
                        rules::forbidden_points(board)
                            .into_iter()
                            .map(|(point, _)| point)
                            .collect()
                    }
                    _ => Vec::new(),
                };
                context.out.send(&Reply::Forbid(forbidden))?;
            }
            Command::YxHashClear => {
                self.engine.clear_hash();
                log::info!("transposition table cleared");
            }
            Command::YxNBest(count) => self.nbest(count, received, context)?,
            Command::YxBlock(points) => self.block(&points, true, context)?,
            Command::YxBlockUndo(points) => self.block(&points, false, context)?,
            Command::YxBlockReset => self.blocked.clear(),
            Command::YxShowInfo => {
                self.yixin_board = true;
                context.out.send(&Reply::Message(format!(
                    "INFO MAX_THREAD_NUM {}",
                    max_threads()
                )))?;
                context.out.send(&Reply::Message(format!(
                    "INFO MAX_HASH_SIZE {MAX_HASH_SIZE_LOG2_KIB}"
                )))?;
            }
        }
        Ok(Flow::Continue)
    }

    fn new_game(&mut self) {
        self.own_color = None;
        self.blocked.clear();
        self.time.new_game();
        self.table_chosen_this_game = false;
    }

    /// `YXBLOCK` (`add`) or `YXBLOCKUNDO`: adds the points to the blocked ones, or takes them
    /// out. No answer; an `ERROR` when a point is off the board (nothing changes then).
    fn block(&mut self, at: &[Coord], add: bool, context: &mut Context<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return Self::no_board(context);
        };
        let points: Result<Vec<Point>, String> = at.iter().map(|&c| point_on(board, c)).collect();
        let points = match points {
            Ok(points) => points,
            Err(message) => {
                return context.out.send(&Reply::Error(format!(
                    "{message}; blocked points unchanged"
                )))
            }
        };
        for point in points {
            if add {
                if !self.blocked.contains(&point) {
                    self.blocked.push(point);
                }
            } else {
                self.blocked.retain(|&p| p != point);
            }
        }
        log::debug!("blocked points: {:?}", self.blocked);
        Ok(())
    }

    fn start(&mut self, width: i64, height: i64, context: &mut Context<'_>) -> io::Result<()> {
        let fits = |side: i64| (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&side);
        if !fits(width) || !fits(height) {
            return context.out.send(&Reply::Error(format!(
                "unsupported board size {width}x{height} (each side must be {MIN_SIZE} to {MAX_SIZE})"
            )));
        }
        match Board::new(width as usize, height as usize) {
            Ok(board) => {
                self.board = Some(board);
                self.new_game();
                context.out.send(&Reply::Ok)
            }
            Err(error) => context.out.send(&Reply::Error(error.to_string())),
        }
    }

    fn no_board(context: &mut Context<'_>) -> io::Result<()> {
        context
            .out
            .send(&Reply::Error("no board yet: send START first".into()))
    }

    fn turn(&mut self, at: Coord, received: Duration, context: &mut Context<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_mut() else {
            return Self::no_board(context);
        };
        let point = match point_on(board, at) {
            Ok(point) => point,
            Err(message) => return context.out.send(&Reply::Error(message)),
        };
        if !board.is_empty(point) {
            return context
                .out
                .send(&Reply::Error(format!("{at} is already occupied")));
        }
        let mover = board.side_to_move();
        match self.own_color {
            Some(own) if own == mover => {
                // After an odd number of TAKEBACKs it is nominally our turn, but the manager
                // says the opponent moved: its stone (which gives us the move), then our answer.
                if let Err(error) = board.try_put(point, own.opponent()) {
                    return context.out.send(&Reply::Error(error.to_string()));
                }
            }
            _ => board.play_unchecked(point),
        }
        self.answer_move(received, context)
    }

    fn takeback(&mut self, at: Coord, context: &mut Context<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_mut() else {
            return Self::no_board(context);
        };
        let taken = point_on(board, at).and_then(|p| board.take_back(p).map_err(|e| e.to_string()));
        match taken {
            Ok(_) => context.out.send(&Reply::Ok),
            Err(message) => context.out.send(&Reply::Error(message)),
        }
    }

    fn play(&mut self, at: Coord, context: &mut Context<'_>) -> io::Result<()> {
        let Some(board) = self.board.as_mut() else {
            return Self::no_board(context);
        };
        match board.try_play(at.x, at.y) {
            Ok(point) => context.out.send(&Reply::Move(point)),
            Err(error) => context.out.send(&Reply::Error(error.to_string())),
        }
    }

    fn set_position(
        &mut self,
        entries: &[BoardEntry],
        answer: bool,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.as_ref() else {
            return Self::no_board(context);
        };
        match build_position(board.width(), board.height(), entries) {
            Ok(position) => {
                self.own_color = Some(position.side_to_move());
                self.board = Some(position);
                if answer {
                    self.answer_move(received, context)?;
                }
                Ok(())
            }
            Err(message) => context
                .out
                .send(&Reply::Error(format!("{message}; position unchanged"))),
        }
    }

    fn apply_info(&mut self, setting: InfoSetting) {
        match setting {
            InfoSetting::TimeoutTurn(ms) => self.time.set_turn_ms(ms),
            InfoSetting::TimeoutMatch(ms) => self.time.set_match_ms(ms),
            InfoSetting::TimeLeft(ms) => self.time.set_time_left_ms(ms),
            InfoSetting::MaxMemory(bytes) => {
                self.settings.max_memory = bytes.max(0) as u64;
                self.table_chosen_this_game = false;
            }
            InfoSetting::GameType(kind) => self.settings.game_type = kind,
            InfoSetting::Rule(value) => {
                let rule = Rule::from_info(value);
                if rule != self.rule {
                    log::info!("rule {rule}");
                    self.rule = rule;
                    // What the table learned under another rule is wrong now.
                    self.engine.clear_hash();
                }
            }
            InfoSetting::Folder(path) => self.settings.folder = Some(path),
            InfoSetting::Evaluate => {}
            InfoSetting::ThreadNum(threads) => {
                let threads = (threads.max(1) as usize).min(max_threads());
                self.engine.set_threads(threads);
            }
            InfoSetting::MaxDepth(depth) => {
                self.settings.max_depth = (depth > 0).then(|| depth.min(u32::MAX as i64) as u32);
            }
            InfoSetting::MaxNode(nodes) => {
                self.settings.max_nodes = (nodes > 0).then(|| nodes.min(u64::MAX as i128) as u64);
            }
            InfoSetting::HashSize(kib) => {
                self.settings.hash_kib = (kib.max(0) as u64).min(1 << MAX_HASH_SIZE_LOG2_KIB);
                self.table_chosen_this_game = false;
            }
            InfoSetting::CautionFactor(factor) => self.settings.caution_factor = factor,
            InfoSetting::ShowDetail(detail) => self.settings.show_detail = detail != 0,
            InfoSetting::Other(key) => log::info!("ignored unknown INFO key '{key}'"),
        }
        log::debug!(
            "settings: {:?}, time {:?}",
            self.settings,
            self.time.settings()
        );
    }

    /// The table size for this game: what was asked for (or the default), within half of
    /// `max_memory`, and small enough to set up within a quarter of the time the first move is
    /// expected to take (its soft limit; the hard one when it has none). The setup comes out of
    /// that move's time: sized by the hard limit, a short game clock (6 s a game and 1 s a
    /// move) left the first move of a new process 70 ms, and it played a depth-1 move.
    fn choose_table_bytes(&self, first_move: Budget) -> usize {
        let asked = if self.settings.hash_kib > 0 {
            (self.settings.hash_kib.saturating_mul(1024)).min(usize::MAX as u64) as usize
        } else {
            self.default_table_bytes
        };
        let by_memory = if self.settings.max_memory > 0 {
            (self.settings.max_memory / 2).saturating_sub(MEMORY_RESERVE_BYTES) as usize
        } else {
            usize::MAX
        };
        let expected = if first_move.soft.is_zero() {
            first_move.hard
        } else {
            first_move.soft
        };
        let by_time = timeman::table_bytes_affordable(expected);
        asked.min(by_memory).min(by_time).max(MIN_TABLE_BYTES)
    }

    /// The budget of the move about to be searched on `board`, choosing the table size first
    /// if this is the game's first search.
    fn plan_budget(&mut self, board: &Board) -> Budget {
        if self.rule == Rule::Renju {
            // Build the renju tables now (once per process, about 15 ms), so that the time it
            // takes comes out of this move's budget instead of surprising the search.
            rules::warm_up();
        }
        let progress = GameProgress {
            plies: board.move_count(),
            empties: board.empty_points().count(),
        };
        if !self.table_chosen_this_game {
            let bytes = self.choose_table_bytes(self.time.plan(progress, Duration::ZERO));
            if self.table_bytes != Some(bytes) {
                log::info!("transposition table: {bytes} bytes");
                self.engine.set_hash_bytes(bytes);
                self.table_bytes = Some(bytes);
                self.table_setup_pending = true;
            }
            self.table_chosen_this_game = true;
        }
        let setup = match (self.table_setup_pending, self.table_bytes) {
            (true, Some(bytes)) => timeman::table_setup_cost(bytes),
            _ => Duration::ZERO,
        };
        self.time.plan(progress, setup)
    }

    /// Search limits for a search that may use `budget`, of which `spent` is gone already.
    fn limits(&self, budget: Budget, received: Duration) -> Limits {
        let spent = self.clock.now().saturating_sub(received);
        let mut limits = budget.limits(spent, self.settings.max_depth, self.settings.max_nodes);
        limits.excluded = self.blocked.clone();
        limits
    }

    /// Runs one search on `board`. With `report`, progress goes out as `MESSAGE` lines, at most
    /// one every [`PROGRESS_INTERVAL`] plus the last iteration's.
    fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        report: bool,
        context: &mut Context<'_>,
    ) -> io::Result<SearchResult> {
        log::debug!("search {limits:?}");
        let mut last_sent: Option<Duration> = None;
        let mut unsent: Option<SearchInfo> = None;
        let mut write_error: Option<io::Error> = None;
        let transposed = self.yixin_board;
        // Yixin-Board draws the best move so far on its board (`MESSAGE REALTIME BEST x,y`, in
        // the same `x,y` order as our moves) when it asked for details.
        let realtime = self.yixin_board && self.settings.show_detail;
        let mut shown_best: Option<Point> = None;
        let out = &mut context.out;
        let mut send = |info: &SearchInfo| -> io::Result<()> {
            if let Some(&best) = info.pv.first() {
                if realtime && shown_best != Some(best) {
                    out.send(&Reply::Message(format!("REALTIME BEST {best}")))?;
                    shown_best = Some(best);
                }
            }
            out.send(&Reply::Message(progress_text(info, transposed)))
        };
        let mut on_info = |info: &SearchInfo| {
            if !report || write_error.is_some() {
                return;
            }
            let due = match last_sent {
                None => true,
                Some(at) => info.elapsed.saturating_sub(at) >= PROGRESS_INTERVAL,
            };
            if due && info.elapsed >= PROGRESS_INTERVAL.min(Duration::from_millis(100)) {
                if let Err(error) = send(info) {
                    write_error = Some(error);
                }
                last_sent = Some(info.elapsed);
                unsent = None;
            } else {
                unsent = Some(info.clone());
            }
        };
        let result = self
            .engine
            .think(board, self.rule, limits, context.stop, &mut on_info);
        self.table_setup_pending = false;
        if let Some(error) = write_error {
            return Err(error);
        }
        if let Some(info) = unsent {
            send(&info)?;
        }
        log::debug!(
            "searched: depth {} score {} nodes {} best {:?}",
            result.depth,
            result.score,
            result.nodes,
            result.best_move
        );
        Ok(result)
    }

    /// Searches the current position, plays the move found and sends it.
    fn answer_move(&mut self, received: Duration, context: &mut Context<'_>) -> io::Result<()> {
        let Some(board) = self.board.clone() else {
            return Self::no_board(context);
        };
        let reply = if rules::has_legal_move(&board, self.rule) {
            self.own_color = Some(board.side_to_move());
            let budget = self.plan_budget(&board);
            let limits = self.limits(budget, received);
            let result = self.search(&board, &limits, true, context)?;
            self.play_answer(&board, result.best_move)
        } else {
            self.answer_without_legal_move(&board)
        };
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// The answer when the side to move has no legal move. On a full board that is an error.
    /// Otherwise black under renju has only forbidden points left: renju has no pass, so every
    /// answer loses, but a move ends the game at once by the manager's foul rule, where an
    /// error line would leave it waiting until our time runs out (a time fault). So we play
    /// the first empty point.
    fn answer_without_legal_move(&mut self, board: &Board) -> Reply {
        match board.empty_points().next() {
            Some(point) => {
                log::warn!("only forbidden points are left: playing {point}");
                self.play_point(board, point)
            }
            None => Reply::Error("no legal move: the board is full".into()),
        }
    }

    /// Plays `proposed` (or a legal stand-in) on the game board; the reply to send.
    fn play_answer(&mut self, board: &Board, proposed: Option<Point>) -> Reply {
        match legal_answer(board, self.rule, proposed) {
            Some(point) => self.play_point(board, point),
            None => Reply::Error("no legal move".into()),
        }
    }

    /// Plays `point` (empty) on a copy of `board`, which becomes the game board; the reply.
    fn play_point(&mut self, board: &Board, point: Point) -> Reply {
        let mut next = board.clone();
        next.play_unchecked(point);
        self.board = Some(next);
        Reply::Move(point)
    }

    fn record_time(&mut self, received: Duration) {
        let used = self.clock.now().saturating_sub(received);
        self.time.record_move(used);
        log::debug!("move took {} ms", used.as_millis());
    }

    /// `YXNBEST n`: the best move from a search with half the time, then the next best found by
    /// searching the answers to each other candidate with the other half. Shows the `n` best as
    /// `MESSAGE NBEST` lines and plays the best.
    fn nbest(
        &mut self,
        count: u32,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        let Some(board) = self.board.clone() else {
            return Self::no_board(context);
        };
        if !rules::has_legal_move(&board, self.rule) {
            let reply = self.answer_without_legal_move(&board);
            context.out.send(&reply)?;
            self.record_time(received);
            return Ok(());
        }
        let count = count.min(board.width() as u32 * board.height() as u32);
        let budget = self.plan_budget(&board);
        let main_budget = if count > 1 {
            budget.portion(0, 2)
        } else {
            budget
        };
        let limits = self.limits(main_budget, received);
        let main = self.search(&board, &limits, true, context)?;
        let Some(best) = legal_answer(&board, self.rule, main.best_move) else {
            return context.out.send(&Reply::Error("no legal move".into()));
        };
        let mut ranked: Vec<(Point, i32)> = vec![(best, main.score)];
        if count > 1 {
            let candidates: Vec<Point> =
                candidate_points(&board, self.rule, (3 * count as usize).max(12))
                    .into_iter()
                    .filter(|&p| p != best)
                    .collect();
            let mover = board.side_to_move();
            let pieces = candidates.len().max(1) as u32;
            let mut others = Vec::with_capacity(candidates.len());
            for &candidate in &candidates {
                let score = if rules::would_win(&board, candidate, mover, self.rule) {
                    WIN - 1
                } else {
                    let mut after = board.clone();
                    after.play_unchecked(candidate);
                    let spent = self.clock.now().saturating_sub(received);
                    let left = budget.after(spent);
                    let share = left.split(pieces.saturating_sub(others.len() as u32));
                    let mut limits = self.limits(share, self.clock.now());
                    limits.max_depth = Some(
                        main.depth
                            .saturating_sub(1)
                            .max(1)
                            .min(limits.max_depth.unwrap_or(u32::MAX)),
                    );
                    limits.max_nodes = limits.max_nodes.map(|n| (n / pieces as u64).max(1));
                    -self.search(&after, &limits, false, context)?.score
                };
                others.push((candidate, score));
            }
            others.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            ranked.extend(others.into_iter().take(count as usize - 1));
        }
        for (rank, (point, score)) in ranked.iter().enumerate() {
            context.out.send(&Reply::Message(format!(
                "NBEST {}/{} {} {} eval {}",
                rank + 1,
                count,
                point,
                PointName(*point),
                score
            )))?;
        }
        let reply = self.play_answer(&board, Some(best));
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// `SWAP2BOARD`: the opening stages of swap2 (see `protocol.md`).
    fn swap2(
        &mut self,
        stones: &[Coord],
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<()> {
        // Who plays which colour is settled by the swap choices: the next BOARD says.
        self.own_color = None;
        let Some(current) = self.board.as_ref() else {
            return Self::no_board(context);
        };
        if !matches!(stones.len(), 0 | 3 | 5) {
            return context.out.send(&Reply::Error(format!(
                "SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                stones.len()
            )));
        }
        let mut board = match Board::new(current.width(), current.height()) {
            Ok(board) => board,
            Err(error) => return context.out.send(&Reply::Error(error.to_string())),
        };
        for &at in stones {
            let placed = point_on(&board, at).and_then(|p| {
                board
                    .try_play(p.x() as i64, p.y() as i64)
                    .map_err(|e| e.to_string())
            });
            if let Err(message) = placed {
                return context
                    .out
                    .send(&Reply::Error(format!("{message}; position unchanged")));
            }
        }
        let budget = self.plan_budget(&board);
        let reply = match stones.len() {
            0 => self.swap2_opening(&board, budget, received, context)?,
            3 => self.swap2_second(&board, budget, received, context)?,
            _ => self.swap2_third(&board, budget, received, context)?,
        };
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// Searches `board` with a piece of the move's budget, silently.
    fn evaluate(
        &mut self,
        board: &Board,
        budget: Budget,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<SearchResult> {
        let limits = self.limits(budget, received);
        self.search(board, &limits, false, context)
    }

    /// Swap2 with no stones: put the three opening stones whose position our search finds
    /// closest to balanced.
    fn swap2_opening(
        &mut self,
        empty: &Board,
        budget: Budget,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<Reply> {
        let centre_x = (empty.width() / 2) as i64;
        let centre_y = (empty.height() / 2) as i64;
        let openings: Vec<Board> = SWAP2_OPENINGS
            .iter()
            .filter_map(|offsets| {
                let mut board = empty.clone();
                for &(dx, dy) in offsets {
                    board.try_play(centre_x + dx, centre_y + dy).ok()?;
                }
                Some(board)
            })
            .collect();
        let mut best: Option<(i32, Board)> = None;
        let pieces = openings.len().max(1) as u32;
        for (index, opening) in openings.into_iter().enumerate() {
            let piece = budget.portion(index as u32, pieces);
            let result = self.evaluate(&opening, piece, received, context)?;
            let imbalance = result.score.saturating_abs();
            if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
                best = Some((imbalance, opening));
            }
        }
        let opening = match best {
            Some((_, board)) => board,
            None => {
                // A board too small for every listed opening: the three most central points.
                let mut board = empty.clone();
                for _ in 0..3 {
                    if let Some(p) = legal_answer(&board, self.rule, None) {
                        board.play_unchecked(p);
                    }
                }
                board
            }
        };
        let moves = opening.history().to_vec();
        self.board = Some(opening);
        Ok(Reply::Moves(moves))
    }

    /// Swap2 with three stones (white to move, we are to choose): take black if black stands
    /// better, play white's move if white does, else put two stones that keep it balanced.
    fn swap2_second(
        &mut self,
        board: &Board,
        budget: Budget,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<Reply> {
        let white = self.evaluate(board, budget.portion(0, 2), received, context)?;
        if white.score < -SWAP2_BALANCED {
            self.board = Some(board.clone());
            return Ok(Reply::Swap);
        }
        let Some(fourth) = legal_answer(board, self.rule, white.best_move) else {
            return Ok(Reply::Error("no legal move".into()));
        };
        if white.score > SWAP2_BALANCED {
            return Ok(self.play_answer(board, Some(fourth)));
        }
        let mut after = board.clone();
        after.play_unchecked(fourth);
        let black = self.evaluate(&after, budget.portion(1, 2), received, context)?;
        let Some(fifth) = legal_answer(&after, self.rule, black.best_move) else {
            return Ok(self.play_answer(board, Some(fourth)));
        };
        after.play_unchecked(fifth);
        self.board = Some(after);
        Ok(Reply::Moves(vec![fourth, fifth]))
    }

    /// Swap2 with five stones (white to move, we choose the colour): take black if black
    /// stands better, else play white's move.
    fn swap2_third(
        &mut self,
        board: &Board,
        budget: Budget,
        received: Duration,
        context: &mut Context<'_>,
    ) -> io::Result<Reply> {
        let white = self.evaluate(board, budget, received, context)?;
        if white.score < 0 {
            self.board = Some(board.clone());
            return Ok(Reply::Swap);
        }
        Ok(self.play_answer(board, white.best_move))
    }
}
