//! The game side of the protocol: [`Session`] owns the board, the rule, the settings from
//! `INFO`, the time manager and the search engine, and carries out one [`Command`] at a time,
//! answering through a [`ReplyWriter`].
//!
//! This file holds the Gomocup core: the dispatch of every command, the board commands
//! (`START`, `RESTART`, `BEGIN`, `TURN`, `BOARD`, `TAKEBACK`, `PLAY`, `SWAP2BOARD`), `INFO`,
//! and the steps every searching command shares (the move's budget and limits, running a
//! search with its progress shown, playing the answer, recording the time used). Yixin-Board's
//! own commands are in the child module `yixin`.
//!
//! Every command that changes the position first builds or checks the new position and only
//! then replaces the old one, so a bad command leaves the game exactly as it was.

mod yixin;

use std::io;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Board, Color, Point, MAX_SIZE, MIN_SIZE};
use crate::rules::{self, Rule};
use crate::search::fallback::{legal_answer, without_legal_move};
use crate::search::swap2::Swap2Choice;
use crate::search::{Engine, Limits, SearchResult, TableRequest};
use crate::timeman::{Budget, Clock, GameProgress, TimeManager};

use super::command::{BoardEntry, Command, Coord, ErrorKind, InfoSetting, ParseError, StoneOwner};
use super::reply::{Reply, ReplyWriter, ABOUT};
use super::thinking::{Show, Thinking};

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
    /// `hash_size` and `max_memory`.
    table: TableRequest,
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
    /// The table size has been chosen for this game.
    table_chosen_this_game: bool,
    /// Our colour in this game, once known (from `BEGIN`, `BOARD` or our first answer): a
    /// `TURN` stone is the other colour's even when `TAKEBACK`s left the other side to move.
    own_color: Option<Color>,
    /// A `YXSHOWINFO` came: the manager is Yixin-Board, which reads and writes points as
    /// `row,column` (so point names for its user follow its labels) and draws `MESSAGE REALTIME`.
    yixin_board: bool,
    /// Points the search must not play (`YXBLOCK`), until `YXBLOCKUNDO` or `YXBLOCKRESET`
    /// (Yixin-Board sends `START` before every search, so a new game keeps them; a board of
    /// another size drops them).
    blocked: Vec<Point>,
}

