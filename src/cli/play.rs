//! `pbrain-tengen play`: a person plays the engine in the terminal. Lines in on stdin (moves
//! like `h8`, or `undo`, `hint`, `save FILE`, `board`, `help`, `quit`), the board and the
//! engine's thinking out on stdout. This is a conversation with a person, not the protocol.
//! End of input quits cleanly.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;

use super::display::{chosen_text, draw_board, score_text, search_info_text, seconds_text};
use super::options::{DiagramArgs, LimitArgs, RuleArg, Side, SizeArg};
use super::position::{self, color_name, GameOver, Replay};
use super::{usage_error, EXIT_FAILURE, EXIT_OK};
use crate::board::{Board, Color, Point};
use crate::notation::{self, point_name, NotationError, PsqRecord};
use crate::rules::{self, Rule};
use crate::search::{Engine, Limits, SearchInfo, SearchResult};

/// Engine time per move when neither `--time`, `--depth` nor `--nodes` is given.
const DEFAULT_TIME: Duration = Duration::from_secs(2);

const HELP: &str = "\
Type a point to play there: a column letter and a row number, like h8 (row 1 is the top row).
Commands:
  undo        take back your last move and the engine's reply
  hint        ask the engine what it would play for you
  save FILE   save the game as a Piskvork .psq record
  board       draw the board again
  help        this text
  quit        leave (end of input does the same)";

/// The arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    rule: RuleArg,
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    limits: LimitArgs,
    /// The colour you play
    #[arg(long, visible_alias = "colour", value_enum, default_value = "black")]
    color: Side,
    #[command(flatten)]
    diagram: DiagramArgs,
    /// A position to start from: a move list, black first (h8 i9 j10), a .psq file, or a text
    /// file holding a move list or a diagram line; or give --black/--white instead
    #[arg(value_name = "POSITION")]
    position: Vec<String>,
}