/// Turns a coordinate from the manager into a point of `board`.
fn point_on(board: &Board, at: Coord) -> Result<Point, String> {
    board
        .point(at.x, at.y)
        .ok_or_else(|| format!("{at} is off the {}x{} board", board.width(), board.height()))
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
        Session {
            board: None,
            rule: Rule::Freestyle,
            engine: Engine::new(),
            time: TimeManager::new(),
            settings: Settings::default(),
            clock,
            own_color: None,
            yixin_board: false,
            blocked: Vec::new(),
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
        self.table_chosen_this_game
            .then(|| self.engine.hash_bytes())
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
            Command::YxShowForbid => self.show_forbid(context)?,
            Command::YxHashClear => {
                self.engine.clear_hash();
                log::info!("transposition table cleared");
            }
            Command::YxShowHashUsage => self.show_hash_usage(context)?,
            Command::YxNBest(count) => self.nbest(count, received, context)?,
            Command::YxBlock(points) => self.block(&points, true, context)?,
            Command::YxBlockUndo(points) => self.block(&points, false, context)?,
            Command::YxBlockReset => self.blocked.clear(),
            // No records: Yixin-Board clears its database tags and redraws its board (which
            // also clears the marks of the last search).
            Command::YxQueryDatabase => {
                context.out.send(&Reply::Message("DATABASE DONE".into()))?;
            }
            Command::YxSearchDefend => self.search_defend(received, context)?,
            Command::YxSwap2Step(step) => self.yixin_swap2(step, received, context)?,
            Command::YxSoosorv { step, count, moves } => {
                self.yixin_soosorv(step, count, &moves, received, context)?
            }
            Command::YxBalance { two, target } => self.balance(two, target, received, context)?,
            Command::YxShowInfo => self.show_info(context)?,
        }
        Ok(Flow::Continue)
    }

    fn new_game(&mut self) {
        self.own_color = None;
        self.time.new_game();
        self.table_chosen_this_game = false;
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
                let same_size = self.board.as_ref().is_some_and(|old| {
                    (old.width(), old.height()) == (board.width(), board.height())
                });
                if !same_size {
                    self.blocked.clear();
                }
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
                self.settings.table.max_memory = bytes.max(0) as u64;
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
                self.settings.table.hash_kib = kib.max(0) as u64;
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

    /// The budget of the move about to be searched on `board`, choosing the table size first
    /// if this is the game's first search.
    fn plan_budget(&mut self, board: &Board) -> Budget {
        let progress = GameProgress {
            plies: board.move_count(),
            empties: board.empty_points().count(),
        };
        let request = (!self.table_chosen_this_game).then_some(self.settings.table);
        self.table_chosen_this_game = true;
        let engine = &mut self.engine;
        self.time.plan_with_setup(progress, |first_move| {
            engine.ready_table(request, first_move)
        })
    }

    /// Search limits for a search that may use `budget`, of which `spent` is gone already.
    fn limits(&self, budget: Budget, received: Duration) -> Limits {
        let spent = self.clock.now().saturating_sub(received);
        let mut limits = budget.limits(spent, self.settings.max_depth, self.settings.max_nodes);
        limits.excluded = self.blocked.clone();
        limits
    }

    /// What a search shows while it runs: progress lines when `progress`, Yixin-Board's
    /// realtime marks when it asked for details, and with `nbest` Yixin-Board's N-best lines.
    fn show(&self, progress: bool, nbest: bool) -> Show {
        Show {
            progress,
            yixin_size: self
                .yixin_board
                .then(|| self.board.as_ref().map(Board::height))
                .flatten(),
            realtime: progress && self.yixin_board && self.settings.show_detail,
            nbest_lines: nbest && self.yixin_board,
        }
    }

    /// Runs one search on `board`, showing what `show` asks for (see [`Thinking`]).
    fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        show: Show,
        context: &mut Context<'_>,
    ) -> io::Result<SearchResult> {
        log::debug!("search {limits:?}");
        let rule = self.rule;
        let result = self.observed(
            show,
            context,
            |engine, thinking, stop| engine.think_observed(board, rule, limits, stop, thinking),
            |result| result.best_move,
        )?;
        log::debug!(
            "searched: depth {} score {} nodes {} best {:?}",
            result.depth,
            result.score,
            result.nodes,
            result.best_move
        );
        Ok(result)
    }

    /// Runs `work` (searches on the engine) with a [`Thinking`] observer showing what `show`
    /// asks for; `chosen` names the move the work chose, which the marks then show as the best.
    fn observed<T>(
        &mut self,
        show: Show,
        context: &mut Context<'_>,
        work: impl FnOnce(&mut Engine, &mut Thinking<'_, '_>, &AtomicBool) -> T,
        chosen: impl FnOnce(&T) -> Option<Point>,
    ) -> io::Result<T> {
        let mut thinking = Thinking::new(&mut context.out, show);
        let result = work(&mut self.engine, &mut thinking, context.stop);
        thinking.finish(chosen(&result))?;
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
            let show = self.show(true, false);
            let result = self.search(&board, &limits, show, context)?;
            self.play_answer(&board, result.best_move)
        } else {
            self.answer_without_legal_move(&board)
        };
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }

    /// The answer when the side to move has no legal move: the engine's stand-in
    /// ([`without_legal_move`]: a foul ends the game at once, an error line would wait for a
    /// time fault), or an error on a full board.
    fn answer_without_legal_move(&mut self, board: &Board) -> Reply {
        match without_legal_move(board) {
            Some(point) => self.play_point(board, point),
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
        let limits = self.limits(budget, received);
        let (rule, stop) = (self.rule, context.stop);
        let reply = if stones.is_empty() {
            let stones = self.engine.swap2_opening(&board, rule, &limits, stop);
            let mut opening = board.clone();
            for &stone in &stones {
                opening.play_unchecked(stone);
            }
            self.board = Some(opening);
            Reply::Moves(stones)
        } else {
            let choice = if stones.len() == 3 {
                self.engine.swap2_after_three(&board, rule, &limits, stop)
            } else {
                self.engine.swap2_after_five(&board, rule, &limits, stop)
            };
            match choice {
                None => Reply::Error("no legal move".into()),
                Some(Swap2Choice::TakeBlack) => {
                    self.board = Some(board.clone());
                    Reply::Swap
                }
                Some(Swap2Choice::PlayWhite(point)) => self.play_answer(&board, Some(point)),
                Some(Swap2Choice::PutTwo(fourth, fifth)) => {
                    let mut after = board.clone();
                    after.play_unchecked(fourth);
                    after.play_unchecked(fifth);
                    self.board = Some(after);
                    Reply::Moves(vec![fourth, fifth])
                }
            }
        };
        context.out.send(&reply)?;
        self.record_time(received);
        Ok(())
    }
}