/// Runs `play`; returns the exit code.
pub fn run(args: PlayArgs) -> i32 {
    let rule = args.rule.rule;
    let size = args.size.size;
    let limits = args.limits.limits(DEFAULT_TIME);
    let human = args.color.color();
    let (board, times) = if args.position.is_empty() && !args.diagram.given() {
        match Board::square(size) {
            Ok(board) => (board, Vec::new()),
            Err(error) => return usage_error("play", &error.to_string()),
        }
    } else {
        match position::load_position(&args.position, &args.diagram, size, rule, Replay::Game) {
            Ok(position) => (position.board, position.times),
            Err(message) => return usage_error("play", &message),
        }
    };
    let mut game = Game {
        board,
        times,
        rule,
        limits,
        human,
        engine: Engine::new(),
        over: None,
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    match game.run(&mut stdin.lock(), &mut stdout.lock()) {
        Ok(()) => EXIT_OK,
        Err(error) => {
            eprintln!("pbrain-tengen play: {error}");
            EXIT_FAILURE
        }
    }
}

/// A game between a person and the engine.
struct Game {
    board: Board,
    /// Milliseconds each move of the history took.
    times: Vec<u64>,
    rule: Rule,
    limits: Limits,
    human: Color,
    engine: Engine,
    /// Why the game is over, once it is.
    over: Option<String>,
}

/// What one line of input asks for.
enum Request {
    Nothing,
    Quit,
    Help,
    Board,
    Undo,
    Hint,
    Save(String),
    Move(Point),
    Bad(String),
}

impl Game {
    fn run(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "Tengen: you play {} against the engine, rule {}, {}x{} board. Type help for commands.",
            color_name(self.human),
            self.rule,
            self.board.width(),
            self.board.height()
        )?;
        self.check_end();
        let mut needs_drawing = true;
        loop {
            if self.over.is_none() && self.board.side_to_move() != self.human {
                self.engine_move(out)?;
                needs_drawing = true;
                continue;
            }
            if needs_drawing {
                write!(out, "{}", draw_board(&self.board, self.rule, None))?;
                if let Some(reason) = &self.over {
                    writeln!(out, "Game over: {reason}")?;
                    writeln!(out, "You can still undo, save FILE or quit.")?;
                }
                needs_drawing = false;
            }
            write!(out, "your move ({})> ", color_name(self.human))?;
            out.flush()?;
            let asked = Instant::now();
            let Some(line) = read_line(input)? else {
                writeln!(out)?;
                writeln!(out, "End of input: goodbye.")?;
                out.flush()?;
                return Ok(());
            };
            match self.parse_request(&line) {
                Request::Nothing => {}
                Request::Quit => {
                    writeln!(out, "Goodbye.")?;
                    out.flush()?;
                    return Ok(());
                }
                Request::Help => writeln!(out, "{HELP}")?,
                Request::Board => needs_drawing = true,
                Request::Bad(message) => writeln!(out, "{message}")?,
                Request::Undo => needs_drawing = self.undo(out)?,
                Request::Hint => self.hint(out)?,
                Request::Save(path) => self.save(&path, out)?,
                Request::Move(point) => {
                    let elapsed = asked.elapsed().as_millis() as u64;
                    needs_drawing = self.human_move(point, elapsed, out)?;
                }
            }
        }
    }

    fn parse_request(&self, line: &str) -> Request {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => Request::Nothing,
            "quit" | "exit" | "q" => Request::Quit,
            "help" | "?" => Request::Help,
            "board" => Request::Board,
            "undo" => Request::Undo,
            "hint" => Request::Hint,
            "save" if rest.is_empty() => {
                Request::Bad("save needs a file name: save FILE (e.g. save game.psq)".into())
            }
            "save" => Request::Save(rest.to_string()),
            _ => match notation::parse_point(line, self.board.width(), self.board.height()) {
                Ok(point) => Request::Move(point),
                // Text with a digit was meant as a point; say what is wrong with it.
                Err(error) if line.chars().any(|c| c.is_ascii_digit()) => {
                    Request::Bad(format!("{error}. Try again."))
                }
                Err(NotationError::BadPoint { .. }) | Err(_) => Request::Bad(format!(
                    "unknown command '{line}': type a move like h8, or help for the commands"
                )),
            },
        }
    }

    /// Plays the person's move if it is allowed; returns whether the board changed.
    fn human_move(&mut self, point: Point, millis: u64, out: &mut dyn Write) -> io::Result<bool> {
        let name = point_name(point);
        if let Some(reason) = &self.over {
            writeln!(out, "The game is over ({reason}); undo, save FILE or quit.")?;
            return Ok(false);
        }
        if let Some(color) = self.board.stone(point) {
            writeln!(
                out,
                "{name} is already taken by {}. Choose an empty point.",
                color_name(color)
            )?;
            return Ok(false);
        }
        if !self.board.is_empty(point) {
            writeln!(out, "{name} is blocked. Choose an empty point.")?;
            return Ok(false);
        }
        if self.rule.has_forbidden_moves() && self.board.side_to_move() == Color::Black {
            if let Some(kind) = rules::forbidden_kind(&self.board, point) {
                writeln!(
                    out,
                    "{name} is forbidden for black under renju: {kind}. Choose another point \
                     (the board marks forbidden points with *)."
                )?;
                return Ok(false);
            }
        }
        self.board.play_unchecked(point);
        self.times.push(millis);
        self.check_end();
        Ok(true)
    }

    fn engine_move(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let color = color_name(self.board.side_to_move());
        writeln!(out, "The engine ({color}) is thinking...")?;
        out.flush()?;
        let started = Instant::now();
        let result = self.think(out)?;
        let elapsed = started.elapsed();
        match result.best_move {
            Some(point) if rules::is_legal(&self.board, point, self.rule) => {
                writeln!(
                    out,
                    "The engine plays {} (eval {} for {color}, depth {}, {})",
                    point_name(point),
                    score_text(result.score),
                    result.depth,
                    seconds_text(elapsed)
                )?;
                self.board.play_unchecked(point);
                self.times.push(elapsed.as_millis() as u64);
                self.check_end();
            }
            Some(point) => {
                self.over = Some(format!(
                    "the engine chose an illegal move ({}); you win",
                    point_name(point)
                ));
            }
            None => {
                self.over = Some("the engine found no move: draw".into());
            }
        }
        Ok(())
    }

    /// Sets `over` if the last move won or nobody can move.
    fn check_end(&mut self) {
        let winner_text = |winner: Color| {
            if winner == self.human {
                "you win"
            } else {
                "the engine wins"
            }
        };
        let Some(ending) = position::game_over(&self.board, self.rule) else {
            return;
        };
        self.over = Some(match ending {
            GameOver::Won(winner) => format!(
                "{} has five in a row: {}!",
                color_name(winner),
                winner_text(winner)
            ),
            GameOver::BoardFull => "the board is full: draw".into(),
            GameOver::OnlyForbidden(mover) => format!(
                "{} has only forbidden points left, any move is a foul: {}!",
                color_name(mover),
                winner_text(mover.opponent())
            ),
        });
    }

    /// Takes back moves until the person's last move is gone; returns whether anything changed.
    fn undo(&mut self, out: &mut dyn Write) -> io::Result<bool> {
        let human = self.human;
        if !self
            .board
            .history()
            .iter()
            .any(|&p| self.board.stone(p) == Some(human))
        {
            writeln!(out, "Nothing to undo: you have not moved yet.")?;
            return Ok(false);
        }
        let mut taken = Vec::new();
        while let Some(point) = self.board.last_move() {
            let color = self.board.stone(point);
            self.board.undo();
            self.times.pop();
            taken.push(point);
            if color == Some(human) {
                break;
            }
        }
        self.over = None;
        let names: Vec<String> = taken.iter().map(|&p| point_name(p)).collect();
        writeln!(out, "Took back {}.", names.join(" and "))?;
        Ok(true)
    }

    /// Searches the position, printing each finished iteration, then the move chosen when no
    /// iteration line said it ([`chosen_text`]).
    fn think(&mut self, out: &mut dyn Write) -> io::Result<SearchResult> {
        let started = Instant::now();
        let stop = AtomicBool::new(false);
        let mut last_printed: Option<SearchInfo> = None;
        let result = self
            .engine
            .think(&self.board, self.rule, &self.limits, &stop, &mut |info| {
                let _ = writeln!(out, "  {}", search_info_text(info));
                let _ = out.flush();
                last_printed = Some(info.clone());
            });
        if let Some(text) = chosen_text(last_printed.as_ref(), &result, started.elapsed()) {
            writeln!(out, "  {text}")?;
        }
        Ok(result)
    }

    fn hint(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(reason) = &self.over {
            writeln!(out, "The game is over ({reason}).")?;
            return Ok(());
        }
        writeln!(out, "Thinking about your move...")?;
        out.flush()?;
        let result = self.think(out)?;
        match result.best_move {
            Some(point) => writeln!(
                out,
                "Hint: {} (eval {} for you)",
                point_name(point),
                score_text(result.score)
            ),
            None => writeln!(out, "Hint: no move found."),
        }
    }

    fn save(&self, path: &str, out: &mut dyn Write) -> io::Result<()> {
        let record = PsqRecord {
            width: self.board.width(),
            height: self.board.height(),
            moves: self
                .board
                .history()
                .iter()
                .copied()
                .zip(self.times.iter().copied().chain(std::iter::repeat(0)))
                .collect(),
        };
        match std::fs::write(path, notation::write_psq(&record)) {
            Ok(()) => writeln!(out, "Saved {} moves to {path}.", record.moves.len()),
            Err(error) => writeln!(out, "Cannot write {path}: {error}"),
        }
    }
}

/// Reads one line (any bytes; invalid UTF-8 is replaced), or `None` at the end of input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim().to_string()))
}
